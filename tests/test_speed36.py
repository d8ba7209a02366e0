"""Speed work of session 36 (#16): behaviour only, never a time."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import Any

import pytest

import bot.remedy as remedy
from bot.remedy import CHANGES


class _NoScan(tuple[Any, ...]):
    """_COMBOS that refuses to be walked whole (indexing still works)."""

    def __iter__(self) -> Iterator[Any]:
        raise AssertionError("all of _COMBOS scanned")


@pytest.mark.parametrize("tried", [
    ("micro_batch", "grad_ckpt", "liger", "adam8bit", "pure_bf16", "cpu_offload", "lora",
     "qlora"),  # a full fine-tune's usual eight
    ("micro_batch", "liger", "unsloth", "cpu_offload", "qlora"),  # a LoRA on one GPU
    ("lora",),
])
def test_a_runs_combinations_are_looked_up_not_picked_out_of_every_one(
    tried: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    """bot.remedy._combos_of walks the subsets of a run's changes (at most 2^9) instead of
    all 815 valid combinations: the same combinations, in the same order."""
    mask = remedy._mask(tried)
    expected = [(c, m) for c, m in remedy._COMBOS if m & mask == m]
    monkeypatch.setattr(remedy, "_COMBOS", _NoScan(remedy._COMBOS))
    assert list(remedy._combos_of.__wrapped__(mask)) == expected and expected


def test_every_set_of_changes_gets_the_combinations_the_scan_picks() -> None:
    """Both ways (looked up up to _LOOKED_UP changes, scanned above) give what scanning
    _COMBOS gives, for every set of CHANGES."""
    names = list(CHANGES)
    sizes = set()
    for size in range(1, len(names) + 1):
        for tried in combinations(names, size):
            mask = remedy._mask(tried)
            got = remedy._combos_of.__wrapped__(mask)
            assert got == tuple((c, m) for c, m in remedy._COMBOS if m & mask == m), tried
            sizes.add(size > remedy._LOOKED_UP)
    assert sizes == {False, True}


def test_the_largest_linear_is_worked_out_once_a_shape() -> None:
    """rules.estimator._largest_linear is cached per shape (its decorator had slipped onto
    _mlx_bits_per_weight, already cached): every estimate of a question with a dequantized
    linear or an optimizer step in backward read it again from the architecture's shapes."""
    from rules import estimator
    from rules.catalogue import load_catalogue

    model = load_catalogue().models.get("llama-3.1-8b")
    assert model is not None
    dims = estimator.resolve_shape(model).dims
    estimator._largest_linear.cache_clear()
    first = estimator._largest_linear(dims)
    assert estimator._largest_linear(dims) == first
    assert estimator._largest_linear.cache_info().hits == 1
    assert first == max(i * o for i, o, _ in (*dims.arch.linear_shapes().values(),
                                                *dims.arch.dense_mlp_shapes().values()))
