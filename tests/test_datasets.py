"""Public datasets named instead of a size (rules/data/datasets.toml)."""

from __future__ import annotations

import pytest

from rules.datasets import dataset_named, named_datasets


def test_every_dataset_has_a_source_and_one_count() -> None:
    datasets = named_datasets()
    assert {d.id for d in datasets} >= {"alpaca", "dolly-15k", "openwebtext"}
    for d in datasets:
        assert d.source and d.aliases and (d.samples is None) != (d.tokens is None), d


@pytest.mark.parametrize(("text", "found"), [
    ("finetune mistral 7b on alpaca", "alpaca"),
    ("lora on the alpaca dataset", "alpaca"),
    ("cost on dolly 15k", "dolly-15k"),
    ("gpt2 on openwebtext", "openwebtext"),
    ("can i run alpaca 7b on a 3090", None),  # a model, not the dataset
    ("alpacas are cute", None),
])
def test_a_dataset_is_found_by_its_names(text: str, found: str | None) -> None:
    named = dataset_named(text)
    assert (named[0].id if named else None) == found
