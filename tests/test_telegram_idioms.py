"""PTB idioms at the edge: HTML set once by Defaults, the languages read once per update, and one
CallbackQueryHandler per button action."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio
from telegram import Update
from telegram.ext import CallbackQueryHandler

from bot.pipeline import Pipeline
from bot.prefs import MemoryPreferences
from bot.telegram.callbacks import _ACTIONS, Callback
from bot.telegram.runner import Services
from fakebotapi import FakeBotAPI
from rules.catalogue import load_catalogue
from tests.support.bot_running import AnyApp, running
from tests.support.telegram import make_settings, reply_to


class CountingPreferences(MemoryPreferences):
    def __init__(self) -> None:
        super().__init__()
        self.reads = 0

    async def get_locale(self, user_id: int) -> str | None:
        self.reads += 1
        return await super().get_locale(user_id)


@pytest_asyncio.fixture
async def counted(api: FakeBotAPI) -> AsyncIterator[tuple[AnyApp, CountingPreferences]]:
    prefs = CountingPreferences()
    async with running(make_settings(api), Services(Pipeline(load_catalogue()), prefs=prefs)) as application:
        yield application, prefs


async def test_every_message_is_sent_as_html_menus_and_confirmations_included(api, app):
    assert app.bot.defaults.parse_mode == "HTML"
    for text in ("/start", "/language", "/language fr", "can I QLoRA 70B on a 4090?",
                 "/language auto", "/prices", "/frobnicate 70B", "h100 & a100 <b>?</b>"):
        await reply_to(api, 1700, text)
    sent = api.sent_messages(1700)
    assert len(sent) >= 8
    assert {m.parse_mode for m in sent} == {"HTML"}, [(m.text[:30], m.parse_mode) for m in sent]


async def _press(api: FakeBotAPI, chat: int, message_id: int, data: str) -> None:
    answered = len(api.callback_answers)
    api.push_callback_query(chat, message_id, data, check_button=False)
    await api.wait_for(lambda: len(api.callback_answers) > answered, timeout=10)


async def test_the_language_choice_is_read_once_per_update(api, counted):
    _, prefs = counted
    answer = await reply_to(api, 1701, "can I QLoRA 70B on a 4090?")
    for text in ("/start", "/language", "/language es", "/prices", "/frobnicate", "h100 vs h200"):
        before = prefs.reads
        await reply_to(api, 1701, text)
        assert prefs.reads == before + 1, text
    for data in ("lang:auto", "pay", "ex:0", "zzz:forged", "more:qlora:70"):
        before, sent = prefs.reads, api.message_count(1701)
        await _press(api, 1701, answer.message_id, data)
        if data not in ("zzz:forged",):
            await api.wait_for_messages(sent + 1, chat_id=1701, timeout=10)
        assert prefs.reads == before + 1, data


def _button_handlers(app: AnyApp) -> list[CallbackQueryHandler[Any, Any]]:
    return [h for h in app.handlers[0] if isinstance(h, CallbackQueryHandler)]


SAMPLES = {
    "ex": ("0",), "more": ("qlora", "70"), "quote": ("qlora", "70", "h100", "1"), "pay": (),
    "follow": ("h100",), "lang": ("fr",), "chart": ("qlora", "70", "h100", "1", "2048", "4", "1", "16"),
    "pick": ("llama-3.1-8b",), "fresh": ("12",),
}


def _press_update(app: AnyApp, data: str) -> Update:
    return Update.de_json({"update_id": 1, "callback_query": {
        "id": "1", "from": {"id": 5, "is_bot": False, "first_name": "A"},
        "chat_instance": "c", "data": data,
    }}, app.bot)


@pytest.mark.parametrize("action", sorted(SAMPLES))
async def test_each_button_action_has_its_own_handler(app, action: str):
    data = Callback(action, SAMPLES[action]).encode()
    handlers = _button_handlers(app)
    matching = [h for h in handlers if h.check_update(_press_update(app, data))]
    # Its own handler first; the catch-all (no pattern, last) would take it otherwise.
    assert matching[0].pattern is not None and matching[-1] is handlers[-1]
    assert len(matching) == 2


def test_every_action_but_the_alerts_own_is_registered_and_forged_data_reaches_the_catch_all(app):
    assert set(SAMPLES) == set(_ACTIONS) - {"unalert"}  # /alerts' buttons: alert_handlers
    handlers = _button_handlers(app)
    assert len(handlers) == len(SAMPLES) + 1 and handlers[-1].pattern is None
    # (Empty data matches every pattern in PTB; each handler re-parses and answers it as stale:
    # tests/test_hostile_telegram.py presses it.)
    for data in ("zzz", "chart:qlora:NaN:h100:1:2048:4:1:16", "lang:xx", ":", "unalert:1"):
        matching = [h for h in handlers if h.check_update(_press_update(app, data))]
        assert matching == [handlers[-1]], data
