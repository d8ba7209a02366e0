"""Numbers, money, sizes, durations, lists and dates for the reader's locale (CLDR via Babel).

Babel's formatting was the largest cost of a reply: each call parses the locale and looks its
patterns and symbols up again. Here they are looked up once per locale (_Compiled) and each
value is formatted by Babel's own steps; nothing is cached per value, so a new number costs
what a known one does (and the caches cannot grow with the questions).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from decimal import MAX_EMAX, MIN_EMIN, ROUND_HALF_UP, Context, Decimal, localcontext
from functools import cache, lru_cache
from typing import Any, Literal

from babel import Locale
from babel.dates import format_date
from babel.lists import format_list
from babel.numbers import (
    NumberPattern,
    get_currency_precision,
    get_currency_symbol,
    get_decimal_precision,
    get_decimal_quantum,
    get_decimal_symbol,
    get_group_symbol,
)
from babel.units import _find_unit_pattern, format_unit

from rules.money import round_half_up, to_cents

# "nor": a list of what is not done ("we do not take PayPal or cards"): Spanish joins it with
# "ni" after its negation ("no aceptamos PayPal ni tarjetas"), every other locale as "or".
ListStyle = Literal["standard", "or", "nor"]
# Wider values are printed as they come (exponent notation) rather than as 1 000 digits.
_MAX_DIGITS = 1000
# The common case in one pass (_Compiled.fixed): values up to 10^20, for which the default 28
# digits hold every digit, rounded half-up to at most three decimals.
_FAST_ADJUSTED = 20
_QUANTUM = tuple(Decimal(1).scaleb(-places) for places in range(4))
_HALF_UP = Context(prec=28, rounding=ROUND_HALF_UP)
_ONE = Decimal(1)


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
    return _context(max(28, value.adjusted() + places + 4))


@cache
def _context(prec: int) -> Context:
    # Built once per precision (localcontext works on a copy): a Context costs more to
    # construct than the formatting it serves. At most ~1 000 precisions (_MAX_DIGITS).
    return Context(prec=prec, Emax=MAX_EMAX, Emin=MIN_EMIN)


def _babel(value: Decimal, render: Callable[[Decimal], str]) -> str:
    """Babel's formatting of `value`, which cannot raise: no bounded question carries a value
    this function refuses, but a reply must never fail on one."""
    if not value.is_finite() or abs(value.adjusted()) > _MAX_DIGITS:
        return str(value)
    with localcontext(_wide(value)):
        return render(value)


class _Compiled:
    """One locale's number pattern with its symbols looked up once: Babel's
    ``NumberPattern.apply`` step for step, without the per-call ``Locale.parse`` and CLDR
    lookups that made each formatted value cost ~0.1 ms. Patterns it does not cover
    (exponents, significant digits, quoted text, long currency names) go through Babel."""

    def __init__(self, locale: Locale, pattern: NumberPattern, currency: str | None) -> None:
        self.locale = locale
        self.pattern = pattern
        self.currency = currency
        self.scale = pattern.scale
        self.int_min = pattern.int_prec[0]
        self.first_group, self.next_group = pattern.grouping
        self.frac_prec = (get_currency_precision(currency),) * 2 if currency else pattern.frac_prec
        self.group = get_group_symbol(locale)
        self.decimal = get_decimal_symbol(locale)
        symbol = get_currency_symbol(currency, locale) if currency else ""
        prefix, suffix = pattern.prefix, pattern.suffix
        self.plain = (
            not pattern.exp_prec
            and "@" not in pattern.pattern
            and pattern.number_pattern != ""
            and not any("'" in part or "¤¤" in part for part in (*prefix, *suffix, symbol))
            and (currency is not None or not any("¤" in part for part in (*prefix, *suffix)))
        )
        self.prefix = tuple(part.replace("¤", symbol) for part in prefix)
        self.suffix = tuple(part.replace("¤", symbol) for part in suffix)
        self.fast = self.plain and self.scale == 0
        low, high = self.frac_prec
        # The places `fixed` answers: up to the pattern's maximum decimals, or exactly its
        # minimum when it has one; no decimals kept past the last zero when it has none.
        self.fixed_places = frozenset(
            places for places in range(min(high, len(_QUANTUM) - 1) + 1)
            if not low or places == low
        ) if self.fast else frozenset()
        self.trim = not low

    def fixed(self, value: Decimal, places: int) -> str | None:
        """``self(_round(value, places))`` (or of ``to_cents(value)`` for money) in one
        quantize and one string: None when the value is not the common case (then the caller
        takes the general path). Rounded to `places` ≤ the pattern's maximum decimals, the
        pattern's own quantize changes no digit; trailing zeros go down to its minimum."""
        if (
            places not in self.fixed_places or not value.is_finite()
            or value.adjusted() > _FAST_ADJUSTED
        ):
            return None
        return self._rounded(value, places, self.trim)

    def percent(self, value: Decimal, places: int) -> str | None:
        """``self(_round(value, places).scaleb(-self.scale), decimal_quantization=False)`` for
        a value already in percent (15.1 → "15.1%"), the common case of a pattern without
        minimum decimals in one quantize; None otherwise (then Babel's steps)."""
        if (
            not self.plain or self.frac_prec[0] or places >= len(_QUANTUM)
            or not value.is_finite() or value.adjusted() > _FAST_ADJUSTED
        ):
            return None
        return self._rounded(value, places, True)

    def _rounded(self, value: Decimal, places: int, trim: bool) -> str:
        # str() prints a value quantized to at most 3 decimals, < 10^21, without an exponent
        # (its exponent is -places ≤ 0 and it has fewer than 28 digits): as format "f" does.
        # The context goes in by position: as a keyword, parsing it costs more than the
        # quantize (~0.2 of ~0.9 µs a value, some 35 values a detailed reply).
        text = str(value.quantize(_QUANTUM[places], None, _HALF_UP))
        negative = text[0] == "-"  # also "-0.0": the sign the rounded value keeps
        whole, _, fraction = (text[1:] if negative else text).partition(".")
        if trim:
            fraction = fraction.rstrip("0")
        if not self.int_min <= len(whole) <= self.first_group:
            whole = self._int(whole)  # grouped or padded; else the digits as they are
        number = whole + self.decimal + fraction if fraction else whole
        return self.prefix[negative] + number + self.suffix[negative]

    def __call__(self, value: Decimal, decimal_quantization: bool = True) -> str:
        if not self.plain or not value.is_finite():
            return str(self.pattern.apply(
                value, self.locale, currency=self.currency,
                decimal_quantization=decimal_quantization,
            ))
        value = value.scaleb(self.scale)
        negative = int(value.is_signed())
        value = abs(value).normalize()
        low, high = self.frac_prec
        if not decimal_quantization:
            high = max(high, get_decimal_precision(value))
        whole, _, fraction = f"{value.quantize(get_decimal_quantum(high)):f}".partition(".")
        return self.prefix[negative] + self._int(whole) + self._frac(fraction or "0", low, high) \
            + self.suffix[negative]

    def _int(self, digits: str) -> str:
        if len(digits) < self.int_min:
            digits = "0" * (self.int_min - len(digits)) + digits
        size, grouped = self.first_group, ""
        while len(digits) > size:
            grouped = self.group + digits[-size:] + grouped
            digits = digits[:-size]
            size = self.next_group
        return digits + grouped

    def _frac(self, digits: str, low: int, high: int) -> str:
        if len(digits) < low:
            digits += "0" * (low - len(digits))
        if high == 0 or (low == 0 and int(digits) == 0):
            return ""
        while len(digits) > low and digits[-1] == "0":
            digits = digits[:-1]
        return self.decimal + digits


