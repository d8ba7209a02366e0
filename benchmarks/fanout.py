"""Alert fan-out: time to enqueue, messages/s against the pace, peak memory, and lost or
duplicated deliveries, at 10 000 and 100 000 subscribers across en/es/fr.

The enqueue streams (one transaction, subscribers read and deliveries written a batch at a
time): its peak memory should not grow with the subscribers, and the KB per subscriber between
10k and 100k says whether it does. 100k are all delivered when the sender's measured ceiling
would do it within FULL_DELIVERY_BUDGET; otherwise for SAMPLE_SECONDS, and the row says so.

Separate processes, as in production where the sender runs alone in the leader: this one
seeds the database; a child applies the price change (the fan-out into the outbox); the fake
Bot API (unthrottled, strict about HTML) runs in its own; the sender runs in its own, with the
production code (OutboxSender over a real PTB Bot). Memory is each child's peak resident set
(VmHWM: ``ru_maxrss`` would survive exec and report the parent's size at fork). Every
subscriber has an "any change" alert on the H100, so each must get exactly one message: lost
and duplicated are counted at the fake.

    .venv/bin/python -m benchmarks.run fanout      # SQLite, and PostgreSQL when
                                                   # BENCH_DATABASE_URL or TEST_DATABASE_URL is set
    python -m benchmarks.fanout fake|enqueue|sender ...   # (internal) the children
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import os
import resource
import sys
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from aiohttp import web  # noqa: E402

from fakebotapi import FakeBotAPI  # noqa: E402

Report = Callable[[str, str, str], None]

LANGS = ("en", "es", "fr")
CODES = {"en": "en-GB", "es": "es-419", "fr": "fr-CA"}
PACE = 25.0  # SenderConfig's default, ALERTS_PER_SECOND
PACE_MESSAGES = 500  # 20 s at the pace
UNTHROTTLED = 1e9  # messages a second: no spacing at all
BULK = {"in_flight": 4, "record_every": 50}  # the trade-off sender.py documents
TEN, BIG = 10_000, 100_000  # subscribers
FULL_DELIVERY_BUDGET = 360.0  # seconds: deliver all 100k if the ceiling allows it in this
SAMPLE_SECONDS = 45.0  # otherwise send for this long and count among those attempted


def peak_kb() -> int:
    """This process's peak resident set in KiB (Linux VmHWM; elsewhere ru_maxrss)."""
    with contextlib.suppress(OSError, ValueError, IndexError):
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def _emit(figures: dict[str, Any]) -> None:
    print(json.dumps(figures), flush=True)


# ----------------------------------------------------------------------------- the fake


class CountingFake(FakeBotAPI):
    """The fake Bot API, plus a route reporting (chat, accept time) of every message."""

    def _extra_routes(self, app: web.Application) -> None:
        app.router.add_get("/_control/accepted", self._accepted)

    async def _accepted(self, request: web.Request) -> web.Response:
        messages = self.sent_messages()
        # received_at is time.perf_counter (CLOCK_MONOTONIC on Linux): comparable across
        # processes on one machine.
        return web.json_response({
            "chats": [m.chat_id for m in messages],
            "times": [m.received_at for m in messages],
            "calls": self.call_counts["sendMessage"],
        })


async def serve_fake() -> None:
    async with CountingFake(record_calls=False) as api:
        print(api.port, api.token, flush=True)
        await asyncio.Event().wait()


# ----------------------------------------------------------------------------- the children


async def run_enqueue(args: argparse.Namespace) -> None:
    """One price change through AlertService: history, subscription states and one outbox row
    per subscriber, in one transaction, streamed in batches (AlertService.fan_out_batch)."""
    from bot.alerts.feed import RawPriceList
    from bot.alerts.service import AlertService
    from bot.storage.engine import Database
    from rules.catalogue import load_catalogue

    db = Database(args.database_url)
    service = AlertService(db, load_catalogue())
    await service.current_prices()  # imports, catalogue and connection before the baseline
    idle = peak_kb()
    started = time.perf_counter()
    result = await service.apply_price_list(RawPriceList("bench", {"h100": Decimal("2.10")}))
    elapsed = time.perf_counter() - started
    await db.dispose()
    # The commit (what the admin waits for): the change, its fan-out cursor and a first page;
    # the sender expands the rest. started_at is CLOCK_MONOTONIC, comparable with the fake's.
    _emit({"seconds": elapsed, "deliveries": result.deliveries, "idle_kb": idle,
           "peak_kb": peak_kb(), "started_at": started})


