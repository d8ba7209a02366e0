"""How people write money and budgets (words47): vague sums ("a few hundred bucks", "unos
cientos de dólares", "quelques centaines de dollars") read as a figure that the reply names,
never passed off as the user's own number (was "$100 buys 40 hours" for "a few hundred")."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.pipeline import Pipeline
from bot.understand import understand
from rules.catalogue import load_catalogue
from tests.support.spaces import plain as _plain

CAT = load_catalogue()
PIPELINE = Pipeline(CAT)


@pytest.mark.parametrize(("question", "lang", "budget", "said", "text"), [
    ("a few hundred bucks, how many h100 hours", None, "300", "a few hundred",
     "↔️ “a few hundred” read as $300: tell me the exact sum for an exact answer."),
    ("several hundred dollars, how many h100 hours", None, "300", "several hundred",
     "$300 buys 128 hours of 1× H100"),
    ("i got a few hundred for h100 hours", None, "300", "a few hundred",
     "“a few hundred” read as $300, in US dollars, the only currency of our prices"),
    ("budget is a few hundred, how many h100 hours", None, "300", "a few hundred",
     "$300 buys 128 hours"),
    ("a couple grand, how many h100 hours", None, "2000", "a couple grand",
     "“a couple grand” read as $2,000, in US dollars"),
    ("a couple hundred bucks, how many h100 hours", None, "200", "a couple hundred",
     "“a couple hundred” read as $200"),
    ("few hundred bucks to qlora llama 3 8b, enough?", None, "300", "few hundred",
     "Within $300 for our page's illustrative QLoRA run"),
    ("tengo unos cientos de dólares, cuántas horas de h100", "es", "300", "unos cientos",
     "Con 300 US$ tienes 128 horas de 1× H100"),
    ("j'ai quelques centaines de dollars, combien d'heures de h100", "fr", "300",
     "quelques centaines", "300 $US vous donnent 128 heures de 1× H100"),
])
def test_a_vague_sum_is_read_as_a_figure_the_reply_names(
        question: str, lang: str | None, budget: str, said: str, text: str) -> None:
    query = understand(question, CAT)
    assert query.budget_usd == Decimal(budget), question
    assert query.budget_said == said, question
    reply = _plain(PIPELINE.ask(question, chosen_locale=lang).text)
    assert text in reply, reply
    assert said in reply.split("\n")[0], reply


@pytest.mark.parametrize(("question", "budget"), [
    # an exact sum says nothing back, and "a few hundred" of samples is no budget
    ("i have $300, how many h100 hours", "300"),
    ("i have a few hundred samples, qlora llama 3 8b on a 4090", None),
    ("a couple hundred thousand rows, qlora mistral 7b on h100 cost", None),
    # about a hundred: the user's own figure (tests/test_words43.py)
    ("j'ai une centaine de dollars, combien d'heures de h100", "100"),
])
def test_exact_sums_and_samples_are_not_vague_budgets(question: str, budget: str | None) -> None:
    query = understand(question, CAT)
    assert query.budget_usd == (None if budget is None else Decimal(budget))
    assert query.budget_said is None
    # no sum said back ("a few hundred samples" is said back as samples: tests/test_money49.py)
    assert not [line for line in PIPELINE.ask(question).text.splitlines()
                if line.startswith("↔️") and "$" in line]


def test_about_a_thousand_dollars_is_a_thousand() -> None:
    # "un millier de dollars" was no budget at all ("depends on the job")
    query = understand("j'ai un millier de dollars, combien d'heures de h100", CAT)
    assert query.budget_usd == Decimal(1000) and query.budget_said is None


@pytest.mark.parametrize(("question", "lang", "lead", "has"), [
    # a run beside a budget in euros: its cost in dollars leads, the euros said not converted
    # (was the run alone, the €300 silently dropped)
    ("€300 for a qlora of llama 70b on h100 for 10 hours, enough?", None,
     "💱 <b>In US dollars, this run costs $23.20 on 1× H100 (10 GPU-hours in whole blocks).</b>"
     " Your budget is in another currency", "✅ <b>Yes: Llama 70B fits on 1× H100 (QLoRA).</b>"),
    # ... with no hours, our page's illustrative run (was the question refused outright)
    ("is 50 euros enough to qlora llama 3 8b", None,
     "💱 <b>In US dollars, our page's illustrative QLoRA run of 10 GPU-hours costs $8.20 on "
     "1× L40S.</b>", "cost: $8.20</b> — 1× L40S × 10 hours"),
    ("tengo 100 euros pa entrenar llama 3 8b", "es",
     "💱 <b>En dólares estadounidenses, el entrenamiento QLoRA de ejemplo de nuestra página",
     "no convierto divisas"),
    ("300 € pour un qlora de llama 70b sur h100 pendant 10 heures, ça suffit ?", "fr",
     "💱 <b>En dollars américains, ce travail coûte 23,20 $US sur 1× H100", "taux de change"),
])
def test_a_run_beside_a_budget_in_euros_is_priced_in_dollars(
        question: str, lang: str | None, lead: str, has: str) -> None:
    reply = PIPELINE.ask(question, chosen_locale=lang)
    assert reply.answer.error is None and reply.answer.budget_foreign, reply.text
    text = _plain(reply.text)
    assert text.startswith(lead), text
    assert has in text, text


@pytest.mark.parametrize(("question", "lang", "has"), [
    # a bare budget in euros: still asked in dollars, and what round dollar sums buy at the
    # price of the card asked about (was the refusal alone)
    ("I have 200 euros, how much h100 time", None,
     "💵 At $2.32/hour on 1× H100, $100 buys 43.1 hours, $500 buys 215.5 hours, and $1,000 "
     "buys 431 hours (before rounding to whole blocks of GPU-hours): compare at your own "
     "exchange rate."),
    ("I have 300 quid, how many h100 hours", None, "$100 buys 43.1 hours"),
    ("50 quid for a100 hours how many", None, "At $0.92/hour on 1× A100 80GB, $100 buys 108.6"),
    ("tengo 200 euros, cuantas horas de h100", "es", "con 100 US$ tienes 43,1 horas"),
    ("j'ai 500 balles, combien d'heures de h100", "fr", "100 $US donnent 43,1 heures"),
    # no card named: our cheapest configuration's
    ("j'ai 200 euros, qu'est-ce que je peux louer ?", "fr", "sur 1× L40S"),
])
def test_a_bare_budget_in_euros_shows_what_dollars_buy(question: str, lang: str | None,
                                                       has: str) -> None:
    reply = PIPELINE.ask(question, chosen_locale=lang)
    assert reply.answer.error == "budget_not_usd", reply.text
    assert has in _plain(reply.text), reply.text


@pytest.mark.parametrize(("question", "lang", "budget", "hours"), [
    # the stablecoin before the sum (was no sum read: "how many GPU-hours depends on the job")
    ("usdt 200 how many h100 hours", None, "200", 84),
    ("usdc 50, how many hours on a100", None, "50", 54),
    # chat's misspellings of dollars (was no sum read)
    ("got like 300 dollers, how many h100 hrs", None, "300", 128),
    ("tengo 300 dolars cuantas horas de h100", "es", "300", 128),
    # a budget said for a card, no question word (was the price list)
    ("i have 200$ for h100", None, "200", 84),
    ("tengo 200 dolares para horas de h100", "es", "200", 84),
    ("tengo 200 usd para gastar en h100", "es", "200", 84),
    ("j'ai 300 dollars pour des heures de h100", "fr", "300", 128),
])
def test_money_as_chat_writes_it_buys_hours(question: str, lang: str | None, budget: str,
                                            hours: int) -> None:
    reply = PIPELINE.ask(question, chosen_locale=lang)
    assert reply.query.budget_usd == Decimal(budget), reply.text
    assert reply.answer.intent == "cost" and reply.answer.budget is not None, reply.text
    assert reply.answer.budget_blocks is not None \
        and reply.answer.budget_blocks.hours_bought == hours, reply.text


@pytest.mark.parametrize(("question", "lang", "budget", "hours"), [
    # "how much … does 300 usdt get me" (was the price list)
    ("how much h100 time does 300 usdt get me", None, "300", 128),
    # "US dollars" (was no sum read)
    ("300 US dollars how many h100 hours", None, "300", 128),
])
def test_more_ways_of_asking_what_dollars_buy(question: str, lang: str | None, budget: str,
                                             hours: int) -> None:
    reply = PIPELINE.ask(question, chosen_locale=lang)
    assert reply.query.budget_usd == Decimal(budget), reply.text
    assert reply.answer.budget_blocks is not None \
        and reply.answer.budget_blocks.hours_bought == hours, reply.text


@pytest.mark.parametrize(("question", "lang", "error"), [
    # a vague sum in euros or pounds is a budget in another currency, not "depends on the job"
    ("j'ai quelques centaines d'euros, combien d'heures de h100", "fr", "budget_not_usd"),
    ("tengo unos cientos de euros, cuantas horas de h100", "es", "budget_not_usd"),
    ("a few hundred quid, how many h100 hours", None, "budget_not_usd"),
])
def test_a_vague_sum_in_euros_is_not_converted(question: str, lang: str | None,
                                               error: str | None) -> None:
    reply = PIPELINE.ask(question, chosen_locale=lang)
    assert reply.query.money_foreign and reply.query.budget_usd is None, reply.text
    assert reply.answer.error == error, reply.text
    assert error is not None or reply.answer.budget_foreign, reply.text


@pytest.mark.parametrize(("question", "lang", "has"), [
    # a budget in another currency said for a card, no question word (was "Got it: H100")
    ("j'ai 2 000 balles pour du h100", "fr", "100 $US donnent 43,1 heures"),
    ("j'ai 200€ pour du h100", "fr", "sur 1× H100"),
    ("tengo 200 euros para una h100", "es", "con 100 US$ tienes 43,1 horas"),
    ("i have 200 quid for h100 hours", None, "At $2.32/hour on 1× H100"),
])
def test_a_budget_in_euros_for_a_card_is_asked_in_dollars(question: str, lang: str | None,
                                                          has: str) -> None:
    reply = PIPELINE.ask(question, chosen_locale=lang)
    assert reply.answer.error == "budget_not_usd", reply.text
    assert has in _plain(reply.text), reply.text
