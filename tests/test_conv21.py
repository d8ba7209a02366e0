"""conv21: follow-ups as people write them (tests.support.chat.converse), en/es/fr: an alert set
beside a question is changed or removed by the next message; a conversation's turns, each
reply asserted."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.console import Console, to_plain
from tests.support.chat import converse

# A fit and an alert in one message (several20 answers both), then the alert changed or removed:
# was "I did not understand that" (the chat kept the fit alone), the alert at $2 left standing.
FIT_AND_ALERT = {
    "en": "can i qlora llama 3 70b on an h100? and alert me if it drops below 2",
    "es": "¿puedo hacer qlora de llama 3 70b en una h100? y avísame si baja de 2",
    "fr": "est-ce que je peux faire un qlora de llama 3 70b sur un h100 ? et préviens-moi s'il passe "
          "sous 2 $",
}
CHANGED_BESIDE = [
    ("en", "actually make it 2.1", "2.1"),
    ("en", "make it 1.9", "1.9"),
    ("es", "mejor 2,1", "2.1"),
    ("es", "cambiala a 1.8 dolares", "1.8"),
    ("fr", "plutôt 2,1 $", "2.1"),
    ("fr", "non, mets 1,9", "1.9"),
]


@pytest.mark.parametrize(("lang", "text", "limit"), CHANGED_BESIDE)
def test_an_alert_set_beside_a_question_is_changed(lang: str, text: str, limit: str) -> None:
    last = converse(FIT_AND_ALERT[lang], text)[-1]
    assert last.locale == lang
    assert (last.query.intent, last.query.gpu) == ("alert", "h100")
    assert last.query.threshold_usd == Decimal(limit)
    assert last.query.replaces_limit == Decimal(2)
    assert last.query.direction == "below"
    assert "🤔" not in last.text


REMOVED_BESIDE = [("en", "cancel it"), ("en", "delete it"), ("es", "quítala"), ("es", "bórrala"),
                  ("fr", "annule-la"), ("fr", "supprime-la")]


@pytest.mark.parametrize(("lang", "text"), REMOVED_BESIDE)
def test_an_alert_set_beside_a_question_is_removed(lang: str, text: str) -> None:
    last = converse(FIT_AND_ALERT[lang], text)[-1]
    assert last.locale == lang
    assert (last.query.intent, last.query.gpu) == ("alert_remove", "h100")
    assert "🤔" not in last.text


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_the_run_beside_the_alert_is_still_continued(lang: str) -> None:
    """After the alert is changed, "and on an a100?" is still the QLoRA run asked beside it."""
    change = {"en": "make it 2.1", "es": "mejor 2,1", "fr": "plutôt 2,1 $"}[lang]
    again = {"en": "and on an a100?", "es": "¿y en una a100?", "fr": "et sur une a100 ?"}[lang]
    last = converse(FIT_AND_ALERT[lang], change, again)[-1]
    assert (last.query.intent, last.query.gpu, last.query.method) == ("fit", "a100-80gb", "qlora")
    assert last.query.model_id == "llama-3-70b"


async def test_the_stored_alert_beside_a_question_is_changed_then_removed(
        console: Console) -> None:
    await console.answer(FIT_AND_ALERT["en"])
    changed = to_plain(await console.answer("actually make it 2.1"))
    assert "Alert changed: when the H100 drops below $2.10 per hour (it was $2)." in changed
    listed = to_plain(await console.answer("/alerts"))
    assert "1. H100 drops below $2.10" in listed and "2. H100" not in listed, listed
    assert "Removed 1 alert for the H100." in to_plain(await console.answer("cancel it"))
    assert "You have no price alerts." in to_plain(await console.answer("/alerts"))


async def test_commands_after_a_french_removal_answer_in_french(console: Console) -> None:
    """"annule-la" leans Spanish by its words alone; the chat is in French, and so is /alerts."""
    await console.answer(FIT_AND_ALERT["fr"])
    assert "1 alerte supprimée pour le H100." in to_plain(await console.answer("annule-la"))
    assert "Vous n'avez aucune alerte de prix." in to_plain(await console.answer("/alerts"))
