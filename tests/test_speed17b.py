"""Speed work of session 29 (#16), the cold p99's searches: behaviour only, never a time."""

from __future__ import annotations

import sys
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import pytest

from rules.capacity import SEARCH_LIMIT, longest_fitting
from tests.support.chat import ask

_TENTH = Decimal("0.1")

# -- the longest sequence that fits (rules.capacity.longest_fitting) ----------------------------

# Estimates as the estimator gives them, in tenths of a GB: what a length needs at 1 token and
# per token more (weights and the rest, activations), on a GPU's memory as capacity_per_gpu
# reads it (24 GiB, 80 GiB, an H200's 141 GB). From the searches the benchmark's cold questions
# and the "…, details" questions make ("full fine-tuning 2.2B avec seq len 4096, batch 14 …
# sur un A100, détails": its longest sequence).
LINES = [
    (Decimal("11.1"), Decimal("0.04221"), Decimal("24.146608128")),
    (Decimal("67.4"), Decimal("0.06996"), Decimal("85.89934592")),
    (Decimal("21.8"), Decimal("0.005547"), Decimal("25.769803776")),
    (Decimal("9.8"), Decimal("0.04055"), Decimal("48.305799168")),
    (Decimal("14.7"), Decimal("0.06225"), Decimal("141.0")),
    (Decimal("8.0"), Decimal("0.06668"), Decimal("85.520809984")),
    (Decimal("34.2"), Decimal("0.010478"), Decimal("48.305799168")),
    (Decimal("2.5"), Decimal("0.030888"), Decimal("25.757220864")),
    (Decimal("5.2"), Decimal("0.05592"), Decimal("24.152899584")),
    (Decimal("84.5"), Decimal("0.0020941"), Decimal("85.89934592")),
]


def _bisected(gb: Any, vram: Decimal, limit: int) -> int:
    low, high = 0, limit + 1  # low fits (0: nothing), high does not
    while high - low > 1:
        mid = (low + high) // 2
        low, high = (mid, high) if gb(mid) <= vram else (low, mid)
    return low


@pytest.mark.parametrize(("base", "slope", "vram"), LINES)
def test_a_straight_line_in_tenths_is_found_in_a_few_estimates(
    base: Decimal, slope: Decimal, vram: Decimal
) -> None:
    """The line's guess is the answer or next to it: its neighbour brackets it (was a step of
    1/256 of the guess, then that bracket halved: 5 to 8 estimates). The same length."""
    asked: list[int] = []

    def gb(n: int) -> Decimal:
        asked.append(n)
        return (base + slope * (n - 1)).quantize(_TENTH, rounding=ROUND_HALF_UP)

    found = longest_fitting(gb, vram, SEARCH_LIMIT, rising=True)
    estimated = list(asked)
    assert found == _bisected(gb, vram, SEARCH_LIMIT)
    assert len(set(estimated)) == len(estimated)
    assert len(estimated) <= 4, estimated  # 1, the limit, the guess and its neighbour


# -- each length estimated once (bot.detail.longest_context, largest_batch) ---------------------

SEARCHED = [
    "full fine-tuning 2.2B avec seq len 4096, batch 14 et 178M tokens sur un A100, détails",
    "full fine-tuning 2.2B avec seq len 4096, batch 14, adamw 8bit sur un A100, détails",
    "full finetune 7B seq 4096 batch 8 on an a100, details",
    "whats the longest context i can train llama 3 8b with qlora on a 4090",
    "max batch size for qlora llama 3 8b on a 4090?",
    "¿qué batch size máximo para lora de mistral 7b en una 3090?",
    # Unsloth sizes its offload from the card: its search keeps its lengths (one estimate each).
    "qlora de qwen2.5 14b con unsloth, seq 2048 batch 2, en mi tarjeta de 12gb entra?",
    "can i fine tune gemma 3 27b with unsloth on a 24gb card, seq len 6144, bs 2, ga 8",
]


@pytest.mark.parametrize("text", SEARCHED)
def test_a_search_estimates_each_length_once(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The reply's figure at the length found is the estimate the search made there (it was
    asked again: a whole _estimate, the settings read anew, for the estimator's cached
    figure). The reply is the same."""
    from bot import detail

    detail.forget_last()
    expected = ask(text).text
    # The searches estimate through _estimate_run on the settings they change (speed38)
    real = detail._estimate_run
    asked: list[tuple[int | None, int | None]] = []

    def counted(said: Any, *args: Any) -> Any:
        if sys._getframe(1).f_code.co_name == "per_gpu":
            asked.append((said.seq_len, said.batch_size))
        return real(said, *args)

    monkeypatch.setattr(detail, "_estimate_run", counted)
    detail.forget_last()
    assert ask(text).text == expected
    assert asked  # the question searches
    assert len(asked) == len(set(asked)), asked
