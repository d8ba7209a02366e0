"""vllm39 (session 39): serving questions as people paste them, engine flags read as the engine
reads them, and vLLM's own count of how many requests its KV cache holds at once.

- "--enforce-eager" turns vLLM's CUDA graphs off (vLLM engine arguments: "disable CUDA graph and
  always execute the model in eager mode"): none of their 0.73 GiB is reserved within its share.
  It was read as eager attention (transformers' attn_implementation="eager"), which held every
  layer's s² attention scores: Mistral 7B at 32,768 tokens on a 3090 was a ❌ at 28.7 GB.
- "how many concurrent", "max concurrent at 4k", "… concurrency" with the noun left unsaid asked
  the sequences served at once; they got the fit at batch 1.
- vLLM prints at start-up "GPU KV cache size: N tokens" and "Maximum concurrency for L tokens per
  request: X.XXx" (vllm @001cabc1 vllm/v1/core/kv_cache_utils.py, _report_kv_cache_config and
  get_max_concurrency_for_kv_cache_config: whole blocks of 16 tokens over the blocks one request
  of max_model_len takes; rules/data/serving.toml vllm.kv_cache_blocks). The reply now prints the
  same two figures from the memory its share leaves, beside the count of sequences.
"""

from __future__ import annotations

import csv
import math
from pathlib import Path

import pytest

from rules.capacity import vllm_kv_capacity
from rules.catalogue import load_catalogue
from rules.estimator import estimate_inference
from tests.support.chat import ask, says

SERVING = Path(__file__).resolve().parent / "data" / "measured-serving.csv"
GIB = 2**30
CATALOGUE = load_catalogue()


# ----------------------------------------------------------------------------- --enforce-eager


def test_enforce_eager_is_no_cuda_graphs_not_eager_attention() -> None:
    reply = ask("vllm serve mistralai/Mistral-7B-Instruct-v0.3 --enforce-eager "
                "--max-model-len 32768 on a 3090", "en")
    q = reply.query
    assert q.enforce_eager and q.engine == "vllm" and q.attention is None, q
    detailed = reply.answer.detailed
    assert detailed is not None, reply.text
    parts = {name for name, _, _ in detailed.breakdown.parts}
    assert "cuda_graphs" not in parts and "vllm_non_torch" in parts, parts
    # 14.5 GB of weights, 4.3 of KV cache, 0.2 of activations, 0.3 of non-torch memory (was
    # 28.7 GB with eager attention's scores, a ❌)
    says(reply.text, ["✅ <b>Yes: Mistral 7B", "19.3 GB per GPU",
                      "No CUDA graphs with --enforce-eager"],
         ["Attention scores (eager attention)", "❌"])


def test_without_the_flag_the_graphs_stay() -> None:
    for text in ("vllm serve mistralai/Mistral-7B-Instruct-v0.3 --max-model-len 32768 on a 3090",
                 "LLM(model='mistralai/Mistral-7B-Instruct-v0.3', enforce_eager=False) vllm "
                 "max_model_len 32768 on a 3090"):
        reply = ask(text, "en")
        assert not reply.query.enforce_eager, text
        detailed = reply.answer.detailed
        assert detailed is not None, reply.text
        assert "cuda_graphs" in {name for name, _, _ in detailed.breakdown.parts}, text


def test_eager_attention_is_still_eager_attention() -> None:
    reply = ask("qlora llama 3 8b on a 4090 with eager attention, seq 4096", "en")
    assert reply.query.attention == "eager" and not reply.query.enforce_eager


# ----------------------------------------------------------------------------- users at once


@pytest.mark.parametrize("text", [
    "vllm --enforce-eager qwen2.5 7b on a 4090 at 8k context how many concurrent",
    "vllm serve meta-llama/Llama-3.1-8B-Instruct --max-model-len 8192 on a 4090 how many "
    "concurrent",
    "vllm serve Qwen/Qwen2.5-32B-Instruct-AWQ -q awq --max-model-len 4096 on 4090 concurrency",
    "tgi llama 3.1 8b on a10g max concurrent at 4k",
    "vllm qwen2.5 14b awq on a 3090 how many concurrent at 16k",
])
def test_how_many_concurrent_without_a_noun(text: str) -> None:
    reply = ask(text, "en")
    assert reply.answer.concurrency, reply.text
    assert reply.text.startswith("👥 <b>At most about "), reply.text


