"""Spanish and French questions as natives write them (probe-esfr6), and the English forms of
the same asks."""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline, Reply
from rules.catalogue import load_catalogue

PIPELINE = Pipeline(load_catalogue(), cache_size=0)


def _ask(text: str, lang: str) -> Reply:
    return PIPELINE.ask(text, chosen_locale=lang)


def _bracket(reply: Reply) -> tuple[tuple[object, ...], ...]:
    bracket = reply.answer.sample_bracket
    assert bracket, reply.text
    return tuple((each, t.gpu, t.mfu, t.wall_clock_hours) for each, t in bracket)


@pytest.mark.parametrize(("cost", "time", "lang"), [
    ("cuánto cuesta hacer fine-tuning de llama 3 8b con 50 mil ejemplos",
     "cuánto tarda hacer fine-tuning de llama 3 8b con 50 mil ejemplos", "es"),
    ("combien pour fine-tuner mistral 7b sur 20 000 exemples",
     "combien de temps pour fine-tuner mistral 7b sur 20 000 exemples", "fr"),
    ("cost to finetune llama 3 8b on 100k samples",
     "how long to finetune llama 3 8b on 100k samples", "en"),
    ("cost to finetune llama 3 8b on a 100k dataset",
     "how long to finetune llama 3 8b on a 100k dataset", "en"),
    ("cuanto sale entrenar mistral 7b con un dataset de 50 mil",
     "cuanto tarda entrenar mistral 7b con un dataset de 50 mil", "es"),
    ("combien ça coute de finetuner mistral 7b avec un dataset de 20k",
     "combien de temps pour finetuner mistral 7b avec un dataset de 20k", "fr"),
])
def test_a_cost_over_samples_is_the_time_forms_bracket(cost: str, time: str, lang: str) -> None:
    """The cost of a count of samples with no length is the run "how long" times at each
    typical length, with the method the reply names (was LoRA's cheaper run, timed at 35 %,
    under "QLoRA", beside 32 % in the time form)."""
    priced, timed = _ask(cost, lang), _ask(time, lang)
    assert priced.answer.intent == "cost" and timed.answer.intent == "time"
    assert _bracket(priced) == _bracket(timed), (priced.text, timed.text)


@pytest.mark.parametrize(("text", "lang", "samples"), [
    ("cost to finetune llama 3 8b on a 100k dataset", "en", 100_000),
    ("how much for a lora of mistral 7b on a dataset of 100k", "en", 100_000),
    ("cuanto sale entrenar mistral 7b con un dataset de 50 mil", "es", 50_000),
    ("combien ça coute de finetuner mistral 7b avec un dataset de 20k", "fr", 20_000),
    ("combien pour fine-tuner mistral 7b sur un jeu de données de 20 000", "fr", 20_000),
    ("how much for a lora of mistral 7b on a dataset of 100k pls", "en", 100_000),
    ("cuanto sale entrenar mistral 7b con un dataset de cincuenta mil porfa", "es", 50_000),
])
def test_a_dataset_counted_without_a_unit_counts_examples(text: str, lang: str,
                                                         samples: int) -> None:
    reply = _ask(text, lang)
    assert reply.query.dataset_samples == samples, reply.text
    assert reply.answer.sample_bracket, reply.text


@pytest.mark.parametrize("text", [
    "cost to finetune llama 3 8b on a dataset of 50M tokens",
    "cost to finetune llama 3 8b on a 5gb dataset",
    "price to finetune llama 3 8b on a 2B dataset",
    "cuanto cuesta entrenar mistral 7b con un dataset de 20 mil tokens",
])
def test_a_dataset_said_in_tokens_bytes_or_billions_is_no_count_of_examples(text: str) -> None:
    assert _ask(text, "en").query.dataset_samples is None
