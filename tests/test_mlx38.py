"""Fine-tuning on a Mac (session 38): mlx_lm.lora's own defaults where MLX is named with one of
its settings, measured MLX training runs against the estimate, and the time on the Mac."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from rules.catalogue import load_catalogue
from tests.support.chat import ask
from tests.support.scripts import script

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("text", [
    "qlora llama 3 8b with mlx --grad-checkpoint on my m2 max 32gb",
    "lora llama 3 8b with mlx and gradient checkpointing on my m3 max 64gb",
    "lora mistral 7b using mlx-lm, grad_checkpoint: true, on a macbook m1 max 64",
])
def test_mlx_named_with_its_checkpointing_flag_runs_at_its_own_batch_4(text: str) -> None:
    """mlx_lm.lora's batch is 4 unless --batch-size says otherwise (ml-explore/mlx-lm
    mlx_lm/lora.py @d78bf58e CONFIG_DEFAULTS "batch_size": 4): "with mlx --grad-checkpoint" was
    estimated at batch 1, the typical setting "with mlx" alone falls back to, as if the flag
    also lowered the batch."""
    reply = ask(text, "en").text
    assert "📊 <b>Detailed estimate for seq 2,048, batch 4, checkpointing on" in reply, reply
    assert "What is not given is mlx_lm.lora's own default: batch 4" in reply, reply


def test_a_batch_said_beside_the_flag_stays_as_said() -> None:
    reply = ask("mlx_lm.lora --batch-size 1 --num-layers 8 --grad-checkpoint, lora llama 3 8b "
                "on my m3 pro 36gb", "en").text
    assert "📊 <b>Detailed estimate for seq 2,048, batch 1, checkpointing on" in reply, reply


def test_how_long_on_my_m2_max_is_timed_on_the_mac() -> None:
    """Was "No datasheet we can cite gives the Apple M2 Max's peak BF16 throughput" and the run
    timed on a rented L40S: the M1 and M2 chips now carry a peak derived from
    philipturner/metal-benchmarks' own table (cores × clock × 256 FLOP per core per clock, FP16
    at the FP32 rate), cited as derived; the M3 and later, with no such figure, keep the rented
    run, said."""
    reply = ask("how long to finetune llama 3 8b with mlx on my m2 max 32gb, 5k examples",
                "en").text
    assert "on 1× Apple M2 Max (1 epoch).</b>" in reply, reply
    assert "No datasheet we can cite" not in reply and "L40S" not in reply, reply
    detail = ask("how long would a qlora of llama 3 8b take on my m2 max 64gb, 20k samples 1k "
                 "tokens 2 epochs", "en").text
    assert "of the 13.6 peak FP16 TFLOPS" in detail, detail
    assert "(derived: 38 cores × 1398 MHz × 256 FLOP/cycle/core)" in detail, detail
    # An Apple GPU's FP16 runs at its FP32 rate: not "its maker prints no BF16 peak, so FP16
    # mixed precision is assumed", as for a Radeon's FP16 matrix figure (MLX trains in BF16).
    assert "Apple's GPUs run FP16 at their FP32 rate (no faster), and this peak is that " \
        "rate." in detail and "FP16 mixed precision" not in detail, detail
    # The M3 Max has a derived peak since mac39 (tests/test_mac39.py); the M4 Max has none.
    m4 = ask("how long to finetune llama 3 8b on my m4 max 64gb, 20k samples of 1024 tokens",
             "en").text
    assert m4.startswith("⏱ <b>Apple publishes no GPU TFLOPS for the Apple M4 Max, and no "
                         "clock we can cite gives them"), m4


@pytest.mark.parametrize(("gpu", "tflops"), [
    ("apple-m1", "2.617"), ("apple-m1-pro", "5.308"), ("apple-m1-max", "10.617"),
    ("apple-m1-ultra", "21.233"), ("apple-m2", "3.579"), ("apple-m2-pro", "6.8"),
    ("apple-m2-max", "13.6"),
])
def test_apple_peaks_are_the_tables_rows_as_read(gpu: str, tflops: str) -> None:
    # philipturner/metal-benchmarks README @dc2adc64, 'Overview': GOPS16 = GOPS32 on each row
    # (M1 2617, M1P 5308, M1M 10617, M1U 21233, M2 3579, M2P 6800, M2M 13600).
    card = load_catalogue().gpu(gpu)
    assert card.fp16_dense_tflops == Decimal(tflops) and card.bf16_dense_tflops is None
    assert card.peak_source is not None and "FLOP/cycle/core" in card.peak_source
    cores, mhz = (int(x) for x in re.findall(r"(\d+) (?:cores|MHz)", card.peak_source))
    assert abs(cores * mhz * 256 / 1e6 - float(tflops)) < 0.01


def test_mlx_lm_num_layers_time_counts_the_backward_pass_through_the_trained_layers() -> None:
    """mlx_lm.lora --num-layers 4 on Mistral 7B: the forward pass runs through all 32 layers,
    the backward pass through the last 4 alone (MLX differentiates the trainable parameters
    only), 2 + 2 × 4/32 = 2.25·N a token, without checkpointing (mlx_lm.lora's default, as the
    memory estimate beside it). Was 6·N (4·N and checkpointing's 2·N, as on CUDA): 84 tokens/s
    where mlx-lm's own documentation measured about 250 on an M1 Max 32GB (LORA.md, 'Memory
    Issues'); 226 at the assumed 35 %, 308 since the matmuls' 50 % less a micro-step's fixed
    cost (49.8 % here: a step of 512 tokens on an M1 Max takes seconds)."""
    reply = ask("mlx_lm.lora --model mistralai/Mistral-7B-v0.1 --train --batch-size 1 "
                "--num-layers 4 on m1 max 32gb, how many tokens per second", "en").text
    assert reply.startswith("🏋️ <b>About 308 training tokens/s: Mistral 7B (7.3B parameters) "
                            "on 1× Apple M1 Max (LoRA, estimate).</b>"), reply
    assert "Only the last 4 of the 32 layers train (mlx_lm --num-layers): MLX takes the " \
        "gradient of the trained weights alone" in reply, reply
    assert "Gradient checkpointing assumed" not in reply, reply
    timed = ask("mlx_lm.lora --model mistralai/Mistral-7B-v0.1 --train --batch-size 1 "
                "--num-layers 4 on m1 max 32gb, 5k samples of 512 tokens how long", "en").text
    assert "From 2.25·N·D FLOPs at an assumed 49% of the 10.62 peak FP16 TFLOPS" in timed, timed


def test_the_measured_mlx_training_run_against_the_estimate() -> None:
    """tests/data/measured-speed.csv's mlx-lm row (its LORA.md M1 Max run, about 250 tokens/s)
    over the chat's estimate: 0.81 (was 2.98 before the trained layers' FLOPs and mlx-lm's
    no-checkpointing default were counted, 1.11 before attn40 counted attention's own FLOPs,
    1.16 at the assumed 35 % before a micro-step's fixed cost was counted apart from the
    matmuls' 50 %), inside the 0.30-1.51 the CUDA training rows keep (median 1.00): one row,
    so no band of MLX's own is drawn from it."""
    report = script("speed_report")
    rows = [r for r in report.evaluate() if r.what == "training" and "mlx" in r.raw["method"]]
    assert len(rows) == 1 and rows[0].ratio is not None
    assert 0.78 <= rows[0].ratio <= 0.85, report.render(rows)


def test_measured_mlx_training_peaks_against_the_estimate() -> None:
    """tests/data/measured-extra.csv's mlx_lm.lora rows ('Peak mem', mx.get_peak_memory() /
    1e9): Apertus 8B LoRA (16-bit, --num-layers 4, 256 tokens at most) 16.656 GB and TeleChat3
    36B QLoRA (MLX 4-bit, --num-layers 4, 32 tokens at most) 20.662 GB, against 16.5 and 20.4:
    1.01 each, the weights (16.1 GB in 16 bits; 36.24B at 4.5 bits) nearly all of both peaks,
    no runtime context beside them. Neither names its Mac, so none is checked for fitting."""
    report = script("calibration_report")
    rows = [r for r in report.evaluate(ROOT / "tests" / "data" / "measured-extra.csv")
            if r.group.startswith("training") and "mlx_lm.lora" in r.raw["method"]]
    assert len(rows) == 2, [r.question for r in rows]
    for row in rows:
        assert "with mlx, --num-layers 4" in row.question, row.question
        assert row.ratio is not None and 0.97 <= row.ratio <= 1.05, (row.question, row.ratio)
