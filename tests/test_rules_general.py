"""The same rules for other sizes, bad input, block plans, and properties that must always hold."""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.catalogue import load_catalogue
from rules.errors import (
    GPUCountOutOfRange,
    GPUNotRented,
    InvalidHours,
    InvalidModelSize,
    InvalidVRAM,
    NoAssumedHours,
    PriceNotPublished,
    UnknownGPU,
)
from rules.fit import fit, fit_vram, offered_fits
from rules.memory import memory
from rules.quote import block_plan, blocks_within, quote

CAT = load_catalogue()
BLOCKS = CAT.pricing.block_hours


@pytest.mark.parametrize(
    ("size", "qlora", "lora", "adamw", "adam8"),
    [
        ("7", "5.25", "16.8", "126", "84"),
        ("13", "9.75", "31.2", "234", "156"),
        ("33", "24.75", "79.2", "594", "396"),
        ("65", "48.75", "156", "1170", "780"),
        ("405", "303.75", "972", "7290", "4860"),
    ],
)
def test_other_sizes_follow_the_same_rules(size, qlora, lora, adamw, adam8):
    n = D(size)
    assert memory("qlora", n, catalogue=CAT).estimate_gb == D(qlora)
    assert memory("lora", n, catalogue=CAT).estimate_gb == D(lora)
    assert memory("full_adamw", n, catalogue=CAT).estimate_gb == D(adamw)
    assert memory("full_adam8bit", n, catalogue=CAT).estimate_gb == D(adam8)


@pytest.mark.parametrize(
    ("method", "size", "gpu", "count", "fits"),
    [
        ("qlora", "7", "rtx-4090", 1, True),  # 5.25 GB on 24 GB
        ("qlora", "33", "rtx-4090", 1, False),  # 24.75 GB just over 24 GB
        ("qlora", "33", "rtx-5090", 1, True),
        ("lora", "13", "rtx-5090", 1, True),  # 31.2 GB on 32 GB
        ("lora", "13", "rtx-4090", 1, False),
        ("qlora", "65", "l40s", 1, False),  # 48.75 > 48: the rule is conservative vs the paper
        ("qlora", "405", "h200", 3, True),  # 303.75 on 423 GB
        ("full_adamw", "405", "b200", 8, False),
        ("inference_bf16", "70", "h100", 2, False),  # 168 > 160
        ("inference_int4", "70", "a100-80gb", 1, True),
    ],
)
def test_fit_other_sizes(method, size, gpu, count, fits):
    assert fit(method, D(size), gpu, count, catalogue=CAT).fits is fits


def test_named_models_use_their_published_counts():
    mixtral = CAT.models.find("mixtral 8x7b")
    assert mixtral is not None and mixtral.params_b == D("46.7")
    assert memory("qlora", mixtral.params_b, catalogue=CAT).estimate_gb == D("35.025")


def test_fit_on_vram_only():
    result = fit_vram("qlora", D(70), D(48), catalogue=CAT)
    assert result.gpu is None and not result.fits and result.vram_gb == 48
    assert fit_vram("qlora", D(13), D(16), catalogue=CAT).fits


