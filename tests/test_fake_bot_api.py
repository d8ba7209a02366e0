"""Tests of the fake Bot API, driven through real python-telegram-bot objects."""

from __future__ import annotations

import asyncio
import datetime as dtm
import json
import struct
import time
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
import pytest_asyncio
from aiohttp import web
from telegram import (
    Bot,
    BotCommand,
    BotCommandScopeAllPrivateChats,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultArticle,
    InputTextMessageContent,
    Update,
)
from telegram.error import (
    BadRequest,
    Conflict,
    EndPointNotFound,
    Forbidden,
    InvalidToken,
    NetworkError,
    RetryAfter,
    TimedOut,
)
from telegram.ext import Application, ApplicationBuilder, ContextTypes, MessageHandler, filters
from telegram.request import HTTPXRequest

from fakebotapi import FakeBotAPI, parse_telegram_html, validate_telegram_html

CHAT = 4242


@pytest_asyncio.fixture
async def bot(api: FakeBotAPI) -> AsyncIterator[Bot]:
    async with Bot(api.token, base_url=api.base_url, base_file_url=api.base_file_url) as b:
        yield b


def keyboard(*data: str) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup([[InlineKeyboardButton(d or "x", callback_data=d)] for d in data])


def tiny_png(width: int = 3, height: int = 2) -> bytes:
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + ihdr + b"\0" * 4


# --------------------------------------------------------------------------- basics


@pytest.mark.asyncio
async def test_get_me(bot: Bot, api: FakeBotAPI) -> None:
    me = await bot.get_me()
    assert me.is_bot
    assert me.id == api.bot_id
    assert me.username == "fake_test_bot"


@pytest.mark.asyncio
async def test_send_message_round_trips(bot: Bot, api: FakeBotAPI) -> None:
    markup = keyboard("a", "b")
    first = await bot.send_message(CHAT, "<b>Hi</b> &lt;there&gt;", parse_mode="HTML")
    second = await bot.send_message(CHAT, "plain", reply_markup=markup)

    assert first.chat.id == CHAT
    assert first.from_user is not None
    assert first.from_user.id == api.bot_id
    # Telegram returns the parsed text plus entities, not the HTML.
    assert first.text == "Hi <there>"
    assert first.text_html == "<b>Hi</b> &lt;there&gt;"
    assert second.message_id == first.message_id + 1
    assert second.reply_markup == markup

    sent = api.sent_messages(CHAT)
    assert [m.text for m in sent] == ["<b>Hi</b> &lt;there&gt;", "plain"]
    assert sent[0].parse_mode == "HTML"
    assert sent[1].reply_markup == markup.to_dict()
    assert api.calls_of("sendMessage")[0]["chat_id"] == CHAT


@pytest.mark.asyncio
async def test_wrong_token_and_unknown_method(api: FakeBotAPI, bot: Bot) -> None:
    wrong = Bot("987654321:" + "B" * 35, base_url=api.base_url)
    with pytest.raises(InvalidToken, match=r"(?i)Unauthorized"):
        await wrong.get_me()
    with pytest.raises(EndPointNotFound):
        await bot.do_api_request("noSuchMethod")


@pytest.mark.asyncio
async def test_raw_http_json_get_and_case_insensitive_methods(api: FakeBotAPI) -> None:
    base = f"{api.base_url}{api.token}"
    async with aiohttp.ClientSession() as http:
        async with http.post(
            f"{base}/SENDMESSAGE", json={"chat_id": CHAT, "text": "json body"}
        ) as resp:
            body = await resp.json()
        assert body["ok"] is True
        assert body["result"]["text"] == "json body"
        async with http.get(f"{base}/getme") as resp:
            assert (await resp.json())["result"]["id"] == api.bot_id
        async with http.get(f"{base}/nope") as resp:
            assert resp.status == 404
            assert await resp.json() == {"ok": False, "error_code": 404, "description": "Not Found"}
    assert [name for name, _ in api.calls] == ["sendMessage", "getMe"]


# --------------------------------------------------------------------------- strictness


