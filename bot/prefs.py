"""Where a user's explicit choices live (their language). SQL-backed in production."""

from __future__ import annotations

from typing import Protocol


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
