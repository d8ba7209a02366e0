"""serve24 (session 35): serving questions as people ask them, second pass.

"With vllm" and a context said ("llama 3 8b with vllm at 16k context on a 4090") listed BF16,
8-bit and 4-bit, though vLLM with no precision said serves the checkpoint as published (BF16
for most): now that run at the context said when it fits there, the precisions that fit when it
does not (no checkpoint was named, so a quantized one is an answer too).
"""

from __future__ import annotations

import pytest

from tests.support.chat import ask_json, converse

# (question, locale, the lead)
AT_A_CONTEXT: list[tuple[str, str | None, str]] = [
    ("llama 3 8b with vllm at 16k context on a 4090", None,
     "✅ <b>Yes: Llama 3 8B fits on 1× RTX 4090 (BF16 inference).</b>\n"
     "With 16,384 tokens of context and batch 1, BF16 inference needs about 19.5 GB per GPU"),
    ("serve llama 3.1 8b with vllm on an L4 max_model_len 8192", None,
     "✅ <b>Yes: Llama 3.1 8B fits on 1× L4 (BF16 inference).</b>\n"
     "With 8,192 tokens of context"),
    ("llama 3 8b con vllm a 16k de contexto en una 4090", "es",
     "✅ <b>Sí: Llama 3 8B cabe en 1× RTX 4090 (inferencia en BF16).</b>\n"
     "Con 16.384 tokens de contexto"),
    ("llama 3.1 8b avec vllm en contexte 16k sur une 4090", "fr",
     "✅ <b>Oui\u00a0: Llama 3.1 8B tient sur 1× RTX 4090 (inférence en BF16).</b>\n"
     "Avec 16\u202f384 tokens de contexte"),
]


@pytest.mark.parametrize(("q", "lang", "lead"), AT_A_CONTEXT)
def test_with_vllm_at_a_context_said_is_the_checkpoints_own_run(
        q: str, lang: str | None, lead: str) -> None:
    got = ask_json(q, lang)
    text = str(got["text"])
    assert text.startswith(lead), text
    assert (got["method"], got["fits"], got["detailed_fits"]) == ("inference_bf16", True, True)
    assert "8-bit" not in text and "8 bits" not in text, text


def test_with_vllm_at_a_context_bf16_misses_keeps_the_precisions_that_fit() -> None:
    # 40k on an L4: BF16 is 23 GB of vLLM's 22.2 GB, 8-bit and 4-bit fit, and are the answer
    # (was 32k, 22.6 GB, before vLLM's 2,048-token prefill step on an L4: 21.9 GB fits there)
    got = ask_json("serve llama 3.1 8b with vllm on an L4 max_model_len 40960")
    text = str(got["text"])
    assert text.startswith(
        "✅ <b>On 1× L4, Llama 3.1 8B fits: 8-bit inference and 4-bit inference.</b>"), text
    assert text.count("per GPU with the KV cache") == 3, text


def test_a_context_said_after_a_vllm_run_keeps_the_precisions_that_fit() -> None:
    # Said again at 40k, where BF16 misses (at 32k it fits since vLLM's 2,048-token prefill
    # step on an L4: test_conversation_said_again)
    replies = converse("serve llama 3.1 8b with vllm on an L4 max_model_len 8192", "and with 40k?")
    assert str(replies[0].text).startswith("✅ <b>Yes: Llama 3.1 8B fits on 1× L4 (BF16"), \
        replies[0].text
    assert "✅ <b>On 1× L4, Llama 3.1 8B fits: 8-bit inference and 4-bit inference.</b>" \
        in str(replies[1].text), replies[1].text


