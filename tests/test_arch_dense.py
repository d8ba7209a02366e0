"""Dense models' architectures (rules/data/models.toml [models.arch]) as their published
config.json gives them, and what the detailed estimates make of them: the model's own shape,
not the "Llama-like shape assumed" fallback."""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue
from rules.model_catalogue import load_models

CATALOGUE = load_models()

# (layers, hidden, heads, kv_heads, head size, intermediate, vocab, tied) as each config.json
# states them (num_hidden_layers, hidden_size, num_attention_heads, num_key_value_heads,
# head_dim, intermediate_size, vocab_size, tie_word_embeddings); the copies read are cited in
# the entries' `mirror`.
PINNED = {
    "mistral-nemo-12b": (40, 5120, 32, 8, 128, 14336, 131072, False),
    "qwen2-0.5b": (24, 896, 14, 2, 64, 4864, 151936, True),
    "qwen2-1.5b": (28, 1536, 12, 2, 128, 8960, 151936, True),
    "qwen2-72b": (80, 8192, 64, 8, 128, 29568, 152064, False),
    "olmo-2-32b": (64, 5120, 40, 8, 128, 27648, 100352, False),
    "phi-4-mini": (32, 3072, 24, 8, 128, 8192, 200064, True),
    "smollm3-3b": (36, 2048, 16, 4, 128, 11008, 128256, True),
    "llama-3.1-nemotron-nano-8b": (32, 4096, 32, 8, 128, 14336, 128256, False),
    "mistral-small-24b": (40, 5120, 32, 8, 128, 32768, 131072, False),
    "magistral-small": (40, 5120, 32, 8, 128, 32768, 131072, False),
    "glm-4-9b": (40, 4096, 32, 2, 128, 13696, 151552, False),
    "starcoder2-3b": (30, 3072, 24, 2, 128, 12288, 49152, True),
    "starcoder2-7b": (32, 4608, 36, 4, 128, 18432, 49152, True),
    "starcoder2-15b": (40, 6144, 48, 4, 128, 24576, 49152, True),
    "qwen2-7b": (28, 3584, 28, 4, 128, 18944, 152064, False),
    "olmo-2-13b": (40, 5120, 40, 40, 128, 13824, 100352, False),
    "internlm2.5-7b": (32, 4096, 32, 8, 128, 14336, 92544, False),
    "deepseek-r1-distill-qwen-32b": (64, 5120, 40, 8, 128, 27648, 152064, False),
    "qwen2.5-coder-0.5b": (24, 896, 14, 2, 64, 4864, 151936, True),
    "qwen2.5-coder-3b": (36, 2048, 16, 2, 128, 11008, 151936, True),
    "gemma-3-270m": (18, 640, 4, 1, 256, 2048, 262144, True),
    "chatglm3-6b": (28, 4096, 32, 2, 128, 13696, 65024, False),
    "command-r-35b": (40, 8192, 64, 64, 128, 22528, 256000, True),
    "qwen2-vl-2b": (28, 1536, 12, 2, 128, 8960, 151936, True),
    "qwen2-vl-7b": (28, 3584, 28, 4, 128, 18944, 152064, False),
    "qwen2-vl-72b": (80, 8192, 64, 8, 128, 29568, 152064, False),
    "qwen2.5-vl-3b": (36, 2048, 16, 2, 128, 11008, 151936, True),
    "qwen2.5-vl-7b": (28, 3584, 28, 4, 128, 18944, 152064, False),
    "qwen2.5-vl-32b": (64, 5120, 40, 8, 128, 27648, 152064, False),
    "qwen2.5-vl-72b": (80, 8192, 64, 8, 128, 29568, 152064, False),
    "deepseek-r1-distill-qwen-1.5b": (28, 1536, 12, 2, 128, 8960, 151936, False),
    "deepseek-r1-distill-qwen-7b": (28, 3584, 28, 4, 128, 18944, 152064, False),
    "deepseek-r1-distill-qwen-14b": (48, 5120, 40, 8, 128, 13824, 152064, False),
    "falcon3-1b": (18, 2048, 8, 4, 256, 8192, 131072, False),
    "falcon3-3b": (22, 3072, 12, 4, 256, 9216, 131072, False),
    "deepseek-coder-6.7b": (32, 4096, 32, 32, 128, 11008, 32256, False),
    "aya-23-8b": (32, 4096, 32, 8, 128, 14336, 256000, True),
    "aya-expanse-8b": (32, 4096, 32, 8, 128, 14336, 256000, True),
    "granite-3.3-8b": (40, 4096, 32, 8, 128, 12800, 49159, True),
    "granite-3.3-2b": (40, 2048, 32, 8, 64, 8192, 49159, True),
    "phi-3-small": (32, 4096, 32, 8, 128, 14336, 100352, True),
    "devstral-small": (40, 5120, 32, 8, 128, 32768, 131072, False),
}
VISION_LANGUAGE = sorted(m for m in PINNED if "-vl-" in m)


