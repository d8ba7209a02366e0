"""Speed work of session 28 (#16): behaviour only, never a time."""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict, PrivateAttr

import rules  # noqa: F401  (its import makes attribute reads plain: rules/attribute_reads.py)
from tests.support.chat import ask

# -- pydantic models' attribute reads (rules/attribute_reads.py) ------------------------------

_MODULES = ("bot.pipeline", "bot.answer", "bot.understand.query", "rules.schema",
            "rules.capacity", "rules.compare", "rules.estimator", "rules.model_catalogue",
            "rules.training_time", "rules.merge", "rules.largest", "rules.budget",
            "rules.rent_buy", "bot.settings")


def _models() -> Iterator[type[BaseModel]]:
    for name in _MODULES:
        importlib.import_module(name)
    todo: list[type] = [BaseModel]
    while todo:
        for sub in todo.pop().__subclasses__():
            todo.append(sub)
            if sub.__module__.split(".")[0] in ("bot", "rules"):
                yield sub


def test_the_bots_models_have_no_attribute_hook() -> None:
    # A __getattr__ anywhere in the MRO makes CPython read every attribute the slow way.
    models = list(_models())
    assert len(models) > 30
    hooked = [m.__qualname__ for m in models
              if any("__getattr__" in c.__dict__ for c in m.__mro__)]
    assert hooked == []


class _Private(BaseModel):
    x: int = 1
    _secret: int = PrivateAttr(default=5)


class _Extra(BaseModel):
    model_config = ConfigDict(extra="allow")
    x: int = 1


class _PrivateChild(_Private):
    y: int = 2


class _Plain(BaseModel):
    model_config = ConfigDict(frozen=True)
    x: int = 1

    @property
    def doubled(self) -> int:
        return self.x * 2


def _set_secret() -> _Private:
    made = _Private()
    made._secret = 9
    return made


# (what is read, how, what it gives)
READS: list[tuple[str, Any, Any]] = [
    ("private default", lambda: _Private()._secret, 5),
    ("private set", lambda: _set_secret()._secret, 9),
    ("private in a subclass", lambda: _PrivateChild()._secret, 5),
    ("extra field", lambda: _Extra(x=2, colour="red").colour, "red"),  # type: ignore[attr-defined]
    ("extra absent", lambda: getattr(_Extra(), "colour", "none"), "none"),
    ("field", lambda: _Plain(x=3).x, 3),
    ("property", lambda: _Plain(x=3).doubled, 6),
    ("missing with default", lambda: getattr(_Plain(), "nope", "d"), "d"),
    ("copy keeps fields", lambda: _Plain(x=4).model_copy(update={"x": 7}).x, 7),
    ("copy keeps private", lambda: _set_secret().model_copy()._secret, 9),
    ("pydantic-settings' private", lambda: _cli_arg_private(), True),
]


def _cli_arg_private() -> bool:
    providers = importlib.import_module("pydantic_settings.sources.providers.cli")
    cls = providers._CliArg
    return "__getattr__" in cls.__dict__ and "_alias_names" in cls.__private_attributes__


@pytest.mark.parametrize(("what", "read", "expected"), READS, ids=[r[0] for r in READS])
def test_model_attributes_read_as_pydantic_reads_them(what: str, read: Any,
                                                      expected: Any) -> None:
    assert read() == expected


@pytest.mark.parametrize(("model", "name", "message"), [
    (_Plain, "nope", "'_Plain' object has no attribute 'nope'"),
    (_Extra, "colour", "'_Extra' object has no attribute 'colour'"),
    (_Private, "_other", "'_Private' object has no attribute '_other'"),
])
def test_a_missing_attribute_raises_as_before(model: type[BaseModel], name: str,
                                              message: str) -> None:
    with pytest.raises(AttributeError) as raised:
        getattr(model(), name)
    assert str(raised.value) == message


@pytest.mark.parametrize(("question", "fields"), [
    ("can i qlora llama 3 70b on 2x 4090?", {"intent": "fit", "gpu": "rtx-4090", "gpu_count": 2}),
    ("¿cuánto cuesta un LoRA de 13B en 2 H100 durante 10 horas?",
     {"intent": "cost", "gpu": "h100", "gpu_count": 2, "lang": "es"}),
    ("combien de mémoire pour un full fine-tuning d'un modèle de 7B ?",
     {"intent": "memory", "lang": "fr", "method": "full_adamw"}),
])
def test_replies_read_their_query_through_attributes(question: str,
                                                     fields: dict[str, Any]) -> None:
    reply = ask(question)
    for name, value in fields.items():
        assert getattr(reply.query, name) == value == vars(reply.query)[name]
    assert reply.text


# -- lazy patterns' attributes (bot/understand/lazy.py) ---------------------------------------


