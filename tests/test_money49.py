"""Money as users write it (money49): "is $40 enough to qlora llama 3 8b" said its answer once
(the lead then the same run's "Illustrative cost … Buy 1 block" at the bottom); "quelques
millions de tokens" was read "3 million s", and a vague dataset size is said back as read."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.pipeline import Pipeline
from bot.understand import understand
from bot.understand.numbers import words_to_digits
from rules.catalogue import load_catalogue
from tests.support.spaces import plain as _plain

CAT = load_catalogue()
PIPELINE = Pipeline(CAT)


def _reply(question: str, lang: str | None) -> str:
    return _plain(PIPELINE.ask(question, chosen_locale=lang).text)


# 1. Whether a budget pays for a run, no data said: the lead prices our page's illustrative run
# in whole blocks against the budget, the fit verdict follows; the quote of that same run (its
# "Illustrative cost" and "Buy 1 block of 10 GPU-hours") is not said again below them.
@pytest.mark.parametrize(("question", "lang", "lead", "repeated"), [
    ("is $40 enough to qlora llama 3 8b", None,
     "✅ <b>Within $40 for our page's illustrative QLoRA run of 10 GPU-hours: you pay $8.20 on "
     "1× L40S.</b> $31.80 of it is left.", ("Illustrative cost", "Buy 1 block")),
    ("i have fifty bucks, can i qlora llama 3 8b", None,
     "✅ <b>Within $50 for our page's illustrative QLoRA run", ("Illustrative cost", "Buy 1 block")),
    ("would 5 bucks be enough to qlora llama3 8b??", None,
     "❌ <b>Not within $5 for our page's illustrative QLoRA run", ("Illustrative cost",
                                                                   "Buy 1 block")),
    ("tengo 100 dolares, me alcanza para un lora de llama 3 8b?", "es",
     "✅ <b>Te alcanza con 100 US$ para el entrenamiento LoRA de ejemplo de nuestra página",
     ("Coste de ejemplo", "Compra 1 bloque")),
    ("40 $ ça suffit pour un qlora de mistral 7b ?", "fr",
     "✅ <b>Cela tient dans 40 $US pour l'entraînement QLoRA d'exemple de notre page",
     ("Coût à titre d'exemple", "Achetez 1 bloc")),
])
def test_is_a_budget_enough_says_the_run_once(question: str, lang: str | None, lead: str,
                                              repeated: tuple[str, ...]) -> None:
    reply = _reply(question, lang)
    assert reply.startswith(lead), reply
    assert not [said for said in repeated if said in reply], reply
    assert "✅ <b>" in reply.split("\n\n", 1)[1], reply  # the fit verdict follows


# 3. A dataset's size said vaguely: "quelques millions de tokens" was read "3 million s de
# tokens" ("million" tried before "millions", the plural's "s" left over: no dataset read, the
# page's illustrative hours quoted); the figure taken is said back, as a vague sum's is, in
# each language (was "3 million tokens" with no word that the user had not said it).
@pytest.mark.parametrize(("question", "lang", "tokens", "said"), [
    ("combien pour un qlora de llama 3 8b sur quelques millions de tokens", "fr", 3 * 10**6,
     "↔️ « quelques millions » compris comme 3 millions de tokens : donnez-moi le nombre exact"),
    ("combien de temps pour un qlora de llama 3 8b sur une h100 avec plusieurs millions de tokens",
     "fr", 3 * 10**6, "↔️ « plusieurs millions » compris comme 3 millions de tokens"),
    ("qlora de llama 3 8b sur quelques milliards de tokens, combien de temps sur 8 h100", "fr",
     3 * 10**9, "↔️ « quelques milliards » compris comme 3 milliards de tokens"),
    ("cuanto cuesta un qlora de llama 3 8b con unos cuantos millones de tokens", "es", 3 * 10**6,
     "↔️ «unos cuantos millones» lo tomo como 3 millones de tokens: dime la cifra exacta"),
    ("how long to qlora llama 3 8b on an h100 with a few million tokens", None, 3 * 10**6,
     "↔️ “a few million” read as 3 million tokens: tell me the exact count for an exact answer."),
    ("how long to qlora llama 3 8b on an h100 with a few thousand samples", None, None,
     "↔️ “a few thousand” read as 3,000 samples: tell me the exact count"),
])
def test_a_vague_dataset_size_is_read_and_said_back(question: str, lang: str | None,
                                                    tokens: int | None, said: str) -> None:
    query = understand(question, CAT)
    if tokens is not None:
        assert query.dataset_tokens == tokens
    reply = _reply(question, lang)
    assert reply.startswith(said), reply
    assert " s de tokens" not in reply


def test_vague_words_are_read_longest_scale_first() -> None:
    assert words_to_digits("quelques millions de tokens") == "3 million tokens"
    assert words_to_digits("quelques milliards de tokens") == "3 billion tokens"


# 2. A budget by the week, and "we have" in Spanish and French: "$500 a week for h100 hours" was
# the H100's price list (the sum no budget: its card came after the week), "$500 per week on
# h100" a week of H100 rental priced, "i have $500 a week" the week dropped; "tenemos unos cientos
# de dólares" and "on a quelques centaines de dollars" were not understood. A week's budget that
# buys more than 24 hours a day says so, as a month's does.
@pytest.mark.parametrize(("question", "lang", "budget", "days", "text"), [
    ("$500 a week for h100 hours", None, "500", 7,
     "🗓 Per week: about 30.6 hours a day, more than the 24 a day has: one configuration running "
     "around the clock uses 168 hours a week"),
    ("$500 per week on h100", None, "500", 7, "$500 buys 214 hours of 1× H100 in whole blocks"),
    ("$500/wk on h100s", None, "500", 7, "$500 buys 214 hours of 1× H100"),
    ("i have $500 a week, how many h100 hours", None, "500", 7, "🗓 Per week: about 30.6 hours"),
    ("500 dolares a la semana para horas de h100", "es", "500", 7,
     "🗓 Por semana: unas 30,6 horas al día, más de las 24 que tiene un día"),
    ("500 $ par semaine pour des heures de h100", "fr", "500", 7,
     "🗓 Par semaine : environ 30,6 heures par jour, plus que les 24 d'une journée"),
    ("300 dolares para horas de h100", "es", "300", None, "Con 300 US$ tienes 128 horas de 1× H100"),
    ("tenemos unos cientos de dólares", "es", "300", None,
     "↔️ «unos cientos» lo tomo como 300 US$: dime la cifra exacta"),
    ("tenemos unos cientos de dolares para h100", "es", "300", None,
     "Con 300 US$ tienes 128 horas de 1× H100"),
    ("on a quelques centaines de dollars", "fr", "300", None,
     "↔️ « quelques centaines » compris comme 300 $US"),
    ("nous avons 300 $ pour des heures de h100", "fr", "300", None,
     "300 $US vous donnent 128 heures de 1× H100"),
])
def test_a_weekly_budget_and_we_have(question: str, lang: str | None, budget: str,
                                     days: int | None, text: str) -> None:
    query = understand(question, CAT)
    assert query.budget_usd == Decimal(budget) and query.budget_days == days
    assert query.hours is None
    reply = _reply(question, lang)
    assert text in reply, reply
    assert "× 168 hours" not in reply and "Prix de 1× H100" not in reply


def test_a_few_hundred_euros_is_a_budget_in_euros() -> None:
    """"on a quelques centaines d'euros": a budget in another currency, refused as "j'ai 300
    euros" is, with what dollars buy (was the bare "our prices are in dollars" of a currency
    question)."""
    reply = _reply("on a quelques centaines d'euros", "fr")
    assert reply.startswith("💱 Nos prix sont en dollars américains et je ne convertis pas les "
                            "devises : donnez-moi le budget en dollars"), reply


# 4. One fit and cost question, no method named: the method the verdict leads with is priced,
# the others in one line (was each method's quote in turn: four "Illustrative cost" blocks for
# "me entra llama 3 70b en 2 4090 y cuanto me sale").
@pytest.mark.parametrize(("question", "lang", "label", "others"), [
    ("me entra llama 3 70b en 2 4090 y cuanto me sale", "es", "Coste de ejemplo",
     "💡 Los otros métodos, con las horas de ejemplo de nuestra página, cada uno en la "
     "configuración ofrecida más barata en la que cabe: LoRA: 22,08 US$ en 4× A100 80GB"),
    ("does llama 3 70b fit on 2 4090s and what would it cost", None, "Illustrative cost",
     "💡 The other methods, at our page's illustrative hours, each on the cheapest offered "
     "configuration that holds it: LoRA: $22.08 on 4× A100 80GB, full 8-bit Adam: $515.76 on "
     "8× H200, and full AdamW: $774.48 on 8× B200."),
    ("does llama 3 70b fit on 2 4090s and what would it cost for 20 hours", None, "Cost:",
     "💡 The other methods for the same hours, each on the cheapest offered configuration that "
     "holds it: LoRA: $73.60 on 4× A100 80GB"),
    ("est-ce que llama 3 70b tient sur 2 4090 et combien ça coûte", "fr",
     "Coût à titre d'exemple", "💡 Les autres méthodes, aux heures d'exemple de notre page"),
    ("can i finetune llama 3 70b on 2x a100 and how much", None, "Illustrative cost",
     "LoRA: $22.08 on 4× A100 80GB"),
    ("me entra llama 3 8b en una h100 y cuanto me sale", "es", "Coste de ejemplo",
     "completo con Adam de 8 bits: 515,76 US$ en 1× H200"),
])
def test_a_fit_and_cost_question_prices_the_verdicts_method(
        question: str, lang: str | None, label: str, others: str) -> None:
    reply = _reply(question, lang)
    assert reply.count(label) == 1, reply
    assert others in reply, reply