@pytest.mark.parametrize("model_id", sorted(PINNED))
def test_dense_arch_matches_cited_config(model_id: str) -> None:
    arch = CATALOGUE.get(model_id).arch
    assert arch is not None, model_id
    got = (arch.layers, arch.hidden, arch.heads, arch.kv_heads, arch.head_size,
           arch.intermediate, arch.vocab, arch.tied_embeddings)
    assert got == PINNED[model_id]
    assert arch.source.startswith("https://huggingface.co/") and arch.source.endswith(
        "/config.json")
    assert arch.mirror  # where it was read


def test_mistral_nemo_head_dim_is_not_hidden_over_heads() -> None:
    # Mistral NeMo's 32 query heads are 128 wide (4096 in all), not 5120 / 32 = 160: the
    # attention projections and the KV cache follow head_dim.
    arch = CATALOGUE.get("mistral-nemo-12b").arch
    assert arch is not None
    assert arch.hidden // arch.heads == 160 and arch.head_size == 128
    assert arch.q_dim == 4096 and arch.kv_dim == 1024
    assert arch.linear_shapes()["q_proj"] == (5120, 4096, 1)
    assert arch.linear_shapes()["o_proj"] == (4096, 5120, 1)
    # K and V, 40 layers of 8 heads of 128, in BF16: 163,840 bytes a token.
    assert arch.kv_cache_bytes_per_token(2) == 2 * 40 * 8 * 128 * 2 == 163_840


@pytest.mark.parametrize("model_id", ["starcoder2-3b", "starcoder2-7b", "starcoder2-15b"])
def test_starcoder2_mlp_has_two_matrices(model_id: str) -> None:
    # StarCoder2's MLP is c_fc then c_proj with GELU, no gate: 2 matrices a layer, not 3.
    arch = CATALOGUE.get(model_id).arch
    assert arch is not None and not arch.gated_mlp
    assert set(arch.linear_shapes()) == {"q_proj", "k_proj", "v_proj", "o_proj", "up_proj",
                                         "down_proj"}
    assert arch.mlp_params_per_expert() == 2 * arch.hidden * arch.intermediate


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline(load_catalogue())


@pytest.mark.parametrize("question", [
    "qlora mistral nemo 12b on a 4060 ti 16gb, seq len 4096 batch 2",
    "lora phi-4-mini on a 3060 12gb, seq 2048 batch 4",
    "can i qlora smollm3 on a 3060 with 8k context and batch size 2",
    "mistral small 24b qlora on a 4090, seq 4096 batch 1",
    "starcoder2 15b qlora on a 4090 with 2k context",
    "full finetune qwen2 7b on 8x h100, seq 8192 batch 4",
])
def test_detailed_estimate_uses_the_models_own_shape(pipeline: Pipeline, question: str) -> None:
    got = to_json(pipeline.ask(question))
    assert got["detailed_gb"] is not None, got["text"]
    assert "No architecture on file" not in got["text"]
    assert "Llama-like shape" not in got["text"]


def test_serving_kv_cache_is_mistral_nemos(pipeline: Pipeline) -> None:
    # 32,768 tokens x 163,840 bytes = 5.37 GB a sequence (the Llama-like shape assumed before
    # gave another figure and said so).
    got = to_json(pipeline.ask(
        "how many concurrent users can i serve mistral nemo 12b at 32k context on an h100"))
    assert "(5.37 GB each)" in got["text"], got["text"]
    assert "No architecture on file" not in got["text"]


@pytest.mark.parametrize("model_id", VISION_LANGUAGE)
def test_vision_language_models_describe_their_language_model_only(model_id: str) -> None:
    arch = CATALOGUE.get(model_id).arch
    assert arch is not None and arch.language_model_only
    # A text-only model of the same shape is not marked.
    assert not CATALOGUE.get("qwen2.5-7b").arch.language_model_only  # type: ignore[union-attr]


@pytest.mark.parametrize(("question", "lang", "phrase"), [
    ("Qwen2.5-VL-7B lora on a 4090, seq 2048 batch 2", "en",
     "Vision-language model: only its language model is counted; the vision encoder's "
     "weights and activations come on top."),
    ("lora de qwen2.5 vl 7b en una 4090, secuencias de 2048 y batch 2", "es",
     "Modelo de visión y lenguaje: solo se cuenta su modelo de lenguaje"),
    ("lora de qwen2.5 vl 7b sur une 4090, séquences de 2048 et batch 2", "fr",
     "Modèle vision-langage\u00a0: seul son modèle de langage est compté"),
])
def test_vision_language_reply_says_the_vision_encoder_is_not_counted(
    pipeline: Pipeline, question: str, lang: str, phrase: str,
) -> None:
    got = to_json(pipeline.ask(question))
    assert got["lang"] == lang and got["detailed_gb"] is not None, got["text"]
    assert phrase in got["text"].replace("&#39;", "'"), got["text"]
    assert "No architecture on file" not in got["text"]


