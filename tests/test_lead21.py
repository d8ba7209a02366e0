"""Lead fixes of session 33: questions as people write them that fell through."""

from __future__ import annotations

import pytest

from tests.support.chat import ask

SEVERAL_METHODS_NO_CARD = [
    # A memory question for every training method, no card and no settings: each method's line
    # gives the detailed figure at typical settings, the planning rule beside it (was "QLoRA ≈ 6
    # GB (floor 4 GB)" where activations and logits make it 12.8 GB).
    ("how much memory does llama 3 8b need", "en",
     ["<b>QLoRA (4-bit base)</b>: ≈ 12.8 GB on one GPU at typical settings (sequence 2,048, "
      "batch 1) (planning rule: ≈ 6 GB without activations)",
      "<b>LoRA (BF16 base)</b>: ≈ 23.1 GB on one GPU at typical settings"]),
    ("how much vram 2 finetune a 70b??", "en",
     ["<b>QLoRA (4-bit base)</b>: ≈ 49.4 GB on one GPU at typical settings",
      "👉 Cheapest offered configuration that fits: 1× A100 80GB"]),
    ("cuánta memoria necesita mistral 7b para entrenar", "es",
     ["<b>QLoRA (base en 4 bits)</b>: ≈ 8,5", "en una sola GPU con ajustes típicos (secuencia "
      "2.048, batch 1) (regla de planificación: ≈ 5,48", "sin las activaciones)"]),
    ("combien de mémoire faut-il pour fine-tuner llama 3 8b ?", "fr",
     ["<b>QLoRA (base 4 bits)</b>\u00a0: ≈ 12,8", "sur un seul GPU avec des réglages typiques "
      "(séquence 2\u202f048, batch 1) (règle de planification\u00a0: ≈ 6", "hors activations)"]),
]


@pytest.mark.parametrize(("text", "lang", "has"), SEVERAL_METHODS_NO_CARD)
def test_memory_for_several_methods_gives_the_detailed_figures(
        text: str, lang: str, has: list[str]) -> None:
    answer = ask(text)
    assert answer.query.lang == lang
    assert answer.query.intent == "memory"
    for piece in has:
        assert piece in answer.text, answer.text
    # The QLoRA line no longer gives the planning rule's figure alone.
    assert "≈ 6 GB (floor 4 GB)" not in answer.text


def test_one_method_asked_keeps_its_lead_line() -> None:
    # One method asked already said its typical-settings figure under the headline.
    answer = ask("how much vram to qlora llama 3 8b")
    assert "ℹ️ At typical settings (sequence 2,048, batch 1) the detailed estimate is 12.8 GB" \
        in answer.text
    assert "on one GPU at typical settings" not in answer.text
