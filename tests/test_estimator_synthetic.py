"""The Llama-like shape assumed for a bare parameter count is built without pydantic's
validation (rules.estimator._synthetic_arch copies sizes onto a validated shape): the same
shape a validated construction gives, for every size a question can name."""

from __future__ import annotations

from typing import Any

import pytest

from rules import estimator
from rules.model_catalogue import Architecture

# From a 0.01B toy to past the largest size understood, and the cold benchmark's sizes.
SIZES = (0.01, 0.05, 0.135, 0.15, 0.5, 1, 2.2, 3, 7, 8, 11.3, 13, 34.8, 70, 117.5, 405, 671,
         1000, 2000, 10000)

SAID = {"layers", "hidden", "heads", "kv_heads", "head_dim", "intermediate", "vocab",
        "tied_embeddings", "source"}


@pytest.mark.parametrize("size", SIZES)
def test_same_shape_as_validated(size: float) -> None:
    estimator._synthetic_arch.cache_clear()
    made = estimator._synthetic_arch(size * 1e9)
    again = Architecture(**{name: getattr(made, name) for name in SAID})
    assert made == again
    assert made.model_dump() == again.model_dump()
    assert made.model_fields_set == again.model_fields_set == SAID
    assert made.param_count() == again.param_count()


def test_not_validated_again(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[dict[str, Any]] = []
    validated = Architecture.__init__

    def counting(self: Architecture, **data: Any) -> None:
        built.append(data)
        validated(self, **data)

    monkeypatch.setattr(Architecture, "__init__", counting)
    estimator._synthetic_arch.cache_clear()
    estimator._synthetic_arch(70e9)
    assert built == []
