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
        ("a100-80gb", 1, "0.92", 1)
    assert out["hours_assumed"] is True  # an assumed utilization
    text = str(out["text"])
    assert text.startswith("✅ <b>Within $50: this run costs about $0.92"), text
    assert "Cost: $49.68" not in text, text  # was the 54 hours the $50 buys, quoted as a run


def test_a_budget_short_of_a_runs_tokens_reports_the_runs_cost() -> None:
    out = ask_json("tengo 20 dolares, puedo hacer full finetune de qwen2.5 3b con 1B tokens?", "es")
    assert out["cost_usd"] is not None and float(str(out["cost_usd"])) > 20, out
    assert str(out["text"]).startswith("❌ <b>"), out["text"]


# A card owned, a run, and its cost asked on a card we rent: the hour and the day there, whether
# the one owned holds it, then the run's quote (was a datasheet comparison, no cost).
OWNED_ASIDE: list[tuple[str, str | None, str, str]] = [
    ("i have a 4090 and want to qlora llama 3 70b, how much is it on an h100", None,
     "💵 <b>On 1× H100: $2.32/hour, $55.68 a day.</b>\n🖥 Your RTX 4090 (24 GB) cannot hold it",
     "52.5 GB"),
    ("tengo una 4090 y quiero hacer qlora de llama 3 70b, cuanto me sale en una h100", "es",
     "💵 <b>En 1× H100: 2,32 US$/hora, 55,68 US$ al día.</b>\n🖥 Tu RTX 4090 (24 GB) no alcanza",
     "52,5 GB"),
    ("j'ai une 4090 et je veux faire un qlora de llama 3 70b, combien ça coûte sur une h100 ?",
     "fr", "💵 <b>Sur 1× H100 : 2,32 $US/heure, soit 55,68 $US par jour.</b>\n"
     "🖥 Votre RTX 4090 (24 Go) ne suffit pas", "52,5 Go"),
]


@pytest.mark.parametrize(("question", "lang", "lead", "need"), OWNED_ASIDE)
def test_a_run_priced_on_a_card_beside_the_one_owned(
        question: str, lang: str | None, lead: str, need: str) -> None:
    out = ask_json(question, lang)
    assert (out["intent"], out["gpu"], out["method"], out["usd_per_hour"], out["fits"]) == \
        ("cost", "h100", "qlora", "2.32", True), out
    assert out["cost_usd"] == "23.20" and out["hours_assumed"] is True  # the seed's 10 hours
    text = spaced(str(out["text"]))
    assert text.startswith(lead), text
    assert need in text


def test_a_run_with_its_data_priced_beside_the_card_owned() -> None:
    out = ask_json("i have a 4090 and want to qlora llama 3 8b on 20M tokens, how much is it "
                   "on an h100")
    assert (out["intent"], out["gpu"], out["cost_usd"]) == ("cost", "h100", "1.37"), out
    text = str(out["text"])
    assert text.startswith("💵 <b>About $1.37 to fine-tune Llama 3 8B on 20 million tokens"), text
    assert "🖥 Your RTX 4090 (24 GB) holds it too" in text
    assert "a day." not in text  # the run's cost answers, not the day's


@pytest.mark.parametrize("question", [
    "i have a 4090, is an h100 better for qlora llama 3 70b",
    "i have a 4090 and want to qlora llama 3 70b, 4090 vs h100?",
])
def test_a_card_owned_weighed_against_another_is_still_compared(question: str) -> None:
    assert ask_json(question)["intent"] == "compare"


# "30 € j'ai": the "€" folded away left "30 j'ai", read as 30 days (720 hours, $1,670.40 quoted).
@pytest.mark.parametrize("question", [
    "avec 30 € j'ai combien d'heures de h100 ?",
    "avec 30€ j'ai combien d'heures de h100 ?",
])
def test_euros_before_jai_are_not_days(question: str) -> None:
    out = ask_json(question, "fr")
    assert (out["error"], out["hours"], out["cost_usd"]) == ("budget_not_usd", None, None), out


def test_days_said_with_j_are_still_days() -> None:
    assert ask_json("combien pour 3j de h100", "fr")["hours"] == 72


# Two configurations weighed for a run neither holds: that leads, not which does it for less,
# with the detailed figures the sides are judged by (was the planning rule's 288 GB).
# (A 70B LoRA holds on 2× A100 80GB by the detailed estimate, 85 GB per GPU, as its own
# question says: test_compare48; 120B holds on neither.)
NEITHER: list[tuple[str, str | None, str]] = [
    ("is it cheaper to rent 2 a100 or 1 h100 for 120b lora", None,
     "💵 <b>Neither holds it: LoRA (BF16 base) of a 120B model needs about 138.9 GB per GPU on "
     "2× A100 80GB, 255.5 GB on 1× H100 (detailed estimate).</b>"),
    ("es mas barato 2 a100 o 1 h100 para lora de 120b?", "es",
     "💵 <b>Ninguna de las dos basta: LoRA (base en BF16) de un modelo de 120B necesita unos "
     "138,9 GB por GPU en 2× A100 80GB y 255,5 GB en 1× H100 (estimación detallada).</b>"),
    ("c'est moins cher 2 a100 ou 1 h100 pour un lora 120b ?", "fr",
     "💵 <b>Aucune des deux configurations ne suffit : LoRA (base BF16) pour un modèle 120B "
     "demande environ 138,9 Go par GPU sur 2× A100 80GB et 255,5 Go sur 1× H100 (estimation "
     "détaillée).</b>"),
]


