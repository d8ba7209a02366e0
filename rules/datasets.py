"""Public datasets named instead of a size (rules/data/datasets.toml): how many examples or
tokens each holds, as its publisher states it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from rules.data_files import document
from rules.errors import DataError


@dataclass(frozen=True)
class NamedDataset:
    id: str
    name: str
    aliases: tuple[str, ...]
    samples: int | None  # examples, their lengths unknown
    tokens: int | None  # or tokens, when the publisher counts them
    source: str


@cache
def named_datasets() -> tuple[NamedDataset, ...]:
    found = []
    for row in document("datasets.toml").get("datasets", []):
        samples, tokens = row.get("samples"), row.get("tokens")
        if (samples is None) == (tokens is None) or not row.get("source") or not row.get("aliases"):
            raise DataError(f"rules/data/datasets.toml: {row.get('id')!r} needs samples or tokens, "
                            "aliases and a source")
        found.append(NamedDataset(
            id=row["id"], name=row["name"], aliases=tuple(row["aliases"]),
            samples=int(samples) if samples is not None else None,
            tokens=int(tokens) if tokens is not None else None, source=row["source"]))
    return tuple(found)


@cache
def _pattern() -> re.Pattern[str]:
    words = sorted({a for d in named_datasets() for a in d.aliases}, key=len, reverse=True)
    return re.compile(r"(?<![a-z0-9])(?:" + "|".join(re.escape(w) for w in words)
                      + r")(?![a-z0-9])(?![ -]?\d+(?:[.,]\d+)? ?b(?![a-z]))"  # "alpaca 7b": a model
                      # LLaMA-Factory's "alpaca_en_demo" is a sample of its own, not the dataset
                      + r"(?!_\w*demo)")


def dataset_named(folded: str) -> tuple[NamedDataset, tuple[int, int]] | None:
    """The dataset `folded` names, and where, if any."""
    match = _pattern().search(folded)
    if match is None:
        return None
    said = match.group(0)
    spec = next(d for d in named_datasets() if said in d.aliases)
    return spec, match.span()
