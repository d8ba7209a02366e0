"""Questions found in session 39's probe (first questions on the card people own, as they write
them on r/LocalLLaMA, the Hugging Face forums and the unsloth/axolotl/peft issues)."""

from __future__ import annotations

import pytest

from tests.support.chat import ask, says


@pytest.mark.parametrize(("text", "has", "lacks"), [
    # The ZeRO stage named is the one in the tool's config (was zero3_bf16.json, another stage
    # than the one estimated: "With DeepSpeed ZeRO-2, every GPU holds the whole model")
    ("axolotl full fine tune llama 3.1 8b on 8x a100 40gb with deepspeed zero2",
     "<code>deepspeed: deepspeed_configs/zero2.json</code>", "zero3_bf16.json"),
    ("llama-factory full fine tune llama 3.1 8b on 8x a100 40gb with deepspeed zero2",
     "deepspeed: examples/deepspeed/ds_z2_config.json</code>", "ds_z3_config.json"),
    ("axolotl lora llama 3.1 70b on 4x 3090 with zero3 offload",
     "deepspeed: deepspeed_configs/zero3_bf16_cpuoffload_all.json</code>", "zero3_bf16.json<"),
    # none named: ZeRO-3, as before
    ("axolotl full fine tune llama 3.1 8b on 8x a100 40gb",
     "<code>deepspeed: deepspeed_configs/zero3_bf16.json</code>", "zero2.json"),
])
def test_the_zero_stage_named_is_the_configs(text: str, has: str, lacks: str) -> None:
    says(ask(text).text, [has], [lacks])


@pytest.mark.parametrize(("text", "lead", "lacks"), [
    # Whether gradient checkpointing is needed: the run without it on the card asked (was the
    # verdict with it on, as if the question had not been asked)
    ("is gradient checkpointing needed for lora llama 3.1 8b on a 3090 at seq 2048?",
     "🧮 <b>Needed here: without gradient checkpointing, LoRA takes about 35.3 GB per GPU, more "
     "than the 25.77 GB (24 GiB) each GPU has; with it, 23.1 GB, which fits.</b>", None),
    ("llama 3.1 8b qlora on a 3090, is gradient checkpointing necessary",
     "🧮 <b>Not needed here: without gradient checkpointing, QLoRA takes about 25 GB per GPU, "
     "within the 25.77 GB (24 GiB) each GPU has (0.8 GB left); with it, 12.8 GB.</b>\nTurned off, "
     "each token takes 4·N·D FLOPs instead of 6·N·D", None),
    ("do i need gradient checkpointing for qlora mistral 7b on a 4090 at seq 4096",
     "🧮 <b>Needed here: without gradient checkpointing, QLoRA takes about 35.2 GB per GPU", None),
    ("can i turn off gradient checkpointing for qlora llama 3 70b on an a100 40gb",
     "🧮 <b>Without gradient checkpointing, QLoRA takes about 114.2 GB per GPU, with it 52.6 GB: "
     "even with it, more than the 42.95 GB (40 GiB) each GPU has.</b>", None),
    ("¿necesito gradient checkpointing para qlora de llama 3 8b en mi 3090?",
     "🧮 <b>Aquí no hace falta: sin gradient checkpointing, QLoRA ocupa unos 25", None),
    ("faut-il le gradient checkpointing pour un lora de mistral 7b sur une 4090 ?",
     "🧮 <b>Ici, il est nécessaire\u00a0: sans gradient checkpointing, LoRA prend environ 30,9",
     None),
    # no card: what it saves, as "how much does it save" is answered
    ("do i need gradient checkpointing for qlora llama 3 8b",
     "🧮 <b>Gradient checkpointing saves about 12.2 GB per GPU here: 25 GB without it, 12.8 GB "
     "with it.</b>", "Needed here"),
    # its settings said, no need asked: the fit as before
    ("lora llama 3.1 8b on a 3090 with gradient checkpointing", "✅ <b>Yes", "🧮"),
])
def test_whether_checkpointing_is_needed(text: str, lead: str, lacks: str | None) -> None:
    reply = ask(text).text
    assert reply.startswith(lead), reply[:600]
    says(reply, [], [lacks] if lacks else [])


