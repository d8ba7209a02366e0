""""gc off" / "gc=false" switch gradient checkpointing off (measured8 found "gc off" read as
on): the abbreviation counts only with its switch after it."""

from __future__ import annotations

import pytest

from bot.understand.parse import understand
from rules.catalogue import load_catalogue

CAT = load_catalogue()


@pytest.mark.parametrize(("text", "ckpt"), [
    ("lora llama 3 8b on a 4090, seq 2048 bs 4, gc off", False),
    ("lora llama 3 8b on a 4090, seq 2048 bs 4, gc=false", False),
    ("lora llama 3 8b on a 4090, seq 2048 bs 4, gc: disabled", False),
    ("lora llama 3 8b on a 4090, seq 2048 bs 4, gc on", True),
    ("lora llama 3 8b on a 4090 with the gc collector", None),  # no switch: no setting read
])
def test_gc_switch(text: str, ckpt: bool | None) -> None:
    assert understand(text, CAT).grad_ckpt is ckpt
