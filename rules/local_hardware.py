"""Hardware of one's own that holds a model: for a planning estimate, the configurations of
rules/data/local_hardware.toml (desktop cards at 1, 2 or 4 in one machine, Apple's latest chips
at each memory option) whose memory holds it by the planning rule (rules.fit), least total
memory first. Never priced: no purchase price is on file.

A model served on several cards is split by whole layers (llama.cpp's --tensor-split, vLLM's
pipeline stages): their combined memory holding it is not enough, each card must hold its
share (fullest_card_gb), from the detailed estimator's own breakdown of the whole model on one
GPU (rules.estimator): no constant of its own."""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal
from functools import cache
from typing import TYPE_CHECKING, Final

from pydantic import Field

from rules.capacity import decode_upper_bound
from rules.data_files import document
from rules.errors import DataError
from rules.estimator import load_constants, resolve_shape
from rules.fit import fit
from rules.model_catalogue import ModelSpec

# MethodId at run time: pydantic reads the dataclasses' fields (bot.answer.Answer)
from rules.schema import MethodId, Sourced

if TYPE_CHECKING:
    from rules.catalogue import Catalogue
    from rules.estimator import Breakdown
    from rules.schema import Method

_GB = Decimal(10) ** 9
# Parts of the one-GPU breakdown every card of a layer split has of its own: its CUDA runtime,
# the working set of the layer it runs (and a layer's cache copy as it grows, one at a time).
_EACH_CARD: Final = frozenset({"cuda_context", "activations", "kv_transient", "attention_scores"})


class LocalHardwareData(Sourced):
    counts: tuple[int, ...] = Field(min_length=1)
    cards: tuple[str, ...] = Field(min_length=1)
    macs: tuple[str, ...] = ()
    per_line: int = Field(ge=1)


@cache
def local_hardware_data() -> LocalHardwareData:
    return LocalHardwareData.model_validate(document("local_hardware.toml"))


@dataclass(frozen=True, slots=True)
class LocalConfig:
    """Cards of the same memory at the same count (`gpus`, named together), or one Mac chip at
    one of its memory options."""

    gpus: tuple[str, ...]
    count: int
    memory_gb: Decimal  # the configuration's memory: per card × count, or the Mac's unified memory
    usable_gb: Decimal  # what the planning rule counts: the cards' memory, or the Mac GPU's share
    mac: bool = False
    # Served on several cards: what the fullest of them holds of the layer split
    # (fullest_card_gb); None on one card or a Mac, or where no split was worked out.
    fullest_gb: Decimal | None = None
    # Its speed asked ("how fast would llama 3 70b run at home?"): one sequence's decode bound
    # there (decode_bound); None when not asked or no bandwidth is cited.
    tokens_per_second: Decimal | None = None


@dataclass(frozen=True, slots=True)
class LocalLine:
    """One method's planning estimate and the configurations that hold it (`per_line` of
    cards at most, least memory first, then the smallest Mac), or none: then `largest`, the
    considered configuration with the most usable memory."""

    method: MethodId
    estimate_gb: Decimal
    cards: tuple[LocalConfig, ...]
    mac: LocalConfig | None
    largest: LocalConfig | None = None
    # The detailed estimate at typical settings on one GPU, when the answer has one: a
    # configuration holds it too, in the memory CUDA (or Metal's share) reports.
    detailed_gb: Decimal | None = None
    # Its context in tokens when served, and whether the user stated the settings (else typical
    # ones): how the reply words it.
    detailed_context: int | None = None
    detailed_stated: bool = False
    # The context (tokens) the cards' layer split was checked at, when one was.
    split_context: int | None = None