# Mistral 7B's config.json context (32,768, max_position_embeddings) is on file: vLLM's
# default context, not 2,048 tokens assumed. The command alone, no card, is its run's memory.
# (vLLM's own memory in its share, 0.25 GB under the 1.3 GB CUDA context before vllm38.)
CONFIG_CONTEXT: list[tuple[str, str | None, list[str]]] = [
    ("vllm serve mistralai/Mistral-7B-Instruct-v0.3 on a 4090", None,
     ["✅ <b>Yes: Mistral 7B (7.3B parameters) fits on 1× RTX 4090 (BF16 inference).</b>\n"
      "With 32,768 tokens of context and batch 1, BF16 inference needs about 20.1 GB per GPU "
      "(detailed estimate, KV cache 4.3 GB)",
      "ℹ️ Context: 32,768 tokens, what vLLM serves when <code>--max-model-len</code> is not set"]),
    ("vllm serve mistralai/Mistral-7B-Instruct-v0.3", None,
     ["📐 <b>Memory for Mistral 7B (7.3B parameters)</b>\n"
      "With 32,768 tokens of context and batch 1, BF16 inference needs about 20.1 GB on one GPU "
      "(detailed estimate, KV cache 4.3 GB).\n"
      "ℹ️ Context: 32,768 tokens, what vLLM serves when <code>--max-model-len</code> is not set"]),
    ("vllm serve mistralai/Mistral-7B-Instruct-v0.3, combien de vram ?", "fr",
     ["Avec 32\u202f768 tokens de contexte et un batch de 1, l'inférence en BF16 demande environ "
      "20,1\u202fGo sur un seul GPU"]),
    ("vllm serve meta-llama/Llama-3.1-8B-Instruct --max-model-len 8192", None,
     ["📐 <b>Memory for Llama 3.1 8B</b>\nWith 8,192 tokens of context and batch 1, BF16 "
      "inference needs about 18.4 GB on one GPU"]),
]


@pytest.mark.parametrize(("q", "lang", "has"), CONFIG_CONTEXT)
def test_a_vllm_command_is_sized_at_the_models_config_context(
        q: str, lang: str | None, has: list[str]) -> None:
    got = ask_json(q, lang)
    text = str(got["text"])
    for part in has:
        assert part in text, text
    assert got["method"] == "inference_bf16", text
    # The command's one precision, not three at 2,048 tokens of context (vLLM's 2,048-token
    # prefill step is said in the assumptions)
    assert "Inference in 8-bit" not in text and "2,048 tokens of context" not in text, text


# A vLLM command that misses where no lower precision fits at its context either: the highest
# lower precision at the longest --max-model-len it holds (both changes, estimated together),
# not a bare No. None shorter than 2,048 tokens (Qwen2.5 72B's 4-bit on 2× RTX 4090: 382).
# Each length longer by the 0.25 GB vLLM's own memory frees against the CUDA context (vllm38).
BOTH: list[tuple[str, str | None, str]] = [
    ("vllm serve meta-llama/Llama-3.1-70B-Instruct on 2x 4090", None,
     "🩹 <b>What makes it fit in vLLM on 2× RTX 4090:</b>\n• A 4-bit checkpoint of the model "
     "(AWQ or GPTQ) with <code>--max-model-len 6098</code>, the longest context it holds by the "
     "detailed estimate: about 23.6 GB per GPU."),
    ("vllm serve meta-llama/Llama-3.1-8B-Instruct on a 3060 12gb", None,
     "• An 8-bit checkpoint of the model (FP8 or GPTQ INT8) with <code>--max-model-len "
     "11234</code>, the longest context it holds by the detailed estimate: about 11.8 GB per GPU."),
    ("vllm serve meta-llama/Llama-3.1-70B-Instruct en 2x 4090, ¿cabe?", "es",
     "• Un checkpoint del modelo cuantizado a 4 bits (AWQ o GPTQ) con <code>--max-model-len "
     "6098</code>, el contexto más largo que cabe con él según la estimación detallada: unos "
     "23,6\u00a0GB por GPU."),
    ("vllm serve meta-llama/Llama-3.1-70B-Instruct sur 2x 4090, ça passe ?", "fr",
     "• Un checkpoint du modèle quantifié en 4 bits (AWQ ou GPTQ) avec <code>--max-model-len "
     "6098</code>, le contexte le plus long qui tient avec lui selon l'estimation détaillée\u00a0: "
     "environ 23,6\u202fGo par GPU."),
]


