"""Conversations as Spanish and French speakers hold them (probe-esfr4)."""

from __future__ import annotations

from tests.support.chat import converse


def test_the_prefill_asked_after_a_speed() -> None:
    """"et le prefill d'un prompt de 8k ?" after a tokens/s question: the prompt's processing of
    that model there, at that length (was the decode bound again; redone from probe-esfr3's
    2ff3994)."""
    replies = converse("combien de tokens par seconde pour llama 3 8b q4 sur une 4090 ?",
                       "et le prefill d'un prompt de 8k ?", locale="fr")
    last = replies[1]
    assert last.query.prefill_timed and last.query.seq_len == 8192, last.text
    assert last.text.split("\n", 1)[1].startswith("⏱ <b>Environ"), last.text
    assert "RTX 4090" in last.text.split("\n")[1], last.text


def test_the_first_token_asked_after_a_speed() -> None:
    replies = converse("cuantos tok/s saca qwen2.5 14b en q4 en mi 3090?",
                       "y el tiempo hasta el primer token con un prompt de 20k?", locale="es")
    last = replies[1]
    assert last.query.prefill_timed and last.query.model_id == "qwen2.5-14b", last.text
    assert last.text.split("\n", 1)[1].startswith("⏱ <b>Unos 10\u00a0segundos al pico"), last.text
