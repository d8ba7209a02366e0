"""GPU-hours of reading a corpus through a model (batch inference: classify, summarize, embed,
score every document): its forward pass over every input token, compute-bound as a prefill is.

FLOPs ≈ 2·N·D: the forward pass takes 2·N FLOPs a token (Kaplan et al. 2020, §2.1; the same
rule whose 6·N·D times training: rules/data/detailed.toml flops.forward_per_param_token), N the
parameters a token goes through (active ones for a mixture of experts), D the tokens. Time =
FLOPs / (peak dense FLOP/s × utilisation), the utilisation the one training time assumes
(mfu.bf16_dense), said to be an assumption. Attention over each document's context is left out
(small beside 2·N for documents of a few thousand tokens), and so is generating any output:
decode is bound by memory bandwidth, not compute (rules.capacity's decode bound). Money lives
elsewhere: this returns hours only.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from rules.estimator import load_constants
from rules.model_catalogue import ModelSpec
from rules.training_time import active_params_b, assumed_mfu, rounded_hours

__all__ = ["ForwardTime", "forward_time"]

_GIGA, _TERA = Decimal(10**9), Decimal(10**12)


@dataclass(frozen=True, slots=True)
class ForwardTime:
    tokens: int
    per_param_token: Decimal  # k in k·N·D: 2
    params_b: Decimal  # N: the parameters a token goes through (MoE: active)
    flops: Decimal
    peak_tflops: Decimal  # per GPU
    mfu: Decimal
    gpus: int
    gpu_hours: Decimal
    wall_clock_hours: Decimal


def forward_time(
    model: ModelSpec | Decimal | float | int, tokens: int, peak_tflops: Decimal | float | int,
    gpus: int = 1,
) -> ForwardTime:
    """The forward pass over `tokens` tokens on `gpus` GPUs of that peak, at the assumed
    utilisation; the GPUs share the documents (data parallel), linear scaling assumed."""
    if gpus < 1 or tokens < 0:
        raise ValueError("gpus must be at least 1 and tokens non-negative")
    peak = Decimal(str(peak_tflops))
    if not peak.is_finite() or peak <= 0:
        raise ValueError("peak_tflops must be positive")
    per = Decimal(repr(load_constants()["flops.forward_per_param_token"]))
    params = active_params_b(model)
    flops = per * params * _GIGA * tokens
    mfu = assumed_mfu()
    seconds = flops / (peak * _TERA * mfu)
    return ForwardTime(
        tokens=tokens, per_param_token=per, params_b=params, flops=flops, peak_tflops=peak,
        mfu=mfu, gpus=gpus, gpu_hours=rounded_hours(seconds),
        wall_clock_hours=rounded_hours(seconds / gpus),
    )
