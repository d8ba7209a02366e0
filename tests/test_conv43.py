"""conv43: follow-ups people send after a reply in Telegram ("in hours?", "sorry, 4090 not
3090", "how long on each?", ...), each driven through the real pipeline and asserted on what it
keeps from the chat and what it changes."""

from __future__ import annotations

import pytest

from tests.support.chat import converse
from tests.support.chat import says as says_exactly


def _spaces(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def says(body: str, has: list[str], lacks: list[str]) -> None:
    """As tests.support.chat.says, no-break and narrow spaces read as spaces."""
    says_exactly(_spaces(body), [_spaces(p) for p in has], [_spaces(p) for p in lacks])


TWO_CARDS = {
    "en": "3090 or 4090 for qlora llama 3 8b, 10k samples of 1k tokens",
    "es": "3090 o 4090 para qlora de llama 3 8b, 10k ejemplos de 1k tokens",
    "fr": "3090 ou 4090 pour un qlora de llama 3 8b, 10k exemples de 1k tokens",
}


@pytest.mark.parametrize(("lang", "asked", "said"), [
    ("en", "in hours?", ["⏱ <b>Training time for 10 million tokens (1 epoch)</b>",
                         "1× RTX 3090: about 5.68 hours", "1× RTX 4090: about 2.53 hours",
                         "⚖️"]),
    ("en", "in minutes?", ["1× RTX 3090: about 341 minutes (5.68 hours)",
                           "1× RTX 4090: about 152 minutes (2.53 hours)", "⚖️"]),
    ("en", "how many hours?", ["1× RTX 3090: about 5.68 hours", "⚖️"]),
    ("es", "¿en horas?", ["1× RTX 3090: alrededor de 5,68 horas",
                          "1× RTX 4090: alrededor de 2,53 horas", "⚖️"]),
    ("fr", "en minutes ?", ["1× RTX 3090 : environ 341 minutes (5,68 heures)",
                            "1× RTX 4090 : environ 152 minutes (2,53 heures)", "⚖️"]),
])
def test_a_unit_after_two_cards_compared_on_a_run_is_both_times_in_it(
        lang: str, asked: str, said: list[str]) -> None:
    # was "I did not understand"
    _, reply = converse(TWO_CARDS[lang], asked, locale=lang)
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.method, q.gpu, q.other_gpus, q.dataset_tokens) \
        == ("compare", "llama-3-8b", "qlora", "rtx-3090", ("rtx-4090",), 10_000_000), reply.text
    says(reply.text, said, ["🤔"])


def test_days_after_two_priced_cards_compared_say_the_lead_in_days() -> None:
    _, reply = converse("h100 vs a100 for lora llama 3 8b 100k samples 1k tokens", "in days?",
                        locale="en")
    assert reply.answer.intent == "compare", reply.text
    says(reply.text, ["1× H100 finishes sooner (about 3.94 hours (0.2 days) against 12.51 hours "
                      "(0.5 days))"], [])


@pytest.mark.parametrize(("lang", "run", "asked", "said"), [
    ("en", "can i qlora llama 3 8b on a 3090", "sorry, 4090 not 3090",
     "Yes: Llama 3 8B fits on 1× RTX 4090 (QLoRA)."),
    ("en", "can i qlora llama 3 8b on a 3090", "no, on a 4090, not on a 3090",
     "Yes: Llama 3 8B fits on 1× RTX 4090 (QLoRA)."),
    ("es", "¿puedo hacer qlora de llama 3 8b en una 3090?", "perdón, 4090 no 3090",
     "Sí: Llama 3 8B cabe en 1× RTX 4090 (QLoRA)."),
    ("fr", "je peux faire un qlora de llama 3 8b sur une 3090 ?",
     "pardon, une 4090 pas une 3090", "Oui : Llama 3 8B tient sur 1× RTX 4090 (QLoRA)."),
])
def test_a_card_corrected_with_not_the_other_is_that_card_alone(
        lang: str, run: str, asked: str, said: str) -> None:
    # was "RTX 4090 or RTX 3090?": the card ruled out compared with the one meant
    _, reply = converse(run, asked, locale=lang)
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.method, q.gpu, q.other_gpus) == (
        "fit", "llama-3-8b", "qlora", "rtx-4090", ()), reply.text
    says(reply.text, [said], ["⚖️"])


def test_why_not_another_card_still_compares_them() -> None:
    _, reply = converse("can i qlora llama 3 8b on a 3090", "4090 or why not a 3090?",
                        locale="en")
    assert reply.query.other_gpus, reply.text


@pytest.mark.parametrize(("lang", "run", "asked", "said"), [
    ("en", "h100 vs a100 for lora llama 3 8b 100k samples 1k tokens", "and on 2 of each?",
     "2× H100 finishes sooner (about 1.97 hours against 6.26 hours)"),
    ("en", "h100 vs a100 for lora llama 3 8b 100k samples 1k tokens", "what about two each",
     "2× H100 finishes sooner (about 1.97 hours against 6.26 hours)"),
    ("es", "h100 o a100 para lora de llama 3 8b, 100k ejemplos de 1k tokens",
     "¿y con dos de cada una?", "2× H100 termina antes"),
    ("fr", "h100 ou a100 pour un lora de llama 3 8b, 100k exemples de 1k tokens",
     "et avec 2 de chaque ?", "2× H100 finit plus tôt"),
])
def test_some_of_each_after_two_cards_compared_is_both_at_that_count(
        lang: str, run: str, asked: str, said: str) -> None:
    # was "I did not understand"
    _, reply = converse(run, asked, locale=lang)
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.method, q.gpu, q.gpu_count, q.other_gpus,
            q.other_gpu_count, q.dataset_tokens) == (
        "compare", "llama-3-8b", "lora", "h100", 2, ("a100-80gb",), 2, 100_000_000), reply.text
    says(reply.text, [said], ["🤔"])


@pytest.mark.parametrize(("lang", "asked", "said"), [
    ("en", "how long on each?", ["⏱ <b>Training time for 10 million tokens (1 epoch)</b>",
                                 "1× RTX 3090: about 5.68 hours", "1× RTX 4090: about 2.53 hours",
                                 "⚖️"]),
    ("en", "how long for both?", ["1× RTX 3090: about 5.68 hours", "⚖️"]),
    ("es", "¿cuánto tarda en cada una?", ["1× RTX 3090: alrededor de 5,68 horas",
                                          "1× RTX 4090: alrededor de 2,53 horas", "⚖️"]),
    ("fr", "combien de temps sur chacune ?", ["1× RTX 3090 : environ 5,68 heures",
                                              "1× RTX 4090 : environ 2,53 heures", "⚖️"]),
])
def test_how_long_on_each_after_two_cards_compared_on_a_run_is_both_times(
        lang: str, asked: str, said: list[str]) -> None:
    # was the first card's time alone ("about 5.68 hours on 1× RTX 3090"), the other dropped
    _, reply = converse(TWO_CARDS[lang], asked, locale=lang)
    q = reply.query
    assert (reply.answer.intent, q.gpu, q.other_gpus, q.dataset_tokens) == (
        "compare", "rtx-3090", ("rtx-4090",), 10_000_000), reply.text
    says(reply.text, said, ["🤔"])
