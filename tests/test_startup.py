"""Start-up does only what the first answer needs before polling: no chart library, Alembic or
SQLAlchemy imported before the first reply (the prices in force and the language choices read
with sqlite3, the same as the repositories read them), Alembic run only when the schema is
behind, the storage, the warm-up and the command menus after the first getUpdates, and nothing
that arrives meanwhile lost. Behaviour only: how long it takes is for benchmarks/run.py."""

from __future__ import annotations

import asyncio
import datetime as dt
import gc
import importlib
import json
import os
import re
import signal
import subprocess
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from alembic.script import ScriptDirectory
from sqlalchemy import text
from telegram import Update
from telegram.ext import CommandHandler

from bot.alerts.service import AlertService
from bot.composition import telegram_application, telegram_services
from bot.i18n import SUPPORTED_LOCALES
from bot.pipeline import WARM_UP_QUESTIONS, Pipeline
from bot.settings import Settings
from bot.storage.engine import Database, create_engine
from bot.storage.migrate import alembic_config, migrate
from bot.storage.repos import Prices, Subscriptions, Users
from bot.storage.snapshot import Snapshot, head_revision, read_snapshot, sqlite_file
from bot.telegram.runner import STORAGE_COMMANDS, Services, needs_storage
from fakebotapi import FakeBotAPI
from rules.catalogue import Catalogue, load_catalogue
from tests.support.bot_running import running

ROOT = Path(__file__).resolve().parent.parent
CHILD = ROOT / "tests" / "support" / "startup_child.py"
# The module, not the function bot.storage re-exports under the same name.
migrate_module = importlib.import_module("bot.storage.migrate")
runner_module = importlib.import_module("bot.telegram.runner")


