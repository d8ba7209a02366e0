"""Mixture-of-experts and multi-head latent attention shapes (rules/data/models.toml): the KV
cache of MLA models is the compressed latent, kept whole on every tensor-parallel GPU, and the
serving answers say so instead of assuming a Llama-like shape."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.pipeline import Pipeline, to_json
from bot.understand.parse import understand
from rules.catalogue import load_catalogue
from rules.estimator import _Dims, _lora_params, estimate_inference
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
    assert _lora_params(_Dims(arch), 8, ("q_proj", "k_proj", "v_proj", "o_proj")) == 27 * per_layer


def test_deepseek_v3_serving_answer_uses_the_latent(pipeline: Pipeline) -> None:
    got = to_json(pipeline.ask(
        "deepseek v3 on 8x h200, how many concurrent users with 32k context"))
    text = got["text"]
    assert got["model"] == "deepseek-v3" and got["gpu_count"] == 8
    assert "No architecture on file" not in text and "Llama-like" not in text
    # 8x H200 of 143771 MiB each (150.75 GB, nvidia-smi's total; was 141 GB, 19 sequences)
    assert "At most about 23 sequences at once" in text
    assert "the KV cache of 23 sequences 53 GB (2.3 GB each)" in text
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


MOE = ("llama-4-scout", "llama-4-maverick", "glm-4.5", "glm-4.5-air", "glm-4.6", "qwen3-coder-480b-a35b",
       "qwen2-57b-a14b", "phi-3.5-moe", "minimax-m2")


@pytest.mark.parametrize("model_id", MOE)
def test_moe_models_carry_their_attention_shape(model_id: str) -> None:
    model = CATALOGUE.get(model_id)
    assert model.arch is not None and model.arch.is_moe and not model.arch.is_mla
    # Total and active parameters implied by the shape, within 2 % and 12 % of the published
    # counts (Llama 4 Scout's 109B include its vision encoder; GLM counts its shared expert
    # among the 12B/32B active or not, the card does not say).
    derived = model.arch_params_b()
    assert derived is not None and abs(derived / model.params_b - 1) <= Decimal("0.02")
    active = Decimal(model.arch.active_param_count()) / Decimal(10**9)
    assert model.active_params_b is not None
    assert abs(active / model.active_params_b - 1) <= Decimal("0.12"), active


def test_dense_layers_and_shared_experts_are_counted() -> None:
    maverick = CATALOGUE.get("llama-4-maverick").arch
    assert maverick is not None
    assert (maverick.dense_layers, maverick.moe_layers, maverick.shared_experts) == (24, 24, 1)
    h, e = 5120, 8192
    attention = 2 * h * 40 * 128 + 2 * h * 8 * 128
    moe_layer = attention + 129 * 3 * h * e + h * 128  # 128 routed + 1 shared, router
    dense_layer = attention + 3 * h * 16384
    assert maverick.block_linear_params() == 24 * moe_layer + 24 * dense_layer
    # One routed and the shared expert run per MoE layer; the dense layers run whole.
    idle = 24 * 127 * 3 * h * e
    assert maverick.active_param_count() == maverick.param_count() - idle
    # Qwen2-57B-A14B's shared expert is 20480 wide: 8 expert widths of 2560.
    qwen = CATALOGUE.get("qwen2-57b-a14b").arch
    assert qwen is not None and qwen.shared_experts * qwen.ffn_width == 20480
    assert qwen.active_ffn_width == 2560 * (8 + 8)


@pytest.mark.parametrize(("question", "phrase"), [
    ("how many concurrent users for llama 4 scout on 2x h100 at 8k context",
     "the KV cache of 27 sequences 21.7 GB (0.81 GB each)"),
    ("glm-4.5-air fp8 on 4 h100, how many users at 32k ctx?",
     "the KV cache of 32 sequences 49.4 GB (1.54 GB each)"),
])
def test_moe_serving_answers_use_the_models_shape(pipeline: Pipeline, question: str,
                                                  phrase: str) -> None:
    text = to_json(pipeline.ask(question))["text"]
    assert phrase in text
    assert "No architecture on file" not in text and "Llama-like" not in text


@pytest.mark.parametrize(("text", "seq_len"), [
    ("deepseek v3 on 8x h200, how many concurrent users at 32k", 32768),
    ("how many concurrent requests at 64k for qwen3 235b on 8x h100", 65536),
    ("cuántos usuarios a la vez con llama 3 8b en una L4 a 16k", 16384),
    ("combien d'utilisateurs simultanés pour llama 3 8b sur une L4 à 16k ?", 16384),
    ("how many users can I serve with llama 3 8b on an L4", None),
    ("how many concurrent users at 8 gpus of a100 with llama 70b", None),
])
def test_a_length_after_at_is_the_context_of_each_sequence_served(text: str,
                                                                  seq_len: int | None) -> None:
    query = understand(text, load_catalogue())
    assert query.concurrency_asked and query.intent == "fit"
    assert query.seq_len == seq_len


def test_fewer_kv_heads_than_gpus_split_the_cache_only_that_many_ways() -> None:
    # vLLM's ModelConfig.get_num_kv_heads: max(1, kv_heads // tensor_parallel_size) heads a GPU.
    qwen = CATALOGUE.get("qwen3-235b-a22b")  # 4 KV heads
    one = estimate_inference(qwen, "inference_bf16", 32768, batch=4, gpus=1)
    four = estimate_inference(qwen, "inference_bf16", 32768, batch=4, gpus=4)
    eight = estimate_inference(qwen, "inference_bf16", 32768, batch=4, gpus=8)
    assert eight.term("kv_cache") == four.term("kv_cache")
    assert abs(four.term("kv_cache") * 4 - one.term("kv_cache")) <= Decimal("0.4")
    assert [a.params for a in eight.assumptions if a.code == "kv_heads_replicated"] == [
        {"gpus": 8, "heads": 4}]
    assert not any(a.code == "kv_heads_replicated" for a in four.assumptions)


def test_the_reply_says_the_kv_heads_bound_the_split(pipeline: Pipeline) -> None:
    text = to_json(pipeline.ask(
        "how many concurrent users for qwen3 235b on 8x h100 at 32k context"))["text"]
    assert "At most about 11 sequences at once" in text
    assert "(1.58 GB each)" in text
    assert "the KV cache only 4 ways, as the model has 4 KV heads" in text


@pytest.mark.parametrize(("model_id", "tokens"), [
    ("kimi-k2", 131072), ("deepseek-v2", 131072), ("deepseek-v2-lite", 32768),
    ("deepseek-coder-v2", 131072), ("deepseek-coder-v2-lite", 131072),
])
def test_published_context_caps_the_longest_context(model_id: str, tokens: int) -> None:
    assert CATALOGUE.get(model_id).max_context == tokens


def test_kimi_k2_longest_context_is_its_published_one(pipeline: Pipeline) -> None:
    text = to_json(pipeline.ask("max context for kimi k2 on 16x h200"))["text"]
    assert "131,072 tokens: the whole published context of Kimi K2" in text


def test_llama_4_chunked_attention_is_said_to_make_the_kv_cache_an_upper_bound(
        pipeline: Pipeline) -> None:
    for model_id in ("llama-4-scout", "llama-4-maverick"):
        arch = CATALOGUE.get(model_id).arch
        assert arch is not None and arch.attention_chunk == 8192
    text = to_json(pipeline.ask(
        "how many concurrent users for llama 4 scout on 2x h100 at 8k context"))["text"]
    assert "attend within chunks of 8,192 tokens" in text and "upper bound" in text
    detailed = to_json(pipeline.ask("llama 4 maverick fp8 on 8x h100 with 32k context, details"))
    assert "attend within chunks of 8,192 tokens" in detailed["text"]
    # Full attention in every layer: no such sentence.
    other = to_json(pipeline.ask("glm-4.5-air fp8 on 4 h100, how many users at 32k ctx?"))
    assert "attend within chunks" not in other["text"]


HYBRID = ("qwen3-next-80b-a3b", "granite-4.0-h-small", "granite-4.0-h-tiny", "granite-4.0-h-micro")


@pytest.mark.parametrize("model_id", HYBRID)
def test_hybrid_models_keep_no_arch_and_say_the_cache_is_overstated(model_id: str) -> None:
    model = CATALOGUE.get(model_id)
    assert model.arch is None and model.hybrid_attention


def test_a_hybrid_models_reply_does_not_claim_the_llama_shape_is_its_own(
        pipeline: Pipeline) -> None:
    text = to_json(pipeline.ask(
        "how many users can qwen3-next 80b serve on 2x h100 with 32k context"))["text"]
    assert "this hybrid model: only some of its layers keep an attention KV cache" in text
    assert "No architecture on file for this model:" not in text
    es = to_json(pipeline.ask(
        "¿cuántos usuarios simultáneos con granite 4.0 h small en una h100 a 16k?"))["text"]
    assert "modelo híbrido" in es


def test_qwen3_coder_30b_is_its_own_config() -> None:
    # Qwen3-Coder-30B-A3B-Instruct's config.json (a verbatim copy is cited in `mirror`): the
    # Qwen3 30B-A3B shape, every layer MoE, published for 262,144 tokens (Qwen3 30B-A3B: 131,072).
    coder = CATALOGUE.get("qwen3-coder-30b-a3b")
    arch = coder.arch
    assert arch is not None
    got = (arch.layers, arch.hidden, arch.heads, arch.kv_heads, arch.head_size,
           arch.expert_intermediate, arch.experts, arch.active_experts, arch.vocab,
           arch.tied_embeddings, arch.sliding_window, arch.dense_layers)
    assert got == (48, 2048, 32, 4, 128, 768, 128, 8, 151936, False, None, 0)
    assert (coder.params_b, coder.active_params_b) == (Decimal("30.5"), Decimal("3.3"))
    assert coder.max_context == 262_144
    assert CATALOGUE.get("qwen3-30b-a3b").max_context == 131_072


def test_dbrx_is_its_configs_fine_grained_moe() -> None:
    # databricks/dbrx-base config.json (GenZ's copy): 16 experts of 10,752, 4 per token. Untied,
    # it counts 131.6B parameters, 36.5B active: the card's 132B and 36B.
    dbrx = CATALOGUE.get("dbrx")
    arch = dbrx.arch
    assert arch is not None and arch.is_moe
    got = (arch.layers, arch.hidden, arch.heads, arch.kv_heads, arch.head_size,
           arch.intermediate, arch.experts, arch.active_experts, arch.vocab,
           arch.tied_embeddings)
    assert got == (40, 6144, 48, 8, 128, 10752, 16, 4, 100352, False)
    assert arch.param_count() // 10**8 == 1315
    assert arch.active_param_count() // 10**8 == 364


@pytest.mark.parametrize("model_id", ["jamba-1.5-mini", "jamba-1.5-large"])
def test_jamba_is_hybrid_with_no_shape(model_id: str) -> None:
    # One attention layer in eight, the rest Mamba: the decoder schema does not describe it.
    jamba = CATALOGUE.get(model_id)
    assert jamba.arch is None and jamba.hybrid_attention and jamba.is_moe
    assert jamba.max_context == 262_144


def test_jamba_serving_says_the_assumed_shape_overstates_its_cache(pipeline: Pipeline) -> None:
    got = to_json(pipeline.ask(
        "how many users can i serve jamba 1.5 mini at 32k context on 2x h100"))
    assert got["model"] == "jamba-1.5-mini"
    assert "with a KV cache in every layer: more than the model keeps" in got["text"]
