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
from collections.abc import Callable, Iterable
from pathlib import Path
from re import _constants as sre  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]
from typing import Any, Final

from bot import disk_cache
from bot.understand.lazy import Screen, lazy

# Shorter needles are in nearly every text; more needles cost what the search would.
_MIN_LENGTH = 2
_MAX_NEEDLES = 12

_Needles = frozenset[str] | None  # None: some match may hold no literal at all


def held(found: Iterable[str]) -> re.Pattern[str]:
    """A pattern that matches where one of the strings ``found`` is: searched, whether a text
    holds any of them. Its alternatives branch where the strings open alike (a trie), so the
    regex engine skips to the letters that open one and tries only those that open so; for a
    few dozen needles or more, a half to a tenth of an ``in`` each. Compiled on first use."""
    found = {n for n in found if n}
    if not found:
        return lazy(r"(?!)")  # nothing to find
    return lazy(_trie(found))


def _trie(found: Iterable[str]) -> str:
    opening: dict[str, list[str]] = {}
    for needle in found:
        opening.setdefault(needle[0], []).append(needle[1:])
    parts = []
    for first, rests in sorted(opening.items()):
        head = re.escape(first)
        if "" in rests:  # the letter alone is one: what follows it does not matter
            parts.append(head)
        elif len(rests) == 1:
            parts.append(head + re.escape(rests[0]))
        else:
            parts.append(f"{head}(?:{_trie(rests)})")
    return "|".join(parts)


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


def among(pattern: str, words: tuple[str, ...], flags: int = 0) -> tuple[str, ...] | None:
    """Those of ``words`` of which every match of ``pattern`` holds one, read off the pattern as
    its needles are but keeping only needles that hold one of them ("kv cache" holds "cache"):
    for a guard written by hand ("cache", "kv"), where the needles derived alone are not the
    rarest words. None when some match may hold none of them."""
    if flags & re.IGNORECASE:
        return None
    parsed = sre_parse.parse(pattern, flags)
    if parsed.state.flags & re.IGNORECASE:
        return None

    def holds(found: frozenset[str]) -> bool:
        return all(any(w in n for w in words) for n in found)

    found = _sequence(list(parsed), holds)
    if not found:
        return None
    return tuple(w for w in words if any(w in n for n in found))


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


class AnyOf:
    """Whether a text may hold one of several alternatives (``words``: pattern texts), each
    with its own ``clauses``: for some alternative, a needle of each of its sets. For a pattern
    every match of which holds one of them ("alert me", "avísame", "préviens-moi": an alert's
    clause), too many words for the needles of one ``Screened`` (twelve at most), yet a few
    dozen ``in`` cost less than the search, tried at every position of the text. An alternative
    that gives no needles lets every text through. Worked out on first use."""

    __slots__ = ("_flags", "_needles", "_pairs", "_words")

    def __init__(self, words: Iterable[str], flags: int = 0) -> None:
        self._words = tuple(words)
        self._flags = flags
        self._needles: tuple[str, ...] | None = None  # one of them is enough
        self._pairs: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = ()  # one of each

    def needles(self) -> tuple[tuple[str, ...], tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]]:
        """The needles one of which is enough, and the pairs of sets that need one each."""
        if self._needles is None:
            self._prepare()
        assert self._needles is not None
        return self._needles, self._pairs

    def _prepare(self) -> None:
        """From disk (keyed by this file's code, as the needles), else worked out and kept."""
        name = f"{_ANY_PREFIX}{disk_cache.fingerprint('anyof-1', Path(__file__).read_bytes())}.marshal"
        store = _stored(name)
        key = (self._words, self._flags)
        kept = store.get(key)
        if kept is not None and _any_of_kept(kept):
            self._needles, self._pairs = kept[0], kept[1]
            return
        self._work_out()
        store[key] = (self._needles, self._pairs)
        disk_cache.write(name, marshal.dumps(store), prefix=_ANY_PREFIX)

    def _work_out(self) -> None:
        alone: set[str] = set()
        pairs: list[tuple[tuple[str, ...], tuple[str, ...]]] = []
        for word in self._words:
            try:
                found = clauses(f"(?:{word})", self._flags)
            except re.error:
                found = ()
            if not found:
                alone, pairs = {""}, []  # "" is in every text
                break
            if len(found) == 1:
                alone.update(found[0])
            else:
                pairs.append((found[0], found[1]))
        self._pairs = tuple(pairs)
        self._needles = tuple(sorted(n for n in alone if not any(o != n and o in n for o in alone)))

    def admits(self, s: str) -> bool:
        found = self._needles
        if found is None:
            self._prepare()
            found = self._needles
            assert found is not None
        for needle in found:  # loops: any() over a generator is twice as slow
            if needle in s:
                return True
        for first, second in self._pairs:
            for needle in first:
                if needle in s:
                    for other in second:
                        if other in s:
                            return True
                    break
        return False


