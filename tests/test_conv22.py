"""conv22: a chat's follow-ups and several requests in one message, as people write them
(tests.support.chat.converse), en/es/fr: each reply asserted."""

from __future__ import annotations

import pytest

from tests.support.chat import converse, says

# After a run on cards counted ("on 1 h100", "on 2 h100"), a bare number counts them again
# (was "2 of what?"); after a run on "an h100" (no count said) it is still asked back.
COUNTED = [
    ("en", "qlora llama3 70b on 1 h100", "what about 2", 2, "Llama 3 70B fits on 2× H100"),
    ("en", "lora llama 3 70b on 2 h100", "and 8?", 8, "Llama 3 70B fits on 8× H100"),
    ("en", "lora llama 3 70b on 4 a100s", "what about 8?", 8, "on 8× A100 80GB"),
    ("es", "qlora llama3 70b en 1 h100", "y con 2?", 2, "Llama 3 70B cabe en 2× H100"),
    ("es", "lora de llama 3 70b en 2 h100", "¿y 4?", 4, "Llama 3 70B cabe en 4× H100"),
    ("fr", "qlora llama3 70b sur 1 h100", "et à 2 ?", 2, "Llama 3 70B tient sur 2× H100"),
    ("fr", "lora llama 3 70b sur 2 h100", "et 4 ?", 4, "Llama 3 70B tient sur 4× H100"),
]


@pytest.mark.parametrize(("lang", "run", "bare", "count", "lead"), COUNTED)
def test_a_bare_number_after_cards_counted_counts_them(
        lang: str, run: str, bare: str, count: int, lead: str) -> None:
    before, after = converse(run, bare)
    q = after.query
    assert after.locale == lang, after.text
    assert (q.intent, q.gpu, q.gpu_count, q.count_unclear) == ("fit", before.query.gpu, count, None)
    assert (q.model_id, q.method) == (before.query.model_id, before.query.method)
    says(after.text, ["↪️", lead], ["🤔", "❓"])


@pytest.mark.parametrize(("run", "bare", "asked"), [
    ("qlora llama3 70b on an h100", "what about 2", "❓ <b>2 of what?</b>"),
    ("qlora de llama 3 70b en una 4090", "¿y 2?", "❓ <b>¿2 de qué?</b>"),
])
def test_a_bare_number_after_one_card_is_still_asked_back(run: str, bare: str, asked: str) -> None:
    _, after = converse(run, bare)
    assert after.text.startswith(asked), after.text
