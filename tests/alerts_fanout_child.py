"""A fan-out in its own process, for the crash test: applies one price change in small
batches and, once it has written its ``--stop-after``-th batch of deliveries, prints it and
waits (inside the open transaction) to be killed.

    python -m tests.alerts_fanout_child --database-url URL --price 2.10 --batch 10 --stop-after 3
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

import bot.alerts.service as service_module
from bot.alerts.feed import RawPriceList
from bot.alerts.service import AlertService
from bot.storage.engine import Database
from bot.storage.repos import Outbox
from rules.catalogue import load_catalogue


async def main(args: argparse.Namespace) -> None:
    batches = 0

    class StoppingOutbox(Outbox):
        async def add_many(self, rows: Sequence[dict[str, Any]]) -> None:
            nonlocal batches
            await super().add_many(rows)
            batches += 1
            print(f"BATCH {batches} {len(rows)}", flush=True)
            if batches >= args.stop_after:
                await asyncio.Event().wait()  # killed here, the transaction still open

    vars(service_module)["Outbox"] = StoppingOutbox  # what _fan_out writes through
    db = Database(args.database_url)
    service = AlertService(db, load_catalogue(), fan_out_batch=args.batch)
    await service.apply_price_list(RawPriceList("crash", {"h100": Decimal(args.price)}))
    print("COMMITTED", flush=True)  # not reached when killed
    await db.dispose()


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--price", required=True)
    parser.add_argument("--batch", type=int, required=True)
    parser.add_argument("--stop-after", type=int, required=True)
    return parser.parse_args(argv)


if __name__ == "__main__":
    asyncio.run(main(parse(sys.argv[1:])))
