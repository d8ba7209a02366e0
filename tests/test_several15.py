"""Several questions in one message as people write them (no punctuation, "also", "btw", "y",
"et aussi", "??", line breaks, emoji), and the follow-ups after such a reply: each question
gets its own section (bot/several.py), and a follow-up continues the section it is about
(bot/conversation.py)."""

from __future__ import annotations

import pytest

from bot.pipeline import Reply
from fakebotapi import validate_telegram_html
from tests.support.chat import ask


def _shape(reply: Reply) -> list[tuple[str, str | None, str | None]]:
    return [(p.answer.intent, p.query.model_id or (
        f"{p.query.params_b.normalize():f}" if p.query.params_b is not None else None),
        p.query.gpu) for p in reply.parts]


# (message, each section's (intent, model, gpu) in order; [] when read as one question)
SECTIONS = [
    # the provider compared ("runpod vs u for h100") is a question of its own, as is the
    # largest model a budget trains (was one reading, the comparison unanswered)
    ("biggest model i can qlora w/ 50 bucks on 5M tokens?? also runpod vs u for h100",
     [("cost", None, None), ("prices", None, "h100")]),
    ("runpod vs u for h100?? also whats the cheapest gpu for qwen3 8b lora",
     [("prices", None, "h100"), ("recommend", "qwen3-8b", None)]),
    ("biggest model i can lora with 100 dollars? btw are u cheaper than vast",
     [("cost", None, None), ("prices", None, None)]),
    ("largest model for qlora on my 4090 btw runpod vs you guys for a100?",
     [("fit", None, "rtx-4090"), ("prices", None, "a100-80gb")]),
    ("el modelo mas grande que puedo entrenar con qlora con 30 dolares?? y runpod o ustedes "
     "para una h100", [("cost", None, None), ("prices", None, "h100")]),
    ("quel est le plus gros modèle que je peux qlora avec 40 $ ? et aussi vous êtes moins "
     "cher que vast pour une h100 ?", [("cost", None, None), ("prices", None, "h100")]),
]

# (message, a phrase the reply must hold, a phrase it must not)
SAID = [
    # "combien de tok/s" asks a speed, not money: the run's tokens/s (was the 4090's
    # unpublished price in a second section)
    ("est-ce que qwen3 32b tient sur une 4090? combien de tok/s", "tokens/s", "2️⃣"),
    ("qwen3 32b ça passe sur ma 4090 ?? et combien de tokens par seconde", "tokens/s",
     "2️⃣"),
    ("mistral 7b tient sur une 3060 ? combien de tok/s en 4 bits", "tokens/s", "2️⃣"),
]


@pytest.mark.parametrize(("text", "expected"), SECTIONS)
def test_sections(text: str, expected: list[tuple[str, str | None, str | None]]) -> None:
    reply = ask(text)
    assert _shape(reply) == expected, reply.text
    assert validate_telegram_html(reply.text) is None


@pytest.mark.parametrize(("text", "has", "lacks"), SAID)
def test_said(text: str, has: str, lacks: str) -> None:
    reply = ask(text)
    assert has in reply.text, reply.text
    assert lacks not in reply.text, reply.text
    assert validate_telegram_html(reply.text) is None
