"""The conversation through the real PTB application and the fake Bot API: /start as a new
thread, the "ask it as a new question" button, the automatic language choice, and free-text
alert list/remove answered by the alert services."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest_asyncio
from telegram.ext import Application

from bot import pipeline as pipeline_module
from bot.pipeline import Pipeline
from bot.settings import Settings
from bot.understand.query import Query
from fakebotapi import FakeBotAPI, SentMessage, validate_telegram_html
from rules.catalogue import load_catalogue
from tests.support.bot_running import running, running_on_sqlite


@pytest_asyncio.fixture
async def app(api: FakeBotAPI, tmp_path: Path) -> AsyncIterator[Application]:  # type: ignore[type-arg]
    async with running_on_sqlite(api, tmp_path) as application:
        yield application


async def reply_to(api: FakeBotAPI, chat_id: int, text: str, lang: str = "en") -> SentMessage:
    before = api.message_count(chat_id)
    api.push_message(chat_id, text, language_code=lang)
    sent = await api.wait_for_messages(before + 1, chat_id=chat_id, timeout=10)
    assert sent[-1].parse_mode in (None, "HTML")
    assert validate_telegram_html(sent[-1].text) is None
    return sent[-1]


async def press(
    api: FakeBotAPI, chat_id: int, message: SentMessage, data: str, lang: str = "en"
) -> SentMessage:
    before = api.message_count(chat_id)
    api.push_callback_query(chat_id, message.message_id, data, language_code=lang)
    sent = await api.wait_for_messages(before + 1, chat_id=chat_id, timeout=10)
    return sent[-1]


def buttons(message: SentMessage) -> dict[str, str]:
    markup: Any = message.inline_markup or {"inline_keyboard": []}
    return {b["text"]: b["callback_data"] for row in markup["inline_keyboard"] for b in row}


async def test_start_resets_the_thread(api, app):
    await reply_to(api, 500, "can I serve Llama 3.1 70B in 4-bit on an A100?")
    await reply_to(api, 500, "/start")
    asked = await reply_to(api, 500, "how much vram for llama 3")
    assert "Which one: Llama 3 8B or Llama 3 70B?" in asked.text


async def test_a_stand_alone_question_is_not_glued_to_the_last_one(api, app):
    await reply_to(api, 501, "LoRA 405B int8 inference on 8 H200")
    cost = await reply_to(api, 501, "how much for 2 H100 for a week?")
    assert "$779.52" in cost.text and "405B" not in cost.text


async def test_a_follow_up_has_a_button_to_ask_it_fresh(api, app):
    await reply_to(api, 502, "¿puedo hacer QLoRA de Llama 3.1 70B en una 4090?", lang="es")
    follow = await reply_to(api, 502, "¿y con LoRA en 2 H200?", lang="es")
    assert "QLoRA" not in follow.text.split("\n")[0]
    assert "Llama 3.1 70B, de tu pregunta anterior." in follow.text
    data = buttons(follow)["Preguntarlo como pregunta nueva"]
    assert len(data.encode()) <= 64
    fresh = await press(api, 502, follow, data, lang="es")
    assert validate_telegram_html(fresh.text) is None
    assert "de tu pregunta anterior" not in fresh.text and "Llama 3.1 70B" not in fresh.text
    # A button whose question is gone says so.
    await reply_to(api, 502, "prices")
    gone = await press(api, 502, follow, data, lang="es")
    assert "escríbela de nuevo" in gone.text


async def test_the_language_keyboard_has_automatic(api, app):
    await reply_to(api, 503, "/language es")
    # The lead is the detailed estimate at typical settings ("…necesita unos", "…it needs about").
    assert "necesita unos" in (await reply_to(api, 503, "can I QLoRA 70B on a 4090?")).text
    menu = await reply_to(api, 503, "/language")
    automatic = buttons(menu)["Automático"]
    # Confirmed in the language Telegram gives, the one used when a question's is unclear.
    confirmed = await press(api, 503, menu, automatic, lang="es")
    assert "idioma de cada pregunta" in confirmed.text
    assert "it needs about" in (await reply_to(api, 503, "can I QLoRA 70B on a 4090?")).text
    assert "il faut environ" in (await reply_to(api, 503, "QLoRA 70B sur une 4090 ?", lang="en")).text


async def test_language_auto_as_a_command(api, app):
    assert "français" in (await reply_to(api, 504, "/lang fr")).text  # /lang is an alias
    done = await reply_to(api, 504, "/language auto")
    assert "language of each question" in done.text
    assert "it needs about" in (await reply_to(api, 504, "can I QLoRA 70B on a 4090?")).text


async def test_free_text_alert_list_and_remove(api, app, monkeypatch):
    await reply_to(api, 505, "/alert h100 below 2")
    await reply_to(api, 505, "/alert h200 above 4")
    understood = {
        "what alerts do I have": Query(text="", lang="en", intent="alert_list"),
        "para la alerta de la H200": Query(text="", lang="es", intent="alert_remove",
                                           gpu="h200"),
        "stop all my alerts": Query(text="", lang="en", intent="alert_remove", alert_all=True),
    }
    real = pipeline_module.understand
    # The start-up warm-up may still be asking its own questions (a loaded machine): those
    # are read as ever.
    monkeypatch.setattr(
        "bot.pipeline.understand", lambda text, cat: understood[text].model_copy(
            update={"text": text}) if text in understood else real(text, cat)
    )
    listed = await reply_to(api, 505, "what alerts do I have")
    assert "1. H100 drops below $2" in listed.text
    assert len(buttons(listed)) == 2  # the remove buttons of /alerts
    removed = await reply_to(api, 505, "para la alerta de la H200", lang="es")
    assert "H200" in removed.text and "🔕" in removed.text
    assert "1 alert" in (await reply_to(api, 505, "stop all my alerts")).text
    monkeypatch.undo()
    assert "You have no price alerts." in (await reply_to(api, 505, "/alerts")).text


async def test_an_alert_removed_by_its_number_in_words(api, app):
    await reply_to(api, 507, "/alert h100 below 2")
    await reply_to(api, 507, "/alert h200 above 4")
    removed = await reply_to(api, 507, "delete alert 2")
    assert "🔕" in removed.text and "1 alert" in removed.text, removed.text
    listed = await reply_to(api, 507, "/alerts")
    assert "H100" in listed.text and "H200" not in listed.text, listed.text


async def test_a_long_message_is_answered_and_says_what_was_skipped(api, app):
    padding = "and also considering many other things about data and budgets " * 62
    text = f"I am planning a project, {padding}whether I can QLoRA 70B on an H200 for 20 hours"
    assert 3800 < len(text) <= 4096  # what Telegram lets through
    answer = await reply_to(api, 506, text)
    assert "$61.40" in answer.text
    assert "I read its last" in answer.text and "characters before them" in answer.text


async def test_a_command_without_its_handler_is_answered_not_ignored(api):
    """Without a database there are no alert handlers: /alert says why instead of silence,
    and an unknown command gets the usual "not understood" answer."""
    settings = Settings(
        _env_file=None,  # type: ignore[call-arg]
        telegram_bot_token=api.token, telegram_api_base_url=api.base_url,
        telegram_file_base_url=api.base_file_url, typing_delay_seconds=0,
    )
    from bot.telegram.runner import Services

    async with running(settings, Services(Pipeline(load_catalogue()))):
        off = await reply_to(api, 507, "/alert h100 below 2")
        assert "need the database" in off.text
        unknown = await reply_to(api, 507, "/frobnicate 70B")
        assert unknown.text
        assert "35 GB" in (await reply_to(api, 507, "can I QLoRA 70B on a 4090?")).text


async def test_a_short_message_of_no_clear_language_keeps_the_chats(api, app):
    # Telegram says English; the chat is in French: "en bitcoin ?" could be either's.
    assert "Prix de 1× H100" in (await reply_to(api, 507, "combien coûte une h100")).text
    assert "Payer en crypto" in (await reply_to(api, 507, "en bitcoin ?")).text
    assert "Paying in crypto" in (await reply_to(api, 508, "en bitcoin ?")).text  # a new chat
