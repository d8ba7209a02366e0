"""Memory said in words ("a twenty four gig card", "veinticuatro gigas", "vingt-quatre go",
"eight gigs of vram") is that memory: was left as words, the card unread ("Memory for a 7B
model" with no verdict). "in one go" stays no memory."""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline, to_json
from bot.understand.numbers import words_to_digits
from rules.catalogue import load_catalogue

CAT = load_catalogue()


@pytest.mark.parametrize(("folded", "digits"), [
    ("a twenty four gig card", "24 gig card"),  # "a" read with the number, harmless
    ("twenty-four gigs of vram", "24 gigs of vram"),
    ("eight gigs of vram", "8 gigs of vram"),
    ("una tarjeta de veinticuatro gigas", "una tarjeta de 24 gigas"),
    ("une carte de vingt-quatre go", "une carte de 24 go"),
    ("sixteen gb card", "16 gb card"),
    ("all in one go on an h100", "all in one go on an h100"),
])
def test_memory_words_become_digits(folded: str, digits: str) -> None:
    assert words_to_digits(folded) == digits
    assert words_to_digits(folded, quick=False) == digits


@pytest.mark.parametrize(("text", "locale", "starts"), [
    ("can i train a seven billion param model on a twenty four gig card", None,
     "✅ <b>On 1× GPU of 24 GB, a 7B model fits"),
    ("puedo entrenar un modelo de 7b en una tarjeta de veinticuatro gigas", "es",
     "✅ <b>En 1× GPU de 24\u00a0GB, un modelo de 7B cabe"),
    ("qlora 7b sur une carte de vingt-quatre go ?", "fr",
     "✅ <b>Oui\u00a0: un modèle 7B tient sur 1× GPU de 24\u202fGo"),
])
def test_memory_in_words_gets_a_verdict(text: str, locale: str | None, starts: str) -> None:
    reply = to_json(Pipeline(CAT).ask(text, chosen_locale=locale))
    assert str(reply["text"]).startswith(starts), reply["text"]
