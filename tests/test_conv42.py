"""conv42: follow-ups people really send after a reply ("in minutes?", "with 4bit then?", ...),
each asserted on what it keeps from the chat and what it answers."""

from __future__ import annotations

import pytest

from tests.support.chat import converse
from tests.support.chat import says as says_exactly


def _spaces(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def says(body: str, has: list[str], lacks: list[str]) -> None:
    """As tests.support.chat.says, no-break and narrow spaces read as spaces (Babel's French
    and Spanish units use either)."""
    says_exactly(_spaces(body), [_spaces(p) for p in has], [_spaces(p) for p in lacks])


RUN_H100 = {
    "en": "lora llama 3 8b 100k samples of 1k tokens how long on an h100",
    "es": "cuanto tarda un lora de llama 3 8b en una h100 con 100k ejemplos de 1k tokens",
    "fr": "combien de temps pour un lora de llama 3 8b sur une h100 avec 100k exemples de 1k tokens",
}


@pytest.mark.parametrize(("lang", "asked", "said"), [
    ("en", "in minutes?", "about 236 minutes (3.94 hours) on 1× H100"),
    ("en", "how many mins?", "about 236 minutes (3.94 hours) on 1× H100"),
    ("es", "¿en minutos?", "alrededor de 236 minutos (3,94 horas) en 1× H100"),
    ("es", "¿cuántos minutos?", "alrededor de 236 minutos (3,94 horas) en 1× H100"),
    ("fr", "en minutes ?", "environ 236 minutes (3,94 heures) sur 1× H100"),
    # "combien de …" was read only as "combien d'…": the price of the run
    ("fr", "combien de minutes ?", "environ 236 minutes (3,94 heures) sur 1× H100"),
])
def test_in_minutes_after_a_time_in_hours_is_the_same_run_in_minutes(
        lang: str, asked: str, said: str) -> None:
    # was "I did not understand" ("combien de minutes ?" the run's cost)
    first, reply = converse(RUN_H100[lang], asked, locale=lang)
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.method, q.gpu, q.dataset_tokens, q.minutes_asked) \
        == ("time", "llama-3-8b", "lora", "h100", 100_000_000, True), reply.text
    says(first.text, ["3,94" if lang != "en" else "3.94"], ["236"])
    says(reply.text.split("\n")[1], [said], ["🤔", "💵"])


def test_in_minutes_after_a_time_in_minutes_says_the_same_minutes() -> None:
    _, reply = converse("lora llama 3 8b 10k samples of 1k tokens how long on an h100",
                        "in minutes?", locale="en")
    says(reply.text.split("\n")[1], ["about 23 minutes on 1× H100"], ["hours)"])


def test_how_many_days_in_french_said_with_de_is_the_days() -> None:
    _, reply = converse("combien de temps pour un full finetune de llama 3 8b sur 8x h100 avec "
                        "2B tokens", "combien de jours ?", locale="fr")
    assert (reply.answer.intent, reply.query.days_asked) == ("time", True), reply.text
    says(reply.text, ["heures (0,6 jour) sur 8× H100"], ["$US pour"])


@pytest.mark.parametrize(("lang", "run", "asked", "said"), [
    ("en", "can i lora llama 3 70b on my 4090, 10k samples of 1k tokens how long",
     "with 4bit then?", "No: Llama 3 70B does not fit on 1× RTX 4090 (QLoRA)."),
    ("en", "can i lora llama 3 70b on my 4090", "with 4bit then?",
     "No: Llama 3 70B does not fit on 1× RTX 4090 (QLoRA)."),
    ("es", "¿puedo hacer lora de llama 3 8b en mi 3060?", "¿y en 4 bits entonces?",
     "Sí: Llama 3 8B cabe en 1× RTX 3060 (QLoRA)."),
    ("fr", "je peux faire un lora de llama 3 8b sur ma 3060 ?", "et en 4 bits alors ?",
     "Oui : Llama 3 8B tient sur 1× RTX 3060 (QLoRA)."),
])
def test_four_bits_then_after_a_lora_on_ones_card_is_that_run_in_qlora(
        lang: str, run: str, asked: str, said: str) -> None:
    # a word closing the change ("then", "entonces", "alors") made it serving the model in
    # 4 bits, the training and its data dropped
    first, reply = converse(run, asked, locale=lang)
    q = reply.query
    assert (q.method, q.gpu, q.dataset_tokens, reply.answer.intent) == (
        "qlora", first.query.gpu, first.query.dataset_tokens, first.answer.intent), reply.text
    says(reply.text, [said], ["4-bit inference", "inferencia en 4 bits", "inférence en 4 bits"])
