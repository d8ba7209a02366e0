"""Several facts in one message and the conversation (session 35)."""

from __future__ import annotations

import html
from decimal import Decimal as D

import pytest

from bot.console import Console, to_plain
from fakebotapi import validate_telegram_html
from tests.support.chat import ask, converse, says

# Another card's alert said with "too" in the same message as the first: both set, the second
# with the first's condition (was the first alone). (text, the confirmations in order, /alerts)
ALERT_TOO = [
    ("alert me if the h100 drops below 2 and the h200 too",
     ["🔔 Alert set: when the H100 drops below $2 per hour.",
      "🔔 Alert set: when the H200 drops below $2 per hour."],
     ["H100 drops below $2", "H200 drops below $2"]),
    ("avísame si la h100 baja de 2 y la h200 también",
     ["🔔 Alerta creada: cuando la H100 baje de 2\u00a0US$ por hora.",
      "🔔 Alerta creada: cuando la H200 baje de 2\u00a0US$ por hora."],
     ["La H100 baja de 2\u00a0US$", "La H200 baja de 2\u00a0US$"]),
    ("préviens-moi si la h100 passe sous 2 et la h200 aussi",
     ["🔔 Alerte créée\u00a0: quand le H100 passe sous 2\u00a0$US de l'heure.",
      "🔔 Alerte créée\u00a0: quand le H200 passe sous 2\u00a0$US de l'heure."],
     ["Le H100 passe sous 2\u00a0$US", "Le H200 passe sous 2\u00a0$US"]),
]


@pytest.mark.parametrize(("text", "said", "listed"), ALERT_TOO)
def test_alert_too_in_one_message_is_two_alerts(text: str, said: list[str],
                                                listed: list[str]) -> None:
    reply = ask(text)
    assert [(p.answer.intent, p.query.gpu, p.query.threshold_usd, p.query.direction)
            for p in reply.parts] == [("alert", "h100", D(2), "below"),
                                      ("alert", "h200", D(2), "below")]
    assert validate_telegram_html(reply.text) is None


@pytest.mark.parametrize(("text", "said", "listed"), ALERT_TOO)
async def test_the_console_sets_both_alerts_said_with_too(
    console: Console, text: str, said: list[str], listed: list[str]
) -> None:
    says(to_plain(await console.answer(text)), said, [])
    says(to_plain(await console.answer("/alerts")), listed, [])


@pytest.mark.parametrize(("text", "gpu", "threshold", "percent"), [
    ("alert me if the h100 moves 10% and the b200 too", "b200", None, D(10)),
    ("alert me if the h100 drops below 2 and the h200 as well please", "h200", D(2), None),
    # was pinned as one alert (tests/test_several21.py), the B200's dropped
    ("avísame si la h100 baja de 2 y la b200 también?", "b200", D(2), None),
    # "also" before the card, or a comma for "and": the H200's dropped, read with the first
    ("avísame si la h100 baja de 2 dólares y también la h200", "h200", D(2), None),
    ("alert me if the h100 drops below 2 and also the h200", "h200", D(2), None),
    ("préviens-moi si la h100 passe sous 2 et aussi la h200", "h200", D(2), None),
    ("préviens-moi quand le h100 descend sous 2 $, le h200 aussi", "h200", D(2), None),
    ("alert me if the h100 drops below 2, the h200 too", "h200", D(2), None),
])
def test_alert_too_takes_the_first_condition(text: str, gpu: str, threshold: D | None,
                                             percent: D | None) -> None:
    parts = ask(text).parts
    assert [(p.answer.intent, p.query.gpu, p.query.threshold_usd, p.query.percent)
            for p in parts] == [("alert", "h100", threshold, percent),
                                ("alert", gpu, threshold, percent)]


# "too" after no alert, or a card's price, is no second alert.
@pytest.mark.parametrize("text", [
    "can i qlora llama 3 8b on an h100 and the h200 too?",
    "alert me if the h100 drops below 2 and what's the price of the h200 too",
    "alert me if the h100 drops below 2. also what's the price of the h200",
    "alert me if the h100 drops below 2, also the h200 price?",
])
def test_too_without_an_alert_before_is_no_alert(text: str) -> None:
    reply = ask(text)
    assert [p for p in reply.parts if p.answer.intent == "alert"][1:] == []


