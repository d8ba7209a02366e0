"""train18: the training tool the user named, and its real defaults (session 30).

Each default is the tool's own, read from its source: the Hugging Face Trainer's batch
(TrainingArguments per_device_train_batch_size=8, which TRL's configs inherit)."""

from __future__ import annotations

import pytest

from tests.support.chat import ask

# --- the Trainer's batch: 8 when the pasted arguments leave it out ----------------------------

# (question, micro-batch estimated, the Trainer's default said): 'per_device_train_batch_size:
# int = field(default=8, ...)' (huggingface/transformers training_args.py @00349ae8); TRL's
# _BaseConfig(TrainingArguments) does not override it (trl/trainer/base_config.py @f2cd5771).
TRAINER_BATCH = [
    ("TrainingArguments(output_dir='out', bf16=True, num_train_epochs=1) full finetune "
     "qwen2.5 0.5b on a 4090", 8, "Batch 8, the Trainer's default"),
    ("SFTConfig(output_dir='out', bf16=True) lora llama 3 8b on a 4090", 8,
     "Batch 8, the Trainer's default"),
    ("trl sft --model_name_or_path meta-llama/Llama-3.1-8B --use_peft --load_in_4bit on a 4090",
     8, "Batch 8, the Trainer's default"),
    ("args = TrainingArguments(output_dir='out', gradient_checkpointing=True) qlora mistral 7b "
     "en una 3090", 8, "Batch 8, el valor por defecto del Trainer"),
    ("python run_clm.py --model_name_or_path meta-llama/Llama-3.2-1B --bf16 --block_size 1024 "
     "full finetune sur une a100", 8, "Batch 8, la valeur par défaut du Trainer"),
    # the batch said: as said, no default named
    ("SFTConfig(output_dir='out', per_device_train_batch_size=2) lora llama 3 8b on a 4090", 2,
     None),
    ("TrainingArguments(per_device_train_batch_size=2, bf16=True) qlora mistral 7b on a 3090", 2,
     None),
    # TRL named in words, nothing pasted: our usual batch 1, said as an assumption
    ("qlora llama 3 8b with trl on a 4090", 1, None),
]


@pytest.mark.parametrize(("text", "batch", "said"), TRAINER_BATCH)
def test_trainer_default_batch(text: str, batch: int, said: str | None) -> None:
    reply = ask(text)
    detailed = reply.answer.detailed
    assert detailed is not None, reply.text
    assert detailed.micro_batch == batch, reply.text
    if said is not None:
        assert said in reply.text
    else:
        assert "Batch 8" not in reply.text
