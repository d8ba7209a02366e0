"""Speed work of session 29 (#16): behaviour only, never a time."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from bot.understand.index import Mention, ModelIndex, _alias_regex
from bot.understand.normalise import fold
from tests.support.chat import CATALOGUE, ask

# -- a model's spellings, compiled only when the text holds them (bot/understand/index.Mention) --

# Texts naming models as people write them, and some naming none.
MENTION_TEXTS = [
    "can i qlora llama 3.1 70b on 2x h100?",
    "llama3.1 70b instruct lora on a 4090",
    "meta-llama/Llama-3.1-70B-Instruct full fine-tune cost",
    "¿cabe mistral 7b en una 3090 con qlora?",
    "peut-on fine-tuner qwen2.5-72b-instruct sur une h200 ?",
    "mixtral 8x7b vs mixtral-8x22b for inference",
    "deepseek r1 distill qwen 32b on 2 4090s",
    "gemma-2-9b-it qlora, details",
    "phi 3 mini 4k lora",
    "gpt oss 20b on a 16gb card",
    "what gpu for 70b?",
    "how much vram to run qwen3 30b a3b with 32k context?",
    "mistral large 3 on 8x h100",
    "llama_3_8b:instruct lora",
    # Separators as the pattern takes them (one, optional) and letters or digits around.
    "llama-3.1_70b and llama:3:8b",
    "llama 3.1  70b (two spaces), xllama 3 8b, llama 3 8bx, llama 3 8b8",
    "llama\u00a03\u20028b on a 4090",
    "llama llama 3 8b, mistral mistral-7b",
    "qwen2.5-72b-instruct-awq or qwen 2.5 72b instruct",
    "llama3-8b-llama3-70b",
]


def _spellings() -> list[str]:
    return sorted({s for m in CATALOGUE.models for s in (m.name, m.id, *m.aliases)})


def test_a_mention_finds_what_its_pattern_finds() -> None:
    index = ModelIndex.build(CATALOGUE.models)
    texts = [fold(t) for t in MENTION_TEXTS]
    found = 0
    for spec in CATALOGUE.models:
        aliases = sorted((spec.name, spec.id, *spec.aliases), key=len, reverse=True)
        mentions = index.mention_patterns(spec)
        assert len(mentions) == len(aliases)  # every spelling, longest first
        for alias, mention in zip(aliases, mentions, strict=True):
            pattern = _alias_regex(alias)
            for text in texts:
                expected = pattern.search(text)
                got = mention.search(text)
                assert (got and (got.span(), got.group())) == \
                    (expected and (expected.span(), expected.group())), (alias, text)
                found += expected is not None
    assert found >= 12


def test_a_mention_finds_what_its_pattern_finds_in_made_up_texts() -> None:
    # Each spelling's pieces run together with separators, doubled ones, letters and digits
    # on either side: the first match, its span and text, as its pattern's.
    rng = random.Random(29)
    joins = ["", " ", "-", "_", ":", "  ", "- ", "/", ".", "\u00a0", "x", "1"]
    checked = 0
    for spelling in _spellings()[::7]:
        pattern = _alias_regex(spelling)
        mention = Mention(spelling)
        pieces = [c for c in re.split(r"(?<=[a-z])(?=\d)|(?<=\d)(?=[a-z])|[\s_\-:/]+",
                                      fold(spelling)) if c]
        for _ in range(12):
            text = rng.choice(["", "a", "1", " ", "-"]) + "".join(
                piece + rng.choice(joins) for piece in pieces * rng.choice((1, 1, 2)))
            expected, got = pattern.search(text), mention.search(text)
            assert (got and (got.span(), got.group())) == \
                (expected and (expected.span(), expected.group())), (spelling, text)
            checked += expected is not None
    assert checked > 100


@pytest.mark.parametrize("text", MENTION_TEXTS)
def test_a_models_first_mention_compiles_no_pattern(
        text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import re._compiler

    compiled: list[str] = []
    compile_ = re._compiler.compile

    def counted(pattern: Any, flags: int = 0) -> Any:
        compiled.append(pattern if isinstance(pattern, str) else "")
        return compile_(pattern, flags)

    index = ModelIndex.build(CATALOGUE.models)
    folded = fold(text)
    re.purge()
    monkeypatch.setattr(re._compiler, "compile", counted)
    searched = 0
    for spec in CATALOGUE.models:
        for mention in index.mention_patterns(spec):
            mention.search(folded)
            searched += 1
    monkeypatch.undo()
    assert searched > 1000  # every spelling of the catalogue, each compiled ~0.1 ms before
    assert [p for p in compiled if p != ".*"] == []


@pytest.mark.parametrize(("question", "model_id"), [
    ("can I qlora llama 3.1 70b on 2x h100?", "llama-3.1-70b"),
    ("¿Cuánto cuesta un LoRA de Llama-3.3-70B en dos H200 durante 10 horas?", "llama-3.3-70b"),
    ("Peut-on fine-tuner Mixtral 8x7B sur une H100 en QLoRA ?", "mixtral-8x7b"),
    ("mistral small 22b qlora on a 4090", None),  # another model's size: read alone
])
def test_named_models_read_as_before(question: str, model_id: str | None) -> None:
    assert ask(question).query.model_id == model_id


# -- what understanding asks once (bot/understand/parse.py) ------------------------------------

ONCE_TEXTS = [
    "qlora 70b on an h100",  # no model named: the size is asked of the text as it was
    "¿cuánto cuesta un lora de 13b en una a100 durante 10 horas?",
    "peut-on fine-tuner un modèle de 7b sur une 4090 ?",
    "train unsloth/Qwen2.5-7B-Instruct-bnb-4bit max_seq_length 4096 on a 3090",
    "finetune 8b with batch 8 on a 4090",
    "finetune llama 3 8b on a 3090",  # no method named: whether it trains, asked once
    "entrenar llama 3 8b en una 3090",
    "how many epochs for llama 3 8b",
]


@pytest.mark.parametrize("text", ONCE_TEXTS)
def test_reading_a_model_looks_for_a_size_once(text: str,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from bot.understand import parse
    from bot.understand import patterns as px

    size = px.SIZE
    asked: list[str] = []

    class Counted:
        def search(self, s: str, *args: Any) -> Any:
            if sys._getframe(1).f_code.co_name == "_take_model":
                asked.append(s)
            return size.search(s, *args)

        def match(self, s: str, *args: Any) -> Any:
            return size.match(s, *args)

    monkeypatch.setattr(px, "SIZE", Counted())
    trains: list[str] = []
    real = parse._trains

    def counted_trains(s: str, work: Any) -> bool:
        if sys._getframe(1).f_code.co_name == "_understand":  # understand()'s body
            trains.append(s)
        return real(s, work)

    monkeypatch.setattr(parse, "_trains", counted_trains)
    expected = ask(text).query
    assert len(asked) == 1
    assert len(trains) == 1  # the run's training words, read once
    monkeypatch.undo()
    assert ask(text).query == expected


def test_a_shapes_split_is_its_architectures_count() -> None:
    from decimal import Decimal

    from rules.estimator import resolve_shape

    shapes = [resolve_shape(m) for m in CATALOGUE.models]
    shapes += [resolve_shape(Decimal(size)) for size in ("0.5", "7", "70.3", "405")]
    assert sum(not s.assumed for s in shapes) > 100
    for shape in shapes:
        if shape.assumed:
            assert shape.split == (shape.params, 0.0)
        else:
            block = float(shape.arch.block_linear_params())
            assert shape.split == (block, max(0.0, shape.params - block))
