"""Composition root: settings → services → the Telegram application, or the console chat."""

from __future__ import annotations

import argparse
import asyncio
import sys

from bot.alerts import AlertServices
from bot.console import Console, chat
from bot.pipeline import Pipeline
from bot.settings import Settings


def run(args: argparse.Namespace) -> int:
    settings = Settings()
    pipeline = Pipeline(default_locale=settings.default_locale)
    if args.console or settings.telegram_bot_token is None:
        alerts = AlertServices.from_settings(settings, catalogue=pipeline.catalogue)
        return asyncio.run(chat(Console(pipeline, alerts), sys.stdin, sys.stdout))
    from bot.telegram.runner import run_telegram

    return run_telegram(settings, pipeline, webhook=args.webhook, port=args.port)
