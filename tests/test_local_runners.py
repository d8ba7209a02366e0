"""Local GGUF runners (Ollama, llama.cpp, LM Studio…): which runner a question names, the GGUF
type it is answered for when it names none (rules/data/quant_types.toml's runners), and how
many of a model's layers llama.cpp keeps on the GPU when it does not fit whole (rules/offload)."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from bot.understand import understand
from rules.catalogue import DataError, load_catalogue, validate_catalogue
from rules.estimator import estimate_inference
from rules.model_catalogue import load_models
from rules.offload import LayerSplit, gguf_layer_split


@pytest.mark.parametrize(("text", "runner"), [
    ("can i run llama 3 70b with ollama on my 3090", "ollama"),
    ("llama.cpp mixtral 8x7b on a 4090", "llama-cpp"),
    ("llama-server with qwen 32b on a 3090", "llama-cpp"),
    ("LMStudio qwen 32b on 16gb vram", "lm-studio"),
    ("lm studio qwen 32b on 16gb vram", "lm-studio"),
    ("koboldcpp mistral 7b on a 3060", "koboldcpp"),
    ("oobabooga llama 3 8b on a 3060", "text-generation-webui"),
    ("gpt4all llama 3 8b on a 1660", "gpt4all"),
])
def test_the_runner_named_is_read_and_its_default_type_assumed(text: str, runner: str) -> None:
    query = understand(text, catalogue=load_catalogue())
    assert query.inference
    assert query.runner == runner
    assert query.runner_type_assumed
    assert query.method == "gguf_q4_k_m"
    assert query.quant == "Q4_K_M"


@pytest.mark.parametrize(("text", "method"), [
    ("ollama llama 3 70b q5_k_m on 2x 3090", "gguf_q5_k_m"),  # the type named wins
    ("ollama llama 3 8b q8 on a 3090", "gguf_q8_0"),  # a bare size: llama-quantize's reading
    # 16-bit weights stay 16-bit: the F16 GGUF file Ollama loads (planned as BF16 inference)
    ("ollama llama 3 8b fp16 on a 3090", "gguf_f16"),
])
def test_a_type_or_precision_named_beside_the_runner_is_not_assumed(text: str, method: str) -> None:
    query = understand(text, catalogue=load_catalogue())
    assert query.method == method
    assert not query.runner_type_assumed


@pytest.mark.parametrize("text", [
    "llama 3 70b with exllamav2 on 2x 3090", "tabbyapi llama 3 8b on a 3060",
    "exllama llama 3 8b on a 3060",
])
def test_exllama_and_tabbyapi_load_exl2(text: str) -> None:
    """ExLlama (and TabbyAPI, which runs it) loads EXL2 files: read as "exl2" said, 4-bit."""
    query = understand(text, catalogue=load_catalogue())
    assert query.inference and query.quant == "exl2" and query.method == "inference_int4"
    assert query.runner is None


@pytest.mark.parametrize(("text", "layers"), [
    ("llama 3 70b q4_k_m on my 3090 with -ngl 40", 40),
    ("ollama num_gpu 60 llama 3 70b on a 3090", 60),
    ("mixtral q4_k_m on a 4090 --n-gpu-layers=99", 99),
    ("llama 3 70b q4_k_m on a 3090, n_gpu_layers: 33", 33),
    ("llama 3 70b q4_k_m on a 3090", None),
])
def test_the_layers_put_on_the_gpu_are_read(text: str, layers: int | None) -> None:
    assert understand(text, catalogue=load_catalogue()).gpu_layers == layers


@pytest.mark.parametrize(("text", "ram"), [
    ("will qwen2.5 72b run in lm studio on my 4090 + 64gb ram", Decimal(64)),
    ("i have 16gb ram and a 3090, ollama llama 3 70b", Decimal(16)),
    ("llama 3 70b q4_k_m on a 3090, 2tb ssd", None),  # storage is not system RAM
    # fit20: a training run's too (CPU offload, as the remedy, is held to it)
    ("qlora llama 3 8b on a 3090 and 64gb ram", Decimal(64)),
])
def test_the_system_ram_said_is_kept_apart_from_the_vram(text: str, ram: Decimal | None) -> None:
    query = understand(text, catalogue=load_catalogue())
    assert query.system_ram_gb == ram and query.vram_gb is None


def test_no_runner_no_assumption() -> None:
    """"jan" is January too: not read as the Jan app; a question naming no runner is as before."""
    for text in ("can i run llama 3 70b on my 3090", "run llama 3 8b on a 3090 in jan 2027"):
        query = understand(text, catalogue=load_catalogue())
        assert query.runner is None and not query.runner_type_assumed
        assert query.method == "inference_bf16"


def test_a_runner_defaulting_to_an_unknown_type_is_refused() -> None:
    cat = load_catalogue()
    bad = cat.local_runners[0].model_copy(update={"default_type": "Q9_K"})
    with pytest.raises(DataError, match="defaults to unknown type"):
        validate_catalogue(replace(cat, local_runners=(bad,)))


def test_every_runner_cites_its_source() -> None:
    for runner in load_catalogue().local_runners:
        assert runner.source and runner.verified
        assert load_catalogue().quant_method(runner.default_type) is not None


# --- the layer split (rules/offload.py) ---------------------------------------------------------


def _split(model: str, vram: str, gpus: int = 1, method: str = "gguf_q4_k_m",
           ctx: int = 2048) -> LayerSplit | None:
    return gguf_layer_split(load_models().get(model), method, ctx, Decimal(vram), gpus)


def test_llama_3_70b_q4_k_m_on_24_gib_keeps_the_output_layer_and_45_layers() -> None:
    split = _split("llama-3-70b", "25.77")
    assert split is not None and not split.fits
    assert split.layers == 80
    # llama.cpp counts the output layer among -ngl's N (i_gpu_start = n_layer + 1 - N)
    assert split.gpu_layers == split.repeating_on_gpu + 1 == 46


def test_the_split_grows_with_the_memory_and_fits_where_the_estimate_fits() -> None:
    splits = [_split("llama-3-70b", str(v)) for v in (12, 16, 24, 32, 40)]
    held = [s.repeating_on_gpu for s in splits if s is not None]
    assert held == sorted(held) and held[0] < held[-1]
    whole = estimate_inference(load_models().get("llama-3-70b"), "gguf_q4_k_m", 2048)
    split = _split("llama-3-70b", str(whole.per_gpu_gb + 1))
    assert split is not None and split.fits and split.gpu_layers == 81


def test_the_system_ram_is_the_rest_of_the_file_and_its_layers_kv_cache() -> None:
    small, large = _split("llama-3-70b", "16"), _split("llama-3-70b", "24")
    assert small is not None and large is not None
    moved = large.repeating_on_gpu - small.repeating_on_gpu
    # each layer moved to the GPU leaves system RAM: about its size per layer (0.1 GB rounding)
    assert abs((small.ram_gb - large.ram_gb) - moved * small.layer_gb) <= Decimal("0.1") * moved


def test_nothing_fits_beside_the_runtime_and_two_cards_hold_more_than_one() -> None:
    none = _split("llama-3-70b", "0.5")
    assert none is not None and none.gpu_layers == 0 and none.repeating_on_gpu == 0
    one, two = _split("llama-3-70b", "12.88"), _split("llama-3-70b", "12.88", gpus=2)
    assert one is not None and two is not None and two.repeating_on_gpu > one.repeating_on_gpu


def test_a_method_that_is_not_a_gguf_file_has_no_layer_split() -> None:
    assert _split("llama-3-70b", "24", method="inference_int4") is None
