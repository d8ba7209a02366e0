"""Spanish and French questions as new users write them in chats (probe-esfr11)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.support.chat import ask, converse


@pytest.mark.parametrize(("text", "hours", "lead"), [
    ("c'est combien une heure de h100", "1", "💵 <b>Vous payez 23,20\u00a0$US</b>"),
    ("c'est combien une heure et demie de h100", "1.5", "💵 <b>Vous payez 23,20\u00a0$US</b>"),
    ("c'est combien deux heures de h100 ?", "2", "💵 <b>Vous payez 23,20\u00a0$US</b>"),
    ("c'est combien 10 heures de h100", "10", "💵 <b>Coût\u00a0: 23,20\u00a0$US</b>"),
    ("combien une demi-heure de b200 ?", "0.5", "💵 <b>Vous payez 46,10\u00a0$US</b>"),
    ("c combien deux heures de h100 stp", "2", "💵 <b>Vous payez 23,20\u00a0$US</b>"),
])
def test_combien_hours_of_a_card_is_their_price(text: str, hours: str, lead: str) -> None:
    """"C'est combien une heure de h100" prices that hour (was "Quel modèle ?": the hours
    blanked, "c'est combien de gpu" read as how many cards a job needs)."""
    reply = ask(text, "fr")
    q = reply.query
    assert q.intent == "cost" and q.gpu in ("h100", "b200"), reply.text
    assert q.hours == Decimal(hours), reply.text
    assert reply.text.startswith(lead), reply.text


def test_how_many_cards_for_hours_stays_a_count() -> None:
    """"Combien de h100 pour un qlora de 70b" still counts cards for the job."""
    reply = ask("c'est combien de h100 pour un qlora de 70b", "fr")
    assert reply.query.intent == "recommend", reply.text


@pytest.mark.parametrize(("text", "lang", "lead"), [
    ("combien dure un bloc ?", "fr", "🧱 Les GPU-heures sont vendues par blocs de 10, 24, 168 et 720"),
    ("quels blocs d'heures vous vendez", "fr", "🧱 Les GPU-heures sont vendues par blocs"),
    ("les blocs c'est de combien d'heures ?", "fr", "🧱 Les GPU-heures sont vendues par blocs"),
    ("combien d'heures dans un bloc ?", "fr", "🧱 Les GPU-heures sont vendues par blocs"),
    ("que bloques venden", "es", "🧱 Las GPU-horas se venden en bloques de 10, 24, 168 y 720"),
    ("de cuantas horas son los bloques?", "es", "🧱 Las GPU-horas se venden en bloques"),
    ("what blocks do you sell?", "en", "🧱 GPU-hours are sold in blocks of 10, 24, 168, and 720"),
    ("which block sizes are there", "en", "🧱 GPU-hours are sold in blocks"),
])
def test_which_blocks_are_sold_is_the_blocks(text: str, lang: str, lead: str) -> None:
    """Which blocks are sold, or how many hours one holds, no card named: the blocks (was "I did
    not understand", "tell me the model", or the price list for "combien dure un bloc ?")."""
    reply = ask(text, lang)
    assert reply.answer.intent == "help", reply.text
    assert reply.text.startswith(lead), reply.text


def test_how_long_a_run_takes_said_combien_dure_is_its_time() -> None:
    """"Combien dure" asks how long, as "combien de temps" does."""
    reply = ask("combien dure un qlora de llama 3 8b sur 10M tokens sur une h100", "fr")
    assert reply.query.intent == "time", reply.text


@pytest.mark.parametrize(("text", "lang", "lead"), [
    ("si compro un bloque de 24 horas y no las uso, se pierden?", "es",
     "⏳ <b>No: las GPU-horas que no uses nunca caducan.</b>"),
    ("las horas q no use se pierden?", "es", "⏳ <b>No: las GPU-horas que no uses nunca caducan.</b>"),
    ("les heures que j'utilise pas je les perds ?", "fr",
     "⏳ <b>Non\u00a0: les GPU-heures non utilisées n'expirent jamais.</b>"),
    ("si j'utilise pas tout le bloc, les heures sont perdues ?", "fr",
     "⏳ <b>Non\u00a0: les GPU-heures non utilisées n'expirent jamais.</b>"),
])
def test_unused_hours_lost_is_never(text: str, lang: str, lead: str) -> None:
    """Whether the hours one does not use are lost, the verb after them ("se pierden?", "je les
    perds ?"): never expire leads (was "No te he entendido" / "Je n'ai pas compris")."""
    reply = ask(text, lang)
    assert reply.text.startswith(lead), reply.text


@pytest.mark.parametrize(("first", "then", "lang", "lead"), [
    ("j'ai une 3090, ca passe un qlora de llama 3 8b ?", "et si j'en ai deux ?", "fr",
     "↪️ <i>QLoRA de Llama 3 8B sur 2× RTX 3090"),
    ("j'ai une 3090, ca passe un qlora de llama 3 8b ?", "et si j'en avais 2 ?", "fr",
     "↪️ <i>QLoRA de Llama 3 8B sur 2× RTX 3090"),
    ("tengo una 3090, me da para qlora de llama 3 8b?", "y si tuviera dos?", "es",
     "↪️ <i>QLoRA de Llama 3 8B en 2× RTX 3090"),
    ("i have a 3090, can i qlora llama 3 8b?", "what if i have two?", "en",
     "↪️ <i>QLoRA of Llama 3 8B on 2× RTX 3090"),
])
def test_what_if_i_have_two_is_that_many_of_the_card(
        first: str, then: str, lang: str, lead: str) -> None:
    """"Et si j'en ai deux ?", "what if i have two?" after a question on one card: the same run
    on two of them (was "Je n'ai pas compris" / "I did not understand"; "y si tengo dos?"
    already did)."""
    _, reply = converse(first, then, locale=lang)
    assert reply.query.follow_up and reply.query.gpu_count == 2, reply.text
    assert reply.text.startswith(lead), reply.text


@pytest.mark.parametrize(("text", "lang", "lead"), [
    ("el pago con btc tarda mucho en acreditarse?", "es",
     "ℹ️ Nuestra página publicada no dice cuánto tarda en acreditarse una recarga en cripto"),
    ("cuanto tarda en llegar una recarga con usdt?", "es", "ℹ️ Nuestra página publicada no dice cuánto"),
    ("le paiement en btc met combien de temps a arriver ?", "fr",
     "ℹ️ Notre page publiée ne dit pas en combien de temps une recharge en crypto est créditée"),
    ("combien de confirmations pour un depot en btc ?", "fr", "ℹ️ Notre page publiée ne dit pas"),
    ("how long does a btc payment take to arrive?", "en",
     "ℹ️ Our published page does not say how long a crypto top-up takes to be credited"),
    ("how many confirmations for usdt?", "en", "ℹ️ Our published page does not say how long"),
])
def test_when_a_top_up_is_credited_the_page_does_not_say(text: str, lang: str, lead: str) -> None:
    """How long a crypto top-up takes to land: the page does not say, so the reply says that
    and leaves it to support, then how to pay (was "Yes: we take BTC.", another question)."""
    reply = ask(text, lang)
    assert reply.query.intent == "pay", reply.text
    assert reply.text.startswith(lead), reply.text
    assert "🪙" in reply.text, reply.text


@pytest.mark.parametrize("text", ["do you take btc?", "can i pay with usdt and how long is a block?"])
def test_a_coin_taken_is_no_question_of_when_it_lands(text: str) -> None:
    """"Take" and "how long" beside a coin are not when a top-up lands."""
    reply = ask(text, "en")
    assert "confirmations" not in reply.text, reply.text


@pytest.mark.parametrize(("text", "lang", "lead"), [
    ("vous acceptez le sol ?", "fr", "✅ <b>Oui\u00a0: nous acceptons SOL.</b>"),
    ("vous prenez du sol ?", "fr", "✅ <b>Oui\u00a0: nous acceptons SOL.</b>"),
    ("aceptan sol?", "es", "✅ <b>Sí: aceptamos SOL.</b>"),
    ("do you take sol?", "en", "✅ <b>Yes: we take SOL.</b>"),
])
def test_sol_taken_is_solana(text: str, lang: str, lead: str) -> None:
    """"Vous acceptez le sol ?": Solana's ticker after a verb of taking (was "Je n'ai pas
    compris": "sol" alone is also the floor, the sun, a currency)."""
    reply = ask(text, lang)
    assert reply.query.intent == "pay", reply.text
    assert reply.text.startswith(lead), reply.text


@pytest.mark.parametrize(("text", "lang", "lead"), [
    ("mi 4060 ti de 8gb sirve pa algo?", "es", "📏 <b>El modelo más grande que cabe en 8\u00a0GB"),
    ("ma 4060 ti 8go ca sert a quelque chose ?", "fr", "📏 <b>Avec 8\u202fGo, le plus gros modèle"),
    ("is my 4060 ti 8gb good for anything?", "en", "📏 <b>The largest model 8 GB holds"),
])
def test_is_my_card_good_for_anything_is_what_it_holds(text: str, lang: str, lead: str) -> None:
    """"Mi 4060 ti de 8gb sirve pa algo?", "ça sert à quelque chose ?": the largest models it
    holds (was "we don't rent the RTX 4060 Ti, so there is no price to quote")."""
    reply = ask(text, lang)
    assert reply.query.intent == "fit", reply.text
    assert reply.text.startswith(lead), reply.text
