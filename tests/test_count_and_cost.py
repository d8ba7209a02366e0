""""how many h100s and what would it cost per month": the count asked before another question
is still asked (HOW_MANY_FOR read "how many h100s" only at the end of the message or before
"to"/"for"): the count leads, and the month is priced on it (was the 4× A100 it was never
asked about, 50 users "do not fit on 1× H100")."""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline
from bot.understand import understand
from rules.catalogue import load_catalogue

CAT = load_catalogue()
PIPE = Pipeline(CAT, cache_size=0)

ASKED = [
    ("need to serve qwen2.5 72b for ~50 concurrent users at 8k ctx, how many h100s and what "
     "would it cost per month", "en", "🔢 <b>You need 4× H100", "$6,681.60"),
    ("servir qwen2.5 72b a 50 usuarios, cuantas h100 y cuanto costaria al mes", "es",
     "🔢 <b>Necesitas 4× H100", "6.681,60\u00a0US$"),
    ("servir qwen2.5 72b pour 50 utilisateurs, combien de h100 et combien ça coûte par mois",
     "fr", "🔢 <b>", "6\u202f681,60\u00a0$US"),
]


@pytest.mark.parametrize(("text", "lang", "lead", "month"), ASKED)
def test_the_count_leads_and_the_month_is_priced_on_it(
        text: str, lang: str, lead: str, month: str) -> None:
    assert understand(text, CAT).count_asked
    reply = PIPE.ask(text, telegram_locale=lang)
    assert reply.text.startswith(lead), reply.text[:200]
    assert month in reply.text


def test_hours_asked_are_still_hours() -> None:
    assert not understand("how many gpu hours and what cost for lora 70b", CAT).count_asked
