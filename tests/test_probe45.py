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
from tests.support.holds import holds


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


@pytest.mark.parametrize(("text", "wanted", "unwanted"), [
    # llama.cpp's eval line without its parenthesis (was the fit alone)
    ("eval time = 41.18 ms per token with llama 3 70b q4_k_m on 2x 3090, slow?",
     ("Your 24.28 tokens/s",), ()),
    # llama-bench's table: tg is decode, pp prefill (were unread)
    ("llama-bench on my 4090: | llama 8B Q4_K - Medium | 4.58 GiB | 8.03 B | CUDA | 99 | "
     "pp512 | 10245.31 ± 21.12 | tg128 | 128.52 ± 0.33 | is that expected?",
     ("Your 128.52 tokens/s is", "Your 10,245.31 tokens/s of prompt processing is"), ()),
    # SGLang's decode log: all 32 running requests together (was unread)
    ("sglang llama 3.1 8b on h100: Decode batch. #running-req: 32, #token: 45000, token usage: "
     "0.21, gen throughput (token/s): 2900.5, is that good?",
     ("32 sequences of 2,048 tokens of context decoded together",
      "Your 2,900.5 tokens/s over 32 running requests (90.6 each)"), ()),
    # text-generation-inference's time_per_token with a bare "good?" (was the fit alone)
    ('text-generation-inference mistral 7b on l40s: time_per_token="14.2ms" good?',
     ("Your 70.42 tokens/s",), ()),
    # a rate typed, judged with a bare "ok?" (was the fit alone)
    ("got 38 tok/s decode with llama 3.1 8b fp16 on an a10g using vllm, single request. ok?",
     ("Your 38 tokens/s",), ()),
    # mlx_lm.generate's "Peak memory: 4.512 GB" is the run's, not the Mac's (was a Mac of
    # 4.5 GB that holds nothing)
    ("mlx_lm.generate --model mlx-community/Meta-Llama-3-8B-Instruct-4bit on my m2 max: Prompt: "
     "25 tokens, 150.312 tokens-per-sec Generation: 100 tokens, 45.207 tokens-per-sec Peak "
     "memory: 4.512 GB. good?",
     ("Your 45.21 tokens/s is", "Your 150.31 tokens/s of prompt processing is", "You see 4.5 GB"),
     ("does not fit",)),
])
def test_more_tools_pasted(pipeline: Pipeline, text: str, wanted: tuple[str, ...],
                           unwanted: tuple[str, ...]) -> None:
    holds(_ask(pipeline, text), wanted, unwanted)


@pytest.mark.parametrize(("text", "field", "value"), [
    # DeepSpeed's estimator: "offload_param=none, offload_optimizer=none" is no offload (was
    # CPU offload, its RAM reckoned)
    ("[INFO] [utils.py:791] estimated memory needed for params, optim states and gradients for "
     "a: offload_param=none, offload_optimizer=none, zero_init=1 per CPU 15.62GB | per GPU "
     "91.14GB llama 3 8b full ft zero3 on 8x h100, will it fit?", "text_lacks", "CPU RAM"),
    # its "per GPU 1.95GB" is no card's memory (was "You said 1.95 GB, but the RTX 4090 has 24")
    ("deepspeed says Estimated memory needed for params, optim states and gradients for a: per "
     "CPU 62.5GB | per GPU 1.95GB with offload_param=cpu, offload_optimizer=cpu, llama 3 8b on "
     "4x 4090, 64gb ram enough?", "text_lacks", "You said 1.95 GB"),
    # accelerate estimate-memory's table: no GPU of 28.21 GB, no FP32 run (were both)
    ("accelerate estimate-memory meta-llama/Meta-Llama-3-8B says float32 28.21 GB, float16 "
     "14.96 GB, int8 7.48 GB, int4 3.74 GB for training with adam 119.7 GB. why is yours "
     "different?", "text_lacks", "GPU of 28.21 GB"),
    ("accelerate estimate-memory mistral-7b: │ dtype │Largest Layer│Total Size│ Training using "
     "Adam │ │float32│ 864.0 MB │ 27.49 GB │ 109.96 GB │ │float16│ 432.0 MB │ 13.74 GB │ "
     "54.98 GB │ will it fit a 4090 for lora?", "fits", True),
])
def test_estimator_tables_pasted(pipeline: Pipeline, text: str, field: str, value: Any) -> None:
    got = _ask(pipeline, text)
    if field == "text_lacks":
        assert value not in got["text"], got["text"]
    else:
        assert got[field] == value, (got[field], got["text"])


