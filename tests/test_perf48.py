"""perf48 (#16): what a question's understanding reads once, render reads from the Query; and
pattern rewrites that must match as the patterns they replace did, on every corpus text.

- The step rate asked ("how many it/s should i expect"): render's steps lead searched
  STEP_RATE_ASK in the text again; understanding now carries what it asks (Query.step_rate_asked,
  read from the text as render read it), and render reads the field.
"""

from __future__ import annotations

from functools import cache

import pytest

from benchmarks.identity import corpus_questions
from bot.render.lines import steps_expected_lead
from bot.render.phrases import Phrases
from bot.understand import understand
from bot.understand.asks import STEP_RATE_ASK
from rules.catalogue import load_catalogue
from tests.support.chat import ask


@cache
def _texts() -> tuple[str, ...]:
    return tuple(dict.fromkeys(corpus_questions()))


# ------------------------------------------------------------------ the step rate asked

STEP_RATES = [
    ("how many it/s should i expect for qlora 7b on a 3090", "steps"),
    ("whats the s/it gonna be on my 4090 for lora llama 3 8b", "steps"),
    ("time per step for qlora llama 3 8b on a 4090?", "steps"),
    ("how many samples per second can a 4090 do with qlora 7b", "samples"),
    ("cuantos segundos por paso con qlora 7b en una 3090", "steps"),
    ("combien de secondes par itération pour qlora 7b sur une 3090 ?", "steps"),
    ("how long to qlora 7b on a 3090 with 10k samples", None),
]


@pytest.mark.parametrize(("text", "asked"), STEP_RATES)
def test_understanding_carries_the_step_rate_asked(text: str, asked: str | None) -> None:
    query = understand(text, load_catalogue())
    assert query.step_rate_asked == asked
    if asked is not None:
        assert query.rate_judged is None and query.rate_judged_unit == "it_s"


def _old_decision(text: str) -> str | None:
    """What render read from the text before (its own search of STEP_RATE_ASK)."""
    asked = STEP_RATE_ASK.search(text.lower())
    if asked is None:
        return None
    return "samples" if asked.group(0).lstrip().startswith("sample") else "steps"


def test_the_field_is_what_render_read_on_every_corpus_text() -> None:
    """Wherever render's lead looked (a step rate asked with no figure), the field holds what
    its search of the text found; elsewhere nothing."""
    cat, looked = load_catalogue(), 0
    for text in _texts():
        query = understand(text, cat)
        if query.rate_judged is None and query.rate_judged_unit == "it_s":
            looked += 1
            assert query.step_rate_asked == _old_decision(query.text), text
        else:
            assert query.step_rate_asked is None, text
    assert looked >= 3


def test_render_reads_the_field_not_the_text() -> None:
    answer = ask("how many it/s should i expect for qlora 7b on a 3090", "en").answer
    ph = Phrases("en", load_catalogue())
    lead = steps_expected_lead(answer, ph)
    assert lead is not None and "it/s" in lead
    # The same query with another text: the lead is the field's (the text is not read again).
    moved = answer.model_copy(update={
        "query": answer.query.model_copy(update={"text": "and with lora?"})})
    assert steps_expected_lead(moved, ph) == lead
    samples = answer.model_copy(update={
        "query": answer.query.model_copy(update={"step_rate_asked": "samples"})})
    assert steps_expected_lead(samples, ph) is None


# ------------------------------------------------------------------ estimate_training

def test_frozen_inputs_worked_out_once_a_prepared_model() -> None:
    """The frozen linears' inputs are read off the prepared model, as _frozen_inputs_bytes
    gives them, and the estimates of every adapter method and GPU count stay the same."""
    from decimal import Decimal

    from rules import estimator

    for model in (Decimal("8"), Decimal("70"), Decimal("274.2")):
        for method in ("lora", "qlora"):
            prep = estimator._prepare(model, method, 16, "all", None, False, False, False,
                                      False, True, False, False)
            assert prep.frozen_inputs == estimator._frozen_inputs_bytes(
                prep.arch, prep.targets, prep.c)


def test_the_kernels_note_is_made_once_a_prepared_model() -> None:
    """The kernels named (a remedy's Liger, Unsloth said) note every estimate of the prepared
    model and method the same: one Note, equal to the one each estimate made before."""
    from decimal import Decimal

    from rules import estimator
    from rules.notes import Note

    estimator._prepare.cache_clear()
    estimator.estimate_training.cache_clear()
    made = [estimator.estimate_training(Decimal("274.2"), "qlora", 2048, 1, True, 16, gpus,
                                        kernels="liger", cpu_offload=True)
            for gpus in (1, 2, 4)]
    notes = [next(n for n in b.assumptions if n.code == "kernels_named") for b in made]
    assert notes[0] == Note("kernels_named", {"kernels": "liger"})
    assert notes[1] is notes[0] and notes[2] is notes[0]
