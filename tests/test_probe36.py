"""probe36 (session 36): serving and running models locally, asked the way people write on
forums, in English, Spanish and French.

"h24" is French for around the clock: "servir llama 3.1 8b sur une a100 h24" asked for a second
GPU to compare (the "h24" read as a card we do not know); it is the month's 720 hours priced.
A short inference run measured is no training ("mesurez un court entraînement" was said of a
model served on a Mac).
"""

from __future__ import annotations

import pytest

from tests.support.chat import ask, ask_json, says

AROUND_THE_CLOCK: list[tuple[str, int]] = [
    ("combien ca coute par mois de servir llama 3.1 8b sur une a100 h24", 720),
    ("une h100 en h24 pendant une semaine ca fait combien", 168),
    ("combien pour une l40s H24 pendant 2 jours ?", 48),
]


@pytest.mark.parametrize(("q", "hours"), AROUND_THE_CLOCK)
def test_h24_is_around_the_clock(q: str, hours: int) -> None:
    got = ask_json(q, "fr")
    assert got["intent"] == "cost", got["text"]
    assert got["hours"] == hours, got["text"]
    assert got["error"] is None, got["text"]
    assert "Quels GPU dois-je comparer" not in str(got["text"])


def test_a_short_inference_run_is_no_training_in_french() -> None:
    reply = ask("ollama qwen2.5:14b-instruct-q4_K_M sur un macbook air m2 16go ca passe ?", "fr")
    says(reply.text, ["mesurez un court essai avant de compter dessus"], ["court entraînement"])
