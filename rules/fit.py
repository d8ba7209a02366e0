"""Does a method fit a configuration, which offered configurations fit, what they cost per hour."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_CEILING, Decimal

from rules.catalogue import Catalogue
from rules.errors import GPUCountOutOfRange, InvalidVRAM
from rules.memory import Memory, memory
from rules.notes import Note, note
from rules.schema import GPU, MethodId


@dataclass(slots=True)
class Fit:
    """Built only by this module from values the engine already validated (Memory, the
    catalogue's GPUs): a plain dataclass, as Note is. A question builds one for every offered
    configuration it weighs, half a dozen at least; the models that hold fits take them as
    they are."""

    method: MethodId
    params_b: Decimal
    gpu: str | None  # None when the user gave only an amount of VRAM
    gpu_count: int
    vram_gb: Decimal  # combined VRAM of the configuration
    floor_gb: Decimal | None
    estimate_gb: Decimal
    high_gb: Decimal | None
    fits: bool
    headroom_gb: Decimal  # vram - estimate; negative when it misses
    usd_per_hour: Decimal | None  # whole configuration; None when the price is not published
    offered: bool  # one of the seed table's configurations
    notes: tuple[Note, ...]
    # The service rents this configuration: a rented GPU, at most one instance's GPUs.
    rentable: bool = False
    # Apple silicon: the unified memory of the configuration, of which vram_gb is the GPU's share.
    unified_gb: Decimal | None = None
    # The configuration's memory as CUDA reports it (Catalogue.capacity_gb × count), what the
    # detailed estimate is compared against; the planning rule keeps vram_gb (the seed's).
    capacity_gb: Decimal | None = None


def capacity_per_gpu(f: Fit) -> Decimal:
    """The memory one GPU of the configuration gives the detailed estimate (GB = 10^9 bytes):
    24564 MiB = 25.76 GB on a "24 GB" RTX 4090; vram_gb per GPU where none is cited."""
    return (f.capacity_gb if f.capacity_gb is not None else f.vram_gb) / f.gpu_count


def check_count(count: int, catalogue: Catalogue) -> int:
    cat = catalogue
    if not cat.limits.min_gpus <= count <= cat.limits.max_gpus:
        raise GPUCountOutOfRange(
            gpu_count=count, min_gpus=cat.limits.min_gpus, max_gpus=cat.limits.max_gpus
        )
    return count


def check_cluster(count: int, catalogue: Catalogue) -> int:
    """A count the bot can size: any cluster up to ``max_cluster_gpus`` (one instance here has at
    most ``max_gpus``; only quotes need that)."""
    cat = catalogue
    limits = cat.limits
    if not limits.min_gpus <= count <= limits.max_cluster_gpus:
        raise GPUCountOutOfRange(
            gpu_count=count,
            min_gpus=limits.min_gpus,
            max_gpus=limits.max_gpus,
            max_cluster_gpus=limits.max_cluster_gpus,
        )
    return count


def gpus_needed(f: Fit) -> int | None:
    """How many cards like the asked one hold the planning estimate ("how many A100s do I
    need?"); None without a card."""
    if f.gpu is None or f.gpu_count < 1 or f.vram_gb <= 0:
        return None
    per_card = f.vram_gb / f.gpu_count
    return int((f.estimate_gb / per_card).to_integral_value(rounding=ROUND_CEILING))


def config_price(gpu: GPU, count: int) -> Decimal | None:
    """Price per hour of `count × gpu`: exact, no rounding."""
    return None if gpu.usd_per_gpu_hour is None else gpu.usd_per_gpu_hour * count


def _fit_notes(mem: Memory, vram: Decimal, count: int) -> list[Note]:
    notes: list[Note] = []
    fits = vram >= mem.estimate_gb
    if mem.floor_gb is not None and not fits:
        if vram < mem.floor_gb:
            # The seed's RTX 4090 answer: even the 4-bit weights alone do not fit.
            notes.append(note("weights_exceed_vram", floor_gb=mem.floor_gb, vram_gb=vram))
        elif mem.floor_fits_note == "paper_fit_only":
            # The seed's 8× H200: holds the 16-byte figure on paper, 8 GB left for activations.
            notes.append(note("paper_fit_only", floor_gb=mem.floor_gb, left_gb=vram - mem.floor_gb))
        elif mem.floor_fits_note == "qlora_paper_tight":
            # The seed's L40S: misses 52.5 GB though the QLoRA authors fit 65B on one 48 GB GPU.
            notes.append(
                note("qlora_paper_tight", vram_gb=vram, paper_params_b=65, paper_vram_gb=48)
            )
        else:
            notes.append(note("floor_fits_estimate_misses", floor_gb=mem.floor_gb, vram_gb=vram))
    if count > 1:
        notes.append(note("sharding_assumed"))
    return notes


def _fit(
    mem: Memory,
    gpu: GPU | None,
    count: int,
    vram: Decimal,
    offered: bool,
    rentable: bool = True,
    unified_gb: Decimal | None = None,
    capacity_gb: Decimal | None = None,
) -> Fit:
    notes = _fit_notes(mem, vram, count) + list(mem.notes)
    return Fit(
        method=mem.method,
        params_b=mem.params_b,
        gpu=None if gpu is None else gpu.id,
        gpu_count=count,
        vram_gb=vram,
        floor_gb=mem.floor_gb,
        estimate_gb=mem.estimate_gb,
        high_gb=mem.high_gb,
        fits=vram >= mem.estimate_gb,
        headroom_gb=vram - mem.estimate_gb,
        usd_per_hour=None if gpu is None or not rentable else config_price(gpu, count),
        offered=offered,
        notes=tuple(notes),
        rentable=rentable,
        unified_gb=unified_gb,
        capacity_gb=vram if capacity_gb is None else capacity_gb,
    )


def fit(
    method: MethodId,
    params_b: Decimal,
    gpu_id: str,
    count: int = 1,
    *,
    catalogue: Catalogue,
    memory_gb: Decimal | None = None,
) -> Fit:
    """Fit of a method on `count × GPU`: the combined VRAM must hold the planning estimate
    (several GPUs assume FSDP or DeepSpeed ZeRO-3 sharding). Any catalogued GPU, rented or not,
    and clusters beyond one instance; only a rentable configuration has a price. ``memory_gb``:
    the unified memory of the user's Mac, for Apple silicon."""
    cat = catalogue

    def compute() -> Fit:
        gpu = cat.gpu(gpu_id)
        check_cluster(count, cat)
        if memory_gb is not None and (not memory_gb.is_finite() or memory_gb <= 0):
            raise InvalidVRAM(vram_gb=memory_gb, max_vram_gb=cat.limits.max_vram_gb)
        rentable = gpu.rented and count <= cat.limits.max_gpus
        offered = rentable and any(o.gpu == gpu.id and o.count == count for o in cat.offers)
        vram = cat.usable_gb(gpu, memory_gb) * count
        unified = (memory_gb or gpu.vram_gb) * count if gpu.unified_memory else None
        capacity = cat.capacity_gb(gpu, memory_gb) * count
        return _fit(memory(method, params_b, cat), gpu, count, vram, offered, rentable, unified,
                    capacity)

    key = ("fit", method, str(params_b), gpu_id, count, memory_gb)
    return cat.memoised(key, compute)


def fit_vram(
    method: MethodId,
    params_b: Decimal,
    vram_gb: Decimal,
    count: int = 1,
    *,
    catalogue: Catalogue,
) -> Fit:
    """Fit on GPUs known only by their memory ("a 48 GB GPU")."""
    cat = catalogue
    check_cluster(count, cat)
    if not vram_gb.is_finite() or vram_gb <= 0 or vram_gb > cat.limits.max_vram_gb:
        raise InvalidVRAM(vram_gb=vram_gb, max_vram_gb=cat.limits.max_vram_gb)
    return _fit(memory(method, params_b, cat), None, count, vram_gb * count, False, False,
                capacity_gb=cat.generic_capacity_gb(vram_gb) * count)


def offered_fits(
    method: MethodId, params_b: Decimal, catalogue: Catalogue
) -> list[Fit]:
    """Every configuration of the seed table that fits, cheapest per hour first
    (ties: fewer GPUs, then more headroom)."""
    cat = catalogue

    def compute() -> tuple[Fit, ...]:
        mem = memory(method, params_b, cat)
        fits: list[Fit] = []
        for offer in cat.offers:
            gpu = cat.gpu(offer.gpu)
            vram = gpu.vram_gb * offer.count
            if vram >= mem.estimate_gb:  # build the result only for the ones that fit
                fits.append(_fit(mem, gpu, offer.count, vram, True,
                                 capacity_gb=gpu.capacity_gb * offer.count))
        fits.sort(key=lambda f: (f.usd_per_hour, f.gpu_count, -f.headroom_gb))
        return tuple(fits)

    # Keyed on the exact digits: 70 and 70.0 are equal but print differently.
    return list(cat.memoised(("offered_fits", method, str(params_b)), compute))


def cheapest_fit(
    method: MethodId, params_b: Decimal, catalogue: Catalogue
) -> Fit | None:
    found = offered_fits(method, params_b, catalogue)
    return found[0] if found else None


def offer_table(
    methods: tuple[MethodId, ...], params_b: Decimal, catalogue: Catalogue
) -> list[tuple[GPU, int, Decimal, dict[MethodId, Fit]]]:
    """The seed's fit table for any size: each offered configuration × each method."""
    cat = catalogue
    mems = {m: memory(m, params_b, cat) for m in methods}
    rows = []
    for offer in cat.offers:
        gpu = cat.gpu(offer.gpu)
        vram = gpu.vram_gb * offer.count
        capacity = gpu.capacity_gb * offer.count
        cells = {m: _fit(mems[m], gpu, offer.count, vram, True, capacity_gb=capacity)
                 for m in methods}
        rows.append((gpu, offer.count, offer.usd_per_hour, cells))
    return rows
