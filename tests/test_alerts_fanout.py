"""Fan-out: who gets told, in which language, once; the sender's pace, retries and 403s."""

from __future__ import annotations

import asyncio
import dataclasses
import datetime as dt
import itertools
import os
import random
import time
import tracemalloc
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import event, select, update
from telegram import Bot

from bot.alerts.errors import Blocked, Rejected, RetryLater, Transient
from bot.alerts.feed import RawPriceList
from bot.alerts.matching import evaluate, initial_state
from bot.alerts.messages import AlertRenderer
from bot.alerts.model import Kind, PriceMove, Reason
from bot.alerts.sender import OutboxSender, SenderConfig
from bot.alerts.service import AlertService
from bot.storage.engine import Database
from bot.storage.models import Subscription, User
from bot.storage.repos import Outbox
from bot.telegram.alert_handlers import telegram_sender
from fakebotapi import validate_telegram_html
from rules.catalogue import Catalogue
from tests.support.alerts_helpers import (
    Seed,
    TimedFakeBotAPI,
    Worker,
    deliveries,
    outbox_counts,
    per_chat,
    run,
    seed,
)

pytestmark = pytest.mark.timed_fake  # conftest's api: the timed fake, recording no calls

D = Decimal


def prices_list(**prices: str) -> RawPriceList:
    return RawPriceList("test", {k.replace("_", "-"): v for k, v in prices.items()})


# ----------------------------------------------------------------------------- matching


def test_threshold_fires_on_crossing_and_rearms_when_it_crosses_back():
    start = D("2.32")
    below = initial_state("below", D("2.20"), start)
    fired = run(below, [D("2.25"), D("2.10"), D("2.05"), D("2.20"), D("2.19"), D("2.19"),
                        D("2.50"), D("1.00")], start)
    assert [r is not None for r in fired] == [False, True, False, False, True, False, False, True]
    above = initial_state("above", D(3), start)
    fired = run(above, [D("3.01"), D("3.50"), D(3), D("3.10")], start)
    assert [r is not None for r in fired] == [True, False, False, True]


def test_an_alert_already_crossed_waits_for_the_price_to_come_back():
    state = initial_state("below", D(3), D("2.32"))
    assert not state.armed
    assert run(state, [D("2.10"), D("3.10"), D("2.90")], D("2.32"))[1:] == [
        None, Reason("below", D(3))
    ]


def test_percent_alerts_measure_from_the_last_price_told():
    state = initial_state("percent", D(10), D(2))
    fired = run(state, [D("2.10"), D("2.19"), D("2.21"), D("2.00"), D("1.98")], D(2))
    assert [r is not None for r in fired] == [False, False, True, False, True]
    assert fired[2] == Reason("percent", D(10), since=D(2), moved_percent=D("10.5"))
    assert fired[4] is not None and fired[4].since == D("2.21")


@given(st.lists(st.integers(min_value=100, max_value=400), min_size=1, max_size=40))
def test_below_fires_once_per_downward_crossing(cents: list[int]):
    prices = [D(c) / 100 for c in cents]
    threshold, start = D("2.50"), D("3.00")
    fired = run(initial_state("below", threshold, start), prices, start)
    previous, crossings = [start, *prices[:-1]], 0
    armed = True
    for before, after in zip(previous, prices, strict=True):
        if before == after:
            continue
        if armed and after < threshold:
            crossings, armed = crossings + 1, False
        elif after >= threshold:
            armed = True
    assert sum(r is not None for r in fired) == crossings


# ----------------------------------------------------------------------------- the service


async def test_threshold_alerts_through_the_database(db: Database, service: AlertService):
    """Nothing is sent in between, so each change replaces the message still waiting: 2.05
    retells "below 2.20" from 2.32 (the reader never heard of 2.10), 2.30 withdraws it (no
    longer true), 2.15 is a new crossing."""
    await seed(db, [Seed(1, "h100", "below", D("2.20"))], await service.current_prices())
    told = []
    for price in ("2.10", "2.05", "2.30", "2.15"):
        result = await service.apply_price_list(prices_list(h100=price), allow_jump=True)
        told.append(result.deliveries)
    assert told == [1, 1, 0, 1]
    rows = await deliveries(db)
    assert [(r.status, r.last_error) for r in rows] == [
        ("dead", "superseded"), ("dead", "superseded"), ("pending", None)
    ]
    assert "$2.15" in rows[-1].text and "$2.30" in rows[-1].text
    async with db.sessions() as session:
        sub = (await session.scalars(select(Subscription))).one()
    assert not sub.armed and sub.last_notified_price == D("2.15")