class _Compact:
    """Babel's ``format_compact_decimal(format_type="long")`` for one locale ("200 million",
    "1,5 millones"), its CLDR magnitudes sorted and its patterns compiled (_Compiled) once:
    Babel sorts and parses them again on every call (~45 µs). The steps, the rounding and
    the choice of pattern are Babel's ``_get_compact_format``, unchanged."""

    def __init__(self, locale: Locale) -> None:
        self.locale = locale
        found = locale.compact_decimal_formats["long"]  # CLDR data: each lookup resolves aliases
        self.formats: dict[str, dict[str, NumberPattern]] = {
            form: {magnitude: found[form][magnitude] for magnitude in found[form]}
            for form in found
        }
        self.magnitudes = sorted((int(m) for m in self.formats["other"]), reverse=True)
        self.plural = plural_rule(locale)
        self.fallback = _Compiled(locale, locale.decimal_formats[None], None)
        self.compiled: dict[tuple[str, int], _Compiled] = {}
        self.divisors: dict[int, int | None] = {}  # None: the pattern is "0", not divided
        # exponent → index of the first (largest) magnitude 10^k with k ≤ exponent.
        self.first_not_above: dict[int, int] = {}
        exponents = [len(str(m)) - 1 for m in self.magnitudes]
        if all(m == 10**k for m, k in zip(self.magnitudes, exponents, strict=True)):
            for exponent in range(min(exponents, default=0), max(exponents, default=-1) + 1):
                self.first_not_above[exponent] = next(
                    i for i, k in enumerate(exponents) if k <= exponent
                )
        for magnitude in self.magnitudes:
            pattern = self.formats["other"][str(magnitude)].pattern
            self.divisors[magnitude] = (
                None if pattern == "0" else magnitude // (10 ** (pattern.count("0") - 1))
            )

    def _pattern(self, form: str, magnitude: int) -> _Compiled:
        found = self.compiled.get((form, magnitude))
        if found is None:
            pattern = self.formats[form][str(magnitude)]
            found = self.compiled[form, magnitude] = _Compiled(self.locale, pattern, None)
        return found

    def __call__(self, number: Decimal, fraction_digits: int) -> str:
        number, compiled = self._choose(number, fraction_digits)
        exponent = number.as_tuple().exponent
        if isinstance(exponent, int) and exponent >= -fraction_digits and compiled.scale == 0:
            # Rounded to `fraction_digits` already: every decimal it has in one pass, as
            # _Compiled.percent prints a value in its pattern's own unit (no scale here).
            fast = compiled.percent(number, fraction_digits)
            if fast is not None:
                return fast
        return compiled(number, decimal_quantization=False)

    def _choose(self, number: Decimal, fraction_digits: int) -> tuple[Decimal, _Compiled]:
        if number.is_nan() or number.is_infinite():
            return number, self.fallback
        magnitudes = self.magnitudes
        abs_number = abs(number)
        # The magnitudes are powers of ten: the first not above the number is found from its
        # exponent rather than by comparing it with each larger one (0: look at them all).
        start = self.first_not_above.get(abs_number.adjusted(), 0) if abs_number else 0
        for index in range(start, len(magnitudes)):
            magnitude = magnitudes[index]
            if abs_number < magnitude:
                continue
            divisor = self.divisors[magnitude]
            if divisor is None:
                return number, self._pattern("other", magnitude)
            rounded = round(number / divisor, fraction_digits)
            if index > 0 and abs(rounded) * divisor >= magnitudes[index - 1]:
                bumped = Decimal(magnitudes[index - 1]).copy_sign(number)
                return self._choose(bumped, fraction_digits)
            form = self.plural(abs(rounded).normalize())
            if form not in self.formats:
                form = "other"
            if rounded == 1 and str(magnitude) in self.formats.get("1", {}):
                form = "1"
            if str(magnitude) not in self.formats[form]:
                form = "other"
            return rounded, self._pattern(form, magnitude)
        return number, self.fallback


