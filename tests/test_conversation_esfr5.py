"""Chats as Spanish and French users continue them (probe-esfr5): a count said with a verb
("¿y si son dos?", "et si on en prend deux ?", "y si pongo dos?") is that many cards, not more
added, and a model named after "mejor con", "cambia a", "plutôt avec", "passe à" keeps the
run asked before it."""

from __future__ import annotations

import pytest

from tests.support.chat import converse

RUN_ES = "cuanto cuesta un lora de llama 3.1 8b en una h100 por 3 dias"
RUN_FR = "combien coute un lora de llama 3.1 8b sur un h100 pendant 3 jours"
RUN_EN = "how much to lora llama 3.1 8b on an h100 for 3 days"


@pytest.mark.parametrize(("run", "asked", "count"), [
    (RUN_ES, "y si son dos?", 2),
    (RUN_ES, "y si son 2?", 2),
    (RUN_ES, "y si fueran 4?", 4),
    (RUN_ES, "y si pongo dos?", 2),
    (RUN_ES, "y si le pongo 2?", 2),
    (RUN_FR, "et si on en prend deux ?", 2),
    (RUN_FR, "et à deux ?", 2),
    (RUN_FR, "et si c'est 4 ?", 4),
    (RUN_EN, "and if there are two?", 2),
])
def test_a_count_said_is_that_many_cards(run: str, asked: str, count: int) -> None:
    _, counted = converse(run, asked)
    q = counted.query
    assert q.follow_up and q.gpu == "h100" and q.gpu_count == count, counted.text
    assert q.model_id == "llama-3.1-8b" and q.method == "lora" and q.hours == 72, counted.text


def test_a_count_added_stays_added() -> None:
    _, added = converse(RUN_ES, "y si le sumo 2?")
    assert added.query.gpu_count == 3, added.text


@pytest.mark.parametrize(("run", "switch"), [
    (RUN_ES, "mejor con qwen3 14b"),
    (RUN_ES, "cambia a qwen3 14b"),
    (RUN_ES, "ahora con qwen3 14b"),
    (RUN_FR, "plutôt avec qwen3 14b"),
    (RUN_FR, "passe à qwen3 14b"),
    (RUN_FR, "maintenant avec qwen3 14b"),
])
def test_a_model_switched_keeps_the_run(run: str, switch: str) -> None:
    _, switched = converse(run, switch)
    q = switched.query
    assert q.follow_up and q.model_id == "qwen3-14b", switched.text
    assert q.method == "lora" and q.gpu == "h100" and q.hours == 72, switched.text
