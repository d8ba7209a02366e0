"""Applies an accepted price list: price history and outbox deliveries in ONE transaction.

Texts are rendered when enqueued, in each subscriber's locale: the message a subscriber gets
is fixed with the change that caused it, and the sender (which may restart, or run in another
process) only has to send stored text.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal
from typing import Any

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
    ) -> None:
        self.db = db
        self.catalogue = catalogue
        self.default_locale = default_locale
        self.max_jump_percent = max_jump_percent
        self.admin_ids = admin_ids
        self.clock = clock
        self.renderer = renderer or AlertRenderer(catalogue)
        # Called after deliveries were committed (the local sender wakes up at once).
        self.on_enqueued: list[Callable[[], None]] = []
        self.on_changed: list[Callable[[], None]] = []  # after a committed price change
        self._lock = asyncio.Lock()  # one writer per process; PostgreSQL also locks across

    # -- prices ---------------------------------------------------------------------------
    def _in_force(self, history: dict[str, Decimal]) -> dict[str, Decimal]:
        prices = {
            g.id: g.usd_per_gpu_hour for g in self.catalogue.gpus if g.usd_per_gpu_hour is not None
        }
        prices.update(history)
        return prices

    async def current_prices(self) -> dict[str, Decimal]:
        """GPU id → price in force: the newest recorded price, else the packaged one."""
        async with self.db.sessions() as session:
            return self._in_force(await Prices(session).latest())

    async def catalogue_in_force(self) -> Catalogue:
        """The catalogue with the prices in force and their date, for the bot's answers: quotes
        follow the feed (every process reads the database, not only the leader)."""
        async with self.db.sessions() as session:
            prices = Prices(session)
            in_force = self._in_force(await prices.latest())
            changed = await prices.last_changed_at()
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
                current = self._in_force(await Prices(session).latest())
                accepted = validate(
                    raw, self.catalogue, current, self.max_jump_percent, allow_jump=allow_jump
                )
                now = self.clock()
                moves: list[PriceMove] = []
                deliveries = 0
                for gpu_id, price in sorted(accepted.items()):
                    old = current.get(gpu_id)
                    if old == price:
                        continue
                    move = PriceMove(gpu_id, old, price)
                    change = await Prices(session).record(gpu_id, price, raw.source, now)
                    deliveries += await self._fan_out(session, change.id, move, now)
                    moves.append(move)
            result = ApplyResult(tuple(moves), deliveries)
        if deliveries:
            self._wake()
        if moves:
            for callback in self.on_changed:
                callback()
        return result

    def _wake(self) -> None:
        for callback in self.on_enqueued:
            callback()

    def locale_of(self, locale: str | None, language_code: str | None) -> str:
        return resolve_locale(locale, None, language_code, self.default_locale)

    async def _fan_out(
        self, session: AsyncSession, change_id: int, move: PriceMove, now: dt.datetime
    ) -> int:
        """Updates the matching subscriptions' state and writes one delivery per chat."""
        subscriptions = Subscriptions(session)
        firing: dict[int, tuple[Subscriber, list[Reason]]] = {}
        states: list[dict[str, Any]] = []
        for sub in await subscriptions.matching(move.gpu_id):
            state = SubState(as_kind(sub.kind), sub.threshold, sub.armed, sub.last_notified_price)
            reason, after = evaluate(state, move)
            if after != state:
                states.append({
                    "id": sub.id, "armed": after.armed,
                    "last_notified_price": after.last_notified, "updated_at": now,
                })
            if reason is not None:
                _, reasons = firing.setdefault(sub.chat_id, (sub, []))
                if reason not in reasons:
                    reasons.append(reason)
        await subscriptions.save_states(states)
        rows = [
            self._delivery(
                sub, change_id, now,
                self.renderer.price_change(
                    self.locale_of(sub.locale, sub.language_code), move, reasons
                ),
            )
            for sub, reasons in firing.values()
        ]
        await Outbox(session).add_many(rows)
        return len(rows)

    def _delivery(
        self, sub: Subscriber, change_id: int, now: dt.datetime, text: str
    ) -> dict[str, Any]:
        return {
            "kind": "alert", "subscription_id": sub.id, "price_change_id": change_id,
            "chat_id": sub.chat_id, "user_id": sub.user_id,
            "locale": self.locale_of(sub.locale, sub.language_code), "text": text,
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
