"""Follow-ups in a chat that went wrong (chat12, session 24): hours bought for one card asked
of another ("can i use those on an h100 too" after "how much is 720h of a100"); a run said
done with no subject ("trained 1 epoch of qlora llama 3 8b in 6 hours on my 3090"). English,
Spanish, French."""

from __future__ import annotations

import pytest

from bot.pipeline import to_json
from tests.support.chat import ask, converse


def spaced(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


# Hours priced on one card, then "those" on another: the seed sells a block for one GPU model
# (drawn on by that GPU's instances only), which leads; then what those hours cost on the card
# named (was that cost alone, as if the A100 hours moved to the H100).
THOSE_HOURS: list[tuple[str, str, str]] = [
    ("how much is 720h of a100", "can i use those on an h100 too", "A block is for one GPU model:"),
    ("how much is 720h of a100", "do those hours work on an h100?", "A block is for one GPU model:"),
    ("720 hours of a100 price?", "could i spend them on a h200 instead", "A block is for one GPU model:"),
    ("cuanto cuestan 720h de a100", "puedo usarlas en una h100?",
     "Un bloque es para un solo modelo de GPU:"),
    ("cuanto sale 720 horas de a100", "y esas horas sirven para una h100?",
     "Un bloque es para un solo modelo de GPU:"),
    ("combien coûtent 720h d'a100 ?", "je peux les utiliser sur une h100 ?",
     "Un bloc vaut pour un seul modèle de GPU :"),
]


@pytest.mark.parametrize(("first", "then", "lead"), THOSE_HOURS)
def test_hours_bought_for_one_card_asked_of_another(first: str, then: str, lead: str) -> None:
    before, reply = converse(first, then)
    assert to_json(before)["cost_usd"] == "662.40"
    text = spaced(reply.text)
    assert lead in text, reply.text
    # the block's rule leads, then the same hours priced on the card named
    assert text.index(lead) < text.index("💵"), reply.text
    assert reply.query.gpu in ("h100", "h200") and reply.query.hours == 720
    assert reply.query.service_asked == ("blockmodel",)


@pytest.mark.parametrize("then", ["and on an h100?", "what about h100", "y en una h100?",
                                  "et sur une h100 ?"])
def test_the_same_hours_on_another_card_stay_a_quote(then: str) -> None:
    _, reply = converse("how much is 720h of a100", then)
    assert to_json(reply)["cost_usd"] == "1670.40", reply.text
    assert not reply.query.service_asked


# A run said done with no subject, as chats drop it: the hours are what it took on that card,
# scaled to the one asked (was the two cards compared, the hours dropped).
DONE: list[str] = [
    "trained 1 epoch of qlora llama 3 8b in 6 hours on my 3090, how long on an h100",
    "finetuned llama 3 8b in 6 hours on a 3090, how long on an h100",
    "trained llama 3 8b qlora on a 3090 in 6 hours. how long would an h100 take",
    "ran qlora llama 3 8b in 6h on a 3090. h100?",
    "ok. did 2 epochs of qlora on llama 3 8b in 6h on my 3090, h100?",
    "fait un qlora llama 3 8b en 6h sur ma 3090, et sur h100 ?",
]


@pytest.mark.parametrize("text", DONE)
def test_a_run_said_done_without_a_subject_is_measured(text: str) -> None:
    reply = ask(text)
    assert reply.query.hours_measured and reply.query.hours == 6, reply.text
    assert reply.answer.scaled_time is not None, reply.text


@pytest.mark.parametrize("text", [
    "did anyone qlora llama 3 8b in 6h on a 3090?",
    "can i qlora llama 3 8b in 6h on a 3090 or h100?",
    "ran out of memory in 6h on my 3090 with llama 3 8b qlora",
])
def test_a_run_asked_ahead_is_not_measured(text: str) -> None:
    assert not ask(text).query.hours_measured


def test_a_run_said_done_then_another_card_is_scaled() -> None:
    _, reply = converse("trained qlora llama 3 8b in 6h on my 3090", "and on an h100?")
    assert reply.answer.intent == "compare" and reply.query.hours_measured, reply.text
    assert "for what took 6 hours on 1× RTX 3090" in spaced(reply.text)


# A payment answered, then a short question on it: that payment's network, or when a top-up is
# credited, neither of which the page says (was "I did not understand", or the GPU-hours a job
# takes).
ON_PAYMENT: list[tuple[str, str, str]] = [
    ("can i pay in btc", "which network?", "Our published page does not say on which network BTC is sent:"),
    ("do u take usdt", "what chain?", "Our published page does not say on which network USDT is sent:"),
    ("puedo pagar con btc?", "y en que red?", "Nuestra página publicada no dice en qué red se envía BTC:"),
    ("je peux payer en btc ?", "et sur quel réseau ?",
     "Notre page publiée ne dit pas sur quel réseau envoyer des BTC :"),
    ("can i pay in btc", "and how long until it's credited?",
     "Our published page does not say how long a crypto top-up takes to be credited"),
    ("can i pay with eth?", "is it instant?",
     "Our published page does not say how long a crypto top-up takes to be credited"),
    ("se puede pagar con usdt?", "y cuanto tarda en llegar?",
     "Nuestra página publicada no dice cuánto tarda en acreditarse una recarga en cripto"),
    ("vous acceptez le bitcoin ?", "ça prend combien de temps ?",
     "Notre page publiée ne dit pas en combien de temps une recharge en crypto est créditée"),
    ("can i pay in btc", "ok where do i send it?", "never shows a wallet address"),
]


@pytest.mark.parametrize(("first", "then", "fragment"), ON_PAYMENT)
def test_a_short_question_after_a_payment_stays_on_it(first: str, then: str, fragment: str) -> None:
    _, reply = converse(first, then)
    assert fragment in spaced(reply.text), reply.text
    assert reply.answer.intent in ("pay", "help") and reply.query.follow_up


def test_a_payment_chain_keeps_its_coin_and_language() -> None:
    *_, reply = converse("puedo pagar con btc?", "y en que red?", "y cuanto tarda en llegar?")
    assert "Nuestra página publicada no dice cuánto tarda" in spaced(reply.text), reply.text


def test_a_run_asked_before_a_payment_is_still_continued() -> None:
    *_, reply = converse("qlora llama 3 70b on an a100", "can i pay in btc?", "and on an h100?")
    assert reply.query.gpu == "h100" and reply.query.params_b == 70, reply.text
    assert "from two questions ago" in reply.text  # conv21: the payment was asked between


@pytest.mark.parametrize("then", ["and the minimum?", "thanks", "and eth?"])
def test_what_a_payment_question_answered_alone_is_unchanged(then: str) -> None:
    _, reply = converse("can i pay with usdt?", then)
    assert not reply.query.follow_up, reply.text


# The last question asked again in another language ("and in spanish?", "en français svp"):
# answered again in it (was "I did not understand", in the chat's language).
AGAIN_IN: list[tuple[tuple[str, ...], str, str]] = [
    (("qwen 2.5 32b qlora on l40s", "cheaper option?", "and in spanish?"), "es",
     "Las GPU más baratas para Qwen2.5 32B"),
    (("llama 3 70b qlora", "en h100", "y en francés?"), "fr", "Oui : Llama 3 70B tient sur 1× H100"),
    (("llama 3 70b qlora sur h100", "et avec 2 ?", "en anglais ?"), "en",
     "Yes: Llama 3 70B fits on 2× H100 (QLoRA)."),
    (("llama 3 70b qlora sur h100", "can you answer in english please"), "en",
     "Yes: Llama 3 70B fits on 1× H100 (QLoRA)."),
    (("can i pay in btc", "en español porfa"), "es", "Sí: aceptamos BTC."),
    (("how much is an h100 for 24h", "en français svp"), "fr", "Coût : 55,68 $US"),
]


@pytest.mark.parametrize(("turns", "locale", "fragment"), AGAIN_IN)
def test_the_last_question_asked_again_in_another_language(
        turns: tuple[str, ...], locale: str, fragment: str) -> None:
    *before, reply = converse(*turns)
    assert reply.locale == locale and fragment in spaced(reply.text), reply.text
    assert reply.answer.intent == before[-1].answer.intent


def test_a_language_asked_wins_over_the_one_chosen() -> None:
    *_, reply = converse("qlora llama 3 8b on a 4090", "in french please", locale="en")
    assert reply.locale == "fr" and "Oui : Llama 3 8B tient" in spaced(reply.text), reply.text


def test_the_next_short_question_stays_in_the_language_asked() -> None:
    *_, reply = converse("qlora llama 3 8b on a 4090", "in spanish", "h100?")
    assert reply.locale == "es" and reply.query.gpu == "h100", reply.text


def test_an_alert_is_not_set_again_in_another_language() -> None:
    *_, reply = converse("qlora llama 3 70b on an h100", "alert me when h100 drops below $2",
                         "in french please")
    assert reply.answer.intent == "fit" and reply.locale == "fr", reply.text


@pytest.mark.parametrize("text", ["llama 3 8b in spanish", "do you speak spanish and french?",
                                  "what languages do you speak"])
def test_a_question_naming_a_language_is_not_asked_again(text: str) -> None:
    _, reply = converse("qlora llama 3 8b on a 4090", text)
    assert reply.query.text == text


# "cheapest?" after a run, on a card or none: the cheapest configurations for that run (was our
# cheapest GPU and the price list, the run dropped; Spanish and French after no card too).
CHEAPEST: list[tuple[tuple[str, ...], str]] = [
    (("deepseek r1 distill 32b qlora", "a100?", "cheapest?"),
     "The cheapest GPUs for DeepSeek-R1-Distill-Qwen-32B"),
    (("qlora llama 3 8b on an h100", "whats the cheapest option"), "The cheapest GPUs for Llama 3 8B"),
    (("qlora llama 3 8b", "cheapest?"), "The cheapest GPUs for Llama 3 8B"),
    (("serve llama 3 70b", "least expensive?"), "The cheapest GPUs for Llama 3 70B"),
    (("qlora de llama 3 8b", "la mas barata?"), "Las GPU más baratas para Llama 3 8B"),
    (("qlora de llama 3 8b", "le moins cher ?"), "Les GPU les moins chers pour Llama 3 8B"),
]


@pytest.mark.parametrize(("turns", "lead"), CHEAPEST)
def test_cheapest_after_a_run_is_the_cheapest_for_it(turns: tuple[str, ...], lead: str) -> None:
    *before, reply = converse(*turns)
    assert reply.answer.intent == "recommend" and lead in spaced(reply.text), reply.text
    assert reply.query.params_b == before[-1].query.params_b


def test_cheapest_alone_is_still_our_cheapest_gpu() -> None:
    (reply,) = converse("cheapest?")
    assert reply.answer.intent == "prices", reply.text


# "is that enough?" after a run on a card: that card's verdict for the run again (was "I did not
# understand").
ENOUGH: list[tuple[str, str, str]] = [
    ("qlora llama 3 70b on an a100", "is that enough?", "Yes: Llama 3 70B fits on 1× A100 80GB (QLoRA)."),
    ("serve llama 3 70b on 2x 3090", "is it enough?", "On 2× RTX 3090, Llama 3 70B fits"),
    ("lora llama 3 70b on an a100", "would that be enough", "No: Llama 3 70B does not fit on 1× A100 80GB"),
    ("lora llama 3 70b on an a100", "enough?", "No: Llama 3 70B does not fit on 1× A100 80GB"),
    ("qlora de llama 3 70b en una a100", "alcanza?", "Sí: Llama 3 70B cabe en 1× A100 80GB (QLoRA)."),
    ("qlora de llama 3 70b en una a100", "es suficiente?", "Sí: Llama 3 70B cabe en 1× A100 80GB"),
    ("qlora llama 3 70b sur une a100", "ça suffit ?", "Oui : Llama 3 70B tient sur 1× A100 80GB (QLoRA)."),
    ("qlora llama 3 70b sur une a100", "c'est assez ?", "Oui : Llama 3 70B tient sur 1× A100 80GB"),
]


@pytest.mark.parametrize(("first", "then", "verdict"), ENOUGH)
def test_is_that_enough_after_a_run_on_a_card(first: str, then: str, verdict: str) -> None:
    _, reply = converse(first, then)
    assert reply.query.follow_up and verdict in spaced(reply.text), reply.text


def test_a_short_payment_follow_up_is_in_the_chats_language() -> None:
    _, reply = converse("aceptan usdc?", "en que red?")
    assert "Nuestra página publicada no dice en qué red se envía USDC" in spaced(reply.text), reply.text


@pytest.mark.parametrize(("turns", "locale", "fragment"), [
    (("hi", "in french please"), "fr", "Je vous dis si un modèle tient sur un GPU"),
    (("en español",), "es", "Te digo si un modelo cabe en una GPU"),
])
def test_a_language_asked_with_nothing_to_answer_again_says_what_the_bot_does(
        turns: tuple[str, ...], locale: str, fragment: str) -> None:
    *_, reply = converse(*turns)
    assert reply.locale == locale and fragment in spaced(reply.text), reply.text
