"""Telegram's HTML parse mode: its length limit and safe splitting of long replies."""

from __future__ import annotations

import html
import re
from typing import Final

MAX_MESSAGE: Final = 4096
_TAG = re.compile(r"<(/?)([a-zA-Z-]+)[^>]*>")


def visible_length(text: str) -> int:
    """What Telegram counts: the text after entity parsing, in UTF-16 code units."""
    plain = html.unescape(_TAG.sub("", text))
    return len(plain.encode("utf-16-le")) // 2


def _utf16_length(text: str) -> int:
    """The text's own length in UTF-16 units, tags and entities included: never less than
    visible_length (removing a tag or replacing an entity by its character only shortens it),
    so a text within the limit by it is one message without parsing its tags (most replies;
    one encode instead of a tag search and an unescape). A character is at most two units:
    a text of at most half the limit in characters needs no encoding either."""
    return len(text.encode("utf-16-le")) // 2


def _open_tags(line: str) -> list[str]:
    stack: list[str] = []
    for closing, name in _TAG.findall(line):
        if closing and stack and stack[-1] == name:
            stack.pop()
        elif not closing:
            stack.append(name)
    return stack


def is_balanced(text: str) -> bool:
    """Every tag of `text` closed within it, in order: a part of a reply that can stand alone."""
    stack: list[str] = []
    for closing, name in _TAG.findall(text):
        if not closing:
            stack.append(name)
        elif not stack or stack.pop() != name:
            return False
    return not stack


def _hard_split(line: str, limit: int) -> list[str]:
    """A single line too long for one message: cut it as plain text (tags removed, re-escaped),
    so no cut can fall inside a tag or an entity."""
    plain = html.unescape(_TAG.sub("", line))
    chunks: list[str] = []
    while plain:
        cut = plain[:limit]
        while visible_length(html.escape(cut, quote=False)) > limit:
            cut = cut[: max(1, len(cut) * 9 // 10)]
        chunks.append(html.escape(cut, quote=False))
        plain = plain[len(cut):]
    return chunks


def split_message(text: str, limit: int = MAX_MESSAGE) -> list[str]:
    """Split at line boundaries so every part is valid HTML within the limit. Templates keep each
    tag within one line, so a line boundary never cuts an element."""
    if len(text) <= limit // 2 or _utf16_length(text) <= limit or visible_length(text) <= limit:
        return [text]
    parts: list[str] = []
    current: list[str] = []
    size = 0
    for line in text.split("\n"):
        pieces = [line] if visible_length(line) <= limit and not _open_tags(line) else None
        if pieces is None:
            pieces = [line] if visible_length(line) <= limit else _hard_split(line, limit)
        for piece in pieces:
            length = visible_length(piece) + (1 if current else 0)
            if current and size + length > limit:
                parts.append("\n".join(current).strip("\n"))
                current, size = [], 0
                length = visible_length(piece)
            current.append(piece)
            size += length
    if current:
        parts.append("\n".join(current).strip("\n"))
    return [p for p in parts if p.strip()]
