"""The short phrases every answer repeats: method names, configurations, prices per hour,
headroom, notes, the cost block. Templates get them as ``p``.

They were Jinja macros; a macro call costs about 10 µs of Jinja machinery and a four-method
answer made some 200 of them, most of the reply's time. As Python they are plain calls, and
the ones that depend only on the locale and a value are cached. Every phrase still goes
through gettext (extracted by Babel from this file) and comes back as ``Markup`` with its
values escaped, exactly as an autoescaped ``{% trans %}`` block would.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from decimal import ROUND_HALF_UP, Decimal
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any, Final

from babel import Locale
from markupsafe import Markup, escape

from bot.detail import MLX_MAX_SEQ_LENGTH, MLX_MICRO_BATCH, planning_margin
from bot.i18n import translations
from bot.render.format import Formatter, plural_rule
from bot.understand.parse import TRAINER_BATCH
from rules.budget import BudgetBuys
from rules.capacity import LongestContext, decode_measured_share
from rules.catalogue import Catalogue
from rules.data_size import chars_per_token, tokens_per_param
from rules.electricity import board_power, run_energy
from rules.errors import UnknownMethod
from rules.fit import Fit, gpus_needed
from rules.memory import Memory
from rules.notes import Note, licence_note
from rules.quote import BlockPlan, Quote
from rules.schema import GPU, Method
from rules.training_time import step_overhead_s, training_mfu

if TYPE_CHECKING:
    from bot.answer import Answer
    from bot.capacity import TrainingSpeed
    from bot.detail import FasterRun, TrainingEstimate
    from bot.understand.query import Query

# Jinja's newstyle gettext always %-formats, so msgids use "%%" for a literal "%" everywhere.


# Each platform's GPU runtime (rules/schema.py Platform), named in "the CUDA context".
_RUNTIMES: Final = {"cuda": "CUDA", "rocm": "ROCm/HIP", "metal": "Metal", "xpu": "oneAPI"}

# An integer of each CLDR plural category, for the catalogues' integer-only Plural-Forms.
_CATEGORY_EXAMPLE = {"zero": 0, "one": 1, "two": 2, "few": 3, "many": 1000000, "other": 2}


class Gettext:
    """gettext/ngettext for one locale with Jinja's newstyle semantics (Markup, escaped %).
    Templates use these too: Jinja's own wrappers go through two or three context calls."""

    def __init__(self, locale: str) -> None:
        catalogue = translations(locale)
        self._gettext = catalogue.gettext
        self._ngettext = catalogue.ngettext
        self._plural = plural_rule(Locale.parse(locale))
        # A message without values is the same text every time: translated once. Its keys
        # are the code's and the data files' msgids, a bounded set.
        self._constant: dict[str, Markup] = {}

    def _(self, message: str, **values: Any) -> Markup:
        if values:
            return _fill(self._gettext(message), values)
        found = self._constant.get(message)
        if found is None:
            found = self._constant[message] = _fill(self._gettext(message), values)
        return found

    def ngettext(self, singular: str, plural: str, n: int | Decimal, /, **values: Any) -> Markup:
        """The form is chosen by the CLDR category of the value itself: French "1,5 GPU-heure"
        is singular (one: i = 0,1), English and Spanish "1.5 GPU-hours" plural. The
        catalogues' Plural-Forms only know integers, so a decimal goes in as an integer of
        the same category."""
        values.setdefault("num", n)
        return _fill(self._ngettext(singular, plural, self.plural_index(n)), values)

    def plural_index(self, n: int | Decimal) -> int:
        if isinstance(n, int) or n == n.to_integral_value():
            return int(n)
        return _CATEGORY_EXAMPLE[self._plural(abs(n))]


class GpuName(str):
    """A GPU's name that also knows its noun phrases in the reader's language. Passed as
    ``gpu`` (or ``a``, ``cheap``…) to a message, it also fills ``the_gpu``, ``The_gpu`` and
    ``of_gpu``, so a translation can say "la RTX 4090", "l'A100" or "du H100" where the
    English says "the %(gpu)s"."""

    forms: dict[str, Markup]

    def __new__(cls, name: str, forms: dict[str, Markup]) -> GpuName:
        self = super().__new__(cls, name)
        self.forms = forms
        return self


class Subject(Markup):
    """A model named with its size in brackets ("Mixtral 8x7B (46.7B parameters)",
    "DeepSeek-V3 (671B MoE)"). Placed right before a bracket of its own in a message
    ("%(who)s (%(how)s)"), the two brackets are merged: "Mixtral 8x7B (46.7B parameters, BF16
    inference)", not "(46.7B parameters) (BF16 inference)"."""

    name: str
    note: str

    @classmethod
    def of(cls, text: str) -> Markup:
        """`text` (escaped) as a Subject when it ends in a bracket, else as it is."""
        cut = text.rfind(" (")
        if cut <= 0 or not text.endswith(")") or text.count("(", cut) != 1:
            return _safe(text)
        self = str.__new__(cls, text)
        self.name, self.note = text[:cut], text[cut + 2:-1]
        return self


def _merge_brackets(translated: str, values: dict[str, Any]) -> str:
    """Each Subject value followed by " (" in `translated`: its bracket and that one as one."""
    for key, value in list(values.items()):
        # A Subject made by Markup's own operations (+, join, format) carries no parts.
        if type(value) is Subject and hasattr(value, "note"):
            placed = f"%({key})s ("
            if placed in translated:
                translated = translated.replace(placed, f"%({key}_name)s (%({key}_note)s, ")
                values[f"{key}_name"] = _safe(value.name)
                values[f"{key}_note"] = _safe(value.note)
    return translated


_NEEDS_ESCAPING = re.compile("[&<>\"']").search


def _safe(text: str) -> Markup:
    """``Markup(text)`` for a text whose values are escaped already, without Markup's
    Python-level constructor (a reply makes some sixty)."""
    return str.__new__(Markup, text)


def _escaped(text: str) -> str:
    """``escape(text)``: most values (numbers, sizes, names) hold nothing to escape."""
    return text if _NEEDS_ESCAPING(text) is None else str(escape(text))


def _fill(translated: str, values: dict[str, Any]) -> Markup:
    """``Markup(translated) % values`` without Markup's per-value helper objects, the
    largest cost of a reply: numbers go in as they are, anything else escaped (Markup
    passes through; a plain text with nothing to escape is its own escape)."""
    forms: dict[str, Markup] | None = None
    subjects = False
    for key, value in values.items():
        kind = type(value)
        if kind is Markup or kind is int or kind is Decimal:
            continue  # Markup is escaped already: escape() would only copy it
        if kind is Subject:
            subjects = True
            continue
        if kind is str:
            if _NEEDS_ESCAPING(value) is not None:
                values[key] = escape(value)
            continue
        if isinstance(value, int | Decimal):
            continue
        if isinstance(value, GpuName):
            forms = {} if forms is None else forms
            for form in ("the", "The", "of"):
                forms[f"{form}_{key}"] = value.forms[form]
        values[key] = escape(value)
    if forms:
        values.update(forms)
    if subjects:
        translated = _merge_brackets(translated, values)
    return _safe(translated % values)


@cache
def gettext_for(locale: str) -> Gettext:
    return Gettext(locale)


@cache
def _fmt(locale: str) -> Formatter:
    return Formatter(locale)


@lru_cache(maxsize=256)
def _data_msgid(locale: str, msgid: str) -> Markup:
    """A msgid that lives in a data file (a method's name in rules/data/methods.toml)."""
    return gettext_for(locale)._(msgid)


@lru_cache(maxsize=4096)
def _per_hour(locale: str, amount: Decimal) -> Markup:
    return gettext_for(locale)._("%(price)s/hour", price=_fmt(locale).usd(amount))


@lru_cache(maxsize=4096)
def _headroom(locale: str, fits: bool, headroom_gb: Decimal) -> Markup:
    g, gb = gettext_for(locale), _fmt(locale).gb
    if fits:
        return g._("%(left)s left", left=gb(headroom_gb, _places(headroom_gb)))
    return g._("%(short)s short", short=gb(-headroom_gb, _places(headroom_gb)))


def _places(gb: Decimal) -> int:
    """A planning estimate is not precise to 10 MB: "35 GB, 125 GB left", not "35.03 GB,
    124.98 GB left"; small figures keep two decimals (9.75 GB)."""
    return 1 if gb.is_finite() and abs(gb) >= 10 else 2


# French: the cards sold as graphics cards are feminine (la carte: "la RTX 4090", "la L40S", as
# the seed and French users write them); data-center GPUs masculine (le GPU: "le H100", "un
# A100", as in the seed), elided before a vowel ("l'A100", "de l'A100"). The small PCIe
# inference cards are feminine like the L40S: "la L4", and "la T4" as French users write
# Colab's card ("une T4", "la t4"; was "le T4", and "La L4 … du T4" in one comparison).
# Spanish: la GPU, so always feminine ("la H100"), the RAE's invariable acronym.
_FR_FEMININE = ("RTX", "GTX", "GEFORCE", "RADEON", "QUADRO", "TITAN", "L4", "T4")


@lru_cache(maxsize=512)
def gpu_forms(locale: str, name: str) -> dict[str, Markup]:
    """The GPU as a noun phrase with its article: ``the`` ("the H100", "la RTX 4090",
    "l'A100 80GB"), ``The`` (starting a sentence) and ``of`` ("of the H100", "de la H100",
    "du H100", "de l'A100 80GB")."""
    if locale == "fr":
        if name[:1].upper() in "AEIOUY":
            the, of = f"l'{name}", f"de l'{name}"
        elif name.upper().startswith(_FR_FEMININE):
            the, of = f"la {name}", f"de la {name}"
        else:
            the, of = f"le {name}", f"du {name}"
    elif locale == "es":
        # "la H100" (la tarjeta), but "el Apple M3 Max" (el chip, el Mac).
        if name.startswith("Apple"):
            the, of = f"el {name}", f"del {name}"
        else:
            the, of = f"la {name}", f"de la {name}"
    else:
        the, of = f"the {name}", f"of the {name}"
    # Markup: the apostrophe of "l'A100" is text, not something to escape to &#39;. A name
    # with nothing to escape (every catalogue name) is its own escape: no replacing.
    forms = {"the": the, "The": the[:1].upper() + the[1:], "of": of}
    escaped = _escaped(name)
    if escaped == name:
        return {k: _safe(v) for k, v in forms.items()}
    return {k: _safe(v.replace(name, escaped)) for k, v in forms.items()}


def _an(size: str) -> bool:
    """English "an" before a number said with a vowel: 8, 11, 18, 80-89, 800…, 11 000…"""
    digits = size.split(".")[0].replace(",", "")
    if digits.startswith("8"):
        return True
    return digits[:2] in ("11", "18") and len(digits) % 3 == 2


@lru_cache(maxsize=256)
def _config(count: int, gpu_name: str) -> Markup:
    return _safe(f"{count}× {_escaped(gpu_name)}")


def a_model(locale: str, size: str) -> Markup:
    """ "an 8B model", "a 7B model", "un modelo de 8B", "un modèle 8B" (`size`: formatted)."""
    g = gettext_for(locale)
    if locale == "en" and _an(size):
        return g._("an %(size)sB model", size=size)
    return g._("a %(size)sB model", size=size)


def a_model_of(locale: str, params_b: Decimal, num: Callable[[Decimal], str]) -> Markup:
    """``a_model`` of a size in billions: under one billion in millions ("a 125M model", "un
    modelo de 125M"), never rounded to "a 0.13B model" (`num`: the locale's number format)."""
    if Decimal(0) < params_b < 1:
        size = num(params_b * 1000)
        g = gettext_for(locale)
        if locale == "en" and _an(size):
            return g._("an %(size)sM model", size=size)
        return g._("a %(size)sM model", size=size)
    return a_model(locale, num(params_b))


def _names_its_size(name: str, params_b: Decimal) -> bool:
    if Decimal(0) < params_b < 1:
        # "SmolLM2 135M", "Pythia 410M": a size under a billion said in millions.
        millions = (params_b * 1000).normalize()
        if _said_with_unit(name, format(millions.quantize(Decimal(1))
                                        if millions == millions.to_integral_value()
                                        else millions, "f") + "M"):
            return True
    whole = params_b.normalize()
    size = format(whole.quantize(Decimal(1)) if whole == whole.to_integral_value() else whole, "f")
    if _said_with_unit(name, size + "B"):
        return True
    # "Kimi K2 (1T MoE)": a trillion parameters said in T.
    trillions = whole / 1000
    return trillions == trillions.to_integral_value() and _said_with_unit(
        name, f"{int(trillions)}T")


