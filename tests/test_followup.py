"""Follow-up questions take what they leave out from the chat's previous question."""

from __future__ import annotations

from decimal import Decimal as D
from typing import Any

import pytest

from bot.conversation import Conversations
from bot.pipeline import Pipeline
from bot.understand import understand
from bot.understand.followup import follow_up
from rules.catalogue import load_catalogue

CAT = load_catalogue()
PIPELINE = Pipeline(CAT, cache_size=0)
FIT_70B_4090 = "can I QLoRA 70B on a 4090?"


def merged(previous: str, new: str) -> Any:
    return follow_up(understand(new, CAT), understand(previous, CAT))


@pytest.mark.parametrize(
    ("previous", "new", "expected"),
    [
        (FIT_70B_4090, "and on an H100?", {"intent": "fit", "params_b": 70, "method": "qlora",
                                          "gpu": "h100", "gpu_count": None}),
        (FIT_70B_4090, "what about LoRA?", {"intent": "fit", "method": "lora",
                                           "gpu": "rtx-4090"}),
        (FIT_70B_4090, "and 13B?", {"intent": "fit", "params_b": 13, "gpu": "rtx-4090"}),
        (FIT_70B_4090, "and for 20 hours?", {"intent": "cost", "hours": 20, "gpu": "rtx-4090"}),
        (FIT_70B_4090, "what about 2x A100?", {"intent": "fit", "gpu": "a100-80gb",
                                              "gpu_count": 2}),
        ("¿Se puede hacer QLoRA de 70B en una RTX 4090?", "¿y en una H200?",
         {"intent": "fit", "params_b": 70, "gpu": "h200", "lang": "es"}),
        ("Peut-on faire un QLoRA de 70B sur une RTX 4090 ?", "et sur une H200 ?",
         {"intent": "fit", "params_b": 70, "gpu": "h200", "lang": "fr"}),
        ("how much VRAM for LoRA on Llama 3.1 8B?", "and on an A100?",
         {"intent": "fit", "model_id": "llama-3.1-8b", "method": "lora", "gpu": "a100-80gb"}),
        ("which GPU is cheapest for QLoRA 70B?", "and on an H100?",
         {"intent": "fit", "gpu": "h100"}),
        ("cost of LoRA 70B on 2x H200 for 12 hours", "and on 4 A100s?",
         {"intent": "cost", "hours": 12, "gpu": "a100-80gb", "gpu_count": 4}),
        ("QLoRA 7B with seq len 4096 and batch 8 on an H100", "and on an A100?",
         {"seq_len": 4096, "batch_size": 8, "gpu": "a100-80gb"}),
        # vLLM's share of each GPU said once stays the run's setting
        ("vllm llama 3.1 8b --gpu-memory-utilization 0.95 on an l4 max context",
         "and on a 4090?", {"engine": "vllm", "gpu": "rtx-4090",
                            "gpu_memory_utilization": D("0.95")}),
    ],
)
def test_a_follow_up_is_completed_from_the_previous_question(
    previous: str, new: str, expected: dict[str, Any]
) -> None:
    query = merged(previous, new)
    assert query.follow_up
    assert query.text == new
    for field, value in expected.items():
        got = getattr(query, field)
        assert (D(got) if isinstance(value, int) and got is not None else got) == value, field


@pytest.mark.parametrize(
    ("previous", "new"),
    [
        (FIT_70B_4090, "QLoRA 7B on an A100"),  # a whole new question
        (FIT_70B_4090, "pay with crypto"),
        (FIT_70B_4090, "prices"),
        (FIT_70B_4090, "alert me when the H100 drops below $2"),
        (FIT_70B_4090, "/fit on an H100"),
        (FIT_70B_4090, "hello"),
        (FIT_70B_4090, "how much is an H100 per hour and what GPUs do you have in stock today"),
        ("prices", "and on an H100?"),  # nothing about a model to continue
        ("pay with crypto", "what about LoRA?"),
    ],
)
def test_other_questions_stand_alone(previous: str, new: str) -> None:
    assert merged(previous, new) == understand(new, CAT)


def test_no_previous_question_changes_nothing() -> None:
    assert follow_up(understand("and on an H100?", CAT), None) == understand("and on an H100?", CAT)


