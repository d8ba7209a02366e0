"""Right after an alert with a threshold, a bare new figure changes it ("actually make it 2.1",
"mejor a 2,1", "plutôt 2,1 $"): the same alert at that figure, the one just set stopped (was "I
did not understand that", and a second alert on the same card)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.console import Console, to_plain
from tests.support.chat import converse

CHANGED = [
    (("alert me when h100 drops below 2", "actually make it 2.1"), "en", "2.1", "below"),
    (("alert me when h100 drops below 2", "no, 1.9"), "en", "1.9", "below"),
    (("ping me if the h200 goes above 3", "make it $3.50"), "en", "3.50", "above"),
    (("avisame cuando la h100 baje de 2", "mejor a 2,1"), "es", "2.1", "below"),
    (("avisame cuando la h100 baje de 2", "cambiala a 1.8 dolares"), "es", "1.8", "below"),
    (("préviens-moi quand le h100 passe sous 2 $", "plutôt 2,1 $"), "fr", "2.1", "below"),
    (("préviens-moi quand le h100 passe sous 2 $", "non, mets 1,9"), "fr", "1.9", "below"),
]


@pytest.mark.parametrize(("turns", "locale", "limit", "direction"), CHANGED)
def test_a_bare_new_figure_changes_the_alert_just_set(
    turns: tuple[str, str], locale: str, limit: str, direction: str
) -> None:
    first, last = converse(*turns, locale=locale)
    assert last.query.intent == "alert"
    assert last.query.gpu == first.query.gpu
    assert last.query.threshold_usd == Decimal(limit)
    assert last.query.direction == direction
    assert last.query.replaces_limit == first.query.threshold_usd
    assert "🤔" not in last.text


@pytest.mark.parametrize("turns", [
    ("alert me when h100 drops below 2", "and the h200 below 2.5"),  # another card: its own
    ("alert me when h100 drops below 2", "and 1.5 too"),  # "too": a second alert
    ("alert me when h100 drops below 2", "and for 10 hours?"),  # hours: a price asked
    ("how much is an h100", "make it 2"),  # no alert before
])
def test_other_messages_after_an_alert_replace_nothing(turns: tuple[str, str]) -> None:
    assert converse(*turns)[-1].query.replaces_limit is None


async def test_the_changed_alert_replaces_the_stored_one(console: Console) -> None:
    assert "Alert set: when the H100 drops below $2 per hour" in to_plain(
        await console.answer("alert me when h100 drops below 2"))
    changed = to_plain(await console.answer("actually make it 2.1"))
    assert "Alert changed: when the H100 drops below $2.10 per hour (it was $2)." in changed
    listed = to_plain(await console.answer("/alerts"))
    assert "1. H100 drops below $2.10" in listed
    assert "2. H100" not in listed  # the alert at $2 is gone, not kept beside it


async def test_the_change_is_said_in_the_readers_language(console: Console) -> None:
    await console.answer("préviens-moi quand le h100 passe sous 2 $")
    changed = to_plain(await console.answer("plutôt 2,1 $"))
    assert changed.startswith("🔔 Alerte modifiée\u00a0: quand le H100 passe sous 2,10\u00a0$US")
    assert "(c'était 2\u00a0$US)" in changed


# "how much to qlora llama 3 70b", then "what if i use 2 gpus": the run quoted on the offered
# configuration of 2 GPUs (was the same answer again, the count ignored).
@pytest.mark.parametrize(("turns", "locale", "config"), [
    (("how much to qlora llama 3 70b", "what if i use 2 gpus"), "en", "2× H200 × 5 hours"),
    (("how much to full finetune llama 3 8b", "and on 8 gpus?"), "en", "8× H100"),
    (("cuanto cuesta qlora de llama 3 70b", "y con 2 gpus?"), "es", "2× H200 × 5\u00a0horas"),
])
def test_a_gpu_count_said_next_is_quoted_on_that_many(
    turns: tuple[str, str], locale: str, config: str
) -> None:
    first, last = converse(*turns, locale=locale)
    assert config not in first.text
    assert config in last.text
    assert "🔢" in last.text


def test_an_amount_alone_after_an_alert_changes_nothing() -> None:
    # "100 dolares" after an alert at $2: no change said, nothing placed (test_probe_esfr8)
    last = converse("avisame si la h100 baja de 2 dolares", "100 dolares", locale="es")[-1]
    assert last.query.replaces_limit is None and last.answer.intent == "unknown"


# "what gpu should i rent for full finetune of llama 3 8b", then "cheaper option?": the run was
# already on its method's cheapest configuration, so every method's cheapest (was the same
# answer again); after a card named, the same method's cheapest configurations stay.
@pytest.mark.parametrize(("turns", "locale", "method"), [
    (("what gpu should i rent for full finetune of llama 3 8b", "cheaper option?"), "en", None),
    (("cuanto cuesta un full finetune de llama 3 8b", "algo mas barato?"), "es", None),
    (("combien coûte un full finetune de llama 3 8b ?", "moins cher ?"), "fr", None),
    (("qlora llama 3 70b on an h100 for 10 hours how much", "anything cheaper?"), "en", "qlora"),
])
def test_cheaper_after_the_cheapest_is_another_method(
    turns: tuple[str, str], locale: str, method: str | None
) -> None:
    first, last = converse(*turns, locale=locale)
    assert last.query.intent == "recommend" and last.query.method == method
    assert last.text != first.text
    if method is None:
        assert "QLoRA" in last.text and "QLoRA" not in first.text
