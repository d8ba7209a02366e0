"""Compare questions as people write them (models14): two models on one configuration, both
verdicts side by side, the one that fits (or fits with more room) leading."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.answer import brand_size_name
from bot.model_choice import models_chosen
from bot.understand import understand
from bot.understand.query import Query
from tests.support.chat import CATALOGUE, ask, ask_json


def _read(text: str) -> Query:
    return understand(text, CATALOGUE)


@pytest.mark.parametrize(("text", "lang", "models"), [
    ("qwen3 4b vs phi 4 mini which fits better on 8gb for qlora", None, {"qwen3-4b", "phi-4-mini"}),
    ("gemma 3 4b or llama 3.2 3b for lora on a 3060 12gb?", None, {"gemma-3-4b", "llama-3.2-3b"}),
    ("qwen3 8b o llama 3.1 8b, cual entra mejor en 16gb para qlora", "es",
     {"qwen3-8b", "llama-3.1-8b"}),
    ("mistral 7b ou qwen2.5 7b sur 12 go en qlora, lequel passe ?", "fr",
     {"mistral-7b", "qwen2.5-7b"}),
    ("llama 3 8b vs mistral 7b for qlora on a 4090", None, {"llama-3-8b", "mistral-7b"}),
])
def test_both_models_are_answered(text: str, lang: str | None, models: set[str]) -> None:
    """Was the answer about one of them (the first, or the last named), the other dropped."""
    reply = ask(text, lang)
    assert {p.query.model_id for p in reply.parts} == models
    assert reply.text.startswith("⚖️ <b>")
    for model_id in models:
        assert CATALOGUE.models.get(model_id).name in reply.text


def test_the_one_that_fits_leads() -> None:
    reply = ask_json("gemma 3 4b or llama 3.2 3b for lora on a 3060 12gb?")
    # Gemma 3's 262k vocabulary: its logits alone miss the 12 GiB card at sequence 2,048.
    assert reply["model"] == "llama-3.2-3b" and reply["fits"] is True
    text = str(reply["text"])
    assert text.startswith("⚖️ <b>Llama 3.2 3B fits on 1× RTX 3060 (LoRA); Gemma 3 4B does not.</b>")
    assert text.index("✅ Llama 3.2 3B") < text.index("❌ Gemma 3 4B")


def test_more_room_leads_when_both_fit() -> None:
    text = ask("qwen3 8b o llama 3.1 8b, cual entra mejor en 16gb para qlora", "es").text
    assert text.startswith("⚖️ <b>Los dos caben en 1× GPU de 16\u00a0GB (QLoRA); ")
    assert "deja más margen que" in text


def test_french_reply() -> None:
    text = ask("mistral 7b ou qwen2.5 7b sur 12 go en qlora, lequel passe ?", "fr").text
    assert text.startswith("⚖️ <b>Mistral 7B tient sur 1× GPU de 12\u202fGo (QLoRA)\u202f; Qwen2.5 7B,"
                           " non.</b>")


@pytest.mark.parametrize("text", [
    "can i run llama 3 8b on a 4090 or a 3090",  # one model, two cards
    "h100 vs a100 for qlora 70b",
    "run llama 3 8b or mistral 7b on 3060 12gb which is faster",  # speed, not memory
    "llama 3 8b or mistral 7b max context on a 4090",
    "qwen2.5 7b and llama 3 8b at the same time on a 4090",  # together: bot/two_models.py
])
def test_other_questions_are_not_a_choice(text: str) -> None:
    assert models_chosen(text, _read) is None


# --- two training algorithms for one run ---------------------------------------------------


def test_orpo_and_dpo_side_by_side_with_adapters() -> None:
    """Was one QLoRA figure for both (the message's DPO and ORPO read together)."""
    reply = ask("orpo vs dpo memory for llama 3 8b")
    orpo, dpo = (p.query for p in reply.parts)
    assert (orpo.paired, orpo.reference_model) == (True, None)
    assert (dpo.paired, dpo.reference_model) == (True, True)
    text = reply.text
    assert text.startswith("⚖️ <b>ORPO or DPO for Llama 3 8B (QLoRA): about the same memory")
    # With PEFT the reference is the base with the adapters off: no copy, same memory.
    assert text.index("• <b>ORPO</b>") < text.index("No reference model") < text.index(
        "• <b>DPO</b>") < text.index("adapters switched off (TRL with PEFT), no copy")
    assert "frozen BF16 copy of the model as its reference: ≈ 16 GB more" in text


def test_dpo_fully_fine_tuned_holds_a_reference_copy() -> None:
    reply = ask("dpo or orpo for llama 3 8b full finetune on 8x h100")
    dpo, orpo = (p.answer.detailed for p in reply.parts)
    assert dpo is not None and orpo is not None
    # The frozen BF16 copy, sharded over the 8 GPUs: 16 GB / 8.
    assert dpo.per_gpu_gb - orpo.per_gpu_gb == dpo.breakdown.term("reference_model")
    assert dpo.breakdown.term("reference_model") > 0
    assert reply.text.startswith("⚖️ <b>ORPO needs less memory than DPO for Llama 3 8B")


def test_grpo_against_dpo() -> None:
    reply = ask("grpo vs dpo vram 7b")
    grpo, dpo = (p.query for p in reply.parts)
    assert grpo.online_rl == "GRPO" and not grpo.paired and dpo.online_rl is None
    assert "Online RL: its training step only" in reply.text


@pytest.mark.parametrize(("text", "lang", "starts"), [
    ("orpo o dpo cuanta memoria para qwen 7b", "es", "⚖️ <b>ORPO o DPO para "),
    ("dpo ou orpo, combien de vram pour mistral 7b", "fr",
     "⚖️ <b>DPO ou ORPO pour Mistral 7B (QLoRA)\u00a0: à peu près la même mémoire"),
])
def test_algorithms_in_spanish_and_french(text: str, lang: str, starts: str) -> None:
    assert ask(text, lang).text.startswith(starts)


# --- a brand and a size with no version --------------------------------------------------


@pytest.mark.parametrize(("text", "said", "read_as"), [
    ("qwen 72b lora on 2x h100?", "Qwen 72B", "Qwen2.5 72B"),
    ("llama 70b qlora on an a100", "Llama 70B", "Llama 3.3 70B"),
])
def test_brand_and_size_named_and_read_as(text: str, said: str, read_as: str) -> None:
    """Was "a 72B model", the latest member's shape used unsaid."""
    reply = ask(text)
    assert reply.query.model_id is None and reply.answer.model_name == said
    head = reply.text.split("\n")[0]
    assert said in head and "72B model" not in head and "70B model" not in head
    assert f"ℹ️ {said}: no version named, read as {read_as}, the latest on file" in reply.text


def test_brand_size_name() -> None:
    assert brand_size_name("Qwen2.5 72B", Decimal("72")) == "Qwen 72B"
    assert brand_size_name("Phi-4", Decimal("14")) == "Phi 14B"
    assert brand_size_name("Qwen2.5 1.5B", Decimal("1.50")) == "Qwen 1.5B"


# --- compare questions as people write them ----------------------------------------------


@pytest.mark.parametrize(("text", "lang"), [
    ("compare qwen2.5 7b and llama 3.1 8b for qlora on a 4090", None),
    ("comparar qwen2.5 7b y llama 3.1 8b en una 4090 con qlora", "es"),
    ("compare qwen2.5 7b et llama 3.1 8b en qlora sur une 4090", "fr"),
    # one question in two pieces (bot/several.py reads it as one)
    ("which is better for my 3090, llama 3.1 8b or gemma 2 9b? want to qlora", None),
])
def test_compare_words_and_pieces(text: str, lang: str | None) -> None:
    """Were "Which two GPUs should I compare?" and one model's answer."""
    reply = ask(text, lang)
    assert reply.text.startswith("⚖️ <b>") and len(reply.parts) == 2


def test_each_model_keeps_its_own_quantization() -> None:
    reply = ask("should i run qwen2.5 14b q4 or qwen2.5 7b q8 on my 3060")
    methods = {p.query.model_id: p.query.method for p in reply.parts}
    assert methods == {"qwen2.5-14b": "gguf_q4_k_m", "qwen2.5-7b": "gguf_q8_0"}


@pytest.mark.parametrize(("text", "lang", "starts"), [
    ("llama 3 8b vs mistral 7b vram for qlora", None,
     "⚖️ <b>Mistral 7B needs less memory than Llama 3 8B (QLoRA): ≈ "),
    ("cual gasta menos vram, qwen2.5 7b o mistral 7b con qlora", "es",
     "⚖️ <b>Mistral 7B necesita menos memoria que Qwen2.5 7B (QLoRA): ≈ "),
])
def test_memory_of_two_models_without_a_card(text: str, lang: str | None, starts: str) -> None:
    """Was the first model's memory alone."""
    reply = ask(text, lang)
    assert reply.text.startswith(starts) and len(reply.parts) == 2


def test_a_bare_size_beside_a_model_is_its_family() -> None:
    """"qwen 2.5 7b or 14b": Qwen2.5 14B (was "a 14B model", another shape)."""
    reply = ask("qwen 2.5 7b or 14b for coding on a 3090")
    assert {p.query.model_id for p in reply.parts} == {"qwen2.5-7b", "qwen2.5-14b"}
