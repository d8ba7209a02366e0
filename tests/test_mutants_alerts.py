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
import dataclasses
import datetime as dt
import itertools
import json
import logging
import os
import random
import socket
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from decimal import Decimal as D
from pathlib import Path
from typing import Any

import asyncpg
import httpx
import pytest
import pytest_asyncio
from aiohttp import web
from sqlalchemy import select
from sqlalchemy.engine import make_url

from bot.alerts import leader as leader_module
from bot.alerts import sender as sender_module
from bot.alerts.errors import Blocked, Rejected, RetryLater, Transient, Unconfirmed
from bot.alerts.feed import (
    FeedOutcome,
    FileSource,
    PackagedSource,
    PriceFeed,
    PriceListRejected,
    Problem,
    RawPriceList,
    UrlSource,
    parse_document,
    redact_url,
    source_from_setting,
    validate,
)
from bot.alerts.leader import Leadership, LostLeadership
from bot.alerts.model import ApplyResult, PriceMove
from bot.alerts.sender import OutboxSender, SenderConfig
from bot.alerts.service import AlertService
from bot.storage.engine import Database
from bot.storage.models import Subscription, User
from bot.storage.repos import Outbox
from rules.catalogue import Catalogue
from tests.support.alerts_helpers import Seed, deliveries, seed, wait_until

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


# ----------------------------------------------------------------------------- the sender

NOW = dt.datetime(2026, 1, 2, 12, 0, tzinfo=dt.UTC)  # in the past: due for a real clock too
QUICK = SenderConfig(rate=10_000, per_chat_rate=10_000, idle_poll=0.02, backoff_base=2.0,
                     backoff_max=600.0, max_attempts=5)
SENDER_LOGGER = "bot.alerts.sender"


async def queue(db: Database, chats: list[int], *, attempts: int = 0, status: str = "pending",
                claimed_by: str | None = None, due: dt.datetime = NOW) -> None:
    rows = [{"kind": "admin", "chat_id": chat, "user_id": None, "locale": "en",
             "text": f"to {chat}", "status": status, "attempts": attempts,
             "next_attempt_at": due, "created_at": NOW, "gpu_id": None, "old_price": None,
             "reasons": None, "priority": 1, "claimed_by": claimed_by,
             "lease_until": NOW + dt.timedelta(hours=1) if claimed_by else None}
            for chat in chats]
    async with db.transaction() as session:
        await Outbox(session).add_many(rows)


def sender_records(caplog: pytest.LogCaptureFixture) -> list[tuple[int, str]]:
    return [(r.levelno, r.getMessage()) for r in caplog.records if r.name == SENDER_LOGGER]


class Scripted:
    """A send function: each chat's scripted errors first, then accepted."""

    def __init__(self, errors: dict[int, list[Exception]] | None = None) -> None:
        self.errors = errors or {}
        self.sent: list[tuple[int, str]] = []

    async def __call__(self, chat_id: int, text: str) -> None:
        if self.errors.get(chat_id):
            raise self.errors[chat_id].pop(0)
        self.sent.append((chat_id, text))


class Jitter:
    """What the sender sees as ``random``: ``uniform`` answers one end of the range asked."""

    def __init__(self, end: int) -> None:
        self.end = end
        self.asked: list[tuple[float, float]] = []

    def uniform(self, low: float, high: float) -> float:
        self.asked.append((low, high))
        return (low, high)[self.end]


STATS = {"sent": 0, "retried": 0, "rate_limited": 0, "blocked": 0, "dead": 0,
         "unconfirmed": 0, "slow": 0}


@pytest.mark.parametrize(("before", "delay"), [
    (0, 2.0), (1, 4.0), (3, 16.0),  # backoff_base × 2^(attempts - 1)
    (9, 600.0),                     # 1 024 s, capped at backoff_max
])
@pytest.mark.parametrize(("end", "factor"), [(0, 0.8), (1, 1.2)], ids=["low", "high"])
async def test_a_failed_send_is_retried_after_an_exponential_jittered_backoff(
    db: Database, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
    before: int, delay: float, end: int, factor: float,
) -> None:
    jitter = Jitter(end)
    monkeypatch.setattr(sender_module, "random", jitter)
    await queue(db, [1, 2], attempts=before)
    config = dataclasses.replace(QUICK, max_attempts=20)
    sender = OutboxSender(db, Scripted({1: [Transient("502 Bad Gateway")],
                                        2: [Transient("timed out")]}), config, clock=lambda: NOW)
    assert await sender.step() == 2
    rows = await deliveries(db)
    assert [(r.status, r.attempts, r.last_error) for r in rows] == [
        ("failed", before + 1, "Transient: 502 Bad Gateway"),
        ("failed", before + 1, "Transient: timed out")]
    for row in rows:
        assert abs((row.next_attempt_at - NOW).total_seconds() - delay * factor) < 0.001
    assert jitter.asked == [(0.8, 1.2)] * 2
    assert sender.stats.as_dict() == {**STATS, "retried": 2}
    assert sender_records(caplog) == []  # an expected failure is not an error


@pytest.mark.parametrize(("error", "logged"), [
    (Transient("502 Bad Gateway"), "Transient: 502 Bad Gateway"),
    (ValueError("a bug in the send function"), "ValueError: a bug in the send function"),
])
async def test_a_delivery_is_given_up_after_max_attempts_and_says_why(
    db: Database, caplog: pytest.LogCaptureFixture, error: Exception, logged: str,
) -> None:
    await queue(db, [42], attempts=QUICK.max_attempts - 1)
    sender = OutboxSender(db, Scripted({42: [error]}), QUICK, clock=lambda: NOW)
    assert await sender.step() == 1
    (row,) = await deliveries(db)
    assert (row.status, row.attempts, row.last_error) == ("dead", QUICK.max_attempts, logged)
    assert sender.stats.as_dict() == {**STATS, "dead": 1}
    given_up = (logging.ERROR, f"delivery {row.id} to chat 42 given up after "
                               f"{QUICK.max_attempts} attempts: {logged}")
    if isinstance(error, Transient):
        assert sender_records(caplog) == [given_up]
    else:
        assert sender_records(caplog) == [
            (logging.ERROR, f"unexpected error sending delivery {row.id}"), given_up]
        record = next(r for r in caplog.records if r.name == SENDER_LOGGER)
        assert record.exc_info and record.exc_info[1] is error


