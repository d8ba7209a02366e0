"""conv22: a chat's follow-ups and several requests in one message, as people write them
(tests.support.chat.converse), en/es/fr: each reply asserted."""

from __future__ import annotations

import pytest

from tests.support.chat import converse, says

# After a run on cards counted ("on 1 h100", "on 2 h100"), a bare number counts them again
# (was "2 of what?"); after a run on "an h100" (no count said) it is still asked back.
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
    ("qlora llama3 70b on an h100", "what about 2", "❓ <b>2 of what?</b>"),
    ("qlora de llama 3 70b en una 4090", "¿y 2?", "❓ <b>¿2 de qué?</b>"),
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
    ("en", "qlora llama 3 8b on an h100", "in eur?",
     ["Our prices are in US dollars only:", "Cost: $23.20"]),
    ("en", "qlora llama 3 8b on an h100", "and in dollars?",
     ["In US dollars:", "Cost: $23.20"]),
]


@pytest.mark.parametrize(("lang", "price", "currency", "has"), CURRENCY)
def test_the_currency_asked_after_a_price_answers_with_the_figure(
        lang: str, price: str, currency: str, has: list[str]) -> None:
    before, after = converse(price, currency)
    assert after.locale == lang, after.text
    assert after.query.gpu == before.query.gpu, after.text
    says(after.text, has, ["🤔", "I did not understand"])
