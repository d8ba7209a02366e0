"""English questions the bot misread (probe-en8a): more hours in a day than it has, or days in a
week, were priced as said."""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue
from tests.support.chat import converse

CAT = load_catalogue()


def _ask(text: str, locale: str | None = None) -> dict[str, object]:
    return to_json(Pipeline(CAT).ask(text, chosen_locale=locale))


# --- a day of more than 24 hours, a week of more than 7 days -------------------------------------


@pytest.mark.parametrize(("text", "locale", "lead"), [
    ("h100 25 hours a day for a week", None, "⚠️ A day has 24 hours, so 25 hours a day"),
    ("rent an a100 30h a day", None, "⚠️ A day has 24 hours, so 30 hours a day"),
    ("h100 8 hours a day for 9 days a week", None, "⚠️ A week has 7 days, so 9 days a week"),
    ("h100 25 horas al dia durante una semana", "es",
     "⚠️ Un día tiene 24 horas: no se pueden usar 25 horas al día"),
    ("h100 8h par jour 9 jours par semaine pendant un mois", "fr",
     "⚠️ Une semaine compte 7 jours\u00a0: impossible d'utiliser 9 jours par semaine"),
])
def test_an_impossible_day_or_week_is_said_not_priced(text: str, locale: str | None,
                                                      lead: str) -> None:
    """Was "You pay $69.60 … 25 hours" for 25 hours a day, and 72 hours for 9 days a week."""
    got = _ask(text, locale)
    assert str(got["text"]).startswith(lead), got["text"]
    assert got["error"] == "invalid_hours"
    assert got["cost_usd"] is None


@pytest.mark.parametrize(("text", "hours"), [
    ("h100 8 hours a day 5 days a week for a month", "168"),
    ("h100 8h/day for 2 weeks", "112"),
    ("h100 24 hours a day for a week", "168"),
])
def test_a_possible_day_is_still_priced(text: str, hours: str) -> None:
    got = _ask(text)
    assert got["error"] is None and str(got["hours"]) == hours, got["text"]


def test_an_impossible_day_said_after_a_week_priced_is_said() -> None:
    _, daily = converse("how much is an h100 for a week", "what if i only need it 25 hours a day")
    assert daily.answer.error == "invalid_hours", daily.text
    assert daily.text.startswith("⚠️ A day has 24 hours"), daily.text