@pytest.mark.parametrize(("error", "row", "stats", "logged", "then"), [
    (None, ("sent", 1, None), {"sent": 1}, [], "pending"),
    (RetryLater(30), ("failed", 0, "429"), {"rate_limited": 1},  # a 429 is not a failure
     [(logging.WARNING, "Telegram asked to slow down: pausing alerts for 30.0 s")], "pending"),
    (Blocked("403 Forbidden"), ("dead", 1, "blocked"), {"blocked": 1},
     [(logging.INFO, "chat 7 blocked the bot: its alerts stop")], "dead"),
    (Rejected("can't parse entities"), ("dead", 1, "rejected: can't parse entities"),
     {"dead": 1}, [(logging.ERROR, "delivery {id} rejected by Telegram: can't parse entities")],
     "pending"),
    (Unconfirmed("read timed out"), ("dead", 1, "unconfirmed: read timed out"),
     {"unconfirmed": 1},
     [(logging.WARNING, "delivery {id} to chat 7 timed out after reaching Telegram: it may "
                        "have arrived, so it is not sent again")], "pending"),
    (Transient("502"), ("failed", 1, "Transient: 502"), {"retried": 1}, [], "pending"),
    (ValueError("bug"), ("failed", 1, "ValueError: bug"), {"retried": 1},
     [(logging.ERROR, "unexpected error sending delivery {id}")], "pending"),
], ids=["accepted", "429", "403", "400", "unconfirmed", "5xx", "bug"])
async def test_each_send_outcome_is_recorded_counted_and_logged(
    db: Database, service: AlertService, caplog: pytest.LogCaptureFixture,
    error: Exception | None, row: tuple[str, int, str | None], stats: dict[str, int],
    logged: list[tuple[int, str]], then: str,
) -> None:
    caplog.set_level(logging.INFO, logger=SENDER_LOGGER)
    await seed(db, [Seed(7, "h100", "any")], await service.current_prices())
    await queue(db, [7, 7])  # a second message to the same chat, after the first
    sender = OutboxSender(db, Scripted({7: [error] if error else []}), QUICK,
                          clock=lambda: NOW)
    await sender.step()
    first, second = await deliveries(db)
    assert (first.status, first.attempts, first.last_error) == row
    # A chat's next message is claimed only once the one before has gone; a blocked chat's
    # waiting messages never go.
    assert second.status == then
    assert sender.stats.as_dict() == {**STATS, **stats, "sent": int(error is None)}
    assert sender_records(caplog) == [(lvl, msg.format(id=first.id)) for lvl, msg in logged]
    if isinstance(error, RetryLater):
        assert first.next_attempt_at == NOW + dt.timedelta(seconds=30)
    async with db.sessions() as session:
        user = await session.get(User, 7)
        subs = list(await session.scalars(select(Subscription)))
    assert user is not None
    if isinstance(error, Blocked):
        # The chat is blocked at the outcome's time; its next message never goes.
        assert (user.blocked, user.updated_at) == (True, NOW)
        assert [s.active for s in subs] == [False]
        assert (second.status, second.last_error) == ("dead", "blocked")
    else:
        assert not user.blocked and [s.active for s in subs] == [True]


class SenderClock:
    """What the sender sees as ``asyncio``: sleeps and idle waits are recorded; a sleep of
    ``skip`` seconds or more only yields; an idle wait either returns at once or waits for
    the wake-up for at most ``cap`` seconds."""

    def __init__(self, *, skip: float = 1.0, wait: bool = True, cap: float = 30.0) -> None:
        self.sleeps: list[float] = []
        self.waits: list[float] = []
        self._skip, self._wait, self._cap = skip, wait, cap

    def __getattr__(self, name: str) -> Any:
        return getattr(asyncio, name)

    async def sleep(self, delay: float) -> None:
        self.sleeps.append(delay)
        await asyncio.sleep(0 if delay >= self._skip else delay)

    async def wait_for(self, awaitable: Any, timeout: float) -> Any:  # noqa: ASYNC109
        self.waits.append(timeout)
        if not self._wait:
            awaitable.close()
            raise TimeoutError
        return await asyncio.wait_for(awaitable, min(timeout, self._cap))


async def test_the_sender_frees_old_claims_survives_a_failed_step_and_wakes_on_new_work(
    db: Database, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
) -> None:
    """run(): claims a crashed sender left are free at once; a step that fails (the database
    restarting) is logged and retried after ``error_pause``; idle, it waits for a wake-up
    (or the next poll, a minute here) and sends what was queued meanwhile; a step that did
    work is followed by the next without waiting."""
    caplog.set_level(logging.INFO, logger=SENDER_LOGGER)
    clock = SenderClock()
    monkeypatch.setattr(sender_module, "asyncio", clock)
    await queue(db, [1, 2], claimed_by="sender-that-died")
    calls = 0

    async def expand() -> int | None:  # the fan-out: fails once, then nothing waits
        nonlocal calls
        calls += 1
        if calls == 2:
            raise ConnectionError("database restarting")
        return None

    send = Scripted()
    # One delivery a batch: a step that sent something is followed at once by the next.
    sender = OutboxSender(db, send, dataclasses.replace(QUICK, idle_poll=60.0, error_pause=300.0,
                                                          batch_size=1),
                          clock=lambda: NOW, expand=expand)
    task = asyncio.create_task(sender.run())
    try:
        await wait_until(lambda: len(clock.waits) >= 1, 10, "the sender to idle")
        assert [chat for chat, _ in send.sent] == [1, 2]
        await queue(db, [3])
        sender.wake()
        await wait_until(lambda: len(send.sent) == 3, 10, "the woken sender")
        for _ in range(500):  # its outcome is committed right after the send
            if [r.status for r in await deliveries(db)] == ["sent"] * 3:
                break
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.2)  # idle again
    finally:
        await _cancel(task)
    assert calls <= 6  # idle means waiting: no step runs again until woken or polled
    assert 300.0 in clock.sleeps  # error_pause after the failed step
    assert clock.waits[0] == 60.0  # nothing due: the idle poll
    records = [(lvl, msg) for lvl, msg in sender_records(caplog)]
    assert records[:2] == [(logging.INFO, "resuming 2 deliveries claimed by a previous sender"),
                           (logging.ERROR, "alert sender step failed; retrying")]
    failed = next(r for r in caplog.records if r.levelno == logging.ERROR)
    assert failed.exc_info and isinstance(failed.exc_info[1], ConnectionError)
    assert [r.status for r in await deliveries(db)] == ["sent"] * 3


