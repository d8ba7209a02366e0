"""Questions found in session 42's probe (first questions in English, as people write them on
r/LocalLLaMA, the Hugging Face forums and the unsloth/axolotl/peft/trl/vllm issues: pasted
errors, configs and commands, cards they own)."""

from __future__ import annotations

import re

import pytest

from tests.support.chat import ask, says


@pytest.mark.parametrize(("text", "lead"), [
    # A budget in minutes is weighed as one in hours is (was the fit alone, "✅ Yes: Mistral 7B
    # … fits on 1× RTX 4090", the half hour unweighed)
    ("is it possible to train mistral 7b lora in 30 min on 4090, 1k samples 1k tok",
     "✅ <b>Yes: by this estimate it finishes within 30 minutes.</b>"),
    ("can i lora mistral 7b in 10 minutes on a 4090 with 2k samples of 1k tokens",
     "❌ <b>No: by this estimate it takes longer than 10 minutes.</b>"),
    # already weighed: in hours
    ("can i lora mistral 7b in 2 hours on a 4090 with 2k samples of 1k tokens",
     "✅ <b>Yes: by this estimate it finishes within 2 hours.</b>"),
])
def test_a_budget_in_minutes_is_weighed(text: str, lead: str) -> None:
    reply = ask(text)
    assert reply.query.intent == "time", reply.text[:300]
    assert reply.text.startswith(lead), reply.text[:300]


@pytest.mark.parametrize("text", [
    # PyTorch's OOM message pasted from "Tried to allocate" on is an OOM hit (was "✅ Yes: Mistral
    # 7B … fits on 1× T4", at 15.3 GB of 16.11 with checkpointing on, what the user's run had not)
    "Tried to allocate 3.50 GiB (GPU 0; 14.75 GiB total capacity) qlora mistral 7b on t4 bs 8 "
    "seq 1024",
    "getting 'tried to allocate 1.95 GiB' with qlora mistral 7b on my t4, bs 8 seq 1024",
])
def test_tried_to_allocate_is_an_oom(text: str) -> None:
    reply = ask(text)
    assert reply.query.oom, reply.text[:300]
    says(reply.text, ["🧯 You hit OOM at batch 8", "❌ <b>No: Mistral 7B"], ["✅ <b>Yes"])


@pytest.mark.parametrize(("text", "has"), [
    # "enough to offload", "by offloading" in a training question is the CPU offload (was
    # unread: "❌ No … It takes at least 4× RTX 4090", the 64 GB of RAM unweighed)
    ("is 64gb ram enough to offload qlora llama 3 70b on a 4090",
     ["✅ <b>Yes: Llama 3 70B fits on 1× RTX 4090 (QLoRA).</b>",
      "💾 CPU RAM for what is offloaded", "⚠️ The 64 GB of RAM you have holds it"]),
    ("can i full finetune llama 3 8b on a 3090 by offloading to 128gb ram",
     ["more than the 128 GB you have"]),
])
def test_to_offload_in_training_is_the_cpu_offload(text: str, has: list[str]) -> None:
    reply = ask(text)
    assert reply.query.cpu_offload, reply.text[:300]
    says(reply.text, has, [])


def test_to_offload_when_serving_stays_the_layer_split() -> None:
    reply = ask("how many layers to offload for llama 3 70b q4 on a 3090")
    says(reply.text, ["(GGUF Q4_K_M inference)"], ["CPU RAM for what is offloaded"])


