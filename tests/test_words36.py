"""words36 (session 36): phrasings found at the end of session 35.

Two models to fine-tune joined the way each language says "both X and Y" ("tanto X como Y",
"aussi bien X que Y", "à la fois X et Y"): each model's own answer (was the first model's
alone); a model named twice ("llama 3 8b and mistral 7b, tanto llama como mistral") is
answered once (was three sections, Mistral twice).
"""

from __future__ import annotations

import pytest

from tests.support.chat import ask, ask_json, says

# (question, locale, the sections' model names, in order)
BOTH_TRAINED: list[tuple[str, str | None, list[str]]] = [
    ("tengo una 4090, puedo entrenar tanto llama 3 8b como mistral 7b con qlora?", "es",
     ["Llama 3 8B", "Mistral 7B"]),
    ("Tanto Llama 3 8B como Mistral 7B con QLoRA en una 4090, se puede?", "es",
     ["Llama 3 8B", "Mistral 7B"]),
    ("puis-je entraîner aussi bien llama 3 8b que mistral 7b avec qlora sur une 4090 ?", "fr",
     ["Llama 3 8B", "Mistral 7B"]),
    ("puis-je entraîner à la fois llama 3 8b et mistral 7b avec qlora sur une 4090 ?", "fr",
     ["Llama 3 8B", "Mistral 7B"]),
    ("can i finetune both llama 3 8b and mistral 7b on a 4090 with qlora", None,
     ["Llama 3 8B", "Mistral 7B"]),
    # named twice, the second time by family and by name: once each
    ("can i finetune llama 3 8b and mistral 7b, tanto llama como mistral, on a 4090", None,
     ["Llama 3 8B", "Mistral 7B"]),
    ("can i lora llama 3 8b and mistral 7b on a 4090, and mistral 7b?", None,
     ["Llama 3 8B", "Mistral 7B"]),
]


@pytest.mark.parametrize(("q", "lang", "names"), BOTH_TRAINED)
def test_both_models_trained_each_once(q: str, lang: str | None, names: list[str]) -> None:
    reply = ask(q, lang)
    assert reply.sectioned, reply.text
    assert [p.query.model_id for p in reply.parts] == [
        "llama-3-8b", "mistral-7b"], reply.text
    for n, name in enumerate(names, 1):
        assert f"{n}\ufe0f\u20e3 <i>{name}</i>" in reply.text, reply.text
    assert "3\ufe0f\u20e3" not in reply.text, reply.text


def test_a_la_fois_after_the_models_still_trains_them_at_once() -> None:
    # "llama et mistral à la fois": at the same time, their memory summed on the card
    reply = ask("puis-je entraîner llama 3 8b et mistral 7b à la fois avec qlora sur une 4090 ?",
                "fr")
    assert "tiennent en même temps sur 1× RTX 4090" in reply.text, reply.text


# On a Mac, mlx-lm's run: what MLX computes (unfused attention while training, BF16 logits), not
# PyTorch's FlashAttention, torch.compile and FP32 loss (was the CUDA line on an MLX estimate).
MLX_KERNELS: list[tuple[str, str | None, str, str]] = [
    ("lora llama 3 8b on my m2 max 32gb with mlx", None,
     "MLX computes attention unfused while it trains",
     "FlashAttention (SDPA), no torch.compile"),
    ("mlx_lm.lora --model meta-llama/Meta-Llama-3-8B --train on my m2 max 32gb", None,
     "MLX computes attention unfused while it trains",
     "FlashAttention (SDPA), no torch.compile"),
    ("lora de llama 3 8b con mlx en mi m2 max de 32gb", "es",
     "MLX calcula la atención sin fusionar mientras entrena",
     "FlashAttention (SDPA), sin torch.compile"),
    ("lora de llama 3 8b avec mlx sur mon m2 max 32 go", "fr",
     "MLX calcule l'attention sans fusion pendant l'entraînement",
     "FlashAttention (SDPA), sans torch.compile"),
]