# Two models fine-tuned at the same time on one card: their runs' memory added up against it, per
# method (was the first model's answer alone, the second dropped). (text, the models, has, lacks)
TRAINED_TOGETHER = [
    ("train llama 3 8b + mistral 7b at the same time on an a100",
     ["✅ <b>Llama 3 8B and Mistral 7B fit at the same time on 1× A100 80GB: QLoRA and LoRA.</b>",
      "✅ <b>QLoRA</b>: Llama 3 8B ≈ 12.8 GB + Mistral 7B ≈ 8.5 GB = ≈ 21.3 GB of 85.9 GB",
      "✅ <b>LoRA</b>: Llama 3 8B ≈ 23.1 GB + Mistral 7B ≈ 18.7 GB = ≈ 41.8 GB",
      "❌ <b>Full 8-bit Adam</b>", "Two runs on one card take the sum of their memory"],
     ["1️⃣", "One after the other"]),
    ("qlora llama 3 8b + mistral 7b at the same time on an a100",
     ["fit at the same time on 1× A100 80GB: QLoRA.</b>", "= ≈ 21.3 GB of 85.9 GB"],
     ["<b>LoRA</b>", "AdamW"]),
    ("fine-tune llama 3 70b and qwen2.5 72b at the same time on an h100",
     ["❌ <b>Llama 3 70B and Qwen2.5 72B do not fit at the same time on 1× H100 with any method",
      "❌ <b>QLoRA</b>: Llama 3 70B ≈ 52.6 GB + Qwen2.5 72B ≈ 55.1 GB = ≈ 107.7 GB",
      "👉 One after the other on this card, each fits alone: QLoRA."], ["✅"]),
    ("entrenar llama 3 8b y mistral 7b a la vez en una a100",
     ["✅ <b>Llama 3 8B y Mistral 7B caben a la vez en 1× A100 80GB: QLoRA y LoRA.</b>",
      "Dos entrenamientos en una misma tarjeta"], []),
    ("entraîner llama 3 8b et mistral 7b en même temps sur une a100",
     ["✅ <b>Llama 3 8B et Mistral 7B tiennent en même temps sur 1× A100 80GB\u00a0: QLoRA et "
      "LoRA.</b>", "✅ <b>QLoRA</b>\u00a0: Llama 3 8B ≈ 12,8\u202fGo + Mistral 7B ≈ 8,5\u202fGo"], []),
]


@pytest.mark.parametrize(("text", "has", "lacks"), TRAINED_TOGETHER)
def test_two_models_trained_at_the_same_time_add_up(text: str, has: list[str],
                                                   lacks: list[str]) -> None:
    reply = ask(text)
    assert len({p.query.model_id for p in reply.parts}) == 2, reply.text
    says(reply.text, has, ["🤔", *lacks])
    assert validate_telegram_html(reply.text) is None


# Without "at the same time", each model trained in its own section; served together, the
# serving sum: as before.
@pytest.mark.parametrize(("text", "has"), [
    ("finetune llama 3 8b + mistral 7b on an a100", ["1️⃣ <i>Llama 3 8B</i>", "2️⃣"]),
    ("run llama 3 8b and mistral 7b at the same time on a 4090",
     ["do not fit together on 1× RTX 4090", "BF16 inference"]),
])
def test_trained_each_and_served_together_stay(text: str, has: list[str]) -> None:
    says(ask(text).text, has, ["fit at the same time", "Two runs on one card"])


# A number alone after a count of GPUs and hours both said ("how much is 2 h100 for 10 hours",
# then "and 8?"): read as GPUs (as many as one instance has at most), else hours, and the reply
# says how it read it, with the question that asks the other reading whole (was 8× H100 unsaid,
# and "and 24?" 24× H100). (turns, count, hours, has)
NUMBER_ALONE = [
    (("how much is 2 h100 for 10 hours", "and 8?"), 8, 10,
     ["↪️ <i>On 8× H100 for 10 hours, from your last question.</i>\nℹ️ <i>I read 8 as the "
      "number of GPUs. If you meant 8 hours, ask <code>how much is 2 H100 for 8 hours</code>",
      "💵 <b>Cost: $185.60</b>"]),
    (("how much is 2 h100 for 10 hours", "and 24?"), 2, 24,
     ["On 2× H100 for 24 hours", "ℹ️ <i>I read 24 as hours (more GPUs than one instance has). "
      "If you meant 24 GPUs, ask <code>how much is 24 H100 for 10 hours</code>"]),
    (("cuánto cuesta 2 h100 por 10 horas", "¿y 8?"), 8, 10,
     ["ℹ️ <i>Entendí 8 como número de GPUs. Si eran 8 horas, pregunta <code>¿cuánto cuestan "
      "2 H100 por 8 horas?</code>"]),
    (("combien coûtent 2 h100 pendant 10 heures", "et 8 ?"), 8, 10,
     ["ℹ️ <i>J'ai compris 8 comme un nombre de GPU. S'il s'agit de 8 heures, demandez "
      "<code>combien coûtent 2 H100 pendant 8 heures</code>"]),
]


