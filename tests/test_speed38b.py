"""Two exact cuts of issue #16 (session 38): every parsed query's set of fields said is the one
the last parse grew, not a new union of the ~260 facts each question (Query.with_settings,
about 50k instructions a question); the serving search's estimates read the query's settings
with its batch and context (bot.detail.settings_with), no query copy each. Replies stay the
same to the byte: tests/test_speed38.py's golden replies (six of them serving questions) pin
them.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

import bot.detail as detail
from bot.pipeline import Pipeline
from bot.understand import understand
from bot.understand.query import Query
from rules.catalogue import load_catalogue


def test_parsed_queries_share_one_set_of_fields_said() -> None:
    cat = load_catalogue()
    first = understand("can i fine-tune llama 3 8b on a 4090", cat)
    second = understand("¿cuánto cuesta una h100 por hora?", cat)
    assert first.model_fields_set is second.model_fields_set
    assert "text" in first.model_fields_set and "gpu" in first.model_fields_set


def test_the_fields_said_are_the_union_whatever_was_grown_before() -> None:
    empty, english = Query(text=""), Query(text="", lang="en")
    made = empty.with_settings({"gpu": "h100", "seq_len": 1})
    assert made.model_fields_set == {"text", "gpu", "seq_len"}
    assert (made.gpu, made.seq_len) == ("h100", 1)
    again = empty.with_settings({"gpu": "a100", "seq_len": 2})
    assert again.model_fields_set is made.model_fields_set
    assert empty.with_settings({"seq_len": 1, "gpu": "h100"}).model_fields_set \
        == {"text", "gpu", "seq_len"}
    assert empty.with_settings({"gpu": "h100"}).model_fields_set == {"text", "gpu"}
    # The same keys growing another set: that set's union, not the last one.
    assert english.with_settings({"gpu": "h100"}).model_fields_set == {"text", "lang", "gpu"}
    assert empty.with_settings({"gpu": "h100"}).model_fields_set == {"text", "gpu"}
    # Nothing added: the query's own set, as before.
    assert made.with_settings({"gpu": "l4"}).model_fields_set is made.model_fields_set
    assert empty.model_fields_set == {"text"} and english.model_fields_set == {"text", "lang"}


@pytest.mark.parametrize("text", [
    "max users for llama 3.1 8b on a 4090 with vllm",
    "llama 3.1 8b on an L4: max context and how many concurrent users?",
])
def test_the_serving_search_copies_no_query(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    copied_from: list[str] = []
    real = Query.with_settings

    def recorded(self: Query, update: Mapping[str, Any]) -> Query:
        copied_from.append(Path(sys._getframe(1).f_code.co_filename).name)
        return real(self, update)

    seen: list[Any] = []
    estimate = detail._estimate_run

    def read(said: Any, *args: Any) -> Any:
        seen.append(said)
        return estimate(said, *args)

    monkeypatch.setattr(Query, "with_settings", recorded)
    monkeypatch.setattr(detail, "_estimate_run", read)
    reply = Pipeline(load_catalogue()).ask(text)
    assert reply.messages
    assert "capacity.py" not in copied_from
    # The search estimated several batches, each from the settings with its own.
    assert len({said.batch_size for said in seen}) > 3
    assert {type(said) for said in seen} == {detail.RunSettings}
