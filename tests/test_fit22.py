"""fit22 (session 34): training fit and cost, the most accurate figure first and nothing
beside it that contradicts or distracts."""

from __future__ import annotations

import pytest

from tests.support.chat import ask, converse, says

# Under "⚠️ Depends on the model" the count line is dropped: "It takes at least 2× RTX 3080"
# contradicts a lead saying a 32k-vocabulary 7B fits on one.
DEPENDS_NO_COUNT = [
    "3080 10gb qlora 7b",
    "qlora 7b en una 3080 de 10gb",
    "qlora 7b sur une 3080 10 go",
]


@pytest.mark.parametrize("text", DEPENDS_NO_COUNT)
def test_no_count_line_under_depends(text: str) -> None:
    body = ask(text).text
    assert body.startswith("⚠️ <b>"), body
    says(body, [], ["🔢"])


def test_count_line_stays_for_a_named_model() -> None:
    # the model named, no vocabulary range: the count still follows the ❌
    body = ask("qlora llama 3 8b on a 3080 10gb").text
    says(body, ["❌ <b>No: Llama 3 8B does not fit on 1× RTX 3080 (QLoRA).</b>",
                "🔢 It takes at least 4× RTX 3080 (40 GB) to hold it."], [])


# GPT-2 learned position embeddings for 1,024 tokens (n_positions): a longer sequence cannot
# run at all, so the answer is at 1,024 and says why first (was answered at 4,096, 4.7 GB).
GPT2_POSITIONS = [
    ("finetune gpt2 with seq 4096 on a t4",
     "📏 GPT-2 has 1,024 positions (n_positions in its config: its position embeddings are "
     "learned for 1,024 tokens, none beyond), so a sequence of 4,096 tokens cannot run: answered "
     "at 1,024.", "Detailed estimate for seq 1,024", "Total per GPU: 2.3 GB"),
    ("entrenar gpt2 con seq 4096 en una t4",
     "📏 GPT-2 tiene 1.024 posiciones (n_positions en su config", "secuencias de 1.024 tokens",
     "Total por GPU: 2,3\u00a0GB"),
    ("fine-tuner gpt2 avec seq 4096 sur une t4",
     "📏 GPT-2 a 1\u202f024 positions (n_positions dans sa config", "séquences de 1\u202f024 tokens",
     "Total par GPU\u00a0: 2,3\u202fGo"),
]


@pytest.mark.parametrize(("text", "note", "at", "total"), GPT2_POSITIONS)
def test_gpt2_is_answered_within_its_positions(text: str, note: str, at: str, total: str) -> None:
    body = ask(text).text
    assert body.startswith(note), body
    says(body, [at, total], ["⚠️ GPT-2"])  # not the note of a length answered as said


def test_a_rotary_model_keeps_the_length_said() -> None:
    # Llama 3 reads a longer sequence (badly): answered as said, with the warning
    body = ask("qlora llama 3 8b with seq 16384 on an h100").text
    says(body, ["seq 16,384"], ["📏 Llama"])


# No method asked and every one fits with room: the command is the most faithful one's (full
# AdamW for GPT-2 on a T4, LoRA for a 7B on a 4090), not QLoRA's flags; and no "👉 Cheapest
# offered configuration that fits" under each ✅ for the card asked.
FAITHFUL = [
    ("finetune gpt2 on a t4",
     "That runs full AdamW: it fits there with room and trains the whole model, not adapters."),
    ("finetune mistral 7b on a 4090",
     "🛠 Next: with Hugging Face TRL, run it with <code>--use_peft --lora_target_modules all-linear</code>. That runs LoRA: it fits "
     "there with room and trains on the BF16 weights, not a 4-bit copy."),
    ("entrenar gpt2 en una t4",
     "Eso es el fine-tuning completo con AdamW: cabe ahí con margen y entrena el modelo entero"),
    ("fine-tuner gpt2 sur une t4",
     "C'est le fine-tuning complet avec AdamW\u00a0: il y tient avec de la marge"),
]


@pytest.mark.parametrize(("text", "why"), FAITHFUL)
def test_the_command_is_the_most_faithful_method_that_fits(text: str, why: str) -> None:
    body = ask(text).text
    says(body, [why], ["--load_in_4bit", "1× L40S"])


