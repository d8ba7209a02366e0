"""Session 28, the lead's fixes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.understand.normalise import correct_word

ROOT = Path(__file__).resolve().parents[1]

# Words one edit from two domain words. Which one the corrector picked used to depend on the
# order a set of delete variants came out in, which moves with the process's string hash seed:
# "bmillion" was a billion in one process and a million in the next.
AMBIGUOUS = {
    "houras": "hours",  # the longest shared start wins
    "hoars": "hours",  # same start: the longest shared end
    "bmillion": "billion",
    "mejory": "mejor",
    "memoriy": "memoria",
    "minuteos": "minutes",
    "detailes": "details",
    "cuantaos": "cuantas",
    "comparaer": "comparar",
    "contexteo": "contexte",
    "inferencea": "inference",
    "bitecoin": "bitcoin",
}


@pytest.mark.parametrize(("typo", "word"), sorted(AMBIGUOUS.items()))
def test_a_typo_near_two_words_takes_the_nearest(typo: str, word: str) -> None:
    assert correct_word(typo) == word


def test_the_choice_does_not_move_with_the_hash_seed() -> None:
    script = (
        "import json, sys\n"
        "from bot.understand.normalise import correct_word\n"
        f"print(json.dumps({{w: correct_word(w) for w in {sorted(AMBIGUOUS)!r}}}))\n"
    )
    seen = set()
    for seed in ("1", "2", "3", "4", "5"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run(
            [sys.executable, "-c", script], cwd=ROOT, env=env, check=True,
            capture_output=True, text=True,
        ).stdout
        seen.add(out)
        assert json.loads(out) == AMBIGUOUS
    assert len(seen) == 1
