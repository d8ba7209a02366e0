"""Several requests in one message where one of them sets a price alert ("can i qlora llama3 8b
on my 3060 12gb? also alert me if the h100 drops below 2.5", "price of an h100 and notify me
when it goes under $2"): each answered in its own section, the alert set by the chat (console,
Telegram) and said in its section (was the whole message read as one alert, on the RTX 3060:
"We don't rent the RTX 3060", the fit unanswered and no alert set)."""

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
from tests.support.chat import ask, converse, says

D = Decimal
FIT_3060 = {"en": "✅ <b>Yes: Llama 3 8B fits on 1× RTX 3060 (QLoRA).</b>",
            "es": "✅ <b>Sí: Llama 3 8B cabe en 1× RTX 3060 (QLoRA).</b>",
            "fr": "✅ <b>Oui\u00a0: Llama 3 8B tient sur 1× RTX 3060 (QLoRA).</b>"}

# text, its parts as (intent, gpu, alert threshold), what the reply says in order
MIXED = [
    ("can i qlora llama3 8b on my 3060 12gb? also alert me if the h100 drops below 2.5",
     [("fit", "rtx-3060", None), ("alert", "h100", D("2.5"))],
     [FIT_3060["en"], "2️⃣ <i>alert me if the h100 drops below 2.5</i>",
      "🔔 Alert: when the H100 drops below $2.50 per hour"]),
    ("¿puedo hacer qlora de llama 3 8b en mi 3060? y avísame si la h100 baja de 2,5",
     [("fit", "rtx-3060", None), ("alert", "h100", D("2.5"))],
     [FIT_3060["es"], "🔔 Alerta: cuando la H100 baje de 2,50\u00a0US$ por hora"]),
    ("je peux faire du qlora de llama 3 8b sur ma 3060 ? et préviens-moi si la h100 passe sous "
     "2,5 $", [("fit", "rtx-3060", None), ("alert", "h100", D("2.5"))],
     [FIT_3060["fr"], "🔔 Alerte\u00a0: quand le H100 passe sous 2,50\u00a0$US de l'heure"]),
    # the alert names no card: the one the question before it asked about
    ("price of an h100 and notify me when it goes under $2",
     [("prices", "h100", None), ("alert", "h100", D(2))],
     ["💵 <b>1× H100 costs $2.32/hour.</b>", "2️⃣ <i>and notify me when it goes under $2</i>",
      "🔔 Alert: when the H100 drops below $2 per hour"]),
    ("how much is an h100 per hour? let me know when it drops below $2",
     [("prices", "h100", None), ("alert", "h100", D(2))],
     ["💵 <b>1× H100 costs $2.32/hour.</b>", "🔔 Alert: when the H100 drops below $2 per hour"]),
    ("how much for 10h on an a100, and ping me if it gets cheaper",
     [("cost", "a100-80gb", None), ("alert", "a100-80gb", None)],
     ["💵 <b>Cost: $9.20</b> — 1× A100 80GB × 10 hours",
      "🔔 Alert: when the A100 80GB drops below its current price, $0.92/hour."]),
    ("cuánto cuesta 10h en una a100? y avisame si baja",
     [("cost", "a100-80gb", None), ("alert", "a100-80gb", None)],
     ["💵 <b>Coste: 9,20\u00a0US$</b>", "🔔 Alerta: cuando la A100 80GB baje de su precio actual"]),
    ("combien pour 10h sur une a100, et préviens-moi si elle baisse",
     [("cost", "a100-80gb", None), ("alert", "a100-80gb", None)],
     ["💵 <b>Coût\u00a0: 9,20\u00a0$US</b>", "🔔 Alerte\u00a0: quand l'A100 80GB passe sous son prix"]),
    # a card's price asked before the alert, in words that read as a cost (was the alert alone)
    ("cuanto sale una h100 y avisame cuando baje de 2 dolares",
     [("cost", "h100", None), ("alert", "h100", D(2))],
     ["💵 <b>Precio de 1× H100: 2,32\u00a0US$/hora.</b>",
      "🔔 Alerta: cuando la H100 baje de 2\u00a0US$ por hora"]),
    ("combien coûte une h100 et préviens-moi quand elle passe sous 2 $",
     [("cost", "h100", None), ("alert", "h100", D(2))],
     ["💵 <b>Prix de 1× H100\u00a0: 2,32\u00a0$US/heure.</b>",
      "🔔 Alerte\u00a0: quand le H100 passe sous 2\u00a0$US de l'heure"]),
    ("how much does an h100 cost and alert me when it drops below 2",
     [("cost", "h100", None), ("alert", "h100", D(2))],
     ["💵 <b>1× H100 costs $2.32/hour.</b>", "🔔 Alert: when the H100 drops below $2 per hour"]),
    # the alert first, then a card's price after "and" (was the alert alone)
    ("alert me if h100 < 2 and what's the price of b200",
     [("alert", "h100", D(2)), ("prices", "b200", None)],
     ["🔔 Alert: when the H100 drops below $2 per hour", "💵 <b>1× B200 costs $4.61/hour.</b>"]),
    ("avisame si la h100 baja de 2 y cual es el precio de la b200",
     [("alert", "h100", D(2)), ("prices", "b200", None)],
     ["🔔 Alerta: cuando la H100 baje de 2\u00a0US$", "💵 <b>Precio de 1× B200: 4,61\u00a0US$/hora.</b>"]),
    ("préviens-moi si la h100 passe sous 2 $ et quel est le prix de la b200",
     [("alert", "h100", D(2)), ("prices", "b200", None)],
     ["🔔 Alerte\u00a0: quand le H100 passe sous 2\u00a0$US",
      "💵 <b>Prix de 1× B200\u00a0: 4,61\u00a0$US/heure.</b>"]),
    # the alert first, a question after it
    ("alert me when the h200 drops below 3, also does mixtral fit on an h100?",
     [("alert", "h200", D(3)), ("fit", "h100", None)],
     ["🔔 Alert: when the H200 drops below $3 per hour", "Mixtral 8x7B"]),
]


