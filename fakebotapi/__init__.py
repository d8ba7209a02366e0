"""In-repo fake Telegram Bot API server for end-to-end tests (no internet)."""

from .html_check import (
    ParsedText,
    TelegramHTMLError,
    parse_telegram_html,
    utf16_len,
    validate_telegram_html,
)
from .server import DEFAULT_TOKEN, BotAPIError, FakeBotAPI, SentMessage, UploadedFile

__all__ = [
    "DEFAULT_TOKEN",
    "BotAPIError",
    "FakeBotAPI",
    "ParsedText",
    "SentMessage",
    "TelegramHTMLError",
    "UploadedFile",
    "parse_telegram_html",
    "utf16_len",
    "validate_telegram_html",
]
