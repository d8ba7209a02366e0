"""Helpers shared by the alert tests: seeding, the timed fake, the worker process."""

from __future__ import annotations

import asyncio
import datetime as dt
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

from sqlalchemy import func, insert, select

from bot.alerts.matching import initial_state
from bot.alerts.model import Kind
from bot.storage.engine import Database
from bot.storage.models import Delivery, Subscription, User
from tests.fake_bot_api import FakeBotAPI

ROOT = Path(__file__).resolve().parent.parent

# The packaged price of every rented GPU that has one: a whole price list names them all.
PACKAGED_PRICES = {"l40s": "0.82", "a100-80gb": "0.92", "h100": "2.32", "h200": "3.07",
                   "b200": "4.61"}


def whole_list(**changes: str) -> dict[str, str]:
    """A complete price list (what a feed file holds): the packaged prices with ``changes``
    (``a100_80gb=`` for ``a100-80gb``)."""
    return {**PACKAGED_PRICES, **{k.replace("_", "-"): v for k, v in changes.items()}}


# ----------------------------------------------------------------------------- seeding


@dataclass(frozen=True)
class Seed:
    user_id: int
    gpu_id: str
    kind: Kind
    threshold: Decimal | None = None
    locale: str | None = None  # chosen with /language
    language_code: str | None = None  # from Telegram
    chat_id: int | None = None  # defaults to the user's private chat


async def seed(db: Database, seeds: Sequence[Seed], prices: dict[str, Decimal]) -> None:
    """Bulk-inserts users and subscriptions (thousands in a second)."""
    now = dt.datetime.now(dt.UTC)
    users: dict[int, dict[str, Any]] = {}
    subs = []
    for s in seeds:
        users.setdefault(s.user_id, {
            "user_id": s.user_id, "chat_id": s.user_id, "locale": s.locale,
            "language_code": s.language_code, "blocked": False,
            "created_at": now, "updated_at": now,
        })
        state = initial_state(s.kind, s.threshold, prices.get(s.gpu_id))
        subs.append({
            "user_id": s.user_id, "chat_id": s.chat_id or s.user_id, "gpu_id": s.gpu_id,
            "kind": s.kind, "threshold": s.threshold, "armed": state.armed,
            "last_notified_price": state.last_notified, "active": True,
            "created_at": now, "updated_at": now,
        })
    async with db.transaction() as session:
        if users:
            await session.execute(insert(User), list(users.values()))
        if subs:
            await session.execute(insert(Subscription), subs)


async def outbox_counts(db: Database) -> dict[str, int]:
    async with db.sessions() as session:
        rows = await session.execute(
            select(Delivery.status, func.count()).group_by(Delivery.status)
        )
        return {status: int(n) for status, n in rows}


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
    """tests/alerts_worker.py in a subprocess: the sender against the fake and a database."""

    def __init__(self, db_url: str, api: FakeBotAPI, *extra: str) -> None:
        self.args = [
            sys.executable, "-m", "tests.alerts_worker", "--database-url", db_url,
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
