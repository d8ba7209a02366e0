"""The chat's tokens/s against published measured speeds (tests/data/measured-speed.csv, each
row with its source and quote; scripts/speed_report.py phrases and answers them).

Decode rows: llama.cpp's llama-bench on 10 NVIDIA cards and 3 Macs (XiongjieDai's
GPU-Benchmarks-on-LLM-Inference, May 2024; a Tesla P40 in llama.cpp pull 4766) and mlx-lm on
two Macs. The chat's figure is an upper bound ("at most about N tokens/s": the weights and the
KV cache read once a token at the datasheet bandwidth), so no measurement may pass it.
Training rows: fms-acceleration's A100 runs (the same runs as the memory rows of
measured-extra.csv), tokens/s per GPU against the chat's FLOPs-and-utilisation estimate; the
Qwen README's and torchtune's A100 rows (calib39) are held in tests/test_calib39.py."""

from __future__ import annotations

import csv
import statistics
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.support.scripts import script

ROOT = Path(__file__).resolve().parents[1]
SPEED = ROOT / "tests" / "data" / "measured-speed.csv"


def _report() -> ModuleType:
    return script("speed_report")


@pytest.fixture(scope="module")
def evaluated() -> tuple[ModuleType, list[Any]]:
    report = _report()
    return report, report.evaluate(SPEED)


def test_rows_have_a_source_a_quote_and_a_kind() -> None:
    with open(SPEED, newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        assert reader.fieldnames == _report().COLUMNS
        rows = list(reader)
    assert len(rows) >= 50
    for row in rows:
        assert row["what"] in ("decode", "training"), row
        assert row["kind"] == "measured", row
        assert row["source"] and row["quote"] and float(row["tokens_per_s"]) > 0, row
        # The figure is the one quoted, or (Qwen's s/iter, calib39) the source works it out.
        assert row["tokens_per_s"] in row["quote"] \
            or f"= {row['tokens_per_s']} tokens/s" in row["source"], row


def test_every_row_is_answered_with_a_figure(evaluated: tuple[ModuleType, list[Any]]) -> None:
    report, rows = evaluated
    for row in rows:
        if "timed on" in row.detail or row.detail.startswith("not held"):
            continue  # the run does not hold on the asked card by our estimate (test_calib39)
        assert row.figure is not None and row.figure > 0, row.question
    text = report.render(rows)
    assert "decode: measured / bandwidth bound" in text and "training: measured" in text


def test_no_measured_decode_passes_the_bandwidth_bound(
        evaluated: tuple[ModuleType, list[Any]]) -> None:
    # The bound is what the reply calls 'at most': a measured speed above it would mean a
    # wrong bandwidth, a wrong weights size or a wrong count of GPUs read in turn.
    report, rows = evaluated
    above = [(r.index, r.question, r.ratio) for r in rows
             if r.what == "decode" and r.ratio is not None and r.ratio > 1.0]
    assert not above, report.render(rows)
    found = report.spread(rows, "decode")
    assert found is not None
    n, median, low, _high = found
    # llama.cpp and mlx-lm reach 42-86 % of the bound, median 76 %: engines reach a fraction
    # of it, as the reply says. A median near 1 or far below would mean the bound moved.
    assert n >= 30 and 0.6 <= median <= 0.85 and low >= 0.35, report.render(rows)


def test_llama_cpp_layer_split_reads_the_gpus_in_turn(
        evaluated: tuple[ModuleType, list[Any]]) -> None:
    # Llama 3 70B Q4_K_M on 2, 4, 6 and 8 RTX 3090/4090 decodes at 16.6-19.8 tokens/s whatever
    # the count (llama-bench, split-mode layer): the bound is one card's bandwidth over the
    # whole model, not the sum of the cards'.
    rows = evaluated[1]
    split = [r for r in rows if r.what == "decode" and "70B" in r.raw["model"]
             and not r.raw["gpus"].startswith("1x")]
    assert len(split) == 6
    for row in split:
        assert row.figure is not None and row.figure < 25, row.question
        assert 0.75 <= row.ratio <= 0.9, row.question


def test_training_rows_against_the_estimate(evaluated: tuple[ModuleType, list[Any]]) -> None:
    # fms-acceleration's A100 runs against the chat's FLOPs estimate: full fine-tuning and
    # LoRA at 50 % of the peak for the matmuls over 8·N / 6·N FLOPs a token, plus 0.05 s a
    # micro-step (1.1-1.7x faster than the estimate when one 35 % timed the whole step).
    # Pinned so that a change to the utilisation, the step's cost or the FLOPs per token shows.
    # Those rows alone: Qwen's and torchtune's (calib39) hold their own bands in test_calib39.
    report, rows = evaluated
    rows = [r for r in rows if r.what != "training"
            or r.raw["source"].startswith(("foundation-model-stack/", "ml-explore/"))]
    found = report.spread(rows, "training")
    assert found is not None
    n, median, low, high = found
    # 20: the 19 A100 runs and mlx-lm's documented M1 Max run (0.81, mlx38).
    assert n == 20, report.render(rows)
    # 0.81-1.28, median 0.99 (1.16-1.82, median 1.41 at 35 % for the whole step).
    assert low >= 0.8 and high <= 1.3, report.render(rows)
    assert 0.9 <= median <= 1.1, report.render(rows)


def test_qlora_runs_as_fast_as_lora_at_thousands_of_tokens_a_step(
        evaluated: tuple[ModuleType, list[Any]]) -> None:
    # The same runs measured QLoRA (bitsandbytes NF4) at 0.87-1.07 of LoRA's tokens/s, 8k-32k
    # tokens a micro-batch: its dequantization, a pass over the weights whatever the tokens,
    # is a few percent of such a step. The flat 20 % QLoRA was assumed at (against LoRA's 35 %)
    # put these rows at 1.90-2.93 (their time 2-3x too long); timing the dequantization at the
    # GPU's bandwidth puts them beside LoRA's.
    report, rows = evaluated

    def ratios(method: str) -> list[float]:
        return [r.ratio for r in rows if r.what == "training" and "mlx" not in r.raw["method"]
                and r.raw["source"].startswith("foundation-model-stack/")
                and r.raw["method"].startswith(method + " ") and r.ratio is not None]

    qlora, lora = ratios("QLoRA"), ratios("LoRA")
    assert len(qlora) == 9 and len(lora) == 6
    assert max(qlora) < 1.85 and statistics.median(qlora) < 1.4, report.render(rows)  # attn40
    assert abs(statistics.median(qlora) - statistics.median(lora)) < 0.15, report.render(rows)
