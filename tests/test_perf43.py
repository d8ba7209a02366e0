"""Exact cuts of issue #16 (session 43). Replies stay the same to the byte: tests/test_speed38.py's
golden replies pin them; these tests pin each cut where undoing it is observable (a pattern not
searched where what every match of it holds is absent), and that what it skips still reads the
same.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from typing import Any

import pytest

from bot.detail import mlx_assumed
from bot.pipeline import Pipeline
from bot.understand import asks, parse, unusable
from bot.understand.patterns import Guarded
from rules.catalogue import Catalogue, load_catalogue
from tests.support.counted import counted

# -- unusable: FRACTION searched only where a decimal number stands as _FRACTION reads one -----

@pytest.mark.parametrize(("text", "searched", "found"), [
    # the bare-size questions: a decimal before "b" is a size, never a count
    ("qlora 12.5b on 3x h100 for 40 hours", False, None),
    ("lora 63.1b avec seq len 512, batch 15 et 516m tokens sur un a10, details", False, None),
    ("1.5k gpus", False, None),  # a multiplier: 1,500 of them
    ("v2.5.1 on a 4090", False, None),
    # a decimal read as one: searched, and the same finding
    ("cost of qlora 12.5b on 3x h100 for 45.6 hours", True, None),
    ("qlora llama 3 8b batch 2.5 on a 4090", True, ("fraction", "batch_size", "2.5")),
    ("lora rank 7.5 for llama 3 8b", True, ("fraction", "lora_rank", "7.5")),
    ("can i train llama 3 8b on 1.5 gpus", True, ("fraction", "gpu_count", "1.5")),
    ("qlora 8b on 2,5 h100s", True, ("fraction", "gpu_count", "2,5")),
])
def test_fraction_searched_only_beside_a_decimal_it_reads(
        text: str, searched: bool, found: tuple[str, str, str] | None,
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen = counted(unusable.FRACTION, "search", monkeypatch)
    assert unusable.unusable(text) == found
    assert bool(seen) is searched


# -- engine_left_out: the engine switched from searched only where an engine is named --------

def test_each_engine_spelling_holds_a_needle_at_its_start() -> None:
    """Every branch of _ENGINE_LEFT names an engine: a needle that every spelling holds (not
    under a quantifier nor an alternative) keeps the skip exact. A spelling added later fails
    here until a needle covers it."""
    for spelling in parse._ENGINE_SPELLINGS:
        assert any(
            needle in spelling
            and not any(c in spelling[:spelling.index(needle)] for c in "(|?*[{")
            and spelling[spelling.index(needle) + len(needle):][:1] not in ("?", "*", "{")
            for needle in parse._ENGINE_NEEDLES), spelling


@pytest.mark.parametrize(("text", "searched", "left"), [
    ("cost of qlora 12.5b on 3x h100 for 40 hours", False, None),
    ("combien de memoire pour un lora d'un modele de 12b ?", False, None),
    ("i switched from ollama to vllm and llama 3 8b ooms", True, "ollama"),
    ("pase de lm studio a vllm con llama 3 8b", True, "lm studio"),
    ("je suis passe d'ollama a vllm", True, "ollama"),
    ("moved to sglang from text-generation-inference", True, "text-generation-inference"),
    ("ollama -> llama.cpp on my 3090", True, "ollama"),
    ("vllm instead of tgi for llama 3 70b", True, "tgi"),
    ("ditched koboldcpp for tabbyapi", True, "koboldcpp"),
    ("switched from exllamav2 to gpt4all", True, "exllamav2"),
])
def test_engine_left_searched_only_where_an_engine_is_named(
        text: str, searched: bool, left: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = counted(parse._ENGINE_LEFT, "finditer", monkeypatch)
    out = parse.engine_left_out(text)
    assert bool(seen) is searched
    if left is None:
        assert out == text
    else:
        assert left not in out and len(out) == len(text)


# -- the second rental's unit: substituted only where "de/of/d'" and "and/y/et/…" both stand ---

@pytest.mark.parametrize(("text", "searched", "hours"), [
    ("cost of QLoRA 12.5B on 3x H100 for 45.6 hours", False, "45.6"),
    ("QLoRA 12.5B con seq len 512, batch 4 y 278M tokens en una 3090, detalles", False, None),
    ("5 horas de h200 y 10 de l40s", True, "5"),
    ("3 hours of h100 and 2 of a100, how much", True, "3"),
    ("2 heures d'h100 et 4 d'a100 ça coûte combien", True, "2"),
])
def test_second_rental_unit_substituted_only_where_it_can_be(
        text: str, searched: bool, hours: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = counted(parse._SECOND_RENTAL_UNIT, "sub", monkeypatch)
    query = parse.understand(text, load_catalogue())
    assert bool(seen) is searched, seen
    assert (str(query.hours) if query.hours is not None else None) == hours


# -- refused_payments: one scan for the ways of paying' needles before 26 guarded searches ----

def test_every_way_of_paying_is_guarded_by_needles() -> None:
    """The one scan needs each guard's needles (a guard written as a pattern has none)."""
    assert asks._PAY_NEEDLES is not None
    for _, pattern in asks.PAY_REFUSED:
        assert all(any(short in needle for short in asks._PAY_NEEDLES)
                   for needle in pattern.needles)


