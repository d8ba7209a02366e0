"""Conversations as Spanish, French and English speakers hold them (probe-esfr): "why?" after a
verdict, a bare size that names the same family's other member, a correction naming a card's
other variant by its memory, and a bare number of hours after "for"."""

from __future__ import annotations

from decimal import Decimal as D
from typing import Any

import pytest

from bot.pipeline import Reply, to_json
from tests.support.chat import converse


def _facts(reply: Reply, facts: dict[str, Any]) -> None:
    for field, value in facts.items():
        got = getattr(reply.query, field)
        assert (D(got) if isinstance(value, int) and got is not None else got) == value, (
            field, got, reply.text)


# A verdict, then "why?": the same question with its detailed breakdown (where the memory goes),
# never "I did not understand".
WHY: list[tuple[str, str, str, str]] = [
    ("does llama 3 70b fit on an a100 for lora?", "why?", "en",
     "• Model weights: 141.1 GB"),
    ("can i lora llama 3 8b on an a100?", "why not?", "en", "Detailed estimate for"),
    ("qlora llama 3 8b en mi 3090 seq 2048 batch 8", "xq no?", "es", "Estimación detallada"),
    ("puedo hacer qlora de llama 3 8b en una 4090?", "¿por qué?", "es", "Estimación detallada"),
    ("¿cabe llama 3 70b en una h100 con lora?", "pero por que no cabe?", "es",
     "• Pesos del modelo"),
    ("qlora llama 3 8b sur ma 4070 ti batch 4", "pourquoi ça passe pas ?", "fr",
     "Estimation détaillée"),
    ("est-ce que je peux faire un lora de llama 3 70b sur deux h100 ?", "pourquoi ?", "fr",
     "• Poids du modèle"),
]


@pytest.mark.parametrize(("first", "why", "lang", "fragment"), WHY)
def test_why_after_a_verdict_gives_its_breakdown(
    first: str, why: str, lang: str, fragment: str
) -> None:
    before, reply = converse(first, why)
    assert reply.query.follow_up and reply.query.details
    _facts(reply, {
        "intent": before.query.intent, "model_id": before.query.model_id,
        "method": before.query.method, "gpu": before.query.gpu, "lang": lang,
    })
    assert fragment in reply.text, reply.text
    assert to_json(reply)["fits"] == to_json(before)["fits"]


@pytest.mark.parametrize("text", [
    "why is the h100 so much faster?",  # names a GPU: a question of its own
    "why would i use qlora instead of lora?",  # names methods
])
def test_a_why_that_names_something_is_not_the_breakdown(text: str) -> None:
    _, reply = converse("can i lora llama 3 8b on an a100?", text)
    assert not reply.query.details


# A bare size after a question about a catalogued model: that family's member of that size.
SIBLINGS: list[tuple[str, str, dict[str, Any]]] = [
    ("can i lora llama 3 8b on an a100?", "what about 70b?",
     {"model_id": "llama-3-70b", "method": "lora", "gpu": "a100-80gb"}),
    ("cuanto tarda un qlora de qwen2.5 7b en una 4090 con 20M tokens", "y con 14b?",
     {"model_id": "qwen2.5-14b", "method": "qlora", "gpu": "rtx-4090", "intent": "time"}),
    ("qlora llama 3.1 8b sur un h100", "et en 70b ?",
     {"model_id": "llama-3.1-70b", "method": "qlora", "gpu": "h100"}),
    # No Mistral 13B on file: a 13B model, as before.
    ("can I qlora mistral 7b on a 4090?", "and 13b?",
     {"model_id": None, "params_b": 13, "method": "qlora", "gpu": "rtx-4090"}),
]


@pytest.mark.parametrize(("first", "then", "facts"), SIBLINGS)
def test_a_bare_size_is_the_same_familys_member(
    first: str, then: str, facts: dict[str, Any]
) -> None:
    _, reply = converse(first, then)
    assert reply.query.follow_up
    _facts(reply, facts)


# "no, I meant the 40GB one": the previous card's variant with that memory.
VARIANTS: list[tuple[str, str, dict[str, Any], str]] = [
    ("does llama 3 70b fit on an a100 for lora?", "no, I meant the 40GB one",
     {"gpu": "a100-40gb", "model_id": "llama-3-70b", "method": "lora"}, "1× A100 40GB"),
    ("qlora llama 3 8b en una a100 seq 4096 batch 8", "no, me refería a la de 40gb",
     {"gpu": "a100-40gb", "model_id": "llama-3-8b", "seq_len": 4096, "batch_size": 8},
     "1× A100 40GB"),
    ("est-ce que mistral 7b tient sur une a100 en lora ?", "non, celle de 40 go",
     {"gpu": "a100-40gb", "model_id": "mistral-7b", "method": "lora"}, "1× A100 40GB"),
]


