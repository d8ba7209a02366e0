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
