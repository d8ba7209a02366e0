"""The bot's application polling a fake Bot API, with the lifecycle run_polling() drives
(post_init, start, polling; then stop and post_shutdown)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

from telegram.ext import Application

from bot.composition import telegram_application
from bot.settings import Settings
from bot.telegram.runner import Services

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
