"""Bare python-telegram-bot echo bots, the baselines the bot is measured against: PTB's HTTPX
transport with JSON bodies (``JsonHTTPXRequest``), the bot's connection pool and concurrency,
nothing else.

- ``echo_app``: replies "echo: <the text>", a short plain message (the issue's baseline).
- ``shaped_echo_app``: replies with the bot's own reply to that question, computed before the
  run (the same HTML text, parse mode and inline keyboard): what any bot sending this answer
  pays to Telegram's API, so that the gap to the bot is our code, not the payload's size.
  ``stream=True``: the same bot on the bot's own transport (``StreamRequest``, for sends and
  polls), which tells the transport's share apart from the rest of the bot.

    python -m benchmarks.echo_bot    # TELEGRAM_BOT_TOKEN, TELEGRAM_API_BASE_URL from the env
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from telegram import InlineKeyboardMarkup, Update  # noqa: E402
from telegram.constants import ParseMode  # noqa: E402
from telegram.ext import (  # noqa: E402
    Application,
    ApplicationBuilder,
    ContextTypes,
    Defaults,
    MessageHandler,
    filters,
)

from bot.telegram.request import JsonHTTPXRequest, StreamRequest  # noqa: E402

# As bot/telegram/runner.py builds the bot's application.
CONCURRENT_UPDATES = 4
CONNECTION_POOL_SIZE = 8

# A question's reply as the bot sends it: each message's HTML and its keyboard.
Shaped = Sequence[tuple[str, InlineKeyboardMarkup | None]]


async def echo(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    assert update.effective_message is not None and update.effective_message.text
    await update.effective_message.reply_text("echo: " + update.effective_message.text[:200])


def _app(
    token: str, base_url: str, defaults: Defaults | None = None, stream: bool = False
) -> Application:  # type: ignore[type-arg]
    transport = StreamRequest if stream else JsonHTTPXRequest
    builder: Any = (
        ApplicationBuilder()
        .token(token)
        .base_url(base_url)
        .concurrent_updates(CONCURRENT_UPDATES)
        .request(transport(connection_pool_size=CONNECTION_POOL_SIZE, pool_timeout=10))
    )
    if stream:
        builder = builder.get_updates_request(StreamRequest(connection_pool_size=1))
    if defaults is not None:
        builder = builder.defaults(defaults)
    app: Application = builder.build()  # type: ignore[type-arg]
    return app


def echo_app(token: str, base_url: str) -> Application:  # type: ignore[type-arg]
    app = _app(token, base_url)
    app.add_handler(MessageHandler(filters.TEXT, echo))
    return app


def shaped_echo_app(
    replies: Mapping[str, Shaped], stream: bool = False
) -> Callable[[str, str], Application]:  # type: ignore[type-arg]
    """An echo bot that answers each question with `replies[text]`, sent the idiomatic PTB
    way (``reply_text`` with the parse mode in ``Defaults``, as the bot sets it)."""

    async def shaped(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        message = update.effective_message
        assert message is not None and message.text
        for text, markup in replies[message.text]:
            await message.reply_text(text, reply_markup=markup)

    def build(token: str, base_url: str) -> Application:  # type: ignore[type-arg]
        app = _app(token, base_url, Defaults(parse_mode=ParseMode.HTML), stream)
        app.add_handler(MessageHandler(filters.TEXT, shaped))
        return app

    return build


if __name__ == "__main__":
    echo_app(os.environ["TELEGRAM_BOT_TOKEN"], os.environ["TELEGRAM_API_BASE_URL"]).run_polling()
