"""One card said twice in a message ("can i run llama 3 8b on a 3090? i have a 3090") is that
card, not a comparison: was "Which two GPUs should I compare?". Two counts of one card and two
different machines stay comparisons."""

from __future__ import annotations

import pytest

from tests.support.chat import ask_json


@pytest.mark.parametrize(("text", "locale", "starts"), [
    ("can i run llama 3 8b on a 3090? i have a 3090 and 64gb ram", None,
     "✅ <b>Yes: Llama 3 8B fits on 1× RTX 3090"),
    ("llama 3 8b on 3090? llama 3 8b on 3090?", None,
     "✅ <b>On 1× RTX 3090, Llama 3 8B fits"),
    ("puedo correr llama 3 8b en una 3090? tengo una 3090 y 32gb de ram", "es",
     "✅ <b>Sí: Llama 3 8B cabe en 1× RTX 3090"),
    ("je peux faire un qlora de mistral 7b sur ma 4090 ? j'ai une 4090 et 64go de ram", "fr",
     "✅ <b>Oui"),
])
def test_one_card_said_twice_is_that_card(text: str, locale: str | None, starts: str) -> None:
    reply = ask_json(text, locale)
    assert reply["intent"] != "compare"
    assert str(reply["text"]).startswith(starts), reply["text"]


@pytest.mark.parametrize(("text", "starts"), [
    ("4x h100 vs 8x h100 for llama 70b full", "⚖️ <b>4× H100 or 8× H100?</b>"),
    ("is a 3090 and a 4090 better than 2 3090s", "⚖️ <b>1× RTX 3090 + 1× RTX 4090 or 2× RTX 3090?"),
    ("3090 vs 3090 for llama 3 8b", "❓ Which two GPUs should I compare?"),
])
def test_comparisons_stay(text: str, starts: str) -> None:
    assert str(ask_json(text)["text"]).startswith(starts)
