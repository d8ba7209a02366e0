"""A mixture of experts served by llama.cpp with its routed experts in system RAM (--cpu-moe,
-ot exps=CPU, --n-cpu-moe N): the split (rules.offload.expert_split), the RAM's bandwidth as
said or assumed, the decode bound from both, and the flags as people type them."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.understand.normalise import fold
from bot.understand.settings import read_flags
from rules.catalogue import load_catalogue
from rules.offload import (
    expert_split,
    gguf_layer_split,
    layer_split_reads,
    ram_bandwidth,
    split_decode_bound,
)


@pytest.mark.parametrize(("text", "layers"), [
    ("llama-server -m gpt-oss-120b.gguf -ngl 99 -ot exps=CPU", None),
    ("-ot \".ffn_.*_exps.=CPU\"", None),
    ("--override-tensor '\\.ffn_(up|down|gate)_exps=CPU'", None),
    ("--cpu-moe", None),
    ("-cmoe", None),
    ("--n-cpu-moe 30", 30),
    ("-ncmoe 12", 12),
    ("with the experts on cpu", None),
    ("offload the experts to ram", None),
    ("moe offloading", None),
    ("los expertos en la ram", None),
    ("les experts sur le cpu", None),
])
def test_expert_offload_flags_are_read(text: str, layers: int | None) -> None:
    flags = read_flags(fold(text))
    assert flags.expert_offload
    assert flags.cpu_moe_layers == layers


@pytest.mark.parametrize("text", [
    "zero3 cpu offload", "offload to cpu", "-ngl 40", "experts say it is fine", "expert mode",
])
def test_other_offloads_are_not_expert_offload(text: str) -> None:
    assert not read_flags(fold(text)).expert_offload


@pytest.mark.parametrize(("text", "kind", "mts", "channels"), [
    ("64gb ddr5-6000 dual channel", "ddr5", 6000, 2),
    ("ddr4 3200mhz quad channel", "ddr4", 3200, 4),
    ("epyc with 8-channel ddr5 4800", "ddr5", 4800, 8),
    ("128 go de ddr5 en double canal", "ddr5", None, 2),
])
def test_the_ram_said_is_read(text: str, kind: str, mts: int | None, channels: int) -> None:
    flags = read_flags(fold(text))
    assert (flags.ram_kind, flags.ram_mts, flags.ram_channels) == (kind, mts, channels)


def test_ram_bandwidth_is_channels_times_eight_bytes_times_transfers() -> None:
    assumed = ram_bandwidth(None, None, None)
    assert (assumed.kind, assumed.mts, assumed.channels, assumed.gbs) == (
        "ddr5", 5600, 2, Decimal("89.6"))
    assert not (assumed.kind_said or assumed.mts_said or assumed.channels_said)
    assert ram_bandwidth("ddr4", None, None).gbs == Decimal("51.2")  # DDR4-3200 dual channel
    assert ram_bandwidth("ddr5", 4800, 8).gbs == Decimal("307.2")


def test_gpt_oss_120b_with_every_expert_in_ram() -> None:
    cat = load_catalogue()
    model = cat.models.get("gpt-oss-120b")
    method = cat.method(cat.gguf_file_method("gpt-oss-120b") or "")
    split = expert_split(model, method, 2048, Decimal("34.19"), 1, None, Decimal("4.25"))
    assert split is not None
    # 36 layers x 128 experts x 3 x 2880 x 2880 weights at MXFP4's 4.25 bits: 60.9 GB in RAM
    # with the token embeddings; attention, router, head and KV cache stay on the GPU.
    assert split.cpu_layers == split.moe_layers == 36
    assert split.ram_gb == Decimal("61.2")
    assert split.fits and split.gpu_gb < Decimal("4")
    # 4 of 128 experts a layer read per token in RAM: 36 x 4 x 24.9M weights x 4.25 bits
    assert split.ram_read_gb == Decimal("1.9")
    assert split.fewest_n_cpu_moe == 18
    rate = split_decode_bound(split.gpu_read_gb, Decimal("1792"), split.ram_read_gb,
                              Decimal("89.6"))
    assert rate == Decimal("44")


def test_n_cpu_moe_counts_blocks_from_the_first_dense_ones_included() -> None:
    cat = load_catalogue()
    model = cat.models.get("deepseek-v3")
    assert model.arch is not None and model.arch.dense_layers == 3
    method = cat.method("gguf_q2_k")
    three = expert_split(model, method, 2048, Decimal("25.77"), 1, 3)
    five = expert_split(model, method, 2048, Decimal("25.77"), 1, 5)
    assert three is not None and five is not None
    assert three.cpu_layers == 0 and five.cpu_layers == 2


def test_a_dense_model_has_no_expert_split() -> None:
    cat = load_catalogue()
    assert expert_split(cat.models.get("llama-3-70b"), cat.method("gguf_q4_k_m"), 2048,
                        Decimal("25.77")) is None


def test_a_model_that_fits_whole_needs_no_expert_in_ram() -> None:
    cat = load_catalogue()
    split = expert_split(cat.models.get("qwen3-30b-a3b"), cat.method("gguf_q4_k_m"), 2048,
                         Decimal("85.9"))
    assert split is not None and split.fewest_n_cpu_moe == 0


@pytest.mark.parametrize(("text", "layers"), [
    ("-ngl 40", 40), ("only 30 layers on gpu, rest in ram", 30), ("40 layers in vram", 40),
    ("30 capas en la gpu y el resto en la ram", 30), ("30 couches sur le gpu", 30),
])
def test_the_layers_put_on_the_gpu_are_read(text: str, layers: int) -> None:
    flags = read_flags(fold(text))
    assert flags.gpu_layers == layers and flags.cpu_offload


def test_a_layer_split_reads_each_side_at_its_own_bandwidth() -> None:
    cat = load_catalogue()
    split = gguf_layer_split(cat.models.get("llama-3-70b"), cat.method("gguf_q4_k_m"), 2048,
                             Decimal("25.77"))
    assert split is not None and split.gpu_layers == 46
    gpu, ram, ngl = layer_split_reads(split)
    assert (gpu, ram, ngl) == (Decimal("24.6"), Decimal("18.6"), 46)
    # every layer is read once a token, wherever it is: the two sides add up to the model
    assert layer_split_reads(split, 40)[:2] == (Decimal("21.4"), Decimal("21.8"))
    assert layer_split_reads(split, 99)[2] == 46  # more than fit: as many as fit
    rate = split_decode_bound(gpu, Decimal("936"), ram, Decimal("89.6"))
    assert rate == Decimal("4.2")


def test_a_layer_split_of_a_mixture_of_experts_reads_the_picked_experts_alone() -> None:
    # Qwen3 30B-A3B Q4_K_M on a 16 GB card, layers split with -ngl: a token runs 8 of each
    # layer's 128 experts, so it reads what --cpu-moe's split reads in all (the active
    # weights and the KV cache), not every expert (was 16 GB on the GPU a token, so "at most
    # 11 tokens/s" on a 4060 Ti where the bound is about 100).
    cat = load_catalogue()
    model, method = cat.models.get("qwen3-30b-a3b"), cat.method("gguf_q4_k_m")
    split = gguf_layer_split(model, method, 2048, Decimal("17.18"))
    assert split is not None and not split.fits
    gpu, ram, _ = layer_split_reads(split)
    experts = expert_split(model, method, 2048, Decimal("17.18"))
    assert experts is not None
    assert abs((gpu + ram) - (experts.gpu_read_gb + experts.ram_read_gb)) <= Decimal("0.3")
    assert gpu + ram < Decimal("2.5")
    # a dense model's layer still reads all its weights
    dense = gguf_layer_split(cat.models.get("llama-3-70b"), method, 2048, Decimal("25.77"))
    assert dense is not None and dense.layer_read_gb == Decimal("0.5319")
