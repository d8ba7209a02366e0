"""Persistence: SQLAlchemy 2 (async) models, engines, migrations and repositories.

SQLite (aiosqlite, WAL) is the embedded default; PostgreSQL (asyncpg) for production. Never
imports telegram.
"""

from bot.storage.engine import Database, create_engine
from bot.storage.migrate import migrate
from bot.storage.prefs import SqlPreferences

__all__ = ["Database", "SqlPreferences", "create_engine", "migrate"]
