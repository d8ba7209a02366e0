"""Builds the PTB application from settings and services, and runs it (polling or webhook)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import importlib
import logging
import sqlite3
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from ssl import SSLContext
from typing import TYPE_CHECKING, Any, Final
from urllib.parse import urlsplit

import httpx
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
    SimpleUpdateProcessor,
    TypeHandler,
    filters,
)

from bot.i18n import N_, SUPPORTED_LOCALES, tr
from bot.pipeline import Pipeline
from bot.prefs import MemoryPreferences, PreferenceMirror, Preferences, StoredPreferences
from bot.settings import Settings
from bot.storage.snapshot import head_revision, read_snapshot, sqlite_file
from bot.telegram import redact
from bot.telegram.callbacks import pressed
from bot.telegram.context import CONTEXT_TYPES
from bot.telegram.flood import FloodGuard
from bot.telegram.handlers import Handlers
from bot.telegram.request import StreamRequest
from bot.understand.lazy import save as save_patterns
from rules.catalogue import Catalogue

if TYPE_CHECKING:
    from bot.alerts import AlertServices

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


# The commands of bot/telegram/alert_handlers.py (tests/test_startup.py keeps the two equal):
# while the storage is coming up, these wait for it.
STORAGE_COMMANDS: Final = frozenset({"alert", "alerts", "unalert", "history", "setprice", "reload"})
# Imported when the storage comes up, one at a time with the event loop served in between
# (each takes 50-200 ms here): updates that need no storage keep being answered meanwhile.
STORAGE_IMPORTS: Final = (
    "sqlalchemy", "sqlalchemy.orm", "sqlalchemy.ext.asyncio", "bot.storage.models",
    "bot.storage.repos", "bot.alerts", "bot.telegram.alert_handlers",
)


class LateStorage:
    """The storage and alerts of a bot that starts answering before they are up: ``build``
    (which imports SQLAlchemy) runs when the runner brings them up — after the first
    getUpdates is answered when start-up could read the database with the standard library
    (bot/storage/snapshot.py), else before polling, as before. ``catalogue``: the packaged
    one, which the alerts quote from."""

    def __init__(
        self, database_url: str, catalogue: Catalogue, build: Callable[[], AlertServices]
    ) -> None:
        self.database_url = database_url
        self.catalogue = catalogue
        self.build = build
        self.alerts: AlertServices | None = None
        self.ready = False  # built and started (or tried: alerts then stays None)
        self.bring_up: Callable[[], Coroutine[Any, Any, None]] | None = None  # build_application
        self._task: asyncio.Task[None] | None = None

    async def get(self) -> AlertServices | None:
        """The alerts once up, bringing them up now if nobody has started to."""
        if not self.ready:
            if self._task is None:
                if self.bring_up is None:
                    raise RuntimeError("the storage is brought up by a built application")
                self._task = asyncio.get_running_loop().create_task(
                    self.bring_up(), name="storage-bring-up")
            # Shielded: an update handler cancelled at shutdown does not stop it half-way.
            await asyncio.shield(self._task)
        return self.alerts

    async def prefs(self) -> StoredPreferences:
        """The stored language choices (bot.prefs.LatePreferences opens them through this)."""
        alerts = await self.get()
        if alerts is None:
            raise RuntimeError("the storage could not be built")
        return alerts.prefs

    async def finished(self) -> None:
        """Waits for a bring-up under way (shutdown stops what it started, never half of it)."""
        if self._task is not None:
            with contextlib.suppress(Exception):
                await self._task


@dataclass
class Services:
    pipeline: Pipeline
    prefs: Preferences = field(default_factory=MemoryPreferences)
    alerts: AlertServices | None = None
    later: LateStorage | None = None  # alerts built by the runner (composition.telegram_services)


def needs_storage(update: object) -> bool:
    """Whether an update must wait for the storage while it is coming up: the alert commands
    (their handlers are registered with it) and buttons (the remove and follow buttons).
    Free text that asks for an alert waits in its handler (Handlers.alerts_later); a language
    choice waits where it is stored (bot.prefs.LatePreferences)."""
    if not isinstance(update, Update):
        return False
    if update.callback_query is not None:
        return True
    message = update.effective_message
    text = message.text if message is not None else None
    if not text or not text.startswith("/"):
        return False
    return text.split(maxsplit=1)[0][1:].split("@", 1)[0].lower() in STORAGE_COMMANDS


class StartingUpdates(SimpleUpdateProcessor):
    """PTB's processor of concurrent updates, which also holds those that need the storage
    until it is up (``hold``) and counts the updates in progress (``busy``, ``idle``)."""

    def __init__(self, max_concurrent_updates: int) -> None:
        super().__init__(max_concurrent_updates)
        self.hold: Callable[[object], Awaitable[None]] | None = None
        self.busy = 0
        self.idle = asyncio.Event()  # set while busy is 0
        self.idle.set()

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        self.busy += 1
        self.idle.clear()
        try:
            if self.hold is not None:
                try:
                    await self.hold(update)
                except BaseException:
                    if isinstance(coroutine, Coroutine):
                        coroutine.close()  # never started: no "never awaited" warning
                    raise
            await coroutine  # the handlers are looked up from here: after the hold
        finally:
            self.busy -= 1
            if not self.busy:
                self.idle.set()


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
    sight: the full collections that follow stop walking it (they took 30-55 ms), and the
    young generation is collected every YOUNG_GENERATION allocations instead of 700."""
    global _frozen
    for _ in pipeline.warm_up_steps():
        await asyncio.sleep(0)
    if not _frozen:  # once per process (tests build many applications)
        _frozen = True
        settle_collector()


