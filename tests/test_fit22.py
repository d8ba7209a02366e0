"""fit22 (session 34): training fit and cost, the most accurate figure first and nothing
beside it that contradicts or distracts."""

from __future__ import annotations

import pytest

from tests.support.chat import ask, says

# Under "⚠️ Depends on the model" the count line is dropped: "It takes at least 2× RTX 3080"
# contradicts a lead saying a 32k-vocabulary 7B fits on one.
DEPENDS_NO_COUNT = [
    "3080 10gb qlora 7b",
    "qlora 7b en una 3080 de 10gb",
    "qlora 7b sur une 3080 10 go",
]


@pytest.mark.parametrize("text", DEPENDS_NO_COUNT)
def test_no_count_line_under_depends(text: str) -> None:
    body = ask(text).text
    assert body.startswith("⚠️ <b>"), body
    says(body, [], ["🔢"])


def test_count_line_stays_for_a_named_model() -> None:
    # the model named, no vocabulary range: the count still follows the ❌
    body = ask("qlora llama 3 8b on a 3080 10gb").text
    says(body, ["❌ <b>No: Llama 3 8B does not fit on 1× RTX 3080 (QLoRA).</b>",
                "🔢 It takes at least 4× RTX 3080 (40 GB) to hold it."], [])