def _said_with_unit(name: str, said: str) -> bool:
    """``re.search(rf"(?<![\\d.]){re.escape(said)}\\b", name)`` for `said` a number and its
    unit letter, without a pattern made per value: each size was a new pattern to compile
    (~0.1 ms, a reply in five naming a model), kept in re's cache with every other one."""
    at = name.find(said)
    while at >= 0:
        before = name[at - 1] if at else ""
        after = at + len(said)
        if not (before and (before.isdecimal() or before == ".")) and (
                after == len(name) or not (name[after].isalnum() or name[after] == "_")):
            return True
        at = name.find(said, at + 1)
    return False


_BYTES_PER_GB = Decimal(10**9)
_MIB = 2**20
_GIB = Decimal(2**30)
_CENT = Decimal("0.01")
_TENTH = Decimal("0.1")



# TRL's predefined Accelerate profiles for the strategies a question names (TRL docs, "Command
# Line Interfaces": fsdp1, fsdp2, zero1, zero2, zero3, multi_gpu, single_gpu).
_TRL_PROFILES: Final[dict[str, str]] = {
    "ddp": "multi_gpu", "fsdp": "fsdp2", "zero1": "zero1", "zero2": "zero2", "zero3": "zero3",
}
_ACCELERATE_CONFIG: Final = re.compile(r"--accelerate_config \S+")
# Models named of one size before the rest are counted (Phrases.some_names).
_NAMES_SHOWN: Final = 4

@lru_cache(maxsize=4)
def _lower_names(cat: Catalogue) -> tuple[str, ...]:
    """The catalogue's model names spelled in lower case ("gpt-oss-20b"), longest first."""
    return tuple(sorted((m.name for m in cat.models if m.name[:1].islower()), key=len,
                        reverse=True)) or ("\0",)


def _plain_16(spec: Method | None) -> bool:
    """Plain 16-bit inference: no quantized format, no stated bits per weight."""
    return spec is not None and spec.kind == "inference" and spec.weight_bits == 16 \
        and spec.quant is None and spec.bits_per_weight is None and spec.group_format is None


# The words of a card's `source` that name a document ("NVIDIA GeForce specifications",
# "TechPowerUp GPU database"): where the row reads its memory, as a reply names it.
_DOC_WORDS: Final = re.compile(
    r"specifications|datasheet|database|whitepaper|documentation|guide|product page", re.I)
_DOC_END: Final = re.compile(r":| as quoted| \(|, |https?://")


def _doc_name(source: str) -> str:
    """The document a data row's `source` opens with ("TechPowerUp GPU database")."""
    return _DOC_END.split(source.strip(), 1)[0].strip()


def memory_doc(card: GPU) -> str | None:
    """The document a card's row cites, as a reply names it, or None where none is named."""
    for part in card.source.split(";"):
        name = _DOC_END.split(part.strip(), 1)[0].strip()
        if _DOC_WORDS.search(name) and len(name) <= 60:
            return name
    return None


