""""whats cheaper per hour, 2 a100s or 1 h100": the hour's price answers first, both prices
said, then what a run costs (was the run's cost alone, which names the side that is dearer by
the hour). "which is cheaper" with no hour keeps the run's cost first."""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline
from bot.understand import understand
from rules.catalogue import load_catalogue

CAT = load_catalogue()
PIPE = Pipeline(CAT, cache_size=0)


@pytest.mark.parametrize(("text", "per_hour"), [
    ("whats cheaper per hour, 2 a100s or 1 h100", True),
    ("h100 vs a100 which is cheaper hourly", True),
    ("cual es mas barata por hora, la h100 o la a100?", True),
    ("lequel est moins cher à l'heure, h100 ou a100 ?", True),
    ("which is cheaper, h100 or a100", False),
    ("is it cheaper to fine tune on an h100 or an a100", False),
])
def test_the_hour_is_read(text: str, per_hour: bool) -> None:
    query = understand(text, CAT)
    assert query.intent == "compare" and query.cheaper_asked
    assert query.per_hour_asked is per_hour


@pytest.mark.parametrize(("text", "lang", "first"), [
    ("whats cheaper per hour, 2 a100s or 1 h100", "en",
     "💵 <b>2× A100 80GB costs less per hour: $1.84/hour against $2.32/hour for 1× H100.</b> "
     "Per run, though, 1× H100 finishes sooner and for less at the same utilization: about 80% "
     "of what it costs on 2× A100 80GB (the GPUs assumed to scale linearly)."),
    ("h100 vs a100 which is cheaper hourly", "en",
     "💵 <b>The A100 80GB costs less per hour: $0.92/hour against $2.32/hour for the H100.</b> "
     "Per run, though, the H100 finishes sooner"),
    ("cual es mas barata por hora, la h100 o la a100?", "es",
     "💵 <b>La A100 80GB cuesta menos por hora: 0,92\u00a0US$/hora frente a 2,32\u00a0US$/hora de "
     "la H100.</b> Por entrenamiento, en cambio, la H100 termina antes"),
    ("lequel est moins cher à l'heure, h100 ou a100 ?", "fr",
     "💵 <b>L'A100 80GB coûte moins cher de l'heure\u00a0: 0,92\u00a0$US/heure contre "
     "2,32\u00a0$US/heure pour le H100.</b> Par entraînement, en revanche, le H100"),
    # the cheaper by the hour is the cheaper per run too: said once, not contradicted
    ("l40s or a100 which is cheaper per hour", "en",
     "💵 <b>The L40S costs less per hour: $0.82/hour against $0.92/hour for the A100 80GB.</b> "
     "The L40S costs less both per hour and per run"),
])
def test_the_price_per_hour_leads(text: str, lang: str, first: str) -> None:
    reply = PIPE.ask(text, telegram_locale=lang)
    assert reply.text.startswith(first), reply.text[:300]
    assert reply.text.count("costs less per hour") <= 1


def test_a_run_cost_question_still_leads_with_the_run() -> None:
    text = PIPE.ask("which is cheaper, h100 or a100").text
    assert text.startswith("💵 <b>At the same utilization the H100 finishes a run sooner")


@pytest.mark.parametrize(("text", "lang", "pay"), [
    # a comparison and a payment in one message: both answered (was the payment alone)
    ("whats cheaper per hour 2xa100 or 1xh100 and can i pay in usdt", "en",
     "✅ <b>Yes: we take USDT.</b>"),
    ("que sale mas barato por hora, la h100 o la a100? y aceptan bitcoin?", "es",
     "✅ <b>Sí: aceptamos BTC.</b>"),
    ("h100 ou a100, lequel est moins cher, et vous prenez le monero ?", "fr",
     "✅ <b>Oui\u00a0: nous acceptons XMR.</b>"),
])
def test_a_payment_beside_a_comparison(text: str, lang: str, pay: str) -> None:
    reply = PIPE.ask(text, telegram_locale=lang)
    assert reply.answer.intent == "compare" and reply.answer.query.pay_also
    assert reply.text.startswith("💵 <b>") and "⚖️" in reply.text
    assert pay in reply.text.split("⚖️", 1)[1]  # after the comparison