def test_the_bot_starts_without_importing_charts_or_alembic() -> None:
    code = (
        "import sys, bot.cli, bot.app, bot.telegram.runner, bot.charts, bot.alerts.chart\n"
        "print(sorted(m for m in ('matplotlib', 'alembic') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"


# Counts the regular expressions parsed (the first step of compiling) by understanding's
# modules (bot/understand), at import, at the first question and in the warm-up.
_COUNT_COMPILES = """
import re, re._parser, sys
real = re._parser.parse
counted = []
def counting(p, flags=0, state=None):
    frame = sys._getframe(1)
    while frame is not None and "/re/" in frame.f_code.co_filename:
        frame = frame.f_back
    if frame is not None and "/bot/understand/" in frame.f_code.co_filename:
        counted.append(p)
    return real(p, flags, state)
re._parser.parse = counting
import bot.cli, bot.app, bot.telegram.runner
at_import = len(counted)
compiled_at_import = list(counted)
from bot.composition import build_pipeline
from bot.understand import lazy
pipeline = build_pipeline("en")
pipeline.ask("can I QLoRA 70B on a 4090?")
first = len(counted)
pipeline.warm_up()
made = {text for text, _ in lazy._MADE}
print(at_import, first, len(counted), len(lazy._PENDING), sum(p in made for p in counted),
      int(lazy._store is None))
print(compiled_at_import[:5])
"""


def test_understanding_compiles_its_patterns_when_first_used(tmp_path: Path) -> None:
    """None at import; the first question compiles those it runs, the warm-up the rest and
    keeps their code on disk; the next process compiles none (it builds them from there)."""

    def counts() -> tuple[int, ...]:
        out = subprocess.run(
            [sys.executable, "-c", _COUNT_COMPILES], cwd=ROOT, capture_output=True, text=True,
            check=True, env={**os.environ, "TMPDIR": str(tmp_path)},
        )
        numbers, examples = out.stdout.splitlines()
        at_import, first, warmed, pending, lazy_ones, let_go = map(int, numbers.split())
        # A module-level pattern is made with bot.understand.lazy.lazy, not re.compile:
        assert at_import == 0, examples
        # Warmed up, every pattern is compiled and the code read from disk is let go of.
        assert pending == 0 and let_go == 1
        return first, warmed, lazy_ones

    first, warmed, lazy_ones = counts()
    assert 0 < first < warmed and lazy_ones > 200
    # (What it still compiles are the patterns of the models a question names, made then.)
    first, warmed, lazy_ones = counts()
    assert first == 0 and lazy_ones == 0


_ASK_COUNTING = _COUNT_COMPILES.split("import bot.cli")[0] + """
from bot.cli import main
from bot.understand import lazy
main(["ask", "can I QLoRA 70B on a 4090?"])
made = {text for text, _ in lazy._MADE}
print(sum(p in made for p in counted))
"""


def test_ask_keeps_the_patterns_code_for_the_next_call(tmp_path: Path) -> None:
    def parsed() -> int:
        out = subprocess.run(
            [sys.executable, "-c", _ASK_COUNTING], cwd=ROOT, capture_output=True, text=True,
            check=True, env={**os.environ, "TMPDIR": str(tmp_path)},
        )
        return int(out.stdout.splitlines()[-1])

    assert parsed() > 0
    assert parsed() == 0


def test_a_lazy_pattern_is_its_compiled_pattern() -> None:
    from bot.understand.lazy import compile_all, compiled, lazy

    source = r"(?P<n>\d+) ?(?P<unit>gb|tb)"
    real = re.compile(source, re.IGNORECASE)
    text = "a 24 GB card, 2 tb disk, 80gb"
    made = lazy(source, re.IGNORECASE)
    assert (made.pattern, made.flags, made.groups, made.groupindex) == (
        real.pattern, real.flags, real.groups, real.groupindex)
    assert [m.span() for m in made.finditer(text)] == [m.span() for m in real.finditer(text)]
    for name, args in [("search", (text,)), ("search", (text, 5)), ("match", (text, 2)),
                       ("fullmatch", ("24 GB",)), ("findall", (text,)), ("sub", ("#", text)),
                       ("subn", ("#", text)), ("split", (text,))]:
        got, want = getattr(made, name)(*args), getattr(real, name)(*args)
        if isinstance(want, re.Match):
            assert isinstance(got, re.Match) and got.span() == want.span(), name
        else:
            assert got == want, name
    # Compiled once: its methods are now the compiled pattern's own.
    assert made.search.__self__ is compiled(made)  # type: ignore[attr-defined]
    later = lazy("never used yet")
    for _ in compile_all(batch=1):
        pass
    assert later.search.__self__ is compiled(later)  # type: ignore[attr-defined]
    assert compiled("x+") == re.compile("x+")


_PATTERN_TEXTS = """
import hashlib
from bot.understand import lazy
import bot.cli, bot.app, bot.telegram.runner
print(len(lazy._MADE), hashlib.sha256(repr(sorted(lazy._MADE)).encode()).hexdigest())
"""


def test_the_patterns_text_is_the_same_in_every_process() -> None:
    """Their compiled code is kept on disk by their text: no set's order may change it."""
    outs = {
        subprocess.run(
            [sys.executable, "-c", _PATTERN_TEXTS], cwd=ROOT, capture_output=True, text=True,
            check=True, env={**os.environ, "PYTHONHASHSEED": seed},
        ).stdout
        for seed in ("1", "2", "3")
    }
    assert len(outs) == 1


@pytest.fixture
def pattern_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """bot.understand.lazy with its disk store in a directory of the test's own."""
    from bot import disk_cache
    from bot.understand import lazy

    monkeypatch.setattr(disk_cache.tempfile, "gettempdir", lambda: str(tmp_path))
    monkeypatch.setattr(lazy, "_store", None)
    monkeypatch.setattr(lazy, "_added", False)
    monkeypatch.setattr(lazy, "_used", set())
    monkeypatch.setattr(lazy, "_released", False)
    return lazy


def _new_process(lazy: Any) -> None:
    """As a restarted process finds the module: nothing read from disk yet."""
    lazy._store, lazy._added, lazy._released = None, False, False


def _parsed_again(lazy: Any, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    parsed: list[str] = []
    real = lazy._parts

    def counting(pattern: str, flags: int) -> Any:
        parsed.append(pattern)
        return real(pattern, flags)

    monkeypatch.setattr(lazy, "_parts", counting)
    return parsed


def test_patterns_built_from_the_disk_are_the_compiled_patterns(
    pattern_store: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import bot.understand.parse  # noqa: F401  (every module's patterns made)

    lazy = pattern_store
    made = sorted(lazy._MADE)
    assert len(made) > 200
    # re's code, with the search's first characters where re finds none (lazy._first_set;
    # tests/test_lazy_opening.py compares each with re's).
    afresh = {(pattern, flags): lazy.compiled_pattern(pattern, flags) for pattern, flags in made}
    lazy.save()
    _new_process(lazy)  # the code comes from the file
    parsed = _parsed_again(lazy, monkeypatch)
    for pattern, flags in made:
        # re.Pattern's == compares the engine's code, not only the text.
        assert lazy.compiled_pattern(pattern, flags) == afresh[pattern, flags], pattern
    assert parsed == []
    # An entry read from the file that this code no longer makes is not written again.
    lazy._loaded()[("an (?:older|other) pattern", 0)] = lazy._loaded()[made[0]]
    lazy.compiled_pattern("made at run time")
    lazy.save()
    _new_process(lazy)
    assert ("an (?:older|other) pattern", 0) not in lazy._loaded()
    assert ("made at run time", 0) in lazy._loaded()
    # Once warmed up (released), patterns made later are compiled without reading the file.
    lazy.release()
    assert lazy.compiled_pattern(made[0][0], made[0][1]) == re.compile(*made[0])
    assert lazy._store is None


def test_a_damaged_pattern_file_is_not_used(
    pattern_store: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lazy = pattern_store
    made = lazy.compiled_pattern(r"(?P<n>\d+) ?gb")
    lazy.save()
    (stored,) = tmp_path.glob("_gpu-assistant-cache-*/patterns-*")
    data = bytearray(stored.read_bytes())
    data[-3] ^= 0xFF  # one byte of the code changed: the digest no longer matches
    stored.write_bytes(bytes(data))
    _new_process(lazy)
    parsed = _parsed_again(lazy, monkeypatch)
    assert lazy.compiled_pattern(r"(?P<n>\d+) ?gb") == made  # made again, not read
    assert parsed == [r"(?P<n>\d+) ?gb"]


def test_the_cache_directory_is_private(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from bot import disk_cache

    monkeypatch.setattr(disk_cache.tempfile, "gettempdir", lambda: str(tmp_path))
    where = disk_cache.cache_dir()
    assert where is not None and (where.stat().st_mode & 0o777) == 0o700
    assert disk_cache.write("x", b"payload") and disk_cache.read("x") == b"payload"
    (where / "x").write_bytes((where / "x").read_bytes()[:-1])  # cut short
    assert disk_cache.read("x") is None
    where.chmod(0o777)  # others may write in it: nothing is read from it or written there
    assert disk_cache.cache_dir() is None and disk_cache.read("x") is None
    assert not disk_cache.write("y", b"payload")


async def test_a_stopped_bot_keeps_its_patterns_code(monkeypatch: pytest.MonkeyPatch) -> None:
    saved: list[bool] = []
    monkeypatch.setattr(runner_module, "save_patterns", lambda: saved.append(True))
    settings = Settings(_env_file=None, telegram_bot_token="1:x",  # type: ignore[call-arg]
                        database_url="sqlite+aiosqlite:///unused.sqlite3")
    app = telegram_application(settings, telegram_services(settings, Pipeline(load_catalogue())))
    assert app.post_shutdown is not None
    await app.post_shutdown(app)
    assert saved == [True]


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
        gc.disable()  # as bot/app.py starts the process: the runner turns it on again
        try:
            async with running(settings, telegram_services(settings, pipeline)):
                await api.wait_for_messages(1, chat_id=7, timeout=30)
                await api.wait_for(lambda: len(api.commands_by_language) >= 3, timeout=30)
                warmed = len(SUPPORTED_LOCALES) * len(WARM_UP_QUESTIONS)
                await api.wait_for(lambda: len(pipeline._replies) >= warmed, timeout=60)
                collecting = gc.isenabled()
        finally:
            gc.enable()
        assert collecting
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


# -- the start-up reader (bot/storage/snapshot.py) against the SQLAlchemy repositories -------


async def _seed(url: str) -> None:
    """Prices changed twice for one GPU (the newest wins), once on a new date for another;
    language choices, one of them cleared again, and a user who never chose."""
    db = Database(url)
    try:
        async with db.transaction() as session:
            prices, users = Prices(session), Users(session)
            early = dt.datetime(2026, 11, 3, 8, 30, tzinfo=dt.UTC)
            await prices.record("h100", Decimal("2.10"), "feed", early)
            await prices.record("h100", Decimal("1.905"), "admin", early + dt.timedelta(hours=5))
            await prices.record("b200", Decimal("4.4"), "feed",
                                dt.datetime(2026, 11, 20, 23, 59, 59, 123456, tzinfo=dt.UTC))
            await users.set_locale(11, 11, "es")
            await users.set_locale(12, 12, "fr")
            await users.set_locale(13, 13, "fr")
            await users.set_locale(13, 13, None)
            await users.touch(14, 14, "de")
    finally:
        await db.dispose()


async def _through_sqlalchemy(url: str) -> tuple[Snapshot, Catalogue]:
    db = Database(url)
    try:
        async with db.sessions() as session:
            revisions = await migrate_module.database_revisions(await session.connection())
            prices = Prices(session)
            found = Snapshot(
                None if revisions is None else frozenset(revisions), await prices.latest(),
                await prices.version(), await prices.last_changed_at(),
                await Users(session).chosen_locales(),
            )
        service = AlertService(db, load_catalogue())
        return found, await service.catalogue_in_force()
    finally:
        await db.dispose()


def _prices(catalogue: Catalogue) -> tuple[object, ...]:
    return (catalogue.gpus, catalogue.offers, catalogue.pricing)


@pytest.mark.parametrize("seeded", [True, False], ids=["prices-and-choices", "migrated-empty"])
async def test_the_reader_sees_what_the_repositories_see(tmp_path: Path, seeded: bool) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}"
    await migrate(url)
    if seeded:
        await _seed(url)
    path = sqlite_file(url)
    assert path is not None
    early = read_snapshot(path)
    expected, in_force = await _through_sqlalchemy(url)
    assert early == expected
    assert early.at(head_revision())
    assert _prices(early.catalogue(load_catalogue())) == _prices(in_force)
    if seeded:  # the cases that make the comparison worth something
        assert early.prices["h100"] == Decimal("1.905") and early.locales == {11: "es", 12: "fr"}
        assert in_force.prices_verified == dt.date(2026, 11, 20)


async def test_a_missing_database_reads_as_a_new_one_and_is_not_created(tmp_path: Path) -> None:
    path = tmp_path / "none.sqlite3"
    early = read_snapshot(path)
    assert not path.exists()
    assert early == Snapshot(revisions=None) and not early.at(head_revision())
    # What the repositories hold once the bot has migrated it: nothing yet.
    url = f"sqlite+aiosqlite:///{path}"
    await migrate(url)
    expected, _ = await _through_sqlalchemy(url)
    assert (early.prices, early.version, early.changed_at, early.locales) == (
        expected.prices, expected.version, expected.changed_at, expected.locales)


@pytest.mark.parametrize(
    ("url", "path"),
    [
        ("sqlite+aiosqlite:///gpu_assistant.sqlite3", "gpu_assistant.sqlite3"),
        ("sqlite:////var/lib/bot/bot.db", "/var/lib/bot/bot.db"),
        ("sqlite+pysqlite:///data/b.sqlite3", "data/b.sqlite3"),
        # Read through SQLAlchemy as before: another database, memory, options, escapes.
        ("postgresql+asyncpg://gpu:pw@db:5432/bot", None),
        ("sqlite://", None),
        ("sqlite:///:memory:", None),
        ("sqlite+aiosqlite:///b.db?timeout=5", None),
        ("sqlite+aiosqlite:///my%20bot.db", None),
        ("not a url", None),
    ],
)
def test_which_urls_start_up_reads_itself(url: str, path: str | None) -> None:
    assert sqlite_file(url) == (None if path is None else Path(path))


# -- the bot answers before its storage is up, and loses nothing meanwhile -------------------


def test_the_commands_that_wait_for_the_storage_are_the_alert_handlers() -> None:
    settings = Settings(_env_file=None, telegram_bot_token="1:x",  # type: ignore[call-arg]
                        database_url="sqlite+aiosqlite:///unused.sqlite3")
    pipeline = Pipeline(load_catalogue())
    without = telegram_application(settings, Services(pipeline))
    services = telegram_services(settings, pipeline)
    assert services.later is not None
    services.alerts = services.later.build()
    full = telegram_application(settings, services)

    def commands(app: Any) -> set[str]:
        return {c for group in app.handlers.values() for h in group
                if isinstance(h, CommandHandler) for c in h.commands}

    assert commands(full) - commands(without) == STORAGE_COMMANDS


@pytest.mark.parametrize(
    ("text", "waits"),
    [("/alert h100 below 2", True), ("/ALERTS@gpu_bot", True), ("/unalert all", True),
     ("/setprice h100 1.9", True), ("/history b200", True), ("/reload", True),
     ("/lang es", False), ("/start", False), ("/prices", False), ("alert me about the h100", False),
     ("can I QLoRA 70B on a 4090?", False), ("/alertas", False)],
)
def test_which_updates_wait_for_the_storage(text: str, waits: bool) -> None:
    update = Update.de_json({"update_id": 1, "message": {
        "message_id": 1, "date": 0, "chat": {"id": 5, "type": "private"},
        "from": {"id": 5, "is_bot": False, "first_name": "A"}, "text": text}}, None)
    assert needs_storage(update) is waits
    button = Update.de_json({"update_id": 2, "callback_query": {
        "id": "1", "chat_instance": "1", "data": "unalert:3",
        "from": {"id": 5, "is_bot": False, "first_name": "A"}}}, None)
    assert needs_storage(button)


def _settings(api: FakeBotAPI, url: str) -> Settings:
    return Settings(
        _env_file=None,  # type: ignore[call-arg]
        telegram_bot_token=api.token, telegram_api_base_url=api.base_url,
        telegram_file_base_url=api.base_file_url, database_url=url, typing_delay_seconds=0,
    )


@pytest.mark.parametrize(
    ("text", "lang", "locales", "subscribed"),
    [
        ("/lang fr", "en", {21: "fr"}, {}),
        ("/alert h100 below 2", "en", {}, {21: "h100"}),
        ("préviens-moi quand le prix du B200 baisse", "fr", {}, {21: "b200"}),
    ],
    ids=["lang", "alert-command", "free-text-alert"],
)
async def test_what_arrives_before_the_storage_is_up_is_not_lost(
    tmp_path: Path, text: str, lang: str, locales: dict[int, str], subscribed: dict[int, str]
) -> None:
    """A language choice, an alert command or a free-text alert in the first getUpdates,
    which is answered before the storage is up (each alone: nothing else brings it up): it
    is stored, not refused; a question beside it is answered as usual."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}"
    await migrate(url)
    async with FakeBotAPI() as api:
        api.push_message(21, text, language_code=lang)
        api.push_message(22, "can I QLoRA 70B on a 4090?")
        services = telegram_services(_settings(api, url), Pipeline(load_catalogue()))
        app = telegram_application(_settings(api, url), services)
        async with app:
            assert app.post_init is not None and app.post_shutdown is not None
            await app.post_init(app)
            # Polling starts with the storage still down: the updates above meet it so.
            assert services.alerts is None and services.later is not None
            assert not services.later.ready
            await app.start()
            assert app.updater is not None
            await app.updater.start_polling(poll_interval=0.0, timeout=1)
            try:
                (reply,) = await api.wait_for_messages(1, chat_id=21, timeout=30)
                (answer,) = await api.wait_for_messages(1, chat_id=22, timeout=30)
            finally:
                await app.updater.stop()
                await app.stop()
                await app.post_shutdown(app)
    assert "not available" not in (reply.text or "") and "35 GB" in (answer.text or "")
    db = Database(url)
    try:
        async with db.sessions() as session:
            assert await Users(session).chosen_locales() == locales
            found = {s.user_id: s.gpu_id for s in await Subscriptions(session).list_active(21)}
    finally:
        await db.dispose()
    assert found == subscribed


@pytest.mark.parametrize("database", ["missing", "behind"])
async def test_a_database_not_at_head_is_migrated_before_polling(
    tmp_path: Path, database: str
) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}"
    if database == "behind":
        await migrate(url, "0001")
    async with FakeBotAPI() as api:
        services = telegram_services(_settings(api, url), Pipeline(load_catalogue()))
        app = telegram_application(_settings(api, url), services)
        async with app:
            assert app.post_init is not None and app.post_shutdown is not None
            await app.post_init(app)
            try:
                assert services.alerts is not None  # up before the first poll, as before
                assert await _versions(url) == {head_revision()}
            finally:
                await app.post_shutdown(app)


async def test_the_first_reply_goes_out_before_sqlalchemy_is_imported(tmp_path: Path) -> None:
    """The real process (its own interpreter): the modules loaded when its first sendMessage
    leaves, on a database at head holding a language choice and a price change, which the
    reply uses (read with sqlite3)."""
    database = tmp_path / "bot.sqlite3"
    url = f"sqlite+aiosqlite:///{database}"
    await migrate(url)
    await _seed(url)
    loaded = tmp_path / "loaded.json"
    async with FakeBotAPI() as api:
        env = {
            **os.environ, "TELEGRAM_BOT_TOKEN": api.token, "TELEGRAM_API_BASE_URL": api.base_url,
            "TELEGRAM_FILE_BASE_URL": api.base_file_url, "DATABASE_URL": url,
            "LOADED_AT_FIRST_REPLY": str(loaded),
        }
        api.push_message(11, "prices")  # user 11 chose Spanish; the H100 is at $1.905
        proc = await asyncio.create_subprocess_exec(
            # Run as a file, not from tests/support/ on sys.path (its telegram.py is no package).
            sys.executable, "-c", f"import runpy; runpy.run_path({str(CHILD)!r}, run_name='__main__')",
            cwd=tmp_path, env=env,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL,
        )
        try:
            (reply,) = await api.wait_for_messages(1, chat_id=11, timeout=60)
            # Then the storage comes up in the same process: a /lang persists as before.
            api.push_message(12, "/lang es")
            await api.wait_for_messages(1, chat_id=12, timeout=60)
        finally:
            proc.send_signal(signal.SIGTERM)
            await asyncio.wait_for(proc.wait(), timeout=30)
    modules = set(json.loads(loaded.read_text()))
    assert not {"sqlalchemy", "alembic", "aiosqlite", "bot.alerts", "matplotlib"} & modules
    text = reply.text or ""
    assert "1,91" in text and "2,32" not in text  # in Spanish, the price in force
    db = Database(url)
    try:
        async with db.sessions() as session:
            assert (await Users(session).chosen_locales())[12] == "es"
    finally:
        await db.dispose()


async def test_after_warm_up_the_young_generation_is_collected_less_often(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from bot.telegram import runner

    before = gc.get_threshold()
    monkeypatch.setattr(runner, "_frozen", False)
    gc.set_threshold(700, 10, 10)  # CPython's (another test's bot may have changed it)
    try:
        await runner.warm_up(Pipeline(load_catalogue()))
        young, middle, old = gc.get_threshold()
    finally:
        gc.set_threshold(*before)
    assert young == runner.YOUNG_GENERATION > 700
    assert (middle, old) == (10, 10)  # the older generations as CPython sets them
    assert gc.get_freeze_count() > 0


# -- the data files' parsed documents kept across restarts (bot/disk_cache.parsed_toml) -------

DATA_FILES = sorted(p.name for p in (ROOT / "rules" / "data").glob("*.toml"))


@pytest.fixture
def private_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    from bot import disk_cache

    monkeypatch.setattr(disk_cache.tempfile, "gettempdir", lambda: str(tmp_path))
    return tmp_path


def test_a_kept_document_is_the_parsed_text(
    private_tmp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tomllib

    from bot import disk_cache

    texts = {name: (ROOT / "rules" / "data" / name).read_text("utf-8") for name in DATA_FILES}
    expected = {name: tomllib.loads(source) for name, source in texts.items()}
    parsed: list[str] = []
    real = tomllib.loads

    def counting(source: str) -> Any:
        parsed.append(source)
        return real(source)

    monkeypatch.setattr(disk_cache.tomllib, "loads", counting)
    for name, source in texts.items():
        assert disk_cache.parsed_toml(name, source) == expected[name]  # parsed, then kept
    assert len(parsed) == len(texts)
    for name, source in texts.items():
        assert disk_cache.parsed_toml(name, source) == expected[name]  # read back
    assert len(parsed) == len(texts)
    # A changed file is parsed again: the key is its text.
    changed = texts["service.toml"].replace("[pricing]", "[pricing]\nchanged_here = 1", 1)
    assert disk_cache.parsed_toml("service.toml", changed)["pricing"]["changed_here"] == 1
    assert disk_cache.parsed_toml("service.toml", texts["service.toml"]) == expected[
        "service.toml"]
    assert len(parsed) == len(texts) + 1


def test_the_data_from_kept_documents_is_the_validated_load(
    private_tmp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the bot loads with the documents kept on disk equals the plain load, field by
    field: the catalogue, the model catalogue, the estimator's constants, the serving
    engine's defaults, the named datasets, the hardware of one's own considered and the
    cards' board power."""
    from dataclasses import fields

    from bot import composition
    from rules import data_files
    from rules.capacity import serving_utilization
    from rules.datasets import named_datasets
    from rules.electricity import board_powers
    from rules.estimator import load_constants
    from rules.local_hardware import local_hardware_data
    from rules.model_catalogue import load_models

    def loads() -> tuple[Any, ...]:
        cat = load_catalogue.__wrapped__()  # type: ignore[attr-defined]
        return (*(getattr(cat, f.name) for f in fields(Catalogue)),
                tuple(load_models.__wrapped__()),  # type: ignore[attr-defined]
                load_constants.__wrapped__(),  # type: ignore[attr-defined]
                serving_utilization.__wrapped__(),  # type: ignore[attr-defined]
                named_datasets.__wrapped__(),  # type: ignore[attr-defined]
                local_hardware_data.__wrapped__(),  # type: ignore[attr-defined]
                board_powers.__wrapped__())  # type: ignore[attr-defined]

    monkeypatch.setattr(data_files, "parser", data_files.parse_toml)
    plain = loads()
    composition.build_catalogue()  # installs the kept documents
    assert data_files.parser is not data_files.parse_toml
    assert loads() == plain  # documents parsed and kept
    assert len(list(private_tmp.glob("_gpu-assistant-cache-*/toml-*"))) == len(DATA_FILES)
    assert loads() == plain  # documents read back
