"""bot/understand/screen.py ``heads`` and ``Headed``: the first letters of the run of letters
each match of a word pattern starts, read off the pattern, and word patterns searched only in
texts with a run opening that way: the same matches as the pattern's. Also the two other
screens of the same change: a count said alone (hardware) and a sum in another currency
(parse)."""

from __future__ import annotations

import random
import re
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.understand import asks, parse, screen
from bot.understand import hardware as hw
from bot.understand import patterns as px
from bot.understand.lazy import written
from bot.understand.normalise import fold
from bot.understand.screen import Headed, heads, run_heads
from rules.catalogue import load_catalogue
from tests.support.corpus import corpus_texts


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        (r"(?<![a-z0-9])(?:too much|run out of|ran)(?![a-z0-9])", {"too", "run", "ran"}),
        # A run shorter than three letters is its whole self: "ft", not every "ft…".
        (r"(?<![a-z0-9])(?:fine\s?-?\s?tun\w*|ft)(?![a-z0-9])", {"fin", "ft"}),
        (r"(?<![a-z])(?:q ?, ?v|qv)(?![a-z])", {"q", "qv"}),
        (r"(?<![a-z0-9])(?:ab){2,}", {"aba"}),  # repeats opening the same way
        (r"(?=[d])(?<![a-z0-9])do(?:n't| not)", {"do", "don"}),  # a look-ahead: skipped
        (r"(?<![a-z0-9])(?:qu.?est)", {f"qu{c}" for c in "abcdefghijklmnopqrstuvwxyz"} | {"qu"}),
        (r"(?<![a-z0-9])(?:how|\d+ gb)", None),  # a match may open with a digit
        (r"(?<![0-9])how", None),  # a letter may come before a match: it opens no run
        (r"how", None),
        (r"(?<![a-z0-9])a{0,2}(?![a-z])", None),  # may be empty
        (r"(?i)(?<![a-z0-9])how", None),  # case-insensitive
        (r"(?<![a-z0-9])\w+", None),  # too many openings to list
    ],
)
def test_heads_are_how_every_match_opens_its_run(
        pattern: str, expected: set[str] | None) -> None:
    assert heads(pattern) == (None if expected is None else frozenset(expected))


def test_a_text_without_such_a_run_is_not_searched() -> None:
    made = Headed(r"(?<![a-z0-9])(?:too much|run out of)(?![a-z0-9])")
    made.search("")  # its heads
    made.pattern = None  # type: ignore[assignment]  # searching now raises
    assert made.search("is an h100 overkill for a 7b") is None
    assert made.search("trunk tattoo") is None  # "run" and "too" inside runs open none
    assert not made.admits("is an h100 overkill for a 7b")
    assert made.admits("isn't that too much")


def _texts() -> list[str]:
    out = [fold(text) for text in corpus_texts()]
    rng = random.Random(16)
    words = ("too much", "too", "overkill", "run out of memory", "ran out", "oom", "cuda",
             "how do i fix", "how can i make it fit", "que hago", "max context", "longest",
             "contexto maximo", "gradient checkpointing", "how much memory does", "save",
             "price", "prices", "precio", "prix", "cost", "cuesta", "coute", "combien", "pay",
             "crypto", "paypal", "alert me", "avisame", "previens-moi", "serve", "inference",
             "vllm", "fine-tune", "finetuning", "pretrain", "entrainer", "qlora", "h100", "70b",
             "2", "x", "?", "-", "'", "de", "a", "la", "le", "the")
    out += [" ".join(rng.choice(words) for _ in range(rng.randint(1, 8))) for _ in range(3000)]
    return out


HEADED = [(f"{module.__name__}.{name}", value) for module in (px, asks)
          for name, value in vars(module).items() if isinstance(value, Headed)]


def test_headed_patterns_match_where_their_patterns_match() -> None:
    assert len(HEADED) >= 10
    texts = _texts()
    for name, pattern in HEADED:
        plain = re.compile(*pattern._source)
        assert pattern.search("") is None  # prepared: its heads
        assert pattern._heads, name  # each gives heads: no pattern is searched in every text
        for text in texts:
            ours, theirs = pattern.search(text), plain.search(text)
            assert (ours and ours.span()) == (theirs and theirs.span()), (name, text)
            assert [m.span() for m in pattern.finditer(text)] == [
                m.span() for m in plain.finditer(text)], (name, text)
            for match in plain.finditer(text):  # each match opens a run with one of them
                run = re.match(r"[a-z]+", text[match.start():])
                assert run is not None and run.group(0)[:screen.HEAD] in pattern._heads, (
                    name, text)


