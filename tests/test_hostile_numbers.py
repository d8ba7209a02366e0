"""Hostile numbers in every slot: extreme, negative, NaN, Infinity, exponents, hundreds of digits,
every Unicode digit form, bidi and zero-width characters; through the pipeline, the formatter
and the CLI batch. None may raise, fall back to "something went wrong", or print invalid HTML;
a number out of its slot's range is answered "too large / too small".

HOSTILE_EXAMPLES (environment) raises the examples per property for a local hunt
(README, reliability section); CI keeps the moderate default.
"""

from __future__ import annotations

import io
import json
import os
from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from bot import cli
from bot.i18n import SUPPORTED_LOCALES
from bot.pipeline import JSON_KEYS, Pipeline, _money, to_json
from bot.render.format import Formatter
from bot.render.renderer import render_template
from bot.render.telegram_html import MAX_MESSAGE, visible_length
from bot.understand.bounds import BOUNDS, out_of_range
from bot.understand.normalise import fold
from bot.understand.query import Query
from fakebotapi import validate_telegram_html
from rules.catalogue import load_catalogue
from rules.money import round_half_up, to_cents
from rules.training_time import estimate_training_time, gpu_hours_from_throughput
from tests.support.hostile import DIGIT_ZEROS, SLOTS, SUBSCRIPTS, SUPERSCRIPTS

