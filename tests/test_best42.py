"""best42: the most accurate answer leads (session 42)."""

from __future__ import annotations

import pytest

from tests.support.chat import ask, says

# --- A measured rate is judged against the peak the run is timed at ---------------------------


@pytest.mark.parametrize(("text", "lang", "flag"), [
    # The P40 has no 16-bit peak on file (FP16 at 1/64 of FP32): it is timed at its FP32 peak,
    # and a measured rate was judged against none (no flag; 5k tokens/s of a 7B QLoRA is 12
    # times the P40's 11.76 TFLOPS)
    ("5k tok/s qlora 7b on my P40, how long for 50M tokens?", "en",
     "That rate would take 11.9 times the P40's 11.76 peak TFLOPS"),
    ("con mi p40 me da 5000 tokens/s en qlora de 7b, cuanto tardaria con 50M tokens", "es",
     "Ese ritmo exigiría 11,9 veces los 11,76 TFLOPS máximos de la P40"),
])
def test_measured_rate_on_pascal_is_judged_at_its_fp32_peak(text: str, lang: str,
                                                            flag: str) -> None:
    reply = ask(text, lang).text
    assert flag in reply, reply


def test_measured_rate_within_the_fp32_peak_is_not_flagged() -> None:
    reply = ask("i measured 50 tok/s qlora 7b on my P40, how long for 5M tokens?", "en").text
    says(reply, ["From your measured 50 tokens/s per GPU"], ["That rate would take"])


@pytest.mark.parametrize(("text", "lang", "line"), [
    # The tokens/s asked on a P40 was refused ("No datasheet we can cite gives the P40's peak
    # BF16 throughput") while its training time was given at the FP32 peak
    ("how many tokens/s training qlora 7b on my p40?", "en",
     "at an assumed 35% of the 11.76 peak FP32 TFLOPS per GPU: the P40 has no BF16"),
    ("¿cuántos tokens/s entrenando qlora 7b en mi p40?", "es",
     "de los 11,76 TFLOPS FP32 de pico por GPU: la P40 no tiene BF16"),
    ("combien de tokens/s pour un qlora 7b sur ma p40 ?", "fr",
     "des 11,76 TFLOPS FP32 de crête par GPU\u00a0: le P40 n'a pas de BF16"),
])
def test_training_speed_on_pascal_at_the_peak_the_time_uses(text: str, lang: str,
                                                            line: str) -> None:
    reply = ask(text, lang).text
    says(reply, ["🏋️", line], ["No datasheet", "Ninguna ficha técnica", "Aucune fiche"])
