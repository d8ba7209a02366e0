"""estimate_training split into a part computed once per question and a cheap per-call
assembly (session 37, issue #16): every Breakdown stays the same, to the byte.

tests/data/speed37_breakdowns.txt holds, for 480 varied training estimates (catalogued dense,
MoE, MLA, fused-expert, soft-capped and tied models, a model without architecture, bare
sizes; every training method; 1, 2, 4 and 8 GPUs; ZeRO, DDP, device_map, offload, MLX,
kernels, checkpointing, batch and sequence lengths, paged optimizers on a card's memory),
a digest of everything the Breakdown holds and reads (its terms, notes, bytes and rounded
GB), captured from main at 2725ad39, before the split. A deliberate change of the
estimator's figures regenerates it (`python tests/test_speed37.py --write`) and says so in
its commit.
"""

from __future__ import annotations

import hashlib
import random
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from rules.catalogue import load_catalogue
from rules.estimator import Breakdown, estimate_training, training_checkpoint

GOLDEN = Path(__file__).resolve().parent / "data" / "speed37_breakdowns.txt"
CASES = 480  # drawn, and _EXTRA

_MODELS: tuple[Any, ...] = (
    "llama-3-8b", "llama-3.1-70b", "llama-3.2-1b", "mistral-7b", "mixtral-8x7b",
    "qwen3-30b-a3b", "deepseek-v3", "gpt-oss-20b", "gemma-2-9b", "qwen-v1-7b", "gpt2",
    "t0-3b", "qwen2.5-0.5b", Decimal("7"), Decimal("70"), 13, 0.5,
)
_METHODS = ("qlora", "lora", "lora_int8", "full_adam8bit", "full_adamw")
_FLAGS: dict[str, tuple[Any, ...]] = {
    "lora_targets": ("attention", "qv", "mlp", "q,v,o", ("q_proj", "down_proj")),
    "precision": ("mixed", "bf16", "fp32"),
    "optimizer_paged": (True,),
    "optimizer_in_backward": (True,),
    "grad_accumulation": (False,),
    "flash_attention": (False,),
    "compiled": (True,),
    "loss": ("eager", "fused", "chunked"),
    "double_quant": (False,),
    "optimizer": ("adamw", "adamw_foreach", "adam8bit", "paged_adamw", "paged_adam8bit",
                  "adafactor"),
    "cpu_offload": (True,),
    "activation_offload": (True,),
    "fp32_weights": (True,),
    "vram_per_gpu_gb": (24.0, 80.0, 16.0),
    "zero3": (True,),
    "offload_params": (False,),
    "fsdp_root": (False,),
    "kernels": ("unsloth", "liger"),
    "parallel": ("sharded", "ddp", "device_map", "zero1", "zero2"),
    "lora_dropout": (True,),
    "kbit_fp32": (True,),
    "paired": (True,),
    "reference_model": (True,),
    "untie_head": (True,),
    "unsharded_accumulation": (True,),
    "saved_4bit_inputs": (True,),
    "quantized_head": (True,),
    "fp16_quant_state": (True,),
    "fused_qkv": (True,),
    "trained_layers": (4, 16),
    "bf16_adapters": (True,),
    "fp32_upcast": (True,),
    "mlx": (True,),
}


# What the draw misses: Unsloth sizing its loss chunks on a QLoRA's card, paged optimizer
# states filling a card, a refusal.
_EXTRA: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
    (("llama-3-8b", "qlora", 2048, 2, True, 16, 1), {"kernels": "unsloth", "vram_per_gpu_gb": 24.0}),
    (("mistral-7b", "qlora", 8192, 4, False, 64, 2), {"kernels": "unsloth", "vram_per_gpu_gb": 16.0}),
    (("llama-3-8b", "full_adamw", 2048, 1, True, 16, 1), {"optimizer_paged": True,
                                                          "vram_per_gpu_gb": 80.0}),
    (("llama-3.1-70b", "full_adam8bit", 512, 1, True, 16, 4),
     {"optimizer": "paged_adam8bit", "vram_per_gpu_gb": 80.0}),
    (("qwen3-30b-a3b", "full_adamw", 2048, 1, True, 16, 1), {"optimizer_paged": True,
                                                             "vram_per_gpu_gb": 24.0}),
    (("llama-3-8b", "lora", 0, 1, True, 16, 1), {}),
]


def _model(name: Any) -> Any:
    return load_catalogue().models.get(name) if isinstance(name, str) else name


def cases() -> list[tuple[tuple[Any, ...], dict[str, Any]]]:
    """The same varied estimates every run (a seeded draw): the positional settings, and two
    or three keywords (a few with none, a few with many)."""
    draw = random.Random(37)
    out = []
    names = sorted(_FLAGS)
    for i in range(CASES):
        args = (draw.choice(_MODELS), draw.choice(_METHODS), draw.choice((256, 512, 2048, 8192)),
                draw.choice((1, 2, 4, 8)), draw.random() < 0.6, draw.choice((8, 16, 64)),
                draw.choice((1, 1, 2, 4, 8)))
        many = 0 if i % 10 == 0 else 8 if i % 10 == 1 else draw.choice((1, 2, 3))
        kwargs = {name: draw.choice(_FLAGS[name]) for name in draw.sample(names, many)}
        out.append((args, kwargs))
    return out + _EXTRA


