"""words38 (session 38): Spanish and French conversations as people write them on Telegram,
Discord and Reddit (tests.support.chat), each reply asserted.

"et en euros ?" after a model served with no hours says we price in US dollars before asking
for the hours (was the hours asked alone, the euros dropped). A size taken back ("no, 13b no,
14b", "no 13b sino 14b", "pas 13b mais 14b") is the size said after it (was the first). Québec's
"pis" opens a follow-up as "et" does ("pis deux ?" was "I did not understand").
"""

from __future__ import annotations

import pytest

from bot.understand.followup import taken_back
from tests.support.chat import ask, converse, says

# A model served with no hours, then its price in another currency: the currency answered, then
# the hours asked for (was the hours alone).
EUROS: list[tuple[str, str, str, str, str]] = [
    ("fr", "je peux faire tourner llama 3 70b sur une 4090 en q4 ?", "et en euros ?",
     "💱 <b>Nos prix sont uniquement en dollars américains\u00a0:</b>",
     "❓ Servir un modèle n'a pas de durée type"),
    ("es", "cuantos tokens por segundo saca una l40s con llama 3 8b?", "y en euros?",
     "💱 <b>Nuestros precios están solo en dólares estadounidenses:</b>",
     "❓ Servir un modelo no tiene una duración típica"),
    ("fr", "combien de tokens/s sur une h100 avec mistral 7b ?", "bon et en euros ?",
     "💱 <b>Nos prix sont uniquement en dollars américains\u00a0:</b>",
     "❓ Servir un modèle n'a pas de durée type"),
]


@pytest.mark.parametrize(("lang", "first", "then", "currency", "hours"), EUROS)
def test_another_currency_after_serving_with_no_hours_is_answered(
        lang: str, first: str, then: str, currency: str, hours: str) -> None:
    _, second = converse(first, then, locale=lang)
    assert second.locale == lang, second.text
    # (under the "↪️ … from your last question" header every follow-up carries: conv48)
    head, rest = second.text.split("\n", 1)
    assert head.startswith("↪️ "), second.text
    assert rest.startswith(currency), second.text
    says(second.text, [currency, hours], ["🤔"])


# A size taken back: the one said after it, the rest of the question kept.
SIZE_TAKEN_BACK: list[tuple[str, str, str, str]] = [
    ("es", "me entra un 13b en q4 en mi 3060 12gb?", "no, 13b no, 14b",
     "✅ <b>Sí: un modelo de 14B cabe en 1× RTX 3060 (inferencia GGUF Q4_K_M).</b>"),
    ("es", "me entra un 13b en q4 en mi 3060 12gb?", "no 13b sino 14b",
     "✅ <b>Sí: un modelo de 14B cabe en 1× RTX 3060 (inferencia GGUF Q4_K_M).</b>"),
    ("fr", "est-ce qu'un 13b tient sur ma 3060 en q4 ?", "pas 13b mais 14b",
     "✅ <b>Oui\u00a0: un modèle 14B tient sur 1× RTX 3060 (inférence GGUF Q4_K_M).</b>"),
]


@pytest.mark.parametrize(("lang", "first", "then", "lead"), SIZE_TAKEN_BACK)
def test_a_size_taken_back_is_the_one_said_after(
        lang: str, first: str, then: str, lead: str) -> None:
    before, after = converse(first, then, locale=lang)
    assert after.query.params_b == 14 and after.query.gpu == before.query.gpu, after.text
    assert after.query.method == before.query.method, after.text
    assert after.text.split("\n", 1)[1].startswith(lead), after.text


# Québec's "pis" (for "puis"): "and", opening a follow-up.
PIS: list[tuple[str, str, str]] = [
    ("ca coute-tu cher une a100 pour la fin de semaine?", "pis deux?",
     "Sur 2× A100 80GB pendant 48\u00a0heures, d'après votre question précédente."),
]


@pytest.mark.parametrize(("first", "then", "kept"), PIS)
def test_pis_opens_a_follow_up(first: str, then: str, kept: str) -> None:
    _, second = converse(first, then, locale="fr")
    assert (second.query.gpu_count, second.query.hours) == (2, 48), second.text
    says(second.text, [kept], ["🤔"])


