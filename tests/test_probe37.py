"""probe37 (session 37): training questions asked the way people post them in Unsloth, axolotl,
TRL and PEFT issues, r/LocalLLaMA and the Hugging Face forums, in English.

"should i use lora or qlora for …": two training methods weighed are training, not serving,
though "use" alone reads as running a model (was BF16, 8-bit and 4-bit inference on the 4090).
"""

from __future__ import annotations

import pytest

from tests.support.chat import ask, ask_json, says

WEIGHED: list[tuple[str, str]] = [
    ("should i use lora or qlora for llama 3.1 8b on a 4090 if i want best quality",
     "✅ <b>On 1× RTX 4090, Llama 3.1 8B fits: QLoRA and LoRA.</b>"),
    ("qlora or lora, which one should i use for gemma 2 9b on my 3090?",
     "✅ <b>On 1× RTX 3090, Gemma 2 9B fits: QLoRA and LoRA.</b>"),
]


@pytest.mark.parametrize(("q", "lead"), WEIGHED)
def test_two_methods_weighed_are_training(q: str, lead: str) -> None:
    got = ask_json(q)
    assert got["method"] in ("qlora", "lora", "full_adamw", "full_adam8bit"), got["text"]
    assert str(got["text"]).startswith(lead), got["text"]
    assert "inference" not in str(got["text"]).split("\n")[0]


def test_two_methods_weighed_without_a_card_compare_them() -> None:
    reply = ask("should i use lora or qlora for llama 3.1 8b")
    says(reply.text, ["⚖️ <b>LoRA or QLoRA for Llama 3.1 8B"], ["Inference in BF16"])


def test_use_alone_still_serves() -> None:
    # No method named: "use" keeps reading as running the model.
    got = ask_json("can i use llama 3 8b on a 4090")
    assert got["method"] == "inference_bf16", got["text"]
