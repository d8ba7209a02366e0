"""The largest model a memory holds for a method ("biggest model I can QLoRA on 24 GB?")."""

from __future__ import annotations

from decimal import ROUND_FLOOR, Decimal

from pydantic import BaseModel, ConfigDict

from rules.catalogue import Catalogue
from rules.model_catalogue import newest_first
from rules.schema import MethodId


class Largest(BaseModel):
    model_config = ConfigDict(frozen=True)

    method: MethodId
    vram_gb: Decimal  # the whole configuration's memory
    max_params_b: Decimal  # by the planning rule, down to 0.1 B
    # The catalogued models of the largest catalogued size within max_params_b (ids), the
    # latest released first.
    model_ids: tuple[str, ...] = ()
    model_params_b: Decimal | None = None


def largest_fitting(method: MethodId, vram_gb: Decimal, catalogue: Catalogue) -> Largest:
    """The planning rule is linear in the size, so the largest size is memory / (GB per B);
    the catalogued models are those of the largest catalogued size at or under it."""
    cat = catalogue
    # The method's own GB per B: memory() rounds a GGUF type's figures to 0.1 GB, which at
    # 1 B would be the whole rate rounded (Q4_K_M's 0.734 read as 0.7).
    per_b = cat.method(method).estimate_gb_per_b
    top = (vram_gb / per_b).quantize(Decimal("0.1"), rounding=ROUND_FLOOR)
    # Encoders and encoder-decoders are not offered: nothing runs them as a chat model.
    offered = [m for m in cat.models if m.encoder is None]
    sizes = [m.params_b for m in offered if m.params_b <= top]
    if not sizes:
        return Largest(method=method, vram_gb=vram_gb, max_params_b=top)
    size = max(sizes)
    ids = tuple(m.id for m in newest_first(m for m in offered if m.params_b == size))
    return Largest(method=method, vram_gb=vram_gb, max_params_b=top, model_ids=ids,
                   model_params_b=size)