def test_the_lead_gives_vllms_own_count() -> None:
    # Qwen2.5 7B on a 4090, no CUDA graphs: 23.7 GB of vLLM's share less 15.2 GB of weights,
    # 0.3 of activations and 0.27 of non-torch memory leaves 137,600 tokens of 57,344 bytes.
    reply = ask("vllm --enforce-eager qwen2.5 7b on a 4090 at 8k context how many concurrent",
                "en")
    says(reply.text, [
        "👥 <b>At most about 16 sequences at once", "8,192 tokens of context each.</b>\n"
        "vLLM takes 92% of each GPU's memory by default", "(24 GiB).\n"
        "With <code>--max-model-len 8192</code>, vLLM's start-up log would print "
        "<code>GPU KV cache size: 137,600 tokens</code> and <code>Maximum concurrency for "
        "8,192 tokens per request: 16.80x</code>",
        "activations and vLLM's other memory 0.6 GB (no CUDA graphs with "
        "<code>--enforce-eager</code>)"], ["CUDA graphs and vLLM's other memory"])
    # With the graphs (no flag): 0.73 GiB, 13,648 tokens, less for the cache.
    graphs = ask("vllm qwen2.5 7b on a 4090 at 8k context how many concurrent", "en")
    says(graphs.text, ["At most about 15 sequences",
                       "Maximum concurrency for 8,192 tokens per request: 15.13x"], [])


def test_the_log_at_the_published_context_when_none_is_said() -> None:
    # No context said: 2,048 assumed for the count, and vLLM's own line at its default
    # --max-model-len, the model's 8,192 tokens.
    reply = ask("how many users can my 2x3090 handle with llama 3 70b awq", "en")
    says(reply.text, ["At most about 7 sequences", "at most 1 sequence. Its start-up log would "
                      "then print <code>Maximum concurrency for 8,192 tokens per request: "
                      "1.88x</code>."], ["Maximum concurrency for 2,048"])


@pytest.mark.parametrize("text", [
    "how many concurrent requests can vllm handle on an h100 with llama 3.1 8b at 8k context",
    "vllm --gpu-memory-utilization 0.8 llama 3.1 8b 4090 max concurrency at 4k",
    "vllm serve meta-llama/Llama-3.1-8B-Instruct --kv-cache-dtype fp8 --max-model-len 16384 on "
    "4090 how many concurrent requests",
    "vllm serve meta-llama/Llama-3.3-70B-Instruct --quantization fp8 --tensor-parallel-size 2 "
    "on 2x h100 how many users at 8k",
    "vllm --enforce-eager qwen2.5 7b on a 4090 at 8k context how many concurrent",
])
def test_the_count_is_the_whole_part_of_vllms(text: str) -> None:
    cc = ask(text, "en").answer.concurrency[0]
    assert cc.vllm_log is not None
    assert cc.sequences == math.floor(float(cc.vllm_log.concurrency)), cc


@pytest.mark.parametrize("text", [
    "sglang llama 3.1 8b on l4 how many concurrent at 4k",  # its own engine's log
    "tgi llama 3.1 8b on a10g max concurrent at 4k",
    "vllm gemma 2 9b on 4090 --max-model-len 8192 concurrency",  # sliding-window layers
])
def test_no_vllm_log_where_vllm_does_not_count_so(text: str) -> None:
    reply = ask(text, "en")
    assert reply.answer.concurrency and reply.answer.concurrency[0].vllm_log is None
    assert "Maximum concurrency for" not in reply.text


# ----------------------------------------------------------------------------- vLLM's arithmetic


def _bytes_per_token(model_name: str, context: int) -> int:
    model = CATALOGUE.models.find(model_name)
    assert model is not None
    parts = {n: b for n, b, _ in estimate_inference(model, "inference_bf16", context,
                                                    paged_kv=True).parts}
    return round(parts["kv_cache"] / context)


