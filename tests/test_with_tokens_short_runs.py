"""A length said with "with" in a training question, and a run too short for a hundredth of a
GPU-hour.

"qlora llama 3 8b on a 4090 with 512 tokens, batch 4" read 512 tokens as the dataset and the
sequence as 2,048 (27.9 GB, "does not fit"); a run of seconds said "0 GPU-hours".
"""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue

PIPE = Pipeline(load_catalogue(), cache_size=0)


def _text(question: str, lang: str = "en") -> str:
    return str(to_json(PIPE.ask(question, chosen_locale=lang))["text"])


@pytest.mark.parametrize(("lang", "question", "title"), [
    ("en", "qlora llama 3 8b on a 4090 with 512 tokens, batch 4",
     "Detailed estimate for seq 512, batch 4"),
    ("en", "qlora llama 3 8b on a 4090 with 1024 tokens", "Detailed estimate for seq 1,024"),
    ("es", "qlora llama 3 8b en una 4090 con 512 tokens y batch 4",
     "Estimación detallada para secuencias de 512 tokens, batch 4"),
    ("fr", "qlora llama 3 8b sur une 4090 avec 512 tokens et un batch de 4",
     "Estimation détaillée pour des séquences de 512 tokens, batch 4"),
])
def test_with_a_short_length_is_the_sequence(lang: str, question: str, title: str) -> None:
    assert title in _text(question, lang)


@pytest.mark.parametrize("question", [
    "qlora llama 3 8b on a 4090 on 512 tokens, batch 4",  # "on": the data, as before
    "qlora llama 3 8b on a 4090 with 100k tokens, batch 4",  # too many for one sequence
])
def test_data_stays_data(question: str) -> None:
    assert "Detailed estimate for seq 2,048, batch 4" in _text(question)


@pytest.mark.parametrize(("lang", "question", "said"), [
    ("en", "how long to qlora llama 3 8b on a 4090 with 20k tokens",
     "(under 0.01 GPU-hours for 20,000\u00a0tokens)"),
    ("es", "cuanto tarda un qlora de llama 3 8b en una 4090 con 20k tokens",
     "(menos de 0,01\u00a0GPU-horas para 20.000\u00a0tokens)"),
    ("fr", "combien de temps pour un qlora de llama 3 8b sur une 4090 avec 20k tokens",
     "(moins de 0,01\u00a0GPU-heure pour 20\u202f000\u00a0tokens)"),
])
def test_seconds_of_gpu_are_not_zero_gpu_hours(lang: str, question: str, said: str) -> None:
    # under 0.005 GPU-hours since a micro-step's fixed cost (the matmuls at 50 %): "under 0.01"
    text = _text(question, lang)
    assert said in text
    assert "(0 GPU" not in text
