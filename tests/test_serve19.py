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
    ("ditched ollama for vllm, llama 3 8b oom on my 4090", "vllm", None),
    ("replaced ollama with vllm and now llama 3 8b OOMs on my 4090", "vllm", None),
    ("cambié ollama por vllm y llama 3 8b me da OOM en mi 4090", "vllm", None),
    ("j'ai remplacé ollama par vllm, llama 3 8b fait un OOM sur ma 4090", "vllm", None),
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
        # the engine is known: its settings are asked, not which engine
        assert "<code>--max-model-len</code>, <code>--max-num-seqs</code>" in reply
        assert "Tell me the engine" not in reply


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
    # an Ollama tag is Ollama's run, its GGUF type (probe36, 18ded476)
    ("gemma3:27b-it on a 5090?", "gemma-3-27b",
     "✅ <b>Yes: Gemma 3 27B fits on 1× RTX 5090 (GGUF Q4_K_M inference).</b>"),
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


# No precision named, the planning margin misses BF16 and the detailed estimate at typical
# settings fits it: the BF16 line gives the detailed figure and room (the rule's figure beside
# it as context), says no "short", sends nowhere else; the JSON describes BF16, as the headline
# leads with it (was "≈ 168 GB … — 8 GB short", "✅ … it fits", "👉 … 4× A100 80GB", and the
# JSON's 8-bit).
SERVING_TYPICAL = [
    ("can i run llama 3 70b on 2x a100 80gb",
     "✅ <b>Inference in BF16</b>: ≈ 72.4 GB per GPU with the KV cache at typical settings "
     "(context 2,048, batch 1), by the detailed estimate — 13.5 GB left (the planning rule, with "
     "its margin, says ≈ 168 GB for the whole job)\n✅ <b>Inference in 8-bit</b>",
     ["short", "👉", "At typical settings"]),
    ("¿puedo correr llama 3 70b en 2 a100 de 80gb?",
     "✅ <b>Inferencia en BF16</b>: ≈ 72,4\u00a0GB por GPU con la caché KV y ajustes típicos "
     "(contexto de 2.048 tokens, batch 1), según la estimación detallada — sobran 13,5\u00a0GB (la "
     "regla de planificación, con su margen, da ≈ 168\u00a0GB para todo el trabajo)",
     ["faltan", "👉", "Con ajustes típicos"]),
    ("je peux faire tourner llama 3 70b sur 2 a100 80go ?",
     "✅ <b>Inférence en BF16</b>\u00a0: ≈ 72,4\u202fGo par GPU avec le cache KV et des réglages "
     "typiques (contexte de 2\u202f048 tokens, batch 1), selon l'estimation détaillée — il reste "
     "13,5\u202fGo (la règle de planification, avec sa marge, indique ≈ 168\u202fGo pour "
     "l'ensemble)",
     ["il manque", "👉", "Avec des réglages typiques"]),
]


@pytest.mark.parametrize(("q", "line", "lacks"), SERVING_TYPICAL)
def test_serving_line_follows_detailed(q: str, line: str, lacks: list[str]) -> None:
    r = ask(q)
    assert line in r.text, r.text
    for word in lacks:
        assert word not in r.text, (word, r.text)


def test_serving_json_follows_headline() -> None:
    import json
    import subprocess
    import sys
    out = subprocess.run(
        [sys.executable, "-m", "bot", "ask", "--json", "can i run llama 3 70b on 2x a100 80gb"],
        capture_output=True, text=True, check=True).stdout
    d = json.loads(out)
    assert d["text"].startswith("✅ <b>On 2× A100 80GB, Llama 3 70B fits: BF16 inference")
    assert (d["method"], d["fits"], d["detailed_gb"], d["detailed_fits"]) == (
        "inference_bf16", True, 72.4, True)


