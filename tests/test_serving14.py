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
    # a CUDA card with no engine named is vLLM's run: its own memory, not the CUDA context, in
    # its share (vllm38)
    ("how many users llama 3 70b on an h200 at 8k", None,
     "activations, CUDA graphs and vLLM's other memory"),
])
def test_the_concurrency_line_names_the_runtime(text: str, locale: str | None, said: str) -> None:
    got = ask_json(text, locale)
    assert said in got["text"], got["text"]


# --- vLLM's --max-num-seqs asked as memory ---------------------------------------------------------


def test_max_num_seqs_asked_as_vram_leads_with_the_memory_it_needs() -> None:
    """Was "At most about 6 sequences at once … on 1× L40S": the VRAM asked came last."""
    got = ask_json("vllm llama 3 8b with max-model-len 32768 and max-num-seqs 64, how much vram")
    text = got["text"]
    assert text.startswith(
        "📐 <b>64 sequences at once: Llama 3 8B (BF16 inference) needs about 292.3 GB, weights "
        "16.1 GB, KV cache for 64 × 32,768 tokens 274.9 GB, activations, CUDA graphs and vLLM's "
        "other memory 1.3 GB (detailed estimate).</b>"), text
    assert "👉 The cheapest offered configuration that holds these sequences: 4× A100 80GB" in text
    assert ("⚠️ <code>--max-num-seqs 64</code> is a ceiling for vLLM's scheduler, not memory it "
            "reserves: on 1× L40S vLLM starts all the same and runs about 6 sequences at once, "
            "the others wait in the queue.") in text
    assert got["detailed_gb"] == 292.3  # (292.5 with the 1.3 GB CUDA context, before vllm38)


def test_vllm_pages_its_kv_cache_no_layer_is_copied() -> None:
    """vLLM's PagedAttention allocates the cache up front: transformers' growth copy of one
    layer was in the total (8.6 GB at 64 × 32k)."""
    vllm = ask_json("vllm llama 3 8b, 8k context, batch 16, how much vram")["text"]
    hf = ask_json("transformers generate llama 3 8b, 8k context, batch 16, how much vram")["text"]
    assert "KV cache growth" not in vllm, vllm
    assert "KV cache growth" in hf, hf


def test_max_num_seqs_on_a_card_that_cannot_hold_them() -> None:
    text = ask_json("vllm llama 3 8b --max-model-len 32768 --max-num-seqs 64 on an l40s, "
                    "how much vram")["text"]
    assert text.startswith("❌ <b>64 sequences at once do not fit on 1× L40S:"), text
    assert "on 1× L40S vLLM starts all the same and runs about" in text


def test_tensor_parallel_flag_splits_over_its_gpus() -> None:
    """"-tp 2" was ignored: the 32 sequences were sized on one GPU."""
    text = ask_json("-tp 2 --max-model-len 16k --max-num-seqs 32 qwen2.5 32b awq how much memory"
                    )["text"]
    assert text.startswith("📐 <b>32 sequences at once over 2 GPUs:"), text
    assert "needs about 78.1 GB per GPU" in text  # 16k is 16,000 to vLLM
    got = ask_json("vllm serve qwen2.5 32b awq --tensor-parallel-size 2 on l40s")
    assert (got["gpu"], got["gpu_count"]) == ("l40s", 2), got["text"]


@pytest.mark.parametrize(("text", "locale", "lead"), [
    ("vllm llama 3 8b con --max-model-len 32768 y --max-num-seqs 64, cuanta vram necesito", "es",
     "📐 <b>64 secuencias a la vez: Llama 3 8B (inferencia en BF16) necesita unos 292,3\u00a0GB"),
    ("vllm llama 3 8b avec --max-model-len 32768 et --max-num-seqs 64, combien de vram il faut ?",
     "fr", "📐 <b>64 séquences à la fois\u00a0: Llama 3 8B (inférence en BF16) demande environ "
     "292,3\u202fGo"),
])
def test_max_num_seqs_as_memory_in_spanish_and_french(text: str, locale: str, lead: str) -> None:
    got = ask_json(text, locale)
    assert got["text"].startswith(lead), got["text"]


def test_requests_after_the_context_are_served_at_once() -> None:
    """"avec 32k de contexte et 8 requêtes": 8 at once (was batch 1)."""
    got = ask_json("combien de vram pour servir llama 3 70b en fp8 avec 32k de contexte et "
                   "8 requêtes", "fr")
    assert "un batch de 8" in got["text"], got["text"]


def test_requests_per_day_are_not_held_at_once() -> None:
    """"1000 requests a day" is a total: it was read as a batch of 1,000."""
    got = ask_json("serve llama 3 8b for 1000 requests a day, how much vram")
    assert "batch 1,000" not in got["text"], got["text"]


# --- llama.cpp's K and V caches, each set on its own -----------------------------------------------


