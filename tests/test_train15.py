"""train15: fine-tuning memory against measured runs and the settings people state.

The largest model a memory holds is named from models whose estimate comes from their own
architecture: a model with none on file is estimated with a generic Llama-like shape of its
size, which knows nothing of its vocabulary or layers."""

from __future__ import annotations

import pytest

from tests.support.chat import CATALOGUE, ask

# (question, locale, the size the reply leads with, names that must not lead it)
LARGEST = [
    ("biggest model i can qlora on a 24gb gpu", None, 24, ("MPT 30B", "OPT-30B")),
    ("whats the biggest model i can qlora on my 4090??", None, 24, ("MPT 30B", "OPT-30B")),
    ("cual es el modelo mas grande q puedo entrenar con qlora en mi 3090", "es", 24,
     ("MPT 30B", "OPT-30B")),
    ("le plus gros modèle que je peux qlora sur une 4090 ?", "fr", 24, ("MPT 30B", "OPT-30B")),
    ("biggest model i can serve in int8 on an H100", None, 65.2, ("OPT-66B",)),
]


@pytest.mark.parametrize(("text", "locale", "size", "unknown"), LARGEST)
def test_the_largest_size_is_one_a_model_with_its_own_architecture_holds(
        text: str, locale: str | None, size: float, unknown: tuple[str, ...]) -> None:
    reply = ask(text, locale)
    answer = reply.answer
    assert answer.largest_detailed is not None, reply.text
    got, names = answer.largest_detailed
    assert float(got) == size, reply.text
    lead = reply.text.split("\n")[0]
    assert not [n for n in unknown if n in lead], lead
    by_name = {m.name: m for m in CATALOGUE.models}
    # At least one named model was estimated with its own layers and vocabulary.
    assert any(by_name[n].arch is not None for n in names), names
