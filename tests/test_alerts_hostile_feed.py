"""Hostile price lists: keys given twice, creeping steps, files read mid-write, numbers that
overflow, and a refresh racing a change. Each is refused (or waited for) with a clear admin
message, and the prices users are quoted never go back to an older list."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
from decimal import Decimal
from pathlib import Path

import pytest
from aiohttp import web
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.alerts.feed import (
    MAX_DECIMALS,
    MAX_PRICE,
    FileSource,
    PriceFeed,
    PriceListRejected,
    RawPriceList,
    UrlSource,
    parse_document,
    validate,
)
from bot.alerts.messages import AlertRenderer
from bot.alerts.service import AlertService
from bot.storage.engine import Database
from bot.storage.repos import Prices
from fakebotapi import validate_telegram_html
from rules.catalogue import Catalogue, load_catalogue
from tests.support.alerts_helpers import PACKAGED_PRICES, Seed, deliveries, seed, whole_list
from tests.support.profiles import examples

D = Decimal
CURRENT = {gpu: D(price) for gpu, price in PACKAGED_PRICES.items()}
REQUIRED = frozenset(CURRENT)
LOCALES = ("en", "es", "fr")


def refusal(document: bytes, fmt: str = "json", catalogue: Catalogue | None = None) -> list[str]:
    """The problem codes of a refused document (fails the test if it was accepted)."""
    def read() -> None:
        raw = parse_document(document, "t", fmt)  # type: ignore[arg-type]
        validate(raw, catalogue or load_catalogue(), CURRENT, D(50), required=REQUIRED)

    with pytest.raises(PriceListRejected) as exc:
        read()
    rendered = [AlertRenderer(load_catalogue()).refused(locale, exc.value, D(50))
                for locale in LOCALES]
    for text in rendered:  # the admin's message says it, in valid Telegram HTML
        assert validate_telegram_html(text) is None and len(text) < 4096
    return [p.code for p in exc.value.problems]


def toml_of(prices: dict[str, str]) -> str:
    return "".join(f"{gpu} = {price}\n" for gpu, price in prices.items())


# ----------------------------------------------------------------------------- duplicate keys


@pytest.mark.parametrize(
    ("document", "fmt"),
    [
        # json.loads keeps the last of two equal keys, silently: refused while parsing.
        ('{"h100": "2.10", "h100": "2.20"}', "json"),
        ('{"prices": {"h100": "2.10"}, "prices": {"h100": "2.20"}}', "json"),
        # Case and spelling: both name the H100, whichever the parser put last would win.
        ('{"h100": "2.10", "H100": "2.20"}', "json"),
        ('{"h100": "2.10", "NVIDIA H100": "2.20"}', "json"),
        ('{"H200": null, "h200": "3.10"}', "json"),
        ("h100 = 2.10\nh100 = 2.20\n", "toml"),  # tomllib refuses; we say why
        ("h100 = 2.10\nH100 = 2.20\n", "toml"),  # tomllib accepts both
        ('[prices]\nh100 = 2.10\n"H100 SXM" = 2.20\n', "toml"),
    ],
)
def test_a_gpu_named_twice_is_refused(document: str, fmt: str):
    rest = {k: v for k, v in PACKAGED_PRICES.items() if k not in ("h100", "h200")}
    if fmt == "json" and '"prices"' not in document:
        document = document[:-1] + ", " + json.dumps(rest)[1:]
    assert "duplicate" in refusal(document.encode(), fmt)


# ----------------------------------------------------------------------------- numbers


HUGE = "1" + "0" * 40


@pytest.mark.parametrize(
    ("value", "code"),
    [
        ("1e999999999", "too_high"),  # used to escape as decimal.Overflow
        ("1E+999999999", "too_high"),
        ('"1e999999999"', "too_high"),
        ("-1e999999999", "not_positive"),
        ("1e-999999999", "too_precise"),
        ('"1e-999999999"', "too_precise"),
        (HUGE, "too_high"),
        ("2." + "0" * 200 + "1", "too_precise"),  # absurd precision, as a JSON number
        ("NaN", "not_a_number"),
        ('"NaN"', "not_a_number"),
        ('"sNaN"', "not_a_number"),
        ("Infinity", "not_a_number"),
        ("-Infinity", "not_a_number"),
        ('"inf"', "not_a_number"),
        ('"２.５"', "not_a_number"),  # full-width digits: not how a feed writes a price
        ('"2.5\u200b"', "not_a_number"),  # a zero-width space
        ('"1_000"', "not_a_number"),
        ('"0x10"', "not_a_number"),
        ("-2.10", "not_positive"),
        ("0e5", "not_positive"),
        ("2.0000001", "too_precise"),
        ("100000", "too_high"),
    ],
)
def test_hostile_numbers_are_refused_with_a_clear_message(value: str, code: str):
    document = json.dumps(whole_list()).replace('"h100": "2.32"', f'"h100": {value}')
    assert refusal(document.encode()) == [code]


@pytest.mark.parametrize(("value", "code"), [("1e999999999", "too_high"), ("nan", "not_a_number"),
                                             ("-inf", "not_a_number"), ("1e-99999", "too_precise")])
def test_hostile_toml_numbers_are_refused(value: str, code: str):
    document = toml_of({**PACKAGED_PRICES, "h100": value})
    assert refusal(document.encode(), "toml") == [code]


async def test_an_overflowing_price_through_the_feed_tells_the_admin(
    tmp_path: Path, db: Database, service: AlertService
):
    path = tmp_path / "prices.json"
    path.write_text(json.dumps(whole_list()).replace('"2.32"', "1e999999999"))
    feed = PriceFeed(FileSource(path, settle_seconds=0), service, service.notify_admins)
    outcome = await feed.poll()
    assert outcome.status == "refused" and [p.code for p in outcome.problems] == ["too_high"]
    (row,) = await deliveries(db)
    assert row.kind == "admin" and "implausibly high" in row.text


# ----------------------------------------------------------------------------- drift


class Clock:
    def __init__(self, now: dt.datetime) -> None:
        self.now = now

    def __call__(self) -> dt.datetime:
        return self.now


async def test_creeping_steps_are_bounded_over_the_window(db: Database, catalogue: Catalogue):
    """Each step under the 50 % limit, the total over it: refused until the window has moved
    past the earlier steps."""
    clock = Clock(dt.datetime(2026, 12, 1, 9, tzinfo=dt.UTC))
    service = AlertService(db, catalogue, clock=clock, admin_ids=frozenset({900_001}))
    await service.ensure_baseline()

    async def step(price: str, after: dt.timedelta) -> list[str]:
        clock.now += after
        try:
            await service.apply_price_list(RawPriceList("feed", whole_list(h100=price), True))
        except PriceListRejected as exc:
            return [p.code for p in exc.problems]
        return []

    assert await step("2.78", dt.timedelta(hours=1)) == []  # +19.8 %
    assert await step("3.34", dt.timedelta(hours=1)) == []  # +20.1 %, +44 % in all
    assert await step("4.00", dt.timedelta(hours=1)) == ["drift"]  # +19.8 %, +72 % in all
    assert (await service.current_prices())["h100"] == D("3.34")
    # A day on, 2.32 (in force until 10:00 yesterday) has left the window: +44 % of 2.78.
    assert await step("4.00", dt.timedelta(hours=22, minutes=30)) == []
    # An admin's forced change may go anywhere.
    forced = await service.apply_price_list(
        RawPriceList("admin:1", {"h100": "9.00"}), allow_jump=True
    )
    assert [m.new for m in forced.moves] == [D("9.00")]


def test_a_drift_refusal_reads_well_in_every_language(catalogue: Catalogue):
    with pytest.raises(PriceListRejected) as exc:
        validate(RawPriceList("feed", {"h100": "3.40"}), catalogue, {"h100": D("2.80")}, D(50),
                 recent={"h100": (D("2.20"), D("2.80"))})
    (problem,) = exc.value.problems
    assert (problem.code, problem.old, problem.new) == ("drift", D("2.20"), D("3.40"))
    renderer = AlertRenderer(catalogue)
    texts = {locale: renderer.refused(locale, exc.value, D(50)) for locale in LOCALES}
    assert "$2.20 → $3.40 within the drift window" in texts["en"]
    assert "ventana de deriva" in texts["es"] and "fenêtre de dérive" in texts["fr"]


# ----------------------------------------------------------------------------- whole, stable files


@pytest.fixture
async def h200_watchers(db: Database, service: AlertService) -> AlertService:
    await seed(db, [Seed(1, "h200", "any"), Seed(2, "h200", "below", D("3.50"))],
               await service.current_prices())
    return service


async def no_wait(_seconds: float) -> None:
    await asyncio.sleep(0)


async def test_a_file_read_mid_write_is_applied_only_once_complete(
    tmp_path: Path, db: Database, h200_watchers: AlertService
):
    """"h200 = 3" of "h200 = 3.55" is a valid, complete-looking list: the settle interval
    catches it, the finished file is applied, and users hear one price: the right one."""
    service = h200_watchers
    path = tmp_path / "prices.toml"
    others = {gpu: price for gpu, price in PACKAGED_PRICES.items() if gpu != "h200"}
    full = toml_of({**others, "h200": "3.55"})
    path.write_text(full[: full.index("3.55") + 1] + "\n")  # the writer's first chunk

    async def the_writer_finishes(_seconds: float) -> None:
        path.write_text(full)

    source = FileSource(path, settle_seconds=5, sleep=the_writer_finishes)
    feed = PriceFeed(source, service, service.notify_admins)
    assert (await feed.poll()).status == "unchanged"
    assert (await service.current_prices())["h200"] == D("3.07")
    assert await deliveries(db) == []

    source.sleep = no_wait  # nobody writes any more: stable across the interval
    outcome = await feed.poll()
    assert outcome.status == "applied"
    assert [(m.old, m.new) for m in outcome.moves] == [(D("3.07"), D("3.55"))]
    rows = await deliveries(db)
    assert sorted(r.chat_id for r in rows) == [1]  # 3.55 is not below 3.50
    assert "$3.55" in rows[0].text


async def test_an_old_file_is_read_once_without_waiting(tmp_path: Path):
    path = tmp_path / "prices.json"
    path.write_text(json.dumps(whole_list()))

    async def never(_seconds: float) -> None:
        raise AssertionError("a file untouched for longer than the interval is stable")

    source = FileSource(path, settle_seconds=5, sleep=never, clock=lambda: 4e9)
    assert await source.fetch() is not None


async def test_a_truncated_list_is_refused_unless_partial_lists_are_allowed(
    tmp_path: Path, db: Database, catalogue: Catalogue
):
    """Cut at a line boundary, the list is valid but short of GPUs."""
    service = AlertService(db, catalogue, admin_ids=frozenset({900_001}))
    await service.ensure_baseline()
    path = tmp_path / "prices.json"
    path.write_text(json.dumps({"h100": "2.10", "l40s": "0.82"}))
    feed = PriceFeed(FileSource(path, settle_seconds=0), service, service.notify_admins)
    outcome = await feed.poll()
    assert outcome.status == "refused"
    assert [(p.code, p.gpu) for p in outcome.problems] == [
        ("missing", "a100-80gb"), ("missing", "b200"), ("missing", "h200")
    ]
    assert "b200 is missing" in (await deliveries(db))[0].text
    # An explicit null names a GPU without changing it.
    path.write_text(json.dumps({**whole_list(h100="2.10"), "b200": None}))
    assert (await feed.poll()).status == "applied"
    # An admin's /setprice is one GPU, not a list.
    await service.apply_price_list(RawPriceList("admin:1", {"h200": "3.00"}))
    partial = AlertService(db, catalogue, require_all=False)
    await partial.apply_price_list(RawPriceList("feed", {"h100": "2.00"}, whole=True))
    assert (await service.current_prices())["h100"] == D("2.00")


@pytest.fixture
async def price_url():
    state: dict[str, bytes] = {"body": b"{}"}

    async def handler(_request: web.Request) -> web.Response:
        return web.Response(body=state["body"], content_type="application/json")

    app = web.Application()
    app.router.add_get("/prices.json", handler)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    yield f"http://127.0.0.1:{runner.addresses[0][1]}/prices.json", state
    await runner.cleanup()


async def test_a_price_url_is_validated_the_same_way(
    price_url: tuple[str, dict[str, bytes]], db: Database, service: AlertService
):
    url, state = price_url
    feed = PriceFeed(UrlSource(url), service, service.notify_admins)
    cases = {
        b'{"h100": "2.10", "H100": "2.20", "l40s": "0.82"}': "duplicate",
        b'{"h100": "2.10", "h100": "2.20"}': "duplicate",
        json.dumps({"h100": "2.10"}).encode(): "missing",
        json.dumps(whole_list()).replace('"2.32"', "1e999999999").encode(): "too_high",
    }
    for body, code in cases.items():
        state["body"] = body
        outcome = await feed.poll()
        assert outcome.status == "refused" and code in {p.code for p in outcome.problems}, body
    state["body"] = json.dumps(whole_list(h100="2.10")).encode()
    assert (await feed.poll()).status == "applied"


# ----------------------------------------------------------------------------- the answering catalogue


async def test_a_slow_refresh_never_brings_back_the_old_prices(
    service: AlertService, monkeypatch: pytest.MonkeyPatch
):
    """The 30-s refresh read the prices, then a change was applied before it returned: what
    it hands the bot is the newer catalogue, never the one it read."""
    answering: list[Catalogue] = []
    service.on_changed.append(answering.append)
    read, release = asyncio.Event(), asyncio.Event()
    original = Prices.latest

    async def slow_latest(self: Prices) -> dict[str, Decimal]:
        found = await original(self)
        if not read.is_set():  # the refresh's read, not the change's own
            read.set()
            await release.wait()
        return found

    monkeypatch.setattr(Prices, "latest", slow_latest)
    refresh = asyncio.create_task(service.catalogue_in_force())
    await read.wait()
    await service.apply_price_list(RawPriceList("t", {"h100": "2.10"}))
    assert answering[-1].gpu("h100").usd_per_gpu_hour == D("2.10")
    release.set()  # the refresh returns what it read before the change
    refreshed = await refresh
    assert refreshed.gpu("h100").usd_per_gpu_hour == D("2.10")
    assert (await service.catalogue_in_force()).gpu("h100").usd_per_gpu_hour == D("2.10")


# ----------------------------------------------------------------------------- hypothesis

SPELLINGS = ["h100", "H100", "nvidia h100", "h200", "H200 SXM", "b200", "l40s", "L40S", "a100",
             "a100-80gb", "rtx-4090", "5090", "tpu-v5", "", " ", "h\u200b100", "Ｈ100"]
DIGITS = st.text(st.sampled_from("0123456789"), min_size=1, max_size=30)
NUMBER_TEXT = st.one_of(
    st.builds(lambda a, b: f"{a}.{b}", DIGITS, DIGITS),
    st.builds(lambda a, e: f"{a}e{e}", DIGITS, st.integers(-10**9, 10**9)),
    st.sampled_from(["NaN", "-NaN", "sNaN", "Infinity", "-inf", "1e999999999", "-0",
                     "0.000000", "２.５", "٣.٥", "2\u202e.5", "\u20092.5", "1_0", "+2.10"]),
    st.decimals(allow_nan=True, allow_infinity=True).map(str),
)
VALUES = st.one_of(
    NUMBER_TEXT,
    NUMBER_TEXT.map(json.dumps),  # as a JSON string
    st.integers(-10**30, 10**30).map(str),
    st.sampled_from(["null", "true", "[2]", '{"x": 1}']),
)


@st.composite
def hostile_documents(draw: st.DrawFn) -> bytes:
    """A JSON object written by hand (so keys can repeat) of hostile spellings and numbers,
    often otherwise complete and plausible."""
    pairs = [(gpu, json.dumps(price)) for gpu, price in PACKAGED_PRICES.items()
             if draw(st.booleans()) or draw(st.booleans())]
    for _ in range(draw(st.integers(0, 4))):
        pairs.insert(draw(st.integers(0, len(pairs))),
                     (draw(st.sampled_from(SPELLINGS)), draw(VALUES)))
    body = ", ".join(f"{json.dumps(k)}: {v}" for k, v in pairs)
    return ("{" + body + "}").encode()


@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(document=hostile_documents())
def test_hostile_price_lists_are_refused_or_sane(document: bytes):
    """Whatever the document, the feed refuses it with PriceListRejected (nothing else
    escapes), or accepts prices that are positive, bounded, at most six decimals, one per
    GPU, with every rented GPU named, each move within the limit."""
    catalogue = load_catalogue()
    try:
        raw = parse_document(document, "t", "json")
        accepted = validate(raw, catalogue, CURRENT, D(50), required=REQUIRED,
                            recent={"h100": (D("2.00"), D("2.50"))})
    except PriceListRejected as exc:
        assert exc.problems  # noqa: PT017 (a property test: refusal is one allowed outcome)
        for locale in LOCALES:
            text = AlertRenderer(catalogue).refused(locale, exc, D(50))
            assert validate_telegram_html(text) is None
        return
    names = [catalogue.find_gpu(k) for k in json.loads(document)]
    ids = [g.id for g in names if g is not None]
    assert len(ids) == len(set(ids)) and set(ids) >= REQUIRED
    for gpu, price in accepted.items():
        assert 0 < price <= MAX_PRICE
        assert price == price.quantize(D(1).scaleb(-MAX_DECIMALS))
        if gpu in CURRENT:  # a first price (RTX 4090/5090: rented, none published) has no step
            assert abs(price - CURRENT[gpu]) / CURRENT[gpu] <= D("0.5")


def test_a_first_price_for_a_rented_gpu_without_one_is_accepted():
    """Found by the property above: the RTX 4090 is rented with no published price, so a feed
    may give it its first price; only moves from a price in force are bounded."""
    doc = json.dumps({**{k: str(v) for k, v in CURRENT.items()}, "rtx-4090": "1"}).encode()
    accepted = validate(parse_document(doc, "t", "json"), load_catalogue(), CURRENT, D(50),
                        required=REQUIRED)
    assert accepted["rtx-4090"] == D(1)
