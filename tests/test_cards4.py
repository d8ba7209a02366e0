"""Cards owned, named as owners name them (helper cards4): AMD's product names say nothing of
French, a card with no cited peak is not thereby the fastest of a machine, and a Founders
Edition glued to its number is the card."""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline, to_json
from bot.understand.language import detect_with_confidence
from rules.catalogue import load_catalogue

PIPELINE = Pipeline(load_catalogue())


@pytest.mark.parametrize("text", [
    "ryzen ai max+ 395 llama 70b q4 tok/s",
    "radeon ai pro r9700 qwen 32b q4 tok/s",
    "amd ai max 395 128gb qwen3 235b q3",
    "ai max+ 395 gpt-oss 120b tps",
    "ai pro r9700 llama 3 8b fp16",
    "strix halo 128gb llama 70b q4 tps",
    "llama 70b q4 mi300x tok/s",
    "mixtral 8x7b awq tp2 h100 tok/s",
    "deepseek r1 distill 32b q4_k_m 3090 tps",
    "mi 300x llama 405b fp8 tok/s",
    "amd mi 100 llama 3 8b q8",
])
def test_a_message_of_names_alone_says_no_language(text: str) -> None:
    assert detect_with_confidence(text, text)[0] in (None, "en")
    assert to_json(PIPELINE.ask(text))["lang"] == "en"


@pytest.mark.parametrize(("text", "lang"), [
    ("j'ai une ryzen ai max+ 395, llama 70b q4 ça tourne ?", "fr"),
    ("j ai un ryzen ai max 395 avec 128 go, combien de tokens/s pour llama 70b", "fr"),
    ("j ai pas de gpu, qlora llama 3 8b sur quoi ?", "fr"),
])
def test_the_french_ai_still_counts(text: str, lang: str) -> None:
    assert detect_with_confidence(text, text)[0] == lang


def test_a_card_without_a_cited_peak_is_not_the_fastest() -> None:
    # The P40 prints no FP16 peak: its bandwidth (346 GB/s, cited) against the 3090's 936
    # makes it the bound.
    got = to_json(PIPELINE.ask("2 p40 + 3090 llama 70b q4 tok/s"))
    assert (got["gpu"], got["gpu_count"]) == ("p40", 3)
    # Peaks both cited still decide: a 3090 with a 4090 is answered as two 3090s.
    got = to_json(PIPELINE.ask("1x3090 and 1x4090 qlora llama 70b"))
    assert (got["gpu"], got["gpu_count"]) == ("rtx-3090", 2)


@pytest.mark.parametrize("text", ["my 4090fe, qlora llama 3 8b?", "rtx 4090fe qlora llama 3 8b"])
def test_a_glued_founders_edition_is_the_card(text: str) -> None:
    assert to_json(PIPELINE.ask(text))["gpu"] == "rtx-4090"


def test_a_modded_card_counts_its_memory_as_its_maker_does() -> None:
    # GDDR chips come in binary sizes: a 22 GB RTX 2080 Ti shows 22528 MiB in nvidia-smi,
    # 22 × the stock card's 11264/11; a 48 GB RTX 4090, 48 × 24564/24 MiB.
    from decimal import Decimal

    cat = load_catalogue()
    assert cat.capacity_gb(cat.gpu("rtx-2080-ti"), Decimal(22)) == Decimal(22528 * 2**20) / 10**9
    assert cat.capacity_gb(cat.gpu("rtx-4090"), Decimal(48)) == Decimal(49128 * 2**20) / 10**9
    # A card with no total cited in MiB keeps the size said.
    plain = next(g for g in cat.gpus if g.memory_mib is None and not g.unified_memory)
    assert cat.capacity_gb(plain, plain.vram_gb * 2) == plain.vram_gb * 2


@pytest.mark.parametrize(("text", "gb"), [
    ("m2 ultra 192 deepseek v3 q2", 192), ("mbp m1 max 64 llama 70b q4", 64),
    ("m1 max 32 core gpu llama 70b q4", 32), ("m4 max 128 tokens context llama 8b", 36),
])
def test_a_macs_memory_without_a_unit(text: str, gb: int) -> None:
    reply = PIPELINE.ask(text)
    assert f"🍎 {gb} GB of unified memory" in to_json(reply)["text"]
