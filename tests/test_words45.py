"""Phrasing and wording (words45): a band of hourly prices stays a band with a model named,
and no card above its top is listed as fitting; a band of sums ("between $20 and $30", "entre
20 y 30 dólares") read as a budget band; a bare "?", "unsloth vs axolotl?" and "h100 or a100?"
answered with what can be told and the one question that decides; a price per hour said alone
("$2.5/hr", "under 3 bucks an hour", "2,50 €/h", "menos de 2 pavos la hora")."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue

PIPELINE = Pipeline(load_catalogue())
CAT = load_catalogue()


def _ask(text: str, locale: str | None = None) -> dict[str, object]:
    return to_json(PIPELINE.ask(text, chosen_locale=locale))


def _listed_prices(line: str) -> list[Decimal]:
    """The hourly prices named in a line ("$3.07/hour", "3,07 US$/hora", "3,07 $US/heure")."""
    found = re.findall(r"(\d+)[.,](\d\d)(?:\xa0| )?(?:US\$|\$US)?/(?:hour|hora|heure)|\$(\d+)\.(\d\d)/hour",
                       line)
    return [Decimal(f"{a or c}.{b or d}") for a, b, c, d in found]


# ------------------------------------ 1. a band of hourly prices with a method or model named
@pytest.mark.parametrize(("text", "locale", "band", "in_band"), [
    ("what can i rent for $2-$3/hr to lora a 13b", "en",
     "Between $2.00/hour and $3.00/hour: 1× H100 ($2.32/hour).", "1× H100"),
    ("wat can i get for 2-3 bucks/hr to qlora llama 70b", "en",
     "Between $2.00/hour and $3.00/hour: 1× H100", "1× H100"),
    ("qué puedo alquilar por entre 2 y 3 dólares la hora para un lora de 13b", "es",
     "Entre 2,00\xa0US$/hora y 3,00\xa0US$/hora: 1× H100", "1× H100"),
    ("que puis-je louer pour 2 à 3 $ de l'heure pour un lora de 13b", "fr",
     "Entre 2,00\xa0$US/heure et 3,00\xa0$US/heure\xa0: 1× H100", "1× H100"),
])
def test_a_band_stays_a_band_with_a_model_named(text: str, locale: str, band: str,
                                                in_band: str) -> None:
    got = _ask(text, locale)
    assert got["intent"] == "recommend", got
    reply = str(got["text"])
    assert band in reply, reply
    # the H200 ($3.07) is above the band's top: never listed as fitting it
    assert "H200" not in reply, reply
    assert "Within your limit" not in reply


@pytest.mark.parametrize(("text", "ceiling"), [
    ("best gpu under 3 bucks an hour for qlora 70b", Decimal(3)),
    ("what can i rent for $2-$3/hr to lora a 13b", Decimal(3)),
    ("cheapest gpu for lora llama 3 8b under $2.5/hr", Decimal("2.5")),
])
def test_no_card_above_the_ceiling_is_listed_as_fitting(text: str, ceiling: Decimal) -> None:
    reply = str(_ask(text, "en")["text"])
    also = [line for line in reply.splitlines() if "Also fits" in line or "Between" in line]
    for line in also:
        assert all(p <= ceiling for p in _listed_prices(line)), line


def test_a_band_nothing_holding_it_costs_says_the_cheapest_costs_less() -> None:
    reply = str(_ask("what can i rent for $1-$2/hr to qlora 70b", "en")["text"])
    assert "None that holds it costs between $1.00/hour and $2.00/hour: the cheapest costs " \
           "less." in reply
    assert "1× A100 80GB at $0.92/hour" in reply


# ---------------------------------------------------------------- 2. a band of sums, a budget
@pytest.mark.parametrize(("text", "locale", "said"), [
    ("i have a budget between $20 and $30 for a qlora of mistral 7b", "en",
     "Your budget is $20 to $30: I reckon with the top, $30."),
    ("budget from $20 to $30, how many h100 hours", "en", "Your budget is $20 to $30"),
    ("i got $20-$30, how many h100 hours", "en", "Your budget is $20 to $30"),
    ("tengo entre 20 y 30 dólares para un qlora de mistral 7b", "es",
     "Tu presupuesto va de 20\xa0US$ a 30\xa0US$: calculo con el máximo, 30\xa0US$."),
    ("presupuesto de 20 a 30 dolares, cuantas horas de h100", "es", "Tu presupuesto va de 20"),
    ("j'ai un budget entre 20 et 30 $ pour un qlora de mistral 7b", "fr",
     "Votre budget va de 20\xa0$US à 30\xa0$US\xa0: je compte avec le haut de la fourchette"),
])
def test_a_band_of_sums_is_a_budget_band(text: str, locale: str, said: str) -> None:
    got = _ask(text, locale)
    assert got["intent"] == "cost", got
    reply = str(got["text"])
    assert said in reply, reply
    assert "$20 " not in reply.replace("$20 to", "")  # the top is reckoned with, not $20


@pytest.mark.parametrize("text", [
    "i spent $20 and $30 on two runs, how much for a third on an h100 for 10 hours",
    "what can i rent for $2-$3/hr",
])
def test_not_a_band_of_sums(text: str) -> None:
    assert "Your budget is" not in str(_ask(text, "en")["text"])


# ------------------------------------------------------- 3. bare questions answered usefully
@pytest.mark.parametrize(("text", "locale", "said"), [
    ("?", "en", "What would you like to know?"),
    ("??", "en", "What would you like to know?"),
    ("¿?", "es", "¿Qué quieres saber?"),
    ("?", "fr", "Que voulez-vous savoir\u202f?"),
    ("unsloth vs axolotl?", "en", "Unsloth or Axolotl: by memory"),
    ("axolotl or unsloth", "en", "unsloth or axolotl for qlora llama 3 8b"),
    ("unsloth o axolotl?", "es", "¿Qué modelo y qué método?"),
    ("unsloth ou axolotl ?", "fr", "Quel modèle, et quelle méthode\u202f?"),
])
def test_bare_questions_ask_the_one_thing_missing(text: str, locale: str, said: str) -> None:
    reply = str(_ask(text, locale)["text"])
    assert said in reply, reply
    assert "did not understand" not in reply and "No te he entendido" not in reply \
        and "Je n'ai pas compris" not in reply


@pytest.mark.parametrize(("text", "locale", "said"), [
    ("h100 or a100?", "en", "<code>H100 vs A100 80GB for QLoRA 70B</code>"),
    ("l40s vs a100", "en", "which model, and QLoRA, LoRA, full fine-tuning or serving?"),
    ("h100 o a100?", "es", "<code>H100 vs A100 80GB para QLoRA de 70B</code>"),
    ("h100 ou a100 ?", "fr", "<code>H100 vs A100 80GB pour un QLoRA 70B</code>"),
])
def test_two_cards_bare_ask_for_the_run(text: str, locale: str, said: str) -> None:
    got = _ask(text, locale)
    assert got["intent"] == "compare"
    assert said in str(got["text"]), got["text"]


def test_two_cards_with_a_model_do_not_ask() -> None:
    assert "For your run" not in str(_ask("h100 vs a100 for qlora 70b", "en")["text"])


# ------------------------------------------------------------- 4. a price per hour said alone
@pytest.mark.parametrize(("text", "locale", "limit"), [
    ("$2.5/hr", "en", Decimal("2.5")),
    ("under 3 bucks an hour", "en", Decimal(3)),
    ("$2.50 an hour?", "en", Decimal("2.5")),
    ("2,50 $/h", "es", Decimal("2.5")),
    ("menos de 2 dolares la hora", "es", Decimal(2)),
    ("moins de 2 dollars de l'heure", "fr", Decimal(2)),
])
def test_a_price_per_hour_alone_is_a_ceiling(text: str, locale: str, limit: Decimal) -> None:
    result = PIPELINE.ask(text, chosen_locale=locale)
    got = to_json(result)
    assert got["intent"] == "recommend", got
    assert result.query.max_rate_usd == limit  # type: ignore[attr-defined]


@pytest.mark.parametrize(("text", "locale", "said"), [
    ("2,50 €/h", "es", "dime el precio por hora en dólares"),
    ("menos de 2 pavos la hora", "es", "<code>mejor GPU por menos de 2\xa0US$/hora</code>"),
    ("moins de 2 balles de l'heure", "fr", "donnez-moi le prix de l'heure en dollars"),
    ("2,50 €/h", "fr", "<code>meilleur GPU à moins de 2\xa0$US/heure</code>"),
    ("€2.50/h", "en", "give me the price per hour in dollars"),
])
def test_a_price_per_hour_in_euros_is_asked_in_dollars(text: str, locale: str, said: str) -> None:
    got = _ask(text, locale)
    assert got["error"] == "budget_not_usd", got
    assert said in str(got["text"]), got["text"]


# -------------------------------------------------- 5. read from ~80 questions as people write
@pytest.mark.parametrize(("text", "budget"), [
    ("i have 2 grand, how many h100 hours", Decimal(2000)),  # was $2,000,000
    ("i got 2 grand, how many h100 hours", Decimal(2000)),
    ("budget is 2 grand, how many h100 hours", Decimal(2000)),
    ("two grand on a100s, how many hours", Decimal(2000)),
])
def test_grand_is_a_thousand(text: str, budget: Decimal) -> None:
    assert PIPELINE.ask(text, chosen_locale="en").query.budget_usd == budget  # type: ignore[attr-defined]


@pytest.mark.parametrize(("text", "locale"), [
    ("i have 2 grand, what's the biggest model i can full finetune", "en"),
    ("i have 2k, biggest model i can lora?", "en"),
    ("tengo 2 mil, cual es el modelo mas grande que puedo entrenar con lora", "es"),
])
def test_a_bare_sum_with_the_largest_model_asked_is_a_budget(text: str, locale: str) -> None:
    result = PIPELINE.ask(text, chosen_locale=locale)
    assert result.query.budget_usd == Decimal(2000)  # type: ignore[attr-defined]
    assert result.query.largest  # type: ignore[attr-defined]
    assert "8× B200" in str(to_json(result)["text"])


@pytest.mark.parametrize(("text", "locale"), [
    ("cuánto cuesta servir llama 3 70b en fp8 un mes en h100", "es"),  # was "how many hours?"
    ("servir llama 3 8b en fp16 un mes en una l40s, cuanto sale", "es"),
    ("combien coûte servir llama 3 8b en fp16 un mois sur une l40s", "fr"),
    ("cost to serve llama 3 70b int4 a month on 2 l40s", "en"),
])
def test_a_month_after_a_precision_is_a_duration(text: str, locale: str) -> None:
    got = _ask(text, locale)
    assert got["intent"] == "cost" and got["error"] is None, got
    assert got["hours"] == 720


@pytest.mark.parametrize(("text", "locale", "threshold", "said"), [
    # was "the H100 below $15", already crossed
    ("lemme know when 8x h100 gets under 15/hr", "en", "1.875",
     "$15 an hour for 8× H100 is $1.875 per GPU"),
    ("alert me when 2x h200 goes above 7 bucks an hour", "en", "3.50",
     "$7 an hour for 2× H200 is $3.50 per GPU"),
    ("avísame cuando 8 h100 bajen de 15 dólares la hora", "es", "1.875",
     "15\xa0US$ la hora por 8× H100 son 1,875\xa0US$ por GPU"),
    ("préviens-moi quand 8 h100 passent sous 15 $ de l'heure", "fr", "1.875",
     "c'est 1,875\xa0$US par GPU"),
])
def test_an_alert_on_a_configuration_is_per_gpu(text: str, locale: str, threshold: str,
                                                 said: str) -> None:
    got = _ask(text, locale)
    assert got["intent"] == "alert" and got["threshold_usd"] == threshold, got
    assert said in str(got["text"]), got["text"]


@pytest.mark.parametrize("text", ["alert when 8xh100 under 2", "alert me if h100 drops below 2"])
def test_an_alert_near_one_gpu_price_stays_per_gpu(text: str) -> None:
    got = _ask(text, "en")
    assert got["threshold_usd"] == "2.00" and "per GPU:" not in str(got["text"]), got


def test_the_chat_confirmation_says_the_threshold_per_gpu() -> None:
    from bot.alerts.messages import AlertRenderer
    from bot.alerts.model import AlertSpec
    text = AlertRenderer(CAT).subscribed(
        "en", AlertSpec("h100", "below", Decimal("1.875")), created=True,
        current=Decimal("2.32"), armed=True, config=(8, Decimal(15)))
    assert "$15 an hour for 8× H100 is $1.875 per GPU" in text


@pytest.mark.parametrize(("text", "locale", "count"), [
    ("what does 24/7 h100 cost for a month", "en", 1),  # was 24 H100s, "1 to 8 GPUs"
    ("24/7 h100 for a month", "en", 1),
    ("24/7 2x h100 cost per month", "en", 2),
    ("cuanto sale tener 24/7 una h100 un mes", "es", 1),
])
def test_around_the_clock_is_no_count(text: str, locale: str, count: int) -> None:
    got = _ask(text, locale)
    assert got["intent"] == "cost" and got["error"] is None, got
    assert got["gpu_count"] == count and got["hours"] == 720, got


@pytest.mark.parametrize(("text", "tokens"), [
    ("1.5e9toks lora llama 3 8b on h100 how long", 1_500_000_000),  # was "how many tokens?"
    ("lora llama 3 8b on h100 with 2e9tokens, time?", 2_000_000_000),
])
def test_a_power_glued_to_tokens(text: str, tokens: int) -> None:
    got = _ask(text, "en")
    assert got["intent"] == "time", got
    assert PIPELINE.ask(text, chosen_locale="en").query.dataset_tokens == tokens  # type: ignore[attr-defined]
