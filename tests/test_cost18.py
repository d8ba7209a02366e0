"""Cost, time and budget replies in the order asked and on the right configuration (cost18,
session 30). English, Spanish, French. Prices and blocks from the seed page: L40S $0.82, A100
80GB $0.92, H100 $2.32, H200 $3.07, B200 $4.61 a GPU-hour; blocks of 10, 24, 168 and 720
GPU-hours."""

from __future__ import annotations

import pytest

from tests.support.chat import ask, ask_json, converse


def spaced(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


# Whether it fits asked first, then how long and how much: the verdict on the card asked leads,
# on one line, then the time, then the cost (was the time, the cost, and the memory line last).
FIT_FIRST_TIMED: list[tuple[str, str | None, str, list[str]]] = [
    ("can i lora llama 3 8b on an a100, how long for 10M tokens and how much?", None,
     "✅ <b>Yes: Llama 3 8B fits on 1× A100 80GB (LoRA).</b> Memory: about 23.1 GB per GPU of 85.9 GB (80 GiB) (detailed estimate, LoRA).\n⏱ <b>LoRA of Llama 3 8B: about 55",
     ["💵 <b>You pay $9.20</b>"]),
    ("puedo hacer lora de llama 3 8b en una a100, cuanto tarda con 10M tokens y cuanto cuesta?",
     "es", "✅ <b>Sí: Llama 3 8B cabe en 1× A100 80GB (LoRA).</b> Memoria: unos 23,1 GB",
     ["⏱ <b>Entrenamiento LoRA de Llama 3 8B", "💵 <b>Pagas 9,20 US$</b>"]),
    ("je peux faire une lora de llama 3 8b sur une a100 ? combien de temps pour 10M tokens et "
     "combien ça coûte", "fr", "✅ <b>Oui : Llama 3 8B tient sur 1× A100 80GB (LoRA).</b>",
     ["⏱ <b>", "💵 <b>Vous payez 9,20 $US</b>"]),
]


@pytest.mark.parametrize(("question", "lang", "starts", "has"), FIT_FIRST_TIMED)
def test_fit_asked_first_leads_a_timed_run(question: str, lang: str | None, starts: str,
                                           has: list[str]) -> None:
    text = spaced(ask(question, lang).text)
    assert text.startswith(spaced(starts)), text
    at = [text.index(spaced(h)) for h in has]
    assert at == sorted(at), text
    assert text.count("Memory: about") + text.count("Memoria: unos") \
        + text.count("Mémoire : environ") == 1, text


# Asked the other way round (time first), the time leads and the memory line closes the reply.
def test_time_asked_first_keeps_the_time_lead() -> None:
    text = ask("how long for 10M tokens to lora llama 3 8b on an a100 and how much?").text
    assert text.startswith("⏱ <b>LoRA of Llama 3 8B"), text
    assert "✅ Memory: about 23.1 GB per GPU" in text, text


# The largest model a budget serves for the hours said, no card named: every offered
# configuration whose hours the budget pays for in whole blocks is weighed by what it holds.
# $40 for 10 hours: 1× L40S ($8.20), 1× A100 ($9.20), 1× H100 ($23.20), 1× H200 ($30.70), 4× A100
# 80GB ($36.80, 320 GB) are within it; 1× B200 ($46.10) is not. Was 1× L40S, 20B.
SERVED: list[tuple[str, str | None, float, str, int, str, list[str]]] = [
    ("biggest model i can run with $40 for 10 hours", None, 132, "a100-80gb", 4, "36.80",
     ["📏 <b>The largest model 320 GB holds for BF16 inference is about 133.3B",
      "4× A100 80GB holds the largest model ($36.80)",
      "💵 <b>Cost: $36.80</b> — 4× A100 80GB × 10 hours at $3.68/hour = 40 GPU-hours."]),
    ("el modelo más grande que puedo correr con 40 dólares por 10 horas", "es", 132, "a100-80gb",
     4, "36.80", ["El modelo más grande que cabe en 320 GB (inferencia en BF16)",
                  "💵 <b>Coste: 36,80 US$</b> — 4× A100 80GB × 10 horas"]),
    ("quel est le plus gros modèle que je peux faire tourner avec 40 $ pendant 10 h", "fr", 132,
     "a100-80gb", 4, "36.80", ["Avec 320 Go, le plus gros modèle possible (inférence en BF16)",
                              "💵 <b>Coût : 36,80 $US</b> — 4× A100 80GB × 10 heures"]),
    ("biggest model i can serve in 4 bit with $100 for 24 hours", None, 480, "a100-80gb", 4,
     "88.32", ["The largest model 320 GB holds for 4-bit inference"]),
]


@pytest.mark.parametrize(("question", "lang", "size", "gpu", "count", "cost", "has"), SERVED)
def test_the_largest_served_within_a_budget_s_hours_weighs_every_configuration(
        question: str, lang: str | None, size: float, gpu: str, count: int, cost: str,
        has: list[str]) -> None:
    out = ask_json(question, lang)
    text = spaced(str(out["text"]))
    assert (out["params_b"], out["gpu"], out["gpu_count"], out["cost_usd"]) \
        == (size, gpu, count, cost), out
    for line in has:
        assert spaced(line) in text, text
    assert "48 GB holds" not in text and "L40S" not in text, text


# "anything cheaper?" after a run's cost with the hours said: the same hours and method where
# they cost least (was our page's illustrative 10 hours).
CHEAPER: list[tuple[str, str, str | None, list[str]]] = [
    ("how much for 12 hours of qlora llama 3 8b on an h100", "anything cheaper?", None,
     ["QLoRA of Llama 3 8B for 12 hours, from your last question.",
      "by what you pay for 12 hours: 1× L40S, $16.40 in blocks",
      "1× L40S × 12 hours at $0.82/hour = 12 GPU-hours"]),
    ("cuanto cuesta 12 horas de qlora llama 3 8b en una h100", "¿algo más barato?", "es",
     ["QLoRA de Llama 3 8B durante 12 horas", "1× L40S × 12 horas a 0,82 US$/hora"]),
    ("combien pour 12 heures de qlora llama 3 8b sur une h100", "quelque chose de moins cher ?",
     "fr", ["1× L40S × 12 heures à 0,82 $US/heure"]),
]


@pytest.mark.parametrize(("first", "then", "lang", "has"), CHEAPER)
def test_anything_cheaper_keeps_the_hours_and_the_method(
        first: str, then: str, lang: str | None, has: list[str]) -> None:
    reply = converse(first, then, locale=lang)[1]
    assert (reply.query.hours, reply.query.method) == (12, "qlora"), reply.query
    text = spaced(reply.text)
    for line in has:
        assert spaced(line) in text, text
    assert "illustrative" not in text and "10 GPU-hours)" not in text, text


# "How much can I train with $15": what the hours the budget buys train, in tokens, leads (was
# the hours alone in Spanish: "cuánto entreno" was not read as data asked).
TOKENS_FOR_MONEY: list[tuple[str, str | None, str]] = [
    ("con 15 usd cuanto entreno un 8b", "es",
     "⏱ <b>En 10 horas, 1× L40S entrena unos 130 millones de tokens (QLoRA, unos 3.575 tokens/s "
     "con un 47 % supuesto de su pico: una estimación, no una medición).</b>"),
    ("cuanto puedo entrenar un 8b con 15 dolares", "es", "⏱ <b>En 10 horas, 1× L40S entrena unos "
     "130 millones de tokens"),
    ("how many tokens can i train a 8b on with $15", None,
     "⏱ <b>In 10 hours, 1× L40S trains about 130 million tokens (QLoRA, about 3,575 tokens/s at an assumed 47% of its peak: an estimate, not a measurement).</b>"),
    ("how much can i train a 8b with $15", None,
     "⏱ <b>In 10 hours, 1× L40S trains about 130 million tokens"),
    ("avec 15 $ je peux entraîner un 8b sur combien de tokens", "fr",
     "⏱ <b>En 10 heures, 1× L40S entraîne environ 130 millions de tokens"),
    ("avec 15 $ combien je peux entraîner un 8b", "fr",
     "⏱ <b>En 10 heures, 1× L40S entraîne environ 130 millions de tokens"),
]


@pytest.mark.parametrize(("question", "lang", "starts"), TOKENS_FOR_MONEY)
def test_what_a_budget_trains_is_said_in_tokens(question: str, lang: str | None,
                                                starts: str) -> None:
    text = spaced(ask(question, lang).text)
    assert text.startswith(spaced(starts)), text


# A cost asked on a configuration that does not hold the run: the verdict leads, then what the
# hours would cost there (labelled), then the cost where it fits (was the cost on the
# configuration that cannot run it first, as if it could).
MISSES: list[tuple[str, str | None, list[str]]] = [
    ("cuanto cuesta una lora de llama 3 70b en 2 h100 por 10 horas", "es",
     ["❌ <b>No: Llama 3 70B no cabe en 2× H100 (LoRA).</b>",
      "ℹ️ Lo que costaría en 2× H100, donde no cabe:\n💵 <b>Coste: 46,40 US$</b>",
      "💵 <b>Coste: 36,80 US$</b> — 4× A100 80GB × 10 horas"]),
    ("how much for a lora of llama 3 70b on 2 h100 for 10 hours", None,
     ["❌ <b>No: Llama 3 70B does not fit on 2× H100 (LoRA).</b>",
      "ℹ️ What it would cost on 2× H100, where it does not fit:\n💵 <b>Cost: $46.40</b>",
      "💵 <b>Cost: $36.80</b> — 4× A100 80GB × 10 hours"]),
    ("combien pour une lora de llama 3 70b sur 2 h100 pendant 10 heures", "fr",
     ["❌ <b>Non : Llama 3 70B ne tient pas sur 2× H100 (LoRA).</b>",
      "ℹ️ Ce que cela coûterait sur 2× H100, où il ne tient pas :\n💵 <b>Coût : 46,40 $US</b>",
      "💵 <b>Coût : 36,80 $US</b> — 4× A100 80GB × 10 heures"]),
]


@pytest.mark.parametrize(("question", "lang", "has"), MISSES)
def test_a_cost_where_it_does_not_fit_leads_with_the_verdict(
        question: str, lang: str | None, has: list[str]) -> None:
    text = spaced(ask(question, lang).text)
    assert text.startswith(spaced(has[0])), text
    at = [text.index(spaced(h)) for h in has]
    assert at == sorted(at), text


# A run timed and priced on the configuration where it costs least, which is not the cheapest
# per hour: the "Next" command names the configuration priced (was 8× H200 under an 8× B200
# quote).
def test_the_next_step_names_the_configuration_priced() -> None:
    text = ask("how much to rent enough gpus to full finetune qwen2.5 32b for 3 epochs on 200M "
               "tokens").text
    assert "8× B200 × 4.99 hours" in text, text
    assert "🛠 Next: with Hugging Face TRL, on 8× B200, run it with" in text, text
    assert "on 8× H200, run it" not in text, text
