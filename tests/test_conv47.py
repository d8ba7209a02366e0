"""Session 47, conversation follow-ups: a dataset size said alone after "how long tho" (a
training run timed with no data, its time asked back) is that run on that data, not "I did not
understand"."""

from __future__ import annotations

import pytest

from tests.support.chat import check_turn, converse

CASES = [
    # (locale, turns, expected for the last turn)
    (None, ("llama 3.1 8b lora on 4090", "how long tho", "for 100k samples"),
     {"intent": "time", "model": "llama-3.1-8b", "method": "lora", "gpu": "rtx-4090",
      "has": ["100,000"]}),
    (None, ("qlora mistral 7b on a 3090", "how long", "50k rows"),
     {"intent": "time", "model": "mistral-7b", "method": "qlora", "gpu": "rtx-3090",
      "has": ["50,000"]}),
    (None, ("full finetune llama 3 8b on 4 a100", "how long would it take", "what about 20k samples"),
     {"intent": "time", "model": "llama-3-8b", "method": "full_adamw", "gpu": "a100-80gb",
      "count": 4, "has": ["20,000"]}),
    ("es", ("lora llama 3 8b en una 4090", "cuanto tarda?", "y para 100k ejemplos?"),
     {"lang": "es", "intent": "time", "model": "llama-3-8b", "method": "lora",
      "gpu": "rtx-4090", "has": ["100.000"]}),
    ("fr", ("qlora qwen 2.5 7b sur une h100", "combien de temps ?", "et avec 30k exemples ?"),
     {"lang": "fr", "intent": "time", "model": "qwen2.5-7b", "method": "qlora", "gpu": "h100",
      "has": ["30\u202f000 exemples"]}),
]


@pytest.mark.parametrize(("locale", "turns", "expected"), CASES)
def test_dataset_after_time_asked_back(locale: str | None, turns: tuple[str, ...],
                                       expected: dict[str, object]) -> None:
    check_turn(converse(*turns, locale=locale)[-1], expected)


# Serving priced with no hours ("mistral 7b inference on an h100", then "ok and the price" or
# "in euros?"): the hours are asked, but the configuration's hourly price comes first (was the
# hours asked alone, the price asked for never given).
SERVING_PRICE = [
    (None, ("mistral 7b inference on an h100", "ok and the price"),
     {"intent": "cost", "gpu": "h100", "has": ["💵 1× H100: $2.32/hour", "❓"]}),
    (None, ("mistral 7b inference on 2 h100", "in euros?"),
     {"intent": "cost", "gpu": "h100", "count": 2,
      "has": ["US dollars only", "💵 2× H100: $4.64/hour", "❓"]}),
    ("es", ("inferencia de llama 3 70b en 2 a100", "y el precio?"),
     {"lang": "es", "intent": "cost", "has": ["💵 2× A100 80GB: 1,84\u00a0US$/hora", "❓"]}),
    ("fr", ("inférence de mistral 7b sur une h100", "en euros ?"),
     {"lang": "fr", "intent": "cost", "has": ["dollars américains", "💵 1× H100\u00a0: 2,32", "❓"]}),
]


@pytest.mark.parametrize(("locale", "turns", "expected"), SERVING_PRICE)
def test_serving_price_before_hours_asked(locale: str | None, turns: tuple[str, ...],
                                          expected: dict[str, object]) -> None:
    check_turn(converse(*turns, locale=locale)[-1], expected)
