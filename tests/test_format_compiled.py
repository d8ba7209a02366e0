"""Numbers are formatted with each locale's patterns compiled once (bot.render.format._Compiled)
and must come out exactly as Babel's own functions print them, for every kind of value."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from babel import Locale
from babel.numbers import format_currency, format_decimal, format_percent, parse_pattern
from babel.units import format_unit

from bot.render import format as fmt_module
from bot.render.format import Formatter, _babel, _Compiled, _round, _wide
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
    # Units: GB, TB, MB, kB, bytes; hours, minutes, seconds (a prompt's prefill), days.
    assert fmt_module._unit_patterns.cache_info().currsize <= 3 * 9
    assert not hasattr(fmt_module._num, "cache_info")


@pytest.mark.parametrize("locale", ["en", "es", "fr"])
def test_compact_token_counts_print_what_babel_prints(locale: str) -> None:
    """Formatter.tokens' words ("200 million", "1,5 millones", "2 milliards") come from
    format._Compact, Babel's format_compact_decimal with the patterns compiled once."""
    from babel.numbers import format_compact_decimal

    rng = random.Random(locale)
    values = [Decimal(v) for v in (
        "0", "1", "-1", "999", "1000", "1500", "999999", "999500", "999995", "1000000",
        "1500000", "999999999", "999995000", "1E+14", "9.99E+14", "1E+15", "1.234E+20",
        "-2500000", "0.5", "1.005E+6", "NaN", "Infinity", "-Infinity",
    )]
    values += [Decimal(rng.randint(1, 999)).scaleb(rng.randint(0, 16)) for _ in range(1500)]
    values += [Decimal(rng.randint(1, 10**9)).scaleb(rng.randint(-3, 8)) for _ in range(500)]
    compact = fmt_module._compact(locale)
    for value in values:
        for digits in (0, 2):
            expected = format_compact_decimal(value, format_type="long", locale=locale,
                                              fraction_digits=digits)
            assert compact(value, digits) == expected, (value, digits)
    f = Formatter(locale)
    words = {"en": "200 million tokens", "es": "200 millones de tokens",
             "fr": "200 millions de tokens"}
    assert f.tokens(200_000_000) == words[locale]


@pytest.mark.parametrize("locale", ["en", "es", "fr", "ru", "ar", "pl", "lv", "cy", "br", "ga",
                                    "he", "sl", "lt", "mt", "gd", "it", "pt", "da", "is", "si"])
def test_compiled_plural_rules_choose_what_babel_chooses(locale: str) -> None:
    """format.plural_rule compiles Babel's CLDR plural rule to plain comparisons: the same
    category for every kind of value (integers, decimals with and without trailing zeros,
    floats, negatives), in our locales and in ones with every operand and operator."""
    from babel import Locale

    from bot.render.format import plural_rule

    babel_rule = Locale.parse(locale).plural_form
    ours = plural_rule(Locale.parse(locale))
    assert ours is not babel_rule  # compiled, not Babel's own
    rng = random.Random(locale)
    values: list[Decimal | int | float] = [0, 1, 2, 3, 5, 11, 21, 101, 1000000, 2000000, -1, -21]
    values += [Decimal(v) for v in ("0", "1", "1.0", "1.00", "0.5", "1.5", "2.10", "0.05",
                                    "1E+6", "2E+6", "1000000", "1000000.0", "-0.0", "21.1",
                                    "0.0", "12345678901234567890123456789.5", "1.230")]
    values += [0.0, 1.0, 1.5, 0.25, 2.75, 1e6, 21.0]
    values += [Decimal(rng.randint(0, 10**7)).scaleb(rng.randint(-4, 3)) for _ in range(3000)]
    values += [rng.randint(0, 10**7) for _ in range(1000)]
    values += [round(rng.uniform(0, 300), rng.randint(0, 3)) for _ in range(500)]
    for value in values:
        assert ours(value) == babel_rule(value), value  # type: ignore[arg-type]


@pytest.mark.parametrize(("pattern", "plain"), [
    ("0.###E0", False),            # an exponent
    ("#,##0.## 'units'", False),   # quoted text
    ("¤¤ #,##0.00", False),        # the currency's code
    ("¤#,##0.00", True),
])
def test_patterns_it_does_not_compile_and_values_that_are_not_finite_go_to_babel(
    pattern: str, plain: bool,
) -> None:
    locale = Locale.parse("fr")
    number = parse_pattern(pattern)
    compiled = _Compiled(locale, number, "USD")
    assert compiled.plain is plain
    for value in (*map(Decimal, ("1234.56789", "-0.5", "1E+7", "NaN", "-Infinity")),):
        for quantized in (True, False):
            assert compiled(value, decimal_quantization=quantized) == number.apply(
                value, locale, currency="USD", decimal_quantization=quantized), (value, quantized)
        assert compiled(value) == number.apply(value, locale, currency="USD")
