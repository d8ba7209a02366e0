"""serve23 (session 35): serving questions as people ask them.

A vLLM command line names its precision: `vllm serve <model>` serves the checkpoint as published
(--dtype auto, no --quantization), BF16 unless a flag or the repository says otherwise. With
--max-model-len the reply listed three precisions (BF16, 8-bit, 4-bit) while the same command
without it answered in BF16 alone; and where the BF16 weights do not fit ("vllm serve
google/gemma-3-27b-it on an a100 40gb": 54 GB) it led with a 4-bit run the command does not
start. Now the command's own run, said not to fit where it does not, with what would.
"""

from __future__ import annotations

import pytest

from tests.support.chat import ask_json

# (question, locale, method, fits, the lead's start, the context in the lead line)
COMMANDS: list[tuple[str, str, str, bool, str, str]] = [
    ("vllm serve meta-llama/Meta-Llama-3-8B-Instruct --max-model-len 8192 on my 4090", "en",
     "inference_bf16", True,
     "✅ <b>Yes: Llama 3 8B fits on 1× RTX 4090 (BF16 inference).</b>", "With 8,192 tokens"),
    ("vllm serve meta-llama/Meta-Llama-3-8B-Instruct --max-model-len 8192 en mi 4090, ¿cabe?", "es",
     "inference_bf16", True,
     "✅ <b>Sí: Llama 3 8B cabe en 1× RTX 4090 (inferencia en BF16).</b>", "Con 8.192 tokens"),
    ("vllm serve meta-llama/Meta-Llama-3-8B-Instruct --max-model-len 8192 sur ma 4090, ça passe ?", "fr",
     "inference_bf16", True,
     "✅ <b>Oui\u00a0: Llama 3 8B tient sur 1× RTX 4090 (inférence en BF16).</b>",
     "Avec 8\u202f192 tokens"),
    ("vllm serve Qwen/Qwen2.5-7B-Instruct --max-model-len 16384 on a 3090", "en",
     "inference_bf16", True, "✅ <b>Yes: Qwen2.5 7B", "With 16,384 tokens"),
    ("vllm serve google/gemma-3-27b-it on an a100 40gb", "en", "inference_bf16", False,
     "❌ <b>No: Gemma 3 27B does not fit on 1× A100 40GB (BF16 inference).</b>",
     "With 131,072 tokens"),
    ("vllm serve google/gemma-3-27b-it en una a100 de 40gb, ¿me cabe?", "es", "inference_bf16", False,
     "❌ <b>No: Gemma 3 27B no cabe en 1× A100 40GB (inferencia en BF16).</b>",
     "Con 131.072 tokens"),
    ("vllm serve google/gemma-3-27b-it sur une a100 40 go, ça tient ?", "fr", "inference_bf16", False,
     "❌ <b>Non\u00a0: Gemma 3 27B ne tient pas sur 1× A100 40GB (inférence en BF16).</b>",
     "Avec 131\u202f072 tokens"),
]


@pytest.mark.parametrize(("q", "lang", "method", "fits", "lead", "ctx"), COMMANDS)
def test_a_vllm_command_is_answered_in_the_precision_it_serves(
        q: str, lang: str, method: str, fits: bool, lead: str, ctx: str) -> None:
    got = ask_json(q, lang)
    text = str(got["text"])
    assert text.startswith(lead), text
    assert text.split("\n")[1].startswith(ctx), text
    assert (got["method"], got["fits"], got["detailed_fits"]) == (method, fits, fits)
    # One precision's line: the one the command serves, not a list of three
    assert "8-bit" not in text and "8 bits" not in text and "4-bit" not in text.split("🩹")[0], text


# A flag or the repository names another precision: that one; a model published in FP8 is
# served in FP8 by the command (never an upcast BF16 copy), here with no context on file.
OTHER_PRECISIONS: list[tuple[str, str]] = [
    ("vllm serve meta-llama/Meta-Llama-3-8B-Instruct --quantization fp8 --max-model-len 8192 "
     "on my 4090", "inference_int8"),
    ("vllm serve TheBloke/Llama-2-13B-AWQ --max-model-len 4096 on my 4090", "inference_int4"),
    ("vllm serve deepseek-ai/DeepSeek-V3 on 8x h200", "inference_int8"),
]


@pytest.mark.parametrize(("q", "method"), OTHER_PRECISIONS)
def test_a_flag_or_the_repository_names_the_precision(q: str, method: str) -> None:
    got = ask_json(q)
    assert got["method"] == method, got["text"]
    assert str(got["text"]).count("\n• <b>Inference") == 1, got["text"]


# "With vllm" at a context said, no command line: tests/test_serve24.py (serve24 answers the
# checkpoint's own precision there when it fits, the precisions that fit when it does not).