@cache
def _compact(locale: str) -> _Compact:
    return _Compact(_locale(locale))


@cache
def _locale(locale: str) -> Locale:
    return Locale.parse(locale)


@cache
def _decimal(locale: str) -> _Compiled:
    return _Compiled(_locale(locale), _locale(locale).decimal_formats[None], None)


@cache
def _money(locale: str) -> _Compiled:
    return _Compiled(_locale(locale), _locale(locale).currency_formats["standard"], "USD")


@cache
def _money_in(locale: str, currency: str) -> _Compiled:
    return _Compiled(_locale(locale), _locale(locale).currency_formats["standard"], currency)


@cache
def _percents(locale: str) -> _Compiled:
    return _Compiled(_locale(locale), _locale(locale).percent_formats[None], None)


@cache
def _unit_patterns(locale: str, unit: str, length: str) -> dict[str, str] | None:
    """CLDR's patterns of a unit by plural category ("{0} GB"), as Babel's format_unit reads
    them; None when the locale has none (then Babel decides)."""
    found = _find_unit_pattern(unit, locale=_locale(locale))
    if not found:
        return None
    # A plain dict: Babel's LocaleDataDict resolves aliases in Python on every lookup, and a
    # unit with plural forms ("1 hour", "2 hours") is looked up on every value.
    found_patterns = _locale(locale)._data["unit_patterns"][found].get(length, {})
    return {category: found_patterns[category] for category in found_patterns}


