"""Tests written against the mutants of bot/telegram/runner.py's start-up with storage (README,
"Mutation testing"): the bot built as production builds it (bot.composition) on a real
database — a SQLite file, and PostgreSQL when TEST_DATABASE_URL is set — with the prices in
force and the language choices in place before the first poll, the storage and its jobs
brought up, kept fresh, retried or given up with a log line, and stopped at shutdown."""

from __future__ import annotations

import asyncio
import datetime as dt
import inspect
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from telegram import Update
from telegram.ext import CommandHandler

from bot.composition import telegram_application, telegram_services
from bot.pipeline import Pipeline
from bot.prefs import PreferenceMirror
from bot.storage.engine import Database
from bot.storage.migrate import migrate
from bot.storage.repos import Prices, Users
from bot.telegram import runner
from bot.telegram.runner import STORAGE_COMMANDS, LateStorage, Services, StartingUpdates
from fakebotapi import FakeBotAPI
from rules.catalogue import load_catalogue
from tests.support.bot_running import AnyApp
from tests.support.telegram import make_settings

ADMIN = 4242
# A price source that is never there: the feed's leader changes no price behind the tests' back.
NO_FEED = "/nonexistent/gpu-prices.json"
AT = dt.datetime(2026, 11, 20, 8, 0, tzinfo=dt.UTC)


async def _store(url: str, prices: dict[str, str], locales: dict[int, str]) -> None:
    """What another process (the feed's leader, an admin, a user's /lang) wrote."""
    db = Database(url)
    try:
        async with db.transaction() as session:
            for gpu, price in prices.items():
                await Prices(session).record(gpu, Decimal(price), "test", AT)
            for user, locale in locales.items():
                await Users(session).set_locale(user, user, locale)
    finally:
        await db.dispose()


def _price(services: Services, gpu: str) -> Decimal | None:
    return services.pipeline.catalogue.gpu(gpu).usd_per_gpu_hour


def _jobs(app: AnyApp) -> dict[str, tuple[str, float, float]]:
    """Each job by name: its kind, its interval (s) and how far off its first run is (s)."""
    assert app.job_queue is not None
    now = dt.datetime.now(dt.UTC)
    found: dict[str, tuple[str, float, float]] = {}
    for job in app.job_queue.jobs():
        trigger = job.job.trigger
        if hasattr(trigger, "interval"):
            found[job.name or ""] = ("repeating", trigger.interval.total_seconds(),
                                     (trigger.start_date - now).total_seconds())
        else:
            found[job.name or ""] = ("once", 0.0, (trigger.run_date - now).total_seconds())
    return found


def _job(app: AnyApp, name: str) -> Callable[[object], Awaitable[None]]:
    assert app.job_queue is not None
    *_, job = app.job_queue.get_jobs_by_name(name)  # the last one scheduled
    return job.callback


def _commands(app: AnyApp) -> set[str]:
    return {c for group in app.handlers.values() for h in group
            if isinstance(h, CommandHandler) for c in h.commands}


def _logged(caplog: pytest.LogCaptureFixture, level: int) -> list[str]:
    return [r.getMessage() for r in caplog.records
            if r.name == runner.__name__ and r.levelno == level]


def _leading() -> list[asyncio.Task[Any]]:
    return [t for t in asyncio.all_tasks() if t.get_name() == "alerts-leader" and not t.done()]


class Bot:
    """The application as bot/app.py builds it, its post_init run (polling not started)."""

    def __init__(self, api: FakeBotAPI, url: str, **extra: Any) -> None:
        self.settings = make_settings(api, database_url=url, prices_source=NO_FEED, **extra)
        self.services = telegram_services(self.settings, Pipeline(load_catalogue()))
        self.app: AnyApp = telegram_application(self.settings, self.services)

    @property
    def later(self) -> LateStorage:
        assert self.services.later is not None
        return self.services.later

    @property
    def prefs(self) -> PreferenceMirror:
        assert isinstance(self.services.prefs, PreferenceMirror)
        return self.services.prefs

    async def post_init(self) -> None:
        assert self.app.post_init is not None
        await self.app.post_init(self.app)

    async def post_shutdown(self) -> None:
        assert self.app.post_shutdown is not None
        await self.app.post_shutdown(self.app)