@pytest.mark.parametrize(("q", "lang", "has"), BOTH)
def test_a_smaller_checkpoint_with_a_shorter_context(q: str, lang: str | None, has: str) -> None:
    got = ask_json(q, lang)
    assert got["fits"] is False, got["text"]
    assert has in str(got["text"]), got["text"]


def test_no_smaller_checkpoint_at_a_context_nobody_serves() -> None:
    text = str(ask_json("vllm serve Qwen/Qwen2.5-72B-Instruct on 2x 4090")["text"])
    assert "--tensor-parallel-size 8" in text, text
    assert "checkpoint of the model" not in text, text


# A GeForce's number right before "ctx" is the card whose context is asked: "mixtral 8x7b exl2
# 3.5bpw single 3090 ctx" was a memory answer at 3,090 tokens of context on no card.
CARD_THEN_CTX: list[tuple[str, str, str]] = [
    ("mixtral 8x7b exl2 3.5bpw single 3090 ctx", "rtx-3090",
     "📏 <b>Longest context that fits: about 17,308 tokens for Mixtral 8x7B (46.7B parameters) "
     "on 1× RTX 3090 (3.5 bpw inference).</b>"),
    ("mixtral 8x7b exl2 3.5bpw 3090 ctx", "rtx-3090", "📏 <b>Longest context that fits"),
    ("llama 3 8b single 4090 ctx", "rtx-4090",
     "📏 <b>8,192 tokens: the whole published context of Llama 3 8B fits on 1× RTX 4090"),
    ("qwen2.5 14b q4 en una sola 3060 contexto maximo?", "rtx-3060", "📏 <b>Contexto más largo"),
]


@pytest.mark.parametrize(("q", "gpu", "lead"), CARD_THEN_CTX)
def test_a_card_number_before_ctx_is_the_card(q: str, gpu: str, lead: str) -> None:
    got = ask_json(q)
    assert (got["intent"], got["gpu"]) == ("fit", gpu), got["text"]
    assert str(got["text"]).startswith(lead), got["text"]


def test_a_length_before_ctx_stays_the_context() -> None:
    # Not a card's number: the context said, as before
    for q, said in (("qwen 7b 3000 context on a 3090", "With 3,000 tokens of context"),
                    ("llama 3 8b 4096 ctx on a 4090", "With 4,096 tokens of context")):
        text = str(ask_json(q)["text"])
        assert text.split("\n")[1].startswith(said), text


# A GGUF type said on a card said by its memory alone at a consumer card's size is one's own
# card: llama.cpp's layer split and its speed bound, as a named GeForce gets them ("can i run
# llama 3.3 70b q4km on a single 24gb card" was a bare No).
SPLIT_BY_MEMORY: list[tuple[str, str | None, list[str]]] = [
    ("can i run llama 3.3 70b q4km on a single 24gb card", None,
     ["❌ <b>No: Llama 3.3 70B does not fit on 1× GPU of 24 GB (GGUF Q4_K_M inference).</b>",
      "🐢 With llama.cpp, 46 of the model's 81 layers fit in GPU memory (-ngl 46",
      "⚡ At most about 4.8 tokens/s for one sequence with -ngl 46, from the RAM alone"]),
    ("¿puedo correr llama 3.3 70b q4_k_m en una gpu de 24gb?", "es",
     ["🐢 Con llama.cpp caben en la memoria de la GPU 46 de las 81 capas del modelo"]),
    ("llama 3.3 70b en q4_k_m sur une carte de 24 go, ça passe ?", "fr",
     ["🐢 Avec llama.cpp, 46 des 81 couches du modèle tiennent dans la mémoire GPU"]),
    ("mixtral 8x7b q4_k_m on 12gb vram", None,
     ["🐢 With llama.cpp, 14 of the model's 33 layers fit in GPU memory"]),
]