@pytest.mark.parametrize(("text", "lead", "lacks"), [
    # flash-attn's Ampere error pasted leads the reply, cited, with what to use instead (was the
    # verdict first, "✅ Yes: Llama 3 8B fits on 1× T4", the error answered only below it; with
    # the card alone "We don't rent the T4, so there is no price to quote"; alone "I did not
    # understand that")
    ("RuntimeError: FlashAttention only supports Ampere GPUs or newer. getting this on colab T4 "
     "with unsloth llama 3 8b qlora, what do i use instead?",
     "⚠️ <b>This is about FlashAttention-2, not memory: the flash-attn package runs on Ampere, "
     "Ada and Hopper cards only, and the T4 is older.</b>", ["⚠️ FlashAttention-2 does not run"]),
    ("FlashAttention only supports Ampere GPUs or newer — on a V100 32gb, trying to qlora "
     "mistral 7b. fix?",
     "⚠️ <b>This is about FlashAttention-2, not memory: the flash-attn package runs on Ampere, "
     "Ada and Hopper cards only, and the V100 32GB is older.</b>", []),
    ("FlashAttention only supports Ampere GPUs or newer on my T4, how do i fix it",
     "⚠️ <b>This is about FlashAttention-2, not memory: the flash-attn package runs on Ampere, "
     "Ada and Hopper cards only, and the T4 is older.</b>", ["no price to quote"]),
    ("RuntimeError: FlashAttention only supports Ampere GPUs or newer.",
     "⚠️ <b>This is about FlashAttention-2, not memory: the flash-attn package runs on Ampere, "
     "Ada and Hopper cards only (an A100, RTX 3090, RTX 4090 or H100)", ["🤔"]),
    # on a card flash-attn runs on: the error came from another GPU
    ("FlashAttention only supports Ampere GPUs or newer — qlora mistral 7b on my 3090",
     "⚠️ <b>This is about FlashAttention-2, not memory: the flash-attn package runs on Ampere, "
     "Ada and Hopper cards, the RTX 3090 (Ampere) among them", []),
])
def test_the_flash_attention_ampere_error_leads(text: str, lead: str, lacks: list[str]) -> None:
    reply = ask(text)
    assert reply.text.startswith(lead), reply.text[:400]
    says(reply.text, ['attn_implementation="sdpa"', "sdp_attention: true",
                      "Source: the flash-attn README"], lacks)


@pytest.mark.parametrize(("text", "locale", "lead"), [
    ("RuntimeError: FlashAttention only supports Ampere GPUs or newer. en mi T4 con qlora de "
     "llama 3 8b, qué hago?", "es",
     "⚠️ <b>El problema es FlashAttention-2, no la memoria: el paquete flash-attn solo funciona "
     "en tarjetas Ampere, Ada y Hopper, y la T4 es anterior.</b>"),
    ("FlashAttention only supports Ampere GPUs or newer sur ma T4 avec un qlora de mistral 7b, "
     "que faire ?", "fr",
     "⚠️ <b>Le problème vient de FlashAttention-2, pas de la mémoire\u00a0: le paquet flash-attn "
     "ne tourne que sur les cartes Ampere, Ada et Hopper, et la T4 est d'une génération "
     "antérieure.</b>"),
])
def test_the_flash_attention_error_in_spanish_and_french(text: str, locale: str, lead: str) -> None:
    reply = ask(text)
    assert reply.query.lang == locale, reply.text[:300]
    assert reply.text.startswith(lead), reply.text[:400]


def test_flash_attention_2_asked_of_a_card_is_unchanged() -> None:
    # "does my T4 support flash attention 2" stays the card's own answer (no error pasted)
    reply = ask("does my T4 support flash attention 2")
    assert not reply.query.fa2_error
    assert reply.text.startswith("❌ <b>FlashAttention-2 does not run on the T4"), reply.text[:300]


@pytest.mark.parametrize(("text", "head"), [
    # A run's time asked in minutes in the question itself: the minutes, the hours beside them
    # (was "about 1.36 hours" alone; conv42 reads "in minutes?" as a follow-up). (micro45: 20k
    # samples, was 10k: at micro-batch 8 those took 53 minutes, under an hour, no hours beside.)
    ("qlora llama 3 8b 4090 20k samples 512 tok how long in minutes?",
     r"⏱ <b>QLoRA of Llama 3 8B: about \d+ minutes \(\d+\.\d+ hours\) on 1× RTX 4090"),
    ("how long to lora llama 3 8b on an a100 with 30k samples of 1k tokens, in mins",
     r"⏱ <b>LoRA of Llama 3 8B: about \d+ minutes \(\d+\.\d+ hours\) on 1× A100 80GB"),
    ("¿cuántos minutos tarda un qlora de llama 3 8b en una 4090 con 20k ejemplos de 1k tokens?",
     r"⏱ <b>Entrenamiento QLoRA de Llama 3 8B: alrededor de \d+\xa0minutos \(\d+,\d+\xa0horas\) "
     r"en 1× RTX 4090"),
    # "combien de minutes" is a time, not a cost (was "💵 Environ 2,06 $US pour fine-tuner …")
    ("combien de minutes pour un qlora de llama 3 8b sur une h100 avec 20k exemples de 1k "
     "tokens ?", r"⏱ <b>Entraînement QLoRA pour Llama 3 8B\xa0: environ \d+\xa0minutes sur 1× H100"),
])
def test_a_time_asked_in_minutes(text: str, head: str) -> None:
    reply = ask(text)
    assert reply.query.intent == "time", reply.text[:300]
    assert re.match(head, reply.text), reply.text[:300]


