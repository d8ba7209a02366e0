"""Per-user flood control: a sliding window, one friendly warning, then silence."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable


class FloodGuard:
    def __init__(
        self, max_per_window: int, window_seconds: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.max = max_per_window
        self.window = window_seconds
        self.clock = clock
        self._hits: dict[int, deque[float]] = {}
        self._warned: dict[int, float] = {}

    def check(self, user_id: int) -> str:
        """"ok" to answer, "warn" to say slow down once, "drop" to stay silent."""
        now = self.clock()
        hits = self._hits.setdefault(user_id, deque())
        while hits and now - hits[0] >= self.window:
            hits.popleft()
        if len(hits) < self.max:
            hits.append(now)
            self._warned.pop(user_id, None)
            return "ok"
        warned_at = self._warned.get(user_id)
        if warned_at is None or now - warned_at >= self.window:
            self._warned[user_id] = now
            return "warn"
        return "drop"

    def forget_idle(self) -> None:
        """Bounded memory: drop users with no recent messages (called by a periodic job)."""
        now = self.clock()
        for user_id in [u for u, h in self._hits.items() if not h or now - h[-1] >= self.window]:
            self._hits.pop(user_id, None)
            self._warned.pop(user_id, None)
