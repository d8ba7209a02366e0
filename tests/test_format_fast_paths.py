"""bot.render.format's one-pass paths print what Babel prints: grouped digits, percentages
and compact numbers ("708 million") through _Compiled's one quantize, the compact magnitude
found from the number's exponent, for any precision and for locales grouping otherwise."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from babel import Locale
from babel.numbers import format_compact_decimal, format_decimal, format_percent

from bot.render import format as fmt_module
from bot.render.format import Formatter, _babel, _Compact, _Compiled, _round

LOCALES = ("en", "es", "fr")
# Beyond the bot's: hi groups by 3 then 2 (12,34,567), de swaps the symbols. Built here, not
# through format's per-locale caches (which hold the bot's locales only).
OTHERS = ("de", "hi")


def _values(seed: str) -> list[Decimal]:
    rng = random.Random(seed)
    values = [Decimal(v) for v in (
        "0", "-0", "0.5", "-0.5", "0.05", "0.005", "0.0005", "1.5", "2.675", "99.95", "999.5",
        "1000", "-1000", "1234567.891", "12345678901234567890.12", "99999999999999999999.9995",
        "1E+21", "1E-30",
    )]
    values += [Decimal(rng.randint(-10**12, 10**12)).scaleb(rng.randint(-8, 4))
               for _ in range(400)]
    return values


@pytest.mark.parametrize("locale", LOCALES)
def test_numbers_are_grouped_as_babel_groups_them(locale: str) -> None:
    f = Formatter(locale)
    for value in _values(locale):
        for places in range(4):
            expected = _babel(_round(value, places), lambda v: format_decimal(v, locale=locale))
            assert f.num(value, places) == expected, (value, places)


@pytest.mark.parametrize("locale", OTHERS)
def test_other_groupings_and_symbols_print_what_babel_prints(locale: str) -> None:
    parsed = Locale.parse(locale)
    decimal = _Compiled(parsed, parsed.decimal_formats[None], None)
    percent = _Compiled(parsed, parsed.percent_formats[None], None)
    for value in _values(locale):
        for places in range(4):
            rounded = _round(value, places)
            if value.adjusted() <= 20:
                assert decimal.fixed(value, places) == format_decimal(rounded, locale=locale)
                assert percent.percent(value, places) == format_percent(
                    rounded.scaleb(-2), locale=locale, decimal_quantization=False)
    compact = _Compact(parsed)
    for value in _values(f"{locale}-compact"):
        for digits in (0, 2):
            expected = format_compact_decimal(value, format_type="long", locale=locale,
                                              fraction_digits=digits)
            assert compact(value, digits) == expected, (value, digits)


@pytest.mark.parametrize("locale", LOCALES)
def test_percentages_print_what_babel_prints_at_every_precision(locale: str) -> None:
    f = Formatter(locale)
    for value in _values(f"{locale}%"):
        for places in range(5):  # 4: more decimals than the one-pass path takes
            expected = _babel(_round(value, places), lambda v: format_percent(
                v.scaleb(-2), locale=locale, decimal_quantization=False))
            assert f.percent(value, places) == expected, (value, places)
    assert Formatter("en").percent(35, 0) == "35%"
    assert Formatter("fr").percent(Decimal("35.25"), 1) == "35,3\u00a0%"


@pytest.mark.parametrize("locale", LOCALES)
def test_compact_numbers_print_what_babel_prints_for_any_digits(locale: str) -> None:
    rng = random.Random(f"{locale}-compact")
    values = [Decimal(rng.randint(1, 99999)).scaleb(rng.randint(-4, 17)) for _ in range(600)]
    values += [-v for v in values[:100]] + [Decimal("999.9999"), Decimal("1E+25")]
    compact = fmt_module._compact(locale)
    for value in values:
        for digits in (0, 1, 3):
            expected = format_compact_decimal(value, format_type="long", locale=locale,
                                              fraction_digits=digits)
            assert compact(value, digits) == expected, (value, digits)
