"""Answers go out as ``message.reply_text`` would send them, without PTB parsing Telegram's
answer back into a Message (bot/telegram/send.py): the same request on the wire in every kind
of chat, the keyboard's JSON exactly PTB's, and in a private chat no Message built."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio
from telegram import Message, Update
from telegram.constants import ParseMode
from telegram.ext import Defaults, ExtBot

from bot.pipeline import Pipeline
from bot.telegram.keyboards import answer_keyboard, answer_rows
from bot.telegram.send import keyboard_json, markup, reply_html
from fakebotapi import FakeBotAPI
from rules.catalogue import load_catalogue

QUESTIONS = [
    "can I QLoRA 70B on a 4090?",
    "cuanto cuesta lora 70b en 2 h200 12h",
    "llama 3 on an h100",  # a family: one button per model
    "qlora 8b seq len 4096 batch 4 on a 4090, details",  # the chart button
    "prix du H100",
    "pay",
    "hello",
]


@pytest_asyncio.fixture
async def bot(api: FakeBotAPI) -> AsyncIterator[ExtBot[None]]:
    ext: ExtBot[None] = ExtBot(
        api.token, base_url=api.base_url, defaults=Defaults(parse_mode=ParseMode.HTML)
    )
    async with ext:
        yield ext


def _message(api: FakeBotAPI, bot: ExtBot[None], chat_id: int, chat_type: str) -> Message:
    update = Update.de_json(api.make_message_update(chat_id, "hi", chat_type=chat_type), bot)
    assert update is not None and update.message is not None
    return update.message


@pytest.mark.parametrize(("chat_id", "chat_type"), [(51, "private"), (-52, "group"),
                                                    (-1000053, "supergroup")])
async def test_the_request_is_the_one_reply_text_sends(
    api: FakeBotAPI, bot: ExtBot[None], chat_id: int, chat_type: str
) -> None:
    pipeline = Pipeline(load_catalogue())
    for question in QUESTIONS:
        reply = pipeline.ask(question)
        rows = answer_rows(reply, fresh=7)
        message = _message(api, bot, chat_id, chat_type)
        await reply_html(message, reply.text, rows)
        await message.reply_text(reply.text, reply_markup=answer_keyboard(reply, fresh=7))
    sent = api.calls_of("sendMessage")
    assert len(sent) == 2 * len(QUESTIONS)
    for ours, ptb in zip(sent[::2], sent[1::2], strict=True):
        assert ours == ptb
        assert ours["parse_mode"] == "HTML"  # from Defaults, as reply_text gets it
    # Groups quote the question (PTB's default), private chats do not.
    assert all(("reply_parameters" in s) == (chat_type != "private") for s in sent)


def test_the_keyboard_json_is_ptbs() -> None:
    pipeline = Pipeline(load_catalogue())
    seen = 0
    for question in QUESTIONS:
        rows = answer_rows(pipeline.ask(question), fresh=3)
        if rows:
            seen += 1
            assert keyboard_json(rows) == markup(rows).to_dict()
    assert seen >= 5


async def test_a_private_answer_builds_no_message(
    api: FakeBotAPI, bot: ExtBot[None], monkeypatch: pytest.MonkeyPatch
) -> None:
    message = _message(api, bot, 54, "private")

    def parsed(*args: Any, **kwargs: Any) -> Message:
        raise AssertionError("Telegram's answer was parsed into a Message")

    monkeypatch.setattr(Message, "de_json", parsed)
    await reply_html(message, "<b>70B</b> fits", (( ("Pay with crypto", "pay"),),))
    (sent,) = api.calls_of("sendMessage")
    assert sent["reply_markup"] == {"inline_keyboard": [[{"text": "Pay with crypto",
                                                          "callback_data": "pay"}]]}