@pytest.mark.parametrize(("question", "lang", "lead"), NEITHER)
def test_a_run_neither_side_holds_is_not_cheaper_on_one(
        question: str, lang: str | None, lead: str) -> None:
    text = spaced(ask(question, lang).text)
    assert text.startswith(lead), text
    assert "finishes a run sooner" not in text and "termina un entrenamiento antes" not in text


def test_a_run_both_sides_hold_keeps_its_cost_lead() -> None:
    text = ask("is it cheaper to rent 2 a100 or 1 h100 for 70b qlora").text
    assert text.startswith("💵 <b>At the same utilization 1× H100 finishes a run sooner"), text


# A budget beside samples of unsaid length: the blocks the run takes at a short and a long
# sample against it (was "Cost: $98.40 — 120 hours", the budget's hours quoted as the run).
SAMPLES_BUDGET: list[tuple[str, str | None, str]] = [
    ("i have 100 usd, qlora llama 3 8b on 50k samples, enough?", None,
     "✅ <b>Within $100 at either length: you pay $8.20 at 512 tokens a sample, $8.20 at 2,048"),
    # (100k samples where the short ones alone fit: 50k of 2,048 tokens take 9.59 hours on the
    # L40S since a micro-step's fixed cost, one block, as 512 do)
    ("got 10 bucks, qlora llama 3 8b on 100k samples, enough?", None,
     "⚠️ <b>Within $10 only with short samples: you pay $8.20 at 512 tokens a sample, $16.40 at "
     "2,048"),
    ("i have $5, qlora llama 3 8b on 50k samples, enough?", None,
     "❌ <b>Not within $5, even at 512 tokens a sample: you pay $8.20 there"),
    ("tengo 10 dolares, qlora de llama 3 8b con 100k ejemplos, me alcanza?", "es",
     "⚠️ <b>Te alcanza con 10 US$ solo si tus ejemplos son cortos: pagas 8,20 US$ con ejemplos "
     "de 512 tokens y 16,40 US$ con ejemplos de 2.048"),
    ("j'ai 100 $, un qlora de llama 3 8b sur 50k exemples, ça suffit ?", "fr",
     "✅ <b>Cela tient dans 100 $US dans les deux cas"),
]


@pytest.mark.parametrize(("question", "lang", "lead"), SAMPLES_BUDGET)
def test_a_budget_beside_samples_is_weighed_at_both_lengths(
        question: str, lang: str | None, lead: str) -> None:
    out = ask_json(question, lang)
    text = spaced(str(out["text"]))
    assert text.startswith(lead), text
    bought = text.split("\n")[1]  # what the budget buys, once: not again after the times
    assert bought.startswith("💵 <b>") and text.count(bought) == 1, text
    assert out["cost_usd"] == "8.20" and out["hours_assumed"] is True  # as without a budget


# The largest model within a budget, with the data said: the largest whose run the budget pays
# for (was the largest the memory holds, Qwen2 57B on the L40S, its run $44.28 even at 512
# tokens a sample, then "Yes: fits"). The sizes by the catalogue, the costs by the engine; a
# mixture of experts timed on its active parameters (was a dense shape of its size: Falcon3-3B
# at 2,048 tokens a sample, where DeepSeek-V2-Lite's 2.4B active parameters are paid for).
LARGEST_BUDGET: list[tuple[str, str | None, str]] = [
    ("budget is 10 bucks, whats the biggest model i can qlora on 100k samples", None,
     "📏 <b>Within $10, the largest model on file whose QLoRA run on your data it pays for"),
    ("budget is 10 bucks, whats the biggest model i can qlora on 50M tokens", None,
     "📏 <b>Within $10, the largest model on file whose QLoRA run on your data it pays for"),
    ("tengo 10 dolares, cual es el modelo mas grande que puedo entrenar con qlora con 100k "
     "ejemplos", "es", "📏 <b>Con 10 US$, el modelo más grande de nuestra lista cuyo "
     "entrenamiento QLoRA con tus datos te alcanza: Qwen3-Next 80B-A3B (MoE) y "
     "Qwen3-Coder-Next 80B-A3B.</b>"),
    ("j'ai 10 $, quel est le plus gros modèle que je peux qlora sur 100k exemples ?", "fr",
     "📏 <b>Avec 10 $US, le plus grand modèle de notre liste dont l'entraînement QLoRA sur vos "
     "données tient dans ce budget : Qwen3-Next 80B-A3B (MoE) et Qwen3-Coder-Next 80B-A3B."
     "</b>"),
]


