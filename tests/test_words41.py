"""words41 (session 41): Spanish and French as people write them (Spain and Latin America;
France, Québec, Belgium and Switzerland): cards people own, durations and counts in words,
settings given, several facts in one message, no accents, anglicisms, euros and crypto.

French "entraîner"/"entraînement" (and Spanish "entrada") began with the Spanish "entra" (it
fits), so a time or cost asked after "je veux entraîner …" was led by a fit verdict; "qu'est-ce
que je devrais louer ?" is which card to rent (was the memory). A number in words right after a
card's name ("une a100 vingt-quatre heures", "la a100 veinticuatro horas") is read (was 4 hours,
or none); "1 heure 45 de h100" is an hour and 45 minutes (was 45× H100 for one hour). "¿tardaría menos de una hora …?", "ça prendrait moins d'une heure
…?" is the time judged against that hour (was the fit alone).
"""

from __future__ import annotations

import pytest

from bot.understand.numbers import words_to_digits
from tests.support.chat import ask

# (lang, question, the reply's first line): training named in words is no fit asked.
TRAINING_SAID: list[tuple[str, str, str]] = [
    ("fr", "je veux entraîner llama 3 8b en qlora, j'ai une 4090, combien de temps avec 10 mille "
     "exemples de 2 mille tokens batch 8 contexte 2048",
     "⏱ <b>Entraînement QLoRA pour Llama 3 8B\xa0: environ 3,54\xa0heures sur 1× RTX 4090"),
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


# A number in words after a card's name ending in digits is read; after a figure it is not
# (the figure's own scale: "2 mil", "3 thousand").
AFTER_A_CARD: list[tuple[str, str]] = [
    ("une a100 vingt-quatre heures d'affilee", "une a100 24 heures d'affilee"),
    ("la a100 veinticuatro horas seguidas", "la a100 24 horas seguidas"),
    ("una h100 dos mil quinientos ejemplos", "una h100 2500 ejemplos"),
    ("une t4 trente heures", "une t4 30 heures"),
    ("2 mil ejemplos", "2 mil ejemplos"),
    ("3 thousand rows", "3 thousand rows"),
]


@pytest.mark.parametrize(("said", "read"), AFTER_A_CARD)
def test_number_words_after_a_card(said: str, read: str) -> None:
    assert words_to_digits(said) == read


# (lang, question, hours, cards, the reply's first line)
HOURS: list[tuple[str, str, float, int, str]] = [
    ("fr", "ca coute combien une a100 vingt-quatre heures d'affilée", 24, 1,
     "💵 <b>Coût\u00a0: 22,08\u00a0$US</b> — 1× A100 80GB × 24\u00a0heures"),
    ("es", "cuanto me sale la a100 veinticuatro horas seguidas", 24, 1,
     "💵 <b>Coste: 22,08\u00a0US$</b> — 1× A100 80GB × 24\u00a0horas"),
    ("fr", "une h100 quarante-huit heures ca coute combien", 48, 1,
     "💵 <b>Coût\u00a0: 111,36\u00a0$US</b> — 1× H100 × 48\u00a0heures"),
    # minutes after the hours, their unit unsaid, before the card (was 45× H100 for one hour)
    ("fr", "combien coute 1 heure 45 de h100", 1.75, 1,
     "💵 <b>Vous payez 23,20\u00a0$US</b> — 1 bloc de 10\u00a0GPU-heures (H100)"),
    ("fr", "combien coute 1 h 45 de h100", 1.75, 1, "💵 <b>Vous payez 23,20\u00a0$US</b>"),
    ("es", "cuanto cuesta 2 horas 30 de h100", 2.5, 1, "💵 <b>Pagas 23,20\u00a0US$</b>"),
    ("es", "cuanto sale 1 hora 45 en una b200", 1.75, 1, "💵 <b>Pagas 46,10\u00a0US$</b>"),
]


@pytest.mark.parametrize(("lang", "q", "hours", "count", "lead"), HOURS)
def test_hours_as_people_write_them(lang: str, q: str, hours: float, count: int,
                                    lead: str) -> None:
    reply = ask(q, lang)
    assert reply.answer.intent == "cost", reply.text
    assert reply.query.hours == hours and (reply.query.gpu_count or 1) == count, reply.text
    assert reply.text.startswith(lead), reply.text


# A run asked to take less than a time: the time judged against it (was the fit alone).
UNDER: list[tuple[str, str, str]] = [
    ("es", "tardaria menos de una hora un qlora de 8b con 5000 ejemplos en h100?",
     "✅ <b>Sí: según esta estimación, termina en menos de 1\u00a0hora"),
    ("es", "un qlora de 8b con 5000 ejemplos en una h100 demora menos de una hora?",
     "✅ <b>Sí: según esta estimación, termina en menos de 1\u00a0hora"),
    ("fr", "ca prendrait moins d'une heure un qlora de 8b avec 5000 exemples sur h100 ?",
     "✅ <b>Oui\u00a0: d'après cette estimation, l'entraînement tient en 1\u00a0heure"),
    ("fr", "un qlora de 8b avec 5000 exemples sur une h100, ça dure moins d'une heure ?",
     "✅ <b>Oui\u00a0: d'après cette estimation, l'entraînement tient en 1\u00a0heure"),
]


@pytest.mark.parametrize(("lang", "q", "lead"), UNDER)
def test_less_than_a_time_is_a_deadline(lang: str, q: str, lead: str) -> None:
    reply = ask(q, lang)
    assert reply.answer.intent == "time" and reply.text.startswith(lead), reply.text


# French writes the unit FLOP invariable, as the catalogue's 38 other French strings do (8 said
# "FLOPs": "D'après 6·N·D FLOPs à une utilisation supposée …" beside "D'après 6·N·D FLOP, avec …").
FRENCH_FLOP: list[str] = [
    "ça tourne toute la nuit ? qlora 8b avec 20 mille exemples sur une h100",
    "combien d'heures pour un dpo de llama 3 8b en lora sur une a100 40 go avec 20 000 paires",
    "combien de temps pour traiter un prompt de 16k avec llama 3 8b sur une h100",
]


@pytest.mark.parametrize("q", FRENCH_FLOP)
def test_french_flop_is_invariable(q: str) -> None:
    reply = ask(q, "fr")
    assert "FLOP" in reply.text and "FLOPs" not in reply.text, reply.text
