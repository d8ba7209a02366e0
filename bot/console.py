"""A local chat in the terminal over the same pipeline, for trying the bot without Telegram."""

from __future__ import annotations

import html
import re
from typing import TextIO

from bot.i18n import tr
from bot.pipeline import Pipeline

_TAG = re.compile(r"<[^>]+>")


def to_plain(text: str) -> str:
    """Telegram HTML → terminal text."""
    return html.unescape(_TAG.sub("", text))


def chat(pipeline: Pipeline, stdin: TextIO, stdout: TextIO, locale: str | None = None) -> int:
    shown = locale or pipeline.default_locale
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
    for line in stdin:
        question = line.strip()
        if question:
            reply = pipeline.ask(question, chosen_locale=locale)
            stdout.write(to_plain(reply.text) + "\n\n")
        stdout.write("> ")
        stdout.flush()
    stdout.write("\n")
    return 0
