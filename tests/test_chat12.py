"""Follow-ups in a chat that went wrong (chat12, session 24): hours bought for one card asked
of another ("can i use those on an h100 too" after "how much is 720h of a100"). English,
Spanish, French."""

from __future__ import annotations

import pytest

from bot.pipeline import to_json
from tests.support.chat import converse


def spaced(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


# Hours priced on one card, then "those" on another: the seed sells a block for one GPU model
# (drawn on by that GPU's instances only), which leads; then what those hours cost on the card
# named (was that cost alone, as if the A100 hours moved to the H100).
THOSE_HOURS: list[tuple[str, str, str]] = [
    ("how much is 720h of a100", "can i use those on an h100 too", "A block is for one GPU model:"),
    ("how much is 720h of a100", "do those hours work on an h100?", "A block is for one GPU model:"),
    ("720 hours of a100 price?", "could i spend them on a h200 instead", "A block is for one GPU model:"),
    ("cuanto cuestan 720h de a100", "puedo usarlas en una h100?",
     "Un bloque es para un solo modelo de GPU:"),
    ("cuanto sale 720 horas de a100", "y esas horas sirven para una h100?",
     "Un bloque es para un solo modelo de GPU:"),
    ("combien coûtent 720h d'a100 ?", "je peux les utiliser sur une h100 ?",
     "Un bloc vaut pour un seul modèle de GPU :"),
]


@pytest.mark.parametrize(("first", "then", "lead"), THOSE_HOURS)
def test_hours_bought_for_one_card_asked_of_another(first: str, then: str, lead: str) -> None:
    before, reply = converse(first, then)
    assert to_json(before)["cost_usd"] == "662.40"
    text = spaced(reply.text)
    assert lead in text, reply.text
    # the block's rule leads, then the same hours priced on the card named
    assert text.index(lead) < text.index("💵"), reply.text
    assert reply.query.gpu in ("h100", "h200") and reply.query.hours == 720
    assert reply.query.service_asked == ("blockmodel",)


@pytest.mark.parametrize("then", ["and on an h100?", "what about h100", "y en una h100?",
                                  "et sur une h100 ?"])
def test_the_same_hours_on_another_card_stay_a_quote(then: str) -> None:
    _, reply = converse("how much is 720h of a100", then)
    assert to_json(reply)["cost_usd"] == "1670.40", reply.text
    assert not reply.query.service_asked
