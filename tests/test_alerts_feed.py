"""The price feed: a bad price list changes nothing and alerts nobody; a good one is applied."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import time
from decimal import Decimal
from pathlib import Path

import httpx
import pytest
from aiohttp import web
from sqlalchemy import func, select

from bot.alerts.feed import (
    FileSource,
    PackagedSource,
    PriceFeed,
    PriceListRejected,
    RawPriceList,
    UrlSource,
    parse_document,
    source_from_setting,
    validate,
    with_prices,
)
from bot.alerts.service import AlertService
from bot.storage.engine import Database
from bot.storage.models import Delivery, PriceChange
from rules.catalogue import Catalogue
from tests.support.alerts_helpers import Seed, deliveries, history_rows, seed, whole_list

ADMIN = 900_001
CURRENT = {"h100": Decimal("2.32"), "h200": Decimal("3.07"), "b200": Decimal("4.61")}


def settled(path: Path) -> FileSource:
    """A file source whose clock runs a minute ahead: a file just written is already settled,
    so the test does not wait out the 2 s settle interval (the settling itself is tested with a
    fake clock in tests/test_mutants_alerts.py)."""
    return FileSource(path, clock=lambda: time.time() + 60)


def codes(exc: pytest.ExceptionInfo[PriceListRejected]) -> list[str]:
    return [p.code for p in exc.value.problems]


# ----------------------------------------------------------------------------- validation


def test_a_good_list_is_accepted_with_exact_decimals(catalogue: Catalogue):
    raw = parse_document(
        b'{"prices": {"h100": 2.10, "H200": "3.0700", "a100": 1, "rtx-4090": null}}',
        "t", "json",
    )
    prices = validate(raw, catalogue, CURRENT, Decimal(50))
    assert prices == {"h100": Decimal("2.10"), "h200": Decimal("3.07"), "a100-80gb": Decimal(1)}
    assert str(prices["h100"]) == "2.10"  # read as a decimal, never through a float


def test_toml_and_a_bare_mapping(catalogue: Catalogue):
    raw = parse_document(b'h100 = 2.2\n"b200" = "4.5"\n', "t", "toml")
    assert validate(raw, catalogue, CURRENT, Decimal(50)) == {
        "h100": Decimal("2.2"), "b200": Decimal("4.5")
    }


@pytest.mark.parametrize(
    ("document", "expected"),
    [
        (b"{not json", ["malformed"]),
        (b"[1, 2]", ["malformed"]),
        (b'{"prices": {}}', ["empty"]),
        (b"\xff\xfe", ["malformed"]),
        (b'{"h100": -2.10}', ["not_positive"]),
        (b'{"h100": 0}', ["not_positive"]),
        (b'{"h100": "cheap"}', ["not_a_number"]),
        (b'{"h100": true}', ["not_a_number"]),
        (b'{"h100": NaN}', ["not_a_number"]),
        (b'{"h100": Infinity}', ["not_a_number"]),
        (b'{"h100": [2]}', ["not_a_number"]),
        (b'{"h100": 2.1234567}', ["too_precise"]),
        (b'{"h1000": 2.10}', ["unknown_gpu"]),
        (b'{"h100": 9.99}', ["jump"]),  # +331 %
        (b'{"h100": 1.00}', ["jump"]),  # -57 %
        (b'{"h100": 2.20, "b200": -1, "tpu": 1}', ["not_positive", "unknown_gpu"]),
    ],
)
def test_a_bad_list_is_refused_whole(catalogue: Catalogue, document: bytes, expected: list[str]):
    with pytest.raises(PriceListRejected) as exc:
        validate(parse_document(document, "t", "json"), catalogue, CURRENT, Decimal(50))
    assert codes(exc) == expected


def test_jumps_are_measured_from_the_last_good_price(catalogue: Catalogue):
    raw = RawPriceList("t", {"h100": "3.48", "rtx-5090": "0.70"})  # +50 % exactly: allowed
    assert validate(raw, catalogue, CURRENT, Decimal(50)) == {
        "h100": Decimal("3.48"), "rtx-5090": Decimal("0.70")  # unpublished: no jump check
    }
    with pytest.raises(PriceListRejected):
        validate(RawPriceList("t", {"h100": "3.49"}), catalogue, CURRENT, Decimal(50))
    forced = validate(RawPriceList("t", {"h100": "9"}), catalogue, CURRENT, Decimal(50),
                      allow_jump=True)
    assert forced == {"h100": Decimal(9)}


def test_catalogue_with_feed_prices(catalogue: Catalogue):
    updated = with_prices(catalogue, {"h200": Decimal("2.50")})
    assert updated.gpu("h200").usd_per_gpu_hour == Decimal("2.50")
    offer = next(o for o in updated.offers if o.gpu == "h200" and o.count == 8)
    assert offer.usd_per_hour == Decimal(20)
    assert catalogue.gpu("h200").usd_per_gpu_hour == Decimal("3.07")  # the original is intact


# ----------------------------------------------------------------------------- sources


async def test_file_source_reads_again_only_when_the_file_changes(tmp_path: Path):
    path = tmp_path / "prices.json"
    path.write_text('{"h100": "2.10"}')
    source = settled(path)
    first = await source.fetch()
    assert first is not None and first.entries == {"h100": "2.10"}
    assert await source.fetch() is None
    assert await source.fetch(force=True) is not None
    path.write_text('{"h100": "2.20"}')
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    changed = await source.fetch()
    assert changed is not None and changed.entries == {"h100": "2.20"}


async def test_file_source_missing_file_and_toml(tmp_path: Path):
    with pytest.raises(PriceListRejected) as exc:
        await FileSource(tmp_path / "nope.json").fetch()
    assert codes(exc) == ["unreachable"]
    toml = tmp_path / "prices.toml"
    toml.write_text('[prices]\nh100 = "2.25"\n')
    found = await settled(toml).fetch()
    assert found is not None and found.entries == {"h100": "2.25"}


def test_source_from_setting(tmp_path: Path, catalogue: Catalogue):
    assert isinstance(source_from_setting("packaged", catalogue), PackagedSource)
    assert isinstance(source_from_setting(str(tmp_path / "p.json"), catalogue), FileSource)
    url = source_from_setting("https://prices.example.com/gpu.json?key=SECRET", catalogue)
    assert isinstance(url, UrlSource)
    assert "SECRET" not in url.name  # names end up in logs and the price history
    with pytest.raises(ValueError, match="https"):
        source_from_setting("http://prices.example.com/gpu.json", catalogue)


@pytest.fixture
async def price_server():
    """A local HTTP server standing in for the operator's price URL (no internet)."""
    state: dict[str, object] = {"body": b'{"h100": "2.10"}', "status": 200, "delay": 0.0}

    async def handler(request: web.Request) -> web.StreamResponse:
        await asyncio.sleep(float(state["delay"]))  # type: ignore[arg-type]
        return web.Response(body=state["body"], status=int(state["status"]),  # type: ignore[call-overload]
                            content_type="application/json")

    app = web.Application()
    app.router.add_get("/prices.json", handler)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    yield f"http://127.0.0.1:{port}/prices.json", state
    await runner.cleanup()