@pytest.mark.parametrize(("text", "has", "lacks"), [
    # A training run's hours judged on one's own card: what they train there leads, against
    # the data said (was the fit alone, or the 12 hours priced on a rented L40S)
    ("my run on a 4090 is estimating 30 hours for qlora llama 3.1 8b, is that normal",
     ["⏱ In 30 hours, 1× RTX 4090 trains about 170 million",
      "Hold your data against it, its tokens times the epochs"], []),
    ("qlora llama 3.1 8b on T4 taking forever, 12 hours for 2000 steps, normal?",
     ["⏱ In 12 hours, 1× T4 trains about 26 million"], ["You pay", "On 1× L40S"]),
    ("qlora llama 3.1 8b on my 4090 takes 30 hours, is that normal? 50k samples of 1024 tokens",
     ["there by this estimate: your 30 hours are 3.4 times that, slower than it."], []),
    ("my qlora of mistral 7b on an a100 took 3 hours for 50k samples of 512 tokens, is that normal",
     ["take about 2.16 hours there by this estimate: your 3 hours are in line with it."], []),
    ("¿es normal que un qlora de llama 3.1 8b tarde 30 horas en mi 4090?",
     ["⏱ En 30\u00a0horas, 1× RTX 4090 entrena", "Compáralo con tus datos"], []),
    # hours measured with another card asked: scaled there, as before
    ("it took 6h to qlora llama 3 8b on my 3090, how long on an h100?",
     ["⏱ <b>On 1× H100: about 26 minutes to 1.68 hours"], ["trains about"]),
])
def test_a_runs_hours_judged(text: str, has: list[str], lacks: list[str]) -> None:
    says(ask(text).text, has, lacks)


@pytest.mark.parametrize(("text", "has", "lacks"), [
    # A count and a half of a scale in words (was the dataset unread, or "three and a half
    # thousand" a thousand samples)
    ("how long would a qlora of llama 3.1 8b take on an l4 with two and a half million tokens",
     ["0.62 GPU-hours for 2.5 million"], ["depends on how many tokens"]),
    ("qlora llama 3.1 8b on an l4 with three and a half thousand samples of 512 tokens, how long",
     ["for 1,792,000"], ["for 512,000"]),
    ("lora mistral 7b on a 3090, is two and a half hours enough for one and a half million tokens",
     ["for 1.5 million"], []),
    # A past run's hours with the card between the verb and them (was the two cards compared,
    # the 8 hours unscaled)
    ("i trained on my 3090 for 8 hours, how much would that be on your h100",
     ["⏱ <b>On 1× H100: about 34 minutes to 2.24 hours, $1.32 to $5.20</b> for what took 8 hours "
      "on 1× RTX 3090."], []),
    ("ran my lora on a 3090 for 5 hours, how long on an a100",
     ["for what took 5 hours on 1× RTX 3090"], []),
    ("i want to train llama 3 8b on an h100 for 10 hours, cost?", ["💵 <b>Cost: $23.20</b>"],
     ["for what took"]),
    # A model said after a card's question as a candidate ("thinking …", "maybe …") is asked on
    # that card (was its memory on no card)
    ("can a P40 fine tune anything useful? thinking qlora llama 3 8b",
     ["2️⃣", "✅ <b>Yes: Llama 3 8B fits on 1× P40 (QLoRA).</b>"], []),
    ("what can i fine tune on a 3060 12gb? maybe qwen2.5 7b with qlora",
     ["2️⃣", "Qwen2.5 7B (7.61B parameters) does not fit on 1× RTX 3060 (QLoRA)"], []),
])
def test_numbers_hours_and_candidates_as_written(text: str, has: list[str], lacks: list[str]) -> None:
    says(ask(text).text, has, lacks)


@pytest.mark.parametrize(("text", "tokens"), [
    # Epochs said in words (was one epoch: "a couple of" and "six" to "nine" unread)
    ("qlora llama 3.1 8b on a 3090 for a couple of epochs on 10k samples of 512 tokens, how long",
     "for 10,240,000"),
    ("qlora llama 3.1 8b on a 3090, six epochs of 2k samples of 512 tokens, how long",
     "for 6,144,000"),
    ("qlora de llama 3.1 8b en mi 3090, un par de epocas con 10k ejemplos de 512 tokens, cuanto "
     "tarda", "para 10.240.000"),
    ("qlora llama 3.1 8b on a 3090 with 10k samples of 512 tokens for three epochs",
     "for 15,360,000"),
])
def test_epochs_in_words(text: str, tokens: str) -> None:
    says(ask(text).text, [tokens], [])


