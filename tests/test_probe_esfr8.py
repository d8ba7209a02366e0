"""Spanish and French questions as natives write them (probe-esfr8)."""

from __future__ import annotations

import pytest

from bot.pipeline import to_json
from bot.understand.numbers import words_to_digits
from tests.support.chat import ask, converse


@pytest.mark.parametrize(("text", "lang", "lead"), [
    ("que tan caro es entrenar llama 3 8b con lora?", "es",
     "💵 <b>Lo que cuesta el fine-tuning de Llama 3 8B</b>"),
    ("q tan caro es un qlora de llama 3 70b", "es",
     "💵 <b>Lo que cuesta el fine-tuning de Llama 3 70B</b>"),
    ("es muy caro hacer fine tuning de mistral 7b?", "es", "💵 <b>Lo que cuesta el fine-tuning"),
    ("cuan caro es hacer un lora de 8b", "es", "💵 <b>Lo que cuesta el fine-tuning"),
    ("sale caro entrenar llama 3 70b en una h100 dos dias?", "es", "💵 <b>Coste: 111,36"),
    ("c'est cher de fine-tuner mistral 7b ?", "fr", "💵 <b>Coût du fine-tuning pour Mistral 7B"),
    ("est-ce que c'est cher d'entraîner llama 3 8b en lora sur un a100 pendant 10h", "fr",
     "💵 <b>Coût\u00a0: 9,20"),
    ("c'est trop cher pour moi un full finetune de 70b ?", "fr", "💵 <b>Coût du fine-tuning"),
])
def test_how_expensive_a_run_is_is_its_cost(text: str, lang: str, lead: str) -> None:
    """"¿Qué tan caro …?", "¿es muy caro …?", "c'est cher de …" ask what a run costs, as "how
    expensive" does in English (was the memory per method, or the fit with the cost under it)."""
    reply = ask(text, lang)
    assert reply.answer.intent == "cost", reply.text
    assert reply.text.startswith(lead), reply.text


@pytest.mark.parametrize(("text", "lang"), [
    ("la h100 es muy cara", "es"),
    ("c'est cher le h100 ?", "fr"),
])
def test_a_card_said_dear_is_no_run_to_price(text: str, lang: str) -> None:
    assert ask(text, lang).answer.intent == "prices"


@pytest.mark.parametrize(("first", "then", "lang", "lead"), [
    ("tengo 100 euros pa entrenar llama 3 8b", "100 dolares", "es",
     "↪️ <i>Llama 3 8B, de tu pregunta anterior.</i>\n💵 <b>Con 100\u00a0US$ tienes 120 horas"),
    ("tengo 100 euros pa entrenar llama 3 8b", "cien dolares", "es", "↪️ <i>Llama 3 8B"),
    ("con 50 lucas cuantas horas de h100 puedo alquilar?", "50 usd", "es",
     "↪️ <i>En 1× H100, de tu pregunta anterior.</i>\n💵 <b>Con 50\u00a0US$ tienes 20 horas"),
    ("tengo 200 pavos, q puedo hacer?", "vale, 200 dolares entonces", "es",
     "💵 <b>Con 200\u00a0US$ tienes 242 horas de 1× L40S"),
    ("j'ai 100 euros, combien d'heures de h100 ?", "100 $ alors", "fr",
     "↪️ <i>Sur 1× H100, d'après votre question précédente.</i>\n💵 <b>100\u00a0$US vous donnent"
     " 40\u00a0heures"),
    ("i have 100 euros, how many h100 hours", "what about $100", "en",
     "↪️ <i>On 1× H100, from your last question.</i>\n💵 <b>$100 buys 40 hours"),
])
def test_a_budget_refused_in_another_currency_then_said_in_dollars(first: str, then: str,
                                                                  lang: str, lead: str) -> None:
    """The refusal asks for the budget in dollars; the sum said back alone is that budget for
    the same question (was "I did not understand")."""
    refused, answered = converse(first, then, locale=lang)
    # (a run named beside the euros is priced in dollars, the euros said not converted: words47)
    assert refused.answer.error == "budget_not_usd" or refused.answer.budget_foreign, refused.text
    assert answered.answer.intent == "cost" and answered.answer.error is None, answered.text
    assert answered.text.startswith(lead), answered.text