PIPELINE = Pipeline(load_catalogue())
EXAMPLES = int(os.environ.get("HOSTILE_EXAMPLES", "150"))
GUARD = settings(
    deadline=timedelta(seconds=5), max_examples=EXAMPLES,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
INTERNAL = {
    render_template("internal_error.html.j2", locale, catalogue=PIPELINE.catalogue)
    for locale in SUPPORTED_LOCALES
}

# --- the strategies ----------------------------------------------------------------------------

INVISIBLE = (
    "\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u200e", "\u200f",
    "\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069",
)

ascii_numbers = st.one_of(
    st.integers(min_value=-(10**60), max_value=10**60).map(str),
    st.integers(min_value=0, max_value=10**6).map(str),
    st.decimals(allow_nan=True, allow_infinity=True).map(str),
    st.floats().map(repr),
    st.builds(lambda m, e: f"{m}e{e}", st.integers(-9, 9), st.integers(-999_999_999, 999_999_999)),
    st.builds(lambda m, e: f"{m}E+{e}", st.integers(1, 9), st.integers(0, 10**6)),
    st.text(alphabet="0123456789", min_size=20, max_size=600),
    st.text(alphabet="0123456789.,", min_size=1, max_size=40),
    st.sampled_from([
        "NaN", "nan", "-NaN", "sNaN", "Infinity", "-Infinity", "inf", "∞", "-0", "0", "0.0",
        "1e28", "1e43", "1e400", "1e999999999", "-1e30", "1,000,000", "1 000 000", "1.000,5",
        "1_000", "0x10", "1/0", "10^30", "2**100", "-", "--5", "+5", "1.2.3.4",
    ]),
)


def _script(digits: str, zero: int) -> str:
    return "".join(chr(zero + int(c)) if c.isdigit() else c for c in digits)


@st.composite
def hostile_numbers(draw: st.DrawFn) -> str:
    """A number in any digit form, perhaps with invisible or bidi characters inside."""
    number = draw(ascii_numbers)
    form = draw(st.sampled_from(["ascii", "script", "super", "sub"]))
    if form == "script":
        number = _script(number, draw(st.sampled_from(DIGIT_ZEROS)))
    elif form == "super":
        number = "".join(SUPERSCRIPTS[int(c)] if c.isdigit() else c for c in number)
    elif form == "sub":
        number = "".join(SUBSCRIPTS[int(c)] if c.isdigit() else c for c in number)
    if number and draw(st.booleans()):
        at = draw(st.integers(0, len(number)))
        number = number[:at] + draw(st.sampled_from(INVISIBLE)) + number[at:]
    return number


LOCALES = st.sampled_from([None, "en", "es", "fr"])


def _money_ok(value: Any) -> None:
    if value is not None:
        assert isinstance(value, str) and Decimal(value).is_finite(), value


def _check(text: str, locale: str | None) -> dict[str, Any]:
    reply = PIPELINE.ask(text, chosen_locale=locale)
    assert reply.text.strip() and reply.text not in INTERNAL, text
    for part in reply.messages:
        assert validate_telegram_html(part) is None, part
        assert visible_length(part) <= MAX_MESSAGE
    out = to_json(reply)
    assert tuple(out) == JSON_KEYS
    json.dumps(out)
    for key in ("usd_per_hour", "cost_usd", "threshold_usd"):
        _money_ok(out[key])
    if out["cheapest_fit"] is not None:
        _money_ok(out["cheapest_fit"]["usd_per_hour"])
    if out_of_range(reply.query) is not None:
        assert out["error"] is not None, text
    return out


@GUARD
@given(st.sampled_from(SLOTS), hostile_numbers(), LOCALES)
@example("alert me when H100 below ${n}", "9" * 28, None)
@example("alert me when H100 below ${n}", "1" + "0" * 40, "fr")
@example("lora 8B with {n} tokens on an H100", "9" * 43, None)
@example("lora 8B with {n} tokens on an H100", "1" + "0" * 50, "es")
@example("lora 8B seq len 4096 batch {n} on h100", "0", None)
@example("lora 8B 1B tokens at {n} tokens/s on H100", "٠", None)
def test_any_number_in_any_slot_gets_a_valid_reply(template: str, number: str, locale: str | None):
    _check(template.format(n=number), locale)


@GUARD
@given(st.lists(st.tuples(st.sampled_from(SLOTS), hostile_numbers()), min_size=1, max_size=4),
       LOCALES)
def test_several_hostile_numbers_in_one_question(parts: list[tuple[str, str]], locale: str | None):
    _check(", ".join(t.format(n=n) for t, n in parts), locale)


PREVIOUS = st.sampled_from([
    "can I QLoRA 70B on a 4090?", "cost of LoRA 70B on 2x H200 for 12 hours",
    "LoRA 8B with seq len 4096 and 200M tokens on an H100, details",
    "alert me when the H100 drops below $2", "how long to train lora 8B on 1B tokens on h100",
])


@GUARD
@given(PREVIOUS, st.sampled_from(["and for {n} hours?", "¿y con {n} GPUs?", "et avec {n} tokens ?",
                                  "and batch {n}?", "y por debajo de {n} $", "{n}"]),
       hostile_numbers(), LOCALES)
def test_a_follow_up_with_a_hostile_number_gets_a_valid_reply(
    previous: str, template: str, number: str, locale: str | None
):
    before = PIPELINE.ask(previous, chosen_locale=locale).query
    reply = PIPELINE.ask(template.format(n=number), chosen_locale=locale, previous=before)
    assert reply.text.strip() and reply.text not in INTERNAL
    for part in reply.messages:
        assert validate_telegram_html(part) is None, part
    out = to_json(reply)
    for key in ("usd_per_hour", "cost_usd", "threshold_usd"):
        _money_ok(out[key])
    if out_of_range(reply.query) is not None:
        assert out["error"] is not None


# --- the findings, one by one ------------------------------------------------------------------

@pytest.mark.parametrize(("question", "slot", "side"), [
    ("alert me when H100 below $" + "9" * 28, "threshold_usd", "too_large"),
    ("alert me when H100 below $" + "1" + "0" * 30, "threshold_usd", "too_large"),
    ("avísame si la H100 baja de 20000 $", "threshold_usd", "too_large"),
    ("lora 8B with " + "9" * 43 + " tokens on an H100", "dataset_tokens", "too_large"),
    ("lora 8B with 10000000000000000000000000000000000000000000000 tokens on h100 details",
     "dataset_tokens", "too_large"),
    ("lora 8B seq len 0 batch 4 on an H100 details", "seq_len", "too_small"),
    ("lora 8B seq len 4096 batch 0 on an H100 details", "batch_size", "too_small"),
    ("lora 8B seq len 4096 batch 99999999999999 on an H100", "batch_size", "too_large"),
    ("lora 8B r=0 on H100 details", "lora_rank", "too_small"),
    ("préviens-moi quand le H100 bouge de 500 %", "percent", "too_large"),
])
def test_a_number_out_of_its_range_is_answered_too_large_or_too_small(question, slot, side):
    for locale in SUPPORTED_LOCALES:
        reply = PIPELINE.ask(question, chosen_locale=locale)
        assert reply.answer.error == "number_out_of_range", (question, reply.text)
        assert reply.answer.error_params["slot"] == slot
        assert reply.answer.error_params["side"] == side
        assert reply.text not in INTERNAL
        assert validate_telegram_html(reply.text) is None
        assert to_json(reply)["error"] == "number_out_of_range"
    english = PIPELINE.ask(question, chosen_locale="en").text
    spanish = PIPELINE.ask(question, chosen_locale="es").text
    french = PIPELINE.ask(question, chosen_locale="fr").text
    assert ("too large" if side == "too_large" else "too small") in english
    assert ("demasiado grande" if side == "too_large" else "demasiado pequeño") in spanish
    assert ("trop grand" if side == "too_large" else "trop petit") in french


@pytest.mark.parametrize(("question", "field", "expected"), [
    ("qlora ٧٠B on h100", "params_b", 70),  # Arabic-Indic digits were spaces: no size at all
    ("qlora ۷۰B on h100", "params_b", 70),  # Persian
    ("qlora ७०B on h100", "params_b", 70),  # Devanagari
    ("qlora ７０B on h100", "params_b", 70),  # fullwidth
    ("qlora 7\u200b0B on h100", "params_b", 70),  # a zero-width space inside: was 0B
    ("qlora 7\u2060\u200d0B on h100", "params_b", 70),
    ("qlora \u200e70B\u200f on \u2066h100\u2069", "params_b", 70),
    ("qlora 70B on h100 for १२ hours", "hours", 12),
    ("lora 8B with 10⁹ tokens on an H100", "dataset_tokens", 10**9),  # was 109 tokens
    ("avísame si la H100 baja de ٢٫٥ $", "threshold_usd", Decimal("2.5")),
])
def test_every_digit_form_reads_as_the_same_number(question: str, field: str, expected: object):
    assert getattr(PIPELINE.ask(question).query, field) == expected


def test_every_bounded_slot_has_a_sane_range():
    for name, bound in BOUNDS.items():
        assert bound.low < bound.high, name
        assert bound.high <= Decimal(10) ** 15, name  # Decimal's 28 digits hold every product


def test_bounds_accept_the_numbers_people_really_write():
    query = Query(
        text="", intent="fit", threshold_usd=Decimal("2.5"), percent=Decimal(10), seq_len=4096,
        batch_size=8, lora_rank=16, dataset_tokens=Decimal(200_000_000),
    )
    assert out_of_range(query) is None
    assert out_of_range(query.model_copy(update={"threshold_usd": Decimal("NaN")})) is not None
    assert out_of_range(query.model_copy(update={"threshold_usd": Decimal(0)})) is not None


@pytest.mark.parametrize(("value", "expected"), [
    ("9.2", "9.20"), ("36.88", "36.88"), ("5.4325", "5.4325"), ("5.43250", "5.4325"),
    ("0", "0.00"), ("1E+2", "100.00"), ("-3", "-3.00"),
    ("1e28", "1" + "0" * 28 + ".00"),  # raised decimal.InvalidOperation
    ("9" * 40, "9" * 40 + ".00"),
    ("1e4000", "1E+4000"), ("NaN", None), ("Infinity", None),
])
def test_json_money_never_raises(value, expected):
    assert _money(Decimal(value)) == expected


@GUARD
@given(st.decimals(allow_nan=True, allow_infinity=True), st.sampled_from(SUPPORTED_LOCALES))
@example(Decimal("1e28"), "en")
@example(Decimal("1e999999999"), "fr")
@example(Decimal("-1e999999999"), "es")
@example(Decimal("1e-999999999"), "fr")
def test_formatting_never_raises(value: Decimal, locale: str):
    fmt = Formatter(locale)
    for out in (fmt.usd(value), fmt.usd_exact(value), fmt.num(value), fmt.gb(value),
                fmt.hours(value), fmt.duration(value), fmt.percent(value),
                fmt.bandwidth(value)):
        assert isinstance(out, str) and out
    _money(value)
    to_cents(value)
    round_half_up(value, 3)


@pytest.mark.parametrize("tokens", [10**43, 10**60, 10**400])
def test_training_time_of_an_absurd_dataset_does_not_raise(tokens: int):
    # 10^43 tokens raised decimal.InvalidOperation while rounding the hours.
    run = estimate_training_time(Decimal(8), "lora", tokens, Decimal("989.5"))
    assert run.gpu_hours > 0
    measured = gpu_hours_from_throughput(tokens, Decimal(1000), gpus=8, method="lora")
    assert measured.wall_clock_hours > 0


# --- the CLI batch ------------------------------------------------------------------------------

def _run_cli(lines: str, *args: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, list[str]]:
    out = io.StringIO()
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    monkeypatch.setattr("sys.stdout", out)
    status = cli.main(["ask", *args])
    # Not splitlines(): a reply may hold U+2028, which JSON keeps raw (ensure_ascii=False).
    return status, out.getvalue().split("\n")[:-1]


def test_an_internal_failure_on_one_line_does_not_end_the_batch(monkeypatch):
    real = Pipeline.ask

    def flaky(self: Pipeline, text: str, *args: Any, **kwargs: Any) -> Any:
        if "boom" in text:
            raise RuntimeError("a bug on this line only")
        return real(self, text, *args, **kwargs)

    monkeypatch.setattr(Pipeline, "ask", flaky)
    status, lines = _run_cli(
        "can I QLoRA 70B on a 4090?\nboom\nprices\n", "--json", "--lang", "es",
        monkeypatch=monkeypatch,
    )
    assert status == 1  # an internal failure happened: said by the exit status, at the end
    rows = [json.loads(line) for line in lines]
    assert [r["error"] for r in rows] == [None, "internal_error", None]
    assert [r["intent"] for r in rows] == ["fit", "unknown", "prices"]
    assert all(tuple(r) == JSON_KEYS for r in rows)
    assert rows[1]["lang"] == "es" and rows[1]["text"] in INTERNAL
    assert rows[1]["text"] != render_template("internal_error.html.j2", "en",
                                                catalogue=PIPELINE.catalogue)


def test_a_line_of_invalid_utf8_does_not_end_the_batch(monkeypatch):
    raw = io.TextIOWrapper(io.BytesIO(b"prices\n\xff\xfe 70B\nqlora 70b on h100\n"), "utf-8")
    out = io.StringIO()
    monkeypatch.setattr("sys.stdin", raw)
    monkeypatch.setattr("sys.stdout", out)
    assert cli.main(["ask", "--json"]) == 0
    rows = [json.loads(line) for line in out.getvalue().split("\n")[:-1]]
    assert len(rows) == 3 and rows[2]["gpu"] == "h100"


@settings(deadline=None, max_examples=max(EXAMPLES // 10, 10),
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from(SLOTS), hostile_numbers()), min_size=1, max_size=12))
def test_a_hostile_batch_gets_one_object_per_line(monkeypatch, lines: list[tuple[str, str]]):
    questions = [t.format(n=n).replace("\n", " ").replace("\r", " ") for t, n in lines]
    questions = [q for q in questions if q.strip()]
    status, out = _run_cli("\n".join(questions) + "\n", "--json", monkeypatch=monkeypatch)
    rows = [json.loads(line) for line in out]
    assert status == 0
    assert len(rows) == len(questions)
    assert all(r["error"] != "internal_error" for r in rows)


