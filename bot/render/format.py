"""Numbers, money, sizes, durations, lists and dates for the reader's locale (CLDR via Babel).

Babel's formatting is the largest cost of a reply, and answers repeat the same few values
(prices, VRAM sizes), so each formatted value is cached per locale.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from decimal import MAX_EMAX, MIN_EMIN, Context, Decimal, localcontext
from functools import lru_cache
from typing import Literal

from babel.dates import format_date
from babel.lists import format_list
from babel.numbers import format_currency, format_decimal, format_percent, get_decimal_symbol
from babel.units import format_unit

from rules.money import round_half_up, to_cents

ListStyle = Literal["standard", "or", "unit"]
# Wider values are printed as they come (exponent notation) rather than as 1 000 digits.
_MAX_DIGITS = 1000


def _round(value: Decimal, places: int) -> Decimal:
    rounded = round_half_up(value, places)
    if not rounded.is_finite() or rounded.adjusted() > _MAX_DIGITS:
        return rounded
    # Drop trailing zeros (52.50 → 52.5) but never go to exponent notation (1.1E+3).
    with localcontext(_wide(rounded, places)):
        normal = rounded.normalize()
        return normal.quantize(Decimal(1)) if normal == normal.to_integral_value() else normal


def _wide(value: Decimal, places: int = 2) -> Context:
    """A context that holds every digit of `value` to `places` decimals: with the default 28
    digits, quantize (ours and Babel's) raises InvalidOperation from 10^26 dollars on."""
    return Context(prec=max(28, value.adjusted() + places + 4), Emax=MAX_EMAX, Emin=MIN_EMIN)


def _babel(value: Decimal, render: Callable[[Decimal], str]) -> str:
    """Babel's formatting of `value`, which cannot raise: no bounded question carries a value
    this function refuses, but a reply must never fail on one."""
    if not value.is_finite() or abs(value.adjusted()) > _MAX_DIGITS:
        return str(value)
    with localcontext(_wide(value)):
        return render(value)


@lru_cache(maxsize=8192)
def _num(locale: str, value: Decimal, places: int) -> str:
    return _babel(_round(value, places), lambda v: format_decimal(v, locale=locale))


@lru_cache(maxsize=8192)
def _unit(locale: str, value: Decimal, places: int, unit: str, length: str) -> str:
    text = _babel(
        _round(value, places),
        lambda v: format_unit(v, unit, length=length, locale=locale),  # type: ignore[arg-type]
    )
    # Spanish CLDR units use a breakable space ("52,5 GB" could wrap between number and
    # unit in Telegram); French already has U+202F.
    return text.replace(" ", "\u00a0") if locale == "es" else text


@lru_cache(maxsize=8192)
def _usd(locale: str, value: Decimal) -> str:
    return _babel(to_cents(value), lambda v: format_currency(v, "USD", locale=locale))


@lru_cache(maxsize=1024)
def _usd_exact(locale: str, value: Decimal) -> str:
    return _babel(
        value,
        lambda v: format_currency(v, "USD", locale=locale, decimal_quantization=False),
    )


@lru_cache(maxsize=1024)
def _percent(locale: str, value: Decimal, places: int) -> str:
    return _babel(
        _round(value, places),
        lambda v: format_percent(v.scaleb(-2), locale=locale, decimal_quantization=False),
    )


@lru_cache(maxsize=1024)
def _list(locale: str, items: tuple[str, ...], style: ListStyle) -> str:
    return format_list(list(items), style=style, locale=locale)


def _dec(value: Decimal | int | float) -> Decimal:
    # A signalling NaN can be neither hashed (the caches) nor compared: it prints as NaN.
    # A template's literal (2.5) goes through str, so it stays 2.5 and not its binary value.
    number = Decimal(str(value)) if isinstance(value, float) else Decimal(value)
    return Decimal("NaN") if number.is_snan() else number


class Formatter:
    """Formatting for one locale; templates get one as ``fmt``."""

    def __init__(self, locale: str) -> None:
        self.locale = locale

    def num(self, value: Decimal | int | float, places: int = 2) -> str:
        return _num(self.locale, _dec(value), places)

    def gb(self, value: Decimal | int, places: int = 2) -> str:
        """52.5 GB / 52,5 GB / 52,5 Go (GB = 10^9 bytes)."""
        return _unit(self.locale, _dec(value), places, "digital-gigabyte", "short")

    def bandwidth(self, value: Decimal) -> str:
        return _unit(self.locale, _dec(value), 1, "digital-gigabyte", "short") + "/s"

    def usd(self, value: Decimal | int) -> str:
        """Money rounded half-up to the cent only here, at presentation."""
        return _usd(self.locale, _dec(value))

    def usd_exact(self, value: Decimal) -> str:
        """Per-GPU reference prices keep their published digits ($5.4325)."""
        value = _dec(value)
        exponent = value.normalize(_wide(value)).as_tuple().exponent
        if isinstance(exponent, int) and exponent < -2:
            return _usd_exact(self.locale, value)
        return self.usd(value)

    def usd_short(self, value: Decimal | int) -> str:
        """A threshold or an example as people write it: "$2", "2 US$", "2,50 $US"."""
        amount = _dec(value)
        if not amount.is_finite() or amount != amount.to_integral_value():
            return self.usd_exact(amount)
        return self.usd(amount).replace(get_decimal_symbol(self.locale) + "00", "", 1)

    def hours(self, value: Decimal | int) -> str:
        return _unit(self.locale, _dec(value), 2, "duration-hour", "long")

    def percent(self, value: Decimal | int | float, places: int = 1) -> str:
        """`value` in percent (15.1 → 15.1 %)."""
        return _percent(self.locale, _dec(value), places)

    def ratio(self, value: Decimal, places: int = 1) -> str:
        return self.num(value, places) + "×"

    def date(self, value: dt.date) -> str:
        return format_date(value, "long", locale=self.locale)

    def list(self, items: list[str] | tuple[str, ...], style: ListStyle = "standard") -> str:
        return _list(self.locale, tuple(str(i) for i in items), style)
