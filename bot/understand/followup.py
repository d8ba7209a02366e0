"""Follow-up questions: "¿y en una H100?" after "¿QLoRA de 70B en una 4090?".

A short question that names no model, or one that starts like a follow-up ("and", "what
about", "y", "et"), takes what it leaves out from the previous question in the same chat:
the model, the method, the GPUs, the hours and the detailed settings. Anything it says
itself wins. The result is marked ``follow_up`` so the answer can say where the rest came
from.
"""

from __future__ import annotations

import re
from typing import Any, Final

from bot.understand.normalise import fold
from bot.understand.query import Intent, Query
from rules.model_catalogue import ModelCatalogue

# Questions about a model that a follow-up can continue.
_MODEL_INTENTS: Final = frozenset({"fit", "memory", "cost", "recommend", "compare"})
# What a new question may say that continues the previous one.
_CARRYABLE: Final = (
    "gpu", "gpu_text", "vram_gb", "gpu_count", "method", "inference", "hours", "seq_len",
    "batch_size", "dataset_tokens", "lora_rank", "grad_ckpt", "details",
)
_SETTINGS: Final = ("seq_len", "batch_size", "dataset_tokens", "lora_rank", "grad_ckpt")
# Folded (lower case, no accents) openings of a follow-up in en, es and fr.
_MARKER: Final = re.compile(
    r"^\W*(?:and|what about|how about|what if|also|then|y|e|y si|y con|y en|y para|"
    r"et|et si|et pour|et sur|et avec|et en|qu'en est-il|alors|and with|and on|and for)\b"
)
SHORT_WORDS: Final = 8  # "and on 2 H100s for 10 hours?" is still a follow-up without a marker


def _said(query: Query, field: str) -> bool:
    value = getattr(query, field)
    return value not in (None, False, ())


def follow_up(new: Query, previous: Query | None, models: ModelCatalogue | None = None) -> Query:
    """`new`, completed from `previous` when it continues it; else `new` unchanged.
    `models` names the family member a bare size picks ("70B" → Llama 3 70B)."""
    if previous is None or previous.intent not in _MODEL_INTENTS:
        return new
    if previous.params_b is None:
        # "Which one: Llama 3 8B or 70B?" answered with "70B" (or a model's name).
        if previous.family and _names_model(new) and not _said(new, "gpu"):
            merged = _merge(new, previous, names_model=True)
            if merged.model_id is None and models is not None:
                for model_id in previous.family:
                    spec = models.get(model_id)
                    if spec.params_b == merged.params_b:
                        return merged.model_copy(
                            update={"model_id": spec.id, "params_b": spec.params_b}
                        )
            return merged
        return new
    if new.intent in ("pay", "alert", "help", "prices") and not _continues(new):
        return new
    if new.text.lstrip().startswith("/"):
        return new  # a command says what it wants
    marker = bool(_MARKER.match(fold(new.text)))
    short = len(new.text.split()) <= SHORT_WORDS
    names_model = _names_model(new)
    says_something = any(_said(new, f) for f in _CARRYABLE) or new.intent in (
        "cost", "recommend",
    )
    if names_model:
        # "and 13B?" keeps the GPU and method; "QLoRA 13B on an A100" is a new question.
        if not marker or _said(new, "gpu") or _said(new, "vram_gb"):
            return new
    elif not (says_something and (marker or short)):
        return new
    return _merge(new, previous, names_model)


def _names_model(query: Query) -> bool:
    return query.params_b is not None or query.model_id is not None


def _continues(new: Query) -> bool:
    """A bare GPU ("and on an H100?") reads as the price list; in a conversation it
    continues. Payment, alerts and help never do."""
    return new.intent == "prices" and (_said(new, "gpu") or _said(new, "vram_gb")) and (
        len(new.text.split()) <= SHORT_WORDS
    )


def _merge(new: Query, previous: Query, names_model: bool) -> Query:
    update: dict[str, Any] = {"follow_up": True, "lang": new.lang or previous.lang}
    if not names_model:
        update.update(params_b=previous.params_b, model_id=previous.model_id)
    if new.method is None and not new.inference:
        update.update(method=previous.method, inference=previous.inference)
    has_gpu = _said(new, "gpu") or _said(new, "vram_gb") or _said(new, "gpu_text")
    if not has_gpu:
        update.update(
            gpu=previous.gpu, gpu_text=previous.gpu_text, vram_gb=previous.vram_gb,
            other_gpus=previous.other_gpus,
            gpu_count=new.gpu_count if new.gpu_count is not None else previous.gpu_count,
        )
    for field in _SETTINGS:
        if not _said(new, field) and _said(previous, field):
            update[field] = getattr(previous, field)
    if not new.details and previous.details:
        update["details"] = True
    intent = _intent(new, previous, has_gpu)
    if intent == "cost" and new.hours is None:
        update["hours"] = previous.hours
    gpu_after = update.get("gpu", new.gpu) or update.get("vram_gb", new.vram_gb)
    if intent in ("fit", "memory"):
        intent = "fit" if gpu_after else "memory"
    update["intent"] = intent
    return new.model_copy(update=update)


def _intent(new: Query, previous: Query, has_gpu: bool) -> Intent:
    if new.hours is not None or new.intent == "cost":
        return "cost"
    if new.intent == "compare" or (new.intent == "recommend" and not has_gpu):
        return new.intent
    if previous.intent in ("recommend", "compare") and has_gpu:
        return "fit"  # "and on an H100?" after "the cheapest GPU for 70B?" or "A100 vs H100"
    return previous.intent