# What would fit, after the command's own run misses: the highest lower precision whose
# checkpoint fits at the same context (estimated again, same GPUs) before more GPUs. Only when
# the reply has one precision's line: otherwise the lower precisions are its own lines. (Each
# 0.25 GB under its figure before vllm38: vLLM's own memory in its share for the CUDA context.)
WHAT_WOULD: list[tuple[str, str | None, list[str]]] = [
    ("vllm serve google/gemma-3-27b-it on an a100 40gb", None,
     ["• A 4-bit checkpoint of the model (AWQ or GPTQ): about 29.8 GB per GPU.\n"
      "• <code>--tensor-parallel-size 2</code> on 2× A100 40GB: about 33.8 GB per GPU."]),
    ("vllm serve google/gemma-3-27b-it --max-model-len 8192 on an a100 40gb", None,
     ["• An 8-bit checkpoint of the model (FP8 or GPTQ INT8): about 30.9 GB per GPU.\n"]),
    ("vllm serve google/gemma-3-27b-it en una a100 de 40gb, ¿me cabe?", "es",
     ["• Un checkpoint del modelo cuantizado a 4 bits (AWQ o GPTQ): unos 29,8\u00a0GB por GPU."]),
    ("vllm serve google/gemma-3-27b-it sur une a100 40 go, ça tient ?", "fr",
     ["• Un checkpoint du modèle quantifié en 4 bits (AWQ ou GPTQ)\u00a0: environ "
      "29,8\u202fGo par GPU."]),
    ("vllm serve Qwen/Qwen3-8B on a 4060 ti 16gb", None,
     ["• A 4-bit checkpoint of the model (AWQ or GPTQ): about 13.7 GB per GPU."]),
]


@pytest.mark.parametrize(("q", "lang", "has"), WHAT_WOULD)
def test_a_command_that_misses_says_which_checkpoint_would_fit(
        q: str, lang: str | None, has: list[str]) -> None:
    text = str(ask_json(q, lang)["text"])
    for part in has:
        assert part in text, text


def test_no_checkpoint_line_where_the_precisions_are_the_replys_lines() -> None:
    # "with vllm", the BF16 weights beyond the card: the precisions listed, 4-bit among them
    text = str(ask_json("run gemma 3 27b with vllm on an a100 40gb")["text"])
    assert "checkpoint of the model" not in text, text


# A local runner and a card or memory, no model and no question word: what it runs there, the
# largest first, as "what models can i run in lm studio on …" gets it (was "❓ Which model?").
RUNNER_BARE: list[tuple[str, str | None, str]] = [
    ("lm studio 8gb vram mac", None, "📏 <b>The largest model 5.72 GB holds for GGUF Q4_K_M"),
    ("lm studio 16gb mac", None, "📏 <b>The largest model 11.45 GB holds for GGUF Q4_K_M"),
    ("lm studio en mi mac de 16gb", "es",
     "📏 <b>El modelo más grande que cabe en 11,45\u00a0GB (inferencia GGUF Q4_K_M)"),
    ("lm studio sur mon mac 16 go", "fr",
     "📏 <b>Avec 11,45\u202fGo, le plus gros modèle possible (inférence GGUF Q4_K_M)"),
    ("ollama on my 3060 12gb", None, "📏 <b>The largest model 12 GB holds for GGUF Q4_K_M"),
]


@pytest.mark.parametrize(("q", "lang", "starts"), RUNNER_BARE)
def test_a_runner_and_a_card_alone_is_what_it_runs_there(q: str, lang: str | None,
                                                         starts: str) -> None:
    got = ask_json(q, lang)
    assert str(got["text"]).startswith(starts), got["text"]
    assert got["intent"] == "fit"


def test_a_runner_with_a_model_is_that_models_fit() -> None:
    text = str(ask_json("lm studio llama 3 8b on a 16gb mac")["text"])
    assert text.startswith("✅ <b>Yes: Llama 3 8B fits"), text