@pytest.mark.parametrize("text", [
    # a deadline in minutes and minutes of a card priced stay what they were
    "can i lora mistral 7b in 30 minutes on a 4090 with 2k samples of 1k tokens",
    "how much for 30 minutes of h100",
])
def test_minutes_with_a_number_are_not_a_unit_asked(text: str) -> None:
    assert not ask(text).query.minutes_asked


@pytest.mark.parametrize(("text", "tokens", "epochs"), [
    # A comma typed after its space (" ,10k") keeps the count it is glued to (was no count read,
    # "1k tokens" the whole dataset: "about 1 minute … for 1,000 tokens")
    ("qlora lama 3 8b on 3090 ,10k sampels of 1k tokns how long", 10_000_000, 1),
    # "convs", chat shorthand for conversations, counts samples (was "~2.5k tokens" the whole
    # dataset: 7,500 tokens over 3 epochs)
    ("qlora, llama3-8b, 3090, bs 1, ga 16, seq 4096, 5k convs ~2.5k tokens avg, 3 epochs — how "
     "many hours?", 12_500_000, 3),
    # "3x epochs" is 3 epochs (was 1)
    ("3x epochs on 10M tokens qlora llama 3 70b on a100 80gb, how many days?", 10_000_000, 3),
    ("lora llama 3 8b on 2x 3090 3x epochs 10k samples of 1k tokens", 10_000_000, 3),
])
def test_data_and_epochs_as_typed(text: str, tokens: int, epochs: int) -> None:
    reply = ask(text)
    q = reply.query
    assert q.intent == "time", reply.text[:300]
    assert (q.dataset_tokens, q.epochs or 1) == (tokens, epochs), (q.dataset_tokens, q.epochs,
                                                                  reply.text[:300])


@pytest.mark.parametrize("text", [
    # "…, concurrent users at 4k?" with no count before it asks how many (was the fit at batch 1)
    "vllm on 4090 for llama 3.1 8b fp8, concurrent users at 4k?",
    "llama 3.1 8b fp8 on a 4090 with vllm — concurrent requests at 4k?",
    "vllm llama 3.1 8b fp8 on a 4090, concurrency at 4k ctx?",
])
def test_concurrent_users_asked_without_how_many(text: str) -> None:
    reply = ask(text)
    assert reply.text.startswith("👥 <b>At most about"), reply.text[:300]


def test_a_count_of_concurrent_users_stays_a_count() -> None:
    reply = ask("vllm llama 3.1 8b on a 4090 with 20 concurrent users at 4k, fits?")
    assert reply.text.startswith("👥 <b>20 users at once fit"), reply.text[:300]


@pytest.mark.parametrize(("text", "line"), [
    # A card without BF16 against one with it: their 16-bit peaks, the older card's FP16 (was no
    # speed line at all, "which is faster" left to the bandwidths)
    ("T4 vs L4 for qlora 7b, which is faster",
     "🚀 The L4 has 1.9 times the peak 16-bit Tensor throughput of the T4 (121 BF16 vs 65 FP16 "
     "dense TFLOPS per GPU): the T4 has no BF16, so it trains in FP16."),
    ("v100 vs a100 for lora llama 3 8b, which is faster",
     "🚀 The A100 80GB has 2.8 times the peak 16-bit Tensor throughput of the V100 16GB (312 BF16 "
     "vs 112 FP16 dense TFLOPS per GPU): the V100 16GB has no BF16"),
    # the older card the faster one
    ("v100 32gb vs rtx 3060 for training",
     "🚀 The V100 32GB has 4.4 times the peak 16-bit Tensor throughput of the RTX 3060 (112 FP16 "
     "vs 25.5 BF16 dense TFLOPS per GPU)"),
    # unchanged: neither has BF16
    ("V100 SXM2 vs PCIe", "🚀 The V100 SXM2 16GB has 1.1 times the peak FP16 Tensor throughput"),
])
def test_a_card_without_bf16_compared_with_one_that_has_it(text: str, line: str) -> None:
    reply = ask(text)
    says(reply.text, [line], [])


def test_a_pascal_card_has_no_16_bit_line() -> None:
    # the P40 has no 16-bit peak cited: no ratio made up against the 3090's BF16
    reply = ask("p40 vs 3090 for qlora 8b")
    assert "16-bit Tensor" not in reply.text, reply.text