@pytest.mark.parametrize(("text", "shape", "has"), MIXED)
def test_each_request_is_answered_and_the_alert_read(
    text: str, shape: list[tuple[str, str, Decimal | None]], has: list[str]
) -> None:
    reply = ask(text)
    assert [(p.answer.intent, p.query.gpu, p.query.threshold_usd) for p in reply.parts] == shape
    says(reply.text, has, ["🤔", "We don't rent the RTX 3060, so there is no price"])
    assert validate_telegram_html(reply.text) is None


# Alerts alone, a removal or a list beside a question: the message's one reading, as before
# (the chat handlers act on it whole).
@pytest.mark.parametrize(("text", "intent"), [
    ("alert me if the h100 drops below 2.5", "alert"),
    ("can i qlora llama 3 8b on a 3060? also delete my h100 alert", "alert_remove"),
    ("how much is an h100? and show my alerts", "alert_list"),
    # context before an alert, not a price asked: read with it
    ("i have a 3090, alert me when the h100 drops below 2", "alert"),
])
def test_alerts_alone_and_removals_stay_one_reading(text: str, intent: str) -> None:
    reply = ask(text)
    assert reply.parts == () and reply.query.intent == intent


def test_the_chat_goes_on_from_the_question_beside_the_alert() -> None:
    mixed, after = converse(MIXED[0][0], "and with lora?")
    assert mixed.parts[1].query.intent == "alert"
    assert (after.query.model_id, after.query.gpu, after.query.method) == (
        "llama-3-8b", "rtx-3060", "lora")


