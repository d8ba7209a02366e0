"""Instruction cuts of issue 16 (speed11): each a shortcut that must give what the general
path gives, on every corpus question."""

from __future__ import annotations

import re

import bot.two_models as two
from bot.understand.lazy import with_opening
from bot.understand.normalise import fold
from tests.support.corpus import corpus_texts

# The together words and the "+" between two words, as one pattern before they were split.
_TOGETHER_AS_ONE = two._TOGETHER._source[0] + r"|\w ?\+ ?\w"  # type: ignore[attr-defined]
_TWO_AS_WRITTEN = two._TWO._source[0]  # type: ignore[attr-defined]
_LISTED_AS_WRITTEN = two._LISTED._source[0]  # type: ignore[attr-defined]


def test_a_pattern_opening_with_a_word_boundary_gets_a_look_ahead() -> None:
    # "\b(?:both|…)" tried its alternatives at every word's edge: now only where one opens.
    assert with_opening(r"\bgb|\bgo") == r"(?=[g])(?:\bgb|\bgo)"
    assert with_opening(r"\b(?:x|y)z") == r"(?=[xy])\b(?:x|y)z"
    assert two._TOGETHER.pattern.startswith("(?=[")


def test_the_together_tests_read_as_before() -> None:
    together, listed = re.compile(_TOGETHER_AS_ONE), re.compile(_LISTED_AS_WRITTEN)
    counted = re.compile(_TWO_AS_WRITTEN)
    texts = [*corpus_texts(), "llama 3 8b + an embedding model", "qwen+llama", "a + b", "+"]
    for text in texts:
        folded = fold(text)
        assert two._together(folded) == (together.search(folded) is not None), text
        assert two.asks_together(text) == (
            counted.search(folded) is not None or together.search(folded) is not None
            or listed.search(folded) is not None), text

