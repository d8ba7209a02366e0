"""Notes the engine attaches to its answers: a stable code plus the numbers that fill it.
The bot renders each code as a localized sentence; the engine never writes prose."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

NoteValue = Decimal | int | str | None


@dataclass(slots=True)
class Note:
    """Built by the engine's own code, dozens a question: a plain dataclass (a third of a
    pydantic model's cost). The models that hold notes take them as they are.

    Not frozen, as the engine's other per-question results (Fit, Memory, Breakdown,
    DetailedAnswer…): a frozen dataclass's __init__ sets every field through
    object.__setattr__, 2.5 times a plain one's (a Fit has 17 fields, a question builds a
    dozen); nothing changes them once built, and none is hashable anyway (a Note holds a dict)."""

    code: str
    params: dict[str, NoteValue] = field(default_factory=dict)


def note(code: str, **params: NoteValue) -> Note:
    return Note(code, params)


# Whose terms a gated Hugging Face repository asks you to accept, by model family (model id
# prefix). The seed states it for Llama 3.1 (Meta's license); the others from the repositories'
# own pages: https://huggingface.co/google/gemma-2-9b (Google's Gemma terms of use,
# https://ai.google.dev/gemma/terms) and https://huggingface.co/tiiuae/falcon-180B (TII's
# Falcon-180B license). Checked 2026-12-01. Mistral, Qwen, DeepSeek, Phi and gpt-oss models of
# the catalogue are not gated.
LICENCE_BY_FAMILY: tuple[tuple[str, str], ...] = (
    ("llama-", "meta_llama"),
    ("gemma-", "google_gemma"),
    ("falcon-180b", "tii_falcon_180b"),
)


def licence_note(model_id: str | None, gated: bool) -> Note | None:
    """The gating note a named model needs, or None when its weights download freely."""
    if model_id is None or not gated:
        return None
    for prefix, licence in LICENCE_BY_FAMILY:
        if model_id.startswith(prefix):
            return note("gated", licence=licence)
    return note("gated", licence=None)
