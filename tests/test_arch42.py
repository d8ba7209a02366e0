"""Layer shapes of catalogued models that had none (arch42): rules/data/models.toml
[models.arch] as each model's config.json gives them (the copies read are in `mirror`).
Without one the estimator assumed a Llama-like shape of the model's size (a 128,256-token
vocabulary, 3.5·hidden SwiGLU, 8 KV heads) and left attention's own FLOPs out of the hours."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue
from rules.estimator import estimate_training
from rules.model_catalogue import ModelSpec, load_models

CATALOGUE = load_models()
ASSUMED_VOCAB = 128_256  # rules/estimator.py _LLAMA_LIKE: what a model without a shape got

# (layers, hidden, heads, kv_heads, head size, intermediate, vocab, tied, gated MLP) as each
# config.json states them.
PINNED = {
    "deepseek-coder-33b": (62, 7168, 56, 8, 128, 19200, 32256, False, True),
    "command-r-plus-104b": (64, 12288, 96, 8, 128, 33792, 256000, True, True),
    "qwen3-vl-2b": (28, 2048, 16, 8, 128, 6144, 151936, True, True),
    "qwen3-vl-4b": (36, 2560, 32, 8, 128, 9728, 151936, True, True),
    "qwen3-vl-32b": (64, 5120, 64, 8, 128, 25600, 151936, False, True),
    "qwen3-vl-30b-a3b": (48, 2048, 32, 4, 128, 6144, 151936, False, True),
    "qwen3-vl-235b-a22b": (94, 4096, 64, 4, 128, 12288, 151936, False, True),
    "granite-3.1-8b": (40, 4096, 32, 8, 128, 12800, 49155, True, True),
    "ministral-3-14b": (40, 5120, 32, 8, 128, 16384, 131072, False, True),
    "pixtral-12b": (40, 5120, 32, 8, 128, 14336, 131072, False, True),
    "glm-4.5v": (46, 4096, 96, 8, 128, 10944, 151552, False, True),
    "ministral-3-8b": (34, 4096, 32, 8, 128, 14336, 131072, False, True),
    "devstral-2": (88, 12288, 96, 8, 128, 28672, 131072, False, True),
}
# The vision-language models: their language model only (text_config), the vision encoder
# not described.
LANGUAGE_MODEL_ONLY = {"qwen3-vl-2b", "qwen3-vl-4b", "qwen3-vl-32b", "qwen3-vl-30b-a3b",
                       "qwen3-vl-235b-a22b", "ministral-3-14b", "pixtral-12b", "glm-4.5v",
                       "ministral-3-8b"}


@pytest.mark.parametrize("model_id", sorted(PINNED))
def test_arch_is_on_file_as_the_config_gives_it(model_id: str) -> None:
    arch = CATALOGUE.get(model_id).arch
    assert arch is not None, model_id
    got = (arch.layers, arch.hidden, arch.heads, arch.kv_heads, arch.head_size,
           arch.intermediate, arch.vocab, arch.tied_embeddings, arch.gated_mlp)
    assert got == PINNED[model_id]
    assert arch.source.startswith("https://huggingface.co/") and "config.json" in arch.source
    assert arch.mirror  # where it was read
    assert arch.language_model_only == (model_id in LANGUAGE_MODEL_ONLY)


@pytest.mark.parametrize(("model_id", "experts", "width"), [
    ("qwen3-vl-30b-a3b", 128, 768), ("qwen3-vl-235b-a22b", 128, 1536),
])
def test_qwen3_vl_moe_routes_eight_of_its_experts(model_id: str, experts: int,
                                                  width: int) -> None:
    # text_config: num_experts, num_experts_per_tok 8, moe_intermediate_size; no shared expert.
    arch = CATALOGUE.get(model_id).arch
    assert arch is not None and arch.is_moe
    assert (arch.experts, arch.active_experts, arch.ffn_width) == (experts, 8, width)
    assert arch.shared_experts == 0 and arch.dense_layers == 0


@pytest.mark.parametrize(("model_id", "vocab"), [
    ("deepseek-coder-33b", 32256), ("command-r-plus-104b", 256000), ("qwen3-vl-4b", 151936),
])
def test_the_logits_are_the_models_own_vocabulary(model_id: str, vocab: int) -> None:
    # The logits of a LoRA step grow with the vocabulary: DeepSeek Coder's 32,256 is a
    # quarter of the 128,256 assumed before, Command R+'s 256,000 twice it.
    spec = CATALOGUE.get(model_id)

    def logits(model: ModelSpec | Decimal) -> float:
        got = estimate_training(model, "lora", 2048, 1, True)
        return sum(b for name, b, _ in got.parts if name == "logits")

    assert logits(spec) / logits(Decimal(spec.params_b)) == pytest.approx(vocab / ASSUMED_VOCAB)


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline(load_catalogue())


@pytest.mark.parametrize("question", [
    "qlora deepseek coder 33b on a 4090, seq 2048 batch 1",
    "qlora command r plus on an a100 80gb, seq 2048 batch 1",
    "lora qwen3 vl 4b on a 4090, seq 2048 batch 1",
    "qlora qwen3 vl 32b on a 4090, seq 1024 batch 1",
    "lora granite 3.1 8b on an a100, seq 4096 batch 2",
    "qlora ministral 3 14b on a 4090, seq 2048 batch 1",
    "lora ministral 3 8b on an l40s, seq 2048 batch 1",
    "qlora devstral 2 123b on an h100, seq 2048 batch 1",
    "qlora pixtral 12b on a 3090, seq 2048 batch 1",
])
def test_detailed_estimate_uses_the_models_own_shape(pipeline: Pipeline, question: str) -> None:
    got = to_json(pipeline.ask(question))
    assert got["detailed_gb"] is not None, got["text"]
    assert "No architecture on file" not in got["text"]
    assert "Llama-like shape" not in got["text"]


def test_training_time_counts_attention_with_the_shape(pipeline: Pipeline) -> None:
    reply = str(pipeline.ask("how long to lora deepseek coder 33b on 100M tokens at 2048 seq "
                             "len on an a100", chosen_locale="en").text)
    assert "no layer shape of this model is on file" not in reply, reply
    assert "Attention's own matmuls add" in reply, reply


def test_deepseek_coder_33b_is_the_largest_lora_on_80_gb(pipeline: Pipeline) -> None:
    # Its own 32,256-token vocabulary (a quarter of the assumed one) leaves room for the
    # activations: the largest LoRA on 80 GB by the detailed estimate is now it, not 32.8B.
    got = to_json(pipeline.ask("biggest model for lora on 80GB"))
    assert got["params_b"] == 33 and got["fits"], got["text"]
    assert "DeepSeek Coder 33B also fits by its own detailed estimate" in got["text"]


def test_a_vision_language_reply_says_the_vision_encoder_is_extra(pipeline: Pipeline) -> None:
    reply = str(pipeline.ask("qlora qwen3 vl 32b on an a100, seq 2048 batch 1, details",
                             chosen_locale="en").text)
    assert "only its language model is counted" in reply, reply
    assert "No architecture on file" not in reply, reply


@pytest.mark.parametrize(("model_id", "text_params"), [
    # The counts their checkpoints give for the language model: Ministral 3 14B's
    # '13,506,073,600 text parameters counted on the meta device', Mistral NeMo's
    # 12,247,782,400 (Pixtral 12B's text decoder).
    ("ministral-3-14b", 13_506_073_600), ("pixtral-12b", 12_247_782_400),
])
def test_the_text_decoder_counts_its_published_parameters(model_id: str,
                                                          text_params: int) -> None:
    arch = CATALOGUE.get(model_id).arch
    assert arch is not None and arch.param_count() == text_params


def test_glm_4_5v_is_glm_4_5_air_with_one_dense_layer_and_a_shared_expert() -> None:
    # text_config: first_k_dense_replace 1 (layer 0's MLP 10944 wide), then 45 layers of 128
    # routed experts of 1408, 8 a token, and one shared expert: GLM-4.5-Air's shape.
    arch = CATALOGUE.get("glm-4.5v").arch
    air = CATALOGUE.get("glm-4.5-air").arch
    assert arch is not None and air is not None
    assert (arch.dense_layers, arch.shared_experts, arch.experts, arch.active_experts,
            arch.ffn_width) == (1, 1, 128, 8, 1408)
    assert arch.param_count() == air.param_count()
