"""conv36: follow-ups of hardware to buy kept as such, en/es/fr (tests.support.chat.converse):
each reply asserted."""

from __future__ import annotations

import pytest

from tests.support.chat import converse, says

# "what gpu should i buy to run llama 3 70b at home", then a follow-up changing only the model,
# the precision or the method: hardware of one's own still (was the cheapest rentals, 🏆 alone).
TO_BUY = "what gpu should i buy to run llama 3 70b at home"
KEPT = [
    ("en", TO_BUY, "and for qwen 2.5 32b?", "qwen2.5-32b",
     "🏠 <b>To run Qwen2.5 32B (32.5B parameters) on hardware of your own</b>"),
    ("en", TO_BUY, "and in 8bit?", "llama-3-70b",
     "🏠 <b>To run Llama 3 70B on hardware of your own</b>"),
    ("en", TO_BUY, "and for training?", "llama-3-70b",
     "🏠 <b>To fine-tune Llama 3 70B on hardware of your own</b>"),
    ("es", "qué gpu compro para correr llama 3 70b en casa", "¿y para qwen 2.5 32b?",
     "qwen2.5-32b", "🏠 <b>Para correr Qwen2.5 32B (32,5 mil millones de parámetros) en tu propio"),
    ("es", "qué gpu compro para correr llama 3 70b en casa", "y para entrenar?", "llama-3-70b",
     "🏠 <b>Para hacer el fine-tuning de Llama 3 70B en tu propio equipo</b>"),
    ("fr", "quelle carte acheter pour faire tourner llama 3 70b chez moi", "et pour qwen 2.5 32b ?",
     "qwen2.5-32b", "🏠 <b>Pour faire tourner Qwen2.5 32B (32,5\u00a0Md de paramètres) sur votre"),
    ("fr", "quelle carte acheter pour faire tourner llama 3 70b chez moi", "et en 8 bits ?",
     "llama-3-70b", "🏠 <b>Pour faire tourner Llama 3 70B sur votre propre matériel</b>"),
]


@pytest.mark.parametrize(("lang", "first", "then", "model", "lead"), KEPT)
def test_a_follow_up_keeps_hardware_to_buy(
        lang: str, first: str, then: str, model: str, lead: str) -> None:
    before, after = converse(first, then)
    assert before.query.local_asked and after.query.local_asked, after.text
    assert (after.locale, after.query.model_id, after.query.gpu) == (lang, model, None)
    assert after.answer.local_hardware, after.text
    assert lead in after.text, after.text


# Renting said leaves it: the same model on the GPUs we rent, the cheapest first (was the price
# list, "and to rent?", or "I did not understand", "y en la nube?").
RENTED = [
    ("en", TO_BUY, "and to rent?", "🏆 <b>The cheapest GPUs for Llama 3 70B</b>"),
    ("en", TO_BUY, "and in the cloud?", "🏆 <b>The cheapest GPUs for Llama 3 70B</b>"),
    ("es", "qué gpu compro para correr llama 3 70b en casa", "y en la nube?",
     "🏆 <b>Las GPU más baratas para Llama 3 70B</b>"),
    ("fr", "quelle carte acheter pour faire tourner llama 3 70b chez moi", "et en location ?",
     "🏆 <b>Les GPU les moins chers pour Llama 3 70B</b>"),
]


@pytest.mark.parametrize(("lang", "first", "then", "lead"), RENTED)
def test_renting_said_leaves_hardware_to_buy(lang: str, first: str, then: str, lead: str) -> None:
    _, after = converse(first, then)
    assert (after.locale, after.query.model_id, after.query.local_asked) == (
        lang, "llama-3-70b", False)
    assert after.answer.intent == "recommend", after.text
    says(after.text, [lead], ["🏠", "🤔", "💲"])


def test_a_card_named_after_hardware_to_buy_is_its_verdict() -> None:
    _, after = converse(TO_BUY, "what about on a 3090?")
    assert (after.query.gpu, after.query.local_asked) == ("rtx-3090", False)
    says(after.text, ["❌"], ["🏠 <b>To run"])