@pytest.mark.parametrize(("q", "lang", "has"), SPLIT_BY_MEMORY)
def test_a_gguf_on_ones_own_memory_is_split_with_ram(
        q: str, lang: str | None, has: list[str]) -> None:
    got = ask_json(q, lang)
    assert got["fits"] is False, got["text"]
    for part in has:
        assert part in str(got["text"]), got["text"]


def test_no_split_on_a_memory_no_consumer_card_has() -> None:
    # 48 GB said alone: a workstation or rented card, answered by the GPUs that hold it
    text = str(ask_json("qwen2.5 72b q8_0 on 48gb")["text"])
    assert text.startswith("❌"), text
    assert "🐢" not in text, text


# Models served together, a precision said of each: each in its own ("llama 3 8b q4 and qwen
# 7b q4" were both sized in BF16 and said not to fit); GGUF files only (llama.cpp, Ollama) get
# no vLLM --gpu-memory-utilization advice.
EACH_PRECISION: list[tuple[str, list[str], bool]] = [
    ("can i run 2 models at once on a 4090, llama 3 8b q4 and qwen 7b q4",
     ["✅ <b>Llama 3 8B and Qwen 7B fit together on 1× RTX 4090: ≈ 11 GB",
      "• Llama 3 8B, GGUF Q4_K_M inference: ≈ 5.7 GB\n• Qwen 7B, GGUF Q4_K_M inference: ≈ 5.3 GB"],
     False),
    ("llama 3 8b q4 and mistral 7b in bf16 at the same time on a 4090",
     ["• Llama 3 8B, GGUF Q4_K_M inference: ≈ 5.7 GB\n• Mistral 7B, BF16 inference: ≈ 16.3 GB"],
     True),
    ("¿puedo correr llama 3 8b en q4 y qwen2.5 7b en q4 a la vez en una 3090?",
     ["• Llama 3 8B, inferencia GGUF Q4_K_M: ≈ 5,7\u00a0GB\n"
      "• Qwen2.5 7B, inferencia GGUF Q4_K_M: ≈ 5,3\u00a0GB"], False),
]


@pytest.mark.parametrize(("q", "has", "vllm"), EACH_PRECISION)
def test_models_together_each_in_the_precision_said(q: str, has: list[str], vllm: bool) -> None:
    text = str(ask_json(q)["text"])
    for part in has:
        assert part in text, text
    assert ("--gpu-memory-utilization" in text) is vllm, text


def test_models_together_with_no_precision_said_stay_bf16() -> None:
    text = str(ask_json("llama 3 8b and mistral 7b at the same time on a 4090")["text"])
    assert "• Llama 3 8B, BF16 inference: ≈ 17.9 GB\n• Mistral 7B, BF16 inference" in text, text


# Ollama's and llama.cpp's name for the context after its value ("fits with 8k num_ctx?") is
# the context said: it was unread, and the longest context answered instead of the one asked.
@pytest.mark.parametrize(("q", "second"), [
    ("qwen2.5:14b ollama on 3060 12gb fits with 8k num_ctx?",
     "With 8,192 tokens of context and batch 1, GGUF Q4_K_M inference needs about 11 GB"),
    ("llama 3 8b with 8192 num_ctx on 3060", "With 8,192 tokens of context"),
    ("llama 3 8b 16k n_ctx on a 3060", "With 16,384 tokens of context"),
])
def test_a_context_said_before_num_ctx(q: str, second: str) -> None:
    got = ask_json(q)
    lines = str(got["text"]).split("\n")
    assert lines[0].startswith("✅"), got["text"]
    assert lines[1].startswith(second), got["text"]


