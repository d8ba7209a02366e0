"""words42 (session 42): Spanish and French as people write them (Spain and Latin America;
France, Québec, Belgium and Switzerland), a budget with no model first.

"¿qué me alcanza para entrenar?" is what the budget buys (was whether it covers the seed's
example run of 10 GPU-hours). A way of paying said as what one will do ("quiero pagar con
cripto, tengo 100 usdt, ¿qué me alcanza…?", "je veux payer en bitcoin, j'ai 100 usdt, je peux
entraîner quoi avec ?", "i wanna pay in crypto, …") is no payment asked: the budget's answer
leads, the payment follows (was the payment alone). A coin's amount is said as written
("0,001 BTC", was "0 BTC").
"""

from __future__ import annotations

import pytest

from tests.support.chat import ask, says

# (lang, question): what a crypto budget buys, said with the way one will pay.
BUDGET_WITH_PAYMENT: list[tuple[str, str, str, str]] = [
    ("es", "quiero pagar con cripto, tengo 100 usdt, que me alcanza para entrenar?",
     "💵 <b>Con 100\u00a0US$ tienes 120 horas de 1× L40S", "🪙 <b>Pagar con cripto</b>"),
    ("fr", "je veux payer en bitcoin, j'ai 100 usdt, je peux entraîner quoi avec ?",
     "💵 <b>100\u00a0$US vous donnent 120\u00a0heures de 1× L40S", "🪙 <b>Payer en crypto</b>"),
    ("en", "i wanna pay in crypto, i have 100 usdt, what can i train with it?",
     "💵 <b>$100 buys 120 hours of 1× L40S", "🪙 <b>Paying in crypto</b>"),
]


@pytest.mark.parametrize(("lang", "q", "hours", "pay"), BUDGET_WITH_PAYMENT)
def test_a_way_of_paying_said_leaves_the_budget_asked(lang: str, q: str, hours: str,
                                                      pay: str) -> None:
    reply = ask(q, lang)
    assert reply.answer.intent == "cost", reply.text
    assert reply.text.startswith("📏"), reply.text  # the largest model the budget trains
    says(reply.text, [hours, "⏱", pay], [])


# A payment asked stays a payment.
PAYMENT_ASKED: list[tuple[str, str]] = [
    ("es", "tengo 100 usdt, puedo pagar con eso?"),
    ("fr", "je peux payer en bitcoin ?"),
    ("en", "i have 100 usdt, can i pay with that?"),
]


@pytest.mark.parametrize(("lang", "q"), PAYMENT_ASKED)
def test_a_payment_asked_stays_a_payment(lang: str, q: str) -> None:
    assert ask(q, lang).answer.intent == "pay"


# "qué me alcanza" is what it buys; "me alcanzan 100 dólares para …" still whether it is enough.
def test_what_a_budget_gets_is_no_enough_asked() -> None:
    reply = ask("tengo 100 usdt, que me alcanza para entrenar?", "es")
    assert not reply.query.budget_enough, reply.text
    assert reply.text.startswith("📏 <b>El modelo más grande"), reply.text
    assert "ejemplo de nuestra página" not in reply.text


def test_enough_for_a_run_is_still_asked() -> None:
    reply = ask("me alcanzan 100 dolares para un qlora de llama 3 8b en una h100 por 10 horas?",
                "es")
    assert reply.query.budget_enough, reply.text
    assert reply.text.startswith("✅ <b>Te alcanza con 100\u00a0US$"), reply.text


# A coin's amount as written, every decimal kept.
COIN_AMOUNTS: list[tuple[str, str, str]] = [
    ("es", "tengo 0.001 btc, cuantas horas de h100 me da?", "qué compran 0,001 BTC."),
    ("fr", "j'ai 0,002 btc, ça me fait combien d'heures de h100 ?",
     "ce que permettent d'acheter 0,002 BTC."),
    ("en", "0.00015 btc how many h100 hours", "what 0.00015 BTC buys."),
]


@pytest.mark.parametrize(("lang", "q", "said"), COIN_AMOUNTS)
def test_a_coins_amount_is_said_as_written(lang: str, q: str, said: str) -> None:
    reply = ask(q, lang)
    assert reply.answer.intent == "pay", reply.text
    assert said in reply.text.split("\n")[0], reply.text


