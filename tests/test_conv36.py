"""conv36: follow-ups of hardware to buy kept as such, and several cards of one's own checked
card by card, en/es/fr (tests.support.chat): each reply asserted."""

from __future__ import annotations

import pytest

from fakebotapi import validate_telegram_html
from rules.catalogue import load_catalogue
from rules.estimator import estimate_inference
from rules.local_hardware import fullest_card_gb
from tests.support.chat import ask, converse, says

# "what gpu should i buy to run llama 3 70b at home", then a follow-up changing only the model,
# the precision or the method: hardware of one's own still (was the cheapest rentals, 🏆 alone).
TO_BUY = "what gpu should i buy to run llama 3 70b at home"
KEPT = [
    ("en", TO_BUY, "and for qwen 2.5 32b?", "qwen2.5-32b",
     "🏠 <b>To run Qwen2.5 32B (32.5B parameters) on hardware of your own</b>"),
    ("en", TO_BUY, "and in 8bit?", "llama-3-70b",
     "🏠 <b>To run Llama 3 70B on hardware of your own</b>"),
    ("en", TO_BUY, "and for training?", "llama-3-70b",
     "🏠 <b>To fine-tune Llama 3 70B on hardware of your own</b>"),
    ("es", "qué gpu compro para correr llama 3 70b en casa", "¿y para qwen 2.5 32b?",
     "qwen2.5-32b", "🏠 <b>Para correr Qwen2.5 32B (32,5 mil millones de parámetros) en tu propio"),
    ("es", "qué gpu compro para correr llama 3 70b en casa", "y para entrenar?", "llama-3-70b",
     "🏠 <b>Para hacer el fine-tuning de Llama 3 70B en tu propio equipo</b>"),
    ("fr", "quelle carte acheter pour faire tourner llama 3 70b chez moi", "et pour qwen 2.5 32b ?",
     "qwen2.5-32b", "🏠 <b>Pour faire tourner Qwen2.5 32B (32,5\u00a0Md de paramètres) sur votre"),
    ("fr", "quelle carte acheter pour faire tourner llama 3 70b chez moi", "et en 8 bits ?",
     "llama-3-70b", "🏠 <b>Pour faire tourner Llama 3 70B sur votre propre matériel</b>"),
]


@pytest.mark.parametrize(("lang", "first", "then", "model", "lead"), KEPT)
def test_a_follow_up_keeps_hardware_to_buy(
        lang: str, first: str, then: str, model: str, lead: str) -> None:
    before, after = converse(first, then)
    assert before.query.local_asked and after.query.local_asked, after.text
    assert (after.locale, after.query.model_id, after.query.gpu) == (lang, model, None)
    assert after.answer.local_hardware, after.text
    assert lead in after.text, after.text


# Renting said leaves it: the same model on the GPUs we rent, the cheapest first (was the price
# list, "and to rent?", or "I did not understand", "y en la nube?").
RENTED = [
    ("en", TO_BUY, "and to rent?", "🏆 <b>The cheapest GPUs for Llama 3 70B</b>"),
    ("en", TO_BUY, "and in the cloud?", "🏆 <b>The cheapest GPUs for Llama 3 70B</b>"),
    ("es", "qué gpu compro para correr llama 3 70b en casa", "y en la nube?",
     "🏆 <b>Las GPU más baratas para Llama 3 70B</b>"),
    ("fr", "quelle carte acheter pour faire tourner llama 3 70b chez moi", "et en location ?",
     "🏆 <b>Les GPU les moins chers pour Llama 3 70B</b>"),
]


@pytest.mark.parametrize(("lang", "first", "then", "lead"), RENTED)
def test_renting_said_leaves_hardware_to_buy(lang: str, first: str, then: str, lead: str) -> None:
    _, after = converse(first, then)
    assert (after.locale, after.query.model_id, after.query.local_asked) == (
        lang, "llama-3-70b", False)
    assert after.answer.intent == "recommend", after.text
    says(after.text, [lead], ["🏠", "🤔", "💲"])


