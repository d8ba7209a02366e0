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
