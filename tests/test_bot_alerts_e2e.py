"""The composed bot with alerts on SQLite: a user subscribes in free text, an admin changes a
price, the user is alerted in their language, and answers quote the new price."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio
from telegram.ext import Application

from bot.composition import telegram_services
from bot.pipeline import Pipeline
from bot.prefs import PreferenceMirror
from bot.settings import Settings
from bot.telegram.runner import build_application
from fakebotapi import FakeBotAPI, validate_telegram_html
from rules.catalogue import load_catalogue
from tests.support.bot_running import running

ADMIN, USER = 9001, 1234


@pytest_asyncio.fixture
async def app(api, tmp_path) -> AsyncIterator[Application]:  # type: ignore[type-arg]
    settings = Settings(
        _env_file=None,  # type: ignore[call-arg]
        telegram_bot_token=api.token,
        telegram_api_base_url=api.base_url,
        telegram_file_base_url=api.base_file_url,
        database_url=f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}",
        admin_ids=frozenset({ADMIN}),
        typing_delay_seconds=0,
    )
    async with running(settings, telegram_services(settings, Pipeline(load_catalogue()))) as application:
        yield application


async def say(api: FakeBotAPI, chat: int, text: str, lang: str = "en") -> str:
    before = api.message_count(chat)
    api.push_message(chat, text, language_code=lang)
    sent = await api.wait_for_messages(before + 1, chat_id=chat, timeout=15)
    assert validate_telegram_html(sent[-1].text) is None
    return sent[-1].text


async def test_free_text_alert_then_price_change_reaches_the_user(api, app):
    confirm = await say(api, USER, "préviens-moi quand le prix du H100 baisse sous 2 $", "fr")
    assert "H100" in confirm and "2\u00a0$US" in confirm
    listing = await say(api, USER, "/alerts", "fr")
    assert "H100" in listing

    done = await say(api, ADMIN, "/setprice h100 1.90")
    assert "1.90" in done
    alerts = await api.wait_for_messages(3, chat_id=USER, timeout=15)
    assert "1,90" in alerts[-1].text  # in French, like the subscriber

    prices = await say(api, USER + 1, "prices")
    assert "$1.90/hour" in prices and "$2.32/hour" not in prices


async def test_language_choices_are_loaded_at_start_and_kept_across_restarts(api, app, tmp_path):
    await say(api, USER, "/language es")
    before = await say(api, USER, "prices")
    assert "US$" in before
    # A new process over the same database: post_init loads the choices into memory.
    settings = Settings(
        _env_file=None,  # type: ignore[call-arg]
        telegram_bot_token=api.token, telegram_api_base_url=api.base_url,
        database_url=f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}",
    )
    services = telegram_services(settings, Pipeline(load_catalogue()))
    restarted = build_application(settings, services)  # not polling: the fixture's bot does
    async with restarted:
        assert restarted.post_init is not None and restarted.post_shutdown is not None
        await restarted.post_init(restarted)
        prefs = services.prefs
        assert isinstance(prefs, PreferenceMirror)
        assert prefs.loaded and await prefs.get_locale(USER) == "es"
        await restarted.post_shutdown(restarted)


async def test_non_admin_cannot_set_prices(api, app):
    reply = await say(api, USER, "/setprice h100 0.10")
    assert "administrators" in reply
    prices = await say(api, USER, "prices")
    assert "$2.32/hour" in prices


async def test_follow_button_subscribes(api, app):
    await say(api, USER, "QLoRA 70B on an H100")
    message = api.last_message(USER)
    assert message is not None and message.inline_markup is not None
    buttons = [b for row in message.inline_markup["inline_keyboard"] for b in row]
    follow = next(b for b in buttons if b["callback_data"].startswith("follow:"))
    before = api.message_count(USER)
    api.push_callback_query(USER, message.message_id, follow["callback_data"])
    sent = await api.wait_for_messages(before + 1, chat_id=USER, timeout=15)
    assert "H100" in sent[-1].text
    listing = await say(api, USER, "/alerts")
    assert "H100" in listing
