"""The shortcuts that make understanding fast change no result.

- a guard (patterns.Guarded) must be found in every match of the pattern it guards;
- alternations grouped by first letter (patterns.alt) must match what the plain ones match;
- the catalogue index must find the models and GPUs the catalogue finds (its model look-up on
  noise; its GPU key on every spelling);
- number words read with the quick tests read as without them;
- one split into runs of letters, shared by the abbreviations, the typos and the number words,
  changes none of them.
"""

from __future__ import annotations

import re
import tomllib
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.understand import lexicon as lx
from bot.understand import normalise
from bot.understand import patterns as px
from bot.understand.index import catalogue_index
from bot.understand.lazy import written
from bot.understand.normalise import correct_typos, expand_abbreviations, fold, letter_runs
from bot.understand.numbers import words_to_digits
from rules.catalogue import load_catalogue

CAT = load_catalogue()
INDEX = catalogue_index(CAT)

with (Path(__file__).parent / "corpus" / "questions.toml").open("rb") as _fh:
    _DOC = tomllib.load(_fh)
QUESTIONS = [e["q"] for section in ("en", "es", "fr", "none") for e in _DOC[section]]
FOLDED = [correct_typos(fold(q)) for q in QUESTIONS]

# Every lexicon word list, and the spellings of the catalogue's models and GPUs.
LISTS = {
    name: tuple(value)
    for name, value in vars(lx).items()
    if name.isupper() and name != "STOPWORDS" and isinstance(value, tuple | dict)
    and all(isinstance(v, str) for v in value)
}
SPELLINGS = [
    *(s for m in CAT.models for s in (m.id, m.name, *m.aliases)),
    *(s for g in CAT.gpus for s in (g.id, g.name, *g.aliases)),
]
_WORDS = sorted({w for text in FOLDED for w in text.split()})
PIECES = st.lists(
    st.one_of(
        st.sampled_from(_WORDS),
        st.sampled_from(SPELLINGS),
        st.from_regex(r"-?[0-9]{1,5}([.,][0-9]{1,3})?", fullmatch=True),
        st.sampled_from([" ", "x", "-", "$", "%", "/", ".", "(", ")", "'", "=", ":", "k", "gb"]),
        st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789 -.", max_size=6),
    ),
    max_size=25,
).map(lambda pieces: " ".join(pieces).lower())
CHECK = settings(
    deadline=timedelta(seconds=2), max_examples=300, suppress_health_check=[HealthCheck.too_slow]
)

GUARDED = [
    *((name, value) for name, value in vars(px).items() if isinstance(value, px.Guarded)),
    *((f"METHODS[{method}]", pattern) for method, pattern in px.METHODS),
]


def _guards_hold(text: str) -> None:
    for name, guarded in GUARDED:
        for match in guarded.pattern.finditer(text):
            assert guarded.admits(match.group(0)), (name, text, match.group(0))


def _plain(fragments: tuple[str, ...]) -> str:
    return "(?:" + "|".join(sorted(set(fragments), key=len, reverse=True)) + ")"


# Contexts that make the engine backtrack into the alternation, as the real patterns do.
_CONTEXTS = (
    "(?<![a-z0-9]){}(?![a-z0-9])",
    "(?<![a-z]){} ?(?:[a-z]+ )*$",
    "^{}",
)


_PAIRS = [
    (name, re.compile(context.format(px.alt(fragments))), re.compile(context.format(_plain(fragments))))
    for name, fragments in LISTS.items()
    for context in _CONTEXTS
]


def _grouping_holds(text: str) -> None:
    for name, grouped, plain in _PAIRS:
        spans = [m.span() for m in grouped.finditer(text)]
        assert spans == [m.span() for m in plain.finditer(text)], (name, plain.pattern, text)


def _number_words_hold(text: str) -> None:
    assert words_to_digits(text) == words_to_digits(text, quick=False), text


def _shared_runs_hold(text: str) -> None:
    runs = letter_runs(text)
    assert expand_abbreviations(text, runs) == normalise._ABBREVIATION.sub(
        normalise._expanded, text), text
    assert correct_typos(text, runs) == correct_typos(text), text
    assert words_to_digits(text, runs=runs) == words_to_digits(text, quick=False), text


def _index_holds(text: str) -> None:
    found = CAT.models.search(text)
    assert INDEX.models.first_mention(text) == (found[0] if found else None), text


def test_some_lists_are_grouped() -> None:
    grouped = [name for name, fragments in LISTS.items() if px.alt(fragments) != _plain(fragments)]
    assert "PAY_STRONG" in grouped and "COUNT_WORDS" in grouped


@pytest.mark.parametrize("text", FOLDED)
def test_on_the_corpus(text: str) -> None:
    _guards_hold(text)
    _grouping_holds(text)
    _index_holds(text)
    _number_words_hold(text)
    _shared_runs_hold(text)


@CHECK
@given(PIECES)
def test_on_question_shaped_noise(text: str) -> None:
    _guards_hold(text)
    _grouping_holds(text)
    _index_holds(text)
    _number_words_hold(text)
    _shared_runs_hold(text)


NUMBER_WORDS = st.lists(
    st.sampled_from([
        "seven", "seventy", "dos", "mil", "millones", "un", "una", "a", "billion", "million",
        "milliards", "soixante-dix", "y", "et", "cinco", "hundred", "cent", "tokens", "hours",
        "de", "medio", "half", "demi-", "quinze", "jours", "7", "h100", "gpus", "x",
        "dollars", "dolar", "cincuenta", "$", "usd", "hora", "?", "millon", "minutos", "noventa",
    ]),
    max_size=12,
).map(" ".join)


@CHECK
@given(NUMBER_WORDS)
def test_number_word_shortcuts_on_number_words(text: str) -> None:
    _number_words_hold(text)
    _shared_runs_hold(text)


SHORTHAND = st.lists(
    st.sampled_from([
        *lx.ABBREVIATIONS, "q", "v", "k", ",", "/", "-", "'", ".", "and", "y", "70b", "2",
        "modelo", "pas", "chais", "h100", "x", "4090", "of", "qlora", "tb", "2 tb", "cuanto",
        "mill", "seven", "billion",
    ]),
    max_size=10,
).map(lambda words: " ".join(words) if len(words) % 2 else "".join(words))


@CHECK
@given(SHORTHAND)
def test_shared_runs_on_shorthand(text: str) -> None:
    _shared_runs_hold(text)


@pytest.mark.parametrize(("name", "guarded"), GUARDED, ids=[name for name, _ in GUARDED])
@settings(
    deadline=timedelta(seconds=2), max_examples=100, suppress_health_check=[HealthCheck.too_slow]
)
@given(data=st.data())
def test_guards_on_texts_their_pattern_matches(
    name: str, guarded: px.Guarded, data: st.DataObject
) -> None:
    text = data.draw(st.from_regex(written(guarded.pattern)))
    for match in guarded.pattern.finditer(text):
        assert guarded.admits(match.group(0)), (name, text, match.group(0))


GPU_SPELLINGS = [s for g in CAT.gpus for s in (g.id, g.name, *g.aliases)]


# Models share one tokenizer (rules.model_catalogue.name_tokens, tested in
# test_model_catalogue.py); the GPU key still has a quick copy in the index.
@pytest.mark.parametrize("spelling", GPU_SPELLINGS)
def test_index_finds_every_gpu_spelling(spelling: str) -> None:
    for text in (spelling, spelling.upper(), f" {spelling}-", spelling.replace(" ", "_")):
        assert INDEX.find_gpu(text) == CAT.find_gpu(text), text