# More config.json contexts on file (vLLM's default --max-model-len): a command on a card is
# sized at it, not at 2,048 tokens assumed.
@pytest.mark.parametrize(("q", "ctx"), [
    ("vllm serve mistralai/Mistral-Small-24B-Instruct-2501 on a 4090", "32,768"),
    ("vllm serve microsoft/Phi-4 on a 4090", "16,384"),
    ("vllm serve deepseek-ai/DeepSeek-R1-Distill-Qwen-32B on 2x 4090", "131,072"),
    ("vllm serve deepseek-ai/DeepSeek-R1-Distill-Llama-70B on 4x h100", "131,072"),
])
def test_more_config_contexts(q: str, ctx: str) -> None:
    text = str(ask_json(q)["text"])
    assert text.split("\n")[1].startswith(f"With {ctx} tokens of context and batch 1"), text
    assert "assumed: you gave none" not in text, text


def test_no_smaller_checkpoint_where_a_shorter_context_does() -> None:
    # Llama 3.2 3B on a T4: BF16 at --max-model-len 62957 fits; an 8-bit checkpoint at a
    # longer one is no fix beside it
    text = str(ask_json("vllm serve meta-llama/Llama-3.2-3B-Instruct on a t4")["text"])
    assert "• <code>--max-model-len 62957</code>" in text, text
    assert "checkpoint of the model" not in text, text


# A speed asked of a model on the CPU alone is the CPU answer: "qwen2.5 7b on cpu only,
# tok/s?" (es "sin gpu … velocidad?") was a decode bound on an L40S, "cpu only" unread.
@pytest.mark.parametrize(("q", "lang", "lead"), [
    ("qwen2.5 7b on cpu only, tok/s?", None,
     "🖥 <b>No GPU: on the CPU alone, Qwen2.5 7B (7.61B parameters) is held in your system RAM."),
    ("can i serve qwen2.5 7b on cpu only with 32gb ram, speed?", None,
     "🖥 <b>No GPU: on the CPU alone, Qwen2.5 7B"),
    ("llama 3 8b sin gpu, 32gb de ram, velocidad?", "es",
     "🖥 <b>Sin GPU: solo con la CPU, Llama 3 8B se carga en la RAM del sistema.</b>"),
])
def test_a_speed_on_the_cpu_alone_is_not_a_gpus(q: str, lang: str | None, lead: str) -> None:
    got = ask_json(q, lang)
    text = str(got["text"])
    assert text.startswith(lead), text
    assert got["gpu"] is None, text
    # A GPU's figures only after the CPU's, said to be the GPU answer
    gpu = text.find("1× L40S")
    assert gpu < 0 or text.rfind("\n\n", 0, gpu) > text.find("CPU"), text


# ... and its speed is the RAM's bandwidth over the weights a token reads (said, else assumed
# and said so), where it was "no speed is estimated". Not asked, and no RAM kind said: as before.
@pytest.mark.parametrize(("q", "lang", "has"), [
    ("how fast is mistral 7b q4 on a cpu with ddr4 3200 dual channel", None,
     ["so at 51.2 GB/s (dual-channel DDR4-3200) one sequence generates at most about 11 tokens/s "
      "for GGUF Q4_K_M inference, a bound from the RAM's bandwidth, not a measurement"]),
    ("can i serve qwen2.5 7b on cpu only with 32gb ram, speed?", None,
     ["at 89.6 GB/s (dual-channel DDR5-5600) one sequence generates at most about 5.8 tokens/s "
      "for BF16 inference, 11 tokens/s for 8-bit inference, and 23 tokens/s for 4-bit inference",
      "Your RAM's speed was not given, so it is assumed"]),
    ("llama 3 8b sin gpu, 32gb de ram, velocidad?", "es",
     ["así que a 89,6 GB/s (DDR5-5600 de doble canal) una secuencia genera como mucho unos "
      "5,5 tokens/s con inferencia en BF16"]),
    ("mistral 7b q4 sur cpu seulement, combien de tokens/s ?", "fr",
     ["donc à 89,6 Go/s (DDR5-5600 en double canal) une séquence génère au plus environ "
      "19 tokens/s en inférence GGUF Q4_K_M"]),
])
def test_the_cpu_alone_speed_is_bound_by_the_ram(q: str, lang: str | None, has: list[str]) -> None:
    text = str(ask_json(q, lang)["text"])
    for part in has:
        assert part in text, text
    assert "no speed is estimated" not in text and "no estimo la velocidad" not in text, text


