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
from decimal import Decimal

from rules.estimator import estimate_inference, method_spec, resolve_shape
from rules.model_catalogue import Architecture, ModelSpec
from rules.schema import Method

__all__ = ["LayerSplit", "gguf_layer_split"]

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
    )
