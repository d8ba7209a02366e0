"""serve19 (session 31): running models — the engine people use now, batch processing over a
corpus, serving verdicts that do not contradict themselves, instruction-tuned names, image
models."""

from __future__ import annotations

import pytest

from bot.understand.parse import understand
from tests.support.chat import CATALOGUE, ask

# "switched from X to Y": Y is the engine they use now (was Ollama's GGUF Q4_K_M for
# "i switched from ollama to vllm and llama 3 8b OOMs on my 4090"); the one left is not compared.
SWITCHED = [
    ("i switched from ollama to vllm and llama 3 8b OOMs on my 4090", "vllm", None),
    ("moved to vllm from ollama, llama 3 8b oom on my 4090", "vllm", None),
    ("migrated from ollama to vLLM, now llama 3 8b runs out of memory on a 4090", "vllm", None),
    ("ollama -> vllm, llama 3 8b OOM on 4090", "vllm", None),
    ("using vllm instead of ollama, llama 3 8b oom on my 4090", "vllm", None),
    ("pasé de ollama a vllm y llama 3 8b da OOM en mi 4090", "vllm", None),
    ("cambié de ollama a vllm y ahora llama 3 8b me da oom en la 4090", "vllm", None),
    ("je suis passé d'ollama à vllm et llama 3 8b fait un OOM sur ma 4090", "vllm", None),
    ("j'ai migré de ollama vers vllm, llama 3 8b plante en OOM sur ma 4090", "vllm", None),
    # the other way: the runner they went to
    ("i moved from vllm to ollama and qwen2.5 7b is slow on my 3060, how many tokens/s",
     None, "ollama"),
    ("switched to llama.cpp from lm studio, mistral 7b on 8gb?", None, "llama-cpp"),
]


@pytest.mark.parametrize(("q", "engine", "runner"), SWITCHED)
def test_the_engine_used_now(q: str, engine: str | None, runner: str | None) -> None:
    query = understand(q, CATALOGUE)
    assert (query.engine, query.runner) == (engine, runner)
    if engine == "vllm":
        assert query.method == "inference_bf16"
    reply = ask(q).text
    assert "⚖️" not in reply and "vLLM or Ollama" not in reply  # no engines compared
    if engine == "vllm":
        assert "GGUF" not in reply


# Two engines side by side, no switch: still compared.
@pytest.mark.parametrize("q", ["vllm vs ollama for llama 3 8b on a 4090",
                               "is vllm faster than ollama for llama 3 8b on a 4090"])
def test_engines_compared_still(q: str) -> None:
    assert "vLLM" in ask(q).text and "Ollama" in ask(q).text
    assert "⚡" in ask(q).text.split("\n")[0]
