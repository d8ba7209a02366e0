"""Speed work of session 33 (#16): behaviour only, never a time."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import pytest

from benchmarks.run import empty_caches
from bot import detail
from rules.capacity import SEARCH_LIMIT, longest_fitting
from tests.support.chat import PIPELINE

_TENTH = Decimal("0.1")

# -- the longest sequence's line through the estimator's bytes (rules.capacity) ----------------

# What a length needs at 1 token and per token more, in bytes, as the estimator sums them before
# rounding to tenths of a GB, on a GPU's memory as capacity_per_gpu reads it: from the searches
# of the several-method and cold questions (21.9 GB at 1 token, 3,673.2 GB at the limit, 635
# tokens within 24.15 GB). Through the tenths, the line's guess was 5 to 12 tokens off (a tenth
# of a GB is ~30 tokens of it there): 6 to 12 estimates.
BYTES = [
    (21.93e9, 3.4826e6, Decimal("24.146608128")),
    (129.31e9, 4.1e6, Decimal("150.754820096")),
    (72.08e9, 3.1636e6, Decimal("85.520809984")),
    (20.24e9, 5.0389e6, Decimal("25.769803776")),
    (16.54e9, 4.6384e6, Decimal("25.769803776")),
    (42.04e9, 6.3e6, Decimal("48.305799168")),
    (23.71e9, 3.39e6, Decimal("24.146608128")),
]


def _bisected(gb: Any, vram: Decimal, limit: int) -> int:
    low, high = 0, limit + 1  # low fits (0: nothing), high does not
    while high - low > 1:
        mid = (low + high) // 2
        low, high = (mid, high) if gb(mid) <= vram else (low, mid)
    return low


@pytest.mark.parametrize(("base", "slope", "vram"), BYTES)
def test_the_line_through_the_bytes_finds_the_length_in_four_estimates(
    base: float, slope: float, vram: Decimal
) -> None:
    asked: list[int] = []

    def summed(n: int) -> float:
        return base + slope * (n - 1)

    def gb(n: int) -> Decimal:
        asked.append(n)
        return Decimal(repr(summed(n) / 1e9)).quantize(_TENTH, rounding=ROUND_HALF_UP)

    found = longest_fitting(gb, vram, SEARCH_LIMIT, rising=True, exact=summed)
    estimated = list(asked)
    assert found == _bisected(gb, vram, SEARCH_LIMIT)
    assert len(estimated) <= 4, estimated  # 1, the limit, the guess and its neighbour


# -- the same replies, fewer estimates (bot.detail.longest_context) ----------------------------

# Questions whose reply says the longest sequence a configuration holds: a tight fit among
# several methods (fit20), a miss at typical settings, the context asked, a details question.
SEARCHING = [
    "can i finetune a 72.3B on 7x H200?",
    "qlora llama 3 8b on 3060 12gb, lora too?",
    "¿puedo entrenar un modelo de 38.5B en una A10?",
    "peut-on fine-tuner un 43.3B sur 5 A10 ?",
    "68.5B on 6x H200, lora or qlora?",
    "fine-tuning a 7b on 6gb gpu?",
    "whats the longest context i can train llama 3 8b with qlora on a 4090",
    "full fine-tuning 13.9B with seq len 4096, batch 9 and 195M tokens on an L4, details",
]


def _searched(text: str, monkeypatch: pytest.MonkeyPatch, *, line: bool) -> tuple[str, list[int]]:
    """The reply, and the estimates each rising search made (with the line through the bytes,
    or through the tenths as before)."""
    real = detail.longest_fitting
    counts: list[int] = []

    def counted(per_gpu: Any, vram: Decimal, limit: int, *, rising: bool = False,
                exact: Any = None) -> int:
        made = [0]

        def each(n: int) -> Any:
            made[0] += 1
            return per_gpu(n)

        found = real(each, vram, limit, rising=rising, exact=exact if line else None)
        if rising:
            counts.append(made[0])
        return found

    monkeypatch.setattr(detail, "longest_fitting", counted)
    empty_caches(PIPELINE)
    text = PIPELINE.ask(text).text
    monkeypatch.setattr(detail, "longest_fitting", real)
    return text, counts


@pytest.mark.parametrize("text", SEARCHING)
def test_a_longest_sequence_search_is_the_guess_and_its_neighbour(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    before, _ = _searched(text, monkeypatch, line=False)
    after, counts = _searched(text, monkeypatch, line=True)
    assert after == before
    assert counts, "the question searches"
    assert all(n <= 4 for n in counts), counts


# -- each method of several: its check alone (bot.answer._typical_misses) ----------------------

# Several training methods on a configuration, no settings: each method's line reads the
# detailed estimate's figure and verdict there, not the rest of a detailed answer (a full
# method's pure-BF16 figure was one more estimate each).
SEVERAL = [
    "41.2B on 6x B200, lora or qlora?",
    "fine-tune a 8.8B model on an H100",
    "¿puedo entrenar un modelo de 13.5B en una A100?",
    "peut-on fine-tuner un 13.1B sur 2 A100 ?",
    "can i finetune a 72.3B on 7x H200?",
    "qlora llama 3 8b on 3060 12gb, lora too?",  # QLoRA alone fits: nothing else checked
]


@pytest.mark.parametrize("text", SEVERAL)
def test_each_method_of_several_is_checked_without_a_detailed_answer(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    from bot import answer as composing

    empty_caches(PIPELINE)
    expected = PIPELINE.ask(text)
    real = composing.detailed_for
    callers: list[str] = []

    def counted(*args: Any, **kwargs: Any) -> Any:
        callers.append(sys._getframe(1).f_code.co_name)
        return real(*args, **kwargs)

    monkeypatch.setattr(composing, "detailed_for", counted)
    empty_caches(PIPELINE)
    reply = PIPELINE.ask(text)
    assert reply.text == expected.text
    assert len(reply.answer.methods) > 1 and reply.answer.method_training_gb
    assert "_typical_misses" not in callers, callers
