"""Patterns searched only in texts that hold one of their necessary substrings, read off the
pattern itself.

A pattern that opens with a look-behind (``(?<![a-z0-9])…``: every word pattern) is tried at
every position of the text, ~2-5 µs a search on a question; most questions hold none of the 40
run settings, so most of those searches find nothing. ``needles`` works out, from the parsed
pattern, a few substrings of which every match holds one ("paged" for the paged optimizers,
"tok" for the generated tokens); ``Screened`` searches only texts that hold one, a C-speed
``in`` each. Derived, not written by hand: a pattern edited later keeps a right screen.
"""

from __future__ import annotations

import contextlib
import marshal
import re
from collections.abc import Callable
from pathlib import Path
from re import _constants as sre  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]
from typing import Any

from bot import disk_cache
from bot.understand.lazy import Screen, lazy

# Shorter needles are in nearly every text; more needles cost what the search would.
_MIN_LENGTH = 2
_MAX_NEEDLES = 12

_Needles = frozenset[str] | None  # None: some match may hold no literal at all


def needles(pattern: str, flags: int = 0) -> tuple[str, ...] | None:
    """Substrings of which every match of ``pattern`` holds at least one, or None when the
    pattern gives none worth checking (case-insensitive, too short, too many)."""
    found = clauses(pattern, flags)
    return found[0] if found else None


def clauses(pattern: str, flags: int = 0) -> tuple[tuple[str, ...], ...]:
    """``needles``, then (when the pattern gives one) a second set of which every match also
    holds one, none of its needles sharing two characters running with one of the first's
    (which would be in the same words): "tok" and, for "200 generated tokens", the generating
    words. Empty when there are no needles."""
    if flags & re.IGNORECASE:
        return ()
    parsed = sre_parse.parse(pattern, flags)
    if parsed.state.flags & re.IGNORECASE:
        return ()
    first = _kept(_sequence(list(parsed)))
    if first is None:
        return ()

    pairs = {o[i : i + 2] for o in first for i in range(len(o) - 1)}

    def apart(found: frozenset[str]) -> bool:
        return not any(n[i : i + 2] in pairs for n in found for i in range(len(n) - 1))

    second = _kept(_sequence(list(parsed), apart))
    return (first,) if second is None else (first, second)


def _kept(found: _Needles) -> tuple[str, ...] | None:
    if not found or min(map(len, found)) < _MIN_LENGTH:
        return None
    # A needle holding another is implied by it: "tokens" by "tok".
    kept = sorted(n for n in found if not any(o != n and o in n for o in found))
    return tuple(kept) if len(kept) <= _MAX_NEEDLES else None


# A window of consecutive items is spelled out when it matches few strings: "q ?, ?k" is
# "q,k", "q ,k", "q, k" or "q , k", each a needle, where its one-letter runs are none.
_MAX_SPELLINGS = 16
# Past three letters a needle is about as rare as a longer one: fewer needles are then better.
_SELECTIVE_LENGTH = 3


def _better(a: _Needles, b: _Needles) -> _Needles:
    """The more selective of two needle sets each of which every match satisfies."""
    if a is None:
        return b
    if b is None:
        return a

    def score(s: frozenset[str]) -> tuple[bool, int, int, int]:
        shortest = min(map(len, s))
        return len(s) <= _MAX_NEEDLES, min(shortest, _SELECTIVE_LENGTH), -len(s), shortest

    return max(a, b, key=score)


# Which needle sets may be chosen (for a second set: none close to the first's).
_Allowed = Callable[[frozenset[str]], bool] | None


def _sequence(items: list[tuple[Any, Any]], allowed: _Allowed = None) -> _Needles:
    """A match of a sequence is its items' matches one after the other: it holds one spelling
    of every window of items that have few spellings, and whatever each item's match holds;
    the best of these (that is ``allowed``) is kept."""
    best: _Needles = None
    spelled = [_spellings(op, av) for op, av in items]
    for i, (op, av) in enumerate(items):
        best = _better(best, _item(op, av, allowed))
        if spelled[i] is None:
            continue
        window: frozenset[str] = frozenset(("",))
        for found in spelled[i:]:
            if found is None:
                break
            window = frozenset(a + b for a in window for b in found)
            if len(window) > _MAX_SPELLINGS:
                break
            if "" not in window and (allowed is None or allowed(window)):
                best = _better(best, window)
    return best


