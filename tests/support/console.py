"""A console chat over the real pipeline and alert services on a SQLite file (the no-token
mode of `python -m bot`), for the tests that talk to it."""

from __future__ import annotations

from pathlib import Path

from bot.alerts import AlertServices
from bot.console import Console
from bot.pipeline import Pipeline
from bot.settings import Settings
from rules.catalogue import load_catalogue


def make_console(db_path: Path) -> Console:
    settings = Settings(
        _env_file=None,  # type: ignore[call-arg]
        database_url=f"sqlite+aiosqlite:///{db_path}",
    )
    pipeline = Pipeline(load_catalogue(), default_locale=settings.default_locale)
    return Console(pipeline, AlertServices.from_settings(settings, catalogue=pipeline.catalogue))
