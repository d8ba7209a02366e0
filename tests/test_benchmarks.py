"""The benchmark script runs, section by section, at a tiny scale: every figure is printed next
to its target (and its baseline where it has one), the questions called cold are distinct and
find every cache empty, and the counts that are behaviour (lost, duplicated) hold. No time is
asserted: figures are for people (python -m benchmarks.run)."""

from __future__ import annotations

import gc
import re
from decimal import Decimal
from pathlib import Path

import pytest

from benchmarks import fanout
from benchmarks import run as bench
from bot import detail
from bot.pipeline import Pipeline
from bot.render.format import Formatter
from bot.telegram.keyboards import answer_keyboard
from bot.understand import normalise
from rules.catalogue import load_catalogue

Rows = list[tuple[str, str, str, str]]


@pytest.fixture
def rows(monkeypatch: pytest.MonkeyPatch) -> Rows:
    found: Rows = []
    monkeypatch.setattr(bench, "ROWS", found)
    return found


def test_cold_questions_are_distinct_new_facts_in_each_language() -> None:
    for lang in (None, "en", "es", "fr"):
        texts = bench.cold_questions(300, lang)
        assert len(set(texts)) == 300
    pipeline = Pipeline(load_catalogue())
    queries = {pipeline.ask(t).query.model_dump_json(exclude={"text"})
               for t in bench.cold_questions(100)}
    assert len(queries) > 90  # distinct facts, not the same question reworded
    assert {pipeline.ask(t).query.lang for t in bench.cold_questions(30)} == {"en", "es", "fr"}


def test_a_cold_comparison_compares_two_cards() -> None:
    # "{g} vs {g2} for {m} {n}B" drew the same card twice in 22 of 3,000 English questions.
    pairs = [text.split(" for ")[0].split(" vs ") for text in bench.cold_questions(3000, "en")
             if " vs " in text]
    assert len(pairs) == 500
    assert all(first != second for first, second in pairs), \
        [p for p in pairs if p[0] == p[1]]


def test_empty_caches_leaves_nothing_a_question_could_hit() -> None:
    pipeline = Pipeline(load_catalogue())
    pipeline.ask("can I QLoRA 70B on a 4090?")
    Formatter("en").list(["a", "b"])
    caches = bench.value_caches()
    assert caches and any(c.cache_info().currsize for c in caches)
    # The detailed searches' last results, kept for the same question's second asking.
    assert detail._last_longest is not None and detail._last_options is not None
    assert normalise._last_fold is not None  # the question's text, folded once
    bench.empty_caches(pipeline)
    assert not pipeline._replies and not pipeline.catalogue._memo
    assert detail._last_longest is None and detail._last_options is None
    assert normalise._last_fold is None
    assert all(c.cache_info().currsize == 0 for c in caches)
    assert Formatter("en").gb(Decimal("52.5")) == "52.5 GB"  # per-locale patterns kept


def test_pipeline_reports_cold_per_language_deployed_and_the_split(rows: Rows) -> None:
    bench.bench_pipeline(count=12, rounds=1)
    labels = [what for what, _, _, _ in rows]
    for lang in ("en", "es", "fr"):
        assert any(f"[{lang}] cold" in w for w in labels)
    assert any("deployed" in w for w in labels) and any("hits" in w for w in labels)
    timed = [(w, f, t) for w, f, _, t in rows if "cold:" not in w or "[" in w]
    assert all(re.search(r"p50 [\d.]+ p99 [\d.]+ max [\d.]+ ms", f) for _, f, _ in timed)
    assert all(t == "target p99 < 1 ms" for w, _, t in timed if "cold" in w or "deployed" in w)
    (split,) = [f for w, f, _, _ in rows if "split" in w]
    assert re.fullmatch(r"\d+% / \d+% / \d+%", split)


def test_memory_reports_rss_after_each_count(rows: Rows) -> None:
    bench.bench_memory(counts=(20, 40))
    labels = [what for what, _, _, _ in rows]
    assert labels[0].endswith("idle RSS")
    assert any("after 20 distinct" in w for w in labels) and any("after 40" in w for w in labels)
    assert all(re.fullmatch(r"\d+ MiB", f) for _, f, _, _ in rows)


async def test_bot_reports_both_workloads_against_both_echo_baselines(rows: Rows) -> None:
    await bench.bench_bot(updates=30, users=4, sequential=3, trials=1)
    matched = [(w, t) for w, _, _, t in rows if w.endswith("this bot / matched echo (same replies)")]
    plain = [(w, t) for w, _, _, t in rows if w.endswith("this bot / plain echo")]
    # The target is judged against the echo bot sending the same replies; both are printed.
    assert len(matched) == 2 and all(t == "target ≥ 80 %" for _, t in matched)
    assert len(plain) == 2 and all(t == "" for _, t in plain)
    assert any(w.startswith("distinct questions:") for w, _ in matched)
    cpu = [b for w, _, b, _ in rows if "CPU per reply" in w]
    assert cpu and all(re.fullmatch(
        r"matched echo [\d.]+ ms, echo [\d.]+ ms, matched echo on the bot's transport [\d.]+ ms",
        b) for b in cpu)
    ((split, beside),) = [(f, b) for w, f, b, _ in rows if "CPU split" in w]
    assert re.fullmatch(r"[\d.]+ / [\d.]+ / -?[\d.]+ / [\d.]+ / -?[\d.]+ ms", split)
    assert re.fullmatch(r"pipeline alone, same questions: [\d.]+ ms; garbage collections "
                        r"inside the bot's pipeline [\d.]+ ms", beside)
    assert sum("one at a time" in w for w, _, _, _ in rows) == 4


