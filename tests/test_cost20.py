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
     "⏱ <b>Full AdamW of Llama 3 8B: 162.8 A100 80GB GPU-hours for 1 billion tokens (about "
     "81.4 hours (3.4 days) on 2× A100 80GB).</b>",
     ["💵 <b>You pay $150.88</b>", "✅ Memory: about 81.6 GB per GPU"]),
    ("cuantas horas de a100 para un full finetune de llama 3 8b con 1B tokens en 2 a100", "es", 2,
     "⏱ <b>Entrenamiento completo con AdamW de Llama 3 8B: 162,8 GPU-horas de la A100 80GB para "
     "mil millones de tokens (alrededor de 81,4 horas (3,4 días) en 2× A100 80GB).</b>",
     ["💵 <b>Pagas 150,88 US$</b>"]),
    ("combien d'heures d'A100 pour un full finetune de llama 3 8b sur 1B tokens sur 2 a100", "fr",
     2, "⏱ <b>Entraînement complet avec AdamW pour Llama 3 8B : 162,8 GPU-heures de l'A100 80GB "
     "pour 1 milliard de tokens (environ 81,4 heures (3,4 jours) sur 2× A100 80GB).</b>",
     ["💵 <b>Vous payez 150,88 $US</b>"]),
    ("how many h100 hours to full ft llama 3 8b on 1B tokens w/ 8 h100s", None, 8,
     "⏱ <b>Full AdamW of Llama 3 8B: 51.33 H100 GPU-hours for 1 billion tokens (about 6.42 "
     "hours on 8× H100).</b>", ["💵 <b>You pay $125.28</b>"]),
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
# 250 million tokens"); "$50 budget, how many tokens …" quoted the seed's illustrative 10 hours.
BUDGET_TOKENS: list[tuple[str, str | None, str, list[str], list[str]]] = [
    ("i have 50 dollars, how many tokens can i train llama 3 8b with qlora on my 4090", None,
     "⏱ <b>In 60 hours, 1× L40S trains about 520 million tokens (QLoRA, about 2,421 tokens/s",
     ["We have no price for the RTX 4090 here: $50 buys 60.9 hours of 1× L40S",
      "🏠 Your own RTX 4090 needs no budget, no GPU-hours to buy: it trains about 4.2 million "
      "tokens an hour (about 1,163 tokens/s, the same assumptions).",
      "💵 <b>Cost: $49.20</b> — 1× L40S × 60 hours"],
     ["1× RTX 4090 trains", "We rent the RTX 4090, but"]),
    ("tengo 50 dolares, cuantos tokens puedo entrenar llama 3 8b con qlora en mi 4090", "es",
     "⏱ <b>En 60 horas, 1× L40S entrena unos 520 millones de tokens",
     ["🏠 Tu propia RTX 4090 no necesita presupuesto"], ["1× RTX 4090 entrena"]),
    ("j'ai 50 dollars, combien de tokens je peux entraîner llama 3 8b en qlora sur ma 4090", "fr",
     "⏱ <b>En 60 heures, 1× L40S entraîne environ 520 millions de tokens",
     ["🏠 Votre propre RTX 4090 n'a pas besoin de budget"], ["1× RTX 4090 entraîne"]),
    ("with $100 how many tokens can i lora llama 3 8b on an rtx 4090", None,
     "⏱ <b>In 120 hours, 1× L40S trains about 1.1 billion tokens (LoRA",
     ["ℹ️ On 1× RTX 4090 it would train about 4.3 million tokens an hour", "ask support"],
     ["We rent the RTX 4090, but"]),
    ("$50 budget, how many tokens can i qlora llama 3 8b on 2 4090s", None,
     "⏱ <b>In 60 hours, 1× L40S trains about 520 million tokens",
     ["ℹ️ On 2× RTX 4090 it would train about 8.4 million tokens an hour",
      "💵 <b>Cost: $49.20</b>"], ["illustrative"]),
    # A card we price: the hours and the tokens on it, as before.
    ("$50 budget, how many tokens can i qlora llama 3 8b on an h100", None,
     "⏱ <b>In 20 hours, 1× H100 trains about 490 million tokens", ["$50 buys 20 hours of 1× H100"],
     ["illustrative"]),
]


@pytest.mark.parametrize(("question", "lang", "starts", "has", "lacks"), BUDGET_TOKENS)
def test_budget_tokens_on_the_hours_bought(question: str, lang: str | None, starts: str,
                                           has: list[str], lacks: list[str]) -> None:
    text = spaced(ask(question, lang).text)
    assert text.startswith(spaced(starts)), text
    in_order(text, has)
    assert not [w for w in lacks if spaced(w) in text], text
