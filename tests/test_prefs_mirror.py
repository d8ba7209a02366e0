"""Language choices are read from memory on every message, not from the database."""

from __future__ import annotations

import pytest

from bot.prefs import MemoryPreferences, PreferenceMirror


class Stored(MemoryPreferences):
    """Stands for the database: counts reads, can go away, can be changed by "another
    process" (set_elsewhere)."""

    def __init__(self) -> None:
        super().__init__()
        self.reads = 0
        self.down = False

    async def get_locale(self, user_id: int) -> str | None:
        self.reads += 1
        return await super().get_locale(user_id)

    async def chosen_locales(self) -> dict[int, str]:
        if self.down:
            raise ConnectionError("database away")
        return dict(self._locales)

    def set_elsewhere(self, user_id: int, locale: str) -> None:
        self._locales[user_id] = locale


@pytest.fixture
def stored() -> Stored:
    return Stored()


async def test_before_the_first_load_each_read_goes_to_the_database(stored: Stored) -> None:
    stored.set_elsewhere(1, "es")
    mirror = PreferenceMirror(stored)
    assert not mirror.loaded
    assert await mirror.get_locale(1) == "es" and stored.reads == 1


async def test_after_a_load_no_read_goes_to_the_database(stored: Stored) -> None:
    stored.set_elsewhere(1, "es")
    mirror = PreferenceMirror(stored)
    await mirror.refresh()
    assert [await mirror.get_locale(u) for u in (1, 2, 1)] == ["es", None, "es"]
    assert stored.reads == 0


async def test_a_choice_here_shows_at_once_and_one_elsewhere_at_the_next_refresh(
    stored: Stored,
) -> None:
    mirror = PreferenceMirror(stored)
    await mirror.refresh()
    await mirror.set_locale(1, 1, "fr")
    assert await mirror.get_locale(1) == "fr" and await stored.get_locale(1) == "fr"
    stored.set_elsewhere(2, "es")
    assert await mirror.get_locale(2) is None
    await mirror.refresh()
    assert await mirror.get_locale(2) == "es"


async def test_a_failed_refresh_keeps_the_copy(stored: Stored) -> None:
    stored.set_elsewhere(1, "es")
    mirror = PreferenceMirror(stored)
    await mirror.refresh()
    stored.down = True
    with pytest.raises(ConnectionError):
        await mirror.refresh()
    assert await mirror.get_locale(1) == "es"
