"""Payment questions as people type them: a way of paying the service does not take gets a
direct "no" with what it takes (the seed: crypto only, "no ID and no card"), and a payment asked
beside a price gets both answers."""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline, to_json
from bot.understand import understand
from fakebotapi import validate_telegram_html
from rules.catalogue import load_catalogue

CAT = load_catalogue()
PIPE = Pipeline(CAT)
COINS = ("BTC", "USDT", "USDC", "ETH", "SOL", "LTC", "XMR")


@pytest.mark.parametrize(("text", "refused"), [
    ("do you accept PayPal?", ("paypal",)),
    ("paypal?", ("paypal",)),
    ("do u take credit card??", ("card",)),
    ("can i pay w/ visa or mastercard", ("card",)),
    ("can I pay with paypal or a bank transfer", ("paypal", "bank")),
    ("¿aceptan tarjeta?", ("card",)),
    ("se puede pagar con paypal", ("paypal",)),
    ("pago por transferencia bancaria?", ("bank",)),
    ("vous acceptez la carte bancaire ?", ("card",)),
    ("je peux payer par virement ?", ("bank",)),
    ("on peut payer en CB ?", ("card",)),
    ("paypal ou cb, je peux payer en cb ?", ("paypal", "card")),
])
def test_a_way_of_paying_not_taken_gets_a_direct_no(text: str, refused: tuple[str, ...]) -> None:
    query = understand(text, CAT)
    assert (query.intent, query.pay_refused) == ("pay", refused)
    reply = PIPE.ask(text)
    assert reply.text.startswith("🚫 <b>"), reply.text
    assert all(coin in reply.text for coin in COINS)
    assert validate_telegram_html(reply.text) is None


@pytest.mark.parametrize("text", [
    "can I fit qlora 70b on my card?",
    "which card should I take for lora 8b",
    "how much per hour is a card with 48gb",
    "can i pay with usdt?",
    "qlora 70b sur ma carte 24 go ?",
    "¿cuánto cuesta una tarjeta con 80gb por hora?",
])
def test_a_graphics_card_or_a_coin_is_no_refused_payment(text: str) -> None:
    assert understand(text, CAT).pay_refused == ()


@pytest.mark.parametrize(("text", "lang", "price", "pay_head"), [
    ("how much is an h100 per hour and can i pay with usdt?", "en", "$2.32",
     "🪙 <b>Paying in crypto</b>"),
    ("h100 price/hr? also do u take usdt", "en", "$2.32", "🪙 <b>Paying in crypto</b>"),
    ("¿cuánto cuesta la a100 y aceptan bitcoin?", "es", "0,92", "🪙 <b>Pagar con cripto</b>"),
    ("combien coute une h100 de l'heure, je peux payer en btc ?", "fr", "2,32",
     "🪙 <b>Payer en crypto</b>"),
])
def test_a_price_and_a_payment_in_one_message_get_both(
    text: str, lang: str, price: str, pay_head: str
) -> None:
    out = to_json(PIPE.ask(text))
    body = str(out["text"])
    assert out["lang"] == lang and out["intent"] in ("prices", "cost") and out["gpu"]
    assert out["usd_per_hour"] is not None
    # The price first, the payment after it.
    assert price in body and pay_head in body
    assert body.index(price) < body.index(pay_head)
    assert validate_telegram_html(body) is None


def test_a_cost_with_a_refused_payment_answers_the_cost_then_says_no() -> None:
    out = to_json(PIPE.ask("how much for qlora 70b on an h100 for 10h, can i pay with paypal?"))
    body = str(out["text"])
    assert (out["intent"], out["cost_usd"]) == ("cost", "23.20")
    assert body.startswith("💵 <b>Cost: $23.20</b>"), body
    assert body.index("$23.20") < body.index("No: we do not take PayPal, only crypto.")


def test_a_price_alone_gets_no_payment_block() -> None:
    assert "🪙" not in PIPE.ask("how much is an h100 per hour?").text


# --- accelerators that are not GPUs ----------------------------------------------------------

@pytest.mark.parametrize(("text", "name"), [
    ("QLoRA 70B on a TPU", "TPU"),
    ("qlora 70b on google tpu v5e", "TPU v5e"),
    ("lora 8b on 8x gaudi3", "Gaudi 3"),
    ("full finetune 7b on Intel Gaudi 2", "Gaudi 2"),
    ("can trainium2 run llama 3 70b?", "Trainium2"),
    ("serve llama 3 8b on aws inferentia2", "Inferentia2"),
])
def test_an_accelerator_we_have_no_data_for_is_said_first(text: str, name: str) -> None:
    query = understand(text, CAT)
    assert query.accelerator == name and query.gpu is None
    out = to_json(PIPE.ask(text))
    body = str(out["text"])
    assert body.startswith(f"🚫 We have no data for the {name}:"), body
    # No figure is made up for the chip: the JSON names no configuration.
    assert (out["gpu"], out["vram_gb"], out["fits"]) == (None, None, None)
    assert validate_telegram_html(body) is None


@pytest.mark.parametrize("text", [
    "qlora 70b on an h100", "inferencia de llama 3 8b en una 4090", "tpux gaudium 8b",
])
def test_no_accelerator_is_read_where_none_is_named(text: str) -> None:
    assert understand(text, CAT).accelerator is None
