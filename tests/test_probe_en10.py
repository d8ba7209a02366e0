"""Questions as new users write them (probe-en10): a setting changed in a follow-up with a verb
("what if i drop batch to 1", "bajo el batch a 1", "je baisse le batch à 1") was "I did not
understand that"."""

from __future__ import annotations

import pytest

from tests.support.chat import converse

RUN = "lora mistral 7b on my 4090, seq 4096 batch 2"


@pytest.mark.parametrize(("said", "seq", "batch", "rank"), [
    ("what if i drop batch to 1", 4096, 1, None),
    ("drop the batch size to 1", 4096, 1, None),
    ("set batch to 1 then", 4096, 1, None),
    ("what if i reduce batch from 2 to 1", 4096, 1, None),
    ("lower seq len to 2048", 2048, 2, None),
    ("and if i cut the seq length to 2048?", 2048, 2, None),
    ("seq len from 4096 to 1024?", 1024, 2, None),
    ("bump rank to 128", 4096, 2, 128),
])
def test_a_setting_changed_to_a_value_continues_the_run(
    said: str, seq: int, batch: int, rank: int | None
) -> None:
    first, changed = converse(RUN, said)
    q = changed.query
    assert q.follow_up and q.model_id == "mistral-7b" and q.gpu == "rtx-4090", changed.text
    assert (q.seq_len, q.batch_size, q.lora_rank) == (seq, batch, rank), changed.text
    assert "did not understand" not in changed.text
    assert changed.text != first.text


@pytest.mark.parametrize(("run", "said", "locale", "batch", "rank"), [
    ("lora de mistral 7b en mi 4090, seq 4096 batch 2", "y si bajo el batch a 1?", "es", 1, None),
    ("lora de mistral 7b en mi 4090, seq 4096 batch 2", "y si bajo el batch de 2 a 1", "es", 1,
     None),
    ("lora de mistral 7b en mi 4090, seq 4096 batch 2", "y si subo el rango a 64", "es", 2, 64),
    ("lora de mistral 7b sur ma 4090, seq 4096 batch 2", "et si je baisse le batch à 1 ?", "fr",
     1, None),
    ("lora de mistral 7b sur ma 4090, seq 4096 batch 2", "et si je passe le rang à 64", "fr", 2,
     64),
])
def test_a_setting_changed_in_spanish_and_french(
    run: str, said: str, locale: str, batch: int, rank: int | None
) -> None:
    _, changed = converse(run, said, locale=locale)
    q = changed.query
    assert q.follow_up and q.model_id == "mistral-7b", changed.text
    assert (q.batch_size, q.lora_rank) == (batch, rank), changed.text


def test_a_changed_batch_is_estimated_again() -> None:
    """The batch set to 1 is the detailed estimate's (25.6 GB at batch 2, 21 GB at batch 1)."""
    first, changed = converse(RUN, "what if i drop batch to 1")
    assert "about 25.6 GB per GPU" in first.text
    assert "about 21 GB per GPU" in changed.text, changed.text
