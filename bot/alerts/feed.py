"""Price sources the operator controls, and the validation of a whole new price list.

A list is accepted or refused as a whole, before anything is written: one bad entry (unknown
GPU, not a number, not positive, an absurd jump) refuses it all and the last good prices stay.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import os
import tomllib
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Final, Literal, Protocol
from urllib.parse import urlsplit

import httpx

from bot.alerts.model import ApplyResult, PriceMove
from rules.catalogue import Catalogue

log = logging.getLogger(__name__)

MAX_DOCUMENT_BYTES: Final = 1_000_000
MAX_DOWNLOAD_SECONDS: Final = 30.0  # in all: a server trickling bytes cannot hold a poll
MAX_PRICE: Final = Decimal(10_000)  # USD per GPU-hour: anything above is a typo
MAX_LOGGED_PROBLEMS: Final = 10
MAX_DECIMALS: Final = 6  # storage keeps millionths of a dollar
LOOPBACK: Final = frozenset({"127.0.0.1", "localhost", "::1"})

ProblemCode = Literal[
    "unreachable", "too_large", "malformed", "empty", "unknown_gpu", "not_a_number",
    "not_positive", "too_precise", "too_high", "jump",
]


@dataclass(frozen=True)
class Problem:
    code: ProblemCode
    gpu: str | None = None
    value: str | None = None  # the offending value, as written (shortened)
    old: Decimal | None = None
    new: Decimal | None = None
    percent: Decimal | None = None

    def describe(self) -> str:
        """For the log (English, like every log line)."""
        parts: list[str] = [self.code]
        if self.gpu:
            parts.append(f"gpu={self.gpu}")
        if self.value is not None:
            parts.append(f"value={self.value!r}")
        if self.percent is not None:
            parts.append(f"{self.old} -> {self.new} ({self.percent:.1f} %)")
        return " ".join(parts)


class PriceListRejected(Exception):
    def __init__(self, source: str, problems: list[Problem]) -> None:
        # The first few problems say what is wrong; thousands would flood the log every poll.
        shown = "; ".join(p.describe() for p in problems[:MAX_LOGGED_PROBLEMS])
        more = len(problems) - MAX_LOGGED_PROBLEMS
        super().__init__(f"{source}: {shown}" + (f"; … and {more} more" if more > 0 else ""))
        self.source = source
        self.problems = problems


@dataclass(frozen=True)
class RawPriceList:
    """A price list as read, not yet validated: GPU (as written) → value (as parsed)."""

    source: str
    entries: Mapping[str, object]


# ----------------------------------------------------------------------------- parsing


def _short(value: object) -> str:
    return str(value)[:40]


def parse_document(data: bytes, source: str, fmt: Literal["json", "toml"]) -> RawPriceList:
    """``{"prices": {"h100": "2.10", …}}`` or the bare mapping, in JSON or TOML. Numbers are
    read as Decimal (never through a binary float)."""
    try:
        text = data.decode("utf-8")
        doc: object = (
            tomllib.loads(text, parse_float=Decimal) if fmt == "toml"
            else json.loads(text, parse_float=Decimal, parse_constant=lambda c: c)
        )
    except (UnicodeDecodeError, ValueError, RecursionError, tomllib.TOMLDecodeError) as exc:
        log.debug("unparsable price document from %s: %s", source, exc)
        raise PriceListRejected(source, [Problem("malformed")]) from None
    if isinstance(doc, dict) and "prices" in doc:
        doc = doc["prices"]
    if not isinstance(doc, dict):
        raise PriceListRejected(source, [Problem("malformed")])
    if not doc:
        raise PriceListRejected(source, [Problem("empty")])
    return RawPriceList(source, {str(k): v for k, v in doc.items()})


def _decimal(value: object) -> Decimal | None:
    if isinstance(value, bool):  # JSON true is not a price
        return None
    if isinstance(value, Decimal | int):
        number = Decimal(value)
    elif isinstance(value, str):
        try:
            number = Decimal(value.strip())
        except InvalidOperation:
            return None
    else:
        return None
    return number if number.is_finite() else None


def _decimals(value: Decimal) -> int:
    exponent = value.normalize().as_tuple().exponent
    return max(0, -exponent) if isinstance(exponent, int) else 0


def validate(
    raw: RawPriceList,
    catalogue: Catalogue,
    current: Mapping[str, Decimal],
    max_jump_percent: Decimal,
    *,
    allow_jump: bool = False,
) -> dict[str, Decimal]:
    """GPU id → new price, or PriceListRejected listing every problem found.

    Jumps are measured against the last good price; a GPU without one (not published yet) can
    get any sane price. ``null`` leaves a GPU as it is.
    """
    problems: list[Problem] = []
    prices: dict[str, Decimal] = {}
    for name, value in raw.entries.items():
        gpu = catalogue.find_gpu(name)
        if gpu is None or not gpu.rented:  # a card we do not rent has no price here
            problems.append(Problem("unknown_gpu", gpu=_short(name)))
            continue
        if value is None:
            continue
        price = _decimal(value)
        if price is None:
            problems.append(Problem("not_a_number", gpu=gpu.id, value=_short(value)))
        elif price <= 0:
            problems.append(Problem("not_positive", gpu=gpu.id, value=_short(value)))
        elif _decimals(price) > MAX_DECIMALS:
            problems.append(Problem("too_precise", gpu=gpu.id, value=_short(value)))
        elif price > MAX_PRICE:
            problems.append(Problem("too_high", gpu=gpu.id, value=_short(value)))
        else:
            old = current.get(gpu.id)
            if old is not None and not allow_jump:
                jump = abs(price - old) / old * 100
                if jump > max_jump_percent:
                    problems.append(
                        Problem("jump", gpu=gpu.id, old=old, new=price, percent=jump)
                    )
                    continue
            prices[gpu.id] = price
    if problems:
        raise PriceListRejected(raw.source, problems)
    if not prices and not raw.entries:
        raise PriceListRejected(raw.source, [Problem("empty")])
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


# ----------------------------------------------------------------------------- sources


class PriceSource(Protocol):
    name: str

    async def fetch(self, force: bool = False) -> RawPriceList | None:
        """A new list, or None when nothing changed since the last fetch (unless ``force``).
        Raises PriceListRejected when the source cannot be read or parsed."""
        ...


class PackagedSource:
    """The prices shipped in rules/data (they change only with a release)."""

    name = "packaged"

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue
        self._done = False

    async def fetch(self, force: bool = False) -> RawPriceList | None:
        if self._done and not force:
            return None
        self._done = True
        return RawPriceList(self.name, {
            g.id: g.usd_per_gpu_hour for g in self.catalogue.gpus if g.usd_per_gpu_hour is not None
        })


class FileSource:
    """A JSON or TOML file, read again when its modification time or size changes."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.name = f"file:{path.name}"
        self._seen: tuple[int, int] | None = None

    async def fetch(self, force: bool = False) -> RawPriceList | None:
        try:
            stat = os.stat(self.path)
        except OSError:
            raise PriceListRejected(self.name, [Problem("unreachable")]) from None
        signature = (stat.st_mtime_ns, stat.st_size)
        if signature == self._seen and not force:
            return None
        # Remembered before parsing: a bad file is refused once, not at every poll.
        self._seen = signature
        if stat.st_size > MAX_DOCUMENT_BYTES:
            raise PriceListRejected(self.name, [Problem("too_large")])
        try:
            data = self.path.read_bytes()
        except OSError:
            raise PriceListRejected(self.name, [Problem("unreachable")]) from None
        fmt: Literal["json", "toml"] = "toml" if self.path.suffix.lower() == ".toml" else "json"
        return parse_document(data, self.name, fmt)


