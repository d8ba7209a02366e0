"""Adversarial suites: a flood of updates, hostile price feeds, a database that goes away.

Every verdict is a count or a state, never a duration: waits are conditions with bounded
timeouts, and a sleep only ever paces a hostile server.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import json
import logging
import os
import shutil
import subprocess
import tempfile
import time
import tomllib
from collections import Counter
from collections.abc import AsyncIterator, Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from aiohttp import web
from sqlalchemy import func, select

from bot.alerts import AlertServices
from bot.alerts.feed import PriceFeed, UrlSource
from bot.alerts.leader import Leadership
from bot.alerts.sender import SenderConfig
from bot.alerts.service import AlertService
from bot.i18n import SUPPORTED_LOCALES, tr
from bot.pipeline import Pipeline
from bot.settings import Settings
from bot.storage.engine import Database
from bot.storage.migrate import migrate
from bot.storage.models import Delivery, PriceChange
from bot.telegram.flood import FloodGuard
from bot.telegram.handlers import Handlers
from bot.telegram.runner import Services
from fakebotapi import FakeBotAPI, SentMessage, validate_telegram_html
from rules.catalogue import load_catalogue
from tests.support.alerts_helpers import Seed, history_rows, seed, whole_list
from tests.support.bot_running import AnyApp, running

ROOT = Path(__file__).resolve().parent.parent
D = Decimal
ADMIN = 900_001
SLOW_DOWN = {tr(lang, "You are sending messages very fast. Please wait a minute.")
             for lang in SUPPORTED_LOCALES}
SORRY = {tr(lang, "Sorry, something went wrong on my side. Please try again.")
         for lang in SUPPORTED_LOCALES}



def bot_settings(api: FakeBotAPI, **extra: Any) -> Settings:
    return Settings(
        _env_file=None,
        telegram_bot_token=api.token,
        telegram_api_base_url=api.base_url,
        telegram_file_base_url=api.base_file_url,
        telegram_max_per_second=0,  # the rate limiter would only slow the test down
        **extra,
    )


def assert_valid_reply(message: SentMessage) -> None:
    assert message.parse_mode in (None, "HTML"), message.parse_mode
    if message.parse_mode == "HTML":
        assert validate_telegram_html(message.text or "") is None, message.text


async def say(api: FakeBotAPI, chat: int, text: str, lang: str = "en",
              timeout: float = 15) -> str:  # noqa: ASYNC109
    before = api.message_count(chat)
    api.push_message(chat, text, language_code=lang)
    sent = await api.wait_for_messages(before + 1, chat_id=chat, timeout=timeout)
    assert_valid_reply(sent[-1])
    return sent[-1].text or ""


def errors_logged(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


# ----------------------------------------------------------------------------- (a) the flood


FLOODERS, QUIET = 50, 450  # 50 users send 60 messages each, 450 send 4 or 5: 5 000 updates
HOSTILE = [
    "<b>unclosed & <script>alert(1)</script>", "🙂" * 2000, "x" * 4000, "-7B on 16x H100",
    "\u202e\u200b\u0000 70B \ufeff", "&amp;&lt;&#x1F600;", "a" * 10 + "\n" * 500,
    "QLoRA 1e309B on 99999999999 H100", "<a href='javascript:alert(1)'>70B</a> on 4090",
]
COMMANDS = ["/help", "/prices", "/pay", "/fit", "/quote"]
# Commands the flood guard does not see (test_every_command_counts_against_the_flood_guard).
UNGUARDED = ["/start", "/language", "/alerts", "/history h100"]


def flood_texts() -> list[str]:
    """Questions from the corpus in en/es/fr, hostile input and commands; only those whose
    answer is one message, so that answers can be counted message by message. One near
    Telegram's limit alone may be two in the flood, where a user's earlier question carries
    into it ("fine-tune 8B on half a million tokens" after "Can I run a 70b"): left out."""
    corpus = tomllib.loads((ROOT / "tests" / "corpus" / "questions.toml").read_text("utf-8"))
    pipeline = Pipeline(load_catalogue())
    questions = [case["q"] for lang in ("en", "es", "fr") for case in corpus[lang]]
    replies = {q: pipeline.ask(q) for q in questions + HOSTILE if q.strip()}
    single = [q for q, reply in replies.items()
              if len(reply.messages) == 1 and len(reply.text) < 3_000]
    return single + COMMANDS


def flood_guard(app: AnyApp) -> FloodGuard:
    for handlers in app.handlers.values():
        for handler in handlers:
            owner = getattr(handler.callback, "__self__", None)
            if isinstance(owner, Handlers):
                return owner.flood
    raise AssertionError("the application has no Handlers")


async def test_a_flood_of_5000_updates_from_500_users(caplog: pytest.LogCaptureFixture):
    """The application under 5 000 updates from 500 users: each user gets at most 20 answers
    and one "slow down" past that, every reply is valid HTML, nothing fails, and a newcomer is
    answered afterwards.

    Preferences in memory: with the SQLite ones the same flood takes ~45 s instead of ~20 s
    (each text message reads the chosen language twice, before the flood check)."""
    caplog.set_level(logging.WARNING)
    texts = flood_texts()
    users = [10_000 + i for i in range(FLOODERS + QUIET)]
    sent_by: dict[int, int] = {}
    for i, user in enumerate(users):
        sent_by[user] = 60 if i < FLOODERS else (5 if i < FLOODERS + 200 else 4)
    assert sum(sent_by.values()) == 5_000
    # Round-robin: each user's messages are spread over the whole flood, as they would be.
    plan = [(user, n) for n in range(60) for user in users if n < sent_by[user]]
    lang = {user: SUPPORTED_LOCALES[user % 3] for user in users}

    async with FakeBotAPI(record_calls=False) as api:
        # No typing indicators: the counts are about messages.
        settings = bot_settings(api, typing_delay_seconds=5)
        async with running(settings, Services(Pipeline(load_catalogue()))) as app:
            # The window never slides during the test: the counts do not depend on how fast
            # this machine is.
            frozen = time.monotonic()
            flood_guard(app).clock = lambda: frozen
            started = time.monotonic()
            for k, (user, n) in enumerate(plan):
                api.push_message(user, texts[(k * 7 + n) % len(texts)], language_code=lang[user])
            expected = sum(min(n, 20) + (n > 20) for n in sent_by.values())
            await api.wait_for(lambda: api.message_count() >= expected, timeout=90,
                               what=f"{expected} replies")
            flooded = time.monotonic() - started
            # A newcomer, queued behind everything else, is still answered.
            newcomer = await say(api, 99_999, "can I QLoRA 70B on a 4090?", timeout=30)
            assert "35 GB" in newcomer
            assert app.running

        per_user: dict[int, Counter[str]] = {}
        for message in api.sent_messages():
            assert_valid_reply(message)
            kind = ("slow down" if message.text in SLOW_DOWN
                    else "sorry" if message.text in SORRY else "answer")
            per_user.setdefault(message.chat_id, Counter())[kind] += 1
        # Every send was accepted by the strict fake (nothing refused as bad HTML or too long).
        assert api.call_counts["sendMessage"] == api.message_count()

    print(f"\nflood: {len(plan)} updates from {len(users)} users answered in {flooded:.1f} s "
          f"({api.message_count()} messages)")
    wrong = {
        user: dict(per_user.get(user, {}))
        for user, n in sent_by.items()
        if per_user.get(user, Counter()) != Counter(
            {"answer": min(n, 20), **({"slow down": 1} if n > 20 else {})}
        )
    }
    assert wrong == {}, f"{len(wrong)} users with unexpected replies, e.g. {list(wrong.items())[:5]}"
    assert errors_logged(caplog) == []


@pytest.mark.parametrize("command", UNGUARDED)
async def test_every_command_counts_against_the_flood_guard(command: str, tmp_path: Path):
    user, bystander = 7_001, 7_002
    async with FakeBotAPI(record_calls=False) as api:
        settings = bot_settings(
            api, database_url=f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}",
            typing_delay_seconds=5,
        )
        pipeline = Pipeline(load_catalogue())
        alerts = AlertServices.from_settings(settings, catalogue=pipeline.catalogue)
        async with running(settings, Services(pipeline, alerts.prefs, alerts)) as app:
            frozen = time.monotonic()
            flood_guard(app).clock = lambda: frozen
            for _ in range(30):
                api.push_message(user, command)
            await api.wait_for(lambda: api.message_count(user) >= 21, timeout=60,
                               what="the first 21 replies")
            # Queued behind the 30: once it is answered, (nearly) all 30 were handled.
            await say(api, bystander, "prices")
            replies = api.message_count(user)
    assert replies <= 21, f"{replies} replies to 30 × {command}"


# ----------------------------------------------------------------------------- (b) price feeds


MALFORMED: dict[str, tuple[bytes, str]] = {
    "not json": (b'{"h100": 2.10,,}', "malformed"),
    "truncated": (b'{"prices": {"h100": "2.1', "malformed"),
    "an html error page": (b"<html><body><h1>502 Bad Gateway</h1></body></html>", "malformed"),
    "not utf-8": (b"\xff\xfe\x00{\x00}", "malformed"),
    "a list": (b'[{"h100": 2.10}]', "malformed"),
    "null": (b"null", "malformed"),
    "deeply nested": (b"[" * 200_000, "malformed"),
    "5000 digits": (b'{"h100": ' + b"9" * 5000 + b"}", "malformed"),
    "nan": (b'{"h100": NaN}', "not_a_number"),
    "negative": (b'{"h100": -2.10}', "not_positive"),
    "astronomical": (b'{"h100": 1e400}', "too_high"),
    "infinitesimal": (b'{"h100": 1e-400}', "too_precise"),
    "a wild jump": (b'{"h100": 2.10, "b200": 4610}', "jump"),
    "20 000 unknown gpus": (
        b"{" + b",".join(b'"tpu-%d": 1' % i for i in range(20_000)) + b"}", "unknown_gpu"
    ),
}
ENDLESS_CHUNK = b" " * 65_536


class HostileFeed:
    """A price server on 127.0.0.1 misbehaving in every way, plus one that accepts a
    connection and never answers."""

    def __init__(self) -> None:
        self.closing = asyncio.Event()
        self.base = ""
        self.hang_url = ""
        self._runner: web.AppRunner | None = None
        self._hang: asyncio.Server | None = None

    async def __aenter__(self) -> HostileFeed:
        app = web.Application()
        app.router.add_get("/good", self.good)
        app.router.add_get("/malformed/{case}", self.malformed)
        app.router.add_get("/huge/declared", self.declared)
        app.router.add_get("/huge/endless", self.endless)
        app.router.add_get("/huge/gzip", self.gzip_bomb)
        app.router.add_get("/slow", self.slow)
        app.router.add_get("/trickle", self.trickle)
        self._runner = web.AppRunner(app, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.base = f"http://127.0.0.1:{self._runner.addresses[0][1]}"
        self._hang = await asyncio.start_server(self.hang, "127.0.0.1", 0)
        self.hang_url = f"http://127.0.0.1:{self._hang.sockets[0].getsockname()[1]}/prices.json"
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.closing.set()
        if self._hang is not None:
            self._hang.close()
        if self._runner is not None:
            await self._runner.cleanup()

    async def _pause(self, seconds: float) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.closing.wait(), seconds)

    async def good(self, request: web.Request) -> web.Response:
        return web.json_response({"prices": whole_list(h100="2.10")})

    async def malformed(self, request: web.Request) -> web.Response:
        body, _ = MALFORMED[request.match_info["case"]]
        return web.Response(body=body, content_type="application/json")

    async def declared(self, request: web.Request) -> web.Response:
        return web.Response(body=b" " * 5_000_000, content_type="application/json")

    async def endless(self, request: web.Request) -> web.StreamResponse:
        # Chunked, no Content-Length: only counting the bytes read stops it.
        response = web.StreamResponse(headers={"Content-Type": "application/json"})
        await response.prepare(request)
        with contextlib.suppress(ConnectionError):
            while not self.closing.is_set():
                await response.write(ENDLESS_CHUNK)
        return response

    async def gzip_bomb(self, request: web.Request) -> web.Response:
        # ~20 kB on the wire, 20 MB once decoded.
        body = gzip.compress(b"{" + b" " * 20_000_000 + b"}", compresslevel=9)
        return web.Response(body=body, headers={
            "Content-Type": "application/json", "Content-Encoding": "gzip",
        })

    async def slow(self, request: web.Request) -> web.Response:
        await self._pause(12)  # past the client's 10 s read timeout; a real change, too late
        return web.json_response({"h100": "2.10"})

    async def trickle(self, request: web.Request) -> web.StreamResponse:
        # A byte every half second: no single read ever waits long enough to time out.
        response = web.StreamResponse(headers={"Content-Type": "application/json"})
        await response.prepare(request)
        with contextlib.suppress(ConnectionError):
            await response.write(b'{"h100": "2.10"')
            while not self.closing.is_set():
                await response.write(b" ")
                await self._pause(0.5)
        return response

    async def hang(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await self.closing.wait()  # accepts, reads nothing, answers nothing
        writer.close()


@pytest_asyncio.fixture
async def feed_server() -> AsyncIterator[HostileFeed]:
    async with HostileFeed() as server:
        yield server


@pytest_asyncio.fixture
async def subscribed(tmp_path: Path) -> AsyncIterator[AlertService]:
    """A migrated SQLite database with subscribers who would be told of any H100 change."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'feed.sqlite3'}"
    await migrate(url)
    db = Database(url)
    service = AlertService(db, load_catalogue(), admin_ids=frozenset({ADMIN}))
    await service.ensure_baseline()
    await seed(db, [
        Seed(1, "h100", "any", language_code="en"),
        Seed(2, "h100", "below", D("2.20"), locale="es"),
        Seed(3, "h100", "percent", D(1), language_code="fr"),
    ], await service.current_prices())
    yield service
    await db.dispose()