async def run_sender(args: argparse.Namespace) -> None:
    """The production OutboxSender over a real PTB Bot, until the outbox is drained (or
    ``--seconds`` of sending: whole batches, then it stops)."""
    from telegram import Bot

    from bot.alerts.sender import OutboxSender, SenderConfig
    from bot.alerts.service import AlertService
    from bot.storage.engine import Database
    from bot.storage.repos import FanOuts, Outbox
    from bot.telegram.alert_handlers import telegram_sender
    from bot.telegram.direct_send import DirectSender
    from bot.telegram.request import JsonHTTPXRequest
    from rules.catalogue import load_catalogue

    db = Database(args.database_url)
    # PTB over httpx, as the README's table measured it (the bot itself now sends on
    # StreamRequest, bot/telegram/request.py).
    request = JsonHTTPXRequest(connection_pool_size=max(4, args.in_flight * 2), read_timeout=30)
    config = SenderConfig(
        rate=args.rate, in_flight=args.in_flight, record_every=args.record_every,
        idle_poll=0.05, batch_size=args.batch_size,
    )
    service = AlertService(db, load_catalogue(), fan_out_batch=args.fan_out_batch)
    direct = DirectSender(args.base_url, args.token, connections=args.in_flight, timeout=30)
    async with Bot(args.token, base_url=args.base_url, request=request) as bot:
        send = direct if args.direct else telegram_sender(bot)
        sender = OutboxSender(db, send, config, expand=service.expand_next)
        async with db.sessions() as session:  # connected before measuring the idle footprint
            await Outbox(session).counts()
        idle = peak_kb()
        if args.wait:  # started before the change, as the leader's sender is
            print("READY", flush=True)
            while True:
                async with db.sessions() as session:
                    if (await Outbox(session).counts()).get("pending") or await FanOuts(
                        session
                    ).unfinished():
                        break
                await asyncio.sleep(0.01)
        started = time.perf_counter()
        if args.seconds:
            while time.perf_counter() - started < args.seconds and await sender.step():
                pass
        else:
            await sender.drain(timeout=args.timeout)
        elapsed = time.perf_counter() - started
    await direct.close()
    async with db.sessions() as session:
        counts = await Outbox(session).counts()
    await db.dispose()
    usage = resource.getrusage(resource.RUSAGE_SELF)
    _emit({**sender.stats.as_dict(), "seconds": elapsed, "idle_kb": idle, "peak_kb": peak_kb(),
           "cpu": usage.ru_utime + usage.ru_stime, "outbox": counts})


# ----------------------------------------------------------------------------- the driver


@dataclass(frozen=True)
class Delivered:
    total: int
    lost: int  # expected subscribers with no message
    duplicated: int  # subscribers with more than one
    unexpected: int  # messages to chats that should have got none
    rate: float  # messages a second, first to last accepted
    calls: int  # sendMessage calls, including refused ones

    def counts(self) -> str:
        extra = f", {self.unexpected} unexpected" if self.unexpected else ""
        return f"lost {self.lost}, dup {self.duplicated}{extra}"


@dataclass(frozen=True)
class Run:
    n: int
    enqueue: dict[str, Any]
    sender: dict[str, Any]
    delivered: Delivered

    @property
    def k(self) -> str:
        return f"{self.n / 1000:g}k" if self.n >= 1000 else str(self.n)

    @property
    def sample(self) -> bool:
        return self.delivered.total < self.n

    @staticmethod
    def mb(kb: float) -> float:
        return kb / 1024


async def _child(*args: str) -> dict[str, Any]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "benchmarks.fanout", *args, cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
    )
    out, _ = await proc.communicate()
    if proc.returncode != 0:
        raise RuntimeError(f"benchmarks.fanout {args[0]} failed with status {proc.returncode}")
    figures: dict[str, Any] = json.loads(out.decode().strip().splitlines()[-1])
    return figures


class Fake:
    """The fake Bot API in a subprocess."""

    def __init__(self) -> None:
        self.proc: asyncio.subprocess.Process | None = None
        self.base = ""
        self.token = ""

    async def __aenter__(self) -> Fake:
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "benchmarks.fanout", "fake", cwd=ROOT,
            stdout=asyncio.subprocess.PIPE,
        )
        assert self.proc.stdout is not None
        line = await asyncio.wait_for(self.proc.stdout.readline(), 30)
        port, self.token = line.decode().split()
        self.base = f"http://127.0.0.1:{port}"
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.terminate()
            await self.proc.wait()

    async def delivered(self, expected: set[int]) -> Delivered:
        import httpx

        async with httpx.AsyncClient(timeout=60) as client:
            body = (await client.get(f"{self.base}/_control/accepted")).json()
        per_chat = Counter(int(c) for c in body["chats"])
        times: list[float] = body["times"]
        span = max(times) - min(times) if len(times) > 1 else 0.0
        return Delivered(
            total=len(times),
            lost=sum(1 for chat in expected if chat not in per_chat),
            duplicated=sum(1 for n in per_chat.values() if n > 1),
            unexpected=sum(n for chat, n in per_chat.items() if chat not in expected),
            rate=(len(times) - 1) / span if span > 0 else 0.0,
            calls=int(body["calls"]),
        )


