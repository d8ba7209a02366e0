"""Realistic parsed questions, one per kind of answer, shared by the render and wording tests."""

from __future__ import annotations

from decimal import Decimal as D

from bot.understand.query import Query


def q(**fields) -> Query:
    return Query(text="", **fields)


REALISTIC = {
    "fit_yes": q(intent="fit", params_b=D(70), method="qlora", gpu="a100-80gb"),
    "fit_no": q(intent="fit", params_b=D(70), method="qlora", gpu="rtx-4090"),
    "fit_all_methods": q(intent="fit", params_b=D(70), gpu="h200", gpu_count=8),
    "fit_vram": q(intent="fit", params_b=D(13), vram_gb=D(24)),
    "fit_l40s": q(intent="fit", params_b=D(70), method="qlora", gpu="l40s"),
    "memory": q(intent="memory", params_b=D(70)),
    "memory_named": q(intent="memory", params_b=D("46.7"), model_id="mixtral-8x7b"),
    "memory_gated": q(intent="memory", params_b=D(70), model_id="llama-3.1-70b", method="lora"),
    "inference": q(intent="fit", params_b=D(70), inference=True, gpu="h100", gpu_count=2),
    "quote_given": q(intent="cost", params_b=D(70), method="lora", gpu="h200", gpu_count=2,
                     hours=D(12)),
    "quote_assumed_all": q(intent="cost", params_b=D(70)),
    "quote_blocks": q(intent="cost", params_b=D(7), method="qlora", gpu="h100", hours=D(35)),
    "quote_gpu_only": q(intent="cost", gpu="b200", gpu_count=8, hours=D(3)),
    "recommend": q(intent="recommend", params_b=D(70), method="lora"),
    "compare": q(intent="compare", params_b=D(70), method="qlora", gpu="h100",
                 other_gpus=("a100-80gb",)),
    "compare_hw": q(intent="compare", gpu="h200", other_gpus=("b200",)),
    "prices": q(intent="prices"),
    "pay": q(intent="pay"),
    "alert_below": q(intent="alert", gpu="h100", threshold_usd=D(2), direction="below"),
    "alert_above": q(intent="alert", gpu="h100", threshold_usd=D(3), direction="above"),
    "alert_percent": q(intent="alert", gpu="h200", percent=D(10)),
    "alert_any": q(intent="alert", gpu="b200"),
    "alert_unpriced": q(intent="alert", gpu="rtx-5090"),
    "alert_no_gpu": q(intent="alert"),
    "help": q(intent="help"),
    "unknown": q(intent="unknown"),
    "missing_size": q(intent="fit", gpu="h100"),
    "missing_gpu": q(intent="cost"),
    "missing_hours": q(intent="cost", gpu="h100", gpu_count=2),
    "missing_second_gpu": q(intent="compare", gpu="h100"),
    "err_unknown_gpu": q(intent="fit", params_b=D(7), gpu_text="H1000"),
    "err_size": q(intent="fit", params_b=D(-7)),
    "err_count": q(intent="fit", params_b=D(7), gpu="h100", gpu_count=16),
    "err_hours": q(intent="cost", params_b=D(7), method="qlora", gpu="h100", hours=D(-1)),
    "err_price": q(intent="cost", params_b=D(7), method="qlora", gpu="rtx-4090", hours=D(3)),
    "err_inference_hours": q(intent="cost", params_b=D(7), inference=True, gpu="h100",
                             method="inference_bf16"),
}
