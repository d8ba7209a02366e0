"""A card we do not rent, named alone ("3090", "2x p40", "una rx 6600 xt") or with the subject
left out ("got 2 p40s", "running 2x 3090"), is the user's: acknowledged, said to have no price
here, and kept for the next questions (it was "We don't rent the RTX 3090, so there is no price
to quote", and the next question lost the card). A rented card named alone keeps its price."""

from __future__ import annotations

import pytest

from bot.understand import understand
from rules.catalogue import load_catalogue
from tests.support.chat import converse

CAT = load_catalogue()


@pytest.mark.parametrize(
    ("text", "gpu_id", "count"),
    [("3090", "rtx-3090", None), ("rtx 3090", "rtx-3090", None), ("2x p40", "p40", 2),
     ("my 3090", "rtx-3090", None), ("una rx 6600 xt", "rx-6600-xt", None),
     ("got 2 p40s", "p40", 2), ("running 2x 3090", "rtx-3090", 2)],
)
def test_the_card_alone_is_noted(text: str, gpu_id: str, count: int | None) -> None:
    query = understand(text, CAT)
    assert query.card_owned and (query.gpu, query.gpu_count) == (gpu_id, count)


@pytest.mark.parametrize("text", ["h100", "3090 price", "3090?", "have you got h100s?"])
def test_a_rented_card_or_a_price_asked_is_not_noted(text: str) -> None:
    assert not understand(text, CAT).card_owned


@pytest.mark.parametrize(
    ("locale", "said"),
    [("en", "🏠 We don't rent the RTX 3090, so there is no price to quote for it"),
     ("es", "🏠 No alquilamos la RTX 3090, así que no hay precio que dar"),
     ("fr", "🏠 Nous ne louons pas la RTX 3090\u00a0: il n'y a donc pas de prix à donner")],
)
def test_the_card_is_kept_and_said_unrented(locale: str, said: str) -> None:
    noted, asked = converse("3090", "qlora llama 3 8b?", locale=locale)
    assert noted.text.startswith("👍 <b>") and said in noted.text
    assert "RTX 3090" in asked.text.split("\n")[1]


def test_saying_you_own_it_needs_no_price_line() -> None:
    (noted,) = converse("i have a 3090")
    assert "no price" not in noted.text
