"""Callback data: short, versionless strings within Telegram's 64-byte limit."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

MAX_CALLBACK_BYTES = 64


@dataclass(frozen=True)
class Callback:
    action: str  # ex, more, quote, pay, follow, lang, chart, fresh
    args: tuple[str, ...] = ()

    def encode(self) -> str:
        data = ":".join((self.action, *self.args))
        if len(data.encode()) > MAX_CALLBACK_BYTES:
            raise ValueError(f"callback data over {MAX_CALLBACK_BYTES} bytes: {data!r}")
        return data


def decode(data: str | None) -> Callback | None:
    if not data or len(data.encode()) > MAX_CALLBACK_BYTES:
        return None
    action, *args = data.split(":")
    return Callback(action, tuple(args))


def size_arg(params_b: Decimal) -> str:
    return format(params_b.normalize(), "f")


def parse_size(text: str) -> Decimal | None:
    try:
        value = Decimal(text)
    except InvalidOperation:
        return None
    return value if value.is_finite() else None
