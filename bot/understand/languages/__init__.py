"""The languages the parser understands: one module per language, each holding all of that
language's words (``LANGUAGE = Language(...)``).

Adding a language is adding a module here (``pt.py``) plus its gettext catalogue: the modules
are found by listing this package, English, Spanish and French first, the others by name. The
lexicon (``bot.understand.lexicon``) joins every language's fragments per concept, with the
language-neutral ones (units like "h", "gb", coin tickers, tool names) it keeps itself.
Alternations are sorted by length before compiling (``patterns.alt``), so the order of the
languages and of the words inside a list never changes what matches.

Plain Python modules, not data files: they load from bytecode, at no parsing cost at start-up.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

# The concepts a language may give words for; each is a tuple of regex fragments of the same
# name in bot.understand.lexicon, which documents it.
CONCEPTS: Final[frozenset[str]] = frozenset({
    "HOUR_UNITS", "MINUTE_UNITS", "DAY_UNITS", "WEEK_UNITS", "MONTH_UNITS", "YEAR_UNITS", "MONTHLY", "WEEKLY", "DAILY", "HALF_HOUR",
    "QUARTER_HOUR", "THREE_QUARTERS_HOUR",
    "SIZE_UNITS_BILLION", "SIZE_UNITS_MILLION", "PARAM_WORDS", "VRAM_UNITS_GB", "VRAM_UNITS_TB",
    "MONEY_AFTER", "MONEY_CENTS", "PERCENT_UNITS", "GPU_NOUNS", "NEGATION_BEFORE", "NEGATION_FILLERS",
    "INFERENCE_STRONG", "INFERENCE_WEAK", "TRAINING_WORDS", "ALERT_NOUNS", "ALERT_REMOVE_VERBS",
    "ALERT_STOP", "ALERT_ALL", "ALERT_ANY_GPU", "THANKS_WORDS", "BYE_WORDS", "ACK_WORDS", "SOCIAL_FILLERS",
    "CATALOGUE_QUESTION", "ALERT_WORDS", "ALERT_MOVE_DOWN", "ALERT_MOVE_UP", "DIRECTION_BELOW",
    "DIRECTION_ABOVE", "PAY_STRONG", "PAY_COINS", "COMPARE_WORDS", "RECOMMEND_WORDS",
    "DURATION_QUESTION", "COST_WORDS", "HOW_MUCH", "RATE_WORDS", "FIT_STRONG", "MEMORY_WORDS",
    "PRICE_WORDS", "HELP_WORDS", "GREETINGS", "DETAILS_WORDS", "GRAD_CKPT_OFF_BEFORE",
    "GRAD_CKPT_OFF_AFTER", "ALERT_WHEN_WORDS", "RUN_NOUN_WORDS", "OPINION_NOT", "OPINION_ARTICLES",
    "OPINION_GOOD", "ALERT_LIST", "NUMBER_SCALES",
    "LARGEST_WORDS", "SPECS_WORDS", "CHEAPER_WORDS", "PRECISION_ASK", "PRECISION_CHOICE_ASK", "HOW_MANY", "HOW_MANY_FOR", "NEEDED", "BUDGET_WORDS", "BUDGET_ASK",
    "BUDGET_WHAT_ASK", "PAY_INTENDED", "BUDGET_DO_ASK",
    "CONTEXT_ASK", "SPEED_ASK", "SPEED_WEAK", "CONCURRENT_WORDS", "SERVED_NOUNS",
    "CONCURRENCY_ASK", "TRAIN_SPEED_ASK", "DATA_COUNT_ASK", "FIX_ASK", "OOM_WORDS", "OVERKILL_WORDS", "SETTING_NUMBER_BEFORE", "BATCH_ASK",
    "DEADLINE_ASK", "DEADLINE_ENOUGH_ASK", "DEADLINE_OVER_ASK", "START_ASK", "CKPT_SAVING_ASK", "CKPT_SLOW_ASK", "CKPT_NEED_ASK", "PACKING_SPEED_ASK", "FLASH_SAVING_ASK", "KERNELS_SAVING_ASK",
    "KV_SAVING_ASK",
    "KV_SIZE_ASK", "MEMORY_BARE_ASK",
    "RENT_BUY_ASK", "LOCAL_ASK", "ALERT_TELL", "AROUND_THE_CLOCK", "STEPS_ASK", "RAM_ASK", "HOURS_LOST", "HOURS_LEFT",
})
BUILT_IN: Final[tuple[str, ...]] = ("en", "es", "fr")


@dataclass(frozen=True)
class Language:
    code: str  # ISO 639-1, the gettext locale of the replies
    # Words that mark the language (folded) for detection. Leave out words another language
    # writes the same ("de", "en", "que"): they cannot tell the languages apart.
    stopwords: frozenset[str]
    words: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # concept → fragments
    counts: Mapping[str, int] = field(default_factory=dict)  # "two", "dos", "a pair of"
    # Number words read before a scale ("seven billion", "dos mil millones"): units and tens,
    # the words for hundred and thousand, and "and" between them ("cent et un").
    number_words: Mapping[str, int] = field(default_factory=dict)
    hundreds: frozenset[str] = frozenset()
    thousands: frozenset[str] = frozenset()
    joiners: frozenset[str] = frozenset()
    # The word for the decimal point in a version said aloud ("llama three point one").
    point_words: frozenset[str] = frozenset()
    # Articles that count 1 before a duration ("a day", "una semana"), not before a GPU.
    articles: frozenset[str] = frozenset()
    token_multipliers: Mapping[str, int] = field(default_factory=dict)  # "millones" → 6
    commands: Mapping[str, str] = field(default_factory=dict)  # "/precios" → an intent
    # Characters only this language writes (a regex class body), evidence for detection.
    marks: str = ""
    decimal_comma: bool = False  # "1,5" is one and a half and "1.120" is 1120
    # Openings of a follow-up ("and on an A100?", "y con 4?"): regex fragments, folded.
    follow_up: tuple[str, ...] = ()
    # The condition words of "/alert h100 bajo 2" (as typed, accents too), and the words that
    # may stand between them and the price ("menos de 2").
    alert_below: frozenset[str] = frozenset()
    alert_above: frozenset[str] = frozenset()
    alert_fillers: frozenset[str] = frozenset()
    # Chat shorthand, folded, read as the words it stands for before anything else ("xq" →
    # "porque", "cmb" → "combien"): whole words only, and never beside a number ("2 tb", "q4").
    abbreviations: Mapping[str, str] = field(default_factory=dict)
    # Openings of a further question in the same message ("also", "btw", "otra pregunta",
    # "par ailleurs"), folded regex fragments: a message is cut before one where it starts a
    # clause (after . , ; : ! ? or a line break, or at the start of the text).
    next_question: tuple[str, ...] = ()
    # The same, strong enough to cut where they stand, with no punctuation before them
    # ("and also", "by the way", "y además", "et aussi").
    next_question_anywhere: tuple[str, ...] = ()
    # Words pointing back at the GPU just named ("on it", "dessus", "en ella"): a question of
    # the same message that names no GPU but says one of these is about that GPU.
    same_gpu: tuple[str, ...] = ()
    # A joining word and a cost asked ("and how much", "y cuánto", "et combien"), folded: a
    # message is cut before one where it stands ("cheapest gpu with 80gb and how much for 3
    # days of it"), and the part after it kept whole.
    next_cost: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        unknown = set(self.words) - CONCEPTS
        if unknown:
            raise ValueError(f"language {self.code!r}: unknown concepts {sorted(unknown)}")


def _load() -> tuple[Language, ...]:
    found = {info.name for info in pkgutil.iter_modules(__path__) if not info.name.startswith("_")}
    order = [*(c for c in BUILT_IN if c in found), *sorted(found - set(BUILT_IN))]
    languages: list[Language] = []
    for name in order:
        language = importlib.import_module(f"{__name__}.{name}").LANGUAGE
        if not isinstance(language, Language) or language.code != name:
            raise ValueError(f"{__name__}.{name}: LANGUAGE must be a Language with code {name!r}")
        languages.append(language)
    return tuple(languages)


LANGUAGES: Final[tuple[Language, ...]] = _load()
BY_CODE: Final[dict[str, Language]] = {language.code: language for language in LANGUAGES}


def union(attribute: str) -> frozenset[str]:
    """The words of a set-valued attribute of every language, together."""
    return frozenset().union(*(getattr(language, attribute) for language in LANGUAGES))


def words(concept: str) -> tuple[str, ...]:
    """Every language's fragments for the concept, once each."""
    return tuple(dict.fromkeys(f for language in LANGUAGES for f in language.words.get(concept, ())))
