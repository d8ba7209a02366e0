"""Operations a newcomer meets: the bot says it started (and as whom), and says when it
cannot reach Telegram instead of staying silent; neither line shows a secret."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from telegram.error import NetworkError
from telegram.ext._utils.networkloop import network_retry_loop

from bot.app import warn_while_unreachable
from bot.pipeline import Pipeline
from bot.settings import Settings
from bot.telegram.runner import Services, database_label
from fakebotapi import FakeBotAPI
from rules.catalogue import load_catalogue
from tests.support.bot_running import running


@pytest.fixture
def ptb_logging() -> Iterator[None]:
    """warn_while_unreachable changes PTB's loggers: put them back for the other tests."""
    loggers = {n: logging.getLogger(n) for n in list(logging.Logger.manager.loggerDict)
               if n == "telegram.ext" or n.startswith("telegram.ext.")}
    saved = {n: (lg.level, list(lg.filters)) for n, lg in loggers.items()}
    yield
    for name, (level, filters) in saved.items():
        loggers[name].setLevel(level)
        loggers[name].filters[:] = filters


async def test_an_unreachable_bot_api_is_a_warning_per_attempt(ptb_logging, caplog):
    warn_while_unreachable("http://127.0.0.1:9/bot")
    attempts = 0
    stop = asyncio.Event()

    async def get_me() -> None:
        nonlocal attempts
        attempts += 1
        if attempts == 2:
            stop.set()
        raise NetworkError("All connection attempts failed")

    with caplog.at_level(logging.INFO):
        await network_retry_loop(
            action_cb=get_me, description="Bootstrap Initialize Application", interval=0,
            stop_event=stop, max_retries=-1,
        )
        logging.getLogger("telegram.ext.ExtBot").debug("Calling Bot API endpoint `getMe`")
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert warnings, caplog.text
    assert "cannot reach the Telegram Bot API at 127.0.0.1:9" in warnings[0].getMessage()
    assert "attempt 1" in warnings[0].getMessage()
    assert "Calling Bot API endpoint" not in caplog.text  # PTB's other DEBUG stays quiet


async def test_start_up_says_who_is_polling_with_which_database(tmp_path: Path, caplog):
    async with FakeBotAPI() as api:
        settings = Settings(
            _env_file=None,  # type: ignore[call-arg]
            telegram_bot_token=api.token, telegram_api_base_url=api.base_url,
            telegram_file_base_url=api.base_file_url,
            database_url=f"sqlite+aiosqlite:///{tmp_path / 'b.sqlite3'}",
        )
        with caplog.at_level(logging.INFO, logger="bot.telegram.runner"):
            async with running(settings, Services(Pipeline(load_catalogue()))):
                pass
    lines = [r.getMessage() for r in caplog.records if r.name == "bot.telegram.runner"]
    started = next(line for line in lines if line.startswith("polling as @"))
    assert "3 languages" in started and "database sqlite+aiosqlite:///" in started
    assert api.token not in caplog.text


def test_the_database_label_hides_the_password():
    label = database_label("postgresql+asyncpg://gpu:s3cr3t@db.internal:5432/bot")
    assert "s3cr3t" not in label and "db.internal" in label


def test_skip_reasons_name_paths_of_the_checkout():
    from tests import test_estimator

    marks = test_estimator.test_shared_csv_is_the_packaged_copy.pytestmark  # type: ignore[attr-defined]
    reason = next(m.kwargs["reason"] for m in marks if m.name == "skipif")
    outside = str(test_estimator.ROOT.parent)
    assert outside not in reason and "tests/data/measured-public.csv" in reason
