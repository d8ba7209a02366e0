"""A comparison judges each side as that side's own question is answered: the verdict (✅/❌)
and the figure the single configuration's answer leads with, the detailed estimate at typical
settings (or at the user's) where it leads with it ("rtx 4060 vs rtx 3060 for qlora llama 3
8b" said ✅ 6 GB of 8 GB on the 4060, where "can i qlora llama 3 8b on a 4060" says ❌, about
12.8 GB per GPU). Also an integrated GPU against a card, and configurations of several GPUs."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from bot.answer import Answer
from bot.pipeline import Pipeline
from rules.catalogue import load_catalogue

P = Pipeline(load_catalogue())
_GB = re.compile(r"(\d+(?:[.,]\d+)?)\s(?:GB|Go)")


def _single(text: str, lang: str) -> tuple[bool, Decimal, str]:
    """The verdict and figure the single configuration's answer leads with, and its text."""
    reply = P.ask(text, chosen_locale=lang)
    a: Answer = reply.answer
    assert a.error is None and a.fits is not None, (text, reply.text)
    d = a.detailed
    if d is not None and d.check is not None and (a.typical_lead or d.stated):
        gb = d.check.detailed_per_gpu_gb
    else:
        assert a.primary is not None and a.primary.fit is not None, text
        gb = a.primary.fit.estimate_gb
    lead = next(line for line in reply.text.splitlines() if line[:1] and line[0] in "✅❌")
    assert lead.startswith("✅" if a.fits else "❌"), (text, lead)
    return a.fits, gb, str(reply.text)


def _sides(text: str, lang: str) -> list[tuple[bool, Decimal]]:
    """Each side's verdict line of a comparison: ✅/❌ and the first figure it gives."""
    body = str(P.ask(text, chosen_locale=lang).text)
    lines = [line for line in body.splitlines() if line[:1] and line[0] in "✅❌" and "<b>" not in line]
    assert len(lines) == 2, body
    out = []
    for line in lines:
        found = _GB.search(line)
        assert found is not None, line
        out.append((line.startswith("✅"), Decimal(found.group(1).replace(",", "."))))
    return out


