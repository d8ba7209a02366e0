"""The Python phrases behave as Jinja's autoescaped newstyle gettext did."""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from markupsafe import Markup

from bot.render.phrases import Gettext, Phrases
from rules.catalogue import load_catalogue


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        ({"name": "<b>x</b> & y"}, "&lt;b&gt;x&lt;/b&gt; &amp; y (7B parameters)"),
        ({"name": Markup("<i>ok</i>")}, "<i>ok</i> (7B parameters)"),
        ({"name": D("1.5")}, "1.5 (7B parameters)"),
    ],
)
def test_values_are_escaped_unless_markup(values: dict[str, object], expected: str) -> None:
    text = Gettext("en")._("%(name)s (%(size)sB parameters)", size=7, **values)
    assert isinstance(text, Markup) and text == expected


def test_plural_forms_get_num_and_follow_the_locale() -> None:
    one = Gettext("fr").ngettext(
        "%(num)d block of %(size)s GPU-hours", "%(num)d blocks of %(size)s GPU-hours", 1, size="10"
    )
    many = Gettext("fr").ngettext(
        "%(num)d block of %(size)s GPU-hours", "%(num)d blocks of %(size)s GPU-hours", 3, size="10"
    )
    assert one.startswith("1 ") and many.startswith("3 ") and one != many
    assert "GPU" in many and "blocks" not in many  # translated, not the English plural


def test_a_literal_percent_sign_is_written_double_as_in_jinja() -> None:
    assert Gettext("en")._("100%% sure") == "100% sure"


@pytest.mark.parametrize("locale", ["en", "es", "fr"])
def test_per_hour_is_localised(locale: str) -> None:
    ph = Phrases(locale, load_catalogue())
    expected = {"en": "$0.92/hour", "es": "0,92\xa0US$/hora", "fr": "0,92\xa0$US/heure"}
    assert ph.per_hour(D("0.92")) == expected[locale]
