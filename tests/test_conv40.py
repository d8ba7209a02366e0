"""conv40: follow-ups people really send after a reply (one-word, typos, en/es/fr), each
asserted on what it keeps from the chat and what it answers."""

from __future__ import annotations

import pytest

from tests.support.chat import converse, says

FIT_A100 = "can i qlora llama 3 70b on an a100"


@pytest.mark.parametrize(("lang", "asked"), [
    ("en", "2?"), ("en", "what about 2"), ("en", "and 2?"), ("en", "how about 2"),
    ("en", "what if 2"), ("en", "2 then?"), ("es", "¿y 2?"), ("es", "que tal 2?"),
    ("fr", "et 2 ?"), ("fr", "et si 2 ?"),
])
def test_a_number_after_a_fit_on_one_card_is_that_many_cards_however_said(
        lang: str, asked: str) -> None:
    # "2?" was 2 GPUs while "what about 2", "and 2?" were asked back ("2 of what?")
    run = {"en": FIT_A100, "es": "puedo hacer qlora de llama 3 70b en una a100",
           "fr": "je peux faire un qlora de llama 3 70b sur une a100"}[lang]
    _, reply = converse(run, asked, locale=lang)
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.method, q.gpu, q.gpu_count, q.count_unclear) == (
        "fit", "llama-3-70b", "qlora", "a100-80gb", 2, None), reply.text
    assert reply.text.startswith("↪️"), reply.text


def test_a_count_word_alone_after_a_fit_is_cards_with_no_size_note() -> None:
    # "two?" was "I did not understand"
    _, reply = converse(FIT_A100, "two?", locale="en")
    assert (reply.query.gpu, reply.query.gpu_count) == ("a100-80gb", 2), reply.text
    says(reply.text, ["Yes: Llama 3 70B fits on 2× A100 80GB (QLoRA)."], ["read as 2 GPUs"])


@pytest.mark.parametrize("asked", ["8?", "what about 8", "and 8?"])
def test_a_size_of_the_brand_is_asked_back_however_said(asked: str) -> None:
    # Llama 3 8B exists: 8 cards or that model, asked back both ways
    _, reply = converse(FIT_A100, asked, locale="en")
    assert reply.query.count_unclear == 8, reply.text
    assert reply.text.startswith("❓ <b>8 of what?</b>"), reply.text


@pytest.mark.parametrize("asked", ["2?", "what about 2"])
def test_a_number_after_a_time_asked_back_either_way(asked: str) -> None:
    # the time's reply asked how long a sample is: the number may answer it, asked back
    _, reply = converse("lora llama 3 8b on a 4090 how long for 10k samples", asked,
                        locale="en")
    assert reply.query.count_unclear == 2, reply.text


OWN_OR_RENTED = "should i use my 3090 or rent an l40s for qlora llama 3 8b on 10k samples of 512 tokens"


def test_which_is_cheaper_after_own_card_and_rented_weighs_the_runs_cost() -> None:
    # was the two cards' memory again, the cost unanswered
    _, reply = converse(OWN_OR_RENTED, "which is cheaper?", locale="en")
    assert (reply.answer.intent, reply.query.gpu, reply.query.other_gpus) == (
        "compare", "rtx-3090", ("l40s",)), reply.text
    says(reply.text, [
        "💵 <b>Your own RTX 3090 costs no rent, only its electricity, for which I have no cited "
        "price, so I do not weigh it. Rented here, the run costs $0.60 on 1× L40S (about 44 "
        "minutes at $0.82/hour), and the least you buy is $8.20 of GPU-hours.</b>",
        "⚖️"], ["kWh", "electricity costs $"])


@pytest.mark.parametrize(("lang", "run", "asked", "lead"), [
    ("en", "qlora llama 3 8b on my 3090 with 10k samples, or rent an l40s from you?",
     "which is cheaper?",
     "Rented here, 1× L40S costs $0.82/hour; tell me how long one of your 10,000 samples is"),
    ("es", "qlora de llama 3 8b en mi 3090 con 10k ejemplos, o alquilo una l40s?",
     "¿cuál sale más barato?", "Tu propia RTX 3090 no paga alquiler"),
    ("fr", "qlora de llama 3 8b sur ma 3090 avec 10k exemples, ou je loue une l40s ?",
     "lequel revient moins cher ?", "Votre propre RTX 3090 ne paie pas de location"),
])
def test_which_is_cheaper_with_no_run_timed_gives_the_rented_price_and_asks_the_data(
        lang: str, run: str, asked: str, lead: str) -> None:
    _, reply = converse(run, asked, locale=lang)
    assert reply.query.cheaper_asked and reply.locale == lang, reply.text
    says(reply.text, ["💵 <b>", lead], [])


def test_my_rented_model_card_against_yours_is_mine_not_an_unpublished_price() -> None:
    # "my 4090": the 4090 is a card we rent at an unpublished price, but this one is theirs
    first, reply = converse("my 4090 vs your h100 for lora llama 3 8b", "which is cheaper?",
                            locale="en")
    assert first.query.card_owned, first.text
    says(reply.text, ["💵 <b>Your own RTX 4090 costs no rent", "1× H100 costs $2.32/hour"],
         ["ask support"])
