"""A strict, in-process fake of the Telegram Bot API for end-to-end tests.

The real python-telegram-bot stack talks to it over HTTP on 127.0.0.1::

    async with FakeBotAPI() as api:
        bot = telegram.Bot(api.token, base_url=api.base_url, base_file_url=api.base_file_url)

Requests are validated the way Telegram validates them (message length, HTML, inline
keyboards, callback/inline query ids, ...) and answered with Telegram-shaped JSON, so
PTB raises the same exceptions it would in production. Nothing here touches the internet.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import itertools
import json
import re
import struct
import time
from collections import Counter, deque
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any
from urllib.parse import urlsplit

import aiohttp
from aiohttp import web

from .html_check import ParsedText, TelegramHTMLError, parse_telegram_html, utf16_len

# When the request being handled arrived (set per request task in _handle).
_ARRIVED: contextvars.ContextVar[float | None] = contextvars.ContextVar("arrived", default=None)

__all__ = [
    "DEFAULT_TOKEN",
    "BotAPIError",
    "FakeBotAPI",
    "SentMessage",
    "UploadedFile",
]

JSONDict = dict[str, Any]

# Well-formed (digits:35 chars) so PTB and our own token check treat it as a real token.
DEFAULT_TOKEN = "123456789:AAFakeTokenForTestsOnly_abcdefghijk"

MAX_TEXT_LENGTH = 4096
MAX_CAPTION_LENGTH = 1024
MAX_CALLBACK_DATA_BYTES = 64
MAX_INLINE_RESULTS = 50
MAX_CALLBACK_ANSWER_TEXT = 200

_TOKEN_RE = re.compile(r"^\d+:[A-Za-z0-9_-]+$")
_COMMAND_RE = re.compile(r"^[a-z0-9_]{1,32}$")
_BOT_COMMAND_ENTITY_RE = re.compile(r"^/[A-Za-z0-9_]{1,64}(?:@[A-Za-z0-9_]{3,64})?")
_SECRET_TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{1,256}$")
_LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})

# Form/multipart values arrive as strings; these are decoded so handlers (and api.calls)
# see the same types as a JSON body would give.
_JSON_FIELDS = frozenset(
    {
        "reply_markup",
        "results",
        "commands",
        "scope",
        "allowed_updates",
        "entities",
        "caption_entities",
        "link_preview_options",
        "reply_parameters",
        "button",
        "media",
    }
)
_INT_FIELDS = frozenset(
    {
        "chat_id",
        "message_id",
        "offset",
        "limit",
        "timeout",
        "user_id",
        "cache_time",
        "reply_to_message_id",
        "message_thread_id",
        "max_connections",
    }
)
_BOOL_FIELDS = frozenset(
    {
        "disable_notification",
        "protect_content",
        "show_alert",
        "is_personal",
        "drop_pending_updates",
        "disable_web_page_preview",
        "allow_sending_without_reply",
        "has_spoiler",
        "disable_content_type_detection",
        "revoke",
    }
)

_BUTTON_ACTIONS = (
    "url",
    "callback_data",
    "web_app",
    "login_url",
    "switch_inline_query",
    "switch_inline_query_current_chat",
    "switch_inline_query_chosen_chat",
    "copy_text",
    "callback_game",
    "pay",
)
_CHAT_ACTIONS = frozenset(
    {
        "typing",
        "upload_photo",
        "record_video",
        "upload_video",
        "record_voice",
        "upload_voice",
        "upload_document",
        "choose_sticker",
        "find_location",
        "record_video_note",
        "upload_video_note",
    }
)
_INLINE_RESULT_TYPES = frozenset(
    {
        "article",
        "photo",
        "gif",
        "mpeg4_gif",
        "video",
        "audio",
        "voice",
        "document",
        "location",
        "venue",
        "contact",
        "game",
        "sticker",
    }
)
# Telegram's default when allowed_updates was never set (or set to []).
_NOT_DELIVERED_BY_DEFAULT = frozenset({"chat_member", "message_reaction", "message_reaction_count"})

_NOT_MODIFIED = (
    "message is not modified: specified new message content and reply markup are exactly "
    "the same as a current content and reply markup of the message"
)
_QUERY_INVALID = "query is too old and response timeout expired or query ID is invalid"


class BotAPIError(Exception):
    """An error response of the Bot API (``{"ok": false, ...}``)."""

    def __init__(self, status: int, description: str, parameters: JSONDict | None = None) -> None:
        super().__init__(description)
        self.status = status
        self.description = description
        self.parameters = parameters

    def body(self) -> JSONDict:
        body: JSONDict = {"ok": False, "error_code": self.status, "description": self.description}
        if self.parameters:
            body["parameters"] = self.parameters
        return body


def _bad(reason: str) -> BotAPIError:
    return BotAPIError(400, f"Bad Request: {reason}")


@dataclass
class UploadedFile:
    """A file received via multipart upload (or referenced by URL)."""

    file_id: str
    file_unique_id: str
    data: bytes
    filename: str | None = None
    content_type: str | None = None
    url: str | None = None  # set when sent by HTTP URL; never fetched (no internet)
    kind: str = ""  # "photo" / "document" once attached to a message
    chat_id: int | None = None
    message_id: int | None = None
    caption: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)

    @property
    def file_path(self) -> str:
        return f"{self.kind or 'files'}/{self.file_unique_id}"


@dataclass
class SentMessage:
    """A message stored by the fake; ``outgoing`` is True for messages the bot sent.

    ``text`` is the raw text (or caption) exactly as the bot sent it, markup included;
    ``plain_text``/``entities`` are what the user sees. Edits update these in place
    (old raw texts are kept in ``history``).
    """

    chat_id: int
    message_id: int
    date: int
    chat: JSONDict
    from_user: JSONDict
    outgoing: bool
    kind: str  # "text", "photo" or "document"
    text: str | None
    parse_mode: str | None
    plain_text: str | None
    entities: list[JSONDict]
    reply_markup: JSONDict | None
    method: str = ""
    file: UploadedFile | None = None
    reply_to: SentMessage | None = None
    edit_date: int | None = None
    history: list[str | None] = field(default_factory=list)
    deleted: bool = False
    # When the request that sent it arrived (perf_counter), before the fake parsed it:
    # benchmarks measure update→reply latency with it, so the fake's own work is not counted.
    received_at: float = field(default_factory=lambda: _ARRIVED.get() or time.perf_counter())

    @property
    def caption(self) -> str | None:
        return self.text if self.kind != "text" else None

    @property
    def inline_markup(self) -> JSONDict | None:
        """The markup Telegram echoes back: only non-empty inline keyboards."""
        return _echoed_markup(self.reply_markup)

    def to_dict(self, *, with_reply: bool = True) -> JSONDict:
        """The Bot API ``Message`` object for this message."""
        msg: JSONDict = {
            "message_id": self.message_id,
            "from": self.from_user,
            "chat": self.chat,
            "date": self.date,
        }
        if self.edit_date is not None:
            msg["edit_date"] = self.edit_date
        if with_reply and self.reply_to is not None:
            msg["reply_to_message"] = self.reply_to.to_dict(with_reply=False)
        if self.kind == "text":
            msg["text"] = self.plain_text
            if self.entities:
                msg["entities"] = self.entities
        else:
            if self.plain_text:
                msg["caption"] = self.plain_text
                if self.entities:
                    msg["caption_entities"] = self.entities
            if self.file is not None:
                msg[self.kind] = _file_object(self.file)
        markup = self.inline_markup
        if markup is not None:
            msg["reply_markup"] = markup
        return msg


@dataclass
class _Fault:
    status: int
    description: str
    retry_after: int | None


class _Described:
    """A successful result that also carries Telegram's optional ``description``."""

    def __init__(self, result: Any, description: str) -> None:
        self.result = result
        self.description = description