# A context said with "mil"/"mille" after digits, or in words before "k" or the context's name
# (was unread: "8 mil tokens de contexto" even sized QLoRA, its "q4" dropped; the others
# answered the longest context that fits).
CONTEXT_IN_WORDS: list[tuple[str, str, int]] = [
    ("es", "me entra llama 3 8b en q4 en mi 3060 con 8 mil tokens de contexto?", 8192),
    ("es", "me entra llama 3 8b en q4 en mi 3060 con 16 mil de ctx?", 16384),
    ("es", "me entra llama 3 8b en q4 en mi 3060 con contexto de 16 mil?", 16384),
    ("es", "me entra llama 3 8b en q4 en mi 3060 con dieciseis mil de contexto?", 16000),
    ("fr", "llama 3 8b en q4 sur ma 3060 avec trente deux k de contexte ça passe ?", 32768),
    ("fr", "llama 3 8b en q4 sur ma 3060 avec 16 mille de contexte ça passe ?", 16384),
]


@pytest.mark.parametrize(("lang", "q", "length"), CONTEXT_IN_WORDS)
def test_a_context_in_thousands_said_in_words_is_read(lang: str, q: str, length: int) -> None:
    reply = ask(q, lang)
    assert (reply.query.seq_len, reply.query.method) == (length, "gguf_q4_k_m"), reply.text
    assert reply.answer.intent == "fit" and reply.text.startswith("✅"), reply.text


# ... and in a follow-up after a speed: that speed at that context.
CONTEXT_AFTER_SPEED: list[tuple[str, str, str, int]] = [
    ("fr", "combien de tokens par seconde sur une 4090 avec mistral 7b en q4km ?",
     "et avec trente deux k de contexte ?", 32768),
    ("es", "cuantos tokens por segundo saca una 4090 con mistral 7b en q4km?",
     "y con treinta y dos k de contexto?", 32768),
    ("es", "cuantos tokens por segundo saca una 4090 con mistral 7b en q4km?",
     "y con ocho mil de contexto?", 8000),
]


@pytest.mark.parametrize(("lang", "first", "then", "length"), CONTEXT_AFTER_SPEED)
def test_a_context_in_words_after_a_speed_is_that_speed_there(
        lang: str, first: str, then: str, length: int) -> None:
    _, second = converse(first, then, locale=lang)
    assert (second.answer.intent, second.query.seq_len) == ("time", length), second.text
    assert second.text.split("\n", 1)[1].startswith("⚡ <b>"), second.text


# Two configurations compared, then hours asked alone ("¿y cuánto sale al mes?", "et par mois
# ?"): both sides for those hours (was the first side alone, where the model does not fit).
COMPARED_THEN_HOURS: list[tuple[str, str, str, int, str]] = [
    ("es", "me sale mas barato una h100 o dos a100 para servir llama 3 70b en fp8?",
     "y cuanto sale al mes?", 720,
     "⚖️ <b>En 720\u00a0horas, 1× H100 cuesta 345,60\u00a0US$ más que 2× A100 80GB"),
    ("es", "h100 o 2 a100 para llama 3 70b en fp8", "y por una semana?", 168,
     "⚖️ <b>En 168\u00a0horas, 1× H100 cuesta 80,64\u00a0US$ más que 2× A100 80GB"),
    ("fr", "c'est quoi le moins cher pour servir llama 3 70b en fp8, une h100 ou deux a100 ?",
     "combien ça coûte par mois ?", 720,
     "⚖️ <b>Sur 720\u00a0heures, 1× H100 coûte 345,60\u00a0$US de plus que 2× A100 80GB"),
]


@pytest.mark.parametrize(("lang", "first", "then", "hours", "verdict"), COMPARED_THEN_HOURS)
def test_hours_after_two_configurations_compared_price_both(
        lang: str, first: str, then: str, hours: int, verdict: str) -> None:
    before, after = converse(first, then, locale=lang)
    assert before.answer.intent == "compare", before.text
    assert (after.answer.intent, after.query.hours) == ("compare", hours), after.text
    assert after.query.other_gpus == ("a100-80gb",) and after.query.other_gpu_count == 2
    assert [(q.gpu, q.gpu_count) for q in after.answer.compare_quotes] == [
        ("h100", 1), ("a100-80gb", 2)], after.text
    # the hours' cost leads (conv45: hours said are a cost asked), then each side's quote
    says(after.text, [verdict, "💵 <b>", "💵 <b>"], ["🤔"])


