"""bot/understand/normalise.py: Latin-1 text (accents, "¿", "«»") folded by one byte table gives
what the general steps give (casefold, symbols, NFKD, marks, non-ASCII to spaces)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.understand import normalise
from bot.understand.normalise import fold
from tests.support.corpus import corpus_texts

LATIN = [chr(code) for code in range(128, 256)]


def test_spanish_and_french_texts_take_the_table() -> None:
    assert normalise._latin_folded("¿Cuánto cuesta una H100?") == " Cuanto cuesta una H100?"
    assert normalise._latin_folded("Combien coûte «ça» ?") == "Combien coute  ca  ?"
    # What folds to more than one character, or is read as a digit, takes the general steps.
    for text in ("8× H100", "straße", "½ journée", "10²", "7\u00ad0B", "llama ≥ 70b", "日本"):
        assert normalise._latin_folded(text) is None, text


def _general(monkeypatch: pytest.MonkeyPatch) -> Callable[[str], str]:
    def folded(text: str) -> str:
        with monkeypatch.context() as m:
            m.setattr(normalise, "_latin_folded", lambda _: None)
            return fold(text)

    return folded


def _texts() -> list[str]:
    out = corpus_texts()
    return out


def test_the_table_folds_as_the_general_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    general = _general(monkeypatch)
    contexts = ("{}", "a{}b", " {} ", "10{}", "7{}0b", "{}{}x", "x?{}?", "{}\n{}", "\x85{}",
                "A100 {} 40GB", "¿{}?", "{}*2", "`{}`", "{}  {}")
    texts = [ctx.format(c, c) for c in LATIN for ctx in contexts]
    texts += [a + b for a in LATIN for b in LATIN]
    texts += [t for t in _texts() if not t.isascii()]
    taken = 0
    for text in texts:
        taken += normalise._latin_folded(text[: normalise.MAX_CHARS]) is not None
        assert fold(text) == general(text), text
    assert taken > len(texts) // 2  # most of them took the table
