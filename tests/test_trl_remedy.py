"""The 🛠 command of a training run that does not fit where it was asked, not even by the
planning rule, carries the remedy that keeps the method asked (8-bit Adam on two 48 GB cards
the user owns), instead of sending them to rent a configuration they never asked about. With
no such remedy TRL has a flag for, the command names the cheapest rented one, as before."""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline
from rules.catalogue import load_catalogue

PIPE = Pipeline(load_catalogue())


@pytest.mark.parametrize(("text", "lang", "command"), [
    ("i got two a6000s, can i full finetune llama 3 8b with deepspeed zero3", "en",
     "on 2× RTX A6000, run it with <code>--optim adamw_bnb_8bit --accelerate_config zero3</code>"),
    ("tengo dos a6000, puedo hacer full finetune de llama 3 8b con deepspeed zero3?", "es",
     "en 2× RTX A6000, lánzalo con <code>--optim adamw_bnb_8bit --accelerate_config zero3</code>"),
    ("j'ai deux a6000, est-ce que je peux faire un fine-tuning complet de llama 3 8b avec "
     "deepspeed zero3 ?", "fr",
     "sur 2× RTX A6000, lancez-le avec "
     "<code>--optim adamw_bnb_8bit --accelerate_config zero3</code>"),
])
def test_the_command_carries_the_remedy_on_the_cards_asked(
        text: str, lang: str, command: str) -> None:
    reply = PIPE.ask(text, telegram_locale=lang)
    html = reply.text
    assert "🩹" in html and command in html
    assert "H200" not in html.split("🛠", 1)[1].split("\n", 1)[0]


def test_a_remedy_that_changes_the_method_is_not_the_command() -> None:
    # Full fine-tuning with 8-bit Adam on a 4090: only the CPU offload (no TRL flag) keeps the
    # method; LoRA fits but is another run. The command names where it fits as asked.
    html = PIPE.ask("my 4090 ooms with llama 3 8b full finetune bs 2 seq 1024 adamw 8bit, "
                    "how much memory do i need").text
    step = html.split("🛠", 1)[1].split("\n", 1)[0]
    assert "on 1× H200, run it with <code>--optim adamw_bnb_8bit</code>" in step
    assert "--use_peft" not in step


@pytest.mark.parametrize(("text", "lang", "command"), [
    # the 🩹 lead is micro-batch 1 + ZeRO-3; the command was micro-batch 1 + 8-bit Adam under
    # the ZeRO-2 said (another remedy, as TRL had no flag for ZeRO-3)
    ("torch.OutOfMemoryError when finetuning qwen2.5 7b full on 2 x A100 80G with deepspeed "
     "zero2, bs 8 seq 4096", "en",
     "run it with <code>--per_device_train_batch_size 1 --gradient_accumulation_steps 8 "
     "--accelerate_config zero3</code>"),
    ("full finetune qwen2.5 7b en 2 a100 con deepspeed zero2, batch 8 seq 4096, me da OOM",
     "es", "--per_device_train_batch_size 1 --gradient_accumulation_steps 8 "
     "--accelerate_config zero3</code>"),
])
def test_a_remedy_that_shards_names_its_profile(text: str, lang: str, command: str) -> None:
    html = PIPE.ask(text, telegram_locale=lang).text
    lead = html.split("🩹", 1)[1].split("\n", 1)[0]
    assert "ZeRO-3" in lead
    step = html.split("🛠", 1)[1].split("\n", 1)[0]
    assert command in step and "zero2" not in step and "adamw_bnb_8bit" not in step