class Phrases:
    """The phrases for one reader's locale and the catalogue in force."""

    def __init__(self, locale: str, catalogue: Catalogue) -> None:
        self.locale = locale
        self.cat = catalogue
        self.fmt = _fmt(locale)
        g = gettext_for(locale)
        self._ = g._
        self.ngettext = g.ngettext
        # Serving with FP32 weights ("llama 3.1 8b in fp32 on a 3090", transformers without
        # torch_dtype): the 16-bit method's planning rule is BF16's, its detailed estimate
        # FP32's; its names say FP32 (set by the renderer for such an answer).
        self.fp32_weights = False
        # Served in FP16 as said ("--dtype half"): the 16-bit method's names say FP16, not
        # BF16 (set by the renderer for such an answer).
        self.fp16_weights = False
        # An integrated GPU planned on its share of the RAM said ("radeon 780m, 32gb ram"): the
        # name the answer gives the one GPU of that memory (set by the renderer: igpu_named),
        # was "1× GPU of 16 GB".
        self.igpu_label: str | None = None

    def igpu_named(self, igpu_id: str) -> None:
        """Names the answer's one unnamed GPU as the integrated GPU whose share of the system
        RAM the plan is on, as a card is named: "1× Radeon 780M" (was "1× GPU of 16 GB"). Its
        memory is in the lead just above (igpu_lead.html.j2), "17.17 GB of your 32 GiB (34.36
        GB)": said again in the name it read "more than the 17.17 GB of 1× Radeon 780M with
        17.17 GB of your RAM"."""
        self.igpu_label = str(self.config_named(self.cat.igpu(igpu_id).name, 1))

    @staticmethod
    def ram_in_gb(ram_gib: Decimal) -> Decimal:
        """System RAM said ("32gb ram", sold in GiB) in GB (10^9 bytes), to 0.01 GB: 34.36."""
        return (ram_gib * _GIB / _BYTES_PER_GB).quantize(_CENT)

    def ram_gib(self, ram_gib: Decimal) -> str:
        """System RAM as it is sold, in GiB, and once in GB: "32 GiB (34.36 GB)"."""
        return str(self._("%(gib)s GiB (%(gb)s)", gib=self.fmt.num(ram_gib),
                          gb=self.fmt.gb(self.ram_in_gb(ram_gib))))

    def unnamed_config(self, count: int, vram: str) -> Markup:
        """`count` GPUs known by their memory alone ("1× GPU of 24 GB"), or the integrated
        GPU named (igpu_named) when it is the one."""
        if self.igpu_label is not None and count == 1:
            return _safe(_escaped(self.igpu_label))
        return self._("%(count)s× GPU of %(vram)s", count=count, vram=vram)

    def fp32_served(self, spec: Method | None) -> bool:
        """Whether `spec` is the plain 16-bit inference this answer serves in FP32."""
        return self.fp32_weights and _plain_16(spec)

    def fp16_served(self, spec: Method | None) -> bool:
        """Whether `spec` is the plain 16-bit inference this answer serves in FP16."""
        return self.fp16_weights and _plain_16(spec)

    def sentence(self, text: str) -> str:
        """`text` opening a sentence: its first letter in capitals ("a 70B model" → "A 70B
        model"), unless it opens with a model whose name is lower case ("gpt-oss-20b")."""
        if text[:1].islower() and text.startswith(_lower_names(self.cat)):
            return text
        return text[:1].upper() + text[1:]

    def method_name(self, method: str, pretraining: bool = False) -> Markup:
        """"QLoRA (4-bit base)": the method's name from methods.toml, translated; "Full
        training, AdamW" for a model trained from scratch."""
        spec = self._method(method)
        if spec is None:
            return Markup()
        if spec.quant is not None and spec.bits_per_weight is not None:
            return self._("Inference with GGUF %(quant)s (%(bits)s bits per weight)",
                          quant=spec.quant, bits=self.fmt.num(spec.bits_per_weight))
        if spec.group_format == "MLX" and spec.bits_per_weight is not None:
            return self._(
                "Inference with MLX %(n)s-bit weights (%(bits)s bits per weight with their scales "
                "and biases)", n=int(spec.bits_per_weight), bits=self.fmt.num(spec.bits_per_weight))
        if spec.bits_per_weight is not None:  # bits per weight as stated ("4.65bpw")
            return self._("Inference at %(bits)s bits per weight",
                          bits=self.fmt.num(spec.bits_per_weight))
        if spec.group_format is not None and spec.block_bits is not None:  # AWQ, GPTQ
            return self._(
                "Inference with %(format)s 4-bit weights (%(bits)s bits per weight with their "
                "scales)", format=spec.group_format, bits=self.fmt.num(spec.block_bits, 2))
        if self.fp32_served(spec):
            return self._("Inference in FP32")
        if self.fp16_served(spec):
            return self._("Inference in FP16")
        name = spec.pretrain_name if pretraining and spec.pretrain_name else spec.name
        return _data_msgid(self.locale, name)

    def peak_cited(self, source: str, derived: bool) -> str:
        """A peak's source as the reply cites it: one worked out from a document's per-cycle rate
        (GPU.peak_derived: "NVIDIA Ada GPU Architecture whitepaper (66 SM × 2610 MHz × 512
        FLOP/cycle/SM)") says "derived:" inside its brackets, the document not printing that
        card's figure (gpus_owned.toml's source gives where the count and clock were read)."""
        if not derived:
            return source
        return source.replace(" (", " (" + self._("derived:") + " ", 1)

    def decode_expected(self, method: str, rate: Decimal) -> Markup:
        """"📈 Published llama.cpp and mlx-lm runs reach between 42% and 86% of this bound (32
        runs): expect between about 80 and 164 tokens/s." beside one sequence's bound, for a
        GGUF or MLX run (what was measured); empty for another engine's. The span, not its
        median: small reads (an 8B Q4_K_M) sit low in it, large ones high."""
        spec = self._method(method)
        if spec is None or not (spec.quant is not None or spec.group_format == "MLX"):
            return Markup("")
        share = decode_measured_share()

        def tokens(fraction: Decimal) -> str:
            value = rate * fraction
            step = Decimal(1) if value >= 10 else Decimal("0.1")
            return self.fmt.num(value.quantize(step, rounding=ROUND_HALF_UP), 1)

        return Markup("📈 ") + self._(
            "Published llama.cpp and mlx-lm runs reach between %(low)s and %(high)s of this "
            "bound (%(runs)s runs): expect between about %(least)s and %(most)s tokens/s.",
            low=self.fmt.percent(share.low * 100, 0), high=self.fmt.percent(share.high * 100, 0),
            runs=share.runs, least=tokens(share.low), most=tokens(share.high)) + Markup("\n")

    def method_short(self, method: str) -> Markup:
        """"QLoRA", "full AdamW": the short name, for lists and headlines."""
        spec = self._method(method)
        if spec is not None and spec.quant is not None:
            return self._("GGUF %(quant)s inference", quant=spec.quant)
        if spec is not None and spec.group_format == "MLX" and spec.bits_per_weight is not None:
            return self._("MLX %(n)s-bit inference", n=int(spec.bits_per_weight))
        if spec is not None and spec.bits_per_weight is not None:
            return self._("%(bits)s bpw inference", bits=self.fmt.num(spec.bits_per_weight))
        if spec is not None and spec.group_format is not None:
            return self._("%(format)s 4-bit inference", format=spec.group_format)
        if self.fp32_served(spec):
            return self._("FP32 inference")
        if self.fp16_served(spec):
            return self._("FP16 inference")
        return _data_msgid(self.locale, spec.short_name) if spec else Markup()

    def method_kind(self, method: str) -> str | None:
        """training or inference (methods.toml), None for an unknown id."""
        spec = self._method(method)
        return spec.kind if spec else None

    def _method(self, method: str | None) -> Method | None:
        try:
            return None if method is None else self.cat.method(method)
        except UnknownMethod:
            return None

    def bf16_unprinted(self, gpu: str) -> bool:
        """Whether the GPU's peak is an FP16 one its maker prints in place of a BF16 one
        (GPU.bf16_unprinted), not the FP16 of a card without BF16."""
        found = self.cat.gpu_or_none(gpu)
        return found is not None and found.bf16_unprinted

    def metal(self, gpu: str | None) -> bool:
        """An Apple GPU (Metal): its peak is its FP32 rate, which FP16 runs at too (no faster,
        philipturner/metal-benchmarks' table), not a vendor's FP16 matrix figure."""
        found = self.cat.gpu_or_none(gpu) if gpu is not None else None
        return found is not None and found.platform == "metal"

    def backward_layers(self, detailed: Any, gpu: str | None, k: Decimal) -> Markup | None:
        """On a Mac the run is mlx-lm's: where only its last layers train (--num-layers), the
        backward pass goes through those alone, the k·N the time and the tokens/s count
        (rules.training_time); None elsewhere."""
        found = self.cat.gpu_or_none(gpu) if gpu is not None else None
        if detailed is None or found is None or found.platform != "metal":
            return None
        note = next((a for a in detailed.breakdown.assumptions if a.code == "trained_layers"),
                    None)
        if note is None:
            return None
        return self._(
            "Only the last %(layers)s of the %(of)s layers train (mlx_lm --num-layers): MLX "
            "takes the gradient of the trained weights alone, so the backward pass runs through "
            "those layers only and a token takes %(k)s·N.",
            layers=self.fmt.num(note.params["layers"]), of=self.fmt.num(note.params["of"]),
            k=self.fmt.num(k))

    def mlx_timed(self, detailed: Any, bracket: Sequence[tuple[int, Any]] = ()) -> Markup:
        """A time on one's Mac (bot.detail mlx_assumed): the run timed is mlx-lm's, at
        mlx_lm.lora's own defaults where they fit the GPU's share of the unified memory, else
        at batch 1 with checkpointing (its flags), said, since the time hangs on it (3·N a
        token without checkpointing on Llama 3 8B's last 16 of 32 layers, 4·N with it).
        `bracket`: samples of unsaid length timed at two lengths, each at its own settings."""
        note = next((a for a in detailed.breakdown.assumptions if a.code == "trained_layers"),
                    None)
        who = (self._("Timed as mlx-lm trains, as you named it.") if detailed.mlx_named
               else self._("No trainer named: timed as mlx-lm trains on a Mac, not as TRL on "
                           "CUDA (an assumption)."))
        if note is None:  # every layer trains (--num-layers -1): no default to say
            return Markup(who)
        values = {"rank": self.fmt.num(detailed.lora_rank or 0),
                  "layers": self.fmt.num(note.params["layers"])}
        ks = {t.flops_per_param_token for _len, t in bracket
              if getattr(t, "flops_per_param_token", None) is not None}
        if len(ks) > 1:
            how = self._("LoRA rank %(rank)s on the last %(layers)s layers, at mlx_lm.lora's own "
                         "batch 4 without gradient checkpointing where that fits the GPU's share, "
                         "else at --batch-size 1 --grad-checkpoint.", **values)
        elif detailed.micro_batch == MLX_MICRO_BATCH and not detailed.grad_ckpt:
            how = self._("At mlx_lm.lora's own defaults: LoRA rank %(rank)s on the last "
                         "%(layers)s layers, batch 4, no gradient checkpointing; the memory above "
                         "is at the same settings.", **values)
        elif detailed.mlx_defaults_gb is not None:
            how = self._("Its own defaults (LoRA rank %(rank)s on the last %(layers)s layers, "
                         "batch 4, no gradient checkpointing) need about %(own)s here, more than "
                         "the GPU can use: timed at --batch-size 1 --grad-checkpoint, the memory "
                         "above.", own=self.fmt.gb(detailed.mlx_defaults_gb), **values)
        else:
            how = self._("LoRA rank %(rank)s on the last %(layers)s layers, at --batch-size "
                         "%(batch)s%(ckpt)s.", batch=self.fmt.num(detailed.micro_batch),
                         ckpt=" --grad-checkpoint" if detailed.grad_ckpt else "", **values)
        if detailed.seq_len > MLX_MAX_SEQ_LENGTH:
            how += " " + self._("mlx_lm.lora cuts each sample at --max-seq-length, %(cut)s tokens "
                                "unless set: pass --max-seq-length %(len)s to train yours whole, "
                                "as timed here.", cut=self.fmt.num(MLX_MAX_SEQ_LENGTH),
                                len=detailed.seq_len)
        return Markup(who + " " + how)

    def recomputes(self, throughput: Any) -> bool:
        """Whether a tokens/s estimate counts checkpointing's recompute (its FLOPs note)."""
        return any(n.code == "flops_per_token" and n.params.get("recompute")
                   for n in throughput.assumptions)

    def runtime(self, gpu: str | None) -> str:
        """The GPU runtime whose context a card's process holds: CUDA, else its vendor's (an
        MI300X's is ROCm/HIP, a Mac's Metal). A proper name, the same in every language."""
        found = self.cat.gpu_or_none(gpu) if gpu is not None else None
        return _RUNTIMES.get(found.platform if found is not None else "cuda", "CUDA")

    def gpu_name(self, gpu: str) -> GpuName:
        """The name of a GPU (its id, or a name as an error carries it), with its articles
        for the reader's language (see GpuName)."""
        found = self.cat.gpu_or_none(gpu)  # by id (a dict), not a scan of the catalogue
        name = found.name if found is not None else str(gpu)
        return GpuName(name, gpu_forms(self.locale, name))

    def platform_said(self, said: str) -> list[str]:
        """The closest AMD cards to the words said after the vendor ("radeon 7950": the RX
        7900s), a handful at most."""
        if not said:
            return []
        return self.cat.suggest_gpus(f"radeon {said}", n=5, platform="rocm")

    def platform_cards(self, platform: str, said: str = "") -> str:
        """A handful of a platform's cards ("rocm": AMD's), each with its memory: the closest
        to the words said ("radeon 7950": the RX 7900s), else the few people ask about most
        (gpus_owned.toml [platform_examples]); never the whole catalogue (was ~50 names)."""
        names = self.platform_said(said)
        if names:
            cards = [g for g in (self.cat.find_gpu(n) for n in names) if g is not None]
        else:
            examples = self.cat.platform_examples
            cards = [self.cat.gpu(g) for g in examples.rocm] if examples is not None else []
        return self.fmt.list([f"{g.name} ({self.fmt.gb(g.vram_gb)})" for g in cards], "or")

    def config(self, gpu_id: str, count: int) -> Markup:
        return _config(count, self.cat.gpu(gpu_id).name)

    def wall(self, hours: Decimal, query: Query) -> str:
        """A run's wall-clock time in the unit a follow-up asked ("in hours?", "in minutes?",
        "in days?"), as time.html.j2 says it; else as `duration` says it."""
        fmt = self.fmt
        said = fmt.hours(hours) if query.hours_asked else fmt.duration(hours)
        if query.minutes_asked and hours >= 1:
            said = str(self._("%(minutes)s (%(hours)s)", minutes=fmt.minutes(hours), hours=said))
        if query.days_asked and hours >= Decimal("2.4"):
            said = str(self._("%(hours)s (%(days)s)", hours=said, days=fmt.days(hours / 24)))
        return said

    def not_listed(self, gpu_id: str, count: int) -> Markup:
        """"… on 2x a100 of yours": that count of the card is no configuration we list, said
        with the ones of it we do list (each at its hourly price) before the run is timed on
        the nearest."""
        listed = self.fmt.list([
            str(self._("%(config)s (%(price)s)", config=self.config(o.gpu, o.count),
                       price=self.per_hour(o.usd_per_hour)))
            for o in sorted(self.cat.offers, key=lambda o: o.count) if o.gpu == gpu_id])
        return self._("We don't list %(asked)s as a configuration; the %(gpu)s comes as "
                      "%(listed)s.", asked=self.config(gpu_id, count),
                      gpu=self.gpu_name(gpu_id), listed=_safe(listed))

    def step_speed(self, query: Query) -> str:
        """A progress bar's speed as the user gave it: "1.2 it/s" or "3.5 s/it"."""
        if query.step_time is not None:
            return f"{self.fmt.num(query.step_time)} s/it"
        return f"{self.fmt.num(query.step_rate or 0)} it/s"

    def rig_named(self, reads: tuple[tuple[str, Decimal, Decimal], ...]) -> str:
        """The cards of a layer-split machine (DecodeBound.rig_reads), counted as named:
        "2× RTX 3090 and 1× RTX 3060"."""
        counts: dict[str, int] = {}
        for gpu_id, _gb, _bw in reads:
            counts[gpu_id] = counts.get(gpu_id, 0) + 1
        return self.fmt.list([str(self.config(g, n)) for g, n in counts.items()])

    def rig_reads(self, reads: tuple[tuple[str, Decimal, Decimal], ...]) -> str:
        """What each card of a layer split reads per token, at its bandwidth: "17.3 GB at
        936 GB/s, 17.3 GB at 936 GB/s and 8.6 GB at 360 GB/s"."""
        return self.fmt.list([
            str(self._("%(gb)s at %(bw)s", gb=self.fmt.gb(gb, 1), bw=self.fmt.bandwidth(bw)))
            for _g, gb, bw in reads
        ])

    def config_named(self, name: str, count: int) -> Markup:
        """``config`` with a name of its own ("1× H100 SXM")."""
        return _config(count, name)

    def per_hour(self, amount: Decimal) -> Markup:
        return _per_hour(self.locale, amount)

    def fit_config(self, f: Fit) -> Markup:
        if f.gpu:
            return self.config(f.gpu, f.gpu_count)
        return self.unnamed_config(f.gpu_count, self.memory(f.vram_gb / f.gpu_count))

    def some_names(self, names: Sequence[str]) -> str:
        """Models of one size, the first few by name and the rest counted: a memory that holds
        7B in BF16 holds twenty 7B models on file, and a list of twenty reads as noise."""
        if len(names) <= _NAMES_SHOWN:
            return self.fmt.list(tuple(names))
        rest = len(names) - _NAMES_SHOWN
        return self.fmt.list([*names[:_NAMES_SHOWN],
                              str(self.ngettext("%(n)s other", "%(n)s others", rest, n=rest))])

    def subject(self, model_name: str | None, params_b: Decimal) -> Markup:
        if model_name:
            if _names_its_size(model_name, params_b):
                # "DeepSeek-V3 (671B MoE)" says it already
                return Subject.of(_escaped(model_name))
            if Decimal(0) < params_b < 1:
                # "Qwen2.5 0.5B (490M parameters)": in millions, not rounded to hundredths of
                # a billion.
                return Subject.of(self._("%(name)s (%(size)sM parameters)", name=model_name,
                                         size=self.fmt.num(params_b * 1000)))
            return Subject.of(self._("%(name)s (%(size)sB parameters)", name=model_name,
                                     size=self.fmt.num(params_b)))
        return a_model_of(self.locale, params_b, self.fmt.num)

    def bytes_read(self, size_bytes: Decimal | None, tokens: Decimal | None) -> Markup | None:
        """"a 50MB jsonl": the tokens its size was taken as, and on what assumption."""
        if size_bytes is None or tokens is None:
            return None
        return _safe("📄 " + self._(
            "%(size)s taken as about %(tokens)s: about %(chars)s characters a token (OpenAI's "
            "rule of thumb for English text) and one byte a character. A JSONL or CSV file's "
            "keys and quotes are in its bytes but are not trained on, so the file holds fewer "
            "tokens: count them with the model's tokenizer for a firm figure.",
            size=self.fmt.data_size(size_bytes), tokens=self.fmt.tokens(tokens),
            chars=self.fmt.num(chars_per_token()),
        ))

    def compute_optimal(self, assumed: bool, tokens: Decimal | None) -> Markup | None:
        """"Cost to train a 7b from scratch", no tokens said: the tokens assumed, and why."""
        if not assumed or tokens is None:
            return None
        return _safe("📚 " + self._(
            "No tokens given: %(tokens)s assumed, the compute-optimal %(per)s tokens a parameter "
            "of the Chinchilla paper (Hoffmann et al. 2022). Current models train far longer "
            "(Llama 2 7B on 2 trillion tokens): the time and cost grow in proportion.",
            tokens=self.fmt.tokens(tokens), per=self.fmt.num(tokens_per_param()),
        ))

    def step_share(self, timed: Any, method: str) -> Markup | None:
        """Why the utilization assumed is below the matmuls' (rules.training_time.StepCost): a
        micro-step's fixed costs (and a 4-bit base's dequantization) take a share of it,
        smaller as its tokens grow. None when it is the matmuls' own or measured."""
        mfu = getattr(timed, "mfu", None)
        if mfu is None or not getattr(timed, "mfu_assumed", False):
            return None
        values = {"mfu": self.fmt.percent(mfu * 100, 0),
                  "matmuls": self.fmt.percent(training_mfu() * 100, 0),
                  "seconds": self.fmt.num(step_overhead_s())}
        if values["mfu"] == values["matmuls"]:
            return None  # "the 50% assumed is 50% …": nothing to explain at this rounding
        gpu = getattr(timed, "gpu", None)
        # mlx-lm multiplies the packed 4-bit weights: no dequantization pass on a Mac.
        quantized = self.cat.method(method).quantized_base and not (
            gpu is not None and self.cat.gpu(gpu).platform == "metal")
        if quantized:
            return self._(
                "The %(mfu)s assumed is %(matmuls)s for the matmuls, less the share of each "
                "micro-step that its fixed costs (about %(seconds)s s of kernel launches and "
                "Python) and dequantizing the 4-bit weights take: more tokens a micro-step hide "
                "more of them.", **values)
        return self._(
            "The %(mfu)s assumed is %(matmuls)s for the matmuls, less the share of each "
            "micro-step that its fixed costs (about %(seconds)s s of kernel launches and Python) "
            "take: more tokens a micro-step hide more of them.", **values)

    def typical_micro(self, timed: Any) -> Markup | None:
        """The micro-batch a run with none said is timed at (detail._typical_micro): the
        Trainer's default where the configuration holds it, else the largest below that does,
        with its memory there. None: timed at micro-batch 1 (or as said)."""
        micro = getattr(timed, "typical_micro", None)
        gb = getattr(timed, "typical_micro_gb", None)
        if micro is None or gb is None or timed.gpu is None:
            return None
        values = {"batch": self.fmt.num(micro, 0), "default": self.fmt.num(TRAINER_BATCH, 0),
                  "config": self.config(timed.gpu, timed.gpu_count),
                  "gb": self.fmt.gb(gb, 1), "margin": self._margin()}
        if micro == TRAINER_BATCH:
            return self._(
                "This assumes micro-batch %(batch)s, the Hugging Face Trainer's default (TRL "
                "keeps it), which %(config)s holds with the planning rule's %(margin)s margin "
                "to spare (about %(gb)s per GPU); the memory check is at micro-batch 1, the "
                "least the run needs.", **values)
        return self._(
            "This assumes micro-batch %(batch)s, the largest up to the Hugging Face Trainer's "
            "default of %(default)s that %(config)s holds with the planning rule's %(margin)s "
            "margin to spare (about %(gb)s per GPU); the memory check is at micro-batch 1, the "
            "least the run needs.", **values)

    def _margin(self) -> str:
        """The planning margin a micro-batch people keep leaves free (detail.planning_margin)."""
        return self.fmt.percent((planning_margin(self.cat) - 1) * 100, 0)

    def same_paid_faster(self, timed: Any) -> Markup | None:
        """A run paid the same blocks that ends in at most half the time (detail.TrainingEstimate
        .same_paid_faster), after the quote of the one timed; None: there is none."""
        found = getattr(timed, "same_paid_faster", None)
        if found is None or timed.quote is None or timed.wall_clock_hours is None:
            return None
        option, hours = found
        return Markup("⚡ ") + self._(
            "For the same %(paid)s in blocks, the run takes about %(fast)s on %(where)s instead "
            "of %(slow)s.", paid=self.fmt.usd(timed.quote.plan.usd),
            fast=self.fmt.duration(hours), where=self.fit_config(option),
            slow=self.fmt.duration(timed.wall_clock_hours))

    def typical_micros(self, times: Sequence[Any]) -> Markup | None:
        """typical_micro for runs compared side by side: each card's micro-batch, or one for
        all when they agree. None: each at micro-batch 1 (or as said)."""
        micros = [getattr(t, "typical_micro", None) for t in times]
        if not any(micros):
            return None
        if len(times) == 1:
            return self.typical_micro(times[0])
        sizes = [self.fmt.num(m or 1, 0) for m in micros]
        values = {"default": self.fmt.num(TRAINER_BATCH, 0), "margin": self._margin()}
        if len(set(sizes)) == 1 and micros[0] == TRAINER_BATCH:
            return self._(
                "This assumes micro-batch %(batch)s on each, the Hugging Face Trainer's default "
                "(TRL keeps it), which each holds with the planning rule's %(margin)s margin to "
                "spare; the memory check is at micro-batch 1, the least the run needs.",
                batch=sizes[0], **values)
        if len(set(sizes)) == 1:
            return self._(
                "This assumes micro-batch %(batch)s on each, the most up to the Hugging Face "
                "Trainer's default of %(default)s that each holds with the planning rule's "
                "%(margin)s margin to spare; the memory check is at micro-batch 1, the least the "
                "run needs.", batch=sizes[0], **values)
        if None in micros:
            # (one holds no micro-batch above 1 with the margin free: not said to leave it)
            return self._(
                "This assumes micro-batches of %(batches)s, in that order: the most up to the "
                "Hugging Face Trainer's default of %(default)s that each holds with the planning "
                "rule's %(margin)s margin to spare, else 1; the memory check is at micro-batch "
                "1, the least the run needs.", batches=self.fmt.list(sizes), **values)
        return self._(
            "This assumes micro-batches of %(batches)s, in that order, the most up to the "
            "Hugging Face Trainer's default of %(default)s that each holds with the planning "
            "rule's %(margin)s margin to spare; the memory check is at micro-batch 1, the least "
            "the run needs.", batches=self.fmt.list(sizes), **values)

    def attention_flops(self, timed: Any) -> Markup | None:
        """Attention's own FLOPs beside k·N (rules.training_time.attention_flops_per_token), for
        a time or a tokens/s estimate (`timed`: TrainingEstimate or TrainingThroughput): as a
        multiple of N, its share of the compute, at the sequence timed ("0.075·N FLOPs a token
        at 512 tokens, 1.2 %"); with no shape on file, that it is left out. None: no FLOPs
        estimate (a measured speed)."""
        k, n = getattr(timed, "flops_per_param_token", None), getattr(timed, "params_b", None)
        if k is None or n is None:
            return None
        attention = getattr(timed, "attention", None)
        if attention is None:
            return self._("Attention's own FLOPs, which grow with the tokens a sample holds, "
                          "are left out: no layer shape of this model is on file.")
        per_n = attention.flops_per_token / (n * 10**9)
        share = attention.flops_per_token / (k * n * 10**9 + attention.flops_per_token)
        step = Decimal(10) ** (per_n.adjusted() - 1)  # two significant figures
        values = {"a": self.fmt.num((per_n / step).to_integral_value() * step),
                  "len": self.fmt.num(attention.seq_len),
                  "share": self.fmt.percent(share * 100, 1)}
        if attention.window is not None and attention.chunked:
            return self._(
                "Attention's own matmuls add %(a)s·N FLOPs a token at %(len)s tokens a sample, "
                "%(share)s of the compute: 2·layers·T·width forward under a causal mask (its "
                "chunked layers within their %(window)s-token chunks only), 2.5 times that "
                "backward (FlashAttention's count), and a forward again with checkpointing.",
                window=self.fmt.num(attention.window), **values)
        if attention.window is not None:
            return self._(
                "Attention's own matmuls add %(a)s·N FLOPs a token at %(len)s tokens a sample, "
                "%(share)s of the compute: 2·layers·T·width forward under a causal mask (its "
                "sliding-window layers over their last %(window)s tokens only), 2.5 times that "
                "backward (FlashAttention's count), and a forward again with checkpointing.",
                window=self.fmt.num(attention.window), **values)
        return self._(
            "Attention's own matmuls add %(a)s·N FLOPs a token at %(len)s tokens a sample, "
            "%(share)s of the compute: 2·layers·T·width forward under a causal mask, 2.5 times "
            "that backward (FlashAttention's count), and a forward again with checkpointing.",
            **values)

    def flops_split(self, adapter: bool, ckpt: bool) -> Markup:
        """What the time's k·N·D is made of when it is not full fine-tuning's plain 6·N·D
        (rules/data/detailed.toml flops.*): LoRA and QLoRA take 4·N·D (the frozen base needs
        no weight gradients; an approximation), gradient checkpointing adds 2·N·D (the forward
        pass again). 'How long' answers time each method so, in every language."""
        if adapter and ckpt:
            return self._(
                "LoRA and QLoRA take 4·N·D, not full fine-tuning's 6·N·D: the frozen base needs "
                "no weight gradients (an approximation); gradient checkpointing adds 2·N·D, the "
                "forward pass again.")
        if adapter:
            return self._(
                "LoRA and QLoRA take 4·N·D, not full fine-tuning's 6·N·D: the frozen base needs "
                "no weight gradients (an approximation).")
        return self._(
            "Full fine-tuning takes 6·N·D (Kaplan et al. 2020); gradient checkpointing adds "
            "2·N·D, the forward pass again.")

    def runs_said(self, runs: int | None, tokens: Decimal | None) -> Markup | None:
        """"6 runs of … on 20M tokens each": the tokens counted are all the runs'."""
        if not runs or tokens is None:
            return None
        return _safe("🔁 " + self._(
            "%(runs)s runs of %(each)s each: %(total)s in all, timed and priced as one run after "
            "another on the same configuration (side by side on more GPUs they take as many "
            "GPU-hours).",
            runs=self.fmt.num(runs), each=self.fmt.tokens(tokens / runs),
            total=self.fmt.tokens(tokens),
        ))

    def samples_bound(self, samples: int | None, seq_len: int | None,
                      paired: bool | None = None) -> Markup | None:
        """"20k examples, seq 1024": the run's tokens were counted at the sequence length.
        Preference pairs ("dpo … 20k pairs, max_length 2048") are said as pairs, each of
        their two sequences at that length (were "20,000 samples")."""
        if not samples or not seq_len:
            return None
        if paired:
            return self._(
                "At most: %(samples)s pairs, their chosen and rejected sequences each counted "
                "at your sequence length, %(seq)s tokens; shorter ones make the run shorter.",
                samples=self.fmt.num(samples), seq=self.fmt.num(seq_len),
            )
        return self._(
            "At most: %(samples)s samples counted at your sequence length, %(seq)s tokens each; "
            "shorter samples make the run shorter.",
            samples=self.fmt.num(samples), seq=self.fmt.num(seq_len),
        )

    def sample_room(self, avg: int, room: LongestContext | None) -> Markup:
        """"5000 examples avg 300 tokens": the estimate is at the average, each sample its own
        sequence; the longest sample sets the peak, and how long one may be when known."""
        if room is not None and room.capped and room.model_max is not None:
            return self._(
                "📏 At your average of %(avg)s tokens a sample, each sample its own sequence (not "
                "packed, so no padding at batch 1). The longest sample sets the peak: samples up "
                "to the model's whole context (%(tokens)s tokens) fit there.",
                avg=self.fmt.num(avg), tokens=self.fmt.num(room.tokens),
            )
        if room is not None and room.tokens > avg and not room.capped:
            return self._(
                "📏 At your average of %(avg)s tokens a sample, each sample its own sequence (not "
                "packed, so no padding at batch 1). The longest sample sets the peak: up to "
                "about %(tokens)s tokens fit there; truncate longer ones (max_length).",
                avg=self.fmt.num(avg), tokens=self.fmt.num(room.tokens),
            )
        return self._(
            "📏 At your average of %(avg)s tokens a sample, each sample its own sequence (not "
            "packed, so no padding at batch 1). The longest sample sets the peak.",
            avg=self.fmt.num(avg),
        )

    def need(self, mem: Memory) -> Markup:
        if mem.high_gb is not None and mem.floor_gb is not None and mem.high_gb != mem.floor_gb:
            low, high = self.fmt.gb_span(mem.floor_gb, mem.high_gb)  # "128–144 GB"
            return self._("%(low)s–%(high)s", low=low, high=high)
        return _safe("≈ " + _escaped(self.size(mem.estimate_gb)))

    def size(self, gb: Decimal) -> str:
        """A planning figure in GB, rounded as precisely as it is meant (see _places)."""
        return self.fmt.gb(gb, _places(gb))

    def memory(self, gb: Decimal) -> str:
        """A GPU's memory as the detailed estimate counts it: "25.76 GB (24 GiB)" where it is
        the total CUDA reports in MiB (a "24 GB" RTX 4090's 24564 MiB), so that it reads as the
        same card's marketing size; plain "48 GB" otherwise (no cited total, a size stated)."""
        text = self.fmt.gb(gb)
        exact = gb * _BYTES_PER_GB
        if gb == gb.to_integral_value():
            return text
        if exact != exact.to_integral_value() or int(exact) % _MIB:
            # A size the user wrote in GiB ("total capacity of 23.65 GiB"): "25.39 GB (23.65 GiB)".
            gib = exact / _GIB
            if gib != gib.quantize(_CENT):
                return text
            return str(self._("%(gb)s (%(gib)s GiB)", gb=text, gib=self.fmt.num(gib)))
        return str(self._("%(gb)s (%(gib)s GiB)", gb=text,
                          gib=self.fmt.num(exact / _GIB, 1)))

    def headroom(self, f: Fit) -> Markup:
        return _headroom(self.locale, f.fits, f.headroom_gb)

    def vllm_flag(self, utilization: Decimal, said: bool) -> Markup:
        """vLLM's share of each GPU as the flag that sets it, the user's or its default:
        "your --gpu-memory-utilization 0.8", "its default --gpu-memory-utilization 0.9"."""
        if said:
            return self._("your <code>--gpu-memory-utilization %(value)s</code>",
                          value=str(utilization))
        return self._("its default <code>--gpu-memory-utilization %(value)s</code>",
                      value=str(utilization))

    def tgi_flag(self, share: Decimal) -> Markup:
        """TGI's share of each GPU as what sets it (rules/data/serving.toml tgi.memory_fraction):
        its --cuda-memory-fraction (1.0) times TGI_WIGGLE_ROOM."""
        return self._("its default <code>--cuda-memory-fraction 1.0</code> times "
                      "<code>TGI_WIGGLE_ROOM</code> %(value)s", value=str(share))

    def share_gb(self, share_gb: Decimal, figure_gb: Decimal) -> str:
        """The share of a GPU an estimate is held to (vLLM's, TGI's), beside that estimate in
        tenths: in tenths too, unless its tenths would not tell the verdict ("11.9 GB of the
        11.9 GB vLLM takes" with ❌: 11.85 it is); then in as many places as it takes."""
        shown = figure_gb.quantize(_TENTH, ROUND_HALF_UP)
        for places in (1, 2, 3):
            value = share_gb.quantize(Decimal(1).scaleb(-places), ROUND_HALF_UP)
            if (shown <= value) if figure_gb <= share_gb else (shown > value):
                return self.fmt.gb(share_gb, places)
        return self.fmt.gb(share_gb, 3)

    def room(self, fits: bool, headroom_gb: Decimal) -> Markup:
        """What is left (or short) of a figure other than the planning one."""
        return _headroom(self.locale, fits, headroom_gb)

    def gpus_needed(self, f: Fit) -> int | None:
        return gpus_needed(f)

    def verdict_icon(self, fits: bool) -> str:
        return "✅" if fits else "❌"

    def sharding(self, inference: bool = False, gguf: bool = False,
                 replicated: bool = False, zero: str | None = None) -> Markup:
        """How the GPUs share the model; `replicated`: DDP named (PyTorch's
        DistributedDataParallel keeps a whole replica on every GPU); `zero`: "zero1" or
        "zero2" named (ZeRO paper, Figure 1: stage 1 splits the optimizer states, stage 2 the
        gradients too, stage 3 the weights too)."""
        if zero == "zero1":
            return self._(
                "With DeepSpeed ZeRO-1, every GPU holds the whole model and its gradients; only "
                "the optimizer states are split across the GPUs (ZeRO paper, Figure 1). ZeRO-2 "
                "splits the gradients too, ZeRO-3 (or FSDP) the weights as well."
            )
        if zero == "zero2":
            return self._(
                "With DeepSpeed ZeRO-2, every GPU holds the whole model; its gradients and "
                "optimizer states are split across the GPUs (ZeRO paper, Figure 1). ZeRO-3 (or "
                "FSDP) splits the weights too."
            )
        if replicated:
            return self._(
                "With DDP, every GPU holds a whole copy of the model, its gradients and "
                "optimizer states: more GPUs do not lower the memory each needs. FSDP or "
                "DeepSpeed ZeRO-3 shard them across the GPUs."
            )
        if gguf:  # llama.cpp's default --split-mode layer: whole layers on each card
            return self._(
                "With several GPUs, llama.cpp splits the model's layers across them (its "
                "default, --split-mode layer)."
            )
        if inference:
            return self._(
                "With several GPUs, the model is assumed to be split across them "
                "(tensor parallelism)."
            )
        return self._(
            "With several GPUs, the model is assumed to be sharded across them "
            "(FSDP or DeepSpeed ZeRO-3)."
        )

    def activations(self) -> Markup:
        text = self._(
            "Planning rules from the cited sources, not measurements. Activations are extra: "
            "sequence length and batch size change them; gradient checkpointing reduces them."
        )
        return _safe(f"ℹ️ <i>{text}</i>")

    def on_mac(self, gpu: str | None) -> bool:
        """Whether the card is a Mac's unified memory: one GPU, its share of the machine's
        memory, so "per GPU" and "each GPU has" do not apply."""
        return gpu is not None and self.cat.gpu(gpu).unified_memory

    def mac_assumed(self, card: GPU) -> Markup:
        """A Mac named without its memory: the size assumed, and the ones it comes with."""
        sizes = [self.fmt.gb(o) for o in card.memory_options_gb]
        text = self._(
            "I assumed the %(size)s %(chip)s; it comes with %(sizes)s: tell me yours (for "
            "example “%(chip)s 64 GB”).",
            chip=card.name, size=self.fmt.gb(card.vram_gb), sizes=self.fmt.list(sizes, "or"),
        )
        return _safe(f"ℹ️ {text}")

    def kv_cache(self) -> Markup:
        text = self._(
            "Planning rules, not measurements. The KV cache is extra and grows with context "
            "length and batch size."
        )
        return _safe(f"ℹ️ <i>{text}</i>")

    def note(self, n: Note, mem: Memory | None = None, offload: bool = False) -> Markup:
        """`mem`: the method's memory, which says what a floor is made of; `offload`: the user
        stated CPU offload (training: what exceeds the GPUs then waits in CPU RAM)."""
        p, code = n.params, n.code

        def gb(key: str) -> str:
            value = p[key]
            assert isinstance(value, Decimal | int)
            return self.fmt.gb(value)

        if code == "weights_exceed_vram":
            floor = p["floor_gb"]
            if mem is not None and isinstance(floor, Decimal) \
                    and self.fp32_served(self._method(mem.method)):
                # FP32 weights: 4 bytes a parameter, twice the BF16 floor.
                return self._(
                    "Even the FP32 weights alone take %(floor)s, more than the %(vram)s "
                    "available.", floor=self.fmt.gb(floor * 2), vram=gb("vram_gb"))
            return self._floor_exceeds(gb("floor_gb"), gb("vram_gb"), mem, offload)
        if code == "paper_fit_only":
            return self._(
                "This configuration holds the 16-byte figure (%(floor)s) on paper but leaves "
                "only %(left)s for activations, so the planning rule marks it as not fitting.",
                floor=gb("floor_gb"),
                left=gb("left_gb"),
            )
        if code == "qlora_paper_tight":
            return self._(
                "This configuration misses the planning estimate, although the QLoRA authors "
                "did fit a %(size)sB model on one %(paper)s GPU: possible with short sequences "
                "and paged optimizers, but with no margin on %(vram)s.",
                vram=gb("vram_gb"),
                size=self.fmt.num(Decimal(str(p["paper_params_b"]))),
                paper=gb("paper_vram_gb"),
            )
        if code == "floor_fits_estimate_misses":
            return self._(
                "The bare weights (%(floor)s) would fit, but not the planning margin.",
                floor=gb("floor_gb"),
            )
        if code == "sharding_assumed":
            return self.sharding()
        if code == "adamw_range":
            return self._(
                "EleutherAI counts 16 bytes per parameter (%(low)s), Hugging Face 18 "
                "(%(high)s); the fit uses 18.",
                low=gb("low_gb"),
                high=gb("high_gb"),
            )
        return Markup()

    def licence(self, model_id: str | None, gated: bool) -> Markup:
        """Whose terms to accept before downloading a gated model: per family."""
        text = self._gating(model_id, gated)
        return _safe(f"🔒 {text}") if text else Markup()

    def _gating(self, model_id: str | None, gated: bool) -> str:
        found = licence_note(model_id, gated)
        if found is None:
            return ""
        licence = found.params.get("licence")
        if licence == "meta_llama":
            return self._(
                "The Llama repositories on Hugging Face are gated: accept Meta's license on the "
                "model page first."
            )
        if licence == "google_gemma":
            return self._(
                "The Gemma repositories on Hugging Face are gated: accept Google's Gemma terms "
                "of use on the model page first."
            )
        if licence == "tii_falcon_180b":
            return self._(
                "The Falcon 180B repository on Hugging Face is gated: accept TII's Falcon-180B "
                "license on the model page first."
            )
        return self._(
            "This model's repository on Hugging Face is gated: accept its license on the "
            "model page first."
        )

    def licence_lead(self, name: str, model_id: str | None, gated: bool,
                     licence: str | None) -> Markup:
        """"Do i need to accept a license for llama 3 8b": the gating answered first, with the
        weights' licence id on file (models.toml `licence`)."""
        said = self._("License: %(licence)s.", licence=Markup("<code>%s</code>") % licence) \
            if licence else ""
        if gated:
            return _safe(f"🔒 <b>{self._gating(model_id, gated)}</b> {said}".rstrip())
        text = self._(
            "%(model)s's repository on Hugging Face is not gated: it downloads without "
            "accepting terms first.", model=name)
        return _safe(f"🔓 <b>{text}</b> {said}".rstrip())

    def off_metal(self, engine: str, name: str) -> str:
        """A serving engine that does not run a model on a Mac's GPU (rules/data/serving.toml
        [metal]), named on a Mac: said instead of sized."""
        if engine == "vllm":
            return str(self._(
                "vLLM does not run on a Mac's GPU: on macOS it runs on the CPU only "
                "(experimental, built from source, as vLLM's installation guide says); the "
                "community plugin vllm-metal runs it on Metal."))
        return str(self._("%(engine)s does not run on a Mac's GPU.", engine=name))

    def family_licence(self, family: tuple[str, ...]) -> Markup:
        """A family named without a size and its gating asked: answered for all its models on
        file when they agree, else which are gated."""
        specs = [self.cat.models.get(model_id) for model_id in family]
        gated = [spec for spec in specs if spec.gated]
        if len(gated) == len(specs):
            return self.licence_lead(specs[0].name, specs[0].id, True, None)
        if not gated:
            text = self._("None of these models' repositories on Hugging Face is gated: they "
                          "download without accepting terms first.")
            return _safe(f"🔓 <b>{text}</b>")
        text = self._("Gated on Hugging Face (accept the license on the model page first): "
                      "%(gated)s. Not gated: %(free)s.",
                      gated=self.fmt.list([spec.name for spec in gated]),
                      free=self.fmt.list([spec.name for spec in specs if not spec.gated]))
        return _safe(f"🔒 {text}")

    def launch(self, primary: Any, sharding: str | None = None, elsewhere: bool = False) -> Markup:
        """The seed's TRL command for the configuration that runs (`primary`: a
        MethodAnswer): the asked one when it fits, else the cheapest that does; nothing when
        nothing fits. Several GPUs take an Accelerate profile: fsdp2, or zero3 (DeepSpeed
        ZeRO-3); the strategy the user stated (`sharding`: "ddp", "zero2" …) when the asked
        configuration runs with it, TRL's profile of that name (multi_gpu for DDP; TRL
        docs, "Command Line Interfaces", predefined config profiles)."""
        flags, method = primary.trl_flags, primary.memory.method
        if not flags or self.method_kind(method) == "inference":
            return Markup()
        asked, cheapest = primary.fit, primary.cheapest
        if elsewhere:
            asked = None  # the user's Mac, where TRL does not run: the rented configuration
        target = asked if asked is not None and asked.fits else cheapest
        if target is None:
            return Markup()
        if target.gpu_count == 1:
            # One GPU shards nothing: the seed's Accelerate profiles (fsdp2, zero3) are for
            # several ("full finetune llama 3 8b on a b200" runs without one).
            flags = " ".join(_ACCELERATE_CONFIG.sub(" ", flags).split())
        if target.gpu_count == 1 and not flags:
            text = self._(
                "Next: with Hugging Face TRL, run it on %(cfg)s without "
                "<code>--accelerate_config</code>: its profiles (fsdp2, zero3) are for several "
                "GPUs.",
                cfg=self.fit_config(target))
        elif target.gpu_count == 1 and ((asked is None and not elsewhere) or target is asked):
            # (on the user's Mac, the rented GPU is named: "run it" there was the Mac)
            text = self._("Next: with Hugging Face TRL, run it with <code>%(flags)s</code>.",
                          flags=flags)
        elif target.gpu_count == 1:
            text = self._(
                "Next: with Hugging Face TRL, on %(cfg)s, run it with <code>%(flags)s</code>.",
                cfg=self.fit_config(target), flags=flags,
            )
        elif sharding in _TRL_PROFILES and target is asked:
            # "ddp or fsdp for lora 8b on 2x 4090", "full ft … deepspeed zero2": the strategy
            # the reply is about, not another one.
            kept = " ".join(_ACCELERATE_CONFIG.sub(" ", flags).split())
            flags = f"{kept} --accelerate_config {_TRL_PROFILES[sharding]}".strip()
            text = self._(
                "Next: with Hugging Face TRL, on %(cfg)s, run it with <code>%(flags)s</code>.",
                cfg=self.fit_config(target), flags=flags,
            )
        else:
            if "--accelerate_config" not in flags:
                flags = f"{flags} --accelerate_config fsdp2"
            other, name = ("fsdp2", "FSDP") if "zero3" in flags else ("zero3", "DeepSpeed ZeRO-3")
            text = self._(
                "Next: with Hugging Face TRL, on %(cfg)s, run it with <code>%(flags)s</code> "
                "(or <code>--accelerate_config %(other)s</code> for %(name)s).",
                cfg=self.fit_config(target), flags=flags, other=other, name=name,
            )
        return _safe(f"🛠 {text}")

    def launch_offloaded(self, primary: Any, fsdp: bool) -> Markup:
        """The TRL command on the user's own card with the CPU offload they stated: an
        Accelerate config of their own that offloads, since TRL's profiles (zero3, fsdp2) keep
        everything on the GPUs (TRL docs, "Command Line Interfaces": --accelerate_config takes
        a profile name or a path to a config file)."""
        flags = " ".join(_ACCELERATE_CONFIG.sub(" ", primary.trl_flags).split())
        if fsdp:
            config, keys = "fsdp_offload.yaml", "<code>fsdp_offload_params: true</code>"
            name = "FSDP"
        else:
            config = "zero3_offload.yaml"
            keys = self.fmt.list(["<code>zero_stage: 3</code>",
                                  "<code>offload_optimizer_device: cpu</code>",
                                  "<code>offload_param_device: cpu</code>"])
            name = "DeepSpeed"
        text = self._(
            "Next: with Hugging Face TRL, run it with <code>%(command)s</code>, %(config)s being "
            "an Accelerate config of your own with %(name)s's %(keys)s: TRL's own profiles "
            "offload nothing.",
            command=(flags + " --accelerate_config " + config).strip(), config=config, name=name,
            keys=_safe(keys))
        return _safe(f"🛠 {text}")

    def _floor_exceeds(
        self, floor: str, vram: str, mem: Memory | None, offload: bool = False
    ) -> Markup:
        """What the floor is depends on the method: the weights in their precision, or for
        full fine-tuning weights + gradients + optimizer states (16 bytes per parameter).
        With CPU offload stated, a training run keeps them in CPU RAM, not on the GPUs."""
        spec = self._method(mem.method if mem is not None else None)
        bits = spec.weight_bits if spec is not None else None
        if offload and spec is not None and spec.full and mem is not None:
            return self._(
                "The weights, gradients and optimizer states take %(floor)s, more than the "
                "%(vram)s of GPU memory: with the CPU offload you stated, they are held in CPU "
                "RAM, not on the GPUs (the detailed estimate says what each GPU keeps).",
                floor=floor,
                vram=vram,
            )
        if offload and spec is not None and spec.kind == "training":
            return self._(
                "The frozen weights take %(floor)s, more than the %(vram)s of GPU memory: with "
                "the CPU offload you stated, they are kept in CPU RAM and each layer comes to "
                "the GPU when it is computed.",
                floor=floor,
                vram=vram,
            )
        if spec is not None and spec.full and mem is not None:
            weights_per_b = Decimal(spec.weight_bits) / 8  # GB per billion parameters
            return self._(
                "Even the weights, gradients and optimizer states alone take %(floor)s, more "
                "than the %(vram)s available (the BF16 weights themselves are %(weights)s).",
                floor=floor,
                vram=vram,
                weights=self.fmt.gb(mem.params_b * weights_per_b),
            )
        if spec is not None and spec.quant is not None:
            return self._(
                "Even the %(quant)s weights alone take %(floor)s, more than the %(vram)s "
                "available.",
                quant=spec.quant,
                floor=floor,
                vram=vram,
            )
        if spec is not None and spec.bits_per_weight is not None:
            return self._(
                "Even the weights alone, at %(bits)s bits each, take %(floor)s, more than the "
                "%(vram)s available.",
                bits=self.fmt.num(spec.bits_per_weight),
                floor=floor,
                vram=vram,
            )
        if bits == 4:
            return self._(
                "Even the 4-bit weights alone take %(floor)s, more than the %(vram)s available.",
                floor=floor,
                vram=vram,
            )
        if bits == 8:
            return self._(
                "Even the 8-bit weights alone take %(floor)s, more than the %(vram)s available.",
                floor=floor,
                vram=vram,
            )
        if bits == 16:
            return self._(
                "Even the BF16 weights alone take %(floor)s, more than the %(vram)s available.",
                floor=floor,
                vram=vram,
            )
        return self._(
            "Even the weights alone take %(floor)s, more than the %(vram)s available.",
            floor=floor,
            vram=vram,
        )

    def blocks_listed(self, plan: BlockPlan) -> str:
        """"2 blocks of 10 GPU-hours and 1 block of 24 GPU-hours"."""
        return self.fmt.list([
            str(self.ngettext(
                "%(num)d block of %(size)s GPU-hours",
                "%(num)d blocks of %(size)s GPU-hours",
                n,
                size=self.fmt.num(size),
            ))
            for size, n in plan.blocks
        ])

    def budget_blocks(self, budget_usd: Decimal, gpu: str, plan: BlockPlan | None) -> Markup:
        """GPU-hours are sold only in blocks: what a budget buys whole, when the blocks
        covering the hours it buys at the hourly rate would cost more than it."""
        fmt = self.fmt
        budget = fmt.usd_short(budget_usd)
        if plan is None:
            smallest = self.cat.pricing.block_hours[0]
            price = self.cat.gpu(gpu).usd_per_gpu_hour
            assert price is not None
            said = self._(
                "GPU-hours are sold in blocks, and the smallest, %(size)s GPU-hours of the "
                "%(gpu)s, costs %(paid)s: more than %(budget)s.",
                size=fmt.num(smallest), gpu=self.gpu_name(gpu), paid=fmt.usd(price * smallest),
                budget=budget,
            )
        else:
            said = self.ngettext(
                "GPU-hours are sold in blocks: within %(budget)s you can buy %(listed)s "
                "(%(bought)s GPU-hour, %(paid)s).",
                "GPU-hours are sold in blocks: within %(budget)s you can buy %(listed)s "
                "(%(bought)s GPU-hours, %(paid)s).",
                plan.hours_bought,
                budget=budget, listed=self.blocks_listed(plan),
                bought=fmt.num(plan.hours_bought), paid=fmt.usd(plan.usd),
            )
        return _safe(f"🧱 {said}")

    def budget_trains(self, speed: TrainingSpeed, hours: Decimal, who: Markup) -> Markup:
        """A budget buys hours, a run needs tokens: what the hours bought train of the model
        ("Those hours train Kimi K2 (1T MoE) on about 27 million tokens …"), at the assumed
        utilization, N a mixture of experts' active parameters. The hours are not said again:
        the line above says them."""
        fmt, tp = self.fmt, speed.throughput
        assert tp is not None and speed.gpu is not None
        exact = tp.total_tokens_per_second * hours * 3600
        step = Decimal(10) ** max(0, exact.adjusted() - 1)  # two significant figures
        facts: dict[str, Any] = dict(
            who=who, tokens=fmt.tokens((exact / step).to_integral_value() * step),
            how=self.method_short(speed.method), k=fmt.num(tp.flops_per_param_token),
            n=fmt.num(tp.params_b), mfu=fmt.percent(tp.mfu * 100, 0),
            gpu=self.gpu_name(speed.gpu), rate=fmt.num(tp.total_tokens_per_second, 0))
        if any(n.code == "moe_active" for n in tp.assumptions):
            said = self._(
                "Those hours train %(who)s on about %(tokens)s (%(how)s): %(k)s·N·D FLOPs "
                "with N its %(n)sB active parameters (a mixture of experts), at an assumed "
                "%(mfu)s of the %(gpu)s's peak (about %(rate)s tokens/s): an estimate, not a "
                "measurement.", **facts)
        else:
            said = self._(
                "Those hours train %(who)s on about %(tokens)s (%(how)s): %(k)s·N·D FLOPs "
                "with N its %(n)sB parameters, at an assumed %(mfu)s of the %(gpu)s's peak "
                "(about %(rate)s tokens/s): an estimate, not a measurement.", **facts)
        attention = self.attention_flops(tp)
        if attention is not None:
            said = said + " " + attention
        return _safe("⏱ ") + said

    def foreign_rates(self, rates: Sequence[BudgetBuys]) -> Markup:
        """Beside a budget in another currency, not converted: what round sums in dollars buy
        at the configuration's hourly price ("At $2.32/hour on 1× H100, $100 buys 43.1 hours,
        …"), for the user to compare at their own exchange rate."""
        fmt, first = self.fmt, rates[0]
        bought: list[str] = [
            self.ngettext("%(budget)s buys %(hours)s hour", "%(budget)s buys %(hours)s hours",
                          r.hours, budget=fmt.usd_short(r.budget_usd), hours=fmt.num(r.hours, 1))
            for r in rates]
        return self._(
            "At %(price)s on %(where)s, %(bought)s (before rounding to whole blocks of "
            "GPU-hours): compare at your own exchange rate.",
            price=self.per_hour(first.usd_per_hour), where=self.config(first.gpu, first.gpu_count),
            bought=fmt.list(bought))

    def budget_bought(self, bought: BudgetBuys, plan: BlockPlan | None) -> Markup:
        """What a budget buys under the published billing rules, for the headline: the hours
        of the whole blocks within it ("$100 buys 40 hours of 1× H100 in whole blocks: 4 blocks
        of 10 GPU-hours (40 GPU-hours, $92.80)"), or that it buys no block at all; then the
        rate's hours, which no purchase gives, as the reason. Was "$100 buys 43.1 hours … at
        $2.32/hour" leading, the blocks second."""
        fmt = self.fmt
        budget = fmt.usd_short(bought.budget_usd)
        price = self.cat.gpu(bought.gpu).usd_per_gpu_hour
        assert price is not None
        if plan is None:
            smallest = self.cat.pricing.block_hours[0]
            head = self._(
                "%(budget)s does not buy a block of the %(gpu)s: GPU-hours are sold in blocks, "
                "and the smallest, %(size)s GPU-hours, costs %(paid)s.",
                budget=budget, gpu=self.gpu_name(bought.gpu), size=fmt.num(smallest),
                paid=fmt.usd(price * smallest))
            # A top-up that small is taken; what it lacks for the smallest block is the answer
            # to "if i top up $5 how many hours".
            short = self._(
                "Top-ups start at %(minimum)s, but GPU-hours are bought only in whole blocks: "
                "%(budget)s is %(short)s short of the smallest.",
                minimum=fmt.usd_short(self.cat.payment.min_top_up_usd), budget=budget,
                short=fmt.usd(price * smallest - bought.budget_usd))
            return _safe(f"💵 <b>{head}</b>\n🧱 {short}")
        hours = Decimal(plan.hours_bought) / bought.gpu_count
        # Where the hours at the rate and the blocks' round to the same tenth ("$50 would be 1.3
        # hours, but the blocks within it give 1.3": 1.3 and 1.25), both to the hundredth.
        places = 1 if fmt.num(bought.hours, 1) != fmt.num(hours, 1) else 2
        head = self.ngettext(
            "%(budget)s buys %(hours)s hour of %(where)s in whole blocks: %(listed)s "
            "(%(bought)s GPU-hours, %(paid)s).",
            "%(budget)s buys %(hours)s hours of %(where)s in whole blocks: %(listed)s "
            "(%(bought)s GPU-hours, %(paid)s).",
            hours, budget=budget, hours=fmt.num(hours, places),
            where=self.config(bought.gpu, bought.gpu_count), listed=self.blocks_listed(plan),
            bought=fmt.num(plan.hours_bought), paid=fmt.usd(plan.usd))
        # The hours at the rate, as said: French "1,6 heure" is singular.
        rate = bought.hours.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
        why = self.ngettext(
            "GPU-hours are sold only in blocks: at %(price)s/hour, %(budget)s would be %(rate)s "
            "hour, but the blocks within it give %(hours)s.",
            "GPU-hours are sold only in blocks: at %(price)s/hour, %(budget)s would be %(rate)s "
            "hours, but the blocks within it give %(hours)s.",
            rate, price=fmt.usd_exact(bought.usd_per_hour), budget=budget,
            rate=fmt.num(bought.hours, places), hours=fmt.num(hours, places))
        return _safe(f"💵 <b>{head}</b>\n🧱 {why}")

    def budget_configs(self, gpu: str, configs: tuple[tuple[int, Decimal, Decimal], ...]
                       ) -> Markup:
        """"whats 1.2k get me on h200": the hours of the same whole blocks on the card's other
        priced configurations ("195 hours on 2× H200 ($6.14/hour)")."""
        fmt = self.fmt
        listed: list[str] = [self.ngettext(
            "%(hours)s hour on %(config)s (%(price)s)", "%(hours)s hours on %(config)s (%(price)s)",
            hours, config=self.config(gpu, count), price=self.per_hour(price),
            hours=fmt.num(hours, 2)) for count, price, hours in configs]
        return _safe("🧩 " + self._(
            "On the %(gpu)s's other configurations, the same GPU-hours are %(listed)s.",
            gpu=self.gpu_name(gpu), listed=fmt.list(listed)))

    def budget_for_hours(self, budget_usd: Decimal, hours: Decimal, q: Quote,
                         short: bool) -> Markup:
        """"biggest model i can qlora with $40 for 10 hours", no GPU named: the configuration
        the answer is on is the one holding the largest model of those whose hours the budget
        pays for in whole blocks (what is paid there), or, when it pays for them nowhere, the
        one they cost least on."""
        fmt = self.fmt
        said = hours.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
        values = {"budget": fmt.usd_short(budget_usd), "hours": fmt.num(hours, 1),
                  "paid": fmt.usd(q.plan.usd), "where": self.config(q.gpu, q.gpu_count)}
        if short:
            # As "what can i rent for $5 for 10 hours" says it (the budget's offers).
            head = self.ngettext(
                "%(budget)s keeps none of the configurations we offer for %(hours)s hour: "
                "the cheapest, %(config)s, takes %(paid)s (%(listed)s).",
                "%(budget)s keeps none of the configurations we offer for %(hours)s hours: "
                "the cheapest, %(config)s, takes %(paid)s (%(listed)s).",
                said, config=values["where"], listed=self.blocks_listed(q.plan), **values)
            return _safe(f"❌ <b>{head}</b>")
        return self.ngettext(
            "No GPU named: of the offered configurations whose %(hours)s hour %(budget)s pays "
            "for in whole blocks, %(where)s holds the largest model (%(paid)s); name a GPU for "
            "its own.",
            "No GPU named: of the offered configurations whose %(hours)s hours %(budget)s pays "
            "for in whole blocks, %(where)s holds the largest model (%(paid)s); name a GPU for "
            "its own.",
            said, **values)

    def quote_block(self, q: Quote) -> Markup:
        """The cost of a run and the blocks to buy for it. GPU-hours are sold only in blocks
        (the smallest is the minimum purchase): when the blocks cost more than the run, what
        is paid leads and the run's own cost follows."""
        fmt, _ = self.fmt, self._
        if q.plan.usd > q.cost_usd:
            return self._paid_block(q)
        # Hours assumed (none said, no data to time): the figure is labelled on its own line,
        # which a "tldr" keeps alone ("fine tune 13b full precision, how many h100s" printed
        # "Cost: $389.76 — 3× H100 × 56 hours", the 168 GPU-hours the method assumes).
        total = _("Illustrative cost: %(total)s", total=fmt.usd(q.cost_usd)) if q.hours_assumed \
            else _("Cost: %(total)s", total=fmt.usd(q.cost_usd))
        detail = self.ngettext(
            "%(cfg)s × %(wall)s at %(price)s = %(gh)s GPU-hour.",
            "%(cfg)s × %(wall)s at %(price)s = %(gh)s GPU-hours.",
            q.gpu_hours,
            cfg=self.config(q.gpu, q.gpu_count),
            wall=fmt.duration(q.hours),
            price=self.per_hour(q.usd_per_hour),
            gh=fmt.num(q.gpu_hours),
        )
        lines = [f"💵 <b>{total}</b> — {detail}\n"]
        if q.hours_assumed:
            warning = _(
                "The hours are an illustrative assumption, not a measurement: run time depends "
                "on training tokens, sequence length, batch size and software. Measure your own "
                "steps per hour on a short run before sizing a long one."
            )
            lines.append(f"⚠️ <i>{warning}</i>\n")
        buy = self.ngettext(
            "Buy %(listed)s (%(bought)s GPU-hour, %(paid)s).",
            "Buy %(listed)s (%(bought)s GPU-hours, %(paid)s).",
            q.plan.hours_bought,
            listed=self.blocks_listed(q.plan),
            bought=fmt.num(q.plan.hours_bought),
            paid=fmt.usd(q.plan.usd),
        )
        line = f"🧱 {buy}"
        # The plan counts whole hours; what is left over is exact (9.5 of a 10-hour block).
        spare_hours = Decimal(q.plan.hours_bought) - q.gpu_hours
        if spare_hours > 0:
            spare = self.ngettext(
                "The %(count)s spare GPU-hour never expires.",
                "The %(count)s spare GPU-hours never expire.",
                spare_hours,
                count=fmt.num(spare_hours),
            )
            line = f"{line} {spare}"
        lines.append(line)
        return _safe("".join(lines))

    def memory_said(self, card: GPU | str | None, said: Decimal | None) -> Markup | None:
        """ "8gb vram laptop 3060": the memory said is no card of that name's, and the reply is
        on the datasheet's (bot.understand.hardware.GpuMention.said_gb): both said, with the
        document the row reads its memory in."""
        if card is None or said is None:
            return None
        gpu = self.cat.gpu(card) if isinstance(card, str) else card
        if gpu.unified_memory:
            return None
        _, fmt = self._, self.fmt
        doc, size = memory_doc(gpu), fmt.gb(gpu.vram_gb)
        if doc is not None:
            line = _("You said %(said)s, but the %(gpu)s has %(size)s (%(doc)s) and comes in no "
                     "%(said)s version: this answer is for %(size)s.",
                     said=fmt.gb(said), gpu=self.gpu_name(gpu.id), size=size, doc=doc)
        else:
            line = _("You said %(said)s, but the %(gpu)s has %(size)s and comes in no %(said)s "
                     "version: this answer is for %(size)s.",
                     said=fmt.gb(said), gpu=self.gpu_name(gpu.id), size=size)
        return _safe("ℹ️ ") + line

    def electricity(self, answer: Answer, t: TrainingEstimate,
                    longer: TrainingEstimate | None = None) -> Markup | None:
        """ "how much would it cost in electricity … on my 3090, power is 0.30 $/kwh": the run's
        kWh on the cards it is timed on (each card's board power on file, or the watts said,
        × the cards × the hours) and, with a price a kWh, their cost in that currency
        (rules/electricity.py); said to be an upper bound for the GPUs alone. `longer`: the
        same run with the longer samples, when their length was not said (both given)."""
        query = answer.query
        if not query.electricity_asked or not t.asked or t.gpu is None \
                or t.wall_clock_hours is None:
            return None
        hours = [t.wall_clock_hours]
        if longer is not None and longer.asked and longer.wall_clock_hours is not None:
            hours.append(longer.wall_clock_hours)
        return self._electricity(query, t.gpu, t.gpu_count or 1, hours)

    def hours_electricity(self, query: Query) -> Markup | None:
        """ "¿cuánta luz gasta mi 3090 toda la noche?", "electricity for my 3090 running 10
        hours": hours on one's own card, no run to time, are their kWh (was "We don't rent the
        RTX 3090, so there is no price to quote"); None when no electricity or hours were
        said."""
        if not query.electricity_asked or query.gpu is None or query.hours is None \
                or query.hours <= 0:
            return None
        return self._electricity(query, query.gpu, query.gpu_count or 1, [query.hours])

    def _electricity(self, query: Query, gpu: str, count: int,
                     hours_run: list[Decimal]) -> Markup:
        """The kWh of `count` × `gpu` for each of `hours_run` (one, or a run's two lengths),
        with their cost at the price a kWh said."""
        _, fmt = self._, self.fmt
        row = board_power(gpu)
        if query.board_watts is None and row is None:
            return _safe("⚡ ") + _(
                "No board power is on file for the %(gpu)s: tell me its watts (for example “it "
                "draws 300 W”) and I will work out the electricity.", gpu=self.gpu_name(gpu))
        watts = query.board_watts if query.board_watts is not None \
            else row.watts  # type: ignore[union-attr]
        price, currency = query.kwh_price, query.kwh_currency
        runs = [run_energy(watts, count, hours, price) for hours in hours_run]

        def cost(value: Decimal | None) -> str:
            assert value is not None
            return fmt.money(value, currency) if currency else fmt.num(value)

        kwh = [fmt.num(r.kwh, 2) for r in runs]
        if price is not None and len(runs) == 2:
            lead = _("Electricity: about %(kwh)s and %(kwh2)s kWh, %(cost)s and %(cost2)s at "
                     "%(price)s a kWh", kwh=kwh[0], kwh2=kwh[1], cost=cost(runs[0].cost),
                     cost2=cost(runs[1].cost),
                     price=fmt.money_exact(price, currency) if currency else fmt.num(price, 4))
        elif price is not None:
            lead = _("Electricity: about %(kwh)s kWh, %(cost)s at %(price)s a kWh", kwh=kwh[0],
                     cost=cost(runs[0].cost),
                     price=fmt.money_exact(price, currency) if currency else fmt.num(price, 4))
        elif len(runs) == 2:
            lead = _("Electricity: about %(kwh)s and %(kwh2)s kWh", kwh=kwh[0], kwh2=kwh[1])
        else:
            lead = _("Electricity: about %(kwh)s kWh", kwh=kwh[0])
        hours = _("the hours above") if len(runs) == 2 else fmt.duration(hours_run[0])
        formula = {"gpus": count, "watts": fmt.num(watts, 0), "hours": hours}
        if query.board_watts is not None:
            how = _("%(gpus)s × %(watts)s W × %(hours)s, the watts you said.", **formula)
        else:
            how = _("%(gpus)s × %(watts)s W × %(hours)s, the board power of the %(gpu)s "
                    "(%(doc)s).", gpu=self.gpu_name(gpu),
                    doc=_doc_name(row.source), **formula)  # type: ignore[union-attr]
        out = _safe("⚡ <b>") + lead + _safe("</b> — ") + how + _safe(" ") + _(
            "That is the GPU's board power alone, not the rest of the PC, and an upper bound: "
            "the card drawing all of it for the whole run.")
        if price is None:
            out += _safe(" ") + _("Tell me your price a kWh (for example “0.30 $/kWh”) for its "
                                  "cost.")
        return out

    def own_electricity(self, query: Query, t: TrainingEstimate) -> Markup | None:
        """ "my 3090 or rent an l40s, which is cheaper? power is 0.30 $/kwh": what the run's
        electricity costs on one's own card, beside the rented side's cost; None without a
        price a kWh said or a board power (on file or said)."""
        if query.kwh_price is None or t.gpu is None \
                or t.wall_clock_hours is None:
            return None
        row = board_power(t.gpu)
        watts = query.board_watts if query.board_watts is not None \
            else row.watts if row is not None else None
        if watts is None:
            return None
        _, fmt = self._, self.fmt
        energy = run_energy(watts, t.gpu_count or 1, t.wall_clock_hours, query.kwh_price)
        assert energy.cost is not None
        currency = query.kwh_currency
        return _("Your own %(gpu)s pays no rent, only its electricity: about %(kwh)s kWh for "
                 "this run, %(cost)s at %(price)s a kWh (%(watts)s W × %(hours)s, an upper bound "
                 "for the GPU alone).", gpu=self.gpu_name(t.gpu), kwh=fmt.num(energy.kwh, 2),
                 cost=fmt.money(energy.cost, currency) if currency else fmt.num(energy.cost),
                 price=fmt.money_exact(query.kwh_price, currency) if currency
                 else fmt.num(query.kwh_price, 4),
                 watts=fmt.num(watts * (t.gpu_count or 1), 0),
                 hours=fmt.duration(t.wall_clock_hours))

    def plural_count(self, answer: Answer) -> Markup | None:
        """"on h100s", no count: the count the reply is for, and why; or why the run is priced
        on another card when no instance of that card holds it (bot.answer._plural_count)."""
        _, query = self._, answer.query
        if query.gpu is None:
            return None
        if answer.plural_count is not None and answer.plural_by_int4:
            return _safe("🔢 ") + _(
                "No count said with the %(gpu)s: read as %(where)s, the fewest that hold it in "
                "4-bit, what llama.cpp, Ollama and LM Studio download by default.",
                gpu=self.gpu_name(query.gpu), where=self.config(query.gpu, answer.plural_count))
        if answer.plural_count is not None and answer.plural_memory is not None:
            return _safe("🔢 ") + _(
                "No count said with the %(gpu)s: read as %(where)s, the fewest vLLM's tensor "
                "parallelism splits it over (%(fewer)s× hold it by memory; its attention heads "
                "divide evenly only over some counts).",
                gpu=self.gpu_name(query.gpu), where=self.config(query.gpu, answer.plural_count),
                fewer=answer.plural_memory)
        if answer.plural_count is not None:
            return _safe("🔢 ") + _(
                "No count said with the %(gpu)s: read as %(where)s, the fewest that hold it.",
                gpu=self.gpu_name(query.gpu), where=self.config(query.gpu, answer.plural_count))
        timed = answer.detailed.training_time if answer.detailed is not None else None
        quote = timed.quote if timed is not None and timed.quote is not None else answer.quote
        if quote is None and answer.plural_need and answer.plural_need_detailed \
                and answer.plural_max_gb is not None:
            return self._plural_none_offered(answer)
        if answer.plural_need is None or quote is None or quote.gpu == query.gpu:
            return None
        if answer.plural_need:
            said = dict(gpu=self.gpu_name(query.gpu), max=self.cat.limits.max_gpus,
                        need=self.config(query.gpu, answer.plural_need),
                        where=self.config(quote.gpu, quote.gpu_count))
            return _safe("🔢 ") + (_(
                "No instance of the %(gpu)s holds it: it takes %(need)s by the detailed "
                "estimate, and an instance has at most %(max)s GPUs. Priced on %(where)s, the "
                "cheapest offered configuration that does.", **said)
                if answer.plural_need_detailed else _(
                "No instance of the %(gpu)s holds it: it takes %(need)s by the planning rule, "
                "and an instance has at most %(max)s GPUs. Priced on %(where)s, the cheapest "
                "offered configuration that does.", **said))
        return _safe("🔢 ") + _(
            "No instance of the %(gpu)s holds it, however many of it. Priced on %(where)s, the "
            "cheapest offered configuration that does.", gpu=self.gpu_name(query.gpu),
            where=self.config(quote.gpu, quote.gpu_count))

    def _plural_none_offered(self, answer: Answer) -> Markup:
        """"full finetune llama 3 70b on h100s for a day with seq 4096 batch 2": no instance of
        the card holds it and no offered configuration does either: how far 8 of it are, the
        count it takes, and what that count costs for the hours said (was no count, no price)."""
        _, fmt, query = self._, self.fmt, answer.query
        assert query.gpu is not None and answer.plural_need and answer.plural_max_gb is not None
        card = self.cat.gpu(query.gpu)
        top = self.cat.limits.max_gpus
        out = _safe("🔢 ") + _(
            "No instance of the %(gpu)s holds it: sharded across %(top)s (FSDP or DeepSpeed "
            "ZeRO-3) it still needs about %(gb)s per GPU of the %(each)s each has, and it takes "
            "%(need)s by the detailed estimate, more than an instance's %(max)s GPUs. None of "
            "the configurations we offer holds it at these settings.",
            gpu=self.gpu_name(query.gpu), top=self.config(query.gpu, top),
            gb=fmt.gb(answer.plural_max_gb, 1), each=self.memory(self.cat.capacity_gb(card)),
            need=self.config(query.gpu, answer.plural_need), max=top)
        across = self.across_instances(query.gpu, answer.plural_need, query.hours)
        if across is not None:
            out += _safe("\n") + across
        return out

    def across_instances(self, gpu: str, count: int, hours: Decimal | None) -> Markup | None:
        """The hours said on more of a rented card than one instance has ("full finetune
        llama 3 70b on h100s for a day": 19× H100), at its published price a GPU-hour; None
        where no hours are said, the count fits one instance or the card has no price."""
        _, fmt = self._, self.fmt
        card = self.cat.gpu(gpu)
        price = card.usd_per_gpu_hour if card.rented else None
        if price is None or hours is None or count <= self.cat.limits.max_gpus:
            return None
        gpu_hours = hours * count
        whole = gpu_hours == gpu_hours.to_integral_value()  # a run's hours keep their cents
        return _safe("💵 ") + _(
            "%(hours)s on %(need)s, across instances, would be %(gpu_hours)s GPU-hours: "
            "%(cost)s at %(price)s.", hours=fmt.duration(hours),
            need=self.config(gpu, count), gpu_hours=fmt.num(gpu_hours, 0 if whole else 2),
            cost=fmt.usd(gpu_hours * price), price=self.per_hour(price))

    def faster_block(self, runs: tuple[FasterRun, ...], gpu: str, count: int,
                     lengths: tuple[int, int] | None = None) -> Markup:
        """"too slow?", "any faster option?": the configurations where the run ends sooner than
        on `count` × `gpu`, each with its time and what is paid there in whole blocks (with
        samples of unsaid length, from the short `lengths[0]` to the long `lengths[1]`)."""
        fmt, _ = self.fmt, self._
        where = self.config(gpu, count)
        if not runs:
            none = _("None of the configurations we offer ends this run sooner than on "
                     "%(where)s, by this estimate.", where=where)
            return _safe(f"⚡ <b>{none}</b>\n\n")
        if lengths is None:
            head = _("Faster than %(where)s for this run, by this estimate (what you pay, in "
                     "whole blocks of GPU-hours):", where=where)
        else:
            head = _("Faster than %(where)s for this run, by this estimate, at %(short_len)s to "
                     "%(long_len)s tokens a sample (what you pay, in whole blocks of GPU-hours):",
                     where=where, short_len=fmt.num(lengths[0], 0),
                     long_len=fmt.num(lengths[1], 0))
        return self._faster_lines(head, runs)

    def faster_scaled_block(self, runs: tuple[FasterRun, ...], gpu: str, count: int,
                            hours: Decimal) -> Markup:
        """"too slow?" after a run said to take `hours` on `count` × `gpu` (no dataset to time):
        those hours on the configurations where the run ends sooner, from the datasheets'
        larger ratio to their smaller one, and what is paid there in whole blocks."""
        _ = self._
        where, hours_said = self.config(gpu, count), self.fmt.duration(hours)
        if not runs:
            none = _("By the datasheets' peak ratios, none of the configurations we offer "
                     "runs it faster than %(where)s.", where=where)
            return _safe(f"⚡ <b>{none}</b>\n\n")
        head = _("What takes %(hours)s on %(where)s, on configurations we offer that are faster "
                 "by the datasheets' peak ratios (what you pay, in whole blocks of GPU-hours):",
                 hours=hours_said, where=where)
        return self._faster_lines(head, runs)

    def _faster_lines(self, head: str, runs: tuple[FasterRun, ...]) -> Markup:
        """The head, then each run: its time (a range from `short_hours`) and what is paid."""
        fmt, _ = self.fmt, self._
        lines = [f"⚡ <b>{head}</b>\n"]
        for run in runs:
            to, paid = self.config(run.gpu, run.gpu_count), fmt.usd(run.paid_usd)
            short = run.short_hours if run.short_hours is not None else run.wall_clock_hours
            fast, slow = fmt.duration_span(short, run.wall_clock_hours)
            low = fmt.usd(run.short_paid_usd) if run.short_paid_usd is not None else paid
            if fast == slow and low == paid:
                line = _("%(to)s: about %(time)s, you pay %(paid)s", to=to, time=slow, paid=paid)
            elif fast == slow:
                line = _("%(to)s: about %(time)s, you pay %(low)s to %(high)s", to=to,
                         time=slow, low=low, high=paid)
            elif low == paid:
                line = _("%(to)s: about %(fast)s to %(slow)s, you pay %(paid)s", to=to,
                         fast=fast, slow=slow, paid=paid)
            else:
                line = _("%(to)s: about %(fast)s to %(slow)s, you pay %(low)s to %(high)s",
                         to=to, fast=fast, slow=slow, low=low, high=paid)
            lines.append(f"• {line}\n")
        lines.append("\n")
        return _safe("".join(lines))

    def bracket_paid(self, short: Quote, long: Quote, short_len: int, long_len: int) -> Markup:
        """Samples of unsaid length costed at two lengths: the blocks paid for each (GPU-hours
        are sold only in blocks), once when one purchase covers both. Was the runs' own costs
        alone ("about $2.88 at 512 tokens each, $9.72 at 2,048"), the $23.20 block unsaid."""
        fmt, _ = self.fmt, self._
        if short.plan.blocks == long.plan.blocks:
            paid = _("You pay %(paid)s at either length", paid=fmt.usd(long.plan.usd))
            bought = _(
                "%(listed)s of %(gpu)s: GPU-hours are sold only in blocks, and this is the "
                "least that covers the run; the spare GPU-hours never expire.",
                listed=self.blocks_listed(long.plan), gpu=self.cat.gpu(long.gpu).name)
            return _safe(f"🧱 <b>{paid}</b> — {bought}\n")
        paid = _("You pay %(short)s at %(short_len)s tokens a sample (%(short_listed)s), "
                 "%(long)s at %(long_len)s (%(long_listed)s)",
                 short=fmt.usd(short.plan.usd), short_len=fmt.num(short_len, 0),
                 short_listed=self.blocks_listed(short.plan), long=fmt.usd(long.plan.usd),
                 long_len=fmt.num(long_len, 0), long_listed=self.blocks_listed(long.plan))
        line = _("%(paid)s: GPU-hours are sold only in blocks; the spare GPU-hours never "
                 "expire.", paid=_safe(f"<b>{paid}</b>"))
        return _safe(f"🧱 {line}\n")

    def _run_detail(self, q: Quote) -> Markup:
        return self.ngettext(
            "%(cfg)s × %(wall)s at %(price)s = %(gh)s GPU-hour.",
            "%(cfg)s × %(wall)s at %(price)s = %(gh)s GPU-hours.",
            q.gpu_hours,
            cfg=self.config(q.gpu, q.gpu_count),
            wall=self.fmt.duration(q.hours),
            price=self.per_hour(q.usd_per_hour),
            gh=self.fmt.num(q.gpu_hours),
        )

    def _paid_block(self, q: Quote) -> Markup:
        """"A short run on a B200": one 10-hour block ($46.10) is what is paid, the run's
        $1.54 of it second."""
        fmt, _ = self.fmt, self._
        paid = _("You pay %(paid)s for illustrative hours", paid=fmt.usd(q.plan.usd)) \
            if q.hours_assumed else _("You pay %(paid)s", paid=fmt.usd(q.plan.usd))
        if q.plan.block_count > 1:
            bought = _(
                "%(listed)s of %(gpu)s (%(bought)s GPU-hours in all): GPU-hours are sold only "
                "in blocks, and this is the least that covers the run.",
                listed=self.blocks_listed(q.plan), gpu=self.cat.gpu(q.gpu).name,
                bought=fmt.num(q.plan.hours_bought),
            )
        else:
            bought = _(
                "%(listed)s of %(gpu)s: GPU-hours are sold only in blocks, and this is the least "
                "that covers the run.", listed=self.blocks_listed(q.plan),
                gpu=self.cat.gpu(q.gpu).name,
            )
        lines = [f"💵 <b>{paid}</b> — {bought}\n"]
        run = _("This run uses %(cost)s of it:", cost=fmt.usd(q.cost_usd))
        line = f"🧾 {run} {self._run_detail(q)}"
        spare_hours = Decimal(q.plan.hours_bought) - q.gpu_hours
        spare = self.ngettext(
            "The %(count)s spare GPU-hour never expires.",
            "The %(count)s spare GPU-hours never expire.",
            spare_hours,
            count=fmt.num(spare_hours),
        )
        lines.append(f"{line} {spare}")
        if q.hours_assumed:
            warning = _(
                "The hours are an illustrative assumption, not a measurement: run time depends "
                "on training tokens, sequence length, batch size and software. Measure your own "
                "steps per hour on a short run before sizing a long one."
            )
            lines.append(f"\n⚠️ <i>{warning}</i>")
        return _safe("".join(lines))
