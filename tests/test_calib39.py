"""Training speed against measured runs of two more sources (calib39): the Qwen README's A100
profile (s/iter at batch 1 x gradient accumulation 8, 256-8192 tokens padded) and torchtune's
Llama 3.2 3B A100 table (tokens_per_second_per_gpu, 4096 packed, each technique on top of
the last), and torchtitan's Llama 3.1 8B pre-training on 8 and 128 H100s (TPS/GPU). Before,
every training row was fms-acceleration's (A100).

The ratio measured / the chat's estimate falls in bands that hold across the sources, so a
change to the matmuls' utilisation (mfu.training_matmuls, 50 %), a micro-step's fixed cost
(training.step_overhead_s, 0.05 s), the FLOPs per token (6·N, 4·N with frozen weights, +2·N
recomputed) or QLoRA's dequantization moves a row out of its band. Until session 44 one
utilisation (35 %) timed the whole step: runs went 1.15-1.95x faster than the estimate from
1,024 tokens a micro-batch and 0.66-1.31 below it, the error growing with the tokens a step.
With the step's fixed cost apart:
- from 1,024 tokens a micro-batch, packed or every sample padded to the length: 0.83-1.40
  (fms-acceleration 0.83-1.28, Qwen 0.95-1.17, torchtune 1.03-1.40: its recipes' compiled and
  fused kernels beyond the eager HF Trainer's);
- at 256-512 tokens a micro-batch (Qwen's LoRA), where the fixed cost weighs most: 0.80-1.10;
- Qwen's QLoRA runs on a GPTQ int4 base (auto-gptq, exllama off), which the chat times as
  bitsandbytes': 0.30-0.58 at 256-512 tokens, 0.62-1.11 from 1,024;
- on H100s (torchtitan) 0.85-1.01, a floor: their cards peak below the SXM's figure used;
- unpacked Alpaca samples padded to the batch's longest (torchtune's baseline) count real
  tokens only: 0.30 of an estimate made at the 4,096 the user states.
"""

from __future__ import annotations

import csv
import re
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from bot.pipeline import Pipeline
from rules.catalogue import load_catalogue
from rules.training_time import training_throughput
from tests.support.scripts import script

ROOT = Path(__file__).resolve().parents[1]
SPEED = ROOT / "tests" / "data" / "measured-speed.csv"
QWEN = "QwenLM/Qwen README.md @2df8e8ac"
TORCHTUNE = "pytorch/torchtune README.md @bd2a0fc7"
FMS = "foundation-model-stack/fms-acceleration"
TITAN = "pytorch/torchtitan benchmarks/llama3_h100_202412"
FOUNDRY = "mosaicml/llm-foundry"


@pytest.fixture(scope="module")
def rows() -> list[Any]:
    report: ModuleType = script("speed_report")
    return list(report.evaluate(SPEED))


def _tokens(row: Any) -> int:
    """Tokens a micro-batch: the length the row states times its micro-batch."""
    length = int(re.match(r"\d+", row.raw["context"]).group(0))  # type: ignore[union-attr]
    return length * int(row.raw["micro_batch"])


def _of(rows: list[Any], source: str) -> list[Any]:
    return [r for r in rows if r.what == "training" and r.raw["source"].startswith(source)]


def test_the_new_rows_are_read_with_their_quoted_figures() -> None:
    with open(SPEED, newline="", encoding="utf-8") as fh:
        raw = [r for r in csv.DictReader(fh) if r["what"] == "training"]
    qwen = [r for r in raw if r["source"].startswith(QWEN)]
    tune = [r for r in raw if r["source"].startswith(TORCHTUNE)]
    titan = [r for r in raw if r["source"].startswith(TITAN)]
    assert len(qwen) == 30 and len(tune) == 10 and len(titan) == 4
    for row in qwen:
        # s/iter is an optimizer step of 8 micro-batches of one padded sample.
        seq = int(row["context"].split()[0])
        sit = re.search(r"/ ([\d.]+)s/it</td>$", row["quote"])
        assert sit is not None, row["quote"]
        rate = (Decimal(8 * seq) / Decimal(sit.group(1))).quantize(Decimal("0.01"),
                                                                    ROUND_HALF_UP)
        assert row["tokens_per_s"] == str(rate), row
        assert f"= {rate} tokens/s" in row["source"], row
    for row in tune:
        assert f"| {row['tokens_per_s']} |" in row["quote"], row
    for row in titan:
        printed = f"{int(row['tokens_per_s']):,}"
        assert f"| {printed} |" in row["quote"], row
        assert f"TPS/GPU {printed} = {row['tokens_per_s']} tokens/s" in row["source"], row