@pytest.mark.parametrize(("name", "headed"), HEADED, ids=[name for name, _ in HEADED])
@settings(
    deadline=timedelta(seconds=2), max_examples=60, suppress_health_check=[HealthCheck.too_slow]
)
@given(data=st.data())
def test_headed_patterns_admit_texts_they_match(
        name: str, headed: Headed, data: st.DataObject) -> None:
    text = data.draw(st.from_regex(headed._source[0]))
    if re.search(headed._source[0], text):
        assert headed.admits(text), (name, text)


def test_run_heads_are_the_first_letters_of_each_run() -> None:
    screen.forget_texts()
    assert run_heads("can't fine-tune a 70b on 2x h100s") == [
        "can", "t", "fin", "tun", "a", "b", "on", "x", "h", "s"]


def test_each_question_starts_with_no_text_remembered() -> None:
    cat = load_catalogue()
    run_heads("a text of an earlier question")
    parse.understand("ok", cat)
    assert "a text of an earlier question" not in screen._TEXT_HEADS


def test_heads_are_kept_on_disk_for_the_next_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(screen, "_HEADED", [])
    made = Headed(r"(?<![a-z0-9])(?:too much|overkill)(?![a-z0-9])")
    assert made.admits("too much") and not made.admits("a tattoo")
    assert list(tmp_path.glob("*/heads-*"))  # written once derived

    def no_parsing(*args: object) -> None:
        raise AssertionError("parsed again")

    monkeypatch.setattr(screen, "heads", no_parsing)
    again = Headed(made._source[0])  # as a restarted process makes it
    assert again.search("that is overkill") is not None
    assert again.search("a tattoo") is None


# --- a sum in another currency, looked for only where one of its words is -------------------

@settings(deadline=timedelta(seconds=2), max_examples=300)
@given(st.from_regex(written(px.FOREIGN_MONEY)))
def test_foreign_money_is_looked_for_in_every_text_holding_it(text: str) -> None:
    assert parse._foreign_money(text), text


@pytest.mark.parametrize("text", ["50 €", "£20", "100 EUR", "100 Pavos", "20 GBP", "30 peſos",
                                  "10 balles", "5k MXN"])
def test_foreign_money_in_any_case(text: str) -> None:
    assert parse._foreign_money(text), text


def test_a_text_without_a_currency_word_is_not_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    class Raising:
        def search(self, s: str) -> None:
            raise AssertionError(s)

    monkeypatch.setattr(px, "FOREIGN_MONEY", Raising())
    assert not parse._foreign_money("can I QLoRA 70B on 2x H100 for $50?")
    with pytest.raises(AssertionError):
        parse._foreign_money("I have 50 euros")


def test_a_count_alone_is_searched_only_with_a_card_word() -> None:
    assert isinstance(hw._COUNT_ALONE, screen.Screened)
    assert not hw._COUNT_ALONE.admits("qlora 70b on 4 x      for 10 hours")
    match = hw._COUNT_ALONE.search("qlora 70b on 4 gpus")
    assert match is not None and match.group("num") == "4"


# --- guards checked without a call to ``admits``; a web address looked for by its ending ----

def test_a_guarded_search_checks_its_guard_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_call(self: px.Guarded, s: str) -> bool:
        raise AssertionError(s)

    monkeypatch.setattr(px.Guarded, "admits", no_call)
    assert px.MOE.search("mixtral 8x7b") is not None  # a guard pattern ("x ?\d")
    assert px.MOE.search("mixtral 8 gpus") is None
    assert px.CENTS.search("90 cents") is not None  # guard needles ("cent",)
    assert px.CENTS.search("90 dollars") is None
    assert [m.group(0) for m in px.MOE.finditer("8x7b or 8x22b")] == ["8x7b", "8x22b"]
    assert list(px.MOE.finditer("no experts")) == []


def test_a_web_address_is_looked_for_only_by_its_ending() -> None:
    from bot.understand import language

    assert isinstance(language._DOMAIN, screen.Screened)
    assert language._DOMAIN.sub(" ", "answer.ai script") == "  script"
    assert not language._DOMAIN.admits("qlora 12.5b on 2x h100")  # a decimal point alone
    texts = [*_texts(), "answer.ai", "together.ai 70b", "x.ai grok", "foo-bar.io", "a.com b.co"]
    plain = re.compile(*language._DOMAIN._source)
    for text in texts:
        assert language._DOMAIN.sub(" ", text) == plain.sub(" ", text), text
