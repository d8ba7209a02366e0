"""Tests written against the mutants of bot/telegram/runner.py (README, "Mutation testing"):
what the application is built from — each setting passed through, the handlers in their
groups, the jobs and their intervals — and how run_telegram starts it (polling, or a webhook
with its secret), without a network."""

from __future__ import annotations

import asyncio
import datetime as dt
import gc
import json
import logging
from typing import Any

import httpx
import pytest
from telegram import Update
from telegram.constants import ParseMode
from telegram.ext import (
    Application,
    CallbackQueryHandler,
    CommandHandler,
    InlineQueryHandler,
    MessageHandler,
    TypeHandler,
)

from bot.i18n import tr
from bot.pipeline import Pipeline
from bot.settings import Settings
from bot.telegram import runner
from bot.telegram import webhook as webhook_server
from bot.telegram.request import StreamRequest
from bot.telegram.runner import (
    FirstPollRequest,
    Services,
    build_application,
    database_label,
    run_telegram,
)
from fakebotapi import FakeBotAPI
from rules.catalogue import load_catalogue
from tests.support.telegram import make_settings

TOKEN = "123456:ABCdefGHIjklMNOpqrSTUvwxYZ012345678"
SECRET = "a-webhook-secret_0123456789"


def settings(**changes: Any) -> Settings:
    values: dict[str, Any] = {
        "telegram_bot_token": TOKEN,
        "telegram_api_base_url": "http://127.0.0.1:9/bot",
        "telegram_file_base_url": "http://127.0.0.1:9/file/bot",
        "telegram_timeout_seconds": 7.5,
        "flood_max_per_minute": 13,
        "typing_delay_seconds": 0.25,
        "default_locale": "fr",
        "telegram_max_per_second": 12,
    }
    return Settings(_env_file=None, **{**values, **changes})  # type: ignore[call-arg]


def build(**changes: Any) -> Application:  # type: ignore[type-arg]
    return build_application(settings(**changes), Services(Pipeline(load_catalogue())))


def describe(handler: Any) -> tuple[str, ...]:
    name = getattr(handler.callback, "__name__", "?")
    if isinstance(handler, CommandHandler):
        return ("command", *sorted(handler.commands), name)
    if isinstance(handler, TypeHandler):
        return ("type", handler.type.__name__, name)
    if isinstance(handler, CallbackQueryHandler):
        pattern = handler.pattern
        return ("button", "action" if callable(pattern) else str(pattern), name)
    if isinstance(handler, MessageHandler):
        return ("message", str(handler.filters), name)
    if isinstance(handler, InlineQueryHandler):
        return ("inline", name)
    return (type(handler).__name__, name)


def test_the_token_urls_and_defaults_are_passed_to_the_bot() -> None:
    app = build()
    assert app.bot.token == TOKEN
    assert app.bot.base_url == f"http://127.0.0.1:9/bot{TOKEN}"
    assert app.bot.base_file_url == f"http://127.0.0.1:9/file/bot{TOKEN}"
    assert app.bot.defaults is not None and app.bot.defaults.parse_mode == ParseMode.HTML
    assert app.concurrent_updates == 4
    assert app.post_init is not None and app.post_shutdown is not None


def test_the_bot_api_connections_and_timeouts_come_from_settings() -> None:
    app = build()
    request = app.bot.request
    assert type(request).__name__ == "StreamRequest"  # JSON calls on its own connections
    assert request._free == 8  # type: ignore[attr-defined]
    kwargs = request._client_kwargs  # type: ignore[attr-defined]
    assert kwargs["timeout"] == httpx.Timeout(connect=5.0, read=7.5, write=7.5, pool=10)
    assert kwargs["limits"].max_connections == 8
    polling = app.updater.bot.request if app.updater else None  # type: ignore[union-attr]
    assert polling is not None
    first = app.bot._request[0]  # type: ignore[attr-defined]
    assert isinstance(first, FirstPollRequest)
    assert first._client_kwargs["limits"].max_connections == 1
    # getUpdates goes on the bot's own connections too, one at a time.
    assert isinstance(first, StreamRequest) and first._free == 1
    # One TLS context: httpx's (certifi or SSL_CERT_FILE), for both transports.
    assert request._ssl is first._client_kwargs["verify"]  # type: ignore[attr-defined]
    assert request._ssl is kwargs["verify"]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("per_second", "limited"), [(12, True), (1, True), (0.5, True), (0, False)])
