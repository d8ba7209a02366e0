"""The engine's fast paths give what the plain computations give (issue #16: the detailed
estimate's speed work must leave every figure the same)."""

from __future__ import annotations

import dataclasses
import random
from decimal import Decimal

import pytest

from bot import detail
from bot.answer import Answer, build_answer
from bot.detail import detailed_options, wants_details
from bot.understand.query import Query
from rules import estimator
from rules.catalogue import load_catalogue
from rules.errors import UnknownGPU
from rules.estimator import _gb, _gb_exact, estimate_training, resolve_shape
from rules.fit import fit, offered_fits


def _samples() -> list[float]:
    rng = random.Random(16)
    out = [0.0, -0.0, 1.0, 4.9e7, 5e7, 5.1e7, 1.5e8, 2.5e8, 3.5e8, 1e17, 1e18, -1e7, -5e7,
           -1.25e9, 0.35e9, 0.45e9, 12.25e9, 12.35e9, 99.95e9, 1e-300]
    for _ in range(20000):
        whole = rng.randint(0, 10**6)
        # Near ties of a tenth (x.x5), exact halves, and anything.
        out.append((whole + rng.choice((0.5, 0.05, 0.49999999, 0.5000001, 0.499999999999)))
                   * 1e8)
        out.append(rng.random() * 10 ** rng.randint(0, 14))
        out.append(whole * 1e8 / rng.choice((3, 7, 10, 100, 1000)))
    return out


def test_gb_rounds_as_the_shortest_decimal_rounded_half_up() -> None:
    for nbytes in _samples():
        fast, exact = _gb(nbytes), _gb_exact(nbytes)
        assert fast.as_tuple() == exact.as_tuple(), (nbytes, fast, exact)


def test_gb_of_a_tie_rounds_up_and_keeps_its_tenth() -> None:
    assert str(_gb(0.25e9)) == "0.3"  # the float 0.25 is exact: half up, not half even
    assert str(_gb(0.35e9)) == "0.4"  # 0.35 as written, though its float is a little less
    assert str(_gb(12e9)) == "12.0"
    assert str(_gb(-0.0)) == "-0.0"


def test_terms_are_the_parts_rounded_when_first_read() -> None:
    cat = load_catalogue()
    b = estimate_training(Decimal("70.3"), cat.method("qlora"), 2048, 4, True, 16, 4)
    assert [t.name for t in b.terms] == [name for name, _, _ in b.parts]
    assert [t.gb for t in b.terms] == [_gb(nbytes) for _, nbytes, _ in b.parts]
    assert b.terms is b.terms  # rounded once
    assert b.term("weights") == _gb(b.parts[0][1]) and b.term("nothing") == 0


@pytest.mark.parametrize("gpus", [1, 3, 8])
def test_whole_run_and_allocator_figures_are_the_parts_summed_then_rounded(gpus: int) -> None:
    """total_gb and allocator_gb, rounded when read, are the sum of the parts (times the GPUs,
    less the CUDA context) rounded once, as when the estimate rounded them as it was made;
    params_b is the shape's count to the million, cached or not."""
    cat = load_catalogue()
    for method in ("full_adamw", "lora", "qlora"):
        b = estimate_training(Decimal("70.3"), cat.method(method), 2048, 4, True, 16, gpus,
                              cpu_offload=gpus == 3)
        per_gpu = sum(nbytes for _, nbytes, _ in b.parts)
        context = next(nbytes for name, nbytes, _ in b.parts if name == "cuda_context")
        assert b.per_gpu_gb == _gb(per_gpu)
        assert b.total_gb.as_tuple() == _gb(per_gpu * gpus).as_tuple()
        assert b.allocator_gb.as_tuple() == _gb(per_gpu - context).as_tuple()
        assert b.params_b.as_tuple() == Decimal(repr(round(70.3e9 / 1e9, 3))).as_tuple()


@pytest.mark.parametrize("model", [Decimal("70"), Decimal("7.5"), 13])
def test_a_shape_is_the_same_whether_cached_or_not(model: Decimal | int) -> None:
    estimator._cached_shape.cache_clear()
    assert resolve_shape(model) == estimator._resolve_shape(model)
    assert resolve_shape(model) is resolve_shape(model)


def test_an_unhashable_model_is_still_resolved() -> None:
    class Size(float):
        __hash__ = None  # type: ignore[assignment]

    assert resolve_shape(Size(7.0)).params == resolve_shape(Decimal(7)).params


# ----------------------------------------------------------------------------- bot.detail


def _query(**fields: object) -> Query:
    return Query(text="", **fields)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", detail._SETTINGS)