@pytest.mark.parametrize(("turns", "count", "hours", "has"), NUMBER_ALONE)
def test_a_number_alone_says_how_it_was_read(turns: tuple[str, ...], count: int, hours: int,
                                             has: list[str]) -> None:
    reply = converse(*turns)[-1]
    assert (reply.query.gpu, reply.query.gpu_count, reply.query.hours) == ("h100", count, hours)
    says(reply.text, has, ["🤔"])
    assert validate_telegram_html(reply.text) is None


@pytest.mark.parametrize(("turns", "other"), [
    (NUMBER_ALONE[0][0], (2, 8)), (NUMBER_ALONE[1][0], (24, 10)), (NUMBER_ALONE[2][0], (2, 8)),
    (NUMBER_ALONE[3][0], (2, 8)),
])
def test_the_other_reading_asked_as_the_reply_says(turns: tuple[str, ...],
                                                   other: tuple[int, int]) -> None:
    """The question the reply gives for the other reading asks it, right after that reply."""
    said = converse(*turns)[-1].text
    example = html.unescape(said.split("<code>")[1].split("</code>")[0])
    query = converse(*turns, example)[-1].query
    assert (query.gpu, query.gpu_count, query.hours) == ("h100", *other)


# Said which, or no count said before, or hours said as a day: as before, nothing said.
@pytest.mark.parametrize(("turns", "count", "hours"), [
    (("how much is 2 h100 for 10 hours", "and 8 hours?"), 2, 8),
    (("how much is 2 h100 for 10 hours", "and 8 gpus?"), 8, 10),
    (("cuánto cuesta 2 h100 por 10 horas", "¿y 8 horas?"), 2, 8),
    (("combien coûtent 2 h100 pendant 10 heures", "et 8 GPU ?"), 8, 10),
    (("how much for 2 h100 for a day", "and 3?"), 3, 24),
])
def test_a_number_said_with_its_unit_stays_exact(turns: tuple[str, ...], count: int | None,
                                                 hours: int) -> None:
    reply = converse(*turns)[-1]
    assert (reply.query.gpu_count, reply.query.hours) == (count, hours)
    assert "I read" not in reply.text and "Entendí" not in reply.text \
        and "J'ai compris" not in reply.text


# One alert on several cards, the condition said once: one alert a card, each confirmed (was the
# first card's alone; "… the h100 and h200 drop below 2" was cut before "and h200", the H100's
# alert then on every change). (text, the cards, threshold, what /alerts lists in order)
ALERT_EACH = [
    ("alert me if the h100 or the h200 drops below 2", ["h100", "h200"], D(2),
     ["H100 drops below $2", "H200 drops below $2"]),
    ("alert me if the h100 and h200 drop below 2", ["h100", "h200"], D(2),
     ["H100 drops below $2", "H200 drops below $2"]),
    ("alert me if the h100, h200 and b200 drop below 2", ["h100", "h200", "b200"], D(2),
     ["H100 drops below $2", "H200 drops below $2", "B200 drops below $2"]),
    ("alert me if the h100 drops below 2 and the h200 and b200 too", ["h100", "h200", "b200"],
     D(2), ["H100 drops below $2", "H200 drops below $2", "B200 drops below $2"]),
    ("avísame si la h100 o la h200 bajan de 2", ["h100", "h200"], D(2),
     ["La H100 baja de 2\u00a0US$", "La H200 baja de 2\u00a0US$"]),
    ("préviens-moi si le h100 ou le h200 passe sous 2", ["h100", "h200"], D(2),
     ["Le H100 passe sous 2\u00a0$US", "Le H200 passe sous 2\u00a0$US"]),
    ("alert me when h100 and h200 prices change", ["h100", "h200"], None,
     ["H100", "H200"]),
    ("alert me if the h100, h200 drop below 2", ["h100", "h200"], D(2),
     ["H100 drops below $2", "H200 drops below $2"]),
]