def _spellings(op: Any, av: Any) -> frozenset[str] | None:
    """Every string the item matches, when there are few (None otherwise)."""
    if op is sre.LITERAL:
        return frozenset((chr(av),))
    if op in (sre.ASSERT, sre.ASSERT_NOT, sre.AT):
        return frozenset(("",))  # zero width: it consumes nothing
    if op is sre.SUBPATTERN:
        _, add_flags, _, inner = av
        return None if add_flags & re.IGNORECASE else _product(list(inner))
    if op is sre.BRANCH:
        union: set[str] = set()
        for branch in av[1]:
            found = _product(list(branch))
            if found is None:
                return None
            union |= found
        return frozenset(union) if len(union) <= _MAX_SPELLINGS else None
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
        low, high, inner = av
        found = _product(list(inner)) if high <= 1 else None
        if found is None:
            return None
        return found | {""} if low == 0 else found
    if op is sre.IN and len(av) <= 4 and all(kind is sre.LITERAL for kind, _ in av):
        return frozenset(chr(code) for _, code in av)
    return None  # any character, categories, ranges, negated sets, references


def _product(items: list[tuple[Any, Any]]) -> frozenset[str] | None:
    """Every string the sequence matches, when there are few (None otherwise)."""
    out: frozenset[str] = frozenset(("",))
    for op, av in items:
        found = _spellings(op, av)
        if found is None:
            return None
        out = frozenset(a + b for a in out for b in found)
        if len(out) > _MAX_SPELLINGS:
            return None
    return out


def _item(op: Any, av: Any, allowed: _Allowed = None) -> _Needles:
    if op is sre.SUBPATTERN:
        _, add_flags, _, inner = av
        return None if add_flags & re.IGNORECASE else _sequence(list(inner), allowed)
    if op is sre.ATOMIC_GROUP:
        return _sequence(list(av), allowed)
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
        low, _, inner = av
        return _sequence(list(inner), allowed) if low >= 1 else None
    if op is sre.BRANCH:
        union: set[str] = set()
        for branch in av[1]:
            found = _sequence(list(branch), allowed)
            if found is None:
                return None
            union |= found
        return frozenset(union)
    return None  # character sets, any character, anchors, look-arounds, references


class Screened(Screen):
    """A lazily compiled pattern searched only in texts holding one of its needles (and one of
    its second set's, when it has one)."""

    __slots__ = ("_also", "_needles", "_source", "pattern")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = lazy(pattern, flags)
        self._source = (pattern, flags)
        self._needles: tuple[str, ...] | None = None
        self._also: tuple[str, ...] = ()  # the second set (``clauses``); empty: none
        _MADE.append(self)

    def needles(self) -> tuple[str, ...]:
        """The first set: every match holds one of them ("" for a pattern that gives none)."""
        if self._needles is None:
            _prepare()
        assert self._needles is not None
        return self._needles

    def admits(self, s: str) -> bool:
        """Whether ``s`` holds a needle of each set (so may hold a match)."""
        found = self._needles
        if found is None:
            _prepare()
            found = self._needles
            assert found is not None
        for needle in found:  # loops: any() over a generator is twice as slow
            if needle in s:
                break
        else:
            return False
        if not self._also:
            return True
        for needle in self._also:  # noqa: SIM110
            if needle in s:
                return True
        return False

    def search(self, s: str) -> re.Match[str] | None:
        # The sets checked here, not through ``admits``: a search is asked some 60 times a
        # question.
        found = self._needles
        if found is None:
            return self.pattern.search(s) if self.admits(s) else None
        for needle in found:
            if needle in s:
                break
        else:
            return None
        for needle in self._also:
            if needle in s:
                break
        else:
            if self._also:
                return None
        return self.pattern.search(s)


# -- every screen at once, kept across restarts ---------------------------------------------
# Parsing a pattern costs about what compiling it does: the needles of every screened pattern
# are worked out together the first time one is needed and kept on disk (bot/disk_cache.py,
# keyed by this file's code), so a restarted process parses none of them.

_MADE: list[Screened] = []
_PREFIX = "needles-"


def _file_name() -> str:
    return f"{_PREFIX}{disk_cache.fingerprint('needles-1', Path(__file__).read_bytes())}.marshal"


def _prepare() -> None:
    """Gives every screened pattern made so far its needles: from disk, else derived (and the
    derived ones written back)."""
    name = _file_name()
    store: dict[tuple[str, int], tuple[tuple[str, ...], ...]] = {}
    payload = disk_cache.read(name)
    if payload is not None:
        with contextlib.suppress(ValueError, EOFError, TypeError):
            found = marshal.loads(payload)
            if isinstance(found, dict):
                store = found
    added = False
    for made in _MADE:
        if made._needles is not None:
            continue
        kept = store.get(made._source)
        if not (isinstance(kept, tuple) and 1 <= len(kept) <= 2 and all(
                isinstance(c, tuple) and all(isinstance(n, str) for n in c) for c in kept)):
            kept = store[made._source] = clauses(*made._source) or (("",),)  # "": every text
            added = True
        made._needles, made._also = kept[0], kept[1] if len(kept) > 1 else ()
    if added:  # what this code makes: needles of patterns since changed are left out
        kept_now = {made._source: store[made._source] for made in _MADE}
        disk_cache.write(name, marshal.dumps(kept_now), prefix=_PREFIX)
