"""words43 (session 43): Spanish and French as people type them in chats (no accents, "q",
"xq", "stp", "bcp", numbers in words, slang for money, the card they own, crypto).

An OOM pasted after "me sale" ("me sale Tried to allocate 2.00 GiB …") is what the run throws,
not "how much does it come to" (was the cost of the run on an L40S). "une trentaine de dollars"
is about 30 dollars (was not understood). "50 balles en usdt" is 50 USDT, "balles" ("pavos" in
Spain) the slang's units and the stablecoin the unit (was refused as euros; "50 balles" alone
still is). French "la T4", as French users write Colab's card, like "la L4" (was "le T4", and
"La L4 … du T4" in one comparison). "50 verdes" are dollars (was not read). "y con 50 dólares
¿cuántas horas?" after the price of a weekend asks the hours the sum buys (was whether it
covers the 48 hours). Electricity said "luz" or "courant" is asked (was the run's cost), and
hours on one's own card with the electricity asked are their kWh (was "no price to quote").
kWh and W are kept to their number by a no-break space in es/fr. "veinticuatro hs",
"twenty four hrs" are hours (was none read).
"""

from __future__ import annotations

import pytest

from bot.render.phrases import gpu_forms
from tests.support.chat import ask, converse, says

# (lang, question, card): an OOM pasted after "me sale" is the run's error, not a price asked.
OOM_PASTED: list[tuple[str, str, str]] = [
    ("es", "me sale Tried to allocate 2.00 GiB con qlora de llama 3 8b en mi 3090", "rtx-3090"),
    ("es", "me sale esto: torch.OutOfMemoryError con lora de 8b en la 4090", "rtx-4090"),
    ("es", "me sale sin memoria con un lora de 7b en mi 4090", "rtx-4090"),
]


@pytest.mark.parametrize(("lang", "q", "gpu"), OOM_PASTED)
def test_an_oom_pasted_after_me_sale_is_no_price(lang: str, q: str, gpu: str) -> None:
    reply = ask(q, lang)
    assert reply.answer.intent == "fit", reply.text
    assert reply.query.oom, reply.text
    assert reply.query.gpu == gpu
    assert reply.text.startswith("⚠️ <b>Te dio OOM"), reply.text
    assert "💵 <b>Coste" not in reply.text


# "me sale" is still what something comes to.
def test_me_sale_still_asks_a_price() -> None:
    assert ask("cuanto me sale un qlora de 8b en una h100", "es").answer.intent == "cost"


# (lang, question, what the reply leads with): about so many dollars, as that many.
ABOUT_SO_MANY_DOLLARS: list[tuple[str, str, str]] = [
    ("fr", "avec une trentaine de dollars je fais quoi",
     "💵 <b>30\u00a0$US vous donnent 34\u00a0heures de 1× L40S"),
    ("fr", "j'ai une centaine de dollars en usdt, combien d'heures de h100 ?",
     "💵 <b>100\u00a0$US vous donnent 40\u00a0heures de 1× H100"),
    ("es", "tengo una treintena de dolares, cuantas horas de a100?",
     "💵 <b>Con 30\u00a0US$ tienes 30 horas de 1× A100 80GB"),
]


@pytest.mark.parametrize(("lang", "q", "lead"), ABOUT_SO_MANY_DOLLARS)
def test_about_so_many_dollars_is_that_many(lang: str, q: str, lead: str) -> None:
    reply = ask(q, lang)
    assert reply.answer.intent == "cost", reply.text
    assert reply.text.startswith(lead), reply.text


# (lang, question, hours of the card asked, the stablecoin's note): slang for the money's units
# with a stablecoin after it is so many of that coin.
SLANG_IN_A_STABLECOIN: list[tuple[str, str, str, str]] = [
    ("fr", "50 balles en usdt ca fait combien d'heures de h100",
     "💵 <b>50\u00a0$US vous donnent 20\u00a0heures de 1× H100",
     "si vos 50 USDT sont crédités de ce montant"),
    ("fr", "j'ai 50 balles en usdt, je peux louer quoi ?",
     "💵 <b>50\u00a0$US vous donnent 60\u00a0heures de 1× L40S", "USDT"),
    ("es", "tengo 50 pavos en usdt, cuantas horas de a100?",
     "💵 <b>Con 50\u00a0US$ tienes 54 horas de 1× A100 80GB", "si tus 50 USDT se abonan"),
]