@cache
def _same_for_every_plural(locale: str, unit: str, length: str) -> str | None:
    """The unit's one pattern when every plural category has the same ("{0} GB" in English):
    then the value's category, the dearest step of format_unit, need not be worked out."""
    patterns = _unit_patterns(locale, unit, length)
    if not patterns or "other" not in patterns or len(set(patterns.values())) != 1:
        return None
    return patterns["other"]


@cache
def _plural(locale: str) -> Callable[[Decimal], str]:
    """The locale's CLDR plural rule (Babel's ``Locale.plural_form``), compiled to plain
    comparisons (_compile_plural)."""
    return plural_rule(_locale(locale))


def plural_rule(locale: Locale) -> Callable[[Decimal], str]:
    """``locale.plural_form`` as a function of the same results: Babel's compiled rule
    calls a helper per range and joins the fraction digits through a generator (~15 µs a
    value, several a reply); this one compares in line. A rule it does not know how to
    compile stays Babel's."""
    rule = locale.plural_form
    try:
        return _compile_plural(rule.abstract)
    except (KeyError, ValueError, TypeError, AttributeError):
        return rule


def _operands(source: Decimal | int | float) -> tuple[Decimal | int, int, int, int, int, int]:
    """(n, i, v, w, f, t) as babel.plural.extract_operands gives them (c and e are 0)."""
    n: Any = abs(source)  # Babel's abs(): a Decimal is rounded to the context
    i = int(n)
    if isinstance(n, float):
        n = i if i == n else Decimal(str(n))
    if isinstance(n, Decimal):
        _, digits, exp = n.as_tuple()
        fraction = digits[exp:] if isinstance(exp, int) and exp < 0 else ()
        if not fraction:
            return n, i, 0, 0, 0, 0
        trailing = "".join(map(str, fraction))
        no_trailing = trailing.rstrip("0")
        return n, i, len(trailing), len(no_trailing), int(trailing), int(no_trailing or 0)
    return n, i, 0, 0, 0, 0