def _card_configs(cat: Catalogue, asked: int | None = None,
                  card: str | None = None) -> list[LocalConfig]:
    """The cards at each count of the data file, or at the one the user said ("and with 2
    gpus?": the machine they mean to build); `card` alone when one is said ("what about used
    3090s?"), at every count up to an instance's (cat.limits.max_gpus)."""
    data = local_hardware_data()
    found: dict[tuple[int, Decimal], list[str]] = {}
    counts = range(1, cat.limits.max_gpus + 1) if card is not None else data.counts
    for gpu_id in data.cards if card is None else (card,):
        gpu = cat.gpu_or_none(gpu_id)
        if gpu is None or gpu.unified_memory:
            raise DataError(f"rules/data/local_hardware.toml: {gpu_id!r} is no card of the catalogue")
        for count in counts if asked is None else (asked,):
            found.setdefault((count, gpu.vram_gb), []).append(gpu_id)
    configs = [LocalConfig(tuple(ids), count, vram * count, vram * count)
               for (count, vram), ids in found.items()]
    # Least memory first; at the same memory, fewer cards (one card needs no sharding).
    configs.sort(key=lambda c: (c.memory_gb, c.count))
    return configs


def _mac_configs(cat: Catalogue) -> list[LocalConfig]:
    configs = []
    for gpu_id in local_hardware_data().macs:
        gpu = cat.gpu_or_none(gpu_id)
        if gpu is None or not gpu.unified_memory or not gpu.memory_options_gb:
            raise DataError(f"rules/data/local_hardware.toml: {gpu_id!r} is no Mac of the catalogue")
        configs += [LocalConfig((gpu_id,), 1, size, cat.usable_gb(gpu, size), mac=True)
                    for size in gpu.memory_options_gb]
    configs.sort(key=lambda c: c.memory_gb)
    return configs


