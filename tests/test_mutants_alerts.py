"""Tests written against the mutants that survived a mutmut run of bot/alerts/ (README,
"Mutation testing"): each pins one behaviour that a surviving mutant changed.

Leadership on PostgreSQL is tested against a real server (TEST_DATABASE_URL, e.g. from
scripts/pg_throwaway.sh): the lock, its loss when the server ends the lock's session, and the
hand-over to a standby. Time is the leader's own settings: its sleeps and probe timeouts are
recorded through a stand-in for the ``asyncio`` module it uses, so no test waits seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
import socket
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import asyncpg
import pytest
import pytest_asyncio
from sqlalchemy.engine import make_url

from bot.alerts import leader as leader_module
from bot.alerts.leader import Leadership, LostLeadership
from tests.support.alerts_helpers import wait_until

LOGGER = "bot.alerts.leader"
SQLITE = "sqlite+aiosqlite://"


class LeaderClock:
    """What the leader sees as ``asyncio``: every sleep and probe timeout it asks for is
    recorded, a sleep only yields (or ``really_sleep``s), a timeout lasts ``scale`` of what was
    asked."""

    def __init__(
        self, on_sleep: Callable[[], object] = lambda: None, scale: float = 1.0,
        really_sleep: bool = False,
    ) -> None:
        self.sleeps: list[object] = []
        self.timeouts: list[object] = []
        self.seen_while_sleeping: list[object] = []
        self._on_sleep = on_sleep
        self._scale = scale
        self._really_sleep = really_sleep

    def __getattr__(self, name: str) -> Any:
        return getattr(asyncio, name)

    async def sleep(self, delay: object) -> None:
        self.sleeps.append(delay)
        self.seen_while_sleeping.append(self._on_sleep())
        await asyncio.sleep(delay if self._really_sleep and isinstance(delay, float) else 0)

    def timeout(self, delay: float | None) -> asyncio.Timeout:
        self.timeouts.append(delay)
        return asyncio.timeout(None if delay is None else delay * self._scale)


def records(caplog: pytest.LogCaptureFixture, level: int) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == LOGGER and r.levelno == level]


# ----------------------------------------------------------------------------- one process


@pytest.mark.parametrize("url", [SQLITE, "postgresql+asyncpg://u@127.0.0.1:5432/db"])
def test_a_new_leadership_does_not_lead_yet(url: str) -> None:
    lead = Leadership(url)
    assert lead.is_leader is False
    assert not lead.elected.is_set()


@pytest.mark.parametrize(("kwargs", "retry"), [({}, 5.0), ({"retry_seconds": 0.25}, 0.25)])
async def test_sqlite_restarts_failed_work_after_retry_seconds_not_leading_meanwhile(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
    kwargs: dict[str, Any], retry: float,
) -> None:
    """SQLite runs one process: it always leads, and work that fails is started again after
    ``retry_seconds`` (default 5 s), during which the process does not count as leading."""
    lead = Leadership(SQLITE, **kwargs)
    clock = LeaderClock(on_sleep=lambda: (lead.is_leader, lead.elected.is_set()))
    monkeypatch.setattr(leader_module, "asyncio", clock)
    seen: list[tuple[object, bool]] = []

    async def work() -> None:
        seen.append((lead.is_leader, lead.elected.is_set()))
        if len(seen) < 3:
            raise RuntimeError(f"boom {len(seen)}")

    await asyncio.wait_for(lead.run(work), 10)
    assert seen == [(True, True)] * 3
    assert clock.sleeps == [retry, retry]
    assert clock.seen_while_sleeping == [(False, False)] * 2
    assert (lead.is_leader, lead.elected.is_set()) == (False, False)
    errors = records(caplog, logging.ERROR)
    assert [r.getMessage() for r in errors] == ["leader work failed; starting it again"] * 2
    assert [str(r.exc_info[1]) for r in errors if r.exc_info] == ["boom 1", "boom 2"]


class _Probes:
    """A lock connection whose probes answer ``ok`` times, then fail (or hang)."""

    def __init__(self, ok: int, *, hang: bool = False) -> None:
        self.ok = ok
        self.hang = hang
        self.sql: list[str] = []

    async def execute(self, statement: Any, *_a: Any) -> None:
        self.sql.append(str(statement))
        if len(self.sql) > self.ok:
            if self.hang:
                await asyncio.Event().wait()
            raise ConnectionError("server closed the connection")


@pytest.mark.parametrize(("kwargs", "interval", "probe_timeout"), [
    ({}, 5.0, 5.0),                          # the defaults: a probe every 5 s, 5 s to answer
    ({"heartbeat_seconds": 2.5}, 2.5, 2.5),
    ({"heartbeat_seconds": 0.01}, 0.01, 1.0),  # a probe always gets at least a second
])
@pytest.mark.parametrize("hang", [False, True], ids=["fails", "hangs"])
async def test_the_heartbeat_probes_every_interval_and_a_failed_or_stuck_probe_loses_the_lead(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
    kwargs: dict[str, Any], interval: float, probe_timeout: float, hang: bool,
) -> None:
    caplog.set_level(logging.INFO, logger=LOGGER)
    lead = Leadership("postgresql+asyncpg://u@127.0.0.1:5432/db", **kwargs)
    clock = LeaderClock(scale=0.001)  # a stuck probe is given up after a thousandth
    monkeypatch.setattr(leader_module, "asyncio", clock)
    connection = _Probes(ok=2, hang=hang)
    stopped = asyncio.Event()

    async def work() -> None:
        assert (lead.is_leader, lead.elected.is_set()) == (True, True)
        try:
            await asyncio.Event().wait()
        finally:
            stopped.set()

    with pytest.raises(ExceptionGroup) as caught:
        await asyncio.wait_for(lead._lead_while_held(connection, work), 10)  # type: ignore[arg-type]
    assert caught.group_contains(LostLeadership)
    assert stopped.is_set()  # the work stopped with the lead
    assert connection.sql == ["SELECT 1"] * 3
    assert clock.sleeps == [interval] * 3
    assert clock.timeouts == [probe_timeout] * 3
    assert [r.getMessage() for r in records(caplog, logging.INFO)] == [
        "this process is now the leader: it runs the price feed and the alert sender"]


async def test_the_heartbeat_ends_with_the_work() -> None:
    lead = Leadership("postgresql+asyncpg://u@127.0.0.1:5432/db", heartbeat_seconds=0.01)
    connection = _Probes(ok=10**6)
    done: list[str] = []

    async def work() -> None:
        await asyncio.sleep(0.05)
        done.append("work")

    await asyncio.wait_for(lead._lead_while_held(connection, work), 10)  # type: ignore[arg-type]
    assert done == ["work"]
    assert connection.sql and set(connection.sql) == {"SELECT 1"}


class _CloseFails:
    async def close(self) -> None:
        raise ConnectionResetError("already gone")


async def test_closing_a_broken_lock_connection_is_logged_not_raised(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG, logger=LOGGER)
    await Leadership(SQLITE)._close(_CloseFails())  # type: ignore[arg-type]
    (record,) = records(caplog, logging.DEBUG)
    assert record.getMessage() == "closing the leader connection failed"
    assert record.exc_info and isinstance(record.exc_info[1], ConnectionResetError)


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def test_an_unreachable_database_is_retried_and_logged_with_its_cause(
    caplog: pytest.LogCaptureFixture,
) -> None:
    lead = Leadership(f"postgresql+asyncpg://u@127.0.0.1:{_closed_port()}/db", retry_seconds=0.01)
    task = asyncio.create_task(lead.run(_never_runs))
    try:
        await wait_until(lambda: len(records(caplog, logging.WARNING)) >= 2, 10, "two attempts")
        assert not task.done() and lead.is_leader is False
    finally:
        await _cancel(task)
    warnings = records(caplog, logging.WARNING)
    assert {r.getMessage() for r in warnings} == {"leader election: database unreachable"}
    assert all(r.exc_info and r.exc_info[1] is not None for r in warnings)


async def _never_runs() -> None:
    raise AssertionError("this process must not lead")


async def _cancel(*tasks: asyncio.Task[None]) -> None:
    for task in tasks:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


# ----------------------------------------------------------------------------- PostgreSQL


class Server:
    """An observer's connection to the server the leaders use: who holds the lock, what
    their sessions are doing, and ending a session as the server (or a failover) would."""

    def __init__(self, url: str, conn: asyncpg.Connection, key: int) -> None:
        self.url = url
        self.conn = conn
        self.key = key

    async def holder(self) -> int | None:
        pid = await self.conn.fetchval(
            "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted"
            " AND classid = $1 AND objid = $2 AND objsubid = 1"
            " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
            self.key >> 32, self.key & 0xFFFF_FFFF,
        )
        return int(pid) if pid is not None else None

    async def sessions(self) -> int:
        """Sessions on this database other than the observer's."""
        return int(await self.conn.fetchval(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            " AND pid <> pg_backend_pid()"))

    async def activity(self, pid: int) -> tuple[str, str, object]:
        row = await self.conn.fetchrow(
            "SELECT state, query, query_start FROM pg_stat_activity WHERE pid = $1", pid)
        assert row is not None
        return row["state"], row["query"], row["query_start"]

    async def released(self) -> None:
        """Returns once nobody holds the lock (a closed session's backend ends shortly after)."""
        for _ in range(500):
            if await self.holder() is None:
                return
            await asyncio.sleep(0.02)
        raise AssertionError("the lock is still held")

    async def terminate(self, pid: int) -> None:
        assert await self.conn.fetchval("SELECT pg_terminate_backend($1)", pid)


