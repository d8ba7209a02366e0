"""Serving memory as vLLM, llama.cpp and Ollama print it at start-up (session 37, held out):
tests/data/measured-serving.csv, each figure against the term of the detailed estimate that
models it (rules.estimator.estimate_inference), with a tolerance per term.

vLLM prints GiB (2^30 bytes; its V0 'Loading model weights took … GB' divides by 2^30 too),
llama.cpp MiB; the estimator counts bytes, so every comparison is made in bytes. Ollama's
'memory.*' figures are its own estimate of the whole model before loading, not allocations:
only their weights and KV cache are compared.
"""

from __future__ import annotations

import csv
import statistics
from dataclasses import dataclass
from pathlib import Path

import pytest

from rules.catalogue import load_catalogue
from rules.estimator import Breakdown, estimate_inference, resolve_shape

ROOT = Path(__file__).resolve().parents[1]
SERVING = ROOT / "tests" / "data" / "measured-serving.csv"
GIB = 2**30
MIB = 2**20

# Per term, the band every row's measured / estimated ratio keeps (why, beside each).
# vLLM's loaded weights, llama.cpp's model buffer, Ollama's total: 1.00-1.01, Ollama's Llama 3
# 70B 1.06 (its total counts the token embeddings llama.cpp keeps in RAM), gpt-oss-20b's MXFP4
# under vLLM 0.19 on an A100 1.10 (13.72 GiB loaded against the 4-bit estimate's 12.50: how vLLM
# lays out the MXFP4 experts there is not modelled).
WEIGHTS = (0.97, 1.10)
KV_PER_TOKEN = (0.99, 1.02)  # vLLM's KV cache memory over its tokens (block floor, rounding)
KV_BUFFER = (0.995, 1.005)  # llama.cpp's KV buffer: cells x layers x KV width x f16
ACTIVATION = (0.85, 1.45)  # vLLM's profiled activation peak, one forward of its batched tokens
COMPUTE = (0.8, 1.05)  # llama.cpp's compute buffer, flash attention off
KV_MEMORY = (0.95, 1.6)  # vLLM's KV cache memory from its share (see the test)


@dataclass(frozen=True)
class Row:
    raw: dict[str, str]
    estimate: Breakdown

    def number(self, key: str) -> float | None:
        return float(self.raw[key]) if self.raw[key] else None

    @property
    def unit(self) -> int:
        return GIB if self.raw["unit"].startswith("GiB") else MIB

    def part(self, name: str) -> float:
        return next((b for n, b, _ in self.estimate.parts if n == name), 0.0)

    @property
    def whole_model(self) -> bool:
        """Ollama's estimate: the whole model's buffers, whatever the GPUs."""
        return self.raw["kind"] == "engine estimate"


def _method(precision: str) -> str:
    if precision.startswith("GGUF"):
        return "gguf_" + precision.split()[1].lower()
    # gpt-oss's MXFP4 checkpoint is 4-bit inference, as the bot sizes it; an FP8 checkpoint
    # (DeepSeek-R1's block FP8) 8-bit block weights with the embeddings in 16 bits.
    if precision.startswith("MXFP4"):
        return "inference_int4"
    return "inference_int8" if precision.startswith("FP8") else "inference_bf16"


def _estimate(raw: dict[str, str]) -> Breakdown:
    """The run as the row states it: llama.cpp's cells (n_ctx over its parallel sequences),
    vLLM's context and profiled batch (its max_num_batched_tokens), flash attention off where
    the log says so."""
    model = load_catalogue().models.find(raw["model"])
    assert model is not None, raw["model"]
    gguf = raw["precision"].startswith("GGUF")
    context = int(raw["max_model_len"] or 4096)
    sequences = int(raw["sequences"] or 1)
    gpus = 1 if raw["kind"] == "engine estimate" else int(raw["gpus"])
    chunk = int(raw["batched_tokens"]) if raw["batched_tokens"] else None
    return estimate_inference(
        model, _method(raw["precision"]),
        context // sequences if gguf else context, sequences if gguf else 1, gpus,
        prefill_chunk=chunk, all_position_logits=False, paged_kv=not gguf,
        attention="eager" if raw["flash_attn"] in ("0", "disabled") else "sdpa")