@pytest.mark.parametrize(("first", "then", "facts", "fragment"), VARIANTS)
def test_a_memory_alone_picks_the_previous_cards_variant(
    first: str, then: str, facts: dict[str, Any], fragment: str
) -> None:
    _, reply = converse(first, then)
    assert reply.query.follow_up and reply.query.vram_gb is None
    _facts(reply, facts)
    assert fragment in reply.text, reply.text


# "y por 24?" after a cost for 10 hours: 24 hours, said (not carried).
HOURS: list[tuple[str, str, int, str, str]] = [
    ("cuanto cuesta un qlora de llama 3 70b en una h100 por 10 horas", "y por 24?", 24,
     "55,68", "de tu pregunta anterior"),
    ("combien coute un h100 pendant 10 heures ?", "et pour 48 ?", 48, "111,36",
     "Sur 1× H100, d'après"),
    ("how much for lora llama 3 8b on an a100 for 5 hours", "and for 12?", 12, "$11.04",
     "LoRA of Llama 3 8B on 1× A100 80GB, from"),
]


@pytest.mark.parametrize(("first", "then", "hours", "cost", "carried"), HOURS)
def test_a_bare_number_after_for_is_the_hours(
    first: str, then: str, hours: int, cost: str, carried: str
) -> None:
    _, reply = converse(first, then)
    assert reply.query.follow_up and "hours" not in reply.carried
    _facts(reply, {"intent": "cost", "hours": hours})
    assert cost in reply.text and carried in reply.text, reply.text


def test_a_bare_number_without_hours_before_is_not_read() -> None:
    _, reply = converse("qlora llama 3 8b on a 4090", "and for 12?")
    assert reply.query.hours is None


# "how many users?" after a model served on a card: the sequences served at once there (was
# "I did not understand", and in French the price list: "combien" reads as a price).
USERS: list[tuple[str, str, str]] = [
    ("llama 3.1 8b en q4 en mi 3060 12gb", "y cuantos usuarios aguanta?", "secuencias a la vez"),
    ("llama 3.1 8b en fp16 sur une a100", "et combien d'utilisateurs en même temps ?",
     "séquences à la fois"),
    ("serve llama 3 8b on an l4", "how many users can it handle?", "sequences at once"),
]


@pytest.mark.parametrize(("first", "then", "fragment"), USERS)
def test_how_many_users_after_a_served_model(first: str, then: str, fragment: str) -> None:
    before, reply = converse(first, then)
    assert reply.query.follow_up and reply.query.concurrency_asked
    _facts(reply, {"intent": "fit", "model_id": before.query.model_id, "gpu": before.query.gpu})
    assert fragment in reply.text.replace("\u00a0", " ").replace("\u202f", " "), reply.text


# "and with 2 more?" after a question on GPUs: that many GPUs added to the previous count (was
# "I did not understand" in every language).
MORE: list[tuple[str, str, int, str]] = [
    ("qlora llama 3 70b en 2 3090, ça passe ?", "et avec 2 de plus ?", 4,
     "Oui : Llama 3 70B tient sur 4× RTX 3090"),
    ("qlora llama 3 70b en 2 3090, ça passe ?", "et si j'en ajoute deux ?", 4, "4× RTX 3090"),
    ("qlora de llama 3 70b en dos 3090, cabe?", "y con dos más?", 4,
     "Sí: Llama 3 70B cabe en 4× RTX 3090"),
    ("lora llama 3 70b en una h200 me entra?", "y con otra más?", 2, "2× H200"),
    ("lora llama 3 70b on 2 h100s?", "and with 2 more?", 4, "4× H100"),
    # After a GPU's cost for some hours: "et deux ?" is two of them, "2 de plus" two more.
    ("combien coûte un h100 pendant 10 heures ?", "et deux ?", 2, "2× H100 × 10"),
    ("cuanto sale una h100 por 10 horas?", "y con dos más?", 3, "3× H100 × 10"),
    ("qlora llama 3 70b sur une 4090 ?", "et trois ?", 3, "3× RTX 4090"),
    # A card counted by its ordinal, a total (was "I did not understand that").
    ("qlora llama 3 70b on a 3090", "and if i add a second one?", 2, "2× RTX 3090"),
    ("qlora llama 3 70b on a 3090", "what if i buy a 2nd 3090", 2, "2× RTX 3090"),
    ("qlora llama 3 70b on 2x 3090", "and with a third one", 3, "3× RTX 3090"),
    ("qlora llama 3 70b en una 3090", "y si compro una segunda?", 2, "2× RTX 3090"),
    ("qlora llama 3 70b sur une 3090", "et si j'en ajoute une deuxième ?", 2, "2× RTX 3090"),
]


