"""`python -m bot --polling` that writes down which modules were loaded at the moment its
first sendMessage goes out (the file named by LOADED_AT_FIRST_REPLY), for
tests/test_startup.py: what start-up imports is checked in a process of its own."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from bot.telegram.request import StreamRequest

_real = StreamRequest.do_request
_noted: list[bool] = []


async def _noting(self: StreamRequest, url: str, method: str, *args: Any, **kwargs: Any) -> Any:
    if not _noted and url.endswith("/sendMessage"):
        _noted.append(True)
        Path(os.environ["LOADED_AT_FIRST_REPLY"]).write_text(json.dumps(sorted(sys.modules)))
    return await _real(self, url, method, *args, **kwargs)


StreamRequest.do_request = _noting  # type: ignore[method-assign]

if __name__ == "__main__":
    from bot.cli import main

    sys.exit(main(["--polling"]))
