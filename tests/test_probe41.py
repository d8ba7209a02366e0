"""Questions found in session 41's probe (first questions in English about the cards people own
or rent elsewhere, as they write them on r/LocalLLaMA, the Hugging Face forums and the
unsloth/axolotl/peft/trl issues)."""

from __future__ import annotations

import pytest

from tests.support.chat import ask, says


@pytest.mark.parametrize(("text", "count", "lead"), [
    # A card's number opening the message, before "tok/s", is the card (was a measured 3,090
    # tokens/s, no card read and the memory answered: "📐 Memory for Llama 3 70B")
    ("3090 tok/s llama 3 70b q4 with 2 cards", 2, "⚡ <b>At most about 21 tokens/s"),
    ("3090 tok/s llama 3 8b q4", 1, "⚡ <b>At most about"),
    ("4090 tokens per second llama 3.1 8b q4?", 1, "⚡ <b>At most about"),
    # already read: after "on", after a count
    ("tok/s llama 3 70b q4 on 2x 3090", 2, "⚡ <b>At most about 21 tokens/s"),
])
def test_a_card_number_opening_the_message_is_the_card(text: str, count: int, lead: str) -> None:
    reply = ask(text)
    assert reply.query.gpu is not None and reply.query.gpu.endswith(("3090", "4090")), reply.text[:300]
    assert (reply.query.gpu_count or 1) == count, reply.text[:300]
    assert reply.text.startswith(lead), reply.text[:300]


def test_a_rate_measured_on_a_card_named_stays_a_rate() -> None:
    reply = ask("is 3000 tok/s normal for llama 3 8b on an h100 with vllm?")
    assert reply.query.gpu == "h100", reply.text[:300]
    says(reply.text, ["3,000"], [])


@pytest.mark.parametrize("text", [
    # "with offload" in a training question is the CPU offload (was unread: no offload in the
    # verdict, no RAM figure for it)
    "i only have 8gb vram and 32gb ram, qlora llama 3 8b with offload?",
    "qlora llama 3 8b on a 3070 with offload",
    "full finetune llama 3 8b on 2x 4090 using offloading, fits?",
])
def test_with_offload_in_training_is_the_cpu_offload(text: str) -> None:
    reply = ask(text)
    says(reply.text, ["CPU RAM for what is offloaded"], [])


def test_with_offload_when_serving_stays_the_layers_in_ram() -> None:
    reply = ask("llama 3 70b q4 on a 4090 with offload how fast")
    says(reply.text, ["with the other layers in system RAM"], ["CPU RAM for what is offloaded"])


@pytest.mark.parametrize(("text", "has", "lacks"), [
    # "h100 vs my 4090": the second card compared is the user's, no price to ask for (was "One
    # of them has no published price: ask support before planning on it")
    ("h100 vs my 4090 for qlora llama 3 8b, how much faster", ["🚀 The H100 has"], ["ask support"]),
    ("my 4090 vs your h100 for qlora llama 3 8b", [], ["ask support"]),
])
def test_ones_own_card_compared_second(text: str, has: list[str], lacks: list[str]) -> None:
    reply = ask(text)
    assert reply.query.intent == "compare", reply.text[:300]
    says(reply.text, has, lacks)


@pytest.mark.parametrize(("text", "has"), [
    # The RAM said against what a timed run offloads, as the fit reply weighs it (was the time
    # and "✅ Memory: about 5.4 GB per GPU" alone, the 128 GB unweighed)
    ("my rig: 2x3090 + 128gb ddr4. want to full ft mistral 7b w/ zero3 offload. feasible? how "
     "long 1 epoch 20k samples 1k tok",
     ["💾 CPU RAM for what is offloaded: about 130.4 GB", "❌ That is more than the 128 GB of RAM"]),
    ("i have 2x 3090 and 256gb ram, full ft mistral 7b w/ zero3 offload, how long for 20k samples "
     "of 1k tokens", ["✅ The 256 GB of RAM you have holds it, margin included."]),
    ("tengo 2x 3090 y 128gb de ram, full ft de mistral 7b con zero3 offload, cuanto tarda con 20k "
     "ejemplos de 1k tokens", ["❌ Es más de los 128\u00a0GB de RAM que tienes."]),
])
def test_a_timed_offload_weighs_the_ram_said(text: str, has: list[str]) -> None:
    reply = ask(text)
    assert reply.query.intent == "time", reply.text[:300]
    says(reply.text, has, [])


