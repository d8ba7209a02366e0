"""speed20 (#16): what start-up's warm-up builds so that a first question does not, and the
caches of the hot paths give the replies the uncached paths give."""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline
from rules.catalogue import load_catalogue


@pytest.fixture(scope="module")
def warmed() -> Pipeline:
    pipeline = Pipeline(load_catalogue())
    pipeline.warm_up()
    return pipeline


def test_warm_up_indexes_the_names_a_typo_is_matched_against(warmed: Pipeline) -> None:
    """"QLoRA 70B on an H1000" built the index of ~2,400 GPU spellings at the first unknown
    card (~12 ms, the corpus's tenth slowest question); a misspelt model, the model names'."""
    cat = warmed.catalogue
    assert "_alias_names" in vars(cat)
    assert "_names" in vars(cat.models)


@pytest.mark.parametrize(("text", "has"), [
    ("QLoRA 70B on an H1000", "H100"),
    ("can i run llama 3 8b on a rtx 9090", "RTX 4090"),
])
def test_suggestions_after_the_warm_up_are_the_ones_made_cold(
    warmed: Pipeline, text: str, has: str
) -> None:
    cold = Pipeline(load_catalogue(), cache_size=0).ask(text).text
    warmed.clear_cache()
    assert warmed.ask(text).text == cold
    assert has in cold
