"""Session 49, multi-turn chats as people have them: a card's price asked in the middle of a
run's questions, a value refused and said again, what a method is asked between two runs."""

from __future__ import annotations

import pytest

from tests.support.chat import ask, check_turn, converse

# 1. A card's price asked after a run ("whats the price of an a100", "how much is a b200",
# "nvm, price of a b200?"): that card's price (was the run's fit verdict on that card, no price
# in it), the run kept beside it so that "and for 10 hours?" prices that run there.
CARD_PRICE_AFTER_RUN = [
    (None, ("qlora llama3-8b on h100 2hrs", "nvm, whats the price of an a100"),
     {"intent": "prices", "gpu": "a100-80gb", "model": None,
      "has": ["💵 <b>1× A100 80GB costs $0.92/hour.</b>"], "lacks": ["↪️", "✅"]}),
    (None, ("qlora llama 3 8b on h100", "price of an h200?"),
     {"intent": "prices", "gpu": "h200", "model": None,
      "has": ["💵 <b>1× H200 costs $3.07/hour.</b>"], "lacks": ["↪️", "fits"]}),
    (None, ("qlora llama 3 8b on h100", "forget that. price of a b200?"),
     {"intent": "prices", "gpu": "b200", "has": ["1× B200 costs $4.61/hour."],
      "lacks": ["↪️"]}),
    (None, ("qlora llama 3 8b on h100", "how much is a b200"),
     {"intent": "prices", "gpu": "b200", "has": ["1× B200 costs $4.61/hour."],
      "lacks": ["↪️", "fits"]}),
    ("es", ("lora de llama 3 8b en una h100", "precio de la h200?"),
     {"lang": "es", "intent": "prices", "gpu": "h200",
      "has": ["Precio de 1× H200: 3,07\u00a0US$/hora."], "lacks": ["↪️", "cabe"]}),
    ("fr", ("lora de llama 3 8b sur une h100", "prix d'une h200 ?"),
     {"lang": "fr", "intent": "prices", "gpu": "h200",
      "has": ["Prix de 1× H200\u00a0: 3,07\u00a0$US/heure."], "lacks": ["↪️", "tient"]}),
    # ... and then hours: the run before the price, on that card, for them
    (None, ("qlora llama 3 8b on h100", "how much is a b200", "and for 10 hours"),
     {"intent": "cost", "model": "llama-3-8b", "method": "qlora", "gpu": "b200", "hours": 10,
      "has": ["↪️ <i>QLoRA of Llama 3 8B from two questions ago, on 1× B200",
              "Cost: $46.10"]}),
]


@pytest.mark.parametrize(("locale", "turns", "expected"), CARD_PRICE_AFTER_RUN)
def test_a_cards_price_after_a_run_is_its_price(
        locale: str | None, turns: tuple[str, ...], expected: dict[str, object]) -> None:
    check_turn(converse(*turns, locale=locale)[-1], expected)


def test_a_card_the_run_is_put_on_after_the_price_continues_the_run() -> None:
    _, priced, there = converse("qlora llama 3 8b on h100", "how much is a b200",
                                "and on an a100?")
    check_turn(priced, {"intent": "prices", "gpu": "b200", "lacks": ["↪️"]})
    check_turn(there, {"model": "llama-3-8b", "method": "qlora", "gpu": "a100-80gb",
                       "has": ["↪️"]})


