"""Models as people name them (models47).

- Cohere's Command A (111B, 03-2025) had no entry: "cmd-a", "command-a", "command a 111b" were
  "Which model?" or a bare 111B. Aya Expanse 32B had none either (a bare 32B). Both now carry
  their config.json shapes (Command A: three sliding-window layers in four, like Command R7B).
- xAI's open Grok-1 (314B, 2 of 8 experts) and Grok 2 (270B, with a dense MLP beside its
  routed experts) had no entry ("grok 1 vram" was "Which model?", "grok-1 on 8x h100" the
  price list).
- A spelling ending in one letter glued to the number after it is not that model: "command
  a100" is the A100, not Command A.
- EXAONE 3.5 32B gets its config.json shape (LG's own AWQ repository); Granite 3.2 8B (built on
  Granite 3.1 8B Instruct, its shape) and 2B had no entry (a bare 8B / 2B).
- "comand a" / "comand r" (one letter short) were no model: "command" is corrected as the
  model families' names are.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue
from rules.model_catalogue import load_models

MODELS = load_models()
PIPELINE = Pipeline(load_catalogue(), cache_size=0)


def ask(text: str) -> dict:
    return to_json(PIPELINE.ask(text))


@pytest.mark.parametrize(("text", "model_id"), [
    ("qlora cmd-a on 4090", "command-a"),
    ("qlora command-a on 4090", "command-a"),
    ("command a 111b vram", "command-a"),
    ("CohereLabs/c4ai-command-a-03-2025 on 2x h100", "command-a"),
    ("can i run command a on 4x a100", "command-a"),
    ("comand a on 2x h100", "command-a"),
    ("comand r on 2x a100", "command-r-35b"),
    ("commnad r+ vram", "command-r-plus-104b"),
    ("qlora aya expanse 32b on 4090", "aya-expanse-32b"),
    ("aya-expanse:32b vram", "aya-expanse-32b"),
    ("grok 1 vram", "grok-1"),
    ("grok-1 on 8x h100", "grok-1"),
    ("xai-org/grok-1 how many h100", "grok-1"),
    ("grok 2 vram", "grok-2"),
    ("grok-2 on 8x h200", "grok-2"),
    ("grok2.5 fp8 on 8x h100", "grok-2"),
    # Granite 3.2 had no entry: a bare 8B / 2B
    ("granite-3.2-8b-instruct on t4", "granite-3.2-8b"),
    ("granite3.2:8b q4 on 8gb", "granite-3.2-8b"),
    ("granite 3.2 2b lora on t4", "granite-3.2-2b"),
    # Hermes 4 had no entry: a bare 70B / 405B (Llama 3.1's shapes, which it is built on)
    ("hermes 4 70b on 2x a100", "hermes-4-70b"),
    ("hermes4 70b q4 on 2x 3090", "hermes-4-70b"),
    ("hermes 4 405b vram", "hermes-4-405b"),
    # MedGemma (Google's Gemma 3 variants for medicine) had no entry: a bare 27B / 4B
    ("medgemma 27b qlora on a100", "medgemma-27b"),
    ("medgemma:27b q4 on 3090", "medgemma-27b"),
    ("medgemma 4b on t4", "medgemma-4b"),
])
def test_the_name_names_its_model(text: str, model_id: str) -> None:
    got = ask(text)
    assert got["model"] == model_id, got["text"]
    assert got["params_b"] == float(MODELS.get(model_id).params_b)


@pytest.mark.parametrize(("text", "model_id"), [
    # Names glued to their letter or split in two: "Which model?", the price list or a bare
    # size before ("deepseekr1" and "commandr" were "corrected" to the bare family word)
    ("deepseekv3 vram", "deepseek-v3"),
    ("deep seek v3 vram", "deepseek-v3"),
    ("deepseekr1 vram", "deepseek-r1"),
    ("deep seek r1 vram", "deepseek-r1"),
    ("deepseekr1 32b on 4090", "deepseek-r1-distill-qwen-32b"),
    ("deepseekr1 70b on 2x 3090", "deepseek-r1-distill-llama-70b"),
    ("commandr on 2x a100", "command-r-35b"),
    ("commandr+ on 2x a100", "command-r-plus-104b"),
    ("commandr7b on t4", "command-r7b"),
    ("commanda on 2x h100", "command-a"),
    ("ayaexpanse 32b on 4090", "aya-expanse-32b"),
    ("smol lm3 on t4", "smollm3-3b"),
])
def test_a_glued_or_split_name(text: str, model_id: str) -> None:
    got = ask(text)
    assert got["model"] == model_id, got["text"]


@pytest.mark.parametrize("text", [
    "command a100",
    "what command a100 uses",
    "cmd a100 price",
])
def test_a_letter_glued_to_a_number_is_not_command_a(text: str) -> None:
    assert ask(text)["model"] is None


# id: (layers, hidden, heads, kv_heads, head_size, intermediate, expert width, experts,
#      active experts, shared experts, vocab, tied, sliding window, full-attention layers)
SHAPES = {
    "command-a": (64, 12288, 96, 8, 128, 36864, 36864, 1, 1, 0, 256000, True, 4096, 16),
    "aya-expanse-32b": (40, 8192, 64, 8, 128, 24576, 24576, 1, 1, 0, 256000, True, None, 0),
    "grok-1": (64, 6144, 48, 8, 128, 32768, 32768, 8, 2, 0, 131072, True, None, 0),
    "grok-2": (64, 8192, 64, 8, 128, 32768, 16384, 8, 2, 2, 131072, False, None, 0),
    # was no arch (a Llama-like shape assumed): LG's own AWQ repository's config.json
    "exaone-3.5-32b": (64, 5120, 40, 8, 128, 27392, 27392, 1, 1, 0, 102400, False, None, 0),
    "granite-3.2-8b": (40, 4096, 32, 8, 128, 12800, 12800, 1, 1, 0, 49155, True, None, 0),
    "granite-3.2-2b": (40, 2048, 32, 8, 64, 8192, 8192, 1, 1, 0, 49155, True, None, 0),
    "hermes-4-70b": (80, 8192, 64, 8, 128, 28672, 28672, 1, 1, 0, 128256, False, None, 0),
    "hermes-4-405b": (126, 16384, 128, 8, 128, 53248, 53248, 1, 1, 0, 128256, False, None, 0),
    "medgemma-27b": (62, 5376, 32, 16, 128, 21504, 21504, 1, 1, 0, 262144, True, 1024, 10),
    "medgemma-4b": (34, 2560, 8, 4, 256, 10240, 10240, 1, 1, 0, 262144, True, 1024, 5),
}


@pytest.mark.parametrize(("model_id", "shape"), SHAPES.items())
def test_shape(model_id: str, shape: tuple) -> None:
    arch = MODELS.get(model_id).arch
    assert arch is not None
    got = (arch.layers, arch.hidden, arch.heads, arch.kv_heads, arch.head_size,
           arch.intermediate, arch.ffn_width, arch.experts, arch.active_experts,
           arch.shared_experts, arch.vocab, arch.tied_embeddings, arch.sliding_window,
           arch.full_attention_layers)
    assert got == shape


@pytest.mark.parametrize(("model_id", "total", "active", "counted", "counted_active"), [
    # llama.cpp's "model params = 111.058 B" for a Command A fine-tune
    ("command-a", "111", None, "111.06", None),
    ("aya-expanse-32b", "32", None, "32.30", None),
    # the README's 314B; 2 of 8 experts active, the shape's count
    ("grok-1", "314", "83.8", "315.68", "83.76"),
    # 269,515,497,472 and 115.0B active counted against the official weights
    ("grok-2", "269.5", "115", "269.51", "114.90"),
    ("exaone-3.5-32b", "32", None, "32.00", None),
    ("granite-3.2-8b", "8.17", None, "8.17", None),
    ("granite-3.2-2b", "2.53", None, "2.53", None),
])
def test_counts(model_id: str, total: str, active: str | None, counted: str,
                counted_active: str | None) -> None:
    spec = MODELS.get(model_id)
    assert spec.params_b == Decimal(total)
    assert spec.active_params_b == (Decimal(active) if active else None)
    arch = spec.arch
    assert arch is not None
    two = Decimal("0.01")
    assert (Decimal(arch.param_count()) / 10**9).quantize(two) == Decimal(counted)
    if counted_active:
        assert (Decimal(arch.active_param_count()) / 10**9).quantize(two) == \
            Decimal(counted_active)


def test_contexts() -> None:
    # vLLM's default for Command A is its config.json's 131,072 (the card's 256K not on file)
    command_a = MODELS.get("command-a")
    assert command_a.engine_default_context == 131072 and command_a.max_context is None
    assert MODELS.get("grok-1").max_context == 8192
    assert MODELS.get("grok-2").max_context == 131072
    assert MODELS.get("exaone-3.5-32b").max_context == 32768
    assert MODELS.get("granite-3.2-8b").max_context == 131072


def test_exaone_3_5_32b_qlora_on_a_4090_is_its_own_shape() -> None:
    # Was read with a Llama-like shape assumed for 32B (and said so); now its own.
    # (26.7 GB and 1,748 tokens with the assumed shape; its 102,400-token untied table and
    # 27,392-wide MLP take more).
    got = ask("qlora exaone3.5 32b on my 4090")
    assert got["model"] == "exaone-3.5-32b"
    assert "it needs about 27.4 GB per GPU (detailed estimate)" in got["text"], got["text"]
    assert "With sequences of at most about 1,447 tokens it fits there." in got["text"]


def test_granite_3_2_is_a_family() -> None:
    got = ask("granite 3.2 on 4090")
    assert got["model"] == "granite-3.2-8b"
    assert got["text"].startswith("ℹ️ Granite 3.2 is a family of 2 models"), got["text"]


@pytest.mark.parametrize(("text", "model_id"), [
    # "aya expanse" with no size was the 8B alone, on 2× A100 too: now the family's largest
    # that fits, the other named
    ("aya-expanse on 2x a100", "aya-expanse-32b"),
    ("aya expanse on 8gb", "aya-expanse-8b"),
])
def test_aya_expanse_is_a_family(text: str, model_id: str) -> None:
    got = ask(text)
    assert got["model"] == model_id, got["text"]
    assert got["text"].startswith("ℹ️ Aya Expanse is a family of 2 models"), got["text"]


def test_aya_expanse_with_no_size_asks_which() -> None:
    got = ask("aya expanse vram")
    assert got["error"] == "missing_model_size", got["text"]
    assert "Aya Expanse 8B or Aya Expanse 32B" in got["text"]
