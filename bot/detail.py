"""The detailed estimate behind a fit or memory answer: where the memory goes for the user's
settings (sequence length, batch, checkpointing, LoRA rank), whether that disagrees with the
planning rule about the fit, and — from a dataset size — the training time and its quote.

When the user states a setting it leads the answer (verdict, JSON fits, quote); otherwise it is
computed at typical settings for the JSON (detailed_gb) and a reference line, and the seed's
planning figure leads (DESIGN.md §1, §3). Facts only, no prose: the template `detailed.html.j2` and `bot.charts` word them per locale.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import ROUND_HALF_UP, Decimal
from functools import partial
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, Any, Final, Literal

from pydantic import ValidationError

from bot.i18n import N_
from bot.render.format import Formatter
from bot.understand.parse import NIGHT_HOURS, TRAINER_BATCH
from bot.understand.query import Attention, Intent, Optimizer, Precision, Query
from bot.understand.torchtune_configs import TORCHTUNE_CONFIGS
from rules.capacity import (
    SEARCH_LIMIT,
    DecodeBound,
    LongestContext,
    PrefillBound,
    attention_flops,
    decode_upper_bound,
    longest_fitting,
    prefill_seconds,
    prefill_upper_bound,
    prefill_weights_flops,
    serving_utilization,
    serving_utilization_before,
    serving_utilization_url,
    tgi_memory_fraction,
    to_pflop,
    vllm_batched_tokens,
    vllm_batched_tokens_defaults,
    vllm_graphs_since,
    vllm_share_parts,
)
from rules.catalogue import Catalogue, load_catalogue
from rules.errors import RulesError
from rules.estimator import (
    DEFAULT_PREFILL_CHUNK,
    Breakdown,
    OptimizerName,
    Parallel,
    estimate_inference,
    estimate_training,
    load_constants,
    resolve_shape,
)
from rules.fit import Fit, capacity_per_gpu, fit, offered_fits
from rules.model_catalogue import ModelSpec
from rules.quote import Quote, paid_usd, quote
from rules.schema import GPU, Method, MethodId
from rules.training_time import (
    AttentionFlops,
    TrainingTime,
    estimate_training_time,
    gpu_hours_from_throughput,
)

if TYPE_CHECKING:  # bot.answer will import this module to hold a DetailedAnswer
    from bot.answer import Answer

__all__ = [
    "DEFAULT_GRAD_CKPT",
    "DEFAULT_LORA_RANK",
    "DEFAULT_MICRO_BATCH",
    "DEFAULT_SEQ_LEN",
    "TERM_LABELS",
    "Assumption",
    "DetailedAnswer",
    "FitCheck",
    "Line",
    "RunSettings",
    "TrainingEstimate",
    "VllmShare",
    "chart_callback_args",
    "chart_candidates",
    "chart_query",
    "check_on",
    "decode_bound",
    "detailed_check",
    "detailed_for",
    "estimate_on",
    "estimate_run",
    "estimator_model",
    "host_ram",
    "longest_context",
    "offload_facts",
    "run_settings",
    "serving_share",
    "settings_with",
    "typical_micro",
    "usable_per_gpu",
    "vllm_share_facts",
    "wants_details",
]

# Defaults when the user gives only some settings: a common SFT setup (Hugging Face TRL's
# SFTConfig max_length is 1024, but 2048 is the usual Llama recipe); every one is stated.
DEFAULT_SEQ_LEN = 2048
DEFAULT_MICRO_BATCH = 1
# Checkpointing on: the tool the replies recommend, TRL (--load_in_4bit --use_peft), turns it on
# by default (gradient_checkpointing=True in every TRL config since v0.22, huggingface/trl
# trl/trainer/base_config.py @f2cd5771, as bot.understand.settings.TRL cites), so the typical
# settings estimate the run the recommended command makes.
DEFAULT_GRAD_CKPT = True
DEFAULT_LORA_RANK = 16
# LitGPT's own defaults (Lightning-AI/litgpt litgpt/finetune/lora.py @26857050, v0.5.13:
# lora_r 8, lora_query and lora_value only, lora_dropout 0.05; one device runs the strategy
# "auto", which checkpoints no activations).
LITGPT_LORA_RANK = 8
# Unsloth patches TRL's configs (SFTConfig, DPOConfig, GRPOConfig...) with its own defaults,
# among them 'optim': 'adamw_8bit' (unslothai/unsloth unsloth/models/rl.py @015bdef0,
# 2026-08-22, the replacements applied to every patched config; its Studio's
# model_defaults/default.yaml and its notebooks say optim: "adamw_8bit" too): a run "with
# unsloth" and no optimizer named steps bitsandbytes' 8-bit AdamW. Its LoRA weights are FP32
# whatever the base (unsloth_zoo training_utils.py prepare_model_for_training @ce232d6c:
# '.lora_A.' / '.lora_B.' get upcast = True, param.data.to(torch.float32)).
UNSLOTH_OPTIMIZER: Final[OptimizerName] = "adam8bit"
LITGPT_LORA_TARGETS = "qv"
# mlx_lm.lora's own defaults (ml-explore/mlx-lm mlx_lm/lora.py @d78bf58e, CONFIG_DEFAULTS):
# "num_layers": 16, "batch_size": 4, "grad_checkpoint": False, "lora_parameters": {"rank": 8,
# "dropout": 0.0, ...}; with no "keys" every linear layer of the trained blocks is adapted
# (mlx_lm/tuner/utils.py linear_to_lora_layers). Its LoRA weights are FP32 (mx.random.uniform,
# mx.zeros: float32 by default) and its Adam keeps its states in their type.
MLX_NUM_LAYERS = 16
MLX_MICRO_BATCH = 4
MLX_LORA_RANK = 8
# ... and "max_seq_length": 2048 (@0304b2836cf27f5986128c771aed9a3078ab3705): longer samples are
# cut there (mlx_lm/tuner/trainer.py iterate_batches, "[WARNING] Some sequences are longer than
# 2048 tokens. The longest sentence … will be truncated to 2048"), so a run timed at longer ones
# says the flag that keeps them whole.
MLX_MAX_SEQ_LENGTH = 2048
DEFAULT_EPOCHS = 1
# PEFT's LoraConfig without target_modules adapts what its per-architecture table says:
# ['q_proj', 'v_proj'] for model_type llama, mistral, mixtral, qwen2, qwen3, gemma, gemma2,
# gemma3_text and opt (huggingface/peft src/peft/utils/constants.py @5d602fdb, 2026-08-21,
# TRANSFORMERS_MODELS_TO_LORA_TARGET_MODULES_MAPPING). The catalogue's models of those types,
# by id (the Llama 3.2 vision models are mllama, Qwen's MoE and VL ones qwen2_moe, qwen3_moe,
# qwen2_vl...: not in the table, PEFT asks for target_modules there, so nothing is assumed).
PEFT_QV_MODELS: Final = re.compile(
    r"llama-[123](?:\.\d)?-\d+b|llama-3\.1-nemotron-(?:70b|nano-8b)|codellama-\d+b|"
    r"tinyllama-1\.1b|vicuna-\d+b|mistral-(?:7b|nemo-12b|small-24b|large-2)|mixtral-8x\d+b|"
    r"qwen1\.5-\d+b|qwen2-\d+(?:\.\d)?b|qwen2\.5-(?:coder-|math-)?\d+(?:\.\d)?b|qwq-32b|"
    r"qwen3-\d+(?:\.\d)?b|gemma-[12]-\d+b|gemma-3-(?:1b|270m)|opt-\d+(?:\.\d)?b"
)
# The tools whose own defaults a run named with them takes (rules/data/detailed.toml tools.*),
# as the reply names them.
TOOL_NAMES: Final = {"llama_factory": "LLaMA-Factory", "peft": "PEFT", "trl": "TRL",
                     "axolotl": "Axolotl"}

# Term names of rules.estimator → English msgids (translated by the template and the chart).
TERM_LABELS: dict[str, str] = {
    "weights": N_("Model weights"),
    "master_weights": N_("FP32 master weights"),
    "optimizer_states": N_("Optimizer states"),
    "lora_adapters": N_("LoRA adapters and their optimizer"),
    "trained_embeddings": N_("Embeddings trained in full (modules_to_save)"),
    "gradients": N_("Gradients"),
    "activations": N_("Activations"),
    "logits": N_("Logits and loss"),
    "backward_overlap": N_("Freed during the backward pass"),
    "optimizer_step": N_("Optimizer step (AdamW temporaries)"),
    "zero_step_grads": N_("ZeRO optimizer step (FP32 copy of the gradients)"),
    "sharding_buffers": N_("FSDP/ZeRO-3 gathered layers"),
    "fsdp_root": N_("Embeddings and output head, unsharded (FSDP root)"),
    "ddp_buckets": N_("DDP gradient buckets"),
    "zero3_grad_bucket": N_("ZeRO-3 gradient bucket"),
    "zero_grad_bucket": N_("ZeRO-1/2 gradient bucket"),
    "reference_model": N_("Reference model (frozen copy)"),
    "dequant_buffer": N_("4-bit dequantization buffer"),
    "int8_dequant_buffer": N_("8-bit dequantization buffer"),
    "cuda_context": N_("CUDA context and kernels"),
    "vllm_non_torch": N_("vLLM's non-torch memory (kernels, buffers)"),
    "cuda_graphs": N_("CUDA graphs"),
    "kv_cache": N_("KV cache"),
    "kv_transient": N_("KV cache growth (one layer copied)"),
    "load_tied_copy": N_("Embedding table loaded twice (until tied)"),
    "attention_scores": N_("Attention scores (eager attention)"),
    "layer_gradients": N_("Gradients of one layer's activations"),
}
# The runtime's own memory is named for the card's vendor: AMD's runs ROCm (HIP), Apple's Metal,
# Intel's oneAPI (Level Zero); "CUDA" was said of an MI300X.
CONTEXT_LABELS: dict[str, str] = {
    "rocm": N_("ROCm/HIP context and kernels"),
    "metal": N_("Metal context and kernels"),
    "xpu": N_("oneAPI (Level Zero) context and kernels"),
}

_SUPERSCRIPT = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")
_TENTH = Decimal("0.1")
AssumptionValue = Decimal | int | str | bool


@dataclass(slots=True)
class Line:
    """One term of the per-GPU breakdown, with the msgid of its label (dataclasses, like the
    estimator's terms: built by this module's code, held by DetailedAnswer as they are)."""

    name: str
    label: str
    gb: Decimal


@dataclass(slots=True)
class Assumption:
    """A stated assumption: a stable code plus the values that fill its sentence."""

    code: str
    params: dict[str, AssumptionValue] = field(default_factory=dict)


@dataclass(slots=True)
class FitCheck:
    """The planning rule and the detailed estimate side by side on the asked configuration
    (a dataclass: built by _check from a Fit and a Breakdown, values already checked)."""

    gpu: str | None  # None when the GPU was given by its memory only
    gpu_count: int
    vram_per_gpu_gb: Decimal  # what the detailed estimate is held to: the share vLLM takes
    planning_gb: Decimal  # the planning estimate for the whole job
    planning_per_gpu_gb: Decimal  # the same, sharded evenly (what the fit rule assumes)
    detailed_per_gpu_gb: Decimal
    planning_fits: bool
    detailed_fits: bool
    disagree: bool
    # vLLM serves it: the share of each GPU it takes (--gpu-memory-utilization, said or its
    # default) and each GPU's whole memory, of which vram_per_gpu_gb is that share.
    utilization: Decimal | None = None
    card_gb: Decimal | None = None
    utilization_said: bool = False
    replicated: bool = False  # DDP named: every GPU holds the whole run (planning_per_gpu_gb too)
    engine: str = "vllm"  # whose share `utilization` is: "tgi" when TGI is named
    # A GPU given by its memory: the size said, per GPU ("24 GB"; its capacity is read as
    # the cards sold at that size are, Catalogue.generic_capacity_gb).
    said_gb: Decimal | None = None


@dataclass(frozen=True, slots=True)
class FasterRun:
    """The same run on an offered configuration where it ends sooner ("any faster option?"):
    its wall-clock hours and what is paid for it in whole blocks."""

    gpu: str
    gpu_count: int
    wall_clock_hours: Decimal
    paid_usd: Decimal
    # Samples of unsaid length (bot.answer): the same run at the shorter sample length.
    short_hours: Decimal | None = None
    short_paid_usd: Decimal | None = None


@dataclass(slots=True)
class TrainingEstimate:
    """Training time from the dataset size and, when possible, its quote.

    problem: why part of it is missing — no configuration holds the model, the GPU has no cited
    peak BF16 TFLOPS (the time is not guessed), its price is not published (no quote), or the
    run is beyond the longest quotable duration.

    A dataclass, as DetailedAnswer: built here from the engine's own results."""

    tokens: int  # dataset tokens x epochs
    epochs: int
    gpu: str | None
    gpu_count: int | None
    asked: bool  # on the user's configuration (else the offered one where the run costs least)
    # The cheapest offered configuration per hour, when the run costs less on another (faster)
    # one: the reply says why it is not timed there.
    cheaper_hour: Fit | None = None
    # Each offered configuration the run was weighed on, with its wall-clock hours there and
    # what is paid for them in whole blocks, least paid first (the one timed leads): "best gpu
    # to train a 1.5b from scratch on 10B tokens" lists them by run cost, as the lead picks.
    paid_runs: tuple[tuple[Fit, Decimal, Decimal], ...] = ()
    # Among those, one paid the same blocks as the run timed that ends it in at most half its
    # hours (1× H100 27 h or 8× H100 3.4 h, both 3 blocks): it and its wall-clock hours.
    same_paid_faster: tuple[Fit, Decimal] | None = None
    problem: Literal["no_config", "no_peak_tflops", "no_price", "too_long"] | None = None
    flops: Decimal | None = None
    flops_per_param_token: Decimal | None = None  # k in k·N·D
    attention: AttentionFlops | None = None  # attention's own FLOPs a token, in `flops` beside k·N·D
    params_b: Decimal | None = None  # N: the parameters a token goes through (MoE: active)
    moe: bool = False
    mfu: Decimal | None = None
    mfu_assumed: bool = False
    peak_tflops: Decimal | None = None
    # "fp16": the GPU has no BF16 (T4, V100): timed at its FP16 peak, FP16 mixed precision.
    peak_precision: Literal["bf16", "fp16", "fp32"] = "bf16"
    peak_source: str | None = None  # the document the peak is read in (GPU.peak_source)
    peak_derived: bool = False  # worked out from its per-cycle rate (GPU.peak_derived)
    peak_fp32_accumulate: bool = False  # its "with FP32 accumulate" row (GPU.peak_fp32_accumulate)
    tokens_per_second: Decimal | None = None  # the user's measured throughput per GPU
    # That throughput is more than the card's datasheet peak can compute for this run, even
    # without checkpointing's recomputation: the share of the peak it would take (> 1), the
    # peak, and the hours at the assumed utilisation instead.
    measured_peak_share: Decimal | None = None
    measured_assumed_hours: Decimal | None = None
    measured_assumed_mfu: Decimal | None = None
    gpu_hours: Decimal | None = None
    wall_clock_hours: Decimal | None = None
    quote: Quote | None = None
    # The configuration asked about cannot hold this run by the detailed estimate: the reply
    # leads with that (FitCheck), and the run is timed where it fits. When a shorter sequence
    # fits there, its length and the run's wall-clock hours there (the FLOPs per token do not
    # depend on the length).
    asked_short: bool = False
    asked_seq_len: int | None = None
    asked_hours: Decimal | None = None
    asked_gpu_hours: Decimal | None = None
    asked_fp16: bool = False  # timed there at its FP16 peak (no BF16)
    # The asked configuration holds the run's batch only as a smaller micro-batch with gradient
    # accumulation (the same effective batch and tokens): the largest such micro-batch, its
    # estimate per GPU, and the run timed there at it.
    micro_batch: int | None = None
    micro_batch_gb: Decimal | None = None
    # No micro-batch said: the run is timed at the largest micro-batch up to the Trainer's
    # default (TRAINER_BATCH) that the timed configuration holds, with its estimate per GPU
    # (None: only 1 fits, or the run keeps a tool's own batch).
    typical_micro: int | None = None
    typical_micro_gb: Decimal | None = None
    # Checkpointing was switched off and switching it on makes the run fit there: the
    # estimate per GPU then (asked_hours count its recomputation).
    asked_ckpt_gb: Decimal | None = None
    # The user's own card has no cited peak: the same run timed and quoted on the offered
    # configuration where it costs least.
    rented: TrainingEstimate | None = None
    # A deadline said with no card ("by tomorrow, which gpu"): the hours it allows; the run is
    # timed on the cheapest offered configuration finishing within them, else on the fastest
    # (`deadline_met` False). `slower`: where the run would cost least, and its hours there,
    # when that misses the deadline.
    deadline_hours: Decimal | None = None
    deadline_met: bool | None = None
    slower: tuple[Fit, Decimal] | None = None
    # "too slow?", "any faster option?" after the run on a configuration: every offered
    # configuration where it ends sooner, what is paid there least first.
    faster: tuple[FasterRun, ...] = ()
    # The card asked (one we rent, at a published price) cannot hold the run and more of it
    # can: timed and quoted on the fewest of that card that hold it (gpu, gpu_count), as a
    # user who names a card wants it; `elsewhere`: the run where what is paid for it is least,
    # when that is less than here.
    more_of_asked: bool = False
    elsewhere: TrainingEstimate | None = None

    def of_asked(self) -> dict[str, Any]:
        """What this estimate says of the configuration asked about beside the run it times:
        kept when the run is timed again elsewhere (answer._sample_bracket)."""
        return {name: getattr(self, name) for name in _OF_ASKED}

    @property
    def flops_mantissa(self) -> Decimal | None:
        if self.flops is None or self.flops <= 0:
            return None
        return (self.flops.scaleb(-self._exponent())).quantize(_TENTH, rounding=ROUND_HALF_UP)

    @property
    def flops_power(self) -> str:
        """"10¹⁹": the power of ten that goes with flops_mantissa (language-neutral)."""
        return "10" + str(self._exponent()).translate(_SUPERSCRIPT)

    def _exponent(self) -> int:
        if self.flops is None or self.flops <= 0:
            return 0
        exponent = self.flops.adjusted()
        # 9.96e19 would show as 10.0 × 10¹⁹: carry into the exponent.
        if self.flops.scaleb(-exponent).quantize(_TENTH, rounding=ROUND_HALF_UP) >= 10:
            exponent += 1
        return exponent


