"""`python -m bot` without `ask`: the Telegram bot (polling or webhook) or the console chat, each
built by the composition root (bot/composition.py)."""

from __future__ import annotations

import argparse
import gc
import logging
import re
import sys
from typing import TYPE_CHECKING, TextIO
from urllib.parse import urlsplit

from bot import composition

if TYPE_CHECKING:
    from bot.console import Console

log = logging.getLogger(__name__)
# PTB's own retry loop (logger "telegram.ext") reports each failed attempt at DEBUG only.
_RETRYING = re.compile(r"Network Retry Loop \((?P<what>[^)]*)\):(?P<why>.*?) ?Failed run number "
                       r"(?P<run>\d+) of -?\d+\. Retrying\.")


class UnreachableWarning(logging.Filter):
    """Turns PTB's silent retries of an unreachable Bot API (at start: getMe, deleteWebhook)
    into a WARNING per attempt, naming the host (never the token); other DEBUG records of
    that logger are dropped as before."""

    def __init__(self, base_url: str) -> None:
        super().__init__()
        self.host = urlsplit(base_url).netloc or base_url

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno >= logging.INFO:
            return True
        found = _RETRYING.match(record.getMessage())
        if found is None:
            return False
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        why = found["why"].strip()
        record.msg = "cannot reach the Telegram Bot API at %s (%s, attempt %d%s); retrying"
        record.args = (self.host, found["what"], int(found["run"]) + 1, f": {why}" if why else "")
        return True


def warn_while_unreachable(base_url: str) -> None:
    """Let PTB's retry messages through UnreachableWarning. Only the "telegram.ext" logger
    itself is lowered to DEBUG: its children (ExtBot logs every request) keep their level."""
    parent = logging.getLogger("telegram.ext")
    for name in list(logging.Logger.manager.loggerDict):
        if name.startswith("telegram.ext."):
            child = logging.getLogger(name)
            if child.level == logging.NOTSET:
                child.setLevel(parent.getEffectiveLevel())
    parent.addFilter(UnreachableWarning(base_url))
    parent.setLevel(logging.DEBUG)


def chat(console: Console, stdin: TextIO, stdout: TextIO) -> int:
    """The console chat (imported here: it loads the storage, which the bot loads late)."""
    from bot.console import chat as console_chat

    return console_chat(console, stdin, stdout)


def run(args: argparse.Namespace) -> int:
    # Building the bot and its first answers allocate much and free little: no collections
    # until then (~20 % of that time). The Telegram runner turns the collector on once the
    # updates waiting at start are answered; the console before its first prompt.
    gc.disable()
    try:
        return _run(args)
    finally:
        gc.enable()


def _run(args: argparse.Namespace) -> int:
    settings = composition.load_settings()
    pipeline = composition.build_pipeline(settings.default_locale)
    wants_telegram = args.polling or args.webhook
    if settings.telegram_bot_token is None and wants_telegram:
        # The Procfile's worker must not quietly turn into a console chat that exits 0.
        sys.stderr.write(
            "error: --polling and --webhook need TELEGRAM_BOT_TOKEN (in the environment or "
            "in .env); without a token, `python -m bot` opens a local console chat.\n"
        )
        return 2
    if args.console or settings.telegram_bot_token is None:
        gc.enable()
        return chat(composition.build_console(settings, pipeline), sys.stdin, sys.stdout)
    from bot.telegram.runner import run_telegram

    # A start-up line at INFO ("polling as @name, …"), a WARNING per failed attempt to reach
    # Telegram: a bot that cannot connect is not silent.
    logging.getLogger("bot").setLevel(logging.INFO)
    warn_while_unreachable(settings.telegram_api_base_url)
    services = composition.telegram_services(settings, pipeline)
    return run_telegram(settings, services, webhook=args.webhook, port=args.port)
