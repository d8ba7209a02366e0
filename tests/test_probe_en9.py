"""English, Spanish and French questions that got a misleading answer (probe-en9): several
rentals, each with its own hours, whose total was asked came back as a comparison of the cards
(or, "5 horas de h200 y 10 de l40s", as one machine of 1× H200 and 10× L40S)."""

from __future__ import annotations

import pytest

from tests.support.chat import ask_json, converse

# --- several rentals summed ----------------------------------------------------------------------


@pytest.mark.parametrize(("text", "locale", "total"), [
    # 72 A100 GPU-hours (3 blocks of 24, $66.24) and 24 H100 GPU-hours (1 block, $55.68).
    ("need an a100 for 3 days then an h100 for 1 day, total?", None,
     "🧾 <b>Total for both rentals: $121.92 ($66.24 + $55.68).</b>"),
    ("how much for 10 hours of h100 and 20 hours of a100", None,
     "🧾 <b>Total for both rentals: $41.60 ($23.20 + $18.40).</b>"),
    # 5 H200 hours are paid as a 10-hour block ($30.70); 10 L40S hours are one block ($8.20).
    ("cuanto me sale 5 horas de h200 y 10 de l40s", "es",
     "🧾 <b>Total de los dos alquileres: 38,90\u00a0US$ en los bloques que pagas (30,70\u00a0US$ + "
     "8,20\u00a0US$); los alquileres en sí consumen 23,55\u00a0US$.</b>"),
    ("combien pour 5 heures de h200 et 10 heures de l40s", "fr",
     "🧾 <b>Total des deux locations\u00a0: 38,90\u00a0$US en blocs payés (30,70\u00a0$US + "
     "8,20\u00a0$US)\u202f; les locations elles-mêmes consomment 23,55\u00a0$US.</b>"),
])
def test_several_rentals_are_priced_one_by_one_then_summed(
    text: str, locale: str | None, total: str
) -> None:
    """Each card at its own hours is its own rental (blocks are sold per GPU model): the total
    asked leads, then each priced; not a datasheet comparison ending on "costs $X more than"."""
    got = ask_json(text, locale)
    reply = str(got["text"])
    assert reply.startswith(total), reply
    assert "⚖️" not in reply and "🚀" not in reply, reply
    assert got["gpu_count"] == 1


@pytest.mark.parametrize("text", [
    "h100 for 5 hours or a100 for 12 hours",
    "an h100 for 5 hours and an a100 for 12 hours, which is cheaper?",
])
def test_two_rentals_weighed_stay_a_comparison(text: str) -> None:
    reply = str(ask_json(text)["text"])
    assert "Total for both rentals" not in reply
    assert "⚖️ <b>1× H100 for 5 hours costs $4.80 more than 1× A100 80GB for 12 hours" in reply


def test_the_same_hours_on_two_cards_stay_a_comparison() -> None:
    """"24 horas de a100 y 24 de h100": the same hours on both cards weighs them."""
    reply = str(ask_json("cuanto sale 24 horas de a100 y 24 de h100?", "es")["text"])
    assert "En 24\u00a0horas, 1× H100 cuesta 33,60\u00a0US$ más que 1× A100 80GB" in reply
    assert "Total de los dos" not in reply


def test_a_rig_without_hours_stays_a_rig() -> None:
    got = ask_json("2x 3090 and a 3060")
    assert got["gpu_count"] == 3 and "Total for both" not in str(got["text"])