def test_no_cpu_speed_when_none_is_asked() -> None:
    text = str(ask_json("qwen2.5 7b cpu only")["text"])
    assert "no speed is estimated" in text, text


# Fractional bits said ("1.58bit", Unsloth's dynamic GGUFs) are bits per weight of a served
# file: "llama 3 8b 1.58bit on 3060" was a QLoRA fit, and "deepseek r1 1.58bit unsloth … tok/s"
# a QLoRA's training throughput on 8× B200.
@pytest.mark.parametrize(("q", "has"), [
    ("llama 3 8b 1.58bit on 3060",
     "✅ <b>Yes: Llama 3 8B fits on 1× RTX 3060 (1.58 bpw inference).</b>"),
    ("deepseek r1 1.58bit unsloth on 24gb vram + 96gb ram tok/s",
     "❌ <b>No: DeepSeek-R1 (671B MoE) does not fit on 1× GPU of 24 GB (1.58 bpw inference).</b>"),
    ("unsloth deepseek r1 dynamic quant 1.58 bit on a 4090, speed?",
     "⚡ <b>DeepSeek-R1 (671B MoE, 1.58 bpw inference) does not fit on 1× RTX 4090"),
])
def test_fractional_bits_are_a_served_files(q: str, has: str) -> None:
    text = str(ask_json(q)["text"])
    assert has in text, text
    assert "QLoRA" not in text and "training tokens/s" not in text, text


def test_whole_bits_keep_their_reading() -> None:
    assert ask_json("llama 3 70b 4bit on 2x 3090")["method"] == "inference_int4"
    assert "4.65 bpw inference" in str(ask_json("exl2 4.65bpw 70b on 2x 3090 context?")["text"])


# No precision said, a card said by its memory alone at a consumer card's size: what people do
# with it, llama.cpp's split with system RAM, as "on my 3090" gets it (was a bare ❌).
@pytest.mark.parametrize(("q", "lang", "line"), [
    ("can i run llama 3 70b on 24gb", None,
     "🐢 With llama.cpp or Ollama it can still run, partly on the CPU: a Q4_K_M GGUF puts 46 of "
     "its 81 layers on the GPU and the rest, about 19.3 GB, in system RAM, at most about 4.8 "
     "tokens/s."),
    ("puedo correr llama 3 70b en 24gb de vram?", "es",
     "🐢 Con llama.cpp u Ollama aún puede funcionar, en parte en la CPU: un GGUF Q4_K_M pone 46 "
     "de sus 81 capas en la GPU"),
])
def test_the_offloaded_run_on_ones_own_memory(q: str, lang: str | None, line: str) -> None:
    got = ask_json(q, lang)
    assert got["fits"] is False, got["text"]
    assert line in str(got["text"]).split("\n\n", 1)[0], got["text"]


def test_no_offloaded_run_where_it_fits() -> None:
    text = str(ask_json("can i run llama 3 70b on 48gb")["text"])
    assert text.startswith("✅"), text
    assert "🐢" not in text, text


def test_a_card_number_before_max_model_len_is_the_card() -> None:
    # "vllm qwen2.5 32b awq 4090 max_model_len?" was a memory answer at 4,090 tokens, no card
    # (10,853 tokens, 9,908 before vLLM's own memory replaced the CUDA context in its share)
    for q in ("vllm qwen2.5 32b awq 4090 max_model_len?", "vllm qwen2.5 32b awq 4090 max-model-len?"):
        got = ask_json(q)
        assert (got["intent"], got["gpu"]) == ("fit", "rtx-4090"), got["text"]
        assert str(got["text"]).startswith(
            "📏 <b>Longest context that fits: about 10,853 tokens for Qwen2.5 32B"), got["text"]
    # a length before it stays the length
    text = str(ask_json("llama 3 8b 4096 max_model_len on a 3090")["text"])
    assert text.split("\n")[1].startswith("With 4,096 tokens of context"), text