async def alert_rows(db: Database) -> list[Delivery]:
    async with db.sessions() as session:
        return list(await session.scalars(select(Delivery).where(Delivery.kind == "alert")))


HOSTILE_FEEDS: dict[str, tuple[str, str, str]] = {
    # case: (path, problem code, what the log says)
    **{f"malformed: {case}": (f"/malformed/{case}", code, code)
       for case, (_, code) in MALFORMED.items()},
    "enormous: declared length": ("/huge/declared", "too_large", "too_large"),
    "enormous: endless chunks": ("/huge/endless", "too_large", "too_large"),
    "enormous: gzip bomb": ("/huge/gzip", "too_large", "too_large"),
    "slow: answers after the timeout": ("/slow", "unreachable", "ReadTimeout"),
    "slow: trickles a byte at a time": ("/trickle", "unreachable", "TimeoutError"),
    "never answers": ("hang", "unreachable", "ReadTimeout"),
}
# The production client waits 10 s for a read (5 s to connect); a whole download is capped.
POLL_BOUND = 20.0


@pytest.mark.parametrize("case", list(HOSTILE_FEEDS))
async def test_a_hostile_price_feed_changes_nothing_and_alerts_nobody(
    case: str, feed_server: HostileFeed, subscribed: AlertService,
    caplog: pytest.LogCaptureFixture,
):
    path, code, why = HOSTILE_FEEDS[case]
    url = feed_server.hang_url if path == "hang" else feed_server.base + path
    service = subscribed
    prices, history = await service.current_prices(), await history_rows(service.db)
    # The production source and client (10 s per read); the trickle meets the cap on the
    # whole download, shortened from 30 s.
    source = UrlSource(url, max_seconds=3.0) if path == "/trickle" else UrlSource(url)
    feed = PriceFeed(source, service, service.notify_admins)

    caplog.set_level(logging.WARNING, logger="bot.alerts")
    started = time.monotonic()
    outcome = await asyncio.wait_for(feed.poll(), POLL_BOUND)
    elapsed = time.monotonic() - started

    assert outcome.status == "refused", outcome
    assert {p.code for p in outcome.problems} == {code}
    assert await service.current_prices() == prices  # the last good prices stay
    assert await history_rows(service.db) == history
    assert await alert_rows(service.db) == []  # nobody alerted (the admins are told)
    logged = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert any("price list refused" in line and code in line for line in logged), logged
    assert any(why in line for line in logged), logged
    print(f"\n{case}: refused ({code}) in {elapsed:.2f} s; longest log line "
          f"{max(map(len, logged))} characters")


