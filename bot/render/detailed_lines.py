"""The lines of the detailed estimate (bot.detail.DetailedAnswer), worded for one locale,
and laid out (detailed_block, detailed_lead_block: what detailed.html.j2 and
detailed_lead.html.j2 print).

As a template, a detailed reply made some 80 Jinja calls (a gettext, a number or a phrase
per value, each through Jinja's context, attribute look-ups and output escaping), the
dearest part of a details answer. Here each line is built once, as the template built it:
every sentence through gettext (the same msgids, extracted by Babel from this file), its
values escaped by the same fill as an autoescaped ``{% trans %}`` block (``Gettext._``),
numbers and units by the Formatter, the result ``Markup``. Sentences without values are
translated once per locale.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from typing import TYPE_CHECKING, Final

from markupsafe import Markup, escape

from bot.i18n import N_, translations
from bot.render.phrases import Phrases, gettext_for

if TYPE_CHECKING:
    from bot.answer import Answer
    from bot.detail import Assumption, DetailedAnswer, FitCheck, TrainingEstimate
    from rules.model_catalogue import ModelSpec

# The optimizers with one state a weight or none (rules.estimator _one_state_bytes), by name.
ONE_STATE_OPTIMIZERS: Final[dict[str, str]] = {
    "lion": N_("Lion"), "lion8bit": N_("8-bit Lion"), "sgd": N_("SGD"),
    "sgd_momentum": N_("SGD with momentum"),
}

__all__ = [
    "ONE_STATE_OPTIMIZERS", "DetailedLines", "detailed_block", "detailed_lead_block", "detailed_lead_lines",
    "detailed_lines",
]


@dataclass(frozen=True, slots=True)
class DetailedLines:
    """One detailed estimate's lines, each without its line break."""

    title: Markup  # "Detailed estimate for seq 2048, batch 1, checkpointing on"
    method: Markup  # the method's name
    terms: list[Markup]  # "Model weights: 14 GB", one per term of the breakdown
    check: list[Markup]  # the total per GPU, and where the planning rule disagrees
    time_title: Markup | None  # "Training time for 100 million tokens (1 epoch)"
    time: list[Markup]  # how the time was worked out and its quote
    assumptions_title: Markup
    assumptions: list[Markup]  # one per assumption


@cache
def _text(locale: str, msgid: str) -> Markup:
    """A sentence without values, translated: one look-up per locale and sentence."""
    return gettext_for(locale)._(msgid)


@cache
def _translated(locale: str, msgid: str) -> str:
    """A sentence with values, translated, to be filled by the caller."""
    return translations(locale).gettext(msgid)


_NEEDS_ESCAPING = re.compile("[&<>\"']").search


def _escaped(text: str) -> str:
    """``escape(text)`` as text: a formatted figure holds nothing to escape."""
    return text if _NEEDS_ESCAPING(text) is None else str(escape(text))


def _safe(text: str) -> Markup:
    """``Markup(text)`` for a text made of escaped parts only (Markup's constructor looks
    for ``__html__`` first)."""
    return str.__new__(Markup, text)


def _icon(ph: Phrases, fits: bool) -> str:
    return _escaped(ph.verdict_icon(fits))


