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


# 3. A run asked to take more than a time ("would … take more than a day", "¿tarda más de un
# día?", "ça prend plus d'une journée ?"): the deadline asked the other way round, its yes and no
# swapped, before the time (was the fit, the day priced as 24 hours to rent on the card; or,
# with "on my 3090" after the hours, those hours read as what the run took there).
TAKES_MORE_THAN = [
    ("would lora llama 3 8b on 100M tokens take more than a day on an l40s", None,
     "✅ <b>No: by this estimate it takes less than 24 hours.</b>"),
    ("does a qlora of llama 3 70b on 50M tokens take longer than a week on one a100", None,
     "✅ <b>No: by this estimate it takes less than 168 hours.</b>"),
    ("will qlora mistral 7b on 20M tokens run longer than 3hrs on my 3090", None,
     "⏳ <b>Yes: by this estimate it takes more than 3 hours.</b>"),
    ("tarda mas de un dia un lora de 8b con 100M tokens en una l40s?", "es",
     "✅ <b>No: según esta estimación, tarda menos de 24\u00a0horas.</b>"),
    ("ça prend plus d'une journée un lora de 8b sur 100M tokens sur une l40s ?", "fr",
     "✅ <b>Non\u00a0: d'après cette estimation, l'entraînement prend moins de 24\u00a0heures.</b>"),
    ("un qlora de mistral 7b con 50M tokens en mi 3090 tarda mas de 3 horas?", "es",
     "⏳ <b>Sí: según esta estimación, tarda más de 3\u00a0horas.</b>"),
]


@pytest.mark.parametrize(("text", "locale", "lead"), TAKES_MORE_THAN)
def test_a_run_asked_to_take_more_than_a_time_is_answered_yes_or_no(
        text: str, locale: str | None, lead: str) -> None:
    reply = ask(text, locale)
    assert reply.query.intent == "time" and reply.query.deadline_over, reply.text
    assert reply.text.startswith(lead), reply.text
