"""Several requests in one message, each answered as asked (session 33): a fit and another
card's price ("can i run llama 3 8b on a 4090 and what's the price of the h100": the fit on the
4090, then the H100's price, was one "RTX 4090 or H100?" comparison)."""

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
from tests.support.chat import ask, says

FIT_4090 = {
    "en": "✅ <b>On 1× RTX 4090, Llama 3 8B fits: BF16 inference, 8-bit inference, and 4-bit "
          "inference.</b>",
    "es": "✅ <b>En 1× RTX 4090, Llama 3 8B cabe con inferencia en BF16, inferencia en 8 bits e"
          " inferencia en 4 bits.</b>",
    "fr": "✅ <b>Sur 1× RTX 4090, Llama 3 8B tient avec inférence en BF16, inférence en 8 bits "
          "et inférence en 4 bits.</b>",
}
PRICE_H100 = {"en": "💵 <b>1× H100 costs $2.32/hour.</b>",
              "es": "💵 <b>Precio de 1× H100: 2,32\u00a0US$/hora.</b>",
              "fr": "💵 <b>Prix de 1× H100\u00a0: 2,32\u00a0$US/heure.</b>"}
COMPARED = ["RTX 4090 or H100?", "¿RTX 4090 o H100?", "RTX 4090 ou H100\u202f?"]

# text, its parts as (intent, model, gpu), what the reply says in order
FIT_THEN_PRICE = [
    ("can i run llama 3 8b on a 4090 and what's the price of the h100",
     [("fit", "llama-3-8b", "rtx-4090"), ("prices", None, "h100")],
     [FIT_4090["en"], "2️⃣ <i>what's the price of the h100</i>", PRICE_H100["en"]]),
    ("can i run llama3 8b on my 4090 and how much is the h100",
     [("fit", "llama-3-8b", "rtx-4090"), ("prices", None, "h100")],
     [FIT_4090["en"], PRICE_H100["en"]]),
    ("¿puedo correr llama 3 8b en una 4090 y cuánto cuesta la h100?",
     [("fit", "llama-3-8b", "rtx-4090"), ("cost", None, "h100")],
     [FIT_4090["es"], "2️⃣ <i>y cuánto cuesta la h100?</i>", PRICE_H100["es"]]),
    ("je peux faire tourner llama 3 8b sur une 4090 et c'est combien la h100 ?",
     [("fit", "llama-3-8b", "rtx-4090"), ("prices", None, "h100")],
     [FIT_4090["fr"], "2️⃣ <i>et c'est combien la h100 ?</i>", PRICE_H100["fr"]]),
]


@pytest.mark.parametrize(("text", "shape", "has"), FIT_THEN_PRICE)
def test_a_fit_then_another_cards_price(
    text: str, shape: list[tuple[str, str | None, str]], has: list[str]
) -> None:
    reply = ask(text)
    assert [(p.answer.intent, p.query.model_id, p.query.gpu) for p in reply.parts] == shape
    says(reply.text, has, ["🤔", *COMPARED])
    assert validate_telegram_html(reply.text) is None


# Real comparisons stay one comparison.
@pytest.mark.parametrize("text", [
    "4090 or h100 for llama 3 8b?", "4090 vs h100", "llama 3 8b: 4090 or h100?",
    "¿4090 o h100 para llama 3 8b?", "4090 ou h100 pour llama 3 8b ?",
])
def test_comparisons_stay_comparisons(text: str) -> None:
    reply = ask(text)
    assert reply.parts == () and reply.query.intent == "compare"
    assert (reply.query.gpu, reply.query.other_gpus) == ("rtx-4090", ("h100",))


