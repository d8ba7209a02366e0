"""Two rates a configuration gives a model, as the answer's facts (no prose: the templates
`concurrency.html.j2` and `train_speed.html.j2` word them):

- how many sequences it serves at once: the most whose KV caches fit beside the weights within
  the memory vLLM takes by default (gpu_memory_utilization, rules/data/serving.toml; TGI's own
  share when TGI is named), by the
  detailed estimator at the stated context (else the default one, said so). An upper bound
  on concurrency from memory alone; no throughput is claimed.
- a training run's tokens/s: the throughput the training-time estimate already assumes
  (rules.training_time: peak TFLOPS × assumed utilisation / FLOPs per token), the same
  figures the "how long" answers use.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Literal

from bot.detail import (
    DEFAULT_GRAD_CKPT,
    DEFAULT_MICRO_BATCH,
    DEFAULT_SEQ_LEN,
    _estimate,
    _held_micro_batch,
    _target,
    _training_peak,
    estimator_model,
    settings_with,
    shape_assumed_from,
    typical_micro,
)
from bot.understand.query import Query
from rules.capacity import (
    CONCURRENCY_LIMIT,
    Concurrency,
    VllmKvCapacity,
    most_sequences,
    serving_utilization,
    sglang_mem_fraction_static,
    tgi_memory_fraction,
    vllm_kv_capacity,
)
from rules.catalogue import Catalogue
from rules.estimator import Breakdown, resolve_shape
from rules.fit import Fit, capacity_per_gpu
from rules.model_catalogue import ModelSpec
from rules.schema import Method
from rules.training_time import TrainingThroughput, training_throughput

if TYPE_CHECKING:  # bot.answer imports this module to hold the facts
    from bot.answer import Answer

__all__ = ["TrainingSpeed", "concurrency", "concurrency_facts", "training_speed_facts"]

_BYTES_PER_GB = Decimal(10**9)  # GB = 10^9 bytes


def _served_gb(breakdown: Breakdown) -> Decimal:
    """The detailed estimate per GPU as vLLM holds it: its paged KV cache is allocated up front
    and written in place (PagedAttention's blocks), so the copy of one layer's cache that
    transformers' generate makes as the cache grows ("kv_transient") is left out."""
    return breakdown.per_gpu_gb - breakdown.term("kv_transient")


def _at(query: Query, method: Method, model: ModelSpec | Decimal, gpus: int, sequences: int,
        seq_len: int | None = None) -> tuple[Breakdown | None, int]:
    """The detailed serving estimate per GPU for `sequences` sequences, and their context."""
    update: dict[str, Any] = {"batch_size": sequences}
    if seq_len is not None:
        update["seq_len"] = seq_len
    # The query's settings with these (settings_with), not a query copy: the estimate reads no
    # more, and the search runs a dozen of them a question.
    breakdown, _, context, _, _, _ = _estimate(settings_with(query, update), method, model,
                                               gpus, None)
    return breakdown, context


def _static_gb(breakdown: Breakdown) -> Decimal:
    """What SGLang holds within its --mem-fraction-static: the weights and the KV cache pool
    (its activations and CUDA graphs use the rest of the card)."""
    return breakdown.term("weights") + breakdown.term("kv_cache")


def _most(query: Query, method: Method, model: ModelSpec | Decimal, gpus: int,
          vram: Decimal, utilization: Decimal, seq_len: int | None = None,
          static: bool = False) -> int:
    def per_gpu(n: int) -> Decimal | None:
        breakdown = _at(query, method, model, gpus, n, seq_len)[0]
        if breakdown is None:
            return None
        return _static_gb(breakdown) if static else _served_gb(breakdown)

    return most_sequences(per_gpu, vram, utilization, CONCURRENCY_LIMIT)


def concurrency(query: Query, method: Method, model: ModelSpec | Decimal, where: Fit
                ) -> Concurrency | None:
    """How many sequences of the query's context (stated, else the default) `method` serves
    at once on `where`; with no context stated, also at the model's whole published context
    (vLLM's default --max-model-len) when that is longer. None: the estimator refused."""
    gpus = where.gpu_count
    vram = capacity_per_gpu(where)
    tgi = query.engine == "tgi" and query.gpu_memory_utilization is None
    # A local runner named ("how many users can ollama handle on my 3090"): llama.cpp and the
    # programs built on it take no share of the card ahead of time, the whole of it counts (was
    # vLLM's share said of Ollama).
    local = query.runner is not None and query.engine is None \
        and query.gpu_memory_utilization is None
    # SGLang: its --mem-fraction-static holds the weights and the KV cache alone; unset, the
    # share its start-up rule gives these GPUs (rules.capacity.sglang_mem_fraction_static)
    sglang = query.engine == "sglang" and query.gpu_memory_utilization is None
    stages = query.pipeline_parallel or 1
    utilization = query.gpu_memory_utilization or (
        Decimal(1) if local else tgi_memory_fraction() if tgi
        else (query.mem_fraction_static or sglang_mem_fraction_static(
            round(vram * 10**9 / 2**20), max(gpus // stages, 1), stages)) if sglang
        else serving_utilization())
    sequences = _most(query, method, model, gpus, vram, utilization, static=sglang)
    breakdown, context = _at(query, method, model, gpus, max(sequences, 1))
    if breakdown is None:
        return None
    full: int | None = None
    full_sequences: int | None = None
    model_max = model.max_context if isinstance(model, ModelSpec) \
        and shape_assumed_from(query, model) is None else None
    if model_max is not None and isinstance(model, ModelSpec) and not tgi:
        # vLLM's (and SGLang's) default context is config.json's, not a card's YaRN figure:
        # Qwen2.5 7B's 32,768, not 131,072 (was "not one sequence fits" at 131,072); none is
        # guessed where only the card's figure is on file
        model_max = model.engine_default_context
    unsaid = query.seq_len is None and query.prompt_tokens is None and query.new_tokens is None
    if unsaid and model_max is not None and model_max > context and not local:
        full = model_max
        full_sequences = _most(query, method, model, gpus, vram, utilization, model_max,
                               static=sglang)
    engine = "tgi" if tgi else "sglang" if query.engine == "sglang" else "local" if local \
        else "vllm"
    vllm_parts = breakdown.term("cuda_graphs") > 0 or breakdown.term("vllm_non_torch") > 0
    logged = engine == "vllm" and vllm_parts
    full_log = None
    if logged and full is not None and full_sequences:
        # at the published context, from the estimate there (its own activations)
        at_full = _at(query, method, model, gpus, full_sequences, full)[0]
        full_log = _vllm_log(at_full, model, vram, utilization, full_sequences, full,
                             query.kv_block_size) \
            if at_full is not None else None
    return Concurrency(
        method=method.id, gpu=where.gpu, gpus=gpus, vram_per_gpu_gb=vram,
        utilization=utilization, utilization_said=query.gpu_memory_utilization is not None
        or (sglang and query.mem_fraction_static is not None),
        context=context, sequences=sequences,
        limit=CONCURRENCY_LIMIT,
        per_gpu_gb=_static_gb(breakdown) if sglang else _served_gb(breakdown),
        weights_gb=breakdown.term("weights"), kv_gb=breakdown.term("kv_cache"),
        full_context=full, full_sequences=full_sequences,
        assumed_shape=_assumed_shape(model),
        hybrid_attention=isinstance(model, ModelSpec) and model.hybrid_attention,
        shape_of=shape_assumed_from(query, model),
        kv_replicated=any(a.code == "kv_replicated" for a in breakdown.assumptions),
        kv_heads_split=next((int(a.params["heads"] or 0) for a in breakdown.assumptions
                             if a.code == "kv_heads_replicated"), None),
        attention_chunk=_attention_chunk(model),
        kv_exact_gb=next((Decimal(repr(nbytes)) / _BYTES_PER_GB
                          for name, nbytes, _ in breakdown.parts if name == "kv_cache"), None),
        engine=engine, vllm_parts=vllm_parts,
        enforce_eager=vllm_parts and breakdown.term("cuda_graphs") == 0,
        vllm_log=_vllm_log(breakdown, model, vram, utilization, max(sequences, 1), context,
                           query.kv_block_size)
        if logged else None,
        vllm_log_full=full_log,
    )


# The estimator's notes of a KV cache vLLM counts otherwise than in blocks of 16 tokens in
# every layer: sliding windows (its hybrid cache manager), a latent cache (MLA: larger blocks),
# a cache split fewer ways than the GPUs.
_NOT_FULL_ATTENTION = frozenset({"sliding_window_kv", "sliding_window_layers_kv",
                                 "sliding_window_layers_llama_cpp", "kv_replicated"})


def _vllm_log(breakdown: Breakdown, model: ModelSpec | Decimal, vram: Decimal,
              utilization: Decimal, sequences: int, context: int,
              block_size: int | None = None) -> VllmKvCapacity | None:
    """What vLLM's start-up log would print of the KV cache with --max-model-len `context`:
    the memory its share leaves beside everything else the estimate of `sequences` sequences
    holds, in its blocks
    (rules.capacity.vllm_kv_capacity). None where vLLM counts that cache otherwise (a model
    with sliding-window, chunked or latent attention, or no architecture on file)."""
    shape = resolve_shape(model)
    if shape.assumed or shape.arch.attention_chunk or (
            isinstance(model, ModelSpec) and model.hybrid_attention) or any(
            a.code in _NOT_FULL_ATTENTION for a in breakdown.assumptions):
        return None
    parts = {name: nbytes for name, nbytes, _ in breakdown.parts}
    kv = parts.get("kv_cache", 0.0)
    per_token = kv / (sequences * context) if context > 0 else 0.0
    if per_token <= 0 or abs(per_token - round(per_token)) > 0.01:
        return None  # not whole bytes a token: not a cache vLLM pages this way
    # The share is of each GPU's memory; everything but the KV cache comes out of it first
    # (vllm/v1/worker/gpu_worker.py: requested_memory - non_kv_cache_memory).
    available = float(vram * utilization * _BYTES_PER_GB) \
        - (breakdown.per_gpu_bytes - kv - parts.get("kv_transient", 0.0))
    return vllm_kv_capacity(available, round(per_token), context, block_size)


def _attention_chunk(model: ModelSpec | Decimal) -> int | None:
    shape = resolve_shape(model)
    return None if shape.assumed else shape.arch.attention_chunk


def _assumed_shape(model: ModelSpec | Decimal) -> tuple[int, int] | None:
    shape = resolve_shape(model)
    return (shape.arch.layers, shape.arch.hidden) if shape.assumed else None


def concurrency_facts(query: Query, answer: Answer, cat: Catalogue) -> dict[str, Any]:
    """The sequences each precision answered serves at once (the lead one first), on the asked
    configuration or, with none, the cheapest offered one that holds the model."""
    primary = answer.primary
    if answer.error or answer.missing or primary is None or answer.params_b is None:
        return {}
    where = primary.fit
    on_cheapest = where is None
    if where is None:
        where = primary.cheapest
    if where is None:
        return {}
    model = estimator_model(query, answer.params_b, cat)
    methods = [primary] + [ma for ma in answer.methods if ma is not primary]
    found = tuple(c for c in (concurrency(query, cat.method(ma.memory.method), model, where)
                              for ma in methods) if c is not None)
    return {"concurrency": found, "concurrency_on_cheapest": on_cheapest} if found else {}


@dataclass(frozen=True, slots=True)
class TrainingSpeed:
    """A training run's tokens/s, on the asked configuration when it holds the model, else on
    the offered one where the run costs least (as the training-time answer times it)."""

    method: str
    gpu: str | None  # where it is estimated; None: no configuration holds the model
    gpu_count: int
    asked: bool  # on the configuration asked about
    peak_precision: Literal["bf16", "fp16", "fp32"]
    throughput: TrainingThroughput | None  # None: no cited peak TFLOPS (or no configuration)
    # The configuration asked holds the batch asked only as a smaller micro-batch with gradient
    # accumulation (the same effective batch): that micro-batch and its estimate per GPU, the
    # rate estimated there at it (as the training-time answer times such a run).
    micro_batch: int | None = None
    micro_batch_gb: Decimal | None = None
    # No micro-batch said: the one the rate is estimated at there (detail.typical_micro).
    typical_micro: int | None = None
    typical_micro_gb: Decimal | None = None


def training_speed_facts(query: Query, answer: Answer, cat: Catalogue,
                         on: tuple[str, int] | None = None) -> dict[str, Any]:
    """`on`: the configuration a budget buys hours of (another than the one asked, which we
    do not price), where the run is estimated as if asked there."""
    primary = answer.primary
    if answer.error or answer.missing or primary is None or answer.params_b is None:
        return {}
    method = cat.method(primary.memory.method)
    if method.kind != "training":
        return {}
    asked = primary.fit
    # A rate measured on the card asked is judged there, the run running (its fit aside).
    holds = asked is not None and asked.gpu is not None and (
        bool(answer.fits) or query.rate_judged is not None)
    micro: tuple[int, Decimal] | None = None
    if on is not None:
        target, on_asked = next((o for o in primary.options if (o.gpu, o.gpu_count) == on),
                                None), True
    elif holds:
        target, on_asked = asked, True
    else:
        micro = _micro_held(query, answer, method, cat)
        target, on_asked = (asked, True) if micro is not None \
            else _target(None, primary.options, cat, False)
    if target is None or target.gpu is None:
        return {"train_speed": TrainingSpeed(method=method.id, gpu=None, gpu_count=0,
                                             asked=False, peak_precision="bf16",
                                             throughput=None)}
    gpu = cat.gpu(target.gpu)
    # The peak the training-time answer times the run at (a P40's FP32 one too): the rate and
    # the hours agree, and a measured rate is judged against the same peak.
    peak, precision = _training_peak(gpu)
    ckpt = DEFAULT_GRAD_CKPT if query.grad_ckpt is None else query.grad_ckpt
    # A step's fixed costs are shared by a micro-batch's tokens (rules.training_time.StepCost).
    # Attention's own FLOPs grow with the tokens a sample holds (rules.training_time).
    seq = query.seq_len if query.seq_len and query.seq_len > 0 else DEFAULT_SEQ_LEN
    # No micro-batch said: the one the time answer times the run at there (detail.typical_micro).
    typical = None
    if micro is None and gpu.platform != "metal":
        held = typical_micro(query, method, estimator_model(query, answer.params_b, cat))
        typical = held(target) if held is not None else None
    step = seq * (micro[0] if micro is not None else typical[0] if typical is not None else
                  query.batch_size if query.batch_size and query.batch_size > 0
                  else DEFAULT_MICRO_BATCH)
    mac: dict[str, Any] = {"bandwidth_gbs": gpu.memory_bandwidth_gbs}
    detailed = answer.detailed
    if gpu.platform == "metal" and detailed is not None and detailed.gpu == gpu.id:
        # On a Mac the run is mlx-lm's, as the memory estimate beside it (its checkpointing,
        # its --num-layers: the backward pass goes through the trained layers alone), and its
        # QLoRA multiplies the packed 4-bit weights (no bitsandbytes dequantization pass).
        ckpt = detailed.grad_ckpt
        mac = {"trained": detailed.breakdown.trained_share, "bandwidth_gbs": None}
    rate = training_throughput(estimator_model(query, answer.params_b, cat), method, peak,
                               target.gpu_count, ckpt, tokens_per_step=step, seq_len=seq,
                               **mac) \
        if peak is not None else None
    return {"train_speed": TrainingSpeed(
        method=method.id, gpu=gpu.id, gpu_count=target.gpu_count, asked=on_asked,
        peak_precision=precision, throughput=rate,
        micro_batch=micro[0] if micro is not None else None,
        micro_batch_gb=micro[1] if micro is not None else None,
        typical_micro=typical[0] if typical is not None else None,
        typical_micro_gb=typical[1] if typical is not None else None)}


def _micro_held(query: Query, answer: Answer, method: Method,
                cat: Catalogue) -> tuple[int, Decimal] | None:
    """"seconds per step for qlora llama 3 8b bs 8 seq 2048 on my 4090": the card asked does
    not hold 8 sequences at once, a smaller micro-batch with gradient accumulation keeps the
    batch whole there: the largest such micro-batch and its estimate per GPU (bot.detail
    _held_micro_batch), when the card has a cited peak to estimate the rate at; else None (the
    rate is estimated where the run costs least, as before)."""
    primary = answer.primary
    asked = primary.fit if primary is not None else None
    if asked is None or asked.gpu is None or query.batch_size is None or query.batch_size < 2 \
            or answer.params_b is None or _training_peak(cat.gpu(asked.gpu))[0] is None:
        return None
    model = estimator_model(query, answer.params_b, cat)
    return _held_micro_batch(query, method, model, asked.gpu_count, asked, query.batch_size)
