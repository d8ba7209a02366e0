"""Session 47 (lead's fresh probes): questions as people write them that the reply got wrong.

- "biggest model i can run on 2x3090 nvlink": the NVLink explainer answered alone (no model
  named), and the largest model asked for was never said; now the largest leads and NVLink
  follows as a note.
- The LoRA-or-QLoRA comparison and the largest-model lines wrote the typical sequence as a bare
  "2048" in every language (unlocalized: "2.048" in Spanish, "2 048" in French), because the
  figure was part of the msgid.
"""

from __future__ import annotations

import pytest

from tests.support.chat import ask

LARGEST_BESIDE_NVLINK = [
    ("en", "biggest model i can run on 2x3090 nvlink",
     "📏 <b>The largest model 48 GB holds for 4-bit inference", "🔗 <b>NVLink is not required.</b>"),
    ("en", "whats the largest model i can qlora on 2 3090s, do i need nvlink",
     "📏 <b>The largest model 48 GB holds for QLoRA", "🔗 <b>NVLink is not required.</b>"),
    ("es", "cual es el modelo mas grande que puedo entrenar con qlora en 2 3090, necesito nvlink?",
     "📏 <b>El modelo más grande que cabe en 48 GB (QLoRA)", "🔗 <b>NVLink no hace falta.</b>"),
    ("fr", "quel est le plus gros modèle que je peux faire tourner sur 2x 3090, faut il du nvlink ?",
     "📏 <b>Avec 48 Go, le plus gros modèle possible", "🔗 <b>NVLink n'est pas nécessaire.</b>"),
]


@pytest.mark.parametrize(("lang", "question", "lead", "note"), LARGEST_BESIDE_NVLINK)
def test_the_largest_model_leads_beside_nvlink(lang: str, question: str, lead: str,
                                              note: str) -> None:
    text = ask(question, lang).text.replace("\u00a0", " ").replace("\u202f", " ")
    assert text.startswith(lead), text
    assert note in text, text


TYPICAL_SEQUENCE = [
    ("en", "whats the difference between lora and qlora memory wise for a 13b",
     "(sequence 2,048, batch 1)"),
    ("es", "diferencia de memoria entre lora y qlora para un 13b", "(secuencia 2.048, batch 1)"),
    ("fr", "différence de mémoire entre lora et qlora pour un 13b",
     "(séquence 2\u202f048, batch 1)"),
    ("en", "full ft vs lora vs qlora vram for a 7b", "(sequence 2,048, batch 1)"),
]


@pytest.mark.parametrize(("lang", "question", "written"), TYPICAL_SEQUENCE)
def test_the_typical_sequence_is_written_for_the_locale(lang: str, question: str,
                                                         written: str) -> None:
    text = ask(question, lang).text
    assert written in text, text
    assert "2048" not in text, text


FOUR_FOR_FOR = [
    # chat's "4" for "for" before a duration with its article: that duration is priced
    ("llama 70b h100 x8 how much 4 a week", "8× H100 × 168 hours"),
    ("🚀🚀🚀 llama 70b 🔥 h100 x8 💸 how much 4 a week", "8× H100 × 168 hours"),
    ("how much 4 a month of a100", "1× A100 80GB × 720 hours"),
    ("whats the price 4 a day on an h200", "1× H200 × 24 hours"),
    # a number of days keeps its number
    ("how much 4 days of a100", "1× A100 80GB × 96 hours"),
]


@pytest.mark.parametrize(("question", "priced"), FOUR_FOR_FOR)
def test_four_for_for_before_a_duration(question: str, priced: str) -> None:
    text = ask(question, "en").text
    assert priced in text, text
    assert "illustrative" not in text, text


STEPS_LEAD = [
    ("en", "how many it/s should i expect for qlora 7b on a 3090",
     "⏱ <b>About 0.2 it/s (5 s/it): a 7B model on 1× RTX 3090 (QLoRA, estimate), at 4,096 "
     "tokens an optimizer step (batch 2 × 2,048 tokens).</b>\n🏋️"),
    ("en", "what s/it would i get for lora llama 3 8b bs 4 seq 1024 on an a100",
     "⏱ <b>About 0.74 it/s (1.3 s/it): Llama 3 8B on 1× A100 80GB (LoRA, estimate), at 4,096 "
     "tokens an optimizer step (batch 4 × 1,024 tokens).</b>"),
    ("es", "cuantos it/s tendria con qlora de llama 3 8b en una 3090",
     "⏱ <b>Unos 0,17 it/s (5,9 s/it): Llama 3 8B en 1× RTX 3090 (QLoRA, estimación)"),
    ("fr", "combien d'it/s pour un qlora de llama 3 8b sur une 3090 ?",
     "⏱ <b>Environ 0,17 it/s (5,9 s/it)\u00a0: Llama 3 8B sur 1× RTX 3090"),
]


@pytest.mark.parametrize(("lang", "question", "lead"), STEPS_LEAD)
def test_the_steps_a_second_asked_lead(lang: str, question: str, lead: str) -> None:
    text = ask(question, lang).text
    assert text.startswith(lead), text
    assert text.count("it/s") == 1, text  # said once, in the lead (not again five lines down)


def test_a_step_rate_measured_is_still_judged() -> None:
    text = ask("i get 0.3 it/s on a T4 with qlora llama 3.1 8b bs 2 seq 2048, is that normal",
               "en").text
    assert text.startswith("🏋️"), text
    assert "your 0.3 it/s" in text, text


@pytest.mark.parametrize("question", [
    "how many samples per second can a 3090 do qlora llama 3 8b",
    "samples/sec for qlora llama 3 8b on 3090",
])
def test_samples_a_second_asked_keep_the_tokens_lead(question: str) -> None:
    # samples are tokens over a length: the tokens/s lead, not a step rate nobody asked
    assert ask(question, "en").text.startswith("🏋️ <b>About "), ask(question, "en").text
