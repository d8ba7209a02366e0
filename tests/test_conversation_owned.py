"""A card the user says they own ("i have 2 3090s", "tengo una 3090", "j'ai une 4090"): noted,
and the questions after it that name no card are on it, until another card is named; "what
can I fine-tune on it?" is the largest model it holds. In English, Spanish and French."""

from __future__ import annotations

import pytest

from bot.pipeline import to_json
from tests.support.chat import converse


def spaced(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


# The card alone: acknowledged with its memory (was its price, or the whole price list).
NOTED: list[tuple[str, str, int, str]] = [
    ("i have a 3090", "rtx-3090", 1, "👍 <b>Got it: RTX 3090, 24 GB.</b>"),
    ("i have 2 3090s", "rtx-3090", 2, "👍 <b>Got it: 2× RTX 3090, 24 GB each (48 GB in all).</b>"),
    ("my gpu is a 3060 12gb", "rtx-3060", 1, "👍 <b>Got it: RTX 3060, 12 GB.</b>"),
    ("tengo una 3090", "rtx-3090", 1, "👍 <b>Entendido: RTX 3090, 24 GB.</b>"),
    ("mi gráfica es una 4070", "rtx-4070", 1, "👍 <b>Entendido: RTX 4070, 12 GB.</b>"),
    ("tengo dos 3090", "rtx-3090", 2, "👍 <b>Entendido: 2× RTX 3090, 24 GB cada una"),
    ("j'ai une 4090", "rtx-4090", 1, "👍 <b>C'est noté : RTX 4090, 24 Go.</b>"),
    ("ma carte graphique est une 3060", "rtx-3060", 1, "👍 <b>C'est noté : RTX 3060, 12 Go.</b>"),
    # Different cards in one machine: every card at its own memory (was "We don't rent the
    # RTX 3060, so there is no price to quote", the 3090s dropped); `gpu` is the card bounding
    # an even share, as the runs asked next are answered.
    ("i got two 3090s and a 3060", "rtx-3060", 3,
     "👍 <b>Got it: 2× RTX 3090 and 1× RTX 3060 (60 GB in all).</b>"),
    ("tengo dos 3090 y una 3060", "rtx-3060", 3,
     "👍 <b>Entendido: 2× RTX 3090 y 1× RTX 3060 (60 GB en total).</b>"),
    # Both 24 GB: the slower card bounds it, the RTX 3090 Ti (80 TFLOPS against 165.2) since it
    # has a peak (peaks37; was the RTX 4090).
    ("j'ai une 4090 et une 3090 ti", "rtx-3090-ti", 2,
     "👍 <b>C'est noté : 1× RTX 4090 et 1× RTX 3090 Ti (48 Go en tout).</b>"),
]


@pytest.mark.parametrize(("text", "gpu", "count", "lead"), NOTED)
def test_a_card_said_alone_is_noted_not_priced(text: str, gpu: str, count: int, lead: str) -> None:
    (reply,) = converse(text)
    assert reply.answer.card_noted and reply.answer.intent == "fit", reply.text
    assert reply.query.gpu == gpu and (reply.query.gpu_count or 1) == count
    assert spaced(reply.text).startswith(spaced(lead)), reply.text
    out = to_json(reply)
    assert out["error"] is None and out["fits"] is None and out["usd_per_hour"] is None
    for price in ("$/", "US$/", "$US/", "no price to quote", "no hay precio"):
        assert price not in reply.text, reply.text


@pytest.mark.parametrize("text", [
    "do you have h100s?", "i have to rent an h100", "tengo que alquilar una h100",
    "how much is an h100", "j'ai besoin d'une h100",
])
def test_a_card_not_owned_is_not_noted(text: str) -> None:
    (reply,) = converse(text)
    assert not reply.answer.card_noted, reply.text


# The card, then questions naming none: each on that card (the ↪️ banner), the next ones too.
CARRIED: list[tuple[tuple[str, ...], str, int, str]] = [
    (("i have 2 3090s", "can i run llama 3 70b?"), "rtx-3090", 2,
     "↪️ <i>On 2× RTX 3090, from your last question.</i>"),
    (("i have a 3090", "can i finetune mistral 7b?"), "rtx-3090", 1, "On 1× RTX 3090"),
    (("i have 2 3090s", "can i run llama 3 70b?", "can i finetune mistral 7b?"), "rtx-3090", 2,
     "On 2× RTX 3090"),
    (("my gpu is a 3060 12gb", "thanks!", "how much vram for qlora llama 3 8b?"), "rtx-3060", 1,
     "On 1× RTX 3060"),
    (("tengo una 3090", "¿puedo entrenar llama 3 8b con lora?"), "rtx-3090", 1,
     "En 1× RTX 3090"),
    (("tengo una 3090", "¿puedo entrenar llama 3 8b con lora?", "¿y mistral 7b con qlora?",
      "¿puedo correr qwen 2.5 14b?"), "rtx-3090", 1, "En 1× RTX 3090"),
    (("j'ai une 4090", "je peux fine-tuner mistral 7b ?"), "rtx-4090", 1, "Sur 1× RTX 4090"),
    (("i have a 3090", "and with 2 of them?", "can i qlora llama 3 70b?"), "rtx-3090", 2,
     "On 2× RTX 3090"),
]


@pytest.mark.parametrize(("turns", "gpu", "count", "banner"), CARRIED)
def test_the_card_owned_is_carried_into_the_questions_naming_none(
    turns: tuple[str, ...], gpu: str, count: int, banner: str
) -> None:
    *_, reply = converse(*turns)
    assert reply.query.gpu == gpu and (reply.query.gpu_count or 1) == count, reply.text
    assert reply.answer.intent == "fit" and reply.query.model_id is not None, reply.text
    assert "gpu" in reply.carried and banner in reply.text, reply.text


def test_two_of_them_after_the_card_notes_two() -> None:
    _, two = converse("i have a 3090", "and with 2 of them?")
    assert two.answer.card_noted and two.query.gpu_count == 2, two.text
    assert "2× RTX 3090, 24 GB each" in two.text


def test_another_card_named_replaces_the_one_owned() -> None:
    *_, h100, after = converse("i have a 3090", "can i qlora llama 3 8b on an h100?",
                               "can i finetune mistral 7b?")
    assert h100.query.gpu == "h100"
    assert after.query.gpu is None and "gpu" not in after.carried, after.text
    *_, other, after = converse("i have a 3090", "i have a 4090", "can i finetune mistral 7b?")
    assert other.answer.card_noted and after.query.gpu == "rtx-4090", after.text


# "What can I fine-tune on it?" after the card, or with the card in one message: the largest
# model the card holds by the planning rule (was "I did not understand", or "which model?").
LARGEST: list[tuple[tuple[str, ...], str, str]] = [
    (("i have a 3090", "what model can i finetune?"), "rtx-3090",
     "📏 <b>The largest model 24 GB holds for QLoRA"),
    (("i have a 3090", "what can i run on it?"), "rtx-3090",
     "📏 <b>The largest model 24 GB holds for 4-bit inference"),
    (("i have 2 3090s", "what can I fine-tune on them?"), "rtx-3090",
     "📏 <b>The largest model 48 GB holds for QLoRA"),
    (("tengo dos 3090", "¿qué puedo entrenar en ellas?"), "rtx-3090",
     "📏 <b>El modelo más grande que cabe en 48 GB (QLoRA)"),
    (("j'ai une 4090", "qu'est-ce que je peux fine-tuner dessus\u202f?"), "rtx-4090",
     "📏 <b>Avec 24 Go, le plus gros modèle possible (QLoRA)"),
    (("what can I finetune on a 3060 12gb",), "rtx-3060", "📏 <b>The largest model 12 GB holds"),
    (("qué modelo puedo entrenar en mi 3090",), "rtx-3090",
     "📏 <b>El modelo más grande que cabe en 24 GB"),
    (("quel modèle je peux fine-tuner sur ma 4090",), "rtx-4090",
     "📏 <b>Avec 24 Go, le plus gros modèle possible"),
]


@pytest.mark.parametrize(("turns", "gpu", "lead"), LARGEST)
def test_what_can_i_finetune_on_the_card_is_the_largest_it_holds(
    turns: tuple[str, ...], gpu: str, lead: str
) -> None:
    *_, reply = converse(*turns)
    assert reply.query.gpu == gpu and reply.answer.largest is not None, reply.text
    assert lead in spaced(reply.text), reply.text


def test_the_example_the_acknowledgement_gives_is_answered() -> None:
    for card in ("i have a 3090", "tengo una 3090", "j'ai une 3090", "i have 2 3090s",
                 "tengo dos 3090", "j'ai deux 3090"):
        (noted,) = converse(card)
        example = noted.text.split("<code>")[1].split("</code>")[0]
        _, reply = converse(card, example)
        assert reply.answer.largest is not None and reply.query.gpu == "rtx-3090", (card, reply.text)


def test_the_cards_of_one_machine_are_carried_together() -> None:
    _, reply = converse("i got two 3090s and a 3060", "can i qlora llama 3 8b")
    assert reply.query.rig == (("rtx-3090", 2), ("rtx-3060", 1)), reply.text
    assert reply.query.follow_up and reply.query.model_id == "llama-3-8b"
    assert "2× RTX 3090 and 1× RTX 3060 (60 GB in all)" in reply.text, reply.text


@pytest.mark.parametrize("turns", [
    ("i got two 3090s and a 3060", "can i run llama 3 70b"),
    ("tengo dos 3090 y una 3060", "puedo correr llama 3 70b?"),
])
def test_a_model_served_on_cards_of_different_memory_is_split_by_layers(
    turns: tuple[str, str]
) -> None:
    """As when the cards are said in the question: llama.cpp's layer split at its assumed
    Q4_K_M, 60 GB in all (was BF16, 8- and 4-bit split evenly at the 3060's 12 GB)."""
    _, reply = converse(*turns)
    assert reply.query.rig_layer_split and reply.query.runner == "llama-cpp", reply.text
    assert (reply.query.method, reply.query.gpu_memory_gb) == ("gguf_q4_k_m", 20), reply.text
    assert reply.answer.primary is not None and reply.answer.primary.fit is not None
    assert reply.answer.primary.fit.fits, reply.text
