"""Model shapes and GPU peaks people ask about (data49).

- MiniCPM4 8B was on file by its card's 8B only (no config.json read): now its config.json
  shape (32 layers, 2 KV heads, 16,384-wide MLP, 73,448-token untied vocabulary; 8.19B counted)
  and its published 32,768-token context, from a verbatim copy of the config.
- GLM-4-32B-0414 had no entry ("glm-4-32b-0414 on a 4090" was a bare 32B); GLM-Z1-32B-0414,
  the same model trained further for reasoning, is read as it. Its shape is llama.cpp's metadata
  of a GLM-Z1-32B-0414 GGUF (61 layers, 6,144 wide, 48 heads, 2 KV heads, 23,040-wide MLP,
  151,552-token untied vocabulary; llama.cpp's 32.57 B).
- The Instinct MI300A had no peak or bandwidth, the MI355X no peak: AMD's CDNA 3 and CDNA 4 white
  papers' spec tables give them (980.6 TFLOPS BF16 dense and 5.3 TB/s; 2.5 PF BF16 dense).
- A compare where one card has a datasheet figure and the other none ("h20 vs h100", "dgx spark
  vs rtx 4090", a laptop GPU against a desktop one, an M3 against an M2) said nothing of either:
  the figure on file is said for its card and the other is named as having none, nothing guessed.
  NVIDIA publishes no H20 datasheet, no BF16 peak for the GB10 (only FP4 with sparsity) and only
  "AI TOPS" for laptop GPUs; Intel prints INT8 TOPS for Arc; Apple prints no 16-bit peak.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue
from rules.model_catalogue import load_models

MODELS = load_models()
CATALOGUE = load_catalogue()
PIPELINE = Pipeline(CATALOGUE, cache_size=0)


def ask(text: str, lang: str = "en") -> dict:
    return to_json(PIPELINE.ask(text, chosen_locale=lang))


@pytest.mark.parametrize(("text", "model_id"), [
    ("can i finetune glm-4-32b-0414 on a 4090", "glm-4-32b-0414"),
    ("THUDM/GLM-4-32B-0414 on 2x 3090", "glm-4-32b-0414"),
    ("zai-org/GLM-4-32B-0414 qlora on an a100", "glm-4-32b-0414"),
    ("glm 4 32b vram", "glm-4-32b-0414"),
    ("glm4 32b lora on 2x a100", "glm-4-32b-0414"),
    ("glm z1 32b vram", "glm-4-32b-0414"),
    ("GLM-Z1-32B-0414 q4 on 3090", "glm-4-32b-0414"),
])
def test_the_name_names_its_model(text: str, model_id: str) -> None:
    got = ask(text)
    assert got["model"] == model_id, got["text"]
    assert got["params_b"] == float(MODELS.get(model_id).params_b)


# id: (layers, hidden, heads, kv_heads, head_size, intermediate, vocab, tied)
SHAPES = {
    "minicpm4-8b": (32, 4096, 32, 2, 128, 16384, 73448, False),
    "glm-4-32b-0414": (61, 6144, 48, 2, 128, 23040, 151552, False),
}


@pytest.mark.parametrize(("model_id", "shape"), SHAPES.items())
def test_shape(model_id: str, shape: tuple) -> None:
    arch = MODELS.get(model_id).arch
    assert arch is not None
    got = (arch.layers, arch.hidden, arch.heads, arch.kv_heads, arch.head_size,
           arch.intermediate, arch.vocab, arch.tied_embeddings)
    assert got == shape


@pytest.mark.parametrize(("model_id", "named", "counted"), [
    ("minicpm4-8b", "8", "8.19"),
    # llama.cpp's "model params = 32.57 B"
    ("glm-4-32b-0414", "32", "32.57"),
])
def test_counts(model_id: str, named: str, counted: str) -> None:
    spec = MODELS.get(model_id)
    assert spec.params_b == Decimal(named)
    assert spec.arch is not None
    counted_b = (Decimal(spec.arch.param_count()) / 10**9).quantize(Decimal("0.01"))
    assert counted_b == Decimal(counted)


def test_minicpm4_8b_context_is_its_published_one() -> None:
    assert MODELS.get("minicpm4-8b").max_context == 32768
    got = ask("longest context for minicpm4 8b on a h100")
    assert "32,768 tokens: the whole published context of MiniCPM4 8B" in got["text"], \
        got["text"]


@pytest.mark.parametrize(("text", "said"), [
    # Its own shape: 2 KV heads and the 151,552-token untied table (a bare 32B was a Llama-like
    # shape assumed)
    ("qlora glm-4-32b-0414 on my 4090",
     "it needs about 30.2 GB per GPU (detailed estimate)"),
    ("lora minicpm4 8b on my 4090", "it needs about 21.9 GB per GPU (detailed estimate)"),
])
def test_detailed_estimate_is_the_shape(text: str, said: str) -> None:
    got = ask(text)
    assert said in got["text"], got["text"]


@pytest.mark.parametrize(("gpu", "tflops", "bandwidth"), [
    ("mi300a", "980.6", "5300"),
    ("mi355x", "2500", "8000"),
])
def test_amd_peaks(gpu: str, tflops: str, bandwidth: str) -> None:
    card = CATALOGUE.gpu(gpu)
    assert card.bf16_dense_tflops == Decimal(tflops)
    assert card.memory_bandwidth_gbs == Decimal(bandwidth)
    assert card.peak_source is not None and "white paper" in card.peak_source


@pytest.mark.parametrize(("text", "said"), [
    ("mi300a vs mi355x", "The Instinct MI355X has 2.5 times the peak BF16 Tensor throughput of "
                         "the Instinct MI300A (2,500 vs 980.6 dense TFLOPS per GPU)."),
    ("mi355x or b200 which is faster", "(2,500 vs 2,250 dense TFLOPS per GPU)"),
    ("mi300a vs h100", "Memory bandwidth: 5,300 GB/s vs 3,350 GB/s."),
])
def test_amd_peaks_compared(text: str, said: str) -> None:
    got = ask(text)
    assert got["intent"] == "compare", got["text"]
    assert said in got["text"], got["text"]


@pytest.mark.parametrize(("text", "lang", "said"), [
    ("h20 vs h100", "en",
     "Peak BF16 Tensor throughput: 989.5 dense TFLOPS per GPU on the H100; we have no "
     "datasheet figure for the H20, so their speed is not compared on it."),
    ("h20 vs h100", "en", "Memory bandwidth: 3,350 GB/s on the H100; we have no datasheet "
                          "figure for the H20."),
    ("dgx spark vs rtx 4090", "en",
     "165.2 dense TFLOPS per GPU on the RTX 4090; we have no datasheet figure for the DGX Spark"),
    ("is a 4090 laptop as fast as a desktop 4090", "en",
     "on the RTX 4090; we have no datasheet figure for the RTX 4090 Laptop"),
    ("m3 ultra vs m2 ultra", "en",
     "Peak FP16 Tensor throughput: 27.2 dense TFLOPS per GPU on the Apple M2 Ultra; we have no "
     "datasheet figure for the Apple M3 Ultra"),
    ("h20 o h100", "es", "989,5 TFLOPS densos por GPU en la H100; no tenemos cifra de ficha "
                         "técnica para la H20"),
    ("h20 ou h100", "fr", "989,5 TFLOPS denses par GPU sur le H100\u202f; nous n'avons pas de chiffre "
                          "de fiche technique pour le H20"),
])
def test_a_figure_on_one_side_only_is_said_with_the_other_named(
        text: str, lang: str, said: str) -> None:
    got = ask(text, lang)
    assert got["intent"] == "compare", got["text"]
    assert said in got["text"], got["text"]
