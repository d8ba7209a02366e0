"""Runs a module as `python -m MODULE` does, writing down when (time.time(), from the start
of this interpreter) each Bot API request left and came back, into the file named by
PHASES_FILE at the first sendMessage: where a start-up's time goes (benchmarks/run.py).

    python benchmarks/phases_child.py bot --polling
"""

from __future__ import annotations

import json
import os
import runpy
import sys
import time
from pathlib import Path
from typing import Any

MARKS: list[tuple[str, float]] = [("start", time.time())]
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # for benchmarks.echo_bot

from telegram.request import HTTPXRequest  # noqa: E402

from bot.telegram.request import JsonHTTPXRequest, StreamRequest  # noqa: E402


def _timed(real: Any) -> Any:
    async def do_request(self: Any, url: str, method: str, *args: Any, **kwargs: Any) -> Any:
        name = url.rsplit("/", 1)[-1]
        MARKS.append((f"{name} sent", time.time()))
        try:
            return await real(self, url, method, *args, **kwargs)
        finally:
            MARKS.append((f"{name} answered", time.time()))
            done = Path(os.environ["PHASES_FILE"])
            if name == "sendMessage" and not done.exists():
                writing = done.with_suffix(".part")  # renamed when whole: the reader polls
                writing.write_text(json.dumps(MARKS))
                writing.replace(done)

    return do_request


# The bot's transports do not call HTTPXRequest's for what they send themselves: all are timed
# (a call one hands on to the next is marked twice; the first marks are read).
StreamRequest.do_request = _timed(StreamRequest.do_request)  # type: ignore[method-assign]
JsonHTTPXRequest.do_request = _timed(JsonHTTPXRequest.do_request)  # type: ignore[method-assign]
HTTPXRequest.do_request = _timed(HTTPXRequest.do_request)  # type: ignore[method-assign]

if __name__ == "__main__":
    module, sys.argv = sys.argv[1], [sys.argv[1], *sys.argv[2:]]
    runpy.run_module(module, run_name="__main__", alter_sys=True)
