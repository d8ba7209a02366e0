"""probe17 (session 29): held-out-like real questions — any GPU, the best estimate first, the
wording in en/es/fr."""

from __future__ import annotations

import pytest

from tests.support.chat import ask

# "estimate" asks the memory when the memory is what is to be estimated ("estimate vram for …",
# "vram estimate for …", "estimate how much memory …"): was a run's cost at illustrative hours
# ("What fine-tuning Llama 3.2 3B costs … $515.76"). A cost said beside it stays a cost.
ESTIMATES = [
    ("estimate vram for llama 3.2 3b full finetune bs 16 seq 1024", "memory"),
    ("estimate the vram for a full finetune of llama 3.2 3b", "memory"),
    ("vram estimate for llama 3.2 3b full finetune", "memory"),
    ("estimate memory for lora llama 3 8b", "memory"),
    ("estimate how much memory i need to lora llama 3 8b", "memory"),
    ("can u estimate vram usage for qwen2.5 14b lora at 8k ctx", "memory"),
    ("estimate the cost of lora llama 3 8b", "cost"),
    ("estimate cost and vram for lora llama 3 8b", "cost"),
    ("estimate for qlora llama 3 8b on 50M tokens", "cost"),
]


@pytest.mark.parametrize(("question", "intent"), ESTIMATES)
def test_estimating_the_memory_is_a_memory_question(question: str, intent: str) -> None:
    reply = ask(question)
    assert reply.query.intent == intent
    if intent == "memory":
        assert reply.text.startswith("📐 <b>Memory for ")
