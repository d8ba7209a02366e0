"""Free text → ``Query``: what the user asks (intent) and the facts the engine needs.

Pure and fast: no I/O beyond the packaged catalogue, every regex compiled at import. The text is
folded (lower case, no accents), mistyped domain words are corrected, then entities are taken out
one kind at a time — each match is blanked so that a number is read once ("200M tokens" is a
dataset, not a 0.2B model; "H100 80GB" is a GPU, not 80 GB of VRAM). What remains decides the
intent.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cached_property
from itertools import islice
from typing import TYPE_CHECKING, Any, Final, Literal

from bot.understand import asks, owned
from bot.understand import hardware as hw
from bot.understand import lexicon as lx
from bot.understand import patterns as px
from bot.understand import settings as st
from bot.understand.hardware import GpuMention
from bot.understand.index import CatalogueIndex, Variant, catalogue_index
from bot.understand.language import detect_with_confidence
from bot.understand.lazy import lazy
from bot.understand.normalise import (
    MAX_CHARS,
    correct_typos,
    expand_abbreviations,
    fold,
    strip_markup,
    torchtune_config,
    torchtune_names,
)
from bot.understand.numbers import (
    NUM_SP,
    VagueSum,
    k_tokens,
    malformed_number,
    parse_decimal,
    parse_int,
    tidy,
    to_int,
    words_to_digits,
)
from bot.understand.observed import take_observed
from bot.understand.power import take_power
from bot.understand.query import HoursAs, Intent, Lang, Query, RateAsked, Social
from bot.understand.screen import Screened, forget_texts, held, letter_runs
from bot.understand.unknown_model import merge_asked, unknown_model
from bot.understand.unusable import grouped_gpu_count
from bot.understand.unusable import unusable as unusable_count
from bot.understand.whole import made_whole
from rules.catalogue import Catalogue
from rules.data_size import tokens_from_bytes
from rules.datasets import dataset_named
from rules.model_catalogue import NAME_TOKEN, ModelSpec
from rules.schema import IntegratedGPU, MethodId, QatRelease

Direction = Literal["below", "above"]

_HOURS_PER: dict[str, Decimal] = {
    "day": Decimal(24), "week": Decimal(168), "month": Decimal(720),
    # A year of rental around the clock: 365 days (the reply says so; no block is that long).
    "year": Decimal(8760),
}
# "The weekend" is Saturday and Sunday: two whole days of rental, 48 hours (a Friday-evening to
# Monday-morning job runs longer; the reply says what was assumed so the user can correct it).
WEEKEND_HOURS = Decimal(48)
# "A long weekend" adds a day off to it: three days, 72 hours (said in the reply).
LONG_WEEKEND_HOURS = Decimal(72)
# "Half a day" of a rented GPU, which runs around the clock: half of 24 hours.
HALF_DAY_HOURS = Decimal(12)
# "All night", "toda la noche", "toute la nuit" asked a price: 8 hours, the short end of the 8 to 12
# hours the deadline replies take a night as (time.html.j2); the reply says so.
NIGHT_HOURS = Decimal(8)
FEW_HOURS = Decimal(3)  # "a few hours": three, said in the reply
TOMORROW_HOURS = Decimal(24)  # "by tomorrow": a day from now
# Small talk is a few words; longer texts are questions (and the pattern is then not tried).
SOCIAL_MAX_CHARS = 120


@dataclass
class _Money:
    value: Decimal
    direction: Direction | None
    rate: bool = False  # "$1/hr", "2 dollars an hour": a price per hour, not an amount
    on_gpu: bool = False  # "$300 on 8x h100", "500 usd en una h100": money spent on a card
    # "i have 200$ for h100", "tengo 200 dolares para horas de h100", "j'ai 300 dollars pour des
    # heures de h100": money for a card, a budget when its words say so ("i have", "tengo")
    for_gpu: bool = False
    assumed: bool = False  # "2k budget": no currency said, taken as dollars (px.BARE_BUDGET)
    coin: str | None = None  # "50 usdt": a stablecoin, topped up at a rate the page never gives
    # "$500 a week for h100 hours", "$500 per week on h100": a month or a week said right after
    # the sum, before the card it is spent on (the period is the budget's, no hours to price)
    per_period: bool = False


@dataclass
class _Work:
    """The folded text being consumed, and the facts taken out of it so far."""

    s: str
    lang: Lang | None
    typed: str = ""  # the folded text before anything was blanked ("gpu" typed or a name's stand-in)
    params_b: Decimal | None = None
    model_id: str | None = None
    gpus: list[GpuMention] = field(default_factory=list)
    # Cards ruled out where named ("4090, not a 3090"): dropped from gpus, kept by id here
    gpus_ruled_out: list[str] = field(default_factory=list)
    gpu_count: int | None = None
    vram_gb: Decimal | None = None
    ram_gb: Decimal | None = None  # system memory ("+ 64gb ram"): set aside, not VRAM
    ram_free: bool = False  # ram_gb is the free system memory Ollama reported
    ram_needed_gb: Decimal | None = None  # what Ollama said it needed there
    download: bool = False  # "how long to download llama 3 70b"
    vllm_k_decimal: bool = False  # "--max-model-len 32k": 32,000 tokens, as vLLM reads it
    disk: bool = False  # "how much disk space for llama 3 70b": the files' size asked
    link_mbps: Decimal | None = None  # "on 100mbps": the link speed said beside it
    link_bytes: bool = False  # said in bytes a second ("40 MB/s", "10 Mo/s")
    hours: Decimal | None = None
    hours_as: HoursAs | None = None
    hours_per_day: Decimal | None = None  # "8 hours a day for a month"
    days_per_week: int | None = None  # "…, 5 days a week"
    impossible_day: tuple[Decimal, int] | None = None  # "25 hours a day", "9 days a week"
    gpu_hours: Decimal | None = None
    money: list[_Money] = field(default_factory=list)
    hours_dot: str | None = None  # "1.000 hours" in English: the number as said (Query.hours_dot)
    rate_low: Decimal | None = None  # "$2-$3/hr": the lower end of a band of hourly prices
    sum_low: Decimal | None = None  # "between $20 and $30": the lower end of a band of sums
    percent: Decimal | None = None
    seq_len: int | None = None
    seq_len_other: int | None = None  # "num_ctx 8192 vs 32768": the second context
    batch_size: int | None = None
    dataset_tokens: Decimal | None = None
    dataset_samples: int | None = None
    dataset_counted: bool = False  # dataset_tokens from a count of samples times their length
    sample_len_avg: int | None = None  # "5000 examples avg 300 tokens": one sample's average
    samples_said: int | None = None  # the count of samples said, whatever tokens it makes
    step_rate: Decimal | None = None  # a trainer's measured "1.2it/s" (or "3.4s/it": step_seconds)
    step_seconds: bool = False
    sample_rate: Decimal | None = None  # a measured "2.5 samples/s"
    steps_said: Decimal | None = None  # "20k steps": optimizer steps
    runs: int | None = None  # "3 experiments … each on 5M tokens": the dataset that many times

    dataset_bytes: Decimal | None = None  # "a 50MB jsonl": dataset_tokens from its size on disk
    lora_rank: int | None = None
    lora_rank_other: int | None = None
    adapter_setting: bool = False  # "lora rank 64", "lora alpha 32": LoRA named by its settings
    context_said: bool = False  # the length was called a context ("128k context", "ctx 8k")
    family: tuple[str, ...] = ()  # model ids of a family named without a size
    family_name: str | None = None  # its name when the catalogue's names share none ("Qwen Coder")
    shape_model: str | None = None  # "qwen 7b": the model whose shape is assumed (Qwen2.5 7B)
    kv_cache_type: str | None = None  # "-ctk q8_0", "fp8 kv cache": detailed.toml kv_cache
    kv_cache_type_v: str | None = None  # llama.cpp's V cache when not K's ("-ctk q8_0" alone)
    gpu_memory_utilization: Decimal | None = None  # vLLM's "--gpu-memory-utilization 0.95"
    mem_fraction_static: Decimal | None = None  # SGLang's "--mem-fraction-static 0.8"
    max_num_seqs: int | None = None  # vLLM's "--max-num-seqs 64": a ceiling, not a batch
    cpu_offload_gib: Decimal | None = None  # vLLM's "--cpu-offload-gb 20": GiB a GPU, in RAM
    max_num_batched_tokens: int | None = None  # vLLM's "--max-num-batched-tokens 8192"
    enforce_eager: bool = False  # vLLM's "--enforce-eager": no CUDA graphs
    kv_block_size: int | None = None  # vLLM's "--block-size 32"
    pipeline_parallel: int | None = None  # vLLM's "-pp 2": stages of -tp GPUs each
    # "--max-num-seqs 64, how much vram": the memory that holds all 64 (the batch), not how
    # many fit
    seqs_held: bool = False
    # "with 64 concurrent requests": the batch is of users served, so the model is served
    served_batch: bool = False
    users: int | None = None  # the batch is of people served ("to 10 users", "50 ppl")
    draft_model: str | None = None  # speculative decoding's draft, named beside the model
    serve_users: int | None = None  # "… then serve it to 50 users": served after the training
    batch_at: int | None = None  # where in s the served batch was said
    rl_generations: int | None = None  # GRPO's "num_generations 16"
    rl_completion_tokens: int | None = None  # GRPO's "max_completion_length 1024"
    flags: st.Settings = field(default_factory=st.empty_settings)

    def blank(self, start: int, end: int, fill: str = "") -> None:
        """Replace s[start:end] by ``fill`` padded with spaces: positions stay valid."""
        width = end - start
        # A fill longer than the span is cut, not dropped: "can my t4 run" blanked to "can my
        # gp run" still has a word between "my" and "run" (all spaces read "my run", a noun).
        filler = fill.ljust(width) if len(fill) <= width else fill[:width]
        self.s = self.s[:start] + filler + self.s[end:]

    def num(self, raw: str, prefer_thousands: bool = False) -> Decimal:
        return parse_decimal(raw, self.lang, prefer_thousands)


# _Work(...) made whole (bot/understand/whole.py): its 67 fields stored one at a time cost ~30 µs
# a question. The type checker sees the class's own constructor.
if TYPE_CHECKING:
    _new_work = _Work
else:
    _new_work = made_whole(_Work)


# --- named models ------------------------------------------------------------------------------

# Long unbroken runs (pasted noise) are never model names; cutting them keeps the catalogue's
# search linear in the length of the text.
_LONG_RUN = lazy(r"[\w.\-]{48,}")
# A batch job's output per document: "200 out", "200 tokens out", "200 output tokens", "output
# of 200 tokens", "200 de salida", "200 en sortie".
_BATCH_OUT: Final = lazy(
    r"(?<![\w.,])(?P<num>\d{1,3}(?:,\d{3})?|\d{1,6}) ?(?P<k>k)? ?(?:tok(?:en)?s? )?"
    r"(?:out(?:put)?(?: tokens?)?|(?:tokens? )?de salida|(?:tokens? )?en sortie)(?![a-z])"
    r"|(?:outputs?|summar(?:y|ies)|salida|sortie) (?:of|de) (?P<num2>\d{1,6}) ?(?P<k2>k)? ?tokens"
)
# The length a document counted with none is read at (bot.batch says it is assumed).
BATCH_DOC_TOKENS: Final = 1000
# FP8 named as the weights' precision ("in fp8", "fp8 llama 3 8b", "float8"), not the KV cache's
# alone ("fp8 kv cache", "--kv-cache-dtype fp8").
_FP8_WEIGHTS: Final = lazy(
    r"(?<![a-z0-9_-])(?:fp ?8|float ?8)(?:[_-]e[45]m[23])?(?![a-z0-9])(?! ?(?:kv|cache))"
)
# FP16 named as the serving precision: "fp16", "float16" (not "bfloat16"), vLLM's "--dtype half"
# ("dtype=half", "torch_dtype=torch.float16"), "half precision"; BF16 said too is no choice made.
_FP16_WEIGHTS: Final = lazy(
    r"(?<![a-z0-9_-])(?:fp ?16|(?<!b)float ?16|half[ -]precision|media precision|"
    r"demi[ -]precision)(?![a-z0-9])|dtype ?[=:]? ?(?:half|(?:torch\.)?float16)(?![a-z0-9])"
)
_BF16_SAID: Final = lazy(r"(?<![a-z0-9])(?:bf ?16|bfloat ?16)(?![a-z0-9])")
# "the fastest", "la más rápida", "la plus rapide", "génère le plus vite", "most powerful"
# (folded).
# TrainingArguments' per_device_train_batch_size default (huggingface/transformers
# src/transformers/training_args.py @00349ae8): what a pasted Trainer run that leaves it out uses.
TRAINER_BATCH: Final = 8
_FASTEST: Final = lazy(
    r"(?<![a-z])(?:fastest|quickest|most powerful|mas rapid[ao]s?|mas potentes?|plus rapides?|"
    r"le plus vite|plus puissante?s?)(?![a-z])"
)
# Hugging Face Text Generation Inference ("with tgi", "text-generation-launcher") or SGLang named.
_ENGINE_NAMES: Final = dict(lx.SERVING_ENGINES)
_TGI: Final = px.words(_ENGINE_NAMES["tgi"])
_SGLANG: Final = px.words(_ENGINE_NAMES["sglang"])
# "money is no object", "whatever it costs", "cueste lo que cueste", "peu importe le prix".
_NO_OBJECT: Final = lazy(
    r"(?<![a-z])(?:money (?:is )?no object|money doesn'?t matter|whatever it costs|regardless "
    r"of (?:the )?cost|no matter the (?:cost|price)|cueste lo que cueste|sin importar el (?:precio|"
    r"coste|costo)|peu importe le (?:prix|cout)|quel qu'en soit le (?:prix|cout))(?![a-z])"
)
# "the cheapest", "la más barata", "la moins chère" (folded).
_CHEAPEST: Final = lazy(
    r"(?<![a-z])(?:cheapest|least expensive|mas barat(?:it)?[ao]s?|menos car[ao]s?|moins cher(?:e|es|s)?)"
    r"(?![a-z])"
)


# After a model's name, "draft", "as (the) draft (model)": speculative decoding's small model.
_DRAFT_AFTER: Final = lazy(r" ?(?:\(|,)? ?(?:as (?:the |a )?|for )?draft(?![a-z])")


# After a count of users or requests, a period: "1000 users per day", "500 requests/day",
# "10k usuarios al día", "1000 utilisateurs par jour" (folded): how many in all, not at once.
_PER_PERIOD: Final = lazy(
    r" ?(?:/ ?|per |a |an |each |every |al |por |par |chaque )(?:day|week|month|hour|dia|semana|"
    r"mes|hora|jour|semaine|mois|heure)s?(?![a-z])| (?:daily|weekly|monthly|hourly|diari[oa]s|"
    r"mensuales|par jour)(?![a-z])")


# A config's key for the model it loads: axolotl's base_model, the Trainer's and LLaMA-Factory's
# model_name_or_path, Unsloth's model_name (folded: a JSON's quotes are gone).
_MODEL_KEY: Final = lazy(
    r"(?<![a-z])(?:base_model|model_name_or_path|model_name|pretrained_model_name_or_path)"
    r" ?[:=] ?'?(?P<name>[\w./-]+)"
)


def _take_model(work: _Work, index: CatalogueIndex) -> None:
    """A named model ("llama3.1 70b", "Mixtral-8x7B-Instruct"): its id and published size."""
    text = work.s
    # Folded text has no white space but " ": a long run lies in a long space-free chunk.
    if len(text) >= 48 and max(map(len, text.split(" "))) >= 48:
        text = _LONG_RUN.sub(" ", text)
    # The folded text's name tokens (lower case already): one scan for the three indexes.
    tokens = NAME_TOKEN.findall(text)
    spec = index.models.first_mention(text, tokens)
    if spec is not None and "model" in text:
        # A pasted config's own model key ("base_model: meta-llama/meta-llama-3-8b") names the
        # model trained, before a dataset's name in it ("path: teknium/openhermes-2.5" was
        # OpenHermes 2.5 Mistral 7B, the longer mention).
        keyed = _MODEL_KEY.search(text)
        own = index.models.first_mention(keyed.group("name")) if keyed is not None else None
        spec = own or spec
    sized = px.SIZE.search(text) is not None  # asked once: the text is not blanked below
    variant = index.brand_sizes.variant(work.typed or text) if not sized else None
    if variant is not None and _variant_meant(variant, spec, text, index, tokens):
        # "qwen coder on a 3090", "deepseek r1 distill", "can i run deepseek on a 4090": those
        # models, a family to pick from (was the card alone, or the 671B DeepSeek-R1).
        members = variant.members
        if len(members) == 1:
            work.model_id, work.params_b = members[0].id, members[0].params_b
        else:
            work.family, work.family_name = tuple(m.id for m in members), variant.shown
        work.blank(*variant.span)
        return
    if spec is None:
        _take_family(work, index, tokens if text is work.s else None)
        if work.model_id is None and not work.family:
            # "qwen 7b", "llama 8b": read as a size, with the shape of the model it most likely
            # means (its KV heads, layers) for the detailed estimates.
            shaped = index.brand_sizes.first_mention(text, tokens)
            work.shape_model = shaped.id if shaped is not None else None
            if shaped is None and not sized:
                # "gemma on a 4090": the brand's models, a family to pick from; "can i run
                # mistral on a 3090": its one model (was the card noted, or the price list).
                # As typed: "llama.cpp" is a program, even once its name is blanked.
                members = index.brand_sizes.alone(
                    work.typed or text, asks.LICENCE_ASK.search(text) is not None)
                if len(members) > 1:
                    work.family = tuple(m.id for m in members)
                elif members:
                    work.model_id, work.params_b = members[0].id, members[0].params_b
        return
    # Blank the mention so that its digits are not read again ("8x7b" is not 8 GPUs).
    for pattern in index.models.mention_patterns(spec):
        match = pattern.search(work.s)
        if match:
            if _other_size_after(work.s, match.end(), spec):
                return  # "mistral small 22b" is not Mistral Small 3 24B: the size is read alone
            if _other_version_after(work.s, match, spec):
                return  # "mistral large 3" is not Mistral Large 2: a model we do not hold
            if _other_tier_after(work.s, match, spec):
                return  # "magistral medium" is not Magistral Small: a model we do not hold
            work.blank(*match.span())
            if _DRAFT_AFTER.match(work.s, match.end()) and work.draft_model is None:
                # "qwen2.5 32b with a qwen2.5 0.5b draft": the draft of speculative decoding
                # is not the model asked about (was Qwen2.5 0.5B's fit on the 4090)
                work.draft_model = spec.id
                _take_model(work, index)
                if work.model_id is not None or work.family or work.shape_model is not None \
                        or px.SIZE.search(work.s) is not None:  # "… draft for 32b": a size
                    return
                work.draft_model = None
            break
    work.model_id, work.params_b = spec.id, spec.params_b


def _variant_meant(variant: Variant, spec: ModelSpec | None, text: str,
                   index: CatalogueIndex, tokens: list[str]) -> bool:
    """Whether a brand and a variant word ("qwen coder") mean their models rather than the
    model or family the catalogue names first: that one lacks the word ("deepseek r1 distill"
    is not DeepSeek-R1), or nothing else is named ("deepseek" alone)."""
    family = index.families.first_mention(text, tokens)
    named = spec.name if spec is not None else family[0].name if family is not None else None
    if named is None:
        return True
    if not variant.word or (spec is not None and spec in variant.members):
        return False
    return variant.word not in fold(named)


# After a name, a version ("2", "3.1", "v2") before a size ("22b").
_VERSION_THEN: Final = lazy(r"[\s_:-]?v?\d{1,2}(?:\.\d{1,2})?[\s_:-]?")
_SPELLED_SIZE: Final = lazy(r"(\d+(?:\.\d+)?) ?b(?![a-z])")


_TOKENS_AFTER: Final = lazy(r" ?(?:of |de |d')?(?:tokens?|toks?|tkns?)(?![a-z])")


def _other_size_after(s: str, end: int, spec: ModelSpec) -> bool:
    """Whether the name is followed by a size none of the model's spellings carries: the
    catalogue spelling is then part of another model's name ("starcoder 15b" is OctoCoder's,
    "mistral small 22b" not the 24B)."""
    size = px.SIZE.match(s, end + (s[end : end + 1] in " -_:"))
    if size is None:
        lead = _VERSION_THEN.match(s, end)
        size = px.SIZE.match(s, lead.end()) if lead else None
    if size is None or px.SIZE_MILLION_UNIT.match(size.group("unit")) \
            or _TOKENS_AFTER.match(s, size.end()):
        # "finetune mistral 7b 2B tokens": the data's size, not another model's (was "a 7B model")
        return False
    try:
        value = Decimal(size.group("num").replace(",", "."))
    except ArithmeticError:
        return False
    sizes = {spec.params_b}
    for spelling in (spec.id, spec.name, *spec.aliases):
        sizes.update(Decimal(m) for m in _SPELLED_SIZE.findall(fold(spelling)))
    return value not in sizes


# A catalogue name's version: "Mistral Large 2 (123B)" → 2, "Mistral Small 3 24B" → 3.
_NAME_VERSION: Final = lazy(r"[a-z][\s\-]?v?(\d{1,2})(?:\.\d{1,2})?(?=\s*(?:\(|\d+(?:\.\d+)?b|$))")
# After a name spelt without its version, another major version ("mistral large 3 on …"), not
# a size, a bit width or a count ("mistral large 4bit", "mixtral 2x h100", "… 2 gpus").
_VERSION_AFTER: Final = lazy(
    r"[\s_\-]?v?(\d{1,2})(?:\.\d{1,2})?(?!\d|[.,]\d|\s?(?:b|bn|bits?|billion|x|gb|gib|k|m|gpus?"
    r"|cards?|tarjetas?|cartes?|graficas?|x?\s?[a-z]?\d{2,4})(?![a-z]))"
)


def _other_version_after(s: str, match: re.Match[str], spec: ModelSpec) -> bool:
    """Whether the spelling found leaves out the version its model's name carries and the text
    gives another one: "mistral large 3" found "mistral large", an alias of Mistral Large 2 —
    a later model of another size, not a fine-tune of this one."""
    if any(c.isdigit() for c in match.group()):
        return False  # "mistral small 3.2" found "mistral small 3": a minor release
    named = _NAME_VERSION.search(fold(spec.name))
    given = _VERSION_AFTER.match(s, match.end())
    return named is not None and given is not None and given.group(1) != named.group(1)


# A model line's tier said after its bare name ("magistral medium", "maverick pro"): where the
# catalogue's model of that name is another tier, the text names a model not on file.
_TIER_AFTER: Final = lazy(
    r"[\s_\-]?(small|medium|large|mini|nano|tiny|micro|pro|flash|max|ultra|plus|lite|air)"
    r"(?![a-z0-9])")


def _other_tier_after(s: str, match: re.Match[str], spec: ModelSpec) -> bool:
    """Whether a bare name found ("magistral", an alias of Magistral Small) is followed by a
    tier its model's name lacks ("magistral medium": API-only, not Magistral Small)."""
    if " " in match.group().strip() or any(c.isdigit() for c in match.group()):
        return False  # a spelling with a version or several words names its model
    tier = _TIER_AFTER.match(s, match.end())
    return tier is not None and tier.group(1) not in fold(spec.name).split()


def _take_family(work: _Work, index: CatalogueIndex, tokens: list[str] | None) -> None:
    """A family without a size ("llama 3 on an H100"): one member is that model; several are
    asked about. Its digits are blanked either way ("llama 3" is not 3 GPUs). `tokens`: the
    name tokens of work.s, when known."""
    found = index.families.first_mention(work.s, tokens)  # one regex: linear even on noise
    if found is None:
        return
    family, span = found
    joint = span[1] + (work.s[span[1] : span[1] + 1] in " -")
    sized = px.SIZE.match(work.s, joint)
    if sized is not None:
        pass  # "olmo 2 13b": a size the catalogue does not hold, read as written, not the 7B
    elif len(family.members) == 1:
        work.model_id, work.params_b = family.members[0].id, family.members[0].params_b
    else:
        work.family = tuple(m.id for m in family.members)
        if family.named:  # "granite 4": Granite 4.0, as named, not the "Granite 4.0 H" shared
            work.family_name = family.name
    # "qwen3-72b": the hyphen joins the name to its size; left alone it reads as a minus sign.
    work.blank(span[0], joint if sized is not None else span[1])


def _take_moe(work: _Work, index: CatalogueIndex) -> None:
    match = px.MOE.search(work.s)
    if match is None:
        return
    shaped = index.models.shapes.get((match.group(1), match.group(2).replace(",", ".")))
    if work.params_b is None and shaped is not None:
        work.params_b = shaped.params_b  # "wizardlm 2 8x22b": a fine-tune of Mixtral 8x22B
    elif work.params_b is None:
        # Without the catalogue, experts × expert size over-states a mixture-of-experts model
        # (shared layers counted once): the safe side for a memory plan.
        work.params_b = tidy(work.num(match.group(1)) * work.num(match.group(2)))
    work.blank(*match.span())


# --- training-run settings ---------------------------------------------------------------------


def _tokens_of_context(raw: str, k: str | None, lang: Lang | None) -> int:
    # "4k context" is 4 096 tokens, "100k" 100 000 (numbers.k_tokens). A million is decimal
    # ("1m context": 1 000 000; Qwen2.5-7B-Instruct-1M is published for 1 010 000).
    value = parse_decimal(raw, lang, prefer_thousands=True)
    return to_int(value * 1_000_000) if k == "m" else k_tokens(value) if k else to_int(value)


# vLLM's --max-model-len (and a config file's max_model_len) as typed, case kept: its parser
# reads a lowercase k as 1,000 and an uppercase K as 1,024 (vllm-project/vllm
# vllm/engine/arg_utils.py @ 99d7eb5, human_readable_int: "'1k' -> 1,000, '1K' -> 1,024";
# max_model_len is one of its human_readable_ints). A second length joined to it ("8k vs
# 32k") is typed for the same flag.
_VLLM_LEN: Final = lazy(
    r"(?i:max[_-]model[_-]len)[ =:]+(?P<num>\d{1,4}(?:\.\d{1,3})?)(?P<k>[kK])(?![\w.,])"
    r"(?: ?(?i:vs\.?|versus|or|o|ou|and|y|et|to|->) ?(?P<num2>\d{1,4}(?:\.\d{1,3})?)"
    r"(?P<k2>[kK])(?![\w.,]))?"
)


def _vllm_lengths(plain: str) -> tuple[tuple[Decimal, int], ...]:
    """The lengths typed after vLLM's --max-model-len with a k or a K, each as this parser
    folded it (numbers.k_tokens) and as vLLM reads it."""
    match = _VLLM_LEN.search(plain[:MAX_CHARS])
    if match is None:
        return ()
    found = []
    for num, k in (("num", "k"), ("num2", "k2")):
        if match.group(num) is None:
            continue
        value = Decimal(match.group(num))
        if match.group(k) == "k":
            vllm = to_int(value * 1000)
        elif value == value.to_integral_value():
            vllm = int(value) * 1024
        else:
            continue  # "25.6K": vLLM refuses decimals with a binary suffix
        found.append((value, vllm))
    return tuple(found)


# Units that name a link speed only (bits a second): read with no download said, as the speed
# a download reply asked for ("on 500 mbps").
_BITS_UNIT: Final = lazy(r"[mg]bps|[mg]bits?|(?:mega|giga)bits?|megas|gigas?|$")
_MEGAS_OF_DATA: Final = lazy(r" ?(?:de |d')?(?:datos|data|texto|dataset|donnees|texte|jsonl|csv)")
_LINK_BYTES: Final = lazy(r"(?:^|[^\w.,])(?P<num>\d{1,5}(?:[.,]\d{1,3})?) ?[MG]B/s")


_FIBRE: Final = lazy(
    r"(?<![a-z])(?:fibre|fibra|connexion|conexion|internet)(?: optique)?(?: (?:a|de|en|of))? "
    r"(?P<num>\d{1,4}(?:[.,]\d{1,2})?) ?(?P<unit>gigas?|megas?)(?![a-z])")


def _take_download(work: _Work, plain: str) -> None:
    """"how long to download llama 3 70b on 100mbps": the download asked and the link speed
    said beside it, in megabits per second (a capital B, "MB/s", or French octets, "Mo/s", are
    bytes: eight bits each), blanked so that "1 gb/s" is no memory."""
    match = asks.DOWNLOAD_ASK.search(work.s)
    work.download = match is not None and not _negated(work.s, *match.span())
    work.disk = asks.DISK_SPACE.search(work.s) is not None
    fibre = _FIBRE.search(work.s) if work.download else None
    if fibre is not None and work.num(fibre.group("num")) > 0:
        # "avec la fibre 1 giga", "con fibra de 300 megas": the line's speed in bits (was
        # asked back, "1 giga" no unit of speed)
        giga = fibre.group("unit").startswith("g")
        work.link_mbps = tidy(work.num(fibre.group("num")) * (1000 if giga else 1))
        work.blank(*fibre.span("num"))
        work.blank(*fibre.span("unit"))
        return
    speed = asks.LINK_SPEED.search(work.s)
    if speed is None or not (work.download or _BITS_UNIT.match(speed.group("unit") or "")):
        return  # "3350 gb/s" with no download said: a memory bandwidth, not a link
    if not work.download and speed.group("unit") == "megas" \
            and _MEGAS_OF_DATA.match(work.s, speed.end()) is not None:
        return  # "300 megas de datos": a dataset's size
    if speed.group("gigabit"):
        work.link_mbps = Decimal(1000)
    else:
        value = work.num(speed.group("num"))
        unit = speed.group("unit")
        giga = unit.startswith("g")
        per_byte = unit.endswith("o/s") or (unit.endswith("b/s") and any(
            m.group("num") == speed.group("num") for m in _LINK_BYTES.finditer(plain)))
        if value <= 0:
            return
        work.link_mbps = tidy(value * (1000 if giga else 1) * (8 if per_byte else 1))
        work.link_bytes = per_byte
    work.blank(*speed.span())


def _vllm_case(work: _Work, plain: str) -> None:
    """"vllm --max-model-len 32k": 32,000 tokens, as vLLM reads it (was 32,768, the case
    folded); "32K" stays 32,768."""
    for value, vllm in _vllm_lengths(plain):
        folded = k_tokens(value)
        if work.seq_len == folded:
            work.seq_len = vllm
            # said in the reply where it is not the binary length people may expect
            work.vllm_k_decimal = vllm != folded and vllm % 1000 == 0
        elif work.seq_len_other == folded:
            work.seq_len_other = vllm


# A second context joined to the first: "num_ctx 8192 vs 32768", "--max-model-len 8k or 32k"
# (after it), "8k vs 32k context", "8k o 32k de contexto" (before it).
_OTHER_CONTEXT_AFTER: Final = lazy(
    r" ?,? ?(?:vs\.?|versus|or|o|ou|against|contre|compared to|comparado con|y|and|et|to|a|->)"
    rf" ?(?P<num>{NUM_SP}) ?(?P<k>k|m)?(?![a-z0-9.,])"
)
_OTHER_CONTEXT_BEFORE: Final = lazy(
    rf"(?<![\w.,])(?P<num>{NUM_SP}) ?(?P<k>k|m)? ?(?:vs\.?|versus|or|o|ou|against|contre|y|and|et)"
    r" ?$"
)


def _take_other_context(work: _Work, match: re.Match[str], before_word: bool) -> None:
    """A second context beside the one just read ("num_ctx 8192 vs 32768"): kept as
    seq_len_other when it is another length of at least 256 tokens."""
    other = _OTHER_CONTEXT_AFTER.match(work.s, match.end()) if before_word else None
    if other is None and not before_word:
        other = _OTHER_CONTEXT_BEFORE.search(work.s, max(0, match.start() - 24), match.start())
    if other is None:
        return
    value = _tokens_of_context(other.group("num"), other.group("k"), work.lang)
    # A bare number is a length people set (2048, 8192, 10000), not a card's ("or 3090")
    round_number = other.group("k") is not None or value % 256 == 0 or value % 1000 == 0
    if value >= 256 and value != work.seq_len and work.seq_len is not None and round_number:
        # The reply goes on with the first said.
        work.seq_len, work.seq_len_other = (
            (work.seq_len, value) if before_word else (value, work.seq_len))
        work.blank(*other.span())


# A card's model number after an article, "on" or a count ("on a 4090", "2x 3090"), not a
# length of context said before "context".
_CARD_NOT_CONTEXT: Final = lazy(
    rf"(?:(?<=\dx )|(?<=\d x )|(?<=\d× )|(?<=\d\*)|(?<=single )|(?<=sola )|(?<=seule ))"
    rf"[1-9]\d[5-9]0(?![\d.,])|{st.CARD_NUMBER}"
    # "mixtral 8x7b exl2 3.5bpw 3090 ctx": a GeForce's number right before the word, with no
    # "tokens" between, is the card whose context is asked; nobody means 3,090 tokens
    r"|[2-5]0[5-9]0(?= (?:(?:num_|n_)?ctx|context|contexto|contexte"
    r"|max[ _-]?(?:model|seq)[ _-]?len(?:gth)?)(?![a-z]))")


_TRAINS_CUE: Final = lazy(
    r"(?<![a-z])(?:q?lora|fine-?tun\w*|finetun\w*|train\w*|full ft|sft|dpo|orpo|entren\w*|"
    r"afin\w*|entrain\w*)"
)
_DATA_CUE: Final = lazy(
    r"(?<![a-z])(?:tok(?:en)?s?|samples?|examples?|rows?|pairs?|muestras?|ejemplos?|filas?|"
    r"pares|exemples?|echantillons?|lignes?|paires|mb|gb|jsonl|csv|dataset|data)(?![a-z])"
)


def _take_runs(work: _Work) -> None:
    """"6 runs of lora mistral 7b on 20M tokens each": the count of runs, read only beside a
    training word and a dataset (the tokens are multiplied once the dataset is read), and
    the "each" of the dataset, which is then each run's and not one sample's length."""
    match = px.RUNS.search(work.s)
    if match is None or not 2 <= int(match.group("num")) <= 50 \
            or not _TRAINS_CUE.search(work.s) or not _DATA_CUE.search(work.s):
        return
    work.runs = int(match.group("num"))
    work.blank(*match.span("num"))  # the count: "2 loras" still names the method
    each = px.RUN_EACH.search(work.s, match.end())
    if each is not None:
        work.blank(*each.span())


# A model's size just before ("llama 3.1 8b 32k"), or its suffix or format after it ("8b
# instruct 32k", "llama-3.1-8b-instruct 64k", "8b q4_k_m 32k"): a bare number in thousands
# there is the context, not a model's name ("phi 3 mini 128k" is Phi-3-mini-128k).
_AFTER_SIZE: Final = lazy(
    r"(?<![a-z])\d+(?:\.\d+)? ?b(?:[ :_-](?:instruct|it|chat|base|awq|gptq|gguf|exl2|mlx|fp8"
    r"|fp16|bf16|int[48]|q\d(?:_k)?(?:_[msl0])?|[48] ?-?bits?)){0,2} $")


# A serving engine right before the number ("on a 4090 with vllm 8k", "ollama 32k"): what
# an engine is given bare is the context it serves.
_AFTER_ENGINE: Final = lazy(
    r"(?<![a-z])(?:vllm|sglang|tgi|ollama|llama[ .-]?cpp|lm ?studio|exllamav?2?|tabbyapi) $")


# A count of tokens that is a context's usual size in thousands (bot.understand.numbers.k_tokens).
_CONTEXT_THOUSANDS: Final = frozenset(Decimal(n * 1000) for n in (2, 4, 8, 16, 32, 64, 128, 256))


# A dataset said ("on 50k samples", "my dataset"): a bare number in thousands of a training
# question may be its size, so it is not read as the sequence length.
_NO_DATASET: Final = lazy(
    r"(?<![a-z])(?:samples?|examples?|rows?|pairs?|conversations?|convos?|convs?|dialogues?|docs?"
    r"|documents?|dataset|data|jsonl|csv|muestras?|ejemplos?|filas?|pares|conversaciones"
    r"|documentos?|datos|exemples?|echantillons?|lignes?|paires|conversations|donnees)(?![a-z])"
)


def _training_said(s: str) -> bool:
    """A question that trains (a training word, tool or adapter method)."""
    return bool(px.TRAINING.search(s) or px.TRAINING_TOOLS.search(s)
                or px.ADAPTER_HINT.search(s))


def _serves_only(s: str) -> bool:
    """A question that serves a model (a serving or running word, vLLM, llama.cpp, a GGUF
    runner, its KV cache named) and says nothing of training it: a bare "32k" there is its
    context ("fp8 kv cache llama 3.1 8b 128k on l4": was the 128k unread)."""
    return bool(px.INFERENCE_STRONG.search(s) or px.INFERENCE_WEAK.search(s)
                or px.VLLM.search(s) or px.LLAMA_CPP_CUE.search(s) or px.KV_NAMED.search(s)) \
        and not _training_said(s)


# LoRA's alpha written short right after its rank ("r16 a32", "r 64, a 128"): a power of two.
_ALPHA_AFTER_RANK: Final = lazy(r"[ ,/]*a ?=? ?(?:8|16|32|64|128|256)(?![0-9a-z])")

# A length in thousands of tokens before who is served: after "how many [concurrent]"
# ("how many concurrent 8k requests") or with its unit ("8k-token requests", "32k ctx users"),
# never a count alone ("16k requests a day" is sixteen thousand of them).
_SERVED_NOUN: Final = r"(?= +(?:requests?|reqs?|users?|sequences?|seqs|prompts?|conversations?" \
    r"|chats?|sessions?|peticiones|solicitudes|usuarios|requetes|utilisateurs)(?![a-z]))"
_LENGTH_OF_SERVED: Final = lazy(
    r"(?:(?<=many )|(?<=concurrent )|(?<=simultaneous )|(?<=parallel ))(?P<num>\d{1,3}) ?k"
    + _SERVED_NOUN
    + r"|(?<![\w.,$])(?P<num2>\d{1,3}(?:[.,]\d)?) ?k[ -]?(?:tokens?|toks?|ctx|context)"
    + _SERVED_NOUN
)


def _samples_of(work: _Work, match: re.Match[str]) -> None:
    """"10k samples of 512 tokens", "10k ejemplos de 512": the dataset's tokens, the samples
    counted, and the length of each as the sequence (or their average, said so)."""
    count, each = _scaled(work, match, "n", "nmult"), _scaled(work, match, "num", "mult")
    work.dataset_tokens = tidy(count * each)
    work.samples_said = to_int(count) if count >= 1 else None
    work.dataset_counted = True
    if work.seq_len is None and not (match.group("avg") or match.group("avg2")):
        work.seq_len = to_int(each)
    elif match.group("avg") or match.group("avg2"):
        work.sample_len_avg = to_int(each)
    work.blank(*match.span())


def _take_settings(work: _Work) -> None:
    # a memory estimator's table pasted: its dtypes and figures are no setting nor card
    st.blank_estimates(work.s, work.blank)
    work.flags = st.read_flags(work.s)
    if work.flags.trained_layers is not None:
        # "--num-layers 16": the layers trained, no size, count or length
        layers = st.NUM_LAYERS.search(work.s) or st.FREEZE_LAYERS.search(work.s)
        if layers is not None:
            work.blank(*layers.span())
    if work.flags.sync_each_batch is not None:
        synced = st.SYNC_EACH_BATCH.search(work.s)  # "sync_each_batch: 1" is no count
        if synced is not None:
            work.blank(*synced.span())
    pair = st.strategy_pair(work.s)
    if pair is not None:
        # "should i use zero2 or zero3": both estimated (bot.answer); the first one named is
        # the run's until then ("z2 or z3?" names no setting read_flags knows).
        work.flags.strategies, work.flags.strategy_named = pair[:2], pair[2]
        if work.flags.sharding is None:
            first, offload = st.strategy_flags(pair[0])
            work.flags.sharding = first  # type: ignore[assignment]
            if offload and work.flags.cpu_offload is None:
                work.flags.cpu_offload = True
    # Generated tokens, prompt length, epochs and throughput before the dataset size: "generate
    # 60 tokens" and "3000 tokens/s" are not a dataset.
    flags = work.flags
    printed = st.take_printed(work.s, work.num, work.blank)
    (flags.new_tokens, flags.prompt_tokens, flags.epochs, flags.tokens_per_second,
     words) = st.take_numbers(work.s, work.num, work.blank)
    if flags.tokens_per_second is None:
        # a tool's output pasted: its decode rate (over the requests running), else a
        # training run's logged tokens/s
        flags.tokens_per_second = printed.decode if printed.decode is not None \
            else printed.training
        flags.rate_running = printed.running if printed.decode is not None else None
        flags.decode_printed = printed.decode_printed
    flags.prefill_rate, flags.prefill_printed = printed.prefill, printed.prefill_printed
    if printed.context is not None and work.seq_len is None:
        work.seq_len, work.context_said = printed.context, True
    if words is not None:
        work.dataset_tokens = words
    bar = _TQDM_BAR.search(work.s) if "/" in work.s and "<" in work.s else None
    if bar is not None and int(bar.group("done")) <= int(bar.group("total")) \
            and work.num(bar.group("num")) > 0:
        # the bar's total (or, "how long left", the steps it has still to run) at its rate
        work.step_rate = work.num(bar.group("num"))
        work.step_seconds = bar.group("spi") is not None
        total, done = int(bar.group("total")), int(bar.group("done"))
        left = _LEFT_ASKED.search(work.s[bar.end():]) or _LEFT_ASKED.search(work.s[:bar.start()])
        work.steps_said = Decimal(total - done if left is not None and done < total else total)
        work.blank(*bar.span())
    match = st.STEP_RATE.search(work.s) if bar is None else None
    if match is not None:
        work.step_rate = work.num(match.group("num"))
        work.step_seconds = match.group("spi") is not None
        work.blank(*match.span())
    elif (match := _STEP_SECONDS.search(work.s) or _STEP_SECONDS_AFTER.search(work.s)) is not None:
        work.step_rate = work.num(match.group("num"))
        work.step_seconds = True
        work.blank(*match.span())
    elif (match := st.SAMPLE_RATE.search(work.s)) is not None:
        # "2.5 samples/s": not 2 samples of a dataset (was the 20k said beside it dropped)
        work.sample_rate = work.num(match.group("num") or match.group("hf"))
        work.blank(*match.span())
        # HF Trainer prints its steps a second beside: the samples are judged (no batch
        # needed), the steps read by nothing else
        if (steps := st.HF_STEP_RATE.search(work.s)) is not None:
            work.blank(*steps.span())
    elif (match := st.HF_STEP_RATE.search(work.s)) is not None:
        # "'train_steps_per_second': 0.25" alone: optimizer steps a second, tqdm's it/s
        work.step_rate = work.num(match.group("num"))
        work.step_seconds = False
        work.blank(*match.span())
    if flags.online_rl is not None:
        _take_rl_settings(work)
    match = px.GPU_MEMORY_UTILIZATION.search(work.s)
    if match:  # the value only: the flag still says vLLM serves
        value = match.group("num")
        share = work.num(value) if value else work.num(match.group("pct")) / 100
        work.gpu_memory_utilization = share  # outside (0, 1]: refused by bounds, not dropped
        work.blank(*match.span("num" if value else "pct"))
    match = px.MEM_FRACTION_STATIC.search(work.s)
    if match:  # SGLang's share: no context, size nor count
        work.mem_fraction_static = work.num(match.group("num").replace(",", "."))
        work.blank(*match.span())
    before, after = px.SEQ_BEFORE.search(work.s), px.SEQ_AFTER.search(work.s)
    if before and after and after.start() < before.start() < after.end() \
            and after.group("k") and not before.group("k"):
        # "gemma3:27b 32k context 3090": the word between two numbers goes with the one in
        # thousands; the other is the card, not 3,090 tokens.
        before = None
    if after and not after.group("k") \
            and _CARD_NOT_CONTEXT.match(work.s, after.start("num")) is not None:
        # "llama 3 8b on a 4090 context?", "qwen2.5 14b on 2x 3090 context": the card, whose
        # context is asked, not 4,090 tokens (the card was dropped).
        after = None
    for match in (before, after):
        if match and work.seq_len is None:
            work.seq_len = _tokens_of_context(match.group("num"), match.group("k"), work.lang)
            work.context_said = bool(px.CONTEXT_WORD.search(match.group(0)))
            work.blank(*match.span())
            _take_other_context(work, match, before_word=match is before)
    match = px.ROPE_CONTEXT.search(work.s) if work.seq_len is None else None
    if match:  # "llama 3 8b with rope scaling to 64k": that context, reached by scaling RoPE
        work.seq_len = _tokens_of_context(match.group("num"), match.group("k"), work.lang)
        work.context_said = True
        work.blank(*match.span())
    runner_flags = list(px.RUNNER_CONTEXT.finditer(work.s)) if work.seq_len is None else []
    # TGI's total (prompt and output) before its input limit, whichever is said first: the
    # input limit alone is the least context a sequence holds ("--max-input-length 15000").
    match = min(runner_flags, key=lambda m: "input" in m.group("flag")) if runner_flags else None
    if match and (match.group("flag") != "-c" or px.LLAMA_CPP_CUE.search(work.s) or not (
            px.TRAINING.search(work.s) or px.TRAINING_TOOLS.search(work.s))):
        # "llama-server -c 32768", "--max-total-tokens 16384": the context served; "qwen2.5 7b
        # -c 32768 on a 4060 ti" with no training word or tool too, llama.cpp's flag (was
        # unread, and the question answered as QLoRA's)
        raw = match.group("num").removesuffix("k").strip()
        work.seq_len = _tokens_of_context(raw, match.group("k"), work.lang)
        work.context_said = True
        for said in runner_flags:  # the input limit beside the total is no other figure
            if "input" in said.group("flag") or said is match:
                work.blank(*said.span())
    match = px.BLOCK_SIZE.search(work.s) if work.seq_len is None else None
    if match and (px.HF_LM_SCRIPT.search(work.s) or px.TRAINING.search(work.s)
                  or px.TRAINING_TOOLS.search(work.s) or px.TRAINER_RUN.search(work.s)):
        # "python run_clm.py … --block_size 1024": the length every training sequence is cut to
        work.seq_len = to_int(work.num(match.group("num")))
        work.blank(*match.span())
    match = px.AT_LENGTH.search(work.s) if work.seq_len is None else None
    if match:  # "qlora mistral 7b at 4096 batch 4": that sequence length
        work.seq_len = _tokens_of_context(match.group("num").replace(" ", "").removesuffix("k"),
                                          match.group("k"), work.lang)
        work.blank(*match.span())
    match = px.SERVED_CONTEXT.search(work.s) if work.seq_len is None else None
    if match and (match.group(0)[0].isalpha()
                  or _AFTER_SIZE.search(work.typed or work.s, 0, match.start()) is not None
                  or _AFTER_ENGINE.search(work.s, 0, match.start()) is not None):
        serves = _serves_only(work.s)
        if serves or (_training_said(work.s) and _NO_DATASET.search(work.s) is None):
            # "serve llama 3.1 8b with 128k on an a100", "vllm llama 3.1 8b 32k on a 4090":
            # the context served (was unread: the weights alone, or vLLM's whole 131,072);
            # "qlora llama 3 8b with 32k on an a100", no dataset said: the sequence length
            # (was unread: 2,048 assumed)
            work.seq_len = _tokens_of_context(match.group("num"), "k", work.lang)
            work.context_said = serves
            work.blank(*match.span())
    match = px.KV_CACHE_DTYPE.search(work.s)
    if match:  # the cache's precision, not the weights': the engine still serves the model
        work.kv_cache_type = _kv_cache_type(match.group(0))
        caches = {each.group("cache"): _kv_cache_type(each.group(0))
                  for each in px.KV_FLAG_EACH.finditer(match.group(0))}
        key_type, value_type = caches.get("k", "f16"), caches.get("v", "f16")
        if caches and key_type != value_type:
            # llama.cpp sets each cache apart, F16 unless said ("--cache-type-k q8_0" alone
            # leaves V at F16: was read as both in Q8_0)
            work.kv_cache_type, work.kv_cache_type_v = key_type, value_type
        work.blank(*match.span(), fill="kv cache")
    micro = px.MICRO_BATCH.search(work.s)
    match = micro or px.BATCH.search(work.s) or px.BATCH_AFTER.search(work.s)
    if match:
        work.batch_size = parse_int(match.group("num"))
        work.blank(*match.span())
    if micro is not None:
        # "bs 16 (grad accum 4, micro bs 4)": the effective batch beside it is not held at once
        for other in list(px.BATCH.finditer(work.s)):
            work.blank(*other.span())
    match = px.MAX_NUM_SEQS.search(work.s)
    if match:
        work.max_num_seqs = parse_int(match.group("num"))
        work.blank(*match.span())
    match = px.MAX_BATCHED_TOKENS.search(work.s)
    if match:  # its tokens are no context nor dataset
        work.max_num_batched_tokens = parse_int(match.group("num"))
        work.blank(*match.span())
    match = px.ENFORCE_EAGER.search(work.s)
    if match:
        work.enforce_eager = True
        work.blank(*match.span())
    match = px.VLLM_BLOCK_SIZE.search(work.s) if work.seq_len is not None \
        or not px.TRAINING.search(work.s) else None
    if match:  # "--block-size 32": vLLM's KV block, no batch nor context
        work.kv_block_size = parse_int(match.group("num"))
        work.blank(*match.span())
    match = px.VLLM_CPU_OFFLOAD.search(work.s)
    if match:  # "--cpu-offload-gb 20": weights in CPU RAM, no memory of the card nor a model
        work.cpu_offload_gib = Decimal(match.group("num"))
        work.blank(*match.span())
    match = px.TENSOR_PARALLEL.search(work.s)
    stages = px.PIPELINE_PARALLEL.search(work.s)
    if match:  # "-tp 2": served split over 2 GPUs (was read as one)
        if work.gpu_count is None:
            work.gpu_count = parse_int(match.group("num"))
        work.blank(*match.span())
    if stages:
        # "-tp 2 -pp 2": two stages of two GPUs, four in all (was read as two); each GPU holds
        # about a quarter of the weights and of the KV cache, as four-way tensor parallelism
        # does (the first and last stages also hold the embeddings and the output head)
        work.pipeline_parallel = parse_int(stages.group("num"))
        if work.gpu_count is None or match is not None:
            work.gpu_count = (work.gpu_count or 1) * work.pipeline_parallel
        work.blank(*stages.span())
    batch_said = work.batch_size is not None
    if work.batch_size is None and flags.rate_running is not None:
        # vLLM's "Running: 16 reqs" beside its generation throughput: 16 sequences decoded at
        # once, the batch that rate is over
        work.batch_size, work.served_batch = flags.rate_running, True
    match = px.CONCURRENCY.search(work.s) if work.batch_size is None else None
    if match and _PER_PERIOD.match(work.s, match.end()):
        match = None  # "1000 requests per day": a traffic, not the sequences at once
    if match:  # "serve 20 concurrent users": 20 sequences in the KV cache at once
        work.batch_at = match.start()
        work.batch_size = parse_int(match.group("num") or match.group("num2")
                                     or match.group("num3"))
        # "64 concurrent at 4k", the noun unsaid: sequences served at once too (was a training
        # batch when a cost was asked: "… llama 3.1 70b, how much would it cost" priced
        # fine-tuning at batch 64)
        work.served_batch = match.group("num3") is not None or any(
            word in match.group(0) for word in _SERVED_BY_NOUN)
        if any(word in match.group(0) for word in _PEOPLE):
            work.users = work.batch_size
        # "OLLAMA_NUM_PARALLEL=4" still names the runner (its GGUF type)
        work.blank(*match.span(), fill="ollama" if match.group(0).startswith("ollama") else "")
    match = px.SERVED_TO.search(work.s) if work.batch_size is None else None
    if match and _PER_PERIOD.match(work.s, match.end()):
        match = None  # "for 1000 users per day": a traffic, not the users at once
    if match and px.INFERENCE_STRONG.search(work.s):
        work.batch_size = parse_int(match.group("num"))  # "serve it to 10 users": 10 at once
        work.batch_at = match.start()
        if any(word in match.group(0) for word in _PEOPLE):
            work.users = work.batch_size
        work.blank(*match.span())
    match = px.SERVED_TEAM.search(work.s) if work.batch_size is None else None
    then = _THEN_SERVED.search(work.s) if match else None
    if match and ((not px.TRAINING.search(work.s) and not _ADAPTED.search(work.s)) or (
            # "finetune mistral 7b and then host it … for my team of 5": served afterwards
            then is not None and then.start() < match.start())):
        # "serving llama 3 8b for my team of 10 devs", "qwen2.5 32b for our team of 25": the
        # team's sequences at once (a team named with no training word uses the model)
        work.batch_size = work.users = parse_int(match.group("num") or match.group("num2"))
        work.served_batch = True
        work.batch_at = match.start()
        work.blank(*match.span())
    match = px.USERS_SAID.search(work.s) if work.batch_size is None else None
    if match and _PER_PERIOD.match(work.s, match.end()):
        match = None
    then = _THEN_SERVED.search(work.s) if match else None
    if match and ((not px.TRAINING.search(work.s) and not _ADAPTED.search(work.s)) or (
            # "qlora … y luego sírvelo a 50 usuarios": served after the training (the serving's)
            then is not None and then.start() < match.start())):
        # "llama 3 8b for 50 users", "can a 4090 handle 20 users": served, that many at once
        work.batch_size = work.users = parse_int(match.group("num"))
        work.served_batch = True
        work.batch_at = match.start()
        work.blank(*match.span())
    match = px.CONTEXT_AT.search(work.s) \
        if work.batch_size is not None and not batch_said and work.seq_len is None else None
    if match:
        # "with 100 concurrent requests at 4k tokens": each sequence's context, not a dataset
        work.seq_len = _tokens_of_context(match.group("num"), "k", work.lang)
        work.context_said = True
        work.blank(*match.span())
    if px.LORA_SETTING.admits(work.s):
        for match in px.LORA_SETTING.pattern.finditer(work.s):
            work.adapter_setting = True
            work.blank(*match.span())
    match = px.RANK.search(work.s)
    if match:
        work.lora_rank = parse_int(match.group("num"))
        work.blank(*match.span())
        alpha = _ALPHA_AFTER_RANK.match(work.s, match.end())
        if alpha is not None:
            # "qlora r16 a32 seq1024": LoRA's alpha after its rank, not a card named A32 (was
            # "which two GPUs should I compare?")
            work.blank(*alpha.span())
        # "rank 8 and rank 256", "r=16 vs r=64", "rango 8 y 64", "rang 8 ou 64": a second rank
        # to compare, right after the first (a bare number only after a comparing word).
        second = _OTHER_RANK.match(work.s, match.end())
        if second is not None and (second.group("word") or second.group("vs")
                                   or _RANK_COMPARED.search(work.s) is not None):
            work.lora_rank_other = parse_int(second.group("num"))
            work.blank(*second.span())
        later = _LATER_RANK.search(work.s, match.end()) if second is None else None
        if later is not None:
            # "rank 256 lora on llama 3 8b vs rank 16, how much more vram": the second rank
            # set against the first after the model (was rank 256 alone, no difference).
            work.lora_rank_other = parse_int(later.group("num"))
            work.blank(*later.span())
    match = _LENGTH_OF_SERVED.search(work.s) if work.seq_len is None else None
    if match:
        # "how many concurrent 8k requests", "how many 8k-token requests at once": each one's
        # context (was lost, or a dataset of 8,000 tokens); the noun stays for the ask
        work.seq_len = _tokens_of_context(match.group("num") or match.group("num2"), "k",
                                          work.lang)
        work.context_said = True
        work.blank(*match.span())
    _take_steps(work)
    match = px.SAMPLES_OF_TOKENS.search(work.s)
    if match and work.dataset_tokens is None and (
            _scaled(work, match, "num", "mult") > _LONGEST_SAMPLE
            or _TOTAL_AFTER.match(work.s, match.end())):
        # "10k samples 50M tokens", "1000 samples, 100k tokens in total": the whole dataset's
        # tokens, no sample that long (was samples of 50M tokens each, or a 100k sequence).
        work.dataset_tokens = tidy(_scaled(work, match, "num", "mult"))
        work.blank(*match.span())
    elif match and work.dataset_tokens is None:
        _samples_of(work, match)
    match = px.SAMPLES_OF_BARE.search(work.s) if work.dataset_tokens is None else None
    if match and _FEWEST_PER_SAMPLE <= _scaled(work, match, "num", "mult") <= _LONGEST_SAMPLE:
        # "10k ejemplos de 512": the length of each in tokens, as "de 512 tokens" is
        _samples_of(work, match)
    if work.dataset_tokens is None:
        _take_samples_apart(work)
    match = px.DATASET.search(work.s)
    if match and work.dataset_tokens is None and _step_length(work, match, batch_said):
        # "litgpt lora phi-2 on an a10g, 512 tokens, micro_batch_size 4": one sequence's length
        # among the step's settings (was a dataset of 512 tokens, the sequence left at 2,048);
        # "8k tokens" a context's 8,192.
        mult = (match.group("mult") or "").strip().lower()
        if mult in ("", "k", "m"):
            work.seq_len = _tokens_of_context(match.group("num"), mult or None, work.lang)
        else:  # a word multiplier ("2 mil tokens")
            work.seq_len = to_int(_scaled(work, match, "num", "mult"))
        work.blank(*match.span())
    elif match and work.dataset_tokens is None:
        work.dataset_tokens = tidy(_scaled(work, match, "num", "mult"))
        work.blank(*match.span())
        count_match = px.SAMPLES_COUNT.search(work.s)
        count = _scaled(work, count_match, "n", "nmult") if count_match else Decimal(0)
        if count >= 1 and not match.group("mult") \
                and work.dataset_tokens <= _LONGEST_SAMPLE \
                and work.dataset_tokens < _FEWEST_PER_SAMPLE * count:
            # "1 million samples …, samples are short, like 100 tokens": fewer tokens than a
            # dataset of that many samples can hold, so one sample's length (an average, not
            # the sequence length), and the dataset their product (was 100 tokens in all).
            assert count_match is not None
            work.sample_len_avg = to_int(work.dataset_tokens)
            work.dataset_tokens = tidy(count * work.dataset_tokens)
            work.samples_said = to_int(count)
            work.blank(*count_match.span())
    match = px.SAMPLES_COUNT.search(work.s)
    if match is None and work.dataset_tokens is None:
        match = px.SAMPLES_KEYED.search(work.s)  # "filas: 20k", "rows = 20000"
    if match and work.dataset_tokens is None:
        count = _scaled(work, match, "n", "nmult")
        work.dataset_samples = work.samples_said = to_int(count) if count >= 1 else None
        work.blank(*match.span())
    match = px.DATASET_COUNT.search(work.s) if work.dataset_tokens is None \
        and work.dataset_samples is None else None
    if match:
        # "cost to finetune llama 3 8b on a 100k dataset": its examples (was the seed's
        # illustrative hours, the count unread)
        n, mult = ("n", "nmult") if match.group("n") else ("n2", "nmult2")
        count = _scaled(work, match, n, mult)
        if 1 <= count <= _MOST_BARE_SAMPLES:
            work.dataset_samples = work.samples_said = to_int(count)
            work.blank(*match.span())
    named = dataset_named(work.s) if work.dataset_tokens is None \
        and work.dataset_samples is None and work.dataset_bytes is None else None
    if named is not None:
        # "finetune mistral 7b on alpaca", "gpt2 on openwebtext": what the dataset holds, as
        # its publisher states it (rules/data/datasets.toml; was no dataset at all).
        spec, span = named
        if spec.tokens is not None:
            work.dataset_tokens = Decimal(spec.tokens)
        else:
            work.dataset_samples = work.samples_said = spec.samples
        work.blank(*span)


_NEED_WORD: Final = lazy(
    r"(?<![a-z])(?:necesito|necesitamos|hace falta|requiero|need|besoin|il me faut)(?![a-z])")
_OWN_NEED: Final = lazy(
    r"(?<![a-z])(?:i|we|j'ai|j ai|on a|nous avons) (?:need|besoin de) (?:about |around |environ )?"
    r"(?P<num>\d+(?:[.,]\d+)?) ?(?:gb|go|g) (?:of |de |d')?(?:vram|gpu memory|memoire gpu)(?![a-z])")
# More examples than this said of a dataset with no unit ("a 2B dataset") are likely tokens: left
# unread rather than guessed.
_MOST_BARE_SAMPLES: Final = 10**7


def _take_rl_settings(work: _Work) -> None:
    """GRPO's generation settings ("num_generations 16", "max_completion_length 1024"): the
    completions online RL holds beside its step (were TRL's defaults whatever was said)."""
    match = px.RL_GENERATIONS.search(work.s)
    if match:
        work.rl_generations = parse_int(match.group("num") or match.group("num2")) or None
        work.blank(*match.span())
    match = px.RL_COMPLETION.search(work.s)
    if match:
        raw = match.group("num") or match.group("num2")
        k = match.group("k") or match.group("k2")
        work.rl_completion_tokens = (k_tokens(work.num(raw)) if k else to_int(work.num(raw))) \
            or None
        work.blank(*match.span())


# A token count said beside a count of samples, with no scale ("1M samples … like 100 tokens"),
# is one sample's length when it is at most the longest context models train at (128k) and
# would leave fewer than this many tokens a sample as the whole dataset's.
_LONGEST_SAMPLE: Final = 131_072
_FEWEST_PER_SAMPLE: Final = 16
# "1000 samples, 100k tokens in total": the tokens are the dataset's, not each sample's.
_TOTAL_AFTER: Final = lazy(
    r" ?,? ?(?:in total|total|overall|altogether|all together|en total|au total|en tout)(?![a-z])")


# Words that put a number of tokens under the data ("on 100k tokens", "con 50k tokens").
_DATA_BEFORE: Final = lazy(
    r"(?<![a-z])(?:on|with|over|of|from|using|de|con|sobre|sur|avec|en|d') ?(?:~|about |around "
    r"|like |unos |environ )?$")
_WITH: Final = lazy(r"(?:with|con|avec)(?![a-z])")
# Shortest a sequence is said to be when it is one (fewer are a prompt or a test).
_SHORTEST_STEP: Final = 16
# Below this many tokens, said alone, a dataset is implausible and a sequence usual (32k, the
# context of most models on file): a length.
_FEWEST_DATA: Final = 32_768
# "… tokens of data", "of text", "dataset", "corpus": the data, whatever its size.
_DATA_AFTER: Final = lazy(
    r" ?(?:of (?:data|text|training data)|de (?:datos|donnees|texte|texto)|dataset|corpus"
    r"|in total|en total|au total)(?![a-z])")


# "per sample", "each", "por muestra", "par échantillon": one sequence's own length (not "avg").
_PER_ONE: Final = lazy(r"(?<![a-z])(?:per|each|por|par|cada|chacun)(?![a-z])")


def _step_length(work: _Work, match: re.Match[str], batch_said: bool) -> bool:
    """A bare "512 tokens" in a training question (no samples counted, no time or cost asked):
    the sequence length, as "seq 512" is, when a batch or a rank is said beside it or it is
    too few tokens to be a dataset. "On 100k tokens", "how long on 100k tokens", "50k tokens
    of data" and a served batch keep it the data."""
    if work.seq_len is not None:
        return False
    tokens = _scaled(work, match, "num", "mult")
    if not _SHORTEST_STEP <= tokens <= (
            _LONGEST_SAMPLE if batch_said or work.lora_rank is not None else _FEWEST_DATA):
        return False
    if _DATA_AFTER.match(work.s, match.end()):
        return False
    if not (px.TRAINING.search(work.s) or _ADAPTED.search(work.s)) \
            or px.DURATION_QUESTION.search(work.s) or px.COST.search(work.s):
        return False
    if px.SAMPLES_COUNT.search(work.s):
        return False
    before = _DATA_BEFORE.search(work.s, 0, match.start())
    # "qlora … with 512 tokens, batch 4": "with" before a length too short to be a dataset is
    # the sequence's; "on 512 tokens" and "with 100k tokens" stay the data.
    return before is None or (tokens <= _FEWEST_DATA and _WITH.match(before.group()) is not None)


def _take_samples_apart(work: _Work) -> None:
    """"100k samples … on an a100, avg 700 tokens": a count of samples and, elsewhere in the
    message, one sample's average length: the dataset is their product (was the 700 tokens
    alone, a run of a minute). The length is an average, not the sequence length."""
    each = px.PER_SAMPLE_TOKENS.search(work.s)
    if each is None:
        return
    count = px.SAMPLES_COUNT.search(work.s)
    if count is None and each.group("num2") and work.seq_len is None \
            and _PER_ONE.search(each.group(0)) \
            and (px.TRAINING.search(work.s) or _ADAPTED.search(work.s)):
        # "qlora mistral 7b, 512 tokens per sample" with no count of them: each sequence's
        # length (was a dataset of 512 tokens). A follow-up's "about 700 tokens each" after
        # "10k examples" stays their length, multiplied by the count said before.
        length = _scaled(work, each, "num2", "mult2")
        if length > _LONGEST_SAMPLE:
            return  # "lora mistral 7b on 20M tokens each": no sample that long, the data
        work.seq_len = to_int(length)
        work.blank(*each.span())
        return
    if count is None or (count.start() < each.end() and each.start() < count.end()):
        return
    raw, mult = ("num", "mult") if each.group("num") else ("num2", "mult2")
    work.sample_len_avg = to_int(_scaled(work, each, raw, mult))
    work.dataset_tokens = tidy(_scaled(work, count, "n", "nmult") * _scaled(work, each, raw, mult))
    work.blank(*each.span())
    work.blank(*count.span())


def _kv_cache_type(said: str) -> str | None:
    """The cache type a KV_CACHE_DTYPE match names, by its key in detailed.toml kv_cache: FP8
    or 8 bits in one byte a value (vLLM's fp8), "q8"/"q4" llama.cpp's q8_0/q4_0."""
    found = px.KV_CACHE_TYPE.search(said)
    if found is None:
        return None
    name = found.group(0).lower().replace(" ", "").replace("-", "")
    if name.startswith(("fp8", "int8", "8bit")):
        return "fp8"
    if name in ("q4", "int4", "4bit", "4bits"):
        return "q4_0"
    if name == "q8":
        return "q8_0"
    return name


def _scaled(work: _Work, match: re.Match[str], number: str, multiplier: str) -> Decimal:
    """A count with its word multiplier ("10k", "2 millones", "1,5 M"), as one number."""
    return work.num(match.group(number)).scaleb(
        lx.TOKEN_MULTIPLIERS.get(match.group(multiplier) or "", 0))

_OFFLOAD_WORD: Final = lazy(r"(?<![a-z])offload")
_FA2_WORD: Final = lazy(r"flash|(?<![a-z])fa ?-?2")
# "qlora llama 3 8b with offload?", "… using offloading", "zero2 + offload": an offload said
# with no place, in a training question, is to the CPU (the RAM holds it; was unread, the
# verdict without it). Serving's layer or expert offloads are read before this one.
# "is 64gb ram enough to offload qlora llama 3 70b on a 4090", "… by offloading": the same
# (was the verdict without it, "at least 4× RTX 4090").
_WITH_OFFLOAD: Final = Screened(
    r"(?<![a-z])(?:with|using|w/|and|plus|\+|enable|enabling|to|by|via"
    # "¿y con offload?", "usando offload", "et avec offload ?", "avec de l'offload"
    r"|con|usando|avec|en utilisant) (?:some |an? |el |un |l'|le |de l'|du )?"
    r"offload(?:ing)?"
    r"(?![a-z_-])")
_DEEPSPEED_ALONE: Final = lazy(r"(?<![a-z])deepspeed(?![a-z])")


def _ram_asked(s: str, offloaded: bool) -> bool:
    """"how much cpu ram do i need", "cuánta ram de cpu", "combien de RAM système"; a bare
    "how much ram" only beside a CPU offload (alone it most often means the GPU's memory)."""
    match = asks.RAM_ASK.search(s)
    return match is not None and (offloaded or asks.RAM_QUALIFIED.search(match.group(0)) is not None)


def _accum_steps(s: str) -> int | None:
    """"grad accum 4", "gradient_accumulation_steps=8": the accumulation's number, if said."""
    match = px.ACCUM_STEPS.search(s)
    return parse_int(match.group("num")) if match else None


def _take_steps(work: _Work) -> None:
    """"1.5k steps at batch 8, seq 2048": the tokens trained on, when the batch and the length are
    stated (× the accumulation steps when given)."""
    match = px.STEPS.search(work.s)
    if match is None:
        return
    raw = match.group("num2") or match.group("num")
    steps = work.num(raw, prefer_thousands=True) * (1000 if match.group("k") else 1)
    work.steps_said = steps
    work.blank(*match.span())
    accum = px.ACCUM_STEPS.search(work.s)
    factor = parse_int(accum.group("num")) if accum else 1
    if accum:
        work.blank(*accum.span())
    if work.dataset_tokens is None and work.seq_len and work.batch_size and steps >= 1 \
            and work.flags.epochs is None:
        work.dataset_tokens = tidy(steps * work.batch_size * work.seq_len * max(factor, 1))


# --- durations, money, memory, sizes -----------------------------------------------------------


def _duration(value: Decimal, unit: str) -> Decimal:
    if px.HOUR_UNIT.match(unit):
        return value
    if px.MINUTE_UNIT.match(unit):
        return value / 60
    if px.DAY_UNIT.match(unit):
        return value * _HOURS_PER["day"]
    if px.WEEK_UNIT.match(unit):
        return value * _HOURS_PER["week"]
    if px.YEAR_UNIT.match(unit):
        return value * _HOURS_PER["year"]
    return value * _HOURS_PER["month"]


# How often a run is done ("once a month", "una vez al mes", "une fois par semaine", "twice a
# week"): no duration (was a month or a week of rental priced, or 8,640 hours).
_HOW_OFTEN: Final = lazy(
    r"(?<![a-z])(?:once|twice|(?:one|two|three|\d{1,2}) times|una vez|dos veces|tres veces"
    r"|\d{1,2} veces|une fois|deux fois|trois fois|\d{1,2} fois) (?:a|an|per|every|each|al|a la"
    r"|por|por la|cada|par|tous les|toutes les) ?(?:day|week|month|year|dia|semana|mes|ano"
    r"|jour|semaine|mois|an|annee)s?(?![a-z])"
)


# A weekend wished ("gracias, buen finde", "merci, bon week-end", "have a nice weekend"): a
# farewell, no rental's 48 hours (was "No te he entendido", 48 hours read).
_WISHED: Final = lazy(r"(?<![a-z])(?:buen|bon|bonne|feliz|good|nice|great|happy) $")


# A trainer's clock: h:mm:ss (or h:mm) as tqdm and the Hugging Face Trainer print it.
_CLOCK = r"(?P<h{0}>\d{{1,3}}):(?P<m{0}>[0-5]\d)(?::(?P<s{0}>[0-5]\d))?(?![\d:])"
_TQDM_CLOCKS: Final = lazy(rf"(?<![\d:]){_CLOCK.format('a')} ?< ?{_CLOCK.format('b')}")
_ETA_CLOCK: Final = lazy(
    rf"(?<![a-z])(?:eta|remaining|left|time left)(?: (?:says|shows|is|of|at|about|~))? ?:? ?"
    rf"{_CLOCK.format('c')}|(?<![\d:]){_CLOCK.format('d')} (?:remaining|left|to go)(?![a-z])"
)


def _clock_hours(match: re.Match[str], tag: str) -> Decimal:
    seconds = match.group("s" + tag)
    return Decimal(match.group("h" + tag)) + Decimal(match.group("m" + tag)) / 60 + (
        Decimal(seconds) / 3600 if seconds else 0)


# A number with a dot and three digits, which English reads as decimals and Spanish and French
# as thousands ("1.000", "2.500").
_DOT_THOUSANDS: Final = lazy(r"[1-9]\d{0,2}\.\d{3}")
_COMMA_THOUSANDS: Final = lazy(r"[1-9]\d{0,2},\d{3}")


# Copies of one model served side by side, asked how many (the model is blanked to spaces, a
# card to "gpu": "how many instances of gpu" asks GPUs): "how many llama 3 8b instances",
# "how many copies of llama 3 8b", "cuántas instancias de llama 3 8b", "combien de copies de".
_REPLICAS_NEEDLES: Final = lazy(
    r"instanc|copi|replica|[2-4a-z] {2,}(?:on|in|en|sur|dans) (?:une? |una )?gpu")
_REPLICAS: Final = lazy(
    # "can i run 2 llama 3 8b on one a100", "puedo correr dos llama 3 8b en una h100"
    r"(?:run|serve|host|load|fit|put|correr|servir|cargar|meter|tourner|charger|mettre) "
    r"(?:[2-4]|two|three|four|dos|tres|cuatro|deux|trois|quatre) {2,}(?:on|in|en|sur|dans) "
    r"(?:une? |una )?gpu"
    r"|"
    r"(?:how|hw) many {2,}(?:copies|instances|replicas)(?![a-z])"
    r"|(?:how|hw) many (?:copies|instances|replicas) of {2,}"
    r"|cuant[ao]s {2,}(?:copias|instancias|replicas)(?![a-z])"
    r"|cuant[ao]s (?:copias|instancias|replicas) (?:de|del) {2,}"
    r"|combien (?:de |d')(?:copies|instances|repliques) (?:de |du |d')? {2,}"
    r"|combien (?:de |d') {2,}(?:copies|instances)(?![a-z])"
)


def _take_hours(work: _Work) -> None:
    often = _HOW_OFTEN.search(work.s) if "once" in work.s or "twice" in work.s \
        or " ve" in work.s or "fois" in work.s or "times" in work.s else None
    if often is not None:
        work.blank(*often.span())
    clock = px.AROUND_THE_CLOCK.search(work.s)
    if clock is not None:
        # "un h100 24h/24 pendant un mois", "una h100 las 24 horas toda la semana": running
        # without a stop for the duration said beside it (was 24 hours); said alone, as before.
        kept = work.s
        work.blank(*clock.span())
        _take_said_hours(work)
        if work.hours is not None or work.gpu_hours is not None:
            return
        # Alone ("keep llama 3 70b running 24/7 on h100s, cost?", "un h100 24h/24"): a month of
        # it, the span a service left running is paid by (was "serving has no typical
        # duration", or a day for "24h/24"), said so.
        work.hours, work.hours_as = _HOURS_PER["month"], "nonstop"
        return
    daily = px.HOURS_A_DAY.search(work.s)
    if daily is not None:
        # "8 hours a day for a month", "4h/day, 5 days a week, for 2 weeks": those hours on each
        # day of the span said beside them (was the 8 hours alone, the month unread). Said
        # alone ("8 hours a day"), a day's hours, kept for "what if only 8 hours a day?".
        per_day = _amount(work, daily.group("num"))
        week = px.days_a_week(daily.group("days"))
        if per_day > 24 or week > 7:
            # "h100 25 hours a day for a week", "8 hours a day for 9 days a week": a day has 24
            # hours and a week 7 days, which the reply says (was 25 hours, or 9 days, priced).
            work.impossible_day = (tidy(per_day), week)
            work.blank(*daily.span())
            _take_said_hours(work)
            return
        kept = work.s
        work.blank(*daily.span())
        _take_said_hours(work)
        if work.hours is not None and work.hours >= 24 and 0 < per_day < 24:
            work.hours_per_day, work.days_per_week = tidy(per_day), week
            work.hours = tidy(px.hours_a_day_over(work.hours, per_day, week))
            return
        work.s = kept
        work.hours = work.hours_as = None
        _take_said_hours(work)
        if work.hours == per_day and 0 < per_day < 24:
            work.hours_per_day, work.days_per_week = tidy(per_day), week
        return
    _take_said_hours(work)


# What a span of the clock needs somewhere: a mark of it, else CLOCK_SPAN is not tried.
_CLOCK_CUE: Final = lazy(r"\d(?: ?[ap]\.?m|:[0-5]\d|h(?![a-z0-9]|[0-5]\d(?![0-9])))")


def _take_said_hours(work: _Work) -> None:
    match = px.GPU_HOURS.search(work.s)
    if match and match.group(0).endswith("gpu") and work.typed[match.end() - 3 : match.end()] != "gpu":
        # "10 horas de 2 A100": hours of the cards named (their stand-in "gpu"), not GPU-hours.
        match = None
    if match:
        raw = match.group("num")
        if _DOT_THOUSANDS.fullmatch(raw) if work.lang in (None, "en") \
                else _COMMA_THOUSANDS.fullmatch(raw):
            # "1.000 gpu hours" in English: as "1.000 hours" (_take_said_hours below), said
            work.hours_dot = raw
            work.gpu_hours = work.num(raw, prefer_thousands=raw.endswith("000"))
        else:
            work.gpu_hours = work.num(raw)
        if match.group("k"):
            work.gpu_hours *= 1000  # "10k gpu hours"
        work.blank(*match.span())
    for span in px.CLOCK_SPAN.finditer(work.s) if _CLOCK_CUE.search(work.s) else ():
        # "an h100 from 9am to 5pm", "de 9h à 17h": the hours between (was the hourly price,
        # or 17 hours, or 9)
        hours = px.clock_hours(span)
        if hours is not None:
            work.hours = tidy(hours)
            work.blank(*span.span())
            return
    # Before the units: "un week-end" is not "un week", "fin de semana" not a "semana".
    match = next((m for m in px.WEEKEND.finditer(work.s)
                  if _WISHED.search(work.s, 0, m.start()) is None), None)
    if match:
        raw = match.group("count")
        count = 1 if raw is None else (int(raw) if raw.isdigit() else lx.COUNT_WORDS[raw])
        said = match.group("days") or match.group("days_before")
        days = None if said is None else int(said) if said.isdigit() else lx.COUNT_WORDS[said]
        if days is not None and 2 <= days <= 4:
            # the weekend's days said ("une fin de semaine de trois jours"): those days, no
            # assumption to state (was the weekend's 48 hours)
            work.hours, work.hours_as = _HOURS_PER["day"] * days * count, None
        elif match.group("long") or match.group("longer"):
            work.hours, work.hours_as = LONG_WEEKEND_HOURS * count, "long_weekend"
        else:
            work.hours, work.hours_as = WEEKEND_HOURS * count, "weekend"
        work.blank(*match.span())
        return
    match = px.FRENCH_WEEKS.search(work.s)
    if match:
        two = match.group("word") in ("quinze", "quinzaine") or match.group("alone") == "quinzaine" \
            or match.group("fortnight") is not None
        work.hours = _HOURS_PER["week"] * (2 if two else 1)  # "a fortnight": two weeks
        if match.group("quincena"):
            work.hours = _HOURS_PER["day"] * 15
        work.blank(*match.span())
        return
    match = px.HALF_DAY.search(work.s)
    if match:
        work.hours, work.hours_as = HALF_DAY_HOURS, "half_day"
        work.blank(*match.span())
        return
    match = px.HOURS_AND_MINUTES.search(work.s)
    if match:
        minutes = match.group("m")
        mins = px.MINUTE_WORDS.get(minutes)
        if mins is None:
            mins = int(minutes)
        work.hours = tidy(_amount(work, match.group("h")) + Decimal(mins) / 60)
        work.blank(*match.span())
        return
    match = px.AND_A_HALF_BEFORE.search(work.s)
    if match:
        amount = _amount(work, match.group("num")) + Decimal("0.5")
        work.hours = tidy(_duration(amount, match.group("unit")))
        work.hours_as = _month_said(match.group("unit"))
        work.blank(*match.span())
        return
    match = _TQDM_CLOCKS.search(work.s) if ":" in work.s else None
    if match:
        # tqdm's "[3:10:00<12:40:00, 4.56s/it]": the time spent and the time left, the run's
        # whole time together
        work.hours = tidy(_clock_hours(match, "a") + _clock_hours(match, "b"))
        work.blank(*match.span())
        return
    match = _ETA_CLOCK.search(work.s) if ":" in work.s else None
    if match:
        # "eta 14:32:10", "14:32:10 remaining": a trainer's time left, as h:mm:ss (was unread:
        # the run's hours not judged)
        work.hours = tidy(_clock_hours(match, "c" if match.group("hc") else "d"))
        work.blank(*match.span())
        return
    match = px.HOURS_CLOCK.search(work.s)
    if match:
        work.hours = tidy(Decimal(match.group("h")) + Decimal(match.group("m")) / 60)
        work.blank(*match.span())
        return
    match = px.HOURS.search(work.s)
    if match:
        raw = match.group("num")
        if _DOT_THOUSANDS.fullmatch(raw) if work.lang in (None, "en") \
                else _COMMA_THOUSANDS.fullmatch(raw):
            # "1.000 hours" in English, "1,000 horas" in Spanish: the language makes the mark a
            # decimal one, but no one writes an hour with three zeros: it groups thousands
            # (was 1 hour); "2.500 hours" stays 2.5. Either way the reply says how it was read.
            work.hours_dot = raw
            amount = work.num(raw, prefer_thousands=raw.endswith("000")) + _and_a_part(match)
        else:
            amount = work.num(raw) + _and_a_part(match)
        if match.group("k"):
            amount *= 1000  # "1.5k hours"
        work.hours = tidy(_duration(amount, match.group("unit")))
        work.hours_as = _month_said(match.group("unit"))
        work.blank(*match.span())
        _more_duration(work, match)
        return
    match = px.QUARTER_HOURS.search(work.s)
    if match:  # before "an hour" in "a quarter of an hour" reads as one hour
        work.hours = Decimal("0.75") if match.group("three") else Decimal("0.25")
        work.blank(*match.span())
        return
    match = px.HALF_HOUR.search(work.s)
    if match:
        work.hours = Decimal("0.5")
        work.blank(*match.span())
        return
    for match in px.HOURS_WORDS.finditer(work.s):
        if px.RATE_BEFORE.search(work.s[max(0, match.start() - 12) : match.start()]):
            continue  # "$2 an hour", "per day"
        if match.group("word") in ("a", "an") and px.HOUR_UNIT.match(match.group("unit")) \
                and work.typed[: match.start()].strip() \
                and not px.DURATION_LEAD.search(work.typed, 0, match.start()) \
                and (px.HOW_MUCH.search(work.s) or px.COST.search(work.s)
                     or px.WHATS.search(work.typed)):
            continue  # "how much is an h100 an hour": its price per hour ("for an hour": one)
        amount = Decimal(lx.AMOUNT_WORDS[match.group("word")])
        amount += _and_a_part(match)
        work.hours = tidy(_duration(amount, match.group("unit")))
        work.hours_as = _month_said(match.group("unit"))
        work.blank(*match.span())
        _more_duration(work, match)
        return
    match = px.HOUR_AND_A_PART.search(work.s)
    if match:
        work.hours = tidy(_duration(Decimal(1) + _and_a_part(match), match.group("unit")))
        work.blank(*match.span())
        return
    # "monthly", "what does an H100 cost a month", "al mes": one month of rental.
    match = px.MONTHLY.search(work.s)
    if match:
        work.hours, work.hours_as = _HOURS_PER["month"], "month"
        work.blank(*match.span())
        return
    # "how much is an H100 per week", "por semana", "à la semaine": one week of rental.
    match = px.WEEKLY.search(work.s) if work.dataset_tokens is None else None
    if match:
        work.hours = _HOURS_PER["week"]
        work.blank(*match.span())
        return
    # "how much to run an h100 all night?": a night's rental, priced at NIGHT_HOURS (said so).
    # Asked with no price ("will it finish overnight?") the night stays a deadline (asks.NIGHT).
    match = px.NIGHT_HOURS.search(work.s) if work.dataset_tokens is None else None
    # ... and the night a run is given, what it trains asked ("si lo dejo toda la noche en una
    # h100, ¿cuántos ejemplos puedo entrenar…?", "overnight on an h100 how many samples …"):
    # the same 8 hours, said so (was no hours: the fit alone).
    if match and (px.COST.search(work.s) or px.HOW_MUCH.search(work.s)
                  or asks.data_count(work.s) is not None):
        work.hours, work.hours_as = NIGHT_HOURS, "night"
        work.blank(*match.span())
        return
    # "a few hours on a b200, how much?": priced at FEW_HOURS (said so); asked with no price
    # ("it took a few hours on my 3090") it is no rental.
    match = px.FEW_HOURS.search(work.s) if work.dataset_tokens is None else None
    if match and (px.COST.search(work.s) or px.HOW_MUCH.search(work.s)
                  or px.PRICES.search(work.s)):
        work.hours, work.hours_as = FEW_HOURS, "few"
        work.blank(*match.span())
        return
    # "how much is the H200 per day", "por día", "par jour": one day of rental.
    match = px.DAILY.search(work.s) if work.dataset_tokens is None else None
    if match:  # ... but "10M tokens per day" is a rate of work, not a rental
        work.hours = _HOURS_PER["day"]
        work.blank(*match.span())
        return
    match = px.THE_UNIT.search(work.s) if work.dataset_tokens is None else None
    if match and (px.COST.search(work.s) or px.HOW_MUCH.search(work.s)
                  or px.PRICES.search(work.s)):
        unit = "jour" if match.group("unit") == "journee" else match.group("unit")
        work.hours = _duration(Decimal(1), unit)
        work.hours_as = _month_said(unit)
        work.blank(*match.span())


# Each unit's size, to add only a smaller one after a duration ("2 days and 12 hours").
_UNIT_ORDER: Final = (px.MINUTE_UNIT, px.HOUR_UNIT, px.DAY_UNIT, px.WEEK_UNIT, px.MONTH_UNIT,
                      px.YEAR_UNIT)


def _unit_rank(unit: str) -> int:
    return next((i for i, p in enumerate(_UNIT_ORDER) if p.match(unit)), len(_UNIT_ORDER))


def _more_duration(work: _Work, first: re.Match[str]) -> None:
    """A smaller unit said right after the duration just read is added to it: "2 days and 12
    hours" is 60 hours, "1 week and 2 days" 216, "2 dias y 12 horas", "1 jour 6 heures" (was the
    first unit alone, the rest unread and the run priced short)."""
    if first.group("half") or first.group("quarter"):
        return  # "a day and a half" says its part already
    more = px.DURATION_MORE.match(work.s, first.end())
    if more is None or _unit_rank(more.group("unit")) >= _unit_rank(first.group("unit")):
        return
    if px.RATE_AFTER.match(work.s, more.end()):
        return  # "2 weeks and 8 hours a day": hours used each day, not more of the span
    raw = more.group("num")
    amount = Decimal(lx.AMOUNT_WORDS[raw]) if raw in lx.AMOUNT_WORDS else work.num(raw)
    assert work.hours is not None
    work.hours = tidy(work.hours + _duration(amount, more.group("unit")))
    work.blank(*more.span())


def _amount(work: _Work, raw: str) -> Decimal:
    """A count written in digits or as a word ("an", "une", "two")."""
    word = lx.AMOUNT_WORDS.get(raw)
    return Decimal(word) if word is not None else work.num(raw)


def _measured(before: str, after: str) -> Literal["said", "card"] | None:
    """Whether the hours just taken (where `after` first differs from `before`) were said as
    measured: "said" by a verb ("it took 6 h", "tardó seis horas", "ça a pris six heures",
    px.MEASURED_BEFORE, or after "in" with a run said done before it: "i did a qlora of llama 3
    8b in 6h"), "card" by the user's own card after them alone ("6h on my 3090")."""
    start = next((i for i, (x, y) in enumerate(zip(before, after, strict=False)) if x != y), None)
    if start is None:
        return None
    if px.MEASURED_BEFORE.search(before[max(0, start - 40) : start].rstrip()) is not None:
        return "said"
    # "fine-tuned llama 3 8b with qlora on my 4090 for 12 hours": the model and the card said
    # between the verb and the hours are blanked to runs of spaces, which a window of 40 did
    # not reach past (was the two cards compared, the hours unscaled).
    if px.MEASURED_BEFORE.search(" ".join(before[max(0, start - 120) : start].split())) \
            is not None:
        return "said"
    if px.IN_BEFORE.search(before[max(0, start - 24) : start]) is not None and (
            px.DONE_BEFORE.search(before[max(0, start - 90) : start]) is not None
            or any(m.end() >= start - 90 for m in px.DONE_OPENING.finditer(before[:start]))):
        return "said"  # "i did a qlora of llama 3 8b in 6h", "j'ai fait un qlora … en 6 h"
    # "6h on my 3090, how long on an a100?": hours on the user's own card are what it took.
    if px.ON_MY_CARD.match(after[start:].lstrip()) is not None \
            and px.FOR_BEFORE.search(before[max(0, start - 12) : start]) is None:
        return "card"
    return None


# "i have 10 hours on my 3090, can i finish …", "i have a day and a half, can i get through
# 40k samples": hours the user has, not hours a run took (the card after them is where).
_HAVE_BEFORE: Final = lazy(
    r"(?<![a-z])(?:(?:i|we) (?:only |just )?(?:have|got|'ve got|ve got)|i'?ve only got|"
    r"(?:solo |nomas )?tengo|j'?ai(?: seulement| que)?)(?: only| just| about| around| roughly|"
    r" like| unas?| unos| environ)? ?$"
)


def _hours_had(before: str, after: str) -> bool:
    """Whether the hours just taken (where `after` first differs from `before`) follow "i
    have", "tengo", "j'ai": the time the user has for the run."""
    start = next((i for i, (x, y) in enumerate(zip(before, after, strict=False)) if x != y), None)
    return start is not None and _HAVE_BEFORE.search(before[max(0, start - 30) : start]) \
        is not None


def _and_a_part(match: re.Match[str]) -> Decimal:
    """"… and a half" (0.5) or "… y cuarto", "… et quart" (0.25) of the unit said."""
    if match.group("half"):
        return Decimal("0.5")
    return Decimal("0.25") if match.group("quarter") else Decimal(0)


def _month_said(unit: str) -> HoursAs | None:
    """Months and years have no fixed length: the reply says one was taken as 30 or 365 days."""
    if px.MONTH_UNIT.match(unit):
        return "month"
    return "year" if px.YEAR_UNIT.match(unit) else None


def _direction(before: str) -> Direction | None:
    if px.DIRECTION_BELOW.search(before):
        return "below"
    if px.DIRECTION_ABOVE.search(before):
        return "above"
    return None


def _closed_side(match: re.Match[str]) -> Direction:
    """The side a threshold's closing words give ("3 or less": below; "3 o más": above)."""
    return "below" if match.group("below") else "above"


def _money_scale(word: str | None) -> int:
    """"k", "thousand", "mil" (Spanish), "grand" are 1000; "m", "mm", "million", "millones" a
    million ("i have 2 grand, how many h100 hours" was $2,000,000)."""
    if word is None:
        return 1
    word = word.strip().removesuffix(" de").removesuffix(" of").strip()
    return 1000 if word in ("k", "thousand", "mil", "grand") else 1_000_000


# Money followed by the configuration it is spent on ("$300 on 8x h100", "200 usd en una h100",
# "100 $ sur une a100"): a budget (the GPU names are blanked "gpu" by then).
_SPENT_ON_GPU: Final = lazy(
    r" ?(?:on|in|en|sur|de|of|worth of) (?:(?:an?|una?|une|des|le|la|el) )?gpu(?![a-z])"
)


# "for h100", "para horas de h100", "pour des heures de h100", "para gastar en una h100": what
# a sum is for, a card (the GPU names are blanked "gpu" by then).
_FOR_GPU_WORDS: Final = (
    r" ?(?:for|para|pour|para gastar en|to spend on|a depenser sur) (?:(?:(?:des|las|les|the) )?"
    r"(?:hours|horas|heures|time|tiempo|temps) (?:of|de|d') ?)?"
    r"(?:(?:an?|una?|une|des|du|de|le|la|el|las|les|the) )?gpu(?![a-z])")
_FOR_GPU: Final = lazy(_FOR_GPU_WORDS)
# ... in another currency: "j'ai 2 000 balles pour du h100", "tengo 200 euros para una h100"
# (the euro sign is folded away: the figure alone, the currency known from the text as typed).
_FOREIGN_FOR_GPU: Final = lazy(
    rf"\d(?: ?k)?(?: ?{px.FOREIGN_UNIT_WORDS})?{_FOR_GPU_WORDS}")


# ... said as money one has ("i have", "tengo", "j'ai", "budget"): "make it $3.50 for the h100"
# after an alert is its new price, no budget.
_HAVE_MONEY: Final = lazy(rf"(?<![a-z])(?:{lx.HAVE_MONEY_WORDS})(?![a-z])")


# "pay 50 usdt for h100 hours", "100 usd de horas de h100": money for hours of a card; "300
# dolares para horas de h100", "500 $ par semaine pour des heures de h100": the hours first
# (was the price list, the sum no budget).
_FOR_GPU_HOURS: Final = lazy(
    r" ?(?:for|para|pour|of|de|en) (?:(?:d'|de |des |las |les |the )?)gpu *-? *"
    r"(?:hours?|hrs?|horas?|heures?|time)(?![a-z])"
    r"| ?(?:for|para|pour) (?:(?:des|las|les|the) )?(?:hours|horas|heures) (?:of|de|d') ?"
    r"(?:(?:la|le|l'|las|les|the) ?)?gpu(?![a-z])"
)


def _take_coin(work: _Work) -> tuple[str, Decimal] | None:
    """"0.01 btc", "0,5 eth": an amount in a coin with no dollar rate on the page."""
    match = px.COIN_AMOUNT.search(work.s)
    if match is None:
        return None
    coin = match.group("coin")
    value = work.num(match.group("num")) * (1000 if match.group("k") else 1)
    name = {"b": "BTC", "e": "ETH", "s": "SOL", "l": "LTC", "x": "XMR", "m": "XMR"}[coin[0]]
    work.blank(*match.span())
    return name, tidy(value)


# The price a card was bought at, just before the amount: "got a used 3090 for", "bought my
# 4090 at", "picked up 2 3090s for" (not hours bought: "bought 100 hours for").
_BOUGHT_FOR: Final = lazy(
    r"(?<![a-z])(?:got|bought|picked up|snagged|grabbed|scored)"
    r"(?![^,.;?!$]{0,32}(?:hour|hrs|credit|minute|block|gpu-?h))"
    r"[^,.;?!$]{1,32} (?:for|at) (?:like |about |around |~ ?)?$")


# ... or said after it, the card named ("paid $700 for my 3090", "spent 1600 on a 4090").
_PAID_FOR_CARD: Final = lazy(
    r" ?(?:for|on) (?:my|a|an|the|this|that|one|two|\d) (?:used |new |second[ -]?hand )?gpus?"
    r"(?![a-z])(?! ?-? ?h)")


_PAID_BEFORE: Final = lazy(r"(?<![a-z])(?:paid|spent|dropped) (?:like |about |around |~ ?)?$")


def _take_money(work: _Work, alert_cue: bool, before_hours: str | None = None) -> None:
    match = px.PERCENT.search(work.s)
    if match:
        work.percent = tidy(work.num(match.group("num")))
        work.blank(*match.span())
    if px.CENTS.admits(work.s):
        for match in px.CENTS.pattern.finditer(work.s):
            before = work.s[max(0, match.start() - 24) : match.start()]
            value = work.num(match.group("num")) / 100
            work.money.append(_Money(tidy(value), _direction(before),
                                     bool(match.group("hourly"))))
            work.blank(*match.span())
    if px.MONEY_RANGE.admits(work.s):
        for match in px.MONEY_RANGE.pattern.finditer(work.s):
            lo = match.group("lo")
            low = Decimal(1) if lo[0].isalpha() else work.num(lo)
            high = work.num(match.group("hi"))
            if not 0 < low < high:
                continue
            # "what can i rent for $2-$3/hr": a band of hourly prices (was $2, a budget)
            work.money.append(_Money(tidy(high), None, rate=True))
            work.rate_low = tidy(low)
            work.blank(*match.span())
    if px.SUM_RANGE.admits(work.s):
        for match in px.SUM_RANGE.pattern.finditer(work.s):
            low = work.num(match.group("lo")) * (1000 if match.group("klo") else 1)
            high = work.num(match.group("hi")) * (1000 if match.group("khi") or (
                match.group("klo") and not match.group("c2")) else 1)
            if not 0 < low < high:
                continue
            # "a budget between $20 and $30", "entre 20 y 30 dolares": a band of sums, its top
            # what there is to spend (was the lower end alone, $20)
            work.money.append(_Money(tidy(high), None))
            work.sum_low = tidy(low)
            work.blank(*match.span())
    bought = asks.RENT_BUY.search(work.s) is None
    for match in px.MONEY.finditer(work.s):
        raw = match.group("a") or match.group("b")
        before = work.s[max(0, match.start() - 24) : match.start()]
        # (read in the text as typed: "bought 100 h100 hours for $200" has its hours blanked)
        if bought and (_BOUGHT_FOR.search(work.typed or work.s, max(0, match.start() - 48),
                                          match.start())
                       or (_PAID_BEFORE.search(work.s, max(0, match.start() - 24),
                                               match.start()) is not None
                           and _PAID_FOR_CARD.match(work.s, match.end()) is not None)):
            # "got a used 3090 for 700 bucks, can it qlora …": what the card cost, no budget
            # (was "$700 buys 853.6 hours of 1× L40S", the fit asked unanswered)
            continue
        value = work.num(raw) * _money_scale(match.group("ka") or match.group("kb"))
        if match.group("sign"):
            value = -abs(value)
        rate = bool(match.group("hourly"))
        # "$500 a week for h100 hours": the card after the sum's period
        # (read in the text before its durations were taken: "per week" is blanked by then)
        period = _SUM_PERIOD.match(before_hours or work.s, match.end())
        after = match.end() if period is None else period.end()
        on_gpu = _SPENT_ON_GPU.match(work.s, after) is not None \
            or _FOR_GPU_HOURS.match(work.s, after) is not None
        said = match.group(0)
        coin = "USDT" if "usdt" in said else "USDC" if "usdc" in said else None
        closed = px.CLOSED_SIDE.match(work.s, match.end())  # "$3 or less"
        side = _direction(before) if closed is None else _closed_side(closed)
        work.money.append(_Money(tidy(value), side, rate, on_gpu, coin=coin,
                                 for_gpu=_FOR_GPU.match(work.s, after) is not None,
                                 per_period=period is not None and on_gpu))
    if work.money:
        work.s = px.MONEY.pattern.sub(lambda m: " " * (m.end() - m.start()), work.s)
    if not alert_cue:
        if not work.money:
            _take_bare_money(work)
        return
    # In an alert, "below 2" is $2 an hour: the price is the only thing a threshold can be.
    if px.BARE_CLOSED.admits(work.s):  # "when the h100 is 3 or less", "gets to 3 or more"
        for match in px.BARE_CLOSED.pattern.finditer(work.s):
            work.money.append(_Money(tidy(work.num(match.group("num"))), _closed_side(match)))
            work.blank(match.start("num"), match.end())
    for match in px.BARE_THRESHOLD.finditer(work.s):
        direction: Direction = "below" if match.group("below") else "above"
        work.money.append(_Money(tidy(work.num(match.group("num"))), direction))
        work.blank(match.start("num"), match.end())
    for match in px.BARE_TARGET.finditer(work.s):
        work.money.append(_Money(tidy(work.num(match.group("num"))), None))
        work.blank(match.start("num"), match.end())
    if not work.money and work.percent is None and work.gpus and px.ALERT.search(work.s) \
            and not px.ALERT_REMOVE.search(work.s):
        # Only beside an alert word and a card: "si … j'en utilise que 5" is no alert ("si" is
        # "if"), "delete alert 2" the second alert of the list.
        lone = list(islice(px.BARE_LONE.finditer(work.s), 2))
        if len(lone) == 1:
            work.money.append(_Money(tidy(work.num(lone[0].group("num"))), None))
            work.blank(lone[0].start("num"), lone[0].end())


# "2k budget for h100", "500 to spend on h100s", "2 mil de presupuesto en una h100".
_BARE_SPENT_ON_GPU: Final = lazy(
    r" ?(?:(?:to spend|para gastar|a depenser|(?:de |of )?budget|de presupuesto)(?![a-z]))?"
    r" ?(?:on|in|en|sur|de|of|for|para|pour|worth of) (?:(?:an?|una?|une|des|le|la|el) )?gpu(?![a-z])"
)


# A card's price said with no currency in a rent-or-buy question ("buy an h100 for 30k or
# rent?", "una 3090 cuesta 700", "une 4090 à 1800"): dollars, shown as such.
_CARD_PRICE: Final = lazy(
    r"(?:for|at|costs?|is|cuesta|sale|vale|por|a|coute|pour|vaut) (?:about |around |like |unos |"
    r"environ )?(?P<num>\d{2,6}(?:[.,]\d+)?) ?(?P<k>k|grand|mil)?(?![\w.,])"
)


_BYTE_SCALE: Final = {"k": 10**3, "m": 10**6, "g": 10**9, "t": 10**12}


def _take_data_size(work: _Work) -> None:
    """"a 50MB jsonl", "2GB of text": the dataset's bytes, and about the tokens they hold
    (rules.data_size; GB = 10^9 bytes, GiB = 2^30)."""
    match = px.DATA_SIZE.search(work.s)
    if match is None:
        return
    num, unit = ("num", "unit") if match.group("num") else ("num2", "unit2")
    said = match.group(unit)
    if said in ("bytes", "octets"):
        scale = 1
    elif said[1:] in ("ib", "io"):
        scale = 1024 ** (" kmgt".index(said[0]))
    else:  # "mb", "go", "megabytes", "gigs": by the first letter
        scale = _BYTE_SCALE[said[0]]
    size = work.num(match.group(num)) * scale
    if size <= 0:
        return
    work.dataset_bytes = tidy(size)
    work.dataset_tokens = tokens_from_bytes(size)
    work.blank(match.start(num), match.end(unit))


# "a month", "/month", "al mes", "a la semana", "par semaine": the words between a sum and its
# period, and the periods a sum is said by (a day's kept apart: a bare figure a day is as
# likely hours).
_PER: Final = r" ?(?:/|a la|a|an|per|each|every|al|por|cada|par|chaque|le|la)? ?(?:1 )?"
_MONTH_OR_WEEK: Final = r"months?|mo|mes|mois|weeks?|wk|semanas?|semaines?"
_PERIOD_WORDS: Final = rf"{_MONTH_OR_WEEK}|days?|dias?|jours?"

# A budget by the period: "$500 a month", "$300/month", "1500 dolares al mes", "200 $ par
# semaine" (searched on the text before its durations are taken).
# ... its period alone, right after a sum (_take_money: "$500 a week for h100 hours").
_SUM_PERIOD: Final = lazy(rf"{_PER}(?:{_MONTH_OR_WEEK})(?![a-z])")
_BUDGET_PER_PERIOD: Final = lazy(
    r"(?:\$ ?\d[\d.,]*(?: ?k)?|\d[\d.,]*(?: ?k)? ?(?:\$|usd|dollars?|dolares|bucks|\$us|us\$))"
    rf"{_PER}(?P<p>{_PERIOD_WORDS})(?![a-z])"
)


# ... said with no currency ("my budget is 1k/month", "1000 al mes, cuantas horas de h100",
# "2 grand a month"): a month's or a week's money only (a bare figure a day is as likely hours
# a day: "8 al dia"), in thousands or from 10 up; dollars assumed, said so (_take_bare_per_period).
_BARE_PER_PERIOD: Final = lazy(
    r"(?<![\w.,$])(?P<num>\d[\d.,]*)(?P<k> ?(?:k|grand|mil)(?![a-z]))?"
    rf"{_PER}(?P<p>{_MONTH_OR_WEEK})(?![a-z])"
)


# ... in another currency ("1000 € par mois", "500 euros al mes": the sign folded away by then).
_FOREIGN_PER_PERIOD: Final = lazy(
    rf"(?<![\w.,])\d[\d.,]*(?: ?(?:k|mil)(?![a-z]))?(?: ?{px.FOREIGN_UNIT_WORDS})?"
    rf"{_PER}(?:{_PERIOD_WORDS})(?![a-z])"
)


def _take_bare_per_period(work: _Work, before_hours: str) -> re.Match[str] | None:
    """A sum with no currency said by the month or the week, its period read as hours to price
    ("my budget is 1k/month how many h100 hours per day" priced 24 hours of an H100, the
    budget unread): dollars, assumed and said so, as "2k budget" is. Only with money's words or
    the hours it buys asked (the caller checks), and no other sum said."""
    if work.money:
        return None
    match = _BARE_PER_PERIOD.search(before_hours)
    if match is None:
        return None
    value = work.num(match.group("num")) * (1000 if match.group("k") else 1)
    if value < 10:
        return None  # "2 a month": a count, not a budget
    work.money.append(_Money(tidy(value), None, assumed=True))
    work.blank(match.start("num"), match.end("k") if match.group("k") else match.end("num"))
    return match


def _budget_said(sums: list[VagueSum], budget: Decimal | None) -> str | None:
    """The vague words a budget was said in ("a few hundred bucks": "a few hundred"), when the
    budget is the figure the first of them was read as (numbers.words_to_digits read them)."""
    if budget is None or not sums:
        return None
    said, value = sums[0]
    return said if value == budget else None


def _dataset_said(counts: list[VagueSum], tokens: Decimal | None,
                  samples: int | None) -> str | None:
    """The vague words a dataset's size was said in ("a few million tokens": "a few million"),
    when its tokens or samples are the figure they were read as (numbers.words_to_digits)."""
    if not counts:
        return None
    said, value = counts[0]
    return said if value in (tokens, samples) else None


def _dataset_said_samples(counts: list[VagueSum], samples: int | None) -> bool:
    """Whether the vague words were the dataset's samples ("a few thousand samples"), not its
    tokens."""
    return bool(counts) and samples is not None and counts[0][1] == samples


# A banknote's slang ("a fiver", "a tenner", "a hundo"): its amount.
SLANG_SUMS: Final[dict[str, Decimal]] = {
    "fiver": Decimal(5), "tenner": Decimal(10), "hundo": Decimal(100), "hunnid": Decimal(100)}


def _take_bare_money(work: _Work) -> None:
    """A sum with no currency where only a budget can be meant ("2k budget", "i have 2k, how
    many h100 hours", "two grand on a100s"): dollars, said to be assumed (px.BARE_BUDGET)."""
    for match in px.BARE_BUDGET.finditer(work.s):
        group = next(g for g in "abcdefghi" if match.group(g))
        if group == "f":
            # "a tenner": its notes are dollars and pounds alike; read as dollars, said so.
            work.money.append(_Money(
                SLANG_SUMS[match.group("f")], None, assumed=True,
                on_gpu=_BARE_SPENT_ON_GPU.match(work.s, match.end()) is not None))
            work.blank(*match.span())
            return
        if group == "e" and (work.model_id is not None or work.family
                             or px.SIZE.search(work.s) is not None):
            continue  # "llama 3 8b 2k on a 4090": a context, not thousands of dollars
        if group == "c" and not match.group("kc") and px.BARE_CLAUSE_END.match(work.s, match.end()):
            continue  # "i have 24, what can i run": gigabytes as likely as dollars
        scale = 1000 if group == "d" else _money_scale(
            (match.group("k" + group) or "").strip() or None)
        raw = match.group(group)
        value = (work.num(raw) if raw[0].isdigit() else Decimal(lx.AMOUNT_WORDS[raw])) * scale
        if group in "ghi" and not match.group("k" + group) and value < 50:
            continue  # "what does 2 get me": two cards as likely as two dollars
        on_gpu = _BARE_SPENT_ON_GPU.match(work.s, match.end()) is not None
        work.money.append(_Money(tidy(value), None, on_gpu=on_gpu, assumed=True))
        scaled = match.group("k" + group) if group != "d" else None
        # "i have 2k": the "i have" is the money's, not a card owned.
        work.blank(match.start() if group == "c" else match.start(group), match.end() if group == "d" else (
            match.end("k" + group) if scaled else match.end(group)))
        return


# Between two sizes, the first taken back: "13b no, 14b", "13b non 14b", "13b not 14b" read
# the other way round by no one; "no 13b sino 14b", "pas 13b mais 14b", "not 13b but 14b".
_SIZE_TAKEN_BACK: Final = lazy(
    r"\W*(?:(?:no|non|nope|pas)\W+(?:(?:perdon|pardon|sorry|sino|mais|je voulais dire|"
    r"quise decir|queria decir|i meant)\W+)?|(?:sino|mais|but)\W+)$")


# PEFT's print_trainable_parameters(): "trainable params: 41,943,040 || all params:
# 8,072,204,288 || trainable%: 0.5196": the model's size is its "all params" less the adapters
# trained beside it (8.03B, Llama 3 8B; was "Which model?"); a full fine-tune trains them all.
_PEFT_PARAMS: Final = lazy(
    r"(?:trainable params ?: ?(?P<trained>\d{1,3}(?:,\d{3}){0,4}) ?\|\| ?)?all params ?: ?(?P<num>\d{1,3}(?:,\d{3}){2,4})"
    r"(?: ?\|\| ?trainable ?% ?: ?[\d.]{1,10})?"
)


# macOS Activity Monitor's "Memory Used: 30.5 GB" (of the machine's 36 GB): the whole system's
# memory in use, not the Mac's size (was a 30.5 GB Mac, Qwen2.5 32B Q4 then said not to fit).
_SYSTEM_MEMORY_USED: Final = lazy(
    r"(?<![a-z])memory used ?:? ?\d{1,3}(?:[.,]\d{1,2})? ?(?:gb|go|g)(?![a-z0-9])")


# transformers' model.get_memory_footprint(), "memory footprint 5.6 GB": the loaded weights' bytes,
# not the card's memory (was "a GPU of 5.6 GB" beside the "8gb card" asked about).
_FOOTPRINT: Final = lazy(
    r"(?<![a-z])(?:memory )?footprint(?: ?\(\))? ?(?:is|of|=|:)? ?~?\d{1,3}(?:[.,]\d{1,2})? ?"
    r"(?:gb|gib|go|g)(?![a-z0-9])|get_memory_footprint\(\)(?: ?/ ?1e9)? ?(?:=|:|->|is|says)? ?"
    r"~?\d{1,3}(?:[.,]\d{1,2})? ?(?:gb|gib|go|g)?(?![a-z0-9])")


def _take_size(work: _Work) -> None:
    if "all params" in work.s and (peft := _PEFT_PARAMS.search(work.s)) is not None:
        every = int(peft.group("num").replace(",", ""))
        trained = int(peft.group("trained").replace(",", "")) if peft.group("trained") else 0
        base = every - trained if trained * 2 < every else every
        if work.params_b is None:
            work.params_b = tidy(Decimal(base).scaleb(-9).quantize(Decimal("0.01")))
        work.blank(*peft.span())
    match = px.SIZE.search(work.s)
    if match is not None:
        again = px.SIZE.search(work.s, match.end())
        if again is not None and _SIZE_TAKEN_BACK.match(work.s, match.end(), again.start()):
            # "no, 13b no, 14b", "13b non, 14b", "pas 13b mais 14b": the size said after
            # the one taken back (was the first, the correction read as the mistake)
            work.blank(*match.span())
            match = again
        million = bool(px.SIZE_MILLION_UNIT.match(match.group("unit")))
        # "70.000 millones" groups thousands whatever the language.
        value = work.num(match.group("num"), prefer_thousands=million)
        if work.params_b is None:
            work.params_b = tidy(value.scaleb(-3) if million else value)
        work.blank(*match.span())
        return
    match = px.SIZE_PARAMS.search(work.s)
    if match is not None:
        if work.params_b is None:
            work.params_b = tidy(work.num(match.group("num"), prefer_thousands=True).scaleb(-9))
        work.blank(*match.span())


# Hours said of one epoch: "3 hours per epoch", "3h/epoch", "3 horas por época", "3 heures par
# époque" (folded).
_HOURS_PER_EPOCH: Final = Screened(
    r"(?<![\w.,])\d+(?:[.,]\d+)? ?(?:hours?|hrs?|h|horas?|heures?) ?(?:(?:per|an?|each|every|"
    r"por|cada|par|chaque) |/ ?)(?:epoch|epoca|epoque)(?![a-z])"
)
# A step's seconds said as people write them: "steps are 6 seconds each", "each step takes ~6
# s", "6s per step", "6 sec a step" (was unread: "…, normal?" got the fit alone); the trainer's
# own "6.1s/it" is settings.STEP_RATE.
_STEP_SECONDS: Final = Screened(
    rf"(?<![a-z])(?:steps?|iterations?|iters?) (?:are|is|take|takes|taking|at) "
    rf"(?:about |around |roughly |like |~ ?)?(?P<num>{NUM_SP}) ?(?:s|secs?|seconds?)"
    r"(?: each| per step| a step| apiece)?(?![a-z])"
)
# A tqdm progress bar as the Hugging Face Trainer prints it, " 12%|█▏ | 120/1000 [10:00<1:13:20,
# 5.00s/it]": steps done / the run's steps [elapsed<remaining, rate]. The steps and the rate time
# the run (was the bar's clock times read as hours: "12:30<2:17:30" 14.79 hours).
_TQDM_BAR: Final = lazy(
    r"(?:\d{1,3} ?% ?\|[^|\n]{0,60}\| ?)?(?P<done>\d{1,7}) ?/ ?(?P<total>\d{1,7}) ?\["
    r"(?P<elapsed>\d{1,3}(?::\d{2}){1,2}) ?< ?(?P<left>\d{1,3}(?::\d{2}){1,2}|\?),? ?"
    r"(?P<num>\d{1,6}(?:[.,]\d{1,3})?) ?(?:(?P<spi>s ?/ ?it)|it ?/ ?s)\]?"
)
# "how long left", "cuánto falta", "combien de temps reste": the steps still to run.
_LEFT_ASKED: Final = lazy(
    r"(?<![a-z])(?:left|remaining|to go|falta|faltan|quedan?|restante?s?|reste|restant)(?![a-z])"
)
_STEP_SECONDS_AFTER: Final = Screened(
    rf"(?<![\w.,])(?P<num>{NUM_SP}) ?(?:s|secs?) (?:per|a|each|every) (?:step|it(?:eration)?)"
    r"(?![a-z])"
)


# --- method ------------------------------------------------------------------------------------


_FOUR_BIT_OFF: Final = lazy(r"load_in_4bit ?[:=] ?(?:false|0|no)(?![a-z0-9])")
# A setting given the value false: "load_in_4bit=False", "load_in_4bit: false".
_SET_FALSE: Final = lazy(r"[\w]{0,12} ?[:=] ?(?:false|0|no|none|off)(?![a-z0-9])")


# "is it worth doing full ft instead of lora", "¿vale la pena … en vez de LoRA?", "ça vaut le
# coup … au lieu du LoRA ?": the method after "instead of" is weighed, not excluded (was the
# first method alone, the one it was weighed against dropped).
_INSTEAD_BEFORE: Final = lazy(
    r"(?<![a-z])(?:instead of|rather than|en vez de|en lugar de|au lieu de|au lieu du|"
    r"plutot que)(?: [a-z']+){0,3} ?$")
_WORTH_WEIGHED: Final = Screened(
    r"(?<![a-z])(?:(?:is|it|it's|its|be|s) worth|worth it|vale la pena|merece la pena|"
    r"vaut (?:le coup|la peine)|should i|better|which is|mejor|conviene|mieux|lequel)(?![a-z])")


def _negated(s: str, start: int, end: int) -> bool:
    """Whether the words at s[start:end] are excluded: "without 8bit", "no quiero QLoRA",
    "sans QLoRA", "not QLoRA but LoRA", "LoRA is not the best option" (but "why not QLoRA?")."""
    if _SET_FALSE.match(s, end):
        return True  # "load_in_4bit=False", "load_in_8bit: false": a setting turned off
    before = s[max(0, start - 40) : start]
    if px.NEGATED_BEFORE.search(before):
        if _INSTEAD_BEFORE.search(before) and _WORTH_WEIGHED.admits(s) \
                and _WORTH_WEIGHED.pattern.search(s) is not None:
            return False
        return not px.WHY_NOT_BEFORE.search(before)
    return bool(px.NEGATED_AFTER.match(s[end : end + 60]))


def _runs_the_full_model(s: str, start: int, end: int, said: str) -> bool:
    """"run deepseek-r1 full in fp8", "vram for deepseek r1 full": the whole model, not full
    fine-tuning."""
    return not px.TRAINING.search(s) and bool(
        px.INFERENCE_STRONG.search(s) or px.INFERENCE_WEAK.search(s)
        or px.INFERENCE_FORMAT.search(s) or px.FULL_MODEL_AFTER.match(s[end:])
        or px.FULL_MODEL_BEFORE.search(s[:start])
        or (px.FULL_LAST_WORD.search(said) is not None and not px.ADAPTER_WORD.search(said))
    )


def _method(s: str, cat: Catalogue, said: str = "") -> MethodId | None:
    """The training method named in `s` (the message with its entities blanked; `said` is it
    whole), or None when none is — or several are ("LoRA, QLoRA, full": the answer then covers
    every method). A method the user excludes does not count."""
    found: list[MethodId] = []
    by_optimizer: set[MethodId] = set()  # full methods named only by an optimizer ("adamw")
    # mlx_lm's trainer by name ("mlx_lm.lora", "python -m mlx_lm lora") names no method beside
    # the one said: "qlora llama 3 8b with mlx_lm.lora" is QLoRA, not QLoRA and LoRA (which
    # listed no method, then read "mlx" as MLX 4-bit serving). Alone, it trains LoRA, its
    # default --fine-tune-type.
    command = False
    for match in _MLX_TRAINER.finditer(s):
        command = True
        s = s[: match.start()] + " " * (match.end() - match.start()) + s[match.end() :]
    for method, pattern in px.METHODS:  # most specific first: each match is then blanked
        for match in pattern.finditer(s):
            if match.group(0) == "full" and (
                    px.FULL_NOT_METHOD.match(s[match.end() :])
                    or _runs_the_full_model(s, *match.span(), said)):
                continue  # "full price list", "run deepseek-r1 full on 8x H100"
            if method not in found and not _negated(s, *match.span()):
                found.append(method)
                if cat.method(method).full and not px.FULL_WORD.search(match.group(0)):
                    by_optimizer.add(method)
            elif method in by_optimizer and px.FULL_WORD.search(match.group(0)):
                by_optimizer.discard(method)
            s = s[: match.start()] + " " * (match.end() - match.start()) + s[match.end() :]
    adapters = [m for m in found if m not in by_optimizer and not cat.method(m).full]
    if len(adapters) == 1 and all(m in by_optimizer for m in found if m != adapters[0]):
        # "LoRA r=16 with 8-bit Adam", "qlora, adamw, lr 2e-4": the optimizer of the adapters
        return adapters[0]
    if len(found) == 2 and all(cat.method(m).full for m in found):
        # "full fine-tuning with 8-bit Adam": the full method that names its optimizer
        return next((m for m in found if cat.method(m).optimizer), None)
    if not found and command:
        return cat.method_where("training", family="adapter", weight_bits=16)
    return found[0] if len(found) == 1 else None


# mlx_lm's LoRA trainer named as a command (settings.MLX_RUN's command forms).
_MLX_TRAINER: Final = Screened(r"(?<![a-z0-9])(?:mlx[_-]lm[ ._-]?lora|-m mlx[_-]lm lora)(?![a-z0-9])")


def _is_inference(s: str, method: MethodId | None, trains: bool = False) -> bool:
    """`trains`: a setting only training has is said ("what if I use grad checkpointing"), so
    "use", "run" or "load" alone do not make it serving."""
    if px.INFERENCE_STRONG.search(s):
        return True
    if method is not None or px.TRAINING.search(s) or _methods_weighed(s):
        return False
    if _format_said(s):
        # "entra qwen3.5 27b en q4 y cuánto tarda 10k ejemplos": examples to train on, and a
        # plain 4 bits said of the base (no GPTQ, AWQ, GGUF type nor runner): QLoRA's.
        return not (trains and _plain_four_bit(s))
    if trains:
        return False
    # "run Llama 70B" is inference; "the price of a run" is not (but "de rouler" is a verb).
    return any(
        m.group(0) not in ("run", "runs")
        or not px.RUN_NOUN.search(s[max(0, m.start() - 6) : m.start()])
        for m in px.INFERENCE_WEAK.finditer(s)
    )


def _methods_weighed(s: str) -> bool:
    """Two training methods named ("should i use lora or qlora for llama 3.1 8b"): _method
    gives None for several, but the question weighs ways to train, so "use" is no serving
    (was read as BF16, 8-bit and 4-bit inference). A bare "full" ("the full model") is left out."""
    named = {method for method, pattern in px.METHODS
             if any(m.group(0) != "full" and not _negated(s, *m.span())
                    for m in pattern.finditer(s))}
    return len(named) >= 2


def _methods_named(s: str, cat: Catalogue) -> tuple[MethodId, ...]:
    """The training methods a message weighs, in the order said ("phi-4 lora vs full finetune":
    LoRA, full AdamW), each once, as _method reads them (most specific first, each match then
    blanked); () unless two or more are. Full fine-tuning named by its optimizer too ("full
    finetune with adamw 8bit") is one method."""
    at = _method_places(s, cat)
    return tuple(sorted(at, key=at.__getitem__)) if len(at) >= 2 else ()


def _method_places(s: str, cat: Catalogue) -> dict[MethodId, int]:
    """Where each training method is first named in `s` (_methods_named's reading)."""
    at: dict[MethodId, int] = {}
    for method, pattern in px.METHODS:
        for match in pattern.finditer(s):
            if match.group(0) == "full" or _negated(s, *match.span()):
                continue
            at.setdefault(method, match.start())
            s = s[: match.start()] + " " * (match.end() - match.start()) + s[match.end() :]
    fulls = [m for m in at if cat.method(m).full]
    if len(fulls) > 1:
        # "full finetune with 8-bit adam": the full method that names its optimizer
        keep = next((m for m in fulls if cat.method(m).optimizer), fulls[0])
        at = {m: i for m, i in at.items() if m == keep or not cat.method(m).full}
    return at


def _side_methods(s: str, named: tuple[MethodId, ...], gpus: list[GpuMention],
                  cat: Catalogue) -> tuple[MethodId, MethodId] | None:
    """"qlora on a 4090 vs full ft on an a100", "a 4090 with qlora or an a100 with full ft":
    two methods and two cards said in turn, each method beside its card: the method of the
    first card read (Query.gpu), then the other's; None otherwise."""
    cards = [g for g in gpus if g.gpu_id is not None]
    if len(named) != 2 or len(cards) != 2 or cards[0].gpu_id == cards[1].gpu_id:
        return None
    places = _method_places(s, cat)
    said = [s.find(g.text) for g in cards]
    if any(p < 0 for p in said) or said[0] == said[1] or len(places) != 2:
        return None
    first, second = sorted(places, key=places.__getitem__)
    m1, m2 = places[first], places[second]
    c1, c2 = sorted(said)
    if not (m1 < c1 < m2 < c2 or c1 < m1 < c2 < m2):
        return None
    return (first, second) if said[0] < said[1] else (second, first)


# 4 bits said plainly ("q4", "4bit", "nf4", "int4"), as a base's precision could be.
_PLAIN_FOUR: Final = lazy(r"(?<![a-z0-9])(?:q4|4 ?-?bits?|nf4|int-?4)(?![a-z0-9_])")
# What only serves: a quantization format or a GGUF type, or a program that runs GGUF files.
_SERVING_ONLY: Final = lazy(
    r"(?<![a-z0-9])(?:gptq|awq|exl2|gguf|i?q[1-68][_-](?:k|[01]|xxs|xs|s|m|nl)\w*|ollama|llama\.?cpp"
    r"|lm ?studio|vllm|tgi|sglang)(?![a-z0-9])"
)


def _plain_four_bit(s: str) -> bool:
    return any(not _negated(s, *m.span()) for m in _PLAIN_FOUR.finditer(s)) \
        and _SERVING_ONLY.search(s) is None


def _format_said(s: str) -> bool:
    # Bits per weight said ("4.65bpw", Unsloth's "1.58bit" GGUFs) are a served file's too.
    return any(not _negated(s, *m.span()) for m in px.INFERENCE_FORMAT.finditer(s)) or any(
        not _negated(s, *m.span()) for m in px.BPW.pattern.finditer(s)
        if px.BPW.admits(s))


# "will it oom?", "would I run out of memory", "fits without OOM", "¿va a dar OOM?", "sans
# OOM": an out-of-memory error asked about or avoided, not one the run hit ("why does it OOM
# at step 200" is one it hit).
_OOM_AHEAD: Final = lazy(
    r"(?<![a-z])(?:will|would|wil|gonna|going to|might|could|without|avoid(?:ing)?|risk(?: of)?|"
    r"va a|dara|daria|sin|va faire|va (?:y )?avoir|vais avoir|sans|risque)(?![a-z])[\w' ]{0,20}$"
)


# The Hugging Face Trainer's "Your setup doesn't support bf16/gpu", vLLM's "Bfloat16 is only
# supported on GPUs with compute capability of at least 8.0", or said in words ("my gpu doesn't
# support bf16", "bf16 no es compatible con mi gpu", "ma carte ne supporte pas le bf16"): an
# error about the number format, not memory.
_BF16 = r"(?:bf ?16|bfloat ?16)"
BF16_UNSUPPORTED: Final = Screened(
    rf"{_BF16}/gpu|bfloat ?16 is only supported|"
    rf"(?:doe?s ?n[o']?t|does not|do not|dont|can ?n[o']?t|cannot|won'?t|no) (?:really )?"
    rf"(?:support|handle|run|do)s? (?:the )?{_BF16}|"
    rf"{_BF16} (?:(?:is|es) )?(?:not|no|isn'?t|n'est pas) (?:es |est )?"
    r"(?:supported|available|soportad[oa]|compatible|disponible|supporte|pris en charge)|"
    rf"{_BF16} (?:is )?unsupported|"
    rf"no (?:soporta|admite|es compatible con) (?:el |los )?{_BF16}|"
    rf"ne (?:supporte|gere|prend) pas (?:en charge )?(?:le |du )?{_BF16}|"
    # The card said to lack it ("no bf16 on a p40 i think", "no tiene bf16 creo", "elle a pas
    # de bf16"): the same question, asked before any error.
    rf"(?:has|have|got|there'?s|there is) no {_BF16}|"
    rf"(?:does ?n[o']?t|doesnt|does not|do ?n[o']?t) have (?:any )?{_BF16}|"
    rf"no (?:tiene|tienen|trae|hay|soporta) (?:soporte (?:de|para) )?{_BF16}|"
    rf"sin soporte (?:de|para) {_BF16}|"
    rf"(?<![a-z])a pas (?:de |le |du )?{_BF16}|"
    rf"(?<![a-z])no {_BF16}(?: support)?(?: (?:on|in|en|sur) [a-z0-9 ]{{1,20}}?)?,? "
    r"(?:i think|i believe|afaik|iirc|right|creo|je crois|il me semble)"
)
# flash-attn's "RuntimeError: FlashAttention only supports Ampere GPUs or newer." (its CUDA
# extension on a T4, a V100 or older), or said in words ("flash attention doesn't work on my
# t4"): an error about the attention kernel, not memory (was a verdict or a price first, the
# error unexplained; alone, "I did not understand that").
_FA = r"(?:flash[ _-]?attn|flash ?attention)(?:[ _-]?2)?"
# vLLM's start-up refusal pasted: "The model's max seq len (131072) is larger than the maximum
# number of tokens that can be stored in KV cache (43264)" (older releases), "... max seq len
# (131072), (16.00 GiB KV cache is needed, ...). Based on the available memory, the estimated
# maximum model length is 43264" (newer): the tokens its KV cache holds, which --max-model-len
# may not exceed (vllm-project/vllm vllm/v1/core/kv_cache_utils.py check_enough_kv_cache_memory).
VLLM_KV_TOO_SMALL: Final = lazy(
    r"max seq len \((?P<asked>\d{3,7})\)[^.]{0,90}?(?:stored in kv cache \((?P<kv>\d{1,7})\)|"
    r"[\s\S]{0,200}?estimated maximum model length is (?P<est>\d{1,7}))"
)
FA2_UNSUPPORTED: Final = Screened(
    rf"{_FA} only supports? ampere|"
    rf"{_FA} (?:is )?(?:not supported|unsupported|(?:does ?n[o']?t|does not|won'?t|will not|"
    r"can ?n[o']?t|cannot) (?:work|run))"
)


# "lora r64 llama 3.1 8b 8k ctx on an a100 40gb - oom?", "…, oom or not?", "fits or ooms?": the
# error word alone as a clause of its own, asked, is the same question as "will it oom?".
_OOM_BARE_BEFORE: Final = lazy(r"(?:^|[-–—,;:/(]|(?<![a-z])(?:or|any|o|ou))\s*$")
_OOM_BARE_AFTER: Final = lazy(r"^\s*(?:or not\s*|o no\s*|ou pas\s*)?\?")


def _oom_hit(s: str) -> bool:
    """The run hit an out-of-memory error (asks.OOM), said as something that happened."""
    if asks.OOM.search(s) is None:
        return False
    return any(
        _OOM_AHEAD.search(s[max(0, m.start() - 28) : m.start()]) is None
        and not (_OOM_BARE_BEFORE.search(s[max(0, m.start() - 28) : m.start()])
                 and _OOM_BARE_AFTER.search(s[m.end() : m.end() + 12]))
        for m in asks.OOM.pattern.finditer(s)
    )


def _trains(s: str, work: _Work) -> bool:
    """A training word or a setting only training has (rank, epochs, dataset, optimizer,
    checkpointing, accumulation, sharding, packing)."""
    flags = work.flags
    return bool(
        px.TRAINING.search(s) or px.TRAINING_TOOLS.search(s) or work.lora_rank is not None
        or flags.epochs is not None
        or work.dataset_tokens is not None or work.dataset_samples is not None
        or flags.optimizer is not None
        or flags.grad_accumulation is not None or flags.sharding is not None
        or flags.packed is not None or px.GRAD_CKPT.search(s)
        # "what batch size can i use": a micro-batch is a training run's ("use" is no serving)
        or asks.BATCH_ASKED.search(s)
    )


def _served(s: str, work: _Work, cat: Catalogue) -> bool:
    """"Llama 3 70B 4bit on 48GB", "gemma 27b in 8bit on an A100 40GB", "vram for 128k
    context with llama 3.1 8b": with no method named and nothing of training, a precision of the
    weights or a context length asks about running the model. So does a model whose publisher
    ships only FP8 or MXFP4 weights ("kimi k2 on 8x h200", "gpt-oss 120b sur une H100 ?"):
    a serving checkpoint, which training would first convert to BF16."""
    if _trains(s, work):
        return False
    # "tokens/s llama 3 8b on a 4090 vs 3090": a decode speed, compared too (was QLoRA's fit)
    return _precision_said(s) or work.context_said or _published_for_serving(work, cat) \
        or asks.SPEED_ASK.search(s) is not None


def _precision_said(s: str) -> bool:
    return any(
        not _negated(s, *m.span())
        for pattern in (px.INT4, px.INT8, st.INFERENCE_16) for m in pattern.finditer(s)
    )


def _published_for_serving(work: _Work, cat: Catalogue) -> bool:
    return work.model_id is not None and work.dataset_samples is None \
        and cat.models.get(work.model_id).native is not None  # "... 10k samples": training


# "a 32k prompt", "un prompt de 32k": the prompt's length in thousands of tokens.
_K_PROMPT: Final = lazy(
    r"(?<![\w.,])(?P<num>\d{1,4}) ?k[ -]?(?:tokens? )?(?:long )?(?:prompts?|documents?|docs?)(?![a-z])"
    r"|(?<![a-z])prompts? (?:de |of |d.)(?P<num2>\d{1,4}) ?k(?![a-z0-9])"
)
# "time to first token", "tiempo hasta el primer token", "le temps avant le premier token",
# "ttft": a wait, asked as such.
_FIRST_TOKEN: Final = lazy(r"(?<![a-z])(?:ttft|first token|primer token|premier token)(?![a-z])")


def _one_mac(work: _Work, cat: Catalogue) -> bool:
    """A Mac named alone, no count: "combien de mémoire unifiée sur un mac" asks its memory,
    never how many Macs (was "10× Apple silicon Mac")."""
    found = [g for g in work.gpus if g.gpu_id is not None]
    return len(found) == 1 and found[0].count is None \
        and cat.gpu(found[0].gpu_id).unified_memory  # type: ignore[arg-type]


def _mac_weighed(work: _Work, cat: Catalogue) -> bool:
    """Different hardware named, one of it a Mac: "is a mac studio or 2x3090 better for 70b"."""
    found = {g.gpu_id for g in work.gpus if g.gpu_id is not None}
    return len(found) > 1 and any(cat.gpu(g).unified_memory for g in found)


def _trains_besides(s: str, work: _Work, aside: Literal["dataset_tokens", "dataset_samples"]
                    ) -> bool:
    """_trains, a count of the data set aside: "the prefill of 100k tokens" is a prompt,
    "summarize 100k documents" reads them, neither is data to train on."""
    kept = getattr(work, aside)
    setattr(work, aside, None)
    try:
        return _trains(s, work)
    finally:
        setattr(work, aside, kept)


def _capacity_asked(
    s: str, work: _Work, method: MethodId | None, inference: bool
) -> tuple[bool, bool]:
    """(the longest context is asked, the decode speed is asked). A length said with a number
    ("will 128k context fit") is a fit question at that length, not the longest; a speed is a
    serving question, never a training run's ("how fast can I fine-tune" is a duration)."""
    context = work.seq_len is None and bool(asks.CONTEXT_ASK.search(s))
    serving = inference or (method is None and not _trains(s, work))
    speed = serving and bool(asks.SPEED_ASK.search(s) or asks.SPEED_WEAK.search(s) or (
        work.flags.tokens_per_second is not None and asks.SPEED_JUDGED.search(s))
        # a serving tool's rates pasted ("prompt eval rate: …", "Avg generation throughput:
        # …"): what they are measured against is the question
        or work.flags.prefill_rate is not None or work.flags.decode_printed)
    return context, speed


# Who is served, not trained on: "64 concurrent requests", "10 usuarios a la vez" (folded).
_SERVED_BY_NOUN: Final = ("user", "usr", "request", "req", "client", "people", "ppl", "usuario",
                          "peticion", "solicitud", "utilisateur", "requete", "personne",
                          "persona", "session", "connexion", "conversation")
# A training method named by its own name ("lora … for 50 users" trains for them).
_ADAPTED: Final = lazy(r"(?<![a-z])(?:q?lora|dora|sft|dpo|orpo|kto|grpo|ppo|full ?ft)(?![a-z])")
# People served, of those words: the batch is read as users in the reply (Query.users).
_PEOPLE: Final = ("user", "ppl", "people", "person", "client", "dev", "usuario", "persona",
                  "utilisateur", "personne", "employe", "student", "member", "alumno",
                  "estudiante", "etudiant", "eleve", "membre", "miembro", "colleague",
                  "coworker", "companero", "collegue", "engineer", "ingenier", "desarroll",
                  "developp")
# Who is only ever served, in the words of asks.CONCURRENCY_ASK (folded, en/es/fr).
_SERVED_ONLY: Final = ("user", "usr", "request", "req", "client", "people", "ppl", "usuario",
                       "peticion", "solicitud", "utilisateur", "requete", "personne", "persona",
                       "concurren", "simultane", "parallel")


def _rates_asked(
    s: str, work: _Work, method: MethodId | None, inference: bool
) -> tuple[bool, bool]:
    """(how many sequences are served at once, a training run's tokens/s). "How many users" is
    a serving question; "tokens/s" about a training run (a training method or setting named, no
    throughput stated) asks the training throughput, not decode's bound."""
    trains = _trains(s, work)
    serving = inference or (method is None and not trains)
    asked = asks.CONCURRENCY_ASK.search(s) if work.batch_size is None else None
    # Users, requests or clients are served, also of a model fine-tuned first ("after lora
    # finetuning mistral 7b, how many concurrent users"); "how many sequences" beside a
    # training run is its batch.
    concurrency = (asked is not None and (serving or any(
        word in asked.group(0) for word in _SERVED_ONLY))) or (
        work.max_num_seqs is not None and serving and not work.seqs_held) or (
        # "max batch size for vllm llama 3 8b on an l4": served, the batch is the sequences
        # decoded at once
        inference and work.batch_size is None and asks.BATCH_ASKED.search(s) is not None)
    training = not inference and (method is not None or trains)
    train_speed = training and work.flags.tokens_per_second is None and bool(
        asks.SPEED_ASK.search(s) or asks.TRAIN_SPEED_ASK.search(s)
        or (work.step_rate is None and asks.STEP_RATE_ASK.search(s)))
    # "i get 0.3 it/s on a T4 with qlora llama 3.1 8b, is that normal", "training at 900
    # tokens/s on my 3090 …, is that normal": the rate measured, judged against the estimate
    # (was the fit alone).
    # HF Trainer's "'train_samples_per_second': 2.78" the same, in samples.
    judged = training and (work.flags.tokens_per_second is not None or work.step_rate is not None
                           or work.sample_rate is not None) \
        and (asks.TIME_JUDGED.search(s) is not None or asks.SPEED_JUDGED.search(s) is not None)
    return concurrency, train_speed or judged


# (tokens to generate, their cost asked, a rate asked per hour, day or million tokens)
Generating = tuple[Decimal | None, bool, RateAsked | None]


def _coins_asked(corrected: str, network: tuple[str, str] | None) -> tuple[str, ...]:
    """The listed coins asked about, for a plain yes; beside a network asked, none (the
    network's answer says it), but for Lightning, Bitcoin's: "do you accept ethereum? and
    lightning?" takes ETH, and the page is silent on Lightning."""
    if network is None:
        return asks.pay_coins(corrected)
    if network[1] == "Lightning":
        return tuple(c for c in asks.pay_coins(corrected) if c != "BTC")
    return ()


def _generation(
    said: str, s: str, work: _Work, method: MethodId | None, inference: bool, counted: bool,
    intent: Intent, cat: Catalogue,
) -> Generating:
    """(tokens to generate, their cost asked, a rate asked per hour, day or million tokens)
    of a model served: "how long to generate 1M tokens", "cost to generate 10M tokens", "how
    many tokens per day", "price per million tokens". `said` is the text before the numbers
    were blanked; never a training run's ("generate a dataset to fine-tune on")."""
    none: Generating = (None, False, None)
    # "how many tokens for a dollar": the dollar is the unit of the rate, not a budget.
    per_dollar = len(work.money) == 1 and work.money[0].value == 1 \
        and asks.PER_DOLLAR.search(said) is not None
    if work.params_b is None or counted or (work.money and not per_dollar):
        return none
    if (method is not None and cat.method(method).kind == "training") \
            or (not inference and _trains_besides(s, work, "dataset_tokens")):
        return none
    if work.dataset_counted and _BATCH_OUT.search(said) and px.BATCH_VERB.search(s):
        # "summarize 10k documents of 2k tokens each …, ~200 tokens output each": a batch job,
        # its input read and each output timed apart (bot.batch); was 20M tokens generated
        return none
    tokens = work.dataset_tokens if work.dataset_tokens is not None else (
        Decimal(work.flags.new_tokens) if work.flags.new_tokens is not None else None)
    return generation_asked(said, s, tokens, work.hours is not None, intent)


def generation_asked(said: str, s: str, tokens: Decimal | None, hours_said: bool,
                     intent: Intent) -> Generating:
    """_generation's reading of the words (folded `said`; `s` with the numbers blanked), also
    for a follow-up naming no model ("how long to generate 1M tokens then?")."""
    if asks.PER_MILLION.search(said) or asks.PER_TOKEN.search(said):
        return None, True, "million"
    # "cost per 1k tokens", "tokens per dollar": the same price at another scale (was a
    # fine-tuning cost on 1,000 tokens, or the training verdict).
    if asks.PER_THOUSAND.search(said):
        return None, True, "thousand"
    if asks.PER_DOLLAR.search(said):
        return None, True, "dollar"
    # Only a time or a cost asked: "generate 2048 tokens" among settings is a context's length.
    # "2k prompt and 512 output tokens, how much vram": the memory of that context, not a time.
    if tokens is not None and not hours_said and asks.GENERATE.search(said) and (
            intent in ("time", "cost") or (intent in ("fit", "memory", "unknown")
                                           and asks.TIME_OR_COST.search(said)
                                           and asks.MEMORY_AMOUNT.search(said) is None)):
        return tokens, intent == "cost", None
    per = asks.TOKENS_PER.search(said)
    if per is not None and not asks.SPEED_ASK.search(s):
        unit = per.group("unit")
        return None, False, "hour" if unit.startswith("h") else "day"
    return None, False, None


def _context_served(s: str, work: _Work) -> bool:
    """"max context" with no method and nothing of training is about serving (as "128k
    context" is); "max seq len" is a training run's sequence."""
    if _trains(s, work):
        return False
    match = asks.CONTEXT_ASK.search(s)
    # "how much kv can i fit": only serving keeps a KV cache
    return match is not None and bool(px.CONTEXT_WORD.search(match.group(0))
                                      or px.KV_NAMED.search(match.group(0)))


def _four_bit(s: str) -> bool:
    return any(not _negated(s, *m.span()) for m in px.FOUR_BIT.finditer(s))


def _four_bit_base(s: str) -> bool:
    """"lora on phi-3 mini with 4bit", "lora llama 3 8b in 4bit", "lora en 4 bits": the frozen
    base in 4 bits, QLoRA, as "lora … 8bit" is an 8-bit base. A KV cache's type says nothing
    of the base."""
    if px.KV_CACHE_DTYPE.admits(s):
        s = px.KV_CACHE_DTYPE.pattern.sub(lambda m: " " * len(m.group(0)), s)
    return any(not _negated(s, *m.span()) and not _SERVED_AFTER.search(s[: m.start()])
               for m in px.FOUR_BIT.finditer(s))


_THEN: Final = (r"(?<![a-z])(?:then|after(?:wards)?|later|once (?:it'?s |its )?(?:done|trained)|"
                r"luego|despues|mas tarde|una vez|puis|ensuite|apres|une fois)(?![a-z])")
_THEN_SERVED_WORDS: Final = (
    _THEN + r"[^.?!;\n]{0,40}?(?<![a-z])(?:run|serv|deploy|host|infer|quanti[sz]|export|merg|"
    r"us(?:e|ing)|ejecut|corr|desplieg|desplegar|alojar|usa|sirv|cuantiz|fusion|tourn|heberg|"
    r"sers|utilis(?!at)|quantifi|fusionn)\w*(?![a-z])"
)
_THEN_SERVED: Final = Screened(_THEN_SERVED_WORDS)
# "lora llama 3 8b on a 3090, then run it at 4bit", "luego servirlo en 4 bits", "puis le
# déployer en 4 bits": the 4 bits are for serving the trained model afterwards, not the base
# the adapters train on (LoRA stays LoRA on its BF16 base).
_SERVED_AFTER: Final = Screened(_THEN_SERVED_WORDS + r"[^.?!;\n]{0,40}$")


def _eight_bit_base(s: str) -> bool:
    """"lora llama 3 8b 8bit", "lora with load_in_8bit", "lora en 8 bits": the frozen base in
    8 bits (LLM.int8). An 8-bit optimizer ("adamw 8bit", "paged_adamw_8bit") or KV cache
    says nothing of the base."""
    if not px.EIGHT_BIT_BASE.admits(s):
        return False
    for other in (st.PAGED_8BIT, st.ADAM_8BIT, px.KV_CACHE_DTYPE):
        if other.admits(s):
            s = other.pattern.sub(lambda m: " " * len(m.group(0)), s)
    return any(not _negated(s, *m.span()) for m in px.EIGHT_BIT_BASE.pattern.finditer(s))


_MODEL_WORD: Final = px.words((r"models?", r"llms?", r"modelos?", r"modeles?"))


def _program_licence(s: str, work: _Work) -> str | None:
    """The engine or runner whose license a question asks, with no model named (a model's
    license is its own question), by its id; None otherwise."""
    if work.model_id is not None or work.family or work.params_b is not None or work.gpus:
        return None
    if asks.LICENCE_ASK.search(s) is None and (
            asks.OPEN_SOURCE_ASK.search(s) is None or _MODEL_WORD.search(s) is not None):
        return None  # "best open source model for ollama" asks for a model
    for program, pattern in px.PROGRAMS:
        if pattern.search(s):
            return program
    return None


# The engines and runners people leave for another: "switched from ollama to vllm", "moved to
# vllm from ollama", "pasé de ollama a vllm", "je suis passé d'ollama à vllm", "ollama -> vllm",
# "vllm instead of ollama". The one they left (`left`) is not the one they use now.
_ENGINE_SPELLINGS: Final = (
    *(f for _, frags in (*lx.SERVING_ENGINES, *lx.LOCAL_RUNNERS) for f in frags
      if not f.startswith("(?:in|")),
    r"exllama(?:v[23])?", r"tabby ?api",
)
_ENGINE_NAME: Final = px.alt(_ENGINE_SPELLINGS)
_SWITCH_VERB: Final = (
    r"(?:switch\w*|mov(?:e|ed|ing)|migrat\w*|went|go(?:ing)?|chang\w*|came|coming|upgrad\w*"
    r"|port(?:ed|ing)?|pas[eo]|pasamos|pasando|pasar|cambi\w*|migr\w*|passe[sr]?|passee?s?"
    r"|bascul\w*)"
)
_ENGINE_LEFT: Final = lazy(
    rf"(?<![a-z]){_SWITCH_VERB}(?: [a-z']+){{0,3}}? (?:from|de|desde|d')\s?(?P<left>{_ENGINE_NAME})"
    rf"(?![a-z0-9])(?: [a-z0-9.']+){{0,3}}? ?(?:to|a|al|vers|pour|por|para|->|=>|>) ?"
    rf"(?:[a-z']+ )?{_ENGINE_NAME}(?![a-z0-9])"
    rf"|(?<![a-z]){_SWITCH_VERB}(?: [a-z']+){{0,2}}? (?:to|a|al|vers) {_ENGINE_NAME}(?![a-z0-9])"
    rf"(?: [a-z0-9.']+){{0,3}}? (?:from|de|desde|d')\s?(?P<left2>{_ENGINE_NAME})(?![a-z0-9])"
    rf"|(?<![a-z0-9])(?P<left3>{_ENGINE_NAME}) ?(?:->|=>|>) ?{_ENGINE_NAME}(?![a-z0-9])"
    rf"|(?<![a-z])(?:(?:instead of|rather than|en vez de|en lugar de|au lieu de|plutot que) "
    r"|au lieu d'|plutot qu')"
    rf"(?P<left4>{_ENGINE_NAME})(?![a-z0-9])"
    # "ditched ollama for vllm", "replaced ollama with vllm", "cambié ollama por vllm",
    # "j'ai remplacé ollama par vllm"
    rf"|(?<![a-z])(?:ditch\w*|dropp?(?:ed|ing)?|replac\w*|swapp?\w*|switch\w*|chang\w*"
    rf"|cambi\w*|reemplac\w*|sustitu\w*|remplac\w*|troqu\w*) (?:[a-z']+ )?"
    rf"(?P<left5>{_ENGINE_NAME})(?![a-z0-9]) (?:for|with|por|par|pour|contre) "
    rf"(?:[a-z']+ )?{_ENGINE_NAME}(?![a-z0-9])"
)


# A part of each of _ENGINE_SPELLINGS (tests/test_perf43.py checks it): every branch of _ENGINE_LEFT names an engine, so a
# text holding none of these is not searched (most questions name none; the search cost ~9 µs
# of every question that says "de", "from" or "for"). "lm" is vLLM's and LM Studio's, "llama"
# Ollama's, llama.cpp's, llamafile's and ExLlama's.
_ENGINE_NEEDLES: Final = ("llama", "lm", "tgi", "jan", "tabby", "kobold", "ooba", "gpt4all",
                          "sglang", "text-generation")


def engine_left_out(s: str) -> str:
    """`s` with the engine or runner the user left for another blanked (as many spaces): the
    engine read is the one they use now ("i switched from ollama to vllm and llama 3 8b OOMs"
    was read as Ollama's GGUF Q4_K_M)."""
    if not ("from" in s or "de" in s or "d'" in s or ">" in s or "instead" in s
            or "rather" in s or "lieu" in s or "plutot" in s or " for " in s or " with " in s
            or " por " in s or " par " in s or " pour " in s or "contre" in s):
        return s
    for needle in _ENGINE_NEEDLES:  # loops: any() over a generator is twice as slow
        if needle in s:
            break
    else:
        return s
    spans = [m.span(g) for m in _ENGINE_LEFT.finditer(s)
             for g in ("left", "left2", "left3", "left4", "left5") if m.group(g) is not None]
    for start, end in spans:
        s = s[:start] + " " * (end - start) + s[end:]
    return s


def _runner(s: str) -> str | None:
    """The local GGUF runner a question names ("with ollama", "in LM Studio", "llama.cpp"), by
    its id in quant_types.toml's runners; None when none is named (or it is negated)."""
    if not px.LOCAL_RUNNER.admits(s):
        return None
    for m in px.LOCAL_RUNNER.pattern.finditer(s):
        if _negated(s, *m.span()):
            continue
        for runner, whole in px.LOCAL_RUNNER_IDS:
            if whole.match(m.group(0)):
                return runner
    return None


def _inference_method(s: str, cat: Catalogue, runner_implied: str | None = None) -> MethodId:
    """The serving method the text says; `runner_implied`: the local runner known from
    something else than its name (Ollama's error message pasted)."""
    # "without 8bit quantization" serves in BF16.
    bits = 16
    said = px.BPW.search(s)
    if said and not _negated(s, *said.span()):
        # The nearer of the planning precisions: under 6 bits a weight is nearer 4-bit's 0.5
        # byte, from 6 to 8 nearer 8-bit's 1 byte (so "70b at 6.0bpw" on 48 GB does not fit, as
        # its 52.5 GB of weights do not); more than 8 is not quantized.
        per_weight = parse_decimal(said.group("num"))
        stated = cat.bits_method(per_weight)
        if stated is not None:  # planned with the bits stated ("4.65bpw": 0.58 GB per B)
            return stated
        bits = 4 if per_weight < 6 else 8 if per_weight <= 8 else 16
        return cat.method_where("inference", weight_bits=bits) or cat.default_method("inference")
    for m in px.GGUF_TYPE.finditer(s):
        quant = cat.quant_method(m.group("quant"))
        if quant is not None and not _negated(s, *m.span()):
            return quant
    sixteen = _FLOAT_16.search(s)
    if sixteen is not None and not _negated(s, *sixteen.span()) and (
            (px.GGUF_WORD.admits(s) and px.GGUF_WORD.search(s)) or _runner(s) is not None):
        # "qwen2.5 7b f16.gguf", "bf16 with llama.cpp": the 16-bit GGUF file, which llama.cpp
        # splits by layers over several GPUs (was BF16 as if tensor parallel).
        quant = cat.quant_method("BF16" if sixteen.group(0).startswith("b") else "F16")
        if quant is not None:
            return quant
    mlx = _mlx_method(s, cat)
    if mlx is not None:  # "mlx 4bit": 4.5 bits a weight with its scales and biases
        return mlx
    bare = _bare_quant(s)
    if bare is not None and _exl2_named(s):
        # "qwen3 32b q4 … using exllama": EXL2 at those bits a weight (exllamav2 files are
        # sized in bits per weight), not llama.cpp's Q4_K_M
        digits = "".join(c for c in bare if c.isdigit())
        stated = cat.bits_method(Decimal(digits)) if digits else None
        if stated is not None:
            return stated
    if bare is not None:
        # "q5" alone: the type llama.cpp's quantize tool means by it (Q5_K_M), said so.
        quant = cat.bare_quant_method(bare)
        if quant is not None:
            return quant
    four = [m.group(0) for m in px.INT4.finditer(s) if not _negated(s, *m.span())]
    eight = any(not _negated(s, *m.span()) for m in px.INT8.finditer(s))
    # A format name alone means its usual 4 bits; the bits stated beside it win ("GPTQ-Int8",
    # Qwen's 8-bit GPTQ checkpoints, is 8-bit).
    if any(w not in _FOUR_BY_FORMAT for w in four) or (four and not eight):
        bits = 4
    elif eight:
        bits = 8
    if bits in (4, 8) and _gguf_bits(s) is not None:
        # "4-bit gguf": a GGUF file of the usual type of that size (Q4_K_M, Q8_0), said so.
        quant = cat.bare_quant_method(f"q{bits}")
        if quant is not None:
            return quant
    if bits == 4:
        for m in px.QUANT_FORMAT.finditer(s):
            group = cat.group_method(m.group("format"))
            if group is not None and not _negated(s, *m.span()):
                return group  # AWQ / GPTQ: 4-bit, its block weights packed as the format packs
    runner = _runner(s) or _gguf_runner(s) or runner_implied \
        if bits == 16 and not st.INFERENCE_16.search(s) else None
    if runner is not None and not asks.QUANT_ASKED.search(s):
        # "llama 3 70b with ollama": a GGUF file of the type that runner is assumed to load
        # (Ollama's library default, Q4_K_M), said so; not BF16, 8- and 4-bit. Not when the
        # type is what is asked ("lm studio on my 3090 which quant for gemma 2 27b": was LM
        # Studio's assumed Q4_K_M, the question unanswered; the largest that fits is).
        spec = cat.local_runner(runner)
        quant = cat.quant_method(spec.default_type) if spec is not None else None
        if quant is not None:
            return quant
    return cat.method_where("inference", weight_bits=bits) or cat.default_method("inference")


def _gguf_runner(s: str) -> str | None:
    """"llama 3 70b gguf on my 3090": a GGUF file named with no type nor runner is llama.cpp's
    (its format), of the type it is assumed to load; None when "gguf" is not said, or the type
    is what is asked ("which gguf quant fits …")."""
    said = px.GGUF_WORD.search(s) if px.GGUF_WORD.admits(s) else None
    return "llama-cpp" if said is not None and not _negated(s, *said.span()) \
        and not asks.QUANT_ASKED.search(s) else None


def _ram_for_layers(s: str, work: _Work, method: MethodId, cat: Catalogue) -> bool:
    """System RAM said beside a card, served with no runner, engine, format nor precision said
    (only BF16 read): a local GGUF runner's offload, as "… q4 … 64gb ram" is."""
    return work.ram_gb is not None and bool(work.gpus) and _runner(s) is None \
        and cat.method(method).weight_bits == 16 and not _precision_said(s) \
        and not px.VLLM.admits(s)


def _expert_offload_method(s: str, method: MethodId, cat: Catalogue) -> MethodId:
    """The method a question offloading a mixture of experts' experts is served with: the
    one read, unless nothing but BF16 was (no format, no precision said), then llama.cpp's
    assumed GGUF type (quant_types.toml runners), as naming llama.cpp would."""
    if cat.method(method).weight_bits != 16 or st.INFERENCE_16.search(s):
        return method
    gguf = owned.assumed_gguf(cat)
    return gguf[1] if gguf is not None else method


def _qat_release(s: str, model_id: str | None, cat: Catalogue) -> QatRelease | None:
    """The quantization-aware-trained release named of the model ("gemma 3 27b qat"), when the
    model has one (quant_types.toml qat_releases), else None."""
    release = cat.qat_release(model_id)
    if release is None or not px.QAT.admits(s):
        return None
    said = px.QAT.pattern.search(s)
    return release if said is not None and not _negated(s, *said.span()) else None


def _qat_type(s: str, method: MethodId, cat: Catalogue) -> bool:
    """Whether the release's own type is what is served: no GGUF type named ("qat q4_k_m" is
    that file) and no 8 or 16 bits said, only 4 or none ("qat", "qat q4", "qat 4bit")."""
    if any(cat.quant_method(m.group("quant")) is not None and not _negated(s, *m.span())
           for m in px.GGUF_TYPE.finditer(s)):
        return False
    return cat.method(method).weight_bits in (4, 16)


def _mlx_method(s: str, cat: Catalogue) -> MethodId | None:
    """Serving MLX weights ("mlx 4bit", MLX's default 4 bits when none is said): the bits a
    weight takes with its group's scale and bias (quant_types.toml mlx_affine); None when MLX is
    not named."""
    said = px.MLX.search(s)
    if said is None or _negated(s, *said.span()):
        return None
    bits = px.MLX_BITS.search(s)
    return cat.mlx_method(int(bits.group("bits") or bits.group("q")) if bits else None)


_FOUR_BY_FORMAT: Final = frozenset({
    "gptq", "awq", "exl2", "exllama", "exllamav2", "exllamav3", "tabbyapi", "tabby api"})


def _format_name(said: str) -> str:
    """The format a quantized checkpoint's name or runner says: ExLlama and TabbyAPI load EXL2."""
    return "exl2" if said.startswith(("exllama", "tabby")) else said


def _bare_quant(s: str) -> str | None:
    """A quantization size written without its type ("q5", "Q3 gguf", "4-bit gguf"), as
    written."""
    for m in px.BARE_GGUF.finditer(s):
        if not _negated(s, *m.span()):
            return m.group("quant")
    return _gguf_bits(s)


# A 16-bit float file's type ("f16", "fp16", "bf16", "float16"), read beside "gguf" or a local
# runner: GGUF's F16 or BF16.
_FLOAT_16: Final = lazy(r"(?<![a-z0-9])(?:b?f ?16|fp ?16|b?float ?16)(?![a-z0-9])")


def _gguf_bits(s: str) -> str | None:
    """The bits said beside "gguf" ("4-bit gguf", "gguf en 8 bits"), as written; None without
    "gguf" or without bits."""
    gguf = px.GGUF_WORD.search(s) if px.GGUF_WORD.admits(s) else None
    if gguf is None and _runner(s) is not None:
        # "ollama … in 4-bit": a local runner loads GGUF files
        gguf = px.LOCAL_RUNNER.search(s)
    if gguf is None or _negated(s, *gguf.span()):
        return None
    for pattern in (px.FOUR_BIT, px.INT8):
        for m in pattern.finditer(s):
            said = m.group(0)
            if not _negated(s, *m.span()) and (said[0].isdigit() or said in ("int4", "int8")):
                return said
    return None


# Two quantized formats set against each other: "AWQ vs GGUF", "gptq or awq", "Q4_K_M vs Q5_K_M",
# "awq o gguf", "gptq ou awq".
# A second precision asked after the first one's sentence ("in fp16 for inference? and in int4?",
# "en fp16 para inferencia? y con int4?", "en fp16 pour l'inference ? et en int4 ?") is one too.
_QUANT_VERSUS: Final = lazy(r"^ ?(?:(?:gguf|exl2|awq|gptq) )?"
                            r"(?:(?:for|para|pour|en) (?:l'|la )?(?:inference|inferencia|serving) ?)?"
                            r"(?:[?.,;] ?)?"
                            r"(?:vs\.?|versus|or|o|ou|compared to|comparado con|contre|against|y|and|et)"
                            r"(?: (?:in|at|with|en|con|avec|a))?"
                            r" (?:(?:a|an|un|una|une|el|la|le) )?(?:(?:gguf|exl2|awq|gptq) )?$")
# A list of them before the last "vs"/"or": "q4, q5 or q8" (the comma between two of them).
_QUANT_LIST: Final = lazy(r"^ ?, ?$")
_GGUF_ALONE: Final = lazy(r"(?<![a-z0-9])gguf(?![a-z0-9])")
_FORMAT_WORD: Final = lazy(r"(?<![a-z0-9])(?:gguf|awq|gptq|exl2|mlx)(?![a-z0-9])")


# A precision set against a format ("awq vs fp16", "int8 vs fp16", "gguf q4 o bf16"): the
# planning rule's serving method of those bits.
_PAIR_PRECISION: Final = lazy(
    r"(?<![a-z0-9_.])(?:(?P<p16>bf ?16|bfloat ?16|fp ?16|float ?16|16 ?-?bits?|half precision)|"
    r"(?P<p8>int ?-?8|fp ?8|8 ?-?bits?)|(?P<p4>int ?-?4|nf4|fp4|4 ?-?bits?))(?![a-z0-9])"
)


def _quant_pair(s: str, cat: Catalogue) -> tuple[tuple[MethodId, ...], int, int] | None:
    """Two quantized formats or precisions compared ("AWQ vs GGUF", "q4_k_m or q5_k_m", "exl2
    4.65bpw vs gguf", "awq vs fp16", "int8 vs fp16"): their methods in the order named (a GGUF
    of no type is its usual 4-bit type, Q4_K_M; an EXL2 its bits per weight when said with
    it, else 4-bit), with the first one's span; None unless two different ones stand on each
    side of a "vs" or an "or", and those named on after them ("fp16 vs q8 vs q4")."""
    found: list[tuple[int, int, MethodId]] = []
    for m in px.GGUF_TYPE.pattern.finditer(s) if px.GGUF_TYPE.admits(s) else ():
        method = cat.quant_method(m.group("quant"))
        if method is not None:
            found.append((m.start(), m.end(), method))
    bpws = [m for m in px.BPW.pattern.finditer(s)] if px.BPW.admits(s) else []
    for m in bpws:
        method = cat.bits_method(Decimal(m.group("num")))
        if method is not None:
            found.append((m.start(), m.end(), method))
    for m in px.QUANT_FORMAT.pattern.finditer(s) if px.QUANT_FORMAT.admits(s) else ():
        method = cat.group_method(m.group("format"))
        if method is None and _format_name(m.group("format")) == "exl2" and not any(
                b.start() - 3 <= m.end() and m.start() <= b.end() + 3 for b in bpws):
            # "exl2 vs gguf": EXL2 of no stated bits per weight, read as 4-bit, as alone
            method = cat.method_where("inference", weight_bits=4)
        if method is not None:
            found.append((m.start(), m.end(), method))
    for m in px.BARE_GGUF.pattern.finditer(s) if px.BARE_GGUF.admits(s) else ():
        method = cat.bare_quant_method(m.group("quant"))  # "gguf q4 o awq": Q4_K_M
        if method is not None and not any(a <= m.start() < b for a, b, _ in found):
            found.append((m.start(), m.end(), method))
    formats = [(m.start(), m.end()) for m in _FORMAT_WORD.finditer(s)]
    for m in _PAIR_PRECISION.finditer(s):
        bits = 16 if m.group("p16") else 8 if m.group("p8") else 4
        method = cat.method_where("inference", weight_bits=bits)
        # "4-bit gguf", "awq 4bit": the bits of a format named beside them, not a side
        beside = any(a <= m.end() + 1 and m.start() <= b + 1 for a, b in formats)
        if method is not None and not beside and not any(a <= m.start() < b for a, b, _ in found):
            found.append((m.start(), m.end(), method))
    for m in _GGUF_ALONE.finditer(s):
        if not any(a <= m.start() <= b + 1 or m.end() + 1 >= a > m.start() for a, b, _ in found):
            method = cat.quant_method("Q4_K_M")
            if method is not None:
                found.append((m.start(), m.end(), method))
    found.sort()
    # Runs of them joined by "vs"/"or" or a list's comma ("q4, q5 or q8"): the first run
    # with a "vs"/"or" in it, each method once, in the order named.
    start, versus = 0, False
    for i in range(1, len(found) + 1):
        gap = s[found[i - 1][1]:found[i][0]] if i < len(found) else ""
        joined = i < len(found)  # "fp16 vs bf16 vs awq": one method named twice, once
        if joined and _QUANT_VERSUS.search(gap):
            versus = True
        elif not (joined and _QUANT_LIST.search(gap)):
            chain = tuple(dict.fromkeys(m for _, _, m in found[start:i]))
            if versus and len(chain) > 1:
                return chain, found[start][0], found[start][1]
            start, versus = i, False
    return None


def _exl2_named(s: str) -> bool:
    """An EXL2 file or its runner named ("exl2", "exllama", "exllamav2", "tabbyapi")."""
    return px.QUANT_FORMAT.admits(s) and any(
        _format_name(m.group("format")) == "exl2" and not _negated(s, *m.span())
        for m in px.QUANT_FORMAT.pattern.finditer(s))


def _exl2_unsized(s: str) -> bool:
    """An EXL2 file named ("exl2", "exllamav2", "tabbyapi") with no bits per weight said."""
    if not px.QUANT_FORMAT.admits(s) or px.BPW.search(s) or _bare_quant(s) is not None:
        return False  # "q4 … using exllama": its bits said
    return _exl2_named(s)


def _quant_named(
    s: str, method: MethodId | None, cat: Catalogue
) -> tuple[str | None, str | None]:
    """The quantized format a serving question names, as bot.understand.query.Query.quant
    says: the GGUF type its method plans with, else bits per weight, AWQ, GPTQ or EXL2 (not
    "4-bit" or "int8": a precision, which the planning rule answers); and, for a GGUF type
    read from a bare size ("q5"), that size as written (Query.quant_bare)."""
    if method is not None:
        quant = cat.method(method).quant
        if quant is not None:
            named = any(cat.quant_method(m.group("quant")) is not None
                        and not _negated(s, *m.span()) for m in px.GGUF_TYPE.finditer(s))
            return quant, None if named else _bare_quant(s)
    said = px.BPW.search(s)
    if said and not _negated(s, *said.span()):
        return "bpw", None
    if method is not None and cat.method(method).group_format == "MLX":
        return "mlx", None
    for m in px.QUANT_FORMAT.finditer(s):
        if not _negated(s, *m.span()):
            return _format_name(m.group("format")), None
    return None, None


# --- flags -------------------------------------------------------------------------------------


_OTHER_RANK: Final = lazy(
    r" ?,? ?(?:(?P<vs>vs\.?|versus|or|o|ou|contra|contre|against)|and|y|et|&|/)"
    r" ?(?P<word>(?:lora )?(?:rank|rango|rang|r) ?(?:[:=] ?)?)?(?P<num>\d{1,4})"
    r"(?![\w.,]| ?(?:x|gpus?|cards?|tarjetas?|cartes?|h100|a100|b200|h200|l40s|rtx|tokens?|k\b))"
)
# A second rank further on, set against the first by a comparing word and named by a rank
# word ("… vs rank 16", "… than r=8", "… o rango 8", "… ou rang 8").
_LATER_RANK: Final = lazy(
    r"(?<![a-z])(?:vs\.?|versus|or|o|ou|contra|contre|against|than|que|compared (?:to|with)"
    r"|comparado con|compare a) (?:a |an |un |una )?(?:lora )?(?:rank|rango|rang|r) ?(?:[:=] ?)?"
    r"(?P<num>\d{1,4})(?!\w|[.,]\d)"
)
_RANK_COMPARED: Final = lazy(
    r"(?<![a-z])(?:differen\w*|diferencia\w*|compar\w*|between|entre|vs|versus)(?![a-z])"
)


_SAVE_TOTAL_LIMIT: Final = lazy(r"save_total_limit['\"]? ?[:=]? ?(?P<n>\d{1,3})(?!\d)")


def _save_total_limit(plain: str) -> int | None:
    """The Trainer's save_total_limit as pasted ("save_total_limit=2", "--save_total_limit 3")."""
    if "save_total_limit" not in plain:
        return None
    match = _SAVE_TOTAL_LIMIT.search(plain.lower())
    return max(1, int(match.group("n"))) if match else None


def _grad_ckpt(s: str) -> bool | None:
    match = px.GRAD_CKPT.search(s)
    if match is None:
        return None
    before = s[max(0, match.start() - 24) : match.start()]
    after = s[match.end() : match.end() + 16]
    return not (px.GRAD_CKPT_OFF_BEFORE.search(before) or px.GRAD_CKPT_OFF_AFTER.match(after))


# --- intent ------------------------------------------------------------------------------------


def _is_alert(s: str, work: _Work) -> bool:
    if px.ALERT.search(s):
        return True
    tell = px.ALERT_TELL.search(s)
    if tell is not None and work.params_b is None and not work.family:
        # "tell me when the B200 reaches 5", "dis-moi si le prix du H200 bouge", "dime cuando
        # baje la h100"; not "dime si cabe llama 3 70b en una 4090" (a fit, asked now).
        rest = s[tell.end() :]
        if work.money or px.MOVE_DOWN.search(rest) or px.MOVE_UP.search(rest) \
                or px.PRICES.search(rest):
            return True
    when = px.ALERT_WHEN.search(s)
    if when is None:
        return False
    if any(m.direction for m in work.money):
        return True
    rest = s[when.end() :]
    moves = px.MOVE_DOWN.search(rest) or px.MOVE_UP.search(rest)
    return bool(moves and px.PRICES.search(s))


@dataclass(frozen=True)
class _Signals:
    """What the intent rules look at: the text left after entities, and the entities found."""

    s: str
    gpus: int  # GPU mentions, known or not
    gpuish: bool  # a GPU or an amount of VRAM
    work: bool  # a model size, a method or an inference request
    hours: bool
    tokens: bool = False  # the training tokens or samples ("50M tokens", "20k samples")

    @cached_property
    def priced(self) -> bool:
        """Price words ("prices", "precio", "tarifs"); searched only when a rule asks."""
        return bool(px.PRICES.search(self.s))

    @cached_property
    def duration(self) -> bool:
        """"How long", "cuánto tiempo", "combien de temps": two rules ask, searched once."""
        return bool(px.DURATION_QUESTION.search(self.s))


def _hourly(s: str) -> bool:
    """A price by the hour asked ("per hour", "por hora", "de l'heure"), "rate" alone aside."""
    return any(m.group(0) != "rate" for m in px.RATE.finditer(s))


def _context_unnamed(g: _Signals) -> bool:
    """The longest context asked with no model, hours or price ("how much ctx can i get?")."""
    return not g.work and not g.hours and not g.priced and not px.COST.search(g.s) \
        and bool(asks.CONTEXT_ASK.search(g.s))


def _users_unnamed(g: _Signals) -> bool:
    """How many users are served at once, asked with no model, hours or price ("combien
    d'utilisateurs ?", "¿cuántos usuarios aguanta?")."""
    return not g.work and not g.hours and not g.priced and not px.COST.search(g.s) \
        and asks.CONCURRENCY_ASK.search(g.s) is not None


# Renting set against buying ("rent vs buy a 4090 for qlora 8b"): what renting costs is asked.
_BUYING: Final = lazy(r"(?<![a-z])(?:buy(?:ing)?|purchas\w*|comprar|compro|achet\w*|achat)(?![a-z])")


def _memoryless_cost(g: _Signals) -> bool:
    # "how much for QLoRA 70B on an H100?" — but "how much VRAM for 70B?" is memory. Renting
    # with no hours asks no price: "can i qlora llama 3 70b on a rented a100?", "i want to rent
    # an h100 to qlora 70b" ask whether it fits (the reply says the card's price), not what
    # illustrative hours cost; "rent an h100 for 20 hours …" is those hours' cost.
    asked = (g.hours or g.work) and (
        (g.priced and (g.hours or _price_word(g.s) or _BUYING.search(g.s)))
        or px.HOW_MUCH.search(g.s))
    # "lora llama2 7b on a 48gb a6000 OOMs, how much do i need": after an out-of-memory error
    # "how much" asks the memory (was 24 illustrative hours' cost); a price said stays a cost.
    oom_memory = not g.hours and not g.priced and px.COST.search(g.s) is None and _oom_hit(g.s)
    return bool(asked and not px.MEMORY.search(g.s) and not oom_memory)


# Hours of one card priced with "combien" and no cost verb, the hours blanked: "c'est combien
# une heure de h100" (left "c'est combien de gpu"), "combien 3h de b200 ?" ("combien de gpu").
_HOURS_PRICED: Final = lazy(
    r"(?<![a-z])(?:(?:c'?est|c|ca fait|ca ferait|cela fait) combien de gpu(?![a-z])|"
    r"^ *combien de gpu(?: *[?.!,]+| s'il (?:te|vous) plait)* *$)")


_WORTH_PAYING: Final = lazy(
    r"(?<![a-z])(?:vale la pena|merece la pena|conviene|vaut (?:le coup|la peine)|worth(?: it)?)"
    r" (?:de )?(?:pagar|payer|paying)(?: (?:mas|plus|more|extra))?"
    r" (?:(?:por|pour|for) )?(?:la |el |le |l'|the |une? |una |an? )?gpu(?![a-z])")


# First rule that holds wins. The order is the precedence: an alert sentence mentions a price;
# a payment question may name a GPU; two GPUs make a comparison even with a size and a method;
# "best/cheapest GPU for X" is a recommendation even with a method; a cost question names a GPU
# and hours; with a GPU (or VRAM) and something to run on it, it is fit, without one, memory.
# Within a rule, the facts already known are tested before the text is searched.
_RULES: tuple[tuple[Intent, Callable[[_Signals], object]], ...] = (
    # ... not paying more for a card weighed ("vale la pena pagar la h100 o con la a100 me
    # alcanza", "ça vaut le coup de payer la h100 ?": was the crypto payment page)
    ("pay", lambda g: px.PAY_STRONG.search(g.s) and not _WORTH_PAYING.search(g.s)),
    # ... but "how much is the b200 and the h200 per hour?", "cuánto cuesta la hora de la b200 y
    # de la h200" ask both prices, as "price of the h100 and the a100" does (were compared).
    ("compare", lambda g: g.gpus >= 2 and (px.COMPARE.search(g.s) or g.work or not (
        g.priced or (not g.hours and _hourly(g.s)
                     and (px.HOW_MUCH.search(g.s) or px.COST.search(g.s)))))),
    # "compare the H100": the answer asks for the second GPU.
    # ... but "lora vs qlora on a 4090" compares methods there: its fit answers.
    ("compare", lambda g: g.gpus == 1 and px.COMPARE_STRONG.search(g.s)
     and not px.COMPARED_TO_OTHER.search(g.s) and not (
         px.COMPARED_SETTINGS.admits(g.s) and px.COMPARED_SETTINGS.pattern.search(g.s))),
    # "what GPUs do you have?" is the price list, not a recommendation.
    ("prices", lambda g: not g.work and px.CATALOGUE.search(g.s)),
    # ... but "ça coûte combien une semaine de H100 ?" (the week blanked: "combien de gpu") is
    # what that week costs: one card, hours, a cost word and no job; so is "c'est combien une
    # heure de h100 ?", "combien deux heures de b200" ("how much is it" asks no count).
    # "runpod vs you guys for h100", "son mas baratos que runpod para una h100?": our prices,
    # with the other providers' the page names (was "which model?" or "which two GPUs?")
    ("prices", lambda g: not g.work and not g.hours and px.COMPARED_TO_OTHER.search(g.s)),
    ("recommend", lambda g: px.RECOMMEND.search(g.s) and not (
        g.hours and g.gpus == 1 and not g.work
        and (px.COST.search(g.s) or _HOURS_PRICED.search(g.s)))),
    # "how much is an H100 per hour?" asks for the price list, not for a run's cost.
    ("prices", lambda g: g.gpuish and not g.hours and not g.work and px.RATE.search(g.s)),
    # "llama 3 70b on 2 h100, how much per hour?": that configuration's hourly price beside
    # the fit, not a run's cost for hours not said (was asked back for serving, 10
    # illustrative hours for QLoRA). "learning rate" is no price.
    ("fit", lambda g: g.work and g.gpus == 1 and not g.hours and not g.tokens
     and not g.duration and _hourly(g.s)),
    # "how much ctx can i get?", "max context on my 3090?" naming no model: the longest context
    # of a model not named yet ("which model?"; a chat's follow-up takes the last one), never
    # the price list that "how much" alone would read.
    ("fit", lambda g: _context_unnamed(g) and g.gpuish),
    ("memory", _context_unnamed),
    # "combien d'utilisateurs ?", "how many users can i serve?" naming no model: which model
    # ("which model?"; a chat's follow-up takes the last one), not the price list "combien" reads.
    ("fit", lambda g: _users_unnamed(g) and g.gpuish),
    ("memory", _users_unnamed),
    # "how long does LoRA 8B take on an H100?": a time estimate, then its cost.
    ("time", lambda g: g.work and g.duration),
    # "how long for 50M tokens?": how long a run on them takes (which model asked back), not
    # a GPU's cost for hours not said.
    ("time", lambda g: g.tokens and g.duration and not px.COST.search(g.s)),
    # "will qlora 7b on 50M tokens finish overnight on my 4090?", "can i train it over a weekend
    # with 50M tokens?": how long the run takes (was the fit alone), a run and its data given.
    ("time", lambda g: g.work and g.tokens and not px.COST.search(g.s)
     and asks.DEADLINE.search(g.s)),
    # "would lora llama 3 8b on 100M tokens take more than a day on an l40s": the time said is
    # a limit too, asked the other way round (was the fit, the day priced as hours to rent).
    ("time", lambda g: g.work and g.tokens and g.hours and not px.COST.search(g.s)
     and asks.DEADLINE_OVER.search(g.s)),
    # "is a week enough to qlora 13b on 300k samples on my 3090?", "… on my 3090 in a day?": the
    # time said is the deadline (was the fit, with the days priced as hours to rent).
    ("time", lambda g: g.work and g.tokens and (g.hours or asks.NIGHT.search(g.s))
     and not px.COST.search(g.s) and asks.DEADLINE_ENOUGH.search(g.s)),
    # "¿cuánto cuesta por minuto?", "combien coûte une h100 à la minute ?": a price by the
    # minute (the price list, with what a minute costs), not a run's cost for hours not said.
    # ("how does billing per minute work" asks how billing works: the service's answer)
    ("prices", lambda g: not g.hours and not g.work and not g.duration
     and px.PER_MINUTE.admits(g.s) and px.PER_MINUTE.pattern.search(g.s)
     and (g.gpuish or px.HOW_MUCH.search(g.s) or px.COST.search(g.s))),
    # "is renting 8 h100 for a lora of llama 3 8b overkill?", "¿vale la pena alquilar 8 h100 …
    # o es pasarse?": whether the configuration is more than the run needs (was the cost of
    # illustrative hours nobody asked: renting is a price word). A cost asked keeps the cost.
    ("fit", lambda g: g.work and g.gpuish and not g.hours and not g.tokens
     and asks.OVERKILL.search(g.s) and not px.HOW_MUCH.search(g.s)
     and not px.COST.search(g.s)),
    # "how long does it take?", "¿cuánto tarda?", "ça prend combien de temps ?" with nothing
    # else: how long a run takes (which model asked back), not a GPU's cost for hours not said.
    ("time", lambda g: g.duration and not g.gpuish and not g.hours and not g.priced
     and not px.COST.search(g.s)),
    ("cost", lambda g: px.COST.search(g.s) or g.duration),
    # "how much to train on 50M tokens?": a run on that dataset costs (which model asked back),
    # not the price list "how much" alone reads.
    ("cost", lambda g: g.tokens and not g.work and px.HOW_MUCH.search(g.s)
     and px.TRAINING.search(g.s) and not px.MEMORY.search(g.s)),
    ("cost", _memoryless_cost),
    ("cost", lambda g: g.hours and g.gpuish and not g.work),  # "100 hours on an A100"
    ("fit", lambda g: g.gpuish and (
        g.work or px.TRAINING.search(g.s) or px.FIT_STRONG.search(g.s)
    )),
    ("memory", lambda g: g.work or px.MEMORY.search(g.s)),
    ("pay", lambda g: px.PAY_COINS.search(g.s)),
    ("prices", lambda g: g.gpuish or g.priced or px.HOW_MUCH.search(g.s)),
    ("help", lambda g: px.HELP.search(g.s)),
)


def _creates_alert(s: str, work: _Work) -> bool:
    """A threshold, a percentage or a price move: the user sets an alert up."""
    return bool(
        work.percent is not None
        or any(m.direction for m in work.money)
        or px.MOVE_DOWN.search(s)
        or px.MOVE_UP.search(s)
    )


def _social(s: str, work: _Work, method: MethodId | None, inference: bool) -> Social | None:
    """Thanks, greetings, goodbyes and "ok cool", when the message is nothing else."""
    if len(s) > SOCIAL_MAX_CHARS or work.gpus or work.money or method or inference:
        return None
    if work.params_b is not None or work.hours is not None or work.vram_gb is not None:
        return None
    if not px.SOCIAL_ONLY.match(s):
        return None
    if px.BYE.search(s):
        return "bye"
    if px.THANKS.search(s):
        return "thanks"
    if px.GREETING.search(s):
        return "greeting"
    return "ack" if px.ACK.search(s) else None  # "...": no word at all


def _intent(
    s: str, work: _Work, method: MethodId | None, inference: bool, paying: bool = True,
    said_twice: bool = False,
) -> Intent:
    command = px.COMMAND.match(s)
    if command and command.group("cmd") in lx.COMMANDS:
        return lx.COMMANDS[command.group("cmd")]
    # Before creating: "stop my H100 alert" and "¿qué alertas tengo?" name an alert too.
    # "cancel my subscription": the service's, no alert named (its topic answers it, below).
    subscription = asks.subscription_asked(s)
    if px.ALERT_REMOVE.search(s) and not subscription:
        return "alert_remove"
    if px.ALERT_LIST.search(s) and not _creates_alert(s, work) and not subscription:
        return "alert_list"
    if _is_alert(s, work) and not subscription:
        return "alert"
    if _social(s, work, method, inference) is not None:
        return "smalltalk"
    signals = _Signals(
        s=s,
        gpus=1 if said_twice else len(work.gpus),
        gpuish=bool(work.gpus) or work.vram_gb is not None,
        work=work.params_b is not None or method is not None or inference or bool(work.family),
        hours=work.hours is not None or work.gpu_hours is not None,
        tokens=work.dataset_tokens is not None or work.dataset_samples is not None,
    )
    for intent, holds in _RULES:
        if (paying or intent != "pay") and holds(signals):
            return intent
    return "unknown"


def _and_pay(
    intent: Intent, rest: str, work: _Work, method: MethodId | None, inference: bool,
    written: str = "",
) -> tuple[Intent, tuple[str, ...], bool]:
    """A payment asked beside a price ("how much is an h100 per hour and can i pay with usdt?",
    "¿cuánto cuesta la a100 y aceptan bitcoin?"): the price question, with the payment answer
    after it. Also the ways of paying the service does not take ("do you accept PayPal?")."""
    refused = asks.refused_payments(rest, written)
    if refused and intent in ("unknown", "help", "smalltalk", "memory") and method is None \
            and not inference and work.params_b is None:
        intent = "pay"
    named = bool(work.gpus) or work.params_b is not None or work.hours is not None
    # With no GPU, model or hours named, the price list asked for ("what are your prices",
    # "how much are your GPUs"), not "how much is the minimum top-up?". Beside a way of
    # paying, the rental is what is paid for ("do you accept monero for gpu rental?", "¿aceptan
    # bitcoin para alquilar?"), no price asked.
    prices = px.PRICES.search(rest) is not None and _price_word(rest)
    listed = not named and (prices or px.RATE.search(rest) or (
        "gpu" in rest and px.HOW_MUCH.search(rest)))
    if intent == "pay" and (named or listed):
        # A price asked in so many words ("how much", "price", "per hour", hours, money), not
        # "can I pay for an H100 with PayPal?", which is about paying.
        priced = listed or work.hours is not None or work.gpu_hours is not None \
            or bool(work.money) or prices \
            or any(p.search(rest) for p in (px.HOW_MUCH, px.RATE, px.COST))
        other = _intent(rest, work, method, inference, paying=False) if priced else intent
        # "i can pay $500, how many h100 hours": a budget, made a cost further on.
        spent = other == "recommend" and bool(work.money) and bool(asks.BUDGET_ASK.search(rest))
        # "whats cheaper per hour, 2 a100s or 1 h100, and can i pay in usdt": the comparison
        # (was the payment alone)
        if other in PAID_ALONG or spent:
            return other, refused, True
        return intent, refused, False
    also = intent in PAID_ALONG and bool(
        refused or (px.PAY_STRONG.search(rest) and not _WORTH_PAYING.search(rest))
        or px.PAY_COINS.search(rest))
    return intent, refused, also


# The questions a payment asked beside them is answered after (Query.pay_also): a price, a
# cost, two configurations compared by price.
PAID_ALONG: Final = frozenset({"prices", "cost", "compare"})
_RENT: Final = lazy(r"rent\w*|alquil\w*|louer|location")
# A message that opens on an amount ("$20 biggest model i can finetune", "20 bucks, biggest
# model?", "50 dolares modelo mas grande"): with the largest model asked, a budget.
_LEAD_MONEY: Final = lazy(
    r"\s*(?:\$ ?\d[\d.,]*k?|\d[\d.,]*k? ?(?:\$|usd|dollars?|bucks|dolares?|dolls?)(?![a-z]))")
# A top-up's minimum ("minimum top-up", "recarga mínima", "dépôt minimum"): how to pay.
_TOP_UP: Final = lazy(r"top ?-?up|deposit|recarg|deposito|recharg|depot")


def _fit_first(rest: str, timed: bool = False) -> bool:
    """"can i qlora 70b on an h100 and how much would 10 hours cost?": whether it fits was asked
    before its cost (the cost words after the fit words), so the verdict leads. `timed`: a time
    question, whose "how long" counts as the later ask too ("can i lora llama 3 8b on an a100,
    how long for 10M tokens and how much?"), and "how fast" or "tokens/s" ("can i run llama 3
    8b on my 3060 and how fast": the verdict and its speed lead together)."""
    fit = asks.FIT_ASKED.search(rest)
    if fit is None and not _oom_hit(rest):
        # "…, will it oom and how long for 10k samples?": the error asked about is the fit
        fit = asks.OOM.search(rest)
    if fit is None:
        return False
    found = [px.COST.search(rest), px.HOW_MUCH.search(rest)]
    if timed:
        found.append(px.DURATION_QUESTION.search(rest))
        # "can i full finetune llama 3 8b on an a100, how many gpu hours for 100M tokens?"
        found.append(asks.GPU_HOURS_ASKED.search(rest))
        # "can i run llama 3 8b on my 3060 and how fast": the decode's speed asked after the fit
        found.append(asks.SPEED_ASK.search(rest))
        found.append(asks.SPEED_WEAK.search(rest))
    cost = [m.start() for m in found if m is not None]
    return bool(cost) and fit.start() < min(cost)


def _fit_before_pick(rest: str) -> bool:
    """"can i qlora llama 3 70b on a 4090 and if not what gpu": whether it fits on the card
    named was asked before which to rent, so the verdict leads (was the rental first)."""
    fit, pick = asks.FIT_ASKED.search(rest), px.RECOMMEND.search(rest)
    return fit is not None and pick is not None and fit.start() < pick.start()


def _hours_counted(s: str) -> bool:
    """Every "how many … needed" asks for hours ("cuántas horas de h100 necesito", "combien
    d'heures de h100 il me faut"), none for cards ("cuántas h100 y cuántas horas" asks both)."""
    hours = [m.span() for m in asks.HOURS_ASKED.finditer(s)]
    return bool(hours) and all(
        any(a <= m.start() < b for a, b in hours) for m in asks.HOW_MANY_NEEDED.pattern.finditer(s))


def _price_word(s: str) -> bool:
    """A price word other than renting ("rental", "alquilar", "location")."""
    return any(not _RENT.fullmatch(m.group(0)) for m in px.PRICES.pattern.finditer(s))


def alert_direction_said(before: str | None, s: str) -> Direction | None:
    """The side of its threshold an alert's own words give: the words right before the figure
    (`before`: "below $2", "sous 2 $", "baje de 2"), else a move said anywhere in `s` ("when it
    drops", "si baja", "quand il monte"), else a side closing it ("3 or less", "3 ou plus"). The parser reads a new alert so, and bot.understand.
    followup a change of the one just set ("make it $3.50" keeps its side: no word says one)."""
    said = _direction(before) if before else None
    if said is not None:
        return said
    if px.MOVE_DOWN.search(s):
        return "below"
    if px.MOVE_UP.search(s):
        return "above"
    # "… 3 or less", "3 and above", "3 o menos", "3 ou plus": said after the figure, at the end;
    # "below $$$", "under nan", "sous inf dollars": the side said before a price that cannot be
    # read, kept as "below" alone is (was an alert on every change, the side lost).
    return _direction(_UNREAD_PRICE_END.sub("", s.rstrip(" ?!."))) if s else None


_UNREAD_PRICE_END: Final = lazy(
    r"(?: ?(?:\$+[a-z]*|nan|inf(?:inity)?|dollars?|dolares|usd|bucks))+ *$")


def foreign_money(plain: str) -> bool:
    """A sum in another currency than the dollar ("3,50 €", "100 pavos"), in the text as typed
    (folding drops "€" and "£")."""
    return _foreign_money(plain)


def _alert_direction(s: str, work: _Work, gpu_id: str | None, cat: Catalogue) -> Direction | None:
    for money in work.money:
        if money.direction:
            return money.direction
    said = alert_direction_said(None, s)
    if said is not None:
        return said
    if work.money and gpu_id is not None:
        # "when the H100 hits 2": the threshold (per GPU-hour, as alerts are kept) is on one
        # side of today's price.
        price = cat.gpu(gpu_id).usd_per_gpu_hour
        if price is not None and work.money[0].value != price:
            return "below" if work.money[0].value < price else "above"
    return None


# --- assembly ----------------------------------------------------------------------------------


def _as_written(folded: str, original: str) -> str:
    """The original spelling of a folded GPU name ("rtx 9090" → "RTX 9090")."""
    body = r"[\s\-]*".join(re.escape(c) for c in folded.replace(" ", ""))
    match = re.search(body, original[:MAX_CHARS], re.IGNORECASE)
    return match.group(0) if match else folded.upper()


# "deadline 24h", "due in 2 days", "must be done in 12 hours": the hours said are a deadline,
# also beside a budget or a cost asked ("budget $100, deadline 24h, … possible?").
# "…on 30M tokens, i have 60 hours", "tengo 60 horas", "j'ai 60 heures": the hours (blanked by
# now) are the time the user has, a deadline (was 60 hours of GPU time priced).
_DEADLINE_SAID: Final = lazy(r"(?<![a-z])(?:(?:deadline|due (?:in|by|within)|must (?:be )?"
                             r"(?:done|finish\w*)|has to (?:be )?(?:done|finish\w*)|plazo|"
                             r"fecha limite|date limite)(?![a-z])|"
                             r"(?:(?:i|we) (?:only |just )?(?:have|got)(?: only| just)?|"
                             r"(?:solo |nomas )?tengo|(?:je n.)?(?:j.ai|j ai)(?: que)?)"
                             r"(?= ?[,.;!?]| ?$| left| de plazo| pour| para))")
# "what do i rent", "which gpu do i need" beside a deadline: the card is asked for.
_RENT_WHAT: Final = lazy(r"(?<![a-z])(?:what|which)(?: gpus?| cards?| setup| config\w*)? "
                         r"(?:do|should|can|would|must) i (?:rent|use|get|pick|need|take)(?![a-z])")


def _block_span(said: str, cat: Catalogue) -> int | None:
    """The hours of a block sold ("a 24 hour block", "un bloque de 10") whose length on a
    configuration is asked ("how long does it last on 2 h100s"), else None."""
    if asks.BLOCK_SPAN_ASK.search(said) is None:
        return None
    match = asks.BLOCK_SPAN.search(said)
    if match is None:
        return None
    if match.group("h3") or match.group("h4"):
        # GPU-hours said as such: any number of them lasts its share on each GPU
        hours = int(match.group("h3") or match.group("h4"))
        return hours if hours > 0 else None
    hours = int(match.group("h1") or match.group("h2"))
    return hours if hours in cat.pricing.block_hours else None


def _pooled(rest: str, work: _Work, cat: Catalogue) -> bool:
    """One's own card joined with one we rent ("can i combine my 3090 with a rented h100"):
    cards in different machines, which share no job."""
    ids = {g.gpu_id for g in work.gpus if g.gpu_id is not None}
    if len(ids) != 2 or not asks.POOL_JOIN.admits(rest) or asks.POOL_JOIN.pattern.search(rest) is None \
            or asks.POOL_RENTED.search(rest) is None or asks.POOL_VERSUS.search(rest) is not None:
        return False
    rented = [cat.gpu(g).rented for g in ids]
    return any(rented) and (not all(rented) or asks.MY_CARD.search(rest) is not None)


def _cards_shared(rest: str, work: _Work) -> Literal["pcie", "mixed"] | None:
    """How several cards share a job, asked of no model ("does fsdp work over pcie?", "do the
    gpus need to be identical for fsdp?"): over PCIe, or with cards that differ; None: not."""
    if work.params_b is not None or work.model_id is not None or work.family:
        return None
    several = asks.SEVERAL_CARDS.search(rest) is not None or (work.gpu_count or 1) > 1
    if (asks.MIXED_CARDS.admits(rest) and asks.MIXED_CARDS.pattern.search(rest) is not None
            and (several or px.TRAINING.search(rest) is not None)) \
            or (several and asks.DIFFERENT.search(rest) is not None):
        return "mixed"
    if asks.PCIE.admits(rest) and asks.PCIE.pattern.search(rest) is not None and several:
        return "pcie"
    return None


def _threshold_of_config(threshold: Decimal | None, work: _Work, known: list[str],
                         cat: Catalogue) -> tuple[int, Decimal] | None:
    """"let me know when 8x h100 gets under 15/hr": a threshold said of a configuration of
    several GPUs, when it is nearer that configuration's price than one GPU's (alerts follow
    the price per GPU): its count and the sum said, the threshold then being per GPU (was
    "the H100 below $15", already crossed). "8xh100 under 2" stays $2 a GPU."""
    count = _gpu_count_of_first(work)
    if threshold is None or threshold <= 0 or not count or count < 2 or not known:
        return None
    price = cat.gpu(known[0]).usd_per_gpu_hour
    if price is None or price <= 0:
        return None
    per_gpu = abs(math.log(float(threshold / price)))
    per_config = abs(math.log(float(threshold / (price * count))))
    return (count, threshold) if per_config < per_gpu else None


def _gpu_count_of_first(work: _Work) -> int | None:
    """The count belongs to the GPU named first ("una B200 o dos H200" compares 1 B200 first);
    without one, a count said apart ("4 GPUs", "2x 24GB") applies."""
    first = work.gpus[0].count if work.gpus else None
    return first if first is not None else work.gpu_count


# Questions about one GPU that stay what they are when it is named at two counts.
_NOT_COMPARED: Final = frozenset({
    "prices", "pay", "alert", "alert_list", "alert_remove", "help", "smalltalk"})


def _two_counts(work: _Work) -> tuple[int, int] | None:
    """One GPU at two counts: "1 or 2 A100" (said together) or "4x h100 vs 8x h100" (named
    twice, each with its count), as (first, second)."""
    mentions = [g for g in work.gpus if g.gpu_id is not None]
    if not mentions:
        return None
    first = mentions[0]
    if first.alt_count is not None and first.count is not None:
        if first.alt_after:  # "8 h100s or 4": 8 was said first
            return first.count, first.alt_count
        return first.alt_count, first.count
    for later in mentions[1:]:
        # Colab's free T4 beside Kaggle's two ("kaggle vs colab for qlora 7b"): one notebook's
        # card is one, though no count was written with it.
        count = later.count if later.count is not None or (later.colab, later.kaggle) in (
            (False, False), (first.colab, first.kaggle)) else 1
        if later.gpu_id == first.gpu_id and count is not None and count != (first.count or 1):
            return first.count or 1, count
    return None


def _hours_card_once(work: _Work, rest: str) -> None:
    """"how many A100 hours to full finetune llama 3 8b on 1B tokens on 2 a100s" ("cuántas
    horas de A100 … en 2 a100", "combien d'heures d'A100 … sur 2 a100"): the card whose
    GPU-hours are asked, named without a count, is the card the run is on when the message
    names it again with one: one configuration, that count of it (was 1× against 2× compared)."""
    if len(work.gpus) < 2 or work.gpus[0].count is not None or work.gpus[0].gpu_id is None \
            or asks.GPU_HOURS_ASKED.search(rest) is None:
        return
    first = work.gpus[0]
    if any(g.count is not None and g.gpu_id == first.gpu_id for g in work.gpus[1:]):
        work.gpus.remove(first)


def _count_of(work: _Work, gpu_id: str) -> int | None:
    """The count written with the first mention of `gpu_id` ("una B200 o dos H200": 2 H200);
    one for "an H100" ("15 tok/s on 2x 3090, what would an h100 do?": 1× H100, not the
    first card's count)."""
    first = next((g for g in work.gpus if g.gpu_id == gpu_id), None)
    if first is None:
        return None
    # Colab's card is one a notebook ("kaggle vs colab pro a100": not Kaggle's two)
    return 1 if first.count is None and (first.one or first.colab) else first.count


def _other_count(work: _Work, gpu_id: str) -> int | None:
    """The count of the card compared second: the one written with it, else one where only
    the first card was written with a count ("2x 3090 vs a6000": 2× RTX 3090 against one RTX
    A6000; was 2× of each, the count said on one side read as both sides'). A count said apart
    ("4 gpus, h100 or a100") or a plural name ("2x 3090 vs a6000s") leaves it unsaid (None):
    the first side's count then applies to both."""
    count = _count_of(work, gpu_id)
    if count is not None:
        return count
    first = next((g for g in work.gpus if g.gpu_id is not None), None)
    other = next((g for g in work.gpus if g.gpu_id == gpu_id), None)
    if first is None or other is None or first.count is None or other.plural:
        return None
    return 1


def _hours(work: _Work) -> Decimal | None:
    if work.hours is not None:
        return work.hours
    if work.gpu_hours is None:
        return None
    # "20 GPU-hours on 2 H200s" is 10 hours of wall clock.
    count = _gpu_count_of_first(work) or 1
    count = count if count > 0 else 1
    return tidy(work.gpu_hours / count)


def _without_command(s: str) -> str:
    """A command ("/prices") names the intent, not the language."""
    return px.COMMAND.sub("", s) if s.startswith("/") else s


# Every match of ``px.FOREIGN_MONEY`` holds one of these: the pattern ignores case, so they are
# looked for in the case-folded text ("EUR" → "eur"; "ſ" and the Kelvin sign fold to the letters
# the pattern matches them as). The pattern, on the unfolded text, is a slow search (every
# position, every letter's cases): most texts hold none.
_FOREIGN_NEEDLES: Final = ("€", "£", "eur", "gbp", "quid", "pound", "libra", "livre", "pesos", "lucas", "lukas", "mangos", "varos", "piasses",
                           "piastres", "pavos", "balles", "soles", "reales", "mxn", "ars", "clp", "cop", "brl")


# ... looked for in one scan (screen.held)
_FOREIGN_HELD: Final = held(_FOREIGN_NEEDLES)


def _foreign_money(plain: str) -> bool:
    """A sum in another currency than the dollar ("50 €", "100 pavos")."""
    if _FOREIGN_HELD.search(plain.casefold()) is None:
        return False
    return px.FOREIGN_MONEY.search(plain) is not None


# "2,50 €/h", "menos de 2 pavos la hora", "moins de 2 balles de l'heure": after a sum in
# another currency, a price per hour (the cents of "€2.50/h" skipped).
_FOREIGN_PER_HOUR: Final = lazy(
    r"[\d.,]* ?(?:/ ?|per |por |par |an |a |la |el |de l['’] ?|[aà] l['’] ?|(?:de )?la )"
    r"(?:h|hr|hrs|hour|hora|heure)(?![a-z])", re.IGNORECASE)


def _foreign_hourly(plain: str) -> bool:
    """A price per hour in another currency than the dollar ("2,50 €/h", "2 pavos la hora")."""
    if not _foreign_money(plain):
        return False
    return any(_FOREIGN_PER_HOUR.match(plain, m.end()) is not None
               for m in px.FOREIGN_MONEY.finditer(plain))


def _blank_foreign_per_hour(work: _Work) -> None:
    """"under 2 euros an hour", "2 pavos la hora": the hour is the price's unit, no run's
    hour (was a run of 1 hour)."""
    for match in px.FOREIGN_MONEY.finditer(work.s):
        per = _FOREIGN_PER_HOUR.match(work.s, match.end())
        if per is not None:
            work.blank(match.end(), per.end())


def _alert_cue(s: str) -> bool:
    command = px.COMMAND.match(s)
    if command:
        return lx.COMMANDS.get(command.group("cmd")) == "alert"
    # Searched whole: the openings of this text's runs (screen.Headed) would be worked out for
    # this one search, costlier than it (the text is read on with entities blanked); only where
    # an alert word's needles are.
    return bool((px.ALERT_NAMED.admits(s)
                 and (px.ALERT.pattern.search(s) or px.ALERT_TELL.pattern.search(s)))
                or px.ALERT_WHEN.search(s))


_CLOSED_NAMES: Final = (("chat gpt", "ChatGPT"), ("chatgpt", "ChatGPT"), ("gpt", "GPT"),
                        ("claude", "Claude"), ("gemini", "Gemini"))


def _unknown_model(rest: str, text: str) -> str | None:
    """A model the catalogue does not know, as written ("Foobar 9")."""
    name = unknown_model(rest)
    return None if name is None else _as_written(name, text)[:40]


def _closed_name(folded: str) -> str:
    """"chatgpt" → "ChatGPT", "gpt-4o" → "GPT-4o", "claude 3.5 sonnet" → "Claude 3.5 sonnet"."""
    name = folded.replace("chat-gpt", "chatgpt")
    for low, shown in _CLOSED_NAMES:
        name = name.replace(low, shown)
    return name[:40]


def _not_llm_name(folded: str) -> str:
    """"whisper" → "Whisper", "stable diffusion" → "Stable Diffusion", "sd 1.5" → "SD 1.5",
    "flux dev" → "FLUX.1", "yolov8" → "YOLOv8": the names their makers print."""
    if "whisper" in folded:
        return "Whisper"
    if "diffusion" in folded:
        return "Stable Diffusion"
    if folded.startswith("sd"):
        return folded.upper()
    if "flux" in folded:  # "y flux?": the words before it are no part of the name
        return "FLUX.1"
    for needle, name in (("hidream", "HiDream-I1"), ("pixart", "PixArt"),
                         ("kandinsky", "Kandinsky"), ("kolors", "Kolors"),
                         ("auraflow", "AuraFlow"), ("playground", "Playground v2.5")):
        if needle in folded:
            return name
    return "YOLO" + folded[4:].strip()


# The Query of a question is made as a copy of an empty one with its facts (Query.with_settings,
# model_copy without its generic copies), not validated field by field: validating Query's
# ~80 fields cost about a tenth of understanding a question, and every value below is built
# with its field's type (tests/test_understand_fast_paths.py checks each against Query's own
# validation). The type checker sees Query's constructor, so the arguments keep their static
# checks.
if TYPE_CHECKING:
    _made = Query
else:
    _EMPTY: Final = Query(text="")

    def _made(**facts: Any) -> Query:
        return _EMPTY.with_settings(facts)


# A family and its version, then its size after "de" ("un llama 3 de 8b", "qwen 2.5 de 7b",
# "un lama 3 de 70b"): the model's name, as "llama 3 8b" (was a size alone, no model).
_MODEL_DE_SIZE: Final = lazy(
    r"(?<![a-z0-9])((?:llama|qwen|mistral|mixtral|gemma|phi|deepseek|falcon|olmo|granite|yi)"
    r"[\s-]?\d{1,2}(?:\.\d{1,2})?) de (\d{1,4}(?:\.\d{1,2})? ?b)(?![a-z0-9])"
)


# DeepSeek-R1's distilled models said in other words: "deepseek r1 distilled 32b", "deepseek r1
# destilado 32b", "r1 distillé 14b", "distilled r1 70b", and with the base named and no
# "distill" at all ("deepseek r1 qwen 32b", "r1 llama 8b": only the distills are R1 on Qwen or
# Llama), or with its size after "de" ("el deepseek r1 destilado de 14b"): as the catalogue
# spells them, "r1 distill 32b", "r1 distill qwen 32b" (were the 671B DeepSeek-R1, or a size
# alone).
_DISTILLED: Final = (r"(?:distill?ed|distill?ation|distill?ee?s?|d[ei]still?ad[oa]s?"
                     r"|d[ei]still?acion)")
_R1_DISTILLED: Final = lazy(
    rf"(?<![a-z0-9])(?:{_DISTILLED}[\s_-]+(?:(deepseek)[\s_-]?)?r1|r1[\s_-]?{_DISTILLED}"
    r"|r1(?=[\s_-](?:qwen|llama)(?![a-z])))(?![a-z0-9])"
    # "el deepseek r1 destilado de 14b": its size after "de"
    r"(?: de(?= \d{1,2}(?:\.\d)? ?b(?![a-z0-9])))?"
)


def _r1_distilled(match: re.Match[str]) -> str:
    return "deepseek r1 distill" if match.group(1) else "r1 distill"


# Nodes times cards a node, written "2x8 h100", "4 x 8 a100s", "2x8x h100": that many nodes of
# that many cards, as "2 nodes x 8 h100" reads (was the 8 alone). Only before a card's name
# ("h100", "mi300x", "4090") or "gpus": "8x7b" and "2x 8b" are sizes.
_NODES_TIMES_CARDS: Final = lazy(
    r"(?<![\w.,])([1-9]) ?x ?([1-9]\d?)(?: ?x)? (?=(?:[a-z]{1,3}\d{2,4}[a-z]{0,2}s?|\d{4}s?|gpus?)"
    r"(?![a-z0-9]))"
)


# "8xh100 for 10 hours or 4x for 20", "8 h100 por 10 horas o 4 por 20": the second count, said
# alone before its own hours, is of the same card (was the 8x for 10 hours priced alone and
# the 4x never read). The card is written again after it, as "or 4x h100 for 20" is read.
_SAME_CARD_OTHER_COUNT: Final = lazy(
    r"(?<![\w.,])[1-9]\d? ?x? ?(?P<card>(?:rtx ?)?[a-z]{1,3}\d{2,4}[a-z]{0,2})(?![a-z0-9])"
    r"[^?!.;]{0,40}? (?:or|vs\.?|versus|o|ou) (?P<count>[1-9]\d?) ?x?(?= (?:for|during|por|"
    r"durante|pendant|durant) )"
)


def _same_card_count(match: re.Match[str]) -> str:
    return f"{match.group(0)[: match.end('count') - match.start()]}x {match.group('card')}"


# "une a100 h24", "en h24": French for around the clock, written as its longer form the hours
# read ("24h/24"); taken as a card we do not know, it made a comparison asking for a second GPU.
_AROUND_THE_CLOCK_SHORT: Final = lazy(r"(?<![a-z0-9])h ?24(?![0-9a-z/])")
# Which of two is faster ("q4_k_m or q8_0 which is faster", "cuál va más rápido", "lequel est
# plus rapide"): their speeds asked (folded text).
_FASTER: Final = lazy(r"(?<![a-z])(?:faster|quicker|mas rapid[oa]s?|plus rapides?|plus vite)"
                      r"(?![a-z])")
# An Ollama library tag ("llama3.1:70b", "qwen2.5:14b-instruct-q4_K_M", "gemma3:27b-it-qat"):
# the model pulled with Ollama, so served as Ollama serves it (its GGUF type, its default
# context), as "with ollama" said would (was a generic 4-bit run at 2,048 tokens).
_OLLAMA_TAG: Final = lazy(
    r"(?<![a-z0-9/])[a-z][a-z0-9.-]*[a-z0-9]:(?:\d+(?:\.\d+)?[bm]|latest)(?:-[a-z0-9_.-]+)?"
    r"(?![a-z0-9])")


# "1 heure 45 de h100", "2 horas 30 en una a100", "1 h 45 sur une h100": two digits after the
# hours, before the card, are its minutes (px.HOURS_AND_MINUTES reads them with their unit): was
# 45× H100 for one hour.
_MINUTES_UNSAID: Final = lazy(
    r"(?<![\w.,])(\d+ ?(?:heures?|horas?|hours?|hrs?|h) [0-5]\d)"
    r"(?= (?:de|of|sur|en|on|con|avec|with) (?:(?:la|las|les|une?|una?|an?|the|mi|ma|my) )?"
    r"[a-z]*\d| d'[a-z]*\d)"
)


# "5 horas de h200 y 10 de l40s": the second number takes the first's unit (10 hours of L40S,
# not ten L40S in one machine with the H200).
_SECOND_RENTAL_UNIT: Final = lazy(
    r"(\b\d+(?:[.,]\d+)? ?(horas?|hours?|hrs?|heures?|dias?|days?|jours?|semanas?|weeks?|"
    r"semaines?) (?:de |of |d')[a-z0-9][a-z0-9 -]{0,24}? (?:y|and|et|luego|then|puis) )"
    r"(\d+(?:[.,]\d+)?)(?= (?:de|of|d') ?(?:la |las |les |the )?[a-z]*\d)"
)
# Two rentals, each with its own hours, whose sum is asked ("an a100 for 3 days then an h100 for
# 1 day, total?", "10 hours of h100 and 20 of a100"), not two cards weighed against each other
# ("… or …", "which is cheaper"); "24 horas de a100 y 24 de h100" (the same hours) compares.
_SUMMED: Final = lazy(
    r"(?<![a-z])(?:then|total|altogether|combined|in all|luego|despues|en total|puis|ensuite|"
    r"au total)(?![a-z])"
)
_JOINED: Final = lazy(r"(?<![a-z])(?:and|plus|y|et)(?![a-z])")
# "is $40 enough", "me alcanza", "ça suffit", "can i afford": whether a budget pays for a run.
_ENOUGH: Final = lazy(
    r"(?<![a-z])(?:enough|enuff?|sufficient|afford|alcanzan?|alcanza(?:ria|ra)|bastan?|bastaria|suficientes?"
    r"|suffit|suffisent|suffira|suffisants?)(?![a-z])")


# The card a run is priced on, named last ("…, how much is it on an h100", "cuanto me sale en
# una h100", "combien ça coûte sur une h100 ?"), the card blanked to "gpu".
# A precision naming the throughput asked of a card ("what's the bf16 tflops of a 4070 ti
# super", "tflops en bf16 de la 4090", "fp8 tops of an h100"): its datasheet's figures, not a
# run served in that precision.
_PRECISION_THROUGHPUT: Final = Screened(
    r"(?<![a-z0-9])(?:bf16|fp16|fp8|fp32|tf32|fp4|int8|int4)(?: tensor)?(?: cores?)? ?"
    r"(?:t|p)?(?:flops|tops)(?![a-z])"
    r"|(?<![a-z])(?:t|p)?(?:flops|tops)(?: (?:in|en|at|de|for|para|pour|with|con|avec))? "
    r"(?:bf16|fp16|fp8|fp32|tf32|fp4|int8|int4)(?![a-z0-9])"
)
_PRICED_ON: Final = lazy(
    r"(?<![a-z])(?:on|en|sur|with|con|avec)(?: (?:an?|one|una?|une|\d+ ?x?))? gpus?"
    r"(?: (?:instead|then|please|por favor|plutot|alors))?[ ?!.]*$")
# A time asked in days (folded): "how many days", "in days", "cuantos dias", "combien de jours".
_DAYS_ASKED: Final = lazy(
    r"(?<![a-z])(?:how many days|in days|cuantos dias|en dias|combien de jours|en jours"
    # "would it take more than a day": weighed against days
    r"|(?:more|less|longer) than (?:a|one|\d+) days?)(?![a-z])")
# "qlora llama 3 8b 4090 10k samples 512 tok how long in minutes?", "¿cuántos minutos?",
# "combien de minutes ?": a run's time asked in minutes, said in them beside the hours (was
# "about 1.36 hours" alone). Never a number before: "in 30 minutes" is a deadline.
# "how many a100s and how long", "how many gpus do i need and how long would it take",
# "cuántas h100 y cuánto tarda", "combien de h100 et combien de temps": cards counted and the
# run timed, asked together. Not "how many samples/tokens/epochs … and how long".
_COUNT_AND_TIME: Final = lazy(
    r"(?<![a-z])(?:how many|cuant[oa]s|combien de|combien d')"
    r"(?! (?:samples?|examples?|tokens?|epochs?|steps?|hours?|days?|rows?|ejemplos|muestras|"
    r"epocas|horas|dias|exemples|epoques|heures|jours)(?![a-z]))"
    r"[a-z0-9' -]{1,40}? (?:and|&|\+|y|et) (?:how long|how much time|how many (?:hours|days)|"
    r"cuanto (?:tiempo|tarda\w*|dura\w*)|combien de temps)(?![a-z])")
_MINUTES_ASKED: Final = lazy(
    r"(?<![a-z])(?:how many (?:minutes|mins)|in (?:minutes|mins)|cuantos minutos|"
    r"en minutos|combien de minutes|en minutes)(?![a-z])")
# "on my 3060", "en mi 3060", "sur ma 3060" (the card blanked): the card is the user's.
_MY_CARD: Final = Screened(r"(?<![a-z])(?:my|mi|ma|mon) gpu(?![a-z])")
# Renting said beside a run on one's own card ("… on my 3060, and if i rent?", "¿y si lo
# alquilo?", "et si je loue ?"): its cost where we rent it is asked too (rent_asked).
_RENT_IF: Final = lazy(
    r"(?<![a-z])(?:if (?:i|we) rent\w*|to rent|renting|rented|alquilando|alquilad[oa]s?"
    r"|si (?:lo |la |los |las |le )?alquil\w*|si (?:je |j'|on )?(?:la |le |les )?lou\w*"
    r"|en location)(?![a-z])")
# Renting said at all ("OOM on my 3090 …, what would it cost to rent"): the rental is asked.
_RENTING: Final = lazy(r"(?<![a-z])(?:rent\w*|alquil\w*|lou(?:er|e|es|ee|ees|ant|ez|ons)|"
                       r"location|cloud|nube)(?![a-z])")
_WEIGHED: Final = lazy(
    r"(?<![a-z])(?:or|vs|versus|compare\w*|cheaper|better|faster|which|difference|o|ou|"
    r"mejor|mas barat\w*|diferencia|compar\w*|cual|lequel|laquelle|moins cher\w*|meilleur\w*|"
    r"plus rapide|mas rapid\w*)(?![a-z])"
)


# Two cards and nothing else: "h100 + a100", "the h100 and the a100?", "una h100 y una a100".
_TWO_CARDS: Final = lazy(
    r"^ *(?:(?:the|an?|la|el|una?|le|l'|une?) ?)?gpu *(?:\+|&|and|plus|y|et) *"
    r"(?:(?:the|an?|la|el|una?|le|l'|une?) ?)?gpu *[?.!]* *$"
)


def _said_later(before: str, first: str, second: str) -> bool:
    """Whether the hours blanked from `before` to `first` stand after those blanked from
    `first` to `second` (blanking keeps every other character where it was)."""
    def start(a: str, b: str) -> int:
        return next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), len(a))
    return start(before, first) > start(first, second)


def understand(text: str, catalogue: Catalogue) -> Query:
    """What a question in English, Spanish or French asks, as a typed ``Query``."""
    power = take_power(text)
    if not power.asked:
        return own_run_costed(_understand(text, catalogue), catalogue)
    # "how much would it cost in electricity to finetune … on my 3090, power is 0.30 $/kwh":
    # the price a kWh and the watts read apart (power.py), the rest as any question; a
    # training run on a card named is then timed there, its electricity worked out from the
    # time (was the kWh price taken for a budget, "$0.30 buys 0.3 hours of 1× L40S").
    query = _understand(power.text, catalogue)
    update: dict[str, object] = {
        "electricity_asked": True, "kwh_price": power.price, "kwh_currency": power.currency,
        "board_watts": power.watts,
    }
    trains = query.method is not None and catalogue.method(query.method).kind == "training"
    # "… y cuánto pago de luz?": the paying is the electricity's, not a top-up's.
    if trains and query.gpu is not None and query.intent in ("cost", "time", "fit", "memory",
                                                             "unknown", "pay"):
        update["intent"] = "time"
    return query.with_settings(update)


def own_run_costed(query: Query, catalogue: Catalogue) -> Query:
    """ "how much would it cost to qlora llama 3 8b on my 4090 with 20k samples of 1k tokens":
    a run on one's own card costs no rent, only its electricity: the run timed there, its kWh,
    and where renting it here costs least (was the rented L40S's cost alone, the card's
    unpublished rental price after it)."""
    if not query.card_mine or query.intent != "cost" or query.method is None \
            or catalogue.method(query.method).kind != "training" \
            or (query.dataset_tokens is None and not query.dataset_samples) \
            or query.hours is not None or query.budget_usd is not None:
        return query
    return query.with_settings({"intent": "time", "electricity_asked": True,
                                "rent_asked": True})


# After "amd"/"radeon", the words that name a card not on file ("radeon 7950", "amd rx 480"):
# up to two words, one with a digit.
_AMD_WORDS: Final = lazy(r" ?((?:[a-z]{1,3} )?[a-z]{0,3}\d{2,4}[a-z]{0,3})(?![a-z0-9])")


def _take_igpu(work: _Work, index: CatalogueIndex) -> tuple[IntegratedGPU, tuple[int, int]] | None:
    """An integrated GPU named ("radeon 780m", "intel iris xe", "arc 140v"): taken out of the
    text (its digits are no model size), the first one named, and where it was said."""
    if index.igpu_pattern is None:
        return None
    match = index.igpu_pattern.search(work.s)
    if match is None:
        return None
    work.blank(*match.span())
    return index.igpus[match.group("name").replace("-", " ")], match.span()


def _igpu_against_card(said: str, igpu_at: tuple[int, int], work: _Work) -> bool:
    """Whether the one card named is compared with the integrated GPU ("radeon 780m vs rtx
    4060", "780m o 4060 para llama 3 8b", "iris xe ou rtx 3050"): a word of comparison
    (hw.RIG_VERSUS) in the few words between the two names, in either order."""
    if len(work.gpus) != 1 or work.gpus[0].gpu_id is None:
        return False
    card = said.find(work.gpus[0].text)
    if card < 0:
        return False
    gap = said[igpu_at[1]:card] if card >= igpu_at[1] else \
        said[card + len(work.gpus[0].text):igpu_at[0]]
    return len(gap) <= 40 and hw.RIG_VERSUS.search(gap) is not None


def _understand(text: str, catalogue: Catalogue) -> Query:
    cat = catalogue
    index = catalogue_index(cat)
    forget_texts()  # the texts' openings of runs (screen.Headed) are the question's alone
    # Scripts and code pasted in a message say nothing about what the user asks.
    plain = strip_markup(text[: MAX_CHARS * 2])
    tune_config = torchtune_config(fold(plain))
    folded = torchtune_names(fold(plain))
    # One split into runs of letters serves the three steps while the text stays the same.
    runs: list[str] | None = letter_runs(folded)
    expanded = expand_abbreviations(folded, runs)
    if expanded != folded:
        runs = None
    corrected = correct_typos(expanded, runs)
    if corrected != expanded:
        runs = None
    spoken = index.spoken_versions.digits(corrected)  # "llama three 8b": Llama 3 8B
    if spoken != corrected:
        corrected, runs = spoken, None
    vague_sums: list[VagueSum] = []
    vague_counts: list[VagueSum] = []
    s = words_to_digits(corrected, runs=runs, sums=vague_sums, counts=vague_counts)
    if " de " in s:
        s = _MODEL_DE_SIZE.sub(r"\1 \2", s)  # "un llama 3 de 8b": Llama 3 8B
    if (" de " in s or " of " in s or " d'" in s) and (
            " y " in s or " and " in s or " et " in s or " luego " in s or " then " in s
            or " puis " in s):
        s = _SECOND_RENTAL_UNIT.sub(r"\1\3 \2", s)
    if " h" in s:
        s = _MINUTES_UNSAID.sub(r"\1 min", s)
    if "24" in s:
        s = _AROUND_THE_CLOCK_SHORT.sub("24h/24", s)
    if ":" in s and _OLLAMA_TAG.search(s) is not None and "vllm" not in s \
            and not (px.LOCAL_RUNNER.admits(s) and px.LOCAL_RUNNER.pattern.search(s)):
        s = f"{s} ollama"
    if "r1" in s:
        s = _R1_DISTILLED.sub(_r1_distilled, s)
    if "x" in s:
        s = _NODES_TIMES_CARDS.sub(r"\1 nodes x \2 ", s)
    if " o" in s or " vs" in s:
        s = _SAME_CARD_OTHER_COUNT.sub(_same_card_count, s)
    raw = plain[:MAX_CHARS].lstrip().lower()
    lang, lang_sure = detect_with_confidence(_without_command(raw), _without_command(corrected))
    work = _new_work(s=s, lang=lang, typed=s)
    _take_model(work, index)
    _take_moe(work, index)
    _take_runs(work)
    _take_settings(work)
    seen = take_observed(work.s) if "g" in work.s or "ib" in work.s else None
    if seen is not None:
        work.blank(*seen[2])  # "uses 14gb": no card's memory
    if "memory used" in work.s and (system := _SYSTEM_MEMORY_USED.search(work.s)) is not None:
        work.blank(*system.span())  # the whole machine's, not the card's (nor the GPU's use)
    if "footprint" in work.s and (weights := _FOOTPRINT.search(work.s)) is not None:
        work.blank(*weights.span())
    _vllm_case(work, plain)
    _take_download(work, plain)
    igpu_said = _take_igpu(work, index)
    igpu, igpu_at = igpu_said if igpu_said is not None else (None, (0, 0))
    hw.take_gpus(work, index)
    if _FOREIGN_HELD.search(work.s) is not None:
        _blank_foreign_per_hour(work)
    _hours_card_once(work, work.s)
    before_hours = work.s
    _take_hours(work)
    measured_by = _measured(before_hours, work.s) if work.hours is not None and work.gpus \
        else None
    hours_had = work.hours is not None and _hours_had(before_hours, work.s)
    if measured_by == "card" and asks.data_count(work.s) is not None:
        # "en una noche en mi 3090, ¿cuántos tokens entreno?": what the hours train is asked,
        # so they are hours to spend, not what a run took there (was the L40S's time for "what
        # took 8 hours on 1× RTX 3090").
        measured_by = None
    if hours_had:
        measured_by = None  # "i have 10 hours on my 3090": the time there is, not taken
    if measured_by is not None and asks.DEADLINE_OVER.search(before_hours) is not None:
        # "will … run longer than 3hrs on my 3090", "¿tarda más de 3 horas … en mi 3090?": a
        # limit asked of the run, not what it took ("took more than", "tardó" stay measured)
        measured_by = None
    other_hours: Decimal | None = None
    after_hours = work.s
    second = px.HOURS.search(work.s) if work.hours is not None and len(work.gpus) >= 2 else None
    if second is not None:
        # "an H100 for 5 hours or an A100 for 12 hours": each side its own hours.
        amount = work.num(second.group("num")) + _and_a_part(second)
        other_hours = tidy(_duration(amount, second.group("unit")))
        work.blank(*second.span())
    elif work.hours is not None and len(work.gpus) >= 2:
        worded = px.HOURS_WORDS.search(work.s)  # "… or an A100 for twelve hours"
        if worded is not None:
            amount = Decimal(lx.AMOUNT_WORDS[worded.group("word")])
            amount += _and_a_part(worded)
            other_hours = tidy(_duration(amount, worded.group("unit")))
            work.blank(*worded.span())
        else:
            bare = px.BARE_SECOND_HOURS.search(work.s) \
                or px.BARE_SECOND_HOURS_BEFORE.search(work.s)  # "… o h100 por 8": the same unit
            if bare is not None:
                raw = bare.group("num")
                other_hours = tidy(work.num(raw) if raw[0].isdigit()
                                   else Decimal(lx.COUNT_WORDS[raw]))
                work.blank(*bare.span("num"))
    if other_hours is not None and _said_later(before_hours, after_hours, work.s):
        # "an a100 for a day or an h100 for 12 hours": the hours read first ("12 hours", before
        # "a day" in the order durations are tried) were said second, so they are the second
        # card's (was the A100 for 12 hours and the H100 for 24).
        work.hours, other_hours = other_hours, work.hours
    coin_amount = _take_coin(work) if px.COIN_AMOUNT.admits(work.s) else None
    alert_cue = _alert_cue(work.s)
    _take_money(work, alert_cue, before_hours)
    bare_period = _take_bare_per_period(work, before_hours) if not alert_cue \
        and not work.money and not _foreign_money(plain) and (
            _HAVE_MONEY.search(corrected) is not None
            or asks.BUDGET_ASK.search(work.s) is not None) else None
    if work.dataset_tokens is None and px.DATA_SIZE.admits(work.s):
        _take_data_size(work)  # before memory: "2GB of text" is data, not a card's memory
    hw.take_count(work)  # before memory: "96GB total across 4 GPUs" is 24 GB per card
    hw.take_memory(work, index)
    hw.mac_chip_by_memory(work, index)
    # "llama 3 8b on a raspberry pi 8gb", "intel i7 16gb": no GPU, the memory is the RAM.
    machine = asks.cpu_machine(corrected) if not work.gpus and igpu is None else None
    igpu_ram: Decimal | None = None
    igpu_compared = igpu is not None and _igpu_against_card(s, igpu_at, work)
    if igpu_compared:
        # "radeon 780m vs rtx 4060": the two compared (bot.answer.IgpuCompare), the RAM said
        # the integrated GPU's (was "Which two GPUs should I compare?", or the card alone).
        # "radeon 890m 64gb vs rtx 4060": a memory no 4060 has, kept with the card (said_gb),
        # is the integrated GPU's RAM.
        card = work.gpus[0]
        igpu_ram = work.ram_gb if work.ram_gb is not None else work.vram_gb \
            if work.vram_gb is not None else card.said_gb
        work.ram_gb = work.vram_gb = card.said_gb = None
    elif igpu is not None and work.gpus:
        igpu = None  # "780m, how long on an h100": the card named is answered
    elif igpu is not None:
        # "radeon 780m with 32gb ram", "iris xe 16gb": the memory said is the system RAM, of
        # which the driver gives the GPU its share; the plan is on that share. None said: the
        # bot asks for it (Query.igpu).
        igpu_ram = work.ram_gb if work.ram_gb is not None else work.vram_gb
        work.ram_gb = None
        work.vram_gb = igpu.usable_gb(igpu_ram) if igpu_ram is not None else None
    if machine is not None and work.vram_gb is not None:
        work.ram_gb = work.ram_gb if work.ram_gb is not None else work.vram_gb
        work.vram_gb = None
    _take_size(work)
    rest = engine_left_out(work.s)
    if "  " in rest:  # blanked entities leave runs of spaces
        rest = px.SPACE_RUNS.sub(" ", rest)
    method = _method(rest, cat, corrected)
    methods_named = _methods_named(rest, cat) if method is None else ()
    if method is None and work.adapter_setting and not any(
            pattern.admits(rest) and pattern.pattern.search(rest) for _, pattern in px.METHODS):
        # "lora rank 16 on llama 3 8b": LoRA named only with its settings (beside "qlora" the
        # same words set QLoRA's adapters, not a second method).
        method = cat.method_where("training", family="adapter", weight_bits=16)
    elif method is not None and (work.adapter_setting or work.lora_rank is not None) \
            and cat.method(method).full \
            and (cat.method(method).optimizer is not None or work.flags.optimizer is not None) \
            and not px.FULL_WORD.search(rest) and not work.flags.full:
        # "LoRA r=16 with 8-bit Adam": the setting took "lora" with it, and an optimizer alone
        # names no full fine-tuning: the adapters' optimizer. So too a LoRA rank pasted with
        # the Trainer's optimizer ("lora_r=64, …, optim=adamw_torch": was full AdamW).
        method = cat.method_where("training", family="adapter", weight_bits=16)
    rest = px.OPINION.pattern.sub(" ", rest) if px.OPINION.admits(rest) else rest
    flags = work.flags
    if method is None and flags.full:
        method = cat.default_method("training", "full")  # "fine-tune it fully", "all parameters"
    if method is None and ((px.TRAINER_RUN.admits(rest) and px.TRAINER_RUN.pattern.search(rest))
                           or (px.HF_LM_SCRIPT.admits(rest) and px.HF_LM_SCRIPT.pattern.search(rest))) \
            and not px.ADAPTER_HINT.search(corrected):
        # "accelerate launch train.py --model_name_or_path meta-llama/Meta-Llama-3-70B --bf16
        # --per_device_train_batch_size 1 … OOM": no PEFT, so every weight trains.
        method = cat.default_method("training", "full")
    if method is not None and cat.method(method).full and cat.method(method).optimizer is None \
            and (flags.optimizer in ("adam8bit", "paged_adam8bit") or (
                flags.kernels == "unsloth" and flags.optimizer is None
                and flags.other_optimizer is None)):
        # "full finetune with unsloth": Unsloth's patched TRL configs default to optim
        # "adamw_8bit" (bot.detail.UNSLOTH_OPTIMIZER), for a full fine-tune as for LoRA.
        method = cat.method_where("training", family="full", optimizer="adam8bit") or method
    if work.dataset_tokens in _CONTEXT_THOUSANDS and work.seq_len is None and method is None \
            and not work.dataset_counted and not work.dataset_samples and work.hours is None \
            and not work.money and asks.TIME_OR_COST.search(rest) is None \
            and not _trains_besides(rest, work, "dataset_tokens") and _is_inference(rest, None):
        # "can i run llama 3 8b on a 3060 at 16k tokens", "running mistral 7b on a t4 16k
        # tokens": a context's size, run, nothing trained nor timed (was a training run on
        # 16,000 tokens of data, "about 1 minute")
        assert work.dataset_tokens is not None
        work.seq_len = k_tokens(work.dataset_tokens / 1000)
        work.dataset_tokens, work.context_said = None, True
    trains = _trains(rest, work)
    # "i want to finetune mistral 7b and then host it …": a training word with no method is a
    # training run served afterwards too (was read as serving alone, the fine-tune dropped)
    later = _THEN_SERVED.search(rest) if method is not None or trains else None
    # "lora … then serve it in 4-bit", "y luego servirlo": the training asked comes first; the
    # serving afterwards does not make the question one of serving.
    served = rest[: later.start()] if later else rest
    then_at = _THEN_SERVED.search(work.s) if later is not None else None
    if then_at is not None and work.batch_at is not None and work.batch_at > then_at.start() \
            and (work.served_batch or work.users is not None):
        # "qlora llama 3.1 8b then serve it with vllm for 50 users": the users are the
        # serving's, not the training's batch (was batch 50, 259.6 GB, "none holds it")
        work.serve_users, work.batch_size, work.users = work.batch_size, None, None
        work.served_batch = False
    # GRPO "with vllm": its completions' engine, not serving (px.RL_GENERATION)
    served = px.RL_GENERATION.sub(" ", served) if flags.online_rl else served
    inference = _is_inference(served, method, trains) or (
        method is None and not trains and work.served_batch) or (
        # "lora llama 3.1 70b bf16 fits? or need qlora": training methods weighed, the BF16
        # the LoRA's base (was BF16 inference)
        method is None and not methods_named and _served(served, work, cat)) or (
        method is None and not trains and work.dataset_samples is None
        and ((px.INSTRUCT_REPO.admits(folded)
              and px.INSTRUCT_REPO.pattern.search(folded) is not None)
             or (work.model_id is not None and px.INSTRUCT_NAME.search(folded) is not None
                 and not px.TRAINING.search(rest))))
    # "and with 8k context?", "what if I use bs 8?": serving read from a context length or
    # "use"/"run"/"load" alone, no serving word, no format or precision; a follow-up of a
    # training question keeps training.
    implied = inference and method is None and not px.INFERENCE_STRONG.search(rest) \
        and not _format_said(rest) and not _precision_said(rest) \
        and not _published_for_serving(work, cat)
    # "gemma 3 27b qat on a 3090": Google's quantization-aware-trained Q4_0 files, served (a
    # training word keeps quantization-aware training what it is).
    qat = _qat_release(rest, work.model_id, cat)
    if qat is not None and not inference and method is None and not trains \
            and not px.TRAINING.search(rest):
        inference = True
    # "qwen3 30b a3b --n-cpu-moe 30 on a 3060": llama.cpp's expert offload serves the model.
    if flags.expert_offload and not inference and method is None and not trains \
            and not px.TRAINING.search(rest):
        inference = True
    # "how much ram do i need for qwen3 235b on cpu": a CPU alone and no training word is
    # serving (training on a CPU is not sized; was every training method's RAM).
    if not inference and method is None and not trains and not work.gpus \
            and work.vram_gb is None and not flags.cpu_offload and not px.TRAINING.search(rest) \
            and (machine is not None or asks.cpu_only(corrected)):
        inference = True
    # "llama 3 8b with a 2k prompt and 512 output tokens, how much vram": a prompt and its
    # output are a request served (was QLoRA's memory at that length)
    if (flags.prompt_tokens is not None or flags.new_tokens is not None) and not inference \
            and method is None and not trains and not px.TRAINING.search(rest):
        inference = True
    # "mac studio m2 ultra 192gb deepseek", "m1 max 32gb mixtral q4?": a Mac named alone beside
    # a model, no method, training word or money: what people do with their own Mac is run the
    # model (QLoRA's bitsandbytes does not even run there, as the reply says), answered as
    # serving (was QLoRA's verdict first).
    if not inference and method is None and not trains and not px.TRAINING.search(rest) \
            and (work.params_b is not None or work.family) and work.hours is None \
            and not work.money and _one_mac(work, cat):
        inference = True
    # "what gpu should i buy to run llama 3 70b", "best home setup for mixtral 8x7b", "qwen 32b
    # en casa": hardware of one's own for a model, no card named; what people run at home is
    # the model served, unless a training word says otherwise (was QLoRA's memory first).
    local = asks.LOCAL.search(rest) is not None and not work.gpus and work.vram_gb is None \
        and (work.params_b is not None or work.model_id is not None) \
        and asks.RENT_BUY.search(rest) is None
    if local and not inference and method is None and not trains \
            and not px.TRAINING.search(rest):
        inference = True
    # "is a mac studio or 2x3090 better for 70b", "m3 ultra vs 2x3090 for llama 3 70b": a Mac
    # weighed against other hardware, no method or training word: what people buy a Mac or
    # cards at home for is running the model, as for a Mac named alone (was QLoRA's verdicts).
    if not inference and method is None and not trains and not px.TRAINING.search(rest) \
            and (work.params_b is not None or work.model_id is not None) and work.hours is None \
            and not work.money and _mac_weighed(work, cat):
        inference = True
    # "whats the kv cache size for llama 3.1 70b at 128k": a KV cache is kept by serving only.
    kv_size = work.params_b is not None and asks.KV_SIZE.search(rest) is not None
    if kv_size and not inference and method is None and not trains \
            and not px.TRAINING.search(rest):
        inference = True
    # "how long to download llama 3 70b": the weights people download to run them, no training
    # word (was QLoRA's training time).
    if (work.download or (work.disk and (work.params_b is not None or work.model_id is not None))) \
            and not inference and method is None and not trains \
            and not px.TRAINING.search(rest):
        inference = True
    # Ollama's own "model requires more system memory (…) than is available (…)" pasted with
    # no runner word: it came from loading a model to serve it.
    if work.ram_free and not inference and method is None and not trains \
            and not px.TRAINING.search(rest):
        inference = True
    # "how many llama 3 8b instances fit on an h100", "cuántas copias de llama 3 8b caben en
    # una h100": copies of a served model side by side on the card (was a training fit).
    replicas = (work.model_id is not None or work.params_b is not None) \
        and _REPLICAS_NEEDLES.search(work.s) is not None and _REPLICAS.search(work.s) is not None
    if replicas and method is None and not trains and not px.TRAINING.search(rest):
        inference = True
    if inference:
        method = _inference_method(rest, cat, "ollama" if work.ram_free else None)
        if flags.expert_offload and _runner(rest) is None:
            # Expert offload is llama.cpp's (-ot, --cpu-moe): a GGUF of the type it is assumed
            # to load when no format or precision is said, as a runner named would.
            method = _expert_offload_method(rest, method, cat)
        elif _ram_for_layers(rest, work, method, cat):
            # "can i run llama 3 70b on my 4090 with 64gb ram": the RAM said beside a card is
            # room for llama.cpp's layers off the GPU: its assumed GGUF type (was BF16, 8- and
            # 4-bit on the card alone, none fitting, the RAM unused).
            method = _expert_offload_method(rest, method, cat)
        if qat is not None and _qat_type(rest, method, cat):
            method = cat.qat_method(work.model_id) or method
    elif method is None and px.TRAINING.search(rest) and _four_bit(rest):
        # "fine-tune 70B in 4-bit": training on a 4-bit base
        method = cat.method_where("training", family="adapter", weight_bits=4)
    elif method is None and trains and _plain_four_bit(rest):
        # "… en q4 y cuánto tarda 10k ejemplos": the examples train, on a 4-bit base
        method = cat.method_where("training", family="adapter", weight_bits=4)
    elif method is None and px.TRAINING.search(rest) and _eight_bit_base(rest) \
            and not _four_bit(rest):
        # "fine-tune llama 3 8b in 8bit", "finetune with load_in_8bit": an 8-bit base is frozen
        # (LLM.int8 weights take no optimizer step), so adapters train on it, as "in 4-bit" is
        # QLoRA
        method = cat.method_where("training", family="adapter", weight_bits=8)
    elif method is None and trains and px.BNB_FOUR_BIT.search(corrected) \
            and _four_bit(corrected):
        # "unsloth/Qwen2.5-7B-Instruct-bnb-4bit … max_seq_length 4096": a bitsandbytes 4-bit
        # checkpoint trained with a tool's keys is a QLoRA base.
        method = cat.method_where("training", family="adapter", weight_bits=4)
    elif method is None and trains and not flags.full and _FOUR_BIT_OFF.search(corrected):
        # "FastLanguageModel.from_pretrained(…, load_in_4bit=False)": adapters on the 16-bit
        # base, as unsloth and PEFT train it when 4-bit loading is turned off (was QLoRA)
        method = cat.method_where("training", family="adapter", weight_bits=16)
    elif method is not None and cat.method(method).adapter and cat.method(method).weight_bits != 4 \
            and _four_bit_base(rest):
        # "peft + bitsandbytes 4bit", "lora with load_in_4bit", "lora on phi-3 mini with 4bit",
        # "lora de llama 3 8b en 4 bits": adapters on a 4-bit base (was LoRA on a BF16 base)
        method = cat.method_where("training", family="adapter", weight_bits=4) or method
    elif method is not None and cat.method(method).adapter and cat.method(method).weight_bits == 16 \
            and _eight_bit_base(rest):
        # "lora llama 3 8b 8bit", "lora with load_in_8bit": adapters on an 8-bit base
        method = cat.method_where("training", family="adapter", weight_bits=8) or method
    pooled = _pooled(rest, work, cat)
    # "a 3090 + a 4090": one machine, not a comparison; never one's own card and a rented one
    rig = () if pooled else hw.one_rig(work, rest, index)
    if rig and inference and method is not None and _runner(rest) is None \
            and cat.method(method).weight_bits == 16 and not _precision_said(rest) \
            and not px.VLLM.admits(rest) \
            and owned.rig_memory(rig, cat) is not None:
        # "2x 3090 and a 3060, can i run llama 3 70b": cards of different memory serve a model
        # with a local runner's layer split (llama.cpp's --tensor-split fills each card to its
        # own size), its assumed GGUF type, said so (was BF16, 8- and 4-bit split evenly at
        # the 3060's 12 GB, none fitting on 60 GB).
        method = _expert_offload_method(rest, method, cat)
    # "is a 3090 and a 4090 better than 2 3090s": two machines, each answered as its bound
    rigs = hw.two_rigs(work, rest, index) if not rig else None
    # "can i run llama 3 8b on a 3090? i have a 3090": one card said twice is one card, not a
    # comparison ("Which two GPUs should I compare?"); "4x h100 vs 8x h100" differ by count.
    said_twice = rigs is None and not rig and len(work.gpus) >= 2 \
        and len({(g.gpu_id or g.text, g.count) for g in work.gpus}) == 1
    intent = _intent(rest, work, method, inference, said_twice=said_twice)
    if replicas and inference and work.gpus and (
            intent in ("recommend", "memory", "unknown")
            or (intent == "cost" and work.hours is None and not work.money)):
        intent = "fit"  # "how many llama 3 8b instances fit on an h100": that card's count
    if intent == "cost" and work.flags.strategies and work.hours is None and not work.money \
            and st.STRATEGY_SAVING.search(corrected):
        intent = "fit"  # "how much does zero3 save …": memory, not a price
    intent, pay_refused, pay_also = _and_pay(intent, rest, work, method, inference, folded)
    # "how much ram do i need to merge a 70b lora": what the merge holds, not a run's memory
    merging = intent in ("memory", "fit", "unknown", "recommend") and merge_asked(corrected)
    if merging:
        intent = "memory"
    # "what learning rate for qlora llama 3 8b", "how many epochs should i use": the QLoRA
    # authors' published settings, no advice (was a cost answer, "rate" read as a price).
    # "a hyperparameter sweep: 6 runs of … on 20M tokens each, how much": the runs' cost.
    hyper = intent not in ("alert", "alert_list", "alert_remove", "pay", "smalltalk") \
        and work.hours is None and not work.money and work.runs is None \
        and asks.hyper_asked(corrected)
    # ... but "how long does one epoch take … with 8k samples of 1k tokens, and how many epochs
    # should i do": the time asked of a dataset leads, the published settings after it (was
    # those alone, the time dropped).
    if hyper and not (intent == "time" and work.gpus
                      and (work.dataset_tokens is not None or work.dataset_samples is not None)
                      and px.DURATION_QUESTION.search(corrected) is not None):
        intent = "help"
    # "q es vram", "qué es la vram", "c'est quoi la vram": what VRAM is (was "which model?")
    vram_defined = not hyper and asks.vram_what(corrected)
    if vram_defined:
        intent = "help"
    # "llama.cpp license?", "is vllm open source": the program's own license (was "which
    # model?": a runner named reads as serving one).
    program_licence = _program_licence(corrected, work) if not hyper and not vram_defined \
        else None
    if program_licence is not None:
        intent = "help"
    service: tuple[str, ...] = ()
    # "recommend": "how many gpus per instance max?" reads as "how many GPUs (do I need)".
    if intent in ("unknown", "help", "smalltalk", "pay", "memory", "recommend", "prices") \
            and (method is None or inference) and work.params_b is None and not work.family \
            and not work.gpus:
        # "do you have spot instances?", "can i get a refund if my run crashes": the service's
        # published facts, or that it does not say (never "I did not understand"). "can I use
        # my own docker image" reads as serving a model not named ("which model?") otherwise.
        service = asks.service_topics(rest)
        if intent == "prices":
            # "does the price include storage" (was the price list); the price list itself
            # answers a discount or the billing ("is there any discount for long rentals")
            service = tuple(t for t in service if t not in ("discount", "billing", "instances"))
        if service and intent != "pay":
            intent = "help"
            if "discount" in service:
                # "el bloque de 720 horas sale mas barato?": the block's hours, no rental quoted
                work.hours = None
    elif intent == "time" and (method is None or inference) and work.params_b is None \
            and not work.family and not work.gpus and work.hours is None and not work.money:
        # "¿cuánto dura un bloque?", "un bloc ça dure combien de temps ?", "how long does a
        # block last?": the blocks, whose hours never expire (was "tell me the model").
        # "¿cuánto tarda en arrancar una instancia?" ("levantar" also reads as serving, no
        # model named): the page gives no start-up time.
        service = tuple(t for t in asks.service_topics(rest)
                        if t == "startup" or (t == "billing" and method is None))
        if service:
            intent = "help"
            if "startup" in service:
                method, inference = None, False
    elif intent in ("prices", "compare", "fit", "unknown", "help") and method is None \
            and work.params_b is None and not work.family and work.gpus \
            and asks.OURS_ASKED.search(rest) \
            and "interconnect" in asks.service_topics(corrected, ours=True):
        # "are your h100s sxm or pcie?", "is nvlink available on your a100s": its hosts
        service, intent = ("interconnect",), "prices"
    elif intent == "prices" and work.hours is None and not work.money and (not any(
            p.search(rest) for p in (px.HOW_MUCH, px.PRICES, px.RATE, px.COST))
            or asks.INCLUDED.search(rest)):
        # "do you have spot h100s?", "where are your h100s located": a GPU named, no price
        # asked: what the page says on that first, then the GPU's price as before. "does the
        # h100 price include storage?", "¿el precio incluye almacenamiento?": that too. A card
        # we rent, asked of its form with no card of the user's said ("la h100 es pcie o sxm?",
        # "le h100 c'est du sxm ?"), is ours: its hosts' interconnect.
        ours = all(g.gpu_id is not None and catalogue.gpu(g.gpu_id).rented for g in work.gpus) \
            and not owned.says_owned(corrected)
        service = asks.service_topics(rest, ours=ours)
    if not service and intent == "prices" and work.hours is None and not work.money \
            and work.params_b is None and not work.family:
        # "is there a student discount", "bulk discount on h100s?": the page names no discount;
        # what it says (blocks at the same hourly rate), then the prices as before.
        service = tuple(t for t in asks.service_topics(rest) if t == "discount")
    if not service and intent == "cost" and work.hours is not None and not work.gpus \
            and work.vram_gb is None and work.params_b is None and not work.family \
            and not work.money:
        # "any discount if i buy 720 hours?", "¿hay descuento si compro 720 horas?": no card to
        # quote; the page names no discount, and sells every block at the same hourly rate.
        # "¿cuánto dura el bloque de 720 horas?": a block's hours never expire (the billing).
        service = tuple(t for t in asks.service_topics(rest) if t in ("discount", "billing"))
        if service:
            intent = "help"
            work.hours = None
    if not service and intent == "recommend" and work.gpus and method is None \
            and work.params_b is None and not work.family and not work.money:
        # "el bloque de 720 horas de h100 sale mas barato?": "cheaper" sought no card (was
        # "which model?"); that the page names no discount leads, then the card's quote or price
        service = tuple(t for t in asks.service_topics(rest) if t == "discount")
        if service:
            intent = "cost" if work.hours is not None else "prices"
    if not service and intent == "cost" and work.hours is not None and work.gpus \
            and work.params_b is None and not work.family and not work.money:
        # "¿hay descuento si compro 720 horas de h100?", "y a-t-il une réduction si j'achète 720
        # heures de h100 ?": that the page names no discount leads, then those hours' quote
        # (was the quote alone, the question unanswered).
        service = tuple(t for t in asks.service_topics(rest) if t == "discount")
    # "can i rent for less than an hour?", "¿se puede alquilar por menos de una hora?", "on peut
    # louer moins d'une heure ?": the hour said is the bound asked about, not a duration to quote.
    sub_hour = work.hours == 1 and asks.SUB_HOUR.search(corrected) is not None
    if not service and intent in ("prices", "cost") and (work.hours is None or sub_hour) \
            and not work.money and work.params_b is None and not work.family and not work.gpus \
            and not px.HOW_MUCH.search(rest):
        # "is there a minimum rental time?", "durée minimale de location ?": no GPU, hours or
        # amount, so not a price list nor a quote; the blocks and their per-minute draw answer.
        # "are the big blocks cheaper?": a discount for buying more, no card or hours
        service = ("billing",) if sub_hour else tuple(
            t for t in asks.service_topics(rest) if t in ("billing", "discount"))
        if service:
            intent = "help"
            work.hours = None
    if not service and (method is None or inference) and work.params_b is None \
            and not work.family and not work.money:
        # "can i use my h100 hours on an h200 instead", "a 10 hour block of a100, can i use it
        # over several days": how a block is drawn on, cards or hours named (was the two cards
        # compared, or the quote alone); a quote asked stays, after it.
        service = tuple(t for t in asks.service_topics(rest, hours=work.hours is not None)
                        if t in asks.BLOCK_TOPICS)
        if not service and len({g.gpu_id or g.text for g in work.gpus}) >= 2 \
                and asks.HOURS_ON_CARD.search(rest):
            service = ("blockmodel",)
        if service and not (intent == "cost" and work.hours is not None and work.gpus):
            intent, work.hours = "help", None
    samples_at_seq_len: int | None = None
    if work.dataset_samples and work.seq_len and work.dataset_tokens is None and not inference:
        # "20k examples, 3 epochs, seq 1024. how long": no sample is longer than the sequence
        # length, so the run is at most samples × seq_len tokens (the reply says it is a bound).
        samples_at_seq_len, work.dataset_samples = work.dataset_samples, None
        work.dataset_tokens = Decimal(samples_at_seq_len * work.seq_len)
        work.dataset_counted = True
    # "DPO on 30k pairs of 1024 tokens": each pair's chosen and rejected answers both go through
    # the model (TRL's concatenated forward), twice the tokens the pairs count
    pairs_doubled = bool(flags.paired) and not inference and work.dataset_counted \
        and work.dataset_tokens is not None
    if pairs_doubled:
        assert work.dataset_tokens is not None
        work.dataset_tokens = work.dataset_tokens * 2
    if work.runs is not None and (work.dataset_tokens is None or inference):
        work.runs = None  # no dataset to run again: the count is said to nothing
    elif work.runs is not None:
        assert work.dataset_tokens is not None
        work.dataset_tokens = work.dataset_tokens * work.runs
    accelerator = asks.accelerator(s)
    if accelerator is not None and intent == "compare" and len(work.gpus) == 1:
        # "TPU v5e vs H100 for QLoRA 70B": nothing to compare the GPU with; its own answer.
        intent = "fit"
    # "a week on a 3090 with qlora llama 3 8b, how many 1024-token examples can i fit?",
    # "¿cuántos tokens llego a procesar en un par de días?": what those hours train is asked,
    # not the longest context ("how many tokens can"), a deadline or their price.
    # ... or what a budget buys ("with $500 how many tokens can i train llama 3 8b on"): the
    # hours it buys, then what they train (was the model's longest context).
    spent = bool(work.money) and not any(m.rate for m in work.money)
    counted = asks.data_count(s) if (work.hours is not None or spent) and not inference \
        and measured_by is None and (not work.money or spent) and (trains or (
            method is not None and cat.method(method).kind == "training")) else None
    if counted is not None:
        intent = "fit"
        kind, size = counted
        if kind == "samples" and size is not None:
            # "examples of 1024 tokens" with no count: one sample's length, not a dataset
            if work.seq_len is None:
                work.seq_len = size
            if work.dataset_tokens == size and not work.dataset_counted:
                work.dataset_tokens = None
    # "i have $50, how long can i train llama 3 8b with qlora on a 4090": how long the money
    # lasts, asked of a run with no data said. A cost: the hours it buys lead, then what they
    # train (was the hours alone; "cuánto tiempo puedo entrenar" was a time question asking for
    # the dataset, the budget's hours seven lines down).
    budget_timed = counted is None and spent and work.hours is None and not inference \
        and measured_by is None and work.dataset_tokens is None and not work.dataset_samples \
        and (trains or (method is not None and cat.method(method).kind == "training")) \
        and px.DURATION_QUESTION.search(s) is not None
    if budget_timed:
        intent = "cost"
    # "can i finetune llama 3 8b on 20M tokens in 2 hours on a 4090?": with the dataset said,
    # the hours are a deadline for it, answered yes or no (was what 2 hours train there, 8.4M
    # tokens, the 20M left unweighed), as it is with no card named.
    # ... and "i have a day and a half on my T4, can i get through 40k samples of 512 tokens":
    # the hours the user has (was the fit, the 36 hours priced on a rented L40S).
    within_deadline = intent == "fit" and not inference and counted is None \
        and work.hours is not None and bool(work.gpus) \
        and (work.dataset_tokens is not None or bool(work.dataset_samples)) \
        and (hours_had or (px.WITHIN_HOURS.admits(s)
                           and px.WITHIN_HOURS.pattern.search(s) is not None))
    if within_deadline:
        intent = "time"
    context_asked, speed_asked = False, False
    if (work.params_b is not None or work.family) and counted is None:
        context_asked, speed_asked = _capacity_asked(rest, work, method, inference)
    if context_asked and method is None and not inference and _context_served(rest, work):
        # "max context for llama 3 8b on a 24gb card": a context is served, as "128k context".
        inference, method = True, _inference_method(rest, cat)
        implied = not _precision_said(rest)
    # "cuánto contexto cabe", "combien de tokens par seconde": "how much" without money or hours.
    unpriced = intent == "cost" and work.hours is None and not work.money
    # "how long a context can I use": "how long" asks for a length, not a run's duration.
    untimed = intent == "time" and work.dataset_tokens is None and work.hours is None
    if context_asked and (intent in ("memory", "unknown", "fit") or unpriced or untimed):
        intent = "fit"
    if speed_asked and (intent in ("fit", "memory", "unknown", "time", "recommend") or unpriced):
        # Both asked ("max ctx … and how many tok/s"): the fit at the longest context leads,
        # and the speed is given at that context.
        intent = "fit" if context_asked and intent == "fit" else "time"
        if not inference:  # "how many tok/s llama 3 8b on a 3090": generating tokens is serving
            inference, method = True, _inference_method(rest, cat)
    else:
        speed_asked = False
    prefill_timed = False
    bare = _K_PROMPT.search(folded) if flags.prompt_tokens is None \
        and px.PREFILL.search(corrected) is not None else None
    if bare and not bare.group(0).endswith("prompts") and work.dataset_samples is not None:
        work.dataset_samples = None  # "ttft for a 32k prompt": one prompt's length, no samples
    if (work.params_b is not None or work.family) and counted is None \
            and (method is None or inference) and work.hours is None and not work.money \
            and intent in ("fit", "memory", "unknown", "time", "cost") \
            and px.PREFILL.search(corrected) is not None and not flags.prefill_printed \
            and not _trains_besides(rest, work, "dataset_tokens"):
        # "how long is the prefill of 100k tokens on a 4090 with llama 3 8b", "¿cuánto tarda el
        # prompt processing de 32 mil tokens?", "ttft con un prompt de 16k": the prompt's tokens
        # are a context, not a dataset to train on, and the time to process them is asked (a
        # prompt tokens/s asked keeps the rate alone).
        prompt_len = flags.prompt_tokens
        if bare:  # "a 32k prompt"
            prompt_len = _tokens_of_context(bare.group("num") or bare.group("num2"), "k", work.lang)
        if prompt_len is None and work.dataset_tokens is not None \
                and work.dataset_tokens <= 10_000_000 and not work.dataset_counted:
            prompt_len = to_int(work.dataset_tokens)
            work.dataset_tokens = None
        # a decode rate measured beside it ("45.3 tok/sec, time to first token 0.21s, is that
        # good?"): that rate is judged, the first token's time is a reading, not asked
        prefill_timed = (prompt_len is not None or (flags.tokens_per_second is None and (
            intent == "time" or _FIRST_TOKEN.search(folded) is not None))) \
            and asks.SPEED_ASK.search(rest) is None
        if prefill_timed:
            if prompt_len is not None and work.seq_len is None:
                work.seq_len = prompt_len
                work.context_said = True
            intent, speed_asked = "time", True
            if not inference:
                inference, method = True, _inference_method(rest, cat)
                implied = not _precision_said(rest)
    generate_tokens, generate_cost, rate_asked = _generation(
        corrected, rest, work, method, inference, counted is not None, intent, cat)
    if rate_asked is None and generate_tokens is None and not inference \
            and work.dataset_tokens is None and not work.dataset_samples and work.hours is None \
            and not work.money and work.params_b is not None \
            and (trains or (method is not None and cat.method(method).kind == "training")) \
            and asks.PER_MILLION.search(corrected):
        # "cost per million tokens to fine tune llama 3 8b on an h100": a training run's price
        # per million tokens is that run on a million of them (was 10 illustrative hours).
        work.dataset_tokens = Decimal(1_000_000)
        if intent in ("fit", "memory", "unknown", "recommend"):
            intent = "cost"
    # "cost per million tokens on h100 vs h200": two cards weighed by a token's price, which
    # the comparison answers (was the first card's price per million tokens alone).
    token_price_compared = intent == "compare" and rate_asked in ("million", "thousand", "dollar") \
        and len({g.gpu_id for g in work.gpus if g.gpu_id is not None}) >= 2
    # "I need ~1.5M tokens/day with llama 3 8b, how many gpus": the tokens a day (or an hour)
    # to serve, held against the bound (was read as the bound asked, the 1.5M dropped).
    rate_tokens = work.dataset_tokens if rate_asked in ("day", "hour") else None
    if generate_tokens is not None or rate_asked is not None:
        # "how long to generate 1M tokens", "tokens per hour", "price per million tokens": a
        # time or price over decode's bound, not a dataset trained on nor a run of hours.
        work.dataset_tokens = None
        flags.new_tokens = None
        if rate_asked is not None:
            work.hours, work.hours_as = None, None
        if rate_asked == "dollar":
            work.money.clear()
        if token_price_compared:
            speed_asked, context_asked = False, False
        else:
            intent, speed_asked, context_asked = "time", True, False
        if not inference:
            inference, method = True, _inference_method(rest, cat)
            implied = not _precision_said(rest)
    # "process 10M tokens with llama 3 8b on an h100, how long", "classify 50M tokens", "procesar
    # 10M tokens con …", "traiter 10M de tokens avec …": the tokens are a corpus the model reads
    # (its forward pass), not a dataset to train on (was LoRA's 6·N·D time for them).
    batch_processed = bool(work.params_b is not None or work.family) \
        and work.dataset_tokens is not None and counted is None \
        and generate_tokens is None and rate_asked is None and not prefill_timed \
        and work.hours is None and (method is None or inference) and not work.dataset_samples \
        and intent in ("time", "cost", "unknown", "fit", "memory", "recommend") \
        and not _trains_besides(rest, work, "dataset_tokens") and not px.TRAINING.search(rest) \
        and px.BATCH_VERB.search(rest) is not None
    batch_docs: int | None = None
    batch_doc_tokens: int | None = None
    if not batch_processed and work.dataset_samples and work.dataset_tokens is None \
            and bool(work.params_b is not None or work.family) and counted is None \
            and generate_tokens is None and rate_asked is None and not prefill_timed \
            and work.hours is None and (method is None or inference) \
            and intent in ("time", "cost", "unknown", "fit", "memory", "recommend") \
            and not _trains_besides(rest, work, "dataset_samples") and not px.TRAINING.search(rest) \
            and px.BATCH_VERB.search(rest) is not None:
        # "summarize 100k documents with llama 3 8b, how long on an h100": documents counted
        # with no length are a batch job too, read at an assumed length (said so; was a QLoRA
        # run's time for 100,000 samples).
        batch_processed = True
        batch_docs, work.dataset_samples = work.dataset_samples, None
        batch_doc_tokens = BATCH_DOC_TOKENS
        work.dataset_tokens = Decimal(batch_docs * BATCH_DOC_TOKENS)
    batch_out_tokens: int | None = None
    if batch_processed:
        out = _BATCH_OUT.search(rest)
        if out is not None:
            # "each 2k tokens in, 200 out": what each document's output takes, timed apart
            num = out.group("num") or out.group("num2")
            batch_out_tokens = int(Decimal(num.replace(",", ""))
                                   * (1000 if out.group("k") or out.group("k2") else 1))
        elif work.flags.new_tokens is not None:
            batch_out_tokens = work.flags.new_tokens  # "200 tokens de salida", "max_tokens 200"
        if batch_out_tokens is not None:
            sample = work.sample_len_avg or work.seq_len
            if batch_docs is None and sample and work.dataset_tokens:
                batch_docs = int(work.dataset_tokens) // sample
    batch_cost_asked = False
    if batch_processed:
        batch_cost_asked = intent == "cost"  # "cuánto cuesta resumir …": the cost leads
        intent = "time"  # its cost comes with it (bot.batch), as a training run's does
        if not inference:
            inference, method = True, _inference_method(rest, cat)
            implied = not _precision_said(rest)
    if work.max_num_seqs is not None and work.batch_size is None and inference \
            and (intent == "memory" or (intent == "fit" and asks.MEMORY_AMOUNT.search(rest)))\
            and asks.CONCURRENCY_ASK.search(rest) is None:
        # "vllm llama 3 8b --max-model-len 32768 --max-num-seqs 64, how much vram": the memory
        # that configuration needs, its 64 sequences held at once (was how many fit on an L40S)
        work.batch_size = work.users = work.max_num_seqs
        work.served_batch = work.seqs_held = True
    concurrency_asked, train_speed_asked = False, False
    if work.params_b is not None or work.family:
        concurrency_asked, train_speed_asked = _rates_asked(rest, work, method, inference)
    if concurrency_asked and (intent in ("fit", "memory", "unknown", "recommend") or unpriced
                              or (intent == "time" and not speed_asked)):
        # "how many users can I serve with llama 3 8b on an L4": the sequences that fit at once.
        intent = "fit"
        if not inference:
            inference, method = True, _inference_method(rest, cat)
            train_speed_asked = False
        match = px.CONTEXT_AT.search(rest) if work.seq_len is None else None
        if match:  # "… how many concurrent users at 32k": 32k tokens of context each
            work.seq_len = _tokens_of_context(match.group("num"), "k", work.lang)
            work.context_said = True
    elif not (concurrency_asked and speed_asked):
        concurrency_asked = False
    if train_speed_asked and (intent in ("fit", "memory", "unknown", "time") or unpriced):
        # "tokens/s training llama 3 8b with qlora on an a100": its throughput ("which GPU for
        # the best throughput" still recommends one).
        intent = "time"
    elif not (train_speed_asked and intent == "cost"):
        train_speed_asked = False
    # "how many steps is 3 epochs of 50k examples at batch 16": the optimizer steps, and with a
    # model named the time they take (was "I did not understand").
    # A measured "1.2 it/s" at a batch with a count of samples: the steps give the time, the
    # model unneeded (was "tell me the model" or a FLOPs estimate beside the measurement).
    steps_asked = not inference and work.samples_said is not None \
        and work.batch_size is not None \
        and (work.step_rate is not None or asks.STEPS_ASK.search(rest) is not None)
    # "20k steps at 1.2 it/s" gives the time too; a count of samples without a batch asks it.
    # "… 120/1000 [06:40<48:53, 3.33s/it] … is 3.33s/it normal?": the rate judged, no time
    # asked (was the bar's time left alone)
    judged_only = train_speed_asked and work.step_rate is not None and not steps_asked \
        and asks.TIME_OR_COST.search(rest) is None and _LEFT_ASKED.search(rest) is None
    step_rate = work.step_rate if not inference and not judged_only and (
        steps_asked or work.steps_said is not None or work.samples_said is not None) else None
    if (steps_asked or step_rate is not None) and intent in (
            "fit", "memory", "unknown", "time", "cost", "recommend", "prices"):
        intent = "time"
    # "2.5 samples/s … 20k samples how long": the samples at the measured rate, the model unneeded
    sample_rate = work.sample_rate if not inference and step_rate is None \
        and work.samples_said is not None and work.sample_rate is not None \
        and work.sample_rate > 0 else None
    if sample_rate is not None and intent in (
            "fit", "memory", "unknown", "time", "cost", "recommend", "prices"):
        intent = "time"
    first_known = next((g for g in work.gpus if g.gpu_id is not None), None)
    known = [g.gpu_id for g in work.gpus if g.gpu_id is not None]
    unknown = [g.text for g in work.gpus if g.gpu_id is None]
    others = tuple(dict.fromkeys(g for g in known[1:] if g != known[0])) if known[1:] else ()
    counts = _two_counts(work) if not others else None
    if counts is not None and intent not in _NOT_COMPARED and not asks.HOW_MANY_NEEDED.search(rest):
        # "4x h100 vs 8x h100", "1 or 2 A100 for lora 70b?", "¿2 o 4 H100…?": one GPU at two
        # counts is compared as two configurations.
        others, intent = (known[0],), "compare"
    else:
        counts = None
    if pooled and intent in ("prices", "unknown", "fit", "memory", "cost") and not work.money:
        # "can i combine my 3090 with a rented h100 (for 10 hours, how much)": each on its own,
        # the rented one priced
        intent = "compare"
    if rigs is not None and intent not in _NOT_COMPARED and len(known) == 2:
        others, intent = (known[1],), "compare"
        counts = (work.gpus[0].count or 1, work.gpus[1].count or 1)
    amd_match = asks.AMD_UNNAMED.search(rest) if not work.gpus and work.vram_gb is None \
        and igpu is None else None
    amd_unnamed = amd_match is not None
    # "radeon 7950", "amd mi 300": the words said after the vendor, for the closest names
    amd_words = _AMD_WORDS.match(rest, amd_match.end()) if amd_match is not None else None
    if (amd_unnamed or igpu is not None) and intent == "unknown":
        intent = "memory"  # "tengo una AMD": which card, and which model
    if igpu_compared:
        intent = "compare"
    alert = intent == "alert"
    if work.money and work.money[0].assumed and _foreign_money(plain):
        work.money.clear()  # "j'ai 2k€ de budget": the euros, not an assumed dollar
    first_money = work.money[0].value if work.money else None
    # "the best gpu for qlora 70b under $1/hr": a ceiling on the hourly price, not a budget.
    rate_money = work.money[0].value if work.money and work.money[0].rate else None
    nothing_else = not alert and not work.gpus and work.params_b is None \
        and work.model_id is None and not work.family and work.hours is None \
        and work.vram_gb is None
    bare_rate = intent == "unknown" and nothing_else
    if bare_rate and rate_money is not None and work.money[0].direction != "above":
        # "$2.5/hr", "under 3 bucks an hour", "menos de 2 dolares la hora" said alone: what we
        # offer at that price or less (was "I did not understand that").
        intent = "recommend"
    if rate_money is not None and intent in ("memory", "unknown") and not alert \
            and not work.gpus and work.money[0].direction != "above" and work.hours is None \
            and (work.params_b is not None or work.model_id is not None or work.family):
        # "qlora llama 70b for under $2/hr?", "gpu for $3-$5/hr to full finetune a 3b", "lora
        # mistral 7b, max $1/hr": what holds it at that price per hour, the cheapest first (was
        # its memory alone, the price dropped)
        intent = "recommend"
    foreign_hourly = nothing_else and intent in ("unknown", "recommend", "prices") \
        and not work.money and _foreign_hourly(plain)
    if foreign_hourly:
        # "2,50 €/h", "menos de 2 pavos la hora", "moins de 2 balles de l'heure": a price per
        # hour in euros; asked again in dollars, as a budget in them is (nothing converted).
        intent = "recommend"
    # "qlora 70b under 2€/h", "qlora de 70b por menos de 2€/h", "moins de 2 € de l'heure": a
    # price per hour in another currency beside a model or a card: answered in dollars, the
    # currency said and the limit left unchecked (nothing converted; was its memory alone, the
    # euros dropped, or the question refused as a budget in euros).
    rate_foreign = not foreign_hourly and not alert and not nothing_else and not work.money \
        and _foreign_hourly(plain)
    if rate_foreign and not work.gpus and intent in ("memory", "unknown", "prices", "fit"):
        intent = "recommend"
    spent_on_gpu = bool(work.money) and work.money[0].on_gpu and (
        work.hours is None or work.money[0].per_period)  # "$500 per week on h100": its week
    budget = first_money if not alert and first_money is not None and rate_money is None and (
        asks.BUDGET_ASK.search(rest) or asks.BUDGET.search(rest) or spent_on_gpu) else None
    if budget is None and first_money is not None and rate_money is None and not alert \
            and work.params_b is None and work.model_id is None and not work.family \
            and asks.SUPERLATIVE.search(rest) and (_LEAD_MONEY.match(plain)
                                                   or work.money[0].assumed):
        # "$20 biggest model i can finetune": the amount it opens on is what there is to spend
        # (was a sum with no budget word, and the reply asked which GPU); "i have 2 grand,
        # biggest model i can full finetune", "i have 2k, …": a sum only a budget reads so.
        budget = first_money
    foreign = budget is None and not alert and not rate_foreign and _foreign_money(plain) and bool(
        asks.BUDGET_ASK.search(rest) or asks.BUDGET.search(rest))
    if foreign and work.hours is not None and work.hours_as in (None, "month") \
            and _FOREIGN_PER_PERIOD.search(before_hours) is not None:
        # "1000 € par mois, combien d'heures de h100 par jour": the month is the euros', no
        # month of rental to price (was 720 hours of an H100 quoted in dollars): refused in
        # euros as a budget in them is, nothing converted.
        work.hours = work.hours_as = None
    # "avísame si la h100 baja de 2 euros": a threshold in another currency is not dollars;
    # it is refused (nothing converted), never set as "below $2".
    alert_foreign = alert and _foreign_money(plain)
    for_gpu = budget is not None and work.money[0].for_gpu and work.hours is None \
        and work.params_b is None and work.model_id is None and not work.family \
        and _HAVE_MONEY.search(corrected) is not None
    if foreign and work.hours is None and work.params_b is None and work.model_id is None \
            and not work.family and _HAVE_MONEY.search(corrected) is not None \
            and _FOREIGN_FOR_GPU.search(work.s) is not None:
        for_gpu = True  # "j'ai 2 000 balles pour du h100": asked in dollars (was "Got it: H100")
    if (budget is not None or foreign) and (asks.BUDGET_ASK.search(rest) or spent_on_gpu
                                            or for_gpu) and (
            intent in ("prices", "unknown", "recommend")
            or (intent == "time" and work.dataset_tokens is None)
            or (intent == "pay" and not pay_refused
                and not px.PAY_STRONG.search(asks.PAY_INTENDED.sub(" ", rest)))):
        # "con 300usd cuántas horas de H200", "50 bucks, how many hrs on the L40S": the hours
        # the money buys (a cost), not how long a run takes nor the price list. "tengo 100 usd
        # en btc, ¿qué puedo entrenar?": the same, the coin said with it (was how to pay).
        if intent == "pay":
            pay_also = True
        intent = "cost"
    purchase: Decimal | None = None
    rent_buy = asks.RENT_BUY.search(rest) is not None and work.params_b is None \
        and work.model_id is None and not work.family and not alert
    if rent_buy:
        # "rent or buy a 4090, it costs $1800": the card's price to weigh against the hours
        # rented, not a budget; the price list's intent carries it (bot.answer._rent_or_buy).
        purchase = first_money if rate_money is None else None
        budget = None
        intent = "prices"
    purchase_foreign = rent_buy and purchase is None and _foreign_money(plain)
    block_span = _block_span(corrected, cat) if work.gpus and work.params_b is None \
        and work.model_id is None and not rent_buy and not alert else None
    if block_span is not None:
        intent = "prices"
    if rent_buy and purchase is None and not purchase_foreign:
        priced = _CARD_PRICE.search(rest)  # "buy an h100 for 30k or rent?": the card's price
        if priced is not None:
            purchase = tidy(work.num(priced.group("num")) * (
                1000 if priced.group("k") else 1))
    # "$500 a month, how many a100 hours a day": the month is the budget's, not hours to price.
    budget_days: int | None = None
    if budget is not None and work.hours is not None and work.hours_as in (None, "month"):
        # (a sum with no currency, "1k/month", "2 grand a month": dollars assumed)
        period = bare_period or (_BUDGET_PER_PERIOD.search(before_hours) if px.MONEY.admits(
            before_hours) else None) or (_BARE_PER_PERIOD.search(before_hours)
                                         if work.money[0].assumed else None)
        if period is not None:
            unit = period.group("p")
            days = 30 if unit[0] == "m" else 7 if unit[0] in "ws" else 1
            # "… how many hours a day": the day asked is no duration to price either.
            if work.hours in (days * 24, 24):
                budget_days, work.hours, work.hours_as = days, None, None
    elif budget is not None and work.hours is None and px.MONEY.admits(before_hours):
        # "$500 a week for h100 hours", "i have $500 a week, how many h100 hours": a week
        # said with no price asked is taken as no duration, so the budget's period is its own
        # (was the week dropped: the hours $500 buys, no day's share of them)
        period = _BUDGET_PER_PERIOD.search(before_hours)
        if period is not None and period.group("p")[0] in "mws":
            budget_days = 30 if period.group("p")[0] == "m" else 7
    budget_coin = work.money[0].coin if budget is not None else None
    threshold = first_money if alert and not alert_foreign else None
    threshold_config = _threshold_of_config(threshold, work, known, cat)
    if threshold_config is not None:
        assert threshold is not None
        per_gpu = threshold / threshold_config[0]
        # (a threshold of 26 digits or more has no thousandth that the context holds: kept
        # whole, it is refused as out of range like any other)
        threshold = tidy(per_gpu.quantize(Decimal("0.001"))) if per_gpu.adjusted() < 20 \
            else per_gpu
    # "100 dolares", "ok $100": dollars for nothing said here (a follow-up may place them).
    sum_usd = first_money if work.money and not work.money[0].assumed and budget is None \
        and purchase is None and rate_money is None and not alert else None
    if budget_coin is not None:
        pay_also = True  # "pay 50 usdt for h100 hours": what the page says of paying in it too
    if coin_amount is not None and budget is None and not alert and work.hours is None \
            and work.params_b is None and work.model_id is None and not work.family \
            and intent in ("prices", "unknown", "time", "cost", "recommend"):
        # "0.01 btc, how many h100 hours": no rate to turn the coin into dollars, so no hours;
        # how to pay, with that said (was the price list or "depends on the job").
        intent = "pay"
    elif coin_amount is not None and budget is None:
        pay_also = True
    # "what can i do with 12gb?", "is 12gb enough", "que puedo hacer con 16gb?", "12 go ça
    # suffit ?": a memory said bare (no "vram"), nothing else named, and what it holds asked:
    # the largest model it holds, as "what can i do with 8gb vram" (was the price list, or
    # "Which model?"). Up to 512 GB: a terabyte said alone is more likely a disk.
    memory_bare = work.vram_gb is not None and work.vram_gb <= 512 and not work.gpus \
        and work.params_b is None and work.model_id is None and not work.family \
        and not work.money and work.hours is None and work.dataset_tokens is None \
        and intent in ("prices", "fit", "memory", "unknown") \
        and asks.MEMORY_BARE.search(rest) is not None
    if memory_bare and intent in ("prices", "unknown"):
        intent = "fit"
    if intent == "prices" and work.params_b is None and (work.gpus or work.vram_gb) \
            and asks.LARGEST.search(rest) and not px.PRICES.search(rest) \
            and not px.HOW_MUCH.search(rest):
        # "quel modèle mettre sur ma 4070": the largest model the card holds, not its price.
        intent = "fit"
    if intent == "compare" and work.params_b is None and asks.LARGEST.search(rest) \
            and (px.HOW_MUCH.search(rest) or px.COST.search(rest)):
        # "el modelo más grande que puedo hacer lora en mi 3090 y cuánto costaría en una L40S":
        # that model's fit, with its cost, not a comparison of the two cards.
        intent = "fit"
    # "combien de temps il faut pour …" asks how long, not how many cards.
    # "¿cuántas horas de h100 necesito…?", "how many hours of h100 do i need": hours, not cards.
    # ... and "combien de vram il faut", "how much memory do i need": memory, not cards (was
    # "🔢 You need 1× RTX 3090" before the verdict asked)
    counted_in = asks.MEMORY_AMOUNT.pattern.sub(lambda m: " " * len(m.group(0)), rest) \
        if asks.MEMORY_AMOUNT.search(rest) else rest
    count_asked = bool(asks.HOW_MANY_NEEDED.search(counted_in)) and not (
        px.DURATION_QUESTION.search(rest) and not asks.HOURS_ASKED.search(rest)) \
        and not _hours_counted(rest) and not _one_mac(work, cat)
    # "how many a100s and how long to …", "how many gpus do i need and how long": both asked
    # (was the fit's verdict first, the count and the hours deep in the reply).
    count_time_asked = bool(work.gpus) and work.hours is None \
        and _COUNT_AND_TIME.search(corrected) is not None
    count_asked = count_asked or count_time_asked
    # "i need to finetune a 7b on 500k samples by tomorrow, which gpu", "have 2 days to qlora
    # llama 3 70b on 200k examples, what should i rent": the time said is a deadline and the
    # card is asked for: the run timed on the cheapest offered configuration finishing within
    # it (bot.detail._within; was the memory per method, or 48 hours rented). "Tomorrow" is
    # taken as a day from now, said so.
    daypart = asks.DAYPART.search(rest) if work.hours is None else None
    if daypart is not None:
        # "by tomorrow morning" is not a day from now (TOMORROW): its hours are asked back.
        rest = rest[: daypart.start()] + " " * (daypart.end() - daypart.start()) \
            + rest[daypart.end() :]
    weekday = asks.WEEKDAY.search(rest)
    today = asks.TODAY.search(rest) if weekday is not None and work.hours is None else None
    weekday_span: tuple[int, int] | None = None
    if today is not None and weekday is not None:
        # "by friday, its tuesday": from now to the same time on Friday, 3 days (said so)
        now, then = asks.weekday_index(today), asks.weekday_index(weekday)
        weekday_span = (now, then)
        days = (then - now) % 7 or 7
        work.hours, work.hours_as = Decimal(24 * days), "weekdays"
    deadline_said = _DEADLINE_SAID.search(rest) is not None or weekday_span is not None
    deadline_pick = (intent in ("recommend", "unknown", "memory") or (
        intent == "time" and (px.RECOMMEND.search(rest) is not None
                              or _RENT_WHAT.search(rest) is not None))
        or (intent == "cost" and deadline_said)) and not work.gpus \
        and work.vram_gb is None and not inference and (budget is None or deadline_said) \
        and (work.params_b is not None or work.model_id is not None) \
        and (work.dataset_tokens is not None or bool(work.dataset_samples)) \
        and (work.hours is not None or asks.TOMORROW.search(rest) is not None) \
        and (intent == "recommend" or deadline_said or asks.TOMORROW.search(rest) is not None
             or asks.DEADLINE.search(rest) is not None or weekday is not None)
    # "… by monday, what should i rent" with no hours said: the hours until then are asked
    # back (today's date is not the rules'), the run timed meanwhile; never a weekday guessed.
    deadline_day = asks.weekday_index(weekday) \
        if weekday is not None and work.hours is None and not deadline_pick \
        and (work.params_b is not None or work.model_id is not None) else None
    deadline_daypart: Literal["morning", "tonight"] | None = None
    if daypart is not None and deadline_day is None and work.hours is None \
            and (work.params_b is not None or work.model_id is not None):
        deadline_daypart = "morning" if daypart.group("morning") else "tonight"
    if (deadline_day is not None or deadline_daypart is not None) \
            and intent in ("recommend", "unknown", "memory", "cost") \
            and (work.dataset_tokens is not None or bool(work.dataset_samples)):
        intent = "time"
    # "fastest way to finetune llama 3 8b on 100M tokens", "how fast can i qlora 70b on 50M
    # tokens if money is no object": the run timed on the offered configuration where it ends
    # soonest (was the memory per method, or the time where it costs least).
    fastest_run = not deadline_pick and not work.gpus and work.vram_gb is None \
        and not inference and budget is None and work.hours is None \
        and (work.params_b is not None or work.model_id is not None) \
        and (work.dataset_tokens is not None or bool(work.dataset_samples)) \
        and ((intent in ("recommend", "unknown", "memory", "time")
              and (_FASTEST.search(rest) is not None or _NO_OBJECT.search(rest) is not None))
             or (intent == "cost" and (_NO_OBJECT.search(rest) is not None
                                       or _FASTEST.search(rest) is not None)))
    if fastest_run:
        intent = "time"
    # "what is the fastest gpu for running llama 3 70b": one sequence's decode bound on the
    # offered card with the most memory bandwidth, as few of them as hold it (was the memory
    # per precision).
    fastest_serving = inference and not work.gpus and work.vram_gb is None \
        and (work.params_b is not None or work.model_id is not None) \
        and intent in ("recommend", "unknown", "memory", "time") \
        and _FASTEST.search(rest) is not None
    if fastest_serving:
        intent, speed_asked = "time", True
    if deadline_pick:
        if work.hours is None:
            work.hours, work.hours_as = TOMORROW_HOURS, "tomorrow"
        intent = "time"
    # "can i get a qlora of qwen2.5 32b done on 40M tokens by tomorrow on one a100": the card
    # named is timed against a day, said so (was its time alone, the deadline unanswered).
    tomorrow_on_card = not deadline_pick and bool(work.gpus) and work.hours is None \
        and not inference and budget is None and intent in ("time", "fit", "memory", "unknown") \
        and (work.params_b is not None or work.model_id is not None) \
        and (work.dataset_tokens is not None or bool(work.dataset_samples)) \
        and asks.TOMORROW.admits(rest) and asks.TOMORROW.pattern.search(rest) is not None
    if tomorrow_on_card:
        work.hours, work.hours_as = TOMORROW_HOURS, "tomorrow"
        intent = "time"
    # "lora llama 3 8b on 20k samples on h100", "can i qlora mistral 7b on 50k rows on my 3090":
    # a run with its data on a card is timed there too (was its fit alone, the data dropped);
    # "would a 3090 be enough …", "…, oom?" ask the fit, which leads, and so do settings said
    # ("… with 100k tokens, batch 4": the memory at them).
    if intent in ("fit", "unknown") and bool(work.gpus) and not inference \
            and (work.params_b is not None or work.model_id is not None) \
            and (work.dataset_tokens is not None or bool(work.dataset_samples)) \
            and work.batch_size is None and (work.seq_len is None or work.dataset_counted) \
            and work.hours is None and budget is None and not count_asked \
            and not px.FIT_STRONG.search(rest) and asks.OOM.search(rest) is None:
        # "100k samples of 512 tokens" is the data, its length no setting asked about.
        intent = "time"
    if count_asked and intent == "cost" and work.gpus and budget is None \
            and work.hours is None and not px.MEMORY.search(rest):
        # "combien de T4 il me faut": "combien" is also "how much", but the count is the question.
        intent = "recommend"
    if intent == "recommend" and (work.dataset_tokens is not None or work.dataset_samples) \
            and budget is None and px.COST.search(rest):
        # "cheapest way to finetune llama 3 8b on 20M tokens", "¿es más barato hacer lora o
        # qlora … con 50M tokens?": what the runs on that dataset cost, cheapest first. "un
        # lora … con 50 mil filas, en q gpu y cuanto sale": the samples costed at each length
        # (was the seed's illustrative 24 hours).
        intent = "cost"
    if (intent in ("recommend", "prices") or (intent == "cost" and not work.money)) \
            and budget is None and not foreign and asks.HOURS_ASKED.search(rest) \
            and work.hours is None and work.gpu_hours is None \
            and (intent == "recommend" or not px.RATE.search(rest)):
        # ... but "c'est combien 2 H200 de l'heure": a price per hour.
        intent = "time"  # "how many H100 hours to fine-tune 70B": how long, in GPU-hours
        count_asked = False  # "combien d'heures de H100 il me faut": hours, not cards
    # No run to size: the price list's questions (cheapest, fastest, a card's hours) below.
    unsized = work.params_b is None and work.model_id is None and method is None \
        and not inference and not work.family and not work.gpus and work.vram_gb is None \
        and budget is None and work.dataset_tokens is None
    if intent in ("recommend", "unknown") and unsized and work.hours is None \
            and _CHEAPEST.search(rest) and not px.TRAINING.search(rest):
        # "¿cuál es la GPU más barata que tienen?", "quelle est la carte la moins chère ?": no
        # run to size, so the price list (cheapest first), not "which model?". "la gpu menos
        # cara cual es?" too (was "I did not understand").
        intent = "prices"
    fastest = intent in ("recommend", "unknown", "prices") and unsized and work.hours is None \
        and _FASTEST.search(rest) is not None and not px.TRAINING.search(rest)
    if fastest:
        intent = "prices"  # "what's your fastest gpu?": the list, led by the fastest
    # "¿cuál es la GPU más barata que tienen?", "c quoi le gpu le moins cher": the list, led by
    # the cheapest (was the list alone, the question left to the reader)
    cheapest = intent == "prices" and not fastest and unsized and work.hours is None \
        and _CHEAPEST.search(rest) is not None and not px.TRAINING.search(rest)
    # "cheapest gpu to rent for 48 hours", "la placa más barata por un finde": no run to size,
    # so those hours on the cheapest card we rent, said to be the cheapest (was "Which model?").
    cheapest_for = None
    if not cheapest and not fastest and intent in ("recommend", "unknown", "prices", "cost") \
            and unsized and work.hours is not None \
            and _CHEAPEST.search(rest) is not None and not px.TRAINING.search(rest):
        offered = [g for g in cat.rented_gpus if g.usd_per_gpu_hour]
        if offered:
            cheapest_for = min(offered, key=lambda g: g.usd_per_gpu_hour or 0).id
            intent, cheapest = "cost", True
    # "¿cuál es el precio mínimo para arrancar?", "minimum to get started": no run named, the
    # cheapest way to start is the price list's question (led by the smallest block).
    # "what's the minimum i have to pay to get started?", "c'est quoi le minimum à payer ?",
    # "how many hours minimum do i have to buy?": the same (were how to pay, or "which
    # model?"), but not a top-up's minimum or a coin ("minimum deposit in btc?": how to pay).
    starting = asks.START.search(rest) if work.params_b is None and method is None \
        and not inference and not work.family and work.hours is None else None
    start = starting is not None and (
        intent in ("prices", "unknown", "help", "cost", "recommend", "time")
        or (intent == "pay" and not px.PAY_COINS.search(rest)
            and not _TOP_UP.search(starting.group(0))
            and not asks.refused_payments(rest, rest)))
    if start:
        intent = "prices"
    # "How much vram does gradient checkpointing save for lora llama 3 8b": both estimates; the
    # answer itself is the run with checkpointing on.
    ckpt_slow = not inference and work.params_b is not None \
        and asks.CKPT_SLOW.search(rest) is not None
    if ckpt_slow and intent == "cost" and work.hours is None and work.dataset_tokens is None \
            and work.dataset_samples is None and not px.COST.search(rest) \
            and not px.PRICES.search(rest):
        # "how much slower is lora with gradient checkpointing": "how much" asks no price (was
        # the cost of the seed's illustrative hours).
        intent = "fit" if work.gpus else "memory"
    # "is gradient checkpointing needed for lora llama 3.1 8b on a 3090" (was the fit with it
    # on, as if not asked): what it saves and whether the run fits there without it.
    ckpt_need = not inference and work.params_b is not None \
        and asks.CKPT_NEED.search(rest) is not None
    ckpt_saving = ckpt_slow or ckpt_need or (not inference and work.params_b is not None
                                             and asks.CKPT_SAVING.search(rest) is not None)
    # "lora vs qlora difference", "whats the difference between lora and qlora for a 8b": the
    # two methods' memory side by side and what QLoRA trades (bot.answer.MethodDiff). With a
    # GPU named ("lora vs qlora for llama 3 8b on a 4090") the verdict on it leads, as before.
    # "explain lora vs full finetuning", "qlora or full ft": full fine-tuning beside them.
    pair = asks.method_pair(corrected) if not inference else None
    if pair is not None and intent == "prices" and work.gpus and work.params_b is None \
            and work.model_id is None and not work.family and work.hours is None \
            and px.PRICES.search(rest) is None and px.COST.search(rest) is None \
            and px.HOW_MUCH.search(rest) is None:
        # "qlora or lora for a 3090?", "qlora o lora pa mi 3090?", "c'est quoi le mieux qlora
        # ou lora pour une 3090 ?": two ways to train weighed on a card, no model and no price
        # asked: what each does, then which model (was "we don't rent the RTX 3090, so there
        # is no price to quote").
        intent = "unknown"
    method_diff = (pair is not None or (
        work.params_b is None and asks.METHOD_WHAT.search(corrected.strip()) is not None)) \
        and intent in ("memory", "unknown") \
        and work.hours is None and work.dataset_tokens is None
    if method_diff and intent == "unknown":
        intent = "memory"  # with no model named: which model, after the general difference
    # "Does flash attn reduce vram for llama 3 8b lora at 8k ctx": the estimate with eager
    # attention and with FlashAttention; the answer itself is the run with FlashAttention.
    flash_saving = work.params_b is not None and asks.FLASH_SAVING.search(rest) is not None
    # "how much vram does liger kernel save for llama 3 8b qlora at 8k", "with liger vs
    # without": the estimate without the kernels and with them (the answer is the run with).
    saving_of = asks.KERNELS_SAVING.search(rest) if not inference and work.params_b is not None \
        else None
    kernels_saving = saving_of is not None
    # "should i use unsloth or axolotl for qlora llama 3 8b on a 3090": the two weighed by
    # memory, Unsloth's kernels against Axolotl's stock ones at the same settings (was the run
    # with Unsloth's alone, the next step Axolotl's). A pasted Axolotl YAML naming Unsloth's
    # options is one run.
    tools_weighed = not inference and flags.kernels == "unsloth" and flags.tool == "axolotl" \
        and not flags.axolotl_config and saving_of is None
    if tools_weighed and work.params_b is not None:
        kernels_saving = True
    # "with and without liger": the kernels named, though "without liger" negates them
    kernels = ("liger" if "liger" in saving_of.group(0) else "unsloth") if saving_of \
        else flags.kernels
    grad_ckpt = True if ckpt_saving else _grad_ckpt(rest)
    # A pasted Hugging Face Trainer command or config that leaves gradient checkpointing out runs
    # without it (TrainingArguments' default; settings.HF_TRAINER): estimated so, and said.
    # Unsloth turns it on itself (get_peft_model's use_gradient_checkpointing="unsloth").
    ckpt_by_trainer = grad_ckpt is None and not inference and flags.trainer == "hf" \
        and kernels != "unsloth"
    if ckpt_by_trainer:
        grad_ckpt = False
    # The same command or config that leaves per_device_train_batch_size out runs 8 sequences a
    # step: 'per_device_train_batch_size: int = field(default=8, ...)' (huggingface/transformers
    # src/transformers/training_args.py @00349ae8), which TRL's configs keep (settings.TRL_PASTED).
    batch_by_trainer = work.batch_size is None and not inference and flags.trainer_batch
    # "how much does -ctk q4_0 -ctv q4_0 save for qwen2.5 32b at 64k": the estimate with the
    # cache in BF16 and in the type said (q8_0 and q4_0 when none is), memory not money.
    kv_saving_asked = asks.KV_SAVING.search(rest) is not None \
        or (work.kv_cache_type is not None and asks.SAVE_ASK.search(rest) is not None)
    kv_saving = inference and work.params_b is not None and kv_saving_asked
    kv_size = kv_size and inference and not kv_saving
    # With no model named ("kv cache q8 how much does it save") the memory saved is still what
    # is asked: the model is asked for (was "Which GPU and for how long?", a price).
    if (kv_saving or kv_size or (kv_saving_asked and work.params_b is None
                                 and work.model_id is None and not work.family)) \
            and intent in ("cost", "prices", "unknown") and not work.money \
            and work.hours is None:
        intent = "fit" if work.gpus or work.vram_gb is not None else "memory"
    closed = px.CLOSED_MODEL.search(corrected) if work.model_id is None else None
    not_llm = px.NOT_LLM.search(corrected) if work.model_id is None and not work.family else None
    quant, quant_bare = _quant_named(rest, method, cat) if inference else (None, None)
    qat_read = qat is not None and inference and method is not None \
        and cat.method(method).quant == qat.type
    if qat_read:
        quant_bare = None  # "qat q4": the release's own type, not llama-quantize's reading
    quant_pair = _quant_pair(rest, cat) if inference else None
    if quant_pair is not None:
        # "AWQ vs GGUF for llama 3 70b on 2x 3090": both formats answered, on that machine
        method = quant_pair[0][0]
        said = rest[quant_pair[1]:quant_pair[2]]
        quant = cat.method(method).quant or (
            "bpw" if px.BPW.search(said) else
            None if _PAIR_PRECISION.search(said) else _format_name(said))
        quant_bare = None
        if intent == "compare" and not others:
            intent = "fit" if work.gpus or work.vram_gb is not None else "memory"
        if intent == "fit" and not others and work.gpus \
                and (work.params_b is not None or work.family) and counted is None \
                and (_capacity_asked(rest, work, method, inference)[1]
                     or _FASTER.search(rest) is not None):
            # "q4_k_m vs q8_0 tok/s llama 3 8b on a 4090", "q4_k_m or q8_0 which is faster":
            # each type's speed there, as "speed difference between q4_k_m and q8_0" gets it
            # (was the fit alone).
            intent, speed_asked = "time", True
    runner = _runner(rest) if inference else None
    if runner is None and inference and work.ram_free:
        runner = "ollama"  # its error message pasted: Ollama's check, Ollama's run
    gguf = owned.assumed_gguf(cat)
    if runner is None and inference and method is not None and gguf is not None \
            and method == gguf[1] \
            and _gguf_runner(rest) and not px.GGUF_TYPE.search(rest) and not _bare_quant(rest) \
            and _gguf_bits(rest) is None:
        runner = "llama-cpp"  # "gguf" alone: llama.cpp's file, its type assumed above
    if runner is None and inference and method is not None and cat.method(method).quant \
            and (_ram_for_layers(rest, work, cat.default_method("inference"), cat)
                 or (rig and _runner(rest) is None and not _precision_said(rest)
                     and not px.VLLM.admits(rest))):
        runner = "llama-cpp"  # its type assumed above, said so
    if runner is None and inference and flags.expert_offload and method is not None \
            and cat.method(method).quant is not None:
        runner = "llama-cpp"  # "-ot exps=CPU", "--cpu-moe": llama.cpp's flags
    engine = "vllm" if inference and px.VLLM.admits(rest) and any(
        not _negated(rest, *m.span()) for m in px.VLLM.pattern.finditer(rest)) else None
    if engine is None and inference and _TGI.search(rest) is not None:
        engine = "tgi"  # its own share of each GPU (rules/data/serving.toml), not vLLM's
    elif engine is None and inference and _SGLANG.search(rest) is not None:
        engine = "sglang"  # its share is its own start-up rule: said so beside vLLM's
    utilization = work.gpu_memory_utilization if inference else None
    # "what --gpu-memory-utilization should i set": the flag with no value asks for the share
    utilization_asked = inference and utilization is None \
        and px.GPU_MEMORY_UTILIZATION_NAMED.search(rest) is not None
    if utilization is not None or utilization_asked \
            or (inference and (work.max_num_seqs is not None or work.enforce_eager)):
        engine = "vllm"  # its flags: "--gpu-memory-utilization 0.95" alone names vLLM
    # "why does vllm take 90% of my vram (with a 7b model)?": its preallocation explained,
    # then the memory answer for the model when one is named.
    vllm_share = engine == "vllm" \
        and asks.VLLM_SHARE.search(rest) is not None
    if vllm_share and intent == "unknown":
        intent = "memory"
    share_seen = _share_seen(text) if vllm_share and utilization is None else None
    runner_spec = cat.local_runner(runner) if runner is not None else None
    if intent == "recommend" and inference and quant is None \
            and (bool(work.gpus) or work.vram_gb is not None) \
            and asks.QUANT_ASKED.search(rest) is not None:
        # "which quant should i pick for gemma 2 27b on a 3090", "quel quant choisir", "qué
        # cuantización elijo": the type to serve on that card, however the choice is worded,
        # the largest that fits (was "pick"/"choisir" read as which GPU: a precision list).
        intent = "fit"
    # "lm studio 8gb vram mac", "ollama on my 3060 12gb": a local runner and a card or memory,
    # no model: what it runs there, the largest first, as "what models can i run in lm studio
    # on …" gets it (was "❓ Which model?").
    runner_bare = runner is not None and inference and intent in ("fit", "memory") \
        and (bool(work.gpus) or work.vram_gb is not None) and work.params_b is None \
        and work.model_id is None and not work.family and not work.money \
        and work.hours is None and work.dataset_tokens is None
    # "llama 3 70b on cpu only with 128gb ram", "sin gpu, solo cpu", "sans GPU": no card named
    # and nothing offloaded: the model's memory against the RAM said, the GPUs second; a
    # training method named too ("lora llama 3 8b sin gpu, tengo 64gb de ram": was the GPU
    # answer alone, as if no GPU had not been said).
    # "qwen3 30b a3b experts on cpu": the experts only, beside a GPU not named (not CPU alone)
    # A speed asked of it ("qwen2.5 7b on cpu only, tok/s?") too: was answered on an L40S.
    cpu_alone = not work.gpus and work.vram_gb is None and not flags.cpu_offload \
        and not flags.expert_offload and (
            intent in ("memory", "fit", "unknown", "recommend")
            or (intent == "time" and inference and speed_asked)) \
        and (machine is not None or asks.cpu_only(corrected))
    if cpu_alone and intent != "memory" and (work.params_b is not None or work.family):
        intent = "memory"
    if intent == "cost" and not work.money and work.hours is None \
            and _MINUTES_ASKED.search(corrected) is not None:
        # "combien de minutes pour un qlora …": the minutes are a time asked (was the cost,
        # "combien" read as a price)
        intent = "time"
    bf16_error = BF16_UNSUPPORTED.search(folded) is not None
    kv_error = VLLM_KV_TOO_SMALL.search(folded) if "max seq len" in folded else None
    fa2_error = not bf16_error and FA2_UNSUPPORTED.search(folded) is not None
    if (bf16_error or fa2_error) and work.params_b is None and not work.family \
            and not work.money and work.hours is None \
            and intent in ("cost", "prices", "time", "recommend", "unknown"):
        # "me sale Your setup doesn't support bf16/gpu en una t4" ("me sale": I get, not it
        # costs), the error pasted alone: the error explained, no model asked for first.
        intent = "fit" if work.gpus or work.vram_gb is not None else "memory"
    network = asks.pay_network(corrected)
    if network is not None and not any(network) and intent != "pay" and not pay_also:
        network = None  # "which network architecture": a coin or a payment makes it a chain
    if network is not None and intent in ("unknown", "help", "smalltalk", "memory", "recommend") \
            and (method is None or inference) and work.params_b is None and not work.family \
            and not work.gpus:
        intent = "pay"  # "do you take trc20?", "what chain do you use for usdt"
    # "3090", "2x p40": a card we do not rent named alone is the user's (no price to ask).
    says_owned = (bool(work.gpus) or work.vram_gb is not None) and owned.says_owned(rest)
    if intent in ("memory", "recommend") and not says_owned and not work.gpus \
            and work.params_b is None and not work.family and method is None \
            and work.hours is None and not work.money and _NEED_WORD.search(rest):
        # "necesito 160gb de vram", "i need 160gb of vram, what should i rent": no model to
        # size, an amount to rent: the cheapest offered configuration holding it (was "which
        # model?"); "24gb de vram" alone may be the user's card. The hardware reading leaves
        # "need 160gb" out as a figure quoted (a model's need), so it is read here.
        needed = _OWN_NEED.search(corrected) if work.vram_gb is None else None
        if needed is not None:
            work.vram_gb = tidy(parse_decimal(needed.group("num"), work.lang))
        if work.vram_gb is not None:
            intent = "recommend"
    # "m3 max 36gb macbook pro": the Mac said after its chip is the one card ("gpu gpu")
    once = rest.replace("gpu gpu", "gpu") if len({g.gpu_id for g in work.gpus}) == 1 else rest
    # (several cards said together, "2x 3090 + 1x 4090": one machine, the user's when any of
    # its cards is one we do not rent)
    named_alone = bool(work.gpus) and not says_owned and owned.only_a_card(once) \
        and all(g.gpu_id is not None for g in work.gpus) and (
            any(not index.gpu(g.gpu_id).rented for g in work.gpus) if len(work.gpus) > 1  # type: ignore[arg-type]
            else not index.gpu(work.gpus[0].gpu_id).rented)  # type: ignore[arg-type]
    if inference and work.seq_len is None and intent != "time" and px.KV_NAMED.admits(corrected) \
            and px.KV_NAMED.pattern.search(corrected):
        # "how much vram does the kv cache take for qwen2.5 7b at 128000 tokens", "kv cache for
        # … at 128k": the tokens the cache holds are a context, not a dataset to train on.
        match = px.CONTEXT_AT.search(rest)
        if work.dataset_tokens is not None and work.dataset_tokens <= 100_000_000:
            work.seq_len, work.dataset_tokens = to_int(work.dataset_tokens), None
            work.context_said = True
        elif match:
            work.seq_len = _tokens_of_context(match.group("num"), "k", work.lang)
            work.context_said = True
    # "qwen2.5 72b iq3_xxs on a 3090 and a 3060 together": llama.cpp splits a GGUF's layers in
    # proportion to each card's memory, so the machine holds what its memory in all holds: its
    # cards answered at their mean memory, not all at the smallest one's (FSDP's even share).
    rig_layer_split = bool(rig) and inference and first_known is not None and (
        runner is not None or (method is not None and cat.method(method).quant is not None))
    rig_memory = first_known.memory_gb if first_known else None
    mean = owned.rig_memory(rig, cat) if rig_layer_split else None
    rig_layer_split = mean is not None
    rig_memory = mean if mean is not None else rig_memory
    one_card = len(work.gpus) == 1 and work.params_b is None and not work.family
    # ... not the BF16 error pasted nor a remark beside a run ("en la p40 anda qlora? no tiene
    # bf16 creo"), which the fit answers.
    precision = asks.PRECISION.search(rest) if one_card and not bf16_error and not fa2_error and (
        method is None or cat.method(method).kind == "inference") else None
    if precision is None and one_card and not bf16_error and not fa2_error:
        precision = asks.PRECISION_CHOICE.search(rest)
    if precision is not None:
        method, inference = None, False  # "does the 3090 support fp8": no serving asked
    elif one_card and method is not None and work.model_id is None \
            and _PRECISION_THROUGHPUT.search(rest) is not None:
        method, inference = None, False  # "the bf16 tflops of a 4070 ti super": its figures
    ram_asked = not inference and _ram_asked(corrected, bool(flags.cpu_offload))
    if ram_asked and flags.cpu_offload is None and _OFFLOAD_WORD.search(corrected):
        # "cuánta ram de cpu necesito para offload de llama 70b con zero3": the RAM of an
        # offload is asked, so the offload is to the CPU.
        flags.cpu_offload = True
    if flags.cpu_offload is None and not inference and not flags.expert_offload \
            and _WITH_OFFLOAD.search(corrected):
        flags.cpu_offload = True
    if flags.cpu_offload is None and not inference and work.ram_gb is not None \
            and flags.sharding == "zero3" and _DEEPSPEED_ALONE.search(corrected) \
            and not st.ZERO_STAGE.search(corrected):
        # "can i train a 7b with 16gb vram and 64gb ram using deepspeed": DeepSpeed named with
        # the system RAM beside it, no stage said, is its CPU offload (ZeRO-Offload; ZeRO-3 with
        # offload_optimizer and offload_param): the RAM said is what holds the offloaded states
        # (was sharding alone on one GPU, the RAM unread).
        flags.cpu_offload = True
    shared = _cards_shared(rest, work)
    # "how much for 2x h100 and an a100 for 10 hours": two rentals at the same hours, each
    # priced and summed (was a datasheet comparison with no price)
    # ("cuanto sale alquilar 2 h100 y una a100 por 10 horas": a cost asked of both, not the
    # first card's alone)
    both_rented = intent in ("compare", "cost") and bool(others) and other_hours is None \
        and work.hours is not None and work.params_b is None and not work.family \
        and all(index.gpu(g).rented for g in (known[0], *others)) \
        and _JOINED.search(rest) is not None and _WEIGHED.search(rest) is None \
        and (px.HOW_MUCH.search(rest) is not None or px.COST.search(rest) is not None)
    if both_rented:
        intent, other_hours = "compare", work.hours
    elif intent == "cost" and others and other_hours is not None and work.params_b is None \
            and not work.family and _JOINED.search(rest) is not None \
            and _WEIGHED.search(rest) is None \
            and all(index.gpu(g).rented for g in (known[0], *others)):
        # "how much is an h100 for 10 hours and an h200 for 5 hours", "price of h100 for 10h
        # and h200 for 5h?": two rentals at hours of their own, each priced and summed, as with
        # counts said (was the first card's cost alone, the second dropped)
        intent = "compare"
    # "h100 + a100", "h100 y a100?", "how much is h100 and a100": two cards we rent joined,
    # nothing to run nor weigh, are two rentals, each priced (was a datasheet comparison);
    # "h100 vs a100", "h100 or a100?" still compare.
    if intent == "compare" and others and work.hours is None and work.params_b is None \
            and not work.family and method is None and not inference and not work.money \
            and len(known) == len(work.gpus) \
            and all(index.gpu(g).rented for g in (known[0], *others)) \
            and _WEIGHED.search(rest) is None and (_TWO_CARDS.match(rest) is not None or (
                _JOINED.search(rest) is not None and px.HOW_MUCH.search(rest) is not None)):
        intent = "prices"
    # "i want to qlora qwen2.5 32b on 30M tokens": a run planned on its data, no card and no
    # memory asked, is answered with what it costs and takes where it costs least, its memory
    # beside it (was the memory per method alone, the data unused).
    # ... and with no method named ("fine tune mistral 7b on 50M tokens", "entrenar … con 50M
    # tokens"): the cost answer takes the method that costs least and says so.
    if intent == "memory" and not work.gpus and work.vram_gb is None and not inference \
            and (method is not None or px.TRAINING.search(rest) is not None) \
            and work.dataset_tokens is not None and work.hours is None \
            and not work.money and px.MEMORY.search(rest) is None \
            and asks.MEMORY_AMOUNT.search(corrected) is None \
            and (work.params_b is not None or work.model_id is not None):
        intent = "cost"
    # "si compro 24 horas de h100 y solo uso 10, q pasa con el resto": the quote, and the
    # payment section after it leads with the hours' never expiring
    paid = intent == "pay" or (pay_also and intent in PAID_ALONG)
    expiry_asked = paid and asks.EXPIRY_ASK.search(corrected) is not None
    leftover_asked = paid and not expiry_asked and asks.LEFTOVER_ASK.search(corrected) is not None
    # "i have a 4090 and want to qlora llama 3 70b, how much is it on an h100": the run's cost
    # on the card it is priced on, the one owned set aside (was a datasheet comparison).
    owned_aside = None
    if intent == "compare" and says_owned and len(known) == 2 and len(others) == 1 \
            and counts is None and rigs is None and work.hours is None \
            and flags.tokens_per_second is None and not inference \
            and (work.params_b is not None or work.model_id is not None) \
            and index.gpu(others[0]).rented and _WEIGHED.search(rest) is None \
            and (px.HOW_MUCH.search(rest) is not None or px.COST.search(rest) is not None) \
            and _PRICED_ON.search(rest) is not None:
        owned_aside = known[0]
        intent, known, others, says_owned = "cost", [others[0]], (), False
        first_known = next(g for g in work.gpus if g.gpu_id == known[0])
        rig_memory = first_known.memory_gb
    # "qlora llama3 8b on my 3060 w/ 5k rows ~800tok each, how long n how much on ur l40s",
    # "… en mi 3060, cuánto tarda y cuánto sale en una l40s": the time on the card owned, and
    # the run's time and cost on the rented card named beside it (was the two cards' datasheets
    # compared first, the time and the cost asked after them).
    rent_gpu = rent_gpu_count = None
    # ... and renting the other said ("… en mi 4090, y si lo alquilo en la h100?", "and if i
    # rent an h100?"): the first card is one's own, even one we rent too (was the datasheets)
    rent_if = _RENT_IF.search(rest) is not None
    own = says_owned or _MY_CARD.search(rest) is not None
    if intent == "compare" and len(known) == 2 and len(others) == 1 \
            and (own or rent_if) \
            and rigs is None and work.hours is None and flags.tokens_per_second is None \
            and not inference and (work.params_b is not None or work.model_id is not None) \
            and (work.dataset_tokens is not None or work.dataset_samples is not None) \
            and (not index.gpu(known[0]).rented or rent_if) and index.gpu(others[0]).rented \
            and _WEIGHED.search(rest) is None and px.DURATION_QUESTION.search(rest) is not None \
            and (px.HOW_MUCH.search(rest) is not None or px.COST.search(rest) is not None
                 or rent_if):
        rent_gpu, rent_gpu_count = others[0], _count_of(work, others[0])
        intent, known, others = "time", [known[0]], ()
    # A download asked of a model served: its size on disk and how long (bot.answer), as a
    # question of its memory, or of its fit on the card named.
    # With no model named ("how long to download it?") the chat's last model is meant
    # (followup._download_of).
    named = work.params_b is not None or work.model_id is not None or bool(work.family)
    download_asked = ((work.download and (inference if named else not trains))
                      or (work.disk and named and inference)) \
        and asks.LICENCE_ASK.search(corrected) is None
    if download_asked and intent in ("time", "unknown", "memory", "cost", "recommend"):
        intent = "fit" if work.gpus or work.vram_gb is not None else "memory"
    # "qlora llama 3.1 8b on T4 taking forever, 12 hours for 2000 steps, normal?": the hours
    # are the user's run's, judged (were priced as hours to rent an L40S); what they train
    # there by the estimate leads.
    time_judged = intent in ("fit", "time", "memory") and not inference and not others \
        and work.hours is not None and len(work.gpus) == 1 \
        and (trains or (method is not None and cat.method(method).kind == "training")) \
        and asks.TIME_JUDGED.search(rest) is not None
    if time_judged and intent == "time":
        # "trainer eta says 14 hours, qlora llama 3.1 8b on a 3090, 20k samples of 1k tokens, is
        # that right?": the hours judged lead, the estimate's own time among them (was the
        # estimate alone, the 14 hours unweighed)
        intent = "fit"
    within_hours = intent == "fit" and not inference \
        and (work.hours is not None or counted is not None) \
        and (counted is not None or (
            px.WITHIN_HOURS.admits(s) and px.WITHIN_HOURS.pattern.search(s) is not None))
    # The rate measured, or a step rate asked with none ("what it/s should i expect"): its unit.
    no_rate = work.flags.tokens_per_second is None and work.step_rate is None \
        and work.sample_rate is None
    rate_unit: Literal["tokens", "it_s", "s_it", "samples"] | None = \
        None if not train_speed_asked else "tokens" \
        if work.flags.tokens_per_second is not None else "s_it" if work.step_seconds \
        else "it_s" if work.step_rate is not None \
        else "samples" if work.sample_rate is not None \
        else "it_s" if asks.STEP_RATE_ASK.search(rest) \
        else None
    made = _made(
        owned_aside=owned_aside,
        owned_aside_count=_count_of(work, owned_aside) if owned_aside else None,
        # "my 4090 vs your h100": the first card compared is the user's (a card we rent at an
        # unpublished price was "ask support", the cheaper one then unweighed)
        card_owned=says_owned or named_alone or (
            intent == "compare" and (my := _MY_CARD.search(rest)) is not None
            and rest.find("gpu") == my.end() - 3),
        # "h100 vs my 4090": the second card is (was "One of them has no published price: ask
        # support", the 4090 taken for a rental)
        other_card_owned=intent == "compare" and (my := _MY_CARD.search(rest)) is not None
        and rest.find("gpu") != my.end() - 3,
        card_named_alone=named_alone,
        card_mine=intent != "compare" and len(known) == 1 and _MY_CARD.search(rest) is not None
        and _RENTING.search(rest) is None,
        local_asked=local,
        specs_asked=one_card and (precision is not None or asks.SPECS.search(rest) is not None),
        mixed_cards_asked=shared == "mixed",
        pooled_asked=pooled and intent == "compare",
        # "do i need nvlink for 2x 3090", "can i use a 3090 and a 4090 together" (no model)
        multi_gpu_asked=(asks.NVLINK.admits(rest) and asks.NVLINK.pattern.search(rest) is not None)
        or (shared is not None and not work.gpus)
        or (asks.TOGETHER.admits(rest) and asks.TOGETHER.pattern.search(rest) is not None
            and (bool(rig) or (_gpu_count_of_first(work) or 1) > 1
                 or (not work.gpus and asks.BOTH_CARDS.search(rest) is not None))
            and work.params_b is None and work.model_id is None and not work.family),
        precision_asked=None if precision is None
        else "fp8" if "fp8" in precision.group(0)
        else "flash_attn2" if _FA2_WORD.search(precision.group(0)) else "bf16",
        cheaper_asked=intent == "compare" and (token_price_compared
                                               or asks.CHEAPER.search(rest) is not None),
        per_hour_asked=intent == "compare" and not token_price_compared
        and asks.CHEAPER.search(rest) is not None and asks.PER_HOUR.search(rest) is not None,
        text=text,
        lang=work.lang,
        lang_sure=lang_sure,
        intent="prices" if block_span is not None else intent,
        params_b=work.params_b,
        model_id=work.model_id,
        family=work.family if work.params_b is None else (),
        family_name=work.family_name if work.params_b is None and work.family else None,
        shape_model=work.shape_model if work.params_b is not None else None,
        method=method,
        methods_named=methods_named,
        side_methods=_side_methods(corrected, methods_named, work.gpus, cat)
        if intent == "compare" and others and methods_named else None,
        method_speed_asked=len(methods_named) >= 2 and not inference
        and work.dataset_tokens is None and not work.dataset_samples
        and asks.FASTER.search(rest) is not None,
        cards_speed_asked=intent == "compare" and asks.SPEED_WEIGHED.search(rest) is not None,
        inference=inference,
        gpu=known[0] if known else cheapest_for,
        gpu_text=_as_written(unknown[0], text) if unknown else None,
        closed_model=_closed_name(closed.group(0)) if closed else None,
        merge_asked=merging,
        unknown_model=_unknown_model(rest, text) if work.params_b is None and not work.family
        and work.model_id is None and not closed and not not_llm and intent in (
            "fit", "memory", "time", "cost", "recommend", "unknown") else None,
        not_llm=not_llm.lastgroup if not_llm else None,
        not_llm_name=_not_llm_name(not_llm.group(0)) if not_llm else None,
        other_gpus=others,
        gpus_ruled_out=tuple(work.gpus_ruled_out),
        rig=rig or (rigs[0] if rigs is not None and len(rigs[0]) > 1 else ()),
        other_rig=rigs[1] if rigs is not None and len(rigs[1]) > 1 else (),
        other_gpu_count=counts[1] if counts else (_other_count(work, others[0]) if others else None),
        gpu_count=counts[0] if counts else (
            _count_of(work, known[0]) if owned_aside else _gpu_count_of_first(work)),
        gpu_memory_gb=rig_memory,
        gpu_plural=first_known is not None and first_known.plural and not counts
        and not owned_aside and _gpu_count_of_first(work) is None and not rig,
        rig_layer_split=rig_layer_split,
        # Colab's A100 is the 40 GB one (hardware.py, cited): no variant to choose from there
        gpu_variant_assumed=first_known.variant_assumed and not first_known.colab
        if first_known else False,
        gpu_memory_said_gb=first_known.said_gb if first_known else None,
        gpu_colab=first_known.colab if first_known else False,
        other_gpu_colab=bool(others) and any(
            g.colab for g in work.gpus if g.gpu_id == others[0] and g is not first_known),
        gpu_colab_plan=first_known.colab_plan if first_known else False,
        other_gpu_colab_plan=bool(others) and any(
            g.colab_plan for g in work.gpus if g.gpu_id == others[0] and g is not first_known),
        gpu_kaggle=first_known.kaggle if first_known else False,
        gpu_instance=first_known.instance if first_known else None,
        other_gpu_kaggle=bool(others) and any(
            g.kaggle for g in work.gpus if g.gpu_id == others[0] and g is not first_known),
        vram_gb=work.vram_gb,
        # A training run's RAM is kept too ("lora a 13b on a 3090 with 32gb system ram"): CPU
        # offload, if the remedy, is held to it (bot.remedy).
        observed_gb=seen[0] if seen is not None else None,
        observed_total=seen is not None and seen[1],
        # ... and one's own rig told ("i have a 4090 and 64gb ddr5"): the next question's split
        system_ram_gb=work.ram_gb if inference or flags.cpu_offload or merging
        or intent in ("fit", "memory") or says_owned or named_alone else None,
        ram_free=work.ram_free and inference,
        ram_needed_gb=work.ram_needed_gb if inference else None,
        hours=_hours(work),
        other_hours=other_hours if others else None,
        rentals_summed=(other_hours is not None and bool(others) and _WEIGHED.search(rest) is None
                        and (_SUMMED.search(rest) is not None
                             or (other_hours != work.hours and _JOINED.search(rest) is not None)))
        or both_rented,
        hours_as=work.hours_as if work.hours is not None else None,
        hours_dot=work.hours_dot
        if work.hours is not None or work.gpu_hours is not None else None,
        hours_per_day=work.hours_per_day if work.hours is not None else None,
        days_per_week=work.days_per_week if work.hours is not None else None,
        impossible_day=work.impossible_day,
        # "lora llama 3 8b 10 hours on my 4090, cost?": hours on the user's card with no verb
        # of having taken them, and a cost asked of no other card, are the hours whose price
        # is asked (the cost on a rented card, the owned card's convention), not a time it took.
        hours_measured=measured_by == "said" or time_judged or (
            measured_by == "card" and not (intent == "cost" and not others and (
                px.COST.search(rest) is not None or px.HOW_MUCH.search(rest) is not None))),
        time_judged=time_judged,
        hours_per_epoch=time_judged and _HOURS_PER_EPOCH.search(corrected) is not None,
        threshold_usd=threshold,
        threshold_config=threshold_config,
        direction=_alert_direction(rest, work, known[0] if known else None, cat) if alert else None,
        percent=work.percent if alert else None,
        # "all my H100 alerts" are the H100's, not every alert.
        alert_all=not known and (
            bool(px.ALERT_ALL.search(rest)) if intent == "alert_remove"
            else alert and bool(px.ALERT_ANY_GPU.search(rest))),
        alert_number=asks.alert_number(rest) if intent == "alert_remove" else None,
        social=_social(rest, work, method, inference) if intent == "smalltalk" else None,
        seq_len=work.seq_len,
        seq_len_other=work.seq_len_other if work.seq_len is not None else None,
        batch_size=TRAINER_BATCH if batch_by_trainer else work.batch_size,
        batch_by_trainer=True if batch_by_trainer else None,
        tool=flags.tool if not inference else None,
        sft_config=True if flags.sft_config and not inference else None,
        axolotl_config=True if flags.axolotl_config and not inference else None,
        peft_config=flags.peft_config if not inference else None,
        dataset_tokens=work.dataset_tokens,
        dataset_bytes=work.dataset_bytes,
        runs=work.runs,
        dataset_samples=work.dataset_samples,
        samples_at_seq_len=samples_at_seq_len,
        samples_counted=work.samples_said if work.dataset_counted else None,
        sample_len_avg=work.sample_len_avg,
        pairs_doubled=pairs_doubled,
        lora_rank=work.lora_rank,
        lora_rank_other=work.lora_rank_other if work.lora_rank_other != work.lora_rank \
        else None,
        grad_ckpt=grad_ckpt,
        ckpt_by_trainer=True if ckpt_by_trainer else None,
        details=bool(px.DETAILS.search(rest)),
        # "en la p40 anda qlora? no tiene bf16 creo": a training method on a card with a remark
        # on its precision and no model is what that card can train (with the FP16 note).
        largest=work.params_b is None and (bool(asks.LARGEST.search(rest)) or memory_bare
                                           or runner_bare or (
            budget is not None and work.model_id is None and not work.family
            and work.vram_gb is None and asks.BUDGET_DO.search(rest) is not None) or (
            bf16_error and method is not None and not inference and not work.family
            and (bool(work.gpus) or work.vram_gb is not None) and intent in ("fit", "memory"))),
        largest_said=work.params_b is None and asks.SUPERLATIVE.search(rest) is not None,
        count_asked=count_asked,
        count_time_asked=count_time_asked and count_asked and intent in ("recommend", "fit"),
        budget_usd=budget,
        budget_low_usd=work.sum_low if budget is not None and work.sum_low is not None
        and work.sum_low < budget else None,
        max_rate_usd=rate_money if intent == "recommend" else None,
        min_rate_usd=work.rate_low if intent == "recommend" and rate_money is not None else None,
        # "g5.xlarge a10g is $1.006/hr, how much would qlora llama 3 8b … cost me": the hourly
        # price paid elsewhere for the one card named, whose price we do not publish (was
        # unread: our offered card's cost alone).
        their_rate_usd=rate_money if intent == "cost" and len(known) == 1 and not others
        and (_gpu_count_of_first(work) or 1) == 1
        and index.gpu(known[0]).usd_per_gpu_hour is None
        and (work.params_b is not None or work.model_id is not None) else None,
        money_foreign=foreign or alert_foreign or purchase_foreign or foreign_hourly,
        money_foreign_hourly=foreign_hourly or rate_foreign,
        # "?", "¿?", "??" alone: a question with nothing in it yet (answered with the one
        # question that would let it be answered, not "I did not understand that"); the text
        # as sent, so that a script stripped from it is no question mark's (hypothesis found
        # "<script>alert(1)</script> ???" read as "?" alone)
        mark_only=intent == "unknown" and "?" in plain and not any(c.isalnum() for c in text),
        sum_usd=sum_usd,
        budget_assumed=budget is not None and work.money[0].assumed,
        budget_said=_budget_said(vague_sums, budget),
        dataset_said=_dataset_said(vague_counts, work.dataset_tokens, work.dataset_samples),
        dataset_said_samples=_dataset_said_samples(vague_counts, work.dataset_samples),
        # ... also a run's cost asked beside a budget ("how much to qlora llama 3.1 8b, i have
        # 40 bucks"), not the hours it buys ("how many hours…", "what can i…").
        # "$50 budget, how many tokens can i qlora llama 3 8b": what the budget trains is asked,
        # not whether it is enough for a run (was the seed's illustrative 10 hours quoted).
        budget_enough=budget is not None and ((
            _ENOUGH.search(rest) is not None and asks.BUDGET_WHAT.search(rest) is None) or (
            not (within_hours or budget_timed)
            and (work.params_b is not None or work.model_id is not None) and method is not None
            and not inference and asks.BUDGET_ASK.search(rest) is None
            and (px.HOW_MUCH.search(rest) is not None or px.COST.search(rest) is not None
                 # "i have fifty bucks, can i qlora llama 3 8b": whether the run fits the
                 # money leads, its cost beside (was the hours $50 buys, then the fit alone)
                 or (not work.gpus and asks.FIT_ASKED.search(rest) is not None)))),
        budget_coin=budget_coin,
        budget_days=budget_days,
        rent_or_buy=rent_buy,
        block_span_hours=block_span,
        purchase_usd=purchase,
        coin_amount=coin_amount,
        context_asked=context_asked,
        speed_asked=speed_asked,
        generate_tokens=generate_tokens,
        users=work.users if inference and work.users == work.batch_size else None,
        served_at_once=inference and work.served_batch and work.batch_size is not None,
        generate_cost=generate_cost,
        rate_asked=rate_asked,
        rate_tokens=rate_tokens,
        concurrency_asked=concurrency_asked,
        replicas_asked=replicas and inference,
        train_speed_asked=train_speed_asked,
        # the measured rate judged: tokens/s, or the trainer's steps (it/s, or s/it)
        rate_judged=(work.flags.tokens_per_second if work.flags.tokens_per_second is not None
                     else work.step_rate if work.step_rate is not None else work.sample_rate)
        if train_speed_asked and (work.flags.tokens_per_second is not None
                                  or work.step_rate is not None
                                  or work.sample_rate is not None) else None,
        rate_judged_unit=rate_unit,
        step_rate_asked=asks.step_rate_asked(text) if rate_unit == "it_s" and no_rate else None,
        oom=_oom_hit(rest),
        oom_asked=asks.OOM.search(rest) is not None and not _oom_hit(rest),
        bf16_error=bf16_error,
        fa2_error=fa2_error,
        kv_capacity=int(kv_error.group("kv") or kv_error.group("est")) if kv_error else None,
        kv_refused_len=int(kv_error.group("asked")) if kv_error else None,
        serve_after=_inference_method(rest[later.start():], cat)
        if later is not None and not inference
        and (method is None or cat.method(method).kind == "training") else None,
        serve_users=work.serve_users,
        draft_model=work.draft_model,
        # "mistral 7b on a 3090?": neither training nor serving said (the training verdict
        # leads, as the answers pinned so far; one line says serving's).
        # A family named ("gemma 3n on 8gb") is too: its member answered is sized.
        kind_unsaid=intent == "fit" and method is None and not inference and not trains
        and (work.params_b is not None or bool(work.family)),
        training_said=trains and not inference,
        fix_asked=bool(asks.FIX_ASK.search(rest)),
        # "20480 MiB, 24564 MiB …, too much?": the reading judged, not the card (was "Yes,
        # more than the run needs")
        overkill_asked=bool(asks.OVERKILL.search(rest)) and seen is None,
        start_asked=start,
        fastest_asked=fastest,
        cheapest_asked=cheapest,
        provider_named=px.provider_named(rest) if intent == "prices" else None,
        fit_first=(intent == "cost" and _fit_first(rest))
        or (intent == "time" and _fit_first(rest, timed=True))
        or (intent == "recommend" and _fit_before_pick(rest)),
        gpu_hours_asked=intent == "time" and asks.GPU_HOURS_ASKED.search(rest) is not None,
        days_asked=intent == "time" and _DAYS_ASKED.search(corrected) is not None,
        minutes_asked=intent == "time" and _MINUTES_ASKED.search(corrected) is not None,
        fit_after=intent == "cost" and not _fit_first(rest)
        and asks.FIT_ASKED.search(rest) is not None,
        run_cost_asked=intent == "cost" and work.params_b is None and work.model_id is None
        and not work.family and not work.gpus and work.vram_gb is None and work.hours is None
        and budget is None and not inference
        and (method is not None or px.TRAINING.search(rest) is not None),
        ckpt_saving_asked=ckpt_saving,
        ckpt_slow_asked=ckpt_slow,
        ckpt_need_asked=ckpt_need,
        packing_speed_asked=not inference and asks.PACKING_SPEED.search(rest) is not None,
        flash_saving_asked=flash_saving,
        kernels_saving_asked=kernels_saving,
        tools_weighed=tools_weighed,
        kv_saving_asked=kv_saving,
        kv_size_asked=kv_size,
        # a prefill rate pasted is judged; vLLM's "Avg prompt throughput: 0.0" asks nothing
        prefill_asked=speed_asked and (flags.prefill_rate is not None or (
            not flags.prefill_printed and px.PREFILL.search(corrected) is not None)),
        prefill_timed=prefill_timed,
        batch_processed=batch_processed,
        batch_docs=batch_docs,
        batch_doc_tokens=batch_doc_tokens,
        batch_out_tokens=batch_out_tokens,
        batch_cost_asked=batch_cost_asked,
        vllm_share_asked=vllm_share,
        vllm_share_seen=share_seen,
        method_diff=method_diff,
        method_diff_full=method_diff and pair is not None and "full" in pair,
        batch_asked=not inference and bool(asks.BATCH_ASKED.search(corrected)),
        steps_samples=work.samples_said if steps_asked else None,
        ram_asked=ram_asked,
        coding=asks.CODING.search(corrected) is not None,
        download_asked=download_asked,
        disk_asked=download_asked and work.disk and not work.download,
        train_disk_asked=work.disk and not work.download and not inference
        and (work.params_b is not None or work.model_id is not None),
        save_total_limit=_save_total_limit(plain),
        vllm_k_decimal=work.vllm_k_decimal and work.seq_len is not None,
        # a speed alone ("on 500 mbps") answers the speed a download reply asked for
        link_mbps=work.link_mbps if download_asked or not named else None,
        link_bytes=work.link_bytes and (download_asked or not named),
        licence_asked=(work.model_id is not None or bool(work.family))
        and asks.LICENCE_ASK.search(corrected) is not None,
        memory_amount_asked=asks.MEMORY_AMOUNT.search(corrected) is not None,
        vram_enough_asked=asks.VRAM_ENOUGH.search(corrected) is not None,
        accum_steps=_accum_steps(s),
        step_rate=step_rate if not work.step_seconds else None,
        sample_rate=sample_rate,
        sample_total=work.samples_said if sample_rate is not None else None,
        step_time=step_rate if work.step_seconds else None,
        step_total=int(work.steps_said) if step_rate is not None and not steps_asked
        and work.steps_said is not None and work.steps_said >= 1 else None,
        # "in an H100" reads as a deadline's words too: one is asked only with its time said.
        deadline_pick=deadline_pick,
        deadline_day=deadline_day,
        deadline_daypart=deadline_daypart,
        weekday_span=weekday_span,
        fastest_run=fastest_run,
        fastest_serving=fastest_serving,
        deadline_asked=deadline_pick or within_deadline or tomorrow_on_card or (intent == "time" and (
            (asks.DEADLINE.search(rest) is not None
             and (work.hours is not None or asks.NIGHT.search(rest) is not None))
            or (asks.DEADLINE_ENOUGH.search(rest) is not None
                and (work.hours is not None or asks.NIGHT.search(rest) is not None))
            or (asks.DEADLINE_OVER.search(rest) is not None and work.hours is not None))),
        deadline_over=intent == "time" and work.hours is not None
        and asks.DEADLINE_OVER.search(rest) is not None,
        rent_asked=intent == "time" and (px.COST.search(rest) is not None or rent_gpu is not None
                                         or _RENT_IF.search(rest) is not None),
        rent_gpu=rent_gpu,
        rent_gpu_count=rent_gpu_count,
        within_hours=within_hours,
        budget_timed=budget_timed,
        within_samples=counted is not None and counted[0] == "samples",
        within_epochs=counted is not None and counted[0] == "epochs",
        within_sample_len=counted[1] if counted is not None else None,
        pay_refused=pay_refused,
        cpu_only=cpu_alone,
        ram_gb=(asks.ram_gb(corrected) or (int(work.ram_gb) if work.ram_gb else None))
        if cpu_alone else None,
        cpu_machine=machine if cpu_alone else None,
        hyper_asked=hyper,
        vram_what=vram_defined,
        program_licence=program_licence,
        service_asked=service,
        per_minute=intent == "prices" and px.PER_MINUTE.admits(s)
        and px.PER_MINUTE.pattern.search(s) is not None,
        accelerator=accelerator,
        amd_unnamed=amd_unnamed,
        amd_words=amd_words.group(1).strip() if amd_words is not None else "",
        igpu=igpu.id if igpu is not None else None,
        igpu_ram_gb=igpu_ram,
        igpu_compared=igpu_compared,
        galore=flags.galore,
        # "qdora" is corrected to "qlora" as a typo: DoRA read before the corrections too.
        dora=flags.dora or st.DORA.search(folded) is not None,
        other_optimizer=flags.other_optimizer,
        pay_also=pay_also and intent in PAID_ALONG,
        pay_network=network if intent == "pay" or (pay_also and intent in PAID_ALONG)
        else None,
        pay_coins_asked=_coins_asked(corrected, network) if coin_amount is None
        and budget_coin is None and (
            intent == "pay" or (pay_also and intent in PAID_ALONG)) else (),
        expiry_asked=expiry_asked or leftover_asked,
        leftover_asked=leftover_asked,
        id_asked=intent == "pay" and asks.ID_ASK.search(corrected) is not None,
        card_free_asked=intent == "pay" and asks.CARD_FREE.search(corrected) is not None,
        minimum_asked=intent == "pay" and asks.MINIMUM_ASK.search(corrected) is not None,
        currency_asked=rate_foreign or (not foreign and not alert_foreign and intent in (
            "prices", "cost", "pay", "help", "unknown", "compare", "recommend")
            and asks.currency_asked(corrected, plain)),
        lora_targets=flags.lora_targets,
        # Unsloth on a card without BF16 (T4, V100) loads FP16 and upcasts a full fine-tune's
        # weights to FP32 ('Float16 full finetuning uses more memory since we upcast weights to
        # float32', unsloth/models/vision.py @015bdef0): not pure BF16, the usual assumption.
        precision=None if (flags.precision_implied and flags.kernels == "unsloth" and known
                           and not flags.mlx and not flags.torchtune
                           and index.gpu(known[0]).bf16_dense_tflops is None)
        else flags.precision,
        optimizer=flags.optimizer,
        cpu_offload=flags.cpu_offload,
        offload_params=flags.offload_params,
        gpu_layers=flags.gpu_layers,
        expert_offload=True if inference and flags.expert_offload else None,
        cpu_moe_layers=flags.cpu_moe_layers if inference else None,
        ram_kind=flags.ram_kind,
        ram_mts=flags.ram_mts,
        ram_channels=flags.ram_channels,
        activation_offload=flags.activation_offload,
        optimizer_in_backward=flags.optimizer_in_backward,
        attention="sdpa" if flash_saving else flags.attention,
        flash_attn2=flags.flash_attn2 and not inference,
        compiled=flags.compiled,
        chunked_loss=flags.chunked_loss,
        cut_ce=flags.cut_ce if not inference else None,
        packed=flags.packed,
        grad_accumulation=flags.grad_accumulation,
        sharding=flags.sharding,
        strategies=flags.strategies if not inference else None,
        strategy_named=flags.strategy_named if not inference else None,
        kernels=kernels,
        lora_dropout=flags.lora_dropout,
        kbit_fp32=flags.kbit_fp32,
        litgpt=flags.litgpt,
        # MLX named with one of mlx_lm.lora's settings ("with mlx --grad-checkpoint"): its run
        # as said, what is not said its own default (batch 4, ml-explore/mlx-lm mlx_lm/lora.py
        # @d78bf58e CONFIG_DEFAULTS), as --num-layers or a pasted command already is (was
        # batch 1, the typical settings "with mlx" alone falls back to where its defaults miss).
        mlx=True if flags.mlx_named and grad_ckpt is not None and not inference else flags.mlx,
        mlx_named=flags.mlx_named,
        pytorch=flags.pytorch,
        torchtune=flags.torchtune or (tune_config is not None and not inference) or None,
        torchtune_config=tune_config if not inference else None,
        trainer=flags.trainer if not inference else None,
        trained_layers=flags.trained_layers,
        old_bnb=flags.old_bnb,
        sync_each_batch=flags.sync_each_batch if not inference else None,
        double_quant=flags.double_quant,
        trained_embeddings=flags.trained_embeddings if not inference else None,
        whole_prefill=flags.whole_prefill,
        fp32_weights=flags.fp32_weights,
        new_tokens=flags.new_tokens,
        prompt_tokens=flags.prompt_tokens,
        epochs=flags.epochs,
        pretraining=flags.pretraining and not inference,
        paired=flags.paired if not inference else None,
        online_rl=flags.online_rl if not inference else None,
        rl_generations=work.rl_generations if not inference else None,
        rl_completion_tokens=work.rl_completion_tokens if not inference else None,
        reference_model=flags.reference_model if not inference else None,
        objective=flags.objective if not inference else None,
        tokens_per_second=flags.tokens_per_second,
        rate_running=flags.rate_running if inference else None,
        prefill_rate_seen=flags.prefill_rate if inference else None,
        # "Run X on Y" without a precision: answered for bf16, int8 and int4.
        quant=quant,
        quant_bare=quant_bare,
        qat=qat_read,
        quant_pair=quant_pair[0] if quant_pair is not None else None,
        exl2_unsized=inference and _exl2_unsized(rest),
        runner=runner,
        engine=engine,
        engine_command=engine == "vllm" and (px.VLLM_COMMAND.search(rest) is not None
                                             or px.VLLM_REFUSED.search(rest) is not None),
        kv_cache_type=work.kv_cache_type if inference else None,
        kv_cache_type_v=work.kv_cache_type_v if inference else None,
        gpu_memory_utilization=utilization,
        mem_fraction_static=work.mem_fraction_static if engine == "sglang" and inference
        and work.mem_fraction_static else None,
        utilization_asked=utilization_asked,
        max_num_seqs=work.max_num_seqs if inference else None,
        max_num_batched_tokens=work.max_num_batched_tokens if inference else None,
        enforce_eager=work.enforce_eager and engine == "vllm",
        kv_block_size=work.kv_block_size if engine == "vllm" else None,
        cpu_offload_gib=work.cpu_offload_gib if engine == "vllm" and inference
        and work.cpu_offload_gib else None,
        pipeline_parallel=work.pipeline_parallel if inference else None,
        runner_type_assumed=runner_spec is not None and quant == runner_spec.default_type
        and quant_bare is None and not any(
            not _negated(rest, *m.span()) for m in px.GGUF_TYPE.finditer(rest)),
        quant_asked=inference and quant is None and intent == "fit"
        and bool(asks.QUANT_ASKED.search(rest)),
        serving_implied=implied and inference,
        serving_precision_said=not (
            inference and method == cat.default_method("inference")
            and not st.INFERENCE_16.search(rest)
        ),
        fp8_weights=inference and method is not None and method == cat.method_where(
            "inference", weight_bits=8) and _FP8_WEIGHTS.search(rest) is not None,
        fp16_weights=inference and method == cat.default_method("inference") and quant is None
        and _FP16_WEIGHTS.search(rest) is not None and _BF16_SAID.search(rest) is None,
    )
    package = cat.package_of(made.gpu) if made.gpu else None
    if package is not None and (made.specs_asked or made.precision_asked) \
            and made.gpu_count == package.devices:
        # "mi250x specs", "does the mi250x do fp8": the package's datasheet, not one of its
        # dies (a question planned on it runs on the dies, hardware.take_gpus)
        made = made.model_copy(update={"gpu": package.id, "gpu_count": None})
    if made.largest and made.intent == "unknown" and made.gpu is None and made.vram_gb is None \
            and made.params_b is None:
        # "whats the best model to finetune": the largest a card holds, the card asked next.
        made = made.model_copy(update={"intent": "fit"})
    # "i have 2 3090s", "tengo una 3090", "j'ai une 4090" alone: the card noted (what fits on
    # it is asked next), not its price.
    alone = owned.card_alone(made) and not any(
        p.search(rest) for p in (px.HOW_MUCH, px.PRICES, px.RATE, px.COST))
    if alone:
        made = made.model_copy(update={"intent": "fit"})
    unreadable = malformed_number(s)
    if unreadable:
        return made.model_copy(update={"malformed_number": unreadable})
    fraction = st.epochs_fraction(s)
    if fraction:
        made = made.model_copy(update={"epochs_fraction": fraction})
    grouped = grouped_gpu_count(s) if made.gpu_count in (None, 0) else None
    if grouped is not None:
        made = made.model_copy(update={"gpu_count": grouped})
    unusable = unusable_count(s, text, made.intent)
    return made.model_copy(update={"unusable": unusable}) if unusable else made


# "takes 90% of my vram", "90 % de la VRAM", "0.9 of the gpu": the share of each GPU the user
# sees vLLM take (a percentage of 50 to 100, or a fraction written 0.5 to 1.0).
_SHARE_SEEN: Final = lazy(
    r"(?<![\d.,])(?P<pct>\d{2}(?:[.,]\d{1,2})?|100) ?(?:%|percent|por ?ciento|pour ?cent)"
    r"|(?<![\d.,])(?P<frac>0[.,]\d{1,2}|1[.,]0)(?![\d.,%a-z])"
)


def _share_seen(text: str) -> Decimal | None:
    """The share of each GPU a "why does vLLM take 90% of my VRAM" question sees it take."""
    m = _SHARE_SEEN.search(text.lower().replace("\u00a0", " "))
    if m is None:
        return None
    if m.group("pct") is not None:
        value = Decimal(m.group("pct").replace(",", ".")) / 100
    else:
        value = Decimal(m.group("frac").replace(",", "."))
    return value.normalize() if Decimal("0.5") <= value <= 1 else None
