"""Webhook abuse against the real `python -m bot --webhook` process and the fake Bot API:
huge unauthenticated bodies, a secret Telegram refuses, a refused setWebhook, malformed updates.

Every verdict is a status, an exit code or a log line; waits are bounded conditions.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from telegram.error import BadRequest, NetworkError

from bot.telegram.webhook import MAX_UPDATE_BYTES, secret_problem, set_webhook
from fakebotapi import FakeBotAPI

SECRET = "hostile-webhook-secret_0123"
MARKER = "BODY-MARKER-7d1f"  # must never reach a log line


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _env(api: FakeBotAPI, tmp_path: Path, **extra: str) -> dict[str, str]:
    return {
        **os.environ,
        "TELEGRAM_BOT_TOKEN": api.token,
        "TELEGRAM_API_BASE_URL": api.base_url,
        "TELEGRAM_FILE_BASE_URL": api.base_file_url,
        "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}",
        "WEBHOOK_URL": "https://bot.example",
        "WEBHOOK_SECRET": SECRET,
        **extra,
    }


async def _start(env: dict[str, str], port: int, cwd: Path) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "--webhook", "--port", str(port), cwd=cwd, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )


async def _finish(proc: asyncio.subprocess.Process, timeout: float = 60) -> tuple[int, str]:  # noqa: ASYNC109
    try:
        code = await asyncio.wait_for(proc.wait(), timeout=timeout)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    assert proc.stdout is not None
    return code, (await proc.stdout.read()).decode(errors="replace")


@asynccontextmanager
async def webhook_bot(
    tmp_path: Path,
) -> AsyncIterator[tuple[FakeBotAPI, int, list[str], int]]:
    async with FakeBotAPI() as api:
        port = _free_port()
        proc = await _start(_env(api, tmp_path), port, tmp_path)
        output: list[str] = []
        try:
            await api.wait_for(lambda: api.webhook is not None, timeout=60, what="setWebhook")
            for _ in range(600):  # the port opens right after setWebhook
                try:
                    _, writer = await asyncio.open_connection("127.0.0.1", port)
                    writer.close()
                    break
                except OSError:
                    await asyncio.sleep(0.05)
            yield api, port, output, proc.pid
        finally:
            if proc.returncode is None:
                proc.send_signal(signal.SIGTERM)
            code, text = await _finish(proc)
            output.append(text)
            assert code == 0, text


async def _raw(port: int, head: str, body: bytes = b"") -> bytes:
    """Sends `head` (and `body`, perhaps less than announced); the status line answered, or
    b"" when the connection closes first. Bounded: 20 s."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(head.encode() + b"\r\n" + body)
        await writer.drain()
        return await asyncio.wait_for(reader.readline(), timeout=20)
    finally:
        writer.close()


