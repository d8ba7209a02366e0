"""What the first answers need from the database, read with the standard library's sqlite3
before SQLAlchemy is imported (~0.3-0.6 s of imports a bot would otherwise pay before its first
reply): the schema revision, the prices in force and the users' language choices.

The queries are those of bot.storage.repos (Prices.latest, version, last_changed_at and
Users.chosen_locales); tests/test_startup.py holds them to the same results on the same
databases. Only a SQLite file is read here; anything else (PostgreSQL, an in-memory database,
a URL with options) goes through SQLAlchemy as before. Never imports SQLAlchemy.
"""

from __future__ import annotations

import datetime as dt
import re
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal
from pathlib import Path
from typing import Final
from urllib.parse import quote

from rules.catalogue import Catalogue

SCALE: Final = 6  # micro-units: a millionth of a dollar (or of a percent point)
MIGRATIONS: Final = Path(__file__).resolve().parent / "migrations"
BUSY_TIMEOUT_SECONDS: Final = 30.0  # as the engine's busy_timeout

# The module-level assignments every revision file has (script.py.mako writes them).
_REVISION = re.compile(r"^revision(?:\s*:[^=]+)?\s*=\s*['\"]([^'\"]+)['\"]", re.MULTILINE)
_DOWN = re.compile(r"^down_revision(?:\s*:[^=]+)?\s*=\s*(.+)$", re.MULTILINE)


def head_revision(versions: Path = MIGRATIONS / "versions") -> str | None:
    """The single head of the migration files, or None when it cannot be told without Alembic
    (a file this parser does not understand, a merge, several heads): then Alembic decides."""
    revisions: set[str] = set()
    parents: set[str] = set()
    for path in versions.iterdir():
        if path.suffix != ".py":
            continue
        source = path.read_text("utf-8")
        revision, down = _REVISION.search(source), _DOWN.search(source)
        if revision is None and down is None:
            continue  # __init__.py and the like
        if revision is None or down is None:
            return None
        revisions.add(revision.group(1))
        value = down.group(1).split("#", 1)[0].strip()
        if value == "None":
            continue
        parent = re.fullmatch(r"['\"]([^'\"]+)['\"]", value)
        if parent is None:
            return None  # a tuple: a merge revision
        parents.add(parent.group(1))
    heads = revisions - parents
    return heads.pop() if len(heads) == 1 else None


# -- money, as bot.storage.types stores it -------------------------------------------------


def plain(value: Decimal) -> Decimal:
    """Drop trailing zeros without going to exponent notation (2.100000 → 2.1, 100 → 100)."""
    normal = value.normalize()
    return normal.quantize(Decimal(1)) if normal == normal.to_integral_value() else normal


def to_micros(value: Decimal | int) -> int:
    """Exact conversion; a value with more than six decimal places is refused, never rounded."""
    amount = Decimal(value)
    if not amount.is_finite():
        raise ValueError(f"not a finite amount: {value!r}")
    scaled = amount.scaleb(SCALE)
    if scaled != scaled.to_integral_value():
        raise ValueError(f"{value} has more than {SCALE} decimal places")
    return int(scaled)


def from_micros(value: int) -> Decimal:
    return plain(Decimal(value).scaleb(-SCALE))


# -- the prices in force ---------------------------------------------------------------------


def prices_in_force(catalogue: Catalogue, history: Mapping[str, Decimal]) -> dict[str, Decimal]:
    """GPU id → price: the newest recorded one, else the packaged one."""
    prices = {g.id: g.usd_per_gpu_hour for g in catalogue.gpus if g.usd_per_gpu_hour is not None}
    prices.update(history)
    return prices


def with_prices(catalogue: Catalogue, prices: Mapping[str, Decimal]) -> Catalogue:
    """The catalogue with the prices in force (offers follow their GPU's price), for answers
    that should quote the feed's prices rather than the packaged ones."""
    gpus = tuple(
        g.model_copy(update={"usd_per_gpu_hour": prices[g.id]}) if g.id in prices else g
        for g in catalogue.gpus
    )
    offers = tuple(
        o.model_copy(update={"usd_per_hour": prices[o.gpu] * o.count}) if o.gpu in prices else o
        for o in catalogue.offers
    )
    return replace(catalogue, gpus=gpus, offers=offers)