def fullest_card_gb(model: ModelSpec | Decimal, method: Method, whole: Breakdown,
                    count: int) -> Decimal:
    """The memory the fullest of `count` cards needs to serve `model` split by whole layers (GB,
    to a tenth), from `whole`, the detailed estimate of the whole model on one GPU: each card
    holds its layers' weights and KV cache, its own CUDA context and one layer's working set;
    one of them also the embeddings, the output head and the logits. The layers go where the
    fullest card is least full. "2× RTX 3090 (48 GB)" holds Qwen1.5 72B's 43.2 GB in 4-bit by
    the planning rule, but its fullest card needs more than the 25.8 GB one has."""
    parts: dict[str, float] = {}
    for name, nbytes, _ in whole.parts:
        parts[name] = parts.get(name, 0.0) + nbytes
    shape = resolve_shape(model)
    block, rest = shape.split
    weights = parts.get("weights", 0.0)
    if method.bits_per_weight is not None:
        # A GGUF file: the embeddings and head at the mix's types, the table perhaps in RAM
        # (the estimate's weights already say so): what is left beside the block's average.
        rest_bytes = max(0.0, weights - block * float(method.bits_per_weight) / 8)
    elif method.weight_bits == 16:
        rest_bytes = rest * 2
    else:  # quantized loaders keep the embeddings, head and norms unquantized
        rest_bytes = rest * load_constants()["inference.unquantized_default"]
    layers = shape.arch.layers
    per_layer = (weights - rest_bytes + parts.get("kv_cache", 0.0)) / layers
    each = sum(b for n, b in parts.items() if n in _EACH_CARD)
    first = each + rest_bytes + sum(
        b for n, b in parts.items() if n not in _EACH_CARD and n not in ("weights", "kv_cache"))
    others = count - 1
    best = None
    for on_first in range(layers + 1):
        rest_layers = layers - on_first
        each_other = -(-rest_layers // others) if others else 0
        if not others and rest_layers:
            continue
        need = max(first + on_first * per_layer, each + each_other * per_layer if others else 0.0)
        best = need if best is None else min(best, need)
    assert best is not None  # on_first = layers is always a split
    return (Decimal(repr(best)) / _GB).quantize(Decimal("0.1"))


def decode_bound(config: LocalConfig, model: ModelSpec | Decimal, whole: Breakdown,
                 cat: Catalogue) -> Decimal | None:
    """One sequence's decode at most on `config` (tokens/s), from the datasheet bandwidth:
    every weight (of a mixture of experts, the active ones) and the KV cache of `whole` read
    once a token. Split by whole layers the cards read their layers in turn, so the bound is
    one card's bandwidth over the whole model whatever their count (rules.capacity's
    layer_split), the slowest card's where several are named together; None where a card has
    no cited bandwidth."""
    rates = [cat.gpu(g).memory_bandwidth_gbs for g in config.gpus]
    if not rates or any(r is None for r in rates):
        return None
    weights = whole.term("weights")
    if isinstance(model, ModelSpec) and model.active_params_b is not None:
        weights = weights * model.active_params_b / model.params_b
    read = weights + whole.term("kv_cache")
    if read <= 0:
        return None
    return decode_upper_bound(read, min(r for r in rates if r is not None))


def _holds(config: LocalConfig, method: MethodId, params_b: Decimal, detailed_gb: Decimal | None,
           cat: Catalogue, split: tuple[ModelSpec | Decimal, Breakdown, int] | None = None
           ) -> LocalConfig | None:
    """The configuration when it holds the method: by the planning rule's verdict (rules.fit)
    for its first card or Mac, the detailed estimate's when one is given ("Qwen 32B in 4-bit"
    is 19.2 GB by the rule, 22.9 GB with its KV cache at 2,048 tokens, more than a 32 GB Mac's
    21.33 GB), and, served, each card's share of the layer split by `split` (the model, its
    detailed estimate on one GPU, that estimate's context; one card or a Mac holds it all),
    with the fullest card's figure on several. None when it does not."""
    memory = config.memory_gb if config.mac else None
    found = fit(method, params_b, config.gpus[0], config.count, catalogue=cat, memory_gb=memory)
    if not found.fits:
        return None
    if detailed_gb is not None and found.capacity_gb is not None \
            and found.capacity_gb < detailed_gb:
        return None
    if split is None:
        return config
    model, whole, _context = split
    fullest = fullest_card_gb(model, cat.method(method), whole, config.count)
    per_card = (found.capacity_gb if found.capacity_gb is not None else found.vram_gb) \
        / config.count
    if fullest > per_card:
        return None
    return replace(config, fullest_gb=fullest) if config.count > 1 and not config.mac else config


def local_line(method: MethodId, params_b: Decimal, estimate_gb: Decimal, cat: Catalogue,
               detailed_gb: Decimal | None = None,
               split: tuple[ModelSpec | Decimal, Breakdown, int] | None = None,
               count: int | None = None, speed: bool = False,
               card: str | None = None) -> LocalLine:
    """The configurations considered that hold `method` of a `params_b` model, whose planning
    estimate is `estimate_gb` (and detailed estimate on one GPU `detailed_gb`, if any); a
    served method with `split` (the model, its detailed estimate on one GPU and that
    estimate's context) is checked by it, card by card on several cards, and with `speed`
    each configuration's decode bound; `count` cards only when said (a Mac is one GPU), and
    `card`'s alone when said (no Mac then)."""
    served = split is not None and cat.method(method).kind == "inference"
    at = split if served else None

    def compute() -> LocalLine:
        per_line = local_hardware_data().per_line
        cards: list[LocalConfig] = []
        for config in _card_configs(cat, count, card):
            named = {g for c in cards for g in c.gpus}
            # A card already named at fewer cards holds it there: more of them say nothing new.
            if len(cards) < per_line and not set(config.gpus) <= named:
                held = _holds(config, method, params_b, detailed_gb, cat, at)
                if held is not None:
                    cards.append(held)
        macs = _mac_configs(cat) if count in (None, 1) and card is None else []
        mac = next((c for c in macs
                    if _holds(c, method, params_b, detailed_gb, cat, at) is not None), None)
        largest = None
        if not cards and mac is None:
            every = _card_configs(cat, count, card) + macs
            largest = max(every, key=lambda c: (c.usable_gb, -c.count)) if every else None
        if speed and at is not None:
            model, whole, _context = at
            cards = [replace(c, tokens_per_second=decode_bound(c, model, whole, cat))
                     for c in cards]
            if mac is not None:
                mac = replace(mac, tokens_per_second=decode_bound(mac, model, whole, cat))
        return LocalLine(method, estimate_gb, tuple(cards), mac, largest, detailed_gb,
                         split_context=None if at is None else at[2])

    key = None if at is None \
        else (getattr(at[0], "id", None) or str(at[0]), at[1].per_gpu_bytes, at[2])
    return cat.memoised(("local_line", method, str(params_b), str(detailed_gb), key, count,
                         speed, card), compute)
