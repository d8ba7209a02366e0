"""Price-change alerts: the feed, subscriptions, the fan-out into an outbox and its sender.

Never imports telegram: the Telegram adapter passes in a send function (bot.alerts.errors).
The composition root builds one AlertServices from the settings and starts it inside the
event loop (``await alerts.start(send)``); only the leader process runs the feed and sender.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
from dataclasses import dataclass, field
from decimal import Decimal

from bot.alerts.errors import SendFunction
from bot.alerts.feed import (
    FeedOutcome,
    PriceFeed,
    PriceSource,
    RawPriceList,
    source_from_setting,
)
from bot.alerts.leader import Leadership
from bot.alerts.messages import AlertRenderer
from bot.alerts.model import AlertSpec, ApplyResult
from bot.alerts.sender import OutboxSender, SenderConfig
from bot.alerts.service import AlertService
from bot.alerts.subscriptions import AlertInputError, SubscriptionManager
from bot.settings import Settings
from bot.storage.engine import Database
from bot.storage.migrate import migrate
from bot.storage.prefs import SqlPreferences
from bot.storage.repos import Prices
from bot.understand.query import Query
from rules.catalogue import Catalogue

log = logging.getLogger(__name__)
# How long a shutdown waits for the alerts' transaction under way (SQLite's writers queue for
# each other, each at most a moment).
STOP_WAIT_SECONDS = 5.0
REMOVE_ALL_WORDS = frozenset({"all", "todas", "todos", "tout", "toutes", "tous"})


@dataclass
class AlertServices:
    settings: Settings
    db: Database
    catalogue: Catalogue
    service: AlertService
    subscriptions: SubscriptionManager
    prefs: SqlPreferences
    feed: PriceFeed
    leadership: Leadership
    sender_config: SenderConfig
    sender: OutboxSender | None = None
    _task: asyncio.Task[None] | None = field(default=None, repr=False)
    _feed_loop: bool = field(default=True, repr=False)

    @classmethod
    def from_settings(
        cls,
        settings: Settings,
        *,
        catalogue: Catalogue,
        source: PriceSource | None = None,
        sender_config: SenderConfig | None = None,
        leadership: Leadership | None = None,
    ) -> AlertServices:
        """Builds everything without I/O (the database is first touched by ``start``), quoting
        ``catalogue`` (the composition root's)."""
        db = Database(settings.database_url)
        service = AlertService(
            db, catalogue, default_locale=settings.default_locale,
            max_jump_percent=Decimal(settings.price_max_jump_percent),
            admin_ids=settings.admin_ids, renderer=AlertRenderer(catalogue),
            drift_window=dt.timedelta(hours=settings.price_drift_window_hours),
            fan_out_batch=settings.alerts_fan_out_batch,
            require_all=settings.prices_require_all,
        )
        feed = PriceFeed(
            source or source_from_setting(
                settings.prices_source, catalogue, settle_seconds=settings.prices_settle_seconds
            ),
            service, service.notify_admins,
        )
        return cls(
            settings=settings, db=db, catalogue=catalogue, service=service,
            subscriptions=SubscriptionManager(service), prefs=SqlPreferences(db), feed=feed,
            leadership=leadership or Leadership(settings.database_url),
            sender_config=sender_config or SenderConfig(
                rate=settings.alerts_per_second, per_chat_rate=settings.per_chat_per_second,
                batch_size=settings.alerts_batch_size, in_flight=settings.alerts_in_flight,
                record_every=settings.alerts_record_every,
                idle_poll=settings.alerts_idle_poll_seconds,
            ),
        )

    @property
    def renderer(self) -> AlertRenderer:
        return self.service.renderer

    @property
    def is_leader(self) -> bool:
        return self.leadership.is_leader

    async def start(self, send: SendFunction, *, feed_loop: bool = True) -> None:
        """Migrates, records the baseline prices, and starts leading (or waiting to lead).

        ``feed_loop=False`` when a scheduler (PTB's job queue) calls ``poll_feed_if_leader``.
        """
        await self.prepare()
        self.sender = OutboxSender(
            self.db, send, self.sender_config, expand=self.service.expand_next
        )
        self.service.on_enqueued.append(self.sender.wake)
        self._feed_loop = feed_loop
        self._task = asyncio.create_task(self.leadership.run(self._lead), name="alerts-leader")

    async def prepare(self) -> None:
        """Migrations and the baseline prices: enough for storage without a sender (console)."""
        await migrate(self.settings.database_url)
        await self.service.ensure_baseline()

    async def list_text(self, user_id: int, locale: str) -> str:
        """The user's alerts, rendered (the Telegram handler adds remove buttons)."""
        subs = await self.subscriptions.list(user_id)
        specs = [AlertSpec(s.gpu_id, s.kind, s.threshold) for s in subs]
        return self.renderer.subscriptions(locale, specs)

    async def remove_text(self, user_id: int, locale: str, target: str) -> str:
        """Removes alerts as /unalert does: "all" (todas, tout…), a number of /alerts' list,
        or a GPU; returns what was done (or what is wrong), rendered in ``locale``."""
        word = target.strip().lower()
        gpu_id: str | None = None
        if word in REMOVE_ALL_WORDS:
            count = await self.subscriptions.unsubscribe(user_id)
        elif word.isascii() and word.isdigit():  # int() refuses "²", which isdigit() accepts
            listed = await self.subscriptions.list(user_id)
            index = int(word[-9:]) - 1 if len(word) <= 9 else -1  # no list is that long
            ids = [listed[index].id] if 0 <= index < len(listed) else []
            count = await self.subscriptions.unsubscribe(user_id, ids=ids) if ids else 0
        else:
            try:
                gpu_id = self.subscriptions.resolve_gpu(word)
            except AlertInputError as exc:
                return self.renderer.error(locale, exc.code, **exc.params)
            count = await self.subscriptions.unsubscribe(user_id, gpu_id=gpu_id)
        return self.renderer.unsubscribed(locale, count, gpu_id)

    async def _lead(self) -> None:
        assert self.sender is not None
        async with asyncio.TaskGroup() as group:
            group.create_task(self.sender.run(), name="alerts-sender")
            if self._feed_loop:
                group.create_task(self._poll_forever(), name="alerts-feed")
            else:
                group.create_task(self.poll_feed())  # a new leader looks at once

    async def _poll_forever(self) -> None:
        while True:
            await self.poll_feed()
            await asyncio.sleep(self.settings.prices_poll_minutes * 60)

    async def poll_feed(self, force: bool = False) -> FeedOutcome:
        try:
            return await self.feed.poll(force)
        except Exception:
            # A database hiccup must not stop the next poll.
            log.exception("price feed poll failed")
            return FeedOutcome("unchanged")

    async def poll_feed_if_leader(self) -> FeedOutcome | None:
        return await self.poll_feed() if self.is_leader else None

    async def set_price(
        self, gpu_id: str, price: Decimal, *, admin_id: int, force: bool = False
    ) -> ApplyResult:
        """/setprice: validated like any list (``force`` accepts a jump beyond the limit).
        Raises PriceListRejected."""
        raw = RawPriceList(f"admin:{admin_id}", {gpu_id: price})
        return await self.service.apply_price_list(raw, allow_jump=force)

    async def subscribe_text(
        self, query: Query, user_id: int, chat_id: int, locale: str,
        language_code: str | None = None,
    ) -> str:
        """For the free-text alert intent and the "Follow price" button: subscribes and
        returns the confirmation (or what is wrong with the request), rendered in ``locale``."""
        try:
            result = await self.subscriptions.subscribe_from_query(
                query, user_id, chat_id, language_code
            )
        except AlertInputError as exc:
            return self.renderer.error(locale, exc.code, **exc.params)
        return self.renderer.subscribed(
            locale, result.spec, created=result.created, current=result.current,
            armed=result.armed, replaced=query.replaces_limit if result.replaced else None,
            config=query.threshold_config,
        )

    async def history(self, gpu_id: str, limit: int = 500) -> list[tuple[dt.datetime, Decimal]]:
        """(changed_at, price) of a GPU's recorded prices, oldest first."""
        async with self.db.sessions() as session:
            changes = await Prices(session).history(gpu_id, limit)
        return [(c.changed_at, c.price) for c in changes]

    async def stop(self) -> None:
        if self._task is not None:
            # The sender and feed stop between transactions (a shutdown waits for the one
            # under way), then at once: nothing awaits between the wait and the cancel.
            if not await self.db.wait_between(STOP_WAIT_SECONDS):
                log.warning("stopping the alerts with a transaction still open after %s s",
                            STOP_WAIT_SECONDS)
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        await self.db.dispose()


__all__ = ["AlertServices", "SenderConfig"]