def test_telegram_s_rate_limit_is_the_setting_with_three_retries(
    per_second: float, limited: bool,
) -> None:
    limiter = build(telegram_max_per_second=per_second).bot.rate_limiter
    if not limited:
        assert limiter is None
        return
    assert limiter is not None
    assert limiter._base_limiter.max_rate == per_second  # type: ignore[attr-defined]
    assert limiter._max_retries == 3  # type: ignore[attr-defined]


def test_the_handlers_get_the_settings_and_run_in_their_groups() -> None:
    app = build()
    guard = app.handlers[-3][0].callback.__self__  # type: ignore[attr-defined]
    assert (guard.flood.max, guard.flood.window) == (13, 60.0)
    assert (guard.default_locale, guard.typing_delay) == ("fr", 0.25)
    assert guard.alerts is None
    table = {group: [describe(h) for h in handlers] for group, handlers in app.handlers.items()}
    assert table[-3] == [("type", "Update", "guard")]
    assert table[-2] == [("type", "Update", "languages")]
    # In order: the commands, the free text, and last a command nobody above knows.
    assert [d for d in table[0] if d[0] != "button"] == [
        ("command", "start", "start"), ("command", "help", "help"),
        ("command", "prices", "prices"), ("command", "pay", "pay"), ("command", "fit", "fit"),
        ("command", "quote", "quote"), ("command", "lang", "language", "language"),
        ("inline", "inline"),
        ("message", "<filters.TEXT and <inverted filters.COMMAND>>", "text"),
        ("message", "filters.COMMAND", "other_command")]
    assert table[0].index(("inline", "inline")) > max(
        i for i, d in enumerate(table[0]) if d[0] == "button")
    buttons = [d for d in table[0] if d[0] == "button"]
    # One handler per action, matching only its own presses; then the catch-all.
    assert [d[1] for d in buttons] == ["action"] * len(guard.buttons()) + ["None"]
    assert buttons[-1] == ("button", "None", "other_button")
    assert [h.__name__ for h in app.error_handlers] == ["error"]


def test_idle_flood_memory_is_forgotten_every_five_minutes() -> None:
    app = build()
    assert app.job_queue is not None
    now = dt.datetime.now(dt.UTC)
    (job,) = app.job_queue.jobs()
    assert job.name == "forget_idle"
    trigger = job.job.trigger
    assert trigger.interval == dt.timedelta(seconds=300)
    assert 270 < (trigger.start_date - now).total_seconds() <= 300  # first after one interval


def test_a_missing_token_is_refused_before_anything_is_built() -> None:
    with pytest.raises(ValueError, match=r"^TELEGRAM_BOT_TOKEN is required for the Telegram bot$"):
        build_application(Settings(_env_file=None), Services(Pipeline(load_catalogue())))  # type: ignore[call-arg]


def test_the_webhook_secret_is_redacted_from_logs_like_the_token() -> None:
    root = logging.getLogger()
    handler = logging.StreamHandler()
    root.addHandler(handler)
    logging.getLogger("httpx").setLevel(logging.NOTSET)  # as before any build in this process
    try:
        build(webhook_secret=SECRET)
        record = logging.LogRecord("x", logging.INFO, __file__, 1, "%s %s", (TOKEN, SECRET), None)
        for f in handler.filters:
            f.filter(record)  # type: ignore[union-attr]
        assert TOKEN not in record.getMessage() and SECRET not in record.getMessage()
    finally:
        root.removeHandler(handler)
    assert logging.getLogger("httpx").level == logging.WARNING  # URLs carry the token


@pytest.mark.parametrize(("url", "label"), [
    ("postgresql+asyncpg://bot:hunter2@db.internal:5432/gpu", "postgresql+asyncpg://bot:***@db.internal:5432/gpu"),
    ("sqlite+aiosqlite:///gpu_assistant.sqlite3", "sqlite+aiosqlite:///gpu_assistant.sqlite3"),
    ("postgresql://bot:hunter2@[::1/gpu", "(unparsable DATABASE_URL)"),
    # An unescaped "@" in the password, and a password without a user name.
    ("postgresql+asyncpg://bot:hun@ter2@db.internal:5432/gpu", "postgresql+asyncpg://bot:***@db.internal:5432/gpu"),
    ("postgresql://:hunter2@db/gpu", "postgresql://:***@db/gpu"),
])
def test_the_database_is_logged_without_its_password(url: str, label: str) -> None:
    assert database_label(url) == label


