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


# --- Unsloth's full fine-tune on a card without BF16 keeps no 16-bit copy ---------------------

# (question, total per GPU in GB, terms): Unsloth upcasts the weights to FP32 there and trains
# with FP16 autocast over them (unslothai/unsloth unsloth/models/vision.py, unsloth/models/rl.py
# @015bdef0): FP32 weights and gradients, 8-bit Adam states, no 16-bit copy, no master copy.
UNSLOTH_FP16_FULL = [
    ("full finetune llama 3.1 8b with unsloth on a t4", "82.1",
     "Model weights: 32.1 GB"),  # was 98.2 with a 16.1 GB 16-bit copy
    ("fine-tuning completo de llama 3.1 8b con unsloth en una t4", "82,1",
     "Unsloth, en una tarjeta sin BF16, pasa los pesos a FP32"),
    ("full fine-tuning de qwen2.5 1.5b avec unsloth sur une t4", "18,8",
     "aucune copie 16 bits des poids"),
]


@pytest.mark.parametrize(("text", "total", "said"), UNSLOTH_FP16_FULL)
def test_unsloth_fp16_full_has_no_16bit_copy(text: str, total: str, said: str) -> None:
    reply = ask(text)
    detailed = reply.answer.detailed
    assert detailed is not None, reply.text
    names = [term.name for term in detailed.breakdown.terms]
    assert "master_weights" not in names, names
    assert total in reply.text and said in reply.text, reply.text


def test_unsloth_on_a_bf16_card_and_other_trainers_on_a_t4_keep_their_terms() -> None:
    # Unsloth on a 4090 trains in pure BF16: 2-byte weights, no master copy (unchanged)
    bf16 = ask("full finetune llama 3.1 8b with unsloth on a 4090").answer.detailed
    assert bf16 is not None
    assert bf16.breakdown.term("weights") < 17
    # the Trainer's FP16 mixed precision on a T4 keeps its 16-bit weights and FP32 master copy
    mixed = ask("full finetune llama 3.1 8b on a t4").answer.detailed
    assert mixed is not None
    assert mixed.breakdown.term("master_weights") > 30


# --- the next step is the tool the user named, not TRL ----------------------------------------

# (question, locale, the next step's words in order, words it lacks): torchtune's recipes and
# configs (pytorch/torchtune torchtune/_recipe_registry.py @bd2a0fc7), Axolotl's and
# LLaMA-Factory's YAML keys and commands, Unsloth's arguments (bot/render/tool_lines.py).
TOOL_NEXT = [
    # torchtune: its own command; what makes it fit as overrides
    ("tune run lora_finetune_single_device --config llama3_1/8B_lora_single_device on a 4090?",
     None, ["🛠 Next: with torchtune, run <code>tune run lora_finetune_single_device --config "
            "llama3_1/8B_lora_single_device</code>."], "TRL"),
    ("tune run lora_finetune_single_device --config llama3_1/8B_lora_single_device "
     "batch_size=8 on a 4090", None,
     ["with torchtune, run <code>tune run lora_finetune_single_device --config "
      "llama3_1/8B_lora_single_device batch_size=2 gradient_accumulation_steps=32</code>"], "TRL"),
    ("full finetune llama 3 8b with torchtune --config llama3/8B_full on 8x h100", None,
     ["<code>tune run --nproc_per_node 8 full_finetune_distributed --config "
      "llama3/8B_full</code>"], "TRL"),
    ("lora de llama 3 8b con torchtune en una 4090, ¿entra?", "es",
     ["Siguiente paso: con torchtune, lanza <code>tune run lora_finetune_single_device "
      "--config llama3/8B_lora_single_device batch_size=1</code>"], "TRL"),
    # Axolotl and LLaMA-Factory: their YAML keys and command
    ("qlora llama 3 8b with axolotl on a 4090", None,
     ["with Axolotl, set <code>adapter: qlora, load_in_4bit: true</code> in your YAML config "
      "and run <code>axolotl train config.yml</code>"], "TRL"),
    ("qlora de llama 3 70b avec axolotl sur une 4090", "fr",
     ["Étape suivante\u00a0: avec Axolotl, sur 1× A100 80GB, mettez <code>adapter: qlora, "
      "load_in_4bit: true</code>"], "TRL"),
    ("lora llama 3 8b with llama-factory on a 4090", None,
     ["with LLaMA-Factory, set <code>finetuning_type: lora</code> in your YAML config and run "
      "<code>llamafactory-cli train config.yaml</code>"], "TRL"),
    ("lora llama 3 8b with axolotl and unsloth kernels on a 3090 seq 8192 batch 4", None,
     ["with Axolotl, set <code>adapter: lora, micro_batch_size: 2, "
      "gradient_accumulation_steps: 2</code>"], "TRL"),
    # Unsloth: its arguments
    ("lora llama 3 8b with unsloth on a 4090", None,
     ["with Unsloth, set <code>load_in_4bit=False</code>"], "TRL"),
    ("qlora de llama 3 8b con unsloth en mi 3060 de 12gb", "es",
     ["Siguiente paso: con Unsloth, pon <code>load_in_4bit=True</code>"], "TRL"),
    # no tool named: TRL as before; a Mac: mlx-lm as before
    ("qlora llama 3 8b on a 4090", None,
     ["Next: with Hugging Face TRL, run it with <code>--load_in_4bit --use_peft --lora_target_modules all-linear</code>."], None),
    ("lora llama 3 8b with mlx on my m2 max 32gb", None, ["Next: with mlx-lm"], None),
]


