"""How many GPUs a run takes, as a practitioner counts them: serving splits the model with
tensor parallelism, whose size the attention heads must divide (vLLM), so a count memory alone
asks for is not always one that serves it (rules/data/serving.toml vllm.tensor_parallel)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from bot.pipeline import Pipeline, to_json
from rules.capacity import tensor_parallel_source
from rules.catalogue import load_catalogue
from rules.model_catalogue import load_models

ROOT = Path(__file__).resolve().parent.parent
MODELS = load_models()


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline(load_catalogue())


def test_the_tensor_parallel_rule_is_data_with_its_source() -> None:
    doc = tomllib.loads((ROOT / "rules" / "data" / "serving.toml").read_text(encoding="utf-8"))
    entry = doc["vllm"]["tensor_parallel"]
    assert "assert self.total_num_heads % tp_size == 0" in entry["source"]
    assert "must be divisible by tensor parallel size" in entry["source"]
    assert "pipeline parallel size is the number of nodes" in entry["source"]
    assert tensor_parallel_source() == entry["url"]
    assert entry["url"].startswith("https://docs.vllm.ai/")


@pytest.mark.parametrize(("model_id", "gpus", "expected"), [
    ("llama-3.1-405b", 7, 8),  # 128 heads: 1, 2, 4 or 8 within one instance
    ("llama-3.1-405b", 5, 8),
    ("llama-3.1-405b", 4, 4),
    ("llama-3.1-405b", 1, 1),
    ("llama-3.1-405b", 13, 16),  # beyond one instance: TP 8 within, PP 2 across
    ("llama-3.1-405b", 16, 16),
    ("llama-3.1-405b", 17, 24),
])
def test_the_fewest_gpus_tensor_parallelism_serves_over(model_id: str, gpus: int,
                                                        expected: int) -> None:
    arch = MODELS.get(model_id).arch
    assert arch is not None
    assert arch.tensor_parallel_count(gpus, 8) == expected
    if expected <= 8:
        assert arch.tensor_parallel_ok(expected)


def test_a_serving_count_is_one_tensor_parallelism_takes(pipeline: Pipeline) -> None:
    got = to_json(pipeline.ask("llama 405b in fp8, how many h100"))
    assert (got["gpu"], got["gpu_count"], got["fits"], got["usd_per_hour"]) == (
        "h100", 8, True, "18.56")
    assert "7× would hold it by memory" in got["text"]


def test_training_keeps_the_memory_count(pipeline: Pipeline) -> None:
    """FSDP and ZeRO-3 shard over any count: no tensor parallel rounding for training."""
    got = to_json(pipeline.ask("how many h100 to qlora llama 3.1 405b"))
    assert "attention heads" not in got["text"]