@pytest.mark.asyncio
async def test_text_length_limit_counts_utf16_after_parsing(bot: Bot) -> None:
    await bot.send_message(CHAT, "a" * 4096)
    # Tags don't count; the text after entity parsing does.
    await bot.send_message(CHAT, "<b>" + "a" * 4095 + "</b>&amp;", parse_mode="HTML")
    with pytest.raises(BadRequest, match=r"(?i)message is too long"):
        await bot.send_message(CHAT, "a" * 4097)
    # An emoji outside the BMP is two UTF-16 code units.
    with pytest.raises(BadRequest, match=r"(?i)message is too long"):
        await bot.send_message(CHAT, "\U0001f600" * 2049)
    with pytest.raises(BadRequest, match=r"(?i)message text is empty"):
        await bot.send_message(CHAT, "<b> </b>", parse_mode="HTML")


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("<b>unclosed", 'Can\'t find end tag corresponding to start tag "b"'),
        ("<foo>x</foo>", 'Unsupported start tag "foo"'),
        ("1 < 2", 'Unsupported start tag ""'),
        ("<b><i>x</b></i>", "Unmatched end tag"),
    ],
)
async def test_bad_html_rejected(bot: Bot, api: FakeBotAPI, text: str, needle: str) -> None:
    with pytest.raises(BadRequest, match=r"(?i)can't parse entities") as info:
        await bot.send_message(CHAT, text, parse_mode="HTML")
    # PTB strips "Bad Request: " and re-capitalises the rest.
    assert needle.lower() in info.value.message.lower()
    assert api.message_count() == 0


@pytest.mark.asyncio
async def test_callback_data_limit_is_64_utf8_bytes(bot: Bot) -> None:
    await bot.send_message(CHAT, "ok", reply_markup=keyboard("x" * 64))
    await bot.send_message(CHAT, "ok", reply_markup=keyboard("é" * 32))  # 64 bytes
    for data in ("x" * 65, "é" * 33):
        with pytest.raises(BadRequest, match=r"(?i)BUTTON_DATA_INVALID"):
            await bot.send_message(CHAT, "bad", reply_markup=keyboard(data))


async def raw_call(api: FakeBotAPI, method: str, **params: Any) -> tuple[int, dict[str, Any]]:
    """Call the fake with a JSON body, bypassing PTB's client-side checks."""
    async with (
        aiohttp.ClientSession() as http,
        http.post(f"{api.base_url}{api.token}/{method}", json=params) as resp,
    ):
        return resp.status, await resp.json()


@pytest.mark.asyncio
async def test_inline_buttons_need_exactly_one_valid_action(api: FakeBotAPI) -> None:
    no_action = {"inline_keyboard": [[{"text": "t"}]]}
    two_actions = {"inline_keyboard": [[{"text": "t", "callback_data": "a", "url": "https://x.y"}]]}
    bad_url = {"inline_keyboard": [[{"text": "t", "url": "not a url"}]]}
    for markup, needle in [
        (no_action, "Text buttons are unallowed"),
        (two_actions, "exactly one"),
        (bad_url, "Wrong HTTP URL"),
    ]:
        status, body = await raw_call(
            api, "sendMessage", chat_id=CHAT, text="t", reply_markup=markup
        )
        assert status == 400
        assert body["ok"] is False
        assert body["error_code"] == 400
        assert body["description"].startswith("Bad Request: ")
        assert needle in body["description"]


@pytest.mark.asyncio
async def test_inline_query_results_limits(bot: Bot, api: FakeBotAPI) -> None:
    def articles(n: int, dup: bool = False) -> list[InlineQueryResultArticle]:
        return [
            InlineQueryResultArticle(
                "same" if dup else str(i), f"t{i}", InputTextMessageContent(f"m{i}")
            )
            for i in range(n)
        ]

    ok_query = api.push_inline_query(7, "q")["inline_query"]["id"]
    await bot.answer_inline_query(ok_query, articles(50))
    assert len(api.inline_answers[0]["results"]) == 50

    too_many = api.push_inline_query(7, "q")["inline_query"]["id"]
    with pytest.raises(BadRequest, match=r"(?i)too many inline query results"):
        await bot.answer_inline_query(too_many, articles(51))
    with pytest.raises(BadRequest, match=r"(?i)RESULT_ID_DUPLICATE"):
        await bot.answer_inline_query(too_many, articles(2, dup=True))
    with pytest.raises(BadRequest, match=r"(?i)query ID is invalid"):
        await bot.answer_inline_query(ok_query, articles(1))  # already answered


