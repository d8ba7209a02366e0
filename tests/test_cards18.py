"""cards18 (session 30): cards, platforms and price alerts as people write them."""

from __future__ import annotations

import pytest

from tests.support.chat import ask

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
