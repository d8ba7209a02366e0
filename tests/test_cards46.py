"""Cards as owners and renters name them (cards46): "rtx titan" (the TITAN RTX, its words
swapped), a count written after the card with its "x" behind ("mi300x 8x full finetune",
"h20 8x for 70b") while "4090 2x faster" stays a ratio, and the Instinct MI300A, read at its
128 GB with no peak or bandwidth on file (said, not guessed)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from rules.catalogue import load_catalogue
from tests.support.chat import ask_json

CAT = load_catalogue()

# question -> the card, how many, the memory of the configuration (GB)
READ = [
    ("rtx titan qlora 13b", "titan-rtx", 1, 24),
    ("my rtx titan 24gb lora 7b fits?", "titan-rtx", 1, 24),
    ("nvidia rtx titan run llama 8b", "titan-rtx", 1, 24),
    ("mi300x 8x full finetune 70b", "mi300x", 8, 1536),
    ("h20 8x full finetune 70b", "h20", 8, 768),
    ("h100 8x full finetune 70b", "h100", 8, 640),
    ("a100 4x lora 70b", "a100-80gb", 4, 320),
    ("a100 8x, qlora 70b how long 50M tokens", "a100-80gb", 8, 640),
    ("3090 2x for qlora 70b?", "rtx-3090", 2, 48),
    ("mi300a qlora 70b", "mi300a", 1, 128),
    ("amd instinct mi300a lora 34b", "mi300a", 1, 128),
    ("4x mi300a full finetune 70b", "mi300a", 4, 512),
]


@pytest.mark.parametrize(("text", "gpu", "count", "vram"), READ)
def test_the_card_and_its_count_are_read(text: str, gpu: str, count: int, vram: int) -> None:
    got = ask_json(text)
    assert (got["gpu"], got["gpu_count"], got["vram_gb"]) == (gpu, count, vram), (text, got)
    assert got["error"] is None


# The count after the card is read where the job follows it, and a ratio there stays one card.
@pytest.mark.parametrize(("count_text", "ratio_text"), [
    ("h100 8x full finetune 70b", "is the h100 3x faster than a100"),
    ("4090 2x for qlora 70b", "is the 4090 2x faster than a 3090?"),
    ("a100 4x, lora 70b", "a100 2x the price of l40s?"),
])
def test_a_count_after_the_card_is_no_ratio(count_text: str, ratio_text: str) -> None:
    assert ask_json(count_text)["gpu_count"] > 1
    assert ask_json(ratio_text)["gpu_count"] in (None, 1)


def test_the_mi300a_row_is_cited() -> None:
    card = CAT.gpu("mi300a")
    assert card.platform == "rocm" and not card.rented
    assert "MI300A | CDNA3 | gfx942 | 128" in card.source
    # data49: its peak and bandwidth from AMD's CDNA 3 white paper, Table 2 (were not on file:
    # "no cited memory bandwidth for the Instinct MI300A", and no time)
    assert card.bf16_dense_tflops == Decimal("980.6") and card.memory_bandwidth_gbs == 5300
    assert "mi300a" in next(a.gpus for a in CAT.fp8_archs if a.arch == "CDNA 3")
    rate = ask_json("tokens/s llama 8b on a mi300a")
    assert "at the datasheet's 5,300 GB/s" in str(rate["text"])
    took = ask_json("mi300a qlora 8b on 50M tokens how long")
    assert took["gpu"] == "mi300a" and took["hours"] is not None


# NVIDIA's own MFU table (exemplar-performance, non-sparse) and reference architectures: the
# GB200's and B300's peaks, the B300's bandwidth, and the GB300 (was unknown_gpu), per GPU.
PEAKS = [
    ("gb200", "2450", "8000", "192"),
    ("b300", "2250", "7700", "288"),
    ("gb300", "2450", "8000", "279"),
]


@pytest.mark.parametrize(("gpu_id", "peak", "bandwidth", "vram"), PEAKS)
def test_blackwell_peaks_are_nvidias_non_sparse_figures(
        gpu_id: str, peak: str, bandwidth: str, vram: str) -> None:
    card = CAT.gpu(gpu_id)
    assert (str(card.bf16_dense_tflops), str(card.memory_bandwidth_gbs), str(card.vram_gb)) == \
        (peak, bandwidth, vram)
    assert "'| BF16 | 2450 | 2450 | 2250 | 2250 | 989 |'" in card.source
    assert card.peak_source == "NVIDIA exemplar-performance README" and not card.rented


@pytest.mark.parametrize(("text", "gpu", "starts"), [
    ("gb200 full finetune 8b 1B tokens how long", "gb200",
     "⏱ <b>Full AdamW of an 8B model: about 17.92 hours on 1× GB200"),
    ("b300 full finetune 8b 1B tokens how long", "b300",
     "⏱ <b>Full AdamW of an 8B model: about 16.63 hours on 1× B300"),
    ("tokens/s llama 70b on gb300", "gb300", "⚡ <b>At most about 56 tokens/s"),
    ("gb300 lora 70b", "gb300", "✅ <b>Yes: a 70B model fits on 1× GB300 (LoRA).</b>"),
])
def test_a_blackwell_superchip_is_timed_at_its_peak(text: str, gpu: str, starts: str) -> None:
    got = ask_json(text)
    assert got["gpu"] == gpu and str(got["text"]).startswith(starts), got["text"]


# Cards and instance types that were no card, or another one (cards46): each read at its own
# memory. "a3-megagpu-8g" was one GPU of 8 GB, "instinct mi50 32gb" the 16 GB board, "titan x
# pascal", "gtx titan x", "jetson xavier", "jetson nano" and "jetson nano super" no card.
MORE = [
    ("a3-megagpu-8g full finetune 70b", "h100", 8, 640),
    ("a4-highgpu-8g full finetune 70b", "b200", 8, 1440),
    ("gcp a4 full finetune 70b", "b200", 8, 1440),
    ("instinct mi50 32gb qlora 13b", "mi50-32gb", 1, 32),
    ("titan x pascal qlora 7b", "titan-x-pascal", 1, 12),
    ("my titan x 12gb qlora 7b", "titan-x-pascal", 1, 12),
    ("gtx titan x qlora 7b", "gtx-titan-x", 1, 12),
    ("jetson xavier run llama 7b", "jetson-agx-xavier-32gb", 1, 32),
    ("jetson agx xavier 16gb run llama 7b", "jetson-agx-xavier-16gb", 1, 16),
    ("xavier nx run llama 3b", "jetson-xavier-nx-8gb", 1, 8),
    ("jetson nano run llama 1b", "jetson-nano", 1, 4),
    ("jetson nano super run llama 8b", "jetson-orin-nano-super-8gb", 1, 8),
    ("h800 pcie lora 13b", "h800-pcie", 1, 80),
]


@pytest.mark.parametrize(("text", "gpu", "count", "vram"), MORE)
def test_more_cards_are_read_at_their_memory(text: str, gpu: str, count: int, vram: int) -> None:
    got = ask_json(text)
    assert (got["gpu"], got["gpu_count"], got["vram_gb"]) == (gpu, count, vram), (text, got)


def test_the_new_rows_say_what_they_lack_and_have() -> None:
    # Volta and Maxwell Jetsons and the TITAN X have no BF16: the reply says FP16 (or FP32).
    assert "has no BF16" in str(ask_json("jetson xavier run llama 7b")["text"])
    assert "has no BF16" in str(ask_json("jetson nano run llama 1b")["text"])
    # The H800 SXM5's bandwidth gives a decode bound (was "no cited memory bandwidth").
    assert str(ask_json("tokens/s 8b on h800")["text"]).startswith("⚡ <b>At most about 206 tokens/s")
    # The TITAN X (Pascal) is timed at its FP32 peak.
    assert ask_json("titan x pascal qlora 7b 10M tokens how long")["hours"] is not None
    assert CAT.gpu("mi50-32gb").variant_of == "mi50" and CAT.gpu("mi50-32gb").memory_bandwidth_gbs is None


# The A2 and each of the A16's four GPUs (GA107, 10 SMs) were timed at no peak ("No datasheet we
# can cite gives ... peak"): derived as the RTX A2000's from the GA10x rate, 1024 FLOP per SM a
# clock, which reproduces the A10's printed 125 TFLOPS (72 × 1695 MHz) and the A6000's 154.8.
@pytest.mark.parametrize(("gpu_id", "peak", "text"), [
    ("a2", "18.1", "nvidia a2 qlora 3b 10M tokens how long"),
    ("a16", "18.0", "a16 qlora 7b 10M tokens how long"),
])
def test_the_ga107_data_centre_cards_are_timed_at_a_derived_peak(
        gpu_id: str, peak: str, text: str) -> None:
    card = CAT.gpu(gpu_id)
    assert str(card.bf16_dense_tflops) == peak and card.peak_derived
    a10 = CAT.gpu("a10")
    assert a10.bf16_dense_tflops == 125 and round(72 * 1.695 * 1024 / 1000, 1) == 125.0
    got = ask_json(text)
    assert got["gpu"] == gpu_id and got["hours"] is not None
    assert f"of the {peak.removesuffix('.0')} peak BF16 TFLOPS" in str(got["text"])


# The A800s had no bandwidth, so no tokens/s: TechPowerUp's, the 80 GB row at its PCIe card's
# (the lower of PCIe 1940 and SXM4 2040 GB/s, the row covering both).
@pytest.mark.parametrize(("gpu_id", "bandwidth", "text", "starts"), [
    ("a800-80gb", "1940", "tokens/s llama 8b on an a800", "⚡ <b>At most about 118 tokens/s"),
    ("a800-40gb", "1560", "tokens/s llama 8b on a800 40gb", "⚡ <b>At most about 95 tokens/s"),
])
def test_the_a800s_have_a_decode_bound(gpu_id: str, bandwidth: str, text: str, starts: str) -> None:
    assert str(CAT.gpu(gpu_id).memory_bandwidth_gbs) == bandwidth
    got = ask_json(text)
    assert got["gpu"] == gpu_id and str(got["text"]).startswith(starts), got["text"]


# Radeons named by number and suffix alone ("6900xt" was no card at all, a memory reply with no
# verdict) and Ada workstation cards with "ada" glued on ("rtx6000ada" was unknown_gpu).
@pytest.mark.parametrize(("text", "gpu", "vram"), [
    ("6900xt qlora 7b", "rx-6900-xt", 16),
    ("6800 xt qlora 7b", "rx-6800-xt", 16),
    ("6700xt qlora 7b", "rx-6700-xt", 12),
    ("5700xt qlora 3b", "rx-5700-xt", 8),
    ("7800xt qlora 7b", "rx-7800-xt", 16),
    ("7650 gre qlora 7b", "rx-7650-gre", 8),
    ("a6000ada lora 13b", "rtx-6000-ada", 48),
    ("rtx6000ada lora 13b", "rtx-6000-ada", 48),
    ("rtx4000ada qlora 7b", "rtx-4000-ada", 20),
    ("rtx2000ada qlora 7b", "rtx-2000-ada", 16),
])
def test_glued_and_bare_names_are_the_card(text: str, gpu: str, vram: int) -> None:
    got = ask_json(text)
    assert (got["gpu"], got["vram_gb"], got["error"]) == (gpu, vram, None), (text, got)
