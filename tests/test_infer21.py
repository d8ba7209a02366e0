"""infer21 (session 33): serving answers — system RAM said beside a card, Ollama's default
offload, the RAM speed line, the CLI JSON's method and fits, the ROCm note once, vLLM's share."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.support.chat import ask

# "with 16gb ram" is the system's memory, not the card's: the card stays the desktop RTX 4090
# (24 GB) and the 16 GB is the RAM a layer split is sized against (was the RTX 4090 Laptop 16 GB,
# its memory read from the RAM). The card's own memory still names the laptop part.
RAM_BESIDE_CARD: list[tuple[str, str, Decimal | None]] = [
    ("ollama llama 3 70b on a 4090 with 16gb ram", "rtx-4090", Decimal(16)),
    ("ollama llama 3 70b on a 4090 with 16gb of system ram", "rtx-4090", Decimal(16)),
    ("my 4090 with 16gb ram, qlora 8b ok?", "rtx-4090", Decimal(16)),
    ("llama 3 70b con ollama en una 4090 con 16gb de ram", "rtx-4090", Decimal(16)),
    ("llama 3 70b avec ollama sur une 4090 avec 16 go de ram", "rtx-4090", Decimal(16)),
    ("ollama llama 3 70b on a 4090 laptop with 32gb ram", "rtx-4090-laptop", Decimal(32)),
    ("ollama llama 3 70b on a 4090 laptop 16gb", "rtx-4090-laptop", None),
    ("ollama llama 3 70b on a 4090 16gb vram", "rtx-4090-laptop", None),
    ("4060 ti with 16gb ram qlora 8b", "rtx-4060-ti-16gb", Decimal(16)),
]


@pytest.mark.parametrize(("q", "gpu", "ram"), RAM_BESIDE_CARD)
def test_ram_beside_a_card_is_the_systems(q: str, gpu: str, ram: Decimal | None) -> None:
    query = ask(q).query
    assert (query.gpu, query.system_ram_gb) == (gpu, ram)