@pytest.mark.parametrize(
    ("locale", "line"),
    [("en", "QLoRA of a 70B model, from your last question."),
     ("es", "QLoRA de un modelo de 70B, de tu pregunta anterior."),
     ("fr", "QLoRA d'un modèle 70B, d'après votre question précédente.")],
)
def test_the_answer_says_what_it_carried_over(locale: str, line: str) -> None:
    first = PIPELINE.ask(FIT_70B_4090, chosen_locale=locale)
    second = PIPELINE.ask("and on an H100?", chosen_locale=locale, previous=first.query)
    assert line in second.text
    assert "H100" in second.text and "70B" in second.text
    assert "↪️" not in PIPELINE.ask("QLoRA 70B on an H100", chosen_locale=locale).text


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_conversations_remember_model_questions_per_chat_and_forget_after_a_while() -> None:
    clock = Clock()
    chats = Conversations(ttl_seconds=60, clock=clock)
    chats.remember(1, PIPELINE.ask(FIT_70B_4090))
    chats.remember(2, PIPELINE.ask("prices"))  # nothing to continue
    # An unknown GPU is an error, but the run is known: "and on an H100?" continues it.
    chats.remember(3, PIPELINE.ask("QLoRA 70B on an H1000"))
    chats.remember(4, PIPELINE.ask("QLoRA on an H1000"))  # no model: nothing to continue
    previous = chats.previous(1)
    assert previous is not None and previous.params_b == 70
    misnamed = chats.previous(3)
    assert misnamed is not None and misnamed.params_b == 70 and misnamed.method == "qlora"
    assert chats.previous(2) is None and chats.previous(4) is None
    clock.now = 61
    assert chats.previous(1) is None


def test_conversations_are_bounded() -> None:
    chats = Conversations(max_chats=2)
    for chat in (1, 2, 3):
        chats.remember(chat, PIPELINE.ask(FIT_70B_4090))
    assert chats.previous(1) is None
    assert chats.previous(2) is not None and chats.previous(3) is not None


@pytest.mark.parametrize(
    ("text", "family", "gpu", "count"),
    [
        ("llama 3 h100", ("llama-3-8b", "llama-3-70b"), "h100", None),  # "3" is no GPU count
        ("llama3 on a 4090", ("llama-3-8b", "llama-3-70b"), "rtx-4090", None),
        ("llama 3.1 on 2 H100s", ("llama-3.1-8b", "llama-3.1-70b", "llama-3.1-405b"), "h100", 2),
        # A brand alone ("falcon", "llama"): no versioned family, but its models, the latest
        # version of each size, to pick from (was none: the card or its price answered);
        # "falcon 40b" still names the model.
        ("falcon on an A100", ("falcon3-1b", "falcon3-3b", "falcon-7b", "falcon-40b",
                               "falcon-180b"), "a100-80gb", None),
        ("¿gemma 2 en una H100?", ("gemma-2-2b", "gemma-2-9b", "gemma-2-27b"), "h100", None),
        # Not a model a later generation matches or passes in size (Llama 2 13B, LLaMA 65B
        # beside Llama 3.3 70B); Falcon 40B and 180B, larger than any Falcon3, stay (above).
        ("llama on an H100", ("llama-3.2-1b", "llama-3.2-3b", "llama-3.1-8b", "llama-3.3-70b",
                              "llama-3.1-405b"), "h100", None),
        ("llama 3 70b on an H100", (), "h100", None),  # a model, not a family
    ],
)
def test_a_family_named_without_a_size(
    text: str, family: tuple[str, ...], gpu: str, count: int | None
) -> None:
    query = understand(text, CAT)
    assert (query.family, query.gpu, query.gpu_count) == (family, gpu, count)


def test_a_one_model_family_is_that_model() -> None:
    query = understand("llama 3.3 on an H100", CAT)
    assert (query.model_id, query.params_b, query.family) == ("llama-3.3-70b", D(70), ())


@pytest.mark.parametrize(
    ("locale", "expected"),
    [("en", "Which one: Llama 3 8B or Llama 3 70B?"),
     ("es", "¿Cuál: Llama 3 8B o Llama 3 70B?"),
     ("fr", "Lequel\u00a0: Llama 3 8B ou Llama 3 70B\u202f?")],
)
def test_the_answer_asks_which_model_of_the_family(locale: str, expected: str) -> None:
    assert expected in PIPELINE.ask("how much vram for llama 3", chosen_locale=locale).text


