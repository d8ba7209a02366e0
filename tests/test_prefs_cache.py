"""The language read on every message comes from memory, not the database, most of the time."""

from __future__ import annotations

import pytest

from bot.prefs import CachedPreferences, MemoryPreferences


class Counting(MemoryPreferences):
    def __init__(self) -> None:
        super().__init__()
        self.reads = 0
        self.down = False

    async def get_locale(self, user_id: int) -> str | None:
        self.reads += 1
        if self.down:
            raise ConnectionError("database away")
        return await super().get_locale(user_id)


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def inner() -> Counting:
    return Counting()


@pytest.fixture
def clock() -> Clock:
    return Clock()


async def test_reads_are_kept_for_the_ttl_then_read_again(inner: Counting, clock: Clock) -> None:
    prefs = CachedPreferences(inner, ttl_seconds=60, clock=clock)
    await inner.set_locale(1, 1, "es")
    assert [await prefs.get_locale(1) for _ in range(5)] == ["es"] * 5
    assert inner.reads == 1
    await inner.set_locale(1, 1, "fr")  # another process changes it
    clock.now = 59
    assert await prefs.get_locale(1) == "es"
    clock.now = 61
    assert await prefs.get_locale(1) == "fr" and inner.reads == 2


async def test_no_choice_is_cached_too(inner: Counting, clock: Clock) -> None:
    prefs = CachedPreferences(inner, clock=clock)
    assert await prefs.get_locale(7) is None and await prefs.get_locale(7) is None
    assert inner.reads == 1


async def test_writes_go_through_and_show_at_once(inner: Counting, clock: Clock) -> None:
    prefs = CachedPreferences(inner, clock=clock)
    assert await prefs.get_locale(1) is None
    await prefs.set_locale(1, 1, "fr")
    assert await prefs.get_locale(1) == "fr" and await inner.get_locale(1) == "fr"


async def test_a_failing_database_gets_the_last_value_read_or_the_error(
    inner: Counting, clock: Clock
) -> None:
    prefs = CachedPreferences(inner, ttl_seconds=60, clock=clock)
    await inner.set_locale(1, 1, "es")
    assert await prefs.get_locale(1) == "es"
    inner.down, clock.now = True, 120
    assert await prefs.get_locale(1) == "es"  # stale, but the user's language
    with pytest.raises(ConnectionError):
        await prefs.get_locale(2)  # nothing known: the handler answers without it


async def test_the_cache_is_bounded(inner: Counting, clock: Clock) -> None:
    prefs = CachedPreferences(inner, max_users=2, clock=clock)
    for user in (1, 2, 1, 3):  # 1 used again, so 2 is the oldest when 3 comes
        await prefs.get_locale(user)
    reads = inner.reads
    await prefs.get_locale(1)
    await prefs.get_locale(3)
    assert inner.reads == reads
    await prefs.get_locale(2)
    assert inner.reads == reads + 1