_ANY_PREFIX = "anyof-"


def _strings(found: Any) -> bool:
    return isinstance(found, tuple) and all(isinstance(n, str) for n in found)


def _any_of_kept(kept: Any) -> bool:
    """Whether what a disk-cache file holds for an AnyOf is its needles and pairs."""
    return (isinstance(kept, tuple) and len(kept) == 2 and _strings(kept[0])
            and isinstance(kept[1], tuple)
            and all(isinstance(p, tuple) and len(p) == 2 and _strings(p[0]) and _strings(p[1])
                    for p in kept[1]))


# -- every screen at once, kept across restarts ---------------------------------------------
# Parsing a pattern costs about what compiling it does: the needles of every screened pattern
# are worked out together the first time one is needed and kept on disk (bot/disk_cache.py,
# keyed by this file's code), so a restarted process parses none of them.

_MADE: list[Screened] = []
_PREFIX = "needles-"


def _file_name() -> str:
    return f"{_PREFIX}{disk_cache.fingerprint('needles-1', Path(__file__).read_bytes())}.marshal"


def _stored(name: str) -> dict[Any, Any]:
    """What a disk-cache file of derived screens holds, by pattern source; empty when it is
    missing or unreadable (each entry is checked by its reader before use)."""
    payload = disk_cache.read(name)
    if payload is not None:
        with contextlib.suppress(ValueError, EOFError, TypeError):
            found = marshal.loads(payload)
            if isinstance(found, dict):
                return found
    return {}


def _prepare() -> None:
    """Gives every screened pattern made so far its needles: from disk, else derived (and the
    derived ones written back)."""
    name = _file_name()
    store: dict[tuple[str, int], tuple[tuple[str, ...], ...]] = _stored(name)
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
        # The file may be another process's, written for other patterns (the cache is keyed by
        # this file's code only): a pattern prepared before it was read is not in it.
        kept_now = {made._source: store[made._source] for made in _MADE if made._source in store}
        disk_cache.write(name, marshal.dumps(kept_now), prefix=_PREFIX)


# -- the opening of the word a match starts -------------------------------------------------
# A word pattern (``(?<![a-z0-9])(?:too much|run out of|…)``) gives too many needles for
# ``Screened`` (one or more a spelling), so most are searched in every question although few
# questions hold any of their words: ~1-3 µs a search, some 20 of them a question. Its matches
# start where no letter is before them, so a match opening with a letter opens a run of letters
# of the text (a maximal ``[a-z]+``), and the first letters of that run are some that the
# pattern can open with: "too", "run", "ran"… ``heads`` reads those openings (up to ``HEAD``
# letters; fewer when the run ends sooner) off the parsed pattern; ``Headed`` searches a text
# only when one of its runs opens with one, a few set look-ups against the text's runs' openings
# (``run_heads``, worked out once a text).

HEAD: Final = 3
_LETTERS: Final = frozenset("abcdefghijklmnopqrstuvwxyz")
_OTHER = "\0"  # a character that is not a letter a-z: the run ends before it
# More spellings than this: the pattern is searched in every text (none left out).
_MAX_HEADS = 300

_Heads = frozenset[str] | None  # None: some match may open otherwise (a digit, a look-behind…)
_Openings = set[str] | None  # spellings of the first letters; None: not known


def heads(pattern: str, flags: int = 0) -> frozenset[str] | None:
    """What the run of letters each match of ``pattern`` starts with opens with (its first
    ``HEAD`` letters, or the whole run when shorter), or None when some match may not start a
    run (no look-behind that keeps letters out, a first character not a letter a-z) or the
    openings are too many to list."""
    if flags & re.IGNORECASE:
        return None
    parsed = sre_parse.parse(pattern, flags)
    if parsed.state.flags & re.IGNORECASE:
        return None
    items = list(parsed)
    while items:  # look-aheads at the start consume nothing; a group's items come first
        op, av = items[0]
        if op is sre.ASSERT and av[0] == 1:
            items = items[1:]
        elif op is sre.SUBPATTERN and not av[1] & re.IGNORECASE:
            items = [*av[3], *items[1:]]
        else:
            break
    if not items or items[0][0] is not sre.ASSERT_NOT or items[0][1][0] != -1 \
            or not _all_letters(list(items[0][1][1])):
        return None  # a letter may come before the match: it need not open a run
    found = _opened(items[1:])
    if found is None or not found or not all(_complete(s) for s in found) or _OTHER in found:
        return None
    return frozenset(s.rstrip(_OTHER) for s in found)


