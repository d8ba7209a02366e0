"""Keeps secrets out of logs: httpx logs request URLs, and Telegram's contain the bot token."""

from __future__ import annotations

import logging
from collections.abc import Iterable


class RedactSecrets(logging.Filter):
    def __init__(self, secrets: Iterable[str]) -> None:
        super().__init__()
        self._secrets = [s for s in secrets if s]

    def _clean(self, text: str) -> str:
        for secret in self._secrets:
            text = text.replace(secret, "[REDACTED]")
        return text

    def filter(self, record: logging.LogRecord) -> bool:
        if not self._secrets:
            return True
        message = record.getMessage()
        cleaned = self._clean(message)
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self._clean(record.exc_text)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        return True


def install(secrets: Iterable[str]) -> RedactSecrets:
    """Attach the filter to every handler of the root logger (filters on loggers do not see
    records propagated from child loggers such as httpx)."""
    redactor = RedactSecrets(secrets)
    root = logging.getLogger()
    if not root.handlers:
        logging.basicConfig(level=logging.INFO)
    for handler in root.handlers:
        handler.addFilter(redactor)
    return redactor