@pytest.mark.parametrize(("text", "gpus", "threshold", "listed"), ALERT_EACH)
def test_one_condition_on_several_cards_is_an_alert_each(
        text: str, gpus: list[str], threshold: D | None, listed: list[str]) -> None:
    reply = ask(text)
    assert [(p.answer.intent, p.query.gpu, p.query.threshold_usd, p.query.other_gpus)
            for p in reply.parts] == [("alert", gpu, threshold, ()) for gpu in gpus]
    assert validate_telegram_html(reply.text) is None


@pytest.mark.parametrize(("text", "gpus", "threshold", "listed"), ALERT_EACH)
async def test_the_console_sets_an_alert_each(
    console: Console, text: str, gpus: list[str], threshold: D | None, listed: list[str]
) -> None:
    said = to_plain(await console.answer(text))
    assert said.count("🔔") == len(gpus), said
    says(to_plain(await console.answer("/alerts")), listed, [])


@pytest.mark.parametrize(("text", "gpus"), [
    ("i have a 3090, alert me when the h100 drops below 2", ["h100"]),
    ("tengo una 3090, avísame si la h100 o la h200 bajan de 2", ["h100", "h200"]),
])
def test_the_card_owned_is_no_alert(text: str, gpus: list[str]) -> None:
    """Was "We don't rent the RTX 3090", the H100's alert not set."""
    reply = ask(text)
    assert [p.query.gpu for p in reply.parts or (reply,)] == gpus
    assert all(p.answer.intent == "alert" for p in reply.parts or (reply,))
    assert "RTX 3090" not in reply.text


# Trained at the same time on several cards, no more models than cards: one run a card (was the
# first model's answer alone); after a run trained, "and mistral 7b at the same time?" is both
# (was Mistral alone); a card said owned is theirs.
TRAINED_APART = [
    (("train llama 3 8b and mistral 7b at the same time on 2x a100",),
     ["✅ <b>Llama 3 8B and Mistral 7B fit at the same time on 2× A100 80GB, one per card: QLoRA"
      " and LoRA.</b>", "✅ <b>QLoRA</b>: Llama 3 8B ≈ 12.8 GB, Mistral 7B ≈ 8.5 GB, one per"
      " card of 85.9 GB (80 GiB); the largest, 73.1 GB left", "❌ <b>Full 8-bit Adam</b>",
      "ℹ️ <i>One run a card"]),
    (("entrenar llama 3 70b y qwen2.5 72b a la vez en 2 4090",),
     ["❌ <b>Llama 3 70B y Qwen2.5 72B no caben a la vez en 2× RTX 4090 con ningún método, ni"
      " siquiera uno por tarjeta.</b>"]),
    (("qlora llama 3 8b on a 4090", "and mistral 7b at the same time?"),
     ["↪️ <i>QLoRA of Llama 3 8B on 1× RTX 4090, from your last question.</i>",
      "✅ <b>Llama 3 8B and Mistral 7B fit at the same time on 1× RTX 4090: QLoRA.</b>",
      "Llama 3 8B ≈ 12.8 GB + Mistral 7B ≈ 8.5 GB = ≈ 21.3 GB"]),
    (("lora llama 3 8b on an a100", "¿y mistral 7b a la vez?"),
     ["↪️ <i>LoRA de Llama 3 8B en 1× A100 80GB, de tu pregunta anterior.</i>",
      "caben a la vez en 1× A100 80GB: LoRA."]),
    (("i have 2 3090s", "qlora llama 3 8b and mistral 7b at the same time"),
     ["↪️ <i>On 2× RTX 3090: your cards, as you said earlier.</i>",
      "fit at the same time on 2× RTX 3090, one per card: QLoRA."]),
]


@pytest.mark.parametrize(("turns", "has"), TRAINED_APART)
def test_trained_at_the_same_time_on_cards_and_in_the_chat(turns: tuple[str, ...],
                                                           has: list[str]) -> None:
    reply = converse(*turns)[-1]
    assert len({p.query.model_id for p in reply.parts}) == 2, reply.text
    says(reply.text, has, ["🤔", "inference"])
    assert validate_telegram_html(reply.text) is None