# Assumptions stated by a sentence without values (bot.detail's codes).
_SAID: dict[str, str] = {
    "trl_peft_default_targets": N_(
        "TRL's --use_peft without --lora_target_modules leaves the targets to PEFT, whose "
        "default on this architecture is q_proj and v_proj alone, not every linear layer."
    ),
    "peft_default_targets": N_(
        "PEFT's LoraConfig without target_modules adapts q_proj and v_proj alone on this "
        "architecture (its own default), not every linear layer."
    ),
    "mlx_assumed": N_(
        "No trainer named, on a Mac: estimated as mlx-lm trains there (mlx_lm.lora; QLoRA as "
        "LoRA on a 4-bit MLX model), since bitsandbytes' 4-bit loader and PyTorch's CUDA "
        "kernels do not run on Apple silicon."
    ),
    "mlx_typical": N_(
        "What is not given: batch 1 with gradient checkpointing (--batch-size 1 "
        "--grad-checkpoint; mlx_lm.lora's own defaults, batch 4 without checkpointing, take "
        "much more at long samples), and its default LoRA rank 8 on every linear layer of the "
        "last 16 layers (--num-layers)."
    ),
    "mlx_defaults": N_(
        "What is not given is mlx_lm.lora's own default: batch 4, LoRA rank 8 on every linear "
        "layer, the last 16 layers (--num-layers), no gradient checkpointing."
    ),
    "hf_trainer_no_ckpt": N_(
        "Gradient checkpointing off: the Hugging Face Trainer's default when the command leaves "
        "it out (TrainingArguments gradient_checkpointing=False; TRL's configs turn it on since "
        "TRL 0.22). --gradient_checkpointing recomputes the activations in the backward pass "
        "instead of keeping them."
    ),
    "trainer_batch": N_(
        "Batch 8, the Trainer's default: the command leaves per_device_train_batch_size out "
        "(TrainingArguments defaults it to 8, and TRL's configs keep that)."
    ),
    "trl_ckpt": N_(
        "Gradient checkpointing on: TRL's default since TRL 0.22 (the plain Hugging Face "
        "Trainer's is off)."
    ),
    "qlora_nf4": N_(
        "QLoRA: block weights in 4-bit NF4 with double quantization; embeddings, output head "
        "and norms stay in BF16."
    ),
    "qlora_nf4_plain": N_(
        "QLoRA without double quantization: block weights in 4-bit NF4 with one FP32 constant "
        "a block of 64 (0.5 bits a weight, not 0.127); embeddings, output head and norms stay "
        "in BF16."
    ),
    "lora_int8": N_(
        "8-bit base (bitsandbytes LLM.int8, load_in_8bit): block weights in int8 with one FP32 "
        "scale a row; embeddings, output head and norms stay in BF16."
    ),
    "pure_bf16": N_(
        "Pure BF16: weights, gradients and optimizer states in BF16, no FP32 master copy."
    ),
    "fp32_weights": N_(
        "FP32 weights: the model is loaded without torch_dtype, as transformers does by default."
    ),
    "cpu_offload": N_(
        "CPU offload (FSDP or DeepSpeed ZeRO-3): weights, gradients and optimizer states wait "
        "in CPU RAM; the GPU holds the layers being computed."
    ),
    "reference_copy": N_(
        "Reference model: a frozen BF16 copy of the model gives the reference log-probabilities "
        "(DPO, IPO and KTO when every weight trains)."
    ),
    "reference_adapters": N_(
        "Reference model: the same model with its adapters switched off (TRL with PEFT), no "
        "copy."
    ),
    "optimizer_offload": N_(
        "ZeRO-Offload (offload_optimizer): FP32 master weights, optimizer states and gradients "
        "wait in CPU RAM; every GPU keeps the whole BF16 model."
    ),
    "zero3_optimizer_offload": N_(
        "ZeRO-3 with offload_optimizer alone: FP32 master weights, optimizer states and "
        "gradients wait in CPU RAM; each GPU keeps its shard of the BF16 model (offload_param "
        "would move it too)."
    ),
    "paged_optimizer": N_(
        "Paged optimizer: its states stay on the GPU until the card is full, then the rest is "
        "paged to CPU RAM."
    ),
    "activation_offload": N_("Activation offloading: checkpointed activations wait in CPU RAM."),
    "eager_attention": N_(
        "Eager attention: each layer's attention scores over the prompt are held during the "
        "prefill."
    ),
    "mixed_precision": N_(
        "Mixed precision: FP32 master weights and gradients, as the Hugging Face Trainer does "
        "with bf16."
    ),
    "mixed_precision_fp16": N_(
        "Mixed precision in FP16 (this card has no BF16): FP32 master weights and gradients, as "
        "the Hugging Face Trainer does with fp16=True."
    ),
    "unsloth_fp16_full": N_(
        "Unsloth on a card without BF16 upcasts the weights to FP32 and trains them with FP16 "
        "autocast: FP32 weights and gradients, and no 16-bit copy of the weights (autocast casts "
        "each one as it is used)."
    ),
    "grad_accumulation": N_(
        "With gradient accumulation, gradients and activations are held at the same time."
    ),
    "unsloth_offloaded": N_(
        "Unsloth: its fused cross-entropy computes the logits a chunk at a time (never the whole "
        "FP32 logits), its LoRA MLP and RMSNorm kernels keep fewer activations, and its gradient "
        "checkpointing offloads the checkpoints to CPU RAM."
    ),
    "unsloth": N_(
        "Unsloth: its fused cross-entropy computes the logits a chunk at a time (never the whole "
        "FP32 logits), and its LoRA MLP and RMSNorm kernels keep fewer activations."
    ),
    "lora_dropout": N_(
        "LoRA dropout: every adapted layer keeps a dropped-out copy of its input and the dropout "
        "mask for the backward pass (PEFT)."
    ),
    "kbit_fp32": N_(
        "prepare_model_for_kbit_training (PEFT) then casts the parameters left unquantized "
        "(embeddings, output head, norms) to FP32, 4 bytes each; TRL's SFTTrainer casts the "
        "embeddings and the head back to BF16 when it trains in BF16."
    ),
    "bnb_saved_inputs": N_(
        "bitsandbytes before 0.43.2 keeps the input of every 4-bit layer for the backward pass "
        "(fixed in 0.43.2): counted here."
    ),
    "litgpt_4bit_head": N_(
        "QLoRA under LitGPT (bnb.nf4, as its configs quantize): block weights and the output "
        "head in 4-bit NF4 without double quantization (it converts every linear layer), "
        "embeddings and norms in BF16. Each weight was quantized from FP16, so each matmul "
        "dequantizes it to FP16 and copies it to BF16: the head's two copies are the largest "
        "at a time."
    ),
    "fsdp_no_sync": N_(
        "Gradient accumulation under FSDP's no_sync (Hugging Face Accelerate, LitGPT): every GPU "
        "holds the whole model's gradients until the last micro-batch; Accelerate's "
        "sync_each_batch keeps them sharded, at some speed."
    ),
    "lora_dropout_fused_qkv": N_(
        "LoRA dropout: LitGPT keeps a dropped-out copy of the input and the dropout mask for "
        "the backward pass once for its fused q, k, v projection and once for each other adapted "
        "layer."
    ),
    "softcapped_scores": N_(
        "This model soft-caps its attention scores (tanh): without FlashAttention each layer "
        "keeps the tanh output, the FP32 softmax and its BF16 copy of every head's score matrix."
    ),
    "softcapped_scores_litgpt": N_(
        "This model soft-caps its attention scores, so LitGPT computes them itself, without "
        "SDPA or FlashAttention: each layer keeps the tanh output, the FP32 softmax and its BF16 "
        "copy of every head's sequence × sequence score matrix."
    ),
    "litgpt_loss": N_(
        "LitGPT takes the loss 128 positions at a time in BF16 (its chunked cross-entropy): "
        "the whole logits are never upcast to FP32."
    ),
    "foundry_loss": N_(
        "llm-foundry runs MPT with flash-attn's fused cross-entropy (only the BF16 logits and "
        "their gradient are stored) and its low-precision LayerNorm (no FP32 copy of its "
        "input)."
    ),
    "liger": N_(
        "Liger Kernel: fused linear cross-entropy (the logits are computed a chunk at a time and "
        "never stored whole), fused SwiGLU and RMSNorm."
    ),
    "cut_ce": N_(
        "Cut Cross-Entropy (apple/ml-cross-entropy): the loss is computed without storing the "
        "logits; only the gradient of the final hidden states is held."
    ),
    "torch_compile": N_(
        "torch.compile: norms and loss are fused; only the BF16 logits and their gradient are "
        "stored."
    ),
    "eager_scores": N_(
        "Eager attention (no SDPA or FlashAttention): every head's sequence × sequence score "
        "matrix is kept for the backward pass (Korthikanti et al. 2022), memory that grows with "
        "the square of the sequence; FlashAttention never stores it (Dao et al. 2022)."
    ),
    "kernels": N_(
        "FlashAttention (SDPA), no torch.compile, loss in FP32: torch.compile or a chunked loss "
        "shrinks the logits."
    ),
    # What MLX runs when mlx-lm trains (ml-explore/mlx@846d1762 mlx/fast.cpp and
    # mlx/backend/metal/scaled_dot_product_attention.cpp: ScaledDotProductAttention::use_fallback
    # returns true whenever gradients are traced, "It's faster for training on Metal to use the
    # unfused SDPA for both forward and backward"; ml-explore/mlx-lm@d78bf58e
    # mlx_lm/tuner/trainer.py default_loss: nn.losses.cross_entropy on the model's own logits,
    # cast to FP32 only once summed). The estimator counts both as MLX runs them
    # (rules/data/detailed.toml activations.mlx_attention_scores and activations.logits_mlx),
    # and no FP32 norm copy (nn.RMSNorm is the fused mx.fast.rms_norm on the GPU).
    "mlx_kernels": N_(
        "MLX computes attention unfused while it trains (its fused kernel, "
        "mx.fast.scaled_dot_product_attention, serves inference): the backward pass keeps each "
        "trained layer's sequence × sequence attention probabilities in BF16 (one layer at a "
        "time with gradient checkpointing), counted here, and they grow with the square of the "
        "sequence; the loss is counted as mlx-lm computes it, on the model's BF16 logits with "
        "no FP32 copy, and its RMSNorm as one fused kernel (mx.fast.rms_norm) that keeps no "
        "FP32 copy either."
    ),
    "kv_cache_bf16": N_("KV cache in BF16 for prompt and output, with grouped-query attention."),
    "kv_cache_fp16": N_("KV cache in FP16 for prompt and output, with grouped-query attention."),
    "kv_cache_fp32": N_(
        "KV cache in FP32, the model's dtype, for prompt and output, with grouped-query "
        "attention."
    ),
    "vision_not_counted": N_(
        "Vision-language model: only its language model is counted; the vision encoder's "
        "weights and activations come on top."
    ),
    "formulas": N_(
        "Published formulas (Korthikanti et al. 2022 for activations), not measurements: "
        "measure a short run before relying on them."
    ),
}


def detailed_lines(ph: Phrases, d: DetailedAnswer, answer: Answer | None = None,
                   said: str = "") -> DetailedLines:
    """The detailed estimate's lines; `answer`, when there is one, says whether the model is
    trained from scratch (the method's name then says so); `said`: the reply above them, whose
    quote of the run is not printed again."""
    locale = ph.locale
    g = gettext_for(locale)
    pre = answer is not None and answer.query.pretraining
    # "2 048", "2.048", "2,048" as every other figure of the reply (was "2048").
    seq, batch, rank = ph.fmt.num(d.seq_len, 0), d.micro_batch, d.lora_rank
    if d.kind == "inference":
        title = g._("Detailed estimate for %(seq)s tokens of context, batch %(batch)s",
                    seq=seq, batch=batch)
    elif rank is not None and d.grad_ckpt:
        title = g._(
            "Detailed estimate for seq %(seq)s, batch %(batch)s, checkpointing on, LoRA rank "
            "%(rank)s", seq=seq, batch=batch, rank=rank,
        )
    elif rank is not None:
        title = g._(
            "Detailed estimate for seq %(seq)s, batch %(batch)s, checkpointing off, LoRA rank "
            "%(rank)s", seq=seq, batch=batch, rank=rank,
        )
    elif d.grad_ckpt:
        title = g._("Detailed estimate for seq %(seq)s, batch %(batch)s, checkpointing on",
                    seq=seq, batch=batch)
    else:
        title = g._("Detailed estimate for seq %(seq)s, batch %(batch)s, checkpointing off",
                    seq=seq, batch=batch)
    # "Model weights: 14 GB": what g._ does, with the sentence looked up once.
    term, gb = _translated(locale, N_("%(label)s: %(gb)s")), ph.fmt.gb
    terms = [
        _safe(term % {"label": _text(locale, line.label), "gb": _escaped(gb(line.gb, 1))})
        for line in d.lines
    ]
    t = d.training_time
    time_title = None
    tokens = ""
    if t:
        tokens = ph.fmt.tokens(t.tokens)
        time_title = g.ngettext(
            "Training time for %(tokens)s (%(count)s epoch)",
            "Training time for %(tokens)s (%(count)s epochs)",
            t.epochs, count=t.epochs, tokens=tokens,
        )
    method = ph.method_name(d.method, pre)
    one = next((a for a in d.assumptions if a.code == "one_state_optimizer"), None)
    if one is not None:
        # not the method's AdamW: the estimate steps with the optimizer said
        method = g._("Full fine-tuning, %(optimizer)s",
                     optimizer=g._(ONE_STATE_OPTIMIZERS[str(one.params["optimizer"])]))
    return DetailedLines(
        title=title,
        method=method,
        terms=terms,
        check=_check(ph, d),
        time_title=time_title,
        time=_time(ph, t, tokens, said) if t else [],
        assumptions_title=_text(locale, N_("Assumptions:")),
        assumptions=_assumptions(ph, d, t, pre),
    )


