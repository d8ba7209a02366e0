"""What a configuration can do with a model beyond whether it fits: the longest context the
detailed estimator fits, and the memory-bandwidth upper bound of decode speed.

The longest context is a search over the detailed estimator (rules.estimator), not a formula of
its own: the caller hands in the per-GPU estimate as a function of the sequence length, with
every other setting fixed, and this finds the largest length it fits. The estimate never shrinks
as the sequence grows (activations, logits and the KV cache grow with it), so a binary search
finds that length with about log2(limit) estimates.

The decode bound: generating one token of one sequence reads every weight once and the whole
KV cache once, so tokens/s <= bandwidth / bytes read per token. Per GPU in tensor parallel:
each GPU reads its shard at its own bandwidth (communication not counted). It is an upper bound
from the datasheet bandwidth, never a measurement; no efficiency factor is applied.

Concurrent sequences: how many sequences' KV caches fit beside the weights within the share of
the memory a serving engine takes (vLLM's gpu_memory_utilization, 0.92 by default: data in
rules/data/serving.toml). The same search, over the batch instead of the length: the detailed
estimate never shrinks as sequences are added. An upper bound from memory alone.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from decimal import ROUND_CEILING, ROUND_FLOOR, ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal
from functools import cache
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rules import data_files
from rules.errors import DataError
from rules.estimator import load_constants
from rules.quote import billable_gpu_hours

__all__ = [
    "CONCURRENCY_LIMIT",
    "SEARCH_LIMIT",
    "Concurrency",
    "DecodeBound",
    "Generation",
    "LongestContext",
    "VllmKvCapacity",
    "decode_upper_bound",
    "generation",
    "longest_fitting",
    "max_model_len_url",
    "most_sequences",
    "serving_utilization",
    "serving_utilization_before",
    "serving_utilization_url",
    "tgi_memory_fraction",
    "vllm_batched_tokens",
    "vllm_batched_tokens_defaults",
    "vllm_graphs_since",
    "vllm_kv_capacity",
    "vllm_share_parts",
]

# The search's upper end when the model's published maximum is not on file: 2^20 tokens, 8×
# the 128k of the longest contexts on file. Not a model's limit: the reply says the search
# stopped there.
SEARCH_LIMIT = 1 << 20
_HALF = Decimal("0.5")  # of a tenth of a GB (longest_fitting)
_GIGA_BYTES = 1e9  # a GB, as the estimator rounds its bytes (rules.estimator _GB)
_GIGA = Decimal(10**9)  # bytes in a GB
_GIBI = Decimal(2**30)  # bytes in a GiB, vLLM's unit (GiB_bytes)
# The concurrency search's upper end: 2^16 sequences, far past what any engine schedules at
# once; the reply says "at least" when the memory holds that many.
CONCURRENCY_LIMIT = 1 << 16


@dataclass(frozen=True, slots=True)
class LongestContext:
    """The longest sequence (training) or context (serving) one method fits."""

    method: str
    tokens: int  # the largest length that fits; 0 when not even one token does
    limit: int  # the search's upper end: the model's published maximum, else SEARCH_LIMIT
    capped: bool  # the memory holds `limit` itself: the limit, not the memory, decides
    model_max: int | None  # the model's published maximum context, when on file
    per_gpu_gb: Decimal | None  # the detailed estimate at `tokens`
    # vLLM named: the share of each GPU's memory it takes (its default
    # --gpu-memory-utilization), within which the context was searched; None: the whole memory.
    utilization: Decimal | None = None
    vram_per_gpu_gb: Decimal | None = None  # each GPU's memory, beside that share
    utilization_said: bool = False  # the share is the user's --gpu-memory-utilization
    engine: str = "vllm"  # whose share `utilization` is: "tgi" when TGI is named (its own)


def longest_fitting(
    per_gpu_gb: Callable[[int], Decimal | None], vram_per_gpu_gb: Decimal, limit: int,
    *, rising: bool = False, exact: Callable[[int], float | None] | None = None,
) -> int:
    """The largest n in [1, limit] with per_gpu_gb(n) <= vram_per_gpu_gb (0 when none):
    per_gpu_gb must not decrease with n; None means the estimator refused n (taken as no fit).

    The estimate is close to a straight line in n: the search first tries where the line
    through the estimates at 1 and at the limit crosses the memory, then steps away from that
    guess by doubling steps until the boundary is bracketed, then halves the bracket. A guess
    within a few hundred tokens brackets in a step or two; a poor one costs what bisection
    would, plus those steps.

    `rising`: per_gpu_gb rises with n everywhere, in tenths of a GB (the detailed estimate when
    no part of it is sized from the memory left). The line then aims at the last tenth within
    the memory and a half (what an estimate in tenths rounds below) and the first step is 1:
    the guess is most often the answer or a token or two from it, and its neighbour brackets
    it at once, where a first step of 1/256 of the guess left that step's bracket to halve.
    Any bracketing of a rising estimate finds the same n. Not otherwise: Unsloth's offload or
    a paged optimizer sized to the card can make a longer sequence need less, and there the
    search keeps the lengths it always tried, so that its answer stays the one given.

    `exact` (rising only): the figure per_gpu_gb(n) rounds, in bytes, for a length it was
    asked of (1 and the limit). The line is then drawn through those, not through tenths of a
    GB: at the limit's million tokens a tenth of a GB is some thirty tokens of the line, so
    the guess was a few to a dozen tokens off and took 4 to 8 more estimates to bracket; the
    same n, most often in the guess and its neighbour."""
    if limit < 1:
        raise ValueError("limit must be at least 1")

    def fits(n: int) -> bool:
        gb = per_gpu_gb(n)
        return gb is not None and gb <= vram_per_gpu_gb

    first = per_gpu_gb(1)
    if first is None or first > vram_per_gpu_gb:
        return 0
    last = per_gpu_gb(limit)
    if last is not None and last <= vram_per_gpu_gb:
        return limit
    low, high = 1, limit  # low fits, high does not
    if last is not None and last > first and limit > 2:
        edge = (Decimal(math.floor(vram_per_gpu_gb * 10)) + _HALF) / 10 if rising \
            else vram_per_gpu_gb
        share = (edge - first) / (last - first)
        if rising and exact is not None:
            # Bytes at 1 and at the limit, as the estimator summed them before rounding.
            low_bytes, high_bytes = exact(1), exact(limit)
            if low_bytes is not None and high_bytes is not None and high_bytes > low_bytes:
                share = Decimal((float(edge) * _GIGA_BYTES - low_bytes)
                                / (high_bytes - low_bytes))
        guess = min(max(1 + int(share * (limit - 1)), 2), limit - 1)
        step = 1 if rising else max(1, guess // 256)
        if fits(guess):
            low = guess
            while low + step < high and fits(low + step):
                low, step = low + step, step * 2
            high = min(high, low + step)
        else:
            high = guess
            while high - step > low and not fits(high - step):
                high, step = high - step, step * 2
            low = max(low, high - step)
    while high - low > 1:
        mid = (low + high) // 2
        if fits(mid):
            low = mid
        else:
            high = mid
    return low


@dataclass(frozen=True, slots=True)
class DecodeBound:
    """The bandwidth bound of one sequence's decode on `gpus` GPUs in tensor parallel (or,
    `layer_split`, in llama.cpp's layer split)."""

    method: str
    gpu: str
    gpus: int
    context: int  # tokens in the KV cache
    weights_gb: Decimal  # read per token, per GPU (MoE: the active parameters' share)
    kv_gb: Decimal  # read per token, per GPU
    bandwidth_gbs: Decimal | None  # per GPU, from the datasheet; None: none cited
    tokens_per_second: Decimal | None  # the bound, rounded down; None without a bandwidth
    active_fraction: Decimal | None = None  # MoE: active / total parameters
    fits: bool = True  # the detailed estimate holds the model and that context there
    # Several sequences decoded together (a batch stated, and it fits): one step reads the
    # weights once and every sequence's cache, so the bound in all is
    # batch × bandwidth / (weights + batch × KV), and each sequence gets a batch-th of it.
    batch: int = 1
    batch_kv_gb: Decimal | None = None
    batch_tokens_per_second: Decimal | None = None  # in all
    batch_each_tokens_per_second: Decimal | None = None
    # The batch stated does not fit there together: the memory per GPU it needs (the bound is
    # then one sequence's alone).
    batch_misses_gb: Decimal | None = None
    # llama.cpp's default --split-mode layer (a GGUF on several GPUs): each GPU holds whole
    # layers and a token passes through them in turn, so their reads add up in time instead of
    # running side by side: the bound is one GPU's bandwidth over all of them.
    layer_split: bool = False
    # Prompt processing (prefill): compute-bound, the peak dense TFLOPS (BF16, else FP16) over
    # the forward pass's 2·N FLOPs a token; None without a cited peak. The pace at that peak,
    # not a hard bound: int8 kernels and FP16 accumulation can pass it.
    peak_tflops: Decimal | None = None
    prefill_tokens_per_second: Decimal | None = None
    # A GGUF in llama.cpp's layer split over cards of different memory and bandwidth ("2x 3090
    # + a 3060"): each card holds the share of the layers its memory gives it (--tensor-split)
    # and reads it at its own bandwidth, in turn: (card id, GB read per token, its GB/s), one
    # entry a card. The bound is then every weight and KV byte over the sum of those times.
    rig_reads: tuple[tuple[str, Decimal, Decimal], ...] = ()

    @property
    def read_gb(self) -> Decimal:
        return self.weights_gb + self.kv_gb


