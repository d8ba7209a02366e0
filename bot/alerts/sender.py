"""Drains the outbox at a steady pace, and never loses a delivery.

- Pace: at most ``rate`` messages a second overall and ``per_chat_rate`` per chat (deliveries
  are spaced evenly, no bursts). A 429 pauses everything for its ``retry_after``.
- 5xx, timeouts and network errors: retried with exponential backoff (jittered), up to
  ``max_attempts``; then the delivery is ``dead`` and logged.
- 403: the user is marked blocked, their subscriptions stop, the delivery is ``dead``.
- A delivery is marked ``sent`` only after Telegram accepted it.
- Deliveries are claimed with a lease (claimed_by, lease_until); a crashed sender's claims
  become free when the lease expires, or at once when the only sender starts again.

- Several sends are in flight (``in_flight``); a chat never has two at once and its messages go
  in order (nothing for a chat is claimed while an earlier one to it waits, and a chat whose
  send failed is held for the rest of the batch). A send slower than ``slow_send_seconds`` is
  left to finish on its own: the others, and the next batch, do not wait for it.
- A send that timed out after reaching Telegram (``Unconfirmed``) may have been delivered: it
  is never retried, so no message arrives twice; it is counted (``stats.unconfirmed``) and
  logged instead. Errors before the request left (connect timeouts, 5xx) are retried.

Duplicates: a message Telegram accepted just before a crash, not yet recorded as sent, is sent
again after the restart. By default (``in_flight`` = 1, ``record_every`` = 1) each outcome is
committed before the next message goes, so at most one message is ever in that state: a crash
causes at most one duplicate. Raising them (bulk sends on a slow machine) trades that bound —
at most ``in_flight`` + ``record_every`` - 1 duplicates per crash — for fewer transactions.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import random
import time
import uuid
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Literal

from bot.alerts.errors import (
    Blocked,
    Rejected,
    RetryLater,
    SendFunction,
    Transient,
    Unconfirmed,
)
from bot.storage.engine import Database
from bot.storage.repos import Claimed, Outbox, Users
from bot.storage.types import utcnow

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SenderConfig:
    rate: float = 25.0  # messages per second, overall
    per_chat_rate: float = 1.0  # messages per second, per chat
    in_flight: int = 1  # concurrent sends
    record_every: int = 1  # outcomes committed together (1: before the next send)
    lease_seconds: float = 60.0
    batch_size: int = 200
    max_attempts: int = 8
    backoff_base: float = 2.0  # seconds before the first retry; doubles each time
    backoff_max: float = 600.0
    # Idle, how often to look for work committed by another process (one query a look); a
    # change committed in this process wakes the sender at once (``wake``).
    idle_poll: float = 30.0
    error_pause: float = 5.0  # after a failed step (the database restarting)
    slow_send_seconds: float = 2.0  # a send slower than this finishes in the background


@dataclass
class SenderStats:
    sent: int = 0
    retried: int = 0
    rate_limited: int = 0
    blocked: int = 0
    dead: int = 0
    unconfirmed: int = 0  # timed out after reaching Telegram: maybe delivered, not resent
    slow: int = 0  # sends left to finish in the background

    def as_dict(self) -> dict[str, int]:
        return dict(vars(self))


@dataclass(frozen=True)
class _Outcome:
    delivery: Claimed
    status: Literal["sent", "retry", "dead", "blocked"]
    at: dt.datetime
    error: str = ""
    counts: bool = True  # a 429 is not a failed attempt


@dataclass
class _Spacing:
    """Evenly spaced slots: at most one every ``interval`` seconds."""

    interval: float
    next_at: float = 0.0

    def reserve(self, now: float) -> float:
        """The time of the next free slot, which is taken."""
        slot = max(now, self.next_at)
        self.next_at = slot + self.interval
        return slot


@dataclass
class _Batch:
    queue: deque[Claimed]
    started: float
    stop: bool = False
    attempted: set[int] = field(default_factory=set)
    held: set[int] = field(default_factory=set)  # chats whose earlier message must go first


class OutboxSender:
    def __init__(
        self,
        db: Database,
        send: SendFunction,
        config: SenderConfig | None = None,
        *,
        worker_id: str | None = None,
        clock: Callable[[], dt.datetime] = utcnow,
        expand: Callable[[], Awaitable[int | None]] | None = None,
    ) -> None:
        self.db = db
        self.send = send
        # Writes the next batch of a fan-out (AlertService.expand_next): None when none waits.
        self.expand = expand
        self.config = config or SenderConfig()
        self.worker_id = worker_id or f"sender-{uuid.uuid4().hex[:12]}"
        self.clock = clock
        self.stats = SenderStats()
        self._global = _Spacing(1.0 / self.config.rate)
        self._chat_next: dict[int, float] = {}  # monotonic time a chat may get its next message
        self._paused_until = 0.0
        self._wake = asyncio.Event()
        self._blocked: set[int] = set()
        self._outcomes: list[_Outcome] = []
        self._record_lock = asyncio.Lock()
        self._background: set[asyncio.Task[_Outcome]] = set()  # slow sends still running

    def wake(self) -> None:
        """New deliveries were committed: look now rather than at the next poll."""
        self._wake.set()

    # -- the loop -------------------------------------------------------------------------
    async def run(self) -> None:
        """Sends until cancelled. Call only in the one process that is the sender (the
        leader): it starts by freeing every claim a previous sender left behind."""
        resumed = False
        while True:
            self._wake.clear()  # a wake-up from now on is not lost: _idle returns at once
            try:
                if not resumed:
                    async with self.db.transaction() as session:
                        freed = await Outbox(session).release_all()
                    resumed = True
                    if freed:
                        log.info("resuming %d deliveries claimed by a previous sender", freed)
                if await self.step() == 0:
                    while not await self._idle():
                        pass  # one query a poll until something is due, waits or wakes us
            except asyncio.CancelledError:
                raise
            except Exception:
                # The database may be restarting: wait and carry on, never give up.
                log.exception("alert sender step failed; retrying")
                await asyncio.sleep(self.config.error_pause)

    async def drain(self, timeout: float = 60.0) -> SenderStats:  # noqa: ASYNC109
        """Sends until nothing is pending or failed-and-waiting (tests, scripts)."""
        async with asyncio.timeout(timeout):
            while True:
                if await self.step() == 0:
                    async with self.db.sessions() as session:
                        counts = await Outbox(session).counts()
                    if not counts.get("pending") and not counts.get("failed"):
                        return self.stats
                    await self._idle()

    async def _idle(self) -> bool:
        """Looks at the outbox once (one query, no transaction), then waits for a wake-up,
        the earliest waiting delivery, the end of a 429 pause or the next poll, whichever
        comes first. True when the sender should step again (woken, a delivery is due or a
        fan-out waits); False after a poll that found nothing: look again."""
        async with self.db.sessions() as session:
            due, fanning = await Outbox(session).next_work()
        wait = self.config.idle_poll
        if fanning:
            wait = 0.0  # committed by another process: expand it
        elif due is not None:
            wait = min(wait, max(0.0, (due - self.clock()).total_seconds()))
        ready = wait < self.config.idle_poll  # the wait ends at work, not at a poll
        wait = max(wait, self._paused_until - time.monotonic(), 0.01)
        try:
            await asyncio.wait_for(self._wake.wait(), wait)
        except TimeoutError:
            return ready
        return True

    async def step(self) -> int:
        """Expands a batch of a waiting fan-out, claims one batch of deliveries and works
        through it; returns how many were attempted (at least 1 if a fan-out moved on)."""
        pause = self._paused_until - time.monotonic()
        if pause > 0:
            await asyncio.sleep(pause)
        if self._outcomes:
            await self._record()  # a slow send that finished in the background since
        expanded = self.expand is not None and await self.expand() is not None
        sent = await self._send_batch()
        return max(sent, int(expanded))

    async def _send_batch(self) -> int:
        now = self.clock()
        lease = now + dt.timedelta(seconds=self.config.lease_seconds)
        async with self.db.transaction() as session:
            claimed = await Outbox(session).claim(
                self.worker_id, now, lease, self._batch_limit()
            )
        if not claimed:
            return 0
        batch = _Batch(deque(claimed), time.monotonic())
        self._blocked.clear()
        try:
            lanes = [self._lane(batch) for _ in range(max(1, self.config.in_flight))]
            await asyncio.gather(*lanes)
        finally:
            # Shielded: a shutdown must not lose what was already sent, nor leave claims.
            leftover = [d.id for d in batch.queue if d.id not in batch.attempted]
            await asyncio.shield(self._finish_batch(leftover))
        return len(batch.attempted)

    def _batch_limit(self) -> int:
        # No more than half a lease's worth at the pace, so claims never outlive the lease.
        by_pace = int(self.config.rate * self.config.lease_seconds / 2)
        return max(1, min(self.config.batch_size, by_pace))

    async def _finish_batch(self, leftover: list[int]) -> None:
        await self._record()
        if leftover:
            async with self.db.transaction() as session:
                await Outbox(session).release(leftover, self.worker_id)

    def _pop_ready(self, batch: _Batch, now: float) -> Claimed | float:
        """The first delivery whose chat may receive now, or how long until one may."""
        soonest = float("inf")
        for index, delivery in enumerate(batch.queue):
            if delivery.chat_id in batch.held:
                continue  # left in the queue: released at the end of the batch
            ready_at = self._chat_next.get(delivery.chat_id, 0.0)
            if ready_at <= now:
                del batch.queue[index]
                return delivery
            soonest = min(soonest, ready_at)
        return soonest - now

    async def _lane(self, batch: _Batch) -> None:
        while batch.queue and not batch.stop:
            now = time.monotonic()
            if now - batch.started > self.config.lease_seconds / 2 or now < self._paused_until:
                batch.stop = True  # the rest is released and claimed again afresh
                return
            picked = self._pop_ready(batch, now)
            if isinstance(picked, float):
                if picked == float("inf"):
                    return  # only held chats are left
                await asyncio.sleep(min(picked, self.config.lease_seconds / 4))
                continue
            batch.attempted.add(picked.id)
            if picked.chat_id in self._blocked:
                continue  # already dead with its chat
            self._chat_next[picked.chat_id] = float("inf")  # busy until its send is over
            delay = self._global.reserve(time.monotonic()) - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
            task = asyncio.create_task(self._attempt(picked))
            done, _ = await asyncio.wait({task}, timeout=self.config.slow_send_seconds)
            if not done:
                # A slow chat holds only itself: its send finishes in the background (the
                # chat stays busy, its later messages wait) and is recorded when it ends.
                self.stats.slow += 1
                batch.held.add(picked.chat_id)
                self._background.add(task)
                task.add_done_callback(self._finished_in_background)
                continue
            self._finished(task.result(), batch)
            if len(self._outcomes) >= self.config.record_every:
                await self._record()
        self._forget_idle_chats()

    def _finished(self, outcome: _Outcome, batch: _Batch | None) -> None:
        chat = outcome.delivery.chat_id
        self._chat_next[chat] = time.monotonic() + 1.0 / self.config.per_chat_rate
        if outcome.status == "retry" and batch is not None:
            batch.held.add(chat)  # its later messages wait for this one's retry
        self._outcomes.append(outcome)

    def _finished_in_background(self, task: asyncio.Task[_Outcome]) -> None:
        self._background.discard(task)
        if not task.cancelled() and task.exception() is None:
            self._finished(task.result(), None)
            self.wake()  # recorded at the next step; its chat may receive again

    def _forget_idle_chats(self) -> None:
        if len(self._chat_next) > 10_000:
            now = time.monotonic()
            self._chat_next = {c: t for c, t in self._chat_next.items() if t > now}

    # -- one delivery ---------------------------------------------------------------------
    async def _attempt(self, delivery: Claimed) -> _Outcome:
        try:
            await self.send(delivery.chat_id, delivery.text)
        except RetryLater as exc:
            self.stats.rate_limited += 1
            self._paused_until = max(self._paused_until, time.monotonic() + exc.seconds)
            log.warning("Telegram asked to slow down: pausing alerts for %.1f s", exc.seconds)
            at = self.clock() + dt.timedelta(seconds=exc.seconds)
            return _Outcome(delivery, "retry", at, "429", counts=False)
        except Blocked:
            self.stats.blocked += 1
            self._blocked.add(delivery.chat_id)
            log.info("chat %s blocked the bot: its alerts stop", delivery.chat_id)
            return _Outcome(delivery, "blocked", self.clock(), "blocked")
        except Rejected as exc:
            self.stats.dead += 1
            log.error("delivery %s rejected by Telegram: %s", delivery.id, exc)
            return _Outcome(delivery, "dead", self.clock(), f"rejected: {exc}")
        except Unconfirmed as exc:
            self.stats.unconfirmed += 1
            log.warning("delivery %s to chat %s timed out after reaching Telegram: it may have "
                        "arrived, so it is not sent again", delivery.id, delivery.chat_id)
            return _Outcome(delivery, "dead", self.clock(), f"unconfirmed: {exc}")
        except Exception as exc:  # Transient, or a bug in the send function: retry later
            if not isinstance(exc, Transient):
                log.exception("unexpected error sending delivery %s", delivery.id)
            return self._failed(delivery, exc)
        self.stats.sent += 1
        return _Outcome(delivery, "sent", self.clock())

    def _failed(self, delivery: Claimed, exc: Exception) -> _Outcome:
        attempts = delivery.attempts + 1
        error = f"{type(exc).__name__}: {exc}"
        if attempts >= self.config.max_attempts:
            self.stats.dead += 1
            log.error("delivery %s to chat %s given up after %d attempts: %s",
                      delivery.id, delivery.chat_id, attempts, error)
            return _Outcome(delivery, "dead", self.clock(), error)
        self.stats.retried += 1
        delay = min(self.config.backoff_max, self.config.backoff_base * 2 ** (attempts - 1))
        delay *= random.uniform(0.8, 1.2)  # jitter, not security
        return _Outcome(delivery, "retry", self.clock() + dt.timedelta(seconds=delay), error)

    async def _record(self) -> None:
        """Commits the outcomes so far, in one transaction."""
        async with self._record_lock:
            outcomes, self._outcomes = self._outcomes, []
            if not outcomes:
                return
            async with self.db.transaction() as session:
                outbox = Outbox(session)
                sent = [o for o in outcomes if o.status == "sent"]
                if sent:
                    done = await outbox.mark_sent_many(
                        [o.delivery.id for o in sent], self.worker_id, sent[-1].at
                    )
                    if done != len(sent):
                        log.warning("%d sent deliveries had lost their claim", len(sent) - done)
                for o in outcomes:
                    if o.status == "retry":
                        await outbox.retry_at(
                            o.delivery.id, self.worker_id, o.at, o.error, count=o.counts
                        )
                    elif o.status == "dead":
                        await outbox.mark_dead(o.delivery.id, self.worker_id, o.error)
                    elif o.status == "blocked":
                        await outbox.mark_dead(o.delivery.id, self.worker_id, o.error)
                        await Users(session).block_chat(o.delivery.chat_id, o.at)
