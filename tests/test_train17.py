"""train17: training settings the verdict ignored (session 29).

Each default is the tool's own, read from its source: the Hugging Face Trainer's gradient
checkpointing (off unless set; TRL's configs turn it on), torchtune's recipe configs, mlx_lm's
trainer in the next step."""

from __future__ import annotations

import pytest

from tests.support.chat import ask

# --- the Hugging Face Trainer leaves gradient checkpointing off ------------------------------

# (question, grad_ckpt estimated, the Trainer's default said): TrainingArguments'
# gradient_checkpointing defaults to False (huggingface/transformers training_args.py
# @00349ae8); TRL's configs default to True since v0.22 (trl/trainer/base_config.py @f2cd5771).
TRAINER_CKPT = [
    # a Trainer command or config pasted without the flag: off, and said whose default it is
    ("python train.py --model_name_or_path meta-llama/Meta-Llama-3-8B "
     "--per_device_train_batch_size 4 --bf16 --max_seq_length 2048 lora on a 4090, will it fit?",
     False, True),
    ("TrainingArguments(per_device_train_batch_size=2, bf16=True) qlora mistral 7b on a 3090",
     False, True),
    ("trainer = Trainer(model=model, args=args) lora qwen2.5 7b seq 1024 batch 2 on an a100",
     False, True),
    ("python run_clm.py --model_name_or_path meta-llama/Llama-3.2-1B --block_size 1024 "
     "--per_device_train_batch_size 8 --bf16 on a 4090", False, True),
    ("qlora de llama 3 8b en mi 3090 con per_device_train_batch_size=4, ¿entra?", False, True),
    # the flag said: as said
    ("TrainingArguments(per_device_train_batch_size=2, gradient_checkpointing=True) qlora "
     "mistral 7b on a 3090", True, False),
    ("python train.py --per_device_train_batch_size 4 --gradient_checkpointing lora llama 3 8b "
     "on a 4090", True, False),
    # TRL's configs and tools that set it themselves: on
    ("trl sft --model_name_or_path meta-llama/Meta-Llama-3-8B --use_peft "
     "--per_device_train_batch_size 4 on a 4090", True, False),
    ("SFTConfig(per_device_train_batch_size=4, max_seq_length=2048) lora llama 3 8b on a 4090",
     True, False),
    ("llamafactory-cli train with per_device_train_batch_size: 4, lora llama 3 8b on a 4090",
     True, False),
    ("unsloth TrainingArguments(per_device_train_batch_size=4) lora llama 3 8b on a 4090",
     True, False),
    # plain words: the stated default
    ("lora llama 3 8b on a 4090 with batch 4", True, False),
]


@pytest.mark.parametrize(("text", "ckpt", "by_trainer"), TRAINER_CKPT)
def test_hf_trainer_default_checkpointing(text: str, ckpt: bool, by_trainer: bool) -> None:
    reply = ask(text)
    detailed = reply.answer.detailed
    assert detailed is not None, reply.text
    assert detailed.grad_ckpt is ckpt, reply.text
    said = "TrainingArguments gradient_checkpointing=False" in reply.text \
        or "gradient_checkpointing=False de TrainingArguments" in reply.text \
        or "gradient_checkpointing=False de TrainingArguments" in reply.text
    assert said is by_trainer, reply.text


@pytest.mark.parametrize(("text", "locale", "has"), [
    ("python train.py --model_name_or_path meta-llama/Meta-Llama-3-8B "
     "--per_device_train_batch_size 4 lora on a 4090", None,
     "Gradient checkpointing off: the Hugging Face Trainer's default"),
    ("TrainingArguments(per_device_train_batch_size=4) lora de llama 3 8b en una 4090, ¿entra?",
     "es", "Gradient checkpointing desactivado: el valor por defecto del Trainer de Hugging Face"),
    ("TrainingArguments(per_device_train_batch_size=4) lora de llama 3 8b sur une 4090, ça passe ?",
     "fr", "Gradient checkpointing désactivé\u00a0: la valeur par défaut du Trainer de Hugging Face"),
    ("trl sft --model_name_or_path meta-llama/Meta-Llama-3-8B --use_peft "
     "--per_device_train_batch_size 4 on a 4090", None,
     "Gradient checkpointing on: TRL's default since TRL 0.22"),
])
def test_trainer_default_is_said(text: str, locale: str | None, has: str) -> None:
    reply = ask(text, locale)
    assert has in reply.text, reply.text


def test_hf_trainer_oom_offers_checkpointing() -> None:
    # Off by the Trainer's default and over the card: turning it on is one of the fixes.
    reply = ask("python train.py --model_name_or_path meta-llama/Meta-Llama-3-8B "
                "--per_device_train_batch_size 4 --max_seq_length 2048 lora on a 4090")
    assert reply.answer.detailed is not None
    assert reply.answer.detailed.check is not None
    assert reply.answer.detailed.check.detailed_fits is False
    assert "gradient checkpointing on" in reply.text.split("What makes it fit")[1], reply.text