def _subscribers(n: int) -> list[Any]:
    """n users, a third each in en/es/fr, half having chosen it with /language and half only
    through Telegram's language_code; each with an "any change" alert on the H100."""
    from benchmarks.seeding import Seed

    seeds = []
    for user in range(1, n + 1):
        lang = LANGS[user % 3]
        if user % 2:
            seeds.append(Seed(user, "h100", "any", locale=lang))
        else:
            seeds.append(Seed(user, "h100", "any", language_code=CODES[lang]))
    return seeds


@contextlib.asynccontextmanager
async def _database(backend: str, base_url: str | None) -> AsyncIterator[str]:
    """A fresh, migrated database: a SQLite file, or a new PostgreSQL database (dropped after)."""
    from bot.storage.migrate import migrate

    if backend == "sqlite":
        with tempfile.TemporaryDirectory() as tmp:
            url = f"sqlite+aiosqlite:///{Path(tmp) / 'fanout.sqlite3'}"
            await migrate(url)
            yield url
        return
    import asyncpg  # type: ignore[import-untyped]
    from sqlalchemy.engine import make_url

    assert base_url is not None
    base = make_url(base_url)
    name = f"fanout_{uuid.uuid4().hex[:12]}"

    async def admin(sql: str) -> None:
        conn = await asyncpg.connect(
            host=base.host, port=base.port, user=base.username, password=base.password,
            database=base.database or "postgres",
        )
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    await admin(f'CREATE DATABASE "{name}"')
    try:
        url = base.set(database=name).render_as_string(hide_password=False)
        await migrate(url)
        yield url
    finally:
        await admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


async def _seed(db_url: str, n: int) -> None:
    from benchmarks.seeding import seed
    from bot.alerts.service import AlertService
    from bot.storage.engine import Database
    from rules.catalogue import load_catalogue

    db = Database(db_url)
    try:
        service = AlertService(db, load_catalogue())
        await service.ensure_baseline()
        await seed(db, _subscribers(n), await service.current_prices())
    finally:
        await db.dispose()


async def _attempted_chats(db_url: str) -> set[int]:
    """Chats whose delivery the sender attempted (a sample leaves the rest pending)."""
    from sqlalchemy import select

    from bot.storage.engine import Database
    from bot.storage.models import Delivery

    db = Database(db_url)
    try:
        async with db.sessions() as session:
            return set(await session.scalars(
                select(Delivery.chat_id).where(Delivery.status != "pending")
            ))
    finally:
        await db.dispose()


async def _run(
    backend: str, base_url: str | None, n: int, *, rate: float, in_flight: int = 1,
    record_every: int = 1, seconds: float = 0.0,
) -> Run:
    async with _database(backend, base_url) as url:
        await _seed(url, n)
        enqueue = await _child("enqueue", "--database-url", url)
        async with Fake() as fake:
            sender = await _child(
                "sender", "--database-url", url, "--base-url", f"{fake.base}/bot",
                "--token", fake.token, "--rate", str(rate), "--in-flight", str(in_flight),
                "--record-every", str(record_every), "--seconds", str(seconds),
            )
            expected = await _attempted_chats(url) if seconds else set(range(1, n + 1))
            delivered = await fake.delivered(expected)
    return Run(n, enqueue, sender, delivered)