@pytest.mark.parametrize(("first", "then", "lang", "says"), [
    ("avisame si la h100 baja de 2 euros", "2 dolares", "es",
     "🔔 Alerta: cuando la H100 baje de 2\u00a0US$ por hora"),
    ("préviens-moi si le h100 passe sous 2 €", "ok 2 $ alors", "fr",
     "🔔 Alerte\u00a0: quand le H100 passe sous 2\u00a0$US de l'heure"),
])
def test_an_alert_price_refused_then_said_in_dollars_sets_it(first: str, then: str, lang: str,
                                                           says: str) -> None:
    refused, answered = converse(first, then, locale=lang)
    assert refused.answer.error == "threshold_not_usd", refused.text
    assert answered.query.threshold_usd == 2 and answered.query.direction == "below"
    assert says in answered.text, answered.text


@pytest.mark.parametrize(("first", "lang"), [
    ("cuanto cuesta una h100 por 10 horas", "es"),
    ("avisame si la h100 baja de 2 dolares", "es"),
])
def test_dollars_alone_after_no_refusal_place_nothing(first: str, lang: str) -> None:
    assert converse(first, "100 dolares", locale=lang)[1].answer.intent == "unknown"


@pytest.mark.parametrize(("first", "then", "lang", "count"), [
    ("cabe llama 3 8b en mi 3060 con lora?", "y si le pongo otra 3060?", "es", 2),
    ("cabe llama 3 8b en mi 3060 con lora?", "y con otra 3060?", "es", 2),
    ("cabe llama 3 8b en mi 3060 con lora?", "y si compro otra?", "es", 2),
    ("cabe llama 3 8b en mi 3060 con lora?", "y con otra?", "es", 2),
    ("cabe llama 3 70b en 2 3090 con qlora?", "y con otra 3090?", "es", 3),
    ("est-ce que llama 3 8b tient sur ma 3060 en lora ?", "et si j'ajoute une autre 3060 ?",
     "fr", 2),
    ("combien pour un h100 pendant 10 heures", "et avec un autre h100 ?", "fr", 2),
    ("can i lora llama 3 8b on my 3060?", "and with another 3060?", "en", 2),
])
def test_another_of_the_card_asked_is_one_more(first: str, then: str, lang: str,
                                               count: int) -> None:
    """Was the same card alone again ("otra 3060" read as a 3060), or "I did not understand"
    for "¿y si compro otra?"."""
    reply = converse(first, then, locale=lang)[1]
    assert reply.query.gpu_count == count, reply.text
    assert reply.query.gpu == converse(first, locale=lang)[0].query.gpu


def test_another_card_of_another_kind_joins_the_machine() -> None:
    """"y con otra 4090?" after 2× 3090 adds the 4090 to that machine (cards9, befe6021): was
    the 4090 alone; the card is never read as a 4090 count of 3."""
    reply = converse("cabe llama 3 70b en 2 3090 con qlora?", "y con otra 4090?", locale="es")[1]
    assert "una sola máquina con 2× RTX 3090 y 1× RTX 4090" in reply.text, reply.text
    assert not (reply.query.gpu == "rtx-4090" and reply.query.gpu_count == 3), reply.text


@pytest.mark.parametrize("quick", [True, False])
def test_todos_after_a_setting_word_is_no_number(quick: bool) -> None:
    """"context todos" was "context to2" without the shortcuts ("to" then "dos"): found by
    tests/test_understand_shortcuts.py's fuzzing."""
    assert words_to_digits("context todos", quick=quick) == "context todos"
    assert words_to_digits("batch size of four", quick=quick) == "batch size of 4"