def test_the_pipeline_clock_counts_only_the_collections_inside_ask() -> None:
    # The part of the pipeline's in-bot cost that the collector explains: a collection
    # during `ask` is counted, one between updates (PTB's, the transport's) is not.
    class Asked:
        def ask(self, text: str) -> str:
            gc.collect()
            return text

    asked = Asked()
    clock = bench.PipelineClock(asked)  # type: ignore[arg-type]
    gc.callbacks.append(clock.watch)
    try:
        gc.collect()
        assert asked.ask("q") == "q"
        gc.collect()
    finally:
        gc.callbacks.remove(clock.watch)
    assert clock.collections == 1
    assert clock.collector_seconds >= 0


def test_the_matched_echo_sends_the_bots_reply_and_keyboard() -> None:
    question = "can I QLoRA 70B on a 4090?"
    ((text, markup),) = bench._shaped_replies([question])[question]
    reply = Pipeline(load_catalogue()).ask(question, telegram_locale="en")
    assert text == reply.text and "<b>" in text
    assert markup is not None and markup == answer_keyboard(reply)


def test_the_echo_bots_use_ptbs_transport_and_one_matched_echo_the_bots() -> None:
    from benchmarks.echo_bot import echo_app, shaped_echo_app
    from bot.telegram.request import JsonHTTPXRequest, StreamRequest

    for app in (echo_app("1:x", "http://127.0.0.1:9/bot"),
                shaped_echo_app({})("1:x", "http://127.0.0.1:9/bot")):
        assert type(app.bot.request) is JsonHTTPXRequest
    streamed = shaped_echo_app({}, stream=True)("1:x", "http://127.0.0.1:9/bot")
    assert isinstance(streamed.bot.request, StreamRequest)
    assert isinstance(streamed.bot._request[0], StreamRequest)  # its polls too


async def test_fanout_delivers_everything_once_and_reports_memory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(fanout, "PACE_MESSAGES", 10)
    monkeypatch.setattr(fanout, "TEN", 30)
    monkeypatch.setattr(fanout, "BIG", 60)
    found: list[tuple[str, str, str]] = []
    await fanout.bench_fanout(lambda what, figure, target: found.append((what, figure, target)))
    counts = [f for w, f, _ in found if w.endswith("lost / duplicated")]
    assert counts and all(f == "lost 0, dup 0" for f in counts)
    assert any("all sent" in w for w, _, _ in found)  # 60 fit the budget: none sampled
    assert any("memory per subscriber" in w for w, _, _ in found)


async def test_startup_spawns_both_processes_and_reports_against_the_echo_bot(
    rows: Rows,
) -> None:
    await bench.bench_startup(runs=1)
    by_label = {what: (figure, baseline, target) for what, figure, baseline, target in rows}
    figure, baseline, target = by_label["start-up: python -m bot → first reply (schema at head)"]
    assert re.fullmatch(r"[\d.]+ / [\d.]+ / [\d.]+ s", figure) and baseline.startswith("echo ")
    assert target == "target < 1 s"
    assert any("imports before" in w and "ms:" in f for w, (f, _, _) in by_label.items())


def test_markdown_table_has_a_row_per_figure() -> None:
    table = bench.markdown([("a", "1 ms", "echo 2 ms", "target < 1 ms"), ("b|c", "2", "", "")])
    lines = table.splitlines()
    assert lines[0] == "| What | Figure | Same-run baseline | Target |" and len(lines) == 4
    assert lines[3] == "| b/c | 2 |  |  |"


def test_identity_harness_records_replies_and_diff_finds_a_changed_byte(tmp_path: Path) -> None:
    import itertools
    import json

    from benchmarks import identity

    pipeline = Pipeline(load_catalogue())
    first = list(itertools.islice(identity.records(pipeline), 12))
    again = list(itertools.islice(identity.records(pipeline), 12))
    assert first == again
    record = json.loads(first[0])
    assert record["json"]["text"] == "\n".join(record["messages"])
    assert {"kind", "q", "choice", "json", "messages", "keyboard"} == set(record)
    assert len(set(identity.detail_questions(50))) == 50
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    a.write_text("\n".join(first) + "\n", encoding="utf-8")
    b.write_text("\n".join([*first[:-1], first[-1].replace("a", "b", 1)]) + "\n", encoding="utf-8")
    assert identity.main(["diff", str(a), str(a)]) == 0
    assert identity.main(["diff", str(a), str(b)]) == 1


def test_the_per_question_dumps_are_the_numbered_files_alone(tmp_path: Path) -> None:
    # '--out /tmp/s/cg' with '/tmp/s/cg.txt' beside it: int('txt') ended the run.
    from benchmarks.instructions import _dumps

    out = tmp_path / "cg"
    for name in ("cg.10", "cg.2", "cg.txt", "cg.1", "cg.log.3", "other.4"):
        (tmp_path / name).write_text("")
    assert [p.name for p in _dumps(out)] == ["cg.1", "cg.2", "cg.10"]
