"""The card people own, as they name it (cards15): cloud instance names as people type them,
and the cards whose figures were missing."""

from __future__ import annotations

import pytest

from tests.support.chat import ask_json

# (question, locale, GPU read, count, words the reply leads with)
INSTANCES = [
    # Spaces for the hyphens: "8g" was read as a card of 8 GB.
    ("a3 highgpu 8g llama 405b fp8", None, "h100", "on 8× H100"),
    ("a2 highgpu 1g llama 3 8b qlora", None, "a100-40gb", "on 1× A100 40GB"),
    # Azure names with spaces: was one A100 80GB (the "a100" in it), not the VM's eight or its
    # PCIe card.
    ("nd96amsr a100 v4 llama 405b qlora", None, "a100-80gb", "on 8× A100 80GB"),
    ("nc24ads a100 v4 llama 3 70b qlora", None, "a100-80gb-pcie", "on 1× A100 80GB PCIe"),
    ("standard nd96isr h100 v5 llama 405b fp8", None, "h100", "on 8× H100"),
    ("Standard_ND96isr_H200_v5 llama 405b fp8", None, "h200", "on 8× H200"),
    ("a3-ultragpu-8g llama 405b fp8", None, "h200", "on 8× H200"),
    # A family no other thing is called, without "aws" or "instance": was the cheapest rented
    # card (B200, A100 80GB) or no card at all.
    ("p4d llama 70b qlora 100M tokens how long", None, "a100-40gb", "on 8× A100 40GB"),
    ("p4de llama 405b q4 fits?", None, "a100-80gb", "on 8× A100 80GB"),
    ("g6e llama 3 70b q4", None, "l40s", "on 1× L40S"),
    ("¿cabe llama 3 70b en una p4d?", "es", "a100-40gb", "En 8× A100 40GB"),
    ("est-ce que llama 3 70b q4 tient sur une g6e ?", "fr", "l40s", "sur 1× L40S"),
]


@pytest.mark.parametrize(("question", "lang", "gpu", "lead"), INSTANCES)
def test_a_cloud_instance_named_as_people_type_it(question: str, lang: str | None, gpu: str,
                                                  lead: str) -> None:
    got = ask_json(question)
    first = str(got["text"]).split("\n")[0]
    assert got["gpu"] == gpu and got["lang"] == (lang or "en"), (got["gpu"], first)
    assert lead in first, first
