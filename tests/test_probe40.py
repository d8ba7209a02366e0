"""Questions found in session 40's probe (first questions as people write them on r/LocalLLaMA,
the Hugging Face forums and the unsloth/axolotl/peft/trl issues: pasted configs, error pastes,
several facts glued in one message)."""

from __future__ import annotations

import pytest

from tests.support.chat import ask, says


@pytest.mark.parametrize(("text", "lead"), [
    # A learning rate in a pasted config is a setting, not a price (was "💵 Cost: $19.68 — 1×
    # L40S × 24 hours" leading, the fit asked second)
    ("SFTConfig(per_device_train_batch_size=8, max_length=1024, num_train_epochs=1, "
     "learning_rate=2e-4) with peft LoraConfig(r=16, lora_alpha=32) on "
     "Qwen/Qwen2.5-7B-Instruct, fits on a 3090?",
     "❌ <b>No: Qwen2.5 7B (7.61B parameters) does not fit on 1× RTX 3090 (LoRA).</b>"),
    ("qwen2.5 7b lora learning rate 2e-4 fits on a 3090?",
     "✅ <b>Yes: Qwen2.5 7B (7.61B parameters) fits on 1× RTX 3090 (LoRA).</b>"),
    # rates alone stay our prices
    ("h100 rates?", "💵 <b>1× H100 costs $2.32/hour.</b>"),
])
def test_a_learning_rate_is_no_price(text: str, lead: str) -> None:
    reply = ask(text)
    assert reply.text.startswith(lead), reply.text[:400]


@pytest.mark.parametrize(("text", "method", "has"), [
    # LLaMA-Factory's quantization_bit: 4 is its QLoRA (was LoRA on a BF16 base, 227.1 GB a GPU
    # with checkpointing off as the Trainer's default, read from per_device_train_batch_size)
    ("model_name_or_path: Qwen/Qwen2.5-72B-Instruct\nfinetuning_type: lora\nquantization_bit: 4\n"
     "cutoff_len: 4096\nper_device_train_batch_size: 1\nwill it run on 2x3090?", "qlora",
     ["does not fit on 2× RTX 3090 (QLoRA).</b>\nWith your settings it needs about 47.4 GB per GPU",
      "llamafactory-cli train config.yaml"]),
    ("llamafactory finetuning_type: lora, quantization_bit: 4, llama 3.1 8b, how long on a 4090 "
     "for 10k samples of 1k tokens", "qlora", ["⏱ <b>QLoRA of Llama 3.1 8B"]),
    ("llama factory lora llama 3 8b --quantization_bit 8 on a 3090", "lora_int8",
     ["fits on 1× RTX 3090 (LoRA 8-bit)"]),
    # no quantization_bit: LoRA as before
    ("llama factory lora llama 3 8b on a 3090", "lora", ["(LoRA).</b>"]),
])
def test_llama_factory_quantization_bit(text: str, method: str, has: list[str]) -> None:
    reply = ask(text)
    assert reply.query.method == method, reply.text[:400]
    says(reply.text, has, [])
