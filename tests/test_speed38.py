"""The query's settings read by the detailed estimate as one object (bot.detail.RunSettings),
which a search copies with a few settings changed rather than copying the query (session 38,
issue #16): every reply stays the same, to the byte.

tests/data/speed38_replies.txt holds 160 questions (109 of the corpus spread over how many
detailed estimates each makes, from one to the budget searches' hundreds, 14 that hit an OOM
and ask what to change, 37 generated "..., details" questions with run settings, most of them
searching remedies) and, for each, a digest of its reply's messages and CLI JSON in English,
Spanish and French, captured from main before the change (at 3b2e8d0d, and again at 2b74706b,
which vllm38's share of vLLM's memory had moved, just before it landed). A deliberate change
of these replies regenerates it (`python tests/test_speed38.py --write`) and says so in its
commit.
"""

from __future__ import annotations

import hashlib
import json
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

import bot.detail as detail
from bot.pipeline import Pipeline, to_json
from bot.understand import understand
from rules.catalogue import load_catalogue

GOLDEN = Path(__file__).resolve().parent / "data" / "speed38_replies.txt"
LOCALES = ("en", "es", "fr")
CHUNKS = 8


def _rows() -> list[tuple[list[str], str]]:
    rows = []
    for line in GOLDEN.read_text("utf-8").splitlines():
        digests, text = line.split("\t", 1)
        rows.append((digests.split(), text))
    return rows


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline(load_catalogue())


def _digest(pipeline: Pipeline, text: str, locale: str) -> str:
    pipeline.clear_cache()  # each asked afresh: its own estimates, not a cached reply
    reply = pipeline.ask(text, chosen_locale=locale)
    record = json.dumps({"messages": reply.messages, "json": to_json(reply)},
                        ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(record.encode()).hexdigest()[:20]


def test_the_pinned_questions_are_varied() -> None:
    rows = _rows()
    assert len(rows) == 160
    assert len({text for _, text in rows}) == 160
    assert sum("details" in t or "detalles" in t or "détails" in t for _, t in rows) >= 30


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_every_reply_as_captured_before_the_change(pipeline: Pipeline, chunk: int) -> None:
    wrong = []
    for i, (digests, text) in enumerate(_rows()):
        if i % CHUNKS != chunk:
            continue
        for locale, expected in zip(LOCALES, digests, strict=True):
            got = _digest(pipeline, text, locale)
            if got != expected:
                wrong.append(f"{locale} {text!r}: {got} != {expected}")
    assert not wrong, "\n".join(wrong)


# -- the settings object ---------------------------------------------------------------------


def test_a_search_changes_a_copy_of_the_settings_never_the_query() -> None:
    cat = load_catalogue()
    query = understand("qlora llama 3 8b on a 4090 seq 4096 batch 4, details", cat)
    run = detail.run_settings(query)
    assert detail.run_settings(run) is run and detail.run_settings(query) is run
    shorter = detail.settings_with(run, {"seq_len": 512, "batch_size": 1})
    assert (shorter.seq_len, shorter.batch_size, shorter.gpu) == (512, 1, query.gpu)
    assert (run.seq_len, run.batch_size, query.seq_len, query.batch_size) == (4096, 4, 4096, 4)
    with pytest.raises(AttributeError):
        shorter.seq_len = 1024  # type: ignore[misc]
    # The same estimate from the query and from its settings.
    method = cat.method("qlora")
    model = detail.estimator_model(query, query.params_b or Decimal(0), cat)
    card = Decimal("25.76")
    assert detail.estimate_run(run, method, model, 1, card) == detail.estimate_on_cards(
        query, method, model, 1, card)
    assert detail.estimate_run(shorter, method, model, 1, card) == detail.estimate_on_cards(
        query.with_settings({"seq_len": 512, "batch_size": 1}), method, model, 1, card)


@pytest.mark.parametrize("text", [
    "full fine-tuning 54.9B with seq len 8192, batch 9 and 103M tokens on an A10, details",
    "me sale OOM en mi 3090 haciendo full ft de llama 3 8b, q hago",
    "lora llama 3 8b on my m2 ultra with mlx",
    "how long to qlora 70b on 50M tokens on a 4090?",
])
def test_every_estimate_reads_settings_of_one_type(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The estimate is given RunSettings, never a query: its attribute reads stay specialised
    to one type (given both in turn, each fell back to a generic look-up)."""
    seen: set[type] = set()
    real = detail._estimate_run

    def recorded(said: Any, *args: Any) -> Any:
        seen.add(type(said))
        return real(said, *args)

    monkeypatch.setattr(detail, "_estimate_run", recorded)
    Pipeline(load_catalogue()).ask(text)
    assert seen == {detail.RunSettings}


if __name__ == "__main__" and sys.argv[1:2] == ["--write"]:
    # --write: the digests of the questions already listed; --write FILE: of FILE's questions.
    texts = (Path(sys.argv[2]).read_text("utf-8").splitlines() if len(sys.argv) > 2
             else [text for _, text in _rows()])
    asker = Pipeline(load_catalogue())
    GOLDEN.write_text("".join(
        " ".join(_digest(asker, text, locale) for locale in LOCALES) + "\t" + text + "\n"
        for text in texts), "utf-8")
