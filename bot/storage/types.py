"""Column types that behave the same on SQLite and PostgreSQL: exact money, UTC datetimes."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from sqlalchemy import BigInteger, DateTime, Integer
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator

# Defined without SQLAlchemy, for start-up's reader; stored and read the same way here.
from bot.storage.snapshot import SCALE as SCALE
from bot.storage.snapshot import from_micros as from_micros
from bot.storage.snapshot import plain as plain
from bot.storage.snapshot import to_micros as to_micros

# SQLite only auto-increments an INTEGER PRIMARY KEY (the rowid alias), not a BIGINT one.
IdType = BigInteger().with_variant(Integer(), "sqlite")


def utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class Micros(TypeDecorator[Decimal]):
    """A Decimal stored as an integer count of millionths.

    SQLite has no exact decimal type (its REAL is a binary double), so integers are the only
    storage that keeps every digit on both backends.
    """

    impl = BigInteger
    cache_ok = True

    def process_bind_param(self, value: Any, dialect: Dialect) -> int | None:
        return None if value is None else to_micros(value)

    def process_result_value(self, value: Any, dialect: Dialect) -> Decimal | None:
        return None if value is None else from_micros(int(value))

    @property
    def python_type(self) -> type[Decimal]:
        return Decimal


class UTCDateTime(TypeDecorator[dt.datetime]):
    """Aware datetimes in, aware UTC datetimes out, on both backends.

    PostgreSQL stores TIMESTAMPTZ. SQLite has no time zones: the value is stored as naive UTC
    text and the UTC zone is attached again when read. Naive input is refused: its zone is
    unknowable.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: Any, dialect: Dialect) -> dt.datetime | None:
        if value is None:
            return None
        if not isinstance(value, dt.datetime):
            raise TypeError(f"expected a datetime, got {type(value).__name__}")
        if value.tzinfo is None or value.utcoffset() is None:
            raise ValueError("naive datetime: give it a time zone (UTC)")
        utc: dt.datetime = value.astimezone(dt.UTC)
        return utc.replace(tzinfo=None) if dialect.name == "sqlite" else utc

    def process_result_value(self, value: Any, dialect: Dialect) -> dt.datetime | None:
        if value is None:
            return None
        if not isinstance(value, dt.datetime):
            raise TypeError(f"expected a datetime from the database, got {type(value).__name__}")
        moment: dt.datetime = value
        if moment.tzinfo is None:
            return moment.replace(tzinfo=dt.UTC)
        return moment.astimezone(dt.UTC)

    @property
    def python_type(self) -> type[dt.datetime]:
        return dt.datetime