@pytest.fixture
def no_first_poll(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing polls here: the work waiting for the first poll (menus, warm-up) never starts."""
    monkeypatch.setattr(runner, "FIRST_POLL_WAIT_SECONDS", 600.0)


@pytest.fixture
async def initialised(api: FakeBotAPI) -> AsyncIterator[Callable[..., Awaitable[Bot]]]:
    bots: list[Bot] = []

    async def make(url: str, **extra: Any) -> Bot:
        bot = Bot(api, url, **extra)
        await bot.app.initialize()
        bots.append(bot)
        await bot.post_init()
        return bot

    yield make
    for bot in bots:
        await bot.post_shutdown()
        await bot.app.shutdown()


# ----------------------------------------------------------------------------- a database


@pytest.mark.usefixtures("no_first_poll")
async def test_the_stored_prices_and_languages_are_in_place_before_the_first_poll_and_kept_fresh(
    db_url: str, initialised: Callable[..., Awaitable[Bot]], caplog: pytest.LogCaptureFixture,
) -> None:
    """A SQLite file at head is read without SQLAlchemy and its storage comes up after the
    first poll; PostgreSQL's comes up before it. Either way the first answer quotes the prices
    in force and knows the users' languages; then jobs reload both (other processes write
    them) every 30 and 60 s, and a failed reload keeps what the bot had."""
    caplog.set_level(logging.INFO, logger=runner.__name__)
    await _store(db_url, {"h100": "1.905"}, {11: "es"})
    bot = await initialised(db_url)
    services = bot.services
    assert _price(services, "h100") == Decimal("1.905")
    assert bot.prefs.loaded and await bot.prefs.get_locale(11) == "es"
    early = db_url.startswith("sqlite")
    assert bot.later.ready is not early and (services.alerts is None) is early
    assert set(_jobs(bot.app)) == ({"forget_idle"} if early else
                                   {"forget_idle", "alerts-feed", "refresh_prices",
                                    "refresh_preferences"})
    assert (not STORAGE_COMMANDS & _commands(bot.app)) is early

    alerts = await bot.later.get()
    assert alerts is not None and alerts is services.alerts and bot.later.ready
    assert await bot.later.prefs() is alerts.prefs
    assert _commands(bot.app) >= STORAGE_COMMANDS  # the alert handlers, now registered
    guard = bot.app.handlers[-3][0].callback.__self__  # type: ignore[attr-defined]
    assert guard.alerts is alerts
    jobs = _jobs(bot.app)
    assert jobs["refresh_prices"][:2] == ("repeating", 30.0)
    assert 25 < jobs["refresh_prices"][2] <= 30  # first after one interval
    assert jobs["refresh_preferences"][:2] == ("repeating", 60.0)
    assert 55 < jobs["refresh_preferences"][2] <= 60
    assert _leading()  # the alerts started: their leader runs
    assert _logged(caplog, logging.WARNING) == _logged(caplog, logging.ERROR) == []

    await _store(db_url, {"h100": "1.75", "b200": "4.05"}, {12: "fr", 11: "fr"})
    assert _price(services, "h100") == Decimal("1.905")  # until the jobs run
    await _job(bot.app, "refresh_prices")(None)
    await _job(bot.app, "refresh_preferences")(None)
    assert (_price(services, "h100"), _price(services, "b200")) == (Decimal("1.75"), Decimal("4.05"))
    assert (await bot.prefs.get_locale(11), await bot.prefs.get_locale(12)) == ("fr", "fr")

    async def away(*args: object) -> Any:
        raise ConnectionRefusedError("the database is away")

    alerts.service.catalogue_in_force = away  # type: ignore[method-assign]
    alerts.prefs.chosen_locales = away  # type: ignore[method-assign]
    await _store(db_url, {"h100": "1.5"}, {})
    await _job(bot.app, "refresh_prices")(None)
    await _job(bot.app, "refresh_preferences")(None)
    assert _price(services, "h100") == Decimal("1.75")  # the last prices known
    assert await bot.prefs.get_locale(12) == "fr"  # the last choices known
    assert _logged(caplog, logging.WARNING) == [
        "could not refresh the prices in force", "could not reload the language choices"]
    assert all(r.exc_info for r in caplog.records
               if r.name == runner.__name__ and r.levelno == logging.WARNING)

    await bot.post_shutdown()
    assert not _leading()  # the alerts stopped with the bot


@pytest.mark.usefixtures("no_first_poll")
async def test_the_choices_read_at_start_are_not_read_again_when_the_storage_comes_up(
    tmp_path: Path, initialised: Callable[..., Awaitable[Bot]],
) -> None:
    """Read with sqlite3 before the first poll, the choices are current: bringing the storage
    up adds no second read (the next comes with the 60 s job)."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}"
    await migrate(url)
    await _store(url, {}, {11: "es"})
    bot = await initialised(url)
    reads = 0
    built = bot.later.build

    def counting() -> Any:
        alerts = built()
        real = alerts.prefs.chosen_locales

        async def chosen_locales() -> dict[int, str]:
            nonlocal reads
            reads += 1
            return await real()

        alerts.prefs.chosen_locales = chosen_locales  # type: ignore[method-assign]
        return alerts

    bot.later.build = counting
    await bot.later.get()
    assert reads == 0
    await _job(bot.app, "refresh_preferences")(None)
    assert reads == 1


