"""Money as users write it (money49): "is $40 enough to qlora llama 3 8b" said its answer once
(the lead then the same run's "Illustrative cost … Buy 1 block" at the bottom)."""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline
from rules.catalogue import load_catalogue

CAT = load_catalogue()
PIPELINE = Pipeline(CAT)


def _plain(text: str) -> str:
    """The reply with CLDR's no-break spaces as spaces ("1 000 $US")."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def _reply(question: str, lang: str | None) -> str:
    return _plain(PIPELINE.ask(question, chosen_locale=lang).text)


# 1. Whether a budget pays for a run, no data said: the lead prices our page's illustrative run
# in whole blocks against the budget, the fit verdict follows; the quote of that same run (its
# "Illustrative cost" and "Buy 1 block of 10 GPU-hours") is not said again below them.
@pytest.mark.parametrize(("question", "lang", "lead", "repeated"), [
    ("is $40 enough to qlora llama 3 8b", None,
     "✅ <b>Within $40 for our page's illustrative QLoRA run of 10 GPU-hours: you pay $8.20 on "
     "1× L40S.</b> $31.80 of it is left.", ("Illustrative cost", "Buy 1 block")),
    ("i have fifty bucks, can i qlora llama 3 8b", None,
     "✅ <b>Within $50 for our page's illustrative QLoRA run", ("Illustrative cost", "Buy 1 block")),
    ("would 5 bucks be enough to qlora llama3 8b??", None,
     "❌ <b>Not within $5 for our page's illustrative QLoRA run", ("Illustrative cost",
                                                                   "Buy 1 block")),
    ("tengo 100 dolares, me alcanza para un lora de llama 3 8b?", "es",
     "✅ <b>Te alcanza con 100 US$ para el entrenamiento LoRA de ejemplo de nuestra página",
     ("Coste de ejemplo", "Compra 1 bloque")),
    ("40 $ ça suffit pour un qlora de mistral 7b ?", "fr",
     "✅ <b>Cela tient dans 40 $US pour l'entraînement QLoRA d'exemple de notre page",
     ("Coût à titre d'exemple", "Achetez 1 bloc")),
])
def test_is_a_budget_enough_says_the_run_once(question: str, lang: str | None, lead: str,
                                              repeated: tuple[str, ...]) -> None:
    reply = _reply(question, lang)
    assert reply.startswith(lead), reply
    assert not [said for said in repeated if said in reply], reply
    assert "✅ <b>" in reply.split("\n\n", 1)[1], reply  # the fit verdict follows
