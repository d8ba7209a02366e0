"""Session 48, conversation and lead defects: a follow-up that says what it carried over, the
lead line of questions that ask two things at once."""

from __future__ import annotations

import pytest

from tests.support.chat import check_turn, converse

# 3. Serving priced with no hours ("ok and the price" after a model served on a card): the hourly
# price and the hours asked, under the "↪️ … from your last question" header every other
# follow-up carries (was no header: the hours_required error hid what was carried).
SERVING_PRICE_HEADER = [
    (None, ("mistral 7b inference on an h100", "ok and the price"),
     {"intent": "cost", "gpu": "h100",
      "has": ["↪️ <i>Inference of Mistral 7B on 1× H100, from your last question.</i>",
              "💵 1× H100: $2.32/hour", "❓"]}),
    (None, ("mistral 7b inference on 2 h100", "in euros?"),
     {"intent": "cost", "gpu": "h100", "count": 2,
      "has": ["↪️ <i>Inference of Mistral 7B on 2× H100, from your last question.</i>",
              "US dollars only", "💵 2× H100: $4.64/hour", "❓"]}),
    ("es", ("inferencia de llama 3 70b en 2 a100", "y el precio?"),
     {"lang": "es", "intent": "cost",
      "has": ["↪️ <i>", "de tu pregunta anterior.</i>", "💵 2× A100 80GB: 1,84\u00a0US$/hora",
              "❓"]}),
    ("fr", ("inférence de mistral 7b sur une h100", "et le prix ?"),
     {"lang": "fr", "intent": "cost",
      "has": ["↪️ <i>", "d'après votre question précédente.</i>", "💵 1× H100\u00a0: 2,32", "❓"]}),
]


@pytest.mark.parametrize(("locale", "turns", "expected"), SERVING_PRICE_HEADER)
def test_serving_price_follow_up_says_what_it_carried(
        locale: str | None, turns: tuple[str, ...], expected: dict[str, object]) -> None:
    reply = converse(*turns, locale=locale)[-1]
    assert reply.text.startswith("↪️ "), reply.text
    check_turn(reply, expected)
