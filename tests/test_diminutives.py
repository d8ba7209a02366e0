"""Spanish diminutives of "barato" ("la más baratita", "el más baratito") ask for the cheapest
as "la más barata" does (probe-esfr10: was "¿Qué modelo?")."""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline
from rules.catalogue import load_catalogue

CAT = load_catalogue()


@pytest.mark.parametrize(("text", "starts"), [
    ("q gpu es la mas baratita?", "💵 <b>Nuestra GPU más barata: L40S"),
    ("cual es la gpu mas baratita q tienen", "💵 <b>Nuestra GPU más barata: L40S"),
    ("la mas baratita pa un qlora de llama 3 8b?", "🏆 <b>Las GPU más baratas para Llama 3 8B"),
])
def test_diminutive_is_the_cheapest(text: str, starts: str) -> None:
    reply = Pipeline(CAT).ask(text, chosen_locale="es")
    assert reply.text.startswith(starts), reply.text