@pytest.mark.parametrize(("text", "has"), [
    # A training rate measured and judged: the estimate on that card leads, the rate held
    # against it in its unit (was the fit alone)
    ("training at 300 tokens/s on my 3090 with qlora llama 3 8b, is that normal",
     ["🏋️ <b>About 690 training tokens/s: Llama 3 8B on 1× RTX 3090 (QLoRA, estimate).</b>",
      "📏 Measured, your 300 tokens/s is 43% of this estimate: slower than it assumes."]),
    ("i get 0.3 it/s on a T4 with qlora llama 3.1 8b bs 2 seq 2048, is that normal",
     ["🏋️ <b>About 621 training tokens/s: Llama 3.1 8B on 1× T4",
      "📏 At 4,096 tokens an optimizer step (batch 2 × 2,048 tokens), that is about 0.15 it/s, "
      "6.6 s/it. Measured, your 0.3 it/s is 2 times this estimate"]),
    # (in line since a micro-step's fixed cost: 11.7 s/it, was 16.6, 2.1 times)
    ("my 3090 does 8 s/it at batch 4 seq 2048 with lora llama 3 8b, too slow?",
     ["🏋️ <b>About 701 training tokens/s", "📏 At 8,192 tokens an optimizer step (batch 4 × "
      "2,048 tokens), that is about 0.09 it/s, 11.7 s/it. Measured, your 8 s/it is in line with "
      "this estimate."]),
    # ... or asked in steps: the steps lead (session 47), the tokens/s they come from after
    ("what it/s should i expect for qlora llama 3.1 8b on a 4090 with batch 1 and seq 2048",
     ["⏱ <b>About 0.74 it/s (1.4 s/it): Llama 3.1 8B on 1× RTX 4090 (QLoRA, estimate), at "
      "2,048 tokens an optimizer step (batch 1 × 2,048 tokens).</b>",
      "🏋️ <b>About 1,507 training tokens/s"]),
    ("entreno a 300 tokens/s en mi 3090 con qlora de llama 3 8b, es normal?",
     ["📏 Medidos, tus 300 tokens/s son el 43"]),
])
def test_a_training_rate_judged(text: str, has: list[str]) -> None:
    says(ask(text).text, has, [])


@pytest.mark.parametrize(("text", "lead"), [
    # The hours the user has ("i have …") with the data: whether the run ends within them (was
    # the fit, the 36 hours priced on a rented L40S; "… 10 hours on my 3090" read as hours a
    # run took and scaled to an L40S)
    ("qlora llama 3 8b on a t4, i have a day and a half, can i get through 40k samples of 512 "
     "tokens", "✅ <b>Yes: by this estimate it finishes within 36 hours.</b>\n⏱ <b>QLoRA of Llama 3 8B: about 9.17 hours on 1× T4"),
    ("i have 10 hours on my 3090, can i finish a qlora of llama 3 8b on 30k samples of 512 tokens",
     "✅ <b>Yes: by this estimate it finishes within 10 hours.</b>"),
    ("tengo 10 horas en mi 3090, me da para un qlora de llama 3 8b con 30k ejemplos de 512 tokens?",
     "✅ <b>Sí: según esta estimación, termina en menos de 10"),
    # hours a run took stay measured
    ("it took 10 hours on my 3090, how long on an h100", "⏱ <b>On 1× H100: about 43 minutes"),
])
def test_the_hours_one_has(text: str, lead: str) -> None:
    reply = ask(text).text
    assert reply.startswith(lead), reply[:500]


@pytest.mark.parametrize(("text", "lead"), [
    # A past run's hours with the model and the card between the verb and them (was the two
    # cards compared, the hours unscaled: the blanked model ran past the cue's window)
    ("fine-tuned llama 3 8b with qlora on my 4090 for 12 hours, what would an h100 cost for the "
     "same", "⏱ <b>On 1× H100: about 2 to 3.61 hours, $4.64 to $8.38</b> for what took 12 hours "
     "on 1× RTX 4090."),
    # hours to rent stay hours to rent
    ("i want to fine-tune llama 3 8b with qlora on an h100 for 12 hours, cost?",
     "💵 <b>You pay $46.40</b>"),
])
def test_a_past_runs_hours_said_far_from_its_verb(text: str, lead: str) -> None:
    reply = ask(text).text
    assert reply.startswith(lead), reply[:500]


@pytest.mark.parametrize(("text", "lead"), [
    # Which of the methods named is faster, no data said: each one's training speed on the card
    # (was the fit alone, the speed unanswered)
    ("qlora vs lora on a 3090 for llama 3.1 8b which is faster",
     "⚡ <b>By this estimate LoRA trains fastest of the methods you named:</b>\n• LoRA: about 692 training tokens/s on 1× RTX 3090.\n• QLoRA: about 690 training tokens/s on 1× RTX 3090."),
    ("is full finetune or lora faster for llama 3.2 1b on an h100",
     "⚡ <b>By this estimate LoRA trains fastest of the methods you named:</b>"),
    ("¿lora o qlora, cuál es más rápido para llama 3.1 8b en mi 3090?",
     "⚡ <b>Según esta estimación, LoRA es el más rápido de los métodos que nombraste:</b>"),
    # one of them does not fit on the card asked: no speeds of two cards weighed, the fit leads
    ("is full finetune or lora faster for llama 3.2 1b on a 3090", "✅ <b>On 1× RTX 3090"),
])
def test_which_method_is_faster(text: str, lead: str) -> None:
    reply = ask(text).text
    assert reply.startswith(lead), reply[:500]
