""""can i run llama 3 70b on my 3090?" (no precision, runner nor engine said): no precision fits
the card, and the reply also says what people do with such a card, run a GGUF with llama.cpp or
Ollama partly on the CPU, with the same split and speed bound that "with llama.cpp?" answers."""

from __future__ import annotations

import pytest

from bot.conversation import Conversations
from bot.pipeline import Pipeline
from rules.catalogue import load_catalogue

PIPE = Pipeline(load_catalogue(), cache_size=0)


@pytest.mark.parametrize(("text", "lang", "line"), [
    ("can i run llama 3 70b on my 3090?", "en",
     "🐢 With llama.cpp or Ollama it can still run, partly on the CPU: a Q4_K_M GGUF puts 46 of "
     "its 81 layers on the GPU and the rest, about 19.3 GB, in system RAM, at most about 4.2 "
     "tokens/s. Ask “with llama.cpp?” for the details."),
    ("puedo correr llama 3 70b en mi 3090?", "es",
     "🐢 Con llama.cpp u Ollama aún puede funcionar, en parte en la CPU: un GGUF Q4_K_M pone 46 "
     "de sus 81 capas en la GPU y el resto, unos 19,3\u00a0GB, en la RAM del sistema"),
    ("je peux faire tourner llama 3 70b sur ma 3090 ?", "fr",
     "🐢 Avec llama.cpp ou Ollama, il peut quand même tourner, en partie sur le CPU\u00a0: un GGUF "
     "Q4_K_M met 46 de ses 81 couches sur le GPU"),
    # a GeForce we rent too, run at home
    ("will llama3 70b run on a single 4090", "en", "a Q4_K_M GGUF puts 46 of its 81 layers"),
])
def test_the_offloaded_run_is_said_beside_the_verdict(text: str, lang: str, line: str) -> None:
    reply = PIPE.ask(text, telegram_locale=lang)
    assert reply.answer.fits is False
    head = reply.text.split("\n\n", 1)[0]
    assert line in head  # with the verdict, before the precisions


def test_the_line_agrees_with_the_llama_cpp_answer_it_points_to() -> None:
    chats = Conversations()
    first = PIPE.ask("can i run llama 3 70b on my 3090?", previous=chats.previous(1))
    chats.remember(1, first)
    then = PIPE.ask("with llama.cpp?", previous=chats.previous(1))
    said, ran = first.answer.offload_instead, then.answer
    assert said is not None and ran.layer_split is not None and ran.offload_speed is not None
    assert said.split == ran.layer_split and said.speed == ran.offload_speed


@pytest.mark.parametrize("text", [
    "can i run llama 3 70b on an h100?",          # fits
    "can i run llama 3 70b on 2x h100?",          # rented cards: more of them, not the CPU
    "can i run llama 3 70b on my 3090 in bf16?",  # a precision said
    "can i run llama 3 70b on my 3090 with vllm?",  # an engine that does not offload layers
    "can i run llama 3 70b on my m2 max 32gb?",   # unified memory: no split
])
def test_no_line_where_it_does_not_apply(text: str) -> None:
    reply = PIPE.ask(text)
    assert reply.answer.offload_instead is None
    assert "it can still run, partly on the CPU" not in reply.text
