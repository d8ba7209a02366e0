"""The benchmark script runs, section by section, at a tiny scale: every figure is printed next
to its target, and the counts that are behaviour (lost, duplicated) hold. No time is asserted:
figures are for people (python -m benchmarks.run)."""

from __future__ import annotations

import re

import pytest

from benchmarks import fanout
from benchmarks import run as bench

Rows = list[tuple[str, str, str]]


@pytest.fixture
def rows(monkeypatch: pytest.MonkeyPatch) -> Rows:
    found: Rows = []
    monkeypatch.setattr(bench, "ROWS", found)
    return found


def test_pipeline_reports_each_language_both_ways_against_its_target(rows: Rows) -> None:
    bench.bench_pipeline(rounds=1)
    labels = [what for what, _, _ in rows]
    for lang in ("en", "es", "fr"):
        assert any(f"[{lang}] reply cache" in w for w in labels)
        assert any(f"[{lang}] first sight" in w for w in labels)
    assert all(target == "target p99 < 1 ms" for _, _, target in rows)
    assert all(re.search(r"p50 [\d.]+ ms p99 [\d.]+ ms", figure) for _, figure, _ in rows)


async def test_bot_reports_both_workloads_their_ratio_and_the_latency(rows: Rows) -> None:
    await bench.bench_bot(updates=40, users=4, sequential=3, trials=1)
    ratios = [(w, f, t) for w, f, t in rows if w.endswith("this bot / echo baseline")]
    assert len(ratios) == 2 and all(t == "target ≥ 80 %" for _, _, t in ratios)
    assert any(w.startswith("questions:") for w, _, _ in ratios)
    assert sum("one at a time" in w for w, _, _ in rows) == 2


async def test_fanout_delivers_everything_once_and_reports_memory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(fanout, "PACE_MESSAGES", 10)
    monkeypatch.setattr(fanout, "TEN", 30)
    monkeypatch.setattr(fanout, "BIG", 60)
    found: Rows = []
    await fanout.bench_fanout(lambda what, figure, target: found.append((what, figure, target)))
    counts = [f for w, f, _ in found if w.endswith("lost / duplicated")]
    assert counts and all(f == "lost 0, dup 0" for f in counts)
    assert any("all sent" in w for w, _, _ in found)  # 60 fit the budget: none sampled
    assert any("memory per subscriber" in w for w, _, _ in found)


async def test_startup_reports_the_time_to_a_first_reply(rows: Rows) -> None:
    await bench.bench_startup()
    ((what, figure, _),) = rows
    assert what == "start-up to first reply" and re.fullmatch(r"\d+ ms", figure)
