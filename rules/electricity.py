"""What a run's electricity costs on one's own cards: each card's board power
(rules/data/board_power.toml, or the watts the user gives) × the cards × the run's hours, at
the price of a kWh the user gives, in their currency. An upper bound for the GPUs alone: the
card drawing its full board power the whole run, nothing for the CPU, the rest of the PC or
the power supply's losses."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from typing import Final

from pydantic import Field, ValidationError

from rules import data_files
from rules.errors import DataError
from rules.schema import Sourced, _Data

_WH_PER_KWH: Final = Decimal(1000)


class BoardPower(_Data):
    gpu: str = Field(pattern=r"^[a-z0-9-]+$")
    watts: Decimal = Field(gt=0)
    source: str = Field(min_length=3)


class _BoardPowers(Sourced):
    cards: tuple[BoardPower, ...]


@cache
def board_powers() -> dict[str, BoardPower]:
    """Each card's board power on file, by GPU id (read once, at the first question that
    asks for electricity: start-up does not read the file)."""
    try:
        doc = _BoardPowers.model_validate(data_files.document("board_power.toml"))
    except ValidationError as exc:
        raise DataError(f"rules/data/board_power.toml is invalid: {exc}") from exc
    rows = {row.gpu: row for row in doc.cards}
    if len(rows) != len(doc.cards):
        raise DataError("rules/data/board_power.toml lists a card twice")
    return rows


def board_power(gpu_id: str) -> BoardPower | None:
    return board_powers().get(gpu_id)


@dataclass(frozen=True)
class RunEnergy:
    watts: Decimal  # each card's
    gpus: int
    hours: Decimal  # wall-clock
    kwh: Decimal
    cost: Decimal | None  # in the currency of the price said; None with no price


def run_energy(watts: Decimal, gpus: int, hours: Decimal,
               price_per_kwh: Decimal | None) -> RunEnergy:
    """kWh = watts × cards × hours / 1000; the cost, kWh × the price (unrounded: the reply
    rounds at presentation)."""
    kwh = watts * gpus * hours / _WH_PER_KWH
    return RunEnergy(watts, gpus, hours, kwh,
                     kwh * price_per_kwh if price_per_kwh is not None else None)
