"""GPU-hours of a fine-tuning run from the dataset size, by FLOPs or by a measured throughput.

FLOPs per token: 6·N for full fine-tuning (Kaplan et al. 2020; EleutherAI Transformer Math 101),
≈ 4·N for LoRA/QLoRA (frozen weights: no weight gradients; an approximation), +2·N when
activation checkpointing recomputes the forward pass. N is the parameters a token goes through
(active parameters for mixture-of-experts). Attention's own matmuls (scores and weighted
values, activations times activations) count on top, per token, from the model's shape and the
tokens a sample holds (attention_flops_per_token): 2·n_layer·T·d_attn forward under a causal
mask, 2.5 times that backward (FlashAttention's count), a forward more with checkpointing.
Time = FLOPs / (peak dense BF16 FLOP/s × MFU), the MFU the matmuls' assumed utilisation less
what a micro-step's fixed costs take of it: an overhead whatever its tokens (kernel launches,
Python) and, for QLoRA, the dequantization of its 4-bit weights to BF16 on every pass
(bitsandbytes' MatMul4Bit: read 4 bits, write 2 bytes a weight), a memory-bound time
(StepCost). Both are shared by the micro-batch's tokens, so small micro-batches run at a lower
utilisation. The values are assumptions from rules/data/detailed.toml, fitted to published
measured runs (tests/data/measured-speed.csv); a user's measured tokens/s per GPU replaces
them whenever it is known. Money lives elsewhere: this returns hours only (Decimal).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import MAX_EMAX, MIN_EMIN, ROUND_FLOOR, ROUND_HALF_UP, Context, Decimal
from functools import cache

from pydantic import BaseModel, ConfigDict

from rules.estimator import load_constants, method_spec
from rules.model_catalogue import Architecture, ModelSpec
from rules.notes import Note, note
from rules.schema import Method

__all__ = [
    "AttentionFlops",
    "StepCost",
    "StepCount",
    "TrainingThroughput",
    "TrainingTime",
    "active_params_b",
    "assumed_mfu",
    "attention_flops_per_token",
    "estimate_training_time",
    "gpu_hours_from_throughput",
    "optimizer_steps",
    "rounded_hours",
    "step_cost_for",
    "step_overhead_s",
    "training_flops",
    "training_mfu",
    "training_throughput",
]

_HOURS = Decimal("0.01")
_GIGA, _TERA = Decimal(10**9), Decimal(10**12)
_SECOND_HOURS = Decimal(3600)
_DIGITS = 28
# rounded_hours' context for every figure of fewer than 24 digits of whole hours, made once:
# making one cost as much as the rest of rounded_hours (a detailed question times each
# configuration it weighs).
# Shared: quantize reads its precision and bounds; the flags it sets change no result.
_WIDE = Context(prec=_DIGITS, Emax=MAX_EMAX, Emin=MIN_EMIN)


def rounded_hours(seconds: Decimal) -> Decimal:
    """Seconds → hours to the hundredth (training and batch times, rules.batch_time, alike), in
    a context that holds every digit: quantize in the default 28-digit context raises
    InvalidOperation from 10^26 hours (10^43 tokens) on."""
    hours = seconds / _SECOND_HOURS
    digits = hours.adjusted() + 4
    wide = _WIDE if digits <= _DIGITS else Context(prec=digits, Emax=MAX_EMAX, Emin=MIN_EMIN)
    return hours.quantize(_HOURS, rounding=ROUND_HALF_UP, context=wide)


def _wall(gpu_hours: Decimal, gpus: int) -> Decimal:
    """The wall-clock hours of `gpu_hours` on `gpus` GPUs scaling linearly, unrounded: what is
    printed of it is what is printed of a quote's GPU-hours ÷ GPUs."""
    return gpu_hours if gpus == 1 else gpu_hours / gpus


@dataclass(frozen=True, slots=True)
class TrainingTime:
    """Built only here, from figures computed here: a plain dataclass, as Breakdown and Fit (a
    detailed question times each offered configuration it weighs; a validated model cost
    several times as much)."""

    method: str
    tokens: int  # dataset tokens x epochs
    flops: Decimal | None  # None when computed from a measured throughput
    mfu: Decimal | None
    gpu_hours: Decimal
    wall_clock_hours: Decimal
    gpus: int
    # What the estimate assumed: codes + values, like rules.notes (the bot words them).
    assumptions: tuple[Note, ...]
    # Attention's own FLOPs a token (included in `flops`), at the sequence timed; None: left out
    # (no model shape on file, or no sequence given).
    attention: AttentionFlops | None = None