def test_a_second_card_after_the_card_owned() -> None:
    """"i have a 3090", "what can i finetune on it", "and if i add a second one?": the same
    question on two of them (the third turn was "I did not understand that")."""
    *_, reply = converse("i have a 3090", "what can i finetune on it",
                         "and if i add a second one?")
    assert reply.query.follow_up and reply.query.largest, reply.text
    _facts(reply, {"gpu": "rtx-3090", "gpu_count": 2})


@pytest.mark.parametrize("then", ["what about a second opinion", "a second time?"])
def test_an_ordinal_of_something_else_is_not_a_card(then: str) -> None:
    _, reply = converse("qlora llama 3 70b on a 3090", then)
    assert reply.query.gpu_count != 2, reply.text


@pytest.mark.parametrize(("first", "then", "count", "fragment"), MORE)
def test_n_more_gpus_adds_to_the_previous_count(
    first: str, then: str, count: int, fragment: str
) -> None:
    before, reply = converse(first, then)
    assert reply.query.follow_up
    _facts(reply, {"gpu": before.query.gpu, "gpu_count": count,
                   "model_id": before.query.model_id, "method": before.query.method})
    assert fragment in reply.text.replace("\u00a0", " "), reply.text


@pytest.mark.parametrize(("first", "then"), [
    ("combien coute un h100 pendant 10 heures ?", "et 2 heures de plus ?"),
    ("qlora llama 3 70b en 2 3090", "y con 2 h100 más?"),
    # A bare digit after a model may be its size ("and 8?" after a 70B): not read as a count.
    ("qlora llama 3 70b on a 4090?", "and 4?"),
])
def test_more_hours_or_another_gpu_is_not_more_of_the_same(first: str, then: str) -> None:
    _, reply = converse(first, then)
    assert reply.query.gpu_count != 4 or reply.query.gpu != "rtx-3090", reply.text


# "et 2 heures de plus ?", "¿y 3 horas más?", "¿y otro día?" after a question with hours: those
# hours added to the previous ones (was 2 hours alone, or "I did not understand").
MORE_HOURS: list[tuple[tuple[str, ...], int, str]] = [
    (("combien coûte un h100 pendant 10 heures ?", "et 2 heures de plus ?"), 12, "27,84"),
    (("cuanto sale un lora de llama 3 8b en una a100 por 5 horas?", "y 3 horas más?"), 8,
     "7,36"),
    (("cuanto sale un lora de llama 3 8b en una a100 por 5 horas?", "y 3 horas más?",
      "y otro día?"), 32, "29,44"),
    (("how much for 2 h100s for 10 hours?", "and 5 more hours?"), 15, "$69.60"),
]


@pytest.mark.parametrize(("turns", "hours", "cost"), MORE_HOURS)
def test_more_hours_add_to_the_previous_hours(
    turns: tuple[str, ...], hours: int, cost: str
) -> None:
    replies = converse(*turns)
    reply = replies[-1]
    assert reply.query.follow_up
    _facts(reply, {"intent": "cost", "hours": hours, "gpu": replies[0].query.gpu})
    assert cost in reply.text, reply.text


# A card's price per hour, then a count or hours alone: that many of the card, or the card for
# that long (were "I did not understand": a price answer was not kept for a follow-up).
AFTER_PRICE: list[tuple[str, str, str, dict[str, Any], str]] = [
    ("¿cuánto cuesta una h100 por hora?", "y 8?", "es",
     {"intent": "prices", "gpu": "h100", "gpu_count": 8}, "Precio de 8× H100: 18,56"),
    ("combien coûte un h100 par heure ?", "et avec 8 ?", "fr",
     {"intent": "prices", "gpu": "h100", "gpu_count": 8}, "Prix de 8× H100\u00a0: 18,56"),
    ("how much is an h100 per hour?", "and 8?", "en",
     {"intent": "prices", "gpu": "h100", "gpu_count": 8}, "8× H100 costs $18.56/hour"),
    ("¿cuánto cuesta una h100 por hora?", "y por 10 horas?", "es",
     {"intent": "cost", "gpu": "h100", "hours": 10}, "Coste: 23,20"),
    ("c'est combien un a100 de l'heure ?", "et 2 de plus ?", "fr",
     {"intent": "prices", "gpu": "a100-80gb", "gpu_count": 3}, "3× A100 80GB"),
]


@pytest.mark.parametrize(("first", "then", "lang", "facts", "fragment"), AFTER_PRICE)
def test_a_count_or_hours_after_a_gpu_price(
    first: str, then: str, lang: str, facts: dict[str, Any], fragment: str
) -> None:
    _, reply = converse(first, then)
    assert reply.query.follow_up
    _facts(reply, facts)
    assert fragment in reply.text, reply.text


