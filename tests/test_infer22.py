"""infer22 (session 34): serving as people ask it — vLLM's default context, the JSON of a
"depends" lead, serving questions as people write them."""

from __future__ import annotations

import pytest

from tests.support.chat import ask, ask_json

# A bare size whose vocabulary decides the fit leads "⚠️ Depends on the model": neither a yes nor
# a no, so the JSON's `fits` (DESIGN §3: the verdict the reply leads with) is null, within the
# contract's "null where they do not apply" (was the assumed shape's true or false, which
# answered a question the lead says it cannot). `detailed_fits` stays the verdict of
# `detailed_gb`, the assumed Llama 3 shape's figure. A named model or a size wholly on one side
# keeps its true or false.
DEPENDS_JSON: list[tuple[str, bool | None, bool | None, str]] = [
    ("3080 10gb qlora 7b", None, False, "⚠️ <b>Depends on the model"),
    ("can i qlora a 7b on my 3060 12gb??", None, True, "⚠️ <b>Depends on the model"),
    ("se puede qlora de un 7b en mi 3080 de 10gb", None, False, "⚠️ <b>Depende del modelo"),
    ("qlora d'un 13b sur ma 3060 12go c possible ?", None, False,
     "⚠️ <b>Cela dépend du modèle"),
    ("qlora llama 3 8b on a 3080 10gb", False, False, "❌ <b>No:"),
    ("qlora 7b on a 4090", True, True, "✅ <b>Yes:"),
]


@pytest.mark.parametrize(("q", "fits", "detailed_fits", "starts"), DEPENDS_JSON)
def test_json_fits_is_null_under_a_depends_lead(q: str, fits: bool | None,
                                                detailed_fits: bool | None, starts: str) -> None:
    got = ask_json(q)
    assert str(got["text"]).startswith(starts), got["text"]
    assert (got["fits"], got["detailed_fits"]) == (fits, detailed_fits), got["text"]


# vLLM with no --max-model-len serves the context it reads from the model's config.json
# (max_position_embeddings: 131,072 for Llama 3.1 8B), and refuses to start when one sequence
# that long does not fit in its share: the verdict is at that context, the lead names the
# --max-model-len that fits, and 🛠 Next gives the flag (was "✅ 19.2 GB of 24 GB" at 2,048
# tokens, three precisions vLLM is not given). No precision said: the checkpoint as published.
# The lengths 1,890 tokens longer since vLLM's own 1.05 GB in its share replaced the 1.3 GB CUDA
# context (vllm38: 0.25 GB at 131,072 bytes a token; 1,512 at the 70B's 163,840 a GPU).
VLLM_DEFAULT_LEADS: list[tuple[str, str, str]] = [
    ("vllm serve meta-llama/Llama-3.1-8B-Instruct on my 4090",
     "❌ <b>Not at vLLM's default context (131,072 tokens, the model's maximum): Llama 3.1 8B "
     "(BF16 inference) does not fit on 1× RTX 4090, so vLLM refuses to start. With <code>"
     "--max-model-len 48013</code> it fits.</b>\n",
     "🛠 Next: start vLLM with <code>--max-model-len 48013</code> (or less), or with <code>"
     "--max-model-len auto</code> in recent releases, which picks the longest that fits."),
    ("vllm en mi 4090 llama 3.1 8b",
     "❌ <b>No con el contexto por defecto de vLLM (131.072 tokens, el máximo del modelo): "
     "Llama 3.1 8B (inferencia en BF16) no cabe en 1× RTX 4090, así que vLLM no arranca. Con "
     "<code>--max-model-len 48013</code> cabe.</b>\n",
     "🛠 Siguiente paso: arranca vLLM con <code>--max-model-len 48013</code>"),
    ("servir avec vllm sur ma 3090 llama 3.1 8b",
     "❌ <b>Pas avec le contexte par défaut de vLLM (131\u202f072 tokens, le maximum du modèle)"
     "\u00a0: Llama 3.1 8B (inférence en BF16) ne tient pas sur 1× RTX 3090, donc vLLM refuse "
     "de démarrer. Avec <code>--max-model-len 48776</code>, il tient.</b>\n",
     "🛠 Étape suivante\u00a0: lancez vLLM avec <code>--max-model-len 48776</code>"),
    ("vLLM serve Llama-3.1-70B-Instruct AWQ on 2x 4090",
     "❌ <b>Not at vLLM's default context (131,072 tokens, the model's maximum): Llama 3.1 70B "
     "(AWQ 4-bit inference) does not fit on 2× RTX 4090, so vLLM refuses to start. With <code>"
     "--max-model-len 15074</code> it fits.</b>\n",
     "<code>--max-model-len 15074</code>"),
]


@pytest.mark.parametrize(("q", "lead", "step"), VLLM_DEFAULT_LEADS)
def test_vllm_default_context_leads_with_the_length_that_fits(q: str, lead: str,
                                                                step: str) -> None:
    got = ask_json(q)
    text = str(got["text"])
    assert text.startswith(lead), text
    assert step in text
    assert got["fits"] is False and got["detailed_fits"] is False


