"""Applies an accepted price list, and fans each change out into the outbox in batches.

A change commits in constant time: its price history row and a fan-out cursor
(alert_fanout) in one transaction, with at most a first batch or two of deliveries (small
fan-outs are complete at once, so the admin's reply counts them). The rest is expanded by
the sender, a batch per transaction: the subscribers' states, their deliveries and the
cursor's advance commit together, so a crash anywhere resumes exactly where the last
committed batch ended and nobody is told twice or skipped. Changes are expanded in the
order they were made.

Each change is fanned out in two phases: the threshold and percent subscriptions first (a
chat that fires gets one message with every reason, its "any change" ones included), then
the "any change" ones; deliveries carry a priority so the sender also sends them first.

A newer change for a GPU replaces what older changes of it still had waiting for a chat:
the old message is retired ("superseded") and the new one tells the reader the move from
the price they last heard of, with the old reasons that still hold. Until the newer
change's fan-out is done the sender holds the older messages back, so none goes stale.

Texts are rendered when enqueued, in each subscriber's locale: the sender (which may
restart, or run in another process) only has to send stored text.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import logging
from collections.abc import Callable
from decimal import Decimal
from typing import Any, Final

from sqlalchemy.ext.asyncio import AsyncSession

from bot.alerts.feed import PriceListRejected, RawPriceList, validate
from bot.alerts.matching import SubState, evaluate
from bot.alerts.messages import AlertRenderer
from bot.alerts.model import ApplyResult, PriceMove, Reason, as_kind, still_holds
from bot.i18n import resolve_locale
from bot.storage.engine import PRICE_WRITE_LOCK, Database
from bot.storage.models import FanOut
from bot.storage.repos import FanOuts, Outbox, Prices, Subscriber, Subscriptions, Superseded, Users
from bot.storage.snapshot import catalogue_with, prices_in_force
from bot.storage.types import utcnow
from rules.catalogue import Catalogue

log = logging.getLogger(__name__)

# Subscribers read per page, and the most states or deliveries written by one statement.
FAN_OUT_BATCH: Final = 1000
DRIFT_WINDOW: Final = dt.timedelta(hours=24)
# Subscribers expanded in the change's own transaction (the admin waits for these): a small
# fan-out is complete at commit, a large one commits as fast.
INLINE_FAN_OUT: Final = 100


class AlertService:
    def __init__(
        self,
        db: Database,
        catalogue: Catalogue,
        *,
        default_locale: str = "en",
        max_jump_percent: Decimal = Decimal(50),
        admin_ids: frozenset[int] = frozenset(),
        clock: Callable[[], dt.datetime] = utcnow,
        renderer: AlertRenderer | None = None,
        fan_out_batch: int = FAN_OUT_BATCH,
        drift_window: dt.timedelta = DRIFT_WINDOW,
        require_all: bool = True,
    ) -> None:
        if fan_out_batch < 1:
            raise ValueError("fan_out_batch must be at least 1")
        self.db = db
        self.catalogue = catalogue
        self.default_locale = default_locale
        self.max_jump_percent = max_jump_percent
        self.admin_ids = admin_ids
        self.clock = clock
        self.renderer = renderer or AlertRenderer(catalogue)
        self.fan_out_batch = fan_out_batch
        self.drift_window = drift_window
        self.require_all = require_all
        # The newest catalogue this process knows, with the price history's version it
        # reflects: every path that hands out a catalogue goes through it, so a slow refresh
        # that read the database before a change can never replace the newer catalogue.
        self._published: tuple[int, Catalogue] | None = None
        # Called after deliveries were committed (the local sender wakes up at once).
        self.on_enqueued: list[Callable[[], None]] = []
        # After a committed price change, with the catalogue now in force.
        self.on_changed: list[Callable[[Catalogue], None]] = []
        self._lock = asyncio.Lock()  # one writer per process; PostgreSQL also locks across

    # -- prices ---------------------------------------------------------------------------
    def in_force(self, history: dict[str, Decimal]) -> dict[str, Decimal]:
        return prices_in_force(self.catalogue, history)

    async def current_prices(self) -> dict[str, Decimal]:
        """GPU id → price in force: the newest recorded price, else the packaged one."""
        async with self.db.sessions() as session:
            return self.in_force(await Prices(session).latest())

    async def catalogue_in_force(self) -> Catalogue:
        """The catalogue with the prices in force and their date, for the bot's answers: quotes
        follow the feed (every process reads the database, not only the leader). Never older
        than one this process already handed out (see ``_publish``).

        The bot asks every 30 s and the prices seldom move: when the history's version is
        not newer than the published catalogue's, that catalogue is the answer (``_publish``
        would keep it anyway), without reading the prices or building a catalogue again."""
        async with self.db.sessions() as session, session.begin():
            prices = Prices(session)
            version = await prices.version()
            published = self._published
            if published is not None and published[0] >= version:
                return published[1]
            in_force = self.in_force(await prices.latest())
            changed = await prices.last_changed_at()
        return self._publish(version, self._catalogue_with(in_force, changed))

    def _publish(self, version: int, catalogue: Catalogue) -> Catalogue:
        """The newer of ``catalogue`` (at ``version``) and the one already published."""
        if self._published is not None and self._published[0] >= version:
            return self._published[1]
        self._published = (version, catalogue)
        return catalogue

    def _catalogue_with(
        self, in_force: dict[str, Decimal], changed: dt.datetime | None
    ) -> Catalogue:
        return catalogue_with(self.catalogue, in_force, changed)

    async def ensure_baseline(self) -> int:
        """Records the packaged price of every GPU without a history (no alerts: nothing
        changed), so charts start somewhere. Dated at the catalogue's verification date."""
        now = self.clock()
        verified = dt.datetime.combine(self.catalogue.prices_verified, dt.time(), dt.UTC)
        at = min(verified, now)
        async with self._lock, self.db.transaction(lock=PRICE_WRITE_LOCK) as session:
            prices = Prices(session)
            known = await prices.latest()
            added = 0
            for gpu in self.catalogue.gpus:
                if gpu.usd_per_gpu_hour is not None and gpu.id not in known:
                    await prices.record(gpu.id, gpu.usd_per_gpu_hour, "packaged", at)
                    added += 1
        return added

    async def apply_price_list(self, raw: RawPriceList, *, allow_jump: bool = False) -> ApplyResult:
        """Validates ``raw`` against the prices in force and applies it, or raises
        PriceListRejected having written nothing."""
        async with self._lock:
            async with self.db.transaction(lock=PRICE_WRITE_LOCK) as session:
                now = self.clock()
                history = Prices(session)
                current = self.in_force(await history.latest())
                accepted = validate(
                    raw, self.catalogue, current, self.max_jump_percent, allow_jump=allow_jump,
                    recent=await history.ranges_since(now - self.drift_window),
                    required=self._required(current),
                )
                moves: list[PriceMove] = []
                deliveries = 0
                version = 0
                for gpu_id, price in sorted(accepted.items()):
                    old = current.get(gpu_id)
                    if old == price:
                        continue
                    move = PriceMove(gpu_id, old, price)
                    change = await history.record(gpu_id, price, raw.source, now)
                    await FanOuts(session).start(change.id, gpu_id, old, price, now)
                    moves.append(move)
                    version = change.id
                # A first batch or two in the same transaction (bounded: at most two pages
                # of subscribers), so a small fan-out is complete at commit.
                read, steps, page = 0, 0, min(self.fan_out_batch, INLINE_FAN_OUT)
                while moves and read < page and steps < 2 * len(moves) + 2:
                    step = await self._expand_oldest(session, now, page)
                    if step is None:
                        break
                    read += step[0]
                    deliveries += step[1]
                    steps += 1
                preparing = bool(moves) and await FanOuts(session).unfinished() > 0
            result = ApplyResult(tuple(moves), deliveries, preparing)
        if deliveries or result.preparing:
            self._wake()  # the local sender sends them, or expands the rest, now
        if moves:
            # The new catalogue is known here without reading it back: this process answers
            # with the new prices from the next message on.
            in_force = {**current, **{move.gpu_id: move.new for move in moves}}
            catalogue = self._publish(version, self._catalogue_with(in_force, now))
            for callback in self.on_changed:
                callback(catalogue)
        return result

    def _required(self, current: dict[str, Decimal]) -> frozenset[str]:
        """The GPUs a whole list must name: every rented GPU with a price in force."""
        if not self.require_all:
            return frozenset()
        rented = {offer.gpu for offer in self.catalogue.offers}
        return frozenset(gpu for gpu in current if gpu in rented)

    def _wake(self) -> None:
        for callback in self.on_enqueued:
            callback()

    def locale_of(self, locale: str | None, language_code: str | None) -> str:
        return resolve_locale(locale, None, language_code, self.default_locale)

    # -- fan-out ---------------------------------------------------------------------------
    async def expand_next(self) -> int | None:
        """Expands one batch of the oldest unfinished fan-out in its own transaction; returns
        the deliveries written, or None when no fan-out is waiting (the sender's hook)."""
        async with self._lock, self.db.transaction(lock=PRICE_WRITE_LOCK) as session:
            step = await self._expand_oldest(session, self.clock())
        if step is None:
            return None
        if step[1]:
            self._wake()
        return step[1]

    async def expand_all(self) -> int:
        """Every waiting fan-out to the end (tests, scripts); returns the deliveries written."""
        written = 0
        while (step := await self.expand_next()) is not None:
            written += step
        return written

    async def _expand_oldest(
        self, session: AsyncSession, now: dt.datetime, page_size: int | None = None
    ) -> tuple[int, int] | None:
        """One page of the oldest unfinished fan-out: (subscriptions read, deliveries
        written), or None when there is none."""
        fan = await FanOuts(session).oldest_unfinished()
        if fan is None:
            return None
        move = PriceMove(fan.gpu_id, fan.old_price, fan.new_price)
        subscriptions = Subscriptions(session)
        any_change = fan.phase == 2
        after = None
        if fan.after_chat is not None and fan.after_id is not None:
            after = (fan.after_chat, fan.after_id)
        limit = page_size or self.fan_out_batch
        page = await subscriptions.page(fan.gpu_id, any_change=any_change, after=after,
                                        limit=limit)
        if any_change:
            subs = page
        else:
            # A chat that fires for a threshold is told every reason at once, its "any
            # change" subscriptions included: read all of its subscriptions.
            subs = await subscriptions.of_chats(
                fan.gpu_id, sorted({sub.chat_id for sub in page})
            )
        written = await self._deliver(session, fan, move, subs, now)
        if len(page) < limit:
            fan.phase += 1
            fan.after_chat = fan.after_id = None
        else:
            fan.after_chat, fan.after_id = page[-1].chat_id, page[-1].id
        fan.updated_at = now
        if fan.phase == 3:
            # Whatever older change of this GPU still waits is for a chat that no longer
            # follows it (or was told now): never sent stale.
            await Outbox(session).supersede(fan.gpu_id, fan.price_change_id, None, now)
        await session.flush()
        return len(page), written

    async def _deliver(
        self, session: AsyncSession, fan: FanOut, move: PriceMove, subs: list[Subscriber],
        now: dt.datetime,
    ) -> int:
        """Evaluates ``subs`` (by chat) against the move, saves their states and writes one
        delivery per chat that fires, replacing what older changes still had waiting."""
        chats: dict[int, tuple[Subscriber, list[Reason]]] = {}
        states: list[dict[str, Any]] = []
        for sub in subs:
            state = SubState(as_kind(sub.kind), sub.threshold, sub.armed, sub.last_notified_price)
            reason, after = evaluate(state, move)
            if after != state:
                states.append({
                    "id": sub.id, "armed": after.armed,
                    "last_notified_price": after.last_notified, "updated_at": now,
                })
            first, reasons = chats.setdefault(sub.chat_id, (sub, []))
            if reason is not None and reason not in reasons:
                reasons.append(reason)
        await Subscriptions(session).save_states(states)
        outbox = Outbox(session)
        older: dict[int, list[Superseded]] = {}
        for old in await outbox.supersede(fan.gpu_id, fan.price_change_id, sorted(chats), now):
            older.setdefault(old.chat_id, []).append(old)
        rows = []
        for chat, (first, reasons) in chats.items():
            heard, told = move.old, reasons
            if chat in older:
                heard = older[chat][0].old_price
                kept = [r for old in older[chat] for r in _reasons(old.reasons)]
                told = _merge(kept, reasons, move.new)
            if told and heard != move.new:
                rows.append(self._delivery(
                    first, fan.price_change_id, PriceMove(move.gpu_id, heard, move.new), told,
                    now,
                ))
        return await outbox.add_new(rows)

    def _delivery(
        self, sub: Subscriber, change_id: int, move: PriceMove, reasons: list[Reason],
        now: dt.datetime,
    ) -> dict[str, Any]:
        locale = self.locale_of(sub.locale, sub.language_code)
        return {
            "kind": "alert", "subscription_id": sub.id, "price_change_id": change_id,
            "chat_id": sub.chat_id, "user_id": sub.user_id, "locale": locale,
            "text": self.renderer.price_change(locale, move, reasons),
            "status": "pending", "attempts": 0, "next_attempt_at": now, "created_at": now,
            "gpu_id": move.gpu_id, "old_price": move.old, "reasons": _dump(reasons),
            "priority": 1 if all(r.kind == "any" for r in reasons) else 0,
        }

    # -- admins ---------------------------------------------------------------------------
    async def enqueue_admin(self, render: Callable[[str], str]) -> int:
        """A message to every admin, each in their language, through the outbox."""
        if not self.admin_ids:
            return 0
        now = self.clock()
        async with self.db.transaction() as session:
            users = Users(session)
            rows = []
            for admin_id in sorted(self.admin_ids):
                user = await users.get(admin_id)
                locale = self.locale_of(
                    user.locale if user else None, user.language_code if user else None
                )
                rows.append({
                    "kind": "admin", "subscription_id": None, "price_change_id": None,
                    "chat_id": admin_id, "user_id": admin_id, "locale": locale,
                    "text": render(locale), "status": "pending", "attempts": 0,
                    "next_attempt_at": now, "created_at": now, "gpu_id": None,
                    "old_price": None, "reasons": None, "priority": 0,
                })
            await Outbox(session).add_many(rows)
        self._wake()
        return len(rows)

    async def notify_admins(self, exc: PriceListRejected) -> None:
        """The feed's notify callback: a refused price list, explained to each admin."""
        await self.enqueue_admin(
            lambda locale: self.renderer.refused(locale, exc, self.max_jump_percent)
        )


def _dump(reasons: list[Reason]) -> str:
    def text(value: Decimal | None) -> str | None:
        return None if value is None else str(value)

    return json.dumps([[r.kind, text(r.threshold), text(r.since), text(r.moved_percent)]
                       for r in reasons])


def _reasons(stored: str | None) -> list[Reason]:
    def number(value: str | None) -> Decimal | None:
        return None if value is None else Decimal(value)

    return [Reason(as_kind(kind), number(threshold), number(since), number(moved))
            for kind, threshold, since, moved in json.loads(stored or "[]")]


def _merge(kept: list[Reason], new: list[Reason], price: Decimal) -> list[Reason]:
    """The reasons of replaced messages that still hold at ``price``, then the new ones,
    each once."""
    merged: list[Reason] = []
    for reason in [*(still_holds(r, price) for r in kept), *new]:
        if reason is not None and not any(
            (m.kind, m.threshold) == (reason.kind, reason.threshold) for m in merged
        ):
            merged.append(reason)
    return merged