def test_any_one_setting_asks_for_details(name: str) -> None:
    value = Query.model_fields[name].annotation
    setting = {"lora_targets": "all", "precision": "bf16", "optimizer": "adamw",
               "attention": "eager", "sharding": "ddp", "kernels": "unsloth",
               "quant": "Q4_K_M", "trained_embeddings": "embed_tokens",
               "peft_config": "default"}.get(name)
    if setting is None:
        setting = False if "bool" in str(value) else 2
    assert wants_details(_query(intent="fit", params_b=Decimal(7), **{name: setting}))


def test_no_setting_and_no_details_leads_with_the_planning_rule() -> None:
    assert not wants_details(_query(intent="fit", params_b=Decimal(7)))
    assert wants_details(_query(intent="fit", params_b=Decimal(7), details=True))


def test_offered_options_are_worked_out_again_for_another_answer() -> None:
    cat = load_catalogue()
    query = _query(intent="fit", params_b=Decimal(70), gpu="h100", gpu_count=2, details=True,
                   seq_len=4096)
    answer = build_answer(query, cat)
    assert answer.primary is not None and answer.primary.memory.method == "qlora"
    first = detailed_options(query, answer, cat)
    again = detailed_options(query, answer, cat)
    assert again == first and again is not first  # the caller's own list
    again.clear()
    assert detailed_options(query, answer, cat) == first
    full = next(ma for ma in build_answer(
        query.model_copy(update={"method": "full_adamw"}), cat).methods)
    other = detailed_options(query, answer.model_copy(update={"primary": full}), cat)
    assert [f.method for f in other] == ["full_adamw"] * len(other)
    assert [(f.gpu, f.gpu_count) for f in other] != [(f.gpu, f.gpu_count) for f in first]
    # Each option is the planning fit of that offer, as fit() builds it.
    assert first == [fit("qlora", Decimal(70), f.gpu or "", f.gpu_count, catalogue=cat)
                     for f in first]


# ----------------------------------------------------------------------------- rules.catalogue


def test_a_gpu_is_found_by_its_id_the_first_of_an_id_first() -> None:
    cat = load_catalogue()
    h100 = cat.gpu("h100")
    assert h100.id == "h100" and h100 is next(g for g in cat.gpus if g.id == "h100")
    twice = dataclasses.replace(cat, gpus=(*cat.gpus, h100.model_copy(update={"name": "Other"})))
    assert twice.gpu("h100").name == h100.name
    with pytest.raises(UnknownGPU):
        cat.gpu("h1000")


# ----------------------------------------------------------------------------- bot.answer


def test_each_answer_has_its_own_error_params_and_method_fits() -> None:
    one, two = Answer(query=_query(), intent="help"), Answer(query=_query(), intent="help")
    assert one.error_params == {} and one.method_fits == {}
    assert one.error_params is not two.error_params and one.method_fits is not two.method_fits


def test_an_answer_with_nothing_to_add_is_the_composed_one() -> None:
    cat = load_catalogue()
    query = _query(intent="fit", params_b=Decimal(7), gpu="h100", method="qlora")
    answer = build_answer(query, cat)
    assert answer.fits is True and answer.detailed is not None and not answer.detailed.stated
    assert answer == build_answer(query, cat)


def test_one_term_is_rounded_without_the_others() -> None:
    cat = load_catalogue()
    estimator.estimate_training.cache_clear()
    b = estimate_training(Decimal("13.3"), cat.method("lora"), 1024, 2, True, 16, 2)
    got = {name: b.term(name) for name, _, _ in b.parts}
    assert b._terms is None  # term() read the parts only
    assert got == {t.name: t.gb for t in b.terms}
    assert b.term("kv_cache") == 0 and b.term("kv_cache").as_tuple() == Decimal(0).as_tuple()


def test_detailed_lines_are_the_breakdowns_nonzero_terms_labelled() -> None:
    cat = load_catalogue()
    query = _query(intent="fit", params_b=Decimal("8.1"), gpu="rtx-4090", method="full_adamw",
                   optimizer="paged_adamw", seq_len=2048)
    found = detail.detailed_for(query, build_answer(query, cat), cat)
    assert found is not None
    lines = found.lines
    assert lines is found.lines  # made once
    terms = found.breakdown.terms
    assert any(t.gb == 0 for t in terms)  # e.g. the paged optimizer's states
    assert [(x.name, x.gb) for x in lines] == [(t.name, t.gb) for t in terms if t.gb != 0]
    assert [x.label for x in lines] == [detail.TERM_LABELS[x.name] for x in lines]


