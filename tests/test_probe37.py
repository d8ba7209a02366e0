"""probe37 (session 37): training questions asked the way people post them in Unsloth, axolotl,
TRL and PEFT issues, r/LocalLLaMA and the Hugging Face forums, in English.

"should i use lora or qlora for …": two training methods weighed are training, not serving,
though "use" alone reads as running a model (was BF16, 8-bit and 4-bit inference on the 4090).
"""

from __future__ import annotations

import pytest

from tests.support.chat import ask, ask_json, converse, says

WEIGHED: list[tuple[str, str]] = [
    ("should i use lora or qlora for llama 3.1 8b on a 4090 if i want best quality",
     "✅ <b>On 1× RTX 4090, Llama 3.1 8B fits: QLoRA and LoRA.</b>"),
    ("qlora or lora, which one should i use for gemma 2 9b on my 3090?",
     "✅ <b>On 1× RTX 3090, Gemma 2 9B fits: QLoRA and LoRA.</b>"),
]


@pytest.mark.parametrize(("q", "lead"), WEIGHED)
def test_two_methods_weighed_are_training(q: str, lead: str) -> None:
    got = ask_json(q)
    assert got["method"] in ("qlora", "lora", "full_adamw", "full_adam8bit"), got["text"]
    assert str(got["text"]).startswith(lead), got["text"]
    assert "inference" not in str(got["text"]).split("\n")[0]


def test_two_methods_weighed_without_a_card_compare_them() -> None:
    reply = ask("should i use lora or qlora for llama 3.1 8b")
    says(reply.text, ["⚖️ <b>LoRA or QLoRA for Llama 3.1 8B"], ["Inference in BF16"])


def test_use_alone_still_serves() -> None:
    # No method named: "use" keeps reading as running the model.
    got = ask_json("can i use llama 3 8b on a 4090")
    assert got["method"] == "inference_bf16", got["text"]


# A vision model's samples named by what they hold ("image-text pairs", "image caption
# samples") are the data's count (was "depends on how many tokens you train on: tell me the
# dataset size", the 5k dropped).
VISION_SAMPLES: list[tuple[str, str]] = [
    ("llama 3.2 11b vision qlora on a 3090, unsloth, r=16, batch 2, how long for 5k image-text "
     "pairs?", "⏱ <b>How long Llama 3.2 11B Vision takes with QLoRA depends on how long your "
     "5,000 samples are: about 1.43 hours at 512 tokens each, 5.58 hours at 2,048 tokens each, "
     "on 1× RTX 3090 (1 epoch).</b>"),
    ("qwen2-vl 7b lora on an a100, how long for 20k image caption samples",
     "⏱ <b>How long Qwen2-VL 7B (8B parameters) takes with LoRA depends on how long your 20,000 "
     "samples are"),
]


@pytest.mark.parametrize(("q", "lead"), VISION_SAMPLES)
def test_image_text_pairs_are_samples(q: str, lead: str) -> None:
    reply = ask(q)
    assert reply.text.startswith(lead), reply.text
    assert "preference" not in reply.text.lower()


