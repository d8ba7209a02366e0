"""cards18 (session 30): cards, platforms and price alerts as people write them."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.support.chat import ask, converse

# --- one bracket for the model's size and the method ------------------------------------------

# "Mixtral 8x7B (46.7B parameters) (BF16 inference)": a model's size bracket and the method's
# bracket after it are one bracket, in every language.
ONE_BRACKET = [
    ("how many h100 to serve mixtral 8x7b", None,
     "for Mixtral 8x7B (46.7B parameters, BF16 inference), by the planning rule."),
    ("cuantas h100 para servir mixtral 8x7b", "es",
     "para Mixtral 8x7B (46,7 mil millones de parámetros, inferencia en BF16), según"),
    ("combien de h100 pour servir mixtral 8x7b ?", "fr",
     "pour Mixtral 8x7B (46,7\u00a0Md de paramètres, inférence en BF16), selon"),
    ("mixtral 8x7b on 2 a100 40gb for 20 users", None,
     "Mixtral 8x7B (46.7B parameters, 8-bit inference) needs about 28.4 GB per GPU"),
    ("mixtral 8x7b sur 2 a100 40gb pour 20 utilisateurs en même temps ?", "fr",
     "Mixtral 8x7B (46,7\u00a0Md de paramètres, inférence en 8 bits) demande environ"),
    # A name that says its size keeps it, with the method in the same bracket.
    ("running deepseek r1 671b, how many h100s?", None,
     "for DeepSeek-R1 (671B MoE, 8-bit inference), by the planning rule."),
]


@pytest.mark.parametrize(("text", "lang", "has"), ONE_BRACKET)
def test_the_size_and_the_method_share_one_bracket(text: str, lang: str | None, has: str) -> None:
    reply = ask(text)
    assert reply.query.lang == lang or lang is None, reply.query.lang
    assert has in reply.text, reply.text
    assert ") (" not in reply.text.split("\n")[0], reply.text


# --- a new figure for the alert just set: one reading, the alert's own side kept -------------

# (first turn, the change, locale, threshold, direction): the side comes from the change's own
# words as a new alert reads them, else the alert's (was "above" from today's $2.32 whenever
# the parser read the figure itself, and "Which GPU?" when the change said "alert").
RETHRESHOLD = [
    ("alert me when the h100 drops below $2", "make the h100 one $3.50", "en", "3.50", "below"),
    ("alert me when the h100 drops below $2", "make it $3.50 for the h100", "en", "3.50", "below"),
    ("alert me when the h100 drops below $2", "actually alert me at $3.50", "en", "3.50", "below"),
    ("alert me when the h100 drops below $2", "change the alert to 3.5", "en", "3.5", "below"),
    ("alert me when the h100 drops below $2", "no wait, make it $3.50 instead please", "en",
     "3.50", "below"),
    ("alert me when the h100 drops below $2", "make it 3.5", "en", "3.5", "below"),
    ("alert me when the h100 drops below $2", "actually make it 3 and above", "en", "3", "above"),
    ("alert me when the h100 drops below $2", "make it 3 or less", "en", "3", "below"),
    ("ping me if the h200 goes above 3", "make it $3.50", "en", "3.50", "above"),
    ("avisame cuando la h100 baje de 2 dolares", "ponla en 3,5", "es", "3.5", "below"),
    ("avisame cuando la h100 baje de 2 dolares", "cambia la alerta a 3,5", "es", "3.5", "below"),
    ("préviens-moi quand le h100 passe sous 2 $", "mets-la à 3,50", "fr", "3.50", "below"),
    ("préviens-moi quand le h100 passe sous 2 $", "mets l'alerte à 3,50", "fr", "3.50", "below"),
]


@pytest.mark.parametrize(("first", "change", "locale", "limit", "direction"), RETHRESHOLD)
def test_a_new_figure_keeps_the_alerts_side(
        first: str, change: str, locale: str, limit: str, direction: str) -> None:
    set_, changed = converse(first, change, locale=locale)
    assert changed.query.intent == "alert", changed.text
    assert changed.query.gpu == set_.query.gpu
    assert changed.query.threshold_usd == Decimal(limit)
    assert changed.query.direction == direction
    assert changed.query.replaces_limit == set_.query.threshold_usd
    assert not changed.query.money_foreign


# Another currency is refused, in the reader's language, also as a symbol folding drops
# ("mets-la à 3,50 €" was set at $3.50).
FOREIGN = [
    ("alert me when the h100 drops below $2", "make it 3.5€", "en",
     "💱 Our prices are in US dollars and I do not convert currencies"),
    ("avisame cuando la h100 baje de 2 dolares", "ponla en 3,5 €", "es",
     "💱 Nuestros precios están en dólares estadounidenses y no convierto divisas"),
    ("préviens-moi quand le h100 passe sous 2 $", "mets-la à 3,50 €", "fr",
     "💱 Nos prix sont en dollars américains et je ne convertis pas les devises"),
    ("alert me when the h100 drops below $2", "make it £3", "en",
     "💱 Our prices are in US dollars and I do not convert currencies"),
]


@pytest.mark.parametrize(("first", "change", "locale", "starts"), FOREIGN)
def test_a_new_figure_in_another_currency_is_refused(
        first: str, change: str, locale: str, starts: str) -> None:
    _, changed = converse(first, change, locale=locale)
    assert changed.query.money_foreign
    assert changed.text.startswith(starts), changed.text
    assert "🔔" not in changed.text