def test_a_question_of_its_own_after_a_gpu_price_stays_its_own() -> None:
    """No run was asked with the price: a model named next is asked alone, on no card."""
    _, _, reply = converse("qlora llama 3 70b on an h100?", "how much is an h200 per hour?",
                           "can i qlora llama 3 8b?")
    assert not reply.query.follow_up and reply.query.gpu is None


# A run, then "will it finish overnight / in a day?": yes or no leads, against the time this
# message says (a night: 8 to 12 hours), not the hours the run was priced for before.
DEADLINE: list[tuple[str, str, str]] = [
    ("qlora llama 3 8b on 20M tokens on an h100 for 10 hours", "will it finish overnight?",
     "✅ <b>Yes: by this estimate it finishes overnight.</b> A night is taken as 8 to 12 hours."),
    ("qlora de mistral 7b con 100M tokens en mi 4090", "¿y se termina en una noche?",
     "❌ <b>No: según esta estimación, tarda más de una noche.</b>"),
    ("qlora de mistral 7b sur 50M tokens sur ma 4090", "et ça finit en une journée ?",
     "✅ <b>Oui\u00a0: d'après cette estimation, l'entraînement tient en 24\u00a0heures.</b>"),
]


@pytest.mark.parametrize(("first", "then", "lead"), DEADLINE)
def test_a_deadline_after_a_run_leads_with_yes_or_no(first: str, then: str, lead: str) -> None:
    _, reply = converse(first, then)
    assert reply.query.follow_up and reply.query.intent == "time"
    assert lead in reply.text.split("\n⏱")[0], reply.text


# A run on a card, then "¿y si uso 3?": that many of the card (a digit alone after a model
# question may be its size; with a verb of taking cards it is a count).
TAKES: list[tuple[str, str, int]] = [
    ("lora de llama 3 70b en h100", "y si uso 3?", 3),
    ("lora de llama 3 70b sur un a100", "et si j'en prends 4 ?", 4),
    ("lora de llama 3 70b sur un a100", "et si j en prends 4 ?", 4),
    ("lora llama 3 70b on an a100", "and if i use 4?", 4),
]


@pytest.mark.parametrize(("first", "then", "count"), TAKES)
def test_a_count_taken_after_a_run(first: str, then: str, count: int) -> None:
    before, reply = converse(first, then)
    assert reply.query.follow_up, reply.text
    _facts(reply, {"gpu": before.query.gpu, "gpu_count": count, "method": before.query.method,
                   "model_id": before.query.model_id})
    assert reply.answer.primary is not None and reply.answer.primary.fit is not None


# After an alert set or listed, a removal that does not say "alert" again ("cancel the h100
# one", "actually delete it", "mejor bórrala", "finalement supprime-la"): that alert removed
# (was the H100's price list, or "I did not understand that"); anything else continues the run
# asked before the alert.
@pytest.mark.parametrize(("turns", "gpu"), [
    (("ping me when h100 drops under $2", "cancel the h100 one"), "h100"),
    (("what alerts do i have", "cancel the h100 one"), "h100"),
    (("alert me when the b200 is below 4", "actually delete it"), "b200"),
    (("avisame cuando la h100 baje de 2 dolares", "mejor bórrala"), "h100"),
    (("préviens-moi quand le h100 passe sous 2 dollars", "finalement supprime-la"), "h100"),
])
def test_an_alert_removed_after_it_was_set_or_listed(turns: tuple[str, str], gpu: str) -> None:
    *_, reply = converse(*turns)
    assert (reply.query.intent, reply.query.gpu) == ("alert_remove", gpu), reply.text
    assert "↪️" not in reply.text


@pytest.mark.parametrize(("turns", "number"), [
    (("what alerts do i have", "remove the first one"), 1),
    (("show my alerts", "delete #2"), 2),
    (("delete alert 2",), 2),
    (("remove alert number 3",), 3),
    (("borra la primera alerta",), 1),
    (("quita la alerta 2",), 2),
    (("supprime l'alerte n°2",), 2),
    (("supprime la deuxième alerte",), 2),
    (("remove the alert for the h100 below 2",), None),
])
def test_an_alert_removed_by_its_number(turns: tuple[str, ...], number: int | None) -> None:
    *_, reply = converse(*turns)
    assert (reply.query.intent, reply.query.alert_number) == ("alert_remove", number), reply.text


def test_a_run_asked_before_an_alert_is_continued_after_it() -> None:
    *_, reply = converse("qlora llama 3 70b on an h100", "alert me if the h100 drops below 2",
                         "and on an a100?")
    assert reply.query.follow_up and reply.query.params_b == 70, reply.text
    _facts(reply, {"gpu": "a100-80gb", "method": "qlora"})


