"""Alert facts shared by the modules of this package (pure data, no I/O)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Final, Literal, cast

Kind = Literal["any", "below", "above", "percent"]
KINDS: Final[tuple[Kind, ...]] = ("any", "below", "above", "percent")


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
    return Reason("percent", reason.threshold, reason.since, moved) if abs(
        moved) >= reason.threshold else None


@dataclass(frozen=True)
class ApplyResult:
    moves: tuple[PriceMove, ...] = ()
    deliveries: int = 0  # written at commit
    preparing: bool = False  # more are being written in the background (a large fan-out)
