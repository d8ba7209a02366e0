"""The card people own (cards13): its memory and speed from a cited figure, not the marketing
size or the card we rent."""

from __future__ import annotations

from decimal import Decimal

import pytest

from rules.catalogue import load_catalogue
from tests.support.chat import converse

CAT = load_catalogue()

# AMD's ROCm documentation gives each card's memory in GiB ("VRAM (GiB)"): 24 GB on a Radeon
# is 24 GiB, 25.77 GB, and the detailed verdicts compare against that (were against 24 GB).
ROCM_GIB = [
    ("rx-7900-xt", 20), ("rx-7900-gre", 16), ("rx-7800-xt", 16), ("rx-7700-xt", 12),
    ("rx-7600", 8), ("rx-6950-xt", 16), ("rx-6900-xt", 16), ("rx-6800-xt", 16), ("rx-6800", 16),
    ("rx-6750-xt", 12), ("rx-6700-xt", 12), ("rx-6700", 10), ("rx-6650-xt", 8),
    ("rx-6600-xt", 8), ("rx-6600", 8), ("radeon-vii", 16), ("radeon-pro-w7900", 48),
    ("radeon-pro-w7800", 32), ("radeon-pro-w7700", 16), ("radeon-pro-w6800", 32),
    ("radeon-pro-v620", 32), ("radeon-pro-vii", 16), ("mi325x", 256), ("mi300x", 192),
    ("mi210", 64), ("mi100", 32), ("mi60", 32), ("mi50", 16), ("mi25", 16),
]


@pytest.mark.parametrize(("gpu_id", "gib"), ROCM_GIB)
def test_radeon_and_instinct_memory_is_rocms_gib(gpu_id: str, gib: int) -> None:
    card = CAT.gpu(gpu_id)
    assert card.memory_mib == gib * 1024
    # The row as read names this size, and the source names AMD's table.
    assert f"| {gib}'" in (card.memory_source or "")
    assert "gpu-arch-specs" in (card.memory_source or "")


def test_the_7900_xtx_is_the_drivers_24560_mib() -> None:
    card = CAT.gpu("rx-7900-xtx")
    assert card.memory_mib == 24560 and "VRAM Size: 24560 MiB" in (card.memory_source or "")
    assert card.capacity_gb.quantize(Decimal("0.01")) == Decimal("25.75")


@pytest.mark.parametrize(("question", "shown"), [
    ("does mixtral q4 fit on a 7900 xtx", "of the 25.75 GB (24 GiB) each GPU has"),
    ("how long to qlora llama 3 8b on 20k samples on my 7900 xtx",
     "Memory: about 12.8 GB per GPU of 25.75 GB (24 GiB)"),
    ("can i qlora llama 3 70b on a 7900 xt", "of the 21.47 GB (20 GiB) each GPU has"),
])
def test_a_radeons_reply_shows_its_memory_in_gb(question: str, shown: str) -> None:
    (turn,) = converse(question)
    assert shown in turn.text, turn.text


# AMD prints a Radeon's matrix FP16 peak and no BF16 one: each figure as its page prints it
# (card, value, the row as read). The cards run BF16 too, so no reply says they lack it.
AMD_FP16_MATRIX = [
    ("rx-7900-xtx", "123", "'Peak Half Precision (FP16 Matrix) Performance 123 TFLOPs'"),
    ("radeon-ai-pro-r9700", "191", "'Peak Half Precision (FP16 Matrix) Performance: 191 TFLOPs'"),
]


@pytest.mark.parametrize(("gpu_id", "value", "row"), AMD_FP16_MATRIX)
def test_a_radeons_fp16_matrix_peak_is_amds_printed_row(gpu_id: str, value: str,
                                                       row: str) -> None:
    card = CAT.gpu(gpu_id)
    assert card.fp16_dense_tflops == Decimal(value) and card.bf16_dense_tflops is None
    assert row in card.source and "amd.com" in card.source
    assert card.peak_source is not None and card.peak_source.startswith("AMD ")
    assert card.bf16_unprinted and card.id not in CAT.no_bf16.gpus  # type: ignore[union-attr]


@pytest.mark.parametrize(("question", "lang", "lead", "why"), [
    ("how long to qlora llama 3 8b on 20k samples of 1024 tokens on my 7900 xtx", None,
     "on 1× Radeon RX 7900 XTX", "of the 123 peak FP16 TFLOPS, 1 epoch: its maker prints no "
     "BF16 peak for the Radeon RX 7900 XTX, so FP16 mixed precision is assumed."),
    ("cuanto tarda un qlora de llama 3 8b con 20k ejemplos de 1024 tokens en mi 7900 xtx", "es",
     "en 1× Radeon RX 7900 XTX", "el fabricante de la Radeon RX 7900 XTX no publica un pico BF16"),
    ("combien de temps pour un qlora de llama 3 8b sur 20k exemples de 1024 tokens sur ma 7900 "
     "xtx", "fr", "sur 1× Radeon RX 7900 XTX",
     "le fabricant de la Radeon RX 7900 XTX ne publie pas de crête BF16"),
    ("how long to qlora llama 3 8b on 20k samples of 1024 tokens on my r9700", None,
     "on 1× Radeon AI PRO R9700", "of the 191 peak FP16 TFLOPS"),
])
def test_a_run_on_a_radeon_with_a_cited_peak_is_timed_there(
    question: str, lang: str | None, lead: str, why: str
) -> None:
    # Was timed on the L40S: "No datasheet we can cite gives the Radeon RX 7900 XTX's peak".
    (turn,) = converse(question)
    text = turn.text.replace("\u00a0", " ").replace("\u202f", " ")
    assert turn.answer.intent == "time" and turn.answer.query.lang == (lang or "en"), text
    assert lead in text.split("\n")[0] and why in text, text
    assert "L40S (1" not in text and "has no BF16" not in text, text
    assert "no tiene BF16" not in text and "n'a pas de BF16" not in text, text


def test_a_radeons_specs_say_rocm_and_its_fp16_matrix_peak() -> None:
    (turn,) = converse("7900 xtx specs")
    assert "Memory: 24 GB; ROCm reports 25.75 GB (24 GiB)." in turn.text, turn.text
    assert "Peak FP16 matrix throughput: 123 dense TFLOPS (no BF16 figure printed)." in turn.text
    assert "CUDA" not in turn.text and "No BF16" not in turn.text, turn.text


def test_a_radeon_beside_a_t4_is_not_said_to_lack_bf16() -> None:
    (turn,) = converse(
        "how long to qlora llama 3 8b on 20k samples of 1024 tokens on my t4 and on my 7900 xtx")
    assert "The T4 has no BF16" in turn.text, turn.text
    assert ("Its maker prints no BF16 peak for the Radeon RX 7900 XTX: it is timed at its 123 "
            "peak FP16 TFLOPS") in turn.text, turn.text
    (compared,) = converse("7900 xtx vs t4")
    assert "neither has BF16" not in compared.text, compared.text