def test_the_card_owned_is_kept_across_an_alert() -> None:
    *_, reply = converse("i have a 3090", "alert me when h100 below 2", "what can i finetune on it")
    _facts(reply, {"gpu": "rtx-3090"})


# "what quant should i use" after a model was asked on a card: the largest llama.cpp type that
# fits there (was the same verdict again, every precision failing).
@pytest.mark.parametrize(("turns", "lead"), [
    (("can i run mixtral 8x7b on a 4090", "what quant should i use"),
     "Largest llama.cpp quantization type that fits: Q3_K_M"),
    (("llama 3 70b q4 on 2x 3090", "which quant is best then?"),
     "Largest llama.cpp quantization type that fits: Q5_K_S"),
    (("puedo correr qwen2.5 32b en mi 3090?", "que cuantizacion uso?"),
     "El tipo de cuantización de llama.cpp más grande que cabe"),
    (("je peux faire tourner llama 3 70b sur ma 4090 ?", "quelle quantif je prends ?"),
     "Le plus gros type de quantification llama.cpp qui tient"),
])
def test_which_quant_after_a_model_on_a_card(turns: tuple[str, str], lead: str) -> None:
    before, reply = converse(*turns)
    assert reply.query.follow_up and reply.query.quant_asked, reply.text
    _facts(reply, {"gpu": before.query.gpu, "model_id": before.query.model_id})
    assert lead in reply.text.replace("\u00a0", " "), reply.text


# "and to finetune it?", "i mean for training", "¿y para entrenarlo?", "et pour l'entraîner ?"
# after a model served or its memory asked: the training methods there (was "I did not
# understand that", or serving again).
@pytest.mark.parametrize(("turns", "intent"), [
    (("how much vram does llama 3.1 8b need", "i mean for training"), "memory"),
    (("how much vram to run llama 3.1 8b", "and to finetune it?"), "memory"),
    (("can i run qwen2.5 7b on my 3060", "what about training it"), "fit"),
    (("cuanta vram para correr llama 3 8b", "y para entrenarlo?"), "memory"),
    (("combien de vram pour faire tourner mistral 7b", "et pour l'entraîner ?"), "memory"),
    (("serve llama 3 8b on an l4", "how long would training take"), "time"),
])
def test_training_asked_after_a_model(turns: tuple[str, str], intent: str) -> None:
    before, reply = converse(*turns)
    assert reply.query.follow_up and not reply.query.inference, reply.text
    _facts(reply, {"intent": intent, "model_id": before.query.model_id, "method": None,
                   "gpu": before.query.gpu})
    assert "QLoRA" in reply.text, reply.text


# "and for training?" after "what models can i run on my 4070 ti super": the largest model to
# train there, on the same card (was "I did not understand that" in every language).
@pytest.mark.parametrize("turns", [
    ("what models can i run on my 4070 ti super", "and for training?"),
    ("que modelo puedo correr en mi 3060", "y para entrenar?"),
    ("quels modèles je peux faire tourner sur ma 4080", "et pour entraîner ?"),
])
def test_training_asked_after_the_largest_served(turns: tuple[str, str]) -> None:
    before, reply = converse(*turns)
    assert before.query.largest and before.query.inference, before.text
    assert reply.query.follow_up and reply.query.largest and not reply.query.inference, reply.text
    _facts(reply, {"gpu": before.query.gpu})
    assert "QLoRA" in reply.text, reply.text


# "what gpu do i need" after a model: the cheapest GPUs for it (was the price list, read as
# "what GPUs do you have"); said alone it asks which model, and "what gpus do you have" stays
# the offer.
@pytest.mark.parametrize("turns", [
    ("im thinking of finetuning mistral 7b", "what gpu do i need"),
    ("qlora llama 3 8b", "which card should i rent?"),
    ("quiero hacer fine tuning de llama 3 8b", "que gpu necesito?"),
    ("je veux fine-tuner qwen 2.5 7b", "quelle carte il me faut ?"),
    ("salut, je voudrais faire tourner mixtral 8x7b", "sur quelle carte ?"),
    ("quiero correr qwen 2.5 32b", "en que gpu?"),
    ("i want to serve llama 3 70b", "on which gpu?"),
])
def test_which_gpu_needed_after_a_model_recommends(turns: tuple[str, str]) -> None:
    before, reply = converse(*turns)
    assert reply.query.follow_up, reply.text
    _facts(reply, {"intent": "recommend", "model_id": before.query.model_id})


@pytest.mark.parametrize(("text", "intent"), [
    ("what gpu do i need", "recommend"),
    ("que gpu necesito", "recommend"),
    ("what gpus do you have", "prices"),
    ("quelles cartes vous avez", "prices"),
])
def test_which_gpu_alone(text: str, intent: str) -> None:
    (reply,) = converse(text)
    assert reply.query.intent == intent, reply.text


