"""Lead fixes of session 32: questions as people write them that fell through."""

from __future__ import annotations

import pytest

from tests.support.chat import ask

IMAGE_MODEL_AFTER_A_VERB = [
    # "running flux": FLUX after a verb in -ing (was "❓ Which model?" with LLM examples)
    ("whats the cheapest gpu for running flux", "en"),
    ("best gpu for hosting flux?", "en"),
    ("gpu recommendation for using flux on a budget", "en"),
    ("que gpu necesito para usar flux", "es"),
    ("quelle carte pour utiliser flux en local", "fr"),
]


@pytest.mark.parametrize(("text", "lang"), IMAGE_MODEL_AFTER_A_VERB)
def test_flux_after_a_verb_is_the_image_model(text: str, lang: str) -> None:
    answer = ask(text)
    assert answer.text.startswith("🚫 <b>FLUX.1"), answer.text
    assert answer.query.lang == lang


THE_WHOLE_MODEL = [
    # "full" after the model, or before what it qualifies, with nothing that trains: the whole
    # model (was full AdamW: "12,087.1 GB per GPU" of mixed-precision training)
    ("how much vram do i need for deepseek r1 full", "memory"),
    ("vram for the full deepseek r1", "memory"),
    ("deepseek r1 full model requirements", "memory"),
    ("deepseek r1 full version on 8 h200?", "fit"),
    ("how many gpus for the full deepseek v3", "recommend"),
]


@pytest.mark.parametrize(("text", "intent"), THE_WHOLE_MODEL)
def test_full_model_is_not_full_fine_tuning(text: str, intent: str) -> None:
    answer = ask(text)
    assert answer.query.intent == intent
    assert answer.query.method == "inference_bf16", answer.query.method
    assert "is published with FP8 weights" in answer.text


STILL_FULL_FINE_TUNING = [
    "llama 3 8b full on a 4090",
    "full model finetuning of llama 3 8b on an a100",
    "deepseek r1 distill qwen 7b full finetune on an h100",
    "H100 x8 full 70B",
    "ocho H200 para full de 70B",
    "8 h100 for full 70b",
]


@pytest.mark.parametrize("text", STILL_FULL_FINE_TUNING)
def test_full_with_training_is_still_the_method(text: str) -> None:
    assert ask(text).query.method == "full_adamw"
