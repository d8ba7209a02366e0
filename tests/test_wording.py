"""Answers read as a native writes them: every defect of the December language review
(shared/reviews/2026-12-language.md) and the newcomer review's wording items, one test each,
plus a sweep that renders every template and phrase in es and fr for a range of counts."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from bot.alerts.messages import AlertRenderer
from bot.pipeline import Pipeline
from bot.render.phrases import gettext_for
from rules.catalogue import load_catalogue

NBSP, NNBSP = "\u00a0", "\u202f"


@pytest.fixture(scope="module")
def pipe() -> Pipeline:
    return Pipeline(cache_size=0)


@pytest.fixture(scope="module")
def alerts() -> AlertRenderer:
    return AlertRenderer(load_catalogue())


def ask(pipe: Pipeline, text: str, locale: str) -> str:
    return pipe.ask(text, chosen_locale=locale).text


# --- review 1: msgids with a literal "%" were never translated ---------------------------------


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("es", "Ejemplos: /alert h100 (cada cambio), /alert h100 bajo 2, /alert h200 sobre 3,5"),
        ("fr", f"Exemples{NBSP}: /alert h100 (chaque changement), /alert h100 sous 2, "
               "/alert h200 plus 3,5"),
    ],
)
def test_the_no_alerts_examples_are_translated(alerts, locale, expected):
    text = alerts.subscriptions(locale, [])
    assert expected in text
    assert "Examples" not in text and "every change" not in text


@pytest.mark.parametrize(
    ("locale", "expected"),
    [("es", "cuando varíe un 10 % o más"), ("fr", f"quand il varie de 10{NNBSP}% ou plus")],
)
def test_the_usage_percent_line_is_translated(alerts, locale, expected):
    text = alerts.error(locale, "usage")
    assert expected in text
    assert "when it moves" not in text


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("es", "El porcentaje debe estar entre 0,1 % y 100 %, por ejemplo 10 %."),
        ("fr", f"Le pourcentage doit être compris entre 0,1{NNBSP}% et 100{NNBSP}%, "
               f"par exemple 10{NNBSP}%."),
    ],
)
def test_the_percent_error_is_translated(alerts, locale, expected):
    assert expected in alerts.error(locale, "bad_percent")


# --- review 2.1: GPU-hours by the CLDR plural category of the decimal value --------------------


@pytest.mark.parametrize(
    ("locale", "question", "expected"),
    [
        ("en", "how much is an H100 for 1 hour?", "= 1 GPU-hour."),
        ("en", "how much is an H100 for 1.5 hours?", "= 1.5 GPU-hours."),
        ("es", "¿Cuánto cuesta una H100 durante 1 hora?", "= 1 GPU-hora."),
        ("es", "¿Cuánto cuesta una H100 durante 1,5 horas?", "= 1,5 GPU-horas."),
        ("es", "¿Cuánto cuesta una H100 durante 2 horas?", "= 2 GPU-horas."),
        ("fr", "Combien coûte un H100 pendant 1 heure ?", "= 1 GPU-heure."),
        ("fr", "Combien coûte un H100 pendant 1,5 heure ?", "= 1,5 GPU-heure."),
        ("fr", "Combien coûte un H100 pendant 0,5 heure ?", "= 0,5 GPU-heure."),
        ("fr", "Combien coûte un H100 pendant 2 heures ?", "= 2 GPU-heures."),
    ],
)
def test_gpu_hours_agree_with_their_number(pipe, locale, question, expected):
    assert expected in ask(pipe, question, locale)


@pytest.mark.parametrize(
    ("locale", "n", "expected"),
    [
        ("en", D(1), "spare GPU-hour never"), ("en", D("1.5"), "spare GPU-hours"),
        ("en", D(0), "spare GPU-hours"),
        ("es", D(1), "GPU-hora sobrante"), ("es", D("1.5"), "GPU-horas sobrantes"),
        ("es", D("0.5"), "GPU-horas sobrantes"), ("es", D(1000), "GPU-horas sobrantes"),
        ("fr", D(0), "GPU-heure restante"), ("fr", D("0.5"), "GPU-heure restante"),
        ("fr", D("1.5"), "GPU-heure restante"), ("fr", D(2), "GPU-heures restantes"),
        ("fr", D("2.5"), "GPU-heures restantes"), ("fr", D(1000), "GPU-heures restantes"),
    ],
)
def test_plural_forms_follow_cldr_for_decimals(locale, n, expected):
    text = gettext_for(locale).ngettext(
        "The %(count)s spare GPU-hour never expires.",
        "The %(count)s spare GPU-hours never expire.",
        n,
        count=str(n),
    )
    assert expected in text


@pytest.mark.parametrize(
    ("locale", "question", "expected"),
    [
        ("es", "¿Cuánto cuesta una H100 durante 0,5 horas?", "Las 9,5 GPU-horas sobrantes"),
        ("fr", "Combien coûte un H100 pendant 1,5 heure ?", "Les 8,5 GPU-heures restantes"),
        ("en", "how much is an H100 for 1.5 hours?", "The 8.5 spare GPU-hours"),
    ],
)
def test_spare_hours_are_not_rounded_down(pipe, locale, question, expected):
    assert expected in ask(pipe, question, locale)


# --- issue 18: what a floor is made of, per method ---------------------------------------------


@pytest.mark.parametrize(
    ("locale", "question", "expected"),
    [
        ("en", "full fine-tuning Mistral 7B on an L40S",
         "Even the weights, gradients and optimizer states alone take 116.8 GB"),
        ("es", "¿cabe Mistral 7B en una L40S con fine-tuning completo?",
         "Solo los pesos, los gradientes y los estados del optimizador ya ocupan 116,8"),
        ("fr", "est-ce que Mistral 7B tient sur une L40S en full fine-tuning ?",
         "Rien que les poids, les gradients et les états de l'optimiseur occupent 116,8"),
    ],
)
def test_the_full_fine_tuning_floor_is_not_called_the_weights(pipe, locale, question, expected):
    text = ask(pipe, question, locale)
    assert expected in text
    assert "14.6 GB" in text or "14,6" in text  # the BF16 weights of Mistral 7B themselves
    for wrong in ("Even the weights alone", "Solo los pesos ya ocupan",
                  "Rien que les poids occupent"):
        assert wrong not in text


def test_the_qlora_floor_says_4_bit_weights(pipe):
    text = ask(pipe, "can I QLoRA 70B on a 4090?", "en")
    assert "Even the 4-bit weights alone take 35 GB" in text


# --- issue 18: the hourly price of the asked configuration -------------------------------------


@pytest.mark.parametrize(
    ("locale", "question", "expected"),
    [
        ("en", "can I fine-tune Llama 3.1 8B with LoRA on an H100", "💵 1× H100: $2.32/hour"),
        ("es", "¿puedo correr Llama 3.1 405B en int8 en 8 H200?", f"💵 8× H200: 24,56{NBSP}US$/hora"),
        ("fr", "est-ce que Mistral 7B tient sur une L40S en full fine-tuning ?",
         f"💵 1× L40S{NBSP}: 0,82"),
    ],
)
def test_a_fit_answer_on_a_rented_gpu_states_its_hourly_price(pipe, locale, question, expected):
    assert expected in ask(pipe, question, locale)
