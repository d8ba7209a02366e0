"""fit19 (session 31): training verdicts. The detailed estimate leads and the reply says what
it was computed at: "typical settings (sequence 2,048, batch 1)" when the user gave neither a
sequence length nor a batch, not "your settings"."""

from __future__ import annotations

import pytest

from tests.support.chat import ask, says

NB = "\u00a0"
NNB = "\u202f"  # French numbers: thousands and before the unit

# "…, details" (or a tool, or MLX) with no sequence or batch said: the settings are typical.
TYPICAL = [
    ("qlora llama 3 8b on a 3090, details", None,
     ["At typical settings (sequence 2,048, batch 1) it needs about 12.8 GB per GPU"],
     ["With your settings"]),
    ("qlora llama 3 8b en una 3090, detalles", "es",
     [f"Con ajustes típicos (secuencia 2.048, batch 1) necesita unos 12,8{NB}GB por GPU"],
     ["Con tus ajustes"]),
    ("qlora llama 3 8b sur une 3090, détails", "fr",
     [f"Avec des réglages typiques (séquence 2{NNB}048, batch 1), il faut environ 12,8{NNB}Go"],
     ["avec vos réglages", "Avec vos réglages"]),
    ("unsloth qlora llama 3 8b on a t4", None,
     ["At typical settings (sequence 2,048, batch 1) it needs about 9.5 GB per GPU"],
     ["With your settings"]),
    ("fine-tune llama 3 8b on a 4090, details", None,
     ["<b>QLoRA (4-bit base)</b>: ≈ 12.8 GB per GPU at typical settings (sequence 2,048, "
      "batch 1) — 13 GB left"],
     ["with your settings"]),
    ("how much vram for qlora llama 3 8b, details", None,
     ["About 12.8 GB on one GPU at typical settings (sequence 2,048, batch 1) for QLoRA",
      "holds the detailed estimate at typical settings: 1× L40S"],
     ["with your settings"]),
    # A setting said: the user's settings still.
    ("qlora llama 3 8b on a 3090 seq 4096", None,
     ["With your settings it needs about 17.9 GB per GPU"], ["typical settings"]),
]


@pytest.mark.parametrize(("text", "locale", "has", "lacks"), TYPICAL)
def test_typical_settings_are_not_yours(text: str, locale: str | None, has: list[str],
                                        lacks: list[str]) -> None:
    says(ask(text, locale).text, has, lacks)
