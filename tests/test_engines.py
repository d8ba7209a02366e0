"""Serving engines compared, and the fastest card asked in generation's words.

"which gpu generates fastest for llama 3 70b", "qué gpu genera más rápido", "quelle gpu génère le
plus vite": generating tokens is serving, so the fastest-serving answer (one sequence's decode
bound on the offered card with the most memory bandwidth), not the cheapest training GPUs."""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue

CAT = load_catalogue()
PIPE = Pipeline(CAT, cache_size=0)


def _ask(question: str, lang: str = "en") -> dict[str, object]:
    return to_json(PIPE.ask(question, chosen_locale=lang))


@pytest.mark.parametrize(("lang", "question", "lead"), [
    ("en", "which gpu generates fastest for llama 3 70b",
     "⚡ <b>At most about 56 tokens/s: Llama 3 70B (BF16 inference) on 1× B200"),
    ("en", "fastest generating gpu for llama 3 8b", "⚡ <b>At most about 487 tokens/s"),
    ("es", "qué gpu genera más rápido con llama 3 70b",
     "⚡ <b>Como mucho unos 56 tokens/s: Llama 3 70B (inferencia en BF16) en 1× B200"),
    ("fr", "quelle gpu génère le plus vite avec llama 3 70b",
     "⚡ <b>Au plus environ 56 tokens/s\u00a0: Llama 3 70B (inférence en BF16) sur 1× B200"),
])
def test_generating_fastest_is_serving(lang: str, question: str, lead: str) -> None:
    answer = _ask(question, lang)
    assert answer["intent"] == "time"
    assert str(answer["method"]).startswith("inference")
    assert str(answer["text"]).startswith(lead), str(answer["text"])[:300]
