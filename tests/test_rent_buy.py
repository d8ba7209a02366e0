"""Renting against buying: the rented hour a card is weighed against (rules/rent_buy.py)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from rules.rent_buy import rent_or_buy
from tests.support.chat import CATALOGUE, ask


def test_the_rented_gpu_named_is_the_hour_weighed() -> None:
    cat = CATALOGUE
    named = rent_or_buy(cat.gpu("rtx-3090"), Decimal(700), cat, cat.gpu("h100"))
    assert (named.rented, named.basis, named.break_even_hours) == ("h100", "named", Decimal(302))
    # none named, or one we do not price: the cheapest hour at least as large and fast
    assert rent_or_buy(cat.gpu("rtx-3090"), None, cat).rented == "l40s"
    assert rent_or_buy(cat.gpu("rtx-3090"), None, cat, cat.gpu("rtx-4090")).basis == "peak"


@pytest.mark.parametrize(("text", "lang", "lead"), [
    ("should i buy a 3090 or rent an a100 for occasional finetuning", "en",
     "🏠 <b>We do not rent the RTX 3090: I weigh it against the A100 80GB you named, at "
     "$0.92/hour.</b>\nThe A100 80GB has 80 GB against 24 GB, and 312 against 71 dense BF16 "
     "TFLOPS at its datasheet peak."),
    ("buy a used 3090 for 700 dollars or rent an h100?", "en",
     "🏠 <b>We do not rent the RTX 3090: I weigh it against the H100 you named"),
    ("comprar una 3090 usada por 700 dolares o alquilar una h100?", "es",
     "🏠 <b>No alquilamos la RTX 3090: la comparo con la H100 que mencionas, a 2,32\u00a0US$/hora."),
    ("acheter une 3090 ou louer une a100 ?", "fr",
     "🏠 <b>Nous ne louons pas la RTX 3090\u00a0: comparaison faite avec l'A100 80GB que vous citez"),
])
def test_buy_one_card_or_rent_another_weighs_the_one_named(text: str, lang: str, lead: str) -> None:
    """Was the L40S ("the cheapest hour at least as large and fast"), the A100 or H100 the user
    would rent dropped."""
    reply = ask(text, lang).text
    assert reply.startswith(lead), reply


def test_buy_or_rent_with_no_rental_named_keeps_the_equivalent() -> None:
    reply = ask("rent or buy a 4090", "en").text
    assert "I weigh it against the L40S at $0.82/hour." in reply, reply