@pytest.mark.parametrize(("text", "lead"), [
    # "does gradient checkpointing matter/help …": the estimate with and without it (was the fit
    # alone, checkpointing on)
    ("does gradient checkpointing matter for qlora llama 3 8b on my 3060 12gb at 2k",
     "🧮 <b>Gradient checkpointing saves about"),
    ("does grad ckpt help for lora llama 3 8b on a 4090", "🧮 <b>Gradient checkpointing saves about"),
    ("does flash attention make a difference for lora llama 3 8b at 8k on my 4090",
     "⚡ <b>FlashAttention saves about"),
])
def test_does_a_setting_matter_weighs_it(text: str, lead: str) -> None:
    reply = ask(text)
    assert reply.text.startswith(lead), reply.text[:300]


@pytest.mark.parametrize(("text", "lead"), [
    # The hourly price the user pays elsewhere for a card whose price we do not publish: the run
    # timed there costed at it, first (was unread: our L40S's cost alone)
    ("g5.xlarge a10g is $1.006/hr, how much would qlora llama 3 8b on 20k samples of 1k tokens "
     "cost me", "💵 <b>At the $1.006 an hour you said you pay, about $8.06 on 1× A10G</b>"),
    ("runpod 4090 at $0.69/hr, qlora llama 3 8b 10k samples of 2k tokens, how much will it cost",
     "💵 <b>At the $0.69 an hour you said you pay, about $2.44 on 1× RTX 4090</b>"),
])
def test_a_price_paid_elsewhere_costs_the_run_there(text: str, lead: str) -> None:
    reply = ask(text)
    assert reply.text.startswith(lead), reply.text[:300]
    says(reply.text, ["About $", "on 1× L40S"], [])


@pytest.mark.parametrize("text", [
    # no price said, or a card whose price we publish: our cost alone, as before
    "how much would qlora llama 3 8b on 20k samples of 1k tokens cost on an a10g",
    "how much to qlora llama 3 8b on 20k samples of 1k tokens on an h100 at $3/hr",
])
def test_no_price_of_theirs_without_one(text: str) -> None:
    reply = ask(text)
    says(reply.text, [], ["you said you pay"])


def test_a_price_paid_elsewhere_in_spanish_and_french() -> None:
    es = ask("una 4090 en runpod a $0.69/h, cuanto me cuesta un qlora de llama 3 8b con 10k "
             "ejemplos de 2k tokens")
    says(es.text, ["A los 0,69\u00a0US$ por hora que dices pagar"], [])
    fr = ask("une 4090 sur runpod à 0,69 $/h, combien coûte un qlora de llama 3 8b avec 10k "
             "exemples de 2k tokens")
    says(fr.text, ["de l'heure que vous dites payer"], [])


@pytest.mark.parametrize("text", [
    # A sample's length glued after the count with no "of" ("10k samples 2k", "10k samples, avg
    # 2k"): was unread, the reply asking how long a sample is
    "qlora llama 3 8b on a 4090 10k samples 2k how long",
    "qlora llama 3 8b on a 4090, 10k samples, avg 2k, how long",
])
def test_a_samples_length_without_of(text: str) -> None:
    reply = ask(text)
    assert reply.text.startswith("⏱ <b>QLoRA of Llama 3 8B: about 3.54 hours on 1× RTX 4090"), \
        reply.text[:300]


@pytest.mark.parametrize("text", [
    # what follows the count is no length: still asked
    "qlora llama 3 8b on a 4090 10k samples 2k steps how long",
    "qlora llama 3 8b 10k samples 2x 4090 how long",
])
def test_no_length_read_from_steps_or_cards(text: str) -> None:
    reply = ask(text)
    says(reply.text, ["How long is one of your samples, about?"], [])


