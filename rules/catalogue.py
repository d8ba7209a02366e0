"""Loads the packaged data files once, validates them together, and answers look-ups."""

from __future__ import annotations

import datetime as dt
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from functools import cache, cached_property
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import ValidationError

from rules import data_files
from rules.errors import DataError, UnknownGPU, UnknownMethod
from rules.schema import (
    GPU,
    AppleGPUShare,
    BareQuantName,
    CloudInstance,
    ColabPlans,
    Exl2Format,
    Fp8Arch,
    FreeNotebook,
    GroupQuantFormat,
    IntegratedGPU,
    Limits,
    LocalRunner,
    Method,
    MlxAffine,
    NoBF16,
    NvLink,
    Offer,
    Payment,
    PlatformExamples,
    Pricing,
    PublishedRun,
    QatRelease,
    QuantType,
    Reference,
    ServiceQuestion,
)
from rules.similar import Names

if TYPE_CHECKING:
    from rules.model_catalogue import ModelCatalogue


T = TypeVar("T")
MEMO_ENTRIES = 4096
_MILLI = Decimal("0.001")
# Methods planning a GGUF of a model from its published file's size (gpt-oss: models.toml
# native.gguf_gb), one a model: "gguf_file_gpt_oss_120b".
_GGUF_FILE = "gguf_file_"
# Methods planning a quantization-aware-trained release from its publisher's file (Gemma 3 QAT).
_QAT_FILE = "gguf_qat_"


def _read(name: str) -> dict[str, Any]:
    return data_files.document(name)


def _normalise(text: str) -> str:
    return re.sub(r"[\s_\-]+", " ", text.strip().lower())


def _digits_shared(said: list[str], gpu: GPU) -> int:
    """The most leading digits a number said shares with a number in the GPU's name or
    aliases ("7950" and "RX 7900 XTX": 2)."""
    best = 0
    for key in (gpu.name, *gpu.aliases):
        for number in re.findall(r"\d+", key.lower()):
            for digits in said:
                shared = len(os.path.commonprefix([digits, number]))
                best = max(best, shared if shared < len(digits) or len(number) == len(digits)
                           else shared + 1)
    return best


