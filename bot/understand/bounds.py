"""One bounded check for every number a question can carry, applied to the Query after
understanding (free text, commands and buttons alike).

The parser reads numbers leniently ("9" * 400, "1e999", "-5"); this module decides what is
sensible. A value outside its slot's range becomes a clear "too large / too small" reply
(``NumberOutOfRange``) instead of reaching the engine, where a 10^43-token dataset or a
10^28-dollar threshold used to overflow Decimal arithmetic. The limits are sanity limits,
not facts about the service: far beyond any real job, yet small enough that every sum and
product the engine and the formatter make stays exact and finite.

Model size, GPU count, hours and GPU memory keep the engine's own checks and messages
(rules/data/service.toml limits); here they are only guarded against non-finite values.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Final, Literal

from bot.i18n import N_
from bot.understand.query import Query
from rules.errors import RulesError

Unit = Literal["usd", "percent", "number"]


@dataclass(frozen=True)
class Bound:
    label: str  # a noun phrase with its article, translated at render time
    low: Decimal  # smallest accepted value
    high: Decimal  # largest accepted value
    unit: Unit = "number"
    low_open: bool = False  # True: `low` itself is refused (a price must be above 0)


# Field name → range. Fields a Query does not (yet) have are skipped, so a slot added by
# another module is bounded as soon as it appears here.
BOUNDS: Final[dict[str, Bound]] = {
    # Same limits as /alert (bot/alerts/subscriptions.py): dollars per GPU-hour.
    "threshold_usd": Bound(N_("the alert price"), Decimal(0), Decimal(10_000), "usd", True),
    # "a budget of $0", "$-500", "-$500" were answered as if no budget was said; "$1e46" listed
    # hours of 46 digits. A billion dollars is beyond any order of GPU-hours.
    "budget_usd": Bound(N_("the budget"), Decimal(0), Decimal(10) ** 9, "usd", True),
    "percent": Bound(N_("the price move"), Decimal("0.1"), Decimal(100), "percent"),
    "seq_len": Bound(N_("the sequence length"), Decimal(1), Decimal(10_000_000)),
    "batch_size": Bound(N_("the batch size"), Decimal(1), Decimal(1_000_000)),
    "lora_rank": Bound(N_("the LoRA rank"), Decimal(1), Decimal(65_536)),
    # 10^15 tokens: a hundred times the largest pre-training corpora of 2026.
    "dataset_tokens": Bound(N_("the number of tokens"), Decimal(1), Decimal(10) ** 15),
    "epochs": Bound(N_("the number of epochs"), Decimal(1), Decimal(10_000)),
    # A progress bar's speed: a thousand optimizer steps a second is beyond any LLM's training.
    "step_rate": Bound(N_("the training speed (it/s)"), Decimal(0), Decimal(1000), "number", True),
    "step_time": Bound(N_("the time a step takes (s/it)"), Decimal("0.01"), Decimal(1_000_000)),
    "step_total": Bound(N_("the number of steps"), Decimal(1), Decimal(1_000_000_000)),
    "tokens_per_second": Bound(
        N_("the throughput (tokens/s)"), Decimal(0), Decimal(1_000_000_000), "number", True
    ),
    "new_tokens": Bound(N_("the number of tokens to generate"), Decimal(1), Decimal(10_000_000)),
    "prompt_tokens": Bound(N_("the prompt length"), Decimal(1), Decimal(10_000_000)),
    # vLLM refuses a share of each GPU's memory outside (0, 1] (its --gpu-memory-utilization).
    "gpu_memory_utilization": Bound(
        N_("vLLM's --gpu-memory-utilization"), Decimal(0), Decimal(1), "number", True
    ),
}


class NumberOutOfRange(RulesError):
    """``params``: label, value ("too_large" or "too_small" in ``side``), low, high, unit."""

    code = "number_out_of_range"


def _violation(name: str, bound: Bound, value: Decimal | int) -> NumberOutOfRange | None:
    number = Decimal(value)
    if number.is_nan():
        side = "too_small"
    elif number > bound.high:
        side = "too_large"
    elif number < bound.low or (bound.low_open and number == bound.low):
        side = "too_small"
    else:
        return None
    return NumberOutOfRange(
        f"{name} out of range", slot=name, label=bound.label, side=side,
        low=bound.low, high=bound.high, unit=bound.unit, low_open=bound.low_open,
    )


def out_of_range(query: Query) -> NumberOutOfRange | None:
    """The first number of `query` outside its slot's range, or None when all are sensible."""
    for name, bound in BOUNDS.items():
        value = getattr(query, name, None)
        if value is None or isinstance(value, bool):
            continue
        problem = _violation(name, bound, value)
        if problem is not None:
            return problem
    return None


def is_sane(value: Decimal | int | None, low: Decimal | int, high: Decimal | int) -> bool:
    """For command and button parsers: a finite number within [low, high]."""
    if value is None:
        return False
    number = Decimal(value)
    return number.is_finite() and Decimal(low) <= number <= Decimal(high)
