"""Session 26 (lead): the largest model a memory holds never names an encoder, and a long list
of one size's models is cut to a few names and a count."""
from __future__ import annotations

from decimal import Decimal

import pytest

from bot.render.phrases import Phrases
from rules.largest import largest_fitting
from tests.support.chat import CATALOGUE, converse


@pytest.mark.parametrize("method", ["inference_bf16", "inference_int4", "qlora", "lora"])
def test_the_largest_that_fits_is_never_an_encoder(method: str) -> None:
    # T5 11B, Flan-T5 XL (3B) and mT0-XXL (13B) are the largest on file at some memories:
    # nothing runs them as a chat model, so they are never offered.
    encoders = {m.id for m in CATALOGUE.models if m.encoder is not None}
    assert {"t5-11b", "flan-t5-xxl", "mt0-xxl", "bert-large"} <= encoders
    seen: set[str] = set()
    for tenth in range(5, 600, 5):
        top = largest_fitting(method, Decimal(tenth) / 10, CATALOGUE)  # type: ignore[arg-type]
        seen.update(top.model_ids)
    assert seen and not seen & encoders


@pytest.mark.parametrize(("locale", "tail"), [
    ("en", "D, and 2 others"), ("es", "D y 2 más"), ("fr", "D et 2 autres"),
])
def test_many_names_of_one_size_are_counted_past_four(locale: str, tail: str) -> None:
    ph = Phrases(locale, CATALOGUE)
    assert ph.some_names(["A", "B", "C", "D", "E", "F"]).endswith(tail)
    assert "E" not in ph.some_names(["A", "B", "C", "D", "E", "F"])
    assert ph.some_names(["A", "B"]) in ("A and B", "A y B", "A et B")


@pytest.mark.parametrize(("locale", "turns", "count", "gpu"), [
    ("en", ("lora llama 3 70b", "how many a100s", "and h100s?"), 3, "h100"),
    ("en", ("how many h100 for full finetune of llama 3 8b", "and on b200?"), 1, "b200"),
    ("es", ("cuantas a100 necesito para lora de llama 3 70b", "y de h100?"), 3, "h100"),
    ("fr", ("combien de h100 pour un lora de llama 3 70b", "et en a100 ?"), 3, "a100-80gb"),
])
def test_another_card_after_how_many_asks_how_many_of_it(
        locale: str, turns: tuple[str, ...], count: int, gpu: str) -> None:
    # Was the run on one of them ("No: Llama 3 70B does not fit on 1× H100").
    last = converse(*turns, locale=locale)[-1]
    assert last.answer.count_needed == count
    assert last.query.gpu == gpu
    assert last.text.split("\n")[1].startswith("🔢")  # after the carried line


@pytest.mark.parametrize(("locale", "turns", "start"), [
    ("en", ("how many h100 for lora llama 3 70b", "how much for 24 hours?"),
     "💵 <b>Cost: $167.04</b> — 3× H100 × 24 hours"),
    ("es", ("cuantas a100 necesito para lora de llama 3 70b", "y cuanto cuesta por 10 horas?"),
     "💵 <b>Coste: 27,60\u00a0US$</b> — 3× A100 80GB × 10\u00a0horas"),
])
def test_a_cost_after_how_many_is_on_the_count_answered(
        locale: str, turns: tuple[str, ...], start: str) -> None:
    # Was 1× of the card, which does not hold the run.
    text = converse(*turns, locale=locale)[-1].text
    assert start in text, text


@pytest.mark.parametrize(("locale", "turns", "line"), [
    ("es", ("tengo una 4090", "puedo entrenar qwen 14b?", "y con 8k de contexto?"),
     "↪️ <i>Qwen 14B en 1× RTX 4090, de tu pregunta anterior.</i>"),
    ("en", ("qwen 72b lora on 2x h100?", "and with qlora?"),
     "↪️ <i>Qwen 72B on 2× H100, from your last question.</i>"),
])
def test_the_carried_line_names_a_brand_and_size_as_the_reply_does(
        locale: str, turns: tuple[str, ...], line: str) -> None:
    # Was "Un modelo de 14B en 1× RTX 4090" above "En 1× RTX 4090, Qwen 14B no cabe".
    assert converse(*turns, locale=locale)[-1].text.split("\n")[0] == line


@pytest.mark.parametrize(("locale", "turns", "line"), [
    ("en", ("qlora llama 3 70b on an h100 for 20 hours", "what about 8?"),
     "↪️ <i>QLoRA of Llama 3 70B on 1× H100 for 8 hours, from your last question.</i>"),
    ("es", ("qlora de llama 3 70b en una h100 por 20 horas", "y 8?"),
     "↪️ <i>QLoRA de Llama 3 70B en 1× H100 durante 8\u00a0horas, de tu pregunta anterior.</i>"),
])
def test_a_bare_number_after_a_run_with_hours_is_hours(
        locale: str, turns: tuple[str, ...], line: str) -> None:
    # Was "I did not understand" (a run's fit with hours, not a bare cost, came before).
    assert converse(*turns, locale=locale)[-1].text.split("\n")[0] == line