def active_params_b(model: ModelSpec | Decimal | float | int) -> Decimal:
    """The parameters a token goes through, in billions: a catalogued model's active ones (a
    mixture of experts) or all of them, else the size given (positive, finite). Shared with
    rules.batch_time, whose forward pass counts the same N."""
    if isinstance(model, ModelSpec):
        return model.active_params_b or model.params_b
    value = Decimal(str(model))
    if not value.is_finite() or value <= 0:
        raise ValueError("the parameter count must be a positive number of billions")
    return value


def _flops_per_param_token(method: Method, grad_ckpt: bool, reference: bool = False,
                           trained: Decimal | None = None) -> Decimal:
    return _per_param_token(method.adapter, grad_ckpt, reference, trained)


@cache  # of the data's constants and the trained share: a question times several configurations
def _per_param_token(adapter: bool, grad_ckpt: bool, reference: bool,
                     trained: Decimal | None = None) -> Decimal:
    """k in k·N a token. `trained`: the share of the layers that train, the last ones
    (mlx_lm.lora's --num-layers): the forward pass runs through every layer, but the backward
    pass and checkpointing's recompute only through those. MLX differentiates the loss with
    respect to the trainable parameters alone (mlx_lm/tuner/trainer.py nn.value_and_grad over
    model.trainable_parameters()), and the layers before the first adapted one depend on none
    of them: no vector-Jacobian product is taken through them."""
    c = load_constants()
    key = "flops.lora_per_param_token" if adapter else "flops.full_per_param_token"
    per = Decimal(repr(c[key]))
    recompute = Decimal(repr(c["flops.recompute_per_param_token"])) if grad_ckpt else Decimal(0)
    if trained is not None and Decimal(0) < trained < Decimal(1):
        forward = Decimal(repr(c["flops.forward_per_param_token"]))
        per = forward + (per - forward) * trained
        recompute *= trained
    per += recompute
    if reference:  # DPO, IPO, KTO: the frozen reference model's forward pass on every token
        per += Decimal(repr(c["flops.reference_forward_per_param_token"]))
    return per


@dataclass(frozen=True, slots=True)
class AttentionFlops:
    """Attention's own FLOPs a token over a run (all its passes), at `seq_len` tokens a sample."""

    seq_len: int
    flops_per_token: Decimal  # forward, backward, recompute and a reference's forward, summed
    # The sliding window (or Llama 4's chunk) some layers attend within, when the sequence is
    # longer than it (those layers see fewer keys); None: every layer sees the whole context.
    window: int | None
    chunked: bool = False  # `window` is Llama 4's chunk (each attends within its own), not a slide


def _keys(seq_len: int, span: int | None, chunked: bool, causal: Decimal) -> Decimal:
    """The keys a query attends to, on average over a sample of `seq_len` tokens: under a
    causal mask `causal`·T (the triangle's share); within a sliding window of `span`, past it,
    span − causal·span²/T (the first `span` tokens see a triangle, the rest `span` keys each);
    within chunks of `span` tokens, each chunk a triangle of its own."""
    t = Decimal(seq_len)
    if span is None or seq_len <= span:
        return causal * t
    if chunked:
        whole, rest = divmod(seq_len, span)
        return causal * (whole * Decimal(span) ** 2 + Decimal(rest) ** 2) / t
    return span - causal * Decimal(span) ** 2 / t


def attention_flops_per_token(
    model: ModelSpec | Decimal | float | int, seq_len: int | None, grad_ckpt: bool = False,
    reference: bool = False, trained: Decimal | None = None,
) -> AttentionFlops | None:
    """Attention's own FLOPs a training token: forward_per_key_dim × (query + value width) ×
    the keys it attends to, summed over the self-attention layers (a sliding window's layers
    over the window, Llama 4's chunked ones within their chunk; cross-attention layers attend
    to image features, left out), then × (1 forward + 2.5 backward + 1 recomputed forward with
    checkpointing + 1 reference forward for DPO). The same for adapters as for full training:
    attention has no weights, its backward is all activation gradients, which every adapter
    below it needs. `trained` (mlx-lm's --num-layers share): the backward and the recompute run
    through those layers only, as in _per_param_token. None: no shape on file (a size alone)
    or no sequence."""
    arch = model.arch if isinstance(model, ModelSpec) else None
    if arch is None or seq_len is None or seq_len < 1:
        return None
    share = trained if trained is not None and Decimal(0) < trained < Decimal(1) else Decimal(1)
    return _attention(arch, seq_len, grad_ckpt, reference, share)


