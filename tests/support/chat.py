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


def check_turn(reply: Reply, expected: dict[str, object]) -> None:
    """One conversation turn's reply against what it should be: lang, intent (the answer's),
    model (model_id, else params_b), method, gpu, count (gpu_count), hours, seq_len; has (in
    order in the reply), lacks (nowhere in it, nor "🤔")."""
    q = reply.query
    got = {"lang": reply.locale, "intent": reply.answer.intent,
           "model": q.model_id or (str(q.params_b) if q.params_b is not None else None),
           "method": q.method, "gpu": q.gpu, "count": q.gpu_count,
           "hours": None if q.hours is None else int(q.hours) if q.hours == int(q.hours) else q.hours,
           "seq_len": q.seq_len}
    for key, want in expected.items():
        if key in ("has", "lacks"):
            continue
        assert got[key] == want, (key, got[key], want, reply.text)
    has, lacks = expected.get("has", []), expected.get("lacks", [])
    assert isinstance(has, list) and isinstance(lacks, list)
    says(reply.text, has, ["🤔", *lacks])