# "which is cheaper?", "which one should i pick", "¿cuál me conviene?", "lequel je prends ?"
# after two cards compared for a run: that comparison, its per-run cost verdict leading (was the
# cheapest GPUs list, the first card's verdict, or "I did not understand").
@pytest.mark.parametrize("turns", [
    ("h100 vs a100 for qlora llama 3 70b", "which is cheaper?"),
    ("h100 vs a100 for qlora llama 3 70b", "which one should i pick"),
    ("h100 vs a100 for qlora llama 3 70b", "ok which one?"),
    ("h100 o a100 para qlora de llama 3 70b", "y cual me conviene?"),
    ("h100 ou a100 pour qlora llama 3 70b", "lequel je prends ?"),
])
def test_which_of_two_compared_cards_to_pick(turns: tuple[str, str]) -> None:
    before, reply = converse(*turns)
    assert reply.query.follow_up and reply.query.cheaper_asked, reply.text
    _facts(reply, {"intent": "compare", "gpu": before.query.gpu, "model_id": before.query.model_id,
                   "method": before.query.method})
    assert reply.query.other_gpus == before.query.other_gpus
    assert reply.text.split("\n")[1].startswith("💵 <b>"), reply.text


# "and for 50?", "¿y para 50?", "et pour 50 ?", "what about 100" after a model served to a
# number of people: that many people (was "I did not understand that").
@pytest.mark.parametrize(("turns", "users"), [
    (("serve gemma 3 27b to 10 ppl", "and for 50?"), 50),
    (("servir gemma 3 27b para 10 personas", "y para 50?"), 50),
    (("servir gemma 3 27b pour 10 personnes", "et pour 50 ?"), 50),
    (("serve gemma 3 27b to 10 ppl", "what about 100"), 100),
    (("serve gemma 3 27b to 10 ppl on an h100", "and 30?"), 30),
])
def test_a_number_alone_after_people_served_is_people(turns: tuple[str, str], users: int) -> None:
    before, reply = converse(*turns)
    assert reply.query.follow_up and reply.query.users == users, reply.text
    _facts(reply, {"model_id": before.query.model_id, "gpu": before.query.gpu})
    assert reply.text.split("\n")[1].startswith("👥 <b>"), reply.text


# "and to run it?", "y para correrlo?", "et pour le faire tourner ?", "and just to run it?" after
# a training run: serving that model there (was the same training again); "and with 8k
# context?" and "can i run it on 2 gpus?" stay that training run.
@pytest.mark.parametrize(("turns", "serving"), [
    (("qlora llama 3 8b on my 3090", "and to run it?"), True),
    (("lora de mistral 7b en mi 4090", "y para correrlo?"), True),
    (("qlora de mistral 7b sur ma 4090", "et pour le faire tourner ?"), True),
    (("how much vram to finetune llama 3 70b", "and just to run it?"), True),
    (("qlora llama 3 8b on my 3090", "and with 8k context?"), False),
    (("qlora llama 3 8b on my 3090", "can i run it on 2 gpus?"), False),
])
def test_running_asked_after_a_training_run(turns: tuple[str, str], serving: bool) -> None:
    before, reply = converse(*turns)
    assert reply.query.follow_up and reply.query.inference is serving, reply.text
    _facts(reply, {"model_id": before.query.model_id, "gpu": before.query.gpu})


# "whats the best model to finetune" with no card asks which card (was "I did not understand
# that"); the card said next, alone or owned, gets the largest models it holds (a price asked
# instead stays a price).
@pytest.mark.parametrize(("turns", "largest", "gpu"), [
    (("whats the best model to finetune", "a 4090"), True, "rtx-4090"),
    (("what's the largest model i can finetune", "i have a 3090"), True, "rtx-3090"),
    (("cual es el mejor modelo para hacer fine tuning", "una 3090"), True, "rtx-3090"),
    (("whats the best model to finetune", "how much is an h100 per hour"), False, "h100"),
    (("whats the best model to finetune", "h100 price?"), False, "h100"),
])
def test_the_card_after_the_best_model_asked(
    turns: tuple[str, str], largest: bool, gpu: str
) -> None:
    before, reply = converse(*turns)
    assert before.answer.missing == "largest_gpu" and before.text.startswith("❓"), before.text
    assert reply.query.largest is largest and reply.query.gpu == gpu, reply.text
    if largest:
        assert any(line.startswith("📏 <b>") for line in reply.text.split("\n")[:2]), reply.text


