"""The console chat does what Telegram does, in words instead of buttons: removing alerts,
/language and /lang with auto, links with their address, /history as a table, /start as a
new conversation, and follow-ups that say how to ask them fresh."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.console import Console, chat, to_plain
from bot.understand.query import Query
from tests.support.console import make_console

ROOT = Path(__file__).resolve().parent.parent


async def say(console: Console, text: str) -> str:
    return to_plain(await console.answer(text))


async def test_alerts_are_listed_without_buttons_and_removed_by_number_gpu_or_all(console):
    assert "H100 drops below $2" in await say(console, "/alert h100 below 2")
    await say(console, "/alert h200 above 4")
    await say(console, "/alert b200")
    listed = await say(console, "/alerts")
    assert "1. H100 drops below $2" in listed and "3. B200" in listed
    assert "Tap a button" not in listed and "/unalert 2" in listed
    assert "Removed 1 alert." in await say(console, "/unalert 2")
    assert "H200" not in await say(console, "/alerts")
    assert "Removed 1 alert for the H100." in await say(console, "/unalert h100")
    assert "Removed 1 alert." in await say(console, "/unalert all")
    assert "You have no price alerts." in await say(console, "/alerts")
    for number in ("5", "9" * 5000):  # beyond the list, beyond int()'s digit limit
        assert "nothing removed" in await say(console, f"/unalert {number}")
    assert "I don't know the GPU “²”" in await say(console, "/unalert ²")  # not a number


async def test_free_text_alert_list_and_remove_use_the_same_services(console, monkeypatch):
    """What understanding makes of "show my alerts" / "stop my H100 alert" / "stop all my
    alerts" (intents alert_list and alert_remove) lists and removes as the commands do."""
    await say(console, "/alert h100 below 2")
    await say(console, "/alert h200 above 4")
    understood = {
        "show my alerts": Query(text="show my alerts", lang="en", intent="alert_list"),
        "stop my H100 alert": Query(text="stop my H100 alert", lang="en",
                                    intent="alert_remove", gpu="h100"),
        "quita todas mis alertas": Query(text="quita todas mis alertas", lang="es",
                                         intent="alert_remove", alert_all=True),
    }
    monkeypatch.setattr("bot.pipeline.understand", lambda text, _cat: understood[text])
    listed = await say(console, "show my alerts")
    assert "1. H100 drops below $2" in listed and "/unalert" in listed
    assert "Removed 1 alert for the H100." in await say(console, "stop my H100 alert")
    assert "1 alerta" in await say(console, "quita todas mis alertas")
    monkeypatch.undo()
    assert "No tienes alertas de precio." in await say(console, "/alerts")  # as last asked


async def test_an_alert_is_removed_by_its_number_in_words(console):
    """"delete alert 2", "remove the first one" after the list, "borra la primera alerta":
    that alert of /alerts' list removed (was the list shown again, nothing removed)."""
    await say(console, "ping me when h100 drops under $2")
    await say(console, "alert me when the a100 is under 80 cents")
    await say(console, "tell me if the b200 goes below 4 bucks")
    await say(console, "/alerts")
    assert "Removed 1 alert." in await say(console, "remove the first one")
    listed = await say(console, "/alerts")
    assert "H100" not in listed and "1. A100 80GB" in listed, listed
    assert "Removed 1 alert." in await say(console, "delete alert 2")
    assert "B200" not in await say(console, "/alerts")
    assert "1 alerta" in await say(console, "borra la primera alerta")
    assert "No tienes alertas de precio." in await say(console, "/alerts")


async def test_an_alert_is_removed_by_a_follow_up_that_does_not_say_alert(console):
    """"cancel the h100 one" after the alerts were listed, "actually delete it" right after
    one was set: that alert removed (was the H100's price, and "I did not understand")."""
    await say(console, "ping me when h100 drops under $2")
    await say(console, "also tell me if the b200 goes below 4 bucks")
    assert "2. B200" in await say(console, "what alerts do i have")
    assert "Removed 1 alert for the H100." in await say(console, "cancel the h100 one")
    await say(console, "avisame cuando la h200 baje de 3 dolares")
    assert "H200" in await say(console, "mejor borrala")
    listed = await say(console, "/alerts")
    assert "B200" in listed and "H100" not in listed and "H200" not in listed, listed


