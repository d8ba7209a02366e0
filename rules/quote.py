"""Cost of a run and the blocks of GPU-hours to buy for it."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal
from functools import cache
from itertools import product

from rules.catalogue import Catalogue
from rules.errors import GPUNotRented, InvalidHours, NoAssumedHours, PriceNotPublished
from rules.fit import Fit, check_count, config_price
from rules.schema import MethodId, Offer


@dataclass(slots=True)
class BlockPlan:
    """Built only by block_plan, from figures it computed: a plain dataclass, as Fit (a
    validated model cost several times as much, and a cost question makes one or more)."""

    blocks: tuple[tuple[int, int], ...]  # (block size in GPU-hours, how many), largest first
    hours_bought: int
    block_count: int
    usd: Decimal  # price of the blocks (same hourly rate)
    spare_hours: int  # bought but not needed by this run; they never expire


@dataclass(slots=True)
class Quote:
    """Built only by quote(), from the catalogue's checked prices: a plain dataclass, as Fit."""

    method: MethodId | None
    gpu: str
    gpu_count: int
    hours: Decimal  # wall-clock hours
    gpu_hours: Decimal
    hours_assumed: bool
    usd_per_gpu_hour: Decimal
    usd_per_hour: Decimal
    cost_usd: Decimal  # exact: gpu_hours × price; rounded only when shown
    plan: BlockPlan


@cache
def _by_residue(blocks: tuple[int, ...]) -> dict[int, list[tuple[int, tuple[int, ...]]]]:
    """The small-block sums grouped by their remainder modulo the largest block, ascending."""
    largest = blocks[-1]
    buckets: dict[int, list[tuple[int, tuple[int, ...]]]] = {}
    for total, counts in sorted(_small_combinations(blocks).items()):
        buckets.setdefault(total % largest, []).append((total, counts))
    return buckets


