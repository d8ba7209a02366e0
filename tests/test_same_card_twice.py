"""The same card named twice, joined ("3090 + 3090", "a 3090 FE and a 3090 turbo", "tengo una 3090
y otra 3090", "une 3090 et une autre 3090"), is two of that card: there is nothing to compare
(it asked "Which two GPUs should I compare?"). A comparison word keeps it a comparison."""

from __future__ import annotations

import pytest

from bot.understand import understand
from rules.catalogue import load_catalogue

CAT = load_catalogue()


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("3090 + 3090, qwen 72b q4?", 2),
        ("3090 and 3090, qwen 72b q4?", 2),
        ("3090 FE + 3090 turbo, qwen 72b q4?", 2),
        ("2x 3090 + 3090 for llama 3 70b q4", 3),
        ("tengo una 3090 y otra 3090, entra llama 3 70b en q4?", 2),
        ("j'ai une 3090 et une autre 3090, llama 70b q4 ?", 2),
    ],
)
def test_the_same_card_joined_is_counted(text: str, count: int) -> None:
    query = understand(text, CAT)
    assert query.intent != "compare"
    assert (query.gpu, query.gpu_count) == ("rtx-3090", count)


def test_a_comparison_word_keeps_two_cards_compared() -> None:
    query = understand("3090 vs 3090 ti for qwen 32b q4", CAT)
    assert query.intent == "compare"