@cache  # of the shape and the run: a question times several configurations of one run
def _attention(arch: Architecture, seq_len: int, grad_ckpt: bool, reference: bool,
               share: Decimal) -> AttentionFlops:
    c = load_constants()
    per_dim = Decimal(repr(c["flops.attention_forward_per_key_dim"]))
    causal = Decimal(repr(c["flops.attention_causal_share"]))
    backward = Decimal(repr(c["flops.attention_backward_per_forward"]))
    values = arch.heads * arch.v_head_dim if arch.v_head_dim is not None else arch.q_dim
    width = per_dim * (arch.q_dim + values)
    layers = arch.layers - arch.cross_attention_layers
    if arch.sliding_window is not None:
        local, span, chunked = layers - arch.full_attention_layers, arch.sliding_window, False
    elif arch.attention_chunk is not None:
        # Llama 4: three layers in four within chunks, every fourth over the whole context.
        local, span, chunked = layers - layers // 4, arch.attention_chunk, True
    else:
        local, span, chunked = 0, None, False
    keys = (layers - local) * _keys(seq_len, None, False, causal)
    if local:
        keys += local * _keys(seq_len, span, chunked, causal)
    forward = width * keys
    passes = 1 + (backward + int(grad_ckpt)) * share + int(reference)
    return AttentionFlops(
        seq_len=seq_len, flops_per_token=forward * passes,
        window=span if local and span is not None and seq_len > span else None, chunked=chunked)


def training_flops(
    model: ModelSpec | Decimal | float | int, tokens: int, method: Method | str,
    grad_ckpt: bool = False, reference: bool = False, trained: Decimal | None = None,
) -> Decimal:
    """Total training FLOPs for `tokens` tokens (dataset size x epochs); `reference`: a frozen
    reference model's forward pass too (DPO, IPO, KTO); `trained`: the share of the layers
    that train, the last ones (_per_param_token)."""
    spec = method_spec(method, "training")
    if tokens < 0:
        raise ValueError("tokens must be non-negative")
    return _flops_per_param_token(spec, grad_ckpt, reference, trained) \
        * active_params_b(model) * _GIGA * tokens


class TrainingThroughput(BaseModel):
    """Training tokens per second from the same FLOPs and utilisation as the time estimate:
    peak × utilisation / FLOPs per token. An estimate from those assumptions."""

    model_config = ConfigDict(frozen=True)
    method: str
    params_b: Decimal  # N: the parameters a token goes through (MoE: active)
    flops_per_param_token: Decimal  # k in k·N per token
    peak_tflops: Decimal  # per GPU
    mfu: Decimal
    mfu_assumed: bool
    gpus: int
    tokens_per_second: Decimal  # per GPU, rounded down (to the unit from 10, else a tenth)
    total_tokens_per_second: Decimal  # all GPUs, linear scaling assumed; rounded down alike
    assumptions: tuple[Note, ...]
    attention: AttentionFlops | None = None  # attention's own FLOPs a token, on top of k·N


def _utilisation(spec: Method, mfu: Decimal | float | None,
                 step: StepCost | None = None) -> tuple[Decimal, bool]:
    """The model-FLOPs utilisation: the one given, else the assumed one of the matmuls
    (training_mfu), less the share of the micro-step its fixed costs take where the micro-batch
    is known (`step`: StepCost; unknown, the matmuls' alone)."""
    if mfu is None:
        bf16 = training_mfu()
        return (step.utilisation(bf16) if step is not None else bf16), True
    util = Decimal(str(mfu))
    if not util.is_finite() or not Decimal(0) < util <= Decimal(1):
        raise ValueError("mfu must be in (0, 1]")
    return util, False


@cache  # the data's constant
def assumed_mfu() -> Decimal:
    """The model-FLOPs utilisation a batch job's forward pass is assumed to run at
    (detailed.toml mfu.bf16_dense, rules.batch_time)."""
    return Decimal(repr(load_constants()["mfu.bf16_dense"]))


