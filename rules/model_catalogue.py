"""The catalogue of named models (rules/data/models.toml): parameter counts, architectures and
the spellings users type for them.

Pure: loads only its packaged data file. Names are matched on a normalised token form so that
"llama3.1 70b", "Llama-3.1-70B-Instruct" and "meta-llama/Llama-3.1-70B" are the same key.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Iterator
from decimal import Decimal
from functools import cache, cached_property
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from rules import data_files
from rules.errors import DataError
from rules.similar import Names

__all__ = [
    "Architecture",
    "ModelCatalogue",
    "ModelSpec",
    "NativeWeights",
    "glued_to_a_number",
    "load_models",
    "normalise_name",
    "suggest",
]


class _Data(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Architecture(_Data):
    """Decoder-only transformer shape, as in the model's config.json."""

    layers: int = Field(gt=0)
    hidden: int = Field(gt=0)
    heads: int = Field(gt=0)
    kv_heads: int = Field(gt=0)
    intermediate: int = Field(gt=0)
    vocab: int = Field(gt=0)
    tied_embeddings: bool = False
    head_dim: int | None = Field(default=None, gt=0)
    gated_mlp: bool = True
    experts: int = Field(default=1, gt=0)
    active_experts: int = Field(default=1, gt=0)
    expert_intermediate: int | None = Field(default=None, gt=0)
    # Mixture of experts: experts of the expert width every token goes through besides its
    # routed ones (DeepSeek's n_shared_experts; a wider shared expert counts as that many
    # expert widths), and the layers whose MLP is dense, `intermediate` wide (DeepSeek's
    # first_k_dense_replace, Llama 4 Maverick's interleaved dense layers).
    shared_experts: int = Field(default=0, ge=0)
    dense_layers: int = Field(default=0, ge=0)
    # The routed experts are stacked 3-D parameters, not one nn.Linear an expert (gpt-oss's
    # GptOssExperts gate_up_proj / down_proj, its router a raw weight too): LoRA aimed at
    # modules by name (PEFT's target_modules, Unsloth's get_peft_model) never reaches them, only
    # the attention projections. With its source.
    fused_experts: bool = False
    fused_experts_source: str | None = Field(default=None, min_length=3)
    # The model's own modeling code computes its training loss on the 16-bit logits, without
    # the float32 upcast of transformers' causal-LM losses (Qwen 1's remote-code
    # QWenLMHeadModel). With its source.
    loss_in_16bit: bool = False
    loss_in_16bit_source: str | None = Field(default=None, min_length=3)
    # Multi-head latent attention (DeepSeek-V2/V3, Kimi K2): keys and values are rebuilt from
    # one compressed latent of kv_lora_rank values per token, plus a shared RoPE key of
    # qk_rope_head_dim; queries go through a q_lora_rank latent (None: projected directly).
    kv_lora_rank: int | None = Field(default=None, gt=0)
    q_lora_rank: int | None = Field(default=None, gt=0)
    qk_nope_head_dim: int | None = Field(default=None, gt=0)
    qk_rope_head_dim: int | None = Field(default=None, gt=0)
    v_head_dim: int | None = Field(default=None, gt=0)
    # A vision-language model whose arch is its language model (Qwen2-VL's text decoder): the
    # vision encoder is not described, so its weights and activations are not counted and the
    # replies say so.
    language_model_only: bool = False
    # Every layer attends to the last `sliding_window` tokens only (StarCoder2: 4096): a
    # serving engine keeps that many tokens of KV cache a sequence (transformers' DynamicCache
    # gives such a config a DynamicSlidingWindowLayer a layer; vLLM's SlidingWindowManager
    # frees the blocks before the window). None: full attention.
    sliding_window: int | None = Field(default=None, gt=0)
    # Gemma 2's config attn_logit_softcapping / final_logit_softcapping: the attention scores
    # and the final logits go through tanh(x / cap) * cap, whose backward keeps tanh's output
    # (a copy of the scores, of the logits). None: no soft-capping.
    attn_logit_softcapping: float | None = Field(default=None, gt=0)
    final_logit_softcapping: float | None = Field(default=None, gt=0)
    # With sliding_window: the layers among the KV layers that attend over the whole context,
    # the others attending within the window (the config's layer_types / sliding_window_pattern:
    # Gemma 2 and gpt-oss alternate, one in two; Gemma 3 one layer in six). 0: every layer is
    # windowed. The engines that keep a window's tokens on its layers only (vLLM's hybrid KV
    # cache manager, transformers' per-layer caches) keep the whole context on these.
    full_attention_layers: int = Field(default=0, ge=0)
    # llama.cpp gives this architecture its sliding-window cache (llama_model's hparams: Gemma 2
    # set_swa_pattern(2), Gemma 3 set_swa_pattern(6)): a GGUF file keeps on the windowed layers
    # n_swa + n_ubatch cells in 256-cell steps, unless --swa-full (llama_kv_cache_iswa).
    llama_cpp_swa: bool = False
    # Chunked local attention (Llama 4's attention_chunk_size): three layers in four attend
    # within chunks of this many tokens, every fourth over the whole context. Not modelled:
    # the KV cache is counted over the whole context in every layer, and the replies say so.
    attention_chunk: int | None = Field(default=None, gt=0)
    # Layers among `layers` that cross-attend to image features (Llama 3.2 Vision's text
    # decoder: 8 of 40, 20 of 100): full-size layers (weights and activations as the others),
    # but their keys and values come from the image, so the text's KV cache is kept by the
    # other layers only.
    cross_attention_layers: int = Field(default=0, ge=0)
    # GPT-2: absolute position embeddings learned for this many positions (its wpe, n_positions
    # rows of `hidden`), weights beside the token embedding. None: rotary or none (no weights).
    learned_positions: int | None = Field(default=None, gt=0)
    # GPT-2: every linear layer and LayerNorm carries a bias (its Conv1D and LayerNorm), counted
    # in param_count; else left out (a few tenths of a percent, Qwen2's QKV biases among them).
    biases: bool = False
    source: str = Field(min_length=3)
    mirror: str | None = None

    @model_validator(mode="after")
    def _consistent(self) -> Architecture:
        if self.full_attention_layers and self.sliding_window is None:
            raise ValueError("full_attention_layers needs sliding_window (the local layers')")
        if self.full_attention_layers >= self.layers - self.cross_attention_layers:
            raise ValueError("full_attention_layers must leave some sliding-window layers")
        if self.cross_attention_layers >= self.layers:
            raise ValueError("cross_attention_layers must leave some self-attention layers")
        if self.heads % self.kv_heads:
            raise ValueError(
                f"heads ({self.heads}) must be a multiple of kv_heads ({self.kv_heads})"
            )
        if self.active_experts > self.experts:
            raise ValueError("active_experts cannot exceed experts")
        if self.head_dim is None and self.hidden % self.heads:
            raise ValueError("hidden is not a multiple of heads: give head_dim")
        mla = (self.kv_lora_rank, self.qk_nope_head_dim, self.qk_rope_head_dim, self.v_head_dim)
        if any(v is not None for v in mla) and any(v is None for v in mla):
            raise ValueError("multi-head latent attention needs kv_lora_rank, qk_nope_head_dim, "
                             "qk_rope_head_dim and v_head_dim")
        if self.q_lora_rank is not None and self.kv_lora_rank is None:
            raise ValueError("q_lora_rank without multi-head latent attention")
        if (self.shared_experts or self.dense_layers) and not self.is_moe:
            raise ValueError("shared_experts and dense_layers are mixture-of-experts fields")
        if self.dense_layers and self.expert_intermediate is None:
            raise ValueError("dense layers need expert_intermediate (intermediate is theirs)")
        if self.dense_layers >= self.layers:
            raise ValueError("dense_layers must leave mixture-of-experts layers")
        if self.biases and self.is_moe:
            raise ValueError("biases are counted for a dense shape (GPT-2's) only")
        if self.fused_experts != (self.fused_experts_source is not None):
            raise ValueError("fused_experts and fused_experts_source go together")
        if self.loss_in_16bit != (self.loss_in_16bit_source is not None):
            raise ValueError("loss_in_16bit and loss_in_16bit_source go together")
        if self.fused_experts and not (self.is_moe and not self.shared_experts
                                       and not self.dense_layers):
            raise ValueError("fused_experts: a mixture of routed experts in every layer")
        return self

    def __hash__(self) -> int:
        # Equal shapes have equal sizes: the estimator's per-shape caches hash these, not the
        # two dozen fields (with the source text) the default hash takes.
        return hash((self.layers, self.hidden, self.heads, self.kv_heads, self.intermediate,
                     self.vocab))

    # -- shapes ------------------------------------------------------------------------------

    @property
    def head_size(self) -> int:
        return self.head_dim if self.head_dim is not None else self.hidden // self.heads

    @property
    def q_dim(self) -> int:
        if self.qk_nope_head_dim is not None and self.qk_rope_head_dim is not None:
            return self.heads * (self.qk_nope_head_dim + self.qk_rope_head_dim)
        return self.heads * self.head_size

    @property
    def kv_dim(self) -> int:
        """The width of K (and of V) per token. Multi-head latent attention rebuilds every
        head's K (nope + rope) and V from the latent: their mean width."""
        if self.qk_nope_head_dim is not None and self.qk_rope_head_dim is not None \
                and self.v_head_dim is not None:
            qk = self.qk_nope_head_dim + self.qk_rope_head_dim
            return self.heads * (qk + self.v_head_dim) // 2
        return self.kv_heads * self.head_size

    @property
    def is_moe(self) -> bool:
        return self.experts > 1

    @property
    def is_mla(self) -> bool:
        """Multi-head latent attention: the KV cache is one compressed latent per token."""
        return self.kv_lora_rank is not None

    @property
    def ffn_width(self) -> int:
        """Width of one MLP (one expert's, for MoE)."""
        if self.is_moe and self.expert_intermediate is not None:
            return self.expert_intermediate
        return self.intermediate

    @property
    def moe_layers(self) -> int:
        """Layers whose MLP is a mixture of experts (all of them unless some are dense)."""
        return self.layers - self.dense_layers

    @property
    def active_ffn_width(self) -> int:
        """The widest MLP a token goes through in one layer: its routed and shared experts
        (MoE), or a dense layer's MLP where that is wider."""
        if not self.is_moe:
            return self.intermediate
        width = self.ffn_width * (self.active_experts + self.shared_experts)
        return max(width, self.intermediate) if self.dense_layers else width

    def _mla_attention(self) -> dict[str, tuple[int, int, int]]:
        """Multi-head latent attention's projections (DeepSeek-V2 paper §2.1; the names of
        Hugging Face's DeepseekV3Attention, which PEFT targets)."""
        assert self.kv_lora_rank is not None and self.qk_nope_head_dim is not None
        assert self.qk_rope_head_dim is not None and self.v_head_dim is not None
        h, n = self.hidden, self.heads
        qk = self.qk_nope_head_dim + self.qk_rope_head_dim
        shapes: dict[str, tuple[int, int, int]] = {}
        if self.q_lora_rank is None:
            shapes["q_proj"] = (h, n * qk, 1)
        else:
            shapes["q_a_proj"] = (h, self.q_lora_rank, 1)
            shapes["q_b_proj"] = (self.q_lora_rank, n * qk, 1)
        shapes["kv_a_proj_with_mqa"] = (h, self.kv_lora_rank + self.qk_rope_head_dim, 1)
        shapes["kv_b_proj"] = (self.kv_lora_rank, n * (self.qk_nope_head_dim + self.v_head_dim),
                               1)
        shapes["o_proj"] = (n * self.v_head_dim, h, 1)
        return shapes

    def attention_shapes(self) -> dict[str, tuple[int, int, int]]:
        """Per-layer attention projections: name -> (in_features, out_features, 1)."""
        if self.is_mla:
            return self._mla_attention()
        h = self.hidden
        return {
            "q_proj": (h, self.q_dim, 1),
            "k_proj": (h, self.kv_dim, 1),
            "v_proj": (h, self.kv_dim, 1),
            "o_proj": (self.q_dim, h, 1),
        }

    def linear_shapes(self) -> dict[str, tuple[int, int, int]]:
        """Per-layer linear projections of a mixture-of-experts layer (of every layer for a
        dense model): name -> (in_features, out_features, copies per layer). MLP projections
        are counted once per expert, shared experts included. Dense layers of an MoE model:
        dense_mlp_shapes."""
        h, f = self.hidden, self.ffn_width
        copies = self.experts + self.shared_experts
        shapes = self.attention_shapes()
        shapes["up_proj"] = (h, f, copies)
        shapes["down_proj"] = (f, h, copies)
        if self.gated_mlp:
            shapes["gate_proj"] = (h, f, copies)
        return shapes

    def dense_mlp_shapes(self) -> dict[str, tuple[int, int, int]]:
        """The MLP projections of one of the `dense_layers` (empty when there are none)."""
        if not self.dense_layers:
            return {}
        h, f = self.hidden, self.intermediate
        shapes = {"up_proj": (h, f, 1), "down_proj": (f, h, 1)}
        if self.gated_mlp:
            shapes["gate_proj"] = (h, f, 1)
        return shapes

    # -- parameter counts (biases and norms are <0.1 % and left out) -------------------------

    def attention_params_per_layer(self) -> int:
        if self.is_mla:
            return sum(i * o for i, o, _ in self._mla_attention().values())
        return 2 * self.hidden * self.q_dim + 2 * self.hidden * self.kv_dim

    def mlp_params_per_expert(self) -> int:
        return (3 if self.gated_mlp else 2) * self.hidden * self.ffn_width

    def router_params_per_layer(self) -> int:
        return self.hidden * self.experts if self.is_moe else 0

    def embedding_params(self) -> int:
        """Token embedding plus the output projection when it is not tied to it."""
        return self.vocab * self.hidden * (1 if self.tied_embeddings else 2)

    def block_linear_params(self) -> int:
        """All linear weights inside the transformer blocks (what 4-bit/8-bit loaders quantize)."""
        per_layer = (
            self.attention_params_per_layer()
            + (self.experts + self.shared_experts) * self.mlp_params_per_expert()
            + self.router_params_per_layer()
        )
        if not self.dense_layers:
            return self.layers * per_layer
        dense = (self.attention_params_per_layer()
                 + (3 if self.gated_mlp else 2) * self.hidden * self.intermediate)
        return self.moe_layers * per_layer + self.dense_layers * dense

    def param_count(self) -> int:
        """Total parameters implied by the architecture (cross-check against params_b)."""
        norms = (self.layers * 2 * self.hidden + self.hidden) * (2 if self.biases else 1)
        count = self.block_linear_params() + self.embedding_params() + norms
        if self.biases:
            count += self.bias_params()
        if self.learned_positions is not None:
            count += self.learned_positions * self.hidden
        return count

    def bias_params(self) -> int:
        """The linear layers' biases (one per output feature), when the shape has them."""
        if not self.biases:
            return 0
        return self.layers * sum(o * n for _, o, n in self.linear_shapes().values())

    def active_param_count(self) -> int:
        """Parameters used per token: only `active_experts` of the routed experts run."""
        idle = self.experts - self.active_experts
        return self.param_count() - self.moe_layers * idle * self.mlp_params_per_expert()

    def kv_cache_values_per_token_layer(self) -> int:
        """Values the KV cache keeps per token and layer: K and V of every KV head (GQA-aware),
        or with multi-head latent attention the latent and the RoPE key, kv_lora_rank +
        qk_rope_head_dim (DeepSeek-V2 paper §2.1.2; vLLM's MLA head size)."""
        if self.kv_lora_rank is not None and self.qk_rope_head_dim is not None:
            return self.kv_lora_rank + self.qk_rope_head_dim
        return 2 * self.kv_dim

    def kv_cache_bytes_per_token(self, bytes_per_value: float = 2.0) -> float:
        """The KV cache of one token over every layer that keeps one: layers · values per
        token and layer · bytes (2 · layers · kv_heads · head_dim · bytes for GQA). Layers
        cross-attending to an image keep no per-token cache of the text."""
        return self.kv_layers * self.kv_cache_values_per_token_layer() * bytes_per_value

    def kv_cache_layer_tokens(self, context_len: int, kept: int | None = None) -> int:
        """The tokens of KV cache one sequence of `context_len` keeps, summed over the KV
        layers: a sliding-window layer keeps min(window, context) (`kept` instead of the
        window when an engine keeps more), a full-attention layer the whole context
        (kv_layers · context without a window)."""
        window = self.sliding_window if kept is None or self.sliding_window is None else kept
        if window is None or window >= context_len:
            return self.kv_layers * context_len
        full = self.full_attention_layers
        return (self.kv_layers - full) * window + full * context_len

    @property
    def kv_layers(self) -> int:
        """The layers that keep a KV cache of the sequence (all but the cross-attention
        ones)."""
        return self.layers - self.cross_attention_layers

    def tensor_parallel_ok(self, gpus: int) -> bool:
        """Whether vLLM's tensor parallelism can split the model over `gpus`: the attention heads
        must divide evenly (vllm/config ModelConfig.verify_with_parallel_config: "Total number
        of attention heads (64) must be divisible by tensor parallel size (7)"), and the KV
        heads split evenly or, fewer than the GPUs, are copied whole to each (QKVParallelLinear:
        divide(total_num_kv_heads, tp_size), else divide(tp_size, total_num_kv_heads)). The
        latent of multi-head latent attention is kept whole on every rank (kv_cache_shards)."""
        if self.heads % gpus:
            return False
        if self.is_mla:
            return True
        kv = self.kv_heads
        return kv % gpus == 0 if gpus < kv else gpus % kv == 0

    def tensor_parallel_count(self, gpus: int, per_instance: int) -> int:
        """The fewest GPUs, `gpus` or more, a serving engine's tensor parallelism splits the
        model over (tensor_parallel_ok): within one instance (`per_instance` GPUs at most), the
        smallest size the heads divide by; beyond it, whole groups of the largest size one
        instance takes, tensor parallel within each and pipeline parallel across them (vLLM's
        distributed serving guide: the tensor parallel size the GPUs of each node, the pipeline
        parallel size the number of nodes; rules/data/serving.toml vllm.tensor_parallel)."""
        if gpus <= per_instance:
            for count in range(max(gpus, 1), per_instance + 1):
                if self.tensor_parallel_ok(count):
                    return count
        group = max(c for c in range(1, per_instance + 1) if self.tensor_parallel_ok(c))
        return -(-gpus // group) * group

    def kv_cache_shards(self, gpus: int) -> int:
        """How many ways tensor parallelism over `gpus` splits the KV cache. The latent of
        multi-head latent attention is not split at all: every rank keeps it whole (vLLM's
        ModelConfig.get_num_kv_heads: "When using MLA during decode it becomes MQA", one KV
        head a rank, never divided by tensor_parallel_size; SGLang's MLATokenToKVPool and
        DeepSeek's own inference/model.py likewise size it without the world size). The KV
        heads of grouped-query attention are split, but never below one head a GPU: with fewer
        KV heads than GPUs each head is kept whole on several of them (the same function:
        max(1, total_num_kv_heads // tensor_parallel_size) heads a rank), so the cache is split
        only as many ways as there are KV heads."""
        if self.is_mla:
            return 1
        return min(gpus, self.kv_heads)


class NativeWeights(_Data):
    """The precision the publisher's own checkpoint holds the weights in, where it is not
    BF16/FP16 (DeepSeek-V3's block-wise FP8, gpt-oss's MXFP4 experts): served as published,
    the model takes that precision's memory, and a serving question naming no precision is
    answered in it first. Only where the publisher's main repository is in that format (a
    separate "-FP8" repository beside a BF16 one does not count)."""

    format: Literal["FP8", "MXFP4", "INT4"]
    # The inference method (methods.toml) whose bytes per parameter plan it: FP8 one byte,
    # MXFP4 and INT4 (Kimi K2 Thinking's quantization-aware-trained experts) about half of one.
    method: str = Field(pattern=r"^inference_[a-z0-9_]+$")
    source: str = Field(min_length=3)
    verified: dt.date
    # Where it is published that the GGUF files local runners load (Ollama's library tag,
    # llama.cpp's and LM Studio's builds) keep this format too (gpt-oss: the MXFP4 experts,
    # whatever the file's type): a question naming a runner and no type is answered in it,
    # not in the runner's default type. None: the runner's default type is assumed.
    local_runners: str | None = Field(default=None, min_length=3)
    # The published GGUF file's size in GB, whatever its type (gpt-oss: every type keeps the
    # MXFP4 experts, so a "Q4_K_M" file is as large as the MXFP4 one): a GGUF of the model is
    # planned from it, not from the type's bits per weight. With its source.
    gguf_gb: Decimal | None = Field(default=None, gt=0)
    gguf_source: str | None = Field(default=None, min_length=3)


class AwqCheckpoint(_Data):
    """The publisher's AWQ checkpoint, where how it was saved moves the memory of loading it.
    tied_table_twice: a model with tied embeddings saved with the output head's copy of the
    token-embedding table beside the table itself (AutoAWQ before v0.2.8 saved every state
    dict entry); transformers loads both and ties them only once every weight is on the GPU,
    so the load holds the table twice for a moment."""

    tied_table_twice: bool
    source: str = Field(min_length=3)
    verified: dt.date


class ModelSpec(_Data):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9.\-]*$")
    name: str = Field(min_length=1)
    params_b: Decimal
    active_params_b: Decimal | None = None
    aliases: tuple[str, ...] = ()
    gated: bool = False
    # The licence of the weights, a short id ("llama3.1", "gemma", "apache-2.0", "mit"...);
    # None when not on file. Gating (accept terms on Hugging Face) is `gated`.
    licence: str | None = Field(default=None, pattern=r"^[a-z0-9][a-z0-9.\-]*$")
    source: str = Field(min_length=3)
    verified: dt.date
    arch: Architecture | None = None
    native: NativeWeights | None = None
    awq: AwqCheckpoint | None = None
    # Hybrid models whose other layers hold a fixed-size state instead of attention's KV cache
    # (Qwen3-Next's Gated DeltaNet, Granite 4.0-H's Mamba-2): no arch on file, and the assumed
    # Llama-like shape, a KV cache in every layer, overstates theirs (the replies say so).
    hybrid_attention: bool = False
    # The longest context the model is published for (tokens), and where that is stated.
    max_context: int | None = Field(default=None, gt=0)
    max_context_source: str | None = Field(default=None, min_length=3)
    # The context config.json gives (max_position_embeddings) where it is not max_context
    # (Qwen2.5's 32,768 below the 131,072 its YaRN scaling reaches): what vLLM serves when no
    # --max-model-len is set (engine_default_context), and where that is stated.
    config_context: int | None = Field(default=None, gt=0)
    config_context_source: str | None = Field(default=None, min_length=3)
    # The month the publisher released the weights (model card, announcement or paper), and
    # where that is stated: of models the same size, the newest are named first.
    released: str | None = Field(default=None, pattern=r"^\d{4}-(?:0[1-9]|1[0-2])$")
    released_source: str | None = Field(default=None, min_length=3)
    # Encoder-only (BERT) and encoder-decoder (T5) models: no decoder to run in llama.cpp or
    # Ollama or to fine-tune as a causal LM, so never offered as "the largest that fits" (the
    # source says which, as for the rest of the entry).
    encoder: Literal["encoder-only", "encoder-decoder"] | None = None
    # Names people give a group of models where no catalogue name is that group's ("Gemma 3n"
    # for E2B and E4B, "Devstral" for Small, Small 2 and 2): said with no size, the question is
    # about those models, as for a family the names give ("Llama 3.1").
    families: tuple[str, ...] = ()

    @property
    def engine_default_context(self) -> int | None:
        """The context vLLM serves when no --max-model-len is set, derived from config.json
        (max_position_embeddings): config_context where on file, else max_context where its
        source is the config itself; None where only a model card's (possibly scaled) figure
        is on file (DeepSeek-V3's 128K, QwQ's YaRN): no default guessed."""
        if self.config_context is not None:
            return self.config_context
        source = self.max_context_source or ""
        return self.max_context if "config" in source.lower() else None

    def __hash__(self) -> int:
        # Equal specs have equal ids: every detailed estimate's cache key holds the spec, and
        # its id hashes in a tenth of the time all its fields and its architecture's take.
        return hash(self.id)

    @field_validator("params_b", "active_params_b")
    @classmethod
    def _positive(cls, value: Decimal | None) -> Decimal | None:
        if value is not None and (not value.is_finite() or value <= 0):
            raise ValueError("must be a positive number of billions")
        return value

    @model_validator(mode="after")
    def _moe(self) -> ModelSpec:
        if self.active_params_b is not None and self.active_params_b > self.params_b:
            raise ValueError("active_params_b cannot exceed params_b")
        if self.arch is not None and self.arch.is_moe and self.active_params_b is None:
            raise ValueError("a mixture-of-experts model needs active_params_b")
        if (self.max_context is None) != (self.max_context_source is None):
            raise ValueError("max_context and max_context_source go together")
        if (self.config_context is None) != (self.config_context_source is None):
            raise ValueError("config_context and config_context_source go together")
        if self.awq is not None and self.awq.tied_table_twice and not (
                self.arch is not None and self.arch.tied_embeddings):
            raise ValueError("awq.tied_table_twice needs an architecture with tied embeddings")
        if (self.released is None) != (self.released_source is None):
            raise ValueError("released and released_source go together")
        return self

    @property
    def is_moe(self) -> bool:
        return self.active_params_b is not None

    def arch_params_b(self) -> Decimal | None:
        """Parameter count implied by the architecture, in billions (None without arch)."""
        if self.arch is None:
            return None
        return Decimal(self.arch.param_count()) / Decimal(10**9)


