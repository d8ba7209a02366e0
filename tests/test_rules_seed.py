"""The seed page's every number, reproduced by the engine exactly (fr/es seed, 2026-10-29)."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from rules.catalogue import load_catalogue
from rules.compare import compare, full_vs_qlora, savings
from rules.fit import cheapest_fit, fit, offer_table, offered_fits
from rules.memory import memory
from rules.money import round_half_up, to_cents
from rules.quote import quote

SEVENTY = D(70)
METHODS = ("qlora", "lora", "full_adam8bit", "full_adamw")

# The seed's fit table: configuration, total VRAM, QLoRA, LoRA, full 8-bit Adam, full AdamW, $/hour.
SEED_FIT_TABLE = [
    ("l40s", 1, 48, "Non", "Non", "Non", "Non", "0.82"),
    ("a100-80gb", 1, 80, "Oui", "Non", "Non", "Non", "0.92"),
    ("h100", 1, 80, "Oui", "Non", "Non", "Non", "2.32"),
    ("h200", 1, 141, "Oui", "Non", "Non", "Non", "3.07"),
    ("b200", 1, 180, "Oui", "Oui", "Non", "Non", "4.61"),
    ("h200", 2, 282, "Oui", "Oui", "Non", "Non", "6.14"),
    ("a100-80gb", 4, 320, "Oui", "Oui", "Non", "Non", "3.68"),
    ("h100", 8, 640, "Oui", "Oui", "Non", "Non", "18.56"),
    ("h200", 8, 1128, "Oui", "Oui", "Oui", "Non", "24.56"),
    ("b200", 8, 1440, "Oui", "Oui", "Oui", "Oui", "36.88"),
]


@pytest.mark.parametrize(
    ("gpu", "count", "vram", "q", "lo", "a8", "aw", "price"), SEED_FIT_TABLE
)
def test_fit_table_cell_by_cell(gpu, count, vram, q, lo, a8, aw, price):
    expected = dict(zip(METHODS, (q, lo, a8, aw), strict=True))
    for method, verdict in expected.items():
        result = fit(method, SEVENTY, gpu, count, catalogue=load_catalogue())
        assert result.vram_gb == vram
        assert result.fits is (verdict == "Oui"), (gpu, count, method)
        assert result.offered
        assert result.usd_per_hour == D(price)


def test_offer_table_is_the_seed_table():
    rows = offer_table(METHODS, SEVENTY, catalogue=load_catalogue())
    assert [(g.id, n) for g, n, _, _ in rows] == [(r[0], r[1]) for r in SEED_FIT_TABLE]
    verdicts = sum(cell.fits for _, _, _, cells in rows for cell in cells.values())
    assert verdicts == sum(v == "Oui" for r in SEED_FIT_TABLE for v in r[3:7])
    for gpu, count, printed, _ in rows:
        assert printed == gpu.usd_per_gpu_hour * count


@pytest.mark.parametrize(
    ("method", "floor", "estimate", "high"),
    [
        ("qlora", "35", "52.5", None),
        ("lora", "140", "168", None),
        ("full_adamw", "1120", "1260", "1260"),
        ("full_adam8bit", None, "840", None),
        ("inference_bf16", "140", "168", None),
        ("inference_int8", "70", "84", None),
        ("inference_int4", "35", "42", None),
    ],
)
def test_memory_figures(method, floor, estimate, high):
    mem = memory(method, SEVENTY, catalogue=load_catalogue())
    assert mem.floor_gb == (None if floor is None else D(floor))
    assert mem.estimate_gb == D(estimate)
    assert mem.high_gb == (None if high is None else D(high))
    codes = {n.code for n in mem.notes}
    assert ("activations_extra" in codes) is method.startswith(("q", "l", "full"))


def test_rtx_4090_weights_alone_do_not_fit():
    result = fit("qlora", SEVENTY, "rtx-4090", catalogue=load_catalogue())
    assert not result.fits
    assert result.floor_gb == 35
    (note,) = [n for n in result.notes if n.code == "weights_exceed_vram"]
    assert note.params == {"floor_gb": D(35), "vram_gb": D(24)}
    assert result.usd_per_hour is None  # price not published: never invented


def test_8x_h200_holds_16_bytes_on_paper_leaving_8_gb():
    result = fit("full_adamw", SEVENTY, "h200", 8, catalogue=load_catalogue())
    assert not result.fits
    (note,) = [n for n in result.notes if n.code == "paper_fit_only"]
    assert note.params["floor_gb"] == 1120
    assert note.params["left_gb"] == 8


def test_8x_b200_leaves_180_gb_after_18_bytes():
    result = fit("full_adamw", SEVENTY, "b200", 8, catalogue=load_catalogue())
    assert result.fits and result.headroom_gb == 180 and result.high_gb == 1260


def test_l40s_misses_qlora_but_paper_fit_65b_on_48gb():
    result = fit("qlora", SEVENTY, "l40s", catalogue=load_catalogue())
    assert not result.fits and result.estimate_gb == D("52.5")
    (note,) = [n for n in result.notes if n.code == "qlora_paper_tight"]
    assert note.params["paper_params_b"] == 65 and note.params["paper_vram_gb"] == 48
    # The paper's own ratio: 48 / 65 = 0.74, rounded up to the 0.75 planning rule.
    assert round_half_up(D(48) / D(65), 2) == D("0.74")


@pytest.mark.parametrize(
    ("method", "gpu", "count", "hours", "gpu_hours", "cost"),
    [
        ("qlora", "a100-80gb", 1, 10, 10, "9.20"),
        ("qlora", "h100", 1, 10, 10, "23.20"),
        ("lora", "b200", 1, 24, 24, "110.64"),
        ("lora", "h200", 2, 12, 24, "73.68"),
        ("full_adam8bit", "h200", 8, 21, 168, "515.76"),
        ("full_adamw", "b200", 8, 21, 168, "774.48"),
    ],
)
def test_run_cost_table(method, gpu, count, hours, gpu_hours, cost):
    assumed = quote(gpu, count, method=method, catalogue=load_catalogue())
    assert assumed.hours_assumed
    assert (assumed.hours, assumed.gpu_hours, to_cents(assumed.cost_usd)) == (
        hours,
        gpu_hours,
        D(cost),
    )
    assert str(to_cents(assumed.cost_usd)) == cost
    given = quote(gpu, count, hours=D(hours), method=method, catalogue=load_catalogue())
    assert not given.hours_assumed and given.cost_usd == assumed.cost_usd
    # The assumed hours match one block of 10, 24 or 168 GPU-hours.
    assert assumed.plan.blocks == ((gpu_hours, 1),) and assumed.plan.spare_hours == 0


def test_full_vs_qlora_about_40x_per_hour():
    ratio = full_vs_qlora(SEVENTY, catalogue=load_catalogue())
    assert ratio is not None
    assert (ratio.full.gpu, ratio.full.gpu_count, ratio.full.usd_per_hour) == ("b200", 8, D("36.88"))
    assert (ratio.qlora.gpu, ratio.qlora.usd_per_hour) == ("a100-80gb", D("0.92"))
    assert round_half_up(ratio.ratio, 0) == 40


def test_reference_prices_and_saving_at_least_15_percent():
    found = {s.provider: s for s in savings(catalogue=load_catalogue())}
    massed, thunder = found["Massed Compute"], found["Thunder Compute"]
    assert (massed.gpu, massed.gpu_count, massed.reference_usd_per_hour) == ("b200", 8, D("43.46"))
    assert massed.reference_usd_per_gpu_hour == D("5.4325")
    assert (thunder.gpu, thunder.reference_usd_per_hour) == ("a100-80gb", D("1.09"))
    for s in (massed, thunder):
        assert s.meets_promise and s.saving_percent >= 15
    assert round_half_up(massed.saving_percent, 1) == D("15.1")
    assert round_half_up(thunder.saving_percent, 1) == D("15.6")


def test_h100_vs_a100_for_qlora_70b():
    cmp = compare("qlora", SEVENTY, "h100", "a100-80gb", catalogue=load_catalogue())
    assert cmp.a is not None and cmp.b is not None
    assert cmp.a.fits and cmp.b.fits
    assert round_half_up(cmp.tflops_ratio or D(0), 1) == D("3.2")
    assert (cmp.a_tflops, cmp.b_tflops) == (D("989.5"), D(312))
    assert (cmp.a_bandwidth_gbs, cmp.b_bandwidth_gbs) == (D(3350), D(2039))
    assert (cmp.a_usd_per_hour, cmp.b_usd_per_hour) == (D("2.32"), D("0.92"))


def test_b200_compares_by_its_cited_figures():
    # The seed gives the B200 no datasheet figure; its dense BF16 peak (2,250 TFLOPS) is cited from
    # NVIDIA's exemplar-performance table, its bandwidth from the DGX B200 datasheet (64 TB/s over
    # 8 GPUs).
    cmp = compare("qlora", SEVENTY, "b200", "a100-80gb", catalogue=load_catalogue())
    assert cmp.tflops_ratio == D(2250) / D(312)
    assert cmp.bandwidth_ratio == D(8000) / D(2039)


@pytest.mark.parametrize(
    ("method", "gpu", "count", "usd"),
    [
        ("qlora", "a100-80gb", 1, "0.92"),  # "1× A100 80GB (0,92 $/heure)"
        ("lora", "a100-80gb", 4, "3.68"),  # cheapest per hour that holds 168 GB
        ("full_adam8bit", "h200", 8, "24.56"),
        ("full_adamw", "b200", 8, "36.88"),
    ],
)
def test_cheapest_fit(method, gpu, count, usd):
    best = cheapest_fit(method, SEVENTY, catalogue=load_catalogue())
    assert best is not None
    assert (best.gpu, best.gpu_count, best.usd_per_hour) == (gpu, count, D(usd))


def test_lora_fits_one_b200_two_h200_or_four_80gb():
    names = {(f.gpu, f.gpu_count) for f in offered_fits("lora", SEVENTY, catalogue=load_catalogue())}
    assert {("b200", 1), ("h200", 2), ("a100-80gb", 4)} <= names
    assert ("h200", 1) not in names


def test_catalogue_prices_verified_date():
    assert load_catalogue().prices_verified.isoformat() == "2026-10-29"
