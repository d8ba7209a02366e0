"""train16: training settings the estimate used to ignore (session 28).

Each behaviour is the tool's own, read from its source: Unsloth's full fine-tuning (pure BF16
weights, adamw_8bit by default), mlx_lm's LoRA flags, run_clm.py's --block_size, torchtune's
BF16 adapters, and the architectures of models people still ask about."""

from __future__ import annotations

import pytest

from tests.support.chat import ask

# --- Unsloth's full fine-tuning ---------------------------------------------------------------

# (question, locale): Unsloth's full fine-tuning trains the BF16 weights with its default
# adamw_8bit (unslothai/unsloth unsloth/models/vision.py and rl.py @015bdef0; unsloth_zoo
# training_utils.py @ce232d6c): no FP32 master copy, 8-bit Adam states.
UNSLOTH_FULL = [
    ("full finetune llama 3 8b with unsloth on a 4090", None),
    ("unsloth full_finetuning=True llama 3 8b on a h100", None),
    ("FastLanguageModel.from_pretrained('unsloth/Meta-Llama-3.1-8B', max_seq_length=4096, "
     "full_finetuning=True) on an a100, will it fit", None),
    ("fine-tuning completo de llama 3 8b con unsloth en una h100", "es"),
    ("full fine-tuning de llama 3 8b avec unsloth sur une h100", "fr"),
    ("full finetune llama 3 8b with unsloth float32_mixed_precision=False on a100", None),
]


@pytest.mark.parametrize(("text", "locale"), UNSLOTH_FULL)
def test_unsloth_full_finetuning_is_pure_bf16_with_8bit_adam(
        text: str, locale: str | None) -> None:
    reply = ask(text, locale)
    assert reply.query.method == "full_adam8bit", reply.text
    detailed = reply.answer.detailed
    assert detailed is not None, reply.text
    names = {t.name for t in detailed.breakdown.terms}
    assert "master_weights" not in names, reply.text
    weights = detailed.breakdown.term("weights")
    # BF16 weights and gradients, 8-bit Adam's two one-byte states: 2 bytes a weight each.
    assert detailed.breakdown.term("gradients") == weights
    assert detailed.breakdown.term("optimizer_states") == weights
    assert "unsloth_optimizer" in detailed.defaults


@pytest.mark.parametrize(("text", "method"), [
    # An optimizer named is the one estimated.
    ("full fine-tune qwen2.5 7b with unsloth and adamw_torch on an a100", "full_adamw"),
    ("full fine-tune qwen2.5 7b with unsloth and paged adamw 8bit on an a100", "full_adam8bit"),
    # Mixed precision said stays mixed precision.
    ("full finetune llama 3 8b with unsloth, mixed precision, on an h200", "full_adam8bit"),
])
def test_unsloth_full_finetuning_keeps_what_is_said(text: str, method: str) -> None:
    reply = ask(text)
    assert reply.query.method == method, reply.text
    detailed = reply.answer.detailed
    assert detailed is not None
    assert "unsloth_optimizer" not in detailed.defaults or method == "full_adam8bit"
    if "mixed precision" in text:
        assert detailed.breakdown.term("master_weights") > 0, reply.text


def test_full_finetuning_without_unsloth_is_unchanged() -> None:
    reply = ask("full finetune llama 3 8b on an h200")
    assert reply.query.method == "full_adamw"
    assert reply.query.precision is None


# --- Hugging Face run_clm.py's --block_size ----------------------------------------------------

# (question, sequence length, method): run_clm.py cuts the corpus into blocks of --block_size
# tokens, every training sequence that long; the script trains every weight (no PEFT).
BLOCK_SIZE = [
    ("python run_clm.py --model_name_or_path meta-llama/Llama-3.2-1B --block_size 1024 "
     "--per_device_train_batch_size 8 --bf16 on a 4090, will it oom", 1024, "full_adamw"),
    ("run_clm.py llama 3.2 3b block_size=2048 batch 4 on an a100", 2048, "full_adamw"),
    ("accelerate launch run_clm_no_trainer.py --model_name_or_path Qwen/Qwen2.5-1.5B "
     "--block_size 512 --per_device_train_batch_size 16 en una 4090", 512, "full_adamw"),
    ("lora llama 3 8b with peft run_clm.py --block_size 4096 on an h100", 4096, "lora"),
]


@pytest.mark.parametrize(("text", "seq_len", "method"), BLOCK_SIZE)
def test_block_size_is_the_training_sequence_length(text: str, seq_len: int, method: str) -> None:
    reply = ask(text)
    assert reply.query.seq_len == seq_len, reply.text
    assert reply.query.method == method, reply.text
    detailed = reply.answer.detailed
    assert detailed is not None and detailed.seq_len == seq_len


def test_vllm_block_size_is_no_length() -> None:
    # vLLM's --block-size is its KV cache's page size in tokens.
    reply = ask("vllm serve llama 3 8b --block-size 32 on a 4090")
    assert reply.query.seq_len is None
    assert reply.query.inference