@pytest_asyncio.fixture
async def server() -> AsyncIterator[Server]:
    base = os.environ.get("TEST_DATABASE_URL")
    if not base:
        pytest.skip("TEST_DATABASE_URL is not set")
    url = make_url(base)
    conn = await asyncpg.connect(host=url.host, port=url.port, user=url.username,
                                 password=url.password, database=url.database)
    try:
        # A key of its own: advisory locks are per database, and the test suite shares it.
        yield Server(base, conn, random.randrange(1 << 40, 1 << 62))
    finally:
        await conn.close()


class Runs:
    """Work that records each start, stays running until cancelled, and records its end."""

    def __init__(self) -> None:
        self.started: list[str] = []
        self.ended: list[str] = []

    def work(self, name: str, fail: bool = False) -> Callable[[], Awaitable[None]]:
        async def lead() -> None:
            self.started.append(name)
            try:
                if fail:
                    raise RuntimeError(f"{name} failed")
                await asyncio.Event().wait()
            finally:
                self.ended.append(name)
        return lead


def _start(lead: Leadership, work: Callable[[], Awaitable[None]]) -> asyncio.Task[None]:
    return asyncio.create_task(lead.run(work))  # type: ignore[arg-type]


@pytest.mark.postgres
async def test_a_leader_keeps_the_lock_across_heartbeats_outside_any_transaction(
    server: Server,
) -> None:
    """The lock's session answers each probe and stays idle — not "idle in transaction",
    which a server's idle_in_transaction_session_timeout would end, and the lead with it."""
    lead = Leadership(server.url, key=server.key, heartbeat_seconds=0.02, retry_seconds=30)
    runs = Runs()
    task = _start(lead, runs.work("leader"))
    try:
        await asyncio.wait_for(lead.elected.wait(), 10)
        pid = await server.holder()
        assert pid is not None
        probes: set[object] = set()
        states: set[str] = set()
        while len(probes) < 4 or "idle" not in states:
            state, query, started = await server.activity(pid)
            if query == "SELECT 1":
                states.add(state)
                probes.add(started)
            await asyncio.sleep(0.005)
        assert states <= {"idle", "active"}  # never "idle in transaction"
        assert await server.holder() == pid  # the same session all along
        assert lead.is_leader is True and runs.started == ["leader"] and runs.ended == []
        assert await server.sessions() == 1  # the lock's own connection, nothing pooled
    finally:
        await _cancel(task)
    assert runs.ended == ["leader"]
    await server.released()  # cancelled: the lock went with the session