# A corpus read through a model is its forward pass, 2·N·D FLOPs (Kaplan et al.) at the
# utilization training time assumes, with its cost by the block rule (was LoRA's fine-tuning
# time for "process 10M tokens with llama 3 8b on an h100, how long").
BATCH = [
    ("process 10M tokens with llama 3 8b on an h100, how long",
     ["⏱ <b>About 8 minutes to process 10 million tokens with Llama 3 8B (BF16 inference) on 1× "
      "H100 (0.13 GPU-hours).</b>",
      "2·N·D FLOPs (Kaplan et al. 2020: 2 FLOPs per parameter and token",
      "at an assumed 35% of the 989.5 peak BF16 TFLOPS",
      "Only the input is timed",
      "💵 <b>You pay $23.20</b>", "This run uses $0.30 of it",
      "✅ Memory: about 17.9 GB per GPU"]),
    ("how long to run inference over 10M tokens with llama 3 8b on an h100",
     ["⏱ <b>About 8 minutes to process 10 million tokens"]),
    ("classify 1B tokens with mixtral 8x7b on 8x h100",
     ["⏱ <b>About 2.59 hours to process 1 billion tokens with Mixtral 8x7B",
      "(20.69 GPU-hours)", "Mixture of experts: N counts the active parameters only."]),
    ("classify 50M tokens with llama 3 70b on a 4090",
     ["❌ <b>Llama 3 70B (4-bit inference) does not fit on 1× RTX 4090: timed on 1× L40S",
      "⏱ <b>About 15.34 hours to process 50 million tokens"]),
    ("how much to summarize 100M tokens with llama 3 70b",
     ["⏱ <b>About 11.23 hours to process 100 million tokens with Llama 3 70B (BF16 inference) "
      "on 1× H200", "Timed on the cheapest offered configuration that fits.",
      "💵 <b>You pay $61.40</b>"]),
    ("procesar 10M tokens con llama 3 8b en una h100 cuanto tarda",
     ["⏱ <b>Alrededor de 8\u00a0minutos para procesar 10 millones de tokens con Llama 3 8B (inferencia en "
      "BF16) en 1× H100", "Kaplan et al. 2020", "💵 <b>Pagas 23,20\u00a0US$</b>"]),
    ("traiter 10M de tokens avec llama 3 8b sur une h100, combien de temps",
     ["⏱ <b>Environ 8\u00a0minutes pour traiter 10 millions de tokens avec Llama 3 8B (inférence en "
      "BF16) sur 1× H100", "Kaplan et al. 2020", "💵 <b>Vous payez 23,20\u00a0$US</b>"]),
]


@pytest.mark.parametrize(("q", "said"), BATCH)
def test_batch_processing_is_a_forward_pass(q: str, said: list[str]) -> None:
    r = ask(q)
    assert r.query.batch_processed and r.query.inference
    at = 0
    for phrase in said:
        found = r.text.find(phrase, at)
        assert found >= 0, (phrase, r.text)
        at = found + len(phrase)
    assert "LoRA" not in r.text and "6·N·D FLOPs at" not in r.text


# Training the tokens stays training.
@pytest.mark.parametrize("q", ["how long to lora llama 3 8b on 10M tokens on an h100",
                               "fine tune llama 3 8b to classify text, 10M tokens, h100, how long",
                               "how long to generate 10M tokens with llama 3 8b on an h100"])
def test_batch_not_training(q: str) -> None:
    assert not understand(q, CATALOGUE).batch_processed


def test_batch_json() -> None:
    from tests.support.chat import ask_json
    d = ask_json("process 10M tokens with llama 3 8b on an h100, how long")
    assert (d["intent"], d["method"], d["gpu"], d["hours"], d["gpu_hours"], d["cost_usd"]) == (
        "time", "inference_bf16", "h100", 0.13, 0.13, "0.30")


# The quote is the one on the configuration asked, which holds BF16 by the detailed estimate: no
# second quote for BF16 on 4× A100 80GB under it.
def test_serving_cost_quoted_once() -> None:
    text = ask("how much to run llama 3 70b on 2x a100 80gb for 10 hours").text
    assert text.startswith("💵 <b>Cost: $18.40</b> — 2× A100 80GB × 10 hours")
    assert "4× A100 80GB" not in text and text.count("💵") == 1


# A GPU count with no card: timed on the cheapest offered configuration of that count (was 1×
# L40S); a GeForce card's peak is its FP32-accumulate rate, said so.
def test_batch_on_a_count_and_a_geforce() -> None:
    text = ask("process 10M tokens with llama 3 8b on 4 gpus").text
    assert "on 4× A100 80GB" in text.split("\n")[0]
    assert "Timed on the cheapest offered configuration with 4 GPUs that fits." in text
    text = ask("process 10M tokens with llama 3 8b on my 3090").text
    assert "its dense rate with FP32 accumulate (kernels that accumulate in FP16" in text


# A follow-up keeps the corpus read through the model (was "Serving … lasts as long as you keep
# it running"); a training method named makes it a training run again.
@pytest.mark.parametrize(("turns", "starts"), [
    (("process 10M tokens with llama 3 8b on an h100, how long", "and on an a100?"),
     "⏱ <b>About 25 minutes to process 10 million tokens with Llama 3 8B (BF16 inference) on 1× "
     "A100 80GB"),
    (("process 10M tokens with llama 3 8b on an h100, how long", "and with 100M tokens?"),
     "⏱ <b>About 1.28 hours to process 100 million tokens"),
    (("procesar 10M tokens con llama 3 8b en una h100 cuanto tarda", "y en una a100?"),
     "⏱ <b>Alrededor de 25\u00a0minutos para procesar 10 millones de tokens"),
    (("process 10M tokens with llama 3 8b on an h100, how long", "and to lora it?"),
     "⏱ <b>LoRA of Llama 3 8B"),
])
def test_batch_follow_up(turns: tuple[str, ...], starts: str) -> None:
    from tests.support.chat import converse
    text = converse(*turns)[-1].text
    assert text.split("\n", 1)[1].startswith(starts), text
