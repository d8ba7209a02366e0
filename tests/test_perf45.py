"""Exact cuts of issue #16 (session 45). Replies stay the same to the byte (tests/test_speed38.py's
golden replies, benchmarks.identity); these tests pin each cut where undoing it is observable (a
search not made where its answer is known without it), and that what it skips still reads the
same.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot import engines
from tests.support.counted import counted


class _Counting:
    """A compiled pattern whose `search` calls are counted (re.Pattern's methods are read-only)."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self._pattern = pattern
        self.searched: list[str] = []

    def search(self, s: str, *args: Any) -> re.Match[str] | None:
        self.searched.append(s)
        return self._pattern.search(s, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._pattern, name)


# -- engines: the names searched case-blind only where lowering the text could change a match --

_ENGINE_TEXTS = [
    # none named (most messages): neither pattern searched
    ("cost of qlora 12.5b on 3x h100 for 45.6 hours", False, False, False),
    ("¿Cuánto cuesta un LoRA de 70B en 2 H200 durante 12 horas?", False, False, False),
    ("Combien coûte un QLoRA de 12.5B sur 3 H100 pendant 45.6 heures ?", False, False, False),
    ("can I fine-tune Llama 3 8B on a 4090?", False, True, False),  # "llama": a needle
    # named, in any case: the lowered text searched
    ("vllm vs ollama for llama 3 8b on a 4090", True, True, False),
    ("VLLM or Ollama for Mistral 7B?", True, True, False),
    ("¿vLLM u Ollama para mistral 7b en una 4090?", True, True, False),
    ("llama.cpp vs LM Studio speed", True, True, False),
    ("is it faster with jan", True, True, False),
    ("jan 2025", False, True, False),  # "jan" alone is no engine
    # a character ignoring case matches to a name's letter, lowering does not: searched whole
    ("\u017fglang or tgi?", True, False, True),  # long s
    ("\u0130 use vllm", True, False, True),  # İ: lowered, two characters
    ("ollama on my \u212a80", True, False, True),  # Kelvin sign
    ("d\u0131d ollama", True, False, True),  # dotless i
]


@pytest.mark.parametrize(("text", "named", "lowered", "whole"), _ENGINE_TEXTS)
def test_engine_names_searched_in_the_lowered_text(
        text: str, named: bool, lowered: bool, whole: bool,
        monkeypatch: pytest.MonkeyPatch) -> None:
    case_blind = _Counting(engines._ANY_ENGINE)
    monkeypatch.setattr(engines, "_ANY_ENGINE", case_blind)
    seen = counted(engines._ANY_ENGINE_LOWERED.pattern, "search", monkeypatch)
    assert bool(engines._named(text)) is named
    assert bool(seen) is lowered
    assert len(case_blind.searched) == whole
    assert (engines._ANY_ENGINE.search(text) is not None) is named


def test_engine_names_read_as_before_on_the_corpus() -> None:
    from benchmarks.identity import corpus_questions

    for text in corpus_questions():
        assert engines._names_an_engine(text) is (engines._ANY_ENGINE.search(text) is not None), \
            text


# -- whole: understanding's many-field dataclasses made with their dict whole -------------------

def _init_calls(cls: type, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    real = cls.__dict__["__init__"]
    calls: list[int] = []

    def counting(self: Any, *args: Any, **kwargs: Any) -> None:
        calls.append(1)
        real(self, *args, **kwargs)

    monkeypatch.setattr(cls, "__init__", counting)
    return calls


_QUESTIONS = [
    "cost of qlora 12.5b on 3x h100 for 45.6 hours",
    "QLoRA 12.5B con seq len 512, batch 4 y 278M tokens en una 3090, detalles",
    "Peut-on fine-tuner un modèle de 12b sur une L40S en QLoRA ?",
    "qlora llama 3 8b with paged adamw 8bit and gradient checkpointing on a 4090",  # flags read
]


@pytest.mark.parametrize("text", _QUESTIONS)
def test_understanding_makes_no_work_or_settings_field_by_field(
        text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.understand import settings as st
    from bot.understand.parse import _Work, understand
    from rules.catalogue import load_catalogue

    before = understand(text, load_catalogue())
    works, settings = _init_calls(_Work, monkeypatch), _init_calls(st.Settings, monkeypatch)
    assert understand(text, load_catalogue()) == before
    assert not works and not settings


def _same(a: object, b: object) -> bool:
    return type(a) is type(b) and a == b and list(vars(a).items()) == list(vars(b).items())


def test_whole_makes_what_the_constructor_makes() -> None:
    from bot.understand import settings as st
    from bot.understand.parse import _new_work, _Work

    assert _same(st.empty_settings(), st.Settings())
    made = _new_work(s="qlora 8b", lang="en", typed="qlora 8b")
    assert _same(made, _Work(s="qlora 8b", lang="en", typed="qlora 8b"))
    assert _same(_new_work(s="x", lang=None), _Work(s="x", lang=None))
    # fresh defaults from the factories, not shared between instances
    other = _new_work(s="x", lang=None)
    assert other.gpus is not made.gpus and other.flags is not made.flags
    assert _same(made.flags, st.Settings())
    made.flags.full = True
    assert made.flags.full and not other.flags.full and not st.empty_settings().full


def test_whole_refuses_what_the_constructor_refuses() -> None:
    import dataclasses

    from bot.understand.parse import _new_work
    from bot.understand.whole import made_whole

    with pytest.raises(TypeError):
        _new_work(lang="en")  # type: ignore[call-arg]  # s is required
    with pytest.raises(TypeError):
        _new_work(s="x", lang="en", nothing=1)  # type: ignore[call-arg]

    @dataclasses.dataclass(frozen=True)
    class Frozen:
        a: int = 0

    @dataclasses.dataclass(slots=True)
    class Slotted:
        a: int = 0

    @dataclasses.dataclass
    class Checked:
        a: int = 0

        def __post_init__(self) -> None:
            self.a += 1

    for cls in (Frozen, Slotted, Checked):
        with pytest.raises(TypeError):
            made_whole(cls)


# -- settings.read_flags: the ~150 needles of the screened settings found in one scan -----------

@pytest.mark.parametrize(("text", "read_in_full"), [
    ("cost of qlora 12.5b on 3x h100 for 45.6 hours", False),
    ("combien coute un qlora de 12.5b sur 3 h100 pendant 45.6 heures ?", False),
    ("qlora 70b with paged adamw 8bit", True),
    ("lora llama 3 8b, q,k,v,o targets", True),
    ("full ft 7b con offload a cpu", True),
])
def test_read_flags_scans_the_needles_once(
        text: str, read_in_full: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.understand import settings as st

    expected = st._read_flags(text) if read_in_full else None
    screen = _Counting(st._flag_screen())
    monkeypatch.setattr(st, "_flag_screen", lambda: screen)
    full: list[str] = []
    read = st._read_flags

    def reading(s: str) -> st.Settings:
        full.append(s)
        return read(s)

    monkeypatch.setattr(st, "_read_flags", reading)
    got = st.read_flags(text)
    assert screen.searched == [text]
    assert full == ([text] if read_in_full else [])
    if expected is not None:
        assert got == expected


@pytest.mark.parametrize(("found", "text", "held"), [
    (("ab", "abc", "b"), "xxbxx", True),
    (("ab", "abc"), "xxaxbx", False),
    (("ab", "abc"), "zabc", True),
    ((" bf", "bf16"), "a bf", True),
    ((" bf", "bf16"), "abf", False),
    (("q,k", "q, k", "(x)", "a.b", "?"), "what? no", True),
    (("q,k", "(x)", "a.b"), "axb (x", False),
    (("a.b",), "axb", False),  # a literal dot
    ((), "anything", False),
])
def test_held_matches_where_a_string_is(found: tuple[str, ...], text: str, held: bool) -> None:
    from bot.understand.screen import held as held_pattern

    assert (held_pattern(found).search(text) is not None) is held
    assert any(n in text for n in found) is held


def test_held_is_the_needles_loop() -> None:
    import random

    from bot.understand import settings as st

    needles = st._flag_needles()
    screen = st._flag_screen()
    rng = random.Random(45)
    letters = "abcdefghijklmnopqrstuvwxyz _,.-0123456789"
    for _ in range(20_000):
        text = "".join(rng.choice(letters) for _ in range(rng.randint(0, 40)))
        if rng.random() < 0.3:
            cut = rng.choice(needles)
            text = text[:8] + cut[:rng.randint(1, len(cut))] + text[8:]
        assert (screen.search(text) is not None) is any(n in text for n in needles), text


# -- the ways of paying and the other currencies: their needles found in one scan ---------------

@pytest.mark.parametrize(("text", "refused"), [
    ("cost of qlora 12.5b on 3x h100 for 45.6 hours", ()),
    ("can i pay with paypal for an h100", ("paypal",)),
    ("puedo pagar con tarjeta de credito?", ("card",)),
    ("je peux payer par virement ?", ("bank",)),
])
def test_ways_of_paying_screened_in_one_scan(
        text: str, refused: tuple[str, ...], monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.understand import asks
    from bot.understand.normalise import fold

    assert asks._PAY_HELD is not None
    screen = counted(asks._PAY_HELD, "search", monkeypatch)
    folded = fold(text)
    assert asks.refused_payments(folded) == refused
    assert screen == [folded]


@pytest.mark.parametrize(("text", "foreign", "searched"), [
    ("cost of qlora 12.5b on 3x h100 for 45.6 hours", False, False),
    ("¿cuánto cuesta en pesos?", False, True),  # a needle, no sum
    ("tengo 100 pavos", True, True),
    ("50 € for an h100?", True, True),
    ("50 EUR for an h100?", True, True),
])
def test_other_currencies_searched_only_with_a_needle(
        text: str, foreign: bool, searched: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.understand import parse
    from bot.understand import patterns as px

    seen = counted(px.FOREIGN_MONEY, "search", monkeypatch)
    screen = counted(parse._FOREIGN_HELD, "search", monkeypatch)
    assert parse._foreign_money(text) is foreign
    assert screen == [text.casefold()]
    assert bool(seen) is searched


def test_held_screens_read_as_the_needles_loops() -> None:
    from benchmarks.identity import corpus_questions
    from bot.understand import asks, parse
    from bot.understand.normalise import fold

    assert asks._PAY_NEEDLES is not None and asks._PAY_HELD is not None
    for text in corpus_questions():
        folded, cased = fold(text), text.casefold()
        assert (asks._PAY_HELD.search(folded) is not None) is any(
            n in folded for n in asks._PAY_NEEDLES), text
        assert (parse._FOREIGN_HELD.search(cased) is not None) is any(
            n in cased for n in parse._FOREIGN_NEEDLES), text
