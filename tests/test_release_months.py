"""Release months of the 7B, 8B, 13B and 70B models (rules/data/models.toml `released`, each with
its source): the largest models a memory holds are named newest first in those sizes too
(they were in the file's order, Llama 2 before Llama 3.3)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.pipeline import Pipeline
from rules.catalogue import load_catalogue
from rules.largest import largest_fitting


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline(load_catalogue())


@pytest.mark.parametrize(("method", "memory", "first", "order"), [
    # QLoRA 0.75 GB per B: 53 GB holds 70.6B.
    # models47: Hermes 4 70B (August 2025) is now the newest 70B.
    ("qlora", "53", "hermes-4-70b",
     ["deepseek-r1-distill-llama-70b", "llama-3.3-70b", "llama-3.1-70b", "llama-3-70b", "codellama-70b", "llama-2-70b"]),
    # BF16 serving 2.4 GB per B: 32 GB holds 13.3B.
    ("inference_bf16", "32", "olmo-2-13b",
     ["llava-1.5-13b", "codellama-13b", "llama-2-13b", "llama-1-13b", "opt-13b"]),
    # 16.8 GB holds 7B.
    ("inference_bf16", "16.8", "olmo-3-7b",
     ["granite-4.0-h-tiny", "qwen2.5-vl-7b", "olmo-2-7b", "qwen2-7b", "qwen1.5-7b", "deepseek-llm-7b", "llama-2-7b",
      "falcon-7b"]),
    # 19.2 GB holds 8B.
    ("inference_bf16", "19.2", "qwen3-vl-8b",
     ["deepseek-r1-distill-llama-8b", "ministral-8b", "hermes-3-8b", "llama-3.1-8b",
      "aya-23-8b", "llama-3-8b"]),
])
def test_the_largest_models_are_named_newest_first(
    method: str, memory: str, first: str, order: list[str]
) -> None:
    cat = load_catalogue()
    ids = largest_fitting(method, Decimal(memory), cat).model_ids  # type: ignore[arg-type]
    assert ids[0] == first
    places = [ids.index(i) for i in order]
    assert places == sorted(places), ids
    dated = [cat.models.get(i).released for i in ids]
    assert [d for d in dated if d] == sorted((d for d in dated if d), reverse=True)


def test_every_month_has_its_source() -> None:
    dated = [m for m in load_catalogue().models
             if m.params_b in (Decimal(7), Decimal(8), Decimal(13), Decimal(70)) and m.released]
    assert len(dated) >= 47
    for model in dated:
        assert model.released_source and len(model.released_source) > 20, model.id


def test_the_reply_names_the_13b_models_newest_first(pipeline: Pipeline) -> None:
    # mT0-XXL (13B) is an encoder-decoder: never offered as the largest.
    answer = pipeline.ask("biggest model i can run in fp16 on 32gb").answer
    assert answer.largest_names == (
        "OLMo 2 13B", "LLaVA-1.5 13B", "Baichuan2 13B", "Code Llama 13B", "Vicuna 13B",
        "Llama 2 13B", "LLaMA 13B", "OPT-13B (Meta)")


def test_the_reply_names_the_7b_models_newest_first(pipeline: Pipeline) -> None:
    # Olmo 3 7B (November 2025) no longer fits 17 GB: its own shape (arch41) is 7.3B weights
    # and a KV cache in all 32 heads, 17.2 GB. Command R7B neither: its weights are 8.03B
    # (arch43).
    answer = pipeline.ask("biggest model i can run in fp16 on 17gb").answer
    assert answer.largest_names[:6] == (
        "Granite 4.0 H Tiny (7B MoE)", "Qwen2.5-VL 7B", "Falcon3 7B (TII)", "Qwen2 7B",
        "Phi-3 small (7B)", "OLMo 7B")