@pytest.mark.parametrize(("due_in", "retry_after", "low", "high"), [
    (None, None, 0.5, 0.5),        # nothing waiting: the idle poll
    (0.2, None, 0.2, 0.2),         # a retry due sooner than the poll
    (-5.0, None, 0.01, 0.01),      # already due: a short wait, never a busy loop
    (None, 30.0, 29.0, 30.0),      # after a 429, its retry_after
])
async def test_an_idle_sender_waits_until_the_next_due_delivery_or_the_poll(
    db: Database, monkeypatch: pytest.MonkeyPatch,
    due_in: float | None, retry_after: float | None, low: float, high: float,
) -> None:
    config = dataclasses.replace(QUICK, idle_poll=0.5)
    if due_in is not None:
        await queue(db, [5], status="failed", due=NOW + dt.timedelta(seconds=due_in))
        await queue(db, [6], status="sent", due=NOW - dt.timedelta(hours=1))  # not waiting
    sender = OutboxSender(db, Scripted(), config, clock=lambda: NOW)
    if retry_after is not None:
        await queue(db, [9])
        sender.send = Scripted({9: [RetryLater(retry_after)]})
        await sender.step()
    clock = SenderClock(wait=False)
    monkeypatch.setattr(sender_module, "asyncio", clock)
    await sender._idle()
    (waited,) = clock.waits
    assert low <= waited <= high


async def test_drain_sends_everything_due_and_waits_for_retries(db: Database) -> None:
    await queue(db, [1, 2, 3])
    send = Scripted({2: [Transient("502")]})
    stats = await OutboxSender(db, send, dataclasses.replace(QUICK, backoff_base=0.05)).drain(10)
    assert sorted(chat for chat, _ in send.sent) == [1, 2, 3]
    assert (stats.sent, stats.retried) == (3, 1)
    await queue(db, [4])
    never = OutboxSender(db, Scripted({4: [Transient("502")] * 99}),
                         dataclasses.replace(QUICK, backoff_base=0.05, max_attempts=99))
    with pytest.raises(TimeoutError):  # a delivery that never goes: drain gives up in time
        await never.drain(timeout=0.5)


@pytest.mark.parametrize(("settings", "claimed"), [
    ({"batch_size": 3}, 3),                            # the batch size
    ({"rate": 4.0, "lease_seconds": 3.0}, 6),           # half a lease at the pace: 4 × 3 / 2
    ({"rate": 0.5, "lease_seconds": 1.0}, 1),           # at least one
])
async def test_a_batch_claims_at_most_batch_size_and_half_a_lease_at_the_pace(
    db: Database, settings: dict[str, Any], claimed: int,
) -> None:
    await queue(db, list(range(1, 21)))
    config = dataclasses.replace(QUICK, **settings)
    seen: list[tuple[int, set[dt.datetime]]] = []
    first = asyncio.Event()

    async def send(chat_id: int, text: str) -> None:
        rows = [r for r in await deliveries(db) if r.claimed_by == sender.worker_id]
        seen.append((len(rows), {r.lease_until for r in rows if r.lease_until}))
        first.set()
        await asyncio.Event().wait()  # the test stops the sender here

    sender = OutboxSender(db, send, config, clock=lambda: NOW)
    task = asyncio.create_task(sender.step())
    try:
        await asyncio.wait_for(first.wait(), 10)
    finally:
        await _cancel(task)
    assert seen == [(claimed, {NOW + dt.timedelta(seconds=config.lease_seconds)})]
    rows = await deliveries(db)
    # Stopped: every claim not attempted is given back; the one in flight keeps its lease
    # (it may have reached Telegram).
    assert [r.claimed_by is not None for r in rows] == [True] + [False] * 19
    assert [r.status for r in rows] == ["pending"] * 20


@pytest.mark.parametrize("in_flight", [1, 3])
async def test_no_more_sends_in_flight_than_configured(db: Database, in_flight: int) -> None:
    await queue(db, list(range(1, 7)))
    busy = 0
    most = 0

    async def send(chat_id: int, text: str) -> None:
        nonlocal busy, most
        busy += 1
        most = max(most, busy)
        await asyncio.sleep(0.1)  # long enough for every lane to have started one
        busy -= 1

    await OutboxSender(db, send, dataclasses.replace(QUICK, in_flight=in_flight)).drain(20)
    assert most == in_flight


async def test_sends_are_spaced_by_the_overall_and_the_per_chat_rate(db: Database) -> None:
    """Lower bounds only (a loaded machine only delays sends): 20 a second overall, so the
    n-th send is at least n × 50 ms after the start; 5 a second to one chat, so its messages
    are at least 200 ms apart."""
    await queue(db, [1, 2, 1, 3, 1, 4])
    times: list[tuple[int, float]] = []

    async def send(chat_id: int, text: str) -> None:
        times.append((chat_id, time.monotonic()))

    config = dataclasses.replace(QUICK, rate=20.0, per_chat_rate=5.0, in_flight=2)
    start = time.monotonic()
    await OutboxSender(db, send, config).drain(20)
    assert sorted(c for c, _ in times) == [1, 1, 1, 2, 3, 4]
    every = sorted(t for _, t in times)
    assert all(t - start >= n * 0.05 - 0.001 for n, t in enumerate(every))
    to_one = [t for c, t in times if c == 1]
    assert min(b - a for a, b in itertools.pairwise(to_one)) >= 0.2 - 0.001


async def test_a_slow_send_finishing_in_the_background_is_sent_once_and_forgotten(
    db: Database, caplog: pytest.LogCaptureFixture,
) -> None:
    """run(): a send slower than slow_send_seconds goes on in the background while later
    steps run; its claim is kept meanwhile (no step frees it), so it is recorded as sent and
    never sent again, and nothing of it is kept afterwards."""
    await queue(db, [1, 2, 3, 4])
    sent: list[int] = []
    done = asyncio.Event()

    async def send(chat_id: int, text: str) -> None:
        if chat_id in (1, 3):
            await asyncio.sleep(0.4)
        sent.append(chat_id)
        if len(sent) == 4:
            done.set()

    config = dataclasses.replace(QUICK, idle_poll=0.02, slow_send_seconds=0.05)
    sender = OutboxSender(db, send, config)
    task = asyncio.create_task(sender.run())
    try:
        await asyncio.wait_for(done.wait(), 10)
        for _ in range(500):
            if [r.status for r in await deliveries(db)] == ["sent"] * 4:
                break
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.2)  # several more idle steps
    finally:
        await _cancel(task)
    assert sorted(sent) == [1, 2, 3, 4] and set(sent[-2:]) == {1, 3}
    assert [(r.status, r.attempts) for r in await deliveries(db)] == [("sent", 1)] * 4
    assert (sender.stats.slow, sender.stats.sent) == (2, 4)
    assert not sender._background  # nothing kept of the finished send
    assert [m for lvl, m in sender_records(caplog) if lvl >= logging.WARNING] == []