# 2. A value refused as out of range (hours not positive or past the limit, 0 or 100,000 GPUs,
# a 0 GB card, a negative size), then said again: the run asked with the new value (was "I did
# not understand": the refused question was not kept, the one before it, if any, continued).
VALUE_SAID_AGAIN = [
    (None, ("lora llama 3 8b on h100 for -5 hours", "ok 20 hours"),
     {"intent": "cost", "model": "llama-3-8b", "method": "lora", "gpu": "h100", "hours": 20,
      "has": ["↪️ <i>LoRA of Llama 3 8B on 1× H100", "Cost: $46.40"]}),
    (None, ("lora llama 3 8b on h100 for 0 hours", "20h then"),
     {"intent": "cost", "model": "llama-3-8b", "hours": 20, "has": ["$46.40"]}),
    (None, ("lora llama 3 8b on h100 for 99999999 hours", "ok 100 hours"),
     {"intent": "cost", "model": "llama-3-8b", "hours": 100, "has": ["$232.00"]}),
    ("es", ("cuanto cuesta lora de llama 3 8b en una h100 por -3 horas", "perdón, 3 horas"),
     {"lang": "es", "intent": "cost", "model": "llama-3-8b", "gpu": "h100", "hours": 3,
      "has": ["↪️ <i>LoRA de Llama 3 8B en 1× H100", "23,20"]}),
    ("fr", ("combien pour un lora de llama 3 8b sur une h100 pendant -2 h", "pardon, 2 h"),
     {"lang": "fr", "intent": "cost", "model": "llama-3-8b", "gpu": "h100", "hours": 2,
      "has": ["↪️ <i>LoRA de Llama 3 8B sur 1× H100"]}),
    (None, ("qlora llama 3 70b on 0 h100", "ok 2"),
     {"intent": "fit", "model": "llama-3-70b", "method": "qlora", "gpu": "h100", "count": 2,
      "has": ["Llama 3 70B fits on 2× H100"]}),
    # ... 8 being a Llama 3 size too: the count refused is what it says (was "8 of what?")
    (None, ("qlora llama 3 70b on 100000 h100", "ok 8 then"),
     {"intent": "fit", "model": "llama-3-70b", "method": "qlora", "gpu": "h100", "count": 8,
      "has": ["Llama 3 70B fits on 8× H100"]}),
    (None, ("qlora llama 3 70b on a 0gb gpu", "ok 24gb"),
     {"intent": "fit", "model": "llama-3-70b", "method": "qlora",
      "has": ["does not fit on 1× GPU of 24 GB"]}),
    (None, ("qlora -70b on a h100", "ok 70b"),
     {"intent": "fit", "method": "qlora", "gpu": "h100",
      "has": ["a 70B model fits on 1× H100"]}),
]


@pytest.mark.parametrize(("locale", "turns", "expected"), VALUE_SAID_AGAIN)
def test_a_value_refused_then_said_again_keeps_the_run(
        locale: str | None, turns: tuple[str, ...], expected: dict[str, object]) -> None:
    first, last = converse(*turns, locale=locale)
    assert first.answer.error is not None, first.text
    check_turn(last, expected)


def test_a_follow_up_refused_leaves_the_question_before_it() -> None:
    _, again, _, last = converse("lora llama 3 8b on h100 for -5 hours", "ok 20 hours",
                                 "and for -10 hours?", "and for 30?")
    check_turn(again, {"intent": "cost", "hours": 20})
    check_turn(last, {"intent": "cost", "model": "llama-3-8b", "hours": 30, "has": ["$69.60"]})


# 3. What a method is, asked between a run's questions ("what's qlora?", "what does lora
# mean", "que es lora?", "c'est quoi lora ?"): the methods explained (was that run's verdict
# with the method named, nothing explained), and the run still the chat's after it.
METHOD_ASKED_MID_CHAT = [
    (None, ("qlora llama 3 8b on h100", "what's qlora?"),
     "⚖️ <b>LoRA or QLoRA: both train small adapters"),
    (None, ("qlora llama 3 8b on h100", "what does lora mean"),
     "⚖️ <b>LoRA or QLoRA: both train small adapters"),
    (None, ("qlora llama 3 8b on h100", "what is lora anyway"),
     "⚖️ <b>LoRA or QLoRA: both train small adapters"),
    ("es", ("qlora de llama 3 8b en una h100", "que es lora?"),
     "⚖️ <b>LoRA o QLoRA: los dos entrenan adaptadores"),
    ("es", ("qlora de llama 3 8b en una h100", "qué significa qlora?"),
     "⚖️ <b>LoRA o QLoRA: los dos entrenan adaptadores"),
    ("fr", ("qlora de llama 3 8b sur une h100", "c'est quoi lora ?"),
     "⚖️ <b>LoRA ou QLoRA\u00a0: les deux entraînent"),
    ("fr", ("qlora de llama 3 8b sur une h100", "lora c'est quoi ?"),
     "⚖️ <b>LoRA ou QLoRA\u00a0: les deux entraînent"),
]


