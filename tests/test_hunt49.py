"""Session 49, questions written as people write them (hunt49): GPU-hours said with the cards
they run on, what checkpointing saves asked with the user the subject."""

from __future__ import annotations

import pytest

from tests.support.chat import ask, says

# 1. GPU-hours said with the configuration they run on ("if i buy 24 gpu hours and run 4 h100s
# how long does that last", "24 horas de gpu … 4 h100 cuanto me duran"): how long they last there
# leads (was "how many GPU-hours depends on the job" or the cost of 6 hours, the duration never
# said); a number that is no block is said as GPU-hours, not "a block of".
GPU_HOURS_LAST = [
    ("if i buy 24 gpu hours and run 4 h100s how long does that last", None,
     "🧱 <b>A block of 24 GPU-hours lasts 6 hours on 4× H100</b>"),
    ("how long do 10 gpu hours last on 8x h100", None,
     "🧱 <b>A block of 10 GPU-hours lasts 1.25 hours on 8× H100</b>"),
    ("i have 24 gpu-hours of h100, how long do they last on 4 gpus", None,
     "🧱 <b>A block of 24 GPU-hours lasts 6 hours on 4× H100</b>"),
    ("i have 50 gpu hours, how long is that on 4 a100s", None,
     "🧱 <b>50 GPU-hours last 12.5 hours on 4× A100 80GB</b>"),
    ("si compro 24 horas de gpu y uso 4 h100 cuanto me duran", "es",
     "🧱 <b>Un bloque de 24 GPU-horas dura 6\u00a0horas en 4× H100</b>"),
    ("tengo 50 horas de gpu, cuanto me duran en 4 a100?", "es",
     "🧱 <b>50 GPU-horas duran 12,5\u00a0horas en 4× A100 80GB</b>"),
    ("si j'achète 24 heures de gpu et que je lance 4 h100, ça dure combien de temps", "fr",
     "🧱 <b>Un bloc de 24 GPU-heures dure 6\u00a0heures sur 4× H100</b>"),
    ("j ai 50 heures de gpu, ça dure combien sur 4 a100 ?", "fr",
     "🧱 <b>50 GPU-heures durent 12,5\u00a0heures sur 4× A100 80GB</b>"),
]


@pytest.mark.parametrize(("text", "locale", "lead"), GPU_HOURS_LAST)
def test_gpu_hours_said_with_the_cards_lead_with_how_long_they_last(
        text: str, locale: str | None, lead: str) -> None:
    reply = ask(text, locale)
    assert reply.text.startswith(lead), reply.text


# 2. What gradient checkpointing saves, asked with the user the subject ("how much vram do i save
# with grad checkpointing", "combien de vram je gagne avec le gradient checkpointing"): the
# estimate with and without it and the difference lead (was the memory with it alone).
CKPT_SAVING = [
    ("how much vram do i save with grad checkpointing, lora llama 3 8b seq 4096", None,
     "🧮 <b>Gradient checkpointing saves about 24.4 GB per GPU here"),
    ("what memory would we free up by enabling gradient checkpointing for qlora mistral 7b", None,
     "🧮 <b>Gradient checkpointing saves about"),
    ("combien de vram je gagne avec le gradient checkpointing en lora llama 3 8b seq 4096", "fr",
     "🧮 <b>Le gradient checkpointing économise environ 24,4\u202fGo par GPU ici"),
    ("combien de mémoire on économise avec le gradient checkpointing pour un qlora de mistral 7b",
     "fr", "🧮 <b>Le gradient checkpointing économise environ"),
]


@pytest.mark.parametrize(("text", "locale", "lead"), CKPT_SAVING)
def test_checkpointing_savings_asked_with_the_user_as_subject(
        text: str, locale: str | None, lead: str) -> None:
    reply = ask(text, locale)
    says(reply.text, [lead], ["🤔"])
    assert reply.text.startswith(lead), reply.text
