"""bot.render.detailed_lines: the detailed estimate's lines, worded per locale in Python and
laid out by detailed.html.j2 / detailed_lead.html.j2 (escaping, gettext, plural forms)."""

from __future__ import annotations

import dataclasses
from decimal import Decimal as D
from typing import Any, TypeVar

import pytest
from markupsafe import Markup

from bot.answer import Answer, build_answer
from bot.detail import Assumption, DetailedAnswer, detailed_for
from bot.render.detailed_lines import detailed_lead_lines, detailed_lines
from bot.render.format import Formatter
from bot.render.phrases import Phrases
from bot.render.renderer import environment, tidy
from bot.understand.query import Query
from fakebotapi import validate_telegram_html
from rules.catalogue import load_catalogue

CAT = load_catalogue()
T = TypeVar("T")
LOCALES = ("en", "es", "fr")
TIMED = {"intent": "fit", "params_b": D(70), "method": "lora", "gpu": "a100-80gb",
         "gpu_count": 4, "dataset_tokens": D(200_000_000)}
FULL = {"intent": "fit", "params_b": D(7), "method": "full_adamw", "gpu": "a100-80gb",
        "seq_len": 4096}


def copy(obj: T, **changes: Any) -> T:
    """`obj` with `changes`, whether the engine made it a dataclass or a Pydantic model."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    found: T = obj.model_copy(update=changes)  # type: ignore[attr-defined]
    return found


def answer(**fields: object) -> Answer:
    found = build_answer(Query(text="", **fields), CAT)  # type: ignore[arg-type]
    assert found.detailed is not None
    return found


def detailed(**fields: object) -> DetailedAnswer:
    query = Query(text="", **fields)  # type: ignore[arg-type]
    found = detailed_for(query, build_answer(query, CAT), CAT)
    assert found is not None
    return found


def render(name: str, locale: str, **context: object) -> str:
    return tidy(environment(locale).get_template(name).render(
        fmt=Formatter(locale), ph=Phrases(locale, CAT), cat=CAT, locale=locale, **context
    ))


@pytest.mark.parametrize("locale", LOCALES)
def test_every_line_is_markup_and_the_template_lays_them_out(locale: str) -> None:
    d = detailed(**TIMED)
    lines = detailed_lines(Phrases(locale, CAT), d)
    assert all(type(line) is Markup for line in (*lines.terms, *lines.check, *lines.time,
                                                  *lines.assumptions))
    assert len(lines.terms) == len(d.lines) and lines.time_title is not None
    text = render("detailed.html.j2", locale, detailed=d)
    assert text.startswith(f"📊 <b>{lines.title}</b> — {lines.method}\n")
    for term in lines.terms:
        assert f"\n• {term}\n" in text
    for said in lines.assumptions:
        assert f"\n· {said}" in text
    assert f"\n⏱ <b>{lines.time_title}</b>\n" in text
    assert f"\n<i>{lines.assumptions_title}</i>\n" in text
    assert validate_telegram_html(text) is None, text


@pytest.mark.parametrize(("locale", "label", "unit"), [
    ("en", "Model weights: ", " GB"), ("es", "Pesos del modelo: ", "\u00a0GB"),
    ("fr", "Poids du modèle\u00a0: ", "\u202fGo"),
])
def test_terms_are_translated_and_formatted_for_the_locale(
    locale: str, label: str, unit: str
) -> None:
    d = detailed(**{**FULL, "params_b": D(700)})  # BF16 weights: 1,400 GB
    (term,) = (t for t, line in zip(detailed_lines(Phrases(locale, CAT), d).terms, d.lines,
                                     strict=True) if line.name == "weights")
    figure = {"en": "1,400", "es": "1.400", "fr": "1\u202f400"}[locale]
    assert term == f"{label}{figure}{unit}"


@pytest.mark.parametrize("locale", LOCALES)
def test_values_holding_html_are_escaped(locale: str) -> None:
    d = detailed(**TIMED)
    hostile = Assumption(code="lora_targets", params={"rank": 8, "targets": "<b>q</b> & 'v'"})
    time = d.training_time
    assert time is not None
    d = copy(d, **{
        "assumed": lambda: (hostile,), "_assumed_once": None,
        "training_time": copy(time, **{"problem": "no_peak_tflops",
                                                 "gpu": "<i>X</i>"}),
    })
    lines = detailed_lines(Phrases(locale, CAT), d)
    (said,) = [line for line in lines.assumptions if "q&lt;/b&gt;" in line]
    assert "&lt;b&gt;q&lt;/b&gt; &amp; &#39;v&#39;" in said
    assert not any("<b>q" in line for line in lines.assumptions)
    (why,) = lines.time
    assert "&lt;i&gt;X&lt;/i&gt;" in why and "<i>X</i>" not in why
    text = render("detailed.html.j2", locale, detailed=d)
    assert validate_telegram_html(text) is None, text


@pytest.mark.parametrize(("locale", "epochs", "said"), [
    ("en", 1, "(1 epoch)"), ("en", 0, "(0 epochs)"), ("en", 2, "(2 epochs)"),
    ("es", 1, "(1 época)"), ("es", 0, "(0 épocas)"), ("es", 3, "(3 épocas)"),
    ("es", 1_000_000, "(1000000 de épocas)"),
    ("fr", 0, "(0 époque)"), ("fr", 1, "(1 époque)"), ("fr", 2, "(2 époques)"),
    ("fr", 1_000_000, "(1000000 d'époques)"),
])
def test_the_training_time_title_takes_the_plural_form_of_its_epochs(
    locale: str, epochs: int, said: str
) -> None:
    d = detailed(**TIMED)
    time = d.training_time
    assert time is not None
    d = copy(d, **{"training_time": copy(time, **{"epochs": epochs})})
    title = detailed_lines(Phrases(locale, CAT), d).time_title
    assert title is not None and title.endswith(said), title


def test_the_flops_rule_says_training_for_a_model_trained_from_scratch() -> None:
    full_time = {**FULL, "dataset_tokens": D(10**9)}
    ask = answer(**full_time)
    said = detailed_lines(Phrases("en", CAT), ask.detailed, ask).assumptions  # type: ignore[arg-type]
    assert "Full fine-tuning takes 6·N·D (Kaplan et al. 2020)." in said
    scratch = copy(ask, **{"query": copy(ask.query, **{"pretraining": True})})
    lines = detailed_lines(Phrases("en", CAT), scratch.detailed, scratch)  # type: ignore[arg-type]
    assert "Full training takes 6·N·D (Kaplan et al. 2020)." in lines.assumptions
    assert "Full fine-tuning takes 6·N·D (Kaplan et al. 2020)." not in lines.assumptions


@pytest.mark.parametrize("locale", LOCALES)
def test_settings_not_given_are_listed_as_assumed(locale: str) -> None:
    d = detailed(intent="memory", params_b=D(13), method="lora", details=True)
    assert set(d.defaults) >= {"seq_len", "batch"}
    first = detailed_lines(Phrases(locale, CAT), d).assumptions[0]
    expected = {"en": "Not given, so assumed: sequence length 2,048, batch 1",
                "es": "longitud de secuencia 2.048", "fr": "2\u202f048"}[locale]
    assert expected in first


@pytest.mark.parametrize("locale", LOCALES)
def test_the_lead_gives_both_precisions_of_a_full_fine_tune(locale: str) -> None:
    ask = answer(**FULL)
    d = ask.detailed
    assert d is not None and d.bf16_alternative_gb is not None and d.check is not None
    lines = detailed_lead_lines(Phrases(locale, CAT), ask)
    mixed, pure = lines[:2]  # stated settings: no line at typical settings first
    assert mixed.startswith("❌ ") and pure.startswith("✅ ")  # 137.6 GB, 67.6 GB of 80
    assert Formatter(locale).gb(d.bf16_alternative_gb, 1) in pure
    # Without a configuration to check against, the same two lines are bullets.
    bare = copy(ask, **{"detailed": copy(d, **{"check": None})})
    mixed, pure = detailed_lead_lines(Phrases(locale, CAT), bare)[:2]
    assert mixed.startswith("• ") and pure.startswith("• ")
    text = render("detailed_lead.html.j2", locale, answer=ask)
    assert text.splitlines() == [str(line) for line in lines]
    assert validate_telegram_html(text) is None, text


def test_the_lead_says_nothing_without_a_detailed_estimate() -> None:
    ask = answer(**FULL)
    bare = copy(ask, **{"detailed": None})
    assert detailed_lead_lines(Phrases("en", CAT), bare) == []
    assert render("detailed_lead.html.j2", "en", answer=bare) == ""


def test_the_vocabulary_range_of_a_bare_size_is_worked_out_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The range is a property worked out on each read (bot.detail): the lead reads it once."""
    import bot.detail

    ask = answer(intent="memory", params_b=D(7), method="lora")
    assert ask.detailed is not None and ask.detailed.vocab_range_gb is not None
    calls: list[object] = []
    work_out = bot.detail._vocab_range

    def counted(*args: Any) -> tuple[D, D] | None:
        calls.append(args)
        return work_out(*args)

    monkeypatch.setattr(bot.detail, "_vocab_range", counted)
    lines = detailed_lead_lines(Phrases("en", CAT), ask)
    assert lines[-1].startswith("ℹ️ Without the model's name its vocabulary is unknown: from 32k")
    assert len(calls) == 1
