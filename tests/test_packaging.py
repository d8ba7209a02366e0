"""Files the packages read at run time are declared as package data (a wheel has them)."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"][
    "package-data"
]


@pytest.mark.parametrize(
    ("package", "pattern"),
    [("bot", "**/*.j2"), ("bot", "**/*.mako"), ("rules", "data/*.toml")],
)
def test_runtime_files_are_package_data(package: str, pattern: str) -> None:
    files = [p.relative_to(ROOT / package).as_posix() for p in (ROOT / package).glob(pattern)]
    assert files, f"no {pattern} under {package}/"
    globs = DATA[package]
    missing = [f for f in files if not any(fnmatch.fnmatch(f, g) for g in globs)]
    assert not missing, f"not packaged: {missing}"


def test_runtime_files_include_the_compiled_catalogues() -> None:
    """Without the .mo files a Spanish or French reader gets FileNotFoundError."""
    globs = DATA["bot"]
    mos = sorted((ROOT / "bot" / "locales").glob("*/LC_MESSAGES/messages.mo"))
    assert {p.parent.parent.name for p in mos} >= {"es", "fr"}
    for mo in mos:
        rel = mo.relative_to(ROOT / "bot").as_posix()
        assert any(fnmatch.fnmatch(rel, g) for g in globs), f"not packaged: {rel}"


@pytest.mark.slow
def test_built_wheel_answers_in_every_language_outside_the_checkout(tmp_path: Path) -> None:
    """Build the wheel, unpack it where the checkout is not on the path, and ask in en/es/fr.
    The dependencies come from the test environment; the project's own files only from the wheel
    (PYTHONPATH precedes site-packages and the editable install's finder)."""
    import os
    import subprocess
    import sys
    import zipfile

    wheels = tmp_path / "wheels"
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
         "-w", str(wheels), str(ROOT)],
        capture_output=True, text=True, timeout=300,
    )
    assert build.returncode == 0, build.stderr[-2000:]
    (wheel,) = wheels.glob("*.whl")
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(site)
        top = {name.split("/", 1)[0] for name in zf.namelist()}
    # The fake Bot API, the tests and the benchmarks stay in the checkout.
    assert {t for t in top if not t.endswith(".dist-info")} == {"bot", "rules"}, top
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    env = {**os.environ, "PYTHONPATH": str(site), "DATABASE_URL": "sqlite+aiosqlite://"}
    where = subprocess.run(
        [sys.executable, "-c", "import bot, rules; print(bot.__file__); print(rules.__file__)"],
        cwd=outside, env=env, capture_output=True, text=True, timeout=60,
    )
    assert where.returncode == 0, where.stderr
    assert all(line.startswith(str(site)) for line in where.stdout.split()), where.stdout
    expected = {"en": "fit", "es": "cabe", "fr": "tient"}
    for lang, word in expected.items():
        run = subprocess.run(
            [sys.executable, "-m", "bot", "ask", "--lang", lang, "QLoRA 70B on an H100"],
            cwd=outside, env=env, capture_output=True, text=True, timeout=60,
        )
        assert run.returncode == 0, run.stderr[-2000:]
        assert word in run.stdout.lower(), (lang, run.stdout[:500])
    # DEFAULT_LOCALE reaches `ask` through the composition root, installed too.
    run = subprocess.run(
        [sys.executable, "-m", "bot", "ask", "H100"], cwd=outside,
        env={**env, "DEFAULT_LOCALE": "fr"}, capture_output=True, text=True, timeout=60,
    )
    assert run.returncode == 0 and "2,32" in run.stdout, (run.stdout[:500], run.stderr[-2000:])
