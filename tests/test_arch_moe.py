"""Mixture-of-experts and multi-head latent attention shapes (rules/data/models.toml): the KV
cache of MLA models is the compressed latent, kept whole on every tensor-parallel GPU, and the
serving answers say so instead of assuming a Llama-like shape."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue
from rules.estimator import _lora_params, estimate_inference
from rules.model_catalogue import load_models

CATALOGUE = load_models()
MLA = ("deepseek-v3", "deepseek-r1", "deepseek-v2", "deepseek-v2-lite", "deepseek-coder-v2",
       "deepseek-coder-v2-lite", "kimi-k2")


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline(load_catalogue())


@pytest.mark.parametrize("model_id", MLA)
def test_mla_models_carry_the_latent_shape(model_id: str) -> None:
    arch = CATALOGUE.get(model_id).arch
    assert arch is not None and arch.is_mla and arch.is_moe
    assert (arch.kv_lora_rank, arch.qk_rope_head_dim) == (512, 64)


def test_mla_kv_cache_is_the_latent_not_k_and_v_of_every_head() -> None:
    arch = CATALOGUE.get("deepseek-v3").arch
    assert arch is not None
    # 61 layers x (512 + 64) values x 2 bytes: 70,272 bytes a token (DeepSeek-V2 paper §2.1.2).
    assert arch.kv_cache_bytes_per_token(2.0) == 61 * (512 + 64) * 2 == 70_272
    # The generic formula, 2 * layers * kv_heads * head_dim * 2 bytes, is 1,748,992 bytes with
    # its 128 heads of 56: a cache 25 times too large.
    assert arch.kv_cache_bytes_per_token(2.0) * 20 < 2 * 61 * 128 * (7168 // 128) * 2
    b = estimate_inference(CATALOGUE.get("deepseek-v3"), "inference_int8", 32768)
    assert b.term("kv_cache") == Decimal("2.3")  # 70,272 B x 32,768 tokens


def test_tensor_parallel_keeps_the_latent_whole_on_every_gpu() -> None:
    v3 = CATALOGUE.get("deepseek-v3")
    one = estimate_inference(v3, "inference_int8", 32768, batch=4, gpus=1)
    eight = estimate_inference(v3, "inference_int8", 32768, batch=4, gpus=8)
    assert eight.term("kv_cache") == one.term("kv_cache") == Decimal("9.2")
    assert eight.term("weights") < one.term("weights") / 7  # the weights are split
    assert any(a.code == "kv_replicated" for a in eight.assumptions)
    # Grouped-query attention: the KV heads are split over the GPUs.
    l70 = CATALOGUE.get("llama-3.1-70b")
    gqa1 = estimate_inference(l70, "inference_bf16", 32768, batch=4, gpus=1)
    gqa8 = estimate_inference(l70, "inference_bf16", 32768, batch=4, gpus=8)
    assert abs(gqa8.term("kv_cache") * 8 - gqa1.term("kv_cache")) <= Decimal("0.4")
    assert not any(a.code == "kv_replicated" for a in gqa8.assumptions)


def test_lora_on_mla_adapts_the_latent_projections() -> None:
    arch = CATALOGUE.get("deepseek-v2-lite").arch
    assert arch is not None
    # q_proj (2048 -> 16 x 192), kv_a_proj_with_mqa (2048 -> 576), kv_b_proj (512 -> 16 x 256),
    # o_proj (2048 -> 2048): rank 8 on every layer's attention.
    per_layer = 8 * ((2048 + 3072) + (2048 + 576) + (512 + 4096) + (2048 + 2048))
    assert _lora_params(arch, 8, ("q_proj", "k_proj", "v_proj", "o_proj")) == 27 * per_layer


def test_deepseek_v3_serving_answer_uses_the_latent(pipeline: Pipeline) -> None:
    got = to_json(pipeline.ask(
        "deepseek v3 on 8x h200, how many concurrent users with 32k context"))
    text = got["text"]
    assert got["model"] == "deepseek-v3" and got["gpu_count"] == 8
    assert "No architecture on file" not in text and "Llama-like" not in text
    assert "At most about 17 sequences at once" in text
    assert "the KV cache of 17 sequences 39.1 GB (2.3 GB each)" in text
    assert "multi-head latent attention" in text
    assert "the KV cache are split over 8 GPUs" not in text


@pytest.mark.parametrize(("question", "lang", "phrase"), [
    ("deepseek v3 en 8x h200, ¿cuántos usuarios concurrentes con 32k de contexto?", "es",
     "atención latente multicabeza"),
    ("deepseek v3 sur 8x h200, combien d'utilisateurs simultanés avec 32k de contexte ?", "fr",
     "attention latente multi-têtes"),
])
def test_the_latent_is_said_in_every_language(pipeline: Pipeline, question: str, lang: str,
                                              phrase: str) -> None:
    got = to_json(pipeline.ask(question))
    assert got["lang"] == lang and got["model"] == "deepseek-v3"
    assert phrase in got["text"], got["text"]
