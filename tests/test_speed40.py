"""Exact cuts of issue #16 (session 40). Replies stay the same to the byte: tests/test_speed38.py's
160 golden replies pin them; these tests pin each cut where undoing it is observable.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.pipeline import Pipeline
from bot.understand import understand
from bot.understand.followup import alert_read_again
from bot.understand.query import Query
from rules.catalogue import load_catalogue


def _no_copy(self: Query, *args: Any, **kwargs: Any) -> Query:
    raise AssertionError("a query copied")


@pytest.mark.parametrize("previous_text", [None, "can i fine-tune llama 3 8b on a 4090"])
def test_no_query_copied_to_read_an_alert_again_after_no_alert(
        previous_text: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    """alert_read_again copied every message's query (its text put back) before asking
    alert_again, whose first test is whether an alert came before: most messages come after
    none, so no copy is made for them."""
    cat = load_catalogue()
    asked = understand("and the h200 below 2.5", cat)
    previous = understand(previous_text, cat) if previous_text else None
    monkeypatch.setattr(Query, "model_copy", _no_copy)
    assert alert_read_again(asked, "and the h200 below 2.5", previous,
                            lambda text: understand(text, cat)) is asked


def test_an_alert_is_still_read_again_after_an_alert() -> None:
    pipeline = Pipeline(load_catalogue())
    first = pipeline.ask("alert me if the h100 drops below 2")
    assert first.query.intent == "alert"
    again = pipeline.ask("and the h200 below 2.5", previous=first.query)
    assert again.query.intent == "alert" and again.query.gpu == "h200"
