"""Chats as people run them on their own cards (probe-en3): a card said with the subject left out
("got an m1 pro 16gb") is the card owned; "how fast?" after a run is its speed; "with a third
3090" after two is three of them; "how many users at 8k?" after the longest context is the
users at 8k, with the KV cache type said before kept."""

from __future__ import annotations

import pytest

from tests.support.chat import converse


@pytest.mark.parametrize(("said", "gpu"), [
    ("got an m1 pro 16gb", "apple-m1-pro"),
    ("just bought 2x 3090", "rtx-3090"),
])
def test_a_card_said_without_its_subject_is_the_card_owned(said: str, gpu: str) -> None:
    card, asked = converse(said, "llama 3.1 8b q8?")
    assert card.text.startswith("👍 <b>Got it:"), card.text
    assert asked.query.gpu == gpu, asked.text


def test_got_it_is_still_thanks() -> None:
    (reply,) = converse("got it, thanks")
    assert reply.answer.intent == "smalltalk", reply.text


def test_how_fast_after_a_model_served_is_its_decode_speed() -> None:
    *_, fast = converse("i have 2x 3090 with nvlink", "llama 3.3 70b awq fits?", "how fast?")
    assert fast.query.follow_up and fast.query.speed_asked, fast.text
    assert fast.query.gpu == "rtx-3090" and fast.query.gpu_count == 2
    assert "At most about 46 tokens/s" in fast.text, fast.text


def test_how_fast_after_a_training_run_is_its_training_speed() -> None:
    _, fast = converse("qlora llama 3 8b on a 4090", "how fast?")
    assert fast.query.train_speed_asked, fast.text
    assert "training tokens/s" in fast.text, fast.text


def test_a_third_card_after_two_is_three() -> None:
    *_, third = converse("i have 2x 3090 with nvlink", "llama 3.3 70b awq fits?",
                         "and with a third 3090?")
    assert third.query.gpu == "rtx-3090" and third.query.gpu_count == 3, third.text


def test_users_at_a_context_after_the_longest_context_keep_the_cache_type() -> None:
    *_, users = converse("vllm llama 3.1 8b on an l4, max context?", "and with fp8 kv cache?",
                         "how many users at 8k?")
    q = users.query
    assert q.concurrency_asked and not q.context_asked, users.text
    assert q.seq_len == 8192 and q.kv_cache_type == "fp8", users.text
    assert "sequences at once" in users.text and "Longest context" not in users.text
