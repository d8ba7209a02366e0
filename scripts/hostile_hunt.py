"""Hostile numbers in every slot, exhaustively: every slot phrasing of tests/test_hostile_numbers.py
× a fixed list of hostile numbers × every digit form (and an invisible character inside) ×
every locale, through the pipeline, then the same lines as one `python -m bot ask --json` batch.
Prints the counts the README's reliability section quotes.

    .venv/bin/python scripts/hostile_hunt.py [--limit N]
"""

from __future__ import annotations

import argparse
import json
import logging
import subprocess
import sys
import traceback
from collections import Counter
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.i18n import SUPPORTED_LOCALES  # noqa: E402
from bot.pipeline import Pipeline, to_json  # noqa: E402
from bot.render.renderer import render_template  # noqa: E402
from bot.understand.bounds import out_of_range  # noqa: E402
from fakebotapi import validate_telegram_html  # noqa: E402
from rules.catalogue import load_catalogue  # noqa: E402
from tests.support.hostile import DIGIT_ZEROS, SLOTS, SUBSCRIPTS, SUPERSCRIPTS  # noqa: E402

NUMBERS = [
    "0", "-0", "1", "-1", "-5", "7,5", "0.5", "0.0000001", "1e-30", "12h30", "1,000,000",
    "1 000 000", "1.000,5", "1_000", "99", "4096", "10000", "10001", "65536", "100000",
    "999999999999", "1e12", "4e12", "1e15", "1e28", "1E+28", "1e43", "1e400", "1e999999999",
    "-1e30", "9" * 28, "9" * 29, "9" * 43, "9" * 60, "9" * 400, "1" + "0" * 100,
    "123456789012345678901234567890", "99999999999999999999.99999", "1.2.3.4", "0x10", "1/0",
    "10^30", "2**100", "NaN", "nan", "-NaN", "sNaN", "Infinity", "-Infinity", "inf", "∞", "+5",
    "--5", "-", "10⁹", "10⁹⁹⁹",
]
INVISIBLE = ["\u200b", "\u200e", "\u202e", "\u2066", "\ufeff", "\u00ad"]


def forms(number: str) -> list[str]:
    """The number in ASCII, in each digit script, in super- and subscripts, and with an
    invisible character after its first character."""
    out = [number]
    for zero in DIGIT_ZEROS[1:]:
        out.append("".join(chr(zero + int(c)) if c in "0123456789" else c for c in number))
    for table in (SUPERSCRIPTS, SUBSCRIPTS):
        out.append("".join(table[int(c)] if c in "0123456789" else c for c in number))
    for mark in INVISIBLE:
        out.append(number[:1] + mark + number[1:])
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--limit", type=int, default=0, help="stop after this many questions")
    args = parser.parse_args()
    logging.disable(logging.CRITICAL)
    pipeline = Pipeline(load_catalogue(), cache_size=0)
    internal = {render_template("internal_error.html.j2", loc, catalogue=pipeline.catalogue)
                for loc in SUPPORTED_LOCALES}
    questions = [t.format(n=f) for t in SLOTS for n in NUMBERS for f in forms(n)]
    if args.limit:
        questions = questions[: args.limit]
    counts: Counter[str] = Counter()
    first: dict[str, str] = {}
    for question in questions:
        for locale in (None, *SUPPORTED_LOCALES):
            counts["inputs"] += 1
            try:
                reply = pipeline.ask(question, chosen_locale=locale)
                out = to_json(reply)
                json.dumps(out)
                for key in ("usd_per_hour", "cost_usd", "threshold_usd"):
                    if out[key] is not None and not Decimal(out[key]).is_finite():
                        raise ValueError(f"{key} is not a finite amount")
            except Exception:
                counts["exceptions"] += 1
                first.setdefault("exception", f"{question!r}\n{traceback.format_exc()}")
                continue
            if reply.text in internal:
                counts["internal_error"] += 1
                first.setdefault("internal_error", repr(question))
            if any(validate_telegram_html(part) is not None for part in reply.messages):
                counts["invalid_html"] += 1
                first.setdefault("invalid_html", repr(question))
            if out_of_range(reply.query) is not None:
                counts["out_of_range"] += 1
                if out["error"] is None:
                    counts["out_of_range_unanswered"] += 1
    # The same lines as one CLI batch: one object per line, none an internal error.
    batch = subprocess.run(
        [sys.executable, "-m", "bot", "ask", "--json"], input="\n".join(questions) + "\n",
        capture_output=True, text=True, cwd=ROOT, check=False,
    )
    rows = [json.loads(line) for line in batch.stdout.split("\n") if line]
    counts["cli_lines"] = len(questions)
    counts["cli_objects"] = len(rows)
    counts["cli_internal_error"] = sum(r["error"] == "internal_error" for r in rows)
    counts["cli_exit"] = batch.returncode
    for key, value in counts.items():
        print(f"{key:26s} {value}")
    for kind, example in first.items():
        print(f"\nfirst {kind}: {example}")
    bad = ("exceptions", "internal_error", "invalid_html", "out_of_range_unanswered",
           "cli_internal_error", "cli_exit")
    ok = all(counts[k] == 0 for k in bad) and counts["cli_objects"] == counts["cli_lines"]
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