@cache  # the data's constant
def training_mfu() -> Decimal:
    """The utilisation a training step's matmuls are assumed to run at when none is measured
    (detailed.toml mfu.training_matmuls); a step's fixed costs come on top (StepCost)."""
    return Decimal(repr(load_constants()["mfu.training_matmuls"]))


@dataclass(frozen=True, slots=True)
class StepCost:
    """What a micro-step costs beyond its matmuls: a fixed overhead whatever its tokens (the
    kernel launches and Python of a forward and backward pass, the optimizer's share: a small
    micro-batch cannot hide them, training.step_overhead_s) and, for QLoRA on a GPU whose
    bandwidth is known, bitsandbytes' dequantization (MatMul4Bit turns each 4-bit weight back
    into BF16 before every matmul: forward, backward, and the forward again that checkpointing
    recomputes; a pass over every stored weight, memory-bound at the GPU's bandwidth). The
    matmuls grow with the micro-batch's tokens; these do not, so their share of the step is
    small at thousands of tokens a micro-batch and grows as they shrink."""

    tokens_per_step: int  # tokens per micro-batch, per GPU
    bandwidth_gbs: Decimal | None  # per GPU; None: no dequantization pass (not QLoRA, a Mac)
    peak_tflops: Decimal
    flops_per_param_token: Decimal  # k in k·N (recompute included)
    active_params_b: Decimal  # N: what a token's matmuls go through
    stored_params_b: Decimal  # every 4-bit weight (a mixture of experts: all its experts)
    grad_ckpt: bool
    reference: bool = False  # DPO's reference: the base's forward again, adapters disabled
    attention_flops_per_token: Decimal = Decimal(0)  # attention's own, also run at `bf16`

    def dequant_seconds(self) -> Decimal:
        """One step's dequantization: passes × weights × bytes read and written / bandwidth;
        none without a bandwidth."""
        if self.bandwidth_gbs is None:
            return Decimal(0)
        c = load_constants()
        passes = 2 + int(self.grad_ckpt) + int(self.reference)
        per = Decimal(repr(c["training.dequant_bytes_per_param"]))
        return passes * self.stored_params_b * 10**9 * per / (self.bandwidth_gbs * 10**9)

    def utilisation(self, bf16: Decimal) -> Decimal:
        """The BF16 utilisation over the whole step: the matmuls' time at `bf16`, over that
        time plus the dequantization's and the step's overhead; to a thousandth."""
        flops = (self.flops_per_param_token * self.active_params_b * 10**9
                 + self.attention_flops_per_token) * self.tokens_per_step
        matmuls = flops / (self.peak_tflops * 10**12 * bf16)
        share = bf16 * matmuls / (matmuls + self.dequant_seconds() + step_overhead_s())
        return share.quantize(Decimal("0.001"), rounding=ROUND_HALF_UP)


@cache  # the data's constant
def step_overhead_s() -> Decimal:
    """A micro-step's fixed cost in seconds (detailed.toml training.step_overhead_s)."""
    return Decimal(repr(load_constants()["training.step_overhead_s"]))


def step_cost_for(
    model: ModelSpec | Decimal | float | int, method: Method | str,
    peak_tflops: Decimal | float | int, grad_ckpt: bool, tokens_per_step: int | None,
    bandwidth_gbs: Decimal | None, reference: bool = False,
    attention: AttentionFlops | None = None,
) -> StepCost | None:
    """A micro-step's costs beyond its matmuls at that micro-batch (QLoRA's dequantization
    where the GPU's bandwidth is known), else None: the micro-batch unknown, the matmuls'
    utilisation alone."""
    if not tokens_per_step or tokens_per_step < 1:
        return None
    spec = method_spec(method, "training")
    dequant = spec.quantized_base and bandwidth_gbs is not None and bandwidth_gbs > 0
    stored = model.params_b if isinstance(model, ModelSpec) else active_params_b(model)
    return StepCost(tokens_per_step=tokens_per_step,
                    bandwidth_gbs=bandwidth_gbs if dequant else None,
                    peak_tflops=_peak(peak_tflops),
                    flops_per_param_token=_flops_per_param_token(spec, grad_ckpt, reference),
                    active_params_b=active_params_b(model), stored_params_b=stored,
                    grad_ckpt=grad_ckpt, reference=reference,
                    attention_flops_per_token=attention.flops_per_token if attention
                    else Decimal(0))


