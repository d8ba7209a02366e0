"""A training run's rate and a budget beside a run from scratch, as people ask them:
"what's the cost per million tokens to fine tune llama 3 8b on an h100" was priced on 10
illustrative hours ($23.20); now the run on a million tokens. "can i train a 7b model from
scratch for under $1000" said the hours $1,000 buys and "✅ Yes: a 7B model fits on 1× H200";
now the run on Chinchilla's compute-optimal tokens held against the budget."""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline
from rules.catalogue import load_catalogue

PIPE = Pipeline(load_catalogue(), cache_size=0)


@pytest.mark.parametrize(("text", "lang", "lead"), [
    ("what's the cost per million tokens to fine tune llama 3 8b on an h100", "en",
     "💵 <b>About $0.07 to fine-tune Llama 3 8B on 1 million tokens</b>"),
    ("costo por millon de tokens de hacer lora a llama 3 8b en una h100", "es",
     "💵 <b>Unos 0,07\xa0US$ por hacer fine-tuning de Llama 3 8B con 1 millón de tokens</b>"),
    ("prix par million de tokens pour fine-tuner mistral 7b sur une a100", "fr",
     "💵 <b>Environ 0,07\xa0$US pour fine-tuner Mistral 7B"),
])
def test_a_training_price_per_million_tokens(text: str, lang: str, lead: str) -> None:
    reply = PIPE.ask(text, telegram_locale=lang)
    assert reply.text.startswith(lead), reply.text[:200]
    assert reply.answer.query.dataset_tokens == 1_000_000


def test_serving_per_million_tokens_is_still_decode() -> None:
    text = PIPE.ask("price per million tokens for llama 3 70b on an h100").text
    assert text.startswith("💵 <b>At least $8.37 per million tokens generated")


@pytest.mark.parametrize(("text", "lang", "lead"), [
    ("can i train a 7b model from scratch for under $1000", "en",
     "❌ <b>Not within $1,000: this run costs about $16,439.73, 5,354.96 hours on 1× H200 for 140 billion tokens.</b>"),
    ("puedo entrenar un modelo de 7b desde cero con menos de 1000 dolares?", "es",
     "❌ <b>No te alcanza con 1.000\u00a0US$"),
    ("peut-on entraîner un modèle de 1b from scratch pour 500 dollars ?", "fr",
     "✅ <b>Ça rentre dans 500\u00a0$US"),
])
def test_a_budget_against_a_run_from_scratch(text: str, lang: str, lead: str) -> None:
    reply = PIPE.ask(text, telegram_locale=lang)
    assert reply.text.startswith(lead), reply.text[:200]
    assert "📚" in reply.text  # the tokens assumed, said with their source
