"""`python -m bot`: the Telegram bot when a token is set, else a console chat; and `ask`."""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Sequence
from typing import TextIO

from bot.i18n import SUPPORTED_LOCALES
from bot.pipeline import Pipeline, to_json

log = logging.getLogger(__name__)


def _answer_line(pipeline: Pipeline, question: str, lang: str | None, as_json: bool) -> str:
    reply = pipeline.ask(question, chosen_locale=lang)
    if as_json:
        return json.dumps(to_json(reply), ensure_ascii=False)
    return reply.text


def ask(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    pipeline = Pipeline()
    if args.question:
        questions: Sequence[str] = [" ".join(args.question)]
    else:
        questions = (line.rstrip("\r\n") for line in stdin)  # type: ignore[assignment]
    for question in questions:
        if not question.strip() and not args.question:
            continue
        stdout.write(_answer_line(pipeline, question, args.lang, args.json) + "\n")
        if not args.json:
            stdout.write("\n")
        stdout.flush()
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__)
    parser.add_argument("--polling", action="store_true", help="run the Telegram bot by polling")
    parser.add_argument("--webhook", action="store_true", help="run the Telegram bot on a webhook")
    parser.add_argument("--port", type=int, default=None, help="webhook port (default $PORT)")
    parser.add_argument("--console", action="store_true", help="chat in this terminal")
    sub = parser.add_subparsers(dest="command")
    ask_parser = sub.add_parser("ask", help="answer one question, or one per line of stdin")
    ask_parser.add_argument("--lang", choices=SUPPORTED_LOCALES, default=None)
    ask_parser.add_argument("--json", action="store_true", help="one JSON object per question")
    ask_parser.add_argument("question", nargs="*", help="the question (else read stdin)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        if args.command == "ask":
            return ask(args, sys.stdin, sys.stdout)
        from bot.app import run

        return run(args)
    except KeyboardInterrupt:
        return 130
    except Exception:
        log.exception("internal failure")
        return 1