@pytest.mark.asyncio
async def test_callback_query_answered_once(bot: Bot, api: FakeBotAPI) -> None:
    msg = await bot.send_message(CHAT, "pick", reply_markup=keyboard("yes"))
    update = api.push_callback_query(CHAT, msg.message_id, "yes", language_code="es")
    query_id = update["callback_query"]["id"]
    assert await bot.answer_callback_query(query_id, text="done")
    with pytest.raises(BadRequest, match=r"(?i)query is too old"):
        await bot.answer_callback_query(query_id)
    with pytest.raises(BadRequest, match=r"(?i)query ID is invalid"):
        await bot.answer_callback_query("123")
    assert api.callback_answers == [
        {
            "callback_query_id": query_id,
            "text": "done",
            "show_alert": False,
            "url": None,
            "cache_time": None,
        }
    ]
    # A user can only press buttons the message actually shows.
    with pytest.raises(ValueError, match=r"(?i)no button"):
        api.push_callback_query(CHAT, msg.message_id, "no")


@pytest.mark.asyncio
async def test_edit_message_text(bot: Bot, api: FakeBotAPI) -> None:
    msg = await bot.send_message(CHAT, "v1", reply_markup=keyboard("a"))
    edited = await bot.edit_message_text("v2", CHAT, msg.message_id, reply_markup=keyboard("a"))
    assert not isinstance(edited, bool)
    assert edited.text == "v2"
    assert edited.edit_date is not None
    with pytest.raises(BadRequest, match=r"(?i)message is not modified"):
        await bot.edit_message_text("v2", CHAT, msg.message_id, reply_markup=keyboard("a"))
    # Omitting reply_markup drops the keyboard, which counts as a modification.
    await bot.edit_message_text("v2", CHAT, msg.message_id)
    stored = api.get_message(CHAT, msg.message_id)
    assert stored.text == "v2"
    assert stored.inline_markup is None
    assert stored.history == ["v1", "v2"]
    with pytest.raises(BadRequest, match=r"(?i)message to edit not found"):
        await bot.edit_message_text("x", CHAT, 999)
    await bot.edit_message_reply_markup(CHAT, msg.message_id, reply_markup=keyboard("b"))
    with pytest.raises(BadRequest, match=r"(?i)message is not modified"):
        await bot.edit_message_reply_markup(CHAT, msg.message_id, reply_markup=keyboard("b"))


# --------------------------------------------------------------------------- faults