# A fit, then "how much on <card>": that same run's cost there, at our page's illustrative
# hours said as an assumption, as the cost asked whole is (was the whole price list).
RUN_PRICED_ON = [
    ("qlora llama 3 8b on a 4090? and how much on an h100", "h100",
     ["✅ <b>Yes: Llama 3 8B fits on 1× RTX 4090 (QLoRA).</b>",
      "2️⃣ <i>and how much on an h100</i>",
      "💵 <b>Illustrative cost: $23.20</b> — 1× H100 × 10 hours", "illustrative assumption",
      "✅ <b>Yes: Llama 3 8B fits on 1× H100 (QLoRA).</b>"]),
    ("qlora llama 3 8b on a 4090 and how much on an h100", "h100",
     ["fits on 1× RTX 4090 (QLoRA)", "💵 <b>Illustrative cost: $23.20</b>"]),
    ("can i qlora llama3 8b on my 4090?? how much on 2 h100s", "h100",
     ["fits on 1× RTX 4090 (QLoRA)", "💵 <b>Illustrative cost: $23.20</b> — 2× H100 × 5 hours"]),
    ("qlora llama 3 8b en una 4090? y cuanto en una h100", "h100",
     ["✅ <b>Sí: Llama 3 8B cabe en 1× RTX 4090 (QLoRA).</b>",
      "💵 <b>Coste de ejemplo: 23,20\u00a0US$</b> — 1× H100 × 10\u00a0horas", "suposición de ejemplo"]),
    ("lora mistral 7b en mi 3090 y cuanto en una a100", "a100-80gb",
     ["Mistral 7B", "💵 <b>Coste de ejemplo: 22,08\u00a0US$</b> — 1× A100 80GB × 24\u00a0horas"]),
    ("qlora llama 3 8b sur une 4090 ? et combien sur une h100", "h100",
     ["✅ <b>Oui\u00a0: Llama 3 8B tient sur 1× RTX 4090 (QLoRA).</b>",
      "💵 <b>Coût à titre d'exemple\u00a0: 23,20\u00a0$US</b> — 1× H100 × 10\u00a0heures", "hypothèse"]),
]


@pytest.mark.parametrize(("text", "gpu", "has"), RUN_PRICED_ON)
def test_how_much_on_a_card_is_the_runs_cost_there(text: str, gpu: str, has: list[str]) -> None:
    reply = ask(text)
    first, second = reply.parts
    assert first.answer.intent == "fit"
    assert (second.answer.intent, second.query.model_id, second.query.method, second.query.gpu) \
        == ("cost", first.query.model_id, first.query.method, gpu)
    says(reply.text, has, ["🤔", "💲 <b>GPU prices per hour</b>", "Precios de las GPU",
                           "Prix des GPU", *COMPARED])
    assert validate_telegram_html(reply.text) is None


