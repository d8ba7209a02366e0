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


# Image models people run on their own cards: said to be outside what we size, in the message's
# language (was "❓ Which model? Tell me its size or name" for Flux, as if nothing was understood).
IMAGE_MODELS = [
    ("how much vram for flux", "🚫 <b>FLUX.1 is an image-generation model, not a large language "
     "model (LLM).</b>"),
    ("vram for flux?", "🚫 <b>FLUX.1 is an image-generation model"),
    ("can flux run on 8gb", "🚫 <b>FLUX.1 is an image-generation model"),
    ("flux on a 3060 12gb?", "🚫 <b>FLUX.1 is an image-generation model"),
    ("cuanta vram necesito para flux", "🚫 <b>FLUX.1 es un modelo de generación de imágenes"),
    ("combien de vram pour flux ?", "🚫 <b>FLUX.1 est un modèle de génération d'images"),
    ("can i run stable diffusion xl on 8gb", "🚫 <b>Stable Diffusion is an image-generation model"),
    ("hidream on 24gb?", "🚫 <b>HiDream-I1 is an image-generation model"),
    ("pixart sigma on 8gb", "🚫 <b>PixArt is an image-generation model"),
    ("kandinsky 3 vram", "🚫 <b>Kandinsky is an image-generation model"),
]


@pytest.mark.parametrize(("q", "starts"), IMAGE_MODELS)
def test_image_models_said_outside(q: str, starts: str) -> None:
    reply = ask(q).text
    assert reply.startswith(starts), reply
    assert "❓" not in reply


# French "flux" is a flow: not the image model there.
@pytest.mark.parametrize("q", ["le flux de données sur un h100", "quel flux de tokens pour "
                               "llama 3 8b sur une h100"])
def test_flux_the_french_word(q: str) -> None:
    assert understand(q, CATALOGUE).not_llm is None


# A chat-tuned checkpoint's suffix is part of its name ("it" after a size is Gemma's
# instruction-tuned suffix, not a pronoun): with no training word the checkpoint is run, as a
# pasted "google/gemma-3-27b-it" already is (was QLoRA's verdict for "gemma 3 27b it on a 5090").
INSTRUCT_SERVED = [
    ("gemma 3 27b it on a 5090", "gemma-3-27b",
     "✅ <b>On 1× RTX 5090, Gemma 3 27B fits: 8-bit inference and 4-bit inference.</b>"),
    ("gemma-3-27b-it on a 5090", "gemma-3-27b", "✅ <b>On 1× RTX 5090, Gemma 3 27B fits: 8-bit"),
    ("gemma3:27b-it on a 5090?", "gemma-3-27b", "✅ <b>On 1× RTX 5090, Gemma 3 27B fits: 8-bit"),
    ("llama 3 8b instruct on a 4090", "llama-3-8b",
     "✅ <b>On 1× RTX 4090, Llama 3 8B fits: BF16 inference"),
    ("Llama-3.1-8B-Instruct on a 4090", "llama-3.1-8b", "✅ <b>On 1× RTX 4090, Llama 3.1 8B fits: BF16"),
    ("gemma 3 27b it sur une 5090 ?", "gemma-3-27b",
     "✅ <b>Sur 1× RTX 5090, Gemma 3 27B tient avec inférence en 8 bits"),
]


@pytest.mark.parametrize(("q", "model", "starts"), INSTRUCT_SERVED)
def test_instruct_checkpoint_is_run(q: str, model: str, starts: str) -> None:
    r = ask(q)
    assert r.query.model_id == model and r.query.inference
    assert r.text.startswith(starts), r.text


# A training word, a method, or "it" as a pronoun: as before.
INSTRUCT_TRAINED = [
    ("can i fine tune gemma 3 27b it on a 5090", False),
    ("gemma 2 9b it lora on a 4090", False),
    ("will gemma 3 27b it fit on a 5090", True),  # the pronoun: the bare question's default
    ("gemma 3 27b on a 5090", True),  # no suffix: the bare question's default (training first)
    ("llama 3 8b instruct tuning on a 4090", False),
]


@pytest.mark.parametrize(("q", "unsaid"), INSTRUCT_TRAINED)
def test_instruct_trained_or_bare(q: str, unsaid: bool) -> None:
    query = understand(q, CATALOGUE)
    assert not query.inference and query.kind_unsaid == unsaid

