"""Digits as people paste them, made plain before folding: "٧٠B" and "७०B" are 70B, "10⁹ tokens"
is a billion tokens, and an invisible character pasted inside a number ("7\u200b0") or a word
("q\u200blora") does not cut it in two.

Folding alone (NFKD, then every non-ASCII character to a space) turned Arabic-Indic and
Devanagari digits into spaces, "10⁹" into "109", and "7<ZWSP>0B" into "7 0B", a model of 0B.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

from bot.understand.lazy import lazy

# Format characters (Unicode Cf) that copy-paste leaves in text: zero-width space and joiners,
# bidi marks, embeddings, overrides and isolates, word joiner, BOM, soft hyphen.
_INVISIBLE: Final = "\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff"
# ... inside a word too: "q<ZWSP>lora" was "q lora", read as LoRA; "ql<ZWNJ>ora" no method.
_INSIDE_WORD: Final = lazy(
    rf"(?<=\w)[{_INVISIBLE}]+(?=\w)|(?<=\d)[{_INVISIBLE}]+(?=[.,٫٬]\d)")
_NON_ASCII_DIGIT: Final = lazy(r"(?![0-9])\d")  # \d is every Unicode decimal digit
# Arabic decimal and thousands separators, used with Arabic-Indic digits.
_SEPARATORS: Final = str.maketrans({"٫": ".", "٬": ","})
_SUPERSCRIPT: Final = "⁰¹²³⁴⁵⁶⁷⁸⁹"
_POWER_OF_TEN: Final = lazy(rf"(?<![\d.,])10([{_SUPERSCRIPT}]{{1,3}})")
# "½ epoch", "1½ hours": a fraction sign as its decimals (NFKD made "½" "1⁄2" and folding "1 2",
# so "½ epoch" was 2 epochs and "1½ hours" 11 hours and 2 more).
_FRACTIONS: Final = {"½": ".5", "¼": ".25", "¾": ".75"}
_FRACTION: Final = lazy(r"(\d*)([½¼¾])")
# "10⁹⁹⁹" is written out no further than this; the number is refused as too large anyway.
_MAX_ZEROS: Final = 400


def _ascii_digit(match: re.Match[str]) -> str:
    return str(unicodedata.decimal(match.group()))


def _power(match: re.Match[str]) -> str:
    zeros = int("".join(str(_SUPERSCRIPT.index(c)) for c in match.group(1)))
    return "1" + "0" * min(zeros, _MAX_ZEROS)


# What the steps below change is never ASCII: a text whose other characters hold no digit,
# format character, Arabic separator nor superscript (accents, "¿", "€": most texts) is left
# as it is without searching it whole three times.
_NOT_ASCII: Final = lazy(r"[^\x00-\x7f]+")
_CHANGED: Final = lazy(rf"[{_INVISIBLE}{_SUPERSCRIPT}\u066b\u066c½¼¾]|\d")


def _fraction(match: re.Match[str]) -> str:
    return (match.group(1) or "0") + _FRACTIONS[match.group(2)]


def plain_digits(text: str) -> str:
    """`text` with its digits in ASCII; meant for text that is not ASCII already."""
    if not _CHANGED.search("".join(_NOT_ASCII.findall(text))):
        return text
    text = _INSIDE_WORD.sub("", text)
    if "½" in text or "¼" in text or "¾" in text:
        text = _FRACTION.sub(_fraction, text)
    text = _NON_ASCII_DIGIT.sub(_ascii_digit, text).translate(_SEPARATORS)
    return _POWER_OF_TEN.sub(_power, text)
