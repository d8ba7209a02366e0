"""The engine's Fit and Quote, field by field, against hand calculations from the seed
(DESIGN.md §1). Written from the mutation run: each row pins a field or a note a mutant dropped."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from rules.catalogue import load_catalogue
from rules.errors import GPUCountOutOfRange, InvalidHours, InvalidVRAM
from rules.fit import cheapest_fit, check_count, fit, fit_vram, offer_table, offered_fits
from rules.notes import note
from rules.quote import billable_gpu_hours, block_plan, quote

CAT = load_catalogue()
PLAN = ("planning_rule", "activations_extra")


@pytest.fixture(autouse=True)
def _computed_afresh() -> None:
    """Each test computes what it checks: the engine memoises per catalogue and the block
    planner caches its tables, so an earlier test's result must not stand in for this one's."""
    from rules import quote as quote_module

    CAT.clear_memo()
    quote_module._by_residue.cache_clear()
    quote_module._small_combinations.cache_clear()


def codes(f) -> list[str]:
    return [n.code for n in f.notes]


# method, size, gpu, count → fits, vram, floor, estimate, high, price, offered, the fit note
FITS = [
    # The seed's RTX 4090: even the 4-bit weights (35 GB) exceed 24 GB; rented, no price.
    ("qlora", 70, "rtx-4090", 1, False, 24, D("35.0"), D("52.50"), None, None, False,
     note("weights_exceed_vram", floor_gb=D("35.0"), vram_gb=D(24))),
    # The seed's 8× H200: 1 128 GB holds the 16-byte 1 120 GB on paper, 8 GB left.
    ("full_adamw", 70, "h200", 8, False, 1128, D(1120), D(1260), D(1260), D("24.56"), True,
     note("paper_fit_only", floor_gb=D(1120), left_gb=D(8))),
    # The seed's L40S: 52.5 GB misses 48 GB though the QLoRA paper fit 65B on one 48 GB GPU.
    ("qlora", 70, "l40s", 1, False, 48, D("35.0"), D("52.50"), None, D("0.82"), True,
     note("qlora_paper_tight", vram_gb=D(48), paper_params_b=65, paper_vram_gb=48)),
    # LoRA 70B on one H200: the 140 GB floor fits 141 GB, the 168 GB estimate does not.
    ("lora", 70, "h200", 1, False, 141, D(140), D("168.0"), None, D("3.07"), True,
     note("floor_fits_estimate_misses", floor_gb=D(140), vram_gb=D(141))),
    # The seed's 8× B200: fits with 180 GB left after the 18-byte figure.
    ("full_adamw", 70, "b200", 8, True, 1440, D(1120), D(1260), D(1260), D("36.88"), True, None),
    ("qlora", 70, "h100", 3, True, 240, D("35.0"), D("52.50"), None, D("6.96"), False, None),
]


@pytest.mark.parametrize(
    ("method", "size", "gpu", "count", "fits", "vram", "floor", "estimate", "high", "price",
     "offered", "fit_note"),
    FITS,
)
def test_fit_fields_and_notes(method, size, gpu, count, fits, vram, floor, estimate, high,
                              price, offered, fit_note) -> None:
    f = fit(method, D(size), gpu, count, catalogue=CAT)
    assert (f.method, f.params_b, f.gpu, f.gpu_count) == (method, D(size), gpu, count)
    assert f.fits is fits and f.vram_gb == vram
    assert (f.floor_gb, f.estimate_gb, f.high_gb) == (floor, estimate, high)
    assert f.headroom_gb == vram - estimate
    assert f.usd_per_hour == price and f.offered is offered and f.rentable is True
    assert f.unified_gb is None
    expected = ([fit_note] if fit_note else []) + (
        [note("sharding_assumed")] if count > 1 else []
    )
    assert list(f.notes[: len(expected)]) == expected
    assert set(codes(f)[len(expected):]) >= set(PLAN)


def test_a_fit_by_memory_alone_has_no_gpu_price_or_offer() -> None:
    f = fit_vram("lora", D(13), D(24), 2, catalogue=CAT)
    assert f.gpu is None and f.gpu_count == 2 and f.vram_gb == 48
    assert f.fits and f.estimate_gb == D("31.2") and f.floor_gb == 26
    assert f.usd_per_hour is None and not f.offered and not f.rentable
    assert codes(f)[0] == "sharding_assumed"
    short = fit_vram("qlora", D(70), D(24), 1, catalogue=CAT)
    assert short.notes[0] == note("weights_exceed_vram", floor_gb=D("35.0"), vram_gb=D(24))


@pytest.mark.parametrize("vram", [D(0), D(-1), D("Infinity"), D("NaN"), D(100_001)])
def test_an_impossible_memory_is_refused(vram: D) -> None:
    with pytest.raises(InvalidVRAM):
        fit_vram("qlora", D(7), vram, 1, catalogue=CAT)


@pytest.mark.parametrize("count", [0, 9, -1])
def test_a_count_outside_one_instance_names_the_limits(count: int) -> None:
    with pytest.raises(GPUCountOutOfRange) as caught:
        check_count(count, CAT)
    assert caught.value.params == {"gpu_count": count, "min_gpus": 1, "max_gpus": 8}
    assert check_count(8, CAT) == 8 and check_count(1, CAT) == 1


def test_cheapest_offered_configurations_are_the_seeds() -> None:
    assert (cheapest_fit("qlora", D(70), CAT).gpu, cheapest_fit("qlora", D(70), CAT).gpu_count) == (
        "a100-80gb", 1)
    full = cheapest_fit("full_adamw", D(70), CAT)
    assert (full.gpu, full.gpu_count, full.usd_per_hour) == ("b200", 8, D("36.88"))
    lora = offered_fits("lora", D(70), CAT)
    assert [(f.gpu, f.gpu_count) for f in lora[:3]] == [("a100-80gb", 4), ("b200", 1), ("h200", 2)]
    assert all(f.fits and f.offered for f in lora)
    assert cheapest_fit("qlora", D(5000), CAT) is None


def test_offer_table_is_every_offer_by_every_method() -> None:
    rows = offer_table(("qlora", "full_adamw"), D(70), CAT)
    assert [(g.id, n, p) for g, n, p, _ in rows] == [(o.gpu, o.count, o.usd_per_hour) for o in CAT.offers]
    by_config = {(g.id, n): cells for g, n, _, cells in rows}
    assert by_config[("l40s", 1)]["qlora"].fits is False
    assert by_config[("a100-80gb", 1)]["qlora"].fits is True
    assert by_config[("h200", 8)]["full_adamw"].fits is False
    assert by_config[("b200", 8)]["full_adamw"].headroom_gb == 180
    assert all(cell.offered for *_, cells in rows for cell in cells.values())


# --- quotes

def test_quote_fields_for_given_hours() -> None:
    q = quote("h200", 2, D(12), "lora", catalogue=CAT)
    assert (q.method, q.gpu, q.gpu_count, q.hours, q.gpu_hours) == ("lora", "h200", 2, 12, 24)
    assert not q.hours_assumed
    assert (q.usd_per_gpu_hour, q.usd_per_hour, q.cost_usd) == (D("3.07"), D("6.14"), D("73.68"))
    assert q.plan.blocks == ((24, 1),) and q.plan.hours_bought == 24 and q.plan.spare_hours == 0


def test_quote_without_hours_uses_the_seeds_assumed_gpu_hours_split_over_the_gpus() -> None:
    q = quote("a100-80gb", 4, None, "lora", catalogue=CAT)
    assert q.hours_assumed and q.gpu_hours == 24 and q.hours == 6
    assert q.cost_usd == D("22.08") and q.plan.blocks == ((24, 1),)


@pytest.mark.parametrize("hours", [D(0), D(-5), D("NaN"), D("Infinity"), D(100_001)])
def test_impossible_hours_are_refused(hours: D) -> None:
    with pytest.raises(InvalidHours):
        quote("h100", 1, hours, None, catalogue=CAT)


def test_the_longest_allowed_run_is_quoted() -> None:
    assert quote("h100", 1, D(100_000), None, catalogue=CAT).gpu_hours == 100_000


@pytest.mark.parametrize(
    ("gpu_hours", "expected"),
    [(D("1.001"), D("61") / 60), (D(2), D(2)), (D("0.5"), D("0.5")), (D("0.0001"), D(1) / 60)],
)
def test_billing_rounds_up_to_the_started_minute(gpu_hours: D, expected: D) -> None:
    assert billable_gpu_hours(gpu_hours, 1) == expected
    assert billable_gpu_hours(D("0.01"), 15) == D("0.25")


@pytest.mark.parametrize(
    ("need", "blocks", "bought", "count"),
    [
        (D(0), ((10, 0),), 0, 0),  # nothing to run, nothing to buy
        (D("0.5"), ((10, 1),), 10, 1),
        (D(34), ((24, 1), (10, 1)), 34, 2),
        (D(48), ((24, 2),), 48, 2),
        (D(170), ((24, 5), (10, 5)), 170, 10),  # least hours first, then fewest blocks
        (D(721), ((168, 4), (10, 5)), 722, 9),  # 722 h beats 730 h in two blocks
        (D(1440), ((720, 2),), 1440, 2),
    ],
)
def test_block_plans_buy_the_least_hours_then_the_fewest_blocks(need, blocks, bought, count) -> None:
    plan = block_plan(need, D("2.32"), CAT.pricing.block_hours)
    expected_blocks = tuple(b for b in blocks if b[1])
    assert plan.blocks == expected_blocks
    assert (plan.hours_bought, plan.block_count) == (bought, count)
    assert plan.usd == D("2.32") * bought
    assert isinstance(plan.hours_bought, int) and isinstance(plan.spare_hours, int)


def _brute_force(need: int, blocks: tuple[int, ...]) -> tuple[int, int]:
    """(least hours bought ≥ need, fewest blocks for it) by exhaustive search."""
    best: tuple[int, int] | None = None
    limit = need + max(blocks)
    from itertools import product

    for counts in product(*(range(limit // b + 2) for b in blocks)):
        bought = sum(c * b for c, b in zip(counts, blocks, strict=True))
        if bought >= need and bought <= limit:
            cand = (bought, sum(counts))
            best = cand if best is None or cand < best else best
    assert best is not None
    return best


@pytest.mark.parametrize("blocks", [(5, 12), (3, 7, 20), (10, 24, 168, 720)])
@pytest.mark.parametrize("need", [1, 4, 13, 29, 47, 61])
def test_block_plans_match_exhaustive_search_for_any_block_sizes(blocks, need) -> None:
    """Other block sizes than the seed's (the planner's tables are built per block set)."""
    if blocks[-1] == 720 and need > 47:
        return
    plan = block_plan(D(need), D(1), blocks)
    assert (plan.hours_bought, plan.block_count) == _brute_force(need, blocks)
    assert sum(size * n for size, n in plan.blocks) == plan.hours_bought


def test_quote_errors_name_the_gpu_and_the_limits() -> None:
    from rules.errors import GPUNotRented, NoAssumedHours, PriceNotPublished

    with pytest.raises(GPUNotRented) as not_rented:
        quote("rtx-3090", 1, D(10), None, catalogue=CAT)
    assert not_rented.value.params["gpu"] == "RTX 3090"
    with pytest.raises(PriceNotPublished) as unpublished:
        quote("rtx-4090", 1, D(10), None, catalogue=CAT)
    assert unpublished.value.params["gpu"] == "RTX 4090"
    with pytest.raises(NoAssumedHours) as no_hours:
        quote("h100", 1, None, None, catalogue=CAT)
    assert no_hours.value.params["method"] is None
    with pytest.raises(InvalidHours) as bad:
        quote("h100", 1, D(-5), None, catalogue=CAT)
    assert bad.value.params == {"hours": D(-5), "max_hours": D(100_000)}
    with pytest.raises(GPUCountOutOfRange):
        quote("h100", 9, D(1), None, catalogue=CAT)
    assert quote("h100", hours=D(1), catalogue=CAT).gpu_count == 1  # one GPU by default


# --- any GPU: Apple unified memory, clusters beyond one instance, cards we do not rent

@pytest.mark.parametrize(
    ("gpu", "memory_gb", "usable", "unified"),
    [
        ("apple-m2-ultra", D(64), D("51.53"), D(64)),  # 3/4 from 36 GB up
        ("apple-m2-ultra", D(192), D("154.61"), D(192)),
        ("apple-m2-ultra", None, D("51.53"), D(64)),  # the chip's first configuration
        ("apple-m1", D(16), D("11.45"), D(16)),  # 2/3 below 36 GB
    ],
)
def test_a_mac_is_sized_by_the_share_macos_gives_its_gpu(gpu, memory_gb, usable, unified) -> None:
    f = fit("inference_int4", D(7), gpu, 1, catalogue=CAT, memory_gb=memory_gb)
    assert (f.vram_gb, f.unified_gb) == (usable, unified)
    assert not f.rentable and f.usd_per_hour is None and not f.offered
    two = fit("inference_int4", D(7), gpu, 2, catalogue=CAT, memory_gb=memory_gb)
    assert (two.vram_gb, two.unified_gb) == (usable * 2, unified * 2)


@pytest.mark.parametrize("memory_gb", [D(0), D(-8), D("NaN"), D("Infinity")])
def test_an_impossible_mac_memory_is_refused_with_its_value(memory_gb: D) -> None:
    with pytest.raises(InvalidVRAM) as caught:
        fit("inference_int4", D(7), "apple-m2-ultra", 1, catalogue=CAT, memory_gb=memory_gb)
    params = caught.value.params
    assert params["max_vram_gb"] == D(100_000)
    assert params["vram_gb"] is memory_gb or params["vram_gb"] == memory_gb or memory_gb.is_nan()


def test_a_tiny_positive_mac_memory_is_sized_not_refused() -> None:
    assert fit("inference_int4", D(7), "apple-m1", 1, catalogue=CAT, memory_gb=D("0.5")).vram_gb > 0


def test_clusters_are_sized_up_to_their_limit_and_only_an_instance_is_rentable() -> None:
    big = fit("qlora", D(70), "h100", 16, catalogue=CAT)
    assert big.fits and big.vram_gb == 1280
    assert not big.rentable and big.usd_per_hour is None and not big.offered
    eight = fit("qlora", D(70), "h100", 8, catalogue=CAT)
    assert eight.rentable and eight.offered and eight.usd_per_hour == D("18.56")
    assert fit("qlora", D(70), "h100", 1024, catalogue=CAT).gpu_count == 1024
    with pytest.raises(GPUCountOutOfRange) as caught:
        fit("qlora", D(70), "h100", 1025, catalogue=CAT)
    assert caught.value.params == {
        "gpu_count": 1025, "min_gpus": 1, "max_gpus": 8, "max_cluster_gpus": 1024}
    with pytest.raises(GPUCountOutOfRange):
        fit_vram("qlora", D(70), D(24), 1025, catalogue=CAT)
    assert fit_vram("qlora", D(70), D(24), 1024, catalogue=CAT).vram_gb == 24 * 1024


def test_a_card_we_do_not_rent_has_no_price_at_any_count() -> None:
    for count in (1, 2, 8):
        f = fit("qlora", D(13), "rtx-3090", count, catalogue=CAT)
        assert not f.rentable and f.usd_per_hour is None and not f.offered


def test_memory_alone_accepts_any_positive_size_up_to_the_limit() -> None:
    assert fit_vram("qlora", D(1), D("0.5"), 1, catalogue=CAT).vram_gb == D("0.5")
    assert fit_vram("qlora", D(1), D(100_000), 1, catalogue=CAT).vram_gb == D(100_000)
    with pytest.raises(InvalidVRAM) as caught:
        fit_vram("qlora", D(1), D(100_001), 1, catalogue=CAT)
    assert caught.value.params == {"vram_gb": D(100_001), "max_vram_gb": D(100_000)}


def test_notes_at_the_exact_boundaries() -> None:
    exact = fit("qlora", D(64), "l40s", 1, catalogue=CAT)  # 48 GB estimate on 48 GB: fits, no miss note
    assert exact.fits and not {"qlora_paper_tight", "weights_exceed_vram"} & set(codes(exact))
    # LoRA 24B: the 48 GB floor equals the L40S's 48 GB, the 57.6 GB estimate misses: the
    # weights do fit (not "exceed"), the planning margin does not.
    floor = fit("lora", D(24), "l40s", 1, catalogue=CAT)
    assert not floor.fits and floor.floor_gb == floor.vram_gb
    assert floor.notes[0].code == "floor_fits_estimate_misses"
    assert "sharding_assumed" not in codes(floor)


def test_offer_table_cells_name_their_gpu_and_serving_needs_hours() -> None:
    from rules.errors import NoAssumedHours

    for gpu, count, _, cells in offer_table(("qlora",), D(70), CAT):
        assert cells["qlora"].gpu == gpu.id and cells["qlora"].gpu_count == count
    with pytest.raises(NoAssumedHours) as caught:
        quote("h100", 1, None, "inference_bf16", catalogue=CAT)
    assert caught.value.params["method"] == "inference_bf16"


@pytest.mark.parametrize(
    ("method", "size", "gpu", "count", "needed"),
    [
        ("full_adamw", 70, "a100-80gb", 1, 16),  # 1 260 GB / 80 GB = 15.75 → 16
        ("qlora", 70, "rtx-4090", 1, 3),  # 52.5 / 24 = 2.19 → 3
        ("qlora", 70, "rtx-4090", 2, 3),  # per card, whatever the count asked
        ("qlora", 64, "l40s", 1, 1),  # exactly one
        ("lora", 70, "h200", 1, 2),  # 168 / 141 → 2
    ],
)
def test_gpus_needed_is_the_least_count_of_that_card_holding_the_estimate(
    method, size, gpu, count, needed
) -> None:
    from rules.fit import gpus_needed

    f = fit(method, D(size), gpu, count, catalogue=CAT)
    assert gpus_needed(f) == needed
    assert fit(method, D(size), gpu, needed, catalogue=CAT).fits
    if needed > 1:
        assert not fit(method, D(size), gpu, needed - 1, catalogue=CAT).fits
    assert gpus_needed(fit_vram("qlora", D(70), D(24), 1, catalogue=CAT)) is None  # no card named


@pytest.mark.parametrize(
    ("locale", "line"),
    [
        # The detailed estimate at typical settings leads (best2): 16× by the planning rule
        # leaves 1.25 GB a GPU for activations, the detailed estimate needs 18×.
        ("en", "🔢 It takes at least 18× A100 80GB (1,440 GB) to hold it."),
        ("es", "🔢 Hacen falta al menos 18× A100 80GB (1.440\xa0GB) para que quepa."),
        ("fr", "🔢 Il en faudrait au moins 18× A100 80GB (1\u202f440\u202fGo) pour qu'il tienne."),
    ],
)
def test_a_miss_says_how_many_of_that_card_would_hold_it(locale: str, line: str) -> None:
    from bot.pipeline import Pipeline

    text = Pipeline(CAT).ask("can I full finetune 70B on an A100?", chosen_locale=locale).text
    assert line in text.split("\n"), text[:600]
    fits = Pipeline(CAT).ask("can I QLoRA 13B on a 4090?", chosen_locale=locale).text
    assert "🔢" not in fits