@pytest.mark.parametrize(
    ("call", "error", "code"),
    [
        (lambda: memory("qlora", D(0), catalogue=CAT), InvalidModelSize, "invalid_model_size"),
        (lambda: memory("qlora", D(-7), catalogue=CAT), InvalidModelSize, "invalid_model_size"),
        (lambda: memory("qlora", D(10001), catalogue=CAT), InvalidModelSize, "invalid_model_size"),
        (lambda: memory("qlora", D("NaN"), catalogue=CAT), InvalidModelSize, "invalid_model_size"),
        (lambda: fit("qlora", D(70), "h1000", catalogue=CAT), UnknownGPU, "unknown_gpu"),
        (lambda: fit("qlora", D(70), "h100", 0, catalogue=CAT), GPUCountOutOfRange, "gpu_count_out_of_range"),
        (lambda: fit("qlora", D(70), "h100", 1025, catalogue=CAT), GPUCountOutOfRange, "gpu_count_out_of_range"),
        (lambda: quote("h100", 9, D(1), catalogue=CAT), GPUCountOutOfRange, "gpu_count_out_of_range"),
        (lambda: quote("rtx-3090", 1, D(1), catalogue=CAT), GPUNotRented, "gpu_not_rented"),
        (lambda: quote("h100", 1, D(0), catalogue=CAT), InvalidHours, "invalid_hours"),
        (lambda: quote("h100", 1, D(-3), catalogue=CAT), InvalidHours, "invalid_hours"),
        (lambda: quote("h100", 1, D("1e9"), catalogue=CAT), InvalidHours, "invalid_hours"),
        (lambda: quote("rtx-4090", 1, D(5), catalogue=CAT), PriceNotPublished, "price_not_published"),
        (lambda: quote("h100", 1, None, "inference_bf16", catalogue=CAT), NoAssumedHours, "hours_required"),
        (lambda: fit_vram("qlora", D(7), D(0), catalogue=CAT), InvalidVRAM, "invalid_vram"),
    ],
)
def test_bad_input_raises_typed_errors(call, error, code):
    with pytest.raises(error) as info:
        call()
    assert info.value.code == code


def test_unknown_gpu_suggests_closest_names():
    with pytest.raises(UnknownGPU) as info:
        CAT.resolve_gpu("H10")
    assert "H100" in info.value.params["suggestions"]
    assert CAT.suggest_gpus("A1100")[0] == "A100 80GB"  # "A1000" is the RTX A1000 now


@pytest.mark.parametrize(
    ("text", "gpu_id"),
    [("4090", "rtx-4090"), ("RTX 4090", "rtx-4090"), ("A100 80GB", "a100-80gb"),
     ("a100-80gb", "a100-80gb"), ("H100 SXM", "h100"), ("h200", "h200"), ("L40S", "l40s")],
)
def test_gpu_aliases(text, gpu_id):
    gpu = CAT.find_gpu(text)
    assert gpu is not None and gpu.id == gpu_id


@pytest.mark.parametrize(
    ("need", "blocks", "bought"),
    [
        ("10", ((10, 1),), 10),
        ("24", ((24, 1),), 24),
        ("30", ((10, 3),), 30),  # least hours first: 30 beats 24 + 10 = 34
        ("34", ((24, 1), (10, 1)), 34),
        ("1", ((10, 1),), 10),
        ("0.5", ((10, 1),), 10),
        ("168", ((168, 1),), 168),
        ("720", ((720, 1),), 720),
        ("1440", ((720, 2),), 1440),
        ("48", ((24, 2),), 48),
        ("20", ((10, 2),), 20),
        ("44", ((24, 1), (10, 2)), 44),
    ],
)
def test_block_plan_least_hours_then_fewest_blocks(need, blocks, bought):
    plan = block_plan(D(need), D("2.32"), BLOCKS)
    assert plan.blocks == blocks and plan.hours_bought == bought
    assert plan.usd == D("2.32") * bought


