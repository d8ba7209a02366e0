"""Regular expressions compiled when first used, not at import.

Understanding holds some 250 patterns; compiling them all took ~70 ms of every start-up, before
the bot could answer anything, while a question uses a quarter to a half of them. ``lazy``
gives an object that compiles its pattern on its first call and then hands out the compiled
pattern's own methods (kept on the object: later calls cost what calling the compiled pattern
costs). ``compile_all`` compiles what is left, a batch at a time: the pipeline's warm-up calls
it once the updates waiting at start are answered, so questions after start-up never compile.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, Final, cast

_METHODS: Final = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split")


class LazyPattern:
    """``re.compile(pattern, flags)`` on first use; then its methods are the compiled one's."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self._source = (pattern, flags)
        self._compiled: re.Pattern[str] | None = None

    def compiled(self) -> re.Pattern[str]:
        found = self._compiled
        if found is None:
            found = self._compiled = re.compile(*self._source)
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


_PENDING: list[LazyPattern] = []


def lazy(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """A pattern compiled on first use, typed as the compiled pattern it stands for."""
    made = LazyPattern(pattern, flags)
    _PENDING.append(made)
    return cast("re.Pattern[str]", made)


def compiled(pattern: re.Pattern[str] | str) -> re.Pattern[str]:
    """The compiled pattern behind ``pattern`` (a lazy one, a compiled one or a string)."""
    if isinstance(pattern, LazyPattern):
        return pattern.compiled()
    return re.compile(pattern)


def compile_all(batch: int = 25) -> Iterator[None]:
    """Compiles every lazy pattern not compiled yet, yielding after each ``batch``."""
    while _PENDING:
        for _ in range(min(batch, len(_PENDING))):
            _PENDING.pop().compiled()
        yield
