"""Pydantic models of the packaged data files, validated at load."""

from __future__ import annotations

import datetime as dt
from decimal import ROUND_DOWN, Decimal
from typing import Final, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

# A method id from rules/data/methods.toml: methods are data, so the id set is the file's
# (Catalogue.method_ids), never a list in code.
MethodId = str
MethodFamily = Literal["adapter", "full", "inference"]
Platform = Literal["cuda", "rocm", "metal", "xpu"]


class _Data(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Sourced(_Data):
    source: str = Field(min_length=3)
    verified: dt.date


_MIB = 2**20
_GB = Decimal(10**9)
# A cited CUDA total (memory_mib) lies within these shares of the marketing vram_gb.
_NEAR_LOW = Decimal("0.95")
_NEAR_HIGH = Decimal("1.08")


def _positive(value: Decimal | None) -> Decimal | None:
    if value is not None and value <= 0:
        raise ValueError("must be positive")
    return value


class GPU(Sourced):
    id: str = Field(pattern=r"^[a-z0-9-]+$")
    name: str
    aliases: tuple[str, ...]
    vram_gb: Decimal
    usd_per_gpu_hour: Decimal | None = None
    bf16_dense_tflops: Decimal | None = None
    # Cards without BF16 (T4, V100, P100): the datasheet's FP16 figure (tensor cores, FP32
    # accumulate), what FP16 mixed precision training runs at; None where none is printed.
    fp16_dense_tflops: Decimal | None = None
    # Cards with neither (Pascal's GP102/GP104: the P40, GTX 1080 Ti), whose FP16 runs at 1/64
    # of their FP32 rate: the FP32 peak, what a run there trains at (FP32); None where none is
    # cited. Training time only: nothing else reads it.
    fp32_dense_tflops: Decimal | None = None
    # The document the peak above is read in, as a reply names it ("NVIDIA H100 datasheet"):
    # words of `source`, which cites it in full.
    peak_source: str | None = None
    # The peak is the document's "with FP32 accumulate" row (GeForce cards print twice that
    # with FP16 accumulate, and twice again with sparsity): the reply says so.
    peak_fp32_accumulate: bool = False
    # The peak is worked out from the document's per-cycle rate (cards × clock × FLOP a cycle,
    # in brackets after its name in `peak_source`), the document not printing it: "derived".
    peak_derived: bool = False
    memory_bandwidth_gbs: Decimal | None = None
    form_factor: str | None = None
    # False for the GPUs people own or name that the service does not rent (gpus_owned.toml).
    rented: bool = True
    platform: Platform = "cuda"
    # The GPU a bare name reads as, when this is one of its memory variants ("A100 40GB").
    variant_of: str | None = None
    # Apple silicon: the unified memory configurations; vram_gb is the smallest.
    memory_options_gb: tuple[Decimal, ...] = ()
    # Memory the GPU shares with the CPU outside Apple silicon (DGX Spark, Strix Halo): the
    # whole pool; vram_gb is what the GPU can be given of it.
    shared_memory_gb: Decimal | None = None
    # The memory CUDA reports (nvidia-smi's total, MiB = 2^20 bytes), cited in memory_source:
    # vram_gb is the marketing size the seed's planning rule compares against ("24" for an
    # RTX 4090, whose 24 GB are 24564 MiB = 25.76 GB); the detailed estimate uses this.
    memory_mib: int | None = Field(default=None, gt=0)
    memory_source: str | None = None
    # Sizes the card is sold at with its memory doubled by third parties ("2080 ti 22gb",
    # "4090 48gb"): said after the card, one card's memory even beside a count.
    modded_memory_gb: tuple[Decimal, ...] = ()
    modded_source: str | None = None
    # A package the software sees as several GPUs (the MI250X's two GCDs, each a device with
    # half the memory): the row of one of them, and how many the package holds. A model must
    # fit one of them unless split, so a question on the package is planned on these.
    device: str | None = None
    devices: int = Field(default=1, ge=1)
    # A board carrying several GPUs that the software sees each as its own, this row being one
    # of them (the Tesla K80: two GK210, 12 GB each): a bare name reads as one of them, and
    # the reply says the board holds `board_gpus`.
    board_gpus: int = Field(default=1, ge=1)

    _check = field_validator(
        "vram_gb", "usd_per_gpu_hour", "bf16_dense_tflops", "fp16_dense_tflops",
        "fp32_dense_tflops", "memory_bandwidth_gbs"
    )(_positive)

    @model_validator(mode="after")
    def _not_rented_unpriced(self) -> GPU:
        if not self.rented and self.usd_per_gpu_hour is not None:
            raise ValueError(f"{self.id}: a GPU we do not rent has no price")
        if self.shared_memory_gb is not None and self.shared_memory_gb < self.vram_gb:
            raise ValueError(f"{self.id}: the GPU's share exceeds the shared memory")
        if bool(self.modded_memory_gb) != (self.modded_source is not None) \
                or any(size <= self.vram_gb for size in self.modded_memory_gb):
            raise ValueError(f"{self.id}: a modded size is above the stock one, with its source")
        if self.memory_options_gb and self.vram_gb != min(self.memory_options_gb):
            raise ValueError(f"{self.id}: vram_gb must be the smallest memory option")
        if (self.peak_source is None) != (
                self.bf16_dense_tflops is None and self.fp16_dense_tflops is None
                and self.fp32_dense_tflops is None):
            raise ValueError(f"{self.id}: a peak TFLOPS figure needs its peak_source, and back")
        if self.fp32_dense_tflops is not None and (
                self.bf16_dense_tflops is not None or self.fp16_dense_tflops is not None):
            raise ValueError(f"{self.id}: an FP32 peak only where no 16-bit one is cited")
        if self.peak_fp32_accumulate and "fp32 accumulate" not in self.source.lower():
            raise ValueError(f"{self.id}: peak_fp32_accumulate without its source saying so")
        if self.peak_derived and (self.peak_source is None or " (" not in self.peak_source):
            raise ValueError(f"{self.id}: a derived peak names its derivation in peak_source")
        if self.peak_source is not None and self.peak_source not in self.source:
            raise ValueError(f"{self.id}: peak_source must be the document `source` cites")
        if (self.device is None) != (self.devices == 1):
            raise ValueError(f"{self.id}: a package of several devices names their row, and back")
        if (self.memory_mib is None) != (self.memory_source is None):
            raise ValueError(f"{self.id}: memory_mib needs its memory_source, and back")
        if self.board_gpus > 1 and self.device is not None:
            raise ValueError(f"{self.id}: one GPU of a board is not itself a package")
        # The cited total is near the marketing size: most cards report N GiB or a few MiB
        # under it, data-centre cards with ECC on 4-6 % under N GiB, and a few old ones a
        # little under N x 10^9 bytes (Tesla K80 11441 MiB = 11.997 GB, Tesla P4 7611 MiB =
        # 7.98 GB, as nvidia-smi prints them). A figure outside 95-108 % of vram_gb is a typo
        # or another card's.
        if self.memory_mib is not None and not (
                self.vram_gb * _NEAR_LOW <= self.capacity_gb <= self.vram_gb * _NEAR_HIGH):
            raise ValueError(f"{self.id}: memory_mib is not near the marketing vram_gb")
        return self

    @property
    def capacity_gb(self) -> Decimal:
        """The card's memory in GB (10^9 bytes) as CUDA reports it, for the detailed
        estimate's verdicts; the marketing vram_gb where no total is cited."""
        if self.memory_mib is None:
            return self.vram_gb
        return Decimal(self.memory_mib * _MIB) / _GB

    @property
    def bf16_unprinted(self) -> bool:
        """Its vendor prints an FP16 peak and no BF16 one although the card runs BF16 (AMD's
        Radeon pages print "FP16 Matrix" alone): timed at that peak, FP16 mixed precision
        assumed, but not a card without BF16 as the pre-Ampere CUDA ones are."""
        return (self.fp16_dense_tflops is not None and self.bf16_dense_tflops is None
                and self.platform != "cuda")

    @property
    def laptop(self) -> bool:
        """A laptop's GPU ("rtx-4090-laptop", "rtx-3080-laptop-16gb")."""
        return "-laptop" in self.id

    @property
    def one_per_machine(self) -> bool:
        """The machine holds this one GPU: a Mac, a laptop's GPU, a module or chip sharing its
        memory with the CPU (Jetson, DGX Spark, Ryzen AI Max): "2× RTX 4090 Laptop" or "3×
        Jetson Orin Nano" is no configuration to suggest."""
        return self.unified_memory or self.laptop or self.shared_memory_gb is not None

    @property
    def unified_memory(self) -> bool:
        """Apple silicon: CPU and GPU share the memory; macOS lets the GPU use part of it."""
        return self.platform == "metal"


class NoBF16(Sourced):
    """The CUDA cards that have no BF16 (before Ampere): training and serving there run in FP16."""

    gpus: tuple[str, ...] = Field(min_length=1)
    # The same cards (before Ampere) cannot run FlashAttention-2: flash-attn's own statement.
    flash_attention_2_source: str | None = None


class NvLink(Sourced):
    """Which cards have an NVLink bridge connector and what the bridge is measured to save
    (gpus_owned.toml [nvlink]); ``source``: several cards share a job over PCIe without it."""

    bridge: tuple[str, ...] = Field(min_length=1)
    bridge_source: str = Field(min_length=3)
    no_bridge: tuple[str, ...] = Field(min_length=1)
    no_bridge_source: str = Field(min_length=3)
    measured_gpu: str = Field(min_length=2)  # the run measured with and without the bridge
    measured_gpus: int = Field(ge=2)
    measured_with_s: Decimal = Field(gt=0)
    measured_without_s: Decimal = Field(gt=0)
    measured_source: str = Field(min_length=3)


class FreeNotebook(Sourced):
    """A free notebook service's GPUs, named by the service alone ("can i qlora 7b on kaggle")
    (gpus_owned.toml [kaggle]): `count` of `gpu`, the accelerator with the most memory, and
    `other_gpu`, the one other GPU it offers."""

    gpu: str = Field(min_length=2)
    count: int = Field(ge=1, le=8)
    other_gpu: str | None = None


class ColabPlans(Sourced):
    """Google Colab's GPUs by plan (gpus_owned.toml [colab]): the free tier's card, and the
    paid plans' (Pro, Pro+, pay as you go), `paid_gpu` the one with the most memory, which
    "colab pro" named alone reads as, and `paid_other_gpus` the others they offer."""

    free_gpu: str = Field(min_length=2)
    paid_gpu: str = Field(min_length=2)
    paid_other_gpus: tuple[str, ...] = Field(min_length=1)


class PlatformExamples(_Data):
    """The few cards of each platform named when its vendor is said without a card ("tengo
    una AMD"): a choice of the cards people most ask about, not a figure (gpus_owned.toml
    [platform_examples]); the closest names to what was said come first where any were said."""

    rocm: tuple[str, ...] = Field(min_length=1, max_length=6)


_GIB_IN_GB: Final = Decimal(2**30) / Decimal(10**9)  # 1.073741824


class IntegratedGPU(Sourced):
    """A GPU built into a laptop or mini-PC processor (Radeon 780M, Intel Iris Xe): no memory
    of its own, it is given part of the system RAM (gpus_owned.toml [[igpus]]). `share`: the
    fraction of the RAM the driver lets it use (cited in `share_source`); no row of the GPU
    table, so a question on one is planned on that share of the RAM said, or asks for it."""

    id: str = Field(pattern=r"^[a-z0-9-]+$")
    name: str = Field(min_length=2)
    aliases: tuple[str, ...] = Field(min_length=1)
    vendor: Literal["amd", "intel"]
    share: tuple[int, int]
    share_source: str = Field(min_length=3)

    @model_validator(mode="after")
    def _share_below_one(self) -> IntegratedGPU:
        num, den = self.share
        if not 0 < num < den:
            raise ValueError(f"{self.id}: the share of the RAM is a fraction below one")
        return self

    def usable_gb(self, ram_gb: Decimal) -> Decimal:
        """The GPU's share of `ram_gb`, in GB (10^9 bytes), rounded down to 0.01 GB. RAM is
        sold in binary sizes: "32 GB" of RAM is 32 GiB (34.36 GB), and Windows' half of it is
        16 GiB, 17.17 GB, as Apple's share is counted (AppleGPUShare.usable_gb); was 16, read as
        decimal GB beside the detailed estimate's "17.18 GB (16 GiB)" for the same memory."""
        num, den = self.share
        return (ram_gb * _GIB_IN_GB * num / den).quantize(
            Decimal("0.01"), rounding=ROUND_DOWN).normalize()


class CloudInstance(Sourced):
    """A cloud provider's instance type named as people write it ("BM.GPU.H100.8",
    "gpu_1x_a100_sxm4"; gpus_owned.toml [[cloud_instances]]): `count` of the catalogue's `gpu`."""

    name: str = Field(pattern=r"^[a-z0-9._-]+$")
    gpu: str = Field(min_length=2)
    count: int = Field(ge=1, le=16)


class Fp8Arch(Sourced):
    """Whether one architecture's tensor (matrix) cores multiply FP8, its cards listed
    (gpus_owned.toml [[fp8_arch]]); ``fp8_weight_only``: vLLM still serves FP8 checkpoints there
    with the weights in FP8 and the math in 16 bits (FP8 Marlin)."""

    arch: str = Field(min_length=2)
    fp8: bool
    fp8_weight_only: bool = False
    gpus: tuple[str, ...] = Field(min_length=1)
    label: str = Field(min_length=3)  # the short source shown under the reply


class AppleGPUShare(Sourced):
    """The share of unified memory macOS lets the GPU keep resident (Metal's
    recommendedMaxWorkingSetSize), as a fraction below and from a RAM threshold."""

    threshold_gb: Decimal
    below: tuple[int, int]
    from_threshold: tuple[int, int]

    def usable_gb(self, unified_gb: Decimal) -> Decimal:
        num, den = self.below if unified_gb < self.threshold_gb else self.from_threshold
        # Apple's "16 GB" is 16 GiB of DRAM (hw.memsize 17,179,869,184 bytes), and the share is
        # of those bytes: in the estimator's decimal GB, 2/3 of it is 11.45 GB (llama.cpp prints
        # "recommendedMaxWorkingSetSize = 11453.25 MB", bytes / 1e6, on a 16 GB Mac), not 10.66.
        # Rounded down to 0.01 GB: a plan never counts memory the GPU may not get.
        return (unified_gb * _GIB_IN_GB * num / den).quantize(
            Decimal("0.01"), rounding=ROUND_DOWN).normalize()


class Offer(_Data):
    gpu: str
    count: int = Field(ge=1, le=8)
    usd_per_hour: Decimal


class Method(Sourced):
    id: MethodId = Field(pattern=r"^[a-z0-9_]+$")
    kind: Literal["training", "inference"]
    family: MethodFamily
    weight_bits: Literal[4, 8, 16]  # the base weights' precision (4 = NF4/int4 quantized)
    optimizer: Literal["adam8bit"] | None = None  # an optimizer the method implies
    default: bool = False  # assumed in its kind (first one) or family when none is named
    # Answered only when named: a question naming no method is answered with the listed ones
    # (LoRA on an 8-bit base is asked for, never offered beside the seed's methods).
    listed: bool = True
    name: str = Field(min_length=1)  # gettext msgids, worded by bot.render
    short_name: str = Field(min_length=1)
    # Full methods: the name when the model is trained from scratch, not fine-tuned.
    pretrain_name: str | None = None
    # The fit note when the floor fits but the planning estimate misses (rules.fit).
    floor_fits_note: Literal["paper_fit_only", "qlora_paper_tight"] | None = None
    floor_gb_per_b: Decimal | None = None
    estimate_gb_per_b: Decimal
    high_gb_per_b: Decimal | None = None
    assumed_gpu_hours: Decimal | None = None
    trl_flags: str | None = None
    # A llama.cpp/GGUF quantization type (rules/data/quant_types.toml): its name, its average
    # bits per weight, and the planning method it is reported as (inference_int8/_int4).
    quant: str | None = None
    bits_per_weight: Decimal | None = None
    planned_as: MethodId | None = None
    # A group-quantized 4-bit checkpoint (AWQ, GPTQ: quant_types.toml group_formats): its
    # name and the bits its block weights take with their scales and zero points.
    group_format: str | None = None
    block_bits: Decimal | None = None

    @model_validator(mode="after")
    def _ordered(self) -> Method:
        if self.floor_gb_per_b is not None and self.floor_gb_per_b > self.estimate_gb_per_b:
            raise ValueError(f"{self.id}: floor above estimate")
        if self.high_gb_per_b is not None and self.high_gb_per_b < self.estimate_gb_per_b:
            raise ValueError(f"{self.id}: high below estimate")
        if (self.family == "inference") != (self.kind == "inference"):
            raise ValueError(f"{self.id}: family {self.family} with kind {self.kind}")
        return self

    def __hash__(self) -> int:
        # Equal methods have equal ids: every detailed estimate's cache key holds the method,
        # and its id hashes in a fraction of the time its 22 fields take.
        return hash(self.id)

    @property
    def adapter(self) -> bool:
        """Frozen base + trained adapters (LoRA, QLoRA): no gradients for the base."""
        return self.family == "adapter"

    @property
    def full(self) -> bool:
        return self.family == "full"

    @property
    def quantized_base(self) -> bool:
        """The frozen base in 4 bits (QLoRA's NF4), dequantized layer by layer."""
        return self.family == "adapter" and self.weight_bits == 4

    @property
    def int8_base(self) -> bool:
        """The frozen base in 8 bits (bitsandbytes LLM.int8, load_in_8bit) under adapters."""
        return self.family == "adapter" and self.weight_bits == 8


class QuantType(Sourced):
    """A llama.cpp/GGUF quantization type and its published average bits per weight."""

    # The quantized types ("Q4_K_M", "IQ3_XXS") and the 16-bit float files ("F16", "BF16").
    name: str = Field(pattern=r"^(?:I?Q[1-8]_[A-Z0-9_]+|B?F16)$")
    aliases: tuple[str, ...] = ()
    bits_per_weight: Decimal

    @field_validator("bits_per_weight")
    @classmethod
    def _bits(cls, value: Decimal) -> Decimal:
        # A 16-bit file averages a little over 16 (its norms are kept in F32).
        if not value.is_finite() or not 1 <= value <= 17:
            raise ValueError("bits_per_weight must be between 1 and 17")
        return value


class GroupQuantFormat(Sourced):
    """A group-quantized 4-bit format (AWQ, GPTQ) and the bits its block weights take."""

    name: str = Field(pattern=r"^[A-Z0-9]+$")
    group_size: int = Field(gt=0)
    block_bits_per_weight: Decimal

    @field_validator("block_bits_per_weight")
    @classmethod
    def _bits(cls, value: Decimal) -> Decimal:
        if not value.is_finite() or not 4 <= value <= 5:
            raise ValueError("a 4-bit format's block weights take 4 to 5 bits")
        return value


class LocalRunner(Sourced):
    """A program that runs GGUF files on the user's own machine (Ollama, llama.cpp, LM Studio…):
    the GGUF type a question naming it and no type is answered for (an assumption, said so)."""

    id: str = Field(pattern=r"^[a-z0-9-]+$")
    name: str = Field(min_length=2)
    default_type: str = Field(pattern=r"^I?Q[1-8]_[A-Z0-9_]+$")


class Exl2Format(Sourced):
    """ExLlamaV2's EXL2 files: quantization levels mixed within a model to any average bits per
    weight in a range; a file is named by that average ("4.65bpw"), none is the format's own."""

    min_bits_per_weight: Decimal = Field(gt=0)
    max_bits_per_weight: Decimal = Field(gt=0)


class MlxAffine(Sourced):
    """MLX's affine quantization as mlx-lm converts a model: b-bit weights in groups, each with
    a 16-bit scale and bias, over every quantizable layer (embeddings too)."""

    group_size: int = Field(gt=0)
    default_bits: int = Field(ge=2, le=8)
    scale_bits: int = Field(gt=0)
    bias_bits: int = Field(ge=0)
    bits: tuple[int, ...] = Field(min_length=1)

    def bits_per_weight(self, bits: int | None) -> Decimal | None:
        """What a `bits`-bit MLX model takes a weight with its scales (4: 4.5); None for bits
        MLX does not quantize to."""
        b = self.default_bits if bits is None else bits
        if b not in self.bits:
            return None
        return b + Decimal(self.scale_bits + self.bias_bits) / self.group_size


class BareQuantName(Sourced):
    """A quantization size written without its type ("q5"): the llama.cpp type it is read as."""

    name: str = Field(pattern=r"^Q[1-8]$")
    type: str = Field(pattern=r"^I?Q[1-8]_[A-Z0-9_]+$")


class QatRelease(Sourced):
    """A publisher's quantization-aware-trained release of a model family ("gemma 3 27b qat"):
    the GGUF type its files are in, which "qat" (and a bare "q4" beside it) is read as."""

    name: str = Field(min_length=2)
    models: tuple[str, ...] = Field(min_length=1)  # models.toml ids
    type: str = Field(pattern=r"^I?Q[1-8]_[A-Z0-9_]+$")
    # The bits each token-embedding weight keeps in the publisher's files, where not the type's
    # (Google's Gemma 3 QAT files: FP16); None: the type's.
    embedding_bits: int | None = Field(default=None, ge=1, le=32)
    # The publisher's file of a model, in GB, where its size is on file (models.toml id: GB):
    # that model is planned from it, not at the type's bits (the embeddings above included).
    file_gb: dict[str, Decimal] = Field(default_factory=dict)


class Pricing(Sourced):
    block_hours: tuple[int, ...]
    billing_granularity_minutes: int
    hours_never_expire: bool
    min_undercut_percent: Decimal
    blocks_source: str

    @field_validator("block_hours")
    @classmethod
    def _blocks(cls, value: tuple[int, ...]) -> tuple[int, ...]:
        if not value or any(b <= 0 for b in value) or len(set(value)) != len(value):
            raise ValueError("block sizes must be distinct positive integers")
        return tuple(sorted(value))


class Payment(Sourced):
    coins: tuple[str, ...]
    min_top_up_usd: Decimal
    kyc: bool
    card: bool
    hours_never_expire: bool
    pricing_urls: dict[str, str]  # per language where the site has a page in it
    site_url: str
    # The networks (chains) the coins are sent on, as the page names them: none, so "USDT on
    # TRC20?" is answered as not published, never guessed.
    networks: tuple[str, ...] = ()
    networks_source: str = ""
    # The one currency prices are published in; the page gives no other and no exchange rate.
    currency: str = "USD"
    currency_source: str = ""


class PublishedRun(Sourced):
    """The training settings a method's authors published for one model size (the QLoRA
    authors' Guanaco scripts): cited when hyper-parameters are asked, never advised."""

    method: MethodId
    params_b: Decimal = Field(gt=0)
    learning_rate: Decimal = Field(gt=0)
    lora_r: int = Field(gt=0)
    lora_alpha: int = Field(gt=0)
    lora_dropout: Decimal = Field(ge=0, lt=1)
    warmup_ratio: Decimal = Field(ge=0, lt=1)
    scheduler: str = Field(min_length=1)
    max_grad_norm: Decimal = Field(gt=0)
    sequences_per_step: int = Field(gt=0)
    max_steps: int = Field(gt=0)
    dataset: str = Field(min_length=1)


class ServiceQuestion(Sourced):
    """A question about the service (spot instances, refunds, regions…) and whether the
    published page answers it: where it does not, the bot says so rather than guess."""

    topic: str = Field(pattern=r"^[a-z]+$")
    published: bool


class Limits(_Data):
    min_gpus: int
    max_gpus: int  # GPUs of one instance here
    max_cluster_gpus: int  # largest cluster the bot sizes (memory and fit only)
    max_params_b: Decimal
    max_hours: Decimal
    max_vram_gb: Decimal


class Reference(Sourced):
    provider: str
    gpu: str
    count: int
    usd_per_hour: Decimal
    usd_per_gpu_hour: Decimal
    url: str

    @model_validator(mode="after")
    def _consistent(self) -> Reference:
        if self.usd_per_gpu_hour * self.count != self.usd_per_hour:
            raise ValueError(f"{self.provider}: per-GPU price × count != instance price")
        return self
