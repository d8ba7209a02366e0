"""Which of English, Spanish or French a question is written in — or None when it does not say
("qlora 70b 4090" is the same in all three)."""

from __future__ import annotations

import re
from typing import Final

from bot.understand.lexicon import STOPWORDS
from bot.understand.query import LANGS, Lang

_TOKEN: Final = re.compile(r"[a-z]+(?:['-][a-z]+)*")
# Characters only one of the languages writes. "é" is common to Spanish and French: left out.
_SPANISH_MARKS: Final = re.compile(r"[¿¡ñáíóú]")
_FRENCH_MARKS: Final = re.compile(r"[çèêàùâîûôëïœ]")
_JOINERS: Final = re.compile(r"['-]")


def _token_forms(token: str) -> tuple[str, ...]:
    """The token and its parts: "previens-moi" counts as itself, "previens" and "moi"."""
    if "-" in token or "'" in token:
        return (token, *_JOINERS.split(token))
    return (token,)


def detect(raw: str, folded: str) -> Lang | None:
    """The language with the most marker words and letters, when it clearly leads."""
    scores: dict[Lang, float] = dict.fromkeys(LANGS, 0.0)
    for token in _TOKEN.findall(folded):
        for form in _token_forms(token):
            for lang in LANGS:
                if form in STOPWORDS[lang]:
                    scores[lang] += 1
    lowered = raw[:1500].lower()
    scores["es"] += 1.5 * len(_SPANISH_MARKS.findall(lowered))
    scores["fr"] += 1.5 * len(_FRENCH_MARKS.findall(lowered))
    ranked = sorted(scores.items(), key=lambda item: item[1], reverse=True)
    (best, top), (_, second) = ranked[0], ranked[1]
    if top < 1 or top == second:
        return None
    return best