# The largest model asked with the hours and the data said: the largest whose run ends within
# the hours (was the largest the memory holds, LLaMA 33B, quoted for 24 hours beside its own
# 26.07 hours in the same reply). A mixture of experts trains at its active parameters' pace,
# so one larger than the dense size that ends in time may lead. (2B tokens: since a micro-step's
# fixed cost, DeepSeek Coder 33B, the largest 8× H100 hold, ends 1B tokens within 24 hours.)
WITHIN_HOURS: list[tuple[str, str | None, str]] = [
    ("i got 8xH100 for 24h, whats the biggest model i can full finetune on 2B tokens", None,
     "📏 <b>Within your 24 hours, the largest model on file whose full AdamW run on your data "
     "ends on 8× H100: Granite 4.0 H Small (32B MoE), in about 11.81 hours.</b>\nDeepSeek Coder "
     "33B, the largest the memory holds, takes about 39.88 hours there.\n"
     "✅ <b>Yes: Granite 4.0 H Small (32B MoE) fits on 8× H100 (full AdamW).</b>"),
    ("i got 8xH100 for 24h, whats the biggest model i can full finetune on 2B tokens", "es",
     "📏 <b>En tus 24\u00a0horas, el modelo más grande de nuestra lista cuyo entrenamiento completo "
     "con AdamW con tus datos termina en 8× H100: Granite 4.0 H Small (32B MoE), en unas "
     "11,81\u00a0horas.</b>"),
    ("biggest model i can qlora on a 4090 on 50M tokens in 10 hours", None,
     "📏 <b>Within your 10 hours, the largest model on file whose QLoRA run on your data ends on 1× RTX 4090: Gemma 4 26B-A4B and Trinity Mini (26B MoE), in about 5.7 hours.</b>\nMPT 30B, the largest the memory holds, takes about 33.19 hours there."),
]


@pytest.mark.parametrize(("q", "lang", "lead"), WITHIN_HOURS)
def test_largest_model_ends_within_the_hours(q: str, lang: str | None, lead: str) -> None:
    reply = ask(q, lang)
    assert reply.text.startswith(lead), reply.text


def test_largest_model_without_a_deadline_is_the_memorys() -> None:
    # No hours said, or hours the run ends within: the largest the memory holds, as before.
    says(ask("biggest model i can full finetune on 8x h100 on 1B tokens").text,
         ["📏 <b>The largest model 640 GB holds for full AdamW"], ["Within your"])
    says(ask("biggest model i can qlora on a 4090 on 5M tokens in 10 hours").text,
         [], ["Within your"])


# A second LoRA rank set against the first further on in the message ("… vs rank 16", "… than
# r=8", "… or r 16,"): both estimates and their difference lead (was the first rank's alone,
# "how much more vram" unanswered).
RANKS_APART: list[tuple[str, str]] = [
    ("rank 256 lora on llama 3 8b vs rank 16 how much more vram",
     "🧮 <b>LoRA rank 256 vs rank 16: about 33.1 GB vs 23.1 GB per GPU here, a difference of "
     "10 GB.</b>"),
    ("r=64 qlora mistral 7b on a 3090, is it a lot more memory than r=8?",
     "🧮 <b>LoRA rank 64 vs rank 8: about 10.5 GB vs 8.2 GB per GPU here, a difference of "
     "2.3 GB.</b>"),
    ("lora r 128 for qwen2.5 7b or r 16, whats the vram difference on a 4090",
     "🧮 <b>LoRA rank 128 vs rank 16: about 27.4 GB vs 22.9 GB per GPU here, a difference of "
     "4.5 GB.</b>"),
]


@pytest.mark.parametrize(("q", "lead"), RANKS_APART)
def test_a_second_rank_further_on_is_compared(q: str, lead: str) -> None:
    reply = ask(q)
    assert reply.text.startswith(lead), reply.text


def test_two_cards_after_a_rank_stay_cards() -> None:
    got = ask_json("qlora llama 3 8b r16 on a 3090 or 4090")
    assert got["intent"] == "compare", got["text"]
    assert "🧮" not in str(got["text"])


# Continued pre-training goes on from a trained model: a full fine-tune on raw text, not
# training from scratch (was "to train Mistral 7B from scratch on 20 billion tokens").
CONTINUED: list[tuple[str, str | None, str]] = [
    ("what would it cost to continued pretrain mistral 7b on 20B tokens", None,
     "💵 <b>About $1,463.54 to fine-tune Mistral 7B (7.3B parameters) on 20 billion tokens</b>"),
    ("continual pre-training of mistral 7b on 20B tokens cost", None,
     "💵 <b>About $1,463.54 to fine-tune Mistral 7B"),
    ("cuanto cuesta el pre-entrenamiento continuo de mistral 7b con 20B tokens", "es",
     "💵 <b>Unos 1.463,54\xa0US$ por hacer fine-tuning de Mistral 7B"),
]


