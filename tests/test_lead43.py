"""Session 43, lead: answers led by what was asked."""

from __future__ import annotations

import pytest

from tests.support.chat import ask_json


@pytest.mark.parametrize(("text", "locale", "lead", "after"), [
    # A week of each, "which is cheaper": the week's cost leads (was "1× H100 finishes a run
    # sooner and for less", the H100 costing $80.64 more for the week)
    ("whats cheaper for 1 week straight, h100 or 2x a100", None,
     "⚖️ <b>For 168 hours, 1× H100 costs $80.64 more than 2× A100 80GB ($389.76 vs $309.12).</b>",
     "💵 At the same utilization 1× H100 finishes a run sooner and for less"),
    ("que sale mas barato una semana, h100 o 2 a100", "es",
     "⚖️ <b>En 168\u00a0horas, 1× H100 cuesta 80,64\u00a0US$ más que 2× A100 80GB",
     "💵 Con la misma utilización, 1× H100 termina un entrenamiento antes"),
    ("qu'est-ce qui revient moins cher pour 3 jours : une h100 ou deux a100 ?", "fr",
     "⚖️ <b>Sur 72\u00a0heures, 1× H100 coûte 34,56\u00a0$US de plus que 2× A100 80GB", "💵 À utilisation égale, 1× H100 termine"),
])
def test_hours_priced_on_two_configurations_lead_with_their_cost(
    text: str, locale: str | None, lead: str, after: str,
) -> None:
    reply = str(ask_json(text, locale)["text"])
    assert reply.startswith(lead), reply
    assert after in reply.split("\n")[1], reply
    assert reply.count("⚖️ <b>") == 2, reply  # the cost lead and the sides' heading, once each


@pytest.mark.parametrize("text", [
    "mpt 7b full finetune with llm-foundry on 8 h100s",
    "mpt 30b with mosaicml composer, 8x a100 80gb",
])
def test_llm_foundry_named_alone_is_read(text: str) -> None:
    """COMPOSER is screened by its needles like every setting: a question naming llm-foundry
    and no other setting was read by the needle-less patterns only (trainer None)."""
    from bot.understand.normalise import fold
    from bot.understand.settings import read_flags

    assert read_flags(fold(text)).trainer == "composer"


@pytest.mark.parametrize(("text", "other"), [
    # Spanish "placa" (a graphics card) beside a typo of "cuanto" is Spanish, not Portuguese
    ("placa de video 3090 quanto cuesta una hora", False),
    ("que placa me conviene, la 3090 o la 4090? cuanto costa cada una", False),
    ("quanto custa uma H100 por hora?", True),
])
def test_spanish_card_word_is_no_other_language(text: str, other: bool) -> None:
    from bot.understand.language import other_language
    from bot.understand.normalise import fold

    assert other_language(text, fold(text)) is other