def test_vllms_count_from_its_logged_kv_memory() -> None:
    # Every vLLM start-up on file that logs its KV memory and its maximum concurrency: the
    # logged memory (to the hundredth of a GiB) gives the concurrency printed, and the tokens
    # within a block or two of 16 (Qwen3 14B: 6.51 GiB -> 42,656 tokens, 1.30x at 32,768).
    with SERVING.open(newline="", encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f) if r["engine"] == "vLLM" and r["max_concurrency"]]
    assert len(rows) == 3
    for row in rows:
        per_token = _bytes_per_token(row["model"].lower(), int(row["max_model_len"]))
        got = vllm_kv_capacity(float(row["kv_cache_memory"]) * GIB, per_token,
                               int(row["max_model_len"]))
        assert got.concurrency == row["max_concurrency"], (row["model"], got)
        assert abs(got.tokens - int(row["kv_cache_tokens"])) <= 2 * 16, (row["model"], got)
    qwen = vllm_kv_capacity(6.51 * GIB, _bytes_per_token("qwen3 14b", 32768), 32768)
    assert qwen.printed == ("42,656", "32,768") and qwen.concurrency == "1.30"


def test_a_request_takes_whole_blocks() -> None:
    # cdiv(max_model_len, 16): 8,200 tokens take 513 blocks, as 8,208 do.
    per_token = 131072
    available = 1000 * 16 * per_token + 5
    assert vllm_kv_capacity(available, per_token, 8192).concurrency == "1.95"  # 1000 / 512
    assert vllm_kv_capacity(available, per_token, 8200).concurrency == "1.95"  # 1000 / 513
    assert vllm_kv_capacity(available, per_token, 8200).tokens == 16000
    with pytest.raises(ValueError, match="must be positive"):
        vllm_kv_capacity(available, 0, 8192)


# ----------------------------------------------------------------------------- one sizing


def test_concurrent_with_no_noun_is_served_in_the_cost_too() -> None:
    # "64 concurrent" with no people word: sequences served at once in every reply (the cost
    # was a fine-tune's at batch 64 on 1× H100, "does not fit with any of these methods").
    reply = ask("64 concurrent at 4k with llama 3.1 70b on h100s cost per month", "en")
    q = reply.query
    assert q.inference and q.batch_size == 64 and q.served_at_once, q
    says(reply.text, ["💵 <b>Cost: $6,681.60</b> — 4× H100 × 720 hours",
                      "needs about 58.3 GB per GPU", "of the 78.7 GB vLLM takes"],
         ["QLoRA", "does not fit with any of these methods"])


def test_one_sizing_in_the_cost_and_the_speed_replies() -> None:
    # The same 64 at 4k as vLLM serves them (its share, its step, its paged cache) whether the
    # cost, the speed or the count is asked: 58.3 GB per GPU on 4× H100 (the cost reply had
    # 58.9 GB of the whole card with the CUDA context and the growth copy).
    cost = ask("serve llama 3.1 70b on h100s, 64 concurrent at 4k, cost per day", "en")
    count = ask("64 concurrent users at 4k with llama 3.1 70b on h100s, how many do i need",
                "en")
    for reply in (cost, count):
        detailed = reply.answer.detailed
        assert detailed is not None and detailed.gpus == 4, reply.text
        assert str(detailed.breakdown.per_gpu_gb) == "58.3", reply.text
    speed = ask("llama 3.1 70b on h100s 64 concurrent 4k context tok/s", "en")
    assert speed.query.batch_size == 64 and speed.query.served_at_once
    says(speed.text, ["At most about 3,774 tokens/s in all, 58 each: Llama 3.1 70B (BF16 "
                      "inference) on 4× H100, 64 sequences"], ["one sequence"])


# ----------------------------------------------------------------------------- llama.cpp flags


@pytest.mark.parametrize(("text", "count"), [
    ("./llama-server -m qwen2.5-14b-instruct-q4_k_m.gguf --ctx-size 16384 -ngl 99 3060 12gb "
     "vram?", 1),
    ("llama-server -m qwen2.5-14b-instruct-q4_k_m.gguf -ngl 99 3060 12gb", 1),
    ("2 3090 with -ngl 99 llama 3 70b q4", 2),
])
def test_a_flags_value_is_no_count_of_cards(text: str, count: int) -> None:
    reply = ask(text, "en")
    assert (reply.query.gpu_count or 1) == count and reply.query.gpu_layers == 99, reply.text
    assert "99×" not in reply.text


# ----------------------------------------------------------------------------- vllm serve <repo>


