"""A corpus read through a model ("process 10M tokens with llama 3 8b on an h100, how long",
"procesar 10M tokens con …", "traiter 10M de tokens avec …"): the forward pass over its tokens
(rules.batch_time), on the configuration asked when the model fits there, else on the cheapest
offered configuration that holds it, and what that costs by the block rule (rules.quote, as the
training time's cost)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Literal

from bot.detail import _peak
from rules.batch_time import ForwardTime, forward_time
from rules.errors import RulesError
from rules.quote import Quote, quote

if TYPE_CHECKING:
    from bot.answer import Answer
    from bot.understand.query import Query
    from rules.catalogue import Catalogue

__all__ = ["BatchRun", "batch_run"]


@dataclass(frozen=True, slots=True)
class BatchRun:
    gpu: str
    gpu_count: int
    on_asked: bool  # the configuration asked (else the cheapest offered one that holds it)
    time: ForwardTime | None  # None: no cited peak for the card
    peak_precision: Literal["bf16", "fp16"]
    peak_source: str | None
    peak_derived: bool
    peak_fp32_accumulate: bool
    moe: bool
    quote: Quote | None
    problem: Literal["no_peak", "no_price", "too_long"] | None = None
    # The tokens written back, when each document's output was said ("200 out"): the same
    # 2·N FLOPs a token, a floor decode reaches only with many documents decoded at once.
    written: ForwardTime | None = None


def batch_run(query: Query, answer: Answer, cat: Catalogue) -> BatchRun | None:
    """The batch job's time and cost, or None when it is not that question or there is no
    configuration to time it on."""
    tokens = query.dataset_tokens
    primary = answer.primary
    if not query.batch_processed or tokens is None or primary is None:
        return None
    fit = primary.fit
    if fit is not None and fit.gpu is not None and answer.fits is not False:
        gpu_id, count, on_asked = fit.gpu, fit.gpu_count, True
    elif primary.cheapest is not None and primary.cheapest.gpu is not None:
        gpu_id, count, on_asked = primary.cheapest.gpu, primary.cheapest.gpu_count, False
        # "… on 4 gpus", no card named: the cheapest offered configuration of that count that
        # holds it, as a cost question on a count is quoted (was 1× L40S)
        counted = next((o for o in primary.options if o.gpu is not None
                        and o.gpu_count == query.gpu_count), None) \
            if query.gpu is None and query.gpu_count else None
        if counted is not None and counted.gpu is not None:
            gpu_id, count = counted.gpu, counted.gpu_count
    else:
        return None
    gpu = cat.gpu(gpu_id)
    spec = cat.models.get(query.model_id) if query.model_id is not None else None
    model = spec if spec is not None else answer.params_b
    if model is None:
        return None
    moe = spec is not None and spec.active_params_b is not None
    peak, precision = _peak(gpu)
    written = forward_time(model, query.batch_docs * query.batch_out_tokens, peak, count) \
        if peak is not None and query.batch_docs and query.batch_out_tokens else None

    def made(time: ForwardTime | None, q: Quote | None,
             problem: Literal["no_peak", "no_price", "too_long"] | None = None) -> BatchRun:
        """The run on this configuration: what varies is its time, its quote and why not."""
        return BatchRun(gpu=gpu.id, gpu_count=count, on_asked=on_asked, time=time,
                        peak_precision=precision, peak_source=gpu.peak_source,
                        peak_derived=gpu.peak_derived,
                        peak_fp32_accumulate=bool(gpu.peak_fp32_accumulate), moe=moe, quote=q,
                        problem=problem, written=written)

    if peak is None:
        return made(None, None, "no_peak")
    run = forward_time(model, int(tokens), peak, count)
    if not gpu.rented or gpu.usd_per_gpu_hour is None:
        return made(run, None, "no_price")
    # Wall-clock hours from the rounded GPU-hours, so the quote repeats the same GPU-hours; a
    # run shorter than the 0.01 h the estimate is rounded to is still billed. The tokens
    # written back, when said, are billed with the input.
    gpu_hours = run.gpu_hours + (written.gpu_hours if written is not None else 0)
    hours = max(gpu_hours / count, Decimal("0.01"))
    try:
        q = quote(gpu.id, count, hours, catalogue=cat)
    except RulesError:
        return made(run, None, "too_long")
    return made(run, q)
