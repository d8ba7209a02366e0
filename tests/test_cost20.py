"""Cost and time answers lead with what was asked, on the configuration that fits (cost20,
session 32). English, Spanish, French. Prices and blocks from the seed page: L40S $0.82, A100
80GB $0.92, H100 $2.32, H200 $3.07, B200 $4.61 a GPU-hour; blocks of 10, 24, 168 and 720
GPU-hours."""

from __future__ import annotations

import pytest

from tests.support.chat import ask


def spaced(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def in_order(text: str, has: list[str]) -> None:
    at = [text.index(spaced(h)) for h in has]
    assert at == sorted(at), text


# A card's GPU-hours asked, and the card named again with its count ("how many A100 hours … on
# 2 a100s"): one configuration, that count of the card, its GPU-hours leading (was "⚖️ 1× A100
# 80GB or 2× A100 80GB?", a comparison of the card asked against itself).
HOURS_CARD_ONCE: list[tuple[str, str | None, int, str, list[str]]] = [
    ("how many A100 hours to full finetune llama 3 8b on 1B tokens on 2 a100s", None, 2,
     "⏱ <b>Full AdamW of Llama 3 8B: 125.01 A100 80GB GPU-hours for 1 billion tokens (about 62.51 hours (2.6 days) on 2× A100 80GB).</b>",
     ["💵 <b>You pay $115.92</b>", "✅ Memory: about 81.6 GB per GPU"]),
    ("cuantas horas de a100 para un full finetune de llama 3 8b con 1B tokens en 2 a100", "es", 2,
     "⏱ <b>Entrenamiento completo con AdamW de Llama 3 8B: 125,01 GPU-horas de la A100 80GB para "
     "mil millones de tokens (alrededor de 62,51 horas (2,6 días) en 2× A100 80GB).</b>",
     ["💵 <b>Pagas 115,92 US$</b>"]),
    ("combien d'heures d'A100 pour un full finetune de llama 3 8b sur 1B tokens sur 2 a100", "fr",
     2, "⏱ <b>Entraînement complet avec AdamW pour Llama 3 8B : 125,01 GPU-heures de l'A100 80GB "
     "pour 1 milliard de tokens (environ 62,51 heures (2,6 jours) sur 2× A100 80GB).</b>",
     ["💵 <b>Vous payez 115,92 $US</b>"]),
    ("how many h100 hours to full ft llama 3 8b on 1B tokens w/ 8 h100s", None, 8,
     "⏱ <b>Full AdamW of Llama 3 8B: 38.13 H100 GPU-hours for 1 billion tokens (about 4.77 hours on 8× H100).</b>", ["💵 <b>You pay $92.80</b>"]),
]


@pytest.mark.parametrize(("question", "lang", "count", "starts", "has"), HOURS_CARD_ONCE)
def test_hours_of_the_card_named_again(question: str, lang: str | None, count: int, starts: str,
                                        has: list[str]) -> None:
    reply = ask(question, lang)
    assert (reply.query.intent, reply.query.gpu_count, reply.query.other_gpus) \
        == ("time", count, ()), reply.query
    text = spaced(reply.text)
    assert text.startswith(spaced(starts)), text
    in_order(text, has)


# A budget and a card we rent at no published price ("… on my 4090"): the money buys hours of
# the cheapest offered configuration that holds the run, and what those hours train is
# estimated there and leads; the card asked says what it trains an hour (an own card needs no
# budget). Was the 4090's tokens in the L40S's hours ("In 60 hours, 1× RTX 4090 trains about
# 250 million tokens"); "$50 budget, how many tokens …" quoted our page's illustrative 10 hours.
BUDGET_TOKENS: list[tuple[str, str | None, str, list[str], list[str]]] = [
    ("i have 50 dollars, how many tokens can i train llama 3 8b with qlora on my 4090", None,
     "⏱ <b>In 60 hours, 1× L40S trains about 740 million tokens (QLoRA, about 3,411 tokens/s",
     ["We have no price for the RTX 4090 here: $50 buys 60.9 hours of 1× L40S",
      "🏠 Your own RTX 4090 needs no budget, no GPU-hours to buy: it trains about 5.6 million tokens an hour (about 1,569 tokens/s, the same assumptions).",
      "💵 <b>Cost: $49.20</b> — 1× L40S × 60 hours"],
     ["1× RTX 4090 trains", "We rent the RTX 4090, but"]),
    ("tengo 50 dolares, cuantos tokens puedo entrenar llama 3 8b con qlora en mi 4090", "es",
     "⏱ <b>En 60 horas, 1× L40S entrena unos 740 millones de tokens",
     ["🏠 Tu propia RTX 4090 no necesita presupuesto"], ["1× RTX 4090 entrena"]),
    ("j'ai 50 dollars, combien de tokens je peux entraîner llama 3 8b en qlora sur ma 4090", "fr",
     "⏱ <b>En 60 heures, 1× L40S entraîne environ 740 millions de tokens",
     ["🏠 Votre propre RTX 4090 n'a pas besoin de budget"], ["1× RTX 4090 entraîne"]),
    ("with $100 how many tokens can i lora llama 3 8b on an rtx 4090", None,
     "⏱ <b>In 120 hours, 1× L40S trains about 1.5 billion tokens (LoRA",
     ["ℹ️ On 1× RTX 4090 it would train about 5.7 million tokens an hour", "ask support"],
     ["We rent the RTX 4090, but"]),
    ("$50 budget, how many tokens can i qlora llama 3 8b on 2 4090s", None,
     "⏱ <b>In 60 hours, 1× L40S trains about 740 million tokens",
     ["ℹ️ On 2× RTX 4090 it would train about 11 million tokens an hour",
      "💵 <b>Cost: $49.20</b>"], ["illustrative"]),
    # A card we price: the hours and the tokens on it, as before.
    ("$50 budget, how many tokens can i qlora llama 3 8b on an h100", None,
     "⏱ <b>In 20 hours, 1× H100 trains about 680 million tokens", ["$50 buys 20 hours of 1× H100"],
     ["illustrative"]),
]


@pytest.mark.parametrize(("question", "lang", "starts", "has", "lacks"), BUDGET_TOKENS)
def test_budget_tokens_on_the_hours_bought(question: str, lang: str | None, starts: str,
                                           has: list[str], lacks: list[str]) -> None:
    text = spaced(ask(question, lang).text)
    assert text.startswith(spaced(starts)), text
    in_order(text, has)
    assert not [w for w in lacks if spaced(w) in text], text


# A card in the plural with no count ("on h100s", "en varias h100", "sur des h100"): as many of
# it as the run needs, the fewest that hold it by the detailed estimate and the planning rule
# the verdict leads with, when an instance has that many (was 1× H100, ❌, and its cost "where
# it does not fit"); more than an instance has: why the run is priced on another card.
PLURAL: list[tuple[str, str | None, int | None, str, list[str], list[str]]] = [
    ("how much to lora a 70b on h100s for 10 hours", None, 3,
     "💵 <b>Cost: $69.60</b> — 3× H100 × 10 hours at $6.96/hour = 30 GPU-hours.",
     ["✅ <b>Yes: a 70B model fits on 3× H100 (LoRA).</b>",
      "🔢 No count said with the H100: read as 3× H100, the fewest that hold it."],
     ["where it does not fit", "1× H100"]),
    ("cuanto cuesta lora de llama 3 70b en varias h100 por 10 horas", "es", 3,
     "💵 <b>Coste: 69,60 US$</b> — 3× H100",
     ["🔢 Sin número de H100: leído como 3× H100, el mínimo en el que cabe."], ["1× H100"]),
    ("combien pour un lora de llama 3 70b sur des h100 pendant 10 heures", "fr", 3,
     "💵 <b>Coût : 69,60 $US</b> — 3× H100",
     ["🔢 Nombre de H100 non précisé : lu comme 3× H100, le minimum qui suffit."], ["1× H100"]),
    ("how long to full finetune llama 3 8b on 1B tokens on h100s", None, 2,
     "⏱ <b>Full AdamW of Llama 3 8B: about 22.04 hours on 2× H100 (44.08 GPU-hours for 1 billion tokens).</b>\n🔢 No count said with the H100: read as 2× H100",
     ["💵 <b>You pay $111.36</b>"], ["❌"]),
    # No instance of the card holds it: the count leads (fit23), the hours said priced at it,
    # and the run priced where it costs least; the reply is for that count (gpu_count 19).
    ("full finetune llama 3 70b on h100s for a day", None, 19,
     "🔢 <b>You need 19× H100 (1,520 GB) for Llama 3 70B (full AdamW)",
     ["💵 24 hours on 19× H100, across instances, would be 456 GPU-hours: $1,057.92",
      "💵 <b>Cost: $885.12</b> — 8× B200 × 24 hours"], ["1× H100"]),
    ("full finetune de llama 3 70b en h100s por un dia cuanto", "es", 19,
     "🔢 <b>Necesitas 19× H100",
     ["💵 <b>Coste: 885,12 US$</b> — 8× B200"], ["Lo que costaría en 1× H100", "1× H100"]),
    ("how long to full finetune llama 3 70b on 1B tokens on h100s", None, 19,
     "🔢 <b>You need 19× H100",
     ["⏱ <b>Full AdamW of Llama 3 70B: about 17.25 hours on 19× H100",
      "⏱ Rented here instead, where this run costs least: about 18.51 hours on 8× B200"],
     ["1× H100", "longer than a single quote"]),
    # A count said, one card, a Super's "s" and an L40S are no plural.
    ("how much to lora a 70b on 4 h100s for 10 hours", None, 4, "💵 <b>Cost: $92.80</b>", [],
     ["No count said"]),
    ("how much to qlora llama 3 8b on an h100 for 10 hours", None, None,
     "💵 <b>Cost: $23.20</b>", [], ["No count said"]),
    ("how much to qlora llama 3 8b on l40s for 10 hours", None, None, "💵 <b>Cost: $8.20</b>", [],
     ["No count said"]),
]


@pytest.mark.parametrize(("question", "lang", "count", "starts", "has", "lacks"), PLURAL)
def test_plural_card_is_the_count_that_holds_it(question: str, lang: str | None,
                                                count: int | None, starts: str, has: list[str],
                                                lacks: list[str]) -> None:
    reply = ask(question, lang)
    text = spaced(reply.text)
    assert text.startswith(spaced(starts)), text
    in_order(text, has)
    assert not [w for w in lacks if spaced(w) in text], text
    assert reply.answer.query.gpu_count == count, reply.answer.query


# A budget with no card named buys hours where the run's time is reckoned: the cheapest
# offered configuration the planning rule (the verdict the reply leads with) and the detailed
# estimate both hold (was 8× H100, where full AdamW of Qwen2.5 32B needs 87.1 GB per GPU of
# 85.52, "❌ At typical settings … 87.1 GB per GPU" under "✅ Yes … fits on 8× H100").
BUDGET_BY_DETAIL: list[tuple[str, str | None, str, list[str]]] = [
    ("with $500 how long can i full finetune qwen2.5 32b", None,
     "💵 <b>$500 buys 20.25 hours of 8× H200 in whole blocks",
     ["✅ <b>Yes: Qwen2.5 32B (32.5B parameters) fits on 8× H200 (full AdamW).</b>",
      "✅ Mixed precision (FP32 master weights, as the Hugging Face Trainer does): 87.1 GB per "
      "GPU."]),
    ("i have $500, how many tokens can i full finetune qwen2.5 32b on", None,
     "⏱ <b>In 20.25 hours, 8× H200 trains about 1", ["8× H200"]),
    ("tengo 500 dolares, cuantos tokens puedo entrenar qwen2.5 32b con full finetune", "es",
     "⏱ <b>En 20,25 horas, 8× H200 entrena unos 1,1 mil millones de tokens", ["8× H200"]),
    # Both hold where they did: unchanged.
    ("i have $20, can i full finetune llama 3 8b on 100M tokens", None,
     "✅ <b>Within $20: this run costs about $11.03, 3 hours on 4× A100 80GB", []),
]


@pytest.mark.parametrize(("question", "lang", "starts", "has"), BUDGET_BY_DETAIL)
def test_budget_buys_where_the_detailed_estimate_holds(question: str, lang: str | None,
                                                       starts: str, has: list[str]) -> None:
    text = spaced(ask(question, lang).text)
    assert text.startswith(spaced(starts)), text
    in_order(text, has)
