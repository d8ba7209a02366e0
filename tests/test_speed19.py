"""Speed work of session 31 (#16), the cost of one detailed estimate: behaviour only, never a
time."""

from __future__ import annotations

import inspect
from decimal import Decimal
from typing import Any

import pytest

import bot.detail as detail
from bot.understand import understand
from rules.catalogue import load_catalogue
from rules.estimator import estimate_training

CAT = load_catalogue()

# -- the estimator is called with the arguments that differ from its defaults -------------------

# Questions with the settings the estimator reads (and those it is called without), each
# estimated for every method, on 1, 2 and 8 GPUs, with and without the memory per GPU.
QUESTIONS = [
    "qlora llama 3.1 8b on a 4090, details",
    "lora 13b seq 4096 batch 4 on an a100, details",
    "full finetune 7b on 2x h100, details",
    "qlora 70b with unsloth on an h100",
    "full finetune 1b with unsloth on a t4",  # Unsloth's FP32 weights on a card without BF16
    "lora 8b with liger kernels on an l4",
    "full fine-tune 7b with cpu offload on 2 a100",
    "full finetune 7b, no gradient accumulation, on an h100",
    "lora 8b with gradient accumulation 8 on an a10",
    "full finetune 8b in pure bf16 on an h100",
    "full finetune 3b in fp32 on an a100",
    "full finetune 7b with paged adamw 8bit on a 4090",
    "qlora 8b with adamw 8bit on a 3090",
    "qlora 8b, no gradient checkpointing, batch 8 on a 4090",
    "lora 8b with lora dropout 0.1, r=64 on q_proj,v_proj on an a100",
    "dpo llama 3 8b with lora on an h100",
    "qlora 8b with litgpt on a 4090",
    "qlora de llama 3.1 8b con unsloth en una 3060 de 12gb, batch 2",
    "full fine-tuning 7b avec offload cpu et adamw 8bit sur 2 a100, détails",
]
METHODS = ("qlora", "lora", "full_adamw", "full_adam8bit")
SHAPES = (1, 2, 8)
CARDS = (None, Decimal("25.76"), Decimal("85.9"))


def _model(text: str) -> Any:
    query = understand(text, CAT)
    assert query.params_b is not None, text
    return query, detail.estimator_model(query, query.params_b, CAT)


@pytest.mark.parametrize("text", QUESTIONS)
def test_the_estimate_is_the_one_every_argument_gives(text: str) -> None:
    """An explicit double_quant (the same as unsaid: only "no double quant" turns it off)
    makes _estimate_on pass every argument as it did before; the breakdown, the defaults
    said and the settings returned are the same both ways."""
    query, model = _model(text)
    every = query.with_settings({"double_quant": True})
    for method_id in METHODS:
        method = CAT.method(method_id)
        for gpus in SHAPES:
            for card in CARDS:
                short = detail._estimate_on(query, method, model, gpus, card)
                full = detail._estimate_on(every, method, model, gpus, card)
                assert short == full, (text, method_id, gpus, card)
                assert short[0] is not None, (text, method_id, gpus, card)


def _arguments(text: str, method_id: str, monkeypatch: pytest.MonkeyPatch,
               card: Decimal | None = None) -> tuple[int, set[str]]:
    """How many positional arguments the estimator was called with, and which keywords."""
    query, model = _model(text)
    seen: list[tuple[int, set[str]]] = []
    real = detail.estimate_training

    def counted(*args: Any, **kwargs: Any) -> Any:
        seen.append((len(args), set(kwargs)))
        return real(*args, **kwargs)

    monkeypatch.setattr(detail, "estimate_training", counted)
    detail._estimate_on(query, CAT.method(method_id), model, 1, card)
    assert len(seen) == 1
    return seen[0]


# (question, method, memory per GPU, the keywords the estimator is called with)
ARGUMENTS = [
    ("qlora llama 3.1 8b on a 4090, details", "qlora", Decimal("25.76"), set()),
    ("lora 13b seq 4096 batch 4 on an a100, details", "lora", Decimal("85.9"), set()),
    ("full finetune 7b on 2x h100, details", "full_adamw", None, set()),
    ("qlora 8b, no gradient checkpointing, batch 8 on a 4090", "qlora", None, set()),
    # What differs from the defaults, with the other settings of this group of seven.
    ("qlora 70b with unsloth on an h100", "qlora", Decimal("85.9"), {
        "precision", "optimizer", "vram_per_gpu_gb", "kernels", "cpu_offload",
        "grad_accumulation", "fp32_upcast"}),
    ("full finetune 7b with paged adamw 8bit on a 4090", "full_adam8bit", Decimal("25.76"), {
        "precision", "optimizer", "vram_per_gpu_gb", "kernels", "cpu_offload",
        "grad_accumulation", "fp32_upcast"}),
]


@pytest.mark.parametrize(("text", "method_id", "card", "keywords"), ARGUMENTS)
def test_the_estimator_is_called_with_what_differs_from_its_defaults(
    text: str, method_id: str, card: Decimal | None, keywords: set[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A question that says none of the estimator's rarer settings calls it with its seven
    positional arguments (its cache key was those and 30 keywords, every one a default)."""
    positional, named = _arguments(text, method_id, monkeypatch, card)
    assert positional == 7
    assert named == keywords


def test_a_rarer_setting_still_passes_every_argument(monkeypatch: pytest.MonkeyPatch) -> None:
    """LoRA's targets said: the call as it was, every keyword of the estimator. A keyword the
    estimator gains and the full call passes from the query fails here first: the query's
    setting behind it then goes into bot.detail._PLAIN_SETTINGS (or the shorter call passes
    it), or the shorter call would leave it out."""
    positional, named = _arguments(
        "lora 8b with lora dropout 0.1, r=64 on q_proj,v_proj on an a100", "lora", monkeypatch)
    assert positional == 7
    parameters = list(inspect.signature(estimate_training).parameters)
    never = {"fsdp_root", "optimizer_paged"}  # the bot leaves them at their defaults
    assert named == set(parameters[7:]) - never


# -- the budget questions benchmarks.instructions counts ("budget") ---------------------------


def test_budget_questions_are_distinct_budget_and_sample_questions() -> None:
    """benchmarks.run.budget_questions: distinct in each language, each a budget's largest
    model (on data or not) or a run's cost on samples of unsaid length, as the bot reads it."""
    from benchmarks.instructions import questions
    from benchmarks.run import budget_questions

    for lang in ("en", "es", "fr"):
        texts = budget_questions(40, lang)
        assert len(set(texts)) == 40
        for text in texts[:8]:
            query = understand(text, CAT)
            assert query.lang == lang or lang == "en", text
            if query.largest:
                assert query.budget_usd is not None and query.params_b is None, text
            else:
                assert query.dataset_samples is not None and query.params_b is not None, text
                assert query.dataset_tokens is None and query.intent == "cost", text
    assert len(questions("budget", 50)) == 15
