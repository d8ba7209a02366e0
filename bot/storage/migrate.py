"""Applies the Alembic migrations (at start-up, and to every test database).

Start-up first compares the database's ``alembic_version`` with the head revision read from
the migration files, without importing Alembic (~0.1 s of imports, and its script loading):
Alembic runs only when they differ (a new database, or a deploy that adds a migration).
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from typing import TYPE_CHECKING

from sqlalchemy import text
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.storage.engine import MIGRATION_LOCK, create_engine
from bot.storage.snapshot import MIGRATIONS, head_revision

if TYPE_CHECKING:
    from alembic.config import Config

log = logging.getLogger(__name__)

# Alembic's runtime context is process-global: one migration at a time per process (per loop,
# as an asyncio.Lock belongs to one). Across processes, PostgreSQL's advisory lock serialises.
_locks: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = (
    weakref.WeakKeyDictionary()
)


async def database_revisions(connection: AsyncConnection) -> set[str] | None:
    """The revisions recorded in the database, None when it has no alembic_version table."""
    try:
        result = await connection.execute(text("SELECT version_num FROM alembic_version"))
    except Exception:  # no such table: a new database (the dialects' errors differ)
        await connection.rollback()
        return None
    revisions = {str(row[0]) for row in result}
    await connection.rollback()
    return revisions


def alembic_config() -> Config:
    """Built in code, not read from alembic.ini: an installed package has no repo root."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def _upgrade(connection: Connection, revision: str) -> None:
    from alembic import command

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
            if revision == "head":
                head = head_revision()
                if head is not None and await database_revisions(connection) == {head}:
                    return  # at head: nothing for Alembic to do
            if connection.dialect.name == "postgresql":
                await connection.execute(text("SELECT pg_advisory_lock(:k)"), {"k": MIGRATION_LOCK})
                await connection.commit()
            await connection.run_sync(_upgrade, revision)
            await connection.commit()
    finally:
        await engine.dispose()
