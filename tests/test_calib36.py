"""Qwen 1's Q-LoRA table (QwenLM/Qwen README 'Profiling of Memory and Speed'), held out in
session 36: 18 measured rows of tests/data/measured-extra.csv, each asked as the user would
(QLoRA on the GPTQ Int4 chat checkpoint, r=64 on every linear, DeepSpeed ZeRO-2 on one A100)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.support.scripts import script

ROOT = Path(__file__).resolve().parents[1]
EXTRA = ROOT / "tests" / "data" / "measured-extra.csv"
SOURCE = "QwenLM/Qwen README.md"


@pytest.fixture(scope="module")
def qlora_rows() -> tuple[ModuleType, list[Any]]:
    report = script("calibration_report")
    rows = [r for r in report.evaluate(EXTRA)
            if r.raw["source"].startswith(SOURCE) and "QLoRA" in r.raw["method"]]
    return report, rows


def test_each_q_lora_cell_is_a_measured_row(qlora_rows: tuple[ModuleType, list[Any]]) -> None:
    _report, rows = qlora_rows
    assert len(rows) == 18
    assert {r.raw["model"] for r in rows} == {"Qwen-7B-Chat", "Qwen-14B-Chat", "Qwen-72B-Chat"}
    for row in rows:
        assert row.measured and row.group == "training QLoRA", row.question
        assert f"{row.raw['peak_gb']}G / " in row.raw["quote"], row.raw["quote"]
        for phrase in ("QLoRA", "r=64 all linear", "A100 80GB", "batch size 1",
                       "gradient checkpointing on", "deepspeed zero2"):
            assert phrase in row.question, (phrase, row.question)


def test_q_lora_rows_stay_within_the_bounds(qlora_rows: tuple[ModuleType, list[Any]]) -> None:
    # 0.67 (Qwen-14B-Chat at 8192 tokens, over-estimated) to 1.18 (the same at 256): inside the
    # bounds every measured row keeps (tests/test_calibration_extra.py LOWEST, HIGHEST).
    _report, rows = qlora_rows
    for row in rows:
        assert row.ratio is not None and 0.6 <= row.ratio <= 1.25, (row.question, row.ratio)