async def test_url_source(price_server):
    url, state = price_server
    source = UrlSource(url)
    first = await source.fetch()
    assert first is not None and first.entries == {"h100": "2.10"}
    assert await source.fetch() is None  # same content
    state["body"] = b'{"h100": "2.20"}'
    assert (await source.fetch()) is not None
    state["body"] = b'{"h100": "' + b"1" * 2_000 + b'"}'
    with pytest.raises(PriceListRejected) as exc:
        await UrlSource(url, max_bytes=1_000).fetch()
    assert codes(exc) == ["too_large"]
    state["status"] = 500
    with pytest.raises(PriceListRejected) as exc:
        await UrlSource(url).fetch()
    assert codes(exc) == ["unreachable"]
    state["status"], state["delay"] = 200, 0.5  # past the client's 0.2 s

    def impatient() -> httpx.AsyncClient:
        return httpx.AsyncClient(timeout=httpx.Timeout(0.2))

    with pytest.raises(PriceListRejected) as exc:
        await UrlSource(url, client_factory=impatient).fetch()
    assert codes(exc) == ["unreachable"]


# ----------------------------------------------------------------------------- end to end


@pytest.fixture
async def subscribed(db: Database, service: AlertService) -> AlertService:
    prices = await service.current_prices()
    await seed(db, [
        Seed(1, "h100", "any", language_code="en"),
        Seed(2, "h100", "below", Decimal("2.2"), locale="es"),
        Seed(3, "h100", "percent", Decimal(1), language_code="fr"),
        Seed(4, "b200", "any"),
    ], prices)
    return service


BAD_FILES = {
    "malformed": "{\"h100\": 2.10,,}",
    "negative": '{"h100": -2.10}',
    "zero": '{"prices": {"h100": "0"}}',
    "not_a_number": '{"h100": "two dollars"}',
    "unknown_gpu": '{"h100": "2.10", "h1000": "1.00"}',
    "jump": '{"h100": "2.10", "b200": "46.10"}',  # one wild jump refuses the good entry too
}


@pytest.mark.parametrize("case", sorted(BAD_FILES))
async def test_a_bad_price_file_changes_nothing_and_alerts_nobody(
    case: str, tmp_path: Path, db: Database, subscribed: AlertService,
    caplog: pytest.LogCaptureFixture,
):
    service = subscribed
    before_prices = await service.current_prices()
    before_history = await history_rows(db)
    path = tmp_path / "prices.json"
    path.write_text(BAD_FILES[case])
    feed = PriceFeed(settled(path), service, service.notify_admins)

    with caplog.at_level(logging.WARNING, logger="bot.alerts.feed"):
        outcome = await feed.poll()
        again = await feed.poll(force=True)  # the same refusal is not sent twice

    assert outcome.status == "refused" and again.status == "refused"
    assert await service.current_prices() == before_prices  # the last good prices stay
    assert await history_rows(db) == before_history
    rows = await deliveries(db)
    assert [r.kind for r in rows] == ["admin"]  # nobody alerted; the admin told once
    assert rows[0].chat_id == ADMIN
    assert "refused" in rows[0].text and "nobody was alerted" in rows[0].text
    assert any("price list refused" in r.getMessage() for r in caplog.records)


