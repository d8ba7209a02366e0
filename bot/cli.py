"""`python -m bot`: the Telegram bot when a token is set, else a console chat; and `ask`."""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from collections.abc import Sequence
from typing import TextIO

from bot.composition import ask_pipeline
from bot.i18n import SUPPORTED_LOCALES
from bot.pipeline import JSON_KEYS, Pipeline, to_json
from bot.render.renderer import render_template
from bot.understand.lazy import save as save_patterns

log = logging.getLogger(__name__)


def _answer_line(pipeline: Pipeline, question: str, lang: str | None, as_json: bool) -> str:
    reply = pipeline.ask(question, chosen_locale=lang)
    if as_json:
        return json.dumps(to_json(reply), ensure_ascii=False)
    return reply.text


def _failed_line(pipeline: Pipeline, lang: str | None, as_json: bool) -> str:
    """What a line that failed inside prints: the localized apology, and in JSON every key
    of the contract with ``error: "internal_error"``."""
    locale = lang or pipeline.default_locale
    text = render_template("internal_error.html.j2", locale, catalogue=pipeline.catalogue)
    if not as_json:
        return text
    out: dict[str, object] = dict.fromkeys(JSON_KEYS)
    out.update(lang=locale, intent="unknown", error="internal_error", text=text)
    return json.dumps(out, ensure_ascii=False)


def ask(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    """Answers every line: an internal failure on one is logged, answered with an
    ``internal_error`` object and the batch goes on; the exit status is then 1."""
    pipeline = ask_pipeline()
    if args.question:
        questions: Sequence[str] = [" ".join(args.question)]
    else:
        if hasattr(stdin, "reconfigure"):
            # One line of invalid UTF-8 must not end the batch: it becomes U+FFFD.
            stdin.reconfigure(errors="replace")
        questions = (line.rstrip("\r\n") for line in stdin)  # type: ignore[assignment]
    failed = 0
    # A person at a terminal reads text, as in the console; a pipe gets the HTML sent to
    # Telegram (scripts compare it).
    terminal = not args.json and stdout.isatty()
    if terminal:
        from bot.console import to_plain
    for number, question in enumerate(questions, start=1):
        if not question.strip() and not args.question:
            continue
        try:
            line = _answer_line(pipeline, question, args.lang, args.json)
        except Exception:
            failed += 1
            log.exception("internal failure on line %d", number)
            line = _failed_line(pipeline, args.lang, args.json)
        if not args.json and terminal:
            line = to_plain(line)
        stdout.write(line + "\n")
        if not args.json:
            stdout.write("\n")
        stdout.flush()
    # The regular expressions' code for the next `ask` (bot/understand/lazy.py): a script
    # that asks one question per call then skips compiling them.
    save_patterns()
    return 1 if failed else 0


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
    except BrokenPipeError:
        # `ask … | head -1`: the reader has what it wanted. Point stdout at /dev/null so
        # the interpreter's own flush at exit does not fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except Exception:
        log.exception("internal failure")
        return 1
