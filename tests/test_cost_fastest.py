"""A run's cost asked for its fastest option ("how much to qlora llama 3 8b on 100M tokens,
fastest option"): timed and priced on the fastest offered configuration (was the cheapest run,
the fastest word ignored)."""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue

PIPE = Pipeline(load_catalogue(), cache_size=0)


@pytest.mark.parametrize(("lang", "question", "lead"), [
    ("en", "how much to qlora llama 3 8b on 100M tokens, fastest option",
     "⚡ <b>The fastest configuration we offer for this run: 8× B200"),
    ("es", "cuanto cuesta hacer qlora de llama 3 8b con 100M tokens, la opcion mas rapida",
     "⚡ <b>La configuración más rápida que ofrecemos para este entrenamiento: 8× B200"),
])
def test_fastest_cost_is_the_fastest_run(lang: str, question: str, lead: str) -> None:
    text = str(to_json(PIPE.ask(question, chosen_locale=lang))["text"])
    assert text.startswith(lead)


def test_plain_cost_stays_the_cheapest_run() -> None:
    text = str(to_json(PIPE.ask("how much to qlora llama 3 8b on 100M tokens",
                                chosen_locale="en"))["text"])
    assert text.startswith("💵 <b>About $6.67 to fine-tune Llama 3 8B on 100 million tokens")