def decode_upper_bound(read_gb_per_gpu: Decimal, bandwidth_gbs: Decimal) -> Decimal:
    """Tokens/s at most, for one sequence: the bytes each GPU reads per token over its peak
    bandwidth; rounded down (to the unit from 10 tokens/s, else to a tenth)."""
    if read_gb_per_gpu <= 0 or bandwidth_gbs <= 0:
        raise ValueError("bytes read and bandwidth must be positive")
    rate = bandwidth_gbs / read_gb_per_gpu
    step = Decimal(1) if rate >= 10 else Decimal("0.1")
    return rate.quantize(step, rounding=ROUND_FLOOR)


@dataclass(frozen=True, slots=True)
class Generation:
    """Tokens generated at decode's bandwidth bound on `gpus` × `gpu`: an upper bound of the
    speed, so the hours are a floor of the time and the cost a floor of what is paid."""

    gpu: str
    gpus: int
    tokens: Decimal | None  # to generate; None: a rate was asked (per hour, day, million)
    tokens_per_second: Decimal  # one sequence's bound
    seconds: Decimal | None  # tokens / the bound
    usd_per_hour: Decimal | None  # the configuration's price; None: not rented or unpublished
    cost_usd: Decimal | None  # the seconds billed per minute at that price
    usd_per_million: Decimal | None  # the price of a million tokens at the bound
    batch: int = 1
    batch_tokens_per_second: Decimal | None = None  # in all, `batch` sequences together
    batch_seconds: Decimal | None = None
    batch_cost_usd: Decimal | None = None
    batch_usd_per_million: Decimal | None = None
    # The bound is of a layer split: the layers the GPU cannot hold read from system RAM.
    ram_offload: bool = False

    @property
    def hours(self) -> Decimal | None:
        return None if self.seconds is None else self.seconds / 3600

    @property
    def batch_hours(self) -> Decimal | None:
        return None if self.batch_seconds is None else self.batch_seconds / 3600

    def tokens_in(self, hours: int) -> Decimal:
        """The tokens one sequence generates in `hours` at the bound, to 3 figures, down."""
        return _three_figures_down(self.tokens_per_second * 3600 * hours)

    def batch_tokens_in(self, hours: int) -> Decimal | None:
        rate = self.batch_tokens_per_second
        return None if rate is None else _three_figures_down(rate * 3600 * hours)

    def usd_per_thousand(self, batched: bool = False) -> Decimal | None:
        """A thousand tokens' price at the bound (one sequence's, or the batch's), to three
        significant figures, down: "at least $0.00284" stays a floor."""
        per_million = self.batch_usd_per_million if batched else self.usd_per_million
        return None if per_million is None else _figures_down(per_million / 1000, 3)

    def tokens_per_dollar(self, batched: bool = False) -> Decimal | None:
        """The tokens a dollar buys at the bound, to three figures, down: a ceiling."""
        rate = self.batch_tokens_per_second if batched else self.tokens_per_second
        if rate is None or self.usd_per_hour is None or self.usd_per_hour <= 0:
            return None
        return _three_figures_down(rate * 3600 / self.usd_per_hour)