@pytest.mark.parametrize(("q", "lang", "has", "lacks"), MLX_KERNELS)
def test_an_mlx_run_says_what_mlx_computes(q: str, lang: str | None, has: str,
                                           lacks: str) -> None:
    reply = ask(q, lang)
    assert has in reply.text, reply.text
    assert lacks not in reply.text, reply.text


def test_a_cuda_run_keeps_its_kernels_line() -> None:
    reply = ask("qlora llama 3 8b seq 4096 on a 4090")
    assert "FlashAttention (SDPA), no torch.compile" in reply.text, reply.text
    assert "MLX computes" not in reply.text, reply.text


# A context in thousands said bare in a serving question: the KV cache at that context is in the
# verdict (was unread: the weights alone, or vLLM's whole 131,072 for "32k").
BARE_CONTEXT: list[tuple[str, str | None, str, float]] = [
    ("serve llama 3.1 8b with 128k on an a100", None,
     "With 131,072 tokens of context and batch 1", 36.1),
    # (21.7 GB: vLLM's own memory in its share for the CUDA context, 21.9 before vllm38)
    ("vllm llama 3.1 8b 32k on a 4090", None, "With 32,768 tokens of context and batch 1", 21.7),
    ("serve llama 3.1 8b 128k", None, "With 131,072 tokens of context and batch 1", 36.1),
    # the model's suffix or format between its size and the context
    ("serve llama 3.1 8b instruct 32k on a 4090", None,
     "With 32,768 tokens of context and batch 1", 22.8),
    ("serve llama 3.1 8b q4_k_m 32k on a 3060", None,
     "With 32,768 tokens of context and batch 1", 9.7),
    ("servir llama 3.1 8b con 128k en una a100", "es",
     "Con 131.072 tokens de contexto y batch 1", 36.1),
    ("servir llama 3.1 8b avec 128k sur une a100", "fr",
     "Avec 131\u202f072 tokens de contexte et un batch de 1", 36.1),
]


@pytest.mark.parametrize(("q", "lang", "said", "gb"), BARE_CONTEXT)
def test_a_bare_context_in_a_serving_question_is_its_context(
        q: str, lang: str | None, said: str, gb: float) -> None:
    got = ask_json(q, lang)
    assert said in str(got["text"]), got["text"]
    assert got["detailed_gb"] == gb, got["text"]


# Not a context: a count of things, a rate, a model's own name, a training run's dataset.
NOT_A_CONTEXT: list[str] = [
    "serve llama 3.1 8b 16k requests a day on an a100",
    "serve llama 3.1 8b at 8k tokens/s on an a100",
    "serve phi 3 mini 128k on a 4090",
    "finetune llama 3 8b on 64k samples on an a100",
    "serve llama 3.1 8b with a $32k budget",
]


@pytest.mark.parametrize("q", NOT_A_CONTEXT)
def test_other_numbers_in_thousands_are_no_context(q: str) -> None:
    text = str(ask_json(q)["text"])
    assert "tokens of context" not in text and "131,072" not in text, text


