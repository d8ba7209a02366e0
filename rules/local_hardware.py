"""Hardware of one's own that holds a model: for a planning estimate, the configurations of
rules/data/local_hardware.toml (desktop cards at 1, 2 or 4 in one machine, Apple's latest chips
at each memory option) whose memory holds it by the planning rule (rules.fit), least total
memory first. Never priced: no purchase price is on file."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from typing import TYPE_CHECKING

from pydantic import Field

from rules.data_files import document
from rules.errors import DataError
from rules.fit import fit

# MethodId at run time: pydantic reads the dataclasses' fields (bot.answer.Answer)
from rules.schema import MethodId, Sourced

if TYPE_CHECKING:
    from rules.catalogue import Catalogue


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


def _card_configs(cat: Catalogue) -> list[LocalConfig]:
    data = local_hardware_data()
    found: dict[tuple[int, Decimal], list[str]] = {}
    for gpu_id in data.cards:
        gpu = cat.gpu_or_none(gpu_id)
        if gpu is None or gpu.unified_memory:
            raise DataError(f"rules/data/local_hardware.toml: {gpu_id!r} is no card of the catalogue")
        for count in data.counts:
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


def _holds(config: LocalConfig, method: MethodId, params_b: Decimal, detailed_gb: Decimal | None,
           cat: Catalogue) -> bool:
    """The planning rule's verdict (rules.fit) for the configuration's first card or Mac, and
    the detailed estimate's when one is given: "Qwen 32B in 4-bit" is 19.2 GB by the rule, 22.9
    GB with its KV cache at 2,048 tokens, more than a 32 GB Mac's 21.33 GB."""
    memory = config.memory_gb if config.mac else None
    found = fit(method, params_b, config.gpus[0], config.count, catalogue=cat, memory_gb=memory)
    if not found.fits:
        return False
    return detailed_gb is None or found.capacity_gb is None or found.capacity_gb >= detailed_gb


def local_line(method: MethodId, params_b: Decimal, estimate_gb: Decimal, cat: Catalogue,
               detailed_gb: Decimal | None = None) -> LocalLine:
    """The configurations considered that hold `method` of a `params_b` model, whose planning
    estimate is `estimate_gb` (and detailed estimate on one GPU `detailed_gb`, if any)."""
    def compute() -> LocalLine:
        per_line = local_hardware_data().per_line
        cards: list[LocalConfig] = []
        for config in _card_configs(cat):
            named = {g for c in cards for g in c.gpus}
            # A card already named at fewer cards holds it there: more of them say nothing new.
            if len(cards) < per_line and not set(config.gpus) <= named \
                    and _holds(config, method, params_b, detailed_gb, cat):
                cards.append(config)
        mac = next((c for c in _mac_configs(cat) if _holds(c, method, params_b, detailed_gb, cat)),
                   None)
        largest = None
        if not cards and mac is None:
            every = _card_configs(cat) + _mac_configs(cat)
            largest = max(every, key=lambda c: (c.usable_gb, -c.count)) if every else None
        return LocalLine(method, estimate_gb, tuple(cards), mac, largest, detailed_gb)

    return cat.memoised(("local_line", method, str(params_b), str(detailed_gb)), compute)
