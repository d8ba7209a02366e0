"""Mixed messages (mixed12): cards owned and cards to rent said in one message.

"tengo 2x3090 y una 3060 12gb, cuanto me sale alquilar 2 h100 y una a100 x 10hs?? y se puede
pagar con usdt" answered "we don't rent the RTX 3060" (the four cards read as one machine) and
dropped the rest: now the owned cards are noted, the rentals priced and summed, the payment
answered, each in its section; the chat keeps the owned cards for the questions after it.
"""

from __future__ import annotations

import pytest

from bot.pipeline import to_json
from tests.support.chat import ask, converse


def spaced(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


OWNED_AND_RENTED = [
    ("es", "tengo 2x3090 y una 3060 12gb, cuanto me sale alquilar 2 h100 y una a100 x 10hs?? y se "
     "puede pagar con usdt",
     ["👍 <b>Entendido: 2× RTX 3090 y 1× RTX 3060 (60 GB en total).</b>",
      "🧾 <b>Total de los dos alquileres: 55,60 US$ (46,40 US$ + 9,20 US$).</b>",
      "✅ <b>Sí: aceptamos USDT.</b>"]),
    ("en", "i have 2 3090s and a 3060, how much to rent 2 h100 and an a100 for 10h",
     ["👍 <b>Got it: 2× RTX 3090 and 1× RTX 3060 (60 GB in all).</b>",
      "🧾 <b>Total for both rentals: $55.60 ($46.40 + $9.20).</b>"]),
    ("fr", "j'ai 2 3090 et une 3060, combien pour louer 2 h100 et une a100 pendant 10h",
     ["👍 <b>C'est noté : 2× RTX 3090 et 1× RTX 3060 (60 Go en tout).</b>",
      "🧾 <b>Total des deux locations : 55,60 $US (46,40 $US + 9,20 $US).</b>"]),
    ("en", "i have a 3090. how much is an h100 per hour?",
     ["👍 <b>Got it: RTX 3090, 24 GB.</b>", "💵 <b>1× H100 costs $2.32/hour.</b>"]),
    ("en", "i have a 3090 and want to rent an h100 for 10h, how much?",
     ["👍 <b>Got it: RTX 3090, 24 GB.</b>", "💵 <b>Cost: $23.20</b>"]),
    ("es", "tengo una 3090, cuanto cuesta alquilar una h100 por 10 horas",
     ["👍 <b>Entendido: RTX 3090, 24 GB.</b>", "💵 <b>Coste: 23,20 US$</b>"]),
]


@pytest.mark.parametrize(("lang", "question", "lines"), OWNED_AND_RENTED)
def test_owned_cards_noted_and_rented_ones_priced(lang: str, question: str,
                                                 lines: list[str]) -> None:
    reply = ask(question, lang)
    text = spaced(reply.text)
    assert "no price to quote" not in text and "no hay precio" not in text, reply.text
    at = 0
    for line in lines:
        found = text.find(line, at)
        assert found >= 0, reply.text
        at = found + len(line)
    assert len(reply.parts) == len(lines)
    assert reply.parts[0].answer.card_noted
    assert to_json(reply)["error"] is None


@pytest.mark.parametrize("question", [
    "I have a 3090. Can I QLoRA 8B?",  # the run on the card owned: one question
    "i have a 3090, is it cheaper to rent an h100 or buy another 3090?",  # rent or buy
    "i have a 3090, should i rent an h100 to qlora llama 70b?",  # the two cards weighed
    # a rate measured on the card owned, then renting another: that rate there
    "j'ai 40 tok/s avec llama 3 8b q4 sur ma 4090, combien si je loue une h100 ?",
])
def test_owned_card_with_its_own_question_stays_one(question: str) -> None:
    assert not ask(question, "en").parts


def test_the_chat_keeps_the_owned_cards_after_the_rentals() -> None:
    *_, after = converse(
        "i have 2 3090s and a 3060, how much to rent 2 h100 and an a100 for 10h",
        "can i qlora llama 3 8b?")
    assert "RTX 3090" in after.text and "RTX 3060" in after.text, after.text
    assert "H100" not in after.text.split("\n\n")[0], after.text


# Two cards we rent joined with nothing else: each one's price (was a datasheet comparison).
BOTH_PRICED = [
    ("en", "h100 + a100", ["💵 <b>1× H100 costs $2.32/hour.</b>",
                           "💵 <b>1× A100 80GB costs $0.92/hour.</b>"]),
    ("en", "how much is h100 and a100", ["💵 <b>1× H100 costs $2.32/hour.</b>",
                                         "💵 <b>1× A100 80GB costs $0.92/hour.</b>"]),
    ("en", "2x h100 + a100", ["💵 <b>2× H100 costs $4.64/hour.</b>",
                              "💵 <b>1× A100 80GB costs $0.92/hour.</b>"]),
    ("es", "h100 y a100?", ["💵 <b>Precio de 1× H100: 2,32 US$/hora.</b>",
                            "💵 <b>Precio de 1× A100 80GB: 0,92 US$/hora.</b>"]),
    ("fr", "h100 et a100 ?", ["💵 <b>Prix de 1× H100 : 2,32 $US/heure.</b>",
                              "💵 <b>Prix de 1× A100 80GB : 0,92 $US/heure.</b>"]),
]


@pytest.mark.parametrize(("lang", "question", "lines"), BOTH_PRICED)
def test_two_rented_cards_joined_are_both_priced(lang: str, question: str,
                                                 lines: list[str]) -> None:
    got = to_json(ask(question, lang))
    assert got["intent"] == "prices" and got["gpu"] == "h100", got["text"]
    text = spaced(str(got["text"]))
    assert text.startswith(lines[0]) and lines[1] in text, got["text"]


@pytest.mark.parametrize(("lang", "question"), [
    ("en", "h100 vs a100"),
    ("en", "h100 or a100?"),
    ("es", "h100 o a100?"),
    ("fr", "h100 ou a100 ?"),
    ("en", "h100 and a100 for qlora 70b"),  # a run on both: compared
    ("en", "3090 + a100"),  # a card we do not rent: no price for it
])
def test_cards_weighed_are_still_compared(lang: str, question: str) -> None:
    assert to_json(ask(question, lang))["intent"] != "prices"


# Several models to fine-tune on one card: each model's fit in its own section (was the last
# model's answer alone).
TRAINED_EACH = [
    ("en", "can i finetune llama 3 8b, mistral 7b and qwen2.5 7b on an a100",
     ["✅ <b>On 1× A100 80GB, Llama 3 8B fits: QLoRA and LoRA.</b>",
      "✅ <b>On 1× A100 80GB, Mistral 7B (7.3B parameters) fits: QLoRA and LoRA.</b>",
      "✅ <b>On 1× A100 80GB, Qwen2.5 7B (7.61B parameters) fits: QLoRA and LoRA.</b>"]),
    ("en", "can i qlora llama 3 8b, mistral 7b and qwen2.5 7b on my 3090",
     ["✅ <b>Yes: Llama 3 8B fits on 1× RTX 3090 (QLoRA).</b>",
      "✅ <b>Yes: Mistral 7B (7.3B parameters) fits on 1× RTX 3090 (QLoRA).</b>",
      "✅ <b>Yes: Qwen2.5 7B (7.61B parameters) fits on 1× RTX 3090 (QLoRA).</b>"]),
    ("es", "puedo entrenar llama 3 8b y mistral 7b en una 4090?",
     ["✅ <b>En 1× RTX 4090, Llama 3 8B cabe con QLoRA y LoRA.</b>",
      "✅ <b>En 1× RTX 4090, Mistral 7B (7,3 mil millones de parámetros) cabe con QLoRA y LoRA"]),
    ("fr", "je peux fine-tuner llama 3 8b, mistral 7b et qwen2.5 7b sur une a100 ?",
     ["✅ <b>Sur 1× A100 80GB, Llama 3 8B tient avec QLoRA et LoRA.</b>",
      "Mistral 7B", "Qwen2.5 7B"]),
]


@pytest.mark.parametrize(("lang", "question", "lines"), TRAINED_EACH)
def test_each_model_trained_gets_its_fit(lang: str, question: str, lines: list[str]) -> None:
    reply = ask(question, lang)
    assert len(reply.parts) == len(lines), reply.text
    text = spaced(reply.text)
    at = 0
    for line in lines:
        found = text.find(line, at)
        assert found >= 0, reply.text
        at = found + len(line)
    assert to_json(reply)["model"] == "llama-3-8b"


@pytest.mark.parametrize("question", [
    "which is better to finetune, llama 3 8b or mistral 7b on a 4090?",  # a choice
    "can i run llama 3 8b, mistral 7b and qwen2.5 7b on an a100",  # served: together
    "can i finetune llama 3 8b and mistral 7b at the same time on an a100",  # at once
])
def test_not_each_trained(question: str) -> None:
    reply = ask(question, "en")
    assert "1️⃣ <i>Llama 3 8B</i>" not in reply.text, reply.text


# A run timed on another card because the one asked has no cited peak (the TITAN V; the RTX
# 3060 and GTX 1080 Ti asked here before have one since peaks37 and gpu41): why, right under the
# times (was after their cost).
UNPEAKED = [
    ("fr", "combien de vram pr un qlora de mistral7b sur ma titan v ?? et ça prend cmb de temps "
     "avec 10k exemples",
     "sur 1× L40S (1 époque).</b>\nAucune fiche technique citable ne donne le débit BF16 de crête "
     "de la TITAN V"),
    ("en", "how long to qlora mistral 7b on my titan v with 10k examples",
     "on 1× L40S (1 epoch).</b>\nNo datasheet we can cite gives the TITAN V's peak BF16 "
     "throughput: these times are on the configuration we rent where this run costs least."),
    ("es", "cuanto tarda un qlora de mistral 7b en mi titan v con 10k ejemplos",
     "en 1× L40S (1 época).</b>\nNinguna ficha técnica que podamos citar da el rendimiento BF16 "
     "máximo de la TITAN V"),
]


@pytest.mark.parametrize(("lang", "question", "said"), UNPEAKED)
def test_why_the_card_changed_is_said_under_the_times(lang: str, question: str,
                                                      said: str) -> None:
    text = spaced(ask(question, lang).text)
    assert spaced(said) in text, text
    assert text.index(spaced(said)) < text.index("💵"), text
