"""A card's price asked ("h100", "how much is an a100?", "h200 price"), then a model naming no
card ("qlora 70b?", "can i full finetune llama 3 8b on it?", "¿y un qlora de 70b ahí?"): that run
on the card just priced (was the memory alone, the card lost)."""

from __future__ import annotations

import pytest

from tests.support.chat import converse


@pytest.mark.parametrize(
    ("price", "then", "locale", "lead"),
    [
        ("h100", "qlora 70b?", None, "✅ <b>Yes: a 70B model fits on 1× H100 (QLoRA).</b>"),
        ("h100", "and qlora 70b?", None, "✅ <b>Yes: a 70B model fits on 1× H100 (QLoRA).</b>"),
        ("how much is an a100?", "can i full finetune llama 3 8b on it?", None,
         "❌ <b>No: Llama 3 8B does not fit on 1× A100 80GB (full AdamW).</b>"),
        ("precio de la h100", "y un qlora de 70b ahí?", "es",
         "✅ <b>Sí: un modelo de 70B cabe en 1× H100 (QLoRA).</b>"),
        ("prix de la h100", "et un qlora de 70b dessus ?", "fr",
         "✅ <b>Oui\u00a0: un modèle 70B tient sur 1× H100 (QLoRA).</b>"),
    ],
)
def test_a_model_after_a_price_is_run_on_that_card(
    price: str, then: str, locale: str | None, lead: str
) -> None:
    reply = converse(price, then, locale=locale)[-1]
    assert reply.text.split("\n")[1] == lead


def test_hours_after_a_price_stay_that_cards_cost() -> None:
    reply = converse("h100", "and for 10 hours?")[-1]
    assert "10 hours" in reply.text and "H100" in reply.text
