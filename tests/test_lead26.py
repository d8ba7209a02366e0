"""Session 26 (lead): the largest model a memory holds never names an encoder, and a long list
of one size's models is cut to a few names and a count."""
from __future__ import annotations

from decimal import Decimal

import pytest

from bot.render.phrases import Phrases
from rules.largest import largest_fitting
from tests.support.chat import CATALOGUE


@pytest.mark.parametrize("method", ["inference_bf16", "inference_int4", "qlora", "lora"])
def test_the_largest_that_fits_is_never_an_encoder(method: str) -> None:
    # T5 11B, Flan-T5 XL (3B) and mT0-XXL (13B) are the largest on file at some memories:
    # nothing runs them as a chat model, so they are never offered.
    encoders = {m.id for m in CATALOGUE.models if m.encoder is not None}
    assert {"t5-11b", "flan-t5-xxl", "mt0-xxl", "bert-large"} <= encoders
    seen: set[str] = set()
    for tenth in range(5, 600, 5):
        top = largest_fitting(method, Decimal(tenth) / 10, CATALOGUE)  # type: ignore[arg-type]
        seen.update(top.model_ids)
    assert seen and not seen & encoders


@pytest.mark.parametrize(("locale", "tail"), [
    ("en", "D, and 2 others"), ("es", "D y 2 más"), ("fr", "D et 2 autres"),
])
def test_many_names_of_one_size_are_counted_past_four(locale: str, tail: str) -> None:
    ph = Phrases(locale, CATALOGUE)
    assert ph.some_names(["A", "B", "C", "D", "E", "F"]).endswith(tail)
    assert "E" not in ph.some_names(["A", "B", "C", "D", "E", "F"])
    assert ph.some_names(["A", "B"]) in ("A and B", "A y B", "A et B")
