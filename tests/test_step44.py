"""A training step's fixed cost (step44): the matmuls at mfu.training_matmuls, plus
training.step_overhead_s a micro-step (rules.training_time.StepCost), fitted to the measured
rows of tests/data/measured-speed.csv (scripts/speed_report.py). One utilisation for the whole
step (35 %) put measured / estimate at a median 1.45, rising with the tokens a micro-step; the
bands each source now holds are in tests/test_calib39.py. Here: the model's shape, and what the
replies say of it."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue
from rules.estimator import load_constants
from rules.training_time import step_overhead_s, training_mfu, training_throughput

PIPELINE = Pipeline(load_catalogue())


def _text(question: str, lang: str | None = None) -> str:
    return str(PIPELINE.ask(question, chosen_locale=lang).text)


def test_the_constants_come_from_the_data_with_their_source() -> None:
    c = load_constants()
    assert training_mfu() == Decimal(repr(c["mfu.training_matmuls"])) == Decimal("0.50")
    assert step_overhead_s() == Decimal(repr(c["training.step_overhead_s"])) == Decimal("0.05")


@pytest.mark.parametrize(("tokens", "mfu"), [
    # An 8B model's LoRA on an A100 with checkpointing: 6 x 8e9 x T / (312e12 x 0.5) s of matmuls
    # a micro-step, 0.05 s fixed: 0.5 x m / (m + 0.05).
    (256, Decimal("0.306")), (2048, Decimal("0.463")), (16384, Decimal("0.495")),
])
def test_the_utilisation_grows_with_the_tokens_a_micro_step(tokens: int, mfu: Decimal) -> None:
    rate = training_throughput(8, "lora", 312, 1, True, tokens_per_step=tokens)
    assert rate.mfu == mfu
    matmuls = Decimal(6 * 8 * 10**9 * tokens) / (Decimal(312 * 10**12) * Decimal("0.5"))
    share = Decimal("0.5") * matmuls / (matmuls + Decimal("0.05"))
    assert abs(rate.mfu - share) < Decimal("0.0005")


def test_a_bigger_micro_batch_trains_faster_in_the_reply() -> None:
    one = to_json(PIPELINE.ask(
        "how long to lora llama 3 8b on an a100 with 50M tokens, seq 512, batch size 1"))
    eight = to_json(PIPELINE.ask(
        "how long to lora llama 3 8b on an a100 with 50M tokens, seq 512, batch size 8"))
    assert one["hours"] is not None and eight["hours"] is not None
    assert eight["hours"] < one["hours"], (one["text"], eight["text"])


@pytest.mark.parametrize(("question", "lang", "said"), [
    ("how long to qlora llama 3 8b on an a100 with 50M tokens", None,
     "The 49% assumed is 50% for the matmuls, less the share of each micro-step that its fixed costs (about 0.05 s of kernel launches and Python) and dequantizing the 4-bit weights take: more tokens a micro-step hide more of them."),
    ("how long to full finetune llama 3 8b on 8 h100 with 1B tokens", None,
     "The 49% assumed is 50% for the matmuls, less the share of each micro-step that its fixed costs (about 0.05 s of kernel launches and Python) take"),
    ("cuanto tarda un qlora de llama 3 8b en una a100 con 50M tokens", "es",
     "El 49\xa0% supuesto es un 50\xa0% para las multiplicaciones de matrices"),
    ("combien de temps pour un qlora de llama 3 8b sur une a100 avec 50M tokens", "fr",
     "Les 49\xa0% supposés, ce sont 50\xa0% pour les produits matriciels"),
])
def test_the_reply_says_what_the_utilisation_is_made_of(
        question: str, lang: str | None, said: str) -> None:
    text = _text(question, lang)
    assert said in text, text


@pytest.mark.parametrize("question", [
    # A Mac's 2,048-token micro-step on 13.6 TFLOPS: 49.7 %, said "50%" like the matmuls'.
    "how long qlora llama 3 8b on my m2 max with 20k samples of 1k tokens",
    # A measured rate: no assumed utilisation to explain.
    "i get 2000 tok/s doing qlora on llama 3 8b on my a100, how long for 100M tokens",
])
def test_no_step_line_where_there_is_nothing_to_explain(question: str) -> None:
    text = _text(question)
    assert "for the matmuls" not in text, text


def test_two_cards_compared_each_say_their_own_utilisation() -> None:
    # The 3090's step is slower, so the fixed cost takes less of it: 43 % against the L40S's
    # 27 % at 512 tokens a micro-step (was one percent, the first card's, "of each GPU's peak").
    text = _text("should i use my 3090 or rent an l40s for qlora llama 3 8b on 10k samples of "
                 "512 tokens, which is cheaper?")
    assert "at an assumed 49% and 45% of each GPU's peak BF16 TFLOPS, in that order" in text, text


def test_a_run_rented_beside_ones_own_card_says_the_same_assumptions() -> None:
    text = _text("how long for qlora llama 3 8b on my 3060 with 5k rows of 800 tokens, and on "
                 "your h100?")
    assert "the same assumed utilization" not in text, text


@pytest.mark.parametrize("question", [
    # 1× and 8× H100 pay the same $69.60 for the same 27.07 GPU-hours: 1× is no cheaper run
    # (was "1× H100 costs less for this run but takes about 27.07 hours").
    "budget $100, deadline 24h, qlora llama 3 70b on 100M tokens, possible?",
    "have 2 days to qlora llama 3 70b on 200k examples, what should i rent",
])
def test_a_tie_in_what_is_paid_is_not_said_to_cost_less(question: str) -> None:
    text = _text(question)
    assert text.startswith("✅"), text
    assert "costs less for this run but takes" not in text, text
