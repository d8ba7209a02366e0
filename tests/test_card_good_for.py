"""Whether a card is good (enough) for fine-tuning, with no model named: the largest models it
holds answer it (was "Which model?"); with a model named, that model's verdict."""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue

PIPE = Pipeline(load_catalogue(), cache_size=0)


def _text(question: str, lang: str) -> str:
    return str(to_json(PIPE.ask(question, chosen_locale=lang))["text"])


@pytest.mark.parametrize(("lang", "question", "lead"), [
    ("en", "Is an RTX 3060 12GB good for learning to fine-tune LLMs?",
     "📏 <b>The largest model 12 GB holds for QLoRA is about 9B"),
    ("en", "is my 4070 enough for finetuning", "📏 <b>The largest model 12 GB holds for QLoRA"),
    ("es", "sirve una 3060 de 12gb para aprender fine tuning?",
     "📏 <b>El modelo más grande que cabe en 12\u00a0GB (QLoRA)"),
    ("es", "mi 4070 es buena para entrenar llms?", "📏 <b>El modelo más grande que cabe en 12\u00a0GB"),
    ("fr", "une 3060 c'est bien pour apprendre le fine-tuning ?",
     "📏 <b>Avec 12\u202fGo, le plus gros modèle possible (QLoRA)"),
    ("fr", "ma 4070 suffit pour entrainer des llm ?", "📏 <b>Avec 12\u202fGo, le plus gros modèle"),
])
def test_good_for_fine_tuning_gets_the_largest(lang: str, question: str, lead: str) -> None:
    assert _text(question, lang).startswith(lead)


def test_a_model_named_keeps_its_verdict() -> None:
    assert _text("is a 4090 good enough for finetuning llama 3 8b?", "en").startswith(
        "✅ <b>On 1× RTX 4090, Llama 3 8B fits")
