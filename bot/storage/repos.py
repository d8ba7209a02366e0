"""Small async repositories over one session each; the caller owns the transaction."""

from __future__ import annotations

import datetime as dt
from collections.abc import AsyncIterator, Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    BigInteger,
    ColumnElement,
    Table,
    and_,
    false,
    func,
    insert,
    literal,
    not_,
    or_,
    select,
    true,
    tuple_,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage.models import Delivery, FanOut, PriceChange, Subscription, User
from bot.storage.types import IdType, utcnow


def _insert(session: AsyncSession, table: Any) -> Any:
    """INSERT with ON CONFLICT for the session's backend."""
    name = session.get_bind().dialect.name
    return (postgresql.insert if name == "postgresql" else sqlite.insert)(table)


class Users:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def get(self, user_id: int) -> User | None:
        return await self.session.get(User, user_id)

    async def touch(
        self, user_id: int, chat_id: int, language_code: str | None = None,
        now: dt.datetime | None = None,
    ) -> None:
        """Creates or refreshes a user. Someone who writes to the bot has unblocked it."""
        now = now or utcnow()
        code = language_code[:35] if language_code else None
        changes: dict[str, Any] = {"chat_id": chat_id, "blocked": False, "updated_at": now}
        if code is not None:
            changes["language_code"] = code
        stmt = _insert(self.session, User).values(
            user_id=user_id, chat_id=chat_id, locale=None, language_code=code, blocked=False,
            created_at=now, updated_at=now,
        )
        await self.session.execute(
            stmt.on_conflict_do_update(index_elements=[User.user_id], set_=changes)
        )

    async def chosen_locales(self) -> dict[int, str]:
        """Every explicit /language choice: user id → locale."""
        rows = await self.session.execute(
            select(User.user_id, User.locale).where(User.locale.is_not(None))
        )
        return {user_id: locale for user_id, locale in rows if locale is not None}

    async def set_locale(self, user_id: int, chat_id: int, locale: str | None) -> None:
        now = utcnow()
        stmt = _insert(self.session, User).values(
            user_id=user_id, chat_id=chat_id, locale=locale, blocked=False,
            created_at=now, updated_at=now,
        )
        await self.session.execute(
            stmt.on_conflict_do_update(
                index_elements=[User.user_id], set_={"locale": locale, "updated_at": now}
            )
        )

    async def block_chat(self, chat_id: int, now: dt.datetime | None = None) -> int:
        """Telegram said 403 for this chat: its users are blocked, its subscriptions stop, and
        whatever else was waiting for it will never go. Returns the subscriptions stopped."""
        now = now or utcnow()
        await self.session.execute(
            update(User).where(User.chat_id == chat_id).values(blocked=True, updated_at=now)
        )
        result = await self.session.execute(
            update(Subscription)
            .where(Subscription.chat_id == chat_id, Subscription.active.is_(True))
            .values(active=False, updated_at=now)
        )
        await self.session.execute(
            update(Delivery)
            .where(Delivery.chat_id == chat_id, Delivery.status.in_(("pending", "failed")))
            .values(status="dead", last_error="blocked", claimed_by=None, lease_until=None)
        )
        return int(getattr(result, "rowcount", 0) or 0)


@dataclass(frozen=True)
class Subscriber:
    """An active subscription with what is needed to write to its subscriber."""

    id: int
    user_id: int
    chat_id: int
    kind: str
    threshold: Decimal | None
    armed: bool
    last_notified_price: Decimal | None
    locale: str | None
    language_code: str | None


