"""One composition root (bot/composition.py): every entry point builds through it, and `ask`
honours DEFAULT_LOCALE as the bot does."""

from __future__ import annotations

import argparse
import ast
import gc
import io
import logging
from pathlib import Path
from typing import Any

import pytest

from bot import app, cli, composition
from bot.pipeline import Pipeline

ROOT = Path(__file__).resolve().parent.parent
# The H100's price as each locale writes it (Babel): the reply's language, whatever its wording.
H100 = {"en": "$2.32", "es": "2,32\u00a0US$", "fr": "2,32\u00a0$US"}


def _ask(*argv: str) -> str:
    out = io.StringIO()
    assert cli.ask(cli.build_parser().parse_args(["ask", *argv]), io.StringIO(), out) == 0
    return out.getvalue()


@pytest.mark.parametrize(
    ("variable", "value", "expected"),
    [
        ("DEFAULT_LOCALE", "fr", H100["fr"]),
        ("DEFAULT_LOCALE", "es", H100["es"]),
        ("default_locale", "fr", H100["fr"]),  # pydantic-settings ignores the case
    ],
)
def test_ask_answers_a_question_without_a_language_in_the_default_locale(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, variable: str, value: str, expected: str
):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(variable, value)
    assert expected in _ask("H100")


def test_ask_reads_default_locale_from_a_dot_env_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DEFAULT_LOCALE", raising=False)
    (tmp_path / ".env").write_text("DEFAULT_LOCALE=es\n")
    assert H100["es"] in _ask("H100")
    assert H100["en"] in _ask("--lang", "en", "H100")  # --lang still wins


def test_ask_without_settings_answers_in_english(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DEFAULT_LOCALE", raising=False)
    assert H100["en"] in _ask("H100")


class _Built(Exception):
    """Stops an entry point once the root has built its pipeline."""


@pytest.fixture
def built(monkeypatch: pytest.MonkeyPatch) -> list[Pipeline]:
    pipelines: list[Pipeline] = []
    real = composition.build_pipeline

    def spy(*args: Any, **kwargs: Any) -> Pipeline:
        pipelines.append(real(*args, **kwargs))
        return pipelines[-1]

    monkeypatch.setattr(composition, "build_pipeline", spy)
    return pipelines


def test_ask_builds_through_the_root(built: list[Pipeline]):
    _ask("H100")
    assert len(built) == 1


@pytest.mark.parametrize("mode", ["console", "polling", "webhook"])
def test_console_polling_and_webhook_build_through_the_root(
    built: list[Pipeline], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, mode: str
):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DEFAULT_LOCALE", "fr")
    monkeypatch.setenv("DATABASE_URL", f"sqlite+aiosqlite:///{tmp_path / 'db.sqlite3'}")
    if mode != "console":
        monkeypatch.setenv("TELEGRAM_BOT_TOKEN", "123:abc")
    started: list[Any] = []

    def chat(console: Any, *_: Any) -> int:
        started.append(console)
        return 0

    def run_telegram(settings: Any, services: Any, **kwargs: Any) -> int:
        started.append(services)
        return 0

    import bot.telegram.runner

    monkeypatch.setattr(app, "chat", chat)
    monkeypatch.setattr(bot.telegram.runner, "run_telegram", run_telegram)
    # Both change loggers for the whole process (other tests check PTB's): not here.
    monkeypatch.setattr(app, "warn_while_unreachable", lambda url: None)
    bot_logger = logging.getLogger("bot")
    level = bot_logger.level
    args = argparse.Namespace(console=mode == "console", polling=mode == "polling",
                              webhook=mode == "webhook", port=None)
    try:
        assert app.run(args) == 0
    finally:
        bot_logger.setLevel(level)
    assert gc.isenabled()  # off while building (bot/app.py), on again whatever the mode
    assert len(built) == 1 and built[0].default_locale == "fr"
    assert started[0].pipeline is built[0]
    # The console's storage is built at once; the bot's when it polls (runner.LateStorage).
    storage = started[0].alerts if mode == "console" else started[0].later
    assert storage.catalogue is built[0].catalogue


# Where a Settings, a Pipeline or the alert services may be built: the root, and the Alembic
# command line (bot/storage/migrations/env.py reads DATABASE_URL when run by `alembic`).
ALLOWED = {"bot/composition.py", "bot/storage/migrations/env.py"}
BUILDERS = {"Settings", "Pipeline", "from_settings", "production_services", "build_application",
            "Services"}


@pytest.mark.parametrize(
    "path", sorted([*(ROOT / "bot").rglob("*.py"), *(ROOT / "benchmarks").glob("*.py")]),
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_only_the_root_builds_settings_pipelines_and_alerts(path: Path):
    relative = str(path.relative_to(ROOT))
    if relative in ALLOWED:
        return
    tree = ast.parse(path.read_text(), relative)
    local_settings = any(isinstance(n, ast.ClassDef) and n.name == "Settings"
                         for n in ast.walk(tree))  # bot/understand/settings.py: word flags
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = (node.func.id if isinstance(node.func, ast.Name)
                    else node.func.attr if isinstance(node.func, ast.Attribute) else "")
            if name == "Settings" and local_settings:
                continue
            if name == "build_application" and relative == "bot/telegram/runner.py":
                continue  # run_telegram, handed the root's services, builds in its mode
            assert name not in BUILDERS, f"{relative}:{node.lineno} builds {name}"