# --- a weekday deadline --------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "locale", "lead"), [
    ("want to lora mistral 7b on 300k samples by monday, what should i rent", None,
     "🗓 <b>I don't know today's date, so I can't count the hours until Monday: how many hours "
     "do you have?</b>"),
    ("quiero hacer lora de mistral 7b con 300k ejemplos para el lunes, que alquilo?", "es",
     "🗓 <b>No sé la fecha de hoy, así que no puedo contar las horas que faltan hasta el lunes: "
     "¿cuántas horas tienes?</b>"),
    ("je veux faire un lora de mistral 7b sur 300k exemples d'ici lundi, je loue quoi ?", "fr",
     "🗓 <b>Je ne connais pas la date du jour, je ne peux donc pas compter les heures d'ici "
     "lundi\u00a0: combien d'heures avez-vous\u202f?</b>"),
])
def test_a_weekday_deadline_asks_for_its_hours(text: str, locale: str | None, lead: str) -> None:
    """The rules do not know today's date: "by monday" was ignored (the memory per method and
    our page's illustrative 24 hours); now the hours are asked back and the run is timed."""
    got = ask_json(text, locale)
    assert str(got["text"]).startswith(lead), got["text"]
    assert got["intent"] == "time"


def test_a_day_count_said_beside_the_weekday_is_the_deadline() -> None:
    got = ask_json("have 3 days, need to lora mistral 7b on 300k samples by friday, what should i rent")
    assert str(got["text"]).startswith("✅ <b>Rent 1× L40S: by this estimate it finishes within "
                                       "72 hours"), got["text"]
    assert "🗓" not in str(got["text"])


def test_the_hours_given_next_are_the_deadline() -> None:
    _, reply = converse("want to lora mistral 7b on 300k samples by monday, what should i rent",
                        "60 hours")
    assert "finishes within 60 hours" in reply.text, reply.text


# --- time and cost agree on the method when none is named ----------------------------------------


@pytest.mark.parametrize(("how_long", "how_much", "method", "gpu"), [
    # (micro45: 300M tokens, was 10M: at micro-batch 8 LoRA and QLoRA of 10M tokens both take
    # 17 minutes on an H100 and either may be picked; at 300M LoRA still costs least)
    ("how long to finetune llama 3 8b on 300M tokens on an h100",
     "how much to finetune llama 3 8b on 300M tokens on an h100", "lora", "h100"),
    ("how long to finetune llama 3 8b on 300M tokens",
     "how much to finetune llama 3 8b on 300M tokens", "lora", "l40s"),
    # LoRA of 70B does not fit one H100: QLoRA for both.
    ("how long to finetune llama 3 70b on 10M tokens on an h100",
     "how much to finetune llama 3 70b on 10M tokens on an h100", "qlora", "h100"),
])
def test_time_and_cost_time_the_same_run(how_long: str, how_much: str, method: str,
                                         gpu: str) -> None:
    """No method named: the time was QLoRA's 25 minutes, the cost LoRA's $0.88 for 23 minutes
    on the same H100. Both now take the run that costs least there, and say which."""
    time, cost = ask_json(how_long), ask_json(how_much)
    assert (time["method"], time["gpu"]) == (cost["method"], cost["gpu"]) == (method, gpu)
    assert time["hours"] == cost["hours"] and time["cost_usd"] == cost["cost_usd"]
    if method == "lora":
        assert "No method named, so this is the time for LoRA, the run that costs least" \
            in str(time["text"])


def test_a_chat_keeps_the_method_from_time_to_cost() -> None:
    # (micro45: 300M tokens, was 10M, where LoRA and QLoRA now tie at 17 minutes)
    first, then = converse(
        "combien de temps pour finetuner llama 3 8b sur 300M tokens sur une h100 ?",
        "et ça coûte combien ?")
    assert first.text.startswith("⏱ <b>Entraînement LoRA pour Llama 3 8B"), first.text
    assert "— LoRA, environ 8,75" in then.text, then.text


def test_a_card_of_ones_own_keeps_the_method_that_fits_it() -> None:
    """A T4 is not rented: its time is QLoRA's there, not LoRA's on an L40S (LoRA of Gemma 2
    9B does not fit a T4)."""
    got = ask_json("how long to finetune gemma 2 9b on a T4, 5000 examples avg 300 tokens")
    assert got["method"] == "qlora" and got["fits"] is True