# After a run asked on a card: "would an h100 be faster?" compares that run on both cards,
# "anything cheaper?" asks the cheapest configurations for it (both were the new card's price
# or the same verdict again).
@pytest.mark.parametrize(("turns", "other", "lead"), [
    (("qlora llama 3 70b on an a100", "would an h100 be faster?"), "h100",
     "The H100 has 3.2 times the peak BF16"),
    (("how long to lora llama 3 8b on 50M tokens on an a100", "would an h100 be faster?"),
     "h100", "1× H100 finishes sooner"),
    (("lora llama 3 8b en una a100", "seria mas rapido en una h100?"), "h100",
     "La H100 tiene 3,2 veces"),
    (("llama 3 70b q4 on a 4090", "would a 5090 be faster"), "rtx-5090", "RTX 4090 or RTX 5090?"),
])
def test_faster_on_another_card_compares_the_run(
    turns: tuple[str, str], other: str, lead: str
) -> None:
    before, reply = converse(*turns)
    _facts(reply, {"intent": "compare", "gpu": before.query.gpu, "model_id": before.query.model_id,
                   "method": before.query.method})
    assert reply.query.other_gpus == (other,), reply.text
    assert lead in reply.text.replace("\u00a0", " "), reply.text


@pytest.mark.parametrize("turns", [
    ("qlora llama 3 70b on an a100", "anything cheaper?"),
    ("qlora llama 3 70b sur un a100", "et moins cher ?"),
    ("qlora de llama 3 70b en una h100", "algo mas barato?"),
])
def test_anything_cheaper_after_a_run_recommends(turns: tuple[str, str]) -> None:
    before, reply = converse(*turns)
    _facts(reply, {"intent": "recommend", "gpu": None, "model_id": before.query.model_id,
                   "method": "qlora"})
    assert "A100 80GB" in reply.text, reply.text


# "what batch size can i use" after a training run: the largest micro-batch there ("use" is no
# serving verb beside a batch; was the plain verdict again, read as serving).
@pytest.mark.parametrize("turns", [
    ("qlora 70b on an h100", "what batch size can i use"),
    ("lora llama 3 8b on a 4090 at seq 2048", "what batch size can i use?"),
])
def test_batch_size_after_a_training_run(turns: tuple[str, str]) -> None:
    before, reply = converse(*turns)
    assert reply.query.batch_asked and not reply.query.inference, reply.text
    _facts(reply, {"gpu": before.query.gpu, "method": before.query.method})
    assert "Largest micro-batch that fits" in reply.text, reply.text


# A brand named alone in a follow-up ("and mistral?", "and gemma?", "y con qwen?"): its model,
# or its models to pick the largest that fits there (was "I did not understand that").
@pytest.mark.parametrize(("turns", "model", "fragment"), [
    (("llama 3 8b on a 4090", "and mistral?"), "mistral-7b", "Mistral 7B"),
    (("llama 3 8b on a 4090", "and gemma?"), None, "Gemma 3 is a family of 4 models"),
    (("qlora llama 3 8b en una 3090", "y con qwen?"), None, "Qwen es una familia de"),
])
def test_a_brand_alone_after_a_run(turns: tuple[str, str], model: str | None, fragment: str) -> None:
    before, reply = converse(*turns)
    assert reply.query.follow_up, reply.text
    _facts(reply, {"gpu": before.query.gpu})
    if model is not None:
        _facts(reply, {"model_id": model})
    assert fragment in reply.text, reply.text


# "on it", "en ella", "dessus" after a recommendation: the configuration it led with (was
# timed on the B200, where blocks were paid least, not on the A100 the reply had picked).
@pytest.mark.parametrize(("turns", "intent"), [
    (("whats the cheapest gpu for qlora llama 3 70b", "how long for 50M tokens on it"), "time"),
    (("cual es la gpu mas barata para qlora de llama 3 70b",
      "cuanto tarda con 50M tokens en ella?"), "time"),
    (("quel est le gpu le moins cher pour un qlora de llama 3 70b ?",
      "combien de temps pour 50M tokens dessus ?"), "time"),
    (("whats the cheapest gpu for qlora llama 3 70b", "how much for 20 hours there"), "cost"),
])
def test_on_it_after_a_recommendation_is_the_configuration_picked(
    turns: tuple[str, str], intent: str
) -> None:
    _, reply = converse(*turns)
    _facts(reply, {"intent": intent, "gpu": "a100-80gb", "gpu_count": 1, "method": "qlora"})
    lead = next(line for line in reply.text.split("\n") if line.startswith(("⏱", "💵")))
    assert "1× A100 80GB" in lead, reply.text


