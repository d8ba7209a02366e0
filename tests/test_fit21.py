"""fit21 (session 33): a bare size whose vocabulary decides the fit leads with "it depends";
DeepSpeed offload with the RAM said; GPT-2."""

from __future__ import annotations

import pytest

from tests.support.chat import ask, ask_json

# A bare size whose vocabulary range (32k to 256k tokens) straddles the card: the lead says the
# verdict turns on the model, with each side's figure (was "❌ No: a 7B model does not fit" over
# a line saying it fits with a vocabulary up to ~126,000 tokens).
VOCAB_LEADS = [
    ("3080 10gb qlora 7b", False,
     "⚠️ <b>Depends on the model: a 7B model with a 32k vocabulary (Llama 2, Mistral 7B) fits on "
     "1× RTX 3080 (QLoRA, 8 GB per GPU), one with Llama 3's 128k does not (10.8 GB).</b>"),
    ("qlora 7b on a 3060 12gb", True,
     "⚠️ <b>Depends on the model: a 7B model with Llama 3's 128k vocabulary fits on 1× RTX 3060 "
     "(QLoRA, 10.8 GB per GPU), one with Gemma's 256k does not (14.5 GB).</b>"),
    ("qlora 7b en una 3080 de 10gb", False,
     "⚠️ <b>Depende del modelo: un modelo de 7B con un vocabulario de 32k (Llama 2, Mistral 7B) "
     "cabe en 1× RTX 3080 (QLoRA, 8\u00a0GB por GPU); uno con los 128k de Llama 3 no "
     "(10,8\u00a0GB).</b>"),
    ("qlora 7b sur une 3080 10 go", False,
     "⚠️ <b>Cela dépend du modèle\u00a0: un modèle 7B avec un vocabulaire de 32k (Llama 2, "
     "Mistral 7B) tient sur 1× RTX 3080 (QLoRA, 8\u202fGo par GPU)\u202f; avec les 128k de "
     "Llama 3, non (10,8\u202fGo).</b>"),
]


@pytest.mark.parametrize(("text", "fits", "lead"), VOCAB_LEADS)
def test_a_vocabulary_that_decides_leads(text: str, fits: bool, lead: str) -> None:
    got = ask_json(text)
    assert str(got["text"]).startswith(lead), got["text"]
    # the JSON keeps the verdict at the assumed (Llama 3-like) shape, as before
    assert got["fits"] is fits
    assert got["detailed_fits"] is fits


@pytest.mark.parametrize(("text", "lead"), [
    # the whole range fits (18.3 GB to 24.8 GB on 25.76 GB), or the model is named
    ("lora 7b on a 4090", "✅ <b>Yes: a 7B model fits on 1× RTX 4090 (LoRA).</b>"),
    ("qlora llama 3 8b on a 3080 10gb", "❌ <b>No: Llama 3 8B does not fit on 1× RTX 3080"),
])
def test_no_depends_lead_when_the_vocabulary_does_not_decide(text: str, lead: str) -> None:
    assert ask(text).text.startswith(lead)
