"""Pydantic models of the packaged data files, validated at load."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

MethodId = Literal[
    "qlora", "lora", "full_adamw", "full_adam8bit", "inference_bf16", "inference_int8", "inference_int4"
]
METHOD_IDS: tuple[MethodId, ...] = (
    "qlora", "lora", "full_adamw", "full_adam8bit", "inference_bf16", "inference_int8", "inference_int4"
)
TRAINING_METHODS: tuple[MethodId, ...] = ("qlora", "lora", "full_adam8bit", "full_adamw")
INFERENCE_METHODS: tuple[MethodId, ...] = ("inference_bf16", "inference_int8", "inference_int4")


class _Data(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Sourced(_Data):
    source: str = Field(min_length=3)
    verified: dt.date


def _positive(value: Decimal | None) -> Decimal | None:
    if value is not None and value <= 0:
        raise ValueError("must be positive")
    return value


class GPU(Sourced):
    id: str = Field(pattern=r"^[a-z0-9-]+$")
    name: str
    aliases: tuple[str, ...]
    vram_gb: Decimal
    usd_per_gpu_hour: Decimal | None = None
    bf16_dense_tflops: Decimal | None = None
    memory_bandwidth_gbs: Decimal | None = None
    form_factor: str | None = None

    _check = field_validator(
        "vram_gb", "usd_per_gpu_hour", "bf16_dense_tflops", "memory_bandwidth_gbs"
    )(_positive)


class Offer(_Data):
    gpu: str
    count: int = Field(ge=1, le=8)
    usd_per_hour: Decimal


class Method(Sourced):
    id: MethodId
    kind: Literal["training", "inference"]
    floor_gb_per_b: Decimal | None = None
    estimate_gb_per_b: Decimal
    high_gb_per_b: Decimal | None = None
    assumed_gpu_hours: Decimal | None = None
    trl_flags: str | None = None

    @model_validator(mode="after")
    def _ordered(self) -> Method:
        if self.floor_gb_per_b is not None and self.floor_gb_per_b > self.estimate_gb_per_b:
            raise ValueError(f"{self.id}: floor above estimate")
        if self.high_gb_per_b is not None and self.high_gb_per_b < self.estimate_gb_per_b:
            raise ValueError(f"{self.id}: high below estimate")
        return self


class Pricing(Sourced):
    block_hours: tuple[int, ...]
    billing_granularity_minutes: int
    hours_never_expire: bool
    min_undercut_percent: Decimal
    blocks_source: str

    @field_validator("block_hours")
    @classmethod
    def _blocks(cls, value: tuple[int, ...]) -> tuple[int, ...]:
        if not value or any(b <= 0 for b in value) or len(set(value)) != len(value):
            raise ValueError("block sizes must be distinct positive integers")
        return tuple(sorted(value))


class Payment(Sourced):
    coins: tuple[str, ...]
    min_top_up_usd: Decimal
    kyc: bool
    card: bool
    hours_never_expire: bool
    pricing_urls: dict[str, str]  # per language where the site has a page in it
    site_url: str


class Limits(_Data):
    min_gpus: int
    max_gpus: int
    max_params_b: Decimal
    max_hours: Decimal
    max_vram_gb: Decimal


class Reference(Sourced):
    provider: str
    gpu: str
    count: int
    usd_per_hour: Decimal
    usd_per_gpu_hour: Decimal
    url: str

    @model_validator(mode="after")
    def _consistent(self) -> Reference:
        if self.usd_per_gpu_hour * self.count != self.usd_per_hour:
            raise ValueError(f"{self.provider}: per-GPU price × count != instance price")
        return self
