"""Numbers, money, sizes, durations, lists and dates for the reader's locale (CLDR via Babel)."""

from __future__ import annotations

import datetime as dt
from decimal import ROUND_HALF_UP, Decimal
from typing import Final, Literal

from babel.dates import format_date
from babel.lists import format_list
from babel.numbers import format_currency, format_decimal, format_percent
from babel.units import format_unit

CENT: Final = Decimal("0.01")


def _round(value: Decimal, places: int) -> Decimal:
    rounded = value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    # Drop trailing zeros (52.50 → 52.5) but never go to exponent notation (1.1E+3).
    normal = rounded.normalize()
    return normal.quantize(Decimal(1)) if normal == normal.to_integral_value() else normal


class Formatter:
    """Formatting for one locale; templates get one as ``fmt``."""

    def __init__(self, locale: str) -> None:
        self.locale = locale

    def num(self, value: Decimal | int, places: int = 2) -> str:
        return format_decimal(_round(Decimal(value), places), locale=self.locale)

    def gb(self, value: Decimal | int, places: int = 2) -> str:
        """52.5 GB / 52,5 GB / 52,5 Go (GB = 10^9 bytes)."""
        return format_unit(
            _round(Decimal(value), places), "digital-gigabyte", length="short", locale=self.locale
        )

    def bandwidth(self, value: Decimal) -> str:
        return format_unit(
            _round(value, 1), "digital-gigabyte", length="short", locale=self.locale
        ) + "/s"

    def usd(self, value: Decimal | int) -> str:
        """Money rounded half-up to the cent only here, at presentation."""
        amount = Decimal(value).quantize(CENT, rounding=ROUND_HALF_UP)
        return format_currency(amount, "USD", locale=self.locale)

    def usd_exact(self, value: Decimal) -> str:
        """Per-GPU reference prices keep their published digits ($5.4325)."""
        digits = max(2, -int(value.normalize().as_tuple().exponent))
        return format_currency(value, "USD", locale=self.locale, format_type="standard",
                               decimal_quantization=False) if digits > 2 else self.usd(value)

    def hours(self, value: Decimal | int) -> str:
        return format_unit(
            _round(Decimal(value), 2), "duration-hour", length="long", locale=self.locale
        )

    def percent(self, value: Decimal, places: int = 1) -> str:
        """`value` in percent (15.1 → 15.1 %)."""
        return format_percent(
            _round(value, places) / 100, locale=self.locale, decimal_quantization=False
        )

    def ratio(self, value: Decimal, places: int = 1) -> str:
        return self.num(value, places) + "×"

    def date(self, value: dt.date) -> str:
        return format_date(value, "long", locale=self.locale)

    def list(
        self,
        items: list[str] | tuple[str, ...],
        style: Literal["standard", "or", "unit"] = "standard",
    ) -> str:
        return format_list(list(items), style=style, locale=self.locale)