class Subscriptions:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def add(self, sub: Subscription) -> Subscription:
        self.session.add(sub)
        await self.session.flush()
        return sub

    async def list_active(self, user_id: int, chat_id: int | None = None) -> list[Subscription]:
        where: list[ColumnElement[bool]] = [
            Subscription.user_id == user_id, Subscription.active.is_(True)
        ]
        if chat_id is not None:
            where.append(Subscription.chat_id == chat_id)
        found = await self.session.scalars(
            select(Subscription).where(*where).order_by(Subscription.id)
        )
        return list(found)

    async def deactivate(
        self, user_id: int, *, ids: Iterable[int] | None = None, gpu_id: str | None = None,
        chat_id: int | None = None,
    ) -> int:
        """Stops a user's subscriptions (all of them, some ids, or those for one GPU)."""
        where: list[ColumnElement[bool]] = [
            Subscription.user_id == user_id, Subscription.active.is_(True)
        ]
        if ids is not None:
            where.append(Subscription.id.in_(list(ids)))
        if gpu_id is not None:
            where.append(Subscription.gpu_id == gpu_id)
        if chat_id is not None:
            where.append(Subscription.chat_id == chat_id)
        result = await self.session.execute(
            update(Subscription).where(*where).values(active=False, updated_at=utcnow())
        )
        return int(getattr(result, "rowcount", 0) or 0)

    async def matching(self, gpu_id: str) -> list[Subscriber]:
        """Every subscriber of :meth:`iter_matching` at once (small sets, tests)."""
        return [sub async for page in self.iter_matching(gpu_id) for sub in page]

    async def iter_matching(
        self, gpu_id: str, page_size: int = 1000
    ) -> AsyncIterator[list[Subscriber]]:
        """Active subscriptions for a GPU whose user has not blocked the bot, by chat then id,
        ``page_size`` at a time. Plain rows, not ORM objects, and never more than a page in
        memory: a fan-out reads a hundred thousand of them.

        Keyset pagination on (chat_id, id), one range read of the (gpu_id, active, chat_id,
        id) index per page (no OFFSET, no server-side cursor: both backends, any isolation).
        A chat's subscriptions are adjacent, so one message per chat is decided holding one
        chat's rows, whatever the page boundaries.
        """
        if page_size < 1:
            raise ValueError("page_size must be at least 1")
        s = Subscription
        query = (
            select(
                s.id, s.user_id, s.chat_id, s.kind, s.threshold, s.armed, s.last_notified_price,
                User.locale, User.language_code,
            )
            .join(User, User.user_id == s.user_id)
            # "= true", not "IS true": PostgreSQL can only use an index for the former.
            .where(s.gpu_id == gpu_id, s.active == true(), User.blocked == false())
            .order_by(s.chat_id, s.id)
            .limit(page_size)
        )
        page = query
        while True:
            found = [Subscriber(*row) for row in await self.session.execute(page)]
            if found:
                yield found
            if len(found) < page_size:
                return
            # Typed: a group's chat id does not fit the INTEGER a bare int would bind as.
            after = tuple_(literal(found[-1].chat_id, BigInteger()), literal(found[-1].id, IdType))
            page = query.where(tuple_(s.chat_id, s.id) > after)

    def _subscribers(self, gpu_id: str) -> Any:
        s = Subscription
        return (
            select(
                s.id, s.user_id, s.chat_id, s.kind, s.threshold, s.armed, s.last_notified_price,
                User.locale, User.language_code,
            )
            .join(User, User.user_id == s.user_id)
            .where(s.gpu_id == gpu_id, s.active == true(), User.blocked == false())
            .order_by(s.chat_id, s.id)
        )

    async def page(
        self, gpu_id: str, *, any_change: bool, after: tuple[int, int] | None, limit: int
    ) -> list[Subscriber]:
        """One keyset page of a fan-out phase: the "any change" subscriptions, or all the
        others, after (chat_id, id) ``after``."""
        s = Subscription
        query = self._subscribers(gpu_id).where(
            s.kind == "any" if any_change else s.kind != "any"
        ).limit(limit)
        if after is not None:
            bound = tuple_(literal(after[0], BigInteger()), literal(after[1], IdType))
            query = query.where(tuple_(s.chat_id, s.id) > bound)
        rows: Any = await self.session.execute(query)
        return [Subscriber(*row) for row in rows]

    async def of_chats(self, gpu_id: str, chats: Sequence[int]) -> list[Subscriber]:
        """Every active subscription of these chats for a GPU, by chat then id."""
        if not chats:
            return []
        query = self._subscribers(gpu_id).where(Subscription.chat_id.in_(list(chats)))
        rows: Any = await self.session.execute(query)
        return [Subscriber(*row) for row in rows]

    async def save_states(self, states: Sequence[dict[str, Any]]) -> None:
        """Bulk update by primary key: ``{"id", "armed", "last_notified_price", "updated_at"}``."""
        if states:
            await self.session.execute(update(Subscription), list(states))


