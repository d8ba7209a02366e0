"""Numbers are formatted with each locale's patterns compiled once (bot.render.format._Compiled)
and must come out exactly as Babel's own functions print them, for every kind of value."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from babel.numbers import format_currency, format_decimal, format_percent
from babel.units import format_unit

from bot.render import format as fmt_module
from bot.render.format import Formatter, _babel, _round, _wide
from rules.money import to_cents

EDGES = [
    "0", "1", "-1", "0.5", "1.005", "-0.004", "0.001", "999.995", "1000", "-1234.5", "5.4325",
    "2.5E+3", "1E+30", "123456789012345678901234567890.123", "1E-40", "NaN", "Infinity",
    "-Infinity", "0.0000", "-0",
    # Both sides of the one-pass path's bound (_Compiled.fixed: up to 10^20) and its rounding.
    "99999999999999999999.995", "100000000000000000000.005", "-0.0005", "0.0049999", "2.675",
]


def _values() -> list[Decimal]:
    rng = random.Random(16)
    values = [Decimal(v) for v in EDGES]
    for _ in range(1500):
        values.append(Decimal(rng.randint(-10**8, 10**8)).scaleb(rng.randint(-14, 6)))
    return values


def _reference(locale: str, value: Decimal) -> list[str]:
    """What Babel's functions print, as format.py called them before it compiled patterns."""
    def unit(v: Decimal, places: int, name: str, length: str) -> str:
        text = _babel(_round(v, places), lambda r: format_unit(r, name, length, locale=locale))  # type: ignore[arg-type]
        return text.replace(" ", "\u00a0") if locale == "es" else text  # no breakable space

    exponent = value.normalize(_wide(value)).as_tuple().exponent if value.is_finite() else 0
    usd = _babel(to_cents(value), lambda v: format_currency(v, "USD", locale=locale))
    exact = _babel(value, lambda v: format_currency(v, "USD", locale=locale,
                                                     decimal_quantization=False))
    return [
        _babel(_round(value, 2), lambda v: format_decimal(v, locale=locale)),
        _babel(_round(value, 0), lambda v: format_decimal(v, locale=locale)),
        unit(value, 2, "digital-gigabyte", "short"),
        unit(value, 2, "duration-hour", "long"),
        usd,
        exact if isinstance(exponent, int) and exponent < -2 else usd,
        _babel(_round(value, 1), lambda v: format_percent(v.scaleb(-2), locale=locale,
                                                          decimal_quantization=False)),
    ]


@pytest.mark.parametrize("locale", ["en", "es", "fr"])
def test_compiled_patterns_print_what_babel_prints(locale: str) -> None:
    f = Formatter(locale)
    for value in _values():
        ours = [f.num(value), f.num(value, 0), f.gb(value), f.hours(value), f.usd(value),
                f.usd_exact(value), f.percent(value)]
        assert ours == _reference(locale, value), value


def test_nothing_is_cached_per_value() -> None:
    f = Formatter("fr")
    for i in range(3000):
        f.gb(Decimal(i).scaleb(-2))
        f.usd(Decimal(i).scaleb(-3))
    # One compiled pattern per locale and kind: distinct questions cannot grow them.
    assert fmt_module._decimal.cache_info().currsize <= 3
    assert fmt_module._unit_patterns.cache_info().currsize <= 3 * 4
    assert not hasattr(fmt_module._num, "cache_info")
