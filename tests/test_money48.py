"""Money as users write it (money48): a budget by the month with no currency ("my budget is
1k/month how many h100 hours per day") and in euros, a bare "1.2k" whose worth on a card is asked
("whats 1.2k get me on h200"), and whether a run fits a budget said in words ("i have fifty bucks,
can i qlora llama 3 8b")."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.pipeline import Pipeline
from bot.understand import understand
from rules.catalogue import load_catalogue
from tests.support.spaces import plain as _plain

CAT = load_catalogue()
PIPELINE = Pipeline(CAT)


def _reply(question: str, lang: str | None) -> str:
    return _plain(PIPELINE.ask(question, chosen_locale=lang).text)


# 1. A budget by the month: the hours it buys on the card asked, at the published price, and
# a day's share of them over a month of 30 days (was 24 hours of the card priced, the budget
# unread, or a month of rental quoted for "1000 € par mois").
@pytest.mark.parametrize(("question", "lang", "budget", "days", "text"), [
    ("my budget is 1k/month how many h100 hours per day", None, "1000", 30,
     "Per month (a month taken as 30 days): about 14.3 hours a day."),
    ("my budget is 1k/month how many h100 hours per day", None, "1000", 30,
     "$1,000 buys 430 hours of 1× H100 in whole blocks"),
    ("budget 1k a month, h100 hours?", None, "1000", 30, "No currency named"),
    ("i have 2 grand a month how many h100 hrs a day", None, "2000", 30,
     "$2,000 buys 862 hours of 1× H100"),
    # more hours a day than a day has: said so (was "about 28.7 hours a day" on one H100)
    ("i have 2 grand a month how many h100 hrs a day", None, "2000", 30,
     "about 28.7 hours a day, more than the 24 a day has"),
    ("2000 al mes, cuantas horas de h100 al dia", "es", "2000", 30,
     "unas 28,7 horas al día, más de las 24 que tiene un día"),
    ("1k/mo budget h100 hours per day?", None, "1000", 30, "about 14.3 hours a day"),
    ("1000 al mes, cuantas horas de h100 al dia", "es", "1000", 30,
     "Por mes (contando un mes como 30 días): unas 14,3 horas al día."),
    ("mon budget c'est 2k par mois, combien d'heures de h200 par jour", "fr", "2000", 30,
     "2 000 $US vous donnent 650 heures de 1× H200"),
])
def test_a_bare_budget_by_the_month(question: str, lang: str | None, budget: str, days: int,
                                    text: str) -> None:
    query = understand(question, CAT)
    assert query.budget_usd == Decimal(budget)
    assert query.budget_days == days and query.hours is None
    reply = _reply(question, lang)
    assert text in reply, reply
    assert "× 24 hours" not in reply and "× 720 h" not in reply


@pytest.mark.parametrize(("question", "lang", "text"), [
    ("1000 € par mois, combien d'heures de h100 par jour", "fr",
     "je ne convertis pas les devises"),
    ("1000 euros al mes, cuantas horas de h100 al dia", "es", "no convierto"),
    ("£500 a month, how many h100 hours", None, "I do not convert currencies"),
])
def test_a_foreign_budget_by_the_month_is_not_a_month_of_rental(question: str, lang: str | None,
                                                                text: str) -> None:
    query = understand(question, CAT)
    assert query.money_foreign and query.hours is None and query.budget_usd is None
    reply = _reply(question, lang)
    assert text in reply, reply
    assert "720" not in reply


# 2. A bare sum whose worth is asked: a budget in dollars, said to be assumed, and its hours
# on the card asked and on that card's other priced configurations (was the price list).
@pytest.mark.parametrize(("question", "lang", "budget", "text"), [
    ("whats 1.2k get me on h200", None, "1200",
     "On the H200's other configurations, the same GPU-hours are 195 hours on 2× H200 "
     "($6.14/hour) and 48.75 hours on 8× H200 ($24.56/hour)."),
    ("whats 1.2k get me on h200", None, "1200", "$1,200 buys 390 hours of 1× H200"),
    ("what does 500 buy me on an h100", None, "500", "$500 buys 214 hours of 1× H100"),
    ("wat does 500 buy me on an h100", None, "500", "$500 buys 214 hours of 1× H100"),
    ("1,2k ça me donne quoi sur h200", "fr", "1200", "1 200 $US vous donnent 390 heures"),
    ("qu'est-ce que 1,2k me donne sur une h200", "fr", "1200", "195 heures sur 2× H200"),
])
def test_a_bare_sum_whose_worth_is_asked(question: str, lang: str | None, budget: str,
                                         text: str) -> None:
    query = understand(question, CAT)
    assert query.budget_usd == Decimal(budget) and query.budget_assumed
    reply = _reply(question, lang)
    assert text in reply, reply
    assert "GPU prices per hour" not in reply


@pytest.mark.parametrize("question", [
    "whats 2 get me",  # two cards as likely as two dollars
    "qu'est-ce que 2 me donne",
    "whats 1.2k get me on 1x h200",  # a count said: that configuration alone
])
def test_no_sum_or_no_other_configuration(question: str) -> None:
    query = understand(question, CAT)
    if "h200" not in question:
        assert query.budget_usd is None
    else:
        assert query.budget_usd == Decimal(1200)
        assert "other configurations" not in _reply(question, None)


# 3. A budget beside "can i <train> <model>", no card named: whether the run fits the money
# leads, with its estimated cost on the configuration it costs least on, then the hours the
# money buys (was the hours alone, then the memory verdict). Sums in words too.
@pytest.mark.parametrize(("question", "lang", "budget", "lead"), [
    ("i have fifty bucks, can i qlora llama 3 8b", None, "50",
     "✅ <b>Within $50 for our page's illustrative QLoRA run of 10 GPU-hours: you pay $8.20 on "
     "1× L40S.</b> $41.80 of it is left."),
    ("tengo cincuenta dólares, puedo hacer qlora de llama 3 8b?", "es", "50",
     "✅ <b>Te alcanza con 50 US$ para el entrenamiento QLoRA de ejemplo de nuestra página"),
    ("j'ai cinquante dollars, je peux faire un qlora de llama 3 8b ?", "fr", "50",
     "✅ <b>Cela tient dans 50 $US pour l'entraînement QLoRA d'exemple de notre page"),
    ("i have five bucks can i full finetune llama 3 70b", None, "5",
     "❌ <b>Not within $5 for our page's illustrative full AdamW run of 168 GPU-hours"),
    ("got a tenner, can i lora mistral 7b?", None, "10",
     "❌ <b>Not within $10 for our page's illustrative LoRA run of 24 GPU-hours: you pay $19.68"),
])
def test_a_run_asked_beside_a_budget_leads_with_whether_it_fits(
        question: str, lang: str | None, budget: str, lead: str) -> None:
    query = understand(question, CAT)
    assert query.budget_usd == Decimal(budget) and query.budget_enough
    reply = _reply(question, lang)
    assert reply.startswith(lead), reply


# 4. One vocabulary for vague sums: the quantifiers and scales of "a few hundred" are one table
# (numbers._FEW_WORDS, _FEW_SCALES, _FEW_PLURALS) read by a dataset's count and by a sum, the
# words of money one has one constant (lexicon.HAVE_MONEY_WORDS), and the figure a vague sum
# was read as is carried from words_to_digits to the reply (parse._budget_said), not searched
# for again in the text before its rewriting.
@pytest.mark.parametrize(("said", "read", "sums"), [
    ("a few hundred bucks, how many h100 hours", "300 bucks, how many h100 hours",
     [("a few hundred", Decimal(300))]),
    ("tengo unos cientos de dolares", "tengo 300 dolares", [("unos cientos", Decimal(300))]),
    ("mon budget est de quelques centaines", "mon budget est de 300",
     [("quelques centaines", Decimal(300))]),
    ("a couple grand on h100s", "2 grand on h100s", [("a couple grand", Decimal(2000))]),
    ("une centaine de dollars", "100 dollars", []),  # about a hundred: the user's own figure
    ("a few hundred examples", "300 examples", []),  # a dataset's, no sum
    ("des centaines de lignes", "300 lignes", []),
    ("quelques milliers de lignes", "3000 lignes", []),
    ("lora llama 3 8b on a few hundred.", "lora llama 3 8b on a few hundred.", []),
])
def test_vague_sums_read_once_from_one_table(said: str, read: str,
                                             sums: list[tuple[str | None, Decimal]]) -> None:
    from bot.understand.numbers import words_to_digits
    got: list[tuple[str | None, Decimal]] = []
    assert words_to_digits(said, sums=got) == read
    assert got == sums


def test_one_table_of_few_and_one_list_of_money_one_has() -> None:
    from bot.understand import lexicon, numbers
    assert numbers._FEW_VALUE["hundred"] == "300 " and numbers._FEW_VALUE["milliards"] == \
        "3 billion "
    assert numbers._VAGUE_SCALE["grand"] == 1000 and "million" not in numbers._VAGUE_SCALE
    for word in numbers._FEW_WORDS:
        assert word in numbers._FEW_OF_SCALE.pattern and word in numbers._VAGUE_SUM.pattern
    assert lexicon.HAVE_MONEY_WORDS in numbers._VAGUE_SUM.pattern


@pytest.mark.parametrize(("question", "budget", "said"), [
    ("budget est de quelques centaines, combien d'heures de h100", "300", "quelques centaines"),
    ("presupuesto es de unos cientos, cuantas horas de h100", "300", "unos cientos"),
    ("i got a few hundred for h100 hours", "300", "a few hundred"),
    ("a few hundred bucks, how many h100 hours", "300", "a few hundred"),
])
def test_the_vague_words_carried_to_the_reply(question: str, budget: str, said: str) -> None:
    query = understand(question, CAT)
    assert query.budget_usd == Decimal(budget) and query.budget_said == said
