"""infer20 (session 32): inference answers — FP32 weights, layer-offload verdicts, batch jobs,
FP8 on cards without FP8 tensor cores."""

from __future__ import annotations

import pytest

from tests.support.chat import ask

# llama.cpp and the runners on it (Ollama, LM Studio…) keep the layers the card cannot hold in
# system RAM: with the RAM said and enough, it runs, partly on the CPU and slowly, which leads
# with the decode bound (was "❌ No: … does not fit", then the split).
OFFLOADED = [
    ("ollama llama 3 70b on a 4090 with 64gb ram",
     "⚠️ <b>Yes, partly on the CPU and slowly: Llama 3 70B (GGUF Q4_K_M inference) does not fit "
     "whole on 1× RTX 4090, so Ollama keeps 37 of its 81 layers in your 64 GB of RAM and runs "
     "them on the CPU: at most about 3.9 tokens/s.</b>"),
    ("ollama llama 3 70b en una 4090 con 64gb de ram",
     "⚠️ <b>Sí, en parte en la CPU y despacio: Llama 3 70B (inferencia GGUF Q4_K_M) no cabe "
     "entero en 1× RTX 4090, así que Ollama deja 37 de sus 81 capas en tus 64\u00a0GB de RAM y "
     "las ejecuta en la CPU: como mucho unos 3,9 tokens/s.</b>"),
    ("ollama llama 3 70b sur une 4090 avec 64 go de ram",
     "⚠️ <b>Oui, en partie sur le CPU et lentement\u00a0: Llama 3 70B (inférence GGUF Q4_K_M) "
     "ne tient pas en entier sur 1× RTX 4090, donc Ollama garde 37 de ses 81 couches dans vos "
     "64\u202fGo de RAM et les fait tourner sur le CPU\u00a0: au plus environ 3,9 tokens/s.</b>"),
    ("llama.cpp llama 3 70b q4 on my 3090 with 32gb ram",
     "⚠️ <b>Yes, partly on the CPU and slowly: Llama 3 70B (GGUF Q4_K_M inference) does not fit "
     "whole on 1× RTX 3090, so llama.cpp keeps"),
]


@pytest.mark.parametrize(("q", "lead"), OFFLOADED)
def test_offloaded_runs_lead(q: str, lead: str) -> None:
    reply = ask(q).text
    assert reply.startswith(lead), reply[:400]
    assert "❌" not in reply.split("\n")[0]


# RAM too small for the layers left off the GPU: still ❌ (they would be read from disk).
@pytest.mark.parametrize("q", ["ollama llama 3 70b on a 3090 with 16gb ram",
                               "ollama llama 3 70b on my 4090 and 16 gb ram"])
def test_offload_without_the_ram_stays_no(q: str) -> None:
    assert ask(q).text.startswith("❌ <b>No: Llama 3 70B does not fit")


