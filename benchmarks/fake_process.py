"""The fake Bot API in a process of its own, so a benchmark measures the bot's CPU, not the
fake's. A small control API lets the driver push updates and read reply times.

    python -m benchmarks.fake_process PORT_FILE
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

from aiohttp import web

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fakebotapi import FakeBotAPI  # noqa: E402


class ControlledFake(FakeBotAPI):
    def _extra_routes(self, app: web.Application) -> None:
        app.router.add_post("/_control/push", self._push)
        app.router.add_get("/_control/replies", self._replies)
        app.router.add_get("/_control/count", self._count)

    async def _push(self, request: web.Request) -> web.Response:
        body: list[list[Any]] = await request.json()
        for chat_id, text in body:
            self.push_message(int(chat_id), str(text))
        return web.json_response({"ok": True})

    async def _replies(self, request: web.Request) -> web.Response:
        # (chat_id, received_at) of every bot message; time.perf_counter is CLOCK_MONOTONIC on
        # Linux, comparable across processes on one machine.
        rows = [(m.chat_id, m.received_at) for m in self.sent_messages()]
        return web.json_response({"replies": rows})


    async def _count(self, request: web.Request) -> web.Response:
        # How many bot messages so far and when the last came: cheap to poll during a burst
        # (the driver shares its process, and its CPU figure, with the bot it measures).
        sent = self.sent_messages()
        return web.json_response(
            {"count": len(sent), "last": max((m.received_at for m in sent), default=0.0)}
        )


async def serve(port_file: Path) -> None:
    async with ControlledFake(record_calls=False) as api:
        port_file.write_text(f"{api.port} {api.token}")
        await asyncio.Event().wait()


if __name__ == "__main__":
    asyncio.run(serve(Path(sys.argv[1])))
