"""How much of a GGUF model llama.cpp (and Ollama, LM Studio… which run it) keeps on the GPU when
the whole model does not fit there: the layer split of `-ngl N` (Ollama's `num_gpu`).

llama.cpp places layers by index (src/llama-model.cpp, load_tensors, ggml-org/llama.cpp):
``i_gpu_start = max(n_layer + 1 - n_gpu_layers, 0)``, and the output layer is index
``n_layer``, so the first of the N layers offloaded is the output head, then the repeating
layers from the last one down; the input layer (the token-embedding table) always stays on the
CPU. Each repeating layer takes its weights and its share of the KV cache (offloaded with its
layer by default). So the GPUs hold the output head, the fixed parts the detailed estimate
already counts once per GPU (llama.cpp's CUDA runtime, its compute buffer: the logits and one
layer's working set) and as many repeating layers as the rest of their memory holds; what does
not fit stays in system RAM and runs on the CPU.

The figures come from the detailed estimator's own GGUF breakdown (rules.estimator) of the
whole model on one GPU, split per layer: no constant of its own. A layer's weight is the
estimate's GPU weights less the output head, over the layers, at the file's average bits per
weight (quant_types.toml): the K-quant mixes give some tensors more bits than others, so one
layer is an average, not a measured tensor size.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_FLOOR, Decimal

from rules.estimator import estimate_inference, load_constants, method_spec, resolve_shape
from rules.model_catalogue import Architecture, ModelSpec
from rules.schema import Method

__all__ = [
    "ExpertSplit", "LayerSplit", "RamBandwidth", "expert_split", "gguf_layer_split",
    "layer_split_reads", "ram_bandwidth", "split_decode_bound",
]

_GB = 1e9


@dataclass(frozen=True, slots=True)
class LayerSplit:
    """A GGUF model split between the GPUs and system RAM by llama.cpp's layer offload."""

    layers: int  # the model's repeating layers
    gpu_layers: int  # -ngl / num_gpu: the layers the GPUs hold, the output layer counted as one
    repeating_on_gpu: int  # of the repeating layers, those on the GPUs
    layer_gb: Decimal  # one repeating layer: its weights and its share of the KV cache
    ram_gb: Decimal  # system RAM for the rest: layers, their KV cache, the token embeddings
    fits: bool  # every layer and the output head on the GPUs
    # Unrounded to a tenth, for what a token reads: one layer (weights and KV cache; of a
    # mixture of experts' routed experts, those the token is sent to, averaged over the layers)
    # and the output layer (the first one -ngl puts on the GPU), in GB to the ten-thousandth.
    layer_read_gb: Decimal = Decimal(0)
    head_gb: Decimal = Decimal(0)


def _gb(nbytes: float) -> Decimal:
    return Decimal(repr(round(nbytes / _GB, 1)))


