"""The fan-out cursor: a change commits with bounded work whatever the subscribers, the
sender expands the rest; threshold alerts go first; a message a newer change made stale is
replaced before it goes, never sent."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from sqlalchemy import update

from bot.alerts.feed import RawPriceList
from bot.alerts.sender import OutboxSender, SenderConfig
from bot.alerts.service import AlertService
from bot.storage.engine import Database
from bot.storage.models import Delivery
from rules.catalogue import Catalogue
from tests.support.alerts_helpers import Seed, deliveries, outbox_counts, seed
from tests.test_alerts_fanout import Statements

D = Decimal
FAST = SenderConfig(rate=10_000, per_chat_rate=10_000, backoff_base=0.01, idle_poll=0.02)


class Recorder:
    def __init__(self) -> None:
        self.sent: list[tuple[int, str]] = []

    async def __call__(self, chat_id: int, text: str) -> None:
        self.sent.append((chat_id, text))


def change(**prices: str) -> RawPriceList:
    return RawPriceList("test", prices)


async def test_a_change_commits_with_the_same_work_at_any_number_of_subscribers(
    db: Database, catalogue: Catalogue
):
    """The admin's reply waits for the change, its cursor and at most a first batch: the
    statements it runs do not grow with the subscribers (the rest is the sender's)."""
    service = AlertService(db, catalogue, fan_out_batch=50)
    await service.ensure_baseline()
    prices = await service.current_prices()

    async def statements_for(price: str) -> tuple[int, int]:
        with Statements(db) as statements:
            result = await service.apply_price_list(change(h100=price))
        assert result.preparing
        reply = service.renderer.applied("en", result.moves, result.deliveries,
                                         preparing=result.preparing)
        assert "50 alerts queued" in reply and "in the background" in reply
        await service.expand_all()
        return len(statements.seen), result.deliveries

    await seed(db, [Seed(u, "h100", "any") for u in range(1, 301)], prices)
    small = await statements_for("2.20")
    await seed(db, [Seed(u, "h100", "any") for u in range(301, 3001)], prices)
    big = await statements_for("2.10")
    assert small == big == (small[0], 50)  # one page of 50 written at commit, both times
    rows = await deliveries(db)
    assert len([r for r in rows if "$2.10" in r.text]) == 3000  # the sender wrote the rest
    assert len({(r.chat_id, r.price_change_id) for r in rows}) == len(rows)


async def test_threshold_alerts_go_before_any_change_ones(db: Database, service: AlertService):
    """A backlog of "any change" alerts is waiting when a threshold is crossed on another GPU:
    the threshold alerts are sent first, although written later."""
    prices = await service.current_prices()
    await seed(db, [Seed(u, "h100", "any") for u in range(1, 41)]
               + [Seed(u, "b200", "below", D("4.50")) for u in range(100, 105)]
               + [Seed(u, "b200", "any") for u in range(200, 205)], prices)
    await service.apply_price_list(change(h100="2.10"))
    await service.apply_price_list(change(b200="4.40"))
    await service.expand_all()
    send = Recorder()
    await OutboxSender(db, send, FAST).drain(timeout=30)
    order = [chat for chat, _ in send.sent]
    assert sorted(order) == sorted([*range(1, 41), *range(100, 105), *range(200, 205)])
    assert order[:5] == list(range(100, 105))


async def test_a_message_made_stale_by_a_newer_change_is_replaced_not_sent(
    db: Database, service: AlertService
):
    """Changes come faster than messages go: each message still waiting when a newer change
    of its GPU arrives is replaced by one from the price its reader last heard of to the
    newest, with the reasons still true; a threshold crossed and crossed back is withdrawn.
    Nobody is ever sent a price that is no longer the price."""
    prices = await service.current_prices()
    await seed(db, [
        Seed(1, "h100", "any"),
        Seed(2, "h100", "below", D("2.20")),
        Seed(3, "h100", "below", D("2.15")),
        Seed(4, "h100", "any"), Seed(4, "h100", "below", D("2.20")),
    ], prices)
    await service.apply_price_list(change(h100="2.10"))  # 1, 2, 3 and 4 to be told
    send = Recorder()
    sender = OutboxSender(db, send, FAST)
    await hold_all_but(db, 4)
    await sender.step()  # only chat 4 hears of 2.10 before the next changes
    await hold_all_but(db, None)
    await service.apply_price_list(change(h100="2.25"))  # 2 and 3 crossed back: withdrawn
    await service.apply_price_list(change(h100="2.05"))
    await sender.drain(timeout=30)

    told: dict[int, list[str]] = {}
    for chat, text in send.sent:
        told.setdefault(chat, []).append(text)
    assert {chat: len(texts) for chat, texts in told.items()} == {1: 1, 2: 1, 3: 1, 4: 2}
    assert "$2.32" in told[1][0] and "$2.05" in told[1][0]  # from what they last heard
    assert "$2.05" in told[2][0] and "$2.20" in told[2][0]
    assert "$2.05" in told[3][0] and "$2.15" in told[3][0]
    assert "$2.10" in told[4][0] and "$2.05" not in told[4][0]
    assert "$2.10" in told[4][1] and "$2.05" in told[4][1] and "$2.20" in told[4][1]
    # Never a price that was no longer the price when the message went ("$2.25 → $2.05",
    # the last move, is what 2 and 3 read: their 2.10 message was withdrawn at 2.25).
    assert not [chat for chat in (1, 2, 3) if "$2.10" in told[chat][0]]
    assert "$2.25" not in told[1][0]
    rows = await deliveries(db)
    assert sum(r.last_error == "superseded" for r in rows) == 5  # replaced, never sent
    assert (await outbox_counts(db)) == {"sent": 5, "dead": 5}


async def hold_all_but(db: Database, chat: int | None) -> None:
    """Makes every waiting message but ``chat``'s wait an hour (None: none waits)."""
    later = dt.datetime.now(dt.UTC) + dt.timedelta(hours=1)
    async with db.transaction() as session:
        if chat is None:
            await session.execute(update(Delivery).where(Delivery.status == "pending")
                                  .values(next_attempt_at=dt.datetime.now(dt.UTC)))
        else:
            await session.execute(update(Delivery).where(
                Delivery.chat_id != chat, Delivery.status == "pending"
            ).values(next_attempt_at=later))


async def test_older_messages_wait_while_a_newer_change_is_being_fanned_out(
    db: Database, catalogue: Catalogue
):
    """While a newer change of the GPU is still being expanded, the sender holds the older
    change's messages (one of them may be replaced); other messages go on."""
    service = AlertService(db, catalogue, fan_out_batch=10, admin_ids=frozenset({900_001}))
    await service.ensure_baseline()
    await seed(db, [Seed(u, "h100", "any") for u in range(1, 61)],
               await service.current_prices())
    await service.apply_price_list(change(h100="2.10"))
    await service.expand_all()
    assert (await outbox_counts(db)) == {"pending": 60}
    result = await service.apply_price_list(change(h100="2.05"))
    assert result.preparing
    await service.enqueue_admin(lambda _locale: "an admin notice")
    send = Recorder()
    sender = OutboxSender(db, send, FAST)  # no expand hook: the newer fan-out stays open
    await sender.step()
    # The admin's notice went, and the newer change's first page (written at its commit);
    # not one message about 2.10.
    assert 900_001 in [chat for chat, _ in send.sent]
    assert [text for chat, text in send.sent if chat != 900_001 and "$2.05" not in text] == []
    assert len(send.sent) == 11
    sender.expand = service.expand_next
    await sender.drain(timeout=30)
    alerts = [(chat, text) for chat, text in send.sent if chat != 900_001]
    assert sorted(chat for chat, _ in alerts) == list(range(1, 61))  # once each
    assert [t for _, t in alerts if "$2.05" not in t or "$2.10" in t] == []
