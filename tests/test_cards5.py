"""The cards people own and what they ask of one: whether it does FP8 or BF16 (cards5)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline(load_catalogue())


def _ask(pipeline: Pipeline, text: str, lang: str | None = None) -> dict[str, Any]:
    return to_json(pipeline.ask(text, chosen_locale=lang))


def test_every_nvidia_card_has_an_fp8_answer_agreeing_with_bf16() -> None:
    """Each CUDA card is in one architecture of [[fp8_arch]]; the ones before Ampere (no
    FP8, no weight-only FP8 before Turing) are the [no_bf16] cards, and no later one is."""
    cat = load_catalogue()
    for gpu in cat.gpus:
        arch = cat.fp8_arch(gpu)
        if gpu.platform != "cuda":
            continue
        assert arch is not None, gpu.id
        before_ampere = arch.arch in ("Turing", "Volta", "Pascal", "Maxwell", "Kepler")
        assert before_ampere == (not cat.has_bf16(gpu)), gpu.id
        assert arch.fp8 == (arch.arch in ("Hopper", "Ada Lovelace", "Blackwell")), gpu.id


@pytest.mark.parametrize(("text", "lang", "gpu", "lead"), [
    ("does the l40s support fp8?", None, "l40s", "✅ <b>Yes: the L40S (Ada Lovelace)"),
    ("does the 3090 support fp8", None, "rtx-3090", "❌ <b>No: the RTX 3090 (Ampere)"),
    ("does the v100 support fp8", None, "v100-16gb", "❌ <b>No: the V100 16GB (Volta)"),
    ("does the mi100 support fp8", None, "mi100", "❌ <b>No: the Instinct MI100 (CDNA)"),
    ("does the 7900 xtx support fp8", None, "rx-7900-xtx", "❓ <b>No source on file"),
    ("¿la 4090 soporta fp8?", "es", "rtx-4090", "✅ <b>Sí: la RTX 4090 (Ada Lovelace)"),
    ("est-ce que l'a100 gère le fp8 ?", "fr", "a100-80gb", "❌ <b>Non\u00a0: l'A100 80GB (Ampere)"),
])
def test_fp8_asked_of_a_card(pipeline: Pipeline, text: str, lang: str | None, gpu: str,
                             lead: str) -> None:
    got = _ask(pipeline, text, lang)
    assert got["gpu"] == gpu and got["method"] is None and got["error"] is None
    assert got["text"].startswith(lead), got["text"]


def test_fp8_on_ampere_says_weight_only_and_turing_too(pipeline: Pipeline) -> None:
    for text in ("does the 3090 support fp8", "does the t4 support fp8"):
        got = _ask(pipeline, text)
        assert "FP8 Marlin" in got["text"] and "W8A16" in got["text"], got["text"]
    older = _ask(pipeline, "does the p40 support fp8")["text"]
    assert "FP8 Marlin" not in older and "compute capability 7.5" in older, older


def test_bf16_asked_of_a_card(pipeline: Pipeline) -> None:
    t4 = _ask(pipeline, "does the t4 support bf16")["text"]
    assert t4.startswith("❌ <b>No: the T4 has no BF16") and "fp16=True" in t4, t4
    assert _ask(pipeline, "does the 3090 support bf16")["text"].startswith(
        "✅ <b>Yes: the RTX 3090 runs BF16.</b>")


def test_the_card_figures_carry_the_fp8_line(pipeline: Pipeline) -> None:
    assert "• FP8 math in hardware: yes (Hopper)." in _ask(pipeline, "h100 specs")["text"]
    assert "FP8 math in hardware" not in _ask(pipeline, "rx 7900 xtx specs")["text"]


def test_bandwidths_cited_since_cards5() -> None:
    """B200 and GB200 at 8 TB/s a GPU (DGX B200: 64 TB/s over 8; GB200 superchip: 16 TB/s over
    2), MI100 at 1,228.8 GB/s (4,096-bit HBM2 at 2.4 Gb/s)."""
    cat = load_catalogue()
    assert cat.gpu("b200").memory_bandwidth_gbs == 8000
    assert cat.gpu("gb200").memory_bandwidth_gbs == 8000
    assert str(cat.gpu("mi100").memory_bandwidth_gbs) == "1228.8"


@pytest.mark.parametrize(("text", "count", "vram"), [
    ("2x 2080 ti 22gb, llama 3 70b q4 fits?", 2, 44),  # modded 22 GB cards: 22 each
    ("2x 3080 20gb qwen2.5 32b q4?", 2, 40),
    ("4090 48gb llama 3 70b q4", 1, 48),  # a modded 4090 alone (was the stock 24 GB)
    ("2x3090 48gb llama 3 70b q4 fits?", 2, 48),  # no 48 GB 3090 sold: the total
    ("2x 2080 ti 22gb total, llama 3 8b lora?", 2, 22),  # said to be the total
])
def test_a_modded_size_beside_a_count_is_each_card(pipeline: Pipeline, text: str, count: int,
                                                    vram: int) -> None:
    got = _ask(pipeline, text)
    assert (got["gpu_count"], got["vram_gb"]) == (count, vram), got["text"]


def test_modded_sizes_are_data_with_a_source() -> None:
    cat = load_catalogue()
    assert cat.gpu("rtx-2080-ti").modded_memory_gb == (22,)
    assert cat.gpu("rtx-4090").modded_source is not None
