"""Spanish and French questions as new users write them in chats (probe-esfr10)."""

from __future__ import annotations

import pytest

from bot.understand.numbers import words_to_digits
from tests.support.chat import ask, converse

RUN_FR = "je veux faire un lora de llama 3 8b sur 20 millions de tokens"
COST_FR = "combien pour un qlora de llama 3 70b sur un h200 pendant un jour"


@pytest.mark.parametrize(("run", "asked", "intent", "gpu"), [
    (RUN_FR, "ça prend combien de temps sur un a100 ?", "time", "a100-80gb"),
    (RUN_FR, "ça met combien de temps sur une h100 ?", "time", "h100"),
    (COST_FR, "et si je le fais sur un b200 ?", "cost", "b200"),
])
def test_a_french_follow_up_s_spaced_mark_is_no_word(
        run: str, asked: str, intent: str, gpu: str) -> None:
    """French spaces its "?": "ça prend combien de temps sur un a100 ?" is eight words and
    continues the run asked before (was nine, too long for a follow-up: the A100's price and
    "for how many hours?", the run forgotten)."""
    first, then = converse(run, asked, locale="fr")
    q = then.query
    assert q.follow_up and q.intent == intent and q.gpu == gpu, then.text
    assert q.model_id == first.query.model_id and q.method == first.query.method, then.text


@pytest.mark.parametrize(("text", "lang", "lead"), [
    ("cuanto dura un bloque?", "es", "🧱 Las GPU-horas se venden en bloques"),
    ("un bloque cuanto dura?", "es", "🧱 Las GPU-horas se venden en bloques"),
    ("el bloque de 24h cuanto dura?", "es", "🧱 Las GPU-horas se venden en bloques"),
    ("un bloc ça dure combien de temps ?", "fr", "🧱 Les GPU-heures sont vendues par blocs"),
    ("combien de temps dure un bloc", "fr", "🧱 Les GPU-heures sont vendues par blocs"),
    ("how long does a block last?", "en", "🧱 GPU-hours are sold in blocks"),
])
def test_how_long_a_block_lasts_is_the_blocks(text: str, lang: str, lead: str) -> None:
    """How long a block lasts, no card or run named: the blocks, whose unused hours never
    expire (was "how many GPU-hours depends on the job: tell me the model", or "on which GPU,
    for 24 hours?")."""
    reply = ask(text, lang)
    assert reply.answer.intent == "help", reply.text
    assert reply.text.startswith(lead), reply.text


@pytest.mark.parametrize(("text", "lang", "lead"), [
    ("t'as combien de vram sur le b200", "fr", "📋 <b>B200\u00a0: les chiffres de sa fiche technique</b>"),
    ("combien de go dans une 4090 ?", "fr", "📋 <b>RTX 4090\u00a0: les chiffres"),
    ("cuanta vram hay en la h100", "es", "📋 <b>H100: las cifras de su ficha técnica</b>"),
    ("cuantos gb en la 4090?", "es", "📋 <b>RTX 4090: las cifras"),
    ("how much vram on the b200", "en", "📋 <b>B200: the datasheet's figures</b>"),
])
def test_a_cards_memory_asked_with_on_is_its_datasheet(text: str, lang: str, lead: str) -> None:
    """"Combien de vram sur le b200", "cuánta vram hay en la h100": the card's memory, from its
    datasheet (was "Which model?", the card read as where a model runs)."""
    reply = ask(text, lang)
    assert reply.answer.error is None, reply.text
    assert reply.text.startswith(lead), reply.text


@pytest.mark.parametrize(("text", "lang"), [
    ("llama 3 70b, combien de vram sur le h100 ?", "fr"),
    ("qlora 70b how much vram on the a100?", "en"),
])
def test_a_models_memory_on_a_card_stays_the_fit(text: str, lang: str) -> None:
    reply = ask(text, lang)
    assert reply.answer.intent == "fit" and "📋" not in reply.text, reply.text


