"""The tables: users, subscriptions, price history and the alert outbox."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Final, Literal

from sqlalchemy import (
    BigInteger,
    Boolean,
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from bot.storage.types import IdType, Micros, UTCDateTime, utcnow

SubscriptionKind = Literal["any", "below", "above", "percent"]
SUBSCRIPTION_KINDS: Final[tuple[SubscriptionKind, ...]] = ("any", "below", "above", "percent")
DeliveryStatus = Literal["pending", "sent", "failed", "dead"]
DELIVERY_STATUSES: Final[tuple[DeliveryStatus, ...]] = ("pending", "sent", "failed", "dead")

# Stable constraint names, so migrations can refer to them on every backend.
NAMING = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class User(Base):
    __tablename__ = "users"

    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    chat_id: Mapped[int] = mapped_column(BigInteger)  # the private chat with the bot
    locale: Mapped[str | None] = mapped_column(String(8))  # chosen with /language
    language_code: Mapped[str | None] = mapped_column(String(35))  # as Telegram reports it
    blocked: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime(), default=utcnow)
    updated_at: Mapped[dt.datetime] = mapped_column(UTCDateTime(), default=utcnow)


class Subscription(Base):
    __tablename__ = "subscriptions"
    __table_args__ = (
        CheckConstraint(
            "kind IN ('any', 'below', 'above', 'percent', 'percent_down', 'percent_up')",
            name="kind",
        ),
        CheckConstraint("(kind = 'any') = (threshold IS NULL)", name="threshold"),
        # The fan-out reads a GPU's active subscriptions page by page in (chat_id, id) order.
        Index(None, "gpu_id", "active", "chat_id", "id"),
        Index(None, "user_id"),
        Index(None, "chat_id"),
    )

    id: Mapped[int] = mapped_column(IdType, primary_key=True)
    user_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("users.user_id", ondelete="CASCADE")
    )
    chat_id: Mapped[int] = mapped_column(BigInteger)  # where alerts go (private or group chat)
    gpu_id: Mapped[str] = mapped_column(String(32))
    kind: Mapped[str] = mapped_column(String(16))
    # USD per GPU-hour for below/above; percent points for percent; NULL for any.
    threshold: Mapped[Decimal | None] = mapped_column(Micros())
    # Threshold alerts: True while waiting for the price to cross; re-armed when it crosses back.
    armed: Mapped[bool] = mapped_column(Boolean, default=True)
    # The price the subscriber last heard about (percent alerts measure moves from it).
    last_notified_price: Mapped[Decimal | None] = mapped_column(Micros())
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime(), default=utcnow)
    updated_at: Mapped[dt.datetime] = mapped_column(UTCDateTime(), default=utcnow)


class PriceChange(Base):
    __tablename__ = "price_history"
    __table_args__ = (
        CheckConstraint("price > 0", name="positive"),
        Index(None, "gpu_id", "changed_at"),
    )

    id: Mapped[int] = mapped_column(IdType, primary_key=True)
    gpu_id: Mapped[str] = mapped_column(String(32))
    price: Mapped[Decimal] = mapped_column(Micros())  # USD per GPU-hour
    source: Mapped[str] = mapped_column(String(200))
    changed_at: Mapped[dt.datetime] = mapped_column(UTCDateTime())


class Delivery(Base):
    """One message to one chat. Written in the same transaction as the change that causes it;
    the sender marks it sent only after Telegram accepted it."""

    __tablename__ = "alert_outbox"
    __table_args__ = (
        CheckConstraint("status IN ('pending', 'sent', 'failed', 'dead')", name="status"),
        # One message per chat per price change, however many of its subscriptions matched.
        UniqueConstraint("price_change_id", "chat_id"),
        # The sender claims by priority (threshold alerts first), then due time.
        Index(None, "status", "priority", "next_attempt_at", "id"),
        # Per-chat order: nothing for a chat goes while an earlier message to it waits.
        Index(None, "chat_id", "status", "id"),
    )

    id: Mapped[int] = mapped_column(IdType, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16), default="alert")  # alert | admin
    subscription_id: Mapped[int | None] = mapped_column(
        IdType, ForeignKey("subscriptions.id", ondelete="SET NULL")
    )
    price_change_id: Mapped[int | None] = mapped_column(
        IdType, ForeignKey("price_history.id", ondelete="CASCADE")
    )
    chat_id: Mapped[int] = mapped_column(BigInteger)
    user_id: Mapped[int | None] = mapped_column(BigInteger)
    locale: Mapped[str] = mapped_column(String(8))
    text: Mapped[str] = mapped_column(Text)  # rendered when enqueued, in the reader's locale
    # Alerts: the GPU, the price the reader last heard of and why they are told (JSON), so
    # that a newer change for the same GPU can replace this message before it goes.
    gpu_id: Mapped[str | None] = mapped_column(String(32))
    old_price: Mapped[Decimal | None] = mapped_column(Micros())
    reasons: Mapped[str | None] = mapped_column(Text)
    # 0: threshold and percent alerts and admin notices; 1: "any change" alerts.
    priority: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    status: Mapped[str] = mapped_column(String(8), default="pending")
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    next_attempt_at: Mapped[dt.datetime] = mapped_column(UTCDateTime(), default=utcnow)
    # A claim: the sender that took it and until when. An expired lease is free to take again,
    # so a crashed sender's claims are never lost.
    claimed_by: Mapped[str | None] = mapped_column(String(64))
    lease_until: Mapped[dt.datetime | None] = mapped_column(UTCDateTime())
    last_error: Mapped[str | None] = mapped_column(String(200))
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime(), default=utcnow)
    sent_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime())


class FanOut(Base):
    """A committed price change whose deliveries are still being written: the cursor of its
    fan-out. Created in the change's transaction; each batch of deliveries and the cursor's
    advance commit together, so a crash resumes exactly where the last batch ended."""

    __tablename__ = "alert_fanout"
    __table_args__ = (
        UniqueConstraint("price_change_id"),
        Index(None, "phase", "id"),
        Index(None, "gpu_id", "phase"),
    )

    id: Mapped[int] = mapped_column(IdType, primary_key=True)
    price_change_id: Mapped[int] = mapped_column(
        IdType, ForeignKey("price_history.id", ondelete="CASCADE")
    )
    gpu_id: Mapped[str] = mapped_column(String(32))
    old_price: Mapped[Decimal | None] = mapped_column(Micros())
    new_price: Mapped[Decimal] = mapped_column(Micros())
    # 1: threshold and percent subscriptions; 2: "any change" ones; 3: done.
    phase: Mapped[int] = mapped_column(Integer, default=1)
    # The last (chat_id, subscription id) expanded in this phase; NULL: from the start.
    after_chat: Mapped[int | None] = mapped_column(BigInteger)
    after_id: Mapped[int | None] = mapped_column(IdType)
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime(), default=utcnow)
    updated_at: Mapped[dt.datetime] = mapped_column(UTCDateTime(), default=utcnow)
