"""Questions through one shared pipeline (no reply cache), alone or as one chat's turns kept as
Telegram and the console keep them: the probe and conversation tests' shared helpers."""

from __future__ import annotations

from bot.conversation import Conversations
from bot.pipeline import Pipeline, Reply, to_json
from rules.catalogue import load_catalogue

CATALOGUE = load_catalogue()
PIPELINE = Pipeline(CATALOGUE, cache_size=0)


def ask(text: str, locale: str | None = None) -> Reply:
    """One question on its own, in the locale chosen (None: read from the text)."""
    return PIPELINE.ask(text, chosen_locale=locale)


def ask_json(text: str, locale: str | None = None) -> dict[str, object]:
    """One question on its own, as `python -m bot ask --json` prints it."""
    return to_json(ask(text, locale))


def converse(*turns: str, locale: str | None = None) -> list[Reply]:
    """Each turn answered in one chat, as Telegram and the console keep it."""
    chats, replies = Conversations(), []
    for text in turns:
        reply = PIPELINE.ask(text, chosen_locale=locale, previous=chats.previous(1))
        chats.remember(1, reply)
        replies.append(reply)
    return replies


def says(body: str, has: list[str], lacks: list[str]) -> None:
    """`has` in the reply in that order, none of `lacks` anywhere."""
    pos = 0
    for part in has:
        found = body.find(part, pos)
        assert found >= 0, (part, body)
        pos = found + len(part)
    for part in lacks:
        assert part not in body, (part, body)
