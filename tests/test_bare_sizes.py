"""A brand and a size with no version ("qwen 7b", "llama 8b", "gemma 9b", "phi 14b"): planned as
that size by the seed's rule, with the shape (layers, KV heads) of the model it most likely means
in the detailed estimates, said in the reply; a family named without a size still asks which."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.pipeline import Pipeline, to_json
from bot.understand.index import BrandSizes
from rules.catalogue import load_catalogue
from rules.model_catalogue import load_models


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline(load_catalogue())


@pytest.mark.parametrize(("text", "model_id"), [
    ("qwen 7b", "qwen2.5-7b"),  # Qwen2 7B is older; Qwen2.5-Coder/-Math 7B are not the base
    ("qwen-14b", "qwen3-14b"),
    ("llama 8b", "llama-3.1-8b"),  # Llama 3 8B is older
    ("llama 70b", "llama-3.3-70b"),
    ("llama 7b", "llama-2-7b"),
    ("gemma 9b", "gemma-2-9b"),
    ("phi 14b", "phi-4"),  # "Phi-3 medium (14B)" is a named line, not the brand's 14B
    ("mistral 12b", None),  # Mistral NeMo 12B: a named line, and no architecture on file
    ("qwen 9b", None),
])
def test_the_model_a_brand_and_size_most_likely_mean(text: str, model_id: str | None) -> None:
    found = BrandSizes(load_models()).first_mention(text)
    assert (found.id if found is not None else None) == model_id


def test_the_kv_cache_is_the_assumed_models(pipeline: Pipeline) -> None:
    reply = pipeline.ask("qwen 7b at 32k context on a 4090")
    detailed = reply.answer.detailed
    assert detailed is not None
    # Qwen2.5 7B: 28 layers, 4 KV heads of 128 (models.toml), BF16: 2·28·4·128·2 bytes a token.
    per_token = 2 * 28 * 4 * 128 * 2
    assert detailed.breakdown.term("kv_cache") == round(Decimal(per_token * 32768) / 10**9, 1)
    assert "No version named: the shape of Qwen2.5 7B is assumed" in reply.text
    # The planning rule is the size's, as the user wrote it.
    got = to_json(reply)
    assert (got["params_b"], got["estimate_gb"], got["model"]) == (7, 16.8, None)


def test_a_named_model_says_nothing_of_a_shape(pipeline: Pipeline) -> None:
    reply = pipeline.ask("qwen2.5 7b at 32k context on a 4090")
    assert reply.answer.query.shape_model is None
    assert "No version named" not in reply.text


def test_a_family_without_a_size_still_asks_which(pipeline: Pipeline) -> None:
    answer = pipeline.ask("how much vram for llama 3").answer
    assert answer.missing == "model_size" and answer.family
    # On a configuration, the largest member that fits there is answered (the 8B named).
    picked = pipeline.ask("llama 3 on an H100").answer
    assert picked.family_pick is not None and picked.query.params_b == 70