@pytest.mark.parametrize(("text", "lang", "lead"), [
    ("q pasa si apago la instancia, pierdo las horas?", "es",
     "⏳ <b>No: las GPU-horas que no uses nunca caducan.</b>"),
    ("si paro el pod pierdo mis horas?", "es", "⏳ <b>No: las GPU-horas"),
    ("si j'eteins l'instance je perds mes heures ?", "fr",
     "⏳ <b>Non\u00a0: les GPU-heures non utilisées n'expirent jamais.</b>"),
])
def test_hours_lost_when_the_instance_stops_is_never(text: str, lang: str, lead: str) -> None:
    """"If I stop the instance, do I lose my hours?": the page's "unused hours never expire"
    leads, then the per-minute billing (was "I did not understand")."""
    reply = ask(text, lang)
    assert reply.answer.intent == "pay", reply.text
    assert reply.text.startswith(lead), reply.text


def test_dispo_la_asks_what_is_free_now() -> None:
    """"T'as des h100 dispo là ?": which cards are free now, which the page does not say (was
    the H100's price, as "do you rent it")."""
    reply = ask("t'as des h100 dispo là ?", "fr")
    assert reply.text.startswith("ℹ️ Notre page publiée ne dit pas quels GPU sont libres"), reply.text


@pytest.mark.parametrize(("text", "lang", "lead"), [
    ("el minimo pa recargar cuanto es", "es", "💵 <b>La recarga mínima es de 1\u00a0US$.</b>"),
    ("cuanto es lo minimo q puedo recargar", "es", "💵 <b>La recarga mínima es de 1\u00a0US$.</b>"),
    ("c'est combien le minimum de recharge", "fr", "💵 <b>La recharge minimale est de 1\u00a0$US.</b>"),
    ("whats the minimum top up?", "en", "💵 <b>The smallest top-up is $1.</b>"),
])
def test_the_smallest_top_up_leads(text: str, lang: str, lead: str) -> None:
    """The minimum top-up asked: the page's "from $1" leads (was how to pay, the figure in its
    second line)."""
    reply = ask(text, lang)
    assert reply.answer.intent == "pay", reply.text
    assert reply.text.startswith(lead), reply.text


@pytest.mark.parametrize(("text", "lang", "lead"), [
    ("la gpu menos cara cual es?", "es",
     "💵 <b>Nuestra GPU más barata: L40S (48\u00a0GB), a 0,82\u00a0US$/hora.</b>"),
    ("c quoi le gpu le moins cher", "fr",
     "💵 <b>Notre GPU le moins cher\u00a0: L40S (48\u202fGo), à 0,82\u00a0$US/heure.</b>"),
    ("whats the cheapest gpu you have", "en", "💵 <b>Our cheapest GPU: L40S (48 GB), at $0.82/hour.</b>"),
])
def test_the_cheapest_gpu_leads_the_price_list(text: str, lang: str, lead: str) -> None:
    """"¿Cuál es la GPU más barata?": the cheapest rented GPU leads the price list (was the
    list alone)."""
    reply = ask(text, lang)
    assert reply.answer.intent == "prices", reply.text
    assert reply.text.startswith(lead), reply.text
    assert "💲" in reply.text, reply.text


@pytest.mark.parametrize(("run", "asked", "lang"), [
    ("je veux servir llama 3 8b", "il me faut quelle carte ?", "fr"),
    ("je veux servir llama 3 8b", "je prends quel gpu ?", "fr"),
    ("je veux servir llama 3 8b", "quel gpu ?", "fr"),
    ("quiero servir llama 3 8b", "y que gpu?", "es"),
    ("i want to serve llama 3 8b", "which card do i need?", "en"),
    ("i want to serve llama 3 8b", "what gpu?", "en"),
])
def test_which_card_after_a_model_is_the_cheapest_for_it(run: str, asked: str, lang: str) -> None:
    """"Je veux servir llama 3 8b", then "il me faut quelle carte ?": the cheapest GPUs for that
    model (was the price list, the model dropped, or "I did not understand")."""
    _, then = converse(run, asked, locale=lang)
    q = then.query
    assert q.follow_up and then.answer.intent == "recommend", then.text
    assert q.model_id == "llama-3-8b" and q.inference, then.text