# ----------------------------------------------------------------------------- run_telegram


class Started:
    def __init__(self) -> None:
        self.webhook: dict[str, Any] | None = None
        self.polling: dict[str, Any] | None = None


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> Started:
    seen = Started()

    async def serve(app: Any, **kwargs: Any) -> int:
        seen.webhook = {"app": app, **kwargs}
        return 0

    def run_polling(self: Any, **kwargs: Any) -> None:
        seen.polling = kwargs

    monkeypatch.setattr(webhook_server, "serve", serve)
    monkeypatch.setattr(Application, "run_polling", run_polling)
    return seen


def test_polling_gets_every_update_type_and_retries_telegram_forever(started: Started) -> None:
    services = Services(Pipeline(load_catalogue()))
    assert run_telegram(settings(), services) == 0
    assert started.polling == {"allowed_updates": Update.ALL_TYPES, "bootstrap_retries": -1}
    assert started.webhook is None


@pytest.mark.parametrize(("changes", "flag", "port", "served"), [
    ({"mode": "webhook", "webhook_url": "https://bot.example.com/", "port": 8443}, False, None,
     ("https://bot.example.com/telegram", "/telegram", 8443)),
    ({"webhook_url": "https://bot.example.com", "webhook_path": "/hook"}, True, 9000,
     ("https://bot.example.com/hook", "/hook", 9000)),
])
def test_a_webhook_is_served_with_its_secret_url_path_and_port(
    started: Started, changes: dict[str, Any], flag: bool, port: int | None,
    served: tuple[str, str, int],
) -> None:
    services = Services(Pipeline(load_catalogue()))
    assert run_telegram(settings(webhook_secret=SECRET, **changes), services, flag, port) == 0
    assert started.polling is None and started.webhook is not None
    url, path, on_port = served
    kwargs = {k: v for k, v in started.webhook.items() if k != "app"}
    assert kwargs == {"url": url, "secret": SECRET, "path": path, "listen": "0.0.0.0",
                      "port": on_port}
    assert started.webhook["app"].bot.token == TOKEN


@pytest.mark.parametrize(("changes", "logged"), [
    ({"webhook_url": "https://bot.example.com"}, "webhook mode needs WEBHOOK_URL and WEBHOOK_SECRET"),
    ({"webhook_secret": SECRET}, "webhook mode needs WEBHOOK_URL and WEBHOOK_SECRET"),
    ({"webhook_url": "https://bot.example.com", "webhook_secret": "short"},
     "WEBHOOK_SECRET must be at least"),
    ({"webhook_url": "https://bot.example.com", "webhook_secret": "no spaces allowed here!"},
     "WEBHOOK_SECRET may only contain"),
])
def test_a_webhook_without_a_usable_secret_or_url_never_starts(
    started: Started, caplog: pytest.LogCaptureFixture, changes: dict[str, Any], logged: str,
) -> None:
    services = Services(Pipeline(load_catalogue()))
    assert run_telegram(settings(mode="webhook", **changes), services) == 2
    assert started.webhook is None and started.polling is None
    errors = [r.getMessage() for r in caplog.records
              if r.name == runner.__name__ and r.levelno == logging.ERROR]
    assert len(errors) == 1 and errors[0].startswith(logged)


# ----------------------------------------------------------------------------- start and stop


async def test_post_init_logs_the_start_and_sets_the_menus_after_the_first_poll_or_its_wait(
    api: FakeBotAPI, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
) -> None:
    """A webhook never polls: the menus (one per language, English the default) and the
    warm-up go out FIRST_POLL_WAIT_SECONDS after start-up instead."""
    caplog.set_level(logging.INFO, logger=runner.__name__)
    monkeypatch.setattr(runner, "FIRST_POLL_WAIT_SECONDS", 0.05)
    app = build_application(
        make_settings(api, database_url="postgresql+asyncpg://bot:hunter2@db:5432/gpu"),
        Services(Pipeline(load_catalogue())), "webhook")
    async with app:
        assert app.post_init is not None and app.post_shutdown is not None
        await app.post_init(app)
        await api.wait_for_calls("setMyCommands", 3, timeout=10)
        await app.post_shutdown(app)
    menus = {c.get("language_code"): [x["command"] for x in json_list(c["commands"])]
             for c in api.calls_of("setMyCommands")}
    assert set(menus) == {None, "es", "fr"}
    assert all(names == [n for n, _ in runner.COMMANDS] for names in menus.values())
    described = {c.get("language_code"): [x["description"] for x in json_list(c["commands"])]
                 for c in api.calls_of("setMyCommands")}
    for code, locale in ((None, "en"), ("es", "es"), ("fr", "fr")):  # each in its language
        assert described[code] == [tr(locale, text) for _, text in runner.COMMANDS]
    assert described["fr"] != described[None]
    started = [r.getMessage() for r in caplog.records if r.name == runner.__name__]
    assert started == ["webhook as @fake_test_bot, 3 languages, database "
                       "postgresql+asyncpg://bot:***@db:5432/gpu"]


