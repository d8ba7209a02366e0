"""Storage: migrations, exact money, UTC datetimes, preferences and the outbox's claims."""

from __future__ import annotations

import asyncio
import datetime as dt
from decimal import Decimal

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import select, text

from bot.storage.engine import Database
from bot.storage.migrate import migrate
from bot.storage.models import Base, Delivery, PriceChange, Subscription
from bot.storage.prefs import SqlPreferences
from bot.storage.repos import Outbox, Prices, Subscriptions, Users
from bot.storage.types import from_micros, to_micros
from tests.support.alerts_helpers import Seed, seed

UTC = dt.UTC
T0 = dt.datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


async def test_migrations_match_the_models(db: Database):
    """The initial revision creates exactly what the models describe (no drift)."""

    def diff(connection):
        return compare_metadata(MigrationContext.configure(connection), Base.metadata)

    async with db.engine.connect() as conn:
        assert await conn.run_sync(diff) == []
        tables = await conn.run_sync(lambda c: set(c.dialect.get_table_names(c)))
    assert {"users", "subscriptions", "price_history", "alert_outbox"} <= tables


async def test_migrate_twice_and_concurrently_is_harmless(db_url: str):
    await asyncio.gather(migrate(db_url), migrate(db_url))
    await migrate(db_url)


async def test_sqlite_runs_in_wal_mode_with_a_busy_timeout(db: Database):
    if db.is_postgres:
        pytest.skip("SQLite only")
    async with db.engine.connect() as conn:
        assert (await conn.exec_driver_sql("PRAGMA journal_mode")).scalar() == "wal"
        assert (await conn.exec_driver_sql("PRAGMA busy_timeout")).scalar() >= 5000
        assert (await conn.exec_driver_sql("PRAGMA foreign_keys")).scalar() == 1


async def test_chosen_locales_are_the_explicit_choices_only(db: Database):
    prefs = SqlPreferences(db)
    await prefs.set_locale(1, 1, "es")
    await prefs.set_locale(2, 2, "fr")
    async with db.transaction() as session:
        await Users(session).touch(3, 3, "en-GB", T0)  # wrote to the bot, chose nothing
    assert await prefs.chosen_locales() == {1: "es", 2: "fr"}


async def test_readers_do_not_wait_for_a_writer(db: Database):
    """A user's language is read while the sender holds a write transaction: under WAL a
    read must not queue for the write lock (it would wait up to busy_timeout)."""
    await SqlPreferences(db).set_locale(1, 1, "es")
    async with db.transaction() as writer:
        await Users(writer).touch(2, 2, "fr", T0)  # the write lock is held from here
        read = SqlPreferences(db).get_locale(1)
        assert await asyncio.wait_for(read, timeout=2) == "es"


EXACT = [
    Decimal("2.32"), Decimal("0.000001"), Decimal("12345678.123456"), Decimal("0.1"),
    Decimal("0.1") + Decimal("0.2"), Decimal("5.4325"), Decimal("999999999999.999999"),
]


async def test_money_is_exact_on_both_backends(db: Database):
    async with db.transaction() as session:
        for i, value in enumerate(EXACT):
            await Prices(session).record(f"gpu{i}", value, "test", T0)
    async with db.sessions() as session:
        latest = await Prices(session).latest()
        raw = list(await session.execute(text("SELECT gpu_id, price FROM price_history")))
    assert [latest[f"gpu{i}"] for i in range(len(EXACT))] == EXACT
    assert latest["gpu4"] == Decimal("0.3")  # not 0.30000000000000004
    # Stored as integer millionths: no binary float anywhere on the way.
    assert all(isinstance(price, int) for _, price in raw)
    assert dict(raw)["gpu0"] == 2_320_000


async def test_money_with_more_than_six_decimals_is_refused(db: Database):
    with pytest.raises(Exception, match="more than 6 decimal places"):
        async with db.transaction() as session:
            await Prices(session).record("h100", Decimal("2.1234567"), "test", T0)


@given(st.decimals(min_value=Decimal("-1e12"), max_value=Decimal("1e12"), places=6,
                   allow_nan=False, allow_infinity=False))
def test_micros_round_trip(value: Decimal):
    assert from_micros(to_micros(value)) == value


async def test_datetimes_come_back_aware_in_utc(db: Database):
    india = dt.timezone(dt.timedelta(hours=5, minutes=30))
    local = dt.datetime(2026, 11, 30, 17, 30, 0, 123456, tzinfo=india)  # 12:00:00.123456 UTC
    async with db.transaction() as session:
        await Prices(session).record("h100", Decimal("2.32"), "test", local)
    async with db.sessions() as session:
        change = (await session.scalars(select(PriceChange))).one()
        # Comparisons in SQL use the same UTC instant, whatever zone the query used.
        later = await session.scalar(
            select(PriceChange.id).where(PriceChange.changed_at < local + dt.timedelta(seconds=1))
        )
        earlier = await session.scalar(
            select(PriceChange.id).where(PriceChange.changed_at < T0)
        )
    assert change.changed_at == local
    assert change.changed_at.tzinfo == UTC
    assert change.changed_at.hour == 12 and change.changed_at.microsecond == 123456
    assert later == change.id and earlier is None