def _peak(peak_bf16_tflops: Decimal | float | int) -> Decimal:
    peak = Decimal(str(peak_bf16_tflops))
    if not peak.is_finite() or peak <= 0:
        raise ValueError("peak_bf16_tflops must be positive")
    return peak


def _rate_down(rate: Decimal) -> Decimal:
    step = Decimal(1) if rate >= 10 else Decimal("0.1")
    return rate.quantize(step, rounding=ROUND_FLOOR)


def training_throughput(
    model: ModelSpec | Decimal | float | int,
    method: Method | str,
    peak_bf16_tflops: Decimal | float | int,
    gpus: int = 1,
    grad_ckpt: bool = False,
    mfu: Decimal | float | None = None,
    *,
    tokens_per_step: int | None = None,
    bandwidth_gbs: Decimal | None = None,
    trained: Decimal | None = None,
    seq_len: int | None = None,
) -> TrainingThroughput:
    """Tokens/s per GPU = peak FLOP/s × utilisation / (k·N): the rate at which
    estimate_training_time's run goes (its seconds are tokens / this rate, before rounding).
    `tokens_per_step` (a micro-batch's tokens per GPU) and, for QLoRA, the GPU's
    `bandwidth_gbs` size the step's fixed costs (StepCost); `seq_len`, the tokens a sample holds, attention's own
    FLOPs (attention_flops_per_token)."""
    if gpus < 1:
        raise ValueError("gpus must be at least 1")
    peak = _peak(peak_bf16_tflops)
    spec = method_spec(method, "training")
    attention = attention_flops_per_token(model, seq_len, grad_ckpt, trained=trained)
    util, assumed = _utilisation(spec, mfu, step_cost_for(
        model, spec, peak, grad_ckpt, tokens_per_step, bandwidth_gbs, attention=attention))
    per = _flops_per_param_token(spec, grad_ckpt, trained=trained)
    params = active_params_b(model)
    per_token = per * params * Decimal(10**9)
    if attention is not None:
        per_token += attention.flops_per_token
    rate = peak * Decimal(10**12) * util / per_token
    assumptions: list[Note] = []
    if assumed:
        assumptions.append(note("mfu_assumed", mfu=util))
    assumptions.append(note("flops_per_token", per_param=per, adapter=int(spec.adapter),
                            recompute=int(grad_ckpt)))
    if isinstance(model, ModelSpec) and model.active_params_b is not None:
        assumptions.append(note("moe_active", active_params_b=model.active_params_b))
    if gpus > 1:
        assumptions.append(note("linear_scaling", gpus=gpus))
    return TrainingThroughput(
        method=spec.id, params_b=params, flops_per_param_token=per, peak_tflops=peak, mfu=util,
        mfu_assumed=assumed, gpus=gpus, tokens_per_second=_rate_down(rate),
        total_tokens_per_second=_rate_down(rate * gpus), assumptions=tuple(assumptions),
        attention=attention,
    )