def newest_first(models: Iterable[ModelSpec]) -> tuple[ModelSpec, ...]:
    """`models` with the latest released first ("24 GB holds 30B: GLM-4.7-Flash, MPT 30B,
    OPT-30B", not the 2022 model first); those with no release month on file after them, in
    the catalogue's order (the sort is stable)."""
    listed = tuple(models)
    return tuple(sorted(listed, key=lambda m: m.released or "", reverse=True)) \
        if any(m.released for m in listed) else listed


# ----------------------------------------------------------------------------- name matching

# Trailing words that do not change which model is meant ("-Instruct", "-hf", quantized builds).
_NOISE = frozenset(
    {
        "instruct", "chat", "hf", "base", "it", "preview", "latest", "pretrained", "pt", "sft",
        "gguf", "ggml", "awq", "gptq", "exl", "mlx", "bnb", "nf", "fp", "bf", "int", "bit",
        "q", "quantized", "unsloth", "original", "model", "weights", "tuned",
    }
)
_ORG_PREFIX = re.compile(r"[\w.\-]+/(?=[\w.\-])")
# The raw tokens of a name: letter runs and digit runs. Public for look-ups that first check
# whether any raw token could start a spelling (name_tokens only ever drops tokens).
NAME_TOKEN: Final = re.compile(r"[a-z]+|\d+")
_PLUS: Final = re.compile(r"(?<=[a-z])\+")
_AFTER_NUMBER: Final = frozenset({"b", "k", "bn", "billion", "bit", "bits"})
_DROPS_NUMBER: Final = frozenset({"k", "bit", "bits"})


