"""Talking to the bot through the fake Bot API: its settings, and one message with its reply."""

from __future__ import annotations

from typing import Any

from bot.settings import Settings
from fakebotapi import FakeBotAPI, SentMessage, validate_telegram_html


def make_settings(api: FakeBotAPI, **extra: Any) -> Settings:
    return Settings(
        _env_file=None,  # type: ignore[call-arg]
        telegram_bot_token=api.token,
        telegram_api_base_url=api.base_url,
        telegram_file_base_url=api.base_file_url,
        typing_delay_seconds=0,  # deterministic: the indicator is always sent first
        **extra,
    )


def assert_valid(message: SentMessage) -> None:
    assert message.parse_mode in (None, "HTML")
    assert validate_telegram_html(message.text) is None


async def reply_to(api: FakeBotAPI, chat_id: int, text: str, lang: str = "en") -> SentMessage:
    before = api.message_count(chat_id)
    api.push_message(chat_id, text, language_code=lang)
    sent = await api.wait_for_messages(before + 1, chat_id=chat_id, timeout=10)
    assert_valid(sent[-1])
    return sent[-1]
