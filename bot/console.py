"""A local chat in the terminal over the same pipeline and the same SQLite storage as the bot,
for trying it without Telegram: questions and follow-ups, /language (or /lang, with auto),
and price alerts (/alert, /alerts, /unalert, /history; delivered once the bot runs with a
token). What Telegram shows as buttons the console says as commands."""

from __future__ import annotations

import asyncio
import html
import logging
import re
from typing import TextIO

from bot.alerts import AlertServices
from bot.alerts.subscriptions import AlertInputError
from bot.conversation import Conversations
from bot.i18n import AUTO, language_choice, tr
from bot.pipeline import Pipeline, Reply, alerts_set
from bot.render.format import Formatter
from bot.understand.query import Query

log = logging.getLogger(__name__)
_LINK = re.compile(r"""<a\s+href=(["'])(.*?)\1\s*>(.*?)</a>""", re.IGNORECASE | re.DOTALL)
_TAG = re.compile(r"<[^>]+>")
CONSOLE_USER = 0  # the console's one user, in the same tables as Telegram users
HISTORY_ROWS = 20  # the newest prices /history lists


def to_plain(text: str) -> str:
    """Telegram HTML → terminal text; a link keeps its address: "GPU pricing (https://…)"."""
    text = _LINK.sub(lambda m: f"{m.group(3)} ({m.group(2)})", text)
    return html.unescape(_TAG.sub("", text))


class Console:
    def __init__(self, pipeline: Pipeline, alerts: AlertServices | None) -> None:
        self.pipeline = pipeline
        self.alerts = alerts
        self.locale: str | None = None  # an explicit /language choice
        self.last_locale: str | None = None  # the language the last question was written in
        self.conversations = Conversations()

    @property
    def shown(self) -> str:
        """The locale of command replies: the choice, else that of the last question (a
        terminal has no Telegram language to fall back on), else the default."""
        return self.locale or self.last_locale or self.pipeline.default_locale

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
        command, rest = command.lower(), rest.strip()
        if command in ("/start", "/help"):
            self.conversations.forget(CONSOLE_USER)  # a new start is a new conversation
            return self.pipeline.reply(Query(text="", intent="help"), self.shown).text
        if command == "/new":
            asked = self.conversations.followed_text(CONSOLE_USER)
            if asked is None:
                return tr(self.shown, "There is no follow-up to ask again: type your question.")
            return await self._ask(asked, fresh=True)
        if command in ("/language", "/lang"):
            return await self._language(rest)
        if command in ("/alert", "/alerts", "/unalert", "/history"):
            if self.alerts is None:
                return tr(self.shown, "Price alerts need the database, which is not available.")
            return await self._alert_command(self.alerts, command, rest)
        return await self._ask(text)

    async def _ask(self, text: str, fresh: bool = False) -> str:
        previous = None if fresh else self.conversations.previous(CONSOLE_USER)
        reply = self.pipeline.ask(text, chosen_locale=self.locale, previous=previous)
        self.conversations.remember(CONSOLE_USER, reply)
        if reply.query.lang is not None:
            # the language answered in when none is chosen: "annule-la" leans Spanish by its
            # words alone, but a chat held in French answers it, and /alerts after it, in French
            self.last_locale = reply.query.lang if self.locale is not None else reply.locale
        intent = reply.answer.intent
        if self.alerts is not None and reply.composed:
            # "… on my 3060? also alert me if the h100 drops below 2.5", "alert me when the
            # h100 is under 2 btw can i run mixtral on it": each alert set, every question
            # answered (an alert first was set alone, the question after it dropped)
            alerts, locale = self.alerts, reply.locale
            reply = await alerts_set(reply, lambda query: alerts.subscribe_text(
                query, CONSOLE_USER, CONSOLE_USER, locale))
        elif self.alerts is not None and not reply.answer.error:
            if intent == "alert":
                return await self.alerts.subscribe_text(
                    reply.query, CONSOLE_USER, CONSOLE_USER, reply.locale
                )
            target = reply.query.removal_target()
            if intent == "alert_list" or (intent == "alert_remove" and target is None):
                return await self._list(self.alerts, reply.locale)
            if intent == "alert_remove" and target is not None:
                return await self.alerts.remove_text(CONSOLE_USER, reply.locale, target)
        return _with_fresh_hint(reply)

    async def _language(self, wanted: str) -> str:
        choice = language_choice(wanted)
        if choice is None:
            return tr(
                self.shown,
                "Choose the language: /language en, /language es, /language fr, or "
                "/language auto to be answered in the language of each question.",
            )
        self.locale = None if choice == AUTO else choice
        if self.alerts is not None:
            await self.alerts.prefs.set_locale(CONSOLE_USER, CONSOLE_USER, self.locale)
        if self.locale is None:
            return tr(self.shown, "I will answer in the language of each question from now on.")
        return tr(self.locale, "I will answer in English from now on.")

    async def _list(self, alerts: AlertServices, locale: str) -> str:
        text = await alerts.list_text(CONSOLE_USER, locale)
        # The console has no buttons: it says the command instead.
        return text.replace(
            tr(locale, "Tap a button to remove an alert."),
            tr(locale, "Remove one with /unalert and its number (/unalert 2), or all of them "
                       "with /unalert all."),
        )

    async def _alert_command(self, alerts: AlertServices, command: str, rest: str) -> str:
        locale = self.shown
        if command == "/alerts" or (command == "/unalert" and not rest):
            return await self._list(alerts, locale)
        if command == "/unalert":
            return await alerts.remove_text(CONSOLE_USER, locale, rest)
        if command == "/history":
            return await self._history(alerts, locale, rest)
        try:  # /alert, parsed as in Telegram
            spec = alerts.subscriptions.parse(rest.split())
            result = await alerts.subscriptions.subscribe(spec, CONSOLE_USER, CONSOLE_USER)
        except AlertInputError as exc:
            return alerts.renderer.error(locale, exc.code, **exc.params)
        return alerts.renderer.subscribed(
            locale, result.spec, created=result.created, current=result.current,
            armed=result.armed,
        )

    async def _history(self, alerts: AlertServices, locale: str, gpu_text: str) -> str:
        """Telegram draws a chart; the console prints the same prices as a table."""
        if not gpu_text:
            return alerts.renderer.error(locale, "history_usage")
        try:
            gpu_id = alerts.subscriptions.resolve_gpu(gpu_text)
        except AlertInputError as exc:
            return alerts.renderer.error(locale, exc.code, **exc.params)
        points = await alerts.history(gpu_id)
        if not points:
            return alerts.renderer.history(locale, gpu_id, None, 0)
        caption = alerts.renderer.history(
            locale, gpu_id, points[-1][1], len(points), points[0][0].date()
        )
        fmt = Formatter(locale)
        rows = [
            f"{at:%Y-%m-%d %H:%M} UTC  {fmt.usd_exact(price)}"
            for at, price in points[-HISTORY_ROWS:]
        ]
        return caption.rstrip() + "\n\n" + html.escape("\n".join(rows))

    async def stop(self) -> None:
        if self.alerts is not None:
            await self.alerts.db.dispose()


