"""Notes the engine attaches to its answers: a stable code plus the numbers that fill it.
The bot renders each code as a localized sentence; the engine never writes prose."""

from __future__ import annotations

from decimal import Decimal

from pydantic import BaseModel, ConfigDict

NoteValue = Decimal | int | str | None


class Note(BaseModel):
    model_config = ConfigDict(frozen=True)

    code: str
    params: dict[str, NoteValue] = {}


def note(code: str, **params: NoteValue) -> Note:
    return Note(code=code, params=params)