@pytest.mark.parametrize(("locale", "turns", "lead"), METHOD_ASKED_MID_CHAT)
def test_what_a_method_is_mid_chat_is_explained(
        locale: str | None, turns: tuple[str, ...], lead: str) -> None:
    reply = converse(*turns, locale=locale)[-1]
    assert reply.text.startswith(lead), reply.text
    assert not reply.carried, reply.text


def test_the_run_is_still_continued_after_the_method_explained() -> None:
    _, explained, last = converse("qlora llama 3 8b on h100", "what's qlora?", "and on a 4090?")
    assert explained.text.startswith("⚖️"), explained.text
    check_turn(last, {"intent": "fit", "model": "llama-3-8b", "method": "qlora",
                      "gpu": "rtx-4090", "has": ["Llama 3 8B fits on 1× RTX 4090"]})


def test_a_definition_alone_still_waits_for_the_model() -> None:
    explained, last = converse("what's qlora?", "llama 3 70b on an h100")
    assert explained.text.startswith("⚖️"), explained.text
    check_turn(last, {"model": "llama-3-70b", "gpu": "h100"})


@pytest.mark.parametrize("question", ["what's qlora?", "what does lora mean",
                                      "qué significa qlora?", "lora c'est quoi ?"])
def test_what_a_method_is_alone(question: str) -> None:
    assert ask(question).query.method_diff, question


# 4. Another model on another card after "and"/"what about"/"y"/"et" ("and mistral 7b on an
# a100?" after "qlora llama 3 8b on h100 seq 4096"): that model's run there by the method and
# settings said before (was every method at typical settings, the QLoRA and the 4,096 tokens
# dropped); "the 8b" is the family's member. A correction naming both ("no, llama 3 70b on an
# h100") is still a new question (test_lead18).
OTHER_MODEL_ON_OTHER_CARD = [
    (None, ("qlora llama 3 8b on h100 seq 4096", "and mistral 7b on an a100?"),
     {"model": "mistral-7b", "method": "qlora", "gpu": "a100-80gb", "seq_len": 4096,
      "has": ["↪️ <i>QLoRA with the same settings",
              "✅ <b>Yes: Mistral 7B (7.3B parameters) fits on 1× A100 80GB (QLoRA).</b>"]}),
    (None, ("qlora llama 3 8b on h100", "what about qwen 2.5 7b on a 4090"),
     {"model": "qwen2.5-7b", "method": "qlora", "gpu": "rtx-4090",
      "has": ["fits on 1× RTX 4090 (QLoRA)."]}),
    (None, ("lora llama 3 8b on 2 a100 for 10 hours", "and mixtral on 4 h100?"),
     {"model": "mixtral-8x7b", "method": "lora", "gpu": "h100", "count": 4, "hours": 10,
      "has": ["(LoRA)"]}),
    (None, ("qlora llama 3 8b on my 3060 12gb", "and llama 3 70b?",
            "ok what about a 4090 for the 8b"),
     {"model": "llama-3-8b", "method": "qlora", "gpu": "rtx-4090",
      "has": ["Llama 3 8B fits on 1× RTX 4090 (QLoRA)."]}),
    ("es", ("qlora de llama 3 8b en una h100", "y mistral 7b en una a100?"),
     {"lang": "es", "model": "mistral-7b", "method": "qlora", "gpu": "a100-80gb",
      "has": ["cabe en 1× A100 80GB (QLoRA)."]}),
    ("fr", ("qlora de llama 3 8b sur une h100", "et mistral 7b sur une a100 ?"),
     {"lang": "fr", "model": "mistral-7b", "method": "qlora", "gpu": "a100-80gb",
      "has": ["tient sur 1× A100 80GB (QLoRA)."]}),
]


