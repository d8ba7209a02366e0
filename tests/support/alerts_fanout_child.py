"""A fan-out in its own process, for the crash test: applies one price change (which commits
with its cursor and a first batch or two), then expands the rest a batch at a time; once it
has written its ``--stop-after``-th batch of deliveries it prints it and waits, inside that
batch's open transaction, to be killed.

    python -m tests.support.alerts_fanout_child --database-url URL --price 2.10 --batch 10 --stop-after 5

Prints ``BATCH n rows`` as each batch is written (not yet committed) and ``COMMITTED n``
once the n-th batch's transaction has committed.
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
        async def add_new(self, rows: Sequence[dict[str, Any]]) -> int:
            nonlocal batches
            written = await super().add_new(rows)
            batches += 1
            print(f"BATCH {batches} {written}", flush=True)
            if batches >= args.stop_after:
                await asyncio.Event().wait()  # killed here, the transaction still open
            return written

    vars(service_module)["Outbox"] = StoppingOutbox  # what the fan-out writes through
    db = Database(args.database_url)
    service = AlertService(db, load_catalogue(), fan_out_batch=args.batch)
    await service.apply_price_list(RawPriceList("crash", {"h100": Decimal(args.price)}))
    print(f"COMMITTED {batches}", flush=True)
    while await service.expand_next() is not None:
        print(f"COMMITTED {batches}", flush=True)
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
