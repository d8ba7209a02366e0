"""Bulk seeding of users and alert subscriptions, shared by the fan-out benchmark and the alert
tests."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sqlalchemy import insert

from bot.alerts.matching import initial_state
from bot.alerts.model import Kind
from bot.storage.engine import Database
from bot.storage.models import Subscription, User


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