def test_long_steps_sit_near_the_estimate_in_every_source(rows: list[Any]) -> None:
    # bf16 weights (LoRA, full) or bitsandbytes/torchao NF4: not Qwen's GPTQ base.
    long = [r for r in rows if r.what == "training" and "mlx" not in r.raw["method"]
            and "GPTQ" not in r.raw["precision"] and "not packed" not in r.raw["context"]
            and _tokens(r) >= 1024]
    by_source = {s: [r.ratio for r in long if r.raw["source"].startswith(s)]
                 for s in (FMS, QWEN, TORCHTUNE)}
    assert [len(v) for v in by_source.values()] == [19, 8, 9]
    for source, ratios in by_source.items():
        assert all(r is not None and 0.8 <= r <= 1.45 for r in ratios), (source, ratios)
    # The step's fixed cost apart, the long steps of every source straddle the estimate.
    every = sorted(r for v in by_source.values() for r in v if r is not None)
    assert every[0] < 1 < every[-1] and 0.9 <= every[len(every) // 2] <= 1.15, every


def test_h100_runs_sit_nearer_the_estimate(rows: list[Any]) -> None:
    # torchtitan's Llama 3.1 8B on 8 and 128 H100s (8,192 tokens, selective checkpointing,
    # bf16): 0.85-1.01 of the estimate at the SXM's peak, which their 500 W HBM2e cards fall
    # short of (a floor; 1.19-1.42 when one 35 % timed the whole step).
    titan = [r.ratio for r in _of(rows, TITAN)]
    assert len(titan) == 4 and all(r is not None and 0.8 <= r <= 1.05 for r in titan), titan


def test_short_steps_are_timed_with_their_fixed_cost(rows: list[Any]) -> None:
    # Qwen's LoRA at 256-512 tokens a micro-batch: 0.80-1.10 (0.66-1.31 before, the short
    # steps slower and the long ones faster than one utilisation said).
    short = [r.ratio for r in _of(rows, QWEN)
             if "GPTQ" not in r.raw["precision"] and _tokens(r) <= 512]
    assert len(short) == 4 and all(0.75 <= r <= 1.15 for r in short), short
    gptq = [(r.ratio, _tokens(r)) for r in _of(rows, QWEN) if "GPTQ" in r.raw["precision"]]
    assert all(0.28 <= r <= 0.6 for r, n in gptq if n <= 512), gptq
    assert all(0.6 <= r <= 1.15 for r, n in gptq if n >= 1024 and r is not None), gptq
    baseline = [r.ratio for r in _of(rows, TORCHTUNE) if "not packed" in r.raw["context"]]
    assert len(baseline) == 1 and 0.25 <= baseline[0] <= 0.35, baseline


def test_a_run_timed_on_another_card_draws_no_ratio(rows: list[Any]) -> None:
    # Qwen-72B QLoRA at 8,192 tokens measured 75.6 GB on its A100 80GB; our memory estimate
    # does not hold it there, so the reply times it on another card (a B200: 2,250 TFLOPS),
    # whose speed is no measure of the A100's (was 0.20, counted in the spread).
    other = [r for r in _of(rows, QWEN) if r.figure is None]
    assert len(other) == 1 and other[0].raw["context"].startswith("8192"), other
    assert other[0].raw["model"] == "Qwen-72B-Chat" and "timed on" in other[0].detail


@pytest.mark.parametrize(("text", "moe"), [
    # Qwen2.5 7B holds 7.61B parameters, not the 7 of its name: a dense model all the same
    # (was "Mixture of experts: N counts only the parameters a token goes through.").
    ("how many tokens per second will lora on qwen 7b get on a single a100 at 4096 seq len",
     False),
    ("tokens/s for lora mixtral 8x7b on 2 a100 80gb", True),  # 12.9B of 46.7B a token
])
def test_the_mixture_of_experts_line_only_for_one(text: str, moe: bool) -> None:
    reply = str(Pipeline(load_catalogue()).ask(text, chosen_locale="en").text)
    assert "training tokens/s" in reply, reply
    assert ("Mixture of experts: N counts only" in reply) is moe, reply


def _foundry() -> dict[tuple[str, str], list[tuple[int, float]]]:
    """llm-foundry's MPT 7B and 30B rows (A100 80GB and H100 80GB tables, bf16), each against
    the training-speed formula itself at the card's peak: the chat's own path answers only 3
    of the 30 (below), as its memory estimate holds the rest on no card asked."""
    cat = load_catalogue()
    peak = {"A100": cat.gpu("a100-80gb").bf16_dense_tflops, "H100": cat.gpu("h100").bf16_dense_tflops}
    with open(SPEED, newline="", encoding="utf-8") as fh:
        raw = [r for r in csv.DictReader(fh) if r["source"].startswith(FOUNDRY)]
    out: dict[tuple[str, str], list[tuple[int, float]]] = {}
    for row in raw:
        card = "A100" if "A100" in row["gpus"] else "H100"
        rate = training_throughput(Decimal(row["params_b"]), "full_adamw", peak[card], 1,
                                   row["grad_ckpt"] == "on")
        seq = int(row["context"].split()[0])
        out.setdefault((card, "long" if seq >= 32768 else "short"), []).append(
            (seq, float(row["tokens_per_s"]) / float(rate.tokens_per_second)))
    return out


def test_llm_foundry_runs_against_the_formula() -> None:
    # Up to 16,384 tokens: A100s 0.85-1.49 of the estimate at the matmuls' 50 % (MFU 47-64 %
    # in its own table), H100s 0.67-1.12. From 32,768 tokens on: 0.22-0.58, as k·N alone leaves attention's
    # FLOPs out (2·n_layer·n_ctx·d_attn a token forward, Kaplan et al. 2020; at 65,536 tokens
    # more than the weights' 2·N). This is the formula without the model's shape (a size
    # alone, as a chat question naming no catalogued model): tests/test_calib40.py holds the
    # same rows with MPT's shape, the term counted (0.75-1.42 from 32,768 tokens).
    found = _foundry()
    assert sum(len(v) for v in found.values()) == 30
    assert all(0.8 <= r <= 1.55 for _, r in found["A100", "short"]), found["A100", "short"]
    assert all(0.65 <= r <= 1.15 for _, r in found["H100", "short"]), found["H100", "short"]
    long = found["A100", "long"] + found["H100", "long"]
    assert len(long) == 4 and all(0.2 <= r <= 0.6 for _, r in long), long


def test_llm_foundry_rows_the_chat_times(rows: list[Any]) -> None:
    foundry = _of(rows, FOUNDRY)
    timed = [r.ratio for r in foundry if r.ratio is not None]
    # All 30 since calib44 (17 before: MPT 7B at 65,536 tokens a GPU was 100.7 GB by the
    # detailed estimate, its eager FP32 loss where llm-foundry's MPT runs flash-attn's fused
    # one: tests/test_calib44.py).
    assert len(foundry) == 30 and len(timed) == 30, [r.detail for r in foundry]
    large = [r for r in foundry if r.ratio is not None
             and any(f"{n}x " in r.question for n in (128, 256, 512))]
    # MPT 30B and (its shape on file since session 41, attention's FLOPs counted) MPT 7B on
    # 128-512 H100s: 1.06-1.10 and 0.90-0.97 of the estimate (1.51-1.57 and 1.23-1.33 at 35 %).
    thirty = [r.ratio for r in large if "30B" in r.question]
    seven = [r.ratio for r in large if "7B" in r.question]
    assert len(thirty) == 3 and all(1.0 <= r <= 1.15 for r in thirty), thirty
    assert len(seven) == 3 and all(0.85 <= r <= 1.0 for r in seven), seven
    # MPT 30B on 8-32 GPUs, held there since session 43 (Composer reduce-scatters each
    # micro-batch's gradients under FSDP: they stay sharded): H100s 0.75-1.15 of the
    # estimate, A100s 0.98-1.51 (MFU 47-64 % in llm-foundry's own table against the 50 %
    # assumed), as the formula alone gives them (test_llm_foundry_runs_against_the_formula).
    small = [r for r in foundry if r.ratio is not None and r not in large]
    assert len(small) == 24, small
    h100 = [r.ratio for r in small if "H100" in r.question and "30B" in r.question]
    a100 = [r.ratio for r in small if "A100" in r.question and "30B" in r.question]
    assert len(h100) == 6 and all(0.7 <= r <= 1.2 for r in h100), h100
    assert len(a100) == 5 and all(0.95 <= r <= 1.55 for r in a100), a100
    # MPT 7B on 8 GPUs, held there since calib44: up to 16,384 tokens a sample 0.93-1.60
    # (1.31-2.28 at 35 % for the whole step; its own MFU 52-64 %); from 32,768 tokens
    # 0.53-1.02, as the formula with attention's FLOPs gives them (tests/test_calib40.py).
    mpt7 = [(int(r.raw["context"].split()[0]), r.ratio) for r in small if "7B" in r.question]
    seven_short = [ratio for seq, ratio in mpt7 if seq <= 16384]
    seven_long = [ratio for seq, ratio in mpt7 if seq > 16384]
    assert len(seven_short) == 9 and all(0.9 <= r <= 1.65 for r in seven_short), seven_short
    assert len(seven_long) == 4 and all(0.5 <= r <= 1.05 for r in seven_long), seven_long


def test_the_report_gives_each_source_its_own_spread(rows: list[Any]) -> None:
    # One spread over every source hid that they differ (0.30-1.51, median 1.00).
    text = script("speed_report").render(rows)
    for line in ("  pytorch/torchtitan: 4 rows, median 0.933 (0.85-1.01)",
                 "  foundation-model-stack/fms-acceleration: 19 rows, median 0.998 (0.83-1.28)"):
        assert line in text, text
