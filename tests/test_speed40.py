"""Exact cuts of issue #16 (session 40). Replies stay the same to the byte: tests/test_speed38.py's
160 golden replies pin them; these tests pin each cut where undoing it is observable.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from pydantic import ValidationError

import bot.answer as answer_module
from benchmarks.identity import corpus_questions, detail_questions
from benchmarks.run import cold_questions
from bot.answer import Answer
from bot.pipeline import Pipeline
from bot.understand import understand
from bot.understand.followup import alert_read_again
from bot.understand.query import Query
from rules import estimator
from rules.catalogue import load_catalogue
from rules.model_catalogue import Architecture


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


# -- Answers made without validating what validation keeps as it is ---------------------------


def _validated_answers(texts: list[str], monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The values of every Answer(...) the pipeline validates and of every answer _build makes,
    asking `texts` cold."""
    made: list[dict[str, Any]] = []
    real_init, real_made = Answer.__init__, answer_module._made_answer

    def init(self: Answer, **values: Any) -> None:
        made.append(values)
        real_init(self, **values)

    def fast(**values: Any) -> Answer:
        made.append(values)
        return real_made(**values)

    monkeypatch.setattr(Answer, "__init__", init)
    monkeypatch.setattr(answer_module, "_made_answer", fast)
    pipeline = Pipeline(load_catalogue())
    for text in texts:
        pipeline.clear_cache()
        pipeline.ask(text)
    monkeypatch.undo()
    return made


def _same(fast: Answer, validated: Answer) -> None:
    assert type(fast) is Answer
    assert list(fast.__dict__) == list(validated.__dict__)  # the fields' order (JSON, dumps)
    assert fast.__dict__ == validated.__dict__
    assert fast.model_fields_set == validated.model_fields_set
    assert fast.__pydantic_extra__ is None and validated.__pydantic_extra__ is None
    assert fast.__pydantic_private__ is None and validated.__pydantic_private__ is None
    for name, value in validated.__dict__.items():
        assert _kept(fast.__dict__[name], value), name


def _kept(kept: object, value: object) -> bool:
    """The same value: of the same type, equal; a model or dataclass the very instance (as
    validation passes it through), a dict its own (a default made afresh), a tuple item by
    item."""
    if type(kept) is not type(value) or kept != value:
        return False
    if type(value) is tuple:
        assert isinstance(kept, tuple)
        return all(_kept(a, b) for a, b in zip(kept, value, strict=True))
    if type(value) is dict:
        return kept is not value or not value
    return value is None or type(value) in (bool, int, str, Decimal) or kept is value


def test_answers_made_without_validation_are_the_validated_ones(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Every answer the corpus, the benchmark's cold questions and "…, details" questions
    build (as validated, or as _build made it), made both ways: the same fields, in the same order, the same values (models and
    dataclasses the very instances), the same fields said."""
    # A quarter of the corpus (every fourth question: each file's kinds of question), to keep
    # the test under a minute; benchmarks.identity records every reply for the whole of it.
    texts = corpus_questions()[::4] + cold_questions(30, "en") + cold_questions(30, "es") \
        + cold_questions(30, "fr") + detail_questions(60)
    made = _validated_answers(texts, monkeypatch)
    assert len(made) > len(texts)
    for values in made:
        fast, validated = answer_module._made_answer(**values), Answer(**values)
        _same(fast, validated)
        # ... and copied as _compose copies them, as model_copy does.
        update = {"fits": not validated.fits, "detailed": None, "typical_lead": True}
        _same(answer_module._copied_answer(fast, update), validated.model_copy(update=update))


def test_a_cold_question_validates_no_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """The answer _build makes for a model on a card is made without pydantic's validation of
    its ~175 fields (0.67 % of the cold questions' instructions), and _compose copies it without
    model_copy's generic path."""
    validated: list[str] = []
    real_init = Answer.__init__

    def init(self: Answer, **values: Any) -> None:
        validated.append(values["intent"])
        real_init(self, **values)

    def no_copy(self: Answer, **kwargs: Any) -> Answer:
        raise AssertionError("model_copy's generic path")

    pipeline = Pipeline(load_catalogue())
    monkeypatch.setattr(Answer, "__init__", init)
    monkeypatch.setattr(Answer, "model_copy", no_copy)
    for text in ("can I QLoRA 70B on 2x A100?", "¿Cuánto cuesta un LoRA de 12.5B en 3 H100?",
                 "combien de mémoire pour un QLoRA d'un modèle de 7.3B ?"):
        reply = pipeline.ask(text)
        assert reply.answer.primary is not None
    assert validated == []


@pytest.mark.parametrize(("values", "expected"), [
    ({"methods": []}, ("methods", ())),  # a list: validation makes the tuple
    ({"params_b": 70}, ("params_b", Decimal(70))),  # an int for a Decimal
    ({"model_name": None, "gpu_count": True}, ("gpu_count", 1)),  # a bool for an int
    ({"method_fits": {"qlora": True}}, ("method_fits", {"qlora": True})),  # a dict
])
def test_values_validation_would_change_are_validated(
        values: dict[str, Any], expected: tuple[str, Any]) -> None:
    query = Query(text="x")
    made = answer_module._made_answer(query=query, intent="fit", **values)
    name, value = expected
    assert made.__dict__[name] == value and type(made.__dict__[name]) is type(value)
    _same(made, Answer(query=query, intent="fit", **values))


@pytest.mark.parametrize("values", [
    {"intent": "fit", "params_b": Decimal("NaN")},
    {"intent": "not an intent"},
    {"intent": "fit", "gpu": "h100"},
    {},  # no intent
])
def test_values_validation_refuses_are_refused(values: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        answer_module._made_answer(query=Query(text="x"), **values)


# -- a bare size's Llama-like shape made as model_copy makes it, without its generic path ------


@pytest.mark.parametrize("params", [1e8, 1.5e9, 7.3e9, 8e9, 70e9, 123.4e9, 405e9, 1e12])
def test_a_synthetic_shape_is_the_template_copied_with_its_sizes(
        params: float, monkeypatch: pytest.MonkeyPatch) -> None:
    made = estimator._synthetic_arch.__wrapped__(params)
    sizes = {k: made.__dict__[k]
             for k in ("layers", "hidden", "heads", "kv_heads", "head_dim", "intermediate")}
    copied = estimator._LLAMA_LIKE.model_copy(update=sizes)
    assert type(made) is Architecture
    assert list(made.__dict__) == list(copied.__dict__) and made.__dict__ == copied.__dict__
    assert made.model_fields_set == copied.model_fields_set
    assert made.__pydantic_extra__ is None and made.__pydantic_private__ is None
    assert made == copied and made.param_count() == copied.param_count()
    # ... and a valid shape (heads a multiple of the KV heads): validation keeps it.
    assert Architecture(**made.model_dump()) == made

    def no_copy(self: Architecture, **kwargs: Any) -> Architecture:
        raise AssertionError("model_copy's generic path")

    monkeypatch.setattr(Architecture, "model_copy", no_copy)
    assert estimator._synthetic_arch.__wrapped__(params) == made
