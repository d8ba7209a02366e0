"""Several facts in one message and the conversation (session 35)."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from bot.console import Console, to_plain
from fakebotapi import validate_telegram_html
from tests.support.chat import ask, says

# Another card's alert said with "too" in the same message as the first: both set, the second
# with the first's condition (was the first alone). (text, the confirmations in order, /alerts)
ALERT_TOO = [
    ("alert me if the h100 drops below 2 and the h200 too",
     ["🔔 Alert set: when the H100 drops below $2 per hour.",
      "🔔 Alert set: when the H200 drops below $2 per hour."],
     ["H100 drops below $2", "H200 drops below $2"]),
    ("avísame si la h100 baja de 2 y la h200 también",
     ["🔔 Alerta creada: cuando la H100 baje de 2\u00a0US$ por hora.",
      "🔔 Alerta creada: cuando la H200 baje de 2\u00a0US$ por hora."],
     ["La H100 baja de 2\u00a0US$", "La H200 baja de 2\u00a0US$"]),
    ("préviens-moi si la h100 passe sous 2 et la h200 aussi",
     ["🔔 Alerte créée\u00a0: quand le H100 passe sous 2\u00a0$US de l'heure.",
      "🔔 Alerte créée\u00a0: quand le H200 passe sous 2\u00a0$US de l'heure."],
     ["Le H100 passe sous 2\u00a0$US", "Le H200 passe sous 2\u00a0$US"]),
]


@pytest.mark.parametrize(("text", "said", "listed"), ALERT_TOO)
def test_alert_too_in_one_message_is_two_alerts(text: str, said: list[str],
                                                listed: list[str]) -> None:
    reply = ask(text)
    assert [(p.answer.intent, p.query.gpu, p.query.threshold_usd, p.query.direction)
            for p in reply.parts] == [("alert", "h100", D(2), "below"),
                                      ("alert", "h200", D(2), "below")]
    assert validate_telegram_html(reply.text) is None


@pytest.mark.parametrize(("text", "said", "listed"), ALERT_TOO)
async def test_the_console_sets_both_alerts_said_with_too(
    console: Console, text: str, said: list[str], listed: list[str]
) -> None:
    says(to_plain(await console.answer(text)), said, [])
    says(to_plain(await console.answer("/alerts")), listed, [])


@pytest.mark.parametrize(("text", "gpu", "threshold", "percent"), [
    ("alert me if the h100 moves 10% and the b200 too", "b200", None, D(10)),
    ("alert me if the h100 drops below 2 and the h200 as well please", "h200", D(2), None),
    # was pinned as one alert (tests/test_several21.py), the B200's dropped
    ("avísame si la h100 baja de 2 y la b200 también?", "b200", D(2), None),
])
def test_alert_too_takes_the_first_condition(text: str, gpu: str, threshold: D | None,
                                             percent: D | None) -> None:
    parts = ask(text).parts
    assert [(p.answer.intent, p.query.gpu, p.query.threshold_usd, p.query.percent)
            for p in parts] == [("alert", "h100", threshold, percent),
                                ("alert", gpu, threshold, percent)]


# "too" after no alert, or a card's price, is no second alert.
@pytest.mark.parametrize("text", [
    "can i qlora llama 3 8b on an h100 and the h200 too?",
    "alert me if the h100 drops below 2 and what's the price of the h200 too",
])
def test_too_without_an_alert_before_is_no_alert(text: str) -> None:
    reply = ask(text)
    assert [p for p in reply.parts if p.answer.intent == "alert"][1:] == []
