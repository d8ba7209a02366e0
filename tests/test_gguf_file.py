"""gpt-oss's GGUF files keep the MXFP4 experts whatever their type (models.toml native): a GGUF
of it is planned from the published file's size (120B: 63.4 GB, 20B: 12.1 GB), not at the
type's bits per weight (Q4_K_M's 4.89 made the 120B 71.6 GB)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue

CAT = load_catalogue()


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline(CAT)


@pytest.mark.parametrize(("model_id", "gb", "bits"), [
    ("gpt-oss-120b", Decimal("63.4"), Decimal("4.335")),  # 63.4 × 8 / 117
    ("gpt-oss-20b", Decimal("12.1"), Decimal("4.610")),  # 12.1 × 8 / 21
])
def test_the_file_size_is_data_and_plans_the_bits(model_id: str, gb: Decimal, bits: Decimal
                                                  ) -> None:
    native = CAT.models.get(model_id).native
    assert native is not None and native.gguf_gb == gb and native.gguf_source
    method = CAT.method(CAT.gguf_file_method(model_id) or "")
    assert (method.quant, method.bits_per_weight, method.planned_as) == (
        "MXFP4", bits, "inference_int4")
    assert CAT.gguf_file_method("llama-3-8b") is None  # the type's own bits elsewhere


def test_the_runners_default_type_is_not_what_the_file_holds(pipeline: Pipeline) -> None:
    reply = pipeline.ask("gpt-oss:120b in ollama on an h100")
    got = to_json(reply)
    assert got["method"] == "inference_int4" and got["fits"] is True
    # at Ollama's default context on an 80 GB card, the model's 131,072 tokens (was 64.1 GB at
    # 2,048 tokens; 72.2 at Q4_K_M's 4.89 bits)
    assert got["detailed_gb"] == 73.6
    detailed = reply.answer.detailed
    assert detailed is not None
    assert Decimal(62) <= detailed.breakdown.term("weights") <= Decimal("63.4")
    text = got["text"]
    assert "Inference with GGUF MXFP4 (4.34 bits per weight)" in text
    assert ("Ollama runs them as published, not as Q4_K_M. The figure here is planned from the "
            "published file's size, 63.4 GB.") in text
    assert "Q4_K_M (4.89 bits per weight)" not in text


def test_a_named_type_is_planned_from_the_file_too(pipeline: Pipeline) -> None:
    got = to_json(pipeline.ask("gpt-oss 20b q8_0 gguf on a 4090"))
    assert got["detailed_gb"] == 12.8
    assert ("Every GGUF file of gpt-oss-20b keeps its experts in the published MXFP4 weights "
            "whatever its type, Q8_0 too: the figure here is planned from the published file's "
            "size, 12.1 GB.") in got["text"]


def test_the_weights_alone_are_the_files(pipeline: Pipeline) -> None:
    text = to_json(pipeline.ask("gpt-oss 120b gguf on 2x 3090 with llama.cpp"))["text"]
    assert "Even the MXFP4 weights alone take 63.4 GB, more than the 48 GB available." in text


def test_other_models_keep_their_types_bits(pipeline: Pipeline) -> None:
    text = to_json(pipeline.ask("llama 3 8b q4_k_m gguf on a 3060"))["text"]
    assert "GGUF Q4_K_M (4.89 bits per weight)" in text and "MXFP4" not in text
