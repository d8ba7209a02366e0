"""Wording found by the probes: Spanish diminutives of "barato" ("la más
baratita") ask for the cheapest as "la más barata" does, and "what do you recommend to
start?" is the cheapest start (both were "Which model?"); "20M tokens each" with no runs is
the dataset."""

from __future__ import annotations

import pytest

from tests.support.chat import CATALOGUE, ask


@pytest.mark.parametrize(("text", "starts"), [
    ("q gpu es la mas baratita?", "💵 <b>Nuestra GPU más barata: L40S"),
    ("cual es la gpu mas baratita q tienen", "💵 <b>Nuestra GPU más barata: L40S"),
    ("la mas baratita pa un qlora de llama 3 8b?", "🏆 <b>Las GPU más baratas para Llama 3 8B"),
])
def test_diminutive_is_the_cheapest(text: str, starts: str) -> None:
    reply = ask(text, "es")
    assert reply.text.startswith(starts), reply.text


@pytest.mark.parametrize(("text", "locale", "starts"), [
    ("hi im new here, what do you recommend to start?", "en",
     "🚀 <b>The cheapest way to start: $8.20</b>"),
    ("hola, soy nuevo, q me recomiendan pa empezar?", "es",
     "🚀 <b>Lo mínimo para empezar: 8,20\u00a0US$</b>"),
    ("salut je debute, vous me conseillez quoi pour commencer ?", "fr",
     "🚀 <b>Le minimum pour commencer\u00a0: 8,20\u00a0$US</b>"),
])
def test_a_beginner_asking_where_to_start_gets_the_cheapest_start(
    text: str, locale: str, starts: str
) -> None:
    """"What do you recommend to start?" with nothing named: the cheapest way to start (the
    smallest block of the cheapest GPU-hour), as "minimum to get started" gets; was "Which
    model?" (found by probe-esfr10)."""
    reply = ask(text, locale)
    assert reply.text.startswith(starts), reply.text


def test_tokens_each_too_long_for_a_sample_are_the_data() -> None:
    """"lora mistral 7b on 20M tokens each" with no runs counted: no sample is 20M tokens long,
    so the dataset (was "That number is too large for the sequence length"; found by
    probe-en10); "2k tokens each" stays one sample's length."""
    from bot.understand.parse import understand

    data = understand("lora mistral 7b on 20M tokens each, on h100", CATALOGUE)
    assert data.seq_len is None and data.dataset_tokens == 20_000_000
    assert understand("qlora mistral 7b on a 4090, 2k tokens each", CATALOGUE).seq_len == 2000