@pytest.mark.parametrize(("idle_chats", "kept"), [(9_999, 10_000), (10_000, 1)])
async def test_past_ten_thousand_chats_the_sender_forgets_the_idle_ones(
    db: Database, idle_chats: int, kept: int,
) -> None:
    """Its per-chat pacing memory stays bounded: once it knows more than 10 000 chats, only
    those still waiting out their per-chat interval are kept."""
    await queue(db, [1])
    sender = OutboxSender(db, Scripted(), dataclasses.replace(QUICK, per_chat_rate=0.01))
    sender._chat_next = {-c: 0.0 for c in range(1, idle_chats + 1)}  # long since free
    assert await sender.step() == 1
    assert len(sender._chat_next) == kept and 1 in sender._chat_next


# ----------------------------------------------------------------------------- the feed


@pytest.mark.parametrize(("problem", "text"), [
    (Problem("malformed"), "malformed"),
    (Problem("unknown_gpu", gpu="tpu-v5"), "unknown_gpu gpu=tpu-v5"),
    (Problem("not_a_number", gpu="h100", value="cheap"), "not_a_number gpu=h100 value='cheap'"),
    (Problem("duplicate", value="H100"), "duplicate value='H100'"),
    (Problem("jump", gpu="h100", old=D("2.32"), new=D("9.99"), percent=D("330.603")),
     "jump gpu=h100 2.32 -> 9.99 (330.6 %)"),
])
def test_a_problem_reads_as_one_log_phrase(problem: Problem, text: str) -> None:
    assert problem.describe() == text


@pytest.mark.parametrize(("count", "tail"), [
    (1, ""), (10, ""), (11, "; … and 1 more"), (13, "; … and 3 more"),
])
def test_a_refusal_names_its_first_ten_problems_and_counts_the_rest(count: int, tail: str) -> None:
    problems = [Problem("unknown_gpu", gpu=f"gpu{n}") for n in range(count)]
    exc = PriceListRejected("file:prices.json", problems)
    shown = "; ".join(f"unknown_gpu gpu=gpu{n}" for n in range(min(count, 10)))
    assert str(exc) == f"file:prices.json: {shown}{tail}"
    assert (exc.source, exc.problems) == ("file:prices.json", problems)


def test_an_offending_value_is_shortened_to_forty_characters(catalogue: Catalogue) -> None:
    name, value = "n" * 45, "v" * 45
    with pytest.raises(PriceListRejected) as caught:
        validate(RawPriceList("t", {name: "1", "h100": value}), catalogue, {}, D(50))
    assert [(p.code, p.gpu, p.value) for p in caught.value.problems] == [
        ("unknown_gpu", "n" * 40, None), ("not_a_number", "h100", "v" * 40)]


@pytest.mark.parametrize(("url", "shown"), [
    ("https://prices.example.com/v1/list.json?key=SECRET#x", "https://prices.example.com/v1/list.json"),
    ("https://user:pass@prices.example.com/list", "https://prices.example.com/list"),
    ("http:///no-host", "http:///no-host"),
])
def test_a_price_url_is_logged_without_its_query_or_credentials(url: str, shown: str) -> None:
    assert redact_url(url) == shown


async def test_a_price_url_is_fetched_with_timeouts_no_redirects_and_json_accepted() -> None:
    async with UrlSource("https://prices.example.com/list.json").client_factory() as client:
        assert client.timeout == httpx.Timeout(10.0, connect=5.0)
        assert client.follow_redirects is False
        assert client.headers["Accept"] == "application/json"


class ScriptedSource:
    """A price source that answers from a script and records each ``force`` asked."""

    name = "scripted"

    def __init__(self, *answers: RawPriceList | PriceListRejected | None) -> None:
        self.answers = list(answers)
        self.forced: list[bool] = []

    async def fetch(self, force: bool = False) -> RawPriceList | None:
        self.forced.append(force)
        answer = self.answers.pop(0)
        if isinstance(answer, PriceListRejected):
            raise answer
        return answer


class ScriptedApplier:
    def __init__(self, *results: ApplyResult | Exception) -> None:
        self.results = list(results)
        self.applied: list[RawPriceList] = []

    async def apply_price_list(self, raw: RawPriceList, *, allow_jump: bool = False) -> ApplyResult:
        self.applied.append(raw)
        result = self.results.pop(0)
        if isinstance(result, Exception):
            raise result
        return result


FEED_LOGGER = "bot.alerts.feed"
LIST = RawPriceList("file:prices.json", {"h100": "2.10", "b200": "4.40"})
MOVES = (PriceMove("h100", D("2.32"), D("2.10")), PriceMove("b200", D("4.61"), D("4.40")))


def feed_records(caplog: pytest.LogCaptureFixture) -> list[tuple[int, str]]:
    return [(r.levelno, r.getMessage()) for r in caplog.records if r.name == FEED_LOGGER]


async def test_a_polled_list_is_applied_and_logged_with_what_changed(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger=FEED_LOGGER)
    source = ScriptedSource(LIST, LIST, None)
    applier = ScriptedApplier(ApplyResult(MOVES, 7, preparing=True), ApplyResult())
    told: list[PriceListRejected] = []

    async def notify(exc: PriceListRejected) -> None:
        told.append(exc)

    feed = PriceFeed(source, applier, notify)
    assert await feed.poll() == FeedOutcome("applied", MOVES, 7, preparing=True)
    assert await feed.poll() == FeedOutcome("unchanged")  # applied, nothing moved
    assert await feed.poll() == FeedOutcome("unchanged")  # nothing new at the source
    assert applier.applied == [LIST, LIST] and source.forced == [False, False, False]
    assert feed_records(caplog) == [
        (logging.INFO, "prices from file:prices.json applied: h100, b200 changed, "
                       "7 deliveries queued")]
    assert told == []


