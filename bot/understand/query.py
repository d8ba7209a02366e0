"""A question's facts, as understood from free text: what the engine is asked."""

from __future__ import annotations

from decimal import Decimal
from typing import Literal

from pydantic import BaseModel, ConfigDict

from rules.schema import MethodId

Intent = Literal[
    "fit", "memory", "cost", "recommend", "compare", "prices", "pay", "alert", "help", "unknown"
]
Lang = Literal["en", "es", "fr"]
INTENTS: tuple[Intent, ...] = (
    "fit", "memory", "cost", "recommend", "compare", "prices", "pay", "alert", "help", "unknown"
)
LANGS: tuple[Lang, ...] = ("en", "es", "fr")


class Query(BaseModel):
    model_config = ConfigDict(frozen=True)

    text: str
    lang: Lang | None = None  # the language the text is written in, when clear
    intent: Intent = "unknown"
    params_b: Decimal | None = None  # model size in billions (from a named model or "70B")
    model_id: str | None = None  # a named model of the catalogue
    family: tuple[str, ...] = ()  # a family named without a size: its models, to ask which
    method: MethodId | None = None  # None: answer for every method of the kind
    inference: bool = False  # "run"/"serve"/"inference" questions use the inference methods
    gpu: str | None = None  # catalogue GPU id
    gpu_text: str | None = None  # a GPU-like word not in the catalogue, as written ("H1000")
    other_gpus: tuple[str, ...] = ()  # further GPUs named (compare: gpu vs other_gpus[0])
    gpu_count: int | None = None
    vram_gb: Decimal | None = None  # a GPU given only by its memory ("a 48 GB GPU")
    hours: Decimal | None = None  # wall-clock hours
    threshold_usd: Decimal | None = None  # alerts: "below $2"
    direction: Literal["below", "above"] | None = None
    percent: Decimal | None = None  # alerts: "moves of 10 %"
    seq_len: int | None = None
    batch_size: int | None = None
    dataset_tokens: Decimal | None = None
    lora_rank: int | None = None
    grad_ckpt: bool | None = None
    details: bool = False  # "details", "breakdown", "desglose", "détail"
    follow_up: bool = False  # completed from the previous question in the chat
