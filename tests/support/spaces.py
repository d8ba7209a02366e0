"""A reply's CLDR no-break spaces as plain spaces, for tests that write "1 000 $US" as people
read it rather than with U+00A0 / U+202F."""

from __future__ import annotations


def plain(text: str) -> str:
    """The reply with CLDR's no-break spaces as spaces ("1 000 $US")."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")
