"""The bot's application polling a fake Bot API, with the lifecycle run_polling() drives
(post_init, start, polling; then stop and post_shutdown)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from telegram.ext import Application

from bot.composition import telegram_application, telegram_services
from bot.pipeline import Pipeline
from bot.settings import Settings
from bot.telegram.runner import Services
from fakebotapi import FakeBotAPI
from rules.catalogue import load_catalogue

AnyApp = Application[Any, Any, Any, Any, Any, Any]


@contextlib.asynccontextmanager
async def running(settings: Settings, services: Services) -> AsyncIterator[AnyApp]:
    app: AnyApp = telegram_application(settings, services)
    async with app:
        assert app.post_init is not None and app.post_shutdown is not None
        await app.post_init(app)
        await app.start()
        assert app.updater is not None
        await app.updater.start_polling(poll_interval=0.0, timeout=1)
        try:
            yield app
        finally:
            await app.updater.stop()
            await app.stop()
            await app.post_shutdown(app)


@contextlib.asynccontextmanager
async def running_on_sqlite(api: FakeBotAPI, tmp_path: Path) -> AsyncIterator[AnyApp]:
    """The whole bot (its pipeline, alerts and chats on a SQLite file in `tmp_path`) polling
    `api`: the application the Telegram end-to-end tests talk to."""
    settings = Settings(
        _env_file=None,  # type: ignore[call-arg]
        telegram_bot_token=api.token, telegram_api_base_url=api.base_url,
        telegram_file_base_url=api.base_file_url, typing_delay_seconds=0,
        database_url=f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}",
    )
    async with running(settings, telegram_services(settings, Pipeline(load_catalogue()))) as app:
        yield app