@pytest.mark.parametrize(("text", "lang", "lead"), [
    ("que son los bloques?", "es", "🧱 Las GPU-horas se venden en bloques de 10, 24, 168 y 720"),
    ("q son los bloques de horas", "es", "🧱 Las GPU-horas se venden en bloques"),
    ("como funcionan los bloques?", "es", "🧱 Las GPU-horas se venden en bloques"),
    ("c'est quoi les blocs ?", "fr", "🧱 Les GPU-heures sont vendues par blocs de 10, 24, 168 et 720"),
    ("c koi un bloc de gpu-heures", "fr", "🧱 Les GPU-heures sont vendues par blocs"),
    ("les blocs ça marche comment ?", "fr", "🧱 Les GPU-heures sont vendues par blocs"),
    ("what are the blocks?", "en", "🧱 GPU-hours are sold in blocks of 10, 24, 168, and 720"),
    ("how do blocks work?", "en", "🧱 GPU-hours are sold in blocks"),
])
def test_what_the_blocks_are_is_the_blocks(text: str, lang: str, lead: str) -> None:
    """Was "I did not understand" (or the bot's own help for "¿cómo funcionan los bloques?"),
    though "what's a gpu hour" already got the blocks."""
    reply = ask(text, lang)
    assert reply.query.service_asked == ("billing",), reply.text
    assert reply.text.startswith(lead), reply.text


@pytest.mark.parametrize(("text", "lang"), [
    ("cuanto cuesta un bloque de 720 horas de h100", "es"),
    ("combien coûte un bloc de 168 heures de a100", "fr"),
])
def test_a_block_priced_stays_its_quote(text: str, lang: str) -> None:
    assert ask(text, lang).answer.intent == "cost"


@pytest.mark.parametrize(("text", "lang", "says", "not_said"), [
    ("q diferencia hay entre la a100 y la h100", "es", "Memoria: 80\u00a0GB por GPU en las dos.",
     "80\u00a0GB frente a 80"),
    ("c koi la diff entre un a100 et un h100", "fr",
     "Mémoire\u00a0: 80\u202fGo par GPU pour les deux.", "80\u202fGo contre 80"),
    ("diferencia entre la l40 y la l40s", "es", "Ancho de banda de memoria: 864\u00a0GB/s en las dos.",
     "frente a 864"),
    ("l40 ou l40s c'est quoi la diff", "fr", "Bande passante mémoire\u00a0: 864\u202fGo/s pour les deux.",
     "contre 864"),
    ("whats the difference between a100 and h100", "en", "Memory: 80 GB per GPU on both.",
     "80 GB vs 80 GB"),
])
def test_an_equal_figure_of_two_cards_is_said_once(text: str, lang: str, says: str,
                                                   not_said: str) -> None:
    """Was "Memoria: 80 GB frente a 80 GB por GPU", which reads as a slip."""
    reply = ask(text, lang)
    assert says in reply.text and not_said not in reply.text, reply.text


@pytest.mark.parametrize(("text", "lang", "says", "not_said"), [
    ("combien coûte un mois de a100 si je le fais tourner 10h par jour", "fr",
     "🗓 10\u00a0heures par jour pendant 30\u00a0jours\u00a0: 300\u00a0heures en tout.", "720"),
    ("cuanto sale un mes de h100 a 8 horas por dia", "es",
     "🗓 8 horas al día durante 30 días: 240 horas en total.", "720"),
    ("cost to serve llama 3 70b 8 hours a day for a month", "en",
     "🗓 8 hours a day on 30 days: 240 hours in all.", "720 hours"),
])
def test_a_month_counted_by_the_day_is_not_also_720_hours(text: str, lang: str, says: str,
                                                          not_said: str) -> None:
    """Was "🗓 Je compte un mois comme 30 jours (720 heures)." over "10 heures par jour
    pendant 30 jours : 300 heures en tout.", two totals for one month."""
    reply = ask(text, lang)
    assert says in reply.text and not_said not in reply.text, reply.text


def test_a_month_alone_is_still_720_hours() -> None:
    assert "🗓 Cuento un mes como 30 días (720 horas)." in ask("cuanto cuesta una h100 un mes",
                                                               "es").text