def redact_url(url: str) -> str:
    """Scheme, host and path only: a query string may carry a key."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.hostname or ''}{parts.path}"


ClientFactory = Callable[[], httpx.AsyncClient]


def _default_client() -> httpx.AsyncClient:
    return httpx.AsyncClient(
        timeout=httpx.Timeout(10.0, connect=5.0), follow_redirects=False,
        headers={"Accept": "application/json"},
    )


@dataclass
class UrlSource:
    """An HTTPS URL returning JSON, with timeouts and a size cap. Plain HTTP is allowed only
    to the loopback interface (a local price service, and tests)."""

    url: str
    client_factory: ClientFactory = _default_client
    max_bytes: int = MAX_DOCUMENT_BYTES
    max_seconds: float = MAX_DOWNLOAD_SECONDS
    name: str = field(init=False)
    _last_digest: str | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        parts = urlsplit(self.url)
        secure = parts.scheme == "https" or (
            parts.scheme == "http" and (parts.hostname or "") in LOOPBACK
        )
        if not secure or not parts.hostname:
            raise ValueError(f"PRICES_SOURCE must be an https:// URL, got {redact_url(self.url)}")
        self.name = "url:" + redact_url(self.url).split("://", 1)[1]

    async def _download(self) -> bytes:
        async with self.client_factory() as client, client.stream("GET", self.url) as response:
            if response.status_code != 200:
                log.warning("price URL %s answered HTTP %s", redact_url(self.url),
                            response.status_code)
                raise PriceListRejected(self.name, [Problem("unreachable")])
            declared = response.headers.get("content-length")
            if declared is not None and declared.isdigit() and int(declared) > self.max_bytes:
                raise PriceListRejected(self.name, [Problem("too_large")])
            body = bytearray()
            async for chunk in response.aiter_bytes():
                body.extend(chunk)
                if len(body) > self.max_bytes:
                    raise PriceListRejected(self.name, [Problem("too_large")])
            return bytes(body)

    async def fetch(self, force: bool = False) -> RawPriceList | None:
        try:
            async with asyncio.timeout(self.max_seconds):
                data = await self._download()
        except (httpx.HTTPError, TimeoutError) as exc:
            log.warning("price URL %s unreachable: %s", redact_url(self.url), type(exc).__name__)
            raise PriceListRejected(self.name, [Problem("unreachable")]) from None
        digest = hashlib.sha256(data).hexdigest()
        if digest == self._last_digest and not force:
            return None
        self._last_digest = digest
        return parse_document(data, self.name, "json")


def source_from_setting(setting: str, catalogue: Catalogue) -> PriceSource:
    """PRICES_SOURCE: ``packaged``, an https:// URL, or a file path."""
    value = setting.strip()
    if value in ("", "packaged"):
        return PackagedSource(catalogue)
    if value.startswith(("https://", "http://")):
        return UrlSource(value)
    return FileSource(Path(value).expanduser())