@pytest.fixture(scope="module")
def rows() -> list[Row]:
    with SERVING.open(newline="", encoding="utf-8") as f:
        return [Row(raw, _estimate(raw)) for raw in csv.DictReader(f)]


def _bytes_per_token(row: Row) -> float:
    arch = resolve_shape(load_catalogue().models.find(row.raw["model"])).arch  # type: ignore[arg-type]
    return arch.kv_cache_bytes_per_token(2.0) / arch.kv_cache_shards(int(row.raw["gpus"]))


def weights_ratios(rows: list[Row]) -> list[float]:
    out = []
    for row in rows:
        logged = row.number("weights") or row.number("model_buffer")
        if logged is not None:
            out.append(logged * row.unit / row.part("weights"))
    return out


def kv_per_token_ratios(rows: list[Row]) -> list[float]:
    # DeepSeek-R1-Distill-Qwen-14B on two 4090s is left out: its token count is the fewest
    # blocks over both workers, its 8.69 GiB one worker's.
    return [row.number("kv_cache_memory") * GIB / row.number("kv_cache_tokens")  # type: ignore[operator]
            / _bytes_per_token(row)
            for row in rows
            if row.raw["kv_cache_tokens"] and row.raw["kv_cache_memory"]
            and row.raw["model"] != "DeepSeek-R1-Distill-Qwen-14B"]


def kv_buffer_ratios(rows: list[Row]) -> list[float]:
    return [row.number("kv_buffer") * row.unit / row.part("kv_cache")  # type: ignore[operator]
            for row in rows if row.raw["kv_buffer"]]


def _activation_peak(row: Row) -> float | None:
    peak = row.number("activation_peak")
    if peak is None and row.raw["peak_torch"]:
        peak = row.number("peak_torch") - row.number("weights")  # type: ignore[operator]
    return peak


def activation_ratios(rows: list[Row]) -> list[float]:
    # Single-GPU rows with the profiled batch known. Left out: Meta-Llama-3-8B at -tp 2 (its
    # 1.26 GiB equals the -tp 1 run's, where one layer's working set is split over the GPUs
    # here: not explained, left as found).
    return [_activation_peak(row) * GIB  # type: ignore[operator]
            / (row.part("activations") + row.part("logits"))
            for row in rows
            if row.raw["engine"] == "vLLM" and row.raw["batched_tokens"]
            and row.raw["gpus"] == "1" and _activation_peak(row) is not None]


def compute_ratios(rows: list[Row]) -> list[float]:
    return [row.number("compute_buffer") * row.unit  # type: ignore[operator]
            / (row.part("logits") + row.part("attention_scores") + row.part("activations"))
            for row in rows
            if row.raw["compute_buffer"] and row.raw["kind"] == "measured"]


def test_each_row_is_sourced_and_printed(rows: list[Row]) -> None:
    assert len(rows) >= 14
    engines = {row.raw["engine"].split()[0] for row in rows}
    assert {"vLLM", "llama.cpp", "Ollama"} <= engines
    for row in rows:
        raw = row.raw
        assert raw["kind"] in ("measured", "engine estimate"), raw["kind"]
        assert raw["source"] and raw["quote"], raw["model"]
        # Every figure as the log prints it (Ollama's MiB read as GiB aside).
        for key in ("weights", "peak_torch", "non_torch", "activation_peak",
                    "kv_cache_memory", "model_buffer", "kv_buffer", "compute_buffer"):
            value = raw[key]
            if value and not (row.whole_model and key in ("kv_buffer", "compute_buffer")):
                assert value in raw["quote"], (raw["model"], key, value)
        if raw["kv_cache_tokens"] and raw["gpu_blocks"]:
            # vLLM's blocks of 16 tokens (CacheConfig.block_size).
            assert int(raw["kv_cache_tokens"]) == 16 * int(raw["gpu_blocks"])


def test_weights_as_loaded(rows: list[Row]) -> None:
    # vLLM's weights in GiB against the estimate's bytes (16.06 GB = 14.96 GiB for an 8B in
    # BF16); llama.cpp's model buffer without the token embeddings it keeps in RAM.
    ratios = weights_ratios(rows)
    assert len(ratios) >= 11
    assert all(WEIGHTS[0] <= r <= WEIGHTS[1] for r in ratios), ratios


