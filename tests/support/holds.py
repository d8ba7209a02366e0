"""What a reply holds and lacks, in any order (tests/support/chat.says keeps an order)."""

from __future__ import annotations

from typing import Any


def holds(got: dict[str, Any], wanted: tuple[str, ...], unwanted: tuple[str, ...]) -> None:
    """Each of `wanted` in the reply's text, none of `unwanted`."""
    for phrase in wanted:
        assert phrase in got["text"], got["text"]
    for phrase in unwanted:
        assert phrase not in got["text"], got["text"]
