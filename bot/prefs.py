"""Where a user's explicit choices live (their language). SQL-backed in production."""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Protocol

log = logging.getLogger(__name__)


class Preferences(Protocol):
    async def get_locale(self, user_id: int) -> str | None: ...

    async def set_locale(self, user_id: int, chat_id: int, locale: str) -> None: ...


class MemoryPreferences:
    """For the console and tests: nothing survives a restart."""

    def __init__(self) -> None:
        self._locales: dict[int, str] = {}

    async def get_locale(self, user_id: int) -> str | None:
        return self._locales.get(user_id)

    async def set_locale(self, user_id: int, chat_id: int, locale: str) -> None:
        self._locales[user_id] = locale


class CachedPreferences:
    """Every message needs its user's language, and reading it from the database each time
    costs more than answering. Reads are kept for `ttl_seconds` per user (a change made
    through this process shows at once: writes go through; one made by another process
    within the ttl), in a bounded LRU. When the database fails, a stale value is better
    than none."""

    def __init__(
        self,
        inner: Preferences,
        ttl_seconds: float = 60.0,
        max_users: int = 100_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.inner = inner
        self.ttl = ttl_seconds
        self.max_users = max_users
        self.clock = clock
        self._locales: OrderedDict[int, tuple[str | None, float]] = OrderedDict()

    async def get_locale(self, user_id: int) -> str | None:
        cached = self._locales.get(user_id)
        if cached is not None and self.clock() - cached[1] < self.ttl:
            self._locales.move_to_end(user_id)
            return cached[0]
        try:
            locale = await self.inner.get_locale(user_id)
        except Exception:
            if cached is None:
                raise
            log.warning("preferences unavailable; using the last language read", exc_info=True)
            return cached[0]
        self._remember(user_id, locale)
        return locale

    async def set_locale(self, user_id: int, chat_id: int, locale: str) -> None:
        await self.inner.set_locale(user_id, chat_id, locale)
        self._remember(user_id, locale)

    def _remember(self, user_id: int, locale: str | None) -> None:
        self._locales[user_id] = (locale, self.clock())
        self._locales.move_to_end(user_id)
        while len(self._locales) > self.max_users:
            self._locales.popitem(last=False)