def estimate_training_time(
    model: ModelSpec | Decimal | float | int,
    method: Method | str,
    dataset_tokens: int,
    peak_bf16_tflops: Decimal | float | int,
    gpus: int = 1,
    epochs: int = 1,
    grad_ckpt: bool = False,
    mfu: Decimal | float | None = None,
    reference: bool = False,
    *,
    tokens_per_step: int | None = None,
    bandwidth_gbs: Decimal | None = None,
    trained: Decimal | None = None,
    seq_len: int | None = None,
) -> TrainingTime:
    """GPU-hours from FLOPs: the caller passes the GPU's peak dense BF16 TFLOPS (from the GPU
    catalogue, e.g. A100 312, H100 989.5); `mfu` overrides the assumed utilisation; `reference`
    adds a frozen reference model's forward pass (DPO, IPO, KTO); `tokens_per_step` and, for
    QLoRA, `bandwidth_gbs` size the step's fixed costs (StepCost); `seq_len`, the tokens a sample holds,
    attention's own FLOPs (attention_flops_per_token)."""
    if gpus < 1 or epochs < 1:
        raise ValueError("gpus and epochs must be at least 1")
    peak = Decimal(str(peak_bf16_tflops))
    if not peak.is_finite() or peak <= 0:
        raise ValueError("peak_bf16_tflops must be positive")
    spec = method_spec(method, "training")
    assumptions: list[Note] = []
    attention = attention_flops_per_token(model, seq_len, grad_ckpt, reference, trained)
    util, assumed = _utilisation(spec, mfu, step_cost_for(
        model, spec, peak, grad_ckpt, tokens_per_step, bandwidth_gbs, reference, attention))
    if assumed:
        assumptions.append(note("mfu_assumed", mfu=util))
    tokens = dataset_tokens * epochs
    flops = training_flops(model, tokens, spec, grad_ckpt, reference, trained)
    if attention is not None:
        flops += attention.flops_per_token * tokens
    per = _flops_per_param_token(spec, grad_ckpt, reference, trained)
    assumptions.append(note("flops_per_token", per_param=per, adapter=int(spec.adapter),
                            recompute=int(grad_ckpt)))
    if isinstance(model, ModelSpec) and model.active_params_b is not None:
        assumptions.append(note("moe_active", active_params_b=model.active_params_b))
    seconds = flops / (peak * _TERA * util)
    gpu_hours = rounded_hours(seconds)
    # The wall clock from the rounded GPU-hours, not rounded on its own: a quote bills the
    # GPU-hours said (hours = GPU-hours / GPUs), and a reply that says both must not print
    # one run two ways (15.4 GPU-hours on 8 GPUs: 1.925 hours, "1.93" in the quote and "1.92"
    # in the headline when the two were rounded apart).
    wall = _wall(gpu_hours, gpus)
    if gpus > 1:
        assumptions.append(note("linear_scaling", gpus=gpus))
    return TrainingTime(
        method=spec.id, tokens=tokens, flops=flops, mfu=util, gpu_hours=gpu_hours,
        wall_clock_hours=wall, gpus=gpus, assumptions=tuple(assumptions), attention=attention,
    )


def gpu_hours_from_throughput(
    dataset_tokens: int,
    tokens_per_second_per_gpu: Decimal | float | int,
    gpus: int = 1,
    epochs: int = 1,
    *,
    method: Method | str,
) -> TrainingTime:
    """GPU-hours from a measured throughput (tokens/s on each GPU): no FLOPs or MFU needed."""
    rate = Decimal(str(tokens_per_second_per_gpu))
    if not rate.is_finite() or rate <= 0:
        raise ValueError("throughput must be positive")
    if gpus < 1 or epochs < 1 or dataset_tokens < 0:
        raise ValueError("gpus and epochs must be at least 1 and tokens non-negative")
    spec = method_spec(method, "training")
    tokens = dataset_tokens * epochs
    gpu_seconds = Decimal(tokens) / rate
    return TrainingTime(
        method=spec.id,
        tokens=tokens,
        flops=None,
        mfu=None,
        gpu_hours=rounded_hours(gpu_seconds),
        wall_clock_hours=_wall(rounded_hours(gpu_seconds), gpus),
        gpus=gpus,
        assumptions=(note("measured_throughput", tokens_per_second=rate, gpus=gpus),),
    )


class StepCount(BaseModel):
    """The optimizer steps of a run over `samples` examples (see optimizer_steps)."""

    model_config = ConfigDict(frozen=True)

    samples: int
    micro_batch: int
    accumulation: int
    gpus: int
    epochs: int
    per_step: int  # examples one optimizer step takes
    per_epoch: int
    total: int


def hours_at_step_rate(steps: int, rate: Decimal, seconds_a_step: bool) -> Decimal:
    """Wall-clock hours of `steps` optimizer steps at a trainer's measured speed: `rate` steps a
    second ("1.2it/s"), or seconds a step when `seconds_a_step` ("3.4s/it"). HF Trainer's
    progress bar counts optimizer steps, each micro-batch × accumulation × GPUs samples, as
    optimizer_steps does."""
    seconds = rate if seconds_a_step else 1 / rate
    return steps * seconds / 3600


def optimizer_steps(
    samples: int, micro_batch: int, accumulation: int = 1, gpus: int = 1, epochs: int = 1,
) -> StepCount:
    """Steps of `epochs` passes over `samples` examples, each step taking micro_batch ×
    accumulation × gpus of them (data parallel: every GPU its own micro-batches). An epoch's
    last, partial step is still a step: ceil(samples / per step)."""
    per_step = micro_batch * accumulation * gpus
    per_epoch = -(-samples // per_step)
    return StepCount(
        samples=samples, micro_batch=micro_batch, accumulation=accumulation, gpus=gpus,
        epochs=epochs, per_step=per_step, per_epoch=per_epoch, total=per_epoch * epochs,
    )
