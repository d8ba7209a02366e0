"""The README's layout section matches the tree: every path it names exists, and no top-level
directory, package or `bot/`/`rules/` module is left out of it."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_NAME_ENDS = (".py", ".toml", ".sh", ".ini", ".cfg")


def _layout() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("\n## Layout\n")
    end = text.index("\n## ", start + 1)
    return text[start:end]


def _quoted() -> list[str]:
    return re.findall(r"`([^`\s]+)`", _layout())


def _expand(token: str) -> list[str]:
    """`languages/{en,es,fr}.py` → three names."""
    parts = re.split(r"\{([^}]*)\}", token)
    choices = [[p] if i % 2 == 0 else p.split(",") for i, p in enumerate(parts)]
    return ["".join(c) for c in itertools.product(*choices)]


def _tracked() -> list[Path]:
    skip = {".venv", ".git", "__pycache__", ".mutmut-cache", "mutants"}
    return [
        p
        for p in ROOT.rglob("*")
        if not skip & set(p.relative_to(ROOT).parts) and not p.name.endswith((".pyc", ".mo"))
    ]


def _is_pathlike(token: str) -> bool:
    return "/" in token or token.endswith(_NAME_ENDS)


def test_every_named_path_exists() -> None:
    names = {p.name for p in _tracked()}
    missing = []
    for token in filter(_is_pathlike, _quoted()):
        for name in _expand(token.rstrip("/")):
            if "/" in name:
                # Under the root or, for the short `render/phrases.py` form, under bot/.
                found = any(list(base.glob(name)) for base in (ROOT, ROOT / "bot", ROOT / "rules"))
            else:
                found = name in names
            if not found:
                missing.append(name)
    assert missing == []


def _must_be_named() -> list[str]:
    # Generated or local directories (caches, the venv, build output) are not the layout.
    generated = (
        ".git",
        ".venv",
        ".mypy",
        ".ruff",
        ".pytest",
        ".hypothesis",
        ".mutmut",
        "mutants",
        "build",
        "dist",
    )
    top = [
        f"{p.name}/"
        for p in ROOT.iterdir()
        if p.is_dir()
        and not p.name.startswith(generated)
        and not p.name.endswith(".egg-info")
        and any(p.iterdir())
    ]
    packages = [f"bot/{p.parent.name}/" for p in (ROOT / "bot").glob("*/__init__.py")]
    modules = [
        p.name
        for base in (ROOT / "bot", ROOT / "rules")
        for p in base.glob("*.py")
        if p.name != "__init__.py"
    ]
    return sorted(top + packages + modules)


@pytest.mark.parametrize("name", _must_be_named())
def test_tree_entry_is_in_the_layout(name: str) -> None:
    quoted = {n for t in _quoted() for n in _expand(t)}
    assert (
        name in quoted or name.rstrip("/") in quoted or any(q.endswith("/" + name) for q in quoted)
    )
