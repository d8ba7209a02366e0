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


# --- torchtune's recipe configs --------------------------------------------------------------

# (question, micro-batch, LoRA rank, checkpointing): what the command does not set is the named
# config's own (pytorch/torchtune recipes/configs @bd2a0fc7); was rank 16, batch 1, on.
TORCHTUNE = [
    ("tune run lora_finetune_single_device --config llama3/8B_lora_single_device", 2, 8, True),
    ("tune run lora_finetune_single_device --config llama3_1/8B_qlora_single_device on a 4090",
     2, 8, True),
    ("tune run lora_finetune_single_device --config llama3_2/3B_lora_single_device", 4, 64, True),
    ("tune run --nproc_per_node 2 lora_finetune_distributed --config llama3_1/8B_lora on 2 4090s",
     2, 8, False),
    ("tune run lora_finetune_single_device --config qwen2_5/7B_lora_single_device en una 4090",
     2, 8, True),
    ("tune run lora_finetune_single_device --config mistral/7B_lora_single_device", 4, 64, True),
    # what the command overrides stays
    ("tune run lora_finetune_single_device --config llama3/8B_lora_single_device batch_size=4 "
     "on a 4090", 4, 8, True),
    ("tune run lora_finetune_single_device --config llama3/8B_lora_single_device "
     "model.lora_rank=32 on a 4090", 2, 32, True),
    # torchtune named without a config: the usual assumptions
    ("lora llama 3 8b with torchtune on a 4090", 1, 16, True),
]


@pytest.mark.parametrize(("text", "batch", "rank", "ckpt"), TORCHTUNE)
def test_torchtune_config_defaults(text: str, batch: int, rank: int, ckpt: bool) -> None:
    reply = ask(text)
    detailed = reply.answer.detailed
    assert detailed is not None, reply.text
    assert (detailed.micro_batch, detailed.lora_rank, detailed.grad_ckpt) == (batch, rank, ckpt), \
        reply.text
    assert ("lora_rank" in detailed.defaults) is (reply.query.torchtune_config is None)


def test_torchtune_full_config_has_no_accumulation() -> None:
    # 8B_full_single_device: gradient_accumulation_steps 1, batch 2, checkpointing on.
    reply = ask("tune run full_finetune_single_device --config llama3_1/8B_full_single_device "
                "on a 4090")
    detailed = reply.answer.detailed
    assert detailed is not None
    assert (detailed.micro_batch, detailed.grad_ckpt) == (2, True)
    assert "grad_accumulation" not in {a.code for a in detailed.assumed()}, reply.text
    assert "no gradient accumulation" in reply.text


@pytest.mark.parametrize(("text", "locale", "has"), [
    ("tune run lora_finetune_single_device --config llama3/8B_lora_single_device", None,
     "From torchtune's llama3/8b_lora_single_device config, where you set nothing else: batch 2, "
     "LoRA rank 8 (alpha 16), gradient checkpointing on, and gradient accumulation over 8 "
     "micro-batches."),
    ("tune run lora_finetune_single_device --config llama3/8B_lora_single_device en mi 4090",
     "es", "De la configuración llama3/8b_lora_single_device de torchtune"),
    ("tune run lora_finetune_single_device --config llama3/8B_lora_single_device sur ma 4090",
     "fr", "rang LoRA 8 (alpha 16)"),
])
def test_torchtune_config_is_said(text: str, locale: str | None, has: str) -> None:
    reply = ask(text, locale)
    assert has in reply.text, reply.text


# --- mlx-lm in the next step on a Mac ----------------------------------------------------------


@pytest.mark.parametrize(("text", "has", "lacks"), [
    # over the Mac as asked: mlx-lm with what makes it fit (a 4-bit model: QLoRA), not TRL
    ("lora llama 3 8b with mlx on my m2 max 32gb", "Next: with mlx-lm", "Hugging Face TRL"),
    ("full finetune llama 3 8b with mlx on my m2 max 32gb", "Next: with mlx-lm",
     "Hugging Face TRL"),
    ("lora llama 3 8b on my m2 max 32gb with batch 4",
     "--batch-size 2 --grad-accumulation-steps 2", "Hugging Face TRL"),
    # fits: mlx-lm as before
    ("lora llama 3 8b on my m2 max 64gb", "Next: with mlx-lm", "Hugging Face TRL"),
    # nothing mlx-lm can change fits it on the Mac: the rented configuration, named, with TRL
    ("lora llama 3 70b with mlx on my m1 pro 16gb", "Next: with Hugging Face TRL, on 4× A100 80GB",
     "mlx_lm.lora"),
])
def test_mac_next_step(text: str, has: str, lacks: str) -> None:
    reply = ask(text)
    nxt = next(line for line in reply.text.split("\n") if line.startswith("🛠"))
    assert has in nxt, reply.text
    assert lacks not in nxt, reply.text


# --- two LoRA ranks compared --------------------------------------------------------------------

