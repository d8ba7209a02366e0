"""A comparison leads with what was asked: which side generates faster (serving a model), which
finishes sooner and costs less (a run with a dataset); each side's verdict is the detailed
estimate's wherever a single configuration's answer would lead with it."""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue

P = Pipeline(load_catalogue())


def _reply(text: str, lang: str = "en") -> str:
    return str(P.ask(text, chosen_locale=lang).text)


@pytest.mark.parametrize(("text", "lang", "start"), [
    ("4090 or a100 for llama 3 8b inference, which gives more tok/s", "en",
     "⚡ <b>1× A100 80GB generates faster: at most about 124 tokens/s for one sequence, against "
     "61 on 1× RTX 4090 (memory-bandwidth bounds).</b>"),
    # Two bounds within a tenth of each other pick no side.
    ("is 2x4090 faster than 1 a100 for inference on llama 70b awq", "en",
     "⚡ <b>About the same speed: "),
    ("vllm llama 3 8b: l4 or a10g?", "en", "⚡ <b>1× A10G generates faster"),
    ("3090 o 4090 para correr qwen2.5 32b q4, cual va mas rapido", "es",
     "⚡ <b>Velocidad casi igual"),
    ("2x3090 ou une a6000 pour faire tourner llama 3 70b en q4 ?", "fr",
     "⚡ <b>2× RTX 3090 génère plus vite"),
])
def test_serving_comparison_leads_with_the_decode_bounds(text: str, lang: str, start: str) -> None:
    assert _reply(text, lang).startswith(start)


def test_layer_split_side_says_its_bandwidths_do_not_add_up() -> None:
    body = _reply("2x 3090 vs 1x a6000 for llama 3 70b q4 gguf tok/s")
    assert "2× RTX 3090: the GGUF's layers are split over the GPUs" in body, body
    # 2 × 22.4 GB at 936 GB/s, in turn: 21 tokens/s; 44.1 GB at 768 GB/s: 17.
    assert "at most about 21 tokens/s for one sequence, against 17 on 1× RTX A6000" in body


def test_training_comparison_is_not_given_decode_bounds() -> None:
    assert "tokens/s for one sequence" not in _reply("3090 vs 4090 for qlora llama 3 8b")


@pytest.mark.parametrize(("text", "lang", "start"), [
    ("h100 vs a100 which is cheaper to qlora llama 3 70b on 100M tokens", "en",
     "⏱ <b>1× H100 finishes sooner and costs less: about 25.64 hours and $69.60 paid, against 78.99 hours and $73.60 on 1× A100 80GB.</b>"),
    ("h100 ou a100 pour un qlora de llama 3 70b sur 100M tokens, lequel revient moins cher ?",
     "fr", "⏱ <b>1× H100 finit plus tôt et coûte moins cher"),
])
def test_run_comparison_leads_with_sooner_and_cheaper(text: str, lang: str, start: str) -> None:
    assert _reply(text, lang).startswith(start)


@pytest.mark.parametrize(("text", "first"), [
    # One side sooner, the other cheaper.
    ("l40s vs h100 for qlora llama 3 8b on 200M tokens",
     "⏱ <b>1× H100 finishes sooner (about 5.9 hours against 16.29 hours), 1× L40S costs less ($16.40 paid against $23.20).</b>"),
    # The same peak TFLOPS and no dequantization to time (LoRA): the same hours, so the price
    # decides.
    ("h100 vs h200 for lora llama 3 8b on 200M tokens",
     "⏱ <b>Both take about 5.84 hours; 1× H100 costs less ($23.20 paid against $30.70).</b>"),
    # Twice the GPUs at the same GPU-hours: the same blocks paid, half the time.
    ("4x h100 vs 8x h100 to full finetune llama 3.1 8b on 1B tokens",
     "⏱ <b>Both cost $92.80 paid; 8× H100 finishes sooner (about 4.77 hours against 9.75 hours).</b>"),
])
def test_sooner_and_cheaper_are_said_as_they_fall(text: str, first: str) -> None:
    assert _reply(text).splitlines()[0] == first


def test_each_side_is_judged_by_the_detailed_estimate() -> None:
    # The planning rule: 51.4 GB of 48 on the A6000, ❌; its detailed estimate at 2,048 tokens
    # (as "llama 3 70b q4 gguf on an a6000" alone says): 44.1 GB of 51.54, ✅.
    answer = P.ask("2x 3090 vs 1x a6000 for llama 3 70b q4 gguf")
    body = str(answer.text)
    assert "📐 Inference with GGUF Q4_K_M (4.89 bits per weight) of Llama 3 70B, detailed " \
        "estimate per GPU with 2,048 tokens of context and batch 1 (assumed):" in body, body
    assert "✅ 1× RTX A6000: about 44.1 GB of the 51.54 GB (48 GiB) each GPU has." in body, body
    assert "Offered configurations that fit" not in body
    assert to_json(answer)["fits"] is True


def test_a_side_without_a_cited_bandwidth_is_not_said_not_to_hold_it() -> None:
    # Both hold DeepSeek-R1 in 8-bit; the H20 has no bandwidth on file (NVIDIA publishes no
    # H20 datasheet), so one bound only (the B300's, NVIDIA's 7.7 TB/s, is cited since cards46;
    # the MI300A's 5.3 TB/s, AMD's CDNA 3 white paper, since data49).
    first = _reply("deepseek r1 on 8x h200 vs 8x h20").splitlines()[0]
    assert first.startswith("⚡ <b>On 8× H200 one sequence generates at most about "), first
    assert "we have no cited bandwidth for the H20" in first


def test_serving_at_two_counts_is_not_called_training() -> None:
    body = _reply("is 2x4090 faster than 1 a100 for inference on llama 70b awq")
    assert "training speed" not in body and "real speed depends on the software" in body