def test_a_card_named_after_hardware_to_buy_is_its_verdict() -> None:
    _, after = converse(TO_BUY, "what about on a 3090?")
    assert (after.query.gpu, after.query.local_asked) == ("rtx-3090", False)
    says(after.text, ["❌"], ["🏠 <b>To run"])


# Several cards of one's own are checked card by card: a model served split by whole layers
# needs its fullest card to hold its share (its layers and their KV cache, the embeddings and
# output head, its CUDA context), not their combined memory the planning rule. Qwen1.5 72B in
# 4-bit is 43.2 GB by the rule, under 2× RTX 3090's 48 GB (was named), but its fullest card
# needs more than a 3090's 25.8 GB.
SPLIT = [
    ("what gpu should i buy to run qwen 1.5 72b at home", None,
     "• <b>Inference in 4-bit</b> (≈ 43.2 GB): 1× RTX A6000 / RTX 6000 Ada (48 GB), "
     "2× RTX 5090 (64 GB, 26.9 GB on the fullest card)",
     "llama.cpp's <code>--tensor-split</code>"),
    ("qué gpu compro para correr qwen 1.5 72b en casa", "es",
     "• <b>Inferencia en 4 bits</b> (≈ 43,2\u00a0GB): 1× RTX A6000 / RTX 6000 Ada (48\u00a0GB), "
     "2× RTX 5090 (64\u00a0GB, 26,9\u00a0GB en la tarjeta más cargada)",
     "<code>--tensor-split</code> de llama.cpp"),
    ("quelle carte acheter pour faire tourner qwen 1.5 72b chez moi", "fr",
     "• <b>Inférence en 4 bits</b> (≈ 43,2\u202fGo)\u00a0: 1× RTX A6000 / RTX 6000 Ada (48\u202fGo), "
     "2× RTX 5090 (64\u202fGo, 26,9\u202fGo sur la carte la plus chargée)",
     "<code>--tensor-split</code> de llama.cpp"),
]


@pytest.mark.parametrize(("text", "lang", "line", "split"), SPLIT)
def test_several_cards_are_checked_card_by_card(
        text: str, lang: str | None, line: str, split: str) -> None:
    reply = ask(text, lang)
    says(reply.text, ["🏠", line, split], ["RTX 3090 / RTX 4090 (48"])
    assert validate_telegram_html(reply.text) is None


def test_the_fullest_card_holds_the_embeddings_and_whole_layers() -> None:
    cat = load_catalogue()
    model, method = cat.models.get("llama-3-70b"), cat.method("inference_int4")
    whole = estimate_inference(model, method, 2048, 1, 1)
    # one card holds it all; two hold more than half each (the embeddings and head on one, a
    # CUDA context and a layer's working set on both), four more than a quarter
    assert fullest_card_gb(model, method, whole, 1) == whole.per_gpu_gb
    two, four = (fullest_card_gb(model, method, whole, n) for n in (2, 4))
    assert whole.per_gpu_gb / 2 < two < whole.per_gpu_gb
    assert whole.per_gpu_gb / 4 < four < two


# "How fast" asked with a card after a model served or trained: its speed there (the card alone
# read as its price and continued as the model's fit verdict there, the speed dropped).
SPEED_ON_CARD = [
    ("en", "run llama 3 8b on a 4090", "how fast would it be on a 3090?", "rtx-3090",
     "⚡ <b>At most about 57 tokens/s: Llama 3 8B (BF16 inference) on 1× RTX 3090"),
    ("es", "qué gpu compro para correr llama 3 8b en casa", "¿qué tan rápido iría en una 3090?",
     "rtx-3090", "⚡ <b>Como mucho unos 57 tokens/s: Llama 3 8B (inferencia en BF16) en 1× RTX"),
    ("fr", "quelle carte acheter pour faire tourner llama 3 8b chez moi",
     "à quelle vitesse sur une 3090 ?", "rtx-3090",
     "⚡ <b>Au plus environ 57 tokens/s\u00a0: Llama 3 8B (inférence en BF16) sur 1× RTX 3090"),
    ("en", "qlora llama 3 8b on a 4090", "how fast would it be on an h100?", "h100",
     "🏋️ <b>About 9,420 training tokens/s: Llama 3 8B on 1× H100 (QLoRA, estimate).</b>"),
]