def _html(value: str) -> str:
    """What an autoescaped ``{{ value }}`` prints: Markup as it is, anything else escaped."""
    return value if isinstance(value, Markup) else escape(value)


def detailed_block(ph: Phrases, d: DetailedAnswer, answer: Answer | None = None,
                   said: str = "") -> Markup:
    """The detailed estimate laid out, in one piece (detailed.html.j2 and fit_block print it):
    a template printed each line through a loop and an escape, some 30 a reply. `said`: the
    reply above it (detailed_lines)."""
    b = detailed_lines(ph, d, answer, said)
    out = [f"📊 <b>{_html(b.title)}</b> — {_html(b.method)}\n"]
    out += [f"• {_html(line)}\n" for line in b.terms]
    out += [f"{_html(line)}\n" for line in b.check]
    out.append("\n")
    if b.time_title:
        out.append(f"⏱ <b>{_html(b.time_title)}</b>\n")
        out += [f"{_html(line)}\n" for line in b.time]
        out.append("\n")
    out.append(f"<i>{_html(b.assumptions_title)}</i>\n")
    out += [f"· {_html(line)}\n" for line in b.assumptions]
    return _safe("".join(out))


def _check(ph: Phrases, d: DetailedAnswer) -> list[Markup]:
    """The total per GPU on the asked configuration and, when the planning rule says
    otherwise, what to make of it."""
    g, fmt, locale = gettext_for(ph.locale), ph.fmt, ph.locale
    c: FitCheck | None = d.check
    if not c:
        total = g._("Total on one GPU: %(total)s", total=fmt.gb(d.per_gpu_gb, 1))
        return [_safe(f"<b>{total}</b>")]
    vllm = c.utilization is not None and c.card_gb is not None
    if c.gpu:
        where = ph.config(c.gpu, c.gpu_count)
    else:
        card = c.said_gb if c.said_gb is not None else c.card_gb
        where = ph.unnamed_config(
            c.gpu_count, ph.memory(card if card is not None else c.vram_per_gpu_gb))
    if vllm and c.engine == "tgi":
        assert c.card_gb is not None
        # TGI named: everything must fit within its own share of each GPU.
        total = g._("Total per GPU: %(total)s of the %(budget)s TGI fills of %(vram)s",
                    total=fmt.gb(d.per_gpu_gb, 1), budget=ph.share_gb(c.vram_per_gpu_gb, d.per_gpu_gb),
                    vram=ph.memory(c.card_gb))
    elif vllm:
        assert c.card_gb is not None
        # vLLM serves it: everything must fit within the share of each GPU it takes.
        total = g._("Total per GPU: %(total)s of the %(budget)s vLLM takes of %(vram)s",
                    total=fmt.gb(d.per_gpu_gb, 1), budget=ph.share_gb(c.vram_per_gpu_gb, d.per_gpu_gb),
                    vram=ph.memory(c.card_gb))
    elif ph.on_mac(c.gpu):
        total = g._("Total: %(total)s of the %(vram)s macOS lets the GPU use",
                    total=fmt.gb(d.per_gpu_gb, 1), vram=ph.memory(c.vram_per_gpu_gb))
    else:
        total = g._("Total per GPU: %(total)s of %(vram)s", total=fmt.gb(d.per_gpu_gb, 1),
                    vram=ph.memory(c.vram_per_gpu_gb))
    icon = "⚠️" if d.measured_oom else _icon(ph, c.detailed_fits)
    lines = [_safe(f"{icon} <b>{total}</b> ({where})")]
    if not c.disagree:
        return lines
    plan = fmt.gb(c.planning_per_gpu_gb, 1)
    need = fmt.gb(c.detailed_per_gpu_gb, 1)
    vram = ph.memory(c.vram_per_gpu_gb)
    if c.planning_fits and not vllm and d.kind == "inference" \
            and ph.fp32_served(ph.cat.method(d.method)):
        # "llama 3.1 8b in fp32 on a 3090": the planning rule is BF16's, the estimate FP32's;
        # no rule for FP32 to disagree with (was "The planning rule says it fits (19.2 GB)").
        said = g._(
            "FP32 weights take 4 bytes a parameter, twice BF16's, and the planning rules are "
            "for BF16, 8-bit and 4-bit weights only (in BF16: %(plan)s per GPU): the detailed "
            "estimate, %(need)s per GPU, is more than the %(vram)s each GPU has.",
            plan=plan, need=need, vram=vram,
        )
        lines.append(_safe(f"⚠️ <b>{said}</b>"))
        lines.append(_text(locale, N_(
            "Load it in BF16 (torch_dtype=torch.bfloat16), use a shorter context or more GPUs."
        )))
        return lines
    if c.planning_fits and vllm and c.engine == "tgi":
        assert c.utilization is not None
        said = g._(
            "The planning rule says it fits (%(plan)s per GPU), but with these settings the "
            "detailed estimate needs %(need)s per GPU, more than the %(budget)s TGI fills of "
            "each GPU (%(flag)s).", plan=plan, need=need,
            budget=ph.share_gb(c.vram_per_gpu_gb, c.detailed_per_gpu_gb),
            flag=ph.tgi_flag(c.utilization),
        )
    elif c.planning_fits and vllm:
        assert c.utilization is not None
        said = g._(
            "The planning rule says it fits (%(plan)s per GPU), but with these settings the "
            "detailed estimate needs %(need)s per GPU, more than the %(budget)s vLLM takes of "
            "each GPU (%(flag)s).", plan=plan, need=need,
            budget=ph.share_gb(c.vram_per_gpu_gb, c.detailed_per_gpu_gb),
            flag=ph.vllm_flag(c.utilization, c.utilization_said),
        )
    elif c.planning_fits:
        # A Mac: one GPU and the share of its memory macOS gives it, never "per GPU".
        said = g._(
            "The planning rule says it fits (%(plan)s), but with these settings the detailed "
            "estimate needs %(need)s, more than the %(vram)s macOS lets the GPU use.",
            plan=plan, need=need, vram=vram,
        ) if d.platform == "metal" else g._(
            "The planning rule says it fits (%(plan)s per GPU), but with these settings the "
            "detailed estimate needs %(need)s per GPU, more than the %(vram)s each GPU has.",
            plan=plan, need=need, vram=vram,
        )
        lines.append(_safe(f"⚠️ <b>{said}</b>"))
        # At batch 1 there is no smaller batch to suggest.
        single = d.micro_batch <= 1
        if d.kind == "inference":
            lines.append(_text(locale, N_("Use a shorter context or more GPUs.") if single
                               else N_("Use a shorter context, a smaller batch or more GPUs.")))
        elif not d.grad_ckpt:
            lines.append(_text(locale, N_(
                "Turn gradient checkpointing on, or use shorter sequences."
            ) if single else N_(
                "Turn gradient checkpointing on, or use shorter sequences or a smaller batch."
            )))
        elif c.replicated:
            lines.append(_text(locale, N_(
                "More GPUs do not help with DDP, which puts the whole run on each: shard it "
                "with FSDP or DeepSpeed ZeRO-3, or use shorter sequences."
            ) if single else N_(
                "More GPUs do not help with DDP, which puts the whole run on each: shard it "
                "with FSDP or DeepSpeed ZeRO-3, or use shorter sequences or a smaller batch."
            )))
        elif d.platform == "metal":
            lines.append(_text(locale, N_("Use shorter sequences.") if single
                               else N_("Use shorter sequences or a smaller batch.")))
        else:
            lines.append(_text(locale, N_("Use shorter sequences or more GPUs.") if single
                               else N_("Use shorter sequences, a smaller batch or more GPUs.")))
    else:
        said = g._(
            "The planning rule says it does not fit (%(plan)s per GPU), but with these settings "
            "the detailed estimate needs only %(need)s per GPU, within the %(vram)s each GPU has.",
            plan=plan, need=need, vram=vram,
        ) if not vllm else g._(
            "The planning rule says it does not fit (%(plan)s per GPU), but with these settings "
            "the detailed estimate needs only %(need)s per GPU, within the %(budget)s vLLM "
            "takes of each GPU.", plan=plan, need=need,
            budget=ph.share_gb(c.vram_per_gpu_gb, c.detailed_per_gpu_gb),
        )
        lines.append(_safe(f"ℹ️ <b>{said}</b>"))
        lines.append(_text(locale, N_(
            "It may run, with little margin: measure a short run before relying on it."
        )))
    return lines


