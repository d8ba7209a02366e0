"""Locales: which are supported, how one is chosen per user, and the gettext catalogues.

Adding a language: create bot/locales/<code>/LC_MESSAGES/messages.po (pybabel init), translate
and compile: the locales are the compiled catalogues found there (English is the source).
Understanding questions in it takes a module in bot/understand/languages/.
"""

from __future__ import annotations

import gettext as _gettext
from functools import cache
from pathlib import Path
from typing import Final

from babel.support import NullTranslations, Translations

DEFAULT_LOCALE: Final = "en"
DOMAIN: Final = "messages"
# The /language choice that clears an explicit one: the question's language is used again.
AUTO: Final = "auto"
_AUTO_WORDS: Final = frozenset(
    {"auto", "automatic", "automatically", "detect", "automatico", "automático", "automatique"}
)
LOCALES_DIR: Final = Path(__file__).resolve().parent / "locales"
# English first, then every language with a compiled catalogue ("en", "es", "fr").
SUPPORTED_LOCALES: Final[tuple[str, ...]] = (
    DEFAULT_LOCALE,
    *sorted(
        path.parent.parent.name for path in LOCALES_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")
        if path.parent.parent.name != DEFAULT_LOCALE
    ),
)


def N_(message: str) -> str:
    """Marks a string for extraction where it is translated later (at render time)."""
    return message


@cache
def translations(locale: str) -> _gettext.NullTranslations:
    """The compiled catalogue for a supported locale; English is the source language."""
    if locale not in SUPPORTED_LOCALES or locale == "en":
        return NullTranslations()
    found = Translations.load(str(LOCALES_DIR), [locale], DOMAIN)
    if not isinstance(found, Translations):
        # A missing .mo file must not silently show English to a Spanish reader.
        raise FileNotFoundError(f"no compiled catalogue for {locale!r} in {LOCALES_DIR}")
    return found


def normalise_locale(code: str | None) -> str | None:
    """Telegram's IETF tag (``pt-br``, ``es-419``, ``fr-CA``) → the closest supported locale."""
    if not code:
        return None
    primary = code.replace("_", "-").split("-")[0].lower()
    return primary if primary in SUPPORTED_LOCALES else None


# A language named in any of ours ("/language français", "/language spanish"): was "Choose your
# language:" and the keyboard, as if nothing had been said.
_LANGUAGE_NAMES: Final = {
    "english": "en", "inglés": "en", "ingles": "en", "anglais": "en",
    "spanish": "es", "español": "es", "espanol": "es", "castellano": "es", "espagnol": "es",
    "french": "fr", "francés": "fr", "frances": "fr", "français": "fr", "francais": "fr",
}


def language_choice(text: str | None) -> str | None:
    """What `/language …` asks for: a supported locale, AUTO, or None (not understood)."""
    word = (text or "").strip().lower()
    if word in _AUTO_WORDS:
        return AUTO
    named = _LANGUAGE_NAMES.get(word)
    return normalise_locale(named if named is not None else word)


def resolve_locale(
    chosen: str | None = None,
    detected: str | None = None,
    telegram_code: str | None = None,
    default: str = DEFAULT_LOCALE,
    guess: str | None = None,
) -> str:
    """An explicit choice wins; else the language the question is written in when clear
    (`detected`); else Telegram's language_code; else the language the question seems to be
    in (`guess`: a short text, model names); else the default."""
    for candidate in (chosen, detected, telegram_code, guess):
        found = normalise_locale(candidate)
        if found is not None:
            return found
    return normalise_locale(default) or DEFAULT_LOCALE


def tr(locale: str, message: str) -> str:
    """`message` in `locale` (extracted by the ``tr:2`` keyword)."""
    return translations(locale).gettext(message)

