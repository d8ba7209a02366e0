"""Questions from the fresh English probe that were answered wrongly, each with what it must do
now (and its Spanish and French wordings where the fix reads or says something new)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.pipeline import Pipeline
from bot.understand import understand
from rules.catalogue import load_catalogue

CAT = load_catalogue()


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline(CAT)


# --- a size in GiB is binary: 23.65 GiB = 23.65 × 2^30 bytes = 25.39 GB ----------------------

_OOM = ("cuda oom: tried to allocate 2.00 GiB; total capacity of 23.65 GiB of which 1.2 GiB "
        "free. llama 3 8b lora bs 8 seq 2048")


@pytest.mark.parametrize("text", [
    _OOM,
    "my gpu has 23.65gib, can i lora llama 3 8b",
    "mi gpu tiene 23,65 GiB, ¿puedo hacer lora a llama 3 8b?",
    "ma carte a 23,65 Gio, est-ce que llama 3 8b en qlora passe ?",
])
def test_gib_is_read_as_binary(text: str) -> None:
    assert understand(text, catalogue=CAT).vram_gb == Decimal("23.65") * 2**30 / 10**9


def test_gb_stays_decimal() -> None:
    assert understand("my gpu has 23.65gb, can i lora llama 3 8b",
                      catalogue=CAT).vram_gb == Decimal("23.65")


@pytest.mark.parametrize(("lang", "shown"), [
    ("en", "25.39 GB (23.65 GiB)"),
    ("es", "25,39\xa0GB (23,65\xa0GiB)"),
    ("fr", "25,39\u202fGo (23,65\u202fGio)"),
])
def test_gib_size_shown_in_gb_and_gib(pipeline: Pipeline, lang: str, shown: str) -> None:
    reply = pipeline.ask(_OOM, chosen_locale=lang)
    assert shown in reply.text
    assert "GPU of 23.65" not in reply.text


# --- vLLM accepts --gpu-memory-utilization only in (0, 1]: say so, never use another value -----

@pytest.mark.parametrize(("text", "lang", "said"), [
    ("vllm llama 3 8b --gpu-memory-utilization 1.5 on a 4090 max context", "en",
     "too large for vLLM's --gpu-memory-utilization: at most 1."),
    ("vllm llama 3 8b gpu memory utilization 150% on a 4090, max context?", "en",
     "too large for vLLM's --gpu-memory-utilization"),
    ("vllm llama 3 8b --gpu-memory-utilization -0.9 on a 4090 max context", "en",
     "too small for vLLM's --gpu-memory-utilization: it must be more than 0."),
    ("vllm llama 3 8b --gpu-memory-utilization 1.5 en una 4090, ¿contexto máximo?", "es",
     "demasiado grande para el --gpu-memory-utilization de vLLM"),
    ("vllm llama 3 8b --gpu-memory-utilization 1,5 sur une 4090, contexte max ?", "fr",
     "trop grand pour le --gpu-memory-utilization de vLLM"),
])
def test_utilization_outside_vllm_range_is_refused(
    pipeline: Pipeline, text: str, lang: str, said: str
) -> None:
    reply = pipeline.ask(text)
    assert reply.locale == lang
    assert reply.answer.error == "number_out_of_range"
    assert said in reply.text


def test_utilization_in_range_is_used(pipeline: Pipeline) -> None:
    query = understand("vllm llama 3 8b --gpu-memory-utilization 0.95 on a 4090 max context",
                       catalogue=CAT)
    assert query.gpu_memory_utilization == Decimal("0.95")


# --- a negative setting is refused, and nothing else in the question is dropped ----------------

@pytest.mark.parametrize(("text", "lang", "said"), [
    ("qlora llama 3 8b on a 4090 seq -2048", "en",
     "too small for the sequence length: at least 1."),
    ("qlora llama 3 8b on a 4090 seq=-2048", "en", "too small for the sequence length"),
    ("qlora llama 3 8b on a 4090 bs -8", "en", "too small for the batch size: at least 1."),
    ("qlora llama 3 8b en una 4090 con secuencia de -2048", "es",
     "demasiado pequeño para la longitud de secuencia"),
    ("qlora llama 3 8b sur une 4090, séquence -2048", "fr",
     "trop petit pour la longueur de séquence"),
])
def test_negative_setting_is_refused(pipeline: Pipeline, text: str, lang: str, said: str) -> None:
    reply = pipeline.ask(text)
    assert reply.locale == lang
    assert reply.answer.error == "number_out_of_range"
    assert said in reply.text
    assert understand(text, catalogue=CAT).gpu == "rtx-4090"  # the card is still read


def test_hyphen_joined_setting_unchanged() -> None:
    assert understand("qlora llama 3 8b on a 4090 bs-8", catalogue=CAT).batch_size is None
