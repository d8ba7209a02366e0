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


_NO_DISCOUNT = {
    "en": "ℹ️ Our published page mentions no discount",
    "es": "ℹ️ Nuestra página publicada no menciona ningún descuento",
    "fr": "ℹ️ Notre page publiée ne mentionne aucune remise",
}


@pytest.mark.parametrize(("text", "lang"), [
    ("el bloque de 720 horas sale mas barato?", "es"),
    ("el bloque de 168 es mas barato q el de 10?", "es"),
    ("los bloques grandes son mas baratos?", "es"),
    ("conviene comprar el bloque de 720?", "es"),
    ("le bloc de 720h il est moins cher ?", "fr"),
    ("le bloc de 168h est moins cher que celui de 10h ?", "fr"),
    ("les gros blocs sont moins chers ?", "fr"),
    ("ca vaut le coup de prendre le bloc de 720h ?", "fr"),
    ("c'est moins cher par gros blocs ?", "fr"),
    ("is it worth buying the 720h block?", "en"),
    ("is it cheaper with bigger blocks?", "en"),
])
def test_a_bigger_block_cheaper_is_the_same_rate(text: str, lang: str) -> None:
    """Whether a bigger block is cheaper: the page names no discount and sells every block at
    the same hourly rate (was "¿Qué modelo?", "Je n'ai pas compris" or the price list)."""
    reply = ask(text, lang)
    assert reply.query.intent == "help", reply.text
    assert reply.query.hours is None, reply.text  # the block's hours, no rental
    assert reply.text.startswith(_NO_DISCOUNT[lang]), reply.text


@pytest.mark.parametrize(("text", "intent"), [
    ("el bloque de 720 horas de h100 sale mas barato?", "cost"),
    ("la h100 sale mas barata en bloque de 720?", "prices"),
])
def test_a_cards_bigger_block_cheaper_leads_with_the_same_rate(text: str, intent: str) -> None:
    """A card named: no discount leads, then its quote or price (was "¿Qué modelo?")."""
    reply = ask(text, "es")
    assert reply.query.intent == intent and reply.query.gpu == "h100", reply.text
    assert reply.text.startswith(_NO_DISCOUNT["es"]), reply.text
    assert "2,32\u00a0US$/hora" in reply.text, reply.text


def test_cheapest_card_for_a_run_stays_a_recommendation() -> None:
    assert ask("q gpu sale mas barata para qlora de 70b", "es").query.intent == "recommend"


@pytest.mark.parametrize("text", [
    "cuanto es lo minimo q tengo q cargar",
    "cuanto tengo q cargar como minimo",
    "cual es el minimo para cargar saldo",
    "cual es el minimo q puedo cargar",
    "hay un monto minimo para cargar saldo?",
    "cuanto es la carga minima",
])
def test_the_least_saldo_loaded_is_the_smallest_top_up(text: str) -> None:
    """"Cargar saldo" is topping up: the smallest top-up (was "¿Qué GPU y durante cuánto
    tiempo?" or "¿Qué modelo?")."""
    reply = ask(text, "es")
    assert reply.query.intent == "pay", reply.text
    assert reply.text.startswith("💵 <b>La recarga mínima es de 1\u00a0US$.</b>"), reply.text


@pytest.mark.parametrize(("text", "lang", "lead"), [
    ("cuanto hay q poner como minimo", "es", "🚀 <b>Lo mínimo para empezar: 8,20\u00a0US$"),
    ("faut mettre combien minimum ?", "fr", "🚀 <b>Le minimum pour commencer\u00a0: 8,20\u00a0$US"),
    ("je dois deposer combien au minimum", "fr", "🚀 <b>Le minimum pour commencer"),
    ("c'est quoi le minimum a mettre pour commencer", "fr", "🚀 <b>Le minimum pour commencer"),
    ("how much do i need to put in minimum", "en", "🚀 <b>The cheapest way to start: $8.20"),
])
def test_the_least_money_put_in_is_the_cheapest_start(text: str, lang: str, lead: str) -> None:
    """The least money to put in: the cheapest start, top-ups from $1 beside it (was the price
    list or the help text)."""
    reply = ask(text, lang)
    assert reply.text.startswith(lead), reply.text


@pytest.mark.parametrize("text", [
    "cual es el minimo para cargar llama 3 70b",
    "cuanta vram minima para cargar un modelo de 7b",
    "el minimo para cargar el modelo en 4 bits",
])
def test_a_model_loaded_is_no_top_up(text: str) -> None:
    assert ask(text, "es").query.intent == "memory"


@pytest.mark.parametrize(("text", "lang", "lead"), [
    ("se puede pagar con usdt? y con tarjeta?", "es", "🚫 <b>No: no aceptamos tarjetas, solo cripto.</b>"),
    ("on peut payer en usdt ? et par carte ?", "fr", "🚫 <b>Non\u00a0: nous n'acceptons pas la carte bancaire"),
    ("can i pay with usdt? and with a card?", "en", "🚫 <b>No: we do not take cards, only crypto.</b>"),
    ("can i pay with usdt or card?", "en", "🚫 <b>No: we do not take cards, only crypto.</b>"),
])
def test_a_card_asked_after_a_coin_is_refused(text: str, lang: str, lead: str) -> None:
    """A card asked after a coin, as a second short question: no cards leads, then the coin's
    yes (was the coin's yes alone, the card unanswered)."""
    reply = ask(text, lang)
    assert reply.text.startswith(lead), reply.text
    assert reply.query.pay_coins_asked == ("USDT",), reply.text


@pytest.mark.parametrize("text", [
    "necesito fine tunear qwen 2.5 14b en 12 horas, q me conviene",
    "necesito fine tunear qwen 2.5 14b, q me conviene?",
])
def test_que_me_conviene_is_which_to_rent(text: str) -> None:
    """"Q me conviene" closing a run asks which configuration to rent, as "tu me conseilles
    quoi" does (was the memory per method)."""
    reply = ask(text, "es")
    assert reply.query.intent == "recommend", reply.text
    assert reply.text.startswith("🏆 <b>Las GPU más baratas para Qwen2.5 14B"), reply.text