async def test_lang_is_an_alias_and_auto_goes_back_to_the_question_language(console, tmp_path):
    assert "/language auto" in await say(console, "/lang")
    assert "español" in await say(console, "/lang es")
    spanish = await say(console, "can I QLoRA 70B on a 4090?")
    # (the lead is the detailed estimate at typical settings: "…necesita unos", "…it needs about")
    assert "necesita unos" in spanish  # the choice wins
    assert "language of each question" in await say(console, "/language auto")
    assert "it needs about" in await say(console, "can I QLoRA 70B on a 4090?")
    assert "necesita unos" in await say(console, "¿puedo hacer QLoRA de 70B en una 4090?")
    # Stored: a new console on the same database is automatic too.
    again = make_console(tmp_path / "console.sqlite3")
    await again.start()
    try:
        assert again.locale is None
    finally:
        await again.stop()


async def test_commands_answer_in_the_language_of_the_last_question(console):
    await say(console, "préviens-moi quand le prix du H100 baisse")
    assert "Vos alertes de prix" in await say(console, "/alerts")
    await say(console, "¿puedo hacer QLoRA de 70B en una 4090?")
    assert "Tus alertas de precio" in await say(console, "/alerts")


async def test_links_keep_their_address(console):
    text = await say(console, "can I pay with Monero?")
    assert "GPU pricing (https://" in text


async def test_history_is_a_table_of_recorded_prices(console):
    text = await say(console, "/history h100")
    assert "H100 price history" in text
    assert "2026-10-29" in text and "$2.32" in text
    assert "price list" not in text.lower() and "L40S" not in text


async def test_start_is_a_new_conversation_and_new_asks_a_follow_up_fresh(console):
    await say(console, "can I serve Llama 3.1 70B in 4-bit on an A100?")
    await say(console, "/start")
    assert "Which one: Llama 3 8B or Llama 3 70B?" in await say(console, "how much vram for llama 3")
    await say(console, "QLoRA Llama 3.1 70B on an H100")
    follow = await say(console, "and on 2 H200?")
    assert "QLoRA of Llama 3.1 70B, from your last question." in follow
    assert "Type /new to ask it as a new question instead." in follow
    fresh = await say(console, "/new")
    assert "from your last question" not in fresh and "Llama 3.1 70B" not in fresh


def test_the_chat_loop_answers_each_line(tmp_path):
    out = io.StringIO()
    status = chat(make_console(tmp_path / "c.sqlite3"), io.StringIO("/lang fr\nprix\n"), out)
    assert status == 0
    assert "français" in out.getvalue() and "$US" in out.getvalue()
    assert "/unalert 2|h100|all" in out.getvalue() and "/new" in out.getvalue()  # greeting


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TELEGRAM_")}
    env.update(DATABASE_URL=f"sqlite+aiosqlite:///{tmp_path / 'p.sqlite3'}", **extra)
    return env


def test_ctrl_c_at_the_prompt_exits_at_once(tmp_path):
    proc = subprocess.Popen(
        [sys.executable, "-m", "bot", "--console"], cwd=tmp_path, env=_env(tmp_path),
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert proc.stdout is not None
    proc.stdout.readline()  # the greeting: the prompt is waiting for a line
    time.sleep(0.2)  # not a timing assertion: lets the read start
    proc.send_signal(signal.SIGINT)
    # Nothing is typed and stdin stays open: only the interrupt can end it.
    try:
        status = proc.wait(timeout=20)
    finally:
        proc.kill()
        _, err = proc.communicate()
    assert status == 130
    assert "Traceback" not in err


def test_polling_without_a_token_is_an_explicit_error(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "bot", "--polling"], cwd=tmp_path, env=_env(tmp_path),
        input="", capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == 2
    assert "TELEGRAM_BOT_TOKEN" in proc.stderr
    assert "local chat" not in proc.stdout  # no console opened


def test_a_closed_pipe_ends_quietly(tmp_path):
    questions = "\n".join(["QLoRA 70B on a 4090"] * 300) + "\n"
    proc = subprocess.Popen(
        [sys.executable, "-m", "bot", "ask"], cwd=tmp_path, env=_env(tmp_path),
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    proc.stdin.write(questions.encode())
    proc.stdin.close()
    proc.stdout.readline()  # `| head -1`
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 0
    assert "Traceback" not in err and "BrokenPipe" not in err


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(("out", "tags"), [(Terminal(), False), (io.StringIO(), True)])
def test_ask_prints_text_to_a_terminal_and_html_to_a_pipe(out: io.StringIO, tags: bool) -> None:
    from bot.cli import ask, build_parser

    args = build_parser().parse_args(["ask", "can I pay with Monero?"])
    assert ask(args, io.StringIO(), out) == 0
    assert ("<b>" in out.getvalue()) is tags
    assert ("GPU pricing (https://" in out.getvalue()) is not tags
