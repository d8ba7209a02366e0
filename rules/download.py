"""A model's weights as downloaded, and how long the download takes at a link speed.

The size is what the published files hold, counted from the model's parameters (the
estimator's shape of it, rules.estimator.resolve_shape): a BF16/FP16 safetensors checkpoint two
bytes a parameter; a GGUF file the llama.cpp type's published average bits per weight over every
parameter (rules/data/quant_types.toml), or the published file's own size where every type keeps
the model's format (models.toml native.gguf_gb); an AWQ/GPTQ checkpoint or a publisher's FP8 or
MXFP4 checkpoint the estimator's weights for that format. bitsandbytes' 8- and 4-bit quantize
the BF16 files while loading them: the download is the BF16 files. GB are 10^9 bytes, link
speeds megabits (10^6 bits) per second; the time is at the full line rate (no protocol overhead,
no server limit counted).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from rules.estimator import estimate_inference, method_spec, resolve_shape
from rules.model_catalogue import ModelSpec
from rules.schema import Method

__all__ = ["Download", "download_hours", "weights_download"]

_GB = Decimal(10) ** 9
Kind = Literal["bf16", "gguf", "checkpoint", "bf16_quantized_on_load"]


@dataclass(frozen=True, slots=True)
class Download:
    """The files of one model in one format: their size and what they are."""

    gb: Decimal
    kind: Kind  # bf16: safetensors; gguf: one GGUF file; checkpoint: AWQ/GPTQ/FP8/MXFP4 as published
    quant: str | None  # the GGUF type ("Q4_K_M") or None
    format: str | None = None  # a checkpoint's format as published ("FP8", "AWQ")


def weights_download(model: ModelSpec | Decimal, method: Method,
                     native_gguf_gb: Decimal | None = None,
                     native_method: str | None = None,
                     native_format: str | None = None) -> Download:
    """The download of `model` served with `method` (an inference method)."""
    spec = method_spec(method, "inference")
    params = Decimal(repr(resolve_shape(model).params))
    if spec.bits_per_weight is not None and spec.quant is not None:
        if native_gguf_gb is not None:
            return Download(native_gguf_gb, "gguf", spec.quant)
        return Download(params * spec.bits_per_weight / 8 / _GB, "gguf", spec.quant)
    if spec.block_bits is not None or (native_method is not None and spec.id == native_method):
        weights = estimate_inference(model, spec, 1).term("weights")
        native = native_method is not None and spec.id == native_method
        return Download(weights, "checkpoint", None,
                        native_format if native else spec.group_format)
    kind: Kind = "bf16" if spec.weight_bits == 16 else "bf16_quantized_on_load"
    return Download(params * 2 / _GB, kind, None)


def download_hours(gb: Decimal, link_mbps: Decimal) -> Decimal:
    """Hours to move `gb` GB (10^9 bytes) at `link_mbps` megabits per second."""
    if link_mbps <= 0:
        raise ValueError("link speed must be positive")
    return gb * 8000 / link_mbps / 3600
