"""The seed's own questions, asked in Spanish and French, answered with the seed's numbers in
that language's formatting (CLDR: decimal comma, grouping, "Go" and "$US" in French)."""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline
from rules.catalogue import load_catalogue

PIPELINE = Pipeline(load_catalogue())
NB, NNB = "\u00a0", "\u202f"

CASES = [
    # Spanish page
    ("es", "¿Cuánta memoria necesita cada método para un modelo de 70B?",
     [f"52,5{NB}GB", f"168{NB}GB", f"1.120{NB}GB", f"1.260{NB}GB", f"840{NB}GB"]),
    ("es", "¿Cuánto cuesta un fine-tuning de Llama 70B?",
     [f"9,20{NB}US$", f"22,08{NB}US$", f"515,76{NB}US$", f"774,48{NB}US$", "40"]),
    ("es", "¿Es mejor la H100 o la A100 para QLoRA en 70B?",
     [f"49,4{NB}GB", "3,2 veces", "989,5", "312", f"3.350{NB}GB/s", f"2.039{NB}GB/s",
      f"0,92{NB}US$", f"2,32{NB}US$"]),
    ("es", "¿Cuánto cuesta un LoRA de 70B en dos H200 durante 12 horas?", [f"73,68{NB}US$", "24"]),
    ("es", "¿Cuánto cuesta un LoRA de 70B en una B200?", [f"110,64{NB}US$"]),
    ("es", "¿Se puede hacer fine-tuning de Llama 70B en una RTX 4090?", [f"35{NB}GB", f"24{NB}GB"]),
    ("es", "¿Puedo pagar las GPU con cripto?", ["BTC", "USDT", "USDC", "ETH", "SOL", "LTC", "XMR"]),
    ("es", "precios", [f"0,82{NB}US$", f"36,88{NB}US$", f"5,4325{NB}US$", f"1,09{NB}US$",
                       "29 de octubre de 2026"]),
    # French page
    ("fr", "De combien de mémoire chaque méthode a-t-elle besoin pour un modèle 70B ?",
     [f"52,5{NNB}Go", f"168{NNB}Go", f"1{NNB}120{NNB}Go", f"1{NNB}260{NNB}Go", f"840{NNB}Go"]),
    ("fr", "Combien coûte un fine-tuning de Llama 70B ?",
     [f"9,20{NB}$US", f"515,76{NB}$US", f"774,48{NB}$US"]),
    ("fr", "Combien coûte un QLoRA 70B sur un H100 ?", [f"23,20{NB}$US"]),
    ("fr", "Le H100 ou le A100 est-il meilleur pour QLoRA sur 70B ?",
     [f"49,4{NNB}Go", "3,2 fois", f"3{NNB}350{NNB}Go/s", f"2{NNB}039{NNB}Go/s", f"0,92{NB}$US"]),
    ("fr", "Peut-on fine-tuner Llama 70B sur une RTX 4090 ?", [f"35{NNB}Go", f"24{NNB}Go"]),
    ("fr", "Peut-on fine-tuner Llama 70B sur 8 H200 avec AdamW ?", [f"8{NNB}Go"]),
    ("fr", "Peut-on payer les GPU en crypto ?", [f"1{NB}$US", "BTC", "XMR"]),
    ("fr", "tarifs", [f"5,4325{NB}$US", "Massed Compute",
                      "29 octobre 2026", "15,1", "15,6"]),
]


@pytest.mark.parametrize(("lang", "question", "fragments"), CASES)
def test_seed_numbers_in_the_readers_formatting(lang, question, fragments):
    reply = PIPELINE.ask(question)
    assert reply.locale == lang
    for fragment in fragments:
        assert fragment in reply.text, (fragment, reply.text)
