"""The fastest card asked for serving a model with no card named ("what is the fastest gpu for
running llama 3 70b"): one sequence's decode bound on the offered card with the most memory
bandwidth, the fewest of them that hold it (was the memory per precision)."""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue

CAT = load_catalogue()
PIPE = Pipeline(CAT, cache_size=0)


def _text(question: str, lang: str = "en") -> str:
    return str(to_json(PIPE.ask(question, chosen_locale=lang))["text"])


def _most_bandwidth() -> str:
    rented = {o.gpu for o in CAT.offers}
    return max((CAT.gpu(g) for g in rented), key=lambda g: g.memory_bandwidth_gbs or 0).name


@pytest.mark.parametrize(("lang", "question", "lead"), [
    ("en", "what is the fastest gpu for running llama 3 70b",
     "⚡ <b>At most about 56 tokens/s: Llama 3 70B (BF16 inference) on 1× B200"),
    ("en", "fastest gpu for inference of mistral 7b", "⚡ <b>At most about 540 tokens/s"),
    ("es", "cual es la gpu mas rapida para correr llama 3 70b",
     "⚡ <b>Como mucho unos 56 tokens/s: Llama 3 70B (inferencia en BF16) en 1× B200"),
    ("fr", "quel est le gpu le plus rapide pour faire tourner llama 3 70b",
     "⚡ <b>Au plus environ 56 tokens/s\u00a0: Llama 3 70B (inférence en BF16) sur 1× B200"),
])
def test_fastest_card_leads(lang: str, question: str, lead: str) -> None:
    text = _text(question, lang)
    assert text.startswith(lead), text[:300]


def test_the_card_is_the_one_with_most_bandwidth() -> None:
    text = _text("what is the fastest gpu for running llama 3 70b")
    assert f"as few of them as hold it: 1× {_most_bandwidth()} at $4.61/hour" in text


@pytest.mark.parametrize("question", [
    "llama 3 70b tokens per second",  # no "fastest": the cheapest configuration, as before
    "whats your fastest gpu",  # no model: the price list
])
def test_not_asked_fastest(question: str) -> None:
    assert "the most memory bandwidth" not in _text(question)
