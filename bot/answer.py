"""The composer's facts: a Query in, everything the reply needs out (engine results, no prose).

This is the service the CLI and the Telegram handlers share; rendering turns an Answer into
localized HTML.
"""

from __future__ import annotations

import math
import os
import re
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass, is_dataclass, replace
from decimal import ROUND_CEILING, ROUND_FLOOR, ROUND_HALF_UP, Decimal
from functools import cache
from types import UnionType
from typing import Any, Final, Literal, TypeVar, Union, cast, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field

from bot.capacity import TrainingSpeed, concurrency, concurrency_facts, training_speed_facts
from bot.detail import (
    DEFAULT_LORA_RANK,
    DEFAULT_SEQ_LEN,
    TERM_LABELS,
    DetailedAnswer,
    FasterRun,
    FitCheck,
    LargestBatch,
    TrainingEstimate,
    VllmShare,
    check_on,
    decode_bound,
    detailed_check,
    detailed_for,
    detailed_options,
    estimate_on,
    estimate_on_cards,
    estimator_model,
    largest_batch,
    longest_context,
    offload_facts,
    planning_margin,
    prefill_bound,
    reads_card,
    usable_per_gpu,
    vllm_share_facts,
    wants_details,
)
from bot.remedy import (
    OwnedRun,
    Recipe,
    Remedies,
    oom_savings,
    owned_run,
    published_recipe,
    remedies_for,
)
from bot.remedy import wanted as wants_remedies
from bot.understand.bounds import BOUNDS, Bound, NumberOutOfRange
from bot.understand.owned import assumed_gguf, card_alone
from bot.understand.query import Intent, Query
from bot.understand.settings import strategy_flags
from bot.understand.unusable import LABELS as UNUSABLE_LABELS
from bot.understand.unusable import LEARNING_RATE_HIGH as UNUSABLE_LEARNING_RATE_HIGH
from bot.vllm_fix import VllmFixes, vllm_fixes
from rules.budget import BudgetBuys, budget_buys
from rules.capacity import (
    Concurrency,
    DecodeBound,
    Generation,
    LongestContext,
    PrefillBound,
    generation,
    ollama_default_context,
    serving_utilization,
)
from rules.catalogue import Catalogue
from rules.compare import (
    Comparison,
    PriceRatio,
    Saving,
    ScaledRate,
    ScaledTime,
    compare,
    full_vs_qlora,
    savings,
    scale_hours,
    scale_rate,
)
from rules.data_size import compute_optimal_tokens
from rules.download import Download, download_hours, weights_download
from rules.errors import (
    BudgetNotUSD,
    ClosedWeights,
    GPUCountOutOfRange,
    GPUNotRented,
    InvalidHours,
    NoAssumedHours,
    NotAnLLM,
    PriceNotPublished,
    RulesError,
    ThresholdNotUSD,
    UnknownGPU,
    UnknownModel,
)
from rules.estimator import Breakdown, CheckpointSize, load_constants, training_checkpoint
from rules.fit import (
    Fit,
    capacity_per_gpu,
    cheapest_fit,
    check_cluster,
    fit,
    fit_vram,
    gpus_needed,
    offered_fits,
)
from rules.largest import Largest, largest_fitting
from rules.local_hardware import LocalLine
from rules.memory import Memory, check_params, memory
from rules.merge import MergeMemory, merge_memory
from rules.model_catalogue import ModelSpec, NativeWeights, newest_first
from rules.offload import (
    ExpertSplit,
    LayerSplit,
    RamBandwidth,
    expert_split,
    gguf_layer_split,
    layer_split_reads,
    ram_bandwidth,
    split_decode_bound,
)
from rules.quote import (
    BlockPlan,
    Quote,
    billable_gpu_hours,
    block_plan,
    blocks_within,
    by_paid,
    instances,
    paid_usd,
    quote,
)
from rules.rent_buy import RentBuy, rent_or_buy
from rules.schema import GPU, Fp8Arch, Method, MethodId, Offer, QuantType
from rules.training_time import (
    StepCount,
    gpu_hours_from_throughput,
    hours_at_step_rate,
    optimizer_steps,
    training_flops,
    training_mfu,
)

# training_flops of a 1B-parameter model on one token, over this: k in k·N·D.
_GIGA_FLOPS: Final = Decimal(10**9)

# The memory written with an unknown name ("RTX 9090 24gb"): suggestions with that memory first.
_STATED_GB = re.compile(r"(\d+(?:\.\d+)?) ?gb$", re.IGNORECASE)
# The brand a catalogue name opens with: "Qwen" of "Qwen2.5 72B", "Phi" of "Phi-4".
_BRAND: Final = re.compile(r"[A-Za-z]+")


def brand_size_name(shape_name: str, params_b: Decimal) -> str:
    """A brand and a size said with no version ("qwen 72b"), as the catalogue prints the brand
    of the model read for it (`shape_name`, "Qwen2.5 72B"): "Qwen 72B"."""
    brand = _BRAND.match(shape_name)
    size = f"{params_b.normalize():f}B"
    return f"{brand.group(0)} {size}" if brand is not None else size

T = TypeVar("T")

# Intents that need a model size before anything can be said.
NEEDS_SIZE: frozenset[Intent] = frozenset({"fit", "memory", "recommend", "time"})


@dataclass(frozen=True, slots=True)
class PublishedFit:
    """The largest models a memory holds served as published in FP8 or MXFP4 (planning rule),
    beside the largest it holds in BF16."""

    names: tuple[str, ...]
    format: str  # "FP8", "MXFP4"
    memory: Memory  # served as published
    vram_gb: Decimal  # the whole configuration's memory


@dataclass(slots=True)
class MethodAnswer:
    """One method's memory, its fit on the asked configuration and the cheapest offer (a
    dataclass: built from the engine's results, then completed with dataclasses.replace)."""

    memory: Memory
    fit: Fit | None = None
    cheapest: Fit | None = None
    options: tuple[Fit, ...] = ()  # other offered configurations that fit, cheapest first
    quote: Quote | None = None
    trl_flags: str | None = None


@dataclass(frozen=True, slots=True)
class QuantPick:
    """"What quant of llama 3 70b can I run on my 4090?": the largest llama.cpp type
    (quant_types.toml, by bits per weight) whose detailed estimate fits the asked configuration
    at the assumed context, and the next type up, which does not. When even the smallest type
    does not fit, `chosen` is None and `next_up` is that smallest type."""

    chosen: str | None
    chosen_gb: Decimal | None  # the detailed estimate per GPU
    next_up: str | None  # None: the largest type fits
    next_up_gb: Decimal | None
    seq_len: int  # the context the estimates assume


@dataclass(frozen=True, slots=True)
class RamPick:
    """Ollama's "model requires more system memory (X) than is available (Y)" pasted: the
    system RAM the asked GGUF type leaves off the asked GPUs (the whole model with no card named)
    against the Y Ollama found free, the largest llama.cpp type whose share there fits in it,
    and the next type up, which does not (`chosen` None: not even the smallest)."""

    free_gb: Decimal  # Y: Ollama's free RAM plus free swap
    needed_gb: Decimal | None  # X: what Ollama would have kept there
    ram_gb: Decimal  # what this estimate leaves there for the asked type
    gpu_layers: int  # -ngl / num_gpu of that split (0: no card named, or none fits)
    chosen: str | None
    chosen_ram_gb: Decimal | None
    next_up: str | None  # None: the largest type fits
    next_up_ram_gb: Decimal | None
    seq_len: int
    on_card: bool  # a card was named: its layers are off the RAM


@dataclass(frozen=True, slots=True)
class TrainDisk:
    """"How much disk space do i need to finetune llama 3 8b": the model's download and, for
    each training method answered, one checkpoint (trained weights + optimizer states,
    rules.estimator.training_checkpoint), `kept` of them (save_total_limit, said or assumed)
    and the final model (its trained weights)."""

    model_name: str | None
    params_b: Decimal
    download_gb: Decimal
    kept: int
    kept_said: bool
    # (method id, LoRA rank or None, checkpoint): one per method answered
    methods: tuple[tuple[str, int | None, CheckpointSize], ...]

    def total_gb(self, checkpoint: CheckpointSize) -> Decimal:
        return self.download_gb + checkpoint.total_gb * self.kept + checkpoint.weights_gb


# The checkpoints kept when save_total_limit is not said: the Trainer keeps every one (its
# default None), so a limit is the usual setting; 2 is the one its docs' examples and most
# recipes use (the latest plus the one before, or the best with load_best_model_at_end).
DEFAULT_CHECKPOINTS_KEPT = 2


@dataclass(frozen=True, slots=True)
class RankPair:
    """"The difference in memory between lora rank 8 and rank 256": the detailed estimate per
    GPU at each rank for the stated settings, and the adapters' share of each (their weights,
    gradients and optimizer states)."""

    method: str
    seq_len: int
    micro_batch: int
    rank_a: int
    rank_b: int
    a_gb: Decimal
    b_gb: Decimal
    a_adapters_gb: Decimal
    b_adapters_gb: Decimal

    @property
    def difference_gb(self) -> Decimal:
        return abs(self.b_gb - self.a_gb)


@dataclass(frozen=True, slots=True)
class CkptSaving:
    """"How much does gradient checkpointing save": the detailed estimate per GPU with it on
    and off for the stated settings, and the activations kept for the backward pass in each."""

    method: str
    seq_len: int
    micro_batch: int
    gpus: int
    on_gb: Decimal
    off_gb: Decimal
    on_activations_gb: Decimal
    off_activations_gb: Decimal
    # "does gradient checkpointing slow training a lot": the FLOPs a token with it over those
    # without it (LoRA 6·N·D over 4·N·D), its time asked; None when only the memory was.
    slower: Decimal | None = None
    flops_on: Decimal | None = None  # k in k·N·D with it on, and off
    flops_off: Decimal | None = None
    # "is gradient checkpointing needed": the memory each asked GPU has and whether the run
    # fits there with it and without it (None: not asked, or no card to hold it to).
    vram_gb: Decimal | None = None
    on_fits: bool | None = None
    off_fits: bool | None = None

    @property
    def saved_gb(self) -> Decimal:
        return self.off_gb - self.on_gb


@dataclass(frozen=True, slots=True)
class ContextPair:
    """"num_ctx 8192 vs 32768 for qwen2.5 14b on a 4070 ti super": the detailed estimate per
    GPU at each context (`short`, `long`: the shorter first), the part that grows with it (the
    KV cache serving, the activations training) and each verdict on the configuration."""

    kind: str  # "training" or "inference"
    method: str
    short: int
    long: int
    short_gb: Decimal
    long_gb: Decimal
    # What grows with it, most first: (term label msgid, at short, at long), e.g. the KV cache
    # serving, the logits and activations training (bot.detail.TERM_LABELS).
    grows: tuple[tuple[str, Decimal, Decimal], ...]
    vram_per_gpu_gb: Decimal | None  # what each is held to (vLLM: its share); None: no card
    short_fits: bool | None
    long_fits: bool | None
    vllm: bool  # vLLM named: it takes its share of each GPU whatever its --max-model-len

    @property
    def more_gb(self) -> Decimal:
        return self.long_gb - self.short_gb


@dataclass(frozen=True, slots=True)
class MethodSide:
    """One of LoRA and QLoRA for "lora vs qlora": its planning estimate, its detailed estimate
    at typical settings (per GPU, None with no model named) and the utilisation the training
    time estimates assume for its matmuls (rules/data/detailed.toml mfu.training_matmuls, an
    assumption; a step's fixed costs and QLoRA's dequantization are timed on top,
    rules.training_time.StepCost)."""

    method: str
    estimate_gb: Decimal
    per_billion_gb: Decimal
    detailed_gb: Decimal | None
    mfu: Decimal
    # The floor of a published range (full AdamW: EleutherAI's 16 bytes below HF's 18).
    floor_gb: Decimal | None = None
    floor_per_billion_gb: Decimal | None = None


@dataclass(frozen=True, slots=True)
class MethodSpeed:
    """One of the methods named against each other, its speed asked with no data to time
    ("qlora vs lora on a 3090, which is faster"): its training tokens/s (bot.capacity), on the
    configuration asked when it holds the run, else where a run costs least."""

    method: MethodId
    gpu: str
    gpu_count: int
    asked: bool
    tokens_per_second: Decimal  # all GPUs


@dataclass(frozen=True, slots=True)
class SideRun:
    """One side of "qlora on a 4090 vs full ft on an a100, 50M tokens, which is cheaper": that
    card's method, timed as "how long to … on it" is (on it, on the fewest of it that hold the
    run, or where it costs least), the detailed estimate on the card asked, and whether the card
    is one run at home (no rent: bot.answer._run_at_home)."""

    method: MethodId
    gpu: str  # the card asked
    gpu_count: int
    time: TrainingEstimate
    check: FitCheck | None
    own: bool


@dataclass(frozen=True, slots=True)
class MethodRun:
    """One of the methods a time or cost question weighs ("phi-4 lora vs full finetune on h100,
    which fits and how long for 50M tokens"): whether it fits on the configuration asked by the
    detailed estimate (None: no configuration asked), and its run where it is timed."""

    method: MethodId
    fits: bool | None
    per_gpu_gb: Decimal | None  # the detailed estimate on the configuration asked
    gpu: str | None  # where the run is timed (None: not timed)
    gpu_count: int | None
    hours: Decimal | None
    cost_usd: Decimal | None  # the run's GPU-hours at the hourly price (None: not priced)


@dataclass(frozen=True, slots=True)
class MethodDiff:
    """"lora vs qlora difference": QLoRA's and LoRA's memory for the model (or, none named, per
    billion parameters and for the seed's 70B), and what QLoRA trades for it."""

    params_b: Decimal | None  # the model's; None: no model named
    example_b: Decimal  # the size the figures are for
    qlora: MethodSide
    lora: MethodSide
    full: MethodSide | None = None  # "lora vs full ft": full fine-tuning with AdamW beside them


@dataclass(frozen=True, slots=True)
class FlashSaving:
    """"Does flash attention reduce vram for …": the detailed estimate per GPU with eager
    attention and with FlashAttention (SDPA) for the stated settings."""

    kind: str  # "training" or "inference"
    method: str
    seq_len: int
    micro_batch: int
    flash_gb: Decimal
    eager_gb: Decimal

    @property
    def saved_gb(self) -> Decimal:
        return self.eager_gb - self.flash_gb


@dataclass(frozen=True, slots=True)
class KernelsSaving:
    """"How much vram does liger kernel save for …": the detailed estimate per GPU with the
    kernels named (Liger Kernel or unsloth's) and without them, for the stated settings."""

    kernels: str  # "liger" or "unsloth"
    method: str
    seq_len: int
    micro_batch: int
    with_gb: Decimal
    without_gb: Decimal

    @property
    def saved_gb(self) -> Decimal:
        return self.without_gb - self.with_gb


@dataclass(frozen=True, slots=True)
class KvRow:
    """The KV cache in one type: its key in rules/data/detailed.toml kv_cache, the detailed
    estimate per GPU and the cache's part of it."""

    kv_type: str
    total_gb: Decimal
    kv_gb: Decimal


@dataclass(frozen=True, slots=True)
class KvSaving:
    """"How much does -ctk q4_0 save for …": the detailed estimate per GPU with the KV cache
    in BF16 and in each type asked (llama.cpp's q8_0 and q4_0 when none is named)."""

    method: str
    seq_len: int
    micro_batch: int
    base_gb: Decimal
    base_kv_gb: Decimal
    rows: tuple[KvRow, ...]


# Link speeds a download is timed at when the user gave none, said as examples (Mbps).
DOWNLOAD_EXAMPLE_MBPS: Final = (Decimal(100), Decimal(1000))
# The error code of a number that cannot be read ("1.5.3 hours"): asked back, nothing priced.
UNREADABLE_NUMBER: Final = "unreadable_number"
WHOLE_EPOCHS: Final = "whole_epochs"
# "batch 2.5", "1.5 gpus": a count said with decimals; "NaN tokens", "batch inf": no number.
WHOLE_NUMBER: Final = "whole_number"
NOT_A_NUMBER: Final = "not_a_number"


@dataclass(frozen=True, slots=True)
class DownloadFacts:
    """"How long to download llama 3 70b (on 100mbps)": the files' size (rules.download) and
    the time at the link speed said, else at the example speeds (said to be examples)."""

    model_name: str | None
    files: Download
    link_mbps: Decimal | None
    hours: tuple[tuple[Decimal, Decimal], ...]  # (Mbps, hours) each
    weight_bits: int  # the bits bitsandbytes quantizes the BF16 files to on load
    link_bytes: bool = False  # the speed was said in bytes a second ("40 MB/s")
    disk: bool = False  # the disk space was asked: no time nor speed asked for


@dataclass(frozen=True, slots=True)
class KvSize:
    """"Whats the kv cache size for llama 3.1 70b at 128k": the detailed estimate's KV cache
    term, and how one token's cache is made up when every KV layer holds the whole context in
    a plain type (else the term alone)."""

    model_name: str | None
    params_b: Decimal
    seq_len: int
    micro_batch: int
    gpus: int
    kv_gb: Decimal  # per GPU, as the estimate holds it
    kv_type: str | None  # the cache's type said (rules/data/detailed.toml kv_cache), else BF16
    per_token: int | None  # bytes of one token's cache over every KV layer
    layers: int | None
    kv_heads: int | None  # None with multi-head latent attention
    head_size: int | None
    latent: int | None  # MLA: values of the latent and the RoPE key a token and layer
    value_bytes: int | None


@dataclass(frozen=True, slots=True)
class StrategySide:
    """One of two strategies named to compare: the detailed estimate per GPU with it."""

    code: str  # settings.strategy_pair's: "zero2", "zero3", "fsdp", "ddp", "zero3+offload"
    per_gpu_gb: Decimal
    weights_gb: Decimal  # the model weights' share of it, whole (ZeRO-1/2, DDP) or sharded
    fits: bool | None  # None: no configuration asked

    @property
    def sharded(self) -> bool:
        return self.code.startswith(("zero3", "fsdp"))

    @property
    def offload(self) -> bool:
        return self.code.endswith("+offload")

    @property
    def traffic(self) -> int:
        """How much it moves a step, in order: DDP and ZeRO-1/2 reduce the gradients (2Ψ),
        ZeRO-3 and FSDP also gather the weights in forward and backward (3Ψ, ZeRO paper §7),
        CPU offload adds the PCIe copies on top."""
        return (3 if self.sharded else 2) + (10 if self.offload else 0)


@dataclass(frozen=True, slots=True)
class StrategyChoice:
    """"Should I use DeepSpeed ZeRO-2 or ZeRO-3 for LoRA Llama 70B on 4x A100?": the detailed
    estimate with each, in the order named; the rest of the reply is for `chosen` (of two
    that fit, the one that moves less between GPUs; else the first that fits, else the
    first)."""

    method: str
    gpus: int
    vram_per_gpu_gb: Decimal | None
    sides: tuple[StrategySide, StrategySide]
    chosen: int


@dataclass(frozen=True, slots=True)
class OomReport:
    """The user ran a stated configuration out of memory. That measurement outranks the
    estimate: with checkpointing not stated, it is estimated off (the Hugging Face Trainer's
    default, gradient_checkpointing=False) when that explains the OOM; no batch from the one
    that OOMed up is answered as fitting; and a detailed estimate that still fits that
    configuration is said to disagree with the measurement (`contradicted`)."""

    batch: int | None  # the micro-batch stated with the OOM
    seq_len: int | None  # the sequence length stated with it
    ckpt_off: bool  # estimated with checkpointing off because that explains the OOM
    on_gb: Decimal | None  # the detailed estimate per GPU there, checkpointing on
    off_gb: Decimal | None  # the same, checkpointing off
    vram_per_gpu_gb: Decimal
    gpus: int  # the GPU count it ran out of memory on (a count asked for is another one)
    contradicted: bool = False  # the verdict is for that configuration and the estimate fits it
    serving: bool = False  # a model served, not trained (no checkpointing, no micro-batch)

    @property
    def unsaid(self) -> bool:
        """An OOM the estimate contradicts with no batch or sequence length stated: the
        estimate is at typical settings, not the run's."""
        return self.contradicted and self.batch is None and self.seq_len is None


@dataclass(frozen=True, slots=True)
class HeadSplit:
    """Serving with vLLM on a GPU count its tensor parallelism cannot split the model over (the
    attention heads must divide evenly: rules.model_catalogue.Architecture.tensor_parallel_ok):
    the counts it takes, and each answered method's fit on the nearest ones below and above.
    The asked count itself runs with pipeline parallelism, which splits the layers."""

    gpus: int
    heads: int
    kv_heads: int
    heads_divide: bool  # False: the attention heads are what does not divide
    sizes: tuple[int, ...]  # the --tensor-parallel-size values it takes, up to `more`
    fewer: tuple[Fit, ...]  # on the largest valid count below the asked one (1 GPU: none)
    more: tuple[Fit, ...]  # on the smallest valid count above it; () beyond the cluster limit


@dataclass(frozen=True, slots=True)
class CountDeadline:
    """"How many H100s to full finetune llama 3 8b on 2B tokens in 24 hours": the run's
    GPU-hours (count-free: the GPUs are assumed to scale linearly) over the hours it must end
    in set the count, not memory alone; `memory_gpus` hold it, in `memory_hours` each."""

    hours: Decimal  # the deadline said
    gpu_hours: Decimal
    memory_gpus: int
    memory_hours: Decimal
    gpus: int  # the fewest that end it in time (more than the count answered: across instances)


@dataclass(frozen=True, slots=True)
class CountSplit:
    """"How many H100s to serve Llama 3.1 405B in FP8": `memory_gpus` hold it by memory, but
    tensor parallelism cannot split its heads over them; `gpus` is the next count it can
    (within one instance a size in `sizes`; beyond it whole groups of the largest of them,
    pipeline parallel across instances)."""

    gpus: int
    memory_gpus: int
    heads: int
    kv_heads: int
    heads_divide: bool  # False: the attention heads are what does not divide
    sizes: tuple[int, ...]  # the --tensor-parallel-size values one instance takes
    per_instance: int

    @property
    def across(self) -> bool:
        return self.gpus > self.per_instance


@dataclass(frozen=True, slots=True)
class FamilyPick:
    """A family named without a size on a configuration ("can i run deepseek v4 on 8x h200"):
    the reply is for `chosen`, the largest member that fits there (`fits`), else the smallest;
    the others are named beside it."""

    family: str  # "DeepSeek-V4"
    chosen: str  # the member's catalogue name
    others: tuple[str, ...]  # the other members' names, by size
    other_ids: tuple[str, ...]  # and their ids (a button each in Telegram)
    fits: bool
    count: int  # how many members the family has
    # The question as the member answered, the family kept: what a follow-up continues ("and
    # with lora?") and a member picked next answers ("the 8b one", a button).
    query: Query


@dataclass(frozen=True, slots=True)
class ExpertOffload:
    """A mixture of experts served with its routed experts in system RAM: the split, the
    bandwidths its decode is bounded by (the GPU's datasheet, the RAM's as said or assumed)
    and that bound; `dense`: the model has no experts (the split is None)."""

    split: ExpertSplit | None
    gpu: str | None
    gpus: int
    vram_per_gpu_gb: Decimal
    context: int
    ram: RamBandwidth
    gpu_bandwidth_gbs: Decimal | None
    tokens_per_second: Decimal | None
    dense: bool = False
    said_layers: int | None = None  # "--n-cpu-moe 30"


@dataclass(frozen=True, slots=True)
class OffloadSpeed:
    """A GGUF model split by layers between the GPUs and system RAM (-ngl): the decode bound
    from what a token reads on each side, at the GPU's datasheet bandwidth and the RAM's
    (said, else dual-channel DDR5-5600, said assumed)."""

    gpu_layers: int  # the -ngl it is for: the user's, else as many as fit
    said: bool  # the user's -ngl
    gpu_read_gb: Decimal
    ram_read_gb: Decimal
    # None: a card known by its memory alone (or with no cited bandwidth): the bound is the
    # RAM side's alone, the GPU's reads taken as free, still an upper bound.
    gpu_bandwidth_gbs: Decimal | None
    ram: RamBandwidth
    tokens_per_second: Decimal
    # The user's -ngl below what fits: the bound with as many layers on the GPU as fit.
    most_layers: int | None = None
    most_tokens_per_second: Decimal | None = None


@dataclass(frozen=True, slots=True)
class CpuDecode:
    """A model served on the CPU alone, its speed asked or its RAM's kind said: each
    precision's decode bound, every weight (a mixture of experts: its active ones) read from
    RAM once a token at the RAM's bandwidth (said, else dual-channel DDR5-5600, said assumed);
    the KV cache's reads and the CPU's compute left out, so an upper bound."""

    ram: RamBandwidth
    rates: tuple[tuple[str, Decimal], ...]  # (method, tokens/s) for the precisions RAM holds


@dataclass(frozen=True, slots=True)
class OffloadInstead:
    """Serving asked with no precision, runner nor engine on one's own card(s) that hold it in
    no precision: the layer split of llama.cpp's usual GGUF type there (its own answer when
    asked "with llama.cpp"), so the reply can say that it still runs, partly on the CPU."""

    quant: str  # the GGUF type assumed ("Q4_K_M")
    split: LayerSplit | None  # None: the GGUF fits whole (whole_gb)
    speed: OffloadSpeed | None
    # "can i run gpt-oss-20b on my 4070 12gb": llama.cpp's GGUF fits whole where the 4-bit
    # weights as published do not: its method and detailed estimate per GPU
    whole_method: str | None = None
    whole_gb: Decimal | None = None


@dataclass(frozen=True)
class BudgetLargest:
    """The largest sizes on file whose run a budget pays for (whole blocks), at a long and a
    short sample (the same when the tokens were said), beside the size the memory holds."""

    budget_usd: Decimal
    held_names: tuple[str, ...]  # the largest the memory holds, whose run costs more
    long_names: tuple[str, ...] = ()  # empty: no size on file
    short_names: tuple[str, ...] = ()
    long_len: int | None = None  # None: the run's tokens were said
    short_len: int | None = None
    long_b: Decimal | None = None  # the sizes of long_names and short_names
    short_b: Decimal | None = None


@dataclass(frozen=True, slots=True)
class HoursLargest:
    """The largest size on file whose run on the tokens said ends within the hours said, beside
    the size the memory holds, whose run there takes longer ("i got 8xH100 for 24h, whats the
    biggest model i can full finetune on 1B tokens")."""

    hours: Decimal
    gpu: str  # the configuration asked, where both runs are timed
    gpu_count: int
    names: tuple[str, ...]
    run_hours: Decimal  # the run of `names` there
    held_names: tuple[str, ...]  # the largest the memory holds
    held_hours: Decimal


@dataclass(frozen=True, slots=True)
class BudgetOffer:
    """An offered configuration a budget or an hourly limit keeps, asked of no model ("i got
    30 bucks whats the best gpu i can get for a day"): the blocks the budget pays for the hours
    said (or the most whole blocks within it, `hours` then the wall-clock hours they give), and
    the largest size each method fits in its memory by the planning rule."""

    offer: Offer
    vram_gb: Decimal  # the whole configuration's memory
    plan: BlockPlan | None  # None: an hourly limit, no hours to pay for
    hours: Decimal | None
    largest: tuple[Largest, ...]


@dataclass(frozen=True, slots=True)
class LargestElsewhere:
    """The largest size on file a budget trains on a configuration (the short sample length)."""

    gpu: str
    gpu_count: int
    names: tuple[str, ...]
    sample_len: int


@dataclass(frozen=True, slots=True)
class IgpuCompare:
    """"radeon 780m vs rtx 4060": an integrated GPU (gpus_owned.toml [[igpus]]) against one
    card. The integrated GPU has no memory of its own: its side is its share of the RAM said
    (`share_gb`, None when no RAM was said: the reply asks for it), weighed with the planning
    rule as any memory is; the card's side is its own memory. No speed is compared: the
    integrated GPU reads the system RAM, whose speed is not on file."""

    igpu: str
    gpu: str
    ram_gb: Decimal | None  # the system RAM said, in GiB as RAM is sold
    share_gb: Decimal | None  # the integrated GPU's share of it, in GB
    method: MethodId | None  # None: no model said
    igpu_fit: Fit | None  # None: no model, or no RAM said
    card_fit: Fit | None  # None: no model
    bf16_gb: Decimal | None = None  # BF16 held by neither: compared in 4-bit, as run at home
    # Each side's detailed estimate where the single configuration's answer leads with it
    # (_side_check; the fits above then carry its verdict), and the estimate's kind, sequence
    # (or context) and batch it assumed when none was said (None: the user's settings).
    igpu_check: FitCheck | None = None
    card_check: FitCheck | None = None
    assumed: tuple[str, int, int] | None = None


class Answer(BaseModel):
    model_config = ConfigDict(frozen=True)

    query: Query
    intent: Intent
    error: str | None = None
    # Fresh dicts from a factory: a `{}` default is deep-copied for every Answer built.
    error_params: dict[str, Any] = Field(default_factory=dict)
    missing: str | None = None  # the fact to ask for ("model_size", "gpu"...)
    # "i have 2 3090s" alone: the card the chat owns, acknowledged (bot.understand.owned).
    card_noted: bool = False
    # "do i need nvlink for 2x 3090", "can i use a 3090 and a 4090 together" with no model:
    # how the cards share a job (`gpu`, `gpu_count`, the query's rig) answered alone.
    multi_gpu_alone: bool = False
    # "h100 specs", "how much vram does a 3090 have": the card's own figures (`gpu`), with what
    # the planning rule says its memory holds for each method (largest sizes).
    card_specs: tuple[Largest, ...] | None = None
    # "what gpu should i buy to run llama 3 70b", "qwen 32b en casa": the hardware people buy
    # that holds each precision (or method), leading the reply (bot.local_hardware).
    local_hardware: tuple[LocalLine, ...] = ()
    # With them, the card's architecture and whether it multiplies FP8 (None: no cited answer),
    # and whether it runs BF16 (None: no cited answer).
    fp8_arch: Fp8Arch | None = None
    bf16_runs: bool | None = None
    # "cheapest gpu with 80gb", "cheapest way to get 160gb of vram": the offered configurations
    # whose memory holds it (per GPU when one GPU can, else in all), cheapest first.
    memory_offers: tuple[Offer, ...] = ()
    memory_per_gpu: bool = False  # memory_offers hold the memory on each GPU
    memory_short: bool = False  # none holds it: memory_offers is the largest configuration
    # "i got 30 bucks whats the best gpu for a day", "what can i rent for $10 an hour": the
    # offered configurations the budget (or the limit per hour) keeps, the largest first; when
    # none, `budget_offer_next` is the cheapest, which it does not keep.
    budget_offers: tuple[BudgetOffer, ...] = ()
    budget_offer_next: BudgetOffer | None = None
    # "what can i rent for $2-$3/hr": the configurations under the band's lower end, cheapest
    # last (the band's own are budget_offers).
    budget_offers_below: tuple[BudgetOffer, ...] = ()
    # "how many llama 3 8b instances fit on an h100": the whole copies of the served model the
    # card holds side by side by the detailed estimate at batch 1 (each its own process).
    replicas: int | None = None
    # ... on a configuration of several GPUs: the copies' estimate on one of them, and how many
    # GPUs (replicas is then the copies on all of them).
    replicas_detailed: DetailedAnswer | None = None
    replicas_gpus: int = 1
    merge: MergeMemory | None = None  # "how much ram to merge a 70b lora": what the merge holds
    # "how many steps is 3 epochs of 50k examples at batch 16": the optimizer steps, leading
    # the answer about the model named (alone when none is: `steps_alone`).
    steps: StepCount | None = None
    steps_alone: bool = False
    step_total: int | None = None  # the optimizer steps a measured it/s is timed over
    samples_timed: bool = False  # step_total counts samples, at a measured samples/s
    model_name: str | None = None
    licence: str | None = None  # the weights' licence id on file, said when it is asked
    family: tuple[str, ...] = ()  # the models of a family named without a size, to choose from
    family_pick: FamilyPick | None = None  # the member a family on a configuration is answered for
    gated: bool = False
    params_b: Decimal | None = None
    gpu: GPU | None = None
    gpu_count: int | None = None
    vram_gb: Decimal | None = None  # per GPU when given by memory only
    methods: tuple[MethodAnswer, ...] = ()
    primary: MethodAnswer | None = None  # the asked method, or QLoRA when none was asked
    quote: Quote | None = None
    comparison: Comparison | None = None
    igpu_compare: IgpuCompare | None = None
    ratio: PriceRatio | None = None
    savings: tuple[Saving, ...] = ()
    # "Minimum to get started": the smallest block of GPU-hours on the cheapest GPU-hour (or on
    # the GPU named), quoted before the price list.
    start: Quote | None = None
    ckpt_saving: CkptSaving | None = None  # "what does gradient checkpointing save"
    rank_pair: RankPair | None = None  # "difference between lora rank 8 and rank 256"
    train_disk: TrainDisk | None = None  # "how much disk space to finetune llama 3 8b"
    method_diff: MethodDiff | None = None  # "lora vs qlora difference"
    # "qlora on a 4090 vs full ft on an a100, 50M tokens": each side's run (Query.side_methods)
    side_runs: tuple[SideRun, ...] = ()
    method_runs: tuple[MethodRun, ...] = ()  # "lora vs full finetune … how long": each run
    method_speeds: tuple[MethodSpeed, ...] = ()  # "qlora vs lora, which is faster": each speed
    flash_saving: FlashSaving | None = None  # "does flash attention reduce vram"
    kernels_saving: KernelsSaving | None = None  # "how much vram does liger kernel save"
    kv_saving: KvSaving | None = None  # "how much does a q4_0 kv cache save"
    kv_size: KvSize | None = None  # "whats the kv cache size at 128k"
    download: DownloadFacts | None = None  # "how long to download llama 3 70b"
    context_pair: ContextPair | None = None  # "num_ctx 8192 vs 32768": the memory at each
    vllm_share: VllmShare | None = None  # "why does vllm take 90% of my vram"
    vllm_fixes: VllmFixes | None = None  # vLLM serving that misses its share: what fits
    strategy_choice: StrategyChoice | None = None  # "zero2 or zero3?": the run with each
    # "lora … then run it at 4bit": serving the trained model afterwards on the asked GPUs.
    served_after: Fit | None = None
    # "… then serve it with vllm for 50 users": the sequences serving it there holds at once
    served_after_seqs: Concurrency | None = None
    # "qwen2.5 32b with a qwen2.5 0.5b draft": the draft's own memory, in the primary method
    draft_memory: Memory | None = None
    # "mistral 7b on a 3090?": running it instead, in BF16 and in 4-bit, on the asked GPUs.
    served_instead: tuple[Fit, ...] = ()
    # "can i run llama 3 70b on my 3090?": no precision fits one's own card, yet llama.cpp's
    # usual GGUF type runs it partly offloaded: that split and its speed bound.
    offload_instead: OffloadInstead | None = None
    gpus: tuple[GPU, ...] = ()  # the price list
    offers: tuple[Offer, ...] = ()
    # The price of more GPUs than one instance has ("10 h100 per hour"): the fewest offered
    # configurations that make them up, largest first (rules.quote.instances).
    instances: tuple[Offer, ...] = ()
    detailed: DetailedAnswer | None = None  # activation-aware breakdown (see detailed.stated)
    # The verdict the reply leads with: the detailed one when the user stated settings, else the
    # planning rule's (None without a configuration).
    fits: bool | None = None
    detailed_fits: bool | None = None
    # Settings stated and several methods answered: each method's detailed verdict, the one the
    # headline lists it by (the planning verdict ignores the stated context and batch).
    method_fits: dict[str, bool] = Field(default_factory=dict)
    # "I get 2500 tokens/s on my 4090, how long for 50M tokens?", no model named: the hours the
    # measured throughput gives for the tokens (the model only decides whether it fits).
    measured_hours: Decimal | None = None
    # The same for a serving question: each method's detailed figure per GPU (KV cache at the
    # stated context included), the one its line shows beside the planning figure.
    method_detailed_gb: dict[str, Decimal] = Field(default_factory=dict)
    # The same for training settings stated on a configuration ("fine tune llama 3 8b on an
    # h100, batch 8 seq 4096"): each method's detailed figure per GPU, activations and logits
    # included, so a line never shows the planning verdict the headline contradicts.
    method_training_gb: dict[str, Decimal] = Field(default_factory=dict)
    # No settings, several methods, one missed by the planning margin though its bare weights
    # fit ("can i run llama 3 70b on 2x a100 80gb": BF16 168 GB of 160): the detailed estimate
    # at typical settings when it fits there (per GPU, sequence or context, batch), said on
    # that method's line as the single-method answer says it under its headline.
    method_typical: dict[str, tuple[Decimal, int, int]] = Field(default_factory=dict)
    # No settings, several training methods, one the planning rule fits on the configuration
    # asked and the detailed estimate at typical settings does not ("fine-tuning a 7b on 6gb
    # gpu?": QLoRA 5.25 GB by the rule, 10.8 GB per GPU by the estimate): its verdict and figure
    # are in method_fits / method_training_gb, and here the longest sequence that fits there.
    method_typical_room: dict[str, int] = Field(default_factory=dict)
    # ... and one that fits there at typical settings too, with less room than the planning
    # margin ("qlora llama 3 8b on 3060 12gb, lora too?": 12.8 GB per GPU of 12.88): the longest
    # sequence that fits there at batch 1 (None when not found), said under its line.
    method_typical_tight: dict[str, int | None] = Field(default_factory=dict)
    # No precision fits the configuration by the detailed estimate at a typical context ("can i
    # run llama 3 8b on my rtx 2060 6gb": 4-bit 7.8 GB of 6.44 with bitsandbytes' BF16
    # embeddings) and a GGUF Q4_K_M file, llama.cpp's and Ollama's usual one, does: it leads.
    gguf_led: bool = False
    # CPU offload and the system RAM said, several training methods ("can i train a 7b with
    # 16gb vram and 64gb ram using deepspeed"): each method's CPU RAM for what is offloaded,
    # and with DeepSpeed's estimator margin (detail.host_ram); a method whose offloaded states
    # the RAM does not hold does not fit (method_fits), whatever its GPU share.
    method_host_ram: dict[str, tuple[Decimal, Decimal]] = Field(default_factory=dict)
    # A bare name read as one variant ("A100" → 80 GB): the primary method on the others.
    variant_fits: tuple[Fit, ...] = ()
    # "The largest model I can QLoRA on 24 GB": the size the memory holds; the answer is then
    # about the largest catalogued size under it.
    largest: Largest | None = None
    largest_names: tuple[str, ...] = ()
    # Serving with no precision named: the larger models published in FP8 or MXFP4 it holds.
    largest_published: PublishedFit | None = None
    # Serving with no precision named: the largest size 4-bit weights hold, when larger.
    largest_int4: Largest | None = None
    largest_int4_names: tuple[str, ...] = ()
    # ... or, on a card people run models on at home (a Mac, a GeForce, one of their own),
    # where 4-bit leads: the largest size BF16 weights hold, said beside it.
    largest_bf16: Largest | None = None
    largest_bf16_names: tuple[str, ...] = ()
    # The largest catalogued size the detailed estimate fits at default settings, when the
    # planning rule's largest misses by it.
    largest_detailed: tuple[Decimal, tuple[str, ...]] | None = None
    largest_by_detail: bool = False  # the reply is about largest_detailed's size, which leads
    # The planning rule's largest size leads and largest_names hold the run by their own
    # detailed estimates (_named_largest): the rule is not all the reply rests on.
    largest_confirmed: bool = False
    # "budget is 10 bucks, whats the biggest model i can qlora on 100k samples": the largest
    # sizes on file whose run the budget pays for, at the long and at the short sample length
    # (or the run's tokens: both the same), when the largest the memory holds costs more.
    largest_budget: BudgetLargest | None = None
    largest_hours: HoursLargest | None = None
    # No card named: a larger model the budget trains on another offered configuration at the
    # short sample length than the one the reply leads with (which finishes at both).
    largest_short_elsewhere: LargestElsewhere | None = None
    largest_none_by_detail: bool = False  # training: no size on file fits by the detailed one
    # A coding use named: the largest size on file named as a coding model ("Qwen2.5-Coder",
    # "Code Llama", "Codestral") at or under the size the reply leads with, with those names.
    largest_code: tuple[Decimal, tuple[str, ...]] | None = None
    # "How many A100s do I need?": the answer is about that many cards.
    count_needed: int | None = None
    count_detailed: bool = False  # the count is the detailed estimate's, not the planning one
    # No settings stated and the detailed estimate at typical settings needs more GPUs than the
    # planning rule's count: count_needed is the detailed one, this the planning rule's.
    count_planning: int | None = None
    # No settings stated and the detailed estimate at typical settings leads the verdict
    # (_typical_leads): with it, the fewest GPUs of the asked card that hold the run by it
    # (None: none we answer for) and the longest sequence that fits on the asked configuration.
    typical_lead: bool = False
    typical_need: int | None = None
    typical_room: LongestContext | None = None
    # ... and it fits with less room than the planning rule's margin (_tight_by_detail).
    typical_tight: bool = False
    count_unreachable: bool = False  # no count holds the settings stated (per-GPU batch)
    # Serving: the count memory asks for is one tensor parallelism cannot split the model over;
    # count_needed is then the next one it can.
    count_split: CountSplit | None = None
    # Tokens and a time said: the count that ends the run within that time (count_needed),
    # beside the one memory asks for.
    count_deadline: CountDeadline | None = None
    # Two configurations weighed for training with no model named: the largest model each
    # holds (size, one model of it), by the detailed estimate at typical settings.
    compare_largest: tuple[tuple[Decimal, str | None], ...] | None = None
    compare_largest_method: str | None = None
    # A preference objective named ("dpo llama 3 8b on a 4090"): the detailed estimate of
    # supervised fine-tuning (SFT) at the same settings, one sequence an example and no
    # reference model, beside the objective's.
    sft_gb: Decimal | None = None
    # "I have $500, how many H100 hours?": the hours the budget buys on the configuration
    # asked about (None when it has no price here), and on the cheapest offered one that fits
    # when the one asked about cannot run the model.
    budget: BudgetBuys | None = None
    budget_alt: BudgetBuys | None = None
    budget_cheapest: bool = False  # no GPU named: the cheapest offered configuration's hours
    # ... a run's tokens said: the hours of the configuration where the run costs least
    budget_run_least: bool = False
    # No card named: every offered configuration the budget buys a block of was weighed, and
    # the answer is on the one whose largest model is the largest (_largest_over_offers).
    budget_weighed: bool = False
    # ... with hours said: the budget pays for them on none, the answer is on the configuration
    # they cost least on (_largest_for_hours).
    budget_hours_short: bool = False
    budget_hours_weighed: bool = False  # the hours said were weighed (_largest_for_hours)
    # "€300 for a qlora of llama 70b on h100 for 10 hours": a budget in another currency beside
    # the run, not converted; the run's cost in dollars leads, said so
    budget_foreign: bool = False
    budget_per_day: Decimal | None = None  # "$500 a month": the hours it buys, a day
    # "whats 1.2k get me on h200", no count said: the hours the budget buys in whole blocks on
    # the card's other priced configurations (2× H200, 8× H200), the fewest GPUs first
    budget_configs: tuple[tuple[int, Decimal, Decimal], ...] = ()
    rent_buy: RentBuy | None = None  # "rent or buy a 4090": the hour weighed, the break-even
    # GPU-hours are sold only in blocks: when the blocks covering the hours the budget buys
    # cost more than the budget ("$50 buys 21.5 hours of H100": 24 of them, $55.68), the blocks
    # it buys whole (2 × 10 hours, $46.40), or with none set not even the smallest block.
    budget_over: bool = False
    budget_blocks: BlockPlan | None = None
    # "i have a 4090 and want to qlora llama 3 70b, how much is it on an h100": whether the
    # card owned holds the run priced on another (planning rule).
    owned_fit: Fit | None = None
    compare_quotes: tuple[Quote, ...] = ()  # a comparison with hours: each priced side's cost
    # "It took 6 h on my 3090, how long on an H100?": the measured hours carried to the other
    # side (rules.compare.scale_hours), and that side's cost at its fastest and slowest hours
    # (the slowest is also its compare_quotes entry, the blocks to buy).
    scaled_time: ScaledTime | None = None
    scaled_quotes: tuple[Quote, ...] = ()
    # "I get 40 tok/s on my 4090, what on an H100?": the measured rate carried over likewise.
    scaled_rate: ScaledRate | None = None
    # "15 tok/s with llama 3 70b q4 on 2x 3090, what would a 4090 do?": the other side, with
    # less memory than the one the rate was measured on, cannot hold the model: no speed there.
    rate_unfit: Fit | None = None
    # "It took 6 h on my 3090" and nothing else, on a card we do not rent: those hours on each
    # single GPU we rent, with their cost at the slow end (the blocks to buy).
    scaled_offers: tuple[tuple[ScaledTime, Quote, Quote], ...] = ()  # fastest, slowest
    # A comparison with a dataset ("4x vs 8x H100 … on 1B tokens"): each side's training time.
    compare_times: tuple[TrainingEstimate, ...] = ()
    # "compare a100 vs h100 for lora 8b on 50k samples": the samples' length unsaid, each side
    # timed at each of SAMPLE_LENGTHS (tokens a sample, the two sides' estimates)
    compare_bracket: tuple[tuple[int, tuple[TrainingEstimate, ...]], ...] = ()
    # A comparison with settings stated ("dpo llama 3 8b, 4090 or a100?", "qlora … seq 4096
    # batch 4, 4090 or a100?"): each side's detailed estimate, first side first.
    compare_checks: tuple[FitCheck, ...] = ()
    # One card at two counts, neither holding the run by compare_checks: the fewest of it that
    # do by the same estimate ("1 or 2 h100 for full finetune 13b": 4, as "can i full finetune
    # a 13b on 2x h100" says; was the planning rule's 3). None: no cluster we answer for.
    compare_need: int | None = None
    # A serving comparison with a model ("4090 or a100 for llama 3 8b inference"): each side's
    # decode bound where the model fits (bandwidth, not TFLOPS, paces generation).
    compare_decode: tuple[DecodeBound, ...] = ()
    # Neither side holds the model in BF16, which no precision said meant: its estimate, the
    # comparison made in 8-bit or 4-bit instead (_compare)
    compare_bf16_gb: Decimal | None = None
    # ... per GPU by the detailed estimate on each side (first side first), where the sides are
    # judged by it (_sides_checked); () where compare_bf16_gb is the planning rule's whole job.
    compare_bf16_checks: tuple[FitCheck, ...] = ()
    # A cost with hours on a rented configuration that does not hold the model: its own cost
    # (`quote` is then the cheapest one that does).
    asked_quote: Quote | None = None
    # "Max context for Llama 3 8B on a 24 GB card": the longest context each method answered
    # fits there (detailed estimate); the answer is then the fit at the lead one's length.
    longest: tuple[LongestContext, ...] = ()
    longest_lead: LongestContext | None = None
    # "What batch size can I use?": the largest micro-batch that fits (the verdict is then at it).
    largest_batch: LargestBatch | None = None
    # "My 3090 OOMs at batch 16": what the estimate made of the measured out-of-memory.
    oom: OomReport | None = None
    # "It took 20 h to QLoRA Llama 3 70B on my A6000": the run finished on the configuration
    # asked about, so it fits there with the user's settings whatever the estimates say (they
    # said it does not: `fits` is then the measurement's, true, and the reply says so).
    ran_there: bool = False
    # "zero 3 offload … on a 3090 with 64gb of ram": each GPU holds its share, but what is
    # offloaded takes more CPU RAM than the user said the machine has (`fits` is then false).
    ram_short: bool = False
    # "Can I fine-tune it in 4 hours?": the training speed on the asked configuration.
    within: TrainingSpeed | None = None
    # "i have $50, how many tokens can i train … on my 4090": a budget that buys hours of
    # another configuration (the card asked has no price here), so `within` is there; this is
    # the card asked's own speed, said an hour.
    within_own: TrainingSpeed | None = None
    # "on h100s", no count: the fewest of the card that hold the run, taken as the count
    # (_plural_count); or, none in an instance, how many it takes (0: no cluster holds it).
    plural_count: int | None = None
    plural_by_int4: bool = False  # ... counted for 4-bit, what runs at home
    plural_memory: int | None = None  # ... fewer hold it by memory; vLLM cannot split over them
    plural_need: int | None = None
    plural_need_detailed: bool = False  # that count by the detailed estimate (else the rule's)
    # ... and no offered configuration holds it: the detailed estimate per GPU on the most of
    # that card an instance has (ZeRO-3/FSDP sharded across 8), said beside the count.
    plural_max_gb: Decimal | None = None
    # "con 50 dólares cuál es el modelo más grande que puedo entrenar": a budget buys hours, a
    # run needs tokens: the training speed of the largest model on the configuration whose
    # hours the budget buys, to say how many tokens those hours train (_budget_trains).
    budget_trains: TrainingSpeed | None = None
    # "How long for 10k samples?" with no length: the run timed at a short and a long sample
    # (SAMPLE_LENGTHS), each as (tokens a sample, its estimate), before asking the length.
    sample_bracket: tuple[tuple[int, TrainingEstimate], ...] = ()
    # "too slow?", "any faster option?" after a run: where it ends sooner, what is paid there
    # least first, each listed one sooner than the one before (at most _FASTER_LISTED).
    faster: tuple[FasterRun, ...] = ()
    # Those came from the hours said for the run on the card asked (no dataset to time), carried
    # by the datasheets' ratios: each from its time at the larger ratio to that at the smaller.
    faster_scaled: bool = False
    longest_unplaced: bool = False  # asked with no configuration to search on
    # A quantized format named and no context ("70b q4_k_m on 2x 3090"): the verdict is for an
    # assumed context, so the longest context the detailed estimate fits there is said too.
    context_room: LongestContext | None = None
    # "5000 examples avg 300 tokens": the verdict is at the average length, so the longest
    # sample that fits there is said too (the longest sample sets the peak).
    sample_room: LongestContext | None = None
    # "Which quant fits?": the largest GGUF type that fits (the reply is that type's estimate).
    quant_pick: QuantPick | None = None
    # A GGUF model a local runner (Ollama, llama.cpp…) or CPU offload is asked about and the
    # asked card cannot hold whole: the layers its GPUs hold (-ngl / num_gpu) and the system
    # RAM for the rest (rules.offload); with a runner's assumed type, the largest type that
    # fits whole (as "which quant fits?" answers).
    layer_split: LayerSplit | None = None
    runner_pick: QuantPick | None = None
    # Ollama's "requires more system memory … than is available" pasted: which type fits there.
    ram_pick: RamPick | None = None
    # "-ot exps=CPU", "--cpu-moe", "--n-cpu-moe 30", "experts on cpu": a mixture of experts
    # with its routed experts in system RAM (rules.offload.expert_split), its GPU and RAM
    # memory and the tokens/s the two bandwidths bound.
    expert_offload: ExpertOffload | None = None
    cpu_decode: CpuDecode | None = None  # served on the CPU alone: the RAM-bound speeds
    # The layer split's decode bound from the GPU's and the RAM's bandwidths (rules.offload).
    offload_speed: OffloadSpeed | None = None
    # "How many tokens/s on a 4090?": the bandwidth bound per precision answered (the lead
    # one first), on the asked configuration or, with none, the cheapest offered one.
    decode: tuple[DecodeBound, ...] = ()
    decode_on_cheapest: bool = False
    # "fastest gpu for running …": on the fastest offered card, at this price per hour.
    decode_on_fastest: Decimal | None = None
    decode_no_gpu: bool = False  # only a memory size: no card, no bandwidth
    # The asked configuration does not hold it: the least count of that card that does.
    decode_more: DecodeBound | None = None
    # "How long is the prefill of 100k tokens?": the compute bound on processing the prompt.
    prefill: PrefillBound | None = None
    # "How long to generate 1M tokens?", "tokens per day", "price per million tokens": decode's
    # bound over the tokens or the time, on the configuration of `decode`'s lead (or the least
    # count that holds it); `generation_rented`: the same on the cheapest offered configuration
    # when that one has no price (a card we do not rent, a price not published).
    generation: Generation | None = None
    # "process 10M tokens with llama 3 8b on an h100": the corpus's forward pass, timed and
    # costed (bot.batch)
    batch_run: Any = None
    # "serve gemma 3 27b to 10 people": those users' sequences decoded together (a batch bound),
    # on the asked configuration or (users_on_cheapest) the cheapest offered one.
    users_bound: DecodeBound | None = None
    users_on_cheapest: bool = False
    users_cheapest: Fit | None = None  # the cheapest offered configuration holding them
    # Users served at once, no engine named: the engine their fit is sized for ("vllm").
    engine_assumed: str | None = None
    # "--max-num-seqs 64, how much vram": as many as vLLM runs at once where they do not all
    # fit (the asked configuration, else the cheapest offered one holding the model).
    seqs_admitted: Concurrency | None = None
    generation_rented: Generation | None = None
    # A Mac named without its memory that the assumed one cannot hold: the smallest unified
    # memory whose GPU share holds the run (None: none sold does, or not asked so).
    mac_memory_needed: tuple[Decimal, Decimal] | None = None  # (unified memory, GPU share)
    # "How many users can I serve with Llama 3 8B on an L4?": the sequences each precision
    # answered serves at once (the lead one first), by memory (bot.capacity).
    concurrency: tuple[Concurrency, ...] = ()
    concurrency_on_cheapest: bool = False
    # "How many tokens/s training Llama 3 8B with QLoRA on an A100?": the training throughput.
    train_speed: TrainingSpeed | None = None
    # "My training OOMs on my A100 40GB, what do I do?": what makes the run fit on the asked
    # configuration, smallest change first (bot.remedy); None when not shown.
    remedies: Remedies | None = None
    # "full fine-tune llama 3 8b on my 4090, how long …": one's own card misses the run as
    # asked, so the run is timed there with the smallest change that makes it fit (bot.remedy),
    # before the rented run as asked.
    owned_run: OwnedRun | None = None
    # "qlora llama 2 70b on 2x 3090": a published run of this kind on such cards, estimated
    # at its settings there (bot.remedy.published_recipe); None when not shown.
    recipe: Recipe | None = None
    # Serving a model whose published checkpoint is not BF16 (DeepSeek-V3's FP8): its format,
    # and the memory served as published (the reply says the answer is led by it, or what it
    # takes when another precision was asked).
    native: NativeWeights | None = None
    native_memory: Memory | None = None
    # "serve llama 3 70b with vllm on 7 A10G": 7 does not divide its 64 heads.
    head_split: HeadSplit | None = None
    # "can i run llama 3.1 8b in fp32 on a 3090": FP32 weights do not fit the asked
    # configuration; the same load in BF16 there, by the detailed estimate (None: not asked so).
    fp32_in_bf16: FitCheck | None = None

    @property
    def fp32_served(self) -> bool:
        """Served with FP32 weights ("in fp32", "without torch_dtype"): a 16-bit method's
        detailed estimate is FP32's (4 bytes a parameter), its planning rule BF16's."""
        q = self.query
        return bool(q.inference and (q.precision == "fp32" or q.fp32_weights))

    @property
    def fp16_served(self) -> bool:
        """Served in FP16 as said ("--dtype half", "in fp16"): the 16-bit method's figures
        (2 bytes a value either way), named FP16."""
        return bool(self.query.inference and self.query.fp16_weights and not self.fp32_served)

    @property
    def vocab_turns(self) -> bool:
        """A bare size whose detailed verdict leads and whose vocabulary range (32k to 256k
        tokens) straddles the card: whether it fits turns on which model it is."""
        d = self.detailed
        c = d.check if d is not None else None
        return d is not None and c is not None and (self.typical_lead or d.stated) \
            and self.fits is not None and d.vocab_within(c.vram_per_gpu_gb) is not None

    @property
    def leads_depends(self) -> bool:
        """The one-method reply leads "⚠️ Depends on the model" (bot.render.lines): the
        vocabulary decides, and no measurement (an OOM, a finished run) or short CPU RAM leads
        instead. Its JSON `fits` is then null: the lead is neither a yes nor a no."""
        oom, d = self.oom, self.detailed
        return len(self.methods) == 1 and self.vocab_turns \
            and not (oom is not None and (oom.contradicted or oom.unsaid)) \
            and not self.ran_there \
            and not (self.ram_short and d is not None and bool(d.host_ram_gb))

    @property
    def runs_offloaded(self) -> bool:
        """A GGUF model the card cannot hold whole, split by llama.cpp's layer offload with a
        decode bound for it: it runs, partly on the CPU, which the reply leads with. With the
        system RAM said, when it holds the layers left off the GPU ("ollama llama 3 70b on a
        4090 with 64gb ram"); with none said, when a llama.cpp runner is named (Ollama,
        llama.cpp, LM Studio…: they offload what the card cannot hold by themselves) or the
        offload itself is asked ("with partial offload", "-ngl 40": was "❌ No" and fits false,
        the same split leading "Yes" once a RAM size was said), the RAM it takes then said and
        asked. vLLM, TGI and SGLang keep no layers in RAM by default; "enough vram?" asks about
        the card's memory alone."""
        split, speed, q = self.layer_split, self.offload_speed, self.query
        if split is None or speed is None or split.gpu_layers <= 0 or q.ram_free \
                or q.vram_enough_asked:
            return False
        if q.system_ram_gb is not None:
            return split.ram_gb <= q.system_ram_gb
        return (q.runner is not None or bool(q.cpu_offload)) and q.engine is None


# -- an Answer made without validating what validation would keep as it is (issue #16) --------
# Answer(...) runs pydantic's validation over all ~175 fields, the ones left at their default
# too: 0.67 % of the cold questions' instructions (benchmarks.instructions). Where every value is one
# validation keeps unchanged (a model or dataclass instance of its field's class, passed
# through; None, a bool, an int, a str of the field's type; a finite Decimal; a Literal's
# value; a tuple of such), the same Answer is made from the defaults and those values. Any
# other value (a list for a tuple, an int for a Decimal, a dict, a value that fails) goes
# through Answer(...) itself. tests/test_speed40.py compares both over every answer built.

_new = object.__new__
_set = object.__setattr__  # a frozen model's own __setattr__ refuses
_Check = Callable[[Any], bool]


def _kept_as_is(annotation: Any) -> _Check | None:
    """A test that a value is one validation returns unchanged for `annotation` (a tuple: an
    equal tuple of the same items); None when there is none this simple."""
    origin = get_origin(annotation)
    args = get_args(annotation)
    if annotation is Any:
        return lambda value: True
    if annotation is type(None):
        return lambda value: value is None
    if annotation in (bool, int, str):
        return lambda value: type(value) is annotation  # not a bool for an int, a Markup…
    if annotation is Decimal:
        return lambda value: type(value) is Decimal and value.is_finite()
    if origin is Literal:
        return lambda value: any(type(value) is type(a) and value == a for a in args)
    if origin in (Union, UnionType):
        checks = [_kept_as_is(a) for a in args]
        if any(c is None for c in checks):
            return None
        kept = [c for c in checks if c is not None]
        return lambda value: any(check(value) for check in kept)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _kept_as_is(args[0])
            if item is None:
                return None
            return lambda value: type(value) is tuple and all(map(item, value))
        items = [_kept_as_is(a) for a in args]
        if not args or any(c is None for c in items):
            return None
        fixed = [c for c in items if c is not None]
        return lambda value: type(value) is tuple and len(value) == len(fixed) and all(
            check(v) for check, v in zip(fixed, value, strict=True))
    if origin is None and isinstance(annotation, type) and (
            issubclass(annotation, BaseModel) or is_dataclass(annotation)):
        # Instances are not validated again (revalidate_instances "never", the default).
        if issubclass(annotation, BaseModel) \
                and annotation.model_config.get("revalidate_instances", "never") != "never":
            return None
        return lambda value: isinstance(value, annotation)
    return None  # dicts and anything else: validated


@cache
def _answer_parts() -> tuple[
        dict[str, _Check], dict[str, Any], dict[str, Callable[[], Any]], tuple[str, ...]]:
    """Each field's test (fields without one are validated), every field's default in the
    fields' order, the default factories and the required fields."""
    found = Answer.__pydantic_decorators__
    if found.validators or found.field_validators or found.root_validators \
            or found.model_validators or Answer.__private_attributes__ \
            or Answer.model_config.get("extra") is not None:
        return {}, {}, {}, ()  # validators, private or extra fields: every Answer validated
    checks: dict[str, _Check] = {}
    defaults: dict[str, Any] = {}
    factories: dict[str, Callable[[], Any]] = {}
    required: list[str] = []
    for name, field in Answer.model_fields.items():
        check = _kept_as_is(field.annotation)
        if check is not None:
            checks[name] = check
        defaults[name] = None  # its place in the order; a default or a factory's below
        if field.default_factory is not None:
            factories[name] = cast(Callable[[], Any], field.default_factory)
        elif field.is_required():
            required.append(name)
        else:
            defaults[name] = field.default
    return checks, defaults, factories, tuple(required)


def _made_answer(**values: Any) -> Answer:
    """Answer(**values), without validating values it would keep as they are."""
    checks, defaults, factories, required = _answer_parts()
    for name, value in values.items():
        check = checks.get(name)
        if check is None or not check(value):
            return Answer(**values)
    for name in required:
        if name not in values:
            return Answer(**values)  # validation says which is missing
    fields = {**defaults, **values}  # the fields' order, as validation makes it
    for name, factory in factories.items():
        if name not in values:
            fields[name] = factory()
    made = _new(Answer)
    _set(made, "__dict__", fields)
    _set(made, "__pydantic_extra__", None)
    _set(made, "__pydantic_fields_set__", set(values))
    _set(made, "__pydantic_private__", None)
    return made


def _copied_answer(answer: Answer, update: dict[str, Any]) -> Answer:
    """answer.model_copy(update=update) without its generic path (copy.copy of each of its
    slots, the extra and private fields an Answer never has): composing a detailed answer
    copies it once or twice a question. As model_copy, no validation of `update`."""
    copied = _new(Answer)
    _set(copied, "__dict__", {**answer.__dict__, **update})
    _set(copied, "__pydantic_extra__", None)
    _set(copied, "__pydantic_fields_set__", answer.__pydantic_fields_set__ | update.keys())
    _set(copied, "__pydantic_private__", None)
    return copied


def _methods_for(query: Query, cat: Catalogue) -> tuple[MethodId, ...]:
    if query.inference and not query.serving_precision_said:
        # bf16 first (methods.toml's order): the JSON describes it, the text all three; a
        # model published in FP8 or MXFP4 (DeepSeek-V3, gpt-oss), that precision first
        ids = cat.method_ids("inference")
        lead = _native_lead(query, cat)
        return (lead, *(m for m in ids if m != lead)) if lead in ids else ids
    if query.quant_pair is not None:
        return query.quant_pair  # "AWQ vs GGUF": both
    if query.method is not None:
        return (query.method,)
    return cat.method_ids("inference" if query.inference else "training")


def native_weights(query: Query, cat: Catalogue) -> NativeWeights | None:
    """The precision the named model's own checkpoint is published in, when it is not BF16
    and the question is about serving it (models.toml `native`)."""
    if not query.inference or query.model_id is None:
        return None
    return cat.models.get(query.model_id).native


def _native_lead(query: Query, cat: Catalogue) -> MethodId | None:
    """A serving question naming no precision, about a model published in FP8 or MXFP4: the
    precision it is answered in first (BF16 would only upcast the published weights)."""
    native = native_weights(query, cat)
    return native.method if native is not None and not query.serving_precision_said else None


def _from_native(query: Query, cat: Catalogue, methods: tuple[T, ...],
                 method_of: Callable[[T], str]) -> tuple[T, ...]:
    """The serving precisions a lead is chosen from: all of them, or the model's published
    one and those below it (DeepSeek-V3: FP8, then 4-bit; never an upcast BF16 copy)."""
    lead = _native_lead(query, cat)
    if lead is None:
        return methods
    bits = cat.method(lead).weight_bits
    return tuple(m for m in methods
                 if method_of(m) == lead or cat.method(method_of(m)).weight_bits < bits)


def _primary(query: Query, answers: tuple[MethodAnswer, ...],
             cat: Catalogue) -> MethodAnswer | None:
    if not answers:
        return None
    asked = any(a.fit is not None for a in answers)
    if query.inference and not query.serving_precision_said and len(answers) > 1:
        candidates = _from_native(query, cat, answers, lambda a: a.memory.method)
        if not asked:
            return candidates[0]
        # "Run X on Y" names no precision: the reply leads with the highest precision that
        # fits (bf16, int8, int4; from the published one down for an FP8 or MXFP4 model), so
        # the JSON describes that one; when none fits, the least demanding (4-bit), as for
        # training.
        fitting = [a for a in candidates if a.fit is not None and a.fit.fits]
        return fitting[0] if fitting else candidates[-1]
    if query.quant_pair is not None and asked and len(answers) == 2:
        # "fp8 vs int4 for llama 3 70b on an h100": when one side fits, the reply leads with
        # it ("✅ … fits: 4-bit inference, but not 8-bit"), so the JSON describes that side
        # (was the first named, fits false under the ✅ headline).
        fitting = [a for a in answers if a.fit is not None and a.fit.fits]
        if len(fitting) == 1:
            return fitting[0]
    # No method asked: the JSON keys describe the least demanding method of the kind.
    return answers[0]


def _method_answer(
    cat: Catalogue,
    method: MethodId,
    params_b: Decimal,
    gpu: GPU | None,
    count: int,
    vram_gb: Decimal | None,
    hours: Decimal | None,
    want_quote: bool,
    memory_gb: Decimal | None = None,
    quote_on: str | None = None,
    quote_count: int | None = None,
) -> MethodAnswer:
    mem = memory(method, params_b, cat)
    options = tuple(offered_fits(method, params_b, cat))
    asked: Fit | None = None
    if gpu is not None:
        asked = fit(method, params_b, gpu.id, count, catalogue=cat, memory_gb=memory_gb)
    elif vram_gb is not None:
        asked = fit_vram(method, params_b, vram_gb, count, catalogue=cat)
    run: Quote | None = None
    if want_quote:
        # The asked configuration when it does the job and can be rented, else the cheapest.
        target = asked if asked is not None and asked.fits and asked.rentable \
            and asked.usd_per_hour is not None else None
        if quote_on is not None:  # "...and what would it cost on an L40S": that card's
            target = next((o for o in options if o.gpu == quote_on), target)
        if quote_count is not None:  # "how much … on 2 gpus": the offered one of that count
            target = next((o for o in options if o.gpu_count == quote_count), target)
        target = target or (options[0] if options else None)
        # A quote for the hours given, else for the seed's assumed GPU-hours (training only).
        quotable = hours is not None or cat.method(method).assumed_gpu_hours is not None
        if target is not None and target.gpu and target.usd_per_hour is not None and quotable:
            run = quote(target.gpu, target.gpu_count, hours, method, catalogue=cat)
    return MethodAnswer(
        memory=mem,
        fit=asked,
        cheapest=options[0] if options else None,
        options=options,
        quote=run,
        trl_flags=cat.method(method).trl_flags,
    )


def _cheapest_start(focus: GPU | None, cat: Catalogue) -> Quote | None:
    """The cheapest way to start: the smallest block of GPU-hours (seed: blocks of 10, 24, 168
    or 720 hours) on one GPU of the model named, else of the cheapest published GPU-hour."""
    gpu = focus if focus is not None and focus.usd_per_gpu_hour is not None else min(
        (g for g in cat.rented_gpus if g.usd_per_gpu_hour is not None),
        key=lambda g: (g.usd_per_gpu_hour, g.id), default=None)
    if gpu is None:
        return None
    return quote(gpu.id, 1, Decimal(min(cat.pricing.block_hours)), catalogue=cat)


def _not_rented(gpu: GPU, cat: Catalogue) -> GPUNotRented:
    """No price for a card we do not rent; with the variant of it we do rent and price ("tienen
    a100 de 40gb?": the A100 80GB at its hourly price), so the reply names what to rent."""
    near = next((g for g in cat.variants(gpu)
                 if g.rented and g.usd_per_gpu_hour is not None), None)
    if near is None:
        return GPUNotRented(gpu=gpu.name)
    return GPUNotRented(gpu=gpu.name, rented=near.id, rented_gb=near.vram_gb,
                        rented_usd=near.usd_per_gpu_hour)


def build_answer(query: Query, catalogue: Catalogue) -> Answer:
    """Everything a reply to `query` needs. Bad input becomes an Answer with an error code."""
    answer = _build_answer(query, catalogue)
    if query.intent == "compare" and query.gpu_variant_assumed:
        answer = _mac_compared(answer, catalogue)
    if query.intent == "compare" and query.dataset_samples and query.dataset_tokens is None:
        answer = _compare_bracket(answer, catalogue)
    if query.local_asked:
        from bot.local_hardware import local_lines  # it reads Answer, defined here

        found = local_lines(answer, catalogue)
        if found:
            return answer.model_copy(update={"local_hardware": found})
    return answer


def _compare_bracket(answer: Answer, cat: Catalogue) -> Answer:
    """"compare a100 vs h100 for lora 8b on 50k samples": the samples' length unsaid, both
    sides timed at each of SAMPLE_LENGTHS, as "how long … on 50k samples" on one card is
    (_sample_bracket; was no time at all, only the datasheets)."""
    query = answer.query
    samples = query.dataset_samples
    if answer.error or answer.missing or answer.comparison is None or answer.side_runs \
            or answer.compare_times or query.hours is not None or samples is None:
        return answer
    answers = 2 if query.paired and not query.inference else 1
    found: list[tuple[int, tuple[TrainingEstimate, ...]]] = []
    for each in SAMPLE_LENGTHS:
        timed = _build_answer(query.model_copy(update={
            "dataset_samples": None, "dataset_tokens": Decimal(samples * each * answers),
            "pairs_doubled": answers == 2,
            "seq_len": query.seq_len if query.seq_len is not None else each}), cat)
        if len(timed.compare_times) != 2:
            return answer
        found.append((each, timed.compare_times))
    return answer.model_copy(update={"compare_bracket": tuple(found)})


def _mac_compared(answer: Answer, cat: Catalogue) -> Answer:
    """"is a mac studio or 2x3090 better for 70b": a Mac named without its memory was weighed
    at its smallest configuration (8 GB, 5.33 GB for the GPU: "only 2× RTX 3090 holds it"). When
    that misses, it is weighed at the least memory sold whose share for the GPU holds the run
    by the planning rule, and the reply says so first (mac_memory_needed)."""
    query, c = answer.query, answer.comparison
    if c is None or answer.error or query.gpu is None or query.gpu_memory_gb is not None \
            or c.a is None or c.a.fits or c.a.gpu_count != 1 or c.gpu_a != query.gpu:
        return answer
    card = cat.gpu(query.gpu)
    if not card.unified_memory or len(card.memory_options_gb) < 2:
        return answer
    size = next((m for m in sorted(card.memory_options_gb)
                 if cat.usable_gb(card, m) >= c.a.estimate_gb), None)
    if size is None:
        return answer
    again = _build_answer(query.model_copy(update={"gpu_memory_gb": size}), cat)
    if again.error or again.comparison is None or again.comparison.a is None \
            or not again.comparison.a.fits:
        return answer
    return again.model_copy(update={"mac_memory_needed": (size, cat.usable_gb(card, size))})


def _build_answer(query: Query, catalogue: Catalogue) -> Answer:
    if query.step_rate is not None or query.step_time is not None \
            or (query.sample_rate is not None and query.sample_total is not None):
        return _at_step_rate(query, catalogue)
    if query.batch_processed:
        from bot.batch import batch_run  # bot.batch reads bot.detail, as this module does

        answer = _answer(query, catalogue)
        return answer.model_copy(update={"batch_run": batch_run(query, answer, catalogue)})
    if query.steps_samples is None or query.batch_size is None or query.batch_size < 1:
        return _budget_trains(_answer(query, catalogue), catalogue)
    steps = optimizer_steps(
        query.steps_samples, query.batch_size, max(query.accum_steps or 1, 1),
        query.gpu_count or 1, max(query.epochs or 1, 1))
    if query.params_b is None and query.model_id is None and not query.family:
        return Answer(query=query, intent="time", steps=steps, steps_alone=True)
    return _answer(query, catalogue).model_copy(update={"steps": steps})


def _budget_trains(answer: Answer, cat: Catalogue) -> Answer:
    """"con 50 dólares cuál es el modelo más grande que puedo entrenar" (Kimi K2, 1.3 hours of
    8× H200): the largest model a budget trains, no data said, with how many tokens the hours
    it buys train there (6·N·D or 4·N·D, N a mixture of experts' active parameters, at the
    assumed utilization): 1.3 hours of a 1T model is about 27 million tokens, a run to weigh,
    not the model alone."""
    q, b = answer.query, answer.budget
    if b is None or not answer.largest or answer.error or q.inference or q.hours is None \
            or q.hours <= 0 or q.dataset_tokens is not None or q.dataset_samples \
            or answer.within is not None or answer.budget_alt is not None \
            or answer.detailed_fits is False or answer.fits is False:
        return answer
    speed = training_speed_facts(q, answer, cat).get("train_speed")
    if speed is None or speed.throughput is None or not speed.asked \
            or (speed.gpu, speed.gpu_count) != (b.gpu, b.gpu_count):
        return answer
    return answer.model_copy(update={"budget_trains": speed})


def _at_step_rate(query: Query, cat: Catalogue) -> Answer:
    """"1.2 it/s at batch 2, 40k samples, how long", "20k steps at 3s/it": the steps at the
    measured speed, whatever the model (the user's run already fits), priced on a configuration
    we rent; a count of samples without its batch asks for it."""
    steps = None
    samples_timed = None
    if query.sample_rate is not None and query.sample_total is not None:
        # "2.5 samples/s … 20k samples, 3 epochs": every pass's samples at that rate
        samples_timed = query.sample_total * max(query.epochs or 1, 1)
    elif query.steps_samples is not None and query.batch_size is not None \
            and query.batch_size >= 1:
        steps = optimizer_steps(
            query.steps_samples, query.batch_size, max(query.accum_steps or 1, 1),
            query.gpu_count or 1, max(query.epochs or 1, 1))
    total = steps.total if steps is not None else query.step_total
    if samples_timed is not None and query.sample_rate is not None:
        total = samples_timed
        hours = hours_at_step_rate(total, query.sample_rate, False)  # a sample as a "step"
    elif total is None:
        return Answer(query=query, intent="time", missing="step_batch")
    elif query.step_time is not None:
        hours = hours_at_step_rate(total, query.step_time, True)
    else:
        assert query.step_rate is not None
        hours = hours_at_step_rate(total, query.step_rate, False)
    gpu = cat.gpu(query.gpu) if query.gpu is not None else None
    count = query.gpu_count or 1
    priced = gpu is not None and gpu.rented and gpu.usd_per_gpu_hour is not None \
        and count <= cat.limits.max_gpus
    # "… on my 3090, how long? and how much on an h100?": the measured hours scaled there by
    # the datasheets, priced at both ends (as "it took 6 h on my 3090" is).
    other = next((cat.gpu(g) for g in query.other_gpus if g != query.gpu), None)
    scaled = scale_hours(hours, gpu.id, other.id, count, 1, catalogue=cat) \
        if gpu is not None and other is not None else None
    extra: dict[str, Any] = {}
    if scaled is not None and other is not None:
        extra = {"scaled_time": scaled, "scaled_quotes": _scaled_quotes(scaled, other.id, 1, cat)
                 if other.rented and other.usd_per_gpu_hour is not None else ()}
    return Answer(query=query, intent="time", steps=steps, steps_alone=True, step_total=total,
                  samples_timed=samples_timed is not None,
                  measured_hours=hours, gpu=gpu, gpu_count=count,
                  quote=quote(gpu.id, count, hours, catalogue=cat) if priced and gpu else None,
                  **extra)



def _ckpt_need(query: Query, on: DetailedAnswer, off: DetailedAnswer) -> dict[str, Any]:
    """"is gradient checkpointing needed for lora llama 3.1 8b on a 3090": the memory each GPU
    asked has and whether the run fits there with checkpointing and without it; nothing when
    not asked or with no configuration asked."""
    if not query.ckpt_need_asked or on.check is None or off.check is None:
        return {}
    return {"vram_gb": off.check.vram_per_gpu_gb, "on_fits": on.check.detailed_fits,
            "off_fits": off.check.detailed_fits}

def _unusable(query: Query) -> Answer:
    """A count that cannot be used (bot.understand.unusable), named with its slot: "batch 2.5"
    was answered at batch 1, "1.5 gpus" on one GPU, "NaN tokens" and "0 examples" asked for
    the dataset again, with nothing said of the number given."""
    assert query.unusable is not None
    kind, slot, said = query.unusable
    label = UNUSABLE_LABELS[slot]
    if kind == "fraction":
        value = Decimal(said.replace(",", "."))
        low = int(value.to_integral_value(ROUND_FLOOR))
        return Answer(query=query, intent=query.intent, error=WHOLE_NUMBER, error_params={
            # "0.5 gpus" or "2.0 gpus": one whole number to offer
            "label": label, "said": said, "low": low if 1 <= low < value else None,
            "high": int(value.to_integral_value(ROUND_CEILING))})
    if kind == "not_a_number":
        return Answer(query=query, intent=query.intent, error=NOT_A_NUMBER,
                      error_params={"label": label, "said": said})
    # As bot.understand.bounds words a number out of its slot's range.
    bound = BOUNDS.get(slot) or Bound(label, Decimal(1), Decimal(10) ** 15)
    if slot == "learning_rate":
        bound = Bound(label, Decimal(0), UNUSABLE_LEARNING_RATE_HIGH, low_open=True)
    return Answer(query=query, intent=query.intent, error=NumberOutOfRange.code, error_params={
        "slot": slot, "label": bound.label, "side": kind, "unit": bound.unit, "low": bound.low,
        "high": bound.high, "low_open": bound.low_open})


def _answer(query: Query, catalogue: Catalogue, *, timing: bool = False) -> Answer:
    """`timing`: only the detailed estimate is read (_timed_detail): the answer stops there."""
    cat = catalogue
    if query.malformed_number is not None:
        # "how much for 1.5.3 hours on h100": no number is read there (was 153 hours); the
        # reply asks for it again, written so it can be read.
        return Answer(query=query, intent=query.intent, error=UNREADABLE_NUMBER,
                      error_params={"said": query.malformed_number})
    if query.unusable is not None:
        return _unusable(query)
    if query.epochs_fraction is not None and query.intent not in ("fit", "memory"):
        # "1.5 epochs", "½ epoch": whole passes are all the estimates time; the reply says
        # so and how to scale one epoch's figures (was "5 epochs", "2 epochs" timed). Memory
        # does not depend on epochs: a config pasted with "num_train_epochs=1.5" is sized.
        return Answer(query=query, intent=query.intent, error=WHOLE_EPOCHS,
                      error_params={"said": query.epochs_fraction})
    if query.impossible_day is not None:
        # "h100 25 hours a day for a week": no schedule to price; the reply says why.
        per_day, week = query.impossible_day
        return Answer(query=query, intent=query.intent, error=InvalidHours.code,
                      error_params={"per_day": per_day, "week": week})
    if query.multi_gpu_asked and query.params_b is None and query.model_id is None \
            and not query.family and query.hours is None and query.budget_usd is None \
            and not query.service_asked \
            and not (query.largest and (query.gpu is not None or query.vram_gb is not None)) \
            and query.intent in ("fit", "memory", "recommend", "unknown", "prices", "cost"):
        # "do i need nvlink for 2x 3090 qlora": answered from what is known of the cards, no
        # model asked for first (was "Which model?"). The largest model asked of a card
        # ("biggest model on 2x3090 nvlink") leads, the link after it.
        return Answer(query=query, intent="fit", multi_gpu_alone=True,
                      gpu=cat.gpu(query.gpu) if query.gpu is not None else None,
                      gpu_count=query.gpu_count)
    if query.count_unclear is not None:
        # "¿y 8?" after 2× RTX 3090 + 1× RTX 4090: which card is asked back.
        return Answer(query=query, intent=query.intent, missing="count")
    if card_alone(query) and query.intent == "fit" and (
            query.gpu is not None or query.vram_gb is not None):
        # "i have 2 3090s": nothing asked yet; the card is noted for the next questions.
        return Answer(query=query, intent="fit", card_noted=True,
                      gpu=cat.gpu(query.gpu) if query.gpu is not None else None,
                      gpu_count=query.gpu_count or 1, vram_gb=query.vram_gb)
    # "does the 3090 support fp8": the precision named is what is asked, not a method.
    if query.specs_asked and query.gpu is not None and query.params_b is None \
            and query.model_id is None and not query.other_gpus \
            and (query.precision_asked is not None
                 or (query.method is None and not query.inference)) \
            and not query.largest and query.engine is None \
            and query.runner is None and query.seq_len is None and query.hours is None \
            and query.dataset_tokens is None:
        return _card_specs(query, cat)
    if query.intent == "recommend" and query.vram_gb is not None and query.vram_gb > 0 \
            and query.gpu is None \
            and query.params_b is None and query.model_id is None and not query.family \
            and query.method is None and not query.largest and query.budget_usd is None:
        return _cheapest_memory(query, cat)
    if _asks_budget_offers(query, cat):
        return _budget_offers(query, cat)
    if _weighs_offers(query, cat):
        weighed = _largest_over_offers(query, cat)
        if weighed is not None:
            return weighed
    if query.family and query.params_b is None and query.model_id is None \
            and query.intent in ("fit", "memory") \
            and (query.gpu is not None or query.vram_gb is not None):
        return _family_pick(query, cat)
    try:
        query = _at_average_length(query)
        query = _compute_optimal(query)
        query = _samples_priced(query)
        query, plural = _plural_count(query, cat)
        oom: OomReport | None = None
        if query.count_asked and query.gpu_count is None:
            # "my a100 40gb OOMs with …, how many gpus do i need": the OOM happened on the
            # card as the user has it, and what it says of their settings sizes the count.
            query, oom = _oom_checkpointing(query, cat)
        query, extra = _reframe(query, cat)
        extra.update(plural)
        reframed = query
        query = _gguf_file(_ram_quant(query, cat), cat)
        query = _ollama_context(query, cat)
        query = _within_positions(query, cat)
        query = _vllm_context(query, cat)
        query, assumed_engine = _users_engine(query, cat)
        if assumed_engine is not None:
            extra["engine_assumed"] = assumed_engine
        if query.quant_asked and query.quant is None and query.params_b is not None \
                and (query.gpu is not None or query.vram_gb is not None):
            query, pick = _quant_pick(query, cat)
            if pick is not None:
                extra["quant_pick"] = pick
        if not (query.count_asked and "count_needed" in extra):
            query, oom = _oom_checkpointing(query, cat)
        users_query = query  # "how much ctx and users": the users at the context stated or assumed
        if (query.context_asked or query.at_longest) and query.seq_len is None \
                and query.params_b is not None:
            query, longest = _longest(query, cat)
            if query.context_asked:
                extra.update(longest)
        elif query.batch_asked and query.params_b is not None and not query.inference:
            query, found = _largest_batch(query, cat, oom)
            extra.update(found)
        if query.strategies is not None and not query.inference and query.params_b is not None:
            query, choice = _strategy_choice(query, cat)
            if choice is not None:
                extra["strategy_choice"] = choice
        answer = _build(query, cat)
        detailed = detailed_for(query, answer, cat, tokens_per_second=query.tokens_per_second)
        if timing and not extra.get("largest_names"):
            # What follows adds to the answer but leaves its detailed estimate's run as it is
            # (the answer of another size or model comes only with largest_names).
            return _copied_answer(answer, {"detailed": detailed})
        composed = _settle(query, answer, detailed, cat, oom)
        if extra.get("count_planning") is not None:
            composed = _count_by_detail(query, composed, cat)
        if extra.get("largest_names") and composed.detailed_fits is not None \
                and composed.primary is not None:
            top: Largest = extra["largest"]
            assert top.model_params_b is not None  # names were found at it
            too_big = composed.detailed_fits is False
            generic = _largest_by_detail(query, cat) if too_big \
                else (top.model_params_b, extra["largest_names"])
            # The models named must hold it by their own estimate, not only a generic shape of
            # their size ("best llm i can run on my 3090": Falcon 40B in 4-bit is 26.1 GB with
            # its own vocabulary and layers, of 25.77 GB; the generic 40B's 24.7 GB fit), also
            # when a budget pays for the run: what it pays for is weighed on the model named
            # (_largest_within_budget).
            named = None if generic is None else _named_largest(
                query, generic[0], composed.primary.memory.method, cat)
            by_detail = generic if too_big else None
            if named is not None and named[0] == top.model_params_b:
                # The planning rule's size holds: the lead stays its, naming those that fit,
                # each by its own detailed estimate (the reply says so, not "that is the
                # planning rule alone").
                extra["largest_names"] = named[1]
                extra["largest_confirmed"] = True
            elif named is not None:
                by_detail = named
            own = _own_shape(named, cat) if _run_timed(reframed) or query.budget_usd is not None \
                else None
            if own is not None and by_detail is None:
                # "biggest model i can qlora w/ 50 bucks on 5M tokens": the run is timed and
                # priced on the model named, its own layers and (mixture of experts) active
                # parameters, not on a dense Llama-like shape of its size (GLM-5's 744B took
                # 2.38 hours on 8x H100 as a dense model; its 40B active parameters take less).
                at = _answer(reframed.model_copy(update={"model_id": own}), cat)
                if at.error is None and at.detailed_fits is not False:
                    return _within_budget_of(reframed, at.model_copy(update=_asked_facts(
                        extra)), extra, cat)
            if too_big or by_detail is not None:
                extra["largest_detailed"] = by_detail
            if by_detail is not None:
                # "what can i finetune on a 3090": the planning rule's 32B leaves nothing for
                # activations (26.7 GB at typical settings): the reply is about the size the
                # detailed estimate fits, the most accurate answer, and the rule is said beside.
                if query.coding:
                    extra["largest_code"] = _largest_coding(by_detail[0], cat)
                at = _answer(reframed.model_copy(update={
                    "params_b": by_detail[0], "model_id": own}), cat)
                if at.error is None and at.detailed_fits is not False:
                    return _within_budget_of(reframed, at.model_copy(update={
                        **_asked_facts(extra), "largest_by_detail": True}), extra, cat)
            if too_big and detailed is not None and detailed.kind == "training":
                # "rtx 3050 4gb any llm possible?": no size on file fits at typical settings
                # (even 0.1B needs 5.3 GB): the detailed verdict leads, not the rule's ✅ 5B.
                extra["largest_none_by_detail"] = True
                composed = _settle(query, answer, detailed, cat, oom, typical=True)
        room = _context_room(query, composed, cat)
        if room is not None:
            extra["context_room"] = room
        sample_room = _sample_room(query, composed, cat)
        if sample_room is not None:
            extra["sample_room"] = sample_room
        if composed.typical_lead and composed.fits is False:
            extra.update(_typical_fixes(query, composed, cat))
        elif _both_miss(composed):
            extra.update(_typical_count(query, composed, cat))
        elif composed.typical_lead and composed.fits and detailed is not None \
                and detailed.kind == "training" and detailed.check is not None \
                and _tight_by_detail(detailed.check, cat):
            extra.update(_typical_tight(query, composed, cat))
        if query.speed_asked:
            split_run = _speed_offloaded(query, composed, cat)
            if split_run is not None:
                return split_run
            extra.update(_decode(query, composed, cat))
        elif query.users is not None and query.users > 1 and query.batch_size == query.users \
                and query.inference and not (query.concurrency_asked or query.context_asked):
            extra.update(_users_bound(query, composed, cat))
            if query.max_num_seqs == query.users and composed.detailed_fits is not True:
                extra["seqs_admitted"] = _seqs_admitted(query, composed, cat)
        mac = _mac_memory_needed(query, composed, cat)
        if mac is not None:
            extra["mac_memory_needed"] = mac
        if query.replicas_asked and detailed is not None and detailed.kind == "inference" \
                and detailed.gpus > 1 and (query.gpu_count or 1) > 1:
            # "how many qwen 2.5 7b replicas on 8x h100": the copies one of its GPUs holds,
            # on each of them (the estimate on one GPU; was the model split over the eight)
            one = _answer(query.model_copy(update={"gpu_count": 1, "replicas_asked": False}),
                          cat).detailed
            if one is not None and one.kind == "inference" and one.gpus == 1:
                detailed = one
                extra["replicas_detailed"] = one
                extra["replicas_gpus"] = query.gpu_count
        if query.replicas_asked and detailed is not None and detailed.kind == "inference" \
                and detailed.gpus == 1 and detailed.vram_per_gpu_gb is not None \
                and detailed.per_gpu_gb > 0:
            # "how many llama 3 8b instances fit on an h100": whole copies, each its own
            # process with its weights, one sequence's KV cache and its CUDA context.
            extra["replicas"] = int(detailed.vram_per_gpu_gb // detailed.per_gpu_gb) \
                * extra.get("replicas_gpus", 1)
        if query.concurrency_asked:
            # Asked with the longest context, the users are not counted at that context (one
            # sequence, by its definition) but at the one stated or assumed.
            extra.update(concurrency_facts(users_query, composed, cat))
        if query.train_speed_asked:
            extra.update(training_speed_facts(query, composed, cat))
        elif (query.within_hours or query.budget_timed or query.time_judged) \
                and query.hours is not None:
            # "Can I fine-tune it in 4 hours on a 4090?": what those hours train there.
            # "i have 50 dollars, how many tokens can i train llama 3 8b with qlora on my 4090":
            # we have no price for the card asked, so the hours are those the money buys of
            # another configuration, and what they train is estimated there (was the 4090's
            # tokens in the L40S's hours); the card asked says what it trains an hour.
            alt: BudgetBuys | None = extra.get("budget_alt")
            on = (alt.gpu, alt.gpu_count) if alt is not None and extra.get("budget") is None \
                else None
            if on is None and query.within_hours and query.gpu is None \
                    and query.vram_gb is None and composed.primary is not None:
                # "how many tokens can i qlora llama 3 8b on in 10 hours?", no card named:
                # those hours on the cheapest offered configuration that fits, the one the
                # reply quotes them on (was the memory and that quote, no tokens).
                on = next(((o.gpu, o.gpu_count) for o in composed.primary.options
                           if o.gpu is not None and o.fits and o.usd_per_hour is not None), None)
            speed = training_speed_facts(query, composed, cat, on=on).get("train_speed")
            if speed is not None and speed.asked and speed.throughput is not None:
                extra["within"] = speed
            own = training_speed_facts(query, composed, cat).get("train_speed") \
                if on is not None else None
            if own is not None and own.asked and own.throughput is not None:
                extra["within_own"] = own
        if query.dataset_samples and query.dataset_tokens is None and (
                query.intent == "time" or (query.intent == "cost" and query.hours is None)):
            # "how much to lora qwen2.5 7b on 200k samples on an h100": costed at each length
            # (was the seed's illustrative hours, the samples unread)
            bracket = _sample_bracket(query, composed, cat)
            if bracket:
                extra["sample_bracket"] = bracket
        if query.faster_asked and query.dataset_tokens is None and not query.dataset_samples:
            extra.update(faster=_faster_scaled(query, composed, cat), faster_scaled=True)
        elif query.faster_asked:
            timed = extra.get("sample_bracket")
            extra["faster"] = _faster(timed[-1][1], timed[0][1]) if timed \
                else _faster(composed.detailed.training_time
                             if composed.detailed is not None else None, None)
        if oom is not None:
            composed = _trust_the_oom(query, composed, oom)
        if len(query.methods_named) >= 2 and query.method is None and not query.inference \
                and composed.intent in ("time", "cost") and _run_timed(query):
            runs, alone = _method_runs(query, cat)
            extra["method_runs"] = runs
            lead = _lead_run(runs)
            if lead is not None and lead in alone and (
                    composed.primary is None or composed.primary.memory.method != lead):
                # "is full finetune or lora faster for llama 3.2 1b on a 3090": the rest of the
                # reply is about a method named (was QLoRA, named by no one).
                return alone[lead].model_copy(update={"method_runs": runs})
        if query.method_speed_asked and query.method is None:
            speeds = _method_speeds(query, cat)
            if speeds:
                extra["method_speeds"] = speeds
        if query.ckpt_saving_asked and detailed is not None and detailed.kind == "training":
            off = detailed_for(query.model_copy(update={"grad_ckpt": False}), answer, cat)
            if off is not None:
                # Its time: the forward pass again, as every time estimate counts it.
                reference = bool(query.reference_model)
                flops_on = training_flops(1, 1, detailed.method, True, reference) / _GIGA_FLOPS
                flops_off = training_flops(1, 1, detailed.method, False, reference) / _GIGA_FLOPS
                extra["ckpt_saving"] = CkptSaving(
                    method=detailed.method, seq_len=detailed.seq_len,
                    micro_batch=detailed.micro_batch, gpus=detailed.gpus,
                    on_gb=detailed.breakdown.per_gpu_gb, off_gb=off.breakdown.per_gpu_gb,
                    on_activations_gb=detailed.breakdown.term("activations"),
                    off_activations_gb=off.breakdown.term("activations"),
                    slower=flops_on / flops_off if query.ckpt_slow_asked else None,
                    flops_on=flops_on, flops_off=flops_off,
                    **_ckpt_need(query, detailed, off))
        if query.lora_rank_other is not None and detailed is not None \
                and detailed.lora_rank is not None:
            other = detailed_for(query.model_copy(update={"lora_rank": query.lora_rank_other}),
                                 answer, cat)
            if other is not None and other.lora_rank == query.lora_rank_other:
                extra["rank_pair"] = RankPair(
                    method=detailed.method, seq_len=detailed.seq_len,
                    micro_batch=detailed.micro_batch, rank_a=detailed.lora_rank,
                    rank_b=query.lora_rank_other, a_gb=detailed.breakdown.per_gpu_gb,
                    b_gb=other.breakdown.per_gpu_gb,
                    a_adapters_gb=detailed.breakdown.term("lora_adapters"),
                    b_adapters_gb=other.breakdown.term("lora_adapters"))
        if query.flash_saving_asked and detailed is not None:
            eager = detailed_for(query.model_copy(update={"attention": "eager"}), answer, cat)
            if eager is not None:
                extra["flash_saving"] = FlashSaving(
                    kind=detailed.kind, method=detailed.method, seq_len=detailed.seq_len,
                    micro_batch=detailed.micro_batch, flash_gb=detailed.breakdown.per_gpu_gb,
                    eager_gb=eager.breakdown.per_gpu_gb)
        if query.kernels_saving_asked and query.kernels is not None and detailed is not None \
                and detailed.kind == "training":
            plain = detailed_for(query.model_copy(update={"kernels": None}), answer, cat)
            if plain is not None:
                extra["kernels_saving"] = KernelsSaving(
                    kernels=query.kernels, method=detailed.method, seq_len=detailed.seq_len,
                    micro_batch=detailed.micro_batch, with_gb=detailed.breakdown.per_gpu_gb,
                    without_gb=plain.breakdown.per_gpu_gb)
        if query.kv_saving_asked and detailed is not None and detailed.kind == "inference":
            saving = _kv_saving(query, answer, detailed, cat)
            if saving is not None:
                extra["kv_saving"] = saving
        if query.train_disk_asked and composed.params_b is not None:
            extra["train_disk"] = _train_disk(query, composed, cat)
        if query.download_asked and composed.params_b is not None:
            extra["download"] = _download(query, composed, cat)
        if query.kv_size_asked and detailed is not None and detailed.kind == "inference":
            extra["kv_size"] = _kv_size(query, detailed, cat)
        if query.seq_len_other is not None and detailed is not None:
            pair = _context_pair(query, answer, detailed, cat)
            if pair is not None:
                extra["context_pair"] = pair
        if query.vllm_share_asked:
            asked = composed.primary.fit if composed.primary is not None else None
            extra["vllm_share"] = vllm_share_facts(query, asked, cat)
        if query.method_diff:
            diff = _method_diff(query, answer, cat)
            if diff is not None:
                extra["method_diff"] = diff
        experts = _expert_offload(query, composed, cat)
        if experts is not None:
            extra["expert_offload"] = experts
        cpu = _cpu_decode(query, composed, cat)
        if cpu is not None:
            extra["cpu_decode"] = cpu
        split = _layer_split(query, composed, cat) if experts is None or experts.dense else None
        if split is not None:
            extra["layer_split"] = split
            speed = _offload_speed(query, composed, split, cat)
            if speed is not None:
                extra["offload_speed"] = speed
                fit = composed.primary.fit if composed.primary is not None else None
                more = extra.get("decode_more")
                if more is not None and more.gpus > 2 and fit is not None \
                        and not fit.rentable:
                    # Beside the split one's own card runs, a second card is what people add
                    # at home; "on 8× RTX 4060 it fits" is not an answer (calib44).
                    extra["decode_more"] = None
                if fit is not None and fit.gpu is not None and "generation" in extra:
                    # "how long to generate 1M tokens with 70b q4 on my 3090": at the pace of
                    # the layers split with system RAM there, not on more cards
                    extra["generation"] = _generation_at(
                        query, speed.tokens_per_second, fit.gpu, fit.gpu_count, cat,
                        ram_offload=True)
            if query.runner_type_assumed and query.params_b is not None \
                    and not _gguf_keeps_native(query, cat):
                extra["runner_pick"] = _quant_pick(query, cat)[1]
        ram_pick = _ram_pick(query, composed, split, cat)
        if ram_pick is not None:
            extra["ram_pick"] = ram_pick
        head_split = _head_split(query, composed, cat)
        if head_split is not None:
            extra["head_split"] = head_split
        in_bf16 = _fp32_in_bf16(query, composed, cat)
        if in_bf16 is not None:
            extra["fp32_in_bf16"] = in_bf16
        fixes = vllm_fixes(query, composed, cat)
        if fixes is not None:
            extra["vllm_fixes"] = fixes
        served = _served_after(query, composed, cat)
        if served is not None:
            extra["served_after"] = served
            seqs = _served_after_seqs(query, composed, served, cat)
            if seqs is not None:
                extra["served_after_seqs"] = seqs
        if query.draft_model is not None and composed.primary is not None \
                and query.inference:
            # the draft's weights come on top of the model's, in the same precision
            extra["draft_memory"] = memory(composed.primary.memory.method,
                                           cat.models.get(query.draft_model).params_b, cat)
        instead = _served_instead(query, composed, cat)
        if instead:
            extra["served_instead"] = instead
        offloaded = _offload_instead(query, composed, cat)
        if offloaded is not None:
            extra["offload_instead"] = offloaded
        if wants_remedies(query, composed):
            extra["remedies"] = remedies_for(query, composed, cat)
            owned = owned_run(query, composed, extra["remedies"], cat,
                              _run_at_home(query, composed.gpu))
            if owned is not None:
                extra["owned_run"] = owned
        elif composed.oom is not None and composed.oom.contradicted:
            saved = oom_savings(query, composed, cat)
            if saved is not None:
                extra["remedies"] = saved
        recipe = published_recipe(query, composed, cat)
        if recipe is not None:
            extra["recipe"] = recipe
        if extra.get("largest_names") and query.budget_usd is not None \
                and not query.inference and extra.get("budget_alt") is None:
            smaller = _largest_within_budget(reframed, composed, extra, cat)
            if smaller is not None:
                return smaller
        if extra.get("largest_names") and query.budget_usd is None and not query.inference:
            sooner = _largest_within_hours(reframed, composed.model_copy(update=extra), cat)
            if sooner is not None:
                return sooner
        if query.owned_aside is not None and composed.primary is not None \
                and query.params_b is not None:
            extra["owned_fit"] = _owned_fit(query, composed.primary.memory.method, cat)
        if extra.get("budget_over") and extra.get("budget_blocks") is None \
                and extra.get("budget_alt") is None and query.hours is not None:
            composed = _unquoted(composed)
        # Nothing to add (most questions): the composed answer as it is, not a copy of it.
        return composed.model_copy(update=extra) if extra else composed
    except RulesError as exc:
        failed = Answer(query=query, intent=query.intent, error=exc.code,
                        error_params=exc.params)
        return _detail_despite(failed, exc, query, cat)


def _plural_count(query: Query, cat: Catalogue) -> tuple[Query, dict[str, Any]]:
    """"how much to lora a 70b on h100s for 10 hours" ("en varias h100", "sur des h100"): the
    card in the plural with no count is as many of it as the run needs, the fewest the detailed
    estimate fits on (3× H100), when an instance has that many (was 1× H100, ❌, and its cost
    "where it does not fit"). More than an instance has ("full finetune llama 3 70b on h100s":
    19): the count stays unsaid, and the reply says why the run is priced on another card."""
    if not query.gpu_plural or query.gpu_count is not None or query.gpu is None \
            or query.params_b is None or query.method is None or query.budget_usd is not None \
            or query.intent not in ("fit", "cost", "time") or query.vram_gb is not None \
            or query.count_asked or query.largest:
        # "how many h100 do i need", "and h100s?" after it: the count is what is asked
        return query, {}
    gpu = cat.gpu(query.gpu)
    if gpu.unified_memory:
        return query, {}
    method, params_b = query.method, query.params_b
    at_home = cat.method(method).kind == "inference" and not query.serving_precision_said \
        and _run_at_home(query, gpu)
    memory_need: int | None = None
    if at_home:
        # "can i run llama 3 70b on 3090s": at home the usual download is 4-bit (llama.cpp,
        # Ollama, LM Studio), so as many cards as that takes (2×), the other precisions said
        # against them (was 7× by BF16, 0 GB left, split by a tensor parallelism 64 heads do
        # not divide over 7)
        method = "inference_int4"
    one = fit(method, params_b, gpu.id, 1, catalogue=cat, memory_gb=query.gpu_memory_gb)
    detailed = need = _detailed_count(query, one, 1, cat)
    # The verdict the reply leads with is the planning rule's unless settings are said: the
    # count holds by both ("lora a 70b": 2× H100 by the detailed estimate, 85 GB per GPU of
    # 85.52, but 168 GB by the rule: 3×).
    while need is not None and need <= cat.limits.max_cluster_gpus and not fit(
            method, params_b, gpu.id, need, catalogue=cat, memory_gb=query.gpu_memory_gb).fits:
        need += 1
    if need is not None and need <= cat.limits.max_gpus and not at_home:
        # "serve llama 3 70b on h100s": vLLM splits the model by tensor parallelism, over a
        # count its heads divide by (4×, not the 3× memory asks for)
        split = _tensor_parallel_count(query, method, need, cat)
        if split is not None and split.gpus <= cat.limits.max_gpus:
            memory_need, need = need, split.gpus
    if need is not None and need <= cat.limits.max_gpus:
        return query.model_copy(update={"gpu_count": need}), {
            "plural_count": need, "plural_by_int4": at_home,
            "plural_memory": memory_need if memory_need != need else None}
    if cat.method(method).kind == "training":
        return query.model_copy(update={"count_asked": True}), {}
    if detailed is not None and detailed > cat.limits.max_gpus:
        if need is not None and detailed < need <= cat.limits.max_cluster_gpus:
            # The rule needs more than the detailed estimate: the count that holds by both
            # is the rule's, as it is within an instance.
            return query, {"plural_need": need}
        on_max = estimate_on_cards(query, cat.method(method), estimator_model(query, params_b, cat),
                                   cat.limits.max_gpus, capacity_per_gpu(one))
        return query, {"plural_need": detailed, "plural_need_detailed": True,
                       "plural_max_gb": on_max.per_gpu_gb if on_max is not None else None}
    return query, {"plural_need": need if need is not None
                   and need <= cat.limits.max_cluster_gpus else 0}


def _at_average_length(query: Query) -> Query:
    """"5000 examples avg 300 tokens": not packed, each sample is its own sequence (at batch 1
    no padding), so the run's sequences are that long on average and the detailed estimate,
    which decides the verdict, runs at it (was an assumed 2,048 that did not fit a T4 where
    300 tokens do). The assumptions say that the longest sample sets the peak."""
    if query.seq_len is not None or query.sample_len_avg is None or query.inference \
            or query.packed:
        return query
    return query.model_copy(update={"seq_len": query.sample_len_avg})

def _samples_priced(query: Query) -> Query:
    """"what gpu should i use to train gemma 3 12b on 30k examples": the samples said, not
    their length, are priced at each length on the configuration where the run costs least
    (_sample_bracket), as "how much … on 30k examples" is (was the seed's illustrative 10 hours
    on 1× L40S, the samples unread)."""
    if query.intent != "recommend" or not query.dataset_samples \
            or query.dataset_tokens is not None or query.inference or query.params_b is None \
            or query.count_asked or query.largest or query.budget_usd is not None \
            or query.hours is not None:
        return query
    return query.model_copy(update={"intent": "cost"})


def _compute_optimal(query: Query) -> Query:
    """"How much would it cost to train a 7b model from scratch": with no tokens or hours
    said, the run is costed (and timed) on Chinchilla's compute-optimal tokens, which
    the reply says is an assumption (was the memory table alone, no cost)."""
    budgeted = query.budget_usd is not None and query.intent in ("memory", "fit")
    # "how many h100 to pretrain a 7b in a month": the hours are when the run must end, and
    # the tokens it trains on set the count (_deadline_count).
    deadline = query.count_asked and (query.hours is not None or query.gpu is None)
    if not query.pretraining \
            or (query.intent not in ("cost", "time") and not budgeted and not deadline) \
            or query.params_b is None \
            or query.dataset_tokens is not None or query.dataset_samples is not None \
            or (query.hours is not None and not deadline) or query.inference \
            or (query.budget_usd is not None and query.largest):
        # A budget beside a size ("can i train a 7b from scratch for under $1000") is held
        # against that run on these tokens; with no size, the largest it pays for is searched.
        return query
    return query.model_copy(update={
        "dataset_tokens": compute_optimal_tokens(query.params_b),
        "tokens_compute_optimal": True,
    })


def _context_pair(
    query: Query, answer: Answer, detailed: DetailedAnswer, cat: Catalogue
) -> ContextPair | None:
    """The detailed estimate at the other context said ("num_ctx 8192 vs 32768") beside the
    one the reply goes on with."""
    assert query.seq_len_other is not None
    other = detailed_for(query.model_copy(update={"seq_len": query.seq_len_other}), answer, cat)
    if other is None or other.kind != detailed.kind:
        return None
    short, long = sorted((detailed, other), key=lambda d: d.seq_len)
    if short.seq_len == long.seq_len:
        return None
    check = detailed.check
    grows = sorted(
        ((TERM_LABELS.get(t.name, t.name), short.breakdown.term(t.name), t.gb)
         for t in long.breakdown.terms if t.gb - short.breakdown.term(t.name) >= Decimal("0.25")),
        key=lambda g: g[1] - g[2])
    return ContextPair(
        kind=detailed.kind, method=detailed.method, short=short.seq_len, long=long.seq_len,
        short_gb=short.breakdown.per_gpu_gb, long_gb=long.breakdown.per_gpu_gb,
        grows=tuple(grows[:3]),
        vram_per_gpu_gb=check.vram_per_gpu_gb if check is not None else None,
        short_fits=short.check.detailed_fits if short.check is not None else None,
        long_fits=long.check.detailed_fits if long.check is not None else None,
        vllm=check is not None and check.utilization is not None,
    )


# Where the members' names part: the family's name ends at a space or a hyphen before it.
_NAME_PART: Final = re.compile(r"[\s\-_]")


def _family_name(names: list[str]) -> str:
    """What the members' names share up to where they part: "DeepSeek-V4-Pro (1.6T MoE)" and
    "DeepSeek-V4-Flash (284B MoE)" → "DeepSeek-V4", "Phi-3 mini"/"Phi-3 medium" → "Phi-3"."""
    # Case aside ("LLaMA 33B" beside "Llama 3.1 405B": "Llama", as the last member spells it)
    common = names[-1][: len(os.path.commonprefix([n.lower() for n in names]))]
    if common[-2:-1].isdigit() and common.endswith("."):
        common = common[:-1]  # "Llama 3.2 1B", "Llama 3.1 8B": "Llama 3", its minor versions apart
    if any(len(n) > len(common) and not _NAME_PART.match(n[len(common)])
           and not (n[len(common)] == "." and common[-1:].isdigit()) for n in names):
        parts = list(_NAME_PART.finditer(common))
        common = common[: parts[-1].start()] if parts else common
    return common.rstrip(" -_") or names[0]


def _family_pick(query: Query, cat: Catalogue) -> Answer:
    """A family named without a size on a configuration ("can i run deepseek v4 on 8x h200",
    "olmo 3 on a 4090?"): answered for the largest member that fits there, else for the
    smallest, the others named (a "which one?" there left the question unanswered)."""
    members = [cat.models.get(model_id) for model_id in query.family]
    members.sort(key=lambda m: m.params_b)
    chosen: Answer | None = None
    runs: Answer | None = None  # the largest member that runs where none trains
    for spec in reversed(members):
        asked = query.model_copy(
            update={"model_id": spec.id, "params_b": spec.params_b, "family": ()})
        answer = build_answer(asked, cat)
        # Not a member the detailed estimate at typical settings misses ("qwen coder on a
        # 3090": not Qwen3-Coder 30B-A3B, 24 GB by the rule and more with its activations).
        if answer.error is None and answer.fits and answer.detailed_fits is not False:
            chosen = answer
            break
        if runs is None and answer.error is None \
                and any(f.fits for f in answer.served_instead):
            runs = answer
    # "gemma 3n on 8gb", neither training nor serving said: no member trains there, the
    # largest that runs is answered, its lead saying so (was the smallest, "does not fit with
    # any of these methods", though it runs in 4-bit)
    chosen = chosen or runs
    fits = chosen is not None
    if chosen is None:
        smallest = members[0]
        chosen = build_answer(query.model_copy(update={
            "model_id": smallest.id, "params_b": smallest.params_b, "family": ()}), cat)
    picked = cat.models.get(chosen.query.model_id) if chosen.query.model_id else members[0]
    names = [m.name for m in members]
    others = [m for m in members if m.id != picked.id]
    return chosen.model_copy(update={"family_pick": FamilyPick(
        family=query.family_name or _family_name(names), chosen=picked.name,
        others=tuple(m.name for m in others), other_ids=tuple(m.id for m in others),
        fits=fits, count=len(members),
        query=query.model_copy(update={"model_id": picked.id, "params_b": picked.params_b}))})


# The size the difference of LoRA and QLoRA is shown for when no model is named: the seed's own
# example (its page prices QLoRA 70B at 52.5 GB).
_DIFF_EXAMPLE_B = Decimal(70)


def _lead_run(runs: tuple[MethodRun, ...]) -> MethodId | None:
    """The method weighed the rest of the reply goes on with: of those that fit on the
    configuration asked (any, when none does), the run paid least, else the shortest, else
    the first named."""
    fitting = [r for r in runs if r.fits is not False] or list(runs)
    if not fitting:
        return None
    priced = [r for r in fitting if r.cost_usd is not None]
    if priced:
        return min(priced, key=lambda r: r.cost_usd or Decimal(0)).method
    timed = [r for r in fitting if r.hours is not None]
    if timed:
        return min(timed, key=lambda r: r.hours or Decimal(0)).method
    return fitting[0].method


def _method_speeds(query: Query, cat: Catalogue) -> tuple[MethodSpeed, ...]:
    """Each method named, answered as if named alone, its training tokens/s where that answer
    estimates it; none unless two or more are estimated."""
    speeds: list[MethodSpeed] = []
    for method in query.methods_named:
        alone = _answer(query.model_copy(update={
            "method": method, "methods_named": (), "method_speed_asked": False}), cat)
        speed = training_speed_facts(query, alone, cat).get("train_speed") \
            if alone.error is None else None
        if speed is None or speed.gpu is None or speed.throughput is None:
            continue
        speeds.append(MethodSpeed(method=method, gpu=speed.gpu, gpu_count=speed.gpu_count,
                                  asked=speed.asked,
                                  tokens_per_second=speed.throughput.total_tokens_per_second))
    # Weighed on one configuration only: a method that does not fit on the card asked is
    # estimated elsewhere, and two cards' speeds say nothing of the methods.
    same = len({(s.gpu, s.gpu_count) for s in speeds}) == 1
    return tuple(speeds) if len(speeds) >= 2 and same else ()


def _method_runs(query: Query, cat: Catalogue
                 ) -> tuple[tuple[MethodRun, ...], dict[MethodId, Answer]]:
    """Each method weighed, answered as if named alone: its fit on the configuration asked and
    its run where that answer times it (the configuration asked when it holds the run, else
    the offered one where it costs least); with each answer, by method."""
    runs: list[MethodRun] = []
    answers: dict[MethodId, Answer] = {}
    for method in query.methods_named:
        alone = _answer(query.model_copy(update={"method": method, "methods_named": ()}), cat)
        if alone.error is not None:
            continue
        answers[method] = alone
        detailed = alone.detailed
        check = detailed.check if detailed is not None else None
        timed = detailed.training_time if detailed is not None else None
        hours = timed.wall_clock_hours if timed is not None else None
        quoted = timed.quote if timed is not None else None
        runs.append(MethodRun(
            method=method, fits=check.detailed_fits if check is not None else None,
            per_gpu_gb=check.detailed_per_gpu_gb if check is not None else None,
            gpu=timed.gpu if timed is not None and hours is not None else None,
            gpu_count=timed.gpu_count if timed is not None and hours is not None else None,
            hours=hours, cost_usd=quoted.cost_usd if quoted is not None else None))
    return (tuple(runs), answers) if len(runs) >= 2 else ((), {})


def _method_diff(query: Query, answer: Answer, cat: Catalogue) -> MethodDiff | None:
    """QLoRA and LoRA side by side: the planning estimate of each, the detailed estimate at
    typical settings when a model is named, and the utilisation each run is timed at."""
    size = answer.params_b if answer.params_b is not None else query.params_b
    named = size is not None and not answer.missing and not answer.error
    sides: dict[str, MethodSide] = {}
    full = cat.default_method("training", "full") if query.method_diff_full else None
    for method in ("qlora", "lora", *((full,) if full is not None else ())):
        detailed: Decimal | None = None
        if named:
            ma = next((m for m in answer.methods if m.memory.method == method), None)
            if ma is None:
                return None
            found = detailed_for(query, answer.model_copy(update={"primary": ma}), cat)
            detailed = found.per_gpu_gb if found is not None else None
        example = size if named and size is not None else _DIFF_EXAMPLE_B
        # QLoRA's matmuls run at LoRA's utilisation; its dequantization is timed apart
        # (rules.training_time.StepCost).
        planned, per_billion = memory(method, example, cat), memory(method, Decimal(1), cat)
        # A range only where one is published (full AdamW: 16 to 18 bytes); QLoRA's and
        # LoRA's floors are their bare weights, not a lower figure for the whole run.
        ranged = planned.high_gb is not None and planned.floor_gb is not None
        sides[method] = MethodSide(
            method=method, estimate_gb=planned.estimate_gb,
            per_billion_gb=per_billion.estimate_gb, detailed_gb=detailed,
            mfu=training_mfu(),
            floor_gb=planned.floor_gb if ranged else None,
            floor_per_billion_gb=per_billion.floor_gb if ranged else None)
    return MethodDiff(params_b=size if named else None,
                      example_b=size if named and size is not None else _DIFF_EXAMPLE_B,
                      qlora=sides["qlora"], lora=sides["lora"],
                      full=sides[full] if full is not None else None)


def _with_strategy(query: Query, code: str, other: str) -> Query:
    sharding, offload = strategy_flags(code)
    _, other_offload = strategy_flags(other)
    # Offload said of one side only: the other runs without it ("zero3 vs zero3 offload").
    cpu_offload = True if offload else (False if other_offload else None)
    return query.model_copy(update={"sharding": sharding, "cpu_offload": cpu_offload})


def _served_after(query: Query, composed: Answer, cat: Catalogue) -> Fit | None:
    """"lora llama 3 8b on a 3090, then run it at 4bit": the planning fit of serving the
    trained model in that precision on the configuration asked (the training's own)."""
    asked = composed.primary.fit if composed.primary is not None else None
    if query.serve_after is None or composed.params_b is None or asked is None:
        return None
    if asked.gpu is not None:
        return fit(query.serve_after, composed.params_b, asked.gpu, asked.gpu_count,
                   catalogue=cat, memory_gb=query.gpu_memory_gb)
    if composed.vram_gb is not None:
        return fit_vram(query.serve_after, composed.params_b, composed.vram_gb, asked.gpu_count,
                        catalogue=cat)
    return None


def _served_after_seqs(query: Query, composed: Answer, served: Fit, cat: Catalogue
                       ) -> Concurrency | None:
    """"lora llama 3 8b on an a100 then serve it to 20 users": how many sequences serving the
    trained model holds at once there (vLLM's share, the context stated or the default), to
    set against the users said (Query.serve_users)."""
    if query.serve_users is None or not served.fits or composed.params_b is None:
        return None
    # the training's own settings (batch, checkpointing, rank) are not the serving's
    serving = query.with_settings({"method": served.method, "inference": True,
                                   "batch_size": None})
    method = cat.method(served.method)
    return concurrency(serving, method, estimator_model(serving, composed.params_b, cat),
                       served)


def _served_instead(query: Query, composed: Answer, cat: Catalogue) -> tuple[Fit, ...]:
    """"mistral 7b on a 3090?" (neither training nor serving said): the planning fits of
    running it in BF16 and in 4-bit on the configuration asked, beside the training verdict
    that leads (many who ask so mean running it)."""
    asked = composed.primary.fit if composed.primary is not None else None
    if not query.kind_unsaid or query.method is not None or query.inference \
            or composed.intent != "fit" or query.largest or query.count_asked \
            or composed.params_b is None or asked is None or wants_details(query):
        return ()
    methods: tuple[MethodId, ...] = ("inference_bf16", "inference_int4")
    if asked.gpu is not None:
        return tuple(fit(m, composed.params_b, asked.gpu, asked.gpu_count, catalogue=cat,
                         memory_gb=query.gpu_memory_gb) for m in methods)
    if composed.vram_gb is not None:
        return tuple(fit_vram(m, composed.params_b, composed.vram_gb, asked.gpu_count,
                              catalogue=cat) for m in methods)
    return ()


_GGUF_FILE: Final = "gguf_file_"  # rules.catalogue: a model's own GGUF file, as a method


def _offload_instead(query: Query, composed: Answer, cat: Catalogue) -> OffloadInstead | None:
    """"can i run llama 3 70b on my 3090?": no precision, runner nor engine said, and none of
    the precisions fits one's own card(s) (not rented here, or one GeForce people run models on
    at home, as _layer_split takes them; not a Mac's unified memory), where
    people run such a model with llama.cpp or Ollama anyway, its layers split with system RAM:
    that answer's split and speed bound at llama.cpp's usual GGUF type (as "with llama.cpp?"
    gets it); a card said by its memory alone at a consumer card's size ("on 24gb") too. None for a mixture of experts (its experts, not whole layers, are offloaded)
    and when that type fits whole or nothing of it fits on the GPU."""
    asked = composed.primary.fit if composed.primary is not None else None
    # A plain 4-bit said ("is 8gb 4060 enough for llama 70b 4bit") is what llama.cpp's usual
    # 4-bit GGUF type is to people who run it at home: the same line (was the verdict alone).
    four_bit = query.method == "inference_int4" and query.quant is None
    if not query.inference or (query.serving_precision_said and not four_bit) \
            or query.runner is not None \
            or query.engine is not None or composed.intent != "fit" or composed.fits is not False \
            or asked is None or asked.unified_gb is not None \
            or (asked.gpu is None and not _run_at_home(query, None)) \
            or (asked.gpu is not None and asked.rentable
                and not (asked.gpu_count == 1 and _run_at_home(query, cat.gpu(asked.gpu)))) \
            or composed.params_b is None \
            or query.cpu_offload or query.largest or query.count_asked:
        return None
    gguf = assumed_gguf(cat)
    if gguf is None:
        return None
    ran = _answer(_as_llama_cpp(query, gguf, runner_assumed=False), cat)
    split = ran.layer_split
    if split is None and ran.fits and ran.detailed is not None \
            and ran.detailed.method.startswith(_GGUF_FILE):
        # gpt-oss's MXFP4 GGUF (a file of its own, whatever the type) fits whole where the
        # published weights with a CUDA engine's overhead do not (was "does not fit with any of
        # these methods" alone, beside "the bare weights (10.5 GB) would fit")
        return OffloadInstead(quant=gguf[0], split=None, speed=None,
                              whole_method=ran.detailed.method,
                              whole_gb=ran.detailed.breakdown.per_gpu_gb)
    if split is None or split.fits or split.gpu_layers == 0 or ran.expert_offload is not None:
        return None
    return OffloadInstead(quant=gguf[0], split=split, speed=ran.offload_speed)


def _as_llama_cpp(query: Query, gguf: tuple[str, str], *, runner_assumed: bool) -> Query:
    """The question as llama.cpp runs it at its usual GGUF type (`gguf`: quant, method), said
    as assumed; `runner_assumed` where the reply also says llama.cpp itself was assumed."""
    settings: dict[str, object] = {
        "method": gguf[1], "quant": gguf[0], "runner": "llama-cpp", "runner_type_assumed": True,
        "serving_precision_said": True, "serving_implied": False}
    if runner_assumed:
        settings["runner_assumed"] = True
    return query.with_settings(settings)


def _speed_offloaded(query: Query, composed: Answer, cat: Catalogue) -> Answer | None:
    """"llama 3 70b on my 4060 8gb how many tokens/s": no precision, runner nor engine said,
    and the model fits none of one's own cards (_offload_instead's cards) in any precision:
    people run it with llama.cpp or Ollama, its layers split with system RAM, so the speed is
    answered as "with llama.cpp?" gets it, at llama.cpp's usual GGUF type (said as assumed):
    the layers -ngl puts on the GPU and the bound from the GPU's and the RAM's bandwidths (was
    "on 8× RTX 4060 it fits", seven more cards of one's own, tensor parallel)."""
    asked = composed.primary.fit if composed.primary is not None else None
    if not query.inference or query.serving_precision_said or query.runner is not None \
            or query.engine is not None or composed.fits is not False or asked is None \
            or asked.gpu is None or asked.unified_gb is not None or composed.params_b is None \
            or (asked.rentable and not (asked.gpu_count == 1
                                        and _run_at_home(query, cat.gpu(asked.gpu)))) \
            or (query.batch_size or 1) > 1 or (query.users or 1) > 1 or query.cpu_offload \
            or any(ma.fit is not None and ma.fit.fits for ma in composed.methods):
        return None
    gguf = assumed_gguf(cat)
    if gguf is None:
        return None
    ran = _answer(_as_llama_cpp(query, gguf, runner_assumed=True), cat)
    split = ran.layer_split
    if ran.error is not None or (ran.fits is not True and (
            split is None or split.gpu_layers == 0 or ran.offload_speed is None)):
        return None
    return ran


def _strategy_choice(query: Query, cat: Catalogue) -> tuple[Query, StrategyChoice | None]:
    """Two strategies named ("zero2 or zero3", "fsdp or ddp"): the detailed estimate per GPU
    with each on the asked configuration, and the query of the one the reply goes on with
    (the first that fits, else the first named). Nothing to compare on one GPU unless the
    sides differ by CPU offload, nor without a configuration."""
    assert query.strategies is not None
    a, b = query.strategies
    base = _build(query, cat)
    sides: list[StrategySide] = []
    asked: list[Query] = []
    gpus, vram = 1, None
    for code, other in ((a, b), (b, a)):
        q = _with_strategy(query, code, other)
        detail = detailed_for(q, base, cat)
        if detail is None or detail.kind != "training" or detail.check is None:
            return query, None
        gpus, vram = detail.gpus, detail.vram_per_gpu_gb
        asked.append(q)
        sides.append(StrategySide(
            code=code, per_gpu_gb=detail.breakdown.per_gpu_gb,
            weights_gb=detail.breakdown.term("weights"), fits=detail.check.detailed_fits))
    if gpus < 2 and strategy_flags(a)[1] == strategy_flags(b)[1]:
        return query, None
    # The one named again on its own ("…, will zero2 fit?") is the question; else the first
    # that fits.
    # The one named again on its own is the question. Else, both fitting, the one that moves
    # the least data between GPUs (DDP before FSDP, ZeRO-2 before ZeRO-3); else the first
    # that fits.
    # Neither fitting, the one that needs less on each GPU ("ddp or fsdp for full ft 8b on 2x
    # 4090": FSDP, 79.4 GB against DDP's 182.5 GB): what makes it fit and where it runs are
    # then the sharded run's, never a one-GPU remedy for a question about several.
    both = all(side.fits for side in sides) and sides[0].traffic != sides[1].traffic
    chosen = (a, b).index(query.strategy_named) if query.strategy_named in (a, b) \
        else min((0, 1), key=lambda i: sides[i].traffic) if both \
        else next((i for i, side in enumerate(sides) if side.fits),
                  min((0, 1), key=lambda i: sides[i].per_gpu_gb))
    method = base.primary.memory.method if base.primary is not None else ""
    return asked[chosen], StrategyChoice(method=method, gpus=gpus, vram_per_gpu_gb=vram,
                                         sides=(sides[0], sides[1]), chosen=chosen)


def _dataset_quotes(query: Query, answer: Answer, composed: Answer, cat: Catalogue) -> Answer:
    """"Cost to fine-tune llama 8b on 50M tokens": every method answered is quoted for the hours
    its run on that dataset takes (the cheapest offered configuration it fits), not for the
    seed's illustrative 24 or 168 hours beside the estimated QLoRA run."""
    primary = composed.primary
    # "how long to finetune llama 3 8b on 10M tokens on an h100", no method named: timed for the
    # run its cost question leads with (LoRA's 23 minutes, not QLoRA's 25), so the two agree.
    # A card of one's own (a T4, "a 24 GB card") keeps the least demanding method: the run timed
    # there, not a cheaper one that does not fit it.
    time_asked = composed.intent == "time" and query.method is None and not query.deadline_asked \
        and not query.fastest_run and query.vram_gb is None \
        and (query.gpu is None or cat.gpu(query.gpu).rented)
    if (composed.intent != "cost" and not time_asked) or query.hours is not None \
            or query.dataset_tokens is None \
            or primary is None or len(composed.methods) < 2 or composed.detailed is None \
            or composed.detailed.training_time is None:
        return composed
    methods: list[MethodAnswer] = []
    for ma in composed.methods:
        if ma is primary:
            methods.append(ma)
            continue
        alt = answer.model_copy(update={"primary": ma})
        options = tuple(detailed_options(query, alt, cat))
        alt = alt.model_copy(update={"primary": replace(ma, options=options)})
        detail = detailed_for(query, alt, cat, tokens_per_second=query.tokens_per_second)
        timed = detail.training_time if detail is not None else None
        quote_for = timed.quote if timed is not None else None
        methods.append(replace(ma, quote=quote_for))
    # The reply leads with the cheapest of these runs (LoRA's can beat QLoRA's: a 4-bit base
    # trains at a lower assumed utilisation), and the JSON describes the run it leads with.
    # By what is paid (the blocks that cover the run), then the run's own cost.
    priced = [ma for ma in methods if ma.quote is not None]
    if query.gpu is not None and any(ma.quote.gpu == query.gpu for ma in priced if ma.quote):
        # "… on an h100": the runs on the card asked lead, not one that does not fit there
        # and is paid less on four A100s.
        priced = [ma for ma in priced if ma.quote is not None and ma.quote.gpu == query.gpu]
        if time_asked:
            # ... and those on the configuration asked before those on more of that card
            # (bot.detail times a run one H100 cannot hold on the fewest H100s that do): QLoRA
            # of 70B on the one H100 asked leads, as its cost question does, not LoRA on two.
            count = query.gpu_count or 1
            priced = [ma for ma in priced
                      if ma.quote is not None and ma.quote.gpu_count == count] or priced
    elif time_asked and query.gpu is not None:
        return composed  # no run on the card asked: its time stays the one timed there
    cheapest = min(priced, key=lambda ma: _paid_then_cost(ma.quote), default=None)
    per_hour = None  # per hardware hour says little beside whole runs' costs
    if cheapest is None or cheapest is primary or primary.quote is None \
            or cheapest.quote is None \
            or _paid_then_cost(cheapest.quote) >= _paid_then_cost(primary.quote):
        return composed.model_copy(update={"methods": tuple(methods), "ratio": per_hour})
    original = next(ma for ma in answer.methods if ma.memory.method == cheapest.memory.method)
    alt = answer.model_copy(update={"primary": original, "quote": original.quote})
    detail = detailed_for(query, alt, cat, tokens_per_second=query.tokens_per_second)
    led = _compose(query, alt, detail, cat)
    if led.primary is None or led.quote is None:
        return composed.model_copy(update={"methods": tuple(methods), "ratio": per_hour})
    methods = [led.primary if ma is cheapest else ma for ma in methods]
    return led.model_copy(update={"methods": tuple(methods), "ratio": per_hour})


# What "10k samples" can mean in tokens when no length is given: a short instruction sample and
# one at the sequence length the detailed estimate assumes (bot.detail's default).
SAMPLE_LENGTHS = (512, DEFAULT_SEQ_LEN)


def _paid_then_cost(q: Quote | None) -> tuple[Decimal, Decimal]:
    return (Decimal(0), Decimal(0)) if q is None else (q.plan.usd, q.cost_usd)


def _by_paid(query: Query, composed: Answer, cat: Catalogue) -> Answer:
    """Hours stated: the offered configurations that fit rank by what is paid for those hours
    (GPU-hours are sold in blocks, the smallest the minimum purchase), not by the hourly price,
    and the quote made on the cheapest per hour moves to the cheapest paid ("lora llama 70b for
    1 hour": 8× H100's one 10-hour block, $23.20, before one B200's, $46.10)."""
    hours = query.hours
    # Hours the user measured on their card are no hours to pay for on another (the quote is
    # at the hours scaled there, _measured_elsewhere).
    if hours is None or query.hours_measured or not composed.methods:
        return composed
    swap: dict[int, MethodAnswer] = {}
    for ma in composed.methods:
        if len(ma.options) < 2 or ma.cheapest is not ma.options[0]:
            continue
        ranked = by_paid(ma.options, hours, catalogue=cat)
        if ranked == ma.options:
            continue
        run, old, new = ma.quote, ma.options[0], ranked[0]
        asked = ma.fit
        on_asked = asked is not None and run is not None and asked.fits and asked.rentable \
            and (asked.gpu, asked.gpu_count) == (run.gpu, run.gpu_count)
        if run is not None and not on_asked and new is not old and new.gpu is not None \
                and (run.gpu, run.gpu_count) == (old.gpu, old.gpu_count):
            run = quote(new.gpu, new.gpu_count, hours, ma.memory.method, catalogue=cat)
        swap[id(ma)] = replace(ma, options=ranked, cheapest=new, quote=run)
    if not swap:
        return composed
    primary = composed.primary
    update: dict[str, Any] = {
        "methods": tuple(swap.get(id(ma), ma) for ma in composed.methods)}
    if primary is not None and id(primary) in swap:
        update["primary"] = swap[id(primary)]
        if composed.quote is primary.quote:
            update["quote"] = swap[id(primary)].quote
    return composed.model_copy(update=update)


def _sample_bracket(query: Query, composed: Answer,
                    cat: Catalogue) -> tuple[tuple[int, TrainingEstimate], ...]:
    """"how long to finetune llama 3 8b lora on a h100 with 10k examples": the time depends on
    the samples' length, which was not said; rather than only ask (the reply's lead was the
    seed's illustrative hours), the run is timed at each of SAMPLE_LENGTHS, as the same question
    with "10k samples of 512 tokens" would be, on the configuration it would be timed on."""
    samples = query.dataset_samples
    assert samples is not None
    # "dpo … with 20k pairs": both answers of a pair go through the model, as "20k pairs of
    # 512 tokens" counts them (was half the tokens, the pairs timed as single samples).
    answers = 2 if query.paired and not query.inference else 1
    # The method the reply names: a cost asked with no method would otherwise lead each length
    # with its cheapest run (LoRA's beside "QLoRA" in the reply, and other figures than "how
    # long" gives for the same words).
    method = composed.primary.memory.method if composed.primary is not None else query.method
    found: list[tuple[int, TrainingEstimate]] = []
    on: dict[str, Any] = {}
    # The longest first: its run picks the configuration (the one it costs least on, or a
    # deadline's), and the shorter samples are timed there too: one configuration named for
    # both figures (was the shorter on another card, "14.75 hours at 512 tokens, 9.49 at 2,048,
    # on 1× B200", the first on an L40S).

    def timed(each: int, where: dict[str, Any], seq: int | None = None,
              ) -> TrainingEstimate | None:
        # Samples of that length run in sequences of it, as "20k samples of 512 tokens" are
        # timed (was the default 2,048-token step for both: QLoRA's dequantization, a larger
        # share of a shorter step, left out, 25 minutes against 29 on an H100).
        detail = _timed_detail(query.model_copy(update={
            "dataset_samples": None, "dataset_tokens": Decimal(samples * each * answers),
            "pairs_doubled": answers == 2, "method": method, **where,
            "seq_len": seq if seq is not None
            else query.seq_len if query.seq_len is not None else each}), cat)
        return detail.training_time if detail is not None else None

    for each in reversed(SAMPLE_LENGTHS):
        estimate = timed(each, on)
        if estimate is not None and estimate.wall_clock_hours is None:
            estimate = estimate.rented  # an owned card with no cited peak: where we rent it
        if estimate is None or estimate.wall_clock_hours is None:
            return ()
        if found and query.gpu is not None and estimate.gpu is not None \
                and not (estimate.asked and found[0][1].asked) \
                and (estimate.gpu, estimate.gpu_count) != (found[0][1].gpu, found[0][1].gpu_count):
            # The card asked does not hold the run, and the shorter samples would be timed on
            # another configuration than the longest: timed where the longest is, the one the
            # reply names (was "1.92 hours at 512 tokens, 1.21 hours at 2,048, on 8× H100", the
            # first on 4× A100 80GB); what is said of the card asked stays this estimate's.
            # ... and when the card asked holds the shorter samples but not the longest, the
            # shorter are timed where the longest are too (was "1.75 hours at 512 tokens each,
            # 1.17 hours at 2,048 tokens each, on 1× L40S", the first on the RTX 3080 asked).
            there = timed(each, {"gpu": found[0][1].gpu, "gpu_count": found[0][1].gpu_count})
            own = _owned_longest(query, estimate, *found[0], timed, cat) \
                if there is not None and there.quote is not None else None
            if own is not None:
                # ... unless the card is the user's own: there both lengths are timed on it,
                # the longest samples at the longest sequence it holds (said so), and each
                # rented where the longest costs least follows (was both on 1× L40S, "Timed on
                # the cheapest offered configuration that fits", the 2× RTX 3090 owned unsaid).
                assert there is not None
                found[0] = (found[0][0], own)
                estimate = replace(estimate, rented=there)
            elif there is not None and there.wall_clock_hours is not None:
                estimate = replace(there, asked=estimate.asked and found[0][1].asked,
                                   **estimate.of_asked())
        found.insert(0, (each, estimate))
        if estimate.gpu is not None and query.gpu is None and not on:
            on = {"gpu": estimate.gpu, "gpu_count": estimate.gpu_count}
    return tuple(found)


def _owned_longest(query: Query, shorter: TrainingEstimate, each: int,
                   longest: TrainingEstimate, timed: Callable[[int, dict[str, Any], int | None], TrainingEstimate | None],
                   cat: Catalogue) -> TrainingEstimate | None:
    """"how long to lora qwen2.5 14b on my 2x3090 with 30k convos": the card asked is the
    user's own and holds the shorter samples (`shorter`, timed there) but not the longest, of
    `each` tokens (`longest`, timed where it costs least to rent): the longest timed on the user's card at
    the longest sequence it holds (or with checkpointing on, when that was off), the same
    tokens, with the rented run beside it. None when the card is not theirs, or it holds no
    such run."""
    if query.intent != "time" or query.gpu is None or not shorter.asked or longest.asked \
            or not longest.asked_short or longest.asked_hours is None \
            or longest.quote is None or not _run_at_home(query, cat.gpu(query.gpu)):
        return None
    where = {"gpu": shorter.gpu, "gpu_count": shorter.gpu_count}
    if longest.asked_ckpt_gb is not None:
        own = timed(each, {**where, "grad_ckpt": True}, None)
    else:
        own = timed(each, where, longest.asked_seq_len)
    if own is None or not own.asked or own.wall_clock_hours is None:
        return None
    return replace(own, rented=longest, **longest.of_asked())


def _timed_detail(query: Query, cat: Catalogue) -> DetailedAnswer | None:
    """build_answer(query).detailed, for a run whose time alone is read (_sample_bracket: a
    budget's largest model on samples asks it of some 150 runs, ~2/3 of its answers): the
    answer is not composed past the detailed estimate (the configurations it fits, the quote,
    the rest of the reply), which leave that estimate as it is."""
    if query.step_rate is not None or query.step_time is not None:
        return build_answer(query, cat).detailed
    return _answer(query, cat, timing=True).detailed


_FASTER_LISTED: Final = 4


def _faster_scaled(query: Query, composed: Answer, cat: Catalogue) -> tuple[FasterRun, ...]:
    """"too slow?" after "qlora llama 3 70b on an a100 for 24h": no dataset to time, so the
    hours said are the run's there, carried to each offered configuration that holds it by the
    datasheets' ratios (as "it took 24 h on my a100" is); those surely sooner (at the smaller
    ratio) worth naming (_sooner_each)."""
    primary = composed.primary
    if query.hours is None or query.gpu is None or primary is None:
        return ()
    runs: list[FasterRun] = []
    for option in primary.options:
        if option.gpu is None or not option.fits:
            continue
        scaled = scale_hours(query.hours, query.gpu, option.gpu, query.gpu_count or 1,
                             option.gpu_count, catalogue=cat)
        if scaled is None or scaled.slowest_hours >= query.hours:
            continue
        slow = paid_usd(option.gpu, option.gpu_count, scaled.slowest_hours, catalogue=cat)
        fast = paid_usd(option.gpu, option.gpu_count, scaled.fastest_hours, catalogue=cat)
        if slow is None or fast is None:
            continue
        runs.append(FasterRun(option.gpu, option.gpu_count, scaled.slowest_hours, slow,
                              short_hours=scaled.fastest_hours, short_paid_usd=fast))
    return _sooner_each(sorted(runs, key=lambda r: (r.paid_usd, r.wall_clock_hours)))


def _sooner_each(runs: list[FasterRun]) -> tuple[FasterRun, ...]:
    """Of `runs`, least paid first, those worth naming: each one sooner than the one before
    (one that costs more and ends no sooner is no option), at most _FASTER_LISTED."""
    chosen: list[FasterRun] = []
    for run in runs:
        if not chosen or run.wall_clock_hours < chosen[-1].wall_clock_hours:
            chosen.append(run)
    return tuple(chosen[:_FASTER_LISTED])


def _faster(run: TrainingEstimate | None, shorter: TrainingEstimate | None,
            ) -> tuple[FasterRun, ...]:
    """"any faster option?": of the configurations where `run` ends sooner, those worth
    naming (_sooner_each). With samples of unsaid length, each also at the shorter length
    (`shorter`'s figures on the same configuration)."""
    if run is None:
        return ()
    if shorter is None:
        return _sooner_each(list(run.faster))
    short = {(r.gpu, r.gpu_count): r for r in shorter.faster}
    # not sooner there at the shorter length: no range to give
    return _sooner_each([
        replace(option, short_hours=other.wall_clock_hours, short_paid_usd=other.paid_usd)
        for option in run.faster
        if (other := short.get((option.gpu, option.gpu_count))) is not None])


def _cheapest_memory(query: Query, cat: Catalogue) -> Answer:
    """"cheapest gpu with 80gb", "la gpu más barata con 80gb": the offered configurations whose
    memory holds what was asked, cheapest per hour first: one GPU with that much when one can,
    else configurations with that much in all ("cheapest way to get 300gb": 4× A100 80GB)."""
    assert query.vram_gb is not None
    found, single = cat.holding(query.vram_gb)
    if not found:
        # More than any configuration we rent: the largest one, said to fall short.
        largest = max((o for o, _cap in cat.offers_by_price),
                      key=lambda o: cat.gpu(o.gpu).vram_gb * o.count)
        return Answer(query=query, intent="recommend", memory_offers=(largest,),
                      memory_short=True)
    return Answer(query=query, intent="recommend", memory_offers=found[:3],
                  memory_per_gpu=single)


def _asks_budget_offers(query: Query, cat: Catalogue) -> bool:
    """A budget with the hours it is for, a budget asked which GPU it gets, or a limit per hour,
    with no model, card or run named: which configurations it keeps is the question (was
    "Which model?", or the cheapest configuration's hours alone)."""
    if query.params_b is not None or query.model_id is not None or query.family \
            or query.gpu is not None or query.vram_gb is not None or query.other_gpus \
            or query.largest or query.dataset_tokens is not None \
            or query.dataset_samples is not None or query.money_foreign:
        return False
    if query.max_rate_usd is not None:
        return query.max_rate_usd > 0 and query.budget_usd is None
    budget = query.budget_usd
    if budget is None or budget <= 0 or query.budget_days is not None:
        return False
    if query.hours is not None:
        return 0 < query.hours <= cat.limits.max_hours
    return query.intent == "recommend"


# The methods a configuration kept by a budget is shown with, when none is asked.
_BUDGET_METHODS: Final[tuple[MethodId, ...]] = ("qlora", "lora", "inference_bf16")
_BUDGET_SERVING: Final[tuple[MethodId, ...]] = ("inference_bf16", "inference_int4")


def _budget_offers(query: Query, cat: Catalogue) -> Answer:
    """The offered configurations a budget keeps for the hours said (in whole blocks), the most
    whole blocks it buys on each, or those at most a price per hour: the largest memory first
    (what "the best GPU for my money" means before a model is named), each with the largest
    size each method fits; when none, the cheapest, which it does not keep."""
    methods = (query.method,) if query.method is not None else (
        _BUDGET_SERVING if query.inference else _BUDGET_METHODS)
    blocks = cat.pricing.block_hours
    minutes = cat.pricing.billing_granularity_minutes
    kept: list[BudgetOffer] = []
    below: list[BudgetOffer] = []
    beyond: list[tuple[Decimal, BudgetOffer]] = []
    for offer, _cap in cat.offers_by_price:
        price = cat.gpu(offer.gpu).usd_per_gpu_hour
        if price is None:
            continue
        vram = cat.gpu(offer.gpu).vram_gb * offer.count
        largest = tuple(largest_fitting(m, vram, cat) for m in methods)
        if query.max_rate_usd is not None:
            option = BudgetOffer(offer, vram, None, None, largest)
            within, cost = offer.usd_per_hour <= query.max_rate_usd, offer.usd_per_hour
            if within and query.min_rate_usd is not None \
                    and offer.usd_per_hour < query.min_rate_usd:
                below.append(option)  # "$2-$3/hr": cheaper than the band, said apart
                continue
        elif query.hours is not None:
            plan = block_plan(billable_gpu_hours(query.hours * offer.count, minutes), price,
                              blocks)
            option = BudgetOffer(offer, vram, plan, query.hours, largest)
            assert query.budget_usd is not None
            within, cost = plan.usd <= query.budget_usd, plan.usd
        else:
            assert query.budget_usd is not None
            whole = blocks_within(query.budget_usd / price, price, blocks)
            # A configuration runs its GPUs together: the blocks must give each of them time.
            hours = Decimal(whole.hours_bought) / offer.count if whole is not None else None
            smallest = block_plan(Decimal(blocks[0]), price, blocks)
            option = BudgetOffer(offer, vram, whole or smallest,
                                 hours if whole is not None else None, largest)
            within, cost = whole is not None, smallest.usd
        if within:
            kept.append(option)
        else:
            beyond.append((cost, option))
    kept.sort(key=lambda o: (-o.vram_gb, o.offer.usd_per_hour))
    nearest = min(beyond, key=lambda c: (c[0], -c[1].vram_gb))[1] \
        if beyond and not kept and not below else None
    below.sort(key=lambda o: (-o.vram_gb, o.offer.usd_per_hour))
    return Answer(query=query, intent="recommend", budget_offers=tuple(kept),
                  budget_offer_next=nearest, budget_offers_below=tuple(below))


# The methods a card's figures are shown with: the largest size each holds by the planning rule.
_SPEC_METHODS: Final[tuple[MethodId, ...]] = ("qlora", "lora", "full_adamw", "inference_int4",
                                               "inference_bf16")


def _card_specs(query: Query, cat: Catalogue) -> Answer:
    """"h100 specs", "how much vram does a 3090 have", "bande passante de la 4090": the card's
    datasheet figures (was "Which model?" or the price list), and the largest model each
    method fits in its memory by the planning rule (the question "is it good for …" beside)."""
    assert query.gpu is not None
    gpu = cat.gpu(query.gpu)
    count = query.gpu_count or 1
    vram = (query.gpu_memory_gb or gpu.vram_gb) * count
    known = {m.id for m in cat.methods}
    # A Mac's or a shared-memory device's GPU gets a share of it: its sizes are left out.
    largest = () if gpu.unified_memory or gpu.shared_memory_gb is not None else tuple(
        largest_fitting(m, vram, cat) for m in _SPEC_METHODS if m in known)
    # BF16: not before Ampere ([no_bf16]); on every later CUDA card and wherever a datasheet
    # prints a BF16 peak.
    bf16 = False if not cat.has_bf16(gpu) else (
        True if gpu.bf16_dense_tflops is not None or gpu.platform == "cuda" else None)
    return Answer(query=query, intent=query.intent, gpu=gpu, gpu_count=count,
                  vram_gb=query.vram_gb, card_specs=largest, fp8_arch=cat.fp8_arch(gpu),
                  bf16_runs=bf16)


def _compare_times(query: Query, answer: Answer, composed: Answer, cat: Catalogue) -> Answer:
    """"4x h100 vs 8x h100 for full finetune 13b on 1B tokens": how long the run takes and what
    it costs on each side that holds the model (no hours given: the dataset sets them). The
    first side's is the JSON's, as a comparison's quote for hours is."""
    # The sides' verdicts as _compare_by_detail left them.
    comparison, primary = composed.comparison, answer.primary
    if comparison is None or primary is None or comparison.b is None or query.hours is not None \
            or query.dataset_tokens is None or composed.detailed is None:
        return composed
    times: list[TrainingEstimate] = []
    for side in (comparison.a, comparison.b):
        if side is None or not side.fits or side.gpu is None:
            continue
        alt = answer.model_copy(update={"primary": replace(primary, fit=side)})
        detail = detailed_for(query, alt, cat, tokens_per_second=query.tokens_per_second)
        timed = detail.training_time if detail is not None else None
        if timed is not None and timed.asked and timed.wall_clock_hours is not None:
            times.append(timed)
    first = times[0].quote if times and times[0].gpu == comparison.gpu_a \
        and times[0].gpu_count == comparison.a_count else None
    return composed.model_copy(update={"compare_times": tuple(times), "quote": first})


def _side_runs(query: Query, composed: Answer, cat: Catalogue) -> Answer:
    """"qlora on a 4090 vs full ft on an a100 for llama 3 8b, 50M tokens, which is cheaper":
    each card timed with its own method, as "how long to … on it" times it (was both sides
    QLoRA, and memory alone weighed)."""
    c = composed.comparison
    if query.dataset_tokens is None or c is None or c.params_b is None \
            or query.hours is not None or c.a is None or c.b is None:
        return composed
    methods = query.side_methods
    if methods is None and cat.method(c.method).kind == "training" and not c.a.fits \
            and not c.b.fits and not c.a_rig and not c.b_rig \
            and query.tokens_per_second is None:
        # "is an h200 worth it over an h100 for lora llama 3 70b 100M tokens": neither card
        # alone holds the run; each is timed on the fewest of it that do, as "how long … on
        # an h200" is (was "Neither holds it" alone)
        methods = (c.method, c.method)
    if methods is None:
        return composed
    runs: list[SideRun] = []
    for method, gpu, count in ((methods[0], c.gpu_a, c.a_count),
                               (methods[1], c.gpu_b, c.b_count)):
        alone = _answer(query.model_copy(update={
            "intent": "time", "method": method, "methods_named": (), "side_methods": None,
            "gpu": gpu, "gpu_count": count, "other_gpus": (), "other_gpu_count": None,
            "rig": (), "other_rig": (), "cheaper_asked": False, "gpu_plural": False}), cat)
        detailed = alone.detailed if alone.error is None else None
        timed = detailed.training_time if detailed is not None else None
        if detailed is None or timed is None or timed.wall_clock_hours is None \
                or timed.gpu is None or timed.gpu_count is None:
            return composed
        if query.side_methods is None and timed.gpu != gpu:
            return composed  # no count of that card holds it: "Neither holds it" answers
        card = cat.gpu(gpu)
        runs.append(SideRun(method=method, gpu=gpu, gpu_count=count, time=timed,
                            check=detailed.check,
                            own=timed.asked and timed.quote is None and _run_at_home(query, card)))
    return composed.model_copy(update={"side_runs": tuple(runs)})


def _compare_by_detail(query: Query, answer: Answer, composed: Answer, cat: Catalogue) -> Answer:
    """A comparison of two configurations for a model: each side's verdict by the detailed
    estimate where a single configuration's answer leads with it ("a6000 vs 2x 3090 for
    llama 3 70b q4 gguf": 44.1 GB of the A6000's 51.54, was ❌ by the planning rule's 51.4 GB
    of 48), and for serving one sequence's decode bound on each side that holds it ("is 2x4090
    faster than an a100 for llama 70b awq": was the peak TFLOPS alone, which do not pace
    generation)."""
    comparison, primary = answer.comparison, answer.primary
    if comparison is None or primary is None or answer.params_b is None \
            or comparison.a is None or comparison.b is None:
        return composed
    method = cat.method(primary.memory.method)
    serving = method.kind == "inference"
    update: dict[str, Any] = {}
    # As DESIGN §3 has it for one configuration: the detailed verdicts when a setting is stated
    # (a precision or quantization among them, "dpo llama 3 8b, 4090 or a100?"), else the
    # planning ones; then both sides are judged by it ("2 or 4 h100 for lora 70b, seq 2048":
    # not "only 4× H100 holds it" where the detailed estimate holds it on 2).
    checks: list[FitCheck] = []
    # No settings stated: where the single configuration's answer leads with the detailed
    # estimate at typical settings (_typical_kind_leads), so does each side ("rtx 4060 vs rtx
    # 3060 for qlora llama 3 8b" was ✅ 6 GB of 8 GB by the rule, where "can i qlora llama 3 8b
    # on a 4060" says ❌, 12.8 GB per GPU).
    if wants_details(query) or _typical_kind_leads(query, method.kind):
        for side in (comparison.a, comparison.b):
            alt = answer.model_copy(update={"primary": replace(primary, fit=side)})
            detail = detailed_for(query, alt, cat, tokens_per_second=query.tokens_per_second)
            if detail is None or detail.check is None:
                break
            checks.append(detail.check)
    if len(checks) == 2:
        a, b = (replace(side, fits=check.detailed_fits)
                for side, check in zip((comparison.a, comparison.b), checks, strict=True))
        # The planning rule's alternatives answer "neither fits": not when one side does.
        comparison = comparison.model_copy(update={
            "a": a, "b": b,
            "alternatives": () if a.fits or b.fits else comparison.alternatives})
        update.update(comparison=comparison, compare_checks=tuple(checks), fits=a.fits,
                      primary=replace(composed.primary, fit=a)
                      if composed.primary is not None else None)
        update["methods"] = tuple(update["primary"] if m is composed.primary else m
                                  for m in composed.methods)
        more = max(a.gpu_count, b.gpu_count)
        if comparison.gpu_a == comparison.gpu_b and not a.fits and not b.fits \
                and b.gpu is not None and more < cat.limits.max_cluster_gpus:
            update["compare_need"] = _detailed_count(
                query.model_copy(update={"params_b": answer.params_b}), b, more + 1, cat)
    if serving and query.tokens_per_second is None:
        model = estimator_model(query, answer.params_b, cat)
        bounds: list[DecodeBound] = []
        for held in (comparison.a, comparison.b):
            if held is None or held.gpu is None or not held.fits:
                continue
            gpu = cat.gpu(held.gpu)
            if gpu.memory_bandwidth_gbs is None:
                continue
            try:
                bound = decode_bound(query, method, model, gpu, held.gpu_count,
                                     usable_per_gpu(query, method, capacity_per_gpu(held)))
            except ValueError:
                continue
            if bound.tokens_per_second is not None:
                bounds.append(bound)
        if bounds:
            update["compare_decode"] = tuple(bounds)
    return composed.model_copy(update=update) if update else composed


def _measured_elsewhere(query: Query, composed: Answer, cat: Catalogue) -> Answer:
    """"It took 6 h to qlora llama 3 8b on my 3090": the run is quoted on the cheapest offered
    configuration that holds it, at the hours scaled from the 3090's (its slow end, the range
    leading the reply), never at the 3090's 6 hours."""
    run = composed.quote
    count = composed.gpu_count or 1
    if not query.hours_measured or query.hours is None or query.gpu is None \
            or composed.intent == "compare" or run is None or run.hours != query.hours \
            or (run.gpu, run.gpu_count) == (query.gpu, count):
        return composed
    if query.time_judged:
        # "12 hours for 2000 steps on my T4, normal?": what those hours train there leads;
        # neither they nor their scaling are a rental asked for.
        return composed.model_copy(update={
            "quote": None, "primary": replace(composed.primary, quote=None)
            if composed.primary is not None else None,
            "methods": tuple(replace(m, quote=None) for m in composed.methods)})
    scaled = scale_hours(query.hours, query.gpu, run.gpu, count, run.gpu_count, catalogue=cat)
    if scaled is None:
        return composed
    ends = _scaled_quotes(scaled, run.gpu, run.gpu_count, cat)
    slow = ends[-1]
    methods = tuple(replace(m, quote=slow) if m.quote == run else m for m in composed.methods)
    primary = composed.primary
    if primary is not None and primary.quote == run:
        primary = replace(primary, quote=slow)
    return composed.model_copy(update={
        "quote": slow, "methods": methods, "primary": primary, "scaled_time": scaled,
        "scaled_quotes": ends})


def _scaled_quotes(scaled: ScaledTime, gpu: str, count: int, cat: Catalogue
                   ) -> tuple[Quote, ...]:
    """A time scaled from a measured one, priced at both ends of its range (one quote when
    they are the same)."""
    return tuple(quote(gpu, count, h, catalogue=cat)
                 for h in dict.fromkeys((scaled.fastest_hours, scaled.slowest_hours)))


def _scaled_offers(query: Query, gpu: GPU, count: int, cat: Catalogue
                   ) -> tuple[tuple[ScaledTime, Quote, Quote], ...]:
    """"It took 6 h on my 3090": those hours on each single GPU we rent with a price."""
    assert query.hours is not None
    found: list[tuple[ScaledTime, Quote, Quote]] = []
    for offer in cat.offers:
        card = cat.gpu(offer.gpu)
        if offer.count != 1 or card.usd_per_gpu_hour is None:
            continue
        scaled = scale_hours(query.hours, gpu.id, card.id, count, 1, catalogue=cat)
        if scaled is not None:
            found.append((scaled, quote(card.id, 1, scaled.fastest_hours, catalogue=cat),
                          quote(card.id, 1, scaled.slowest_hours, catalogue=cat)))
    return tuple(found)


def _by_detail(query: Query, answer: Answer, composed: Answer, cat: Catalogue) -> Answer:
    """Several methods answered for stated settings ("llama 3 8b on my 3090, ctx 8k"; "serve
    llama 3.1 8b at 16k context on an L4"): each method's verdict by the detailed estimate, and a
    serving question without a precision leads with the highest precision that fits by it, so
    the headline and the JSON agree."""
    primary = answer.primary
    # "tokens/s": the decode's verdict at the assumed context leads (the detailed estimate's),
    # so each method's verdict below it is that estimate's too, not the planning rule's.
    if composed.detailed is not None and primary is not None and _split_unsaid(query, answer):
        # "can i serve qwen2.5 72b on 4 gpus": each precision's figure per GPU split that many
        # ways, as one precision asked gets it (was the whole model's planning figures alone).
        return _serving_figures(query, answer, composed, cat)
    if composed.detailed is None or primary is None \
            or not (composed.detailed.stated or (query.speed_asked and query.inference)
                    or (composed.typical_lead and query.inference)):
        return _typical_where_margin_misses(query, answer, composed, cat)
    if query.inference and (len(answer.methods) < 2 or primary.fit is None):
        return _serving_figures(query, answer, composed, cat)
    if len(answer.methods) < 2 or primary.fit is None:
        return composed
    verdicts: dict[str, bool] = {}
    figures: dict[str, Decimal] = {}
    cheapest: dict[str, tuple[Fit, ...]] = {}
    for ma in answer.methods:
        if ma.fit is None:
            continue
        if ma is primary:
            verdicts[ma.memory.method] = bool(composed.detailed_fits)
            figures[ma.memory.method] = composed.detailed.per_gpu_gb
            if composed.primary is not None:
                cheapest[ma.memory.method] = composed.primary.options  # by the detail already
            continue
        alt = answer.model_copy(update={"primary": ma})
        if not query.inference:
            # The verdict and figure alone: a whole detailed answer (its training time, longest
            # context, shorter run) was made and dropped for each method here.
            check = detailed_check(query, alt, cat)
            verdicts[ma.memory.method] = check.detailed_fits if check is not None \
                else ma.fit.fits
            if check is not None:
                figures[ma.memory.method] = check.detailed_per_gpu_gb
                if not check.detailed_fits:  # its 👉 line: where the detailed figure fits
                    cheapest[ma.memory.method] = tuple(detailed_options(query, alt, cat))
            continue
        detail = detailed_for(query, alt, cat)
        check = detail.check if detail is not None else None
        verdicts[ma.memory.method] = check.detailed_fits if check is not None else ma.fit.fits
        if query.inference and detail is not None:
            # Serving at a stated context: the line shows the KV cache's figure, and where the
            # method fits cheapest by it.
            figures[ma.memory.method] = detail.per_gpu_gb
            cheapest[ma.memory.method] = tuple(detailed_options(query, alt, cat))
    pair = query.quant_pair is not None
    if query.inference and (not query.serving_precision_said or pair) \
            and not composed.detailed_fits:
        # When none fits, the least demanding (4-bit), as _primary does by the planning rule.
        # Two formats compared ("gguf q8 vs q4 … on 2x 3090"): the one that fits leads, as the
        # headline does, else the first named.
        candidates = list(answer.methods) if pair else _from_native(
            query, cat, answer.methods, lambda a: a.memory.method)
        lead = next((ma for ma in candidates if verdicts.get(ma.memory.method)),
                    primary if pair else candidates[-1])
        if lead is not primary:
            alt = answer.model_copy(update={"primary": lead, "quote": lead.quote})
            detail = detailed_for(query, alt, cat, tokens_per_second=query.tokens_per_second)
            composed = _compose(query, alt, detail, cat)
    if not query.inference:
        methods = _with_options(composed.methods, cheapest, keep=primary)
        return composed.model_copy(update={"method_fits": verdicts, "method_training_gb": figures,
                                           "methods": methods})
    led = composed.primary
    if led is not None and composed.detailed is not None:
        figures[led.memory.method] = composed.detailed.per_gpu_gb
    methods = _with_options(composed.methods, cheapest, keep=led)
    update: dict[str, Any] = {"method_fits": verdicts, "method_detailed_gb": figures,
                              "methods": methods}
    gguf = _gguf_lead(query, composed, cat) \
        if composed.detailed is not None and composed.detailed.stated \
        and not any(verdicts.values()) else None
    if gguf is not None:
        # No precision holds the stated context there; llama.cpp's Q4_K_M does, and leads
        # ("… on my rtx 2060 6gb", then "what about mistral 7b" at 8k: 6.1 GB of 6.44).
        ma, detail = gguf
        update.update({
            "primary": ma, "detailed": detail, "fits": True, "detailed_fits": True,
            "methods": (*methods, ma), "gguf_led": True,
            "method_fits": {**verdicts, ma.memory.method: True},
            "method_detailed_gb": {**figures, ma.memory.method: detail.per_gpu_gb},
        })
    return composed.model_copy(update=update)


def _with_options(methods: tuple[MethodAnswer, ...], found: dict[str, tuple[Fit, ...]],
                  keep: MethodAnswer | None = None) -> tuple[MethodAnswer, ...]:
    """Each method's 👉 options replaced by those its detailed figure fits (`found`, cheapest
    first; none found: no 👉 configuration), but `keep`'s, chosen by that figure already."""
    return tuple(
        ma if ma is keep or ma.memory.method not in found else replace(
            ma, cheapest=found[ma.memory.method][0] if found[ma.memory.method] else None,
            options=found[ma.memory.method])
        for ma in methods)


def _typical_where_margin_misses(query: Query, answer: Answer, composed: Answer,
                                 cat: Catalogue) -> Answer:
    """No settings stated and several methods answered: for a method the planning margin
    rules out though its bare weights fit, the detailed estimate at typical settings when it
    fits (Answer.method_typical). Only those methods are estimated again (rare, cheap)."""
    if len(answer.methods) < 2:
        return composed
    if not query.inference and answer.intent == "fit" and composed.detailed is not None \
            and composed.detailed.kind == "training" and not composed.detailed.stated:
        composed = _typical_misses(query, composed, cat)
    elif answer.intent == "memory" and composed.detailed is not None \
            and not composed.detailed.stated and all(ma.fit is None for ma in composed.methods):
        return _typical_memory(query, composed, cat)
    elif query.inference and composed.detailed is not None and not composed.detailed.stated \
            and composed.detailed.check is not None and not composed.detailed.check.detailed_fits \
            and composed.primary is not None and composed.primary.fit is not None \
            and composed.primary.fit.fits:
        return _typical_serving_misses(query, answer, composed, cat)
    typical: dict[str, tuple[Decimal, int, int]] = {}
    details: dict[str, DetailedAnswer] = {}
    for ma in answer.methods:
        fit = ma.fit
        if fit is None or fit.fits or not any(
                n.code == "floor_fits_estimate_misses" for n in fit.notes):
            continue
        detail = detailed_for(query, answer.model_copy(update={"primary": ma}), cat)
        if detail is not None and detail.check is not None and detail.check.detailed_fits:
            typical[ma.memory.method] = (detail.per_gpu_gb, detail.seq_len, detail.micro_batch)
            details[ma.memory.method] = detail
    if not typical:
        return composed
    if query.inference and composed.detailed is not None and composed.detailed.check is not None:
        # Serving ("can i run llama 3 70b on 2x a100 80gb"): the headline lists that precision
        # among those that fit, by the detailed estimate, as one precision asked is answered
        # (_typical_leads); its line gives the detailed figure, the rule's beside it (was "❌
        # Inference in BF16: ≈ 168 GB — 8 GB short", "✅ At typical settings … it fits" under
        # it, and BF16 missing from the headline's list).
        fits = {**composed.method_fits, **{m: True for m in typical}}
        update: dict[str, Any] = {"method_typical": typical, "method_fits": fits}
        led = _typical_primary(query, answer, composed, fits, details, cat)
        if led is not None:
            update.update(led)
        return composed.model_copy(update=update)
    return composed.model_copy(update={"method_typical": typical})


def _typical_serving_misses(query: Query, answer: Answer, composed: Answer,
                            cat: Catalogue) -> Answer:
    """Several precisions to serve on a configuration, no settings: the highest the planning
    rule fits there misses by the detailed estimate at a typical context ("can i run llama 3 8b
    on my rtx 2060 6gb": 4-bit ≈ 4.8 GB by the rule, 7.8 GB with the KV cache, the BF16
    embeddings and the CUDA context, of 6.44), as one precision asked leads with. Each lower
    one is estimated until one fits (a lower precision needs less: the rest fit too); those
    that miss are not listed as fitting, their lines give the detailed figure, and the reply
    and the JSON lead with the one that fits, or with no fit."""
    primary = composed.primary
    assert primary is not None and composed.detailed is not None
    misses: dict[str, tuple[Decimal, int, int]] = {}
    details: dict[str, DetailedAnswer] = {}
    for ma in composed.methods:
        if ma.fit is None or not ma.fit.fits:
            continue
        detail = composed.detailed if ma is primary \
            else detailed_for(query, composed.model_copy(update={"primary": ma}), cat)
        if detail is None or detail.check is None:
            break
        if detail.check.detailed_fits:
            details[ma.memory.method] = detail
            break
        misses[ma.memory.method] = (detail.per_gpu_gb, detail.seq_len, detail.micro_batch)
    fits = {**composed.method_fits, **{m: False for m in misses}}
    update: dict[str, Any] = {"method_typical": {**composed.method_typical, **misses},
                              "method_fits": fits}
    led = _typical_primary(query, answer, composed, fits, details, cat) if details else None
    if led is not None:
        update.update(led)
    elif not details:
        update["fits"] = False
        gguf = _gguf_lead(query, composed, cat)
        if gguf is not None:
            ma, detail = gguf
            method = ma.memory.method
            update.update({
                "primary": ma, "detailed": detail, "fits": True, "detailed_fits": True,
                "methods": (*composed.methods, ma), "gguf_led": True,
                "method_fits": {**fits, method: True},
                "method_typical": {**update["method_typical"], method: (
                    detail.per_gpu_gb, detail.seq_len, detail.micro_batch)},
            })
    return composed.model_copy(update=update)


def _gguf_lead(query: Query, composed: Answer, cat: Catalogue
               ) -> tuple[MethodAnswer, DetailedAnswer] | None:
    """No precision fits the configuration by the detailed estimate: llama.cpp's and Ollama's
    usual GGUF Q4_K_M at the same typical context, when it fits there (its token embeddings are
    quantized and kept in system RAM, where bitsandbytes keeps them in BF16 on the card: "can i
    run llama 3 8b on my rtx 2060 6gb", 5.7 GB of 6.44 where 4-bit takes 7.8)."""
    primary = composed.primary
    params_b = composed.params_b
    if primary is None or primary.fit is None or params_b is None or query.quant is not None \
            or query.engine is not None:
        return None
    asked = primary.fit
    gpu = cat.gpu(asked.gpu) if asked.gpu is not None else None
    if gpu is not None and gpu.unified_memory:
        return None  # a Mac: its own lines say what runs there
    options = tuple(offered_fits(_RAM_QUANT_METHOD, params_b, cat))
    gguf = replace(_method_answer(cat, _RAM_QUANT_METHOD, params_b, gpu, asked.gpu_count,
                                  query.vram_gb, None, False, memory_gb=query.gpu_memory_gb),
                   cheapest=options[0] if options else None, options=options)
    asked_gguf = query.model_copy(update={"method": _RAM_QUANT_METHOD, "quant": "Q4_K_M",
                                          "serving_precision_said": True})
    detail = detailed_for(asked_gguf, composed.model_copy(update={"primary": gguf}), cat)
    if detail is None or detail.check is None or not detail.check.detailed_fits:
        return None
    return gguf, detail


def _typical_primary(query: Query, answer: Answer, composed: Answer, fits: dict[str, bool],
                     details: dict[str, DetailedAnswer], cat: Catalogue) -> dict[str, Any] | None:
    """No precision named: the reply leads with the highest precision that fits (_primary),
    now by the detailed estimate too, so the JSON describes that one (was 8-bit, its planning
    figure and the 4× A100 80GB it sends BF16 to, under "fits: BF16 inference, …"), with the
    cheapest offered configuration that holds it by that estimate (was "👉 Cheapest offered
    configuration that fits: 4× A100 80GB" under a BF16 line that fits on 2×)."""
    primary = composed.primary
    if query.serving_precision_said or primary is None:
        return None
    candidates = _from_native(query, cat, composed.methods, lambda a: a.memory.method)
    lead = next((ma for ma in candidates if ma.fit is not None
                 and fits.get(ma.memory.method, ma.fit.fits)), None)
    if lead is None or lead is primary or lead.memory.method not in details:
        return None
    detail = details[lead.memory.method]
    alt = answer.model_copy(update={"primary": lead})
    options = tuple(detailed_options(query, alt, cat))
    # The quote the reply gives is the one on the configuration asked, which holds it (was a
    # second quote, BF16's on 4× A100 80GB, under the reply: "how much to run llama 3 70b on
    # 2x a100 80gb for 10 hours").
    run = composed.quote if composed.quote is not None and composed.quote is primary.quote \
        else lead.quote
    led = replace(lead, cheapest=options[0] if options else None, options=options, quote=run)
    return {
        "primary": led, "detailed": detail, "fits": True, "detailed_fits": True,
        "methods": tuple(led if ma is lead else ma for ma in composed.methods),
    }


def _typical_misses(query: Query, composed: Answer, cat: Catalogue) -> Answer:
    """No settings and several training methods on a configuration: a method the planning rule
    fits there and the detailed estimate at typical settings does not is not listed as fitting
    ("fine-tuning a 7b on 6gb gpu?" led "✅ … fits: QLoRA", "QLoRA ≈ 5.25 GB — 0.75 GB left",
    where one method asked leads "❌ … 10.8 GB per GPU" with the sequence that fits). Its line
    gives the detailed figure, the longest sequence that fits there, and where it fits as it
    is; the JSON's fits follows the primary method's."""
    verdicts: dict[str, bool] = {}
    figures: dict[str, Decimal] = {}
    rooms: dict[str, int] = {}
    tight: dict[str, int | None] = {}
    cheapest: dict[str, tuple[Fit, ...]] = {}
    primary = composed.primary
    for ma in composed.methods:
        fit = ma.fit
        if fit is None or not fit.fits:
            continue
        alt = composed if ma is primary else composed.model_copy(update={"primary": ma})
        # Its check alone: the rest of its detailed answer is not read here.
        detailed = composed.detailed
        check = (detailed.check if detailed is not None else None) if ma is primary \
            else detailed_check(query, alt, cat)
        if check is None:
            continue
        figure = detailed.per_gpu_gb if ma is primary and detailed is not None \
            else check.detailed_per_gpu_gb
        method = ma.memory.method
        if check.detailed_fits:
            # It fits there at typical settings too: its line gives that figure and the room it
            # leaves, as one method asked leads with it ("qlora llama 3 8b on 3060 12gb, lora
            # too?" said "QLoRA ≈ 6 GB — 6 GB left" of 12.8 GB per GPU on 12.88), said to be
            # tight, with the sequence that gives room, where it is (_tight_by_detail).
            verdicts[method] = True
            figures[method] = figure
            if _tight_by_detail(check, cat) and composed.params_b is not None:
                room = longest_context(query, cat.method(method),
                                       estimator_model(query, composed.params_b, cat), fit)
                tight[method] = room.tokens or None
            continue
        verdicts[method] = False
        figures[method] = figure
        cheapest[method] = tuple(detailed_options(query, alt, cat))
        if composed.params_b is not None:
            room = longest_context(query, cat.method(method),
                                   estimator_model(query, composed.params_b, cat), fit)
            if room.tokens:
                rooms[method] = room.tokens
    if not figures:
        return composed
    methods = _with_options(composed.methods, cheapest)
    update: dict[str, Any] = {
        "method_fits": {**composed.method_fits, **verdicts},
        "method_training_gb": {**composed.method_training_gb, **figures},
        "method_typical_room": rooms, "method_typical_tight": tight, "methods": methods,
        "primary": next((m for m, o in zip(methods, composed.methods, strict=True)
                         if o is primary), primary),
    }
    if primary is not None and verdicts.get(primary.memory.method) is False:
        update["fits"] = False
    return composed.model_copy(update=update)


def _typical_memory(query: Query, composed: Answer, cat: Catalogue) -> Answer:
    """A memory question for several methods or precisions, no configuration or settings said
    ("how much memory does llama 3 8b need", "how much vram for llama 3 8b inference"): each
    one's detailed figure at typical settings on one GPU, and where it fits cheapest by it, as one
    method asked gets it under its headline (was the planning rules alone: QLoRA ≈ 6 GB, where
    activations and logits make it 12.8 GB; 4-bit ≈ 4.8 GB, 7.8 GB with the KV cache and the
    CUDA context)."""
    figures: dict[str, Decimal] = {}
    typical: dict[str, tuple[Decimal, int, int]] = {}
    cheapest: dict[str, tuple[Fit, ...]] = {}
    primary = composed.primary
    for ma in composed.methods:
        alt = composed if ma is primary else composed.model_copy(update={"primary": ma})
        detail = composed.detailed if ma is primary else detailed_for(query, alt, cat)
        if detail is None or detail.gpus != 1 or (detail.kind == "training") == query.inference:
            continue
        if query.inference:
            typical[ma.memory.method] = (detail.per_gpu_gb, detail.seq_len, detail.micro_batch)
        else:
            figures[ma.memory.method] = detail.per_gpu_gb
        cheapest[ma.memory.method] = tuple(detailed_options(query, alt, cat))
    if not figures and not typical:
        return composed
    # A method no offered configuration holds by its detailed figure keeps the rule's 👉 line.
    methods = _with_options(composed.methods, {m: o for m, o in cheapest.items() if o})
    return composed.model_copy(update={
        "method_training_gb": {**composed.method_training_gb, **figures},
        "method_typical": {**composed.method_typical, **typical}, "methods": methods,
        "primary": next((m for m, o in zip(methods, composed.methods, strict=True)
                         if o is primary), primary),
    })


def _split_unsaid(query: Query, answer: Answer) -> bool:
    """Several precisions to serve on a GPU count with no card or settings said."""
    return query.inference and query.gpu is None and (query.gpu_count or 1) > 1 \
        and len(answer.methods) > 1 and all(ma.fit is None for ma in answer.methods)


def _serving_figures(query: Query, answer: Answer, composed: Answer, cat: Catalogue) -> Answer:
    """A serving question with a stated context and no configuration to judge ("how much VRAM
    for llama 3.1 8b at 32k context"), or one precision asked: each precision's detailed figure
    (KV cache included), and where it fits cheapest by it, for the lines to show."""
    primary, detailed = composed.primary, composed.detailed
    if primary is None or detailed is None:
        return composed
    figures: dict[str, Decimal] = {primary.memory.method: detailed.per_gpu_gb}
    methods: list[MethodAnswer] = []
    for ma in composed.methods:
        if ma is primary:
            methods.append(ma)
            continue
        alt = answer.model_copy(update={"primary": ma})
        detail = detailed_for(query, alt, cat)
        if detail is None:
            methods.append(ma)
            continue
        figures[ma.memory.method] = detail.per_gpu_gb
        options = tuple(detailed_options(query, alt, cat))
        methods.append(replace(ma, cheapest=options[0] if options else None, options=options))
    return composed.model_copy(update={"method_detailed_gb": figures, "methods": tuple(methods)})


def _largest_by_detail(query: Query, cat: Catalogue) -> tuple[Decimal, tuple[str, ...]] | None:
    """The largest catalogued size whose detailed estimate (default settings) also fits, with
    its models' names: the planning rule leaves nothing for activations at its own limit.
    Sizes are searched by halves: with no model named the estimate grows with the size (a
    generic shape), so the sizes that fit are the smaller ones ("rtx 3050 4gb": 1.5B, a
    dozen sizes under the rule's 5B, was not found by the twelve tried one by one)."""
    assert query.params_b is not None
    sizes = sorted({m.params_b for m in cat.models
                    if m.params_b < query.params_b and m.encoder is None}, reverse=True)
    lead: MethodId | None = None  # the method every size's answer leads with, once known

    def fits(size: Decimal) -> bool:
        nonlocal lead
        asked = query.model_copy(update={"params_b": size})
        check: FitCheck | None
        if lead is None:
            answer = _build(asked, cat)
            detailed = detailed_for(asked, answer, cat)
            check = detailed.check if detailed is not None else None
            lead = _lead_of_any_size(asked, answer)
        else:  # the next sizes: that method's verdict alone, as the whole answer gives it
            found = _detailed_check(asked, lead, cat)
            check = found[0] if found is not None else None
        return check is not None and bool(check.detailed_fits)

    low, high = 0, len(sizes)  # the first size that fits lies in sizes[low:high], or none
    while low < high:
        middle = (low + high) // 2
        if fits(sizes[middle]):
            high = middle
        else:
            low = middle + 1
    if low == len(sizes):
        return None
    return sizes[low], tuple(m.name for m in newest_first(
        m for m in cat.models if m.params_b == sizes[low] and m.encoder is None))


def _named_largest(query: Query, start: Decimal, method: MethodId, cat: Catalogue
                   ) -> tuple[Decimal, tuple[str, ...]] | None:
    """The largest catalogued size at or under `start` with models that hold the run by their
    own detailed estimate (their vocabulary, layers and attention), with those models' names,
    newest first; models with no decoder to run or fine-tune (encoders, encoder-decoders) are
    not offered. The size is the largest where a model with its architecture on file holds
    it: one without is estimated with a generic Llama-like shape of its size, which knows
    nothing of its own vocabulary or layers ("biggest model i can qlora on a 24gb gpu" was 30B,
    GLM-4.7-Flash, MPT 30B and OPT-30B, three unknown shapes, above the 24B models known to
    fit); those are named beside them at that size, and lead only when no model with an
    architecture holds the run down to half of `start`. None when none does (the generic
    estimate's size is then said, as before)."""
    by_size: dict[Decimal, list[ModelSpec]] = {}
    for m in cat.models:
        if start / 2 <= m.params_b <= start and m.encoder is None:
            by_size.setdefault(m.params_b, []).append(m)

    verdicts: dict[str, bool] = {}  # each model's, once: the known pass asks first

    def holds(m: ModelSpec) -> bool:
        if m.id not in verdicts:
            found = _detailed_check(
                query.model_copy(update={"params_b": m.params_b, "model_id": m.id}), method, cat)
            verdicts[m.id] = found is None or bool(found[0].detailed_fits)
        return verdicts[m.id]

    for known in (True, False):
        for size in sorted(by_size, reverse=True):
            models = newest_first(by_size[size])
            if known and not any(m.arch is not None and holds(m) for m in models):
                continue
            held = tuple(m.name for m in models if holds(m))
            if held:
                return size, held
    return None


# The catalogue marks no model's use: a coding model is known by its name ("Qwen2.5-Coder 7B",
# "Code Llama 13B", "CodeGemma 7B", "Codestral 22B", "StarCoder2 15B").
_CODE_NAME = re.compile(r"code", re.IGNORECASE)


def _largest_coding(limit: Decimal, cat: Catalogue) -> tuple[Decimal, tuple[str, ...]] | None:
    """The largest size at or under `limit` among the models named as coding models, with
    their names ("best coding model for a 4090": Qwen2.5-Coder 32B, not OPT-30B alone)."""
    coders = [m for m in cat.models
              if _CODE_NAME.search(m.name) and m.params_b <= limit and m.encoder is None]
    if not coders:
        return None
    size = max(m.params_b for m in coders)
    return size, tuple(m.name for m in newest_first(m for m in coders if m.params_b == size))


def _lead_of_any_size(asked: Query, answer: Answer) -> MethodId | None:
    """The method _build's answer leads with (its primary) for every size of the model, when
    that does not depend on the size: not a comparison, no quote (its target and its errors
    depend on the size), and no serving lead chosen by what fits (_primary)."""
    primary = answer.primary
    if answer.intent == "compare" or _quote_wanted(asked) or primary is None \
            or primary.fit is None or (asked.inference and not asked.serving_precision_said
                                       and len(answer.methods) > 1):
        return None
    return primary.memory.method


def _longest(query: Query, cat: Catalogue) -> tuple[Query, dict[str, Any]]:
    """The longest context each method fits on the asked configuration; the question is then
    answered as the fit at the lead method's length (its detail shows where the memory goes).
    The lead: the method asked; training without one, the default (QLoRA); serving without a
    precision, the highest precision that holds the default sequence (else the longest, and
    4-bit when none fits)."""
    first = _build(query, cat)
    if first.error or first.missing or first.primary is None or first.params_b is None:
        return query, {}
    model = estimator_model(query, first.params_b, cat)
    found = tuple(
        longest_context(query, cat.method(ma.memory.method), model, ma.fit)
        for ma in first.methods if ma.fit is not None
    )
    if not found:
        return query, {"longest_unplaced": True}
    lead = next((f for f in found if f.method == first.primary.memory.method), found[0])
    if query.inference and not query.serving_precision_said:
        # Else the longest; on a tie (none fits) the least demanding, 4-bit, as _primary does.
        candidates = _from_native(query, cat, found, lambda f: f.method)
        lead = next((f for f in candidates if f.tokens >= min(DEFAULT_SEQ_LEN, f.limit)),
                    max(reversed(candidates), key=lambda f: f.tokens))
    update: dict[str, Any] = {"method": lead.method, "serving_precision_said": True}
    if lead.tokens:
        update["seq_len"] = lead.tokens
    return query.model_copy(update=update), {"longest": found, "longest_lead": lead}


def _oom_checkpointing(query: Query, cat: Catalogue) -> tuple[Query, OomReport | None]:
    """A training run the user says ran out of memory with a stated micro-batch or sequence
    length: when the detailed estimate with checkpointing on (our default) fits there and
    checkpointing was not said, it is estimated off, the Hugging Face Trainer's default
    (TrainingArguments.gradient_checkpointing=False), if that explains the OOM. With neither
    stated, the OOM alone: the verdict is still the measurement's (_trust_the_oom)."""
    if not query.oom or query.params_b is None:
        return query, None
    first = _build(query, cat)
    primary = first.primary
    if first.error or first.missing or primary is None or primary.fit is None \
            or first.params_b is None:
        return query, None
    method = cat.method(primary.memory.method)
    vram = capacity_per_gpu(primary.fit)
    if query.inference and method.kind == "inference":
        # "vllm qwen3-30b-a3b on 4x a10 gives OOM even with max-model-len 1024", "running out
        # of vram with llama3 8b on ollama 8gb card": the server ran out of memory as the user
        # runs it; the measurement outranks an estimate that fits (was a ✅ lead).
        return query, OomReport(batch=query.batch_size, seq_len=query.seq_len, ckpt_off=False,
                                on_gb=None, off_gb=None, vram_per_gpu_gb=vram,
                                gpus=primary.fit.gpu_count, serving=True)
    if method.kind != "training":
        return query, None
    if query.batch_size is None and query.seq_len is None:
        # "qlora llama 3 8b on my 4090 keeps OOMing": nothing stated to estimate again, and
        # the measurement still outranks an estimate at typical settings (_trust_the_oom).
        return query, OomReport(batch=None, seq_len=None, ckpt_off=False, on_gb=None,
                                off_gb=None, vram_per_gpu_gb=vram,
                                gpus=primary.fit.gpu_count)
    model = estimator_model(query, first.params_b, cat)
    # Where the OOM was said: a follow-up may try other settings ("what if i use batch 1").
    batch = query.oom_batch if query.oom_batch is not None else query.batch_size
    seq_len = query.oom_seq_len if query.oom_seq_len is not None else query.seq_len
    at = query.model_copy(update={"batch_size": batch, "seq_len": seq_len})
    on = estimate_on(at.with_settings({"grad_ckpt": True}), method, model, primary.fit)
    off = estimate_on(at.with_settings({"grad_ckpt": False}), method, model, primary.fit)
    on_gb = on.per_gpu_gb if on is not None else None
    off_gb = off.per_gpu_gb if off is not None else None
    # Unsloth's FastLanguageModel.get_peft_model turns checkpointing on unless told otherwise
    # (use_gradient_checkpointing="unsloth", unslothai/unsloth@015bdef0 unsloth/models/
    # llama.py): an OOM under Unsloth is not the Trainer's default off.
    ckpt_off = query.grad_ckpt is None and query.kernels != "unsloth" \
        and on_gb is not None and on_gb <= vram and off_gb is not None and off_gb > vram
    report = OomReport(batch=batch, seq_len=seq_len, ckpt_off=ckpt_off,
                       on_gb=on_gb, off_gb=off_gb, vram_per_gpu_gb=vram,
                       gpus=primary.fit.gpu_count)
    if ckpt_off:
        query = query.model_copy(update={"grad_ckpt": False})
    return query, report


def _trust_the_oom(query: Query, composed: Answer, oom: OomReport) -> Answer:
    """The verdict for the configuration that ran out of memory is never a fit: when the
    detailed estimate still fits it, the reply says the estimate disagrees with the
    measurement, and the measurement is the verdict (fits false)."""
    primary = composed.primary
    on = primary.fit.gpu_count if primary is not None and primary.fit is not None else None
    same = query.batch_size == oom.batch and query.seq_len == oom.seq_len and on == oom.gpus
    contradicted = same and composed.fits is True
    if contradicted and oom.serving and len(composed.methods) > 1:
        # No precision said: a precision that does not fit (vLLM loads BF16 unless told)
        # explains the OOM already (its ❌ line); only every one fitting contradicts it.
        contradicted = all(
            composed.method_fits.get(m.memory.method,
                                     m.fit.fits if m.fit is not None else False)
            for m in composed.methods)
    update: dict[str, Any] = {"oom": replace(oom, contradicted=contradicted)}
    if contradicted:
        update["fits"] = False
        if composed.detailed is not None:
            update["detailed"] = replace(composed.detailed, measured_oom=True)
    return composed.model_copy(update=update)


def _host_ram_short(query: Query, composed: Answer) -> Answer:
    """"With deepspeed zero 3 and optimizer offload, can I full finetune llama 3 8b on a 3090
    with 64gb of ram?": the GPU holds its share, but the offloaded states (about 128.5 GB for
    the whole run) do not fit in the RAM said, so the run does not fit (was a yes, the RAM said
    left unread)."""
    detailed = composed.detailed
    ram = query.system_ram_gb
    if ram is None or detailed is None or detailed.host_ram_gb is None \
            or composed.fits is not True or detailed.host_ram_gb[0] <= ram:
        return composed
    return composed.model_copy(update={"fits": False, "ram_short": True})


def _trust_the_run(query: Query, composed: Answer, cat: Catalogue) -> Answer:
    """"It took 20 h to QLoRA Llama 3 70B on my A6000": a run the user finished on the
    configuration asked about proves it fits there with their settings. When an estimate says
    it does not (52.5 GB planned of 48 GB), the measurement is the verdict (fits true), and the
    reply says the estimate disagrees, as a measured out-of-memory overrules a fit."""
    primary = composed.primary
    fit = primary.fit if primary is not None else None
    measured = (query.hours_measured and query.hours is not None) or (
        # "i get 300 tok/s training qlora 70b on my a6000": a training throughput is a run
        query.tokens_per_second is not None and fit is not None
        and cat.method(fit.method).kind == "training")
    if not measured or query.gpu is None or fit is None \
            or composed.fits is not False \
            or (fit.gpu, fit.gpu_count) != (query.gpu, query.gpu_count or 1):
        return composed
    return composed.model_copy(update={"fits": True, "ran_there": True})


def _largest_batch(query: Query, cat: Catalogue, oom: OomReport | None = None
                   ) -> tuple[Query, dict[str, Any]]:
    """The largest micro-batch the lead method fits on the asked configuration; the question
    is then answered as the fit at that batch (its detail shows where the memory goes)."""
    first = _build(query, cat)
    primary = first.primary
    if first.error or first.missing or primary is None or primary.fit is None \
            or first.params_b is None:
        return query, {}
    method = cat.method(primary.memory.method)
    if method.kind != "training":
        return query, {}
    model = estimator_model(query, first.params_b, cat)
    # An OOM measured at a batch at this length: the answer is below it, whatever the estimate.
    below = oom.batch if oom is not None and oom.batch is not None \
        and (oom.seq_len is None or oom.seq_len == query.seq_len) else None
    found = largest_batch(query, method, model, primary.fit, below)
    update: dict[str, Any] = {"method": method.id, "seq_len": found.seq_len}
    if found.batch:
        update["batch_size"] = found.batch
    return query.model_copy(update=update), {"largest_batch": found}


def _ram_quant(query: Query, cat: Catalogue) -> Query:
    """"16gb vram + 64gb ram, can i run qwen3 235b?": the system RAM said beside a card that
    cannot hold the BF16 weights is llama.cpp's question (it splits the layers between the card
    and RAM), whose users mostly run Q4_K_M: answered at that type, said so. Not on a Mac
    (unified memory: no split), nor when a precision or a runner's other format is said."""
    if not query.inference or query.system_ram_gb is None or query.serving_precision_said \
            or query.quant is not None or query.params_b is None:
        return query
    held = _cards_hold(query, cat)
    if held is None or memory("inference_bf16", query.params_b, cat).estimate_gb <= held:
        return query
    return query.model_copy(update={"method": _RAM_QUANT_METHOD, "quant": "Q4_K_M",
                                    "serving_precision_said": True, "quant_assumed": True})


_RAM_QUANT_METHOD: Final = "gguf_q4_k_m"


def _cards_hold(query: Query, cat: Catalogue) -> Decimal | None:
    """What the asked cards hold in all, as their drivers report it; None with no card, and
    on a Mac (unified memory: what a local runner reads of it is another question)."""
    count = query.gpu_count or 1
    if query.gpu is not None:
        card = cat.gpu(query.gpu)
        return None if card.unified_memory \
            else cat.capacity_gb(card, query.gpu_memory_gb) * count
    # A card known by its marketing size ("a 24GB card") holds what the cards sold at that size
    # report (24 -> 24564 MiB, 25.76 GB), as its fit counts it: Ollama's 23 GiB tier is then
    # the one a 4090 gets (was 24 x 10^9 bytes, under it: 4,096 tokens beside a 4090's 32,768).
    return None if query.vram_gb is None else cat.generic_capacity_gb(query.vram_gb) * count


def _gguf_file(query: Query, cat: Catalogue) -> Query:
    """A GGUF of a model whose every GGUF file keeps its published format whatever the type
    (gpt-oss's MXFP4 experts: a "Q4_K_M" file is as large as the MXFP4 one) is planned from
    that file's published size, not at the type's bits (models.toml native.gguf_gb). A
    comparison of formats keeps its types."""
    method = query.method
    if method is None or not method.startswith("gguf_") or query.quant_pair is not None:
        return query
    found = cat.gguf_file_method(query.model_id)
    return query if found is None or found == method else query.model_copy(
        update={"method": found})


def _ollama_context(query: Query, cat: Catalogue) -> Query:
    """Ollama named and no context said: the context it picks by itself for the card's memory
    (4,096 under 24 GiB, 32,768 up to 48 GiB, 262,144 above, up to the model's trained context;
    rules/data/serving.toml), not the 2,048 tokens assumed otherwise. Not for the longest
    context asked, nor on a Mac (unified memory: Ollama's tiers read the GPU's)."""
    if query.runner != "ollama" or not query.inference or query.seq_len is not None \
            or query.prompt_tokens is not None or query.new_tokens is not None \
            or query.context_asked or query.at_longest or query.seq_len_other is not None:
        return query
    total = _cards_hold(query, cat)
    if total is None:
        return query
    spec = cat.models.get(query.model_id) if query.model_id else None
    # Ollama caps num_ctx at the GGUF's trained context (config.json's max_position_embeddings),
    # also where only that is on file ("deepseek-r1:70b" on 2x3090: 131,072, was 262,144)
    model_max = (spec.engine_default_context or spec.max_context) if spec is not None else None
    return query.model_copy(update={
        "seq_len": ollama_default_context(total, model_max), "context_default": "ollama"})


def _within_positions(query: Query, cat: Catalogue) -> Query:
    """A stated sequence past the positions a model learned ('finetune gpt2 with seq 4096 on a
    t4'): GPT-2's position embeddings (wpe, n_positions rows in its config) hold 1,024 and no
    longer input runs at all, so the answer is at 1,024 and says why. Rotary models read a
    longer one (badly): answered as said, with context_note's warning."""
    if query.seq_len is None or query.model_id is None:
        return query
    arch = cat.models.get(query.model_id).arch
    top = arch.learned_positions if arch is not None else None
    if top is None or query.seq_len <= top:
        return query
    return query.model_copy(update={"seq_len": top, "seq_len_beyond": query.seq_len})


def _users_engine(query: Query, cat: Catalogue) -> tuple[Query, str | None]:
    """Users served at once with no engine or runner named ("llama 3 8b for 20 users on a
    4090", "how many users can an L4 serve", "64 concurrent requests", "64 concurrent at 4k":
    people or not, one sizing in every reply): a serving engine batches them, and the
    concurrency answer already sizes them within vLLM's share of the card; the users' fit is
    then vLLM's run too: its share, its default prefill step for the card (2,048 tokens below
    70 GiB), its paged KV cache (no layer copied as it grows) and its own memory in the share
    (rules.capacity.vllm_share_parts). Was the whole card, an 8,192-token step and the copy
    transformers' generate makes. Not for a GGUF or EXL2 file (llama.cpp, ExLlamaV2) nor on a
    card vLLM does not run on with CUDA (a Mac's Metal): the reply says vLLM was assumed."""
    at_once = query.users if query.users is not None else \
        query.batch_size if query.served_at_once else None
    if query.engine is not None or query.runner is not None or not query.inference \
            or not (query.concurrency_asked or (at_once is not None and at_once > 1)) \
            or (query.quant is not None and query.quant.upper() not in ("AWQ", "GPTQ")):
        return query, None
    gpus = [query.gpu, *query.other_gpus] if query.gpu is not None else []
    if any(cat.gpu(g).platform != "cuda" for g in gpus):
        return query, None
    return query.model_copy(update={"engine": "vllm"}), "vllm"


def _vllm_context(query: Query, cat: Catalogue) -> Query:
    """vLLM named, a model on file, a card, and no context said: the context vLLM serves by
    default, its --max-model-len unset, is the one it derives from the model's config.json,
    max_position_embeddings (ModelSpec.engine_default_context; none guessed where only a model
    card's figure is on file), not the 2,048 tokens assumed otherwise: "vllm serve
    meta-llama/Llama-3.1-8B-Instruct on my 4090" needs the KV cache of 131,072 tokens, or vLLM
    refuses to start. With no precision said, the checkpoint's own (vLLM's --dtype auto), and
    for its command line whatever the context (--max-model-len 8192 changes the context, not
    the precision). Only for a fit or memory question of one run (the sequences served at
    once, a batch, a speed or the longest context asked keep theirs), and not on a Mac (vLLM
    does not run on its GPU). Its command line with the sequences at once asked ("vllm serve
    meta-llama/Llama-3.1-70B-Instruct -tp 2 … how many concurrent"): the checkpoint as
    published too, at the context said or assumed (was 8-bit's count leading, a precision
    the command does not load)."""
    if query.engine == "vllm" and query.inference and query.engine_command \
            and not query.serving_precision_said and query.model_id is not None \
            and query.quant is None and (
                query.concurrency_asked or query.users is not None or query.served_at_once
                or query.max_num_seqs is not None):
        return query.model_copy(update={
            "method": _native_lead(query, cat) or cat.default_method("inference"),
            "serving_precision_said": True})
    if query.engine != "vllm" or not query.inference \
            or query.context_asked or query.at_longest or query.seq_len_other is not None \
            or query.intent not in ("fit", "memory") or query.model_id is None \
            or query.users is not None or query.concurrency_asked or query.batch_asked \
            or query.batch_size is not None or query.max_num_seqs is not None \
            or query.speed_asked or query.rate_asked is not None or query.oom \
            or query.tokens_per_second is not None:
        return query
    held = _cards_hold(query, cat)
    spec = cat.models.get(query.model_id)
    if held is None:
        if not query.engine_command or query.gpu is not None:
            return query
        # The command alone ("vllm serve mistralai/Mistral-7B-Instruct-v0.3"): its run, as
        # vLLM starts it on any card, is what its memory is asked of
        model_max = spec.engine_default_context
        run: dict[str, Any] = {
            "method": _native_lead(query, cat) or cat.default_method("inference"),
            "serving_precision_said": True}
        if model_max is not None and query.seq_len is None and query.prompt_tokens is None \
                and query.new_tokens is None:
            run.update(seq_len=model_max, context_default="vllm")
        return query if query.serving_precision_said else query.model_copy(update=run)
    count = query.gpu_count or 1
    if spec.arch is not None and not spec.arch.tensor_parallel_ok(count):
        # A count vLLM cannot split the heads over ("on 7 A10G") does not start at any
        # context: that reply says so and which counts do, at the context assumed as before.
        return query
    update: dict[str, Any] = {}
    model_max = spec.engine_default_context
    if query.seq_len is None and query.prompt_tokens is None and query.new_tokens is None:
        if model_max is not None:
            update.update(seq_len=model_max, context_default="vllm")
        elif not query.engine_command:
            return query  # no context on file: "with vllm" keeps every precision's line
    published = _native_lead(query, cat) or cat.default_method("inference")
    weights_gb = spec.params_b * cat.method(published).weight_bits / 8
    share = query.gpu_memory_utilization or serving_utilization()
    if not query.serving_precision_said and (
            query.engine_command
            or ("seq_len" in update and weights_gb < held * share)
            or ("seq_len" not in update and _published_holds(query, cat, published, held))):
        # No precision said: vLLM serves the checkpoint as published (--dtype auto, no
        # --quantization), BF16 or the model's own FP8/MXFP4, not a 4-bit copy it is not
        # given. A command line ("vllm serve google/gemma-3-27b-it", with or without
        # --max-model-len) named that checkpoint: the reply is its run, and where it does not
        # fit, says so and what would (bot.vllm_fix). "With vllm" at vLLM's default context:
        # that run when vLLM's share holds those weights, else the precisions that fit; at a
        # context said ("llama 3 8b with vllm at 16k context on a 4090"), that run when it
        # fits there by the detailed estimate, else the precisions that fit (no checkpoint
        # was named: a quantized one is as much an answer as the flags).
        update.update(method=published, serving_precision_said=True)
    return query.model_copy(update=update) if update else query


def _published_holds(query: Query, cat: Catalogue, method_id: str, held: Decimal) -> bool:
    """The checkpoint as published fits vLLM's share of the asked cards at the context said,
    by the detailed estimate (_vllm_context)."""
    assert query.model_id is not None
    count = query.gpu_count or 1
    method = cat.method(method_id)
    model = estimator_model(query, cat.models.get(query.model_id).params_b, cat)
    breakdown = estimate_on_cards(query, method, model, count, held / count)
    return breakdown is not None and breakdown.per_gpu_gb <= usable_per_gpu(
        query, method, held / count)


def _gguf_keeps_native(query: Query, cat: Catalogue) -> bool:
    """Every GGUF file of the model keeps its published format whatever its type (gpt-oss's
    MXFP4 experts, models.toml native.local_runners): no smaller llama.cpp type to pick."""
    if query.model_id is None:
        return False
    native = cat.models.get(query.model_id).native
    return native is not None and native.local_runners is not None


def _train_disk(query: Query, answer: Answer, cat: Catalogue) -> TrainDisk | None:
    """The disk a training run takes: the BF16 download, and each method's checkpoint."""
    assert answer.params_b is not None
    model = estimator_model(query, answer.params_b, cat)
    files = weights_download(model, cat.method(cat.default_method("inference")))
    methods: list[tuple[str, int | None, CheckpointSize]] = []
    adapters_done = False
    for ma in answer.methods:
        method = cat.method(ma.memory.method)
        if method.kind != "training":
            continue
        if method.adapter and adapters_done:
            continue  # QLoRA's adapters are LoRA's: said once
        rank = (query.lora_rank or DEFAULT_LORA_RANK) if method.adapter else None
        methods.append((method.id, rank, training_checkpoint(
            model, method, rank or DEFAULT_LORA_RANK, lora_targets=query.lora_targets or "all",
            precision=query.precision, optimizer=query.optimizer,
            bf16_adapters=bool(query.torchtune) and query.precision in (None, "bf16"))))
        adapters_done = adapters_done or method.adapter
    if not methods:
        return None
    kept = query.save_total_limit or DEFAULT_CHECKPOINTS_KEPT
    return TrainDisk(model_name=answer.model_name, params_b=answer.params_b,
                     download_gb=files.gb, kept=kept,
                     kept_said=query.save_total_limit is not None, methods=tuple(methods))


def _download(query: Query, answer: Answer, cat: Catalogue) -> DownloadFacts:
    """The files of the model in the format asked (its published one when none is said), and
    how long they take at the link speed said or at the example speeds."""
    assert answer.params_b is not None
    method = cat.method(_asked_method(query, cat))
    if method.kind != "inference":  # "how long to download it?" after a training question
        method = cat.method(cat.default_method("inference"))
    model = estimator_model(query, answer.params_b, cat)
    native = cat.models.get(query.model_id).native if query.model_id else None
    files = weights_download(model, method,
                             native.gguf_gb if native is not None else None,
                             native.method if native is not None else None,
                             native.format if native is not None else None)
    speeds = (query.link_mbps,) if query.link_mbps is not None else DOWNLOAD_EXAMPLE_MBPS
    return DownloadFacts(model_name=answer.model_name, files=files, link_mbps=query.link_mbps,
                         hours=tuple((v, download_hours(files.gb, v)) for v in speeds),
                         weight_bits=method.weight_bits, link_bytes=query.link_bytes,
                         disk=query.disk_asked)


def _expert_offload(query: Query, answer: Answer, cat: Catalogue) -> ExpertOffload | None:
    """"-ot exps=CPU", "--cpu-moe", "experts on cpu" on a card: what the GPUs hold once the
    routed experts are in system RAM, what RAM holds, and the decode bound from both
    bandwidths; for a dense model, that it has no experts to move."""
    primary, detailed = answer.primary, answer.detailed
    if not query.expert_offload or not query.inference or primary is None \
            or primary.fit is None or primary.fit.unified_gb is not None \
            or detailed is None or detailed.check is None or answer.params_b is None:
        return None
    method = cat.method(primary.memory.method)
    if method.quant is None:
        return None
    model = estimator_model(query, answer.params_b, cat)
    expert_bits: Decimal | None = None
    native = cat.models.get(query.model_id).native if query.model_id else None
    if native is not None and native.format == "MXFP4" and native.local_runners is not None:
        # gpt-oss: every GGUF file keeps the routed experts in MXFP4 whatever its type
        expert_bits = Decimal(repr(load_constants()["bits.mxfp4"]))
    ram = ram_bandwidth(query.ram_kind, query.ram_mts, query.ram_channels)
    check = detailed.check
    fit = primary.fit
    card = cat.gpu(fit.gpu) if fit.gpu is not None else None
    bandwidth = card.memory_bandwidth_gbs if card is not None else None
    split = expert_split(model, method, detailed.seq_len, check.vram_per_gpu_gb,
                         detailed.gpus, query.cpu_moe_layers, expert_bits,
                         detailed.micro_batch)
    # Experts beyond the RAM said are read from disk (llama.cpp maps the file): no bound.
    held = split is not None and (query.system_ram_gb is None
                                  or split.ram_gb <= query.system_ram_gb)
    rate = split_decode_bound(split.gpu_read_gb, bandwidth, split.ram_read_gb, ram.gbs) \
        if split is not None and split.fits and held and bandwidth is not None else None
    return ExpertOffload(
        split=split, gpu=fit.gpu, gpus=detailed.gpus, vram_per_gpu_gb=check.vram_per_gpu_gb,
        context=detailed.seq_len, ram=ram, gpu_bandwidth_gbs=bandwidth, tokens_per_second=rate,
        dense=split is None, said_layers=query.cpu_moe_layers,
    )


def _cpu_decode(query: Query, answer: Answer, cat: Catalogue) -> CpuDecode | None:
    """CpuDecode for "qwen2.5 7b on cpu only, tok/s?" or "… on a cpu with ddr4 3200": None
    when no speed is asked and no RAM kind or speed said, or the RAM said holds none."""
    if not query.cpu_only or not query.inference or answer.params_b is None or not (
            query.speed_asked or query.ram_kind is not None or query.ram_mts is not None):
        return None
    ram = ram_bandwidth(query.ram_kind, query.ram_mts, query.ram_channels)
    spec = cat.models.get(query.model_id) if query.model_id is not None else None
    active = spec.active_params_b / spec.params_b \
        if spec is not None and spec.active_params_b is not None else Decimal(1)
    rates: list[tuple[str, Decimal]] = []
    for ma in answer.methods:
        weights = ma.memory.floor_gb
        if cat.method(ma.memory.method).kind != "inference" or weights is None or (
                query.ram_gb is not None and ma.memory.estimate_gb > query.ram_gb):
            continue
        rate = split_decode_bound(Decimal(0), ram.gbs, weights * active, ram.gbs)
        if rate is not None:
            rates.append((ma.memory.method, rate))
    return CpuDecode(ram=ram, rates=tuple(rates)) if rates else None


def _offload_speed(query: Query, answer: Answer, split: LayerSplit,
                   cat: Catalogue) -> OffloadSpeed | None:
    """The decode bound of a layer split: the layers on the GPU read at its datasheet
    bandwidth, the others in RAM at the RAM's; with a card known by its memory alone ("16gb
    vram + 32gb ram … tok/s") or with no cited bandwidth, the RAM side's alone (the GPU's reads
    taken as free: a looser bound, still one). None when the RAM said cannot hold them (read
    from disk) or nothing is on the GPU."""
    primary = answer.primary
    fit = primary.fit if primary is not None else None
    card = cat.gpu(fit.gpu) if fit is not None and fit.gpu is not None else None
    bandwidth = card.memory_bandwidth_gbs if card is not None else None
    if split.gpu_layers == 0 or (
            query.system_ram_gb is not None and split.ram_gb > query.system_ram_gb):
        return None
    gpu, ram_read, ngl = layer_split_reads(split, query.gpu_layers)
    if ngl == 0:
        return None
    ram = ram_bandwidth(query.ram_kind, query.ram_mts, query.ram_channels)

    def bound(gpu_gb: Decimal, ram_gb: Decimal) -> Decimal | None:
        # Several GPUs of the layer split run in turn: their reads add up at one GPU's
        # bandwidth.
        if bandwidth is None:
            return split_decode_bound(Decimal(0), ram.gbs, ram_gb, ram.gbs)
        return split_decode_bound(gpu_gb, bandwidth, ram_gb, ram.gbs)

    rate = bound(gpu, ram_read)
    if rate is None:
        return None
    most: Decimal | None = None
    if ngl < split.gpu_layers:
        gpu_most, ram_most, _ = layer_split_reads(split)
        most = bound(gpu_most, ram_most)
    return OffloadSpeed(gpu_layers=ngl, said=query.gpu_layers is not None and
                        query.gpu_layers <= split.gpu_layers, gpu_read_gb=gpu,
                        ram_read_gb=ram_read, gpu_bandwidth_gbs=bandwidth, ram=ram,
                        tokens_per_second=rate,
                        most_layers=split.gpu_layers if most is not None else None,
                        most_tokens_per_second=most)


def _layer_split(query: Query, answer: Answer, cat: Catalogue) -> LayerSplit | None:
    """The layer split of a GGUF model on the asked card(s) that cannot hold it whole, when a
    local runner, offload, the system RAM ("3090 and 64gb ram … 70b q4") or a rate measured there
    ("i get 15 tok/s with llama 3 70b q4 on my 3090": it ran, so partly offloaded) is said; not on
    Apple silicon (unified memory: no split)."""
    primary, detailed = answer.primary, answer.detailed
    # "llama 3 70b q4 on a 3090 how slow": a GGUF's speed asked on one card it cannot hold
    # whole runs partly offloaded (llama.cpp's -ngl, Ollama by itself), as does one said
    # beside the RAM's speed ("ddr5 6000 dual channel"); so do several cards of one's own ("on
    # 2x 3060"), where several rented ones are better answered by more of them.
    one_card = (query.speed_asked or query.ram_kind is not None or query.ram_mts is not None) \
        and primary is not None and primary.fit is not None \
        and (primary.fit.gpu_count == 1 or not primary.fit.rentable)
    # "can i run llama 3.1 70b q4 on my 3060": a GGUF file is llama.cpp's, which offloads
    # what one's own cards cannot hold; so does one card people run models on at home though
    # we rent it too ("llama 4 scout q4 on a single 4090": a GeForce, _run_at_home).
    # A card said by its memory alone at a consumer card's size ("llama 3.3 70b q4km on a
    # single 24gb card") is one's own too.
    own = primary is not None and primary.fit is not None and (
        (primary.fit.gpu is not None
         and (not primary.fit.rentable
              or (primary.fit.gpu_count == 1
                  and _run_at_home(query, cat.gpu(primary.fit.gpu)))))
        or (primary.fit.gpu is None and _run_at_home(query, None)))
    if not query.inference \
            or (query.runner is None and not query.cpu_offload and query.system_ram_gb is None
                and query.tokens_per_second is None and not one_card and not own) \
            or primary is None or primary.fit is None or primary.fit.unified_gb is not None \
            or detailed is None or detailed.check is None or detailed.check.detailed_fits \
            or cat.method(primary.memory.method).quant is None or answer.params_b is None:
        return None
    model = estimator_model(query, answer.params_b, cat)
    return gguf_layer_split(model, cat.method(primary.memory.method), detailed.seq_len,
                            detailed.check.vram_per_gpu_gb, detailed.gpus,
                            detailed.micro_batch)


def _ram_pick(query: Query, answer: Answer, split: LayerSplit | None,
              cat: Catalogue) -> RamPick | None:
    """Ollama refused to load a GGUF model for want of system memory: what the asked type
    leaves in RAM beside the asked GPUs (with no card named, all of it), and the largest
    llama.cpp type whose share fits in the free memory Ollama reported, at the same context.
    Not on a Mac (unified memory; Ollama makes no such check on macOS), nor for a model whose
    every GGUF file keeps its published format (no smaller type to pick)."""
    free = query.system_ram_gb
    primary, detailed = answer.primary, answer.detailed
    if not query.ram_free or free is None or primary is None or detailed is None \
            or answer.params_b is None or _gguf_keeps_native(query, cat):
        return None
    asked = cat.method(primary.memory.method)
    if asked.quant is None or (primary.fit is not None and primary.fit.unified_gb is not None):
        return None
    on_card = primary.fit is not None and detailed.check is not None
    vram = detailed.check.vram_per_gpu_gb if on_card and detailed.check is not None \
        else Decimal(0)
    gpus = detailed.gpus if on_card else 1
    model = estimator_model(query, answer.params_b, cat)

    def left_in_ram(method: Method) -> tuple[Decimal, int] | None:
        found = gguf_layer_split(model, method, detailed.seq_len, vram, gpus,
                                 detailed.micro_batch)
        if found is None:
            return None
        return (Decimal(0) if found.fits else found.ram_gb), found.gpu_layers

    own = split if split is not None and on_card else None
    mine = (own.ram_gb, own.gpu_layers) if own is not None else left_in_ram(asked)
    if mine is None:
        return None
    # The RAM left over grows with the bits per weight: the types in order, the last that fits.
    types = _quantized_types(cat)
    chosen: tuple[str, Decimal] | None = None
    next_up: tuple[str, Decimal] | None = None
    for quant in types:
        method_id = cat.quant_method(quant.name)
        need = left_in_ram(cat.method(method_id)) if method_id is not None else None
        if need is None:
            continue
        if need[0] > free:
            next_up = (quant.name, need[0])
            break
        chosen = (quant.name, need[0])
    return RamPick(
        free_gb=free, needed_gb=query.ram_needed_gb, ram_gb=mine[0], gpu_layers=mine[1],
        chosen=chosen[0] if chosen else None, chosen_ram_gb=chosen[1] if chosen else None,
        next_up=next_up[0] if next_up else None, next_up_ram_gb=next_up[1] if next_up else None,
        seq_len=detailed.seq_len, on_card=on_card)


def _quantized_types(cat: Catalogue) -> list[QuantType]:
    """The llama.cpp types to pick from, by bits per weight: quantized only (a 16-bit file is no
    quantization to pick)."""
    return sorted((q for q in cat.quant_types if q.bits_per_weight < 16),
                  key=lambda q: q.bits_per_weight)


def _quant_pick(query: Query, cat: Catalogue) -> tuple[Query, QuantPick | None]:
    """The largest GGUF type whose detailed estimate fits the asked configuration (the same
    estimate a named type gets), found by bisection over the types ordered by bits per weight
    (the estimate grows with them); the question is then answered as if that type, or the
    smallest one when none fits, had been named."""
    types = _quantized_types(cat)
    if not types:
        return query, None

    def named(index: int) -> Query:
        q = types[index]
        return query.model_copy(update={
            "method": cat.quant_method(q.name), "quant": q.name, "quant_bare": None,
            "serving_precision_said": True,
        })

    checks: dict[int, tuple[bool, Decimal, int]] = {}
    # The first type tried gets the whole answer (it raises what the question's facts make
    # any type's raise); the others only their verdict, the answer's own Fit and detailed
    # check (quotes aside: a quote's target depends on the type, and so could its errors).
    first: list[Answer] = []

    def fits(index: int) -> bool:
        q = named(index)
        if not first or first[0].intent == "compare" or _quote_wanted(q):
            answer = _build(q, cat)
            first.append(answer)
            detailed = detailed_for(q, answer, cat, tokens_per_second=q.tokens_per_second)
            found = None if detailed is None or detailed.check is None \
                else (detailed.check, detailed.seq_len)
        else:
            found = _type_check(q, cat)
        if found is None:
            raise _NoDetail
        check, seq_len = found
        checks[index] = (check.detailed_fits, check.detailed_per_gpu_gb, seq_len)
        return check.detailed_fits

    try:
        # types[:high] fit, types[high:] do not; bisection checks both sides of the border.
        high = bisect_left(range(len(types)), True, key=lambda i: not fits(i))
    except _NoDetail:
        return query, None
    low = high - 1
    up = high if high < len(types) else None
    chosen = low if low >= 0 else None
    seq_len = checks[up if up is not None else low][2]
    pick = QuantPick(
        chosen=types[chosen].name if chosen is not None else None,
        chosen_gb=checks[chosen][1] if chosen is not None else None,
        next_up=types[up].name if up is not None else None,
        next_up_gb=checks[up][1] if up is not None else None,
        seq_len=seq_len,
    )
    return named(chosen if chosen is not None else 0), pick


def _type_check(query: Query, cat: Catalogue) -> tuple[FitCheck, int] | None:
    """The detailed verdict of a named GGUF type on the asked configuration and the context it
    assumed, as detailed_for gives them for _build's answer (one method named), without
    building that answer."""
    assert query.method is not None
    return _detailed_check(query, query.method, cat)


def _detailed_check(query: Query, method_id: MethodId, cat: Catalogue
                    ) -> tuple[FitCheck, int] | None:
    """The detailed verdict of `method_id` on the asked configuration and the context it
    assumed, as detailed_for gives them for _build's answer leading with that method (its Fit
    on the asked GPUs or memory), without building that answer."""
    assert query.params_b is not None
    method = cat.method(method_id)
    count = check_cluster(query.gpu_count if query.gpu_count is not None else 1, cat)
    if query.gpu is not None:
        asked = fit(method.id, query.params_b, query.gpu, count, catalogue=cat,
                    memory_gb=query.gpu_memory_gb)
    elif query.vram_gb is not None:
        asked = fit_vram(method.id, query.params_b, query.vram_gb, count, catalogue=cat)
    else:
        return None
    return check_on(query, method, estimator_model(query, query.params_b, cat), asked)


def _fp32_in_bf16(query: Query, answer: Answer, cat: Catalogue) -> FitCheck | None:
    """FP32 weights served where the detailed estimate does not hold them: the same load in
    BF16 (torch_dtype=torch.bfloat16) on the asked configuration, by the detailed estimate."""
    detailed = answer.detailed
    primary = answer.primary
    if not answer.fp32_served or query.params_b is None or detailed is None \
            or detailed.check is None or detailed.check.detailed_fits or primary is None \
            or cat.method(primary.memory.method).weight_bits != 16:
        return None
    plain = query.model_copy(update={"precision": None, "fp32_weights": None})
    found = _detailed_check(plain, primary.memory.method, cat)
    return found[0] if found is not None else None


class _NoDetail(Exception):
    """No detailed estimate for a type: the question is answered as before."""


def _context_room(query: Query, answer: Answer, cat: Catalogue) -> LongestContext | None:
    """A quantized format named with no context ("70b q4_k_m on 2x 3090"): the verdict is the
    detailed estimate's at the assumed context, so how long a context fits there is said
    beside it (a tight fit is then seen as such). None for other questions."""
    detailed, primary = answer.detailed, answer.primary
    # ... or the detailed estimate at typical settings leads a serving verdict (_typical_leads).
    lead = answer.typical_lead
    if (query.quant is None and not lead) or not query.inference or answer.intent != "fit" \
            or query.context_asked or query.speed_asked or query.concurrency_asked \
            or detailed is None or not (detailed.stated or lead) \
            or "seq_len" not in detailed.defaults \
            or detailed.check is None or not detailed.check.detailed_fits \
            or primary is None or primary.fit is None or answer.params_b is None:
        return None
    model = estimator_model(query, answer.params_b, cat)
    return longest_context(query, cat.method(primary.memory.method), model, primary.fit)


def _sample_room(query: Query, answer: Answer, cat: Catalogue) -> LongestContext | None:
    """The run is estimated at the samples' average length (_at_average_length) and fits the
    asked configuration there: the longest sample that still fits, since the longest sets the
    peak (None for other questions)."""
    detailed, primary = answer.detailed, answer.primary
    if query.sample_len_avg is None or query.seq_len != query.sample_len_avg \
            or query.inference or query.packed or detailed is None or detailed.check is None \
            or not detailed.check.detailed_fits or primary is None or primary.fit is None \
            or answer.params_b is None or answer.ran_there:
        return None
    model = estimator_model(query, answer.params_b, cat)
    return longest_context(query, cat.method(primary.memory.method), model, primary.fit)


def _both_miss(answer: Answer) -> bool:
    """A cost or time question (no settings said, the detailed verdict not leading) whose one
    training method misses the configuration by both estimates: the reply's fit line leads with
    the detailed figure (render.detailed_lines.detail_leads_fit), and its count with the
    detailed one (_typical_count), as the fit question it may follow did ("in dollars?" after
    "full finetune llama 3 70b on 8 h100 fits?" said 16× H100 by the planning rule, after 19×)."""
    d = answer.detailed
    c = d.check if d is not None else None
    return d is not None and c is not None and not d.stated and not answer.typical_lead \
        and d.kind == "training" and len(answer.methods) == 1 and answer.fits is False \
        and c.detailed_fits is False and d.gpus == c.gpu_count


def _typical_count(query: Query, answer: Answer, cat: Catalogue) -> dict[str, Any]:
    """_both_miss: the fewest GPUs of the asked card the detailed estimate fits on, as
    _typical_fixes finds it (without the longest sequence, which such a reply does not say)."""
    primary = answer.primary
    if primary is None or primary.fit is None or answer.params_b is None:
        return {}
    asked = primary.fit
    if (asked.gpu is None and query.vram_gb is None) \
            or asked.gpu_count >= cat.limits.max_cluster_gpus:
        return {}
    need = _detailed_count(query.model_copy(update={"params_b": answer.params_b}), asked,
                           asked.gpu_count + 1, cat)
    return {} if need is None else {"typical_need": need}


def _typical_fixes(query: Query, answer: Answer, cat: Catalogue) -> dict[str, Any]:
    """The typical settings' detailed estimate leads and misses the asked configuration: the
    fewest GPUs of that card it fits on, and the longest sequence it fits at there."""
    primary = answer.primary
    assert primary is not None and primary.fit is not None and answer.params_b is not None
    asked = primary.fit
    out: dict[str, Any] = {}
    if (asked.gpu is not None or query.vram_gb is not None) \
            and asked.gpu_count < cat.limits.max_cluster_gpus:
        out["typical_need"] = _detailed_count(
            query.model_copy(update={"params_b": answer.params_b}), asked,
            asked.gpu_count + 1, cat)
    model = estimator_model(query, answer.params_b, cat)
    room = longest_context(query, cat.method(primary.memory.method), model, asked)
    if room.tokens:
        out["typical_room"] = room
    return out


def _typical_tight(query: Query, answer: Answer, cat: Catalogue) -> dict[str, Any]:
    """The typical settings' detailed estimate leads and fits with less room than the planning
    margin (_tight_by_detail): said to be tight, with the longest sequence that fits there."""
    primary = answer.primary
    assert primary is not None and primary.fit is not None and answer.params_b is not None
    model = estimator_model(query, answer.params_b, cat)
    room = longest_context(query, cat.method(primary.memory.method), model, primary.fit)
    return {"typical_tight": True, "typical_room": room if room.tokens else None}


def _mac_memory_needed(
    query: Query, answer: Answer, cat: Catalogue
) -> tuple[Decimal, Decimal] | None:
    """"How much unified memory for llama 3.1 70b q4 on a mac?": a Mac named without its memory
    whose smallest configuration cannot hold the run gets the smallest memory sold whose share
    for the GPU (Metal's recommended working set) holds it, by the detailed estimate where
    there is one, else the planning rule."""
    primary = answer.primary
    if not query.gpu_variant_assumed or query.gpu is None or primary is None \
            or primary.fit is None or primary.fit.fits is not False or primary.fit.gpu_count != 1:
        return None
    card = cat.gpu(query.gpu)
    if not card.unified_memory or not card.memory_options_gb:
        return None
    detailed = answer.detailed
    need = detailed.per_gpu_gb if detailed is not None else primary.fit.estimate_gb
    return next(((size, cat.usable_gb(card, size)) for size in sorted(card.memory_options_gb)
                 if cat.usable_gb(card, size) >= need), None)


def _decode(query: Query, answer: Answer, cat: Catalogue) -> dict[str, Any]:
    """The bandwidth bound of one sequence's decode for each precision answered."""
    primary = answer.primary
    if answer.error or answer.missing or primary is None or answer.params_b is None:
        return {}
    asked = primary.fit
    on_cheapest = False
    if asked is not None and asked.gpu is None:
        return {"decode_no_gpu": True}
    model = estimator_model(query, answer.params_b, cat)
    lead_method = cat.method(primary.memory.method)
    fastest = _fastest_offer(query, lead_method, model, cat) \
        if asked is None and query.fastest_serving else None
    if asked is None and fastest is None:
        asked, on_cheapest = primary.cheapest, True
    if fastest is not None:
        gpu, count, per_gpu, _price = fastest
    elif asked is None or asked.gpu is None:
        return {}
    else:
        gpu, count = cat.gpu(asked.gpu), asked.gpu_count
        per_gpu = usable_per_gpu(query, lead_method, capacity_per_gpu(asked))
    others = [cat.method(ma.memory.method) for ma in answer.methods if ma is not primary]
    if query.max_num_seqs is not None and query.max_num_seqs > 1 and query.batch_size is None \
            and asked is not None and fastest is None:
        # "vllm serve … --max-num-seqs 64, what throughput": vLLM decodes up to 64 together,
        # as many as its KV cache holds at that context (the flag caps its scheduler and
        # reserves nothing), so the bound in all is that batch's (was one sequence's alone).
        held = concurrency(query, lead_method, model, asked)
        if held is not None and held.sequences > 1:
            query = query.with_settings({"batch_size": min(query.max_num_seqs, held.sequences)})
    # A GGUF over different cards in llama.cpp's layer split: each card at its own bandwidth.
    rig = tuple((cat.gpu(g), n) for g, n in query.rig) if query.rig_layer_split else ()
    bounds = tuple(decode_bound(query, m, model, gpu, count, per_gpu, rig)
                   for m in (lead_method, *others))
    more: DecodeBound | None = None
    missed = bounds[0].batch_misses_gb is not None
    if (not bounds[0].fits or missed) and gpu.memory_bandwidth_gbs is not None \
            and not gpu.one_per_machine:
        # Tensor parallelism splits the attention heads: 2, 4 or 8 GPUs, as engines take them.
        # A Mac, a laptop, a Jetson is one machine with its one GPU: never "2× Apple M2 Pro",
        # "8× RTX 4090 Laptop". The batch stated that misses ("64 concurrent users at 4k"): the
        # fewest that hold the 64 together.
        for n in (c for c in (2, 4, 8) if count < c <= cat.limits.max_gpus):
            bound = decode_bound(query, lead_method, model, gpu, n, per_gpu)
            if bound.fits and (not missed or bound.batch_tokens_per_second is not None):
                more = bound
                break
    prefill = prefill_bound(lead_method, model, gpu, count, bounds[0].context) \
        if query.prefill_timed else None
    facts: dict[str, Any] = {"decode": bounds, "decode_on_cheapest": on_cheapest,
                             "decode_on_fastest": fastest[3] if fastest is not None else None,
                             "decode_more": more, "prefill": prefill}
    if query.generate_tokens is not None or query.rate_asked is not None:
        lead = more if (not bounds[0].fits or missed) and more is not None else bounds[0]
        facts["generation"] = _generation(query, lead, cat)
        cheapest = primary.cheapest
        if facts["generation"] is not None and facts["generation"].usd_per_hour is None \
                and cheapest is not None and cheapest.gpu is not None \
                and (query.generate_cost or query.rate_asked in ("million", "thousand", "dollar")):
            # The cost asked of a card with no price: the same tokens where we rent for least.
            rented = cat.gpu(cheapest.gpu)
            there = decode_bound(query, lead_method, model, rented, cheapest.gpu_count,
                                 usable_per_gpu(query, lead_method, capacity_per_gpu(cheapest)))
            facts["generation_rented"] = _generation(query, there, cat)
    return facts


def _fastest_offer(query: Query, method: Method, model: ModelSpec | Decimal,
                   cat: Catalogue) -> tuple[GPU, int, Decimal, Decimal] | None:
    """The offered card with the most memory bandwidth (decode's pace) among those whose
    configurations hold `method`'s serving, with the fewest of them that do: its GPU, count,
    memory per GPU and price per hour; None when no offered configuration holds it."""
    best: tuple[GPU, int, Decimal, Decimal] | None = None
    for offer, capacity in cat.offers_by_price:
        gpu = cat.gpu(offer.gpu)
        if gpu.memory_bandwidth_gbs is None or (best is not None and (
                gpu.memory_bandwidth_gbs, -offer.count)
                <= (best[0].memory_bandwidth_gbs or 0, -best[1])):
            continue
        per_gpu = usable_per_gpu(query, method, capacity)
        if decode_bound(query, method, model, gpu, offer.count, per_gpu).fits:
            best = (gpu, offer.count, per_gpu, offer.usd_per_hour)
    return best


def _users_bound(query: Query, answer: Answer, cat: Catalogue) -> dict[str, Any]:
    """"serve gemma 3 27b to 10 people": the users' sequences decoded together, on the asked
    configuration or the cheapest offered one, in the method the verdict leads with (else the
    first whose batch fits there)."""
    found = _decode(query, answer, cat)
    bounds: tuple[DecodeBound, ...] = found.get("decode", ())
    lead = answer.detailed.method if answer.detailed is not None else None
    batched = [b for b in bounds if b.batch_tokens_per_second is not None]
    bound = next((b for b in batched if b.method == lead), batched[0] if batched else None)
    more = found.get("decode_more")
    if bound is None and more is not None and more.batch_tokens_per_second is not None \
            and bounds and not bounds[0].fits:
        # (a batch that only misses together: beside the cheapest offered configuration that
        # holds them, as the line above it names, not more of the asked card)
        bound = more
    cheapest = next((ma.cheapest for ma in answer.methods if ma.memory.method == lead), None)
    if bound is None and lead is not None and cheapest is not None and cheapest.gpu is not None \
            and answer.params_b is not None and answer.detailed_fits is not True:
        # The asked card does not hold them all: their bound where we rent for least.
        method = cat.method(lead)
        there = decode_bound(query, method, estimator_model(query, answer.params_b, cat),
                             cat.gpu(cheapest.gpu), cheapest.gpu_count,
                             usable_per_gpu(query, method, capacity_per_gpu(cheapest)))
        bound = there if there.batch_tokens_per_second is not None else None
    return {"users_bound": bound, "users_on_cheapest": bool(found.get("decode_on_cheapest")),
            "users_cheapest": cheapest}


def _seqs_admitted(query: Query, answer: Answer, cat: Catalogue) -> Concurrency | None:
    """vLLM's --max-num-seqs caps its scheduler and reserves nothing: where the sequences do
    not all fit it starts all the same and runs as many as its KV cache holds. That many on the
    asked configuration, else on the cheapest offered one holding the model (the planning
    rule's)."""
    lead = answer.detailed
    if lead is None or answer.params_b is None:
        return None
    method = cat.method(lead.method)
    where = answer.primary.fit if answer.primary is not None else None
    if where is None:
        where = next(iter(offered_fits(method.id, answer.params_b, cat)), None)
    if where is None:
        return None
    found = concurrency(query, method, estimator_model(query, answer.params_b, cat), where)
    return found if found is not None and found.sequences < (query.max_num_seqs or 0) else None


def _generation(query: Query, bound: DecodeBound, cat: Catalogue) -> Generation | None:
    """The tokens asked generated at `bound` (its one-sequence rate, and its batch's when a
    batch was stated), priced when we rent that configuration at a published price."""
    if not bound.fits or bound.tokens_per_second is None or bound.tokens_per_second <= 0:
        return None
    return _generation_at(query, bound.tokens_per_second, bound.gpu, bound.gpus, cat,
                          batch=bound.batch, batch_rate=bound.batch_tokens_per_second)


def _generation_at(query: Query, rate: Decimal, gpu: str, gpus: int, cat: Catalogue, *,
                   batch: int = 1, batch_rate: Decimal | None = None,
                   ram_offload: bool = False) -> Generation:
    """The tokens asked at `rate` on `gpus` × `gpu`, priced when we rent it at a published
    price."""
    card = cat.gpu(gpu)
    rented = card.rented and gpus <= cat.limits.max_gpus
    return generation(
        query.generate_tokens, rate, gpu, gpus, card.usd_per_gpu_hour if rented else None,
        cat.pricing.billing_granularity_minutes, batch=batch, batch_tokens_per_second=batch_rate,
        ram_offload=ram_offload)


def _detailed_count(query: Query, one: Fit, start: int, cat: Catalogue) -> int | None:
    """The fewest GPUs of the asked type, from `start` up, on which the detailed estimate of
    the query's settings fits; None when no cluster we answer for holds it."""
    assert query.params_b is not None and (one.gpu is not None or query.vram_gb is not None)
    gpu, params_b = one.gpu, query.params_b
    method = cat.method(one.method)
    model = estimator_model(query, params_b, cat)

    # Each card's memory is the same whatever the count: taken from the first configuration,
    # the counts tried build no Fit (and no copy of the query) each.
    per_card = capacity_per_gpu(fit(one.method, params_b, gpu, start, catalogue=cat,
                                    memory_gb=query.gpu_memory_gb) if gpu is not None else fit_vram(
        one.method, params_b, query.vram_gb, start, catalogue=cat))  # type: ignore[arg-type]
    room = capacity_per_gpu(one)

    def holds(n: int) -> bool | None:
        breakdown = estimate_on_cards(query, method, model, n, per_card)
        return None if breakdown is None else breakdown.per_gpu_gb <= room

    at_start = estimate_on_cards(query, method, model, start, per_card)
    if at_start is None or at_start.per_gpu_gb <= room:
        return start
    high = cat.limits.max_cluster_gpus
    at_high = estimate_on_cards(query, method, model, high, per_card)
    if at_high is None or at_high.per_gpu_gb > room:
        return None
    if method.kind != "training" or reads_card(query, method):
        # Unsloth's chunks grow with the memory more GPUs leave free: the memory per GPU
        # can rise with the count, and the bisection's answer is the one given.
        return start + 1 + bisect_left(range(start + 1, high), True,
                                       key=lambda n: bool(holds(n)))
    return _first_holding(start, at_start, high, at_high, room,
                          lambda n: estimate_on_cards(query, method, model, n, per_card))


# Guesses from the two-point model before _first_holding halves what is left.
_COUNT_GUESSES = 3
_TENTH = Decimal("0.1")


def _first_holding(
    low: int, at_low: Breakdown, high: int, at_high: Breakdown, room: Decimal,
    estimate: Callable[[int], Breakdown | None],
) -> int:
    """The fewest GPUs in (low, high] whose training estimate fits in `room` per GPU, `low`'s
    known not to and `high`'s known to: what a bisection finds, in fewer estimates (3 to 4
    rather than 10 over 1,024 GPUs). From two GPU counts on, a training estimate that does not
    read the card's memory (detail.reads_card) is a sum of terms each constant or shrinking
    with the count (weights, gradients and optimizer states split over it; activations, the
    gathered layers and buffers whole on each; maxima of such), so whether it fits can only
    go from no to yes as the count grows: any search that keeps a count that misses below one
    that fits finds the bisection's answer. Here the memory per GPU is taken as
    shared + split / count through the counts known on either side, the count that model
    fits at tried next; a few guesses, then halves."""
    # The estimate is rounded half up to a tenth of a GB: below this it fits.
    target = float(room.quantize(_TENTH, rounding=ROUND_FLOOR) + Decimal("0.05")) * 1e9
    low_bytes, high_bytes = at_low.per_gpu_bytes, at_high.per_gpu_bytes
    guesses = 0
    while high - low > 1:
        if guesses < _COUNT_GUESSES and low_bytes > high_bytes:
            split = (low_bytes - high_bytes) / (1 / low - 1 / high)
            shared = high_bytes - split / high
            n = math.ceil(split / (target - shared)) if target > shared else high
            n = min(max(n, low + 1), high - 1)
            guesses += 1
        else:
            n = (low + high) // 2
        breakdown = estimate(n)
        if breakdown is not None and breakdown.per_gpu_gb <= room:
            high, high_bytes = n, breakdown.per_gpu_bytes
        elif breakdown is not None:
            low, low_bytes = n, breakdown.per_gpu_bytes
        else:
            low, guesses = n, _COUNT_GUESSES
    return high


def _tensor_parallel_count(query: Query, method: MethodId, need: int,
                           cat: Catalogue) -> CountSplit | None:
    """Serving a catalogued model (its heads on file) over `need` GPUs, the count its memory
    asks for, when tensor parallelism cannot split it over that many: the next count it can
    (rules.model_catalogue.Architecture.tensor_parallel_count). Not for a local runner or a
    GGUF type, which split by layers (llama.cpp), nor another engine named."""
    spec = cat.method(method)
    if spec.kind != "inference" or spec.quant is not None or query.runner is not None \
            or query.engine not in (None, "vllm") or query.model_id is None or need < 2:
        return None
    arch = cat.models.get(query.model_id).arch
    if arch is None:
        return None
    per_instance = cat.limits.max_gpus
    gpus = arch.tensor_parallel_count(need, per_instance)
    if gpus == need:
        return None
    return CountSplit(
        gpus=gpus, memory_gpus=need, heads=arch.heads, kv_heads=arch.kv_heads,
        heads_divide=arch.heads % need == 0,
        sizes=tuple(c for c in range(1, per_instance + 1) if arch.tensor_parallel_ok(c)),
        per_instance=per_instance,
    )


def _head_split(query: Query, answer: Answer, cat: Catalogue) -> HeadSplit | None:
    """vLLM asked to serve a catalogued model over a GPU count its tensor parallelism refuses
    (its heads on file): the nearest counts it takes and what fits there. Other runners split
    by layers (llama.cpp) and have no such limit."""
    primary = answer.primary
    asked = primary.fit if primary is not None else None
    if query.engine != "vllm" or not query.inference or query.model_id is None \
            or asked is None or asked.gpu_count < 2 or answer.params_b is None \
            or cat.method(asked.method).quant is not None:
        return None
    arch = cat.models.get(query.model_id).arch
    stages = query.pipeline_parallel or 1
    if arch is None or arch.tensor_parallel_ok(asked.gpu_count) or (
            stages > 1 and asked.gpu_count % stages == 0
            and arch.tensor_parallel_ok(asked.gpu_count // stages)):
        # "-tp 2 -pp 3" on 6 GPUs: tensor parallelism is over each stage's 2, which divide
        return None
    n, params = asked.gpu_count, answer.params_b
    high = cat.limits.max_cluster_gpus
    fewer = max(c for c in range(1, n) if arch.tensor_parallel_ok(c))
    more = next((c for c in range(n + 1, min(high, 2 * n) + 1) if arch.tensor_parallel_ok(c)),
                None)
    per_card = asked.vram_gb / n

    def on(count: int) -> tuple[Fit, ...]:
        return tuple(
            fit(ma.memory.method, params, asked.gpu, count, catalogue=cat,
                memory_gb=query.gpu_memory_gb) if asked.gpu is not None
            else fit_vram(ma.memory.method, params, per_card, count, catalogue=cat)
            for ma in answer.methods
        )

    top = more if more is not None else fewer
    return HeadSplit(
        gpus=n, heads=arch.heads, kv_heads=arch.kv_heads,
        heads_divide=arch.heads % n == 0,
        sizes=tuple(c for c in range(1, top + 1) if arch.tensor_parallel_ok(c)),
        fewer=on(fewer), more=on(more) if more is not None else (),
    )


def _asked_method(query: Query, cat: Catalogue) -> MethodId:
    native = _native_lead(query, cat)
    if native is not None:  # "deepseek r1, how many H100s?": as published, in FP8
        return native
    if query.method is not None:
        return query.method
    return cat.default_method("inference" if query.inference else "training")


def _run_at_home(query: Query, gpu: GPU | None) -> bool:
    """Whether the card is one people run models on at home, with llama.cpp, Ollama, LM Studio
    or MLX, whose usual downloads are 4-bit (Ollama pulls Q4_K_M by default: ollama/ollama
    issue #1543, 2024-12-29; huggingface/hub-docs docs/hub/ollama.md): a Mac, a GeForce card
    (the cards whose BF16 peak is printed with FP32 accumulate), a card we do not rent, or one
    the user says is theirs. A memory said alone ("best coding model that fits 24gb", "for
    12gb") at a consumer card's size (at most the 32 GB of an RTX 5090) is such a card: a
    rented one is named."""
    if gpu is None:
        return query.card_owned or (query.vram_gb is not None and query.vram_gb <= 32
                                    and (query.gpu_count or 1) == 1)
    return gpu.platform == "metal" or gpu.peak_fp32_accumulate or not gpu.rented \
        or query.card_owned


def _reframe(query: Query, cat: Catalogue) -> tuple[Query, dict[str, Any]]:
    """Questions whose answer is a fact the others take as given: the size ("the largest model
    for QLoRA on 24 GB"), the count ("how many A100s do I need"), the hours ("$500 of H100").
    They are answered as the fit or cost question of that size, count or hours, so the reply
    and the JSON describe one configuration; the extra facts say how it was chosen."""
    if query.money_foreign and query.intent == "prices" and query.budget_usd is None \
            and query.hours is None and not query.currency_asked and not query.rent_or_buy:
        # "50 quid for a100 hours how many": a sum in pounds read as a price question was the
        # A100's price list; the budget is asked in dollars, as "fifty quid, how many…" is.
        raise BudgetNotUSD(**_foreign_rates(query, cat))
    if query.intent in ("prices", "pay", "help", "alert", "alert_list", "alert_remove",
                        "smalltalk", "compare"):
        return query, {}
    extra: dict[str, Any] = {}
    gpu = cat.gpu(query.gpu) if query.gpu else None
    # One message may ask several of these ("$300: the largest model I can QLoRA on an H200,
    # and how many hours?"): each is answered on the facts the one before it found.
    largest_on: Decimal | None = None
    if query.largest and query.params_b is None and (gpu is not None or query.vram_gb):
        # On a Mac, the share of its unified memory macOS lets the GPU use: the fit below is
        # judged on it ("the largest I can fine-tune on my M3 Pro 36GB": what 27 GB holds).
        per = cat.usable_gb(gpu, query.gpu_memory_gb) if gpu is not None else (
            query.gpu_memory_gb if query.gpu_memory_gb is not None else query.vram_gb)
        assert per is not None
        largest_on = per * check_cluster(query.gpu_count or 1, cat)
    elif query.largest and query.params_b is None and query.budget_usd is not None:
        # "biggest model I can LoRA with $100", no card named: the largest the cheapest offered
        # configuration holds; the budget's hours are then that configuration's.
        offer = min(cat.offers, key=lambda o: o.usd_per_hour)
        largest_on = cat.gpu(offer.gpu).vram_gb * offer.count
    if largest_on is not None:
        method = _asked_method(query, cat)
        top = largest_fitting(method, largest_on, cat)
        if query.inference and not query.serving_precision_said:
            if method != "inference_int4":
                # "biggest model i can run on my 3090": most run it in 4-bit (GGUF, AWQ, MLX),
                # which holds models three times the size of BF16's.
                four = largest_fitting("inference_int4", largest_on, cat)
                if four.model_params_b is not None and (
                        top.model_params_b is None or four.model_params_b > top.model_params_b):
                    if _run_at_home(query, gpu):
                        # "m4 pro 48gb mac mini, best model i can run?": 4-bit leads there (was
                        # StarCoder2 15B in BF16 with "0 GB left"), BF16 said beside it.
                        extra.update(largest_bf16=top, largest_bf16_names=tuple(
                            cat.models.get(i).name for i in top.model_ids))
                        method, top = "inference_int4", four
                    else:
                        extra.update(largest_int4=four, largest_int4_names=tuple(
                            cat.models.get(i).name for i in four.model_ids))
            # "largest model I can run on an H100": gpt-oss-120b as published (MXFP4) is
            # larger than any BF16 model 80 GB holds.
            extra["largest_published"] = _largest_published(largest_on, top.model_params_b, cat)
        if top.model_params_b is None:
            return query, {**extra, "largest": top}
        names = tuple(cat.models.get(i).name for i in top.model_ids)
        query = query.model_copy(update={
            "params_b": top.model_params_b, "method": method, "serving_precision_said": True,
            "intent": "fit" if query.intent in ("unknown", "recommend", "memory") else query.intent,
        })
        extra.update(largest=top, largest_names=names)
        if query.coding:
            extra["largest_code"] = _largest_coding(top.model_params_b, cat)
    if query.count_asked and (gpu is not None or query.vram_gb is not None) \
            and query.gpu_count is None and query.params_b is not None:
        check_params(query.params_b, cat)
        if gpu is not None:
            one = fit(_asked_method(query, cat), query.params_b, gpu.id, 1, catalogue=cat,
                      memory_gb=query.gpu_memory_gb)
            need = gpus_needed(one) or 1
        else:
            # "how many 80GB GPUs to fine-tune mixtral 8x22b?": cards known by their memory.
            assert query.vram_gb is not None
            one = fit_vram(_asked_method(query, cat), query.params_b, query.vram_gb, 1,
                           catalogue=cat)
            need = max(1, int((one.estimate_gb / query.vram_gb).to_integral_value(
                rounding=ROUND_CEILING)))
        if need > cat.limits.max_cluster_gpus:
            return query, extra
        if wants_details(query) and cat.method(one.method).kind == "training":
            # Settings stated ("with deepspeed", "seq 8192"): the verdict is the detailed
            # estimate's, so is the count — the fewest GPUs it fits on, from the planning one.
            detailed_need = _detailed_count(query, one, need, cat)
            if detailed_need is None:
                # Each GPU's own batch of activations and logits does not shrink with more
                # GPUs: no count holds it as stated. Said so; the verdict is on the planning
                # count, with what makes the run fit there.
                query = query.model_copy(update={"gpu_count": need, "fix_asked": True})
                extra.update(count_unreachable=True)
                return query, extra
            extra.update(count_detailed=detailed_need != need)
            need = detailed_need
        elif cat.method(one.method).kind == "training":
            # No settings stated: the planning rule's count leads (DESIGN §3), and when the
            # detailed estimate at typical settings (which the reply shows too) misses there,
            # the fewest GPUs it fits on beside it ("how many a100s to full finetune 70b": 16
            # by the rule, 92.1 GB per GPU there by the detailed estimate; 18 by it).
            # That count leads: it is the most accurate one we have (the planning rule's is
            # said beside it, "entrenar un llama de 70b desde cero en full, ¿cuántas b200?": 7×
            # by the rule with 0 GB left, 193.4 GB per GPU there; 8× by the detailed estimate).
            typical_need = _detailed_count(query, one, need, cat)
            if typical_need is not None and typical_need != need:
                extra.update(count_planning=need)
                need = typical_need
        if cat.method(one.method).kind == "training" and gpu is not None \
                and query.hours is not None and _run_timed(query):
            query, need, deadline = _deadline_count(query, need, cat)
            if deadline is not None:
                extra.update(count_deadline=deadline)
        else:
            # Serving: tensor parallelism splits the model over a count its heads divide by
            # ("llama 405b in fp8, how many h100": 7 hold it by memory, 8 serve it).
            split = _tensor_parallel_count(query, one.method, need, cat)
            if split is not None:
                need = split.gpus
                extra.update(count_split=split)
        query = query.model_copy(update={"gpu_count": need})
        extra.update(count_needed=need)
    if _foreign_budget_beside_run(query):
        # "€300 for a qlora of llama 70b on h100 for 10 hours, enough?", "is 50 euros enough to
        # qlora llama 3 8b": the run's cost in dollars leads, the budget said not converted (was
        # the euros silently dropped, or the whole question refused).
        extra["budget_foreign"] = True
        if query.intent in ("memory", "unknown", "recommend"):
            # "tengo 100 euros pa entrenar llama 3 8b": the run's cost is what the money asks
            # (in dollars: "Within $100 for the seed's illustrative QLoRA run"), not its memory
            update: dict[str, Any] = {"intent": "cost"}
            if query.method is None and not query.inference:
                update.update(method=_asked_method(query, cat), method_assumed=True)
            query = query.model_copy(update=update)
    elif query.money_foreign and query.budget_usd is None and query.hours is None:
        raise BudgetNotUSD(**_foreign_rates(query, cat))
    if query.budget_usd is not None and query.hours is None and query.budget_usd > 0:
        query, bought = _budget(query, cat, gpu)
        extra.update(bought)
    return query, extra


def _foreign_budget_beside_run(query: Query) -> bool:
    """A budget in another currency beside a run whose cost in dollars can be answered: a model
    named, trained (its illustrative hours) or served for hours said."""
    return query.money_foreign and query.budget_usd is None and query.params_b is not None \
        and not query.money_foreign_hourly and not query.rent_or_buy \
        and query.intent in ("cost", "fit", "memory", "unknown", "time", "recommend") \
        and (query.hours is not None or not query.inference) and not query.largest


# Round sums in dollars whose hours are said beside a budget in another currency, which is not
# converted (DESIGN §1: prices in US dollars only, no exchange rate published).
_ROUND_SUMS: Final = (Decimal(100), Decimal(500), Decimal(1000))


def _foreign_rates(query: Query, cat: Catalogue) -> dict[str, Any]:
    """What a few round sums in dollars buy at the hourly price of the configuration asked
    about (else our cheapest), for a budget said in another currency: the user compares at
    their own exchange rate. Nothing when that configuration has no published price."""
    gpu = cat.gpu(query.gpu) if query.gpu else None
    if gpu is None:
        offer = min(cat.offers, key=lambda o: o.usd_per_hour)
        gpu_id, count, price = offer.gpu, offer.count, offer.usd_per_hour
    else:
        count = query.gpu_count or 1
        if not gpu.rented or gpu.usd_per_gpu_hour is None \
                or not cat.limits.min_gpus <= count <= cat.limits.max_gpus:
            return {}
        gpu_id, price = gpu.id, gpu.usd_per_gpu_hour * count
    minutes = cat.pricing.billing_granularity_minutes
    return {"rates": tuple(budget_buys(amount, gpu_id, count, price, minutes)
                           for amount in _ROUND_SUMS)}


def _largest_published(memory_gb: Decimal, than_b: Decimal | None,
                       cat: Catalogue) -> PublishedFit | None:
    """The largest models published in FP8 or MXFP4 that `memory_gb` holds served as published
    (planning rule), when larger than `than_b`, the largest it holds in BF16."""
    held = [(m, memory(m.native.method, m.params_b, cat)) for m in cat.models
            if m.native is not None and (than_b is None or m.params_b > than_b)]
    held = [(m, mem) for m, mem in held if mem.estimate_gb <= memory_gb]
    if not held:
        return None
    size = max(m.params_b for m, _ in held)
    top = [(m, mem) for m, mem in held if m.params_b == size]
    native = top[0][0].native
    assert native is not None
    return PublishedFit(names=tuple(m.name for m, _ in top), format=native.format,
                        memory=top[0][1], vram_gb=memory_gb)


def _budget(query: Query, cat: Catalogue, gpu: GPU | None) -> tuple[Query, dict[str, Any]]:
    """The hours a budget buys on the named configuration, else on the cheapest offered one
    that fits the model (or the cheapest offered one). When the named one cannot run the model
    (it does not hold it, or has no price here), also on the cheapest offered one that does:
    its quote is then for those hours, so it stays within the budget too."""
    budget = query.budget_usd
    assert budget is not None
    minutes = cat.pricing.billing_granularity_minutes
    cheapest: BudgetBuys | None = None
    least: Quote | None = None
    if query.params_b is not None:
        check_params(query.params_b, cat)
        least = _least_paid_run(query, cat) if gpu is None else None
        if least is not None and least.plan.usd > budget:
            # Beyond the budget wherever it runs: the hours the money buys where an hour costs
            # least, beside the run's cost there, as before
            least = None
        option = cheapest_fit(_asked_method(query, cat), query.params_b, cat) \
            if query.largest else _budget_offer(query, _asked_method(query, cat), cat)
        if least is not None:
            cheapest = budget_buys(budget, least.gpu, least.gpu_count, least.usd_per_hour,
                                   minutes)
        elif option is not None and option.gpu and option.usd_per_hour is not None:
            cheapest = budget_buys(budget, option.gpu, option.gpu_count, option.usd_per_hour,
                                   minutes)
    named: BudgetBuys | None = None
    alt: BudgetBuys | None = None
    if gpu is not None:
        n = check_cluster(query.gpu_count or 1, cat)
        price = gpu.usd_per_gpu_hour
        if gpu.rented and price is not None and n > cat.limits.max_gpus and cheapest is None:
            # "$500 on 16x H100": more than one instance. What the money buys across them,
            # and the limit, rather than asking for the hours the user just gave as money.
            over = budget_buys(budget, gpu.id, n, price * n, minutes)
            raise GPUCountOutOfRange(
                gpu_count=n, min_gpus=cat.limits.min_gpus, max_gpus=cat.limits.max_gpus,
                budget=over, gpu=gpu.name)
        if gpu.rented and price is not None and n <= cat.limits.max_gpus:
            named = budget_buys(budget, gpu.id, n, price * n, minutes)
            holds = query.params_b is None or fit(
                _asked_method(query, cat), query.params_b, gpu.id, n, catalogue=cat,
                memory_gb=query.gpu_memory_gb).fits
            alt = None if holds else cheapest
        elif cheapest is not None:
            alt = cheapest  # "...hours of 4090 and does 13B fit?": the verdict, and where it runs
        elif not gpu.rented:
            raise _not_rented(gpu, cat)
        elif price is None:
            raise PriceNotPublished(gpu=gpu.name)
        else:
            return query, {}
    else:
        offer = min(cat.offers, key=lambda o: o.usd_per_hour)
        named = cheapest or budget_buys(budget, offer.gpu, offer.count, offer.usd_per_hour,
                                        minutes)
    if alt is not None and not 0 < alt.hours <= cat.limits.max_hours:
        alt = None
    if named is not None and named.hours > cat.limits.max_hours and alt is None:
        # "$1,000,000 of H100": more hours than any quote runs; say so, with the price.
        raise InvalidHours(hours=named.hours, max_hours=cat.limits.max_hours, budget=named,
                           gpu=cat.gpu(named.gpu).name)
    if named is not None and not 0 < named.hours <= cat.limits.max_hours:
        return query, {}
    if named is None and alt is None:
        return query, {}
    # What the money buys is a cost, also beside a fit ("...and does 70B fit?"): the verdict
    # follows the cost. Only a run's duration from its tokens stays a time question.
    update: dict[str, Any] = {"intent": "time" if query.intent == "time" else "cost"}
    if query.params_b is not None and query.method is None and not query.inference:
        # The hours were reckoned for the default method's configuration; another method's
        # quote at those hours could cost more than the budget.
        update["method"] = _asked_method(query, cat)
        update["method_assumed"] = True  # said beside the verdict (render.lines.fit_lines)
    # A time question's run lasts what its tokens take, and so does a run whose tokens are said
    # ("i have $50, can i full finetune qwen2.5 3b on 20M tokens": 1.26 hours, $1.16, was
    # quoted for the 54 hours the $50 buys): the budget only says what it buys.
    timed = update["intent"] == "time" or _run_timed(query)
    if alt is not None:
        if not timed:
            update["hours"] = alt.hours  # the quote beside the verdict is the alternative's
    else:
        assert named is not None
        update.update(gpu=named.gpu, gpu_count=named.gpu_count)
        if not timed:
            update["hours"] = named.hours
    whole = _whole_blocks(alt if alt is not None else named, cat)
    plan = whole.get("budget_blocks")
    if plan is not None and "hours" in update:
        # The blocks covering the hours the rate gives would cost more than the budget: the
        # quote is for the hours of the whole blocks it buys, what is paid within it.
        bought = alt if alt is not None else named
        assert bought is not None
        update["hours"] = Decimal(plan.hours_bought) / bought.gpu_count
    per_day = None
    if query.budget_days and "hours" in update:
        # "$500 a month": the hours it buys each month, as hours a day.
        per_day = (Decimal(update["hours"]) / query.budget_days).quantize(
            Decimal("0.1"), rounding=ROUND_HALF_UP)
    configs = _budget_configs(query, named, cat) if gpu is not None and alt is None else ()
    # The hours set are the alternative's: the card asked about has its own line, no quote.
    return query.model_copy(update=update), {
        "budget_per_day": per_day, "budget_configs": configs,
        "budget": named, "budget_alt": alt, "budget_cheapest": gpu is None, "asked_quote": None,
        "budget_run_least": gpu is None and least is not None,
        **whole}


def _budget_configs(query: Query, named: BudgetBuys | None,
                    cat: Catalogue) -> tuple[tuple[int, Decimal, Decimal], ...]:
    """"whats 1.2k get me on h200": with no count said and no model, the hours the budget buys
    on each other configuration of that card the page prices (count, price an hour, hours),
    in the whole blocks of GPU-hours it buys: the same GPU-hours, shared by more GPUs."""
    if named is None or query.gpu_count is not None or query.params_b is not None \
            or query.budget_days is not None:
        return ()
    price = cat.gpu(named.gpu).usd_per_gpu_hour
    if price is None:
        return ()
    plan = blocks_within(named.budget_usd / price, price, cat.pricing.block_hours)
    if plan is None:
        return ()
    return tuple((offer.count, offer.usd_per_hour, Decimal(plan.hours_bought) / offer.count)
                 for offer in sorted(cat.offers, key=lambda o: o.count)
                 if offer.gpu == named.gpu and offer.count != named.gpu_count
                 and Decimal(plan.hours_bought) >= offer.count)


def _least_paid_run(query: Query, cat: Catalogue) -> Quote | None:
    """"i have $100, … llama 3.1 70b qlora on 50k samples of 1k tokens", no card named: the run
    where what is paid for it is least, as the same question without the budget prices it
    (1× B200, $46.10 in blocks; was the cheapest configuration per hour, 1× A100 80GB, where
    the same run is paid $53.36: "$50" was not enough); the budget's hours are counted there
    when it pays for the run. None unless a training run's tokens are said (the budget's
    largest model, or no data: per hour)."""
    if query.largest or query.dataset_tokens is None or not _run_timed(query) \
            or query.deadline_asked or query.within_hours or query.tokens_per_second is not None:
        return None
    detail = _timed_detail(query.model_copy(update={"budget_usd": None}), cat)
    run = detail.training_time if detail is not None else None
    return run.quote if run is not None and not run.asked else None


def _budget_offer(query: Query, method: MethodId, cat: Catalogue) -> Fit | None:
    """The offered configuration a budget buys hours of when no card of ours is named: the
    cheapest one the planning rule holds (the verdict the reply leads with) where the detailed
    estimate of a training run holds too, as its time is reckoned ("with $500 how long can i
    full finetune qwen2.5 32b" bought hours of 8× H100, where it needs 87.1 GB per GPU of
    85.52); the planning rule's cheapest when none does or there is no estimate."""
    assert query.params_b is not None
    options = offered_fits(method, query.params_b, cat)
    spec = cat.method(method)
    if not options or spec.kind != "training" or query.tokens_per_second is not None:
        return options[0] if options else None
    model = estimator_model(query, query.params_b, cat)
    by_card = reads_card(query, spec)
    per_count: dict[int, Breakdown | None] = {}
    for option in options:
        assert option.gpu is not None
        capacity = capacity_per_gpu(option)
        if by_card or option.gpu_count not in per_count:
            per_count[option.gpu_count] = estimate_on_cards(query, spec, model,
                                                            option.gpu_count, capacity)
        breakdown = per_count[option.gpu_count]
        if breakdown is None:
            break
        if breakdown.per_gpu_gb <= usable_per_gpu(query, spec, capacity):
            return option
    return options[0]


def _run_paid(answer: Answer) -> tuple[Decimal, Decimal, int | None, int | None] | None:
    """What the run costs in whole blocks at a short and a long sample (the same twice when its
    tokens were said), with the two lengths; None when it is not priced."""
    bracket = answer.sample_bracket
    if bracket:
        (short_len, short_t), (long_len, long_t) = bracket[0], bracket[-1]
        if short_t.quote is None or long_t.quote is None:
            return None
        return short_t.quote.plan.usd, long_t.quote.plan.usd, short_len, long_len
    timed = answer.detailed.training_time if answer.detailed is not None else None
    if timed is None or timed.quote is None:
        return None
    return timed.quote.plan.usd, timed.quote.plan.usd, None, None


def _largest_within_budget(reframed: Query, composed: Answer, extra: dict[str, Any],
                           cat: Catalogue) -> Answer | None:
    """"budget is 10 bucks, whats the biggest model i can qlora on 100k samples": the largest
    the memory holds (Qwen2 57B on the L40S) costs $44.28 even at 512 tokens a sample, so the
    answer is the largest sizes on file whose run the budget pays for, at each length, and the
    reply is about the one paid for even with long samples (was the 57B and "Yes fits")."""
    budget = reframed.budget_usd
    params = reframed.params_b
    paid = _run_paid(composed.model_copy(update=extra))
    if budget is None or params is None or paid is None or paid[1] <= budget:
        return None
    sizes = sorted({m.params_b for m in cat.models if m.params_b < params})
    probes: dict[Decimal, tuple[Answer, tuple[Decimal, Decimal, int | None, int | None]]] = {}

    def probe(size: Decimal) -> tuple[Decimal, Decimal, int | None, int | None] | None:
        if size not in probes:
            at = _answer(reframed.model_copy(update={"params_b": size}), cat)
            found = _run_paid(at) if at.error is None else None
            if found is None:
                return None
            probes[size] = (at, found)
        return probes[size][1]

    def largest(within: Callable[[tuple[Decimal, Decimal, int | None, int | None]], bool],
                ) -> Decimal | None:
        # The cost grows with the size: a binary search over the sizes on file.
        low, high, best = 0, len(sizes) - 1, None
        while low <= high:
            mid = (low + high) // 2
            found = probe(sizes[mid])
            if found is not None and within(found):
                best, low = sizes[mid], mid + 1
            else:
                high = mid - 1
        return best

    long_size = largest(lambda p: p[1] <= budget)
    short_size = largest(lambda p: p[0] <= budget)
    if short_size is None:
        return None  # not even the smallest on file: the reply says what the run costs

    def names(size: Decimal | None) -> tuple[str, ...]:
        if size is None:
            return ()
        return tuple(m.name for m in newest_first(m for m in cat.models if m.params_b == size))

    # A mixture of experts trains at the pace of its active parameters: one larger than the
    # dense sizes paid for may still be paid for, timed on its own shape ("budget is 10 bucks,
    # whats the biggest model i can qlora on 100k samples": Qwen3 30B-A3B, 3.3B active, where
    # a dense 30B costs more). Only those whose active parameters are under the dense size paid
    # for can be cheaper (a mixture of experts runs at a lower utilization).
    own: dict[str, tuple[Answer, tuple[Decimal, Decimal, int | None, int | None]] | None] = {}

    def own_probe(m: ModelSpec) -> tuple[Decimal, Decimal, int | None, int | None] | None:
        if m.id not in own:
            at = _answer(reframed.model_copy(update={"params_b": m.params_b, "model_id": m.id}),
                         cat)
            found = _run_paid(at) if at.error is None and at.detailed_fits is not False \
                else None
            own[m.id] = None if found is None else (at, found)
        held = own[m.id]
        return None if held is None else held[1]

    def own_largest(dense: Decimal | None, long: bool
                    ) -> tuple[Decimal, tuple[ModelSpec, ...]] | None:
        if dense is None:
            return None
        experts = [m for m in cat.models if m.active_params_b is not None and m.encoder is None
                   and dense < m.params_b < params and m.active_params_b <= dense]
        for size in sorted({m.params_b for m in experts}, reverse=True):
            held = tuple(m for m in newest_first(m for m in experts if m.params_b == size)
                         if (found := own_probe(m)) is not None
                         and (found[1] if long else found[0]) <= budget)
            if held:
                return size, held
        return None

    long_own = own_largest(long_size, True)
    short_own = own_largest(short_size, False)
    long_names, short_names = names(long_size), names(short_size)
    if long_own is not None:
        long_size, long_names = long_own[0], tuple(m.name for m in long_own[1])
    if short_own is not None:
        short_size, short_names = short_own[0], tuple(m.name for m in short_own[1])
    lead_own = long_own if long_size is not None else short_own
    chosen = long_size if long_size is not None else short_size
    if lead_own is not None:
        held = own[lead_own[1][0].id]
        assert held is not None
        at = held[0]
    else:
        at, _paid = probes[chosen]
    lead = BudgetLargest(
        budget_usd=budget, held_names=tuple(extra.get("largest_names", ())),
        long_names=long_names, short_names=short_names,
        long_len=paid[3], short_len=paid[2], long_b=long_size, short_b=short_size)
    return at.model_copy(update={"largest_budget": lead})


def _asked_run_hours(answer: Answer) -> Decimal | None:
    """The wall-clock hours of the run on the configuration asked, None when it is not timed
    there (by sample lengths, on another configuration, or not at all)."""
    timed = answer.detailed.training_time if answer.detailed is not None else None
    if timed is None or not timed.asked or timed.asked_short or answer.sample_bracket:
        return None
    return timed.wall_clock_hours


def _largest_within_hours(reframed: Query, at: Answer, cat: Catalogue) -> Answer | None:
    """"i got 8xH100 for 24h, whats the biggest model i can full finetune on 1B tokens": the
    largest the memory holds (LLaMA 33B) takes 26.07 hours there, so the answer is the largest
    size on file whose run ends within the hours (was LLaMA 33B, quoted for 24 hours beside its
    own 26.07). None when the hours are not said with the data, or the run ends within them."""
    hours, params = reframed.hours, at.params_b
    took = _asked_run_hours(at)
    if hours is None or params is None or took is None or took <= hours \
            or not _run_timed(reframed):
        return None
    sizes = sorted({m.params_b for m in cat.models if m.params_b < params and m.encoder is None})
    probes: dict[Decimal, tuple[Answer, Decimal | None]] = {}

    def ends_in_time(size: Decimal) -> bool:
        if size not in probes:
            sized = _answer(reframed.model_copy(update={"params_b": size, "model_id": None}),
                            cat)
            ran = _asked_run_hours(sized) \
                if sized.error is None and sized.detailed_fits is not False else None
            probes[size] = (sized, ran)
        ran = probes[size][1]
        return ran is not None and ran <= hours

    # The hours grow with the size: a binary search over the sizes on file.
    low, high, best = 0, len(sizes) - 1, None
    while low <= high:
        mid = (low + high) // 2
        if ends_in_time(sizes[mid]):
            best, low = sizes[mid], mid + 1
        else:
            high = mid - 1
    if best is None:
        return None  # not even the smallest on file: the reply says how long the run takes
    sized, ran = probes[best]
    assert ran is not None
    names = tuple(m.name for m in newest_first(
        m for m in cat.models if m.params_b == best and m.encoder is None))
    own = _own_shape((best, names), cat)
    # A mixture of experts trains at the pace of its active parameters: one larger than the
    # dense size found may still end in time, timed on its own shape ("biggest model i can
    # qlora on a 4090 on 50M tokens in 10 hours": GLM-4.7-Flash 30B-A3B, 3B active, where a
    # dense 7B takes the 10 hours).
    experts = [m for m in cat.models if m.active_params_b is not None and m.encoder is None
               and best < m.params_b <= params and m.active_params_b <= best]
    for size in sorted({m.params_b for m in experts}, reverse=True):
        ended: list[tuple[ModelSpec, Answer, Decimal]] = []
        for m in newest_first(m for m in experts if m.params_b == size):
            at_size = _answer(reframed.model_copy(update={"params_b": size, "model_id": m.id}),
                              cat)
            took_there = _asked_run_hours(at_size) \
                if at_size.error is None and at_size.detailed_fits is not False else None
            if took_there is not None and took_there <= hours:
                ended.append((m, at_size, took_there))
        if ended:
            best, names, own = size, tuple(m.name for m, _a, _h in ended), None
            sized, ran = ended[0][1], ended[0][2]
            break
    if own is not None:
        # The reply is about the model named, its own layers and vocabulary, when its run
        # also ends in time (a generic shape of its size knows neither).
        named = _answer(reframed.model_copy(update={"params_b": best, "model_id": own}), cat)
        named_ran = _asked_run_hours(named) \
            if named.error is None and named.detailed_fits is not False else None
        if named_ran is not None and named_ran <= hours:
            sized, ran = named, named_ran
    held = (at.model_name,) if at.model_name else ()
    timed = at.detailed.training_time if at.detailed is not None else None
    if timed is None or timed.gpu is None:
        return None
    return sized.model_copy(update={"largest_hours": HoursLargest(
        hours=hours, gpu=timed.gpu, gpu_count=timed.gpu_count or 1, names=names,
        run_hours=ran, held_names=held, held_hours=took)})


def _own_shape(named: tuple[Decimal, tuple[str, ...]] | None, cat: Catalogue) -> str | None:
    """The model the largest size's answer is about: the newest named there with its
    architecture on file, else the newest named (its active parameters, if a mixture of
    experts, still time the run); None when none was named by its own estimate."""
    if named is None:
        return None
    size, names = named
    models = newest_first(m for m in cat.models if m.params_b == size and m.name in names)
    if not models:
        return None
    return next((m.id for m in models if m.arch is not None), models[0].id)


def _asked_facts(extra: dict[str, Any]) -> dict[str, Any]:
    """What _reframe found before the size was settled, for the answer about another model or
    size: the largest and how it was chosen, and what the budget buys (its hours are already
    in the query answered again, which does not reckon them a second time)."""
    return {k: v for k, v in extra.items()
            if (k.startswith("largest") and k != "largest_batch") or k.startswith("budget")
            or k == "asked_quote"}


def _within_budget_of(reframed: Query, at: Answer, extra: dict[str, Any],
                      cat: Catalogue) -> Answer:
    """The answer about the largest model named, or, when a budget was said and that run
    costs more, the largest the budget pays for (_largest_within_budget); with hours and the
    data said and no budget, the largest whose run ends within them (_largest_within_hours)."""
    if reframed.budget_usd is None and not reframed.inference:
        sooner = _largest_within_hours(reframed, at, cat)
        return sooner if sooner is not None else at
    if reframed.budget_usd is None or reframed.inference or at.params_b is None \
            or extra.get("budget_alt") is not None:
        return at
    sized = reframed.model_copy(update={"params_b": at.params_b})
    smaller = _largest_within_budget(sized, at, {**extra, "largest_names": (
        at.largest_detailed[1] if at.largest_by_detail and at.largest_detailed is not None
        else extra.get("largest_names", ()))}, cat)
    return smaller if smaller is not None else at


def _weighs_offers(query: Query, cat: Catalogue) -> bool:
    """"budget 20 bucks, biggest model i can qlora on 10k samples", no card named: a bigger
    card for fewer hours may train a bigger model, so every offered configuration is weighed.
    Serving too when the hours are said ("biggest model i can run with $40 for 10 hours"): the
    configurations whose hours the budget pays for in whole blocks are weighed by the memory
    they have (was the cheapest's alone: 1× L40S, 20B, where $40 pays for 10 hours of 4× A100
    80GB, 320 GB)."""
    if not (query.largest and query.params_b is None and query.model_id is None
            and query.gpu is None and query.vram_gb is None and not query.other_gpus
            and query.budget_usd is not None and query.budget_usd > 0):
        return False
    hours = query.hours is not None and query.hours > 0 and query.budget_days is None
    if query.inference:
        return hours and query.dataset_tokens is None and query.dataset_samples is None
    return (query.dataset_tokens is not None or query.dataset_samples is not None
            or (query.largest_said and query.hours is None and query.budget_days is None)
            or hours) and cat.method(_asked_method(query, cat)).kind == "training"


def _sizes_paid(answer: Answer) -> tuple[Decimal | None, Decimal | None, int | None]:
    """The largest size a configuration's answer trains within its budget at the long and at
    the short sample length (the same when the tokens were said), and the short length."""
    budget = answer.query.budget_usd
    paid = _run_paid(answer) if answer.error is None else None
    if budget is None or paid is None or answer.params_b is None:
        return None, None, None
    lead = answer.largest_budget
    if lead is None:
        # The largest the memory holds is paid for at the long length, else at neither.
        return (answer.params_b, answer.params_b, paid[2]) if paid[1] <= budget \
            else (None, None, None)
    return lead.long_b, lead.short_b, lead.short_len


def _largest_over_offers(query: Query, cat: Catalogue) -> Answer | None:
    """The largest model a budget trains on the data said, over every offered configuration
    whose smallest block it buys: the biggest that finishes at any sample length leads (ties:
    the cheapest per hour), and a bigger one another configuration trains on short samples is
    said beside it. Was the cheapest configuration's alone (1× L40S: Qwen2 57B, where $20 also
    trains Falcon 180B at 512 tokens a sample on 4× A100 80GB). None: the budget buys no block
    anywhere, the cheapest configuration's answer says so."""
    budget = query.budget_usd
    assert budget is not None
    if query.dataset_tokens is None and query.dataset_samples is None and query.hours is not None:
        return _largest_for_hours(query, query.hours, budget, cat)
    limit: Decimal | None = None
    if query.hours is not None and query.budget_days is None:
        # "biggest model i can train in 10 hours for 40 bucks on 5M tokens": the data times the
        # run; the hours are a limit on it, not hours to buy (was 10 hours of 8× H200 quoted,
        # $245.60 for a $40 budget, where the run takes 14 minutes and costs $5.62 there).
        limit, query = query.hours, query.model_copy(update={"hours": None})
    smallest = cat.pricing.block_hours[0]
    weighed: list[tuple[Offer, Answer, Decimal | None, Decimal | None, int | None]] = []
    for offer, _cap in cat.offers_by_price:
        price = cat.gpu(offer.gpu).usd_per_gpu_hour
        if price is None or price * smallest > budget:
            continue  # not even one block of it
        at = _answer(query.model_copy(update={"gpu": offer.gpu, "gpu_count": offer.count}), cat)
        if limit is not None and not _runs_within(at, limit):
            continue
        weighed.append((offer, at, *_sizes_paid(at)))
    if query.dataset_tokens is None and query.dataset_samples is None:
        # "i got 100 usd what's the biggest model i can full finetune": no data, so no run to
        # time; the largest model any configuration the budget buys a block of holds (by the
        # detailed estimate, as for a card named), with the hours the budget buys there (was
        # the cheapest configuration's alone: 1× L40S, about 2B, where $100 buys 2.5 hours of
        # 8× B200, which holds Qwen2.5 72B).
        held = [w for w in weighed if w[1].error is None and w[1].params_b is not None
                and w[1].fits is not False and w[1].detailed_fits is not False
                and w[1].budget is not None]
        return max(held, key=lambda w: w[1].params_b or 0)[1].model_copy(
            update={"budget_weighed": True}) if held else None
    finished = [w for w in weighed if w[2] is not None]
    if not finished:
        return None
    # offers_by_price is cheapest first: max() keeps the first of equal sizes.
    lead = max(finished, key=lambda w: w[2] or 0)
    answer = lead[1].model_copy(update={"budget_weighed": True})
    shorts = [w for w in weighed if w[3] is not None and w[4] is not None]
    if shorts:
        other = max(shorts, key=lambda w: w[3] or 0)
        if (other[3] or 0) > (lead[3] or 0):
            names = tuple(m.name for m in newest_first(
                m for m in cat.models if m.params_b == other[3]))
            assert other[4] is not None
            answer = answer.model_copy(update={"largest_short_elsewhere": LargestElsewhere(
                gpu=other[0].gpu, gpu_count=other[0].count, names=names,
                sample_len=other[4])})
    return answer


def _runs_within(answer: Answer, hours: Decimal) -> bool:
    """Whether the run an answer times (at the longest sample length, when it was bracketed)
    takes at most `hours` wall-clock."""
    bracket = answer.sample_bracket
    timed = bracket[-1][1] if bracket else (
        answer.detailed.training_time if answer.detailed is not None else None)
    return timed is not None and timed.wall_clock_hours is not None \
        and timed.wall_clock_hours <= hours


def _largest_for_hours(query: Query, hours: Decimal, budget: Decimal, cat: Catalogue
                       ) -> Answer | None:
    """"biggest model i can qlora with $40 for 10 hours", no card named: the budget pays for
    those hours (in whole blocks) on several offered configurations, and the largest model any
    of them holds by its own detailed estimate leads, quoted for those hours there (ties: the
    least paid). Was the cheapest configuration's alone by the planning rule (1× L40S, Qwen2
    57B-A14B, $8.20), where $40 also pays for 10 hours of 4× A100 80GB ($36.80). None: no
    configuration's hours are within the budget (the cheapest configuration's answer then)."""
    weighed: list[tuple[Answer, Decimal]] = []
    least: tuple[Decimal, Offer] | None = None
    for offer, _cap in cat.offers_by_price:
        paid = paid_usd(offer.gpu, offer.count, hours, catalogue=cat)
        if paid is not None and (least is None or paid < least[0]):
            least = paid, offer
        if paid is None or paid > budget:
            continue
        at = _answer(query.model_copy(update={"gpu": offer.gpu, "gpu_count": offer.count}), cat)
        if at.error is None and at.params_b is not None and at.fits is not False \
                and at.detailed_fits is not False and at.quote is not None:
            weighed.append((at, paid))
    if not weighed and least is not None and least[0] > budget:
        # "biggest model i can qlora with $5 for 10 hours": no configuration's hours are within
        # it; said so, with the largest model where they cost least (was answered as if the
        # budget had not been said).
        offer = least[1]
        at = _answer(query.model_copy(update={"gpu": offer.gpu, "gpu_count": offer.count}), cat)
        if at.error is None and at.quote is not None:
            return at.model_copy(update={"budget_hours_weighed": True,
                                         "budget_hours_short": True})
    if not weighed:
        return None
    # offers_by_price is cheapest per hour first; min() keeps the first of equal keys.
    lead = min(weighed, key=lambda w: (-(w[0].params_b or 0), w[1]))[0]
    return lead.model_copy(update={"budget_hours_weighed": True})


def _owned_fit(query: Query, method: MethodId, cat: Catalogue) -> Fit:
    """Whether the card owned, set aside for the one the run is priced on, holds the run."""
    assert query.owned_aside is not None and query.params_b is not None
    return fit(method, query.params_b, query.owned_aside, query.owned_aside_count or 1,
               catalogue=cat)


def _unquoted(answer: Answer) -> Answer:
    """The budget buys no block: nothing runs on it, so no run is quoted ("if i top up 5
    dollars in btc how many h100 hours" quoted a 2.1-hour run, $23.20 paid, beside "$5 does
    not buy a block")."""
    methods = tuple(replace(m, quote=None) for m in answer.methods)
    primary = answer.primary
    if primary is not None:
        primary = methods[answer.methods.index(primary)]
    return answer.model_copy(update={"quote": None, "asked_quote": None, "methods": methods,
                                     "primary": primary})


def _deadline_count(query: Query, need: int, cat: Catalogue) -> tuple[Query, int,
                                                                     CountDeadline | None]:
    """"how many h100 to full finetune llama 3 8b on 2B tokens in 24 hours": with the tokens
    said, the hours are when the run must end, and the count is the fewest GPUs that end it
    then (was the count memory asks for, 2×, quoted for 24 hours while the same reply timed
    the run at 51.34 hours there). The run is then quoted on its own time, not the hours
    said; beyond one instance, on the most one has (the count that would end it is said).
    None: the run cannot be timed on that card (no cited peak)."""
    assert query.hours is not None
    within = query.hours
    if need > cat.limits.max_gpus:
        # Memory alone asks for more than one instance ("pretrain a 405b in a day"): the
        # cluster's count is memory's, its hours as said.
        return query, need, None
    at_need = query.model_copy(update={"gpu_count": need, "hours": None})
    detailed = _timed_detail(at_need, cat)
    run = detailed.training_time if detailed is not None else None
    if run is None or run.gpu_hours is None or run.wall_clock_hours is None or within <= 0:
        return query, need, None
    # More GPUs each hold a larger micro-batch when none is said (detail.typical_micro), so a
    # count's own GPU-hours may be fewer than at memory's count: each count is timed as itself
    # (was 22.04 hours on 4 H100s in the lead, timed at 2's micro-batch, 19.07 below it).
    gpu_hours: dict[int, Decimal] = {need: run.gpu_hours}

    def on(count: int) -> Decimal | None:
        if count not in gpu_hours:
            there = _timed_detail(at_need.model_copy(update={"gpu_count": count}), cat)
            timed = there.training_time if there is not None else None
            if timed is None or timed.gpu_hours is None:
                return None
            gpu_hours[count] = timed.gpu_hours
        return gpu_hours[count]

    def fewest_from(hours: Decimal) -> int:
        return max(need, int((hours / within).to_integral_value(rounding=ROUND_CEILING)))

    fewest = fewest_from(run.gpu_hours)
    if fewest > need:
        # At most one instance's count is timed; beyond it, its GPU-hours count the cluster.
        top = on(min(fewest, cat.limits.max_gpus))
        fewest = fewest_from(top) if top is not None else fewest
        for _ in range(4):  # fewer may still end in time (their micro-batch is their own)
            less = on(fewest - 1) if need < fewest <= cat.limits.max_gpus else None
            if less is None or less / (fewest - 1) > within:
                break
            fewest -= 1
    count = min(fewest, cat.limits.max_gpus)
    return at_need.model_copy(update={"gpu_count": count}), count, CountDeadline(
        hours=within, gpu_hours=on(count) or run.gpu_hours, memory_gpus=need,
        memory_hours=run.wall_clock_hours, gpus=min(fewest, cat.limits.max_cluster_gpus))


def _run_timed(query: Query) -> bool:
    """A training run whose tokens are said: its hours are what the tokens take (not when
    what the budget trains is asked: "with $50 how many epochs … 20k samples")."""
    return (query.dataset_tokens is not None or query.dataset_samples is not None
            or query.budget_enough) \
        and query.params_b is not None \
        and not query.inference and not (query.within_epochs or query.within_samples)


def _whole_blocks(bought: BudgetBuys | None, cat: Catalogue) -> dict[str, Any]:
    """What a budget buys in whole blocks, when the blocks covering its hours cost more."""
    price = cat.gpu(bought.gpu).usd_per_gpu_hour if bought is not None else None
    if bought is None or price is None:
        return {}
    blocks = cat.pricing.block_hours
    minutes = cat.pricing.billing_granularity_minutes
    if block_plan(billable_gpu_hours(bought.gpu_hours, minutes), price, blocks).usd \
            <= bought.budget_usd:
        return {}
    return {"budget_over": True,
            "budget_blocks": blocks_within(bought.budget_usd / price, price, blocks)}


def _detail_despite(failed: Answer, exc: RulesError, query: Query, cat: Catalogue) -> Answer:
    """A GPU we do not know still leaves the memory per GPU to say (JSON detailed_gb); a budget
    beyond the limits, its configuration."""
    bought = exc.params.get("budget")
    if isinstance(bought, BudgetBuys):
        # A budget beyond the limits still names the configuration it was for (the JSON's).
        return failed.model_copy(update={"gpu": cat.gpu(bought.gpu), "gpu_count": bought.gpu_count})
    if not isinstance(exc, UnknownGPU):
        return failed
    bare = query.model_copy(update={"gpu_text": None, "gpu": None})
    try:
        answer = _build(bare, cat)
        detailed = detailed_for(bare, answer, cat)
    except RulesError:
        return failed
    return failed if detailed is None else failed.model_copy(update={"detailed": detailed})


def _settle(query: Query, answer: Answer, detailed: DetailedAnswer | None, cat: Catalogue,
            oom: OomReport | None, typical: bool = False) -> Answer:
    """The planning answer composed with the detailed estimate, then adjusted by what else
    the question said (settings, comparison, dataset, measurements, payment, host RAM)."""
    composed = _compose(query, answer, detailed, cat, typical)
    composed = _sft_beside(query, composed, cat)
    composed = _by_detail(query, answer, composed, cat)
    composed = _compare_by_detail(query, answer, composed, cat)
    composed = _compare_times(query, answer, composed, cat)
    composed = _side_runs(query, composed, cat)
    composed = _dataset_quotes(query, answer, composed, cat)
    composed = _measured_elsewhere(query, composed, cat)
    composed = _by_paid(query, composed, cat)
    if oom is None:  # an out-of-memory said beside the hours: no run finished
        composed = _trust_the_run(query, composed, cat)
    composed = _host_ram_by_method(query, answer, composed, cat)
    return _host_ram_short(query, composed)


def _sft_beside(query: Query, composed: Answer, cat: Catalogue) -> Answer:
    """"does DPO on llama 3 8b need more memory than sft": the same run as supervised
    fine-tuning, detailed at the same settings, beside the objective's (was DPO's 17.9 GB
    alone, the word DPO only in the assumptions)."""
    detailed = composed.detailed
    if query.objective is None or detailed is None or detailed.kind != "training":
        return composed
    plain = query.model_copy(update={"paired": None, "reference_model": None,
                                     "objective": None})
    sft = detailed_for(plain, composed, cat)
    if sft is None or sft.method != detailed.method:
        return composed
    return composed.model_copy(update={"sft_gb": sft.per_gpu_gb})


def _host_ram_by_method(query: Query, answer: Answer, composed: Answer, cat: Catalogue
                        ) -> Answer:
    """"Can i train a 7b with 16gb vram and 64gb ram using deepspeed": with the CPU offload,
    every method's GPU share fits 16 GB (9.4 GB), but full AdamW offloads about 126 GB of
    weights, gradients and optimizer states, more than the 64 GB of RAM (was listed among
    those that fit, the RAM unread). Each method's offloaded figure, and the RAM held to it."""
    ram = query.system_ram_gb
    if not query.cpu_offload or ram is None or query.inference or len(composed.methods) < 2:
        return composed
    primary = answer.primary
    detailed = composed.detailed
    hosts: dict[str, tuple[Decimal, Decimal]] = {}
    verdicts = dict(composed.method_fits)
    for ma in answer.methods:
        if ma.fit is None:
            continue
        method = ma.memory.method
        detail = detailed if ma is primary and detailed is not None \
            and detailed.method == method else detailed_for(
                query, answer.model_copy(update={"primary": ma}), cat)
        if detail is None or detail.host_ram_gb is None:
            continue
        hosts[method] = detail.host_ram_gb
        if detail.host_ram_gb[0] > ram:
            verdicts[method] = False
    if not hosts:
        return composed
    return composed.model_copy(update={"method_host_ram": hosts, "method_fits": verdicts})


def _count_by_detail(query: Query, composed: Answer, cat: Catalogue) -> Answer:
    """A GPU count asked with no settings, led by the detailed estimate at typical settings
    (count_planning: the planning rule's count held too little): the configurations offered to
    rent are those where that estimate fits too ("llama 3 405b qlora how many h100s" led with
    5× H100, 86.4 GB per GPU on four 80 GB cards, then named 4× A100 80GB, by the planning
    rule, as the cheapest offered configuration that fits)."""
    primary, detailed = composed.primary, composed.detailed
    if primary is None or detailed is None or detailed.stated or detailed.kind != "training":
        return composed
    options = tuple(detailed_options(query, composed, cat))
    led = replace(primary, cheapest=options[0] if options else None, options=options)
    methods = tuple(led if ma is primary else ma for ma in composed.methods)
    return composed.model_copy(update={"primary": led, "methods": methods})


def _compose(
    query: Query, answer: Answer, detailed: DetailedAnswer | None, cat: Catalogue,
    typical: bool = False,
) -> Answer:
    """Lead with the detailed estimate when the user stated settings: its verdict, and the
    cheapest offered configuration and the quote it fits (the planning figure stays as a
    reference line)."""
    primary = answer.primary
    planning = primary.fit.fits if primary is not None and primary.fit is not None else None
    if detailed is None or primary is None:
        return _copied_answer(answer, {"fits": planning})
    check = detailed.check
    detailed_fits = check.detailed_fits if check is not None else None
    update: dict[str, Any] = {"detailed": detailed, "detailed_fits": detailed_fits,
                              "fits": planning}
    # typical: the caller found the detailed verdict leads (no size on file fits by it).
    typical = not detailed.stated and (typical or _typical_leads(query, answer, detailed, cat))
    if not detailed.stated and not typical:
        return _copied_answer(answer, update)
    update["fits"] = detailed_fits
    if typical:
        update["typical_lead"] = True
    options = tuple(detailed_options(query, answer, cat))
    # A quote the planning answer made (e.g. for a card we do not rent) follows the detail too.
    want_quote = (answer.intent in ("cost", "recommend", "time") or query.hours is not None
                  or primary.quote is not None) and not _speed_alone(query)
    run = primary.quote
    if want_quote:
        asked = primary.fit
        target = asked if asked is not None and detailed_fits and asked.gpu and asked.rentable \
            else (options[0] if options else None)
        method = primary.memory.method
        quotable = query.hours is not None or cat.method(method).assumed_gpu_hours is not None
        run = None
        if target is not None and target.gpu and target.usd_per_hour is not None and quotable:
            run = quote(target.gpu, target.gpu_count, query.hours, method, catalogue=cat)
        if answer.intent == "cost" and query.hours is not None and asked is not None \
                and asked.gpu and asked.rentable and asked.usd_per_hour is not None and (
                run is None or (run.gpu, run.gpu_count) != (asked.gpu, asked.gpu_count)):
            # "How much for 10 h of LoRA on an L40S at seq 8192, will it fit?": the hours on
            # the configuration asked about cost what they cost, and that leads (the cost is
            # the question), as when the planning rule says it does not fit (_build).
            update["asked_quote"] = quote(asked.gpu, asked.gpu_count, query.hours, catalogue=cat)
    if query.cpu_offload and options:
        # Offload stated: the cheapest offered configuration may hold the run only with it,
        # in CPU RAM the instances do not publish; the reply says so, and what fits without.
        host, relied, plain = offload_facts(query, answer, cat, options[0])
        detailed = replace(detailed, offload_cheapest_host_gb=host, offload_relied=relied,
                           cheapest_without_offload=plain)
        update["detailed"] = detailed
    new_primary = replace(primary, cheapest=options[0] if options else None, options=options,
                          quote=run)
    timed = detailed.training_time
    if timed is not None and timed.quote is not None and (
            answer.intent == "time"
            or (answer.intent in ("cost", "recommend") and query.hours is None)):
        # "How long?", "what does a run on 50M tokens cost?": the quote is for the estimated
        # hours, not the seed's illustrative ones.
        run = timed.quote
        new_primary = replace(new_primary, quote=run)
    update["methods"] = tuple(new_primary if m is primary else m for m in answer.methods)
    update["primary"] = new_primary
    update["quote"] = run if answer.quote is primary.quote else answer.quote
    return _copied_answer(answer, update)


def _typical_leads(query: Query, answer: Answer, detailed: DetailedAnswer,
                   cat: Catalogue) -> bool:
    """No settings stated, one training method on a configuration: the detailed estimate at
    typical settings (sequence 2,048, batch 1, checkpointing on) is the most accurate figure we
    have, so it leads, with the settings that make it fit ("qlora llama 3 8b on my 4060 ti" led
    ✅ by the planning rule's 6 GB, then ❌ at 12.8 GB per GPU; "qlora llama 3 70b on 3x 3090"
    ✅ at 52.5 GB of 72, though each GPU needs 29.1 GB of its 25.77)."""
    primary, check = answer.primary, detailed.check
    if answer.intent == "memory" and check is None and primary is not None \
            and primary.fit is None and len(answer.methods) == 1 and not query.largest \
            and detailed.kind == "training" and detailed.gpus == 1:
        # (a GPU count said has its own lines: "Split over 2 GPUs …", the cards that hold it)
        # "how much vram for lora of mistral 7b": one method's memory, no card or settings: the
        # detailed 18.7 GB at typical settings leads, the rule's 17.5 GB beside it (was the
        # rule alone, as several methods were before _typical_memory).
        return True
    if check is None or primary is None or primary.fit is None \
            or len(answer.methods) != 1 or query.largest:
        return False
    if answer.intent in ("cost", "time") and query.follow_up and query.budget_usd is None \
            and detailed.kind == "training" and check.detailed_fits is not primary.fit.fits:
        # "how much for 5 hours" after "qlora llama 3 8b on a 3080 10gb" (❌ at 12.8 GB per
        # GPU by the detailed estimate): the verdict it follows is carried, not the planning
        # rule's ✅ 6 GB that said the opposite.
        return True
    if answer.intent != "fit":
        return False
    return _typical_kind_leads(query, detailed.kind)


def _typical_kind_leads(query: Query, kind: str) -> bool:
    """Whether the detailed estimate at typical settings leads a configuration's verdict for
    one method of this kind, no settings stated (_typical_leads; each side of a comparison
    alike, _compare_by_detail)."""
    if kind != "training":
        # Serving one precision ("can i run llama 3 70b in bf16 on 2x a100 80gb"): the planning
        # rule's 168 GB of 160 said No, then 72.4 GB per GPU fits by the detailed estimate,
        # two answers. The detailed one leads, at the context said or assumed (said so), with
        # the context it leaves room for, as a quantized format named does (_context_room);
        # the rule stays beside it. Also where both agree, as for training: "can i run llama 3
        # 8b in bf16 on an h100" led with the rule's 19.2 GB, the 17.9 GB with its KV cache
        # unsaid.
        return not query.speed_asked and not query.concurrency_asked
    # Training: always. Where both fit with room the planning line led ("qlora llama 3 8b on a
    # 4090": "It needs about 6 GB (planning estimate) … 18 GB left") and the 12.8 GB a run at
    # typical settings takes came second or not at all ("lora llama 3 8b on an a100": 19.2 GB by
    # the rule, 23.1 GB by the estimate, unsaid); the rule's figure stays beside it.
    return True


def _tight_by_detail(check: FitCheck, cat: Catalogue) -> bool:
    """Both verdicts fit, but the detailed estimate needs more than the planning rule and leaves
    less room than the rule's own margin ("llama 3.1 8b on my 3060 12gb qlora": "✅ 6 GB left"
    by the rule, then 12.8 GB per GPU of 12.88 by the detailed estimate): the rule's room is
    not there, so the detailed verdict leads and says it is tight. The margin is the seed's
    20 % planning margin (rules/data/methods.toml lora: estimate over floor, 2.4 / 2)."""
    margin = planning_margin(cat)
    return margin > 1 and check.detailed_per_gpu_gb > check.planning_per_gpu_gb \
        and check.detailed_per_gpu_gb * margin > check.vram_per_gpu_gb


def _build(query: Query, cat: Catalogue) -> Answer:
    intent = query.intent
    base: dict[str, Any] = {"query": query, "intent": intent}
    if query.model_id is not None:
        spec = cat.models.get(query.model_id)
        base.update(model_name=spec.name, gated=spec.gated, licence=spec.licence)
    elif query.shape_model is not None and query.params_b is not None:
        # "qwen 72b": named as written, brand and size ("Qwen 72B"), not "a 72B model"; the
        # reply says which version's shape it is read as (answer_lines._shape_read).
        base.update(model_name=brand_size_name(cat.models.get(query.shape_model).name,
                                               query.params_b))
    if query.closed_model is not None and query.params_b is None and intent not in (
            "pay", "alert", "alert_list", "alert_remove", "smalltalk", "compare"):
        raise ClosedWeights(model=query.closed_model)  # "can I fine-tune GPT-4 on your GPUs?"
    if query.not_llm is not None and query.model_id is None and not query.family \
            and intent not in ("pay", "alert", "alert_list", "alert_remove", "smalltalk"):
        # "whisper large on a raspberry pi", "stable diffusion on a 3060": not an LLM, so not
        # sized as one (a "which model?" or an LLM's figures would answer another question).
        raise NotAnLLM(model=query.not_llm_name or "", kind=query.not_llm)
    if query.unknown_model is not None and query.params_b is None and not query.family \
            and intent in ("fit", "memory", "time", "cost", "recommend", "unknown"):
        # "can i run foobar 9 on 8x h200": that model is unknown, said so and its size asked
        # (was "Got it: 8× H200", the question dropped).
        raise UnknownModel(model=query.unknown_model)
    # An unknown name with its memory ("Tesla P4 8GB") is answered for that memory.
    if query.gpu_text is not None and query.gpu is None and query.vram_gb is None:
        stated = _STATED_GB.search(query.gpu_text)
        vram = Decimal(stated.group(1)) if stated else None
        raise UnknownGPU(gpu=query.gpu_text, suggestions=cat.suggest_gpus(query.gpu_text, 3, vram))

    if intent == "prices" and query.rent_or_buy:
        # "rent or buy a 4090": the rented hour it is weighed against, and the break-even.
        card = cat.gpu(query.gpu) if query.gpu else None
        # "buy a 3090 or rent an a100": the hour weighed is the one named
        named = cat.gpu(query.other_gpus[0]) if query.other_gpus else None
        return _made_answer(**base, gpu=card,
                      rent_buy=rent_or_buy(card, query.purchase_usd, cat, named) if card else None)
    if intent in ("prices", "alert") and query.gpu and not cat.gpu(query.gpu).rented:
        # "how much is a 3090 per hour?", "alert me on the 3090 price": we have no price for it.
        raise _not_rented(cat.gpu(query.gpu), cat)
    if intent == "alert" and query.money_foreign:
        raise ThresholdNotUSD()  # "avísame si baja de 2 euros": no alert on a converted figure
    if intent == "prices":
        # "how much is 8x H100 per hour?": that configuration first, then the list.
        focus = cat.gpu(query.gpu) if query.gpu else None
        count = check_cluster(query.gpu_count or 1, cat) if focus else None
        start = _cheapest_start(focus, cat) if query.start_asked else None
        several = instances(focus.id, count, catalogue=cat) \
            if focus is not None and count is not None and count > cat.limits.max_gpus else ()
        return _made_answer(
            **base, gpu=focus, gpu_count=count, gpus=cat.rented_gpus, offers=cat.offers,
            savings=tuple(savings(catalogue=cat)), start=start, quote=start, instances=several,
        )
    if intent in ("pay", "help", "unknown", "alert", "alert_list", "alert_remove", "smalltalk"):
        gpu = cat.gpu(query.gpu) if query.gpu else None
        return _made_answer(**base, gpu=gpu)

    gpu = cat.gpu(query.gpu) if query.gpu else None
    # Any cluster the user describes is sized; quotes stay within one instance (rules.quote).
    count = check_cluster(query.gpu_count if query.gpu_count is not None else 1, cat)
    params = query.params_b
    if params is not None:
        check_params(params, cat)
    base.update(gpu=gpu, gpu_count=count if (gpu or query.vram_gb) else None, params_b=params)

    if intent == "compare":
        return _compare(query, cat, base, gpu)
    if params is None and query.family:
        names = tuple(cat.models.get(model_id).name for model_id in query.family)
        return _made_answer(**base, missing="model_size", family=names)
    if intent == "cost" and params is None:
        if gpu is None and query.run_cost_asked:
            # "¿cuánto más cuesta el fine-tuning completo que QLoRA?", "how much is a lora
            # run?": a run's cost, whose configuration follows from the model's size.
            return _made_answer(**base, missing="model_size")
        if gpu is None:
            return _made_answer(**base, missing="gpu")
        if query.hours_measured and query.hours is not None and not gpu.rented:
            # "It took 6 h on my 3090": those hours on the GPUs we rent, not "no price".
            offers = _scaled_offers(query, gpu, count, cat)
            if offers:
                return _made_answer(**base, scaled_offers=offers)
        if query.hours is None and not gpu.rented:
            raise _not_rented(gpu, cat)  # "¿cuánto sale la 3090?": no hours would help
        if query.hours is None:
            return _made_answer(**base, missing="hours")
        several = instances(gpu.id, count, catalogue=cat) if count > cat.limits.max_gpus \
            and gpu.usd_per_gpu_hour is not None else ()
        if several:
            # "10 h100 for 24 hours": several instances, the blocks of one GPU model.
            return _made_answer(**base, instances=several, quote=quote(
                gpu.id, count, query.hours, catalogue=cat, across_instances=True))
        return _made_answer(**base, quote=quote(gpu.id, count, query.hours, catalogue=cat))
    if params is None and intent == "time" and gpu is not None and query.dataset_tokens \
            and query.tokens_per_second:
        # The method does not enter a measured throughput's hours.
        hours = gpu_hours_from_throughput(
            int(query.dataset_tokens), query.tokens_per_second, count, query.epochs or 1,
            method=cat.default_method("training")).wall_clock_hours
        priced = gpu.rented and gpu.usd_per_gpu_hour is not None and count <= cat.limits.max_gpus
        return _made_answer(**base, missing="model_size", measured_hours=hours,
                      quote=quote(gpu.id, count, hours, catalogue=cat) if priced else None)
    if params is None and query.largest and gpu is None and query.vram_gb is None:
        # "whats the best model to finetune", "what's the largest model i can finetune": which
        # card first (was "I did not understand that", or "Which model?").
        return _made_answer(**base, missing="largest_gpu")
    if params is None:
        return _made_answer(**base, missing="model_size")
    if query.merge_asked:
        return _made_answer(**base, merge=merge_memory(params))

    # A card we do not rent (or a cluster beyond one instance) is answered and the cheapest
    # rented configuration that does the job named; it is quoted only when a cost, hours or a
    # recommendation was asked, as for any card ("lora 8b on a 3090" asked no cost: a 24-hour
    # L40S quote there came from nowhere).
    # "The largest I can LoRA on my 3090, and what would it cost on an L40S": quoted there.
    quote_on = query.other_gpus[0] if query.largest and query.other_gpus else None
    # "how much to qlora 70b on 2 gpus": a count said without a card is quoted on the offered
    # configuration of that count (was the cheapest one, the count ignored).
    quote_count = query.gpu_count if gpu is None and query.vram_gb is None \
        and query.gpu_count is not None and query.gpu_count > 1 else None
    want_quote = _quote_wanted(query)
    methods = _methods_for(query, cat)
    if intent == "cost" and query.hours is None and all(
        cat.method(m).assumed_gpu_hours is None for m in methods
    ):
        # Serving has no illustrative duration in the seed: ask rather than invent one.
        raise NoAssumedHours(method=methods[0])
    answers = tuple(
        _method_answer(
            cat, m, params, gpu, count, query.vram_gb, query.hours, want_quote,
            query.gpu_memory_gb, quote_on, quote_count,
        )
        for m in methods
    )
    primary = _primary(query, answers, cat)
    native = native_weights(query, cat)
    variant_fits: tuple[Fit, ...] = ()
    if query.gpu_variant_assumed and gpu is not None and primary is not None:
        variant_fits = tuple(
            fit(primary.memory.method, params, v.id, count, catalogue=cat)
            for v in cat.variants(gpu)
            if v.vram_gb != gpu.vram_gb
        )
    ratio = full_vs_qlora(params, cat, gpu.id if gpu is not None else None, count) \
        if intent == "cost" and query.method is None else None
    # "How much for 10 h of H100, and does LoRA 70B fit?": the hours on the configuration
    # asked about cost what they cost, also when the quote beside is for one that fits.
    asked_quote: Quote | None = None
    run = primary.quote if primary else None
    if intent == "cost" and query.hours is not None and gpu is not None and gpu.rented \
            and gpu.usd_per_gpu_hour is not None and count <= cat.limits.max_gpus \
            and run is not None and (run.gpu, run.gpu_count) != (gpu.id, count):
        asked_quote = quote(gpu.id, count, query.hours, catalogue=cat)
    return _made_answer(
        **base,
        vram_gb=query.vram_gb,
        methods=answers,
        primary=primary,
        quote=primary.quote if primary else None,
        ratio=ratio,
        savings=tuple(savings(gpu.id, catalogue=cat)) if gpu else (),
        variant_fits=variant_fits,
        asked_quote=asked_quote,
        native=native,
        native_memory=memory(native.method, params, cat) if native is not None else None,
    )


def _quote_wanted(query: Query) -> bool:
    """A cost, hours or a recommendation asked, or "…and what would it cost on an L40S" after
    the largest model a card holds: _build quotes the run."""
    if _speed_alone(query):
        return False
    return query.intent in ("cost", "recommend", "time") or query.hours is not None \
        or bool(query.largest and query.other_gpus)


def _speed_alone(query: Query) -> bool:
    """"how many tokens/sec training throughput should I expect … on a 4090": the rate is the
    question, with no data, hours or price to make a run of; no run is priced (was the
    seed's illustrative 10 hours on a rented L40S under the 4090's rate)."""
    return query.train_speed_asked and query.hours is None and query.dataset_tokens is None \
        and not query.dataset_samples and not query.rent_asked and query.intent == "time"


def _largest_each(query: Query, gpu_a: str, count_a: int, gpu_b: str, count_b: int, cat: Catalogue
                  ) -> tuple[str, tuple[tuple[Decimal, str | None], ...]] | None:
    """"whats better for finetuning, 2x 3090 or 1x 4090?": no model named, so what each side
    trains: the largest model it holds by the detailed estimate at typical settings, and one
    model of that size (was the two datasheets alone, no answer to "better"). Not when their
    speed is asked ("what's faster for training, …"): the datasheets' throughput then leads."""
    # "3090 vs 4090 for lora": a training method named is training said (was the datasheets
    # alone, the model it depends on unasked)
    trains = query.training_said or (
        query.method is not None and cat.method(query.method).kind == "training")
    if not trains or query.inference or query.rig or query.other_rig \
            or query.cards_speed_asked or (query.method is not None and cat.method(query.method).kind != "training"):
        return None
    each: list[tuple[Decimal, str | None]] = []
    method = ""
    for gpu, count in ((gpu_a, count_a), (gpu_b, count_b)):
        side = query.model_copy(update={
            "intent": "fit", "largest": True, "gpu": gpu, "gpu_count": count,
            "other_gpus": (), "other_gpu_count": None})
        found = _answer(side, cat)
        top = found.largest_detailed or (
            (found.largest.model_params_b, found.largest_names)
            if found.largest is not None and found.largest.model_params_b is not None else None)
        if found.error is not None or top is None or found.primary is None:
            return None
        method = found.primary.memory.method
        each.append((top[0], top[1][0] if top[1] else None))
    return method, tuple(each)


def _igpu_compared(query: Query, cat: Catalogue, base: dict[str, Any], gpu: GPU) -> Answer:
    """"780m o 4060 para llama 3 8b": the integrated GPU's share of the RAM said against the
    card's own memory, for the model asked (IgpuCompare)."""
    assert query.igpu is not None
    igpu = cat.igpu(query.igpu)
    ram = query.igpu_ram_gb
    share = igpu.usable_gb(ram) if ram is not None else None
    params = query.params_b
    if params is None:
        return _made_answer(**base, igpu_compare=IgpuCompare(
            igpu.id, gpu.id, ram, share, None, None, None))
    method: MethodId = _asked_method(query, cat)

    # Each side as its own question would be answered ("can i qlora llama 3 8b on a 780m with
    # 32gb ram", "… on a 4060"): the verdict and figure that answer leads with (was the planning
    # rule's 6 GB of 8 GB ✅ on the 4060, where its own answer says ❌, 12.8 GB per GPU). Each
    # side's figures from its Fit alone (_side_check), no answer built for it (was one whole
    # answer a side, and two more when BF16 fell back to 4-bit).
    alone = {"intent": "fit", "igpu_compared": False, "other_gpus": (),
             "other_gpu_count": None, "gpu_count": None, "method": None, "methods_named": ()}
    igpu_alone = query.model_copy(update={**alone, "gpu": None, "vram_gb": share})
    card_alone = query.model_copy(update={**alone, "igpu": None, "igpu_ram_gb": None,
                                          "vram_gb": None})

    def sides(m: MethodId) -> tuple[Fit | None, Fit, FitCheck | None, FitCheck | None,
                                    tuple[str, int, int] | None]:
        on_igpu = fit_vram(m, params, share, 1, catalogue=cat) if share is not None else None
        on_card = fit(m, params, gpu.id, 1, catalogue=cat)
        said = {"method": m, "serving_precision_said": query.serving_precision_said
                or cat.method(m).kind == "inference"}
        igpu_check = _side_check(igpu_alone.model_copy(update=said), m, on_igpu, cat)[0] \
            if on_igpu is not None else None
        card_check, assumed = _side_check(card_alone.model_copy(update=said), m, on_card, cat)
        if on_igpu is not None and igpu_check is not None:
            on_igpu = replace(on_igpu, fits=igpu_check.detailed_fits)
        if card_check is not None:
            on_card = replace(on_card, fits=card_check.detailed_fits)
        return on_igpu, on_card, igpu_check, card_check, assumed

    on_igpu, on_card, igpu_check, card_check, assumed = sides(method)
    bf16: Decimal | None = None
    if method == "inference_bf16" and not query.serving_precision_said \
            and not (on_card.fits and (on_igpu is None or on_igpu.fits)):
        # Both are machines at home, where llama.cpp, Ollama and LM Studio load 4-bit weights
        # (_run_at_home): compared there, and said, when BF16 misses on either side.
        bf16 = card_check.detailed_per_gpu_gb if card_check is not None else on_card.estimate_gb
        method = "inference_int4"
        on_igpu, on_card, igpu_check, card_check, assumed = sides(method)
    return _made_answer(**base, igpu_compare=IgpuCompare(
        igpu.id, gpu.id, ram, share, method, on_igpu, on_card, bf16, igpu_check, card_check,
        assumed))


def _side_check(query: Query, method: MethodId, side: Fit, cat: Catalogue
                ) -> tuple[FitCheck | None, tuple[str, int, int] | None]:
    """One configuration's detailed check where its own answer would lead with it (settings
    stated, or one method's typical ones: _typical_leads), with the sequence and batch assumed
    when none was said; None where the planning rule leads."""
    detailed = _side_detailed(query, method, side, cat)
    if detailed is None or detailed.check is None or not (
            detailed.stated or _typical_kind_leads(query, detailed.kind)):
        return None, None
    assumed = (detailed.kind, detailed.seq_len, detailed.micro_batch) \
        if "seq_len" in detailed.defaults and "batch" in detailed.defaults else None
    return detailed.check, assumed


def _side_detailed(query: Query, method: MethodId, side: Fit, cat: Catalogue
                   ) -> DetailedAnswer | None:
    """The detailed estimate of one configuration's run, from its Fit alone: what the single
    configuration's answer details, with no answer built for it."""
    assert side.params_b is not None
    primary = MethodAnswer(memory=memory(method, side.params_b, cat), fit=side)
    shell = Answer(query=query, intent="fit", params_b=side.params_b, primary=primary,
                   methods=(primary,))
    try:
        return detailed_for(query, shell, cat)
    except RulesError:  # a side its own question would refuse: the planning rule's line
        return None


def _sides_checked(query: Query, method: MethodId, a: Fit | None, b: Fit | None,
                   cat: Catalogue) -> tuple[FitCheck, FitCheck] | None:
    """Each side's detailed check where a comparison judges its sides by it, as
    _compare_by_detail does (settings stated, or typical ones leading); None where the planning
    rule judges them."""
    if a is None or b is None or not (
            wants_details(query) or _typical_kind_leads(query, cat.method(method).kind)):
        return None
    checks = []
    for side in (a, b):
        detailed = _side_detailed(query, method, side, cat)
        if detailed is None or detailed.check is None:
            return None
        checks.append(detailed.check)
    return checks[0], checks[1]


def _compare(query: Query, cat: Catalogue, base: dict[str, Any], gpu: GPU | None) -> Answer:
    if query.igpu_compared and gpu is not None:
        return _igpu_compared(query, cat, base, gpu)
    count = base["gpu_count"] or 1
    # "una B200 o dos H200": each side its own count; a count said once applies to both.
    count_b = query.other_gpu_count if query.other_gpu_count is not None else count
    # "4x H100 vs 8x H100": the same GPU at another count is another configuration.
    # "a 3090 and a 4090 vs 2 3090s": two machines, each answered as the card bounding it.
    others = [g for g in query.other_gpus
              if g != query.gpu or count_b != count or query.rig != query.other_rig]
    if gpu is None or not others:
        return _made_answer(**base, missing="second_gpu")
    method: MethodId = _asked_method(query, cat)  # a model published in FP8: as published
    params = query.params_b
    comparison = compare(
        method, params, gpu.id, others[0], count, catalogue=cat, count_b=count_b,
        memory_a=query.gpu_memory_gb, rig_a=query.rig, rig_b=query.other_rig,
    )
    # Whether each side holds BF16 by the estimate the sides are then judged by: the detailed
    # one where it leads ("2x a100 vs 2x h100 for llama 3 70b inference": 72.4 GB per GPU
    # holds on either, as "llama 3 70b in bf16 on 2x a100" says; was "Neither holds it in BF16
    # (168 GB)" by the planning rule, then compared in 8-bit).
    bf16_checks = _sides_checked(query, method, comparison.a, comparison.b, cat) \
        if method == "inference_bf16" and not query.serving_precision_said \
        and params is not None and comparison.a is not None and comparison.b is not None \
        else None
    held_bf16 = (bf16_checks[0].detailed_fits, bf16_checks[1].detailed_fits) \
        if bf16_checks is not None else (
            comparison.a is not None and comparison.a.fits,
            comparison.b is not None and comparison.b.fits)
    if method == "inference_bf16" and not query.serving_precision_said and params is not None \
            and comparison.a is not None and comparison.b is not None \
            and not (held_bf16[0] and held_bf16[1]) \
            and _run_at_home(query, gpu) and _run_at_home(query, cat.gpu(others[0])):
        # "2x 3090 vs 1x 4090 for running 70b models": one side or neither holds BF16, and on
        # cards at home llama.cpp, Ollama and LM Studio load 4-bit weights (_run_at_home):
        # compared there (was 168 GB of 48 GB against 168 GB of 24 GB, a comparison of two
        # misses; "mac 512gb vs 2x3090 for 70b" was "Only the M3 Ultra holds it", in BF16).
        method = "inference_int4"
        comparison = compare(
            method, params, gpu.id, others[0], count, catalogue=cat, count_b=count_b,
            memory_a=query.gpu_memory_gb, rig_a=query.rig, rig_b=query.other_rig,
        )
    elif method == "inference_bf16" and not query.serving_precision_said and params is not None \
            and comparison.a is not None and comparison.b is not None \
            and not held_bf16[0] and not held_bf16[1] \
            and query.rate_asked is None and not query.generate_cost:
        # "whats faster for inference, a100 or h100, for mixtral": neither holds BF16 (112.1 GB
        # of 80): compared where one of them holds it, 8-bit (FP8 or INT8, as servers run it),
        # else 4-bit, and said (was two misses, no speed weighed).
        for fewer in ("inference_int8", "inference_int4"):
            again = compare(
                fewer, params, gpu.id, others[0], count, catalogue=cat, count_b=count_b,
                memory_a=query.gpu_memory_gb, rig_a=query.rig, rig_b=query.other_rig,
            )
            if (again.a is not None and again.a.fits) or (again.b is not None and again.b.fits):
                base["compare_bf16_gb"] = comparison.a.estimate_gb
                base["compare_bf16_checks"] = bf16_checks or ()
                method, comparison = fewer, again
                break
    # "H100 vs A100 for 10 hours": what those hours cost on each side we rent with a price;
    # the first side's is the JSON's (the configuration asked about first).
    quotes: tuple[Quote, ...] = ()
    other = cat.gpu(others[0])
    priced_b = other.rented and other.usd_per_gpu_hour is not None \
        and count_b <= cat.limits.max_gpus
    scaled = scale_hours(query.hours, gpu.id, other.id, count, count_b, catalogue=cat) \
        if query.hours_measured and query.hours is not None and query.other_hours is None \
        else None
    if scaled is not None:
        # "It took 6 h on my 3090, how long on an H100?": the H100's hours are scaled from the
        # measured ones, never the 6 h themselves; priced at both ends of the range.
        base.update(scaled_time=scaled, scaled_quotes=_scaled_quotes(
            scaled, other.id, count_b, cat) if priced_b else ())
    held_a, held_b = comparison.a, comparison.b
    if query.tokens_per_second is not None and query.hours is None and held_a is not None \
            and held_b is not None and not held_b.fits \
            and (held_a.fits or held_b.vram_gb < held_a.vram_gb):
        base["rate_unfit"] = held_b
    elif query.tokens_per_second is not None and query.hours is None:
        base["scaled_rate"] = scale_rate(
            query.tokens_per_second, gpu.id, other.id, count, count_b,
            decode=query.inference, catalogue=cat,
            layer_split=cat.method(method).quant is not None or query.runner is not None)
    if query.hours is not None:
        # "an H100 for 5 hours or an A100 for 12 hours": each side at its own hours.
        sides = ((gpu, count, query.hours),
                 (other, count_b, scaled.slowest_hours if scaled is not None
                  else query.other_hours or query.hours))
        quotes = tuple(
            quote(g.id, n, h, catalogue=cat) for g, n, h in sides
            if g.rented and g.usd_per_gpu_hour is not None and n <= cat.limits.max_gpus
        )
    first = quotes[0] if quotes and (quotes[0].gpu, quotes[0].gpu_count) == (gpu.id, count) \
        else None
    base.update(compare_quotes=quotes, quote=first)
    if params is None:
        largest = _largest_each(query, gpu.id, count, others[0], count_b, cat)
        return _made_answer(**base, comparison=comparison,
                      compare_largest=largest[1] if largest is not None else None,
                      compare_largest_method=largest[0] if largest is not None else None)
    primary = MethodAnswer(
        memory=memory(method, params, cat),
        fit=comparison.a,
        cheapest=cheapest_fit(method, params, cat),
        trl_flags=cat.method(method).trl_flags,
    )
    return _made_answer(**base, comparison=comparison, primary=primary, methods=(primary,))


def _kv_size(query: Query, detailed: DetailedAnswer, cat: Catalogue) -> KvSize:
    """The KV cache the detailed estimate holds per GPU, and one token's share of it over the
    model's KV layers (layers × 2 (K, V) × KV heads × head size × bytes, or the MLA latent's
    values × bytes) when that product times the tokens gives the same term: no sliding window
    shorter than the context, a type stored value by value, the cache on one GPU."""
    kv_gb = detailed.breakdown.term("kv_cache")
    size = KvSize(model_name=detailed.model_name, params_b=detailed.params_b,
                  seq_len=detailed.seq_len, micro_batch=detailed.micro_batch,
                  gpus=detailed.gpus, kv_gb=kv_gb, kv_type=query.kv_cache_type, per_token=None, layers=None,
                  kv_heads=None, head_size=None, latent=None, value_bytes=None)
    model = estimator_model(query, detailed.params_b, cat)
    arch = model.arch if isinstance(model, ModelSpec) else None
    # Bytes a value, as the estimator counts them (rules/data/detailed.toml): a whole number
    # for a type stored value by value (BF16, FP8), not for llama.cpp's blocks with scales.
    constants = load_constants()
    kv_type = query.kv_cache_type
    value = constants[f"kv_cache.{kv_type}"] if kv_type else constants["inference.kv_cache"]
    value_bytes = int(value) if value == int(value) else None
    if arch is None or value_bytes is None or detailed.gpus != 1 \
            or arch.kv_cache_layer_tokens(detailed.seq_len) != arch.kv_layers * detailed.seq_len:
        return size
    per_token = arch.kv_layers * arch.kv_cache_values_per_token_layer() * value_bytes
    whole = Decimal(per_token * detailed.seq_len * detailed.micro_batch) / 10**9
    if abs(whole - kv_gb) > Decimal("0.1"):
        return size  # the estimate counts the cache otherwise: its term alone is said
    return replace(size, per_token=per_token, layers=arch.kv_layers, value_bytes=value_bytes,
                   kv_heads=None if arch.is_mla else arch.kv_heads,
                   head_size=None if arch.is_mla else arch.head_size,
                   latent=arch.kv_cache_values_per_token_layer() if arch.is_mla else None)


def _kv_saving(
    query: Query, answer: Answer, detailed: DetailedAnswer, cat: Catalogue
) -> KvSaving | None:
    """The detailed estimate with the KV cache in BF16 and in the type asked (q8_0 and q4_0,
    llama.cpp's, when none is): what quantizing the cache saves there."""
    def with_type(kv_type: str | None) -> DetailedAnswer | None:
        if kv_type == query.kv_cache_type:
            return detailed
        return detailed_for(
            query.model_copy(update={"kv_cache_type": kv_type, "details": True}), answer, cat)

    base = with_type(None)
    if base is None:
        return None
    rows = []
    for kv_type in (query.kv_cache_type,) if query.kv_cache_type else ("q8_0", "q4_0"):
        one = with_type(kv_type)
        if one is None:
            return None
        rows.append(KvRow(kv_type=kv_type, total_gb=one.breakdown.per_gpu_gb,
                          kv_gb=one.breakdown.term("kv_cache")))
    return KvSaving(method=detailed.method, seq_len=detailed.seq_len,
                    micro_batch=detailed.micro_batch, base_gb=base.breakdown.per_gpu_gb,
                    base_kv_gb=base.breakdown.term("kv_cache"), rows=tuple(rows))
