"""The real PTB application polling the in-repo fake Bot API on 127.0.0.1."""

from __future__ import annotations

import asyncio
import logging
import socket

import pytest
from telegram.error import Forbidden, TimedOut

from bot.pipeline import Pipeline
from bot.telegram.runner import Services, build_application
from fakebotapi import FakeBotAPI
from rules.catalogue import load_catalogue
from tests.support.bot_running import running
from tests.support.telegram import assert_valid, make_settings, reply_to

WEBHOOK_SECRET = "s3cret-webhook-token"


@pytest.mark.parametrize(
    ("lang", "question", "expected"),
    [
        ("en", "can I QLoRA 70B on a 4090?", ["No", "35 GB", "24 GB", "A100 80GB"]),
        ("es", "¿Se puede hacer fine-tuning de Llama 70B en una RTX 4090?",
         ["35\u00a0GB", "24\u00a0GB"]),
        ("fr", "Peut-on fine-tuner Llama 70B sur une RTX 4090 ?", ["35\u202fGo", "24\u202fGo"]),
        ("es", "¿Cuánto cuesta un LoRA de 70B en dos H200 durante 12 horas?", ["73,68", "US$"]),
        ("fr", "Peut-on payer les GPU en crypto ?", ["BTC", "XMR", "USDC"]),
    ],
)
async def test_user_message_gets_the_right_answer(api, app, lang, question, expected):
    message = await reply_to(api, 1000, question, lang)
    for fragment in expected:
        assert fragment in message.text, message.text
    assert message.parse_mode == "HTML"
    assert any(c[0] == "sendChatAction" for c in api.calls)


async def test_replies_go_as_json_bodies_with_their_keyboard(api, app):
    message = await reply_to(api, 1003, "can I QLoRA 70B on a 4090?")
    assert message.reply_markup is not None  # nested objects survive the JSON body
    assert api.content_types[("sendMessage", "application/json")] == 1
    assert not [k for k in api.content_types if k[0] == "sendMessage" and "json" not in k[1]]


async def test_language_of_the_question_wins_over_telegram_language(api, app):
    message = await reply_to(api, 1001, "¿Cuánta VRAM necesito para LoRA de 70B?", lang="en")
    assert "168\u00a0GB" in message.text
    assert "un modelo de 70B" in message.text  # Spanish, although Telegram says English


async def test_start_with_deep_link_payload(api, app):
    message = await reply_to(api, 1002, "/start qlora-70b-4090")
    assert "35 GB" in message.text


async def test_start_greets_with_example_buttons_and_a_button_press_answers(api, app):
    greeting = await reply_to(api, 1003, "/start", lang="fr")
    assert greeting.inline_markup is not None
    buttons = [b for row in greeting.inline_markup["inline_keyboard"] for b in row]
    assert len(buttons) >= 3
    before = api.message_count(1003)
    api.push_callback_query(1003, greeting.message_id, buttons[0]["callback_data"],
                            language_code="fr")
    sent = await api.wait_for_messages(before + 1, chat_id=1003, timeout=10)
    await api.wait_for(lambda: len(api.callback_answers) >= 1, timeout=5)
    assert_valid(sent[-1])
    assert "Go" in sent[-1].text  # answered in French


async def test_answer_buttons_fit_in_64_bytes_and_each_is_answered_once(api, app):
    answer = await reply_to(api, 1004, "QLoRA 70B on an L40S")
    assert answer.inline_markup is not None
    datas = [b["callback_data"] for row in answer.inline_markup["inline_keyboard"] for b in row]
    assert datas and all(len(d.encode()) <= 64 for d in datas)
    for i, data in enumerate(datas):
        before = api.message_count(1004)
        api.push_callback_query(1004, answer.message_id, data)
        await api.wait_for_messages(before + 1, chat_id=1004, timeout=10)
        await api.wait_for(lambda i=i: len(api.callback_answers) >= i + 1, timeout=5)
    assert len(api.callback_answers) == len(datas)


