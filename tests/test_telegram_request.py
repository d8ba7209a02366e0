"""The bot's Bot API transport (bot/telegram/request.py, StreamRequest: JSON calls written to
keep-alive HTTP/1.1 connections) gives every outcome PTB's HTTPX request gives: the same
exception for a 429, 403, 400, 401, 5xx, a timeout, a lost or refused connection and a busy
pool, and the same request on the wire. Each test runs against both."""

from __future__ import annotations

import asyncio
import ssl
import subprocess
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from telegram import Bot, Message
from telegram.error import (
    ChatMigrated,
    NetworkError,
    RetryAfter,
    TelegramError,
    TimedOut,
)
from telegram.request import BaseRequest, RequestData
from telegram.request._requestparameter import RequestParameter

from bot.telegram.request import JsonHTTPXRequest, StreamRequest
from fakebotapi import FakeBotAPI

KINDS = ("httpx", "stream")
BOTH = pytest.mark.parametrize("kind", KINDS)


def request(kind: str, *, pool: int = 2, timeout: float = 0.3, pool_timeout: float = 1.0,
            ssl_context: ssl.SSLContext | None = None) -> BaseRequest:
    kwargs: dict[str, Any] = {
        "connection_pool_size": pool, "read_timeout": timeout, "write_timeout": timeout,
        "connect_timeout": timeout, "pool_timeout": pool_timeout,
    }
    if ssl_context is not None:
        kwargs["httpx_kwargs"] = {"verify": ssl_context}
    if kind == "httpx":
        return JsonHTTPXRequest(**kwargs)
    return StreamRequest(**kwargs, ssl_context=ssl_context)


async def call(transport: BaseRequest, base: str, token: str = "1:x") -> object:
    """A Bot API call through the transport as Bot makes it (post: status codes to errors)."""
    data = RequestData([RequestParameter.from_input("chat_id", 1),
                        RequestParameter.from_input("action", "typing")])
    return await transport.post(f"{base}{token}/sendChatAction", data)


@asynccontextmanager
async def bot_on(base_url: str, token: str, transport: BaseRequest) -> AsyncIterator[Bot]:
    async with Bot(token, base_url=base_url, request=transport) as bot:
        yield bot


async def outcome(call: Awaitable[object]) -> str:
    """The exception's class (RetryAfter with its delay), or "ok"."""
    try:
        await call
    except RetryAfter as exc:
        return f"RetryAfter {exc.retry_after}"
    except TelegramError as exc:
        return type(exc).__name__
    return "ok"


