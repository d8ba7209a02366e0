"""Questions found in session 41's probe (first questions in English about the cards people own
or rent elsewhere, as they write them on r/LocalLLaMA, the Hugging Face forums and the
unsloth/axolotl/peft/trl issues)."""

from __future__ import annotations

import pytest

from tests.support.chat import ask, says


@pytest.mark.parametrize(("text", "count", "lead"), [
    # A card's number opening the message, before "tok/s", is the card (was a measured 3,090
    # tokens/s, no card read and the memory answered: "📐 Memory for Llama 3 70B")
    ("3090 tok/s llama 3 70b q4 with 2 cards", 2, "⚡ <b>At most about 21 tokens/s"),
    ("3090 tok/s llama 3 8b q4", 1, "⚡ <b>At most about"),
    ("4090 tokens per second llama 3.1 8b q4?", 1, "⚡ <b>At most about"),
    # already read: after "on", after a count
    ("tok/s llama 3 70b q4 on 2x 3090", 2, "⚡ <b>At most about 21 tokens/s"),
])
def test_a_card_number_opening_the_message_is_the_card(text: str, count: int, lead: str) -> None:
    reply = ask(text)
    assert reply.query.gpu is not None and reply.query.gpu.endswith(("3090", "4090")), reply.text[:300]
    assert (reply.query.gpu_count or 1) == count, reply.text[:300]
    assert reply.text.startswith(lead), reply.text[:300]


def test_a_rate_measured_on_a_card_named_stays_a_rate() -> None:
    reply = ask("is 3000 tok/s normal for llama 3 8b on an h100 with vllm?")
    assert reply.query.gpu == "h100", reply.text[:300]
    says(reply.text, ["3,000"], [])


@pytest.mark.parametrize("text", [
    # "with offload" in a training question is the CPU offload (was unread: no offload in the
    # verdict, no RAM figure for it)
    "i only have 8gb vram and 32gb ram, qlora llama 3 8b with offload?",
    "qlora llama 3 8b on a 3070 with offload",
    "full finetune llama 3 8b on 2x 4090 using offloading, fits?",
])
def test_with_offload_in_training_is_the_cpu_offload(text: str) -> None:
    reply = ask(text)
    says(reply.text, ["CPU RAM for what is offloaded"], [])


def test_with_offload_when_serving_stays_the_layers_in_ram() -> None:
    reply = ask("llama 3 70b q4 on a 4090 with offload how fast")
    says(reply.text, ["with the other layers in system RAM"], ["CPU RAM for what is offloaded"])