@pytest.mark.parametrize(("text", "written", "searched", "refused"), [
    ("cost of qlora 12.5b on 3x h100 for 40 hours", "", False, ()),
    ("cuanto cuesta un qlora de 12.5b en 3 h100 durante 40 horas", "", False, ()),
    ("do you accept paypal?", "", True, ("paypal",)),
    ("can i pay with a credit card", "", True, ("card",)),
    ("puedo pagar con bizum o transferencia?", "", True, ("bank", "wallet:Bizum")),
    ("je peux payer en cb ?", "je peux payer en cb ?", True, ("card",)),
    ("can i pay in btc without a credit card?", "", True, ()),
])
def test_payments_searched_only_where_one_is_named(
        text: str, written: str, searched: bool, refused: tuple[str, ...],
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real = Guarded.finditer

    def counting(self: Guarded, s: str) -> Iterator[re.Match[str]]:
        calls.append(s)
        return real(self, s)

    monkeypatch.setattr(Guarded, "finditer", counting)
    assert asks.refused_payments(text, written) == refused
    assert bool(calls) is searched


# -- _training_time: its estimate made once, not made and then copied by dataclasses.replace --

@pytest.mark.parametrize("text", [
    "how long to qlora llama 3 8b on 20M tokens on an h100",
    "cuanto tarda un lora de 13b con 50M tokens en 2 a100",
    "combien de temps pour un qlora de 70b sur 100M tokens ?",  # no card: the cheapest timed
    "how long to qlora llama 3 8b on 20M tokens on my 4070 ti super",  # no cited peak
])
def test_a_training_estimate_is_made_once(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    copied: list[str] = []
    real = dataclasses.replace

    def counting(obj: Any, /, **changes: Any) -> Any:
        copied.append(type(obj).__name__)
        return real(obj, **changes)

    monkeypatch.setattr("bot.detail.replace", counting)
    reply = Pipeline(load_catalogue()).ask(text)
    assert reply.answer.detailed is not None
    assert reply.answer.detailed.training_time is not None
    assert "TrainingEstimate" not in copied


# -- mlx_assumed: a card that is no Mac answers False before the method is looked up ---------

@pytest.mark.parametrize(("gpu", "mac"), [("h100", False), ("rtx-4090", False),
                                          ("apple-m2-max", True)])
def test_mlx_assumed_reads_the_method_only_on_a_mac(
        gpu: str, mac: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """A full fine-tune's LoRA remedy asks mlx_assumed of the full method's query: the method
    asked is looked up, needed only on a Mac (a full fine-tune is no mlx-lm LoRA either way)."""
    cat = load_catalogue()
    asked = parse.understand("full fine-tuning llama 3 8b, will it fit?", cat)
    query = asked.model_copy(update={"gpu": gpu, "method": "full_adamw"})
    lora = cat.method("lora")
    looked_up: list[str] = []
    real = Catalogue.method

    def counting(self: Catalogue, method_id: str) -> Any:
        looked_up.append(method_id)
        return real(self, method_id)

    monkeypatch.setattr(Catalogue, "method", counting)
    assert mlx_assumed(query, lora) is False
    assert looked_up == (["full_adamw"] if mac else [])


# -- subscription_asked: the subscription topic's patterns kept apart, not found among 25 -----

class _NotWalked:
    def __iter__(self) -> Iterator[Any]:
        raise AssertionError("SERVICE_TOPICS walked")


@pytest.mark.parametrize(("text", "asked"), [
    ("cost of qlora 12.5b on 3x h100 for 40 hours", False),
    ("how do i cancel my subscription", True),
    ("como cancelo mi suscripcion", True),
    ("comment resilier mon abonnement", True),
    ("cancel my price alert subscription", False),  # the bot's alerts, not the service's
])
def test_subscription_asked_walks_no_other_topic(
        text: str, asked: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    assert asks.subscription_asked(text) is asked
    monkeypatch.setattr(asks, "SERVICE_TOPICS", _NotWalked())
    assert asks.subscription_asked(text) is asked
