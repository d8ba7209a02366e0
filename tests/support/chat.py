"""One chat's turns through the pipeline, as Telegram and the console keep them: the
conversation tests' shared helper."""

from __future__ import annotations

from bot.conversation import Conversations
from bot.pipeline import Pipeline, Reply
from rules.catalogue import load_catalogue

PIPELINE = Pipeline(load_catalogue(), cache_size=0)


def converse(*turns: str, locale: str | None = None) -> list[Reply]:
    """Each turn answered in one chat, as Telegram and the console keep it."""
    chats, replies = Conversations(), []
    for text in turns:
        reply = PIPELINE.ask(text, chosen_locale=locale, previous=chats.previous(1))
        chats.remember(1, reply)
        replies.append(reply)
    return replies
