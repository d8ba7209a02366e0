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


# "tokens/s" on a card the assumed context fills: the decode part's verdict is the detailed
# estimate's, and the fit part below it says the same (was "BF16 does not fit … (detailed
# estimate)" above "✅ fits: BF16 …, 0.3 GB left" by the planning rule).
SPEED_THEN_FIT = [
    ("jetson orin nano 8gb llama 3.2 3b tokens/s", "❌ <b>Inference in BF16</b>",
     "✅ <b>Inference in BF16</b>"),
    ("jetson orin nano 8gb llama 3.2 3b cuantos tokens por segundo saca",
     "❌ <b>Inferencia en BF16</b>", "✅ <b>Inferencia en BF16</b>"),
    ("combien de tokens/s pour llama 3.2 3b sur un jetson orin nano 8 go ?",
     "❌ <b>Inférence en BF16</b>", "✅ <b>Inférence en BF16</b>"),
    ("rtx 3060 12gb qwen2.5 7b tok/s", "❌ <b>Inference in BF16</b>", "fits: BF16"),
    ("velocidad de llama 3.1 8b en mi 3060 12gb", "❌ <b>Inferencia en BF16</b>", "cabe: inferencia en BF16"),
]


@pytest.mark.parametrize(("question", "said", "not_said"), SPEED_THEN_FIT)
def test_the_fit_under_a_speed_says_what_the_speed_said(
        question: str, said: str, not_said: str) -> None:
    text = ask(question).text
    assert said in text
    assert not_said not in text


# "une quinzaine d'heures" is about 15 hours, as "une vingtaine d'heures" is 20 (was the hourly
# price alone, the hours dropped).
@pytest.mark.parametrize("question", [
    "combien de balles pour une h100 pendant une quinzaine d'heures",
    "une quinzaine d'heures sur une h100 ca fait combien",
])
def test_une_quinzaine_dheures_is_fifteen_hours(question: str) -> None:
    got = ask(question)
    assert got.query.hours == 15
    assert got.text.startswith("💵 <b>Vous payez 46,40\u00a0$US</b>")


# "tener corriendo", "ejecutando": running it, as "running" and "faire tourner" are (was the
# fine-tuning's cost: "Lo que cuesta el fine-tuning de Llama 3 70B").
@pytest.mark.parametrize("question", [
    "cuanto me cuesta tener corriendo llama 3 70b todo el mes",
    "cuanto cuesta tener llama 3 70b corriendo un mes",
])
def test_corriendo_is_running_it(question: str) -> None:
    got = ask(question)
    assert got.query.inference
    assert got.text.startswith("👉 <b>Para servir Llama 3 70B durante 720\u00a0horas:")


# "une quinzaine de millions de tokens", "una veintena de millones": about so many millions, as
# many (was "tell me the dataset size": the tokens were not read).
@pytest.mark.parametrize(("question", "tokens"), [
    ("combien de temps pour finetuner llama 3 8b en lora sur une quinzaine de millions de tokens",
     15_000_000),
    ("combien de temps pour finetuner llama 3 8b en lora sur une vingtaine de millions de tokens",
     20_000_000),
    ("cuanto tarda un lora de llama 3 8b con una veintena de millones de tokens en una h100",
     20_000_000),
])
def test_about_so_many_millions_of_tokens(question: str, tokens: int) -> None:
    assert ask(question).query.dataset_tokens == tokens