async def test_each_distinct_refusal_is_told_to_the_admins_once_and_logged_every_time(
    caplog: pytest.LogCaptureFixture,
) -> None:
    bad = PriceListRejected("file:prices.json", [Problem("malformed")])
    worse = PriceListRejected("file:prices.json", [Problem("empty")])
    source = ScriptedSource(bad, bad, worse, LIST, bad, bad)
    told: list[str] = []

    async def notify(exc: PriceListRejected) -> None:
        told.append(str(exc))

    feed = PriceFeed(source, ScriptedApplier(ApplyResult(MOVES, 2)), notify)
    outcomes = [await feed.poll() for _ in range(5)]
    assert [o.status for o in outcomes] == ["refused", "refused", "refused", "applied", "refused"]
    assert outcomes[0] == FeedOutcome("refused", problems=(Problem("malformed"),))
    # Told again after a good list came in between.
    assert told == ["file:prices.json: malformed", "file:prices.json: empty",
                    "file:prices.json: malformed"]
    # An admin's /reload gets the answer itself: logged, nobody else told.
    assert await feed.poll(notify=False) == FeedOutcome("refused", problems=(Problem("malformed"),))
    assert len(told) == 3
    refusals = [m for lvl, m in feed_records(caplog) if lvl == logging.WARNING]
    assert refusals == ["price list refused, the last good prices stay: file:prices.json: "
                        + t for t in ("malformed", "malformed", "empty", "malformed", "malformed")]


async def test_an_admin_notice_that_fails_is_logged_and_the_refusal_still_stands(
    caplog: pytest.LogCaptureFixture,
) -> None:
    bad = PriceListRejected("file:prices.json", [Problem("malformed")])

    async def notify(exc: PriceListRejected) -> None:
        raise ConnectionError("Telegram unreachable")

    feed = PriceFeed(ScriptedSource(bad), ScriptedApplier(), notify)
    assert await feed.poll() == FeedOutcome("refused", problems=(Problem("malformed"),))
    (record,) = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert record.getMessage() == "could not tell the admins about a refused price list"
    assert record.exc_info and isinstance(record.exc_info[1], ConnectionError)


async def test_a_list_the_database_could_not_take_is_read_again_at_the_next_poll() -> None:
    source = ScriptedSource(LIST, LIST, LIST)
    applier = ScriptedApplier(ConnectionError("database away"), ApplyResult(MOVES, 1),
                              ApplyResult())

    async def notify(exc: PriceListRejected) -> None:
        raise AssertionError("not a refusal")

    feed = PriceFeed(source, applier, notify)
    with pytest.raises(ConnectionError):
        await feed.poll()
    assert (await feed.poll()).status == "applied"
    assert (await feed.poll(force=True)).status == "unchanged"
    assert source.forced == [False, True, True]  # forced once after the failure, then asked


MTIME = 1_790_000_000  # the price file's modification time, in whole seconds


def price_file(path: Path, text: str, mtime: int = MTIME) -> Path:
    path.write_text(text)
    os.utime(path, ns=(mtime * 10**9, mtime * 10**9))
    return path


@pytest.mark.parametrize(("age", "slept"), [
    (0.5, [1.5]),    # written half a second ago: read again once the 2 s settle is over
    (-1.0, [2.0]),   # from the future (clock skew): a whole settle interval
    (2.0, []),       # exactly settled
    (60.0, []),
])
async def test_a_price_file_is_applied_only_once_settled(
    tmp_path: Path, age: float, slept: list[float],
) -> None:
    path = price_file(tmp_path / "prices.json", '{"h100": "2.10"}')
    sleeps: list[float] = []

    async def sleep(seconds: float) -> None:
        sleeps.append(seconds)

    source = FileSource(path, clock=lambda: MTIME + age, sleep=sleep)
    raw = await source.fetch()
    assert raw is not None and raw.entries == {"h100": "2.10"} and raw.whole
    assert raw.source == "file:prices.json"
    assert sleeps == slept
    assert await source.fetch() is None  # seen


@pytest.mark.parametrize(("rewrite", "mtime"), [
    ('{"h100": "2.20", "b200": "4.40"}', MTIME + 1),  # grew and was touched
    ('{"h100": "2.20"}', MTIME),                       # same size and time, other bytes
])
async def test_a_price_file_that_changes_while_settling_waits_for_the_next_poll(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, rewrite: str, mtime: int,
) -> None:
    caplog.set_level(logging.INFO, logger=FEED_LOGGER)
    path = price_file(tmp_path / "prices.json", '{"h100": "2.10"}')

    async def writer_at_work(seconds: float) -> None:
        price_file(path, rewrite, mtime)

    source = FileSource(path, clock=lambda: MTIME + 1.0, sleep=writer_at_work)
    assert await source.fetch() is None
    assert feed_records(caplog) == [
        (logging.INFO, "price file prices.json changed while being read: read again at the "
                       "next poll")]
    settled = FileSource(path, clock=lambda: mtime + 60.0)
    again = await settled.fetch()
    assert again is not None and again.entries == json.loads(rewrite)


@pytest.mark.parametrize("name", ["prices.toml", "PRICES.TOML"])
async def test_a_toml_price_file_is_read_as_toml_whatever_the_case_of_its_suffix(
    tmp_path: Path, name: str,
) -> None:
    path = price_file(tmp_path / name, 'h100 = "2.10"\n')
    raw = await FileSource(path, clock=lambda: MTIME + 60.0).fetch()
    assert raw is not None and raw.entries == {"h100": "2.10"}


async def test_a_429_stops_the_batch_and_gives_the_rest_back_untried(db: Database) -> None:
    await queue(db, [1, 2, 3])
    send = Scripted({1: [RetryLater(30)]})
    sender = OutboxSender(db, send, QUICK, clock=lambda: NOW)
    assert await sender.step() == 1
    assert send.sent == []  # nothing goes during the pause
    rows = await deliveries(db)
    assert [(r.status, r.attempts, r.claimed_by) for r in rows[1:]] == [("pending", 0, None)] * 2


async def test_a_batch_stops_at_half_its_lease_and_gives_the_rest_back(db: Database) -> None:
    """Sends slower than the pace (50 ms each): a 0.4 s lease stops the batch after 0.2 s,
    long before its ten claims would run out."""
    await queue(db, list(range(1, 11)))

    async def send(chat_id: int, text: str) -> None:
        await asyncio.sleep(0.05)

    sender = OutboxSender(db, send, dataclasses.replace(QUICK, lease_seconds=0.4, batch_size=10))
    attempted = await sender.step()
    assert 1 <= attempted <= 6
    rows = await deliveries(db)
    assert [r.status for r in rows].count("sent") == attempted
    assert all(r.claimed_by is None for r in rows)


async def test_a_step_waits_for_a_chat_s_interval_rather_than_leaving_it(db: Database) -> None:
    config = dataclasses.replace(QUICK, per_chat_rate=5.0)  # 200 ms between two to one chat
    sender = OutboxSender(db, Scripted(), config)
    await queue(db, [1])
    assert await sender.step() == 1
    await queue(db, [1, 2])
    assert await sender.step() == 2  # chat 1's second message waited for, in this step
    assert [r.status for r in await deliveries(db)] == ["sent"] * 3


