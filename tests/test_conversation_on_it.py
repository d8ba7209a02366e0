"""Another model asked "on it" right after a question on a card: that card, the method this
message says (was the new model's memory alone, the card lost: several15's report)."""

from __future__ import annotations

import pytest

from tests.support.chat import converse

CASES: list[tuple[str, str, str | None, str, str]] = [
    ("does llama 3 8b fit on my 3060?", "can i run gemma 2 9b on it?", None, "rtx-3060",
     "✅ <b>On 1× RTX 3060, Gemma 2 9B fits: 8-bit inference and 4-bit inference.</b>"),
    ("¿cabe llama 3 8b en mi 3060?", "¿puedo correr gemma 2 9b en ella?", "es", "rtx-3060",
     "✅ <b>En 1× RTX 3060, Gemma 2 9B cabe con inferencia en 8 bits e inferencia en 4 bits.</b>"),
    ("est-ce que llama 3 8b tient sur ma 3060 ?", "je peux faire tourner gemma 2 9b dessus ?",
     "fr", "rtx-3060", "✅ <b>Sur 1× RTX 3060, Gemma 2 9B tient avec inférence en 8 bits et"),
    ("qlora llama 3 8b on my 4090", "can i lora qwen 2.5 14b on the same card?", None,
     "rtx-4090", "❌ <b>No: Qwen2.5 14B (14.7B parameters) does not fit on 1× RTX 4090 (LoRA)."),
]


@pytest.mark.parametrize(("first", "second", "locale", "gpu", "verdict"), CASES)
def test_another_model_on_it_is_on_that_card(
    first: str, second: str, locale: str | None, gpu: str, verdict: str
) -> None:
    reply = converse(first, second, locale=locale)[-1]
    assert reply.query.gpu == gpu
    assert verdict in reply.text


def test_is_there_is_no_place() -> None:
    """"is there any way to run gemma 2 9b?" names no card: a question of its own."""
    reply = converse("does llama 3 8b fit on my 3060?", "is there any way to run gemma 2 9b?")[-1]
    assert reply.query.gpu is None
