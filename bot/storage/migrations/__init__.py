"""Alembic migrations (applied at start-up by bot.storage.migrate)."""