class Prices:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def latest(self) -> dict[str, Decimal]:
        """The price in force for every GPU that has a history (the newest row wins)."""
        newest = (
            select(func.max(PriceChange.id).label("id")).group_by(PriceChange.gpu_id).subquery()
        )
        rows = await self.session.execute(
            select(PriceChange.gpu_id, PriceChange.price).join(newest, newest.c.id == PriceChange.id)
        )
        return {gpu: price for gpu, price in rows}

    async def version(self) -> int:
        """The newest change's id: grows with every recorded price (0 when there is none)."""
        return int(await self.session.scalar(select(func.max(PriceChange.id))) or 0)

    async def ranges_since(self, since: dt.datetime) -> dict[str, tuple[Decimal, Decimal]]:
        """GPU id → (lowest, highest) price in force at some time since ``since`` (the drift
        window): those recorded since, and the one already in force when it began."""
        rows = await self.session.execute(
            select(PriceChange.gpu_id, func.min(PriceChange.price), func.max(PriceChange.price))
            .where(PriceChange.changed_at >= since).group_by(PriceChange.gpu_id)
        )
        found = {gpu: (low, high) for gpu, low, high in rows}
        before = (
            select(func.max(PriceChange.id).label("id")).where(PriceChange.changed_at < since)
            .group_by(PriceChange.gpu_id).subquery()
        )
        for gpu, price in await self.session.execute(
            select(PriceChange.gpu_id, PriceChange.price).join(before, before.c.id == PriceChange.id)
        ):
            low, high = found.get(gpu, (price, price))
            found[gpu] = (min(low, price), max(high, price))
        return found

    async def last_changed_at(self) -> dt.datetime | None:
        """When the newest price was recorded (the packaged baseline is dated at its check)."""
        found: dt.datetime | None = await self.session.scalar(select(func.max(PriceChange.changed_at)))
        return found

    async def record(
        self, gpu_id: str, price: Decimal, source: str, at: dt.datetime
    ) -> PriceChange:
        change = PriceChange(gpu_id=gpu_id, price=price, source=source[:200], changed_at=at)
        self.session.add(change)
        await self.session.flush()
        return change

    async def history(self, gpu_id: str, limit: int = 500) -> list[PriceChange]:
        """The newest ``limit`` changes of a GPU, oldest first."""
        found = await self.session.scalars(
            select(PriceChange).where(PriceChange.gpu_id == gpu_id)
            .order_by(PriceChange.id.desc()).limit(limit)
        )
        return list(reversed(list(found)))


class FanOuts:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def start(
        self, change_id: int, gpu_id: str, old: Decimal | None, new: Decimal, now: dt.datetime
    ) -> None:
        self.session.add(FanOut(
            price_change_id=change_id, gpu_id=gpu_id, old_price=old, new_price=new, phase=1,
            created_at=now, updated_at=now,
        ))
        await self.session.flush()

    async def oldest_unfinished(self) -> FanOut | None:
        """The fan-out to expand next: changes are expanded in the order they were made."""
        found: FanOut | None = await self.session.scalar(
            select(FanOut).where(FanOut.phase < 3).order_by(FanOut.id).limit(1)
        )
        return found

    async def unfinished(self) -> int:
        return int(await self.session.scalar(
            select(func.count()).select_from(FanOut).where(FanOut.phase < 3)
        ) or 0)


@dataclass(frozen=True)
class Superseded:
    chat_id: int
    price_change_id: int
    old_price: Decimal | None
    reasons: str | None


@dataclass(frozen=True)
class Claimed:
    id: int
    chat_id: int
    text: str
    attempts: int


# Core (not ORM) updates for the sender's hot path: no ORM bookkeeping per statement.
_OUTBOX: Table = Delivery.__table__  # type: ignore[assignment]


def _free(now: dt.datetime) -> ColumnElement[bool]:
    return or_(Delivery.lease_until.is_(None), Delivery.lease_until < now)


def _due(now: dt.datetime) -> ColumnElement[bool]:
    return and_(
        Delivery.status.in_(("pending", "failed")),
        Delivery.next_attempt_at <= now,
        _free(now),
    )


