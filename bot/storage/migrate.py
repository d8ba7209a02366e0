"""Applies the Alembic migrations (at start-up, and to every test database)."""

from __future__ import annotations

import asyncio
import logging
import weakref
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import text
from sqlalchemy.engine import Connection

from bot.storage.engine import MIGRATION_LOCK, create_engine

log = logging.getLogger(__name__)

MIGRATIONS = Path(__file__).resolve().parent / "migrations"

# Alembic's runtime context is process-global: one migration at a time per process (per loop,
# as an asyncio.Lock belongs to one). Across processes, PostgreSQL's advisory lock serialises.
_locks: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = (
    weakref.WeakKeyDictionary()
)


def alembic_config() -> Config:
    """Built in code, not read from alembic.ini: an installed package has no repo root."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def _upgrade(connection: Connection, revision: str) -> None:
    config = alembic_config()
    config.attributes["connection"] = connection
    command.upgrade(config, revision)


async def migrate(database_url: str, revision: str = "head") -> None:
    """Brings the database to ``revision``. Several processes starting at once on PostgreSQL
    take turns (an advisory lock); the later ones find nothing left to do."""
    lock = _locks.setdefault(asyncio.get_running_loop(), asyncio.Lock())
    async with lock:
        await _migrate(database_url, revision)
    log.info("database schema is at %s", revision)


async def _migrate(database_url: str, revision: str) -> None:
    engine = create_engine(database_url, pooled=False)
    try:
        async with engine.connect() as connection:
            if connection.dialect.name == "postgresql":
                await connection.execute(text("SELECT pg_advisory_lock(:k)"), {"k": MIGRATION_LOCK})
                await connection.commit()
            await connection.run_sync(_upgrade, revision)
            await connection.commit()
    finally:
        await engine.dispose()
