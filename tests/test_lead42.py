"""lead42 (session 42): questions the lead tried as people write them.

"continued-pretrain mistral 7b" (hyphenated, as people write the task's name) goes on from the
trained model: a full fine-tune on raw text, not training from scratch (was "to train Mistral 7B
from scratch on 2 billion tokens": the lookbehinds knew "continued " with a space only).

A model's name right before the data's size ("finetune llama 3 8b 2B tokens cost") keeps the
model: the size after it was taken for another model's ("mistral small 22b"), and the reply
answered for "a 7B model" (its vocabulary and shape unknown).
"""

from __future__ import annotations

import pytest

from tests.support.chat import ask, says

CONTINUED: list[tuple[str, str]] = [
    ("how much does it cost to continued-pretrain mistral 7b on 2B tokens",
     "💵 <b>About $146.37 to fine-tune Mistral 7B (7.3B parameters) on 2 billion tokens</b>"),
    ("cost of continual-pretraining mistral 7b, 2B tokens?",
     "💵 <b>About $146.37 to fine-tune Mistral 7B"),
    ("continued_pretraining mistral 7b 2B tokens cost",
     "💵 <b>About $146.37 to fine-tune Mistral 7B"),
]


@pytest.mark.parametrize(("q", "lead"), CONTINUED)
def test_hyphenated_continued_pretraining_is_a_fine_tune(q: str, lead: str) -> None:
    text = ask(q).text
    assert text.startswith(lead), text
    assert "from scratch" not in text


def test_pretraining_alone_stays_from_scratch() -> None:
    assert "from scratch" in ask("how much does it cost to pretrain a 1b model on 20B tokens").text


GLUED_TOKENS: list[tuple[str, str | None, str]] = [
    ("finetune mistral 7b 2B tokens cost", None,
     "💵 <b>About $117.72 to fine-tune Mistral 7B (7.3B parameters) on 2 billion tokens</b>"),
    ("llama 3 8b 2 billion tokens how long on h100", None, "⏱ <b>LoRA of Llama 3 8B: about"),
    ("qwen2.5 7b 1.5b tokens de entrenamiento cuanto cuesta", "es",
     "💵 <b>Unos 91,68\xa0US$ por hacer fine-tuning de Qwen2.5 7B"),
]


@pytest.mark.parametrize(("q", "lang", "lead"), GLUED_TOKENS)
def test_a_token_count_after_the_model_keeps_the_model(
        q: str, lang: str | None, lead: str) -> None:
    text = ask(q, lang).text
    assert text.startswith(lead), text


def test_another_size_after_a_name_is_still_another_model() -> None:
    # "mistral small 22b" is not Mistral Small 3 24B: the guard the token count passes by
    assert "24B" not in ask("mistral small 22b qlora fits 4090?").text.split("\n")[0]


# "what's faster for training, 2x 3090 or 1x 4090": the two configurations' throughput leads
# (was "For training, memory decides what fits: the largest model …", the answer to "better").
SPEED_WEIGHED: list[tuple[str, str | None, str]] = [
    ("what's faster for training, 2x 3090 or 1x 4090", None,
     "⚖️ <b>2× RTX 3090 or 1× RTX 4090?</b>\n🚀 The RTX 4090 has 2.3 times"),
    ("2x 3090 vs 1x 4090 for training speed", None, "⚖️ <b>2× RTX 3090 or 1× RTX 4090?</b>\n🚀"),
    ("¿qué entrena más rápido, 2 3090 o una 4090?", "es",
     "⚖️ <b>¿2× RTX 3090 o 1× RTX 4090?</b>\n🚀"),
]


@pytest.mark.parametrize(("q", "lang", "lead"), SPEED_WEIGHED)
def test_speed_weighed_between_cards_leads_with_throughput(
        q: str, lang: str | None, lead: str) -> None:
    text = ask(q, lang).text
    assert text.startswith(lead), text


def test_better_for_training_still_leads_with_what_each_holds() -> None:
    assert ask("2x 3090 or 1x 4090 for fine tuning?").text.startswith(
        "📏 <b>For training, memory decides what fits")


# An OOM the detailed estimate contradicts ("OOM … batch 8 seq 1024 with checkpointing on"):
# what each change alone saves, none claimed to be enough (was the ⚠️ verdict and no change at
# all; Unsloth's Next step set load_in_4bit=False, the run as it OOMed).
def test_an_oom_the_estimate_fits_lists_what_each_change_saves() -> None:
    text = ask("OOM training mistral 7b qlora on my 3090 with batch 8 seq 1024 and gradient "
               "checkpointing on, what do i change?").text
    assert text.startswith("🩹 <b>What lowers the memory on 1× RTX 3090</b> (detailed estimate: "
                           "15.3 GB per GPU as you run it; your run needs more than that"), text
    says(text, ["• micro-batch 1 × gradient accumulation 8 (the same effective batch): 7.4 GB per "
                "GPU (7.9 GB less)", "• sequences of at most about 512 tokens: 10.8 GB per GPU",
                "--per_device_train_batch_size 1 --gradient_accumulation_steps 8"],
         ["Smallest change that makes it fit"])


def test_an_oom_under_unsloth_offers_what_lowers_it_there() -> None:
    # Unsloth's chunked loss holds one chunk of logits sized to the free memory: a smaller
    # batch there needs more, not less, so QLoRA is what the estimate says lowers it.
    text = ask("im getting OOM with llama 3 8b lora on my 4090 at seq 4096 batch 2, using "
               "unsloth. what should i do").text
    says(text, ["• QLoRA (4-bit base): 15.3 GB per GPU (5.5 GB less)",
                "set <code>load_in_4bit=True</code>"],
         ["load_in_4bit=False", "CPU offload"])


