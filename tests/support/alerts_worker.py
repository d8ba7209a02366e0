"""The alert sender as its own process, for the crash and leader tests.

    python -m tests.support.alerts_worker --database-url URL --base-url URL --token TOKEN [--rate N]

Prints LEADER when it leads (on SQLite at once), then sends until killed. Uses the production
pieces: Leadership, OutboxSender (expanding fan-outs through AlertService) and the Telegram
adapter's send function over a real Bot.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import resource
import signal
import sys

from telegram import Bot
from telegram.request import HTTPXRequest

from bot.alerts.leader import Leadership
from bot.alerts.sender import OutboxSender, SenderConfig
from bot.alerts.service import AlertService
from bot.storage.engine import Database
from bot.telegram.alert_handlers import telegram_sender
from bot.telegram.direct_send import DirectSender
from rules.catalogue import load_catalogue


async def main(args: argparse.Namespace) -> None:
    os.environ.setdefault("PTB_TIMEDELTA", "true")
    db = Database(args.database_url)
    request = HTTPXRequest(connection_pool_size=4, read_timeout=10, connect_timeout=5)
    bot = Bot(args.token, base_url=args.base_url, request=request)
    config = SenderConfig(
        rate=args.rate, per_chat_rate=args.per_chat, lease_seconds=args.lease,
        backoff_base=args.backoff, idle_poll=0.1, batch_size=args.batch,
        in_flight=args.in_flight, record_every=args.record_every,
    )
    leadership = Leadership(
        args.database_url, retry_seconds=args.leader_retry, heartbeat_seconds=1.0
    )
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, stop.set)

    async with bot:
        # The production wiring: the sender also expands fan-outs a batch at a time.
        service = AlertService(db, load_catalogue(), fan_out_batch=args.fan_out_batch)
        # --direct: ALERTS_DIRECT_HTTP's send path instead of PTB's Bot.send_message.
        send = DirectSender(args.base_url, args.token, connections=args.in_flight,
                            timeout=10) if args.direct else telegram_sender(bot)
        sender = OutboxSender(db, send, config, expand=service.expand_next)

        async def lead() -> None:
            print("LEADER", flush=True)
            await sender.run()

        task = asyncio.create_task(leadership.run(lead))
        print("READY", flush=True)
        await stop.wait()
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
    await db.dispose()
    usage = resource.getrusage(resource.RUSAGE_SELF)
    stats = " ".join(f"{k}={v}" for k, v in sender.stats.as_dict().items())
    print(f"STATS {stats} cpu={usage.ru_utime + usage.ru_stime:.1f}s", flush=True)


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--rate", type=float, default=25.0)
    parser.add_argument("--per-chat", type=float, default=1.0)
    parser.add_argument("--lease", type=float, default=60.0)
    parser.add_argument("--backoff", type=float, default=0.05)
    parser.add_argument("--batch", type=int, default=200)
    parser.add_argument("--in-flight", type=int, default=1)
    parser.add_argument("--record-every", type=int, default=1)
    parser.add_argument("--leader-retry", type=float, default=0.2)
    parser.add_argument("--fan-out-batch", type=int, default=1000)
    parser.add_argument("--direct", action="store_true")
    return parser.parse_args(argv)


if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr,
                        format="worker %(process)d %(levelname)s %(name)s: %(message)s")
    asyncio.run(main(parse(sys.argv[1:])))
