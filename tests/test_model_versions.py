"""A model name spelt without the version its catalogue entry carries, then another version:
"mistral large 3" found the alias "mistral large" of Mistral Large 2 (123B) and answered for it,
though Mistral Large 3 is a 675B mixture of experts. A later major version is another model;
a minor release, a size, a bit width or a GPU count after the name are not versions."""

from __future__ import annotations

import pytest

from bot.understand import understand
from rules.catalogue import load_catalogue

CAT = load_catalogue()

CASES = [
    # Versions the catalogue does not hold: no model rather than an older one of another size.
    ("can i run mistral large 5 on 8x h100", None),
    ("mistral small 7 on a 4090?", None),
    ("qlora mistral large 4, fits on 4x a100?", None),
    # Versions it holds, found by their own spellings.
    ("mistral large 3 on 8x h200", "mistral-large-3"),
    ("mistral small 4 on an h100", "mistral-small-4"),
    ("mistral large 2 on 4x a100", "mistral-large-2"),
    # Not versions: the name alone, a minor release, a bit width, a count of GPUs or a size.
    ("mistral large on 4x a100", "mistral-large-2"),
    ("mistral small 3.2 qlora on a 4090", "mistral-small-24b"),
    ("mistral large 4bit on 2 h100", "mistral-large-2"),
    ("mistral large 4 bit on 2 h100", "mistral-large-2"),
    ("mixtral 2 gpus a100", "mixtral-8x7b"),
    ("magistral small 1.2 on a 4090", "magistral-small"),
    ("mistral large 2411 on 4x h100", "mistral-large-2"),
]


@pytest.mark.parametrize(("text", "model"), CASES)
def test_a_later_version_is_not_the_catalogued_one(text: str, model: str | None) -> None:
    assert understand(text, CAT).model_id == model, text