def test_text_model_reply_does_not_mention_a_vision_encoder(pipeline: Pipeline) -> None:
    got = to_json(pipeline.ask("qwen2.5 7b lora on a 4090, seq 2048 batch 2"))
    assert got["detailed_gb"] is not None
    assert "vision encoder" not in got["text"]


@pytest.mark.parametrize("model_id", ["starcoder2-3b", "starcoder2-7b", "starcoder2-15b"])
def test_starcoder2_published_context_is_on_file(model_id: str) -> None:
    assert CATALOGUE.get(model_id).max_context == 16_384


def test_longest_context_of_starcoder2_is_capped_at_its_published_context(
    pipeline: Pipeline,
) -> None:
    # The search stopped at 1,048,576 tokens before: no published maximum was on file.
    got = to_json(pipeline.ask(
        "what's the longest context i can serve starcoder2 3b with on an h100"))
    assert got["text"].startswith(
        "📏 <b>16,384 tokens: the whole published context of StarCoder2 3B fits"), got["text"]


def test_gemma_3_270m_splits_as_its_presets_say() -> None:
    # keras-hub's preset: "270-million parameter (170m embedding, 100m transformer params)".
    arch = CATALOGUE.get("gemma-3-270m").arch
    assert arch is not None and arch.tied_embeddings
    assert round(arch.embedding_params() / 1e6) == 168
    assert round(arch.block_linear_params() / 1e6) == 100


# --- sliding-window attention on every layer (StarCoder2: 4,096 tokens) -----------------------


def _kv_bytes(model_id: str, context: int, method: str = "inference_bf16") -> float:
    from rules.estimator import estimate_inference

    spec = load_catalogue().method(method)
    breakdown = estimate_inference(CATALOGUE.get(model_id), spec, context)
    return next(b for name, b, _ in breakdown.parts if name == "kv_cache")


def test_sliding_window_caps_the_kv_cache_at_the_window() -> None:
    arch = CATALOGUE.get("starcoder2-7b").arch
    assert arch is not None and arch.sliding_window == 4096
    per_token = 2 * 32 * 4 * 128 * 2  # K and V, 32 layers of 4 KV heads of 128, BF16
    assert _kv_bytes("starcoder2-7b", 16_384) == per_token * 4096
    assert _kv_bytes("starcoder2-7b", 2048) == per_token * 2048  # within the window: all of it


def test_full_attention_models_keep_the_whole_context() -> None:
    assert CATALOGUE.get("qwen2-7b").arch.sliding_window is None  # type: ignore[union-attr]
    assert _kv_bytes("qwen2-7b", 16_384) == 2 * 28 * 4 * 128 * 2 * 16_384


def test_a_gguf_file_is_counted_for_the_whole_context() -> None:
    per_token = 2 * 32 * 4 * 128 * 2
    assert _kv_bytes("starcoder2-7b", 16_384, "gguf_q4_k_m") == per_token * 16_384


@pytest.mark.parametrize(("question", "phrase"), [
    ("serve starcoder2 7b with 16k context on a 4090",
     "Sliding-window attention: each layer keeps the KV cache of the last 4,096 tokens only"),
    ("servir starcoder2 7b avec 16k de contexte sur une 4090",
     "Attention à fenêtre glissante\u00a0: chaque couche ne garde le cache KV que des 4\u202f096 "
     "derniers tokens"),
])
def test_sliding_window_is_said(pipeline: Pipeline, question: str, phrase: str) -> None:
    got = to_json(pipeline.ask(question))
    assert phrase in got["text"], got["text"]


def test_sliding_window_is_not_said_within_the_window(pipeline: Pipeline) -> None:
    got = to_json(pipeline.ask("serve starcoder2 7b with 2k context on a 4090"))
    assert got["detailed_gb"] is not None
    assert "Sliding-window" not in got["text"]


