"""The packaged data files (rules/data/*.toml), read and parsed in one place.

Parsing TOML is pure Python and took ~20 ms of every start-up for these files. ``parser`` turns
a file's text into its document; the application may replace it with one that keeps parsed
documents across restarts (bot/composition.py installs bot/disk_cache.py's, keyed by the text
itself). The documents are validated by their loaders (catalogue.py, model_catalogue.py,
estimator.py) either way.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from importlib import resources
from typing import Any

from rules.errors import DataError

Parser = Callable[[str, str], dict[str, Any]]  # (file name, its text) → the document


def parse_toml(name: str, text: str) -> dict[str, Any]:
    return tomllib.loads(text)


parser: Parser = parse_toml


def document(name: str) -> dict[str, Any]:
    """rules/data/``name`` parsed; a file that is not TOML is a DataError naming it."""
    text = resources.files("rules.data").joinpath(name).read_text(encoding="utf-8")
    try:
        return parser(name, text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"rules/data/{name}: {exc}") from exc
