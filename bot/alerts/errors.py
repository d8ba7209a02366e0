"""What a send function raises; the Telegram adapter maps Telegram's errors onto these."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

# send(chat_id, html_text): returns once Telegram accepted the message, or raises below.
SendFunction = Callable[[int, str], Awaitable[None]]


class DeliveryError(Exception):
    """Base of the send function's errors."""


class RetryLater(DeliveryError):
    """429 Too Many Requests: nothing may be sent for ``seconds``."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"retry after {seconds} s")
        self.seconds = max(0.0, float(seconds))


class Blocked(DeliveryError):
    """403 (the user blocked the bot, or the bot left the chat) or the chat is gone."""


class Transient(DeliveryError):
    """A 5xx, a timeout or a network error: try again later (it may have arrived anyway)."""


class Rejected(DeliveryError):
    """Telegram refused this message for good (400): retrying would not help."""


class Unconfirmed(Transient):
    """The request reached Telegram but no answer came back (a read timeout): the message may
    have been delivered. Never sent again, so it cannot arrive twice (counted instead)."""
