"""Callback data: short, versionless strings within Telegram's 64-byte limit, and the one typed
parser every button press goes through.

Telegram hands back whatever a client sends as callback data, so a press may carry forged or
stale data: an id beyond int64, "NaN" as a model size, superscript digits, an action of an
older version. ``parse`` accepts only what ``encode`` can produce (ASCII digits, known
actions, bounded numbers); anything else is None, which the handlers answer with a short
"this button is out of date" and one INFO line, never the generic error path.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Final

from bot.i18n import AUTO, N_, SUPPORTED_LOCALES

MAX_CALLBACK_BYTES = 64
# Database ids are SQL BIGINTs: a larger number names no row and overflows the driver.
INT64_MAX: Final = 2**63 - 1
STALE: Final = N_("This button is out of date. Please ask again.")

_UINT = re.compile(r"[0-9]{1,19}")  # ASCII only: Python's \d and int() accept "١" and "²"
_SIZE = re.compile(r"[0-9]{1,6}(?:\.[0-9]{1,6})?")  # billions of parameters, GB
_SLUG = re.compile(r"[a-z0-9][a-z0-9._\-]{0,47}")  # GPU, model and method ids


@dataclass(frozen=True)
class Callback:
    action: str  # ex, more, quote, pay, follow, lang, chart, pick, fresh, unalert
    args: tuple[str, ...] = ()

    def encode(self) -> str:
        data = ":".join((self.action, *self.args))
        if len(data.encode()) > MAX_CALLBACK_BYTES:
            raise ValueError(f"callback data over {MAX_CALLBACK_BYTES} bytes: {data!r}")
        return data


def decode(data: str | None) -> Callback | None:
    """The raw split, unchecked; ``parse`` is what handlers use."""
    if not data or len(data.encode()) > MAX_CALLBACK_BYTES:
        return None
    action, *args = data.split(":")
    return Callback(action, tuple(args))


def size_arg(params_b: Decimal) -> str:
    return format(params_b.normalize(), "f")


def parse_size(text: str) -> Decimal | None:
    """A positive size as ``size_arg`` writes it ("70", "0.5"), else None (NaN, 1e999, -7)."""
    if not _SIZE.fullmatch(text):
        return None
    try:
        value = Decimal(text)
    except InvalidOperation:
        return None
    return value if value > 0 else None


def parse_id(text: str) -> int | None:
    """A database id (1 … 2^63 − 1) in ASCII digits, else None."""
    if not _UINT.fullmatch(text):
        return None
    value = int(text)
    return value if 1 <= value <= INT64_MAX else None


def _count(text: str, high: int) -> bool:
    return _UINT.fullmatch(text) is not None and int(text) <= high


def _slug(text: str) -> bool:
    return _SLUG.fullmatch(text) is not None


def _chart(args: tuple[str, ...]) -> bool:
    if len(args) != 8:
        return False
    method, who, where, count, seq, batch, ckpt, rank = args
    # "v48": a GPU given by its memory; "-": none; else a GPU id (as detail.chart_query reads).
    where_ok = parse_size(where[1:]) is not None if where.startswith("v") else (
        where == "-" or _slug(where)
    )
    return (
        _slug(method) and (_slug(who) or parse_size(who) is not None) and where_ok
        and _count(count, 64) and _count(seq, 10_000_000) and _count(batch, 1_000_000)
        and ckpt in ("0", "1") and _count(rank, 65_536)
    )


def _quote(args: tuple[str, ...]) -> bool:
    if len(args) not in (2, 4) or not _slug(args[0]) or parse_size(args[1]) is None:
        return False
    return len(args) == 2 or (_slug(args[2]) and _count(args[3], 64))


# Action → what its arguments must look like (exactly what the keyboards write).
_ACTIONS: Final[dict[str, Callable[[tuple[str, ...]], bool]]] = {
    "ex": lambda a: len(a) == 1 and _count(a[0], 99),
    "more": lambda a: len(a) == 2 and _slug(a[0]) and parse_size(a[1]) is not None,
    "quote": _quote,
    "pay": lambda a: a == (),
    "follow": lambda a: len(a) == 1 and _slug(a[0]),
    "lang": lambda a: len(a) == 1 and (a[0] in SUPPORTED_LOCALES or a[0] == AUTO),
    "chart": _chart,
    "pick": lambda a: len(a) == 1 and _slug(a[0]),
    "fresh": lambda a: len(a) == 1 and parse_id(a[0]) is not None,  # a message id
    "unalert": lambda a: len(a) == 1 and parse_id(a[0]) is not None,
}


def parse(data: str | None) -> Callback | None:
    """The press's action and arguments when they are well-formed, else None."""
    raw = decode(data)
    if raw is None:
        return None
    check = _ACTIONS.get(raw.action)
    return raw if check is not None and check(raw.args) else None


def describe(data: str | None) -> str:
    """For the log: the action and length only (the data is the client's to choose)."""
    if not data:
        return "empty"
    action = data.split(":", 1)[0][:12]
    return f"{action!r}, {len(data.encode())} bytes"


def pressed(action: str) -> Callable[[object], bool]:
    """The pattern of ``action``'s CallbackQueryHandler: well-formed data of that action (a
    forged or stale press matches none and reaches the catch-all, which says so)."""
    if action not in _ACTIONS:
        raise ValueError(f"unknown callback action {action!r}")

    def matches(data: object) -> bool:
        found = parse(data) if isinstance(data, str) else None
        return found is not None and found.action == action

    return matches
