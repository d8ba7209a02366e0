"""Sliding windows on some layers only (Gemma 2/3, gpt-oss): the windowed layers keep the KV
cache of the window's tokens, the full-attention layers that of the whole context. Figures by
hand from the configs cited in rules/data/models.toml."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue
from rules.estimator import estimate_inference
from rules.model_catalogue import Architecture, load_models

CATALOGUE = load_models()


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline(load_catalogue())


def _kv_bytes(model_id: str, context: int, method: str = "inference_bf16") -> float:
    spec = load_catalogue().method(method)
    breakdown = estimate_inference(CATALOGUE.get(model_id), spec, context)
    return next(b for name, b, _ in breakdown.parts if name == "kv_cache")


def test_gemma_3_27b_keeps_the_window_on_52_layers_and_the_context_on_10() -> None:
    # Gemma 3 27B: 62 layers, 16 KV heads of 128; sliding_window 1024, sliding_window_pattern 6
    # (layers 5, 11, … 59 attend over the whole context: 10 of them).
    arch = CATALOGUE.get("gemma-3-27b").arch
    assert arch is not None
    assert (arch.sliding_window, arch.full_attention_layers) == (1024, 10)
    per_token_layer = 2 * 16 * 128 * 2  # K and V, BF16
    context = 131_072
    assert _kv_bytes("gemma-3-27b", context) == per_token_layer * (52 * 1024 + 10 * context)
    # Within the window every layer keeps the whole (short) context.
    assert _kv_bytes("gemma-3-27b", 1000) == per_token_layer * 62 * 1000


@pytest.mark.parametrize(("model_id", "layers", "full", "window", "per_token_layer"), [
    ("gemma-2-9b", 42, 21, 4096, 2 * 8 * 256 * 2),
    ("gemma-3-12b", 48, 8, 1024, 2 * 8 * 256 * 2),
    ("gemma-3-1b", 26, 4, 512, 2 * 1 * 256 * 2),
    ("gpt-oss-20b", 24, 12, 128, 2 * 8 * 64 * 2),
    ("gpt-oss-120b", 36, 18, 128, 2 * 8 * 64 * 2),
])
def test_mixed_models_count_local_layers_at_the_window(
        model_id: str, layers: int, full: int, window: int, per_token_layer: int) -> None:
    arch = CATALOGUE.get(model_id).arch
    assert arch is not None and arch.layers == layers
    assert (arch.sliding_window, arch.full_attention_layers) == (window, full)
    context = 8192
    assert _kv_bytes(model_id, context) == per_token_layer * (
        (layers - full) * min(window, context) + full * context)


def test_llama_cpp_keeps_the_window_and_a_physical_batch_on_the_windowed_layers() -> None:
    # llama_kv_cache_iswa: GGML_PAD(min(n_ctx, n_swa + n_ubatch), 256) cells on the windowed
    # layers: 1024 + 512 = 1536 for Gemma 3 27B, 4096 + 512 = 4608 for Gemma 2 9B.
    per_token_layer = 2 * 16 * 128 * 2
    assert _kv_bytes("gemma-3-27b", 32_768, "gguf_q4_k_m") == per_token_layer * (
        52 * 1536 + 10 * 32_768)
    assert _kv_bytes("gemma-2-9b", 8192, "gguf_q8_0") == 2 * 8 * 256 * 2 * (
        21 * 4608 + 21 * 8192)
    # Within the window and a batch every layer keeps the whole context.
    assert _kv_bytes("gemma-3-27b", 1500, "gguf_q4_k_m") == per_token_layer * 62 * 1500


def test_a_gguf_file_of_a_model_llama_cpp_gives_no_window_keeps_it_all() -> None:
    # gpt-oss: no llama.cpp sliding-window pattern on file, the whole context on every layer.
    assert not CATALOGUE.get("gpt-oss-20b").arch.llama_cpp_swa  # type: ignore[union-attr]
    assert _kv_bytes("gpt-oss-20b", 32_768, "gguf_q4_k_m") == 2 * 8 * 64 * 2 * 24 * 32_768


def test_the_copied_layer_is_a_full_attention_one() -> None:
    spec = load_catalogue().method("inference_bf16")
    breakdown = estimate_inference(CATALOGUE.get("gemma-3-27b"), spec, 131_072)
    copied = next(b for name, b, _ in breakdown.parts if name == "kv_transient")
    assert copied == 2 * 16 * 128 * 2 * 131_072


def test_full_attention_layers_need_a_window_and_some_windowed_layers() -> None:
    shape = dict(layers=4, hidden=64, heads=4, kv_heads=2, intermediate=128, vocab=100,
                 source="test")
    with pytest.raises(ValidationError):
        Architecture(**shape, full_attention_layers=2)  # type: ignore[arg-type]
    with pytest.raises(ValidationError):
        Architecture(**shape, sliding_window=16, full_attention_layers=4)  # type: ignore[arg-type]
    arch = Architecture(**shape, sliding_window=16, full_attention_layers=1)  # type: ignore[arg-type]
    assert arch.kv_cache_layer_tokens(100) == 3 * 16 + 1 * 100
    assert arch.kv_cache_layer_tokens(10) == 4 * 10


@pytest.mark.parametrize(("question", "lang", "phrase"), [
    ("gemma 3 27b 128k ctx on a 4090?", "en",
     "Sliding-window attention on 52 of the 62 layers: those keep the KV cache of the last "
     "1,024 tokens only, the others the whole context"),
    ("gemma 3 27b con 128k de contexto en una 4090?", "es",
     "Atención de ventana deslizante en 52 de las 62 capas"),
    ("gemma 3 27b avec 128k de contexte sur une 4090 ?", "fr",
     "Attention à fenêtre glissante sur 52 des 62 couches"),
])
def test_the_windowed_layers_are_said(pipeline: Pipeline, question: str, lang: str,
                                      phrase: str) -> None:
    got = to_json(pipeline.ask(question))
    assert got["lang"] == lang
    assert phrase in got["text"], got["text"]