_OF_ASKED: Final = ("asked_short", "asked_seq_len", "asked_hours", "asked_gpu_hours",
                    "asked_fp16", "micro_batch", "micro_batch_gb", "asked_ckpt_gb",
                    "cheaper_hour")


@dataclass(slots=True)
class DetailedAnswer:
    """Built only by detailed_for from values the engine already checked (a Breakdown, a Fit,
    the catalogue's method): a dataclass, which costs a fraction of a validated model, one or
    more a question. The Answer that holds it takes it as it is."""

    kind: Literal["training", "inference"]
    method: MethodId
    method_name: str  # its msgid (methods.toml), for the chart's title
    adapter: bool  # LoRA-like: frozen base + adapters (methods.toml family)
    model_id: str | None
    model_name: str | None
    params_b: Decimal
    seq_len: int  # training: tokens per sequence; inference: context (prompt + output)
    micro_batch: int
    grad_ckpt: bool  # training only
    lora_rank: int | None  # LoRA/QLoRA only
    defaults: tuple[str, ...]  # settings not given, taken from the defaults above
    gpus: int  # the breakdown is per GPU of this many
    gpu: str | None  # the asked GPU, if any
    vram_per_gpu_gb: Decimal | None  # the asked configuration's, if any
    per_gpu_gb: Decimal
    breakdown: Breakdown
    check: FitCheck | None  # None when no configuration was asked
    # What the estimate assumed, made by `assumptions` when first read: only a reply that
    # shows the detailed estimate (stated) reads them all; most give only its figure. Not
    # compared: they follow from the settings and the breakdown, which are.
    assumed: Callable[[], tuple[Assumption, ...]] = field(compare=False, repr=False)
    training_time: TrainingEstimate | None
    stated: bool = True  # the user gave a setting (else typical settings, for the JSON)
    vocab: int | None = None  # bare size: the assumed shape's vocabulary (vocab_range_gb)
    # Full fine-tuning without a stated precision: the pure-bf16 figure beside the mixed one.
    bf16_alternative_gb: Decimal | None = None
    # CPU offload: the CPU RAM the offloaded states take for the whole run, and with the
    # buffer margin DeepSpeed's own memory estimator adds.
    host_ram_gb: tuple[Decimal, Decimal] | None = None
    # CPU offload stated and the cheapest offered configuration holds the run only with it:
    # the CPU RAM it needs there (as host_ram_gb), and the cheapest that holds it without
    # offload (None: none does). The instances' CPU RAM is not published (seeds).
    offload_cheapest_host_gb: tuple[Decimal, Decimal] | None = None
    offload_relied: bool = False
    cheapest_without_offload: Fit | None = None
    # The user ran these settings out of memory though the estimate fits them: its total is
    # shown without a fit mark (bot.answer trusts the measurement).
    measured_oom: bool = False
    platform: str = "cuda"  # the asked card's (rules/data/gpus.toml): names its runtime
    # A LoRA or QLoRA on a Mac with no trainer named, estimated as mlx_lm.lora runs it
    # (mlx_assumed): the reply says so.
    mlx_assumed: bool = False
    # (setting, tool) for the defaults above that are the named tool's own (tool_defaults)
    tool_defaults: tuple[tuple[str, str], ...] = ()
    # ... with MLX named ("with mlx", "using mlx-lm"): said as named, at mlx_lm.lora's own
    # defaults where they hold on the Mac; where they do not, their figure (`mlx_defaults_gb`)
    # beside the batch 1 with checkpointing this estimate is of.
    mlx_named: bool = False
    mlx_defaults_gb: Decimal | None = None
    # "on 2 gpus" without a card: the smallest size a card is sold at whose memory holds the
    # per-GPU figure (None: no catalogued card does), and the cheapest offered configuration
    # of that many GPUs that holds it (None: none).
    split_sold_gb: Decimal | None = None
    split_offer: Fit | None = None
    _lines: tuple[Line, ...] | None = field(default=None, compare=False, repr=False)
    _assumed_once: tuple[Assumption, ...] | None = field(default=None, compare=False,
                                                         repr=False)

    @property
    def assumptions(self) -> tuple[Assumption, ...]:
        found = self._assumed_once
        if found is None:
            found = self._assumed_once = self.assumed()
        return found

    @property
    def vocab_range_gb(self) -> tuple[Decimal, Decimal] | None:
        """A bare size: the per-GPU total with the logits term over the 32k-256k vocabularies
        of the catalogue's decoders (only the lead of a one-method answer shows it)."""
        return None if self.vocab is None else _vocab_range(self.breakdown, self.vocab)

    def vocab_within(self, capacity_gb: Decimal) -> int | None:
        """A bare size whose vocabulary range straddles `capacity_gb`: the largest vocabulary
        (tokens, rounded down to 1,000) that still fits in it, else None."""
        straddle = self.vocab_range_gb
        logits = self.breakdown.term("logits")
        if straddle is None or self.vocab is None or logits == 0 \
                or not straddle[0] <= capacity_gb < straddle[1]:
            return None
        room = capacity_gb - (self.breakdown.per_gpu_gb - logits)
        return int(room / logits * self.vocab) // 1000 * 1000

    @property
    def lines(self) -> tuple[Line, ...]:
        """The breakdown's terms with their labels, those of 0 GB left out (e.g. a paged
        optimizer's states, or terms under 0.05 GB). Made when first read: only a reply that
        shows the detailed estimate (stated) or its chart reads them."""
        lines = self._lines
        if lines is None:
            lines = tuple(
                Line(name=t.name, label=CONTEXT_LABELS.get(self.platform, TERM_LABELS[t.name])
                     if t.name == "cuda_context" else TERM_LABELS.get(t.name, t.name), gb=t.gb)
                for t in self.breakdown.terms
                if t.gb != 0
            )
            self._lines = lines  # a cache of the breakdown's
        return lines


# ----------------------------------------------------------------------------- building


_SETTINGS = (
    "seq_len", "batch_size", "lora_rank", "grad_ckpt", "dataset_tokens", "lora_targets",
    "precision", "optimizer", "cpu_offload", "offload_params", "kbit_fp32", "litgpt", "mlx", "torchtune", "trained_layers", "old_bnb", "sync_each_batch", "activation_offload", "optimizer_in_backward",
    "double_quant", "trained_embeddings", "cut_ce",
    "attention", "compiled", "chunked_loss", "packed", "fp32_weights", "new_tokens",
    "prompt_tokens", "grad_accumulation", "sharding", "kernels", "lora_dropout", "quant",
    "paired", "reference_model", "cpu_offload_gib", "sft_config", "peft_config",
    "axolotl_config",
)
_settings_of = attrgetter(*_SETTINGS)


_LORA_METHODS: Final = ("lora", "qlora", "lora_int8")


def wants_details(query: Query) -> bool:
    """The user gave a setting the planning rule ignores, a dataset size, or asked for details:
    the reply then leads with the detailed estimate."""
    return query.details or _settings_of(query).count(None) < len(_SETTINGS) or (
        # LLaMA-Factory's own rank taken: the detailed estimate says so
        query.tool == "llama_factory" and query.lora_rank is None
        and query.method in _LORA_METHODS)


def estimator_model(query: Query, params_b: Decimal, cat: Catalogue) -> ModelSpec | Decimal:
    """What the estimator is given for the query's model: its catalogue entry, else the size."""
    return _model(query, params_b, cat)


def estimate_on(
    query: Query, method: Method, model: ModelSpec | Decimal, asked: Fit
) -> Breakdown | None:
    """The detailed estimate per GPU of `method` on the asked configuration, for the query's
    settings and the defaults for the rest (bot.remedy tries changed settings with it)."""
    return _estimate(query, method, model, asked.gpu_count, asked)[0]


def estimate_on_cards(
    query: Query, method: Method, model: ModelSpec | Decimal, gpus: int, per_card: Decimal
) -> Breakdown | None:
    """estimate_on for `gpus` cards of `per_card` GB each (capacity_per_gpu's): a search over
    the GPU count builds no Fit per count tried, and the query's gpu_count is not read."""
    return _estimate_on(query, method, model, gpus, per_card)[0]


def serving_share(query: Query, method: Method, *, vllm: bool = False) -> Decimal | None:
    """The share of each GPU's memory vLLM takes when it serves the query (named, or `vllm`):
    the --gpu-memory-utilization said, else its default (rules/data/serving.toml). Weights,
    activations and the KV cache must all fit within it. None for another engine or training:
    the whole GPU."""
    if method.kind == "inference" and query.engine == "tgi" \
            and query.gpu_memory_utilization is None:
        return tgi_memory_fraction()  # TGI named: its own share of each GPU, not vLLM's
    if method.kind != "inference" or not (vllm or query.engine == "vllm"):
        return None
    return query.gpu_memory_utilization or serving_utilization()


def usable_per_gpu(query: Query, method: Method, capacity_gb: Decimal) -> Decimal:
    """The memory of one GPU (`capacity_gb`, capacity_per_gpu's) the detailed estimate of
    `method` for the query must fit in: vLLM's share of it when vLLM serves, else all of it."""
    share = serving_share(query, method)
    return capacity_gb if share is None else capacity_gb * share


@dataclass(frozen=True, slots=True)
class VllmShare:
    """"Why does vLLM take 90 % of my VRAM?": the share of each GPU it takes (said, else its
    default), the page that documents it, and that share of the asked GPU, if any."""

    utilization: Decimal
    said: bool
    url: str | None
    gpu: str | None
    gpu_count: int
    card_gb: Decimal | None  # each GPU's memory, as the detailed estimate counts it
    budget_gb: Decimal | None  # the share of it vLLM takes
    # vLLM's default before its current one and the release that changed it (0.9, v0.21.0).
    previous: Decimal | None = None
    changed_in: str | None = None
    current: Decimal | None = None  # its default now
    older: bool = False  # the user sees the previous default: an older release, its figure


def vllm_share_facts(query: Query, asked: Fit | None, cat: Catalogue) -> VllmShare:
    """vLLM's preallocation on the asked configuration (`asked`, else the GPU named): the
    share said, else the default, or the default before v0.21.0 when the user sees that one
    ("takes 90% of my vram": an older release)."""
    said = query.gpu_memory_utilization
    before = serving_utilization_before()
    older = said is None and before is not None and query.vllm_share_seen == before[0]
    share = said or (before[0] if older and before is not None else serving_utilization())
    card: Decimal | None = None
    gpu, count = query.gpu, query.gpu_count or 1
    if asked is not None:
        card, gpu, count = capacity_per_gpu(asked), asked.gpu, asked.gpu_count
    elif gpu is not None:
        card = cat.capacity_gb(cat.gpu(gpu), query.gpu_memory_gb)
    return VllmShare(utilization=share, said=said is not None, url=serving_utilization_url(),
                     gpu=gpu, gpu_count=count, card_gb=card,
                     budget_gb=card * share if card is not None else None,
                     previous=before[0] if before is not None else None,
                     changed_in=before[1] if before is not None else None,
                     current=serving_utilization(), older=older)


def check_on(
    query: Query, method: Method, model: ModelSpec | Decimal, asked: Fit
) -> tuple[FitCheck, int] | None:
    """The detailed verdict on the asked configuration and the sequence length it assumed,
    as detailed_for gives them (check, seq_len), without the rest of the detailed answer
    (bot.answer's quant pick asks it of each type it tries)."""
    breakdown, _, seq_len, _, _, _ = _estimate(query, method, model, asked.gpu_count, asked)
    return None if breakdown is None else (_checked(query, method, asked, breakdown), seq_len)


def _model(query: Query, params_b: Decimal, cat: Catalogue) -> ModelSpec | Decimal:
    model_id = query.model_id
    if model_id is None and query.shape_model is not None and params_b == query.params_b:
        model_id = query.shape_model  # "qwen 7b": Qwen2.5 7B's shape, not a generic one
    if model_id is not None:
        try:
            return cat.models.get(model_id)
        except KeyError:
            pass  # an id the catalogue lost: fall back to the size, with an assumed shape
    return params_b


def shape_assumed_from(query: Query, model: ModelSpec | Decimal) -> str | None:
    """The name of the model whose shape a bare brand and size was given ("qwen 7b": Qwen2.5
    7B), for the reply to say; None when the model was named or no shape was taken."""
    if query.model_id is None and isinstance(model, ModelSpec) and model.id == query.shape_model:
        return model.name
    return None


def _positive(value: int | None, default: int) -> int:
    return value if value is not None and value > 0 else default