async def test_outcomes_committed_together_are_sent_at_the_last_one_s_time(db: Database) -> None:
    ticks = itertools.count()
    sender = OutboxSender(db, Scripted(), dataclasses.replace(QUICK, record_every=3),
                          clock=lambda: NOW + dt.timedelta(seconds=next(ticks)))
    await queue(db, [1, 2, 3])
    assert await sender.step() == 3  # clock: the claim (0), then each send (1, 2, 3)
    rows = await deliveries(db)
    assert [(r.status, r.sent_at) for r in rows] == [("sent", NOW + dt.timedelta(seconds=3))] * 3


async def test_a_send_whose_claim_was_lost_meanwhile_is_reported(
    db: Database, caplog: pytest.LogCaptureFixture,
) -> None:
    """Its lease ran out during the send and the claim went (here: freed as a restarted
    sender frees them): it is not marked sent by a sender that no longer owns it."""
    await queue(db, [1, 2, 3])

    async def send(chat_id: int, text: str) -> None:
        if chat_id == 2:  # its claim goes while it is being sent
            row = next(r for r in await deliveries(db) if r.chat_id == 2)
            async with db.transaction() as session:
                await Outbox(session).release([row.id], sender.worker_id)

    sender = OutboxSender(db, send, dataclasses.replace(QUICK, record_every=3))
    assert await sender.step() == 3
    assert [r.status for r in await deliveries(db)] == ["sent", "pending", "sent"]
    assert sender_records(caplog) == [(logging.WARNING, "1 sent deliveries had lost their claim")]


@pytest.mark.parametrize("error", [
    RetryLater(1), Blocked("403"), Rejected("400"), Unconfirmed("timed out"), Transient("502"),
    None,
], ids=["429", "403", "400", "unconfirmed", "5xx", "accepted"])
async def test_every_outcome_is_counted_each_time(db: Database, error: Exception | None) -> None:
    await queue(db, [7, 8])
    send = Scripted({7: [error], 8: [error]} if error else {})
    sender = OutboxSender(db, send, QUICK, clock=lambda: NOW)
    if isinstance(error, RetryLater):  # a 429 stops the batch: one at a time
        sender.send = Scripted({7: [error]})
        await sender.step()
        sender._paused_until = 0.0  # the pause is over
        sender.send = Scripted({8: [RetryLater(1)]})
        await sender.step()
    else:
        await sender.step()
    field = {RetryLater: "rate_limited", Blocked: "blocked", Rejected: "dead",
             Unconfirmed: "unconfirmed", Transient: "retried"}.get(type(error), "sent")
    assert sender.stats.as_dict()[field] == 2


@pytest.mark.parametrize(("record_every", "committed_before"), [
    (1, [0, 1, 2, 3]),  # the default: each outcome committed before the next send
    (2, [0, 0, 2, 2]),
])
async def test_outcomes_are_committed_every_record_every_sends(
    db: Database, record_every: int, committed_before: list[int],
) -> None:
    await queue(db, [1, 2, 3, 4])
    seen: list[int] = []

    async def send(chat_id: int, text: str) -> None:
        seen.append([r.status for r in await deliveries(db)].count("sent"))

    config = dataclasses.replace(QUICK, record_every=record_every)
    assert await OutboxSender(db, send, config).step() == 4
    assert seen == committed_before
    assert [r.status for r in await deliveries(db)] == ["sent"] * 4