async def test_one_message_per_chat_with_every_reason_in_the_readers_language(
    db: Database, service: AlertService, catalogue: Catalogue
):
    await seed(db, [
        Seed(1, "h100", "any", locale="fr", language_code="es"),  # the choice wins
        Seed(1, "h100", "below", D("2.20"), locale="fr", language_code="es"),
        Seed(2, "h100", "any", language_code="es-419"),
        Seed(3, "h100", "any", language_code="pt-BR"),  # unsupported: the default
        Seed(4, "h100", "above", D(3), locale="en"),  # not crossed: silent
        Seed(5, "h200", "any", locale="en"),  # another GPU
        Seed(6, "h100", "any", chat_id=-100_777, locale="es"),  # a group
    ], await service.current_prices())
    result = await service.apply_price_list(prices_list(h100="2.10"))
    assert result.deliveries == 4
    rows = {r.chat_id: r for r in await deliveries(db)}
    assert {c: r.locale for c, r in rows.items()} == {1: "fr", 2: "es", 3: "en", -100_777: "es"}
    move = PriceMove("h100", D("2.32"), D("2.10"))
    renderer = AlertRenderer(catalogue)
    assert rows[1].text == renderer.price_change(
        "fr", move, [Reason("any"), Reason("below", D("2.20"))]
    )
    assert "2,10\u00a0$US" in rows[1].text and "2,20\u00a0$US" in rows[1].text
    assert "2,10\u00a0US$" in rows[2].text and "$2.10" in rows[3].text
    for row in rows.values():
        assert validate_telegram_html(row.text) is None


# ----------------------------------------------------------------------------- streaming

GROUP = -1_001_234_567_890  # a supergroup's id: beyond a 32-bit INTEGER


def mixed_seeds() -> list[Seed]:
    """Kinds that fire and kinds that stay silent, chats with several subscriptions (a private
    chat, a group of four users), another GPU and a blocked user: every page boundary falls
    somewhere inside a chat for one batch size or another."""
    seeds: list[Seed] = []
    kinds: list[tuple[Kind, Decimal | None]] = [
        ("any", None), ("below", D("2.20")), ("above", D(3)), ("percent", D(5)),
        ("below", D(2)), ("percent", D(10)),
    ]
    for user in range(1, 41):
        kind, threshold = kinds[user % len(kinds)]
        seeds.append(Seed(user, "h100", kind, threshold, locale=("en", "es", "fr")[user % 3]))
        if user % 9 == 0:
            seeds.append(Seed(user, "h100", "below", D("2.20"), locale=("en", "es", "fr")[user % 3]))
            seeds.append(Seed(user, "h100", "any", locale=("en", "es", "fr")[user % 3]))
        if user % 7 == 0:
            seeds.append(Seed(user, "h200", "any", locale="en"))
    group: list[tuple[int, Kind, Decimal | None]] = [
        (50, "any", None), (51, "below", D("2.20")), (52, "any", None), (53, "above", D(3)),
    ]
    for user, kind, threshold in group:
        seeds.append(Seed(user, "h100", kind, threshold, locale="fr", chat_id=GROUP))
    seeds.append(Seed(60, "h100", "any", locale="en"))  # blocked below
    return seeds


def expected_fan_out(
    seeds: list[Seed], prices: dict[str, Decimal], move: PriceMove
) -> dict[int, tuple[str, list[Reason]]]:
    """Reference: chat → (locale, reasons in subscription order), computed without any paging."""
    found: dict[int, tuple[str, list[Reason]]] = {}
    for s in seeds:
        if s.gpu_id != move.gpu_id or s.user_id == 60:
            continue
        reason, _ = evaluate(initial_state(s.kind, s.threshold, prices.get(s.gpu_id)), move)
        if reason is not None:
            _, reasons = found.setdefault(s.chat_id or s.user_id, (s.locale or "en", []))
            if reason not in reasons:
                reasons.append(reason)
    return found