# ----------------------------------------------------------------------------- polling


@dataclass(frozen=True)
class FeedOutcome:
    status: Literal["unchanged", "applied", "refused"]
    moves: tuple[PriceMove, ...] = ()
    deliveries: int = 0
    problems: tuple[Problem, ...] = ()


class PriceApplier(Protocol):
    async def apply_price_list(
        self, raw: RawPriceList, *, allow_jump: bool = False
    ) -> ApplyResult: ...


AdminNotify = Callable[[PriceListRejected], Awaitable[None]]


class PriceFeed:
    """Polls a source, hands a new list to the service, reports refusals once each."""

    def __init__(
        self, source: PriceSource, applier: PriceApplier, notify_admins: AdminNotify
    ) -> None:
        self.source = source
        self.applier = applier
        self.notify_admins = notify_admins
        self._last_refusal: str | None = None
        # A list read but not applied (the database was away) must be read again next time,
        # although the source marked it as seen.
        self._retry = False

    async def refused(self, exc: PriceListRejected) -> FeedOutcome:
        """Logged every time; the admins hear about each distinct refusal once."""
        log.warning("price list refused, the last good prices stay: %s", exc)
        signature = str(exc)
        if signature != self._last_refusal:
            self._last_refusal = signature
            try:
                await self.notify_admins(exc)
            except Exception:
                log.exception("could not tell the admins about a refused price list")
        return FeedOutcome("refused", problems=tuple(exc.problems))

    async def poll(self, force: bool = False, *, notify: bool = True) -> FeedOutcome:
        """``force`` reads the source even if unchanged; ``notify=False`` when an admin asked
        (/reload) and gets the answer directly."""
        try:
            raw = await self.source.fetch(force or self._retry)
            if raw is None:
                return FeedOutcome("unchanged")
            try:
                result = await self.applier.apply_price_list(raw)
            except PriceListRejected:
                raise
            except Exception:
                self._retry = True
                raise
            self._retry = False
        except PriceListRejected as exc:
            if not notify:
                log.warning("price list refused, the last good prices stay: %s", exc)
                return FeedOutcome("refused", problems=tuple(exc.problems))
            return await self.refused(exc)
        self._last_refusal = None
        if result.moves:
            log.info("prices from %s applied: %s changed, %d deliveries queued", raw.source,
                     ", ".join(m.gpu_id for m in result.moves), result.deliveries)
            return FeedOutcome("applied", result.moves, result.deliveries)
        return FeedOutcome("unchanged")
