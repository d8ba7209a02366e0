"""Any GPU people own, named as they name it (gpu42): a memory said that no card of that name
has is answered on the datasheet's, said so with its source."""

from __future__ import annotations

import pytest

from tests.support.chat import ask_json


def flat(text: object) -> str:
    """The reply with Babel's no-break spaces (es, fr: "12 GB", "24 Go") as plain ones."""
    return str(text).replace("\u00a0", " ").replace("\u202f", " ")

# (question, language, GPU read, its memory, the line the reply holds)
SAID_APART = [
    # "8gb vram laptop 3060": NVIDIA's RTX 3060 Laptop has 6 GB; answered on 6 GB, silently.
    ("8gb vram laptop 3060, can i qlora llama 3 8b?", None, "rtx-3060-laptop", 6,
     "You said 8 GB, but the RTX 3060 Laptop has 6 GB (NVIDIA GeForce specifications) and comes "
     "in no 8 GB version: this answer is for 6 GB."),
    # "my 3090 12gb": answered on 12 GB (a card of our own making), silently.
    ("my 3090 12gb, can i qlora llama 3 8b?", None, "rtx-3090", 24,
     "You said 12 GB, but the RTX 3090 has 24 GB"),
    # A card we rent: the 80 GB one, silently.
    ("h100 40gb qlora llama 3 70b?", None, "h100", 80,
     "You said 40 GB, but the H100 has 80 GB (NVIDIA H100 datasheet)"),
    ("mi 3090 de 12gb, ¿puedo hacer qlora de llama 3 8b?", "es", "rtx-3090", 24,
     "Dijiste 12 GB, pero la RTX 3090 tiene 24 GB"),
    ("ma 3090 de 12 go, est-ce que llama 3 8b en qlora tient ?", "fr", "rtx-3090", 24,
     "Vous avez indiqué 12 Go, mais la RTX 3090 a 24 Go"),
]


@pytest.mark.parametrize(("question", "lang", "gpu", "vram", "line"), SAID_APART)
def test_a_memory_no_card_of_that_name_has(question: str, lang: str | None, gpu: str, vram: int,
                                           line: str) -> None:
    got = ask_json(question, lang)
    assert (got["gpu"], got["vram_gb"]) == (gpu, vram), got["text"]
    assert line in flat(got["text"]), got["text"]


def test_a_time_on_it_says_so_too() -> None:
    got = ask_json("my 3090 12gb, how long to qlora llama 3 8b on 10k examples of 512 tokens?")
    assert got["gpu"] == "rtx-3090" and got["hours"] is not None, got["text"]
    assert "You said 12 GB, but the RTX 3090 has 24 GB" in str(got["text"]), got["text"]


# (question, GPU read, its memory): a real variant, a modded size, a total, a near figure are
# the card as said, with no such line.
AS_SAID = [
    ("3060 8gb qlora llama 3 8b", "rtx-3060-8gb", 8),
    ("8gb 3060 qlora llama 3 8b", "rtx-3060-8gb", 8),
    ("my 3060 has 8gb, qlora llama 3 8b?", "rtx-3060-8gb", 8),
    ("3080 12gb qlora llama 3 8b", "rtx-3080-12gb", 12),
    ("3080 10gb qlora llama 3 8b", "rtx-3080", 10),
    ("4060 ti 8gb qlora llama 3 8b", "rtx-4060-ti", 8),
    ("4060 ti 16gb qlora llama 3 8b", "rtx-4060-ti-16gb", 16),
    ("3080 laptop 8gb qlora llama 3 8b", "rtx-3080-laptop", 8),
    ("3080 laptop 16gb qlora llama 3 8b", "rtx-3080-laptop-16gb", 16),
    ("a100 40gb qlora llama 3 8b", "a100-40gb", 40),
    ("a100 80gb qlora llama 3 8b", "a100-80gb", 80),
    ("v100 16gb qlora llama 3 8b", "v100-16gb", 16),
    ("v100 32gb qlora llama 3 8b", "v100-32gb", 32),
    ("my 4090 48gb qlora llama 3 70b", "rtx-4090", 48),
    ("2x3090 48gb qlora llama 3 70b", "rtx-3090", 48),
    ("3090 23.7gb qlora llama 3 8b", "rtx-3090", 24),
]


@pytest.mark.parametrize(("question", "gpu", "vram"), AS_SAID)
def test_a_memory_the_card_has(question: str, gpu: str, vram: int) -> None:
    got = ask_json(question)
    assert (got["gpu"], got["vram_gb"]) == (gpu, vram), got["text"]
    assert "You said" not in str(got["text"]), got["text"]
