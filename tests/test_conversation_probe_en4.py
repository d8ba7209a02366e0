"""Chats as the held-out threads run them (probe-en4): "how fast would it run?" after a model
served is its decode speed, not the fit again; a model we do not know is said unknown and the
size said next completes the run; a setting changed or a model switched keeps the rest."""

from __future__ import annotations

import pytest

from tests.support.chat import converse


@pytest.mark.parametrize("served", [
    "vllm llama 3.1 70b awq on 2x 4090",
    "llama 3.1 8b q4 with ollama on my 3060",
])
@pytest.mark.parametrize("asked", ["how fast would it run?", "how fast would it go?"])
def test_how_fast_would_it_run_after_a_model_served_is_its_speed(served: str, asked: str) -> None:
    _, fast = converse(served, asked)
    assert fast.query.follow_up and fast.query.speed_asked, fast.text
    assert "At most about" in fast.text and "tokens/s" in fast.text, fast.text
    assert "Yes:" not in fast.text.split("\n")[1], fast.text


def test_how_fast_would_it_run_after_every_method_is_serving() -> None:
    _, fast = converse("how much vram for llama 3 8b", "how fast would it run on a 3090?")
    assert fast.query.speed_asked and fast.query.inference, fast.text
    assert "training tokens/s" not in fast.text, fast.text


def test_how_fast_after_a_training_run_stays_its_training_speed() -> None:
    _, fast = converse("qlora llama 3 8b on a 4090", "how fast would it run?")
    assert fast.query.train_speed_asked, fast.text


def test_an_unknown_model_is_said_so_and_its_size_completes_the_run() -> None:
    unknown, sized = converse("can i run foobar 9 on 8x h200", "it's 13b")
    assert unknown.answer.error == "unknown_model", unknown.text
    assert "I don't know the model “foobar 9”" in unknown.text
    assert "Got it" not in unknown.text
    q = sized.query
    assert q.params_b == 13 and q.gpu == "h200" and q.gpu_count == 8 and q.inference, sized.text


def test_an_unknown_model_to_train_keeps_its_method() -> None:
    _, sized = converse("qlora blorp-7 on my 3090", "it's a 7b")
    assert sized.query.method == "qlora" and sized.query.gpu == "rtx-3090", sized.text
    assert sized.answer.fits is True, sized.text


@pytest.mark.parametrize("switch", ["switch to qwen2.5 14b", "swap to qwen2.5 14b",
                                    "now with qwen2.5 14b"])
def test_a_model_switched_keeps_the_run(switch: str) -> None:
    _, switched = converse("full finetune llama 3 8b on 8x h100", switch)
    q = switched.query
    assert q.model_id == "qwen2.5-14b" and q.method == "full_adamw", switched.text
    assert q.gpu == "h100" and q.gpu_count == 8, switched.text


def test_a_merge_after_a_run_is_that_model_merged() -> None:
    _, merged = converse("qlora llama 3 70b on an h100", "how much ram to merge the lora after?")
    assert merged.answer.merge is not None, merged.text
    assert merged.text.startswith("↪️") and "🧩 <b>About 140 GB of RAM" in merged.text
