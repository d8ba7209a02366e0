"""Conversations as Spanish and French speakers hold them (probe-esfr3): after a training
run's verdict, an OOM said or what to do asked ("¿qué hago?", "j'ai un OOM, je fais comment ?",
"what do i do?") is that run, answered with what makes it fit first (was "I did not
understand")."""

from __future__ import annotations

import pytest

from tests.support.chat import converse

FIX: list[tuple[str, str, str, str]] = [
    ("qlora de llama 3 8b en mi 4070 de 12gb con seq 4096 batch 4", "me da OOM, que hago?", "es",
     "🩹 <b>Para que entre en 1× RTX 4070</b>"),
    ("qlora de llama 3 8b en mi 4070 de 12gb con seq 4096 batch 4", "que hago?", "es",
     "🩹 <b>Para que entre en 1× RTX 4070</b>"),
    ("qlora de llama 3 8b en mi 4070 de 12gb con seq 4096 batch 4", "me sale CUDA out of memory",
     "es", "🩹 <b>Para que entre en 1× RTX 4070</b>"),
    ("qlora de llama 3 8b sur ma 4070 12 go, seq 4096 batch 4", "j'ai un OOM, je fais comment ?",
     "fr", "🩹 <b>Pour que ça tienne sur 1× RTX 4070</b>"),
    ("qlora de llama 3 8b sur ma 4070 12 go, seq 4096 batch 4", "que faire ?", "fr",
     "🩹 <b>Pour que ça tienne sur 1× RTX 4070</b>"),
    ("qlora llama 3 8b on my 4070 12gb seq 4096 batch 4", "what do i do?", "en",
     "🩹 <b>What makes it fit on 1× RTX 4070</b>"),
    ("qlora llama 3 8b on my 4070 12gb seq 4096 batch 4", "it OOMs", "en",
     "🩹 <b>What makes it fit on 1× RTX 4070</b>"),
]


@pytest.mark.parametrize(("first", "then", "lang", "lead"), FIX)
def test_fix_asked_after_a_verdict(first: str, then: str, lang: str, lead: str) -> None:
    replies = converse(first, then, locale=lang)
    reply = replies[1]
    assert reply.query.follow_up and reply.query.fix_asked, reply.text
    assert reply.query.model_id == "llama-3-8b" and reply.query.gpu == "rtx-4070"
    assert reply.query.seq_len == 4096 and reply.query.batch_size == 4
    body = reply.text.split("\n", 1)[1]  # after the "from your last question" line
    assert body.startswith(lead), reply.text


def test_fix_asked_after_serving_is_not_a_training_fix() -> None:
    """After a served model, "¿qué hago?" is no training run to fix: not read as one."""
    replies = converse("llama 3 70b en q4 en mi 3090, cuantos tok/s?", "que hago?", locale="es")
    assert not replies[1].query.fix_asked or not replies[1].query.follow_up


def test_a_mac_is_never_several() -> None:
    """A model a Mac cannot hold: no "2× Apple M2 Pro" where it would fit, and no tokens/s
    arithmetic for a run said to generate nothing there."""
    replies = converse("llama 3.1 8b en q8 en mi m2 pro de 32gb, cuantos tokens por segundo?",
                       "y mistral small?", locale="es")
    text = replies[1].text
    assert "no cabe en 1× Apple M2 Pro" in text, text
    assert "2× Apple M2 Pro" not in text and "Cada token generado lee" not in text, text