def _signature(b: Breakdown) -> str:
    notes = [(n.code, sorted((k, repr(v)) for k, v in n.params.items())) for n in b.assumptions]
    return repr((b.kind, b.method, b.model_id, b.params_b, b.gpus, b.per_gpu_gb, notes,
                 b.parts, b.host_offload_gb, b.per_gpu_bytes, b.context_bytes,
                 b.sequential_bytes, [(t.name, t.gb, t.note) for t in b.terms], b.total_gb,
                 b.allocator_gb, b.allocated_gb, b.term("weights")))


def _line(i: int, args: tuple[Any, ...], kwargs: dict[str, Any]) -> str:
    model, *rest = args
    try:
        b = estimate_training(_model(model), *rest, **kwargs)
    except ValueError as exc:  # includes the estimator's refusals (RulesError)
        return f"{i} refused {type(exc).__name__}"
    digest = hashlib.sha256(_signature(b).encode()).hexdigest()[:20]
    return f"{i} {digest} {b.per_gpu_gb}"


def _golden() -> dict[str, str]:
    return {line.split()[0]: line for line in GOLDEN.read_text().splitlines()}


@pytest.mark.parametrize("chunk", range(8))
def test_every_breakdown_as_captured_before_the_split(chunk: int) -> None:
    golden = _golden()
    assert len(golden) == CASES + len(_EXTRA)
    estimate_training.cache_clear()
    wrong = []
    for i, (args, kwargs) in enumerate(cases()):
        if i % 8 == chunk:
            line = _line(i, args, kwargs)
            if line != golden[str(i)]:
                wrong.append(f"{line!r} != {golden[str(i)]!r}: {args} {kwargs}")
    assert not wrong, "\n".join(wrong)


def test_counts_asked_in_turn_reuse_nothing_of_another_run() -> None:
    """The per-question part is shared between estimates: one GPU count's, then another's,
    then the first again, each the same as asked alone (nothing one writes leaks into the
    next)."""
    model = _model("mixtral-8x7b")
    alone = {}
    for gpus in (1, 2, 4, 8):
        estimate_training.cache_clear()
        alone[gpus] = _signature(estimate_training(model, "qlora", 2048, 2, True, 16, gpus,
                                                   cpu_offload=gpus == 4))
    estimate_training.cache_clear()
    for gpus in (8, 1, 4, 2, 1, 8):
        got = estimate_training(model, "qlora", 2048, 2, True, 16, gpus,
                                cpu_offload=gpus == 4)
        assert _signature(got) == alone[gpus]


def test_the_counts_of_one_run_share_its_model_and_adapters_work() -> None:
    """The offered GPU counts of one run (and remedies that change neither the method nor
    the adapters) reuse the model's and the adapters' part: one worked out, three reused."""
    from rules import estimator

    model = _model("llama-3.1-70b")
    estimate_training.cache_clear()
    estimator._prepare.cache_clear()
    for gpus in (1, 2, 4, 8):
        estimate_training(model, "qlora", 2048, 1, True, 16, gpus)
    estimate_training(model, "qlora", 2048, 1, True, 16, 1, cpu_offload=True)
    info = estimator._prepare.cache_info()
    assert (info.misses, info.hits) == (1, 4)


def test_the_counts_of_one_run_share_its_notes() -> None:
    """The run's settings note (and its GPUs' at the same count and batch) is built once for
    the question's estimates, not once an estimate: the same object, the same values."""
    model = _model("llama-3-8b")
    estimate_training.cache_clear()
    two = estimate_training(model, "full_adamw", 2048, 1, True, 16, 2)
    four = estimate_training(model, "full_adamw", 2048, 1, True, 16, 4)
    again = estimate_training(model, "full_adamw", 2048, 1, True, 16, 2, cpu_offload=True)
    settings = [next(n for n in b.assumptions if n.code == "training_settings")
                for b in (two, four, again)]
    assert settings[0] is settings[1] is settings[2]
    assert settings[0].params == {"seq_len": 2048, "batch": 1, "grad_ckpt": 1,
                                  "flash_attention": 1, "compiled": 0}
    sharded = [next(n for n in b.assumptions if n.code == "sharded") for b in (two, again)]
    assert sharded[0] is sharded[1]


def test_checkpoint_size_unchanged() -> None:
    got = training_checkpoint(_model("llama-3-8b"), "full_adamw")
    assert (got.weights_gb, got.optimizer_gb) == (Decimal("32.1"), Decimal("64.2"))


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    GOLDEN.write_text("".join(_line(i, a, k) + "\n" for i, (a, k) in enumerate(cases())))
