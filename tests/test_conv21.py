"""conv21: follow-ups as people write them (tests.support.chat.converse), en/es/fr: an alert set
beside a question is changed or removed by the next message; a conversation's turns, each
reply asserted."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.console import Console, to_plain
from bot.pipeline import Reply
from tests.support.chat import converse, says

# A fit and an alert in one message (several20 answers both), then the alert changed or removed:
# was "I did not understand that" (the chat kept the fit alone), the alert at $2 left standing.
FIT_AND_ALERT = {
    "en": "can i qlora llama 3 70b on an h100? and alert me if it drops below 2",
    "es": "¿puedo hacer qlora de llama 3 70b en una h100? y avísame si baja de 2",
    "fr": "est-ce que je peux faire un qlora de llama 3 70b sur un h100 ? et préviens-moi s'il passe "
          "sous 2 $",
}
CHANGED_BESIDE = [
    ("en", "actually make it 2.1", "2.1"),
    ("en", "make it 1.9", "1.9"),
    ("es", "mejor 2,1", "2.1"),
    ("es", "cambiala a 1.8 dolares", "1.8"),
    ("fr", "plutôt 2,1 $", "2.1"),
    ("fr", "non, mets 1,9", "1.9"),
]


@pytest.mark.parametrize(("lang", "text", "limit"), CHANGED_BESIDE)
def test_an_alert_set_beside_a_question_is_changed(lang: str, text: str, limit: str) -> None:
    last = converse(FIT_AND_ALERT[lang], text)[-1]
    assert last.locale == lang
    assert (last.query.intent, last.query.gpu) == ("alert", "h100")
    assert last.query.threshold_usd == Decimal(limit)
    assert last.query.replaces_limit == Decimal(2)
    assert last.query.direction == "below"
    assert "🤔" not in last.text


REMOVED_BESIDE = [("en", "cancel it"), ("en", "delete it"), ("es", "quítala"), ("es", "bórrala"),
                  ("fr", "annule-la"), ("fr", "supprime-la")]


@pytest.mark.parametrize(("lang", "text"), REMOVED_BESIDE)
def test_an_alert_set_beside_a_question_is_removed(lang: str, text: str) -> None:
    last = converse(FIT_AND_ALERT[lang], text)[-1]
    assert last.locale == lang
    assert (last.query.intent, last.query.gpu) == ("alert_remove", "h100")
    assert "🤔" not in last.text


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_the_run_beside_the_alert_is_still_continued(lang: str) -> None:
    """After the alert is changed, "and on an a100?" is still the QLoRA run asked beside it."""
    change = {"en": "make it 2.1", "es": "mejor 2,1", "fr": "plutôt 2,1 $"}[lang]
    again = {"en": "and on an a100?", "es": "¿y en una a100?", "fr": "et sur une a100 ?"}[lang]
    last = converse(FIT_AND_ALERT[lang], change, again)[-1]
    assert (last.query.intent, last.query.gpu, last.query.method) == ("fit", "a100-80gb", "qlora")
    assert last.query.model_id == "llama-3-70b"


async def test_the_stored_alert_beside_a_question_is_changed_then_removed(
        console: Console) -> None:
    await console.answer(FIT_AND_ALERT["en"])
    changed = to_plain(await console.answer("actually make it 2.1"))
    assert "Alert changed: when the H100 drops below $2.10 per hour (it was $2)." in changed
    listed = to_plain(await console.answer("/alerts"))
    assert "1. H100 drops below $2.10" in listed and "2. H100" not in listed, listed
    assert "Removed 1 alert for the H100." in to_plain(await console.answer("cancel it"))
    assert "You have no price alerts." in to_plain(await console.answer("/alerts"))


async def test_commands_after_a_french_removal_answer_in_french(console: Console) -> None:
    """"annule-la" leans Spanish by its words alone; the chat is in French, and so is /alerts."""
    await console.answer(FIT_AND_ALERT["fr"])
    assert "1 alerte supprimée pour le H100." in to_plain(await console.answer("annule-la"))
    assert "Vous n'avez aucune alerte de prix." in to_plain(await console.answer("/alerts"))


# Conversations: each turn's reply asserted. A turn is (text, expected): lang, intent, model
# (model_id, else params_b), method, gpu, count (gpu_count), hours, seq_len; has (in order in
# the reply), lacks (nowhere in it).
Turn = tuple[str, dict[str, object]]


def _check(reply: Reply, expected: dict[str, object]) -> None:
    q = reply.query
    got = {"lang": reply.locale, "intent": reply.answer.intent,
           "model": q.model_id or (str(q.params_b) if q.params_b is not None else None),
           "method": q.method, "gpu": q.gpu, "count": q.gpu_count,
           "hours": None if q.hours is None else int(q.hours) if q.hours == int(q.hours) else q.hours,
           "seq_len": q.seq_len}
    for key, want in expected.items():
        if key in ("has", "lacks"):
            continue
        assert got[key] == want, (key, got[key], want, reply.text)
    has = expected.get("has", [])
    lacks = expected.get("lacks", [])
    assert isinstance(has, list) and isinstance(lacks, list)
    says(reply.text, has, ["🤔", *lacks])


def _run(turns: list[Turn]) -> None:
    replies = converse(*(text for text, _ in turns))
    for reply, (_text, expected) in zip(replies, turns, strict=True):
        _check(reply, expected)


# "how many do i need?" after a run asked on one card: how many of that card hold it, as "how
# many a100s do i need for lora llama 3 70b" answers (was "I did not understand that"; in French
# the cost on the one card).
LORA70_A100 = {"en": "lora llama 3 70b on an a100", "es": "lora llama 3 70b en una a100",
               "fr": "lora llama 3 70b sur une a100"}
HOW_MANY = [
    ("en", "how many do i need?", "You need 3× A100 80GB (240 GB) for Llama 3 70B (LoRA)"),
    ("en", "ok how many would i need", "You need 3× A100 80GB (240 GB) for Llama 3 70B (LoRA)"),
    ("es", "cuantas necesito?", "Necesitas 3× A100 80GB (240\u00a0GB) para Llama 3 70B (LoRA)"),
    ("es", "y cuántas harían falta?", "Necesitas 3× A100 80GB (240\u00a0GB) para Llama 3 70B"),
    ("fr", "il m'en faut combien ?", "Il vous faut 3× A100 80GB (240\u202fGo) pour Llama 3 70B"),
    ("fr", "combien en faut-il ?", "Il vous faut 3× A100 80GB (240\u202fGo) pour Llama 3 70B"),
]


@pytest.mark.parametrize(("lang", "text", "lead"), HOW_MANY)
def test_how_many_of_the_card_after_a_run(lang: str, text: str, lead: str) -> None:
    _run([(LORA70_A100[lang], {"lang": lang, "intent": "fit", "gpu": "a100-80gb"}),
          (text, {"lang": lang, "intent": "recommend", "model": "llama-3-70b", "method": "lora",
                  "gpu": "a100-80gb", "count": None,
                  "has": ["↪️", "A100 80GB", lead], "lacks": ["1× A100 80GB"]})])


# A filler before the follow-up ("vale, ¿y 8?", "ok and for 48?", "bon, et deux ?", "alright,
# and 32k?"): read as without it (was "I did not understand that").
FILLER = [
    ("cuanto cuesta una h100 por hora", "vale, y 8?", {"lang": "es", "gpu": "h100", "count": 8,
                                                        "has": ["18,56\u00a0US$/hora"]}),
    ("how much is an h100 per hour", "ok and 8?", {"lang": "en", "gpu": "h100", "count": 8,
                                                    "has": ["$18.56/hour"]}),
    ("combien coûte une h100 de l'heure", "bon, et deux ?",
     {"lang": "fr", "gpu": "h100", "count": 2, "has": ["4,64\u00a0$US/heure"]}),
    ("combien coûte une h100 de l'heure", "d'accord, et 4 ?", {"lang": "fr", "gpu": "h100", "count": 4}),
    ("qlora llama 3 8b on a 4090", "alright, and 32k?",
     {"intent": "fit", "model": "llama-3-8b", "gpu": "rtx-4090", "seq_len": 32_768}),
    ("how much is an h100 for 10 hours", "ok and for 48?",
     {"intent": "cost", "gpu": "h100", "hours": 48, "has": ["$111.36"]}),
    ("how much is an h100 for a week", "ok and 3?",
     {"intent": "cost", "gpu": "h100", "count": 3, "hours": 168}),
]


@pytest.mark.parametrize(("first", "text", "expected"), FILLER)
def test_a_filler_before_a_bare_follow_up(first: str, text: str,
                                          expected: dict[str, object]) -> None:
    _run([(first, {}), (text, {**expected, "has": ["↪️", *expected.get("has", [])]})])  # type: ignore[list-item]


# A follow-up whose run comes from further back than the last question says so (was "from your
# last question" with an alert, a payment or a price asked between).
QLORA70_H100 = {"en": "can i qlora llama 3 70b on an h100",
                "es": "¿puedo hacer qlora de llama 3 70b en una h100?",
                "fr": "est-ce que je peux faire un qlora de llama 3 70b sur un h100 ?"}
FROM_FURTHER_BACK = [
    ("en", ["alert me if it drops below 2", "and on an a100?"],
     "↪️ <i>QLoRA of Llama 3 70B, from two questions ago.</i>"),
    ("es", ["avísame si baja de 2", "¿y en una a100?"],
     "↪️ <i>QLoRA de Llama 3 70B, de hace dos preguntas.</i>"),
    ("fr", ["préviens-moi s'il passe sous 2 $", "et sur une a100 ?"],
     "↪️ <i>QLoRA de Llama 3 70B, d'après votre avant-dernière question.</i>"),
    ("en", ["do you take usdt?", "and on an a100?"],
     "↪️ <i>QLoRA of Llama 3 70B, from two questions ago.</i>"),
    ("es", ["¿aceptan usdt?", "¿y en una a100?"],
     "↪️ <i>QLoRA de Llama 3 70B, de hace dos preguntas.</i>"),
    # the card of the price between, the run from before it
    ("en", ["how much is an a100 per hour", "and for 10 hours?"],
     "↪️ <i>QLoRA of Llama 3 70B from two questions ago, on 1× A100 80GB from your last "
     "question.</i>"),
    ("es", ["cuánto cuesta una a100 por hora", "¿y por 10 horas?"],
     "↪️ <i>QLoRA de Llama 3 70B de hace dos preguntas, en 1× A100 80GB de tu pregunta "
     "anterior.</i>"),
    ("fr", ["combien coûte une a100 de l'heure", "et pour 10 heures ?"],
     "↪️ <i>QLoRA de Llama 3 70B d'après votre avant-dernière question, sur 1× A100 80GB "
     "d'après votre question précédente.</i>"),
    # three questions back
    ("en", ["alert me if it drops below 2", "do you take btc?", "and on an a100?"],
     "↪️ <i>QLoRA of Llama 3 70B, from an earlier question.</i>"),
    ("fr", ["préviens-moi s'il passe sous 2 $", "vous acceptez le btc ?", "et sur une a100 ?"],
     "↪️ <i>QLoRA de Llama 3 70B, d'après une question plus ancienne.</i>"),
]


@pytest.mark.parametrize(("lang", "turns", "line"), FROM_FURTHER_BACK)
def test_a_run_from_further_back_says_so(lang: str, turns: list[str], line: str) -> None:
    last = converse(QLORA70_H100[lang], *turns)[-1]
    assert last.locale == lang
    assert (last.query.model_id, last.query.method) == ("llama-3-70b", "qlora")
    assert line in last.text, last.text


FROM_THE_LAST = [
    # the run just asked, or asked beside the alert in the same message
    ["qlora llama 3 70b on an h100", "and on an a100?", "and for 10 hours?"],
    ["can i qlora llama 3 70b on an h100? and alert me if it drops below 2", "and on an a100?"],
    ["can i qlora llama 3 70b on an h100", "thanks!", "and on an a100?"],
]


@pytest.mark.parametrize("turns", FROM_THE_LAST)
def test_a_run_from_the_last_question_says_that(turns: list[str]) -> None:
    last = converse(*turns)[-1]
    assert "from your last question.</i>" in last.text
    assert "ago" not in last.text and "earlier question" not in last.text


# "what if i use 4bit" after a training run: that run with its base in 4 bits, QLoRA (was 4-bit
# inference, the training dropped: "use" read as serving); "and in dollars?" after a run: its
# cost, as "how much is that?" (was "I did not understand that").
USE_4BIT = [
    ("en", "lora llama 3 8b on a 4090", "what if i use 4bit"),
    ("en", "lora llama 3 8b on a 4090", "what if i use 4 bit quantization"),
    ("en", "can i finetune llama 3.1 8b on my 3060 12gb", "what if i use 4bit"),
    ("en", "can i finetune llama 3.1 8b on my 3060 12gb", "and in 4bit?"),
    ("es", "lora llama 3 8b en una 4090", "y si uso 4 bits?"),
    ("fr", "lora llama 3 8b sur une 4090", "et si j'utilise du 4 bits ?"),
]


@pytest.mark.parametrize(("lang", "first", "text"), USE_4BIT)
def test_using_4bit_after_a_training_run_is_qlora(lang: str, first: str, text: str) -> None:
    last = converse(first, text)[-1]
    assert last.locale == lang
    assert (last.query.method, last.query.inference) == ("qlora", False)
    assert "(QLoRA)" in last.text and "4-bit inference" not in last.text


@pytest.mark.parametrize(("first", "text"), [
    ("can i run llama 3 70b on a 4090", "what if i use 4bit"),  # serving stays serving
    ("how much vram for llama 3 8b", "and in 4bit?"),  # no run said: serving, as before
])
def test_using_4bit_after_serving_stays_serving(first: str, text: str) -> None:
    assert converse(first, text)[-1].query.method == "inference_int4"


IN_DOLLARS = [
    ("en", "qlora llama 3 70b on a h100", "how long for 100M tokens", "and in dollars?",
     ["QLoRA of Llama 3 70B on 1× H100 with the same settings", "About $83.15 to fine-tune"]),
    ("en", "qlora llama 3 70b on a h100", "how long for 100M tokens", "in usd?",
     ["About $83.15 to fine-tune"]),
    ("es", "¿cuánto tarda un qlora de llama 3 8b con 50M tokens en una h100?", "", "¿y en dólares?",
     ["QLoRA de Llama 3 8B en 1× H100 con los mismos ajustes", "Unos 4,76\u00a0US$"]),
    ("fr", "combien de temps pour un qlora de llama 3 8b avec 50M tokens sur une h100 ?", "",
     "et en dollars ?", ["QLoRA de Llama 3 8B sur 1× H100 avec les mêmes réglages", "4,76\u00a0$US"]),
]


@pytest.mark.parametrize(("lang", "first", "second", "text", "has"), IN_DOLLARS)
def test_in_dollars_after_a_run_is_its_cost(lang: str, first: str, second: str, text: str,
                                            has: list[str]) -> None:
    last = converse(*(t for t in (first, second, text) if t))[-1]
    assert last.locale == lang
    assert last.answer.intent == "cost"
    says(last.text, ["↪️", *has], ["🤔"])