def _brute_force(need: int) -> tuple[int, int]:
    best: tuple[int, int] | None = None
    for d in range(need // 720 + 2):
        for c in range(need // 168 + 2):
            for b in range(need // 24 + 2):
                for a in range(need // 10 + 2):
                    total = 10 * a + 24 * b + 168 * c + 720 * d
                    if total >= need and (best is None or (total, a + b + c + d) < best):
                        best = (total, a + b + c + d)
    assert best is not None
    return best


@pytest.mark.parametrize("need", [1, 11, 23, 25, 35, 58, 100, 169, 250, 721, 1000])
def test_block_plan_matches_brute_force(need):
    plan = block_plan(D(need), D(1), BLOCKS)
    assert (plan.hours_bought, plan.block_count) == _brute_force(need)


def _brute_force_within(top: int) -> tuple[int, int] | None:
    best: tuple[int, int] | None = None
    for d in range(top // 720 + 1):
        for c in range(top // 168 + 1):
            for b in range(top // 24 + 1):
                for a in range(top // 10 + 1):
                    total = 10 * a + 24 * b + 168 * c + 720 * d
                    key = (-total, a + b + c + d)
                    if 0 < total <= top and (best is None or key < (-best[0], best[1])):
                        best = (total, a + b + c + d)
    return best


@pytest.mark.parametrize("top", [9, 10, 11, 21, 23, 33, 35, 58, 100, 169, 215, 431, 1000])
def test_blocks_within_matches_brute_force(top):
    # What a budget buys in whole blocks: the most GPU-hours not above it, then fewest blocks.
    plan = blocks_within(D(top) + D("0.99"), D(1), BLOCKS)
    expected = _brute_force_within(top)
    if expected is None:
        assert plan is None
    else:
        assert plan is not None and (plan.hours_bought, plan.block_count) == expected
        assert sum(size * n for size, n in plan.blocks) == plan.hours_bought


def test_blocks_within_a_budget():
    # "$50 of H100" ($2.32 a GPU-hour): 21.55 GPU-hours at the rate, 2 × 10 bought ($46.40);
    # $20 buys no block at all (the smallest costs $23.20).
    plan = blocks_within(D(50) / D("2.32"), D("2.32"), BLOCKS)
    assert plan is not None and plan.blocks == ((10, 2),) and plan.usd == D("46.40")
    assert blocks_within(D(20) / D("2.32"), D("2.32"), BLOCKS) is None


sizes = st.decimals(min_value=D("0.1"), max_value=D(10000), places=2)
methods = st.sampled_from(CAT.method_ids())
gpus = st.sampled_from([g.id for g in CAT.gpus])
priced = st.sampled_from([g.id for g in CAT.gpus if g.usd_per_gpu_hour is not None])
counts = st.integers(1, 8)


@given(methods, sizes, sizes)
def test_memory_is_monotonic_in_size(method, a, b):
    small, big = sorted((a, b))
    assert memory(method, small, catalogue=CAT).estimate_gb <= memory(method, big, catalogue=CAT).estimate_gb


@given(methods, sizes, gpus, counts, counts)
def test_more_gpus_never_turn_a_fit_into_a_miss(method, size, gpu, n1, n2):
    few, many = sorted((n1, n2))
    if fit(method, size, gpu, few, catalogue=CAT).fits:
        assert fit(method, size, gpu, many, catalogue=CAT).fits


@given(priced, counts, st.decimals(min_value=D("0.01"), max_value=D(100000), places=2))
def test_quote_is_count_times_hours_times_price_exactly(gpu, count, hours):
    q = quote(gpu, count, hours, catalogue=CAT)
    assert q.cost_usd == count * hours * CAT.gpu(gpu).usd_per_gpu_hour  # type: ignore[operator]
    assert isinstance(q.cost_usd, D)


@settings(max_examples=300)
@given(st.decimals(min_value=D("0.01"), max_value=D(800000), places=3))
def test_block_plan_always_covers_the_hours(need):
    plan = block_plan(need, D(1), BLOCKS)
    assert plan.hours_bought >= need
    assert sum(size * n for size, n in plan.blocks) == plan.hours_bought
    assert plan.spare_hours < min(BLOCKS)  # ten-hour blocks alone always get closer


@given(methods, sizes)
def test_offered_fits_sorted_cheapest_first_and_all_fit(method, size):
    found = offered_fits(method, size, catalogue=CAT)
    prices = [f.usd_per_hour for f in found]
    assert prices == sorted(prices)  # type: ignore[type-var]
    assert all(f.fits for f in found)


def test_training_methods_have_assumed_hours():
    assert {m: CAT.method(m).assumed_gpu_hours for m in CAT.method_ids("training")} == {
        "qlora": 10, "lora": 24, "full_adam8bit": 168, "full_adamw": 168,
    }