class Statements:
    """Every statement the database was sent, with how many rows of parameters it carried."""

    def __init__(self, db: Database) -> None:
        self.engine = db.engine.sync_engine
        self.seen: list[tuple[str, int]] = []

    def _record(self, conn, cursor, statement, parameters, context, executemany) -> None:
        self.seen.append((" ".join(statement.split()), len(parameters) if executemany else 1))

    def __enter__(self) -> Statements:
        event.listen(self.engine, "before_cursor_execute", self._record)
        return self

    def __exit__(self, *exc: object) -> None:
        event.remove(self.engine, "before_cursor_execute", self._record)

    def rows(self, prefix: str) -> list[int]:
        return [n for sql, n in self.seen if sql.upper().startswith(prefix.upper())]


@pytest.mark.parametrize("batch", [1, 2, 3, 7, 1000])
async def test_fan_out_streams_in_bounded_batches_with_the_same_outcome(
    db: Database, catalogue: Catalogue, batch: int, monkeypatch: pytest.MonkeyPatch
):
    """Whatever the batch size: subscribers read a page at a time, no statement writes more
    than a batch, and the outcome is the one computed without paging (one message per chat,
    every reason, the same subscription states)."""
    service = AlertService(db, catalogue, fan_out_batch=batch)
    await service.ensure_baseline()
    prices = await service.current_prices()
    seeds = mixed_seeds()
    await seed(db, seeds, prices)
    async with db.transaction() as session:
        await session.execute(update(User).where(User.user_id == 60).values(blocked=True))
    move = PriceMove("h100", prices["h100"], D("2.10"))
    matching = sum(1 for s in seeds if s.gpu_id == "h100" and s.user_id != 60)

    inserts: list[int] = []  # rows per INSERT of deliveries (one statement each)
    add_new = Outbox.add_new

    async def counted(self: Outbox, rows: list[dict[str, object]]) -> int:
        inserts.append(len(rows))
        return await add_new(self, rows)

    monkeypatch.setattr(Outbox, "add_new", counted)
    with Statements(db) as statements:
        result = await service.apply_price_list(prices_list(h100="2.10"))
        expanded = await service.expand_all()  # what the sender does, a batch at a time

    want = expected_fan_out(seeds, prices, move)
    assert result.deliveries + expanded == len(want)
    assert result.preparing == (batch < matching)
    renderer = AlertRenderer(catalogue)
    rows = await deliveries(db)
    assert sorted(r.chat_id for r in rows) == sorted(want)  # once each
    assert {r.chat_id: r.text for r in rows} == {
        chat: renderer.price_change(locale, move, reasons) for chat, (locale, reasons) in want.items()
    }
    assert want[GROUP][1] == [Reason("any"), Reason("below", D("2.20"))]
    # Threshold alerts are written (and sent) first; a chat told for a threshold has its
    # "any change" reason in the same message.
    priorities = [r.priority for r in rows]
    assert priorities == sorted(priorities) and set(priorities) == {0, 1}
    assert all(r.priority == 0 for r in rows if "below" in r.reasons or "percent" in r.reasons)
    async with db.sessions() as session:
        subs = list(await session.scalars(select(Subscription).order_by(Subscription.id)))
    for s, sub in zip(seeds, subs, strict=True):
        state = initial_state(s.kind, s.threshold, prices.get(s.gpu_id))
        if s.gpu_id == "h100" and s.user_id != 60:
            _, state = evaluate(state, move)
        assert (sub.armed, sub.last_notified_price) == (state.armed, state.last_notified)

    reads = [sql for sql, _ in statements.seen if "FROM subscriptions" in sql]
    assert all("LIMIT" in sql.upper() or "IN (" in sql.upper() for sql in reads)
    assert len(reads) >= matching // batch  # a page per statement, never the whole set
    updates = statements.rows("UPDATE subscriptions")
    assert sum(inserts) >= len(want) and max(inserts) <= batch
    assert max(updates) <= batch + 4  # a page, plus the other subscriptions of its chats
    assert len(inserts) >= len(want) // batch  # really written batch by batch


