"""Attention's own FLOPs in the training-time estimate (attn40).

k·N counts the FLOPs that go through the weights; attention's scores (Q·Kᵀ) and weighted values
(P·V) multiply activations by activations and grow with the tokens a sample holds. The estimate
now adds, per token and self-attention layer, 2·(query width + value width) FLOPs a key it
attends to (FlashAttention's benchmark count, 4·T²·H·d a sequence, halved under a causal mask:
Kaplan et al.'s 2·n_layer·n_ctx·d_attn forward), times 1 forward + 2.5 backward (FlashAttention's
backward runs 5 matmuls to its forward's 2) + 1 recomputed forward with checkpointing + 1
reference forward (DPO). rules/data/detailed.toml flops.attention_*.

Against llm-foundry's MPT 7B and 30B tables (shapes from its own yamls), the rows at 32,768 and
65,536 tokens sat at 0.31-0.83 of the k·N-only formula; with the term, 0.75-1.42, beside the
short rows that barely move (+1-5 % at 2,048 tokens and fewer).
"""

from __future__ import annotations

import csv
import datetime as dt
from decimal import Decimal
from pathlib import Path

import pytest

from bot.pipeline import Pipeline
from rules.catalogue import load_catalogue
from rules.model_catalogue import Architecture, ModelSpec
from rules.training_time import (
    attention_flops_per_token,
    estimate_training_time,
    training_throughput,
)

ROOT = Path(__file__).resolve().parents[1]
SPEED = ROOT / "tests" / "data" / "measured-speed.csv"
FOUNDRY = "mosaicml/llm-foundry"
# llm-foundry scripts/train/yamls/pretrain/mpt-7b.yaml @34c28fc9 (d_model 4096, n_heads 32,
# n_layers 32, expansion_ratio 4, vocab_size 50368) and mpt-30b.yaml @fe15f275 (d_model 7168,
# n_heads 56, n_layers 48): the runs of its benchmarking tables.
_MPT = {"MPT 7B": (32, 4096, 32), "MPT 30B": (48, 7168, 56)}


def _mpt(name: str, params_b: str) -> ModelSpec:
    layers, hidden, heads = _MPT[name]
    return ModelSpec(
        id="mpt", name=name, params_b=Decimal(params_b), source="llm-foundry yamls",
        verified=dt.date(2026, 12, 6),
        arch=Architecture(layers=layers, hidden=hidden, heads=heads, kv_heads=heads,
                          intermediate=4 * hidden, vocab=50368, gated_mlp=False,
                          source="llm-foundry scripts/train/yamls/pretrain"))


def _foundry(with_attention: bool) -> dict[tuple[str, int, str], float]:
    """measured / estimate of each llm-foundry row against the formula at the card's peak."""
    cat = load_catalogue()
    peak = {"A100": cat.gpu("a100-80gb").bf16_dense_tflops, "H100": cat.gpu("h100").bf16_dense_tflops}
    with open(SPEED, newline="", encoding="utf-8") as fh:
        raw = [r for r in csv.DictReader(fh) if r["source"].startswith(FOUNDRY)]
    out: dict[tuple[str, int, str], float] = {}
    for row in raw:
        card = "A100" if "A100" in row["gpus"] else "H100"
        seq = int(row["context"].split()[0])
        rate = training_throughput(_mpt(row["model"], row["params_b"]), "full_adamw", peak[card],
                                   1, row["grad_ckpt"] == "on",
                                   seq_len=seq if with_attention else None)
        out[card, seq, row["model"] + row["gpus"] + row["micro_batch"]] = \
            float(row["tokens_per_s"]) / float(rate.tokens_per_second)
    return out


def test_the_term_is_kaplans_forward_times_flash_attentions_passes() -> None:
    llama = load_catalogue().models.get("llama-3-8b")
    assert llama is not None and llama.arch is not None
    # 32 layers, 32 heads x 128: 2·(4096 + 4096) FLOPs a key, 256 keys on average at 512 tokens
    # under a causal mask (2·n_layer·n_ctx·d_attn = 2·32·512·4096 forward), then 1 + 2.5 passes.
    forward = 2 * 32 * 512 * 4096
    plain = attention_flops_per_token(llama, 512)
    assert plain is not None and plain.flops_per_token == forward * Decimal("3.5")
    assert plain.window is None and plain.seq_len == 512
    ckpt = attention_flops_per_token(llama, 512, grad_ckpt=True)
    dpo = attention_flops_per_token(llama, 512, grad_ckpt=True, reference=True)
    assert ckpt is not None and ckpt.flops_per_token == forward * Decimal("4.5")
    assert dpo is not None and dpo.flops_per_token == forward * Decimal("5.5")
    # mlx-lm's --num-layers: the backward and the recompute run through the trained share only.
    half = attention_flops_per_token(llama, 512, grad_ckpt=True, trained=Decimal("0.5"))
    assert half is not None and half.flops_per_token == forward * Decimal("2.75")
    # Quadratic in the sequence: 64 times the tokens, 64 times the FLOPs a token.
    long = attention_flops_per_token(llama, 32768)
    assert long is not None and long.flops_per_token == 64 * plain.flops_per_token
    # No shape on file (a size alone): left out, and said so.
    assert attention_flops_per_token(Decimal(8), 512) is None


