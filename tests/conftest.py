"""Fixtures shared by the test modules (a module that defines its own fixture of the same name
uses its own).

The database fixture runs every test on SQLite and, when TEST_DATABASE_URL is set (CI starts a
throwaway cluster with scripts/pg_throwaway.sh), on PostgreSQL too: each test gets a fresh
database created through the same Alembic migrations as production.
"""

from __future__ import annotations

import asyncio
import json
import os
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace

import asyncpg
import pytest
import pytest_asyncio
from sqlalchemy.engine import make_url
from telegram import Update
from telegram.ext import Application, ApplicationBuilder, CallbackQueryHandler, ContextTypes

from bot.alerts import AlertServices, SenderConfig
from bot.alerts.leader import Leadership
from bot.alerts.service import AlertService
from bot.console import Console
from bot.pipeline import Pipeline
from bot.settings import Settings
from bot.storage.engine import Database
from bot.storage.migrate import migrate
from bot.telegram.alert_handlers import register_alert_handlers, start_alerts, stop_alerts
from bot.telegram.runner import Services
from fakebotapi import FakeBotAPI
from rules.catalogue import Catalogue, load_catalogue
from tests.support.alerts_helpers import ADMIN, TimedFakeBotAPI, packaged_prices
from tests.support.bot_running import running
from tests.support.console import make_console
from tests.support.profiles import load as load_hypothesis_profile
from tests.support.telegram import make_settings

load_hypothesis_profile()  # HYPOTHESIS_PROFILE=mutation under scripts/mutation_module.sh

BACKENDS = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]


# ----------------------------------------------------------------------------- databases


async def _create_pg_database(base_url: str) -> str:
    url = make_url(base_url)
    name = f"alerts_{uuid.uuid4().hex[:12]}"
    conn = await asyncpg.connect(
        host=url.host, port=url.port, user=url.username, password=url.password,
        database=url.database or "postgres",
    )
    try:
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    return url.set(database=name).render_as_string(hide_password=False)


async def _drop_pg_database(base_url: str, name: str) -> None:
    url = make_url(base_url)
    conn = await asyncpg.connect(
        host=url.host, port=url.port, user=url.username, password=url.password,
        database=url.database or "postgres",
    )
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await conn.close()


@pytest_asyncio.fixture(params=BACKENDS)
async def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """An empty, migrated database: a SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path / 'alerts.sqlite3'}"
        await migrate(url)
        yield url
        return
    base = os.environ.get("TEST_DATABASE_URL")
    if not base:
        pytest.skip("TEST_DATABASE_URL is not set")
    url = await _create_pg_database(base)
    try:
        await migrate(url)
        yield url
    finally:
        await _drop_pg_database(base, make_url(url).database or "")


@pytest_asyncio.fixture
async def db(db_url: str) -> AsyncIterator[Database]:
    database = Database(db_url)
    yield database
    await database.dispose()


@pytest.fixture
def catalogue() -> Catalogue:
    return load_catalogue()


@pytest_asyncio.fixture
async def service(db: Database, catalogue: Catalogue) -> AlertService:
    svc = AlertService(db, catalogue, admin_ids=frozenset({900_001}))
    await svc.ensure_baseline()
    return svc


# ----------------------------------------------------------------------------- the fake


@pytest_asyncio.fixture
async def api(request: pytest.FixtureRequest) -> AsyncIterator[FakeBotAPI]:
    """The fake Bot API on 127.0.0.1, recording every call; in a module marked ``timed_fake``
    (the alert tests, thousands of sends) the timed fake, recording none."""
    fake = (TimedFakeBotAPI(record_calls=False) if request.node.get_closest_marker("timed_fake")
            else FakeBotAPI())
    async with fake:
        yield fake


@pytest_asyncio.fixture
async def app(api: FakeBotAPI) -> AsyncIterator[Application]:  # type: ignore[type-arg]
    """The bot polling the fake, with the packaged catalogue and no database."""
    async with running(make_settings(api), Services(Pipeline(load_catalogue()))) as application:
        yield application


@pytest_asyncio.fixture
async def alerts_app(
    db_url: str, tmp_path: Path
) -> AsyncIterator[tuple[TimedFakeBotAPI, AlertServices, list[str]]]:
    prices = tmp_path / "prices.json"
    # The packaged prices: the feed's own polls change nothing and tell the admin nothing, so
    # an admin's reply in a test is never a feed notice that came first.
    prices.write_text(json.dumps({"prices": packaged_prices()}))
    async with TimedFakeBotAPI() as api:
        settings = Settings(
            _env_file=None,  # type: ignore[call-arg]
            telegram_bot_token=api.token, telegram_api_base_url=api.base_url,
            telegram_file_base_url=api.base_file_url, database_url=db_url,
            admin_ids=frozenset({ADMIN}), prices_source=str(prices),
        )
        alerts = AlertServices.from_settings(
            settings, catalogue=load_catalogue(),
            sender_config=SenderConfig(rate=200, per_chat_rate=50, idle_poll=0.05),
            leadership=Leadership(db_url, retry_seconds=0.1),
        )
        services = SimpleNamespace(alerts=alerts, prefs=alerts.prefs)
        app: Application = (  # type: ignore[type-arg]
            ApplicationBuilder().token(api.token).base_url(api.base_url)
            .base_file_url(api.base_file_url).build()
        )
        register_alert_handlers(app, services)
        generic: list[str] = []

        async def catch_all(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
            # Stands in for the runner's own button handler (group 0).
            assert update.callback_query is not None
            generic.append(update.callback_query.data or "")
            await update.callback_query.answer()

        app.add_handler(CallbackQueryHandler(catch_all))
        async with app:
            await start_alerts(app, services)
            await asyncio.wait_for(alerts.leadership.elected.wait(), 10)
            await app.start()
            assert app.updater is not None
            await app.updater.start_polling(poll_interval=0.0, timeout=1)
            yield api, alerts, generic
            await app.updater.stop()
            await app.stop()
            await stop_alerts(app, services)


@pytest_asyncio.fixture
async def console(tmp_path: Path) -> AsyncIterator[Console]:
    """The no-token console chat, started on its own SQLite file (tests.support.console)."""
    made = make_console(tmp_path / "console.sqlite3")
    await made.start()
    try:
        yield made
    finally:
        await made.stop()


@pytest.fixture(autouse=True)
def _render_afresh() -> None:
    """Under mutmut (which forks each mutant from a process that already ran the tests) empty
    the render modules' caches, so a phrase cached before the fork cannot hide a mutant. The
    ordinary suite keeps them warm: emptying them per test would only slow it down."""
    if not os.environ.get("MUTANT_UNDER_TEST"):
        return
    from bot.render import format as format_module
    from bot.render import phrases, renderer

    for module in (format_module, phrases, renderer):
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
                clear()
