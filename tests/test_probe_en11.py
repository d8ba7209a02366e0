"""Questions as new users write them (probe-en11): "full precision" beside a method ("lora
qwen2.5 3b full precision base") was read as full fine-tuning too, so two methods were named and
the reply was BF16 inference; one epoch's time or cost ("how much per epoch", "combien de temps
par époque") was answered with the hyper-parameter note."""

from __future__ import annotations

import pytest

from tests.support.chat import ask_json

# --- "full precision" is a number format, not full fine-tuning -----------------------------------


@pytest.mark.parametrize(("text", "locale", "method"), [
    ("a10g on aws (24gb), lora qwen2.5 3b full precision base, bs 8 seq 1024, ok?", None,
     "lora"),
    ("qlora llama 3 8b on a 3090, compute in full precision", None, "qlora"),
    ("lora mistral 7b with the base in full precision on a 4090", None, "lora"),
    ("run llama 3 8b in full precision on a 4090", None, "inference_bf16"),
    ("llama 3 8b full precision on a 4090", None, "inference_bf16"),
    # a full fine-tune said as such stays one
    ("full precision full finetune of llama 3.2 1b on an a100", None, "full_adamw"),
])
def test_full_precision_is_not_full_fine_tuning(
    text: str, locale: str | None, method: str
) -> None:
    got = ask_json(text, locale)
    assert got["method"] == method, got["text"]
    assert "full AdamW" not in str(got["text"]) or method == "full_adamw", got["text"]


def test_full_precision_beside_lora_is_the_fp32_base() -> None:
    """The base loaded in FP32 is the setting read: its weights twice the BF16 ones."""
    got = ask_json("a10g on aws (24gb), lora qwen2.5 3b full precision base, bs 8 seq 1024, ok?")
    text = str(got["text"])
    assert got["intent"] == "fit" and got["fits"] is False, text
    assert "(LoRA)" in text and "FP32 weights" in text, text


# --- one epoch's time or cost is the run's, not the hyper-parameter note --------------------------


@pytest.mark.parametrize(("text", "locale", "intent"), [
    ("how much does it cost per epoch to qlora llama 3 70b on 100M tokens", None, "cost"),
    ("how long per epoch for qlora llama 3 8b on 20M tokens on an a100", None, "time"),
    ("what does each epoch cost for lora qwen2.5 7b on 30M tokens on an a100", None, "cost"),
    ("combien de temps par époque pour un qlora de llama 3 8b sur 20M tokens sur une a100",
     "fr", "time"),
])
def test_one_epoch_is_the_run(text: str, locale: str | None, intent: str) -> None:
    got = ask_json(text, locale)
    assert got["intent"] == intent and got["hours"] is not None, got["text"]
    assert "hyper" not in str(got["text"]).lower(), got["text"]


@pytest.mark.parametrize(("text", "locale"), [
    ("how many epochs should i train llama 3 8b qlora", None),
    ("what learning rate and how many epochs for qlora mistral 7b", None),
    ("epochs for a 10k dataset?", None),
    ("combien d'époques pour un qlora ?", "fr"),
])
def test_epochs_asked_still_get_the_published_settings(text: str, locale: str | None) -> None:
    got = ask_json(text, locale)
    assert got["intent"] == "help" and str(got["text"]).startswith("🎛"), got["text"]
