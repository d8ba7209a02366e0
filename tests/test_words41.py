"""words41 (session 41): Spanish and French as people write them (Spain and Latin America;
France, Québec, Belgium and Switzerland): cards people own, durations and counts in words,
settings given, several facts in one message, no accents, anglicisms, euros and crypto.

French "entraîner"/"entraînement" (and Spanish "entrada") began with the Spanish "entra" (it
fits), so a time or cost asked after "je veux entraîner …" was led by a fit verdict; "qu'est-ce
que je devrais louer ?" is which card to rent (was the memory).
"""

from __future__ import annotations

import pytest

from tests.support.chat import ask

# (lang, question, the reply's first line): training named in words is no fit asked.
TRAINING_SAID: list[tuple[str, str, str]] = [
    ("fr", "je veux entraîner llama 3 8b en qlora, j'ai une 4090, combien de temps avec 10 mille "
     "exemples de 2 mille tokens batch 8 contexte 2048",
     "⏱ <b>Entraînement QLoRA pour Llama 3 8B\u00a0: environ 4,93\u00a0heures sur 1× RTX 4090"),
    ("fr", "je veux entrainer llama 3 8b en qlora sur une 4090, combien de temps avec 10 mille "
     "exemples de 2 mille tokens",
     "⏱ <b>Entraînement QLoRA pour Llama 3 8B\u00a0: environ"),
    ("fr", "pour entraîner un qlora de llama 3 8b sur une h100 pendant 10 heures, ça coûte "
     "combien ?",
     "💵 <b>Coût\u00a0: 23,20\u00a0$US</b> — 1× H100 × 10\u00a0heures"),
]


@pytest.mark.parametrize(("lang", "q", "lead"), TRAINING_SAID)
def test_training_named_is_no_fit_asked(lang: str, q: str, lead: str) -> None:
    reply = ask(q, lang)
    assert reply.text.startswith(lead), reply.text


# "entra" alone still asks whether it fits.
FIT_WORDS: list[tuple[str, str]] = [
    ("es", "me entra un qlora de llama 3 8b en una 3060?"),
    ("es", "entran 2 loras de 8b en una a100?"),
    ("es", "ando con una 3060 de 12 gigas, me entra un qlora de llama 3 8b?"),
]


@pytest.mark.parametrize(("lang", "q"), FIT_WORDS)
def test_entra_still_asks_the_fit(lang: str, q: str) -> None:
    reply = ask(q, lang)
    assert reply.answer.intent == "fit", reply.text


# Which card to rent, asked with "devrais"/"dois": the cheapest that fit (was the memory).
WHICH_TO_RENT: list[tuple[str, str]] = [
    ("fr", "je dois entraîner un modèle de 13b en lora, qu'est-ce que je devrais louer"),
    ("fr", "qu'est-ce qu'on devrait prendre pour un qlora de 70b ?"),
    ("fr", "qu'est-ce que je dois louer pour un lora de mistral 7b"),
    ("es", "necesito entrenar un modelo de 13b con lora, que me conviene alquilar"),
]


@pytest.mark.parametrize(("lang", "q"), WHICH_TO_RENT)
def test_which_card_to_rent(lang: str, q: str) -> None:
    reply = ask(q, lang)
    assert reply.answer.intent == "recommend", reply.text
    assert reply.text.startswith("🏆"), reply.text
