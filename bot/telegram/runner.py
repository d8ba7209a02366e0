"""Builds the PTB application from settings and services, and runs it (polling or webhook)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError
from telegram import BotCommand, Update
from telegram.constants import ParseMode
from telegram.ext import (
    AIORateLimiter,
    Application,
    ApplicationBuilder,
    CallbackQueryHandler,
    CommandHandler,
    Defaults,
    InlineQueryHandler,
    MessageHandler,
    TypeHandler,
    filters,
)
from telegram.request import HTTPXRequest

from bot.alerts import AlertServices
from bot.i18n import N_, SUPPORTED_LOCALES, tr
from bot.pipeline import Pipeline
from bot.prefs import MemoryPreferences, PreferenceMirror, Preferences
from bot.settings import Settings
from bot.telegram import redact
from bot.telegram import webhook as webhook_server
from bot.telegram.alert_handlers import register_alert_handlers, start_alerts, stop_alerts
from bot.telegram.callbacks import pressed
from bot.telegram.context import CONTEXT_TYPES
from bot.telegram.flood import FloodGuard
from bot.telegram.handlers import Handlers
from bot.telegram.request import JsonHTTPXRequest
from rules.catalogue import Catalogue

log = logging.getLogger(__name__)

COMMANDS = [
    ("start", N_("Start and examples")),
    ("help", N_("What I can answer")),
    ("fit", N_("Does a model fit a GPU?")),
    ("quote", N_("What a run costs")),
    ("prices", N_("GPU prices")),
    ("pay", N_("Pay in crypto")),
    ("language", N_("Choose the language")),
    ("alert", N_("Follow a GPU price")),
    ("alerts", N_("Your price alerts")),
    ("history", N_("Price history chart")),
]


@dataclass
class Services:
    pipeline: Pipeline
    prefs: Preferences = field(default_factory=MemoryPreferences)
    alerts: AlertServices | None = None


async def set_commands(app: Application) -> None:  # type: ignore[type-arg]
    """The command menu in each language (the default one in English), the three calls at
    once: each is a round trip to Telegram."""

    async def one(locale: str) -> None:
        commands = [BotCommand(name, tr(locale, text)) for name, text in COMMANDS]
        await app.bot.set_my_commands(commands, language_code=None if locale == "en" else locale)

    await asyncio.gather(*(one(locale) for locale in SUPPORTED_LOCALES))


async def warm_up(pipeline: Pipeline) -> None:
    """The pipeline's warm-up one step at a time (a template, a question), yielding to the
    event loop between steps: updates that arrive meanwhile are answered without waiting for
    the whole of it. Then what survived start-up is frozen out of the garbage collector's
    sight: the full collections that follow stop walking it (they took 30-55 ms)."""
    global _frozen
    for _ in pipeline.warm_up_steps():
        await asyncio.sleep(0)
    if not _frozen:  # once per process (tests build many applications)
        _frozen = True
        gc.collect()
        gc.freeze()


_frozen = False


class FirstPollRequest(HTTPXRequest):
    """PTB's default getUpdates transport, which also tells when the first poll is answered:
    the warm-up waits for it, so the updates waiting at start-up are fetched first."""

    def __init__(self) -> None:
        super().__init__(connection_pool_size=1)
        self.answered = asyncio.Event()

    async def do_request(self, *args: Any, **kwargs: Any) -> tuple[int, bytes]:
        try:
            return await super().do_request(*args, **kwargs)
        finally:
            self.answered.set()


# A webhook has no getUpdates: its warm-up starts this long after the application.
FIRST_POLL_WAIT_SECONDS = 2.0


def after_first_poll(
    first_poll: FirstPollRequest, work: Callable[[], Awaitable[None]]
) -> asyncio.Task[None]:
    """Runs `work` in the background once the first getUpdates is answered."""

    async def when_polled() -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(first_poll.answered.wait(), FIRST_POLL_WAIT_SECONDS)
        await work()

    return asyncio.get_running_loop().create_task(when_polled(), name="after-first-poll")


def build_application(
    settings: Settings, services: Services, mode: str = "polling"
) -> Application:  # type: ignore[type-arg]
    if settings.telegram_bot_token is None:
        raise ValueError("TELEGRAM_BOT_TOKEN is required for the Telegram bot")
    token = settings.telegram_bot_token.get_secret_value()
    secrets = [token]
    if settings.webhook_secret is not None:
        secrets.append(settings.webhook_secret.get_secret_value())
    redact.install(secrets)
    logging.getLogger("httpx").setLevel(logging.WARNING)

    async def refresh_prices(_context: object = None) -> None:
        """Answers quote the prices in force (the feed's, or an admin's /setprice)."""
        if services.alerts is None:
            return
        try:
            services.pipeline.catalogue = await services.alerts.service.catalogue_in_force()
        except Exception:
            # The database may be away: keep answering with the last prices known.
            log.warning("could not refresh the prices in force", exc_info=True)

    async def start_alerts_or_retry(context: object = None) -> None:
        """The database may be unreachable at start: answer questions anyway, retry alerts."""
        try:
            await start_alerts(app, services)
        except Exception:
            log.error("alerts could not start; retrying in 30 s", exc_info=True)
            if app.job_queue is not None:
                app.job_queue.run_once(start_alerts_or_retry, when=30)
            return
        await refresh_prices()
        if services.alerts is not None:
            # This process's own changes (/setprice, the feed) show from the next message on;
            # other processes' within 30 s (refresh_prices).
            def on_changed(catalogue: Catalogue) -> None:
                services.pipeline.catalogue = catalogue

            services.alerts.service.on_changed.append(on_changed)

    async def refresh_preferences(_context: object = None) -> None:
        if not isinstance(services.prefs, PreferenceMirror):
            return
        try:
            await services.prefs.refresh()
        except Exception:
            # Keep the copy we have (or read per message until a load succeeds).
            log.warning("could not reload the language choices", exc_info=True)

    background: list[asyncio.Task[None]] = []

    async def set_menus() -> None:
        try:
            await set_commands(app)
        except Exception:
            # A menu that failed to update must not keep the bot from answering.
            log.warning("could not set the command menus", exc_info=True)

    async def once_polling() -> None:
        # Nobody waits for these: the menus and the warm-up (templates compiled, Babel's data
        # loaded, one answer of each kind) happen while the first getUpdates is out.
        await asyncio.gather(set_menus(), warm_up(services.pipeline))

    async def post_init(app: Application) -> None:  # type: ignore[type-arg]
        # Before polling, only what the first answer depends on: the schema (checked without
        # Alembic when at head), the prices in force, the users' language choices.
        await start_alerts_or_retry()
        await refresh_preferences()  # after the migrations start_alerts runs
        if app.job_queue is not None and services.alerts is not None:
            app.job_queue.run_repeating(refresh_prices, interval=30, first=30)
        if app.job_queue is not None and isinstance(services.prefs, PreferenceMirror):
            app.job_queue.run_repeating(refresh_preferences, interval=60, first=60)
        background.append(after_first_poll(first_poll, once_polling))
        log.info("%s as @%s, %d languages, database %s", mode, app.bot.username,
                 len(SUPPORTED_LOCALES), database_label(settings.database_url))

    async def post_shutdown(app: Application) -> None:  # type: ignore[type-arg]
        for task in background:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await stop_alerts(app, services)

    first_poll = FirstPollRequest()
    # PTB's builder changes its generic type with each option; Any keeps that out of the way.
    builder: Any = (
        ApplicationBuilder()
        .token(token)
        .base_url(settings.telegram_api_base_url)
        .base_file_url(settings.telegram_file_base_url)
        .concurrent_updates(4)
        .request(
            JsonHTTPXRequest(
                # A few concurrent handlers, each with its own connection: httpcore's pool
                # gets slow (quadratic) when hundreds of requests queue for few connections.
                connection_pool_size=8,
                pool_timeout=10,
                read_timeout=settings.telegram_timeout_seconds,
                write_timeout=settings.telegram_timeout_seconds,
            )
        )
        .get_updates_request(first_poll)
        .post_init(post_init)
        .post_shutdown(post_shutdown)
        # Every reply is Telegram HTML (escaped by the renderer): set once, not per call.
        .defaults(Defaults(parse_mode=ParseMode.HTML))
        .context_types(CONTEXT_TYPES)
    )
    if settings.telegram_max_per_second > 0:
        # Queues sends under Telegram's limits and retries a 429 after its retry_after.
        builder = builder.rate_limiter(
            AIORateLimiter(overall_max_rate=settings.telegram_max_per_second, max_retries=3)
        )
    app: Application = builder.build()  # type: ignore[type-arg]
    handlers = Handlers(
        services.pipeline, services.prefs, FloodGuard(settings.flood_max_per_minute),
        settings.default_locale, settings.typing_delay_seconds, services.alerts,
    )
    # Group -3 runs before everything, the alert buttons (group -1) included; group -2 reads
    # the update's languages once, for every handler after it.
    app.add_handler(TypeHandler(Update, handlers.guard), group=-3)
    app.add_handler(TypeHandler(Update, handlers.languages), group=-2)
    app.add_handler(CommandHandler("start", handlers.start))
    app.add_handler(CommandHandler("help", handlers.help))
    app.add_handler(CommandHandler("prices", handlers.prices))
    app.add_handler(CommandHandler("pay", handlers.pay))
    app.add_handler(CommandHandler("fit", handlers.fit))
    app.add_handler(CommandHandler("quote", handlers.quote))
    app.add_handler(CommandHandler(("language", "lang"), handlers.language))
    for action, on_press in handlers.buttons().items():
        app.add_handler(CallbackQueryHandler(on_press, pattern=pressed(action)))
    app.add_handler(CallbackQueryHandler(handlers.other_button))  # forged or stale data
    app.add_handler(InlineQueryHandler(handlers.inline))
    app.add_handler(MessageHandler(filters.TEXT & ~filters.COMMAND, handlers.text))
    register_alert_handlers(app, services)
    # Last in its group: only a command no handler above knows gets here.
    app.add_handler(MessageHandler(filters.COMMAND, handlers.other_command))
    app.add_error_handler(handlers.error)
    if app.job_queue is not None:

        async def forget_idle(_context: object) -> None:
            handlers.flood.forget_idle()

        app.job_queue.run_repeating(forget_idle, interval=300, first=300)
    return app


def database_label(url: str) -> str:
    """The database for a log line: its URL without the password."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return "(unparsable DATABASE_URL)"


def run_telegram(
    settings: Settings, services: Services, webhook: bool = False, port: int | None = None
) -> int:
    webhook = webhook or settings.mode == "webhook"
    if webhook:
        if settings.webhook_secret is None or not settings.webhook_url:
            log.error("webhook mode needs WEBHOOK_URL and WEBHOOK_SECRET")
            return 2
        secret = settings.webhook_secret.get_secret_value()
        problem = webhook_server.secret_problem(secret)
        if problem is not None:
            log.error("%s", problem)  # before anything starts: Telegram would refuse it
            return 2
    app = build_application(settings, services, "webhook" if webhook else "polling")
    if webhook:
        assert settings.webhook_url is not None
        # Our server, not app.run_webhook: see bot/telegram/webhook.py.
        return asyncio.run(webhook_server.serve(
            app, url=settings.webhook_url.rstrip("/") + settings.webhook_path, secret=secret,
            path=settings.webhook_path, listen="0.0.0.0", port=port or settings.port,
        ))
    # run_polling stops cleanly on SIGINT, SIGTERM and SIGABRT; Telegram unreachable at
    # start: keep retrying, do not crash.
    app.run_polling(allowed_updates=Update.ALL_TYPES, bootstrap_retries=-1)
    return 0
