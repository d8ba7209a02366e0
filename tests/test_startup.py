"""Start-up does only what the first answer needs before polling: no chart library or Alembic
imported, Alembic run only when the schema is behind, the warm-up and the command menus after
the first getUpdates. Behaviour only: how long it takes is for benchmarks/run.py."""

from __future__ import annotations

import gc
import importlib
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from alembic.script import ScriptDirectory
from sqlalchemy import text

from bot.composition import telegram_services
from bot.i18n import SUPPORTED_LOCALES
from bot.pipeline import WARM_UP_QUESTIONS, Pipeline
from bot.settings import Settings
from bot.storage.engine import create_engine
from bot.storage.migrate import alembic_config, head_revision, migrate
from fakebotapi import FakeBotAPI
from rules.catalogue import load_catalogue
from tests.support.bot_running import running

ROOT = Path(__file__).resolve().parent.parent
# The module, not the function bot.storage re-exports under the same name.
migrate_module = importlib.import_module("bot.storage.migrate")


def test_the_bot_starts_without_importing_charts_or_alembic() -> None:
    code = (
        "import sys, bot.cli, bot.app, bot.telegram.runner, bot.charts, bot.alerts.chart\n"
        "print(sorted(m for m in ('matplotlib', 'alembic') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"


def test_head_revision_is_alembics_head() -> None:
    assert head_revision() == ScriptDirectory.from_config(alembic_config()).get_current_head()


@pytest.mark.parametrize(
    ("files", "head"),
    [
        ({"a.py": 'revision = "1"\ndown_revision = None\n',
          "b.py": 'revision: str = "2"\ndown_revision: str | None = "1"  # the second\n'}, "2"),
        # Two heads, a merge, or a file without its down_revision: Alembic decides.
        ({"a.py": 'revision = "1"\ndown_revision = None\n',
          "b.py": 'revision = "2"\ndown_revision = "1"\n',
          "c.py": 'revision = "3"\ndown_revision = "1"\n'}, None),
        ({"a.py": 'revision = "1"\ndown_revision = None\n',
          "m.py": 'revision = "2"\ndown_revision = ("1", "x")\n'}, None),
        ({"a.py": 'revision = "1"\n'}, None),
        ({"__init__.py": "", "a.py": "revision = '1'\ndown_revision = None\n"}, "1"),
    ],
)
def test_head_revision_from_files(tmp_path: Path, files: dict[str, str], head: str | None) -> None:
    for name, source in files.items():
        (tmp_path / name).write_text(source)
    assert head_revision(tmp_path) == head


async def _versions(url: str) -> set[str]:
    engine = create_engine(url, pooled=False)
    try:
        async with engine.connect() as connection:
            return {row[0] for row in await connection.execute(
                text("SELECT version_num FROM alembic_version"))}
    finally:
        await engine.dispose()


async def test_alembic_runs_only_when_the_schema_is_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}"
    upgrades: list[str] = []
    real = migrate_module._upgrade

    def counted(connection: object, revision: str) -> None:
        upgrades.append(revision)
        real(connection, revision)  # type: ignore[arg-type]

    monkeypatch.setattr(migrate_module, "_upgrade", counted)
    await migrate(url, "0001")  # an older deploy's database
    await migrate(url)  # behind: Alembic upgrades it
    assert upgrades == ["0001", "head"]
    assert await _versions(url) == {head_revision()}
    await migrate(url)  # at head: nothing for Alembic
    assert upgrades == ["0001", "head"]


async def test_warm_up_and_menus_come_after_the_first_poll(tmp_path: Path) -> None:
    async with FakeBotAPI() as api:
        settings = Settings(
            _env_file=None,  # type: ignore[call-arg]
            telegram_bot_token=api.token,
            telegram_api_base_url=api.base_url,
            telegram_file_base_url=api.base_file_url,
            database_url=f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}",
            typing_delay_seconds=0,
        )
        pipeline = Pipeline(load_catalogue())
        api.push_message(7, "can I QLoRA 70B on a 4090?")  # waiting when the bot starts
        async with running(settings, telegram_services(settings, pipeline)):
            await api.wait_for_messages(1, chat_id=7, timeout=30)
            await api.wait_for(lambda: len(api.commands_by_language) >= 3, timeout=30)
            warmed = len(SUPPORTED_LOCALES) * len(WARM_UP_QUESTIONS)
            await api.wait_for(lambda: len(pipeline._replies) >= warmed, timeout=60)
        methods = [method for method, _ in api.calls]
        assert methods.index("getUpdates") < methods.index("setMyCommands")
        assert methods.count("setMyCommands") == 3
        assert gc.get_freeze_count() > 0  # what start-up built is out of the collector's way


def _environment(cache: object) -> Any:
    from jinja2 import Environment, PackageLoader

    return Environment(loader=PackageLoader("bot", "templates"), bytecode_cache=cache,  # type: ignore[arg-type]
                       extensions=["jinja2.ext.i18n", "jinja2.ext.do"])


def test_compiled_templates_outlive_the_process(tmp_path: Path) -> None:
    """A restarted bot loads its templates' code from disk instead of compiling them."""
    from jinja2 import FileSystemBytecodeCache

    from bot.render.renderer import _SharedBytecode

    first = _environment(_SharedBytecode(FileSystemBytecodeCache(str(tmp_path))))
    first.get_template("help.html.j2")
    assert list(tmp_path.iterdir())
    restarted = _environment(_SharedBytecode(FileSystemBytecodeCache(str(tmp_path))))

    def no_compiling(*args: object, **kwargs: object) -> None:
        raise AssertionError("compiled again")

    restarted.compile = no_compiling  # type: ignore[method-assign]
    restarted.get_template("help.html.j2")
    # A damaged file is compiled again, not an error.
    for path in tmp_path.iterdir():
        path.write_bytes(b"garbage")
    damaged = _environment(_SharedBytecode(FileSystemBytecodeCache(str(tmp_path))))
    assert damaged.get_template("help.html.j2") is not None
