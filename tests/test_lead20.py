"""Lead fixes of session 32: questions as people write them that fell through."""

from __future__ import annotations

import pytest

from tests.support.chat import ask

IMAGE_MODEL_AFTER_A_VERB = [
    # "running flux": FLUX after a verb in -ing (was "❓ Which model?" with LLM examples)
    ("whats the cheapest gpu for running flux", "en"),
    ("best gpu for hosting flux?", "en"),
    ("gpu recommendation for using flux on a budget", "en"),
    ("que gpu necesito para usar flux", "es"),
    ("quelle carte pour utiliser flux en local", "fr"),
]


@pytest.mark.parametrize(("text", "lang"), IMAGE_MODEL_AFTER_A_VERB)
def test_flux_after_a_verb_is_the_image_model(text: str, lang: str) -> None:
    answer = ask(text)
    assert answer.text.startswith("🚫 <b>FLUX.1"), answer.text
    assert answer.query.lang == lang
