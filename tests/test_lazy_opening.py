"""bot/understand/lazy.py's openings: a pattern that opens with a look-around or a word boundary
is compiled with a look-ahead for the characters its matches open with. Every match opens with one
of them (checked here against the parsed pattern, as ``re`` reads it), so the same text gives the
same matches."""

from __future__ import annotations

import _sre  # type: ignore[import-not-found]
import re
from re import _constants as sre  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]
from typing import Any

import pytest

import bot.several  # its patterns made
import bot.two_models  # its patterns made (word-boundary openings)
import bot.understand.parse  # noqa: F401  (every module's patterns made)
from bot.understand import lazy
from bot.understand.lazy import opening, with_opening
from bot.understand.normalise import fold
from tests.support.corpus import corpus_texts


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        (r"(?<![a-z0-9])(?:how|what) much", {"h", "w"}),
        (r"(?<![a-z])\d+ ?gb|(?<=x)[a-c_-]", {"\\d", "a", "b", "c", "_", "-"}),
        (r"(?:(?<=\dx)|(?<![\w.]))(?P<n>foo|\d{2,}|b{0,2}c)", {"f", "\\d", "b", "c"}),
        (r"(?<![a-z])(?:x ?)?\$", {"x", "$"}),  # an optional item: what follows may open
        (r"(?<![a-z])\bq(?=\d)", {"q"}),  # zero-width items open nothing
        (r"(?<![a-z])[\w.]{1,3}", {"\\w", "."}),
        (r"(?<![a-z])a?", None),  # may match the empty string
        (r"(?<![a-z]).x", None),  # any character
        (r"(?<![a-z])[^a]x", None),  # a negated set
        (r"(?<![a-z])(?i:a)", None),  # flags inside
        (r"(?<![a-z])(?P<n>a)(?P=n)", {"a"}),  # a reference after the opening is not read
        (r"(?<![a-z])\x41", None),  # escapes other than \d \w \s and punctuation
    ],
)
def test_what_a_match_opens_with(pattern: str, expected: set[str] | None) -> None:
    found = opening(pattern)
    assert (None if found is None else set(found)) == expected


def test_only_patterns_opening_with_a_look_around_get_one() -> None:
    assert with_opening(r"\d+ ?gb") == r"\d+ ?gb"  # the engine finds its first character itself
    assert with_opening(r"(?<![a-z])gb", re.IGNORECASE) == r"(?<![a-z])gb"
    assert with_opening(r"(?<![a-z])gb|(?<![a-z])go") == r"(?=[g])(?:(?<![a-z])gb|(?<![a-z])go)"
    assert with_opening(r"(?<![a-z])(?:a|\.)b") == r"(?=[\.a])(?<![a-z])(?:a|\.)b"


# --- the openings against the parsed pattern ----------------------------------------------------

_CATEGORY = {sre.CATEGORY_DIGIT: "\\d", sre.CATEGORY_WORD: "\\w", sre.CATEGORY_SPACE: "\\s"}


def _parsed_opening(items: list[tuple[Any, Any]]) -> tuple[set[int], set[str], bool] | None:
    """What ``re``'s parse of a sequence opens with: characters, categories, and whether it may
    match the empty string (None: it may open with any character)."""
    chars: set[int] = set()
    categories: set[str] = set()
    for op, av in items:
        if op in (sre.ASSERT, sre.ASSERT_NOT, sre.AT):
            continue
        if op is sre.LITERAL:
            return chars | {av}, categories, False
        if op is sre.IN:
            for kind, value in av:
                if kind is sre.LITERAL:
                    chars.add(value)
                elif kind is sre.RANGE:
                    chars.update(range(value[0], value[1] + 1))
                elif kind is sre.CATEGORY and value in _CATEGORY:
                    categories.add(_CATEGORY[value])
                else:
                    return None
            return chars, categories, False
        if op is sre.SUBPATTERN:
            inner = [_parsed_opening(list(av[3]))]
        elif op is sre.ATOMIC_GROUP:  # "(?>…)": its items as they are
            inner = [_parsed_opening(list(av))]
        elif op is sre.BRANCH:
            inner = [_parsed_opening(list(branch)) for branch in av[1]]
        elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
            inner = [_parsed_opening(list(av[2]))]
            if inner[0] is not None and av[0] == 0:
                inner[0] = (inner[0][0], inner[0][1], True)
        else:
            return None
        empty = False
        for found in inner:
            if found is None:
                return None
            chars |= found[0]
            categories |= found[1]
            empty = empty or found[2]
        if not empty:
            return chars, categories, False
    return chars, categories, True


_LOOKAHEAD = re.compile(r"^\(\?=\[((?:\\.|[^\]\\])*)\]\)")


def _opened() -> list[tuple[str, int, str]]:
    return sorted(
        (pattern, flags, with_opening(pattern, flags)) for pattern, flags in set(lazy._MADE)
        if with_opening(pattern, flags) != pattern
    )


def test_every_match_opens_with_a_character_of_the_look_ahead() -> None:
    opened = _opened()
    assert len(opened) > 150  # the word patterns of understanding
    for pattern, flags, text in opened:
        parsed = sre_parse.parse(pattern, flags)
        assert parsed.getwidth()[0] > 0, pattern
        found = _parsed_opening(list(parsed))
        assert found is not None and not found[2], pattern
        chars, categories, _ = found
        head = _LOOKAHEAD.match(text)
        assert head is not None, text
        members = re.compile(f"[{head.group(1)}]")
        assert all(members.fullmatch(chr(c)) for c in chars), pattern
        assert categories <= {c for c in _CATEGORY.values() if c in head.group(1)}, pattern
        # The rest is the pattern, as written (alternatives kept together).
        rest = text[head.end():]
        assert rest in (pattern, f"(?:{pattern})"), pattern


