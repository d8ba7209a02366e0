"""Memory per method from the seed's per-parameter planning rules (GB = 10^9 bytes)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from rules.catalogue import Catalogue
from rules.errors import InvalidModelSize
from rules.notes import Note, note
from rules.schema import MethodId


@dataclass(slots=True)
class Memory:
    """Built only by _memory from the catalogue's method and a checked size (a dataclass, as
    Fit: one or more a question; the models that hold it take it as it is)."""

    method: MethodId
    params_b: Decimal
    floor_gb: Decimal | None
    estimate_gb: Decimal
    high_gb: Decimal | None
    notes: tuple[Note, ...]
    # The method's note when the floor fits but the estimate misses (methods.toml).
    floor_fits_note: str | None = None
    # A GGUF type's method: the planning method it is reported as (inference_int8/_int4).
    planned_as: MethodId | None = None


def check_params(params_b: Decimal, catalogue: Catalogue) -> Decimal:
    cat = catalogue
    if not params_b.is_finite() or params_b <= 0 or params_b > cat.limits.max_params_b:
        raise InvalidModelSize(params_b=params_b, max_params_b=cat.limits.max_params_b)
    return params_b


def memory(method_id: MethodId, params_b: Decimal, catalogue: Catalogue) -> Memory:
    """Floor, planning estimate and (for AdamW) the top of the published range."""
    cat = catalogue
    return cat.memoised(("memory", method_id, str(params_b)), lambda: _memory(method_id, params_b, cat))


def _memory(method_id: MethodId, params_b: Decimal, cat: Catalogue) -> Memory:
    check_params(params_b, cat)
    method = cat.method(method_id)
    floor = None if method.floor_gb_per_b is None else params_b * method.floor_gb_per_b
    high = None if method.high_gb_per_b is None else params_b * method.high_gb_per_b
    estimate = params_b * method.estimate_gb_per_b
    if method.bits_per_weight is not None:
        # A GGUF type's bits (four significant digits) do not make the figure more precise
        # than the 0.1 GB the detailed estimate is given in.
        tenth = Decimal("0.1")
        floor = None if floor is None else floor.quantize(tenth, rounding=ROUND_HALF_UP)
        estimate = estimate.quantize(tenth, rounding=ROUND_HALF_UP)
    notes: list[Note] = [note("planning_rule")]
    if method.kind == "training":
        notes.append(note("activations_extra"))
    else:
        notes.append(note("kv_cache_extra"))
    if floor is not None and high is not None:  # a published range (AdamW's 16-18 bytes)
        notes.append(note("adamw_range", low_gb=floor, high_gb=high))
    return Memory(
        method=method_id,
        params_b=params_b,
        floor_gb=floor,
        estimate_gb=estimate,
        high_gb=high,
        notes=tuple(notes),
        floor_fits_note=method.floor_fits_note,
        planned_as=method.planned_as,
    )
