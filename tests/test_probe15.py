"""probe15 (session 27): new users' questions, es/fr first, and the replies' first lines."""

from __future__ import annotations

import pytest

from tests.support.chat import ask

# Colab's card is a rented notebook's, not the user's own: said so in en/es/fr (was "this
# verdict is for your own card").
COLAB = [
    ("can i run llama 3 8b on colab a100", "for the one your Google Colab notebook gets"),
    ("got a T4 on colab lol, can i qlora gemma 2 9b", "for the one your Google Colab notebook gets"),
    ("colab a100 vs h100 for llama 70b qlora", "for the one your Google Colab notebook gets"),
    ("puedo correr qwen 7b en colab gratis", "la GPU que recibe tu cuaderno de Google Colab"),
    ("cabe llama 3 70b qlora en la a100 de colab pro?", "la GPU que recibe tu cuaderno de Google Colab"),
    ("mistral 7b tourne sur colab ?", "le GPU que reçoit votre notebook Google Colab"),
    ("un lora de mistral 7b sur l'a100 de colab ca passe", "le GPU que reçoit votre notebook"),
]


@pytest.mark.parametrize(("question", "said"), COLAB)
def test_colabs_card_is_not_the_users_own(question: str, said: str) -> None:
    text = ask(question).text
    assert said in text
    assert "your own card" not in text and "tu propia tarjeta" not in text \
        and "votre propre carte" not in text


@pytest.mark.parametrize("question", ["qlora 7b on my t4", "mi 3060 aguanta llama 8b en 4 bits?"])
def test_an_own_card_stays_own(question: str) -> None:
    text = ask(question).text
    assert "Colab" not in text