@pytest.mark.parametrize(("lang", "q", "hours", "coin"), SLANG_IN_A_STABLECOIN)
def test_slang_money_in_a_stablecoin_is_that_coin(lang: str, q: str, hours: str,
                                                  coin: str) -> None:
    reply = ask(q, lang)
    assert reply.answer.intent == "cost", reply.text
    says(reply.text, [hours, coin], ["💱"])


# The slang alone, or euros into a stablecoin, are still another currency: nothing converted.
@pytest.mark.parametrize(("lang", "q"), [
    ("fr", "j'ai 50 balles, combien d'heures de h100 ?"),
    ("fr", "50 euros en usdt ca fait combien d'heures de h100"),
    ("es", "tengo 50 pavos, cuantas horas de a100?"),
])
def test_another_currency_is_still_refused(lang: str, q: str) -> None:
    assert ask(q, lang).text.startswith("💱"), q


# French articles: the T4 feminine like the L4 and the L40S; the data-center GPUs masculine.
@pytest.mark.parametrize(("name", "the", "of"), [
    ("T4", "la T4", "de la T4"),
    ("L4", "la L4", "de la L4"),
    ("H100", "le H100", "du H100"),
    ("Tesla P4", "le Tesla P4", "du Tesla P4"),
])
def test_french_card_articles(name: str, the: str, of: str) -> None:
    forms = gpu_forms("fr", name)
    assert (forms["the"], forms["of"]) == (the, of)


def test_l4_and_t4_compared_agree() -> None:
    reply = ask("c'est quoi la diff entre la L4 et la T4 ?", "fr")
    assert reply.answer.intent == "compare", reply.text
    says(reply.text, ["La L4 offre 1,9 fois le débit Tensor 16 bits de pointe de la T4",
                      "la T4 n'a pas de BF16"], ["du T4", "le T4"])


# "verdes" (Argentina, Uruguay): US dollars (was not read: "how many hours depends on the job").
@pytest.mark.parametrize(("q", "lead"), [
    ("tengo 50 verdes, cuantas horas de h100 me alcanzan",
     "💵 <b>Con 50\u00a0US$ tienes 20 horas de 1× H100"),
    ("tengo 200 verdes en usdt, cuantas horas de a100?",
     "💵 <b>Con 200\u00a0US$ tienes 216 horas de 1× A100 80GB"),
])
def test_verdes_are_dollars(q: str, lead: str) -> None:
    reply = ask(q, "es")
    assert reply.answer.intent == "cost", reply.text
    assert reply.text.startswith(lead), reply.text


# (lang, a price of hours, then a sum and how many hours it buys): the hours the sum buys on
# that card, not whether it covers the hours before.
HOURS_A_SUM_BUYS: list[tuple[str, str, str, str]] = [
    ("en", "what does an h100 cost for a weekend?", "and with 50 dollars how many hours?",
     "💵 <b>$50 buys 20 hours of 1× H100"),
    ("es", "cuanto me sale la h100 un finde?", "y con 50 verdes cuantas horas?",
     "💵 <b>Con 50\u00a0US$ tienes 20 horas de 1× H100"),
    ("fr", "combien coute une h100 un week-end ?", "et avec 50 dollars combien d'heures ?",
     "💵 <b>50\u00a0$US vous donnent 20\u00a0heures de 1× H100"),
]


@pytest.mark.parametrize(("lang", "first", "then", "lead"), HOURS_A_SUM_BUYS)
def test_a_sum_after_hours_asks_the_hours_it_buys(lang: str, first: str, then: str,
                                                  lead: str) -> None:
    reply = converse(first, then, locale=lang)[1]
    assert reply.query.hours is None, reply.text
    says(reply.text, [lead], ["❌"])


