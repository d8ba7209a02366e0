"""Any GPU people own or rent elsewhere, named as they name it (gpu41): cloud machine series
named without a size, and sizes the instance table lacked."""

from __future__ import annotations

import pytest

from tests.support.chat import ask_json

# (question, GPU read, count, words the first line holds)
SERIES = [
    # A3 High's smaller sizes: "1g" was read as a card of 1 GB ("1× GPU of 1 GB").
    ("does llama 3 8b qlora fit on my a3-highgpu-1g?", "h100", 1, "on 1× H100"),
    ("a3-highgpu-4g llama 3 70b qlora", "h100", 4, "on 4× H100"),
    ("g2-standard-96 llama 3 70b q4", "l4", 8, "on 8× L4"),
    # Google Cloud series without a size: no card was read, the run timed on our cheapest.
    ("does llama 3 8b qlora fit on my gcp a2-highgpu?", "a100-40gb", 1, "on 1× A100 40GB"),
    ("does llama 3 8b qlora fit on an a2 ultragpu?", "a100-80gb", 1, "on 1× A100 80GB"),
    ("llama 3 8b qlora on gcp a3, does it fit?", "h100", 1, "on 1× H100"),
    ("llama 3 8b qlora on google cloud g2, does it fit?", "l4", 1, "on 1× L4"),
    # Azure series without a size: the "h100"/"a100" in the name read as one card of the SXM
    # 80 GB row; the ND series' only size has eight, the NC H100 v5's card is the H100 NVL.
    ("does llama 3 8b qlora fit on azure ND H100 v5?", "h100", 8, "on 8× H100"),
    ("does llama 3 8b qlora fit on azure ND A100 v4?", "a100-40gb", 8, "on 8× A100 40GB"),
    ("does llama 3 8b qlora fit on azure NDm A100 v4?", "a100-80gb", 8, "on 8× A100 80GB"),
    ("does llama 3 8b qlora fit on azure NC A100 v4?", "a100-80gb-pcie", 1,
     "on 1× A100 80GB PCIe"),
    ("does llama 3 8b qlora fit on azure NC H100 v5?", "h100-nvl", 1, "on 1× H100 NVL"),
    ("does llama 3 8b qlora fit on Standard_NC80adis_H100_v5?", "h100-nvl", 2, "on 2× H100 NVL"),
    ("does llama 3 8b qlora fit on azure NCasT4_v3?", "t4", 1, "on 1× T4"),
]


@pytest.mark.parametrize(("question", "gpu", "count", "lead"), SERIES)
def test_a_cloud_series_named_without_its_size(question: str, gpu: str, count: int,
                                               lead: str) -> None:
    got = ask_json(question)
    first = str(got["text"]).split("\n")[0]
    assert (got["gpu"], got["gpu_count"]) == (gpu, count), first
    assert lead in first, first


def test_a_series_in_spanish_and_french() -> None:
    es = ask_json("¿cabe llama 3 8b con qlora en una a3-highgpu-1g?", "es")
    fr = ask_json("est-ce que llama 3 8b en qlora tient sur un ND H100 v5 ?", "fr")
    assert (es["gpu"], es["gpu_count"]) == ("h100", 1), es["text"]
    assert (fr["gpu"], fr["gpu_count"]) == ("h100", 8), fr["text"]


def test_a2_alone_is_not_the_gcp_series() -> None:
    """ "a2" alone is NVIDIA's A2 card or nothing: only a Google Cloud word makes it A100s."""
    got = ask_json("does llama 3 8b qlora fit on an a2?")
    assert got["gpu"] != "a100-40gb", got["text"]


# Pascal cards with neither a BF16 nor an FP16 peak (FP16 at 1/64 of FP32): training time
# was refused ("No datasheet we can cite gives the P40's peak BF16 throughput"), now timed at
# the FP32 peak TechPowerUp's database gives, said as such.
FP32_TIMED = [
    ("how long to qlora llama 3 8b on 10k examples of 512 tokens on my p40?", None, "p40",
     "on 1× P40", "11.76 peak FP32 TFLOPS"),
    ("how long to qlora qwen 2.5 1.5b on 10k examples of 512 tokens on my 1080 ti?", None,
     "gtx-1080-ti", "on 1× GTX 1080 Ti", "11.34 peak FP32 TFLOPS"),
    ("¿cuánto tarda un qlora de llama 3 8b con 10k ejemplos de 512 tokens en mi p40?", "es",
     "p40", "en 1× P40", "11,76 TFLOPS FP32 de pico"),
    ("combien de temps pour un qlora de llama 3 8b sur 10k exemples de 512 tokens sur ma p40 ?",
     "fr", "p40", "sur 1× P40", "11,76 TFLOPS FP32 de crête"),
]


@pytest.mark.parametrize(("question", "lang", "gpu", "lead", "peak"), FP32_TIMED)
def test_an_fp32_only_card_is_timed_at_its_fp32_peak(question: str, lang: str | None, gpu: str,
                                                     lead: str, peak: str) -> None:
    got = ask_json(question, lang)
    text = str(got["text"])
    first = text.split("\n")[0]
    assert got["gpu"] == gpu and lead in first and got["hours"] is not None, first
    assert peak in text and "No datasheet" not in text, text


def test_the_fit_reply_times_an_fp32_card_itself() -> None:
    """The two-length headline ran on our cheapest card, with "No datasheet … P40's peak"."""
    got = ask_json("does llama 3 8b qlora fit on my P40? how long for 10k examples?")
    text = str(got["text"])
    assert "at 512 tokens each" in text and "on 1× P40 (1 epoch)" in text, text
    assert "No datasheet we can cite" not in text, text


def test_an_fp32_card_beside_a_rented_one_says_its_precision() -> None:
    got = ask_json("how long to lora llama 3 8b on 5M tokens on my p40 vs an a100?")
    assert "timed at its 11.76 peak FP32 TFLOPS, the run assumed in FP32" in str(got["text"])


@pytest.mark.parametrize(("question", "names"), [
    # A name that is a whole part of longer ones names one of those (was "Did you mean RTX A5000,
    # Quadro RTX 8000, or RTX 5090?", neither card it can be among them).
    ("does llama 3 8b qlora fit on my RTX 5000?", ("RTX 5000 Ada", "Quadro RTX 5000")),
    ("does llama 3 8b qlora fit on my paperspace RTX4000?", ("RTX 4000 Ada", "Quadro RTX 4000")),
])
def test_an_ambiguous_name_suggests_the_cards_it_is_part_of(question: str,
                                                           names: tuple[str, ...]) -> None:
    got = ask_json(question)
    first = str(got["text"]).split("\n")[0]
    assert got["error"] == "unknown_gpu" and "Did you mean" in first, first
    for name in names:
        assert name in first, first


def test_a_typo_keeps_its_closest_spellings() -> None:
    got = ask_json("does llama 3 8b qlora fit on my rtx 9090?")
    assert "Did you mean RTX 5090, RTX 4090, or RTX 3090?" in str(got["text"]), got["text"]
