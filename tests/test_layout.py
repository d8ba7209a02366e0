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