async def test_after_hostile_answers_the_same_feed_is_applied_once_it_is_good(
    feed_server: HostileFeed, subscribed: AlertService
):
    """The control: the harness does detect an applied list, so "nothing changed" above means
    something."""
    service = subscribed
    bad = PriceFeed(UrlSource(feed_server.base + "/huge/endless"), service, service.notify_admins)
    assert (await bad.poll()).status == "refused"
    good = PriceFeed(UrlSource(feed_server.base + "/good"), service, service.notify_admins)
    outcome = await asyncio.wait_for(good.poll(), POLL_BOUND)
    assert outcome.status == "applied"
    assert (await service.current_prices())["h100"] == D("2.10")
    assert sorted(r.chat_id for r in await alert_rows(service.db)) == [1, 2, 3]


# ----------------------------------------------------------------------------- (c) the database


class Outage:
    """Takes the database away and brings it back."""

    async def down(self) -> None:
        raise NotImplementedError

    async def up(self) -> None:
        raise NotImplementedError


class SqliteOutage(Outage):
    """The directory holding the database file (and its WAL) disappears: new connections
    fail; the engine's pooled connections are closed, as a vanished volume would break them
    (an open file descriptor would otherwise keep working on the renamed file)."""

    def __init__(self, directory: Path, databases: list[Database]) -> None:
        self.directory = directory
        self.away = directory.with_name(directory.name + "-away")
        self.databases = databases

    async def down(self) -> None:
        self.directory.rename(self.away)
        for db in self.databases:
            await db.engine.dispose()

    async def up(self) -> None:
        self.away.rename(self.directory)