# "Which model is faster on my 3090, X or Y?" was read as a training fit of the first model. A
# speed question of two models on a card: each one's decode bound from the datasheet's
# bandwidth at the highest precision both fit in, never a measured or invented speed; with no
# bandwidth cited, the bytes a token reads rank them, said so. Training said: as before.
SPEEDS: list[tuple[str, str | None, str, list[str]]] = [
    ("which model is faster on my 3090, llama 3 8b or mistral 7b?", None,
     "⚡ <b>Mistral 7B should be faster on 1× RTX 3090 (BF16 inference): at most about 63 "
     "tokens/s against 57 for Llama 3 8B, one sequence.</b>",
     ["14.8 GB for Mistral 7B, 16.4 GB for Llama 3 8B, at the datasheet's 936 GB/s.",
      "we don't measure speed"]),
    ("¿qué modelo es más rápido en mi 3090, llama 3 8b o mistral 7b?", "es",
     "⚡ <b>Mistral 7B debería ir más rápido en 1× RTX 3090 (inferencia en BF16): como mucho "
     "unos 63 tokens/s frente a 57 de Llama 3 8B", ["no medimos la velocidad"]),
    ("quel modèle est plus rapide sur ma 3090, llama 3 8b ou mistral 7b ?", "fr",
     "⚡ <b>Mistral 7B devrait être plus rapide sur 1× RTX 3090 (inférence en BF16)\u00a0: au "
     "plus environ 63 tokens/s contre 57 pour Llama 3 8B", ["nous ne mesurons pas la vitesse"]),
    # BF16 Qwen2.5 7B (15.2 GB) misses 16 GB: both compared in 8-bit
    ("which is faster on my 4060 ti 16gb, qwen2.5 7b or llama 3 8b", None,
     "⚡ <b>Qwen2.5 7B should be faster on 1× RTX 4060 Ti 16GB (8-bit inference)", []),
    # no bandwidth cited for the H20: no tokens/s, the bytes read rank them (was the A800,
    # which has TechPowerUp's since cards46: its bound is below)
    ("which is faster on my h20, llama 3 8b or mistral 7b?", None,
     "⚡ <b>Mistral 7B should be faster on 1× H20 (BF16 inference): it reads 14.8 GB a "
     "generated token, against 16.4 GB for Llama 3 8B.</b>",
     ["We have no cited memory bandwidth for the H20", "We don't measure speed"]),
    ("which is faster on my a800, llama 3 8b or mistral 7b?", None,
     "⚡ <b>Mistral 7B should be faster on 1× A800 80GB (BF16 inference): at most about 131 "
     "tokens/s against 118 for Llama 3 8B, one sequence.</b>", ["at the datasheet's 1,940 GB/s"]),
    ("which is faster on my 3090, llama 3 70b or mistral 7b?", None,
     # the 4-bit said as the GGUF type llama.cpp would run on one's own card (calib44)
     "⚡ <b>Only Mistral 7B runs on 1× RTX 3090: Llama 3 70B does not fit there, even in "
     "GGUF Q4_K_M inference, by the detailed estimate.</b>", ["at most about 63 tokens/s"]),
]


@pytest.mark.parametrize(("q", "lang", "starts", "has"), SPEEDS)
def test_which_model_is_faster_is_each_ones_decode_bound(
        q: str, lang: str | None, starts: str, has: list[str]) -> None:
    got = ask_json(q, lang)
    text = str(got["text"])
    assert text.startswith(starts), text
    for part in has:
        assert part in text, text
    assert "QLoRA" not in text, text


def test_which_is_faster_to_finetune_stays_a_training_question() -> None:
    text = str(ask_json("which is faster to finetune on my 3090, llama 3 8b or mistral 7b?")
               ["text"])
    assert not text.startswith("⚡"), text


# Serving one precision named, no settings, both verdicts with room: the detailed estimate at
# the context assumed leads, said so, the planning rule beside it (was "It needs about 19.2 GB
# (planning estimate)", the 17.9 GB with its KV cache unsaid), as training leads.
ONE_PRECISION: list[tuple[str, str | None, str]] = [
    ("can i run llama 3 8b in bf16 on an h100", None,
     "With 2,048 tokens of context (assumed: you gave none) and batch 1, BF16 inference needs "
     "about 17.9 GB per GPU (detailed estimate, KV cache 0.3 GB)"),
    ("¿puedo correr llama 3 8b en bf16 en una h100?", "es",
     "Con 2.048 tokens de contexto (supuesto: no indicaste ninguno) y batch 1, la inferencia en "
     "BF16 necesita unos 17,9\u00a0GB por GPU"),
    ("je peux faire tourner llama 3 8b en bf16 sur une h100 ?", "fr",
     "Avec 2\u202f048 tokens de contexte (supposé\u00a0: vous n'en avez indiqué aucun) et un "
     "batch de 1, l'inférence en BF16 demande environ 17,9\u202fGo par GPU"),
    ("run llama 3 8b in 4 bit on a 3090", None,
     "With 2,048 tokens of context (assumed: you gave none) and batch 1, 4-bit inference needs "
     "about 7.8 GB per GPU"),
]


@pytest.mark.parametrize(("q", "lang", "second"), ONE_PRECISION)
def test_one_precision_served_leads_with_the_detailed_figure(q: str, lang: str | None,
                                                             second: str) -> None:
    got = ask_json(q, lang)
    lines = str(got["text"]).split("\n")
    assert lines[0].startswith("✅"), got["text"]
    assert lines[1].startswith(second), got["text"]
    assert got["fits"] is got["detailed_fits"] is True


def test_a_no_by_both_is_not_little_headroom() -> None:
    # BF16 Mistral 7B on a 3060 12gb misses by both: the rule's line says by how much, not
    # "⚠️ Little headroom … Measure a short run before relying on the detailed estimate".
    text = str(ask_json("vllm serve mistralai/Mistral-7B-Instruct-v0.3 on a 3060 12gb")["text"])
    assert text.startswith("❌"), text
    assert "Little headroom" not in text, text
    # At vLLM's default context since serve24 (Mistral's config.json 32,768 on file, no
    # context assumed): the rule's figure is on the precision's line (20.1 GB: vLLM's own memory
    # in its share for the 1.3 GB CUDA context, vllm38).
    assert "≈ 20.1 GB per GPU with the KV cache (planning rule: ≈ 17.5 GB without it)" in text, \
        text
