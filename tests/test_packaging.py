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
