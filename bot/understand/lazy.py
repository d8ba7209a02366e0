"""Regular expressions compiled when first used, not at import, and kept compiled across restarts.

Understanding holds some 250 patterns; compiling them all took ~70 ms of every start-up, before
the bot could answer anything, while a question uses a quarter to a half of them. ``lazy``
gives an object that compiles its pattern on its first call and then hands out the compiled
pattern's own methods (kept on the object: later calls cost what calling the compiled pattern
costs). ``compile_all`` compiles what is left, a batch at a time: the pipeline's warm-up calls
it once the updates waiting at start are answered, so questions after start-up never compile.

Compiling is mostly Python (``re._parser`` and ``re._compiler``) turning the text into the
regex engine's code, a list of integers, which ``_sre.compile`` (C) takes. That list is kept on
disk (``bot/disk_cache.py``: the user's private directory, checked by a digest), keyed by the
pattern's text and flags and the Python version: a restarted process builds its patterns from
it. ``compiled_pattern`` is the same for a pattern made at run time. What is built matches as
``re.compile``'s pattern does: re's code, but for the characters a search skips to
(``_first_set``, with_opening's look-ahead for them then left out) and optional parts
compiled as alternatives (``_optional_as_branch``); tests/test_lazy_opening.py and
tests/test_speed15.py compare the matches, tests/test_startup.py the code kept and made again.
Whatever fails on this path falls back to ``re.compile``.
"""

from __future__ import annotations

import importlib
import marshal
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any, Final, cast

from bot import disk_cache

_METHODS: Final = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split")