# Which GPU for so many users, then the month's cost: where it is served for least and what the
# month costs there lead (was "Lo que cuesta servir …", the figure under each precision's line).
USERS_THEN_MONTH: list[tuple[str, str, str, str, str]] = [
    ("es", "quiero servir llama 3 8b para unos 50 usuarios, que gpu me conviene?",
     "y cuanto sale al mes?",
     "👉 <b>Para servir Llama 3 8B a 50 usuarios a la vez durante 720\u00a0horas: 1× L40S "
     "(inferencia en BF16), la configuración ofrecida más barata que los aloja.</b>",
     "💵 <b>Coste: 590,40\u00a0US$</b>"),
    ("fr", "salut, je voudrais héberger mistral small 24b pour ma boite, genre 30 personnes en "
     "meme temps, vous conseillez quoi ?", "et ça revient à combien par mois ?",
     "👉 <b>Pour servir Mistral Small 3 24B à 30 utilisateurs à la fois pendant 720\u00a0heures"
     "\u00a0: 1× A100 80GB (inférence en BF16), la configuration proposée la moins chère qui les "
     "accueille.</b>",
     "💵 <b>Coût\u00a0: 662,40\u00a0$US</b>"),
]


@pytest.mark.parametrize(("lang", "first", "then", "lead", "cost"), USERS_THEN_MONTH)
def test_the_month_after_users_served_leads_with_its_cost(
        lang: str, first: str, then: str, lead: str, cost: str) -> None:
    _, second = converse(first, then, locale=lang)
    assert (second.answer.intent, second.query.hours) == ("cost", 720), second.text
    body = second.text.split("\n", 1)[1]
    assert body.startswith(lead + "\n" + cost), second.text
    assert body.count(cost) == 1, second.text  # not again under the precision's name


# A GPU's price, then a run named and which GPU asked ("¿cuál?", "laquelle ?", "quel gpu ?"):
# the cheapest GPUs for that run (was that run on the card priced before, or its illustrative
# hours' cost there).
WHICH_AFTER_PRICE: list[tuple[str, list[str], str]] = [
    ("es", ["cuanto cuesta la h200?", "y la b200?",
            "y para entrenar llama 3 70b con lora, cual me conviene?"],
     "🏆 <b>Las GPU más baratas para Llama 3 70B</b>"),
    ("es", ["cuanto cuesta la h200?", "y para entrenar llama 3 70b con lora, cual?"],
     "🏆 <b>Las GPU más baratas para Llama 3 70B</b>"),
    ("fr", ["combien coute la h200 ?", "et la b200 ?",
            "et pour entrainer llama 3 70b en lora, laquelle ?"],
     "🏆 <b>Les GPU les moins chers pour Llama 3 70B</b>"),
    ("fr", ["combien coute la h200 ?", "et pour entrainer llama 3 70b en lora, quel gpu ?"],
     "🏆 <b>Les GPU les moins chers pour Llama 3 70B</b>"),
]


@pytest.mark.parametrize(("lang", "turns", "lead"), WHICH_AFTER_PRICE)
def test_which_gpu_for_a_run_after_a_price_is_the_cheapest_for_it(
        lang: str, turns: list[str], lead: str) -> None:
    last = converse(*turns, locale=lang)[-1]
    assert (last.answer.intent, last.query.gpu, last.query.method) == (
        "recommend", None, "lora"), last.text
    assert last.text.startswith(lead), last.text


# "never mind" said alone, in a chat or as its first message: acknowledged in its language
# (was "I did not understand", in English for "olvídalo" and "laisse tomber").
NEVER_MIND: list[tuple[list[str], str, str]] = [
    (["avisame cuando la h100 baje de 2", "olvidalo"], "es", "👍 ¡Perfecto! ¿Algo más?"),
    (["olvidalo"], "es", "👍 ¡Perfecto! ¿Algo más?"),
    (["no importa"], "es", "👍 ¡Perfecto! ¿Algo más?"),
    (["ok, préviens moi quand la h200 passe sous 3 balles", "en fait non laisse tomber"], "fr",
     "👍 Très bien. Autre chose\u202f?"),
    (["laisse tomber"], "fr", "👍 Très bien. Autre chose\u202f?"),
    (["tant pis"], "fr", "👍 Très bien. Autre chose\u202f?"),
    (["never mind"], "en", "👍 Good. Anything else?"),
]


@pytest.mark.parametrize(("turns", "lang", "reply"), NEVER_MIND)
def test_never_mind_is_acknowledged_in_its_language(
        turns: list[str], lang: str, reply: str) -> None:
    last = converse(*turns)[-1]
    assert (last.answer.intent, last.locale) == ("smalltalk", lang), last.text
    assert last.text.startswith(reply), last.text