async def test_inline_mode_offers_the_answer(api, app):
    api.push_inline_query(2000, "qlora 70b 4090")
    await api.wait_for(lambda: len(api.inline_answers) == 1, timeout=10)
    results = api.inline_answers[0]["results"]
    assert 1 <= len(results) <= 50
    content = results[0]["input_message_content"]
    assert "35 GB" in content["message_text"]


async def test_command_menus_are_set_per_language(api, app):
    await api.wait_for(lambda: len(api.commands_by_language) >= 3, timeout=5)
    menus = api.commands_by_language
    assert set(menus) >= {"", "es", "fr"} or set(menus) >= {None, "es", "fr"}
    spanish = next(v for k, v in menus.items() if k == "es")
    assert {c["command"] for c in spanish} >= {"start", "help", "prices", "language"}


async def test_language_choice_is_remembered(api, app):
    await reply_to(api, 1005, "/language fr")
    message = await reply_to(api, 1005, "prices")
    assert "$US" in message.text


async def test_429_is_retried_after_the_delay(api, app):
    api.fail_next("sendMessage", status=429, retry_after=1)
    message = await reply_to(api, 1006, "prices")
    assert "H100" in message.text


async def test_5xx_and_timeouts_do_not_kill_the_bot(api, app):
    api.fail_next("sendMessage", status=502, times=2)
    api.push_message(1007, "prices")
    await asyncio.sleep(0.5)
    message = await reply_to(api, 1007, "pay with crypto")
    assert "BTC" in message.text


async def test_a_telegram_timeout_is_logged_and_the_bot_goes_on(api, caplog):
    caplog.set_level(logging.ERROR)
    settings = make_settings(api, telegram_timeout_seconds=0.5)
    application = build_application(settings, Services(Pipeline(load_catalogue())))
    async with application:
        await application.start()
        assert application.updater is not None
        await application.updater.start_polling(poll_interval=0.0, timeout=1)
        try:
            api.delay_next("sendMessage", 2)
            api.push_message(1012, "prices")
            await api.wait_for(
                lambda: any(r.exc_info and isinstance(r.exc_info[1], TimedOut)
                            for r in caplog.records), timeout=10)
            message = await reply_to(api, 1013, "pay with crypto")
            assert "BTC" in message.text
        finally:
            await application.updater.stop()
            await application.stop()


async def test_403_is_logged_not_raised(api, app, caplog):
    caplog.set_level(logging.WARNING)
    api.block_chat(1008)
    api.push_message(1008, "prices")
    await asyncio.sleep(1.0)
    assert any(r.exc_info and isinstance(r.exc_info[1], Forbidden) for r in caplog.records)
    api.unblock_chat(1008)
    message = await reply_to(api, 1008, "prices")
    assert "H100" in message.text


async def test_flood_gets_one_slow_down_and_no_reply_storm(api, app):
    for i in range(30):
        api.push_message(1009, f"{i} prices")
    await asyncio.sleep(3)
    texts = [m.text for m in api.sent_messages(1009)]
    assert len(texts) <= 21
    assert sum("fast" in t for t in texts) == 1


async def test_hostile_input_gets_a_clean_reply(api, app):
    for text in ["<b>unclosed & <script>", "🙂" * 2000, "x" * 4000, "-7B on 16x H100"]:
        message = await reply_to(api, 1010, text)
        assert "<script>" not in message.text


async def test_bot_token_never_appears_in_logs(api, app, caplog):
    caplog.set_level(logging.DEBUG)
    await reply_to(api, 1011, "prices")
    assert all(api.token not in r.getMessage() for r in caplog.records)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def test_webhook_refuses_a_request_without_the_secret(api):
    port = free_port()
    settings = make_settings(api, webhook_secret=WEBHOOK_SECRET, webhook_url="https://bot.example")
    application = build_application(settings, Services(Pipeline(load_catalogue())))
    async with application:
        await application.start()
        assert application.updater is not None
        await application.updater.start_webhook(
            listen="127.0.0.1", port=port, url_path="telegram", secret_token=WEBHOOK_SECRET,
            webhook_url="https://bot.example/telegram",  # only recorded by the fake
        )
        try:
            url = f"http://127.0.0.1:{port}/telegram"
            update = api.make_message_update(3000, "prices")
            assert await api.post_update_to_webhook(url, update) == 403
            assert await api.post_update_to_webhook(url, update, secret_token="wrong") == 403
            assert api.message_count(3000) == 0
            assert await api.post_update_to_webhook(url, update, secret_token=WEBHOOK_SECRET) == 200
            sent = await api.wait_for_messages(1, chat_id=3000, timeout=10)
            assert "H100" in sent[0].text
        finally:
            await application.updater.stop()
            await application.stop()