@pytest.mark.parametrize(("text", "locale", "kv", "said"), [
    # -ctk alone leaves V at F16 (llama.cpp's default): was both caches in Q8_0 (4.6 GB)
    ("--ctx-size 65536 --cache-type-k q8_0 with llama 3.1 8b q8 on 12gb", None,
     "• KV cache: 6.6 GB",
     "K cache in Q8_0 and V cache in F16 (llama.cpp sets each apart, F16 unless said): 12.25 "
     "bits a value on average instead of BF16's 16."),
    ("llama 3.1 8b q8 -c 65536 -ctk q4_0 -ctv q8_0 on 12gb", None, "• KV cache: 3.5 GB",
     "K cache in Q4_0 and V cache in Q8_0"),
    ("llama 3.1 8b q8 -c 65536 -ctk q8_0 -ctv q8_0 on 12gb", None, "• KV cache: 4.6 GB",
     "KV cache in Q8_0, as you said: 8.5 bits a value"),
    ("llama.cpp con llama 3.1 8b q8, -c 65536 y -ctk q8_0 en 12gb", "es",
     "• Caché KV: 6,6\u00a0GB", "Caché K en Q8_0 y caché V en F16"),
    ("llama.cpp avec llama 3.1 8b q8, -c 65536 et -ctk q8_0 sur 12 go", "fr",
     "• Cache KV\u00a0: 6,6\u202fGo", "Cache K en Q8_0 et cache V en F16"),
])
def test_the_k_and_v_caches_are_typed_apart(text: str, locale: str | None, kv: str,
                                             said: str) -> None:
    got = ask_json(text, locale)
    assert kv in got["text"] and said in got["text"], got["text"]


# --- a request's prompt and output said without "tokens" -----------------------------------------


@pytest.mark.parametrize(("text", "locale", "lead"), [
    # was "at 512 tokens of context each": the prompt unread, the output taken for the context
    # (0.2 GB under before vllm38: vLLM's own memory in its share for the CUDA context)
    ("vllm llama 3 8b 50 users 2k prompt 512 output how much memory", None,
     "👥 <b>50 users at once: Llama 3 8B (BF16 inference) needs about 34.2 GB with their 50 KV "
     "caches (16.8 GB) at 2,560 tokens of context each"),
    ("vllm llama 3 8b 2048 input 512 output 20 users", None,
     "👥 <b>20 users at once: Llama 3 8B (BF16 inference) needs about 24.1 GB with their 20 KV "
     "caches (6.7 GB) at 2,560 tokens of context each"),
    ("vllm llama 3 8b para 20 usuarios con 2k de entrada y 512 de salida", "es",
     "👥 <b>20 usuarios a la vez: Llama 3 8B (inferencia en BF16) necesita unos 24,1\u00a0GB"),
    ("vllm llama 3 8b pour 20 utilisateurs avec 2k en entrée et 512 en sortie", "fr",
     "👥 <b>20 utilisateurs en même temps\u00a0: Llama 3 8B (inférence en BF16) demande environ "
     "24,1\u202fGo"),
])
def test_prompt_and_output_said_without_tokens(text: str, locale: str | None, lead: str) -> None:
    got = ask_json(text, locale)
    assert got["text"].startswith(lead), got["text"]


@pytest.mark.parametrize("text", [
    # was QLoRA's memory ("About 12.8 GB … for QLoRA"), then the time to generate 512 tokens
    "llama 3 8b with 2k prompt and 512 output tokens, how much vram",
    "llama 3 8b with a 2k tokens prompt, how much vram",
    "llama 3 8b with 512 output tokens, how much vram",
])
def test_a_request_asked_as_memory_is_served(text: str) -> None:
    got = ask_json(text)
    assert (got["intent"], got["method"]) == ("memory", "inference_bf16"), got["text"]
    assert got["text"].startswith("📐 <b>Memory for Llama 3 8B</b>"), got["text"]


# --- "how much do i save" beside a KV cache type said ---------------------------------------------


@pytest.mark.parametrize(("text", "locale", "lead"), [
    # was "❓ Serving has no typical duration": the saving read as money (5.4 GB between the two
    # totals in tenths, 153.4 and 148; 5.3 before vllm38's change of vLLM's own memory)
    ("kv cache fp8 with vllm, how much do i save on llama 3 70b at 32k", None,
     "🗜 <b>A KV cache in FP8 saves about 5.4 GB per GPU here"),
    ("cache kv en fp8 con vllm, cuanto ahorro en llama 3 70b a 32k", "es",
     "🗜 <b>Una caché KV en FP8 ahorra unos 5,4\u00a0GB por GPU aquí"),
    ("cache kv en q8 avec llama.cpp, combien j'économise sur llama 3 70b à 32k ?", "fr",
     "🗜 <b>Un cache KV en Q8_0 économise environ 5\u202fGo par GPU ici"),
])
def test_what_a_kv_cache_type_saves_asked_as_i_save(text: str, locale: str | None,
                                                    lead: str) -> None:
    got = ask_json(text, locale)
    assert got["text"].startswith(lead), got["text"]


def test_the_sequences_cheapest_line_agrees_with_them_in_spanish() -> None:
    """"secuencias" is feminine: was "que los aloja", said of the users."""
    got = ask_json("vllm llama 3 8b con --max-model-len 32768 y --max-num-seqs 64, cuanta vram "
                   "necesito", "es")
    assert "👉 La configuración ofrecida más barata que aloja estas secuencias: 4× A100 80GB" \
        in got["text"], got["text"]