# A model's tokens/s, then "faster?": its decode bound on the offered card with the most memory
# bandwidth (was the price list led by our fastest GPU, the model dropped; "and faster?" was not
# understood).
FASTER_SERVING: list[tuple[str, str, str, str]] = [
    ("es", "cuantos tokens por segundo saca llama 3 70b en dos 3090 en q4?", "y mas rapido?",
     "⚡ <b>Como mucho unos 185 tokens/s: Llama 3 70B (inferencia GGUF Q4_K_M) en 1× B200"),
    ("fr", "combien de tokens par seconde sur une 4090 avec mistral 7b en q4km ?",
     "et plus rapide ?", "⚡ <b>Au plus environ 1\u202f702 tokens/s\u00a0: Mistral 7B"),
    ("es", "cuantos tokens por segundo saca una l40s con llama 3 8b?", "algo mas rapido?",
     "⚡ <b>Como mucho unos 487 tokens/s: Llama 3 8B (inferencia en BF16) en 1× B200"),
    ("en", "how many tok/s llama 3 70b on 2x 3090 q4?", "and faster?",
     "⚡ <b>At most about 185 tokens/s: Llama 3 70B (GGUF Q4_K_M inference) on 1× B200"),
]


@pytest.mark.parametrize(("lang", "first", "then", "lead"), FASTER_SERVING)
def test_faster_after_a_speed_is_the_fastest_card_for_that_model(
        lang: str, first: str, then: str, lead: str) -> None:
    before, after = converse(first, then, locale=lang)
    assert (after.answer.intent, after.query.model_id, after.query.method) == (
        "time", before.query.model_id, before.query.method), after.text
    assert after.query.fastest_serving and after.query.gpu is None, after.text
    assert after.text.split("\n", 1)[1].startswith(lead), after.text


# DeepSeek-R1, then its distill at a size in other words: that distill (was an unnamed 32B
# model: "versión destilada", "distillée" and the words around "distill" matched no name).
DISTILL_AFTER_R1: list[tuple[str, str, str]] = [
    ("es", "puedo correr deepseek r1 en mi 4090?", "y la version destilada de 32b?"),
    ("fr", "je peux faire tourner deepseek r1 sur ma 4090 ?", "et la version distillée 32b ?"),
    ("en", "can i run deepseek r1 on my 4090?", "what about the 32b distill?"),
]


@pytest.mark.parametrize(("lang", "first", "then"), DISTILL_AFTER_R1)
def test_the_distill_said_in_other_words_after_r1_is_that_distill(
        lang: str, first: str, then: str) -> None:
    _, after = converse(first, then, locale=lang)
    assert after.query.model_id == "deepseek-r1-distill-qwen-32b", after.text
    assert after.query.gpu == "rtx-4090" and after.locale == lang, after.text


# A figure taken back for another: the question again with the figure said last (was "I did not
# understand").
NUMBER_TAKEN_BACK: list[tuple[str, str, str, dict[str, object]]] = [
    ("es", "me entra llama 3 8b en q4 en mi 3060 con 16k de contexto?", "no, 16k no, 32k",
     {"seq_len": 32768, "intent": "fit"}),
    ("es", "cuantos usuarios aguanta una l40s con llama 3 8b para 10 usuarios?", "no, 10 no, 100",
     {"users": 100, "intent": "fit"}),
    ("fr", "combien de temps pour un qlora de mistral 7b sur 10k exemples sur une a100 ?",
     "non pas 10k, 100k", {"dataset_samples": 100_000, "intent": "time"}),
    ("es", "cuanto cuesta una a100 por 3 dias?", "no 3 dias sino 3 semanas",
     {"hours": 504, "intent": "cost"}),
]


@pytest.mark.parametrize(("lang", "first", "then", "want"), NUMBER_TAKEN_BACK)
def test_a_figure_taken_back_asks_again_with_the_other(
        lang: str, first: str, then: str, want: dict[str, object]) -> None:
    before, after = converse(first, then, locale=lang)
    got = {k: after.answer.intent if k == "intent" else getattr(after.query, k) for k in want}
    assert got == want, after.text
    assert (after.query.model_id, after.query.gpu) == (before.query.model_id, before.query.gpu)
    says(after.text, [], ["🤔"])


# ... and after an alert, its price taken back: the alert moved there.
ALERT_TAKEN_BACK: list[tuple[str, str, str, str]] = [
    ("es", "avisame cuando la h100 baje de 2", "no, 2 no, 1.9",
     "🔔 Alerta: cuando la H100 baje de 1,90\u00a0US$ por hora"),
    ("fr", "préviens-moi quand le h100 passe sous 2 $", "non pas 2, 1,9",
     "🔔 Alerte\u00a0: quand le H100 passe sous 1,90\u00a0$US de l'heure"),
]


