"""A dataset said by its size on disk ("a 50MB jsonl", "2GB of text"): about how many tokens it
holds, at the bytes per character and characters per token of rules/data/detailed.toml
([data]: UTF-8 English, OpenAI's "1 token ≈ 4 characters"). A JSONL or CSV file's keys, quotes
and separators are in its bytes but are not trained on, so for those this is an upper bound."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from functools import cache

from rules.estimator import load_constants


@cache
def _chars_per_byte_token() -> tuple[Decimal, Decimal]:
    values = load_constants().values
    return Decimal(str(values["data.bytes_per_char"])), Decimal(str(values["data.chars_per_token"]))


def chars_per_token() -> Decimal:
    return _chars_per_byte_token()[1]


@cache
def tokens_per_param() -> Decimal:
    """Chinchilla's compute-optimal tokens a parameter (rules/data/detailed.toml [pretraining])."""
    return Decimal(str(load_constants().values["pretraining.tokens_per_param"]))


def compute_optimal_tokens(params_b: Decimal) -> Decimal:
    """The tokens a model of `params_b` billion parameters trains on compute-optimally: what a
    run from scratch is costed on when no tokens are said."""
    return (params_b * tokens_per_param() * Decimal(10) ** 9).quantize(Decimal(1), rounding=ROUND_HALF_UP)


def tokens_from_bytes(size_bytes: Decimal) -> Decimal:
    """About how many tokens `size_bytes` of English text holds, to a whole token."""
    per_char, per_token = _chars_per_byte_token()
    return (size_bytes / per_char / per_token).quantize(Decimal(1), rounding=ROUND_HALF_UP)
