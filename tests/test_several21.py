"""Several requests in one message, each answered as asked (session 33): a fit and another
card's price ("can i run llama 3 8b on a 4090 and what's the price of the h100": the fit on the
4090, then the H100's price, was one "RTX 4090 or H100?" comparison)."""

from __future__ import annotations

import pytest

from fakebotapi import validate_telegram_html
from tests.support.chat import ask, says

FIT_4090 = {
    "en": "✅ <b>On 1× RTX 4090, Llama 3 8B fits: BF16 inference, 8-bit inference, and 4-bit "
          "inference.</b>",
    "es": "✅ <b>En 1× RTX 4090, Llama 3 8B cabe con inferencia en BF16, inferencia en 8 bits y"
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