def detailed_for(
    query: Query,
    answer: Answer,
    catalogue: Catalogue,
    *,
    tokens_per_second: Decimal | None = None,
) -> DetailedAnswer | None:
    """The detailed estimate for the answer's primary method, or None when the user gave no
    setting the planning rule ignores (nor asked for details) or there is nothing to detail.

    tokens_per_second: the user's measured throughput per GPU, replacing the assumed MFU."""
    if answer.error or answer.missing:
        return None
    primary = answer.primary
    params_b = answer.params_b if answer.params_b is not None else query.params_b
    if primary is None or params_b is None:
        return None
    cat = catalogue
    method = cat.method(primary.memory.method)
    model = _model(query, params_b, cat)
    asked = primary.fit
    # "2 GPUs" without a type: still sharded two ways.
    gpus = asked.gpu_count if asked is not None else (query.gpu_count or 1)
    breakdown, defaults, seq_len, batch, ckpt, rank = _estimate(query, method, model, gpus,
                                                               asked)
    if breakdown is None:
        return None
    training = method.kind == "training"
    check = _checked(query, method, asked, breakdown) if asked is not None else None
    time: TrainingEstimate | None = None
    if training and query.dataset_tokens is not None and query.dataset_tokens >= 1:
        epochs = _positive(query.epochs, DEFAULT_EPOCHS)
        # A throughput the user measured on the card asked was a run that card held.
        ran = tokens_per_second is not None and asked is not None and asked.gpu == query.gpu
        short = asked is not None and check is not None and not check.detailed_fits and not ran
        # A run the asked configuration cannot hold (the planning rule may say it fits: "QLoRA
        # 8B on a 3080" holds 6 GB, not the 12.8 GB of a 2048-token sequence) is timed on an
        # offered configuration where the detailed estimate fits, not on the asked one.
        # No configuration asked ("how much to full finetune qwen2.5 32b … on 200M tokens"):
        # timed where the detailed estimate fits too, and only those are said to cost less per
        # hour (was "8× H100 costs less per hour but is slower", 87.1 GB per GPU of 85.52).
        options = tuple(detailed_options(query, answer, cat)) if short or asked is None \
            else primary.options
        if short and query.gpu_hours_asked and asked is not None and asked.gpu is not None:
            # "how many H100 hours to full finetune qwen2.5 32b on 100M tokens": the card's own
            # GPU-hours were asked, so the run is timed on the cheapest configuration of it that
            # holds the run, when one does (was 8× B200, where it costs least: no H100 hours).
            own = tuple(o for o in options if o.gpu == asked.gpu)
            options = own or options
        micro = _held_micro_batch(query, method, model, gpus, asked, batch) \
            if short and asked is not None and query.intent == "time" else None
        if micro is not None:
            # "~2k steps at bs16 … on an a100, how long": 16 is the effective batch people keep
            # with accumulation, so the run stays the one described, on the card asked (was a
            # shorter sequence there, then the time on another GPU).
            assert asked is not None and asked.gpu is not None
            time = _training_time(
                model, method, int(query.dataset_tokens), ckpt, asked, primary.options, cat,
                tokens_per_second, epochs, held=True, reference=bool(query.reference_model),
                # A card we do not rent (a 3090): the run where we rent it for least beside it.
                rent=query.rent_asked or query.intent == "cost" or not cat.gpu(asked.gpu).rented,
                rent_on=_rent_on(query, answer, cat),
                tokens_per_step=seq_len * micro[0], seq_len=seq_len,
                trained=breakdown.trained_share)
            time = replace(time, micro_batch=micro[0], micro_batch_gb=micro[1])
        else:
            typical = typical_micro(query, method, model) if tokens_per_second is None \
                else None
            time = _training_time(
                model, method, int(query.dataset_tokens), ckpt, None if short else asked,
                options, cat, tokens_per_second, epochs,
                held=check is not None and check.detailed_fits,
                reference=bool(query.reference_model),
                rent=query.rent_asked or query.intent == "cost", tokens_per_step=seq_len * batch,
                seq_len=seq_len,
                rent_on=_rent_on(query, answer, cat),
                within=deadline_hours(query), faster=query.faster_asked,
                trained=breakdown.trained_share,
                micro_for=typical,
            )
            more = _more_of_asked(query, method, model, params_b, asked, cat) \
                if short and asked is not None and tokens_per_second is None else None
            if more is not None:
                # "how long to full finetune llama 3 8b on an h100, 1B tokens": one H100 does
                # not hold it, two do; timed there, as asked of the H100, with where it costs
                # least beside it when that is less (was timed on 1× B200 alone).
                mine = _training_time(
                    model, method, int(query.dataset_tokens), ckpt, None, (more,), cat, None,
                    epochs, reference=bool(query.reference_model),
                    tokens_per_step=seq_len * batch, seq_len=seq_len,
                    trained=breakdown.trained_share, micro_for=typical)
                if mine.quote is not None:
                    cheaper = time.quote is not None and time.quote.plan.usd < mine.quote.plan.usd
                    time = replace(mine, more_of_asked=True,
                                   elsewhere=time if cheaper else None)
        if short and asked is not None and micro is None:
            time = replace(time, **_shorter_run(
                query, method, model, int(query.dataset_tokens), ckpt, asked, cat,
                tokens_per_second, epochs))
    on_mac = asked is not None and asked.gpu == query.gpu and mlx_assumed(query, method)
    defaults_gb: Decimal | None = None
    if on_mac and _mlx_defaults_open(query, method) and (batch, ckpt) != (MLX_MICRO_BATCH, False):
        # MLX named, its own defaults missing the Mac: their figure, said beside this one
        held = _estimate(settings_with(query, {"mlx": True}), method, model, gpus, asked)[0]
        defaults_gb = held.per_gpu_gb if held is not None else None
    spec = model if isinstance(model, ModelSpec) else None
    vocab = resolve_shape(model).arch.vocab if spec is None else None
    if spec is not None and shape_assumed_from(query, spec) is not None:
        spec = None  # "qwen 7b": its shape is Qwen2.5 7B's, the model asked about is a 7B
    alternative: Decimal | None = None
    # Pure BF16 is no choice on a card without BF16 (a V100, a T4): FP16 needs the FP32 master
    # copy mixed precision keeps, so only that is shown there.
    if method.full and query.precision is None \
            and not query.fp32_weights \
            and (asked is None or asked.gpu is None or cat.has_bf16(asked.gpu)):
        pure = _estimate(settings_with(query, {"precision": "bf16"}), method, model, gpus,
                         asked)[0]
        alternative = pure.per_gpu_gb if pure is not None else None
    return DetailedAnswer(
        kind="training" if training else "inference",
        method=method.id,
        method_name=method.name,
        adapter=method.adapter,
        model_id=spec.id if spec else None,
        model_name=spec.name if spec else answer.model_name,
        params_b=params_b,
        seq_len=seq_len,
        micro_batch=batch,
        grad_ckpt=ckpt if training else False,
        lora_rank=rank,
        defaults=tuple(defaults),
        gpus=gpus,
        gpu=asked.gpu if asked is not None else None,
        vram_per_gpu_gb=(check.card_gb or check.vram_per_gpu_gb) if check else None,
        per_gpu_gb=breakdown.per_gpu_gb,
        breakdown=breakdown,
        check=check,
        assumed=partial(_assumptions, model, method, seq_len, batch, gpus, rank, breakdown,
                        query),
        training_time=time,
        stated=wants_details(query),
        vocab=vocab,
        bf16_alternative_gb=alternative,
        host_ram_gb=host_ram(breakdown) if training else None,
        platform=cat.gpu(asked.gpu).platform if asked is not None and asked.gpu is not None
        else "cuda",
        mlx_assumed=on_mac,
        tool_defaults=tool_defaults(query, method, model, defaults),
        mlx_named=on_mac and query.mlx_named,
        mlx_defaults_gb=defaults_gb,
        **(_split_facts(breakdown.per_gpu_gb, gpus, primary.options, cat)
           if asked is None and gpus > 1 else {}),
    )


def _more_of_asked(
    query: Query, method: Method, model: ModelSpec | Decimal, params_b: Decimal, asked: Fit,
    cat: Catalogue,
) -> Fit | None:
    """The fewest GPUs of the card asked, more than asked and at most one instance's, that
    hold the run by the detailed estimate: a card we rent at a published price, with a cited
    peak to time it at, for a time asked of it (or the cost of that run asked right after
    it, Query.cost_of_timed). None: none does, or the question is another
    (GPU-hours of a card, a rented card named beside one's own, "any faster?", a measured
    throughput: each times the run its own way)."""
    if (query.intent != "time" and not (query.intent == "cost" and query.cost_of_timed)) \
            or asked.gpu is None or query.gpu != asked.gpu \
            or query.gpu_hours_asked or query.faster_asked or query.rent_gpu is not None \
            or query.tokens_per_second is not None:
        return None
    gpu = cat.gpu(asked.gpu)
    if not gpu.rented or gpu.usd_per_gpu_hour is None or _training_peak(gpu)[0] is None:
        return None
    for count in range(asked.gpu_count + 1, cat.limits.max_gpus + 1):
        there = fit(method.id, params_b, gpu.id, count, catalogue=cat)
        breakdown = _estimate(query, method, model, count, there)[0]
        if breakdown is not None and _checked(query, method, there, breakdown).detailed_fits:
            return there
    return None


def timed_on_asked(
    query: Query, said: RunSettings, method: Method, model: ModelSpec | Decimal, asked: Fit,
    cat: Catalogue,
) -> tuple[TrainingEstimate, bool] | None:
    """The run with `said`'s settings (a change that makes it fit, bot.remedy) timed on the
    asked configuration, held there, as the time answer times a run it holds: its sequence,
    micro-batch and checkpointing as the detailed estimate takes them (with whether it
    checkpoints). None: no dataset said, no estimate, or no cited peak there."""
    if query.dataset_tokens is None or query.dataset_tokens < 1 or asked.gpu is None \
            or _training_peak(cat.gpu(asked.gpu))[0] is None:
        return None
    breakdown, _defaults, seq_len, batch, ckpt, _rank = _estimate(said, method, model,
                                                                 asked.gpu_count, asked)
    if breakdown is None:
        return None
    return _training_time(
        model, method, int(query.dataset_tokens), ckpt, asked, (), cat, None,
        _positive(query.epochs, DEFAULT_EPOCHS), held=True,
        reference=bool(query.reference_model), tokens_per_step=seq_len * batch,
        seq_len=seq_len, trained=breakdown.trained_share), ckpt


def detailed_check(query: Query, answer: Answer, catalogue: Catalogue) -> FitCheck | None:
    """detailed_for(query, answer, catalogue).check alone (its detailed_per_gpu_gb is the
    figure's per_gpu_gb), for a method line that reads nothing else of it (bot.answer
    _typical_misses, each method of several): the rest, a full method's pure-BF16 figure
    (one more estimate) among it, is not made."""
    if answer.error or answer.missing:
        return None
    primary = answer.primary
    params_b = answer.params_b if answer.params_b is not None else query.params_b
    if primary is None or params_b is None or primary.fit is None:
        return None
    method = catalogue.method(primary.memory.method)
    asked = primary.fit
    breakdown = _estimate(query, method, _model(query, params_b, catalogue), asked.gpu_count,
                          asked)[0]
    return _checked(query, method, asked, breakdown) if breakdown is not None else None


def _split_facts(per_gpu: Decimal, gpus: int, options: Sequence[Fit],
                 cat: Catalogue) -> dict[str, Any]:
    """"can i qlora 70b on 2 gpus": which cards, that many of them, hold the per-GPU figure
    (the smallest size cards are sold at, read as CUDA reports it), and the cheapest offered
    configuration of that count that does."""
    sizes = sorted({g.vram_gb for g in cat.gpus if g.memory_mib is not None
                    and not g.unified_memory})
    sold = next((size for size in sizes if cat.generic_capacity_gb(size) >= per_gpu), None)
    # `options` come cheapest first (offered_fits, detailed_options).
    offer = next((o for o in options if o.gpu is not None and o.gpu_count == gpus
                  and o.usd_per_hour is not None and capacity_per_gpu(o) >= per_gpu), None)
    return {"split_sold_gb": sold, "split_offer": offer}


def offload_facts(
    query: Query, answer: Answer, catalogue: Catalogue, cheapest: Fit,
) -> tuple[tuple[Decimal, Decimal] | None, bool, Fit | None]:
    """With CPU offload stated: the CPU RAM the run needs on `cheapest` (the cheapest offered
    configuration the detailed estimate fits with offload), whether that configuration holds
    it only with offload, and the cheapest that holds it without (None: none does)."""
    primary = answer.primary
    params_b = answer.params_b if answer.params_b is not None else query.params_b
    if primary is None or params_b is None or not query.cpu_offload:
        return None, False, None
    method = catalogue.method(primary.memory.method)
    if method.kind != "training":
        return None, False, None
    plain = detailed_options(query.with_settings({"cpu_offload": False}), answer, catalogue)
    first = plain[0] if plain else None
    if first is not None and (first.gpu, first.gpu_count) == (cheapest.gpu, cheapest.gpu_count):
        return None, False, first
    gpu = catalogue.gpu(cheapest.gpu) if cheapest.gpu else None
    breakdown = _estimate_on(query, method, _model(query, params_b, catalogue),
                             cheapest.gpu_count,
                             catalogue.usable_gb(gpu) if gpu is not None else None)[0]
    host = host_ram(breakdown) if breakdown is not None else None
    return host, True, first


def host_ram(breakdown: Breakdown) -> tuple[Decimal, Decimal] | None:
    """What CPU offload keeps in CPU RAM, summed over the run's GPUs, and the same with
    DeepSpeed's additional_buffer_factor (rules/data/detailed.toml)."""
    host = breakdown.host_offload_gb
    if host is None or host <= 0:
        return None
    factor = Decimal(repr(load_constants()["overhead.offload_host_buffer_factor"]))
    return host, (host * factor).quantize(Decimal("0.1"))


def kv_value_bytes(query: Query | RunSettings) -> float | None:
    """The bytes a KV cache value takes in the type(s) said (detailed.toml kv_cache), None for
    BF16's: with llama.cpp's K and V caches set apart, their mean (each holds as many)."""
    if query.kv_cache_type is None:
        return None
    constants = load_constants()
    k = constants[f"kv_cache.{query.kv_cache_type}"]
    v = constants[f"kv_cache.{query.kv_cache_type_v}"] if query.kv_cache_type_v else k
    return (k + v) / 2


def _estimate(
    query: Query | RunSettings, method: Method, model: ModelSpec | Decimal, gpus: int,
    asked: Fit | None,
) -> tuple[Breakdown | None, list[str], int, int, bool, int | None]:
    """The breakdown for the query's settings (or those a search changed) and the defaults
    for the rest."""
    return _estimate_run(run_settings(query), method, model, gpus,
                         capacity_per_gpu(asked) if asked is not None else None)


def _unsloth_upcast(query: Query | RunSettings, method: Method) -> bool:
    """Unsloth's full fine-tune on the asked card without BF16 (T4, V100), no precision said:
    FP32 weights under FP16 autocast, with no 16-bit copy (rules.estimator fp32_upcast)."""
    return (query.kernels == "unsloth" and method.full and query.precision is None
            and not query.fp32_weights and query.gpu is not None
            and not load_catalogue().has_bf16(query.gpu))


# The query's settings that, all unsaid (None), leave every keyword of estimate_training at
# its default in _estimate_on but precision, optimizer, vram_per_gpu_gb, kernels, cpu_offload,
# grad_accumulation and fp32_upcast (the precision not "fp32"): LoRA's targets and dropout,
# LitGPT's, torchtune's and MLX's own, the attention, compilation, loss, activation offload,
# sharding, quantization and preference-pair settings.
_PLAIN_SETTINGS: Final = (
    "lora_targets", "litgpt", "optimizer_in_backward", "attention", "compiled", "chunked_loss",
    "activation_offload", "fp32_weights", "sharding", "offload_params", "lora_dropout",
    "kbit_fp32", "paired", "reference_model", "old_bnb", "sync_each_batch", "double_quant", "mlx",
    "torchtune",
    "torchtune_config", "trained_layers", "trained_embeddings", "cut_ce", "peft_config",
)
_PLAIN: Final = (None,) * len(_PLAIN_SETTINGS)
_plain = itemgetter(*_PLAIN_SETTINGS)


# llm-foundry's own model class (mpt_causal_lm, ComposerMPTCausalLM) takes the loss with
# flash-attn's fused cross-entropy unless its yaml says loss_fn: torch_crossentropy ('loss_fn',
# 'fused_crossentropy' by default, mosaicml/llm-foundry llmfoundry/models/mpt/modeling_mpt.py
# @495218376); the Hugging Face models it wraps (hf_causal_lm) keep their own FP32 loss.
_FOUNDRY_MODELS: Final = frozenset({"mpt-7b", "mpt-30b"})


def _foundry_mpt(said: Query | RunSettings, model: ModelSpec | Decimal) -> bool:
    """An MPT trained with llm-foundry (Composer): its low-precision LayerNorm (LPLayerNorm,
    the norm_type of MPT's configs) keeps no FP32 copy of its input."""
    return said.trainer == "composer" and isinstance(model, ModelSpec) \
        and model.id in _FOUNDRY_MODELS


def _foundry_loss(said: Query | RunSettings, model: ModelSpec | Decimal) -> bool:
    """An MPT trained with llm-foundry, no other loss said: flash-attn's fused cross-entropy,
    which keeps the BF16 logits and makes their BF16 gradient (activations.logits_flash_ce)."""
    return not said.chunked_loss and not said.cut_ce and _foundry_mpt(said, model)


class RunSettings:
    """A query's settings as a search over them changed a few (the remedies' combinations,
    the longest sequence, the largest batch, pure BF16 beside mixed precision...): the query's
    field values, read as its attributes are, with those replaced (`settings_with`). A copy
    of the values alone, where a query copy (Query.with_settings) also made a model around
    them, a third of its cost; frozen as the query is. The estimate and the helpers that
    read a query's settings (_optimizer, _reads_card, mlx_assumed...) take either: the same
    names."""

    # What they read of it (a query's fields: their meaning is there).
    seq_len: int | None
    batch_size: int | None
    lora_rank: int | None
    grad_ckpt: bool | None
    grad_accumulation: bool | None
    precision: Precision | None
    optimizer: Optimizer | None
    cpu_offload: bool | None
    kernels: Literal["unsloth", "liger"] | None
    attention: Attention | None
    sharding: Literal["fsdp", "zero1", "zero2", "zero3", "ddp", "device_map"] | None
    lora_targets: str | None
    litgpt: bool | None
    optimizer_in_backward: bool | None
    compiled: bool | None
    chunked_loss: bool | None
    activation_offload: bool | None
    fp32_weights: bool | None
    offload_params: bool | None
    lora_dropout: bool | None
    kbit_fp32: bool | None
    paired: bool | None
    reference_model: bool | None
    old_bnb: bool | None
    sync_each_batch: bool | None
    double_quant: bool | None
    trained_embeddings: str | None
    cut_ce: bool | None
    mlx: bool | None
    mlx_named: bool
    pytorch: bool
    torchtune: bool | None
    torchtune_config: str | None
    trained_layers: int | None
    prompt_tokens: int | None
    new_tokens: int | None
    whole_prefill: bool | None
    engine: str | None
    max_num_batched_tokens: int | None
    enforce_eager: bool
    cpu_offload_gib: Decimal | None
    pipeline_parallel: int | None
    kv_cache_type: str | None
    kv_cache_type_v: str | None
    gpu: str | None
    inference: bool
    method: MethodId | None
    intent: Intent
    largest: bool
    batch_asked: bool
    context_asked: bool
    dataset_tokens: Decimal | None
    tokens_per_second: Decimal | None
    trainer: Literal["hf", "trl", "composer"] | None
    tool: Literal["axolotl", "llama_factory"] | None
    sft_config: bool | None
    axolotl_config: bool | None
    peft_config: Literal["default", "targets", "trl_default", "trl_targets"] | None

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"settings are not changed in place ({name}): settings_with")


_new = object.__new__
_set = object.__setattr__


def settings_with(said: Query | RunSettings, update: Mapping[str, Any]) -> RunSettings:
    """`said`'s settings with those of `update` (a query's field names; as Query.with_settings,
    unvalidated)."""
    values = vars(said).copy()
    values.update(update)
    run = _new(RunSettings)
    _set(run, "__dict__", values)
    return run


# The last query's settings: a question's estimates read the same query a dozen times.
_last_run: tuple[Query, RunSettings] | None = None


