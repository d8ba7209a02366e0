"""Training asked with no GPU ("fine tune llama 3.2 1b on cpu only?", "lora llama 3 8b sin gpu,
tengo 64gb de ram"): the method's memory against the RAM, and that the CPU's arithmetic, not
reading the weights once a token, bounds it (was the serving sentence; a named method was
answered as if no GPU had not been said)."""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline
from rules.catalogue import load_catalogue

PIPE = Pipeline(load_catalogue(), cache_size=0)


@pytest.mark.parametrize(("text", "lang", "has"), [
    ("fine tune llama 3.2 1b on cpu only?", "en",
     "Where it fits, it trains, but slowly: without a GPU every step's arithmetic"),
    ("lora llama 3 8b sin gpu, tengo 64gb de ram", "es",
     "✅ LoRA (base en BF16): unos 19,2\u00a0GB, caben en tus 64\u00a0GB de RAM."),
    ("lora llama 3 8b sin gpu, tengo 64gb de ram", "es",
     "Donde cabe, entrena, pero despacio: sin GPU"),
    ("qlora mistral 7b sans gpu ?", "fr", "Là où il tient, il s'entraîne, mais lentement"),
])
def test_training_without_a_gpu_is_sized_in_ram(text: str, lang: str, has: str) -> None:
    reply = PIPE.ask(text, telegram_locale=lang)
    assert reply.answer.query.cpu_only
    assert reply.text.startswith("🖥 <b>")
    assert has in reply.text
    assert "every generated token" not in reply.text and "cada token generado" not in reply.text


def test_serving_on_the_cpu_keeps_the_bandwidth_sentence() -> None:
    text = PIPE.ask("run llama 3 8b on cpu only with 32gb ram").text
    assert "every generated token reads all the weights from RAM" in text
    assert "it trains" not in text