def name_tokens(text: str) -> list[str]:
    """The one model-name tokenizer: lower-case letter and digit runs; a size unit after a
    number ("70B", "70 billion") and context tags like "4k"/"128k" are dropped, as is an "org/"
    prefix and a leading "meta". "Meta-Llama-3.1-70B-Instruct" -> llama 3 1 70 instruct."""
    text = text.lower()
    if "/" in text:  # the substitution costs more than the test; few texts hold a slash
        text = _ORG_PREFIX.sub(" ", text)
    if "+" in text:  # "Command R+" is Command R Plus, not Command R
        text = _PLUS.sub(" plus", text)
    out: list[str] = []
    for tok in NAME_TOKEN.findall(text):
        if tok in _AFTER_NUMBER and out and out[-1].isdigit():
            if tok in _DROPS_NUMBER:
                # "4k" / "128k" is a context length, "8bit" a bit width: not part of the name
                # ("deepseek r1 8bit" is not the 8B distill).
                out.pop()
            continue
        out.append(tok)
    if len(out) > 1 and out[0] == "meta":
        del out[0]
    return out


def normalise_name(text: str) -> str:
    """Matching key of a spelling: "Llama-3.1-70B-Instruct" -> "llama 3 1 70 instruct"."""
    return " ".join(name_tokens(text))