# The checkpoints' own parameter counts, as the copies cited in each entry's `mirror` give them
# (the 32B distill's Hugging Face record; the others' safetensors or GGUF counts), and whether
# the model has Qwen2's QKV biases.
PUBLISHED_COUNTS = {
    "deepseek-r1-distill-qwen-32b": (32_763_876_352, True),
    "deepseek-r1-distill-qwen-14b": (14_770_033_664, True),
    "deepseek-r1-distill-qwen-7b": (7_615_616_512, True),
    # Untied: with its lm_head tied to the embedding it would be 1,543,714,304.
    "deepseek-r1-distill-qwen-1.5b": (1_777_088_000, True),
    "falcon3-1b": (1_669_408_768, False),
    "falcon3-3b": (3_227_655_168, False),
    "deepseek-coder-6.7b": (6_740_512_768, False),
    "granite-3.3-8b": (8_170_864_640, False),
    "granite-3.3-2b": (2_533_539_840, False),
}
# Cohere's layers have one LayerNorm (attention and MLP in parallel), the others two.
ONE_NORM = {"aya-expanse-8b": 8_028_033_024}


@pytest.mark.parametrize("model_id", sorted(PUBLISHED_COUNTS))
def test_shape_is_its_published_parameter_count_exactly(model_id: str) -> None:
    # The shape entered, with the QKV biases (Qwen2) and the RMSNorm weights, counts exactly
    # the parameters the checkpoint holds: a misread dimension or tying would not.
    count, qkv_bias = PUBLISHED_COUNTS[model_id]
    assert _counted(model_id, qkv_bias, norms_a_layer=2) == count


@pytest.mark.parametrize("model_id", sorted(ONE_NORM))
def test_one_norm_shape_is_its_published_parameter_count_exactly(model_id: str) -> None:
    assert _counted(model_id, qkv_bias=False, norms_a_layer=1) == ONE_NORM[model_id]


def _counted(model_id: str, qkv_bias: bool, norms_a_layer: int) -> int:
    arch = CATALOGUE.get(model_id).arch
    assert arch is not None
    biases = arch.layers * (arch.q_dim + 2 * arch.kv_dim) if qkv_bias else 0
    norms = arch.layers * norms_a_layer * arch.hidden + arch.hidden
    return arch.block_linear_params() + biases + norms + arch.embedding_params()


# Hermes 3 is a full-parameter fine-tune of Llama 3.1 / 3.2 (its cards): the base's shape.
@pytest.mark.parametrize(("model_id", "base_id"), [
    ("hermes-3-3b", "llama-3.2-3b"), ("hermes-3-8b", "llama-3.1-8b"),
    ("hermes-3-70b", "llama-3.1-70b"), ("hermes-3-405b", "llama-3.1-405b"),
])
def test_hermes_3_has_its_llama_base_shape(model_id: str, base_id: str) -> None:
    hermes, base = CATALOGUE.get(model_id), CATALOGUE.get(base_id)
    assert hermes.arch is not None and base.arch is not None
    assert hermes.arch.model_dump(exclude={"source", "mirror"}) == base.arch.model_dump(
        exclude={"source", "mirror"})
    assert hermes.params_b == base.params_b and hermes.max_context == base.max_context


# --- cross-attention layers (Llama 3.2 Vision's text decoder) keep no KV cache of the text ----


@pytest.mark.parametrize(("model_id", "layers", "cross", "hidden", "kv_heads"), [
    ("llama-3.2-11b-vision", 40, 8, 4096, 8), ("llama-3.2-90b-vision", 100, 20, 8192, 8),
])
def test_llama_3_2_vision_text_decoder_is_neMos(
    model_id: str, layers: int, cross: int, hidden: int, kv_heads: int,
) -> None:
    arch = CATALOGUE.get(model_id).arch
    assert arch is not None and arch.language_model_only and not arch.tied_embeddings
    assert (arch.layers, arch.cross_attention_layers, arch.hidden, arch.kv_heads) == (
        layers, cross, hidden, kv_heads)
    assert arch.kv_layers == layers - cross


def test_cross_attention_layers_keep_no_kv_cache_of_the_text() -> None:
    # 32 self-attention layers of 8 KV heads of 128, BF16: 131,072 bytes a token; counting the
    # 8 cross-attention layers too would give 163,840.
    arch = CATALOGUE.get("llama-3.2-11b-vision").arch
    assert arch is not None
    assert arch.kv_cache_bytes_per_token(2) == 2 * 32 * 8 * 128 * 2 == 131_072
    assert _kv_bytes("llama-3.2-11b-vision", 32_768) == 131_072 * 32_768


def test_cross_attention_layers_must_leave_self_attention_layers() -> None:
    from pydantic import ValidationError

    from rules.model_catalogue import Architecture

    shape = dict(layers=8, hidden=64, heads=4, kv_heads=4, intermediate=128, vocab=100,
                 source="test")
    assert Architecture(cross_attention_layers=7, **shape).kv_layers == 1  # type: ignore[arg-type]
    with pytest.raises(ValidationError):
        Architecture(cross_attention_layers=8, **shape)  # type: ignore[arg-type]