def _texts() -> list[str]:
    out = corpus_texts()
    folded = [fold(q) for q in out]
    # Blanked entities leave runs of spaces, where the look-ahead saves the most.
    blanked = [re.sub(r"\d[\w.]*", lambda m: " " * len(m.group()), q) for q in folded]
    return out + folded + blanked


def test_the_opened_patterns_find_the_same_matches() -> None:
    texts = _texts()
    for pattern, flags, text in _opened():
        # As the lazy pattern is built: its search skips to the look-ahead's characters.
        plain, opened = re.compile(pattern, flags), _sre.compile(text, *lazy._parts(text, flags))
        assert opened.groupindex == plain.groupindex and opened.groups == plain.groups
        for s in texts:
            got = [(m.span(), m.groups()) for m in opened.finditer(s)]
            assert got == [(m.span(), m.groups()) for m in plain.finditer(s)], (pattern, s)


def test_the_search_skips_to_the_characters_a_match_opens_with() -> None:
    """A pattern re finds no first character for gets the set its matches open with in its
    code's INFO block (what re fills for a pattern opening with a set): the engine steps over
    the other positions instead of trying the pattern at each of them."""
    plain = r"(?<![a-z0-9])(?:gpu|card)s?(?![a-z])"
    text = with_opening(plain)
    code = lazy._parts(text, 0)[1]
    assert code[0] == sre.INFO and code[2] == sre.SRE_INFO_CHARSET
    # The pattern's own code, without the look-ahead for the set the search skips to.
    assert code[1 + code[1]:] == _code(plain)[1 + _code(plain)[1]:]
    assert code[5:1 + code[1]] == _code("[cg]")[5:1 + _code("[cg]")[1]]  # re's for "[cg]"
    # Alternatives opening with groups, a word boundary before a group.
    for pattern, opens in ((r"(?:g4dn|p3(?:dn)?)\.|a[23]-|_v[34]", "[_agp]"),
                           (r"(\b\d+ ?(hours?|days?) of )", r"[\d]")):
        code = lazy._parts(pattern, 0)[1]
        assert code[2] == sre.SRE_INFO_CHARSET, pattern
        assert code[5:1 + code[1]] == _code(opens)[5:1 + _code(opens)[1]], pattern
    # The set as the pattern reads it: "\\d" a digit of any script.
    made = lazy.lazy(r"(?<![\w.])\d+ ?gb")
    assert made.search("x \u0667\u0660gb").span() == (2, 6)  # type: ignore[union-attr]
    # A repeated opening too (re reads only a set, a literal or alternatives of literals).
    code = lazy._parts(r"\d+ ?gb", 0)[1]
    assert code[5:1 + code[1]] == _code(r"[\d]")[5:1 + _code(r"[\d]")[1]]
    # re's own first characters, the start of the text alone, a match that may be empty,
    # case folded, any character: re's code.
    # An empty match (a split between a letter and a digit): the search with a set would find
    # it again and again.
    empty = r"(?<=[a-z])(?=\d)|(?<=\d)(?=[a-z])|[\s_-]+"
    assert lazy._parts(empty, 0)[1] == _code(empty)
    assert _sre.compile(empty, *lazy._parts(empty, 0)).split("llama3 8b") == ["llama", "3", "8", "b"]
    for other in (r"abc", r"[ab]x", r"^x|y", r"(?<![a-z])x?", r"(?i)(?<![a-z])x", r"(?<![a-z]).x",
                  r"(?<![a-z])[^a]x"):
        assert lazy._parts(other, 0)[1] == _code(other), other


def test_every_pattern_finds_what_re_finds() -> None:
    """Every pattern of understanding, built as the lazy ones are (its code with the search's
    first characters), against re's own, on the corpus's texts; the opened ones above."""
    texts = _texts()
    made = sorted(set(lazy._MADE))
    assert sum(lazy._parts(p, f)[1] != _code(p, f) for p, f in made) > 150
    opened = {(text, flags) for _, flags, text in _opened()} | {(p, f) for p, f, _ in _opened()}
    for pattern, flags in made:
        if (pattern, flags) in opened:
            continue
        plain, built = re.compile(pattern, flags), _sre.compile(pattern, *lazy._parts(pattern, flags))
        for s in texts:
            got = [(m.span(), m.groups()) for m in built.finditer(s)]
            assert got == [(m.span(), m.groups()) for m in plain.finditer(s)], (pattern, s)


def _code(pattern: str, flags: int = 0) -> list[int]:
    return list(re._compiler._code(sre_parse.parse(pattern, flags), flags))  # type: ignore[attr-defined]


def test_a_lazy_pattern_is_compiled_with_its_opening() -> None:
    made = lazy.lazy(r"(?<![a-z0-9])(?:gpu|card)s?(?![a-z])")
    assert made.pattern == r"(?=[cg])(?<![a-z0-9])(?:gpu|card)s?(?![a-z])"
    assert made.search("two cards").span() == (4, 9)  # type: ignore[union-attr]
