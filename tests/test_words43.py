"""words43 (session 43): Spanish and French as people type them in chats (no accents, "q",
"xq", "stp", "bcp", numbers in words, slang for money, the card they own, crypto).

An OOM pasted after "me sale" ("me sale Tried to allocate 2.00 GiB …") is what the run throws,
not "how much does it come to" (was the cost of the run on an L40S). "une trentaine de dollars"
is about 30 dollars (was not understood). "50 balles en usdt" is 50 USDT, "balles" ("pavos" in
Spain) the slang's units and the stablecoin the unit (was refused as euros; "50 balles" alone
still is). French "la T4", as French users write Colab's card, like "la L4" (was "le T4", and
"La L4 … du T4" in one comparison).
"""

from __future__ import annotations

import pytest

from bot.render.phrases import gpu_forms
from tests.support.chat import ask, says

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