@pytest.mark.parametrize(("lang", "first", "then", "gpu", "lead"), SPEED_ON_CARD)
def test_how_fast_on_a_card_is_the_speed_there(
        lang: str, first: str, then: str, gpu: str, lead: str) -> None:
    _, after = converse(first, then)
    assert (after.locale, after.query.gpu, after.query.model_id) == (lang, gpu, "llama-3-8b")
    assert after.text.split("\n")[1].startswith(lead), after.text  # after the ↪️ line
    assert "🤔" not in after.text


# Models asked at the same time, then another way of running them alone ("what about with
# lora?", "and in 4 bit?", "and to train them?"): both models so, on the card they were last
# asked on (was the last model alone: Mistral 7B's own verdict).
TOGETHER_AGAIN = [
    ("en", ("train llama 3 8b + mistral 7b at the same time on an a100", "and on a 4090?",
            "what about with lora?"), "lora",
     "❌ <b>Llama 3 8B and Mistral 7B do not fit at the same time on 1× RTX 4090 with LoRA"),
    ("en", ("run llama 3 8b and mistral 7b at the same time on a 4090", "and in 4 bit?"),
     "inference_int4",
     "✅ <b>Llama 3 8B and Mistral 7B fit together on 1× RTX 4090: ≈ 14.1 GB of 25.76 GB"),
    ("en", ("run llama 3 8b and mistral 7b at the same time on a 4090", "and to train them?"),
     "qlora", "✅ <b>Llama 3 8B and Mistral 7B fit at the same time on 1× RTX 4090: QLoRA.</b>"),
    ("es", ("entrenar llama 3 8b y mistral 7b a la vez en una 4090", "y con lora?"), "lora",
     "❌ <b>Llama 3 8B y Mistral 7B no caben a la vez en 1× RTX 4090 (LoRA)"),
    ("fr", ("faire tourner llama 3 8b et mistral 7b en même temps sur une 4090", "et en 4 bits ?"),
     "inference_int4",
     "✅ <b>Llama 3 8B et Mistral 7B tiennent ensemble sur 1× RTX 4090\u00a0: ≈ 14,1\u202fGo"),
]


@pytest.mark.parametrize(("lang", "turns", "method", "lead"), TOGETHER_AGAIN)
def test_another_way_after_models_together_is_both_again(
        lang: str, turns: tuple[str, ...], method: str, lead: str) -> None:
    after = converse(*turns)[-1]
    assert (after.locale, after.query.gpu) == (lang, "rtx-4090"), after.text
    assert [p.query.model_id for p in after.parts] == ["llama-3-8b", "mistral-7b"]
    assert {p.query.method for p in after.parts} == {method}
    lines = after.text.split("\n")
    assert lines[0].startswith("↪️") and lines[1].startswith(lead), after.text


# A count of cards said after hardware to buy ("and with 2 gpus?", "et avec 4 cartes ?"): the
# machines of that many cards, each card checked for its share (was the same block again, and
# the split unchecked: the answer's estimate was on 2 GPUs).
COUNTED = [
    ("en", TO_BUY, "and with 2 gpus?",
     "• <b>Inference in 4-bit</b> (≈ 42 GB): 2× RTX 3090 / RTX 4090 (48 GB, 23.6 GB on the "
     "fullest card), 2× RTX 5090"),
    ("fr", "quelle carte acheter pour faire tourner llama 3 70b chez moi", "et avec 4 cartes ?",
     "• <b>Inférence en 4 bits</b> (≈ 42\u202fGo)\u00a0: 4× RTX 5060 Ti 16GB (64\u202fGo, "
     "12,9\u202fGo sur la carte la plus chargée)"),
]