def settle_collector() -> None:
    """Freeze what exists (start-up's modules, templates, catalogues) and collect the young
    generation less often from now on."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_GENERATION, middle, old)


_frozen = False
# A reply allocates a few thousand container objects (pydantic models, Decimals' tuples,
# Jinja contexts) that are nearly all garbage once it is sent, without cycles: at CPython's
# 700 the collector ran 140-210 young collections every 1 000 replies (0.16-0.27 ms a reply
# in the whole-bot benchmark); at 20 000 about 30 times fewer, for a few MB more at most
# between collections (README, Benchmarks).
YOUNG_GENERATION = 20_000


class FirstPollRequest(StreamRequest):
    """The getUpdates transport: one connection with PTB's default timeouts, on the bot's
    own HTTP/1.1 connections like every other call (a poll that brings one update costs
    about what the reply to it costs: through httpx, ~1 ms of CPU more); it also tells when
    the first poll is answered: the warm-up waits for it, so the updates waiting at start-up
    are fetched first."""

    def __init__(
        self, httpx_kwargs: dict[str, Any] | None = None, ssl_context: SSLContext | None = None
    ) -> None:
        super().__init__(connection_pool_size=1, httpx_kwargs=httpx_kwargs,
                         ssl_context=ssl_context)
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
    late = services.later

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
        from bot.telegram.alert_handlers import start_alerts

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

    def read_at_start() -> bool:
        """The prices in force and the language choices through the standard library's
        sqlite3, when the database is a SQLite file at the head revision: then SQLAlchemy and
        the alerts can wait until polling has started."""
        path = None if late is None else sqlite_file(late.database_url)
        if late is None or path is None:
            return False
        try:
            snapshot = read_snapshot(path)
        except sqlite3.Error:
            log.warning("could not read %s at start; opening it as usual", path, exc_info=True)
            return False
        if not snapshot.at(head_revision()):
            return False  # a new database or another schema: migrations first, as before
        services.pipeline.catalogue = snapshot.catalogue(late.catalogue)
        if isinstance(services.prefs, PreferenceMirror):
            services.prefs.load(snapshot.locales)
        return True

    read_early = False

    async def bring_up() -> None:
        """The storage and alerts: built (for late storage), migrated, started, then the
        prices in force, the language choices and the jobs that keep them fresh."""
        try:
            if services.alerts is None and late is not None:
                try:
                    for name in STORAGE_IMPORTS:
                        importlib.import_module(name)
                        await asyncio.sleep(0)
                    services.alerts = late.build()
                except Exception:
                    log.error("the storage could not be built: no alerts, no stored "
                              "languages", exc_info=True)
                    return
                handlers.alerts = services.alerts
                # The alert handlers in their places (before the catch-all command handler).
                # PTB copies the handler lists per update: updates in progress are unaffected.
                app.handlers.clear()
                register(app)
            await start_alerts_or_retry()
        finally:
            if late is not None:  # before the reads below, which go through it
                late.alerts, late.ready = services.alerts, True
        if not read_early:
            await refresh_preferences()  # after the migrations start_alerts runs
        if app.job_queue is not None and services.alerts is not None:
            app.job_queue.run_repeating(refresh_prices, interval=30, first=30)
        if app.job_queue is not None and isinstance(services.prefs, PreferenceMirror):
            app.job_queue.run_repeating(refresh_preferences, interval=60, first=60)

    if late is not None:
        late.bring_up = bring_up

    async def hold(update: object) -> None:
        if late is not None and not late.ready and needs_storage(update):
            await late.get()

    async def quiet(longest: float = 1.0) -> None:
        """Until the updates fetched so far are answered (at most ``longest`` s): the storage's
        imports that come next hold the event loop in chunks."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(longest):
                await asyncio.sleep(0.01)  # the updates just fetched reach the processor
                while True:
                    await updates.idle.wait()
                    await asyncio.sleep(0)  # one waiting for a free slot starts now
                    if not updates.busy and app.update_queue.empty():
                        return

    background: list[asyncio.Task[None]] = []

    async def set_menus() -> None:
        try:
            await set_commands(app)
        except Exception:
            # A menu that failed to update must not keep the bot from answering.
            log.warning("could not set the command menus", exc_info=True)

    async def storage_then_warm_up() -> None:
        if late is not None:
            await late.get()
        await warm_up(services.pipeline)  # last: gc.freeze() then covers the storage too

    async def once_polling() -> None:
        # Nobody waits for these: the menus, the storage (when it was read without
        # SQLAlchemy) and the warm-up (templates compiled, Babel's data loaded, one answer of
        # each kind) happen once the first getUpdates is answered. The process's start-up
        # (bot/app.py) builds the bot with the collector off: it is turned on once the
        # updates that were waiting are answered.
        try:
            if not gc.isenabled() or (late is not None and not late.ready):
                await quiet()
        finally:
            gc.enable()
        await asyncio.gather(set_menus(), storage_then_warm_up())

    async def post_init(app: Application) -> None:  # type: ignore[type-arg]
        # Before polling, only what the first answer depends on: the prices in force and the
        # users' language choices (read with sqlite3 when the schema is at head; else the
        # storage comes up first, checked without Alembic when at head).
        nonlocal read_early
        read_early = read_at_start()
        if late is None:
            await bring_up()
        elif not read_early:
            await late.get()
        background.append(after_first_poll(first_poll, once_polling))
        log.info("%s as @%s, %d languages, database %s", mode, app.bot.username,
                 len(SUPPORTED_LOCALES), database_label(settings.database_url))

    async def post_shutdown(app: Application) -> None:  # type: ignore[type-arg]
        for task in background:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        if late is not None:
            await late.finished()
        if services.alerts is not None:
            from bot.telegram.alert_handlers import stop_alerts

            await stop_alerts(app, services)
        # The regular expressions' code for the next start, when the warm-up did not get to
        # keep it (a bot stopped soon after it started).
        save_patterns()

    # One TLS context for both connection pools, with httpx's own defaults (certifi or
    # SSL_CERT_FILE/SSL_CERT_DIR): loading the CA bundle costs 20-45 ms a context at start.
    tls = {"verify": httpx.create_ssl_context()}
    first_poll = FirstPollRequest(httpx_kwargs=tls, ssl_context=tls["verify"])
    updates = StartingUpdates(4)
    updates.hold = hold
    # PTB's builder changes its generic type with each option; Any keeps that out of the way.
    builder: Any = (
        ApplicationBuilder()
        .token(token)
        .base_url(settings.telegram_api_base_url)
        .base_file_url(settings.telegram_file_base_url)
        .concurrent_updates(updates)
        .request(
            StreamRequest(
                # A few concurrent handlers, each with its own connection: httpcore's pool
                # gets slow (quadratic) when hundreds of requests queue for few connections.
                connection_pool_size=8,
                pool_timeout=10,
                read_timeout=settings.telegram_timeout_seconds,
                write_timeout=settings.telegram_timeout_seconds,
                httpx_kwargs=tls,
                ssl_context=tls["verify"],
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
        alerts_later=None if late is None else late.get,
    )

    def register(app: Application) -> None:  # type: ignore[type-arg]
        # Group -3 runs before everything, the alert buttons (group -1) included; group -2
        # reads the update's languages once, for every handler after it.
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
        if services.alerts is not None:
            from bot.telegram.alert_handlers import register_alert_handlers

            register_alert_handlers(app, services)
        # Last in its group: only a command no handler above knows gets here.
        app.add_handler(MessageHandler(filters.COMMAND, handlers.other_command))

    register(app)
    app.add_error_handler(handlers.error)
    if app.job_queue is not None:

        async def forget_idle(_context: object) -> None:
            handlers.flood.forget_idle()

        app.job_queue.run_repeating(forget_idle, interval=300, first=300)
    return app


def database_label(url: str) -> str:
    """The database for a log line: its URL without the password."""
    try:
        parts = urlsplit(url)
        if parts.password is None:
            return url
        host = parts.netloc.rpartition("@")[2]
        return parts._replace(netloc=f"{parts.username or ''}:***@{host}").geturl()
    except ValueError:
        return "(unparsable DATABASE_URL)"


def run_telegram(
    settings: Settings, services: Services, webhook: bool = False, port: int | None = None
) -> int:
    from bot.telegram import webhook as webhook_server

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
