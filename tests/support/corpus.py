"""The corpus questions as written, for tests that check a shortcut against the general path
on every question the project pins (tests/corpus/questions.toml and real_questions.toml)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def corpus_texts() -> list[str]:
    out: list[str] = []
    for name in ("questions", "real_questions"):
        data = tomllib.loads((ROOT / "tests" / "corpus" / f"{name}.toml").read_text("utf-8"))
        for cases in data.values():
            out += [case["q"] if "q" in case else case["t"] for case in cases]
    return out