@pytest.mark.parametrize("behind", [False, True], ids=["new", "behind"])
@pytest.mark.usefixtures("no_first_poll")
async def test_a_sqlite_file_not_at_head_has_its_storage_up_and_its_choices_read_before_polling(
    tmp_path: Path, initialised: Callable[..., Awaitable[Bot]], behind: bool,
) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}"
    if behind:
        await migrate(url, "0001")
    bot = await initialised(url)
    assert bot.later.ready and bot.services.alerts is not None
    assert bot.prefs.loaded  # read through the storage once migrated
    assert _commands(bot.app) >= STORAGE_COMMANDS


# ----------------------------------------------------------------------------- failures


@pytest.mark.usefixtures("no_first_poll")
async def test_a_database_unreachable_at_start_is_retried_every_30_s_until_the_alerts_start(
    tmp_path: Path, initialised: Callable[..., Awaitable[Bot]], caplog: pytest.LogCaptureFixture,
) -> None:
    """The bot answers meanwhile; once the database is there, the retry starts the alerts,
    loads the prices in force and listens for this process's own changes."""
    caplog.set_level(logging.INFO, logger=runner.__name__)
    folder = tmp_path / "not-yet"
    url = f"sqlite+aiosqlite:///{folder / 'bot.sqlite3'}"
    bot = await initialised(url)
    alerts = bot.services.alerts
    assert alerts is not None and bot.later.ready  # built, not started
    assert _logged(caplog, logging.ERROR) == ["alerts could not start; retrying in 30 s"]
    assert _logged(caplog, logging.WARNING) == ["could not reload the language choices"]
    assert all(r.exc_info for r in caplog.records
               if r.name == runner.__name__ and r.levelno >= logging.WARNING)
    jobs = _jobs(bot.app)
    assert jobs["start_alerts_or_retry"][:2] == ("once", 0.0)
    assert 25 < jobs["start_alerts_or_retry"][2] <= 30
    assert not _leading() and not bot.prefs.loaded

    caplog.clear()
    await _job(bot.app, "start_alerts_or_retry")(None)  # still away: once more
    assert _logged(caplog, logging.ERROR) == ["alerts could not start; retrying in 30 s"]
    assert len(bot.app.job_queue.get_jobs_by_name("start_alerts_or_retry")) == 2  # type: ignore[union-attr]

    folder.mkdir()
    await migrate(url)
    await _store(url, {"h100": "1.25"}, {})
    caplog.clear()
    await _job(bot.app, "start_alerts_or_retry")(None)
    assert _logged(caplog, logging.ERROR) == []
    assert _leading()
    assert _price(bot.services, "h100") == Decimal("1.25")
    await alerts.set_price("h100", Decimal("1.10"), admin_id=ADMIN, force=True)
    assert _price(bot.services, "h100") == Decimal("1.10")


@pytest.mark.usefixtures("no_first_poll")
async def test_a_file_sqlite3_cannot_read_is_opened_as_usual(
    tmp_path: Path, initialised: Callable[..., Awaitable[Bot]], caplog: pytest.LogCaptureFixture,
) -> None:
    path = tmp_path / "bot.sqlite3"
    path.write_bytes(b"not a database, " * 512)
    bot = await initialised(f"sqlite+aiosqlite:///{path}")
    warnings = [r for r in caplog.records
                if r.name == runner.__name__ and r.levelno == logging.WARNING]
    assert warnings[0].getMessage() == f"could not read {path} at start; opening it as usual"
    assert warnings[0].exc_info and warnings[0].exc_info[0] is not None  # with its traceback
    # Opened through SQLAlchemy before polling, as before the start-up reader: which fails too.
    assert bot.later.ready
    assert _logged(caplog, logging.ERROR) == ["alerts could not start; retrying in 30 s"]


