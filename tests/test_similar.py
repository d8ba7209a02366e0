"""rules.similar gives difflib.get_close_matches' own answer (the GPU and model suggestions for
a typo), with fewer SequenceMatcher.ratio() computations and no quick_ratio() per name."""

from __future__ import annotations

import difflib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.catalogue import load_catalogue
from rules.model_catalogue import load_models
from rules.similar import Names, close_matches

GPU_NAMES = list(load_catalogue()._alias_index)
MODEL_NAMES = list(load_models()._index)


def _typos(names: list[str], count: int, seed: int) -> list[str]:
    """Names with a letter dropped, doubled or changed, two joined, and made-up ones."""
    rng = random.Random(seed)
    letters = "abcdefghijklmnopqrstuvwxyz0123456789 -."
    out = ["rtx 9090", "h1000", "tesla p4", "rtx 5090 ti super", "a1000", "h10", "", "x",
           "lama 3.1 70", "mixtrl", "qwen 2.5 14", "gpt 4"]
    while len(out) < count:
        name = rng.choice(names)
        i = rng.randrange(len(name) + 1)
        kind = rng.randrange(5)
        if kind == 0:
            name = name[:i] + name[i + 1:]
        elif kind == 1:
            name = name[:i] + rng.choice(letters) + name[i:]
        elif kind == 2:
            name = name[:i] + rng.choice(letters) + name[i + 1:]
        elif kind == 3:
            name = name + " " + rng.choice(names)
        else:
            name = "".join(rng.choice(letters) for _ in range(rng.randint(1, 20)))
        out.append(name)
    return out


@pytest.mark.parametrize(("names", "n", "cutoff"), [
    (GPU_NAMES, 18, 0.5),  # rules.catalogue.suggest_gpus
    (MODEL_NAMES, 12, 0.6),  # rules.model_catalogue.suggest
    (GPU_NAMES, 1, 0.0),
    (MODEL_NAMES, 3, 1.0),
])
def test_the_same_names_in_the_same_order_as_difflib(
    names: list[str], n: int, cutoff: float,
) -> None:
    indexed = Names(names)
    for word in _typos(names, 60, seed=n):
        assert indexed.close(word, n, cutoff) == difflib.get_close_matches(
            word, names, n, cutoff), word


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab c1", max_size=8), st.lists(st.text(alphabet="ab c1", max_size=8)),
       st.integers(1, 5), st.sampled_from([0.0, 0.3, 0.5, 0.6, 0.75, 1.0]))
def test_ties_and_repeated_names_as_difflib(
    word: str, names: list[str], n: int, cutoff: float,
) -> None:
    """Few letters: many equal ratios, equal names, empty strings."""
    assert close_matches(word, names, n, cutoff) == difflib.get_close_matches(
        word, names, n, cutoff)


def test_bad_arguments_are_refused_as_difflib_refuses_them() -> None:
    for n, cutoff in ((0, 0.5), (3, -0.1), (3, 1.5)):
        with pytest.raises(ValueError, match="must be"):
            close_matches("h100", GPU_NAMES, n, cutoff)


def test_a_typo_costs_fewer_comparisons_than_difflib(monkeypatch: pytest.MonkeyPatch) -> None:
    """'rtx 9090': difflib works out quick_ratio() for ~1,300 of the ~1,400 GPU spellings and
    ratio() for ~370; the index counts the letters in common for all at once, and the names
    whose bound cannot reach the 18th best get no ratio()."""
    counted: dict[str, int] = {"ratio": 0, "quick_ratio": 0}
    for method in counted:
        real = getattr(difflib.SequenceMatcher, method)

        def wrapped(self: difflib.SequenceMatcher[str], _real=real, _name=method) -> float:
            counted[_name] += 1
            return float(_real(self))

        monkeypatch.setattr(difflib.SequenceMatcher, method, wrapped)
    ours = load_catalogue()._alias_names.close("rtx 9090", 18, 0.5)
    mine = dict(counted)
    counted.update(ratio=0, quick_ratio=0)
    assert ours == difflib.get_close_matches("rtx 9090", GPU_NAMES, 18, 0.5)
    assert mine["quick_ratio"] == 0 and counted["quick_ratio"] > 1000, (mine, counted)
    assert mine["ratio"] * 2 < counted["ratio"], (mine, counted)