def test_a_family_on_a_configuration_is_answered_for_the_largest_that_fits() -> None:
    """"llama 3 on an H100": the 70B answered, the 8B named (a "which one?" there left the
    question waiting); "deepseek v4 on a 4090", none fits: the smallest, said so."""
    reply = PIPELINE.ask("llama 3 on an H100")
    assert reply.answer.query.model_id == "llama-3-70b" and reply.answer.fits
    assert reply.text.startswith(
        "ℹ️ Llama 3 is a family of 2 models: this answer is for the largest that fits here, "
        "Llama 3 70B. Also in the family: Llama 3 8B.")
    none = PIPELINE.ask("can i run deepseek v4 on a 4090")
    assert none.answer.query.model_id == "deepseek-v4-flash" and not none.answer.fits
    assert "none fits here: this answer is for the smallest, DeepSeek-V4-Flash" in none.text


@pytest.mark.parametrize(("answer", "model"), [("70B", "llama-3-70b"), ("the 8b one", "llama-3-8b"),
                                               ("13B", None)])
def test_a_size_answers_which_one(answer: str, model: str | None) -> None:
    asked = PIPELINE.ask("llama 3 on an H100")
    chats = Conversations()
    chats.remember(1, asked)
    reply = PIPELINE.ask(answer, previous=chats.previous(1))
    assert (reply.query.model_id, reply.query.gpu, reply.query.intent) == (model, "h100", "fit")


@pytest.mark.parametrize(
    ("first", "then", "expected"),
    [
        ("how long for 50M tokens?", "on llama 3 8b lora h100",
         "about 1.46 hours on 1× H100 (1.46 GPU-hours for 50 million tokens)"),
        ("¿cuánto tarda con 50M tokens?", "con llama 3 8b lora en una h100",
         "50 millones de tokens"),
        ("combien de temps pour 50M tokens ?", "avec llama 3 8b lora sur une h100",
         "50 millions de tokens"),
        ("how much to train on 50M tokens?", "llama 3 8b qlora on an a100",
         "for 50 million tokens"),
    ],
)
def test_the_model_named_after_a_dataset_time_keeps_its_tokens(
    first: str, then: str, expected: str
) -> None:
    """'how long for 50M tokens?' asks which model; the model named next is that run on those
    tokens (it was the fit alone, the tokens dropped)."""
    chats = Conversations()
    chats.remember(1, PIPELINE.ask(first))
    previous = chats.previous(1)
    assert previous is not None and previous.dataset_tokens == 50_000_000
    second = PIPELINE.ask(then, previous=previous)
    asked = "cost" if first.startswith("how much") else "time"
    assert second.query.dataset_tokens == 50_000_000 and second.query.intent == asked
    assert expected in second.text


@pytest.mark.parametrize(("then", "rank"), [("lora rank 16 with 2?", 16), ("lora rank 64 with 2?", 64)])
def test_a_rank_and_a_count_in_one_follow_up_are_both_applied(then: str, rank: int) -> None:
    """'lora rank 16 with 2?' after a LoRA fit on one GPU: rank 16 on 2 GPUs (not rank 2, and
    not the count alone), and the reply says both."""
    first = PIPELINE.ask("can i lora llama 3 8b on an a100")
    second = PIPELINE.ask(then, previous=first.query)
    assert second.query.lora_rank == rank and second.query.gpu_count == 2
    assert second.query.gpu == "a100-80gb" and second.query.method == "lora"
    assert "2× A100 80GB" in second.text and f"LoRA rank {rank}" in second.text


def test_two_strategies_asked_as_a_follow_up_compare_the_previous_run() -> None:
    """'z2 or z3?' after 'lora llama 3 70b on 4x a100': that run with each of them."""
    first = PIPELINE.ask("lora llama 3 70b on 4x a100")
    second = PIPELINE.ask("z2 or z3?", previous=first.query)
    assert second.query.strategies == ("zero2", "zero3") and second.query.gpu_count == 4
    assert "❌ DeepSpeed ZeRO-2: 152.2 GB" in second.text
    assert "Only DeepSpeed ZeRO-3 fits" in second.text
