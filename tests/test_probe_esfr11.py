"""Spanish and French questions as new users write them in chats (probe-esfr11)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.support.chat import ask


@pytest.mark.parametrize(("text", "hours", "lead"), [
    ("c'est combien une heure de h100", "1", "💵 <b>Vous payez 23,20\u00a0$US</b>"),
    ("c'est combien une heure et demie de h100", "1.5", "💵 <b>Vous payez 23,20\u00a0$US</b>"),
    ("c'est combien deux heures de h100 ?", "2", "💵 <b>Vous payez 23,20\u00a0$US</b>"),
    ("c'est combien 10 heures de h100", "10", "💵 <b>Coût\u00a0: 23,20\u00a0$US</b>"),
    ("combien une demi-heure de b200 ?", "0.5", "💵 <b>Vous payez 46,10\u00a0$US</b>"),
    ("c combien deux heures de h100 stp", "2", "💵 <b>Vous payez 23,20\u00a0$US</b>"),
])
def test_combien_hours_of_a_card_is_their_price(text: str, hours: str, lead: str) -> None:
    """"C'est combien une heure de h100" prices that hour (was "Quel modèle ?": the hours
    blanked, "c'est combien de gpu" read as how many cards a job needs)."""
    reply = ask(text, "fr")
    q = reply.query
    assert q.intent == "cost" and q.gpu in ("h100", "b200"), reply.text
    assert q.hours == Decimal(hours), reply.text
    assert reply.text.startswith(lead), reply.text


def test_how_many_cards_for_hours_stays_a_count() -> None:
    """"Combien de h100 pour un qlora de 70b" still counts cards for the job."""
    reply = ask("c'est combien de h100 pour un qlora de 70b", "fr")
    assert reply.query.intent == "recommend", reply.text