async def test_fan_out_memory_stays_flat_as_subscribers_grow(
    db: Database, catalogue: Catalogue
):
    """Python's own allocations (tracemalloc: counted, not timed) during a fan-out to 200 and
    then to 2 200 subscribers: streamed, the peak does not grow with them; the same fan-out in
    one batch (what it used to do) grows by kilobytes a subscriber, so the check can fail."""
    streamed = AlertService(db, catalogue, fan_out_batch=100)
    whole = AlertService(db, catalogue, fan_out_batch=1_000_000)
    await streamed.ensure_baseline()
    prices = await streamed.current_prices()

    async def peak(service: AlertService, price: str) -> int:
        tracemalloc.start()
        try:
            before = tracemalloc.get_traced_memory()[0]
            tracemalloc.reset_peak()
            await service.apply_price_list(prices_list(h100=price))
            await service.expand_all()
            return tracemalloc.get_traced_memory()[1] - before
        finally:
            tracemalloc.stop()

    def users(first: int, last: int) -> list[Seed]:
        return [Seed(u, "h100", "any", locale=("en", "es", "fr")[u % 3])
                for u in range(first, last + 1)]

    await seed(db, users(1, 200), prices)
    await streamed.apply_price_list(prices_list(h100="2.20"))  # warm: templates, SQL cache
    await streamed.expand_all()
    await whole.apply_price_list(prices_list(h100="2.30"))
    await whole.expand_all()
    small = {"streamed": await peak(streamed, "2.10"), "whole": await peak(whole, "2.20")}
    await seed(db, users(201, 2200), prices)
    big = {"streamed": await peak(streamed, "2.30"), "whole": await peak(whole, "2.10")}
    per_sub = {k: (big[k] - small[k]) / 2000 for k in big}
    print(f"\nfan-out peak growth per subscriber: streamed {per_sub['streamed']:.0f} B, "
          f"one batch {per_sub['whole']:.0f} B")
    assert per_sub["whole"] > 1000  # the measure sees a full list
    # Flat: what stays is a few hundred KB of noise (buffers, freelists), not per subscriber.
    assert big["streamed"] - small["streamed"] < (big["whole"] - small["whole"]) / 8


# ----------------------------------------------------------------------------- the sender


class ScriptedSend:
    """A send function that fails as scripted per chat, then succeeds."""

    def __init__(self, script: dict[int, list[Exception]]) -> None:
        self.script = script
        self.sent: list[tuple[float, int, str]] = []

    async def __call__(self, chat_id: int, text: str) -> None:
        queue = self.script.get(chat_id)
        if queue:
            raise queue.pop(0)
        self.sent.append((time.monotonic(), chat_id, text))


FAST = SenderConfig(rate=1000, per_chat_rate=1000, backoff_base=0.01, idle_poll=0.05,
                    max_attempts=4)
BULK = dataclasses.replace(FAST, in_flight=4, record_every=50)


@pytest.mark.parametrize("config", [FAST, BULK], ids=["strict", "bulk"])
async def test_sender_retries_honours_429_and_stops_blocked_users(
    db: Database, service: AlertService, config: SenderConfig
):
    await seed(db, [Seed(u, "h100", "any") for u in range(1, 7)]
               + [Seed(3, "b200", "any")], await service.current_prices())
    await service.apply_price_list(prices_list(h100="2.10"))
    send = ScriptedSend({
        1: [RetryLater(0.3)],
        2: [Transient("502"), Transient("timed out")],
        3: [Blocked("403")],
        4: [Rejected("can't parse entities")],
        5: [Transient("502")] * 10,
    })
    sender = OutboxSender(db, send, config)
    started = time.monotonic()
    stats = await sender.drain(timeout=20)

    assert sorted(chat for _, chat, _ in send.sent) == [1, 2, 6]
    first = next(t for t, chat, _ in send.sent if chat == 1)
    assert first - started >= 0.3  # waited for retry_after
    assert (stats.sent, stats.rate_limited, stats.blocked) == (3, 1, 1)
    assert stats.dead == 2  # 4 rejected, 5 gave up after max_attempts
    rows = {r.chat_id: r for r in await deliveries(db)}
    assert {c: r.status for c, r in rows.items()} == {
        1: "sent", 2: "sent", 3: "dead", 4: "dead", 5: "dead", 6: "sent"
    }
    assert (rows[1].attempts, rows[2].attempts, rows[5].attempts) == (1, 3, 4)
    async with db.sessions() as session:
        user3 = await session.get(User, 3)
        subs3 = list(await session.scalars(select(Subscription).where(Subscription.user_id == 3)))
    assert user3 is not None and user3.blocked
    assert [s.active for s in subs3] == [False, False]
    # The blocked user's alerts stop: the next change writes nothing for them.
    await service.apply_price_list(prices_list(h100="2.00", b200="4.00"))
    assert 3 not in {r.chat_id for r in await deliveries(db) if r.status == "pending"}


