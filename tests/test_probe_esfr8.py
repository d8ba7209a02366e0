"""Spanish and French questions as natives write them (probe-esfr8)."""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline, Reply
from rules.catalogue import load_catalogue

PIPELINE = Pipeline(load_catalogue(), cache_size=0)


def _ask(text: str, lang: str) -> Reply:
    return PIPELINE.ask(text, chosen_locale=lang)


@pytest.mark.parametrize(("text", "lang", "lead"), [
    ("que tan caro es entrenar llama 3 8b con lora?", "es",
     "💵 <b>Lo que cuesta el fine-tuning de Llama 3 8B</b>"),
    ("q tan caro es un qlora de llama 3 70b", "es",
     "💵 <b>Lo que cuesta el fine-tuning de Llama 3 70B</b>"),
    ("es muy caro hacer fine tuning de mistral 7b?", "es", "💵 <b>Lo que cuesta el fine-tuning"),
    ("cuan caro es hacer un lora de 8b", "es", "💵 <b>Lo que cuesta el fine-tuning"),
    ("sale caro entrenar llama 3 70b en una h100 dos dias?", "es", "💵 <b>Coste: 111,36"),
    ("c'est cher de fine-tuner mistral 7b ?", "fr", "💵 <b>Coût du fine-tuning pour Mistral 7B"),
    ("est-ce que c'est cher d'entraîner llama 3 8b en lora sur un a100 pendant 10h", "fr",
     "💵 <b>Coût\u00a0: 9,20"),
    ("c'est trop cher pour moi un full finetune de 70b ?", "fr", "💵 <b>Coût du fine-tuning"),
])
def test_how_expensive_a_run_is_is_its_cost(text: str, lang: str, lead: str) -> None:
    """"¿Qué tan caro …?", "¿es muy caro …?", "c'est cher de …" ask what a run costs, as "how
    expensive" does in English (was the memory per method, or the fit with the cost under it)."""
    reply = _ask(text, lang)
    assert reply.answer.intent == "cost", reply.text
    assert reply.text.startswith(lead), reply.text


@pytest.mark.parametrize(("text", "lang"), [
    ("la h100 es muy cara", "es"),
    ("c'est cher le h100 ?", "fr"),
])
def test_a_card_said_dear_is_no_run_to_price(text: str, lang: str) -> None:
    assert _ask(text, lang).answer.intent == "prices"
