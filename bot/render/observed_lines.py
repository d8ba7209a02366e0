"""The memory a user sees their own run use, set beside the detailed estimate ("qlora … uses 14gb
on my 4090, why so much", "nvidia-smi shows 60gb per gpu, is that normal?"): in line with it, or
above it and the usual reasons, or below it."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Final

from markupsafe import Markup

if TYPE_CHECKING:
    from bot.answer import Answer
    from bot.render.phrases import Phrases

# Within this share of the estimate a reading is "in line": the detailed estimate's own
# calibration spread (tests/data/measured-*.csv, median measured/estimate 0.93, most rows
# within 0.85–1.10).
IN_LINE: Final = Decimal("0.15")
# Below this a reading says nothing of a run (the CUDA context alone is about 0.3–1.3 GB).
MEANINGFUL: Final = Decimal("0.5")


def observed_line(ph: Phrases, answer: Answer) -> str:
    """"📏 You see 14 GB where …", or "" when no reading was said or nothing to compare it with."""
    query, detailed = answer.query, answer.detailed
    seen = query.observed_gb
    if seen is None or detailed is None or answer.oom is not None or len(answer.methods) != 1:
        return ""
    _ = ph._
    fmt = ph.fmt
    if query.observed_total and detailed.gpus > 1:
        seen = seen / detailed.gpus  # "200gb total across 8 gpus": per GPU, as estimated
    estimate = detailed.per_gpu_gb
    if estimate <= 0 or seen < MEANINGFUL:
        return ""
    args = {"seen": fmt.gb(seen, 1), "det": fmt.gb(estimate, 1)}
    check = detailed.check
    if check is not None and seen > check.vram_per_gpu_gb * Decimal("1.01"):
        # "uses 30gb" on a 24 GB card: no GPU holds more than it has, unless Windows' NVIDIA
        # driver (536.40 and later) spills into system RAM instead of failing (NVIDIA support
        # answer 5490, "System Memory Fallback for Stable Diffusion"): slow, not out of memory.
        return "📏 " + _(
            "You see %(seen)s per GPU, more than the %(each)s each GPU has. On Windows the "
            "NVIDIA driver spills what does not fit into system RAM (Task Manager's shared GPU "
            "memory), which runs far slower: set its CUDA Sysmem Fallback Policy to “Prefer No "
            "Sysmem Fallback” to get an out-of-memory error instead. Elsewhere no reading of "
            "one GPU can be that high (nvidia-smi lists each GPU on its own line).",
            each=ph.memory(check.vram_per_gpu_gb), **args) + "\n"
    if query.engine == "vllm" and check is not None and check.utilization is not None \
            and check.card_gb is not None and abs(seen / check.vram_per_gpu_gb - 1) <= IN_LINE:
        # "nvidia-smi shows 21.5 GB used serving llama 3.1 8b with vllm on my 3090": vLLM's
        # share, taken at start-up (rules/data/serving.toml), not the model's need nor a
        # conversation's (was "the engine may fill the KV cache only as the conversation grows")
        return "📏 " + _(
            "You see %(seen)s per GPU: about the share vLLM takes of each GPU when it starts "
            "(<code>--gpu-memory-utilization %(value)s</code> of %(card)s: %(share)s). It fills "
            "what the weights and activations leave with KV cache for its requests up front, "
            "whatever the model or the conversation needs, so the reading stays there; a "
            "lower --gpu-memory-utilization makes it take less.",
            value=str(check.utilization), card=fmt.gb(check.card_gb),
            share=fmt.gb(check.vram_per_gpu_gb, 1), **args) + "\n"
    ratio = seen / estimate
    if abs(ratio - 1) <= IN_LINE:
        return "📏 " + _(
            "You see %(seen)s per GPU, in line with the detailed estimate for these settings "
            "(%(det)s per GPU): nothing unusual.", **args) + "\n"
    if ratio < 1:
        if detailed.kind != "training":
            return "📏 " + _(
                "You see %(seen)s per GPU, less than the detailed estimate (%(det)s per GPU): "
                "the estimate holds the KV cache of the whole context, which the engine may "
                "fill only as the conversation grows.", **args) + "\n"
        return "📏 " + _(
            "You see %(seen)s per GPU, less than the detailed estimate (%(det)s per GPU): it "
            "holds the peak of a training step at the full sequence length (logits and the "
            "backward pass); a reading taken before the first backward pass, shorter samples, "
            "or a chunked loss stay below it.", **args) + "\n"
    reasons: list[str] = []
    if detailed.kind == "training":
        reasons.append(str(_(
            "nvidia-smi shows what PyTorch's caching allocator has reserved, more than the "
            "tensors hold (torch.cuda.max_memory_allocated() gives the peak this estimates)")))
        if "grad_ckpt" in detailed.defaults:
            reasons.append(str(_(
                "gradient checkpointing, assumed on here, is off by default in the Hugging Face "
                "Trainer (gradient_checkpointing=True turns it on)")))
        elif not detailed.grad_ckpt:
            reasons.append(str(_("gradient checkpointing is off, as you said: every layer "
                                 "keeps its activations")))
        if "seq_len" in detailed.defaults:
            reasons.append(str(_(
                "sequences longer than the %(seq)s tokens assumed (or padded to max_length)",
                seq=fmt.num(detailed.seq_len, 0))))
        if "batch" in detailed.defaults:
            reasons.append(str(_("a batch larger than the %(batch)s assumed",
                                 batch=detailed.micro_batch)))
        reasons.append(str(_("an evaluation or generation step in the same process")))
    else:
        if query.engine == "vllm":
            reasons.append(str(_(
                "vLLM takes its --gpu-memory-utilization share of the GPU (most of it by default) "
                "up front for its KV cache, whatever the model needs")))
        reasons.append(str(_(
            "the engine reserves the KV cache for its whole context and its parallel "
            "requests when it loads")))
        reasons.append(str(_("another process on the card")))
    return "📏 " + _(
        "You see %(seen)s per GPU where the detailed estimate is %(det)s per GPU. The usual "
        "reasons: %(reasons)s.", reasons=Markup(fmt.list(reasons)), **args) + "\n"