def test_the_same_card_after_a_run_is_the_next_run_there() -> None:
    """"on the same card" asks the next run there, not both runs at once."""
    reply = converse("qlora llama 3 8b on my 4090", "can i lora qwen 2.5 14b on the same card?")[-1]
    assert reply.query.model_id == "qwen2.5-14b" and "at the same time" not in reply.text


# Alerts listed with commas, each with its condition: each set (was the one before the first
# "and" dropped: "the h200 below 2.5" read into the H100's).
@pytest.mark.parametrize("text", [
    "alert me if the h100 drops below 2, the h200 below 2.5 and the b200 below 4",
    "préviens-moi si la h100 passe sous 2, la h200 sous 2,5 et la b200 sous 4",
])
def test_alerts_listed_with_commas(text: str) -> None:
    assert [(p.answer.intent, p.query.gpu, p.query.threshold_usd) for p in ask(text).parts] == [
        ("alert", "h100", D(2)), ("alert", "h200", D("2.5")), ("alert", "b200", D(4))]


# Two cards each rented for hours of its own, no count said: each priced and summed (was the
# first card's cost alone, the second dropped).
@pytest.mark.parametrize(("text", "has"), [
    ("how much is an h100 for 10 hours and an h200 for 5 hours",
     ["🧾 <b>Total for both rentals: $53.90 in the blocks you pay for ($23.20 + $30.70); the "
      "rentals themselves use $38.55.</b>", "1× H100 × 10 hours", "1× H200 × 5 hours"]),
    ("price of h100 for 10h and h200 for 5h?", ["Total for both rentals", "1× H200 × 5 hours"]),
    ("cuánto sale una h100 por 10 horas y una h200 por 5 horas",
     ["🧾 <b>Total de los dos alquileres: 53,90\u00a0US$", "1× H200 × 5\u00a0horas"]),
    ("combien coûte une h100 pendant 10 h et une h200 pendant 5 h ?",
     ["🧾 <b>Total des deux locations\u00a0: 53,90\u00a0$US", "1× H200 × 5\u00a0heures"]),
])
def test_two_rentals_with_hours_of_their_own(text: str, has: list[str]) -> None:
    says(ask(text).text, has, ["🤔"])


def test_two_rentals_weighed_stay_compared() -> None:
    assert "H100 or H200?" in ask("how much is an h100 for 10 hours or an h200 for 5 hours").text


# "cancel both" after alerts set in one message: the list to pick from, every alert still set
# (was the last one's alone removed, the reply as if it were all).
@pytest.mark.parametrize(("first", "then", "listed"), [
    ("alert me if the h100 or the h200 drops below 2", "cancel both",
     ["H100 drops below $2", "H200 drops below $2"]),
    ("avísame si la h100 baja de 2 y si la a100 baja de 1", "cancela las dos",
     ["La H100 baja de 2\u00a0US$", "La A100 80GB baja de 1\u00a0US$"]),
    ("préviens-moi si le h100 ou le h200 passe sous 2", "annule les deux",
     ["Le H100 passe sous 2\u00a0$US", "Le H200 passe sous 2\u00a0$US"]),
])
async def test_cancel_both_lists_them(console: Console, first: str, then: str,
                                      listed: list[str]) -> None:
    await console.answer(first)
    says(to_plain(await console.answer(then)), listed, ["🔕"])


@pytest.mark.parametrize(("turns", "target"), [
    (("alert me if the h100 or the h200 drops below 2", "remove the h200 one"), "h200"),
    (("alert me if the h100 drops below 2", "cancel it"), "h100"),
    (("alert me if the h100 or the h200 drops below 2", "cancel all my alerts"), "all"),
])
def test_a_removal_that_says_which_stays(turns: tuple[str, ...], target: str) -> None:
    assert converse(*turns)[-1].query.removal_target() == target