@pytest.mark.parametrize(("question", "lang", "lead"), LARGEST_BUDGET)
def test_the_largest_model_a_budget_trains_on_the_data(
        question: str, lang: str | None, lead: str) -> None:
    out = ask_json(question, lang)
    text = spaced(str(out["text"]))
    assert text.startswith(lead), text
    assert out["params_b"] != 57 and out["fits"] is True, out
    assert "❌ <b>No" not in text and "❌ <b>Not within" not in text


def test_the_largest_model_within_the_budget_stays_the_one_memory_holds() -> None:
    text = ask("budget is 20 bucks, whats the biggest model i can qlora on 10k samples").text
    assert text.startswith("📏 <b>The largest model 4× A100 80GB (320 GB) holds for QLoRA is about 400B by the "
                           "detailed estimate"), text
    assert "✅ <b>Within $20 at either length" in text


# "Is $X enough" for a run with no data: our page's illustrative run (QLoRA 10 GPU-hours, LoRA
# 24) in whole blocks against the budget (was the budget dropped, the memory answered; or the
# hours it buys quoted as the run, "Cost: $98.40 — 120 hours").
ENOUGH: list[tuple[str, str | None, str, str]] = [
    ("is $40 enough to qlora mistral 7b", None,
     "✅ <b>Within $40 for our page's illustrative QLoRA run of 10 GPU-hours: you pay $8.20 on "
     "1× L40S.</b>", "8.20"),
    ("is 5 dollars enough to qlora llama 3 8b", None,
     "❌ <b>Not within $5 for our page's illustrative QLoRA run of 10 GPU-hours", "8.20"),
    ("tengo 100 dolares, me alcanza para un lora de llama 3 8b?", "es",
     "✅ <b>Te alcanza con 100 US$ para el entrenamiento LoRA de ejemplo", "19.68"),
    ("40 $ ça suffit pour un qlora de mistral 7b ?", "fr",
     "✅ <b>Cela tient dans 40 $US pour l'entraînement QLoRA d'exemple", "8.20"),
]


@pytest.mark.parametrize(("question", "lang", "lead", "cost"), ENOUGH)
def test_is_a_budget_enough_for_a_run_with_no_data(
        question: str, lang: str | None, lead: str, cost: str) -> None:
    out = ask_json(question, lang)
    text = spaced(str(out["text"]))
    assert text.startswith(lead), text
    assert (out["intent"], out["cost_usd"], out["hours_assumed"]) == ("cost", cost, True), out


# A run's cost asked beside a budget, no data: as "is it enough" (was the hours the budget buys
# quoted as the run, "$40 buys 48 hours … Cost: $39.36"); "whats 500 bucks get me on 8x h100"
# is what the budget buys there (was the price list).
@pytest.mark.parametrize(("question", "lang", "lead"), [
    ("how much to qlora llama 3.1 8b, i have 40 bucks in usdt", None,
     "✅ <b>Within $40 for our page's illustrative QLoRA run of 10 GPU-hours: you pay $8.20"),
    ("tengo 50 dolares, cuanto cuesta un lora de mistral 7b?", "es",
     "✅ <b>Te alcanza con 50 US$ para el entrenamiento LoRA de ejemplo"),
    ("j'ai 30 $, combien coûte un qlora de llama 3 8b ?", "fr",
     "✅ <b>Cela tient dans 30 $US pour l'entraînement QLoRA d'exemple"),
])
def test_a_runs_cost_asked_beside_a_budget(question: str, lang: str | None, lead: str) -> None:
    out = ask_json(question, lang)
    assert spaced(str(out["text"])).startswith(lead), out["text"]
    assert out["hours_assumed"] is True


def test_hours_asked_beside_a_budget_stay_what_it_buys() -> None:
    out = ask_json("i have $500, how many hours of h100 for qlora llama 3 70b")
    assert (out["hours"], out["cost_usd"]) == (214, "496.48")


def test_what_a_budget_gets_on_a_configuration() -> None:
    out = ask_json("whats 500 bucks get me on 8x h100")
    assert (out["intent"], out["gpu_count"], out["gpu_hours"]) == ("cost", 8, 214), out
    assert str(out["text"]).startswith("💵 <b>$500 buys 26.8 hours of 8× H100 in whole blocks")


# A top-up below the seed's smallest ($1): that leads (was "Yes: we take USDT." alone).
@pytest.mark.parametrize(("question", "lang", "lead"), [
    ("can i top up 50 cents in usdt", None, "❌ <b>No: $0.50 is below the smallest top-up, $1.</b>"),
    ("puedo recargar 0.5 usdt?", "es", "❌ <b>No: 0,50 US$ está por debajo de la recarga mínima"),
    ("je peux recharger 50 centimes en btc ?", "fr",
     "❌ <b>Non : 0,50 $US est en dessous de la recharge minimale"),
])
def test_a_top_up_below_the_minimum(question: str, lang: str | None, lead: str) -> None:
    assert spaced(ask(question, lang).text).startswith(lead)


def test_a_top_up_above_the_minimum_is_not_refused() -> None:
    assert ask("can i top up 2 dollars in sol").text.startswith("✅ <b>Yes: we take SOL.</b>")