def run_settings(said: Query | RunSettings) -> RunSettings:
    """The query's settings as the estimate reads them: the estimate is always given the same
    type, so that its reads stay specialised to it (alternating a query and settings, each of
    its some fifty attribute reads fell back to a generic look-up: a quarter more a call). The
    query's own values, not a copy: neither ever changes them."""
    global _last_run
    if isinstance(said, RunSettings):
        return said
    last = _last_run
    # A frozen model, held by the cache: the same object has the same settings.
    if last is not None and last[0] is said:
        return last[1]
    run = _new(RunSettings)
    _set(run, "__dict__", vars(said))
    _last_run = (said, run)
    return run


def default_seq_len(model: ModelSpec | Decimal) -> int:
    """The sequence assumed when none is said: DEFAULT_SEQ_LEN, or the model's whole context
    when it is shorter (GPT-2 learned positions for 1,024 tokens: it reads no 2,048)."""
    limit = model.max_context if isinstance(model, ModelSpec) else None
    return DEFAULT_SEQ_LEN if limit is None else min(DEFAULT_SEQ_LEN, limit)


def mlx_assumed(query: Query | RunSettings, method: Method) -> bool:
    """"qlora llama 3 8b on my m2 pro 16gb": a LoRA or QLoRA on a Mac, no trainer or library
    named. bitsandbytes' 4-bit loader and PyTorch's CUDA kernels do not run on Apple silicon;
    the trainer people use there is mlx-lm's (mlx_lm.lora, a 4-bit MLX model for QLoRA), so
    the run is estimated at its defaults (MLX_*), and the reply says so (was TRL's batch 1,
    checkpointing and rank 16, as if on CUDA)."""
    if query.mlx or query.gpu is None or method.kind != "training":
        return False
    # "how long to finetune llama 3 8b on my m3 max, 10k samples": timed on the Mac, as mlx-lm
    # runs it there (mac39; was TRL's all layers with checkpointing, 6·N a token), the method
    # timed when none is named too. A Mac with no peak on file is timed on a rented CUDA
    # card: that run keeps the usual settings.
    timed = query.intent == "time" and query.tokens_per_second is None
    if query.method is None and not timed:
        return False
    if (query.intent not in ("fit", "memory") and not timed) or query.largest \
            or query.batch_asked or query.context_asked \
            or (query.dataset_tokens is not None and not timed):
        # Whether the run fits, as asked; a cost or a search over models, batches or lengths
        # stays at the usual typical settings (their replies price rented CUDA runs beside
        # the Mac's).
        return False
    # The method asked, not the one estimated: a full fine-tune's LoRA remedy is still that
    # run's trainer's (no method named, several listed: none assumed either). The estimated
    # one's own when it is the one asked: a catalogue of its own may hold it alone
    # (tests/test_methods_data.py's method only in data).
    cat = load_catalogue()
    try:
        card = cat.gpu(query.gpu)
    except KeyError:
        return False
    platform = card.platform
    if platform != "metal":
        return False  # the rest tells runs on a Mac apart (the remedy search asks ~15 times)
    try:
        asked = method if query.method is None or query.method == method.id \
            else cat.method(query.method)
    except KeyError:
        return False
    if timed and card.fp16_dense_tflops is None and card.bf16_dense_tflops is None:
        return False
    if not asked.adapter:
        return False
    if query.trainer is not None or query.tool is not None or query.kernels is not None \
            or query.pytorch \
            or query.litgpt or query.torchtune or query.torchtune_config is not None \
            or query.sharding is not None or query.cpu_offload or query.old_bnb is not None \
            or query.double_quant is not None or query.optimizer is not None:
        return False  # a CUDA trainer or one of bitsandbytes' settings said: as said
    return platform == "metal"


def _mlx_defaults_open(query: Query | RunSettings, method: Method) -> bool:
    """MLX named in words on a Mac (mlx_assumed), or a time asked there, its batch and
    checkpointing not said: mlx_lm.lora's own defaults are the run asked (or timed), where
    they hold."""
    return (query.mlx_named or query.intent == "time") and query.batch_size is None \
        and query.grad_ckpt is None and mlx_assumed(query, method)


def _serving_chunk(engine: str | None, gpu_id: str | None, vram_per_gpu: Decimal | None,
                   said: int | None = None) -> int:
    """The tokens the serving engine pushes through one prefill step. vLLM's start-up profile
    runs its max_num_batched_tokens (`said`, else 2,048 by default, 8,192 on an H100-class
    card), and the activation peak it takes from its share is for that many (was 8,192 on
    every card: rules.capacity.vllm_batched_tokens). The card's name counts only when the
    memory is its own (an A100 80GB keeps the smaller default); other engines
    DEFAULT_PREFILL_CHUNK."""
    if engine != "vllm":
        return DEFAULT_PREFILL_CHUNK
    if said is not None:
        return said
    name = None
    if gpu_id is not None:
        cat = load_catalogue()
        card = cat.gpu(gpu_id)
        own = cat.capacity_gb(card)
        if vram_per_gpu is None or vram_per_gpu == own:
            name, vram_per_gpu = card.name, own
    return vllm_batched_tokens(vram_per_gpu, name)


def _estimate_on(
    query: Query, method: Method, model: ModelSpec | Decimal, gpus: int,
    vram_per_gpu: Decimal | None, card: str | None = None,
) -> tuple[Breakdown | None, list[str], int, int, bool, int | None]:
    """_estimate on a configuration known by its memory per GPU (None: no configuration);
    `card`: its GPU when it is not the one asked (an offer), else the query's."""
    return _estimate_run(run_settings(query), method, model, gpus, vram_per_gpu, card)


def estimate_run(
    said: Query | RunSettings, method: Method, model: ModelSpec | Decimal, gpus: int,
    per_card: Decimal,
) -> Breakdown | None:
    """estimate_on_cards for the query's settings or those a search changed
    (`settings_with`)."""
    return _estimate_run(run_settings(said), method, model, gpus, per_card)[0]


def _estimate_run(
    said: RunSettings, method: Method, model: ModelSpec | Decimal, gpus: int,
    vram_per_gpu: Decimal | None, card: str | None = None,
) -> tuple[Breakdown | None, list[str], int, int, bool, int | None]:
    """_estimate_on for the query's settings (run_settings), or those a search changed: read
    as attributes (a read of the query's dict cost twice as much)."""
    training = method.kind == "training"
    if (said.mlx_named or said.intent == "time") and vram_per_gpu is not None \
            and _mlx_defaults_open(said, method):
        # "lora llama 3 8b on my m2 ultra with mlx": mlx-lm's own run (batch 4, no
        # checkpointing) where the Mac holds it; else batch 1 with checkpointing, the flags
        # its command then passes (was "No trainer named" and batch 1 whatever the Mac).
        own = _estimate_run(settings_with(said, {"mlx": True}), method, model, gpus,
                            vram_per_gpu, card)
        if own[0] is not None and own[0].per_gpu_gb <= vram_per_gpu:
            return own
    lora = method.adapter
    defaults: list[str] = []
    if said.seq_len is None and (training or said.prompt_tokens is None):
        defaults.append("seq_len")
    if said.batch_size is None and not (said.torchtune_config and training):
        defaults.append("batch")
    # A torchtune config named: what is not said is the config's own (said in one line).
    tune = TORCHTUNE_CONFIGS.get(said.torchtune_config or "") if training else None
    if training and said.grad_ckpt is None and tune is None:
        defaults.append("grad_ckpt")
    if lora and said.lora_rank is None and (tune is None or not tune.lora_rank):
        defaults.append("lora_rank")
    # mlx-lm named runs at its own defaults (batch 4, no checkpointing); assumed on a Mac, at
    # the typical settings every other card is held to (batch 1, checkpointing), which its
    # command then passes: at 2,048-token samples its defaults miss where people train fine
    # (an M3 Pro's 27 GB: 47.3 GB at batch 4, 15.3 at batch 1).
    named_mlx = training and bool(said.mlx)
    mlx = named_mlx or (training and mlx_assumed(said, method))
    if mlx and said.trained_layers is None:
        defaults.append("num_layers")
    if said.kernels == "unsloth" and said.optimizer is None and (
            lora or (method.full and method.optimizer == UNSLOTH_OPTIMIZER)):
        defaults.append("unsloth_optimizer")
    # _positive's choices, written out: a default is worked out only when it is taken (three
    # calls and the model's context read an estimate, where a search makes dozens).
    seq_len = said.seq_len if said.seq_len is not None and said.seq_len > 0 \
        else _sft_max_length(model) if training and said.sft_config \
        else _axolotl_sequence_len(model) if training and said.axolotl_config \
        else default_seq_len(model)
    batch = said.batch_size if said.batch_size is not None and said.batch_size > 0 \
        else tune.batch_size if tune is not None \
        else MLX_MICRO_BATCH if named_mlx else DEFAULT_MICRO_BATCH
    litgpt = bool(said.litgpt) and training
    ckpt = (tune.activation_checkpointing if tune is not None
            else not (litgpt and gpus == 1) and not named_mlx and DEFAULT_GRAD_CKPT
            and not (said.axolotl_config and training)) \
        if said.grad_ckpt is None else said.grad_ckpt
    rank = None if not lora \
        else said.lora_rank if said.lora_rank is not None and said.lora_rank > 0 \
        else tune.lora_rank if tune is not None and tune.lora_rank \
        else LITGPT_LORA_RANK if litgpt else MLX_LORA_RANK if mlx \
        else _tool_lora_rank(said) or DEFAULT_LORA_RANK
    accumulation = said.grad_accumulation if said.grad_accumulation is not None \
        else tune.grad_accumulation_steps > 1 if tune is not None else None
    layers_said = said.trained_layers
    # LLaMA-Factory's freeze tuning (settings.FREEZE_TUNING): the last blocks said, as mlx-lm's
    trained_layers = (None if layers_said is not None and layers_said < 0
                      else layers_said or MLX_NUM_LAYERS) if mlx \
        else layers_said if layers_said is not None and layers_said > 0 and training else None
    optimizer = _optimizer(said, method)
    vram = (float(vram_per_gpu) if vram_per_gpu is not None
            and _reads_card(said, method, optimizer) else None)
    target = model
    try:
        if training and _plain(vars(said)) == _PLAIN and said.precision != "fp32" and not mlx \
                and not _foundry_mpt(said, model):
            # None of the estimator's rarer settings said (most questions, and the remedies'
            # combinations but sharding): every other keyword below is the estimator's
            # default, so only these are passed, and none when they are defaults too. Its
            # cache key and the call hold 7 arguments (or 14), not 38; the same figures.
            precision, kernels, offload = said.precision, said.kernels, said.cpu_offload
            if precision is None and optimizer is None and vram is None and kernels is None \
                    and offload is None and accumulation is None:
                breakdown = estimate_training(target, method, seq_len, batch, ckpt,
                                              rank or DEFAULT_LORA_RANK, gpus)
            else:
                breakdown = estimate_training(
                    target, method, seq_len, batch, ckpt, rank or DEFAULT_LORA_RANK, gpus,
                    precision=precision, optimizer=optimizer, vram_per_gpu_gb=vram,
                    kernels=kernels, cpu_offload=bool(offload),
                    grad_accumulation=accumulation is not False,
                    fp32_upcast=_unsloth_upcast(said, method))
        elif training:
            # A keyword added here from a query setting: that setting goes into
            # _PLAIN_SETTINGS too (or into the shorter call above), else a question saying it
            # would be estimated without it (tests/test_speed19.py holds the keywords).
            breakdown = estimate_training(
                target, method, seq_len, batch, ckpt, rank or DEFAULT_LORA_RANK, gpus,
                lora_targets=_lora_targets(said, model),
                precision=said.precision,
                optimizer=optimizer,
                optimizer_in_backward=bool(said.optimizer_in_backward),
                grad_accumulation=accumulation is not False,
                flash_attention=said.attention != "eager" and not (
                    litgpt and _softcapped_attention(model)),
                compiled=bool(said.compiled),
                # LitGPT's finetune scripts always take the loss in chunks; llm-foundry's
                # MPT its fused cross-entropy (flash-attn's).
                loss="cut" if said.cut_ce and not said.litgpt
                else "chunked" if said.chunked_loss or said.litgpt
                else "flash_ce" if _foundry_loss(said, model) else None,
                cpu_offload=bool(said.cpu_offload),
                activation_offload=bool(said.activation_offload),
                fp32_weights=bool(said.fp32_weights) or said.precision == "fp32",
                vram_per_gpu_gb=vram,
                zero3=said.sharding == "zero3",
                fsdp=said.sharding == "fsdp",
                offload_params=said.offload_params is not False,
                kernels=said.kernels,
                lora_dropout=_lora_dropout(said),
                kbit_fp32=bool(said.kbit_fp32),
                parallel=_parallel(said),
                paired=bool(said.paired),
                reference_model=bool(said.reference_model),
                untie_head=bool(said.litgpt),
                # Accumulation named under FSDP (LitGPT's multi-GPU strategy): no_sync keeps
                # the accumulated gradients whole, as Accelerate and LitGPT accumulate.
                # Composer (llm-foundry) never enters no_sync under FSDP: its
                # ddp_sync_context yields at once for a model that is not
                # DistributedDataParallel (mosaicml/composer composer/distributed/
                # dist_strategy.py @6405188; composer/trainer/dist_strategy.py in April 2024),
                # so every micro-batch's gradients are reduce-scattered, sharded as FSDP's
                # 16 bytes a parameter are (was the whole 30B's FP32 gradients on each of 8
                # H100s, 187.8 GB a GPU, for llm-foundry's measured MPT 30B at 8,192 tokens).
                # Accelerate's sync_each_batch turns no_sync off the same way.
                unsharded_accumulation=said.grad_accumulation is True
                and said.trainer != "composer" and not said.sync_each_batch and (
                    said.sharding == "fsdp" or (said.litgpt is True and said.sharding is None)),
                saved_4bit_inputs=bool(said.old_bnb),
                # LitGPT's BitsandbytesPrecision converts every nn.Linear, its lm_head too.
                quantized_head=bool(said.litgpt),
                # Lightning's BitsandbytesPrecision (LitGPT) and bitsandbytes < 0.43 quantize
                # from fp16: the dequantized weight is copied to bf16 for each matmul.
                fp16_quant_state=bool(said.litgpt or said.old_bnb),
                # LitGPT's config hub quantizes with bnb.nf4, without double quantization
                # (that is bnb.nf4-dq).
                double_quant=not said.litgpt and said.double_quant is not False,
                fused_qkv=bool(said.litgpt),
                trained_layers=trained_layers,
                trained_embeddings=_trained_embeddings(said, method),
                bf16_adapters=bool(said.torchtune) and said.precision in (None, "bf16"),
                fp32_upcast=_unsloth_upcast(said, method),
                mlx=mlx,
                low_precision_norms=_foundry_mpt(said, model),
            )
        else:
            prompt = said.prompt_tokens
            new = said.new_tokens
            if said.seq_len is not None:
                context = seq_len
            elif prompt is not None or new is not None:
                context = (prompt or DEFAULT_SEQ_LEN) + (new or 0)
            else:
                context = seq_len
            breakdown = estimate_inference(
                target, method, context, batch, gpus,
                prompt_len=prompt if prompt is not None else (
                    context - new if new is not None and new < context else None),
                attention="eager" if said.attention == "eager" else "sdpa",
                # transformers generate: the whole prompt in one forward, no chunked prefill;
                # vLLM: its own default max_num_batched_tokens for the card.
                prefill_chunk=None if said.whole_prefill else _serving_chunk(
                    said.engine, card or said.gpu, vram_per_gpu,
                    said.max_num_batched_tokens),
                fp32_weights=bool(said.fp32_weights) or said.precision == "fp32",
                # Logits at the sampled position only: vLLM, llama.cpp, Ollama and transformers
                # generate since v4.45 (logits_to_keep) never hold them for the whole prompt.
                all_position_logits=False,
                # "-ctk q8_0", "--kv-cache-dtype fp8": the cache's own type (detailed.toml).
                kv_cache_bytes=kv_value_bytes(said),
                # The publisher's AWQ checkpoint stores a tied table twice: transformers loads
                # both copies before tying them (vLLM skips the head's when tied).
                tied_table_loaded_twice=bool(
                    said.whole_prefill and method.group_format == "AWQ"
                    and isinstance(model, ModelSpec) and model.awq is not None
                    and model.awq.tied_table_twice),
                # vLLM, TGI and SGLang page the KV cache: no layer is copied as it grows.
                paged_kv=said.engine in ("vllm", "tgi", "sglang"),
                # vLLM's share holds its non-torch memory and CUDA graphs, not the CUDA
                # context, which is there before it measures the card.
                share_parts=vllm_share_parts(cuda_graphs=not said.enforce_eager)
                if said.engine == "vllm" else None,
                # vLLM's --cpu-offload-gb: that much of each GPU's weights in CPU RAM.
                offloaded_bytes=float(said.cpu_offload_gib) * 2**30
                if said.cpu_offload_gib and said.engine == "vllm" else 0.0,
                # vLLM's -pp: the fullest stage, with the embeddings or the output head
                pipeline_stages=said.pipeline_parallel or 1 if said.engine == "vllm" else 1,
            )
            seq_len = context
    except ValueError:  # includes RulesError: settings the estimator refuses, no detail
        return None, defaults, seq_len, batch, ckpt, rank
    # CPU offload only when said: a sharded 4-bit base that does not fit is not offloaded
    # behind the user's back (Accelerate's FSDP plugin and DeepSpeed leave it off unless
    # configured; Answer.AI's fsdp_qlora takes --use_cpu_offload): the remedies offer it.
    return breakdown, defaults, seq_len, batch, ckpt, rank


