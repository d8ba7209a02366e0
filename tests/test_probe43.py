"""Questions found in session 43's probe (English, as people write them on r/LocalLLaMA, the
Hugging Face forums and the unsloth/axolotl/peft/trl/llama.cpp/vllm issues: glued units, slang,
several facts in one message, the card they own, pasted logs and configs)."""

from __future__ import annotations

import pytest

from tests.support.chat import ask, says


@pytest.mark.parametrize(("text", "gpu", "count", "has"), [
    # Samples of unsaid length on one's own card that holds the short ones but not 2,048-token
    # ones: both lengths timed on the card, the longest at the sequence it holds (said so), the
    # rented run after (was both "on 1× L40S", "Timed on the cheapest offered configuration that
    # fits", the card owned unsaid)
    ("got 2x3090, want to lora qwen2.5 14b on ~30k convos, how many hours", "rtx-3090", 2,
     ["on 2× RTX 3090 (1 epoch)",
      "Samples of 2,048 tokens do not fit on 2× RTX 3090 as they are (detailed estimate)",
      "Rented here instead, where this run costs least, on 1× L40S"]),
    ("how long to qlora gemma 2 9b on colab t4 with 8k samples", "t4", 1,
     ["on 1× T4 (1 epoch)", "in sequences of at most about 1,812 tokens, which fit.",
      "Rented here instead, where this run costs least, on 1× L40S"]),
    # checkpointing switched off: the card holds 2,048 tokens once it is on
    ("how long to qlora llama 3 8b on my t4 with 20k samples, gradient checkpointing off", "t4", 1,
     ["on 1× T4 (1 epoch)",
      "Samples of 2,048 tokens fit on 1× T4 only with gradient checkpointing on (about 12.8 GB"]),
])
def test_samples_of_unsaid_length_timed_on_the_card_owned(
        text: str, gpu: str, count: int, has: list[str]) -> None:
    reply = ask(text)
    assert reply.answer.intent == "time", reply.text[:300]
    (_s, short_t), (_l, long_t) = reply.answer.sample_bracket
    assert (short_t.gpu, short_t.gpu_count, long_t.gpu, long_t.gpu_count) == (
        gpu, count, gpu, count), reply.text
    assert long_t.rented is not None and long_t.rented.gpu == "l40s", reply.text
    says(reply.text, has, ["Timed on the cheapest offered configuration that fits."])


@pytest.mark.parametrize("text", [
    # a card we rent and price, named without "my": the rented answer as before
    "how long to lora qwen2.5 14b on an l40s with 30k samples",
    # the own card holds both lengths: timed there, as before
    "how long to qlora llama 3 8b on my 3090 with 20k samples",
])
def test_samples_of_unsaid_length_elsewhere_unchanged(text: str) -> None:
    reply = ask(text)
    says(reply.text, ["⏱ <b>How long"], ["as they are (detailed estimate)"])