# A sum alone after them is still whether it covers them.
def test_a_sum_alone_after_hours_is_whether_it_covers_them() -> None:
    reply = converse("what does an h100 cost for a weekend?", "and with 50 dollars?",
                     locale="en")[1]
    assert reply.text.split("\n")[1].startswith("❌ <b>Not within $50: 48 hours"), reply.text


# (lang, question): electricity asked as people say it ("luz", "courant"): the run's kWh on the
# card's board power (was the cost of the run on a rented L40S, no electricity).
ELECTRICITY_IN_WORDS: list[tuple[str, str, str]] = [
    ("es", "cuanto consume de luz un qlora de llama 3 8b en mi 3090 con 10k ejemplos de 512 "
     "tokens?", "⚡ <b>Electricidad: unos 0,7\xa0kWh</b>"),
    ("es", "cuanta luz gasta un qlora de llama 3 8b en mi 3090 con 10k ejemplos de 512 tokens?",
     "⚡ <b>Electricidad: unos 0,7\xa0kWh</b>"),
    ("fr", "combien de courant consomme un qlora de llama 3 8b sur ma 3090 avec 10k exemples de "
     "512 tokens ?", "⚡ <b>Électricité\xa0: environ 0,7\u202fkWh</b>"),
]


@pytest.mark.parametrize(("lang", "q", "said"), ELECTRICITY_IN_WORDS)
def test_electricity_said_in_words(lang: str, q: str, said: str) -> None:
    reply = ask(q, lang)
    assert reply.answer.intent == "time", reply.text
    assert reply.query.electricity_asked
    says(reply.text, [said], [])


# "tiens-moi au courant", "luz verde": no electricity.
@pytest.mark.parametrize(("lang", "q"), [
    ("fr", "tiens moi au courant quand la h100 baisse"),
    ("es", "tengo luz verde pa entrenar un 8b en la h100 cuanto sale 10 horas"),
])
def test_no_electricity_in_other_words(lang: str, q: str) -> None:
    assert not ask(q, lang).query.electricity_asked


# (lang, question, lead): hours on one's own card with the electricity asked are their kWh at
# its board power (was "We don't rent the RTX 3090, so there is no price to quote"; the RTX
# 4090's unpublished price).
HOURS_ELECTRICITY: list[tuple[str, str, str]] = [
    ("es", "cuanta luz gasta mi 3090 toda la noche?",
     "⚡ <b>Electricidad: unos 2,8\u00a0kWh</b> — 1 × 350\u00a0W × 8\u00a0horas"),
    ("en", "how much electricity does my 3090 use running 10 hours at 0.30 $/kwh?",
     "⚡ <b>Electricity: about 3.5 kWh, $1.05 at $0.30 a kWh</b> — 1 × 350 W × 10 hours"),
    ("fr", "ma 4090 tourne tout le week-end, ça consomme combien d'électricité ?",
     "⚡ <b>Électricité\u00a0: environ 21,6\u202fkWh</b> — 1 × 450\u202fW × 48\u00a0heures"),
]


@pytest.mark.parametrize(("lang", "q", "lead"), HOURS_ELECTRICITY)
def test_hours_on_ones_own_card_are_their_electricity(lang: str, q: str, lead: str) -> None:
    reply = ask(q, lang)
    says(reply.text, [lead], ["🏠", "devis"])
    assert reply.text.startswith(lead), reply.text


# The price of a card we do not rent, no electricity asked, is still refused.
def test_a_price_of_an_unrented_card_is_still_refused() -> None:
    assert ask("cuanto cuesta la 3090 por 10 horas?", "es").text.startswith("🏠")


# Hours in words before "hs"/"hrs" (was no hours read: the price of an hour and its blocks).
@pytest.mark.parametrize(("lang", "q", "hours"), [
    ("es", "cuanto sale una h100 veinticuatro hs", 24),
    ("en", "how much is an h100 for twenty four hrs", 24),
])
def test_hours_in_words_before_hs(lang: str, q: str, hours: int) -> None:
    reply = ask(q, lang)
    assert reply.query.hours == hours, reply.text
