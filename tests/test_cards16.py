"""cards16 (session 28): GPU data and card comparisons, the card the user owns."""

from __future__ import annotations

import pytest

from tests.support.chat import ask

OWN = ("your own card", "tu propia tarjeta", "votre propre carte")

# Colab's card on the second side of a comparison is Colab's, as on the first (was "this verdict
# is for your own card" for Colab's T4 beside the user's 3060).
COLAB_SECOND = [
    ("is my 3060 better than colab for qlora 7b", "RTX 3060", "T4",
     "We don't rent the T4 here: this verdict is for the one your Google Colab notebook gets."),
    ("mi 3060 o colab para qlora 7b", "RTX 3060", "T4",
     "No alquilamos la T4: este veredicto es para la GPU que recibe tu cuaderno de Google Colab."),
    ("ma 3060 ou colab pour un qlora 7b", "RTX 3060", "T4",
     "Nous ne louons pas le T4\u00a0: ce verdict vaut pour le GPU que reçoit votre notebook Google Colab."),
    ("my 3090 or colab pro a100 for lora 8b", "RTX 3090", "A100 40GB",
     "We don't rent the A100 40GB here: this verdict is for the one your Google Colab notebook gets."),
]


@pytest.mark.parametrize(("question", "own", "colab", "said"), COLAB_SECOND)
def test_colabs_card_second_is_colabs(question: str, own: str, colab: str, said: str) -> None:
    reply = ask(question)
    assert reply.query.intent == "compare"
    lines = [line for line in reply.text.splitlines() if line.startswith("🏠")]
    assert len(lines) == 2, reply.text
    assert own in lines[0] and any(o in lines[0] for o in OWN)  # the user's card stays theirs
    assert lines[1] == f"🏠 {said}"