async def test_naive_datetimes_are_refused(db: Database):
    with pytest.raises(Exception, match="naive datetime"):
        async with db.transaction() as session:
            await Prices(session).record("h100", Decimal(2), "test", dt.datetime(2026, 1, 1))


async def test_sql_preferences(db: Database):
    prefs = SqlPreferences(db)
    assert await prefs.get_locale(42) is None
    await prefs.set_locale(42, 42, "fr")
    assert await prefs.get_locale(42) == "fr"
    await prefs.set_locale(42, 42, "es")
    async with db.transaction() as session:
        await Users(session).touch(42, 42, "en-US")  # an update refreshes, never resets it
    assert await prefs.get_locale(42) == "es"
    async with db.sessions() as session:
        user = await Users(session).get(42)
    assert user is not None and user.language_code == "en-US" and not user.blocked
    assert user.created_at.tzinfo == UTC


def _delivery(chat_id: int, at: dt.datetime) -> dict[str, object]:
    return {"kind": "alert", "chat_id": chat_id, "user_id": chat_id, "locale": "en",
            "text": f"hello {chat_id}", "status": "pending", "attempts": 0,
            "next_attempt_at": at, "created_at": at}


async def test_claims_are_leased_and_fenced(db: Database):
    async with db.transaction() as session:
        await Outbox(session).add_many([_delivery(c, T0) for c in (1, 2, 3)])
    lease = T0 + dt.timedelta(seconds=60)
    async with db.transaction() as session:
        mine = await Outbox(session).claim("a", T0, lease, 2)
    async with db.transaction() as session:
        theirs = await Outbox(session).claim("b", T0, lease, 10)
    assert [d.chat_id for d in mine] == [1, 2]
    assert [d.chat_id for d in theirs] == [3]  # claimed ones are not handed out twice
    async with db.transaction() as session:
        assert not await Outbox(session).mark_sent(mine[0].id, "b", T0)  # not b's claim
        assert await Outbox(session).mark_sent(mine[0].id, "a", T0)
    # "a" crashed holding delivery 2: it is free again once the lease has expired.
    after = lease + dt.timedelta(seconds=1)
    async with db.transaction() as session:
        assert await Outbox(session).claim("c", T0 + dt.timedelta(seconds=30), lease, 10) == []
        again = await Outbox(session).claim("c", after, after + dt.timedelta(seconds=60), 10)
    assert {d.chat_id for d in again} == {2, 3}
    async with db.transaction() as session:
        assert await Outbox(session).release_all() == 2
        assert await Outbox(session).counts() == {"pending": 2, "sent": 1}


async def test_retry_and_dead_keep_the_attempt_count(db: Database):
    async with db.transaction() as session:
        await Outbox(session).add_many([_delivery(7, T0)])
        (claimed,) = await Outbox(session).claim("w", T0, T0 + dt.timedelta(minutes=1), 5)
        await Outbox(session).retry_at(claimed.id, "w", T0 + dt.timedelta(seconds=5), "502")
    async with db.transaction() as session:
        assert await Outbox(session).claim("w", T0, T0 + dt.timedelta(minutes=1), 5) == []
        assert await Outbox(session).next_due() == T0 + dt.timedelta(seconds=5)
        (claimed,) = await Outbox(session).claim(
            "w", T0 + dt.timedelta(seconds=5), T0 + dt.timedelta(minutes=1), 5
        )
        assert claimed.attempts == 1
        await Outbox(session).retry_at(claimed.id, "w", T0, "429", count=False)
        (claimed,) = await Outbox(session).claim("w", T0, T0 + dt.timedelta(minutes=1), 5)
        assert claimed.attempts == 1  # rate limits are not failures
        await Outbox(session).mark_dead(claimed.id, "w", "gave up")
    async with db.sessions() as session:
        row = (await session.scalars(select(Delivery))).one()
    assert (row.status, row.attempts, row.last_error) == ("dead", 2, "gave up")


async def test_blocking_a_chat_stops_its_subscriptions_and_deliveries(db: Database):
    await seed(db, [Seed(10, "h100", "any"), Seed(10, "h200", "below", Decimal(3)),
                    Seed(11, "h100", "any")], {})
    async with db.transaction() as session:
        await Outbox(session).add_many([_delivery(10, T0), _delivery(11, T0)])
    async with db.transaction() as session:
        assert await Users(session).block_chat(10) == 2
    async with db.sessions() as session:
        user = await Users(session).get(10)
        active = await Subscriptions(session).matching("h100")
        rows = list(await session.scalars(select(Delivery).order_by(Delivery.chat_id)))
        subs = list(await session.scalars(select(Subscription).order_by(Subscription.id)))
    assert user is not None and user.blocked
    assert [s.user_id for s in active] == [11]
    assert [(r.chat_id, r.status) for r in rows] == [(10, "dead"), (11, "pending")]
    assert [s.active for s in subs] == [False, False, True]
    # Writing to the bot again unblocks (their old subscriptions stay stopped).
    async with db.transaction() as session:
        await Users(session).touch(10, 10)
        assert not (await Users(session).get(10)).blocked  # type: ignore[union-attr]
