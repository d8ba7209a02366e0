"""compare49: GPU-vs-GPU comparison replies. A count written on one side belongs to that side
("2x 3090 vs a6000" is 2× RTX 3090 against one RTX A6000, was 2× of each); the settings the
sides' detailed estimates assume are said once, each side's line short; the detailed figure
leads where neither side holds the run; a comparison naming no model says the answer depends
on it; a "tldr" after an integrated GPU compared with a card answers from that comparison."""

from __future__ import annotations

import pytest

from tests.support.chat import ask


def _spaces(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def _says(body: str, has: list[str], lacks: list[str]) -> None:
    body = _spaces(body)
    pos = 0
    for part in has:
        found = body.find(_spaces(part), pos)
        assert found >= 0, (part, body)
        pos = found + len(_spaces(part))
    for part in lacks:
        assert _spaces(part) not in body, (part, body)


# (question, locale, (gpu_count, other_gpu_count), said in order, never said)
COUNTS = [
    ("2x 3090 vs a6000 for qlora llama 3 70b", "en", (2, 1),
     ["⚖️ <b>2× RTX 3090 or 1× RTX A6000?</b>"], ["2× RTX A6000"]),
    ("2x 3090 vs 2 a6000 for qlora llama 3 70b", "en", (2, 2),
     ["⚖️ <b>2× RTX 3090 or 2× RTX A6000?</b>"], []),
    ("2x3090 vs a6000 qlora llama3 70b which one", "en", (2, 1),
     ["2× RTX 3090 or 1× RTX A6000?"], ["2× RTX A6000"]),
    ("2x 3090 o a6000 para qlora llama 3 70b", "es", (2, 1),
     ["¿2× RTX 3090 o 1× RTX A6000?"], ["2× RTX A6000"]),
    ("2x 3090 ou a6000 pour qlora llama 3 70b", "fr", (2, 1),
     ["2× RTX 3090 ou 1× RTX A6000 ?"], ["2× RTX A6000"]),
]


@pytest.mark.parametrize(("text", "lang", "counts", "has", "lacks"), COUNTS)
def test_a_count_written_on_one_side_is_that_sides(
        text: str, lang: str, counts: tuple[int, int], has: list[str], lacks: list[str]) -> None:
    reply = ask(text, lang)
    q = reply.query
    assert (q.gpu_count, q.other_gpu_count or q.gpu_count) == counts, reply.text
    _says(str(reply.text), has, lacks)
