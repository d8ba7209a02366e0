"""Conversations that switch the training algorithm of a run ("and with GRPO?"), or ask a
card's price between a run and its follow-up ("how much is an h100 per hour?" then "and for
10 hours?"): the run is kept, in English, Spanish and French."""

from __future__ import annotations

import re
from decimal import Decimal as D

import pytest

from tests.support.chat import converse


def spaced(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


# A run, then its training algorithm: the same model, method and card, trained so (GRPO's
# note of what the step leaves out; DPO's pairs), never "I did not understand".
ALGORITHM: list[tuple[str, str, str, str]] = [
    ("qlora llama 3 8b on a 4090", "and with GRPO?", "GRPO", "GRPO is online RL"),
    ("qlora de llama 3 8b en una 4090", "¿y con GRPO?", "GRPO", "GRPO es RL online"),
    ("qlora de llama 3 8b sur une 4090", "et en GRPO ?", "GRPO", "GRPO est du RL en ligne"),
    ("lora llama 3 8b on an h100", "what about grpo", "GRPO", "GRPO is online RL"),
    ("qlora de llama 3 8b en una 4090", "y con dpo?", None, "Pares de preferencia"),
]


@pytest.mark.parametrize(("first", "then", "rl", "fragment"), ALGORITHM)
def test_a_training_algorithm_after_a_run_keeps_its_model_method_and_card(
    first: str, then: str, rl: str | None, fragment: str
) -> None:
    before, reply = converse(first, then)
    assert reply.query.follow_up, reply.text
    assert reply.answer.intent == "fit", reply.text
    for field in ("model_id", "method", "gpu", "gpu_count"):
        assert getattr(reply.query, field) == getattr(before.query, field), field
    assert reply.query.online_rl == rl
    assert fragment in spaced(reply.text), reply.text


def test_one_algorithm_replaces_the_other_and_stays_for_the_next_card() -> None:
    *_, dpo, h100 = converse("qlora llama 3 8b on a 4090", "and with GRPO?", "and with DPO?",
                             "and on an h100?")
    assert dpo.query.online_rl is None and dpo.query.paired, dpo.text
    assert "GRPO" not in dpo.text
    assert h100.query.paired and h100.query.gpu == "h100" and h100.query.online_rl is None


@pytest.mark.parametrize(("first", "then", "fragment"), [
    ("how long to qlora llama 3 8b on an a100 for 3 epochs of 10k samples of 512 tokens",
     "and with GRPO?", "the time and memory below are its training step's only"),
    ("cuánto tarda un qlora de llama 3 8b en una a100 con 10k muestras de 512 tokens",
     "¿y con GRPO?", "el tiempo y la memoria de abajo son solo los de su paso"),
])
def test_grpo_after_a_time_says_the_generation_is_not_timed(
    first: str, then: str, fragment: str
) -> None:
    _, reply = converse(first, then)
    assert reply.answer.intent == "time" and reply.query.online_rl == "GRPO", reply.text
    assert fragment in spaced(reply.text), reply.text


# A run, a card's price, then hours: the run on the priced card for those hours.
PRICE_BETWEEN: list[tuple[str, str, str, str, str]] = [
    ("lora llama 3 8b on an a100 for 5 hours", "how much is an h100 per hour?",
     "and for 10 hours?", "lora", "$23.20"),
    ("lora de llama 3 8b en una a100 durante 5 horas", "¿cuánto cuesta una h100 por hora?",
     "¿y por 10 horas?", "lora", "23,20 US$"),
    ("un lora de llama 3 8b sur une a100 pendant 5 heures", "combien coûte une h100 par heure ?",
     "et pour 10 heures ?", "lora", "23,20 $US"),
    ("can i qlora llama 3 8b on my 4090?", "how much is an h200 per hour?",
     "and for 24 hours?", "qlora", "$73.68"),
]


@pytest.mark.parametrize(("run", "price", "hours", "method", "cost"), PRICE_BETWEEN)
def test_hours_after_a_price_keep_the_run_asked_before_it(
    run: str, price: str, hours: str, method: str, cost: str
) -> None:
    first, priced, reply = converse(run, price, hours)
    assert priced.answer.intent == "prices", priced.text
    assert reply.query.model_id == first.query.model_id == "llama-3-8b", reply.text
    assert reply.query.method == method
    assert reply.query.gpu == priced.query.gpu
    said = re.search(r"\d+", hours)
    assert said is not None
    assert reply.answer.intent == "cost" and reply.query.hours == D(said.group()), reply.text
    assert "Llama 3 8B" in reply.text
    assert cost in spaced(reply.text), reply.text


def test_counts_after_a_price_still_price_the_card_and_keep_the_run() -> None:
    _, _, eight, hours = converse("lora llama 3 8b on an a100", "how much is an h100 per hour?",
                                  "and 8?", "and for 10 hours?")
    assert eight.answer.intent == "prices" and eight.query.gpu_count == 8, eight.text
    assert eight.query.model_id is None
    assert hours.query.model_id == "llama-3-8b" and hours.query.gpu_count == 8, hours.text
    assert "$185.60" in hours.text


def test_a_price_with_no_run_before_it_is_still_the_card_for_those_hours() -> None:
    _, reply = converse("how much is an h100 per hour?", "and for 10 hours?")
    assert reply.query.model_id is None and reply.query.params_b is None, reply.text
    assert "$23.20" in reply.text


def test_a_method_after_a_price_continues_the_run_before_it() -> None:
    _, _, reply = converse("lora llama 3 8b on an a100", "how much is an h100 per hour?",
                           "and with qlora?")
    assert reply.query.model_id == "llama-3-8b" and reply.query.method == "qlora", reply.text


@pytest.mark.parametrize(("first", "then", "fragment"), [
    ("qlora llama 3 8b on a 3060", "and stable diffusion?", "Stable Diffusion is an image-generation"),
    ("qlora de llama 3 8b en una 3060", "¿y whisper en una t4?", "Whisper es un modelo de reconocimiento"),
    ("qlora de llama 3 8b sur une 3060", "et stable diffusion dessus ?",
     "Stable Diffusion est un modèle de génération d'images"),
])
def test_a_model_that_is_not_an_llm_is_not_the_last_run(first: str, then: str, fragment: str) -> None:
    _, reply = converse(first, then)
    assert reply.answer.error == "not_an_llm" and reply.carried == (), reply.text
    assert fragment in reply.text