# The last longest_context call and its result: a question that misses on its card asks it
# again with the same objects (the run's time at a shorter sequence or the typical fixes, then
# the remedies' shorter sequence), a search of a dozen estimates each time.
_last_longest: tuple[Query, Method, ModelSpec | Decimal, Fit, LongestContext] | None = None


def forget_last() -> None:
    """Let go of the last detailed_options' and longest_context's results and the last query's
    settings (a cold question)."""
    global _last_options, _last_longest, _last_run
    _last_options = _last_longest = _last_run = None


def longest_context(
    query: Query, method: Method, model: ModelSpec | Decimal, asked: Fit
) -> LongestContext:
    """The longest sequence (training) or context (serving) the detailed estimate fits on the
    asked configuration, with the query's other settings and the defaults for the rest: a
    search over the estimator (rules.capacity), capped at the model's published maximum."""
    global _last_longest
    last = _last_longest
    # Frozen objects, held by the cache: the same objects are the same search.
    if last is not None and last[0] is query and last[1] is method and last[2] is model \
            and last[3] is asked:
        return last[4]
    found = _longest_context(query, method, model, asked)
    _last_longest = (query, method, model, asked, found)
    return found


def _longest_context(
    query: Query, method: Method, model: ModelSpec | Decimal, asked: Fit
) -> LongestContext:
    gpus = asked.gpu_count
    vram = whole = capacity_per_gpu(asked)
    # "vllm … how much context": vLLM holds weights, activations and the KV cache within its
    # share of each GPU (--gpu-memory-utilization, 0.92 by default) and refuses a max_model_len
    # whose cache does not fit there, so the search stops at that share.
    # Concurrency asked beside it ("max context and how many users") is counted within vLLM's
    # share too (bot.capacity): the context must be one that share serves.
    said = query.gpu_memory_utilization
    utilization = serving_share(query, method, vllm=query.concurrency_asked)
    if utilization is not None:
        vram = whole * utilization
    model_max = model.max_context if isinstance(model, ModelSpec) \
        and shape_assumed_from(query, model) is None else None  # "qwen 7b": a 7B, uncapped
    limit = model_max or SEARCH_LIMIT

    # Each length's estimate, kept: the search ends on a length it estimated, whose figure the
    # reply gives (asked again, it was the whole estimate but the estimator's own arithmetic).
    seen: dict[int, Decimal | None] = {}
    summed: dict[int, float] = {}  # the bytes each figure rounds (the search's line)

    def per_gpu(tokens: int) -> Decimal | None:
        if tokens not in seen:
            at = settings_with(query, {"seq_len": tokens})
            breakdown = _estimate_run(at, method, model, gpus, whole)[0]
            seen[tokens] = breakdown.per_gpu_gb if breakdown is not None else None
            if breakdown is not None:
                summed[tokens] = breakdown.per_gpu_bytes
        return seen[tokens]

    # Rising in the length unless sized from the card's memory (Unsloth, a paged optimizer).
    rising = not _reads_card(query, method, _optimizer(query, method))
    tokens = longest_fitting(per_gpu, vram, limit, rising=rising, exact=summed.get)
    return LongestContext(
        method=method.id, tokens=tokens, limit=limit, capped=tokens == limit,
        model_max=model_max, per_gpu_gb=per_gpu(tokens) if tokens else None,
        utilization=utilization, vram_per_gpu_gb=whole if utilization is not None else None,
        utilization_said=utilization is not None and said is not None,
        engine="tgi" if query.engine == "tgi" else "vllm",
    )


# The largest micro-batch searched for ("max batch size for …"): far above any that fits a
# language model's training step on one GPU.
BATCH_SEARCH_LIMIT = 1024


@dataclass(frozen=True, slots=True)
class LargestBatch:
    """The largest micro-batch per GPU the detailed estimate fits on the asked configuration,
    at the query's sequence length (else the default) and other settings; 0 when none does."""

    method: MethodId
    batch: int
    seq_len: int
    per_gpu_gb: Decimal | None  # the detailed estimate at that batch


def largest_batch(
    query: Query, method: Method, model: ModelSpec | Decimal, asked: Fit,
    below: int | None = None,
) -> LargestBatch:
    """"What batch size can I use?": a search over the estimator's micro-batch (more
    sequences never need less memory), as longest_context searches the sequence length;
    `below`: a batch the user measured out of memory at this length, so none from it up."""
    gpus = asked.gpu_count
    vram = capacity_per_gpu(asked)
    seq = _positive(query.seq_len, default_seq_len(model))

    seen: dict[int, Decimal | None] = {}  # as longest_context keeps them

    def per_gpu(batch: int) -> Decimal | None:
        if batch not in seen:
            at = settings_with(query, {"batch_size": batch, "seq_len": seq})
            breakdown = _estimate_run(at, method, model, gpus, vram)[0]
            seen[batch] = breakdown.per_gpu_gb if breakdown is not None else None
        return seen[batch]

    limit = BATCH_SEARCH_LIMIT if below is None else max(0, min(BATCH_SEARCH_LIMIT, below - 1))
    batch = longest_fitting(per_gpu, vram, limit) if limit else 0
    return LargestBatch(method=method.id, batch=batch, seq_len=seq,
                        per_gpu_gb=per_gpu(batch) if batch else None)


def decode_bound(
    query: Query, method: Method, model: ModelSpec | Decimal, gpu: GPU, count: int,
    vram_per_gpu_gb: Decimal, rig: tuple[tuple[GPU, int], ...] = (),
) -> DecodeBound:
    """The memory-bandwidth upper bound of one sequence's decode on `count` × `gpu` (tensor
    parallel; a GGUF in llama.cpp's layer split, the GPUs in turn): the per-GPU weights and KV cache of the detailed estimate at the stated context
    (else the default), read once per token at the datasheet bandwidth."""
    one = settings_with(query, {"batch_size": 1})
    breakdown, _, context, _, _, _ = _estimate_run(one, method, model, count, None)
    if breakdown is None:
        raise ValueError("the estimator refused these settings")
    weights = breakdown.term("weights")
    fraction: Decimal | None = None
    if isinstance(model, ModelSpec) and model.active_params_b is not None:
        # Mixture of experts: a token goes through its active parameters only.
        fraction = model.active_params_b / model.params_b
        weights = (weights * fraction).quantize(_TENTH, rounding=ROUND_HALF_UP)
    kv = breakdown.term("kv_cache")
    bandwidth = gpu.memory_bandwidth_gbs
    # A GGUF on several GPUs: llama.cpp's default --split-mode layer runs the GPUs' layers one
    # after another, so every GPU's share is read in turn within one token.
    layer_split = method.quant is not None and count > 1
    turns = count if layer_split else 1
    rate = decode_upper_bound((weights + kv) * turns, bandwidth) if bandwidth is not None \
        and weights + kv > 0 else None
    rig_reads: tuple[tuple[str, Decimal, Decimal], ...] = ()
    if layer_split and rig and sum(n for _g, n in rig) == count and weights + kv > 0:
        # Cards of different memory: each reads the share its memory holds at its own
        # bandwidth (not all at the bound card's, which would be no upper bound).
        total_memory = sum((card.vram_gb * n for card, n in rig), Decimal(0))
        read = (weights + kv) * count
        reads = tuple((card.id, (read * card.vram_gb / total_memory).quantize(_TENTH),
                       card.memory_bandwidth_gbs)
                      for card, n in rig for _ in range(n))
        known = tuple((c, r, bw) for c, r, bw in reads if bw is not None)
        if len(known) == len(reads):
            seconds = sum((read * card.vram_gb / total_memory / (card.memory_bandwidth_gbs or 1)
                           * n for card, n in rig), Decimal(0))
            rate = decode_upper_bound(read, read / seconds)
            rig_reads = known
        else:
            rate = None
    batch = query.batch_size if query.batch_size is not None and query.batch_size > 1 else 1
    batch_kv: Decimal | None = None
    batch_rate: Decimal | None = None
    each: Decimal | None = None
    misses: Decimal | None = None
    if batch > 1:
        many = _estimate(query, method, model, count, None)[0]
        if many is not None and many.per_gpu_gb > vram_per_gpu_gb:
            misses = many.per_gpu_gb
        if many is not None and many.per_gpu_gb <= vram_per_gpu_gb:
            batch_kv = many.term("kv_cache")
            if bandwidth is not None and weights + batch_kv > 0:
                batch_rate = decode_upper_bound((weights + batch_kv) * turns / batch, bandwidth)
                each = decode_upper_bound((weights + batch_kv) * turns, bandwidth)
    # Prompt processing: the forward pass over the prompt's tokens at the peak dense FLOPS
    # (the dequantized matmuls of a quantized model run in 16 bits); the GPUs of a layer split
    # in turn, tensor-parallel ones side by side.
    peak = gpu.bf16_dense_tflops or gpu.fp16_dense_tflops
    active = model if not isinstance(model, ModelSpec) else (
        model.active_params_b if model.active_params_b is not None else model.params_b)
    prefill = prefill_upper_bound(active, peak, 1 if layer_split else count) \
        if peak is not None and active > 0 else None
    return DecodeBound(
        method=method.id, gpu=gpu.id, gpus=count, context=context, weights_gb=weights,
        kv_gb=kv, bandwidth_gbs=bandwidth, tokens_per_second=rate, active_fraction=fraction,
        fits=breakdown.per_gpu_gb <= vram_per_gpu_gb, batch=batch, batch_kv_gb=batch_kv,
        batch_tokens_per_second=batch_rate, batch_each_tokens_per_second=each,
        batch_misses_gb=misses, layer_split=layer_split, peak_tflops=peak, prefill_tokens_per_second=prefill,
        rig_reads=rig_reads,
    )


def prefill_bound(
    method: Method, model: ModelSpec | Decimal, gpu: GPU, count: int, tokens: int
) -> PrefillBound:
    """The time at the dense peak to process a `tokens`-long prompt on `count` × `gpu` (tensor
    parallel; a GGUF in llama.cpp's layer split, the GPUs in turn): the weights' 2·N FLOPs a
    token (N without the embeddings, which are looked up, and the output head, which the
    prefill runs on the last token only; MoE: the active parameters) and causal attention
    over the prompt, at the datasheet's dense peak (BF16, else FP16: quantized weights are
    multiplied in 16 bits)."""
    params = model.active_params_b or model.params_b if isinstance(model, ModelSpec) else model
    arch = model.arch if isinstance(model, ModelSpec) else None
    multiplying = params * Decimal(10) ** 9
    attention: Decimal | None = None
    if arch is not None:
        multiplying -= arch.vocab * arch.hidden * (1 if arch.tied_embeddings else 2)
        head = arch.head_dim or arch.hidden // arch.heads
        qk = (arch.qk_nope_head_dim or 0) + (arch.qk_rope_head_dim or 0) \
            if arch.kv_lora_rank is not None else head
        attention = attention_flops(
            layers=arch.layers - arch.cross_attention_layers, heads=arch.heads, qk_dim=qk or head,
            v_dim=arch.v_head_dim or head, tokens=tokens, window=arch.sliding_window,
            full_layers=arch.full_attention_layers)
    weights = prefill_weights_flops(max(multiplying, Decimal(0)), tokens)
    peak = gpu.bf16_dense_tflops or gpu.fp16_dense_tflops
    layer_split = method.quant is not None and count > 1
    working = 1 if layer_split else count
    total = weights + (attention or Decimal(0))
    return PrefillBound(
        gpu=gpu.id, gpus=count, tokens=tokens, weights_pflop=to_pflop(weights),
        attention_pflop=to_pflop(attention) if attention is not None else None,
        peak_tflops=peak, fp16=gpu.bf16_dense_tflops is None and peak is not None,
        layer_split=layer_split,
        seconds=prefill_seconds(total, peak, working) if peak is not None and total > 0 else None,
    )


def _parallel(query: Query | RunSettings) -> Parallel:
    """How the GPUs share the run, as the user said: FSDP or ZeRO-3 sharding unless told."""
    sharding = query.sharding
    if sharding == "ddp" or sharding == "device_map" or sharding == "zero1" \
            or sharding == "zero2":
        return sharding
    return "sharded"


def _lora_targets(query: Query | RunSettings, model: ModelSpec | Decimal) -> str:
    """The adapted projections as said, else LitGPT's, PEFT's for the model's architecture
    (LoraConfig pasted without target_modules) or every linear layer."""
    if query.lora_targets:
        return query.lora_targets
    if query.litgpt:
        return LITGPT_LORA_TARGETS
    return "qv" if _peft_default_targets(query, model) else "all"


def _peft_default_targets(query: Query | RunSettings, model: ModelSpec | Decimal) -> bool:
    """PEFT's LoraConfig pasted without target_modules on a model whose architecture PEFT
    adapts q_proj and v_proj of by default (PEFT_QV_MODELS), no targets said otherwise."""
    return query.peft_config in ("default", "trl_default") and not query.lora_targets \
        and not query.litgpt \
        and isinstance(model, ModelSpec) and PEFT_QV_MODELS.fullmatch(model.id) is not None


def _tool_lora_rank(said: Query | RunSettings) -> int | None:
    """The LoRA rank of the tool named when none is said: LLaMA-Factory's or PEFT's default
    (rules/data/detailed.toml tools.*), else None (ours)."""
    if said.tool == "llama_factory":
        return int(load_constants()["tools.llama_factory_lora_rank"])
    if said.peft_config in ("default", "targets"):
        return int(load_constants()["tools.peft_lora_rank"])
    if said.peft_config is not None:
        return int(load_constants()["tools.trl_lora_r"])
    return None


def _sft_max_length(model: ModelSpec | Decimal) -> int:
    """TRL's SFTConfig max_length default, within the model's context."""
    return min(int(load_constants()["tools.trl_sft_max_length"]), default_seq_len(model))


def _axolotl_sequence_len(model: ModelSpec | Decimal) -> int:
    """Axolotl's sequence_len default, within the model's context."""
    return min(int(load_constants()["tools.axolotl_sequence_len"]), default_seq_len(model))