# Right after a number read as one of two, its unit alone asks the other reading (was 8× H100
# for 8 hours, or "I did not understand"). (turns, count, hours)
@pytest.mark.parametrize(("turns", "count", "hours"), [
    (("how much is 2 h100 for 10 hours", "and 8?", "8 hours"), 2, 8),
    (("how much is 2 h100 for 10 hours", "and 8?", "no i meant hours"), 2, 8),
    (("how much is 2 h100 for 10 hours", "and 24?", "24 gpus"), 24, 10),
    (("how much is 2 h100 for 10 hours", "and 24?", "i meant gpus"), 24, 10),
    (("cuánto cuesta 2 h100 por 10 horas", "¿y 8?", "quise decir 8 horas"), 2, 8),
    (("combien coûtent 2 h100 pendant 10 heures", "et 8 ?", "non, 8 heures"), 2, 8),
    # other hours, or after another question, are what they say
    (("how much is 2 h100 for 10 hours", "and 8?", "5 hours"), 8, 5),
    # (the 8 GPUs read carry to the B200s: a rental keeps its count on another card)
    (("how much is 2 h100 for 10 hours", "and 8?", "and on b200?", "8 hours"), 8, 8),
])
def test_the_unit_said_after_asks_the_other_reading(turns: tuple[str, ...], count: int | None,
                                                    hours: int) -> None:
    query = converse(*turns)[-1].query
    assert (query.intent, query.gpu_count, query.hours) == ("cost", count, hours)


# Runs priced one after the other on one card: their hours together, bought in blocks (each
# section said one run's cost, the second's dropped as said twice); "5 hours each" is the hours
# of each, not a choice (was the first model's answer alone). (text, has, lacks)
RUNS_TOTAL = [
    ("i want to train llama 3 8b and mistral 7b, one after the other, on an a100 for 5 hours "
     "each, how much?",
     ["🧾 <b>Both runs, one after the other on 1× A100 80GB: 10 hours in all.</b>\n💵 <b>Cost: "
      "$9.20</b> — 1× A100 80GB × 10 hours", "1️⃣ <i>Llama 3 8B</i>", "2️⃣ <i>Mistral 7B</i>"],
     []),
    ("lora mistral 7b and qlora llama 3 8b, cost for 5 hours on an a100",
     ["🧾 <b>Both runs, one after the other on 1× A100 80GB: 10 hours in all.</b>",
      "1️⃣ <i>Mistral 7B</i>"], []),
    ("quiero hacer lora de mistral 7b y qlora de llama 3 8b en una a100, cuánto por 7 horas",
     ["🧾 <b>Los dos entrenamientos, uno tras otro en 1× A100 80GB: 14\u00a0horas en total.</b>",
      "💵 <b>Pagas 18,40\u00a0US$</b>"], []),
    ("lora de mistral 7b et qlora de llama 3 8b sur une a100, combien pour 5 heures chacun ?",
     ["🧾 <b>Les deux entraînements, l'un après l'autre sur 1× A100 80GB\u00a0: 10\u00a0heures au "
      "total.</b>"], []),
    # a run the card does not hold: no total there
    ("full finetune llama 3 8b and mistral 7b on an a100 for 5 hours, cost?",
     ["1️⃣ <i>Llama 3 8B</i>"], ["🧾 <b>Both runs"]),
]


@pytest.mark.parametrize(("text", "has", "lacks"), RUNS_TOTAL)
def test_runs_one_after_the_other_are_totalled(text: str, has: list[str],
                                               lacks: list[str]) -> None:
    reply = ask(text)
    says(reply.text, has, ["🤔", *lacks])
    assert validate_telegram_html(reply.text) is None


# One card and hours, then a number alone: the hours, as before, now said, with how to ask the
# GPUs (was said nowhere). (turns, has)
@pytest.mark.parametrize(("turns", "hours", "has"), [
    (("how much is an h100 for 10 hours", "and 8?"), 8,
     ["ℹ️ <i>I read 8 as hours. If you meant 8 GPUs, ask <code>how much is 8 H100 for 10 "
      "hours</code>"]),
    (("cuánto cuesta una h100 por 10 horas", "¿y 8?"), 8,
     ["ℹ️ <i>Entendí 8 como horas. Si eran 8 GPUs, pregunta <code>¿cuánto cuestan 8 H100 por "
      "10 horas?</code>"]),
    (("combien coûte une h100 pendant 10 heures", "et 8 ?"), 8,
     ["ℹ️ <i>J'ai compris 8 comme des heures. S'il s'agit de 8 GPU, demandez <code>combien "
      "coûtent 8 H100 pendant 10 heures</code>"]),
])
def test_one_card_then_a_number_is_hours_said(turns: tuple[str, ...], hours: int,
                                              has: list[str]) -> None:
    reply = converse(*turns)[-1]
    assert (reply.query.gpu_count or 1, reply.query.hours) == (1, hours)
    says(reply.text, has, ["🤔"])


