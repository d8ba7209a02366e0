"""The fewest GPUs a training run's detailed estimate fits on (bot.answer._detailed_count):
found from a two-point model of the memory per GPU (_first_holding) in a few estimates, with
the answer a bisection over every count gives."""

from __future__ import annotations

import random
from bisect import bisect_left
from decimal import Decimal
from types import SimpleNamespace
from typing import Any

import pytest

import bot.answer as answer_module
from benchmarks.run import empty_caches
from bot import composition
from bot.i18n import DEFAULT_LOCALE

PIPE = composition.build_pipeline(DEFAULT_LOCALE)

# Count questions whose search runs (the start misses, 1 024 GPUs hold it), with the count.
SEARCHED = [
    ("how many 3090s to full fine-tune a 158b model?", 402),
    ("how many a100 to full finetune llama 3 70b, device_map auto", 17),
    ("entrenar un llama de 70b desde cero en full, ¿cuántas b200?", 8),
    ("how many 4090s to full fine-tune qwen2.5 32b with adam 8bit and liger", 24),
    ("cuantas h100 para lora de llama 3.1 405b con zero3, seq 4096 batch 2", 87),
]


def _bisection(low: int, high: int, room: Decimal, estimate: Any) -> int:
    def holds(n: int) -> bool:
        breakdown = estimate(n)
        return breakdown is not None and breakdown.per_gpu_gb <= room

    return low + 1 + bisect_left(range(low + 1, high), True, key=holds)


@pytest.mark.parametrize(("text", "count"), SEARCHED)
def test_the_count_is_the_bisections_in_four_estimates(
    text: str, count: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    estimates: list[int] = []
    searches: list[tuple[int, int]] = []
    real_estimate, real_search = answer_module.estimate_on_cards, answer_module._first_holding

    def counted(*args: Any) -> Any:
        estimates.append(args[3])
        return real_estimate(*args)

    def compared(low: int, at_low: Any, high: int, at_high: Any, room: Decimal,
                 estimate: Any) -> int:
        found = real_search(low, at_low, high, at_high, room, estimate)
        made = len(estimates)
        searches.append((found, _bisection(low, high, room, estimate)))
        del estimates[made:]  # the bisection's, not the search's
        return found

    monkeypatch.setattr(answer_module, "estimate_on_cards", counted)
    monkeypatch.setattr(answer_module, "_first_holding", compared)
    empty_caches(PIPE)
    reply = PIPE.ask(text)
    assert reply.answer.count_needed == count
    assert searches and all(found == bisected for found, bisected in searches)
    # The start, 1 024 GPUs, the count the model gives and its neighbour (bisection: ~12).
    assert len(estimates) <= 4, estimates


def test_unsloth_keeps_the_bisection(monkeypatch: pytest.MonkeyPatch) -> None:
    """Unsloth's cross-entropy chunks grow with the memory more GPUs leave free: the memory per
    GPU can rise with the count, so the model's shortcut is not taken."""
    searched: list[int] = []
    real = answer_module._first_holding
    monkeypatch.setattr(answer_module, "_first_holding",
                        lambda *args: searched.append(1) or real(*args))
    empty_caches(PIPE)
    reply = PIPE.ask("how many 4090s to qlora llama 3 70b with unsloth, seq 8192")
    assert reply.answer.count_needed == 5 and not searched


def _breakdown(gb: float) -> Any:
    return SimpleNamespace(per_gpu_bytes=gb * 1e9,
                           per_gpu_gb=Decimal(repr(gb)).quantize(Decimal("0.1")))


@pytest.mark.parametrize("seed", range(40))
def test_any_memory_that_never_rises_gets_the_first_count_that_fits(seed: int) -> None:
    """Shapes the two-point model does not describe (steps, a floor reached, another power of
    the count) still give the first count that fits: the guesses only order the estimates."""
    rng = random.Random(seed)
    shared, split, power = rng.uniform(1, 40), rng.uniform(10, 5000), rng.choice((0.5, 1, 2))
    step = rng.choice((0.0, rng.uniform(0, 20)))

    def memory(n: int) -> float:
        return round(shared + split / n**power + (step if n < 37 else 0.0), 6)

    start, high = rng.randint(1, 8), 1024
    # Between what 1 024 GPUs and the start need: a search.
    room = Decimal(str(round(rng.uniform(memory(high) + 0.2, memory(start) - 0.2), 2)))
    first = next(n for n in range(start + 1, high + 1)
                 if _breakdown(memory(n)).per_gpu_gb <= room)
    asked: list[int] = []

    def estimate(n: int) -> Any:
        asked.append(n)
        return _breakdown(memory(n))

    found = answer_module._first_holding(start, _breakdown(memory(start)), high,
                                         _breakdown(memory(high)), room, estimate)
    assert found == first
    assert len(asked) <= answer_module._COUNT_GUESSES + 10  # never much worse than halving