@pytest.mark.parametrize("text", [
    # asked, or QLoRA is the only one with room (LoRA 23.1 GB of 25.76 is tight on a 3090)
    "qlora gpt2 on a t4",
    "llama 3 8b on my 3090, qlora or lora?",
])
def test_qlora_stays_where_it_is_asked_or_alone_with_room(text: str) -> None:
    body = ask(text).text
    says(body, ["--load_in_4bit --use_peft"], ["That runs"])


# A budget with no method said: the answer assumes QLoRA and says so; where both verdicts fit,
# the detailed estimate at typical settings leads the fit line, the planning rule beside it, as
# a fit question's does since lead22 (a budget is a cost question: the planning line led).
BUDGET_ASSUMED = [
    ("$200 budget, how long can i finetune qwen2.5 7b on an a100",
     ["✅ <b>Yes: Qwen2.5 7B (7.61B parameters) fits on 1× A100 80GB (QLoRA).</b>\nAt typical "
      "settings (sequence 2,048, batch 1) it needs about 13.3 GB per GPU (detailed estimate) of "
      "the 85.9 GB (80 GiB) each GPU has, 72.6 GB left; the planning rule says 5.71 GB for the "
      "whole job.", "ℹ️ QLoRA assumed: say “lora” or “full” to change."]),
    ("tengo 200 dolares, cuanto tiempo puedo entrenar qwen2.5 7b en una a100",
     ["Con ajustes típicos (secuencia 2.048, batch 1) necesita unos 13,3\u00a0GB por GPU "
      "(estimación detallada)", "ℹ️ Se supone QLoRA: di «lora» o «full» para cambiarlo."]),
    ("j'ai 200 dollars, combien de temps je peux entraîner qwen2.5 7b sur une a100",
     ["il faut environ 13,3\u202fGo par GPU (estimation détaillée)",
      "ℹ️ QLoRA par défaut\u00a0: dites «\u00a0lora\u00a0» ou «\u00a0full\u00a0» pour changer."]),
]


@pytest.mark.parametrize(("text", "has"), BUDGET_ASSUMED)
def test_a_budget_says_the_method_assumed_and_leads_with_the_detail(
        text: str, has: list[str]) -> None:
    body = ask(text).text
    says(body, has, ["(planning estimate)", "(estimación de planificación)"])


def test_a_method_said_is_not_assumed() -> None:
    body = ask("$200 budget, how long can i lora qwen2.5 7b on an a100").text
    says(body, ["(LoRA)"], ["assumed: say"])


# A card in the plural that no instance holds at the settings said, and no offered configuration
# either: the count it takes leads (fit23: the plural asks how many; was "❌ … on 1× H100") and
# the hours said are priced at that count.
PLURAL_NONE_OFFERED = [
    ("full finetune llama 3 70b on h100s for a day with seq 4096 batch 2",
     ["🔢 <b>You need 29× H100 (2,320 GB) for Llama 3 70B (full AdamW) with your settings, by "
      "the detailed estimate.</b>\n"
      "💵 24 hours on 29× H100, across instances, would be 696 GPU-hours: $1,614.72 at "
      "$2.32/hour."]),
    ("full finetune de llama 3 70b en varias h100 durante un día con seq 4096 batch 2",
     ["🔢 <b>Necesitas 29× H100", "en 29× H100, repartidas entre instancias, serían 696 horas de "
      "GPU"]),
    ("full finetune de llama 3 70b sur des h100 pendant un jour avec seq 4096 batch 2",
     ["🔢 <b>Il vous faut 29× H100",
      "sur 29× H100, répartis sur plusieurs instances, feraient 696 heures-GPU"]),
]


@pytest.mark.parametrize(("text", "has"), PLURAL_NONE_OFFERED)
def test_a_plural_card_nothing_offered_holds(text: str, has: list[str]) -> None:
    says(ask(text).text, has, ["1× H100", "❌"])


