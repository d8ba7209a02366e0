"""Follow-ups that change one thing of the run just answered. A length alone ("and with 32k?",
"what about 16k", "¿y con 32k?", "et avec 32k ?"): the same run at that length, 32k being 32,768
tokens (was "I did not understand"), not after a run timed on a dataset, where "and 50k?" may
count samples. A time said after a run timed ("is a day enough?", "is a week enough?"): the
deadline (was the day's cost on the card). A cost asked after a run timed on a card we do not
rent ("and how much would that cost on your gpus?", then "and for 2 epochs?"): the run where we
rent it for least (was our page's illustrative 10 hours). A card said as a setup line ("my setup:
2x 3090, 64gb ram") is the card owned."""

from __future__ import annotations

import pytest

from tests.support.chat import converse

LENGTHS: list[tuple[str, str, int, str]] = [
    # BF16 at 32k: 21.7 GB of vLLM's 22.2 GB (its 2,048-token prefill step on an L4)
    ("serve llama 3.1 8b with vllm on an L4 max_model_len 8192", "and with 32k?", 32768,
     "✅ <b>Yes: Llama 3.1 8B fits on 1× L4 (BF16 inference).</b>"),
    ("serve llama 3.1 8b with vllm on an L4 max_model_len 8192", "what about 16k", 16384,
     "With 16,384 tokens of context"),
    ("qlora llama 3 8b on a 4090 seq 4096", "and 8k?", 8192,
     "❌ <b>No: Llama 3 8B does not fit on 1× RTX 4090 (QLoRA).</b>"),
    ("qlora llama 3 8b on a 4090", "and with 32k?", 32768, "❌ <b>No: Llama 3 8B does not fit"),
    ("can i run llama 3 70b q4 on my m2 max 96gb", "and 128k?", 131072,
     "❌ <b>No: Llama 3 70B does not fit on 1× Apple M2 Max"),
    ("cuanto ocupa llama 3 8b en fp16 con 8k de contexto en una 4090", "¿y con 32k?", 32768,
     "Con 32.768 tokens de contexto"),
    ("llama 3 8b fp16 sur une 4090 avec 8k de contexte", "et avec 32k ?", 32768,
     "Avec 32\u202f768 tokens de contexte"),
    # 2 at 16k (was 1): no engine named, sized as vLLM serves them (vllm38)
    ("how many users can i serve llama 3 8b on an L4 at 4k", "and at 16k?", 16384,
     "👥 <b>At most about 2 sequences at once"),
]


@pytest.mark.parametrize(("first", "then", "tokens", "has"), LENGTHS)
def test_a_length_alone_is_the_last_runs_at_that_length(
        first: str, then: str, tokens: int, has: str) -> None:
    before, after = converse(first, then)
    assert after.answer.intent != "unknown", after.text
    assert after.query.model_id == before.query.model_id and after.query.gpu == before.query.gpu
    assert after.query.seq_len == tokens, after.text
    assert has.replace("\u202f", " ").replace("\u00a0", " ") in \
        after.text.replace("\u202f", " ").replace("\u00a0", " "), after.text


def test_a_count_alone_after_a_run_on_samples_is_not_a_length() -> None:
    _, after = converse("how long to qlora llama 3 8b on my 3090 with 20k samples of 512 tokens",
                        "and 50k?")
    assert after.query.seq_len != 51200, after.text


DEADLINES: list[tuple[tuple[str, ...], str]] = [
    (("i have a 4090", "how long to qlora mistral 7b on 100k samples of 512 tokens?",
      "and three epochs?", "is a day enough?"),
     "❌ <b>No: by this estimate it takes longer than 24 hours.</b>"),
    (("how long to qlora llama 3 8b on my 3090 for 30k samples of 512 tokens", "is a night enough?"),
     "✅ <b>Yes: by this estimate it finishes overnight.</b> A night is"),
    (("how long to qlora llama 3 8b on my 3090 for 20k samples", "is a week enough?"),
     "✅ <b>Yes: by this estimate it finishes within 168 hours, even at 2,048 tokens a sample.</b>"),
]


@pytest.mark.parametrize(("turns", "lead"), DEADLINES)
def test_a_time_said_after_a_run_timed_is_its_deadline(turns: tuple[str, ...], lead: str) -> None:
    last = converse(*turns)[-1]
    assert last.answer.intent == "time" and last.query.deadline_asked, last.text
    assert lead in last.text, last.text
    assert "We rent the RTX 4090, but its price" not in last.text


def test_a_cost_after_a_run_timed_on_a_card_not_rented_is_where_we_rent_it() -> None:
    _, cost, epochs = converse("how long to qlora llama 3 8b on my l4 for 100M tokens",
                               "and how much would that cost on your gpus?", "and for 2 epochs?")
    assert cost.answer.intent == "cost", cost.text
    assert "💵 <b>About $6.67 to fine-tune Llama 3 8B on 100 million tokens</b>" in cost.text
    assert "illustrative" not in cost.text, cost.text
    assert "💵 <b>About $13.36 to fine-tune Llama 3 8B on 100 million tokens × 2 epochs</b>" \
        in epochs.text, epochs.text


# The card said as a setup or a spec line ("my setup: 2x 3090, 64gb ram", "rig: 2x 3090",
# "my gpu: rtx 3060 12gb", "currently using a 4060 ti 16gb"): noted as owned, and the next question
# naming no card is on it (was the card's price, "we don't rent the RTX 3090", and the next
# question on no card).
SETUPS: list[tuple[str, str, int]] = [
    ("my setup: 2x 3090, 64gb ram", "rtx-3090", 2),
    ("my rig is 2x3090 + 128gb ram", "rtx-3090", 2),
    ("setup: 4090, 64gb ddr5", "rtx-4090", 1),
    ("rig: 2x 3090", "rtx-3090", 2),
    ("my gpus: 2x a6000", "rtx-a6000", 2),
    ("currently using a 4060 ti 16gb", "rtx-4060-ti-16gb", 1),
    ("my gpu: rtx 3060 12gb", "rtx-3060", 1),
]


@pytest.mark.parametrize(("said", "gpu", "count"), SETUPS)
def test_a_setup_line_notes_the_card_owned(said: str, gpu: str, count: int) -> None:
    noted, asked = converse(said, "can i qlora llama 3 8b?")
    assert noted.answer.card_noted, noted.text
    assert "no price to quote" not in noted.text
    assert asked.query.gpu == gpu and (asked.query.gpu_count or 1) == count, asked.text
    assert asked.answer.intent == "fit", asked.text
