"""Budgets and "the best GPU for my money" as people ask them (money14, session 26): a budget
with the hours it is for, a budget asked which GPU it gets, or a limit per hour, with no model,
was "Which model?"; a bare budget's blocks were said twice. English, Spanish, French."""

from __future__ import annotations

import pytest

from tests.support.chat import ask_json, converse


def spaced(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


# The seed's prices: $30 keeps 1× A100 80GB (1 block of 24 GPU-hours, $22.08) and 1× L40S
# ($19.68) for a day; 1× H100's day is $55.68.
A_DAY: list[tuple[str, str, str, str]] = [
    ("i got 30 bucks whats the best gpu i can get for a day", "en",
     "💵 <b>What $30 rents for 24 hours, in whole blocks, the most memory first:</b>\n"
     "• <b>1× A100 80GB</b> (80 GB, $0.92/hour): 1 block of 24 GPU-hours, $22.08. "
     "Holds up to about 106.6B for QLoRA, 33.3B for LoRA, and 33.3B for BF16 inference.\n"
     "• <b>1× L40S</b> (48 GB, $0.82/hour): 1 block of 24 GPU-hours, $19.68.", "H100"),
    ("tengo 30 dolares, que gpu me alcanza para un dia", "es",
     "💵 <b>Lo que puedes alquilar con 30 US$ durante 24 horas", "H100"),
    ("avec 30 $ quelle gpu je peux louer une journée", "fr",
     "• <b>1× A100 80GB</b> (80 Go, 0,92 $US/heure) : 1 bloc de 24 GPU-heures, 22,08 $US.",
     "H100"),
]


@pytest.mark.parametrize(("question", "lang", "has", "lacks"), A_DAY)
def test_a_budget_for_a_day_lists_what_it_keeps_largest_first(
        question: str, lang: str, has: str, lacks: str) -> None:
    out = ask_json(question, lang)
    text = spaced(str(out["text"]))
    assert out["error"] is None and out["intent"] == "recommend", text  # was missing_model_size
    assert spaced(has) in text, text
    assert text.index("A100") < text.index("L40S"), text
    assert lacks not in text, text


def test_a_limit_per_hour_lists_what_it_keeps() -> None:
    text = str(ask_json("what can i rent for $10 an hour")["text"])
    assert text.startswith("💵 <b>What we offer at $10.00/hour or less, the most memory first:"
                           "</b>\n• <b>4× A100 80GB</b> (320 GB, $3.68/hour)."), text
    assert "2× H200" in text and "8× H100" not in text, text
    text = str(ask_json("best gpu under 2 dollars/hr")["text"])
    assert "1× A100 80GB" in text and "1× L40S" in text and "H100" not in text, text


def test_a_limit_under_the_cheapest_says_so() -> None:
    # "50 cents an hour" was a budget of $0.50 (no block), not a price per hour.
    text = str(ask_json("best gpu for 50 cents an hour")["text"])
    assert text.startswith("❌ <b>None of the configurations we offer costs $0.50/hour or less: "
                           "the cheapest is 1× L40S at $0.82/hour.</b>"), text


def test_a_budget_asked_which_gpu_lists_the_hours_on_each() -> None:
    out = ask_json("quel gpu pour 100 $ ?", "fr")  # was the price list
    text = spaced(str(out["text"]))
    assert text.startswith("💵 <b>Ce que 100 $US achète en blocs entiers"), text
    assert "• <b>1× L40S</b> (48 Go, 0,82 $US/heure) : 120 heures (5 blocs de 24 GPU-heures, " \
           "98,40 $US)." in text, text


@pytest.mark.parametrize(("question", "lang", "head", "repeat"), [
    ("i have $100", "en", "💵 <b>$100 buys 120 hours of 1× L40S in whole blocks", "Cost: $98.40"),
    ("tengo 100 usd", "es", "💵 <b>Con 100 US$ tienes 120 horas de 1× L40S", "Coste: 98,40"),
    ("i have 100 bucks, how many h100 hours", "en", "💵 <b>$100 buys 40 hours of 1× H100",
     "Buy 4 blocks"),
])
def test_a_bare_budget_says_its_blocks_once(question: str, lang: str, head: str,
                                            repeat: str) -> None:
    text = spaced(str(ask_json(question, lang)["text"]))
    assert text.startswith(spaced(head)), text
    assert spaced(repeat) not in text, text
    if "h100" not in question:
        assert "for it;" not in text and "para ello" not in text, text  # no model: no "it"


# A budget said alone after a run: whether the run fits it, what is left or missing (was the
# hours the budget buys, the run then quoted for them: "Cost: $92.80 … 40 hours").
AFTER_A_RUN: list[tuple[tuple[str, str], str | None, str, str]] = [
    (("how much to qlora llama 3 70b on an h100", "i have $100"), None,
     "✅ <b>Within $100 for our page's illustrative QLoRA run of 10 GPU-hours: you pay $23.20 on "
     "1× H100.</b> $76.80 of it is left.", "Cost: $92.80"),
    (("can i lora llama 3 70b on 4 a100s", "i have 20 bucks"), None,
     "❌ <b>Not within $20 for our page's illustrative LoRA run of 24 GPU-hours: you pay $22.08 "
     "on 4× A100 80GB.</b> You are $2.08 short.", "× 5 hours"),
    (("qlora llama 3 8b on 20k samples on an a100", "i have $30"), None,
     "✅ <b>Within $30 at either length: you pay $9.20 at 512 tokens a sample, $9.20 at 2,048",
     "never mentions"),
    (("cuanto cuesta un qlora de llama 3 70b en una h100", "tengo 100 dolares"), "es",
     "✅ <b>Te alcanza con 100 US$", "Te sobran 76,80 US$."),
    (("combien coûte un qlora de llama 3 70b sur une h100 ?", "j'ai 20 $"), "fr",
     "❌ <b>Cela ne tient pas dans 20 $US", "Il vous manque 3,20 $US."),
]


@pytest.mark.parametrize(("turns", "lang", "lead", "other"), AFTER_A_RUN)
def test_a_budget_after_a_run_says_whether_the_run_fits_it(
        turns: tuple[str, str], lang: str | None, lead: str, other: str) -> None:
    reply = converse(*turns, locale=lang)[-1]
    text = spaced(reply.text)
    assert spaced(lead) in text, text
    if lang is None:
        assert other not in text, text  # the budget's hours are not the run's
    else:
        assert spaced(other) in text, text


@pytest.mark.parametrize(("turns", "lang"), [
    (("how much for 20 hours on an h100", "what about 8?"), None),
    (("cuanto cuesta una h100 por 20 horas", "y 8?"), "es"),
    (("combien pour une h100 pendant 20 heures ?", "et 8 ?"), "fr"),
])
def test_a_number_after_hours_on_one_card_is_hours(turns: tuple[str, str],
                                                   lang: str | None) -> None:
    # was 8× H100 for 20 hours ($371.20): the number said before was the hours
    query = converse(*turns, locale=lang)[-1].query
    assert (query.gpu, query.gpu_count or 1, query.hours) == ("h100", 1, 8)


def test_a_number_after_a_count_said_stays_a_count() -> None:
    query = converse("how much for 20 hours on 2 h100s", "what about 8?")[-1].query
    assert (query.gpu_count, query.hours) == (8, 20)


# The largest model a budget trains on the data said, no card named: every offered
# configuration the budget buys a block of is weighed (was the cheapest one's alone: 1× L40S).
# The models named are timed on their own active parameters (a mixture of experts trains at the
# pace of its active ones; was a dense Llama-like shape of their size: Falcon 180B led $100).
@pytest.mark.parametrize(("question", "lang", "has"), [
    ("i have 100 bucks whats the largest model i can qlora on 20k samples", None,
     ["Kimi K2 (1T MoE)",
      "✅ <b>Within $100 at either length: you pay $30.70 at 512 tokens a sample, $61.40 at 2,048, in whole blocks of GPU-hours on 8× H200.</b>"]),
    ("budget 20 bucks, biggest model i can qlora on 10k samples", None,
     ["Llama 4 Maverick (400B MoE)", "✅ <b>Within $20 at either length: you pay $9.20 at 512 "
      "tokens a sample, $9.20 at 2,048, in whole blocks of GPU-hours on 4× A100 80GB.</b>"]),
    ("con 20 dolares cual es el modelo mas grande que puedo entrenar con qlora en 10k ejemplos",
     "es", ["Llama 4 Maverick (400B MoE)", "en bloques enteros de GPU-horas en 4× A100 80GB."]),
])
def test_the_largest_a_budget_trains_weighs_every_configuration(
        question: str, lang: str | None, has: list[str]) -> None:
    text = spaced(str(ask_json(question, lang)["text"]))
    for line in has:
        assert spaced(line) in text, text


# A banknote's slang ("a tenner", "a fiver", "a hundo") is a budget read as dollars, said so;
# was "On which GPU?", "I did not understand" or the price list.
@pytest.mark.parametrize(("question", "lead"), [
    ("a tenner of h100 how many hours",
     "💵 <b>$10 does not buy a block of the H100: GPU-hours are sold in blocks, and the smallest, "
     "10 GPU-hours, costs $23.20.</b>"),
    ("i have a fiver", "💵 <b>$5 does not buy a block of the L40S"),
    ("a hundo for h100 hours?", "💵 <b>$100 buys 40 hours of 1× H100 in whole blocks"),
])
def test_a_banknote_in_slang_is_a_budget_in_dollars(question: str, lead: str) -> None:
    text = str(ask_json(question)["text"])
    assert text.startswith(lead), text
    assert "No currency named: I read the amount as" in text, text


def test_pounds_for_hours_asked_as_a_price_ask_for_dollars() -> None:
    out = ask_json("50 quid for a100 hours how many")  # was the A100's price list
    assert out["error"] == "budget_not_usd", out["text"]
    assert str(out["text"]).startswith("💱 Our prices are in US dollars"), out["text"]


def test_the_largest_a_budget_runs_says_its_blocks_once() -> None:
    # "what can I run with $300": the blocks in the headline, then "Cost: $298.48 … Buy 1 block
    # of 168 GPU-hours…" again before the verdict.
    out = ask_json("what can I run with $300")
    text = str(out["text"])
    assert "(364 GPU-hours, $298.48).</b>" in text and "Cost: $298.48" not in text, text
    assert (out["hours"], out["cost_usd"]) == (364, "298.48")


@pytest.mark.parametrize(("question", "lang", "lead"), [
    ("can i pay 3 bucks in sol", None,
     "⚠️ <b>$3 is a top-up we take, but GPU-hours are bought only in whole blocks: the smallest, "
     "10 GPU-hours of the L40S, costs $8.20.</b>"),
    ("puedo pagar 3 dolares en sol?", "es", "⚠️ <b>Una recarga de 3 US$ la aceptamos"),
])
def test_a_top_up_under_the_cheapest_block_says_it_buys_no_hours(
        question: str, lang: str | None, lead: str) -> None:
    # was "Yes: we take SOL." alone; the yes still leads
    text = spaced(str(ask_json(question, lang)["text"]))
    assert text.split("\n")[1].startswith(spaced(lead)), text
