"""A training question after a serving one is of training: "and to run?" then "how long to
train llama 3 8b on 10k examples?" was timed as 8-bit inference on the card (the serving before
it carried), as was "serve llama 3 70b on 2x h100" then "and how long to finetune it on 1B
tokens?". A follow-up that says neither ("and on 4 of them?") still serves."""

from __future__ import annotations

import pytest

from tests.support.chat import converse


@pytest.mark.parametrize("turns", [
    ("i have a 3060 12gb", "what can i qlora?", "and to run?",
     "how long to train llama 3 8b on 10k examples?"),
    ("tengo una 3060 de 12gb", "y para correr?",
     "cuanto tardaria en entrenar llama 3 8b con 10k ejemplos?"),
    ("j'ai une 3060 12 go", "et pour le faire tourner ?",
     "combien de temps pour entraîner llama 3 8b sur 10k exemples ?"),
    ("serve llama 3 70b on 2x h100", "and how long to finetune it on 1B tokens?"),
])
def test_training_said_is_training(turns: tuple[str, ...]) -> None:
    reply = converse(*turns)[-1]
    query = reply.answer.query
    assert not query.inference and query.intent == "time"
    assert "nferenc" not in reply.text.split("\n\n", 1)[0]  # the lead is a training time


def test_a_follow_up_saying_neither_still_serves() -> None:
    reply = converse("serve llama 3 70b on 2x h100", "and on 4 of them?")[-1]
    assert reply.answer.query.inference and reply.answer.query.gpu_count == 4
