"""Adversarial input through the whole pipeline (understand → engine → render): every reply is
valid Telegram HTML within the length limit, in every locale, and never an exception."""

from __future__ import annotations

import os
from datetime import timedelta

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from bot.i18n import SUPPORTED_LOCALES
from bot.pipeline import JSON_KEYS, Pipeline, to_json
from bot.render.renderer import render_template
from bot.render.telegram_html import MAX_MESSAGE, visible_length
from fakebotapi import validate_telegram_html
from rules.catalogue import load_catalogue
from tests.support.fuzz import FRAGMENTS, NOISE

PIPELINE = Pipeline(load_catalogue())
GUARD = settings(
    deadline=timedelta(seconds=3), max_examples=int(os.environ.get("HOSTILE_EXAMPLES", "250")),
    suppress_health_check=[HealthCheck.too_slow],
)
# The reply of a question that failed inside ("something went wrong"): never an answer.
INTERNAL = {
    render_template("internal_error.html.j2", locale, catalogue=PIPELINE.catalogue)
    for locale in SUPPORTED_LOCALES
}
QUESTIONS = st.lists(
    st.one_of(st.sampled_from(FRAGMENTS), NOISE, st.text(max_size=12)), max_size=30
).map(" ".join)


def _check(text: str, locale: str | None) -> None:
    reply = PIPELINE.ask(text, chosen_locale=locale)
    assert reply.text.strip() and reply.text not in INTERNAL, text
    for part in reply.messages:
        assert validate_telegram_html(part) is None, part
        assert visible_length(part) <= MAX_MESSAGE
    assert tuple(to_json(reply)) == JSON_KEYS


@GUARD
@given(QUESTIONS, st.sampled_from([None, "en", "es", "fr"]))
@example("<script>alert(1)</script> qlora 70b on h100 & <b>", None)
@example("QLoRA " + "9" * 400 + "B on a 4090", "fr")
@example("LoRA 1e999B on 8x H100 for -5 hours below $-3", "es")
@example("\u202e\u200f70B ללמוד QLoRA 🤔" * 40, None)
@example("x" * 4000, "en")
@example("🙂" * 4000, "es")
def test_any_question_gets_a_valid_reply(text, locale):
    _check(text, locale)


@GUARD
@given(st.text(min_size=0, max_size=4000))
def test_any_unicode_gets_a_valid_reply(text):
    _check(text, None)


PREVIOUS = st.sampled_from([
    "can I QLoRA 70B on a 4090?", "llama 3 on an H100", "cost of LoRA 70B on 2x H200 for 12 hours",
    "H100 vs A100 for QLoRA 70B", "cheapest GPU for Llama 3.1 405B", "prices",
    "LoRA 8B with seq len 4096 and 200M tokens on an H100, details",
])


@GUARD
@given(PREVIOUS, QUESTIONS, st.sampled_from([None, "en", "es", "fr"]))
@example("can I QLoRA 70B on a 4090?", "and on 9999 H100s for -3 hours?", "fr")
@example("llama 3 on an H100", "9" * 300 + "B", None)
def test_any_follow_up_gets_a_valid_reply(previous, text, locale):
    before = PIPELINE.ask(previous, chosen_locale=locale).query
    reply = PIPELINE.ask(text, chosen_locale=locale, previous=before)
    assert reply.text.strip() and reply.text not in INTERNAL, text
    for part in reply.messages:
        assert validate_telegram_html(part) is None, part
        assert visible_length(part) <= MAX_MESSAGE
    assert tuple(to_json(reply)) == JSON_KEYS
