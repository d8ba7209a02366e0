"""A family named without a size on a configuration ("can i run deepseek v4 on 8x h200"):
answered for the largest member that fits there, the others named, and the chat goes on
from that member (another member named next, a follow-up, a card said owned before)."""

from __future__ import annotations

from bot.conversation import Conversations
from bot.pipeline import Pipeline
from rules.catalogue import load_catalogue

PIPELINE = Pipeline(load_catalogue(), cache_size=0)


def _chat(*texts: str) -> list:
    chats, replies = Conversations(), []
    for text in texts:
        reply = PIPELINE.ask(text, previous=chats.previous(1))
        chats.remember(1, reply)
        replies.append(reply)
    return replies


def test_a_family_on_the_card_owned_is_answered_there() -> None:
    _, asked = _chat("i have a 4090", "can i run olmo 3?")
    # Olmo 3 32B's QLoRA leaves 0 GB by the rule and needs 26.7 GB at typical settings: the
    # largest member the detailed estimate fits too.
    assert asked.answer.query.model_id == "olmo-3-7b" and asked.answer.query.gpu == "rtx-4090"
    assert "Olmo 3 is a family of 2 models" in asked.text


def test_another_member_then_a_follow_up_keep_the_configuration() -> None:
    _, other, lora = _chat("can i run deepseek v4 on 8x h200", "what about the 284b one?",
                           "and with lora?")
    assert (other.query.model_id, other.query.gpu, other.query.gpu_count) == (
        "deepseek-v4-flash", "h200", 8)
    assert lora.query.model_id == "deepseek-v4-flash" and lora.query.method == "lora"


def test_a_follow_up_continues_the_member_answered() -> None:
    _, after = _chat("llama 3 on an H100", "and on a 4090?")
    assert after.query.model_id == "llama-3-70b" and after.query.gpu == "rtx-4090"
