"""DDP named ("with DDP", "distributed data parallel", "paralelismo de datos"): PyTorch's
DistributedDataParallel keeps a whole replica of the model, its gradients and optimizer states on
every GPU, so the estimate per GPU is one replica's, the reply says DDP replicates (not the
FSDP/ZeRO-3 sharding assumed otherwise), and what makes it fit starts with sharding it."""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline
from rules.catalogue import load_catalogue

SHARDED = "With several GPUs, the model is assumed to be sharded across them"
REPLICATED = ("With DDP, every GPU holds a whole copy of the model, its gradients and optimizer "
              "states: more GPUs do not lower the memory each needs.")


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline(load_catalogue())


@pytest.mark.parametrize(("text", "said"), [
    ("full finetune llama 3 8b with DDP on 4x a100 80gb", REPLICATED),
    ("lora llama 3 8b distributed data parallel on 2x 4090", REPLICATED),
    ("fine-tuning completo de llama 3 8b con DDP en 4x a100 80gb, ¿cabe?",
     "Con DDP, cada GPU guarda una copia entera del modelo, sus gradientes y los estados del "
     "optimizador: añadir GPU no reduce la memoria que necesita cada una."),
    ("full fine-tuning de llama 3 8b avec DDP sur 4x a100 80go, ça passe ?",
     "Avec DDP, chaque GPU garde une copie entière du modèle, de ses gradients et des états de "
     "l'optimiseur\u00a0: ajouter des GPU ne réduit pas la mémoire qu'il faut à chacun."),
])
def test_ddp_is_said_to_replicate_not_to_shard(pipeline: Pipeline, text: str, said: str) -> None:
    reply = pipeline.ask(text)
    assert said in reply.text
    assert "sharded across them" not in reply.text
    assert "reparte entre ellas" not in reply.text and "réparti entre eux" not in reply.text


@pytest.mark.parametrize("text", [
    "full finetune llama 3 8b on 4x a100 80gb",
    "full finetune llama 3 8b with accelerate launch on 4x a100 80gb",  # its config unsaid
    "full finetune llama 3 8b with fsdp on 4x a100 80gb",
])
def test_without_ddp_named_the_sharding_is_assumed(pipeline: Pipeline, text: str) -> None:
    reply = pipeline.ask(text)
    assert SHARDED in reply.text and "With DDP" not in reply.text


def test_the_planning_figure_per_gpu_is_one_replica(pipeline: Pipeline) -> None:
    """144 GB for the whole job is 144 GB on each GPU under DDP, not 36 GB (a quarter): the
    planning rule does not say it fits on 4× A100 80GB either."""
    reply = pipeline.ask("full finetune llama 3 8b with DDP on 4x a100 80gb")
    detailed = reply.answer.detailed
    assert detailed is not None and detailed.check is not None
    check = detailed.check
    assert check.replicated and check.planning_per_gpu_gb == check.planning_gb
    assert not check.planning_fits and not check.disagree
    assert "The planning rule says it fits" not in reply.text
    assert reply.answer.fits is False


def test_a_replica_that_misses_says_more_gpus_do_not_help(pipeline: Pipeline) -> None:
    reply = pipeline.ask("lora llama 3 8b ddp on 2x 4090 seq 8192 batch 4")
    assert "The planning rule says it fits (19.2 GB per GPU)" in reply.text
    assert ("More GPUs do not help with DDP, which puts the whole run on each: shard it with "
            "FSDP or DeepSpeed ZeRO-3, or use shorter sequences or a smaller batch.") in reply.text
    assert "a smaller batch or more GPUs" not in reply.text


def test_what_makes_it_fit_starts_with_sharding_it(pipeline: Pipeline) -> None:
    reply = pipeline.ask("full finetune llama 3 8b with DDP on 4x a100 80gb")
    rm = reply.answer.remedies
    assert rm is not None and rm.options
    assert rm.options[0].changes == ("shard",)
    # sharded as FSDP (bot.remedy._with): its FP32 shards and no 16-bit copy, 16 bytes a
    # parameter (best42: was 45.4 GB with an 18-byte count)
    assert ("• FSDP or DeepSpeed ZeRO-3 instead of DDP (the model, gradients and optimizer "
            "states split over the GPUs): 41.4 GB per GPU") in reply.text
    # DDP's CPU offload is FSDP's: never listed apart from the sharding it comes with.
    assert all(o.changes != ("cpu_offload",) for o in rm.options)


def test_one_gpu_has_nothing_to_shard(pipeline: Pipeline) -> None:
    reply = pipeline.ask("full finetune llama 3 8b on my 3090 ddp seq 2048 batch 4")
    rm = reply.answer.remedies
    assert rm is not None and "shard" not in rm.tried
    assert "With DDP" not in reply.text
