"""Local GGUF runners (Ollama, llama.cpp, LM Studio…): which runner a question names, and the
GGUF type it is answered for when it names none (rules/data/quant_types.toml's runners)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.understand import understand
from rules.catalogue import DataError, load_catalogue, validate_catalogue


@pytest.mark.parametrize(("text", "runner"), [
    ("can i run llama 3 70b with ollama on my 3090", "ollama"),
    ("llama.cpp mixtral 8x7b on a 4090", "llama-cpp"),
    ("llama-server with qwen 32b on a 3090", "llama-cpp"),
    ("LMStudio qwen 32b on 16gb vram", "lm-studio"),
    ("lm studio qwen 32b on 16gb vram", "lm-studio"),
    ("koboldcpp mistral 7b on a 3060", "koboldcpp"),
    ("oobabooga llama 3 8b on a 3060", "text-generation-webui"),
    ("gpt4all llama 3 8b on a 1660", "gpt4all"),
])
def test_the_runner_named_is_read_and_its_default_type_assumed(text: str, runner: str) -> None:
    query = understand(text, catalogue=load_catalogue())
    assert query.inference
    assert query.runner == runner
    assert query.runner_type_assumed
    assert query.method == "gguf_q4_k_m"
    assert query.quant == "Q4_K_M"


@pytest.mark.parametrize(("text", "method"), [
    ("ollama llama 3 70b q5_k_m on 2x 3090", "gguf_q5_k_m"),  # the type named wins
    ("ollama llama 3 8b q8 on a 3090", "gguf_q8_0"),  # a bare size: llama-quantize's reading
    ("ollama llama 3 8b fp16 on a 3090", "inference_bf16"),  # 16-bit weights stay 16-bit
])
def test_a_type_or_precision_named_beside_the_runner_is_not_assumed(text: str, method: str) -> None:
    query = understand(text, catalogue=load_catalogue())
    assert query.method == method
    assert not query.runner_type_assumed


def test_no_runner_no_assumption() -> None:
    """"jan" is January too: not read as the Jan app; a question naming no runner is as before."""
    for text in ("can i run llama 3 70b on my 3090", "run llama 3 8b on a 3090 in jan 2027"):
        query = understand(text, catalogue=load_catalogue())
        assert query.runner is None and not query.runner_type_assumed
        assert query.method == "inference_bf16"


def test_a_runner_defaulting_to_an_unknown_type_is_refused() -> None:
    cat = load_catalogue()
    bad = cat.local_runners[0].model_copy(update={"default_type": "Q9_K"})
    with pytest.raises(DataError, match="defaults to unknown type"):
        validate_catalogue(replace(cat, local_runners=(bad,)))


def test_every_runner_cites_its_source() -> None:
    for runner in load_catalogue().local_runners:
        assert runner.source and runner.verified
        assert load_catalogue().quant_method(runner.default_type) is not None