def test_adapters_pay_attentions_whole_backward() -> None:
    # Attention has no weights: its backward is all activation gradients, which every adapter
    # below it needs. So LoRA's hours grow by the same FLOPs a token as full fine-tuning's.
    llama = load_catalogue().models.get("llama-3-8b")
    assert llama is not None
    tokens = 10**8
    for method, k in (("lora", 4), ("full_adamw", 6)):
        with_term = estimate_training_time(llama, method, tokens, 312, seq_len=4096)
        without = estimate_training_time(llama, method, tokens, 312)
        assert with_term.flops is not None and without.flops is not None
        assert without.flops == k * llama.params_b * 10**9 * tokens
        assert with_term.flops - without.flops == 2 * 32 * 4096 * 4096 * Decimal("3.5") * tokens
        assert with_term.attention is not None and without.attention is None


def test_sliding_window_layers_attend_to_their_window_only() -> None:
    cat = load_catalogue().models
    gemma = cat.get("gemma-2-9b")
    assert gemma is not None and gemma.arch is not None
    arch = gemma.arch
    assert arch.sliding_window == 4096 and arch.full_attention_layers == 21
    t, w = 16384, 4096
    per_key = 2 * (arch.q_dim + arch.heads * arch.head_size)
    # 21 layers over the whole context (T/2 keys), 21 within the window: w − w²/2T keys.
    keys = 21 * Decimal(t) / 2 + 21 * (w - Decimal(w * w) / (2 * t))
    found = attention_flops_per_token(gemma, t)
    assert found is not None and found.window == w
    assert found.flops_per_token == per_key * keys * Decimal("3.5")
    # Within the window, every layer sees the same keys as full attention.
    short = attention_flops_per_token(gemma, 2048)
    assert short is not None and short.window is None
    assert short.flops_per_token == per_key * 42 * 1024 * Decimal("3.5")


def test_llm_foundry_long_contexts_move_toward_one() -> None:
    before, after = _foundry(False), _foundry(True)
    assert len(after) == 30
    long = {k: v for k, v in after.items() if k[1] >= 32768}
    # Without the term 0.22-0.58 (test_calib39): the formula left attention out, more than
    # 2·N a token at 65,536 tokens on MPT 7B; with it 0.52-1.00 (at the matmuls' 50 %, no
    # step cost in this formula-only check; 0.75-1.42 at 35 %).
    assert len(long) == 4 and all(0.5 <= v <= 1.05 for v in long.values()), long
    assert all(0.2 <= before[k] <= 0.6 for k in long), [before[k] for k in long]
    # Short ones barely move: +1-5 % at 2,048 tokens and fewer.
    for key, ratio in after.items():
        if key[1] <= 2048:
            assert 1.0 < ratio / before[key] <= 1.06, (key, before[key], ratio)
    # One card's rows now sit nearer each other across 1,024-65,536 tokens (H100 MPT 7B at the
    # matmuls' 50 %: 0.22-1.12 without the term, 0.52-1.12 with it).
    h100_7b = [v for k, v in after.items() if k[0] == "H100" and "MPT 7B" in k[2]]
    assert min(h100_7b) >= 0.5 and max(h100_7b) <= 1.15, h100_7b
    assert min(before[k] for k, v in after.items() if k[0] == "H100" and "MPT 7B" in k[2]) < 0.3


@pytest.mark.parametrize(("text", "said"), [
    ("how long to lora llama 3 8b on 100M tokens at 512 seq len on an a100",
     "Attention's own matmuls add 0.08·N FLOPs a token at 512 tokens a sample, 1.2% of the "
     "compute"),
    ("how long to finetune a 7b model on 50M tokens on an a100",
     "Attention's own FLOPs, which grow with the tokens a sample holds, are left out"),
    ("how many tokens/s for full finetune of gemma 2 9b at 16384 seq len on 8 h100",
     "(its sliding-window layers over their last 4,096 tokens only)"),
])
def test_the_replies_say_the_term(text: str, said: str) -> None:
    reply = str(Pipeline(load_catalogue()).ask(text, chosen_locale="en").text)
    assert said in reply, reply


def test_the_detailed_estimate_and_other_languages_say_it() -> None:
    pipe = Pipeline(load_catalogue())
    details = str(pipe.ask("how long to lora llama 3 8b on 100M tokens at 512 seq len on an "
                           "a100, details", chosen_locale="en").text)
    assert "Attention's own matmuls add 0.08·N FLOPs a token at 512 tokens" in details, details
    es = str(pipe.ask("cuánto tarda un lora de llama 3 8b con 100M tokens en una a100",
                      chosen_locale="es").text)
    assert "Las multiplicaciones de matrices de la propia atención suman" in es, es
    fr = str(pipe.ask("combien de temps pour un lora de llama 3 8b sur 100M tokens sur une a100",
                      chosen_locale="fr").text)
    assert "Les produits matriciels propres à l'attention ajoutent" in fr, fr


def test_hours_move_little_at_short_contexts_and_much_at_long_ones() -> None:
    # Llama 3 8B LoRA with checkpointing on an A100: 512 tokens +1.2 %, 32,768 tokens +80 %.
    llama = load_catalogue().models.get("llama-3-8b")
    assert llama is not None
    base = estimate_training_time(llama, "lora", 10**9, 312, grad_ckpt=True).gpu_hours
    short = estimate_training_time(llama, "lora", 10**9, 312, grad_ckpt=True, seq_len=512)
    long = estimate_training_time(llama, "lora", 10**9, 312, grad_ckpt=True, seq_len=32768)
    assert Decimal("1.01") < short.gpu_hours / base < Decimal("1.015")
    assert Decimal("1.7") < long.gpu_hours / base < Decimal("1.9")