def _echoed_markup(markup: JSONDict | None) -> JSONDict | None:
    if markup and markup.get("inline_keyboard"):
        return markup
    return None


def _image_size(data: bytes) -> tuple[int, int] | None:
    """Dimensions of PNG/GIF/JPEG/WEBP/BMP data, None if it's not an image we know."""
    if data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) >= 24:
        width, height = struct.unpack(">II", data[16:24])
        return int(width), int(height)
    if data[:6] in (b"GIF87a", b"GIF89a") and len(data) >= 10:
        width, height = struct.unpack("<HH", data[6:10])
        return int(width), int(height)
    if data.startswith(b"RIFF") and data[8:12] == b"WEBP":
        return (1, 1)
    if data.startswith(b"BM") and len(data) >= 26:
        width, height = struct.unpack("<ii", data[18:26])
        return abs(int(width)), abs(int(height))
    if data.startswith(b"\xff\xd8"):
        i = 2
        while i + 9 < len(data):
            if data[i] != 0xFF:
                i += 1
                continue
            marker = data[i + 1]
            seg_len = int.from_bytes(data[i + 2 : i + 4], "big")
            # SOF0..SOF15 except DHT/JPG/DAC carry the frame size.
            if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
                height, width = struct.unpack(">HH", data[i + 5 : i + 9])
                return int(width), int(height)
            i += 2 + seg_len
        return (1, 1)
    return None


def _file_object(f: UploadedFile) -> Any:
    base: JSONDict = {"file_id": f.file_id, "file_unique_id": f.file_unique_id}
    if f.data:
        base["file_size"] = f.size
    if f.kind == "photo":
        width, height = _image_size(f.data) or (320, 320)
        return [{**base, "width": width, "height": height}]
    if f.filename:
        base["file_name"] = f.filename
    if f.content_type:
        base["mime_type"] = f.content_type
    return base


def _normalize_params(raw: Mapping[str, Any]) -> JSONDict:
    out: JSONDict = {}
    for key, value in raw.items():
        if isinstance(value, str):
            if key in _JSON_FIELDS:
                try:
                    value = json.loads(value)
                except ValueError:
                    what = "reply keyboard markup" if key == "reply_markup" else key
                    raise _bad(f"can't parse {what} JSON object") from None
            elif key in _INT_FIELDS:
                try:
                    value = int(value)
                except ValueError:
                    # e.g. chat_id="@channel" stays a string; handlers decide.
                    with contextlib.suppress(ValueError):
                        value = int(float(value))
            elif key in _BOOL_FIELDS:
                value = value.strip().lower() in ("true", "1")
        out[key] = value
    return out


