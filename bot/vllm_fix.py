"""What makes a vLLM serving question fit when the detailed estimate misses vLLM's share of
each GPU: the settings a vLLM user changes, each estimated again by the detailed estimator
(bot.detail), none guessed. A larger --gpu-memory-utilization (when the whole card holds it),
a shorter --max-model-len (the longest context the share holds), an FP8 KV cache
(--kv-cache-dtype fp8) and tensor parallelism over more of the same GPUs (--tensor-parallel-size,
the counts the model's heads split over). Quantized weights are the other precisions' lines of
the reply already, unless the question named one precision ("vllm serve google/gemma-3-27b-it"
serves its BF16 checkpoint, "--dtype bfloat16"): then the highest lower precision whose
checkpoint fits as asked is one of the settings, or where none does at that context, the
highest with the longest --max-model-len it holds. Facts only: bot.render.lines words them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from decimal import ROUND_CEILING, Decimal
from typing import TYPE_CHECKING

from bot.detail import (
    DEFAULT_SEQ_LEN,
    estimate_on,
    estimator_model,
    longest_context,
    usable_per_gpu,
)
from bot.understand.query import Query
from rules.catalogue import Catalogue
from rules.fit import Fit, capacity_per_gpu, fit, fit_vram
from rules.model_catalogue import ModelSpec
from rules.schema import Method

if TYPE_CHECKING:
    from bot.answer import Answer

__all__ = ["VllmFixes", "vllm_fixes"]

# The largest share suggested: vLLM's own maintainers advise against 1 (some memory is taken
# even when idle: vllm-project/vllm#10797), and other processes hold some of the card.
HIGHEST_SHARE = Decimal("0.95")
_CENT = Decimal("0.01")


@dataclass(frozen=True, slots=True)
class VllmFixes:
    """Each setting that makes it fit, with the detailed estimate per GPU then (None: that
    setting does not make it fit, or does not apply)."""

    gpu: str | None
    gpu_count: int
    vram_per_card_gb: Decimal  # the asked card's memory (named by its memory: how it is said)
    share_needed: Decimal | None = None  # the --gpu-memory-utilization that holds it as asked
    max_model_len: int | None = None  # the longest context the share holds (< the asked one)
    model_max: bool = False  # that is the model's published maximum (the share holds more)
    kv_fp8_gb: Decimal | None = None  # per GPU with --kv-cache-dtype fp8
    tp: int | None = None  # the fewest GPUs over which it fits (--tensor-parallel-size)
    tp_gb: Decimal | None = None
    # One precision asked and missed: the bits of the highest lower precision whose checkpoint
    # fits on the asked configuration at the same settings, and its detailed estimate per GPU.
    quant_bits: int | None = None
    quant_gb: Decimal | None = None
    # No lower precision fits at the asked context: the longest --max-model-len the highest
    # one that fits at all holds (quant_bits/quant_gb are then that checkpoint's at it).
    quant_len: int | None = None
    # --enforce-eager (no CUDA graphs captured, their reserve freed): per GPU then, and the
    # --gpu-memory-utilization it also takes when the default share is still short.
    eager_gb: Decimal | None = None
    eager_share: Decimal | None = None

    @property
    def any(self) -> bool:
        return any(x is not None for x in (self.share_needed, self.max_model_len,
                                           self.kv_fp8_gb, self.tp, self.quant_bits,
                                           self.eager_gb))


def vllm_fixes(query: Query, answer: Answer, catalogue: Catalogue) -> VllmFixes | None:
    """The settings above for a vLLM serving answer whose lead misses by the detailed estimate
    on the asked configuration; None otherwise."""
    detailed, primary = answer.detailed, answer.primary
    if query.engine != "vllm" or detailed is None or detailed.kind != "inference" \
            or detailed.check is None or detailed.check.detailed_fits \
            or detailed.check.card_gb is None or primary is None or primary.fit is None \
            or answer.params_b is None:
        return None
    cat = catalogue
    asked = primary.fit
    method = cat.method(primary.memory.method)
    model = estimator_model(query, answer.params_b, cat)
    check = detailed.check
    card = check.card_gb
    assert card is not None
    budget = check.vram_per_gpu_gb
    need = check.detailed_per_gpu_gb
    share: Decimal | None = (need / card).quantize(_CENT, rounding=ROUND_CEILING)
    if share is not None and share > HIGHEST_SHARE:
        share = None
    longest: int | None = None
    capped = False
    if "seq_len" not in detailed.defaults:
        found = longest_context(query, method, model, asked)
        if 0 < found.tokens < detailed.seq_len:
            longest, capped = found.tokens, found.capped and found.model_max is not None
    fp8: Decimal | None = None
    if query.kv_cache_type is None:
        cheaper = estimate_on(query.with_settings({"kv_cache_type": "fp8"}), method, model,
                              asked)
        if cheaper is not None and cheaper.per_gpu_gb <= budget:
            fp8 = cheaper.per_gpu_gb
    eager, eager_share = _eager(query, method, model, asked, need, budget, card, share)
    tp: int | None = None
    tp_gb: Decimal | None = None
    spec = model if isinstance(model, ModelSpec) else None
    per_card = asked.vram_gb / asked.gpu_count
    for n in (2, 4, 8):
        if n <= asked.gpu_count or n > cat.limits.max_gpus:
            continue
        if spec is not None and spec.arch is not None and not spec.arch.tensor_parallel_ok(n):
            continue
        config = fit(method.id, answer.params_b, asked.gpu, n, catalogue=cat,
                     memory_gb=query.gpu_memory_gb) if asked.gpu is not None else fit_vram(
            method.id, answer.params_b, per_card, n, catalogue=cat)
        breakdown = estimate_on(query.with_settings({"gpu_count": n}), method, model,
                                config)
        if breakdown is not None and breakdown.per_gpu_gb <= usable_per_gpu(
                query, method, capacity_per_gpu(config)):
            tp, tp_gb = n, breakdown.per_gpu_gb
            break
    quant_bits: int | None = None
    quant_gb: Decimal | None = None
    quant_len: int | None = None
    if len(answer.methods) == 1:
        # The lower precisions are not the reply's lines: the first that fits, highest first
        for other, config in _lower_precisions(query, answer, cat, method):
            breakdown = estimate_on(query, other, model, config)
            if breakdown is not None and breakdown.per_gpu_gb <= usable_per_gpu(
                    query, other, capacity_per_gpu(config)):
                quant_bits, quant_gb = other.weight_bits, breakdown.per_gpu_gb
                break
        else:
            if longest is None:  # a shorter context of its own precision says it better
                quant_bits, quant_gb, quant_len = _quant_shorter(query, answer, cat, method,
                                                                 model)
    fixes = VllmFixes(gpu=asked.gpu, gpu_count=asked.gpu_count, vram_per_card_gb=per_card,
                      share_needed=share, max_model_len=longest, model_max=capped,
                      kv_fp8_gb=fp8, tp=tp, tp_gb=tp_gb, quant_bits=quant_bits,
                      quant_gb=quant_gb, quant_len=quant_len, eager_gb=eager,
                      eager_share=eager_share)
    return fixes if fixes.any else None


def _eager(
    query: Query, method: Method, model: ModelSpec | Decimal, asked: Fit, need: Decimal,
    budget: Decimal, card: Decimal, share: Decimal | None,
) -> tuple[Decimal | None, Decimal | None]:
    """--enforce-eager where it is not said: vLLM captures no CUDA graphs, so their reserve
    within the share is freed (vLLM docs, --enforce-eager), at some decode speed. Its figure
    when that alone fits the share; else, when no share up to HIGHEST_SHARE holds the run
    as asked, the share that holds it eager ("qwen2.5 72b int4 on 2x 4090, 16k": 26.2 GB a
    GPU, 25.4 eager, 0.99 of the card). (None, None) otherwise."""
    if query.enforce_eager:
        return None, None
    eager = estimate_on(query.with_settings({"enforce_eager": True}), method, model, asked)
    if eager is None or eager.per_gpu_gb >= need:
        return None, None
    if eager.per_gpu_gb <= budget:
        return eager.per_gpu_gb, None
    needed = (eager.per_gpu_gb / card).quantize(_CENT, rounding=ROUND_CEILING)
    if share is None and needed <= HIGHEST_SHARE:
        return eager.per_gpu_gb, needed
    return None, None


def _quant_shorter(
    query: Query, answer: Answer, cat: Catalogue, method: Method, model: ModelSpec | Decimal
) -> tuple[int | None, Decimal | None, int | None]:
    """No lower precision's checkpoint fits at the asked context ("vllm serve
    meta-llama/Llama-3.1-70B-Instruct on 2x 4090": 131,072 tokens' KV cache beside even 4-bit
    weights): the highest that fits at a shorter --max-model-len, the longest it holds by the
    detailed estimate, with its figure there. Only where that context is the one vLLM
    defaults to or the one said (an assumed one is no setting of the user's to shorten), and
    not shorter than the 2,048 tokens assumed where none is said: Qwen2.5 72B's 4-bit
    checkpoint holds 382 tokens on 2× RTX 4090, no serving anyone would start."""
    detailed, primary = answer.detailed, answer.primary
    assert detailed is not None and primary is not None and primary.fit is not None
    assert answer.params_b is not None
    if "seq_len" in detailed.defaults:
        return None, None, None
    for other, config in _lower_precisions(query, answer, cat, method):
        found = longest_context(query, other, model, config)
        if DEFAULT_SEQ_LEN <= found.tokens < detailed.seq_len and found.per_gpu_gb is not None:
            return other.weight_bits, found.per_gpu_gb, found.tokens
    return None, None, None


def _lower_precisions(
    query: Query, answer: Answer, cat: Catalogue, method: Method
) -> Iterator[tuple[Method, Fit]]:
    """Each inference precision below `method`'s, highest first, with its planning fit on the
    configuration asked (the card, else its memory per card)."""
    primary = answer.primary
    assert primary is not None and primary.fit is not None and answer.params_b is not None
    asked = primary.fit
    per_card = asked.vram_gb / asked.gpu_count
    for lower in cat.method_ids("inference"):
        other = cat.method(lower)
        if other.weight_bits >= method.weight_bits:
            continue
        yield other, (fit(other.id, answer.params_b, asked.gpu, asked.gpu_count, catalogue=cat,
                          memory_gb=query.gpu_memory_gb) if asked.gpu is not None
                      else fit_vram(other.id, answer.params_b, per_card, asked.gpu_count,
                                    catalogue=cat))
