"""Follow-ups that went wrong in a chat (chat13): after two cards priced in turn ("price of
h200", "and b200?"), "which is better for 70b lora?" weighs both for that run (was the run on
the last card priced alone)."""

from __future__ import annotations

import pytest

from tests.support.chat import converse


@pytest.mark.parametrize(("turns", "lead"), [
    (("price of h200", "and b200?", "which is better for 70b lora?"),
     "💵 <b>Only 1× B200 holds it.</b>"),
    (("precio de la h200", "y la b200?", "cual conviene para lora de 70b?"),
     "💵 <b>Solo cabe en 1× B200.</b>"),
    (("prix de la h200", "et la b200 ?", "laquelle est mieux pour un lora 70b ?"),
     "💵 <b>Il ne tient que sur 1× B200.</b>"),
    (("how much is an h100 per hour", "and the a100?", "which one for qlora llama 3 8b"),
     "💵 <b>At the same utilization the H100 finishes a run sooner and for less"),
])
def test_which_for_a_run_after_two_cards_priced_compares_them(
        turns: tuple[str, ...], lead: str) -> None:
    *_, pick = converse(*turns)
    q = pick.query
    first, second = ("h200", "b200") if "h200" in turns[0] else ("h100", "a100-80gb")
    assert q.intent == "compare" and (q.gpu, q.other_gpus) == (first, (second,)), pick.text
    assert q.method in ("lora", "qlora") and q.params_b in (70, 8), pick.text
    assert pick.text.split("\n", 1)[1].startswith(lead), pick.text


def test_a_run_named_after_two_cards_asked_for_a_run_is_compared_on_both() -> None:
    *_, pick = converse("lora 70b on h200", "and on b200?", "which is cheaper for qlora 8b?")
    q = pick.query
    assert (q.intent, q.gpu, q.other_gpus, q.method, q.params_b) \
        == ("compare", "h200", ("b200",), "qlora", 8), pick.text


def test_one_card_priced_then_a_run_is_still_that_run_there() -> None:
    *_, run = converse("price of h200", "which is better for 70b lora?")
    assert run.query.intent != "compare" and run.query.gpu == "h200", run.text


def test_the_same_card_priced_twice_has_no_card_before() -> None:
    *_, run = converse("price of h200", "and the h200?", "which is better for 70b lora?")
    assert run.query.intent != "compare", run.text