def _compile_plural(abstract: list[tuple[str, Any]]) -> Callable[[Decimal], str]:
    """Babel's rule AST (``PluralRule.abstract``: tag, expression) → one Python function with
    the semantics of babel.plural.to_python: "in" holds for an integer value within a range,
    "within" for any value within it, "mod" is the remainder of the (non-negative) operand."""

    def expression(node: tuple[str, Any]) -> str:
        op, args = node
        if op in ("n", "i", "v", "w", "f", "t", "c", "e"):
            return op
        if op == "value":
            return str(int(args[0]))
        if op in ("and", "or"):
            return f"({expression(args[0])} {op} {expression(args[1])})"
        if op == "not":
            return f"(not {expression(args[0])})"
        if op == "mod":
            return f"({expression(args[0])} % {expression(args[1])})"
        if op in ("is", "isnot"):
            return f"({expression(args[0])} {'==' if op == 'is' else '!='} {expression(args[1])})"
        if op == "relation":
            method, left, ranges = args
            value = expression(left)
            tests = []
            for low, high in ranges[1]:
                a, b = expression(low), expression(high)
                tests.append(f"{value} == {a}" if a == b else f"{a} <= {value} <= {b}")
            within = f"({' or '.join(tests)})"
            if method == "in":
                return f"({value} == int({value}) and {within})"
            if method == "within":
                return within
        raise ValueError(f"plural rule node {op!r}")

    lines = ["def rule(x):", " n, i, v, w, f, t = operands(x)", " c = e = 0"]
    lines += [f" if {expression(ast)}: return {str(tag)!r}" for tag, ast in abstract]
    lines.append(" return 'other'")
    namespace: dict[str, Any] = {"operands": _operands}
    exec(compile("\n".join(lines), "<plural rule>", "exec"), namespace)
    compiled: Callable[[Decimal], str] = namespace["rule"]
    return compiled


def _num(locale: str, value: Decimal, places: int) -> str:
    fast = _decimal(locale).fixed(value, places)
    if fast is not None:
        return fast
    return _babel(_round(value, places), _decimal(locale))


@cache
def _fast_unit(locale: str, unit: str, length: str) -> str | None:
    """The unit's one pattern, as _unit finishes it, when the plural category need not be
    worked out (see _same_for_every_plural)."""
    pattern = _same_for_every_plural(locale, unit, length)
    if pattern is None:
        return None
    return pattern.replace(" ", "\u00a0") if locale == "es" else pattern


def _rounded(value: Decimal, places: int) -> Decimal:
    """_round for a value of the one-pass range (no context to widen): what the plural
    rule is asked about."""
    normal = value.quantize(_QUANTUM[places], None, _HALF_UP).normalize(_HALF_UP)
    if normal == normal.to_integral_value():
        return normal.quantize(_ONE, None, _HALF_UP)
    return normal


def _unit(locale: str, value: Decimal, places: int, unit: str, length: str) -> str:
    pattern = _fast_unit(locale, unit, length)
    fast = _decimal(locale).fixed(value, places)
    if pattern is not None and fast is not None:
        return pattern.format(fast)  # the number holds no space to make unbreakable
    patterns = _unit_patterns(locale, unit, length)
    if pattern is None and patterns and fast is not None:
        # "1 hour", "7.99 hours": the pattern of the rounded value's plural category.
        chosen = patterns.get(_plural(locale)(_rounded(value, places))) or patterns.get("other")
        if chosen is not None:
            text = chosen.format(fast)
            return text.replace(" ", "\u00a0") if locale == "es" else text
    text = _babel(_round(value, places), lambda v: _format_unit(locale, v, unit, length))
    # Spanish CLDR units use a breakable space ("52,5 GB" could wrap between number and
    # unit in Telegram); French already has U+202F.
    return text.replace(" ", "\u00a0") if locale == "es" else text


def _format_unit(locale: str, value: Decimal, unit: str, length: str) -> str:
    """babel.units.format_unit for a Decimal, with the unit's patterns looked up once."""
    pattern = _same_for_every_plural(locale, unit, length)
    patterns = _unit_patterns(locale, unit, length)
    if pattern is None and patterns is not None:
        pattern = patterns.get(_plural(locale)(value)) or patterns.get("other")
    if pattern is None:
        return format_unit(value, unit, length=length, locale=locale)  # type: ignore[arg-type]
    return pattern.format(_decimal(locale)(value))


