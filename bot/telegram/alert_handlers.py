"""Telegram side of price alerts: commands, the remove buttons, and the send function.

The lead wires it in runner.py: ``register_alert_handlers(app, services)`` when building the
application, ``await start_alerts(app, services)`` in post_init and ``await stop_alerts(app,
services)`` in post_shutdown.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import warnings
from decimal import Decimal, InvalidOperation
from typing import Any, Final, Protocol

import httpx
from telegram import InlineKeyboardButton, InlineKeyboardMarkup, LinkPreviewOptions, Message, Update
from telegram.constants import ParseMode
from telegram.error import (
    BadRequest,
    Forbidden,
    NetworkError,
    RetryAfter,
    TelegramError,
    TimedOut,
)
from telegram.ext import (
    Application,
    ApplicationHandlerStop,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
)
from telegram.warnings import PTBDeprecationWarning

from bot.alerts import AlertServices
from bot.alerts.chart import render_history_png
from bot.alerts.errors import (
    Blocked,
    Rejected,
    RetryLater,
    SendFunction,
    Transient,
    Unconfirmed,
)
from bot.alerts.feed import PriceListRejected
from bot.alerts.model import AlertSpec
from bot.alerts.subscriptions import AlertInputError
from bot.i18n import resolve_locale, tr
from bot.prefs import Preferences
from bot.storage.types import utcnow
from bot.telegram.callbacks import STALE, describe, parse_id
from bot.telegram.direct_send import GONE, DirectSender

log = logging.getLogger(__name__)

UNALERT: Final = "unalert"
BUTTONS_PER_ROW: Final = 5
AnyApplication = Application[Any, Any, Any, Any, Any, Any]

class HasAlerts(Protocol):
    """What the handlers need from the lead's Services dataclass."""

    @property
    def alerts(self) -> AlertServices | None: ...

    @property
    def prefs(self) -> Preferences: ...


# ----------------------------------------------------------------------------- sending


def _seconds(value: int | float | dt.timedelta) -> float:
    return value.total_seconds() if isinstance(value, dt.timedelta) else float(value)


def telegram_sender(bot: Any, *, paid_broadcast: bool = False) -> SendFunction:
    """``send(chat_id, html)`` over ``bot.send_message``, with Telegram's errors mapped onto
    bot.alerts.errors (the sender never sees a telegram exception). ``paid_broadcast``: Telegram's
    paid broadcasts (ALERTS_PAID_BROADCAST, see the README for the cost)."""

    async def send(chat_id: int, text: str) -> None:
        try:
            await bot.send_message(
                chat_id, text, parse_mode=ParseMode.HTML,
                link_preview_options=LinkPreviewOptions(is_disabled=True),
                allow_paid_broadcast=True if paid_broadcast else None,
            )
        except RetryAfter as exc:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", PTBDeprecationWarning)
                seconds = _seconds(exc.retry_after)
            raise RetryLater(seconds) from exc
        except Forbidden as exc:
            raise Blocked(exc.message) from exc
        except BadRequest as exc:  # before NetworkError: BadRequest is a subclass of it
            if any(gone in exc.message.lower() for gone in GONE):
                raise Blocked(exc.message) from exc
            raise Rejected(exc.message) from exc
        except TimedOut as exc:
            # A read or write timeout: the request reached Telegram, which may have sent the
            # message. Only a connect or pool timeout is known not to have.
            if isinstance(exc.__cause__, httpx.ConnectTimeout | httpx.PoolTimeout):
                raise Transient(exc.message) from exc
            raise Unconfirmed(exc.message) from exc
        except NetworkError as exc:  # 5xx, connection errors
            raise Transient(exc.message) from exc
        except TelegramError as exc:
            raise Transient(exc.message) from exc

    return send


# ----------------------------------------------------------------------------- handlers


