"""Price sources the operator controls, and the validation of a whole new price list.

A list is accepted or refused as a whole, before anything is written: one bad entry (unknown
GPU, not a number, not positive, a key given twice, an absurd jump or drift, a GPU missing
from a whole list) refuses it all and the last good prices stay.

A file is applied only once it is stable: unchanged (size, modification time and bytes)
across a settle interval. A file caught while being written is read again at the next poll.
Writers should still replace the file atomically (write a temporary file in the same
directory, then rename it over the old one): a reader then sees the old list or the new one,
never half of one.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import os
import re
import time
import tomllib
from collections.abc import Awaitable, Callable, Collection, Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Final, Literal, Protocol
from urllib.parse import urlsplit

import httpx

from bot.alerts.model import ApplyResult, PriceMove
from bot.storage.snapshot import with_prices as with_prices  # start-up quotes with it too
from rules.catalogue import Catalogue

log = logging.getLogger(__name__)

MAX_DOCUMENT_BYTES: Final = 1_000_000
MAX_DOWNLOAD_SECONDS: Final = 30.0  # in all: a server trickling bytes cannot hold a poll
MAX_PRICE: Final = Decimal(10_000)  # USD per GPU-hour: anything above is a typo
MAX_LOGGED_PROBLEMS: Final = 10
MAX_DECIMALS: Final = 6  # storage keeps millionths of a dollar
DEFAULT_SETTLE_SECONDS: Final = 2.0
# A price as a feed may write it: ASCII digits, one optional point, an optional exponent.
# (Decimal would also take "２.５", "NaN", "sNaN", "Infinity" and 10^999999999.)
_NUMBER: Final = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?", re.ASCII)
LOOPBACK: Final = frozenset({"127.0.0.1", "localhost", "::1"})

ProblemCode = Literal[
    "unreachable", "too_large", "malformed", "empty", "unknown_gpu", "not_a_number",
    "not_positive", "too_precise", "too_high", "jump", "duplicate", "missing", "drift",
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
    """A price list as read, not yet validated: GPU (as written) → value (as parsed).

    ``whole``: the source publishes every price each time (a file, a URL), so a rented GPU
    missing from it means a truncated list; an admin's /setprice names one GPU."""

    source: str
    entries: Mapping[str, object]
    whole: bool = False


# ----------------------------------------------------------------------------- parsing


def _short(value: object) -> str:
    return str(value)[:40]


