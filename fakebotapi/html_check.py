"""Validator/parser for Telegram's ``parse_mode=HTML`` dialect.

Mirrors the structure and error wording of tdlib's ``parse_html`` (which the Bot API
server uses), so a reply that passes here is very likely to be accepted by Telegram.

Strict mode (the default) additionally rejects a bare ``&`` that does not start a
recognised entity and a bare ``>``: Telegram tolerates both, but its documentation
requires them to be escaped and tolerating them hides unescaped user input.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "ParsedText",
    "TelegramHTMLError",
    "parse_telegram_html",
    "utf16_len",
    "validate_telegram_html",
]

ERROR_PREFIX = "Bad Request: can't parse entities: "

# Tag name -> entity type (None: handled specially when the tag is closed).
_TAG_ENTITY: dict[str, str | None] = {
    "b": "bold",
    "strong": "bold",
    "i": "italic",
    "em": "italic",
    "u": "underline",
    "ins": "underline",
    "s": "strikethrough",
    "strike": "strikethrough",
    "del": "strikethrough",
    "tg-spoiler": "spoiler",
    "span": "spoiler",
    "a": None,
    "code": None,
    "pre": None,
    "blockquote": None,
    "tg-emoji": None,
}

_NAMED_ENTITIES = {"lt": "<", "gt": ">", "amp": "&", "quot": '"'}
_SPECIAL = re.compile(r"[<>&]")
_NAME_TOKEN_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-")


class TelegramHTMLError(ValueError):
    """Raised for text Telegram would refuse with "can't parse entities"."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason

    @property
    def description(self) -> str:
        """The full error description the Bot API would return."""
        return ERROR_PREFIX + self.reason


@dataclass(frozen=True)
class ParsedText:
    """Text as the user sees it plus Bot API ``MessageEntity`` dicts (UTF-16 offsets)."""

    text: str
    entities: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class _OpenTag:
    name: str
    argument: str
    offset: int  # UTF-16 offset in the output where the entity starts
    language: str = ""  # set on <pre> by a nested <code class="language-x">


def utf16_len(text: str) -> int:
    """Length in UTF-16 code units, the unit Telegram uses for offsets and limits."""
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def _byte_offset(text: str, index: int) -> int:
    # Telegram reports UTF-8 byte offsets; only computed on the error path.
    return len(text[:index].encode("utf-8", "surrogatepass"))


def _decode_entity(text: str, i: int) -> tuple[str, int] | None:
    """Decode the entity starting at ``text[i] == '&'``; return (char, next index)."""
    end = text.find(";", i + 1, i + 12)
    if end == -1:
        return None
    body = text[i + 1 : end]
    if body in _NAMED_ENTITIES:
        return _NAMED_ENTITIES[body], end + 1
    if len(body) < 2 or body[0] != "#":
        return None
    digits = body[1:]
    try:
        if digits[0] in "xX":
            code = int(digits[1:], 16) if re.fullmatch(r"[0-9a-fA-F]+", digits[1:]) else -1
        else:
            code = int(digits) if digits.isascii() and digits.isdigit() else -1
    except ValueError:
        return None
    if code <= 0 or code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
        return None
    return chr(code), end + 1


def _skip_spaces(text: str, i: int) -> int:
    n = len(text)
    while i < n and text[i].isspace():
        i += 1
    return i


def _parse_start_tag(text: str, begin: int) -> tuple[str, str, int]:
    """Parse ``<name attr="v" ...>`` at ``begin``; return (name, argument, index after '>')."""
    n = len(text)
    i = begin + 1
    name_begin = i
    while i < n and not text[i].isspace() and text[i] != ">":
        i += 1
    if i >= n:
        raise TelegramHTMLError(f"Unclosed start tag at byte offset {_byte_offset(text, begin)}")
    tag = text[name_begin:i].lower()
    if tag not in _TAG_ENTITY:
        raise TelegramHTMLError(
            f'Unsupported start tag "{tag}" at byte offset {_byte_offset(text, begin)}'
        )
    argument = ""
    while True:
        i = _skip_spaces(text, i)
        if i >= n:
            raise TelegramHTMLError(
                f'Unclosed start tag "{tag}" at byte offset {_byte_offset(text, begin)}'
            )
        if text[i] == ">":
            break
        attr_begin = i
        while i < n and not text[i].isspace() and text[i] not in "=>":
            i += 1
        attr = text[attr_begin:i].lower()
        if not attr:
            raise TelegramHTMLError(
                f'Empty attribute name in the tag "{tag}" at byte offset '
                f"{_byte_offset(text, begin)}"
            )
        i = _skip_spaces(text, i)
        if i >= n:
            raise TelegramHTMLError(
                f'Unclosed start tag "{tag}" at byte offset {_byte_offset(text, begin)}'
            )
        if text[i] != "=":
            # The only valueless attribute Telegram understands.
            if tag == "blockquote" and attr == "expandable":
                argument = "1"
                continue
            raise TelegramHTMLError(
                f'Expected equal sign in declaration of an attribute of the tag "{tag}" '
                f"at byte offset {_byte_offset(text, begin)}"
            )
        i = _skip_spaces(text, i + 1)
        if i >= n:
            raise TelegramHTMLError(
                f'Unclosed start tag "{tag}" at byte offset {_byte_offset(text, begin)}'
            )
        if text[i] in "'\"":
            quote = text[i]
            i += 1
            chars: list[str] = []
            while i < n and text[i] != quote:
                if text[i] == "&" and (decoded := _decode_entity(text, i)) is not None:
                    chars.append(decoded[0])
                    i = decoded[1]
                    continue
                chars.append(text[i])
                i += 1
            if i >= n:
                raise TelegramHTMLError(
                    f'Unclosed start tag "{tag}" at byte offset {_byte_offset(text, begin)}'
                )
            i += 1
            value = "".join(chars)
        else:
            token_begin = i
            while i < n and text[i] in _NAME_TOKEN_CHARS:
                i += 1
            value = text[token_begin:i].lower()
            if i < n and not text[i].isspace() and text[i] != ">":
                raise TelegramHTMLError(
                    f"Unexpected end of name token at byte offset {_byte_offset(text, i)}"
                )
        # Unknown attributes are silently ignored, as in tdlib.
        if tag == "a" and attr == "href":
            argument = value
        elif tag == "code" and attr == "class" and value.startswith("language-"):
            argument = value[len("language-") :]
        elif tag == "span" and attr == "class" and value.startswith("tg-"):
            argument = value[len("tg-") :]
        elif tag == "tg-emoji" and attr == "emoji-id":
            argument = value
        elif tag == "blockquote" and attr == "expandable":
            argument = "1"
    if tag == "span" and argument != "spoiler":
        raise TelegramHTMLError(
            f'Tag "span" must have class "tg-spoiler" at byte offset {_byte_offset(text, begin)}'
        )
    if tag == "tg-emoji" and not (argument.isascii() and argument.isdigit() and int(argument)):
        raise TelegramHTMLError("Invalid custom emoji identifier specified")
    return tag, argument, i + 1


