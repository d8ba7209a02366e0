"""conv22: a chat's follow-ups and several requests in one message, as people write them
(tests.support.chat.converse), en/es/fr: each reply asserted."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from telegram.ext import Application

from bot.console import Console, to_plain
from fakebotapi import FakeBotAPI, validate_telegram_html
from tests.support.bot_running import running_on_sqlite
from tests.support.chat import ask, check_turn, converse, says

# After a run on cards counted ("on 1 h100", "on 2 h100"), a bare number counts them again
# (was "2 of what?"); after a run on "an h100" (no count said) a size of the model's brand
# ("what about 8": Llama 3 8B) is still asked back, another digit is cards, as "2?" is (conv40).
COUNTED = [
    ("en", "qlora llama3 70b on 1 h100", "what about 2", 2, "Llama 3 70B fits on 2× H100"),
    ("en", "lora llama 3 70b on 2 h100", "and 8?", 8, "Llama 3 70B fits on 8× H100"),
    ("en", "lora llama 3 70b on 4 a100s", "what about 8?", 8, "on 8× A100 80GB"),
    ("es", "qlora llama3 70b en 1 h100", "y con 2?", 2, "Llama 3 70B cabe en 2× H100"),
    ("es", "lora de llama 3 70b en 2 h100", "¿y 4?", 4, "Llama 3 70B cabe en 4× H100"),
    ("fr", "qlora llama3 70b sur 1 h100", "et à 2 ?", 2, "Llama 3 70B tient sur 2× H100"),
    ("fr", "lora llama 3 70b sur 2 h100", "et 4 ?", 4, "Llama 3 70B tient sur 4× H100"),
]


@pytest.mark.parametrize(("lang", "run", "bare", "count", "lead"), COUNTED)
def test_a_bare_number_after_cards_counted_counts_them(
        lang: str, run: str, bare: str, count: int, lead: str) -> None:
    before, after = converse(run, bare)
    q = after.query
    assert after.locale == lang, after.text
    assert (q.intent, q.gpu, q.gpu_count, q.count_unclear) == ("fit", before.query.gpu, count, None)
    assert (q.model_id, q.method) == (before.query.model_id, before.query.method)
    says(after.text, ["↪️", lead], ["🤔", "❓"])


@pytest.mark.parametrize(("run", "bare", "asked"), [
    ("qlora llama3 70b on an h100", "what about 8", "❓ <b>8 of what?</b>"),
    ("qlora de llama 3 70b en una 4090", "¿y 8?", "❓ <b>¿8 de qué?</b>"),
])
def test_a_bare_number_after_one_card_is_still_asked_back(run: str, bare: str, asked: str) -> None:
    _, after = converse(run, bare)
    assert after.text.startswith(asked), after.text


# A price, then its currency asked alone: "in dollars?" the same price, said to be in US dollars
# (was "I did not understand"); "in eur?" that we quote US dollars only, with the figure (was
# the line alone).
CURRENCY = [
    ("en", "how much is an h100 per hour", "in dollars?",
     ["💱 <b>In US dollars:</b> every price I quote is in US dollars (USD).",
      "1× H100 costs $2.32/hour."]),
    ("en", "how much is an h100 per hour", "and in usd?",
     ["In US dollars:", "1× H100 costs $2.32/hour."]),
    ("en", "how much is an h100 per hour", "in eur?",
     ["💱 <b>Our prices are in US dollars only:</b>", "1× H100 costs $2.32/hour."]),
    ("en", "how much is an h100 per hour", "how much is that in euros?",
     ["Our prices are in US dollars only:", "1× H100 costs $2.32/hour."]),
    ("es", "cuanto cuesta una h100 por hora", "¿y en dólares?",
     ["💱 <b>En dólares estadounidenses:</b> todos los precios que doy están en dólares "
      "estadounidenses (USD).", "Precio de 1× H100: 2,32\u00a0US$/hora."]),
    ("es", "cuanto cuesta una h100 por hora", "y en euros?",
     ["Nuestros precios están solo en dólares estadounidenses:",
      "Precio de 1× H100: 2,32\u00a0US$/hora."]),
    ("fr", "combien coûte une h100 de l'heure", "et en dollars ?",
     ["💱 <b>En dollars américains\u00a0:</b> tous les prix que je donne sont en dollars "
      "américains (USD).", "Prix de 1× H100\u00a0: 2,32\u00a0$US/heure."]),
    ("fr", "combien coûte une h100 de l'heure", "et en euros ?",
     ["Nos prix sont uniquement en dollars américains\u00a0:",
      "Prix de 1× H100\u00a0: 2,32\u00a0$US/heure."]),
    ("en", "how much for 10 hours on an a100", "in dollars?",
     ["In US dollars:", "$9.20"]),
    # after a fit no run was priced: the configuration's hourly price, no cost made up (conv48)
    ("en", "qlora llama 3 8b on an h100", "in eur?",
     ["Our prices are in US dollars only:", "💵 1× H100: $2.32/hour"]),
    ("en", "qlora llama 3 8b on an h100", "and in dollars?",
     ["In US dollars:", "Illustrative cost: $23.20"]),
]


@pytest.mark.parametrize(("lang", "price", "currency", "has"), CURRENCY)
def test_the_currency_asked_after_a_price_answers_with_the_figure(
        lang: str, price: str, currency: str, has: list[str]) -> None:
    before, after = converse(price, currency)
    assert after.locale == lang, after.text
    assert after.query.gpu == before.query.gpu, after.text
    says(after.text, has, ["🤔", "I did not understand"])


# An alert, then a question about a run on its card in the same message: both answered (was the
# alert alone, the question dropped), the run on the alert's card ("on it", "en ella",
# "dessus").
ALERT_THEN_FIT = {
    "en": ("alert me if the h100 drops below 2, and can i qlora llama 3 70b on it?",
           ["🔔 Alert", "2️⃣ <i>and can i qlora llama 3 70b on it?</i>",
            "✅ <b>Yes: Llama 3 70B fits on 1× H100 (QLoRA).</b>"]),
    "es": ("avísame si la h100 baja de 2, y ¿puedo hacer qlora de llama 3 70b en ella?",
           ["🔔 Alerta", "2️⃣", "✅ <b>Sí: Llama 3 70B cabe en 1× H100 (QLoRA).</b>"]),
    "fr": ("préviens-moi si la h100 passe sous 2 $, et est-ce que je peux faire un qlora de "
           "llama 3 70b dessus ?",
           ["🔔 Alerte", "2️⃣", "✅ <b>Oui\u00a0: Llama 3 70B tient sur 1× H100 (QLoRA).</b>"]),
    "en2": ("alert me when the h100 drops below $2/hr and can i qlora llama 3 70b?",
            ["🔔 Alert", "2️⃣", "Llama 3 70B fits on 1× H100 (QLoRA)"]),
    "en3": ("ping me when h100 goes under 2.5 bucks. also does llama 3 8b fit on it for lora",
            ["🔔 Alert", "2️⃣", "Llama 3 8B fits on 1× H100 (LoRA)"]),
}


@pytest.mark.parametrize("key", list(ALERT_THEN_FIT))
def test_an_alert_then_a_question_answers_both(key: str) -> None:
    text, has = ALERT_THEN_FIT[key]
    reply = ask(text)
    assert [(p.answer.intent, p.query.gpu) for p in reply.parts] == [
        ("alert", "h100"), ("fit", "h100")], reply.text
    assert reply.parts[0].query.threshold_usd in (Decimal(2), Decimal("2.5"))
    assert reply.parts[1].query.model_id in ("llama-3-70b", "llama-3-8b")
    says(reply.text, has, ["🤔"])
    assert validate_telegram_html(reply.text) is None


# An alert with a thanks after it stays as before (another card's alert after it, "… y la b200
# también?", is two alerts since session 35: tests/test_conv23.py).
@pytest.mark.parametrize("text", [
    "alert me when the h100 is below $2/hr, thanks!", "alert me if the h100 drops below 2",
])
def test_an_alert_alone_stays_one_alert(text: str) -> None:
    reply = ask(text)
    assert len([p for p in reply.parts if p.answer.intent == "alert"]) <= 1, reply.text
    assert reply.query.intent == "alert" and not reply.parts, reply.text


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
async def test_the_console_sets_the_alert_and_answers_the_run(console: Console, lang: str) -> None:
    text, _ = ALERT_THEN_FIT[lang]
    said = to_plain(await console.answer(text))
    set_line = {"en": "🔔 Alert set: when the H100 drops below $2 per hour.",
                "es": "🔔 Alerta creada: cuando la H100 baje de 2\u00a0US$ por hora.",
                "fr": "🔔 Alerte créée\u00a0: quand le H100 passe sous 2\u00a0$US de l'heure."}[lang]
    fits = {"en": "Yes: Llama 3 70B fits on 1× H100 (QLoRA).",
            "es": "Sí: Llama 3 70B cabe en 1× H100 (QLoRA).",
            "fr": "Oui\u00a0: Llama 3 70B tient sur 1× H100 (QLoRA)."}[lang]
    says(said, [set_line, fits], [])
    listed = to_plain(await console.answer("/alerts"))
    assert "H100" in listed and "2." not in listed.split("1.", 1)[1], listed
    # the next message changes the alert, and the run asked beside it is still continued
    change = {"en": "actually make it 2.1", "es": "mejor 2,1", "fr": "plutôt 2,1 $"}[lang]
    assert "2.10" in to_plain(await console.answer(change)).replace(",", ".")
    again = {"en": "and on an a100?", "es": "¿y en una a100?", "fr": "et sur une a100 ?"}[lang]
    assert "A100 80GB" in to_plain(await console.answer(again))


@pytest_asyncio.fixture
async def app(api: FakeBotAPI, tmp_path: Path) -> AsyncIterator[Application]:  # type: ignore[type-arg]
    async with running_on_sqlite(api, tmp_path) as application:
        yield application


async def test_telegram_sets_the_alert_and_answers_the_run(api: FakeBotAPI, app: Any) -> None:
    api.push_message(922, ALERT_THEN_FIT["en"][0], language_code="en")
    sent = await api.wait_for_messages(1, chat_id=922, timeout=10)
    await asyncio.sleep(0.2)  # nothing more comes
    assert api.message_count(922) == 1
    assert validate_telegram_html(sent[0].text) is None
    says(sent[0].text, ["🔔 Alert set: when the H100 drops below $2 per hour.",
                        "Yes: Llama 3 70B fits on 1× H100 (QLoRA)."], [])
    api.push_message(922, "/alerts", language_code="en")
    listed = await api.wait_for_messages(2, chat_id=922, timeout=10)
    says(listed[-1].text, ["H100 drops below $2"], [])


# Two models to fine-tune joined by "+", no method said with either: each trained on the card
# (was the first model alone); served with "+" they stay served together, and "at the same
# time" is still another question.
EACH_PLUS = [
    ("finetune llama 3 8b + mistral 7b on an a100", "en", None,
     ["1️⃣ <i>Llama 3 8B</i>", "✅ <b>On 1× A100 80GB, Llama 3 8B fits: QLoRA and LoRA.</b>",
      "2️⃣ <i>Mistral 7B</i>", "Mistral 7B (7.3B parameters) fits: QLoRA and LoRA."]),
    ("entrenar llama 3 8b + mistral 7b en una a100", "es", None,
     ["✅ <b>En 1× A100 80GB, Llama 3 8B cabe con QLoRA y LoRA.</b>", "2️⃣", "Mistral 7B"]),
    ("fine-tuner llama 3 8b + mistral 7b sur une a100", "fr", None,
     ["✅ <b>Sur 1× A100 80GB, Llama 3 8B tient avec QLoRA et LoRA.</b>", "2️⃣", "Mistral 7B"]),
    ("qlora llama3 8b + mistral 7b on a 4090", "en", "qlora",
     ["✅ <b>Yes: Llama 3 8B fits on 1× RTX 4090 (QLoRA).</b>", "2️⃣",
      "Mistral 7B (7.3B parameters) fits on 1× RTX 4090 (QLoRA)"]),
]


@pytest.mark.parametrize(("text", "lang", "method", "has"), EACH_PLUS)
def test_models_joined_by_plus_to_finetune_are_each_answered(
        text: str, lang: str, method: str | None, has: list[str]) -> None:
    reply = ask(text)
    assert reply.locale == lang
    assert [(p.query.model_id, p.query.method) for p in reply.parts] == [
        ("llama-3-8b", method), ("mistral-7b", method)], reply.text
    says(reply.text, has, ["🤔", "together"])


@pytest.mark.parametrize("text", ["llama 3 8b + mistral 7b on a 4090",
                                  "run llama 3 8b + mistral 7b on an a100"])
def test_models_joined_by_plus_to_serve_stay_together(text: str) -> None:
    assert "together on 1×" in ask(text).text


# A size the family lacks, which one model of its brand has by its name's size: that model,
# said so ("and 1b?" after Llama 3 8B: Llama 3.2 1B, 1.23B parameters; was an unnamed 1B
# model), as "and 405b?" after Llama 3 70B is Llama 3.1 405B.
KIN_SIZE = [
    ("en", "qlora llama 3 8b on a 4090", "and 1b?", "llama-3.2-1b",
     "Llama 3 has no 1B model: answered for Llama 3.2 1B.",
     "✅ <b>Yes: Llama 3.2 1B (1.23B parameters) fits on 1× RTX 4090 (QLoRA).</b>"),
    ("es", "lora llama 3 8b en una 4090", "¿y 3b?", "llama-3.2-3b",
     "Llama 3 no tiene un modelo de 3B: respondo para Llama 3.2 3B.", "Llama 3.2 3B"),
    ("fr", "qlora llama 3 8b sur une 4090", "et en 1b ?", "llama-3.2-1b",
     "Llama 3 n'a pas de modèle 1B\u00a0: réponse pour Llama 3.2 1B.", "Llama 3.2 1B"),
    ("en", "lora llama 3 70b on an h100", "and 405b?", "llama-3.1-405b",
     "Llama 3 has no 405B model: answered for Llama 3.1 405B.", "Llama 3.1 405B"),
]


@pytest.mark.parametrize(("lang", "run", "size", "model", "said", "lead"), KIN_SIZE)
def test_a_size_the_family_lacks_is_its_brands_model_of_that_size(
        lang: str, run: str, size: str, model: str, said: str, lead: str) -> None:
    before, after = converse(run, size)
    assert after.locale == lang
    assert (after.query.model_id, after.query.method, after.query.gpu) == (
        model, before.query.method, before.query.gpu), after.text
    says(after.text, ["↪️", said, lead], ["🤔", "unnamed", "sin nombre", "sans nom"])


@pytest.mark.parametrize(("run", "size"), [("qlora llama 3 8b on a 4090", "and 7b?"),
                                           ("qlora llama 3 8b on a 4090", "and 13b?")])
def test_a_size_several_of_the_brand_have_stays_a_size(run: str, size: str) -> None:
    _, after = converse(run, size)
    assert after.query.model_id is None and after.query.params_b is not None, after.text


# Conversations of 2-4 turns as people write them (typos, slang, es/fr), each turn's reply
# asserted. A turn is (text, expected): lang, intent (the answer's), model (model_id, else
# params_b), method, gpu, count (gpu_count), hours; has (in order in the reply), lacks (nowhere).
Turn = tuple[str, dict[str, object]]


CONVERSATIONS: dict[str, list[Turn]] = {
    # a card's price asked after an alert, with "also": the price (was an alert on the B200)
    "price_after_alert": [
        ("alert me when the h200 drops under 2.5", {"intent": "alert", "gpu": "h200"}),
        ("also whats the price of the b200 rn",
         {"intent": "prices", "gpu": "b200", "has": ["💵 <b>1× B200 costs $4.61/hour.</b>"],
          "lacks": ["🔔"]}),
    ],
    # GPU time on another card in the plural keeps the count; "which one is cheaper" compares
    # the two (was one A100, then the A100's cost again)
    "rent_two_weeks": [
        ("how much to rent 2 h100s for a week", {"intent": "cost", "gpu": "h100", "count": 2,
                                                  "hours": 168, "has": ["$779.52"]}),
        ("and with a100s instead?", {"intent": "cost", "gpu": "a100-80gb", "count": 2,
                                     "hours": 168, "has": ["2× A100 80GB × 168 hours"]}),
        ("which one is cheaper", {"intent": "compare", "gpu": "h100", "count": 2, "hours": 168,
                                  "has": ["2× H100 costs $470.40 more than 2× A100 80GB"]}),
    ],
    # the cheapest card answered is "it" (was "Which model?", then the run on no card)
    "cheapest_then_it": [
        ("hey whats ur cheapest gpu", {"intent": "prices", "has": ["Our cheapest GPU: L40S"]}),
        ("how much vram does it have", {"gpu": "l40s", "has": ["L40S", "48 GB"],
                                        "lacks": ["Which model?"]}),
        ("can it do qlora on llama 3 70b", {"intent": "fit", "model": "llama-3-70b",
                                            "method": "qlora", "gpu": "l40s",
                                            "has": ["Llama 3 70B does not fit on 1× L40S"]}),
    ],
    "cheapest_then_it_fr": [
        ("c quoi votre gpu la moins chère", {"lang": "fr", "intent": "prices"}),
        ("elle a combien de vram ?", {"lang": "fr", "gpu": "l40s", "has": ["48\u202fGo"]}),
        ("et 4 ?", {"lang": "fr", "gpu": "l40s", "count": 4,
                    "has": ["Prix de 4× L40S\u00a0: 3,28\u00a0$US/heure."]}),
    ],
    # "y con lora?" after how many cards for full fine-tuning: how many for LoRA (was the run
    # on the 19 answered for full fine-tuning), its cost a day on those
    "how_many_then_lora_es": [
        ("cuantas h100 necesito para full finetune de llama 3 70b",
         {"lang": "es", "intent": "recommend", "method": "full_adamw", "has": ["Necesitas 19× H100"]}),
        ("y con lora?", {"lang": "es", "intent": "recommend", "method": "lora", "count": None,
                         "has": ["Necesitas 3× H100 (240\u00a0GB) para Llama 3 70B (LoRA)"],
                         "lacks": ["19×"]}),
        ("y cuanto sale por dia?", {"lang": "es", "intent": "cost", "count": 3, "hours": 24,
                                    "has": ["3× H100 × 24\u00a0horas"]}),
    ],
    # a bare number after a run on cards counted for hours: cards or hours, asked back (was "I
    # did not understand"); the answer offered then works
    "cards_or_hours": [
        ("qlora llama 3 70b on 2 h100 for 10 hours", {"intent": "fit", "count": 2, "hours": 10}),
        ("and 8?", {"has": ["❓ <b>8 of what?</b>", "<code>and on 8× H100?</code>",
                            "<code>and for 8 hours?</code>"]}),
        ("and for 8 hours?", {"intent": "cost", "count": 2, "hours": 8,
                              "has": ["2× H100 × 8 hours"]}),
    ],
    "cards_or_hours_fr": [
        ("combien pour un qlora de llama 3 70b sur 2 h100 pendant 10 heures",
         {"lang": "fr", "intent": "cost", "count": 2, "hours": 10}),
        ("et 4 ?", {"lang": "fr", "has": ["❓ <b>4 quoi\u202f?</b>",
                                          "<code>et sur 4× H100\u202f?</code>",
                                          "<code>et pendant 4 heures\u202f?</code>"]}),
        ("et pendant 4 heures ?", {"lang": "fr", "intent": "cost", "count": 2, "hours": 4}),
    ],
    "served_on_one_then_two": [
        ("llama 3 8b on 1 l40s for inference", {"intent": "fit", "gpu": "l40s", "count": 1}),
        ("what about 2", {"intent": "fit", "gpu": "l40s", "count": 2,
                          "has": ["On 2× L40S, Llama 3 8B fits"]}),
        ("and for 20 users?", {"count": 2, "has": ["20 users at once fit on 2× L40S"]}),
    ],
    "currency_then_hours": [
        ("how much is an h200 per hour", {"intent": "prices", "gpu": "h200"}),
        ("in euros pls", {"gpu": "h200", "has": ["Our prices are in US dollars only:",
                                                 "1× H200 costs $3.07/hour."]}),
        ("ok and in dollars for 10h?", {"intent": "cost", "gpu": "h200", "hours": 10,
                                        "has": ["$30.70"]}),
    ],
    "typo_method_then_time": [
        ("can i finetune mistral 7b on my 3090?", {"intent": "fit", "model": "mistral-7b",
                                                   "gpu": "rtx-3090"}),
        ("wat about with qlora", {"method": "qlora", "gpu": "rtx-3090",
                                  "has": ["Mistral 7B (7.3B parameters) fits on 1× RTX 3090 (QLoRA)"]}),
        ("and how long for 50k samples?", {"intent": "time", "method": "qlora",
                                           "has": ["50,000 samples"]}),
    ],
    "price_count_week_es": [
        ("cuanto sale una a100 por hora", {"lang": "es", "intent": "prices", "gpu": "a100-80gb"}),
        ("y 4?", {"lang": "es", "count": 4, "has": ["4× A100 80GB: 3,68\u00a0US$/hora"]}),
        ("y por una semana?", {"lang": "es", "intent": "cost", "count": 4, "hours": 168,
                               "has": ["618,24\u00a0US$"]}),
    ],
    "own_card_fr": [
        ("est-ce que llama 3 8b passe sur ma 4060 ti 16go ?",
         {"lang": "fr", "intent": "fit", "gpu": "rtx-4060-ti-16gb"}),
        ("et en qlora ?", {"lang": "fr", "method": "qlora", "gpu": "rtx-4060-ti-16gb",
                           "has": ["Llama 3 8B tient sur 1× RTX 4060 Ti 16GB (QLoRA)"]}),
        ("et combien de temps pour 10k exemples ?", {"lang": "fr", "intent": "time",
                                                      "has": ["10\u202f000 exemples"]}),
    ],
    "served_4bit_speed": [
        ("can i run qwen2.5 32b on 2x 3090", {"intent": "fit", "count": 2}),
        ("in 4bit?", {"method": "inference_int4", "count": 2,
                      "has": ["fits on 2× RTX 3090 (4-bit inference)"]}),
        ("how many tok/s", {"intent": "time", "method": "inference_int4", "has": ["tokens/s"]}),
    ],
    "h200_count_days_fr": [
        ("combien coûte une h200 ?", {"lang": "fr", "gpu": "h200"}),
        ("et 8 ?", {"lang": "fr", "count": 8, "has": ["Prix de 8× H200"]}),
        ("et pour 3 jours ?", {"lang": "fr", "count": 8, "hours": 72,
                               "has": ["8× H200 × 72\u00a0heures"]}),
    ],
    "miss_why_fix": [
        ("lora mistral 7b on my 3060 12gb", {"intent": "fit", "method": "lora",
                                             "has": ["does not fit on 1× RTX 3060 (LoRA)"]}),
        ("why?", {"method": "lora", "gpu": "rtx-3060"}),
        ("what do i do?", {"method": "lora", "gpu": "rtx-3060",
                           "has": ["What makes it fit on 1× RTX 3060"]}),
    ],
    "70b_on_4090s_fr": [
        ("qlora 70b sur 2 4090 ça passe ?", {"lang": "fr", "intent": "fit", "count": 2}),
        ("et sur 3 ?", {"lang": "fr", "count": 3, "method": "qlora"}),
        ("et en lora ?", {"lang": "fr", "count": 3, "method": "lora",
                          "has": ["ne tient pas sur 3× RTX 4090 (LoRA)"]}),
    ],
}


@pytest.mark.parametrize("name", list(CONVERSATIONS))
def test_conversation(name: str) -> None:
    turns = CONVERSATIONS[name]
    replies = converse(*(text for text, _ in turns))
    for reply, (_text, expected) in zip(replies, turns, strict=True):
        check_turn(reply, expected)


# After an alert in the same message, a price asked of no card is the watched card's price
# (was read with the alert, the price dropped); the cheapest configuration asked is not on the
# watched card (was the run on the H200).
ALERT_THEN_MORE = [
    ("préviens-moi quand la b200 passe sous 4 $, et combien coûte-t-elle maintenant ?",
     ("prices", None, "b200"), ["🔔 Alerte", "💵 <b>Prix de 1× B200\u00a0: 4,61\u00a0$US/heure.</b>"]),
    ("alert me when the h100 drops below 2, and how much is it now?",
     ("prices", None, "h100"), ["🔔 Alert", "💵 <b>1× H100 costs $2.32/hour.</b>"]),
    ("avísame si la h100 baja de 2, y cuanto cuesta ahora?",
     ("prices", None, "h100"), ["🔔 Alerta", "💵 <b>Precio de 1× H100: 2,32\u00a0US$/hora.</b>"]),
    ("alert me if h200 < 2.8 and whats the cheapest way to qlora llama 3 70b",
     ("recommend", "llama-3-70b", None),
     ["🔔 Alert", "🏆 <b>The cheapest GPUs for Llama 3 70B</b>", "1× A100 80GB"]),
]


@pytest.mark.parametrize(("text", "second", "has"), ALERT_THEN_MORE)
def test_after_an_alert_a_price_or_the_cheapest_is_answered(
        text: str, second: tuple[str, str | None, str | None], has: list[str]) -> None:
    reply = ask(text)
    assert [p.query.intent for p in reply.parts] == ["alert", second[0]], reply.text
    q = reply.parts[1].query
    assert (q.intent, q.model_id, q.gpu) == second, reply.text
    says(reply.text, has, ["🤔"])


# The currency checked after a price ("in usd right?", "es en dólares, no?", "c'est en dollars
# hein ?"): yes, with the figure (was "I did not understand").
@pytest.mark.parametrize(("check", "said"), [
    ("in usd right?", "In US dollars:"), ("is that in dollars?", "In US dollars:"),
    ("es en dólares, no?", "En dólares estadounidenses:"),
    ("c'est en dollars hein ?", "En dollars américains\u00a0:"),
])
def test_the_currency_checked_after_a_price(check: str, said: str) -> None:
    _, after = converse("how much for 3 days of an a100", check)
    assert (after.query.gpu, after.query.hours) == ("a100-80gb", 72), after.text
    says(after.text, [said], ["🤔"])


# An alert set, another question asked, then "cancel the alert": the one set is removed (was
# the list to pick from); with no alert set in the chat the list is shown, as before.
@pytest.mark.parametrize(("turns", "removed", "none"), [
    (("alert me when the h200 drops under 2.5", "also whats the price of the b200 rn",
      "cancel the alert"), "Removed 1 alert for the H200.", "You have no price alerts."),
    (("avisame si la h100 baja de 2", "cuanto cuesta una a100?", "y cuanto por 10 horas?",
      "borra la alerta"), "Se ha eliminado 1 alerta de la H100.", "No tienes alertas de precio."),
    (("préviens-moi si la b200 passe sous 4 $", "qlora llama 3 8b sur une h100 ?",
      "supprime l'alerte"), "alerte supprimée pour le B200", "Vous n'avez aucune alerte de prix."),
])
async def test_the_alert_set_is_removed_after_other_questions(
        console: Console, turns: tuple[str, ...], removed: str, none: str) -> None:
    *before, cancel = turns
    for text in before:
        await console.answer(text)
    says(to_plain(await console.answer(cancel)), [removed], [])
    says(to_plain(await console.answer("/alerts")), [none], [])


def test_cancel_the_alert_with_none_set_in_the_chat_lists_them() -> None:
    _, cancel = converse("how much is an h100 per hour", "cancel the alert")
    assert (cancel.query.intent, cancel.query.gpu) == ("alert_remove", None), cancel.text
