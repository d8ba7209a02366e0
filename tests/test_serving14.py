"""Serving memory as vLLM, llama.cpp and Ollama users ask it (serving14)."""

from __future__ import annotations

import pytest

from tests.support.chat import ask_json

# --- the runtime's context named for the card's vendor ---------------------------------------------


@pytest.mark.parametrize(("text", "locale", "said"), [
    ("llama 3 70b inference on mi300x, detailed memory", None,
     "• ROCm/HIP context and kernels: 1.3 GB"),
    ("llama 3 8b fp16 on a 7900 xtx at 8k ctx", None, "• ROCm/HIP context and kernels: 1.3 GB"),
    ("llama 3 8b q4 gguf on a mac m2 ultra, 8k context", None,
     "• Metal context and kernels: 0.5 GB"),
    ("llama 3 8b fp16 en una 7900 xtx con 8k de contexto", "es",
     "• Contexto ROCm/HIP y kernels: 1,3\u00a0GB"),
    ("llama 3 8b q4 gguf sur un mac m2 ultra, contexte 8k", "fr",
     "• Contexte Metal et noyaux\u00a0: 0,5\u202fGo"),
])
def test_the_runtime_is_the_cards_vendors(text: str, locale: str | None, said: str) -> None:
    """AMD's cards run ROCm (HIP), a Mac Metal: the breakdown said "CUDA context" of both."""
    got = ask_json(text, locale)
    assert said in got["text"], got["text"]
    assert "CUDA context" not in got["text"] and "contexte CUDA" not in got["text"]


def test_an_nvidia_card_keeps_cuda() -> None:
    got = ask_json("llama 3 8b fp16 on a 4090 at 8k ctx")
    assert "• CUDA context and kernels: 1.3 GB" in got["text"], got["text"]


@pytest.mark.parametrize(("text", "locale", "said"), [
    ("how many users llama 3 70b on mi300x at 8k", None, "activations and the ROCm/HIP context"),
    ("combien d'utilisateurs llama 3 70b sur mi300x à 8k", "fr",
     "activations et contexte ROCm/HIP"),
    ("how many users llama 3 70b on an h200 at 8k", None, "activations and the CUDA context"),
])
def test_the_concurrency_line_names_the_runtime(text: str, locale: str | None, said: str) -> None:
    got = ask_json(text, locale)
    assert said in got["text"], got["text"]
