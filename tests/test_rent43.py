"""rent43: the best estimate on rented and measured configurations.

1. llm-foundry's measured MPT 30B full fine-tunes (8× H100 / A100 80GB, FSDP FULL_SHARD,
   gradient accumulation 21) were "timed on 8× B200, not the asked card": our estimate held the
   whole model's FP32 gradients on every GPU, as FSDP's no_sync keeps them under Hugging Face
   Accelerate and LitGPT. Composer, which llm-foundry trains with, never enters no_sync under
   FSDP (its ddp_sync_context yields at once for a model that is not DistributedDataParallel:
   mosaicml/composer composer/distributed/dist_strategy.py @6405188), so each micro-batch's
   gradients are reduce-scattered and stay sharded: 16 bytes a parameter over the GPUs.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.support.chat import ask, ask_json

# llm-foundry scripts/train/benchmarking/README.md 'H100 80GB BF16': MPT 30B, seq 8192, 8 GPUs,
# micro-batch 1, gradient accumulation 21, activation checkpointing, FSDP FULL_SHARD:
# 1,384 tokens/s per GPU measured (tests/data/measured-speed.csv), on 80 GB cards.
FOUNDRY_30B = ("full fine-tune MPT 30B on 8x H100 80GB, seq 8192 packed, batch size 1, "
               "gradient checkpointing on, FSDP, gradient accumulation 21, flash attention")


@pytest.mark.parametrize(("text", "fits"), [
    # Composer named: the gradients sharded 8 ways (30B × 4 B / 8 = 15.3 GB, was 122.3 GB)
    (FOUNDRY_30B + ", with llm-foundry", True),
    ("full finetune mpt 30b on 8 h100s w/ llmfoundry, fsdp, grad accum 21, seq 8k bs1, "
     "ckpt on, fits?", True),
    ("can i full finetune mpt-30b on 8x a100 80gb using mosaicml composer, fsdp, gradient "
     "accumulation 21, seq 8192, batch 1, gradient checkpointing on", True),
    # No trainer named: Accelerate's (and LitGPT's) no_sync, the whole model's gradients kept
    (FOUNDRY_30B, False),
    # "composer" alone is a musician's word too: not the trainer
    ("im a composer, can i full finetune mpt 30b on 8x h100 80gb, seq 8192, batch size 1, "
     "gradient checkpointing on, fsdp, gradient accumulation 21", False),
])
def test_composer_keeps_fsdp_gradients_sharded(text: str, fits: bool) -> None:
    got = ask_json(text)
    assert got["detailed_fits"] is fits, (got["detailed_gb"], got["text"])
    per_gpu = Decimal(str(got["detailed_gb"]))
    if fits:
        assert per_gpu < Decimal("85.52"), per_gpu  # an H100's / A100's 79.6 GiB
    else:
        assert per_gpu > 150, per_gpu  # 122 GB of whole FP32 gradients among it


def test_composer_named_drops_the_no_sync_assumption() -> None:
    reply = ask(FOUNDRY_30B + ", with llm-foundry, show details")
    assert reply.query.trainer == "composer"
    assert "no_sync" not in reply.text
    plain = ask(FOUNDRY_30B + ", show details")
    assert plain.query.trainer is None and "no_sync" in plain.text
