"""phrase17 (session 29): questions as people ask them: a memory said bare, a card's price
asked alone, parts answered in the order asked, durations said in words."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.support.chat import ask, converse

# A memory said bare ("12gb", no "vram") with what it holds asked, nothing else named: the
# largest model it holds, as "what can i do with 8gb vram" (was the price list, or "Which
# model?").
MEMORY_BARE = [
    ("what can i do with 12gb?", "The largest model 12 GB holds"),
    ("what can i do with 12gb", "The largest model 12 GB holds"),
    ("is 12gb enough", "The largest model 12 GB holds"),
    ("12gb enough?", "The largest model 12 GB holds"),
    ("what can 16gb do", "The largest model 16 GB holds"),
    ("what fits in 24gb", "The largest model 24 GB holds"),
    ("i have 12gb what can i do", "The largest model 12 GB holds"),
    ("que puedo hacer con 12gb?", "El modelo más grande que cabe en 12 GB"),
    ("12gb es suficiente?", "El modelo más grande que cabe en 12 GB"),
    ("me alcanza con 16gb?", "El modelo más grande que cabe en 16 GB"),
    ("con 12gb que puedo hacer", "El modelo más grande que cabe en 12 GB"),
    ("12 go ça suffit ?", "Avec 12 Go, le plus gros modèle"),
    ("est-ce que 12 go suffit ?", "Avec 12 Go, le plus gros modèle"),
    ("12 go c'est assez ?", "Avec 12 Go, le plus gros modèle"),
    ("que puis-je faire avec 16 go ?", "Avec 16 Go, le plus gros modèle"),
    # "suffisent" is French (was no language, answered in English)
    ("24gb suffisent ?", "Avec 24 Go, le plus gros modèle"),
]


@pytest.mark.parametrize(("question", "lead"), MEMORY_BARE)
def test_a_bare_memory_asked_what_it_holds_gets_the_largest_model(question: str, lead: str) -> None:
    reply = ask(question)
    assert reply.query.largest
    assert lead in reply.text.split("\n", 1)[0].replace("\xa0", " ").replace("\u202f", " ")


# ... not when something else is named or the memory is not a card's.
MEMORY_NOT_BARE = [
    "what can i do with 12gb of ram",
    "is 12gb enough for the dataset",
    "what can i do with 12gb disk",
    "what can i do with 1tb",
    "what can i do with 12gb and $100",
]


@pytest.mark.parametrize("question", MEMORY_NOT_BARE)
def test_a_memory_beside_something_else_is_not_the_largest_asked(question: str) -> None:
    assert not ask(question).query.largest


def _plain(text: str) -> str:
    return text.replace("\xa0", " ").replace("\u202f", " ")


# One card's price asked with no hours: its hourly price and the blocks its GPU-hours are sold
# in, each priced; no "❓ For how many hours?" (the price was the question).
PRICE_ALONE = [
    ("how much does an h100 cost",
     ["💵 <b>1× H100 costs $2.32/hour.</b>", "10 GPU-hours for $23.20", "720 GPU-hours for $1,670.40"]),
    ("cuanto cuesta una h100?",
     ["💵 <b>Precio de 1× H100: 2,32 US$/hora.</b>", "10 GPU-horas por 23,20 US$",
      "720 GPU-horas por 1.670,40 US$"]),
    ("hola, cuanto cuesta una h100? y aceptan usdt?",
     ["💵 <b>Precio de 1× H100: 2,32 US$/hora.</b>", "24 GPU-horas por 55,68 US$", "aceptamos USDT"]),
    ("combien coûte une h200 ?",
     ["💵 <b>Prix de 1× H200 : 3,07 $US/heure.</b>", "10 GPU-heures pour 30,70 $US",
      "720 GPU-heures pour 2 210,40 $US"]),
    ("how much does 8x h100 cost",
     ["💵 <b>8× H100 costs $18.56/hour.</b>", "168 GPU-hours for $389.76",
      "8× H100 draws 8 GPU-hours from them an hour."]),
]


@pytest.mark.parametrize(("question", "has"), PRICE_ALONE)
def test_a_card_priced_alone_gets_its_price_and_blocks_not_a_question(question: str, has: list[str]) -> None:
    text = _plain(ask(question).text)
    pos = 0
    for part in has:
        found = text.find(_plain(part), pos)
        assert found >= 0, (part, text)
        pos = found
    assert "❓" not in text


# French typed fast drops the apostrophe of "d'heures": "une quinzaine d heures" is fifteen
# hours as "une quinzaine d'heures" is (was the hourly price alone, asking how many hours).
DURATIONS_IN_WORDS = [
    ("combien pour une h100 pendant une quinzaine d heures", "15"),
    ("combien pour une h100 pendant une vingtaine d heures", "20"),
    ("combien pour une h100 pendant une douzaine d heures", "12"),
    ("combien pour une h100 pendant une couple d heures", "2"),
    ("une paire d a100 pour 10h combien", "10"),
    # already read, kept
    ("combien pour une h100 pendant une quinzaine d'heures", "15"),
    ("combien pour une h100 pendant une vingtaine d'heures", "20"),
    ("cuanto cuesta una h100 por una docena de horas", "12"),
    ("how much for an h100 for a dozen hours", "12"),
    ("how much for an h100 for a couple hours", "2"),
    ("cuanto cuesta una h100 por un par de horas", "2"),
    ("how much for an h100 for half a day", "12"),
    ("combien pour une h100 pendant une demi-journée", "12"),
    ("how much for an h100 for a week", "168"),
    ("combien pour une h100 pendant une quinzaine", "336"),
]


@pytest.mark.parametrize(("question", "hours"), DURATIONS_IN_WORDS)
def test_a_duration_in_words_is_read(question: str, hours: str) -> None:
    assert ask(question).query.hours == Decimal(hours)


def test_a_pair_said_without_its_apostrophe_counts_the_cards() -> None:
    assert ask("une paire d a100 pour 10h combien").query.gpu_count == 2


# Whether it fits asked before what it costs: the verdict leads, the cost follows (a cost
# question otherwise leads with its price).
FIT_THEN_COST = [
    ("puedo hacer qlora de 70b en una h100 y cuanto me costaria 10 horas?",
     ["✅ <b>Sí: un modelo de 70B cabe en 1× H100 (QLoRA).</b>", "💵 <b>Coste: 23,20 US$</b>"]),
    ("can i qlora 70b on an h100 and how much would 10 hours cost?",
     ["✅ <b>Yes: a 70B model fits on 1× H100 (QLoRA).</b>", "💵 <b>Cost: $23.20</b>"]),
    ("est-ce que je peux faire un qlora de 70b sur une h100 et combien ça coûterait 10 heures ?",
     ["✅ <b>Oui : un modèle 70B tient sur 1× H100 (QLoRA).</b>", "💵 <b>Coût : 23,20 $US</b>"]),
    ("can i full finetune 70b on an h100 and how much for 10 hours",
     ["❌ <b>No: a 70B model does not fit on 1× H100 (full AdamW).</b>", "💵 <b>Cost: $23.20</b>"]),
    # the cost asked first keeps leading
    ("how much for 10 hours of qlora 70b on an h100, and does it fit?",
     ["💵 <b>Cost: $23.20</b>", "✅ <b>Yes: a 70B model fits on 1× H100 (QLoRA).</b>"]),
    ("how much for 10 hours of full finetune 70b on an h100, does it fit",
     ["💵 <b>Cost: $23.20</b>", "❌ <b>No: a 70B model does not fit on 1× H100 (full AdamW).</b>"]),
    ("cuanto cuesta un qlora de 70b en una h100 por 10 horas",
     ["💵 <b>Coste: 23,20 US$</b>", "✅ <b>Sí: un modelo de 70B cabe en 1× H100 (QLoRA).</b>"]),
]


@pytest.mark.parametrize(("question", "in_order"), FIT_THEN_COST)
def test_the_parts_come_in_the_order_asked(question: str, in_order: list[str]) -> None:
    text = _plain(ask(question).text)
    first, second = (text.find(_plain(part)) for part in in_order)
    assert 0 <= first < second, text


# TGI's input limit said without its total ("--max-input-length 15000", "--max-input-tokens"):
# the prompt alone, the least context each sequence holds, read as the context for the KV cache
# (was unread: the default 2,048); beside "--max-total-tokens" the total is the context.
TGI_CONTEXT = [
    ("docker run --gpus all ghcr.io/huggingface/text-generation-inference:latest --model-id "
     "meta-llama/Llama-3.1-8B-Instruct --max-input-length 15000 on a 4090", 15000),
    ("text-generation-launcher --model-id meta-llama/Llama-3.1-8B-Instruct --max-input-tokens 8000 "
     "on a 4090, will it fit?", 8000),
    ("text-generation-launcher --model-id meta-llama/Llama-3.1-8B-Instruct --max-input-tokens 15000 "
     "--max-total-tokens 16000 on a 4090", 16000),
    ("text-generation-launcher --model-id meta-llama/Llama-3.1-8B-Instruct --max-total-tokens=16000 "
     "--max-input-length=15000 on a 4090", 16000),
]


@pytest.mark.parametrize(("question", "context"), TGI_CONTEXT)
def test_tgi_input_limit_is_the_least_context(question: str, context: int) -> None:
    reply = ask(question)
    assert reply.query.seq_len == context
    assert f"With {context:,} tokens of context" in reply.text


def test_a_follow_up_keeps_the_order_asked_unless_it_asks_the_cost() -> None:
    first, other_card, cost = converse(
        "can i qlora 70b on an h100 and how much would 10 hours cost?", "and on an a100?",
        "and how much for 20 hours?")
    assert first.text.startswith("✅")
    assert other_card.query.fit_first
    assert other_card.text.split("\n", 1)[1].startswith("✅ <b>Yes: a 70B model fits on 1× A100 80GB")
    assert not cost.query.fit_first
    assert cost.text.split("\n", 1)[1].startswith("💵 <b>Cost: $18.40</b>")