@pytest.mark.usefixtures("no_first_poll")
async def test_storage_that_cannot_be_built_leaves_the_bot_answering_without_alerts(
    api: FakeBotAPI, tmp_path: Path, caplog: pytest.LogCaptureFixture,
) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}"
    await migrate(url)
    await _store(url, {"h100": "1.905"}, {11: "es"})
    bot = Bot(api, url)

    def broken() -> Any:
        raise ImportError("no database driver")

    bot.later.build = broken
    async with bot.app:
        await bot.post_init()
        assert await bot.later.get() is None
        assert bot.later.ready and bot.services.alerts is None
        with pytest.raises(RuntimeError, match=r"^the storage could not be built$"):
            await bot.later.prefs()
        assert not (STORAGE_COMMANDS & _commands(bot.app))
        assert set(_jobs(bot.app)) == {"forget_idle"}  # nothing to refresh from
        # What was read at start stays in use.
        assert _price(bot.services, "h100") == Decimal("1.905")
        assert await bot.prefs.get_locale(11) == "es"
        await bot.post_shutdown()
    (error,) = [r for r in caplog.records
                if r.name == runner.__name__ and r.levelno == logging.ERROR]
    assert error.getMessage() == "the storage could not be built: no alerts, no stored languages"
    assert error.exc_info and error.exc_info[0] is ImportError  # with its traceback


async def test_late_storage_is_brought_up_only_by_a_built_application() -> None:
    later = LateStorage("sqlite+aiosqlite:///unused.sqlite3", load_catalogue(), lambda: None)  # type: ignore[arg-type,return-value]
    assert not later.ready and later.alerts is None
    with pytest.raises(RuntimeError, match=r"^the storage is brought up by a built application$"):
        await later.get()
    await later.finished()  # nothing under way: returns


async def test_shutdown_during_the_storage_bring_up_waits_for_it_then_stops_the_alerts(
    api: FakeBotAPI, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(runner, "FIRST_POLL_WAIT_SECONDS", 600.0)
    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}"
    await migrate(url)
    bot = Bot(api, url)
    async with bot.app:
        await bot.post_init()
        assert not bot.later.ready
        bringing = asyncio.ensure_future(bot.later.get())
        await asyncio.sleep(0)
        assert [t for t in asyncio.all_tasks() if t.get_name() == "storage-bring-up"]
        await bot.post_shutdown()
        assert bot.later.ready and bot.services.alerts is not None
        assert not _leading()
        await bringing


@pytest.mark.usefixtures("no_first_poll")
async def test_a_bot_without_late_storage_starts_its_alerts_before_polling(
    db_url: str, api: FakeBotAPI,
) -> None:
    """Services built with the alerts already (the console's way, and older deploys): they
    start in post_init and their handlers and jobs are there from the start."""
    settings = make_settings(api, database_url=db_url, prices_source=NO_FEED)
    pipeline = Pipeline(load_catalogue())
    built = telegram_services(settings, pipeline)
    assert built.later is not None
    alerts = built.later.build()
    services = Services(pipeline, prefs=PreferenceMirror(alerts.prefs), alerts=alerts)
    await _store(db_url, {}, {11: "fr"})
    app = telegram_application(settings, services)
    async with app:
        assert app.post_init is not None and app.post_shutdown is not None
        await app.post_init(app)
        try:
            assert _leading() and _commands(app) >= STORAGE_COMMANDS
            guard = app.handlers[-3][0].callback.__self__  # type: ignore[attr-defined]
            assert guard.alerts is alerts  # free text that asks for an alert reaches them
            assert await services.prefs.get_locale(11) == "fr"
            assert {"refresh_prices", "refresh_preferences"} <= set(_jobs(app))
        finally:
            await app.post_shutdown(app)
        assert not _leading()


# ----------------------------------------------------------------------------- the processor


def _update(text: str) -> Update:
    return Update.de_json({"update_id": 1, "message": {
        "message_id": 1, "date": 0, "chat": {"id": 5, "type": "private"},
        "from": {"id": 5, "is_bot": False, "first_name": "A"}, "text": text}}, None)


@pytest.mark.parametrize("update", [
    "not an update",  # what a TypeHandler may be given
    Update.de_json({"update_id": 3, "inline_query": {
        "id": "1", "query": "/alerts", "offset": "",
        "from": {"id": 5, "is_bot": False, "first_name": "A"}}}, None),
    Update.de_json({"update_id": 4, "message": {  # a photo or a sticker: no text
        "message_id": 1, "date": 0, "chat": {"id": 5, "type": "private"},
        "from": {"id": 5, "is_bot": False, "first_name": "A"}}}, None),
], ids=["object", "inline-query", "no-text"])
def test_what_has_no_command_text_never_waits_for_the_storage(update: object) -> None:
    assert runner.needs_storage(update) is False


