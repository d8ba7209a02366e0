"""Hostile and odd input found misread in session 41 (hostile41): each reply is pinned on what the
user said, not on what a looser reading made of it."""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue

PIPELINE = Pipeline(load_catalogue())


def _ask(text: str, locale: str | None = None) -> dict[str, object]:
    return to_json(PIPELINE.ask(text, chosen_locale=locale))


# "-8 gpus" lost its sign and was sized as 8 GPUs ("Split over 8 GPUs …"), where "-8 h100" was
# refused: a count of cards named by the word alone keeps its sign too.
@pytest.mark.parametrize(("text", "locale"), [
    ("lora 8b on -8 gpus", None),
    ("how much for lora 8b on -4 gpus", None),
    ("lora 8b on \u22128 gpus", None),  # the minus sign U+2212
    ("lora 8b en -8 gpus", "es"),
    ("lora 8b sur -8 gpu", "fr"),
])
def test_a_negative_count_of_gpus_is_refused(text: str, locale: str | None):
    out = _ask(text, locale)
    assert out["error"] == "gpu_count_out_of_range", out["text"]


@pytest.mark.parametrize("text", ["lora 8b on 8 gpus", "lora 8b on gpt-2 gpus", "2-4 gpus for lora 8b"])
def test_a_hyphen_that_is_no_sign_leaves_the_count_read(text: str):
    assert _ask(text)["error"] is None