def test_lazy_patterns_have_no_attribute_hook() -> None:
    from bot.understand.lazy import LazyPattern

    assert not any("__getattr__" in c.__dict__ for c in LazyPattern.__mro__)


@pytest.mark.parametrize(("source", "flags"), [
    (r"(?<![a-z0-9])(?P<n>\d+) ?x ?(?P<gpu>h100|a100)(?![a-z0-9])", 0),
    (r"(?:ryzen )?ai max", 0),
    (r"colou?r", 2),  # re.IGNORECASE
])
def test_lazy_patterns_read_as_the_compiled_pattern(source: str, flags: int) -> None:
    import re

    from bot.understand.lazy import LazyPattern, compiled_pattern, opened

    fresh = LazyPattern(source, flags)  # read before it is compiled
    expected = compiled_pattern(opened(source, flags), flags)
    assert (fresh.pattern, fresh.flags, fresh.groups, dict(fresh.groupindex)) == (
        expected.pattern, expected.flags, expected.groups, dict(expected.groupindex))
    used = LazyPattern(source, flags)
    assert used.search("2x h100 ai max colour") is not None or used.groups == 0
    scanned = used.scanner("2x h100 ai max colour").search()
    assert (scanned.span() if scanned else None) == (
        m.span() if (m := re.compile(source, flags).search("2x h100 ai max colour")) else None)
    with pytest.raises(AttributeError):
        fresh._missing  # noqa: B018


# -- a model's name said with its size (bot/render/phrases._names_its_size) --------------------

NAMED_SIZES: list[tuple[str, str, bool]] = [
    ("Llama 3 8B", "8", True),
    ("Llama 3.1 70B", "70", True),
    ("Llama 3.1 70B", "1", False),  # "3.1" then " 70B": no "1B" there
    ("Mixtral 8x7B", "7", True),  # after "x", not a digit
    ("Mixtral 8x7B", "8", False),
    ("Qwen3 30B-A3B", "30", True),
    ("Qwen3 30B-A3B", "3", True),  # "A3B": after a letter
    ("Phi-4 (14B)", "14", True),
    ("DeepSeek-V3 (671B MoE)", "671", True),
    ("DeepSeek-V3 (671B MoE)", "71", False),  # inside 671
    ("Kimi K2 (1T MoE)", "1000", True),  # a trillion said in T
    ("Kimi K2 (1T MoE)", "1", False),
    ("gpt-oss-20b", "20", False),  # lower-case b: not the size's unit
    ("Model 1.8B", "1.8", True),
    ("Model 1.8B", "8", False),  # after "."
    ("Foo 7BB", "7", False),  # a letter follows
    ("Foo 7B_x", "7", False),  # "_" is a word character
    ("Foo 7B-7B", "7", True),
    ("Foo 17B 7B", "7", True),  # the second one
    ("Foo 123.457B", "123.457", True),
    ("Foo 9999.5B", "9999.50", True),  # normalised before it is looked for
]


@pytest.mark.parametrize(("name", "size", "expected"), NAMED_SIZES,
                         ids=[f"{n}-{s}" for n, s, _ in NAMED_SIZES])
def test_a_name_says_its_size_without_a_pattern_per_size(
        name: str, size: str, expected: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    import re._compiler

    from bot.render.phrases import _names_its_size

    def no_compile(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a pattern compiled for one value")

    monkeypatch.setattr(re._compiler, "compile", no_compile)
    assert _names_its_size(name, Decimal(size)) is expected


# -- honest benchmarks: cold questions naming a model (benchmarks/run.py) --------------------


def test_named_cold_questions_name_a_model_in_each_language() -> None:
    from benchmarks import run as bench
    from tests.support.chat import CATALOGUE

    texts = bench.named_questions(120)
    assert len(set(texts)) == 120
    again = bench.named_questions(120, 21, avoid=frozenset(texts))
    assert not set(again) & set(texts)
    asked = [ask(t).query for t in texts[:48]]
    assert {q.lang for q in asked} == {"en", "es", "fr"}
    named = [q for q in asked if q.model_id is not None]
    assert len(named) >= 40  # the catalogue's names, read as its models
    assert all(CATALOGUE.models.get(q.model_id) is not None for q in named)


def test_the_pipeline_section_reports_named_questions(monkeypatch: pytest.MonkeyPatch) -> None:
    from benchmarks import run as bench

    rows: list[tuple[str, str, str, str]] = []
    monkeypatch.setattr(bench, "ROWS", rows)
    bench.bench_pipeline(count=8, rounds=1)
    named = [(what, figure, target) for what, figure, _, target in rows if "[named]" in what]
    assert len(named) == 2
    assert all(re.search(r"p50 [\d.]+ p99 [\d.]+ max [\d.]+ ms", f) and t == "target p99 < 1 ms"
               for _, f, t in named)
