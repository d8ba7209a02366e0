"""Composition root: settings → services → the Telegram application, or the console chat."""

from __future__ import annotations

import argparse
import sys

from bot.console import chat
from bot.pipeline import Pipeline
from bot.settings import Settings


def run(args: argparse.Namespace) -> int:
    settings = Settings()
    pipeline = Pipeline(default_locale=settings.default_locale)
    if args.console or settings.telegram_bot_token is None:
        return chat(pipeline, sys.stdin, sys.stdout)
    from bot.telegram.runner import run_telegram

    return run_telegram(settings, pipeline, webhook=args.webhook, port=args.port)