# CPU offload on one GPU that needs ~1.3 TB of RAM is not the smallest change (was "🩹 Smallest
# change …: CPU offload …, 40.9 GB per GPU", RAM unsaid).
def test_an_offload_no_machine_holds_is_not_the_smallest_change() -> None:
    body = ask("full finetune llama 3 70b on an h100 for a day with seq 4096 batch 2").text
    says(body, ["💾 CPU offload would bring it to 40.9 GB per GPU, but keeps about 1,270 GB in "
                "CPU RAM (1,905 GB with DeepSpeed's margin): more than machines have for that "
                "many GPUs",
                "🩹 Smallest change that makes it fit: QLoRA (4-bit base), 76.6 GB per GPU"],
         ["Smallest change that makes it fit: CPU offload"])


def test_an_offload_one_machine_holds_stays_the_smallest_change_with_its_ram() -> None:
    # 27.1 GB of CPU RAM for a 13B LoRA on a 3090: a machine has that; the hint says it
    body = ask("can i finetune a 13b with lora on a 3090").text
    says(body, ["🩹 Smallest change that makes it fit: CPU offload (FSDP or DeepSpeed ZeRO-3; "
                "slower), 8.1 GB per GPU by the detailed estimate (all the options are at the "
                "end). The offload keeps about 27.1 GB in CPU RAM"], ["more than machines have"])


# ZeRO-3 said, no offload, one GPU: DeepSpeed offloads only with offload_optimizer/offload_param
# in its config, and one GPU shards nothing; said, then what the offload would need in RAM.
ZERO3_ALONE = [
    ("deepspeed zero3 llama 3 8b full finetune on a 4090 with 64gb ram",
     ["ℹ️ ZeRO-3 alone offloads nothing: without offload_optimizer or offload_param",
      "on one GPU it has nothing to shard across, so it saves no memory here.",
      "💾 CPU offload would keep about 64.2 GB in CPU RAM"]),
    ("full finetune de llama 3 8b con deepspeed zero3 en una 4090 con 64gb de ram",
     ["ℹ️ ZeRO-3 por sí solo no descarga nada", "así que aquí no ahorra memoria."]),
    ("full finetune llama 3 8b avec deepspeed zero3 sur une 4090 avec 64 go de ram",
     ["ℹ️ ZeRO-3 seul ne décharge rien", "donc il n'économise aucune mémoire ici."]),
]


@pytest.mark.parametrize(("text", "has"), ZERO3_ALONE)
def test_zero3_alone_on_one_gpu_says_it_saves_nothing(text: str, has: list[str]) -> None:
    says(ask(text).text, has, [])


@pytest.mark.parametrize("text", [
    "zero3 offload full finetune llama 3 8b on a 4090 with 256gb ram",  # offload said
    "full finetune llama 3 8b with zero3 on 8 h100s",  # several GPUs: it shards
])
def test_zero3_with_offload_or_several_gpus_has_no_such_line(text: str) -> None:
    says(ask(text).text, [], ["alone offloads nothing"])


# After a question on a card ("my 4090"), a memory question naming a model and no card is one
# of its own: the model's memory figures, no card carried (was a training fit on the 4090).
MEMORY_AFTER_CARD = [
    ("can i run llama 3 8b on my 4090", "how much memory does mistral 7b need",
     "📐 <b>Memory for Mistral 7B (7.3B parameters)</b>"),
    ("puedo correr llama 3 8b en mi 4090", "cuanta memoria necesita mistral 7b",
     "📐 <b>Memoria para Mistral 7B"),
    ("je peux faire tourner llama 3 8b sur ma 4090 ?", "combien de mémoire il faut pour mistral 7b ?",
     "📐 <b>Mémoire pour Mistral 7B"),
]


@pytest.mark.parametrize(("first", "then", "lead"), MEMORY_AFTER_CARD)
def test_a_memory_question_after_a_card_question_is_its_own(
        first: str, then: str, lead: str) -> None:
    reply = converse(first, then)[1]
    assert reply.text.startswith(lead), reply.text
    assert reply.query.gpu is None
    says(reply.text, [], ["↪️", "RTX 4090"])


def test_a_card_stated_alone_is_still_the_one_asked_about() -> None:
    # "i have a 3090" said on its own: the questions after it are on that card, as before
    reply = converse("i have a 3090", "how much vram does llama 3 8b need")[1]
    assert reply.query.gpu == "rtx-3090"
