"""Questions about running a model as people post them (serve42): the KV cache asked with its
name cut short, a CPU-only machine said with the word after ("cpu seulement")."""

from __future__ import annotations

import pytest

from tests.support.chat import ask_json


def flat(text: object) -> str:
    """The reply with Babel's no-break spaces (es, fr: "8,6 GB", "8,6 Go") as plain ones."""
    return str(text).replace("\u00a0", " ").replace("\u202f", " ")


# "how much kv" with "cache" left out was a price question: "Serving has no typical duration:
# tell me for how many hours".
KV_SHORT = [
    ("running qwq 32b q4 with 32k ctx on 24gb, how much kv", None,
     "🗃 <b>The KV cache of QwQ 32B"),
    ("qwq 32b q4 con 32k ctx en 24gb, cuanto kv", "es", "🗃 <b>La caché KV de QwQ 32B"),
    ("qwq 32b q4 avec 32k ctx sur 24 go, combien de kv", "fr", "🗃 <b>Le cache KV de QwQ 32B"),
]


@pytest.mark.parametrize(("question", "lang", "head"), KV_SHORT)
def test_how_much_kv_is_the_cache_size(question: str, lang: str | None, head: str) -> None:
    got = ask_json(question, lang)
    assert got["error"] is None, got["text"]
    assert got["hours"] is None
    assert flat(got["text"]).startswith(head), got["text"]
    assert "8,6 GB" in flat(got["text"]) or "8.6 GB" in got["text"] or "8,6 Go" in flat(got["text"])


# "cpu seulement" / "cpu solamente" with the word after the CPU: was led by an L40S's tokens/s
# (the GPU comparison now follows the RAM's verdict, "Sur un GPU, en revanche").
CPU_AFTER = [
    ("cpu seulement, 64 go de ram, llama 8b quelle vitesse", "fr", "🖥 <b>Sans GPU"),
    ("cpu uniquement, 64 go de ram, llama 8b quelle vitesse", "fr", "🖥 <b>Sans GPU"),
    ("cpu solamente, 64gb de ram, llama 8b que velocidad", "es", "🖥 <b>Sin GPU"),
]


@pytest.mark.parametrize(("question", "lang", "head"), CPU_AFTER)
def test_cpu_only_said_after(question: str, lang: str, head: str) -> None:
    got = ask_json(question, lang)
    assert got["gpu"] is None, got["text"]
    assert flat(got["text"]).startswith(head), got["text"]


# What a quantized KV cache saves, no model named: was a price ("Which GPU and for how long?").
KV_SAVING_NO_MODEL = [
    ("kv cache q8 how much does it save", None),
    ("-ctk q8_0 -ctv q8_0 how much does it save", None),
    ("kv cache fp8 with vllm, how much do i save", None),
    ("cache kv en q8, cuanto ahorro?", "es"),
    ("cache kv en q8, combien j'economise ?", "fr"),
]


@pytest.mark.parametrize(("question", "lang"), KV_SAVING_NO_MODEL)
def test_kv_saving_without_a_model_asks_the_model(question: str, lang: str | None) -> None:
    got = ask_json(question, lang)
    assert got["intent"] == "memory", got["text"]
    assert got["error"] == "missing_model_size", got["text"]


# A Mac named by a memory one Apple chip only is made with (rules/data/gpus_owned.toml's
# memory_options_gb): that chip, its bandwidth giving the speed (was "We have no cited memory
# bandwidth for the Apple silicon Mac").
MAC_BY_MEMORY = [
    ("deepseek r1 671b on my 512gb mac studio tok/s", None, "apple-m3-ultra"),
    ("deepseek r1 671b en mac studio de 512gb cuantos tok/s", "es", "apple-m3-ultra"),
    ("deepseek r1 671b sur mon mac studio 512 go, combien de tok/s", "fr", "apple-m3-ultra"),
    ("llama 3 70b on a 192gb mac tok/s", None, "apple-m2-ultra"),
    # 128 GB: an M1 Ultra, M2 Ultra, M3 Max, M4 Max…: no one chip, the generic Mac stays
    ("llama 3 70b on a 128gb mac tok/s", None, "apple-silicon"),
]


@pytest.mark.parametrize(("question", "lang", "gpu"), MAC_BY_MEMORY)
def test_mac_chip_by_its_memory(question: str, lang: str | None, gpu: str) -> None:
    got = ask_json(question, lang)
    assert got["gpu"] == gpu, got["text"]
    if gpu != "apple-silicon":
        assert "no cited memory bandwidth" not in got["text"]
        assert flat(got["text"]).startswith("⚡ <b>"), got["text"]


# "how much kv can i fit", "cache" left out: the room for the cache, the longest context served
# (was a price: "We rent the RTX 4090, but its price is not published").
KV_ROOM = [
    ("how much kv can i fit for llama 3 8b on a 4090", "llama-3-8b"),
    ("how much kv is left for llama 3.1 8b on a 4090", "llama-3.1-8b"),
]


@pytest.mark.parametrize(("question", "model"), KV_ROOM)
def test_how_much_kv_can_i_fit_is_the_context(question: str, model: str) -> None:
    got = ask_json(question)
    assert (got["intent"], got["model"], got["method"]) == ("fit", model, "inference_bf16"), \
        got["text"]
    assert got["text"].startswith("📏 <b>"), got["text"]
