"""Presentation rounding of exact Decimal amounts (half-up, as the seed prints them).

Rounding never raises: the default context's 28 digits cannot hold the cents of 10^26 dollars
(``quantize`` signals InvalidOperation), so the context is sized to the value, and values
that cannot be rounded (NaN, infinities) come back as they are.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Context, Decimal

CENT = Decimal("0.01")
# Beyond this many integer digits a value has no fractional part worth rounding (and a
# context sized to it would cost more than the formatting is worth).
_MAX_INTEGER_DIGITS = 1000


def round_half_up(value: Decimal, places: int) -> Decimal:
    if not value.is_finite() or value.adjusted() > _MAX_INTEGER_DIGITS:
        return value
    precision = max(28, value.adjusted() + places + 2)
    return value.quantize(
        Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP, context=Context(prec=precision)
    )


def to_cents(amount: Decimal) -> Decimal:
    return round_half_up(amount, 2)
