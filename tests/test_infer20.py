"""infer20 (session 32): inference answers — FP32 weights, layer-offload verdicts, batch jobs,
FP8 on cards without FP8 tensor cores."""

from __future__ import annotations

import pytest

from tests.support.chat import ask

# llama.cpp and the runners on it (Ollama, LM Studio…) keep the layers the card cannot hold in
# system RAM: with the RAM said and enough, it runs, partly on the CPU and slowly, which leads
# with the decode bound (was "❌ No: … does not fit", then the split).
OFFLOADED = [
    ("ollama llama 3 70b on a 4090 with 64gb ram",
     "⚠️ <b>Yes, partly on the CPU and slowly: Llama 3 70B (GGUF Q4_K_M inference) does not fit "
     "whole on 1× RTX 4090, so Ollama keeps 37 of its 81 layers in your 64 GB of RAM and runs "
     "them on the CPU: at most about 3.9 tokens/s.</b>"),
    ("ollama llama 3 70b en una 4090 con 64gb de ram",
     "⚠️ <b>Sí, en parte en la CPU y despacio: Llama 3 70B (inferencia GGUF Q4_K_M) no cabe "
     "entero en 1× RTX 4090, así que Ollama deja 37 de sus 81 capas en tus 64\u00a0GB de RAM y "
     "las ejecuta en la CPU: como mucho unos 3,9 tokens/s.</b>"),
    ("ollama llama 3 70b sur une 4090 avec 64 go de ram",
     "⚠️ <b>Oui, en partie sur le CPU et lentement\u00a0: Llama 3 70B (inférence GGUF Q4_K_M) "
     "ne tient pas en entier sur 1× RTX 4090, donc Ollama garde 37 de ses 81 couches dans vos "
     "64\u202fGo de RAM et les fait tourner sur le CPU\u00a0: au plus environ 3,9 tokens/s.</b>"),
    ("llama.cpp llama 3 70b q4 on my 3090 with 32gb ram",
     "⚠️ <b>Yes, partly on the CPU and slowly: Llama 3 70B (GGUF Q4_K_M inference) does not fit "
     "whole on 1× RTX 3090, so llama.cpp keeps"),
]


@pytest.mark.parametrize(("q", "lead"), OFFLOADED)
def test_offloaded_runs_lead(q: str, lead: str) -> None:
    reply = ask(q).text
    assert reply.startswith(lead), reply[:400]
    assert "❌" not in reply.split("\n")[0]


# RAM too small for the layers left off the GPU: still ❌ (they would be read from disk).
@pytest.mark.parametrize("q", ["ollama llama 3 70b on a 3090 with 16gb ram",
                               "ollama llama 3 70b on my 4090 and 16 gb ram"])
def test_offload_without_the_ram_stays_no(q: str) -> None:
    assert ask(q).text.startswith("❌ <b>No: Llama 3 70B does not fit")
