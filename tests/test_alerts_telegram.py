"""The Telegram side of alerts: the real PTB application against the fake Bot API."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from bot.alerts import AlertServices
from bot.alerts.chart import render_history_png
from bot.alerts.subscriptions import AlertInputError, parse_alert_args
from bot.settings import Settings
from bot.storage.models import Subscription, User
from bot.understand import understand
from bot.understand.query import Query
from fakebotapi import validate_telegram_html
from rules.catalogue import Catalogue, load_catalogue
from tests.support.alerts_helpers import (
    ADMIN,
    USER,
    outbox_counts,
    packaged_prices,
    say,
)

pytestmark = pytest.mark.timed_fake  # conftest's api: the timed fake, recording no calls

D = Decimal


# ----------------------------------------------------------------------------- parsing


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ("h100", ("h100", "any", None)),
        ("H100 below 2", ("h100", "below", D(2))),
        ("h100 under $2.50", ("h100", "below", D("2.50"))),
        ("a100 80gb bajo 0,80", ("a100-80gb", "below", D("0.80"))),
        ("h200 sous 3", ("h200", "below", D(3))),
        ("h100 above 3", ("h100", "above", D(3))),
        ("b200 au-dessus 5", None),
        ("b200 dessus 5", ("b200", "above", D(5))),
        ("h100 10%", ("h100", "percent", D(10))),
        ("h100 7,5 %", ("h100", "percent", D("7.5"))),
        ("rtx 4090", ("rtx-4090", "any", None)),
    ],
)
def test_alert_arguments(catalogue: Catalogue, args: str, expected: Any):
    if expected is None:
        with pytest.raises(AlertInputError):
            parse_alert_args(args.split(), catalogue)
        return
    spec = parse_alert_args(args.split(), catalogue)
    assert (spec.gpu_id, spec.kind, spec.threshold) == expected


@pytest.mark.parametrize(
    ("args", "code"),
    [("", "usage"), ("h1000 below 2", "unknown_gpu"), ("h100 below -2", "bad_threshold"),
     ("h100 below two", "bad_threshold"), ("h100 0%", "bad_percent"),
     ("h100 500%", "bad_percent"), ("h100 sideways 2", "usage"), ("h100 below", "usage")],
)
def test_bad_alert_arguments(catalogue: Catalogue, args: str, code: str):
    with pytest.raises(AlertInputError) as exc:
        parse_alert_args(args.split(), catalogue)
    assert exc.value.code == code


# ----------------------------------------------------------------------------- the send function


# The send function's error mapping: tests/test_alerts_direct_send.py::test_outcomes_match,
# on the PTB path and the direct one alike.


# ----------------------------------------------------------------------------- the app


async def test_alert_commands_list_and_remove_buttons(alerts_app):
    api, alerts, generic = alerts_app
    reply = await say(api, USER, "/alert h100 below 2")
    assert "Alert set: when the H100 drops below $2 per hour" in reply.plain_text
    assert "Now: $2.32/hour" in reply.plain_text
    reply = await say(api, USER, "/alert h200 10%", lang="es")
    assert "10\u00a0%" in reply.plain_text and "3,07" in reply.plain_text  # Spanish formatting
    reply = await say(api, USER, "/alert h100 below 2")
    assert "already have this alert" in reply.plain_text
    reply = await say(api, USER, "/alert h1000")
    assert "H100" in reply.plain_text  # a suggestion
    assert "/alert h100 below 2" in (await say(api, USER, "/alert")).plain_text

    listing = await say(api, USER, "/alerts")
    assert "1. H100 drops below $2" in listing.plain_text
    buttons = [b for row in listing.reply_markup["inline_keyboard"] for b in row]
    assert [b["text"] for b in buttons] == ["✖ 1", "✖ 2"]
    assert all(b["callback_data"].startswith("unalert:") for b in buttons)
    assert all(len(b["callback_data"].encode()) <= 64 for b in buttons)

    answers = len(api.callback_answers)
    api.push_callback_query(USER, listing.message_id, buttons[0]["callback_data"])
    await api.wait_for(lambda: len(api.callback_answers) > answers, 10, what="answer")
    await api.wait_for(lambda: "H100" not in (api.get_message(USER, listing.message_id)
                                             .plain_text or ""), 10, what="edit")
    edited = api.get_message(USER, listing.message_id)
    assert "H200" in (edited.plain_text or "")
    assert [b["text"] for row in edited.reply_markup["inline_keyboard"] for b in row] == ["✖ 1"]
    assert api.callback_answers[-1].get("text") == "Alert removed."
    assert generic == []  # the runner's catch-all never saw (nor re-answered) the button

    reply = await say(api, USER, "/unalert h200")
    assert "Removed 1 alert for the H200" in reply.plain_text
    assert "no price alerts" in (await say(api, USER, "/alerts")).plain_text
    async with alerts.db.sessions() as session:
        subs = list(await session.scalars(select(Subscription)))
    assert len(subs) == 2 and not any(s.active for s in subs)


async def test_setprice_fans_out_and_blocked_users_stop(alerts_app):
    api, alerts, _ = alerts_app
    await say(api, USER, "/alert h100", lang="fr")
    await say(api, USER + 1, "/alert h100 below 2.20")
    await say(api, USER + 2, "/alert h100")
    api.block_chat(USER + 2)

    assert "administrators" in (await say(api, USER, "/setprice h100 1")).plain_text
    refused = await say(api, ADMIN, "/setprice h100 9")
    assert "refused" in refused.plain_text and "over the 50%" in refused.plain_text
    before = {chat: api.message_count(chat) for chat in (USER, USER + 1)}
    applied = await say(api, ADMIN, "/setprice h100 2.10")
    assert "1 price changed" in applied.plain_text and "3 alerts queued" in applied.plain_text

    fr = await api.wait_for_messages(before[USER] + 1, chat_id=USER, timeout=10)
    assert "2,32\u00a0$US → 2,10\u00a0$US" in fr[-1].plain_text
    en = await api.wait_for_messages(before[USER + 1] + 1, chat_id=USER + 1, timeout=10)
    assert "below your $2.20 threshold" in en[-1].plain_text

    async def blocked() -> bool:
        async with alerts.db.sessions() as session:
            user = await session.get(User, USER + 2)
            return bool(user and user.blocked)

    for _ in range(100):
        if await blocked():
            break
        await asyncio.sleep(0.05)
    assert await blocked()
    async with alerts.db.sessions() as session:
        sub = (await session.scalars(
            select(Subscription).where(Subscription.user_id == USER + 2))).one()
    assert not sub.active
    # Forced past the jump limit: the "any" subscriber hears of it; the "below 2.20" one is
    # silently re-armed (the price crossed back up); the blocked one is gone.
    forced = await say(api, ADMIN, "/setprice h100 9 force")
    assert "1 price changed" in forced.plain_text and "1 alert queued" in forced.plain_text


async def test_history_chart_and_reload(alerts_app, tmp_path: Path):
    api, alerts, _ = alerts_app
    await say(api, ADMIN, "/setprice h100 2.10")
    photo = await say(api, USER, "/history h100", lang="fr")
    assert photo.kind == "photo" and photo.file is not None
    assert photo.file.data.startswith(b"\x89PNG")
    assert "2,10\u00a0$US" in (photo.plain_text or "")  # the caption, in French
    assert "Usage" in (await say(api, USER, "/history")).plain_text

    prices = Path(alerts.settings.prices_source)
    prices.write_text("{oops")
    refused = await say(api, ADMIN, "/reload")
    assert "refused" in refused.plain_text
    prices.write_text(json.dumps({"prices": {**packaged_prices(), "b200": "4.40"}}))
    applied = await say(api, ADMIN, "/reload")
    assert "B200: $4.61 → $4.40/hour" in applied.plain_text
    assert (await alerts.service.current_prices())["b200"] == D("4.40")
    assert (await outbox_counts(alerts.db)).get("pending", 0) == 0


def test_history_png_is_drawn_headless():
    now = dt.datetime(2026, 11, 30, tzinfo=dt.UTC)
    points = [(now - dt.timedelta(days=30), D("2.32")), (now - dt.timedelta(days=3), D("2.10"))]
    png = render_history_png(points, "H100", "es", now)
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 5_000
    single = render_history_png(points[:1], "H100", "en", points[0][0])
    assert single.startswith(b"\x89PNG")


async def test_subscribe_from_free_text(db_url: str, tmp_path: Path):
    settings = Settings(_env_file=None, database_url=db_url)  # type: ignore[call-arg]
    alerts = AlertServices.from_settings(settings, catalogue=load_catalogue())
    try:
        await alerts.service.ensure_baseline()
        subs = alerts.subscriptions
        drop = await subs.subscribe_from_query(
            Query(text="avísame si baja el precio de la H200", intent="alert", gpu="h200",
                  direction="below"), USER, USER, "es")
        assert (drop.spec.kind, drop.spec.threshold, drop.armed) == ("below", D("3.07"), True)
        rise = await subs.subscribe_from_query(
            Query(text="", intent="alert", gpu="h100", threshold_usd=D(3), direction="above"),
            USER, USER)
        assert (rise.spec.kind, rise.spec.threshold) == ("above", D(3))
        pct = await subs.subscribe_from_query(
            Query(text="", intent="alert", gpu="b200", percent=D(10)), USER, USER)
        assert (pct.spec.kind, pct.spec.threshold) == ("percent", D(10))
        with pytest.raises(AlertInputError) as exc:
            await subs.subscribe_from_query(Query(text="", intent="alert"), USER, USER)
        assert exc.value.code == "missing_gpu"
        assert len(await subs.list(USER)) == 3
        text = await alerts.subscribe_text(
            Query(text="préviens-moi quand le prix du H100 baisse", intent="alert", gpu="h100",
                  direction="below"), USER + 1, USER + 1, "fr")
        assert "H100" in text and "2,32" in text and validate_telegram_html(text) is None
        unknown = await alerts.subscribe_text(
            Query(text="", intent="alert", gpu_text="H1000"), USER + 1, USER + 1, "en")
        assert "I don't know the GPU “H1000”" in unknown
    finally:
        await alerts.db.dispose()


@pytest.mark.parametrize(("text", "locale", "says"), [
    ("avísame si la h100 baja de 2 euros", "es", "dime el precio en dólares"),
    ("préviens-moi quand le h100 passe sous 2 €", "fr", "donnez-moi le prix en dollars"),
    ("alert me when the h100 drops below 2 eur", "en", "give me the price in dollars"),
])
async def test_alert_in_another_currency_sets_nothing(
    db_url: str, text: str, locale: str, says: str
) -> None:
    # "below 2 euros" used to be set as "below $2": nothing is converted, so nothing is set.
    settings = Settings(_env_file=None, database_url=db_url)  # type: ignore[call-arg]
    catalogue = load_catalogue()
    alerts = AlertServices.from_settings(settings, catalogue=catalogue)
    try:
        await alerts.service.ensure_baseline()
        query = understand(text, catalogue)
        assert (query.intent, query.gpu, query.threshold_usd) == ("alert", "h100", None)
        reply = await alerts.subscribe_text(query, USER, USER, locale)
        assert says in reply and validate_telegram_html(reply) is None
        assert await alerts.subscriptions.list(USER) == []
    finally:
        await alerts.db.dispose()
