"""vllm37 (session 37): the prefill step vLLM profiles is its own default for the card.

`vllm serve` takes the activation peak of one forward of max_num_batched_tokens from its share
before the KV cache, and that default is 2,048 tokens on a card under 70 GiB and on any A100,
8,192 on larger cards such as the H100 (vllm-project/vllm @99d7eb5d, vllm/engine/arg_utils.py,
EngineArgs defaults by usage context; rules/data/serving.toml vllm.max_num_batched_tokens). The
estimate counted 8,192 on every card: 0.73 GB too much for Llama 3 8B on an L4, which turned
"--max-model-len 32768 on an L4" into a refusal vLLM does not make.
"""

from __future__ import annotations

import csv
from decimal import Decimal
from pathlib import Path

import pytest

from bot.pipeline import Reply
from rules.capacity import vllm_batched_tokens
from tests.support.chat import ask, ask_json

SERVING = Path(__file__).resolve().parent / "data" / "measured-serving.csv"
GIB = 2**30
# Llama 3 8B's prefill working set of one layer a token: 2 bytes x (4 x 4,096 + 3 x 14,336).
LLAMA3_8B_PER_TOKEN = 2 * (4 * 4096 + 3 * 14336)


def _activation_bytes(reply: Reply) -> float:
    detailed = reply.answer.detailed
    assert detailed is not None, reply.text
    return next(b for name, b, _ in detailed.breakdown.parts if name == "activations")


@pytest.mark.parametrize(("card", "tokens"), [
    ("an L4", 2048), ("a 4090", 2048), ("an A100 80GB", 2048), ("an H100", 8192),
])
def test_the_activation_term_is_vllms_step_on_the_card(card: str, tokens: int) -> None:
    # At 16k the prompt is longer than either step: one step's working set (was 8,192
    # tokens' on every card, 0.97 GB).
    reply = ask(f"serve llama 3 8b with vllm on {card} at 16k context")
    assert _activation_bytes(reply) == tokens * LLAMA3_8B_PER_TOKEN, reply.text


def test_another_engine_keeps_its_step() -> None:
    # No engine named, and TGI: the 8,192-token chunk as before.
    for q in ("serve llama 3 8b on an L4 at 16k context",
              "serve llama 3 8b with tgi on an L4 at 16k context"):
        assert _activation_bytes(ask(q)) == 8192 * LLAMA3_8B_PER_TOKEN, q


def test_the_default_by_memory_and_name() -> None:
    # CUDA's total in GB (10^9 bytes) against vLLM's 70 GiB, and the A100 kept small.
    assert vllm_batched_tokens(None, None) == 2048
    assert vllm_batched_tokens(Decimal("25.76"), "RTX 4090") == 2048
    assert vllm_batched_tokens(Decimal("85.52"), "H100") == 8192
    assert vllm_batched_tokens(Decimal("85.9"), "A100 80GB") == 2048
    assert vllm_batched_tokens(Decimal("75.16"), None) == 2048  # 69.99 GiB
    assert vllm_batched_tokens(Decimal("75.17"), None) == 8192  # 70.01 GiB


def test_measured_start_up_fits_the_smaller_step() -> None:
    # vllm-project/vllm issue 13061: DeepSeek-R1-Distill-Qwen-14B on 2x RTX 4090, -tp 2,
    # max_model_len 131072 (chunked prefill): 'PyTorch activation peak memory takes 0.19GiB'
    # a GPU. At 2,048 tokens the estimate is 0.118 GiB (1.61x under it: the sampler's logits
    # for the 256 sequences vLLM profiles, and the hidden states tensor parallelism does not
    # split, are not counted); at 8,192 it was 0.473 GiB, 2.5x over. Within 2x either way.
    with SERVING.open(newline="", encoding="utf-8") as f:
        row = next(r for r in csv.DictReader(f) if r["model"] == "DeepSeek-R1-Distill-Qwen-14B")
    measured = float(row["activation_peak"]) * GIB
    reply = ask("vllm serve deepseek-ai/DeepSeek-R1-Distill-Qwen-14B --tensor-parallel-size 2 "
                "--gpu-memory-utilization 0.98 on 2x 4090")
    ratio = measured / _activation_bytes(reply)
    assert 0.5 <= ratio <= 2.0, ratio