@pytest.mark.parametrize(("q", "lang", "lead"), CONTINUED)
def test_continued_pretraining_is_no_training_from_scratch(
        q: str, lang: str | None, lead: str) -> None:
    reply = ask(q, lang)
    assert reply.text.startswith(lead), reply.text
    assert "from scratch" not in reply.text and "desde cero" not in reply.text


def test_pretraining_alone_is_from_scratch() -> None:
    says(ask("what would it cost to pretrain mistral 7b on 20B tokens").text,
         ["to train Mistral 7B (7.3B parameters) from scratch on 20 billion tokens"], [])


# "does gradient checkpointing slow training a lot?": its time leads (the forward pass again,
# as the time estimates count it), then what it saves (was the fit on the card alone; "how much
# slower" was a cost of our page's illustrative 168 hours).
CKPT_SLOW: list[tuple[str, str | None, str]] = [
    ("does gradient checkpointing slow training a lot? qlora llama 3 8b on an a10g seq 4096",
     None,
     "🐢 <b>Gradient checkpointing makes QLoRA about 1.5 times the compute of the run without "
     "it: 6·N·D FLOPs a token instead of 4·N·D, as our time estimates count it.</b>\n"
     "In exchange it saves about 24.4 GB per GPU here: 42.3 GB without it, 17.9 GB with it.\n"
     "✅ <b>Yes: Llama 3 8B fits on 1× A10G (QLoRA).</b>"),
    ("how much slower is full finetuning llama 3.2 1b with grad checkpointing on an a100", None,
     "🐢 <b>Gradient checkpointing makes full AdamW about 1.33 times the compute of the run "
     "without it: 8·N·D FLOPs a token instead of 6·N·D, as our time estimates count it.</b>"),
    ("el gradient checkpointing ralentiza mucho? qlora llama 3 8b en una a10g", "es",
     "🐢 <b>El gradient checkpointing le cuesta a QLoRA unas 1,5 veces el cómputo del "
     "entrenamiento sin él"),
]


@pytest.mark.parametrize(("q", "lang", "lead"), CKPT_SLOW)
def test_checkpointing_time_asked_leads_with_its_compute(
        q: str, lang: str | None, lead: str) -> None:
    reply = ask(q, lang)
    assert reply.text.startswith(lead), reply.text
    assert "illustrative" not in reply.text


def test_checkpointing_memory_asked_stays_memory() -> None:
    says(ask("how much vram does gradient checkpointing save for qlora llama 3 8b on an a10g "
             "seq 4096").text, ["🧮 <b>Gradient checkpointing saves about 24.4 GB per GPU"],
         ["🐢"])


# "how many gpus do i need …" with no card named: the count leads, the cheapest offered
# configuration that holds the run and each card's count of the planning rule's memory (was
# "🏆 The cheapest GPUs for …", the count only in the list below).
COUNT_NO_CARD: list[tuple[str, str | None, str]] = [
    ("how many gpus do i need to full finetune llama 3.1 70b in bf16 with fsdp", None,
     "🔢 <b>For Llama 3.1 70B with full AdamW: 8× B200, the cheapest offered configuration "
     "that holds it.</b>\nThe planning rule's 1,260 GB is the memory of 27× L40S, 16× A100 "
     "80GB, 16× H100, 9× H200, or 7× B200; one instance has at most 8 GPUs."),
    ("how many gpus do i need to qlora llama 3 70b", None,
     "🔢 <b>For Llama 3 70B with QLoRA: 1× A100 80GB, the cheapest offered configuration that "
     "holds it.</b>\n\n🏆"),
    ("cuantas gpus necesito para hacer full finetune de llama 3.1 70b", "es",
     "🔢 <b>Para Llama 3.1 70B (completo con AdamW): 8× B200, la configuración más barata en "
     "la que cabe.</b>"),
]