@dataclass(frozen=True, eq=False)
class Catalogue:
    gpus: tuple[GPU, ...]
    offers: tuple[Offer, ...]
    methods: tuple[Method, ...]
    pricing: Pricing
    payment: Payment
    limits: Limits
    references: tuple[Reference, ...]
    apple_gpu_share: AppleGPUShare
    # The CUDA cards without BF16 (gpus_owned.toml [no_bf16]).
    no_bf16: NoBF16 | None = None
    # Whether each architecture's cards multiply FP8 (gpus_owned.toml [[fp8_arch]]).
    fp8_archs: tuple[Fp8Arch, ...] = ()
    # Which cards an NVLink bridge joins, and what it saves (gpus_owned.toml [nvlink]).
    nvlink: NvLink | None = None
    # Kaggle's free notebook GPUs, read for "on kaggle" (gpus_owned.toml [kaggle]).
    kaggle: FreeNotebook | None = None
    # Google Colab's GPUs by plan, read for "on colab pro" (gpus_owned.toml [colab]).
    colab: ColabPlans | None = None
    # The few cards named when a vendor is said with no card (gpus_owned.toml
    # [platform_examples]).
    platform_examples: PlatformExamples | None = None
    # Integrated GPUs that use part of the system RAM (gpus_owned.toml [[igpus]]).
    igpus: tuple[IntegratedGPU, ...] = ()
    # Other clouds' instance types and the GPUs they hold (gpus_owned.toml [[cloud_instances]]).
    cloud_instances: tuple[CloudInstance, ...] = ()
    quant_types: tuple[QuantType, ...] = ()  # llama.cpp/GGUF types (quant_types.toml)
    # A size written without its type ("q5") and the type it is read as (quant_types.toml).
    bare_quant_names: tuple[BareQuantName, ...] = ()
    group_formats: tuple[GroupQuantFormat, ...] = ()  # AWQ, GPTQ (quant_types.toml)
    # Local GGUF runners and the type assumed when a question names one and no type.
    local_runners: tuple[LocalRunner, ...] = ()
    mlx: MlxAffine | None = None  # MLX's quantization as mlx-lm converts (quant_types.toml)
    exl2: Exl2Format | None = None  # EXL2's range of bits per weight (quant_types.toml)
    # Publishers' quantization-aware-trained releases ("gemma 3 27b qat": Q4_0).
    qat_releases: tuple[QatRelease, ...] = ()
    # Questions about the service and whether the seed answers them (service.toml).
    service_questions: tuple[ServiceQuestion, ...] = ()
    # The training settings the QLoRA authors published (methods.toml), smallest size first.
    published_runs: tuple[PublishedRun, ...] = ()

    @cached_property
    def models(self) -> ModelCatalogue:
        # Kept: a function's import statement costs a few µs, and a question reads this
        # several times.
        from rules.model_catalogue import load_models

        return load_models()

    @cached_property
    def _alias_index(self) -> dict[str, GPU]:
        return {
            _normalise(key): gpu for gpu in self.gpus for key in (gpu.id, gpu.name, *gpu.aliases)
        }

    @cached_property
    def squeezed_gpus(self) -> dict[str, GPU | None]:
        """The names with no spaces ("rx 7900xtx" as "rx7900xtx"): a name spaced in a way no
        alias lists is still that card; None where two cards share the squeezed form."""
        out: dict[str, GPU | None] = {}
        for key, gpu in self._alias_index.items():
            squeezed = key.replace(" ", "")
            out[squeezed] = gpu if out.get(squeezed, gpu) is gpu else None
        return out

    @cached_property
    def _alias_names(self) -> Names:
        """The spellings indexed for a typo's suggestions (made at the first unknown name)."""
        return Names(self._alias_index)

    def index_names(self) -> None:
        """Make the typo indexes of the GPU spellings and of the model names now (start-up's
        warm-up), not at the first unknown name ("QLoRA 70B on an H1000": ~12 ms there)."""
        _ = self._alias_names, self.models._names

    def service_question(self, topic: str) -> ServiceQuestion:
        """What the published page says on a question about the service (service.toml)."""
        for question in self.service_questions:
            if question.topic == topic:
                return question
        raise DataError(f"service.toml: no question {topic!r}")

    def has_bf16(self, gpu: GPU | str) -> bool:
        """False for a CUDA card older than Ampere (T4, V100, P40, RTX 20 series): BF16 does
        not run there, FP16 does (gpus_owned.toml [no_bf16])."""
        gpu_id = gpu if isinstance(gpu, str) else gpu.id
        return self.no_bf16 is None or gpu_id not in self.no_bf16.gpus

    def nvlink_bridge(self, gpu_id: str) -> bool | None:
        """Whether the card has an NVLink bridge connector; None: no cited answer."""
        if self.nvlink is None:
            return None
        return True if gpu_id in self.nvlink.bridge else (
            False if gpu_id in self.nvlink.no_bridge else None)

    def fp8_arch(self, gpu: GPU | str) -> Fp8Arch | None:
        """The card's architecture and whether it multiplies FP8; None: no cited answer."""
        gpu_id = gpu if isinstance(gpu, str) else gpu.id
        return next((a for a in self.fp8_archs if gpu_id in a.gpus), None)

    @cached_property
    def rented_gpus(self) -> tuple[GPU, ...]:
        """The GPUs the service rents (priced or not), in catalogue order: the price list."""
        return tuple(g for g in self.gpus if g.rented)

    @cached_property
    def _variants(self) -> dict[str, tuple[GPU, ...]]:
        """Bare-name GPU id → it and its memory variants ("a100-80gb" → 80 GB SXM, 40 GB,
        80 GB PCIe)."""
        groups: dict[str, list[GPU]] = {}
        for gpu in self.gpus:
            groups.setdefault(gpu.variant_of or gpu.id, []).append(gpu)
        return {key: tuple(members) for key, members in groups.items()}

    def variants(self, gpu: GPU) -> tuple[GPU, ...]:
        """The GPUs sold under the same bare name as ``gpu`` (itself included), bare one first."""
        group = self._variants.get(gpu.variant_of or gpu.id, (gpu,))
        return tuple(sorted(group, key=lambda g: g.variant_of is not None))

    @cached_property
    def offers_by_price(self) -> tuple[tuple[Offer, Decimal], ...]:
        """The offered configurations cheapest per hour first (ties: fewer GPUs), each with the
        memory one of its cards gives the detailed estimate (capacity_gb): the detailed options
        weigh them in this order for every question that states settings."""
        return tuple(
            (offer, self.capacity_gb(self.gpu(offer.gpu)))
            for offer in sorted(self.offers, key=lambda o: (o.usd_per_hour, o.count))
        )

    def holding(self, want: Decimal) -> tuple[tuple[Offer, ...], bool]:
        """The offered configurations whose memory holds `want` GB, cheapest per hour first,
        and whether it is one GPU's memory: one GPU with that much when one can, else
        configurations with that much in all ("300 GB": 4× A100 80GB first). None holds more
        than the largest configuration."""
        priced = [o for o, _cap in self.offers_by_price]
        single = tuple(o for o in priced if o.count == 1 and self.gpu(o.gpu).vram_gb >= want)
        if single:
            return single, True
        return tuple(o for o in priced if self.gpu(o.gpu).vram_gb * o.count >= want), False

    def usable_gb(self, gpu: GPU, memory_gb: Decimal | None = None) -> Decimal:
        """Memory one card gives a training or serving job: its VRAM, or for Apple silicon the
        share of the unified memory (``memory_gb``, else the smallest configuration) that macOS
        lets the GPU use."""
        memory = gpu.vram_gb if memory_gb is None else memory_gb
        return self.apple_gpu_share.usable_gb(memory) if gpu.unified_memory else memory

    def capacity_gb(self, gpu: GPU, memory_gb: Decimal | None = None) -> Decimal:
        """Memory one card gives the detailed estimate: what CUDA reports (GPU.capacity_gb,
        24564 MiB = 25.76 GB for a "24 GB" RTX 4090), or for Apple silicon the same share of
        the unified memory as usable_gb. A memory stated for a card that is not its
        marketing size is taken as stated; on a card whose total is cited in MiB (GDDR chips
        come in binary sizes), in the same binary units and share of them CUDA reports: a
        modded 22 GB RTX 2080 Ti is 22 x 11264/11 = 22528 MiB, 23.62 GB, as its nvidia-smi
        shows."""
        if gpu.unified_memory or (memory_gb is not None and memory_gb != gpu.vram_gb):
            if not gpu.unified_memory and gpu.memory_mib is not None and memory_gb is not None:
                return memory_gb * gpu.capacity_gb / gpu.vram_gb
            return self.usable_gb(gpu, memory_gb)
        return gpu.capacity_gb

    @cached_property
    def _sold_as(self) -> dict[Decimal, Decimal]:
        """Marketing size -> the middle cited total of the cards sold at it (lower middle)."""
        totals: dict[Decimal, list[Decimal]] = {}
        for gpu in self.gpus:
            if gpu.memory_mib is not None and not gpu.unified_memory:
                totals.setdefault(gpu.vram_gb, []).append(gpu.capacity_gb)
        return {size: sorted(found)[(len(found) - 1) // 2] for size, found in totals.items()}

    def generic_capacity_gb(self, vram_gb: Decimal) -> Decimal:
        """The memory CUDA reports of a GPU known only by its marketing size ("my 24gb card",
        "a 16 gb gpu"), read the way the catalogue's cards sold at that size are: every cited
        total (memory_mib) but two is at least N x 10^9 bytes (the Tesla K80's 11441 MiB and
        P4's 7611 MiB are a little under, and sit at the bottom of their sizes), and 108 of
        the 135 are exactly N GiB (GDDR and HBM come in binary sizes); what nvidia-smi shows
        is a few MiB under N GiB on most cards (RTX 4090 24564 MiB) and 4-6 % under on data-centre cards that keep ECC
        on (A10 and L4 23028-23034 MiB, T4 15360, L40S and A40 46068). The lower middle of
        the totals of the cards sold at that size: 24 -> 24564 MiB = 25.76 GB, a "24 GB" RTX
        4090's; 16 -> 16 GiB; 48 -> 48 GiB. A size no cited card is sold at stays as said."""
        return self._sold_as.get(vram_gb, vram_gb)

    @cached_property
    def _memo(self) -> dict[tuple[Any, ...], Any]:
        return {}

    def clear_memo(self) -> None:
        self._memo.clear()

    def memoised(self, key: tuple[Any, ...], compute: Callable[[], T]) -> T:
        """The result of a pure engine function of this catalogue's data. Kept on the
        catalogue so that a new catalogue (new prices) starts empty; bounded, because keys
        carry user-given sizes."""
        memo = self._memo
        try:
            return memo[key]  # type: ignore[no-any-return]
        except KeyError:
            pass
        if len(memo) >= MEMO_ENTRIES:
            memo.clear()
        value = memo[key] = compute()
        return value

    @property
    def prices_verified(self) -> dt.date:
        return self.pricing.verified

    @cached_property
    def _by_id(self) -> dict[str, GPU]:
        by_id: dict[str, GPU] = {}
        for gpu in self.gpus:
            by_id.setdefault(gpu.id, gpu)  # the first of an id, as a scan finds it
        return by_id

    def gpu(self, gpu_id: str) -> GPU:
        """By id: a question looks up a card for every offer it weighs, dozens of times."""
        found = self._by_id.get(gpu_id)
        if found is None:
            raise UnknownGPU(gpu=gpu_id, suggestions=self.suggest_gpus(gpu_id))
        return found

    @cached_property
    def _packages(self) -> dict[str, GPU]:
        return {g.device: g for g in self.gpus if g.device is not None}

    def package_of(self, gpu_id: str) -> GPU | None:
        """The package this GPU is one die of ("mi250x-gcd": the MI250X), None if none."""
        return self._packages.get(gpu_id)

    def gpu_or_none(self, gpu_id: str) -> GPU | None:
        """By id, as ``gpu``; None for an id the catalogue lacks (no suggestions worked out)."""
        return self._by_id.get(gpu_id)

    def igpu(self, igpu_id: str) -> IntegratedGPU:
        """An integrated GPU by id (gpus_owned.toml [[igpus]])."""
        return next(g for g in self.igpus if g.id == igpu_id)

    def find_gpu(self, text: str) -> GPU | None:
        """A GPU by id, name or alias, ignoring case, spaces, hyphens and underscores."""
        key = _normalise(text)
        found = self._alias_index.get(key)
        if found is None and key and key == key.strip():  # "h100 -" is no name; "rtx6000ada" is
            found = self.squeezed_gpus.get(key.replace(" ", ""))
        return found

    def resolve_gpu(self, text: str) -> GPU:
        found = self.find_gpu(text)
        if found is None:
            raise UnknownGPU(gpu=text, suggestions=self.suggest_gpus(text))
        return found

    def suggest_gpus(self, text: str, n: int = 3, vram_gb: Decimal | None = None,
                     platform: str | None = None) -> list[str]:
        """Closest known GPU names for a typo ("H10", "A1000"), by spelling; when the user gave
        the card's memory, cards with that memory come first; with `platform`, its cards only
        ("radeon 780": AMD's)."""
        index = self._alias_index
        typed = _normalise(text)
        keys = self._alias_names.close(typed, n * (30 if platform else 6), 0.5)
        close = list(dict.fromkeys(index[key] for key in keys))
        # A name that is a whole part of longer ones ("RTX 5000": the Quadro RTX 5000 and the
        # RTX 5000 Ada; "RTX4000") names one of those, not the nearest spellings (was "RTX
        # A5000, Quadro RTX 8000, or RTX 5090"): they come first, the closest spelled first.
        parts = re.findall(r"[a-z]+|\d+", typed)
        if len(typed) >= 5 and len(parts) >= 2:
            whole = re.compile(r"(?<![a-z0-9])" + " ?".join(parts) + r"(?![a-z0-9])")
            within = [g for g in dict.fromkeys(
                index[key] for key in sorted(index, key=len) if whole.search(key))]
            close = [g for g in close if g in within] + [g for g in within if g not in close] \
                + [g for g in close if g not in within]
        if vram_gb is not None:
            same = [g for g in close if g.vram_gb == vram_gb]
            close = same + [g for g in close if g.vram_gb != vram_gb]
        if platform is not None:
            close = [g for g in close if g.platform == platform and g.variant_of is None]
            said = re.findall(r"\d+", typed)
            if said:
                # "radeon 7950", "radeon 780m": the cards sharing the most leading digits with
                # the number said first (the RX 7900s for 7950), then the closest spellings.
                mine = [g for g in self.gpus if g.platform == platform and g.variant_of is None]
                ranked = sorted(mine, key=lambda g: -_digits_shared(said, g))
                close = [g for g in ranked if _digits_shared(said, g) >= 2] \
                    + [g for g in close if _digits_shared(said, g) < 2]
        return [g.name for g in close][:n]

    @cached_property
    def _methods_by_id(self) -> dict[str, Method]:
        by_id: dict[str, Method] = {}
        for method in self.methods:
            by_id.setdefault(method.id, method)  # the first of an id, as a scan finds it
        return by_id

    def method(self, method_id: str) -> Method:
        """By id: a question looks its methods up a dozen times and more."""
        found = self._methods_by_id.get(method_id)
        if found is not None:
            return found
        found = self._quant_methods.get(method_id) or self._group_methods.get(method_id) \
            or self._mlx_methods.get(method_id)
        if found is None and method_id.startswith("bpw_"):
            found = self.memoised(("bpw_method", method_id), lambda: self._bits_method(method_id))
        if found is None and method_id.startswith(_GGUF_FILE):
            found = self._gguf_file_methods.get(method_id)
        if found is None and method_id.startswith(_QAT_FILE):
            found = self._qat_methods.get(method_id)
        if found is None:
            raise UnknownMethod(method=method_id)
        return found

    @cached_property
    def _quant_index(self) -> dict[str, QuantType]:
        """A GGUF type by its name or alias without separators ("Q5KM", "IQ3XXS")."""
        return {re.sub(r"[\W_]", "", key).upper(): q
                for q in self.quant_types for key in (q.name, *q.aliases)}

    @cached_property
    def _quant_methods(self) -> dict[str, Method]:
        """Serving a GGUF file of each quantization type: an inference method whose weights
        take the type's published bits per weight. Reported as the planning method its name's
        digit stands for (Q5/Q6/Q8: 8-bit, the rest 4-bit), which it never lists itself, and
        with the same serving margin as that method (the seed's 20 %); F16 and BF16 files as
        BF16 inference."""
        out: dict[str, Method] = {}
        for q in self.quant_types:
            if q.name.endswith("F16"):
                bits = 16  # an unquantized file: BF16 inference's planning rule
            else:
                digit = int(re.sub(r"^I?Q", "", q.name)[0])
                bits = 8 if digit >= 5 else 4
            base = self.method_where("inference", weight_bits=bits)
            if base is None:
                continue
            spec = self.method(base)
            floor = q.bits_per_weight / 8
            margin = spec.estimate_gb_per_b / (spec.floor_gb_per_b or spec.estimate_gb_per_b)
            method_id = "gguf_" + q.name.lower()
            out[method_id] = spec.model_copy(update={
                "id": method_id, "default": False, "floor_gb_per_b": floor,
                "estimate_gb_per_b": floor * margin, "high_gb_per_b": None,
                "source": q.source, "verified": q.verified, "quant": q.name,
                "bits_per_weight": q.bits_per_weight, "planned_as": spec.id,
            })
        return out

    @cached_property
    def _group_methods(self) -> dict[str, Method]:
        """Serving an AWQ or GPTQ checkpoint: 4-bit inference planned by the seed's 4-bit rule,
        whose detailed estimate packs the block weights at the format's bits (its scales and
        zero points included) instead of bitsandbytes NF4's."""
        out: dict[str, Method] = {}
        base = self.method_where("inference", weight_bits=4)
        if base is None:
            return out
        spec = self.method(base)
        for fmt in self.group_formats:
            method_id = fmt.name.lower() + "_int4"
            out[method_id] = spec.model_copy(update={
                "id": method_id, "default": False, "planned_as": spec.id,
                "group_format": fmt.name, "block_bits": fmt.block_bits_per_weight,
            })
        return out

    @cached_property
    def _mlx_methods(self) -> dict[str, Method]:
        """Serving MLX weights of each bit width ("mlx_4bit"): planned with the bits a weight
        takes with its group's scale and bias (4.5 for 4-bit), as stated bits per weight are."""
        out: dict[str, Method] = {}
        mlx = self.mlx
        for bits in mlx.bits if mlx is not None else ():
            assert mlx is not None
            per_weight = mlx.bits_per_weight(bits)
            spec = self._planned_at(per_weight, f"mlx_{bits}bit", mlx.source) \
                if per_weight is not None else None
            if spec is not None:
                out[spec.id] = spec.model_copy(update={
                    "group_format": "MLX", "verified": mlx.verified})
        return out

    def mlx_method(self, bits: int | None) -> str | None:
        """The inference method of MLX weights of `bits` bits (MLX's default when None), or
        None for bits MLX does not quantize to."""
        if self.mlx is None:
            return None
        method_id = f"mlx_{self.mlx.default_bits if bits is None else bits}bit"
        return method_id if method_id in self._mlx_methods else None

    def group_method(self, name: str) -> str | None:
        """The inference method of a group-quantized 4-bit checkpoint ("awq", "GPTQ"), or None."""
        method_id = name.strip().lower() + "_int4"
        return method_id if method_id in self._group_methods else None

    def local_runner(self, runner_id: str) -> LocalRunner | None:
        """The local GGUF runner of that id (quant_types.toml's runners), else None."""
        return next((r for r in self.local_runners if r.id == runner_id), None)

    def qat_release(self, model_id: str | None) -> QatRelease | None:
        """The publisher's quantization-aware-trained release of that model (quant_types.toml
        qat_releases), else None."""
        if model_id is None:
            return None
        return next((r for r in self.qat_releases if model_id in r.models), None)

    def bare_quant_method(self, text: str) -> str | None:
        """The GGUF method a size written without its type ("q5", "Q3") is read as: the type
        quant_types.toml's bare_names give it (llama-quantize's own reading), else None."""
        key = text.strip().upper()
        for bare in self.bare_quant_names:
            if bare.name == key:
                return self.quant_method(bare.type)
        return None

    def bits_method(self, bits: Decimal) -> str | None:
        """The inference method of weights stored at `bits` bits each, as the user states them
        ("4.65bpw", "6.0 bpw": exllamav2's average over the model's weights), or None outside
        1-8 bits (more is not quantized) or with more than three decimals."""
        if not bits.is_finite() or not 1 <= bits <= 8 or bits != bits.quantize(_MILLI):
            return None
        text = format(bits.normalize(), "f")
        return "bpw_" + text.replace(".", "_")

    def _bits_method(self, method_id: str) -> Method | None:
        """Serving weights at the bits a "bpw_4_65" id names: planned with those bits and the
        seed's serving margin, reported as the planning method nearer them (under 6 bits
        4-bit's 0.5 byte, from 6 to 8 8-bit's 1 byte)."""
        match = re.fullmatch(r"bpw_(\d)(?:_(\d{1,3}))?", method_id)
        if match is None:
            return None
        bits = Decimal(match.group(1) + ("." + match.group(2) if match.group(2) else ""))
        if self.bits_method(bits) != method_id:
            return None
        return self._planned_at(bits, method_id, "the bits per weight the user states (an EXL2 "
                                "model's 'bpw', its average over the weights)")

    def _planned_at(self, bits: Decimal, method_id: str, why: str) -> Method | None:
        """Serving weights of `bits` bits each, planned with those bits and the seed's serving
        margin, reported as the planning method nearer them (under 6 bits 4-bit's 0.5 byte,
        from 6 on 8-bit's 1 byte)."""
        base = self.method_where("inference", weight_bits=4 if bits < 6 else 8)
        if base is None:
            return None
        spec = self.method(base)
        floor = bits / 8
        margin = spec.estimate_gb_per_b / (spec.floor_gb_per_b or spec.estimate_gb_per_b)
        return spec.model_copy(update={
            "id": method_id, "default": False, "floor_gb_per_b": floor,
            "estimate_gb_per_b": floor * margin, "high_gb_per_b": None,
            "source": why + ", with the serving margin of " + spec.id + ": " + spec.source,
            "quant": None, "bits_per_weight": bits, "planned_as": spec.id,
        })

    @cached_property
    def _gguf_file_methods(self) -> dict[str, Method]:
        """Serving a GGUF file of a model whose every GGUF keeps its published format whatever
        the type (gpt-oss's MXFP4 experts; models.toml native.gguf_gb): planned at the bits
        per weight of the published file's size, reported as 4-bit inference and worded as
        a GGUF of that format."""
        out: dict[str, Method] = {}
        for model in self.models.models:
            native = model.native
            if native is None or native.gguf_gb is None:
                continue
            bits = (native.gguf_gb * 8 / model.params_b).quantize(Decimal("0.001"))
            method_id = _GGUF_FILE + re.sub(r"[^a-z0-9]", "_", model.id)
            spec = self._planned_at(bits, method_id, f"{model.name}'s published GGUF file, "
                                    f"{native.gguf_gb} GB: {native.gguf_source}")
            if spec is not None:
                out[method_id] = spec.model_copy(update={"quant": native.format})
        return out

    @cached_property
    def _qat_methods(self) -> dict[str, Method]:
        """Serving a publisher's quantization-aware-trained file whose size is on file
        (quant_types.toml qat_releases file_gb: Google's Gemma 3 Q4_0 files, their embeddings
        in FP16): the type's method planned at the bits per weight of that file."""
        out: dict[str, Method] = {}
        for release in self.qat_releases:
            base_id = self.quant_method(release.type)
            if base_id is None:
                continue
            base = self.method(base_id)
            for model_id, size in release.file_gb.items():
                bits = (size * 8 / self.models.get(model_id).params_b).quantize(Decimal("0.001"))
                floor = bits / 8
                margin = base.estimate_gb_per_b / (base.floor_gb_per_b or base.estimate_gb_per_b)
                method_id = _QAT_FILE + re.sub(r"[^a-z0-9]", "_", model_id)
                out[method_id] = base.model_copy(update={
                    "id": method_id, "floor_gb_per_b": floor, "estimate_gb_per_b": floor * margin,
                    "bits_per_weight": bits, "verified": release.verified,
                    "source": f"{release.name}'s {model_id} file, {size} GB: {release.source}",
                })
        return out

    def qat_method(self, model_id: str | None) -> str | None:
        """The method serving the model's quantization-aware-trained release: planned from the
        publisher's file where its size is on file, else at the release's type's bits; None
        for a model with no such release."""
        release = self.qat_release(model_id)
        if release is None or model_id is None:
            return None
        method_id = _QAT_FILE + re.sub(r"[^a-z0-9]", "_", model_id)
        return method_id if method_id in self._qat_methods else self.quant_method(release.type)

    def gguf_file_method(self, model_id: str | None) -> str | None:
        """The method a GGUF of the model is planned with when its published file's size is on
        file (gpt-oss), else None (the type's own bits)."""
        if model_id is None:
            return None
        method_id = _GGUF_FILE + re.sub(r"[^a-z0-9]", "_", model_id)
        return method_id if method_id in self._gguf_file_methods else None

    def quant_method(self, text: str) -> str | None:
        """The inference method of a GGUF quantization type as written ("q5_k_m", "Q6_K",
        "q4km", "IQ3_XXS"), or None for a name that is not one ("q4", "q8")."""
        q = self._quant_index.get(re.sub(r"[\W_]", "", text).upper())
        return None if q is None else "gguf_" + q.name.lower()

    def method_ids(self, kind: str | None = None, *, every: bool = False) -> tuple[str, ...]:
        """The methods of a kind (training, inference; all by default) in the file's order:
        the listed ones (answered when no method is named), or with ``every`` all of them."""
        return tuple(m.id for m in self.methods
                     if (kind is None or m.kind == kind) and (every or m.listed))

    def method_where(
        self, kind: str, *, family: str | None = None, weight_bits: int | None = None,
        optimizer: str | None = None,
    ) -> str | None:
        """The method with these attributes (a default first), or None: what "4-bit serving"
        or "full fine-tuning with 8-bit Adam" names."""
        pool = [m for m in self.methods
                if m.kind == kind and (family is None or m.family == family)
                and (weight_bits is None or m.weight_bits == weight_bits)
                and (optimizer is None or m.optimizer == optimizer)]
        return next((m for m in pool if m.default), pool[0]).id if pool else None

    def default_method(self, kind: str, family: str | None = None) -> str:
        """The method assumed when the user names none: the first default of the kind (and
        family), else the kind's (family's) first method."""
        pool = [m for m in self.methods
                if m.kind == kind and (family is None or m.family == family)]
        if not pool:
            raise UnknownMethod(method=family or kind)
        return next((m for m in pool if m.default), pool[0]).id


def validate_catalogue(cat: Catalogue) -> None:
    ids = [g.id for g in cat.gpus]
    if len(set(ids)) != len(ids):
        raise DataError("gpus.toml: duplicate GPU ids")
    by_id = {g.id: g for g in cat.gpus}
    for gpu in cat.gpus:
        bare = by_id.get(gpu.variant_of) if gpu.variant_of else gpu
        if bare is None or bare.variant_of is not None:
            raise DataError(f"{gpu.id}: variant_of must name a GPU that is no variant itself")
    seen: dict[str, str] = {}
    for gpu in cat.gpus:
        for alias in (gpu.id, gpu.name, *gpu.aliases):
            key = _normalise(alias)
            if seen.setdefault(key, gpu.id) != gpu.id:
                raise DataError(f"gpus.toml: alias {alias!r} used by {seen[key]} and {gpu.id}")
    for gpu in cat.gpus:
        part = by_id.get(gpu.device) if gpu.device else None
        if gpu.device is not None and (
                part is None or part.device is not None or part.platform != gpu.platform
                or part.vram_gb * gpu.devices != gpu.vram_gb):
            raise DataError(f"{gpu.id}: its device row must hold its memory divided among them")
    listed = cat.no_bf16.gpus if cat.no_bf16 is not None else ()
    for gpu_id in listed:
        card = by_id.get(gpu_id)
        if card is None or card.platform != "cuda" or card.bf16_dense_tflops is not None:
            raise DataError(f"gpus_owned.toml [no_bf16]: {gpu_id!r} is no CUDA card without BF16")
    for gpu in cat.gpus:
        # AMD's Radeon pages print an FP16 matrix peak and no BF16 one, though the cards run
        # BF16 (GPU.bf16_unprinted): only a CUDA card's FP16-only peak means no BF16.
        if gpu.fp16_dense_tflops is not None and gpu.bf16_dense_tflops is None \
                and gpu.platform == "cuda" and gpu.id not in listed:
            raise DataError(f"gpus_owned.toml: {gpu.id} has an FP16 peak and no BF16 one, "
                            "so it belongs in [no_bf16]")
    if cat.nvlink is not None:
        linked = (*cat.nvlink.bridge, *cat.nvlink.no_bridge)
        if len(set(linked)) != len(linked) \
                or not {*linked, cat.nvlink.measured_gpu} <= by_id.keys():
            raise DataError("gpus_owned.toml [nvlink]: a card unknown or listed twice")
    if cat.platform_examples is not None and any(
            g not in by_id or by_id[g].platform != "rocm" for g in cat.platform_examples.rocm):
        raise DataError("gpus_owned.toml [platform_examples]: a card unknown or not AMD's")
    igpu_names = [a for g in cat.igpus for a in {_normalise(k) for k in (g.name, *g.aliases)}]
    if len(set(igpu_names)) != len(igpu_names) or any(
            cat.find_gpu(a) is not None for a in igpu_names):
        raise DataError("gpus_owned.toml [[igpus]]: a name listed twice or a GPU row's")
    names = [i.name for i in cat.cloud_instances]
    if len(set(names)) != len(names) or any(i.gpu not in by_id for i in cat.cloud_instances):
        raise DataError("gpus_owned.toml [[cloud_instances]]: a name twice or a card unknown")
    if cat.kaggle is not None and not {cat.kaggle.gpu, cat.kaggle.other_gpu or cat.kaggle.gpu} \
            <= by_id.keys():
        raise DataError("gpus_owned.toml [kaggle]: a card unknown")
    if cat.colab is not None:
        plans = (cat.colab.free_gpu, cat.colab.paid_gpu, *cat.colab.paid_other_gpus)
        if not set(plans) <= by_id.keys() or any(
                by_id[g].vram_gb > by_id[cat.colab.paid_gpu].vram_gb
                for g in cat.colab.paid_other_gpus):
            raise DataError("gpus_owned.toml [colab]: a card unknown, or paid_gpu not the "
                            "paid plans' largest")
    placed: set[str] = set()
    for arch in cat.fp8_archs:
        if arch.fp8 and arch.fp8_weight_only:
            raise DataError(f"gpus_owned.toml [[fp8_arch]] {arch.arch}: FP8 math or weight-only")
        for gpu_id in arch.gpus:
            if gpu_id not in by_id or gpu_id in placed:
                raise DataError(f"gpus_owned.toml [[fp8_arch]]: {gpu_id!r} unknown or listed twice")
            placed.add(gpu_id)
    for offer in cat.offers:
        offered = by_id.get(offer.gpu)
        if offered is None or not offered.rented:
            raise DataError(f"offers.toml: unknown GPU {offer.gpu!r}")
        price = offered.usd_per_gpu_hour
        if price is None or price * offer.count != offer.usd_per_hour:
            raise DataError(
                f"offers.toml: {offer.count}× {offer.gpu} price disagrees with gpus.toml"
            )
    for ref in cat.references:
        if ref.gpu not in by_id or not by_id[ref.gpu].rented:
            raise DataError(f"service.toml: reference for unknown GPU {ref.gpu!r}")
    method_ids = [m.id for m in cat.methods]
    if len(set(method_ids)) != len(method_ids):
        raise DataError("methods.toml: a method id is defined twice")
    known = {m.id for m in cat.methods}
    if any(run.method not in known for run in cat.published_runs):
        raise DataError("methods.toml: a published run names an unknown method")
    for kind in ("training", "inference"):
        if not any(m.default for m in cat.methods if m.kind == kind):
            raise DataError(f"methods.toml: no default {kind} method")
    for size in cat.bare_quant_names:
        if cat.quant_method(size.type) is None:
            raise DataError(f"quant_types.toml: {size.name} is read as unknown type {size.type}")
    for release in cat.qat_releases:
        if cat.quant_method(release.type) is None:
            raise DataError(f"quant_types.toml: {release.name} is of unknown type {release.type}")
        if not set(release.file_gb) <= set(release.models):
            raise DataError(f"quant_types.toml: {release.name} has a file of a model not in it")
    for runner in cat.local_runners:
        if cat.quant_method(runner.default_type) is None:
            raise DataError(
                f"quant_types.toml: runner {runner.id} defaults to unknown type {runner.default_type}")


@cache
def load_catalogue() -> Catalogue:
    """The packaged catalogue (cached: the data never changes within a process)."""
    try:
        gpus_doc, offers_doc = _read("gpus.toml"), _read("offers.toml")
        owned_doc = _read("gpus_owned.toml")
        methods_doc, service = _read("methods.toml"), _read("service.toml")
        quant_doc = _read("quant_types.toml")
        rented = tuple(GPU.model_validate(g) for g in gpus_doc["gpus"])
        owned = tuple(GPU.model_validate(g) for g in owned_doc["gpus"])
        if not all(g.rented for g in rented) or any(g.rented for g in owned):
            raise DataError("gpus.toml lists the rented GPUs, gpus_owned.toml the others")
        cat = Catalogue(
            gpus=rented + owned,
            offers=tuple(Offer.model_validate(o) for o in offers_doc["offers"]),
            methods=tuple(Method.model_validate(m) for m in methods_doc["methods"]),
            pricing=Pricing.model_validate(service["pricing"]),
            payment=Payment.model_validate(service["payment"]),
            limits=Limits.model_validate(service["limits"]),
            references=tuple(Reference.model_validate(r) for r in service["references"]),
            apple_gpu_share=AppleGPUShare.model_validate(owned_doc["apple_gpu_share"]),
            no_bf16=NoBF16.model_validate(owned_doc["no_bf16"]) if "no_bf16" in owned_doc
            else None,
            fp8_archs=tuple(Fp8Arch.model_validate(a) for a in owned_doc.get("fp8_arch", ())),
            nvlink=NvLink.model_validate(owned_doc["nvlink"]) if "nvlink" in owned_doc else None,
            kaggle=FreeNotebook.model_validate(owned_doc["kaggle"]) if "kaggle" in owned_doc
            else None,
            colab=ColabPlans.model_validate(owned_doc["colab"]) if "colab" in owned_doc
            else None,
            platform_examples=PlatformExamples.model_validate(owned_doc["platform_examples"])
            if "platform_examples" in owned_doc else None,
            igpus=tuple(IntegratedGPU.model_validate(g) for g in owned_doc.get("igpus", ())),
            cloud_instances=tuple(CloudInstance.model_validate(i)
                                  for i in owned_doc.get("cloud_instances", ())),
            quant_types=tuple(QuantType.model_validate(q) for q in quant_doc["quant_types"]),
            bare_quant_names=tuple(BareQuantName.model_validate(b)
                                   for b in quant_doc.get("bare_names", ())),
            group_formats=tuple(GroupQuantFormat.model_validate(g)
                                for g in quant_doc.get("group_formats", ())),
            local_runners=tuple(LocalRunner.model_validate(r)
                                for r in quant_doc.get("runners", ())),
            mlx=MlxAffine.model_validate(quant_doc["mlx_affine"])
            if "mlx_affine" in quant_doc else None,
            exl2=Exl2Format.model_validate(quant_doc["exl2"]) if "exl2" in quant_doc else None,
            qat_releases=tuple(QatRelease.model_validate(r)
                               for r in quant_doc.get("qat_releases", ())),
            service_questions=tuple(ServiceQuestion.model_validate(q)
                                    for q in service.get("questions", ())),
            published_runs=tuple(sorted(
                (PublishedRun.model_validate(r) for r in methods_doc.get("published_runs", ())),
                key=lambda r: r.params_b)),
        )
    except (ValidationError, KeyError) as exc:
        raise DataError(f"rules/data is invalid: {exc}") from exc
    validate_catalogue(cat)
    return cat
