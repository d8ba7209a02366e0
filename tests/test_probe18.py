"""probe18 (session 30): fresh real questions (forums, GitHub issues) as people type them —
the parser words behind the ones the bot still read wrong."""

from __future__ import annotations

import pytest

from bot.understand.parse import understand
from tests.support.chat import CATALOGUE, ask, converse

# A context limit named after its value ("deepseek r1 80k max model len on 16x h100", "8k max
# seq len", "4k max length"): was unread, so the longest context was answered (or 2,048 assumed).
LIMIT_AFTER_VALUE = [
    ("deepseek r1 80k max model len on 16x h100", 80000),
    ("llama 3 8b 80k max_model_len on 2x h100", 80000),
    ("qlora llama 3 8b 8k max seq len on a 4090", 8192),
    ("qlora llama 3 8b, 4k max length, 4090", 4096),
    ("lora mistral 7b 2048 max_seq_length on a 3090", 2048),
    ("qlora de llama 3 8b con 8k max seq len en una 4090", 8192),
    ("qlora de llama 3 8b avec 8k max seq len sur une 4090", 8192),
]


@pytest.mark.parametrize(("question", "tokens"), LIMIT_AFTER_VALUE)
def test_a_limit_named_after_its_value_is_the_length(question: str, tokens: int) -> None:
    assert understand(question, CATALOGUE).seq_len == tokens


def test_the_limit_after_its_value_sets_the_served_context() -> None:
    reply = ask("deepseek r1 80k max model len on 16x h100")
    assert reply.text.startswith("✅ <b>On 16× H100, DeepSeek-R1 (671B MoE) fits")
    assert "With 80,000 tokens of context" in reply.text
    assert "Longest context" not in reply.text


# "how much do i need" after an out-of-memory error asks the memory: was 24 illustrative hours'
# cost on an L40S ("lora llama2 7b on a 48gb a6000 OOMs, how much do i need"). A price or hours
# said beside it stays a cost.
OOM_HOW_MUCH = [
    ("lora llama2 7b on a 48gb a6000 OOMs, how much do i need", "fit"),
    ("i keep getting cuda out of memory doing qlora on llama 3 8b, how much do i need??", "memory"),
    ("me da OOM haciendo lora de llama 2 7b en mi a6000, cuanto necesito?", "fit"),
    ("j'ai un OOM en lora llama 2 7b sur mon a6000, il faut combien ?", "fit"),
    ("lora llama2 7b keeps OOMing, how much to rent an h100 for 10 hours", "cost"),
    ("my lora on llama 2 7b OOMs, how much would an a100 cost", "cost"),
]


@pytest.mark.parametrize(("question", "intent"), OOM_HOW_MUCH)
def test_how_much_after_an_oom_asks_the_memory(question: str, intent: str) -> None:
    reply = ask(question)
    assert reply.query.intent == intent
    if intent != "cost":
        assert not reply.text.startswith(("💵", "🏠 We don't rent the RTX A6000: this is the cost"))


# A model served that ran out of memory where the estimate fits: the measurement is the verdict
# (fits false) and the lead says what a server holds beyond the estimate (was "✅ Yes: … fits",
# the OOM read and dropped: "vllm qwen3-30b-a3b on 4x a10 gives OOM even with max-model-len
# 1024", "running out of vram with llama3 8b on ollama 8gb card"). With no precision said, one
# that does not fit already explains it (its ❌ line): unchanged.
SERVED_OOM = [
    # serve19: vLLM named, the lead says vLLM's and asks its settings not said
    ("vllm qwen3-30b-a3b on 4x a10 gives OOM even with max-model-len 1024",
     "⚠️ <b>You hit OOM: your vLLM server holds more than the estimates below"),
    ("serve llama 3.2 11b vision on 2 a10 oom",
     "⚠️ <b>You hit OOM: your server holds more than the estimates below"),
    ("running out of vram with llama3 8b on ollama 8gb card",
     "⚠️ <b>You hit OOM, so Llama 3 8B does not fit on 1× GPU of 8 GB (GGUF Q4_K_M inference) "
     "as you serve it"),
    ("Qwen3-VL-235B-A22B OOM with vllm on 8x H20 96GB fp8",
     "⚠️ <b>You hit OOM, so Qwen3-VL 235B-A22B (236B parameters) does not fit on 8× H20"),
    ("llama 3 8b en bf16 en una a10g con vllm me da OOM",
     "⚠️ <b>Te dio OOM, así que Llama 3 8B no cabe en 1× A10G (inferencia en BF16) tal como lo "
     "sirves"),
    ("ollama llama 3 8b sur ma carte de 8 go, j'ai un out of memory",
     "⚠️ <b>Vous avez eu un OOM, donc Llama 3 8B ne tient pas sur 1× GPU de 8\u202fGo"),
]