# The console (SQLite, the real alert service): the alert is set, its section says so, and
# /alerts lists it.
@pytest.mark.parametrize(("text", "first", "then", "listed"), [
    (MIXED[0][0], "✅ Yes: Llama 3 8B fits on 1× RTX 3060 (QLoRA).",
     "🔔 Alert set: when the H100 drops below $2.50 per hour.", "1. H100 drops below $2.50"),
    (MIXED[1][0], "✅ Sí: Llama 3 8B cabe en 1× RTX 3060 (QLoRA).",
     "🔔 Alerta creada: cuando la H100 baje de 2,50\u00a0US$ por hora.",
     "1. La H100 baja de 2,50\u00a0US$"),
    (MIXED[2][0], "✅ Oui\u00a0: Llama 3 8B tient sur 1× RTX 3060 (QLoRA).",
     "🔔 Alerte créée\u00a0: quand le H100 passe sous 2,50\u00a0$US de l'heure.",
     "1. Le H100 passe sous 2,50\u00a0$US"),
    ("how much for 10h on an a100, and ping me if it gets cheaper", "💵 Cost: $9.20",
     "🔔 Alert set: when the A100 80GB drops below $0.92 per hour.",
     "1. A100 80GB drops below $0.92"),
    # the alert first: set, and the question after it answered (was the alert alone)
    ("alert me when the h100 is under 2 btw can i run mixtral on it",
     "🔔 Alert set: when the H100 drops below $2 per hour.",
     "✅ On 1× H100, Mixtral 8x7B (46.7B parameters) fits: 8-bit inference and 4-bit inference.",
     "1. H100 drops below $2"),
    ("avisame cuando la h100 baje de 2, otra pregunta: ¿entra mixtral en ella?",
     "🔔 Alerta creada: cuando la H100 baje de 2\u00a0US$ por hora.", "En 1× H100, Mixtral 8x7B",
     "1. La H100 baja de 2\u00a0US$"),
])
async def test_the_console_sets_the_alert_beside_the_answer(
    console: Console, text: str, first: str, then: str, listed: str
) -> None:
    said = to_plain(await console.answer(text))
    says(said, [first, then], ["🔔 Alert: when", "🔔 Alerta: cuando", "🔔 Alerte\u00a0: quand"])
    assert listed in to_plain(await console.answer("/alerts"))


@pytest_asyncio.fixture
async def app(api: FakeBotAPI, tmp_path: Path) -> AsyncIterator[Application]:  # type: ignore[type-arg]
    async with running_on_sqlite(api, tmp_path) as application:
        yield application


async def test_telegram_sets_the_alert_beside_the_answer(api: FakeBotAPI, app: Any) -> None:
    api.push_message(920, MIXED[0][0], language_code="en")
    sent = await api.wait_for_messages(1, chat_id=920, timeout=10)
    await asyncio.sleep(0.2)  # nothing more comes
    assert api.message_count(920) == 1
    assert validate_telegram_html(sent[0].text) is None
    says(sent[0].text, [FIT_3060["en"], "🔔 Alert set: when the H100 drops below $2.50 per hour"],
         [])
    api.push_message(920, "alert me when the h200 is under 3 btw can i run mixtral on it",
                     language_code="en")
    sent = await api.wait_for_messages(2, chat_id=920, timeout=10)
    says(sent[-1].text, ["🔔 Alert set: when the H200 drops below $3 per hour",
                         "On 1× H200, Mixtral 8x7B"], [])
    api.push_message(920, "/alerts", language_code="en")
    listed = await api.wait_for_messages(3, chat_id=920, timeout=10)
    says(listed[-1].text, ["H100 drops below $2.50", "H200 drops below $3"], [])


