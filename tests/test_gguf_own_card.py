"""A GGUF file asked on one's own card that cannot hold it whole: llama.cpp's split with system
RAM, as a runner named already got.

"can i run llama 3.1 70b q4 on a 3060 12gb" said "No" and pointed to a rented L40S only; "llama
3 70b gguf on my 3090?" was read as BF16, 8-bit and 4-bit inference (the GGUF word ignored).
"""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue

PIPE = Pipeline(load_catalogue(), cache_size=0)


def _json(question: str, lang: str = "en") -> dict[str, object]:
    return to_json(PIPE.ask(question, chosen_locale=lang))


@pytest.mark.parametrize(("lang", "question", "split"), [
    ("en", "can i run llama 3.1 70b q4 on a 3060 12gb",
     "🐢 With llama.cpp, 22 of the model's 81 layers fit in GPU memory"),
    ("en", "llama 3 70b gguf on my 3090?",
     "🐢 With llama.cpp, 46 of the model's 81 layers fit in GPU memory"),
    ("es", "puedo correr llama 3 70b gguf en mi 3090?",
     "🐢 Con llama.cpp caben en la memoria de la GPU 46 de las 81 capas del modelo"),
])
def test_own_card_gets_the_split(lang: str, question: str, split: str) -> None:
    text = str(_json(question, lang)["text"])
    assert "Q4_K_M" in text.splitlines()[0]
    assert split in text


def test_gguf_alone_is_llama_cpps_usual_type() -> None:
    text = str(_json("llama 3 70b gguf on my 3090?")["text"])
    assert "llama.cpp runs GGUF files and you named no type: read as Q4_K_M" in text
    assert "Inference in BF16" not in text


@pytest.mark.parametrize("question", [
    "llama 3.1 405b q4 on an h100",  # a rented card: more of them, not system RAM
    "llama 3 70b awq on my 3090",  # not a GGUF file
])
def test_no_split_off_own_gguf(question: str) -> None:
    assert "🐢" not in str(_json(question)["text"])


def test_which_gguf_type_still_picks_the_type() -> None:
    got = _json("which gguf quant fits qwen2.5 32b on a 3060 12gb")
    assert "Largest llama.cpp quantization type that fits: IQ2_S" in str(got["text"])