@pytest.mark.parametrize(("question", "lead"), SERVED_OOM)
def test_a_server_that_ran_out_of_memory_is_not_a_fit(question: str, lead: str) -> None:
    reply = ask(question)
    assert reply.text.startswith(lead), reply.text
    assert reply.answer.fits is False


@pytest.mark.parametrize("question", [
    "vllm OOM with llama 3 8b on a 20gb card, max_model_len 32768",
    "vllm me tira OOM con qwen2.5 14b en una l4, max_model_len 32768",
    "will llama 3 8b oom on a 4090 with vllm",
])
def test_a_precision_that_does_not_fit_explains_the_oom(question: str) -> None:
    reply = ask(question)
    assert "as you serve" not in reply.text and "your server holds more" not in reply.text
    assert "tal como lo sirves" not in reply.text and "Te dio OOM" not in reply.text


# The batch said after its number ("qlora llama 3 8b, 4 batch, 2048 seq, 3090", "4 batch size",
# "con 4 de batch", "8 de batch"): was unread, so estimated at batch 1. "8 batch jobs" is no
# batch size.
BATCH_AFTER_NUMBER = [
    ("qlora llama 3 8b, 4 batch, 2048 seq, 3090", 4),
    ("qlora llama 3 8b 4 batch size on a 3090", 4),
    ("qlora llama 3 8b, 4 per device batch, 3090", 4),
    ("qlora llama 3 8b 16 bs on a 3090", 16),
    ("lora de mistral 7b con 4 de batch en una 4090", 4),
    ("qlora de llama 3 8b, 8 de batch, sur une 3090", 8),
    ("llama 3 8b 2 x 3090 8 batch", 8),
    ("8 batch jobs of llama 3 8b on a 3090", None),
    ("qlora llama 3 8b bs 4 on a 3090", 4),
]


@pytest.mark.parametrize(("question", "batch"), BATCH_AFTER_NUMBER)
def test_a_batch_said_after_its_number(question: str, batch: int | None) -> None:
    assert understand(question, CATALOGUE).batch_size == batch


# Llama Guard 3 8B is Llama 3.1 8B fine-tuned (same sizes): was an unnamed 8B model, its
# vocabulary and layers unknown to the detailed estimate.
@pytest.mark.parametrize("question", [
    "fine tuning llama guard 3 8b on a 4090, enough vram?",
    "meta-llama/Llama-Guard-3-8B lora on a 3090",
    "ollama run llama-guard3:8b on 8gb",
])
def test_llama_guard_3_is_llama_3_1_8b(question: str) -> None:
    assert understand(question, CATALOGUE).model_id == "llama-3.1-8b"


# "it OOMs" after a model served: the server ran out of memory there (was "I did not understand
# that": a follow-up OOM was taken after a training run only); "what do i do" after it keeps it.
# serve19: vLLM known, its own lead ("your vLLM server", its settings not said asked).
SERVED_OOM_FOLLOW_UP = [
    (("vllm llama 3.1 8b on a 4090 max-model-len 16384", "it OOMs"),
     "⚠️ <b>You hit OOM: your vLLM server holds more"),
    (("vllm llama 3.1 8b on a 4090 max-model-len 16384", "it OOMs", "what do i do"),
     "⚠️ <b>You hit OOM: your vLLM server holds more"),
    (("puedo servir qwen2.5 7b en una l4 con vllm?", "me da OOM, que hago?"),
     "⚠️ <b>Te dio OOM: tu servidor vLLM ocupa más"),
    (("ollama llama 3 8b sur ma 3060 12go ?", "ça plante en out of memory"),
     "⚠️ <b>Vous avez eu un OOM, donc Llama 3 8B ne tient pas sur 1× RTX 3060"),
]


@pytest.mark.parametrize(("turns", "lead"), SERVED_OOM_FOLLOW_UP)
def test_an_oom_said_after_a_model_served(turns: tuple[str, ...], lead: str) -> None:
    last = converse(*turns)[-1]
    assert last.query.intent == "fit" and last.query.oom
    assert lead in last.text, last.text


def test_what_to_do_after_a_model_served_without_an_oom_is_not_taken() -> None:
    last = converse("can i serve qwen2.5 7b on an l4 with vllm", "what do i do")[-1]
    assert not last.query.oom