# Other mixes: each part what it asks. (text, parts as (intent, model, gpu, inference), what
# the reply says in order, what it must not say)
OTHER_MIXES = [
    # a card priced as such after a run on another: its hourly price (es/fr were Mixtral's cost
    # on the H200 at 10 assumed hours)
    ("does mixtral fit on an h100? what's the price of the h200?",
     [("fit", "mixtral-8x7b", "h100", False), ("prices", None, "h200", False)],
     ["Mixtral 8x7B", "💵 <b>1× H200 costs $3.07/hour.</b>"], ["Cost: $30.70"]),
    ("does mixtral fit on an h100? how much does the h200 cost?",
     [("fit", "mixtral-8x7b", "h100", False), ("cost", None, "h200", False)],
     ["Mixtral 8x7B", "💵 <b>1× H200 costs $3.07/hour.</b>"], ["Cost: $30.70"]),
    ("¿entra mixtral en una h100? ¿cuánto cuesta la h200?",
     [("fit", "mixtral-8x7b", "h100", False), ("cost", None, "h200", False)],
     ["Mixtral 8x7B", "💵 <b>Precio de 1× H200: 3,07\u00a0US$/hora.</b>"], ["Coste: 30,70"]),
    ("est-ce que mixtral tient sur une h100 ? combien coûte la h200 ?",
     [("fit", "mixtral-8x7b", "h100", False), ("cost", None, "h200", False)],
     ["Mixtral 8x7B", "💵 <b>Prix de 1× H200\u00a0: 3,07\u00a0$US/heure.</b>"], ["Coût\u00a0: 30,70"]),
    # ... while the run's cost on another card stays the run's
    ("qlora llama 3 8b sur une 4090 ? et combien ça coûte sur une h100 ?",
     [("fit", "llama-3-8b", "rtx-4090", False), ("cost", "llama-3-8b", "h100", False)],
     ["💵 <b>Coût à titre d'exemple\u00a0: 23,20\u00a0$US</b>"], []),
    # "+" joining a cost asked, as "and how much" does (was read as "RTX 4090 or L40S?")
    ("qlora 8b on a 4090 + how much for 20 hours on an l40s",
     [("fit", "8", "rtx-4090", False), ("cost", None, "l40s", False)],
     ["✅ <b>Yes: an 8B model fits on 1× RTX 4090 (QLoRA).</b>",
      "2️⃣ <i>how much for 20 hours on an l40s</i>", "💵 <b>Cost: $16.40</b>"],
     ["RTX 4090 or L40S?"]),
    ("qlora 8b en una 4090 + cuanto por 20 horas en una l40s",
     [("fit", "8", "rtx-4090", False), ("cost", None, "l40s", False)],
     ["💵 <b>Coste: 16,40\u00a0US$</b>"], ["¿RTX 4090 o L40S?"]),
    ("qlora 8b sur une 4090 + combien pour 20 heures sur une l40s",
     [("fit", "8", "rtx-4090", False), ("cost", None, "l40s", False)],
     ["💵 <b>Coût\u00a0: 16,40\u00a0$US</b>"], ["RTX 4090 ou L40S\u202f?"]),
    # serving asked, then training: both verdicts on that card (was training's alone)
    ("rx 7900 xtx rocm, can i run llama 3 8b? and how about training",
     [("fit", "llama-3-8b", "rx-7900-xtx", True), ("fit", "llama-3-8b", "rx-7900-xtx", False)],
     ["fits: BF16 inference, 8-bit inference, and 4-bit inference.",
      "2️⃣ <i>and how about training</i>", "Llama 3 8B fits: QLoRA and LoRA."], []),
    ("rx 7900 xtx rocm, puedo correr llama 3 8b? y para entrenar?",
     [("fit", "llama-3-8b", "rx-7900-xtx", True), ("fit", "llama-3-8b", "rx-7900-xtx", False)],
     ["inferencia en 4 bits.</b>", "Llama 3 8B cabe con QLoRA y LoRA."], []),
    ("rx 7900 xtx rocm, je peux faire tourner llama 3 8b ? et pour l'entraînement ?",
     [("fit", "llama-3-8b", "rx-7900-xtx", True), ("fit", "llama-3-8b", "rx-7900-xtx", False)],
     ["inférence en 4 bits.</b>", "Llama 3 8B tient avec QLoRA et LoRA."], []),
]


@pytest.mark.parametrize(("text", "shape", "has", "lacks"), OTHER_MIXES)
def test_other_mixes_answer_each_part(
    text: str, shape: list[tuple[str, str | None, str, bool]], has: list[str], lacks: list[str]
) -> None:
    reply = ask(text)
    assert [(p.answer.intent, p.query.model_id or (str(p.query.params_b) if p.query.params_b
             else None), p.query.gpu, p.query.inference) for p in reply.parts] == shape
    says(reply.text, has, ["🤔", *lacks])
    assert validate_telegram_html(reply.text) is None
