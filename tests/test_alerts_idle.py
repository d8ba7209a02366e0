"""The idle alert sender (issue #16): a change committed in this process wakes it at once, one
committed by another process is picked up by its slow poll, and an idle poll is one query."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncIterator
from decimal import Decimal
from pathlib import Path

import pytest
import pytest_asyncio

from bot.alerts import AlertServices
from bot.alerts.leader import Leadership
from bot.alerts.sender import OutboxSender, SenderConfig
from bot.settings import Settings
from bot.storage.engine import Database
from rules.catalogue import load_catalogue
from tests.support.alerts_helpers import ROOT, Seed, seed
from tests.test_alerts_fanout import Statements

D = Decimal
LOOK = "min(alert_outbox.next_attempt_at)"  # the idle look, before and after this change


class Recorder:
    def __init__(self) -> None:
        self.sent: list[tuple[int, str]] = []
        self.arrived = asyncio.Event()

    async def __call__(self, chat_id: int, text: str) -> None:
        self.sent.append((chat_id, text))
        self.arrived.set()


@pytest_asyncio.fixture
async def started(
    db_url: str, request: pytest.FixtureRequest
) -> AsyncIterator[tuple[AlertServices, Recorder]]:
    """The alert services as the bot builds them (settings → sender), leading and idle:
    the sender has looked at the empty outbox and waits."""
    poll, batch = request.param
    settings = Settings(
        _env_file=None,  # type: ignore[call-arg]
        database_url=db_url, alerts_idle_poll_seconds=poll, alerts_fan_out_batch=batch,
        alerts_per_second=1000, per_chat_per_second=1000,
    )
    alerts = AlertServices.from_settings(
        settings, catalogue=load_catalogue(), leadership=Leadership(db_url, retry_seconds=0.1)
    )
    await alerts.prepare()
    prices = await alerts.service.current_prices()
    # Chat 1 follows the H100 above $100 (never fires), chat 2 any change of it.
    await seed(alerts.db, [Seed(1, "h100", "above", D(100)), Seed(2, "h100", "any")], prices)
    send = Recorder()
    with Statements(alerts.db) as statements:
        await alerts.start(send, feed_loop=False)
        await asyncio.wait_for(alerts.leadership.elected.wait(), 10)
        for _ in range(1000):  # until the sender has looked once and gone to wait
            if any(LOOK in sql for sql, _ in statements.seen):
                break
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.2)  # the look's answer read: it is waiting now
    try:
        yield alerts, send
    finally:
        await alerts.stop()


@pytest.mark.parametrize("started", [(3600, 1)], indirect=True)
async def test_a_change_committed_here_wakes_the_idle_sender_at_once(
    started: tuple[AlertServices, Recorder],
):
    """The admin's /setprice commits a change whose first page (one subscriber here, chat 1's
    threshold that does not fire) wrote no delivery: the rest is left to the sender. It is
    woken at once, expands it and sends chat 2's message; its next poll is an hour away."""
    alerts, send = started
    result = await alerts.set_price("h100", D("2.10"), admin_id=1)
    assert (result.deliveries, result.preparing) == (0, True)
    await asyncio.wait_for(send.arrived.wait(), 20)
    assert [chat for chat, _ in send.sent] == [2]


@pytest.mark.parametrize("started", [(0.2, 1000)], indirect=True)
async def test_a_change_committed_by_another_process_is_sent_at_the_next_poll(
    started: tuple[AlertServices, Recorder],
):
    """A second instance on the same database commits the change (its fan-out is its own):
    nothing wakes this sender, its poll (ALERTS_IDLE_POLL_SECONDS) finds the delivery."""
    alerts, send = started
    assert alerts.sender_config.idle_poll == 0.2
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.support.alerts_fanout_child",
        "--database-url", alerts.settings.database_url, "--price", "2.10",
        "--batch", "1000", "--stop-after", "1000000", cwd=Path(ROOT),
    )
    assert await asyncio.wait_for(child.wait(), 60) == 0
    await asyncio.wait_for(send.arrived.wait(), 20)
    assert [chat for chat, _ in send.sent] == [2]


async def test_an_idle_poll_is_one_query(db: Database):
    """Nothing to do: each poll is one SELECT (when the next delivery is due, and whether a
    fan-out waits), no write transaction, no claim and no fan-out statement of its own."""
    sender = OutboxSender(db, Recorder(), SenderConfig(idle_poll=0.02))
    task = asyncio.create_task(sender.run())
    with Statements(db) as statements:
        try:
            for _ in range(3000):
                if sum(LOOK in sql for sql, _ in statements.seen) >= 6:
                    break
                await asyncio.sleep(0.02)
        finally:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
    # From the first idle look on (before it: the start's release of old claims and its
    # first step), up to the sixth.
    seen = [sql for sql, _ in statements.seen]
    first = next(i for i, sql in enumerate(seen) if LOOK in sql)
    last = max(i for i, sql in enumerate(seen) if LOOK in sql)
    queries = {sql for sql in seen[first:last + 1] if sql.upper() != "BEGIN DEFERRED"}
    assert len(queries) == 1, queries
    (query,) = queries
    assert query.upper().startswith("SELECT") and LOOK in query and "alert_fanout" in query