class AlertHandlers:
    def __init__(self, alerts: AlertServices, prefs: Preferences) -> None:
        self.alerts = alerts
        self.prefs = prefs
        self.render = alerts.renderer
        self.default_locale = alerts.settings.default_locale
        self.admin_ids = alerts.settings.admin_ids

    async def _locale(self, update: Update) -> str:
        user = update.effective_user
        chosen = None if user is None else await self.prefs.get_locale(user.id)
        return resolve_locale(
            chosen, None, user.language_code if user else None, self.default_locale
        )

    @staticmethod
    async def _reply(
        update: Update, text: str, markup: InlineKeyboardMarkup | None = None
    ) -> Message | None:
        message = update.effective_message
        if message is None:
            return None
        return await message.reply_text(
            text, parse_mode=ParseMode.HTML, reply_markup=markup,
            link_preview_options=LinkPreviewOptions(is_disabled=True),
        )

    async def _error(self, update: Update, locale: str, exc: AlertInputError) -> None:
        await self._reply(update, self.render.error(locale, exc.code, **exc.params))

    # -- /alert, /alerts, /unalert ----------------------------------------------------------
    async def alert(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        user, chat = update.effective_user, update.effective_chat
        if user is None or chat is None:
            return
        locale = await self._locale(update)
        try:
            spec = self.alerts.subscriptions.parse(context.args or [])
            result = await self.alerts.subscriptions.subscribe(
                spec, user.id, chat.id, user.language_code
            )
        except AlertInputError as exc:
            await self._error(update, locale, exc)
            return
        await self._reply(update, self.render.subscribed(
            locale, result.spec, created=result.created, current=result.current,
            armed=result.armed,
        ))

    async def _list(self, user_id: int, locale: str) -> tuple[str, InlineKeyboardMarkup | None]:
        subs = await self.alerts.subscriptions.list(user_id)
        specs = [AlertSpec(s.gpu_id, s.kind, s.threshold) for s in subs]
        buttons = [
            InlineKeyboardButton(f"✖ {n}", callback_data=f"{UNALERT}:{s.id}")
            for n, s in enumerate(subs, start=1)
        ]
        rows = [buttons[i:i + BUTTONS_PER_ROW] for i in range(0, len(buttons), BUTTONS_PER_ROW)]
        return self.render.subscriptions(locale, specs), InlineKeyboardMarkup(rows) if rows else None

    async def list_for(self, user_id: int, locale: str) -> tuple[str, InlineKeyboardMarkup | None]:
        """/alerts' text and remove buttons, for free text ("show my alerts") too."""
        return await self._list(user_id, locale)

    async def list_alerts(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        user = update.effective_user
        if user is None:
            return
        locale = await self._locale(update)
        text, markup = await self._list(user.id, locale)
        await self._reply(update, text, markup)

    async def unalert(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """/unalert (list with buttons) · /unalert all · /unalert h100 · /unalert 2 (number)."""
        user = update.effective_user
        if user is None:
            return
        locale = await self._locale(update)
        arg = " ".join(context.args or []).strip()
        if not arg:
            await self.list_alerts(update, context)
            return
        # The same removal as free text ("stop my H100 alert") and the console's /unalert.
        await self._reply(update, await self.alerts.remove_text(user.id, locale, arg))

    async def unalert_button(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        if query is None or not query.data:
            return
        locale = await self._locale(update)
        sub_id = parse_id(query.data.split(":", 1)[1])
        if sub_id is None:
            # Beyond int64, or not ASCII digits: no alert of anyone's, and no query to run.
            log.info("unalert button refused (user %s): %s", query.from_user.id,
                     describe(query.data))
            await query.answer(tr(locale, STALE))
            raise ApplicationHandlerStop
        removed = await self.alerts.subscriptions.unsubscribe(query.from_user.id, ids=[sub_id])
        if not removed:
            # Already removed, or another user's alert (which unsubscribe never touches).
            log.info("unalert button for alert %d: not an active alert of user %s", sub_id,
                     query.from_user.id)
        await query.answer(
            tr(locale, "Alert removed.") if removed else tr(locale, "That alert was already removed.")
        )
        text, markup = await self._list(query.from_user.id, locale)
        if isinstance(query.message, Message):
            try:
                await query.edit_message_text(text, parse_mode=ParseMode.HTML, reply_markup=markup)
            except BadRequest as exc:
                if "not modified" not in exc.message.lower():
                    raise
        # The generic button handler of the runner must not answer this query again.
        raise ApplicationHandlerStop

    # -- /history ---------------------------------------------------------------------------
    async def history(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        message = update.effective_message
        if message is None:
            return
        locale = await self._locale(update)
        arg = " ".join(context.args or []).strip()
        if not arg:
            await self._reply(update, self.render.error(locale, "history_usage"))
            return
        try:
            gpu_id = self.alerts.subscriptions.resolve_gpu(arg)
        except AlertInputError as exc:
            await self._error(update, locale, exc)
            return
        points = await self.alerts.history(gpu_id)
        if not points:
            await self._reply(update, self.render.history(locale, gpu_id, None, 0))
            return
        name = self.alerts.catalogue.gpu(gpu_id).name
        # Drawing takes a moment of CPU: not on the event loop.
        png = await asyncio.to_thread(render_history_png, points, name, locale, utcnow())
        caption = self.render.history(
            locale, gpu_id, points[-1][1], len(points), points[0][0].date()
        )
        await message.reply_photo(png, caption=caption, parse_mode=ParseMode.HTML)

    # -- admins -----------------------------------------------------------------------------
    async def _admin(self, update: Update, locale: str) -> bool:
        user = update.effective_user
        if user is not None and user.id in self.admin_ids:
            return True
        await self._reply(update, self.render.error(locale, "not_admin"))
        return False

    async def setprice(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """/setprice h100 2.10 [force]"""
        locale = await self._locale(update)
        if not await self._admin(update, locale):
            return
        args = list(context.args or [])
        force = bool(args) and args[-1].lower() == "force"
        if force:
            args.pop()
        if len(args) < 2:
            await self._reply(update, self.render.error(locale, "setprice_usage"))
            return
        try:
            gpu_id = self.alerts.subscriptions.resolve_gpu(" ".join(args[:-1]))
            price = Decimal(args[-1].lstrip("$").replace(",", "."))
        except AlertInputError as exc:
            await self._error(update, locale, exc)
            return
        except InvalidOperation:
            await self._reply(update, self.render.error(locale, "setprice_usage"))
            return
        admin_id = update.effective_user.id if update.effective_user else 0
        try:
            result = await self.alerts.set_price(gpu_id, price, admin_id=admin_id, force=force)
        except PriceListRejected as exc:
            log.warning("admin %s: /setprice refused: %s", admin_id, exc)
            await self._reply(update, self.render.refused(
                locale, exc, self.alerts.service.max_jump_percent
            ))
            return
        log.info("admin %s set %s to %s (%d deliveries)", admin_id, gpu_id, price,
                 result.deliveries)
        await self._reply(update, self.render.applied(
            locale, result.moves, result.deliveries, preparing=result.preparing
        ))

    async def reload(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """/reload: read the price source now, even if it looks unchanged."""
        locale = await self._locale(update)
        if not await self._admin(update, locale):
            return
        outcome = await self.alerts.feed.poll(force=True, notify=False)
        if outcome.status == "refused":
            exc = PriceListRejected(self.alerts.feed.source.name, list(outcome.problems))
            await self._reply(update, self.render.refused(
                locale, exc, self.alerts.service.max_jump_percent
            ))
            return
        await self._reply(update, self.render.applied(
            locale, outcome.moves, outcome.deliveries, preparing=outcome.preparing
        ))


def register_alert_handlers(app: AnyApplication, services: HasAlerts) -> None:
    """Adds /alert, /alerts, /unalert, /history, /setprice, /reload and the remove buttons."""
    alerts = services.alerts
    if alerts is None:
        return
    handlers = AlertHandlers(alerts, services.prefs)
    app.add_handler(CommandHandler("alert", handlers.alert))
    app.add_handler(CommandHandler("alerts", handlers.list_alerts))
    app.add_handler(CommandHandler("unalert", handlers.unalert))
    app.add_handler(CommandHandler("history", handlers.history))
    app.add_handler(CommandHandler("setprice", handlers.setprice))
    app.add_handler(CommandHandler("reload", handlers.reload))
    # Group -1 runs before the runner's catch-all button handler (group 0) and stops it.
    app.add_handler(
        CallbackQueryHandler(handlers.unalert_button, pattern=rf"^{UNALERT}:"),
        group=-1,
    )


async def start_alerts(app: AnyApplication, services: HasAlerts) -> None:
    """For post_init: migrations, baseline prices, leader election, sender and feed."""
    alerts = services.alerts
    if alerts is None:
        return
    job_queue = app.job_queue
    settings = alerts.settings
    send: SendFunction
    if settings.alerts_direct_http:
        send = DirectSender(
            settings.telegram_api_base_url, app.bot.token,
            connections=settings.alerts_in_flight, timeout=settings.telegram_timeout_seconds,
            paid_broadcast=settings.alerts_paid_broadcast,
        )
        _direct[id(alerts)] = send
    else:
        send = telegram_sender(app.bot, paid_broadcast=settings.alerts_paid_broadcast)
    await alerts.start(send, feed_loop=job_queue is None)
    if job_queue is not None:
        interval = alerts.settings.prices_poll_minutes * 60

        async def poll_feed(_context: object) -> None:
            await alerts.poll_feed_if_leader()

        job_queue.run_repeating(poll_feed, interval=interval, first=interval, name="alerts-feed")


async def stop_alerts(app: AnyApplication, services: HasAlerts) -> None:
    """For post_shutdown: stops the sender and feed (releasing the leader lock)."""
    if services.alerts is not None:
        await services.alerts.stop()
        direct = _direct.pop(id(services.alerts), None)
        if direct is not None:
            await direct.close()


# The direct senders started, by AlertServices, closed with them.
_direct: dict[int, DirectSender] = {}
