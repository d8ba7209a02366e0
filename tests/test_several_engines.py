"""Several questions in one message where one compares serving engines or asks the least to
start: each gets its own section (bot/several.py)."""

from __future__ import annotations

import pytest

from tests.support.chat import ask


@pytest.mark.parametrize(("text", "lang", "first", "second"), [
    ("vllm vs ollama for llama 3 8b on my 4090? also whats the minimum top up", "en",
     "⚡ <b>For one user, Ollama has the higher ceiling", "💵 <b>The smallest top-up is $1.</b>"),
    ("vllm vs ollama sur mon mac pour llama3 8b ? et c'est quoi le minimum a payer", "fr",
     "⚖️ <b>vLLM ou Ollama pour Llama 3 8B", "🚀 <b>Le minimum pour commencer\u00a0: 8,20\u00a0$US</b>"),
    ("can i run llama 3 8b on my 4090? also whats the minimum to get started", "en",
     "✅ <b>On 1× RTX 4090, Llama 3 8B fits", "🚀 <b>The cheapest way to start: $8.20</b>"),
])
def test_an_engine_comparison_or_the_least_to_start_is_a_question_of_its_own(
        text: str, lang: str, first: str, second: str) -> None:
    """Was one answer for the whole message: the engines dropped for the payment's minimum (a
    comparison missing its second GPU is no question by itself), or the run's answer alone."""
    reply = ask(text, lang).text
    assert reply.startswith("1️⃣"), reply
    assert first in reply and second in reply and reply.index(first) < reply.index(second), reply


def test_two_rentals_priced_then_the_payment_asked_beside_them() -> None:
    """"cuanto sale alquilar 2xh100 y una a100 x 10hs?? se puede pagar con usdt": both rentals
    summed (was the H100s' cost alone), then the payment in its own section (the total was
    no question by itself, so the two were read as one)."""
    reply = ask("cuanto sale alquilar 2xh100 y una a100 x 10hs?? se puede pagar con usdt", "es").text
    assert "🧾 <b>Total de los dos alquileres: 55,60\u00a0US$" in reply, reply
    assert "2️⃣" in reply and "✅ <b>Sí: aceptamos USDT.</b>" in reply, reply