def tool_defaults(said: Query | RunSettings, method: Method, model: ModelSpec | Decimal,
                  defaults: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """(setting, tool) for each setting not said that a named tool's own default gave: the
    reply names whose default it is ("LoRA rank 8 (the LLaMA-Factory default)")."""
    out: list[tuple[str, str]] = []
    if method.kind != "training":
        return ()
    if "seq_len" in defaults and said.sft_config:
        out.append(("seq_len", TOOL_NAMES["trl"]))
    elif "seq_len" in defaults and said.axolotl_config:
        out.append(("seq_len", TOOL_NAMES["axolotl"]))
    if "grad_ckpt" in defaults and said.axolotl_config:
        out.append(("grad_ckpt", TOOL_NAMES["axolotl"]))
    if method.adapter and "lora_rank" in defaults and not said.litgpt and not said.mlx \
            and not said.torchtune_config:
        if said.tool == "llama_factory":
            out.append(("lora_rank", TOOL_NAMES["llama_factory"]))
        elif said.peft_config is not None:
            out.append(("lora_rank", TOOL_NAMES["peft" if said.peft_config in (
                "default", "targets") else "trl"]))
    if method.adapter and _peft_default_targets(said, model):
        out.append(("lora_targets", TOOL_NAMES["peft"]))
    return tuple(out)


def _softcapped_attention(model: ModelSpec | Decimal) -> bool:
    """Soft-capped attention scores (Gemma 2): LitGPT computes them itself, no SDPA ('with
    softcapping we cannot use SDPA', litgpt/model.py)."""
    arch = model.arch if isinstance(model, ModelSpec) else None
    return arch is not None and arch.attn_logit_softcapping is not None


def _trained_embeddings(query: Query | RunSettings, method: Method) -> int:
    """How many vocabulary x hidden matrices train in full beside the adapters (PEFT's
    modules_to_save: the embedding table, the output head); none in a full fine-tune, which
    trains them anyway."""
    said = query.trained_embeddings
    return 0 if said is None or method.full else said.count(",") + 1


def _lora_dropout(query: Query | RunSettings) -> bool:
    """LoRA dropout as said; LitGPT's default is 0.05."""
    return bool(query.litgpt) if query.lora_dropout is None else query.lora_dropout


def _optimizer(query: Query | RunSettings, method: Method) -> OptimizerName | None:
    """The method's own optimizer (8-bit Adam), paged when the user says paged."""
    if method.optimizer == "adam8bit" and query.optimizer in (None, "adamw"):
        return "adam8bit"
    if method.optimizer == "adam8bit" and query.optimizer == "paged_adamw":
        return "paged_adam8bit"
    if query.litgpt and method.full and query.optimizer is None:
        # LitGPT's finetune/full.py builds torch.optim.AdamW with its defaults: foreach on CUDA.
        return "adamw_foreach"
    if query.kernels == "unsloth" and query.optimizer is None and method.adapter:
        # (a full fine-tune's method names its optimizer: "Full fine-tuning, AdamW")
        return UNSLOTH_OPTIMIZER
    return query.optimizer


# The vocabularies of the catalogue's decoders span 32 000 (Llama 2, Mistral 7B) to 256 000
# (Gemma): for a bare size the logits term is shown over that range.
VOCAB_RANGE = (32000, 256000)


def _vocab_range(breakdown: Breakdown, vocab: int) -> tuple[Decimal, Decimal] | None:
    """The per-GPU total with the logits term scaled to the smallest and largest vocabulary."""
    logits = breakdown.term("logits")
    if logits == 0:
        return None
    rest = breakdown.per_gpu_gb - logits
    low, high = (
        (rest + logits * Decimal(v) / Decimal(vocab)).quantize(_TENTH, rounding=ROUND_HALF_UP)
        for v in VOCAB_RANGE
    )
    return low, high


# The last detailed_options call and its result: a question that times a run its card cannot
# hold asks for them twice (the run's time, then the answer's options), with the same objects.
_last_options: tuple[Query, Answer, Catalogue, tuple[Fit, ...]] | None = None


def detailed_options(query: Query, answer: Answer, catalogue: Catalogue) -> list[Fit]:
    """The offered configurations the detailed estimate fits, cheapest per hour first (ties:
    fewer GPUs): each GPU count gets its own per-GPU estimate (sharding)."""
    global _last_options
    last = _last_options
    # Frozen models, held by the cache: the same objects are the same question.
    if last is not None and last[0] is query and last[1] is answer and last[2] is catalogue:
        return list(last[3])
    found = _detailed_options(query, answer, catalogue)
    _last_options = (query, answer, catalogue, tuple(found))
    return found


def _by_card(query: Query | RunSettings) -> bool:
    """Unsloth sizes its cross-entropy chunks from the memory free on the card."""
    return query.kernels == "unsloth" and not query.inference


def reads_card(query: Query, method: Method) -> bool:
    """The detailed estimate of `method` for the query moves with each card's memory, not
    only with the GPU count (see _reads_card)."""
    return _reads_card(query, method, _optimizer(query, method))


def _reads_card(
    query: Query | RunSettings, method: Method, optimizer: OptimizerName | None
) -> bool:
    # The memory per GPU moves a training estimate only by capping a paged optimizer's
    # resident states and by sizing Unsloth's cross-entropy chunks from the memory left
    # (rules.estimator): left out otherwise, so that the offers list reuses the asked
    # configuration's estimate for its GPU count.
    return (method.full and not query.cpu_offload
            and (optimizer or method.optimizer or "").startswith("paged")) or _by_card(query)


def _detailed_options(query: Query, answer: Answer, catalogue: Catalogue) -> list[Fit]:
    cat = catalogue
    primary = answer.primary
    params_b = answer.params_b if answer.params_b is not None else query.params_b
    if primary is None or params_b is None:
        return []
    method = cat.method(primary.memory.method)
    model = _model(query, params_b, cat)
    found: list[Fit] = []
    # The estimate depends on the offer through its GPU count alone (and, served by vLLM, the
    # card's prefill step: _serving_chunk), unless a paged optimizer's resident states are
    # capped by the memory per GPU (rules.estimator notes it as "paged_optimizer"): one
    # estimate per count then serves 10 offers with 4 counts.
    # The planning fit of an offer is built only when the estimate holds: the estimate needs
    # only the memory per GPU (that of fit(): the card's usable memory). The planning rule's
    # own options (offered_fits, made by the answer already) are those fits, for the offers
    # the planning rule holds: taken from there rather than made again.
    planned = {(f.gpu, f.gpu_count): f for f in offered_fits(method.id, params_b, cat)}
    per_count: dict[tuple[int, bool, int], Breakdown | None] = {}
    by_card = _by_card(query)
    serving = method.kind == "inference" and not query.whole_prefill
    # Unsloth's FP32 upcast is the asked card's (a T4 has no BF16): an offered card with BF16
    # trains as Unsloth does there ("unsloth full finetune llama 3.1 8b on a t4" chose its
    # 👉 offer by the T4's FP32 weights).
    upcast = _unsloth_upcast(query, method)
    # mlx-lm assumed on the Mac asked runs on no offered (CUDA) card: they are estimated at
    # the usual defaults there, as without the Mac.
    run = run_settings(query)
    on_bf16 = settings_with(run, {"gpu": None}) if upcast else run
    if mlx_assumed(run, method):
        run = on_bf16 = settings_with(run, {"gpu": None})
    for offer, capacity in cat.offers_by_price:
        count = offer.count
        bf16 = upcast and cat.has_bf16(offer.gpu)
        # vLLM's prefill step is the card's (an H100's 8,192 tokens, an L40S's 2,048).
        chunk = _serving_chunk(query.engine, offer.gpu, capacity,
                               query.max_num_batched_tokens) if serving else 0
        if (count, bf16, chunk) in per_count:
            breakdown = per_count[count, bf16, chunk]
        else:
            breakdown = _estimate_run(on_bf16 if bf16 else run, method, model, count,
                                      capacity, offer.gpu)[0]
            if (breakdown is None or all(
                a.code != "paged_optimizer" for a in breakdown.assumptions
            )) and not by_card:
                per_count[count, bf16, chunk] = breakdown
        if breakdown is not None and breakdown.per_gpu_gb <= usable_per_gpu(query, method,
                                                                            capacity):
            found.append(planned.get((offer.gpu, count))
                         or fit(method.id, params_b, offer.gpu, count, catalogue=cat))
    return found


def _checked(query: Query, method: Method, asked: Fit, breakdown: Breakdown) -> FitCheck:
    """_check on the memory the query's engine takes of each GPU."""
    check = _check(asked, breakdown, serving_share(query, method),
                   query.gpu_memory_utilization is not None,
                   replicated=query.sharding == "ddp" and asked.gpu_count > 1)
    return replace(check, engine="tgi") if query.engine == "tgi" else check


def _check(asked: Fit, breakdown: Breakdown, share: Decimal | None = None,
           said: bool = False, replicated: bool = False) -> FitCheck:
    """`share`: vLLM's share of each GPU when it serves (serving_share), `said` by the user.
    `replicated`: DDP named, every GPU holds the whole job (PyTorch's DDP replicates the model
    on each process): the planning rule's figure is then one GPU's, not a shard of it."""
    card = capacity_per_gpu(asked)
    per_gpu_vram = card if share is None else card * share
    if replicated:
        planning_per_gpu = asked.estimate_gb
        planning_fits = asked.estimate_gb <= card
    else:
        planning_per_gpu = asked.estimate_gb / asked.gpu_count
        planning_fits = asked.fits
    detailed_fits = breakdown.per_gpu_gb <= per_gpu_vram
    return FitCheck(
        gpu=asked.gpu,
        gpu_count=asked.gpu_count,
        vram_per_gpu_gb=per_gpu_vram,
        planning_gb=asked.estimate_gb,
        planning_per_gpu_gb=planning_per_gpu,
        detailed_per_gpu_gb=breakdown.per_gpu_gb,
        planning_fits=planning_fits,
        detailed_fits=detailed_fits,
        disagree=planning_fits != detailed_fits,
        utilization=share,
        card_gb=card if share is not None else None,
        utilization_said=share is not None and said,
        replicated=replicated,
        said_gb=asked.vram_gb / asked.gpu_count if asked.gpu is None else None,
    )


def _assumptions(
    model: ModelSpec | Decimal,
    method: Method,
    seq_len: int,
    batch: int,
    gpus: int,
    rank: int | None,
    breakdown: Breakdown,
    query: Query,
) -> tuple[Assumption, ...]:
    """What the estimate assumed, as codes the template words (rules.estimator's own codes
    for what only it knows, such as the chunked-prefill size)."""
    out: list[Assumption] = []
    shape = resolve_shape(model)
    assumed_from = shape_assumed_from(query, model)
    if assumed_from is not None:
        out.append(Assumption(code="shape_of", params={"model": assumed_from}))
    elif shape.assumed:
        hybrid = isinstance(model, ModelSpec) and model.hybrid_attention
        out.append(Assumption(code="shape_assumed_hybrid" if hybrid else "shape_assumed",
                              params={"layers": shape.arch.layers, "hidden": shape.arch.hidden}))
    elif shape.arch.language_model_only:
        out.append(Assumption(code="vision_not_counted"))
    if query.fp32_weights or query.precision == "fp32":
        out.append(Assumption(code="fp32_weights"))
    if query.cpu_offload and method.kind == "training":
        # (serving: llama.cpp's layers left in system RAM are the layer split's, not FSDP's)
        zero12 = query.sharding in ("zero1", "zero2")
        if zero12:
            out.append(Assumption(code="optimizer_offload"))
        elif query.sharding == "zero3" and query.offload_params is False:
            out.append(Assumption(code="zero3_optimizer_offload"))
        else:
            out.append(Assumption(code="cpu_offload"))
    if breakdown.kind == "inference":
        arch = shape.arch
        if query.kv_cache_type is not None and query.kv_cache_type_v is not None:
            out.append(Assumption(code="kv_cache_types", params={
                "k": query.kv_cache_type, "v": query.kv_cache_type_v,
                "bytes": Decimal(repr(kv_value_bytes(query)))}))
        elif query.kv_cache_type is not None:
            out.append(Assumption(code="kv_cache_type", params={
                "type": query.kv_cache_type,
                "bytes": Decimal(repr(load_constants()[f"kv_cache.{query.kv_cache_type}"]))}))
        elif arch.is_mla and arch.kv_lora_rank is not None and arch.qk_rope_head_dim is not None:
            out.append(Assumption(code="kv_cache_mla", params={
                "latent": arch.kv_lora_rank, "rope": arch.qk_rope_head_dim}))
        elif (query.fp32_weights or query.precision == "fp32") and method.weight_bits == 16:
            # FP32 weights: transformers' cache takes the model's dtype (rules.estimator).
            out.append(Assumption(code="kv_cache_fp32"))
        elif query.fp16_weights and method.weight_bits == 16 and method.quant is None:
            # "--dtype half": the cache takes the model's dtype, FP16 (the same 2 bytes).
            out.append(Assumption(code="kv_cache_fp16"))
        else:
            out.append(Assumption(code="kv_cache_bf16"))
        if arch.attention_chunk is not None and not shape.assumed:
            out.append(Assumption(code="kv_chunked", params={"chunk": arch.attention_chunk}))
        if query.cpu_offload_gib and query.engine == "vllm":
            out.append(Assumption(code="vllm_cpu_offload", params={
                "gib": query.cpu_offload_gib,
                "gb": (query.cpu_offload_gib * 2**30 / 10**9).quantize(Decimal("0.1"))}))
        if query.attention == "eager":
            out.append(Assumption(code="eager_attention"))
        # The engine's own code and chunk size (rules.estimator.estimate_inference); vLLM's
        # chunk is its default max_num_batched_tokens for the card, said as such (one the
        # user set is said plainly).
        vllm_chunks = vllm_batched_tokens_defaults() if query.engine == "vllm" \
            and query.max_num_batched_tokens is None else {}
        for a in breakdown.assumptions:
            if a.code in ("chunked_prefill", "sliding_window_kv"):
                tokens = int(a.params["tokens"] or 0)
                code = vllm_chunks.get(tokens, a.code) if a.code == "chunked_prefill" \
                    else a.code
                out.append(Assumption(code=code, params={"tokens": tokens}))
        out.extend(Assumption(code=a.code, params={k: int(a.params[k] or 0)
                                                   for k in ("tokens", "local", "layers")})
                   for a in breakdown.assumptions
                   if a.code in ("sliding_window_layers_kv", "sliding_window_layers_llama_cpp"))
        if any(name == "cuda_graphs" for name, _, _ in breakdown.parts):
            # vLLM's share: what it holds there beside the model, and the CUDA context outside.
            out.append(Assumption(code="vllm_share_overhead",
                                  params={"since": vllm_graphs_since()}))
        elif any(name == "vllm_non_torch" for name, _, _ in breakdown.parts):
            # "--enforce-eager": vLLM captures no CUDA graphs, so reserves none of their memory.
            out.append(Assumption(code="vllm_share_eager", params={}))
        staged = next((a for a in breakdown.assumptions if a.code == "pipeline_split"), None)
        if staged is not None:
            # vLLM's -pp: the stages' layers, the embeddings and head at the ends
            out.append(Assumption(code="pipeline_split", params={
                k: v for k, v in staged.params.items() if v is not None}))
        if gpus > 1 and staged is None:
            replicated = any(a.code == "kv_replicated" for a in breakdown.assumptions)
            heads = next((a.params["heads"] for a in breakdown.assumptions
                          if a.code == "kv_heads_replicated"), None)
            if heads is not None:
                out.append(Assumption(code="split_kv_heads_gpus",
                                      params={"gpus": gpus, "heads": heads}))
            else:
                out.append(Assumption(code="split_weights_gpus" if replicated else "split_gpus",
                                      params={"gpus": gpus}))
        return tuple(out)
    mlx_base = next((a for a in breakdown.assumptions if a.code == "qlora_mlx"), None)
    if mlx_base is not None:
        out.append(Assumption(code="qlora_mlx", params={"bits": mlx_base.params["bits"] or 0}))
    elif method.quantized_base:
        # LitGPT's BitsandbytesPrecision quantizes the head too: said instead.
        out.append(Assumption(code="litgpt_4bit_head" if query.litgpt
                              else "qlora_nf4_plain" if query.double_quant is False
                              else "qlora_nf4"))
    elif method.int8_base:
        out.append(Assumption(code="lora_int8"))
    if rank is not None:
        targets = _lora_targets(query, model)
        # bitsandbytes' 8-bit Adam keeps the adapters' states in a byte each (rules.estimator).
        eight = 1 if _optimizer(query, method) in ("adam8bit", "paged_adam8bit") else 0
        bf16_adapters = 1 if query.torchtune and query.precision in (None, "bf16") else 0
        fused = shape.arch.fused_experts and not shape.assumed
        if fused and (targets == "all" or any(t in targets for t in ("gate", "up", "down"))):
            # gpt-oss: the experts are stacked weights, which no LoRA target reaches.
            out.append(Assumption(code="lora_attention_fused_experts", params={"rank": rank}))
        elif targets == "all":
            out.append(Assumption(code="lora_all_linear", params={
                "rank": rank, "adam8bit": eight, "bf16": bf16_adapters,
                "optimizer": _optimizer(query, method) or ""}))
        else:
            out.append(Assumption(code="lora_targets", params={
                "rank": rank, "targets": targets, "adam8bit": eight, "bf16": bf16_adapters,
                "optimizer": _optimizer(query, method) or ""}))
        if _peft_default_targets(query, model):
            out.append(Assumption(code="peft_default_targets" if query.peft_config == "default"
                                  else "trl_peft_default_targets"))
    embedded = next((a for a in breakdown.assumptions if a.code == "trained_embeddings"), None)
    if embedded is not None:
        out.append(Assumption(code="trained_embeddings", params={
            "which": query.trained_embeddings or "",
            "params_m": int(embedded.params["params_m"] or 0),
            "replaced": int(embedded.params["replaced"] or 0)}))
    trained = next((a for a in breakdown.assumptions if a.code == "trained_layers"), None)
    if trained is not None:
        # not mlx-lm's --num-layers: LLaMA-Factory's freeze tuning (settings.FREEZE_TUNING)
        out.append(Assumption(code="trained_layers" if mlx_assumed(query, method) or query.mlx
                              else "freeze_layers", params={
            "layers": int(trained.params["layers"] or 0), "of": int(trained.params["of"] or 0)}))
    assumed = mlx_assumed(query, method)
    # MLX named, its defaults held on the Mac: the run is mlx_lm.lora's as pasted
    own = assumed and _mlx_defaults_open(query, method) and batch == MLX_MICRO_BATCH
    if assumed and not query.mlx_named:
        out.append(Assumption(code="mlx_assumed"))
    if (query.mlx or assumed) and method.kind == "training" and (
            query.batch_size is None or query.grad_ckpt is None or query.trained_layers is None
            or (rank is not None and query.lora_rank is None)):
        # assumed: batch 1 with checkpointing, as on any card, and mlx-lm's rank and layers
        out.append(Assumption(code="mlx_typical" if assumed and not query.mlx and not own
                              else "mlx_defaults"))
    tune = TORCHTUNE_CONFIGS.get(query.torchtune_config or "")
    if tune is not None and method.kind == "training":
        out.append(Assumption(code="torchtune_config", params={
            "config": query.torchtune_config or "",
            "batch": 0 if query.batch_size is not None else tune.batch_size,
            "rank": tune.lora_rank if rank is not None and query.lora_rank is None else 0,
            "alpha": tune.lora_alpha,
            "ckpt": "" if query.grad_ckpt is not None
            else "on" if tune.activation_checkpointing else "off",
            "accumulation": 0 if query.grad_accumulation is not None
            else tune.grad_accumulation_steps}))
    if query.batch_by_trainer and query.batch_size == TRAINER_BATCH and method.kind == "training":
        out.append(Assumption(code="trainer_batch"))
    if query.ckpt_by_trainer and query.grad_ckpt is False and method.kind == "training":
        out.append(Assumption(code="hf_trainer_no_ckpt"))
    elif query.trainer == "trl" and query.grad_ckpt is None and method.kind == "training" \
            and not query.mlx and not query.litgpt:
        out.append(Assumption(code="trl_ckpt"))
    if method.full:
        if query.precision == "bf16":
            out.append(Assumption(code="pure_bf16"))
        elif query.precision is None and not query.fp32_weights:
            # A card without BF16 (T4, V100): FP16 mixed precision (fp16=True); Unsloth upcasts
            # the weights to FP32 there ('Float16 full finetuning uses more memory since we
            # upcast weights to float32', unslothai/unsloth unsloth/models/vision.py @015bdef0).
            fp16 = query.gpu is not None and not load_catalogue().has_bf16(query.gpu)
            out.append(Assumption(code="unsloth_fp16_full" if _unsloth_upcast(query, method)
                                  else "mixed_precision_fp16" if fp16 else "mixed_precision"))
        if query.optimizer in ("paged_adamw", "paged_adam8bit"):
            out.append(Assumption(code="paged_optimizer"))
        if query.optimizer in ("lion", "lion8bit", "sgd", "sgd_momentum"):
            out.append(Assumption(code="one_state_optimizer",
                                  params={"optimizer": query.optimizer}))
        if query.grad_accumulation is not False and not (
                tune is not None and query.grad_accumulation is None
                and tune.grad_accumulation_steps == 1):
            out.append(Assumption(code="grad_accumulation"))
    if query.activation_offload:
        out.append(Assumption(code="activation_offload"))
    if _lora_dropout(query) and rank is not None:
        fused = any(a.code == "lora_dropout_fused_qkv" for a in breakdown.assumptions)
        out.append(Assumption(code="lora_dropout_fused_qkv" if fused else "lora_dropout"))
    if query.kbit_fp32 and (method.quantized_base or method.int8_base):
        out.append(Assumption(code="kbit_fp32"))
    if any(a.code == "bnb_saved_inputs" for a in breakdown.assumptions):
        out.append(Assumption(code="bnb_saved_inputs"))
    if any(a.code == "fsdp_no_sync" for a in breakdown.assumptions):
        out.append(Assumption(code="fsdp_no_sync"))
    untied = next((a for a in breakdown.assumptions if a.code == "untied_head"), None)
    if untied is not None:
        out.append(Assumption(code="litgpt_untied_head",
                              params={"params_m": int(untied.params["params_m"] or 0)}))
    if query.paired and method.kind == "training":
        out.append(Assumption(code="preference_pairs", params={"batch": batch, "seqs": 2 * batch}))
    if query.reference_model and method.kind == "training":
        out.append(Assumption(code="reference_copy" if method.full else "reference_adapters"))
    if query.kernels == "unsloth":
        offloaded = any(a.code == "unsloth_offloaded_checkpoints" for a in breakdown.assumptions)
        out.append(Assumption(code="unsloth_offloaded" if offloaded else "unsloth"))
    elif query.kernels == "liger":
        out.append(Assumption(code="liger"))
    elif query.cut_ce and not query.litgpt and method.kind == "training":
        out.append(Assumption(code="cut_ce"))
    elif method.kind == "training" and _foundry_loss(query, model):
        out.append(Assumption(code="foundry_loss"))
    elif query.compiled:
        out.append(Assumption(code="torch_compile"))
    if query.litgpt and method.kind == "training":
        out.append(Assumption(code="litgpt_loss"))
    if (query.mlx or assumed) and method.kind == "training":
        # mlx-lm trains with MLX's kernels, not PyTorch's: FlashAttention, torch.compile and
        # an FP32 loss are not what runs (said as MLX runs it, bot.render.detailed_lines).
        out.append(Assumption(code="mlx_kernels"))
    elif query.attention != "eager" and not query.compiled and not query.chunked_loss \
            and not (query.cut_ce and method.kind == "training") \
            and not (query.litgpt and method.kind == "training") and query.kernels is None \
            and not (method.kind == "training" and _foundry_loss(query, model)):
        out.append(Assumption(code="kernels"))
    elif query.attention == "eager" and method.kind == "training":
        out.append(Assumption(code="eager_scores"))
    if any(a.code == "softcapped_scores" for a in breakdown.assumptions):
        out.append(Assumption(code="softcapped_scores_litgpt" if query.litgpt
                              and query.attention != "eager" else "softcapped_scores"))
    if gpus > 1 and query.sharding in ("ddp", "device_map", "zero1", "zero2"):
        out.append(Assumption(code=query.sharding, params={"gpus": gpus, "batch": batch}))
    elif gpus > 1:
        out.append(Assumption(code="sharded", params={"gpus": gpus, "batch": batch}))
    out.append(Assumption(code="formulas"))
    return tuple(out)


def _target(
    asked: Fit | None, options: tuple[Fit, ...], cat: Catalogue, measured: bool,
    held: bool = False, paid: Callable[[Fit], Decimal | None] | None = None,
) -> tuple[Fit | None, bool]:
    """Where the run is timed and quoted: the asked configuration when it names a GPU and fits
    (planning rule, as every quote, or the detailed estimate with the user's settings, `held`:
    "QLoRA 70B on 2× 4090, seq 2k, how long" is timed there, not on a B200); else the cheapest
    offered configuration that fits and can
    be timed (a cited peak BF16 TFLOPS, unless the user measured a throughput), else simply
    the cheapest, which then says what is missing."""
    if asked is not None and asked.gpu is not None and (asked.fits or held or measured):
        # A throughput the user measured was measured on the card they name: it ran there.
        return asked, True
    timeable = [o for o in options
                if o.gpu is not None and (measured or _training_peak(cat.gpu(o.gpu))[0] is not None)]
    if not timeable:
        return (options[0] if options else None), False
    if measured:  # a throughput measured on one card says nothing of another's
        return timeable[0], False
    # The same run's GPU-hours go as 1 / peak TFLOPS (one assumed utilisation for every GPU):
    # the run costs least where the price per peak TFLOPS is lowest, which is not always the
    # cheapest hour (an H100 finishes a 70B QLoRA for less than the A100 it costs 2.5 times).
    # Options come cheapest first: a tie keeps the cheaper hour.
    def per_tflops(option: Fit) -> Decimal:
        assert option.gpu is not None
        peak = _training_peak(cat.gpu(option.gpu))[0]
        price = option.usd_per_hour
        if price is None or peak is None:
            return Decimal("Infinity")
        return price / (peak * option.gpu_count)
    if paid is None:
        return min(timeable, key=per_tflops), False
    # GPU-hours are sold only in whole blocks (the smallest, 10 GPU-hours, is the least one
    # buys): the run costs least where what is paid for it is least, then where the run's own
    # hours cost least (was the run's hours alone: one 10-hour B200 block, $46.10, for a run an
    # L40S block of $8.20 covers).
    def paid_first(option: Fit) -> tuple[Decimal, Decimal]:
        cost = paid(option)
        return (Decimal("Infinity") if cost is None else cost), per_tflops(option)
    return min(timeable, key=paid_first), False


def _faster_runs(
    options: tuple[Fit, ...], hours: Decimal, paid: Callable[[Fit], Decimal | None],
    timed: dict[tuple[str, int], TrainingTime],
) -> tuple[FasterRun, ...]:
    """The offered configurations where the run ends sooner than in `hours`, timed as the run
    asked was (one assumed utilisation), what is paid there least first, then the fastest."""
    runs: list[FasterRun] = []
    for option in options:
        cost = paid(option) if option.gpu is not None else None
        if cost is None or option.gpu is None:
            continue
        there = timed[option.gpu, option.gpu_count].wall_clock_hours
        if there < hours:
            runs.append(FasterRun(option.gpu, option.gpu_count, there, cost))
    return tuple(sorted(runs, key=lambda r: (r.paid_usd, r.wall_clock_hours)))


def _within(
    options: tuple[Fit, ...], cat: Catalogue, hours: Decimal,
    paid: Callable[[Fit], Decimal | None], timed: dict[tuple[str, int], TrainingTime],
) -> tuple[Fit, bool] | None:
    """The offered configuration where the run finishes within `hours` and what is paid for it
    is least (True), else the one where it finishes soonest (False); None: none can be timed."""
    runs: list[tuple[Fit, Decimal, Decimal]] = []
    for option in options:
        cost = paid(option) if option.gpu is not None else None
        if cost is None or option.gpu is None:
            continue
        runs.append((option, timed[option.gpu, option.gpu_count].wall_clock_hours, cost))
    if not runs:
        return None
    inside = [run for run in runs if run[1] <= hours]
    if inside:
        return min(inside, key=lambda run: (run[2], run[1]))[0], True
    return min(runs, key=lambda run: (run[1], run[2]))[0], False


# The micro-batches tried, largest first, when none is said: the Trainer's default (which TRL's
# configs and the command the replies suggest keep) down to 2; below that the estimate's own 1.
_TYPICAL_MICROS: Final = tuple(m for m in (TRAINER_BATCH, 4, 2) if m <= TRAINER_BATCH)


def typical_micro(
    query: Query, method: Method, model: ModelSpec | Decimal,
) -> Callable[[Fit], tuple[int, Decimal] | None] | None:
    """How a run with no micro-batch said is timed on each configuration: the largest of
    _TYPICAL_MICROS it holds by the detailed estimate, with that estimate per GPU (None: not
    even 2 fits, so the estimate's 1). The memory verdict stays at micro-batch 1, the least a
    run needs; the time is a run people make: one sequence a micro-step leaves a small model's
    fixed step costs unshared (rules.training_time.StepCost; a 1B model on an H100 at 23 % of
    its peak, where 8 sequences reach 44 %). None: a micro-batch was said, or a tool's own
    default holds (torchtune's configs, mlx-lm, LitGPT, an Axolotl config: batch 1 there)."""
    if query.batch_size is not None or query.mlx or query.torchtune_config or query.litgpt or query.axolotl_config:
        return None
    # (GPUs, each one's capacity) → the micro-batch held and its estimate: configurations of
    # the same count and memory share one search.
    held: dict[tuple[int, Decimal], tuple[int, Decimal] | None] = {}

    def micro(option: Fit) -> tuple[int, Decimal] | None:
        if option.gpu is None or load_catalogue().gpu(option.gpu).platform == "metal":
            return None  # a Mac runs mlx-lm's own batch (MLX_MICRO_BATCH), timed as it says
        key = (option.gpu_count, capacity_per_gpu(option))
        if key not in held:
            held[key] = None
            for size in _TYPICAL_MICROS:
                breakdown = _estimate(settings_with(query, {"batch_size": size}), method,
                                      model, option.gpu_count, option)[0]
                if breakdown is None:
                    continue
                check = _checked(query, method, option, breakdown)
                # A micro-batch people keep leaves the planning margin free (allocator
                # fragmentation, a longer sample): at the card's edge they take the next one down.
                if breakdown.per_gpu_gb * margin <= check.vram_per_gpu_gb:
                    held[key] = (size, breakdown.per_gpu_gb)
                    break
        return held[key]
    margin = planning_margin(load_catalogue())
    return micro


def planning_margin(cat: Catalogue) -> Decimal:
    """The seed's planning margin over the floor, 20 % (rules/data/methods.toml lora: its
    estimate over its floor, 2.4 / 2): the room a run is expected to need beyond its estimate."""
    lora = cat.method("lora")
    if lora.floor_gb_per_b is None:
        return Decimal(1)
    return lora.estimate_gb_per_b / lora.floor_gb_per_b


def micro_batches(batch: int) -> list[int]:
    """The micro-batches a `batch` is held at below itself, largest first: each divisor of it,
    so that gradient accumulation of batch ÷ it keeps the batch whole (6: 3, 2, 1). The one rule
    of the detailed estimate's held micro-batch (_held_micro_batch) and the remedy's
    (bot.remedy._largest_micro), which took powers of two only (6: 2 where 3 fits)."""
    return [micro for micro in range(batch // 2, 0, -1) if batch % micro == 0]


def _held_micro_batch(
    query: Query, method: Method, model: ModelSpec | Decimal, gpus: int, asked: Fit, batch: int,
) -> tuple[int, Decimal] | None:
    """The largest micro-batch, a divisor of the stated `batch` (so that gradient accumulation
    of batch ÷ it keeps it whole), that `asked` holds by the detailed estimate, with that
    estimate per GPU; None when no batch above 1 was stated or not even 1 fits."""
    if query.batch_size is None or batch < 2 or asked.gpu is None:
        return None
    for micro in micro_batches(batch):
        breakdown = _estimate(settings_with(query, {"batch_size": micro}), method, model,
                              gpus, asked)[0]
        if breakdown is not None and _checked(query, method, asked, breakdown).detailed_fits:
            return micro, breakdown.per_gpu_gb
    return None


# Shorter than this, a sequence is no setting to suggest for training (a few chat lines).
_SHORTEST_SUGGESTED = 256


def _shorter_run(
    query: Query,
    method: Method,
    model: ModelSpec | Decimal,
    tokens: int,
    ckpt: bool,
    asked: Fit,
    cat: Catalogue,
    tokens_per_second: Decimal | None,
    epochs: int,
) -> dict[str, Any]:
    """The asked configuration misses the run: the longest sequence it holds (with the other
    settings as given), and how long the run takes there at that length."""
    out: dict[str, Any] = {"asked_short": True}
    if asked.gpu is None:
        return out
    setting: dict[str, object] = {}
    if query.grad_ckpt is False:
        # Checkpointing switched off: switched on, the run may fit at the settings given
        # (it then recomputes the forward pass, which the time counts).
        with_ckpt = _estimate(settings_with(query, {"grad_ckpt": True}), method, model,
                              asked.gpu_count, asked)[0]
        if with_ckpt is not None and with_ckpt.per_gpu_gb <= capacity_per_gpu(asked):
            ckpt = True
            setting = {"asked_ckpt_gb": with_ckpt.per_gpu_gb}
    if not setting:
        longest = longest_context(query, method, model, asked)
        if longest.tokens < _SHORTEST_SUGGESTED or (
                query.seq_len is not None and longest.tokens >= query.seq_len):
            return out
        setting = {"asked_seq_len": longest.tokens}
    gpu = cat.gpu(asked.gpu)
    count = asked.gpu_count
    if tokens_per_second is not None and tokens_per_second > 0:
        run = gpu_hours_from_throughput(tokens, tokens_per_second, count, epochs, method=method)
    else:
        peak, precision = _training_peak(gpu)
        if peak is None:
            return out
        seq = setting.get("asked_seq_len", _positive(query.seq_len, DEFAULT_SEQ_LEN))
        assert isinstance(seq, int)
        run = estimate_training_time(
            model, method, tokens, peak, count, epochs, ckpt,
            reference=bool(query.reference_model),
            tokens_per_step=seq * _positive(query.batch_size, DEFAULT_MICRO_BATCH),
            bandwidth_gbs=gpu.memory_bandwidth_gbs, seq_len=seq)
        out["asked_fp16"] = precision == "fp16"
    out.update(setting, asked_hours=run.wall_clock_hours, asked_gpu_hours=run.gpu_hours)
    return out


def _beyond_peak(
    model: ModelSpec | Decimal, method: Method, tokens: int, gpu: GPU, count: int, epochs: int,
    ckpt: bool, measured: TrainingTime, reference: bool, tokens_per_step: int | None, seq_len: int | None,
    card: dict[str, Any],
) -> dict[str, Any]:
    """A measured throughput the card cannot reach: "9,000 tokens/s of QLoRA on an 8B model on
    my 3090" takes 4 times the 3090's datasheet peak (at the fewest FLOPs, no recomputation).
    Then what the figure likely counts is something else (generation, every GPU, padding), and
    the hours at the assumed utilisation are given beside it. Empty when it is within reach."""
    # The peak the run is timed at (_training_peak: a P40's FP32 one), not _peak's BF16/FP16
    # alone, which a Pascal card lacks: "5k tok/s qlora 7b on my P40" was never judged.
    peak, _precision = _training_peak(gpu)
    if peak is None or measured.gpu_hours <= 0:
        return {}
    least = estimate_training_time(
        model, method, tokens, peak, count, epochs, False, reference=reference,
        tokens_per_step=tokens_per_step, seq_len=seq_len, **card)
    if least.mfu is None:
        return {}
    share = least.mfu * least.gpu_hours / measured.gpu_hours
    if share <= 1:
        return {}
    estimate = least if not ckpt else estimate_training_time(
        model, method, tokens, peak, count, epochs, True, reference=reference,
        tokens_per_step=tokens_per_step, seq_len=seq_len, **card)
    return {"measured_peak_share": share, "measured_assumed_hours": estimate.wall_clock_hours,
            "measured_assumed_mfu": estimate.mfu, "peak_tflops": peak}


def _peak(gpu: GPU) -> tuple[Decimal | None, Literal["bf16", "fp16"]]:
    """The datasheet peak a run is timed at: BF16, else (T4, V100, P100) the FP16 figure that
    FP16 mixed precision runs at, else none."""
    if gpu.bf16_dense_tflops is not None:
        return gpu.bf16_dense_tflops, "bf16"
    return gpu.fp16_dense_tflops, "fp16"


def _training_peak(gpu: GPU) -> tuple[Decimal | None, Literal["bf16", "fp16", "fp32"]]:
    """The peak a training run is timed at: _peak's, else the FP32 peak of a card whose FP16
    is far slower than its FP32 (P40, GTX 1080 Ti: 1/64), the run trained in FP32 there (was
    no time at all)."""
    if gpu.bf16_dense_tflops is None and gpu.fp16_dense_tflops is None \
            and gpu.fp32_dense_tflops is not None:
        return gpu.fp32_dense_tflops, "fp32"
    return _peak(gpu)


def deadline_hours(query: Query) -> Decimal | None:
    """The hours a deadline allows ("within 2 days", "by tomorrow"; a night: its shortest, 8
    hours), to time the run where it finishes within them; None: no deadline asked, or a card
    named."""
    if query.gpu is not None or query.vram_gb is not None:
        return None  # a card named is where the run is timed (or, too small, where it fits)
    if query.fastest_run:
        return Decimal(0)  # no run ends in no time: where it ends soonest
    if not query.deadline_asked:
        return None
    return query.hours if query.hours is not None else NIGHT_HOURS


def _rent_on(query: Query, answer: Answer, cat: Catalogue) -> tuple[Fit, ...]:
    """Where a run on one's own card is timed and quoted rented when the rented card is named
    ("how much on your l40s", "on 3 h100s of yours"): its configurations that hold the run, at
    the count said. A count we list no configuration of ("2x a100 of yours": the A100 80GB is
    listed as 1× and 4×) goes to the listed one of that card nearest in count that holds the
    run, more GPUs on a tie (the reply says so; was where the run costs least, the card named
    dropped); none named or none holding it, the run goes where it costs least."""
    if query.rent_gpu is None:
        return ()
    held = [o for o in detailed_options(query, answer, cat) if o.gpu == query.rent_gpu]
    count = query.rent_gpu_count
    exact = tuple(o for o in held if count in (None, o.gpu_count))
    if exact or count is None:
        return exact
    return (min(held, key=lambda o: (abs(o.gpu_count - count), -o.gpu_count)),) if held else ()


def _training_time(
    model: ModelSpec | Decimal,
    method: Method,
    tokens: int,
    ckpt: bool,
    asked: Fit | None,
    options: tuple[Fit, ...],
    cat: Catalogue,
    tokens_per_second: Decimal | None,
    epochs: int = DEFAULT_EPOCHS,
    *,
    held: bool = False,
    reference: bool = False,
    rent: bool = False,
    rent_on: tuple[Fit, ...] = (),
    tokens_per_step: int | None = None,
    seq_len: int | None = None,
    within: Decimal | None = None,
    faster: bool = False,
    trained: Decimal | None = None,
    micro_for: Callable[[Fit], tuple[int, Decimal] | None] | None = None,
) -> TrainingEstimate:
    measured = tokens_per_second is not None and tokens_per_second > 0

    def step_on(option: Fit) -> int | None:
        """The tokens of a micro-step on `option`: at the micro-batch it holds when none was
        said (micro_for), else as given."""
        held = micro_for(option) if micro_for is not None and seq_len is not None else None
        return tokens_per_step if held is None or seq_len is None else seq_len * held[0]

    def on_card(gpu: GPU) -> dict[str, Any]:
        """What the run's FLOPs and step take on this card: on a Mac it is mlx-lm's run,
        whose backward pass goes through the trained layers alone (`trained`, the estimate's
        --num-layers share) and whose QLoRA multiplies the packed 4-bit weights
        (mx.quantized_matmul: no bitsandbytes dequantization pass, so no bandwidth term)."""
        if gpu.platform == "metal":
            return {"trained": trained, "bandwidth_gbs": None}
        return {"bandwidth_gbs": gpu.memory_bandwidth_gbs}
    # Each option's run, timed to choose where to time it: the chosen one is not timed again.
    timed: dict[tuple[str, int], TrainingTime] = {}

    def paid(option: Fit) -> Decimal | None:
        """What is paid for the run on `option`, in whole blocks (None: no price or peak)."""
        peak = _training_peak(cat.gpu(option.gpu))[0] if option.gpu is not None else None
        if peak is None or option.gpu is None:
            return None
        there = timed[option.gpu, option.gpu_count] = estimate_training_time(
            model, method, tokens, peak, option.gpu_count, epochs, ckpt, reference=reference,
            tokens_per_step=step_on(option), seq_len=seq_len, **on_card(cat.gpu(option.gpu)))
        hours = max(there.gpu_hours / option.gpu_count, Decimal("0.01"))
        return paid_usd(option.gpu, option.gpu_count, hours, catalogue=cat)

    target, on_asked = _target(asked, options, cat, measured, held, paid)
    deadline: dict[str, Any] = {}
    if within is not None and not on_asked and not measured and target is not None:
        # "qlora 70b on 200k samples, 2 days, which gpu": the cheapest run that finishes in
        # time, else the fastest (was the cheapest run, said to take longer).
        cheapest = target
        least = timed.get((target.gpu, target.gpu_count)) if target.gpu is not None else None
        if least is not None and least.wall_clock_hours <= within:
            met = True  # where it costs least, it finishes in time
        else:
            target, met = _within(options, cat, within, paid, timed) or (target, False)
        deadline = {"deadline_hours": within, "deadline_met": met}
        if met and cheapest is not target and cheapest.gpu is not None:
            # Said to cost less only where it does: 1× and 8× H100 paying the same blocks for
            # the same GPU-hours is no cheaper run that takes longer.
            less, more = paid(cheapest), paid(target)
            if less is not None and more is not None and less < more:
                deadline["slower"] = (
                    cheapest, timed[cheapest.gpu, cheapest.gpu_count].wall_clock_hours)
    first = next((o for o in options if o.gpu is not None and o.usd_per_hour is not None), None)
    runs: list[tuple[int, Fit, Decimal, Decimal]] = []
    if not on_asked and not measured and not deadline and target is not None:
        for at, option in enumerate(options):
            on = timed.get((option.gpu, option.gpu_count)) if option.gpu is not None else None
            if on is None or option.gpu is None:
                continue
            cost = paid_usd(option.gpu, option.gpu_count,
                            max(on.gpu_hours / option.gpu_count, Decimal("0.01")), catalogue=cat)
            if cost is not None:
                lead = (option.gpu, option.gpu_count) == (target.gpu, target.gpu_count)
                runs.append((-1 if lead else at, option, on.wall_clock_hours, cost))
    paid_runs = tuple((o, h, c) for _at, o, h, c in sorted(runs, key=lambda r: (
        r[0] >= 0, r[3], r[0])))
    # (paid_runs[0] is the run timed when that was weighed: its key sorts first)
    same_paid_faster = _same_paid_faster(paid_runs) if any(r[0] == -1 for r in runs) else None
    # The estimate's fields known so far: it is made once, with the rest (was made here, then
    # again by each return's dataclasses.replace, which reads every field of it back).
    base: dict[str, Any] = dict(
        tokens=tokens * epochs, epochs=epochs, gpu=None, gpu_count=None,
        asked=on_asked, paid_runs=paid_runs, same_paid_faster=same_paid_faster,
        cheaper_hour=first if not on_asked and target is not None and first is not None
        and not deadline.get("slower")
        and (first.gpu, first.gpu_count) != (target.gpu, target.gpu_count) else None,
        **deadline,
    )
    if target is None or target.gpu is None:
        return TrainingEstimate(**base, problem="no_config")
    gpu: GPU = cat.gpu(target.gpu)
    count = target.gpu_count
    fields: dict[str, Any] = {"gpu": gpu.id, "gpu_count": count}
    run: TrainingTime
    if measured:
        assert tokens_per_second is not None
        run = gpu_hours_from_throughput(tokens, tokens_per_second, count, epochs, method=method)
        fields.update(tokens_per_second=tokens_per_second)
        fields.update(_beyond_peak(model, method, tokens, gpu, count, epochs, ckpt, run,
                                   reference, tokens_per_step, seq_len, on_card(gpu)))
    elif _training_peak(gpu)[0] is None:
        # No cited datasheet figure: say so, never guess a throughput. On the user's own card,
        # the same run timed and quoted where we rent it for least ("how long on my 4070 Ti
        # Super, and what would it cost with you?").
        rented = None
        if on_asked and not gpu.rented:
            rented = _training_time(model, method, tokens, ckpt, None,
                                    rent_on or options, cat, None, epochs,
                                    reference=reference, tokens_per_step=tokens_per_step,
                                    seq_len=seq_len, micro_for=micro_for)
        return TrainingEstimate(**{**base, **fields}, problem="no_peak_tflops",
                                rented=rented if rented is not None and rented.quote else None)
    else:
        peak, precision = _training_peak(gpu)
        assert peak is not None
        run = timed.get((gpu.id, count)) or estimate_training_time(
            model, method, tokens, peak, count, epochs, ckpt, reference=reference,
            tokens_per_step=step_on(target), seq_len=seq_len, **on_card(gpu))
        typical = micro_for(target) if micro_for is not None else None
        if typical is not None:
            fields.update(typical_micro=typical[0], typical_micro_gb=typical[1])
        beyond = on_asked and count > cat.limits.max_gpus
        if (rent and on_asked and (not gpu.rented or gpu.usd_per_gpu_hour is None)) or beyond:
            # "how long on my L4, and what would it cost on your GPUs?": the run where we rent it
            # for least, beside the time on the card asked (was the time alone, no cost).
            there = _training_time(model, method, tokens, ckpt, None,
                                   rent_on or options, cat, None, epochs,
                                   reference=reference, tokens_per_step=tokens_per_step,
                                   seq_len=seq_len, micro_for=micro_for)
            if there.quote is not None:
                fields.update(rented=there)
        n = model.active_params_b or model.params_b if isinstance(model, ModelSpec) else model
        assert run.flops is not None and run.mfu is not None
        attention = run.attention.flops_per_token if run.attention is not None else Decimal(0)
        fields.update(
            flops=run.flops,
            # k alone: attention's own FLOPs (run.attention) are said beside it
            flops_per_param_token=((run.flops - attention * run.tokens)
                                   / (n * Decimal(10**9) * run.tokens)).normalize(),
            attention=run.attention,
            params_b=n,
            moe=isinstance(model, ModelSpec) and model.active_params_b is not None,
            mfu=run.mfu,
            mfu_assumed=True,
            peak_tflops=peak,
            peak_precision=precision,
            peak_source=gpu.peak_source,
            peak_derived=gpu.peak_derived,
            peak_fp32_accumulate=gpu.peak_fp32_accumulate,
        )
    fields.update(gpu_hours=run.gpu_hours, wall_clock_hours=run.wall_clock_hours)
    if faster and not measured:
        # "too slow" after a run the card asked cannot hold: faster than where it was timed
        fields["faster"] = _faster_runs(options, run.wall_clock_hours, paid, timed)
    if gpu.usd_per_gpu_hour is None:
        return TrainingEstimate(**{**base, **fields}, problem="no_price")
    if count > cat.limits.max_gpus:
        # "how long … on h100s": 19× H100 is no one instance, so no quote there; the run where
        # we rent it for least follows (fields' rented; was "longer than a single quote covers").
        return TrainingEstimate(**{**base, **fields})
    # Wall-clock hours from the rounded GPU-hours, so that the quote repeats the same GPU-hours;
    # a run shorter than the 0.01 h the estimate is rounded to is still billed.
    hours = max(run.gpu_hours / count, Decimal("0.01"))
    if hours > cat.limits.max_hours:
        return TrainingEstimate(**{**base, **fields}, problem="too_long")
    try:
        fields["quote"] = quote(gpu.id, count, hours, method.id, catalogue=cat)
    except RulesError:
        return TrainingEstimate(**{**base, **fields}, problem="too_long")
    return TrainingEstimate(**{**base, **fields})


# A wait worth naming a faster run for, at the same price: at least this long, cut at least in half.
_SAME_PAID_WAIT_HOURS: Final = Decimal(1)


def _same_paid_faster(
    paid_runs: tuple[tuple[Fit, Decimal, Decimal], ...],
) -> tuple[Fit, Decimal] | None:
    """The fastest run paid the same blocks as the one timed (paid_runs[0]) in at most half its
    hours: blocks round each run up, so more GPUs can cost nothing more ("qlora llama 3 70b on
    100M tokens": 1× H100 25.64 h and 8× H100 about 3.4 h, both $69.60). None: no such run."""
    _lead, hours, paid = paid_runs[0]
    if hours < _SAME_PAID_WAIT_HOURS:
        return None
    same = [(h, o) for o, h, c in paid_runs[1:] if c == paid and h * 2 <= hours]
    if not same:
        return None
    fast, option = min(same, key=itemgetter(0))
    return option, fast


# ----------------------------------------------------------------------------- chart support

_NO_GPU = "-"


def chart_candidates(
    detailed: DetailedAnswer, locale: str, catalogue: Catalogue, limit: int = 3
) -> list[tuple[str, Decimal]]:
    """(label, VRAM per GPU) lines for the chart: the asked configuration, then the offered
    configurations with the breakdown's GPU count that the detailed estimate fits, cheapest
    first (or the largest one when none does, to show the gap). Same GPU count only, because
    the breakdown is per GPU of that count."""
    cat = catalogue
    fmt = Formatter(locale)
    out: list[tuple[str, Decimal]] = []
    if detailed.vram_per_gpu_gb is not None:
        if detailed.gpu is not None:
            label = f"{detailed.gpus}× {cat.gpu(detailed.gpu).name}"
        else:  # the size said ("48 GB"), held to what such a card reports
            said = detailed.check.said_gb if detailed.check is not None else None
            label = f"{detailed.gpus}× {fmt.gb(said or detailed.vram_per_gpu_gb)}"
        out.append((label, detailed.vram_per_gpu_gb))
    same = sorted(
        (o for o in cat.offers if o.count == detailed.gpus),
        key=lambda o: (o.usd_per_hour, o.gpu),
    )
    fitting = [o for o in same if cat.capacity_gb(cat.gpu(o.gpu)) >= detailed.per_gpu_gb]
    if not fitting and same:
        fitting = [max(same, key=lambda o: cat.capacity_gb(cat.gpu(o.gpu)))]
    for offer in fitting:
        gpu = cat.gpu(offer.gpu)
        if len(out) >= limit:
            break
        if any(vram == cat.capacity_gb(gpu) for _, vram in out):
            continue  # one line per memory size
        out.append((f"{offer.count}× {gpu.name}", cat.capacity_gb(gpu)))
    return out


def chart_callback_args(detailed: DetailedAnswer, max_bytes: int = 64) -> tuple[str, ...]:
    """Arguments of a "chart" button (the lead's Callback("chart", args)), within Telegram's
    64 bytes with the "chart:" prefix: method, model id (or size when too long), GPU id,
    "v<GB>" for a GPU given by memory or "-", count, seq, batch, checkpointing 0/1, LoRA rank
    (0 when not LoRA)."""
    if detailed.gpu is not None:
        where = detailed.gpu
    elif detailed.vram_per_gpu_gb is not None:
        # The size said: the chart's question reads it again as the cards sold at it are.
        said = detailed.check.said_gb if detailed.check is not None else None
        where = "v" + format((said or detailed.vram_per_gpu_gb).normalize(), "f")
    else:
        where = _NO_GPU
    size = format(detailed.params_b.normalize(), "f")
    tail = (where, str(detailed.gpus), str(detailed.seq_len), str(detailed.micro_batch),
            "1" if detailed.grad_ckpt else "0", str(detailed.lora_rank or 0))
    for who in (detailed.model_id, size):
        if who is None:
            continue
        args = (detailed.method, who, *tail)
        if len(":".join(("chart", *args)).encode()) <= max_bytes:
            return args
    raise ValueError("chart callback data does not fit in Telegram's 64 bytes")


def chart_query(args: tuple[str, ...], catalogue: Catalogue) -> Query | None:
    """The Query a "chart" button stands for (details forced on), or None if malformed."""
    if len(args) != 8:
        return None
    method, who, where, count, seq, batch, ckpt, rank = args
    cat = catalogue
    if method not in cat.method_ids(every=True):
        return None
    fields: dict[str, object] = {"text": "", "intent": "fit", "method": method, "details": True}
    try:
        fields["params_b"] = Decimal(who)
    except ArithmeticError:
        try:
            spec = cat.models.get(who)
        except KeyError:
            return None
        fields.update(model_id=spec.id, params_b=spec.params_b)
    if where.startswith("v"):
        try:
            fields["vram_gb"] = Decimal(where[1:])
        except ArithmeticError:
            return None
    elif where != _NO_GPU:
        fields["gpu"] = where
    if not all(x.isdigit() for x in (count, seq, batch, rank)) or ckpt not in ("0", "1"):
        return None
    if where != _NO_GPU:
        fields["gpu_count"] = int(count)
    fields.update(seq_len=int(seq), batch_size=int(batch), grad_ckpt=ckpt == "1")
    if int(rank) > 0:
        fields["lora_rank"] = int(rank)
    fields["inference"] = cat.method(method).kind == "inference"
    try:
        return Query.model_validate(fields)
    except ValidationError:
        return None