def test_the_hunt_script_runs_and_finds_nothing():
    # scripts/hostile_hunt.py is what the README's counts come from; here on its first lines.
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, str(root / "scripts" / "hostile_hunt.py"), "--limit", "40"],
        capture_output=True, text=True, cwd=root, check=False, timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "inputs                     160" in done.stdout


@pytest.mark.parametrize(("said", "folded"), [
    ("10^12 heures", "1000000000000 heures"),
    ("10 ^ 6 tokens", "1000000 tokens"),
    ("10**9 tokens", "1000000000 tokens"),
    ("1E30 hours", "1" + "0" * 30 + " hours"),
    ("1.5e3 samples", "1500 samples"),
    ("0.5e2", "50"),
    ("1.5^2", "2.25"),
    ("0^0 h", "1 h"),
    ("999^999 h", "1" + "0" * 61 + " h"),
    ("1e999 h", "1" + "0" * 61 + " h"),
    # names and versions with an "e" stay as they are
    ("gemma 3n e4b", "gemma 3n e4b"),
    ("version 1.2e5x", "version 1.2e5x"),
])
def test_powers_are_read_whole(said: str, folded: str) -> None:
    """"10^12 heures" was read as 12 hours; a power is the number it writes, and one past 60
    digits only has to stay huge for the bounds to reject it."""
    assert fold(said) == folded
