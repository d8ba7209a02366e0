""""how fast?", "and speed?", "¿qué tan rápido?", "et en vitesse ?" right after a model served or
trained: its decode speed there, or the run's training tokens/s (was "I did not understand")."""

from __future__ import annotations

import pytest

from tests.support.chat import converse


@pytest.mark.parametrize(
    ("first", "then", "locale", "lead"),
    [
        ("qwen3 14b q4 on a 3090", "how fast?", None, "⚡ <b>At most about 105 tokens/s"),
        ("qwen3 14b q4 on a 3090", "and speed?", None, "⚡ <b>At most about 105 tokens/s"),
        ("qwen3 14b q4 on a 3090", "how quick is it", None, "⚡ <b>At most about 105 tokens/s"),
        ("qwen3 14b en q4 en una 3090", "qué tan rápido?", "es", "⚡ <b>Como mucho unos 105 tokens/s"),
        ("qwen3 14b en q4 sur une 3090", "et en vitesse ?", "fr", "⚡ <b>Au plus environ 105 tokens/s"),
        ("llama 3 8b lora on a 4090", "how fast?", None, "🏋️ <b>About 1,576 training tokens/s"),
    ],
)
def test_speed_asked_after_a_run(first: str, then: str, locale: str | None, lead: str) -> None:
    reply = converse(first, then, locale=locale)[-1]
    assert reply.text.split("\n")[1].startswith(lead)


def test_speed_words_alone_with_no_run_before_are_not_a_speed() -> None:
    (reply,) = converse("how fast?")
    assert "tokens/s" not in reply.text