def _pg_bin() -> Path | None:
    if os.environ.get("PG_BIN") and (Path(os.environ["PG_BIN"]) / "pg_ctl").exists():
        return Path(os.environ["PG_BIN"])
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"),
                   key=lambda p: int(p.parts[-3]) if p.parts[-3].isdigit() else 0)
    if found:
        return found[-1].parent
    which = shutil.which("pg_ctl")
    return Path(which).parent if which else None


class PostgresOutage(Outage):
    """A throwaway cluster of its own (scripts/pg_throwaway.sh), stopped and started again on
    the same port with the same data: every connection is cut, then refused, then accepted."""

    def __init__(self, directory: Path, pg_bin: Path) -> None:
        self.directory = directory
        self.pg_ctl = pg_bin / "pg_ctl"
        self.port = int((directory / "port").read_text())

    def _ctl(self, *args: str) -> None:
        command = [str(self.pg_ctl), "-D", str(self.directory / "data"), *args]
        if os.geteuid() == 0:  # as scripts/pg_throwaway.sh does: initdb refuses root
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True, timeout=60)

    async def down(self) -> None:
        await asyncio.to_thread(self._ctl, "-m", "fast", "-w", "stop")

    async def up(self) -> None:
        options = (f"-p {self.port} -k {self.directory / 'socket'} -c listen_addresses=127.0.0.1"
                   " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
                   " -c max_connections=200")  # as scripts/pg_throwaway.sh starts it
        await asyncio.to_thread(
            self._ctl, "-l", str(self.directory / "server.log"), "-w", "-t", "30", "start",
            "-o", options,
        )