@pytest.mark.parametrize(("locale", "turns", "expected"), OTHER_MODEL_ON_OTHER_CARD)
def test_another_model_on_another_card_keeps_the_run(
        locale: str | None, turns: tuple[str, ...], expected: dict[str, object]) -> None:
    reply = converse(*turns, locale=locale)[-1]
    assert reply.text.startswith("↪️ "), reply.text
    check_turn(reply, expected)


# 5. "back to the 70b", "volvamos al 70b", "revenons au 70b" after "what about 8b": the 70B
# again on the card, method and settings of the chat (was the memory of a 70B model alone).
BACK_TO_THE_SIZE = [
    (None, ("qlora llama 3 70b on h100 seq 4096", "what about 8b", "back to the 70b"),
     {"model": "llama-3-70b", "method": "qlora", "gpu": "h100", "seq_len": 4096,
      "has": ["↪️", "✅ <b>Yes: Llama 3 70B fits on 1× H100 (QLoRA).</b>"]}),
    (None, ("qlora llama 3 70b on h100", "back to the 8b"),
     {"model": "llama-3-8b", "method": "qlora", "gpu": "h100"}),
    ("es", ("qlora de llama 3 70b en una h100", "y el 8b?", "volvamos al 70b"),
     {"lang": "es", "model": "llama-3-70b", "method": "qlora", "gpu": "h100",
      "has": ["Llama 3 70B cabe en 1× H100 (QLoRA)"]}),
    ("fr", ("qlora de llama 3 70b sur une h100", "et le 8b ?", "revenons au 70b"),
     {"lang": "fr", "model": "llama-3-70b", "method": "qlora", "gpu": "h100",
      "has": ["Llama 3 70B tient sur 1× H100 (QLoRA)"]}),
]


@pytest.mark.parametrize(("locale", "turns", "expected"), BACK_TO_THE_SIZE)
def test_back_to_a_size_keeps_the_run(
        locale: str | None, turns: tuple[str, ...], expected: dict[str, object]) -> None:
    check_turn(converse(*turns, locale=locale)[-1], expected)


# 6. An accelerator we have no figures for, asked after a run ("and on a tpu v5?", "y en una
# tpu v5?", "et sur un gaudi 3 ?"): that it has none, then the run's memory on a GPU, as the
# same asked in one message (was "I did not understand" under "the answer below is for GPUs").
ACCELERATOR_AFTER_RUN = [
    (None, ("qlora llama 3 8b on h100", "and on a tpu v5?"),
     {"intent": "memory", "model": "llama-3-8b", "method": "qlora", "gpu": None,
      "has": ["↪️", "🚫 We have no data for the TPU v5", "📐 <b>Memory for Llama 3 8B</b>"]}),
    ("es", ("qlora de llama 3 8b en una h100 por 10 horas", "y en una tpu v5?"),
     {"lang": "es", "intent": "memory", "model": "llama-3-8b", "hours": None,
      "has": ["🚫 No tenemos datos del acelerador TPU v5", "📐 <b>Memoria para Llama 3 8B</b>"]}),
    ("fr", ("qlora de llama 3 8b sur une h100", "et sur un gaudi 3 ?"),
     {"lang": "fr", "intent": "memory", "model": "llama-3-8b",
      "has": ["🚫 Nous n'avons aucune donnée sur l'accélérateur Gaudi 3",
              "📐 <b>Mémoire pour Llama 3 8B</b>"]}),
]


@pytest.mark.parametrize(("locale", "turns", "expected"), ACCELERATOR_AFTER_RUN)
def test_an_accelerator_after_a_run_says_so_and_sizes_the_run(
        locale: str | None, turns: tuple[str, ...], expected: dict[str, object]) -> None:
    check_turn(converse(*turns, locale=locale)[-1], expected)
