"""Benchmarks: prints a table of figures (medians, percentiles, ratios) next to their targets.

    .venv/bin/python -m benchmarks.run            # everything
    .venv/bin/python -m benchmarks.run pipeline   # one section: pipeline, bot, startup, fanout

Nothing here asserts a time: tests test behaviour, this script measures it.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
import tomllib
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from telegram import Update  # noqa: E402
from telegram.ext import (  # noqa: E402
    Application,
    ApplicationBuilder,
    ContextTypes,
    MessageHandler,
    filters,
)

from bot.pipeline import Pipeline  # noqa: E402
from bot.settings import Settings  # noqa: E402
from bot.telegram.runner import Services, build_application  # noqa: E402
from tests.fake_bot_api import FakeBotAPI  # noqa: E402

Row = tuple[str, str, str]
ROWS: list[Row] = []


def report(what: str, figure: str, target: str = "") -> None:
    ROWS.append((what, figure, target))
    print(f"  {what:<58} {figure:>22}   {target}", flush=True)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def corpus() -> dict[str, list[str]]:
    data = tomllib.loads((ROOT / "tests" / "corpus" / "questions.toml").read_text("utf-8"))
    return {lang: [case["q"] for case in cases] for lang, cases in data.items()}


def bench_pipeline(rounds: int = 20) -> None:
    print("\nQuestion pipeline in process (understand → engine → render), test corpus:")
    pipeline = Pipeline()
    questions = corpus()
    for texts in questions.values():  # warm the caches (templates, catalogues)
        for text in texts:
            pipeline.ask(text)
    for lang in sorted(questions):
        latencies: list[float] = []
        start = time.perf_counter()
        for _ in range(rounds):
            for text in questions[lang]:
                t0 = time.perf_counter()
                pipeline.ask(text)
                latencies.append(time.perf_counter() - t0)
        elapsed = time.perf_counter() - start
        report(
            f"pipeline [{lang}] {len(questions[lang])} questions × {rounds}",
            f"{len(latencies) / elapsed:,.0f}/s p50 {statistics.median(latencies) * 1e3:.2f} ms"
            f" p99 {pct(latencies, 0.99) * 1e3:.2f} ms",
            "target p99 < 1 ms",
        )


async def _drive(
    app: Application,  # type: ignore[type-arg]
    api: FakeBotAPI,
    texts: list[str],
    users: int,
) -> tuple[float, list[float]]:
    async with app:
        if app.post_init:
            await app.post_init(app)
        await app.start()
        assert app.updater is not None
        await app.updater.start_polling(poll_interval=0.0, timeout=1)
        # Warm-up round, not measured.
        api.push_message(1, texts[0])
        await api.wait_for_messages(1, chat_id=1, timeout=30)
        base = api.message_count()
        pushed: dict[int, list[float]] = {}
        start = time.perf_counter()
        for i, text in enumerate(texts):
            chat = 1000 + i % users
            pushed.setdefault(chat, []).append(time.perf_counter())
            api.push_message(chat, text)
        try:
            await api.wait_for(lambda: api.message_count() >= base + len(texts), timeout=300)
        finally:
            if api.message_count() < base + len(texts):
                print(f"  (only {api.message_count() - base} of {len(texts)} replies arrived)")
        elapsed = time.perf_counter() - start
        latencies: list[float] = []
        for chat, times in pushed.items():
            replies = [m.received_at for m in api.sent_messages(chat)]
            latencies.extend(r - p for p, r in zip(times, replies, strict=False))
        await app.updater.stop()
        await app.stop()
    return len(texts) / elapsed, latencies


def _echo_app(api: FakeBotAPI) -> Application:  # type: ignore[type-arg]
    async def echo(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.effective_message is not None and update.effective_message.text
        await update.effective_message.reply_text("echo: " + update.effective_message.text[:200])

    app = ApplicationBuilder().token(api.token).base_url(api.base_url).build()
    app.add_handler(MessageHandler(filters.TEXT, echo))
    return app


def _our_app(api: FakeBotAPI) -> Application:  # type: ignore[type-arg]
    settings = Settings(
        _env_file=None,  # type: ignore[call-arg]
        telegram_bot_token=api.token,
        telegram_api_base_url=api.base_url,
        telegram_file_base_url=api.base_file_url,
        telegram_max_per_second=0,  # measure the bot, not Telegram's 30 msg/s ceiling
        flood_max_per_minute=10_000,
    )
    return build_application(settings, Services(Pipeline()))


async def bench_bot(updates: int = 2000, users: int = 200) -> None:
    print(f"\nWhole bot against the fake Bot API on loopback ({updates} updates, {users} users):")
    # Real questions only: the corpus's deliberately enormous inputs would fail the echo bot.
    texts = [t for ts in corpus().values() for t in ts if 0 < len(t.strip()) < 300]
    texts = (texts * (updates // len(texts) + 1))[:updates]
    results: dict[str, tuple[float, list[float]]] = {}
    for name, factory in (("echo baseline (bare PTB)", _echo_app), ("this bot", _our_app)):
        async with FakeBotAPI(record_calls=False) as api:
            results[name] = await _drive(factory(api), api, texts, users)
        rate, lat = results[name]
        report(
            f"{name}: replies/s, update→reply",
            f"{rate:,.0f}/s p50 {statistics.median(lat) * 1e3:.0f} ms p99 {pct(lat, 0.99) * 1e3:.0f} ms",
        )
    ratio = results["this bot"][0] / results["echo baseline (bare PTB)"][0]
    report("this bot / echo baseline (replies per second)", f"{ratio:.0%}", "target ≥ 80 %")


async def bench_startup() -> None:
    print("\nStart-up to first reply (build, initialise, poll, answer):")
    async with FakeBotAPI() as api:
        t0 = time.perf_counter()
        app = _our_app(api)
        async with app:
            if app.post_init:
                await app.post_init(app)
            await app.start()
            assert app.updater is not None
            await app.updater.start_polling(poll_interval=0.0, timeout=1)
            api.push_message(7, "can I QLoRA 70B on a 4090?")
            await api.wait_for_messages(1, chat_id=7, timeout=30)
            elapsed = time.perf_counter() - t0
            await app.updater.stop()
            await app.stop()
    report("start-up to first reply", f"{elapsed * 1e3:.0f} ms")


SECTIONS: dict[str, Callable[[], Any]] = {
    "pipeline": bench_pipeline,
    "startup": lambda: asyncio.run(bench_startup()),
    "bot": lambda: asyncio.run(bench_bot()),
}


def main(argv: list[str]) -> int:
    wanted = argv[1:] or list(SECTIONS)
    for name in wanted:
        if name not in SECTIONS:
            print(f"unknown section {name!r}; choose from {', '.join(SECTIONS)}")
            return 2
        result = SECTIONS[name]()
        if isinstance(result, Awaitable):
            asyncio.run(result)  # type: ignore[arg-type]
    print("\nSummary")
    for what, figure, target in ROWS:
        print(f"  {what:<58} {figure:>22}   {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