def test_which_card_after_a_card_that_did_not_do_drops_it() -> None:
    """"qlora llama 3 70b sur une 4090 ?" (no), then "quelle carte alors ?": the cheapest GPUs
    for the run, not the 4090's verdict again."""
    _, then = converse("qlora llama 3 70b sur une 4090 ?", "quelle carte alors ?", locale="fr")
    q = then.query
    assert then.answer.intent == "recommend" and q.gpu is None, then.text
    assert q.model_id == "llama-3-70b" and q.method == "qlora", then.text
    assert then.text.split("\n")[1].startswith("🏆"), then.text


@pytest.mark.parametrize(("run", "asked", "lang"), [
    ("je veux servir llama 3 8b", "vous avez quelles cartes ?", "fr"),
    ("i want to serve llama 3 8b", "what gpus do you have?", "en"),
])
def test_the_offer_asked_after_a_model_stays_the_offer(run: str, asked: str, lang: str) -> None:
    _, then = converse(run, asked, locale=lang)
    assert then.answer.intent == "prices" and not then.query.follow_up, then.text


@pytest.mark.parametrize(("run", "asked", "lang"), [
    ("je veux servir llama 3 8b", "et pour une vingtaine d'utilisateurs en même temps ?", "fr"),
    ("je veux servir llama 3 8b", "et pour une vingtaine de personnes ?", "fr"),
    ("quiero servir llama 3 8b", "y pa una veintena de usuarios?", "es"),
])
def test_about_so_many_people_is_that_many_served(run: str, asked: str, lang: str) -> None:
    """"Et pour une vingtaine d'utilisateurs ?" after a model served: 20 served at once, as
    "20 utilisateurs" is (was "I did not understand")."""
    _, then = converse(run, asked, locale=lang)
    assert then.query.follow_up and then.query.users == 20, then.text
    assert then.query.model_id == "llama-3-8b", then.text


@pytest.mark.parametrize(("text", "lang", "users"), [
    ("quiero servir llama 3 8b para veinte usuarios", "es", 20),
    ("je veux servir llama 3 8b pour vingt utilisateurs", "fr", 20),
    ("je veux servir llama 3 8b pour une trentaine de personnes", "fr", 30),
    ("serve llama 3 8b to twenty users", "en", 20),
    ("serve llama 3 8b to two users", "en", 2),
])
def test_people_counted_in_words_are_served(text: str, lang: str, users: int) -> None:
    """"Veinte usuarios", "vingt utilisateurs", "twenty users": that many served at once, as
    the digits are (was the memory with no KV cache, the people unread)."""
    reply = ask(text, lang)
    assert reply.query.users == users, reply.text


@pytest.mark.parametrize("quick", [True, False])
def test_people_words_to_digits(quick: bool) -> None:
    assert words_to_digits("pour une vingtaine d'utilisateurs", quick=quick) == "pour 20 utilisateurs"
    assert words_to_digits("para veinte usuarios", quick=quick) == "para 20 usuarios"
    assert words_to_digits("a un usuario", quick=quick) == "a un usuario"
    assert words_to_digits("une dizaine de heures", quick=quick) == "une dizaine de heures"


@pytest.mark.parametrize(("text", "lead"), [
    ("t'as quoi comme gpu pour un lora de 13b", "🏆 <b>Les GPU les moins chers pour un modèle 13B</b>"),
    ("vous avez quoi comme carte pour servir llama 3 70b ?", "🏆 <b>Les GPU les moins chers pour Llama 3 70B</b>"),
])
def test_what_cards_for_a_model_is_the_cheapest_for_it(text: str, lead: str) -> None:
    """"T'as quoi comme gpu pour un lora de 13b": the cheapest GPUs for it (was the memory per
    method); alone, "vous avez quoi comme gpu ?" stays the price list."""
    reply = ask(text, "fr")
    # after the cheapest of all where the list does not start with it (70B: 4-bit)
    assert reply.answer.intent == "recommend" and lead in reply.text.split("\n")[:2], reply.text
    alone = ask("t'as quoi comme cartes ?", "fr")
    assert alone.answer.intent == "prices", alone.text