def _strip_noise(tokens: list[str]) -> list[list[str]]:
    """Candidate keys from dropping trailing noise: suffix words, dates (2407, 0528) and
    version tags (v0.3)."""
    out: list[list[str]] = []
    cur = list(tokens)
    while cur:
        last = cur[-1]
        if last in _NOISE or (last.isdigit() and len(last) == 4):
            cur = cur[:-1]
        elif len(cur) >= 2 and cur[-2] == "v" and last.isdigit():
            cur = cur[:-2]
        elif len(cur) >= 3 and cur[-3] == "v" and cur[-2].isdigit() and last.isdigit():
            cur = cur[:-3]
        elif last == "bit" and len(cur) >= 2 and cur[-2].isdigit():
            cur = cur[:-2]  # "4bit", "8bit"
        elif last.isdigit() and len(cur) >= 2 and cur[-2] in _NOISE:
            cur = cur[:-2]  # "fp 8", "int 4", "q 4"
        else:
            break
        out.append(list(cur))
    return out


def glued_to_a_number(text: str, tokens: list[str], end: int) -> bool:
    """Whether a spelling ending in one letter ends where the text glues that letter to the
    number after it: "command a100" is the A100 card, not Command A ("command a on a100" and
    "command a 111b" still name it)."""
    if end >= len(tokens) or len(tokens[end - 1]) != 1 or not tokens[end].isdigit():
        return False
    glued = re.compile(rf"(?<![a-z]){tokens[end - 1]}{tokens[end]}(?!\d)")
    return glued.search(text.lower()) is not None


