""""Do i need to accept a license for llama 3 8b", "is mistral 7b gated?": whether the weights
are gated on Hugging Face leads, with the licence id on file (models.toml) — was the memory
answer, the gating note at its foot or (not gated) nowhere."""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue

CAT = load_catalogue()


def _text(question: str, locale: str | None = None) -> str:
    return str(to_json(Pipeline(CAT).ask(question, chosen_locale=locale))["text"])


@pytest.mark.parametrize(("question", "locale", "starts"), [
    ("do i need to accept a license for llama 3 8b", None,
     "🔒 <b>The Llama repositories on Hugging Face are gated: accept Meta's license on the "
     "model page first.</b> License: <code>llama3</code>."),
    ("is mistral 7b gated on huggingface?", None,
     "🔓 <b>Mistral 7B's repository on Hugging Face is not gated"),
    ("do i need to accept a license for gemma 2 9b", None,
     "🔒 <b>The Gemma repositories on Hugging Face are gated"),
    ("necesito aceptar una licencia para llama 3 8b?", "es",
     "🔒 <b>Los repositorios de Llama en Hugging Face están restringidos"),
    ("faut-il accepter une licence pour mistral 7b ?", "fr",
     "🔓 <b>Le dépôt de Mistral 7B sur Hugging Face n'est pas restreint\u00a0:"),
])
def test_gating_leads(question: str, locale: str | None, starts: str) -> None:
    assert _text(question, locale).startswith(starts)


def test_gating_said_once() -> None:
    """Led, the gating note is not repeated at the foot of the memory answer."""
    text = _text("do i need to accept a license for llama 3 8b")
    assert text.count("accept Meta's license") == 1


def test_gating_not_led_unasked() -> None:
    text = _text("can my 3090 qlora llama 3 8b?")
    assert not text.startswith("🔒") and "accept Meta's license" in text