@pytest.mark.parametrize(("lang", "first", "then", "line"), COUNTED)
def test_a_count_said_after_hardware_to_buy_is_those_machines(
        lang: str, first: str, then: str, line: str) -> None:
    _, after = converse(first, then)
    assert after.locale == lang and after.query.local_asked, after.text
    count = after.query.gpu_count
    assert {c.count for ln in after.answer.local_hardware for c in ln.cards} == {count}
    assert all(ln.mac is None for ln in after.answer.local_hardware)
    says(after.text, ["🏠", line, "<code>--tensor-split</code>"], ["1× RTX"])


# Its speed asked with hardware of one's own ("how fast would llama 3 70b run at home?", or
# "and how fast would it be?" after the block): each machine's decode bound in the block, one
# card's bandwidth over the whole model (split by layers the cards read in turn); was the block
# alone, then the bound on the rented 4× A100 80GB.
SPEED_AT_HOME = [
    (("how fast would llama 3 70b run at home?",), "en",
     ["2× RTX 3090 / RTX 4090 (48 GB, 23.6 GB on the fullest card, at most about 21 tokens/s)",
      "or a Mac with Apple M5 Pro, 64 GB (51.53 GB usable by the GPU, at most about 7 tokens/s)",
      "⚡ <i>Tokens/s: one sequence's decode at most"]),
    (("best home setup for llama 3 70b", "and how fast would it be?"), "en",
     ["1× RTX A6000 / RTX 6000 Ada (48 GB, at most about 17 tokens/s)"]),
    (("¿qué tan rápido correría llama 3 70b en casa?",), "es",
     ["2× RTX 3090 / RTX 4090 (48\u00a0GB, 23,6\u00a0GB en la tarjeta más cargada, como mucho "
      "unos 21 tokens/s)"]),
    (("quelle carte acheter pour faire tourner llama 3 70b chez moi", "et à quelle vitesse ?"),
     "fr", ["2× RTX 3090 / RTX 4090 (48\u202fGo, 23,6\u202fGo sur la carte la plus chargée, au "
            "plus environ 21 tokens/s)"]),
]


@pytest.mark.parametrize(("turns", "lang", "has"), SPEED_AT_HOME)
def test_speed_asked_at_home_is_each_machines_bound(
        turns: tuple[str, ...], lang: str, has: list[str]) -> None:
    reply = converse(*turns)[-1]
    assert reply.locale == lang and reply.query.local_asked and reply.query.speed_asked
    says(reply.text.split("\n\n", 1)[0], ["🏠", *has], ["🤔"])
    assert validate_telegram_html(reply.text) is None


def test_no_speed_unless_asked() -> None:
    assert "tokens/s" not in ask(TO_BUY).text.split("\n\n", 1)[0]


# Training asked at more length after a follow-up's opening: that model trained (was "I did
# not understand").
TRAIN_TOO = [
    (TO_BUY, "and what if i want to train it too?", "llama-3-70b",
     "🏠 <b>To fine-tune Llama 3 70B on hardware of your own</b>"),
    ("how much vram to run llama 3 8b", "and what if i want to fine tune it instead?",
     "llama-3-8b", "📐 <b>Memory for Llama 3 8B</b>"),
    ("run llama 3 8b on a 4090", "ok and what about if i want to train it on the same card?",
     "llama-3-8b", "✅ <b>On 1× RTX 4090, Llama 3 8B fits: QLoRA and LoRA.</b>"),
]


@pytest.mark.parametrize(("first", "then", "model", "lead"), TRAIN_TOO)
def test_training_asked_at_length_is_that_model_trained(
        first: str, then: str, model: str, lead: str) -> None:
    _, after = converse(first, then)
    assert after.query.model_id == model and after.query.follow_up, after.text
    assert not after.query.inference, after.text
    says(after.text, ["↪️", lead], ["🤔"])


