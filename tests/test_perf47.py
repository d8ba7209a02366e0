"""perf47 (#16): a question's runs of letters are split once (screen.letter_runs) and its
runs' openings cut from them (screen.run_heads) instead of a second scan of the same text:
the openings must be those the scan finds, whatever the text."""

from __future__ import annotations

import re

import pytest

from bot.understand import screen
from bot.understand.followup import _word_tokens
from bot.understand.normalise import forget_fold

# The scan run_heads made of every text before: each match a whole run, its group the openings.
_SCAN = re.compile(r"([a-z]{1,3})[a-z]*")

TEXTS = [
    "",
    "   ",
    "8x h100 80gb",
    "can i qlora 274.2b on 5x a10?",
    "a b cd efg hijk lmnop",  # runs shorter than, as long as and longer than the openings
    "h100nvl sxm5 a6000ada rtx4090",  # letters glued to digits on both sides
    "¿cuánto cuesta una rtx 4090 por hora?",  # letters outside a-z end a run
    "Qwen2.5-72B-Instruct",  # capitals are no a-z letters
    "previens-moi quand l'h100 baisse",
    "snake_case_name per_device_train_batch_size=4",
    "ñandú ça état x",
    "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz",
]


@pytest.mark.parametrize("text", TEXTS)
def test_openings_cut_from_the_runs_are_the_scans(text: str) -> None:
    screen.forget_texts()
    assert screen.letter_runs(text) == re.findall(r"[a-z]+", text)
    assert screen.run_heads(text) == _SCAN.findall(text)


@pytest.mark.parametrize("text", TEXTS)
def test_another_texts_runs_are_not_used(text: str) -> None:
    screen.forget_texts()
    screen.letter_runs("abcdef ghi jk")
    assert screen.run_heads(text) == _SCAN.findall(text)
    assert screen.letter_runs(text) == re.findall(r"[a-z]+", text)


def test_a_cold_question_forgets_the_runs() -> None:
    forget_fold()
    runs = screen.letter_runs("lora on a 4090")
    assert screen.letter_runs("lora on a 4090") is runs  # split once
    forget_fold()
    assert screen.letter_runs("lora on a 4090") is not runs


@pytest.mark.parametrize("text", [
    *TEXTS,
    "and in spanish?",
    "peux-tu repondre en anglais",
    "s'il te plait en espagnol",
    "en francais svp",
    "-- - ' '' a-b a'b -a b- 'a b'",
    "x-ray-y's it''s",
])
def test_language_asked_words_are_the_patterns(text: str) -> None:
    forget_fold()
    assert _word_tokens(text) == re.findall(r"[a-z][a-z'-]*", text)
    screen.letter_runs(text)  # the runs known first
    assert _word_tokens(text) == re.findall(r"[a-z][a-z'-]*", text)