def _time(ph: Phrases, t: TrainingEstimate, tokens: str, said: str = "") -> list[Markup]:
    """How long the run takes, how that was worked out, and its quote, unless `said` (the
    reply above) holds it already: "how much to lora llama 3 8b on 100M tokens on an h100"
    printed the same "You pay $23.20" block twice, at the top and here."""
    g, fmt, locale = gettext_for(ph.locale), ph.fmt, ph.locale
    if t.problem == "no_config":
        return [_text(locale, N_(
            "None of the offered configurations holds it, so there is no run to time."
        ))]
    if t.problem == "no_peak_tflops":
        return [g._(
            "No datasheet we can cite gives the %(gpu)s's peak BF16 throughput, so we do not "
            "estimate the time rather than guess. Measure your tokens per second on a short "
            "run.", gpu=ph.gpu_name(t.gpu),  # type: ignore[arg-type]
        )]
    lines: list[Markup] = []
    where = ph.config(t.gpu, t.gpu_count)  # type: ignore[arg-type]
    gh = fmt.num(t.gpu_hours)  # type: ignore[arg-type]
    # the value's own plural form: French "0,36 GPU-heure", Spanish "0,36 GPU-horas"
    hours: Decimal = t.gpu_hours  # type: ignore[assignment]
    wall = fmt.duration(t.wall_clock_hours)  # type: ignore[arg-type]
    if t.flops is not None:
        flops = fmt.num(t.flops_mantissa, 1) + " × " + t.flops_power  # type: ignore[arg-type]
        lines.append(g._(
            "Compute ≈ %(k)s·N·D = %(flops)s FLOPs (N = %(n)sB parameters, D = %(tokens)s).",
            k=fmt.num(t.flops_per_param_token),  # type: ignore[arg-type]
            flops=flops, n=fmt.num(t.params_b),  # type: ignore[arg-type]
            tokens=tokens,
        ))
        attention = ph.attention_flops(t)
        if attention is not None:
            lines.append(attention)
        mfu = fmt.percent(t.mfu * 100, 0)  # type: ignore[operator]
        peak = fmt.num(t.peak_tflops)  # type: ignore[arg-type]
        gpu = ph.gpu_name(t.gpu)  # type: ignore[arg-type]
        if t.peak_precision == "fp16" and ph.metal(t.gpu):
            lines.append(g.ngettext(
                "At an assumed %(mfu)s model-FLOPs utilization of the %(gpu)s's %(peak)s peak "
                "FP16 TFLOPS (Apple's GPUs run FP16 at their FP32 rate, no faster): "
                "%(gh)s GPU-hour, %(wall)s on %(where)s.",
                "At an assumed %(mfu)s model-FLOPs utilization of the %(gpu)s's %(peak)s peak "
                "FP16 TFLOPS (Apple's GPUs run FP16 at their FP32 rate, no faster): "
                "%(gh)s GPU-hours, %(wall)s on %(where)s.", hours,
                mfu=mfu, peak=peak, gpu=gpu, gh=gh, wall=wall, where=where,
            ))
        elif t.peak_precision == "fp16" and ph.bf16_unprinted(t.gpu):  # type: ignore[arg-type]
            lines.append(g.ngettext(
                "At an assumed %(mfu)s model-FLOPs utilization of the %(gpu)s's %(peak)s peak "
                "FP16 TFLOPS (its maker prints no BF16 peak: FP16 mixed precision assumed): "
                "%(gh)s GPU-hour, %(wall)s on %(where)s.",
                "At an assumed %(mfu)s model-FLOPs utilization of the %(gpu)s's %(peak)s peak "
                "FP16 TFLOPS (its maker prints no BF16 peak: FP16 mixed precision assumed): "
                "%(gh)s GPU-hours, %(wall)s on %(where)s.", hours,
                mfu=mfu, peak=peak, gpu=gpu, gh=gh, wall=wall, where=where,
            ))
        elif t.peak_precision == "fp32":
            lines.append(g.ngettext(
                "At an assumed %(mfu)s model-FLOPs utilization of the %(gpu)s's %(peak)s peak "
                "FP32 TFLOPS (no BF16, and FP16 at 1/64 of that rate: FP32 assumed): %(gh)s "
                "GPU-hour, %(wall)s on %(where)s.",
                "At an assumed %(mfu)s model-FLOPs utilization of the %(gpu)s's %(peak)s peak "
                "FP32 TFLOPS (no BF16, and FP16 at 1/64 of that rate: FP32 assumed): %(gh)s "
                "GPU-hours, %(wall)s on %(where)s.", hours,
                mfu=mfu, peak=peak, gpu=gpu, gh=gh, wall=wall, where=where,
            ))
        elif t.peak_precision == "fp16":
            lines.append(g.ngettext(
                "At an assumed %(mfu)s model-FLOPs utilization of the %(gpu)s's %(peak)s peak "
                "FP16 TFLOPS (it has no BF16: FP16 mixed precision assumed): %(gh)s GPU-hour, "
                "%(wall)s on %(where)s.",
                "At an assumed %(mfu)s model-FLOPs utilization of the %(gpu)s's %(peak)s peak "
                "FP16 TFLOPS (it has no BF16: FP16 mixed precision assumed): %(gh)s GPU-hours, "
                "%(wall)s on %(where)s.", hours,
                mfu=mfu, peak=peak, gpu=gpu, gh=gh, wall=wall, where=where,
            ))
        else:
            lines.append(g.ngettext(
                "At an assumed %(mfu)s model-FLOPs utilization of the %(gpu)s's %(peak)s peak "
                "BF16 TFLOPS: %(gh)s GPU-hour, %(wall)s on %(where)s.",
                "At an assumed %(mfu)s model-FLOPs utilization of the %(gpu)s's %(peak)s peak "
                "BF16 TFLOPS: %(gh)s GPU-hours, %(wall)s on %(where)s.", hours,
                mfu=mfu, peak=peak, gpu=gpu, gh=gh, wall=wall, where=where,
            ))
    else:
        lines.append(g.ngettext(
            "At your measured %(rate)s tokens/s per GPU: %(gh)s GPU-hour, %(wall)s on "
            "%(where)s.",
            "At your measured %(rate)s tokens/s per GPU: %(gh)s GPU-hours, %(wall)s on "
            "%(where)s.", hours, rate=fmt.num(t.tokens_per_second),  # type: ignore[arg-type]
            gh=gh, wall=wall, where=where,
        ))
    micro = ph.typical_micro(t)
    if micro is not None and micro not in said:
        # the time is at the micro-batch people run, the memory above at 1: say which
        lines.append(micro)
    if not t.asked and t.more_of_asked and t.gpu is not None:
        lines.append(g._("Timed on %(where)s: the fewest %(gpu)s GPUs that hold this run.",
                         where=where, gpu=ph.gpu_name(t.gpu)))
    elif not t.asked and t.cheaper_hour:
        lines.append(g._(
            "Timed on %(where)s: %(cheap)s costs less per hour but is slower, so you pay more for "
            "this run there.", cheap=ph.fit_config(t.cheaper_hour), where=where,
        ))
    elif not t.asked:
        lines.append(_text(locale, N_("Timed on the cheapest offered configuration that fits.")))
    if t.mfu_assumed:
        warning = _text(locale, N_(
            "The utilization is an assumption, not a measurement: measure your own tokens per "
            "second on a short run."
        ))
        lines.append(_safe(f"⚠️ <i>{warning}</i>"))
    if t.quote:
        block = ph.quote_block(t.quote)
        if block not in said:  # else quoted above, word for word
            lines.append(block)
    elif t.problem == "no_price" and t.gpu is not None and ph.cat.gpu(t.gpu).rented:
        # (a card we do not rent, "on an l4", has no price to publish: nothing to say here)
        lines.append(g._(
            "We rent the %(gpu)s too, but its price is not published: ask support before "
            "planning on it.", gpu=ph.gpu_name(t.gpu),
        ))
    elif t.problem == "too_long":
        lines.append(_text(locale, N_("That is longer than a single quote covers: ask support.")))
    return lines