# MLX named in words ("with mlx", "using mlx-lm", "mlx_lm"): the trainer said as named (was "No
# trainer named"); mlx-lm's own defaults (batch 4, no checkpointing) where the Mac holds them,
# else their figure beside the batch 1 with checkpointing that fits, which the command passes.
MLX_NAMED: list[tuple[str, str | None, bool, list[str]]] = [
    ("lora llama 3 8b on my m2 max 32gb with mlx", None, True, [
        "✅ <b>Yes: Llama 3 8B fits on 1× Apple M2 Max (LoRA).</b>",
        "🍎 With mlx-lm, as you named it: its own defaults, batch 4 without gradient "
        "checkpointing, need about 64.2 GB here, more than the GPU can use; with --batch-size 1 "
        "--grad-checkpoint it needs about 19.3 GB, the figures below.",
        "--train --data … --batch-size 1 --grad-checkpoint</code>"]),
    ("qlora llama 3 8b on my m2 pro 16gb using mlx-lm", None, True, [
        "🍎 With mlx-lm, as you named it: its own defaults, batch 4 without gradient "
        "checkpointing, need about 52.6 GB here"]),
    ("lora llama 3 8b on my m2 ultra 192gb with mlx_lm", None, True, [
        "sequence 2,048, batch 4) it needs about 64.2 GB",
        "🍎 With mlx-lm, as you named it: estimated at mlx_lm.lora's own defaults, batch 4 "
        "without gradient checkpointing, which hold here.",
        "<code>mlx_lm.lora --model … --train --data …</code>"]),
    ("lora de llama 3 8b con mlx en mi m2 max de 32gb", "es", True, [
        "🍎 Con mlx-lm, como lo indicas: sus valores por defecto, batch 4 sin gradient "
        "checkpointing, necesitan unos 64,2\u00a0GB aquí"]),
    ("lora de llama 3 8b avec mlx sur mon m2 ultra 192 go", "fr", True, [
        "🍎 Avec mlx-lm, comme vous l'indiquez\u00a0: estimé avec les valeurs par défaut de "
        "mlx_lm.lora"]),
]


@pytest.mark.parametrize(("q", "lang", "fits", "has"), MLX_NAMED)
def test_mlx_named_is_said_as_named(q: str, lang: str | None, fits: bool,
                                    has: list[str]) -> None:
    got = ask_json(q, lang)
    text = str(got["text"])
    assert got["fits"] is fits, text
    says(text, has, ["No trainer named", "Aucun outil", "Sin entrenador indicado"])


def test_mlx_unnamed_still_says_it_was_assumed() -> None:
    text = str(ask_json("lora llama 3 8b on my m2 max 32gb")["text"])
    says(text, ["🍎 No trainer named: estimated as mlx-lm runs it on a Mac"], ["as you named it"])


# Served, "tanto X como Y" / "aussi bien X que Y" are "both X and Y": both models on the card
# together, as "can i run both llama 3 8b and mistral 7b on a 4090" is (was Llama alone).
@pytest.mark.parametrize(("q", "lang", "lead"), [
    ("puedo correr tanto llama 3 8b como mistral 7b en una 4090?", "es",
     "❌ <b>Llama 3 8B y Mistral 7B no caben juntos en 1× RTX 4090"),
    ("je peux faire tourner aussi bien llama 3 8b que mistral 7b sur ma 4090 ?", "fr",
     "❌ <b>Llama 3 8B et Mistral 7B ne tiennent pas ensemble sur 1× RTX 4090"),
    ("can i run both llama 3 8b and mistral 7b on a 4090", None,
     "❌ <b>Llama 3 8B and Mistral 7B do not fit together on 1× RTX 4090"),
])
def test_both_models_served_together(q: str, lang: str | None, lead: str) -> None:
    text = ask(q, lang).text
    assert text.startswith(lead), text


# In a training question with no dataset said, the bare number in thousands is the sequence
# length (was unread: 2,048 assumed); with a dataset said it stays the dataset's size.
@pytest.mark.parametrize(("q", "lang"), [
    ("qlora llama 3 8b with 32k on an a100", None),
    ("qlora llama 3 8b 32k on an a100", None),
    ("entrenar qlora de llama 3 8b con 32k en una a100", "es"),
])
def test_a_bare_length_in_a_training_question_is_its_sequence(q: str, lang: str | None) -> None:
    got = ask_json(q, lang)
    assert (got["intent"], got["detailed_gb"], got["fits"]) == ("fit", 88.4, False), got["text"]
    assert "32,768" in str(got["text"]) or "32.768" in str(got["text"]), got["text"]


def test_a_bare_number_beside_a_dataset_is_its_size() -> None:
    got = ask_json("qlora llama 3 8b on my dataset with 32k on an a100")
    assert got["intent"] == "time" and "your 32,000 samples" in str(got["text"]), got["text"]