# Two models trained each their own way on one card: each run as asked (its method, the card,
# the hours asked), one section each; a cost the same for both said once (was the last model
# alone with every method listed). (text, each section's (model or size, method, intent), what
# the reply says in order, what it must not say)
TRAINED_EACH = [
    ("lora mistral 7b and qlora llama 3 8b, cost for 5 hours on an a100",
     [("mistral-7b", "lora", "cost"), ("llama-3-8b", "qlora", "cost")],
     ["1️⃣ <i>Mistral 7B</i>", "💵 <b>You pay $9.20</b>", "1× A100 80GB × 5 hours",
      "✅ <b>Yes: Mistral 7B (7.3B parameters) fits on 1× A100 80GB (LoRA).</b>",
      "2️⃣ <i>Llama 3 8B</i>", "✅ <b>Yes: Llama 3 8B fits on 1× A100 80GB (QLoRA).</b>"],
     ["Full fine-tuning", "QLoRA and LoRA"]),
    ("lora mistral 7b y qlora llama 3 8b, cuanto cuesta 5 horas en una a100",
     [("mistral-7b", "lora", "cost"), ("llama-3-8b", "qlora", "cost")],
     ["💵 <b>Pagas 9,20\u00a0US$</b>", "cabe en 1× A100 80GB (LoRA)",
      "✅ <b>Sí: Llama 3 8B cabe en 1× A100 80GB (QLoRA).</b>"], ["completo"]),
    ("lora mistral 7b et qlora llama 3 8b, combien pour 5 heures sur une a100",
     [("mistral-7b", "lora", "cost"), ("llama-3-8b", "qlora", "cost")],
     ["💵 <b>Vous payez 9,20\u00a0$US</b>", "tient sur 1× A100 80GB (LoRA)",
      "✅ <b>Oui\u00a0: Llama 3 8B tient sur 1× A100 80GB (QLoRA).</b>"], ["complet"]),
    ("lora mistral 7b and qlora llama 3 8b on an a100",
     [("mistral-7b", "lora", "fit"), ("llama-3-8b", "qlora", "fit")],
     ["fits on 1× A100 80GB (LoRA)", "✅ <b>Yes: Llama 3 8B fits on 1× A100 80GB (QLoRA).</b>"],
     ["Full fine-tuning"]),
    # "+" between models each with its method: trained each (was served together)
    ("qlora llama 3 8b + lora mistral 7b on an a100",
     [("llama-3-8b", "qlora", "fit"), ("mistral-7b", "lora", "fit")],
     ["✅ <b>Yes: Llama 3 8B fits on 1× A100 80GB (QLoRA).</b>",
      "fits on 1× A100 80GB (LoRA)"], ["fit together"]),
    ("lora mistral7b + qlora llama3 8b cost for 5h on a100",
     [("mistral-7b", "lora", "cost"), ("llama-3-8b", "qlora", "cost")],
     ["💵 <b>You pay $9.20</b>", "fits on 1× A100 80GB (LoRA)",
      "✅ <b>Yes: Llama 3 8B fits on 1× A100 80GB (QLoRA).</b>"], ["fit together"]),
    ("qlora 7b and full ft 1b on a 4090",
     [("7", "qlora", "fit"), ("1", "full_adamw", "fit")],
     ["✅ <b>Yes: a 7B model fits on 1× RTX 4090 (QLoRA).</b>",
      # fit21: 23.6 GB at the assumed 128k vocabulary, 27.3 GB at 256k, on 25.76 GB
      "⚠️ <b>Depends on the model: a 1B model with Llama 3's 128k vocabulary fits on 1× RTX 4090 "
      "(full AdamW, 23.6 GB per GPU), one with Gemma's 256k does not (27.3 GB).</b>"],
     ["LoRA (BF16 base)", "QLoRA, LoRA, full 8-bit Adam"]),
    ("qlora 7b y full ft 1b en una 4090", [("7", "qlora", "fit"), ("1", "full_adamw", "fit")],
     ["✅ <b>Sí: un modelo de 7B cabe en 1× RTX 4090 (QLoRA).</b>",
      "⚠️ <b>Depende del modelo: un modelo de 1B con el vocabulario de 128k de Llama 3 cabe en "
      "1× RTX 4090 (completo con AdamW, 23,6\u00a0GB por GPU); uno con los 256k de Gemma no "
      "(27,3\u00a0GB).</b>"], []),
    ("qlora 7b et full ft 1b sur une 4090", [("7", "qlora", "fit"), ("1", "full_adamw", "fit")],
     ["✅ <b>Oui\u00a0: un modèle 7B tient sur 1× RTX 4090 (QLoRA).</b>",
      "⚠️ <b>Cela dépend du modèle\u00a0: un modèle 1B avec le vocabulaire de 128k de Llama 3 "
      "tient sur 1× RTX 4090 (complet avec AdamW, 23,6\u202fGo par GPU)\u202f; avec les 256k de "
      "Gemma, non (27,3\u202fGo).</b>"], []),
]


@pytest.mark.parametrize(("text", "shape", "has", "lacks"), TRAINED_EACH)
def test_each_model_trained_as_asked(
    text: str, shape: list[tuple[str, str, str]], has: list[str], lacks: list[str]
) -> None:
    reply = ask(text)
    assert [(p.query.model_id or str(p.query.params_b), p.query.method, p.answer.intent)
            for p in reply.parts] == shape
    says(reply.text, has, ["🤔", *lacks])
    assert validate_telegram_html(reply.text) is None


def test_the_same_cost_is_said_once() -> None:
    """Once in the sections, beside the two runs' total (session 35, tests/test_conv23.py)."""
    reply = ask(TRAINED_EACH[0][0])
    assert reply.text.count("💵") == 2 and reply.text.count("🧾 <b>Both runs") == 1
    assert all(p.query.hours == 5 and p.query.gpu == "a100-80gb" for p in reply.parts)


