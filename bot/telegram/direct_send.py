"""Alert sends over keep-alive HTTP/1.1 connections of their own (ALERTS_DIRECT_HTTP).

Measured against the fake Bot API on this machine (benchmarks/fanout.py, README): PTB's
``Bot.send_message`` costs about 2 ms of CPU a message and httpx/httpcore alone about 1.5 ms
(the connection pool's bookkeeping, anyio's socket checks, h11), which keeps the sender near
500 msg/s; one ``sendMessage`` written to an asyncio stream and its JSON answer read back
costs about 0.25 ms. Only the alert sender uses this path: one method, a JSON body, a JSON
answer. It keeps ``telegram_sender``'s outcomes exactly (bot.alerts.errors):

- ``parameters.retry_after`` → RetryLater; 403, or a 400 saying the chat is gone → Blocked;
  any other 400 → Rejected; everything else (5xx, 401/404, a migrated chat) → Transient;
- no connection, a connect timeout, or the connection closed without an answer → Transient
  (as httpx's "server disconnected" through PTB); a timeout or a broken connection once the
  request was written → Unconfirmed (Telegram may have sent it: never sent twice), as PTB's
  read and write timeouts.

It does not honour HTTP(S)_PROXY (httpx does): leave it off behind a proxy.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import ssl
from typing import Any
from urllib.parse import urlsplit

from bot.alerts.errors import Blocked, Rejected, RetryLater, Transient, Unconfirmed
from bot.telegram.request import Lost, read_response

# Telegram's 400 errors that mean the chat is gone for good, like a 403 (telegram_sender's too).
GONE = ("chat not found", "user is deactivated", "bot was kicked", "peer_id_invalid")
_Connection = tuple[asyncio.StreamReader, asyncio.StreamWriter]


class DirectSender:
    """``await sender(chat_id, html)``: a SendFunction with up to ``connections`` requests in
    flight, each on its own connection, reused while the server keeps it open."""

    def __init__(
        self, base_url: str, token: str, *, connections: int = 8, timeout: float = 10.0,
        paid_broadcast: bool = False,
    ) -> None:
        url = urlsplit(f"{base_url}{token}/sendMessage")
        if url.scheme not in ("http", "https") or url.hostname is None:
            raise ValueError("TELEGRAM_API_BASE_URL must be an http(s) URL")
        self.host = url.hostname
        self.tls = url.scheme == "https"
        self.port = url.port or (443 if self.tls else 80)
        host_header = url.netloc.rsplit("@", 1)[-1]
        self._head = (f"POST {url.path} HTTP/1.1\r\nHost: {host_header}\r\n"
                      "User-Agent: gpu-assistant alerts\r\nContent-Type: application/json\r\n"
                      "Content-Length: ").encode()
        self.timeout = timeout
        self.paid_broadcast = paid_broadcast
        self._idle: list[_Connection] = []
        self._slots = asyncio.Semaphore(connections)
        self._ssl = ssl.create_default_context() if self.tls else None

    async def __call__(self, chat_id: int, text: str) -> None:
        payload: dict[str, Any] = {"chat_id": chat_id, "text": text, "parse_mode": "HTML",
                                   "link_preview_options": {"is_disabled": True}}
        if self.paid_broadcast:
            payload["allow_paid_broadcast"] = True
        body = json.dumps(payload, ensure_ascii=False).encode()
        request = self._head + str(len(body)).encode() + b"\r\n\r\n" + body
        async with self._slots:
            status, answer = await self._exchange(request)
        _raise_for(status, answer)

    async def _exchange(self, request: bytes) -> tuple[int, bytes]:
        reader, writer = await self._connection()
        try:
            writer.write(request)
            await asyncio.wait_for(writer.drain(), self.timeout)
            status, answer, keep = await asyncio.wait_for(read_response(reader), self.timeout)
        except (OSError, TimeoutError, asyncio.IncompleteReadError, asyncio.LimitOverrunError,
                ValueError) as exc:
            _close(writer)
            if isinstance(exc, Lost):
                # Closed without an answer: retried later, as httpx's "server disconnected"
                # is (a NetworkError for PTB).
                raise Transient(f"the Bot API closed the connection: {exc}") from exc
            # Written (at least in part), then a timeout or a broken connection: Telegram
            # may have sent it, as PTB's read and write timeouts.
            raise Unconfirmed(f"no answer from the Bot API: {exc!r}") from exc
        except BaseException:
            _close(writer)  # cancelled mid-request: the connection's state is unknown
            raise
        if keep:
            self._idle.append((reader, writer))
        else:
            _close(writer)
        return status, answer

    async def _connection(self) -> _Connection:
        while self._idle:
            reader, writer = self._idle.pop()
            # The server's close of an idle connection has already reached the reader (the
            # loop ran since): such a connection is dropped, never written to.
            if not reader.at_eof() and not writer.is_closing():
                return reader, writer
            _close(writer)
        try:
            return await asyncio.wait_for(
                asyncio.open_connection(self.host, self.port, ssl=self._ssl), self.timeout)
        except (OSError, TimeoutError) as exc:
            raise Transient(f"cannot connect to the Bot API: {exc!r}") from exc

    async def close(self) -> None:
        while self._idle:
            writer = self._idle.pop()[1]
            _close(writer)
            with contextlib.suppress(Exception):
                await writer.wait_closed()


def _close(writer: asyncio.StreamWriter) -> None:
    with contextlib.suppress(Exception):
        writer.close()


def _raise_for(status: int, answer: bytes) -> None:
    """Telegram's answer mapped as telegram_sender maps PTB's exceptions."""
    try:
        data = json.loads(answer)
    except ValueError:
        data = None
    if not isinstance(data, dict):
        if status == 200:
            raise Unconfirmed(f"unreadable answer from the Bot API (HTTP {status})")
        raise Transient(f"HTTP {status} from the Bot API")
    if data.get("ok") is True:
        return
    description = str(data.get("description") or f"HTTP {status}")
    parameters = data.get("parameters")
    if isinstance(parameters, dict):
        if parameters.get("migrate_to_chat_id") is not None:
            raise Transient(description)  # PTB's ChatMigrated, a TelegramError
        retry_after = parameters.get("retry_after")
        if isinstance(retry_after, int | float):
            raise RetryLater(retry_after)
    code = data.get("error_code", status)
    if code == 403:
        raise Blocked(description)
    if code == 400:
        if any(gone in description.lower() for gone in GONE):
            raise Blocked(description)
        raise Rejected(description)
    raise Transient(description)
