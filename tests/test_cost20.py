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