class LazyPattern:
    """``re.compile(pattern, flags)`` on first use; then its methods are the compiled one's."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self._source = (pattern, flags)
        self._compiled: re.Pattern[str] | None = None

    def compiled(self) -> re.Pattern[str]:
        found = self._compiled
        if found is None:
            pattern, flags = self._source
            text = opened(pattern, flags)
            if text != pattern:
                _MADE.add((text, flags))
            found = self._compiled = compiled_pattern(text, flags)
            # Instance attributes shadow the class's methods below: from now on a call goes
            # straight to the compiled pattern.
            for name in _METHODS:
                setattr(self, name, getattr(found, name))
        return found

    def search(self, *args: Any, **kwargs: Any) -> Any:
        return self.compiled().search(*args, **kwargs)

    def match(self, *args: Any, **kwargs: Any) -> Any:
        return self.compiled().match(*args, **kwargs)

    def fullmatch(self, *args: Any, **kwargs: Any) -> Any:
        return self.compiled().fullmatch(*args, **kwargs)

    def finditer(self, *args: Any, **kwargs: Any) -> Any:
        return self.compiled().finditer(*args, **kwargs)

    def findall(self, *args: Any, **kwargs: Any) -> Any:
        return self.compiled().findall(*args, **kwargs)

    def sub(self, *args: Any, **kwargs: Any) -> Any:
        return self.compiled().sub(*args, **kwargs)

    def subn(self, *args: Any, **kwargs: Any) -> Any:
        return self.compiled().subn(*args, **kwargs)

    def split(self, *args: Any, **kwargs: Any) -> Any:
        return self.compiled().split(*args, **kwargs)

    # pattern, flags, groups, groupindex: the compiled pattern's. Properties, not a
    # __getattr__: a class with one anywhere in its MRO gets no specialised attribute read
    # from CPython 3.11, and every call through a lazy pattern reads its method first.
    @property
    def pattern(self) -> str:
        return self.compiled().pattern

    @property
    def flags(self) -> int:
        return self.compiled().flags

    @property
    def groups(self) -> int:
        return self.compiled().groups

    @property
    def groupindex(self) -> Any:
        return self.compiled().groupindex

    def scanner(self, *args: Any, **kwargs: Any) -> Any:
        return self.compiled().scanner(*args, **kwargs)  # type: ignore[attr-defined]

    def __repr__(self) -> str:
        return f"lazy({self._source[0]!r})"


class Screen:
    """A pattern searched only in texts its ``admits`` lets through (a cheap test for a part of
    every match): ``patterns.Guarded`` with a guard written by hand, ``screen.Screened`` with
    needles worked out from the pattern."""

    __slots__ = ()
    pattern: re.Pattern[str]

    def admits(self, s: str) -> bool:
        raise NotImplementedError

    def search(self, s: str) -> re.Match[str] | None:
        return self.pattern.search(s) if self.admits(s) else None

    def finditer(self, s: str) -> Iterator[re.Match[str]]:
        return self.pattern.finditer(s) if self.admits(s) else iter(())

    def sub(self, repl: str, s: str) -> str:
        return self.pattern.sub(repl, s) if self.admits(s) else s


# -- the characters a match opens with ------------------------------------------------------
# A pattern opening with a look-behind ("(?<![a-z0-9])how much|what …": every word pattern)
# gives the engine no first character to look for, so it tries the whole pattern at every
# position of the text: its alternatives, one after another, at every blank a question's
# entities left behind (~5-25 µs a search for the long ones). A look-ahead for the characters
# a match can open with, read off the pattern's text, makes each position that cannot open a
# match fail at once: ``(?=[chw])(?<![a-z0-9])(?:how much|what …)``. Every match opens with one
# of them, so the look-ahead holds wherever the pattern matches: the same matches, the same
# groups (tests/test_lazy_opening.py checks both on every pattern of understanding).

_STRUCTURE = r"\\.|\[\^?\]?(?:\\.|[^\]\\])*\]|[()|]"
_QUANTIFIER = r"[?*+]|\{(\d*)(?:,\d*)?\}"
_FLAGS_INLINE = r"\(\?[aiLmsux-]"  # "(?i)", "(?x:…)": matched otherwise than read here
_CATEGORIES: Final = frozenset("dws")
_ZERO_WIDTH_ESCAPES: Final = frozenset("bBAZ")
# Ranges spelled out one character at a time up to this width ("a-z", "0-9"); wider: no opening.
_MAX_RANGE = 128

_Opening = tuple[frozenset[str], bool]  # the characters (or "\\d", "\\w", "\\s"), can be empty


@cache
def _syntax() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    return re.compile(_STRUCTURE), re.compile(_QUANTIFIER), re.compile(_FLAGS_INLINE)


class _Reader:
    """The alternatives of each group of a pattern's text, found in one scan, and what each
    sequence of items can open with."""

    def __init__(self, text: str) -> None:
        structure, self._quantifier, _ = _syntax()
        self.text = text
        self.close: dict[int, int] = {}  # "(" → its ")"
        self.bars: dict[int, list[int]] = {-1: []}  # "(" (-1: the whole text) → its "|"s
        self.sets: dict[int, int] = {}  # "[" → the end of its set
        stack = [-1]
        for match in structure.finditer(text):
            c, at = match.group(), match.start()
            if c == "(":
                stack.append(at)
                self.bars[at] = []
            elif c == ")":
                self.close[stack.pop()] = at
            elif c == "|":
                self.bars[stack[-1]].append(at)
            elif c[0] == "[":
                self.sets[at] = match.end()

    def alternatives(self, group: int, start: int, end: int) -> _Opening | None:
        chars: set[str] = set()
        empty = False
        for a, b in zip([start, *(i + 1 for i in self.bars[group])],
                        [*self.bars[group], end], strict=True):
            found = self.sequence(a, b)
            if found is None:
                return None
            chars |= found[0]
            empty = empty or found[1]
        return frozenset(chars), empty

    def sequence(self, i: int, end: int) -> _Opening | None:
        """What text[i:end] (items one after another) opens with, and whether it can match
        the empty string."""
        chars: set[str] = set()
        while i < end:
            item = self._item(i)
            if item is None:
                return None
            found, empty, i = item
            quantified = self._quantifier.match(self.text, i)
            if quantified is not None and i < end:
                q = quantified.group()
                empty = empty or q in "?*" or (q[0] == "{" and not int(quantified.group(1) or 0))
                i = quantified.end()
                if i < end and self.text[i] in "?+":  # lazy or possessive
                    i += 1
            chars |= found
            if not empty:
                return frozenset(chars), False
        return frozenset(chars), True

    def _item(self, i: int) -> tuple[frozenset[str], bool, int] | None:
        text = self.text
        c = text[i]
        if c == "(":
            close = self.close[i]
            if text.startswith(("(?=", "(?!", "(?<=", "(?<!"), i):
                return frozenset(), True, close + 1  # a look-around consumes nothing
            if text.startswith(("(?:", "(?>"), i):
                start = i + 3
            elif text.startswith("(?P<", i):
                start = text.index(">", i) + 1
            elif text.startswith("(?", i):
                return None  # flags, references, conditions
            else:
                start = i + 1
            found = self.alternatives(i, start, close)
            return None if found is None else (*found, close + 1)
        if c == "[":
            chars = self._set(i + 1, self.sets[i] - 1)
            return None if chars is None else (chars, False, self.sets[i])
        if c == "\\":
            e = text[i + 1]
            if e in _CATEGORIES:
                return frozenset((c + e,)), False, i + 2
            if e in _ZERO_WIDTH_ESCAPES:
                return frozenset(), True, i + 2
            return None if e.isalnum() else (frozenset(e), False, i + 2)
        if c in "^$":
            return frozenset(), True, i + 1
        if c in ".{?*+":
            return None
        return frozenset(c), False, i + 1

    def _set(self, i: int, end: int) -> frozenset[str] | None:
        """The characters of a set's inside, text[i:end]; None when negated or too wide."""
        text = self.text
        if text[i] == "^":
            return None
        chars: set[str] = set()
        while i < end:
            c = text[i]
            if c == "\\":
                e = text[i + 1]
                if e in _CATEGORIES:
                    chars.add(c + e)
                    i += 2
                    continue
                if e.isalnum():
                    return None
                c, i = e, i + 1
            if i + 2 < end and text[i + 1] == "-":
                last = text[i + 2]
                if last == "\\" or ord(last) - ord(c) > _MAX_RANGE:
                    return None
                chars.update(map(chr, range(ord(c), ord(last) + 1)))
                i += 3
                continue
            chars.add(c)
            i += 1
        return frozenset(chars)


