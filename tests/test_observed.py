"""The memory a user sees their own run use, beside the detailed estimate (session 34): "qlora on
llama 2 7b uses 14gb on my 4090 with batch 4 seq 512, why so much" was answered "✅ fits, 8.1
GB" with the 14 GB unread; "nvidia-smi shows 60gb per gpu" was read as 60 GB cards."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from tests.support.chat import ask, says

READINGS = [
    # question, the reading, a total over the GPUs, the card's memory said
    ("qlora on llama 2 7b uses 14gb on my 4090 with batch 4 seq 512, why so much", D(14), False),
    ("full finetune llama 3 8b on 8x a100 80gb with deepspeed zero3, batch 4, seq 2048 — "
     "nvidia-smi shows 60gb per gpu, is that normal?", D(60), False),
    ("my lora of mistral 7b takes 30gb of vram, is that normal?", D(30), False),
    ("llama 3 8b full ft on 4 h100s is using around 200gb total", D(200), True),
    ("mi qlora de llama 3 8b ocupa 20 gb en mi 3090, es normal?", D(20), False),
    ("mon lora de mistral 7b prend 30 Go sur ma 4090, c normal ?", D(30), False),
    ("qlora llama 3 8b peaked at 11.5gb on my 3060", D("11.5"), False),
]


@pytest.mark.parametrize(("question", "seen", "total"), READINGS)
def test_a_reading_is_taken_as_seen_not_as_a_cards_memory(
        question: str, seen: D, total: bool) -> None:
    query = ask(question).query
    assert query.observed_gb == seen
    assert query.observed_total is total
    assert query.vram_gb is None  # "60gb per gpu" was the cards' memory


NOT_READINGS = [
    "will qlora of llama 3 8b use 24gb?",
    "does llama 3.1 8b lora take 20gb or more?",
    "can i qlora llama 3 8b on my 24gb card",
    "qlora llama 3 8b with 16gb vram",
    "lora of mistral 7b on a gpu with 12gb",
]


@pytest.mark.parametrize("question", NOT_READINGS)
def test_a_question_or_a_cards_memory_is_no_reading(question: str) -> None:
    assert ask(question).query.observed_gb is None


REPLIES = [
    # above the estimate: the reasons, the assumed settings among them
    ("qlora on llama 2 7b uses 14gb on my 4090 with batch 4 seq 512, why so much",
     ["📏 You see 14 GB per GPU where the detailed estimate is 8.1 GB per GPU.",
      "caching allocator", "gradient checkpointing, assumed on here, is off by default"],
     ["sequences longer than"]),  # the sequence was said
    ("my lora of mistral 7b takes 30gb of vram, is that normal?",
     ["🎯 <b>About 18.7 GB", "📏 You see 30 GB per GPU where the detailed estimate is 18.7 GB",
      "sequences longer than the 2,048 tokens assumed", "a batch larger than the 1 assumed"], []),
    ("qlora llama 3 8b seq 2048 batch 1 on a 3090 uses about 13gb",
     ["📏 You see 13 GB per GPU, in line with the detailed estimate for these settings (12.8 GB "
      "per GPU): nothing unusual."], ["usual reasons"]),
    ("qlora llama 3 8b seq 4096 batch 2 on my 4090 only uses 9gb",
     ["📏 You see 9 GB per GPU, less than the detailed estimate"], ["usual reasons"]),
    ("mi qlora de llama 3 8b ocupa 20 gb en mi 3090, es normal?",
     ["📏 Ves 20\u00a0GB por GPU donde la estimación detallada es de 12,8\u00a0GB por GPU.",
      "el gradient checkpointing, que aquí se supone activado"], []),
    ("mon lora de mistral 7b prend 22 Go sur ma 4090, c normal ?",
     ["📏 Vous voyez 22\u202fGo par GPU là où l'estimation détaillée est de 18,7\u202fGo par GPU.",
      "caching allocator de PyTorch"], []),
]


@pytest.mark.parametrize(("question", "said", "unsaid"), REPLIES)
def test_the_reading_is_set_beside_the_estimate(
        question: str, said: list[str], unsaid: list[str]) -> None:
    says(ask(question).text, said, unsaid)


def test_a_total_over_the_gpus_is_compared_per_gpu() -> None:
    text = ask("full finetune llama 3 8b on 4x h100 with zero3 seq 2048 batch 1, it's using "
               "around 200gb total").text
    assert "📏 You see 50 GB per GPU" in text, text


def test_a_reading_above_the_cards_memory_names_windows_fallback() -> None:
    # "uses 30gb" on a 24 GB card: Windows' driver spilling into system RAM, or a misreading
    # (was "You see 30 GB … the usual reasons", as if the card held it).
    text = ask("lora llama 3 8b on my 4090 uses 30gb, why").text
    assert "📏 You see 30 GB per GPU, more than the 25.76 GB (24 GiB) each GPU has." in text
    assert "Prefer No Sysmem Fallback" in text and "usual reasons" not in text
    many = ask("qlora llama 3 8b on 8x h100 using 9999gb total").text
    assert "more than the 85.52 GB (79.6 GiB) each GPU has" in many


def test_a_reading_too_small_to_mean_anything_is_not_compared() -> None:
    reply = ask("lora llama 3 8b on 4090 uses 0.01gb")
    assert reply.query.observed_gb is not None and "📏" not in reply.text
