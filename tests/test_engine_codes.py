"""The estimators return what they assumed as codes and values (like rules.notes), never
English sentences the bot would have to parse back; the bot words the codes."""

from __future__ import annotations

import re
from decimal import Decimal as D

import pytest

from bot.composition import build_pipeline
from rules.catalogue import load_catalogue
from rules.estimator import estimate_inference, estimate_training
from rules.notes import Note
from rules.training_time import estimate_training_time, gpu_hours_from_throughput

CODE = re.compile(r"^[a-z][a-z0-9_]*$")
# A value is a number, a flag or an identifier (a precision, a target list), never prose.
IDENT = re.compile(r"^[a-z0-9_.,]*$")


def _coded(notes: tuple[Note, ...]) -> None:
    assert notes
    for n in notes:
        assert CODE.match(n.code), n
        for value in n.params.values():
            assert not isinstance(value, str) or IDENT.match(value), n


@pytest.mark.parametrize(
    "breakdown",
    [
        estimate_training(D(70), "qlora", 4096, 2, True, 64, gpus=2),
        estimate_training(D(8), "full_adam8bit", 2048, 1, False, optimizer_paged=True,
                          cpu_offload=True, activation_offload=False, grad_accumulation=False),
        estimate_training(D(13), "lora", 1024, 4, True, lora_targets="attention",
                          fp32_weights=True, activation_offload=True),
        estimate_inference(D(70), "inference_int4", 32768, 2, gpus=2, attention="eager"),
        estimate_inference(D(8), "inference_bf16", 4096, 1, fp32_weights=True),
    ],
    ids=["qlora", "full8bit", "lora", "int4", "bf16"],
)
def test_the_memory_estimator_assumes_in_codes(breakdown):
    _coded(breakdown.assumptions)


def test_the_time_estimator_assumes_in_codes():
    _coded(estimate_training_time(D(8), "qlora", 10**9, 989.5, gpus=4, grad_ckpt=True)
           .assumptions)
    _coded(gpu_hours_from_throughput(10**9, 1000, gpus=2, method="qlora").assumptions)


@pytest.mark.parametrize("chunk", [2048, 8192])
def test_the_chunked_prefill_code_carries_the_engines_chunk(chunk: int):
    b = estimate_inference(D(8), "inference_bf16", 32768, 1, prefill_chunk=chunk)
    assert [n.params for n in b.assumptions if n.code == "chunked_prefill"] == [{"tokens": chunk}]


def test_the_reply_words_the_engines_chunked_prefill():
    """A long prompt: the detailed reply says the chunk size the engine used."""
    text = build_pipeline("en", load_catalogue()).ask(
        "serve llama 3.1 8b on an h100 with 32k context, memory breakdown").text
    assert "processed in chunks of 8,192 tokens" in text, text
