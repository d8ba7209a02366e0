"""Every answer renders in every locale as valid Telegram HTML within the limits."""

from __future__ import annotations

import re
from decimal import Decimal as D

import pytest

from bot.answer import build_answer
from bot.render.format import Formatter
from bot.render.renderer import render_answer
from bot.render.telegram_html import MAX_MESSAGE, split_message, visible_length
from fakebotapi import validate_telegram_html
from rules.catalogue import load_catalogue
from tests.support.queries import REALISTIC, q

LOCALES = ("en", "es", "fr")
CAT = load_catalogue()




@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("name", sorted(REALISTIC))
def test_every_answer_renders_as_valid_telegram_html(name, locale):
    text = render_answer(build_answer(REALISTIC[name], CAT), locale, CAT)
    assert text.strip()
    for part in split_message(text):
        assert validate_telegram_html(part) is None, part
        assert visible_length(part) <= MAX_MESSAGE
    # No template leaks: undefined values, raw Python objects, unformatted decimals.
    assert "None" not in text and "{{" not in text and "Decimal(" not in text


@pytest.mark.parametrize("name", ["fit_no", "quote_given", "prices", "pay", "err_unknown_gpu"])
def test_spanish_and_french_are_not_english(name):
    en = render_answer(build_answer(REALISTIC[name], CAT), "en", CAT)
    for locale in ("es", "fr"):
        assert render_answer(build_answer(REALISTIC[name], CAT), locale, CAT) != en


@pytest.mark.parametrize(
    ("locale", "usd", "gb", "big", "hours", "listing"),
    [
        ("en", "$0.92", "52.5 GB", "1,120 GB", "10 hours", "BTC, USDT, and ETH"),
        ("es", "0,92\xa0US$", "52,5\xa0GB", "1.120\xa0GB", "10\xa0horas", "BTC, USDT y ETH"),
        ("fr", "0,92\xa0$US", "52,5\u202fGo", "1\u202f120\u202fGo", "10\xa0heures", "BTC, USDT et ETH"),
    ],
)
def test_cldr_formatting(locale, usd, gb, big, hours, listing):
    fmt = Formatter(locale)
    assert fmt.usd(D("0.92")) == usd
    assert fmt.gb(D("52.50")) == gb
    assert fmt.gb(D(1120)) == big
    assert fmt.hours(D(10)) == hours
    assert fmt.list(["BTC", "USDT", "ETH"]) == listing


def test_money_rounds_half_up_only_at_presentation():
    fmt = Formatter("en")
    assert fmt.usd(D("0.125")) == "$0.13"
    assert fmt.usd(D("774.48")) == "$774.48"
    assert fmt.usd_exact(D("5.4325")) == "$5.4325"


def test_split_keeps_every_part_valid_and_within_the_limit():
    line = "• <b>QLoRA</b>: ≈ 52.5 GB &amp; more 🙂"
    text = "\n".join([line] * 400)
    parts = split_message(text)
    assert len(parts) > 1
    assert all(visible_length(p) <= MAX_MESSAGE for p in parts)
    assert all(validate_telegram_html(p) is None for p in parts)
    assert sum(p.count("<b>QLoRA</b>") for p in parts) == 400


def test_split_cuts_a_single_enormous_line_as_plain_text():
    text = "<b>" + "x&lt;" * 3000 + "</b>"
    parts = split_message(text)
    assert len(parts) == 2
    assert all(validate_telegram_html(p) is None for p in parts)
    assert "".join(parts).count("&lt;") == 3000


def test_user_text_is_escaped_in_replies():
    answer = build_answer(q(intent="fit", params_b=D(7), gpu_text="<script>&"), CAT)
    text = render_answer(answer, "en", CAT)
    assert "<script>" not in text and "&lt;script&gt;&amp;" in text
    assert re.search(r"Did you mean", text) is None or "H100" in text