CASES = [
    # (comparison, language, the first side's own question, the second side's)
    ("rtx 4060 vs rtx 3060 for qlora llama 3 8b", "en",
     "can i qlora llama 3 8b on a 4060", "can i qlora llama 3 8b on a 3060"),
    ("4090 or 3090 for lora mistral 7b", "en",
     "can i lora mistral 7b on a 4090", "can i lora mistral 7b on a 3090"),
    ("2x a6000 vs 1 h100 for qlora 34b", "en",
     "can i qlora a 34b on 2x a6000", "can i qlora a 34b on 1 h100"),
    ("h100 vs a100 for full fine tuning llama 3 8b", "en",
     "can i full fine tune llama 3 8b on an h100", "can i full fine tune llama 3 8b on an a100"),
    ("2x h100 vs 4x a100 for qlora llama 3 70b", "en",
     "can i qlora llama 3 70b on 2x h100", "can i qlora llama 3 70b on 4x a100"),
    ("l4 or t4 for qlora mistral 7b", "en",
     "can i qlora mistral 7b on an l4", "can i qlora mistral 7b on a t4"),
    ("3060 12gb vs 4060 ti 16gb for lora llama 3 8b", "en",
     "can i lora llama 3 8b on a 3060 12gb", "can i lora llama 3 8b on a 4060 ti 16gb"),
    ("a100 40gb vs l40s for lora llama 3 70b", "en",
     "can i lora llama 3 70b on an a100 40gb", "can i lora llama 3 70b on an l40s"),
    # serving one precision
    ("4090 vs a100 for llama 3 8b in bf16", "en",
     "can i run llama 3 8b in bf16 on a 4090", "can i run llama 3 8b in bf16 on an a100"),
    ("2x 3090 vs 1x a6000 for llama 3 70b in 4-bit", "en",
     "can i run llama 3 70b in 4-bit on 2x 3090", "can i run llama 3 70b in 4-bit on an a6000"),
    ("h100 or h200 for serving qwen 2.5 72b in fp8", "en",
     "can i serve qwen 2.5 72b in fp8 on an h100", "can i serve qwen 2.5 72b in fp8 on an h200"),
    ("4060 o 3060 para qlora de llama 3 8b", "es",
     "¿puedo hacer qlora de llama 3 8b en una 4060?",
     "¿puedo hacer qlora de llama 3 8b en una 3060?"),
    ("¿h100 o a100 para fine tuning completo de mistral 7b?", "es",
     "¿puedo hacer fine tuning completo de mistral 7b en una h100?",
     "¿puedo hacer fine tuning completo de mistral 7b en una a100?"),
    ("4090 ou 3090 pour un lora de llama 3 8b ?", "fr",
     "je peux faire un lora de llama 3 8b sur une 4090 ?",
     "je peux faire un lora de llama 3 8b sur une 3090 ?"),
    ("a6000 ou l40s pour un qlora de llama 3 70b", "fr",
     "je peux faire un qlora de llama 3 70b sur une a6000 ?",
     "je peux faire un qlora de llama 3 70b sur une l40s ?"),
    # an integrated GPU, its RAM said, against a card
    ("radeon 780m with 32gb ram vs rtx 4060 for qlora llama 3 8b", "en",
     "can i qlora llama 3 8b on a radeon 780m with 32gb ram",
     "can i qlora llama 3 8b on a rtx 4060"),
    ("780m con 32gb de ram o 4060 para qlora de llama 3 8b", "es",
     "¿puedo hacer qlora de llama 3 8b en una 780m con 32gb de ram?",
     "¿puedo hacer qlora de llama 3 8b en una 4060?"),
    ("radeon 890m 64gb ram vs rtx 4070 for lora mistral 7b", "en",
     "can i lora mistral 7b on a radeon 890m with 64gb ram", "can i lora mistral 7b on a rtx 4070"),
    ("iris xe 16gb ram vs rtx 3050 for running mistral 7b in 4-bit", "en",
     "can i run mistral 7b in 4-bit on an iris xe with 16gb ram",
     "can i run mistral 7b in 4-bit on a rtx 3050"),
]


@pytest.mark.parametrize(("compared", "lang", "first", "second"), CASES)
def test_each_side_is_judged_as_its_own_question(compared: str, lang: str, first: str,
                                                 second: str) -> None:
    sides = _sides(compared, lang)
    for (fits, gb), alone in zip(sides, (first, second), strict=True):
        own_fits, own_gb, own_text = _single(alone, lang)
        assert fits == own_fits, (compared, alone, own_text)
        assert gb == round(own_gb, 1), (compared, alone, gb, own_gb)


def test_the_assumed_settings_are_said() -> None:
    body = str(P.ask("rtx 4060 vs rtx 3060 for qlora llama 3 8b").text)
    # said once, under the title (compare49)
    assert "📐 QLoRA (4-bit base) of Llama 3 8B, detailed estimate per GPU at typical settings " \
        "(sequence 2,048, batch 1):\n❌ 1× RTX 4060: about 12.8 GB of the" in body, body
    serving = str(P.ask("4090 vs a100 for llama 3 8b in bf16").text)
    assert "with 2,048 tokens of context and batch 1 (assumed):" in serving
    assert "with your settings" not in serving


@pytest.mark.parametrize(("compared", "alone", "count"), [
    ("1 or 2 h100 for full finetune 13b", "can i full finetune a 13b on 2x h100",
     "4× H100 (320 GB)"),
    ("1 or 2 a100 80gb for lora 120b", "can i lora a 120b on 2x a100 80gb",
     "4× A100 80GB (320 GB)"),
])
def test_neither_holding_counts_as_the_single_answer_does(compared: str, alone: str,
                                                          count: str) -> None:
    line = f"🔢 It takes at least {count} to hold it."
    assert line in str(P.ask(alone).text)
    assert line in str(P.ask(compared).text)