def _three_figures_down(value: Decimal) -> Decimal:
    """"at most about 17.6 million tokens", not 17,625,600: rounded down, still a bound."""
    step = Decimal(10) ** max(0, value.adjusted() - 2)
    return (value / step).to_integral_value(rounding=ROUND_FLOOR) * step


def _figures_down(value: Decimal, figures: int) -> Decimal:
    """`value` to `figures` significant figures, rounded down, below one too (0.002847 →
    0.00284)."""
    step = Decimal(10) ** (value.adjusted() - figures + 1)
    return (value / step).to_integral_value(rounding=ROUND_FLOOR) * step


def generation(
    tokens: Decimal | None, tokens_per_second: Decimal, gpu: str, gpus: int,
    usd_per_gpu_hour: Decimal | None, billing_minutes: int, *, batch: int = 1,
    batch_tokens_per_second: Decimal | None = None, ram_offload: bool = False,
) -> Generation:
    """The time, cost and price per million tokens of generating at decode's bound: tokens /
    tokens/s, billed per `billing_minutes` (a started minute is paid) at `gpus` × the GPU's
    hourly price; exact decimals."""
    if tokens_per_second <= 0 or gpus < 1 or (tokens is not None and tokens <= 0):
        raise ValueError("tokens, tokens/s and GPUs must be positive")
    per_hour = None if usd_per_gpu_hour is None else usd_per_gpu_hour * gpus

    def paid(seconds: Decimal | None) -> Decimal | None:
        if seconds is None or usd_per_gpu_hour is None:
            return None
        return billable_gpu_hours(seconds / 3600 * gpus, billing_minutes) * usd_per_gpu_hour

    def per_million(rate: Decimal | None) -> Decimal | None:
        if per_hour is None or rate is None or rate <= 0:
            return None
        return per_hour * 10**6 / (rate * 3600)

    seconds = None if tokens is None else tokens / tokens_per_second
    together = batch_tokens_per_second if batch > 1 and batch_tokens_per_second else None
    batch_seconds = None if tokens is None or together is None else tokens / together
    return Generation(
        gpu=gpu, gpus=gpus, tokens=tokens, tokens_per_second=tokens_per_second,
        seconds=seconds, usd_per_hour=per_hour, cost_usd=paid(seconds),
        usd_per_million=per_million(tokens_per_second), batch=batch if together else 1,
        batch_tokens_per_second=together, batch_seconds=batch_seconds,
        batch_cost_usd=paid(batch_seconds), batch_usd_per_million=per_million(together),
        ram_offload=ram_offload,
    )


