"""Instruction counts of the question pipeline under callgrind: a measure of speed work that a
busy machine does not move (the same code and questions count the same, whatever else runs).

    .venv/bin/python -m benchmarks.instructions corpus     # the test corpus, each asked cold
    .venv/bin/python -m benchmarks.instructions cold       # benchmarks.run's cold questions
    .venv/bin/python -m benchmarks.instructions mix        # the whole-bot corpus mix, as the bot asks it
    .venv/bin/python -m benchmarks.instructions named      # cold questions naming a model, from start-up
    .venv/bin/python -m benchmarks.instructions details    # "…, details" questions with run settings
    .venv/bin/python -m benchmarks.instructions budget     # a budget's largest model, samples' cost
    ... cold --count 200        # questions per language (default 300)
    ... corpus --per-question   # also each question's count, the costliest first
    ... corpus --out FILE       # keep the profile for callgrind_annotate (default /tmp)

It runs itself under `valgrind --tool=callgrind` with collection off, and counts only inside
`Pipeline.ask` (client requests through a small C helper built with gcc): start-up, warm-up
and emptying the caches between questions are not counted. corpus: every question of
tests/corpus/*.toml, every cache emptied before each (as benchmarks.run's cold section does);
cold: benchmarks.run's generated cold questions in en/es/fr, caches emptied before each; named:
benchmarks.run's cold questions naming a catalogued model (3 × count), from start-up as its
pipeline section asks them first (a model's first mention compiles its spellings); details:
benchmarks.identity's generated "…, details" questions with run settings (3 × count, caches
emptied before each: most miss their card with settings the remedy search works through); budget:
benchmarks.run's budget questions (count // 10 a language, caches emptied before each: the
largest model a budget trains on data weighed over every configuration, tens of answers each,
and a run's cost or time on samples of unsaid length); mix:
benchmarks.run's whole-bot corpus mix (2 000 updates of questions.toml from 200 chats, each
chat's previous question carried as the bot's conversations do, caches on). Callgrind counts
the interpreter's C functions, not Python's: for Python-level attribution use cProfile on the
same questions, and these totals to say whether a change helped.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

_UNDER = "BENCH_INSTRUCTIONS_CHILD"
_HELPER = r"""
#include <valgrind/callgrind.h>
void cg_toggle(void) { CALLGRIND_TOGGLE_COLLECT; }
void cg_dump(const char *name) { CALLGRIND_DUMP_STATS_AT(name); }
"""


def _helper(directory: str) -> ctypes.CDLL:
    source, library = Path(directory, "cg.c"), Path(directory, "cg.so")
    source.write_text(_HELPER)
    subprocess.run(["gcc", "-O1", "-shared", "-fPIC", "-o", str(library), str(source)],
                   check=True)
    return ctypes.CDLL(str(library))


MIX_UPDATES, MIX_USERS = 2000, 200  # benchmarks.run.bench_bot's burst


def questions(mode: str, count: int) -> list[str]:
    from benchmarks.identity import corpus_questions
    from benchmarks.run import budget_questions, cold_questions, corpus, named_questions

    if mode == "corpus":
        return corpus_questions()
    if mode == "cold":
        return [t for lang in ("en", "es", "fr") for t in cold_questions(count, lang)]
    if mode == "named":
        return named_questions(3 * count, 20)
    if mode == "details":
        from benchmarks.identity import detail_questions

        return detail_questions(3 * count)
    if mode == "budget":
        return [t for lang in ("en", "es", "fr") for t in budget_questions(count // 10, lang)]
    texts = [t for ts in corpus().values() for t in ts if 0 < len(t.strip()) < 300]
    return (texts * (MIX_UPDATES // len(texts) + 1))[:MIX_UPDATES]


def _asks(mode: str, count: int) -> Iterator[Callable[[], object]]:
    """The calls to count, in order; what runs between them is not counted."""
    from benchmarks.run import empty_caches, warmed_pipeline
    from bot.conversation import Conversations

    pipeline = warmed_pipeline()
    texts = questions(mode, count)
    if mode in ("corpus", "cold", "named", "details", "budget"):
        for text in texts:
            empty_caches(pipeline)
            yield lambda text=text: pipeline.ask(text)  # type: ignore[misc]
        return
    # As the corpus mix reaches the pipeline in the bot (handlers._answer_text).
    conversations = Conversations()
    for i, text in enumerate(texts):
        chat = 1000 + i % MIX_USERS

        def ask(text: str = text, chat: int = chat, i: int = i) -> object:
            reply = pipeline.ask(text, telegram_locale="en",
                                 previous=conversations.previous(chat))
            conversations.remember(chat, reply, i)
            return reply

        yield ask


def child(mode: str, count: int, per_question: bool) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        cg = _helper(tmp)
        counted = 0
        for i, ask in enumerate(_asks(mode, count)):
            cg.cg_toggle()
            ask()
            cg.cg_toggle()
            if per_question:
                cg.cg_dump(f"q{i}".encode())
            counted += 1
    print(f"{counted} questions counted", file=sys.stderr)


def _totals(path: Path) -> int:
    for line in path.read_text(errors="replace").splitlines():
        if line.startswith(("totals:", "summary:")):
            return int(line.split()[1])
    return 0


def _dumps(out: Path) -> list[Path]:
    """One dump a question (out.1, out.2, …, in order), the last file what followed them; not
    another file beside them ('--out /tmp/cg' with /tmp/cg.txt there: int('txt') ended the run
    after every question was counted)."""
    numbered = (p for p in out.parent.glob(out.name + ".*")
                if p.name[len(out.name) + 1:].isdigit())
    return sorted(numbered, key=lambda p: int(p.suffix[1:]))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mode", choices=("corpus", "cold", "named", "details", "budget", "mix"))
    parser.add_argument("--count", type=int, default=300,
                        help="cold: questions per language; named, details: a third of the "
                        "questions; budget: ten times the questions per language")
    parser.add_argument("--per-question", action="store_true")
    parser.add_argument("--out", help="the callgrind profile (default: a new file in /tmp)")
    parser.add_argument("--top", type=int, default=20, help="--per-question: how many shown")
    args = parser.parse_args(argv)
    if os.environ.get(_UNDER):
        child(args.mode, args.count, args.per_question)
        return 0
    out = Path(args.out or tempfile.mkstemp(prefix=f"callgrind-{args.mode}-", dir="/tmp")[1])
    command = [
        "valgrind", "--tool=callgrind", "--collect-atstart=no", f"--callgrind-out-file={out}",
        sys.executable, "-m", "benchmarks.instructions", args.mode, "--count", str(args.count),
    ] + (["--per-question"] if args.per_question else [])
    env = dict(os.environ, **{_UNDER: "1", "PYTHONHASHSEED": "0"})
    done = subprocess.run(command, cwd=ROOT, env=env, stderr=subprocess.PIPE, text=True)
    if done.returncode:
        print(done.stderr[-3000:], file=sys.stderr)
        return done.returncode
    if not args.per_question:
        print(f"{args.mode}: {_totals(out):,} instructions  (profile: {out})")
        return 0
    dumps = _dumps(out)
    texts = questions(args.mode, args.count)
    counts = [_totals(path) for path in dumps]
    for path in dumps:
        path.unlink()
    total = sum(counts)
    from benchmarks.run import pct

    print(f"{args.mode}: {total:,} instructions over {len(counts)} questions, "
          f"p50 {pct(counts, 0.5):,} p99 {pct(counts, 0.99):,}")
    ranked = sorted(zip(counts, texts, strict=False), reverse=True)
    for n, text in ranked[:args.top]:
        print(f"{n:>12,}  {n / total:6.2%}  {text[:100]!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
