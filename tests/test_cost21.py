"""Time, budget and cost answers (cost21, session 33). English, Spanish, French. Prices and
blocks from the seed page: L40S $0.82, A100 80GB $0.92, H100 $2.32, H200 $3.07, B200 $4.61 a
GPU-hour; blocks of 10, 24, 168 and 720 GPU-hours."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from bot.understand import numbers
from bot.understand.numbers import NUM, NUM_SP, parse_decimal
from tests.support.chat import ask


def spaced(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


# --- the number reader ---------------------------------------------------------------------------
# A well-formed number is read as written: one decimal mark, or thousands in groups of three
# (then decimals after the other mark), or thousands spaced (NUM_SP). (raw, lang, value)
WELL_FORMED: list[tuple[str, str, str]] = [
    ("1.5", "en", "1.5"),
    ("1,5", "es", "1.5"),
    ("1,5", "fr", "1.5"),
    ("1,000", "en", "1000"),
    ("1.000", "es", "1000"),
    ("1 000", "fr", "1000"),
    ("1,000,000", "en", "1000000"),
    ("1.000.000", "es", "1000000"),
    ("1,120.5", "en", "1120.5"),
    ("1.120,5", "es", "1120.5"),
    ("7", "en", "7"),
    ("0.92", "en", "0.92"),
    ("4096", "en", "4096"),
]


@pytest.mark.parametrize(("raw", "lang", "value"), WELL_FORMED)
def test_a_well_formed_number_is_read_as_written(raw: str, lang: str, value: str) -> None:
    assert re.fullmatch(NUM_SP, raw) is not None
    assert parse_decimal(raw, lang) == Decimal(value)  # type: ignore[arg-type]


# A malformed number is no number at all: the reader matches neither it nor a part of it
# (was "1.5.3" → 153, the groups joined; "1,000,5" → 10005).
MALFORMED: list[str] = ["1.5.3", "1,000,5", "12.345.6789", "1,2,3", "1.5,3.2", "1,0000,000"]


@pytest.mark.parametrize("raw", MALFORMED)
def test_a_malformed_number_is_not_read(raw: str) -> None:
    for pattern in (NUM, NUM_SP):
        found = [m.group(0) for m in re.finditer(rf"(?<![\w.,]){pattern}", raw)]
        assert found == [], (pattern, found)
    assert numbers.malformed_number(f"how much for {raw} hours on an h100") == raw


# Versions and dates have no unit after them: not asked back.
@pytest.mark.parametrize("text", [
    "qlora llama 3 8b with bnb 0.43.2", "vllm 0.6.3 on 2 h100s", "1,000,000 tokens on an h100",
    "1.000.000,5 tokens", "llama 3.1 8b for 1.5 hours",
])
def test_no_malformed_number_where_there_is_none(text: str) -> None:
    assert numbers.malformed_number(text) is None


# The hours as people write them, and a malformed figure: asked back, nothing priced (was a
# quote for 153 hours). (question, lang, hours, starts)
HOURS_READ: list[tuple[str, str | None, str | None, str]] = [
    ("how much for 1,000 hours on h100", None, "1000", "💵 <b>Cost: $2,320.00</b>"),
    ("cuánto cuesta 1.000 horas en una h100", "es", "1000", "💵 <b>Coste: 2.320,00 US$</b>"),
    ("combien pour 1 000 heures sur une h100", "fr", "1000", "💵 <b>Coût : 2 320,00 $US</b>"),
    ("how much for 1.5 hours on h100", None, "1.5", "💵 <b>You pay $23.20</b>"),
    ("cuánto por 1,5 horas en una h100", "es", "1.5", "💵 <b>Pagas 23,20 US$</b>"),
    ("how much for 1.5.3 hours on h100", None, None,
     "🔢 I can't read “1.5.3” as a number. Write it with one decimal mark (1.5) or with "
     "thousands in groups of three (1,000), and ask again."),
    ("cuanto sale 1,000,5 horas de h100", "es", None,
     "🔢 No puedo leer «1,000,5» como un número. Escríbelo con un solo separador decimal (1,5) "
     "o con los miles en grupos de tres (1.000), y vuelve a preguntar."),
    ("combien pour 1.5.3 heures sur une h100", "fr", None,
     "🔢 Je ne peux pas lire « 1.5.3 » comme un nombre. Écrivez-le avec un seul séparateur "
     "décimal (1,5) ou avec les milliers par groupes de trois (1 000), puis reposez la question."),
    ("i have $1.2.50, how many h100 hours", None, None, "🔢 I can't read “1.2.50” as a number."),
]


@pytest.mark.parametrize(("question", "lang", "hours", "starts"), HOURS_READ)
def test_hours_read_as_written_or_asked_back(question: str, lang: str | None, hours: str | None,
                                             starts: str) -> None:
    reply = ask(question, lang)
    assert reply.query.hours == (Decimal(hours) if hours is not None else None), reply.query
    assert spaced(reply.text).startswith(spaced(starts)), reply.text
    if hours is None:
        assert reply.answer.error == "unreadable_number"
        assert "$" not in reply.text and "US$" not in reply.text


# --- what a budget's hours train ------------------------------------------------------------------
# "i have $50, how long can i train …": the hours the money buys lead (on the cheapest offered
# configuration that holds the run when the card asked has no price), then what those hours
# train there, then what the user's own unpriced card trains an hour (no budget there). Was the
# hours alone (en/fr); "cuánto tiempo puedo entrenar" asked for the dataset, the hours far down.
BUDGET_TIMED: list[tuple[str, str | None, list[str]]] = [
    ("i have $50, how long can i train llama 3 8b with qlora on a 4090", None, [
        "💵 <b>We have no price for the RTX 4090 here: $50 buys 60.9 hours of 1× L40S",
        "⏱ In 60 hours, 1× L40S trains about 740 million tokens (QLoRA, about 3,411 tokens/s",
        "🏠 Your own RTX 4090 needs no budget, no GPU-hours to buy: it trains about 5.6 million tokens an hour"]),
    ("tengo 50 dólares, cuánto tiempo puedo entrenar llama 3 8b con qlora en una 4090", "es", [
        "💵 <b>No tenemos precio para la RTX 4090: con 50 US$ tienes 60,9 horas de 1× L40S",
        "⏱ En 60 horas, 1× L40S entrena unos 740 millones de tokens",
        "🏠 Tu propia RTX 4090 no necesita presupuesto"]),
    ("j'ai 50 dollars, combien de temps je peux entraîner llama 3 8b en qlora sur une 4090", "fr", [
        "💵 <b>Nous n'avons pas de prix pour la RTX 4090 : 50 $US vous donnent 60,9 heures de "
        "1× L40S",
        "⏱ En 60 heures, 1× L40S entraîne environ 740 millions de tokens",
        "🏠 Votre propre RTX 4090 n'a pas besoin de budget"]),
    ("i have $50, how long can i train llama 3 8b with qlora on an l40s", None, [
        "💵 <b>$50 buys 60 hours of 1× L40S in whole blocks",
        "⏱ In 60 hours, 1× L40S trains about 740 million tokens"]),
    ("with $500 how long can i full finetune qwen2.5 32b", None, [
        "💵 <b>$500 buys 20.25 hours of 8× H200",
        "⏱ In 20.25 hours, 8× H200 trains about 1.1 billion tokens"]),
]


@pytest.mark.parametrize(("question", "lang", "has"), BUDGET_TIMED)
def test_how_long_a_budget_trains(question: str, lang: str | None, has: list[str]) -> None:
    reply = ask(question, lang)
    assert reply.query.intent == "cost" and reply.query.budget_usd is not None, reply.query
    text = spaced(reply.text)
    assert text.startswith(spaced(has[0])), text
    at = [text.index(spaced(h)) for h in has]
    assert at == sorted(at), text
    assert "illustrative" not in text


# --- a card in the plural that no instance holds ---------------------------------------------
# "full finetune llama 3 70b on h100s": one count, the same in every language (was "It takes at
# least 16× H100" by the rule, then "it takes 19× H100 by the detailed estimate" two lines
# below). The count holds by both, as within an instance; since fit23 it leads, the plural
# asking how many (was "❌ … on 1× H100" first).
PLURAL_NEED: list[tuple[str, str | None, str]] = [
    ("how much is a full fine-tune of llama 3 70b on h100s for 20 hours", None,
     "🔢 <b>You need 19× H100 (1,520 GB) for Llama 3 70B (full AdamW)"),
    ("cuánto cuesta un full fine-tune de llama 3 70b en h100s durante 20 horas", "es",
     "🔢 <b>Necesitas 19× H100 (1.520 GB) para Llama 3 70B (completo con AdamW)"),
    ("combien coûte un full fine-tune de llama 3 70b sur des h100 pendant 20 heures", "fr",
     "🔢 <b>Il vous faut 19× H100 (1 520 Go) pour Llama 3 70B (complet avec AdamW)"),
    ("full finetune llama 3 70b on h100s for a day", None,
     "🔢 <b>You need 19× H100 (1,520 GB) for Llama 3 70B (full AdamW)"),
]


@pytest.mark.parametrize(("question", "lang", "line"), PLURAL_NEED)
def test_one_count_where_no_instance_holds_it(question: str, lang: str | None, line: str) -> None:
    reply = ask(question, lang)
    assert reply.query.gpu == "h100", reply.query
    text = spaced(reply.text)
    assert text.startswith(spaced(line)), text
    counts = set(re.findall(r"(\d+)× H100", text))
    assert counts == {"19"}, (counts, text)  # the one count, never 1× H100 nor the rule's 16×


# --- the best GPU for a run of known tokens ----------------------------------------------------
# "best gpu to train a 1.5b from scratch on 10B tokens": the lead picks where the run costs
# least (1× B200); the 🏆 list under it ranks by the same, each with what the run costs there
# and its hours (was "Cheapest offered configuration that fits: 1× L40S at $0.82/hour", the
# cheapest per hour, under a lead on the B200).
BEST_FOR_RUN: list[tuple[str, str | None, list[str]]] = [
    ("best gpu to train a 1.5b from scratch on 10B tokens", None, [
        "💵 <b>About $178.90 to train a 1.5B model from scratch on 10 billion tokens</b>",
        "👉 Cheapest offered configuration for this run: 1× L40S, $180.40 in blocks",
        "Also fits: 1× H100 ($180.96, 75.87 hours), 8× H100 ($180.96, 9.48 hours), "
        "or 1× B200 ($184.40, 38.08 hours) (what you pay for this run in blocks)."]),
    ("mejor gpu para entrenar un 1.5b desde cero con 10B tokens", "es", [
        "👉 La configuración más barata para esta ejecución: 1× L40S, 180,40 US$ en bloques",
        "También cabe en 1× H100 (180,96 US$, 75,87 horas), 8× H100 (180,96 US$, "
        "9,48 horas)"]),
    ("meilleur gpu pour entraîner un 1.5b from scratch sur 10B tokens", "fr", [
        "👉 Configuration la moins chère pour cette exécution : 1× L40S, 180,40 $US en blocs",
        "Il tient aussi sur 1× H100 (180,96 $US, 75,87 heures), 8× H100 (180,96 $US, "
        "9,48 heures)"]),
    ("best gpu for qlora llama 3 8b on 50M tokens", None, [
        "👉 Cheapest offered configuration for this run: 1× L40S, $8.20 in blocks",
        "Also fits: 1× A100 80GB ($9.20, 4.55 hours), 4× A100 80GB ($9.20, 1.14 hours), or 1× H100 ($23.20, 1.47 hours)"]),
]


@pytest.mark.parametrize(("question", "lang", "has"), BEST_FOR_RUN)
def test_the_best_gpu_list_ranks_by_run_cost(question: str, lang: str | None,
                                             has: list[str]) -> None:
    reply = ask(question, lang)
    assert reply.query.intent == "recommend", reply.query
    text = spaced(reply.text)
    at = [text.index(spaced(h)) for h in has]
    assert at == sorted(at), text
    for per_hour in ("Cheapest offered configuration that fits:",
                     "La configuración más barata en la que cabe:",
                     "Configuration la moins chère qui suffit :"):
        assert per_hour not in text, text
