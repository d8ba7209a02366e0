"""Time, cost and budget replies answer the question asked (cost19, session 31). English,
Spanish, French. Prices and blocks from the seed page: L40S $0.82, A100 80GB $0.92, H100 $2.32,
H200 $3.07, B200 $4.61 a GPU-hour; blocks of 10, 24, 168 and 720 GPU-hours."""

from __future__ import annotations

import pytest

from tests.support.chat import ask


def spaced(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


# GPU-hours of a card asked ("how many A100 hours …"): the GPU-hours lead, with the wall clock
# on the configuration timed and, where one card cannot hold the run, what it needs; the verdict
# on one card follows as a supporting line (was "❌ No: … does not fit on 1× A100 80GB" first).
GPU_HOURS: list[tuple[str, str | None, str, list[str]]] = [
    ("how many A100 hours to full finetune llama 3 8b on 100M tokens", None,
     "⏱ <b>Full AdamW of Llama 3 8B: 11.99 A100 80GB GPU-hours for 100 million tokens (about 3 hours on 4× A100 80GB: it needs about 150.9 GB, more than one holds).</b>",
     ["💵 <b>You pay $18.40</b>",
      "❌ No: Llama 3 8B does not fit on 1× A100 80GB (full AdamW). At sequence length 2,048"]),
    ("cuántas horas de A100 para un full finetune de llama 3 8b con 100M tokens", "es",
     "⏱ <b>Entrenamiento completo con AdamW de Llama 3 8B: 11,99 GPU-horas de la A100 80GB para "
     "100 millones de tokens (alrededor de 3 horas en 4× A100 80GB: necesita unos 150,9 GB",
     ["💵 <b>Pagas 18,40 US$</b>", "❌ No: Llama 3 8B no cabe en 1× A100 80GB"]),
    ("combien d'heures d'A100 pour un full finetune de llama 3 8b sur 100M tokens", "fr",
     "⏱ <b>Entraînement complet avec AdamW pour Llama 3 8B : 11,99 GPU-heures de l'A100 80GB "
     "pour 100 millions de tokens (environ 3 heures sur 4× A100 80GB : il demande environ "
     "150,9 Go",
     ["💵 <b>Vous payez 18,40 $US</b>", "❌ Non : Llama 3 8B ne tient pas sur 1× A100 80GB"]),
    # On one GPU the wall clock is the GPU-hours: the usual headline says both.
    ("how many gpu hours of a100 to lora llama 3 8b on 100M tokens", None,
     "⏱ <b>LoRA of Llama 3 8B: about 9.07 hours on 1× A100 80GB (9.07 GPU-hours for 100 million tokens).</b>", ["✅ Memory: about 23.1 GB per GPU"]),
    # Another card costs least for the run, but the H100's own GPU-hours were asked: timed on
    # the cheapest H100 configuration that holds it (was 22.57 hours on 1× B200).
    ("how many h100 hours to full finetune llama 3 8b on 1B tokens", None,
     "⏱ <b>Full AdamW of Llama 3 8B: 38.13 H100 GPU-hours for 1 billion tokens (about 4.77 hours on 8× H100: it needs about 150.9 GB, more than one holds).</b>",
     ["Timed where it costs least of the configurations of the H100 we offer that hold it.",
      "💵 <b>You pay $92.80</b>", "❌ No: Llama 3 8B does not fit on 1× H100"]),
    ("cuantas horas de h100 para full finetune de llama 3 8b con 1B tokens", "es",
     "⏱ <b>Entrenamiento completo con AdamW de Llama 3 8B: 38,13 GPU-horas de la H100",
     ["Tiempo calculado donde menos cuesta de las configuraciones de la H100"]),
]


@pytest.mark.parametrize(("question", "lang", "starts", "has"), GPU_HOURS)
def test_gpu_hours_asked_lead(question: str, lang: str | None, starts: str,
                              has: list[str]) -> None:
    text = spaced(ask(question, lang).text)
    assert text.startswith(spaced(starts)), text
    at = [text.index(spaced(h)) for h in has]
    assert at == sorted(at), text


# Whether it fits asked first keeps the verdict first (cost18), GPU-hours asked or not.
FIT_STILL_FIRST: list[tuple[str, str]] = [
    ("can i full finetune llama 3 8b on an a100, how many gpu hours for 100M tokens",
     "❌ <b>No: Llama 3 8B does not fit on 1× A100 80GB (full AdamW).</b>"),
    ("can i full finetune llama 3 8b on an a100, how long for 100M tokens",
     "❌ <b>No: Llama 3 8B does not fit on 1× A100 80GB (full AdamW).</b>"),
]


@pytest.mark.parametrize(("question", "starts"), FIT_STILL_FIRST)
def test_fit_asked_first_still_leads(question: str, starts: str) -> None:
    assert ask(question).text.startswith(starts)


# One run's wall clock printed once: the headline, the quote and the detailed estimate render
# it from one value (rules.training_time: the wall clock is the rounded GPU-hours ÷ GPUs, what
# the quote bills). Was "about 1.92 hours" beside "8× H100 × 1.93 hours", "about 29 minutes"
# beside "× 30 minutes".
_DURATION = r"(\d[\d.,\u00a0 ]*? (?:minutes?|hours?|minutos?|horas?|heures?))"
_CONFIG = r"(\d+× [A-Z]\w*(?: [A-Z0-9]\w*)*)"
_RENDERINGS = [
    rf"(?:about|alrededor de|environ) {_DURATION} (?:on|en|sur) {_CONFIG}",
    rf"{_CONFIG} × {_DURATION} (?:at|a|à) ",
    rf"(?:GPU-hours|GPU-horas|GPU-heures), {_DURATION} (?:on|en|sur) {_CONFIG}",
]


def durations(text: str) -> dict[str, set[str]]:
    """Each configuration's wall clock as the reply prints it, every way it does."""
    import re

    seen: dict[str, set[str]] = {}
    for pattern in _RENDERINGS:
        for found in re.finditer(pattern, spaced(text)):
            a, b = found.groups()
            duration, config = (b, a) if "×" in a else (a, b)
            seen.setdefault(config.strip(), set()).add(duration.strip())
    return seen


ONE_WALL_CLOCK: list[tuple[str, str | None, str, str]] = [
    ("how long to full finetune llama 3 8b on 300M tokens on 8 h100s", None, "8× H100",
     "1.43 hours"),
    ("how long to full finetune llama 3 70b on 20M tokens", None, "8× B200", "22 minutes"),
    ("how much to full finetune mistral 7b on 100M tokens", None, "4× A100 80GB", "2.73 hours"),
    ("cuanto tarda un full finetune de llama 3 8b con 5M tokens en 2 a100", "es",
     "2× A100 80GB", "19 minutos"),
    ("combien de temps pour un full finetune de mistral 7b sur 100M tokens", "fr",
     "4× A100 80GB", "2,73 heures"),
]


@pytest.mark.parametrize(("question", "lang", "config", "wall"), ONE_WALL_CLOCK)
def test_one_wall_clock_a_reply(question: str, lang: str | None, config: str,
                                wall: str) -> None:
    seen = durations(ask(question, lang).text)
    assert seen.get(config) == {wall}, seen
    assert all(len(said) == 1 for said in seen.values()), seen


# A cost asked with its tokens: the quote leads and the detailed estimate's time does not
# print it again (was two identical "💵 You pay" blocks in one reply).
ONE_QUOTE: list[tuple[str, str | None, str]] = [
    ("how much to lora llama 3 8b on 100M tokens on an h100", None, "💵 <b>You pay $23.20</b>"),
    ("how much to full finetune qwen2.5 32b for 3 epochs on 200M tokens", None,
     "💵 <b>You pay $184.40</b>"),
    ("cuanto cuesta hacer lora de qwen2.5 32b 3 epocas con 200M tokens", "es", "💵 <b>Pagas"),
    ("combien pour une lora de llama 3 8b sur 100M tokens sur une h100", "fr",
     "💵 <b>Vous payez 23,20 $US</b>"),
]


@pytest.mark.parametrize(("question", "lang", "paid"), ONE_QUOTE)
def test_one_quote_a_reply(question: str, lang: str | None, paid: str) -> None:
    text = spaced(ask(question, lang).text)
    assert text.count(spaced(paid)) == 1, text
    assert text.count("💵 <b>You pay") + text.count("💵 <b>Pagas") \
        + text.count("💵 <b>Vous payez") == 1, text


# The largest model a budget trains, no data said: the hours it buys, then what they train of
# that model in tokens (N a mixture of experts' active parameters), an estimate said so.
BUDGET_TRAINS: list[tuple[str, str | None, str, list[str]]] = [
    ("con 50 dolares cual es el modelo mas grande que puedo entrenar", "es", "Kimi K2",
     ["💵 <b>Con 50 US$ tienes 1,3 horas de 8× H200",
      "⏱ Esas horas entrenan Kimi K2 (1T MoE) con unos 30 millones de tokens (QLoRA): 6·N·D FLOPs, con N sus 32B parámetros activos (una mezcla de expertos)",
      "una estimación, no una medición."]),
    ("$20 biggest model i can finetune", None, "Llama 4 Maverick",
     ["💵 <b>$20 buys 5 hours of 4× A100 80GB",
      "⏱ Those hours train Llama 4 Maverick (400B MoE) on about 50 million tokens (QLoRA): 6·N·D FLOPs with N its 17B active parameters (a mixture of experts)"]),
    ("avec 50 dollars quel est le plus gros modèle que je peux entraîner", "fr", "Kimi K2",
     ["⏱ Ces heures entraînent Kimi K2 (1T MoE) sur environ 30 millions de tokens (QLoRA) : "
      "6·N·D FLOP, N étant ses 32B paramètres actifs"]),
    ("biggest model i can train with $50 on an h100", None, "Command R+ 104B",
     ["💵 <b>$50 buys 20 hours of 1× H100",
      "⏱ Those hours train Command R+ 104B on about 50 million tokens (QLoRA): 6·N·D FLOPs with N its 104B parameters, at an assumed 45% of the H100's peak"]),
]


@pytest.mark.parametrize(("question", "lang", "model", "has"), BUDGET_TRAINS)
def test_budget_says_the_tokens_it_trains(question: str, lang: str | None, model: str,
                                          has: list[str]) -> None:
    text = spaced(ask(question, lang).text)
    assert model in text.split("\n")[0], text
    at = [text.index(spaced(h)) for h in has]
    assert at == sorted(at), text