def test_one_card_then_gpus_said_after() -> None:
    query = converse("how much is an h100 for 10 hours", "and 8?", "8 gpus")[-1].query
    assert (query.gpu_count, query.hours) == (8, 10)


# "both" or "the same card" with a training word and no time word: each trained there, in its
# section (was the first model's answer alone); served, the serving sum as before.
@pytest.mark.parametrize("text", [
    "can i train both llama 3 8b and mistral 7b on a 4090",
    "est-ce que je peux entraîner les deux, llama 3 8b et mistral 7b, sur une 4090 ?",
    "can i finetune llama 3 8b and mistral 7b on the same 4090",
])
def test_both_trained_is_each_trained(text: str) -> None:
    reply = ask(text)
    assert [p.query.model_id for p in reply.parts] == ["llama-3-8b", "mistral-7b"]
    assert "1️⃣" in reply.text and "2️⃣" in reply.text


def test_both_served_stays_together() -> None:
    assert "do not fit together on 1× RTX 4090" in ask(
        "can i run both llama 3 8b and mistral 7b on a 4090").text


# After models asked at the same time on a card, another card alone asks them again there (was
# the last model alone there). (turns, has)
@pytest.mark.parametrize(("turns", "has"), [
    (("train llama 3 8b + mistral 7b at the same time on a 4090", "and on an a100?"),
     ["↪️ <i>Llama 3 8B and Mistral 7B at the same time, from your last question.</i>",
      "✅ <b>Llama 3 8B and Mistral 7B fit at the same time on 1× A100 80GB: QLoRA and LoRA.</b>"]),
    (("run llama 3 8b and mistral 7b at the same time on a 4090", "and on an a100?"),
     ["↪️ <i>Llama 3 8B and Mistral 7B at the same time, from your last question.</i>",
      "✅ <b>Llama 3 8B and Mistral 7B fit together on 1× A100 80GB"]),
    (("entrenar llama 3 8b y mistral 7b a la vez en una 4090", "¿y en una a100?"),
     ["↪️ <i>Llama 3 8B y Mistral 7B a la vez, de tu pregunta anterior.</i>",
      "caben a la vez en 1× A100 80GB"]),
])
def test_another_card_after_models_at_the_same_time(turns: tuple[str, ...],
                                                    has: list[str]) -> None:
    reply = converse(*turns)[-1]
    assert [p.query.model_id for p in reply.parts] == ["llama-3-8b", "mistral-7b"]
    says(reply.text, has, ["🤔"])


def test_a_price_after_models_at_the_same_time_is_not_them_again() -> None:
    """A price asked reads as after any run (the last model there), not both again."""
    reply = converse("train llama 3 8b + mistral 7b at the same time on a 4090",
                     "how much is an h100?")[-1]
    assert not reply.parts and "at the same time" not in reply.text


# "8 of what?" asked back of a run on counted cards with hours: the unit alone answers it (was
# "I did not understand"); with the number, as before. (turns, intent, count, hours)
@pytest.mark.parametrize(("turns", "intent", "count", "hours"), [
    (("qlora llama 3 70b on 2 h100 for 10 hours", "and 8?", "gpus"), "fit", 8, 10),
    (("qlora llama 3 70b on 2 h100 for 10 hours", "and 8?", "hours"), "cost", 2, 8),
    (("qlora llama 3 70b en 2 h100 por 10 horas", "¿y 8?", "horas"), "cost", 2, 8),
    (("qlora llama 3 70b sur 2 h100 pendant 10 heures", "et 8 ?", "des heures"), "cost", 2, 8),
    (("qlora llama 3 70b on 2 h100 for 10 hours", "and 8?", "8 hours"), "cost", 2, 8),
    (("qlora llama 3 70b on 2 h100 for 10 hours", "and 8?", "8 gpus"), "fit", 8, 10),
])
def test_eight_of_what_answered_by_its_unit(turns: tuple[str, ...], intent: str, count: int,
                                            hours: int) -> None:
    query = converse(*turns)[-1].query
    assert (query.intent, query.gpu_count, query.hours, query.model_id) == (
        intent, count, hours, "llama-3-70b")


def test_eight_of_what_then_another_question_forgets_it() -> None:
    """The question asked back is not answered later by a unit said after another question."""
    replies = converse("qlora llama 3 70b on 2 h100 for 10 hours", "and 8?", "and with lora?",
                       "hours")
    assert replies[-1].query.intent == "unknown" or replies[-1].query.hours != 8