def _close_entity(
    tag: _OpenTag, end: int, stack: list[_OpenTag], entities: list[dict[str, Any]], inner: str
) -> None:
    length = end - tag.offset
    name = tag.name
    if name == "code" and stack and stack[-1].name == "pre":
        # <pre><code class="language-x"> is one pre entity carrying the language.
        if tag.argument:
            stack[-1].language = tag.argument
        return
    if length <= 0:
        return  # Telegram drops empty entities
    entity: dict[str, Any] = {"offset": tag.offset, "length": length}
    simple = _TAG_ENTITY[name]
    if simple is not None:
        entity["type"] = simple
    elif name == "a":
        entity["type"] = "text_link"
        entity["url"] = tag.argument or inner
    elif name == "code":
        entity["type"] = "code"
    elif name == "pre":
        entity["type"] = "pre"
        if tag.language:
            entity["language"] = tag.language
    elif name == "blockquote":
        entity["type"] = "expandable_blockquote" if tag.argument else "blockquote"
    else:  # tg-emoji
        entity["type"] = "custom_emoji"
        entity["custom_emoji_id"] = tag.argument
    entities.append(entity)


def parse_telegram_html(text: str, *, strict: bool = True) -> ParsedText:
    """Parse Telegram HTML into plain text + entities, raising TelegramHTMLError."""
    out: list[str] = []
    pos = 0  # UTF-16 length of the output so far
    stack: list[_OpenTag] = []
    # Output index where each open tag started, to recover link text for <a> without href.
    out_marks: list[int] = []
    entities: list[dict[str, Any]] = []
    n = len(text)
    i = 0
    while i < n:
        match = _SPECIAL.search(text, i)
        stop = match.start() if match else n
        if stop > i:
            chunk = text[i:stop]
            out.append(chunk)
            pos += utf16_len(chunk)
            i = stop
        if i >= n:
            break
        char = text[i]
        if char == "&":
            decoded = _decode_entity(text, i)
            if decoded is None:
                if strict:
                    raise TelegramHTMLError(
                        f'Unescaped "&" at byte offset {_byte_offset(text, i)}; use "&amp;"'
                    )
                decoded = ("&", i + 1)
            out.append(decoded[0])
            pos += utf16_len(decoded[0])
            i = decoded[1]
            continue
        if char == ">":
            if strict:
                raise TelegramHTMLError(
                    f'Unescaped ">" at byte offset {_byte_offset(text, i)}; use "&gt;"'
                )
            out.append(">")
            pos += 1
            i += 1
            continue
        begin = i
        if i + 1 < n and text[i + 1] == "/":
            if not stack:
                raise TelegramHTMLError(
                    f"Unexpected end tag at byte offset {_byte_offset(text, begin)}"
                )
            j = i + 2
            while j < n and not text[j].isspace() and text[j] != ">":
                j += 1
            end_name = text[i + 2 : j].lower()
            expected = stack[-1].name
            if end_name != expected:
                raise TelegramHTMLError(
                    f"Unmatched end tag at byte offset {_byte_offset(text, begin)}, "
                    f'expected "</{expected}>", found "</{end_name}>"'
                )
            j = _skip_spaces(text, j)
            if j >= n or text[j] != ">":
                raise TelegramHTMLError(
                    f"Unclosed end tag at byte offset {_byte_offset(text, begin)}"
                )
            i = j + 1
            tag = stack.pop()
            mark = out_marks.pop()
            inner = "".join(out[mark:]) if tag.name == "a" and not tag.argument else ""
            _close_entity(tag, pos, stack, entities, inner)
            continue
        name, argument, i = _parse_start_tag(text, begin)
        stack.append(_OpenTag(name, argument, pos))
        out_marks.append(len(out))
    if stack:
        raise TelegramHTMLError(
            f'Can\'t find end tag corresponding to start tag "{stack[-1].name}"'
        )
    entities.sort(key=lambda e: (e["offset"], -e["length"]))
    return ParsedText("".join(out), entities)


def validate_telegram_html(text: str, *, strict: bool = True) -> str | None:
    """Return None if Telegram would accept ``text`` as HTML, else the Bot API error.

    The error is the full description, e.g.
    ``Bad Request: can't parse entities: Unsupported start tag "foo" at byte offset 0``.
    """
    try:
        parse_telegram_html(text, strict=strict)
    except TelegramHTMLError as exc:
        return exc.description
    return None