def gguf_layer_split(
    model: ModelSpec | Architecture | Decimal | float | int,
    method: Method | str,
    context_len: int,
    vram_per_gpu_gb: Decimal,
    gpus: int = 1,
    batch: int = 1,
) -> LayerSplit | None:
    """The layer split of a GGUF `method` (a llama.cpp type) at `context_len` tokens over
    `gpus` GPUs of `vram_per_gpu_gb` each; None for a method that is not a GGUF file."""
    spec = method_spec(method, "inference")
    if spec.quant is None or spec.bits_per_weight is None:
        return None
    whole = estimate_inference(model, spec, context_len, batch, 1)
    parts: dict[str, float] = {}
    for name, nbytes, _ in whole.parts:
        parts[name] = parts.get(name, 0.0) + nbytes
    shape = resolve_shape(model)
    arch = shape.arch
    layers = arch.layers
    bits = float(spec.bits_per_weight)
    file_bytes = shape.params * bits / 8
    gpu_weights = parts.get("weights", 0.0)  # the token-embedding table already left in RAM
    head = min(gpu_weights, float(arch.vocab) * arch.hidden * bits / 8)
    per_weights = (gpu_weights - head) / layers
    per_kv = parts.get("kv_cache", 0.0) / layers
    per_layer = per_weights + per_kv
    per_read = per_layer
    if arch.is_moe:
        # A token runs only the experts the router picks: the others' weights stay unread
        # (as expert_split counts them), wherever the layer is.
        idle = arch.moe_layers * (arch.experts - arch.active_experts) \
            * arch.mlp_params_per_expert() * bits / 8
        per_read = per_layer - idle / layers
    fixed = sum(b for n, b in parts.items() if n not in ("weights", "kv_cache"))
    budget = float(vram_per_gpu_gb) * _GB - fixed
    if budget < head or per_layer <= 0:  # not even the output head: nothing is offloaded
        on_gpu, gpu_layers = 0, 0
    else:
        # The output head on the first GPU, the layers after it; each further GPU holds the
        # layers its own memory does (llama.cpp splits them by free memory, whole layers).
        more = (gpus - 1) * int(budget // per_layer)
        on_gpu = min(layers, int((budget - head) // per_layer) + more)
        gpu_layers = on_gpu + 1
    if on_gpu == layers and gpus == 1 and whole.per_gpu_gb > vram_per_gpu_gb:
        # Whole by the bytes, not by the estimate as it is given (to a tenth of a GB, as the
        # verdict weighs it): one layer goes to RAM, not "0 of its 25 layers in RAM".
        on_gpu = layers - 1
        gpu_layers = layers
    fits = on_gpu == layers
    ram = file_bytes - (on_gpu * per_weights + (head if gpu_layers else 0.0)) \
        + (layers - on_gpu) * per_kv
    return LayerSplit(
        layers=layers,
        gpu_layers=gpu_layers,
        repeating_on_gpu=on_gpu,
        layer_gb=_gb(per_layer),
        ram_gb=_gb(max(0.0, ram)),
        fits=fits,
        layer_read_gb=Decimal(repr(round(per_read / _GB, 4))),
        head_gb=Decimal(repr(round(head / _GB, 4))),
    )


def layer_split_reads(split: LayerSplit, gpu_layers: int | None = None) -> tuple[Decimal, Decimal, int]:
    """What one generated token reads on the GPUs and in system RAM with `gpu_layers` (-ngl,
    num_gpu: the output layer counted as one; None or more than fit: as many as fit): every
    weight and the KV cache once, the output head and the last layers on the GPUs, the other
    layers in RAM (read by the CPU). With the -ngl it is for."""
    ngl = split.gpu_layers if gpu_layers is None else min(gpu_layers, split.gpu_layers)
    on = max(0, min(split.repeating_on_gpu, ngl - 1))
    head = split.head_gb if ngl > 0 else Decimal(0)
    gpu = head + on * split.layer_read_gb
    ram = (split.layers - on) * split.layer_read_gb + (split.head_gb - head)
    tenth = Decimal("0.1")
    return gpu.quantize(tenth), ram.quantize(tenth), ngl


@dataclass(frozen=True, slots=True)
class ExpertSplit:
    """A mixture of experts served by llama.cpp with routed experts in system RAM
    (`--cpu-moe`, `-ot exps=CPU`, `--n-cpu-moe N`): every layer on the GPUs but those experts.

    llama.cpp's flags move the tensors named by ``LLM_FFN_EXPS_REGEX``,
    ``\\.ffn_(up|down|gate|gate_up)_(ch|)exps`` (common/common.h, ggml-org/llama.cpp): the routed
    experts' up, gate and down projections, all layers' with --cpu-moe and -ot exps=CPU, the
    first N layers' with --n-cpu-moe N (``llm_ffn_block_regex(i, …)`` for i < N). Attention,
    the router, the shared experts (``ffn_*_shexp``), dense layers, norms, the output head
    and the KV cache stay on the GPU; the token-embedding table stays in RAM as it always
    does. Decoding a token reads, on the GPU, all it holds but the routed experts no token
    picks, and, in RAM, the picked experts of the layers kept there, read by the CPU."""

    moe_layers: int  # layers whose MLP is a mixture of experts
    cpu_layers: int  # of them, those whose routed experts are in system RAM
    gpu_gb: Decimal  # per GPU: the detailed estimate without those experts
    ram_gb: Decimal  # system RAM: those experts and the token embeddings
    fits: bool  # the GPU part fits the memory given
    # The least --n-cpu-moe that fits (0: the whole model fits; None: not even with every
    # layer's experts in RAM). Counted from the first layer, dense ones included, as the flag.
    fewest_n_cpu_moe: int | None
    gpu_read_gb: Decimal  # read from GPU memory per generated token (all GPUs, in turn)
    ram_read_gb: Decimal  # read from system RAM per generated token
    expert_bits: Decimal  # the bits a routed expert's weight is counted at
    ram_at_fewest_gb: Decimal | None = None  # system RAM with --n-cpu-moe fewest_n_cpu_moe


def expert_split(
    model: ModelSpec | Architecture | Decimal | float | int,
    method: Method | str,
    context_len: int,
    vram_per_gpu_gb: Decimal,
    gpus: int = 1,
    cpu_moe_layers: int | None = None,
    expert_bits: Decimal | None = None,
    batch: int = 1,
) -> ExpertSplit | None:
    """The split of a GGUF mixture of experts whose routed experts llama.cpp keeps in system
    RAM: those of every layer (`cpu_moe_layers` None: --cpu-moe, -ot exps=CPU) or of the first
    `cpu_moe_layers` layers (--n-cpu-moe). `expert_bits`: the bits of an expert weight where
    the file keeps the experts in a format of their own (gpt-oss's MXFP4), else the file's
    average. None for a dense model or a method that is not a GGUF file."""
    spec = method_spec(method, "inference")
    if spec.quant is None or spec.bits_per_weight is None:
        return None
    shape = resolve_shape(model)
    arch = shape.arch
    if not arch.is_moe:
        return None
    whole = estimate_inference(model, spec, context_len, batch, 1)
    parts: dict[str, float] = {}
    for name, nbytes, _ in whole.parts:
        parts[name] = parts.get(name, 0.0) + nbytes
    bits = float(expert_bits if expert_bits is not None else spec.bits_per_weight)
    file_bytes = shape.params * float(spec.bits_per_weight) / 8
    on_gpu = parts.get("weights", 0.0)  # the token-embedding table already left in RAM
    per_expert = arch.mlp_params_per_expert() * bits / 8
    per_layer = arch.experts * per_expert
    active = arch.active_experts * per_expert
    moe = arch.moe_layers
    # --n-cpu-moe counts blocks from the first; a model's dense layers come first (DeepSeek's
    # first_k_dense_replace), and hold no routed experts.
    cpu = moe if cpu_moe_layers is None else max(0, min(moe, cpu_moe_layers - arch.dense_layers))
    kv = parts.get("kv_cache", 0.0)
    fixed = sum(b for n, b in parts.items() if n not in ("weights", "kv_cache"))
    gpu_weights = max(0.0, on_gpu - cpu * per_layer)
    per_gpu = (gpu_weights + kv) / gpus + fixed
    budget = float(vram_per_gpu_gb) * _GB
    # The least layers whose experts must leave for the rest to fit.
    over = (on_gpu + kv) / gpus + fixed - budget
    if over <= 0:
        fewest: int | None = 0
    else:
        need = -(-over * gpus // per_layer)
        fewest = int(need) + arch.dense_layers if need <= moe else None
    gpu_read = gpu_weights - (moe - cpu) * (per_layer - active) + kv
    embeddings = max(0.0, file_bytes - on_gpu)
    at_fewest = None if fewest is None else _gb(
        embeddings + max(0, fewest - arch.dense_layers) * per_layer)
    return ExpertSplit(
        moe_layers=moe,
        cpu_layers=cpu,
        gpu_gb=_gb(per_gpu),
        ram_gb=_gb(embeddings + cpu * per_layer),
        fits=per_gpu <= budget,
        fewest_n_cpu_moe=fewest,
        gpu_read_gb=_gb(max(0.0, gpu_read)),
        ram_read_gb=_gb(cpu * active),
        expert_bits=Decimal(repr(round(bits, 3))),
        ram_at_fewest_gb=at_fewest,
    )


@dataclass(frozen=True, slots=True)
class RamBandwidth:
    """The system RAM's theoretical bandwidth: channels x 8 bytes x MT/s, from what the user
    said (`*_said`) and the assumptions of rules/data/detailed.toml system_memory for the rest."""

    kind: str  # "ddr4", "ddr5"
    mts: int
    channels: int
    gbs: Decimal
    kind_said: bool
    mts_said: bool
    channels_said: bool


def ram_bandwidth(kind: str | None, mts: int | None, channels: int | None) -> RamBandwidth:
    """The bandwidth of the RAM said ("ddr5-6000", "ddr4", "8-channel"), dual-channel DDR5 at
    its assumed speed for what is not said."""
    c = load_constants()
    gen = kind if kind in ("ddr4", "ddr5") else "ddr5"
    speed = mts if mts is not None else int(c[f"system_memory.{gen}_mts"])
    count = channels if channels is not None else int(c["system_memory.channels"])
    gbs = Decimal(count) * Decimal(repr(c["system_memory.channel_bytes"])) * speed / 1000
    return RamBandwidth(kind=gen, mts=speed, channels=count, gbs=gbs.normalize(),
                        kind_said=kind is not None, mts_said=mts is not None,
                        channels_said=channels is not None)


def split_decode_bound(gpu_read_gb: Decimal, gpu_gbs: Decimal, ram_read_gb: Decimal,
                       ram_gbs: Decimal) -> Decimal | None:
    """Tokens/s at most for one sequence whose token reads `gpu_read_gb` from GPU memory and
    `ram_read_gb` from system RAM, one after the other (llama.cpp runs a layer's experts on the
    CPU, then goes on): 1 / (GPU bytes / GPU bandwidth + RAM bytes / RAM bandwidth); rounded
    down as rules.capacity.decode_upper_bound. None without anything read or a bandwidth."""
    if gpu_gbs <= 0 or ram_gbs <= 0 or gpu_read_gb + ram_read_gb <= 0:
        return None
    seconds = gpu_read_gb / gpu_gbs + ram_read_gb / ram_gbs
    rate = 1 / seconds
    step = Decimal(1) if rate >= 10 else Decimal("0.1")
    return rate.quantize(step, rounding=ROUND_FLOOR)