@pytest.mark.parametrize(
    ("typing_delay", "send_delay", "indicated"), [(0.1, 0.6, True), (0.5, 0.0, False)]
)
async def test_typing_shows_only_when_an_answer_takes_longer_than_the_delay(
    typing_delay: float, send_delay: float, indicated: bool
) -> None:
    async with FakeBotAPI() as api:
        settings = make_settings(api).model_copy(update={"typing_delay_seconds": typing_delay})
        # Warmed up first (the bot does it after its first poll): no template compiling
        # inside the timing.
        pipeline = Pipeline(load_catalogue())
        pipeline.warm_up()
        async with running(settings, Services(pipeline)):
            if send_delay:
                api.delay_next("sendMessage", send_delay)
            await reply_to(api, 1100, "can I QLoRA 70B on a 4090?")
            await asyncio.sleep(typing_delay + 0.2)  # a timer left running would fire by now
        assert (api.chat_actions == [(1100, "typing")]) is indicated
        assert len(api.chat_actions) == int(indicated)


async def test_a_follow_up_continues_the_previous_question_in_the_same_chat_only(api, app):
    await reply_to(api, 1200, "can I QLoRA 70B on a 4090?")
    follow = await reply_to(api, 1200, "and on an H100?")
    assert "QLoRA of a 70B model, from your last question." in follow.text
    assert "70B" in follow.text and "H100" in follow.text
    # Another chat never saw the first question: a GPU alone is the price list there.
    elsewhere = await reply_to(api, 1201, "and on an H100?")
    assert "from your last question" not in elsewhere.text and "70B" not in elsewhere.text
    # A command stands alone, even in the same chat.
    command = await reply_to(api, 1200, "/fit on an A100")
    assert "from your last question" not in command.text


async def test_a_family_on_a_card_gets_a_button_for_each_other_member(api, app):
    asked = await reply_to(api, 1301, "llama 3 on an H100?")
    assert "this answer is for the largest that fits here, Llama 3 70B" in asked.text
    assert asked.inline_markup is not None
    buttons = [b for row in asked.inline_markup["inline_keyboard"] for b in row]
    assert buttons[0]["text"] == "Llama 3 8B"
    before = api.message_count(1301)
    api.push_callback_query(1301, asked.message_id, buttons[0]["callback_data"])
    (picked,) = (await api.wait_for_messages(before + 1, chat_id=1301, timeout=10))[before:]
    assert_valid(picked)
    assert "Llama 3 8B" in picked.text and "H100" in picked.text  # the question, answered


async def test_a_family_without_a_size_gets_one_button_per_model(api, app):
    asked = await reply_to(api, 1300, "how long to qlora llama 3 on 50M tokens on an H100?")
    assert "Llama 3 8B or Llama 3 70B" in asked.text
    assert asked.inline_markup is not None
    buttons = [b for row in asked.inline_markup["inline_keyboard"] for b in row]
    assert [b["text"] for b in buttons] == ["Llama 3 8B", "Llama 3 70B"]
    before = api.message_count(1300)
    api.push_callback_query(1300, asked.message_id, buttons[1]["callback_data"])
    (picked,) = (await api.wait_for_messages(before + 1, chat_id=1300, timeout=10))[before:]
    assert_valid(picked)
    assert "Llama 3 70B" in picked.text and "H100" in picked.text  # the question, answered
