"""conv46: the conversation as people go on in a chat. A cost asked on one's own card that
holds the run, with no run's data: the verdict there leads, then what the run costs on that
card (its electricity; the kWh of the hours said, or the question that decides it), then the
rental, said to be one (was an unlabelled "Cost: $8.20 — 1× L40S", or for a card we do not
rent "We don't rent the RTX 3090: this is the cost on 1× L40S" first); the card stays one's
own through the follow-ups."""

from __future__ import annotations

import pytest

from tests.support.chat import ask, converse
from tests.support.chat import says as says_exactly


def _spaces(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def says(body: str, has: list[str], lacks: list[str]) -> None:
    """As tests.support.chat.says, no-break and narrow spaces read as spaces."""
    says_exactly(_spaces(body), [_spaces(p) for p in has], [_spaces(p) for p in lacks])


UNPUBLISHED = ["price is not published", "precio no está publicado", "prix n'est pas publié",
               "this is the cost on", "este es el coste en", "voici le coût sur"]

# 1. (lang, question, what the reply says in order). The rental's cost follows its label.
OWN_CARD_COST: list[tuple[str, str, list[str]]] = [
    ("en", "how much would it cost to qlora llama 3 8b on my 4090",
     ["✅ <b>Yes: Llama 3 8B fits on 1× RTX 4090 (QLoRA).</b>",
      "🏠 On your own RTX 4090 this run costs only its electricity",
      "“20k samples of 1k tokens”", "Rented here instead, on 1× L40S, the cheapest offered "
      "configuration that holds it:\n💵 <b>Cost: $8.20</b> — 1× L40S × 10 hours"]),
    ("en", "how much would it cost to qlora llama 3 8b on my 3090",
     ["✅ <b>Yes: Llama 3 8B fits on 1× RTX 3090 (QLoRA).</b>",
      "🏠 On your own RTX 3090 this run costs only its electricity",
      "Rented here instead, on 1× L40S", "💵 <b>Cost: $8.20</b>"]),
    ("en", "whats it gonna cost me to lora llama 3 8b on my 3090 for 20 hours",
     ["✅ <b>Yes: Llama 3 8B fits on 1× RTX 3090 (LoRA).</b>",
      "🏠 On your own RTX 3090 those 20 hours cost only their electricity: at most about 7 kWh "
      "(1 × 350 W, the board power of the RTX 3090).", "Rented here instead, on 1× L40S",
      "💵 <b>Cost: $16.40</b> — 1× L40S × 20 hours"]),
    ("en", "how much to lora llama 3 8b on my 2 3090s for 10 hours",
     ["✅ <b>Yes: Llama 3 8B fits on 2× RTX 3090 (LoRA).</b>",
      "🏠 On your own 2× RTX 3090 those 10 hours cost only their electricity: at most about "
      "7 kWh (2 × 350 W, the board power of the RTX 3090)."]),
    ("es", "cuanto me costaria un qlora de llama 3 8b en mi 4090",
     ["✅ <b>Sí: Llama 3 8B cabe en 1× RTX 4090 (QLoRA).</b>",
      "🏠 En tu RTX 4090, este entrenamiento solo cuesta la electricidad",
      "Alquilado aquí, en 1× L40S", "💵 <b>Coste: 8,20 US$</b>"]),
    ("es", "cuanto me sale un qlora de llama 3 8b en mi 3090 por 20 horas",
     ["✅ <b>Sí: Llama 3 8B cabe en 1× RTX 3090 (QLoRA).</b>",
      "🏠 En tu RTX 3090, esas 20 horas solo cuestan la electricidad: como mucho unos 7 kWh",
      "💵 <b>Coste: 16,40 US$</b>"]),
    ("fr", "combien ça me coûterait un qlora de llama 3 8b sur ma 4090",
     ["✅ <b>Oui : Llama 3 8B tient sur 1× RTX 4090 (QLoRA).</b>",
      "🏠 Sur votre RTX 4090, cet entraînement ne coûte que l'électricité",
      "En location chez nous, sur 1× L40S", "💵 <b>Coût : 8,20 $US</b>"]),
    ("fr", "combien pour un lora de llama 3 8b sur ma 3090 pendant 20 heures ?",
     ["✅ <b>Oui : Llama 3 8B tient sur 1× RTX 3090 (LoRA).</b>",
      "🏠 Sur votre RTX 3090, ces 20 heures ne coûtent que l'électricité : au plus environ "
      "7 kWh (1 × 350 W, la puissance nominale de la RTX 3090)."]),
]


@pytest.mark.parametrize(("lang", "question", "said"), OWN_CARD_COST)
def test_a_cost_on_ones_own_card_that_fits_labels_the_rental(
        lang: str, question: str, said: list[str]) -> None:
    reply = ask(question, lang)
    assert (reply.locale, reply.answer.intent, reply.query.card_mine) == (lang, "cost", True)
    assert reply.text.startswith("✅ <b>"), reply.text
    says(reply.text, said, ["🤔", *UNPUBLISHED])


def test_a_rental_asked_of_a_card_not_ones_own_still_leads_with_its_cost() -> None:
    # "on a 3090" (no "my"): still the cheapest rental's cost first, said so
    reply = ask("how much would it cost to qlora llama 3 8b on a 3090", "en")
    assert not reply.query.card_mine
    assert reply.text.startswith("🏠 We don't rent the RTX 3090: this is the cost on 1× L40S")


# 2. Follow-ups after a cost on one's own card: the card stays one's own. (lang, first, then,
# intent, what the second reply says, what it does not.)
OWN_CARD_FOLLOW_UPS: list[tuple[str, str, str, str, list[str], list[str]]] = [
    # the data asked for, given: that run timed on the card, its kWh, then the rental (was the
    # rented L40S's cost, the 4090's unpublished price after it)
    ("en", "how much would it cost to qlora llama 3 8b on my 4090", "20k samples of 1k tokens",
     "time", ["⏱ <b>QLoRA of Llama 3 8B: about", "on 1× RTX 4090", "⚡ <b>Electricity: about",
              "1 × 450 W ×", "Rented here instead, where this run costs least"], []),
    ("es", "cuanto me costaria un qlora de llama 3 8b en mi 4090", "son 20k ejemplos de 1k tokens",
     "time", ["⏱ <b>Entrenamiento QLoRA de Llama 3 8B", "en 1× RTX 4090",
              "⚡ <b>Electricidad: unos"], []),
    # hours said after: still one's own card (was "We rent the RTX 4090, but its price is not
    # published" first)
    ("en", "how much would it cost to qlora llama 3 8b on my 4090", "and for 20 hours?",
     "cost", ["✅ <b>Yes: Llama 3 8B fits on 1× RTX 4090 (QLoRA).</b>",
              "those 20 hours cost only their electricity: at most about 9 kWh",
              "💵 <b>Cost: $16.40</b>"], []),
    ("fr", "combien ça me coûterait un qlora de llama 3 8b sur ma 4090", "et pour 20 heures ?",
     "cost", ["✅ <b>Oui", "ces 20 heures ne coûtent que l'électricité"], []),
]


@pytest.mark.parametrize(("lang", "first", "then", "intent", "said", "lacks"), OWN_CARD_FOLLOW_UPS)
def test_a_follow_up_of_a_cost_on_ones_own_card_keeps_it_ones_own(
        lang: str, first: str, then: str, intent: str, said: list[str],
        lacks: list[str]) -> None:
    _, reply = converse(first, then, locale=lang)
    assert (reply.answer.intent, reply.query.card_mine) == (intent, True), reply.text
    says(reply.text, said, ["🤔", *UNPUBLISHED, *lacks])
