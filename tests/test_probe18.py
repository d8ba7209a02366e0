"""probe18 (session 30): fresh real questions (forums, GitHub issues) as people type them —
the parser words behind the ones the bot still read wrong."""

from __future__ import annotations

import pytest

from bot.understand.parse import understand
from tests.support.chat import CATALOGUE, ask

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
