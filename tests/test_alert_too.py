"""Another card's alert said with "too" after one with a condition takes the same condition
(session 34): "alert me if the h100 drops below 2", then "and the h200 too" set an alert on every
change of the H200's price."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from tests.support.chat import converse

CASES = [
    # first alert, the follow-up, the card, threshold, direction, percent, the confirmation
    ("alert me if the h100 drops below 2", "and the h200 too", "h200", D(2), "below", None,
     "🔔 Alert: when the H200 drops below $2 per hour (now $3.07/hour)."),
    ("avísame cuando la h100 baje de 2", "y la h200 también", "h200", D(2), "below", None,
     "🔔 Alerta: cuando la H200 baje de 2\u00a0US$ por hora"),
    ("préviens-moi si la h100 passe sous 2 $", "et la h200 aussi", "h200", D(2), "below", None,
     "🔔 Alerte\u00a0: quand le H200 passe sous 2\u00a0$US de l'heure"),
    ("alert me if the h100 moves 10%", "and the b200 too", "b200", None, None, D(10),
     "when the B200 price moves by 10% or more"),
    # its own condition said: that one
    ("alert me if the h100 drops below 2", "and the h200 below 2.8", "h200", D("2.8"), "below",
     None, "when the H200 drops below $2.80 per hour"),
    # the first had none: none
    ("alert me when the h100 price changes", "and the h200 too", "h200", None, None, None,
     "whenever the H200 price changes"),
]


@pytest.mark.parametrize(("first", "then", "gpu", "threshold", "direction", "percent", "said"),
                         CASES)
def test_too_takes_the_condition_of_the_alert_before(
        first: str, then: str, gpu: str, threshold: D | None, direction: str | None,
        percent: D | None, said: str) -> None:
    _, reply = converse(first, then)
    query = reply.query
    assert (query.intent, query.gpu) == ("alert", gpu)
    assert (query.threshold_usd, query.direction, query.percent) == (threshold, direction, percent)
    assert said in reply.text, reply.text