@pytest.mark.parametrize(("text", "lang", "gpu"), [
    ("con una 1060 de 6gb puedo hacer algo?", "es", "gtx-1060"),
    ("se puede hacer algo con una 1650 de 4gb?", "es", "gtx-1650"),
    ("con mi 3070 de 8gb q puedo hacer", "es", "rtx-3070"),
    ("mi 3060, q puedo hacer", "es", "rtx-3060"),
    ("on peut faire quelque chose avec une 1060 6 go ?", "fr", "gtx-1060"),
    ("can i do anything with a 1060 6gb?", "en", "gtx-1060"),
    ("mi mac m2 de 16gb puede entrenar un modelo chiquito?", "es", "apple-m2"),
    ("mon mac m2 16 go peut fine-tuner un petit modèle ?", "fr", "apple-m2"),
    ("je peux faire tourner un petit llm sur ma 1650 4 go ?", "fr", "gtx-1650"),
    ("can my mac m2 16gb finetune a small model?", "en", "apple-m2"),
])
def test_anything_or_a_small_model_on_a_card_is_what_it_holds(text: str, lang: str,
                                                              gpu: str) -> None:
    """Was the card's price ("No alquilamos la GTX 1060, así que no hay precio que dar") or
    "Which model?"."""
    reply = ask(text, lang)
    assert reply.query.largest and reply.query.gpu == gpu, reply.text
    assert reply.text.startswith(("📏", "❌ <b>")), reply.text


@pytest.mark.parametrize("text", [
    "un petit modèle comme gemma 2 2b sur ma 3060 ?",
    "a small model like phi-3 mini on my 3060?",
])
def test_a_small_model_named_stays_that_model(text: str) -> None:
    reply = ask(text, "en")
    assert not reply.query.largest and reply.query.model_id is not None, reply.text


@pytest.mark.parametrize(("text", "gpu"), [
    ("vale la pena alquilar o compro una 3090 usada a 700 dolares?", "rtx-3090"),
    ("me compro una 3090 a 700 dolares o alquilo?", "rtx-3090"),
    ("alquilo una h100 o compro?", "h100"),
])
def test_rent_or_buy_said_in_the_first_person_is_rent_or_buy(text: str, gpu: str) -> None:
    """Was "No alquilamos la RTX 3090, así que no hay precio que dar", or the H100's price."""
    reply = ask(text, "es")
    assert reply.query.rent_or_buy and reply.query.gpu == gpu, reply.text
    assert reply.text.startswith("🏠 <b>"), reply.text


@pytest.mark.parametrize("text", [
    "vos serveurs sont où ?",
    "ils sont situés où vos gpu ?",
    "c'est hébergé où ?",
    "dans quel pays sont les serveurs ?",
])
def test_where_the_servers_are_in_french_is_the_region(text: str) -> None:
    """Was "Je n'ai pas compris", "Quel modèle ?" for "hébergé", or how to pay ("pays", the
    country, read as the English "pays")."""
    reply = ask(text, "fr")
    assert reply.query.service_asked == ("region",), reply.text
    assert reply.text.startswith("ℹ️ Notre page publiée ne liste ni régions"), reply.text


def test_who_pays_is_still_paying() -> None:
    assert ask("who pays the gas fees?", "en").answer.intent == "pay"


@pytest.mark.parametrize(("text", "lang", "lead"), [
    ("hay que dar el dni?", "es", "🪪 <b>Sin documento de identidad (sin KYC): recargas con cripto.</b>"),
    ("necesito pasaporte?", "es", "🪪 <b>Sin documento de identidad"),
    ("sin kyc?", "es", "🪪 <b>Sin documento de identidad"),
    ("faut un passeport ?", "fr",
     "🪪 <b>Aucune pièce d'identité demandée (sans KYC)\u00a0: vous rechargez en crypto.</b>"),
    ("vous demandez une pièce d'identité ?", "fr", "🪪 <b>Aucune pièce d'identité demandée"),
    ("do i need to give my id?", "en", "🪪 <b>No ID asked (no KYC): you top up in crypto.</b>"),
])
def test_an_id_asked_is_answered_first(text: str, lang: str, lead: str) -> None:
    """Was "No te he entendido" ("dni", "pasaporte", "passeport", "give my id"), or how to pay
    with the answer inside its second line."""
    reply = ask(text, lang)
    assert reply.answer.intent == "pay" and reply.text.startswith(lead), reply.text


