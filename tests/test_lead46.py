"""Session 46 (lead): the micro-batch a run is timed at leaves the planning margin free, the
cost's detail says that micro-batch, and a run paid the same blocks in half the time is named.

- A run with no micro-batch said was timed at the largest of 8, 4, 2 whose detailed estimate
  fits the card at all: a 4090's LoRA of Mistral 7B at micro-batch 4, 25.6 of 25.76 GB, a run
  that OOMs in practice (allocator fragmentation, a longer sample). Now the largest that leaves
  the seed's 20 % planning margin (detail.planning_margin), which the reply says.

- The cost reply's detailed section timed the run at micro-batch 8 and said "assumed: batch 1"
  (the memory check's) with no word of the 8.
- "what does it cost to qlora llama 3 70b on 100M tokens": 1× H100 25.64 h and 8× H100 about
  3.1 h are both 3 blocks ($69.60); the reply named the first alone.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.detail import planning_margin
from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue
from rules.fit import capacity_per_gpu

CAT = load_catalogue()
PIPE = Pipeline(CAT, cache_size=0)


def _text(question: str, lang: str | None = None) -> str:
    return str(to_json(PIPE.ask(question, chosen_locale=lang))["text"])


def test_the_planning_margin_is_the_seeds_twenty_percent() -> None:
    assert planning_margin(CAT) == Decimal("1.2")


@pytest.mark.parametrize(("question", "gpu", "micro"), [
    # 4 fits by the estimate (25.6 of 25.76 GB) but not with the margin: 2 (about 21 GB)
    ("how long to lora mistral 7b on 50M tokens on my 4090", "rtx-4090", 2),
    # an H100 holds 8 with room to spare: unchanged
    ("how long to lora mistral 7b on 50M tokens on an h100", "h100", 8),
])
def test_the_assumed_micro_batch_leaves_the_planning_margin(question: str, gpu: str,
                                                            micro: int) -> None:
    reply = PIPE.ask(question)
    assert reply.answer.detailed is not None and reply.answer.primary is not None
    timed = reply.answer.detailed.training_time
    assert timed is not None and (timed.gpu, timed.typical_micro) == (gpu, micro)
    assert timed.typical_micro_gb is not None and reply.answer.primary.fit is not None
    room = capacity_per_gpu(reply.answer.primary.fit)
    assert timed.typical_micro_gb * planning_margin(CAT) <= room


def test_the_reply_says_the_margin_it_leaves() -> None:
    text = _text("how long to lora mistral 7b on 50M tokens on my 4090")
    assert ("This assumes micro-batch 2, the largest up to the Hugging Face Trainer's default "
            "of 8 that 1× RTX 4090 holds with the planning rule's 20% margin to spare") in text
    fr = _text("combien de temps pour un lora de mistral 7b sur 50M tokens sur ma 4090", "fr")
    assert "en laissant libre la marge de 20\u00a0% de la règle de planification" in fr


def test_the_cost_detail_says_the_micro_batch_its_time_is_at() -> None:
    text = _text("what does it cost to lora mistral 7b on 50M tokens")
    detail = text[text.index("⏱ <b>Training time"):]
    assert "This assumes micro-batch 8, the Hugging Face Trainer's default (TRL keeps it), " \
           "which 1× L40S holds" in detail


@pytest.mark.parametrize(("question", "lang", "said"), [
    ("what does it cost to qlora llama 3 70b on 100M tokens", None,
     "⚡ For the same $69.60 in blocks, the run takes about 3.12 hours on 8× H100 instead of "
     "25.64 hours."),
    ("how long to qlora llama 3 70b on 100M tokens", None,
     "⚡ For the same $69.60 in blocks, the run takes about 3.12 hours on 8× H100 instead of "
     "25.64 hours."),
    ("cuánto cuesta un qlora de llama 3 70b con 100M tokens", "es",
     "⚡ Por los mismos 69,60\u00a0US$ en bloques, el entrenamiento tarda aproximadamente "
     "3,12\u00a0horas en 8× H100 en lugar de 25,64\u00a0horas."),
    ("how much to full finetune llama 3 8b on 1B tokens", None,
     "⚡ For the same $92.20 in blocks, the run takes about 2.16 hours on 8× B200 instead of "
     "19.81 hours."),
])
def test_a_run_paid_the_same_in_half_the_time_is_named(question: str, lang: str | None,
                                                       said: str) -> None:
    assert said in _text(question, lang)


@pytest.mark.parametrize("question", [
    # the run on 1× L40S pays least; nothing faster pays the same
    "how much to qlora llama 3 8b on 100M tokens",
    # the fastest asked: it leads already
    "how much to qlora llama 3 70b on 100M tokens, fastest option",
    # on the card asked: no other run weighed
    "how long to qlora llama 3 70b on 100M tokens on an h100",
])
def test_no_faster_run_is_named_where_none_pays_the_same(question: str) -> None:
    assert "⚡ For the same" not in _text(question)


def test_a_card_held_only_at_micro_batch_one_is_not_said_to_leave_the_margin() -> None:
    """Two configurations compared, one holding no micro-batch above 1 with the margin free
    (2× H100, full fine-tuning of an 8B: 79.4 of 85.52 GB at 1): the line said each held its
    micro-batch "with the planning rule's 20% margin to spare" (repin46c's finding)."""
    text = _text("2 or 4 h100 for full finetune 8b on 500M tokens")
    assert ("This assumes micro-batches of 1 and 4, in that order: the most up to the Hugging "
            "Face Trainer's default of 8 that each holds with the planning rule's 20% margin to "
            "spare, else 1;") in text


@pytest.mark.parametrize(("question", "lang", "said"), [
    # "16/40": CPU and GPU cores; "40 128" was read as one number, 40,128 GB (32,315.33 GB
    # macOS lets the GPU use)
    ("m3 max 16/40 128gb can i run llama 3 70b q4", None, "of the 103.07 GB macOS lets the GPU use"),
    ("m4 max 16/40 128 go, je peux faire tourner llama 3 70b en q4 ?", "fr",
     "sur les 103,07\u202fGo que macOS laisse au GPU"),
    # a space between groups of three is still a thousands separator
    ("tengo 1 000 dólares para un qlora de llama 3 70b", "es", "Con 1.000\u00a0US$"),
])
def test_cores_then_memory_after_a_slash_are_two_numbers(question: str, lang: str | None,
                                                         said: str) -> None:
    assert said in _text(question, lang)


def test_a_huge_alert_price_for_several_gpus_is_refused_not_a_crash() -> None:
    """"alert me when 2x H100 below $2·10^25": the price a GPU (÷ 2) was quantized to the
    thousandth beyond the context's 28 digits, decimal.InvalidOperation, and the reply was
    "Something went wrong" (found by test_hostile_numbers' hypothesis search)."""
    text = _text("alert me when 2x H100 below $20000000000000000000000000")
    assert "That number is too large for the alert price: at most $10,000.00." in text


@pytest.mark.parametrize(("text", "mark_only"), [
    ("<SCRIPT>ALERT(1)</SCRIPT> ???", False),  # the script stripped left "???" (hypothesis)
    ("<script>alert(1)</script> ?", False),
    ("???", True),
    ("¿?", True),
])
def test_question_marks_alone_are_read_in_the_text_as_sent(text: str, mark_only: bool) -> None:
    from bot.understand import understand
    assert understand(text, catalogue=CAT).mark_only is mark_only
