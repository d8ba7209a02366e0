"""The user's chosen language, kept in the users table (bot.prefs.Preferences)."""

from __future__ import annotations

from bot.storage.engine import Database
from bot.storage.repos import Users


class SqlPreferences:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def get_locale(self, user_id: int) -> str | None:
        async with self.db.sessions() as session:
            user = await Users(session).get(user_id)
            return None if user is None else user.locale

    async def chosen_locales(self) -> dict[int, str]:
        async with self.db.sessions() as session:
            return await Users(session).chosen_locales()

    async def set_locale(self, user_id: int, chat_id: int, locale: str | None) -> None:
        """None clears the choice (back to the question's language)."""
        async with self.db.transaction() as session:
            await Users(session).set_locale(user_id, chat_id, locale)
