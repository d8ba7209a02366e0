"""Exact cuts of issue #16 (session 46). Replies stay the same to the byte (tests/test_speed38.py's
golden replies, benchmarks.identity); these tests pin each cut where undoing it is observable (the
engine's code, what is called), and that what it changes finds the same.
"""

from __future__ import annotations

import _sre  # type: ignore[import-not-found]
import re

import pytest

from bot.understand import lazy

# -- lazy: alternatives opening with the same letter compiled as a trie ------------------------


def _ungrouped(pattern: str, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The code lazy made before alternatives were grouped by their opening letter."""
    with monkeypatch.context() as m:
        m.setattr(lazy, "_branches_by_opening", lambda *_: None)
        return lazy._parts(pattern, 0)[1]


@pytest.mark.parametrize(("pattern", "trie"), [
    ("how much|what|how many", "how m(?:uch|any)|what"),
    # level after level; an alternative that is the letters alone stays in its place
    ("can i|cuanto|can we|cual|c", "c(?:an (?:i|we)|u(?:anto|al)|)"),
    # the look-behind of a word pattern stays before them
    (r"(?<![a-z0-9])(?:rent|budget|renting|buy)(?![a-z])",
     r"(?<![a-z0-9])(?:rent(?:|ing)|budget|buy)(?![a-z])"),
    # past a set without the letter, and an alternative opening with a digit
    (r"ab|[xy]z|\d+ h|ac", r"a(?:b|c)|[xy]z|\d+ h"),
    # a group inside moves with its alternative (the same number: only a letter moves)
    ("ab|q|a(?P<b>z)", "a(?:b|(?P<b>z))|q"),
    # an alternative opening with a group spread, what follows after each of its own
    ("(?:que|cual) placa|quiero", "qu(?:e placa|iero)|cual placa"),
    ("(?:how|what) much|when", "how much|wh(?:at much|en)"),
    # look-behinds opening an alternative: after its letter, which they then hold
    ("(?<!enough )time|tame|x", "t(?:(?<!enough t)ime|ame)|x"),
    ("(?<![a-z])(?<!no )how|hx", "h(?:(?<![a-z]h)(?<!no h)ow|x)"),
])
def test_alternatives_opening_alike_compile_as_a_trie(pattern: str, trie: str) -> None:
    assert lazy._parts(pattern, 0)[1] == lazy._parts(trie, 0)[1]


@pytest.mark.parametrize("pattern", [
    "a|[ab]c|ab",  # the set may open with "a": "ab" stays after it
    r"a1|\w+|a2",  # \w holds "a"
    "x||xz",  # the empty alternative matches anywhere
    r"ab|.c|ad",  # any character
    "(?i)ab|ac",  # case-blind: "A" and "a" are one letter
    "(?P<a>x)y|q|x(?P<b>z)",  # a group's bracket opens the first: no letter moves
    "(?:ab|cd)(?P<x>e)|af",  # what follows the group captures: not spread
    "(?:ab|cd) " + "x" * 60 + "|af",  # too long to copy
    r"(?<=(a))b|bc",  # a look-behind that captures stays first
])
def test_alternatives_stay_where_one_between_may_open_alike(
        pattern: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert lazy._parts(pattern, 0)[1] == _ungrouped(pattern, monkeypatch)


@pytest.mark.parametrize("pattern", [
    "a|[ab]c|ab", r"ab|\d|ac", r"a1|\w+|a2", "x||xz", r"(?P<a>x)y|xz|x(?P<b>y)",
    r"(?<![a-z])(?:how (?:fast|quick)|how much|\d+ h|hello|h)(?![a-z])",
    r"(?<=ab|ac)d|(?<=xy|xz)e", r"(?:ab|ac)+|a", r"(?:ab|ac)*?c", r"(?>ab|a)b|ac",
    r"(?P<q>ab)?(?(q)c|ad)", r"(?:how|h|ho)w", r"(?:what|whatever|wh)(?:ever)?x",
    r"(?:que|q|cual) placa|quiero", r"(?:ab|a|)c|ad", r"(?:x(?:y|z)|w)v|xz",
    r"(?:ab|a)(?:b|)c|abc",
    r"(?<!enough )time|tame|x", r"(?<![a-z])(?:(?<!no )how|how much|(?<=ab)hx)",
    r"(?<!a)b|(?<=c)b|b",
])
def test_grouped_alternatives_find_what_re_finds(pattern: str) -> None:
    made = _sre.compile(pattern, *lazy._parts(pattern, 0))
    plain = re.compile(pattern)
    for text in ("how much", "hello h 3 h how fast", "abc ac ab a1 a2 ax", "xy xz xx x",
                 "abd acd xye xze", "ababac aac abacc", "hww how hw howw",
                 "whateverx whatx whx wheverx", "", "h", "abab ad abc", "que placa q placa quiero",
                 "abc ac c ad xyv xzv wv xz abbc", "enough time time tame",
                 "no how how much abhx hx", "ab cb b bb"):
        assert [(m.span(), m.groups()) for m in made.finditer(text)] \
            == [(m.span(), m.groups()) for m in plain.finditer(text)], (pattern, text)