@pytest.mark.parametrize(("text", "lead"), [
    # Whether a card runs FlashAttention-2, from its architecture (was the price list: "We don't
    # rent the RTX 3090, so there is no price to quote")
    ("does my 3090 support flash attention 2",
     "✅ <b>Yes: FlashAttention-2 runs on the RTX 3090 (Ampere)"),
    ("does the h100 support fa2", "✅ <b>Yes: FlashAttention-2 runs on the H100 (Hopper)"),
    ("is flash attention 2 supported on a v100",
     "❌ <b>FlashAttention-2 does not run on the V100 16GB"),
    ("can a t4 use fa2", "❌ <b>FlashAttention-2 does not run on the T4"),
    # no cited answer: said so, nothing claimed
    ("does the 5090 support flash attention 2",
     "❓ <b>The flash-attn package lists Ampere, Ada and Hopper cards for FlashAttention-2; no "
     "source on file says whether it runs on the RTX 5090.</b>"),
])
def test_flash_attention_2_support_by_architecture(text: str, lead: str) -> None:
    reply = ask(text)
    assert reply.text.startswith(lead), reply.text[:300]
    says(reply.text, [], ["no price to quote"])


def test_the_time_asked_leads_the_epochs_asked() -> None:
    # A time asked of a dataset beside "how many epochs should i do": the time leads, the QLoRA
    # authors' published settings after it (was those alone, the time dropped)
    reply = ask("how long does one epoch take on a 4090 for qlora llama 3 8b with 8k samples of "
                "1k tokens, and how many epochs should i do")
    assert reply.text.startswith("⏱ <b>QLoRA of Llama 3 8B: about 1.38 hours on 1× RTX 4090"), \
        reply.text[:300]
    says(reply.text, ["🎛 <b>I give no advice on the learning rate, epochs"], [])
    # no time asked: the settings alone, as before
    alone = ask("how many epochs should i do for qlora llama 3 8b")
    assert alone.text.startswith("🎛 <b>I give no advice"), alone.text[:300]


@pytest.mark.parametrize(("text", "intent"), [
    # What the card cost is no budget (was "$700 buys 853.6 hours of 1× L40S", the fit asked
    # unanswered)
    ("got a used 3090 for 700 bucks, can it qlora llama 3.1 8b at 8k ctx", "fit"),
    ("bought a 4090 for $1600, what can i finetune on it", "fit"),
])
def test_a_cards_purchase_price_is_no_budget(text: str, intent: str) -> None:
    reply = ask(text)
    assert reply.query.intent == intent and reply.query.budget_usd is None, reply.text[:300]
    says(reply.text, [], ["buys"])


def test_hours_bought_keep_their_price() -> None:
    reply = ask("bought 100 h100 hours for $200, how many are left")
    assert reply.query.budget_usd == 200, reply.text[:300]


def test_hours_asked_after_the_fit() -> None:
    # "fits & hours for 3 epochs of 8k samples?": the hours asked too (was the fit alone)
    reply = ask("rtx 3090 lora qwen2.5 7b seq 2048 bs 2, fits & hours for 3 epochs of 8k samples?")
    assert reply.query.intent == "time", reply.text[:300]
    says(reply.text, ["⏱ <b>LoRA of Qwen2.5 7B (7.61B parameters): about"], [])


@pytest.mark.parametrize("text", [
    # What the card cost, said after "paid"/"spent": no payment asked, no budget (was "🪙 Paying
    # in crypto", the fit asked unanswered)
    "i paid $700 for my 3090, can it qlora llama 3 8b",
    "spent $1600 on a 4090, what can i finetune",
])
def test_paid_for_ones_card_is_no_payment(text: str) -> None:
    reply = ask(text)
    assert reply.query.intent == "fit" and reply.query.budget_usd is None, reply.text[:300]


@pytest.mark.parametrize(("text", "intent"), [
    # our own payment and a budget to spend stay what they were
    ("paid for an h100 block, now what", "pay"),
    ("i paid 50 usdt, when do i get my hours", "pay"),
    ("i want to spend $100 on a h100, how many hours", "cost"),
])
def test_payments_and_budgets_unchanged(text: str, intent: str) -> None:
    assert ask(text).query.intent == intent
