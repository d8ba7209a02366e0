"""Hostile input on the Telegram side: forged and stale buttons, /alert with thousands of words.

A forged press gets a short localized answer and one INFO line, never "something went wrong"
and a traceback; /alert parsing tries a bounded number of GPU names whatever its length.
"""

from __future__ import annotations

import logging
from unittest import mock

import pytest
from sqlalchemy import select

from bot.alerts.subscriptions import AlertInputError, parse_alert_args
from bot.i18n import tr
from bot.pipeline import Pipeline
from bot.storage.models import Subscription
from bot.telegram.callbacks import INT64_MAX, STALE, Callback, parse, parse_id, parse_size
from bot.telegram.keyboards import answer_keyboard, examples_keyboard, language_keyboard
from rules.catalogue import Catalogue, load_catalogue
from tests.support.alerts_helpers import USER, say
from tests.support.telegram import reply_to

FORGED = [
    "chart:qlora:NaN:h100:1:2048:4:1:16",  # NaN in a chart button
    "chart:qlora:70:vNaN:1:2048:4:1:16",
    "chart:qlora:70:h100:²:2048:4:1:16",  # superscript digits: isdigit() yes, int() no
    "more:qlora:1e999999", "more:qlora:-70", "more:qlora:Infinity", "more:qlora",
    "quote:qlora:70:h100:²", "quote:qlora:70:h100:99999999999999999999",
    "ex:99999999999999999999999", "ex:١", "lang:xx", "pay:now", "zzz", ":", "",
    "pick:" + "A" * 50, "follow:<b>h100</b>", "follow:" + "\u202e001h",
]


# --- the parser ---------------------------------------------------------------------------------

@pytest.mark.parametrize("data", FORGED)
def test_forged_callback_data_does_not_parse(data: str):
    assert parse(data) is None


def test_every_button_the_bot_draws_parses():
    pipeline = Pipeline(load_catalogue())
    datas: list[str] = []
    for question in (
        "QLoRA 70B on an L40S", "can I QLoRA 70B on a 4090?", "llama 3 on an H100",
        "LoRA 8B with seq len 4096, batch 4 and 200M tokens on an H100, details",
        "qlora 70b on a 48 GB GPU with seq 2048 batch 2 details", "h100 price", "prices",
    ):
        markup = answer_keyboard(pipeline.ask(question))
        if markup is not None:
            datas += [b.callback_data for row in markup.inline_keyboard for b in row]
    for markup in (examples_keyboard("en", ["a", "b"]), language_keyboard()):
        datas += [b.callback_data for row in markup.inline_keyboard for b in row]
    datas += [Callback("unalert", ("42",)).encode(), Callback("fresh", ("1234",)).encode()]
    assert len({d.split(":")[0] for d in datas if isinstance(d, str)}) >= 6
    for data in datas:
        assert isinstance(data, str) and parse(data) is not None, data


@pytest.mark.parametrize(("text", "expected"), [
    ("1", 1), (str(INT64_MAX), INT64_MAX), (str(INT64_MAX + 1), None), ("0", None),
    ("١", None), ("²", None), ("-1", None), ("", None), ("9" * 400, None),
])
def test_ids_are_ascii_and_within_int64(text: str, expected: int | None):
    assert parse_id(text) == expected


@pytest.mark.parametrize("text", ["NaN", "Infinity", "1e999", "-7", "0", "7,5", "٧٠", "1" * 20])
def test_sizes_refuse_what_size_arg_never_writes(text: str):
    assert parse_size(text) is None


# --- forged presses on the running bot ----------------------------------------------------------

