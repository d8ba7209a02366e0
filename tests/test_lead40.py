"""Questions found in session 40, as users wrote them."""

from __future__ import annotations

import pytest

from tests.support.chat import ask


@pytest.mark.parametrize(("text", "chip"), [
    # A Mac's memory said before its chip, no "mac" in the message (was "1× GPU of 16 GB" at
    # 17.18 GB, 16 GiB, not the 11.45 GB macOS lets the GPU use)
    ("lora 7b on 16gb m2 with hf transformers", "Apple M2"),
    ("16gb m2 llama 3 8b inference", "Apple M2"),
    ("llama 3 8b on 24 gb m3", "Apple M3"),
])
def test_mac_memory_before_its_chip(text: str, chip: str) -> None:
    reply = ask(text, "en").text
    head = reply.split("\n", 1)[0]
    assert f"1× {chip}" in head, head
    assert "unified memory" in reply


def test_drive_size_before_m2_is_no_mac() -> None:
    # "512gb m2 ssd": the drive, not a Mac; the card asked is the 4090
    reply = ask("512gb m2 ssd llama 8b on 4090", "en").text
    assert "RTX 4090" in reply.split("\n", 1)[0]
    assert "Apple" not in reply


@pytest.mark.parametrize(("text", "lang", "said"), [
    ("lora llama 3 8b on my m3 max 64gb using pytorch mps", "en",
     "PyTorch on the Mac's GPU (MPS), as you named it"),
    ("lora de llama 3 8b en mi m3 max de 64gb con pytorch mps", "es",
     "PyTorch en la GPU del Mac (MPS), como indicaste"),
    ("lora de llama 3 8b sur mon m3 max 64go avec pytorch mps", "fr",
     "PyTorch sur le GPU du Mac (MPS), comme vous l'avez indiqué"),
])
def test_pytorch_named_on_a_mac_is_not_mlx(text: str, lang: str, said: str) -> None:
    # PyTorch named: the run as said (TRL/PEFT's usual settings, all layers), not mlx-lm's
    # defaults with "No trainer named" (was 19.3 GB at mlx_lm.lora's rank 8 on 16 layers)
    reply = ask(text, lang).text
    assert said in reply
    assert "mlx_lm.lora --model" not in reply
    assert any(f in reply for f in ("23.1 GB", "23,1\u00a0GB", "23,1\u202fGo")), reply[:400]
    # LoRA starts on the Mac itself with TRL, not on a rented card
    assert "<code>--use_peft</code>" in reply
    assert "L40S, run it" not in reply


def test_mlx_still_assumed_when_nothing_is_named() -> None:
    reply = ask("lora llama 3 8b on my m3 max 64gb", "en").text
    assert "No trainer named: estimated as mlx-lm runs it on a Mac" in reply
    assert "PyTorch on the Mac's GPU" not in reply


def test_qlora_with_peft_on_a_mac_starts_with_mlx() -> None:
    # bitsandbytes' 4-bit loader is CUDA's: the QLoRA command is mlx-lm's even with PEFT named
    reply = ask("qlora llama 3 8b on my m3 max 64gb with peft", "en").text
    assert "mlx_lm.lora --model" in reply