def test_per_question_results_are_plain_dataclasses() -> None:
    """The results the engine builds dozens of times a question are plain (not frozen)
    dataclasses: a frozen one's __init__ sets each field through object.__setattr__, 2.5
    times the cost, and a validated model's (the quotes were) more. Built once, never
    changed: their lazily made parts are still made once."""
    from bot.answer import MethodAnswer
    from bot.detail import Assumption, DetailedAnswer, FitCheck, Line, TrainingEstimate
    from rules.estimator import Breakdown, Term
    from rules.fit import Fit
    from rules.memory import Memory
    from rules.notes import Note
    from rules.quote import BlockPlan, Quote

    for cls in (Note, Fit, Memory, Term, Breakdown, Line, Assumption, FitCheck,
                TrainingEstimate, DetailedAnswer, MethodAnswer, Quote, BlockPlan):
        assert not cls.__dataclass_params__.frozen, cls  # type: ignore[attr-defined]
    cat = load_catalogue()
    query = Query(text="", intent="fit", params_b=Decimal(8), method="qlora", gpu="l4",
                  seq_len=4096, details=True)
    found = build_answer(query, cat).detailed
    assert found is not None
    assert found.lines is found.lines and found.breakdown.terms is found.breakdown.terms


def test_assumptions_and_vocabulary_range_are_made_when_read(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Most answers give the detailed estimate's figure alone: its assumptions (a dozen
    sentences' codes) and a bare size's vocabulary range are made only when a reply reads
    them, and then as before."""
    cat = load_catalogue()
    made: list[int] = []
    words = detail._assumptions

    def counted(*args: object) -> object:
        made.append(1)
        return words(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(detail, "_assumptions", counted)
    query = _query(intent="fit", params_b=Decimal("7.5"), gpu="h100", method="lora")
    found = build_answer(query, cat).detailed
    assert found is not None and not found.stated and made == []
    codes = [a.code for a in found.assumptions]
    assert made == [1] and "lora_all_linear" in codes and "shape_assumed" in codes
    assert found.assumptions is found.assumptions and made == [1]
    low, high = found.vocab_range_gb or (Decimal(0), Decimal(0))
    assert low < found.per_gpu_gb < high


def test_specs_methods_and_shapes_hash_by_what_identifies_them() -> None:
    """Every detailed estimate's cache key holds the model's spec and the method (and the
    per-shape caches the architecture): they hash by their id or sizes, not by every field
    (a source text included), and stay equal to what they equal."""
    cat = load_catalogue()
    spec = cat.models.get("llama-3-8b")
    method = cat.method("lora")
    assert spec.arch is not None
    for value in (spec, method, spec.arch):
        other = value.model_copy(update={"source": "another source"})
        assert other != value and hash(other) == hash(value)
        same = value.model_copy()
        assert same == value and hash(same) == hash(value)


@pytest.mark.parametrize(("size", "method", "seq"), [
    ("8", "qlora", 8192), ("70", "lora", 2048), ("13.5", "full_adamw", 1024),
    ("180", "qlora", 512), ("3", "lora", 16384),
])
def test_detailed_options_take_the_planning_rules_own_fits(size: str, method: str,
                                                          seq: int) -> None:
    """An offer both rules hold is the Fit the planning rule's options made (not made again);
    every option is what fit() gives for its offer."""
    cat = load_catalogue()
    query = _query(intent="fit", params_b=Decimal(size), method=method, seq_len=seq)
    answer = build_answer(query, cat)
    planned = {(f.gpu, f.gpu_count): f for f in offered_fits(method, Decimal(size), cat)}
    found = detailed_options(query, answer, cat)
    assert found
    for option in found:
        assert option.gpu is not None
        assert option == fit(method, Decimal(size), option.gpu, option.gpu_count, catalogue=cat)
        if (option.gpu, option.gpu_count) in planned:
            assert option is planned[(option.gpu, option.gpu_count)]
    assert any((o.gpu, o.gpu_count) in planned for o in found)


def test_the_estimators_constants_table_is_the_files() -> None:
    # A missing constant is caught on the file, not at each read: tests/test_speed39.py.
    assert estimator._table() == estimator.load_constants().values


def test_offers_by_price_are_the_offers_cheapest_first_with_their_cards_capacity() -> None:
    cat = load_catalogue()
    ordered = sorted(cat.offers, key=lambda o: (o.usd_per_hour, o.count))
    assert [o for o, _ in cat.offers_by_price] == ordered
    assert all(capacity == cat.capacity_gb(cat.gpu(o.gpu)) for o, capacity in cat.offers_by_price)


@pytest.mark.parametrize("accumulate", [True, False])
def test_the_backward_overlap_is_the_smaller_of_the_activations_and_the_gradients(
    accumulate: bool,
) -> None:
    b = estimate_training(Decimal(7), "full_adamw", 2048, 4, False, grad_accumulation=accumulate)
    parts = {name: nbytes for name, nbytes, _ in b.parts}
    if accumulate:
        assert "backward_overlap" not in parts
        return
    acts = parts["activations"] + parts["layer_gradients"] + parts["logits"]
    assert parts["backward_overlap"] == -min(acts, parts["gradients"])
