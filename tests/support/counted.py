"""Counting a lazy pattern's calls: the exact-cut tests of issue #16 (tests/test_perf4*.py) pin a
search not made by the texts a pattern is called with."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest


def counted(pattern: Any, method: str, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts `pattern.method` is called with from now on (the compiled pattern's own method
    is an instance attribute once compiled: replaced here by one that counts)."""
    compiled = pattern.compiled()  # a bot.understand.lazy.LazyPattern
    real: Callable[..., Any] = getattr(compiled, method)
    seen: list[str] = []

    def counting(s: str, *args: Any, **kwargs: Any) -> Any:
        seen.append(s)
        return real(s, *args, **kwargs)

    monkeypatch.setattr(pattern, method, counting)
    return seen