@pytest.mark.parametrize(("lang", "first", "then", "lead"), ALERT_TAKEN_BACK)
def test_an_alert_price_taken_back_moves_the_alert(
        lang: str, first: str, then: str, lead: str) -> None:
    _, after = converse(first, then, locale=lang)
    assert after.answer.intent == "alert" and after.text.startswith(lead), after.text


def test_a_count_of_cards_is_not_a_figure_taken_back() -> None:
    # "no, 2 3090": two of them, not a figure of 3090 taken for 2
    previous = converse("me entra llama 3 70b en q4 en una 3090?", locale="es")[0].query
    assert taken_back("no, 2 3090", previous) is None
    assert taken_back("no, 16k no, 32k", previous) == "y 32k?"


# Texting's "x" for "por" in "tokens x segundo": the speed asked (was the fit leading, the speed
# unread), and a rate said so is the user's own, weighed against the bound.
TOKENS_X_SECOND: list[tuple[str, str]] = [
    ("cuantos tokens x segundo saca gemma 2 27b en una 3090 en q4",
     "⚡ <b>Como mucho unos 53 tokens/s: Gemma 2 27B (inferencia GGUF Q4_K_M) en 1× RTX 3090"),
    ("q tal va gemma 2 27b en una 3090 en q4? cuantos tokens x segundo?",
     "⚡ <b>Como mucho unos 53 tokens/s: Gemma 2 27B (inferencia GGUF Q4_K_M) en 1× RTX 3090"),
    ("cuantos tokens x seg saca llama 3 8b en una 3060 en q4",
     "⚡ <b>Como mucho unos 73 tokens/s: Llama 3 8B (inferencia GGUF Q4_K_M) en 1× RTX 3060"),
]


@pytest.mark.parametrize(("q", "lead"), TOKENS_X_SECOND)
def test_tokens_x_segundo_asks_the_speed(q: str, lead: str) -> None:
    reply = ask(q, "es")
    assert reply.answer.intent == "time" and reply.text.startswith(lead), reply.text


def test_a_rate_said_with_x_segundo_is_weighed() -> None:
    reply = ask("saco 20 tokens x segundo con llama 3 8b en mi 3060 en q4, es normal?", "es")
    assert reply.query.tokens_per_second == 20, reply.text
    assert "Tus 20 tokens/s son el" in reply.text, reply.text


# Québec's "piastres", "piasses" and the Canadian dollar are another currency: we price in US
# dollars only, said before the figure (was the figure in US dollars with no word).
PIASTRES: list[tuple[list[str], str]] = [
    (["combien ça coûte en piastres une a100 pour une fin de semaine ?"], "💵 <b>Coût\u00a0: 44,16"),
    (["c'est combien de piasses une h100 de l'heure ?"], "💵 <b>Prix de 1× H100\u00a0: 2,32"),
    (["combien coute une h100 pour 10 heures ?", "et en piastres ?"], "💵 <b>Coût\u00a0: 23,20"),
]


@pytest.mark.parametrize(("turns", "figure"), PIASTRES)
def test_piastres_are_another_currency(turns: list[str], figure: str) -> None:
    last = converse(*turns, locale="fr")[-1]
    says(last.text, ["💱 <b>Nos prix sont uniquement en dollars américains\u00a0:</b>", figure],
         ["🤔"])


# The price complained of after a run's cost ("¿por qué tan caro?", "c'est trop cher", "why so
# expensive?"): where that run costs less, each precision's cheapest (was the same cost again).
TOO_DEAR: list[tuple[str, str, str, str]] = [
    ("es", "cuanto cuesta servir llama 3 70b un mes?", "por que tan caro?",
     "🏆 <b>Las GPU más baratas para Llama 3 70B</b>"),
    ("fr", "combien ça coûte de servir llama 3 70b pendant un mois ?", "c'est trop cher",
     "🏆 <b>Les GPU les moins chers pour Llama 3 70B</b>"),
    ("en", "how much to serve llama 3 70b for a month?", "why so expensive?",
     "🏆 <b>The cheapest GPUs for Llama 3 70B</b>"),
]


@pytest.mark.parametrize(("lang", "first", "then", "lead"), TOO_DEAR)
def test_too_dear_after_a_cost_shows_where_it_costs_less(
        lang: str, first: str, then: str, lead: str) -> None:
    _, after = converse(first, then, locale=lang)
    assert (after.answer.intent, after.query.hours) == ("recommend", 720), after.text
    # the cheapest of all first (4-bit on 1× L40S), then the list by precision
    cheapest, body = after.text.split("\n", 2)[1:]
    assert "1× L40S" in cheapest and body.startswith(lead), after.text