# Two conditions in one alert message: each set, a figure with no side on the side before it
# (were: the second way dropped; "o la a100 de 1" one threshold for both, or above $1 from the
# price now). (text, the alerts as (gpu, threshold, direction))
TWO_CONDITIONS = [
    ("alert me if the h100 drops below 2 or rises above 3",
     [("h100", D(2), "below"), ("h100", D(3), "above")]),
    ("alert me if the h100 drops below 2 and above 3",
     [("h100", D(2), "below"), ("h100", D(3), "above")]),
    ("avísame si la h100 baja de 2 o sube de 3",
     [("h100", D(2), "below"), ("h100", D(3), "above")]),
    ("préviens-moi si la h100 passe sous 2 ou au-dessus de 3",
     [("h100", D(2), "below"), ("h100", D(3), "above")]),
    ("alert me if the h100 drops below 2 or the a100 below 1",
     [("h100", D(2), "below"), ("a100-80gb", D(1), "below")]),
    ("avísame si la h100 baja de 2 y la a100 de 1",
     [("h100", D(2), "below"), ("a100-80gb", D(1), "below")]),
    ("alert me if the h100 drops below 2 and the a100 at 1",
     [("h100", D(2), "below"), ("a100-80gb", D(1), "below")]),
    ("alert me if the h100 drops below 2 and the a100 above 1",
     [("h100", D(2), "below"), ("a100-80gb", D(1), "above")]),
]


@pytest.mark.parametrize(("text", "alerts"), TWO_CONDITIONS)
def test_two_conditions_are_two_alerts(text: str,
                                       alerts: list[tuple[str, D, str]]) -> None:
    reply = ask(text)
    assert [(p.query.gpu, p.query.threshold_usd, p.query.direction) for p in reply.parts
            if p.answer.intent == "alert"] == alerts, reply.text


def test_or_so_is_no_second_alert() -> None:
    reply = ask("alert me if the h100 drops below 2 or so")
    assert not reply.parts and reply.query.threshold_usd == D(2)


def test_a_figure_alone_in_the_chat_keeps_the_side() -> None:
    query = converse("avísame cuando la h100 baje de 2", "y la h200 de 2.5")[-1].query
    assert (query.gpu, query.threshold_usd, query.direction) == ("h200", D("2.5"), "below")


# Each model with a card of its own in one message: each trained there, in its section (was the
# two cards compared for the first model, the second dropped). (text, (model, gpu, method))
@pytest.mark.parametrize(("text", "runs"), [
    ("qlora llama 3 8b on a 4090 and lora mistral 7b on an a100, how much for 5 hours each?",
     [("llama-3-8b", "rtx-4090", "qlora", 5), ("mistral-7b", "a100-80gb", "lora", 5)]),
    ("qlora llama 3 8b on a 4090 and lora mistral 7b on an a100",
     [("llama-3-8b", "rtx-4090", "qlora", None), ("mistral-7b", "a100-80gb", "lora", None)]),
])
def test_each_model_on_its_own_card(text: str,
                                    runs: list[tuple[str, str, str, int | None]]) -> None:
    reply = ask(text)
    assert [(p.query.model_id, p.query.gpu, p.query.method, p.query.hours)
            for p in reply.parts] == runs


def test_two_runs_weighed_stay_compared() -> None:
    reply = ask("can i qlora llama 3 8b on a 4090 or lora mistral 7b on an a100, which is better")
    assert "RTX 4090 or A100 80GB?" in reply.text


# "same for the h200" after an alert: that card's alert on the same condition (was its price).
@pytest.mark.parametrize("turns", [
    ("alert me if the h100 drops below 2", "same for the h200"),
    ("avísame si la h100 baja de 2", "lo mismo para la h200"),
    ("préviens-moi si la h100 passe sous 2", "même chose pour la h200"),
])
def test_same_for_another_card_is_its_alert(turns: tuple[str, ...]) -> None:
    query = converse(*turns)[-1].query
    assert (query.intent, query.gpu, query.threshold_usd, query.direction) == (
        "alert", "h200", D(2), "below")


def test_the_same_price_asked_is_a_price() -> None:
    query = converse("alert me if the h100 drops below 2", "is the h200 the same price?")[-1].query
    assert query.intent == "prices"
