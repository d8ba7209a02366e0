"""Helpers shared by the alert tests: seeding, the timed fake, the worker process."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterable
from decimal import Decimal
from pathlib import Path
from typing import Any

from sqlalchemy import func, select

from benchmarks.seeding import Seed, seed  # noqa: F401 (re-exported for the tests)
from bot.alerts.matching import SubState, evaluate
from bot.alerts.model import PriceMove, Reason
from bot.storage.engine import Database
from bot.storage.models import Delivery, PriceChange
from fakebotapi import FakeBotAPI, SentMessage, validate_telegram_html
from rules.catalogue import load_catalogue

ROOT = Path(__file__).resolve().parents[2]

# The packaged price of every rented GPU that has one: a whole price list names them all.
PACKAGED_PRICES = {"l40s": "0.82", "a100-80gb": "0.92", "h100": "2.32", "h200": "3.07",
                   "b200": "4.61"}


def whole_list(**changes: str) -> dict[str, str]:
    """A complete price list (what a feed file holds): the packaged prices with ``changes``
    (``a100_80gb=`` for ``a100-80gb``)."""
    return {**PACKAGED_PRICES, **{k.replace("_", "-"): v for k, v in changes.items()}}


async def outbox_counts(db: Database) -> dict[str, int]:
    async with db.sessions() as session:
        rows = await session.execute(
            select(Delivery.status, func.count()).group_by(Delivery.status)
        )
        return {status: int(n) for status, n in rows}


async def history_rows(db: Database) -> int:
    async with db.sessions() as session:
        return int(await session.scalar(select(func.count()).select_from(PriceChange)) or 0)


async def deliveries(db: Database) -> list[Delivery]:
    async with db.sessions() as session:
        return list(await session.scalars(select(Delivery).order_by(Delivery.id)))


# ----------------------------------------------------------------------------- the fake


class TimedFakeBotAPI(FakeBotAPI):
    """The fake, also recording when each message was accepted (monotonic clock): the
    message ``date`` Telegram returns has a one-second resolution, too coarse for rates."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.accepted: list[tuple[float, int, str]] = []  # (time, chat_id, text)

    async def _send_message(self, params: dict[str, Any]) -> Any:
        result = await super()._send_message(params)
        self.accepted.append((time.monotonic(), int(params["chat_id"]), str(params["text"])))
        return result


# ----------------------------------------------------------------------------- worker process


class Worker:
    """tests/support/alerts_worker.py in a subprocess: the sender against the fake and a database."""

    def __init__(self, db_url: str, api: FakeBotAPI, *extra: str) -> None:
        self.args = [
            sys.executable, "-m", "tests.support.alerts_worker", "--database-url", db_url,
            "--base-url", api.base_url, "--token", api.token, *extra,
        ]
        self.proc: asyncio.subprocess.Process | None = None
        self.lines: list[str] = []
        self._reader: asyncio.Task[None] | None = None
        self.leader = asyncio.Event()

    async def start(self) -> Worker:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.proc = await asyncio.create_subprocess_exec(
            *self.args, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=None,
        )
        self._reader = asyncio.create_task(self._read())
        return self

    async def _read(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        async for raw in self.proc.stdout:
            line = raw.decode().strip()
            self.lines.append(line)
            if line == "LEADER":
                self.leader.set()

    def kill(self) -> None:
        """SIGKILL: no cleanup, no goodbye; the kernel closes its sockets."""
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGKILL)

    async def wait(self) -> None:
        if self.proc is not None:
            await self.proc.wait()
        if self._reader is not None:
            await self._reader

    async def stop(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.terminate()
            try:
                await asyncio.wait_for(self.proc.wait(), 10)
            except TimeoutError:
                self.kill()
        await self.wait()


async def wait_until(predicate: Any, timeout: float, what: str, step: float = 0.02) -> None:  # noqa: ASYNC109
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(step)


def per_chat(accepted: Iterable[tuple[float, int, str]]) -> dict[int, list[str]]:
    found: dict[int, list[str]] = {}
    for _, chat, text in accepted:
        found.setdefault(chat, []).append(text)
    return found


# ----------------------------------------------------------------------------- the alert bot

ADMIN = 424_242
USER = 1_001


def packaged_prices() -> dict[str, str]:
    return {g.id: str(g.usd_per_gpu_hour) for g in load_catalogue().gpus
            if g.usd_per_gpu_hour is not None}


async def say(api: FakeBotAPI, chat: int, text: str, lang: str = "en") -> SentMessage:
    before = api.message_count(chat)
    api.push_message(chat, text, language_code=lang)
    sent = await api.wait_for_messages(before + 1, chat_id=chat, timeout=10)
    message = sent[-1]
    if message.kind == "text":
        assert validate_telegram_html(message.text) is None
    return message


def run(state: SubState, prices: list[Decimal], start: Decimal) -> list[Reason | None]:
    """What a subscription in `state` fires (or not) at each price in turn, from `start`."""
    fired: list[Reason | None] = []
    old = start
    for price in prices:
        reason, state = evaluate(state, PriceMove("h100", old, price))
        fired.append(reason)
        old = price
    return fired
