"""A local chat in the terminal over the same pipeline and the same SQLite storage as the bot,
for trying it without Telegram: questions, /language, and price alerts (stored, listed with
/alerts; delivered once the bot runs with a token)."""

from __future__ import annotations

import asyncio
import html
import logging
import re
from typing import TextIO

from bot.alerts import AlertServices
from bot.conversation import Conversations
from bot.i18n import SUPPORTED_LOCALES, normalise_locale, tr
from bot.pipeline import Pipeline

log = logging.getLogger(__name__)
_TAG = re.compile(r"<[^>]+>")
CONSOLE_USER = 0  # the console's one user, in the same tables as Telegram users


def to_plain(text: str) -> str:
    """Telegram HTML → terminal text."""
    return html.unescape(_TAG.sub("", text))


class Console:
    def __init__(self, pipeline: Pipeline, alerts: AlertServices | None) -> None:
        self.pipeline = pipeline
        self.alerts = alerts
        self.locale: str | None = None
        self.conversations = Conversations()

    async def start(self) -> None:
        self.pipeline.warm_up()
        if self.alerts is None:
            return
        try:
            await self.alerts.prepare()
            self.locale = await self.alerts.prefs.get_locale(CONSOLE_USER)
            self.pipeline.catalogue = await self.alerts.service.catalogue_in_force()
        except Exception:
            # No usable database: questions still work, nothing is remembered.
            log.warning("storage unavailable, the console will not remember anything",
                        exc_info=True)
            self.alerts = None

    async def answer(self, text: str) -> str:
        command, _, rest = text.partition(" ")
        if command == "/language":
            wanted = normalise_locale(rest.strip())
            if wanted is None:
                return f"/language {'|'.join(SUPPORTED_LOCALES)}"
            self.locale = wanted
            if self.alerts is not None:
                await self.alerts.prefs.set_locale(CONSOLE_USER, CONSOLE_USER, wanted)
            return tr(wanted, "I will answer in English from now on.")
        if command == "/alerts" and self.alerts is not None:
            return await self.alerts.list_text(CONSOLE_USER, self.locale or "en")
        reply = self.pipeline.ask(
            text, chosen_locale=self.locale, previous=self.conversations.previous(CONSOLE_USER)
        )
        self.conversations.remember(CONSOLE_USER, reply)
        if reply.answer.intent == "alert" and self.alerts is not None and not reply.answer.error:
            return await self.alerts.subscribe_text(
                reply.query, CONSOLE_USER, CONSOLE_USER, reply.locale
            )
        return reply.text

    async def stop(self) -> None:
        if self.alerts is not None:
            await self.alerts.db.dispose()


async def chat(console: Console, stdin: TextIO, stdout: TextIO) -> int:
    await console.start()
    shown = console.locale or console.pipeline.default_locale
    stdout.write(
        tr(
            shown,
            "No TELEGRAM_BOT_TOKEN is set, so this is a local chat over the same pipeline. "
            "Put TELEGRAM_BOT_TOKEN=… in the environment or in .env to connect Telegram. "
            "Ask a question (Ctrl-D to quit):",
        )
        + "\n> "
    )
    stdout.flush()
    loop = asyncio.get_running_loop()
    try:
        while line := await loop.run_in_executor(None, stdin.readline):
            question = line.strip()
            if question:
                stdout.write(to_plain(await console.answer(question)) + "\n\n")
            stdout.write("> ")
            stdout.flush()
    finally:
        await console.stop()
    stdout.write("\n")
    return 0
