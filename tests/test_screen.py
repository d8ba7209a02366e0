"""bot/understand/screen.py: the substrings every match of a pattern holds, read off the
pattern, and patterns searched only where one of them is: the same matches as the pattern's."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from bot.understand import screen
from bot.understand import settings as st
from bot.understand.normalise import fold
from bot.understand.screen import Screened, clauses, needles
from tests.support.corpus import corpus_texts


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        ("adafactor", ("adafactor",)),
        (r"paged[ _-]?adamw?|pagedadamw?", ("paged",)),  # the common prefix
        # "f" factored out; each branch spelled out where it has few spellings
        (r"(?<![a-z0-9])(?:fp ?32|float ?32)(?![a-z0-9])", ("loat", "p 32", "p32")),
        (r"(?<![a-z0-9])q ?, ?v(?![a-z0-9])", ("q , v", "q ,v", "q, v", "q,v")),  # one-letter runs
        (r"x[ab]?y", ("xay", "xby", "xy")),  # a small set of letters, optional
        (r"max_new_tokens|(?:generate|write) \d+ tokens", (" tokens", "max_new_tokens")),
        (r"tok(?:en)?s?|tokens per", ("tok",)),  # a needle holding another is implied by it
        (r"(?:ab)+cde", ("cde",)),  # the longest run of literals wins
        (r"x(?:abc)?y", ("xabcy", "xy")),  # an optional group: both spellings
        (r"x\w?y", None),  # one-letter runs around any letter: nothing worth checking
        (r"abc|\d+", None),  # a branch without literals
        (r"abc|", None),  # an empty branch
        (r"(?i)paged", None),  # case-insensitive
        (r"a|b|c|d|e|f|g|h|i|j|k|l|m", None),
        ("|".join(f"w{i:02d}" for i in range(13)), None),  # more needles than a search costs
    ],
)
def test_needles_are_what_every_match_holds(pattern: str, expected: tuple[str, ...] | None) -> None:
    assert needles(pattern) == expected


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        # The words that generate, apart from "tok", which every match holds too.
        (r"(?<![a-z0-9])(?:generat\w*|output) \d+ tok(?:en)?s?",
         ((" tok",), ("generat", "output"))),
        (r"paged[ _-]?adamw?", (("paged",), ("adam",))),
        # A second set would be in the same words as the first ("oken" beside "tok"): none.
        (r"(?<![a-z0-9])tok(?:en)?s?(?![a-z])", (("tok",),)),
        (r"x\w?y", ()),
    ],
)
def test_a_second_needle_set_when_the_pattern_gives_one(
        pattern: str, expected: tuple[tuple[str, ...], ...]) -> None:
    assert clauses(pattern) == expected


def test_a_word_pattern_made_later_prepares_without_the_cache(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With no cache directory (or a file another version of the code wrote since), a word
    pattern made after others were prepared gets its openings (was a KeyError: the openings
    written back were read from the file for every pattern)."""
    monkeypatch.setattr(screen.disk_cache, "cache_dir", lambda: None)
    first = screen.Headed(r"(?<![a-z0-9])(?:zorblax|quuxify)(?![a-z0-9])")
    assert first.admits("a zorblax here")
    second = screen.Headed(r"(?<![a-z0-9])(?:flimflam|wibble)(?![a-z0-9])")
    assert second.admits("flimflam") and not second.admits("nothing of it")


def test_a_text_without_the_second_set_is_not_searched() -> None:
    made = Screened(r"(?<![a-z0-9])(?:generat\w*|output) \d+ tok(?:en)?s?")
    made.search("")  # its needles
    made.pattern = None  # type: ignore[assignment]  # searching now raises
    assert made.search("llama 70b on 200m tokens") is None
    assert not made.admits("200m tokens, seq len 2048")
    assert made.admits("generate 200 tokens")


def test_a_disk_file_of_other_patterns_is_read_without_error(monkeypatch: pytest.MonkeyPatch) -> None:
    # Another worktree's process wrote the shared cache file for its own patterns: the needles
    # of one prepared earlier in this process are not in it (was a KeyError, a flaky failure).
    first = Screened(r"(?<![a-z0-9])probe serve first \d+")
    first.search("")
    monkeypatch.setattr(screen, "_stored", lambda name: {})
    monkeypatch.setattr(screen.disk_cache, "write", lambda *a, **k: True)
    second = Screened(r"(?<![a-z0-9])probe serve second \d+")
    assert second.search("probe serve second 5") is not None
    assert first.search("probe serve first 5") is not None