@cache
def _small_combinations(blocks: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """Sum → fewest-blocks combination of the smaller blocks, excluding the largest one.

    An optimal plan never holds lcm(b, L)/b or more of a smaller block b (that many could be
    traded for lcm/L of the largest block L: same hours, fewer blocks), so enumerating the
    smaller blocks below those bounds and topping up with L blocks is exact and fast.
    """
    *small, largest = blocks
    bounds = [_lcm(b, largest) // b for b in small]
    best: dict[int, tuple[int, ...]] = {}
    for counts in product(*(range(n) for n in bounds)):
        total = sum(c * b for c, b in zip(counts, small, strict=True))
        if total not in best or sum(counts) < sum(best[total]):
            best[total] = counts
    return best


def _lcm(a: int, b: int) -> int:
    from math import gcd

    return a * b // gcd(a, b)


@cache
def _least_small_sums(blocks: tuple[int, ...]) -> tuple[int | None, ...]:
    """Per remainder modulo the largest block, the least small-block sum with it (None: none)."""
    buckets = _by_residue(blocks)
    return tuple(buckets[r][0][0] if r in buckets else None for r in range(blocks[-1]))


def _least_bought(need: int, blocks: tuple[int, ...]) -> int:
    """The fewest GPU-hours the blocks can add up to that cover `need`. Every plan is a
    small-block sum s plus k largest blocks: bought = s + k·L ≡ s (mod L), so it is the first
    value from `need` upwards whose remainder has a small sum s <= it (usually the 1st or 2nd)."""
    largest = blocks[-1]
    least = _least_small_sums(blocks)
    for bought in range(need, need + largest + 1):
        small = least[bought % largest]
        if small is not None and small <= bought:
            return bought
    raise AssertionError(f"no blocks of {blocks} cover {need} hours")


def _need(gpu_hours: Decimal) -> int:
    return max(0, int(gpu_hours.to_integral_value(rounding=ROUND_CEILING)))


def block_plan(gpu_hours: Decimal, usd_per_gpu_hour: Decimal, blocks: tuple[int, ...]) -> BlockPlan:
    """The blocks that cover `gpu_hours` with the least hours bought, then the fewest blocks."""
    need = _need(gpu_hours)
    bought = _least_bought(need, blocks)
    largest = blocks[-1]
    best: tuple[int, tuple[int, ...], int] | None = None
    for small_sum, counts in _by_residue(blocks)[bought % largest]:
        if small_sum > bought:
            break
        n_largest = (bought - small_sum) // largest
        count = sum(counts) + n_largest
        if best is None or count < best[0]:
            best = (count, counts, n_largest)
    assert best is not None
    count, counts, n_largest = best
    chosen = [(largest, n_largest), *zip(blocks[:-1], counts, strict=True)]
    plan = tuple(sorted(((size, n) for size, n in chosen if n), reverse=True))
    return BlockPlan(
        blocks=plan,
        hours_bought=bought,
        block_count=count,
        usd=usd_per_gpu_hour * bought,
        spare_hours=bought - need,
    )


def blocks_within(
    max_gpu_hours: Decimal, usd_per_gpu_hour: Decimal, blocks: tuple[int, ...]
) -> BlockPlan | None:
    """The blocks a budget of `max_gpu_hours` buys whole: the most GPU-hours that do not exceed
    it, then the fewest blocks; None when even the smallest block is more. GPU-hours are sold
    only in blocks, so "$50 buys 21.5 hours of H100" is 20 of them bought (2 × 10)."""
    top = int(max_gpu_hours.to_integral_value(rounding=ROUND_FLOOR))
    largest = blocks[-1]
    buckets = _by_residue(blocks)
    for bought in range(top, blocks[0] - 1, -1):
        best: tuple[int, tuple[int, ...], int] | None = None
        for small_sum, counts in buckets.get(bought % largest, ()):
            if small_sum > bought:
                break
            n_largest = (bought - small_sum) // largest
            count = sum(counts) + n_largest
            if best is None or count < best[0]:
                best = (count, counts, n_largest)
        if best is not None:
            count, counts, n_largest = best
            chosen = [(largest, n_largest), *zip(blocks[:-1], counts, strict=True)]
            return BlockPlan(
                blocks=tuple(sorted(((size, n) for size, n in chosen if n), reverse=True)),
                hours_bought=bought,
                block_count=count,
                usd=usd_per_gpu_hour * bought,
                spare_hours=0,
            )
    return None


def billable_gpu_hours(gpu_hours: Decimal, minutes: int) -> Decimal:
    """Consumption is per `minutes` (1 by default): round a fraction of a minute up."""
    units = (gpu_hours * 60 / minutes).to_integral_value(rounding=ROUND_CEILING)
    return units * minutes / Decimal(60)


def quote(
    gpu_id: str,
    count: int = 1,
    hours: Decimal | None = None,
    method: MethodId | None = None,
    *,
    catalogue: Catalogue,
    across_instances: bool = False,
) -> Quote:
    """Cost = GPUs × wall-clock hours × price per GPU-hour. Without hours, the seed's illustrative
    GPU-hours for the method are used and the quote says they are assumed. `across_instances`:
    more GPUs than one instance has, rented as several (instances()); the blocks are the GPU
    model's whichever instance draws on them."""
    cat = catalogue
    gpu = cat.gpu(gpu_id)
    if not gpu.rented:
        raise GPUNotRented(gpu=gpu.name)
    if not across_instances or count <= cat.limits.max_gpus:
        check_count(count, cat)
    if gpu.usd_per_gpu_hour is None:
        raise PriceNotPublished(gpu=gpu.name)
    assumed = hours is None
    if hours is None:
        assumed_gpu_hours = None if method is None else cat.method(method).assumed_gpu_hours
        if assumed_gpu_hours is None:
            raise NoAssumedHours(method=method)
        gpu_hours = assumed_gpu_hours
        hours = gpu_hours / count
    else:
        if not hours.is_finite() or hours <= 0 or hours > cat.limits.max_hours:
            raise InvalidHours(hours=hours, max_hours=cat.limits.max_hours)
        gpu_hours = hours * count
    price = config_price(gpu, count)
    assert price is not None
    plan = block_plan(
        billable_gpu_hours(gpu_hours, cat.pricing.billing_granularity_minutes),
        gpu.usd_per_gpu_hour,
        cat.pricing.block_hours,
    )
    return Quote(
        method=method,
        gpu=gpu.id,
        gpu_count=count,
        hours=hours,
        gpu_hours=gpu_hours,
        hours_assumed=assumed,
        usd_per_gpu_hour=gpu.usd_per_gpu_hour,
        usd_per_hour=price,
        cost_usd=gpu_hours * gpu.usd_per_gpu_hour,
        plan=plan,
    )


def paid_usd(gpu_id: str, count: int, hours: Decimal, *, catalogue: Catalogue) -> Decimal | None:
    """What is paid for `hours` wall-clock on `count` × the GPU: the blocks that cover its
    GPU-hours (the smallest block is the minimum purchase); None where no price is published."""
    cat = catalogue
    price = cat.gpu(gpu_id).usd_per_gpu_hour
    if price is None:
        return None
    billable = billable_gpu_hours(hours * count, cat.pricing.billing_granularity_minutes)
    # The price of the least hours bought, as block_plan's, without choosing the blocks.
    return price * _least_bought(_need(billable), cat.pricing.block_hours)


def by_paid(options: tuple[Fit, ...], hours: Decimal, *, catalogue: Catalogue) -> tuple[Fit, ...]:
    """Offered configurations for a run of `hours` wall-clock, cheapest by what is paid for it
    first: GPU-hours are sold in blocks, so for an hour of LoRA 70B 8× H100 (8 GPU-hours, one
    10-hour block: $23.20) is paid less than one B200 (one 10-hour block: $46.10), though the
    B200's hour is cheaper. Ties: the run's own cost, then the order given (per hour)."""
    def key(item: tuple[int, Fit]) -> tuple[Decimal, Decimal, int]:
        at, f = item
        paid = None if f.gpu is None else paid_usd(f.gpu, f.gpu_count, hours, catalogue=catalogue)
        if paid is None or f.usd_per_hour is None:
            return Decimal("Infinity"), Decimal("Infinity"), at
        return paid, f.usd_per_hour * hours, at

    return tuple(f for _, f in sorted(enumerate(options), key=key))


def instances(gpu_id: str, count: int, *, catalogue: Catalogue) -> tuple[Offer, ...]:
    """``count`` GPUs of one model as the fewest offered configurations of it (offers.toml: one
    instance has at most ``max_gpus``), largest first: 10× H100 is 8× H100 + 1× H100 + 1× H100.
    Empty when the offered configurations cannot make up exactly that many."""
    sizes = sorted({o.count: o for o in catalogue.offers if o.gpu == gpu_id}.items())
    if not sizes or count < 1 or count > catalogue.limits.max_cluster_gpus:
        return ()
    # The fewest instances summing to each count (coin change: counts are small).
    fewest: list[tuple[int, ...] | None] = [()] + [None] * count
    for n in range(1, count + 1):
        best: tuple[int, ...] | None = None
        for size, _ in sizes:
            rest = fewest[n - size] if size <= n else None
            if rest is not None and (best is None or len(rest) + 1 < len(best)):
                best = (*rest, size)
        fewest[n] = best
    chosen = fewest[count]
    if chosen is None:
        return ()
    offer = dict(sizes)
    return tuple(offer[size] for size in sorted(chosen, reverse=True))