@pytest.mark.parametrize(("text", "wanted", "unwanted"), [
    # nvidia-smi's CSV query: the reading judged (was "Yes, more than the run needs", the card
    # judged overkill, the reading unread)
    ("nvidia-smi --query-gpu=memory.used,memory.total --format=csv says 20480 MiB, 24564 MiB "
     "while lora llama 3.2 3b trains on my 4090, too much?",
     ("You see 21.5 GB per GPU where the detailed estimate is",), ("more than the run needs",)),
    # LM Studio's rate beside its time to first token: the rate judged (was the prefill timed)
    ("LM Studio llama 3.1 8b q4 on my 3060 12gb: 45.3 tok/sec, time to first token 0.21s. is "
     "that good?", ("Your 45.3 tokens/s is",), ("to process a prompt of",)),
    # koboldcpp's "(35.2T/s)" (was unread, the fit alone)
    ("koboldcpp mistral 7b q5_k_m on 3060: Generating (100 / 100 tokens) (35.2T/s) is this "
     "normal", ("Your 35.2 tokens/s is",), ()),
    # vLLM's start-up concurrency line: at its context, 8,192 (was 2,048 assumed)
    ("vllm serve llama 3.1 8b on my 4090 prints: Maximum concurrency for 8192 tokens per "
     "request: 5.23x. what does that mean?",
     ("8,192 tokens of context each", "Maximum concurrency for 8,192 tokens per request"),
     ("2,048 tokens of context each",)),
])
def test_readings_pasted(pipeline: Pipeline, text: str, wanted: tuple[str, ...],
                         unwanted: tuple[str, ...]) -> None:
    holds(_ask(pipeline, text), wanted, unwanted)


@pytest.mark.parametrize(("text", "wanted", "unwanted"), [
    # a trainer's bar pasted and its rate judged, no time asked: the rate against the estimate
    # (was the bar's time left alone)
    ("{'loss': 1.8812, 'grad_norm': 0.91, 'learning_rate': 0.00019, 'epoch': 0.12} 12%|█▏ | "
     "120/1000 [06:40<48:53, 3.33s/it] qlora mistral 7b on a 3090, is 3.33s/it normal?",
     ("Measured, your 3.33 s/it",), ("optimizer steps at your measured",)),
    # the time left asked: the bar's time, as before
    ("HF trainer on 2x a100: 45%|████▌ | 450/1000 [10:02<12:16, 1.34s/it] lora llama 3 8b, how "
     "long left?", ("550 optimizer steps at your measured 1.34 s/it",), ()),
])
def test_bar_judged(pipeline: Pipeline, text: str, wanted: tuple[str, ...],
                    unwanted: tuple[str, ...]) -> None:
    holds(_ask(pipeline, text), wanted, unwanted)


@pytest.mark.parametrize(("text", "seen"), [
    # gpustat's "23812 / 24576 MB" (MiB) and Task Manager's "Dedicated GPU memory 23.5/24.0 GB"
    # (GiB): the memory seen (were unread)
    ("gpustat: [0] NVIDIA GeForce RTX 3090 | 65°C, 100 % | 23812 / 24576 MB | "
     "python/12345(23800M) during qlora llama 3 8b, normal?", "You see 25 GB per GPU"),
    ("task manager shows Dedicated GPU memory 23.5/24.0 GB while lora llama 3.2 3b trains on my "
     "4090, why so high?", "You see 25.2 GB per GPU"),
    ("vram usage 20/24 gb while qlora llama 3.1 8b trains on my 4090, normal?",
     "You see 20 GB per GPU"),
])
def test_memory_readings(pipeline: Pipeline, text: str, seen: str) -> None:
    got = _ask(pipeline, text)
    assert seen in got["text"], got["text"]


@pytest.mark.parametrize(("text", "wanted"), [
    # vLLM's benchmark: its output token throughput is all the concurrent requests' (was unread)
    ("vllm bench: Output token throughput (tok/s): 2512.33, Total Token throughput (tok/s): "
     "5100.2, Request throughput (req/s): 4.9 llama 3.1 8b on h100, concurrency 64. good?",
     "Your 2,512.33 tokens/s over 64 running requests (39.3 each)"),
    ("vllm bench: Maximum request concurrency: 32 ... Output token throughput (tok/s): 2100.5 "
     "qwen2.5 7b on an a100 80gb, ok?", "Your 2,100.5 tokens/s over 32 running requests"),
])
def test_benchmark_pasted(pipeline: Pipeline, text: str, wanted: str) -> None:
    got = _ask(pipeline, text)
    assert wanted in got["text"], got["text"]


def test_benchmark_without_concurrency_is_not_one_sequence(pipeline: Pipeline) -> None:
    # no concurrency said: the aggregate is not judged as one sequence's decode
    got = _ask(pipeline, "vllm bench output token throughput (tok/s): 2100.5 qwen2.5 7b on an "
                         "a100 80gb, ok?")
    assert "Your 2,100.5 tokens/s is" not in got["text"], got["text"]


@pytest.mark.parametrize(("text", "seen"), [
    # "why does nvidia-smi show 7.8GB": a reading asked about (was unread, "does" read as an
    # amount asked)
    ("model.get_memory_footprint() says 5.59 GB for llama 3 8b 4bit, why does nvidia-smi show "
     "7.8GB on my 3060?", "You see 7.8 GB per GPU"),
    # an amount asked stays a question
    ("will qlora llama 3 8b use 24gb on my 4090?", None),
])
def test_why_does_it_show(pipeline: Pipeline, text: str, seen: str | None) -> None:
    got = _ask(pipeline, text)
    if seen is None:
        assert "You see" not in got["text"], got["text"]
    else:
        assert seen in got["text"], got["text"]
