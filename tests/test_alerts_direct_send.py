"""The alert sender's direct HTTP path (ALERTS_DIRECT_HTTP) gives the same outcomes as PTB's
send_message (telegram_sender), against the fake Bot API."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from types import SimpleNamespace

import pytest
from telegram import Bot
from telegram.request import HTTPXRequest

from bot.alerts import AlertServices
from bot.alerts.errors import Blocked, Rejected, RetryLater, SendFunction, Transient, Unconfirmed
from bot.settings import Settings
from bot.telegram.alert_handlers import start_alerts, stop_alerts, telegram_sender
from bot.telegram.direct_send import DirectSender
from fakebotapi import FakeBotAPI
from rules.catalogue import load_catalogue


@asynccontextmanager
async def via_ptb(api: FakeBotAPI, paid: bool = False) -> AsyncIterator[SendFunction]:
    async with Bot(api.token, base_url=api.base_url,
                   request=HTTPXRequest(read_timeout=0.2)) as bot:
        yield telegram_sender(bot, paid_broadcast=paid)


@asynccontextmanager
async def via_direct(api: FakeBotAPI, paid: bool = False) -> AsyncIterator[SendFunction]:
    sender = DirectSender(api.base_url, api.token, connections=2, timeout=0.2,
                          paid_broadcast=paid)
    try:
        yield sender
    finally:
        await sender.close()


BOTH = pytest.mark.parametrize("path", [via_ptb, via_direct], ids=["ptb", "direct"])


@BOTH
async def test_outcomes_match(path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("PTB_TIMEDELTA", "true")
    async with FakeBotAPI(strict_chats=True) as api:
        api.push_message(1, "hi")
        async with path(api) as send:
            await send(1, "<b>ok</b> — ünïcode €")
            api.fail_next("sendMessage", 429, retry_after=7)
            with pytest.raises(RetryLater) as retry:
                await send(1, "x")
            assert retry.value.seconds == 7
            api.block_chat(1)
            with pytest.raises(Blocked):
                await send(1, "x")
            api.unblock_chat(1)
            with pytest.raises(Blocked):  # 400 chat not found: gone like a 403
                await send(999, "x")
            with pytest.raises(Rejected):
                await send(1, "<b>unclosed")
            api.fail_next("sendMessage", 502)
            with pytest.raises(Transient) as failed:
                await send(1, "x")
            assert not isinstance(failed.value, Unconfirmed)  # retried: it never arrived
            api.delay_next("sendMessage", 0.5)
            with pytest.raises(Unconfirmed):  # timed out at Telegram: may have arrived
                await send(1, "late")
            await asyncio.sleep(0.5)
            await send(1, "after")  # a timed-out connection is not reused
        texts = [m.text for m in api.sent_messages(1) if m.outgoing]
        assert texts == ["<b>ok</b> — ünïcode €", "late", "after"]


@BOTH
async def test_parameters_match(path):
    async with FakeBotAPI(strict_chats=True) as api:
        api.push_message(1, "hi")
        for paid in (False, True):
            async with path(api, paid) as send:
                await send(1, "<i>alert</i>")
        sent = api.calls_of("sendMessage")
        assert [p.get("parse_mode") for p in sent] == ["HTML", "HTML"]
        # PTB's plain request form-encodes: "true" there, true in JSON.
        assert [p.get("allow_paid_broadcast") in (True, "true") for p in sent] == [False, True]
        assert all(p["link_preview_options"]["is_disabled"] for p in sent)


async def test_connections_are_reused_and_bounded():
    async with FakeBotAPI(strict_chats=True) as api:
        for chat in range(1, 21):
            api.push_message(chat, "hi")
        async with via_direct(api) as send:
            await asyncio.gather(*(send(chat, f"n{chat}") for chat in range(1, 21)))
            assert isinstance(send, DirectSender)
            assert len(send._idle) == 2  # two connections carried the twenty sends
        assert sorted(m.chat_id for m in api.sent_messages() if m.outgoing) == list(range(1, 21))


async def test_unreachable_api_is_transient():
    sender = DirectSender("http://127.0.0.1:9/bot", "1:x", timeout=0.5)
    with pytest.raises(Transient) as failed:
        await sender(1, "x")
    assert not isinstance(failed.value, Unconfirmed)


@pytest.mark.parametrize("direct", [False, True])
async def test_the_setting_picks_the_path(direct: bool, tmp_path, monkeypatch):
    settings = Settings(
        _env_file=None,  # type: ignore[call-arg]
        telegram_bot_token="1:x", telegram_api_base_url="http://127.0.0.1:9/bot",
        database_url=f"sqlite+aiosqlite:///{tmp_path / 'a.sqlite3'}", alerts_direct_http=direct,
    )
    alerts = AlertServices.from_settings(settings, catalogue=load_catalogue())
    started: list[SendFunction] = []

    async def start(send: SendFunction, *, feed_loop: bool = True) -> None:
        started.append(send)

    monkeypatch.setattr(alerts, "start", start)
    services = SimpleNamespace(alerts=alerts, prefs=alerts.prefs)
    app = SimpleNamespace(job_queue=None, bot=SimpleNamespace(token="1:x"))
    await start_alerts(app, services)  # type: ignore[arg-type]
    assert isinstance(started[0], DirectSender) is direct
    await stop_alerts(app, services)  # type: ignore[arg-type]