def _usd(locale: str, value: Decimal) -> str:
    fast = _money(locale).fixed(value, 2)
    if fast is not None:
        return fast
    return _babel(to_cents(value), _money(locale))


def _usd_exact(locale: str, value: Decimal) -> str:
    money = _money(locale)
    return _babel(value, lambda v: money(v, decimal_quantization=False))


def _percent(locale: str, value: Decimal, places: int) -> str:
    percents = _percents(locale)
    fast = percents.percent(value, places)
    if fast is not None:
        return fast
    return _babel(
        _round(value, places), lambda v: percents(v.scaleb(-2), decimal_quantization=False)
    )


@lru_cache(maxsize=1024)
def _list(locale: str, items: tuple[str, ...], style: ListStyle) -> str:
    nor = style == "nor"
    cldr: Literal["standard", "or"] = "standard" if style == "standard" else "or"
    patterns = _list_patterns(locale, cldr)
    if patterns is None:
        return format_list(list(items), style=cldr, locale=_locale(locale))
    # babel.lists.format_list's steps, with the patterns looked up once per locale.
    if len(items) < 2:
        return items[0] if items else ""
    last = "2" if len(items) == 2 and "2" in patterns else "end"
    pattern = patterns[last]
    if locale.startswith("es"):
        pattern = pattern.replace(" o {", " ni {") if nor \
            else _spanish_conjunction(pattern, items[-1])
    if last == "2":
        return pattern.format(*items)
    result = patterns["start"].format(items[0], items[1])
    for item in items[2:-1]:
        result = patterns["middle"].format(result, item)
    return pattern.format(result, items[-1])


def _spanish_conjunction(pattern: str, word: str) -> str:
    """Spanish writes "e" for "y" before the sound /i/ and "u" for "o" before /o/ (RAE,
    Ortografía 2010, 3.3.3.3): "inferencia en 8 bits e inferencia en 4 bits", "7 u 8"; CLDR's
    patterns carry "y" and "o" alone. Not before "hie-"/"hia-"… ("agua y hielo")."""
    bare = word.lstrip()
    while bare.startswith("<") and ">" in bare:  # "<b>Inferencia…</b>": the word itself
        bare = bare[bare.index(">") + 1:].lstrip()
    bare = bare.lower()
    if " y {" in pattern and (bare[:1] in ("i", "í") or (
            bare[:2] in ("hi", "hí") and bare[2:3] not in ("a", "e", "o", "u"))):
        return pattern.replace(" y {", " e {")
    if " o {" in pattern and (bare[:1] in ("o", "ó") or bare[:2] in ("ho", "hó")
                              or bare[:1] == "8" or bare.startswith("11")):
        return pattern.replace(" o {", " u {")
    return pattern


@cache
def _list_patterns(locale: str, style: ListStyle) -> dict[str, str] | None:
    """The locale's CLDR list patterns of `style` (Babel resolves them on every call); None
    when the locale lacks the style, which Babel's fallbacks then answer."""
    found = _locale(locale).list_patterns
    return dict(found[style]) if style in found else None


def _dec(value: Decimal | int | float) -> Decimal:
    # A signalling NaN can be neither hashed (the list cache) nor compared: it prints as NaN.
    # A template's literal (2.5) goes through str, so it stays 2.5 and not its binary value.
    if type(value) is Decimal:
        return Decimal("NaN") if value.is_snan() else value
    number = Decimal(str(value)) if isinstance(value, float) else Decimal(value)
    return Decimal("NaN") if number.is_snan() else number


