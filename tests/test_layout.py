"""The layout: the fake Bot API and the benchmarks stand on their own, without the tests."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


@pytest.mark.parametrize(
    "path", sorted([*ROOT.glob("fakebotapi/*.py"), *ROOT.glob("benchmarks/*.py")]),
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_the_fake_and_the_benchmarks_never_import_the_tests(path: Path):
    # Lazy imports inside functions count too: ast.walk sees them.
    assert not {n for n in _imports(path) if n == "tests" or n.startswith("tests.")}


def test_the_fake_is_importable_with_the_tests_absent():
    # sys.modules["tests"] = None makes any import of the tests package fail.
    code = ("import sys; sys.modules['tests'] = None; import fakebotapi; "
            "fakebotapi.FakeBotAPI; fakebotapi.validate_telegram_html('<b>x</b>')")
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, timeout=60)



# Sources, data, catalogues, templates and docs: a rebase that leaves git's conflict markers in one
# of them breaks loading (a TOML corpus, the .pot) for everyone after it lands. Twice this session.
_TEXT_SUFFIXES = {".py", ".toml", ".po", ".pot", ".j2", ".md", ".csv", ".cfg", ".ini", ".txt"}
_SKIPPED_DIRS = {".venv", ".git", "build", "dist", "__pycache__", ".mypy_cache", ".ruff_cache"}


def _project_text_files() -> list[Path]:
    return sorted(
        path for path in ROOT.rglob("*")
        if path.suffix in _TEXT_SUFFIXES and path.is_file()
        and not _SKIPPED_DIRS.intersection(path.relative_to(ROOT).parts)
    )


def test_no_file_holds_git_conflict_markers():
    markers = ("<<<<<<< ", ">>>>>>> ")
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in _project_text_files()
        for number, line in enumerate(path.read_text("utf-8", errors="replace").splitlines(True), 1)
        if line.startswith(markers) or line.rstrip("\r\n") in ("<<<<<<<", "=======", ">>>>>>>")
    ]
    assert not found, f"conflict markers left by a merge: {found[:10]}"


def test_the_conflict_marker_scan_sees_the_corpus_and_the_catalogues():
    files = {str(path.relative_to(ROOT)) for path in _project_text_files()}
    assert "tests/corpus/questions.toml" in files
    assert any(name.endswith("messages.pot") for name in files)
    assert "bot/answer.py" in files
