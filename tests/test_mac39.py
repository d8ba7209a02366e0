"""A Mac user's questions answered on their Mac (session 39).

Peaks: the M2 Ultra, M3, M3 Max and M4 Pro had no cited peak, so "how long to finetune llama 3
8b on my m3 max, 10k samples" said "No datasheet we can cite gives the Apple M3 Max's peak BF16
throughput" and timed the run on a rented L40S. Each now carries a peak derived from cited
factors (cores × GPU clock × 256 FLOP per core per clock), said to be derived."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from rules.catalogue import load_catalogue
from tests.support.chat import ask

CAT = load_catalogue()

# (chip, TFLOPS on file, cores, MHz, where the clock was read)
PEAKS = [
    # Apple prints 27.2 teraflops for the 76-core M2 Ultra; the M2 Max row's 1,398 MHz.
    ("apple-m2-ultra", "27.2", 76, 1398, "27,2 teraflopa"),
    # powermetrics' highest GPU state on an M3 MacBook Air (applegpuinfo issue 15)
    ("apple-m3", "3.425", 10, 1338, "applegpuinfo/issues/15"),
    # powermetrics on a 40-core M3 Max, as applegpuinfo's author read it (issue 4)
    ("apple-m3-max", "14.131", 40, 1380, "applegpuinfo/issues/4"),
    # powermetrics on a 20-core M4 Pro at full load (The Eclectic Light Company)
    ("apple-m4-pro", "8.079", 20, 1578, "maximum frequency of 1,578 MHz"),
]


@pytest.mark.parametrize(("gpu_id", "tflops", "cores", "mhz", "clock_read"), PEAKS,
                         ids=[p[0] for p in PEAKS])
def test_a_macs_peak_is_its_cited_arithmetic(gpu_id: str, tflops: str, cores: int, mhz: int,
                                             clock_read: str) -> None:
    gpu = CAT.gpu(gpu_id)
    assert gpu.fp16_dense_tflops == Decimal(tflops) and gpu.bf16_dense_tflops is None
    assert gpu.peak_source is not None
    assert f"({cores} cores × {mhz} MHz × 256 FLOP/cycle/core)" in gpu.peak_source
    assert abs(Decimal(cores * mhz * 256) / Decimal(10**6) - Decimal(tflops)) < Decimal("0.001")
    assert "derived from the" in gpu.source and clock_read in gpu.source
    if gpu_id != "apple-m2-ultra":
        # the rate of every M chip in applegpuinfo's formula, read at a commit
        assert "'alusPerCore = 128', 'fmaMultiplier = 2'" in gpu.source
        assert "@120384981fc8bce84d5aa28f5f2221f9165c2bde" in gpu.source


@pytest.mark.parametrize(("text", "chip", "peak"), [
    ("how long to finetune llama 3 8b on my m3 max, 10k samples", "Apple M3 Max", None),
    ("how long to qlora llama 3 8b on my m3 max 64gb, 20k samples of 1024 tokens",
     "Apple M3 Max", "of the 14.13 peak FP16 TFLOPS"),
    ("how long to qlora llama 3 8b on my mac studio m2 ultra 192gb, 20k samples of 1024 tokens",
     "Apple M2 Ultra", "of the 27.2 peak FP16 TFLOPS"),
    ("how long to lora mistral 7b on my mac mini m4 pro 64gb, 5k samples of 512 tokens",
     "Apple M4 Pro", "of the 8.08 peak FP16 TFLOPS"),
    ("how long to qlora llama 3 8b on my macbook air m3 24gb, 5k samples of 512 tokens",
     "Apple M3", "of the 3.43 peak FP16 TFLOPS"),
])
def test_how_long_on_these_macs_is_timed_on_the_mac(text: str, chip: str,
                                                     peak: str | None) -> None:
    reply = ask(text, "en").text
    assert f"on 1× {chip} (" in reply.split("\n", 1)[0], reply
    assert "No datasheet we can cite" not in reply and "L40S" not in reply, reply
    if peak is not None:
        assert peak in reply and "Peak figure: philipturner/" in reply, reply
        assert "(derived: " in reply, reply


def test_a_mac_with_no_cited_clock_keeps_the_rented_run() -> None:
    """The M3 Pro: no powermetrics clock on file, so no peak, and the run timed where we rent
    it for least, said (not a clock guessed from its siblings)."""
    assert CAT.gpu("apple-m3-pro").fp16_dense_tflops is None
    reply = ask("how long to qlora llama 3 8b on my m3 pro 36gb, 5k samples of 512 tokens",
                "en").text
    assert "No datasheet we can cite gives the Apple M3 Pro's peak BF16 throughput" in reply


def test_every_apple_peak_names_its_factors() -> None:
    for gpu in CAT.gpus:
        if gpu.platform != "metal" or gpu.fp16_dense_tflops is None:
            continue
        assert gpu.peak_source is not None, gpu.id
        cores, mhz = (int(x) for x in re.findall(r"(\d+) (?:cores|MHz)", gpu.peak_source))
        assert abs(cores * mhz * 256 / 1e6 - float(gpu.fp16_dense_tflops)) < 0.01, gpu.id