async def test_the_wait_for_the_next_slot_is_never_longer_than_one_interval(
    db: Database, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The pace, not slower: at 20 a second, one send at a time, each waits at most 50 ms
    for its slot (the waits asked for are recorded, then really slept)."""
    await queue(db, [1, 2, 3, 4, 5])
    clock = PacedClock()
    monkeypatch.setattr(sender_module, "asyncio", clock)
    monkeypatch.setattr(sender_module, "time", clock)
    sender = OutboxSender(db, Scripted(), dataclasses.replace(QUICK, rate=20.0))
    assert await sender.step() == 5
    # The sends take no time on this clock, so each after the first waits for its slot.
    assert len(clock.sleeps) == 4 and max(clock.sleeps) <= 0.05 + 1e-9


class PacedClock(SenderClock):
    """A SenderClock whose monotonic time moves only by the sleeps asked for: on a loaded
    machine the real sends took longer than the 50 ms pace, so no slot was waited for and the
    test above failed (seen in a run at load 12)."""

    def __init__(self) -> None:
        super().__init__(skip=float("inf"))
        self.now = 0.0

    def monotonic(self) -> float:
        return self.now

    async def sleep(self, delay: float) -> None:
        self.now += delay
        await super().sleep(delay)


@pytest_asyncio.fixture
async def price_url() -> AsyncIterator[tuple[str, dict[str, Any]]]:
    """The operator's price URL, on 127.0.0.1: a status, a body, sent whole, chunked (no
    Content-Length) or trickled a byte at a time."""
    state: dict[str, Any] = {"status": 200, "body": b'{"h100": "2.10"}', "how": "whole"}

    async def handler(request: web.Request) -> web.StreamResponse:
        if state["how"] == "whole":
            return web.Response(body=state["body"], status=state["status"],
                                content_type="application/json")
        response = web.StreamResponse(status=state["status"])
        response.enable_chunked_encoding()
        await response.prepare(request)
        body: bytes = state["body"]
        step = 1 if state["how"] == "trickle" else 100
        for start in range(0, len(body), step):
            await response.write(body[start:start + step])
            if state["how"] == "trickle":
                await asyncio.sleep(0.1)
        await response.write_eof()
        return response

    app = web.Application()
    app.router.add_get("/prices.json", handler)
    server = web.AppRunner(app)
    await server.setup()
    site = web.TCPSite(server, "127.0.0.1", 0)
    await site.start()
    port = server.addresses[0][1]
    try:
        yield f"http://127.0.0.1:{port}/prices.json?key=SECRET", state
    finally:
        await server.cleanup()


def price_body(size: int) -> bytes:
    """A valid price document of exactly ``size`` bytes."""
    head = b'{"h100": "2.10", "pad": "'
    return head + b"x" * (size - len(head) - 2) + b'"}'


@pytest.mark.parametrize(("how", "size", "code"), [
    ("whole", 1_000, None),        # exactly the cap: accepted
    ("whole", 1_001, "too_large"),  # refused on its Content-Length
    ("chunked", 1_000, None),
    ("chunked", 1_001, "too_large"),  # no Content-Length: refused as it streams in
])
async def test_a_price_url_s_body_is_capped_at_max_bytes(
    price_url: tuple[str, dict[str, Any]], how: str, size: int, code: str | None,
) -> None:
    url, state = price_url
    state.update(how=how, body=price_body(size))
    source = UrlSource(url, max_bytes=1_000)
    assert source.name == "url:127.0.0.1/prices.json"  # no port, no query
    if code is None:
        raw = await source.fetch()
        assert raw is not None and raw.entries["h100"] == "2.10" and raw.source == source.name
        return
    with pytest.raises(PriceListRejected) as caught:
        await source.fetch()
    assert (caught.value.source, [p.code for p in caught.value.problems]) == (source.name, [code])


async def test_a_price_url_that_fails_is_refused_and_logged_without_its_key(
    price_url: tuple[str, dict[str, Any]], caplog: pytest.LogCaptureFixture,
) -> None:
    url, state = price_url
    shown = redact_url(url)
    state["status"] = 503
    source = UrlSource(url)
    with pytest.raises(PriceListRejected) as caught:
        await source.fetch()
    assert (caught.value.source, [p.code for p in caught.value.problems]) == (
        source.name, ["unreachable"])
    state.update(status=200, how="trickle")  # a byte every 0.1 s: never done in 0.3 s
    slow = UrlSource(url, max_seconds=0.3)
    with pytest.raises(PriceListRejected) as caught:
        await asyncio.wait_for(slow.fetch(), 10)
    assert (caught.value.source, [p.code for p in caught.value.problems]) == (
        slow.name, ["unreachable"])
    assert feed_records(caplog) == [
        (logging.WARNING, f"price URL {shown} answered HTTP 503"),
        (logging.WARNING, f"price URL {shown} unreachable: TimeoutError")]
    assert "SECRET" not in shown


def test_a_price_url_must_be_https_unless_on_this_machine() -> None:
    assert UrlSource("https://prices.example.com/gpu.json?key=K").name == (
        "url:prices.example.com/gpu.json")
    # Only the scheme's "://" is cut: a path that holds another stays whole in the name.
    assert UrlSource("https://proxy.example.com/get/https://prices.example.com/gpu.json").name == (
        "url:proxy.example.com/get/https://prices.example.com/gpu.json")
    with pytest.raises(ValueError, match=r"^PRICES_SOURCE must be") as caught:
        UrlSource("http://prices.example.com/gpu.json?key=K")
    assert str(caught.value) == (
        "PRICES_SOURCE must be an https:// URL, got http://prices.example.com/gpu.json")


async def test_the_packaged_prices_are_read_once_unless_forced(catalogue: Catalogue) -> None:
    source = source_from_setting("  packaged ", catalogue)
    assert isinstance(source, PackagedSource) and source.name == "packaged"
    first = await source.fetch()
    expected = {g.id: g.usd_per_gpu_hour for g in catalogue.gpus
                if g.usd_per_gpu_hour is not None}
    assert first == RawPriceList("packaged", expected) and expected
    assert await source.fetch() is None
    assert await source.fetch(force=True) == first
    assert isinstance(source_from_setting("", catalogue), PackagedSource)


def test_a_price_file_setting_keeps_its_settle_interval_and_home(catalogue: Catalogue) -> None:
    source = source_from_setting("~/prices.json", catalogue, settle_seconds=7.5)
    assert isinstance(source, FileSource)
    assert (source.path, source.settle_seconds) == (Path.home() / "prices.json", 7.5)


@pytest.mark.parametrize(("value", "code"), [
    ("2." + "0" * 62, None),            # 64 characters: read
    ("2." + "0" * 63, "not_a_number"),  # 65: refused before Decimal sees it
    ("2.123456", None),                 # six decimals: storage keeps millionths
    ("2.1000000", None),                # trailing zeros are not precision
    ("2.1234567", "too_precise"),
    ("3E+1", None),
])
def test_a_price_s_length_and_precision_limits(
    catalogue: Catalogue, value: str, code: str | None,
) -> None:
    raw = RawPriceList("t", {"h100": value})
    if code is None:
        assert validate(raw, catalogue, {}, D(50)) == {"h100": D(value)}
        return
    with pytest.raises(PriceListRejected) as caught:
        validate(raw, catalogue, {}, D(50))
    assert [(p.code, p.gpu) for p in caught.value.problems] == [(code, "h100")]


@pytest.mark.parametrize(("price", "current", "window", "problem"), [
    ("3.75", "2.50", None, None),                         # +50 % exactly: allowed
    ("3.76", "2.50", None, ("jump", "h100", "2.50")),
    ("3.00", "2.90", ("2.00", "2.90"), None),             # +50 % over the window exactly
    ("3.01", "2.90", ("2.00", "2.90"), ("drift", "h100", "2.00")),
])
def test_jumps_and_drift_are_refused_past_the_limit_naming_the_gpu(
    catalogue: Catalogue, price: str, current: str, window: tuple[str, str] | None,
    problem: tuple[str, str, str] | None,
) -> None:
    recent = {"h100": (D(window[0]), D(window[1]))} if window else None
    raw = RawPriceList("t", {"h100": price})
    if problem is None:
        assert validate(raw, catalogue, {"h100": D(current)}, D(50), recent=recent) == {
            "h100": D(price)}
        return
    with pytest.raises(PriceListRejected) as caught:
        validate(raw, catalogue, {"h100": D(current)}, D(50), recent=recent)
    (found,) = caught.value.problems
    assert (found.code, found.gpu, str(found.old)) == problem


def test_a_key_given_twice_is_named_in_the_refusal() -> None:
    with pytest.raises(PriceListRejected) as caught:
        parse_document(b'{"h100": "2.10", "h100": "2.20"}', "t", "json")
    assert [(p.code, p.value) for p in caught.value.problems] == [("duplicate", "h100")]


@pytest.mark.parametrize(("size", "code"), [(1_000_000, None), (1_000_001, "too_large")])
async def test_a_price_file_is_read_up_to_a_megabyte(
    tmp_path: Path, size: int, code: str | None,
) -> None:
    path = tmp_path / "prices.json"
    path.write_bytes(price_body(size))
    source = FileSource(path, clock=lambda: time.time() + 60)
    if code is None:
        raw = await source.fetch()
        assert raw is not None and raw.entries["h100"] == "2.10"
        return
    with pytest.raises(PriceListRejected) as caught:
        await source.fetch()
    assert (caught.value.source, [p.code for p in caught.value.problems]) == (
        "file:prices.json", [code])


async def test_a_missing_price_file_is_refused_by_its_name(tmp_path: Path) -> None:
    with pytest.raises(PriceListRejected) as caught:
        await FileSource(tmp_path / "gone.json").fetch()
    assert (caught.value.source, [p.code for p in caught.value.problems]) == (
        "file:gone.json", ["unreachable"])


async def test_a_price_file_that_cannot_be_opened_is_refused_by_its_name(tmp_path: Path) -> None:
    """It exists (stat succeeds) but cannot be read: here a directory in its place."""
    (tmp_path / "prices.json").mkdir()
    with pytest.raises(PriceListRejected) as caught:
        await FileSource(tmp_path / "prices.json", clock=lambda: time.time() + 60).fetch()
    assert (caught.value.source, [p.code for p in caught.value.problems]) == (
        "file:prices.json", ["unreachable"])


async def test_a_price_file_that_grows_past_the_cap_after_its_stat_is_refused_by_its_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The race the read's own cap is for: the stat saw a small file, a writer made it larger
    than a megabyte before it was opened. What was read is refused, not parsed."""
    path = tmp_path / "prices.json"
    path.write_bytes(price_body(100))
    stat = os.stat

    def stat_then_grow(target: Any, *args: Any, **kwargs: Any) -> os.stat_result:
        found = stat(target, *args, **kwargs)
        if Path(target) == path:
            path.write_bytes(price_body(1_000_001))
        return found

    monkeypatch.setattr(os, "stat", stat_then_grow)
    with pytest.raises(PriceListRejected) as caught:
        await FileSource(path, clock=lambda: time.time() + 60).fetch()
    assert (caught.value.source, [p.code for p in caught.value.problems]) == (
        "file:prices.json", ["too_large"])


