"""The card people own (cards13): its memory and speed from a cited figure, not the marketing
size or the card we rent."""

from __future__ import annotations

from decimal import Decimal

import pytest

from rules.catalogue import load_catalogue
from tests.support.chat import converse

CAT = load_catalogue()

# AMD's ROCm documentation gives each card's memory in GiB ("VRAM (GiB)"): 24 GB on a Radeon
# is 24 GiB, 25.77 GB, and the detailed verdicts compare against that (were against 24 GB).
ROCM_GIB = [
    ("rx-7900-xt", 20), ("rx-7900-gre", 16), ("rx-7800-xt", 16), ("rx-7700-xt", 12),
    ("rx-7600", 8), ("rx-6950-xt", 16), ("rx-6900-xt", 16), ("rx-6800-xt", 16), ("rx-6800", 16),
    ("rx-6750-xt", 12), ("rx-6700-xt", 12), ("rx-6700", 10), ("rx-6650-xt", 8),
    ("rx-6600-xt", 8), ("rx-6600", 8), ("radeon-vii", 16), ("radeon-pro-w7900", 48),
    ("radeon-pro-w7800", 32), ("radeon-pro-w7700", 16), ("radeon-pro-w6800", 32),
    ("radeon-pro-v620", 32), ("radeon-pro-vii", 16), ("mi325x", 256), ("mi300x", 192),
    ("mi210", 64), ("mi100", 32), ("mi60", 32), ("mi50", 16), ("mi25", 16),
]


@pytest.mark.parametrize(("gpu_id", "gib"), ROCM_GIB)
def test_radeon_and_instinct_memory_is_rocms_gib(gpu_id: str, gib: int) -> None:
    card = CAT.gpu(gpu_id)
    assert card.memory_mib == gib * 1024
    # The row as read names this size, and the source names AMD's table.
    assert f"| {gib}'" in (card.memory_source or "")
    assert "gpu-arch-specs" in (card.memory_source or "")


def test_the_7900_xtx_is_the_drivers_24560_mib() -> None:
    card = CAT.gpu("rx-7900-xtx")
    assert card.memory_mib == 24560 and "VRAM Size: 24560 MiB" in (card.memory_source or "")
    assert card.capacity_gb.quantize(Decimal("0.01")) == Decimal("25.75")


@pytest.mark.parametrize(("question", "shown"), [
    ("does mixtral q4 fit on a 7900 xtx", "of the 25.75 GB (24 GiB) each GPU has"),
    ("how long to qlora llama 3 8b on 20k samples on my 7900 xtx",
     "Memory: about 12.8 GB per GPU of 25.75 GB (24 GiB)"),
    ("can i qlora llama 3 70b on a 7900 xt", "of the 21.47 GB (20 GiB) each GPU has"),
])
def test_a_radeons_reply_shows_its_memory_in_gb(question: str, shown: str) -> None:
    (turn,) = converse(question)
    assert shown in turn.text, turn.text
