"""The renderer's compiled-template cache (bot/render/renderer.py): a locale reuses the code
another locale compiled, the disk keeps it for the next start under a name that changes with
the renderer, Jinja and Python, and start-up compiles every template of every locale. Found
untested by the mutation run of bot/render/ (README, "Mutation testing"): the module-level
cache is built before mutmut forks, so only tests that build their own reach these lines."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import jinja2
import pytest
from jinja2 import BytecodeCache, Environment, PackageLoader
from jinja2.bccache import Bucket

from bot.i18n import SUPPORTED_LOCALES
from bot.render.renderer import _disk_cache, _SharedBytecode, compile_templates, environment

TEMPLATES = sorted(p.name for p in (Path(__file__).parent.parent / "bot" / "templates").glob("*.j2"))


class _Disk(BytecodeCache):
    """A disk that keeps the code in a dict and counts what it was asked."""

    def __init__(self) -> None:
        self.stored: dict[str, bytes] = {}
        self.loads = 0
        self.dumps = 0

    def load_bytecode(self, bucket: Bucket) -> None:
        self.loads += 1
        code = self.stored.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.dumps += 1
        self.stored[bucket.key] = bucket.bytecode_to_string()


def _environment(cache: BytecodeCache, *, compiles: bool = True) -> Environment:
    env = Environment(loader=PackageLoader("bot", "templates"), bytecode_cache=cache,
                      extensions=["jinja2.ext.i18n", "jinja2.ext.do"])
    if not compiles:
        def no_compiling(*args: Any, **kwargs: Any) -> None:
            raise AssertionError("compiled again")

        env.compile = no_compiling  # type: ignore[method-assign]
    return env


def test_a_second_locale_reuses_the_code_the_first_compiled() -> None:
    shared = _SharedBytecode()
    _environment(shared).get_template("help.html.j2")
    assert _environment(shared, compiles=False).get_template("help.html.j2") is not None


def test_code_goes_to_disk_and_comes_back_once_per_process() -> None:
    disk = _Disk()
    _environment(_SharedBytecode(disk)).get_template("help.html.j2")
    assert (disk.dumps, len(disk.stored)) == (1, 1)
    restarted = _SharedBytecode(disk)  # a new process, the same disk
    loads = disk.loads
    _environment(restarted, compiles=False).get_template("help.html.j2")
    _environment(restarted, compiles=False).get_template("help.html.j2")  # another locale
    assert disk.loads == loads + 1  # kept in memory once read
    assert disk.dumps == 1


def test_the_disk_cache_is_named_after_the_renderer_jinja_and_python(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cache = _disk_cache()
    assert isinstance(cache, jinja2.FileSystemBytecodeCache)
    assert re.fullmatch(r"__gpu_assistant_[0-9a-f]{16}_%s\.cache", cache.pattern), cache.pattern
    again = _disk_cache()
    assert again is not None and again.pattern == cache.pattern
    monkeypatch.setattr(jinja2, "__version__", "0.0")
    other = _disk_cache()
    assert other is not None and other.pattern != cache.pattern


def test_start_up_compiles_every_template_of_every_locale_one_step_each() -> None:
    for locale in SUPPORTED_LOCALES:
        environment(locale).cache.clear()  # type: ignore[union-attr]
    steps = list(compile_templates())
    assert len(steps) == len(SUPPORTED_LOCALES) * len(TEMPLATES) and TEMPLATES
    for locale in SUPPORTED_LOCALES:
        assert sorted(key[1] for key in environment(locale).cache) == TEMPLATES  # type: ignore[union-attr]


class _BrokenDisk(BytecodeCache):
    """A read-only disk whose files are damaged: reading fails with `error`, writing with
    OSError."""

    def __init__(self, error: Exception) -> None:
        self.error = error

    def load_bytecode(self, bucket: Bucket) -> None:
        bucket.code = "half-read"  # type: ignore[assignment]  # what a failed read can leave
        raise self.error

    def dump_bytecode(self, bucket: Bucket) -> None:
        raise OSError("read-only file system")


@pytest.mark.parametrize("error", [OSError("gone"), EOFError(), ValueError("bad marshal data")])
def test_a_damaged_or_read_only_disk_only_costs_a_compile(error: Exception) -> None:
    shared = _SharedBytecode(_BrokenDisk(error))
    assert _environment(shared).get_template("help.html.j2") is not None
    # What was compiled is kept in memory all the same.
    assert _environment(shared, compiles=False).get_template("help.html.j2") is not None