# (question, locale, ranks, lead phrase): both detailed estimates and their difference; the
# adapters (weights, gradients, AdamW states) grow with the rank, nothing else much.
RANKS = [
    ("what's the difference in memory between lora rank 8 and rank 256 on llama 3 8b", None,
     (8, 256), "LoRA rank 8 vs rank 256: about 22.7 GB vs 33.1 GB per GPU here, a difference "
     "of 10.4 GB."),
    ("r=16 vs r=64 lora llama 3 8b, how much more vram", None, (16, 64), "LoRA rank 16 vs rank 64"),
    ("lora r=16 or r=64 for mistral 7b on a 4090?", None, (16, 64), "LoRA rank 16 vs rank 64"),
    ("diferencia entre rango 8 y 64 en lora de llama 3 8b", "es", (8, 64),
     "Rango LoRA 8 frente a rango 64: unos 22,7"),
    ("quelle différence de mémoire entre rang 8 et 64 pour un lora de llama 3 8b ?", "fr", (8, 64),
     "Rang LoRA 8 contre rang 64\u00a0: environ 22,7"),
]


@pytest.mark.parametrize(("text", "locale", "ranks", "lead"), RANKS)
def test_two_ranks_compared(text: str, locale: str | None, ranks: tuple[int, int],
                            lead: str) -> None:
    reply = ask(text, locale)
    pair = reply.answer.rank_pair
    assert pair is not None, reply.text
    assert (pair.rank_a, pair.rank_b) == ranks
    assert pair.b_adapters_gb > pair.a_adapters_gb
    # the adapters make up the difference, within the rounding of the terms
    assert abs(pair.difference_gb - (pair.b_adapters_gb - pair.a_adapters_gb)) <= 1, pair
    assert lead in reply.text, reply.text


@pytest.mark.parametrize("text", [
    "lora rank 8 and 4 a100s for llama 3 70b",  # a count of cards, not a rank
    "lora llama 3 8b rank 16 and seq 2048",
    "lora rank 64 and 2 epochs on llama 3 8b",
])
def test_one_rank_is_not_a_pair(text: str) -> None:
    reply = ask(text)
    assert reply.query.lora_rank_other is None, reply.text
    assert reply.answer.rank_pair is None


# --- disk space for a training run --------------------------------------------------------------

# (question, locale, method, checkpoint GB, phrase): one checkpoint is the trained weights (the
# FP32 master copy under mixed precision; the adapters with LoRA) plus the optimizer states, the
# estimator's own terms; 2 kept unless save_total_limit is said.
DISK = [
    ("how much disk space do i need to finetune llama 3 8b", None, "full_adamw", "96.3",
     "Full fine-tuning, AdamW: 96.3 GB a checkpoint (trained weights 32.1 GB, optimizer states "
     "64.2 GB); with 2 kept and the final model, about 240.8 GB in all."),
    ("how much disk space do i need to finetune llama 3 8b", None, "qlora", "0.5",
     "LoRA or QLoRA adapters (rank 16): 0.5 GB a checkpoint"),
    ("espacio en disco para full finetune de 70b", "es", "full_adamw", "840.0",
     "por checkpoint (pesos entrenados 280"),
    ("disk space for lora mistral 7b with save_total_limit=3", None, "lora", "0.5",
     "with 3 kept and the final model"),
    ("espace disque pour un full finetune de llama 3 8b ?", "fr", "full_adamw", "96.3",
     "poids entraînés 32,1"),
]


@pytest.mark.parametrize(("text", "locale", "method", "checkpoint", "phrase"), DISK)
def test_training_disk_space(text: str, locale: str | None, method: str, checkpoint: str,
                             phrase: str) -> None:
    reply = ask(text, locale)
    disk = reply.answer.train_disk
    assert disk is not None, reply.text
    sizes = {m: ck for m, _, ck in disk.methods}
    assert str(sizes[method].total_gb) == checkpoint, sizes
    assert phrase in reply.text, reply.text
    assert reply.text.startswith("💾"), reply.text


def test_serving_disk_space_is_the_download_alone() -> None:
    reply = ask("how much disk space for llama 3 70b")
    assert reply.answer.train_disk is None
    assert reply.query.disk_asked


# --- full fine-tuning on a card without BF16 ------------------------------------------------------


@pytest.mark.parametrize(("text", "locale", "code", "has"), [
    ("full fine-tune llama 3 8b with unsloth on a T4, seq 1024", None, "unsloth_fp16_full",
     "Unsloth on a card without BF16 upcasts the weights to FP32"),
    ("full fine-tune qwen2.5 0.5b on a v100 at seq 1024 batch 2", None, "mixed_precision_fp16",
     "as the Hugging Face Trainer does with fp16=True"),
    ("fine-tuning completo de qwen2.5 0.5b en una t4 con seq 1024", "es", "mixed_precision_fp16",
     "Precisión mixta en FP16"),
    # a card with BF16 keeps the bf16 wording
    ("full fine-tune qwen2.5 0.5b on an a100 at seq 1024", None, "mixed_precision",
     "as the Hugging Face Trainer does with bf16."),
])
def test_mixed_precision_wording_follows_the_card(text: str, locale: str | None, code: str,
                                                  has: str) -> None:
    reply = ask(text, locale)
    detailed = reply.answer.detailed
    assert detailed is not None, reply.text
    assert code in {a.code for a in detailed.assumed()}, reply.text
    assert has in reply.text, reply.text