@pytest.mark.asyncio
async def test_429_raises_retry_after(
    bot: Bot, api: FakeBotAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PTB_TIMEDELTA", "true")  # avoid PTB's int deprecation path
    api.fail_next("sendMessage", status=429, retry_after=7, times=2)
    for _ in range(2):
        with pytest.raises(RetryAfter) as info:
            await bot.send_message(CHAT, "hi")
        assert info.value.retry_after == dtm.timedelta(seconds=7)
    await bot.send_message(CHAT, "hi")
    assert api.message_count(CHAT) == 1  # rate-limited sends are not delivered
    assert api.call_counts["sendMessage"] == 3


@pytest.mark.asyncio
async def test_blocked_chat_raises_forbidden(bot: Bot, api: FakeBotAPI) -> None:
    api.block_chat(CHAT)
    with pytest.raises(Forbidden, match=r"(?i)bot was blocked by the user"):
        await bot.send_message(CHAT, "hi")
    api.unblock_chat(CHAT)
    await bot.send_message(CHAT, "hi")


@pytest.mark.asyncio
async def test_502_raises_network_error(bot: Bot, api: FakeBotAPI) -> None:
    api.fail_next("sendmessage", status=502)
    with pytest.raises(NetworkError, match=r"(?i)Bad Gateway") as info:
        await bot.send_message(CHAT, "hi")
    assert not isinstance(info.value, BadRequest)
    api.fail_next("*", status=500)
    with pytest.raises(NetworkError, match=r"(?i)Internal Server Error"):
        await bot.get_me()


@pytest.mark.asyncio
async def test_delay_injection_times_out(api: FakeBotAPI) -> None:
    request = HTTPXRequest(read_timeout=0.1)
    async with Bot(api.token, base_url=api.base_url, request=request) as slow_bot:
        api.delay_next("sendMessage", 0.4)
        with pytest.raises(TimedOut):
            await slow_bot.send_message(CHAT, "late")
    # Like Telegram, the request is still processed after the client gave up.
    await api.wait_for_messages(1, chat_id=CHAT, timeout=3)


# --------------------------------------------------------------------------- updates


@pytest.mark.asyncio
async def test_get_updates_long_polls_and_honours_offset(bot: Bot, api: FakeBotAPI) -> None:
    started = time.monotonic()
    assert await bot.get_updates(timeout=0) == ()
    assert time.monotonic() - started < 0.5

    async def push_later() -> None:
        await asyncio.sleep(0.2)
        api.push_message(CHAT, "/start ref", language_code="es")

    pusher = asyncio.create_task(push_later())
    updates = await bot.get_updates(timeout=5)
    await pusher
    assert len(updates) == 1
    message = updates[0].message
    assert message is not None
    assert message.text == "/start ref"
    assert message.from_user is not None
    assert message.from_user.language_code == "es"
    assert message.chat.type == "private"
    assert message.entities[0].type == "bot_command"
    assert message.entities[0].length == len("/start")

    # Not confirmed yet: delivered again; offset confirms and drops it.
    api.push_message(CHAT, "second")
    again = await bot.get_updates(timeout=0, limit=1)
    assert [u.update_id for u in again] == [updates[0].update_id]
    rest = await bot.get_updates(offset=updates[0].update_id + 1, timeout=0)
    assert [u.message.text for u in rest if u.message] == ["second"]
    assert await bot.get_updates(offset=rest[-1].update_id + 1, timeout=0) == ()


@pytest.mark.asyncio
async def test_get_updates_allowed_updates_and_conflict(bot: Bot, api: FakeBotAPI) -> None:
    assert await bot.get_updates(timeout=0, allowed_updates=["callback_query"]) == ()
    api.push_message(CHAT, "filtered out")
    assert api.pending_updates == []
    await bot.get_updates(timeout=0, allowed_updates=[])  # back to the default set
    api.push_message(CHAT, "kept")
    assert len(api.pending_updates) == 1

    await bot.get_updates(offset=-1, timeout=0)
    assert await bot.get_updates(offset=api.pending_updates[-1]["update_id"] + 1) == ()
    # A second bot instance polling terminates the first one's pending long poll.
    first = asyncio.create_task(bot.get_updates(timeout=5))
    await api.wait_for_calls("getUpdates", n=api.call_counts["getUpdates"] + 1)
    async with Bot(api.token, base_url=api.base_url) as other:
        await other.get_updates(timeout=0)
    with pytest.raises(Conflict, match=r"(?i)terminated by other getUpdates"):
        await first


@pytest.mark.asyncio
async def test_application_polling_echo(api: FakeBotAPI) -> None:
    async def echo(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.effective_message is not None
        assert update.effective_user is not None
        await update.effective_message.reply_text(
            f"echo[{update.effective_user.language_code}]: {update.effective_message.text}"
        )

    app: Application[Any, Any, Any, Any, Any, Any] = (
        ApplicationBuilder()
        .token(api.token)
        .base_url(api.base_url)
        .base_file_url(api.base_file_url)
        .build()
    )
    app.add_handler(MessageHandler(filters.TEXT, echo))
    async with app:
        await app.start()
        assert app.updater is not None
        await app.updater.start_polling(timeout=2, poll_interval=0)
        api.push_message(CHAT, "hola", language_code="es")
        (reply,) = await api.wait_for_messages(1, chat_id=CHAT, timeout=10)
        await app.updater.stop()
        await app.stop()
    assert reply.text == "echo[es]: hola"
    assert api.call_counts["deleteWebhook"] == 1


@pytest.mark.asyncio
async def test_webhook_management_and_post_helper(bot: Bot, api: FakeBotAPI) -> None:
    with pytest.raises(BadRequest, match=r"(?i)HTTPS URL must be provided"):
        await bot.set_webhook("http://example.com/hook")
    assert await bot.set_webhook("https://example.com/hook", secret_token="s3cret")
    assert (await bot.get_webhook_info()).url == "https://example.com/hook"
    with pytest.raises(Conflict, match=r"(?i)webhook is active"):
        await bot.get_updates()
    assert await bot.delete_webhook()
    assert (await bot.get_webhook_info()).url == ""

    received: list[dict[str, Any]] = []

    async def hook(request: web.Request) -> web.Response:
        if request.headers.get("X-Telegram-Bot-Api-Secret-Token") != "s3cret":
            return web.Response(status=403)
        received.append(await request.json())
        return web.Response()

    app = web.Application()
    app.router.add_post("/hook", hook)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    try:
        update = api.make_message_update(CHAT, "/help")
        url = f"http://127.0.0.1:{port}/hook"
        assert await api.post_update_to_webhook(url, update) == 403
        assert await api.post_update_to_webhook(url, update, "s3cret") == 200
    finally:
        await runner.cleanup()
    assert received == [update]
    with pytest.raises(ValueError, match=r"(?i)non-loopback"):
        await api.post_update_to_webhook("https://example.com/hook", update)


# --------------------------------------------------------------------------- misc methods


@pytest.mark.asyncio
async def test_set_my_commands_per_language(bot: Bot, api: FakeBotAPI) -> None:
    await bot.set_my_commands([BotCommand("start", "Start")])
    await bot.set_my_commands([BotCommand("start", "Empezar")], language_code="es")
    await bot.set_my_commands(
        [BotCommand("help", "Hilfe")],
        scope=BotCommandScopeAllPrivateChats(),
        language_code="de",
    )
    assert api.commands_by_language == {
        "": [{"command": "start", "description": "Start"}],
        "es": [{"command": "start", "description": "Empezar"}],
    }
    assert api.commands_by_scope[("all_private_chats", "de")][0]["command"] == "help"
    es = await bot.get_my_commands(language_code="es")
    assert [c.description for c in es] == ["Empezar"]
    assert await bot.get_my_commands(language_code="fr") == ()
    with pytest.raises(BadRequest, match=r"(?i)BOT_COMMAND_INVALID"):
        await bot.set_my_commands([BotCommand("Bad-Command", "x")])
    await bot.delete_my_commands(language_code="es")
    assert "es" not in api.commands_by_language


@pytest.mark.asyncio
async def test_photo_upload_chat_action_and_get_chat(bot: Bot, api: FakeBotAPI) -> None:
    png = tiny_png()
    msg = await bot.send_photo(CHAT, png, caption="<i>chart</i>", parse_mode="HTML")
    assert msg.photo[-1].width == 3
    assert msg.caption == "chart"
    assert api.photos[0].data == png
    assert api.photos[0].caption == "<i>chart</i>"
    downloaded = await (await bot.get_file(msg.photo[-1].file_id)).download_as_bytearray()
    assert bytes(downloaded) == png
    # Re-sending by file_id works; garbage bytes are not an image.
    await bot.send_photo(CHAT, msg.photo[-1].file_id)
    with pytest.raises(BadRequest, match=r"(?i)IMAGE_PROCESS_FAILED"):
        await bot.send_photo(CHAT, b"not an image")
    doc = await bot.send_document(CHAT, b"a,b\n1,2\n", filename="data.csv")
    assert doc.document is not None
    assert doc.document.file_name == "data.csv"

    assert await bot.send_chat_action(CHAT, "typing")
    assert api.chat_actions == [(CHAT, "typing")]
    api.push_message(77, "hi")
    chat = await bot.get_chat(77)
    assert chat.type == "private"
    with pytest.raises(BadRequest, match=r"(?i)chat not found"):
        await bot.get_chat(78)


@pytest.mark.asyncio
async def test_many_messages_without_call_recording(bot: Bot, api: FakeBotAPI) -> None:
    api.record_calls = False
    recorded = len(api.calls)
    await asyncio.gather(*(bot.send_message(CHAT + i % 5, f"m{i}") for i in range(250)))
    await api.wait_for_messages(250, timeout=5)
    assert len(api.calls) == recorded
    assert api.call_counts["sendMessage"] == 250
    ids = [m.message_id for m in api.sent_messages(CHAT)]
    assert sorted(ids) == list(range(1, 51))


# --------------------------------------------------------------------------- HTML validator

VALID_HTML = [
    "plain text",
    "<b>bold <i>bold italic <u>all three</u></i></b>",
    "<strong>s</strong><em>e</em><ins>i</ins><s>s</s><strike>s</strike><del>d</del>",
    "1 &lt; 2 &amp;&amp; 3 &gt; 2 &quot;q&quot; &#169; &#x1F600;",
    '<a href="https://example.com/?a=1&amp;b=2">link</a>',
    "<a href='tg://user?id=1'>mention</a>",
    '<pre><code class="language-python">print("&lt;hi&gt;")</code></pre>',
    "<pre>pre</pre><code>code</code>",
    '<span class="tg-spoiler">spoiler</span><tg-spoiler>too</tg-spoiler>',
    "<blockquote>quote</blockquote><blockquote expandable>long</blockquote>",
    '<tg-emoji emoji-id="5368324170671202286">👍</tg-emoji>',
    "<B>upper-case tags are fine</B>",
    "<b >space before close</b >",
]

INVALID_HTML = [
    ("<b>unclosed", "Can't find end tag"),
    ("<foo>x</foo>", 'Unsupported start tag "foo"'),
    ("<br>", 'Unsupported start tag "br"'),
    ("a < b", "Unsupported start tag"),
    ("a <b", "Unclosed start tag"),
    ("x</b>", "Unexpected end tag"),
    ("<b><i>x</b></i>", "Unmatched end tag"),
    ("<span>x</span>", 'Tag "span" must have class "tg-spoiler"'),
    ('<a href="x>y</a>', "Unclosed start tag"),
    ("<a href>x</a>", "Expected equal sign"),
    ("<tg-emoji>x</tg-emoji>", "Invalid custom emoji identifier"),
    ("fish & chips", 'Unescaped "&"'),
    ("a > b", 'Unescaped ">"'),
    ("&nbsp;", 'Unescaped "&"'),
]


@pytest.mark.parametrize("text", VALID_HTML)
def test_validator_accepts(text: str) -> None:
    assert validate_telegram_html(text) is None


@pytest.mark.parametrize(("text", "needle"), INVALID_HTML)
def test_validator_rejects(text: str, needle: str) -> None:
    error = validate_telegram_html(text)
    assert error is not None
    assert error.startswith("Bad Request: can't parse entities: ")
    assert needle in error


def test_validator_non_strict_matches_telegram_leniency() -> None:
    # Telegram itself keeps a bare & or > literally; only strict mode refuses them.
    assert validate_telegram_html("fish & chips > fries", strict=False) is None
    assert validate_telegram_html("a < b", strict=False) is not None


def test_parser_entities_use_utf16_offsets() -> None:
    parsed = parse_telegram_html('😀 <b>bold</b> <pre><code class="language-py">x</code></pre>')
    assert parsed.text == "😀 bold x"
    assert {"type": "bold", "offset": 3, "length": 4} in parsed.entities
    assert {"type": "pre", "offset": 8, "length": 1, "language": "py"} in parsed.entities
    assert json.dumps(parsed.entities)  # JSON-serialisable as sent to clients