# After a run that does not fit the card asked, "something that works" / "where can i run it
# then" / "dónde lo puedo correr" / "quelque chose qui passe": the cheapest offered
# configurations for it, its cost when asked (was the card's verdict again, or its
# unpublished price); "is that overkill?" asks how much of the configuration the run uses.
@pytest.mark.parametrize(("turns", "intent"), [
    (("qlora llama 3 70b on my 4090", "ok what would it cost to rent something that works"),
     "cost"),
    (("qlora llama 3 70b on my 4090", "where can i run it then"), "recommend"),
    (("qlora de llama 3 70b en mi 4090", "y donde lo puedo correr?"), "recommend"),
    (("qlora de llama 3 70b sur ma 4090", "ok, quelque chose qui passe ?"), "recommend"),
])
def test_somewhere_it_fits_after_a_no(turns: tuple[str, str], intent: str) -> None:
    _, reply = converse(*turns)
    _facts(reply, {"intent": intent, "gpu": None, "params_b": D("70"), "method": "qlora"})
    assert "A100 80GB" in reply.text, reply.text


@pytest.mark.parametrize("turns", [
    ("full finetune llama 3 8b on 8x h100", "is that overkill?"),
    ("lora llama 3 8b on 8x h200", "isnt that a waste of money"),
])
def test_is_that_overkill_after_a_run(turns: tuple[str, str]) -> None:
    before, reply = converse(*turns)
    assert reply.query.overkill_asked, reply.text
    _facts(reply, {"gpu": before.query.gpu, "gpu_count": 8, "method": before.query.method})
    assert reply.text.startswith(("↪️", "🎯")) and "🎯 <b>Yes, more than the run needs" in reply.text


# A filler before the follow-up's opening ("ok what about mistral 7b", "alright and the 8b?",
# "vale, ¿y la de 8b?"): another model on the same card and method (was a new question: the
# model's memory alone, the card and method lost).
@pytest.mark.parametrize(("turns", "params"), [
    (("qlora llama 3 70b on an a100", "ok what about mistral 7b"), "7.3"),
    (("qlora llama 3 70b on an a100", "alright and the 8b?"), "8"),
    (("qlora de llama 3 70b en una a100", "vale, y la de 8b?"), "8"),
    (("qlora de llama 3 70b sur un a100", "bon, et le 8b ?"), "8"),
])
def test_a_filler_before_the_follow_up(turns: tuple[str, str], params: str) -> None:
    _, reply = converse(*turns)
    assert reply.query.follow_up, reply.text
    _facts(reply, {"gpu": "a100-80gb", "method": "qlora", "params_b": D(params)})


# A budget said alone ("what can i do with 50 dollars", "i have $200 to spend", "tengo 100
# dolares"), then a model or a card: that money on it (was a new question, the money lost);
# a whole question of its own still stands alone.
@pytest.mark.parametrize(("turns", "facts", "lead"), [
    (("what can i do with 50 dollars", "ok and if i want to lora llama 3 70b?"),
     {"budget_usd": D("50"), "method": "lora", "params_b": D("70")}, "$50 buys"),
    (("i have $200 to spend", "how long can i qlora llama 3 70b with that"),
     {"budget_usd": D("200"), "method": "qlora"}, "$200 buys 216 hours of 1× A100 80GB"),
    (("tengo 100 dolares", "y si quiero hacer qlora de llama 3 8b?"),
     {"budget_usd": D("100"), "method": "qlora"}, "Con 100"),
    (("i have $200 to spend", "and on an h200?"),
     {"budget_usd": D("200"), "gpu": "h200"}, "$200 buys 64 hours of 1× H200"),
])
def test_a_budget_then_a_model_or_a_card(
    turns: tuple[str, str], facts: dict[str, Any], lead: str
) -> None:
    _, reply = converse(*turns)
    assert reply.query.follow_up, reply.text
    _facts(reply, {"intent": "cost", **facts})
    assert lead in reply.text.replace("\u00a0", " "), reply.text


def test_a_whole_question_after_a_budget_stands_alone() -> None:
    _, reply = converse("i have $200 to spend", "qlora llama 3 8b on a 4090 fits?")
    _facts(reply, {"intent": "fit", "budget_usd": None, "gpu": "rtx-4090"})


# A variant of the model just asked, named by its word and size ("and the distill 32b?" after
# DeepSeek-R1, "and the coder 7b?" after Qwen2.5 7B): that model (was a bare 32B, or the same
# Qwen2.5 7B again).
@pytest.mark.parametrize(("turns", "model"), [
    (("how much vram for deepseek r1", "and the distill 32b?"), "deepseek-r1-distill-qwen-32b"),
    (("qwen2.5 7b on a 4090", "and the coder 7b?"), "qwen2.5-coder-7b"),
    (("qwen2.5 7b on a 4090", "and the 14b?"), "qwen2.5-14b"),
])
def test_a_variant_of_the_model_by_its_word(turns: tuple[str, str], model: str) -> None:
    _, reply = converse(*turns)
    assert reply.query.follow_up, reply.text
    _facts(reply, {"model_id": model})
