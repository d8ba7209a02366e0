"""Numbers as people write them ("0,92", "1.120", "1 120", "7,5", "70.000") → Decimal, safely.

Huge inputs ("10" followed by 400 zeros, "1e999") must neither hang nor raise: digits beyond
``MAX_DIGITS`` only move the exponent, so the value keeps its order of magnitude and the engine can
still reject it with a clear message.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from decimal import Decimal
from typing import Final

from bot.understand.languages import LANGUAGES, union
from bot.understand.languages import words as _language_words
from bot.understand.lazy import lazy
from bot.understand.lexicon import (
    AMOUNT_WORDS,
    HAVE_MONEY_WORDS,
    MONEY_AFTER,
    MONEY_CENTS,
    NUMBER_SCALES,
)
from bot.understand.query import Lang
from bot.understand.screen import letter_runs

# Languages that write decimals with a comma and group thousands with a point ("1.120,5").
_DECIMAL_COMMA: Final = frozenset(lang.code for lang in LANGUAGES if lang.decimal_comma)

MAX_DIGITS: Final = 40
# Integer fields (GPU count, batch, sequence length, rank) saturate here: far out of any range,
# so the engine still says "out of range" rather than the parser silently dropping the number.
INT_CAP: Final = 10**12

# Regex fragments. NUM: digits with "." or "," groups ("7.5", "7,5", "1.120", "70.000").
# NUM_SP also reads space-grouped thousands ("1 120"); it is not used for model sizes, where
# "Llama 3 405B" must not become 3 405.
# Only well-formed numbers: one decimal separator, or thousands in groups of three after one to
# three digits, decimals after the other separator ("1,000,000", "1.000.000,5"). A malformed
# one ("1.5.3 hours", "1,000,5", "1,2,3") is read as no number at all, never as another (was 153
# hours: the groups joined), nor as a part of it ("1.5" of "1.5.3"): nothing it reads may be
# followed by a digit, or by a separator and a digit.
_WELL_FORMED: Final = (r"(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d{1,3}(?:\.\d{3})+(?:,\d+)?"
                       r"|\d+(?:[.,]\d+)?)(?![.,]?\d)")
NUM: Final = _WELL_FORMED
# Groups of three after a space ("1 000 $"), not after a slash: "m3 max 16/40 128gb" is a
# 40-core GPU and 128 GB (was 40,128 GB).
NUM_SP: Final = rf"(?:(?<!/)\d{{1,3}}(?: \d{{3}})+(?!\d)|{_WELL_FORMED})"


# A number of two separators or more that is not well formed, said with a unit ("1.5.3 hours",
# "$1.2.50", "2,5,0 tokens"): asked back (bot.answer), not read as another number. Versions
# ("bitsandbytes 0.43.2", "vllm 0.6.3") have no unit after them and stay what they are.
_UNIT_AFTER: Final = (
    r"hours?|hrs?|hs?|days?|weeks?|months?|minutes?|mins?|horas?|dias?|semanas?|mes(?:es)?|"
    r"minutos?|heures?|jours?|semaines?|mois|gpu[ -]?(?:hours?|horas?|heures?)|tokens?|"
    r"gb|go|gib|b|k|m|gpus?|dollars?|dolares?|bucks|usd[tc]?|eur|euros?|\$|€"
)
_MALFORMED: Final = lazy(
    rf"(?:(?:\$|€|usd) ?)?(?<![\w.,])(?P<num>\d+(?:[.,]\d+){{2,}})(?![.,]?\d)"
    rf"(?P<unit> ?(?:{_UNIT_AFTER})(?![a-z0-9]))?"
)
_WELL_FORMED_ONLY: Final = lazy(_WELL_FORMED)


def malformed_number(text: str) -> str | None:
    """The first number with a unit (or a currency before it) that is not well formed ("1.5.3"
    of "how much for 1.5.3 hours"), as written; None when there is none."""
    if text.count(".") + text.count(",") < 2:
        return None
    for match in _MALFORMED.finditer(text):
        said = match.group("num")
        priced = match.start() < match.start("num")
        if (priced or match.group("unit")) and _WELL_FORMED_ONLY.fullmatch(said) is None:
            return said
    return None


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
    comma = lang is not None and lang in _DECIMAL_COMMA
    return not comma if sep == "," else comma


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


def k_tokens(value: Decimal) -> int:
    """Thousands of tokens of one window, one rule for every length people write with "k" (a
    context, a sequence length, a prompt, an output, a completion): a power of two to 1,024 is
    binary, as context windows are published and set ("32K" is Qwen2.5's 32,768 tokens, "128K"
    Llama 3.1's 131,072: their max_position_embeddings; llama.cpp's -c and Ollama's num_ctx
    take the whole number), any other figure decimal ("100k" is 100,000, "25.6k" 25,600, as
    vLLM reads a lowercase k: vllm/engine/arg_utils.py human_readable_int, '1k' -> 1,000,
    '25.6k' -> 25,600). Counts of tokens in data are not windows and stay decimal, the length
    of its samples too ("20k examples of 1k tokens" is about 20 million tokens)."""
    if value == value.to_integral_value() and 1 <= value <= 1024:
        whole = int(value)
        if whole & (whole - 1) == 0:
            return whole * 1024
    return to_int(value * 1000)


def tidy(value: Decimal) -> Decimal:
    """Drop meaningless trailing zeros ("0.500" → "0.5", "70.0" → "70") without turning 70 into
    7E+1; leave huge or tiny values alone."""
    if not value.is_finite() or value.adjusted() > 24 or value.adjusted() < -24:
        return value
    if value == value.to_integral_value():
        return value.quantize(Decimal(1))
    return value.normalize()


# --- numbers in words ("seven billion", "dos mil millones", "soixante-dix milliards") ----------

# Folded (no accents). Units and tens of every language; "un/a/one" count only next to a
# bigger word ("a million", "un milliard"), see words_to_digits.
_UNITS: Final[dict[str, int]] = {w: v for lang in LANGUAGES for w, v in lang.number_words.items()}
_HUNDREDS: Final = union("hundreds")
_THOUSANDS: Final = union("thousands")
# Articles, and the words for one, mean 1 before a bigger word.
_ONE: Final = union("articles") | {w for w, v in _UNITS.items() if v == 1}
_ARTICLES: Final = union("articles")
_JOINERS: Final = union("joiners")
_NUMBER_WORD: Final = "|".join(
    # Ties by spelling, not in a set's order: the same text in every process
    # (bot/understand/lazy.py keeps compiled patterns by their text).
    sorted({*_UNITS, *_HUNDREDS, *_THOUSANDS, *_ONE}, key=lambda word: (-len(word), word))
)
# What the words must precede to be read as a number: a scale ("billion", "millones"), a
# duration or "tokens". Alone, "two" or "una" stay words (GPU counts and articles are read
# elsewhere).
_SCALE: Final = "|".join(NUMBER_SCALES)
# ... or a sum: "four dollars", "three bucks", "ninety cents" (ties by spelling, as above).
_MONEY_WORDS: Final = "|".join(
    sorted({*MONEY_AFTER, *MONEY_CENTS}, key=lambda word: (-len(word), word)))
_MONEY_FOLLOWS: Final = lazy(rf"(?:{_MONEY_WORDS})(?![a-z])")
# Cents said after the dollars, as people say a price: "un dollar cinquante", "dos dolares
# cincuenta", "two dollars fifty" (→ "1.50 dollar"), "cuatro dolares y medio" (→ "4.50
# dolares"); only where the price ends there.
_CENTS: Final = lazy(
    rf"(?<![\w.,])(?P<d>\d{{1,4}}) (?P<cur>dollars?|dolar(?:es)?|bucks?) (?:(?P<half>y medio|et demi|"
    rf"and a half)|(?:(?:et|y|and) )?"
    rf"(?P<c>(?:{_NUMBER_WORD})(?:(?:-et-|-| et | y )(?:{_NUMBER_WORD}))*))"
    r"(?= ?(?:$|[?!.,;:)]|(?:de |a |par |por |la |per |an |the )?(?:l'|la )?(?:heure|hora|hour|h)"
    r"(?![a-z])))"
)
# ... or an amount of memory: "a twenty four gig card", "veinticuatro gigas", "vingt-quatre go".
_MEMORY_WORDS: Final = r"gigs?|gigas?|gb|gbs|gib|go|gigabytes?|gigaoctets?"
_MEMORY_FOLLOWS: Final = lazy(rf"(?:{_MEMORY_WORDS})(?![a-z])")
# ... or thousands written "k": "fifty k rows", "veinte k ejemplos", "cinquante k lignes"
_THOUSANDS_K: Final = lazy(r"k(?![a-z0-9])")
# ... or people served: "twenty users", "veinte usuarios", "vingt utilisateurs" (the users
# patterns read digits).
_PEOPLE_WORDS: Final = r"users?|people|persons|usuarios?|personas|utilisateurs?|personnes"
_PEOPLE_FOLLOWS: Final = lazy(rf"(?:{_PEOPLE_WORDS})(?![a-z])")
# ... or a dataset's examples, a hundred or more: "quinientos ejemplos", "cinq cents lignes",
# "five hundred rows" (fewer, "tres ejemplos", "two examples", are words of a chat, no dataset).
_SAMPLE_WORDS: Final = (r"ejemplos|muestras|filas|conversaciones|pares|exemples|echantillons"
                        r"|lignes|paires|samples|examples|rows|pairs|conversations")
_SAMPLES_FOLLOW: Final = lazy(rf"(?:{_SAMPLE_WORDS})(?![a-z])")
_FEWEST_SAMPLES: Final = 100
# "une vingtaine d'utilisateurs", "una veintena de usuarios", "une quinzaine de millions de
# tokens", "une trentaine de dollars": about so many people, millions or dollars, as many.
_ABOUT: Final[dict[str, int]] = {
    "dizaine": 10, "quinzaine": 15, "vingtaine": 20, "trentaine": 30, "quarantaine": 40,
    "cinquantaine": 50, "centaine": 100, "decena": 10, "veintena": 20, "treintena": 30, "centena": 100,
}
_ABOUT_SO_MANY: Final = lazy(
    rf"(?<![a-z])(?:une|una) (?P<about>{'|'.join(_ABOUT)}) (?:de |d')"
    # millions only: "une quinzaine de jours" is a fortnight, read where durations are
    rf"(?=(?:{_PEOPLE_WORDS}|millions?|millones|milliards?|{_MONEY_WORDS})(?![a-z]))"
)
# What joins the words of one number: a space or hyphen, "et" and "y" ("vingt et un", "sesenta y
# cuatro", "treinta y dos mil"), "and" only after a hundred or a thousand ("two hundred and five"):
# "a rank of sixty four and two thousand tokens of context" is two numbers, not 66 000.
_JOIN: Final = r"(?: |-|-et-| et | y |(?:(?<=hundred)|(?<=thousand)) and )"
_CONTEXT_WORDS: Final = r"(?:context[eo]?|ctx)"
# No number right after a figure ("2 mil", "3 thousand": the figure's own scale), but after a
# card's name ending in digits ("une a100 vingt-quatre heures", "la h100 veinticuatro horas": was
# "quatre heures", 4 hours, or no hours read).
_NOT_AFTER_A_FIGURE: Final = (
    r"(?:(?<![0-9] )|(?<=[a-z][0-9] )|(?<=[a-z][0-9]{2} )|(?<=[a-z][0-9]{3} ))"
)
_PHRASE: Final = lazy(
    rf"(?<![\w.,]){_NOT_AFTER_A_FIGURE}(?P<words>(?:{_NUMBER_WORD})(?:{_JOIN}"
    rf"(?:{_NUMBER_WORD}))*)"
    rf"(?= (?:(?:de |of |d')?(?:{_SCALE})|{_MONEY_WORDS}|{_MEMORY_WORDS}|{_PEOPLE_WORDS}"
    # "treinta y dos mil de contexto", "trente deux k de contexte": a context's length;
    # "fifty k rows", "veinte k ejemplos": thousands
    rf"|k|(?:de |of |d')?{_CONTEXT_WORDS}|{_SAMPLE_WORDS})(?![a-z]))"
)


# A thousand with more after it ("dos mil quinientos ejemplos", "deux mille cinq cents exemples",
# "two thousand five hundred rows") is one number whatever follows: the phrase above wants a
# scale after its words, so it read "dos" before "mil" and left "quinientos" (2,000 samples,
# or none), and "deux mille cinq" before the coin "cents" (2,005).
_THOUSAND_WORD: Final = "|".join(sorted(_THOUSANDS, key=lambda word: (-len(word), word)))
_THOUSAND_AND_MORE: Final = lazy(
    rf"(?<![\w.,]){_NOT_AFTER_A_FIGURE}(?P<words>(?:(?:{_NUMBER_WORD}){_JOIN})*(?:{_THOUSAND_WORD})"
    rf"(?:{_JOIN}(?:{_NUMBER_WORD}))+)(?![a-z])"
)


# A model's size in words: "a seventy b model", "llama 3 seventy b", "un modelo de setenta b"
# (the "b" of "70b"). After a version number too, which _PHRASE leaves alone.
_SIZE_IN_WORDS: Final = lazy(
    rf"(?<![\w.,])(?P<words>(?:{_NUMBER_WORD})(?:{_JOIN}(?:{_NUMBER_WORD}))*)"
    r"(?= ?b(?![a-z]))"
)


def _value(words: list[str]) -> int | None:
    """0 < value of the number words, or None when they do not make one number."""
    total, current, seen = 0, 0, False
    for i, word in enumerate(words):
        if word in _JOINERS:
            continue
        if word in _ONE and i + 1 < len(words):
            if words[i + 1] in (_HUNDREDS | _THOUSANDS):
                current += 1  # "a hundred", "un mil"
            continue  # an article: "a seventy billion model"
        elif word in _UNITS:
            unit = _UNITS[word]
            if word in ("vingt", "vingts") and 1 < current < 10:
                current *= 20  # "quatre-vingts"
            else:
                current += unit
        elif word in _HUNDREDS:
            current = (current or 1) * 100
        elif word in _THOUSANDS:
            total += (current or 1) * 1000
            current = 0
        elif word in _ONE:
            current += 1
        else:
            return None
        seen = True
    value = total + current
    return value if seen and value > 0 else None


def words_value(words: str) -> int | None:
    """The value of a number said in words alone ("nonante", "quatre-vingt-dix", "twenty
    five"), or None when the words do not make one number."""
    return _value(re.split(r"-et-|-| ", words))


# Words that make a phrase worth reading: a number word that is not an article, or a scale an
# article can count ("a billion", "un millon").
_WORDS_OR_SCALES: Final = frozenset(
    {*_UNITS, *_HUNDREDS, *_THOUSANDS, "billion", "billions", "bn", "million", "millions",
     "millones", "millon", "milliard", "milliards", "trillion", "trillions",
     "dollar", "dollars", "dolar", "dolares", "buck", "bucks", "usd"}
    - _ONE
)
# The words for one a setting reads as 1 ("batch size of one", "lote de uno"; see setting()
# in words_to_digits): not in the set above, since alone they are articles or counts.
_SETTING_ONES: Final = frozenset({"one", "uno"})
_LETTER_RUNS: Final = lazy(r"[a-z]+")
# Durations that start as the scales do ("m…"): "un mois", "una minuto" keep their article.
_TIME_NOT_SCALE: Final = lazy(r"(?:minut\w*|mois|months?|mes|meses)(?![a-z])")
# Number words right after a run setting ("batch size of sixteen", "seq len one thousand twenty
# four", "rango sesenta y cuatro"): digits, so that the settings read them as they read "16".
_SETTING_WORDS: Final = "|".join(
    sorted(set(_language_words("SETTING_NUMBER_BEFORE")), key=lambda word: (-len(word), word)))
# ... unless cards follow ("a batch of four A100s"): then the words count GPUs.
_CARDS_AFTER: Final = lazy(r" ?(?:[a-z]{0,4}\d|gpus?(?![a-z])|cards?(?![a-z])|nodes?(?![a-z])|x(?![a-z]))")
_AFTER_SETTING: Final = lazy(
    # ("context todos": "to" then "dos" is the word "todos", no number)
    rf"(?<![a-z0-9])(?P<pre>(?:{_SETTING_WORDS})(?: (?:(?:of|de|du|is|to|at|a)(?![a-z])|d'|=|:))? ?)"
    rf"(?P<words>(?:{_NUMBER_WORD})(?:{_JOIN}(?:{_NUMBER_WORD}))*)(?![a-z])"
)
# A word for hundred that is also a coin ("cents" in French and in English): after a number
# word of another language it is the coin, "ninety cents" is 90 cents, not 9 000.
_HUNDRED_OF: Final[dict[str, frozenset[str]]] = {
    word: frozenset({*lang.number_words, *lang.hundreds, *lang.thousands, *lang.joiners})
    for lang in LANGUAGES for word in lang.hundreds
}


# "un millon y medio de tokens", "un milliard et demi", "a million and a half": half a scale more.
_SCALE_AND_HALF: Final = lazy(
    r"(?<![\w.,])(?P<n>\d{1,4}) (?P<scale>millon(?:es)?|millions?|milliards?|billions?) "
    r"(?:y medio|et demi|and a half)(?![a-z])"
)
# "two and a half million tokens", "three and a half thousand samples": the count and a half
# of the scale (was the dataset unread, or a thousand samples).
_AND_A_HALF_SCALE: Final = lazy(
    r"(?<![\w.,])(?P<n>\d{1,3}|[a-z]+(?:-[a-z]+)?) and a half (?P<scale>thousand|million|billion)"
    r"(?![a-z])"
)
_HALF_SCALE: Final = lazy(
    r"(?<![a-z])(?:half a|medio|un demi-? ?|une demi-? ?)(?= ?(?:millions?|millon|billions?|"
    r"milliards?)(?![a-z]))"
)


# "a quarter million samples", "a quarter of a million", "un cuarto de millon", "un quart de
# million": a quarter of the scale (was the sample length alone, a one-minute run).
_QUARTER_SCALE: Final = lazy(
    r"(?<![a-z])(?:a quarter(?: of a)?|one quarter(?: of a)?|un cuarto de|un quart de) ?"
    r"(?=(?:millions?|millon|billions?|milliards?)(?![a-z]))"
)
# "a dozen epochs", "half a dozen runs", "una docena de epocas", "une douzaine d'epoques".
_DOZEN: Final = lazy(
    r"(?<![a-z])(?:(?P<half>half a|media) |(?:a|one|una|une) )"
    r"(?:(?:dozen|docena de|douzaine de)(?![a-z]) ?|douzaine d')"
)

# "a couple million tokens", "un par de millones de tokens", "une couple de millions": two of
# the scale (only before one: "a couple of days" is read as a count, lexicon COUNT_WORDS).
_COUPLE: Final = lazy(
    r"(?<![a-z])(?:a couple(?: of)?|un par de|une (?:couple|paire) de) "
    r"(?=(?:million|billion|thousand|hundred|millones|millon|mil|millions|milliards?|mille)"
    r"(?![a-z]))"
)


# "A few" of a scale, said of a dataset ("a few hundred examples", "quelques milliers de
# lignes") or of a sum ("a few hundred bucks", "unos cientos de dolares"): the words that say
# "a few" and the scales they count, one table read by both (_FEW_OF_SCALE, _VAGUE_SUM), each
# read as three of the scale. Sums are read to the thousands; "grand" is a sum's only.
_FEW_WORDS: Final = ("a few", "few", "several", "a handful of", "unos cuantos", "unas cuantas",
                     "unos pocos", "algunos", "varios", "unos", "quelques", "plusieurs")
_FEW_SCALES: Final[dict[str, int]] = {
    "hundred": 100, "thousand": 1000, "grand": 1000, "million": 10**6, "billion": 10**9,
    "cientos": 100, "miles": 1000, "millones": 10**6,
    "centaines": 100, "milliers": 1000, "millions": 10**6, "milliards": 10**9,
}
# ... and said alone, in the plural ("hundreds of samples", "cientos de dolares", "des
# centaines de lignes"), by language: each has its own words around them.
_FEW_PLURALS: Final[dict[str, dict[str, int]]] = {
    "en": {"hundreds": 100, "thousands": 1000, "millions": 10**6, "billions": 10**9},
    "es": {"cientos": 100, "miles": 1000},
    "fr": {"centaines": 100, "milliers": 1000, "millions": 10**6, "milliards": 10**9},
}
_SUM_ONLY: Final = frozenset({"grand"})
_SUM_BELOW: Final = 10**6


def _alternation(words: Iterable[str]) -> str:
    return "|".join(words)


def _longest_first(words: Iterable[str]) -> str:
    """The scales longest first: "millions" is tried before "million" ("quelques millions de
    tokens" was read "3 million s de tokens", the plural's "s" left over and no dataset read)."""
    return _alternation(sorted(words, key=len, reverse=True))


def _data_scales(words: dict[str, int]) -> str:
    return _longest_first(w for w in words if w not in _SUM_ONLY)


def _sum_scales(words: dict[str, int]) -> str:
    return _longest_first(w for w, value in words.items() if value < _SUM_BELOW)


def _three_of(value: int) -> str:
    """Three of a scale as the text reads it on: "300 ", "3000 ", "3 million ", "3 billion "."""
    if value >= 10**9:
        return f"{3 * value // 10**9} billion "
    if value >= 10**6:
        return f"{3 * value // 10**6} million "
    return f"{3 * value} "


# "a few hundred examples", "several thousand rows", "thousands of samples", "unos cuantos miles
# de ejemplos", "cientos de ejemplos", "quelques milliers d'exemples", "des centaines de
# lignes", "a few million tokens": read as three of the scale, before a dataset's samples or
# tokens only (was "a few" dropped, "hundred examples" 100, "thousand" 1,000; in Spanish and
# French no dataset read).
_FEW_OF_SCALE: Final = lazy(
    rf"(?<![a-z])(?:(?:{_alternation(_FEW_WORDS)}) (?P<scale>{_data_scales(_FEW_SCALES)})"
    r"(?: (?:of|de)| d')?|"
    # plural scales alone, never after a count ("dos millones de tokens", "un par de millones")
    rf"(?<![0-9] )(?<!de )(?P<plural>{_data_scales(_FEW_PLURALS['en'])}) of|"
    rf"(?<![0-9] )(?<!de )(?:(?:unos |los )?(?P<plural_es>{_data_scales(_FEW_PLURALS['es'])}) de)|"
    rf"des (?P<plural_fr>{_data_scales(_FEW_PLURALS['fr'])}) (?:de|d'))"
    rf" ?(?=(?:[a-z0-9-]+ ){{0,2}}(?:{_SAMPLE_WORDS}|convos|dialogues|documents|docs|prompts|tokens?|toks?)(?![a-z])"
    # not a rate: "hundreds of tokens per second"
    r"(?! ?(?:/ ?s|per s|a s|por s|par s)))"
)
_FEW_VALUE: Final[dict[str, str]] = {
    word: _three_of(value)
    for words in (_FEW_SCALES, *_FEW_PLURALS.values()) for word, value in words.items()
    if word not in _SUM_ONLY
}


# A vague sum of money: "a few hundred bucks", "several hundred dollars", "a few grand",
# "unos cientos de dolares", "quelques centaines de dollars", "des centaines d'euros", "un
# millier de dollars", "a couple hundred", "un par de cientos"; before a currency, or after "i
# have", "budget", "tengo", "j'ai" ("i got a few hundred for h100 hours"). Read as three of the
# scale (as a dataset's "a few hundred" is), two for a couple, one for "un millier" (was "a few"
# dropped: "$100 buys 40 hours"; in Spanish and French no budget read), and the reply says which
# figure it took (parse: Query.budget_said).
_VAGUE_SUM_CURRENCY: Final = (
    r"(?:\$|us\$|usd[tc]?|bucks?|dollars?|dolares|dolar|verdes|euros?|eur|pavos|balles|quid"
    r"|pounds?|libras?)(?![a-z])")
_VAGUE_SUM: Final = lazy(
    rf"(?P<cue>(?<![a-z])(?:{HAVE_MONEY_WORDS})(?: is| of| es| est| c'?est)?(?: de)?"
    r"(?: (?:like|about|around|maybe|roughly|como|genre|environ))? )?"
    rf"(?P<said>(?<![a-z])(?:(?:{_alternation(_FEW_WORDS)}) (?P<scale>{_sum_scales(_FEW_SCALES)})"
    rf"|(?P<plural>{_sum_scales(_FEW_PLURALS['en'] | _FEW_PLURALS['es'])})"
    rf"|des (?P<plural_fr>{_sum_scales(_FEW_PLURALS['fr'])})"
    r"|(?:a couple(?: of)?|un par de|une (?:couple|paire) de) (?P<couple>hundred|thousand|grand"
    r"|cientos|centaines|mil|mille)"
    r"|(?:un|una|une) (?P<about>millier|millar|centena|centaine)))"
    rf"(?:(?: (?:of|de)| d') ?| ?)(?=(?P<cur>{_VAGUE_SUM_CURRENCY})"
    r"|(?<=[a-z] )(?:for|on|to spend|para|en|pour|sur|de budget|budget)(?![a-z])"
    r"|(?<=[a-z])(?: ?[,.;?!]|$))"
)
# The scales a sum is read in: three of them after "a few", two of them after "a couple", one
# of "un millier", "una centena".
_VAGUE_SCALE: Final[dict[str, int]] = {
    **{word: value for words in (_FEW_SCALES, *_FEW_PLURALS.values())
       for word, value in words.items() if value < _SUM_BELOW},
    "centaine": 100, "centena": 100, "millier": 1000, "millar": 1000, "mil": 1000, "mille": 1000,
}


# The first vague sum of money a text was read with: the words that said it ("a few hundred",
# "unos cientos") and the figure they are read as; None for the words of "about" a figure ("une
# centaine de dollars": the user's own figure). What words_to_digits read, carried to the reply
# (parse._budget_said), not searched for again.
VagueSum = tuple[str | None, Decimal]


def _vague_value(match: re.Match[str]) -> Decimal:
    if match.group("couple"):
        return Decimal(2 * _VAGUE_SCALE[match.group("couple")])
    if match.group("about"):
        return Decimal(_VAGUE_SCALE[match.group("about")])
    scale = match.group("scale") or match.group("plural") or match.group("plural_fr")
    return Decimal(3 * _VAGUE_SCALE[scale])


def _vague_sums(folded: str, sums: list[VagueSum] | None = None) -> str:
    def digits(match: re.Match[str]) -> str:
        if not _vague_money(match):
            return match.group(0)  # "a few hundred" alone: samples, steps, anything
        value = _vague_value(match)
        if sums is not None:
            sums.append((None if match.group("about") else match.group("said"), value))
        # "a couple grand": "2 grand", a sum the budget's words read with no currency said
        said = f"{value // 1000} grand" if match.group("said").endswith("grand") else str(value)
        return f"{match.group('cue') or ''}{said}{'' if match.group(0)[-1].isalpha() else ' '}"
    return _VAGUE_SUM.sub(digits, folded)


def _vague_money(match: re.Match[str]) -> bool:
    """A currency after it, a budget's words before it, or "grand" in it."""
    return match.group("cur") is not None or match.group("cue") is not None \
        or match.group("said").endswith("grand")


# What a vague sum's words hold (a substring test first: most questions hold none).
_VAGUE_SUM_NEEDLES: Final = (
    "few", "several", "handful", "unos", "algunos", "varios", "quelques", "plusieurs", "hundreds",
    "thousands", "cientos", "miles", "centaine", "millier", "couple", "par de", "paire", "millar",
    "centena")


def _has_vague_sum(folded: str) -> bool:
    return any(needle in folded for needle in _VAGUE_SUM_NEEDLES)


def _few_of_scale(match: re.Match[str]) -> str:
    """"a few thousand samples" → "3000 samples", "quelques millions de tokens" → "3 million
    tokens"."""
    return _FEW_VALUE[match.group("scale") or match.group("plural") or match.group("plural_es")
                      or match.group("plural_fr")]


# The words a vague count was said in, without the "of" before its unit: "a few million",
# "quelques millions", "unos cuantos miles", "des centaines".
_COUNT_OF: Final = lazy(r"(?: (?:of|de)| d')?\s*$")


def _few_counted(counts: list[VagueSum]) -> Callable[[re.Match[str]], str]:
    """_few_of_scale, the words said and the figure read put in ``counts`` (the reply says which
    figure it took, as for a vague sum: parse's Query.dataset_said)."""
    def read(match: re.Match[str]) -> str:
        figure = _few_of_scale(match)
        number, _, scale = figure.strip().partition(" ")
        value = Decimal(number) * {"": 1, "million": 10**6, "billion": 10**9}[scale]
        counts.append((_COUNT_OF.sub("", match.group(0)), value))
        return figure
    return read


def _and_a_half(match: re.Match[str]) -> str:
    """"two and a half million" → "2.5 million", "three and a half thousand" → "3500"."""
    said = match.group("n")
    count = int(said) if said.isdigit() else _value(said.split("-"))
    if count is None:
        return match.group(0)
    if match.group("scale") == "thousand":
        return str(count * 1000 + 500)
    return f"{count}.5 {match.group('scale')}"


# "dos millones y pico de tokens", "deux millions et quelques de tokens", "two million and change
# tokens": a bit more than the number said, read as that number (was no dataset read).
_AND_SOME: Final = lazy(
    r"(?P<n>\d|(?<![a-z])(?:mil|mille|millon|millones|millions?|milliards?|thousand|billions?))"
    r" (?:y pico|y algo|et quelques|et des poussieres|and change|and a bit)"
    r"(?= (?:de |d'|of )?[a-z])"
)


def words_to_digits(folded: str, quick: bool = True, runs: list[str] | None = None,
                    sums: list[VagueSum] | None = None,
                    counts: list[VagueSum] | None = None) -> str:
    """Number words before a scale, a duration, "tokens" or a sum become digits: "seven billion" →
    "7 billion", "dos mil millones" → "2000 millones", "un million de tokens" → "1 million de
    tokens". A lone count or article ("two days", "a week") is left as it is: the duration and
    count patterns read those words themselves.

    ``quick=False`` skips the shortcuts (substring and set tests), for the test that checks
    they change nothing. ``runs``: the text's runs of letters (``[a-z]+``) when known.
    ``sums``: where the vague sums of money read are put, in order (VagueSum); ``counts``: the
    vague counts of a dataset's samples or tokens ("a few million tokens"), likewise."""
    if not quick or " y pico" in folded or " y algo" in folded or " et " in folded \
            or " and " in folded:
        folded = _AND_SOME.sub(r"\g<n>", folded)
        runs = None
    if not quick or "half" in folded or "medio" in folded or "demi" in folded:
        folded = _AND_A_HALF_SCALE.sub(_and_a_half, folded)
        folded = _HALF_SCALE.sub("0.5", folded)  # "medio millon de tokens"
        runs = None
    if not quick or "quar" in folded or "cuarto" in folded:
        folded = _QUARTER_SCALE.sub("0.25 ", folded)  # "a quarter million samples"
        runs = None
    if not quick or "aine d" in folded or "ena de" in folded:
        folded = _ABOUT_SO_MANY.sub(lambda m: f"{_ABOUT[m.group('about')]} ", folded)
        runs = None
    if not quick or "doz" in folded or "docena" in folded or "douzaine" in folded:
        folded = _DOZEN.sub(lambda m: "6 " if m.group("half") else "12 ", folded)
        runs = None
    if not quick or _has_vague_sum(folded):
        vague = _vague_sums(folded, sums)
        if vague != folded:
            folded, runs = vague, None
    if not quick or "few" in folded or "several" in folded or "handful" in folded \
            or "cuant" in folded or "pocos" in folded or "algunos" in folded \
            or "varios" in folded or "quelques" in folded or "plusieurs" in folded \
            or "s of" in folded or "s de" in folded or "s d'" in folded:
        folded = _FEW_OF_SCALE.sub(_few_of_scale if counts is None else _few_counted(counts),
                                   folded)
        runs = None
    if not quick or "couple" in folded or "par de" in folded or "paire de" in folded:
        # "a couple hundred thousand rows": "two hundred thousand", which the words read as
        # 200 thousand (a digit before "hundred" is left as it is)
        text = folded
        folded = _COUPLE.sub(lambda m: "two " if text.startswith("hundred", m.end()) else "2 ",
                             folded)
        runs = None
    # A set test at C speed first: most questions hold no number word but articles.
    if quick:
        letters = letter_runs(folded) if runs is None else runs
        if _WORDS_OR_SCALES.isdisjoint(letters) and _SETTING_ONES.isdisjoint(letters):
            return folded

    def digits(match: re.Match[str]) -> str:
        words = re.split(r"-et-|-| ", match.group("words"))
        for i, word in enumerate(words[1:], start=1):
            if word in _HUNDRED_OF and words[i - 1] not in _HUNDRED_OF[word] \
                    and _MONEY_FOLLOWS.fullmatch(word):
                runs = list(_LETTER_RUNS.finditer(match.group("words")))
                value = _value(words[:i])
                if value is None or len(runs) != len(words):
                    return match.group(0)
                start = match.start("words")
                return str(value) + folded[start + runs[i].start() : match.end()]
        rest = folded[match.end() :].lstrip()
        articles = all(w in _ONE or w in _JOINERS for w in words)
        # "un dollar" is one, "un $" stays as written (the shortcut above sees no letters in "$").
        scale_follows = (rest.startswith(("b", "m", "t")) and not rest.startswith("tok")
                         and not _TIME_NOT_SCALE.match(rest)) \
            or (_MONEY_FOLLOWS.match(rest) is not None and (not articles or rest[:1].isalpha())) \
            or (not articles and _MEMORY_FOLLOWS.match(rest) is not None) \
            or (not articles and _PEOPLE_FOLLOWS.match(rest) is not None) \
            or (not articles and _THOUSANDS_K.match(rest) is not None)  # not "in one go"
        if not scale_follows and (articles or (len(words) == 1 and words[0] in AMOUNT_WORDS)):
            return match.group(0)
        if not scale_follows and _SAMPLES_FOLLOW.match(rest) is not None:
            value = _value(words)
            fewest = value is None or value < _FEWEST_SAMPLES
            return match.group(0) if fewest else str(value)
        if words == ["quinze"] and rest.startswith("jour"):
            return match.group(0)  # "quinze jours" is a fortnight (parse.FRENCH_WEEKS)
        if words[0] == "once" and len(words) > 1 and words[1] in _ARTICLES:
            return match.group(0)  # "once a month" is how often, not Spanish eleven (was 12)
        if len(words) == 2 and " y " not in match.group("words") \
                and " et " not in match.group("words"):
            low, high = (_UNITS.get(word, 0) if word not in _ONE else 0 for word in words)
            if 2 <= low < high <= 9:
                # "deux-trois heures", "dos tres dias": two units in a row are no one number
                # but a range, as "2-3 heures" is read (was their sum, 5 hours; "trois-quatre
                # jours" a week)
                return f"{low}-{high}"
        if len(words) == 3 and words[1] in ("y", "et", "and"):
            low = 1 if words[0] in ("one", "un", "uno", "una", "une") else _UNITS.get(words[0], 0)
            high = _UNITS.get(words[2], 0)
            if 1 <= low < high <= 9:
                # "entre uno y dos dólares", "entre un et deux dollars", "between one and two
                # hours": a range, as "2-3" (was their last word alone, or their sum: "y" and
                # "et" join tens and units, never two units)
                return f"{low}-{high}"
        value = _value(words)
        return match.group(0) if value is None else str(value)

    def cents(match: re.Match[str]) -> str:
        if match.group("half"):
            return f"{match.group('d')}.50 {match.group('cur')}"
        words = re.split(r"-et-|-| ", match.group("c"))
        value = None if all(w in _ONE or w in _JOINERS for w in words) else _value(words)
        if value is None or value >= 100:
            return match.group(0)
        return f"{match.group('d')}.{value:02d} {match.group('cur')}"

    def setting(match: re.Match[str]) -> str:
        words = re.split(r"-et-|-| ", match.group("words"))
        # "batch size of four and a seq len of …": the articles and joiners after the number
        # are not part of it.
        while len(words) > 1 and (words[-1] in _JOINERS or words[-1] in _ARTICLES):
            words.pop()
        runs = list(_LETTER_RUNS.finditer(match.group("words")))
        if all(w in _ARTICLES for w in words):  # "batch size of one" is 1, "of a" is no number
            value = 1 if words in (["one"], ["uno"]) else None
        else:
            value = _value(words)
        if value is None or len(runs) < len(words):
            return match.group(0)
        end = match.start("words") + runs[len(words) - 1].end()
        if _CARDS_AFTER.match(folded, end):  # "in the context of two 3090s": a count of cards
            return match.group(0)
        return match.group("pre") + str(value) + folded[end : match.end()]

    def size(match: re.Match[str]) -> str:
        words = re.split(r"-et-|-| ", match.group("words"))
        if all(w in _ONE or w in _JOINERS for w in words):
            return match.group(0)  # "a b", "one b": no size
        value = _value(words)
        return match.group(0) if value is None else str(value)

    def thousand_and_more(match: re.Match[str]) -> str:
        words = re.split(r"-et-|-| ", match.group("words"))
        runs = list(_LETTER_RUNS.finditer(match.group("words")))
        # Articles and joiners ending it are not part of it: "two thousand a month", "mil y".
        while words and (words[-1] in _JOINERS or words[-1] in _ARTICLES):
            words.pop()
        if not words or words[-1] in _THOUSANDS or len(runs) < len(words):
            return match.group(0)
        value = _value(words)
        if value is None:
            return match.group(0)
        end = match.start("words") + runs[len(words) - 1].end()
        return str(value) + folded[end : match.end()]

    # Settings first: "seq len of two thousand forty eight" is one number, not "2 thousand".
    folded = _AFTER_SETTING.sub(setting, folded)
    if any(word in folded for word in _THOUSANDS):
        folded = _THOUSAND_AND_MORE.sub(thousand_and_more, folded)
    if " b" in folded or "b " in folded or folded.endswith("b"):
        folded = _SIZE_IN_WORDS.sub(size, folded)
    folded = _PHRASE.sub(digits, folded)
    if not quick or "medio" in folded or "demi" in folded or "half" in folded:
        folded = _SCALE_AND_HALF.sub(
            lambda m: f"{m.group('n')}.5 {m.group('scale')}", folded)
    if quick and "dol" not in folded and "buck" not in folded:
        return folded
    return _CENTS.sub(cents, folded)
