"""Detailed GPU-memory estimator: where the memory of a run goes and how its settings (sequence
length, batch, checkpointing, LoRA rank and targets, precision, optimizer, offload, attention)
move it. The answer leads with it when the user states settings (bot.answer); the planning
rules of DESIGN.md §1 lead otherwise.

Every constant comes from rules/data/detailed.toml with its source. Internals use float bytes;
the public result is a Breakdown of named terms in GB (10^9 bytes), Decimal, 0.1 GB resolution.

Model of a training step (per GPU):
  static  = weights (+ fp32 master) + optimizer states + LoRA adapters (+ FSDP gathered layers,
            dequantization buffer, CUDA context)
  dynamic = activations (+ logits) and gradients. Without gradient accumulation the backward
            pass frees each layer's activations as it produces that layer's gradients, so the
            peak is the larger of the two rather than their sum (an explicit negative
            "backward_overlap" term); with accumulation the gradients of the previous
            micro-batch are alive during the next forward pass and both count in full.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from functools import cache, lru_cache
from operator import itemgetter
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rules import data_files
from rules.catalogue import load_catalogue
from rules.errors import DataError, InvalidModelSize, UnknownMethod
from rules.model_catalogue import Architecture, ModelSpec
from rules.notes import Note  # built directly: note()'s keyword call costs a third more
from rules.schema import Method

__all__ = [
    "Breakdown",
    "CheckpointSize",
    "Constants",
    "Kernels",
    "Parallel",
    "Term",
    "estimate_inference",
    "estimate_training",
    "load_constants",
    "method_spec",
    "resolve_shape",
    "training_checkpoint",
]

Precision = Literal["mixed", "bf16", "fp32"]
OptimizerName = Literal[
    "adamw", "adamw_foreach", "adam8bit", "paged_adamw", "paged_adam8bit", "adafactor", "lion",
    "lion8bit", "sgd", "sgd_momentum",
]
LossImpl = Literal["eager", "fused", "chunked", "cut", "flash_ce"]
Kernels = Literal["unsloth", "liger"]
Parallel = Literal["sharded", "ddp", "device_map", "zero1", "zero2"]


# LoRA target groups users name; "all" = every linear layer of the blocks (QLoRA paper §4).
_ATTN = ("q_proj", "k_proj", "v_proj", "o_proj")
_MLP = ("gate_proj", "up_proj", "down_proj")
_QKV = ("q_proj", "k_proj", "v_proj")  # one input: one fused linear in LitGPT
_TARGET_GROUPS: dict[str, tuple[str, ...]] = {
    "all": _ATTN + _MLP,
    "all_linear": _ATTN + _MLP,
    "attention": _ATTN,
    "mlp": _MLP,
    "qv": ("q_proj", "v_proj"),
}
_GB = 1e9
_TENTH_GB = Decimal("0.1")  # the breakdown's resolution
_TENTH_BYTES = 1e8
# _gb's direct form: tenths below 10^9 (10^8 GB) carry a float error far below 10^-4.
_FAST_TENTHS = 1e9
_HALF_LOW, _HALF_HIGH = 0.4999, 0.5001


# ----------------------------------------------------------------------------- constants


class _Constant(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    value: Decimal
    source: str = Field(min_length=3)
    verified: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")


class Constants(BaseModel):
    """The values of rules/data/detailed.toml (floats for arithmetic)."""

    model_config = ConfigDict(frozen=True)
    values: dict[str, float]
    sources: dict[str, str]

    def __getitem__(self, key: str) -> float:
        try:
            return self.values[key]
        except KeyError:
            raise DataError(f"rules/data/detailed.toml: missing constant {key!r}") from None


@cache
def _table() -> dict[str, float]:
    """The constants by key, which the estimator reads some twenty-five times an estimate: a
    plain dict, as a subclass's subscript (with __missing__ for a data error) went through a
    Python-level slot call, 2 % of an estimate (tests/test_speed39.py checks that every
    constant the estimator reads is on file, so none is missing)."""
    return dict(load_constants().values)


@cache
def load_constants() -> Constants:
    doc = data_files.document("detailed.toml")
    values: dict[str, float] = {}
    sources: dict[str, str] = {}
    for section, entries in doc.items():
        if not isinstance(entries, dict):
            raise DataError(f"rules/data/detailed.toml: [{section}] is not a table")
        for name, raw in entries.items():
            key = f"{section}.{name}"
            try:
                const = _Constant.model_validate(raw)
            except ValidationError as exc:
                raise DataError(f"rules/data/detailed.toml: {key}: {exc}") from exc
            if not const.value.is_finite() or const.value <= 0:
                raise DataError(f"rules/data/detailed.toml: {key} must be positive")
            values[key] = float(const.value)
            sources[key] = const.source
    return Constants(values=values, sources=sources)


# ----------------------------------------------------------------------------- result


@dataclass(slots=True)
class Term:
    """One named part of the per-GPU peak, in GB. A dataclass: about ten a breakdown and
    several breakdowns a detailed question; Breakdown takes them as they are."""

    name: str
    gb: Decimal
    note: str = ""


@dataclass(slots=True)
class Breakdown:
    """Where the memory of one run goes. Terms are per GPU and add up to per_gpu_gb. A
    dataclass: a detailed question makes one per GPU count it estimates."""

    kind: Literal["training", "inference"]
    method: str
    model_id: str | None
    params_b: Decimal
    gpus: int
    per_gpu_gb: Decimal
    # What the estimate assumed: codes + values, like rules.notes (the bot words them).
    assumptions: tuple[Note, ...]
    # The named parts in bytes per GPU (name, bytes, note), in the order they add up: `terms`
    # rounds them to GB when first read. Most estimates of a detailed question only decide
    # whether an offered configuration fits (per_gpu_gb) and never read them.
    parts: tuple[tuple[str, float, str], ...] = ()
    # With CPU offload: what the offloaded terms would take on the GPUs, summed over every GPU
    # of the run, now held in CPU RAM (ZeRO-Offload, FSDP CPUOffload); None without offload.
    host_offload_gb: Decimal | None = None
    _terms: tuple[Term, ...] | None = field(default=None, compare=False, repr=False)
    # The per-GPU peak and the CUDA context in bytes (the sum of parts, and its cuda_context
    # part), which total_gb and allocator_gb round when read (no reply reads them; the
    # calibration report and its tests do).
    per_gpu_bytes: float = field(default=0.0, compare=False, repr=False)
    context_bytes: float = field(default=0.0, compare=False, repr=False)
    # Training: the smaller of the loss's and one layer's backward transients, both counted in
    # the peak but never allocated at once (a reserved peak may hold both: the caching
    # allocator keeps freed blocks); allocated_gb leaves it out.
    sequential_bytes: float = field(default=0.0, compare=False, repr=False)

    @property
    def trained_share(self) -> Decimal | None:
        """The share of the layers that train when only the last ones do (mlx_lm.lora's
        --num-layers, the trained_layers note), else None: what the time's FLOPs count the
        backward pass through (rules.training_time)."""
        for note in self.assumptions:
            if note.code == "trained_layers":
                layers, of = note.params["layers"], note.params["of"]
                assert isinstance(layers, int) and isinstance(of, int)
                return Decimal(layers) / Decimal(of)
        return None

    @property
    def total_gb(self) -> Decimal:
        """The whole run: the per-GPU peak times the GPUs."""
        return _gb(self.per_gpu_bytes * self.gpus)

    @property
    def allocator_gb(self) -> Decimal:
        """The per-GPU peak without the CUDA context: what torch.cuda.max_memory_* reports."""
        return _gb(self.per_gpu_bytes - self.context_bytes)

    @property
    def allocated_gb(self) -> Decimal:
        """The per-GPU peak torch.cuda.max_memory_allocated reports: allocator_gb without the
        smaller of the loss's and a layer's backward transients, which run one after the
        other."""
        return _gb(self.per_gpu_bytes - self.context_bytes - self.sequential_bytes)

    @property
    def terms(self) -> tuple[Term, ...]:
        terms = self._terms
        if terms is None:
            terms = tuple(Term(n, _gb(b), note) for n, b, note in self.parts)
            self._terms = terms  # a cache of parts only
        return terms

    def term(self, name: str) -> Decimal:
        if self._terms is None:  # one term, without rounding the others
            for n, nbytes, _ in self.parts:
                if n == name:
                    return _gb(nbytes)
            return Decimal(0)
        for t in self.terms:
            if t.name == name:
                return t.gb
        return Decimal(0)


def _gb(nbytes: float) -> Decimal:
    """GB at 0.1 resolution: the shortest decimal of nbytes / 10^9 rounded half up.

    A dozen a breakdown: the exact form (repr, then quantize) costs three times the direct
    one, which counts tenths of GB in a float and takes its whole part. The two differ only
    when the tenths are within float error of a half (a tie the exact form rounds by its
    digits): within 10^-4 of one, and for what is not a positive size, the exact form."""
    tenths = nbytes / _TENTH_BYTES
    if 0.0 < tenths < _FAST_TENTHS:
        whole = int(tenths)
        frac = tenths - whole
        if not _HALF_LOW < frac < _HALF_HIGH:
            return Decimal(whole + (frac > 0.5)).scaleb(-1)
    return _gb_exact(nbytes)


def _gb_exact(nbytes: float) -> Decimal:
    return Decimal(repr(nbytes / _GB)).quantize(_TENTH_GB, rounding=ROUND_HALF_UP)


_part_bytes = itemgetter(1)  # a part's bytes


def _finish(
    kind: Literal["training", "inference"],
    method: str,
    shape: _Shape,
    gpus: int,
    parts: list[tuple[str, float, str]],
    context_bytes: float,
    assumptions: list[Note],
    host_bytes: float | None = None,
    sequential_bytes: float = 0.0,
) -> Breakdown:
    per_gpu = sum(map(_part_bytes, parts))  # as sum() adds them: no comprehension's frame
    # In the order of Breakdown's fields: by keyword, the call cost twice as much.
    return Breakdown(kind, method, shape.model_id, _params_b(shape.params), gpus, _gb(per_gpu),
                     tuple(assumptions), tuple(parts),
                     None if host_bytes is None else _gb(host_bytes), None, per_gpu,
                     context_bytes, sequential_bytes)


@lru_cache(maxsize=256)  # the shape's: the same for every estimate of a question
def _params_b(params: float) -> Decimal:
    return Decimal(repr(round(params / _GB, 3)))


# ----------------------------------------------------------------------------- model shape


class _Dims:
    """The architecture's sizes a training estimate reads, as plain attributes: a pydantic
    model's field costs ~2.5 times a slot to read, and its derived sizes (q_dim, kv_dim,
    active_ffn_width) are properties over several fields; an estimate reads some twenty, a
    question makes up to thirty estimates. Hashed by identity: the per-shape caches below
    take it as their key (the cache holds it, so its id is not reused while cached)."""

    __slots__ = ("_linear", "active_experts", "active_ffn_width", "arch",
                 "attn_logit_softcapping", "gated_mlp", "heads", "hidden", "is_mla", "is_moe",
                 "kv_dim", "layers", "q_dim", "shared_experts", "tied_embeddings", "vocab")

    def __init__(self, arch: Architecture) -> None:
        self.arch = arch
        self.layers = arch.layers
        self.hidden = arch.hidden
        self.heads = arch.heads
        self.vocab = arch.vocab
        self.tied_embeddings = arch.tied_embeddings
        self.q_dim = arch.q_dim
        self.kv_dim = arch.kv_dim
        self.active_ffn_width = arch.active_ffn_width
        self.gated_mlp = arch.gated_mlp
        self.attn_logit_softcapping = arch.attn_logit_softcapping
        self.is_moe = arch.is_moe
        self.is_mla = arch.is_mla
        self.active_experts = arch.active_experts
        self.shared_experts = arch.shared_experts
        self._linear: dict[str, tuple[int, int, int]] | None = None

    def linear_shapes(self) -> dict[str, tuple[int, int, int]]:
        """arch.linear_shapes(), worked out once for the shape: the adapters' count, the
        largest linear and LoRA dropout's inputs all read it (a dozen properties each time).
        Shared: read, never changed."""
        shapes = self._linear
        if shapes is None:
            shapes = self._linear = self.arch.linear_shapes()
        return shapes


@dataclass(frozen=True, slots=True)
class _Shape:
    """What the estimator needs to know about the model, from an architecture or assumed."""

    model_id: str | None
    params: float  # all parameters
    arch: Architecture
    assumed: bool  # arch synthesised from the parameter count
    dims: _Dims = field(init=False, repr=False, compare=False)  # arch's sizes, read fast
    # _split_params: the same for every estimate of the shape, worked out with it (the
    # architecture's block count reads a dozen of its fields and properties).
    split: tuple[float, float] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "dims", _Dims(self.arch))
        if self.assumed:
            split = (self.params, 0.0)  # unknown split: treat all as block weights
        else:
            block = float(self.arch.block_linear_params())
            split = (block, max(0.0, self.params - block))
        object.__setattr__(self, "split", split)


@lru_cache(maxsize=256)  # one question asks it for every GPU count it estimates
def _synthetic_arch(params: float) -> Architecture:
    """A Llama-like shape for a bare parameter count: hidden/layers ≈ 128 and
    params ≈ 12·layers·hidden² (Llama 3 8B: 4096/32; 405B: 16384/126), hidden a multiple of
    128, GQA with 8 KV heads, SwiGLU width 3.5·hidden, 128k vocabulary.

    Heads of 128 dimensions, their count the nearest multiple of the 8 KV heads (at least 8):
    the KV cache is 2·layers·8·128 values per token whatever the size, as in every Llama 2 70B,
    Llama 3.x, Mistral, Qwen2.5 14B+ and Qwen3 config on file (models.toml: 64/8 for Llama 3
    70B, 40/8 for Qwen2.5 14B, 32/8 for Mistral 7B). Only hidden/128 itself is rarely a
    multiple of 8 (a 7B gives 33 heads, a 70B 71): taken as full multi-head attention, their
    cache was 4 to 9 times a real model's. Below 8 heads (under ~0.15B) every head is a KV
    head."""
    hidden = max(128, round((params * 128 / 12) ** (1 / 3) / 128) * 128)
    layers = max(1, round(params / (12 * hidden * hidden)))
    heads = hidden // 128
    kv = min(8, heads)
    head_dim: int | None = None
    if heads > kv:
        heads = max(kv, round(heads / kv) * kv)
        head_dim = 128  # heads·128 is then within 4·128 of hidden
    # Sizes that meet every check of Architecture by construction (heads a multiple of kv,
    # hidden of heads when head_dim is None): copied onto a validated shape, not validated
    # again (a cold question's largest pydantic cost; tests/test_estimator_synthetic.py). As
    # model_copy(update=...) copies it, without its generic path (copy.copy of each slot).
    made = _new(Architecture)
    _set(made, "__dict__", {
        **_LLAMA_LIKE.__dict__, "layers": layers, "hidden": hidden, "heads": heads,
        "kv_heads": kv, "head_dim": head_dim, "intermediate": int(3.5 * hidden),
    })
    _set(made, "__pydantic_extra__", None)
    # The sizes were said to the template already: model_copy's union is this same set.
    _set(made, "__pydantic_fields_set__", set(_LLAMA_LIKE.__pydantic_fields_set__))
    _set(made, "__pydantic_private__", None)
    return made


_new = object.__new__
_set = object.__setattr__  # a frozen model's own __setattr__ refuses


_LLAMA_LIKE = Architecture(
    layers=1, hidden=128, heads=1, kv_heads=1, head_dim=None, intermediate=448, vocab=128256,
    tied_embeddings=False, source="assumed Llama-like shape (no architecture on file)",
)


def resolve_shape(model: ModelSpec | Architecture | Decimal | float | int) -> _Shape:
    """Accept a catalogue entry, an architecture or a parameter count in billions."""
    try:
        return _cached_shape(model)
    except TypeError:  # not hashable (or a signalling NaN): worked out again
        return _resolve_shape(model)


def _resolve_shape(model: ModelSpec | Architecture | Decimal | float | int) -> _Shape:
    if isinstance(model, ModelSpec):
        if model.arch is not None:
            return _Shape(
                model_id=model.id, params=float(model.arch.param_count()), arch=model.arch,
                assumed=False,
            )
        params = float(model.params_b) * _GB
        # Activations scale with the parameters a token goes through (MoE: the active ones).
        shape_params = float(model.active_params_b or model.params_b) * _GB
        return _Shape(model_id=model.id, params=params, arch=_synthetic_arch(shape_params),
                      assumed=True)
    if isinstance(model, Architecture):
        return _Shape(model_id=None, params=float(model.param_count()), arch=model, assumed=False)
    params_b = float(model)
    if not math.isfinite(params_b) or params_b <= 0:
        raise InvalidModelSize(params_b=model)
    return _Shape(model_id=None, params=params_b * _GB, arch=_synthetic_arch(params_b * _GB),
                  assumed=True)


# A detailed question resolves its model's shape for every estimate it makes and again to
# word it: once. Equal sizes (70, 70.0) make equal shapes.
_cached_shape = lru_cache(maxsize=256)(_resolve_shape)


def _split_params(shape: _Shape) -> tuple[float, float]:
    """(block linear weights, everything else: embeddings, head, norms)."""
    return shape.split


@cache
def _mlx_bits_per_weight() -> float | None:
    """A 4-bit MLX model's bits a weight with its group's scale and bias (quant_types.toml
    mlx_affine: 4.5), None without that table."""
    affine = load_catalogue().mlx
    bits = affine.bits_per_weight(4) if affine is not None else None
    return float(bits) if bits is not None else None


@lru_cache(maxsize=256)  # the shape's, the same for every GPU count estimated
def _largest_linear(dims: _Dims) -> int:
    arch = dims.arch
    largest = 0  # a loop: a generator's frames cost more than the products (once a question)
    for shapes in (dims.linear_shapes(), arch.dense_mlp_shapes()):
        for fan_in, fan_out, _ in shapes.values():
            if fan_in * fan_out > largest:
                largest = fan_in * fan_out
    return largest


def _largest_tensor(dims: _Dims) -> int:
    return max(_largest_linear(dims), dims.vocab * dims.hidden)


# Multi-head latent attention has no q/k/v projections of its own: a target naming them
# adapts the projections that make queries, and keys and values, from their latents.
_MLA_TARGETS: dict[str, tuple[str, ...]] = {
    "q_proj": ("q_proj", "q_a_proj", "q_b_proj"),
    "k_proj": ("kv_a_proj_with_mqa", "kv_b_proj"),
    "v_proj": ("kv_a_proj_with_mqa", "kv_b_proj"),
}


def _arch_targets(arch: Architecture, targets: Sequence[str]) -> tuple[str, ...]:
    if arch.fused_experts:
        # Every MLP is the stacked experts, which no LoRA target by name reaches.
        return tuple(t for t in targets if t not in _MLP)
    if not arch.is_mla:
        return tuple(targets)
    return tuple(dict.fromkeys(n for t in targets for n in _MLA_TARGETS.get(t, (t,))))


def _adapter_sum(shapes: dict[str, tuple[int, int, int]], rank: int,
                 targets: Sequence[str], min_size: int = 0) -> int:
    """The adapter parameters of the targets (A: rank x fan-in, B: fan-out x rank), of the
    matrices of at least min_size elements only (those bitsandbytes' 8-bit optimizers keep in
    8 bits)."""
    total = 0
    for name in targets:
        shape = shapes.get(name)
        if shape is not None:
            fan_in, fan_out, copies = shape
            a, b = rank * fan_in, rank * fan_out  # the two matrices' sizes
            total += ((a if a >= min_size else 0) + (b if b >= min_size else 0)) * copies
    return total


@lru_cache(maxsize=256)  # the same for every GPU count estimated
def _lora_params(dims: _Dims, rank: int, targets: Sequence[str],
                 min_size: int = 0, trained: int | None = None) -> int:
    """The adapter parameters of every layer, or of the last `trained` layers (mlx_lm's
    --num-layers: the dense layers of a mixture of experts come first)."""
    arch = dims.arch
    names = _arch_targets(arch, targets)
    total = _adapter_sum(dims.linear_shapes(), rank, names, min_size)
    last = arch.layers if trained is None else min(trained, arch.layers)
    if not arch.dense_layers:
        return total * last
    dense = arch.attention_shapes() | arch.dense_mlp_shapes()
    moe = min(last, arch.moe_layers)
    return (total * moe
            + _adapter_sum(dense, rank, names, min_size) * min(last - moe, arch.dense_layers))


def _int8_row_scale_bytes(shape: _Shape, c: Mapping[str, float]) -> float:
    """The FP32 scale of every output row of the block linears (LLM.int8's vector-wise
    quantization); none counted for an assumed shape, whose rows are unknown."""
    if shape.assumed:
        return 0.0
    rows = sum(fan_out * copies for _, fan_out, copies in shape.dims.linear_shapes().values())
    return float(rows * shape.arch.layers) * c["bytes.int8_row_scale"]


def _resolve_targets(targets: str | Sequence[str]) -> tuple[str, ...]:
    if isinstance(targets, str):
        key = targets.lower().replace("-", "_")
        if key in _TARGET_GROUPS:
            return _TARGET_GROUPS[key]
        targets = [t.strip() for t in key.split(",") if t.strip()]
    aliases = {"q": "q_proj", "k": "k_proj", "v": "v_proj", "o": "o_proj",
               "output_proj": "o_proj", "gate": "gate_proj", "up": "up_proj",
               "down": "down_proj", "w1": "gate_proj", "w3": "up_proj", "w2": "down_proj"}
    out: list[str] = []
    for t in targets:
        key = t.lower()
        if key in _TARGET_GROUPS:
            out.extend(_TARGET_GROUPS[key])
        else:
            out.append(aliases.get(key, key))
    return tuple(dict.fromkeys(out))


@lru_cache(maxsize=256)  # the same for every GPU count and most remedies of a question
def _activation_bytes_per_token_layer(
    arch: _Dims, seq_len: int, flash: bool, compiled: bool,
    kernels: Kernels | None = None, mlx: bool = False, low_precision_norms: bool = False,
) -> float:
    """Bytes kept for backward per token and layer (Korthikanti §4.1 count, shape-aware).
    Unsloth's and Liger's fused SwiGLU keep fewer MLP-width tensors, and their RMSNorm no
    float32 copy. mlx: MLX training, whose attention always runs unfused (its BF16 softmax
    output kept for backward, activations.mlx_attention_scores), whatever `flash` says, and
    whose fused RMSNorm keeps no float32 copy. low_precision_norms: the norms run in the
    16-bit compute dtype with autocast off (llm-foundry's LPLayerNorm), no float32 copy."""
    c = _table()
    h, q, kv = arch.hidden, arch.q_dim, arch.kv_dim
    width = arch.active_ffn_width
    mlp_tensors = 4 if arch.gated_mlp else 2
    if kernels is not None and arch.gated_mlp:
        mlp_tensors = int(c[f"activations.{kernels}_mlp_tensors"])
    compiled = compiled or kernels is not None
    bf16 = c["bytes.bf16"]
    norms = 2 * bf16 * h
    attention = bf16 * (h + 2 * q + 2 * kv)
    mlp = bf16 * (h + mlp_tensors * width)
    total = norms + attention + mlp
    if not (compiled or mlx or low_precision_norms):
        # MLX's nn.RMSNorm is mx.fast.rms_norm, one Metal kernel whenever it runs on the GPU
        # (RMSNorm::use_fallback: 's.device == Device::cpu', ml-explore/mlx @846d1762
        # mlx/backend/metal/normalization.cpp), whose RMSNormVJP takes the BF16 input, the
        # weight and the cotangent: no FP32 copy is kept.
        total += 2 * c["activations.eager_norm_fp32_copy"] * h
    if mlx and not arch.attn_logit_softcapping:
        # MLX falls back to unfused attention whenever gradients are traced: no fused kernel
        # to choose, so the scores are held whether or not FlashAttention was asked.
        total += c["activations.mlx_attention_scores"] * arch.heads * seq_len
    elif not flash:
        scores = c["activations.softcapped_attention_scores" if arch.attn_logit_softcapping
                   else "activations.korthikanti_attention_scores"]
        total += scores * arch.heads * seq_len
    return total


def _frozen_inputs_bytes(arch: _Dims, targets: tuple[str, ...], c: Mapping[str, float]) -> float:
    """Bytes a token and layer that the activation count keeps for weights that do not train:
    autograd saves a linear's input only to compute its weight's gradient, so a frozen linear
    with no LoRA adapter reading the same input keeps none (PyTorch's derivative formulas save
    `self` of mm/addmm only when the weight needs a gradient; PEFT's LoRA branch,
    lora_A(dropout(x)), keeps x where it adapts). The q/k/v projections share one input (kept
    when any of them is adapted), the MLP's gate and up projections another, and the down
    projection reads the MLP-width product; the tensors the attention kernel, the activation
    and the product save for their own backward stay (the o projection's input is
    FlashAttention's saved output)."""
    bf16 = c["bytes.bf16"]
    out = 0.0
    if not any(t in targets for t in _QKV):
        out += bf16 * arch.hidden
    if not any(t in targets for t in ("gate_proj", "up_proj")):
        out += bf16 * arch.hidden
    if "down_proj" not in targets:
        out += bf16 * arch.active_ffn_width
    return out


def _fused_linear_ce_bytes(arch: _Dims, tokens: float, kernels: Kernels,
                           c: Mapping[str, float], free_bytes: float | None = None) -> float:
    """A fused linear cross-entropy never stores the whole logits: the gradient of the final
    hidden states (computed in forward) plus one chunk of logits in flight. free_bytes: the
    GPU memory free when Unsloth sizes its chunks (None: not known, its 4 GiB cap)."""
    grad_input = tokens * arch.hidden * c["activations.fused_ce_grad_input_bytes"]
    if kernels == "liger":
        # liger_kernel: chunk = next_power_of_2(ceil(BT / ceil(V / H))) rows, at most BT.
        inc = math.ceil(arch.vocab / arch.hidden)
        rows = min(tokens, float(2 ** math.ceil(math.log2(max(1.0, math.ceil(tokens / inc))))))
        return grad_input + rows * arch.vocab * c["activations.liger_flce_logit_bytes"]
    # unsloth_zoo: chunks of float32 logits under 4 GiB, their count a multiple of 4.
    fp32 = tokens * arch.vocab * c["bytes.fp32"]
    cap = c["activations.unsloth_ce_chunk_cap_gib"] * 2**30
    if free_bytes is not None:
        cap = min(cap, max(0.0, free_bytes) * c["activations.unsloth_ce_free_share"])
    # Nothing free: Unsloth refuses; one row a chunk keeps the estimate monotonic.
    chunks = (max(1.0, tokens) if cap <= 0
              else 1 if fp32 <= cap else 4 * math.ceil(fp32 / cap / 4))
    return grad_input + tokens / chunks * arch.vocab * c["activations.fused_ce_chunk_logit_bytes"]


_ONE_STATE_LABELS: dict[str, str] = {
    "lion": "Lion momentum (bitsandbytes, FP32)", "lion8bit": "Lion momentum (8-bit)",
    "sgd": "plain SGD: no state", "sgd_momentum": "SGD momentum buffer",
}


def _one_state_bytes(optimizer: str, bf16_params: bool, c: Mapping[str, float]) -> float:
    """Bytes a parameter of the optimizers with one state or none: bitsandbytes' Lion (FP32
    or 8-bit whatever the parameter's dtype), torch's SGD (a momentum buffer in the gradient's
    dtype with momentum, nothing without)."""
    if optimizer == "lion":
        return c["training.lion_states"]
    if optimizer == "lion8bit":
        return c["training.lion8bit_states"]
    if optimizer == "sgd":
        return 0.0
    return c["training.sgd_momentum_buffers"] * c["bytes.bf16" if bf16_params else "bytes.fp32"]


# A term's note worded from constants: the same few strings for every estimate.
@dataclass(frozen=True, slots=True)
class CheckpointSize:
    """What one training checkpoint holds on disk, in GB: the trained weights as saved (the
    whole model in a full fine-tune, the adapters alone with LoRA) and the optimizer states
    saved beside them so that training can resume (the Hugging Face Trainer's optimizer.pt,
    torchtune's recipe_state.pt)."""

    weights_gb: Decimal
    optimizer_gb: Decimal

    @property
    def total_gb(self) -> Decimal:
        return self.weights_gb + self.optimizer_gb


def training_checkpoint(
    model: ModelSpec | Architecture | Decimal | float | int,
    method: Method | str,
    lora_rank: int = 16,
    *,
    lora_targets: str | Sequence[str] = "all",
    precision: Precision | None = None,
    optimizer: OptimizerName | None = None,
    bf16_adapters: bool = False,
) -> CheckpointSize:
    """One checkpoint of a training run, from the same terms as its memory: a full fine-tune
    saves the weights it updates (the FP32 master copy under mixed precision, as the Trainer's
    model holds them; the BF16 weights in pure BF16) and its optimizer states, whole (one
    GPU's estimate: nothing sharded); LoRA saves its adapters (FP32, or BF16 as torchtune
    builds them) and their AdamW (or 8-bit Adam) states."""
    spec = method_spec(method, "training")
    if not spec.adapter:
        breakdown = estimate_training(model, spec, 1, 1, True, lora_rank, 1,
                                      precision=precision, optimizer=optimizer)
        master = breakdown.term("master_weights")
        return CheckpointSize(master if master > 0 else breakdown.term("weights"),
                              breakdown.term("optimizer_states"))
    c = _table()
    shape = resolve_shape(model)
    adapters = float(_lora_params(shape.dims, lora_rank, _resolve_targets(lora_targets)))
    if optimizer is None and spec.optimizer is not None:
        optimizer = spec.optimizer
    weights = adapters * (c["bytes.bf16"] if bf16_adapters else c["bytes.fp32"])
    if optimizer in ("adam8bit", "paged_adam8bit"):
        states = adapters * c["training.adam8bit_states"]
    else:
        states = adapters * c["training.adamw_bf16_states" if bf16_adapters
                              else "training.adamw_fp32_states"]
    return CheckpointSize(_gb(weights), _gb(states))


@cache
def _logits_label(logit_bytes: float, loss_impl: str) -> str:
    return f"s·b·V x {logit_bytes:g} B ({loss_impl} loss)"


@cache
def _gathered_label(layers: float) -> str:
    return f"{layers:g} all-gathered layers in flight"


def method_spec(method: Method | str, kind: str) -> Method:
    """The method's attributes; an id is looked up in the packaged methods (the bot passes the
    catalogue's own Method)."""
    if isinstance(method, str):
        method = load_catalogue().method(method)
    if method.kind != kind:
        raise UnknownMethod(method=method.id)
    return method


class _Prepared:
    """What every training estimate of one model under one method and one set of adapter and
    loading settings shares: the model's sizes and parameter split, the frozen base's bytes
    and the adapters' (before any sharding), and the notes they make. A detailed question
    estimates its run for every GPU count it offers and every remedy combination it tries
    (some fifteen, up to thirty estimates): that work is done once (_prepare), and each
    estimate assembles its terms from it, by the same arithmetic in the same order."""

    __slots__ = ("adapter_bytes", "adapter_label", "adapters", "arch", "block", "c",
                 "eight_bytes", "eight_label", "frozen", "frozen_inputs", "frozen_label",
                 "frozen_note", "full",
                 "int8_base", "layers_trained", "lead_notes", "n", "n_train", "notes",
                 "quantized_base", "rest", "shape", "spec", "targets", "targets_note",
                 "trained")
    # All parameters (with an untied head's), the block linears', the rest; the layers and
    # parameters that train; the notes the model makes (untied head, assumed shape).
    n: float
    block: float
    rest: float
    layers_trained: int
    n_train: float
    lead_notes: tuple[Note, ...]
    # Adapter methods only: the frozen base whole (bytes, label, note), the adapters'
    # targets, count (of the trained layers), bytes with AdamW and label.
    frozen: float
    frozen_label: str
    frozen_note: Note | None
    targets: tuple[str, ...]
    trained: int | None
    adapters: int
    adapter_bytes: float
    adapter_label: str
    targets_note: Note | None
    # The bytes a token and layer keeps for the frozen linears no adapter reads
    # (_frozen_inputs_bytes of the targets): taken off the activations of every estimate of
    # 4-bit or 16-bit adapters without fused kernels, the same each time.
    frozen_inputs: float
    eight_bytes: float | None
    eight_label: str
    # The notes with values its estimates make (the run's settings, its GPUs, the
    # precision), by code and values: the same few for a question's dozen estimates.
    notes: dict[tuple[str | int | bool, ...], Note]

    def __init__(self, spec: Method, shape: _Shape) -> None:
        self.spec, self.shape, self.arch, self.c = spec, shape, shape.dims, _table()
        self.full, self.int8_base = spec.full, spec.int8_base
        self.quantized_base = spec.quantized_base
        self.frozen_note = self.targets_note = None
        self.eight_bytes = None  # the adapters' bytes under 8-bit Adam: worked out when asked
        self.eight_label = ""
        self.notes = {}

    def eight_bit_adapters(self, lora_rank: int, bf16_adapters: bool) -> tuple[float, str]:
        """The adapters' bytes and label with bitsandbytes' 8-bit Adam, which keeps m and v
        in one byte each for every matrix of at least min_8bit_size elements, in FP32 for
        the smaller ones."""
        if self.eight_bytes is None:
            c = self.c
            eight = _lora_params(self.arch, lora_rank, self.targets,
                                 int(c["training.adam8bit_min_size"]), self.trained)
            self.eight_bytes = self.adapter_bytes - eight * (
                c["training.adamw_bf16_states" if bf16_adapters else "training.adamw_fp32_states"]
                - c["training.adam8bit_states"])
            self.eight_label = (f"{self.adapters / 1e6:.1f}M trainable params: weights and grads "
                                f"{'BF16' if bf16_adapters else 'FP32'}, "
                                f"8-bit Adam states for {eight / 1e6:.1f}M")
        return self.eight_bytes, self.eight_label


@lru_cache(maxsize=256)  # per question: its GPU counts and remedy combinations share one
def _prepare(
    model: ModelSpec | Architecture | Decimal | float | int, method: Method | str,
    lora_rank: int, lora_targets: str | Sequence[str], trained_layers: int | None,
    untie_head: bool, mlx: bool, quantized_head: bool, kbit_fp32: bool, double_quant: bool,
    bf16_adapters: bool, fp32_weights: bool,
) -> _Prepared:
    """estimate_training's part that no GPU count, sharding, offload, precision, optimizer,
    batch, sequence, checkpointing, attention or kernel changes (see estimate_training for
    the settings)."""
    spec = method_spec(method, "training")
    c = _table()
    shape = resolve_shape(model)
    prep = _Prepared(spec, shape)
    arch = shape.dims  # the sizes; arch.arch the Architecture
    n = float(shape.params)
    bf16 = c["bytes.bf16"]
    notes: list[Note] = []
    block, rest = _split_params(shape)
    # The blocks that train and hold activations for backward (all unless trained_layers).
    layers_trained = arch.layers if trained_layers is None else max(
        1, min(trained_layers, arch.layers))
    if untie_head and arch.tied_embeddings and not shape.assumed:
        head = float(arch.vocab * arch.hidden)
        n += head
        rest += head
        notes.append(Note("untied_head", {"params_m": round(head / 1e6)}))

    if shape.assumed:
        notes.append(Note("shape_assumed", {
            "layers": arch.layers, "hidden": arch.hidden, "vocab": arch.vocab}))
    prep.n, prep.block, prep.rest, prep.lead_notes = n, block, rest, tuple(notes)
    prep.layers_trained = layers_trained
    # The weights that train: every one, or the last blocks' alone (trained_layers).
    prep.n_train = n if layers_trained == arch.layers else block * layers_trained / arch.layers
    if prep.full:
        return prep
    # The frozen base, whole (each estimate shards it).
    quantized_base = prep.quantized_base
    mlx_bits = _mlx_bits_per_weight() if quantized_base and mlx else None
    if mlx_bits is not None:
        prep.frozen = n * mlx_bits / 8
        prep.frozen_label = (f"MLX 4-bit affine weights ({mlx_bits:.3f} bits/param), "
                             "linear layers and embeddings")
        prep.frozen_note = Note("qlora_mlx", {"bits": Decimal(repr(mlx_bits))})
    elif quantized_base:
        bits = 8 * c["bytes.nf4"] + c[
            "bits.quant_constants_double" if double_quant else "bits.quant_constants_plain"
        ]
        kept = c["bytes.fp32"] if kbit_fp32 else bf16
        # A head of its own (untied, or LitGPT's copy of tied embeddings) quantized.
        head_4bit = (float(arch.vocab * arch.hidden)
                     if quantized_head and not shape.assumed
                     and (untie_head or not arch.tied_embeddings) else 0.0)
        prep.frozen = (block + head_4bit) * bits / 8 + (rest - head_4bit) * kept
        prep.frozen_label = (f"NF4 block weights ({bits:.3f} bits/param), embeddings/norms "
                             + ("fp32" if kbit_fp32 else "bf16"))
        prep.frozen_note = Note("qlora_nf4", {"double_quant": int(double_quant)})
    elif prep.int8_base:
        # LLM.int8 (bitsandbytes Linear8bitLt): int8 block weights and one FP32 scale per
        # output row (int8_vectorwise_quant's row stats); embeddings, head and norms stay
        # in the compute dtype.
        scales = _int8_row_scale_bytes(shape, c)
        prep.frozen = block * c["bytes.int8"] + scales + rest * (
            c["bytes.fp32"] if kbit_fp32 else bf16)
        prep.frozen_label = ("int8 block weights + FP32 row scales (LLM.int8), "
                             "embeddings/norms bf16")
        prep.frozen_note = Note("lora_int8")
    elif fp32_weights:
        prep.frozen = n * c["bytes.fp32"]
        prep.frozen_label = "frozen fp32 base (loaded without torch_dtype)"
        prep.frozen_note = Note("fp32_weights")
    else:
        prep.frozen = n * bf16
        prep.frozen_label = "frozen bf16 base"
    targets = prep.targets = _resolve_targets(lora_targets)
    prep.frozen_inputs = _frozen_inputs_bytes(arch, targets, c)
    trained = prep.trained = None if layers_trained == arch.layers else layers_trained
    adapters = prep.adapters = _lora_params(arch, lora_rank, targets, 0, trained)
    if bf16_adapters:
        per_param = (bf16 + c["training.gradients_bf16"]
                     + c["training.adamw_bf16_states"])
        prep.adapter_bytes = adapters * per_param
        prep.adapter_label = (f"{adapters / 1e6:.1f}M trainable params x {per_param:g} B "
                              "(BF16 weights, grads, AdamW)")
    else:
        prep.adapter_bytes = adapters * c["training.adapter_bytes_per_param"]
        prep.adapter_label = (f"{adapters / 1e6:.1f}M trainable params x 16 B "
                              "(weights, grads, AdamW)")
    prep.targets_note = Note("lora_targets", {"rank": lora_rank, "targets": ",".join(targets)})
    return prep


# ----------------------------------------------------------------------------- training


# The notes without values a training estimate makes: built once (a Note's default dict costs as
# much as the rest of its construction), shared by the breakdowns as their other notes are.
_NOTES: dict[str, Note] = {code: Note(code) for code in (
    "cpu_offload", "paged_optimizer", "optimizer_in_backward", "unsloth_offloaded_checkpoints",
    "lora_dropout_fused_qkv", "lora_dropout", "softcapped_scores", "activation_offload",
    "bnb_saved_inputs", "no_grad_accumulation", "grad_accumulation")}


@lru_cache(maxsize=4096)  # pure: the same question's estimate is asked again and again
def estimate_training(
    model: ModelSpec | Architecture | Decimal | float | int,
    method: Method | str,
    seq_len: int,
    micro_batch: int,
    grad_ckpt: bool,
    lora_rank: int = 16,
    gpus: int = 1,
    # Passed by keyword (bot.detail, tests), yet not keyword-only: CPython fills a
    # keyword-only default with a dict look-up each, 38 a call (~4 % of an estimate), a
    # positional one from the defaults tuple.
    lora_targets: str | Sequence[str] = "all",
    precision: Precision | None = None,
    optimizer_paged: bool = False,
    optimizer_in_backward: bool = False,
    grad_accumulation: bool = True,
    flash_attention: bool = True,
    compiled: bool = False,
    loss: LossImpl | None = None,
    double_quant: bool = True,
    optimizer: OptimizerName | None = None,
    cpu_offload: bool = False,
    activation_offload: bool = False,
    fp32_weights: bool = False,
    vram_per_gpu_gb: float | None = None,
    zero3: bool = False,
    fsdp: bool = False,
    offload_params: bool = True,
    fsdp_root: bool = True,
    kernels: Kernels | None = None,
    parallel: Parallel = "sharded",
    lora_dropout: bool = False,
    kbit_fp32: bool = False,
    paired: bool = False,
    reference_model: bool = False,
    untie_head: bool = False,
    unsharded_accumulation: bool = False,
    saved_4bit_inputs: bool = False,
    quantized_head: bool = False,
    fp16_quant_state: bool = False,
    fused_qkv: bool = False,
    trained_layers: int | None = None,
    bf16_adapters: bool = False,
    fp32_upcast: bool = False,
    mlx: bool = False,
    trained_embeddings: int = 0,
    low_precision_norms: bool = False,
) -> Breakdown:
    """Per-GPU peak memory of one fine-tuning step.

    model: catalogue entry, Architecture, or parameter count in billions (a Llama-like shape is
      then assumed and said so). method: a training method of rules/data/methods.toml (or its
      id, looked up in the packaged catalogue); its family and weight_bits drive the terms.
    seq_len, micro_batch: tokens per sequence and sequences per GPU per step.
    grad_ckpt: full activation checkpointing (recompute each layer in backward).
    gpus: >1 means FSDP / DeepSpeed ZeRO-3 sharding of weights, gradients and optimizer states.
    precision: "mixed" (fp32 master weights, fp32 gradients; Hugging Face Trainer bf16=True) or
      "bf16" (pure bf16, torchtune). Default: mixed for full fine-tuning.
    grad_accumulation: gradients of a previous micro-batch alive during the forward pass.
    loss: "eager" (fp32 cross-entropy), "fused" (compiled), "chunked" (torchtune chunked CE),
      "cut" (Cut Cross-Entropy, apple/ml-cross-entropy: no logits stored, the hidden states'
      gradient alone) or "flash_ce" (flash-attn's fused Triton cross-entropy, llm-foundry's
      default loss for its MPT models: the 16-bit logits and their 16-bit gradient).
    optimizer: full fine-tuning's optimizer (default AdamW, fused: Hugging Face's default
      with torch 2.8+, torchtune's; "adamw_foreach" is PyTorch's foreach AdamW, whose step
      holds one more tensor the size of the second moment; a method whose
      methods.toml entry says optimizer = "adam8bit" means 8-bit Adam).
      Paged optimizers (bitsandbytes) keep their states on the GPU until it is full, then page
      them to CPU RAM: with `vram_per_gpu_gb` the resident part is capped by what is left.
    cpu_offload: FSDP / ZeRO-3 offload of parameters, gradients and optimizer states to CPU
      RAM: the GPU holds only the layers being computed.
    activation_offload: checkpointed activations are copied to CPU RAM.
    fsdp: PyTorch FSDP named (not "FSDP or ZeRO-3" unsaid): in mixed precision its shards
      stay in FP32 with no 16-bit copy beside them (training.fsdp_mixed_sharded_weights:
      16 bytes a parameter, not ZeRO-3's 18, which the unsaid case keeps).
    zero3: DeepSpeed ZeRO-3 rather than FSDP; with cpu_offload it keeps up to
      stage3_max_live_parameters parameters on the GPU instead of two layers.
    offload_params: with cpu_offload under ZeRO-3, the 16-bit parameters go to CPU RAM too
      (offload_param); False for offload_optimizer alone: the fp32 master copy, the optimizer
      states and the gradient partitions go, the bf16 parameter partition stays on the GPU
      (DeepSpeed's estimate_zero3_model_states_mem_needs, offload_param none: 'gpu_mem =
      largest_layer_memory + int(2 * total_params / total_gpus)'). FSDP's CPUOffload always
      moves the parameters; ZeRO-1/2 never do.
    fp32_weights: the base was loaded without torch_dtype (transformers loads fp32); ignored
      for QLoRA (bitsandbytes loads force fp16 for the modules they do not quantize).
    fsdp_root: under FSDP the embeddings and output head belong to the root unit, which is
      never resharded between forward and backward (Hugging Face Accelerate's transformer
      wrap, Answer.AI's fsdp_qlora); False when they are wrapped as units of their own
      (torchtune's Llama 3 wrap policy).
    kernels: "unsloth" (fused chunked cross-entropy, fused LoRA MLP and RMSNorm, and with
      checkpointing its offloaded gradient checkpointing) or "liger" (Liger Kernel: fused
      linear cross-entropy, SwiGLU and RMSNorm). Their loss replaces `loss`.
    parallel: how several GPUs share the run. "sharded" (FSDP / ZeRO-3, the default);
      "ddp" (DistributedDataParallel: every GPU holds the whole model, its gradients and
      optimizer states, plus DDP's gradient buckets); "device_map" (Accelerate's
      device_map="auto": the layers split over the GPUs, which run one after the other on the
      whole batch; the last one also holds the logits); "zero2" (DeepSpeed ZeRO-2: every GPU
      holds the whole bf16 model, gradients and optimizer states are partitioned; with
      cpu_offload, offload_optimizer: the fp32 master copy, the optimizer states and the gradient
      partitions live in CPU RAM, the weights stay on the GPU); "zero1" (ZeRO-1: only the
      optimizer states and master copy are partitioned). Rajbhandari et al. 2020, Figure 1.
    lora_dropout: LoRA dropout above 0 (PEFT): every adapted linear keeps a dropped-out copy
      of its input and the dropout mask.
    kbit_fp32: PEFT's prepare_model_for_kbit_training on a 4-bit or 8-bit base: every
      parameter left unquantized (embeddings, output head, norms) is cast to fp32 ('cast all
      non INT8 parameters to fp32', peft/utils/other.py). TRL's SFTTrainer casts the
      embeddings and head back to bf16 when training in bf16 (peft_module_casting_to_bf16),
      and torchtune never upcasts: off unless the user names the call.
    paired: preference pairs (DPO, IPO, ORPO, SimPO): the chosen and rejected answers of each
      example go through the model in one forward, twice micro_batch sequences (TRL
      DPOTrainer.concatenated_forward).
    reference_model: a frozen copy of the model gives the reference log-probabilities (DPO,
      IPO, KTO fully fine-tuned; with adapters TRL switches them off instead, no copy).
    untie_head: the framework keeps the output head apart from the embeddings (LitGPT: its
      GPT has lm_head and transformer.wte, and convert_hf_checkpoint copies a tied
      checkpoint's embeddings into lm_head.weight): a model with tied embeddings then holds
      that vocabulary x hidden matrix twice, and trains both in a full fine-tune.
    unsharded_accumulation: gradient accumulation under FSDP's no_sync (Hugging Face
      Accelerate's accumulate() unless sync_each_batch, LitGPT's fabric.no_backward_sync): the
      accumulated gradients stay unsharded on every GPU until the last micro-batch's
      reduce-scatter (PyTorch FSDP.no_sync: 'FSDP will accumulate the full model gradients
      (instead of gradient shards) until the eventual sync'). Full fine-tuning under FSDP.
    saved_4bit_inputs: bitsandbytes before 0.43.2 (#1270, 'fix QLoRA mem bug: delete useless
      buffered activation'): MatMul4Bit kept its input for backward, ctx.tensors = (A, B), so
      every 4-bit linear holds its input as a frozen BF16 linear does not.
    quantized_head: the output head is a 4-bit linear too (LitGPT's BitsandbytesPrecision
      converts every nn.Linear): 4-bit weights, and it is the largest weight dequantized.
    fp16_quant_state: the 4-bit weights were quantized from fp16 (Lightning's
      BitsandbytesPrecision always; bitsandbytes before 0.43.0): each dequantizes to fp16 and
      is copied to bf16 for the matmul, both alive at the transient peak.
    fused_qkv: q, k and v are one linear with one LoRA branch (LitGPT's LoRAQKVLinear): one
      dropout over its input, however many of the three are adapted.
    trained_layers: only the last this many transformer blocks train (mlx_lm's --num-layers:
      'for l in model.layers[-max(args.num_layers, 0):]: l.unfreeze()' for a full fine-tune,
      linear_to_lora_layers over the same blocks for LoRA; ml-explore/mlx-lm mlx_lm/lora.py
      @d78bf58e); the embeddings, the head and the blocks before them stay frozen. Autodiff
      keeps for backward only what lies between a trained weight and the loss: the frozen
      blocks' activations are freed once used. None: every block (and, in a full fine-tune,
      the embeddings and head) trains.
    fp32_upcast: a mixed-precision full fine-tune whose weights are themselves the FP32 copy,
      with no 16-bit copy kept (Unsloth on a card without BF16: 'Float16 full finetuning uses
      more memory since we upcast weights to float32', unslothai/unsloth
      unsloth/models/vision.py @015bdef0; the trainer then runs fp16 autocast over the float32
      weights, 'float16 autocast over float32 master weights is the normal V100/T4 recipe',
      unsloth/models/rl.py @015bdef0). Autocast casts each weight as it is used; its cache
      lives for the forward pass only, not beside the backward pass's FP32 gradients.
    bf16_adapters: the LoRA weights are built in the model's BF16, with BF16 gradients and
      AdamW states (torchtune: its LoRA recipes build the model under
      training.set_default_dtype(self._dtype) and check 'validate_expected_param_dtype(
      self.adapter_params.items(), dtype=self._dtype)'; PEFT and Unsloth keep them FP32).
    trained_embeddings: with adapters, how many vocabulary x hidden matrices (the embedding
      table, the output head) also train in full (PEFT's modules_to_save): each is copied
      beside its frozen original (Unsloth with its checkpointing moves the original to disk
      first) and the copy carries its gradient and optimizer states in the base's dtype
      (training.modules_to_save_copies). Ignored in a full fine-tune, which trains them.
    low_precision_norms: the layer norms cast their input, weight and bias to the autocast
      dtype and run with autocast off (llm-foundry's LPLayerNorm, the norm_type of MPT's
      configs and of its benchmark runs: mosaicml/llm-foundry llmfoundry/models/layers/norm.py
      @495218376, 'downcast_x = _cast_if_autocast_enabled(x)' then F.layer_norm under
      'torch.autocast(enabled=False)'): the norm keeps its BF16 input and per-row statistics,
      no FP32 copy (activations.eager_norm_fp32_copy is not counted).
    mlx: trained with mlx-lm on Apple silicon (mlx_lm.lora). Its QLoRA base is a 4-bit MLX
      model (mlx_lm.convert -q): every linear layer and the embeddings in MLX's affine groups
      (quant_types.toml mlx_affine: 4.5 bits a weight), multiplied packed by
      mx.quantized_matmul, so no weight is dequantized; and, as for MLX inference, no runtime
      context is counted (MLX's peak, mx.get_peak_memory, which mlx_lm.lora prints as "Peak
      mem", is its arrays alone).
    """
    if seq_len < 1 or micro_batch < 1 or gpus < 1 or lora_rank < 1:
        method_spec(method, "training")  # an unknown method is said first
        raise ValueError("seq_len, micro_batch, gpus and lora_rank must be positive")
    prep = _prepare(model, method, lora_rank, lora_targets, trained_layers, untie_head, mlx,
                    quantized_head, kbit_fp32, double_quant, bf16_adapters, fp32_weights)
    spec, shape, arch, c = prep.spec, prep.shape, prep.arch, prep.c
    n, block, rest, n_train = prep.n, prep.block, prep.rest, prep.n_train
    layers_trained = prep.layers_trained
    shard = 1.0 if parallel == "ddp" else float(gpus)
    # ZeRO-1/2 partition what the optimizer owns, never the weights the forward pass uses.
    zero12 = parallel in ("zero1", "zero2")
    # What CPU offload leaves on the GPU: the 16-bit weights stay under ZeRO-1/2 and under
    # ZeRO-3 with offload_optimizer alone.
    keep_weights = zero12 or (zero3 and not offload_params)
    weight_shard = 1.0 if zero12 else shard
    grad_shard = 1.0 if parallel == "zero1" else shard
    full, quantized_base = prep.full, prep.quantized_base
    prec: Precision = precision or ("mixed" if full else "bf16")
    if full and fp32_weights and precision is None:
        prec = "fp32"  # no torch_dtype, no AMP: everything in fp32
    if optimizer is None and spec.optimizer is not None:
        optimizer = spec.optimizer
    opt_name: OptimizerName = optimizer or "adamw"
    if optimizer_paged and not opt_name.startswith("paged"):
        opt_name = "paged_adam8bit" if opt_name == "adam8bit" else "paged_adamw"
    loss_impl: LossImpl = loss or ("fused" if compiled else "eager")
    bf16 = c["bytes.bf16"]
    assumptions: list[Note] = [*prep.lead_notes]
    key: tuple[str | int | bool, ...]  # a note's in prep.notes
    parts: list[tuple[str, float, str]] = []

    # -- weights, master copy, gradients, optimizer states ---------------------------------
    grads = 0.0
    host = 0.0  # per GPU, what CPU offload moves to CPU RAM
    resident = 0.0  # what the optimizer states may occupy: capped later when paged
    # FSDP named (not ZeRO-3, which keeps its 16-bit parameters beside the FP32 partition, nor
    # "FSDP or ZeRO-3" unsaid, held to ZeRO-3's larger figure) on several GPUs in mixed
    # precision: no 16-bit copy of the shards (training.fsdp_mixed_sharded_weights).
    fsdp_mixed = (fsdp and full and prec == "mixed" and not fp32_upcast
                  and parallel == "sharded" and not zero3 and gpus > 1)
    if full:
        if prec == "fp32":
            parts.append(("weights", n * c["bytes.fp32"] / weight_shard, "fp32 weights (no AMP)"))
            grad_bytes = c["bytes.fp32"]
        elif prec == "mixed" and fp32_upcast:
            # the FP32 weights are the master copy; no 16-bit compute copy is kept
            parts.append(("weights", n * c["bytes.fp32"] / weight_shard,
                          "fp32 weights (fp16 autocast, no 16-bit copy)"))
        elif fsdp_mixed:
            # FSDP's mixed precision keeps the sharded parameters in their original FP32,
            # the optimizer's copy; the BF16 ones exist only as the layers gathered for
            # compute (counted below): 16 bytes a parameter with the FP32 gradients and Adam.
            parts.append(("weights", n * c["training.fsdp_mixed_sharded_weights"] / weight_shard,
                          "fp32 sharded weights (FSDP mixed precision: the optimizer's copy)"))
        else:
            parts.append(("weights", n * bf16 / weight_shard, "bf16 compute copy"))
        if prec == "mixed" and not fp32_upcast and not fsdp_mixed:
            parts.append(("master_weights", n_train * c["training.master_weights_fp32"] / shard,
                          "fp32 master copy (mixed precision)"))
        if prec == "mixed":
            # DeepSpeed (ZeRO-1, 2 and 3) runs the model in bf16: its gradients are bf16 (its
            # grad_accum_dtype is the model's under ZeRO), reduced into the partition the fp32
            # optimizer owns (the ZeRO paper's 2 bytes per parameter).
            grad_bytes = c["training.gradients_bf16" if zero12 or zero3
                           else "training.gradients_mixed"]
        elif prec == "bf16":
            grad_bytes = c["training.gradients_bf16"]
        if opt_name in ("adamw", "adamw_foreach"):
            opt_bytes = (c["training.adamw_bf16_states"] if prec == "bf16"
                         else c["training.adamw_fp32_states"])
            opt_label = "AdamW m+v " + ("bf16" if prec == "bf16" else "fp32")
        elif opt_name == "paged_adamw":
            opt_bytes = c["training.adamw_fp32_states"]
            opt_label = "paged AdamW m+v fp32 (bitsandbytes 32-bit states)"
        elif opt_name == "adafactor":
            opt_bytes = c["training.adafactor_states"]
            opt_label = "Adafactor factored states"
        elif opt_name in ("lion", "lion8bit", "sgd", "sgd_momentum"):
            opt_bytes = _one_state_bytes(opt_name, prec == "bf16", c)
            opt_label = _ONE_STATE_LABELS[opt_name]
        else:
            opt_bytes = c["training.adam8bit_states"]
            opt_label = "8-bit Adam m+v"
        opt = n_train * opt_bytes / shard
        # PyTorch's foreach AdamW makes one tensor the size of the second moment for every
        # parameter during the step (the fused one, today's Hugging Face default, none).
        # DeepSpeed steps with its own optimizer, CPU offload on the CPU, an optimizer in
        # backward one parameter at a time.
        foreach_temp = 0.0
        if (opt_name == "adamw_foreach" and not (cpu_offload or optimizer_in_backward or zero3
                                                 or zero12)):
            foreach_temp = opt / 2 * c["training.adamw_foreach_temporaries"]
        # DeepSpeed steps its fp32 partition with an fp32 copy of that partition's bf16
        # gradients: ZeRO-1/2 the whole partition, ZeRO-3 one sub-group at a time (offloaded:
        # on the CPU).
        zero_step = 0.0
        if (zero3 or zero12) and prec == "mixed" and not cpu_offload:
            elements = n_train / shard
            if zero3:
                elements = min(elements, c["overhead.zero3_sub_group_size"])
            zero_step = elements * c["training.gradients_mixed"]
        if cpu_offload:
            assumptions.append(_NOTES["cpu_offload"])
            # offload_optimizer (ZeRO-1/2, or ZeRO-3 without offload_param): the weights stay
            # on the GPU.
            offloaded = ("master_weights",) if keep_weights else ("weights", "master_weights")
            host += sum(b for name, b, _ in parts if name in offloaded) + opt
            parts[:] = [(name, 0.0 if name in offloaded else b, note)
                        for name, b, note in parts]
            opt = 0.0
        if opt_name.startswith("paged") and not cpu_offload:
            resident = opt
            assumptions.append(_NOTES["paged_optimizer"])
            opt = 0.0
        parts.append(("optimizer_states", opt, opt_label))
        if cpu_offload:
            # Offloaded gradient partitions are held in FP32 for the CPU optimizer step
            # (DeepSpeed's estimators count 4 bytes a parameter: FP32_GRADS_FACTOR).
            host += n_train * (c["training.gradients_mixed"] if prec == "mixed" else grad_bytes) \
                / grad_shard
            grads = 0.0
        elif optimizer_in_backward:
            grads = _largest_tensor(arch) * grad_bytes if not shape.assumed else 0.0
            assumptions.append(_NOTES["optimizer_in_backward"])
        elif (unsharded_accumulation and grad_accumulation and shard > 1
              and parallel == "sharded" and not zero3):
            # The whole model's gradients, and the new gradient of the unit whose backward
            # just ended before autograd's AccumulateGrad adds it in: the largest unit, the
            # root (embeddings, final norm, head) under a transformer-block wrap.
            unit = max(rest if fsdp_root else 0.0, block / arch.layers)
            grads = (n_train + unit) * grad_bytes
            assumptions.append(Note("fsdp_no_sync", {"gpus": gpus}))
        else:
            grads = n_train * grad_bytes / grad_shard
    else:
        parts.append(("weights", prep.frozen / weight_shard, prep.frozen_label))
        if prep.frozen_note is not None:
            assumptions.append(prep.frozen_note)
        if cpu_offload and not keep_weights:
            host += parts[-1][1]
            parts[-1] = ("weights", 0.0, "offloaded to CPU RAM")
            assumptions.append(_NOTES["cpu_offload"])
        if opt_name in ("adam8bit", "paged_adam8bit"):
            adapter_bytes, label = prep.eight_bit_adapters(lora_rank, bf16_adapters)
        elif opt_name in ("lion", "lion8bit", "sgd", "sgd_momentum"):
            # The adapters' states as that optimizer keeps them, instead of AdamW's two.
            adamw = c["training.adamw_bf16_states" if bf16_adapters
                      else "training.adamw_fp32_states"]
            adapter_bytes = prep.adapter_bytes - prep.adapters * (
                adamw - _one_state_bytes(opt_name, bf16_adapters, c))
            label = (f"{prep.adapters / 1e6:.1f}M trainable params: weights and grads "
                     f"{'BF16' if bf16_adapters else 'FP32'}, {_ONE_STATE_LABELS[opt_name]}")
        else:
            adapter_bytes, label = prep.adapter_bytes, prep.adapter_label
        if cpu_offload:
            host += adapter_bytes / shard
        # FSDP CPU offload keeps the sharded adapters, their gradients and the optimizer step
        # on the CPU too (ZeRO-3 offload likewise): only the layer in flight is on the GPU.
        parts.append(("lora_adapters", 0.0 if cpu_offload else adapter_bytes / shard, label))
        assert prep.targets_note is not None
        assumptions.append(prep.targets_note)
        if trained_embeddings:
            # modules_to_save: a full copy of each named vocabulary x hidden matrix trains in
            # the base's dtype (BF16; FP32 when loaded without torch_dtype), with its gradient
            # and AdamW's two states in that dtype (8-bit Adam: a byte each).
            wide = fp32_weights and not quantized_base
            weight_bytes = c["bytes.fp32"] if wide else bf16
            if opt_name in ("adam8bit", "paged_adam8bit"):
                state_bytes = c["training.adam8bit_states"]
            elif opt_name in ("lion", "lion8bit", "sgd", "sgd_momentum"):
                state_bytes = _one_state_bytes(opt_name, not wide, c)
            else:
                state_bytes = c["training.adamw_fp32_states" if wide
                                else "training.adamw_bf16_states"]
            # Unsloth's own checkpointing moves the frozen originals to disk before PEFT
            # copies them: the trained copy takes their place.
            replaced = kernels == "unsloth" and grad_ckpt
            copies = 0.0 if replaced else c["training.modules_to_save_copies"]
            matrices = float(arch.vocab * arch.hidden) * min(trained_embeddings, 2)
            embedded = matrices * (copies * weight_bytes + weight_bytes + state_bytes) / shard
            if cpu_offload:
                host += embedded
            parts.append(("trained_embeddings", 0.0 if cpu_offload else embedded,
                          f"{matrices / 1e6:.0f}M params trained in full (modules_to_save): "
                          + ("gradients and optimizer states, the copy replacing the "
                             "offloaded original" if replaced else
                             "copy, gradients and optimizer states")))
            assumptions.append(Note("trained_embeddings", {
                "matrices": min(trained_embeddings, 2), "params_m": round(matrices / 1e6),
                "replaced": int(replaced), "adam8bit": int(state_bytes
                                                           == c["training.adam8bit_states"])}))

    if reference_model and full:
        parts.append(("reference_model", n * bf16 / weight_shard,
                      "frozen bf16 reference model (preference tuning)"))
    # -- activations and logits --------------------------------------------------------------
    tokens = float(seq_len * micro_batch * (2 if paired else 1))
    per_tok_layer = _activation_bytes_per_token_layer(arch, seq_len, flash_attention, compiled,
                                                      kernels, mlx, low_precision_norms)
    if not (full or kernels or mlx or saved_4bit_inputs or prep.int8_base or arch.is_moe
            or arch.is_mla):
        # bitsandbytes' 4-bit matmul keeps no input for a frozen weight ('ctx.tensors = (None,
        # B)', MatMul4Bit.forward), its 8-bit one keeps it whenever its input needs a gradient
        # ('if any(ctx.needs_input_grad[:2]): ctx.tensors = (CAt, subA, A)', MatMul8bitLt;
        # bitsandbytes/autograd/_functions.py @95f9af30), as did the 4-bit one before 0.43.2
        # (saved_4bit_inputs).
        per_tok_layer -= prep.frozen_inputs
    if kernels == "unsloth" and grad_ckpt and not activation_offload:
        # use_gradient_checkpointing="unsloth": checkpoints go to CPU RAM as they are made.
        activation_offload = True
        assumptions.append(_NOTES["unsloth_offloaded_checkpoints"])
    if lora_dropout and not full:
        shapes = arch.linear_shapes()
        routed = arch.active_experts + arch.shared_experts if arch.is_moe else 1
        adapted = _arch_targets(arch.arch, prep.targets)
        if fused_qkv and not arch.is_mla:
            # 'self.lora_dropout(x) @ lora_A' once for the fused q/k/v projection.
            qkv = [t for t in adapted if t in _QKV]
            adapted = tuple(t for t in adapted if t not in qkv[1:])
        fan_in = sum(shapes[t][0] * min(shapes[t][2], routed) for t in adapted if t in shapes)
        per_tok_layer += fan_in * c["activations.lora_dropout_bytes"]
        assumptions.append(_NOTES["lora_dropout_fused_qkv" if fused_qkv else "lora_dropout"])
    if not flash_attention and arch.attn_logit_softcapping and not shape.assumed:
        assumptions.append(_NOTES["softcapped_scores"])
    act_scale = c["bytes.fp32"] / bf16 if (fp32_weights and not quantized_base) else 1.0
    per_tok_layer *= act_scale
    working = 0.0  # one layer's recomputed activations (with checkpointing)
    if grad_ckpt:
        stored = (tokens * layers_trained * c["activations.checkpoint_inputs"] * arch.hidden
                  * act_scale)
        if activation_offload:
            # Only the layers whose copies are in flight stay on the GPU.
            stored *= min(1.0, c["activations.offload_layers_in_flight"] / arch.layers)
            assumptions.append(_NOTES["activation_offload"])
        if parallel == "device_map":
            stored /= shard  # each GPU keeps the checkpoints of its own layers
        working = tokens * per_tok_layer
        act_bytes = stored + working
        parts.append(("activations", act_bytes,
                      "checkpointed layer inputs + one layer recomputed"))
    else:
        layers_here = arch.layers / shard if parallel == "device_map" else layers_trained
        act_bytes = tokens * layers_here * per_tok_layer
        parts.append(("activations", act_bytes, "all layers kept for backward"
                      if layers_trained == arch.layers else "the trained layers kept for backward"))
    if saved_4bit_inputs and quantized_base and not shape.assumed:
        # The inputs of a layer's 4-bit linears: q/k/v's, o's, the MLP's (gate and up share
        # it) and down's; with checkpointing only the recomputed layer's.
        inputs = tokens * (2 * arch.hidden + arch.q_dim + arch.active_ffn_width) * bf16 \
            * (1 if grad_ckpt else arch.layers)
        name, size, note = parts[-1]
        parts[-1] = (name, size + inputs, note + "; the 4-bit linears' inputs (bitsandbytes "
                     "< 0.43.2)")
        assumptions.append(_NOTES["bnb_saved_inputs"])
    # Back-propagating through a layer creates the gradient of each of its saved activations,
    # tensors of the same shapes, while those activations are still held.
    if kernels == "unsloth" and arch.gated_mlp and not full:
        # Unsloth's LoRA_MLP backward (patched in where the MLP carries LoRA adapters), the first and widest of a layer's backward steps,
        # allocates one MLP-width tensor (dY @ W_down^T) and writes the other gradients in
        # place into the saved gate/up outputs and the input's buffer: besides the saved
        # activations, one MLP-width and one hidden-width (dY) gradient are alive.
        width = arch.active_ffn_width
        layer_grads = (tokens * (width + arch.hidden) * bf16 * act_scale
                       * c["activations.unsloth_backward_gradient_tensors"])
    else:
        layer_grads = tokens * per_tok_layer * c["activations.backward_gradient_copies"]
    parts.append(("layer_gradients", layer_grads,
                  "gradients of one layer's activations during its backward"))
    if kernels is not None:
        free = None
        if kernels == "unsloth" and vram_per_gpu_gb is not None:
            # Unsloth sizes its chunks once, at the first loss (functools.cache), from the
            # memory free then: before any gradient or optimizer state exists, the card holds
            # the weights, the adapters' fp32 weights, the checkpoints, the dequantized linear
            # and the CUDA context.
            held = sum(b for name, b, _ in parts if name in ("weights", "master_weights"))
            if not (full or cpu_offload):
                held += (_lora_params(arch, lora_rank, prep.targets)
                         * c["bytes.fp32"] / shard)
            held += stored if grad_ckpt else tokens * arch.layers * per_tok_layer
            if quantized_base:
                held += c["training.qlora_dequantized_linears"] * _largest_linear(arch) * bf16
            free = vram_per_gpu_gb * _GB - held - c["overhead.cuda_context_gb"] * _GB
        logits_now = _fused_linear_ce_bytes(arch, tokens, kernels, c, free)
        parts.append(("logits", logits_now,
                      f"{kernels} fused linear cross-entropy: hidden-state gradient + one chunk"))
        said = prep.notes.get(key := ("kernels_named", kernels))
        if said is None:
            said = prep.notes[key] = Note("kernels_named", {"kernels": kernels})
        assumptions.append(said)
    elif loss_impl == "cut" and not mlx:
        # Cut Cross-Entropy never stores the logits: its backward allocates the hidden states'
        # gradient alone.
        logits_now = tokens * arch.hidden * c["activations.cut_ce_grad_input_bytes"]
        parts.append(("logits", logits_now,
                      "Cut Cross-Entropy: no logits stored, the hidden states' gradient"))
    else:
        # (each key spelled out: tests/test_speed39.py reads them off this code)
        if loss_impl == "fused":
            logit_bytes = c["activations.logits_fused"]
        elif loss_impl == "flash_ce":
            logit_bytes = c["activations.logits_flash_ce"]
        elif loss_impl == "chunked":
            logit_bytes = c["activations.logits_chunked_compiled" if compiled
                            else "activations.logits_chunked"]
        elif arch.arch.loss_in_16bit:  # eager ("cut" only under MLX, which takes its own below)
            # The model's own forward takes the loss of its 16-bit logits: no fp32 copies.
            logit_bytes = c["activations.logits_eager_16bit"]
        else:
            logit_bytes = c["activations.logits_eager"]
        label = _logits_label(logit_bytes, loss_impl)
        if mlx:
            # mlx-lm's default_loss: nn.losses.cross_entropy on the model's BF16 logits, no
            # FP32 upcast, whatever loss a PyTorch trainer would have used.
            logit_bytes = c["activations.logits_mlx"]
            label = _logits_label(logit_bytes, "MLX bf16")
        logits_now = tokens * arch.vocab * logit_bytes
        parts.append(("logits", logits_now, label))
    # The three parts in the order they were added, as a sum over them would add them.
    acts = act_bytes + layer_grads + logits_now
    # The loss's backward (logits and their gradient) ends before the last layer's begins
    # (its recomputed activations and their gradients): the estimate counts both, they are
    # never allocated at once. The smaller of the two is what a peak of allocated memory
    # (torch.cuda.max_memory_allocated) cannot hold; a reserved or whole-card peak can (the
    # caching allocator keeps freed blocks): the calibration report compares each with its own.
    sequential = min(logits_now, layer_grads + working)
    if full:
        parts.append(("gradients", grads,
                      "fp32" if prec == "mixed" and not (zero12 or zero3) else "bf16"))
        # The optimizer step comes after the backward pass has freed the activations: it holds
        # the gradients and its temporaries. The peak is the larger of the two phases; with
        # accumulation the gradients are also alive during the forward.
        allocated = acts - sequential  # what the backward phase holds at once
        if not grad_accumulation:
            parts.append(("backward_overlap", -min(acts, grads),
                          "activations freed as gradients are produced"))
            counted, step = max(acts, grads), grads + foreach_temp + zero_step
            sequential = max(counted, step) - max(allocated, grads, step)
            assumptions.append(_NOTES["no_grad_accumulation"])
        else:
            counted, step = acts, foreach_temp + zero_step
            sequential = max(counted, step) - max(allocated, step)
            assumptions.append(_NOTES["grad_accumulation"])
        if step > counted and zero_step:
            parts.append(("zero_step_grads", step - counted,
                          "DeepSpeed step: fp32 copy of the gradient partition (ZeRO-3: of one "
                          "sub-group)"))
        elif step > counted:
            parts.append(("optimizer_step", step - counted,
                          "AdamW foreach step: one second-moment-sized temporary"))

    # -- buffers ---------------------------------------------------------------------------
    if parallel == "ddp" and gpus > 1:
        # DDP copies the gradients into its all-reduce buckets unless gradient_as_bucket_view.
        trainable = (n_train * grad_bytes if full
                     else _lora_params(arch, lora_rank, prep.targets)
                     * c["bytes.fp32"])
        parts.append(("ddp_buckets", trainable * c["overhead.ddp_gradient_buckets"],
                      "DDP all-reduce buckets: a copy of the gradients"))
        assumptions.append(Note("ddp", {"gpus": gpus, "batch": micro_batch}))
    elif parallel == "device_map" and gpus > 1:
        assumptions.append(Note("device_map", {"gpus": gpus, "batch": micro_batch}))
    elif zero12:
        # DeepSpeedZeroOptimizer (stages 1 and 2) allocates its contiguous gradient bucket of
        # reduce_bucket_size elements at each backward, as ZeRO-3 does at init, on one GPU too:
        # backward() tests contiguous_gradients only, not the world size.
        wide = (fp32_weights and not quantized_base) or prec == "fp32"
        parts.append(("zero_grad_bucket",
                      c["overhead.zero12_ipg_buffers"]
                      * c["overhead.zero3_reduce_bucket_size"]
                      * (c["bytes.fp32"] if wide else bf16),
                      "ZeRO-1/2 contiguous gradient bucket (reduce_bucket_size)"))
        if gpus > 1:
            assumptions.append(Note(parallel, {"gpus": gpus, "batch": micro_batch}))
    elif gpus > 1 or cpu_offload:
        per_layer_params = block / arch.layers
        if quantized_base:
            per_layer_bytes = per_layer_params * (
                8 * c["bytes.nf4"] + c["bits.quant_constants_double" if double_quant
                                       else "bits.quant_constants_plain"]) / 8
        elif fp32_weights or prec == "fp32":
            per_layer_bytes = per_layer_params * c["bytes.fp32"]
        else:
            per_layer_bytes = per_layer_params * bf16
        gathered = c["overhead.fsdp_gathered_layers"] * per_layer_bytes
        label = _gathered_label(c["overhead.fsdp_gathered_layers"])
        if zero3:
            # DeepSpeed keeps fetched parameters resident up to stage3_max_live_parameters,
            # counted in elements of their storage: a 4-bit base is packed in bf16 storage
            # (bnb_4bit_quant_storage), 4 parameters an element.
            wide = (fp32_weights and not quantized_base) or prec == "fp32"
            element = c["bytes.fp32"] if wide else bf16
            live = min(block * per_layer_bytes / per_layer_params,
                       c["overhead.zero3_max_live_parameters"] * element)
            if live > gathered:
                gathered = live
                label = "ZeRO-3 live parameters (stage3_max_live_parameters)"
        parts.append(("sharding_buffers", gathered, label))
        if fsdp_root and not zero3 and rest > 0:
            # FSDP never reshards the root unit (embeddings, final norm, output head) between
            # forward and backward: one whole copy of them, besides the shard counted above.
            if quantized_base or not (fp32_weights or prec == "fp32"):
                rest_bytes = bf16
            else:
                rest_bytes = c["bytes.fp32"]
            parts.append(("fsdp_root", c["overhead.fsdp_root_unsharded"] * rest * rest_bytes,
                          "FSDP root unit (embeddings, head) unsharded through the step"))
        if gpus > 1:
            said = prep.notes.get(key := ("sharded", gpus, micro_batch))
            if said is None:
                said = prep.notes[key] = Note("sharded", {"gpus": gpus, "batch": micro_batch})
            assumptions.append(said)
    if zero3:
        # ZeRO-3 allocates its contiguous gradient bucket on the GPU at optimizer init,
        # reduce_bucket_size elements in the parameters' dtype, whatever the trainable count.
        wide = (fp32_weights and not quantized_base) or prec == "fp32"
        parts.append(("zero3_grad_bucket",
                      c["overhead.zero3_reduce_bucket_size"]
                      * (c["bytes.fp32"] if wide else bf16),
                      "ZeRO-3 contiguous gradient bucket (reduce_bucket_size)"))
    if quantized_base and not mlx:
        # bitsandbytes / torchao dequantize one linear's weight for its matmul and free it
        # when the matmul returns: the largest block linear is the transient peak.
        largest = float(_largest_linear(arch))
        if quantized_head and not shape.assumed:
            largest = max(largest, float(arch.vocab * arch.hidden))
        dequant = c["training.qlora_dequantized_linears"] * largest * bf16
        label = "one linear layer's weight dequantized to bf16 for its matmul"
        if fp16_quant_state:
            dequant += c["training.qlora_fp16_dequant_copy"] * largest
            label = "one linear layer's weight dequantized to fp16 and copied to bf16"
        parts.append(("dequant_buffer", dequant, label))
    elif spec.int8_base:
        # MatMul8bitLt.backward: grad_A = grad_output @ CB.to(dtype, copy=True) * SCB / 127,
        # one linear's weight dequantized to the compute dtype at a time.
        parts.append(("int8_dequant_buffer",
                      c["training.int8_dequantized_linears"] * _largest_linear(arch) * bf16,
                      "one linear layer's int8 weight dequantized for its backward matmul"))
    context = 0.0 if mlx else c["overhead.cuda_context_gb"] * _GB
    if context:
        parts.append(("cuda_context", context, "CUDA context and kernels"))
    if resident > 0:
        room = resident
        if vram_per_gpu_gb is not None:
            # Paged states fill what the card has left and never make the run miss: the card's
            # memory is taken down to the 0.1 GB the estimate is shown and compared at (a run
            # filled to 25.757 GB showed 25.8 GB, "does not fit" on a 4090).
            card = math.floor(vram_per_gpu_gb * 10) / 10 * _GB
            room = min(resident, max(0.0, card - sum(b for _, b, _ in parts)))
        parts = [(name, room if name == "optimizer_states" else b, note)
                 for name, b, note in parts]

    if layers_trained != arch.layers:
        assumptions.append(Note("trained_layers", {"layers": layers_trained,
                                                   "of": arch.layers}))
    said = prep.notes.get(key := ("training_settings", seq_len, micro_batch, grad_ckpt,
                                  flash_attention, compiled))
    if said is None:
        said = prep.notes[key] = Note("training_settings", {
            "seq_len": seq_len, "batch": micro_batch, "grad_ckpt": int(grad_ckpt),
            "flash_attention": int(flash_attention), "compiled": int(compiled)})
    assumptions.append(said)
    if full:
        said = prep.notes.get(key := ("precision", prec))
        if said is None:
            said = prep.notes[key] = Note("precision", {"precision": prec})
        assumptions.append(said)
    return _finish("training", spec.id, shape, gpus, parts, context, assumptions,
                   host * gpus if cpu_offload else None, sequential)


# ----------------------------------------------------------------------------- inference


# Tokens a serving engine pushes through one forward step (chunked prefill).
DEFAULT_PREFILL_CHUNK = 8192


@lru_cache(maxsize=4096)
def pipeline_layers(layers: int, stages: int) -> list[int]:
    """The decoder layers of each pipeline stage as vLLM splits them (vllm-project/vllm
    @5a6541db vllm/distributed/utils.py get_pp_indices): evenly, and the layers left over one
    each to the stages before the last, from the second-to-last backwards."""
    if stages < 1 or layers < stages:
        raise ValueError("stages must be between 1 and the layers")
    counts = [layers // stages] * stages
    for i in range(2, layers % stages + 2):
        counts[-i] += 1
    return counts


def estimate_inference(
    model: ModelSpec | Architecture | Decimal | float | int,
    method: Method | str,
    context_len: int,
    batch: int = 1,
    gpus: int = 1,
    *,
    kv_cache_bytes: float | None = None,
    double_quant: bool = False,
    unquantized_bytes: float | None = None,
    prefill_chunk: int | None = DEFAULT_PREFILL_CHUNK,
    prompt_len: int | None = None,
    attention: Literal["eager", "sdpa"] = "sdpa",
    fp32_weights: bool = False,
    all_position_logits: bool = True,
    tied_table_loaded_twice: bool = False,
    paged_kv: bool = False,
    share_parts: tuple[tuple[str, float, str], ...] | None = None,
    offloaded_bytes: float = 0.0,
    pipeline_stages: int = 1,
) -> Breakdown:
    """Per-GPU memory to serve `batch` sequences of `context_len` tokens (prompt + output).

    Weights and KV cache split evenly over `gpus` (tensor or pipeline parallel). The KV cache is
    GQA-aware: 2·layers·kv_heads·head_dim·bytes per token; with multi-head latent attention
    layers·(kv_lora_rank + qk_rope_head_dim)·bytes, whole on every GPU (tensor parallel does
    not split the latent). int8/int4 quantize the block linear
    layers (bitsandbytes); embeddings and norms stay in `unquantized_bytes` (2 = bf16).
    prefill_chunk: tokens a serving engine pushes through one forward step (chunked prefill);
    None = the whole prompt at once (plain transformers generate).
    prompt_len: tokens of the prompt, pushed through the prefill (default: the whole context).
    attention: "eager" materialises each layer's batch·heads·prompt·context scores during the
      prefill; SDPA/FlashAttention does not.
    fp32_weights: loaded without torch_dtype (transformers defaults to fp32): 4-byte weights
      and KV cache in bf16 serving; quantized loads keep fp16 (bitsandbytes forces it).
    all_position_logits: the prefill computes logits for every prompt position (transformers
      generate before logits_to_keep), upcast to fp32.
    tied_table_loaded_twice: an AWQ/GPTQ checkpoint of a model with tied embeddings that
      stores the head's copy of the table too (models.toml awq.tied_table_twice), loaded by
      transformers: until from_pretrained ties them back, the load holds the table twice, a
      peak above the run's own when the prompt is short.
    paged_kv: the engine pages the KV cache (vLLM, TGI, SGLang): no layer's copy as it grows.
    share_parts: what the serving engine takes within its share of the card beside the weights,
      the KV cache and the activations, in place of the CUDA context (vLLM: the non-torch
      memory its profile adds and its CUDA graphs, rules.capacity.vllm_share_parts; the CUDA
      context exists before vLLM measures the card and sits outside its share).
    offloaded_bytes: vLLM's --cpu-offload-gb, in bytes a GPU: that much of each GPU's weights
      stays in CPU RAM (at most all of them), read over PCIe in each forward pass.
    pipeline_stages: vLLM's --pipeline-parallel-size, the `gpus` being that many stages of
      tensor parallelism: each stage holds its layers (vLLM's split, pipeline_layers), the
      first the token embeddings and the last the output head as well; the GPUs of the
      fullest stage are counted."""
    spec = method_spec(method, "inference")
    if context_len < 1 or batch < 1 or gpus < 1:
        raise ValueError("context_len, batch and gpus must be positive")
    c = _table()
    shape = resolve_shape(model)
    arch = shape.arch
    bf16 = c["bytes.bf16"]
    keep = (unquantized_bytes if unquantized_bytes is not None
            else c["inference.unquantized_default"])
    block, rest = _split_params(shape)
    assumptions: list[Note] = []
    parts: list[tuple[str, float, str]] = []
    if shape.assumed:
        assumptions.append(Note("shape_assumed", {
            "layers": arch.layers, "kv_heads": arch.kv_heads, "head_size": arch.head_size}))
    fp32 = fp32_weights and spec.weight_bits == 16
    if fp32:
        weights = shape.params * c["bytes.fp32"]
        note = "fp32 weights (loaded without torch_dtype)"
        assumptions.append(Note("fp32_weights"))
    elif spec.bits_per_weight is not None:
        # A GGUF file: llama.cpp's published average bits per weight of its type, the whole
        # model's (embeddings and output head at the types the mix gives them) over every
        # parameter (rules/data/quant_types.toml); or the bits per weight the user stated
        # ("4.65bpw", an EXL2 model's average), over every parameter too.
        weights = shape.params * float(spec.bits_per_weight) / 8
        note = (f"GGUF {spec.quant} ({spec.bits_per_weight} bits/param, llama.cpp's file average)"
                if spec.quant is not None else f"{spec.bits_per_weight} bits/param as stated")
        if spec.quant is not None and not arch.tied_embeddings:
            # llama.cpp keeps the input layer (the token-embedding table) in system RAM; a
            # tied table is the output head too, on the GPU.
            table = float(arch.vocab) * arch.hidden * float(spec.bits_per_weight) / 8
            weights -= table * c["inference.llama_cpp_token_embd_in_ram"]
            note += ", token embeddings in system RAM"
    elif spec.weight_bits == 16:
        weights = shape.params * bf16
        note = "bf16 weights"
    elif spec.weight_bits == 8:
        weights = block * c["bytes.int8"] + rest * keep
        note = "int8 block weights (LLM.int8)"
    elif spec.block_bits is not None:
        # An AWQ/GPTQ checkpoint: 4-bit block weights with one fp16 scale and a 4-bit zero
        # point per group (rules/data/quant_types.toml group_formats); the rest in fp16.
        bits = float(spec.block_bits)
        weights = block * bits / 8 + rest * keep
        note = f"{spec.group_format} 4-bit block weights ({bits:.3f} bits/param)"
    else:
        bits = 8 * c["bytes.nf4"] + c[
            "bits.quant_constants_double" if double_quant else "bits.quant_constants_plain"
        ]
        weights = block * bits / 8 + rest * keep
        note = f"4-bit block weights ({bits:.3f} bits/param)"
    on_gpu = weights / gpus
    stages = pipeline_stages if spec.bits_per_weight is None and pipeline_stages > 1 \
        and gpus % pipeline_stages == 0 and arch.layers >= pipeline_stages else 1
    if stages > 1:
        # Each stage's layers, and a whole table on the first (embeddings) and on the last
        # (the output head; a tied model builds the table there too): not an even split of
        # everything, which spreads the tables over every stage.
        rest_bytes = rest * (c["bytes.fp32"] if fp32 else bf16 if spec.weight_bits == 16
                             else keep)
        layer = (weights - rest_bytes) / arch.layers
        table = float(arch.vocab) * arch.hidden * rest_bytes / rest if rest else 0.0
        counts = pipeline_layers(arch.layers, stages)
        held = [n * layer for n in counts]
        held[0] += table
        held[-1] += table
        on_gpu = max(held) / (gpus // stages)
        note += f", {stages} pipeline stages of {'/'.join(map(str, counts))} layers"
    if offloaded_bytes > 0:
        # vLLM moves parameters to pinned CPU memory one by one until the bytes are reached
        # (vllm/model_executor/models/utils.py maybe_offload_to_cpu): the GPU keeps the rest.
        on_gpu -= min(offloaded_bytes, on_gpu)
        note += f", {offloaded_bytes / 2**30:g} GiB a GPU offloaded to CPU RAM"
    parts.append(("weights", on_gpu, note))
    kv_value = kv_cache_bytes if kv_cache_bytes is not None else (
        c["bytes.fp32"] if fp32 else bf16)
    # Sliding-window attention on every layer: the engines keep the window's tokens only; a
    # GGUF file (llama.cpp) is counted for the whole context.
    # Windows on some layers only (Gemma 2/3, gpt-oss): those keep the window's tokens, the
    # full-attention layers the whole context (Architecture.kv_cache_layer_tokens).
    kv_tokens = context_len
    window = arch.sliding_window
    mixed = False
    kept: int | None = None
    if window is not None and spec.quant is not None and arch.llama_cpp_swa \
            and arch.full_attention_layers:
        # llama.cpp's sliding-window cache (llama_kv_cache_iswa): min(n_ctx, n_swa + n_ubatch)
        # cells padded to 256 on the windowed layers, the whole context on the others.
        step = int(c["inference.llama_cpp_swa_pad"])
        cells = min(context_len, window + int(c["inference.llama_cpp_ubatch"]))
        cells = -(-cells // step) * step
        if cells < context_len:
            mixed, kept = True, cells
            assumptions.append(Note("sliding_window_layers_llama_cpp", {
                "tokens": cells, "local": arch.kv_layers - arch.full_attention_layers,
                "layers": arch.kv_layers}))
    if window is not None and window < context_len and spec.quant is None:
        if arch.full_attention_layers:
            mixed = True
            assumptions.append(Note("sliding_window_layers_kv", {
                "tokens": window, "local": arch.kv_layers - arch.full_attention_layers,
                "layers": arch.kv_layers}))
        else:
            kv_tokens = window
            assumptions.append(Note("sliding_window_kv", {"tokens": window}))
    if mixed:
        layer_bytes = arch.kv_cache_values_per_token_layer() * kv_value
        kv = layer_bytes * arch.kv_cache_layer_tokens(context_len, kept) * batch
        kv_note = (f"{layer_bytes / 1e6:.3f} MB/token-layer x "
                   f"{arch.kv_cache_layer_tokens(context_len, kept)} token-layers x {batch}")
    else:
        kv = arch.kv_cache_bytes_per_token(kv_value) * kv_tokens * batch
        kv_note = (f"{arch.kv_cache_bytes_per_token(kv_value) / 1e6:.3f} MB/token x "
                   f"{kv_tokens} x {batch}")
    # Tensor parallel splits the KV heads over the GPUs, never below one head a GPU;
    # multi-head latent attention's latent is kept whole on each (Architecture.kv_cache_shards).
    kv_shards = arch.kv_cache_shards(gpus)
    if stages > 1:
        # each stage keeps its own layers' cache, split over its GPUs' KV heads
        kv_shards = arch.kv_cache_shards(gpus // stages)
        kv = kv * max(pipeline_layers(arch.layers, stages)) / arch.layers
    parts.append(("kv_cache", kv / kv_shards, kv_note))
    # KV cache growth in transformers generate concatenates each layer's cache: the old and the
    # new copy of one layer's K and V are alive together for a moment.
    # llama.cpp (a GGUF file) allocates the cache for the whole context when the context is
    # created (llama_kv_cache's buffers, n_ctx cells) and writes into it: no copy.
    # With windows on some layers, the largest layer is a full-attention one.
    # A paged cache (vLLM, TGI, SGLang: PagedAttention's blocks, allocated up front and written
    # in place) is never copied either.
    if spec.quant is None and not paged_kv:
        one_layer = (arch.kv_cache_values_per_token_layer() * kv_value * context_len * batch
                     if mixed else kv / arch.kv_layers)
        parts.append(("kv_transient", one_layer / kv_shards,
                      "one layer's cache copied as it grows"))
    # Prefill working set of one layer (no gradients kept).
    width = arch.active_ffn_width
    prompt = min(prompt_len if prompt_len is not None else context_len, context_len)
    step_tokens = prompt * batch
    # MLX weights run on Apple silicon under mlx-lm (rules/data/detailed.toml
    # inference.mlx_prefill_step): its own prefill step, and no CUDA context.
    mlx = spec.group_format == "MLX"
    if spec.quant is not None:
        # A GGUF file runs on llama.cpp, which pushes the prompt through in physical batches
        # of n_ubatch tokens whatever the serving engine's chunk would be.
        ubatch = int(c["inference.llama_cpp_ubatch"])
        prefill_chunk = ubatch if prefill_chunk is None else min(prefill_chunk, ubatch)
    elif mlx:
        step = int(c["inference.mlx_prefill_step"])
        prefill_chunk = step if prefill_chunk is None else min(prefill_chunk, step)
    if prefill_chunk is not None and step_tokens > prefill_chunk:
        step_tokens = prefill_chunk
        assumptions.append(Note("chunked_prefill", {"tokens": prefill_chunk}))
    act_bytes = c["bytes.fp32"] if fp32 else bf16
    working = float(step_tokens) * act_bytes * (4 * arch.hidden + 3 * width)
    parts.append(("activations", working / gpus, "one layer's prefill working set"))
    if attention == "eager" and spec.quant is None:
        scores = (float(step_tokens) * arch.heads * prompt
                  * c["inference.eager_scores_bytes"])
        parts.append(("attention_scores", scores / gpus,
                      "eager attention: one layer's scores over the prompt"))
        assumptions.append(Note("eager_attention"))
    logit_positions = step_tokens if all_position_logits else batch
    if spec.quant is not None:
        # llama.cpp reserves its compute buffer for the worst case, a whole physical batch of
        # outputs: fp32 logits for min(n_ctx, n_ubatch) positions, whatever is generated.
        positions = min(context_len, int(c["inference.llama_cpp_ubatch"]))
        logits = positions * arch.vocab * c["inference.llama_cpp_logits_bytes"]
        if attention == "eager":
            # Flash attention off (llama.cpp src/llama-graph.cpp build_attn_mha: kq =
            # ggml_mul_mat(k, q) at GGML_PREC_F32): a layer's scores over every cell of the
            # cache (the sequences' contexts together) for each query of the physical batch
            # and head, beside the F32 self_kq_mask of the same cells; ggml_soft_max_ext runs
            # in place (ggml/src/ggml-alloc.c ggml_op_can_inplace). One compute buffer holds
            # the graph's phases in turn (ggml-alloc reuses freed tensors): the larger of this
            # and the logits, on each GPU that runs layers, not their sum. Logged: Llama 3.1
            # 8B at 8,192 cells 560.00 MiB, of which 512 MiB scores (measured-serving.csv).
            n_kv = float(context_len) * batch
            scores = float(step_tokens) * n_kv * (arch.heads + 1) * c["bytes.fp32"]
            assumptions.append(Note("eager_attention"))
            if scores > logits:
                parts.append(("attention_scores", scores,
                              "llama.cpp compute buffer, flash attention off: one layer's "
                              "fp32 scores and mask over the whole cache"))
                logits = 0.0
        if logits:
            parts.append(("logits", logits,
                          "llama.cpp compute buffer: one physical batch of fp32 logits"))
    else:
        parts.append(("logits", logit_positions * arch.vocab * c["inference.logits_bytes"],
                      "prefill logits (bf16 and their fp32 upcast)"))
    if tied_table_loaded_twice and spec.block_bits is not None and arch.tied_embeddings \
            and not shape.assumed:
        # The load's peak is the weights and the table's second copy; the run's, the weights
        # and the terms above: only what the load holds beyond the run counts.
        table = float(arch.vocab) * arch.hidden * keep
        run = sum(b for name, b, _ in parts if name != "weights")
        parts.append(("load_tied_copy", max(0.0, table - run),
                      "the tied embedding table loaded twice (checkpoint stores both)"))
    if spec.quant is not None:
        # llama.cpp's CUDA runtime, not PyTorch's (which loads every kernel of its own).
        context = c["overhead.llama_cpp_cuda_context_gb"] * _GB
    elif mlx:
        # Metal, not CUDA: MLX's peak (mx.get_peak_memory) is its arrays alone, and the
        # published MLX peaks match weights, KV cache and working set with nothing beside
        # (tests/data/measured-extra.csv, the mlx-lm rows).
        context = 0.0
    elif share_parts is not None:
        context = 0.0
        parts.extend(share_parts)
    else:
        context = c["overhead.cuda_context_gb"] * _GB
    if context:
        parts.append(("cuda_context", context, "CUDA context and kernels"))
    assumptions.append(Note("inference_settings", {
        "context": context_len, "batch": batch, "kv_bytes": Decimal(repr(kv_value))}))
    tp = gpus // stages
    if stages > 1:
        assumptions.append(Note("pipeline_split", {
            "gpus": gpus, "stages": stages, "tp": tp,
            "layers": "/".join(map(str, pipeline_layers(arch.layers, stages)))}))
    elif gpus > 1:
        assumptions.append(Note("split_gpus", {"gpus": gpus}))
    if tp > 1:
        if kv_shards < tp and arch.is_mla:
            assumptions.append(Note("kv_replicated", {"gpus": tp}))
        elif kv_shards < tp:
            assumptions.append(Note("kv_heads_replicated", {"gpus": tp, "heads": kv_shards}))
    return _finish("inference", spec.id, shape, gpus, parts, context, assumptions)