async def _bench_backend(report: Report, backend: str, base_url: str | None) -> None:
    tag = f"fan-out [{backend}]"
    # The configured pace, with the production defaults (one send in flight, each outcome
    # committed before the next send).
    pace = await _run(backend, base_url, PACE_MESSAGES, rate=PACE)
    report(f"{tag} {PACE_MESSAGES} alerts at the default pace {PACE:.0f}/s",
           f"{pace.delivered.rate:.2f}/s ({pace.delivered.rate / PACE:.1%})",
           "target ≥ 95 % of pace")
    report(f"{tag} {PACE_MESSAGES} at pace: lost / duplicated", pace.delivered.counts(),
           "target 0 / 0")

    # Unthrottled: the sender's ceiling, with the defaults and with bulk settings.
    ten = await _run(backend, base_url, TEN, rate=UNTHROTTLED)
    report(f"{tag} {ten.k}: enqueue (one transaction, in batches)", _enqueue_time(ten), "")
    report(f"{tag} {ten.k} unthrottled: sender ceiling", f"{ten.delivered.rate:,.0f} msg/s",
           f"{ten.delivered.rate / PACE:.0f}× the pace")
    report(f"{tag} {ten.k}: lost / duplicated", ten.delivered.counts(), "target 0 / 0")
    bulk = await _run(backend, base_url, TEN, rate=UNTHROTTLED, **BULK)
    report(f"{tag} {ten.k} bulk (4 in flight, 50 a commit)", f"{bulk.delivered.rate:,.0f} msg/s",
           "≤ 53 duplicates per crash")
    report(f"{tag} {ten.k} bulk: lost / duplicated", bulk.delivered.counts(), "target 0 / 0")

    # BIG: enqueue all of them; deliver all of them with the defaults (or else the bulk
    # settings) if the TEN ceiling says it fits the budget, otherwise send for SAMPLE_SECONDS
    # with the defaults and count lost/duplicated among those attempted.
    fits = [(name, settings, run) for name, settings, run in
            (("defaults", {}, ten), ("bulk", BULK, bulk))
            if run.delivered.rate * FULL_DELIVERY_BUDGET >= BIG]
    if fits:
        name, settings, _ = fits[0]
        big = await _run(backend, base_url, BIG, rate=UNTHROTTLED, **settings)
        label, scope = f"all sent, {name}", f"all {BIG:,}"
    else:
        big = await _run(backend, base_url, BIG, rate=UNTHROTTLED, seconds=SAMPLE_SECONDS)
        best = max(ten.delivered.rate, bulk.delivered.rate)
        label = f"SAMPLE of {SAMPLE_SECONDS:.0f} s"
        scope = (f"sample: {big.delivered.total:,} sent (all ≈ {BIG / best / 60:.0f} min "
                 f"> {FULL_DELIVERY_BUDGET / 60:.0f} min budget)")
    report(f"{tag} {big.k}: enqueue (one transaction, in batches)", _enqueue_time(big),
           f"{big.enqueue['seconds'] / ten.enqueue['seconds']:.1f}× the {ten.k} time")
    report(f"{tag} {big.k}, {label}: sender rate", f"{big.delivered.rate:,.0f} msg/s",
           f"{ten.k}: {ten.delivered.rate:,.0f} msg/s; {scope}")
    report(f"{tag} {big.k}, {label}: lost / duplicated", big.delivered.counts(),
           f"target 0 / 0; {scope}")
    report(
        f"{tag} sender peak RSS: {pace.k} → {ten.k} → {big.k}",
        " → ".join(f"{Run.mb(r.sender['peak_kb']):.0f}" for r in (pace, ten, big)) + " MB",
        f"target flat ({big.k} queued, {big.delivered.total:,} sent)" if big.sample
        else "target flat",
    )
    # The enqueue child's peak resident set, and its growth above the idle process.
    report(
        f"{tag} enqueue peak RSS: {ten.k} → {big.k}",
        " → ".join(f"{Run.mb(r.enqueue['peak_kb']):.0f}" for r in (ten, big)) + " MB",
        "above idle: " + " → ".join(
            f"{Run.mb(_growth_kb(r)):.1f}" for r in (ten, big)) + " MB",
    )
    per_sub = (_growth_kb(big) - _growth_kb(ten)) / (BIG - TEN)
    report(f"{tag} enqueue memory per subscriber ({ten.k} → {big.k})", f"{per_sub:.3f} KB",
           "target ≈ 0: flat")


def _growth_kb(run: Run) -> float:
    return float(run.enqueue["peak_kb"] - run.enqueue["idle_kb"])


def _enqueue_time(run: Run) -> str:
    seconds = float(run.enqueue["seconds"])
    return f"{seconds:.2f} s ({run.n / seconds:,.0f}/s)"


async def bench_fanout(report: Report) -> None:
    pg = os.environ.get("BENCH_DATABASE_URL") or os.environ.get("TEST_DATABASE_URL")
    print(
        "\nAlert fan-out to subscribers in en/es/fr (fake Bot API, fan-out and sender in their "
        "own processes; unthrottled fake; "
        + ("SQLite and PostgreSQL" if pg else "SQLite; set BENCH_DATABASE_URL for PostgreSQL")
        + "):"
    )
    await _bench_backend(report, "sqlite", None)
    if pg:
        await _bench_backend(report, "postgres", pg)


# ----------------------------------------------------------------------------- change → delivery

