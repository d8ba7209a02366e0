"""split_message: every part fits Telegram's limit (in UTF-16 units, after entities), is valid
HTML, and together the parts say exactly what the whole said, in order."""

from __future__ import annotations

import html
import re
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.render.telegram_html import MAX_MESSAGE, split_message, visible_length
from fakebotapi import validate_telegram_html
from tests.support.profiles import examples

WORDS = st.sampled_from(["GPU", "70B", "≈ 52,5 Go", "🙂", "𝔘", "&amp;", "&lt;", "x" * 50, "é", " "])
PLAIN = st.lists(WORDS, min_size=0, max_size=12).map("".join)
LINE = st.one_of(
    PLAIN,
    PLAIN.map(lambda s: f"<b>{s}</b>"),
    st.tuples(PLAIN, PLAIN).map(lambda p: f"• <i>{p[0]}</i>: <code>{p[1]}</code>"),
    st.integers(1, 300).map(lambda n: "<b>" + "y&gt;" * n + "</b>"),  # long one-line element
)
TEXTS = st.lists(LINE, min_size=1, max_size=60).map("\n".join)


def _visible(text: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", text))


@settings(max_examples=examples(150), deadline=None)
@given(TEXTS, st.sampled_from([MAX_MESSAGE, 200, 64, 17]))
def test_parts_fit_are_valid_and_keep_the_text(text: str, limit: int) -> None:
    parts = split_message(text, limit)
    if text.strip():
        assert all(p.strip() for p in parts)
    for part in parts:
        assert visible_length(part) <= limit
        assert validate_telegram_html(part) is None, part
    # Nothing lost, nothing repeated, nothing reordered (newlines aside: a cut replaces one).
    squash = lambda s: re.sub(r"\s+", "", s)  # noqa: E731
    assert squash("".join(_visible(p) for p in parts)) == squash(_visible(text))
    if visible_length(text) <= limit:
        assert parts == [text]


def test_exactly_the_limit_is_one_message_and_one_more_is_two() -> None:
    line = "a" * 99
    text = "\n".join([line] * 40) + "\n" + "b" * 95  # 40 × 100 + 95 = 4095 ...
    text += "c"  # ... + 1 = 4096 visible units
    assert visible_length(text) == MAX_MESSAGE
    assert split_message(text) == [text]
    longer = text + "d"
    parts = split_message(longer)
    assert len(parts) == 2 and all(visible_length(p) <= MAX_MESSAGE for p in parts)
    assert parts[0] == "\n".join([line] * 40)  # cut at the last line boundary that fits


def test_emoji_count_twice_as_telegram_counts_utf16() -> None:
    assert visible_length("🙂") == 2 and visible_length("é") == 1
    assert visible_length("<b>&lt;x&gt;</b>") == 3
    text = "🙂" * 2049  # 4098 UTF-16 units, one line: cut as plain text
    parts = split_message(text)
    sizes = [visible_length(p) for p in parts]
    assert len(sizes) == 2 and max(sizes) <= MAX_MESSAGE and sum(sizes) == 4098


@settings(max_examples=examples(100), deadline=None)
@given(st.lists(PLAIN.filter(lambda s: len(s.strip()) > 0), min_size=2, max_size=80),
       st.sampled_from([MAX_MESSAGE, 120, 60]))
def test_line_splits_are_greedy(lines: list[str], limit: int) -> None:
    """Each part takes as many whole lines as fit: the next part's first line would not."""
    lines = [line.strip() for line in lines if visible_length(line.strip()) <= limit]
    text = "\n".join(lines)
    parts = split_message(text, limit)
    for part, following in pairwise(parts):
        first = following.split("\n")[0]
        assert visible_length(part) + 1 + visible_length(first) > limit


def test_a_long_line_is_cut_into_full_chunks() -> None:
    parts = split_message("<b>" + "x" * 10_000 + "</b>")
    assert [visible_length(p) for p in parts] == [4096, 4096, 1808]
    tagged = split_message("<i>" + "a" * 50 + "</i>\nrest", 40)
    assert all(validate_telegram_html(p) is None for p in tagged)
    assert [visible_length(p) for p in tagged] == [40, 15]  # the rest joins the last chunk


def test_a_part_takes_every_line_that_fits_exactly_and_keeps_each_as_written() -> None:
    """Limit 20: a part of exactly 20 visible units is full, not over; each part counts from
    zero; a line that fits keeps its tags (also at exactly the limit), its edge spaces and
    letters."""
    lines = ["<b>Xa</b>", "y" * 16 + "X", "z" * 16, " X ", "<i>" + "w" * 20 + "</i>", " X"]
    assert split_message("\n".join(lines), 20) == [
        "<b>Xa</b>\n" + "y" * 16 + "X",   # 2 + 1 + 17
        "z" * 16 + "\n X ",                # 16 + 1 + 3
        "<i>" + "w" * 20 + "</i>",         # 20
        " X",
    ]


@settings(max_examples=examples(150), deadline=None)
@given(TEXTS)
def test_a_text_is_never_shorter_than_what_telegram_shows_of_it(text: str) -> None:
    """split_message's shortcut: a reply whose own UTF-16 length fits is one message."""
    assert visible_length(text) <= len(text.encode("utf-16-le")) // 2


def test_a_reply_within_the_limit_as_written_is_not_parsed(monkeypatch: pytest.MonkeyPatch) -> None:
    import bot.render.telegram_html as telegram_html

    def parsed(text: str) -> int:
        raise AssertionError("parsed")

    monkeypatch.setattr(telegram_html, "visible_length", parsed)
    text = "🧮 <b>" + "é&amp;" * 675 + "</b>"  # 4,060 UTF-16 units as written
    assert split_message(text) == [text]
