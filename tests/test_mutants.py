"""Tests written against the mutations that survived the suite (code review 2026-12, table in
§a): each one fails on the mutation named in its docstring and passes on the real code."""

from __future__ import annotations

import asyncio
import logging
from decimal import Decimal as D
from typing import Any

import pytest
from markupsafe import Markup

from bot.alerts.leader import Leadership, LostLeadership
from bot.conversation import Conversations
from bot.render.phrases import Gettext
from bot.render.renderer import environment
from bot.settings import Settings
from bot.telegram import redact
from bot.telegram.flood import FloodGuard
from rules.catalogue import load_catalogue
from rules.fit import fit, fit_vram, offered_fits


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


# --- #1: "fits when count × VRAM ≥ estimate" (DESIGN §1), not ">"

def test_an_estimate_exactly_equal_to_the_memory_fits() -> None:
    """QLoRA of 64B is 0.75 × 64 = 48 GB, exactly one L40S: fits with zero headroom.
    Mutation `>` for `≥` in rules/fit.py turns each of these into a miss."""
    cat = load_catalogue()
    on_gpu = fit("qlora", D(64), "l40s", 1, catalogue=cat)
    assert on_gpu.estimate_gb == D(48) == on_gpu.vram_gb
    assert on_gpu.fits and on_gpu.headroom_gb == 0
    assert fit_vram("qlora", D(64), D(48), 1, catalogue=cat).fits
    assert any(f.gpu == "l40s" and f.gpu_count == 1 for f in offered_fits("qlora", D(64), cat))
    # A hair more does not fit: the boundary is the boundary.
    assert not fit("qlora", D("64.01"), "l40s", 1, catalogue=cat).fits


# --- #3: French plural forms (the .mo must carry distinct singular and plural)

@pytest.mark.parametrize(("n", "word"), [(1, "bloc "), (2, "blocs "), (3, "blocs ")])
def test_french_block_count_takes_the_plural_form(n: int, word: str) -> None:
    text = Gettext("fr").ngettext(
        "%(num)d block of %(size)s GPU-hours", "%(num)d blocks of %(size)s GPU-hours", n, size="10"
    )
    assert text.startswith(f"{n} {word}"), text


# --- #7: the follow-up memory lasts 15 minutes by default (README)

def test_follow_up_memory_defaults_to_fifteen_minutes() -> None:
    from bot.pipeline import Pipeline

    clock = Clock()
    chats = Conversations(clock=clock)
    reply = Pipeline(load_catalogue()).ask("can I QLoRA 70B on a 4090?")
    chats.remember(7, reply)
    clock.now += 14 * 60
    assert chats.previous(7) is not None
    clock.now += 2 * 60  # 16 minutes after the question
    assert chats.previous(7) is None


# --- #17: the periodic clean-up forgets idle users only

def test_forget_idle_keeps_active_flooders_blocked() -> None:
    clock = Clock()
    guard = FloodGuard(max_per_window=3, window_seconds=60, clock=clock)
    for _ in range(3):
        assert guard.check(1) == "ok"
    assert guard.check(1) == "warn"
    guard.check(2)
    clock.now += 30
    guard.forget_idle()  # user 1 is still inside the window: still limited
    assert guard.check(1) == "drop"
    clock.now += 61
    guard.forget_idle()
    assert 1 not in guard._hits and 2 not in guard._hits  # idle: memory released
    assert guard.check(1) == "ok"


# --- #18 / #19: the token redaction filter works and is installed by the application

def _record(msg: str, *args: object, exc: BaseException | None = None) -> logging.LogRecord:
    exc_info = (type(exc), exc, exc.__traceback__) if exc is not None else None
    return logging.LogRecord("httpx", logging.INFO, __file__, 1, msg, args, exc_info)


def test_redaction_removes_the_secret_from_message_args_and_tracebacks() -> None:
    secret = "123456:ABCdefGHIjklMNOpqrSTUvwxYZ"
    f = redact.RedactSecrets([secret])
    rec = _record("POST https://api.telegram.org/bot%s/getMe", secret)
    assert f.filter(rec) and secret not in rec.getMessage() and "[REDACTED]" in rec.getMessage()
    try:
        raise RuntimeError(f"failed calling bot{secret}/sendMessage")
    except RuntimeError as exc:
        rec = _record("boom", exc=exc)
    f.filter(rec)
    assert rec.exc_text and secret not in rec.exc_text


def test_building_the_application_installs_redaction_on_the_root_handlers() -> None:
    from bot.pipeline import Pipeline
    from bot.telegram.runner import Services, build_application

    token = "654321:ZYXwvuTSRqpoNMLkjiHGFedcBA"
    root = logging.getLogger()
    handler = logging.StreamHandler()
    root.addHandler(handler)
    try:
        build_application(Settings(telegram_bot_token=token), Services(Pipeline(load_catalogue())))
        filters = [f for f in handler.filters if isinstance(f, redact.RedactSecrets)]
        assert filters, "no redaction filter on the root handler"
        rec = _record("GET /bot%s/getUpdates", token)
        for f in filters:
            f.filter(rec)
        assert token not in rec.getMessage()
    finally:
        root.removeHandler(handler)