# The context vLLM reads from config.json, not the model card's: Qwen2.5 7B's 32,768 (its
# 131,072 need YaRN added by hand), Qwen3's 40,960; Llama 3 8B's 8,192 fits a 3090 whole.
# A model whose config's context is not on file (DeepSeek-V3's card says 128K) keeps the
# 2,048 tokens assumed, said as such.
VLLM_DEFAULT_CONTEXTS: list[tuple[str, int | None, str | None, bool | None]] = [
    ("vllm serve meta-llama/Llama-3.1-8B-Instruct on my 4090", 131072, "inference_bf16", False),
    ("vllm qwen2.5 7b instruct on a 3090", 32768, "inference_bf16", True),
    ("vllm serve Qwen/Qwen3-8B on an l40s", 40960, "inference_bf16", True),
    ("vllm llama 3 8b on my 3090", 8192, "inference_bf16", True),
    # the weights said: their precision kept, the context vLLM's
    ("vllm serve llama 3.1 8b fp8 on a 4090", 131072, "inference_int8", False),
    # BF16 weights beyond vLLM's share: the command names its checkpoint, so the reply says
    # it does not fit there (what would follows it: tests/test_serve23.py)
    ("vllm serve Qwen/Qwen3-8B on a 4060 ti 16gb", 40960, "inference_bf16", False),
    # a context said, users served, a head count vLLM cannot split, no card: unchanged
    ("vllm serve llama 3.1 8b on a 4090 at 8k context", None, None, None),
    ("vllm llama 3.1 8b for 20 users on a 4090", None, None, None),
    ("serve llama 3 70b with vllm on 7 A10G", None, None, None),
    ("vllm llama 3.1 8b how much vram", None, None, None),
]


@pytest.mark.parametrize(("q", "seq_len", "method", "fits"), VLLM_DEFAULT_CONTEXTS)
def test_vllm_serves_the_configs_context_by_default(q: str, seq_len: int | None,
                                                     method: str | None,
                                                     fits: bool | None) -> None:
    reply = ask(q)
    query = reply.answer.query  # as answered, the defaults it read filled in
    if seq_len is None:
        assert query.context_default != "vllm"
        return
    assert query.seq_len == seq_len
    if method is not None:
        assert query.method == method and query.context_default == "vllm"
    if fits is not None:
        assert reply.answer.fits is fits, reply.text


# A -ngl (Ollama's num_gpu) below the model's layer count where the whole model fits: the
# layers left off run on the CPU for nothing, said with the count that keeps them all on the GPU
# (llama.cpp counts the output layer: 49 for Qwen2.5 14B's 48). Was a plain "✅ fits", the
# flag unread. -ngl 99, or a model the card cannot hold whole (the layer split): unchanged.
FEWER_LAYERS: list[tuple[str, str | None]] = [
    ("llama-server -ngl 40 -c 8192 qwen2.5 14b q4 on my 4060 ti 16gb",
     "🐢 Your <code>-ngl 40</code> puts 40 of its 49 layers on the GPU: the other 9 run on the "
     "CPU at your RAM's bandwidth, which slows every token, though all 49 fit (11 GB of 17.18 GB "
     "(16 GiB) by the detailed estimate). Use <code>-ngl 49</code> (or 99) to keep them all on "
     "the GPU.\n"),
    ("ollama llama3 8b num_gpu 20 on my 3090", "🐢 Your <code>num_gpu 20</code> puts 20 of its "
     "33 layers on the GPU"),
    ("llama-server -ngl 40 -c 8192 qwen2.5 14b q4 en mi 4060 ti 16gb",
     "🐢 Tu <code>-ngl 40</code> pone 40 de sus 49 capas en la GPU"),
    ("llama.cpp -ngl 20 llama 3 8b q4 sur ma 3090",
     "🐢 Votre <code>-ngl 20</code> met 20 de ses 33 couches sur le GPU\u00a0:"),
    ("llama.cpp -ngl 99 llama 3 8b q4_k_m on a 3060 12gb", None),
    ("llama.cpp -ngl 40 llama 3 70b q4 on my 3090", None),
]


@pytest.mark.parametrize(("q", "said"), FEWER_LAYERS)
def test_fewer_gpu_layers_than_fit_are_said(q: str, said: str | None) -> None:
    text = ask(q).text
    if said is None:
        assert "🐢 Your" not in text
    else:
        assert said in text, text


# "what models?" beside a local runner and a card or memory, no model named: what it holds,
# largest first, as "what can i run on …" gets it (was "❓ Which model?").
WHICH_MODELS: list[tuple[str, str]] = [
    ("lm studio on a 16gb macbook, what models?", "📏 <b>The largest model"),
    ("which llms with ollama on my 3060 12gb", "📏 <b>The largest model 12 GB holds"),
    ("que modelos con ollama en mi 3060?", "📏 <b>El modelo más grande que cabe en 12"),
    ("quel modèle avec ollama sur ma 3060 12go ?", "📏 <b>Avec 12\u202fGo, le plus gros modèle"),
]


@pytest.mark.parametrize(("q", "starts"), WHICH_MODELS)
def test_which_models_with_a_runner_is_the_largest(q: str, starts: str) -> None:
    reply = ask(q)
    assert reply.query.largest
    assert reply.text.startswith(starts), reply.text


# vLLM's --gpu-memory-utilization flag with a share said, beside a model and a card, is a run to
# check, not "why does vLLM take so much memory": "utilization" read as the Spanish verb
# "utiliza…" made it one (asks.VLLM_SHARE), so the reply explained the preallocation and never
# said whether it fits. The verb itself, and the questions about the share, are unchanged.
SHARE_FLAG: list[tuple[str, bool]] = [
    ("vllm serve meta-llama/Llama-3.1-8B-Instruct --gpu-memory-utilization 0.95 on my 4090", False),
    ("vllm serve llama 3.1 8b --gpu-memory-utilization 0.95 en mi 4090", False),
    ("vllm utiliza toda la memoria de mi gpu", True),
    ("why does vllm use 90% of my gpu memory", True),
]


@pytest.mark.parametrize(("q", "share_asked"), SHARE_FLAG)
def test_the_share_flag_is_not_a_share_question(q: str, share_asked: bool) -> None:
    reply = ask(q)
    assert reply.query.vllm_share_asked is share_asked
    assert reply.text.startswith("🧠 <b>vLLM") is share_asked, reply.text
