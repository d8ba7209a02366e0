"""Spanish and French questions as new users write them in chats (probe-esfr12)."""

from __future__ import annotations

import pytest

from tests.support.chat import ask

_LEFT = {
    "en": "⏳ <b>Nothing is lost: GPU-hours you do not use never expire.</b>",
    "es": "⏳ <b>No se pierde nada: las GPU-horas que no uses nunca caducan.</b>",
    "fr": "⏳ <b>Rien n'est perdu\u00a0: les GPU-heures non utilisées n'expirent jamais.</b>",
}


@pytest.mark.parametrize(("text", "lang"), [
    ("q pasa con las horas q no uso", "es"),
    ("y si no uso todas las horas?", "es"),
    ("si solo uso 5 horas del bloque q pasa con el resto?", "es"),
    ("que deviennent les heures que j'utilise pas ?", "fr"),
    ("qu'est ce qui se passe avec les heures restantes", "fr"),
    ("et si j'utilise pas tout le bloc ?", "fr"),
    ("si j'achete un bloc de 24h et que j'en utilise que 5 ?", "fr"),
    ("what happens to the hours i dont use", "en"),
    ("what happens to the rest if i only use 5 hours of a 24h block", "en"),
    ("what if i don't use them all", "en"),
])
def test_what_becomes_of_hours_left_is_nothing_lost(text: str, lang: str) -> None:
    """What becomes of the hours left over: none is lost, they never expire (was "which
    model?" or "I did not understand")."""
    reply = ask(text, lang)
    assert reply.query.intent == "pay", reply.text
    assert reply.text.startswith(_LEFT[lang]), reply.text


def test_hours_left_after_a_quote_says_nothing_is_lost() -> None:
    """The hours bought are quoted, and the payment after it leads with their not being lost
    (was the quote and the payment, the question unanswered)."""
    reply = ask("si compro 24 horas de h100 y solo uso 10, q pasa con el resto", "es")
    assert reply.query.intent == "cost", reply.text
    assert reply.text.startswith("💵 <b>Coste: 55,68\u00a0US$</b>"), reply.text
    assert _LEFT["es"] in reply.text, reply.text


@pytest.mark.parametrize(("text", "lang", "lead"), [
    ("do unused hours expire?", "en", "⏳ <b>No: GPU-hours you do not use never expire.</b>"),
    ("las horas q no use se pierden?", "es", "⏳ <b>No: las GPU-horas que no uses nunca caducan.</b>"),
])
def test_whether_hours_expire_is_still_no(text: str, lang: str, lead: str) -> None:
    assert ask(text, lang).text.startswith(lead)


@pytest.mark.parametrize(("text", "lang"), [
    ("30 capas en la gpu y el resto en la ram, q pasa con el resto?", "es"),
    ("30 layers on the gpu, what happens to the rest", "en"),
])
def test_the_rest_of_layers_is_no_block(text: str, lang: str) -> None:
    assert ask(text, lang).query.intent != "pay"


@pytest.mark.parametrize(("text", "lang", "lead"), [
    ("si me sobran horas las puedo usar despues?", "es",
     "🧱 <b>Un bloque no hace falta usarlo de una vez.</b>"),
    ("puedo usar el bloque de 24 horas de h100 luego?", "es",
     "🧱 <b>Un bloque no hace falta usarlo de una vez.</b>"),
    ("si il me reste des heures je peux les utiliser plus tard ?", "fr",
     "🧱 <b>Un bloc ne s'utilise pas forcément d'un seul coup.</b>"),
])
def test_hours_used_later_is_how_a_block_is_drawn(text: str, lang: str, lead: str) -> None:
    """Hours used "después" or "plus tard": a block is drawn by the minute (was "¿Qué
    modelo?" / "Quel modèle ?")."""
    reply = ask(text, lang)
    assert reply.text.startswith(lead), reply.text