def catalogue_with(
    catalogue: Catalogue, in_force: Mapping[str, Decimal], changed: dt.datetime | None
) -> Catalogue:
    """``catalogue`` quoting ``in_force``, dated at the newest change when there is one."""
    updated = with_prices(catalogue, in_force)
    if changed is not None and changed.date() != catalogue.prices_verified:
        pricing = updated.pricing.model_copy(update={"verified": changed.date()})
        updated = replace(updated, pricing=pricing)
    return updated


# -- reading ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Snapshot:
    """One consistent read (a single transaction) of what start-up needs."""

    revisions: frozenset[str] | None  # alembic_version; None: no such table (a new database)
    prices: dict[str, Decimal] = field(default_factory=dict)  # Prices.latest()
    version: int = 0  # Prices.version()
    changed_at: dt.datetime | None = None  # Prices.last_changed_at()
    locales: dict[int, str] = field(default_factory=dict)  # Users.chosen_locales()

    def at(self, head: str | None) -> bool:
        """Whether the schema is at ``head`` (None, unknown: never)."""
        return head is not None and self.revisions == frozenset({head})

    def catalogue(self, packaged: Catalogue) -> Catalogue:
        """What AlertService.catalogue_in_force answers on this database."""
        return catalogue_with(packaged, prices_in_force(packaged, self.prices), self.changed_at)


def sqlite_file(database_url: str) -> Path | None:
    """The file of a plain SQLite URL (``sqlite[+driver]:///relative`` or ``:////absolute``,
    as SQLAlchemy reads it), None for any other database or a URL this does not read exactly
    (memory, options, escapes)."""
    scheme, sep, rest = database_url.partition("://")
    if not sep or scheme.split("+", 1)[0] != "sqlite" or not rest.startswith("/"):
        return None
    path = rest[1:]
    if not path or path == ":memory:" or any(c in path for c in "?#%"):
        return None
    return Path(path)


def _moment(value: object) -> dt.datetime | None:
    """A UTCDateTime column as SQLite holds it (naive UTC text), aware again."""
    if value is None:
        return None
    return dt.datetime.fromisoformat(str(value)).replace(tzinfo=dt.UTC)


def read_snapshot(path: Path) -> Snapshot:
    """Reads ``path`` without creating it: a missing file is a new, empty database. Raises
    sqlite3.Error when it cannot be read as the schema says (the caller then goes the
    SQLAlchemy way)."""
    try:
        connection = sqlite3.connect(
            f"file:{quote(str(path))}?mode=rw", uri=True, timeout=BUSY_TIMEOUT_SECONDS,
            isolation_level=None,
        )
    except sqlite3.OperationalError:
        if not path.exists():
            return Snapshot(revisions=None)
        raise
    try:
        connection.execute("BEGIN DEFERRED")  # one snapshot of every table (WAL readers)
        try:
            rows = connection.execute("SELECT version_num FROM alembic_version").fetchall()
        except sqlite3.OperationalError:
            if connection.execute(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table'"
            ).fetchone() == (0,):
                return Snapshot(revisions=None)  # an empty file: a new database
            raise
        revisions = frozenset(str(row[0]) for row in rows)
        prices = {
            str(gpu): from_micros(int(price)) for gpu, price in connection.execute(
                "SELECT p.gpu_id, p.price FROM price_history AS p JOIN (SELECT max(id) AS id "
                "FROM price_history GROUP BY gpu_id) AS newest ON newest.id = p.id"
            )
        }
        version, changed = connection.execute(
            "SELECT max(id), max(changed_at) FROM price_history"
        ).fetchone()
        locales = {
            int(user): str(locale) for user, locale in connection.execute(
                "SELECT user_id, locale FROM users WHERE locale IS NOT NULL"
            )
        }
        return Snapshot(revisions, prices, int(version or 0), _moment(changed), locales)
    finally:
        connection.close()  # ends the read transaction
