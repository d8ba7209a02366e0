"""Questions as people ask them (probe-en8b): which model to fine-tune on a card, serving cost
per token. English, Spanish, French."""

from __future__ import annotations

import pytest

from tests.support.chat import PIPELINE

# --- which model to fine-tune on a card: the largest it holds ---------------------------------

# (message, locale, the reply's opening)
WHICH_MODEL = [
    ("which model should i finetune on my 4090", None,
     "📏 <b>The largest model 24 GB holds for QLoRA"),
    ("what llm to train on a 3090??", None, "📏 <b>The largest model 24 GB holds"),
    ("which model is best to fine tune on my 4090", None, "📏 <b>The largest model 24 GB"),
    ("que puedo finetunear en mi 3090", "es", "📏 <b>El modelo más grande que cabe en 24\u00a0GB"),
    ("que modelo deberia finetunear en mi 4090?", "es", "📏 <b>El modelo más grande que cabe"),
    ("quel est le meilleur modèle à fine-tuner sur ma 4090", "fr",
     "📏 <b>Avec 24\u202fGo, le plus gros modèle possible"),
    ("quel modèle je devrais fine-tuner sur ma 3090 ?", "fr", "📏 <b>Avec 24\u202fGo"),
]


@pytest.mark.parametrize(("text", "locale", "opening"), WHICH_MODEL)
def test_which_model_to_finetune_on_a_card_is_the_largest_it_holds(
    text: str, locale: str | None, opening: str
) -> None:
    reply = PIPELINE.ask(text, chosen_locale=locale)
    assert reply.query.largest, reply.text
    assert reply.text.startswith(opening), reply.text


def test_which_model_with_no_card_asks_the_card() -> None:
    reply = PIPELINE.ask("which model should i finetune for coding")
    assert reply.text.startswith("❓ On which GPU?"), reply.text

