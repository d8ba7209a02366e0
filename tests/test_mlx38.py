"""Fine-tuning on a Mac (session 38): mlx_lm.lora's own defaults where MLX is named with one of
its settings, measured MLX training runs against the estimate, and the time on the Mac."""

from __future__ import annotations

import pytest

from tests.support.chat import ask


@pytest.mark.parametrize("text", [
    "qlora llama 3 8b with mlx --grad-checkpoint on my m2 max 32gb",
    "lora llama 3 8b with mlx and gradient checkpointing on my m3 max 64gb",
    "lora mistral 7b using mlx-lm, grad_checkpoint: true, on a macbook m1 max 64",
])
def test_mlx_named_with_its_checkpointing_flag_runs_at_its_own_batch_4(text: str) -> None:
    """mlx_lm.lora's batch is 4 unless --batch-size says otherwise (ml-explore/mlx-lm
    mlx_lm/lora.py @d78bf58e CONFIG_DEFAULTS "batch_size": 4): "with mlx --grad-checkpoint" was
    estimated at batch 1, the typical setting "with mlx" alone falls back to, as if the flag
    also lowered the batch."""
    reply = ask(text, "en").text
    assert "📊 <b>Detailed estimate for seq 2,048, batch 4, checkpointing on" in reply, reply
    assert "What is not given is mlx_lm.lora's own default: batch 4" in reply, reply


def test_a_batch_said_beside_the_flag_stays_as_said() -> None:
    reply = ask("mlx_lm.lora --batch-size 1 --num-layers 8 --grad-checkpoint, lora llama 3 8b "
                "on my m3 pro 36gb", "en").text
    assert "📊 <b>Detailed estimate for seq 2,048, batch 1, checkpointing on" in reply, reply
