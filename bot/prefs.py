"""Where a user's explicit choices live (their language). SQL-backed in production."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Protocol


class Preferences(Protocol):
    async def get_locale(self, user_id: int) -> str | None: ...

    async def set_locale(self, user_id: int, chat_id: int, locale: str | None) -> None:
        """`locale` None clears the choice: the question's language is used again."""


class MemoryPreferences:
    """For the console and tests: nothing survives a restart."""

    def __init__(self) -> None:
        self._locales: dict[int, str] = {}

    async def get_locale(self, user_id: int) -> str | None:
        return self._locales.get(user_id)

    async def set_locale(self, user_id: int, chat_id: int, locale: str | None) -> None:
        if locale is None:
            self._locales.pop(user_id, None)
        else:
            self._locales[user_id] = locale


class StoredPreferences(Preferences, Protocol):
    async def chosen_locales(self) -> dict[int, str]: ...


class PreferenceMirror:
    """Every message needs its user's language, and a database read costs more than the
    answer (about 5 ms through aiosqlite here). Explicit choices are few and small, so all of
    them are kept in memory: loaded at start, reloaded every `refresh_seconds` (a choice made
    through another process shows within that), written through. Until the first load
    succeeds (the database is away at start), each read goes to the database."""

    def __init__(self, inner: StoredPreferences) -> None:
        self.inner = inner
        self._locales: dict[int, str] | None = None

    @property
    def loaded(self) -> bool:
        return self._locales is not None

    def load(self, locales: dict[int, str]) -> None:
        """Every choice, read elsewhere (start-up's reader, bot/storage/snapshot.py)."""
        self._locales = dict(locales)

    async def refresh(self) -> None:
        """Reload every choice; on failure the previous copy stays (and the error is raised
        for the caller to log)."""
        self._locales = await self.inner.chosen_locales()

    async def get_locale(self, user_id: int) -> str | None:
        if self._locales is None:
            return await self.inner.get_locale(user_id)
        return self._locales.get(user_id)

    async def set_locale(self, user_id: int, chat_id: int, locale: str | None) -> None:
        await self.inner.set_locale(user_id, chat_id, locale)
        if self._locales is not None:
            if locale is None:
                self._locales.pop(user_id, None)
            else:
                self._locales[user_id] = locale


class LatePreferences:
    """Stored preferences whose storage comes up after the bot has started answering (the
    runner imports SQLAlchemy after its first getUpdates): each call first waits for it, so a
    language chosen meanwhile is stored, not lost. ``open`` returns the storage, starting it
    if need be, and raises when it could not be built."""

    def __init__(self, open: Callable[[], Awaitable[StoredPreferences]]) -> None:
        self.open = open

    async def get_locale(self, user_id: int) -> str | None:
        return await (await self.open()).get_locale(user_id)

    async def chosen_locales(self) -> dict[int, str]:
        return await (await self.open()).chosen_locales()

    async def set_locale(self, user_id: int, chat_id: int, locale: str | None) -> None:
        await (await self.open()).set_locale(user_id, chat_id, locale)