def test_kv_cache_per_token(rows: list[Row]) -> None:
    # layers x KV heads x head size x 2 x 2 bytes, split by tensor parallelism down to one KV
    # head a GPU (Qwen3 235B-A22B: 4 KV heads on 4 H100s, 48,128 bytes a token a GPU).
    ratios = kv_per_token_ratios(rows)
    assert len(ratios) >= 5
    assert all(KV_PER_TOKEN[0] <= r <= KV_PER_TOKEN[1] for r in ratios), ratios
    buffers = kv_buffer_ratios(rows)
    assert len(buffers) >= 5
    assert all(KV_BUFFER[0] <= r <= KV_BUFFER[1] for r in buffers), buffers


def test_vllm_activation_peak(rows: list[Row]) -> None:
    # One forward of vLLM's max_num_batched_tokens (without chunked prefill: max_model_len):
    # 0.93 at 20,000 and 29,000 tokens on a 3090, 1.39 at 8,192 on an H100 (its sampler's
    # logits for 256 sequences are not counted).
    ratios = activation_ratios(rows)
    assert len(ratios) == 3
    assert all(ACTIVATION[0] <= r <= ACTIVATION[1] for r in ratios), ratios


def test_llama_cpp_compute_buffer(rows: list[Row]) -> None:
    # Flash attention off: the larger of a physical batch's logits and one layer's fp32
    # scores over every cell, plus the layer's working set (560.00 MiB for Llama 3.1 8B at
    # n_ctx 8192: 512 MiB of scores; 258.50 MiB at n_ctx 512: 250.5 MiB of logits).
    ratios = compute_ratios(rows)
    assert len(ratios) == 3
    assert all(COMPUTE[0] <= r <= COMPUTE[1] for r in ratios), ratios


def test_vllm_kv_cache_memory_from_its_share(rows: list[Row]) -> None:
    # vLLM's arithmetic: share x total - weights - activation peak - non-torch memory, with the
    # estimate's own terms (its CUDA context of 1.3 GB for the non-torch memory). The 3090
    # rows keep more than estimated (1.34, 1.57): that vLLM logged 0.35 GiB of non-torch
    # memory, CUDA context included; the H100 row 1.79 GiB (0.98). Not fitted to either.
    ratios = []
    for row in rows:
        total, share = row.number("total_memory_gib"), row.number("gpu_memory_utilization")
        logged = row.number("kv_cache_memory")
        if total and share and logged and row.raw["batched_tokens"]:
            rest = sum(b for n, b, _ in row.estimate.parts if n != "kv_cache")
            ratios.append(logged * GIB / (total * share * GIB - rest))
    assert len(ratios) == 3
    assert all(KV_MEMORY[0] <= r <= KV_MEMORY[1] for r in ratios), ratios


def test_summary_ratio(rows: list[Row]) -> None:
    # Every compared figure, every term: median 1.00 (session 37).
    ratios = (weights_ratios(rows) + kv_per_token_ratios(rows) + kv_buffer_ratios(rows)
              + activation_ratios(rows) + compute_ratios(rows))
    assert len(ratios) >= 27
    assert 0.98 <= statistics.median(ratios) <= 1.03, sorted(ratios)


# ----------------------------------------------------------------------------- the fixes


def test_llama_cpp_compute_buffer_is_one_phase() -> None:
    # Was the sum of the scores and the logits: 0.84 GB for Llama 3 8B at 8,192 cells where
    # llama.cpp allocates 560 MiB (0.59 GB); now the larger of the two.
    model = load_catalogue().models.find("llama 3.1 8b")
    assert model is not None
    eager = estimate_inference(model, "gguf_q4_k_m", 2048, 4, attention="eager")
    names = [n for n, _, _ in eager.parts]
    assert "attention_scores" in names and "logits" not in names
    scores = next(b for n, b, _ in eager.parts if n == "attention_scores")
    assert scores == pytest.approx(512 * 8192 * 33 * 4)
    # Few cells: the logits are the larger phase and the scores are not counted.
    short = estimate_inference(model, "gguf_q4_k_m", 512, attention="eager")
    assert [n for n, _, _ in short.parts if n in ("attention_scores", "logits")] == ["logits"]