# Serving in FP32 ("in fp32", transformers without torch_dtype): the 16-bit method's detailed
# estimate counts 4 bytes a weight, but the headline, the method line, the detailed block and
# its warning said BF16 ("does not fit (BF16 inference)", "The planning rule says it fits
# (19.2 GB per GPU)"). They now say FP32, the seed's planning rule is given as BF16's (no FP32
# rule is invented), and where FP32 misses the card the same load in BF16 is said.
FP32: list[tuple[str, str, list[str]]] = [
    ("can i run llama 3.1 8b in fp32 on a 3090",
     "❌ <b>No: Llama 3.1 8B does not fit on 1× RTX 3090 (FP32 inference).</b>\nWith 2,048 "
     "tokens of context (assumed: you gave none) and batch 1, FP32 inference needs about "
     "34.5 GB per GPU",
     ["• <b>Inference in FP32</b>: ≈ 34.5 GB per GPU with the KV cache, by the detailed "
      "estimate (4 bytes a weight; the planning rules are for BF16, 8-bit and 4-bit weights "
      "only: in BF16 ≈ 19.2 GB without it)",
      "💡 Loaded in BF16 (torch_dtype=torch.bfloat16) it needs about 17.9 GB per GPU by the "
      "detailed estimate, and fits on 1× RTX 3090.",
      "👉 Cheapest offered configuration that fits: 1× L40S at $0.82/hour.",
      "— Inference in FP32", "• Model weights: 32.1 GB",
      "⚠️ <b>FP32 weights take 4 bytes a parameter, twice BF16's, and the planning rules are for "
      "BF16, 8-bit and 4-bit weights only (in BF16: 19.2 GB per GPU): the detailed estimate, "
      "34.5 GB per GPU, is more than the 25.77 GB (24 GiB) each GPU has.</b>",
      "Load it in BF16 (torch_dtype=torch.bfloat16), use a shorter context or more GPUs.",
      "KV cache in FP32, the model's dtype"]),
    ("llama 3 8b en fp32 en una 4090",
     "❌ <b>No: Llama 3 8B no cabe en 1× RTX 4090 (inferencia en FP32).</b>",
     ["<b>Inferencia en FP32</b>", "Cargado en BF16 (torch_dtype=torch.bfloat16) necesita unos "
      "17,9\u00a0GB por GPU", "Los pesos en FP32 ocupan 4 bytes por parámetro"]),
    ("llama 3 8b en fp32 sur une 4090",
     "❌ <b>Non\u00a0: Llama 3 8B ne tient pas sur 1× RTX 4090 (inférence en FP32).</b>",
     ["<b>Inférence en FP32</b>", "Chargé en BF16 (torch_dtype=torch.bfloat16), il demande "
      "environ 17,9\u202fGo par GPU", "Les poids en FP32 occupent 4 octets par paramètre"]),
    ("can i run qwen2.5 14b in fp32 on a 4090",
     "❌ <b>No: Qwen2.5 14B (14.7B parameters) does not fit on 1× RTX 4090 (FP32 inference).",
     ["it does not fit on 1× RTX 4090 either.",
      "Even the FP32 weights alone take 58.8 GB, more than the 24 GB available.",
      "👉 Cheapest offered configuration that fits: 1× A100 80GB at $0.92/hour."]),
    ("can i run llama 3.1 8b in fp32 on an h100",
     "✅ <b>Yes: Llama 3.1 8B fits on 1× H100 (FP32 inference).</b>", ["— Inference in FP32"]),
    ("llama 3 8b fp32 inference vram",
     "📐 <b>Memory for Llama 3 8B</b>\nWith 2,048 tokens of context and batch 1, FP32 "
     "inference needs about 34.5 GB on one GPU",
     ["≈ 34.5 GB on one GPU with the KV cache, by the detailed estimate (4 bytes a weight;"]),
]


# BF16 said (or nothing said) keeps its words.
def test_bf16_serving_unchanged() -> None:
    reply = ask("can i run llama 3.1 8b in bf16 on a 3090").text
    assert reply.startswith("✅ <b>Yes: Llama 3.1 8B fits on 1× RTX 3090 (BF16 inference).</b>")
    assert "FP32" not in reply


# FP8 asked on a card whose tensor cores do not multiply FP8: vLLM serves FP8 checkpoints
# weight-only there (FP8 Marlin, W8A16; vLLM docs, FP8 W8A8), or not at all before Turing; the
# reply said nothing of it ("8-bit inference" alone).
FP8: list[tuple[str, str | None]] = [
    ("can i run llama 3 8b in fp8 on a 3090",
     "⚙️ The RTX 3090 (Ampere) has no FP8 math in hardware: vLLM still loads FP8 checkpoints "
     "there, keeping the weights in FP8 (1 byte a weight, as counted here) and computing in 16 "
     "bits with its FP8 Marlin kernel (weight-only, W8A16). You save the memory, not the "
     "compute. <i>Source: vLLM docs, FP8 W8A8.</i>"),
    ("llama 3 8b en fp8 en una 3090",
     "⚙️ La RTX 3090 (Ampere) no tiene cálculo FP8 en hardware: vLLM carga igualmente ahí"),
    ("llama 3 8b en fp8 sur une a100",
     "⚙️ L'A100 80GB (Ampere) n'a pas de calcul FP8 en matériel\u00a0: vLLM y charge quand même"),
    ("qwen2.5 7b fp8 on a v100 16gb",
     "⚙️ The V100 16GB (Volta) has no FP8 math in hardware, and vLLM's weight-only FP8 needs "
     "compute capability 7.5 (Turing) or newer"),
    # FP8 in hardware, or 8-bit not said as FP8: nothing to add
    ("can i run llama 3 8b in fp8 on a 4090", None),
    ("can i run llama 3 8b in int8 on a 3090", None),
    ("llama 3 8b bf16 with fp8 kv cache on a 3090", None),
]


