"""Typed errors with stable codes: the bot turns them into a localized reply, never a traceback."""

from __future__ import annotations

from typing import Any


class RulesError(ValueError):
    """Bad input to the engine. ``code`` is stable (used in JSON and templates); ``params`` fill
    the localized explanation."""

    code: str = "invalid_input"

    def __init__(self, message: str = "", **params: Any) -> None:
        super().__init__(message or self.code)
        self.params: dict[str, Any] = params


class InvalidModelSize(RulesError):
    code = "invalid_model_size"


class UnknownGPU(RulesError):
    code = "unknown_gpu"


class GPUCountOutOfRange(RulesError):
    code = "gpu_count_out_of_range"


class GPUNotRented(RulesError):
    """A price or a quote for a GPU the service does not rent (the bot still sizes jobs on it)."""

    code = "gpu_not_rented"


class ClosedWeights(RulesError):
    """A model whose weights are not published (GPT-4, Claude, Gemini): nothing to size."""

    code = "closed_weights"


class UnknownModel(RulesError):
    """A model named that the catalogue does not know ("foobar 9"): its size is asked for."""

    code = "unknown_model"


class NotAnLLM(RulesError):
    """A model that is not a large language model (Whisper, Stable Diffusion, FLUX.1, YOLO):
    the rules size LLMs only, so there is nothing to answer for it."""

    code = "not_an_llm"


class InvalidHours(RulesError):
    code = "invalid_hours"


class InvalidVRAM(RulesError):
    code = "invalid_vram"


class UnknownMethod(RulesError):
    code = "unknown_method"


class PriceNotPublished(RulesError):
    code = "price_not_published"


class ThresholdNotUSD(RulesError):
    """An alert's price in euros, pounds…: prices are in US dollars and the seeds give no
    exchange rate, so no alert is set on a converted figure."""

    code = "threshold_not_usd"


class BudgetNotUSD(RulesError):
    """A budget in euros or pounds: prices are in US dollars and the seeds give no exchange
    rate, so nothing is converted."""

    code = "budget_not_usd"


class NoAssumedHours(RulesError):
    """Inference has no illustrative duration in the seed: a quote needs the user's hours."""

    code = "hours_required"


class DataError(Exception):
    """A packaged data file is invalid: a programming/deployment error, raised at load."""
