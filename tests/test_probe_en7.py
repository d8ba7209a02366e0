"""English questions probe-en6 found and left (probe-en7): a card too small for any model on file
at typical settings led with the planning rule's "✅ a 5B model fits … 0.25 GB left"."""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue

CAT = load_catalogue()


def _ask(text: str, locale: str | None = None) -> dict[str, object]:
    return to_json(Pipeline(CAT).ask(text, chosen_locale=locale))


# --- nothing on file fits by the detailed estimate -----------------------------------------------


@pytest.mark.parametrize(("text", "locale", "lead"), [
    ("rtx 3050 4gb any llm possible?", None,
     "❌ <b>No model we have on file fits 4 GB for QLoRA by the detailed estimate"),
    ("gtx 1650 4gb can i finetune anything", None,
     "❌ <b>No model we have on file fits 4 GB for QLoRA by the detailed estimate"),
    ("que modelo puedo entrenar con qlora en mi gtx 1650 de 4gb", "es",
     "❌ <b>Ningún modelo de nuestra lista cabe en 4\u00a0GB para QLoRA"),
    ("quel modèle je peux entraîner en qlora sur ma gtx 1650 4 go", "fr",
     "❌ <b>Aucun modèle de notre liste ne tient dans 4\u202fGo pour QLoRA"),
])
def test_a_card_no_model_fits_says_so_first(text: str, locale: str | None, lead: str) -> None:
    """Even 0.1B needs 5.3 GB per GPU at typical settings on a 4 GB card: the reply was
    "✅ Yes: a 5B model fits … 0.25 GB left" with a ❌ detailed line under it."""
    got = _ask(text, locale)
    reply = str(got["text"])
    assert reply.startswith(lead), reply[:300]
    assert got["fits"] is False
    assert "✅" not in reply.split("🏠")[0], reply[:600]


def test_the_largest_by_detail_lines_end_before_the_4bit_line() -> None:
    """The planning rule's line under the detailed lead ran into the next one ("…for the KV
    cache.👉 In 4-bit"): the line break after it was trimmed."""
    reply = str(_ask("what llm can i run on rtx 3050 4gb")["text"])
    assert "KV cache.\n👉 In 4-bit" in reply, reply[:600]