class ModelCatalogue:
    """Validated model entries with name look-ups."""

    def __init__(self, models: tuple[ModelSpec, ...]) -> None:
        self.models = models
        self._by_id = {m.id: m for m in models}
        self._index: dict[str, ModelSpec] = {}
        for model in models:
            for spelling in (model.id, model.name, *model.aliases):
                key = normalise_name(spelling)
                if not key:
                    raise DataError(f"models.toml: {model.id}: empty spelling {spelling!r}")
                other = self._index.setdefault(key, model)
                if other.id != model.id:
                    raise DataError(
                        f"models.toml: spelling {spelling!r} ({key!r}) names both "
                        f"{other.id} and {model.id}"
                    )
        self._max_key_len = max(len(k.split()) for k in self._index)

    @cached_property
    def _names(self) -> Names:
        """The spellings indexed for a typo's suggestions (made at the first misspelt name)."""
        return Names(self._index)

    def __iter__(self) -> Iterator[ModelSpec]:
        return iter(self.models)

    def __len__(self) -> int:
        return len(self.models)

    def get(self, model_id: str) -> ModelSpec:
        """The entry with this id (KeyError if there is none)."""
        try:
            return self._by_id[model_id]
        except KeyError:
            raise KeyError(f"unknown model id {model_id!r}") from None

    def find(self, text: str) -> ModelSpec | None:
        """The model a user's spelling names, or None. Tolerates case, separators, an org
        prefix, a "B" after the size and suffixes such as -Instruct, -hf, -GGUF or a date."""
        tokens = name_tokens(text)
        if not tokens:
            return None
        for candidate in (tokens, *_strip_noise(tokens)):
            found = self._index.get(" ".join(candidate))
            if found is not None:
                return found
        return None

    def search(self, text: str) -> list[ModelSpec]:
        """Models mentioned in a free-text sentence, longest mention first
        ("can I qlora llama 3.1 70b on a 4090?" -> [llama-3.1-70b])."""
        tokens = name_tokens(text)
        hits: list[tuple[int, int, ModelSpec]] = []
        i = 0
        while i < len(tokens):
            for size in range(min(self._max_key_len, len(tokens) - i), 0, -1):
                found = self._index.get(" ".join(tokens[i : i + size]))
                if found is not None and glued_to_a_number(text, tokens, i + size):
                    continue
                if found is not None:
                    hits.append((size, i, found))
                    i += size
                    break
            else:
                i += 1
        hits.sort(key=lambda h: (-h[0], h[1]))
        result: list[ModelSpec] = []
        for _, _, model in hits:
            if model not in result:
                result.append(model)
        return result

    def suggest(self, text: str, n: int = 3) -> list[ModelSpec]:
        """Closest catalogue models for a misspelt name ("lama 3.1 70", "mixtrl")."""
        key = normalise_name(text)
        if not key:
            return []
        matches = self._names.close(key, n * 4, 0.6)
        result: list[ModelSpec] = []
        for match in matches:
            model = self._index[match]
            if model not in result:
                result.append(model)
        return result[:n]


def _read() -> dict[str, Any]:
    return data_files.document("models.toml")


@cache
def load_models() -> ModelCatalogue:
    """The packaged model catalogue, validated once per process."""
    doc = _read()
    entries = doc.get("models")
    if not isinstance(entries, list) or not entries:
        raise DataError("rules/data/models.toml: no [[models]] entries")
    models: list[ModelSpec] = []
    for i, entry in enumerate(entries):
        try:
            models.append(ModelSpec.model_validate(entry))
        except ValidationError as exc:
            label = entry.get("id", f"#{i + 1}") if isinstance(entry, dict) else f"#{i + 1}"
            raise DataError(f"rules/data/models.toml: model {label}: {exc}") from exc
    ids = [m.id for m in models]
    dupes = sorted({x for x in ids if ids.count(x) > 1})
    if dupes:
        raise DataError(f"rules/data/models.toml: duplicate ids {dupes}")
    return ModelCatalogue(tuple(models))


def suggest(text: str, n: int = 3) -> list[str]:
    """Names of the closest catalogue models for a typo (like rules.catalogue's suggest_gpus)."""
    return [m.name for m in load_models().suggest(text, n)]
