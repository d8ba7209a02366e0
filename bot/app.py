"""Composition root: settings → services → the Telegram application, or the console chat."""

from __future__ import annotations

import argparse
import logging
import sys

from bot.alerts import AlertServices
from bot.console import Console, chat
from bot.pipeline import Pipeline
from bot.settings import Settings

log = logging.getLogger(__name__)


def run(args: argparse.Namespace) -> int:
    settings = Settings()
    pipeline = Pipeline(default_locale=settings.default_locale)
    wants_telegram = args.polling or args.webhook
    if settings.telegram_bot_token is None and wants_telegram:
        # The Procfile's worker must not quietly turn into a console chat that exits 0.
        sys.stderr.write(
            "error: --polling and --webhook need TELEGRAM_BOT_TOKEN (in the environment or "
            "in .env); without a token, `python -m bot` opens a local console chat.\n"
        )
        return 2
    if args.console or settings.telegram_bot_token is None:
        alerts = AlertServices.from_settings(settings, catalogue=pipeline.catalogue)
        return chat(Console(pipeline, alerts), sys.stdin, sys.stdout)
    from bot.telegram.runner import run_telegram

    # The start-up line and the "cannot reach Telegram" warnings are INFO/WARNING.
    logging.getLogger("bot").setLevel(logging.INFO)
    return run_telegram(settings, pipeline, webhook=args.webhook, port=args.port)