def _assumptions(
    ph: Phrases, d: DetailedAnswer, t: TrainingEstimate | None, pre: bool
) -> list[Markup]:
    """The settings taken by default, what the estimate assumed, how the time was counted."""
    g, locale = gettext_for(ph.locale), ph.locale
    lines: list[Markup] = []
    if d.defaults:
        given: list[str] = []
        by_tool = dict(d.tool_defaults)
        for key in d.defaults:
            if key == "seq_len" and by_tool.get(key) == "TRL":
                given.append(g._("sequence length %(n)s (max_length, the TRL SFTConfig default)",
                                 n=ph.fmt.num(d.seq_len, 0)))
            elif key == "seq_len" and by_tool.get(key) == "Axolotl":
                given.append(g._("sequence length %(n)s (sequence_len, the Axolotl default)",
                                 n=ph.fmt.num(d.seq_len, 0)))
            elif key == "grad_ckpt" and by_tool.get(key) == "Axolotl":
                given.append(_text(locale, N_(
                    "gradient checkpointing off (gradient_checkpointing, the Axolotl default)")))
            elif key == "lora_rank" and key in by_tool:
                given.append(g._("LoRA rank %(n)s (the %(tool)s default)", n=d.lora_rank,
                                 tool=by_tool[key]))
            elif key == "seq_len" and d.kind == "inference":
                given.append(g._("a context of %(n)s tokens", n=ph.fmt.num(d.seq_len, 0)))
            elif key == "seq_len":
                given.append(g._("sequence length %(n)s", n=ph.fmt.num(d.seq_len, 0)))
            elif key == "batch":
                given.append(g._("batch %(n)s", n=d.micro_batch))
            elif key == "grad_ckpt":
                given.append(_text(locale, N_("gradient checkpointing on") if d.grad_ckpt
                                   else N_("gradient checkpointing off")))
            elif key == "lora_rank":
                given.append(g._("LoRA rank %(n)s", n=d.lora_rank))
            elif key == "unsloth_optimizer":
                given.append(_text(locale, N_("optimizer adamw_8bit (the Unsloth default)")))
            elif key == "num_layers":
                trained = next((a for a in d.breakdown.assumptions
                                if a.code == "trained_layers"), None)
                if trained is not None:
                    given.append(g._("the last %(n)s layers trained", n=trained.params["layers"]))
        lines.append(g._("Not given, so assumed: %(listed)s.", listed=ph.fmt.list(given)))
    for a in d.assumptions:
        said = _SAID.get(a.code)
        if said is not None:
            lines.append(_text(locale, said))
        else:
            line = _assumption(ph, a)
            if line is not None:
                lines.append(line)
    if t and t.flops is not None:
        if d.adapter:
            lines.append(_text(locale, N_(
                "LoRA and QLoRA take about 4·N·D: the frozen weights need no gradients (an "
                "approximation)."
            )))
        elif pre:
            lines.append(_text(locale, N_("Full training takes 6·N·D (Kaplan et al. 2020).")))
        else:
            lines.append(_text(locale, N_(
                "Full fine-tuning takes 6·N·D (Kaplan et al. 2020)."
            )))
        if d.grad_ckpt:
            lines.append(_text(locale, N_(
                "Checkpointing recomputes the forward pass: +2·N·D."
            )))
        if t.moe:
            lines.append(_text(locale, N_(
                "Mixture of experts: N counts the active parameters only."
            )))
    if t and t.gpu_count and t.gpu_count > 1 and t.gpu_hours is not None:
        lines.append(_text(locale, N_(
            "The GPUs are assumed to scale linearly (communication not counted)."
        )))
    return lines


def assumption_said(ph: Phrases, d: DetailedAnswer, code: str) -> Markup | None:
    """The sentence of the estimate's assumption `code`, if it made one (a comparison says
    the preference pairs beside its two figures)."""
    found = next((a for a in d.assumptions if a.code == code), None)
    if found is None:
        return None
    said = _SAID.get(code)
    return _text(ph.locale, said) if said is not None else _assumption(ph, found)


def _count(ph: Phrases, value: object) -> str:
    """A token count in an assumption, formatted as the reply's other figures."""
    return ph.fmt.num(value, 0) if isinstance(value, (int, Decimal)) else str(value)


_PROJECTIONS: Final = ("q", "k", "v", "o", "gate", "up", "down")


def _targets_said(ph: Phrases, targets: object) -> Markup | str:
    """The adapted projections in words: "the attention projections", or their names listed
    ("q_proj and v_proj" for LitGPT's "qv"); a name the bot does not know is kept as said."""
    g, said = gettext_for(ph.locale), str(targets)
    if said == "attention":
        return g._("the attention projections (q, k, v, o)")
    if said == "mlp":
        return g._("the MLP projections (gate, up, down)")
    names = ("q", "v") if said == "qv" else [n.strip() for n in said.split(",") if n.strip()]
    return ph.fmt.list([f"{n}_proj" if n in _PROJECTIONS else n for n in names])