@pytest.mark.parametrize(("q", "lang", "line"), [
    ("me da OOM con qlora de mistral 7b en mi 3090 con batch 8, seq 1024 y gradient "
     "checkpointing activado, ¿qué cambio?", "es",
     "🩹 <b>Qué baja la memoria en 1× RTX 3090</b>"),
    ("OOM en entraînant mistral 7b en qlora sur ma 3090 avec batch 8, seq 1024 et gradient "
     "checkpointing activé, je change quoi ?", "fr",
     "🩹 <b>Ce qui réduit la mémoire sur 1× RTX 3090</b>"),
])
def test_an_oom_the_estimate_fits_in_spanish_and_french(q: str, lang: str, line: str) -> None:
    assert ask(q, lang).text.startswith(line)


def test_an_oom_the_estimate_explains_keeps_what_makes_it_fit() -> None:
    # checkpointing off (the Trainer's default) explains it: the search for what fits, as before
    text = ask("CUDA out of memory training mistral 7b lora on a 3090, batch 4 seq 2048, help").text
    says(text, ["🩹 <b>What makes it fit on 1× RTX 3090</b>"], ["What lowers the memory"])


# "cheapest gpu to rent for 48 hours" (a card's hours, no model): those hours on our cheapest
# card, said to be it (was "Which model?"); with a model named, the cheapest that holds it.
CHEAPEST_FOR: list[tuple[str, str | None, str]] = [
    ("cheapest gpu to rent for 48 hours", None,
     "💵 <b>Our cheapest GPU: L40S (48 GB), at $0.82/hour.</b>\n💵 <b>Cost: $39.36</b>"),
    ("cheapest gpu for a whole weekend", None, "💵 <b>Our cheapest GPU: L40S (48 GB)"),
    ("la placa más barata por un finde", "es", "💵 <b>Nuestra GPU más barata: L40S"),
    ("quelle est la carte la moins chère pour 10 heures ?", "fr",
     "💵 <b>Notre GPU le moins cher\u00a0: L40S (48\u202fGo), à 0,82\u00a0$US/heure.</b>\n"
     "💵 <b>Coût\u00a0: 8,20\u00a0$US</b>"),
]


@pytest.mark.parametrize(("q", "lang", "lead"), CHEAPEST_FOR)
def test_cheapest_card_for_hours_is_priced(q: str, lang: str | None, lead: str) -> None:
    text = ask(q, lang).text
    assert text.startswith(lead), text


def test_cheapest_card_for_a_model_and_hours_still_sizes_the_model() -> None:
    assert ask("cheapest gpu for qlora 70b for 10 hours").text.startswith(
        "🏆 <b>The cheapest GPUs for a 70B model</b>")


# "mac 512gb vs 2x3090 for 70b": two machines at home, one of which holds BF16: compared in the
# 4-bit weights llama.cpp, Ollama and LM Studio load there (was "Only 1× Apple M3 Ultra holds
# it", BF16's 168 GB against 2× 3090's 48 GB, the question people ask left unanswered).
AT_HOME: list[tuple[str, str | None, str]] = [
    ("mac 512gb vs 2x3090 for 70b", None,
     "⚡ <b>2× RTX 3090 generates faster: at most about 46 tokens/s for one sequence, against 20 "
     "on 1× Apple M3 Ultra"),
    ("mac 256gb vs 2x 4090 for llama 3 70b", None, "⚡ <b>2× RTX 4090 generates faster"),
    # neither holds BF16 (as before)
    ("m2 ultra 192gb or 4x 3090 for llama 3 70b?", None, "⚡ <b>4× RTX 3090 generates faster"),
    ("mac studio de 192gb o 2 3090 para correr llama 3 70b?", "es", "⚡ <b>2× RTX 3090 genera más rápido"),
]


@pytest.mark.parametrize(("q", "lang", "lead"), AT_HOME)
def test_machines_at_home_are_compared_in_4_bit(q: str, lang: str | None, lead: str) -> None:
    text = ask(q, lang).text
    assert text.startswith(lead), text
    assert "4-bit" in text or "4 bits" in text


def test_a_rented_card_keeps_bf16() -> None:
    # a card we rent is not at home: BF16, as a server loads it
    assert "Inference in BF16" in ask("a100 80gb vs my 3090 for running llama 3 8b").text


# "fp8 kv cache llama 3.1 8b 128k on l4 fits?": the KV cache named is serving, so a bare "128k"
# after the model is its context (was unread: the weights alone at the typical 2,048).
@pytest.mark.parametrize(("q", "line"), [
    ("fp8 kv cache llama 3.1 8b 128k on l4 fits?",
     "With 131,072 tokens of context and batch 1, 8-bit inference needs about 20.2 GB per GPU "
     "(detailed estimate, KV cache 8.6 GB)"),
    ("q8 kv cache qwen2.5 14b 32k on my 4090, fits?", "With 32,768 tokens of context"),
])
def test_a_bare_context_beside_a_kv_cache_is_read(q: str, line: str) -> None:
    assert line in ask(q).text


def test_a_bare_k_count_in_training_is_not_a_context() -> None:
    # training said: "32k" stays what it was read as before (no KV cache, no serving)
    assert "tokens of context" not in ask("qlora llama 3 8b 32k samples on a 4090").text
