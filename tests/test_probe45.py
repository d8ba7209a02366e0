"""Pasted tool output and measured numbers (probe45).

- Ollama's --verbose "prompt eval rate" is prompt processing (prefill), judged against the
  prefill bound, never as the decode speed; its "eval rate" is the decode speed.
- vLLM's "Avg generation throughput: 820.3 tokens/s, Running: 16 reqs" is all the running
  requests' decode together: judged against the bound of 16 sequences decoded at once (was one
  sequence's), its "Avg prompt throughput: 0.0 tokens/s" no rate (was refused as too small),
  its "GPU KV cache usage: 4.1%" no KV cache question.
- A logger's "train/tokens_per_second 2150" (wandb), "'train_tokens_per_second': 2150.3" (HF
  Trainer) or "tokens/sec: 2150" beside a training run: its measured throughput, judged
  against the estimate (was the fit alone).
- llm-foundry named: its own command and YAML keys, or none (was TRL's command).
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline(load_catalogue(), cache_size=0)


def _ask(pipeline: Pipeline, text: str) -> dict[str, Any]:
    return to_json(pipeline.ask(text))


@pytest.mark.parametrize(("text", "wanted", "unwanted"), [
    # Ollama: the eval rate is judged, the prompt eval rate against prefill's peak (was
    # "Your 1,450.21 tokens/s is above this bound" of decode)
    ("ollama run llama3.1:8b --verbose on my 4090 gives prompt eval rate: 1450.21 tokens/s, "
     "eval rate: 95.3 tokens/s. is that good?",
     ("Your 95.3 tokens/s is 84% of this bound.",
      "Your 1,450.21 tokens/s of prompt processing is 14% of this peak."),
     ("Your 1,450.21 tokens/s is above this bound",)),
    ("ollama llama3.1:8b on my 4090: prompt eval rate: 1450.21 tokens/s. is that good?",
     ("Your 1,450.21 tokens/s of prompt processing is 14% of this peak.",),
     ("above this bound", "About 4.5 seconds")),
    # llama.cpp's timings: the eval line is decode, the prompt eval line prefill
    ("llama-cli llama 3.1 8b q4_k_m on my 4090: prompt eval time = 110.61 ms / 13 tokens "
     "( 8.51 ms per token, 117.53 tokens per second) eval time = 2347.84 ms / 127 runs "
     "( 18.49 ms per token, 54.09 tokens per second) is that normal?",
     ("Your 54.09 tokens/s is", "Your 117.53 tokens/s of prompt processing is"),
     ("Your 117.53 tokens/s is",)),
    # vLLM: the generation throughput over 16 running requests, against 16 decoded at once
    ("vllm serve meta-llama/Llama-3.1-8B-Instruct on my A100 80GB, log says: INFO 12-07 "
     "10:11:12 metrics.py:455] Avg prompt throughput: 0.0 tokens/s, Avg generation throughput: "
     "820.3 tokens/s, Running: 16 reqs, Swapped: 0 reqs, Pending: 0 reqs, GPU KV cache usage: "
     "4.1%, CPU KV cache usage: 0.0%. is this good?",
     ("16 sequences of 2,048 tokens of context decoded together",
      "Your 820.3 tokens/s over 16 running requests (51.3 each) is 51% of this bound."),
     ("above this bound", "too small", "The KV cache of")),
])
def test_serving_rates_pasted(pipeline: Pipeline, text: str, wanted: tuple[str, ...],
                              unwanted: tuple[str, ...]) -> None:
    got = _ask(pipeline, text)
    assert got["error"] is None, got["text"]
    for phrase in wanted:
        assert phrase in got["text"], got["text"]
    for phrase in unwanted:
        assert phrase not in got["text"], got["text"]


@pytest.mark.parametrize("text", [
    "qlora llama 3.1 8b on my 4090, wandb shows train/tokens_per_second 2150, is that ok?",
    "qlora llama 3.1 8b on a 4090, trainer printed {'train_runtime': 5231.2, "
    "'train_tokens_per_second': 2150.3, 'train_samples_per_second': 1.05} normal?",
    "qlora llama 3.1 8b 4090 tokens/sec: 2150 is that ok",
])
def test_training_rate_logged(pipeline: Pipeline, text: str) -> None:
    got = _ask(pipeline, text)
    # the estimate, then the measured rate against it (was the fit alone)
    assert "training tokens/s" in got["text"], got["text"]
    assert "Measured, your 2,150" in got["text"], got["text"]


@pytest.mark.parametrize(("text", "step"), [
    ("finetuning mpt-7b with llm-foundry on 8x a100 80gb, full finetune, composer "
     "train/train.py yamls/finetune/mpt-7b_dolly_sft.yaml. will it fit and how do i launch it?",
     "Next: with llm-foundry, set <code>fsdp_config.sharding_strategy: FULL_SHARD</code> in "
     "your YAML config and run <code>composer train/train.py config.yaml</code>."),
    ("lora mpt-7b with llm-foundry on one a100 80gb, seq 2048",
     "Next: with llm-foundry, set <code>model.peft_config.peft_type: LORA</code> in your YAML "
     "config and run <code>composer train/train.py config.yaml</code>."),
    # no 4-bit base in llm-foundry: no command at all
    ("qlora mpt-30b with llm foundry on a 4090?", None),
])
def test_llm_foundry_step(pipeline: Pipeline, text: str, step: str | None) -> None:
    got = _ask(pipeline, text)
    assert "TRL" not in got["text"], got["text"]
    if step is None:
        assert "🛠" not in got["text"], got["text"]
    else:
        assert step in got["text"], got["text"]