class Formatter:
    """Formatting for one locale; templates get one as ``fmt``."""

    def __init__(self, locale: str) -> None:
        self.locale = locale
        # The locale's compiled patterns, looked up once: a Decimal of the common case
        # (_Compiled.fixed) goes straight to them, the rest by _num, _unit and _usd (a
        # reply formats some thirty values, most of them sizes in GB).
        self._number = _decimal(locale)
        self._money = _money(locale)
        self._gb = _fast_unit(locale, "digital-gigabyte", "short")

    def num(self, value: Decimal | int | float, places: int = 2) -> str:
        if type(value) is Decimal:
            fast = self._number.fixed(value, places)
            if fast is not None:
                return fast
        return _num(self.locale, _dec(value), places)

    def said(self, value: Decimal) -> str:
        """An amount as the user wrote it, every decimal kept: "0,001 BTC" (num's two places
        made it "0 BTC"). A sum of a coin we have no rate for is repeated, not worked out."""
        locale = _locale(self.locale)
        return _babel(value, lambda v: locale.decimal_formats[None].apply(
            v, locale, decimal_quantization=False))

    def gb(self, value: Decimal | int, places: int = 2) -> str:
        """52.5 GB / 52,5 GB / 52,5 Go (GB = 10^9 bytes)."""
        if type(value) is Decimal and self._gb is not None:
            fast = self._number.fixed(value, places)
            if fast is not None:
                return self._gb.format(fast)  # as _unit: the number holds no space
        return _unit(self.locale, _dec(value), places, "digital-gigabyte", "short")

    def data_size(self, size_bytes: Decimal) -> str:
        """A file's size in the largest decimal unit it reaches: "50 MB", "2 GB", "1 Go"."""
        value = _dec(size_bytes)
        for scale, unit in ((10**12, "digital-terabyte"), (10**9, "digital-gigabyte"),
                            (10**6, "digital-megabyte"), (10**3, "digital-kilobyte")):
            if value >= scale:
                return _unit(self.locale, value / scale, 2, unit, "short")
        return _unit(self.locale, value, 0, "digital-byte", "short")

    def bandwidth(self, value: Decimal) -> str:
        return _unit(self.locale, _dec(value), 1, "digital-gigabyte", "short") + "/s"

    def usd(self, value: Decimal | int) -> str:
        """Money rounded half-up to the cent only here, at presentation."""
        if type(value) is Decimal:
            fast = self._money.fixed(value, 2)
            if fast is not None:
                return fast
        return _usd(self.locale, _dec(value))

    def usd_exact(self, value: Decimal) -> str:
        """Per-GPU reference prices keep their published digits ($5.4325)."""
        value = _dec(value)
        exponent = value.normalize(_wide(value)).as_tuple().exponent
        if isinstance(exponent, int) and exponent < -2:
            return _usd_exact(self.locale, value)
        return self.usd(value)

    def money(self, value: Decimal, currency: str) -> str:
        """A sum in the currency the user said (an electricity bill), to its cent: "$0.31",
        "0,31 €", "£0.31"."""
        return _babel(to_cents(_dec(value)), _money_in(self.locale, currency))

    def money_exact(self, value: Decimal, currency: str) -> str:
        """A price as the user wrote it, all its digits: "$0.285", "0,20 €"."""
        compiled = _money_in(self.locale, currency)
        return _babel(_dec(value), lambda v: compiled(v, decimal_quantization=False))

    def usd_short(self, value: Decimal | int) -> str:
        """A threshold or an example as people write it: "$2", "2 US$", "2,50 $US"."""
        amount = _dec(value)
        if not amount.is_finite() or amount != amount.to_integral_value():
            return self.usd_exact(amount)
        return self.usd(amount).replace(_decimal(self.locale).decimal + "00", "", 1)

    def tokens(self, value: Decimal | int) -> str:
        """A token count as people say it: "100 million tokens", "100 millones de tokens",
        "2 milliards de tokens"; exact digits when the words would round ("1,234,567 tokens")."""
        amount = _dec(value)
        words = None
        if amount.is_finite() and amount >= 10**6 and amount == amount.to_integral_value():
            digits = amount.normalize().as_tuple()
            if len(digits.digits) <= 3:  # 1.5 billion is exact, 1.234567 million is not
                words = _compact(self.locale)(amount, 2)
        if words is None:
            return f"{self.num(amount, 0)}\u00a0tokens"
        if words.startswith("1 mil millones"):
            words = words[2:]  # Spanish says "mil millones" for a billion, not CLDR's "1 mil millones"
        return f"{words} tokens" if self.locale == "en" else f"{words} de tokens"

    def hours(self, value: Decimal | int) -> str:
        return _unit(self.locale, _dec(value), 2, "duration-hour", "long")

    def duration(self, hours: Decimal | int) -> str:
        """How long a run takes, as people say it: under an hour in whole minutes ("about 19
        minutes", never "0.31 hours"; at least one), else in hours as ``hours``."""
        amount = _dec(hours)
        if amount.is_finite() and Decimal(0) <= amount < 1:
            minutes = max(Decimal(1), (amount * 60).quantize(Decimal(1), rounding=ROUND_HALF_UP))
            text = _unit(self.locale, minutes, 0, "duration-minute", "long")
            # CLDR's French minutes use a breakable space, its hours a no-break one: kept alike.
            return text.replace(" ", "\u00a0") if self.locale == "fr" else text
        return self.hours(amount)

    def minutes(self, hours: Decimal | int) -> str:
        """A run's time in whole minutes (at least one), whatever its length: "in minutes?"
        after "about 3.94 hours" is "236 minutes"."""
        amount = max(Decimal(1), (_dec(hours) * 60).quantize(Decimal(1), rounding=ROUND_HALF_UP))
        text = _unit(self.locale, amount, 0, "duration-minute", "long")
        # CLDR's French minutes use a breakable space, its hours a no-break one: kept alike.
        return text.replace(" ", "\u00a0") if self.locale == "fr" else text

    def seconds(self, value: Decimal | int) -> str:
        """A short wait in seconds ("2.5 seconds", "26 seconds"), from a minute on in minutes or
        hours as ``duration`` says them."""
        amount = _dec(value)
        if amount.is_finite() and amount >= 60:
            return self.duration(amount / 3600)
        places = 1 if amount < 10 else 0
        text = _unit(self.locale, amount, places, "duration-second", "long")
        return text.replace(" ", "\u00a0") if self.locale == "fr" else text

    def duration_span(self, low: Decimal | int, high: Decimal | int) -> tuple[str, str]:
        """The two ends of a range of durations, the unit said once after the range when both
        ends are in the same one ("1.37 to 2.75 hours", "8 to 34 minutes"; never "1.37 hours to
        2.75 hours"): the low end then is its bare number, in the form `duration` gives it.
        Ends in different units each keep theirs ("26 minutes to 1.68 hours")."""
        first, last = _dec(low), _dec(high)
        said_first, said_last = self.duration(first), self.duration(last)
        if not (first.is_finite() and last.is_finite()) or said_first == said_last:
            return said_first, said_last
        if first >= 1 and last >= 1:
            return self.num(first, 2), said_last
        if 0 <= first < 1 and 0 <= last < 1:
            minutes = max(Decimal(1), (first * 60).quantize(Decimal(1), rounding=ROUND_HALF_UP))
            return self.num(minutes, 0), said_last
        return said_first, said_last

    def gb_span(self, low: Decimal | int, high: Decimal | int) -> tuple[str, str]:
        """A range of memory with the unit once: "128–144 GB", not "128 GB–144 GB"."""
        return self.num(_dec(low), 2), self.gb(high)

    def days(self, value: Decimal | int) -> str:
        return _unit(self.locale, _dec(value), 1, "duration-day", "long")

    def percent(self, value: Decimal | int | float, places: int = 1) -> str:
        """`value` in percent (15.1 → 15.1 %)."""
        return _percent(self.locale, _dec(value), places)

    def date(self, value: dt.date) -> str:
        return format_date(value, "long", locale=_locale(self.locale))

    def list(self, items: list[str] | tuple[str, ...], style: ListStyle = "standard") -> str:
        return _list(self.locale, tuple(str(i) for i in items), style)
