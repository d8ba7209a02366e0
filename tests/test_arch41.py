"""Layer shapes of catalogued models that had none (arch41): rules/data/models.toml
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
    "opt-1.3b": (24, 2048, 32, 32, 64, 8192, 50272, True, False),
    "opt-2.7b": (32, 2560, 32, 32, 80, 10240, 50272, True, False),
    "opt-6.7b": (32, 4096, 32, 32, 128, 16384, 50272, True, False),
    "opt-13b": (40, 5120, 40, 40, 128, 20480, 50272, True, False),
    "opt-66b": (64, 9216, 72, 72, 128, 36864, 50272, True, False),
    "falcon3-7b": (28, 3072, 12, 4, 256, 23040, 131072, False, True),
    "falcon3-10b": (40, 3072, 12, 4, 256, 23040, 131072, False, True),
    "ministral-3-3b": (26, 3072, 32, 8, 128, 9216, 131072, True, True),
    "baichuan2-7b": (32, 4096, 32, 32, 128, 11008, 125696, False, True),
    "baichuan2-13b": (40, 5120, 40, 40, 128, 13696, 125696, False, True),
    "internlm2.5-20b": (48, 6144, 48, 8, 128, 16384, 92544, False, True),
    "bloom-560m": (24, 1024, 16, 16, 64, 4096, 250880, True, False),
    "bloom-1b1": (24, 1536, 16, 16, 96, 6144, 250880, True, False),
    "bloom-1b7": (24, 2048, 16, 16, 128, 8192, 250880, True, False),
    "bloom-3b": (30, 2560, 32, 32, 80, 10240, 250880, True, False),
    "bloom-176b": (70, 14336, 112, 112, 128, 57344, 250880, True, False),
    "santacoder": (24, 2048, 16, 1, 128, 8192, 49280, True, False),
    "olmo-3-7b": (32, 4096, 32, 32, 128, 11008, 100278, False, True),
    "olmo-3-32b": (64, 5120, 40, 8, 128, 27648, 100278, False, True),
}


@pytest.mark.parametrize("model_id", sorted(PINNED))
def test_arch_is_on_file_as_the_config_gives_it(model_id: str) -> None:
    arch = CATALOGUE.get(model_id).arch
    assert arch is not None, model_id
    got = (arch.layers, arch.hidden, arch.heads, arch.kv_heads, arch.head_size,
           arch.intermediate, arch.vocab, arch.tied_embeddings, arch.gated_mlp)
    assert got == PINNED[model_id]
    assert arch.source.startswith("https://huggingface.co/") and "config.json" in arch.source
    assert arch.mirror  # where it was read


@pytest.mark.parametrize("model_id", sorted(m for m in PINNED if m.startswith("opt-")))
def test_opt_counts_its_positions_and_biases(model_id: str) -> None:
    # OPT's learned positions: max_position_embeddings 2048 plus transformers' offset of 2.
    arch = CATALOGUE.get(model_id).arch
    assert arch is not None and arch.learned_positions == 2050 and arch.biases


@pytest.mark.parametrize("model_id", sorted(m for m in PINNED if m.startswith("bloom-")))
def test_bloom_has_biases_and_no_position_weights(model_id: str) -> None:
    # BLOOM's ALiBi adds no weights; every Linear and LayerNorm carries a bias.
    arch = CATALOGUE.get(model_id).arch
    assert arch is not None and arch.learned_positions is None and arch.biases


def test_santacoder_keeps_one_kv_head() -> None:
    # multi_query: K and V of one 128-wide head, 24 layers, FP16: 12,288 bytes a token.
    arch = CATALOGUE.get("santacoder").arch
    assert arch is not None and arch.learned_positions == 2048
    assert arch.kv_cache_bytes_per_token(2) == 2 * 24 * 1 * 128 * 2


@pytest.mark.parametrize(("model_id", "full"), [("olmo-3-7b", 8), ("olmo-3-32b", 16)])
def test_olmo_3_windows_three_layers_in_four(model_id: str, full: int) -> None:
    arch = CATALOGUE.get(model_id).arch
    assert arch is not None and arch.sliding_window == 4096
    assert arch.full_attention_layers == full == arch.layers // 4
    # At 32,768 tokens the windowed layers keep 4,096 tokens each.
    assert arch.kv_cache_layer_tokens(32_768) == full * 32_768 + (arch.layers - full) * 4096


@pytest.mark.parametrize(("model_id", "vocab"), [
    ("opt-6.7b", 50272), ("falcon3-7b", 131072), ("baichuan2-7b", 125696),
    ("bloom-3b", 250880), ("olmo-3-7b", 100278),
])
def test_the_logits_are_the_models_own_vocabulary(model_id: str, vocab: int) -> None:
    # The logits of a LoRA step grow with the vocabulary: OPT's 50,272 is 0.39 of the
    # 128,256 assumed before, Falcon3's 131,072 1.02 of it.
    spec = CATALOGUE.get(model_id)

    def logits(model: ModelSpec | Decimal) -> float:
        got = estimate_training(model, "lora", 2048, 1, True)
        return sum(b for name, b, _ in got.parts if name == "logits")

    assert logits(spec) / logits(Decimal(spec.params_b)) == pytest.approx(vocab / ASSUMED_VOCAB)


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline(load_catalogue())


@pytest.mark.parametrize("question", [
    "lora opt 6.7b on a 4090, seq 2048 batch 1",
    "qlora falcon3 10b on a 3060 12gb, seq 2048 batch 2",
    "lora baichuan2 7b on an a100, seq 4096 batch 2",
    "qlora bloom 3b on a 3060, seq 2048 batch 4",
    "qlora olmo 3 32b on a 4090, seq 4096 batch 1",
    "lora internlm2.5 20b on an a100 80gb, seq 2048 batch 1",
])
def test_detailed_estimate_uses_the_models_own_shape(pipeline: Pipeline, question: str) -> None:
    got = to_json(pipeline.ask(question))
    assert got["detailed_gb"] is not None, got["text"]
    assert "No architecture on file" not in got["text"]
    assert "Llama-like shape" not in got["text"]


def test_training_time_counts_attention_with_the_shape(pipeline: Pipeline) -> None:
    reply = str(pipeline.ask("how long to lora falcon3 7b on 100M tokens at 512 seq len on an "
                             "a100", chosen_locale="en").text)
    assert "no layer shape of this model is on file" not in reply, reply
    assert "Attention's own matmuls add" in reply, reply


def test_vision_language_ministral_counts_its_language_model_only() -> None:
    spec = CATALOGUE.get("ministral-3-3b")
    assert spec.arch is not None and spec.arch.language_model_only
    # The card: '3.4B Language Model' and '0.4B Vision Encoder'.
    assert round(float(spec.arch_params_b() or 0), 1) == 3.4
