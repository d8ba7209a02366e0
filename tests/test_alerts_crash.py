"""Crashes and failover: the fan-out killed between batches, the sender killed with SIGKILL
mid fan-out, and a standby taking over.

The sender runs as its own process (tests/support/alerts_worker.py) against the fake Bot API on
127.0.0.1 and a real database file (or PostgreSQL), with the production defaults: one message
in flight, each outcome committed before the next send.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import time
from decimal import Decimal

import pytest
from sqlalchemy import select

from bot.alerts.feed import RawPriceList
from bot.alerts.leader import Leadership
from bot.alerts.matching import evaluate, initial_state
from bot.alerts.model import PriceMove
from bot.alerts.service import AlertService
from bot.storage.engine import Database
from bot.storage.models import Subscription
from rules.catalogue import Catalogue
from tests.support.alerts_helpers import (
    ROOT,
    Seed,
    TimedFakeBotAPI,
    Worker,
    deliveries,
    outbox_counts,
    per_chat,
    seed,
    wait_until,
)

pytestmark = pytest.mark.timed_fake  # conftest's api: the timed fake, recording no calls

LOCALES = ("en", "es", "fr")


async def fan_out(db: Database, service: AlertService, n: int, *, alone: bool = True) -> None:
    """A change to n "any change" subscribers, its fan-out expanded here (``alone``: no
    running sender expands it meanwhile, so every delivery is counted here)."""
    await seed(db, [Seed(u, "h100", "any", locale=LOCALES[u % 3]) for u in range(1, n + 1)],
               await service.current_prices())
    result = await service.apply_price_list(RawPriceList("test", {"h100": "2.10"}))
    written = result.deliveries + await service.expand_all()
    assert written == n if alone else written <= n


async def settle(db: Database, timeout: float = 60) -> None:  # noqa: ASYNC109
    deadline = time.monotonic() + timeout
    while True:
        counts = await outbox_counts(db)
        if not counts.get("pending") and not counts.get("failed"):
            return
        assert time.monotonic() < deadline, counts
        await asyncio.sleep(0.1)


@pytest.mark.parametrize("path", [[], ["--direct"]], ids=["ptb", "direct-http"])
async def test_sigkill_mid_fan_out_loses_nothing_and_duplicates_at_most_one_per_crash(
    db_url: str, db: Database, service: AlertService, api: TimedFakeBotAPI, path: list[str]
):
    n = 200
    await fan_out(db, service, n)
    crashes = 0
    for round_ in range(3):
        worker = await Worker(db_url, api, "--rate", "50", *path).start()
        try:
            await asyncio.wait_for(worker.leader.wait(), 30)
            await api.wait_for_messages(api.message_count() + 30, timeout=30)
            window = round_ != 1  # rounds 0 and 2 die with a send in flight; 1 anywhere
            if window:
                # Telegram accepts the next message only after the process has died.
                calls = api.call_counts["sendMessage"]
                api.delay_next("sendMessage", 0.5)
                await wait_until(lambda: api.call_counts["sendMessage"] > calls, 10,  # noqa: B023
                                 "the delayed send")
            before = api.message_count()
            worker.kill()
            await worker.wait()
            crashes += 1
            if window:
                await api.wait_for_messages(before + 1, timeout=5)
        finally:
            worker.kill()
            await worker.wait()
    assert api.message_count() < n  # it really died mid fan-out

    last = await Worker(db_url, api, "--rate", "50", *path).start()
    try:
        await settle(db)
    finally:
        await last.stop()

    got = per_chat(api.accepted)
    duplicates = sum(len(texts) - 1 for texts in got.values())
    print(f"\nSIGKILL ×{crashes} ({'postgres' if db.is_postgres else 'sqlite'}): "
          f"{n} subscribers, {len(api.accepted)} messages, {duplicates} duplicates")
    assert set(got) == set(range(1, n + 1))  # every subscriber got the alert
    assert all(len(set(texts)) == 1 for texts in got.values())  # a duplicate is the same text
    assert 2 <= duplicates <= crashes  # the in-flight send of a crash, and nothing more
    assert await outbox_counts(db) == {"sent": n}


@pytest.mark.parametrize("stop_after", [2, 5, 9])
async def test_sigkill_mid_fan_out_resumes_from_the_cursor_and_tells_everyone_once(
    db_url: str, db: Database, service: AlertService, catalogue: Catalogue, stop_after: int
):
    """The change commits with its cursor; the fan-out's process is killed with SIGKILL
    inside a later batch's transaction (its deliveries written, not committed). The price
    stays applied, the committed batches stay, the killed one leaves nothing; expanding
    again from the cursor (what the restarted sender does) tells each chat exactly once and
    leaves every subscription in the state one uninterrupted fan-out would."""
    n = 95
    seeds = [Seed(u, "h100", "any", locale=LOCALES[u % 3]) for u in range(1, n + 1)]
    seeds += [Seed(40, "h100", "below", Decimal("2.20"), locale="es"),
              Seed(41, "h100", "percent", Decimal(5), locale="fr")]
    prices = await service.current_prices()
    await seed(db, seeds, prices)
    move = PriceMove("h100", prices["h100"], Decimal("2.10"))

    child = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.support.alerts_fanout_child", "--database-url", db_url,
        "--price", "2.10", "--batch", "10", "--stop-after", str(stop_after), cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=asyncio.subprocess.PIPE,
    )
    lines: list[str] = []
    try:
        assert child.stdout is not None
        while not lines or not lines[-1].startswith(f"BATCH {stop_after} "):
            raw = await asyncio.wait_for(child.stdout.readline(), 30)
            assert raw, lines
            lines.append(raw.decode().strip())
    finally:
        child.send_signal(signal.SIGKILL)
        await child.wait()
    written = {int(line.split()[1]): int(line.split()[2])
               for line in lines if line.startswith("BATCH ")}
    commits = [int(line.split()[1]) for line in lines if line.startswith("COMMITTED ")]
    resumed = AlertService(db, catalogue, fan_out_batch=10)
    if not commits:
        # Killed inside the change's own transaction (its first two batches): nothing
        # stays, and the feed's next poll applies the list again.
        assert stop_after == 2
        assert (await service.current_prices())["h100"] == prices["h100"]
        assert await deliveries(db) == []
        await resumed.apply_price_list(RawPriceList("test", {"h100": "2.10"}))
    else:
        committed = max(commits)
        assert committed == stop_after - 1  # killed inside the next batch
        assert (await service.current_prices())["h100"] == Decimal("2.10")  # the change stays
        rows = await deliveries(db)
        assert len(rows) == sum(written[b] for b in range(1, committed + 1))  # no half batch
    await resumed.expand_all()
    rows = await deliveries(db)
    assert sorted(r.chat_id for r in rows) == list(range(1, n + 1))  # each chat once
    assert {r.price_change_id for r in rows} == {rows[0].price_change_id}
    async with db.sessions() as session:
        subs = list(await session.scalars(select(Subscription).order_by(Subscription.id)))
    for s, sub in zip(seeds, subs, strict=True):
        _, state = evaluate(initial_state(s.kind, s.threshold, prices["h100"]), move)
        assert (sub.armed, sub.last_notified_price) == (state.armed, state.last_notified)
    by_chat = {r.chat_id: r for r in rows}
    assert by_chat[40].priority == by_chat[41].priority == 0  # threshold alerts first
    assert min(r.id for r in rows if r.priority == 0) < min(r.id for r in rows if r.priority)


async def test_a_standby_takes_over_when_the_leader_dies(
    db_url: str, db: Database, service: AlertService
):
    """Two processes on one PostgreSQL: only the leader sends; killed, the other takes over."""
    if not db.is_postgres:
        pytest.skip("SQLite runs one process by design")
    n = 150
    async with TimedFakeBotAPI(record_calls=False) as api_a, \
            TimedFakeBotAPI(record_calls=False) as api_b:
        a = await Worker(db_url, api_a, "--rate", "50").start()
        b: Worker | None = None
        try:
            await asyncio.wait_for(a.leader.wait(), 30)
            b = await Worker(db_url, api_b, "--rate", "50").start()
            await wait_until(lambda: "READY" in b.lines, 30, "the standby")  # type: ignore[union-attr]
            await asyncio.sleep(1.0)
            assert not b.leader.is_set()
            await fan_out(db, service, n, alone=False)  # the leader expands it too
            await api_a.wait_for_messages(40, timeout=30)
            assert api_b.message_count() == 0  # the standby never sends
            killed_at = time.monotonic()
            a.kill()
            await a.wait()
            await asyncio.wait_for(b.leader.wait(), 15)
            took_over = time.monotonic() - killed_at
            await settle(db)
        finally:
            a.kill()
            await a.wait()
            if b is not None:
                await b.stop()
        got = per_chat(api_a.accepted + api_b.accepted)
        duplicates = sum(len(texts) - 1 for texts in got.values())
        print(f"\nleader killed after {api_a.message_count()} messages; standby led after "
              f"{took_over:.2f} s and sent {api_b.message_count()}; {duplicates} duplicates")
        assert set(got) == set(range(1, n + 1))
        assert duplicates <= 1
        assert api_b.message_count() > 0
        assert all(t >= killed_at for t, _, _ in api_b.accepted)


async def test_leadership_in_process(db_url: str):
    """One leader at a time; cancelling it (or its process dying) hands over the lock."""
    first = Leadership(db_url, retry_seconds=0.1, heartbeat_seconds=0.2)
    second = Leadership(db_url, retry_seconds=0.1, heartbeat_seconds=0.2)
    ran: list[str] = []

    def work(name: str):
        async def lead() -> None:
            ran.append(name)
            await asyncio.Event().wait()
        return lead

    one = asyncio.create_task(first.run(work("first")))
    await asyncio.wait_for(first.elected.wait(), 10)
    two = asyncio.create_task(second.run(work("second")))
    try:
        if db_url.startswith("sqlite"):
            await asyncio.wait_for(second.elected.wait(), 10)  # one process: always leads
            assert ran == ["first", "second"]
            return
        await asyncio.sleep(0.5)
        assert ran == ["first"] and not second.is_leader
        one.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await one
        assert not first.is_leader
        await asyncio.wait_for(second.elected.wait(), 10)
        assert ran == ["first", "second"]
    finally:
        for task in (one, two):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
