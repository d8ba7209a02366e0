"""Numbers as people write them ("0,92", "1.120", "1 120", "7,5", "70.000") → Decimal, safely.

Huge inputs ("10" followed by 400 zeros, "1e999") must neither hang nor raise: digits beyond
``MAX_DIGITS`` only move the exponent, so the value keeps its order of magnitude and the engine can
still reject it with a clear message.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from bot.understand.query import Lang

MAX_DIGITS: Final = 40
# Integer fields (GPU count, batch, sequence length, rank) saturate here: far out of any range,
# so the engine still says "out of range" rather than the parser silently dropping the number.
INT_CAP: Final = 10**12

# Regex fragments. NUM: digits with "." or "," groups ("7.5", "7,5", "1.120", "70.000").
# NUM_SP also reads space-grouped thousands ("1 120"); it is not used for model sizes, where
# "Llama 3 405B" must not become 3 405.
NUM: Final = r"\d+(?:[.,]\d+)*"
NUM_SP: Final = r"(?:\d{1,3}(?: \d{3})+(?!\d)|\d+(?:[.,]\d+)*)"


def _from_digits(int_digits: str, frac_digits: str = "", negative: bool = False) -> Decimal:
    int_digits = int_digits.lstrip("0") or "0"
    frac_digits = frac_digits[:MAX_DIGITS]
    sign = "-" if negative else ""
    if len(int_digits) > MAX_DIGITS:
        # Keep the leading digits and the magnitude: 10**400 → 1000…0E+360.
        exponent = len(int_digits) - MAX_DIGITS
        return Decimal(f"{sign}{int_digits[:MAX_DIGITS]}E+{exponent}")
    if frac_digits:
        return Decimal(f"{sign}{int_digits}.{frac_digits}")
    return Decimal(f"{sign}{int_digits}")


def _thousands(sep: str, lang: Lang | None, prefer_thousands: bool) -> bool:
    """Whether one separator followed by exactly three digits groups thousands ("1.120" in
    Spanish, "1,120" in English) rather than marking decimals ("1.120" in English)."""
    if prefer_thousands:
        return True
    if sep == ",":
        return lang not in ("es", "fr")
    return lang in ("es", "fr")


def parse_decimal(raw: str, lang: Lang | None = None, prefer_thousands: bool = False) -> Decimal:
    """A number matched by NUM or NUM_SP, with an optional leading "-"."""
    negative = raw.startswith("-")
    raw = raw.lstrip("-").replace(" ", "")
    seps = [c for c in raw if c in ".,"]
    if not seps:
        return _from_digits(raw, negative=negative)
    if len(set(seps)) == 2:
        # "1,120.5" or "1.120,5": the last separator marks the decimals.
        decimal_sep = seps[-1]
        int_part, _, frac = raw.rpartition(decimal_sep)
        return _from_digits(int_part.replace(".", "").replace(",", ""), frac, negative)
    sep = seps[0]
    if len(seps) > 1:
        return _from_digits(raw.replace(sep, ""), negative=negative)  # "1.000.000"
    int_part, _, frac = raw.partition(sep)
    grouped = (
        len(frac) == 3
        and not int_part.startswith("0")
        and _thousands(sep, lang, prefer_thousands)
    )
    if grouped:
        return _from_digits(int_part + frac, negative=negative)
    return _from_digits(int_part, frac, negative)


def parse_int(raw: str) -> int:
    """A whole number ("16", "-2", "4096", "8 192"), saturated at ``INT_CAP``."""
    negative = raw.startswith("-")
    digits = "".join(c for c in raw if c.isdigit()).lstrip("0") or "0"
    value = INT_CAP if len(digits) > 12 else min(int(digits), INT_CAP)
    return -value if negative else value


def to_int(value: Decimal) -> int:
    """A Decimal as a whole number, saturated at ``INT_CAP`` (no 400-digit ints downstream)."""
    if value.adjusted() >= 12:
        return INT_CAP if value > 0 else -INT_CAP
    return int(value.to_integral_value())


def tidy(value: Decimal) -> Decimal:
    """Drop meaningless trailing zeros ("0.500" → "0.5", "70.0" → "70") without turning 70 into
    7E+1; leave huge or tiny values alone."""
    if not value.is_finite() or value.adjusted() > 24 or value.adjusted() < -24:
        return value
    if value == value.to_integral_value():
        return value.quantize(Decimal(1))
    return value.normalize()
