"""Alert facts shared by the modules of this package (pure data, no I/O)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Final, Literal, cast

# percent: a move of at least P % either way; percent_down / percent_up: a drop or a rise of
# at least P % ("tell me when the H100 drops 10 %").
Kind = Literal["any", "below", "above", "percent", "percent_down", "percent_up"]
KINDS: Final[tuple[Kind, ...]] = (
    "any", "below", "above", "percent", "percent_down", "percent_up")
PERCENT_KINDS: Final[frozenset[Kind]] = frozenset({"percent", "percent_down", "percent_up"})


def moved_enough(kind: Kind, moved: Decimal, threshold: Decimal) -> bool:
    """Whether a move of ``moved`` percent is what a percent alert of ``kind`` waits for."""
    if kind == "percent_down":
        return moved <= -threshold
    if kind == "percent_up":
        return moved >= threshold
    return abs(moved) >= threshold


def as_kind(value: str) -> Kind:
    if value not in KINDS:
        raise ValueError(f"unknown alert kind {value!r}")
    return cast(Kind, value)


@dataclass(frozen=True)
class AlertSpec:
    """What a subscriber asked for: a GPU and a condition."""

    gpu_id: str
    kind: Kind
    threshold: Decimal | None = None  # USD per GPU-hour (below/above) or percent points


@dataclass(frozen=True)
class Reason:
    """Why one subscription fired, for the message."""

    kind: Kind
    threshold: Decimal | None = None
    since: Decimal | None = None  # percent alerts: the price the subscriber last heard about
    moved_percent: Decimal | None = None  # percent alerts: the move since then


@dataclass(frozen=True)
class PriceMove:
    gpu_id: str
    old: Decimal | None  # None: the GPU had no published price
    new: Decimal

    @property
    def percent(self) -> Decimal | None:
        if self.old is None or self.old == 0:
            return None
        return (self.new - self.old) / self.old * 100


def still_holds(reason: Reason, price: Decimal) -> Reason | None:
    """A reason a reader has not been told yet, if it is still true at ``price`` (a newer
    change replaces their message): a crossing still crossed, a move still large enough."""
    if reason.kind == "any":
        return reason
    if reason.threshold is None:
        return None
    if reason.kind == "below":
        return reason if price < reason.threshold else None
    if reason.kind == "above":
        return reason if price > reason.threshold else None
    if reason.since is None or reason.since == 0:
        return reason
    moved = (price - reason.since) / reason.since * 100
    return Reason(reason.kind, reason.threshold, reason.since, moved) if moved_enough(
        reason.kind, moved, reason.threshold) else None


@dataclass(frozen=True)
class ApplyResult:
    moves: tuple[PriceMove, ...] = ()
    deliveries: int = 0  # written at commit
    preparing: bool = False  # more are being written in the background (a large fan-out)