@BOTH
async def test_every_outcome_is_ptbs(kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PTB_TIMEDELTA", "true")
    async with FakeBotAPI(strict_chats=True) as api:
        api.push_message(1, "hi")
        async with bot_on(api.base_url, api.token, request(kind)) as bot:
            got = [await outcome(bot.send_message(1, "<b>ok</b> — ünïcode €", parse_mode="HTML"))]
            api.fail_next("sendMessage", 429, retry_after=7)
            got.append(await outcome(bot.send_message(1, "x")))
            api.block_chat(1)
            got.append(await outcome(bot.send_message(1, "x")))
            api.unblock_chat(1)
            got.append(await outcome(bot.send_message(999, "x")))  # chat not found
            got.append(await outcome(bot.send_message(1, "<b>unclosed", parse_mode="HTML")))
            for status in (502, 500, 401, 409):
                api.fail_next("sendMessage", status)
                got.append(await outcome(bot.send_message(1, "x")))
            api.delay_next("sendMessage", 0.6)
            got.append(await outcome(bot.send_message(1, "late")))
            await asyncio.sleep(0.6)  # the late answer has reached the timed-out connection
            after = await bot.send_message(1, "after")
            assert after.text == "after"  # that connection's stale answer is not read as this one's
        assert got == [
            "ok", "RetryAfter 0:00:07", "Forbidden", "BadRequest", "BadRequest",
            "NetworkError", "NetworkError", "InvalidToken", "Conflict", "TimedOut",
        ]
        texts = [m.text for m in api.sent_messages(1) if m.outgoing]
        assert texts == ["<b>ok</b> — ünïcode €", "late", "after"]


@BOTH
async def test_the_request_on_the_wire_is_the_same(kind: str) -> None:
    async with FakeBotAPI(strict_chats=True) as api:
        api.push_message(1, "hi")
        async with bot_on(api.base_url, api.token, request(kind)) as bot:
            keyboard = {"inline_keyboard": [[{"text": "Ä", "callback_data": "pay"}]]}
            await bot._post("sendMessage", {"chat_id": 1, "text": "<i>é</i>",
                                            "parse_mode": "HTML", "reply_markup": keyboard})
            await bot.send_chat_action(1, "typing")
        assert api.calls_of("sendMessage") == [
            {"chat_id": 1, "text": "<i>é</i>", "parse_mode": "HTML", "reply_markup": keyboard}
        ]
        assert api.chat_actions == [(1, "typing")]


@BOTH
async def test_files_still_go_as_multipart(kind: str) -> None:
    async with FakeBotAPI(strict_chats=True) as api:
        api.push_message(1, "hi")
        async with bot_on(api.base_url, api.token, request(kind)) as bot:
            sent = await bot.send_photo(1, b"\x89PNG\r\n\x1a\n" + bytes(64), caption="c")
        assert isinstance(sent, Message) and sent.caption == "c"


@BOTH
async def test_a_cancelled_request_leaves_no_answer_behind(kind: str) -> None:
    """A handler cancelled mid-request (shutdown): its connection is never used again, or the
    next call would read the cancelled call's answer."""
    async with FakeBotAPI(strict_chats=True) as api:
        api.push_message(1, "hi")
        async with bot_on(api.base_url, api.token, request(kind, pool=1, timeout=2)) as bot:
            api.delay_next("sendMessage", 0.3)
            with pytest.raises(TimeoutError):
                async with asyncio.timeout(0.1):
                    await bot.send_message(1, "cancelled")
            await asyncio.sleep(0.4)
            after = await bot.send_message(1, "after")
            assert after.text == "after"


@BOTH
async def test_a_busy_pool_times_out_without_sending(kind: str) -> None:
    async with FakeBotAPI(strict_chats=True) as api:
        api.push_message(1, "hi")
        async with bot_on(api.base_url, api.token,
                          request(kind, pool=1, timeout=2, pool_timeout=0.1)) as bot:
            api.delay_next("sendMessage", 0.5)
            slow = asyncio.create_task(bot.send_message(1, "slow"))
            await asyncio.sleep(0.05)
            with pytest.raises(TimedOut, match=r"(?i)pool timeout"):
                await bot.send_message(1, "never sent")
            await slow
            # The pool is whole again: both connections' turns come back.
            await asyncio.gather(*(bot.send_message(1, f"n{i}") for i in range(3)))
        texts = [m.text for m in api.sent_messages(1) if m.outgoing]
        assert texts == ["slow", "n0", "n1", "n2"]


async def test_stream_connections_are_reused_and_bounded() -> None:
    async with FakeBotAPI(strict_chats=True) as api:
        for chat in range(1, 21):
            api.push_message(chat, "hi")
        transport = request("stream", pool=2, timeout=2)
        assert isinstance(transport, StreamRequest)
        async with bot_on(api.base_url, api.token, transport) as bot:
            await asyncio.gather(*(bot.send_message(chat, f"n{chat}") for chat in range(1, 21)))
            idle = [c for conns in transport._idle.values() for c in conns]
            assert len(idle) == 2  # two connections carried the twenty sends
        assert sorted(m.chat_id for m in api.sent_messages() if m.outgoing) == list(range(1, 21))


@BOTH
async def test_an_unreachable_api_is_a_network_error_not_a_timeout(kind: str) -> None:
    base = "http://127.0.0.1:9/bot"
    async with request(kind, timeout=2) as transport:
        with pytest.raises(NetworkError) as failed:
            await call(transport, base)
        assert not isinstance(failed.value, TimedOut)


@BOTH
async def test_a_proxy_in_the_environment_is_used(kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """HTTP(S)_PROXY is honoured as httpx honours it: the stream path steps aside (here the
    proxy is unreachable, so both fail the same way instead of going around it)."""
    async with FakeBotAPI(strict_chats=True) as api:
        api.push_message(1, "hi")
        for name in ("HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy"):
            monkeypatch.setenv(name, "http://127.0.0.1:9")
        monkeypatch.delenv("NO_PROXY", raising=False)
        monkeypatch.delenv("no_proxy", raising=False)
        async with request(kind, timeout=2) as transport:
            assert await outcome(call(transport, api.base_url, api.token)) == "NetworkError"
        assert not [m for m in api.sent_messages(1) if m.outgoing]


# ----------------------------------------------------------- a raw server: what the fake won't do

Respond = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]


@asynccontextmanager
async def raw_server(respond: Respond, tls: ssl.SSLContext | None = None
                     ) -> AsyncIterator[tuple[str, list[bytes]]]:
    """A server answering each request with `respond`; yields its base URL and the requests'
    bodies."""
    bodies: list[bytes] = []

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n")
                              if line.lower().startswith(b"content-length:"))
                bodies.append(await reader.readexactly(length))
                await respond(reader, writer)
                if writer.is_closing():
                    return
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()

    server = await asyncio.start_server(serve, "127.0.0.1", 0, ssl=tls)
    port = server.sockets[0].getsockname()[1]
    try:
        yield f"{'https' if tls else 'http'}://127.0.0.1:{port}/bot", bodies
    finally:
        server.close()