def _with_fresh_hint(reply: Reply) -> str:
    """A follow-up says, under the line naming what it reused, how to ask it alone (the
    console's version of Telegram's button)."""
    if not reply.carried:
        return reply.text
    hint = tr(reply.locale, "Type /new to ask it as a new question instead.")
    lines = reply.text.split("\n")
    at = next((i for i, line in enumerate(lines) if line.startswith("↪️")), 0)
    lines.insert(at + 1, f"   <i>{html.escape(hint)}</i>")
    return "\n".join(lines)


QUIT_COMMANDS = frozenset({"/quit", "/exit", "/q"})


def chat(console: Console, stdin: TextIO, stdout: TextIO) -> int:
    """The read-answer loop. Lines are read on this (the main) thread, so Ctrl-C stops a
    waiting prompt at once; each answer runs on one event loop kept for the whole chat."""
    with asyncio.Runner() as runner:
        runner.run(console.start())
        stdout.write(
            tr(
                console.shown,
                "No TELEGRAM_BOT_TOKEN is set, so this is a local chat over the same pipeline. "
                "Put TELEGRAM_BOT_TOKEN=… in the environment or in .env to connect Telegram. "
                "Ask a question (/quit or Ctrl-D to quit):",
            )
            + "\n"
            + tr(
                console.shown,
                "Commands: /lang en|es|fr|auto, /alert h100 below 2, /alerts, "
                "/unalert 2|h100|all, /history h100, /new (ask the last follow-up as a new "
                "question), /start.",
            )
            + "\n> "
        )
        stdout.flush()
        status = 0
        try:
            while line := stdin.readline():
                question = line.strip()
                if question.lower() in QUIT_COMMANDS:
                    break  # was answered "I did not understand that" and the chat went on
                if question:
                    stdout.write(to_plain(runner.run(console.answer(question))) + "\n\n")
                stdout.write("> ")
                stdout.flush()
        except KeyboardInterrupt:
            status = 130
        finally:
            runner.run(console.stop())
        stdout.write("\n")
        stdout.flush()
        return status