def opening(pattern: str) -> frozenset[str] | None:
    """The characters every match of ``pattern`` opens with (as set members: "a", "\\d"), or
    None when the text does not say (a match may be empty, or open with any character)."""
    return _opening(_Reader(pattern))


def _opening(reader: _Reader) -> frozenset[str] | None:
    if _syntax()[2].search(reader.text):
        return None
    found = reader.alternatives(-1, 0, len(reader.text))
    if found is None or found[1] or not found[0]:
        return None
    return found[0]




def with_opening(pattern: str, flags: int = 0) -> str:
    """``pattern`` with a look-ahead for the characters its matches open with, when it opens
    with a look-around or a word boundary (the engine then has no first character of its own
    to look for: ``\\b(?:both|…)`` tried its alternatives at every word's edge)."""
    if flags & (re.IGNORECASE | re.VERBOSE) or not pattern.startswith(
            ("(?<", "(?:(?<", "(?=", "(?!", "\\b", "(?:\\b")):
        return pattern
    try:
        reader = _Reader(pattern)
        chars = _opening(reader)
    except (KeyError, IndexError, ValueError):
        return pattern  # not a text this reader follows: as written
    if chars is None:
        return pattern
    singles = sorted(c for c in chars if len(c) == 1)
    members = "".join(re.escape(c) for c in singles) + "".join(sorted(chars - set(singles)))
    body = f"(?:{pattern})" if reader.bars[-1] else pattern
    return f"(?=[{members}]){body}"


_PENDING: list[LazyPattern] = []
_MADE: set[tuple[str, int]] = set()  # every lazy pattern's (text, flags)