# The sender's bulk settings (ALERTS_IN_FLIGHT, ALERTS_RECORD_EVERY, ALERTS_BATCH_SIZE): the
# rate an operator with paid broadcasts (up to 1,000 msg/s) can use.
FAST = {"in_flight": 8, "record_every": 200, "batch_size": 1000}


async def _latency(
    backend: str, base_url: str | None, n: int, direct: bool = False
) -> dict[str, Any]:
    """The sender already running (as the leader's is), a change to n subscribers: the
    admin's wait (commit), then change → first and → last delivery at the fake."""
    async with _database(backend, base_url) as url, Fake() as fake:
        await _seed(url, n)
        profile = ["-m", "cProfile", "-o", os.environ["FANOUT_PROFILE"]] if os.environ.get(
            "FANOUT_PROFILE") else []
        proc = await asyncio.create_subprocess_exec(
            sys.executable, *profile, "-m", "benchmarks.fanout", "sender", "--database-url", url,
            "--base-url", f"{fake.base}/bot", "--token", fake.token, "--rate",
            str(UNTHROTTLED), "--in-flight", str(FAST["in_flight"]), "--record-every",
            str(FAST["record_every"]), "--batch-size", str(FAST["batch_size"]), "--wait",
            *(["--direct"] if direct else []),
            cwd=ROOT, stdout=asyncio.subprocess.PIPE,
        )
        assert proc.stdout is not None
        await asyncio.wait_for(proc.stdout.readline(), 60)  # READY
        enqueue = await _child("enqueue", "--database-url", url)
        out, _ = await proc.communicate()
        sender = json.loads(out.decode().strip().splitlines()[-1])
        import httpx

        async with httpx.AsyncClient(timeout=60) as client:
            body = (await client.get(f"{fake.base}/_control/accepted")).json()
        delivered = await fake.delivered(set(range(1, n + 1)))
    times = sorted(body["times"])
    start = float(enqueue["started_at"])
    return {"n": n, "commit": enqueue["seconds"], "first": times[0] - start,
            "last": times[-1] - start, "rate": delivered.rate, "lost": delivered.lost,
            "dup": delivered.duplicated, "sender": sender}


async def run_latency(args: argparse.Namespace) -> None:
    backend = "postgres" if args.database_url else "sqlite"
    for n in args.n:
        r = await _latency(backend, args.database_url, n, args.direct)
        path = "direct HTTP" if args.direct else "PTB send_message"
        print(f"{backend}, {path}, {n:>7,} subscribers: commit {r['commit']:.2f} s, change → first "
              f"delivery {r['first']:.2f} s, → last {r['last']:.1f} s, {r['rate']:,.0f} msg/s, "
              f"lost {r['lost']}, dup {r['dup']}, sender cpu {r['sender']['cpu']:.0f} s",
              flush=True)


# ----------------------------------------------------------------------------- entry points


def _parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="benchmarks.fanout")
    roles = parser.add_subparsers(dest="role", required=True)
    roles.add_parser("fake")
    roles.add_parser("enqueue").add_argument("--database-url", required=True)
    sender = roles.add_parser("sender")
    sender.add_argument("--database-url", required=True)
    sender.add_argument("--base-url", required=True)
    sender.add_argument("--token", required=True)
    sender.add_argument("--rate", type=float, default=PACE)
    sender.add_argument("--in-flight", type=int, default=1)
    sender.add_argument("--record-every", type=int, default=1)
    sender.add_argument("--seconds", type=float, default=0.0)
    sender.add_argument("--timeout", type=float, default=900.0)
    sender.add_argument("--batch-size", type=int, default=200)
    sender.add_argument("--fan-out-batch", type=int, default=1000)
    sender.add_argument("--wait", action="store_true")
    # ALERTS_DIRECT_HTTP: bot/telegram/direct_send.py instead of PTB's Bot.send_message.
    sender.add_argument("--direct", action="store_true")
    latency = roles.add_parser("latency")
    latency.add_argument("--n", type=int, action="append", required=True)
    latency.add_argument("--database-url", default=None)
    latency.add_argument("--direct", action="store_true")
    return parser.parse_args(argv)


def main(argv: list[str]) -> int:
    args = _parse(argv)
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr,
                        format=f"fanout {args.role} %(levelname)s %(name)s: %(message)s")
    if args.role == "fake":
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(serve_fake())
    elif args.role == "enqueue":
        asyncio.run(run_enqueue(args))
    elif args.role == "latency":
        asyncio.run(run_latency(args))
    else:
        os.environ.setdefault("PTB_TIMEDELTA", "true")
        asyncio.run(run_sender(args))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
