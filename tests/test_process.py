"""The real `python -m bot` process: polls the fake Bot API, answers, stops cleanly on SIGTERM,
and never prints its token."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from fakebotapi import FakeBotAPI

ROOT = Path(__file__).resolve().parent.parent


async def test_polling_process_answers_and_stops_on_sigterm(tmp_path):
    async with FakeBotAPI() as api:
        env = {
            **os.environ,
            "TELEGRAM_BOT_TOKEN": api.token,
            "TELEGRAM_API_BASE_URL": api.base_url,
            "TELEGRAM_FILE_BASE_URL": api.base_file_url,
            "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}",
        }
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", "--polling", cwd=tmp_path, env=env,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
        )
        try:
            api.push_message(77, "can I QLoRA 70B on a 4090?")
            (reply,) = await api.wait_for_messages(1, chat_id=77, timeout=60)
            assert "35 GB" in reply.text
            proc.send_signal(signal.SIGTERM)
            code = await asyncio.wait_for(proc.wait(), timeout=30)
        finally:
            if proc.returncode is None:
                proc.kill()
                await proc.wait()
        assert proc.stdout is not None
        output = (await proc.stdout.read()).decode()
        assert code == 0, output
        assert api.token not in output
        assert api.token.split(":")[1] not in output