async def test_post_shutdown_stops_the_work_still_waiting_for_the_first_poll(
    api: FakeBotAPI, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(runner, "FIRST_POLL_WAIT_SECONDS", 60.0)
    app = build_application(make_settings(api), Services(Pipeline(load_catalogue())))
    async with app:
        assert app.post_init is not None and app.post_shutdown is not None
        await app.post_init(app)
        waiting = [t for t in asyncio.all_tasks() if t.get_name() == "after-first-poll"]
        assert len(waiting) == 1
        await app.post_shutdown(app)
        assert waiting[0].cancelled()
    assert api.calls_of("setMyCommands") == []


def json_list(value: Any) -> list[dict[str, Any]]:
    return json.loads(value) if isinstance(value, str) else list(value)


@pytest.mark.parametrize(("changes", "flag", "word"), [
    ({}, False, "polling"),
    ({"mode": "webhook"}, False, "webhook"),
    ({}, True, "webhook"),
])
async def test_the_start_up_log_line_names_the_mode_the_bot_runs_in(
    api: FakeBotAPI, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
    changes: dict[str, Any], flag: bool, word: str,
) -> None:
    """run_telegram's application, started the way it is run (its own event loop, in a thread
    here: the fake Bot API serves from the test's)."""
    caplog.set_level(logging.INFO, logger=runner.__name__)
    monkeypatch.setattr(runner, "FIRST_POLL_WAIT_SECONDS", 600.0)

    async def started(app: Any) -> int:
        async with app:
            await app.post_init(app)
            await app.post_shutdown(app)
        return 0

    async def serve(app: Any, **kwargs: Any) -> int:
        return await started(app)

    def run_polling(self: Any, **kwargs: Any) -> None:
        asyncio.run(started(self))

    monkeypatch.setattr(webhook_server, "serve", serve)
    monkeypatch.setattr(Application, "run_polling", run_polling)
    chosen = make_settings(api, webhook_url="https://bot.example.com", webhook_secret=SECRET,
                           **changes)
    services = Services(Pipeline(load_catalogue()))
    assert await asyncio.to_thread(run_telegram, chosen, services, flag) == 0
    started_lines = [r.getMessage() for r in caplog.records if r.name == runner.__name__]
    assert len(started_lines) == 1 and started_lines[0].startswith(f"{word} as @fake_test_bot, ")


async def test_an_application_built_without_a_mode_or_storage_says_it_polls(
    api: FakeBotAPI, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger=runner.__name__)
    monkeypatch.setattr(runner, "FIRST_POLL_WAIT_SECONDS", 600.0)
    app = build_application(make_settings(api), Services(Pipeline(load_catalogue())))
    async with app:
        assert app.post_init is not None and app.post_shutdown is not None
        await app.post_init(app)
        # No storage: nothing to refresh, only the flood guard's clean-up.
        assert app.job_queue is not None
        assert [job.name for job in app.job_queue.jobs()] == ["forget_idle"]
        await app.post_shutdown(app)
    (line,) = [r.getMessage() for r in caplog.records if r.name == runner.__name__]
    assert line.startswith("polling as @fake_test_bot, ")


def test_settling_the_collector_keeps_the_older_generations_thresholds() -> None:
    before = gc.get_threshold()
    gc.set_threshold(700, 11, 12)  # two distinct values: neither stands in for the other
    try:
        runner.settle_collector()
        after = gc.get_threshold()
    finally:
        gc.set_threshold(*before)
    assert after == (runner.YOUNG_GENERATION, 11, 12)