# A card in the plural after hardware to buy ("what about used 3090s?"): that card's machines,
# the fewest of it holding each precision, each card checked for its share (was the fewest that
# hold every precision, "On 7× RTX 3090 … fits", its 4-bit on 2 unsaid).
CARD_AT_HOME = [
    ("en", TO_BUY, "what about used 3090s?",
     ["• <b>Inference in 4-bit</b> (≈ 42 GB): 2× RTX 3090 (48 GB, 23.6 GB on the fullest card)\n",
      "• <b>Inference in 8-bit</b> (≈ 84 GB): 4× RTX 3090 (96 GB, 20.7 GB on the fullest card)\n",
      "• <b>Inference in BF16</b> (≈ 168 GB): 7× RTX 3090 (168 GB, 22.4 GB on the fullest card)"]),
    ("es", "qué gpu compro para correr llama 3 70b en casa", "y con 3090s?",
     ["• <b>Inferencia en 4 bits</b> (≈ 42\u00a0GB): 2× RTX 3090 (48\u00a0GB, 23,6\u00a0GB en la "
      "tarjeta más cargada)\n"]),
    ("fr", "quelle carte acheter pour faire tourner llama 3 70b chez moi", "et avec des 3090 ?",
     ["• <b>Inférence en 4 bits</b> (≈ 42\u202fGo)\u00a0: 2× RTX 3090 (48\u202fGo, 23,6\u202fGo sur "
      "la carte la plus chargée)\n"]),
]


@pytest.mark.parametrize(("lang", "first", "then", "has"), CARD_AT_HOME)
def test_a_card_in_the_plural_after_hardware_to_buy_is_its_machines(
        lang: str, first: str, then: str, has: list[str]) -> None:
    _, after = converse(first, then)
    assert after.locale == lang and after.query.local_asked, after.text
    assert (after.query.local_card, after.query.gpu) == ("rtx-3090", None)
    says(after.text, ["🏠", *has], ["🤔", "RTX 4090", "a Mac with", "un Mac con", "un Mac avec"])


def test_the_card_stays_for_the_next_model() -> None:
    after = converse(TO_BUY, "what about used 3090s?", "and for qwen 2.5 32b?")[-1]
    assert after.query.local_card == "rtx-3090"
    says(after.text, ["• <b>Inference in 4-bit</b> (≈ 19.5 GB): 1× RTX 3090 (24 GB)\n"], [])


# How long a dataset takes asked after models trained at the same time: each model's time in
# its own section, said to be each alone on the card (was the last model's alone).
EACH_TIMED = [
    ("en", "qlora llama 3 8b and mistral 7b at the same time on an a100",
     "how long for 10M tokens each?", "⏱ <i>Each run timed alone on the card",
     "⏱ <b>QLoRA of Llama 3 8B: about 55"),
    ("es", "entrenar llama 3 8b y mistral 7b a la vez en una a100 con lora",
     "y cuanto tardan con 10M tokens?", "⏱ <i>Cada entrenamiento está cronometrado solo",
     "⏱ <b>Entrenamiento LoRA de Llama 3 8B"),
    ("fr", "entraîner llama 3 8b et mistral 7b en même temps sur une a100 en qlora",
     "combien de temps pour 10M tokens ?", "⏱ <i>Chaque entraînement est chronométré seul",
     "⏱ <b>Entraînement QLoRA pour Llama 3 8B"),
]


@pytest.mark.parametrize(("lang", "first", "then", "note", "lead"), EACH_TIMED)
def test_a_time_after_models_together_is_each_models(
        lang: str, first: str, then: str, note: str, lead: str) -> None:
    _, after = converse(first, then)
    assert after.locale == lang and after.sectioned, after.text
    assert [p.query.model_id for p in after.parts] == ["llama-3-8b", "mistral-7b"]
    assert all(p.answer.intent == "time" for p in after.parts)
    says(after.text, [note, "1️⃣", lead, "2️⃣", "Mistral 7B"], ["🤔"])
    assert validate_telegram_html(after.text) is None