# A night given to a run, what it trains asked: 8 hours, said so (was no hours and the fit
# alone, "une nuit" unread, or "en una noche en mi 3090" taken for what a run took there).
NIGHT_TRAINS: list[tuple[str, str, str]] = [
    ("es", "si lo dejo toda la noche en una h100, cuantos ejemplos puedo entrenar con un lora de 8b?",
     "⏱ En 8\u00a0horas, 1× H100 entrena unos"),
    ("es", "en una noche en mi 3090 cuantos tokens entreno con qlora de un 8b?",
     "⏱ En 8\u00a0horas, 1× RTX 3090 entrena unos"),
    ("fr", "en une nuit sur une h100, combien d'exemples je peux passer en lora sur un 8b ?",
     "⏱ En 8\u00a0heures, 1× H100 entraîne environ"),
    ("fr", "sur une nuit avec ma 3090 combien d'exemples en qlora de llama 3 8b ?",
     "⏱ En 8\u00a0heures, 1× RTX 3090 entraîne environ"),
    ("en", "overnight on an h100 how many samples can i lora on a 8b?",
     "⏱ In 8 hours, 1× H100 trains about"),
]


@pytest.mark.parametrize(("lang", "q", "lead"), NIGHT_TRAINS)
def test_a_night_given_to_a_run_trains_eight_hours(lang: str, q: str, lead: str) -> None:
    reply = ask(q, lang)
    assert reply.query.hours == 8, reply.text
    assert reply.text.startswith(lead), reply.text
    assert "8" in reply.text.split("🗓")[-1], reply.text  # the night counted as 8 hours, said


# Hours and what they train asked, no card named: on the cheapest offered configuration that
# fits, the one the reply quotes (was the memory and that quote, no tokens).
HOURS_NO_CARD: list[tuple[str, str, str]] = [
    ("en", "how many tokens can i qlora llama 3 8b on in 10 hours?",
     "⏱ In 10 hours, 1× L40S trains about 120 million tokens"),
    ("es", "en 10 horas cuantos tokens puedo entrenar con un qlora de llama 3 8b?",
     "⏱ En 10\xa0horas, 1× L40S entrena unos 120 millones de tokens"),
    ("fr", "en 8 heures, un lora de 8b ça fait combien d'exemples ?",
     "⏱ En 8\xa0heures, 1× L40S entraîne environ 110 millions de tokens"),
]


@pytest.mark.parametrize(("lang", "q", "lead"), HOURS_NO_CARD)
def test_hours_with_no_card_train_on_the_cheapest_that_fits(lang: str, q: str, lead: str) -> None:
    reply = ask(q, lang)
    assert reply.text.startswith(lead), reply.text


# A night asked as a deadline stays one; hours measured on one's card stay measured.
def test_a_night_as_a_deadline_and_hours_measured_stay() -> None:
    assert ask("will a qlora of llama 3 8b on 100k samples finish overnight on an h100?",
               "en").query.hours is None
    reply = ask("6 horas en mi 3090, cuanto tardaria en una h100?", "es")
    assert "para lo que tardó 6\u00a0horas en 1× RTX 3090" in reply.text.split("\n")[0] \
        or "lo que tardó 6 horas en 1× RTX 3090" in reply.text.split("\n")[0], reply.text


# A budget with no card: the lead says whose memory the largest model is sized in (was "With 48
# GB", "El modelo más grande que cabe en 48 GB", the card said only in the block after it).
BUDGET_LEAD: list[tuple[str, str, str]] = [
    ("fr", "j'ai 20 usdt, je peux faire quoi ?",
     "📏 <b>Avec les 48\u202fGo de 1× L40S, le plus gros modèle possible (QLoRA)"),
    ("es", "tengo 50 dólares, ¿qué puedo entrenar?",
     "📏 <b>El modelo más grande que cabe en los 48\u00a0GB de 1× L40S (QLoRA)"),
    ("en", "with $30 what can i finetune?", "📏 <b>The largest model 1× L40S (48 GB) holds for QLoRA"),
    ("es", "con 50 dolares cual es el modelo mas grande que puedo entrenar",
     "📏 <b>El modelo más grande que cabe en los 1.128\u00a0GB de 8× H200 (QLoRA)"),
]


