"""The samples' length said in a conversation is the run's sequence length on every later turn,
as it is when said in one message: "i want to finetune mistral 7b on my dataset of 20k
examples", then "they are about 800 tokens each", then "how long on an a100?" (the detailed
estimate was at 2,048 tokens, "not given, so assumed", on both later turns), and "100k samples
… avg 700 tokens" then "and on an h100?" (700, then 2,048)."""

from __future__ import annotations

import pytest

from tests.support.chat import converse


@pytest.mark.parametrize("turns", [
    ("i want to finetune mistral 7b on my dataset of 20k examples",
     "they are about 800 tokens each", "how long on an a100?", "and how much will it cost"),
    ("quiero afinar mistral 7b con mi dataset de 20k ejemplos",
     "son de unos 800 tokens cada uno", "cuanto tarda en una a100?"),
])
def test_the_length_answered_is_kept(turns: tuple[str, ...]) -> None:
    replies = converse(*turns)
    for reply in replies[1:]:
        assert reply.answer.query.dataset_tokens == 16_000_000
        assert reply.answer.detailed is not None and reply.answer.detailed.seq_len == 800, \
            reply.text[:200]


def test_an_average_is_kept_on_the_next_card_and_a_length_said_wins() -> None:
    first, other, longer = converse("100k samples qlora llama 3 8b on an a100, avg 700 tokens",
                                 "and on an h100?", "and with seq 4096?")
    assert first.answer.detailed.seq_len == 700
    assert other.answer.query.gpu == "h100" and other.answer.detailed.seq_len == 700
    assert longer.answer.detailed.seq_len == 4096