def lazy(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """A pattern compiled on first use, typed as the compiled pattern it stands for."""
    made = LazyPattern(pattern, int(flags))
    _PENDING.append(made)
    _MADE.add((pattern, int(flags)))
    return cast("re.Pattern[str]", made)


def written(pattern: re.Pattern[str] | str) -> re.Pattern[str]:
    """``pattern`` compiled as written, without the look-ahead ``with_opening`` adds: the same
    matches, in a form a text generator (hypothesis' ``from_regex``) can follow; a
    look-ahead it cannot satisfy makes it throw away every text it draws."""
    if isinstance(pattern, LazyPattern):
        return re.compile(*pattern._source)
    return re.compile(pattern)


def compiled(pattern: re.Pattern[str] | str) -> re.Pattern[str]:
    """The compiled pattern behind ``pattern`` (a lazy one, a compiled one or a string)."""
    if isinstance(pattern, LazyPattern):
        return pattern.compiled()
    return re.compile(pattern)


def compile_all(batch: int = 25) -> Iterator[None]:
    """Compiles every lazy pattern not compiled yet, yielding after each ``batch``; then keeps
    their code on disk for the next start, and lets go of it here."""
    while _PENDING:
        for _ in range(min(batch, len(_PENDING))):
            _PENDING.pop().compiled()
        yield
    save()
    release()


# -- the engine's code, kept across restarts -------------------------------------------------

# (pattern, flags) → the rest of _sre.compile's arguments: the flags in force, the code, the
# number of groups, the group index by name and the names by index.
Parts = tuple[int, list[int], int, dict[str, int], tuple[str | None, ...]]

_PREFIX: Final = "patterns-"
# Each entry as marshal's bytes, decoded when its pattern is made: ~0.5 MB held, not ~2 MB of
# integer lists.
_store: dict[tuple[str, int], bytes] | None = None
# Each lazy pattern's text as compiled (``with_opening``, ~0.2 ms a pattern to read), kept with
# the code: a restarted process reads no pattern's text either.
_openings: dict[tuple[str, int], str] | None = None
_added = False
_released = False  # after the warm-up: patterns made later are compiled, the file not read
_used: set[tuple[str, int]] = set()  # compiled here by compiled_pattern


def _engine() -> tuple[Any, Any, Any]:
    return (importlib.import_module("_sre"), importlib.import_module("re._parser"),
            importlib.import_module("re._compiler"))


@cache
def _file_name() -> str:
    sre, _, _ = _engine()
    # This file's code too: it reads the openings kept there.
    code = Path(__file__).read_bytes()
    return f"{_PREFIX}{disk_cache.fingerprint('regex-code-3', str(sre.MAGIC), code)}.marshal"


def _parts(pattern: str, flags: int) -> Parts:
    """What ``re._compiler.compile`` hands to ``_sre.compile`` for ``pattern``, with the
    characters its matches open with given to the search when re finds none (``_first_set``)
    and its optional parts compiled as alternatives (``_optional_as_branch``)."""
    _, parser, compiler = _engine()
    parsed = parser.parse(pattern, flags)
    _optional_as_branch(parsed, parser, compiler)
    if not (flags | parsed.state.flags) & (re.IGNORECASE | re.LOCALE):
        _branches_by_opening(parsed, parser, compiler)
    code = _first_set(parsed, compiler._code(parsed, flags), flags)
    groupindex = dict(parsed.state.groupdict)
    indexgroup: list[str | None] = [None] * parsed.state.groups
    for name, i in groupindex.items():
        indexgroup[i] = name
    return (int(flags | parsed.state.flags), [int(c) for c in code], parsed.state.groups - 1,
            groupindex, tuple(indexgroup))


def _optional_as_branch(parsed: Any, parser: Any, c: Any) -> None:
    """Each greedy optional part of more than one character (``(?:ryzen )?``) made the
    alternatives ``(?:ryzen |)``, in place: the same matches, tried in the same order (the
    part, then nothing), and the same groups.

    re compiles such a part as a repeat of at most one, whose every entry allocates the
    repeat's state and frees it again; a word pattern enters it wherever a word starts (some
    400 times a cold question, 90 once the optional parts are alternatives). Alternatives allocate nothing, and one opening with a
    letter is skipped at once where the text's character is another."""
    items = parsed.data
    for i, (op, av) in enumerate(items):
        for nested in _nested(op, av, c):
            _optional_as_branch(nested, parser, c)
        if op is c.MAX_REPEAT and av[0] == 0 and av[1] == 1 and not c._simple(av[2]):
            items[i] = (c.BRANCH, (None, [av[2], parser.SubPattern(parsed.state)]))


def _nested(op: Any, av: Any, c: Any) -> Iterator[Any]:
    """The sub-patterns one item of a parsed pattern holds: a group's body, a branch's
    alternatives, a look-around's or an atomic group's body, a conditional's branches, a
    repeat's body (the walk both rewrites above and below make)."""
    if op is c.SUBPATTERN:
        yield av[-1]
    elif op is c.BRANCH:
        yield from av[1]
    elif op is c.ASSERT or op is c.ASSERT_NOT:
        yield av[1]
    elif op is c.ATOMIC_GROUP:
        yield av
    elif op is c.GROUPREF_EXISTS:
        yield from (branch for branch in av[1:] if branch is not None)
    elif op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
        yield av[2]


def _branches_by_opening(parsed: Any, parser: Any, c: Any) -> None:
    """Alternatives opening with the same letter made one alternative, the letter then the
    rest of each (``how much|what|how many`` → ``how (?:much|many)|what``), in place and
    level after level: a trie, which the engine walks a letter at a time.

    At a position where a word starts, the engine tries a group's alternatives one after
    another: each opening with another letter is skipped at a cost, each opening alike entered
    in full. The concept patterns hold a hundred or more (PAY_STRONG, RECOMMEND,
    DURATION_QUESTION…), entered wherever a word starts. Grouped, the same matches are tried
    in the same order: an alternative moves up only past ones that cannot open with its
    letter (another letter, or a set without it); one that may (an empty one, a category it
    belongs to, a set the parse does not say) keeps those after it where they were. The same
    groups: only a literal letter moves, never a group's bracket."""
    for op, av in parsed.data:
        if op is c.SUBPATTERN and av[1] & (c.SRE_FLAG_IGNORECASE | c.SRE_FLAG_LOCALE):
            continue  # (a case-blind group's letters are no literal to group by)
        for nested in _nested(op, av, c):
            _branches_by_opening(nested, parser, c)
        if op is c.BRANCH:
            av[1][:] = _grouped(av[1], parser, c)
    # A group of one alternative left by the grouping below: its items in its place.
    spliced = []
    for op, av in parsed.data:
        if op is c.BRANCH and len(av[1]) == 1:
            spliced.extend(av[1][0].data)
        else:
            spliced.append((op, av))
    parsed.data[:] = spliced


_CATEGORY_TEXT: Final = {"CATEGORY_DIGIT": r"\d", "CATEGORY_SPACE": r"\s", "CATEGORY_WORD": r"\w"}


def _grouped(branches: list[Any], parser: Any, c: Any) -> list[Any]:
    """`branches` (a group's alternatives, in order) with those opening with the same literal
    one alternative, placed where the first of them was (see _branches_by_opening)."""
    branches = _opened_groups(branches, parser, c)
    out: list[list[Any]] = []  # [letter or None, its alternatives]
    open_at: dict[int, int] = {}  # a letter → its entry in out, while alternatives may join it
    for branch in branches:
        first = branch.data[0] if branch.data else None
        if first is not None and first[0] is c.LITERAL:
            at = open_at.get(first[1])
            if at is not None:
                out[at][1].append(branch)
            else:
                open_at[first[1]] = len(out)
                out.append([first[1], [branch]])
            continue
        out.append([None, [branch]])
        found = _opens(list(branch.data), c) if branch.data else None
        if found is None or found[1]:
            open_at.clear()  # may open with anything, or match nothing: none moves past it
            continue
        for letter in list(open_at):
            if _may_open(found[0], letter, c):
                del open_at[letter]
    if all(len(members) == 1 for _, members in out):
        return branches
    grouped = []
    for letter, members in out:
        if len(members) == 1:
            grouped.append(members[0])
            continue
        state = members[0].state
        rests = [parser.SubPattern(state, list(m.data[1:])) for m in members]
        if all(len(r.data) == 1 and (r.data[0][0] is c.LITERAL or (
                r.data[0][0] is c.IN and r.data[0][1][0][0] is not c.NEGATE)) for r in rests):
            # One character each ("a(?:b|c)"): a set, as re's parser makes of such a group.
            chars: list[tuple[Any, Any]] = []
            for r in rests:
                for item in (r.data if r.data[0][0] is c.LITERAL else r.data[0][1]):
                    if item not in chars:
                        chars.append(item)
            grouped.append(parser.SubPattern(state, [(c.LITERAL, letter), (c.IN, chars)]))
            continue
        inner = parser.SubPattern(state, [(c.BRANCH, (None, rests))])
        _branches_by_opening(inner, parser, c)
        grouped.append(parser.SubPattern(state, [(c.LITERAL, letter), *inner.data]))
    return grouped


_MAX_SPREAD = 50  # items copied at most (the code grows by a fourteenth)


def _opened_groups(branches: list[Any], parser: Any, c: Any) -> list[Any]:
    """`branches` with each one opening with a group of alternatives ("(?:que|cual) placa")
    spread into one alternative each, what follows the group after each ("que placa|cual
    placa"): the same matches tried in the same order. Not where what follows holds a group
    that captures (its marks would be set twice)."""
    out: list[Any] = []
    spread = False
    for branch in branches:
        data = branch.data
        if data and data[0][0] is c.BRANCH \
                and (len(data[0][1][1]) - 1) * _size(data[1:], c) <= _MAX_SPREAD \
                and not _captures(data[1:], c):
            rest = list(data[1:])
            out.extend(parser.SubPattern(branch.state, [*alt.data, *rest])
                       for alt in data[0][1][1])
            spread = True
        else:
            out.append(_behind_after_letter(branch, parser, c))
    return _opened_groups(out, parser, c) if spread else out


def _behind_after_letter(branch: Any, parser: Any, c: Any) -> Any:
    """`branch` opening with look-behinds then a letter ("(?<!enough )time") as the letter,
    then the look-behinds holding it ("t(?<!enough t)ime"): the engine skips it where the
    text's character is another, as it does any alternative opening with a letter, rather than
    entering it to try them. The same: that letter is the text's there. Not for a look-behind
    that captures."""
    data = branch.data
    i = 0
    while i < len(data) and data[i][0] in (c.ASSERT, c.ASSERT_NOT) and data[i][1][0] == -1 \
            and not _captures(list(data[i][1][1]), c):
        i += 1
    if i == 0 or i == len(data) or data[i][0] is not c.LITERAL:
        return branch
    letter = data[i]
    behind = [(op, (-1, parser.SubPattern(branch.state, [*av[1].data, letter])))
              for op, av in data[:i]]
    return parser.SubPattern(branch.state, [letter, *behind, *data[i + 1:]])


def _size(items: list[tuple[Any, Any]], c: Any) -> int:
    """How many items `items` holds, those inside groups too: what spreading copies."""
    n = 0
    for op, av in items:
        n += 1
        if op is c.SUBPATTERN:
            n += _size(list(av[-1]), c)
        elif op is c.BRANCH:
            n += sum(_size(list(b), c) for b in av[1])
        elif op is c.ASSERT or op is c.ASSERT_NOT:
            n += _size(list(av[1]), c)
        elif op is c.ATOMIC_GROUP:
            n += _size(list(av), c)
        elif op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
            n += _size(list(av[2]), c)
    return n


def _captures(items: list[tuple[Any, Any]], c: Any) -> bool:
    for op, av in items:
        if op is c.SUBPATTERN:
            if av[0] is not None or _captures(list(av[-1]), c):
                return True
        elif op is c.BRANCH:
            if any(_captures(list(b), c) for b in av[1]):
                return True
        elif op is c.ASSERT or op is c.ASSERT_NOT:
            if _captures(list(av[1]), c):
                return True
        elif op is c.ATOMIC_GROUP:
            if _captures(list(av), c):
                return True
        elif op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
            if _captures(list(av[2]), c):
                return True
        elif op is c.GROUPREF or op is c.GROUPREF_EXISTS:
            return True
    return False


def _may_open(items: list[tuple[Any, Any]], letter: int, c: Any) -> bool:
    """Whether `letter` is one of the set items (_opens's) a match may open with."""
    for op, av in items:
        if op is c.LITERAL:
            if av == letter:
                return True
        elif op is c.RANGE:
            if av[0] <= letter <= av[1]:
                return True
        elif op is c.CATEGORY:
            text = _CATEGORY_TEXT.get(getattr(av, "name", ""))
            if text is None or re.fullmatch(text, chr(letter)) is not None:
                return True
        else:
            return True  # a kind of item not read here
    return False


def _first_set(parsed: Any, code: list[int], flags: int) -> list[int]:
    """``code`` whose search steps over the characters no match can open with.

    The engine's search skips at C speed to a character that can open a match when the code's
    INFO block names the set: re names one for a pattern opening with a literal, a set or
    alternatives of literals, never for one opening with a look-around, a word boundary or a
    group of other alternatives. Such a pattern (every word pattern: ``with_opening``'s
    ``(?=[chw])(?<![a-z0-9])…``) entered the matcher at every position of the text, failing at
    once nearly everywhere. The set is read off the parsed pattern (``_opens``): every match
    opens with one of its characters, so the positions skipped are those where no match
    opens, and the matches and groups are the same (tests/test_lazy_opening.py)."""
    _, _, compiler = _engine()
    flags |= parsed.state.flags  # those the code was compiled with: \d is any script's digit
    if code[0] != compiler.INFO or code[2] & (compiler.SRE_INFO_PREFIX | compiler.SRE_INFO_CHARSET) \
            or flags & (compiler.SRE_FLAG_IGNORECASE | compiler.SRE_FLAG_LOCALE):
        return code
    if not code[3]:
        # A match may be empty ("(?<=[a-z])(?=\d)", where a name is split): the search with a
        # set does not step past an empty match, so finditer, sub and split would loop.
        return code
    found = _opens(list(parsed.data), compiler)
    if found is None or found[1] or not found[0]:
        return code
    charset, cased = compiler._optimize_charset(found[0])
    if cased:
        return code
    block = [compiler.INFO, 0, compiler.SRE_INFO_CHARSET, code[3], code[4]]
    compiler._compile_charset(charset, flags, block)
    block[1] = len(block) - 1  # the words after this one, up to the pattern's own code
    body = code[1 + code[1]:]
    op, av = parsed.data[0]
    if op is compiler.ASSERT and av[0] == 1 and len(av[1]) == 1 \
            and av[1][0][0] in (compiler.IN, compiler.LITERAL) and body[0] == compiler.ASSERT:
        # with_opening's look-ahead for that same set, which the search now skips to: every
        # match opens with one of its characters (it was read off the rest), so it no longer
        # sorts anything out, and was an assertion entered at every position tried.
        body = body[1 + body[1]:]
    return block + body


def _opens(items: list[tuple[Any, Any]], c: Any) -> tuple[list[tuple[Any, Any]], bool] | None:
    """The set items (re's parse: literals, ranges, categories) that the character at a match's
    start of the parsed sequence ``items`` is one of, and whether the sequence may match
    without saying (it may match the empty string); None when the parse does not say."""
    out: list[tuple[Any, Any]] = []
    for op, av in items:
        if op is c.AT:
            if av in (c.AT_BEGINNING, c.AT_BEGINNING_STRING):
                return None  # the engine tries the start of the text alone
            continue  # a boundary or an end consumes nothing
        if op is c.ASSERT_NOT or (op is c.ASSERT and av[0] != 1):
            continue  # look-behinds and negative look-aheads consume nothing
        if op is c.ASSERT:
            # A look-ahead: the character at the match's start opens what it looks for.
            ahead = _opens(list(av[1]), c)
            if ahead is not None and not ahead[1]:
                return out + ahead[0], False
            continue
        if op is c.LITERAL:
            return [*out, (op, av)], False
        if op is c.IN:
            if any(kind is c.NEGATE for kind, _ in av):
                return None
            return out + list(av), False
        if op is c.SUBPATTERN:
            if av[1] & (c.SRE_FLAG_IGNORECASE | c.SRE_FLAG_LOCALE):
                return None
            inner = [_opens(list(av[3]), c)]
        elif op is c.ATOMIC_GROUP:
            inner = [_opens(list(av), c)]
        elif op is c.BRANCH:
            inner = [_opens(list(branch), c) for branch in av[1]]
        elif op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
            found = _opens(list(av[2]), c)
            inner = [found if found is None or av[0] > 0 else (found[0], True)]
        else:
            return None  # any character, a negated one, a back-reference, a condition
        empty = False
        for found in inner:
            if found is None:
                return None
            out += found[0]
            empty = empty or found[1]
        if not empty:
            return out, False
    return out, True


def _loaded() -> dict[tuple[str, int], bytes]:
    global _store, _openings
    if _store is None:
        _store, _openings = {}, {}
        payload = disk_cache.read(_file_name())
        if payload is not None:
            try:
                found = marshal.loads(payload)
            except (ValueError, EOFError, TypeError):
                found = None
            if isinstance(found, tuple) and len(found) == 2 \
                    and isinstance(found[0], dict) and isinstance(found[1], dict):
                _store, _openings = found
    return _store


def opened(pattern: str, flags: int = 0) -> str:
    """``with_opening(pattern, flags)``, read from the disk when kept there."""
    global _added
    if _released:
        return with_opening(pattern, flags)
    _loaded()
    assert _openings is not None
    key = (pattern, flags)
    found = _openings.get(key)
    if not isinstance(found, str):
        found = _openings[key] = with_opening(pattern, flags)
        _added = True
    return found


def compiled_pattern(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, from the code kept on disk when it is there."""
    global _added
    flags = int(flags)
    if _released:
        return re.compile(pattern, flags)
    try:
        store = _loaded()
        sre, _, _ = _engine()
        key = (pattern, flags)
        _used.add(key)
        kept = store.get(key)
        if kept is None:
            parts = _parts(pattern, flags)
            store[key] = marshal.dumps(parts)
            _added = True
        else:
            parts = marshal.loads(kept)
        made: re.Pattern[str] = sre.compile(pattern, *parts)
        return made
    except Exception:
        # Another Python's internals, or a stored entry the engine refuses: as re compiles it.
        return re.compile(pattern, flags)


def save() -> None:
    """Keeps the code of the patterns compiled so far on disk (when any is new)."""
    global _added
    if not _added or _store is None:
        return
    # What this code makes: patterns of an older version are left out.
    keep = _MADE | _used
    openings = _openings or {}
    try:
        payload = marshal.dumps((
            {key: kept for key, kept in _store.items() if key in keep},
            {key: text for key, text in openings.items() if key in _MADE},
        ))
    except ValueError:
        return
    if disk_cache.write(_file_name(), payload, prefix=_PREFIX):
        _added = False


def release() -> None:
    """Lets go of the code read from disk (kept there by ``save``): a pattern made later (the
    model families' when new models are loaded) is compiled as ``re`` compiles it."""
    global _store, _openings, _added, _released
    _store, _openings, _added, _released = None, None, False, True
