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
it. ``compiled_pattern`` is the same for a pattern made at run time. What is built equals
``re.compile``'s pattern (``re.Pattern.__eq__`` compares the code; tests/test_startup.py checks
every pattern); whatever fails on this path falls back to ``re.compile``.
"""

from __future__ import annotations

import importlib
import marshal
import re
from collections.abc import Iterator
from functools import cache
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
            found = self._compiled = compiled_pattern(*self._source)
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

    def __getattr__(self, name: str) -> Any:
        # pattern, flags, groups, groupindex: the compiled pattern's.
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.compiled(), name)

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


_PENDING: list[LazyPattern] = []
_MADE: set[tuple[str, int]] = set()  # every lazy pattern's (text, flags)


def lazy(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """A pattern compiled on first use, typed as the compiled pattern it stands for."""
    made = LazyPattern(pattern, int(flags))
    _PENDING.append(made)
    _MADE.add((pattern, int(flags)))
    return cast("re.Pattern[str]", made)


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
_added = False
_released = False  # after the warm-up: patterns made later are compiled, the file not read
_used: set[tuple[str, int]] = set()  # compiled here by compiled_pattern


def _engine() -> tuple[Any, Any, Any]:
    return (importlib.import_module("_sre"), importlib.import_module("re._parser"),
            importlib.import_module("re._compiler"))


@cache
def _file_name() -> str:
    sre, _, _ = _engine()
    return f"{_PREFIX}{disk_cache.fingerprint('regex-code-2', str(sre.MAGIC))}.marshal"


def _parts(pattern: str, flags: int) -> Parts:
    """What ``re._compiler.compile`` hands to ``_sre.compile`` for ``pattern``."""
    _, parser, compiler = _engine()
    parsed = parser.parse(pattern, flags)
    code = compiler._code(parsed, flags)
    groupindex = dict(parsed.state.groupdict)
    indexgroup: list[str | None] = [None] * parsed.state.groups
    for name, i in groupindex.items():
        indexgroup[i] = name
    return (int(flags | parsed.state.flags), [int(c) for c in code], parsed.state.groups - 1,
            groupindex, tuple(indexgroup))


def _loaded() -> dict[tuple[str, int], bytes]:
    global _store
    if _store is None:
        _store = {}
        payload = disk_cache.read(_file_name())
        if payload is not None:
            try:
                found = marshal.loads(payload)
            except (ValueError, EOFError, TypeError):
                found = None
            if isinstance(found, dict):
                _store = found
    return _store


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
    try:
        payload = marshal.dumps({key: kept for key, kept in _store.items() if key in keep})
    except ValueError:
        return
    if disk_cache.write(_file_name(), payload, prefix=_PREFIX):
        _added = False


def release() -> None:
    """Lets go of the code read from disk (kept there by ``save``): a pattern made later (the
    model families' when new models are loaded) is compiled as ``re`` compiles it."""
    global _store, _added, _released
    _store, _added, _released = None, False, True
