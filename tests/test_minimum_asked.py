"""The minimum asked with nothing else, alone or after a payment question: the least one spends
to start (the smallest block of the cheapest GPU-hour) and the $1 smallest top-up."""

from __future__ import annotations

import pytest

from tests.support.chat import ask, converse


@pytest.mark.parametrize(("turns", "lang", "lead", "top_up"), [
    (("can i pay with usdt?", "and what's the minimum?"), "en",
     "🚀 <b>The cheapest way to start: $8.20</b>", "Top-ups start at $1"),
    (("puedo pagar con usdt?", "y cuanto es lo minimo?"), "es",
     "🚀 <b>Lo mínimo para empezar: 8,20\u00a0US$</b>", "Las recargas en cripto empiezan en 1\u00a0US$"),
    (("on peut payer en usdt ?", "et le minimum c'est combien ?"), "fr",
     "🚀 <b>Le minimum pour commencer\u00a0: 8,20\u00a0$US</b>", "1\u00a0$US"),
])
def test_the_minimum_after_a_payment_question_is_the_least_to_start(
        turns: tuple[str, str], lang: str, lead: str, top_up: str) -> None:
    """Was the whole price list (es, fr) or "I did not understand" (en): payment replies are
    not kept as a chat's context, so the minimum alone must answer by itself."""
    reply = converse(*turns, locale=lang)[1].text
    assert reply.startswith(lead) and top_up in reply, reply


@pytest.mark.parametrize("text", [
    "what's the minimum vram for llama 70b",  # a model's memory, not money
    "minimum gpu for qlora 70b",
])
def test_a_minimum_of_something_else_is_not_the_start(text: str) -> None:
    assert not ask(text, "en").text.startswith("🚀"), text
