"""The first line is the most accurate answer we have for what was asked, on the card asked:
the detailed estimate at the settings the user gave (or implied) decides it."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from bot.answer import build_answer
from bot.pipeline import Pipeline
from bot.understand import understand
from rules.catalogue import load_catalogue

CAT = load_catalogue()
PIPE = Pipeline(CAT)


# --- the samples' average length is the run's sequence length (unpacked, batch 1) -----------

@pytest.mark.parametrize(("text", "avg"), [
    ("how long to finetune gemma 2 9b on a T4, 5000 examples avg 300 tokens", 300),
    ("100k samples qlora llama 3 8b on an a100, avg 700 tokens", 700),
    ("20k examples averaging 1500 tokens llama 3 8b on a 4090", 1500),
    ("1 million samples llama 3 8b on an h100, samples are short, like 100 tokens", 100),
    ("cuánto tarda afinar gemma 2 9b en una T4, 5000 ejemplos de unos 300 tokens de media", 300),
])
def test_average_sample_length_is_read(text: str, avg: int) -> None:
    query = understand(text, CAT)
    assert query.sample_len_avg == avg
    assert query.seq_len is None  # the parse keeps it an average; the answer decides


def test_of_tokens_is_the_length_not_an_average() -> None:
    query = understand("5000 examples of 300 tokens, qlora gemma 2 9b on a t4", CAT)
    assert query.seq_len == 300 and query.sample_len_avg is None


def test_detailed_estimate_runs_at_the_average_and_says_how_long_a_sample_may_be() -> None:
    query = understand("how long to finetune gemma 2 9b on a T4, 5000 examples avg 300 tokens",
                       CAT)
    answer = build_answer(query, CAT)
    assert answer.detailed is not None and answer.detailed.seq_len == 300
    assert answer.detailed.check is not None and answer.detailed.check.detailed_fits
    assert answer.sample_room is not None and answer.sample_room.tokens > 300
    # Timed on the card asked (it fits there), not on the fastest offered one.
    t = answer.detailed.training_time
    assert t is not None and t.gpu == "t4" and t.asked


def test_packed_samples_keep_the_packing_length() -> None:
    query = understand("qlora gemma 2 9b on a t4, packed, 5000 examples avg 300 tokens", CAT)
    assert query.packed
    answer = build_answer(query, CAT)
    assert answer.detailed is not None and answer.detailed.seq_len != 300
    assert answer.sample_room is None


def test_time_on_the_t4_leads_not_a_b200() -> None:
    text = PIPE.ask("how long to finetune gemma 2 9b on a T4, 5000 examples avg 300 tokens").text
    first = text.splitlines()[0]
    assert "1× T4" in first and "B200" not in text
    assert "At your average of 300 tokens a sample" in text
    assert "up to about 1,812 tokens fit there" in text


def test_average_too_long_for_the_card_is_a_no_at_that_average() -> None:
    reply = PIPE.ask("qlora llama 3 8b on my 4060 ti, 20k examples averaging 1500 tokens")
    assert reply.text.startswith("❌")
    assert "At your average of 1,500 tokens a sample" in reply.text
    assert "truncate longer ones" not in reply.text
    assert D(str(reply.answer.detailed.per_gpu_gb)) > D(8)  # type: ignore[union-attr]


# --- no settings stated: the detailed estimate at typical settings leads ---------------------

def test_the_lead_never_contradicts_the_detailed_line() -> None:
    """"qlora llama 3 8b on my 4060 ti" led ✅ by the planning rule's 6 GB, then ❌ at 12.8 GB
    per GPU on the next line."""
    reply = PIPE.ask("qlora llama 3 8b on my 4060 ti")
    assert reply.answer.fits is False and reply.answer.detailed_fits is False
    assert reply.answer.typical_lead
    lines = reply.text.splitlines()
    assert lines[0].startswith("❌")
    assert lines[1].startswith("At typical settings (sequence 2,048, batch 1) it needs about 12.8")
    assert "✅" not in "\n".join(lines[:3])


def test_the_count_that_holds_it_is_the_detailed_one() -> None:
    answer = PIPE.ask("qlora llama 3 70b on 3x 3090").answer
    assert answer.fits is False and answer.typical_need == 4
    # 4× does hold it by the detailed estimate.
    assert PIPE.ask("qlora llama 3 70b on 4x 3090").answer.fits is True


def test_the_longest_sequence_that_fits_is_said_on_a_rented_card() -> None:
    reply = PIPE.ask("qlora llama 3 70b on an l40s")
    room = reply.answer.typical_room
    assert room is not None and 0 < room.tokens < 2048
    assert f"With sequences of at most about {room.tokens:,} tokens it fits there." in reply.text


def test_settings_stated_still_read_as_yours() -> None:
    reply = PIPE.ask("qlora llama 3 8b on my 4060 ti, seq 512")
    assert not reply.answer.typical_lead
    assert "With your settings it needs about" in reply.text


# Both fit with room: the detailed figure at typical settings leads all the same, with the room
# it leaves and the rule's figure beside it (was "It needs about 6 GB (planning estimate)" and,
# for LoRA of Llama 3 8B on an A100, the 23.1 GB a typical run takes unsaid).
AGREEING = [
    ("qlora llama 3 8b on a 3090", "en", "At typical settings (sequence 2,048, batch 1) it needs "
     "about 12.8 GB per GPU (detailed estimate) of the 25.77 GB (24 GiB) each GPU has, 13 GB "
     "left; the planning rule says 6 GB for the whole job."),
    ("lora llama 3 8b on an a100", "en", "it needs about 23.1 GB per GPU (detailed estimate) of "
     "the 85.9 GB (80 GiB) each GPU has, 62.8 GB left; the planning rule says 19.2 GB"),
    ("puedo hacer lora de llama 3 8b en una a100?", "es", "necesita unos 23,1\u00a0GB por GPU "
     "(estimación detallada) de los 85,9\u00a0GB (80\u00a0GiB) que tiene cada GPU: quedan "
     "62,8\u00a0GB; la regla de planificación dice 19,2\u00a0GB"),
    ("je peux faire un lora de llama 3 8b sur une a100 ?", "fr", "il faut environ 23,1\u202fGo "
     "par GPU (estimation détaillée) sur les 85,9\u202fGo (80\u202fGio) de chaque GPU, il reste "
     "62,8\u202fGo\u202f; la règle de planification indique 19,2\u202fGo"),
]


@pytest.mark.parametrize(("question", "lang", "said"), AGREEING)
def test_agreeing_fits_lead_with_the_detailed_figure(question: str, lang: str, said: str) -> None:
    reply = PIPE.ask(question)
    assert reply.answer.fits is True and reply.answer.typical_lead
    assert reply.locale == lang
    second = reply.text.split("\n")[1]
    assert said in second, reply.text
    assert "(planning estimate)" not in reply.text


def test_several_methods_are_not_led_by_one_detailed_estimate() -> None:
    answer = PIPE.ask("llama 3 8b on my 4060 ti").answer
    assert len(answer.methods) > 1 and not answer.typical_lead


def test_largest_model_questions_keep_their_own_search() -> None:
    assert not PIPE.ask("whats the biggest model i can qlora on a 24gb card??").answer.typical_lead


def test_count_questions_lead_with_the_detailed_count() -> None:
    answer = PIPE.ask("entrenar un llama de 70b desde cero en full, ¿cuántas b200?").answer
    assert answer.count_needed == 8 and answer.count_planning == 7
    assert answer.fits is True