def _assumption(ph: Phrases, a: Assumption) -> Markup | None:
    """An assumption whose sentence carries values; None for a code this reply does not
    word."""
    g, p, code = gettext_for(ph.locale), a.params, a.code
    if code == "trained_layers":
        return g._(
            "Only the last %(layers)s of the %(of)s layers train (mlx_lm --num-layers): the "
            "layers before them keep no activations for the backward pass, no gradients and no "
            "optimizer states.", layers=p["layers"], of=p["of"],
        )
    if code == "freeze_layers":
        return g._(
            "Only the last %(layers)s of the %(of)s layers train (LLaMA-Factory's freeze "
            "tuning, freeze_trainable_layers): the layers before them keep no activations for "
            "the backward pass, no gradients and no optimizer states.",
            layers=p["layers"], of=p["of"],
        )
    if code == "qlora_mlx":
        bits = p["bits"]
        assert isinstance(bits, (Decimal, int))
        return g._(
            "QLoRA with mlx-lm: LoRA on a 4-bit MLX model (mlx_lm.convert -q), every linear "
            "layer and the embeddings in affine groups of 64 with a 16-bit scale and bias "
            "(%(bits)s bits a weight), multiplied packed, so nothing is dequantized; MLX's peak "
            "(mx.get_peak_memory) counts no runtime context.",
            bits=ph.fmt.num(bits, 1),
        )
    if code == "torchtune_config":
        listed: list[str] = []
        if p["batch"]:
            listed.append(g._("batch %(n)s", n=p["batch"]))
        if p["rank"]:
            listed.append(g._("LoRA rank %(rank)s (alpha %(alpha)s)", rank=p["rank"],
                              alpha=p["alpha"]))
        if p["ckpt"]:
            listed.append(_text(ph.locale, N_("gradient checkpointing on") if p["ckpt"] == "on"
                                else N_("gradient checkpointing off")))
        if p["accumulation"] == 1:
            listed.append(_text(ph.locale, N_("no gradient accumulation")))
        elif p["accumulation"]:
            listed.append(g._("gradient accumulation over %(n)s micro-batches",
                              n=p["accumulation"]))
        if not listed:
            return None
        return g._("From torchtune's %(config)s config, where you set nothing else: %(listed)s.",
                   config=p["config"], listed=ph.fmt.list(listed))
    if code == "shape_of":
        return g._(
            "No version named: the shape of %(model)s is assumed (its layers and KV heads "
            "set the KV cache and activations).", model=p["model"],
        )
    if code == "shape_assumed_hybrid":
        return g._(
            "No architecture on file for this hybrid model: only some of its layers keep an "
            "attention KV cache, the others a fixed-size state. A Llama-like shape is assumed "
            "(%(layers)s layers, hidden size %(hidden)s), with a KV cache in every layer: more "
            "than the model keeps.", layers=p["layers"], hidden=p["hidden"],
        )
    if code == "shape_assumed":
        return g._(
            "No architecture on file for this model: a Llama-like shape is assumed (%(layers)s "
            "layers, hidden size %(hidden)s).", layers=p["layers"], hidden=p["hidden"],
        )
    if code == "one_state_optimizer":
        return {
            "lion": g._("Lion keeps one state a weight, its momentum, in FP32 (bitsandbytes), "
                        "instead of AdamW's two."),
            "lion8bit": g._("8-bit Lion keeps one state a weight in one byte (bitsandbytes), "
                            "instead of AdamW's two."),
            "sgd": g._("Plain SGD (momentum 0, PyTorch's default) keeps no optimizer state."),
        }.get(str(p["optimizer"]), g._(
            "SGD with momentum keeps one buffer a weight, the size of its gradient."))
    if code in ("lora_all_linear", "lora_targets") and p.get("optimizer") in ONE_STATE_OPTIMIZERS:
        name = g._(ONE_STATE_OPTIMIZERS[str(p["optimizer"])])
        if code == "lora_all_linear":
            return g._("LoRA rank %(rank)s on every linear layer (attention and MLP), adapters "
                       "in FP32 with %(optimizer)s.", rank=p["rank"], optimizer=name)
        return g._("LoRA rank %(rank)s on %(targets)s of every layer, adapters in FP32 with "
                   "%(optimizer)s.", rank=p["rank"], targets=_targets_said(ph, p["targets"]),
                   optimizer=name)
    if code == "lora_all_linear" and p.get("bf16") and not p.get("adam8bit"):
        return g._(
            "LoRA rank %(rank)s on every linear layer (attention and MLP), adapters in BF16 with "
            "AdamW, as torchtune builds them in the model's dtype.", rank=p["rank"],
        )
    if code == "lora_targets" and p.get("bf16") and not p.get("adam8bit"):
        return g._(
            "LoRA rank %(rank)s on %(targets)s of every layer, adapters in BF16 with AdamW, as "
            "torchtune builds them in the model's dtype.",
            rank=p["rank"], targets=_targets_said(ph, p["targets"]),
        )
    if code == "lora_all_linear" and p.get("adam8bit"):
        return g._(
            "LoRA rank %(rank)s on every linear layer (attention and MLP), adapters in FP32 with "
            "8-bit Adam states (bitsandbytes).", rank=p["rank"],
        )
    if code == "lora_all_linear":
        return g._(
            "LoRA rank %(rank)s on every linear layer (attention and MLP), adapters in FP32 with "
            "AdamW.", rank=p["rank"],
        )
    if code == "lora_targets" and p.get("adam8bit"):
        return g._(
            "LoRA rank %(rank)s on %(targets)s of every layer, adapters in FP32 with 8-bit Adam "
            "states (bitsandbytes).", rank=p["rank"], targets=_targets_said(ph, p["targets"]),
        )
    if code == "lora_targets":
        return g._(
            "LoRA rank %(rank)s on %(targets)s of every layer, adapters in FP32 with AdamW.",
            rank=p["rank"], targets=_targets_said(ph, p["targets"]),
        )
    if code == "lora_attention_fused_experts":
        return g._(
            "LoRA rank %(rank)s on the attention projections of every layer only: the experts "
            "are stacked weights, not linear layers a LoRA target reaches. Adapters in FP32.",
            rank=p["rank"],
        )
    if code == "sharded":
        return g._(
            "FSDP or DeepSpeed ZeRO-3 splits weights, gradients and optimizer states %(gpus)s "
            "ways; each GPU runs its own batch of %(batch)s.", gpus=p["gpus"], batch=p["batch"],
        )
    if code == "ddp":
        return g._(
            "DDP: each of the %(gpus)s GPUs holds the whole model, its gradients (and a copy in "
            "DDP's buckets) and optimizer states, and runs its own batch of %(batch)s.",
            gpus=p["gpus"], batch=p["batch"],
        )
    if code == "trained_embeddings":
        which = str(p["which"])
        what = (g._("the embedding table and the output head") if "," in which
                else g._("the output head") if which == "lm_head"
                else g._("the embedding table"))
        params_m = p["params_m"]
        assert isinstance(params_m, int)
        if p.get("replaced"):
            return g._(
                "Trained in full beside the adapters (modules_to_save): %(what)s. Unsloth moves "
                "the frozen originals to disk, so the trained copy (%(params)s M parameters) "
                "takes their place; its gradients and optimizer states are added.",
                what=what, params=ph.fmt.num(params_m, 0),
            )
        return g._(
            "Trained in full beside the adapters (modules_to_save): %(what)s. PEFT keeps a "
            "trained copy (%(params)s M parameters) beside the frozen original, with its "
            "gradients and optimizer states in the base's dtype.",
            what=what, params=ph.fmt.num(params_m, 0),
        )
    if code == "litgpt_untied_head":
        params_m = p["params_m"]
        assert isinstance(params_m, int)
        return g._(
            "LitGPT keeps the output head apart from the embeddings: this model's tied embedding "
            "matrix (%(params)s M parameters) is held twice.",
            params=ph.fmt.num(params_m, 0),
        )
    if code == "preference_pairs":
        return g._(
            "Preference pairs: the chosen and rejected answers go through the model together, "
            "%(seqs)s sequences a step for a batch of %(batch)s (TRL's concatenated forward).",
            seqs=p["seqs"], batch=p["batch"],
        )
    if code == "zero2":
        return g._(
            "DeepSpeed ZeRO-2: each of the %(gpus)s GPUs holds the whole model; its gradients "
            "and optimizer states are split %(gpus)s ways; each GPU runs its own batch of "
            "%(batch)s.", gpus=p["gpus"], batch=p["batch"],
        )
    if code == "zero1":
        return g._(
            "DeepSpeed ZeRO-1: each of the %(gpus)s GPUs holds the whole model and its "
            "gradients; the optimizer states are split %(gpus)s ways; each GPU runs its own "
            "batch of %(batch)s.", gpus=p["gpus"], batch=p["batch"],
        )
    if code == "device_map":
        return g._(
            "device_map=\"auto\": the layers are split over %(gpus)s GPUs that work one after the "
            "other on the batch of %(batch)s; the last one also holds the logits.",
            gpus=p["gpus"], batch=p["batch"],
        )
    if code == "sliding_window_kv":
        return g._(
            "Sliding-window attention: each layer keeps the KV cache of the last %(tokens)s "
            "tokens only (transformers and vLLM drop the older ones).", tokens=_count(ph, p["tokens"]),
        )
    if code == "sliding_window_layers_kv":
        return g._(
            "Sliding-window attention on %(local)s of the %(layers)s layers: those keep the KV "
            "cache of the last %(tokens)s tokens only, the others the whole context (as vLLM's "
            "hybrid KV cache manager and transformers do; llama.cpp with --swa-full and vLLM "
            "without the hybrid manager keep it all).",
            local=p["local"], layers=p["layers"], tokens=_count(ph, p["tokens"]),
        )
    if code == "sliding_window_layers_llama_cpp":
        return g._(
            "llama.cpp's sliding-window cache: %(local)s of the %(layers)s layers keep the KV "
            "cache of %(tokens)s tokens (the window plus one physical batch), the others the "
            "whole context; with --swa-full every layer keeps it all.",
            local=p["local"], layers=p["layers"], tokens=_count(ph, p["tokens"]),
        )
    if code == "chunked_prefill":
        return g._("The prompt is processed in chunks of %(tokens)s tokens (chunked prefill).",
                   tokens=_count(ph, p["tokens"]))
    if code == "chunked_prefill_vllm":
        # vllm/engine/arg_utils.py: `vllm serve`'s default max_num_batched_tokens below
        # 70 GiB and on any A100 (rules/data/serving.toml).
        return g._("The prompt is processed in chunks of %(tokens)s tokens (chunked prefill): "
                   "vLLM's default --max-num-batched-tokens on a card under 70 GiB or an A100.",
                   tokens=_count(ph, p["tokens"]))
    if code == "chunked_prefill_vllm_large":
        return g._("The prompt is processed in chunks of %(tokens)s tokens (chunked prefill): "
                   "vLLM's default --max-num-batched-tokens on a card of 70 GiB or more, such "
                   "as an H100.", tokens=_count(ph, p["tokens"]))
    if code == "vllm_share_overhead":
        # vllm/v1/worker/gpu_worker.py: the share is of CUDA's total, measured once the CUDA
        # context exists; the profile's non-torch memory and (since v0.21.0) the CUDA graphs'
        # estimate come out of it (rules/data/serving.toml vllm.share_overhead).
        return g._("Within vLLM's share: the memory its start-up profile adds outside PyTorch "
                   "and its CUDA graphs (their estimate is reserved there since %(since)s; none "
                   "with --enforce-eager). The CUDA context exists before vLLM measures the "
                   "card and sits outside its share.", since=p["since"])
    if code == "vllm_share_eager":
        # vLLM engine arguments, --enforce-eager: "disable CUDA graph and always execute the
        # model in eager mode": its share holds no graphs' memory.
        return g._("Within vLLM's share: the memory its start-up profile adds outside PyTorch. "
                   "No CUDA graphs with --enforce-eager: vLLM runs the model in eager PyTorch "
                   "and reserves none of their memory. The CUDA context exists before vLLM "
                   "measures the card and sits outside its share.")
    if code == "split_gpus":
        return g._("Weights and KV cache split evenly over %(gpus)s GPUs.", gpus=p["gpus"])
    if code == "kv_chunked":
        chunk = p["chunk"]
        assert isinstance(chunk, int)
        return g._(
            "Three layers in four of this model attend within chunks of %(chunk)s tokens: the "
            "KV cache is counted over the whole context in every layer, as vLLM allocates it "
            "unless its hybrid KV cache manager is on, so this is an upper bound.",
            chunk=ph.fmt.num(chunk, 0),
        )
    if code == "split_kv_heads_gpus":
        return g._(
            "Weights split evenly over %(gpus)s GPUs; the KV cache only %(heads)s ways, one per "
            "KV head: vLLM keeps at least one whole KV head on every GPU.",
            gpus=p["gpus"], heads=p["heads"],
        )
    if code == "split_weights_gpus":
        return g._(
            "Weights split evenly over %(gpus)s GPUs; each GPU holds the whole latent KV cache "
            "(tensor parallelism does not split it in vLLM or SGLang).", gpus=p["gpus"],
        )
    if code == "pipeline_split":
        # vLLM's get_pp_indices and its models' first/last-rank embeddings (rules/data/
        # serving.toml vllm.pipeline_parallel)
        tp = p["tp"]
        assert isinstance(tp, int)
        return g.ngettext(
            "%(stages)s pipeline stages of %(tp)s GPU (%(gpus)s in all): each stage holds its "
            "own layers (%(layers)s, as vLLM splits them) and their KV cache, the first stage "
            "the token embeddings too and the last the output head; the fullest stage's GPUs "
            "are counted.",
            "%(stages)s pipeline stages of %(tp)s GPUs (%(gpus)s in all): each stage holds its "
            "own layers (%(layers)s, as vLLM splits them) and their KV cache, the first stage "
            "the token embeddings too and the last the output head; the fullest stage's GPUs "
            "are counted.", tp, stages=p["stages"], tp=tp, gpus=p["gpus"], layers=p["layers"],
        )
    if code == "vllm_cpu_offload":
        # vLLM's OffloadConfig.cpu_offload_gb (rules/data/serving.toml vllm.cpu_offload_gb)
        gib, gb = p["gib"], p["gb"]
        assert isinstance(gib, Decimal) and isinstance(gb, Decimal)
        return g._(
            "<code>--cpu-offload-gb %(gib)s</code>: up to %(gb)s of each GPU's weights stay in "
            "CPU RAM and are copied to the GPU over PCIe in every forward pass, so the GPU "
            "holds that much less (counted here) and every step waits on the copy: generation "
            "is slower, by how much depends on the PCIe link. Needs that much free RAM per "
            "GPU, pinned.", gib=ph.fmt.num(gib, 2), gb=ph.fmt.gb(gb),
        )
    if code == "kv_cache_type":
        kind, size = p["type"], p["bytes"]
        assert isinstance(kind, str) and isinstance(size, Decimal)
        return g._(
            "KV cache in %(type)s, as you said: %(bits)s bits a value instead of BF16's 16.",
            type=kind.upper(), bits=ph.fmt.num(size * 8, 2),
        )
    if code == "kv_cache_types":
        k, v, size = p["k"], p["v"], p["bytes"]
        assert isinstance(k, str) and isinstance(v, str) and isinstance(size, Decimal)
        return g._(
            "K cache in %(k)s and V cache in %(v)s (llama.cpp sets each apart, F16 unless said): "
            "%(bits)s bits a value on average instead of BF16's 16.",
            k=k.upper(), v=v.upper(), bits=ph.fmt.num(size * 8, 2),
        )
    if code == "kv_cache_mla":
        return g._(
            "KV cache in BF16 for prompt and output, with multi-head latent attention: one "
            "compressed latent per token and layer (%(latent)s + %(rope)s values).",
            latent=p["latent"], rope=p["rope"],
        )
    return None


