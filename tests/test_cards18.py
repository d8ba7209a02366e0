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
    ("mixtral 8x7b on 2 a100 40gb for 20 users", None,  # as vLLM serves them (vllm38)
     "Mixtral 8x7B (46.7B parameters, 8-bit inference) needs about 27.4 GB per GPU"),
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


# --- serving on a GPU count, no card: the figure per GPU split that many ways ------------------

# "can i serve qwen2.5 72b on 4 gpus" (no precision): each precision's detailed figure per GPU
# split over the count, as "… in bf16 on 4 gpus" and a training run on a count get it (was the
# whole model's planning figures alone).
SERVING_SPLIT = [
    ("can i serve qwen2.5 72b on 4 gpus", [
        "ℹ️ Split over 4 GPUs (tensor parallel), at typical settings (context 2,048, batch 1)",
        "🏷 Offered with 4 GPUs: 4× A100 80GB at $3.68/hour.",
        "<b>Inference in BF16</b>: ≈ 37.9 GB per GPU with the KV cache (planning rule: ≈ 43.6 GB",
        "<b>Inference in 4-bit</b>: ≈ 12.7 GB per GPU with the KV cache"]),
    ("can i host llama 3 70b on 2 gpus", [
        "ℹ️ Split over 2 GPUs (tensor parallel)", "🏷 Offered with 2 GPUs: 2× H200 at $6.14/hour.",
        "<b>Inference in BF16</b>: ≈ 72.4 GB per GPU with the KV cache"]),
    ("puedo servir qwen2.5 72b en 4 gpus?", [
        "ℹ️ Repartido entre 4 GPU (paralelismo tensorial), con ajustes típicos",
        "<b>Inferencia en BF16</b>: ≈ 37,9\u00a0GB por GPU con la caché KV"]),
    ("je peux servir qwen2.5 72b sur 4 gpu ?", [
        "ℹ️ Réparti sur 4 GPU (parallélisme de tenseurs), avec des réglages typiques",
        "<b>Inférence en BF16</b>\u00a0: ≈ 37,9\u202fGo par GPU avec le cache KV"]),
]


@pytest.mark.parametrize(("text", "has"), SERVING_SPLIT)
def test_serving_on_a_gpu_count_is_split_per_gpu(text: str, has: list[str]) -> None:
    reply = ask(text)
    assert reply.query.gpu is None and (reply.query.gpu_count or 1) > 1
    pos = 0
    for part in has:
        found = reply.text.find(part, pos)
        assert found >= 0, (part, reply.text)
        pos = found + len(part)


# --- short Spanish/French questions with an article -------------------------------------------

# "la a10g vram ?": only the words Spanish and French share ("la", "de") are Spanish's guess,
# never sure (was English: no language word at all). English without them stays English.
SHORT_ROMANCE = [
    ("la a10g vram ?", "es", "📋 <b>A10G: las cifras de su ficha técnica</b>"),
    ("la 3090 vram ?", "es", "📋 <b>RTX 3090: las cifras de su ficha técnica</b>"),
    ("la h100 cuanta memoria", "es", "📋 <b>H100: las cifras de su ficha técnica</b>"),
    ("mixtral 8x7b on 2 a100 40gb, 20 usuarios a la vez?", "es", "👥 <b>20 usuarios a la vez"),
    ("a10g vram?", None, "📋 <b>A10G: the datasheet's figures</b>"),
    ("le 4090 vram ?", "fr", "📋 <b>RTX 4090"),
]


@pytest.mark.parametrize(("text", "lang", "starts"), SHORT_ROMANCE)
def test_a_short_question_with_an_article_is_not_english(
        text: str, lang: str | None, starts: str) -> None:
    reply = ask(text)
    assert reply.query.lang == lang
    assert reply.text.startswith(starts), reply.text


def test_a_shared_article_in_a_french_chat_stays_french() -> None:
    _, then = converse("combien coûte le h100 ?", "la h200 ?")
    assert then.text.startswith("💵 <b>Prix de 1× H200"), then.text
