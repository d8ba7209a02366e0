"""Percent alerts keep their direction: "tell me when the H100 drops 10%" waits for a drop of
10 % (a rise is not news), "avísame cuando la H200 suba un 5%" for a rise; a move either way
is still a two-way alert. Stored (migration 0004), listed and said back in each language."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from bot.alerts import AlertServices
from bot.alerts.feed import RawPriceList
from bot.alerts.matching import initial_state
from bot.alerts.model import Kind, Reason, still_holds
from bot.alerts.service import AlertService
from bot.alerts.subscriptions import parse_alert_args
from bot.pipeline import Pipeline
from bot.settings import Settings
from bot.storage.engine import Database
from bot.understand import understand
from rules.catalogue import Catalogue, load_catalogue
from tests.support.alerts_helpers import USER, Seed, deliveries, run, seed

D = Decimal


def test_a_drop_alert_waits_for_a_drop_and_a_rise_alert_for_a_rise() -> None:
    start = D(2)
    prices = [D("2.30"), D("1.95"), D("1.79"), D("2.10"), D("1.60")]
    down = run(initial_state("percent_down", D(10), start), prices, start)
    # +15 % is not news; -10.5 % from $2 is; then measured from $1.79: -10.6 % again.
    assert [r is not None for r in down] == [False, False, True, False, True]
    assert down[2] == Reason("percent_down", D(10), since=D(2), moved_percent=D("-10.5"))
    up = run(initial_state("percent_up", D(10), start), prices, start)
    assert [r is not None for r in up] == [True, False, False, False, False]
    either = run(initial_state("percent", D(10), start), prices, start)
    assert [r is not None for r in either] == [True, True, False, False, True]


def test_a_directed_reason_still_holds_only_while_the_move_is_that_way() -> None:
    reason = Reason("percent_down", D(10), since=D(2), moved_percent=D(-11))
    assert still_holds(reason, D("1.70")) is not None
    assert still_holds(reason, D("2.40")) is None  # a newer change went up instead
    assert still_holds(Reason("percent", D(10), since=D(2)), D("2.40")) is not None


@pytest.mark.parametrize(("args", "kind"), [
    ("h100 -10%", "percent_down"), ("h100 +10%", "percent_up"), ("h100 −10%", "percent_down"),
    ("h100 10%", "percent"), ("h100 - 10 %", "percent_down"),
])
def test_a_signed_percentage_in_the_command_is_a_direction(args: str, kind: Kind) -> None:
    spec = parse_alert_args(args.split(), load_catalogue())
    assert (spec.gpu_id, spec.kind, spec.threshold) == ("h100", kind, D(10))


SAID: list[tuple[str, str, Kind, str, str]] = [
    ("tell me when the h100 drops 10%", "en", "percent_down",
     "when the H100 price drops by 10% or more", "H100 drops by 10% or more"),
    ("alert me if h100 price goes up by 5%", "en", "percent_up",
     "when the H100 price rises by 5% or more", "H100 rises by 5% or more"),
    ("notify me when h100 moves 10%", "en", "percent",
     "when the H100 price moves by 10% or more", "H100 moves by 10% or more"),
    ("avísame cuando la h100 baje un 10%", "es", "percent_down",
     "cuando el precio de la H100 baje un 10\u00a0% o más", "El precio de la H100 baja un 10\u00a0% o más"),
    ("avísame si la h100 se encarece un 10%", "es", "percent_up",
     "cuando el precio de la H100 suba un 10\u00a0% o más", "El precio de la H100 sube un 10\u00a0% o más"),
    ("préviens-moi quand le h100 baisse de 10 %", "fr", "percent_down",
     "quand le prix du H100 baisse de 10\u00a0% ou plus", "Le prix du H100 baisse de 10\u00a0% ou plus"),
    ("préviens-moi si le prix du h100 augmente de 10%", "fr", "percent_up",
     "quand le prix du H100 augmente de 10\u00a0% ou plus", "Le prix du H100 augmente de 10\u00a0% ou plus"),
]


@pytest.mark.parametrize(("text", "lang", "kind", "said", "listed"), SAID)
async def test_an_alert_asked_in_words_keeps_its_direction_and_says_it_back(
    db_url: str, tmp_path: Path, text: str, lang: str, kind: Kind, said: str, listed: str
) -> None:
    catalogue = load_catalogue()
    query = understand(text, catalogue)
    preview = Pipeline(catalogue, cache_size=0).ask(text).text.replace("\u202f", "\u00a0")
    assert said in preview, preview
    settings = Settings(_env_file=None, database_url=db_url)  # type: ignore[call-arg]
    alerts = AlertServices.from_settings(settings, catalogue=catalogue)
    try:
        await alerts.service.ensure_baseline()
        reply = await alerts.subscribe_text(query, USER, USER, lang)
        assert said in reply.replace("\u202f", "\u00a0"), reply
        (view,) = await alerts.subscriptions.list(USER)
        assert (view.gpu_id, view.kind) == ("h100", kind)
        assert view.threshold == (D(5) if "5%" in text else D(10))
        shown = await alerts.list_text(USER, lang)
        assert listed in shown.replace("\u202f", "\u00a0"), shown
    finally:
        await alerts.db.dispose()


async def test_a_price_change_reaches_only_the_alerts_waiting_for_its_direction(
    db: Database, service: AlertService, catalogue: Catalogue
) -> None:
    await seed(db, [
        Seed(1, "h100", "percent_down", D(5), locale="en"),
        Seed(2, "h100", "percent_up", D(5), locale="es"),
        Seed(3, "h100", "percent", D(5), locale="fr"),
    ], await service.current_prices())
    await service.apply_price_list(RawPriceList("test", {"h100": "2.10"}))  # -9.5 %
    assert sorted(r.chat_id for r in await deliveries(db)) == [1, 3]
    await service.apply_price_list(RawPriceList("test", {"h100": "2.60"}))  # +12 % from 2.32
    assert sorted(r.chat_id for r in await deliveries(db)) == [1, 2, 3, 3]