@pytest.mark.parametrize(("q", "lang", "lead"), COUNT_NO_CARD)
def test_a_count_asked_with_no_card_leads(q: str, lang: str | None, lead: str) -> None:
    reply = ask(q, lang)
    assert reply.text.startswith(lead), reply.text


def test_a_count_no_instance_holds_is_said_as_before() -> None:
    says(ask("how many gpus to full finetune llama 3.1 405b").text,
         ["🏆 <b>The cheapest GPUs for Llama 3.1 405B</b>", "more GPUs than one instance has"],
         ["🔢"])


# Two methods named against each other in a time or cost question: each one's fit on the card
# asked, its time and cost where it is timed (was "No method named, so this is the time for
# LoRA", full fine-tuning never answered; "how much cheaper is qlora than lora" gave LoRA's cost
# alone in the lead).
METHOD_RUNS: list[tuple[str, str | None, str, list[str]]] = [
    ("phi-4 lora vs full finetune on h100, which fits and how long for 50M tokens", None,
     "⚖️ <b>The methods you named, each on your data:</b>\n• LoRA (BF16 base): about 2.5 hours on 1× H100, $5.80.\n• Full fine-tuning, AdamW: does not fit on 1× H100 (269.9 GB per GPU by the detailed estimate). About 54 minutes on 4× H100, $8.33.\n", ["No method named"]),
    ("how much cheaper is qlora than lora for llama 3 8b on 100M tokens", None,
     "⚖️ <b>The methods you named, each on your data:</b>\n• QLoRA (4-bit base): about 8.14 hours on 1× L40S, $6.67.\n• LoRA (BF16 base): about 7.91 hours on 1× L40S, $6.49.\n", []),
    ("phi-4 lora vs full finetune on h100, which fits and how long for 50M tokens", "es",
     "⚖️ <b>Los métodos que nombraste, cada uno con tus datos:</b>\n• LoRA (base en BF16): alrededor de 2,5\xa0horas en 1× H100, 5,80\xa0US$.\n",
     ["Ningún método"]),
]


@pytest.mark.parametrize(("q", "lang", "lead", "lacks"), METHOD_RUNS)
def test_methods_named_against_each_other_are_each_timed(
        q: str, lang: str | None, lead: str, lacks: list[str]) -> None:
    reply = ask(q, lang)
    assert reply.text.startswith(lead), reply.text
    says(reply.text, [], lacks)


def test_one_method_named_is_timed_alone() -> None:
    says(ask("lora phi-4 on an h100, how long for 50M tokens").text,
         ["⏱ <b>LoRA of Phi-4 (14B): about 2.5 hours on 1× H100"], ["⚖️"])


def test_methods_weighed_carry_to_a_follow_up() -> None:
    # "and on 8x h100?": the same methods weighed there (was "No method named", LoRA alone);
    # one method named then is that method alone.
    _first, there, full = converse(
        "phi-4 lora vs full finetune on h100, which fits and how long for 50M tokens",
        "and on 8x h100?", "ok and with full only?")
    says(there.text, ["⚖️ <b>The methods you named, each on your data:</b>",
                      "• LoRA (BF16 base): about 19 minutes on 8× H100",
                      "• Full fine-tuning, AdamW: about 25 minutes on 8× H100"],
         ["No method named"])
    assert full.query.method == "full_adamw" and not full.query.methods_named


# "does packing=True speed things up?": what packing changes in the time estimated leads (was
# the time alone, packing never named).
PACKING: list[tuple[str, str | None, str]] = [
    ("does packing=True speed things up? training llama 3 8b on 100k short convos ~300 tokens "
     "each on an a100 80gb", None,
     "📦 <b>Packing does not change the tokens you train on: the time here counts those tokens "
     "alone, with no padding, which is what a packed run computes.</b>\nUnpacked at batch 1"),
    ("is sample packing faster for qlora mistral 7b on an h100, 50k samples avg 400 tokens, "
     "bs 8", None, "📦 <b>Packing does not change the tokens you train on"),
    ("el packing acelera el entrenamiento? qlora llama 3 8b en una a100, 100k ejemplos de 300 "
     "tokens", "es", "📦 <b>El packing no cambia los tokens con los que entrenas"),
]