# --- #22: Jinja autoescape is the second line of defence behind phrases._fill

@pytest.mark.parametrize("locale", ["en", "es", "fr"])
def test_templates_escape_values_printed_outside_trans(locale: str) -> None:
    env = environment(locale)
    assert env.from_string("{{ v }}").render(v="<script>&") == "&lt;script&gt;&amp;"
    assert env.from_string("{{ v }}").render(v=Markup("<b>ok</b>")) == "<b>ok</b>"


# --- #27: a leader whose lock connection fails stops its work

class _DeadConnection:
    def __init__(self) -> None:
        self.calls = 0

    async def execute(self, *_a: Any, **_k: Any) -> None:
        self.calls += 1
        raise ConnectionError("server closed the connection")


async def test_a_leader_whose_lock_connection_dies_stops_its_work() -> None:
    lead = Leadership("sqlite+aiosqlite://", heartbeat_seconds=0.01)
    stopped = asyncio.Event()

    async def work() -> None:
        try:
            await asyncio.sleep(30)
        finally:
            stopped.set()

    with pytest.raises(ExceptionGroup) as caught:
        await asyncio.wait_for(lead._lead_while_held(_DeadConnection(), work), 10)  # type: ignore[arg-type]
    assert caught.group_contains(LostLeadership)
    assert stopped.is_set()


# --- #16: a button pressed by a flooding user is still answered (else it spins)

async def test_every_press_of_a_flooding_user_is_answered() -> None:
    from bot.pipeline import Pipeline
    from bot.telegram.runner import Services
    from fakebotapi import FakeBotAPI
    from tests.support.bot_running import running

    async with FakeBotAPI() as api:
        settings = Settings(
            _env_file=None,  # type: ignore[call-arg]
            telegram_bot_token=api.token,
            telegram_api_base_url=api.base_url,
            telegram_file_base_url=api.base_file_url,
            typing_delay_seconds=0,
            flood_max_per_minute=2,
        )
        async with running(settings, Services(Pipeline(load_catalogue()))):
            api.push_message(4242, "/start")
            (greeting,) = await api.wait_for_messages(1, chat_id=4242, timeout=10)
            data = greeting.inline_markup["inline_keyboard"][0][0]["callback_data"]
            presses = 6  # 1 answered normally, 1 warned, 4 dropped
            for _ in range(presses):
                api.push_callback_query(4242, greeting.message_id, data)
            await api.wait_for(lambda: len(api.callback_answers) >= presses, timeout=10)
            assert len(api.callback_answers) == presses
            warned = [a for a in api.callback_answers if a["text"] and "fast" in a["text"]]
            assert len(warned) == 1


def test_the_flood_window_is_per_user_and_ends_exactly_after_a_minute() -> None:
    clock = Clock()
    guard = FloodGuard(max_per_window=2, clock=clock)  # the default window: 60 s
    assert [guard.check(1) for _ in range(3)] == ["ok", "ok", "warn"]
    assert guard.check(2) == "ok"  # another user is not limited by user 1
    clock.now += 59
    assert guard.check(1) == "drop"
    clock.now += 1  # exactly 60 s after the first hits: they leave the window
    assert guard.check(1) == "ok"
    assert guard._warned.get(1) is None  # an answered user may be warned again later
    assert [guard.check(1), guard.check(1)] == ["ok", "warn"]


def test_forget_idle_forgets_a_user_exactly_one_window_after_the_last_message() -> None:
    clock = Clock()
    guard = FloodGuard(max_per_window=1, window_seconds=60, clock=clock)
    guard.check(1)
    guard.check(1)  # warned
    clock.now += 60
    guard.forget_idle()
    assert 1 not in guard._hits and 1 not in guard._warned


def test_a_redacted_record_is_still_logged() -> None:
    f = redact.RedactSecrets(["tok"])
    assert f.filter(_record("GET /bottok/x")) is True
    assert f.filter(_record("nothing secret")) is True
    assert redact.RedactSecrets([]).filter(_record("x")) is True
    rec = _record("GET /bottok/x")
    f.filter(rec)
    assert rec.getMessage() == "GET /bot[REDACTED]/x"


def test_install_configures_logging_when_nothing_has() -> None:
    root = logging.getLogger()
    saved, level = root.handlers[:], root.level
    root.handlers.clear()
    try:
        redactor = redact.install(["sekret"])
        assert root.handlers and all(redactor in h.filters for h in root.handlers)
        assert root.level == logging.INFO
    finally:
        for h in root.handlers:
            h.close()
        root.handlers[:] = saved
        root.setLevel(level)
