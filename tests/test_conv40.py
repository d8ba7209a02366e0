"""conv40: follow-ups people really send after a reply (one-word, typos, en/es/fr), each
asserted on what it keeps from the chat and what it answers."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.console import Console, to_plain
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
    # (the run's figures are the estimator's: the time section below gives the same)
    says(reply.text, [
        "💵 <b>Your own RTX 3090 costs no rent, only its electricity, for which I have no cited "
        "price, so I do not weigh it. Rented here, the run costs $", " on 1× L40S (about ",
        " at $0.82/hour), and the least you buy is $8.20 of GPU-hours.</b>",
        "⚖️", "🧾 This run uses $"], ["kWh", "electricity costs $"])


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


@pytest.mark.parametrize(("lang", "run", "asked", "head"), [
    ("en", "full finetune llama 3 8b on a 4090 50k samples of 1k tokens how long", "too slow",
     "⚡ <b>Faster than 4× A100 80GB for this run"),
    ("es", "full finetune de llama 3 8b en una 4090, 50k ejemplos de 1k tokens, cuanto tarda",
     "demasiado lento", "antes que en 4× A100 80GB"),
    ("en", "full finetune llama 3 8b on a 4090 50k samples how long", "too slow",
     "⚡ <b>Faster than 4× A100 80GB for this run, by this estimate, at 512 to 2,048 tokens"),
])
def test_too_slow_after_a_run_the_card_cannot_hold_offers_faster_than_where_it_was_timed(
        lang: str, run: str, asked: str, head: str) -> None:
    # was the same reply again: the 4090 cannot hold it, the run was timed on 4× A100 80GB,
    # and nothing faster was offered
    _, reply = converse(run, asked, locale=lang)
    assert reply.query.faster_asked, reply.text
    says(reply.text, ["❌", head, "8× H100"], [])


@pytest.mark.parametrize(("lang", "first", "then", "line"), [
    ("es", "avísame si la H100 baja de 2 $", "y la a100 también",
     "🔔 Alerta: cuando la A100 80GB baje de 0,79\u00a0US$ por hora (ahora 0,92\u00a0US$/hora)."),
    ("en", "alert me if the h100 drops below 2", "and the a100 too",
     "🔔 Alert: when the A100 80GB drops below $0.79 per hour (now $0.92/hour)."),
    ("fr", "préviens-moi si la h100 passe sous 2 $", "et la a100 aussi",
     "🔔 Alerte\u00a0: quand l'A100 80GB passe sous 0,79\u00a0$US de l'heure"),
])
def test_too_after_an_alert_the_card_is_already_past_keeps_the_distance_from_its_price(
        lang: str, first: str, then: str, line: str) -> None:
    # was the $2 copied: "the price is already below $2", an alert that waits for the A100
    # to rise above $2 first. $2 is 86.2 % of the H100's $2.32: 0.862 × $0.92 = $0.79
    _, reply = converse(first, then, locale=lang)
    q = reply.query
    assert (q.intent, q.gpu, q.threshold_usd, q.direction) == (
        "alert", "a100-80gb", Decimal("0.79"), "below"), reply.text
    assert q.threshold_scaled_from == ("h100", Decimal(2)), reply.text
    says(reply.text, [line, "ℹ️"], ["2\u00a0US$ por hora", "$2 per hour"])


def test_too_after_a_rise_alert_scales_up_and_a_card_not_past_copies() -> None:
    _, up = converse("alert me if the a100 goes above 1", "and the h100 too", locale="en")
    assert (up.query.threshold_usd, up.query.direction) == (Decimal("2.52"), "above"), up.text
    says(up.text, ["The H100 already costs more than $1, so I set it at $2.52: 9% above its "
                   "price, as your $1 is above the A100 80GB's $0.92."], [])
    # the H200 ($3.07) is not below $2 yet: the $2 copied, as before
    _, copied = converse("alert me if the h100 drops below 2", "and the h200 too", locale="en")
    assert (copied.query.threshold_usd, copied.query.threshold_scaled_from) == (
        Decimal(2), None), copied.text


def test_the_scaled_threshold_is_changed_by_a_figure_after_it() -> None:
    *_, changed = converse("alert me if the h100 drops below 2", "and the a100 too",
                           "make it 0.85", locale="en")
    says(changed.text, ["drops below $0.85 per hour",
                        "It takes the place of the alert at $0.79 you just set."], [])


async def test_the_scaled_alert_is_the_one_stored(console: Console) -> None:
    await console.answer("alert me if the h100 drops below 2")
    said = to_plain(await console.answer("and the a100 too"))
    assert "drops below $0.79" in said, said
    listed = to_plain(await console.answer("/alerts"))
    assert "0.79" in listed and listed.count("A100") == 1, listed


@pytest.mark.parametrize(("lang", "asked", "listed", "timed"), [
    ("en", "qlora llama3 8b on my 3060 w/ 5k rows ~800tok each, how long n how much on 2x a100 "
     "of yours",
     "ℹ️ We don't list 2× A100 80GB as a configuration; the A100 80GB comes as 1× A100 80GB "
     "($0.92/hour) and 4× A100 80GB ($3.68/hour).",
     "⏱ Rented here on 1× A100 80GB: about"),
    ("en", "qlora llama3 8b on my 3060 w/ 5k rows ~800tok each, how long n how much on 3 h100s",
     "ℹ️ We don't list 3× H100 as a configuration; the H100 comes as 1× H100 ($2.32/hour) and "
     "8× H100 ($18.56/hour).", "⏱ Rented here on 1× H100:"),
    ("es", "qlora de llama3 8b en mi 3060 con 5k ejemplos de 800 tokens, cuanto tarda y cuanto "
     "sale en 2 a100 de ustedes", "ℹ️ No ofrecemos 2× A100 80GB como configuración",
     "en 1× A100 80GB"),
])
def test_a_rented_count_not_listed_is_said_and_timed_on_the_nearest_listed(
        lang: str, asked: str, listed: str, timed: str) -> None:
    # was "Rented here instead, where this run costs least: … on 1× L40S", the 2× A100 named
    # dropped unsaid
    (reply,) = converse(asked, locale=lang)
    says(reply.text, [listed, timed], ["where this run costs least", "L40S"])


def test_a_rented_count_listed_is_timed_there_with_no_such_line() -> None:
    (reply,) = converse("qlora llama3 8b on my 3060 w/ 5k rows ~800tok each, how long n how "
                        "much on 4x a100 of yours", locale="en")
    says(reply.text, ["⏱ Rented here on 4× A100 80GB:"], ["We don't list"])


RUN_4090 = "qlora llama 3 8b on a 4090 how long for 20k samples of 512 tokens"


@pytest.mark.parametrize("asked", ["and 4bit?", "and in 4 bit?", "q4?"])
def test_four_bits_after_a_qlora_run_is_that_qlora_run(asked: str) -> None:
    # was serving the model in 4 bits ("Serving Llama 3 8B (4-bit inference) lasts as long as
    # you keep it running"), the training dropped: QLoRA's base is 4-bit already
    _, reply = converse(RUN_4090, asked, locale="en")
    q = reply.query
    assert (reply.answer.intent, q.method, q.inference, q.dataset_tokens) == (
        "time", "qlora", False, 10_240_000), reply.text
    says(reply.text, ["QLoRA of Llama 3 8B: about"], ["inference"])


@pytest.mark.parametrize(("lang", "run", "epochs", "asked"), [
    ("en", RUN_4090, ", 3 epochs", "per epoch?"),
    ("en", RUN_4090, ", 3 epochs", "how long per epoch"),
    ("es", "qlora de llama 3 8b en una l40s, 10k ejemplos de 512 tokens{}, cuanto sale",
     ", 3 épocas", "¿cuánto por época?"),
    ("fr", "lora llama 3 8b sur une a100 avec 50k exemples de 512 tokens{}, combien de temps",
     ", 2 epochs", "et par époque ?"),
])
def test_per_epoch_after_a_run_timed_is_one_epoch_of_it(
        lang: str, run: str, epochs: str, asked: str) -> None:
    # was "I did not understand that"; the figure is the same run's asked with one epoch
    run = run + "{}" if "{}" not in run else run
    before, reply = converse(run.format(epochs), asked, locale=lang)
    (one,) = converse(run.format(""), locale=lang)
    assert (before.query.epochs or 1) > 1 and reply.query.epochs == 1, reply.text
    assert reply.answer.intent == before.answer.intent == one.answer.intent, reply.text
    head = one.text.split("\n")[0]
    says(reply.text, [head.split(" — ")[0]], [])


def test_unsloth_after_a_time_says_its_speed_up_is_not_in_the_time() -> None:
    # was the same 2.69 hours with no word on Unsloth, as if it had been weighed
    _, reply = converse(RUN_4090, "what if i use unsloth", locale="en")
    assert reply.query.kernels == "unsloth", reply.text
    says(reply.text, ["QLoRA of Llama 3 8B: about", "Unsloth's own speed-up is not in this time"],
         [])


@pytest.mark.parametrize(("asked", "model", "count"), [
    ("what abt 8b", "llama-3-8b", None), ("how abt 2 gpus", "llama-3-70b", 2),
])
def test_what_abt_is_what_about(asked: str, model: str, count: int | None) -> None:
    # "what abt 8b" was a question of its own ("Memory for an 8B model"), the run dropped
    _, reply = converse("how long to qlora llama 3 70b on an a100 w 10k samples of 1k tok", asked,
                        locale="en")
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.method, q.gpu, q.gpu_count, q.dataset_tokens) == (
        "time", model, "qlora", "a100-80gb", count, 10_000_000), reply.text


@pytest.mark.parametrize(("lang", "run", "asked"), [
    ("en", "qlora llama 3 8b on my 4090 how long for 10k samples of 512 tokens", "and if i rent?"),
    ("es", "qlora de llama 3 8b en mi 4090, 10k ejemplos de 512 tokens, cuanto tarda",
     "¿y si lo alquilo?"),
    ("fr", "qlora llama 3 8b sur ma 4090, 10k exemples de 512 tokens, combien de temps",
     "et si je loue ?"),
])
def test_renting_after_a_run_on_my_card_we_also_rent_is_that_run_rented(
        lang: str, run: str, asked: str) -> None:
    # "my 4090" (a card we rent at an unpublished price): was the price list ("et si je
    # loue ?" was "I did not understand")
    _, reply = converse(run, asked, locale=lang)
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.method, q.dataset_tokens, q.off_own_card) == (
        "time", "llama-3-8b", "qlora", 5_120_000, True), reply.text
    says(reply.text, ["1× L40S"], [])


@pytest.mark.parametrize(("lang", "run", "asked", "head"), [
    ("en", "lora llama 3 8b on an a100 for 50k samples of 1k tokens how much", "and with my 3090?",
     "LoRA of Llama 3 8B: about"),
    ("es", "qlora de llama 3 8b en una l40s, 10k ejemplos de 512 tokens, cuanto sale",
     "¿y en mi 3090?", "horas en 1× RTX 3090"),
])
def test_my_card_after_a_runs_cost_is_the_runs_time_there(
        lang: str, run: str, asked: str, head: str) -> None:
    # was the run's cost where it is rented for least (1× L40S), the 3090 dropped unsaid
    _, reply = converse(run, asked, locale=lang)
    assert (reply.answer.intent, reply.query.gpu) == ("time", "rtx-3090"), reply.text
    says(reply.text, [head], ["where what you pay"])


def test_unsloth_after_a_cost_says_its_speed_up_is_not_in_it() -> None:
    _, reply = converse("ça coûte combien d'entraîner mistral 7b en qlora sur une a100 avec 20k "
                        "exemples de 1k tokens", "et avec unsloth ?", locale="fr")
    assert (reply.answer.intent, reply.query.kernels) == ("cost", "unsloth"), reply.text
    says(reply.text, ["Environ ", "L'accélération propre à Unsloth n'est pas dans ce temps"], [])