@pytest_asyncio.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
async def vanishing(
    request: pytest.FixtureRequest, tmp_path: Path
) -> AsyncIterator[tuple[str, Callable[[list[Database]], Outage]]]:
    """(database URL, outage factory) for a database this test may take away."""
    if request.param == "sqlite":
        directory = tmp_path / "db"
        directory.mkdir()
        url = f"sqlite+aiosqlite:///{directory / 'bot.sqlite3'}"
        yield url, lambda dbs: SqliteOutage(directory, dbs)
        return
    if not os.environ.get("TEST_DATABASE_URL"):
        pytest.skip("TEST_DATABASE_URL is not set")
    pg_bin = _pg_bin()
    if pg_bin is None:
        pytest.skip("no PostgreSQL server binaries to stop and start a cluster")
    # Not the shared test cluster: stopping that one would pull it from under other tests.
    # Not under tmp_path either: as root the cluster runs as `postgres`, who cannot enter it.
    cluster = Path(tempfile.mkdtemp(prefix="pg-vanishing-"))
    script = ROOT / "scripts" / "pg_throwaway.sh"
    started = await asyncio.to_thread(
        subprocess.run, ["bash", str(script), "start", str(cluster)], capture_output=True,
        text=True, timeout=120, env={**os.environ, "PG_BIN": str(pg_bin)},
    )
    if started.returncode != 0:
        pytest.skip(f"could not start a throwaway cluster: {started.stderr.strip()[-300:]}")
    try:
        yield started.stdout.strip(), lambda dbs: PostgresOutage(cluster, pg_bin)
    finally:
        await asyncio.to_thread(
            subprocess.run, ["bash", str(script), "stop", str(cluster)], capture_output=True,
            timeout=120,
        )


FR_USER, SUBSCRIBER = 4_001, 4_002