def host_ram_lines(ph: Phrases, answer: Answer, lead: bool = False) -> list[Markup]:
    """The CPU RAM what is offloaded takes, and the RAM said against it; `lead`: the answer to
    "how much cpu ram do i need", in bold, the method named when several are answered."""
    d = answer.detailed
    if d is None or d.host_ram_gb is None:
        return []
    g, fmt = gettext_for(ph.locale), ph.fmt
    said = g._(
        "CPU RAM for what is offloaded: about %(host)s for the whole run, %(high)s with the "
        "50%% margin DeepSpeed's memory estimator adds for buffers.",
        host=fmt.gb(d.host_ram_gb[0], 1), high=fmt.gb(d.host_ram_gb[1], 1),
    )
    if lead:
        primary = answer.primary
        named = f"{_html(ph.method_short(primary.memory.method))} — " \
            if primary is not None and len(answer.methods) > 1 else ""
        said = _safe(f"<b>{named}{_html(said)}</b>")
    lines = [_safe(f"💾 {_html(said)}")]
    ram = answer.query.system_ram_gb
    if ram is not None:
        # "… with 64gb of ram": the RAM said against what is offloaded there.
        have = fmt.gb(ram)
        if d.host_ram_gb[0] > ram:
            icon, said = "❌", g._("That is more than the %(ram)s of RAM you have.", ram=have)
        elif d.host_ram_gb[1] > ram:
            icon, said = "⚠️", g._(
                "The %(ram)s of RAM you have holds it, but not with that margin.", ram=have)
        else:
            icon, said = "✅", g._(
                "The %(ram)s of RAM you have holds it, margin included.", ram=have)
        lines.append(_safe(f"{icon} {said}"))
    return lines


def detailed_lead_block(ph: Phrases, answer: Answer) -> Markup:
    """detailed_lead_lines, each on its line, in one piece (detailed_lead.html.j2)."""
    return _safe("".join([f"{_html(line)}\n" for line in detailed_lead_lines(ph, answer)]))


def _split_lines(ph: Phrases, d: DetailedAnswer) -> list[Markup]:
    """"can i qlora 70b on 2 gpus", no card named: the figure per GPU split that many ways, the
    cards that hold it and the offered configuration of that count (was the figure alone, as if
    one card were asked)."""
    g, fmt = gettext_for(ph.locale), ph.fmt
    det, n = fmt.gb(d.per_gpu_gb, 1), d.gpus
    split = g.ngettext(
        "Split over %(n)s GPU (FSDP or DeepSpeed ZeRO-3), the detailed estimate is %(det)s per "
        "GPU at sequence %(seq)s, batch %(batch)s.",
        "Split over %(n)s GPUs (FSDP or DeepSpeed ZeRO-3), the detailed estimate is %(det)s per "
        "GPU at sequence %(seq)s, batch %(batch)s.", n,
        n=n, det=det, seq=fmt.num(d.seq_len, 0), batch=d.micro_batch,
    ) if d.kind == "training" else g.ngettext(
        "Split over %(n)s GPU (tensor parallel), the detailed estimate is %(det)s per GPU at "
        "%(seq)s tokens of context.",
        "Split over %(n)s GPUs (tensor parallel), the detailed estimate is %(det)s per GPU at "
        "%(seq)s tokens of context.", n, n=n, det=det, seq=fmt.num(d.seq_len, 0),
    )
    # Settings said: the headline already gives the figure per GPU on that many.
    lines = [] if d.stated else [_safe(f"ℹ️ {split}")]
    if d.split_sold_gb is None:
        lines.append(_safe("❌ " + g.ngettext(
            "No card we know holds that much: it takes more than %(n)s GPU.",
            "No card we know holds that much: it takes more than %(n)s GPUs.", n, n=n)))
    else:
        lines.append(_safe("👉 " + g.ngettext(
            "%(n)s card sold as %(size)s or more holds it.",
            "%(n)s cards sold as %(size)s or more each hold it.", n,
            n=n, size=fmt.gb(d.split_sold_gb))))
    offer = d.split_offer
    if offer is not None and offer.gpu is not None and offer.usd_per_hour is not None:
        lines.append(_safe("🏷 " + g._(
            "Offered with %(n)s GPUs: %(config)s at %(price)s.", n=n,
            config=ph.config(offer.gpu, offer.gpu_count), price=ph.per_hour(offer.usd_per_hour))))
    return lines


