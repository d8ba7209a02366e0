"""The article glued to a GeForce number is the card: "llama 3 8b on a4090" asked "I don't know
the GPU “a4090”" (no workstation card has that name), and so did a vLLM error pasted with "on
a4090"; the RTX A-series cards keep their names."""

from __future__ import annotations

import pytest

from bot.understand import understand
from rules.catalogue import load_catalogue

CAT = load_catalogue()


@pytest.mark.parametrize(("text", "gpu"), [
    ("llama 3 8b on a4090", "rtx-4090"),
    ("qlora 13b on a3090?", "rtx-3090"),
    ("vllm ValueError: The model's max seq len (131072) is larger than the maximum number of "
     "tokens that can be stored in KV cache (36576) llama 3.1 8b on a4090", "rtx-4090"),
    ("puedo correr mistral 7b en a5090?", "rtx-5090"),
    # the workstation cards are still theirs
    ("lora 8b on a4000", "rtx-a4000"),
    ("can i run mistral 7b on a6000", "rtx-a6000"),
    ("qlora 70b on an a100", "a100-80gb"),
])
def test_the_card_is_read(text: str, gpu: str) -> None:
    query = understand(text, CAT)
    assert query.gpu == gpu