@pytest.mark.parametrize(("lang", "q", "lead"), BUDGET_LEAD)
def test_a_budgets_largest_model_names_the_card(lang: str, q: str, lead: str) -> None:
    reply = ask(q, lang)
    assert reply.text.startswith(lead), reply.text
    assert "💵" in reply.text and "⏱" in reply.text, reply.text  # its hours, what they train


# A card named keeps the memory alone ("i have $50, biggest model i can qlora on an h100?").
def test_a_card_named_keeps_its_memory_alone() -> None:
    reply = ask("i have $50, biggest model i can qlora on an h100?", "en")
    assert reply.text.startswith("📏 <b>The largest model 80 GB holds for QLoRA"), reply.text


# "¿qué puedo hacer?" with a budget is what it trains, as "je peux faire quoi ?" is (was the
# hours alone); "… qué puedo hacer para …" and a card named keep their own reading.
BUDGET_DO: list[tuple[str, str, str]] = [
    ("es", "tengo 50 usdt, que puedo hacer?",
     "📏 <b>El modelo más grande que cabe en los 48\u00a0GB de 1× L40S (QLoRA)"),
    ("es", "con 30 dolares que se puede hacer?",
     "📏 <b>El modelo más grande que cabe en los 48\u00a0GB de 1× L40S (QLoRA)"),
    ("en", "i have 50 usdt, what can i do?", "📏 <b>The largest model 1× L40S (48 GB) holds"),
]


@pytest.mark.parametrize(("lang", "q", "lead"), BUDGET_DO)
def test_what_a_budget_can_do_is_what_it_trains(lang: str, q: str, lead: str) -> None:
    reply = ask(q, lang)
    assert reply.text.startswith(lead), reply.text
    says(reply.text, ["💵", "⏱"], [])


def test_what_to_do_about_a_run_is_no_largest_model() -> None:
    reply = ask("i have $50, what can i do to make a qlora of 70b cheaper?", "en")
    assert not reply.query.largest, reply.text


# A memory named beside the budget is the one the largest model is sized in: it is no card's
# (was "The largest model 1× L40S (12 GB) holds", the budget's card beside the user's memory).
def test_a_memory_named_beside_a_budget_is_said_alone() -> None:
    reply = ask("biggest model i can qlora with 12gb and $100", "en")
    assert reply.text.startswith("📏 <b>The largest model 12 GB holds for QLoRA"), reply.text
    assert not ask("what can i do with 12gb and $100", "en").query.largest


# One spare GPU-hour (French: under two) said as people say it (was "La 1 GPU-heure restante
# n'expire jamais.", "La 1 GPU-hora sobrante nunca caduca.").
SPARE_HOUR: list[tuple[str, str, str]] = [
    ("fr", "nonante-cinq heures de h100 ça fait combien ?",
     "Il vous reste 1\u00a0GPU-heure, qui n'expire jamais."),
    ("fr", "combien coûte une h100 pendant 9,5 heures ?",
     "Il vous reste 0,5\u00a0GPU-heure, qui n'expire jamais."),
    ("es", "cuanto cuesta una h100 por noventa y cinco horas?",
     "Te sobra 1\u00a0GPU-hora, que nunca caduca."),
]


@pytest.mark.parametrize(("lang", "q", "said"), SPARE_HOUR)
def test_one_spare_gpu_hour_is_said_naturally(lang: str, q: str, said: str) -> None:
    reply = ask(q, lang)
    assert said in reply.text, reply.text


# "avec 15 dollars en btc je peux faire quoi ?": what the money buys, the coin said with it (was
# "Oui : nous acceptons BTC." and how to pay, alone), as "con 15 dólares en btc, ¿qué puedo
# hacer?" already was.
@pytest.mark.parametrize("q", ["avec 15 dollars en btc je peux faire quoi ?",
                               "avec 30 dollars en usdc on peut faire quoi ?"])
def test_dollars_in_a_coin_and_what_to_do_is_the_budget(q: str) -> None:
    reply = ask(q, "fr")
    assert reply.answer.intent == "cost", reply.text
    assert reply.text.startswith("📏 <b>Avec les 48\u202fGo de 1× L40S"), reply.text
    assert "🪙 <b>Payer en crypto</b>" in reply.text
