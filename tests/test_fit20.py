"""fit20 (session 32): training fit verdicts on people's own cards. Several methods answered
with no settings: each method the configuration holds is said with its detailed estimate at
typical settings (the single-method lead's figure), and a tight fit says so, with the sequence
that fits there."""

from __future__ import annotations

import pytest

from tests.support.chat import ask, converse, says

NB = "\u00a0"
NNB = "\u202f"  # French numbers: thousands and before the unit

# Was "✅ QLoRA (4-bit base): ≈ 6 GB — 6 GB left" on a 3060 where one method asked says 12.8 GB
# per GPU of 12.88: a tight fit.
SEVERAL_FITTING = [
    ("qlora llama 3 8b on 3060 12gb, lora too?", None, [
        "✅ <b>QLoRA (4-bit base)</b>: ≈ 12.8 GB per GPU at typical settings (sequence 2,048, "
        "batch 1) — 0.08 GB left (planning rule: ≈ 6 GB without activations)",
        "⚠️ Little headroom, less than the planning rule's margin: sequences of at most about "
        "2,057 tokens fit there at batch 1. Measure a short run before relying on it.",
        "❌ <b>LoRA (BF16 base)</b>: ≈ 19.2 GB — 7.2 GB short"], ["6 GB left"]),
    ("qlora llama 3 8b en mi 3060 12gb, y lora?", "es", [
        f"≈ 12,8{NB}GB por GPU con ajustes típicos (secuencia 2.048, batch 1) — sobran "
        f"0,08{NB}GB",
        "⚠️ Poco margen, menos que el margen de la regla de planificación: caben secuencias de "
        "como mucho unos 2.057 tokens con batch 1."], [f"sobran 6{NB}GB"]),
    ("llama 3 8b sur une 4090 ?", "fr", [
        f"✅ <b>QLoRA (base 4 bits)</b>{NB}: ≈ 12,8{NNB}Go par GPU avec des réglages typiques",
        f"il reste 13{NNB}Go",
        f"✅ <b>LoRA (base BF16)</b>{NB}: ≈ 23,1{NNB}Go par GPU avec des réglages typiques",
        f"il reste 2,66{NNB}Go", "⚠️ Peu de marge, moins que la marge de la règle de "
        f"planification{NB}: des séquences d'au plus environ 3{NNB}138 tokens y tiennent"],
     [f"il reste 18{NNB}Go", f"il reste 4,8{NNB}Go —"]),
    # Room to spare: the detailed figure, no warning.
    ("lora mistral 7b on a 3090, or full?", None, [
        "✅ <b>QLoRA (4-bit base)</b>: ≈ 8.5 GB per GPU at typical settings",
        "✅ <b>LoRA (BF16 base)</b>: ≈ 18.7 GB per GPU at typical settings (sequence 2,048, "
        "batch 1) — 7.07 GB left"], ["Little headroom"]),
]


@pytest.mark.parametrize(("text", "locale", "has", "lacks"), SEVERAL_FITTING)
def test_several_methods_fit_by_the_typical_estimate(text: str, locale: str | None,
                                                     has: list[str], lacks: list[str]) -> None:
    reply = ask(text, locale)
    says(reply.text, has, lacks)
    assert reply.answer.fits is True


# Short Spanish and French questions that are mostly model names: an instruction-tuned suffix
# after the size ("27b it") is no English "it", and "en" beside another word is Spanish's or
# French's ("gemma 3 27b it en una 5090" was a tie, answered in English). "en" alone says no
# language: the chat's decides ("en usdt?" after "how much is an h100" stays English).
LANGUAGE = [
    ("gemma 3 27b it en una 5090", "es", "✅ <b>En 1× RTX 5090, Gemma 3 27B cabe con"),
    ("gemma-3-12b-it en mi 3060", "es", "<b>En 1× RTX 3060, Gemma 3 12B cabe con"),
    ("mistral 7b it en la 3090", "es", "<b>En 1× RTX 3090, Mistral 7B"),
    ("llama 3 8b en la 4090?", "es", "✅ <b>En 1× RTX 4090, Llama 3 8B cabe con QLoRA y LoRA.</b>"),
    ("gemma 2 9b it sur une 4090", "fr", "<b>Sur 1× RTX 4090, Gemma 2 9B tient avec"),
    # Already right, kept so.
    ("llama 3 8b sur une 4090 ?", "fr", "<b>Sur 1× RTX 4090, Llama 3 8B tient avec QLoRA et LoRA."),
    ("mistral 7b en mi 3060", "es", "<b>En 1× RTX 3060, Mistral 7B"),
    ("qlora 8b sur ma 3090", "fr", "<b>Oui : un modèle 8B tient sur 1× RTX 3090 (QLoRA).</b>"),
    ("gemma 3 27b it on a 5090", "en", "<b>On 1× RTX 5090, Gemma 3 27B fits:"),
    ("can 8b it fit on a 3060", "en", "<b>On 1× RTX 3060, an 8B model fits: QLoRA.</b>"),
]


