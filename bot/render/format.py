"""Numbers, money, sizes, durations, lists and dates for the reader's locale (CLDR via Babel).

Babel's formatting is the largest cost of a reply, and answers repeat the same few values
(prices, VRAM sizes), so each formatted value is cached per locale.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from functools import lru_cache
from typing import Literal

from babel.dates import format_date
from babel.lists import format_list
from babel.numbers import format_currency, format_decimal, format_percent
from babel.units import format_unit

from rules.money import round_half_up, to_cents

ListStyle = Literal["standard", "or", "unit"]


def _round(value: Decimal, places: int) -> Decimal:
    rounded = round_half_up(value, places)
    # Drop trailing zeros (52.50 → 52.5) but never go to exponent notation (1.1E+3).
    normal = rounded.normalize()
    return normal.quantize(Decimal(1)) if normal == normal.to_integral_value() else normal


@lru_cache(maxsize=8192)
def _num(locale: str, value: Decimal, places: int) -> str:
    return format_decimal(_round(value, places), locale=locale)


@lru_cache(maxsize=8192)
def _unit(locale: str, value: Decimal, places: int, unit: str, length: str) -> str:
    return format_unit(_round(value, places), unit, length=length, locale=locale)  # type: ignore[arg-type]


@lru_cache(maxsize=8192)
def _usd(locale: str, value: Decimal) -> str:
    return format_currency(to_cents(value), "USD", locale=locale)


@lru_cache(maxsize=1024)
def _usd_exact(locale: str, value: Decimal) -> str:
    return format_currency(value, "USD", locale=locale, decimal_quantization=False)


@lru_cache(maxsize=1024)
def _percent(locale: str, value: Decimal, places: int) -> str:
    return format_percent(_round(value, places) / 100, locale=locale, decimal_quantization=False)


@lru_cache(maxsize=1024)
def _list(locale: str, items: tuple[str, ...], style: ListStyle) -> str:
    return format_list(list(items), style=style, locale=locale)


class Formatter:
    """Formatting for one locale; templates get one as ``fmt``."""

    def __init__(self, locale: str) -> None:
        self.locale = locale

    def num(self, value: Decimal | int, places: int = 2) -> str:
        return _num(self.locale, Decimal(value), places)

    def gb(self, value: Decimal | int, places: int = 2) -> str:
        """52.5 GB / 52,5 GB / 52,5 Go (GB = 10^9 bytes)."""
        return _unit(self.locale, Decimal(value), places, "digital-gigabyte", "short")

    def bandwidth(self, value: Decimal) -> str:
        return _unit(self.locale, value, 1, "digital-gigabyte", "short") + "/s"

    def usd(self, value: Decimal | int) -> str:
        """Money rounded half-up to the cent only here, at presentation."""
        return _usd(self.locale, Decimal(value))

    def usd_exact(self, value: Decimal) -> str:
        """Per-GPU reference prices keep their published digits ($5.4325)."""
        exponent = value.normalize().as_tuple().exponent
        if isinstance(exponent, int) and exponent < -2:
            return _usd_exact(self.locale, value)
        return self.usd(value)

    def hours(self, value: Decimal | int) -> str:
        return _unit(self.locale, Decimal(value), 2, "duration-hour", "long")

    def percent(self, value: Decimal, places: int = 1) -> str:
        """`value` in percent (15.1 → 15.1 %)."""
        return _percent(self.locale, value, places)

    def ratio(self, value: Decimal, places: int = 1) -> str:
        return self.num(value, places) + "×"

    def date(self, value: dt.date) -> str:
        return format_date(value, "long", locale=self.locale)

    def list(self, items: list[str] | tuple[str, ...], style: ListStyle = "standard") -> str:
        return _list(self.locale, tuple(str(i) for i in items), style)
