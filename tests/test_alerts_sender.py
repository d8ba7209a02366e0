"""The sender with several sends in flight: each chat's messages in order, a slow chat
delaying nobody else, and a send that timed out after reaching Telegram never sent twice."""

from __future__ import annotations

import asyncio
import dataclasses
import datetime as dt
import random
import time

import pytest
from telegram import Bot
from telegram.request import HTTPXRequest

from bot.alerts.errors import Transient
from bot.alerts.sender import OutboxSender, SenderConfig
from bot.storage.engine import Database
from bot.storage.repos import Outbox
from bot.telegram.alert_handlers import telegram_sender
from tests.support.alerts_helpers import TimedFakeBotAPI, deliveries, per_chat

pytestmark = pytest.mark.timed_fake  # conftest's api: the timed fake, recording no calls

FAST = SenderConfig(rate=10_000, per_chat_rate=10_000, backoff_base=0.01, idle_poll=0.02,
                    in_flight=8, record_every=4, slow_send_seconds=0.2)


async def enqueue(db: Database, messages: list[tuple[int, str]]) -> None:
    now = dt.datetime.now(dt.UTC)
    rows = [{"kind": "admin", "chat_id": chat, "user_id": None, "locale": "en", "text": text,
             "status": "pending", "attempts": 0, "next_attempt_at": now, "created_at": now,
             "gpu_id": None, "old_price": None, "reasons": None, "priority": 1}
            for chat, text in messages]
    async with db.transaction() as session:
        await Outbox(session).add_many(rows)


async def test_each_chats_messages_arrive_in_order_with_several_in_flight(db: Database):
    """Eight sends at once, random latencies, and chat 7's first message failing once: chat 7
    still reads 1, 2, 3 in order (its later ones wait for the retry), every chat likewise."""
    rng = random.Random(3)
    messages = [(chat, f"{chat}:{n}") for n in range(1, 4) for chat in range(1, 21)]
    await enqueue(db, messages)
    received: list[tuple[int, str]] = []
    failed: set[str] = set()

    async def send(chat_id: int, text: str) -> None:
        await asyncio.sleep(rng.uniform(0, 0.02))
        if text == "7:1" and text not in failed:
            failed.add(text)
            raise Transient("502")
        received.append((chat_id, text))

    await OutboxSender(db, send, FAST).drain(timeout=30)
    got: dict[int, list[str]] = {}
    for chat, text in received:
        got.setdefault(chat, []).append(text)
    assert got == {chat: [f"{chat}:{n}" for n in range(1, 4)] for chat in range(1, 21)}


async def test_a_slow_chat_delays_nobody_else(db: Database):
    """Chat 1's send takes two seconds: every other chat, in this batch and the next ones,
    is sent meanwhile; chat 1's message still goes exactly once."""
    await enqueue(db, [(chat, f"hello {chat}") for chat in range(1, 31)])
    finished: dict[int, float] = {}

    async def send(chat_id: int, text: str) -> None:
        if chat_id == 1:
            await asyncio.sleep(2.0)
        finished[chat_id] = time.monotonic()

    config = SenderConfig(rate=10_000, per_chat_rate=10_000, idle_poll=0.02, in_flight=2,
                          batch_size=5, slow_send_seconds=0.2)
    sender = OutboxSender(db, send, config)
    await sender.drain(timeout=30)
    assert sorted(finished) == list(range(1, 31))
    assert max(t for chat, t in finished.items() if chat != 1) < finished[1]
    assert sender.stats.slow == 1 and sender.stats.sent == 30
    rows = await deliveries(db)
    assert all(r.status == "sent" for r in rows)


async def test_a_send_that_timed_out_at_telegram_is_not_sent_twice(
    db: Database, api: TimedFakeBotAPI
):
    """The fake answers chat 5 after the client gave up, but delivers it (as Telegram does):
    the sender does not send it again, counts it and says why; the others go as usual."""
    await enqueue(db, [(chat, f"price alert {chat}") for chat in range(1, 11)])
    request = HTTPXRequest(connection_pool_size=8, read_timeout=0.5, connect_timeout=5)
    async with Bot(api.token, base_url=api.base_url, request=request) as bot:
        send = telegram_sender(bot)
        slow_first = True

        async def send_chat_5_slowly(chat_id: int, text: str) -> None:
            nonlocal slow_first
            if chat_id == 5 and slow_first:
                slow_first = False
                api.delay_next("sendMessage", 1.5)
            await send(chat_id, text)

        # One in flight: the fake's next call is chat 5's.
        sender = OutboxSender(db, send_chat_5_slowly, dataclasses.replace(FAST, in_flight=1))
        await sender.drain(timeout=30)
        await asyncio.sleep(1.5)  # the fake delivers chat 5's message after its delay
    got = per_chat(api.accepted)
    assert {chat: len(texts) for chat, texts in got.items()} == {c: 1 for c in range(1, 11)}
    assert sender.stats.unconfirmed == 1 and sender.stats.sent == 9
    row = next(r for r in await deliveries(db) if r.chat_id == 5)
    assert row.status == "dead" and (row.last_error or "").startswith("unconfirmed")
