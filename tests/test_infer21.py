"""infer21 (session 33): serving answers — system RAM said beside a card, Ollama's default
offload, the RAM speed line, the CLI JSON's method and fits, the ROCm note once, vLLM's share."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.support.chat import ask, ask_json

# "with 16gb ram" is the system's memory, not the card's: the card stays the desktop RTX 4090
# (24 GB) and the 16 GB is the RAM a layer split is sized against (was the RTX 4090 Laptop 16 GB,
# its memory read from the RAM). The card's own memory still names the laptop part.
RAM_BESIDE_CARD: list[tuple[str, str, Decimal | None]] = [
    ("ollama llama 3 70b on a 4090 with 16gb ram", "rtx-4090", Decimal(16)),
    ("ollama llama 3 70b on a 4090 with 16gb of system ram", "rtx-4090", Decimal(16)),
    ("my 4090 with 16gb ram, qlora 8b ok?", "rtx-4090", Decimal(16)),
    ("llama 3 70b con ollama en una 4090 con 16gb de ram", "rtx-4090", Decimal(16)),
    ("llama 3 70b avec ollama sur une 4090 avec 16 go de ram", "rtx-4090", Decimal(16)),
    ("ollama llama 3 70b on a 4090 laptop with 32gb ram", "rtx-4090-laptop", Decimal(32)),
    ("ollama llama 3 70b on a 4090 laptop 16gb", "rtx-4090-laptop", None),
    ("ollama llama 3 70b on a 4090 16gb vram", "rtx-4090-laptop", None),
    ("4060 ti with 16gb ram qlora 8b", "rtx-4060-ti-16gb", Decimal(16)),
]


@pytest.mark.parametrize(("q", "gpu", "ram"), RAM_BESIDE_CARD)
def test_ram_beside_a_card_is_the_systems(q: str, gpu: str, ram: Decimal | None) -> None:
    query = ask(q).query
    assert (query.gpu, query.system_ram_gb) == (gpu, ram)


# Ollama, llama.cpp and the runners on it keep the layers the card cannot hold in system RAM by
# themselves: with no RAM said, a model bigger than the card leads "⚠️ Partly on the CPU,
# slowly", the RAM it takes there and the question (was "❌ No: … does not fit"). ❌ stays where
# even the offload cannot be: a stated RAM too small, or vLLM/TGI/SGLang (no offload by default).
OFFLOAD_UNSAID_RAM: list[tuple[str, str]] = [
    ("ollama run llama3:70b on my 4090?",
     "⚠️ <b>Partly on the CPU, slowly, if your system RAM holds about 21.3 GB: Llama 3 70B (GGUF "
     "Q4_K_M inference) does not fit whole on 1× RTX 4090, so Ollama keeps 37 of its 81 layers in "
     "RAM and runs them on the CPU: at most about 3.9 tokens/s. How much RAM does your machine "
     "have?</b>\n"),
    ("deepseek 32b en mi 3090 con ollama",
     "⚠️ <b>En parte en la CPU y despacio, si la RAM de tu equipo admite unos 3,9\u00a0GB: "
     "DeepSeek-R1-Distill-Qwen-32B (inferencia GGUF Q4_K_M) no cabe entero en 1× RTX 3090, así "
     "que Ollama deja 8 de sus 65 capas en la RAM y las ejecuta en la CPU: como mucho unos 15 "
     "tokens/s. ¿Cuánta RAM tiene tu equipo?</b>\n"),
    ("llama 3 70b avec ollama sur ma 3090 ?",
     "⚠️ <b>En partie sur le CPU et lentement, si votre RAM peut contenir environ 21,3\u202fGo"
     "\u00a0: Llama 3 70B (inférence GGUF Q4_K_M) ne tient pas en entier sur 1× RTX 3090, donc "
     "Ollama garde 37 de ses 81 couches en RAM et les fait tourner sur le CPU\u00a0: au plus "
     "environ 3,9 tokens/s. Combien de RAM a votre machine\u202f?</b>\n"),
    ("llama.cpp llama 3 70b q4 on my 3090",
     "⚠️ <b>Partly on the CPU, slowly, if your system RAM holds about 19.3 GB: Llama 3 70B (GGUF "
     "Q4_K_M inference) does not fit whole on 1× RTX 3090, so llama.cpp keeps 35 of its 81"),
    ("ollama llama 3 70b on a 4090 with 16gb ram",
     "❌ <b>No: Llama 3 70B does not fit on 1× RTX 4090 (GGUF Q4_K_M inference).</b>\n"),
    ("vllm llama 3 70b awq on a 4090",
     "❌ <b>No: Llama 3 70B does not fit on 1× RTX 4090 (AWQ 4-bit inference).</b>\n"),
]


@pytest.mark.parametrize(("q", "lead"), OFFLOAD_UNSAID_RAM)
def test_runner_offload_leads_without_the_ram(q: str, lead: str) -> None:
    reply = ask(q).text
    assert reply.startswith(lead), reply[:500]


# The RAM's size said and not its speed: the speed alone was not given (was "Your RAM was not
# given" beside "your 64 GB of RAM"); nothing said of the RAM keeps the old words.
RAM_SPEED_WORDS: list[tuple[str, str, str]] = [
    ("ollama llama 3 70b on a 4090 with 64gb ram",
     "Your RAM's speed was not given, so it is assumed (dual-channel DDR5-5600, AMD Ryzen 9000's "
     "rated speed): tell me its type and speed", "Your RAM was not given"),
    ("ollama llama 3 70b en una 4090 con 64gb de ram",
     "No indicaste la velocidad de tu RAM, así que se supone", "No indicaste tu RAM,"),
    ("ollama llama 3 70b sur une 4090 avec 64 go de ram",
     "Vous n'avez pas indiqué la vitesse de votre RAM", "Vous n'avez pas indiqué votre RAM,"),
    ("qwen3 30b a3b with --cpu-moe on a 3060 12gb with 32gb ram",
     "Your RAM's speed was not given", "Your RAM was not given"),
    ("ollama run llama3:70b on my 4090?",
     "Your RAM was not given, so it is assumed", "Your RAM's speed was not given"),
]


@pytest.mark.parametrize(("q", "has", "lacks"), RAM_SPEED_WORDS)
def test_ram_speed_unsaid_is_worded_as_such(q: str, has: str, lacks: str) -> None:
    reply = ask(q).text
    assert has in reply, reply
    assert lacks not in reply, reply


# `python -m bot ask --json`: `fits` is the verdict the reply leads with; an offloaded run that
# leads "⚠️ … partly on the CPU" runs, so true, while detailed_fits stays the GPU memory's own
# verdict (was fits false under a "Yes" lead).
JSON_FITS: list[tuple[str, bool, bool]] = [
    ("ollama llama 3 70b on a 4090 with 64gb ram", True, False),
    ("ollama run llama3:70b on my 4090?", True, False),
    ("ollama llama 3 70b on a 4090 with 16gb ram", False, False),
    ("vllm llama 3 70b awq on a 4090", False, False),
    ("ollama llama 3 8b on a 4090", True, True),
]


@pytest.mark.parametrize(("q", "fits", "detailed_fits"), JSON_FITS)
def test_json_fits_follows_the_lead(q: str, fits: bool, detailed_fits: bool) -> None:
    out = ask_json(q)
    assert (out["fits"], out["detailed_fits"]) == (fits, detailed_fits), out
    assert out["text"].startswith("✅" if fits and detailed_fits else "⚠️" if fits else "❌")


# "enough vram?" asks about the card's memory alone: the layer split to RAM does not lead.
VRAM_ENOUGH: list[tuple[str, bool]] = [
    ("llama.cpp GGUF q4_k_m of llama 3 70b on a 3090 24gb, enough vram?", True),
    ("llama 3 70b con ollama en mi 3090, cabe en la vram?", True),
    ("llama 3 70b avec ollama sur ma 3090, assez de vram ?", True),
    ("ollama llama 3 70b on my 3090, does it fit in vram", True),
    ("ollama llama 3 70b on my 3090", False),
]


@pytest.mark.parametrize(("q", "asked"), VRAM_ENOUGH)
def test_enough_vram_asked_keeps_the_gpu_verdict(q: str, asked: bool) -> None:
    got = ask(q)
    assert got.query.vram_enough_asked is asked
    assert got.text.startswith("❌" if asked else "⚠️"), got.text[:300]


# A message of several questions: the platform and licence notes are said once, in the first
# section that says them ("rx 7900 xtx rocm, can i run llama 3 8b? and how about training" said
# the ROCm note and the gated-repository note in both sections).
NOTES_ONCE: list[tuple[str, tuple[str, ...]]] = [
    ("rx 7900 xtx rocm, can i run llama 3 8b? and how about training", ("🔴 ", "🔒 ")),
    ("rx 7900 xtx, puedo correr llama 3 8b? y entrenarlo?", ("🔴 ", "🔒 ")),
    ("intel arc a770 can i run mistral 7b? and how about training", ("🔵 ",)),
]


@pytest.mark.parametrize(("q", "markers"), NOTES_ONCE)
def test_platform_notes_said_once(q: str, markers: tuple[str, ...]) -> None:
    reply = ask(q).text
    assert "2️⃣" in reply, reply
    for marker in markers:
        lines = [line for line in reply.split("\n") if line.startswith(marker)]
        assert len(lines) == 1, (marker, reply)


# A verdict held to vLLM's default share of each GPU says why that share, once, with the docs
# cited; not for a share the user set, nor for TGI, nor where the 📏 line already says it.
VLLM_SHARE: list[tuple[str, str | None, bool]] = [
    ("can i serve llama 3.1 8b with vllm on a 3090 at 8k context", None, True),
    ("vllm llama 3.1 8b at 16k context on a 4090, does it fit?", None, True),
    ("se puede servir llama 3.1 8b con vllm en una 3090 con 8k de contexto", "es", True),
    ("peut-on servir llama 3.1 8b avec vllm sur une 3090 avec 8k de contexte", "fr", True),
    ("vllm llama 3.1 8b --max-model-len 8192 --gpu-memory-utilization 0.8 on a 3090", None,
     False),
    ("tgi llama 3.1 8b at 8k context on a 3090", None, False),
]
_SHARE_LINE = {
    None: "ℹ️ vLLM reserves 92% of each GPU's memory by default (<code>--gpu-memory-utilization "
          "0.92</code>; 90% before v0.21.0) for the weights, activations and KV cache, and fills "
          "what the weights leave with KV cache: the room left is within that share. <i>Source: "
          "vLLM docs, vllm serve --gpu-memory-utilization.</i>",
    "es": "ℹ️ vLLM reserva por defecto el 92\u00a0% de la memoria de cada GPU",
    "fr": "ℹ️ vLLM réserve par défaut 92\u00a0% de la mémoire de chaque GPU",
}


@pytest.mark.parametrize(("q", "lang", "said"), VLLM_SHARE)
def test_vllm_default_share_is_explained(q: str, lang: str | None, said: bool) -> None:
    reply = ask(q).text
    line = _SHARE_LINE[lang]
    assert (line in reply) is said, reply
    assert reply.count("vLLM reserves") + reply.count("vLLM reserva") \
        + reply.count("vLLM réserve") <= 1
