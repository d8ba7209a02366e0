"""Comparisons: two GPUs for a method, our prices against named references, full vs QLoRA."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from pydantic import BaseModel, ConfigDict

from rules.catalogue import Catalogue
from rules.fit import Fit, cheapest_fit, check_count, config_price, fit, offered_fits
from rules.schema import GPU, MethodId


class Comparison(BaseModel):
    model_config = ConfigDict(frozen=True)

    method: MethodId
    params_b: Decimal | None
    gpu_a: str
    gpu_b: str
    a: Fit | None  # None when no model size was given: hardware and price only
    b: Fit | None
    a_usd_per_hour: Decimal | None
    b_usd_per_hour: Decimal | None
    a_tflops: Decimal | None
    b_tflops: Decimal | None
    a_bandwidth_gbs: Decimal | None
    b_bandwidth_gbs: Decimal | None
    tflops_ratio: Decimal | None  # a / b; None unless both datasheet figures are cited
    bandwidth_ratio: Decimal | None
    price_ratio: Decimal | None  # a / b per hour, for the two configurations
    a_count: int = 1  # "una B200 o dos H200": 1 and 2
    b_count: int = 1
    # When neither side fits: the cheapest offered configuration of each compared GPU that
    # does, and the cheapest of all ("H100 vs H200 for LoRA 70B": 2× H200, 4× A100).
    alternatives: tuple[Fit, ...] = ()
    # A side that is one machine of different cards ("a 3090 and a 4090 vs 2 3090s"), as (id,
    # count): answered as `a_count` of `gpu_a`, the card that bounds its even share, at the
    # pace of its slowest card (its TFLOPS and bandwidth); empty for one kind of card.
    a_rig: tuple[tuple[str, int], ...] = ()
    b_rig: tuple[tuple[str, int], ...] = ()
    # A card without BF16 ("V100 SXM2 vs PCIe", Volta and Turing; "T4 vs L4" its side alone):
    # its FP16 Tensor peak (with FP32 accumulate), the figure its datasheet prints; None
    # otherwise.
    a_fp16_tflops: Decimal | None = None
    b_fp16_tflops: Decimal | None = None


def _ratio(a: Decimal | None, b: Decimal | None) -> Decimal | None:
    return None if a is None or b is None else a / b


def compare(
    method: MethodId,
    params_b: Decimal | None,
    gpu_a: str,
    gpu_b: str,
    count: int = 1,
    *,
    catalogue: Catalogue,
    count_b: int | None = None,
    memory_a: Decimal | None = None,
    rig_a: tuple[tuple[str, int], ...] = (),
    rig_b: tuple[tuple[str, int], ...] = (),
) -> Comparison:
    """"H100 has 3.2× the A100's BF16": peak datasheet ratios, fit and price side by side.
    `count` GPUs of `gpu_a` against `count_b` (default: as many) of `gpu_b`."""
    cat = catalogue
    a, b = cat.gpu(gpu_a), cat.gpu(gpu_b)
    count_b = count if count_b is None else count_b
    check_count(count, cat)
    check_count(count_b, cat)
    # memory_a: the unified memory of the user's Mac ("M2 Ultra 192GB vs 2x 4090").
    fa = None if params_b is None else fit(method, params_b, a.id, count, catalogue=cat, memory_gb=memory_a)
    fb = None if params_b is None else fit(method, params_b, b.id, count_b, catalogue=cat)
    # A machine of different cards is no offered configuration: no price of its own.
    pa = None if rig_a else config_price(a, count)
    pb = None if rig_b else config_price(b, count_b)
    tflops_a, bandwidth_a = _pace(a.id, rig_a, cat)
    tflops_b, bandwidth_b = _pace(b.id, rig_b, cat)
    alternatives: tuple[Fit, ...] = ()
    if params_b is not None and fa is not None and fb is not None and not (fa.fits or fb.fits):
        alternatives = _alternatives(method, params_b, tuple(dict.fromkeys((a.id, b.id))), cat)
    return Comparison(
        a_count=count,
        b_count=count_b,
        alternatives=alternatives,
        method=method,
        params_b=params_b,
        gpu_a=a.id,
        gpu_b=b.id,
        a=fa,
        b=fb,
        a_usd_per_hour=pa,
        b_usd_per_hour=pb,
        a_tflops=tflops_a,
        b_tflops=tflops_b,
        a_bandwidth_gbs=bandwidth_a,
        b_bandwidth_gbs=bandwidth_b,
        tflops_ratio=_ratio(tflops_a, tflops_b),
        bandwidth_ratio=_ratio(bandwidth_a, bandwidth_b),
        price_ratio=_ratio(pa, pb),
        a_rig=rig_a,
        b_rig=rig_b,
        **_fp16_peaks(a, b, rig_a, rig_b),
    )


def _fp16_peaks(
    a: GPU, b: GPU, rig_a: tuple[tuple[str, int], ...], rig_b: tuple[tuple[str, int], ...]
) -> dict[str, Decimal]:
    """The FP16 Tensor peak of each card without a BF16 one (one card a side): both when
    neither has BF16 ("V100 SXM2 vs PCIe"), one when the other has ("T4 vs L4": the T4 trains in
    FP16, as the time estimates take it, against the L4's BF16)."""
    # Not a Radeon's: its maker prints only an FP16 peak, but it has BF16 (GPU.bf16_unprinted).
    if rig_a or rig_b or a.bf16_unprinted or b.bf16_unprinted:
        return {}
    peaks = {}
    if a.bf16_dense_tflops is None and a.fp16_dense_tflops is not None:
        peaks["a_fp16_tflops"] = a.fp16_dense_tflops
    if b.bf16_dense_tflops is None and b.fp16_dense_tflops is not None:
        peaks["b_fp16_tflops"] = b.fp16_dense_tflops
    if len(peaks) == 1 and (a.bf16_dense_tflops or b.bf16_dense_tflops) is None:
        return {}  # the other card has no 16-bit peak cited (a Pascal card's FP32 alone)
    return peaks


class ScaledTime(BaseModel):
    """"It took 6 h on my 3090, how long on an H100?": the measured hours carried to another
    configuration by the two datasheets' ratios. A step's kernels are bound either by compute
    (peak dense BF16 TFLOPS) or by memory traffic (bandwidth), so under the roofline model
    (Williams, Waterman & Patterson 2009, "Roofline: an insightful visual performance model",
    CACM 52(4)) the run speeds up by between the two ratios: `fastest_hours` at the larger,
    `slowest_hours` at the smaller. Peak ratios are upper bounds on a real speed-up (software,
    data loading, a 4-bit base's dequantization rarely scale with them); counts are assumed to
    scale linearly."""

    model_config = ConfigDict(frozen=True)

    hours: Decimal  # measured on the first configuration
    gpu_from: str
    count_from: int
    gpu_to: str
    count_to: int
    compute_ratio: Decimal | None  # to / from, per configuration (counts included)
    bandwidth_ratio: Decimal | None
    fastest_hours: Decimal  # at the larger ratio, to the hundredth
    slowest_hours: Decimal  # at the smaller one (equal to fastest_hours when one ratio is known)

    @property
    def speedup_high(self) -> Decimal:
        return max(r for r in (self.compute_ratio, self.bandwidth_ratio) if r is not None)

    @property
    def speedup_low(self) -> Decimal:
        return min(r for r in (self.compute_ratio, self.bandwidth_ratio) if r is not None)


def _carried_ratios(
    a: GPU, b: GPU, count_from: int, count_to: int
) -> tuple[Decimal | None, Decimal | None]:
    """How many times `count_to` × b's peak BF16 TFLOPS and memory bandwidth are `count_from` ×
    a's (None where a datasheet figure is missing on either side): the two bounds a measured
    time or rate moves between."""
    counts = Decimal(count_to) / Decimal(count_from)
    compute = _ratio(b.bf16_dense_tflops, a.bf16_dense_tflops)
    bandwidth = _ratio(b.memory_bandwidth_gbs, a.memory_bandwidth_gbs)
    return (None if compute is None else compute * counts,
            None if bandwidth is None else bandwidth * counts)


_HUNDREDTH = Decimal("0.01")


def _at(hours: Decimal, ratio: Decimal) -> Decimal:
    return max(_HUNDREDTH, (hours / ratio).quantize(_HUNDREDTH, rounding=ROUND_HALF_UP))


def scale_hours(
    hours: Decimal, gpu_from: str, gpu_to: str, count_from: int = 1, count_to: int = 1, *,
    catalogue: Catalogue,
) -> ScaledTime | None:
    """Hours measured on `count_from` × `gpu_from`, carried to `count_to` × `gpu_to` (ScaledTime).
    None when neither ratio has a cited datasheet figure on both sides."""
    a, b = catalogue.gpu(gpu_from), catalogue.gpu(gpu_to)
    compute, bandwidth = _carried_ratios(a, b, count_from, count_to)
    known = [r for r in (compute, bandwidth) if r is not None]
    if not known or hours <= 0:
        return None
    return ScaledTime(
        hours=hours, gpu_from=a.id, count_from=count_from, gpu_to=b.id, count_to=count_to,
        compute_ratio=compute, bandwidth_ratio=bandwidth,
        fastest_hours=_at(hours, max(known)), slowest_hours=_at(hours, min(known)),
    )



class ScaledRate(BaseModel):
    """"I get 40 tok/s on my 4090, what would I get on an H100?": a measured throughput carried to
    another configuration. Decoding one sequence reads every weight once a token, so it is bound
    by memory bandwidth: the bandwidth ratio alone (`decode`). A training throughput moves between
    the compute and the bandwidth ratios, as ScaledTime's hours do. Estimates from peak figures,
    upper bounds on what a real run gains."""

    model_config = ConfigDict(frozen=True)

    rate: Decimal  # tokens/s measured on the first configuration
    gpu_from: str
    count_from: int
    gpu_to: str
    count_to: int
    decode: bool
    compute_ratio: Decimal | None
    bandwidth_ratio: Decimal | None
    low: Decimal  # tokens/s at the smaller ratio used (for decode: the one estimate)
    high: Decimal
    # A GGUF decoded in llama.cpp's default layer split (--split-mode layer): the GPUs read
    # their layers one after another within a token, so the count does not multiply the
    # bandwidth on either side (bot.detail's decode bound does the same).
    layer_split: bool = False


def scale_rate(
    rate: Decimal, gpu_from: str, gpu_to: str, count_from: int = 1, count_to: int = 1, *,
    decode: bool, catalogue: Catalogue, layer_split: bool = False,
) -> ScaledRate | None:
    """`rate` tokens/s measured on `count_from` × `gpu_from`, on `count_to` × `gpu_to`. None when
    the ratio it needs has no cited datasheet figure on both sides. `layer_split`: a GGUF's
    decode in llama.cpp's layer split, as fast as one GPU of each side reads."""
    a, b = catalogue.gpu(gpu_from), catalogue.gpu(gpu_to)
    layer_split = layer_split and decode
    compute, bandwidth = _carried_ratios(a, b, 1, 1) if layer_split \
        else _carried_ratios(a, b, count_from, count_to)
    used = [bandwidth] if decode else [compute, bandwidth]
    known = [r for r in used if r is not None]
    if not known or rate <= 0:
        return None
    return ScaledRate(
        rate=rate, gpu_from=a.id, count_from=count_from, gpu_to=b.id, count_to=count_to,
        decode=decode, compute_ratio=compute, bandwidth_ratio=bandwidth,
        low=rate * min(known), high=rate * max(known), layer_split=layer_split,
    )

def _pace(
    gpu_id: str, rig: tuple[tuple[str, int], ...], cat: Catalogue
) -> tuple[Decimal | None, Decimal | None]:
    """Peak BF16 TFLOPS and bandwidth per GPU of one card, or of a machine of different cards:
    split evenly (data or tensor parallelism) each step waits for the slowest, so its least
    figures (None when a card has none cited)."""
    cards = [cat.gpu(g) for g, _n in rig] or [cat.gpu(gpu_id)]
    tflops = [c.bf16_dense_tflops for c in cards]
    bandwidth = [c.memory_bandwidth_gbs for c in cards]
    return (None if None in tflops else min(t for t in tflops if t is not None),
            None if None in bandwidth else min(b for b in bandwidth if b is not None))


def _alternatives(
    method: MethodId, params_b: Decimal, gpus: tuple[str, ...], cat: Catalogue
) -> tuple[Fit, ...]:
    offered = offered_fits(method, params_b, cat)
    picked = [next(f for f in offered if f.gpu == g) for g in gpus if any(f.gpu == g for f in offered)]
    if offered and offered[0] not in picked:
        picked.append(offered[0])
    return tuple(sorted(picked, key=lambda f: (f.usd_per_hour or 0, f.gpu_count)))


class Saving(BaseModel):
    model_config = ConfigDict(frozen=True)

    provider: str
    gpu: str
    gpu_count: int
    reference_usd_per_hour: Decimal
    reference_usd_per_gpu_hour: Decimal
    our_usd_per_gpu_hour: Decimal
    our_usd_per_hour: Decimal
    saving_percent: Decimal  # exact; rounded when shown
    meets_promise: bool  # at least the published minimum undercut (15 %)
    url: str


def savings(gpu_id: str | None = None, *, catalogue: Catalogue) -> list[Saving]:
    """Our price against each named on-demand reference (optionally for one GPU)."""
    cat = catalogue
    out: list[Saving] = []
    for ref in cat.references:
        if gpu_id is not None and ref.gpu != gpu_id:
            continue
        ours = cat.gpu(ref.gpu).usd_per_gpu_hour
        if ours is None:
            continue
        percent = (1 - ours / ref.usd_per_gpu_hour) * 100
        out.append(
            Saving(
                provider=ref.provider,
                gpu=ref.gpu,
                gpu_count=ref.count,
                reference_usd_per_hour=ref.usd_per_hour,
                reference_usd_per_gpu_hour=ref.usd_per_gpu_hour,
                our_usd_per_gpu_hour=ours,
                our_usd_per_hour=ours * ref.count,
                saving_percent=percent,
                meets_promise=percent >= cat.pricing.min_undercut_percent,
                url=ref.url,
            )
        )
    return out


class PriceRatio(BaseModel):
    model_config = ConfigDict(frozen=True)

    params_b: Decimal
    full: Fit
    qlora: Fit
    ratio: Decimal  # full / QLoRA per hardware hour


def full_vs_qlora(
    params_b: Decimal, catalogue: Catalogue, gpu_id: str | None = None, count: int = 1
) -> PriceRatio | None:
    """How much more an hour of the cheapest full-AdamW configuration costs than QLoRA's
    (the seed: $36.88 vs $0.92, about 40×). None when no offered configuration fits full.
    With the configuration asked about (`gpu_id`, `count`), each side is on it when it holds
    that side and has a price: "13B on an A100" compares QLoRA on the A100 ($0.92), not on the
    cheapest card that holds it (an L40S at $0.82)."""
    cat = catalogue
    full_method, qlora_method = cat.default_method("training", "full"), cat.default_method("training")

    def side(method: MethodId) -> Fit | None:
        if gpu_id is not None:
            asked = fit(method, params_b, gpu_id, count, catalogue=cat)
            if asked.fits and asked.usd_per_hour is not None:
                return asked
        return cheapest_fit(method, params_b, cat)

    full, qlora = side(full_method), side(qlora_method)
    if full is None or qlora is None or full.usd_per_hour is None or qlora.usd_per_hour is None:
        return None
    return PriceRatio(
        params_b=params_b, full=full, qlora=qlora, ratio=full.usd_per_hour / qlora.usd_per_hour
    )
