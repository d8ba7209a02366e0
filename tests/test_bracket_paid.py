"""Samples of unsaid length costed at two lengths: what is paid in blocks (GPU-hours are sold
only in blocks, the seed's rule) is said for each length, once when one purchase covers both —
was the runs' own costs alone ("about $2.88 at 512 tokens each, $9.72 at 2,048"), the $23.20
10-hour H100 block the user actually pays never said."""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue

CAT = load_catalogue()


def _text(question: str, locale: str | None = None) -> str:
    return str(to_json(Pipeline(CAT).ask(question, chosen_locale=locale))["text"])


@pytest.mark.parametrize(("question", "locale", "paid"), [
    # 1.24 and 4.19 H100 hours: one 10-hour block ($23.20) covers either.
    ("how much to qlora llama 3 8b on 50k samples on an h100", None,
     "🧱 <b>You pay $23.20 at either length</b> — 1 block of 10 GPU-hours of H100"),
    # 5.91 hours fit a 10-hour block; 23.65 need the 24-hour one ($55.68).
    ("how much to lora llama 3 8b on 300k samples on an h100", None,
     "🧱 <b>You pay $23.20 at 512 tokens a sample (1 block of 10 GPU-hours), $46.40 at 2,048 (2 block"),
    ("cuanto cuesta un lora de llama 3 8b con 300k ejemplos en una h100", "es",
     "🧱 <b>Pagas 23,20\xa0US$ con 512 tokens por ejemplo (1 bloque de 10\xa0GPU-horas), 46,40\xa0US$ con 2.048 (2 bloque"),
    ("combien coûte un lora de llama 3 8b sur 50k exemples sur une h100", "fr",
     "🧱 <b>Vous payez 23,20\u00a0$US pour l'une ou l'autre longueur</b> — 1 bloc de 10\u00a0"
     "GPU-heures (H100)\u00a0: les GPU-heures"),
    # Asked how long, the blocks still follow the costs.
    ("how long to lora mistral 7b on 300k samples", None,
     "🧱 <b>You pay $16.40 at 512 tokens a sample (2 blocks of 10 GPU-hours), $39.36 at 2,048 (2 block"),
])
def test_blocks_paid_for_each_length(question: str, locale: str | None, paid: str) -> None:
    assert paid in _text(question, locale)


def test_no_block_line_for_a_single_figure() -> None:
    """One length said: the usual quote (Cost / Buy …) alone, no two-length line."""
    text = _text("how much to qlora llama 3 8b on 50k samples of 512 tokens on an h100")
    assert "at either length" not in text and "tokens a sample (" not in text
    assert "You pay $23.20" in text