async def test_default_pace_and_per_chat_limit_hold(
    db: Database, service: AlertService, api: TimedFakeBotAPI
):
    """A few dozen messages at the default settings, timed by the fake: ≤ 25/s overall (evenly
    spaced) and ≥ 1 s between two messages to one chat."""
    many = [Seed(u, "h100", "any") for u in range(1, 41)]
    busy = [Seed(u, "h100", "any", chat_id=-100_555) for u in range(100, 104)]  # one group
    await seed(db, many + busy, await service.current_prices())
    await service.apply_price_list(prices_list(h100="2.10"))
    async with Bot(api.token, base_url=api.base_url) as bot:
        sender = OutboxSender(db, telegram_sender(bot), SenderConfig())  # the defaults
        assert (sender.config.rate, sender.config.per_chat_rate) == (25.0, 1.0)
        await sender.drain(timeout=60)

    times = [t for t, _, _ in api.accepted]
    assert len(times) == 41  # the group's four subscriptions: one message
    gaps = [b - a for a, b in itertools.pairwise(times)]
    in_any_second = max(sum(1 for t in times if s <= t < s + 1) for s in times)
    rate = (len(times) - 1) / (times[-1] - times[0])
    print(f"pace: {rate:.1f} msg/s overall, smallest gap {min(gaps) * 1000:.0f} ms, "
          f"at most {in_any_second} in any second")
    # Sends start on a 40 ms grid; the fake's clock adds a few ms of jitter either way.
    assert in_any_second <= 27  # 25 a second, plus the window's edges and that jitter
    assert 12 <= rate <= 25.5  # near the configured pace, never above it


async def test_per_chat_limit_spaces_messages_to_one_chat(db: Database, api: TimedFakeBotAPI):
    """Several deliveries waiting for one chat go out one second apart, the others in between."""
    now = dt.datetime.now(dt.UTC)
    rows = [{"kind": "admin", "chat_id": 77 if i < 4 else 1000 + i, "user_id": None,
             "locale": "en", "text": f"message {i}", "status": "pending", "attempts": 0,
             "next_attempt_at": now, "created_at": now} for i in range(12)]
    async with db.transaction() as session:
        await Outbox(session).add_many(rows)
    async with Bot(api.token, base_url=api.base_url) as bot:
        await OutboxSender(db, telegram_sender(bot), SenderConfig()).drain(timeout=30)
    to_77 = [t for t, chat, _ in api.accepted if chat == 77]
    assert len(to_77) == 4 and len(api.accepted) == 12
    assert min(b - a for a, b in itertools.pairwise(to_77)) >= 0.95  # 1 s, less jitter
    others = [t for t, chat, _ in api.accepted if chat != 77]
    assert others[-1] < to_77[-1]  # the other chats did not wait behind chat 77


# ----------------------------------------------------------------------------- 10 000


def ten_thousand() -> tuple[list[Seed], dict[int, list[Reason]], dict[int, str]]:
    """Subscribers across en/es/fr and kinds; returns who must be told, why, in which locale."""
    seeds: list[Seed] = []
    expected: dict[int, list[Reason]] = {}
    locales: dict[int, str] = {}
    langs = ("en", "es", "fr")
    codes = {"en": "en-GB", "es": "es-419", "fr": "fr-CA"}
    for user in range(1, 10_001):
        lang = langs[user % 3]
        chosen = {"locale": lang} if user % 2 else {"language_code": codes[lang]}
        locales[user] = lang
        kind = user % 10
        if kind < 3:
            seeds.append(Seed(user, "h100", "any", **chosen))
            expected[user] = [Reason("any")]
        elif kind < 5:
            seeds.append(Seed(user, "h100", "below", D("2.20"), **chosen))
            expected[user] = [Reason("below", D("2.20"))]
            if user % 20 == 3:  # a second matching subscription: still one message
                seeds.append(Seed(user, "h100", "any", **chosen))
                expected[user].insert(0, Reason("any"))
        elif kind == 5:
            seeds.append(Seed(user, "h100", "percent", D(5), **chosen))
            expected[user] = [Reason("percent", D(5), since=D("2.32"),
                                     moved_percent=(D("2.10") - D("2.32")) / D("2.32") * 100)]
        elif kind == 6:
            seeds.append(Seed(user, "h100", "above", D(3), **chosen))  # not crossed
        elif kind == 7:
            seeds.append(Seed(user, "h100", "percent", D(10), **chosen))  # moved only 9.5 %
        elif kind == 8:
            seeds.append(Seed(user, "h100", "below", D(2), **chosen))  # 2.10 is not below 2
        else:
            seeds.append(Seed(user, "h200", "any", **chosen))  # another GPU
        if user % 100 == 0:
            seeds.append(Seed(user, "h200", "any", **chosen))  # unchanged GPU
    return seeds, expected, locales