@pytest.mark.parametrize(("text", "lang", "starts"), LANGUAGE)
def test_short_questions_are_answered_in_their_language(text: str, lang: str,
                                                        starts: str) -> None:
    reply = ask(text)
    assert reply.locale == lang, reply.text
    assert starts.replace(" : ", f"{NB}: ") in reply.text, reply.text


@pytest.mark.parametrize(("first", "then", "lang"), [
    ("cuanto cuesta una h100", "llama 3 8b en 4090?", "es"),
    ("how much is an h100", "en usdt?", "en"),
])
def test_en_alone_keeps_the_chats_language(first: str, then: str, lang: str) -> None:
    assert converse(first, then)[-1].locale == lang


# A model under a billion parameters said in millions, never rounded to hundredths of a billion
# ("finetune gpt2 125m on a t4" was "a 0.13B model", "SmolLM2 135M (0.14B parameters)").
SMALL = [
    # GPT-2 is on file since fit21: its own count, by its name
    ("finetune gpt2 125m on a t4", None, "✅ <b>On 1× T4, GPT-2 (124M parameters) fits:"),
    ("how much vram to full finetune a 125m model", None, "📐 <b>Memory for a 125M model</b>"),
    ("full finetune a 800m model on my 3060", None,
     "❌ <b>No: an 800M model does not fit on 1× RTX 3060"),
    ("finetune smollm2 135m on a t4", None, "✅ <b>On 1× T4, SmolLM2 135M fits:"),
    ("finetune pythia 410m on a t4", None, "✅ <b>On 1× T4, Pythia 410M fits:"),
    ("lora smollm2 360m on a t4", None, "✅ <b>Yes: SmolLM2 360M fits on 1× T4 (LoRA).</b>"),
    ("qlora qwen2.5 0.5b on a t4", None,
     "✅ <b>Yes: Qwen2.5 0.5B (490M parameters) fits on 1× T4 (QLoRA).</b>"),
    ("entrenar un modelo de 125m en una t4", "es", "✅ <b>En 1× T4, un modelo de 125M cabe con"),
    ("qlora qwen2.5 0.5b en una t4", "es",
     "✅ <b>Sí: Qwen2.5 0.5B (490 millones de parámetros) cabe en 1× T4 (QLoRA).</b>"),
    ("fine-tuner un modèle de 800m sur une t4", "fr", "✅ <b>Sur 1× T4, un modèle 800M tient avec"),
    ("qlora qwen2.5 0.5b sur une t4", "fr",
     f"✅ <b>Oui{NB}: Qwen2.5 0.5B (490{NB}M de paramètres) tient sur 1× T4 (QLoRA).</b>"),
]


@pytest.mark.parametrize(("text", "locale", "starts"), SMALL)
def test_a_small_model_is_said_in_millions(text: str, locale: str | None, starts: str) -> None:
    reply = ask(text, locale)
    assert reply.text.startswith(starts), reply.text
    assert "0.13B" not in reply.text and "0.14B" not in reply.text