def _all_letters(items: list[tuple[Any, Any]]) -> bool:
    """Whether the items are one character set holding every letter a-z."""
    if len(items) != 1 or items[0][0] is not sre.IN:
        return False
    found = _set(items[0][1])
    return found is not None and found >= _LETTERS


def _set(av: list[tuple[Any, Any]]) -> set[str] | None:
    """The letters a-z a character set holds, with ``_OTHER`` when it holds anything else."""
    chars: set[str] = set()
    negated = False
    for op, value in av:
        if op is sre.NEGATE:
            negated = True
        elif op is sre.LITERAL:
            chars.add(chr(value) if chr(value) in _LETTERS else _OTHER)
        elif op is sre.RANGE:
            low, high = value
            chars.update(c for c in _LETTERS if low <= ord(c) <= high)
            if low < ord("a") or high > ord("z"):
                chars.add(_OTHER)
        elif op is sre.CATEGORY and value in (
                sre.CATEGORY_DIGIT, sre.CATEGORY_SPACE, sre.CATEGORY_NOT_WORD):
            chars.add(_OTHER)
        elif op is sre.CATEGORY and value is sre.CATEGORY_WORD:
            chars |= _LETTERS | {_OTHER}
        else:
            return None
    return set(_LETTERS - chars) | {_OTHER} if negated else chars


def _complete(spelled: str) -> bool:
    return len(spelled) >= HEAD or spelled.endswith(_OTHER)


def _then(before: set[str], after: set[str]) -> _Openings:
    """The openings of one item's match followed by another's."""
    out: set[str] = set()
    for a in before:
        if _complete(a):
            out.add(a)
            continue
        for b in after:
            joined = a + b
            end = joined.find(_OTHER)
            out.add(joined[: end + 1] if 0 <= end < HEAD else joined[:HEAD])
    return out if len(out) <= _MAX_HEADS else None


def _opened(items: list[tuple[Any, Any]]) -> _Openings:
    """The openings of a sequence's matches (strings shorter than ``HEAD`` not ending with
    ``_OTHER``: the sequence ended before the opening was known)."""
    out: set[str] = {""}
    for op, av in items:
        if all(_complete(s) for s in out):
            break
        found = _opening_of(op, av)
        if found is None:
            return None
        joined = _then(out, found)
        if joined is None:
            return None
        out = joined
    return out


def _opening_of(op: Any, av: Any) -> _Openings:
    if op is sre.LITERAL:
        return {chr(av) if chr(av) in _LETTERS else _OTHER}
    if op is sre.NOT_LITERAL:
        return set(_LETTERS - {chr(av)}) | {_OTHER}
    if op is sre.ANY:
        return set(_LETTERS) | {_OTHER}
    if op is sre.IN:
        return _set(av)
    if op is sre.SUBPATTERN:
        return None if av[1] & re.IGNORECASE else _opened(list(av[3]))
    if op is sre.ATOMIC_GROUP:
        return _opened(list(av))
    if op is sre.BRANCH:
        union: set[str] = set()
        for branch in av[1]:
            found = _opened(list(branch))
            if found is None:
                return None
            union |= found
        return union if len(union) <= _MAX_HEADS else None
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
        low, high, inner = av
        once = _opened(list(inner))
        if once is None:
            return None
        out: set[str] = {""} if low == 0 else set()
        so_far: set[str] = {""}
        for count in range(1, min(high, HEAD + 1) + 1):
            repeated = _then(so_far, once)
            if repeated is None:
                return None
            so_far = repeated
            if count >= low:
                out |= so_far
            if all(_complete(s) for s in so_far):
                return out | so_far  # more repeats open the same way
        # Every count was tried, or more repeats could still open otherwise: not followed.
        return out if high <= HEAD + 1 else None
    if op is sre.ASSERT_NOT and av[0] == 1 and _all_letters(list(av[1])):
        return {_OTHER}  # "(?![a-z0-9])": the run ends here
    if op in (sre.ASSERT, sre.ASSERT_NOT, sre.AT):
        return {""}  # zero width; what it asserts is not used
    return None  # references, conditions


# Each run of letters' first letters (up to HEAD; the rest of the run is skipped): a scan at C
# speed, the list left as it is (``isdisjoint`` takes it; a set would cost more to make).
_RUN_HEADS: Final = lazy(rf"([a-z]{{1,{HEAD}}})[a-z]*")
_TEXT_HEADS: dict[str, list[str]] = {}
# The runs of letters (maximal ``[a-z]+``) of the text they were last asked of: the question's
# folded text, split once for the steps that read its words (abbreviations, typos, number
# words, the other languages' words) and for its runs' openings below.
_LETTER_RUNS: Final = lazy(r"[a-z]+")
_last_runs: tuple[str, list[str]] | None = None


