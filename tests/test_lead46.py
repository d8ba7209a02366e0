"""Session 46 (lead): the cost's detail says the micro-batch its time is at, and a run paid
the same blocks in half the time is named.

- The cost reply's detailed section timed the run at micro-batch 8 and said "assumed: batch 1"
  (the memory check's) with no word of the 8.
- "what does it cost to qlora llama 3 70b on 100M tokens": 1× H100 25.64 h and 8× H100 about
  3.1 h are both 3 blocks ($69.60); the reply named the first alone.
"""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue

CAT = load_catalogue()
PIPE = Pipeline(CAT, cache_size=0)


def _text(question: str, lang: str | None = None) -> str:
    return str(to_json(PIPE.ask(question, chosen_locale=lang))["text"])


def test_the_cost_detail_says_the_micro_batch_its_time_is_at() -> None:
    text = _text("what does it cost to lora mistral 7b on 50M tokens")
    detail = text[text.index("⏱ <b>Training time"):]
    assert "This assumes micro-batch 8, the Hugging Face Trainer's default (TRL keeps it), " \
           "which 1× L40S holds" in detail


@pytest.mark.parametrize(("question", "lang", "said"), [
    ("what does it cost to qlora llama 3 70b on 100M tokens", None,
     "⚡ For the same $69.60 in blocks, the run takes about 3.08 hours on 8× H100 instead of "
     "24.96 hours."),
    ("how long to qlora llama 3 70b on 100M tokens", None,
     "⚡ For the same $69.60 in blocks, the run takes about 3.08 hours on 8× H100 instead of "
     "24.96 hours."),
    ("cuánto cuesta un qlora de llama 3 70b con 100M tokens", "es",
     "⚡ Por los mismos 69,60\u00a0US$ en bloques, el entrenamiento tarda aproximadamente "
     "3,08\u00a0horas en 8× H100 en lugar de 24,96\u00a0horas."),
    ("how much to full finetune llama 3 8b on 1B tokens", None,
     "⚡ For the same $92.20 in blocks, the run takes about 2.16 hours on 8× B200 instead of "
     "17.26 hours."),
])
def test_a_run_paid_the_same_in_half_the_time_is_named(question: str, lang: str | None,
                                                       said: str) -> None:
    assert said in _text(question, lang)


@pytest.mark.parametrize("question", [
    # the run on 1× L40S pays least; nothing faster pays the same
    "how much to qlora llama 3 8b on 100M tokens",
    # the fastest asked: it leads already
    "how much to qlora llama 3 70b on 100M tokens, fastest option",
    # on the card asked: no other run weighed
    "how long to qlora llama 3 70b on 100M tokens on an h100",
])
def test_no_faster_run_is_named_where_none_pays_the_same(question: str) -> None:
    assert "⚡ For the same" not in _text(question)
