"""Understanding splits a question into model-name tokens once (bot.understand.parse
_take_model hands them to the model, family and brand-size indexes), not once an index."""

from __future__ import annotations

import pytest

from bot.understand import index, parse
from rules.catalogue import load_catalogue
from rules.model_catalogue import NAME_TOKEN

CAT = load_catalogue()


class _Counting:
    def __init__(self, calls: list[str]) -> None:
        self.calls = calls

    def findall(self, text: str) -> list[str]:
        self.calls.append(text)
        return NAME_TOKEN.findall(text)


@pytest.mark.parametrize("question", [
    "qlora llama 3 8b on a 4090",  # a model named: the model index finds it
    "can i finetune qwen 7b on a 3090",  # a brand and a size: every index looks
    "lora 13b on an a100 for 10 hours",  # no name: every index looks
])
def test_one_split_a_question(monkeypatch: pytest.MonkeyPatch, question: str) -> None:
    calls: list[str] = []
    counting = _Counting(calls)
    monkeypatch.setattr(parse, "NAME_TOKEN", counting)
    monkeypatch.setattr(index, "NAME_TOKEN", counting)
    expected = parse.understand(question, CAT)
    assert len(calls) == 1, calls
    monkeypatch.undo()
    assert parse.understand(question, CAT) == expected

