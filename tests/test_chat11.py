"""Follow-ups that went wrong in a chat (chat11): the speed asked after the longest context
leads, at the context just found (was the context answered again first)."""

from __future__ import annotations

import pytest

from tests.support.chat import converse

_LONGEST = {
    "en": "max context for llama 3.1 8b on a 4090?",
    "es": "cuál es el contexto más largo que puedo usar con llama 3.1 8b en una 4090",
    "fr": "quel est le contexte le plus long pour llama 3.1 8b sur une 4090",
}


@pytest.mark.parametrize(("lang", "speed", "at"), [
    ("en", "and tok/s?", "one sequence with 54,862 tokens of context"),
    ("es", "¿y tokens por segundo?", "una secuencia con 54.862 tokens de contexto"),
    ("fr", "et en tok/s ?", "une séquence avec 54\u202f862 tokens de contexte"),
])
def test_the_speed_after_the_longest_context_leads_at_that_context(
        lang: str, speed: str, at: str) -> None:
    longest, fast = converse(_LONGEST[lang], speed)
    assert longest.text.startswith("📏"), longest.text
    body = fast.text.split("\n", 1)[1]  # after the line saying what was carried over
    assert body.startswith("⚡"), fast.text
    assert at in body.split("\n", 1)[0], fast.text
    assert "📏" not in fast.text, fast.text
    assert fast.query.speed_asked and not fast.query.context_asked, fast.text


@pytest.mark.parametrize(("lang", "speed", "said"), [
    ("en", "and tok/s?", "at the longest context that fits, from your last question"),
    ("es", "¿y tokens por segundo?", "con el contexto más largo que cabe, de tu pregunta"),
    ("fr", "et en tok/s ?", "au contexte le plus long qui tient, d'après votre question"),
])
def test_the_carried_line_says_the_speed_is_at_the_longest_context(
        lang: str, speed: str, said: str) -> None:
    _, fast = converse(_LONGEST[lang], speed)
    assert said in fast.text.split("\n", 1)[0], fast.text


def test_another_card_after_it_is_the_speed_there_at_its_own_longest_context() -> None:
    *_, h100, at = converse(_LONGEST["en"], "and tok/s?", "and on an h100?", "and at 8k?")
    assert h100.query.gpu == "h100" and h100.query.speed_asked, h100.text
    assert h100.text.split("\n", 1)[1].startswith("⚡"), h100.text
    assert "one sequence with 131,072 tokens of context" in h100.text, h100.text
    # a context said is that context, no longer the longest
    assert "one sequence with 8,192 tokens of context" in at.text, at.text
    assert "longest context that fits" not in at.text, at.text


def test_how_fast_after_a_training_runs_longest_context_is_its_training_speed() -> None:
    _, fast = converse("max context for qlora llama 3.1 8b on a 4090?", "how fast?")
    assert fast.query.train_speed_asked and not fast.query.context_asked, fast.text
    assert fast.text.split("\n", 1)[1].startswith("🏋️"), fast.text
