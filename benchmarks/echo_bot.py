"""A bare python-telegram-bot echo bot, the baseline the bot is measured against: the bot's
transport (JSON bodies, its connection pool) and concurrency, nothing else.

    python -m benchmarks.echo_bot    # TELEGRAM_BOT_TOKEN, TELEGRAM_API_BASE_URL from the env
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from telegram import Update  # noqa: E402
from telegram.ext import (  # noqa: E402
    Application,
    ApplicationBuilder,
    ContextTypes,
    MessageHandler,
    filters,
)

from bot.telegram.request import JsonHTTPXRequest  # noqa: E402

# As bot/telegram/runner.py builds the bot's application.
CONCURRENT_UPDATES = 4
CONNECTION_POOL_SIZE = 8


async def echo(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    assert update.effective_message is not None and update.effective_message.text
    await update.effective_message.reply_text("echo: " + update.effective_message.text[:200])


def echo_app(token: str, base_url: str) -> Application:  # type: ignore[type-arg]
    builder: Any = (
        ApplicationBuilder()
        .token(token)
        .base_url(base_url)
        .concurrent_updates(CONCURRENT_UPDATES)
        .request(JsonHTTPXRequest(connection_pool_size=CONNECTION_POOL_SIZE, pool_timeout=10))
    )
    app: Application = builder.build()  # type: ignore[type-arg]
    app.add_handler(MessageHandler(filters.TEXT, echo))
    return app


if __name__ == "__main__":
    echo_app(os.environ["TELEGRAM_BOT_TOKEN"], os.environ["TELEGRAM_API_BASE_URL"]).run_polling()
