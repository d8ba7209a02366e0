"""conv21: follow-ups as people write them (tests.support.chat.converse), en/es/fr: an alert set
beside a question is changed or removed by the next message; a conversation's turns, each
reply asserted."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.console import Console, to_plain
from tests.support.chat import check_turn, converse, says

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


def _run(turns: list[Turn]) -> None:
    replies = converse(*(text for text, _ in turns))
    for reply, (_text, expected) in zip(replies, turns, strict=True):
        check_turn(reply, expected)


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
     ["QLoRA of Llama 3 70B on 1× H100 with the same settings", "About $59.48 to fine-tune"]),
    ("en", "qlora llama 3 70b on a h100", "how long for 100M tokens", "in usd?",
     ["About $59.48 to fine-tune"]),
    ("es", "¿cuánto tarda un qlora de llama 3 8b con 50M tokens en una h100?", "", "¿y en dólares?",
     ["QLoRA de Llama 3 8B en 1× H100 con los mismos ajustes", "Unos 3,41\xa0US$"]),
    ("fr", "combien de temps pour un qlora de llama 3 8b avec 50M tokens sur une h100 ?", "",
     "et en dollars ?", ["QLoRA de Llama 3 8B sur 1× H100 avec les mêmes réglages", "3,41\xa0$US"]),
]


@pytest.mark.parametrize(("lang", "first", "second", "text", "has"), IN_DOLLARS)
def test_in_dollars_after_a_run_is_its_cost(lang: str, first: str, second: str, text: str,
                                            has: list[str]) -> None:
    last = converse(*(t for t in (first, second, text) if t))[-1]
    assert last.locale == lang
    assert last.answer.intent == "cost"
    says(last.text, ["↪️", *has], ["🤔"])


# Twenty conversations of 2-4 turns as people write them (typos, slang, glued units), each turn's
# reply asserted; the bugs they found are pinned above, these keep the whole chats working.
CONVERSATIONS: list[tuple[str, list[Turn]]] = [
    ("en 4090 then 5090 then two cards", [
        ("qlora llama 3 8b on a 4090", {"lang": "en", "intent": "fit", "model": "llama-3-8b",
                                        "method": "qlora", "gpu": "rtx-4090"}),
        ("what about a 5090?", {"intent": "fit", "model": "llama-3-8b", "method": "qlora",
                                "gpu": "rtx-5090", "has": ["↪️ <i>QLoRA of Llama 3 8B, from your last question.</i>",
                                                           "Llama 3 8B fits on 1× RTX 5090 (QLoRA)"]}),
        ("and with 2 cards?", {"gpu": "rtx-5090", "count": 2, "method": "qlora",
                               "has": ["fits on 2× RTX 5090 (QLoRA)"]}),
    ]),
    ("es cost then per month in dollars", [
        ("cuanto cuesta hacer lora de llama 3 70b en 2 h200 por 12 horas",
         {"lang": "es", "intent": "cost", "gpu": "h200", "count": 2, "hours": 12, "has": ["73,68\u00a0US$"]}),
        ("y en dólares por mes?", {"lang": "es", "intent": "cost", "model": "llama-3-70b", "method": "lora",
                                   "gpu": "h200", "count": 2, "hours": 720, "has": ["4.420,80\u00a0US$"]}),
    ]),
    ("fr cost then two cards", [
        ("combien pour un lora de mistral 7b sur une a100 pendant 10h",
         {"lang": "fr", "intent": "cost", "model": "mistral-7b", "hours": 10, "has": ["9,20\u00a0$US"]}),
        ("et avec 2 cartes ?", {"lang": "fr", "intent": "cost", "gpu": "a100-80gb", "count": 2, "hours": 10,
                                "has": ["LoRA de Mistral 7B sur 2× A100 80GB pendant 10\u00a0heures", "18,40\u00a0$US"]}),
    ]),
    ("en serving 70b on a 4090, then 4bit, then 8k ctx", [
        ("can i run llama 3 70b on a 4090", {"intent": "fit", "gpu": "rtx-4090", "method": "inference_bf16"}),
        ("what if i use 4bit", {"method": "inference_int4", "model": "llama-3-70b",
                                "has": ["does not fit on 1× RTX 4090 (4-bit inference)"]}),
        ("and at 8k ctx", {"method": "inference_int4", "seq_len": 8192, "has": ["8,192 tokens of context"]}),
    ]),
    ("en same but mistral, nvm 13b", [
        ("lora llama 3 8b on an a100 for 10 hours", {"model": "llama-3-8b", "hours": 10}),
        ("same but mistral", {"model": "mistral-7b", "method": "lora", "gpu": "a100-80gb", "hours": 10,
                              "has": ["Mistral 7B (7.3B parameters) fits on 1× A100 80GB (LoRA)"]}),
        ("nvm, 13b", {"model": "13", "method": "lora", "gpu": "a100-80gb",
                      "has": ["Mistral has no 13B model", "a 13B model fits on 1× A100 80GB (LoRA)"]}),
    ]),
    ("en time, other card, in eur", [
        ("how long to qlora llama 3 8b on 100M tokens on an h100",
         {"intent": "time", "gpu": "h100", "has": ["about 2.95 hours on 1× H100"]}),
        ("how long would that take on an a100", {"intent": "time", "gpu": "a100-80gb", "method": "qlora",
                                                 "has": ["about 9.1 hours on 1× A100 80GB"]}),
        ("in eur?", {"lang": "en", "has": ["Our prices are in US dollars only"]}),
    ]),
    ("es time, cuánto tarda eso, con lora", [
        ("¿cuánto tarda un qlora de llama 3 8b con 50M tokens en una h100?",
         {"lang": "es", "intent": "time", "has": ["alrededor de 1,47\xa0horas en 1× H100"]}),
        ("cuánto tarda eso en una a100?", {"lang": "es", "intent": "time", "gpu": "a100-80gb",
                                           "has": ["alrededor de 4,55\xa0horas en 1× A100 80GB"]}),
        ("y con lora?", {"intent": "time", "method": "lora", "gpu": "a100-80gb",
                         "has": ["Entrenamiento LoRA de Llama 3 8B"]}),
    ]),
    ("en full finetune, how long, 1B tokens", [
        ("full finetune qwen2.5 7b on 8 h100s", {"intent": "fit", "gpu": "h100", "count": 8,
                                                 "method": "full_adamw"}),
        ("how long would that take", {"intent": "time", "gpu": "h100", "count": 8,
                                      "has": ["depends on how many tokens you train on"]}),
        ("for 1B tokens", {"intent": "time", "model": "qwen2.5-7b", "count": 8,
                           "has": ["about 4.51 hours on 8× H100"]}),
    ]),
    ("en mixtral on a 3090, two, 3 days", [
        ("can i qlora mixtral on a 3090", {"model": "mixtral-8x7b", "gpu": "rtx-3090",
                                           "has": ["does not fit on 1× RTX 3090"]}),
        ("and on 2x3090", {"gpu": "rtx-3090", "count": 2, "has": ["fits on 2× RTX 3090 (QLoRA)"]}),
        ("ok and for 3 days", {"intent": "cost", "hours": 72, "has": ["$59.04"]}),
    ]),
    ("es price, euros, vale y 8", [
        ("cuanto cuesta una h100 por hora", {"lang": "es", "intent": "prices", "gpu": "h100"}),
        ("y en euros?", {"lang": "es", "has": ["solo en dólares estadounidenses"]}),
        ("vale, y 8?", {"lang": "es", "gpu": "h100", "count": 8, "has": ["18,56\u00a0US$/hora"]}),
    ]),
    ("fr price, euros, 3 days", [
        ("combien coûte une h100 de l'heure", {"lang": "fr", "intent": "prices", "gpu": "h100"}),
        ("et en euros ?", {"lang": "fr", "has": ["uniquement en dollars américains"]}),
        ("et pour 3 jours ?", {"lang": "fr", "intent": "cost", "gpu": "h100", "hours": 72,
                               "has": ["167,04\u00a0$US"]}),
    ]),
    ("en 3060 finetune, 4bit, 8k context", [
        ("can i finetune llama 3.1 8b on my 3060 12gb", {"gpu": "rtx-3060", "model": "llama-3.1-8b"}),
        ("what if i use 4bit", {"method": "qlora", "has": ["(QLoRA)"], "lacks": ["4-bit inference"]}),
        ("and with 8k context", {"method": "qlora", "seq_len": 8192}),
    ]),
    ("en qwen 14b, unsloth, 20M tokens", [
        ("qlora qwen2.5 14b on a 4090", {"model": "qwen2.5-14b", "gpu": "rtx-4090"}),
        ("and with unsloth?", {"model": "qwen2.5-14b", "method": "qlora", "gpu": "rtx-4090"}),
        ("how long for 20M tokens", {"intent": "time", "has": ["about 6.29 hours on 1× RTX 4090"]}),
    ]),
    ("en t4, 4 bits, llama instead", [
        ("can i run mistral 7b on a t4", {"gpu": "t4", "model": "mistral-7b"}),
        ("what about in 4 bits", {"method": "inference_int4", "model": "mistral-7b"}),
        ("and llama 3 8b?", {"method": "inference_int4", "model": "llama-3-8b", "gpu": "t4",
                             "has": ["4-bit inference on 1× T4, from your last question",
                                     "Llama 3 8B fits on 1× T4 (4-bit inference)"]}),
    ]),
    ("en 70b on an a100, how many", [
        ("lora llama 3 70b on an a100", {"intent": "fit", "has": ["does not fit on 1× A100 80GB"]}),
        ("how many do i need?", {"intent": "recommend", "count": None,
                                 "has": ["You need 3× A100 80GB (240 GB) for Llama 3 70B (LoRA)"]}),
    ]),
    ("en memory, 32k ctx, on 2 h100", [
        ("how much vram for llama 3 70b inference", {"intent": "memory", "model": "llama-3-70b"}),
        ("and at 32k ctx?", {"intent": "memory", "seq_len": 32_768, "has": ["32,768 tokens of context"]}),
        ("and on 2 h100?", {"intent": "fit", "gpu": "h100", "count": 2, "seq_len": 32_768}),
    ]),
    ("es own 3090, how long, on an h100", [
        ("quiero entrenar llama 3 8b con qlora en mi 3090", {"lang": "es", "gpu": "rtx-3090"}),
        ("cuánto tarda eso con 10M tokens?", {"intent": "time", "gpu": "rtx-3090",
                                              "has": ["alrededor de 4,03\xa0horas en 1× RTX 3090"]}),
        ("y en una h100?", {"intent": "time", "gpu": "h100", "has": ["17\xa0minutos en 1× H100"]}),
    ]),
    ("fr my 4090, two cards, how long", [
        ("je veux faire un lora de mistral 7b sur ma 4090", {"lang": "fr", "gpu": "rtx-4090"}),
        ("et avec 2 cartes ?", {"gpu": "rtx-4090", "count": 2, "has": ["tient sur 2× RTX 4090 (LoRA)"]}),
        ("combien de temps pour 50M tokens ?", {"intent": "time", "count": 2,
                                                "has": ["environ 3,93\xa0heures sur 2× RTX 4090"]}),
    ]),
    ("en 70b on an h100, how long, in dollars", [
        ("qlora llama 3 70b on a h100", {"intent": "fit", "gpu": "h100"}),
        ("how long for 100M tokens", {"intent": "time", "has": ["about 25.64 hours on 1× H100"]}),
        ("and in dollars?", {"intent": "cost", "has": ["About $59.48 to fine-tune Llama 3 70B"]}),
    ]),
    ("es cost, 3 days, euros", [
        ("cuanto me sale un qlora de llama 3 8b en una a100", {"lang": "es", "intent": "cost"}),
        ("y por 3 dias?", {"intent": "cost", "hours": 72, "has": ["66,24\u00a0US$"]}),
        ("y en euros?", {"lang": "es", "has": ["solo en dólares estadounidenses"]}),
    ]),
    ("en 8x h100 a week, eur, what about 4", [
        ("how much for 8x h100 for a week", {"intent": "cost", "count": 8, "hours": 168,
                                             "has": ["$3,118.08"]}),
        ("in eur?", {"has": ["Our prices are in US dollars only"]}),
        ("what about 4?", {"intent": "cost", "gpu": "h100", "count": 4, "hours": 168,
                           "has": ["$1,559.04"]}),
    ]),
    ("fr 70b on two 3090s, 4 bits, three cards", [
        ("peut on faire tourner llama 3 70b sur 2 rtx 3090", {"lang": "fr", "gpu": "rtx-3090", "count": 2}),
        ("et en 4 bits ?", {"method": "inference_int4", "count": 2}),
        ("et avec 3 cartes ?", {"method": "inference_int4", "count": 3,
                                "has": ["tient sur 3× RTX 3090 (inférence en 4 bits)"]}),
    ]),
    ("es full finetune, on how many h100, how long", [
        ("quiero hacer full finetune de llama 3 8b", {"lang": "es", "intent": "memory"}),
        ("en cuantas h100?", {"gpu": "h100",
                              "has": ["Necesitas 2× H100 (160\u00a0GB) para Llama 3 8B"]}),
        ("cuánto tarda eso con 1B tokens?", {"intent": "time", "count": 2,
                                             "has": ["alrededor de 22,04\u00a0horas en 2× H100"]}),
    ]),
    ("en fit + alert, change it, other card", [
        ("can i qlora llama 3 70b on an h100? and alert me if it drops below 2", {"lang": "en"}),
        ("actually make it 2.1", {"intent": "alert", "gpu": "h100"}),
        ("and on an a100?", {"intent": "fit", "gpu": "a100-80gb", "method": "qlora",
                             "has": ["QLoRA of Llama 3 70B, from your last question."]}),
    ]),
]


@pytest.mark.parametrize("turns", [turns for _, turns in CONVERSATIONS],
                         ids=[name for name, _ in CONVERSATIONS])
def test_a_conversation(turns: list[Turn]) -> None:
    _run(turns)


# "and 405b?" after Llama 3 70B: Llama 3 has no 405B, and one Llama has: Llama 3.1 405B, said so
# (was an unnamed 405B model, silently). Several of that size ("and 13b?": LLaMA 13B, Llama 2
# 13B) stay an unnamed size.
OTHER_LLAMA = [
    ("en", "lora llama 3 70b on an h100", "and 405b?",
     "Llama 3 has no 405B model: answered for Llama 3.1 405B."),
    ("es", "lora llama 3 70b en una h100", "¿y 405b?",
     "Llama 3 no tiene un modelo de 405B: respondo para Llama 3.1 405B."),
    ("fr", "lora llama 3 70b sur une h100", "et 405b ?",
     "Llama 3 n'a pas de modèle 405B\u00a0: réponse pour Llama 3.1 405B."),
]


@pytest.mark.parametrize(("lang", "first", "text", "line"), OTHER_LLAMA)
def test_a_size_the_family_lacks_but_one_kin_has(lang: str, first: str, text: str,
                                                 line: str) -> None:
    last = converse(first, text)[-1]
    assert last.locale == lang
    assert (last.query.model_id, last.query.method, last.query.gpu) == ("llama-3.1-405b", "lora", "h100")
    says(last.text, ["↪️", line, "Llama 3.1 405B"], ["🤔"])


def test_a_size_several_kin_have_stays_unnamed() -> None:
    last = converse("qlora llama 3 8b on a 4090", "and 13b?")[-1]
    assert last.query.model_id is None and last.query.params_b == 13