async def test_the_database_goes_away_and_comes_back(
    vanishing: tuple[str, Callable[[list[Database]], Outage]], caplog: pytest.LogCaptureFixture,
):
    """Questions are answered throughout (the chosen language falls back to Telegram's), a
    price change during the outage is refused whole, and afterwards alerts flow again."""
    url, make_outage = vanishing
    caplog.set_level(logging.WARNING)
    async with FakeBotAPI(record_calls=False) as api:
        settings = bot_settings(api, database_url=url, admin_ids=frozenset({ADMIN}),
                                typing_delay_seconds=5)
        pipeline = Pipeline(load_catalogue())
        alerts = AlertServices.from_settings(
            settings, catalogue=pipeline.catalogue,
            # Quick to recover, so the test waits seconds, not minutes.
            sender_config=SenderConfig(idle_poll=0.1),
            leadership=Leadership(url, retry_seconds=0.2, heartbeat_seconds=0.5),
        )
        outage = make_outage([alerts.db])
        async with running(settings, Services(pipeline, alerts.prefs, alerts)):
            await asyncio.wait_for(alerts.leadership.elected.wait(), 30)
            assert "français" in await say(api, FR_USER, "/language fr")
            assert "$US" in await say(api, FR_USER, "prices")  # French, as chosen
            assert "H100" in await say(api, SUBSCRIBER, "/alert h100")
            before = await alerts.service.current_prices()

            await outage.down()
            try:
                # Still answered: in Telegram's language, since the choice cannot be read.
                during = await say(api, FR_USER, "prices")
                assert during not in SORRY and "$US" not in during and "/hour" in during
                answer = await say(api, SUBSCRIBER, "can I QLoRA 70B on a 4090?")
                assert "35 GB" in answer
                # A price change is refused (the admin is told something went wrong).
                refused = await say(api, ADMIN, "/setprice h100 2.00")
                assert refused in SORRY
                assert (await alerts.poll_feed()).status == "unchanged"
            finally:
                await outage.up()

            # Back: the choice is read again, the refused change left no trace, and a new
            # change reaches the subscriber.
            assert "$US" in await say(api, FR_USER, "prices")
            assert await alerts.service.current_prices() == before
            async with alerts.db.sessions() as session:
                outage_rows = await session.scalar(
                    select(func.count()).select_from(PriceChange)
                    .where(PriceChange.price == D("2.00"))
                )
            assert outage_rows == 0
            assert await alert_rows(alerts.db) == []
            told = api.message_count(SUBSCRIBER)
            done = await say(api, ADMIN, "/setprice h100 1.95")
            assert "1.95" in done
            alert = await api.wait_for_messages(told + 1, chat_id=SUBSCRIBER, timeout=30)
            assert "1.95" in (alert[-1].text or "")
            assert api.message_count(SUBSCRIBER) == told + 1  # once, not once per retry
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "could not read the chosen language" in logged  # the fallback says why


async def _fresh(url: str, prices_file: Path) -> AlertServices:
    await migrate(url)
    settings = Settings(_env_file=None, database_url=url,
                        prices_source=str(prices_file), admin_ids=frozenset({ADMIN}))
    alerts = AlertServices.from_settings(settings, catalogue=load_catalogue())
    await alerts.service.ensure_baseline()
    await seed(alerts.db, [Seed(1, "h100", "any", locale="fr")],
               await alerts.service.current_prices())
    return alerts


async def test_a_price_list_read_during_an_outage_is_applied_when_the_database_is_back(
    tmp_path: Path,
):
    directory = tmp_path / "db"
    directory.mkdir()
    prices_file = tmp_path / "prices.json"
    prices_file.write_text(json.dumps(whole_list()))  # the packaged prices: nothing to do
    alerts = await _fresh(f"sqlite+aiosqlite:///{directory / 'bot.sqlite3'}", prices_file)
    outage = SqliteOutage(directory, [alerts.db])
    try:
        assert (await alerts.poll_feed()).status == "unchanged"
        await outage.down()
        prices_file.write_text(json.dumps(whole_list(h100="2.10")))
        assert (await alerts.poll_feed()).status == "unchanged"  # failed: nothing written
        await outage.up()
        outcome = await alerts.poll_feed()
        assert outcome.status == "applied", outcome
        assert (await alerts.service.current_prices())["h100"] == D("2.10")
        assert [r.chat_id for r in await alert_rows(alerts.db)] == [1]
    finally:
        await alerts.db.dispose()