class _DuplicateKey(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """json's object_pairs_hook: a key given twice is refused (json keeps the last silently)."""
    found: dict[str, object] = {}
    for key, value in pairs:
        if key in found:
            raise _DuplicateKey(key)
        found[key] = value
    return found


def parse_document(
    data: bytes, source: str, fmt: Literal["json", "toml"], *, whole: bool = True
) -> RawPriceList:
    """``{"prices": {"h100": "2.10", …}}`` or the bare mapping, in JSON or TOML. Numbers are
    read as Decimal (never through a binary float). A key given twice is refused here: both
    parsers would keep one of the two values (TOML refuses exact repeats itself; keys that
    differ only in case or spelling are caught by :func:`validate`)."""
    try:
        text = data.decode("utf-8")
        doc: object = (
            tomllib.loads(text, parse_float=Decimal) if fmt == "toml"
            else json.loads(text, parse_float=Decimal, parse_constant=lambda c: c,
                            object_pairs_hook=_no_duplicates)
        )
    except _DuplicateKey as exc:
        raise PriceListRejected(source, [Problem("duplicate", value=_short(exc.key))]) from None
    except tomllib.TOMLDecodeError as exc:
        log.debug("unparsable price document from %s: %s", source, exc)
        code: ProblemCode = "duplicate" if "overwrite" in str(exc).lower() else "malformed"
        raise PriceListRejected(source, [Problem(code)]) from None
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        log.debug("unparsable price document from %s: %s", source, exc)
        raise PriceListRejected(source, [Problem("malformed")]) from None
    if isinstance(doc, dict) and "prices" in doc:
        doc = doc["prices"]
    if not isinstance(doc, dict):
        raise PriceListRejected(source, [Problem("malformed")])
    if not doc:
        raise PriceListRejected(source, [Problem("empty")])
    return RawPriceList(source, {str(k): v for k, v in doc.items()}, whole=whole)


def _decimal(value: object) -> Decimal | None:
    """The number written, or None. Parsed from its text (never through a float) and only in
    the plain ASCII form a feed writes; nothing here does arithmetic, so an exponent of a
    billion cannot raise ``decimal.Overflow``."""
    if isinstance(value, bool):  # JSON true is not a price
        return None
    if isinstance(value, int):
        value = str(value)
    if isinstance(value, Decimal):
        number = value
    elif isinstance(value, str):
        text = value.strip()
        if len(text) > 64 or not _NUMBER.fullmatch(text):
            return None
        try:
            number = Decimal(text)
        except InvalidOperation:
            return None
    else:
        return None
    return number if number.is_finite() else None


def _decimals(value: Decimal) -> int:
    """Digits after the point once trailing zeros are dropped, without Decimal arithmetic
    (``normalize`` overflows on 1e999999999)."""
    _, digits, exponent = value.as_tuple()
    assert isinstance(exponent, int)  # finite
    zeros = len(digits) - len("".join(map(str, digits)).rstrip("0"))
    return max(0, -(exponent + zeros)) if any(digits) else 0


def _move_percent(new: Decimal, old: Decimal) -> Decimal:
    return abs(new - old) / old * 100


def validate(
    raw: RawPriceList,
    catalogue: Catalogue,
    current: Mapping[str, Decimal],
    max_jump_percent: Decimal,
    *,
    allow_jump: bool = False,
    recent: Mapping[str, tuple[Decimal, Decimal]] | None = None,
    required: Collection[str] = (),
) -> dict[str, Decimal]:
    """GPU id → new price, or PriceListRejected listing every problem found.

    Jumps are measured against the last good price; a GPU without one (not published yet) can
    get any sane price. ``recent`` (GPU id → lowest and highest price of the drift window)
    bounds the move over that window too, so steps each under the limit cannot creep past
    it. ``allow_jump`` lifts both. ``required``: GPU ids a whole list must name (a price or
    ``null``); ``null`` leaves a GPU as it is (missing GPUs are reported only when
    nothing else is wrong). Two keys for one GPU ("h100" and "H100", or an
    alias) are refused: which one would win is an accident of the parser.
    """
    problems: list[Problem] = []
    prices: dict[str, Decimal] = {}
    named: dict[str, str] = {}  # GPU id → the key that named it
    for name, value in raw.entries.items():
        gpu = catalogue.find_gpu(name)
        if gpu is None or not gpu.rented:  # a card we do not rent has no price here
            problems.append(Problem("unknown_gpu", gpu=_short(name)))
            continue
        if gpu.id in named:
            problems.append(Problem("duplicate", gpu=gpu.id, value=_short(name)))
            prices.pop(gpu.id, None)
            continue
        named[gpu.id] = name
        if value is None:
            continue
        price = _decimal(value)
        if price is None:
            problems.append(Problem("not_a_number", gpu=gpu.id, value=_short(value)))
        elif price <= 0:
            problems.append(Problem("not_positive", gpu=gpu.id, value=_short(value)))
        elif price.adjusted() > MAX_PRICE.adjusted() or price > MAX_PRICE:
            problems.append(Problem("too_high", gpu=gpu.id, value=_short(value)))
        elif _decimals(price) > MAX_DECIMALS:
            problems.append(Problem("too_precise", gpu=gpu.id, value=_short(value)))
        else:
            problem = None if allow_jump else _jump_or_drift(
                gpu.id, price, current.get(gpu.id), (recent or {}).get(gpu.id),
                max_jump_percent,
            )
            if problem is not None:
                problems.append(problem)
                continue
            prices[gpu.id] = price
    if raw.whole and not problems:  # otherwise already refused, for reasons more telling
        problems.extend(Problem("missing", gpu=gpu_id) for gpu_id in sorted(required)
                        if gpu_id not in named)
    if problems:
        raise PriceListRejected(raw.source, problems)
    if not prices and not raw.entries:
        raise PriceListRejected(raw.source, [Problem("empty")])
    return prices


def _jump_or_drift(
    gpu_id: str, price: Decimal, old: Decimal | None, window: tuple[Decimal, Decimal] | None,
    limit: Decimal,
) -> Problem | None:
    if old is not None:
        jump = _move_percent(price, old)
        if jump > limit:
            return Problem("jump", gpu=gpu_id, old=old, new=price, percent=jump)
    # The farthest price of the window from the new one is its lowest or its highest.
    for ref in window or ():
        drift = _move_percent(price, ref)
        if drift > limit:
            return Problem("drift", gpu=gpu_id, old=ref, new=price, percent=drift)
    return None


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
    """A JSON or TOML file, read again when its modification time or size changes, and
    applied only once stable: a file modified less than ``settle_seconds`` ago is read again
    after that interval and must be byte for byte the same, or it waits for the next poll
    (a writer is still at work)."""

    def __init__(
        self, path: Path, *, settle_seconds: float = DEFAULT_SETTLE_SECONDS,
        clock: Callable[[], float] = time.time,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.path = path
        self.name = f"file:{path.name}"
        self.settle_seconds = settle_seconds
        self.clock = clock
        self.sleep = sleep
        self._seen: tuple[int, int] | None = None

    def _signature(self) -> tuple[int, int]:
        try:
            stat = os.stat(self.path)
        except OSError:
            raise PriceListRejected(self.name, [Problem("unreachable")]) from None
        return stat.st_mtime_ns, stat.st_size

    def _read(self, signature: tuple[int, int]) -> bytes:
        if signature[1] > MAX_DOCUMENT_BYTES:
            raise PriceListRejected(self.name, [Problem("too_large")])
        try:
            with self.path.open("rb") as handle:  # never more than the cap, whatever it grew to
                data = handle.read(MAX_DOCUMENT_BYTES + 1)
        except OSError:
            raise PriceListRejected(self.name, [Problem("unreachable")]) from None
        if len(data) > MAX_DOCUMENT_BYTES:
            raise PriceListRejected(self.name, [Problem("too_large")])
        return data

    async def fetch(self, force: bool = False) -> RawPriceList | None:
        signature = self._signature()
        if signature == self._seen and not force:
            return None
        data = self._read(signature)
        age = self.clock() - signature[0] / 1e9
        if age < self.settle_seconds:
            await self.sleep(self.settle_seconds - max(0.0, age))
            again = self._signature()
            if again != signature or self._read(again) != data:
                log.info("price file %s changed while being read: read again at the next poll",
                         self.path.name)
                return None  # not remembered: the next poll reads it afresh
        # Remembered before parsing: a bad file is refused once, not at every poll.
        self._seen = signature
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


def source_from_setting(
    setting: str, catalogue: Catalogue, *, settle_seconds: float = DEFAULT_SETTLE_SECONDS
) -> PriceSource:
    """PRICES_SOURCE: ``packaged``, an https:// URL, or a file path."""
    value = setting.strip()
    if value in ("", "packaged"):
        return PackagedSource(catalogue)
    if value.startswith(("https://", "http://")):
        return UrlSource(value)
    return FileSource(Path(value).expanduser(), settle_seconds=settle_seconds)


# ----------------------------------------------------------------------------- polling


@dataclass(frozen=True)
class FeedOutcome:
    status: Literal["unchanged", "applied", "refused"]
    moves: tuple[PriceMove, ...] = ()
    deliveries: int = 0
    problems: tuple[Problem, ...] = ()
    preparing: bool = False  # more deliveries are being written in the background


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
            return FeedOutcome("applied", result.moves, result.deliveries,
                               preparing=result.preparing)
        return FeedOutcome("unchanged")
