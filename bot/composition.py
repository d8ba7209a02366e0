"""The composition root: settings → catalogue → pipeline → storage, alerts and preferences → an
entry point (`ask`, the console, Telegram polling or webhook, the benchmarks).

Every entry point builds through here and none reads the environment itself. Each builder
imports only what it needs, when called: `ask` never loads SQLAlchemy, PTB or matplotlib, and
reads the settings (pydantic-settings) only when they can change its answer; the Telegram
bot imports SQLAlchemy and the alerts only once it polls (bot/telegram/runner.py).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot import disk_cache
from bot.i18n import DEFAULT_LOCALE
from bot.pipeline import Pipeline
from rules import data_files
from rules.catalogue import Catalogue, load_catalogue

if TYPE_CHECKING:
    from telegram.ext import Application

    from bot.alerts import AlertServices
    from bot.console import Console
    from bot.settings import Settings
    from bot.telegram.runner import Services


def load_settings(**overrides: Any) -> Settings:
    """The settings from the environment and .env (``overrides`` win, as in tests)."""
    from bot.settings import Settings

    return Settings(**overrides)


def ask_default_locale(env_file: Path = Path(".env")) -> str:
    """DEFAULT_LOCALE for `ask`. Without the variable (in any case: pydantic-settings matches
    names case-insensitively) and without a .env file the settings hold the default: they are
    then not read, which keeps pydantic-settings' imports off the first reply."""
    if env_file.exists() or any(name.upper() == "DEFAULT_LOCALE" for name in os.environ):
        return load_settings().default_locale
    return DEFAULT_LOCALE


def build_catalogue() -> Catalogue:
    """The packaged catalogue; the prices in force replace it once storage is up. Its data
    files (and the models' and the estimator's, read at the first question) parsed once per
    version of their text, kept on disk across restarts."""
    data_files.parser = disk_cache.parsed_toml
    return load_catalogue()


def build_pipeline(
    default_locale: str, catalogue: Catalogue | None = None, **options: Any
) -> Pipeline:
    return Pipeline(
        catalogue if catalogue is not None else build_catalogue(),
        default_locale=default_locale, **options,
    )


def ask_pipeline() -> Pipeline:
    """What `python -m bot ask` answers with."""
    return build_pipeline(ask_default_locale())


def build_alerts(settings: Settings, pipeline: Pipeline, **options: Any) -> AlertServices:
    """Storage, alerts and language choices, sharing the pipeline's catalogue (no I/O yet)."""
    from bot.alerts import AlertServices

    return AlertServices.from_settings(settings, catalogue=pipeline.catalogue, **options)


def build_console(settings: Settings, pipeline: Pipeline) -> Console:
    from bot.console import Console

    return Console(pipeline, build_alerts(settings, pipeline))


def telegram_services(settings: Settings, pipeline: Pipeline) -> Services:
    """What the Telegram bot runs with: the pipeline, and storage and alerts that the runner
    brings up late (after the first getUpdates when start-up can read the database without
    SQLAlchemy); language choices mirrored, each write waiting for the storage."""
    from bot.prefs import LatePreferences, PreferenceMirror
    from bot.telegram.runner import LateStorage, Services

    packaged = pipeline.catalogue  # the alerts quote from it, not from the prices in force

    def alerts() -> AlertServices:
        from bot.alerts import AlertServices

        return AlertServices.from_settings(settings, catalogue=packaged)

    later = LateStorage(settings.database_url, packaged, alerts)
    return Services(pipeline, prefs=PreferenceMirror(LatePreferences(later.prefs)), later=later)


def telegram_application(
    settings: Settings, services: Services, mode: str = "polling"
) -> Application:  # type: ignore[type-arg]
    from bot.telegram.runner import build_application

    return build_application(settings, services, mode)