class FakeBotAPI:
    """Fake Telegram Bot API server; see the module docstring.

    Args:
        token: the only token accepted (others get 401 Unauthorized).
        strict_html: also reject bare ``&``/``>`` in HTML (Telegram tolerates them).
        strict_chats: reject chats never seen via ``push_*`` with "chat not found"
            (otherwise a private chat is synthesised on first use).
        allow_http_webhook: accept ``http://`` and any port in setWebhook, for local tests.
        record_calls: append every request to ``calls``; turn off for bulk tests.
    """

    def __init__(
        self,
        token: str = DEFAULT_TOKEN,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        bot_username: str = "fake_test_bot",
        bot_first_name: str = "Fake Test Bot",
        strict_html: bool = True,
        strict_chats: bool = False,
        allow_http_webhook: bool = False,
        record_calls: bool = True,
    ) -> None:
        if not _TOKEN_RE.match(token):
            raise ValueError(f"malformed bot token {token!r}")
        self.token = token
        self.host = host
        self._requested_port = port
        self.strict_html = strict_html
        self.strict_chats = strict_chats
        self.allow_http_webhook = allow_http_webhook
        self.record_calls = record_calls
        self.bot_user: JSONDict = {
            "id": int(token.split(":", 1)[0]),
            "is_bot": True,
            "first_name": bot_first_name,
            "username": bot_username,
        }

        # Public, test-facing state.
        self.calls: list[tuple[str, JSONDict]] = []
        self.call_counts: Counter[str] = Counter()
        self.content_types: Counter[tuple[str, str]] = Counter()  # (method, request body type)
        self.callback_answers: list[JSONDict] = []
        self.inline_answers: list[JSONDict] = []
        self.chat_actions: list[tuple[int, str]] = []
        self.photos: list[UploadedFile] = []
        self.documents: list[UploadedFile] = []
        self.commands_by_scope: dict[tuple[str, str], list[JSONDict]] = {}
        self.webhook: JSONDict | None = None
        self.blocked_chats: set[int] = set()
        self.logged_out = False
        self.closed = False

        # Messages: O(1) lookup by (chat, id) and per-chat lists of bot messages.
        self._messages: dict[tuple[int, int], SentMessage] = {}
        self._bot_messages: list[SentMessage] = []
        self._bot_messages_by_chat: dict[int, list[SentMessage]] = {}
        self._next_message_id: dict[int, int] = {}
        self._chats: dict[int, JSONDict] = {}
        self._synthetic_chats: set[int] = set()
        self._files: dict[str, UploadedFile] = {}
        self._files_by_path: dict[str, UploadedFile] = {}
        self._file_seq = itertools.count(1)

        self._updates: deque[JSONDict] = deque()
        self._next_update_id = 10_000
        self._allowed_updates: frozenset[str] | None = None
        self._poll_generation = 0
        self._open_callback_queries: set[str] = set()
        self._open_inline_queries: set[str] = set()
        self._query_seq = itertools.count(1)

        self._faults: dict[str, deque[_Fault]] = {}
        self._delays: dict[str, deque[float]] = {}

        # Every state change swaps in a fresh Event and sets the old one, waking all waiters
        # (usable from sync push_* methods, unlike asyncio.Condition.notify_all).
        self._changed = asyncio.Event()
        self._closing = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self._port: int | None = None
        self._session: aiohttp.ClientSession | None = None

        handlers: dict[str, Callable[[JSONDict], Awaitable[Any]]] = {
            "getMe": self._get_me,
            "getUpdates": self._get_updates,
            "sendMessage": self._send_message,
            "editMessageText": self._edit_message_text,
            "editMessageReplyMarkup": self._edit_message_reply_markup,
            "deleteMessage": self._delete_message,
            "answerCallbackQuery": self._answer_callback_query,
            "answerInlineQuery": self._answer_inline_query,
            "setMyCommands": self._set_my_commands,
            "getMyCommands": self._get_my_commands,
            "deleteMyCommands": self._delete_my_commands,
            "sendChatAction": self._send_chat_action,
            "sendPhoto": self._send_photo,
            "sendDocument": self._send_document,
            "getFile": self._get_file,
            "setWebhook": self._set_webhook,
            "deleteWebhook": self._delete_webhook,
            "getWebhookInfo": self._get_webhook_info,
            "logOut": self._log_out,
            "close": self._close,
            "getChat": self._get_chat,
        }
        # Telegram method names are case-insensitive.
        self._methods = {name.lower(): (name, fn) for name, fn in handlers.items()}

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> FakeBotAPI:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        self._extra_routes(app)
        app.router.add_route("*", "/bot{token}/{method}", self._handle)
        app.router.add_route("GET", "/file/bot{token}/{path:.+}", self._handle_file)
        app.router.add_route("*", "/{tail:.*}", self._not_found)
        # Short shutdown timeout: long polls/delays are woken by _closing anyway.
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self._requested_port)
        await site.start()
        self._port = int(self._runner.addresses[0][1])
        return self

    def _extra_routes(self, app: web.Application) -> None:
        """Subclasses add routes here (before the catch-all), e.g. a benchmark's control API."""

    async def stop(self) -> None:
        self._closing.set()
        self._notify()
        if self._session is not None:
            await self._session.close()
            self._session = None
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeBotAPI:
        return await self.start()

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    @property
    def port(self) -> int:
        if self._port is None:
            raise RuntimeError("FakeBotAPI is not started")
        return self._port

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def base_url(self) -> str:
        """For ``Bot(base_url=...)`` / ``ApplicationBuilder().base_url(...)``."""
        return f"{self.url}/bot"

    @property
    def base_file_url(self) -> str:
        return f"{self.url}/file/bot"

    @property
    def bot_id(self) -> int:
        return int(self.bot_user["id"])

    # ------------------------------------------------------------------ waiting

    def _notify(self) -> None:
        event, self._changed = self._changed, asyncio.Event()
        event.set()

    # The ``timeout`` arguments (ASYNC109) are the intended test-facing API.
    async def wait_for(
        self,
        predicate: Callable[[], bool],
        timeout: float = 5.0,  # noqa: ASYNC109
        *,
        what: str = "condition",
    ) -> None:
        """Wait (event-driven, no polling) until ``predicate()`` is true."""
        try:
            async with asyncio.timeout(timeout):
                while not predicate():
                    await self._changed.wait()
        except TimeoutError:
            raise TimeoutError(f"{what} not met within {timeout}s") from None

    async def wait_for_messages(
        self,
        n: int,
        chat_id: int | None = None,
        timeout: float = 5.0,  # noqa: ASYNC109
    ) -> list[SentMessage]:
        """Wait until the bot has sent at least ``n`` messages (in total, or to ``chat_id``)."""
        await self.wait_for(
            lambda: self.message_count(chat_id) >= n,
            timeout,
            what=f"{n} bot message(s)" + (f" to chat {chat_id}" if chat_id is not None else ""),
        )
        return self.sent_messages(chat_id)

    async def wait_for_calls(
        self,
        method: str,
        n: int = 1,
        timeout: float = 5.0,  # noqa: ASYNC109
    ) -> None:
        """Wait until ``method`` has been called at least ``n`` times in total."""
        name = self._canonical(method)
        await self.wait_for(
            lambda: self.call_counts[name] >= n, timeout, what=f"{n} call(s) of {name}"
        )

    # ------------------------------------------------------------------ inspection

    def message_count(self, chat_id: int | None = None) -> int:
        if chat_id is None:
            return len(self._bot_messages)
        return len(self._bot_messages_by_chat.get(chat_id, ()))

    def sent_messages(self, chat_id: int | None = None) -> list[SentMessage]:
        """Messages the bot sent (current state after edits), oldest first."""
        if chat_id is None:
            return list(self._bot_messages)
        return list(self._bot_messages_by_chat.get(chat_id, ()))

    def last_message(self, chat_id: int | None = None) -> SentMessage | None:
        msgs = self._bot_messages if chat_id is None else self._bot_messages_by_chat.get(chat_id)
        return msgs[-1] if msgs else None

    def get_message(self, chat_id: int, message_id: int) -> SentMessage:
        """Any stored message (bot or pushed); raises KeyError if unknown."""
        return self._messages[(chat_id, message_id)]

    def calls_of(self, method: str) -> list[JSONDict]:
        name = self._canonical(method)
        return [params for m, params in self.calls if m == name]

    @property
    def commands_by_language(self) -> dict[str, list[JSONDict]]:
        """Default-scope commands keyed by language_code ("" = no language)."""
        return {
            lang: cmds
            for (scope, lang), cmds in self.commands_by_scope.items()
            if scope == "default"
        }

    @property
    def pending_updates(self) -> list[JSONDict]:
        return list(self._updates)

    # ------------------------------------------------------------------ fault injection

    def fail_next(
        self,
        method: str,
        status: int = 429,
        *,
        retry_after: int | None = None,
        description: str | None = None,
        times: int = 1,
    ) -> None:
        """Make the next ``times`` calls of ``method`` ("*" = any) fail with ``status``."""
        if status == 429:
            retry_after = 1 if retry_after is None else retry_after
            description = description or f"Too Many Requests: retry after {retry_after}"
        elif description is None:
            description = {
                400: "Bad Request: injected failure",
                403: "Forbidden: bot was blocked by the user",
                409: "Conflict: terminated by other getUpdates request; "
                "make sure that only one bot instance is running",
            }.get(status) or HTTPStatus(status).phrase
        fault = _Fault(status, description, retry_after if status == 429 else None)
        self._faults.setdefault(self._fault_key(method), deque()).extend([fault] * times)

    def delay_next(self, method: str, seconds: float, *, times: int = 1) -> None:
        """Delay the next ``times`` calls of ``method`` ("*" = any) by ``seconds``.

        The call is still processed after the delay, like Telegram does for a request
        whose client already timed out -- so a timed-out send may still be delivered.
        """
        self._delays.setdefault(self._fault_key(method), deque()).extend([seconds] * times)

    def clear_faults(self) -> None:
        self._faults.clear()
        self._delays.clear()

    def block_chat(self, chat_id: int) -> None:
        """The user blocked the bot: calls targeting this chat get 403."""
        self.blocked_chats.add(chat_id)

    def unblock_chat(self, chat_id: int) -> None:
        self.blocked_chats.discard(chat_id)

    # ------------------------------------------------------------------ update injection

    @staticmethod
    def make_user(
        user_id: int,
        *,
        first_name: str = "Test",
        last_name: str | None = None,
        username: str | None = None,
        language_code: str | None = "en",
    ) -> JSONDict:
        user: JSONDict = {"id": user_id, "is_bot": False, "first_name": first_name}
        if last_name:
            user["last_name"] = last_name
        if username:
            user["username"] = username
        if language_code:
            user["language_code"] = language_code
        return user

    def _user_dict(
        self, user: Mapping[str, Any] | Any | None, user_id: int, language_code: str | None
    ) -> JSONDict:
        if user is None:
            return self.make_user(user_id, language_code=language_code)
        # Accept a telegram.User as well as a plain dict.
        result = dict(user.to_dict() if hasattr(user, "to_dict") else user)
        if language_code and "language_code" not in result:
            result["language_code"] = language_code
        return result

    def _register_chat(self, chat_id: int, chat_type: str, user: JSONDict) -> JSONDict:
        existing = self._chats.get(chat_id)
        if existing is not None and chat_id not in self._synthetic_chats:
            return existing
        chat: JSONDict
        if chat_type == "private":
            chat = {"id": chat_id, "type": "private", "first_name": user["first_name"]}
            if user.get("last_name"):
                chat["last_name"] = user["last_name"]
            if user.get("username"):
                chat["username"] = user["username"]
        else:
            chat = {"id": chat_id, "type": chat_type, "title": f"Test {chat_type} {chat_id}"}
        if existing is not None:
            # Replace a chat synthesised by an earlier send in place: messages share the dict.
            self._synthetic_chats.discard(chat_id)
            existing.clear()
            existing.update(chat)
            chat = existing
        self._chats[chat_id] = chat
        return chat

    def _alloc_message_id(self, chat_id: int) -> int:
        mid = self._next_message_id.get(chat_id, 1)
        self._next_message_id[chat_id] = mid + 1
        return mid

    def push_update(self, update: Mapping[str, Any] | Any) -> JSONDict:
        """Queue a raw update (dict or telegram.Update); assigns ``update_id`` if missing.

        Like Telegram, updates of types excluded by the current ``allowed_updates`` are
        never created.
        """
        data = dict(update.to_dict() if hasattr(update, "to_dict") else update)
        if "update_id" not in data:
            data["update_id"] = self._take_update_id()
        kind = next((k for k in data if k != "update_id"), "")
        if self._update_allowed(kind):
            self._updates.append(data)
            self._notify()
        return data

    def _take_update_id(self) -> int:
        uid = self._next_update_id
        self._next_update_id += 1
        return uid

    def make_message_update(
        self,
        chat_id: int,
        text: str,
        *,
        user: Mapping[str, Any] | Any | None = None,
        user_id: int | None = None,
        language_code: str | None = "en",
        chat_type: str = "private",
        reply_to_message_id: int | None = None,
    ) -> JSONDict:
        """Build (and store) a user's message update without queueing it (for webhooks)."""
        if user_id is None:
            user_id = chat_id if chat_type == "private" else 1_000_001
        user_dict = self._user_dict(user, user_id, language_code)
        chat = self._register_chat(chat_id, chat_type, user_dict)
        entities: list[JSONDict] = []
        if (m := _BOT_COMMAND_ENTITY_RE.match(text)) is not None:
            entities = [{"type": "bot_command", "offset": 0, "length": utf16_len(m.group())}]
        reply_to = None
        if reply_to_message_id is not None:
            reply_to = self._messages.get((chat_id, reply_to_message_id))
        msg = SentMessage(
            chat_id=chat_id,
            message_id=self._alloc_message_id(chat_id),
            date=int(time.time()),
            chat=chat,
            from_user=user_dict,
            outgoing=False,
            kind="text",
            text=text,
            parse_mode=None,
            plain_text=text,
            entities=entities,
            reply_markup=None,
            reply_to=reply_to,
        )
        self._messages[(chat_id, msg.message_id)] = msg
        return {"update_id": self._take_update_id(), "message": msg.to_dict()}

    def push_message(
        self,
        chat_id: int,
        text: str,
        *,
        user: Mapping[str, Any] | Any | None = None,
        user_id: int | None = None,
        language_code: str | None = "en",
        chat_type: str = "private",
        reply_to_message_id: int | None = None,
    ) -> JSONDict:
        """Queue a message from a user. ``/commands`` get a bot_command entity at offset 0.

        In a private chat the user id defaults to ``chat_id``; ``language_code`` is set on
        the user unless an explicit ``user`` already has one.
        """
        return self.push_update(
            self.make_message_update(
                chat_id,
                text,
                user=user,
                user_id=user_id,
                language_code=language_code,
                chat_type=chat_type,
                reply_to_message_id=reply_to_message_id,
            )
        )

    def make_callback_query_update(
        self,
        chat_id: int,
        message_id: int,
        data: str,
        *,
        user: Mapping[str, Any] | Any | None = None,
        user_id: int | None = None,
        language_code: str | None = "en",
        check_button: bool = True,
    ) -> JSONDict:
        """Build a button press on a stored message without queueing it.

        With ``check_button`` (default) the message must exist and currently show a
        button with this callback_data -- a real user can't press anything else.
        """
        msg = self._messages.get((chat_id, message_id))
        if check_button:
            if msg is None or msg.deleted:
                raise ValueError(f"no message {message_id} in chat {chat_id}")
            buttons = (msg.inline_markup or {}).get("inline_keyboard", [])
            if not any(b.get("callback_data") == data for row in buttons for b in row):
                raise ValueError(f"message {message_id} has no button with data {data!r}")
        user_dict = self._user_dict(user, chat_id if user_id is None else user_id, language_code)
        if msg is not None:
            message = msg.to_dict()
        else:
            chat = self._chats.get(chat_id) or self._register_chat(chat_id, "private", user_dict)
            message = {
                "message_id": message_id,
                "from": self.bot_user,
                "chat": chat,
                "date": int(time.time()),
                "text": "",
            }
        query_id = str(4_000_000_000_000_000 + next(self._query_seq))
        self._open_callback_queries.add(query_id)
        callback = {
            "id": query_id,
            "from": user_dict,
            "message": message,
            "chat_instance": str(-(abs(chat_id) * 7919 + 13)),
            "data": data,
        }
        return {"update_id": self._take_update_id(), "callback_query": callback}

    def push_callback_query(
        self,
        chat_id: int,
        message_id: int,
        data: str,
        *,
        user: Mapping[str, Any] | Any | None = None,
        user_id: int | None = None,
        language_code: str | None = "en",
        check_button: bool = True,
    ) -> JSONDict:
        """Queue a button press; the query id is ``update["callback_query"]["id"]``."""
        return self.push_update(
            self.make_callback_query_update(
                chat_id,
                message_id,
                data,
                user=user,
                user_id=user_id,
                language_code=language_code,
                check_button=check_button,
            )
        )

    def make_inline_query_update(
        self,
        user_id: int,
        query: str,
        *,
        offset: str = "",
        user: Mapping[str, Any] | Any | None = None,
        language_code: str | None = "en",
        chat_type: str | None = "sender",
    ) -> JSONDict:
        query_id = str(5_000_000_000_000_000 + next(self._query_seq))
        self._open_inline_queries.add(query_id)
        inline: JSONDict = {
            "id": query_id,
            "from": self._user_dict(user, user_id, language_code),
            "query": query,
            "offset": offset,
        }
        if chat_type:
            inline["chat_type"] = chat_type
        return {"update_id": self._take_update_id(), "inline_query": inline}

    def push_inline_query(
        self,
        user_id: int,
        query: str,
        *,
        offset: str = "",
        user: Mapping[str, Any] | Any | None = None,
        language_code: str | None = "en",
        chat_type: str | None = "sender",
    ) -> JSONDict:
        """Queue an inline query; the query id is ``update["inline_query"]["id"]``."""
        return self.push_update(
            self.make_inline_query_update(
                user_id,
                query,
                offset=offset,
                user=user,
                language_code=language_code,
                chat_type=chat_type,
            )
        )

    # ------------------------------------------------------------------ webhook helper

    async def post_update_to_webhook(
        self,
        url: str,
        update: Mapping[str, Any] | Any,
        secret_token: str | None = None,
        *,
        timeout: float = 10.0,  # noqa: ASYNC109
    ) -> int:
        """POST an update to the bot's webhook like Telegram does; return the HTTP status."""
        host = urlsplit(url).hostname
        if host not in _LOOPBACK_HOSTS:
            raise ValueError(f"refusing to post to non-loopback host {host!r}")
        payload = dict(update.to_dict() if hasattr(update, "to_dict") else update)
        payload.setdefault("update_id", self._take_update_id())
        headers = {"Content-Type": "application/json"}
        if secret_token is not None:
            headers["X-Telegram-Bot-Api-Secret-Token"] = secret_token
        if self._session is None or self._session.closed:
            self._session = aiohttp.ClientSession()
        async with self._session.post(
            url,
            data=json.dumps(payload),
            headers=headers,
            timeout=aiohttp.ClientTimeout(total=timeout),
        ) as resp:
            await resp.read()
            return resp.status

    # ------------------------------------------------------------------ HTTP plumbing

    def _canonical(self, method: str) -> str:
        entry = self._methods.get(method.lower())
        return entry[0] if entry else method

    @staticmethod
    def _fault_key(method: str) -> str:
        return method.lower()

    def _pop(self, queues: dict[str, deque[Any]], method: str) -> Any:
        for key in (method.lower(), "*"):
            queue = queues.get(key)
            if queue:
                return queue.popleft()
        return None

    async def _not_found(self, request: web.Request) -> web.Response:
        return web.json_response(
            {"ok": False, "error_code": 404, "description": "Not Found"}, status=404
        )

    def _check_token(self, token: str) -> web.Response | None:
        if token == self.token:
            return None
        # Telegram: malformed token -> 404, well-formed but wrong -> 401.
        if not _TOKEN_RE.match(token):
            return web.json_response(
                {"ok": False, "error_code": 404, "description": "Not Found"}, status=404
            )
        return web.json_response(
            {"ok": False, "error_code": 401, "description": "Unauthorized"}, status=401
        )

    async def _read_params(self, request: web.Request) -> JSONDict:
        raw: JSONDict = dict(request.query)
        if request.body_exists:
            if request.content_type == "application/json":
                body = await request.read()
                if body.strip():
                    try:
                        data = json.loads(body)
                    except ValueError:
                        raise _bad("can't parse JSON encoded request body") from None
                    if not isinstance(data, dict):
                        raise _bad("JSON object expected in request body")
                    raw.update(data)
            elif request.content_type in (
                "application/x-www-form-urlencoded",
                "multipart/form-data",
            ):
                form = await request.post()
                for key, value in form.items():
                    if isinstance(value, web.FileField):
                        data_bytes = value.file.read()
                        seq = next(self._file_seq)
                        raw[key] = UploadedFile(
                            file_id=f"FAKEFILE-{seq:08d}-{key}",
                            file_unique_id=f"uniq{seq:08d}",
                            data=bytes(data_bytes),
                            filename=value.filename,
                            content_type=value.content_type,
                        )
                    elif isinstance(value, (bytes, bytearray)):
                        raw[key] = bytes(value).decode("utf-8", "replace")
                    else:
                        raw[key] = value
        return _normalize_params(raw)

    async def _handle(self, request: web.Request) -> web.Response:
        _ARRIVED.set(time.perf_counter())
        bad_token = self._check_token(request.match_info["token"])
        if bad_token is not None:
            return bad_token
        entry = self._methods.get(request.match_info["method"].lower())
        if entry is None:
            return await self._not_found(request)
        name, handler = entry
        try:
            params = await self._read_params(request)
            self.call_counts[name] += 1
            self.content_types[(name, request.content_type)] += 1
            if self.record_calls:
                self.calls.append((name, params))
            delay = self._pop(self._delays, name)
            if delay:
                # Interruptible so stop() never waits for an injected delay.
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._closing.wait(), delay)
            fault: _Fault | None = self._pop(self._faults, name)
            if fault is not None:
                params_out = {"retry_after": fault.retry_after} if fault.retry_after else None
                raise BotAPIError(fault.status, fault.description, params_out)
            result = await handler(params)
        except BotAPIError as exc:
            return web.json_response(exc.body(), status=exc.status)
        finally:
            self._notify()
        body: JSONDict = {"ok": True}
        if isinstance(result, _Described):
            body["result"] = result.result
            body["description"] = result.description
        else:
            body["result"] = result
        return web.json_response(body)

    async def _handle_file(self, request: web.Request) -> web.StreamResponse:
        bad_token = self._check_token(request.match_info["token"])
        if bad_token is not None:
            return bad_token
        f = self._files_by_path.get(request.match_info["path"])
        if f is None or not f.data:
            return await self._not_found(request)
        return web.Response(body=f.data, content_type=f.content_type or "application/octet-stream")

    # ------------------------------------------------------------------ validation helpers

    def _chat(self, params: JSONDict) -> JSONDict:
        """Resolve the target chat; 403 if the user blocked the bot."""
        chat_id = params.get("chat_id")
        if chat_id is None or chat_id == "":
            raise _bad("chat_id is empty")
        if isinstance(chat_id, str):
            username = chat_id.lstrip("@").lower()
            found = next(
                (c for c in self._chats.values() if str(c.get("username", "")).lower() == username),
                None,
            )
            if found is None:
                raise _bad("chat not found")
            chat = found
        elif not isinstance(chat_id, int) or isinstance(chat_id, bool):
            raise _bad("chat not found")
        else:
            known = self._chats.get(chat_id)
            if known is None:
                if self.strict_chats:
                    raise _bad("chat not found")
                if chat_id > 0:
                    known = {"id": chat_id, "type": "private", "first_name": f"User{chat_id}"}
                elif str(chat_id).startswith("-100"):
                    known = {"id": chat_id, "type": "supergroup", "title": f"Chat {chat_id}"}
                else:
                    known = {"id": chat_id, "type": "group", "title": f"Chat {chat_id}"}
                self._chats[chat_id] = known
                self._synthetic_chats.add(chat_id)
            chat = known
        if chat["id"] in self.blocked_chats:
            raise BotAPIError(403, "Forbidden: bot was blocked by the user")
        return chat

    def _parse_text(self, text: Any, parse_mode: Any, *, caption: bool = False) -> ParsedText:
        text = "" if text is None else str(text)
        mode = str(parse_mode or "").lower()
        if mode == "html":
            try:
                parsed = parse_telegram_html(text, strict=self.strict_html)
            except TelegramHTMLError as exc:
                raise BotAPIError(400, exc.description) from None
        elif mode in ("", "markdown", "markdownv2"):
            # Markdown is not validated; its length is approximated by the raw text.
            parsed = ParsedText(text, [])
        else:
            raise _bad("unsupported parse_mode")
        limit = MAX_CAPTION_LENGTH if caption else MAX_TEXT_LENGTH
        if utf16_len(parsed.text) > limit:
            raise _bad("message caption is too long" if caption else "message is too long")
        if not caption and not parsed.text.strip():
            raise _bad("message text is empty")
        return parsed

    @staticmethod
    def _validate_inline_keyboard(markup: JSONDict) -> None:
        rows = markup.get("inline_keyboard")
        if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
            raise _bad(
                'field "inline_keyboard" of the InlineKeyboardMarkup should be an Array of Arrays'
            )
        for row in rows:
            for button in row:
                if not isinstance(button, dict):
                    raise _bad(
                        "can't parse inline keyboard button: "
                        "InlineKeyboardButton should be an Object"
                    )
                if not isinstance(button.get("text"), str):
                    raise _bad("can't parse inline keyboard button: Can't find field \"text\"")
                if not button["text"]:
                    raise _bad("BUTTON_TEXT_INVALID")
                actions = [a for a in _BUTTON_ACTIONS if a in button]
                if not actions:
                    raise _bad(
                        "can't parse inline keyboard button: "
                        "Text buttons are unallowed in the inline keyboard"
                    )
                if len(actions) > 1:
                    raise _bad(
                        "can't parse inline keyboard button: exactly one of the optional "
                        f"fields must be used, got {', '.join(actions)}"
                    )
                if "callback_data" in button:
                    data = button["callback_data"]
                    if (
                        not isinstance(data, str)
                        or not data
                        or len(data.encode("utf-8")) > MAX_CALLBACK_DATA_BYTES
                    ):
                        raise _bad("BUTTON_DATA_INVALID")
                if "url" in button:
                    url = button["url"]
                    parts = urlsplit(url) if isinstance(url, str) else None
                    if (
                        parts is None
                        or parts.scheme.lower() not in ("http", "https", "tg")
                        or (parts.scheme.lower() != "tg" and not parts.netloc)
                    ):
                        raise _bad(f"inline keyboard button URL '{url}' is invalid: Wrong HTTP URL")

    def _markup(self, params: JSONDict, *, inline_only: bool = False) -> JSONDict | None:
        markup = params.get("reply_markup")
        if markup is None:
            return None
        if not isinstance(markup, dict):
            raise _bad("can't parse reply keyboard markup JSON object")
        if "inline_keyboard" in markup:
            self._validate_inline_keyboard(markup)
            return markup
        if inline_only:
            raise _bad("inline keyboard expected")
        if "keyboard" in markup:
            rows = markup["keyboard"]
            if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
                raise _bad(
                    'field "keyboard" of the ReplyKeyboardMarkup should be an Array of Arrays'
                )
            for row in rows:
                for button in row:
                    text = (
                        button
                        if isinstance(button, str)
                        else (button.get("text") if isinstance(button, dict) else None)
                    )
                    if not isinstance(text, str) or not text:
                        raise _bad("can't parse keyboard button: Can't find field \"text\"")
            return markup
        if markup.get("remove_keyboard") is True or markup.get("force_reply") is True:
            return markup
        raise _bad("can't parse reply keyboard markup JSON object")

    def _reply_target(self, chat_id: int, params: JSONDict) -> SentMessage | None:
        reply = params.get("reply_parameters")
        mid = params.get("reply_to_message_id")
        allow = bool(params.get("allow_sending_without_reply"))
        if isinstance(reply, dict):
            mid = reply.get("message_id")
            allow = allow or bool(reply.get("allow_sending_without_reply"))
        if mid is None:
            return None
        target = self._messages.get((chat_id, mid)) if isinstance(mid, int) else None
        if (target is None or target.deleted) and not allow:
            raise _bad("message to be replied not found")
        return target

    def _store_bot_message(
        self,
        chat: JSONDict,
        *,
        kind: str,
        method: str,
        text: str | None,
        parse_mode: str | None,
        parsed: ParsedText,
        markup: JSONDict | None,
        reply_to: SentMessage | None,
        file: UploadedFile | None = None,
    ) -> SentMessage:
        chat_id = int(chat["id"])
        msg = SentMessage(
            chat_id=chat_id,
            message_id=self._alloc_message_id(chat_id),
            date=int(time.time()),
            chat=chat,
            from_user=self.bot_user,
            outgoing=True,
            kind=kind,
            text=text,
            parse_mode=parse_mode,
            plain_text=parsed.text,
            entities=parsed.entities,
            reply_markup=markup,
            method=method,
            file=file,
            reply_to=reply_to,
        )
        self._messages[(chat_id, msg.message_id)] = msg
        self._bot_messages.append(msg)
        self._bot_messages_by_chat.setdefault(chat_id, []).append(msg)
        return msg

    def _message_to_edit(self, params: JSONDict, *, what: str = "edit") -> SentMessage:
        chat = self._chat(params)
        mid = params.get("message_id")
        if mid is None:
            raise _bad("message identifier is not specified")
        msg = self._messages.get((int(chat["id"]), mid)) if isinstance(mid, int) else None
        if msg is None or msg.deleted:
            raise _bad(f"message to {what} not found")
        return msg

    # ------------------------------------------------------------------ methods

    async def _get_me(self, params: JSONDict) -> JSONDict:
        return {
            **self.bot_user,
            "can_join_groups": True,
            "can_read_all_group_messages": False,
            "supports_inline_queries": True,
            "can_connect_to_business": False,
            "has_main_web_app": False,
        }

    def _update_allowed(self, kind: str) -> bool:
        if self._allowed_updates is None:
            return kind not in _NOT_DELIVERED_BY_DEFAULT
        return kind in self._allowed_updates

    def _set_allowed_updates(self, allowed: Any) -> None:
        if allowed is None:
            return  # "If not specified, the previous setting will be used."
        if not isinstance(allowed, list):
            raise _bad("can't parse allowed_updates JSON object")
        self._allowed_updates = frozenset(map(str, allowed)) or None

    async def _get_updates(self, params: JSONDict) -> list[JSONDict]:
        if self.webhook is not None:
            raise BotAPIError(
                409,
                "Conflict: can't use getUpdates method while webhook is active; "
                "use deleteWebhook to delete the webhook first",
            )
        # A newer getUpdates terminates an older one that is still waiting.
        self._poll_generation += 1
        generation = self._poll_generation
        self._notify()

        offset = params.get("offset")
        if isinstance(offset, int) and offset:
            if offset > 0:
                while self._updates and self._updates[0]["update_id"] < offset:
                    self._updates.popleft()
            else:
                while len(self._updates) > -offset:
                    self._updates.popleft()
        limit = params.get("limit")
        limit = 100 if not isinstance(limit, int) else min(max(limit, 1), 100)
        timeout = params.get("timeout")
        timeout = max(int(timeout), 0) if isinstance(timeout, int) else 0
        self._set_allowed_updates(params.get("allowed_updates"))

        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            if self._poll_generation != generation:
                raise BotAPIError(
                    409,
                    "Conflict: terminated by other getUpdates request; "
                    "make sure that only one bot instance is running",
                )
            if self._updates or self._closing.is_set():
                return list(itertools.islice(self._updates, limit))
            remaining = deadline - loop.time()
            if remaining <= 0:
                return []
            try:
                async with asyncio.timeout(remaining):
                    await self._changed.wait()
            except TimeoutError:
                pass

    async def _send_message(self, params: JSONDict) -> JSONDict:
        chat = self._chat(params)
        text = params.get("text")
        if text is None or text == "":
            raise _bad("message text is empty")
        parse_mode = params.get("parse_mode")
        parsed = self._parse_text(text, parse_mode)
        markup = self._markup(params)
        reply_to = self._reply_target(int(chat["id"]), params)
        msg = self._store_bot_message(
            chat,
            kind="text",
            method="sendMessage",
            text=str(text),
            parse_mode=parse_mode,
            parsed=parsed,
            markup=markup,
            reply_to=reply_to,
        )
        return msg.to_dict()

    async def _edit_message_text(self, params: JSONDict) -> JSONDict | bool:
        parse_mode = params.get("parse_mode")
        if params.get("inline_message_id"):
            self._parse_text(params.get("text"), parse_mode)
            self._markup(params, inline_only=True)
            return True
        msg = self._message_to_edit(params)
        if not msg.outgoing:
            raise _bad("message can't be edited")
        if msg.kind != "text":
            raise _bad("there is no text in the message to edit")
        parsed = self._parse_text(params.get("text"), parse_mode)
        # Omitting reply_markup removes the inline keyboard, as in Telegram.
        markup = self._markup(params, inline_only=True)
        if (
            parsed.text == msg.plain_text
            and parsed.entities == msg.entities
            and _echoed_markup(markup) == msg.inline_markup
        ):
            raise _bad(_NOT_MODIFIED)
        msg.history.append(msg.text)
        msg.text = str(params.get("text"))
        msg.parse_mode = parse_mode
        msg.plain_text = parsed.text
        msg.entities = parsed.entities
        msg.reply_markup = markup
        msg.edit_date = int(time.time())
        return msg.to_dict()

    async def _edit_message_reply_markup(self, params: JSONDict) -> JSONDict | bool:
        if params.get("inline_message_id"):
            self._markup(params, inline_only=True)
            return True
        msg = self._message_to_edit(params)
        if not msg.outgoing:
            raise _bad("message can't be edited")
        markup = self._markup(params, inline_only=True)
        if _echoed_markup(markup) == msg.inline_markup:
            raise _bad(_NOT_MODIFIED)
        msg.reply_markup = markup
        msg.edit_date = int(time.time())
        return msg.to_dict()

    async def _delete_message(self, params: JSONDict) -> bool:
        msg = self._message_to_edit(params, what="delete")
        msg.deleted = True
        return True

    async def _answer_callback_query(self, params: JSONDict) -> bool:
        query_id = str(params.get("callback_query_id") or "")
        if query_id not in self._open_callback_queries:
            raise _bad(_QUERY_INVALID)
        text = params.get("text")
        if text is not None and len(str(text)) > MAX_CALLBACK_ANSWER_TEXT:
            raise _bad("MESSAGE_TOO_LONG")
        self._open_callback_queries.discard(query_id)
        self.callback_answers.append(
            {
                "callback_query_id": query_id,
                "text": text,
                "show_alert": bool(params.get("show_alert", False)),
                "url": params.get("url"),
                "cache_time": params.get("cache_time"),
            }
        )
        return True

    async def _answer_inline_query(self, params: JSONDict) -> bool:
        query_id = str(params.get("inline_query_id") or "")
        if query_id not in self._open_inline_queries:
            raise _bad(_QUERY_INVALID)
        results = params.get("results")
        if not isinstance(results, list):
            raise _bad("can't parse inline query results JSON object")
        if len(results) > MAX_INLINE_RESULTS:
            raise _bad("too many inline query results")
        seen: set[str] = set()
        for result in results:
            if not isinstance(result, dict) or result.get("type") not in _INLINE_RESULT_TYPES:
                raise _bad("can't parse inline query result: unsupported type")
            result_id = result.get("id")
            if not isinstance(result_id, str) or not 1 <= len(result_id.encode()) <= 64:
                raise _bad("RESULT_ID_INVALID")
            if result_id in seen:
                raise _bad("RESULT_ID_DUPLICATE")
            seen.add(result_id)
            if result["type"] == "article" and not result.get("title"):
                raise _bad("RESULT_TITLE_EMPTY")
            content = result.get("input_message_content")
            if isinstance(content, dict) and "message_text" in content:
                if not content["message_text"]:
                    raise _bad("MESSAGE_EMPTY")
                self._parse_text(content["message_text"], content.get("parse_mode"))
            elif result["type"] == "article":
                raise _bad('can\'t parse InlineQueryResult: Field "input_message_content" missing')
            if "reply_markup" in result:
                self._markup({"reply_markup": result["reply_markup"]}, inline_only=True)
        self._open_inline_queries.discard(query_id)
        self.inline_answers.append(
            {
                "inline_query_id": query_id,
                "results": results,
                "cache_time": params.get("cache_time"),
                "is_personal": bool(params.get("is_personal", False)),
                "next_offset": params.get("next_offset"),
                "button": params.get("button"),
            }
        )
        return True

    @staticmethod
    def _scope_key(scope: Any) -> str:
        if scope is None:
            return "default"
        if not isinstance(scope, dict) or "type" not in scope:
            raise _bad("can't parse BotCommandScope JSON object")
        kind = scope["type"]
        if kind in ("default", "all_private_chats", "all_group_chats", "all_chat_administrators"):
            return str(kind)
        if kind in ("chat", "chat_administrators"):
            return f"{kind}:{scope.get('chat_id')}"
        if kind == "chat_member":
            return f"chat_member:{scope.get('chat_id')}:{scope.get('user_id')}"
        raise _bad("unsupported bot command scope type")

    @staticmethod
    def _language(params: JSONDict) -> str:
        lang = str(params.get("language_code") or "")
        if lang and not re.fullmatch(r"[a-z]{2}", lang):
            raise _bad("invalid language code specified")
        return lang

    async def _set_my_commands(self, params: JSONDict) -> bool:
        commands = params.get("commands")
        if not isinstance(commands, list):
            raise _bad("can't parse commands JSON object")
        if len(commands) > 100:
            raise _bad("BOT_COMMANDS_TOO_MUCH")
        for cmd in commands:
            if not isinstance(cmd, dict):
                raise _bad("can't parse BotCommand JSON object")
            if not isinstance(cmd.get("command"), str) or not _COMMAND_RE.match(cmd["command"]):
                raise _bad("BOT_COMMAND_INVALID")
            description = cmd.get("description")
            if not isinstance(description, str) or not 1 <= len(description) <= 256:
                raise _bad("BOT_COMMAND_DESCRIPTION_INVALID")
        key = (self._scope_key(params.get("scope")), self._language(params))
        if commands:
            self.commands_by_scope[key] = [
                {"command": c["command"], "description": c["description"]} for c in commands
            ]
        else:
            self.commands_by_scope.pop(key, None)
        return True

    async def _get_my_commands(self, params: JSONDict) -> list[JSONDict]:
        key = (self._scope_key(params.get("scope")), self._language(params))
        return list(self.commands_by_scope.get(key, []))

    async def _delete_my_commands(self, params: JSONDict) -> bool:
        key = (self._scope_key(params.get("scope")), self._language(params))
        self.commands_by_scope.pop(key, None)
        return True

    async def _send_chat_action(self, params: JSONDict) -> bool:
        chat = self._chat(params)
        action = params.get("action")
        if action not in _CHAT_ACTIONS:
            raise _bad("wrong parameter action in request")
        self.chat_actions.append((int(chat["id"]), str(action)))
        return True

    def _input_file(self, params: JSONDict, key: str, *, image: bool) -> UploadedFile:
        value = params.get(key)
        if isinstance(value, UploadedFile):
            if not value.data:
                raise _bad("file must be non-empty")
            if image and _image_size(value.data) is None:
                raise _bad("IMAGE_PROCESS_FAILED")
            return value
        if isinstance(value, str) and value:
            if value in self._files:
                return self._files[value]
            if value.startswith(("http://", "https://")):
                seq = next(self._file_seq)
                return UploadedFile(
                    file_id=f"FAKEFILE-{seq:08d}-{key}",
                    file_unique_id=f"uniq{seq:08d}",
                    data=b"",
                    url=value,
                )
            raise _bad("wrong file identifier/HTTP URL specified")
        raise _bad(f"there is no {key} in the request")

    async def _send_file(self, params: JSONDict, kind: str, method: str) -> JSONDict:
        chat = self._chat(params)
        upload = self._input_file(params, kind, image=kind == "photo")
        caption = params.get("caption")
        parse_mode = params.get("parse_mode")
        parsed = self._parse_text(caption, parse_mode, caption=True)
        markup = self._markup(params)
        reply_to = self._reply_target(int(chat["id"]), params)
        upload.kind = upload.kind or kind
        msg = self._store_bot_message(
            chat,
            kind=kind,
            method=method,
            text=None if caption is None else str(caption),
            parse_mode=parse_mode,
            parsed=parsed,
            markup=markup,
            reply_to=reply_to,
            file=upload,
        )
        if upload.file_id not in self._files:
            upload.chat_id, upload.message_id, upload.caption = chat["id"], msg.message_id, msg.text
            self._files[upload.file_id] = upload
            self._files_by_path[upload.file_path] = upload
            (self.photos if kind == "photo" else self.documents).append(upload)
        return msg.to_dict()

    async def _send_photo(self, params: JSONDict) -> JSONDict:
        return await self._send_file(params, "photo", "sendPhoto")

    async def _send_document(self, params: JSONDict) -> JSONDict:
        return await self._send_file(params, "document", "sendDocument")

    async def _get_file(self, params: JSONDict) -> JSONDict:
        f = self._files.get(str(params.get("file_id") or ""))
        if f is None:
            raise _bad("invalid file_id")
        result: JSONDict = {"file_id": f.file_id, "file_unique_id": f.file_unique_id}
        if f.data:
            result["file_size"] = f.size
            result["file_path"] = f.file_path
        return result

    async def _set_webhook(self, params: JSONDict) -> _Described:
        url = str(params.get("url") or "")
        if not url:
            return await self._delete_webhook(params)
        parts = urlsplit(url)
        if not self.allow_http_webhook:
            if parts.scheme != "https":
                raise _bad("bad webhook: An HTTPS URL must be provided for webhook")
            if parts.port not in (None, 80, 88, 443, 8443):
                raise _bad("bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443")
        elif parts.scheme not in ("http", "https") or not parts.hostname:
            raise _bad("bad webhook: Failed to resolve host: Name or service not known")
        secret = params.get("secret_token")
        if secret is not None and not _SECRET_TOKEN_RE.match(str(secret)):
            raise _bad("secret token contains unallowed characters")
        max_connections = params.get("max_connections", 40)
        if not isinstance(max_connections, int) or not 1 <= max_connections <= 100:
            raise _bad("invalid max_connections specified")
        self._set_allowed_updates(params.get("allowed_updates"))
        if params.get("drop_pending_updates"):
            self._updates.clear()
        self.webhook = {
            "url": url,
            "secret_token": secret,
            "max_connections": max_connections,
        }
        return _Described(True, "Webhook was set")

    async def _delete_webhook(self, params: JSONDict) -> _Described:
        if params.get("drop_pending_updates"):
            self._updates.clear()
        was_set = self.webhook is not None
        self.webhook = None
        return _Described(True, "Webhook was deleted" if was_set else "Webhook is already deleted")

    async def _get_webhook_info(self, params: JSONDict) -> JSONDict:
        info: JSONDict = {
            "url": self.webhook["url"] if self.webhook else "",
            "has_custom_certificate": False,
            "pending_update_count": len(self._updates),
        }
        if self.webhook:
            info["max_connections"] = self.webhook["max_connections"]
            if self._allowed_updates is not None:
                info["allowed_updates"] = sorted(self._allowed_updates)
        return info

    async def _log_out(self, params: JSONDict) -> bool:
        self.logged_out = True
        return True

    async def _close(self, params: JSONDict) -> bool:
        self.closed = True
        return True

    async def _get_chat(self, params: JSONDict) -> JSONDict:
        chat_id = params.get("chat_id")
        chat = self._chats.get(chat_id) if isinstance(chat_id, int) else None
        if chat is None:
            raise _bad("chat not found")
        return {
            **chat,
            "accent_color_id": 0,
            "max_reaction_count": 11,
            "accepted_gift_types": {
                "unlimited_gifts": False,
                "limited_gifts": False,
                "unique_gifts": False,
                "premium_subscription": False,
                "gifts_from_channels": False,
            },
        }
