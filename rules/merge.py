"""The memory a LoRA merge holds ("how much ram do i need to merge a 70b lora"): the base model
in 16 bits, on the CPU unless it is put on GPUs (rules/data/serving.toml merge.lora)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from functools import cache

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rules import data_files
from rules.errors import DataError


class _Rule(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    value: Decimal = Field(gt=0)
    source: str = Field(min_length=3)
    url: str = Field(pattern=r"^https://")
    verified: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")


@cache
def _rule() -> _Rule:
    doc = data_files.document("serving.toml")
    try:
        return _Rule.model_validate(doc["merge"]["lora"])
    except (KeyError, TypeError, ValidationError) as exc:
        raise DataError(f"rules/data/serving.toml: merge.lora: {exc}") from exc


@dataclass(frozen=True, slots=True)
class MergeMemory:
    """What merging an adapter into a `params_b` billion-parameter base holds."""

    params_b: Decimal
    bytes_per_param: Decimal
    weights_gb: Decimal  # the base in 16 bits, GB = 1e9 bytes
    url: str


def merge_memory(params_b: Decimal) -> MergeMemory:
    rule = _rule()
    return MergeMemory(params_b=params_b, bytes_per_param=rule.value,
                       weights_gb=params_b * rule.value, url=rule.url)
