"""Fixtures of the alert tests; test modules load them with ``pytest_plugins``.

The database fixture runs every test on SQLite and, when TEST_DATABASE_URL is set (CI starts a
throwaway cluster with scripts/pg_throwaway.sh), on PostgreSQL too: each test gets a fresh
database created through the same Alembic migrations as production.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest
import pytest_asyncio
from sqlalchemy.engine import make_url

from bot.alerts.service import AlertService
from bot.storage.engine import Database
from bot.storage.migrate import migrate
from rules.catalogue import Catalogue, load_catalogue
from tests.alerts_helpers import TimedFakeBotAPI

BACKENDS = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]


# ----------------------------------------------------------------------------- databases


async def _create_pg_database(base_url: str) -> str:
    url = make_url(base_url)
    name = f"alerts_{uuid.uuid4().hex[:12]}"
    conn = await asyncpg.connect(
        host=url.host, port=url.port, user=url.username, password=url.password,
        database=url.database or "postgres",
    )
    try:
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    return url.set(database=name).render_as_string(hide_password=False)


async def _drop_pg_database(base_url: str, name: str) -> None:
    url = make_url(base_url)
    conn = await asyncpg.connect(
        host=url.host, port=url.port, user=url.username, password=url.password,
        database=url.database or "postgres",
    )
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await conn.close()


@pytest_asyncio.fixture(params=BACKENDS)
async def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """An empty, migrated database: a SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path / 'alerts.sqlite3'}"
        await migrate(url)
        yield url
        return
    base = os.environ.get("TEST_DATABASE_URL")
    if not base:
        pytest.skip("TEST_DATABASE_URL is not set")
    url = await _create_pg_database(base)
    try:
        await migrate(url)
        yield url
    finally:
        await _drop_pg_database(base, make_url(url).database or "")


@pytest_asyncio.fixture
async def db(db_url: str) -> AsyncIterator[Database]:
    database = Database(db_url)
    yield database
    await database.dispose()


@pytest.fixture
def catalogue() -> Catalogue:
    return load_catalogue()


@pytest_asyncio.fixture
async def service(db: Database, catalogue: Catalogue) -> AlertService:
    svc = AlertService(db, catalogue, admin_ids=frozenset({900_001}))
    await svc.ensure_baseline()
    return svc


# ----------------------------------------------------------------------------- the fake


@pytest_asyncio.fixture
async def api() -> AsyncIterator[TimedFakeBotAPI]:
    async with TimedFakeBotAPI(record_calls=False) as fake:
        yield fake