async def test_the_processor_holds_updates_then_handles_them_and_counts_those_in_progress() -> None:
    updates = StartingUpdates(4)
    assert updates.max_concurrent_updates == 4 and updates.busy == 0 and updates.idle.is_set()
    order: list[str] = []
    released = {"/alerts": asyncio.Event(), "/history h100": asyncio.Event()}

    async def hold(update: object) -> None:
        assert isinstance(update, Update) and update.message is not None
        order.append(f"held {update.message.text}")
        await released[update.message.text or ""].wait()

    async def handle(text: str) -> None:
        order.append(f"handled {text}")

    updates.hold = hold
    tasks = [asyncio.ensure_future(updates.do_process_update(_update(text), handle(text)))
             for text in released]
    await asyncio.sleep(0)
    assert updates.busy == 2 and not updates.idle.is_set()
    assert order == ["held /alerts", "held /history h100"]
    released["/alerts"].set()
    await tasks[0]
    assert order[2:] == ["handled /alerts"]  # after its own hold, not the other's
    assert updates.busy == 1 and not updates.idle.is_set()
    released["/history h100"].set()
    await tasks[1]
    assert order[3:] == ["handled /history h100"] and updates.busy == 0 and updates.idle.is_set()


async def test_without_a_hold_an_update_is_handled_at_once() -> None:
    updates = StartingUpdates(1)
    handled: list[str] = []

    async def handle() -> None:
        handled.append("/alerts")

    await updates.do_process_update(_update("/alerts"), handle())
    assert handled == ["/alerts"] and updates.busy == 0


async def test_an_update_whose_hold_fails_is_never_handled_and_leaves_the_count() -> None:
    updates = StartingUpdates(1)
    handled = False

    async def hold(update: object) -> None:
        raise asyncio.CancelledError  # shutdown while the storage comes up

    async def handle() -> None:
        nonlocal handled
        handled = True

    updates.hold = hold
    coroutine = handle()
    with pytest.raises(asyncio.CancelledError):
        await updates.do_process_update(_update("/alerts"), coroutine)
    assert not handled and inspect.getcoroutinestate(coroutine) == inspect.CORO_CLOSED  # closed: no "never awaited" warning
    assert updates.busy == 0 and updates.idle.is_set()


async def test_the_menus_failing_is_logged_and_the_bot_warms_up_anyway(
    api: FakeBotAPI, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setattr(runner, "FIRST_POLL_WAIT_SECONDS", 0.0)
    warmed: list[Pipeline] = []

    async def warm_up(pipeline: Pipeline) -> None:
        warmed.append(pipeline)

    monkeypatch.setattr(runner, "warm_up", warm_up)
    api.fail_next("setMyCommands", 400, times=3)
    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}"
    await migrate(url)
    bot = Bot(api, url)
    async with bot.app:
        await bot.post_init()
        try:
            (after_first_poll,) = [t for t in asyncio.all_tasks()
                                   if t.get_name() == "after-first-poll"]
            await asyncio.wait_for(after_first_poll, 30)  # raises if the failure escaped
            assert warmed == [bot.services.pipeline] and bot.later.ready
        finally:
            await bot.post_shutdown()
    warnings = [r for r in caplog.records
                if r.name == runner.__name__ and r.levelno == logging.WARNING]
    assert [r.getMessage() for r in warnings] == ["could not set the command menus"]
    assert warnings[0].exc_info and warnings[0].exc_info[0] is not None  # with its traceback


async def test_a_first_reply_slower_than_the_wait_still_lets_the_storage_and_menus_come_up(
    api: FakeBotAPI, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Once polling, the storage's imports wait for the updates fetched so far to be answered,
    at most a second: a reply that takes longer (Telegram slow to accept it) does not keep
    the storage, the menus and the warm-up from starting."""
    monkeypatch.setattr(runner, "FIRST_POLL_WAIT_SECONDS", 30.0)  # the first poll answers
    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}"
    await migrate(url)
    api.delay_next("sendMessage", 3.0)
    api.push_message(31, "can I QLoRA 70B on a 4090?")
    bot = Bot(api, url)
    async with bot.app:
        await bot.post_init()
        (after_first_poll,) = [t for t in asyncio.all_tasks()
                               if t.get_name() == "after-first-poll"]
        await bot.app.start()
        assert bot.app.updater is not None
        await bot.app.updater.start_polling(poll_interval=0.0, timeout=1)
        try:
            await api.wait_for_calls("setMyCommands", 3, timeout=30)
            await api.wait_for_messages(1, chat_id=31, timeout=30)
            await asyncio.wait_for(after_first_poll, 60)
            assert bot.later.ready
        finally:
            await bot.app.updater.stop()
            await bot.app.stop()
            await bot.post_shutdown()