async def test_a_good_price_file_is_applied_once(
    tmp_path: Path, db: Database, subscribed: AlertService
):
    service = subscribed
    path = tmp_path / "prices.json"
    path.write_text(json.dumps({"prices": whole_list(h100="2.10")}))
    feed = PriceFeed(settled(path), service, service.notify_admins)

    outcome = await feed.poll()
    assert outcome.status == "applied"
    assert [(m.gpu_id, m.old, m.new) for m in outcome.moves] == [
        ("h100", Decimal("2.32"), Decimal("2.10"))
    ]
    assert (await service.current_prices())["h100"] == Decimal("2.10")
    assert (await feed.poll()).status == "unchanged"  # same mtime: not read again
    rows = await deliveries(db)
    assert sorted(r.chat_id for r in rows) == [1, 2, 3]  # b200 did not change: 4 is not told
    assert {r.chat_id: r.locale for r in rows} == {1: "en", 2: "es", 3: "fr"}
    async with db.sessions() as session:
        change = (await session.scalars(
            select(PriceChange).where(PriceChange.source == "file:prices.json")
        )).one()
        linked = await session.scalar(
            select(func.count()).select_from(Delivery)
            .where(Delivery.price_change_id == change.id)
        )
    assert change.price == Decimal("2.10") and linked == 3


async def test_packaged_prices_after_the_baseline_change_nothing(
    db: Database, subscribed: AlertService, catalogue: Catalogue
):
    history = await history_rows(db)
    feed = PriceFeed(PackagedSource(catalogue), subscribed, subscribed.notify_admins)
    assert (await feed.poll()).status == "unchanged"
    assert await subscribed.ensure_baseline() == 0
    assert await history_rows(db) == history
    assert await deliveries(db) == []


async def test_a_long_refusal_fits_in_one_telegram_message(
    tmp_path: Path, db: Database, subscribed: AlertService
):
    path = tmp_path / "prices.json"
    path.write_text(json.dumps({**whole_list(), **{f"tpu-v{i}": "1.00" for i in range(200)}}))
    outcome = await PriceFeed(settled(path), subscribed, subscribed.notify_admins).poll()
    assert len(outcome.problems) == 200
    (row,) = await deliveries(db)
    assert len(row.text) < 4096 and "185 more problems" in row.text


def test_a_refusal_with_thousands_of_problems_logs_a_bounded_line(catalogue: Catalogue):
    raw = RawPriceList("file:prices.json", {f"gpu-{i}": "1" for i in range(20_000)})
    with pytest.raises(PriceListRejected) as info:
        validate(raw, catalogue, {}, Decimal(50))
    assert len(info.value.problems) == 20_000  # all kept for whoever inspects them
    assert len(str(info.value)) < 2_000 and "19990 more" in str(info.value)


async def test_a_committed_change_hands_the_new_catalogue_to_listeners(service: AlertService):
    handed: list[Catalogue] = []
    service.on_changed.append(handed.append)
    await service.ensure_baseline()
    await service.apply_price_list(RawPriceList("t", {"h100": "1.90"}))
    (catalogue,) = handed  # at once, with no read back from the database
    assert catalogue.gpu("h100").usd_per_gpu_hour == Decimal("1.90")
    assert catalogue.prices_verified == service.clock().date()
    fresh = await service.catalogue_in_force()
    assert fresh.gpu("h100").usd_per_gpu_hour == Decimal("1.90")
    await service.apply_price_list(RawPriceList("t", {"h100": "1.90"}))  # no move: no call
    assert len(handed) == 1


async def test_a_refresh_with_no_new_price_hands_back_the_published_catalogue(
    service: AlertService, monkeypatch: pytest.MonkeyPatch
):
    """The bot refreshes every 30 s: with no price recorded since, the catalogue in force is
    the one handed out already (the same object: the pipeline keeps its caches without
    comparing), and neither the prices are read nor a catalogue built again (issue #16)."""
    await service.ensure_baseline()
    await service.apply_price_list(RawPriceList("t", {"h100": "1.90"}))
    first = await service.catalogue_in_force()
    built: list[object] = []
    real = service._catalogue_with
    monkeypatch.setattr(service, "_catalogue_with", lambda *a: built.append(a) or real(*a))
    assert await service.catalogue_in_force() is first
    assert built == []
    await service.apply_price_list(RawPriceList("t", {"h100": "2.05"}))  # a new price: read
    fresh = await service.catalogue_in_force()
    assert fresh.gpu("h100").usd_per_gpu_hour == Decimal("2.05")