OK = b'{"ok":true,"result":true}'


def answer(body: bytes, *extra: bytes) -> bytes:
    return b"\r\n".join((b"HTTP/1.1 200 OK", b"Content-Type: application/json", *extra,
                         b"Content-Length: " + str(len(body)).encode(), b"", body))


@BOTH
async def test_a_connection_closed_without_an_answer_is_a_network_error(kind: str) -> None:
    async def hang_up(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.close()

    async with raw_server(hang_up) as (base, bodies), \
            request(kind, timeout=2) as transport:
        with pytest.raises(NetworkError) as failed:
            await call(transport, base)
        assert not isinstance(failed.value, TimedOut)
        assert len(bodies) == 1  # written once, never again


@BOTH
async def test_chunked_answers_and_connection_close_are_read(kind: str) -> None:
    turn = 0

    async def vary(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        nonlocal turn
        turn += 1
        if turn == 1:  # chunked
            writer.write(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                         b"a\r\n{\"ok\":true\r\n0f\r\n,\"result\":true}\r\n0\r\n\r\n")
        elif turn == 2:  # then the server closes the connection
            writer.write(answer(OK, b"Connection: close"))
            await writer.drain()
            writer.close()
        else:
            writer.write(answer(OK))
        await writer.drain()

    async with raw_server(vary) as (base, bodies), \
            request(kind, timeout=2) as transport:
        for _ in range(3):
            assert await call(transport, base) is True
    assert len(bodies) == 3


@BOTH
async def test_an_error_status_without_json_is_ptbs_error(kind: str) -> None:
    async def bad_gateway(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 5\r\n\r\noops!")
        await writer.drain()

    async with raw_server(bad_gateway) as (base, _), \
            request(kind, timeout=2) as transport:
        with pytest.raises(NetworkError, match="Bad Gateway"):
            await call(transport, base)


@BOTH
async def test_migrated_chat_is_ptbs_error(kind: str) -> None:
    async def migrated(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        body = (b'{"ok":false,"error_code":400,"description":"Bad Request: group chat was '
                b'upgraded to a supergroup chat","parameters":{"migrate_to_chat_id":-100123}}')
        writer.write(answer(body).replace(b"200 OK", b"400 Bad Request"))
        await writer.drain()

    async with raw_server(migrated) as (base, _), \
            request(kind, timeout=2) as transport:
        with pytest.raises(ChatMigrated) as failed:
            await call(transport, base)
        assert failed.value.new_chat_id == -100123


@pytest.fixture(scope="module")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("tls")
    cert, key = folder / "cert.pem", folder / "key.pem"
    try:
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
             "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
             "-keyout", str(key), "-out", str(cert)],
            check=True, capture_output=True,
        )
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("openssl is needed to make a test certificate")
    return cert, key


@BOTH
async def test_https_is_verified_against_the_given_context(
    kind: str, certificate: tuple[Path, Path]
) -> None:
    cert, key = certificate
    server_tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    server_tls.load_cert_chain(cert, key)
    trusting = ssl.create_default_context(cafile=str(cert))

    async def ok(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write(answer(OK))
        await writer.drain()

    async with raw_server(ok, server_tls) as (base, bodies):
        async with request(kind, timeout=2, ssl_context=trusting) as transport:
            assert await call(transport, base) is True
        # A context that does not trust the certificate refuses the server.
        async with request(kind, timeout=2,
                                               ssl_context=ssl.create_default_context()) as transport:
            assert await outcome(call(transport, base)) == "NetworkError"
        assert len(bodies) == 1



async def test_a_connection_handed_to_a_waiter_that_gives_up_is_passed_on() -> None:
    """The pool's turn given to a call that is cancelled (or times out) before it resumes goes
    to the next caller: the pool never shrinks."""
    transport = StreamRequest(connection_pool_size=1)
    await transport._acquire(None)  # the only connection, taken
    waiting = asyncio.create_task(transport._acquire(None))
    await asyncio.sleep(0)  # queued
    transport._release()  # handed to the waiting call...
    waiting.cancel()  # ...which is cancelled before it runs again
    with pytest.raises(asyncio.CancelledError):
        await waiting
    assert transport._free == 1
    await transport._acquire(0.1)  # free again, at once