@pytest.mark.parametrize(("q", "note"), FP8)
def test_fp8_on_a_card_without_fp8_math(q: str, note: str | None) -> None:
    reply = ask(q).text
    if note is None:
        assert "⚙️" not in reply and "FP8 Marlin" not in reply, reply
    else:
        assert note in reply, reply


# Summarizing, classifying, translating N documents is batch inference (bot.batch), not a
# fine-tuning run ("summarize 100k documents with llama 3 8b, how long on an h100" was QLoRA's
# time for 100,000 samples). With no length, the documents are read at an assumed 1,000 tokens
# each, said so; with each output said ("200 out"), the tokens written back are timed apart at
# the same 2·N FLOPs a token (decode's floor) and billed with the input.
BATCH_DOCS: list[tuple[str, str, list[str]]] = [
    ("summarize 100k documents with llama 3 8b, how long on an h100",
     "⏱ <b>About 1.28 hours to process 100 million tokens with Llama 3 8B (BF16 inference) on "
     "1× H100 (1.28 GPU-hours).</b>\n📄 Read as 100,000 documents of about 1,000 tokens each "
     "(assumed: you gave no length)", ["Only the input is timed"]),
    ("classify 1M emails with llama 3 8b on an h100 how long",
     "⏱ <b>About 12.83 hours to process 1 billion tokens", ["1,000,000 documents"]),
    ("resumir 100k documentos con llama 3 8b en una h100, cuanto tarda",
     "⏱ <b>Alrededor de 1,28\u00a0horas para procesar 100 millones de tokens",
     ["📄 Leído como 100.000 documentos de unos 1.000 tokens cada uno"]),
    ("résumer 100k documents avec llama 3 8b sur une h100, combien de temps",
     "⏱ <b>Environ 1,28\u00a0heure", ["📄 Lu comme 100\u202f000 documents"]),
    ("summarize 100k documents with llama 3 8b on an h100, each 2k tokens in, 200 out",
     "⏱ <b>About 2.57 hours to process 200 million tokens with Llama 3 8B (BF16 inference) on "
     "1× H100 (2.57 GPU-hours).</b>",
     ["✍️ Writing 200 tokens for each document, 20 million tokens in all: at least 16 minutes "
      "more at the same 2·N FLOPs a token.", "1× H100 × 2.83 hours"]),
    ("resumir 100k documentos de 2k tokens con llama 3 8b en una h100, 200 tokens de salida",
     "⏱ <b>Alrededor de 2,57\u00a0horas", ["✍️ Escribir 200 tokens por documento"]),
]


# FP32 said never reads as BF16; documents read through a model are never a training run.
FP32_LACKS = ("BF16 inference", "Inference in BF16", "inferencia en BF16", "inférence en BF16",
              "The planning rule says it fits", "KV cache in BF16")
STARTS_HAS: list[tuple[str, str, list[str], tuple[str, ...]]] = [
    *((q, starts, has, FP32_LACKS) for q, starts, has in FP32),
    *((q, starts, has, ("QLoRA",)) for q, starts, has in BATCH_DOCS),
]


@pytest.mark.parametrize(("q", "starts", "has", "lacks"), STARTS_HAS)
def test_reply_starts_has_and_lacks(q: str, starts: str, has: list[str],
                                    lacks: tuple[str, ...]) -> None:
    reply = ask(q).text
    assert reply.startswith(starts), reply[:500]
    for phrase in has:
        assert phrase in reply, (phrase, reply)
    for wrong in lacks:
        assert wrong not in reply, (wrong, reply)


# A training word keeps the documents a dataset to train on.
@pytest.mark.parametrize("q", ["qlora llama 3 8b on 100k documents on an h100 how long",
                               "fine tune llama 3 8b to summarize 100k documents, how long on "
                               "an h100"])
def test_documents_trained_on_stay_training(q: str) -> None:
    query = ask(q).query
    assert not query.batch_processed and query.batch_docs is None