def test_a_command_serves_its_checkpoint_at_once_too() -> None:
    # "vllm serve meta-llama/Llama-3.1-70B-Instruct" loads the BF16 checkpoint (--dtype auto,
    # no --quantization): its count leads, not 8-bit's 30 sequences it does not load.
    reply = ask("vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 2 on 2x "
                "a100 80gb how many concurrent at 8k", "en")
    assert reply.query.method == "inference_bf16", reply.query.method
    says(reply.text, ["👥 <b>At most about 5 sequences at once: Llama 3.1 70B on 2× A100 80GB "
                      "(BF16 inference)", "Maximum concurrency for 8,192 tokens per request: "
                      "5.34x"], ["Inference in 8-bit: at most"])


def test_vllms_default_context_is_the_configs() -> None:
    # Qwen2.5 7B: config.json's 32,768 tokens, what vLLM serves with no --max-model-len (was
    # the card's YaRN 131,072: "not one sequence fits: set a shorter --max-model-len").
    reply = ask("vllm serve Qwen/Qwen2.5-7B-Instruct --max-num-seqs 16 on an L4", "en")
    cc = reply.answer.concurrency[0]
    assert cc.full_context == 32768 and cc.full_sequences == 3, cc
    says(reply.text, ["At the whole published context, 32,768 tokens (vLLM's default "
                      "<code>--max-model-len</code>): at most 3 sequences. Its start-up log "
                      "would then print <code>Maximum concurrency for 32,768 tokens per "
                      "request: 3.00x</code>."], ["131,072"])


@pytest.mark.parametrize(("text", "locale"), [
    ("vllm qwen2.5 7b en una 4090 a 8k cuántas concurrentes", "es"),
    ("vllm qwen2.5 7b en una 4090 a 8k, cuántas en paralelo?", "es"),
    ("vllm qwen2.5 7b sur une 4090 à 8k, combien en parallèle ?", "fr"),
    ("combien en même temps avec vllm qwen2.5 7b sur une 4090 à 8k", "fr"),
])
def test_how_many_at_once_without_a_noun_in_spanish_and_french(text: str, locale: str) -> None:
    reply = ask(text, locale)
    assert reply.answer.concurrency, reply.text
    assert "Maximum concurrency for 8,192 tokens per request: 15.13x" in reply.text


# ----------------------------------------------------------------------------- pipeline parallel


@pytest.mark.parametrize(("text", "gpus"), [
    ("vllm serve meta-llama/Llama-3.1-70B-Instruct -tp 2 -pp 2 on a100s how many concurrent at 8k",
     4),
    ("vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 4 "
     "--pipeline-parallel-size 2 on h100 how many users at 32k", 8),
    ("vllm serve meta-llama/Llama-3.1-70B-Instruct --pipeline-parallel-size 2 "
     "--tensor-parallel-size 2 on 4x a100 how many concurrent at 8k", 4),
])
def test_pipeline_stages_multiply_the_gpus(text: str, gpus: int) -> None:
    # vLLM runs tp x pp GPUs (-tp 2 -pp 2 was read as 2: 5 sequences of 8k on 2× A100)
    reply = ask(text, "en")
    assert reply.query.gpu_count == gpus and reply.query.pipeline_parallel == 2, reply.text
    says(reply.text, [f"on {gpus}× ", f"split over {gpus} GPUs, 2 pipeline stages of "
                      f"{gpus // 2}"], [])


def test_the_block_size_said_counts_the_blocks() -> None:
    # --block-size 32: 3,873 blocks of 32 over cdiv(8,200, 32) = 257 a request, 15.07x (16:
    # 7,747 over 513, 15.10x); was counted in blocks of 16 whatever the flag
    reply = ask("vllm serve Qwen/Qwen2.5-7B-Instruct --block-size 32 --max-model-len 8200 on a "
                "4090 how many concurrent", "en")
    assert reply.query.kv_block_size == 32 and reply.query.seq_len == 8200
    says(reply.text, ["<code>GPU KV cache size: 123,936 tokens</code> and <code>Maximum "
                      "concurrency for 8,200 tokens per request: 15.07x</code>",
                      "in blocks of 32 tokens"], [])
    assert vllm_kv_capacity(1000 * 32 * 100 + 7, 100, 8200, 32).concurrency == "3.89"  # 1000/257
