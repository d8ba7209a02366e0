"""Questions as new users write them (probe13): a model's version said in words ("llama three 8b",
"qwen two point five 7b", "llama tres 8b", "llama trois 8b") left the model unknown ("an 8B
model", its vocabulary unknown) and "llama three seventy b" was read as a 73B model."""

from __future__ import annotations

import pytest

from tests.support.chat import ask_json

# --- a model's version said in words -------------------------------------------------------------


@pytest.mark.parametrize(("text", "locale", "model"), [
    ("lora llama three 8b on a 4090?", None, "llama-3-8b"),
    ("llama three point one seventy b qlora on h100?", None, "llama-3.1-70b"),
    ("llama three seventy b qlora", None, "llama-3-70b"),
    ("qwen two point five 7b lora on a 4090", None, "qwen2.5-7b"),
    ("gemma three twenty seven b on a 5090", None, "gemma-3-27b"),
    ("lora llama tres 8b en una 4090?", "es", "llama-3-8b"),
    ("llama tres punto uno 8b en una 3090?", "es", "llama-3.1-8b"),
    ("lora llama trois 8b sur une 4090 ?", "fr", "llama-3-8b"),
    ("llama trois virgule un 70b en qlora ?", "fr", "llama-3.1-70b"),
])
def test_version_in_words_names_the_model(text: str, locale: str | None, model: str) -> None:
    got = ask_json(text, locale)
    assert got["model"] == model, got["text"]


def test_only_catalogued_versions_are_read() -> None:
    """"gemma twenty seven b" is a size, not Gemma 20 (no such version): it stays 27B."""
    got = ask_json("gemma twenty seven b on a 3090")
    assert got["params_b"] == 27, got["text"]