@pytest.mark.postgres
async def test_a_standby_waits_without_holding_a_connection_open(
    server: Server, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A standby polls every retry_seconds and closes each attempt that found the lock
    taken: at most one connection of its own, never one per attempt."""
    first = Leadership(server.url, key=server.key, heartbeat_seconds=0.05)
    standby = Leadership(server.url, key=server.key, retry_seconds=0.01)
    runs = Runs()
    one = _start(first, runs.work("first"))
    two: asyncio.Task[None] | None = None
    try:
        await asyncio.wait_for(first.elected.wait(), 10)
        clock = LeaderClock(really_sleep=True)
        monkeypatch.setattr(leader_module, "asyncio", clock)
        two = _start(standby, runs.work("standby"))
        # (the leader's heartbeat sleeps 0.05 s through the same stand-in)
        await wait_until(lambda: clock.sleeps.count(0.01) >= 20, 20, "twenty attempts")
        assert await server.sessions() <= 2  # the leader's, and at most one attempt's
        assert runs.started == ["first"] and standby.is_leader is False
    finally:
        await _cancel(one, *([two] if two else []))


@pytest.mark.postgres
async def test_a_leader_whose_session_the_server_ends_stops_and_a_standby_takes_over(
    server: Server, caplog: pytest.LogCaptureFixture,
) -> None:
    """The server ends the lock's session (pg_terminate_backend, as a restart or failover
    would): the heartbeat's next probe fails, the leader stops its work and logs the loss,
    stands by, and the standby takes the lock over."""
    first = Leadership(server.url, key=server.key, heartbeat_seconds=0.02, retry_seconds=30)
    second = Leadership(server.url, key=server.key, heartbeat_seconds=0.02, retry_seconds=0.02)
    runs = Runs()
    one = _start(first, runs.work("first"))
    two: asyncio.Task[None] | None = None
    try:
        await asyncio.wait_for(first.elected.wait(), 10)
        two = _start(second, runs.work("second"))
        pid = await server.holder()
        assert pid is not None
        await server.terminate(pid)
        await asyncio.wait_for(second.elected.wait(), 10)
        # The old leader learns of it at its next probe (the overlap is one heartbeat).
        await wait_until(lambda: runs.ended == ["first"], 10, "the old leader to stop")
        assert runs.started == ["first", "second"]
        assert (first.is_leader, first.elected.is_set()) == (False, False)
        assert not one.done()  # it stands by, waiting for its next turn
        new = await server.holder()
        assert new is not None and new != pid
    finally:
        await _cancel(one, *([two] if two else []))
    errors = records(caplog, logging.ERROR)
    assert [r.getMessage() for r in errors] == [
        "lost the leader lock: alert feed and sender stopped here"]


@pytest.mark.postgres
async def test_a_leader_whose_work_fails_stands_down_and_hands_the_lock_over(
    server: Server, caplog: pytest.LogCaptureFixture,
) -> None:
    first = Leadership(server.url, key=server.key, heartbeat_seconds=0.05, retry_seconds=30)
    second = Leadership(server.url, key=server.key, retry_seconds=0.02)
    runs = Runs()
    gate = asyncio.Event()

    async def fails_when_told() -> None:
        await gate.wait()
        await runs.work("first", fail=True)()

    one = _start(first, fails_when_told)
    two: asyncio.Task[None] | None = None
    try:
        await asyncio.wait_for(first.elected.wait(), 10)
        two = _start(second, runs.work("second"))
        gate.set()
        await asyncio.wait_for(second.elected.wait(), 10)
        assert runs.started == ["first", "second"]
        assert first.is_leader is False and not one.done()
    finally:
        await _cancel(one, *([two] if two else []))
    errors = records(caplog, logging.ERROR)
    assert [r.getMessage() for r in errors] == ["leader work failed; standing down"]
    cause = errors[0].exc_info[1] if errors[0].exc_info else None
    assert isinstance(cause, ExceptionGroup) and cause.subgroup(RuntimeError) is not None


@pytest.mark.postgres
async def test_an_election_that_fails_on_the_server_is_logged_and_closes_its_connection(
    server: Server, caplog: pytest.LogCaptureFixture,
) -> None:
    """A lock key outside PostgreSQL's bigint fails the election query itself: logged with
    its cause, retried, never leading, and each attempt's connection closed."""
    lead = Leadership(server.url, key=1 << 64, retry_seconds=0.01)
    task = _start(lead, _never_runs)
    try:
        await wait_until(lambda: len(records(caplog, logging.WARNING)) >= 5, 20, "attempts")
        assert await server.sessions() <= 1
        assert lead.is_leader is False and not task.done()
    finally:
        await _cancel(task)
    warnings = records(caplog, logging.WARNING)
    assert {r.getMessage() for r in warnings} == {"leader election failed"}
    assert all(r.exc_info and r.exc_info[1] is not None for r in warnings)
