"""Engines and sessions from DATABASE_URL: SQLite (aiosqlite, WAL) or PostgreSQL (asyncpg)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, Final

from sqlalchemy import event, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.pool import NullPool

SQLITE_BUSY_TIMEOUT_MS: Final = 30_000
_WRITER: Final = "gpu_assistant_writer"  # execution option: this transaction will write

# Transaction-scoped advisory lock keys (PostgreSQL): one per kind of serialised work.
PRICE_WRITE_LOCK: Final = 0x6770_7570_7269_6365  # "gpuprice"
MIGRATION_LOCK: Final = 0x6770_756D_6967_7261  # "gpumigra"


def normalise_url(database_url: str) -> URL:
    """Plain ``sqlite://`` / ``postgresql://`` URLs get the async drivers this project uses."""
    url = make_url(database_url)
    if url.drivername in ("sqlite", "sqlite+pysqlite"):
        url = url.set(drivername="sqlite+aiosqlite")
    elif url.drivername in ("postgresql", "postgres", "postgresql+psycopg2"):
        url = url.set(drivername="postgresql+asyncpg")
    return url


def _sqlite_events(engine: AsyncEngine) -> None:
    @event.listens_for(engine.sync_engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy, not the sqlite3 module, decide when a transaction begins.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA synchronous = NORMAL")  # durable at checkpoints; safe with WAL
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.close()

    @event.listens_for(engine.sync_engine, "begin")
    def _begin(connection: Any) -> None:
        # Writers (Database.transaction) BEGIN IMMEDIATE: the write lock up front (waiting up
        # to busy_timeout), because a deferred transaction that reads and then writes fails
        # at once if another process committed in between, which the bot and a separate
        # sender process would hit. Readers BEGIN DEFERRED: under WAL they never wait for a
        # writer, and taking the write lock to read a user's language cost ~3 ms a message.
        immediate = connection.get_execution_options().get(_WRITER, False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN DEFERRED")


def create_engine(database_url: str, *, pooled: bool = True, **kwargs: Any) -> AsyncEngine:
    url = normalise_url(database_url)
    if url.get_backend_name() == "sqlite":
        engine = create_async_engine(
            url, poolclass=None if pooled else NullPool, **kwargs
        )
        _sqlite_events(engine)
        return engine
    if url.get_backend_name() == "postgresql":
        if pooled:
            return create_async_engine(url, pool_pre_ping=True, **kwargs)
        return create_async_engine(url, poolclass=NullPool, **kwargs)
    raise ValueError(f"unsupported database {url.get_backend_name()!r}: use SQLite or PostgreSQL")


class Database:
    """An engine and its sessions (which do not expire objects on commit), counted: a
    shutdown stops its loops between sessions, never inside one (``wait_between``)."""

    def __init__(self, database_url: str, engine: AsyncEngine | None = None) -> None:
        self.url = database_url
        self.engine = engine or create_engine(database_url)
        self._maker = async_sessionmaker(self.engine, expire_on_commit=False)
        self._open = 0
        self._none_open = asyncio.Event()
        self._none_open.set()

    @asynccontextmanager
    async def sessions(self) -> AsyncIterator[AsyncSession]:
        self._open += 1  # before any await: a task suspended inside is always counted
        self._none_open.clear()
        try:
            async with self._maker() as session:
                yield session
        finally:
            self._open -= 1
            if not self._open:
                self._none_open.set()

    async def wait_between(self, timeout: float) -> bool:  # noqa: ASYNC109
        """Returns at a moment no session is open (False after ``timeout`` s with one still
        open). Cancel a task right after, with no await between: it stops outside any
        session. Cancelled inside one, SQLAlchemy's commit or rollback was cut short and the
        pool logged "Exception during reset" with a traceback (aiosqlite, at shutdown)."""
        try:
            async with asyncio.timeout(timeout):
                while self._open:
                    await self._none_open.wait()
        except TimeoutError:
            return False
        return True

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    @property
    def is_postgres(self) -> bool:
        return self.dialect == "postgresql"

    @asynccontextmanager
    async def transaction(self, lock: int | None = None) -> AsyncIterator[AsyncSession]:
        """A session in one transaction, committed on success.

        ``lock`` serialises this kind of transaction across processes on PostgreSQL (an
        advisory lock released at commit); SQLite's BEGIN IMMEDIATE already serialises writers.
        """
        async with self.sessions() as session, session.begin():
            if not self.is_postgres:
                await session.connection(execution_options={_WRITER: True})
            if lock is not None and self.is_postgres:
                await session.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": lock})
            yield session

    async def dispose(self) -> None:
        await self.engine.dispose()
