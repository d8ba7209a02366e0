"""Questions found in session 39's probe (first questions on the card people own, as they write
them on r/LocalLLaMA, the Hugging Face forums and the unsloth/axolotl/peft issues)."""

from __future__ import annotations

import pytest

from tests.support.chat import ask, says


@pytest.mark.parametrize(("text", "has", "lacks"), [
    # The ZeRO stage named is the one in the tool's config (was zero3_bf16.json, another stage
    # than the one estimated: "With DeepSpeed ZeRO-2, every GPU holds the whole model")
    ("axolotl full fine tune llama 3.1 8b on 8x a100 40gb with deepspeed zero2",
     "<code>deepspeed: deepspeed_configs/zero2.json</code>", "zero3_bf16.json"),
    ("llama-factory full fine tune llama 3.1 8b on 8x a100 40gb with deepspeed zero2",
     "deepspeed: examples/deepspeed/ds_z2_config.json</code>", "ds_z3_config.json"),
    ("axolotl lora llama 3.1 70b on 4x 3090 with zero3 offload",
     "deepspeed: deepspeed_configs/zero3_bf16_cpuoffload_all.json</code>", "zero3_bf16.json<"),
    # none named: ZeRO-3, as before
    ("axolotl full fine tune llama 3.1 8b on 8x a100 40gb",
     "<code>deepspeed: deepspeed_configs/zero3_bf16.json</code>", "zero2.json"),
])
def test_the_zero_stage_named_is_the_configs(text: str, has: str, lacks: str) -> None:
    says(ask(text).text, [has], [lacks])
