"""conv45: the conversation and leading with the best answer. The electricity asked beside a
run's time on one's own card, as people say it ("cuánto me sale la luz", "how much power does it
draw", "ma facture d'élec"); a comparison at hours said led by what those hours cost; a cost
asked on one's own card too small led by its verdict, then the cheapest rental; follow-ups that
change one fact and keep the rest."""

from __future__ import annotations

import pytest

from tests.support.chat import ask, converse
from tests.support.chat import says as says_exactly


def _spaces(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def says(body: str, has: list[str], lacks: list[str]) -> None:
    """As tests.support.chat.says, no-break and narrow spaces read as spaces."""
    says_exactly(_spaces(body), [_spaces(p) for p in has], [_spaces(p) for p in lacks])


# 1. (lang, question, what the electricity line says): the run's kWh on the card's board power
# (rules/data/board_power.toml: RTX 3090 350 W, RTX 4090 450 W, TechPowerUp), its cost when a
# price a kWh is said, else that price asked for (was the time alone, the electricity unread;
# "cuánto pago de luz" was a question about paying us in crypto).
RUN_3090 = {
    "en": "how long to qlora llama 3 8b on my 3090 with 20k samples of 1k tokens",
    "es": "cuanto tarda un qlora de llama 3 8b en mi 3090 con 20k ejemplos de 1k tokens",
    "fr": "combien de temps pour un qlora de llama 3 8b sur ma 3090 avec 20k exemples de 1k "
          "tokens",
}
NO_PRICE = {"en": ["⚡ <b>Electricity: about", "1 × 350 W ×", "Tell me your price a kWh"],
            "es": ["⚡ <b>Electricidad: unos", "1 × 350 W ×", "Dime cuánto pagas el kWh"],
            "fr": ["⚡ <b>Électricité : environ", "1 × 350 W ×", "Donnez-moi votre prix du kWh"]}
ELECTRICITY_BESIDE_TIME: list[tuple[str, str, list[str]]] = [
    ("es", RUN_3090["es"] + " y cuanto me sale la luz?", NO_PRICE["es"]),
    ("es", RUN_3090["es"] + " y cuanto pago de luz?", NO_PRICE["es"]),
    ("es", RUN_3090["es"] + " y cuanto sube la factura eléctrica?", NO_PRICE["es"]),
    ("es", RUN_3090["es"] + " y cuanto me sale la luz a 0,15€/kwh?",
     ["⚡ <b>Electricidad: unos", "€ a 0,15 € el kWh</b>", "1 × 350 W ×"]),
    ("en", RUN_3090["en"] + " and how much power does it use?", NO_PRICE["en"]),
    ("en", RUN_3090["en"] + ", how much power will it draw", NO_PRICE["en"]),
    ("en", RUN_3090["en"] + ", what's the power draw gonna cost me at 30 cents per kwh",
     ["⚡ <b>Electricity: about", "at $0.30 a kWh</b>", "1 × 350 W ×"]),
    ("fr", RUN_3090["fr"] + " et ça fait combien sur ma facture d'élec ?", NO_PRICE["fr"]),
    ("fr", RUN_3090["fr"] + " et ça consomme combien ?", NO_PRICE["fr"]),
    ("fr", RUN_3090["fr"] + " et combien pour l'électricité à 0,25 € le kWh ?",
     ["⚡ <b>Électricité : environ", "€ à 0,25 € le kWh</b>", "1 × 350 W ×"]),
]


@pytest.mark.parametrize(("lang", "question", "said"), ELECTRICITY_BESIDE_TIME)
def test_electricity_asked_beside_a_runs_time_on_ones_own_card(
        lang: str, question: str, said: list[str]) -> None:
    reply = ask(question, lang)
    assert (reply.locale, reply.answer.intent, reply.query.gpu) == (lang, "time", "rtx-3090")
    assert reply.query.electricity_asked, reply.text
    # the time leads, its electricity right after it, before how the time is reckoned
    assert reply.text.startswith("⏱ <b>"), reply.text
    assert reply.text.index("⚡ <b>") < reply.text.index("6·N·D"), reply.text
    says(reply.text, said, ["🤔", "BTC"])


@pytest.mark.parametrize("question", [
    RUN_3090["en"] + ", how much power do i need",
    RUN_3090["fr"] + " et ça consomme combien de vram ?",
    RUN_3090["fr"] + ", vous faites des factures ?",
])
def test_no_electricity_when_none_is_asked(question: str) -> None:
    assert not ask(question).query.electricity_asked


def test_electricity_kwh_is_board_power_times_the_hours() -> None:
    from decimal import Decimal

    reply = ask(RUN_3090["en"] + " and how much power does it use at $0.20/kwh?", "en")
    t = reply.answer.detailed.training_time  # type: ignore[union-attr]
    assert t is not None and t.wall_clock_hours is not None
    kwh = Decimal(350) * t.wall_clock_hours / 1000
    says(reply.text, [f"Electricity: about {kwh:.2f} kWh, ${kwh * Decimal('0.2'):.2f} at "
                      "$0.20 a kWh"], [])


# 2. Two cards compared at hours said, with no "cheaper" said: what those hours cost leads (was
# the datasheets first, the two costs and their difference at the end).
@pytest.mark.parametrize(("lang", "question", "lead"), [
    ("en", "100 hours on an a100 vs h100, which costs what?",
     "⚖️ <b>For 100 hours, 1× H100 costs $140.00 more than 1× A100 80GB ($232.00 vs $92.00)."),
    ("en", "a100 vs h100 for 100 hours",
     "⚖️ <b>For 100 hours, 1× H100 costs $140.00 more than 1× A100 80GB"),
    ("es", "100 horas en una a100 vs h100, cuanto sale cada una?",
     "⚖️ <b>En 100 horas, 1× H100 cuesta 140,00 US$ más que 1× A100 80GB"),
    ("fr", "100 heures sur une a100 ou une h100, ça coûte combien ?",
     "⚖️ <b>Sur 100 heures, 1× H100 coûte 140,00 $US de plus que 1× A100 80GB"),
])
def test_a_comparison_at_hours_said_leads_with_their_cost(
        lang: str, question: str, lead: str) -> None:
    reply = ask(question, lang)
    assert reply.answer.intent == "compare" and reply.query.hours == 100, reply.text
    assert _spaces(reply.text).startswith(_spaces(lead)), reply.text
    # each side's cost after it, and the run-cost remark said once
    says(reply.text, ["💵 <b>", "💵 <b>"], ["🤔"])
    assert reply.text.count("finishes a run sooner") <= 1, reply.text


# 3. A cost asked on one's own card that does not hold the run: the ❌ there and why lead, then
# the cheapest rental that holds it (was the 4090's unpublished rental price first, or "We don't
# rent the RTX 3090: this is the cost on 4× A100 80GB" above the verdict). Session 49: the
# detailed figure leads the miss, as the fit question's does (was "144 GB short" by the rule).
@pytest.mark.parametrize(("lang", "question", "said"), [
    ("en", "how much would it cost to lora llama 3 70b on my 4090",
     ["❌ <b>No: Llama 3 70B does not fit on 1× RTX 4090 (LoRA).</b>", "it needs about 153.7 GB per GPU (detailed estimate)",
      "👉 Cheapest offered configuration that fits: 4× A100 80GB at $3.68/hour.",
      "💵 <b>Illustrative cost: $22.08</b>"]),
    ("en", "how much would it cost to lora llama 3 70b on my 3090",
     ["❌ <b>No: Llama 3 70B does not fit on 1× RTX 3090 (LoRA).</b>", "it needs about 153.7 GB per GPU (detailed estimate)",
      "4× A100 80GB at $3.68/hour", "💵 <b>Illustrative cost: $22.08</b>"]),
    ("es", "cuanto me costaria un lora de llama 3 70b en mi 4090",
     ["❌ <b>No: Llama 3 70B no cabe en 1× RTX 4090 (LoRA).</b>", "necesita unos 153,7\u00a0GB por GPU (estimación detallada)",
      "4× A100 80GB a 3,68 US$/hora", "💵 <b>Coste de ejemplo: 22,08 US$</b>"]),
    ("fr", "combien ça coûterait de faire un lora de llama 3 70b sur ma 4090",
     ["❌ <b>Non : Llama 3 70B ne tient pas sur 1× RTX 4090 (LoRA).</b>", "il faut environ 153,7\u202fGo par GPU (estimation détaillée)",
      "4× A100 80GB à 3,68 $US/heure", "💵 <b>Coût à titre d'exemple : 22,08 $US</b>"]),
])
def test_a_cost_on_ones_own_card_too_small_leads_with_its_verdict(
        lang: str, question: str, said: list[str]) -> None:
    reply = ask(question, lang)
    assert (reply.answer.intent, reply.query.card_mine) == ("cost", True), reply.text
    assert reply.text.startswith("❌ <b>"), reply.text
    says(reply.text, said, ["price is not published", "precio no está publicado",
                            "prix n'est pas publié", "this is the cost on"])


def test_renting_asked_on_ones_own_card_still_leads_with_the_rental() -> None:
    reply = ask("OOM on my 3090 doing lora on llama 3 8b, seq 4096 batch 4, what would it cost "
                "to rent", "en")
    assert not reply.query.card_mine
    assert reply.text.startswith("🏠 We don't rent the RTX 3090: this is the cost on ")


# 4. Follow-ups after a reply, each changing one fact and keeping the rest. (lang, first, then,
# the second turn's facts, what its reply says in order.) Times are not pinned (the engine's
# training-time model moves them); the facts kept and changed are.
RUN_EN = "how long to qlora llama 3 8b on my 3090 with 20k samples of 1k tokens"
RUN_ES = "cuanto tarda un qlora de llama 3 8b en mi 3090 con 20k ejemplos de 1k tokens"
RUN_FR = ("combien de temps pour un qlora de llama 3 8b sur ma 3090 avec 20k exemples de 1k "
          "tokens")
LORA_EN = "how long to lora llama 3 8b on 20k samples of 1k tokens on an h100"
LORA_ES = "cuanto cuesta un lora de llama 3 8b con 30k ejemplos de 2k tokens en una h100"
LORA_FR = ("combien de temps pour un lora de llama 3 8b sur une h100 avec 50k exemples de 1k "
           "tokens")
PRICED = RUN_EN + ", power is 0.30 $/kwh"
FOLLOW_UPS: list[tuple[str, str, str, dict[str, object], list[str]]] = [
    # the electricity asked after the run's time: that run, its kWh (was its cost on a rented
    # L40S, or "I did not understand")
    ("en", RUN_EN, "and how much electricity at 0.25 $/kwh?",
     {"intent": "time", "gpu": "rtx-3090", "tokens": 20_000_000, "kwh": "0.25"},
     ["⏱ <b>", "⚡ <b>Electricity: about", "at $0.25 a kWh</b>", "1 × 350 W ×"]),
    ("es", RUN_ES, "y la luz a 0,20 €/kWh?",
     {"intent": "time", "gpu": "rtx-3090", "tokens": 20_000_000, "kwh": "0.20"},
     ["⏱ <b>", "⚡ <b>Electricidad: unos", "€ a 0,20 € el kWh</b>"]),
    ("fr", RUN_FR, "et l'électricité ?",
     {"intent": "time", "gpu": "rtx-3090", "tokens": 20_000_000},
     ["⏱ <b>", "⚡ <b>Électricité : environ", "Donnez-moi votre prix du kWh"]),
    # "would that use" is no serving asked (was the run's cost on a rented L40S); a kWh's
    # price said after the kWh (was not read: the price asked for again)
    ("en", RUN_EN, "how much power would that use?",
     {"intent": "time", "method": "qlora", "gpu": "rtx-3090", "tokens": 20_000_000},
     ["⏱ <b>", "⚡ <b>Electricity: about", "Tell me your price a kWh"]),
    ("fr", RUN_FR, "le kWh est à 0,25 €",
     {"intent": "time", "gpu": "rtx-3090", "tokens": 20_000_000, "kwh": "0.25"},
     ["⏱ <b>", "⚡ <b>Électricité : environ", "€ à 0,25 € le kWh</b>"]),
    # the electricity kept through a change of epochs, and on another card of one's own (was
    # dropped)
    ("en", PRICED, "same but 3 epochs",
     {"intent": "time", "gpu": "rtx-3090", "epochs": 3, "kwh": "0.30"},
     ["⏱ <b>", "60 million tokens", "⚡ <b>Electricity: about", "at $0.30 a kWh</b>"]),
    ("en", PRICED, "and on my 4090?",
     {"intent": "time", "gpu": "rtx-4090", "tokens": 20_000_000, "kwh": "0.30"},
     ["⏱ <b>", "⚡ <b>Electricity: about", "1 × 450 W ×"]),
    # "for 4 bits" after a LoRA run: its base in 4 bits, QLoRA (was serving the model in 4-bit)
    ("fr", LORA_FR, "et pour 4 bits ?",
     {"intent": "time", "method": "qlora", "gpu": "h100", "tokens": 50_000_000},
     ["⏱ <b>Entraînement QLoRA pour Llama 3 8B"]),
    ("en", LORA_EN, "and for 4 bits?",
     {"intent": "time", "method": "qlora", "gpu": "h100", "tokens": 20_000_000},
     ["⏱ <b>QLoRA of Llama 3 8B"]),
    ("es", LORA_ES, "y para 4 bits?",
     {"intent": "cost", "method": "qlora", "gpu": "h100", "tokens": 60_000_000},
     ["💵 <b>Unos", "QLoRA"]),
    # ... and after two cards compared on a QLoRA run: that run still (was serving in 4-bit)
    ("fr", "a100 ou h100 pour un qlora de llama 3 8b avec 20k exemples de 1k tokens",
     "et pour 4 bits ?", {"intent": "compare", "method": "qlora", "gpu": "a100-80gb",
                          "tokens": 20_000_000}, ["⏱ <b>1× H100 finit plus tôt"]),
    # "with 2 of them" after the cheapest card for a run: two of that card (was the
    # recommendation again, on 2× H200)
    ("en", "best gpu to qlora llama 3 70b?", "and with 2 of them?",
     {"intent": "fit", "method": "qlora", "gpu": "a100-80gb", "count": 2},
     ["✅ <b>Yes: Llama 3 70B fits on 2× A100 80GB (QLoRA).</b>"]),
    ("es", "cual es la mejor gpu para un qlora de llama 3 70b?", "y con 2?",
     {"intent": "fit", "method": "qlora", "gpu": "a100-80gb", "count": 2},
     ["✅ <b>Sí: Llama 3 70B cabe en 2× A100 80GB (QLoRA).</b>"]),
    # another amount of samples said as people say it: that run on them, their length kept
    # (was "I did not understand")
    ("en", RUN_EN, "what about with 50k samples instead",
     {"intent": "time", "gpu": "rtx-3090", "tokens": 50_000_000, "seq_len": 1000},
     ["⏱ <b>QLoRA of Llama 3 8B", "50 million tokens"]),
    ("en", RUN_EN, "same but 50k samples",
     {"intent": "time", "gpu": "rtx-3090", "tokens": 50_000_000}, ["50 million tokens"]),
    ("es", RUN_ES, "y si son 50k ejemplos?",
     {"intent": "time", "gpu": "rtx-3090", "tokens": 50_000_000}, ["50 millones de tokens"]),
    ("fr", RUN_FR, "pareil mais avec 50k exemples",
     {"intent": "time", "gpu": "rtx-3090", "tokens": 50_000_000}, ["50 millions de tokens"]),
    # samples after a cost for hours said: that run on them, timed and priced in place of the
    # hours (was "I did not understand")
    ("en", "how much is a lora of llama 3 8b on an h100 for 10 hours", "ok and for 50k samples",
     {"intent": "cost", "method": "lora", "gpu": "h100", "hours": None},
     ["depends on how long your 50,000 samples are", "on 1× H100"]),
    # already right, kept so: one fact changed, the rest kept
    ("en", RUN_EN, "and with 2 of them?",
     {"intent": "time", "gpu": "rtx-3090", "count": 2, "tokens": 20_000_000},
     ["on 2× RTX 3090"]),
    ("en", LORA_EN, "same but 3 epochs",
     {"intent": "time", "method": "lora", "gpu": "h100", "epochs": 3, "tokens": 20_000_000},
     ["60 million tokens"]),
    ("en", LORA_EN, "what if i use 8k context",
     {"intent": "time", "method": "lora", "gpu": "h100", "seq_len": 8192,
      "tokens": 20_000_000}, ["⏱ <b>LoRA of Llama 3 8B"]),
    ("en", LORA_EN, "ok and for 100k samples",
     {"intent": "time", "method": "lora", "gpu": "h100", "tokens": 100_000_000},
     ["100 million tokens"]),
    ("es", LORA_ES, "y en una a100?",
     {"intent": "cost", "method": "lora", "gpu": "a100-80gb", "count": None,
      "tokens": 60_000_000}, ["en 1× A100 80GB"]),
    ("es", LORA_ES, "lo mismo pero con 3 épocas",
     {"intent": "cost", "method": "lora", "gpu": "h100", "epochs": 3}, ["× 3 épocas"]),
    ("fr", LORA_FR, "et avec 2 ?",
     {"intent": "time", "method": "lora", "gpu": "h100", "count": 2}, ["sur 2× H100"]),
    ("fr", LORA_FR, "et sur une a100 ?",
     {"intent": "time", "method": "lora", "gpu": "a100-80gb", "tokens": 50_000_000},
     ["sur 1× A100 80GB"]),
    ("fr", LORA_FR, "et avec un contexte de 8k ?",
     {"intent": "time", "method": "lora", "gpu": "h100", "seq_len": 8192}, []),
]


@pytest.mark.parametrize(("lang", "first", "then", "facts", "said"), FOLLOW_UPS)
def test_a_follow_up_changes_one_fact_and_keeps_the_rest(
        lang: str, first: str, then: str, facts: dict[str, object], said: list[str]) -> None:
    _, reply = converse(first, then, locale=lang)
    q = reply.query
    got = {"intent": reply.answer.intent, "method": q.method, "gpu": q.gpu,
           "count": q.gpu_count, "tokens": q.dataset_tokens, "epochs": q.epochs,
           "seq_len": q.seq_len, "hours": q.hours,
           "kwh": None if q.kwh_price is None else str(q.kwh_price)}
    assert reply.locale == lang
    assert q.model_id in ("llama-3-8b", "llama-3-70b"), reply.text
    for key, want in facts.items():
        assert got[key] == want, (key, got[key], want, reply.text)
    says(reply.text, said, ["🤔"])


# A cost asked of a run on one's own card with its data: the run timed there, its kWh on the
# card's board power, then where renting it costs least (was that rental's cost alone, and
# for the 4090 its unpublished rental price).
@pytest.mark.parametrize(("lang", "question", "said"), [
    ("en", "how much would it cost to qlora llama 3 8b on my 4090 with 20k samples of 1k tokens",
     ["⏱ <b>QLoRA of Llama 3 8B: about", "on 1× RTX 4090", "⚡ <b>Electricity: about",
      "1 × 450 W ×", "Rented here instead, where this run costs least", "💵 <b>You pay"]),
    ("es", "cuanto me cuesta hacer un qlora de llama 3 8b en mi 3090 con 20k ejemplos de 1k "
     "tokens?", ["⏱ <b>Entrenamiento QLoRA de Llama 3 8B", "en 1× RTX 3090",
                 "⚡ <b>Electricidad: unos", "1 × 350 W ×", "💵 <b>Pagas"]),
    ("fr", "combien ça me coûte un qlora de llama 3 8b sur ma 4090 avec 20k exemples de 1k "
     "tokens ?", ["⏱ <b>Entraînement QLoRA pour Llama 3 8B", "sur 1× RTX 4090",
                  "⚡ <b>Électricité : environ", "1 × 450 W ×", "💵 <b>Vous payez"]),
])
def test_a_cost_of_a_run_on_ones_own_card_is_its_time_and_electricity_there(
        lang: str, question: str, said: list[str]) -> None:
    reply = ask(question, lang)
    assert (reply.answer.intent, reply.query.card_mine) == ("time", True), reply.text
    says(reply.text, said, ["🤔", "price is not published", "precio no está publicado",
                            "prix n'est pas publié"])


def test_a_cost_on_ones_own_card_that_fits_says_no_rental_price_of_it() -> None:
    reply = ask("how much would it cost to qlora llama 3 8b on my 4090", "en")
    assert reply.text.startswith("✅ <b>Yes: Llama 3 8B fits on 1× RTX 4090 (QLoRA).</b>")
    assert "price is not published" not in reply.text
