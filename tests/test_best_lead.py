"""The first line is the most accurate answer we have for what was asked, on the card asked:
the detailed estimate at the settings the user gave (or implied) decides it."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from bot.answer import build_answer
from bot.pipeline import Pipeline
from bot.understand import understand
from rules.catalogue import load_catalogue

CAT = load_catalogue()
PIPE = Pipeline(CAT)


# --- the samples' average length is the run's sequence length (unpacked, batch 1) -----------

@pytest.mark.parametrize(("text", "avg"), [
    ("how long to finetune gemma 2 9b on a T4, 5000 examples avg 300 tokens", 300),
    ("100k samples qlora llama 3 8b on an a100, avg 700 tokens", 700),
    ("20k examples averaging 1500 tokens llama 3 8b on a 4090", 1500),
    ("1 million samples llama 3 8b on an h100, samples are short, like 100 tokens", 100),
    ("cuánto tarda afinar gemma 2 9b en una T4, 5000 ejemplos de unos 300 tokens de media", 300),
])
def test_average_sample_length_is_read(text: str, avg: int) -> None:
    query = understand(text, CAT)
    assert query.sample_len_avg == avg
    assert query.seq_len is None  # the parse keeps it an average; the answer decides


def test_of_tokens_is_the_length_not_an_average() -> None:
    query = understand("5000 examples of 300 tokens, qlora gemma 2 9b on a t4", CAT)
    assert query.seq_len == 300 and query.sample_len_avg is None


def test_detailed_estimate_runs_at_the_average_and_says_how_long_a_sample_may_be() -> None:
    query = understand("how long to finetune gemma 2 9b on a T4, 5000 examples avg 300 tokens",
                       CAT)
    answer = build_answer(query, CAT)
    assert answer.detailed is not None and answer.detailed.seq_len == 300
    assert answer.detailed.check is not None and answer.detailed.check.detailed_fits
    assert answer.sample_room is not None and answer.sample_room.tokens > 300
    # Timed on the card asked (it fits there), not on the fastest offered one.
    t = answer.detailed.training_time
    assert t is not None and t.gpu == "t4" and t.asked


def test_packed_samples_keep_the_packing_length() -> None:
    query = understand("qlora gemma 2 9b on a t4, packed, 5000 examples avg 300 tokens", CAT)
    assert query.packed
    answer = build_answer(query, CAT)
    assert answer.detailed is not None and answer.detailed.seq_len != 300
    assert answer.sample_room is None


def test_time_on_the_t4_leads_not_a_b200() -> None:
    text = PIPE.ask("how long to finetune gemma 2 9b on a T4, 5000 examples avg 300 tokens").text
    first = text.splitlines()[0]
    assert "1× T4" in first and "B200" not in text
    assert "At your average of 300 tokens a sample" in text
    assert "up to about 1,812 tokens fit there" in text


def test_average_too_long_for_the_card_is_a_no_at_that_average() -> None:
    reply = PIPE.ask("qlora llama 3 8b on my 4060 ti, 20k examples averaging 1500 tokens")
    assert reply.text.startswith("❌")
    assert "At your average of 1,500 tokens a sample" in reply.text
    assert "truncate longer ones" not in reply.text
    assert D(str(reply.answer.detailed.per_gpu_gb)) > D(8)  # type: ignore[union-attr]