# CPU offload as the remedy is held to the system RAM said: ZeRO-3/FSDP offload keeps the BF16
# weights (26 GB of a 13B) and what trains in CPU RAM. Was "CPU offload … 8.1 GB per GPU" with
# the 32 GB of RAM said left unread.
OFFLOAD_RAM = [
    ("can i finetune a 13b with lora on a 3090 with 32gb system ram", None, [
        "🩹 Smallest change that makes it fit: CPU offload (FSDP or DeepSpeed ZeRO-3; slower), "
        "8.1 GB per GPU by the detailed estimate (all the options are at the end). The offload "
        "keeps about 27.1 GB in CPU RAM, 40.6 GB with the 50% margin DeepSpeed's memory "
        "estimator adds for buffers: the 32 GB of RAM you have holds it, but not with that "
        "margin."], []),
    ("can i finetune a 13b with lora on a 3090 with 16gb system ram", None, [
        "🩹 Smallest change that makes it fit: QLoRA (4-bit base), 14.8 GB per GPU",
        "💾 CPU offload would keep about 27.1 GB in CPU RAM (the weights and what trains, as "
        "DeepSpeed's estimate_zero3_model_states_mem_needs counts them), more than the 16 GB "
        "of RAM you have: it is no option there."],
     ["• CPU offload (FSDP or DeepSpeed ZeRO-3; slower)"]),
    ("lora 13b on a 3090, 64gb ram", None, [
        "the 64 GB of RAM you have holds it, margin included."], []),
    ("se puede lora de un 13b en una 3090 con 32gb de ram", "es", [
        f"La descarga deja unos 27,1{NB}GB en la RAM de CPU", "pero no con ese margen."], []),
    ("lora d'un 13b sur une 3090 avec 16 go de ram ?", "fr", [
        f"Le déchargement sur CPU garderait environ 27,1{NNB}Go en RAM CPU",
        "ce n'est pas une option ici."], []),
    # No RAM said: what the offload keeps there, under its option.
    ("my lora of a 13b ooms on my 3090, what do i do?", None, [
        "• CPU offload (FSDP or DeepSpeed ZeRO-3; slower): 8.1 GB per GPU\n   💾 The offload "
        "keeps about 27.1 GB in CPU RAM, 40.6 GB with the 50% margin"], ["RAM you have"]),
]


@pytest.mark.parametrize(("text", "locale", "has", "lacks"), OFFLOAD_RAM)
def test_offload_is_held_to_the_ram(text: str, locale: str | None, has: list[str],
                                    lacks: list[str]) -> None:
    says(ask(text, locale).text, has, lacks)


# QLoRA of a 70B-class model on two 24 GB cards: Answer.AI's published FSDP+QLoRA recipe
# (AnswerDotAI/fsdp_qlora README @05ed9f2a) named, with the detailed estimate at its settings.
# Was only "CPU offload (FSDP or DeepSpeed ZeRO-3; slower)".
RECIPE = [
    ("qlora llama 2 70b on 2x 3090", None, [
        "❌ <b>No: Llama 2 70B does not fit on 2× RTX 3090 (QLoRA).</b>",
        "📚 Published recipe: Answer.AI's FSDP+QLoRA trained Llama 2 70B on two 24 GB GPUs "
        "(AnswerDotAI/fsdp_qlora, train.py <code>--context_length 512 --batch_size 2 "
        "--use_gradient_checkpointing true --use_cpu_offload true</code>). At those settings "
        "the detailed estimate is 6.3 GB per GPU on 2× RTX 3090; their README says the "
        "command uses just over 128 GB of CPU RAM.\n"], []),
    ("qlora llama 3 70b on my 2 4090s with 64gb ram", None, [
        "📚 Published recipe", "10.9 GB per GPU on 2× RTX 4090",
        "That is more than the 64 GB of RAM you have."], []),
    ("qlora llama 2 70b en 2 3090 con 256gb de ram", "es", [
        "📚 Receta publicada: el FSDP+QLoRA de Answer.AI entrenó Llama 2 70B",
        f"6,3{NB}GB por GPU en 2× RTX 3090", f"Los 256{NB}GB de RAM que tienes bastan."], []),
    ("qlora llama 2 70b sur 2 3090", "fr", [
        f"📚 Recette publiée{NB}: le FSDP+QLoRA d'Answer.AI", "--use_cpu_offload true"], []),
    # It fits as asked, or another size: not named.
    ("qlora 70b on 4 3090s", None, [], ["Published recipe"]),
    ("qlora llama 3 8b on 2x 3060 8gb", None, [], ["Published recipe"]),
]


@pytest.mark.parametrize(("text", "locale", "has", "lacks"), RECIPE)
def test_the_published_recipe_is_named(text: str, locale: str | None, has: list[str],
                                       lacks: list[str]) -> None:
    says(ask(text, locale).text, has, lacks)
