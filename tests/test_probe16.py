"""probe16 (session 28): real users in Spanish and French (and English slang): durations said in
two parts, "une quinzaine" alone, "qu'une b200", paying without a card."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.support.chat import ask, converse

# A smaller unit said after a duration is added to it (was the first unit alone: "2 days and 12
# hours" priced as 48 hours, the run quoted short).
TWO_PART_DURATIONS = [
    ("how much for an h100 for 2 days and 12 hours", "60"),
    ("how much for an h100 for 1 week and 2 days", "216"),
    ("h100 for 1 day 6 hours how much", "30"),
    ("cuanto cuesta una h100 por 2 dias y 12 horas", "60"),
    ("cuanto me sale una a100 x 1 semana y 3 dias", "240"),
    ("combien pour une h100 pendant 2 jours et 12 heures", "60"),
    ("combien coute une l40s pendant 1 mois et 2 semaines", "1056"),
    # Spanish says a day or a week without its article ("por día y medio"): a day and a half,
    # not the price of a day (was 24 hours).
    ("cuanto cuesta una h100 por dia y medio", "36"),
    ("cuanto sale una a100 por semana y media", "252"),
]


@pytest.mark.parametrize(("question", "hours"), TWO_PART_DURATIONS)
def test_a_duration_said_in_two_parts_is_their_sum(question: str, hours: str) -> None:
    assert ask(question).query.hours == Decimal(hours)


# The larger unit after, a rate after, or "and a half" said already: nothing added.
ONE_PART_DURATIONS = [
    ("how much for an h100 for 2 weeks and 8 hours a day", None),
    ("h100 for 12 hours or 2 days?", None),
    ("combien pour une h100 pendant 1 jour et demi", Decimal(36)),
    ("cuanto cuesta una h100 por un dia", Decimal(24)),
    ("cuanto cuesta una h100 por dia", Decimal(24)),
]


@pytest.mark.parametrize(("question", "hours"), ONE_PART_DURATIONS)
def test_no_second_part_is_read_where_none_is_said(question: str, hours: Decimal | None) -> None:
    got = ask(question).query.hours
    if hours is not None:
        assert got == hours
    else:
        assert got not in (Decimal(336 + 8), Decimal(60))


# "pendant une quinzaine" said alone is the fortnight "une quinzaine de jours" is, "une huitaine"
# a week; Spanish "una quincena" fifteen days, as "quince días" (were the hourly price alone,
# asking how many hours). "une quinzaine d'heures", "… de millions de tokens" count what follows.
FORTNIGHTS = [
    ("combien pour une h100 pendant une quinzaine", Decimal(336)),
    ("combien pour 8 h100 pendant une quinzaine", Decimal(336)),
    ("combien pour une h100 pendant une huitaine", Decimal(168)),
    ("cuanto cuesta una h100 por una quincena", Decimal(360)),
    ("cuanto sale la h200 durante la quincena", Decimal(360)),
    ("une quinzaine d'heures sur une h100 ca fait combien", Decimal(15)),
]


@pytest.mark.parametrize(("question", "hours"), FORTNIGHTS)
def test_a_fortnight_said_alone(question: str, hours: Decimal) -> None:
    assert ask(question).query.hours == hours


def test_a_quinzaine_of_millions_stays_tokens() -> None:
    reply = ask("combien de temps pour un lora de llama 3 8b sur une quinzaine de millions de tokens")
    assert reply.query.hours is None
    assert "15 millions de tokens" in reply.text


# "qu'une b200", "qu'un b200": one card after an elided "que" (was the other card's count: "2×
# H200 ou 2× B200 ?").
ONE_AFTER_QUE = [
    ("est-ce que 2 h200 c'est mieux qu'une b200 pour du lora 70b ?", "2× H200 ou 1× B200\u202f?"),
    ("est-ce que 2 h200 c'est mieux qu'un b200 pour du lora 70b ?", "2× H200 ou 1× B200\u202f?"),
    ("8 a100 au lieu d'une h200 pour un lora 70b, ca vaut le coup ?", "8× A100 80GB ou 1× H200\u202f?"),
]


@pytest.mark.parametrize(("question", "title"), ONE_AFTER_QUE)
def test_one_card_after_an_elided_que(question: str, title: str) -> None:
    assert title in ask(question).text


# Paying without a card, or having none: no card is needed (was "No: we do not take cards",
# read as "you cannot pay without one").
CARD_FREE = [
    ("can i pay in btc without a credit card?", "No card needed: you top up in crypto."),
    ("i dont have a card, can i still pay?", "No card needed: you top up in crypto."),
    ("se puede pagar con bitcoin sin tarjeta?", "No hace falta tarjeta: recargas con cripto."),
    ("no tengo tarjeta de credito, como pago?", "No hace falta tarjeta: recargas con cripto."),
    ("on peut payer en bitcoin sans carte bancaire ?", "Pas besoin de carte\u00a0: vous rechargez en crypto."),
    ("j'ai pas de carte bancaire, je peux payer comment ?", "Pas besoin de carte\u00a0: vous rechargez en crypto."),
]


@pytest.mark.parametrize(("question", "said"), CARD_FREE)
def test_paying_without_a_card_needs_none(question: str, said: str) -> None:
    text = ask(question).text
    assert said in text
    assert "🚫" not in text


# Asking whether cards are taken still gets the page's no.
@pytest.mark.parametrize("question", [
    "do you take credit cards?", "no aceptan tarjeta?", "vous acceptez la carte bancaire ?",
    "se puede pagar con usdt? y con tarjeta?"])
def test_cards_asked_about_are_still_refused(question: str) -> None:
    text = ask(question).text
    assert "🚫" in text
    assert "No card needed" not in text


# "la meilleure carte", "la meilleure instance": which card to rent, as "le meilleur gpu" is
# (was the model's memory alone).
@pytest.mark.parametrize("question", [
    "c'est quoi la meilleure carte pour finetuner un 13b pas cher",
    "quelle est la meilleure carte pour finetuner un 13b",
    "quelle est la meilleure instance pour un qlora de 70b",
])
def test_the_best_card_asked_is_a_recommendation(question: str) -> None:
    reply = ask(question)
    assert reply.query.intent == "recommend"
    assert reply.text.startswith("🏆 <b>Les GPU les moins chers pour un modèle")


# French cards are "le H100" and "la RTX 4090": the pronoun goes with a noun said (was "Aucune
# des deux ne suffit" under "Le H100 et le H200", "L'un des deux n'a pas de prix" for the RTX).
FRENCH_NEITHER = [
    ("quelle difference entre h100 et h200 pour du lora 70b",
     "Aucune des deux configurations ne suffit\u00a0:", "Aucune des deux ne suffit"),
    ("rtx 4090 ou h100 pour qlora 8b ?", "L'une des deux cartes n'a pas de prix publié",
     "L'un des deux"),
]


@pytest.mark.parametrize(("question", "said", "not_said"), FRENCH_NEITHER)
def test_french_neither_names_its_noun(question: str, said: str, not_said: str) -> None:
    text = ask(question).text
    assert said in text
    assert not_said not in text


# After an alert set, another card with a threshold, a direction or "too" sets one for it (was
# that card's price list); a price or hours asked stays what it is.
ALERT_AGAIN = [
    (("avisame cuando la h100 baje de 2", "y la h200 bajo 2.5"),
     "🔔 Alerta: cuando la H200 baje de 2,50\u00a0US$ por hora"),
    (("avisame cuando la h100 baje de 2", "y tambien de la h200 bajo 2.5"),
     "🔔 Alerta: cuando la H200 baje de 2,50\u00a0US$ por hora"),
    (("préviens-moi quand le h100 passe sous 2 $", "et pour le h200 sous 2,5"),
     "🔔 Alerte\u00a0: quand le H200 passe sous 2,50\u00a0$US de l'heure"),
    (("ping me when the h100 drops below 2", "and the h200 below 2.5"),
     "🔔 Alert: when the H200 drops below $2.50 per hour"),
    # "too": the same condition as the alert before it (session 34; was every change)
    (("ping me when the h100 drops below 2", "and the h200 too"),
     "🔔 Alert: when the H200 drops below $2 per hour"),
]


@pytest.mark.parametrize(("turns", "said"), ALERT_AGAIN)
def test_another_card_after_an_alert_is_an_alert(turns: tuple[str, str], said: str) -> None:
    last = converse(*turns)[-1]
    assert last.query.intent == "alert"
    assert last.query.gpu == "h200"
    assert last.text.startswith(said)


@pytest.mark.parametrize(("turns", "intent"), [
    (("ping me when the h100 drops below 2", "how much is the h200?"), "prices"),
    (("ping me when the h100 drops below 2", "and the h200 for 10 hours?"), "cost"),
])
def test_a_price_after_an_alert_stays_a_price(turns: tuple[str, str], intent: str) -> None:
    assert converse(*turns)[-1].query.intent == intent


# "y en euros?" after a price: the prices are in dollars only, said first (was followed by "I
# did not understand that" and the help examples), then the price again in dollars
# (test_conv22; was the line alone).
@pytest.mark.parametrize(("turns", "figure"), [
    (("cuanto cuesta una h100?", "y en euros?"), "2,32\u00a0US$/hora"),
    (("combien coute une h100 pour 10h ?", "et en euros ?"), "23,20\u00a0$US"),
    (("how much is an h100 for 10 hours", "and in euros?"), "$23.20"),
])
def test_a_currency_asked_alone_is_answered_alone(turns: tuple[str, str], figure: str) -> None:
    text = converse(*turns)[-1].text
    assert text.split("\n", 1)[1].startswith("💱 <b>"), text  # under the ↪️ line
    assert figure in text.split("💱", 1)[1], text
    assert "🤔" not in text


# "des réductions pour les gros volumes" asks a volume discount (was "the page says nothing of
# storage (persistent disks or volumes)"); storage asked stays storage.
@pytest.mark.parametrize(("question", "said"), [
    ("vous faites des reductions pour les gros volumes ?", "ne mentionne aucune remise"),
    ("un rabais sur le volume ?", "ne mentionne aucune remise"),
    ("y a des tarifs degressifs ?", "ne mentionne aucune remise"),
    ("vous avez du stockage persistant ?", "ne dit rien du stockage"),
    ("is there a persistent volume?", "does not say anything about storage"),
])
def test_a_volume_discount_is_no_storage(question: str, said: str) -> None:
    assert said in ask(question).text


# A card we rent asked of its form, no card of the user's said: our hosts' (was the price list).
@pytest.mark.parametrize(("question", "said"), [
    ("la h100 es pcie o sxm?", "no dice qué formato (SXM o PCIe)"),
    ("las h100 son sxm?", "no dice qué formato (SXM o PCIe)"),
    ("le h100 c'est du sxm ou du pcie ?", "ne précise pas le format (SXM ou PCIe)"),
])
def test_a_rented_cards_form_is_our_hosts(question: str, said: str) -> None:
    text = ask(question).text
    assert text.startswith("🔗 ")
    assert said in text


# Hours kept for later ("usarlas el mes que viene", "garder mes heures pour le mois prochain"):
# nothing is lost, they never expire (was "I did not understand", or the payment block alone).
@pytest.mark.parametrize(("question", "said"), [
    ("si recargo hoy puedo usar las horas el mes que viene?",
     "⏳ <b>No se pierde nada: las GPU-horas que no uses nunca caducan.</b>"),
    ("puedo pagar 500 usdt y usarlo en varios meses?",
     "⏳ <b>No se pierde nada: las GPU-horas que no uses nunca caducan.</b>"),
    ("je peux garder mes heures pour le mois prochain ?",
     "⏳ <b>Rien n'est perdu\u00a0: les GPU-heures non utilisées n'expirent jamais.</b>"),
    ("je recharge 100 usdc, je peux utiliser les heures dans 3 mois ?",
     "⏳ <b>Rien n'est perdu\u00a0: les GPU-heures non utilisées n'expirent jamais.</b>"),
])
def test_hours_kept_for_later_are_not_lost(question: str, said: str) -> None:
    reply = ask(question)
    assert reply.query.intent == "pay"
    assert said in reply.text


@pytest.mark.parametrize("question", [
    "quiero usar la h100 mas adelante para un lora de 8b",
    "je veux utiliser une h100 plus tard pour un qlora de 8b",
])
def test_a_card_used_later_is_no_payment(question: str) -> None:
    assert ask(question).query.intent != "pay"


# How long an instance takes to start: the page does not say (was "how many GPU-hours depends
# on the job", a training time asked for).
@pytest.mark.parametrize(("question", "said"), [
    ("how long does an instance take to start?",
     "Our published page does not say how long an instance takes to start"),
    ("cuanto tarda en arrancar una instancia?",
     "Nuestra página publicada no dice cuánto tarda en arrancar una instancia"),
    ("cuanto tarda en levantar una instancia",
     "Nuestra página publicada no dice cuánto tarda en arrancar una instancia"),
    ("combien de temps pour demarrer une instance ?",
     "Notre page publiée ne dit pas combien de temps une instance met à démarrer"),
])
def test_an_instances_start_up_time_is_not_published(question: str, said: str) -> None:
    reply = ask(question)
    assert reply.query.intent == "help"
    assert said in reply.text


def test_a_training_time_is_still_a_time() -> None:
    reply = ask("combien de temps pour lancer un lora de llama 3 8b sur 10M tokens sur une h100")
    assert reply.query.intent == "time"
