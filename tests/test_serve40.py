"""serve40 (session 40): serving flags and engines as people paste them.

- vLLM's "--dtype half" (and "fp16", "float16") is FP16: the reply named it BF16 ("does not fit
  on 1× T4 (BF16 inference)") and then told the user to serve it in FP16 with --dtype half, the
  flag they had passed. The figures are the same (2 bytes a value); the names now say FP16.
"""

from __future__ import annotations

import pytest

from tests.support.chat import ask, says

# ----------------------------------------------------------------------------- --dtype half


@pytest.mark.parametrize("text", [
    "vllm serve mistralai/Mistral-7B-Instruct-v0.3 --dtype half --max-model-len 8192 on a t4 "
    "will it fit",
    "vllm serve Qwen/Qwen2.5-7B-Instruct --dtype float16 --max-model-len 4096 on v100 16gb",
    "serve mistral 7b in fp16 with vllm on a t4 at 8k context",
])
def test_fp16_said_is_named_fp16(text: str) -> None:
    reply = ask(text, "en")
    assert reply.query.fp16_weights, reply.query
    says(reply.text, ["(FP16 inference).</b>", "Inference in FP16",
                      "KV cache in FP16 for prompt and output"],
         ["BF16 inference", "Inference in BF16", "serve a BF16 model in FP16 there"])


def test_fp16_figures_are_bf16_figures() -> None:
    half = ask("vllm serve mistralai/Mistral-7B-Instruct-v0.3 --dtype half --max-model-len 8192 "
               "on a t4 will it fit", "en")
    plain = ask("vllm serve mistralai/Mistral-7B-Instruct-v0.3 --max-model-len 8192 on a t4 "
                "will it fit", "en")
    assert half.answer.detailed is not None and plain.answer.detailed is not None
    assert half.answer.detailed.breakdown.total_gb == plain.answer.detailed.breakdown.total_gb
    # the card without BF16 still gets its FP16 advice when BF16 is what was counted
    says(plain.text, ["(BF16 inference)", "serve a BF16 model in FP16 there"], [])


@pytest.mark.parametrize("text", [
    "vllm serve meta-llama/Llama-3.1-8B-Instruct --dtype bfloat16 --max-model-len 8192 on a 4090",
    "llama 3 8b bf16 vs fp16 on a 4090",  # both said: no one precision chosen
    "llama 3 8b f16 gguf on a 4090",  # a GGUF type, named as such
])
def test_bf16_or_a_gguf_type_is_not_fp16(text: str) -> None:
    assert not ask(text, "en").query.fp16_weights, text


def test_fp16_in_spanish_and_french() -> None:
    for text, locale, name in (
        ("vllm serve mistralai/Mistral-7B-Instruct-v0.3 --dtype half --max-model-len 8192 en "
         "una t4, cabe?", "es", "FP16"),
        ("vllm serve mistralai/Mistral-7B-Instruct-v0.3 --dtype half --max-model-len 8192 sur "
         "une t4, ça rentre ?", "fr", "FP16"),
    ):
        reply = ask(text, locale)
        assert reply.query.fp16_weights, text
        assert name in reply.text.split("\n")[0] and "BF16" not in reply.text.split("\n")[0]