async def test_a_price_url_announcing_a_body_over_the_cap_is_refused_before_reading_it() -> None:
    """Refused on its Content-Length alone: this server announces 5 MB, sends one byte and
    hangs up, so reading any of the body would end as "unreachable", not "too_large"."""

    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readuntil(b"\r\n\r\n")
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 5000000\r\n\r\n{")
        await writer.drain()
        writer.close()

    server = await asyncio.start_server(answer, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    async with server:
        source = UrlSource(f"http://127.0.0.1:{port}/prices.json")
        with pytest.raises(PriceListRejected) as caught:
            await asyncio.wait_for(source.fetch(), 10)
    assert (caught.value.source, [p.code for p in caught.value.problems]) == (
        "url:127.0.0.1/prices.json", ["too_large"])


def test_two_keys_for_one_gpu_are_refused_naming_both_and_the_rest_is_still_checked(
    catalogue: Catalogue,
) -> None:
    """A duplicate or a jump does not hide the problems of the entries after it."""
    raw = RawPriceList("t", {"h100": "2.10", "NVIDIA H100": "2.20", "tpu-v9": "1",
                             "h200": "9.00", "b200": "0"})
    with pytest.raises(PriceListRejected) as caught:
        validate(raw, catalogue, {"h200": D("3.00")}, D(50))
    assert [(p.code, p.gpu, p.value) for p in caught.value.problems] == [
        ("duplicate", "h100", "NVIDIA H100"),
        ("unknown_gpu", "tpu-v9", None),
        ("jump", "h200", None),
        ("not_positive", "b200", "0"),
    ]


@pytest.mark.parametrize(("value", "code"), [
    ("-2.10", "not_positive"),
    ("0", "not_positive"),
    ("cheap", "not_a_number"),
    ("10000", None),              # the highest sane price
    ("10000.01", "too_high"),     # above it by cents, with as many digits before the point
    ("1E+5", "too_high"),
    ("2.1234567", "too_precise"),
])
def test_each_refused_price_is_named_by_its_gpu_and_value_as_written(
    catalogue: Catalogue, value: str, code: str | None,
) -> None:
    raw = RawPriceList("t", {"H100": value})
    if code is None:
        assert validate(raw, catalogue, {}, D(50)) == {"h100": D(value)}
        return
    with pytest.raises(PriceListRejected) as caught:
        validate(raw, catalogue, {}, D(50))
    assert [(p.code, p.gpu, p.value) for p in caught.value.problems] == [(code, "h100", value)]


def test_a_list_of_nulls_changes_nothing_and_an_empty_one_is_refused(
    catalogue: Catalogue,
) -> None:
    """null leaves a GPU as it is: a list of nulls is accepted with no new price. A list
    with no entry at all (as /setprice could hand one) is refused as empty."""
    assert validate(RawPriceList("t", {"h100": None, "b200": None}), catalogue, {}, D(50)) == {}
    with pytest.raises(PriceListRejected) as caught:
        validate(RawPriceList("admin", {}), catalogue, {}, D(50))
    assert (caught.value.source, [p.code for p in caught.value.problems]) == ("admin", ["empty"])


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_a_json_constant_is_refused_as_written(catalogue: Catalogue, constant: str) -> None:
    raw = parse_document(f'{{"h100": {constant}}}'.encode(), "t", "json")
    with pytest.raises(PriceListRejected) as caught:
        validate(raw, catalogue, {}, D(50))
    assert [(p.code, p.value) for p in caught.value.problems] == [("not_a_number", constant)]


@pytest.mark.parametrize(("document", "fmt", "code", "logged"), [
    (b"{not json", "json", "malformed", "Expecting property name enclosed in double quotes"),
    (b"h100 = = 2", "toml", "malformed", "Invalid value"),
    (b"h100 = 1\nh100 = 2", "toml", "duplicate", "Cannot overwrite a value"),
    (b"[1, 2]", "json", "malformed", None),  # parsed, but not a mapping: nothing to debug
])
def test_an_unparsable_document_is_refused_by_its_source_and_its_cause_logged_for_debugging(
    caplog: pytest.LogCaptureFixture, document: bytes, fmt: Any, code: str, logged: str | None,
) -> None:
    caplog.set_level(logging.DEBUG, logger=FEED_LOGGER)
    with pytest.raises(PriceListRejected) as caught:
        parse_document(document, "file:prices.toml", fmt)
    assert (caught.value.source, [p.code for p in caught.value.problems]) == (
        "file:prices.toml", [code])
    records = feed_records(caplog)
    if logged is None:
        assert records == []
        return
    ((level, message),) = records
    assert level == logging.DEBUG
    assert message.startswith(f"unparsable price document from file:prices.toml: {logged}")