async def test_a_forged_button_gets_a_short_answer_and_one_info_line(
    api, app, caplog: pytest.LogCaptureFixture
):
    caplog.set_level(logging.INFO, logger="bot")
    answer = await reply_to(api, 1500, "QLoRA 70B on an L40S", lang="es")
    sent = api.message_count(1500)
    for n, data in enumerate(FORGED, start=1):
        api.push_callback_query(1500, answer.message_id, data, language_code="es",
                                check_button=False)
        await api.wait_for(lambda n=n: len(api.callback_answers) >= n, timeout=10)
    assert [a["text"] for a in api.callback_answers] == [tr("es", STALE)] * len(FORGED)
    assert api.message_count(1500) == sent  # no "something went wrong"
    refused = [r for r in caplog.records if r.getMessage().startswith("button refused")]
    assert len(refused) == len(FORGED) and all(r.levelno == logging.INFO for r in refused)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_an_unalert_button_beyond_int64_or_of_another_user_is_refused(
    alerts_app, caplog: pytest.LogCaptureFixture
):
    fake, alerts, generic = alerts_app
    caplog.set_level(logging.INFO, logger="bot")
    await say(fake, USER, "/alert h100 below 2")
    listing = await say(fake, USER, "/alerts")
    own = listing.reply_markup["inline_keyboard"][0][0]["callback_data"]
    other = USER + 1
    await say(fake, other, "/alert h200 below 2", lang="fr")
    theirs = await say(fake, other, "/alerts", lang="fr")
    for data, user, message in (
        ("unalert:9999999999999999999", USER, listing),  # beyond int64: a database error
        ("unalert:²", USER, listing), ("unalert:١", USER, listing),
        ("unalert:1:2", USER, listing), ("unalert:", USER, listing),
        (own, other, theirs),  # another user's alert, pressed in their own chat
    ):
        before = len(fake.callback_answers)
        fake.push_callback_query(user, message.message_id, data, user_id=user, language_code="fr",
                                check_button=False)
        await fake.wait_for(lambda b=before: len(fake.callback_answers) > b, 10, what="answer")
    texts = [a["text"] for a in fake.callback_answers]
    assert texts[:5] == [tr("fr", STALE)] * 5
    assert texts[5] == tr("fr", "That alert was already removed.")
    assert generic == []
    async with alerts.db.sessions() as session:
        subs = list(await session.scalars(select(Subscription)))
    assert len(subs) == 2 and all(s.active for s in subs)
    assert len([r for r in caplog.records if "unalert button" in r.getMessage()]) == 6
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


# --- /alert with thousands of words -------------------------------------------------------------

@pytest.mark.parametrize("words", [
    ["h100"] + ["below"] * 2000, ["x"] * 2000, ["a100", "80gb"] * 1000, ["-"] * 2000,
])
def test_alert_parsing_tries_a_bounded_number_of_gpu_names(words: list[str]):
    catalogue = load_catalogue()
    with (
        mock.patch.object(
            Catalogue, "find_gpu", autospec=True, side_effect=Catalogue.find_gpu
        ) as find,
        pytest.raises(AlertInputError),
    ):
        parse_alert_args(words, catalogue)
    assert find.call_count <= 20  # was one call per prefix: 2 000, each as long as the text


@pytest.mark.parametrize(("args", "gpu"), [
    ("a100 80gb below 2", "a100-80gb"), ("rtx 4090 bajo 1", "rtx-4090"),
    ("a100 - 80gb sous 1", "a100-80gb"), ("RTX-5090", "rtx-5090"),
])
def test_multi_word_gpu_names_still_work(args: str, gpu: str):
    assert parse_alert_args(args.split(), load_catalogue()).gpu_id == gpu


def test_every_action_the_code_writes_has_a_parser():
    # A new button action must be added to callbacks._ACTIONS, or its presses read as forged.
    import re
    from pathlib import Path

    from bot.telegram.callbacks import _ACTIONS

    root = Path(__file__).resolve().parent.parent / "bot"
    written = {
        m.group(1) for path in root.rglob("*.py")
        for m in re.finditer(r"Callback\(\s*\"(\w+)\"", path.read_text(encoding="utf-8"))
    }
    assert written and written <= set(_ACTIONS), written - set(_ACTIONS)