@pytest.mark.parametrize(("text", "locale", "has", "lacks"), TOOL_NEXT)
def test_next_step_follows_the_tool_named(text: str, locale: str | None, has: list[str],
                                          lacks: str | None) -> None:
    reply = ask(text, locale)
    step = next((line for line in reply.text.splitlines() if line.startswith("🛠")), "")
    at = 0
    for part in has:
        found = step.find(part, at)
        assert found >= 0, (part, step)
        at = found + len(part)
    if lacks is not None:
        assert lacks not in step, step


# --- what the time's k·N·D is made of ---------------------------------------------------------

# (question, locale, the FLOPs line, the line that splits it): the seed pages publish no FLOPs
# rule; rules/data/detailed.toml times LoRA/QLoRA at 4·N·D (frozen base: no weight gradients)
# and full fine-tuning at 6·N·D (Kaplan et al. 2020), +2·N·D with checkpointing. A LoRA run's
# '6·N·D' is now said to be 4 + 2, not the full fine-tuning rule.
TIME_SPLIT = [
    ("how long to qlora llama 3 8b on 10M tokens on an h100", None, "From 6·N·D FLOPs",
     "LoRA and QLoRA take 4·N·D, not full fine-tuning's 6·N·D: the frozen base needs no weight "
     "gradients (an approximation); gradient checkpointing adds 2·N·D"),
    ("how long to qlora llama 3 8b on 10M tokens on an h100 without gradient checkpointing",
     None, "From 4·N·D FLOPs", "LoRA and QLoRA take 4·N·D, not full fine-tuning's 6·N·D: the "
     "frozen base needs no weight gradients (an approximation)."),
    ("how long to full finetune llama 3 8b on 10M tokens on 8x h100", None, "From 8·N·D FLOPs",
     "Full fine-tuning takes 6·N·D (Kaplan et al. 2020); gradient checkpointing adds 2·N·D"),
    ("cuanto tarda un qlora de llama 3 8b con 10M tokens en una h100", "es", "Según 6·N·D FLOPs",
     "LoRA y QLoRA cuestan 4·N·D, no los 6·N·D del fine-tuning completo"),
    ("combien de temps pour un lora de llama 3 8b sur 10M tokens sur une h100", "fr",
     "D'après 6·N·D FLOP", "LoRA et QLoRA coûtent 4·N·D, pas les 6·N·D du fine-tuning complet"),
]


@pytest.mark.parametrize(("text", "locale", "flops", "split"), TIME_SPLIT)
def test_time_says_what_its_flops_are(text: str, locale: str | None, flops: str,
                                      split: str) -> None:
    reply = ask(text, locale)
    assert reply.query.intent == "time", reply.text
    lines = reply.text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(flops))
    assert lines[at + 1].startswith(split), lines[at:at + 2]


def test_full_finetuning_without_checkpointing_keeps_the_plain_rule() -> None:
    reply = ask("how long to full finetune llama 3 8b on 10M tokens on 8x h100 no gradient "
                "checkpointing")
    assert "From 6·N·D FLOPs" in reply.text
    assert "takes 6·N·D" not in reply.text and "4·N·D" not in reply.text
