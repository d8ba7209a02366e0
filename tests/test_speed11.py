"""Instruction cuts of issue 16 (speed11): each a shortcut that must give what the general
path gives, on every corpus question."""

from __future__ import annotations

import re

import pytest

import bot.engines as engines
import bot.two_models as two
from benchmarks.run import cold_questions
from bot.understand import split
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


class _Counted:
    """An engine's pattern that counts its scans."""

    def __init__(self, pattern: re.Pattern[str], scans: list[str]) -> None:
        self.pattern, self.scans = pattern, scans

    def finditer(self, text: str) -> object:
        self.scans.append(text)
        return self.pattern.finditer(text)


def test_a_text_naming_no_engine_is_scanned_once(monkeypatch: pytest.MonkeyPatch) -> None:
    scans: list[str] = []
    monkeypatch.setattr(engines, "_ENGINES",
                        tuple((e, _Counted(p, scans)) for e, p in engines._ENGINES))
    assert not engines.asks_engines("how much is an h100 per hour")
    assert scans == []  # was one scan an engine (eleven), for every question asked
    assert engines.asks_engines("vllm vs Ollama for llama 3 8b")
    assert len(scans) == len(engines._ENGINES)


def test_the_engines_named_are_as_before() -> None:
    def each(text: str) -> list[tuple[str, list[tuple[int, int]]]]:
        found = [(e, [m.span() for m in p.finditer(text)]) for e, p in engines._ENGINES]
        return sorted(((e, s) for e, s in found if s), key=lambda f: f[1][0][0])

    texts = [*corpus_texts(), "vLLM vs TGI vs SGLang", "LM Studio or llama.cpp", "with jan 2",
             "text-generation-launcher and Ollama", "using Jan.ai"]
    for text in texts:
        assert engines._named(text) == each(text), text


def test_a_number_with_a_one_before_its_point_is_no_list() -> None:
    # "qlora 171.3b …" held "1.": every such question was scanned for cuts it cannot have.
    assert not split._may_cut(split.flat("QLoRA 171.3B avec seq len 512, batch 1 et 21M tokens"))
    assert split._may_cut(split.flat("1. can i run llama 3 8b 2. how much is an h100"))
    assert split._may_cut(split.flat("two questions: 1) llama on a 4090 2) the h100 price"))


def test_the_screen_before_cutting_misses_no_cut() -> None:
    texts = [*corpus_texts(), *cold_questions(300, "en"), *cold_questions(300, "es"),
             *cold_questions(300, "fr"), "1. llama 3 8b on a 4090\n2. h100 price", "x 1) a 2) b"]
    for text in texts:
        folded = split.flat(text)
        if not split._may_cut(folded):
            assert next(split._CUT.finditer(folded), None) is None, text
            assert split._inline_items(folded) == [], text
