"""Comparisons: two GPUs for a method, our prices against named references, full vs QLoRA."""

from __future__ import annotations

from decimal import Decimal

from pydantic import BaseModel, ConfigDict

from rules.catalogue import Catalogue
from rules.fit import Fit, cheapest_fit, check_count, config_price, fit, offered_fits
from rules.schema import MethodId


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
    pa, pb = config_price(a, count), config_price(b, count_b)
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
        a_tflops=a.bf16_dense_tflops,
        b_tflops=b.bf16_dense_tflops,
        a_bandwidth_gbs=a.memory_bandwidth_gbs,
        b_bandwidth_gbs=b.memory_bandwidth_gbs,
        tflops_ratio=_ratio(a.bf16_dense_tflops, b.bf16_dense_tflops),
        bandwidth_ratio=_ratio(a.memory_bandwidth_gbs, b.memory_bandwidth_gbs),
        price_ratio=_ratio(pa, pb),
    )


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


def full_vs_qlora(params_b: Decimal, catalogue: Catalogue) -> PriceRatio | None:
    """How much more an hour of the cheapest full-AdamW configuration costs than QLoRA's
    (the seed: $36.88 vs $0.92, about 40×). None when no offered configuration fits full."""
    cat = catalogue
    full = cheapest_fit(cat.default_method("training", "full"), params_b, cat)
    qlora = cheapest_fit(cat.default_method("training"), params_b, cat)
    if full is None or qlora is None or full.usd_per_hour is None or qlora.usd_per_hour is None:
        return None
    return PriceRatio(
        params_b=params_b, full=full, qlora=qlora, ratio=full.usd_per_hour / qlora.usd_per_hour
    )
