"""The previous question in each chat, so that "and on an H100?" can continue it."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable

from bot.pipeline import Reply
from bot.understand.query import Query

_CONTINUABLE = frozenset({"fit", "memory", "cost", "recommend", "compare"})


class Conversations:
    """Bounded (least recently used chats go first) and forgetful: after `ttl_seconds` a
    short question is a new question, not a follow-up of something long past."""

    def __init__(
        self,
        max_chats: int = 10_000,
        ttl_seconds: float = 900.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.max_chats = max_chats
        self.ttl = ttl_seconds
        self.clock = clock
        self._last: OrderedDict[int, tuple[Query, float]] = OrderedDict()

    def previous(self, chat_id: int) -> Query | None:
        found = self._last.get(chat_id)
        if found is None:
            return None
        query, at = found
        if self.clock() - at > self.ttl:
            del self._last[chat_id]
            return None
        return query

    def remember(self, chat_id: int, reply: Reply) -> None:
        """Only questions about a model can be continued: answered ones, and the ones that
        named a family and were asked which of its models."""
        answer = reply.answer
        if answer.error or answer.intent not in _CONTINUABLE:
            return
        asked_which = answer.missing == "model_size" and bool(reply.query.family)
        if not asked_which and (answer.missing or reply.query.params_b is None):
            return
        self._last[chat_id] = (reply.query, self.clock())
        self._last.move_to_end(chat_id)
        while len(self._last) > self.max_chats:
            self._last.popitem(last=False)

    def forget(self, chat_id: int) -> None:
        self._last.pop(chat_id, None)
