""""Do i need to accept a license for llama 3 8b", "is mistral 7b gated?": whether the weights
are gated on Hugging Face leads, with the licence id on file (models.toml) — was the memory
answer, the gating note at its foot or (not gated) nowhere."""

from __future__ import annotations

import pytest

from tests.support.chat import ask


def _text(question: str, locale: str | None = None) -> str:
    return ask(question, locale).text


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


@pytest.mark.parametrize(("question", "locale", "starts"), [
    ("do i need to accept a license for gemma", None,
     "🔒 <b>The Gemma repositories on Hugging Face are gated"),
    ("do i need to accept a license for falcon", None,
     "🔒 Gated on Hugging Face (accept the license on the model page first): Falcon 180B. "
     "Not gated: Falcon3-1B, Falcon3-3B, Falcon 7B, and Falcon 40B."),
    ("do i need a license for qwen2.5", None,
     "🔓 <b>None of these models' repositories on Hugging Face is gated"),
    ("faut accepter une licence pour gemma ?", "fr", "🔒 <b>Les dépôts Gemma sur Hugging Face"),
])
def test_family_gating_leads(question: str, locale: str | None, starts: str) -> None:
    """A family named without a size ("for gemma"): its models on file answered together,
    then which size is asked (was "Which one: Gemma 3 1B, …" alone)."""
    text = _text(question, locale)
    assert text.startswith(starts), text