def _rss_kb(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS")))


async def _flood(port: int, size: int) -> int:
    """POSTs `size` bytes without the secret; how many were accepted before the close."""
    _, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(_post(None, size).encode() + b"\r\n")
    block, sent = b"{" * (1024 * 1024), 0
    try:
        while sent < size:
            writer.write(block)
            await asyncio.wait_for(writer.drain(), timeout=20)
            sent += len(block)
    except (ConnectionError, TimeoutError):
        pass
    finally:
        writer.close()
    return sent


def _post(secret: str | None, length: int, content_type: str = "application/json") -> str:
    lines = ["POST /telegram HTTP/1.1", "Host: 127.0.0.1", f"Content-Type: {content_type}",
             f"Content-Length: {length}"]
    if secret is not None:
        lines.append(f"X-Telegram-Bot-Api-Secret-Token: {secret}")
    return "\r\n".join(lines) + "\r\n"


async def test_webhook_abuse_is_refused_before_the_body_is_read(tmp_path):
    async with webhook_bot(tmp_path) as (api, port, output, pid):
        fifty_mb = 50 * 1024 * 1024
        # Eight clients really sending 50 MB each without the secret (the attack: RSS
        # 152 → 651 MB): the bot closes each connection on its headers.
        rss_before = _rss_kb(pid)
        sent = await asyncio.gather(*(_flood(port, fifty_mb) for _ in range(8)))
        assert all(n < fifty_mb for n in sent)  # every connection was cut short
        assert _rss_kb(pid) - rss_before < 20 * 1024, (rss_before, _rss_kb(pid))
        # No body is sent: an answer can only come from the headers (PTB's server waited for
        # all 50 MB, then read them into memory, before comparing the secret).
        assert (await _raw(port, _post(None, fifty_mb))).startswith(b"HTTP/1.1 403")
        assert (await _raw(port, _post("wrong", fifty_mb))).startswith(b"HTTP/1.1 403")
        assert (await _raw(port, _post(SECRET, fifty_mb))).startswith(b"HTTP/1.1 413")
        over = MAX_UPDATE_BYTES + 1
        assert (await _raw(port, _post(SECRET, over))).startswith(b"HTTP/1.1 413")
        # Chunked, with no length announced: cut once over the limit.
        chunked = ("POST /telegram HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                   f"X-Telegram-Bot-Api-Secret-Token: {SECRET}\r\nTransfer-Encoding: chunked\r\n")
        size = 64 * 1024
        chunks = (f"{size:x}\r\n".encode() + b"x" * size + b"\r\n") * 8
        assert not (await _raw(port, chunked, chunks)).startswith(b"HTTP/1.1 200")

        # Malformed updates from the secret's holder: one line each, never their content.
        for body in (f"{MARKER} not json".encode(), json.dumps([MARKER]).encode(),
                     json.dumps({"update_id": 5, "message": MARKER}).encode(), b"\xff\xfe"):
            status = await _raw(port, _post(SECRET, len(body)), body)
            assert status.startswith((b"HTTP/1.1 400", b"HTTP/1.1 200")), status

        # A real update still gets its answer.
        update = api.make_message_update(3100, "prices")
        assert await api.post_update_to_webhook(
            f"http://127.0.0.1:{port}/telegram", update, secret_token=SECRET
        ) == 200
        (reply,) = await api.wait_for_messages(1, chat_id=3100, timeout=30)
        assert "H100" in reply.text
    text = output[0]
    assert MARKER not in text and "CRITICAL" not in text and "Traceback" not in text, text
    assert text.count("WARNING bot.telegram.webhook") == 4, text  # one per malformed update
    assert SECRET not in text


@pytest.mark.parametrize(("secret", "why"), [
    ("x", "at least 16"), ("s3cret token with spaces!", "only contain"),
    ("sécret-" * 4, "only contain"), ("a" * 257, "at most 256"),
])
async def test_a_secret_telegram_would_refuse_stops_the_process_with_a_clear_error(
    tmp_path, secret: str, why: str
):
    async with FakeBotAPI() as api:
        proc = await _start(_env(api, tmp_path, WEBHOOK_SECRET=secret), _free_port(), tmp_path)
        code, text = await _finish(proc, timeout=60)  # was: setWebhook retried forever
        assert code == 2, text
        assert why in text and "WEBHOOK_SECRET" in text, text
        assert api.call_counts["setWebhook"] == 0
        assert len(secret) < 8 or secret not in text


async def test_a_refused_set_webhook_is_logged_and_fatal(tmp_path):
    async with FakeBotAPI() as api:  # the fake, like Telegram, refuses http:// URLs
        env = _env(api, tmp_path, WEBHOOK_URL="http://bot.example")
        proc = await _start(env, _free_port(), tmp_path)
        code, text = await _finish(proc, timeout=60)  # was: retried forever, no log line
        assert code == 1, text
        assert "Telegram refused setWebhook" in text and "https" in text.lower(), text
        assert api.call_counts["setWebhook"] == 1


class _FlakyBot:
    def __init__(self, errors: list[Exception]) -> None:
        self.errors = errors
        self.calls = 0

    async def set_webhook(self, *args: Any, **kwargs: Any) -> bool:
        self.calls += 1
        if self.errors:
            raise self.errors.pop(0)
        return True


async def test_set_webhook_retries_network_trouble_a_bounded_number_of_times(caplog):
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    down = _FlakyBot([NetworkError("connection refused")] * 10)
    assert await set_webhook(down, "https://x/telegram", SECRET, tries=5, sleep=sleep) is False  # type: ignore[arg-type]
    assert down.calls == 5 and slept == [1, 2, 4, 8]
    assert "setWebhook failed 5 times" in caplog.text
    back = _FlakyBot([NetworkError("reset"), NetworkError("reset")])
    assert await set_webhook(back, "https://x/telegram", SECRET, sleep=sleep) is True  # type: ignore[arg-type]
    assert back.calls == 3
    refused = _FlakyBot([BadRequest("bad webhook: HTTPS URL must be provided")] * 3)
    assert await set_webhook(refused, "http://x", SECRET, sleep=sleep) is False  # type: ignore[arg-type]
    assert refused.calls == 1


@pytest.mark.parametrize(("secret", "ok"), [
    ("s3cret-webhook-token", True), ("A" * 256, True), ("a-b_c" * 4, True), ("", False),
    ("x" * 15, False), ("A" * 257, False), ("has space " * 2, False), ("ünïcode-secret-123", False),
    ("new\nline-secret-1234", False),
])
def test_webhook_secret_rule(secret: str, ok: bool):
    assert (secret_problem(secret) is None) is ok