@pytest.mark.parametrize(("text", "count", "time"), [
    # How many cards and how long, asked together: the count leads, the run's time on it next
    # (was the fit's verdict first, "✅ Yes: Llama 3.1 70B fits on 1× A100 80GB", the hours only
    # in the quote's breakdown)
    ("how many a100s and how long to qlora llama 3.1 70b on 120M tokens",
     "🔢 <b>You need 1× A100 80GB (80 GB) for Llama 3.1 70B (QLoRA)",
     "⏱ <b>On 1× A100 80GB the run takes about"),
    ("we want to fine tune llama 3.1 70b instruct with qlora on ~200k examples (avg 600 tokens). "
     "how many A100 80gb and how long?",
     "🔢 <b>You need 1× A100 80GB (80 GB) for Llama 3.1 70B (QLoRA)",
     "⏱ <b>On 1× A100 80GB the run takes about"),
    ("how many h100s do i need and how long would it take to full finetune llama 3 8b on 1B tokens",
     "🔢 <b>You need 2× H100 (160 GB) for Llama 3 8B (full AdamW)",
     "⏱ <b>On 2× H100 the run takes about"),
    ("cuántas h100 y cuánto tarda un full finetune de llama 3 8b con 1B tokens",
     "🔢 <b>Necesitas 2× H100 (160\u00a0GB)", "⏱ <b>En 2× H100 el entrenamiento tarda alrededor de"),
])
def test_how_many_cards_and_how_long(text: str, count: str, time: str) -> None:
    reply = ask(text)
    assert reply.text.startswith(count), reply.text[:300]
    assert reply.text.split("\n")[1].startswith(time), reply.text[:300]


def test_how_many_samples_and_how_long_is_no_card_count() -> None:
    reply = ask("how many samples and how long can i train on a 4090 in 10 hours with qlora llama 3 8b")
    assert not reply.query.count_time_asked
    assert reply.text.startswith("⏱ In 10 hours"), reply.text[:300]


def test_packing_asked_with_no_data_is_answered() -> None:
    # "does sample packing speed up …" with no data to time: what packing saves leads (was the
    # fit alone, packing never named)
    reply = ask("does sample packing speed up qlora llama 3 8b training on a 4090?")
    assert reply.text.startswith("📦 <b>Packing saves only the compute spent on padding"), \
        reply.text[:300]
    # with data: the time's own sentence, as before
    timed = ask("does packing speed up qlora llama 3 8b on a 4090 with 10k samples of 512 tokens?")
    assert timed.text.startswith("📦 <b>Packing does not change the tokens you train on"), \
        timed.text[:300]


@pytest.mark.parametrize(("text", "model"), [
    # Model families mistyped: "lamma" (two edits from llama), "quen" (were no model: "Yes: an
    # 8B model fits …"); "deepseak r1 distill qwen 7b" was read already
    ("qlora lamma 3 8b on 3090 fits?", "llama-3-8b"),
    ("lamma3 8b lora 4090", "llama-3-8b"),
    ("quen 2.5 7b qlora on a 4090?", "qwen2.5-7b"),
    ("deepseak r1 distill qwen 7b on a 3060 q4", "deepseek-r1-distill-qwen-7b"),
])
def test_model_families_mistyped(text: str, model: str) -> None:
    reply = ask(text)
    assert reply.query.model_id == model, reply.text[:300]


@pytest.mark.parametrize(("text", "tokens"), [
    # "avg len 1.1k", "avg length 1100" with no unit: one sample's tokens, the dataset their
    # product (was unread: "depends on how long your 12,500 samples are")
    ("qlora llama 3.1 8b on 4090: 12,500 samples; avg len 1.1k; 3 epochs; time?", 12_500 * 1_100),
    ("qlora llama 3.1 8b on 4090, 12,500 samples, avg length 1100, time?", 12_500 * 1_100),
    # already read: with its unit
    ("qlora llama 3.1 8b on 4090, 12,500 samples, average length: 900 tokens, time?",
     12_500 * 900),
])
def test_an_average_length_without_its_unit(text: str, tokens: int) -> None:
    reply = ask(text)
    assert reply.query.dataset_tokens == tokens, reply.text[:300]


def test_an_average_length_in_characters_is_no_token_count() -> None:
    reply = ask("qlora llama 3.1 8b on 4090, 12,500 samples, avg len 3k chars, time?")
    assert reply.query.dataset_tokens is None, reply.text[:300]