def detail_leads_fit(answer: Answer) -> bool:
    """One training method on a configuration, no settings said, both verdicts the same, where
    the detailed verdict does not lead (a cost or time question, answer._typical_leads): the
    detailed figure, the closer one, leads the fit line all the same (render.lines.fit_lines),
    the planning one beside it. Also where both miss: "in dollars?" after "full finetune llama
    3 8b on h100 fits?" (150.9 GB per GPU by the detailed estimate) re-quoted the planning
    rule's 144 GB, another figure than the question it follows led with."""
    d = answer.detailed
    c = d.check if d is not None else None
    return d is not None and c is not None and not d.stated and not answer.typical_lead \
        and d.kind == "training" and len(answer.methods) == 1 and answer.fits is not None \
        and c.detailed_fits is answer.fits and d.gpus == c.gpu_count \
        and not (c.said_gb is not None and d.per_gpu_gb > c.said_gb)  # its own line says why


def detailed_lead_lines(ph: Phrases, answer: Answer) -> list[Markup]:
    """The detailed estimate's lines that go with the headline (one method asked): the figure
    at typical settings when it differs from the planning one, both precisions of a full
    fine-tune and the vocabulary range of a bare size."""
    d = answer.detailed
    if not d:
        return []
    g, fmt = gettext_for(ph.locale), ph.fmt
    lines: list[Markup] = []
    c = d.check
    det = fmt.gb(d.per_gpu_gb, 1)
    primary = answer.primary
    assert primary is not None
    plan = primary.memory.estimate_gb / (c.gpu_count if c else 1)
    if c is None and d.gpus > 1 and not answer.typical_lead:
        lines.extend(_split_lines(ph, d))
    elif not d.stated and not answer.typical_lead and not detail_leads_fit(answer) \
            and ((c and c.disagree) or abs(d.per_gpu_gb - plan) > plan / 4):
        seq, batch = ph.fmt.num(d.seq_len, 0), d.micro_batch
        if d.kind != "training":
            # Serving ("can i run llama 3 70b in bf16 on 2x a100 80gb"): a context, and the KV
            # cache it holds, as the several-method line says it (was "sequence 2,048").
            said = g._(
                "At typical settings (context %(seq)s, batch %(batch)s) the detailed estimate "
                "is %(det)s with the KV cache.", seq=seq, batch=batch, det=det,
            ) if c and ph.on_mac(c.gpu) else g._(
                "At typical settings (context %(seq)s, batch %(batch)s) the detailed estimate "
                "is %(det)s per GPU with the KV cache, of the %(vram)s a card sold as %(said)s "
                "has.", seq=seq, batch=batch, det=det, vram=ph.memory(c.vram_per_gpu_gb),
                said=fmt.gb(c.said_gb),
            ) if c and c.said_gb is not None and d.per_gpu_gb > c.said_gb else g._(
                "At typical settings (context %(seq)s, batch %(batch)s) the detailed estimate "
                "is %(det)s per GPU with the KV cache.", seq=seq, batch=batch, det=det,
            )
        else:
            said = g._(
                "At typical settings (sequence %(seq)s, batch %(batch)s) the detailed estimate "
                "is %(det)s.", seq=seq, batch=batch, det=det,
            ) if c and ph.on_mac(c.gpu) else g._(
                # "is 8gb vram enough for anything": 8.1 GB with ✅ reads as a slip beside
                # "8 GB"; a card sold as 8 GB has 8 GiB, which is what the verdict weighed.
                "At typical settings (sequence %(seq)s, batch %(batch)s) the detailed estimate "
                "is %(det)s per GPU, of the %(vram)s a card sold as %(said)s has.", seq=seq,
                batch=batch, det=det, vram=ph.memory(c.vram_per_gpu_gb), said=fmt.gb(c.said_gb),
            ) if c and c.said_gb is not None and d.per_gpu_gb > c.said_gb else g._(
                "At typical settings (sequence %(seq)s, batch %(batch)s) the detailed estimate "
                "is %(det)s per GPU.", seq=seq, batch=batch, det=det,
            )
        icon = _icon(ph, c.detailed_fits) if c else "ℹ️"
        lines.append(_safe(f"{icon} {said}"))
    if d.bf16_alternative_gb is not None:
        pure = fmt.gb(d.bf16_alternative_gb, 1)
        mixed = g._(
            "Mixed precision (FP32 master weights, as the Hugging Face Trainer does): %(det)s "
            "per GPU.", det=det,
        )
        bf16 = g._(
            "Pure BF16 (no FP32 master copy, as torchtune and LitGPT train): %(pure)s per GPU. "
            "Say \"pure bf16\" or \"mixed precision\" to choose.", pure=pure,
        )
        if c:
            fits = d.bf16_alternative_gb <= c.vram_per_gpu_gb
            lines.append(_safe(f"{_icon(ph, c.detailed_fits)} {mixed}"))
            lines.append(_safe(f"{_icon(ph, fits)} {bf16}"))
        else:
            lines.append(_safe(f"• {mixed}"))
            lines.append(_safe(f"• {bf16}"))
    if not answer.query.ram_asked:  # asked, it leads the reply (host_ram_lines)
        lines.extend(host_ram_lines(ph, answer))
    vocab_range = d.vocab_range_gb  # worked out on each read
    if vocab_range:
        low, high = fmt.gb(vocab_range[0], 1), fmt.gb(vocab_range[1], 1)
        said = g._(
            "Without the model's name its vocabulary is unknown: from 32k to 256k tokens the "
            "detailed estimate is %(low)s to %(high)s per GPU. Name the model for one figure.",
            low=low, high=high,
        )
        lines.append(_safe(f"ℹ️ {said}"))
        within = d.vocab_within(c.vram_per_gpu_gb) if c else None
        if within is not None:
            # "3080 10gb qlora 7b": 10.8 GB at the assumed shape's vocabulary, 8 GB to 14.5 GB
            # over the range, on 10.74 GB: the verdict turns on the model named
            models = ph.cat.models
            lines.append(_safe("   " + g._(
                "It fits with a vocabulary of up to about %(tokens)s tokens (Llama 2 has "
                "%(llama2)s; Llama 3 has %(llama3)s and Qwen2.5 %(qwen)s), so the verdict turns "
                "on which model it is.", tokens=fmt.num(within, 0),
                llama2=fmt.num(_vocab(models.get("llama-2-7b")), 0),
                llama3=fmt.num(_vocab(models.get("llama-3-8b")), 0),
                qwen=fmt.num(_vocab(models.get("qwen2.5-7b")), 0))))
    return lines


def _vocab(model: ModelSpec) -> int:
    """A catalogue decoder's vocabulary (the models named beside a bare size's range)."""
    assert model.arch is not None  # the models named have their config on file
    return model.arch.vocab


def compared_settings(how: str, who: str, assumed: tuple[str, int, int] | None,
                      ph: Phrases) -> str:
    """The line under a comparison's title that says once what its sides' detailed estimates
    are of and at which settings (`assumed`: the estimate's kind, its sequence or context and
    its batch, none said; else the user's), so each side's line (compared_side) is its verdict
    and figure alone (was "(sequence 2,048, batch 1; detailed estimate)" on each side)."""
    _, fmt = ph._, ph.fmt
    if assumed is not None and assumed[0] == "training":
        return "📐 " + str(_(
            "%(how)s of %(who)s, detailed estimate per GPU at typical settings (sequence "
            "%(seq)s, batch %(batch)s):", how=how, who=who, seq=fmt.num(assumed[1], 0),
            batch=assumed[2]))
    if assumed is not None:
        return "📐 " + str(_(
            "%(how)s of %(who)s, detailed estimate per GPU with %(ctx)s tokens of context and "
            "batch %(batch)s (assumed):", how=how, who=who, ctx=fmt.num(assumed[1], 0),
            batch=assumed[2]))
    return "📐 " + str(_(
        "%(how)s of %(who)s, detailed estimate per GPU with your settings:", how=how, who=who))


def compared_side(where: str, check: FitCheck, ph: Phrases) -> str:
    """One side of a comparison by the detailed estimate, as the single configuration's answer
    leads with it, under the line that says its settings (compared_settings)."""
    det, each = ph.fmt.gb(check.detailed_per_gpu_gb, 1), ph.memory(check.vram_per_gpu_gb)
    mark = "✅ " if check.detailed_fits else "❌ "
    return mark + str(ph._("%(where)s: about %(det)s of the %(each)s each GPU has.",
                           where=where, det=det, each=each))


def assumed_settings(detailed: DetailedAnswer | None) -> tuple[str, int, int] | None:
    """The sequence (or context) and batch a detailed estimate assumed, neither said; None
    where the user gave either."""
    if detailed is None or "seq_len" not in detailed.defaults or "batch" not in detailed.defaults:
        return None
    return detailed.kind, detailed.seq_len, detailed.micro_batch