def test_case_insensitive_flag_gives_no_needles() -> None:
    assert needles("paged", re.IGNORECASE) is None
    assert needles("(?i:paged)x") is None


def _texts() -> list[str]:
    out = [fold(text) for text in corpus_texts()]
    rng = random.Random(16)
    words = ("paged adamw 8bit", "adam", "8 bit", "offload", "cpu", "no", "zero3", "fsdp",
             "bf16", "pure", "amp", "fp32", "weights", "flash attention", "eager", "compiled",
             "torch compile", "packed", "not", "q,k,v,o", "q and v", "qkv", "all linear",
             "generate", "200", "tokens", "prompt of 8k", "3 epochs", "tok/s", "3000",
             "per gpu", "un millon de", "gradient accumulation", "1", "fully", "llama 70b",
             # the words of understanding's other screened patterns
             "how many", "cuantas", "combien de", "do i need", "necesito", "il me faut", "when",
             "if", "si", "cuando", "quand", "des que", "as soon as", "details", "desglose",
             "en detail", "breakdown", "step by step", "gradient checkpointing", "grad ckpt",
             "vs", "versus", "compare", "comparar", "tokens/s", "throughput", "training speed",
             "vitesse d'entrainement", "laptop", "portatil", "2 nodes", "x 2 nodos", "g5.xlarge",
             "p4d.24xlarge", "a2-highgpu-1g", "bnb", "nf4", "load_in_4bit", "h100")
    out += [" ".join(rng.choice(words) for _ in range(rng.randint(1, 8))) for _ in range(3000)]
    return out


def test_screened_patterns_match_where_their_patterns_match() -> None:
    from bot.understand import asks
    from bot.understand import hardware as hw
    from bot.understand import patterns as px

    screened = {
        f"{module.__name__}.{name}": value
        for module in (st, px, asks, hw) for name, value in vars(module).items()
        if isinstance(value, Screened)
    }
    assert len(screened) > 40
    texts = _texts()
    for name, pattern in screened.items():
        plain = re.compile(*pattern._source)
        for text in texts:
            ours, theirs = pattern.search(text), plain.search(text)
            assert (ours and ours.span()) == (theirs and theirs.span()), (name, text)
            assert [m.span() for m in pattern.finditer(text)] == [
                m.span() for m in plain.finditer(text)], (name, text)
            assert pattern.sub(" ", text) == plain.sub(" ", text), (name, text)
            if theirs is not None:
                assert pattern.admits(text)
            for match in plain.finditer(text):  # each match, not just the text, holds a needle
                assert any(n in match.group(0) for n in pattern._needles or ("",)), (name, text)
                assert not pattern._also or any(n in match.group(0) for n in pattern._also), (
                    name, text)


def test_needles_are_kept_on_disk_for_the_next_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tempfile

    from bot.understand import screen

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(screen, "_MADE", [])
    made = Screened(r"(?<![a-z0-9])paged[ _-]?adamw?(?![a-z0-9])")
    assert made.admits("a paged adamw run") and not made.admits("adamw")
    assert list(tmp_path.glob("*/needles-*"))  # written once derived

    def no_parsing(*args: object) -> None:
        raise AssertionError("parsed again")

    monkeypatch.setattr(screen, "needles", no_parsing)
    monkeypatch.setattr(screen, "clauses", no_parsing)
    again = Screened(made._source[0])  # as a restarted process makes it
    assert again.search("paged adamw 8bit") is not None
    assert again.search("adamw 8bit") is None


def test_every_memory_figure_holds_the_cue_searched_first() -> None:
    """hardware.take_memory searches for a figure only in texts holding ``_MEMORY_CUE``: every
    figure ``_MEMORY`` reads must hold it (a cue missing one would drop that figure)."""
    from bot.understand import hardware as hw

    texts = [
        *_texts(), "24gb", "24 gb", "32g ram", "1 tb", "2to", "2 to", "12 go", "a 16 gigs card",
        "8 x 24 gigabytes", "1,5 teraoctets", "80 gib", "10 000 gb", "2 x 24g x 4",
    ]
    matched = 0
    for text in texts:
        for match in hw._MEMORY.finditer(text):
            matched += 1
            assert hw._MEMORY_CUE.search(match.group(0)), (text, match.group(0))
    assert matched > 50
    assert hw._MEMORY_CUE.search("qlora 70b on a gpu for 10 hours") is None