_EARLIER = Delivery.__table__.alias("earlier")


def _in_turn() -> ColumnElement[bool]:
    """A delivery may go: no earlier one to its chat is waiting (per-chat order), and no newer
    change of its GPU is still being fanned out (it may replace this one)."""
    earlier = (
        select(literal(1)).select_from(_EARLIER)
        .where(_EARLIER.c.chat_id == Delivery.chat_id,
               _EARLIER.c.status.in_(("pending", "failed")), _EARLIER.c.id < Delivery.id)
    )
    newer = (
        select(literal(1)).select_from(FanOut)
        .where(FanOut.gpu_id == Delivery.gpu_id, FanOut.phase < 3,
               FanOut.price_change_id > Delivery.price_change_id)
    )
    return and_(not_(earlier.exists()), not_(newer.exists()))


class Outbox:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def add_many(self, rows: Sequence[dict[str, Any]]) -> None:
        """One Core executemany INSERT (no ORM objects, no RETURNING); every row has the same
        keys."""
        if rows:
            await self.session.execute(insert(_OUTBOX), list(rows))

    async def add_new(self, rows: Sequence[dict[str, Any]]) -> int:
        """Like add_many, skipping a chat that already has its message for that change (a
        fan-out phase may meet a chat twice). Returns the rows written."""
        if not rows:
            return 0
        stmt = _insert(self.session, _OUTBOX).on_conflict_do_nothing(
            index_elements=["price_change_id", "chat_id"]
        ).returning(_OUTBOX.c.id)  # rowcount of an executemany is -1 on asyncpg
        result = await self.session.execute(stmt, list(rows))
        return len(result.all())

    async def supersede(
        self, gpu_id: str, change_id: int, chats: Sequence[int] | None, now: dt.datetime
    ) -> list[Superseded]:
        """Retires the alerts about older changes of a GPU still waiting for these chats (not
        those a sender holds: they are in flight), returning what they said, oldest first.
        ``chats`` None: every chat (the fan-out has finished)."""
        if chats is not None and not chats:
            return []
        where = [
            Delivery.kind == "alert", Delivery.gpu_id == gpu_id,
            Delivery.status.in_(("pending", "failed")), Delivery.price_change_id < change_id,
            _free(now),
        ]
        if chats is not None:
            where.append(Delivery.chat_id.in_(list(chats)))
        rows: Any = await self.session.execute(
            update(_OUTBOX).where(*where)
            .values(status="dead", last_error="superseded", claimed_by=None, lease_until=None)
            .returning(_OUTBOX.c.chat_id, _OUTBOX.c.price_change_id, _OUTBOX.c.old_price,
                       _OUTBOX.c.reasons)
        )
        found = [Superseded(c, p, o, r) for c, p, o, r in rows]
        return sorted(found, key=lambda s: (s.chat_id, s.price_change_id))

    async def claim(
        self, worker: str, now: dt.datetime, lease_until: dt.datetime, limit: int
    ) -> list[Claimed]:
        """Takes up to ``limit`` due deliveries for ``worker`` until ``lease_until``: the
        highest priority first, each chat's in order, none a running fan-out may replace."""
        # Two statements on purpose: PostgreSQL may evaluate "IN (SELECT … LIMIT n)" inside an
        # UPDATE more than once and take more than n rows; a fixed id list cannot.
        # One query per status: "status = x ORDER BY priority, next_attempt_at, id" walks
        # the index in order and stops after ``limit`` rows, where "status IN (…)" would
        # sort every waiting delivery (a hundred thousand after a large fan-out).
        found: list[tuple[int, dt.datetime, int]] = []
        for status in ("failed", "pending"):
            rows: Any = await self.session.execute(
                select(Delivery.priority, Delivery.next_attempt_at, Delivery.id)
                .where(Delivery.status == status, Delivery.next_attempt_at <= now, _free(now),
                       _in_turn())
                .order_by(Delivery.priority, Delivery.next_attempt_at, Delivery.id)
                .limit(limit)
                .with_for_update(skip_locked=True)  # PostgreSQL; SQLite's writer lock suffices
            )
            found.extend((p, t, i) for p, t, i in rows)
        ids = [i for _, _, i in sorted(found)[:limit]]
        if not ids:
            return []
        rows = await self.session.execute(
            update(Delivery)
            .where(Delivery.id.in_(ids), _due(now))
            .values(claimed_by=worker, lease_until=lease_until)
            .returning(Delivery.id, Delivery.chat_id, Delivery.text, Delivery.attempts)
            .execution_options(synchronize_session=False)
        )
        claimed = [Claimed(i, c, t, a) for i, c, t, a in rows]
        order = {delivery_id: position for position, delivery_id in enumerate(ids)}
        return sorted(claimed, key=lambda d: order[d.id])  # by priority, as selected

    async def _finish(self, delivery_id: int, worker: str, **values: Any) -> bool:
        result = await self.session.execute(
            update(_OUTBOX)
            .where(Delivery.id == delivery_id, Delivery.claimed_by == worker)
            .values(claimed_by=None, lease_until=None, **values)
        )
        return bool(getattr(result, "rowcount", 0))

    async def mark_sent(self, delivery_id: int, worker: str, now: dt.datetime) -> bool:
        return await self.mark_sent_many([delivery_id], worker, now) == 1

    async def mark_sent_many(self, ids: Sequence[int], worker: str, now: dt.datetime) -> int:
        """Sent, for the deliveries still claimed by ``worker``; returns how many."""
        result = await self.session.execute(
            update(_OUTBOX)
            .where(Delivery.id.in_(list(ids)), Delivery.claimed_by == worker)
            .values(status="sent", sent_at=now, attempts=Delivery.attempts + 1,
                    last_error=None, claimed_by=None, lease_until=None)
        )
        return int(getattr(result, "rowcount", 0) or 0)

    async def retry_at(
        self, delivery_id: int, worker: str, at: dt.datetime, error: str, *, count: bool = True
    ) -> bool:
        """Back in the queue at ``at``; ``count`` is False for rate limits (not failures)."""
        values: dict[str, Any] = {"status": "failed", "next_attempt_at": at, "last_error": error[:200]}
        if count:
            values["attempts"] = Delivery.attempts + 1
        return await self._finish(delivery_id, worker, **values)

    async def mark_dead(self, delivery_id: int, worker: str, error: str) -> bool:
        return await self._finish(
            delivery_id, worker, status="dead", attempts=Delivery.attempts + 1,
            last_error=error[:200],
        )

    async def release(self, ids: Iterable[int], worker: str) -> None:
        """Gives back claims that were not attempted."""
        wanted = list(ids)
        if wanted:
            await self.session.execute(
                update(Delivery)
                .where(Delivery.id.in_(wanted), Delivery.claimed_by == worker)
                .values(claimed_by=None, lease_until=None)
                .execution_options(synchronize_session=False)
            )

    async def release_all(self) -> int:
        """At start-up of the only sender: claims left by a dead process are free again."""
        result = await self.session.execute(
            update(Delivery)
            .where(Delivery.claimed_by.is_not(None), Delivery.status.in_(("pending", "failed")))
            .values(claimed_by=None, lease_until=None)
            .execution_options(synchronize_session=False)
        )
        return int(getattr(result, "rowcount", 0) or 0)

    async def counts(self) -> dict[str, int]:
        rows = await self.session.execute(
            select(Delivery.status, func.count()).group_by(Delivery.status)
        )
        return {status: int(n) for status, n in rows}

    async def next_work(self) -> tuple[dt.datetime | None, bool]:
        """The idle sender's one look, a single query: when the earliest waiting delivery
        becomes due (None: none waits), and whether a fan-out is waiting to be expanded."""
        due = (
            select(func.min(Delivery.next_attempt_at))
            .where(Delivery.status.in_(("pending", "failed")))
            .scalar_subquery()
        )
        fanning = select(FanOut.id).where(FanOut.phase < 3).exists()
        row = (await self.session.execute(select(due, fanning))).one()
        return row[0], bool(row[1])

    async def next_due(self) -> dt.datetime | None:
        """When the earliest waiting delivery becomes due (to sleep exactly until then)."""
        return await self.session.scalar(
            select(func.min(Delivery.next_attempt_at)).where(
                Delivery.status.in_(("pending", "failed"))
            )
        )
