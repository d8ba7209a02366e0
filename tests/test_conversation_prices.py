"""A price asked of what a chat just answered: "how much is that?" after a run's time is its
cost (was the price list), "how much per hour?" its configuration's price; "y por 48h?" after a
card's price; a short message whose language is unclear ("en bitcoin ?") answered in the chat's
language; the banner of a follow-up says the precisions it carries. English, Spanish, French."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from bot.pipeline import to_json
from tests.support.chat import converse

TIMED_EN = "how long to lora llama 3 8b on 20k samples of 1024 tokens on an h100"
TIMED_ES = "cuánto tarda un lora de llama 3 8b con 20k muestras de 1024 tokens en una h100"
TIMED_FR = "combien de temps pour un lora de llama 3 8b sur 20k exemples de 1024 tokens sur une h100"


def spaced(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


# The run's time, then its cost: the cost of that run (20,480,000 tokens, 36 minutes on an H100
# at micro-batch 8: $1.39 of the $23.20 block), never the price list.
THAT_COST: list[tuple[str, str, str]] = [
    (TIMED_EN, "how much is that?", "About $1.39 to fine-tune Llama 3 8B on 20,480,000 tokens"),
    (TIMED_EN, "how much?", "About $1.39"),
    (TIMED_EN, "whats the price", "About $1.39"),
    (TIMED_EN, "how much would it be", "About $1.39"),
    (TIMED_ES, "cuánto es eso?", "Unos 1,39 US$ por hacer fine-tuning de Llama 3 8B"),
    (TIMED_FR, "ça fait combien ?", "Environ 1,39 $US pour fine-tuner Llama 3 8B"),
]


@pytest.mark.parametrize(("first", "then", "fragment"), THAT_COST)
def test_how_much_is_that_after_a_time_is_the_runs_cost(first: str, then: str, fragment: str) -> None:
    before, reply = converse(first, then)
    assert reply.answer.intent == "cost" and reply.query.follow_up, reply.text
    for field in ("model_id", "method", "gpu", "dataset_tokens"):
        assert getattr(reply.query, field) == getattr(before.query, field), field
    assert fragment in spaced(reply.text), reply.text
    assert to_json(reply)["cost_usd"] == "1.39"
    assert "Whole configurations" not in reply.text and "Configurations complètes" not in reply.text


@pytest.mark.parametrize("then", ["what are your prices?", "prices", "how much are your gpus?",
                                  "¿cuáles son sus precios?"])
def test_the_price_list_asked_after_a_run_is_still_the_list(then: str) -> None:
    _, reply = converse(TIMED_EN, then)
    assert reply.answer.intent == "prices" and reply.query.gpu is None, reply.text


# Samples of an unsaid length: the run's cost at each length, leading (was the seed's
# illustrative 24 hours, $55.68, the samples ignored; then the time answer again).
@pytest.mark.parametrize(("turns", "costs"), [
    (("how long to lora llama 3 8b on 50k samples on an h100", "how much would that cost"),
     ("$1.81", "$6.94")),
    (("lora llama 3 8b on an h100", "how long for 50k samples?", "how much would that cost"),
     ("$1.81", "$6.94")),
    (("cuánto tarda un lora de llama 3 8b con 50k muestras en una h100", "¿y cuánto costaría?"),
     ("1,81 US$", "6,94 US$")),
    (("lora de llama 3 8b sur un h100", "combien de temps pour 50k exemples ?",
      "et ça coûterait combien ?"), ("1,81", "6,94")),
])
def test_the_cost_of_samples_timed_is_each_lengths_cost(
    turns: tuple[str, ...], costs: tuple[str, str]
) -> None:
    *_, reply = converse(*turns)
    assert reply.query.dataset_samples == 50_000 and reply.query.hours is None, reply.text
    assert reply.answer.intent == "cost" and "\n💵 <b>" in reply.text, reply.text
    for cost in costs:
        assert cost in spaced(reply.text), reply.text
    assert "$55.68" not in reply.text and "55,68" not in reply.text


# A run, then "how much per hour?": that configuration's price first (the run kept for "and
# for 10 hours?"); on a card we do not rent, said so with the cheapest offered one that holds it.
@pytest.mark.parametrize(("run", "then", "lead"), [
    ("lora llama 3 70b on 8x h100", "how much per hour?", "💵 <b>8× H100 costs $18.56/hour.</b>"),
    ("lora de llama 3 70b en 8x h100", "¿cuánto por hora?",
     "💵 <b>Precio de 8× H100: 18,56 US$/hora.</b>"),
    ("lora de llama 3 70b sur 8x h100", "combien par heure ?",
     "💵 <b>Prix de 8× H100 : 18,56 $US/heure.</b>"),
])
def test_how_much_per_hour_after_a_run_leads_with_its_configurations_price(
    run: str, then: str, lead: str
) -> None:
    _, reply, hours = converse(run, then, "and for 10 hours?")
    assert reply.answer.intent == "prices" and reply.query.gpu_count == 8, reply.text
    assert lead in spaced(reply.text), reply.text
    assert hours.query.model_id == "llama-3-70b" and hours.query.gpu_count == 8, hours.text
    assert hours.answer.intent == "cost" and "185" in hours.text


@pytest.mark.parametrize(("run", "then", "fragment"), [
    ("qlora llama 3 8b on 2x 3090", "how much per hour?",
     "We don't rent the RTX 3090: this is the cost on 1× L40S, the cheapest offered configuration"),
    ("qlora de llama 3 8b en 2x 3090", "¿cuánto por hora?", "No alquilamos la RTX 3090"),
])
def test_how_much_per_hour_on_a_card_not_rented_says_so_and_prices_the_cheapest(
    run: str, then: str, fragment: str
) -> None:
    _, reply = converse(run, then)
    assert reply.answer.intent == "cost" and reply.query.model_id == "llama-3-8b", reply.text
    assert fragment in spaced(reply.text) and "0.82" in reply.text.replace(",", "."), reply.text
    assert "Whole configurations" not in reply.text


# A card's price asked in Spanish or French (answered "for how many hours?"), then the hours.
@pytest.mark.parametrize(("price", "hours", "cost"), [
    ("cuanto cuesta una h100", "y por 48h?", "111,36 US$"),
    ("cuanto cuesta una h100", "¿y por 48 horas?", "111,36 US$"),
    ("combien coûte une h100", "et pour 48 heures ?", "111,36 $US"),
    ("combien coûte une h100", "et pour 48h ?", "111,36 $US"),
    ("how much is an h100", "and for 48h?", "$111.36"),
])
def test_hours_after_a_cards_price_are_that_card_for_those_hours(
    price: str, hours: str, cost: str
) -> None:
    _, reply = converse(price, hours)
    assert reply.answer.intent == "cost" and reply.query.gpu == "h100", reply.text
    assert reply.query.hours == D(48) and cost in spaced(reply.text), reply.text


@pytest.mark.parametrize(("price", "count", "rate"), [
    ("cuanto cuesta una h100", "y 8?", "18,56 US$/hora"),
    ("combien coûte une h100", "et 8 ?", "18,56 $US/heure"),
])
def test_a_count_after_a_cards_price_is_that_many(price: str, count: str, rate: str) -> None:
    _, reply = converse(price, count)
    assert reply.query.gpu == "h100" and reply.query.gpu_count == 8, reply.text
    assert rate in spaced(reply.text), reply.text


# A short message that could be any language's keeps the chat's.
@pytest.mark.parametrize(("first", "then", "locale", "fragment"), [
    ("combien coûte une h100", "en bitcoin ?", "fr", "Payer en crypto"),
    ("cuanto cuesta una h100", "en usdt?", "es", "Pagar con cripto"),
    ("¿puedo hacer qlora de llama 3 8b en una 4090?", "en usdt?", "es", "Pagar con cripto"),
    ("how much is an h100", "en usdt?", "en", "Paying in crypto"),
])
def test_a_short_message_of_no_clear_language_keeps_the_chats(
    first: str, then: str, locale: str, fragment: str
) -> None:
    _, reply = converse(first, then)
    assert reply.locale == locale and fragment in reply.text, reply.text


def test_a_language_chosen_still_wins_over_the_chats() -> None:
    _, reply = converse("combien coûte une h100", "en bitcoin ?", locale="es")
    assert reply.locale == "es", reply.text


def test_a_clear_language_switches_the_chat() -> None:
    _, reply = converse("combien coûte une h100", "how much is an a100 per hour?")
    assert reply.locale == "en", reply.text


# A serving question with no precision named answers every precision: a follow-up's banner says
# "inference", not the BF16 the question holds for them.
@pytest.mark.parametrize(("first", "then", "banner"), [
    ("can i run deepseek r1 distill 32b on a mac m2 max 64gb", "and the 70b?",
     "↪️ <i>Inference on 1× Apple M2 Max, from your last question."),  # (+ conv21's model line)
    ("puedo correr llama 3 8b en una 4090?", "¿y en una 3060?",
     "↪️ <i>Inferencia de Llama 3 8B, de tu pregunta anterior.</i>"),
    ("est-ce que je peux faire tourner llama 3 8b sur une 4090 ?", "et sur une 3060 ?",
     "↪️ <i>Inférence de Llama 3 8B, d'après votre question précédente.</i>"),
])
def test_the_banner_says_every_precision_is_carried(first: str, then: str, banner: str) -> None:
    _, reply = converse(first, then)
    assert not reply.query.serving_precision_said and banner in reply.text, reply.text
    assert "BF16" not in reply.text.split("\n")[0]


def test_the_banner_names_a_precision_said() -> None:
    _, reply = converse("serve llama 3 8b in 4bit on a 4090", "and on a 3060?")
    assert "4-bit inference of Llama 3 8B" in reply.text.split("\n")[0], reply.text


# A run on the card the user owns that we rent with no published price (a 4090), then "what
# would it cost on your gpus": the run where we rent it for least, its cost leading (was "We
# rent the RTX 4090, but its price is not published" over the fit, no cost).
@pytest.mark.parametrize("turns", [
    ("how long to qlora llama 3 8b on 30M tokens on my 4090", "what would it cost on your gpus"),
    ("combien de temps pour qlora llama 3 8b sur 30M tokens sur ma 4090",
     "et ça coûterait combien chez vous ?"),
])
def test_the_cost_of_a_run_timed_on_an_unpriced_rented_card(turns: tuple[str, str]) -> None:
    _, reply = converse(*turns)
    assert reply.answer.intent == "cost" and reply.query.gpu == "rtx-4090", reply.text
    lead = reply.text.split("\n")[1]
    assert lead.startswith("💵 <b>") and "L40S" in lead, reply.text


# "what if i only need it 8 hours a day" after a week or a month priced: those hours on each
# day of that span (was 8 hours in all).
@pytest.mark.parametrize(("turns", "hours"), [
    (("whats the cheapest way to run llama 3 70b", "and for a month?",
      "what if i only need it 8 hours a day"), 240),
    (("how much for an h100 for a week", "and 8 hours a day?"), 56),
    (("cuanto cuesta una h100 un mes", "y si solo la uso 6 horas al dia?"), 180),
    (("combien coûte un h100 pendant un mois",
      "et si je l'utilise 8 h par jour, 5 jours par semaine ?"), 168),
    (("how much for an h100 for 10 hours", "and 8 hours a day?"), 8),
])
def test_hours_a_day_after_a_span_priced(turns: tuple[str, ...], hours: int) -> None:
    *_, reply = converse(*turns)
    assert reply.answer.intent == "cost" and reply.query.hours == hours, reply.text
