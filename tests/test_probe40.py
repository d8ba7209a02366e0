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


@pytest.mark.parametrize(("text", "lead"), [
    # "will it OOM?" answered without a yes or a no, which answered the error backwards (was
    # "❌ No: … does not fit" to "will this OOM?", "✅ Yes: … fits" to "will … oom")
    ("will this OOM on an A100 80GB? llama 3.1 8b full finetune bs 4 seq 2048",
     "❌ <b>It would run out of memory: Llama 3.1 8B does not fit on 1× A100 80GB (full AdamW).</b>"),
    ("will qlora llama 3 8b oom on a 3090",
     "✅ <b>No OOM expected: Llama 3 8B fits on 1× RTX 3090 (QLoRA).</b>"),
    ("is lora llama 3.1 70b going to OOM on an h100",
     "❌ <b>It would run out of memory: Llama 3.1 70B does not fit on 1× H100 (LoRA).</b>"),
    ("qlora llama 3 8b en una 3090, va a dar oom?",
     "✅ <b>No debería dar OOM: Llama 3 8B cabe en 1× RTX 3090 (QLoRA).</b>"),
    ("full ft llama 3 8b sur une 4090, oom ?",
     "❌ <b>Ça manquerait de mémoire\u00a0: Llama 3 8B ne tient pas sur 1× RTX 4090"),
    # with a time asked after it: the fit leads, so said (was the time alone when it fits)
    ("qlora llama 3 8b on a 3090, will it oom and how long for 10k samples of 512 tokens",
     "✅ <b>No OOM expected: Llama 3 8B fits on 1× RTX 3090 (QLoRA).</b> Memory: about 9 GB"),
    ("lora llama 3 8b on a 3090 with seq 8192 bs 4, will it oom and how long for 10k samples",
     "❌ <b>It would run out of memory: Llama 3 8B does not fit on 1× RTX 3090 (LoRA).</b>"),
    # an OOM hit, or none named: the yes or no as before
    ("my lora llama 3 8b on a 3090 OOMs at seq 4096 bs 4",
     "❌ <b>No: Llama 3 8B does not fit on 1× RTX 3090 (LoRA).</b>"),
    ("qlora llama 3 8b on a 3090", "✅ <b>Yes: Llama 3 8B fits on 1× RTX 3090 (QLoRA).</b>"),
])
def test_an_oom_asked_is_answered_without_yes_or_no(text: str, lead: str) -> None:
    reply = ask(text)
    assert reply.text.startswith(lead), reply.text[:400]
