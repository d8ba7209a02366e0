"""Applies an accepted price list: price history and outbox deliveries in ONE transaction.

Texts are rendered when enqueued, in each subscriber's locale: the message a subscriber gets
is fixed with the change that caused it, and the sender (which may restart, or run in another
process) only has to send stored text.

The fan-out streams: subscribers are read a page at a time and their states and deliveries
written a batch at a time, all inside that one transaction, so the process holds one batch
whatever the number of subscribers (the database holds the uncommitted rows). One transaction
rather than a chunked, resumable job: a crash anywhere rolls back history and outbox together
and the feed applies the list again at its next poll, so there is nothing to resume and no
subscriber can be told twice or skipped; readers never see a price whose alerts are half
written. The price: deliveries become visible (and sending starts) at commit, and on SQLite
the writer lock is held for the fan-out (about a second per 10 000 subscribers).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal
from typing import Any, Final

from sqlalchemy.ext.asyncio import AsyncSession

from bot.alerts.feed import PriceListRejected, RawPriceList, validate, with_prices
from bot.alerts.matching import SubState, evaluate
from bot.alerts.messages import AlertRenderer
from bot.alerts.model import ApplyResult, PriceMove, Reason, as_kind
from bot.i18n import resolve_locale
from bot.storage.engine import PRICE_WRITE_LOCK, Database
from bot.storage.repos import Outbox, Prices, Subscriber, Subscriptions, Users
from bot.storage.types import utcnow
from rules.catalogue import Catalogue

log = logging.getLogger(__name__)

# Subscribers read per page, and the most states or deliveries written by one statement.
FAN_OUT_BATCH: Final = 1000
DRIFT_WINDOW: Final = dt.timedelta(hours=24)


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
        prices = {
            g.id: g.usd_per_gpu_hour for g in self.catalogue.gpus if g.usd_per_gpu_hour is not None
        }
        prices.update(history)
        return prices

    async def current_prices(self) -> dict[str, Decimal]:
        """GPU id → price in force: the newest recorded price, else the packaged one."""
        async with self.db.sessions() as session:
            return self.in_force(await Prices(session).latest())

    async def catalogue_in_force(self) -> Catalogue:
        """The catalogue with the prices in force and their date, for the bot's answers: quotes
        follow the feed (every process reads the database, not only the leader). Never older
        than one this process already handed out (see ``_publish``)."""
        async with self.db.sessions() as session, session.begin():
            prices = Prices(session)
            version = await prices.version()
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
        updated = with_prices(self.catalogue, in_force)
        if changed is not None and changed.date() != self.catalogue.prices_verified:
            pricing = updated.pricing.model_copy(update={"verified": changed.date()})
            updated = replace(updated, pricing=pricing)
        return updated

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
                    deliveries += await self._fan_out(session, change.id, move, now)
                    moves.append(move)
                    version = change.id
            result = ApplyResult(tuple(moves), deliveries)
        if deliveries:
            self._wake()
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

    async def _fan_out(
        self, session: AsyncSession, change_id: int, move: PriceMove, now: dt.datetime
    ) -> int:
        """Updates the matching subscriptions' state and writes one delivery per chat.

        Streams (see the module's docstring): a page of subscribers in, at most a page of
        states and of deliveries out, each in one executemany statement. Subscribers come by
        chat, so a chat's message is written once its last subscription has been read.
        """
        subscriptions, outbox = Subscriptions(session), Outbox(session)
        written = 0
        chat: int | None = None  # the chat being read
        first: Subscriber | None = None  # its first subscription that fired
        reasons: list[Reason] = []  # every reason it fired for, once each
        rows: list[dict[str, Any]] = []
        async for page in subscriptions.iter_matching(move.gpu_id, self.fan_out_batch):
            states: list[dict[str, Any]] = []
            for sub in page:
                if sub.chat_id != chat:
                    if first is not None:
                        rows.append(self._delivery(first, change_id, move, reasons, now))
                    chat, first, reasons = sub.chat_id, None, []
                state = SubState(
                    as_kind(sub.kind), sub.threshold, sub.armed, sub.last_notified_price
                )
                reason, after = evaluate(state, move)
                if after != state:
                    states.append({
                        "id": sub.id, "armed": after.armed,
                        "last_notified_price": after.last_notified, "updated_at": now,
                    })
                if reason is not None:
                    if first is None:
                        first = sub
                    if reason not in reasons:
                        reasons.append(reason)
            # A page closes at most one chat per subscription read: rows ≤ page size.
            await subscriptions.save_states(states)
            await outbox.add_many(rows)
            written += len(rows)
            rows = []
        if first is not None:  # the last chat
            await outbox.add_many([self._delivery(first, change_id, move, reasons, now)])
            written += 1
        return written

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
                    "next_attempt_at": now, "created_at": now,
                })
            await Outbox(session).add_many(rows)
        self._wake()
        return len(rows)

    async def notify_admins(self, exc: PriceListRejected) -> None:
        """The feed's notify callback: a refused price list, explained to each admin."""
        await self.enqueue_admin(
            lambda locale: self.renderer.refused(locale, exc, self.max_jump_percent)
        )
