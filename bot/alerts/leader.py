"""Exactly one process runs the price feed and the sender.

On PostgreSQL the leader holds a session-level advisory lock (``pg_try_advisory_lock``) on a
dedicated connection for as long as it leads. When it dies, PostgreSQL ends its session and
frees the lock; a standby polling ``pg_try_advisory_lock`` takes over. A leader whose lock
connection fails stops its work at once (heartbeat), so two leaders never overlap for longer
than one send. On SQLite (one process by design) the process is always the leader.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Final

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from bot.storage.engine import create_engine, normalise_url

log = logging.getLogger(__name__)

LEADER_LOCK: Final = 0x6770_756C_6561_6465  # "gpuleade"


class LostLeadership(Exception):
    pass


class Leadership:
    def __init__(
        self,
        database_url: str,
        *,
        key: int = LEADER_LOCK,
        retry_seconds: float = 5.0,
        heartbeat_seconds: float = 5.0,
    ) -> None:
        self.database_url = database_url
        self.key = key
        self.retry_seconds = retry_seconds
        self.heartbeat_seconds = heartbeat_seconds
        self.is_leader = False
        self.elected = asyncio.Event()  # set while leading (tests and start-up wait on it)
        self._single = normalise_url(database_url).get_backend_name() != "postgresql"
        self._engine: AsyncEngine | None = None

    async def run(self, work: Callable[[], Coroutine[object, object, None]]) -> None:
        """Runs ``work`` whenever this process leads, until cancelled."""
        if self._single:
            while True:
                self._lead(True)
                try:
                    await work()
                    return
                except Exception:
                    log.exception("leader work failed; starting it again")
                finally:
                    self._lead(False)
                await asyncio.sleep(self.retry_seconds)
        # Its own engine without a pool: the lock lives and dies with exactly one connection.
        self._engine = create_engine(self.database_url, pooled=False)
        try:
            while True:
                connection = await self._try_acquire()
                if connection is None:
                    await asyncio.sleep(self.retry_seconds)
                    continue
                try:
                    await self._lead_while_held(connection, work)
                except* LostLeadership:
                    log.error("lost the leader lock: alert feed and sender stopped here")
                except* Exception:
                    # Closing the connection below hands leadership to whoever is next.
                    log.exception("leader work failed; standing down")
                finally:
                    self._lead(False)
                    await self._close(connection)
                await asyncio.sleep(self.retry_seconds)
        finally:
            await self._engine.dispose()
            self._engine = None

    def _lead(self, leading: bool) -> None:
        self.is_leader = leading
        if leading:
            self.elected.set()
        else:
            self.elected.clear()

    async def _try_acquire(self) -> AsyncConnection | None:
        assert self._engine is not None
        try:
            connection = await self._engine.connect()
        except Exception:
            log.warning("leader election: database unreachable", exc_info=True)
            return None
        try:
            await connection.execution_options(isolation_level="AUTOCOMMIT")
            got = await connection.scalar(
                text("SELECT pg_try_advisory_lock(:k)"), {"k": self.key}
            )
        except Exception:
            log.warning("leader election failed", exc_info=True)
            await self._close(connection)
            return None
        if not got:
            await self._close(connection)
            return None
        return connection

    async def _lead_while_held(
        self, connection: AsyncConnection, work: Callable[[], Coroutine[object, object, None]]
    ) -> None:
        log.info("this process is now the leader: it runs the price feed and the alert sender")
        self._lead(True)
        async with asyncio.TaskGroup() as group:
            task = group.create_task(work())
            group.create_task(self._heartbeat(connection, task))

    async def _heartbeat(self, connection: AsyncConnection, work: asyncio.Task[None]) -> None:
        while not work.done():
            await asyncio.sleep(self.heartbeat_seconds)
            try:
                async with asyncio.timeout(max(1.0, self.heartbeat_seconds)):
                    await connection.execute(text("SELECT 1"))
            except Exception as exc:
                raise LostLeadership() from exc

    async def _close(self, connection: AsyncConnection) -> None:
        try:
            await connection.close()  # ends the session: the lock (if held) is released
        except Exception:
            log.debug("closing the leader connection failed", exc_info=True)
