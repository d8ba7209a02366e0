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


@dataclass(frozen=True)
class ApplyResult:
    moves: tuple[PriceMove, ...] = ()
    deliveries: int = 0