def test_each_offer_is_estimated_at_its_own_cards_step() -> None:
    # Qwen2.5 32B in BF16 at 40,960 tokens: on an A100 80GB (2,048) 78 GB within vLLM's
    # 79 GB of it; on an H100 (8,192) 79.3 GB over its 78.7 GB. One estimate per GPU count
    # would have judged the H100 at the first offer's step (an L40S's 2,048).
    answer = ask("vllm qwen2.5 32b bf16 at 40960 context, which gpu is cheapest?").answer
    assert answer.primary is not None
    offered = {(o.gpu, o.gpu_count) for o in answer.primary.options}
    assert ("a100-80gb", 1) in offered and ("h100", 1) not in offered, offered


# The assumption line says the step and why: vLLM's default for the card.
SAID: list[tuple[str, str | None, str]] = [
    ("vllm llama 3.1 8b on an l4 with --max-model-len 32768", None,
     "· The prompt is processed in chunks of 2,048 tokens (chunked prefill): vLLM's default "
     "--max-num-batched-tokens on a card under 70 GiB or an A100."),
    ("vllm llama 3.1 8b en una l4 con --max-model-len 32768", "es",
     "· El prompt se procesa en bloques de 2.048 tokens (chunked prefill): el "
     "--max-num-batched-tokens por defecto de vLLM en una tarjeta de menos de 70 GiB o en una "
     "A100."),
    ("vllm llama 3.1 8b sur une l4 avec --max-model-len 32768", "fr",
     "· Le prompt est traité par morceaux de 2\u202f048 tokens (chunked prefill)\u00a0: le "
     "--max-num-batched-tokens par défaut de vLLM sur une carte de moins de 70 Gio ou une A100."),
    ("vllm llama 3.1 8b on an h100 with --max-model-len 32768", None,
     "· The prompt is processed in chunks of 8,192 tokens (chunked prefill): vLLM's default "
     "--max-num-batched-tokens on a card of 70 GiB or more, such as an H100."),
]


@pytest.mark.parametrize(("q", "lang", "line"), SAID)
def test_the_assumption_says_vllms_step(q: str, lang: str | None, line: str) -> None:
    text = str(ask_json(q, lang)["text"])
    assert line in text, text


def test_32k_on_an_l4_fits_in_bf16() -> None:
    # 16.1 GB of weights, 4.3 GB of KV cache, 0.24 GB of activations, and vLLM's own 1.05 GB
    # within its share (0.27 non-torch, 0.78 CUDA graphs: vllm38; was a 1.3 GB CUDA context):
    # 21.7 GB of the 22.2 GB vLLM takes of an L4 (was 22.6 GB, and "does not fit").
    got = ask_json("serve llama 3.1 8b with vllm on an L4 max_model_len 32768")
    assert (got["fits"], got["detailed_fits"], got["detailed_gb"]) == (True, True, 21.7), \
        got["text"]


@pytest.mark.parametrize(("q", "tokens"), [
    ("vllm serve meta-llama/Meta-Llama-3-8B-Instruct --max-model-len 16384 "
     "--max-num-batched-tokens 4096 on a 4090", 4096),
    ("vllm llama 3 8b on an h100, max_model_len 16384, max_num_batched_tokens=2048", 2048),
])
def test_a_step_said_is_the_step(q: str, tokens: int) -> None:
    # "--max-num-batched-tokens N" is what vLLM profiles, said plainly (was its default for
    # the card, said to be the default, and the flag's number unread).
    reply = ask(q)
    assert reply.query.seq_len == 16384, reply.text
    assert _activation_bytes(reply) == tokens * LLAMA3_8B_PER_TOKEN, reply.text
    assert f"· The prompt is processed in chunks of {tokens:,} tokens (chunked prefill).\n" \
        in reply.text + "\n", reply.text