def test_paying_with_no_id_word_has_no_id_lead() -> None:
    assert "🪪" not in ask("se puede pagar con monero?", "es").text


@pytest.mark.parametrize(("text", "lang", "topic", "lead"), [
    ("tienen api?", "es", "api", "ℹ️ Nuestra página publicada no menciona ninguna API"),
    ("hay una api pa crear instancias?", "es", "api", "ℹ️ Nuestra página publicada no menciona"),
    ("vous avez une api ?", "fr", "api", "ℹ️ Notre page publiée ne mentionne aucune API"),
    ("do you have an api?", "en", "api", "ℹ️ Our published page does not mention an API"),
    ("q sistema operativo tienen las maquinas?", "es", "os",
     "ℹ️ Nuestra página publicada no dice qué sistema operativo"),
    ("que version de cuda tienen?", "es", "os", "ℹ️ Nuestra página publicada no dice qué sistema"),
    ("c'est quoi l'os des machines ?", "fr", "os",
     "ℹ️ Notre page publiée ne dit pas quel système d'exploitation"),
    ("what os do the machines run?", "en", "os",
     "ℹ️ Our published page does not say which operating system"),
])
def test_an_api_or_the_hosts_system_is_not_on_the_page(text: str, lang: str, topic: str,
                                                      lead: str) -> None:
    """Was "No te he entendido" / "Je n'ai pas compris", or "Which model?" for "what os do the
    machines run" (the seeds name neither: rules/data/service.toml)."""
    reply = ask(text, lang)
    assert reply.query.service_asked == (topic,), reply.text
    assert reply.text.startswith(lead), reply.text


@pytest.mark.parametrize("text", ["os puedo pagar con btc?", "que os parece mejor, h100 o a100?"])
def test_the_spanish_pronoun_os_is_no_system(text: str) -> None:
    assert "os" not in ask(text, "es").query.service_asked


@pytest.mark.parametrize(("text", "hours", "cost"), [
    ("c combien le h200 la journée", 24, "73.68"),
    ("le h100 c'est combien la journée ?", 24, "55.68"),
])
def test_a_card_priced_by_the_day_in_french_is_24_hours(text: str, hours: int, cost: str) -> None:
    """Was the hourly price alone ("la journée" unread), though "par jour" was a day."""
    reply = ask(text, "fr")
    assert reply.answer.intent == "cost" and reply.query.hours == hours, reply.text
    assert to_json(reply)["cost_usd"] == cost, reply.text


@pytest.mark.parametrize("text", ["je l'utilise pendant la journée, combien pour un h100 ?",
                                  "merci, bonne journée"])
def test_during_the_day_or_a_good_day_is_no_day_priced(text: str) -> None:
    assert ask(text, "fr").query.hours is None


@pytest.mark.parametrize(("text", "gpu_or_memory"), [
    ("g 16go de vram je fais tourner quoi", "16"),
    ("j'ai une 3090, j'entraîne quoi ?", "24"),
])
def test_what_i_run_or_train_in_french_is_what_it_holds(text: str, gpu_or_memory: str) -> None:
    """Was "Quel modèle ?", or the card noted alone."""
    reply = ask(text, "fr")
    assert reply.query.largest, reply.text
    assert reply.text.startswith(f"📏 <b>Avec {gpu_or_memory}\u202fGo"), reply.text


@pytest.mark.parametrize("text", ["ils sont où vos serveurs ?", "vous êtes où ?",
                                  "vous êtes basés où ?"])
def test_where_you_are_in_french_is_the_region(text: str) -> None:
    """Was "Je n'ai pas compris"."""
    assert ask(text, "fr").query.service_asked == ("region",)


def test_where_you_stand_is_no_region() -> None:
    assert ask("vous êtes où dans le classement ?", "fr").query.service_asked == ()