def letter_runs(s: str) -> list[str]:
    """The runs of letters of a text, in order ("q modelo 70b" → q, modelo, b); the list is
    shared (not to be changed). Kept for the last text only (``forget_runs``)."""
    global _last_runs
    last = _last_runs
    if last is not None and last[0] == s:
        return last[1]
    runs: list[str] = _LETTER_RUNS.findall(s)
    _last_runs = (s, runs)
    return runs


def run_heads(s: str) -> list[str]:
    """The openings (first ``HEAD`` letters) of the text's runs of letters: worked out once a
    text (the few texts a question is searched in; ``forget_texts`` empties it). Of the text
    whose runs are known (``letter_runs``), cut from them: each match of ``_RUN_HEADS`` is a
    whole run, its group the run's first ``HEAD`` letters (~4x cheaper than the scan)."""
    found = _TEXT_HEADS.get(s)
    if found is None:
        if len(_TEXT_HEADS) >= 8:
            _TEXT_HEADS.clear()
        last = _last_runs
        if last is not None and last[0] == s:
            found = _TEXT_HEADS[s] = [run[:HEAD] for run in last[1]]
        else:
            found = _TEXT_HEADS[s] = _RUN_HEADS.findall(s)
    return found


def forget_texts() -> None:
    """Drops the texts' openings: called as a new question is read, so none is kept from one
    question to the next."""
    _TEXT_HEADS.clear()


def forget_runs() -> None:
    """Lets go of the last text's runs (a cold question: normalise.forget_fold), as of the
    last text folded: kept from the steps before understanding (the language asked) to it."""
    global _last_runs
    _last_runs = None


class Headed(Screen):
    """A lazily compiled word pattern searched only in texts with a run of letters opening as
    one of its matches can (``heads``); a pattern whose matches need not open a run is
    searched in every text."""

    __slots__ = ("_among", "_heads", "_source", "_words", "pattern")

    def __init__(self, pattern: str, flags: int = 0, words: tuple[str, ...] = ()) -> None:
        """`words`: rare words of which every match may hold one ("cache", "kv"), checked
        first, those that it does (``among``: none of them when some match holds none)."""
        self.pattern = lazy(pattern, flags)
        self._source = (pattern, flags)
        self._words = words
        self._heads: frozenset[str] | None = None  # empty: every text is searched
        self._among: tuple[str, ...] = ()  # empty: no word checked
        _HEADED.append(self)

    def among(self) -> tuple[str, ...]:
        """The words checked before the openings (of which every match holds one)."""
        if self._heads is None:
            _prepare_heads()
        return self._among

    def admits(self, s: str) -> bool:
        found = self._heads
        if found is None:
            _prepare_heads()
            found = self._heads
            assert found is not None
        if self._among:
            for word in self._among:
                if word in s:
                    break
            else:
                return False
        return not found or not found.isdisjoint(run_heads(s))

    def search(self, s: str) -> re.Match[str] | None:
        found = self._heads
        if found is None:
            return self.pattern.search(s) if self.admits(s) else None
        if self._among:
            for word in self._among:
                if word in s:
                    break
            else:
                return None
        if found and found.isdisjoint(run_heads(s)):
            return None
        return self.pattern.search(s)


_HEADED: list[Headed] = []
_HEADS_PREFIX = "heads-"


def _prepare_heads() -> None:
    """Gives every headed pattern made so far its openings: from disk, else derived (and the
    derived ones written back), as ``_prepare`` does for the needles."""
    name = (f"{_HEADS_PREFIX}"
            f"{disk_cache.fingerprint('heads-1', Path(__file__).read_bytes())}.marshal")
    store: dict[Any, tuple[str, ...]] = _stored(name)
    added = False
    for made in _HEADED:
        if made._heads is not None:
            continue
        if made._words:
            key = (*made._source, made._words)
            words = store.get(key)
            if not (isinstance(words, tuple) and all(isinstance(w, str) for w in words)):
                words = store[key] = among(made._source[0], made._words, made._source[1]) or ()
                added = True
            made._among = words
        kept = store.get(made._source)
        if not (isinstance(kept, tuple) and all(isinstance(h, str) for h in kept)):
            kept = store[made._source] = tuple(sorted(heads(*made._source) or ()))
            added = True
        made._heads = frozenset(kept)
    if added:
        # From each pattern, not the file: one prepared before may be missing from it (no cache
        # directory, or another version of the code wrote it since).
        kept_now: dict[Any, tuple[str, ...]] = {}
        for made in _HEADED:
            if made._heads is not None:
                kept_now[made._source] = tuple(sorted(made._heads))
                if made._words:
                    kept_now[(*made._source, made._words)] = made._among
        disk_cache.write(name, marshal.dumps(kept_now), prefix=_HEADS_PREFIX)