@pytest.mark.slow
async def test_ten_thousand_subscribers_get_exactly_one_correct_message(
    db_url: str, db: Database, service: AlertService, api: TimedFakeBotAPI,
    catalogue: Catalogue,
):
    # The sender runs in its own process (the fake and the fan-out use this one's core), at a
    # fast pace: 4 sends in flight, outcomes committed 50 at a time (the crash test keeps the
    # strict defaults).
    worker = await Worker(
        db_url, api, "--rate", "5000", "--per-chat", "1000", "--in-flight", "4",
        "--record-every", "50",
    ).start()
    try:
        seeds, expected, locales = ten_thousand()
        await seed(db, seeds, await service.current_prices())
        rng = random.Random(6)
        blocked = set(rng.sample(sorted(expected), 60)) | {7}  # 7 has no matching alert
        for chat in blocked:
            api.block_chat(chat)
        api.fail_next("sendMessage", 429, retry_after=1)
        api.fail_next("sendMessage", 502, times=3)
        await asyncio.wait_for(worker.leader.wait(), 30)
        started = time.monotonic()
        result = await service.apply_price_list(prices_list(h100="2.10"))
        enqueued = time.monotonic() - started
        want = len(expected)
        assert result.preparing and result.deliveries < want  # the worker writes the rest

        await api.wait_for_messages(3_000, timeout=60)
        api.fail_next("sendMessage", 429, retry_after=1)  # more trouble halfway through
        api.fail_next("sendMessage", 500, times=2)
        await api.wait_for_messages(want - len(blocked & set(expected)), timeout=120)

        async def settled() -> bool:
            counts = await outbox_counts(db)
            return not counts.get("pending") and not counts.get("failed")

        deadline = time.monotonic() + 60
        while not await settled():
            assert time.monotonic() < deadline, await outbox_counts(db)
            await asyncio.sleep(0.1)
        elapsed = time.monotonic() - started
        print(f"\nenqueue {enqueued:.2f} s, delivered {elapsed:.1f} s")
    finally:
        await worker.stop()

    got = per_chat(api.accepted)
    told = set(expected) - blocked
    assert set(got) == told  # nobody unexpected, nobody blocked, nobody missing
    renderer = AlertRenderer(catalogue)
    move = PriceMove("h100", D("2.32"), D("2.10"))
    wrong = [u for u in told
             if got[u] != [renderer.price_change(locales[u], move, expected[u])]]
    assert wrong == [], (len(got[wrong[0]]), got[wrong[0]], expected[wrong[0]], locales[wrong[0]])  # exactly one message each, the right one in the right language
    samples = {locales[u]: got[u][0] for u in sorted(told)[:3]}
    assert "$2.10" in samples["en"] and "2,10\u00a0US$" in samples["es"]
    assert "2,10\u00a0$US" in samples["fr"]
    assert await outbox_counts(db) == {
        "sent": len(told), "dead": len(blocked & set(expected))
    }
    async with db.sessions() as session:
        now_blocked = set(await session.scalars(select(User.user_id).where(User.blocked)))
    assert now_blocked == blocked & set(expected)
    rate = len(told) / elapsed
    print(f"\n10k fan-out ({'postgres' if db.is_postgres else 'sqlite'}): enqueued {want} in "
          f"{enqueued:.2f} s, all delivered in {elapsed:.1f} s ({rate:.0f} msg/s, "
          f"{os.cpu_count()} cores) despite 429s, 5xx and {len(blocked)} blocked chats; "
          f"worker {worker.lines[-1] if worker.lines else ''}")