def prefill_upper_bound(params_b: Decimal, peak_tflops: Decimal, gpus: int) -> Decimal:
    """Prompt tokens/s at the peak: `gpus` GPUs' peak FLOPS side by side over the forward
    pass's FLOPs a token (rules/data/detailed.toml flops.forward_per_param_token × N); rounded
    down to the unit. Attention's FLOPs, which grow with the context, are left out."""
    if params_b <= 0 or peak_tflops <= 0 or gpus < 1:
        raise ValueError("parameters, peak and GPUs must be positive")
    per_token = Decimal(repr(load_constants()["flops.forward_per_param_token"])) * params_b * 10**9
    return (peak_tflops * 10**12 * gpus / per_token).quantize(Decimal(1), rounding=ROUND_FLOOR)


# ----------------------------------------------------------------------------- concurrency


class _Default(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    value: Decimal = Field(gt=0, le=1)
    source: str = Field(min_length=3)
    url: str | None = Field(default=None, pattern=r"^https://")  # the page a reply links to
    verified: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")
    # The engine's default before the release `changed_in` (vLLM's 0.9 before v0.21.0): a
    # user who sees that share runs an older release.
    previous_value: Decimal | None = Field(default=None, gt=0, le=1)
    changed_in: str | None = Field(default=None, pattern=r"^v\d+\.\d+\.\d+$")
    previous_source: str | None = Field(default=None, min_length=3)


_Section = TypeVar("_Section", bound=BaseModel)


def _serving(model: type[_Section], *keys: str) -> _Section:
    """The section at `keys` of rules/data/serving.toml, read as `model` (a DataError naming it
    when it is missing or malformed)."""
    found: object = data_files.document("serving.toml")
    try:
        for key in keys:
            found = found[key]  # type: ignore[index]
        return model.model_validate(found)
    except (KeyError, TypeError, ValidationError) as exc:
        raise DataError(f"rules/data/serving.toml: {'.'.join(keys)}: {exc}") from exc


def _serving_default() -> _Default:
    return _serving(_Default, "vllm", "gpu_memory_utilization")


@cache
def serving_utilization() -> Decimal:
    """vLLM's default gpu_memory_utilization (rules/data/serving.toml): the share of each GPU's
    memory the engine takes for weights, activations and the KV cache together."""
    return _serving_default().value


@cache
def tgi_memory_fraction() -> Decimal:
    """The share of each GPU's memory Hugging Face TGI fills by default with the weights,
    activations and KV cache: --cuda-memory-fraction (1.0) times TGI_WIGGLE_ROOM (0.90)
    (rules/data/serving.toml)."""
    return _serving(_Default, "tgi", "memory_fraction").value


class MeasuredShare(BaseModel):
    """What published runs reach of decode's bandwidth bound: the median, lowest and highest
    measured ÷ bound over `runs` runs (rules/data/serving.toml [decode.measured_share])."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    median: Decimal = Field(gt=0, le=1)
    low: Decimal = Field(gt=0, le=1)
    high: Decimal = Field(gt=0, le=1)
    runs: int = Field(gt=0)
    source: str = Field(min_length=3)
    verified: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")


@cache
def decode_measured_share() -> MeasuredShare:
    """llama.cpp's and mlx-lm's measured decode over the chat's bound (serving.toml)."""
    return _serving(MeasuredShare, "decode", "measured_share")


class _Cited(BaseModel):
    """A serving.toml entry with where it is read and when it was checked."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    source: str = Field(min_length=3)
    url: str = Field(pattern=r"^https://")
    verified: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")


class _NoMetal(_Cited):
    no_gpu: tuple[str, ...]


class _SglangShare(_Cited):
    """SGLang's start-up rule for --mem-fraction-static (rules/data/serving.toml
    [sglang.mem_fraction_static], its fields explained there)."""

    below_gib: tuple[int, ...]
    chunked_prefill: tuple[int, ...]
    graph_bs: tuple[int, ...]
    graph_bs_tp4: tuple[int, ...]
    base_mib: int = Field(ge=0)
    per_prefill_token_mib: Decimal = Field(gt=0)
    min_prefill_tokens: int = Field(gt=0)
    per_parallel_gpu_mib: int = Field(ge=0)
    per_graph_bs_mib: int = Field(ge=0)
    per_prefill_graph_mib: int = Field(ge=0)
    prefill_graph_sizes: tuple[tuple[int, int, int], ...]
    large_from_gib: int = Field(gt=0)
    large_floor_mib: int = Field(ge=0)


@cache
def _sglang_share() -> _SglangShare:
    found = _serving(_SglangShare, "sglang", "mem_fraction_static")
    tiers = len(found.below_gib) + 1
    if not len(found.chunked_prefill) == len(found.graph_bs) == len(found.graph_bs_tp4) == tiers:
        raise DataError("rules/data/serving.toml: sglang.mem_fraction_static: one chunk and "
                        "two batch sizes per memory tier")
    return found


def sglang_mem_fraction_static(gpu_mib: int, tp: int = 1, pp: int = 1) -> Decimal:
    """The --mem-fraction-static SGLang sets at start-up when none is given, on GPUs of
    `gpu_mib` MiB (nvidia-smi's total) with tensor parallelism `tp` and `pp` pipeline stages:
    the share of each GPU that holds the weights and the KV cache pool, the rest reserved for
    activations and CUDA graphs (rules/data/serving.toml [sglang.mem_fraction_static])."""
    if gpu_mib <= 0 or tp < 1 or pp < 1:
        raise ValueError("gpu_mib, tp and pp must be positive")
    rule = _sglang_share()
    tier = sum(1 for below in rule.below_gib if gpu_mib >= below * 1024)
    chunk = rule.chunked_prefill[tier]
    graph_bs = (rule.graph_bs_tp4 if tp >= 4 else rule.graph_bs)[tier]
    sizes = 0
    for start, stop, step in rule.prefill_graph_sizes:
        sizes += len(range(start, min(stop, chunk + 1) if stop else chunk + 1, step))
    reserved = (rule.base_mib + rule.per_prefill_token_mib * max(chunk, rule.min_prefill_tokens)
                + rule.per_parallel_gpu_mib * tp * pp + rule.per_graph_bs_mib * graph_bs
                + rule.per_prefill_graph_mib * sizes)
    if gpu_mib > rule.large_from_gib * 1024:
        reserved = max(reserved, Decimal(rule.large_floor_mib))
    return ((gpu_mib - reserved) / gpu_mib).quantize(Decimal("0.001"), rounding=ROUND_HALF_EVEN)


@cache
def runs_on_metal(engine: str) -> bool:
    """Whether a serving engine runs a model on an Apple GPU: vLLM does not (on macOS it runs on
    the CPU only; rules/data/serving.toml [metal])."""
    found = _serving(_NoMetal, "metal")
    return engine not in found.no_gpu


@cache
def serving_utilization_before() -> tuple[Decimal, str] | None:
    """vLLM's default gpu_memory_utilization before its current one, and the release that
    changed it (0.9 before v0.21.0; rules/data/serving.toml); None when none is on file."""
    found = _serving_default()
    if found.previous_value is None or found.changed_in is None:
        return None
    return found.previous_value, found.changed_in


@cache
def serving_utilization_url() -> str | None:
    """The documentation page of vLLM's --gpu-memory-utilization (rules/data/serving.toml)."""
    return _serving_default().url


@cache
def tensor_parallel_source() -> str:
    """Where the rule of the GPU counts tensor parallelism takes is published
    (rules/data/serving.toml vllm.tensor_parallel; the rule itself:
    rules.model_catalogue.Architecture.tensor_parallel_count)."""
    return _serving(_Cited, "vllm", "tensor_parallel").url


class _BatchedTokens(_Cited):
    value: int = Field(gt=0)
    large_value: int = Field(gt=0)
    large_from_gib: int = Field(gt=0)
    large_excluded: tuple[str, ...]


@cache
def _batched_tokens() -> _BatchedTokens:
    return _serving(_BatchedTokens, "vllm", "max_num_batched_tokens")


def vllm_batched_tokens_defaults() -> dict[int, str]:
    """vLLM's two default max_num_batched_tokens, each with the assumption code that says
    why the prompt goes through in chunks of that many (bot.render.detailed_lines)."""
    found = _batched_tokens()
    return {found.value: "chunked_prefill_vllm", found.large_value: "chunked_prefill_vllm_large"}


def vllm_batched_tokens(memory_gb: Decimal | None, gpu_name: str | None) -> int:
    """The tokens `vllm serve` pushes through one forward step by default (its
    max_num_batched_tokens; rules/data/serving.toml): what its start-up profile runs, so what
    the activation peak it takes from its share is for. memory_gb: one GPU's memory as CUDA
    reports it (GB = 10^9 bytes), None when no card is known (the smaller default)."""
    found = _batched_tokens()
    if memory_gb is None or memory_gb * _GIGA < found.large_from_gib * _GIBI:
        return found.value
    name = (gpu_name or "").lower()
    return found.value if any(x in name for x in found.large_excluded) else found.large_value


class _ShareOverhead(_Cited):
    non_torch_gib: Decimal = Field(ge=0)
    cuda_graphs_gib: Decimal = Field(ge=0)
    graphs_since: str = Field(pattern=r"^v\d+\.\d+\.\d+$")


@cache
def _share_overhead() -> _ShareOverhead:
    return _serving(_ShareOverhead, "vllm", "share_overhead")


def vllm_graphs_since() -> str:
    """The vLLM release from which its CUDA graphs' memory is reserved within its share."""
    return _share_overhead().graphs_since


@cache
def vllm_share_parts(cuda_graphs: bool = True) -> tuple[tuple[str, float, str], ...]:
    """What vLLM takes within its share of each GPU beside the weights, the KV cache and the
    activation peak of its profile run, in bytes (rules/data/serving.toml vllm.share_overhead):
    the non-torch memory its load and profile add, and, unless its CUDA graphs are off
    (--enforce-eager), their estimated memory, reserved there since v0.21.0. The CUDA context
    is not among them: it exists before vLLM measures the card, outside its share."""
    found = _share_overhead()
    parts = [("vllm_non_torch", float(found.non_torch_gib * _GIBI),
              "non-torch memory of vLLM's load and profile run")]
    if cuda_graphs:
        parts.append(("cuda_graphs", float(found.cuda_graphs_gib * _GIBI),
                      "CUDA graphs (vLLM's estimate, reserved within its share)"))
    return tuple(parts)


class _KvBlocks(_Cited):
    block_size: int = Field(gt=0)


@cache
def _kv_blocks() -> _KvBlocks:
    return _serving(_KvBlocks, "vllm", "kv_cache_blocks")


@dataclass(frozen=True, slots=True)
class VllmKvCapacity:
    """What vLLM's start-up log says of its KV cache: its size in tokens ("GPU KV cache size:
    N tokens") and how many requests of `max_model_len` tokens it holds at once ("Maximum
    concurrency for L tokens per request: X.XXx", `concurrency` to the hundredth as printed)."""

    tokens: int
    max_model_len: int
    concurrency: str
    block: int = 16  # tokens a block

    @property
    def printed(self) -> tuple[str, str]:
        """The two counts as vLLM prints them (f"{n:,}": its log is in English, whatever the
        reply's language)."""
        return f"{self.tokens:,}", f"{self.max_model_len:,}"


def vllm_kv_capacity(available_bytes: float, kv_bytes_per_token: int, max_model_len: int,
                     block_size: int | None = None) -> VllmKvCapacity:
    """vLLM's own count from the KV memory of one GPU (its share less everything else) and the
    KV bytes one token takes there over all layers: whole blocks of 16 tokens, and the blocks
    over those one request of max_model_len tokens takes (rules/data/serving.toml
    vllm.kv_cache_blocks). For a model with full attention in every layer: its sliding-window
    and latent (MLA) caches are counted otherwise. `block_size`: its --block-size, when set."""
    if kv_bytes_per_token <= 0 or max_model_len <= 0:
        raise ValueError("KV bytes per token and max_model_len must be positive")
    block = block_size or _kv_blocks().block_size
    # get_num_blocks: available // page_size // num_layers, the same whole blocks as over the
    # bytes of a block in every layer at once
    blocks = max(int(available_bytes // (kv_bytes_per_token * block)), 0)
    per_request = -(-max_model_len // block)  # cdiv
    return VllmKvCapacity(tokens=blocks * block, max_model_len=max_model_len,
                          concurrency="%.2f" % (blocks / per_request), block=block)


@cache
def max_model_len_url() -> str:
    """The documentation of vLLM's --max-model-len, whose default is the model's whole context
    (rules/data/serving.toml vllm.max_model_len)."""
    return _serving(_Cited, "vllm", "max_model_len").url


@dataclass(frozen=True, slots=True)
class Concurrency:
    """How many sequences of `context` tokens one method serves at once on `gpus` GPUs."""

    method: str
    gpu: str | None  # None when the configuration was given by its memory only
    gpus: int
    vram_per_gpu_gb: Decimal
    utilization: Decimal  # the engine's share of the memory (vLLM's default)
    context: int  # tokens per sequence (prompt + output)
    sequences: int  # the most that fit; 0 when not even one does
    limit: int  # the search's upper end
    per_gpu_gb: Decimal  # the detailed estimate at max(sequences, 1)
    weights_gb: Decimal  # per GPU
    kv_gb: Decimal  # per GPU, the KV cache of max(sequences, 1) sequences
    full_context: int | None = None  # the model's published maximum, when longer than context
    full_sequences: int | None = None  # the most that fit at full_context
    assumed_shape: tuple[int, int] | None = None  # (layers, hidden): no architecture on file
    hybrid_attention: bool = False  # a hybrid model: the assumed shape overstates its KV cache
    shape_of: str | None = None  # a bare brand and size ("qwen 7b"): whose shape is assumed
    # Multi-head latent attention: every GPU holds the whole KV cache (tensor parallel splits
    # the weights only).
    kv_replicated: bool = False
    # Grouped-query attention with fewer KV heads than GPUs: the KV cache is split only this
    # many ways, one per KV head (vLLM keeps a whole head on every GPU); None otherwise.
    kv_heads_split: int | None = None
    # Chunked local attention (Llama 4): the chunk, in tokens; the KV cache counted over the
    # whole context in every layer is then an upper bound.
    attention_chunk: int | None = None
    # The KV cache of kv_gb before its rounding to the tenth (GB per GPU): one sequence's share
    # is divided from it, not from the rounded total (None: from kv_gb).
    kv_exact_gb: Decimal | None = None
    # The engine named: "tgi" (`utilization` is TGI's share), "sglang" (`utilization` is its
    # --mem-fraction-static, which holds the weights and the KV cache alone: per_gpu_gb is
    # those two), "local" (a llama.cpp-based runner: the whole memory, `utilization` 1), else
    # "vllm".
    engine: str = "vllm"
    # the share is the user's (--gpu-memory-utilization, SGLang's --mem-fraction-static)
    utilization_said: bool = False
    # vLLM's own memory within its share (its profile's non-torch memory and CUDA graphs,
    # vllm_share_parts) is counted beside the activations, in place of the CUDA context.
    vllm_parts: bool = False
    enforce_eager: bool = False  # vLLM's --enforce-eager: no CUDA graphs among those parts
    # What vLLM's start-up log would print of this KV cache (vLLM named or assumed, a model
    # with full attention in every layer): at `context`, and at `full_context` when longer.
    vllm_log: VllmKvCapacity | None = None
    vllm_log_full: VllmKvCapacity | None = None

    @property
    def budget_gb(self) -> Decimal:
        """Per GPU: the memory the engine takes."""
        return self.vram_per_gpu_gb * self.utilization

    @property
    def capped(self) -> bool:
        return self.sequences >= self.limit

    @property
    def kv_each_gb(self) -> Decimal:
        """One sequence's KV cache per GPU (to the hundredth of a GB)."""
        kv = self.kv_exact_gb if self.kv_exact_gb is not None else self.kv_gb
        return (kv / max(self.sequences, 1)).quantize(Decimal("0.01"))


def most_sequences(
    per_gpu_gb: Callable[[int], Decimal | None], vram_per_gpu_gb: Decimal,
    utilization: Decimal, limit: int = CONCURRENCY_LIMIT,
) -> int:
    """The most sequences n in [1, limit] whose detailed estimate per_gpu_gb(n) stays within
    the engine's share of the memory (0 when one does not): per_gpu_gb must not decrease."""
    if not Decimal(0) < utilization <= Decimal(1):
        raise ValueError("utilization must be in (0, 1]")
    return longest_fitting(per_gpu_gb, vram_per_gpu_gb * utilization, limit)


# ----------------------------------------------------------------------------- prefill


@dataclass(frozen=True, slots=True)
class PrefillBound:
    """The time to process a prompt (prefill) on `gpus` × `gpu` at the datasheet's dense peak:
    the matrix multiplications' FLOPs over it, never a measurement; no efficiency factor is
    applied (real engines mostly reach a fraction of the peak, so it mostly takes longer; int8
    kernels and FP16 accumulation can pass the BF16 figure)."""

    gpu: str
    gpus: int
    tokens: int  # the prompt's length
    weights_pflop: Decimal  # 2 FLOPs per multiplying parameter per token
    attention_pflop: Decimal | None  # causal attention over the prompt; None: no shape on file
    peak_tflops: Decimal | None  # per GPU, dense (BF16, else FP16); None: none cited
    fp16: bool  # the card has no BF16 peak: FP16's
    layer_split: bool  # a GGUF over several GPUs: they work in turn, one GPU's peak counts
    seconds: Decimal | None  # None without a peak

    @property
    def total_pflop(self) -> Decimal:
        return self.weights_pflop + (self.attention_pflop or Decimal(0))


_PETA = Decimal(10) ** 15


def prefill_weights_flops(multiplying_params: Decimal, tokens: int) -> Decimal:
    """2·N·T: each prompt token multiplies every weight it goes through once (a multiply and an
    add), N the parameters in matrix multiplications (MoE: the active ones)."""
    return 2 * multiplying_params * tokens


def attention_flops(
    *, layers: int, heads: int, qk_dim: int, v_dim: int, tokens: int,
    window: int | None = None, full_layers: int = 0,
) -> Decimal:
    """Causal self-attention over a prompt of `tokens`: each query scores the keys before it
    (QKᵀ) and sums their values (AV), 2·heads·(qk_dim + v_dim) FLOPs per query-key pair;
    T(T+1)/2 pairs a layer, or within `window` tokens on the windowed layers (all but
    `full_layers` when a window is given)."""
    per_pair = 2 * heads * (qk_dim + v_dim)
    full_pairs = tokens * (tokens + 1) // 2
    if window is None:
        return Decimal(layers * full_pairs * per_pair)
    windowed = full_pairs if tokens <= window else window * (window + 1) // 2 + (tokens - window) * window
    return Decimal((full_layers * full_pairs + (layers - full_layers) * windowed) * per_pair)


def prefill_seconds(flops: Decimal, peak_tflops: Decimal, gpus: int) -> Decimal:
    """Seconds at the peak: the FLOPs over `gpus` dense peaks (rounded up to a tenth)."""
    if flops <= 0 or peak_tflops <= 0 or gpus < 1:
        raise ValueError("FLOPs, peak and GPUs must be positive")
    seconds = flops / (peak_tflops * Decimal(10) ** 12 * gpus)
    return seconds.quantize(Decimal("0.1"), rounding=ROUND_CEILING)


def to_pflop(flops: Decimal) -> Decimal:
    return (flops / _PETA).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


class _OllamaContext(_Cited):
    vram_gib: tuple[int, ...] = Field(min_length=1)
    contexts: tuple[int, ...] = Field(min_length=1)
    since: str = Field(pattern=r"^v\d+\.\d+\.\d+$")
    previous: tuple[tuple[int, str], ...] = ()


@cache
def _ollama_context() -> _OllamaContext:
    found = _serving(_OllamaContext, "ollama", "default_context")
    if len(found.vram_gib) != len(found.contexts) or list(found.vram_gib) != sorted(found.vram_gib):
        raise DataError("rules/data/serving.toml: ollama.default_context: one context a tier")
    return found


def ollama_default_context(total_vram_gb: Decimal, model_max: int | None = None) -> int:
    """The context Ollama serves with when none is set (num_ctx): by the machine's total GPU
    memory as its GPUs report it (GB = 10^9 bytes, compared in GiB), up to the model's trained
    context (rules/data/serving.toml ollama.default_context)."""
    tiers = _ollama_context()
    gib = total_vram_gb * 10**9 / 2**30
    context = tiers.contexts[0]
    for floor, tokens in zip(tiers.vram_gib, tiers.contexts, strict=True):
        if gib >= floor:
            context = tokens
    return min(context, model_max) if model_max else context


def ollama_context_since() -> str:
    """The Ollama release that made the default context depend on the GPU memory."""
    return _ollama_context().since


class ProgramLicence(BaseModel):
    """A serving engine's or local runner's license (rules/data/serving.toml [licences]): its
    SPDX id, permissive only (MIT, Apache-2.0)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    spdx: Literal["MIT", "Apache-2.0"]
    source: str = Field(min_length=3)
    url: str = Field(pattern=r"^https://")
    verified: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")


@cache
def program_licence(program: str) -> ProgramLicence | None:
    """The license of the engine or runner of that id ("llama-cpp", "vllm"), None when none is
    on file."""
    found = data_files.document("serving.toml").get("licences", {}).get(program)
    if found is None:
        return None
    try:
        return ProgramLicence.model_validate(found)
    except (TypeError, ValidationError) as exc:
        raise DataError(f"rules/data/serving.toml: licences.{program}: {exc}") from exc