@pytest.mark.parametrize(("q", "lang", "lead"), PACKING)
def test_packing_speed_asked_is_answered(q: str, lang: str | None, lead: str) -> None:
    reply = ask(q, lang)
    assert reply.text.startswith(lead), reply.text


def test_packing_said_alone_adds_nothing() -> None:
    says(ask("qlora llama 3 8b with packing on a 4090, 10M tokens").text, [], ["📦"])


# An OOM under Unsloth is not blamed on checkpointing left off: Unsloth's get_peft_model turns
# it on by default (use_gradient_checkpointing="unsloth"); was "🧯 … probably has gradient
# checkpointing off, the Trainer's default", its fix "gradient checkpointing on".
UNSLOTH_OOM = ("trying to sft gemma 3 12b with unsloth on colab T4, max_seq_length=2048, "
               "per_device_train_batch_size=2, gradient_accumulation_steps=4, load_in_4bit=True, "
               "getting OOM at step 0. any fix?")


def test_an_oom_under_unsloth_keeps_checkpointing_on() -> None:
    reply = ask(UNSLOTH_OOM)
    assert reply.text.startswith(
        "⚠️ <b>You hit OOM with these settings, so Gemma 3 12B does not fit on 1× T4 (QLoRA) as "
        "you run it, although the detailed estimate says it does: trust your measurement.</b>"
    ), reply.text
    says(reply.text, [], ["probably has gradient checkpointing off"])


def test_an_oom_without_unsloth_reads_the_trainers_default() -> None:
    says(ask("OOM on 2x3090 with mixtral 8x7b qlora fsdp, micro_batch_size 1 seq 2048. is it "
             "even possible?").text,
         ["🧯 You hit OOM at batch 1, so your run probably has gradient checkpointing off"], [])


# Preference pairs counted at the sequence length are said as pairs, each of their two
# sequences at that length (was "At most: 20,000 samples counted at your sequence length").
PAIRS_BOUND: list[tuple[str, str | None, str]] = [
    ("how much would it cost to rent something to DPO llama 3 8b on 20k pairs, max_length 2048",
     None, "At most: 20,000 pairs, their chosen and rejected sequences each counted at your "
     "sequence length, 2,048 tokens; shorter ones make the run shorter."),
    ("dpo llama 3 8b lora on an a10g, 10k pairs, max_length 1024", None,
     "At most: 10,000 pairs, their chosen and rejected sequences each counted at your sequence "
     "length, 1,024 tokens"),
    ("dpo llama 3 8b lora on an a10g, 10k pairs, max_length 1024", "fr",
     "Au plus\u00a0: 10\u202f000 paires, leurs séquences choisie et rejetée"),
]


@pytest.mark.parametrize(("q", "lang", "line"), PAIRS_BOUND)
def test_pairs_counted_at_the_length_are_pairs(q: str, lang: str | None, line: str) -> None:
    says(ask(q, lang).text, [line], ["20,000 samples counted", "10,000 samples counted"])


def test_the_rest_of_the_reply_is_about_a_method_named() -> None:
    # Of the methods weighed, the one that fits on the card asked goes on (was QLoRA, named by
    # no one, after the two named).
    says(ask("is full finetune or lora faster for llama 3.2 1b on a 3090 with 10M tokens").text,
         ["⚖️ <b>The methods you named, each on your data:</b>",
          "⏱ <b>LoRA of Llama 3.2 1B (1.23B parameters): about 38 minutes on 1× RTX 3090"],
         ["QLoRA of Llama 3.2 1B"])
