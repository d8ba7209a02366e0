"""llm-foundry's MPT runs held by the memory estimate, and llama.cpp's partial offload (calib44).

llm-foundry's benchmark tables (mosaicml/llm-foundry scripts/train/benchmarking/README.md,
tests/data/measured-speed.csv) ran MPT 7B on 8 A100 80GB / H100 80GB at 65,536 tokens a GPU a
micro-step with activation checkpointing, yet the detailed estimate said 100.7 GB a GPU (of
85.9), so the reply timed them on 8 B200s. Two of its terms were not what llm-foundry runs:

- the loss: its own MPT class (ComposerMPTCausalLM) defaults to flash-attn's fused
  cross-entropy ('loss_fn', 'fused_crossentropy'), a Triton kernel that saves the BF16 logits
  and writes a BF16 gradient (torch.empty_like(logits)): 4 bytes a logit, where the eager
  Hugging Face loss holds 14 (FP32 upcast, log-softmax, FP32 gradient). 46.3 -> 13.2 GB.
- the norms: MPT's configs (and every benchmark run: submit_benchmarks.py sets norm_type
  low_precision_layernorm) use LPLayerNorm, which runs F.layer_norm on the BF16 input with
  autocast off: no FP32 copy of the input (activations.eager_norm_fp32_copy, LlamaRMSNorm's).

Only an MPT under llm-foundry (trainer "composer"): its hf_causal_lm models keep the Hugging
Face model's own FP32 loss. No measured memory row names llm-foundry (its tables print speeds
only), so the memory calibration (tests/test_calibration_extra.py) is unchanged.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

import pytest

from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue
from rules.estimator import estimate_training, load_constants
from rules.model_catalogue import load_models


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline(load_catalogue(), cache_size=0)


def _ask(pipeline: Pipeline, text: str) -> dict[str, Any]:
    return to_json(pipeline.ask(text))


_RUN = ("full fine-tune MPT 7B on 8x {gpu} 80GB, seq {seq} packed, batch size {batch}, "
        "gradient checkpointing {ckpt}, FSDP, gradient accumulation {acc}, with llm-foundry, "
        "flash attention")


@pytest.mark.parametrize(("gpu", "seq", "batch", "ckpt", "acc", "gb"), [
    # was 100.7 GB a GPU, "does not fit" (logits 46.3 GB at 14 bytes a logit)
    ("A100", 4096, 16, "on", 2, "63.4"),
    ("A100", 65536, 1, "on", 2, "63.4"),
    ("H100", 1024, 64, "on", 2, "63.4"),
    # was 90.9 / 87.6 GB (every layer kept, each norm's FP32 copy among them)
    ("A100", 2048, 6, "off", 2, "71.4"),
    ("H100", 2048, 6, "off", 1, "68.1"),
])
def test_llm_foundry_mpt_runs_are_held(pipeline: Pipeline, gpu: str, seq: int, batch: int,
                                       ckpt: str, acc: int, gb: str) -> None:
    got = _ask(pipeline, _RUN.format(gpu=gpu, seq=seq, batch=batch, ckpt=ckpt, acc=acc))
    assert (got["model"], got["gpu_count"]) == ("mpt-7b", 8)
    assert got["detailed_fits"] is True and Decimal(str(got["detailed_gb"])) == Decimal(gb), got
    assert "llm-foundry runs MPT with flash-attn's fused cross-entropy" in got["text"]
    assert "loss in FP32" not in got["text"]


def test_the_fused_loss_holds_bf16_logits_and_their_gradient() -> None:
    c = load_constants().values
    mpt = load_models().get("mpt-7b")
    assert mpt is not None and mpt.arch is not None
    tokens, vocab, hidden = 4096 * 16, mpt.arch.vocab, mpt.arch.hidden
    args = (mpt, "full_adamw", 4096, 16, True, 16, 8)
    eager = estimate_training(*args, fsdp=True)
    fused = estimate_training(*args, fsdp=True, loss="flash_ce")
    assert c["activations.logits_flash_ce"] == 4.0
    assert fused.term("logits") == round(Decimal(tokens * vocab * 4) / 10**9, 1) \
        < eager.term("logits")
    # LPLayerNorm: two norms a layer, each without its 4-byte FP32 copy of the input, in the
    # recomputed layer and in its activations' gradients.
    lp = estimate_training(*args, fsdp=True, loss="flash_ce", low_precision_norms=True)
    drop = tokens * 2 * c["activations.eager_norm_fp32_copy"] * hidden / 10**9
    assert float(fused.term("activations") - lp.term("activations")) == pytest.approx(drop, abs=0.06)
    assert float(fused.term("layer_gradients") - lp.term("layer_gradients")) \
        == pytest.approx(drop, abs=0.06)


@pytest.mark.parametrize("text", [
    # llm-foundry's hf_causal_lm wraps the Hugging Face model, whose loss upcasts to FP32
    "full fine-tune llama 3 8b on 8x a100 80gb, seq 4096, batch 4{}",
    # an MPT with no llm-foundry named: the Hugging Face model's loss and norms
    "full fine-tune mpt 7b on 8x a100 80gb, seq 4096, batch 16, fsdp{}",
])
def test_only_llm_foundry_s_own_mpt_changes(pipeline: Pipeline, text: str) -> None:
    plain = _ask(pipeline, text.format(""))
    if "llama" in text:
        foundry = _ask(pipeline, text.format(", with llm-foundry"))
        assert foundry["detailed_gb"] == plain["detailed_gb"]
        assert "loss in FP32" in foundry["text"]
    else:
        assert plain["detailed_gb"] == 100.7 and plain["detailed_fits"] is False
        assert "llm-foundry runs MPT" not in plain["text"]


# --- llama.cpp's partial offload on one's own small card -------------------------------------
# "llama 3 70b on my 4060 8gb how many tokens/s": no precision, runner nor engine said and no
# precision fits the card, where people run it with llama.cpp or Ollama (-ngl: the layers the
# card holds, the rest in system RAM). The speed was "On 8× RTX 4060 it fits … 50 tokens/s
# (tensor parallel)", seven more cards; it is now the layer split's, bound by the GPU's and the
# RAM's cited bandwidths (rules.offload.split_decode_bound), its assumptions said.


@pytest.mark.parametrize(("text", "lead", "has"), [
    ("llama 3 70b on my 4060 8gb how many tokens/s",
     "⚡ <b>Llama 3 70B (GGUF Q4_K_M inference) does not fit whole on 1× RTX 4060",
     ["at most about 2.3 tokens/s", "-ngl 14", "14 of the model's 81 layers",
      "at 89.6 GB/s (dual-channel DDR5-5600)", "You named no precision and none fits"]),
    ("mixtral 8x7b on rtx 3060 12gb how fast",
     "⚡ <b>Mixtral 8x7B (46.7B parameters, GGUF Q4_K_M inference) does not fit whole",
     ["at most about 16 tokens/s", "-ngl 14", "14 of the model's 33 layers"]),
    ("how fast is qwen2.5 72b on my 3090",
     "⚡ <b>Qwen2.5 72B (72.7B parameters, GGUF Q4_K_M inference) does not fit whole",
     ["with the other layers in system RAM it generates at most about 4 tokens/s"]),
    ("cuantos tokens por segundo saca llama 3 70b en mi 4060 de 8gb",
     "⚡ <b>Llama 3 70B (inferencia GGUF Q4_K_M) no cabe entero en 1× RTX 4060",
     ["No indicas precisión y ninguna cabe entera en tu tarjeta"]),
])
def test_speed_on_a_small_own_card_is_llama_cpp_s_split(pipeline: Pipeline, text: str, lead: str,
                                                        has: list[str]) -> None:
    got = _ask(pipeline, text)
    assert got["text"].startswith(lead), got["text"]
    for phrase in has:
        assert phrase in got["text"], (phrase, got["text"])
    assert "(tensor parallel)" not in got["text"] and "paralelismo de tensores" not in got["text"]
    # More of one's own cards: a second one at most (Qwen2.5 72B: "On 2× RTX 3090 it fits");
    # was "On 8× RTX 4060 it fits … (llama.cpp's layer split)", "On 4× RTX 3060"
    more = re.search(r"On (\d)× RTX \d+ it fits|En (\d)× RTX \d+ sí cabe", got["text"])
    assert more is None or int(more.group(1) or more.group(2)) <= 2, got["text"]
    assert ("On 2× RTX 3090 it fits" in got["text"]) is ("3090" in text)


@pytest.mark.parametrize("text", [
    # a rented data-centre card: more of them, tensor parallel, as before
    "llama 3.1 405b on 1x h100 how fast",
    # a precision said: that precision's figures
    "llama 3 70b in fp16 on my 4090 how many tokens/s",
    # it fits: its own bound
    "llama 3 8b on my 4060 how fast",
])
def test_other_speeds_keep_their_reading(pipeline: Pipeline, text: str) -> None:
    got = _ask(pipeline, text)
    assert "You named no precision and none fits" not in got["text"], got["text"]


@pytest.mark.parametrize("text", [
    "is 8gb 4060 enough for llama 70b 4bit",
    "can i load llama 3 70b in 4 bit on a 4060 (8gb)?",
])
def test_a_plain_4_bit_on_a_small_own_card_names_the_partial_offload(pipeline: Pipeline,
                                                                     text: str) -> None:
    # was the verdict alone ("does not fit", the L40S offered)
    got = _ask(pipeline, text)
    assert got["fits"] is False and got["gpu"] == "rtx-4060"
    assert "🐢 With llama.cpp or Ollama it can still run, partly on the CPU: a Q4_K_M GGUF " \
        "puts 14 of its 81 layers on the GPU" in got["text"], got["text"]


@pytest.mark.parametrize(("text", "has"), [
    # read as training (a model and a card alone); was "… more than the 12 GB of 1× RTX 3060."
    ("mixtral on a 3060 12gb", "; llama.cpp or Ollama still run it partly on the CPU: ask "
     "“can I run it with llama.cpp?”."),
    ("mixtral en mi 3060 de 12gb", "pregunta «¿puedo ejecutarlo con llama.cpp?»"),
])
def test_training_read_on_a_small_own_card_points_at_the_offload(pipeline: Pipeline, text: str,
                                                                 has: str) -> None:
    got = _ask(pipeline, text)
    assert has in got["text"], got["text"]