# Two alerts in one message: both set, each in its section (was the first alone set). (text, the
# alerts as (gpu, threshold), what the reply says in order, what /alerts lists in order)
TWO_ALERTS = [
    ("notify me when the h100 drops below 2 and alert me when the a100 drops below 1",
     ["🔔 Alert set: when the H100 drops below $2 per hour.",
      "🔔 Alert set: when the A100 80GB drops below $1 per hour."],
     ["H100 drops below $2", "A100 80GB drops below $1"]),
    ("alert me if the h100 drops below 2 and the a100 below 1",
     ["🔔 Alert set: when the H100 drops below $2 per hour.",
      "🔔 Alert set: when the A100 80GB drops below $1 per hour."],
     ["H100 drops below $2", "A100 80GB drops below $1"]),
    ("avísame si la h100 baja de 2 y si la a100 baja de 1",
     ["🔔 Alerta creada: cuando la H100 baje de 2\u00a0US$ por hora.",
      "🔔 Alerta creada: cuando la A100 80GB baje de 1\u00a0US$ por hora."],
     ["La H100 baja de 2\u00a0US$", "La A100 80GB baja de 1\u00a0US$"]),
    ("préviens-moi si la h100 passe sous 2 $ et la a100 sous 1 $",
     ["🔔 Alerte créée\u00a0: quand le H100 passe sous 2\u00a0$US de l'heure.",
      "🔔 Alerte créée\u00a0: quand l'A100 80GB passe sous 1\u00a0$US de l'heure."],
     ["Le H100 passe sous 2\u00a0$US", "L'A100 80GB passe sous 1\u00a0$US"]),
]


@pytest.mark.parametrize(("text", "said", "listed"), TWO_ALERTS)
def test_two_alerts_are_two_parts(text: str, said: list[str], listed: list[str]) -> None:
    reply = ask(text)
    assert [(p.answer.intent, p.query.gpu, p.query.threshold_usd) for p in reply.parts] == [
        ("alert", "h100", Decimal(2)), ("alert", "a100-80gb", Decimal(1))]
    assert validate_telegram_html(reply.text) is None


@pytest.mark.parametrize(("text", "said", "listed"), TWO_ALERTS)
async def test_the_console_sets_both_alerts(
    console: Console, text: str, said: list[str], listed: list[str]
) -> None:
    says(to_plain(await console.answer(text)), said, [])
    says(to_plain(await console.answer("/alerts")), listed, [])


# One alert, or the same alert said twice, stays the message's one reading ("… y la b200
# también?" is two alerts since session 35: tests/test_conv23.py).
@pytest.mark.parametrize("text", [
    "alert me if the h100 drops below 2",
    "alert me when the h100 drops below 2 and the price of the h200",
])
def test_one_alert_stays_one_reading(text: str) -> None:
    reply = ask(text)
    assert not [p for p in reply.parts if p.answer.intent == "alert"][1:]


@pytest_asyncio.fixture
async def app(api: FakeBotAPI, tmp_path: Path) -> AsyncIterator[Application]:  # type: ignore[type-arg]
    async with running_on_sqlite(api, tmp_path) as application:
        yield application


async def test_telegram_sets_both_alerts(api: FakeBotAPI, app: Any) -> None:
    api.push_message(921, TWO_ALERTS[0][0], language_code="en")
    sent = await api.wait_for_messages(1, chat_id=921, timeout=10)
    await asyncio.sleep(0.2)  # nothing more comes
    assert api.message_count(921) == 1
    assert validate_telegram_html(sent[0].text) is None
    says(sent[0].text, TWO_ALERTS[0][1], [])
    api.push_message(921, "avisame si la h200 baja de 3 y si la b200 baja de 4",
                     language_code="es")
    sent = await api.wait_for_messages(2, chat_id=921, timeout=10)
    says(sent[-1].text, ["🔔 Alerta creada: cuando la H200 baje de 3\u00a0US$ por hora.",
                         "🔔 Alerta creada: cuando la B200 baje de 4\u00a0US$ por hora."], [])
    api.push_message(921, "/alerts", language_code="en")
    listed = await api.wait_for_messages(3, chat_id=921, timeout=10)
    says(listed[-1].text, ["H100 drops below $2", "A100 80GB drops below $1", "H200", "B200"], [])


# Models served together with "+" stay served together.
@pytest.mark.parametrize("text", [
    "llama 3 8b + mistral 7b on a 4090", "run qwen2.5 7b in 4bit + llama 3 8b in 4bit on a 4090",
])
def test_served_together_stays(text: str) -> None:
    assert "together on 1× RTX 4090" in ask(text).text
