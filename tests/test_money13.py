"""Budgets, top-ups and "how much on that card" as people ask them (money13, session 25):
a budget that buys no block quoted a run nobody asked for; a budget beside a run's tokens put
what the budget buys in the JSON's hours and cost_usd instead of the run's. English, Spanish,
French."""

from __future__ import annotations

import pytest

from tests.support.chat import ask, ask_json


def spaced(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


# Too little for the smallest block (10 GPU-hours): no hours, no run quoted, and what it lacks.
NO_BLOCK: list[tuple[str, str, str, str]] = [
    ("if i top up 5 dollars in btc how many h100 hours", "en", "h100",
     "Top-ups start at $1, but GPU-hours are bought only in whole blocks: $5 is $18.20 short"),
    ("con 15 usd en usdt cuantas horas de h100 me dan", "es", "h100",
     "con tus 15 US$ te faltan 8,20 US$ para el más pequeño"),
    ("avec 4 $ en btc j'ai combien d'heures de l40s ?", "fr", "l40s",
     "avec vos 4 $US, il vous manque 4,20 $US pour le plus petit"),
]


@pytest.mark.parametrize(("question", "lang", "gpu", "short"), NO_BLOCK)
def test_a_budget_below_the_smallest_block_quotes_no_run(
        question: str, lang: str, gpu: str, short: str) -> None:
    out = ask_json(question, lang)
    assert (out["gpu"], out["hours"], out["gpu_hours"], out["cost_usd"]) == (gpu, 0, 0, None)
    text = spaced(str(out["text"]))
    assert short in text, text
    # was "You pay $23.20 … This run uses $4.87 of it: 1× H100 × 2.1 hours"
    for run in ("This run uses", "Esta ejecución usa", "Ce run utilise", "2.1 hours", "2,1 h"):
        assert run not in text, text


def test_a_budget_below_the_block_beside_a_fit_quotes_no_run() -> None:
    text = ask("i have 5 dollars, can i qlora llama 3 8b on h100").text
    assert text.startswith("💵 <b>$5 does not buy a block of the H100"), text
    assert "Yes: Llama 3 8B fits on 1× H100 (QLoRA)" in text
    assert "This run uses" not in text and "You pay" not in text, text


# A budget beside a run's tokens: the JSON's hours and cost are the run's (DESIGN.md §3: the
# configuration and run asked about), the text has one cost for it, not also the budget's.
def test_a_budget_beside_a_runs_tokens_reports_the_runs_cost() -> None:
    out = ask_json("i have $50, can i full finetune qwen2.5 3b on 20M tokens")
    assert (out["gpu"], out["hours"], out["cost_usd"], out["gpu_hours"]) == \
        ("a100-80gb", 1.26, "1.16", 1.26)
    assert out["hours_assumed"] is True  # an assumed utilization
    text = str(out["text"])
    assert text.startswith("✅ <b>Within $50: this run costs about $1.16"), text
    assert "Cost: $49.68" not in text, text  # was the 54 hours the $50 buys, quoted as a run


def test_a_budget_short_of_a_runs_tokens_reports_the_runs_cost() -> None:
    out = ask_json("tengo 20 dolares, puedo hacer full finetune de qwen2.5 3b con 1B tokens?", "es")
    assert out["cost_usd"] is not None and float(str(out["cost_usd"])) > 20, out
    assert str(out["text"]).startswith("❌ <b>"), out["text"]
