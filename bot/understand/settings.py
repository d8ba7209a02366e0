"""Run settings the detailed estimator reads, as people type them in a chat.

"pure bf16", "no AMP", "paged adamw 8bit", "FSDP with cpu offload", "zero3 offload", "eager
attention", "torch compile", "packed", "r=64 all linear", "generate 60 tokens", "prompt of 8k
tokens", "3 epochs", "at 3000 tokens/s per GPU", in English, Spanish and French. Every pattern
runs on folded text (lower case ASCII, see ``normalise.fold``) and none nests unbounded
quantifiers. Numbers these settings carry (generated tokens, prompt length, epochs, throughput)
are blanked by the caller so that the dataset and size patterns do not read them again.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from typing import TYPE_CHECKING, Final, Literal

from bot.understand.lazy import lazy
from bot.understand.numbers import NUM, NUM_SP, k_tokens
from bot.understand.screen import Headed, Screened, held
from bot.understand.whole import made_whole

Precision = Literal["mixed", "bf16", "fp32"]
Kernels = Literal["unsloth", "liger"]
Optimizer = Literal[
    "adamw", "adamw_foreach", "adam8bit", "paged_adamw", "paged_adam8bit", "adafactor", "lion",
    "lion8bit", "sgd", "sgd_momentum",
]


def _w(pattern: str) -> Screened:
    return Screened(rf"(?<![a-z0-9])(?:{pattern})(?![a-z0-9])")


def _h(pattern: str) -> Headed:
    """_w for words that give no needles (screen.Headed): searched only in texts with a run of
    letters opening as they do."""
    return Headed(rf"(?<![a-z0-9])(?:{pattern})(?![a-z0-9])")


_NEG: Final = r"(?:no|not|without|w/o|sin|sans|pas de|disable\w*|disabling|desactiv\w*)"
_BITS8: Final = r"8 ?-?_?bits?"

# --- precision (full fine-tuning) -------------------------------------------------------------
PURE_BF16: Final = _w(
    r"pure[ _-]?bf ?16|pure[ _-]?bfloat ?16|bf ?16[ _-]?(?:true|pure|puro|pur)|"
    r"bfloat ?16[ _-]?(?:true|pure|puro|pur)|(?:no|without|sin|sans|pas d') ?-?amp|"
    r"use_amp ?[:=]? ?false|amp ?[:=] ?false|float32_mixed_precision ?[:=] ?false|"
    r"(?:no|without|sin|sans) (?:fp32 )?master (?:weights|copy)|"
    r"(?:only|solo|seulement) bf ?16|everything in bf ?16|todo en bf ?16|tout en bf ?16"
)
MIXED: Final = _w(
    r"mixed[ _-]?precision|precision mixta|precision mixte|mixta|amp|use_amp ?[:=]? ?true|"
    r"bf ?16[ _-]?mixed|fp ?16[ _-]?mixed|fp32 master(?: weights| copy)?|"
    r"master weights (?:in )?fp32|pesos maestros fp32|poids maitres fp32"
)
FP32: Final = _w(r"fp ?32|float ?32|full precision|precision completa|pleine precision")
# "full finetune llama 3 8b with mlx" (mlx-lm's --fine-tune-type full): MLX's optimizers keep
# their states in the parameter's own type (mx.zeros_like, ml-explore/mlx@846d1762
# python/mlx/optimizers/optimizers.py, Adam.init_single) and nothing keeps an FP32 master copy,
# so a model loaded in BF16 trains in pure BF16.
MLX_TRAINING: Final = _w(r"mlx(?:[-_ ]?lm)?")
# mlx_lm.lora's "--num-layers 8" ("num_layers: 8" in its YAML config; mlx-examples' lora.py
# called it "--lora-layers"): 'Number of layers to fine-tune. Default is 16, use -1 for all'
# (ml-explore/mlx-lm mlx_lm/lora.py @d78bf58e). Read only where MLX is named.
NUM_LAYERS: Final = _w(r"(?:num|lora)[ _-]?layers ?[:=]? ?(?P<n>-1|\d{1,3})")
# LLaMA-Factory's freeze (partial-parameter) tuning, "finetuning_type: freeze": every weight of
# the last freeze_trainable_layers blocks trains, the rest stay frozen. 'freeze_trainable_layers:
# int = field(default=2, ... "Positive numbers mean the last n layers are set as trainable,
# negative numbers mean the first n layers"' (hiyouga/LLaMA-Factory src/llamafactory/hparams/
# finetuning_args.py, FreezeArguments). Was estimated as a full fine-tune of every block.
FREEZE_TUNING: Final = _w(r"finetuning_type ?[:=] ?freeze")
FREEZE_LAYERS: Final = _w(r"freeze_trainable_layers ?[:=] ?(?P<n>-?\d{1,3})")
FREEZE_DEFAULT_LAYERS: Final = 2
# Accelerate's GradientAccumulationPlugin(sync_each_batch=True) ("gradient_accumulation_kwargs:
# {sync_each_batch: true}" in TrainingArguments' accelerator_config): gradients are
# reduce-scattered after every micro-batch, never kept whole under FSDP's no_sync ("in memory
# intensive situations while using FSDP, we recommend to set sync_each_batch to True ... to
# disable no_sync", huggingface/accelerate docs/source/concept_guides/gradient_synchronization.md
# @16cb6eb8).
SYNC_EACH_BATCH: Final = _w(r"sync_each_batch ?[:=] ?(?P<v>true|false|1|0)")
# Axolotl's "gradient_checkpointing: unsloth" (Unsloth's get_peft_model(use_gradient_checkpointing=
# "unsloth")): checkpointing whose saved activations go to CPU RAM, not Unsloth's kernels.
_CKPT_UNSLOTH: Final = lazy(r"(?:use_)?gradient_checkpointing ?[:=] ?(?P<v>unsloth)(?![a-z0-9])")
# mlx_lm's trainer itself, pasted: "mlx_lm.lora --model … --train", "python -m mlx_lm lora",
# its flags and config keys ("--fine-tune-type full", "lora_parameters:"). Run so, what is not
# given is its own default (bot.detail.MLX_*); "with mlx" alone keeps the usual assumptions.
# PyTorch named as the trainer's framework on a Mac ("lora with pytorch mps", "hf transformers
# + peft on my m2"): its run is not mlx-lm's, whose defaults are otherwise assumed there
# (bot.detail.mlx_assumed). "torchtune"/"torch.compile" are their own settings.
PYTORCH_NAMED: Final = _w(
    r"mps|pytorch|(?<![\w.])torch(?![\w.])|peft|(?:hf |hugging ?face )?transformers"
)
MLX_RUN: Final = _w(
    r"mlx_lm[ ._-]?lora|mlx-lm[ ._-]?lora|-m mlx[_-]lm(?: lora)?|fine_tune_type|fine-tune-type|"
    r"lora_parameters"
)
FP32_WEIGHTS: Final = _w(
    r"(?:no|without|sin|sans) torch_dtype|fp32 (?:base )?weights|(?:base )?weights in fp32|"
    r"loaded in fp32|load(?:ed)? (?:in|as) float32"
)

# --- optimizer ----------------------------------------------------------------------------------
PAGED_8BIT: Final = _w(
    rf"paged[ _-]?adamw?[ _-]?{_BITS8}|paged[ _-]?{_BITS8}[ _-]?adamw?|pagedadamw8bit"
)
PAGED: Final = _w(r"paged[ _-]?adamw?|pagedadamw?|paged optimi[sz]er")
ADAM_8BIT: Final = _w(
    rf"adamw?[ _-]?(?:de |en |in |a )?{_BITS8}|{_BITS8}[ _-]?adamw?|adamw?_bnb_8bit|bnb[ _-]?adamw?|"
    rf"{_BITS8} (?:optimizer|optimiseur|optimizador)|(?:optimizer|optimiseur|optimizador) "
    rf"(?:en |de )?{_BITS8}"
)
ADAFACTOR: Final = _w(r"adafactor")
# PyTorch's foreach AdamW by name: Hugging Face's optim "adamw_torch" (its default before
# transformers chose "adamw_torch_fused" with torch 2.8), or foreach named.
ADAMW_FOREACH: Final = _w(
    r"adamw?[ _-]?torch(?![ _-]?fused)|foreach[ _-]?adamw?|adamw? ?\(?foreach(?: ?= ?true)?\)?"
)
ADAMW: Final = _w(r"adamw?|torch adamw?")
OPT_IN_BWD: Final = _w(
    r"optimizer[ _-]?in[ _-]?(?:the )?(?:backward|bwd)|fused optimi[sz]er(?: step)?|"
    r"optimi[sz]er step fused(?: into backward)?|fuse(?:d)? (?:the )?optimi[sz]er step"
    r"(?: into (?:the )?backward)?"
)

# --- offload ------------------------------------------------------------------------------------
ACT_OFFLOAD: Final = _w(
    r"activation[s]?[ _-]?offload\w*|offload\w* (?:the )?activations?|"
    r"offload\w* de (?:las )?activaciones|descarga de activaciones|"
    r"dechargement des activations|offload des activations"
)
CPU_OFFLOAD: Final = _w(
    r"cpu[ _-]?offload\w*|offload\w* (?:to |a la |au |vers le |en )?(?:the )?cpu|"
    r"offload_params?(?: ?[:=] ?true)?|fsdp_offload_params(?: ?[:=] ?true)?|"
    # "zero3 and offload", "zero3 + offload", "zero3 y offload", "zero3 et offload"; ZeRO-2's
    # offload ("deepspeed zero2 offload", xtuner's "deepspeed_zero2_offload") is the
    # optimizer's, as "zero2 + cpu offload" reads (was unread: no offload)
    r"zero[ _-]?(?:2|3|infinity)[ _-]?(?:(?:with|and|plus|\+|&|y|con|et|avec) ?)?(?:cpu )?"
    r"offload\w*|zero[ _-]?offload|"
    r"deepspeed (?:zero[ _-]?[23] )?(?:cpu )?offload\w*|descarga a (?:la )?cpu|"
    r"dechargement (?:vers le |sur le )?cpu|"
    # serving engines keep the layers that do not fit in system RAM: llama.cpp "-ngl 40",
    # "offload half the layers to RAM", "partial offload"
    r"offload\w* (?:\w+ ){0,3}layers?(?: (?:to|into|in|on) (?:the )?(?:ram|cpu|system memory))?|"
    r"partial(?:ly)? offload\w*|n[_-]?gpu[_-]?layers|ngl ?[:=]? ?\d+|num_gpu ?[:=]? ?\d+|"
    # "how many layers can i offload", "cuantas capas", "combien de couches": the layer split
    r"how many layers|layers? (?:can i |to |should i )?offload|cuantas capas|combien de couches|"
    # "only 30 layers on gpu, rest in ram", "el resto en la ram", "le reste en ram"
    r"\d{1,3} (?:of the )?(?:layers?|capas|couches) (?:on|in|to|onto|en|sur|dans) "
    r"(?:the |my |la |le |mi |ma )?(?:gpu|vram|card|tarjeta|carte)|"
    r"(?:the )?rest (?:in|on|to) (?:the )?(?:system )?(?:ram|cpu)|el resto en (?:la )?(?:ram|cpu)|"
    r"le reste (?:en|sur le|dans la) (?:ram|cpu)"
)
# The layers the user puts on the GPU: llama.cpp "-ngl 40", "--n-gpu-layers 40", Ollama's
# "num_gpu 40" (the output layer counts as one of them).
GPU_LAYERS: Final = _w(
    r"(?:ngl|n[_-]?gpu[_-]?layers|gpu[_-]layers|num_gpu) ?[:=]? ?(?P<n>\d{1,4})|"
    # "only 30 layers on gpu", "40 layers in vram", "30 capas en la gpu", "30 couches sur le gpu"
    r"(?P<w>\d{1,3}) (?:of the )?(?:layers?|capas|couches) (?:on|in|to|onto|en|sur|dans) "
    r"(?:the |my |la |le |mi |ma )?(?:gpu|vram|card|tarjeta|carte)"
)
# A mixture of experts' routed experts kept in system RAM, the rest of the model on the GPU:
# llama.cpp's "--cpu-moe"/"-cmoe", "--n-cpu-moe 30"/"-ncmoe 30" (the experts of the first N
# layers), "-ot exps=CPU" / "--override-tensor '.ffn_.*_exps.=CPU'", or said in words
# ("experts on cpu", "offload the experts", "moe offload", "expertos en la ram", "experts sur
# le cpu"). <n>: the layers of --n-cpu-moe.
_RAM_WORDS: Final = r"(?:the )?(?:cpu|ram|system ram|system memory|memoria|memoire|processeur)"
EXPERT_OFFLOAD: Final = _w(
    r"(?:n[_-]?cpu[_-]?moe|ncmoe) ?[:=]? ?(?P<n>\d{1,3})|cpu[_-]moe|cmoe|"
    r"(?:ot|override[_-]tensor) [^=]{0,40}exps[^=]{0,12}= ?cpu|"
    rf"experts? (?:on|in|to|into|en|sur|dans) (?:la |le |las )?{_RAM_WORDS}|"
    rf"expertos? (?:en|a) (?:la )?{_RAM_WORDS}|"
    r"offload\w* (?:the |los |les )?(?:moe )?experts?|(?:moe|experts?) offload\w*|"
    r"descarga(?:r)? (?:de )?los expertos|dechargement des experts|decharger les experts"
)
# The system RAM's kind and speed ("ddr5-6000", "ddr4 3200", "ddr5 6000mhz") and channels
# ("dual channel", "8-channel", "quad channel", "doble canal", "double canal"): the bandwidth
# the experts or layers kept there are read at.
RAM_KIND: Final = _w(r"(?P<gen>ddr[45])(?:[ _-]?(?P<mts>[2-9]\d{3})(?: ?(?:mhz|mt/?s))?)?")
RAM_CHANNELS: Final = _w(
    r"(?P<ch>single|dual|quad|octa|twelve|one|two|four|eight|1|2|4|6|8|12)[ -]?channels?|"
    r"(?P<es>doble|cuadruple) canal|(?P<fr>double|quadruple) canal"
)
CPU_OFFLOAD_OFF: Final = Screened(
    rf"(?<![a-z0-9]){_NEG} (?:the )?(?:cpu[ _-]?)?offload\w*|offload\w* (?:off|disabled)|"
    # "offload_params: false", fsdp_qlora's "--use_cpu_offload False"
    r"offload_params? ?[:=] ?false|use_cpu_offload ?[:=]? ?false|"
    # DeepSpeed's memory estimator's row "offload_param=none, offload_optimizer=none" (was
    # read as CPU offload: "offload_param" named)
    r"offload_param ?= ?none ?, ?offload_optimizer ?= ?none"
)

# --- training libraries that change memory (their kernels, loss and checkpointing) ------------
# "with unsloth", "con unsloth", "avec unsloth"; not a Hugging Face repository named
# "unsloth/llama-3-8b-bnb-4bit" (a checkpoint, not the library's kernels).
# Its own loader, "FastLanguageModel.from_pretrained(…)", runs on its kernels whatever repository.
# Its full fine-tuning (full_finetuning=True) trains the BF16 weights themselves, no FP32 master
# copy: FastModel.from_pretrained with dtype bfloat16 (its default where the card has BF16) prints
# 'Using bfloat16 full finetuning which cuts memory usage by 50%' and post_patch_model passes
# float32_mixed_precision=False (unslothai/unsloth unsloth/models/vision.py @015bdef0);
# unsloth_zoo's prepare_model_for_training then keeps every trainable weight in
# mixed_precision_dtype = torch.bfloat16, only the norms upcast to FP32 (unsloth_zoo
# training_utils.py @ce232d6c). "float32_mixed_precision = True" asks for FP32 instead.
UNSLOTH: Final = _w(r"unsloth(?! ?/)|fastlanguagemodel|fastmodel")
LIGER: Final = _w(r"liger(?:[ _-]?kernels?)?|use_liger(?:_kernel)?(?: ?[:=] ?true)?|"
                  r"fused[ _-]?linear[ _-]?cross[ _-]?entropy|flce")
# LitGPT ("litgpt finetune lora", "with lit-gpt"): its GPT keeps the output head apart from the
# embeddings, so a checkpoint with tied embeddings holds that matrix twice
# (convert_hf_checkpoint copies transformer.wte.weight into lm_head.weight), and its finetune
# scripts take the loss in chunks (litgpt.utils.chunked_cross_entropy).
LITGPT: Final = _w(r"lit[ _-]?gpt")
# torchtune ("with torchtune", "tune run full_finetune_single_device"): its recipes train in the
# config's dtype, bf16 by default, with no FP32 master copy: "Currently, we don't support
# mixed-precision training in torchtune" (pytorch/torchtune docs/source/tutorials/
# memory_optimizations.rst @bd2a0fc7); full_finetune_single_device.py: "When dtype=bf16, all
# activations, gradients and optimizer states are in bfloat16 ... Mixed precision training and
# fp16 precision are currently not supported"; configs say "dtype: bf16". Not "fine tune run".
TORCHTUNE: Final = _w(r"torch[ _-]?tune|(?<!fine )(?<!fine-)tune run")
# bitsandbytes before 0.43.2 ("bitsandbytes==0.42.0", "bnb 0.41.3", "bitsandbytes v0.43.1"):
# its 4-bit matmul kept each linear's input for backward (fixed by #1270 in 0.43.2).
OLD_BNB: Final = _w(
    r"(?:bitsandbytes|bnb)(?: ?(?:==|=|v|version))? ?"
    r"(?:0\.(?:[1-3]\d|4[0-2])(?:\.\d+)?|0\.43(?:\.[01])?)(?![.\d])"
)
# QLoRA without double quantization ("bnb_4bit_use_double_quant=False", "no double quant",
# "sin doble cuantización", "sans double quantification"): one FP32 absmax constant a block of
# 64 weights (0.5 bits a parameter) instead of QLoRA's 8-bit constants (0.127 bits; Dettmers et
# al. 2023, §2 "Double Quantization"; rules/data/detailed.toml bits.quant_constants_*).
NO_DOUBLE_QUANT: Final = _w(
    r"(?:bnb_4bit_)?use_double_quant ?[:=] ?false|"
    r"(?:no|without|w/o|sin|sans) (?:la |el )?(?:double|doble|nested) ?[_-]?"
    r"(?:quant\w*|cuantiz\w*)|"
    r"(?:double|doble|nested)[ _-]?(?:quant\w*|cuantiz\w*) (?:off|false|disabled|"
    r"desactivad[oa]|desactivee?)"
)
# The embedding table and the output head trained in full beside LoRA: PEFT's modules_to_save
# ("modules_to_save=[embed_tokens,lm_head]"), Unsloth's embedding_learning_rate (its
# UnslothTrainer's learning rate for the modules_to_save weights, which its continued-pretraining
# notebooks pair with embed_tokens and lm_head), or said ("train the embeddings", "entrenar los
# embeddings", "entrainer les embeddings"). Not "train an embedding model".
MODULES_TO_SAVE: Final = _w(r"modules_to_save")
TRAIN_EMBEDDINGS: Final = _w(
    r"embedding_learning_rate|embedding_lr|"
    r"(?:train|training|trains|trained|unfreeze|unfreezing|entrenar|entrenando|entrenamos|"
    r"entrainer|entrainant|entraine) (?:also |tambien |aussi |egalement )?"
    r"(?:the |los |las |les |el |la |l')?"
    r"(?:input )?(?:embeddings?|embed_tokens)(?! ?models?)(?![a-z0-9])"
    r"(?: (?:and|y|et|\+|&) (?:the |el |la |le |l')?(?:lm_head|output head|head|cabeza|tete))?|"
    r"(?:embeddings?|embed_tokens) (?:trainable|entrenables?|entrainables?)"
)
# Within a modules_to_save list: which of the two is named.
_EMBED_NAMES: Final = ("embed", "wte")
_HEAD_NAMES: Final = ("head", "cabeza", "tete")


def _trained_embeddings(s: str, listed: re.Match[str] | None, said: bool,
                        unsloth: bool) -> str | None:
    """The matrices trained in full beside the adapters, "embed_tokens,lm_head" (both),
    "embed_tokens" or "lm_head"; None when none is named. A modules_to_save list names its own;
    the words and embedding_learning_rate mean both, as Unsloth's notebooks train them; Unsloth
    with embed_tokens among its target_modules trains that table."""
    if listed is not None:
        after = s[listed.end(): listed.end() + 60]
        after = after.split("]", 1)[0] if "[" in after[:4] else after[:40]
        embed = any(name in after for name in _EMBED_NAMES)
        head = any(name in after for name in _HEAD_NAMES)
        if embed or head:
            return ",".join(n for n, on in (("embed_tokens", embed), ("lm_head", head)) if on)
    if said:
        return "embed_tokens,lm_head"
    if "embed_tokens" in s and unsloth:
        # Unsloth moves embed_tokens from target_modules to modules_to_save (FastLlamaModel.
        # get_peft_model); lm_head there gets a LoRA adapter like any linear.
        return "embed_tokens"
    return None


# DoRA ("dora r=16", "qdora", "use_dora=True"): weight-decomposed LoRA, which the estimator does not
# model; the reply says so before LoRA's figures.
DORA: Final = _w(r"q?dora|use_dora(?: ?[:=] ?true)?")
NO_KERNELS: Final = Screened(
    rf"(?<![a-z0-9]){_NEG} (?:unsloth|liger)|use_liger(?:_kernel)? ?[:=] ?false"
)

# The Hugging Face Trainer's own arguments pasted (a TrainingArguments call or YAML, its CLI
# flags, the run_clm.py example script), or the Trainer named: what the pasted command leaves
# out is TrainingArguments' default, and gradient_checkpointing defaults to False there
# ('gradient_checkpointing (`bool`, *optional*, defaults to `False`)', huggingface/transformers
# src/transformers/training_args.py @00349ae8).
HF_TRAINER: Final = _w(
    r"training ?arguments|trainingarguments|(?<![a-z0-9_])trainer(?= ?\()|run_clm(?:_no_trainer)?"
    r"(?:\.py)?|per_device_train_batch_size|(?:hf|hugging ?face|transformers(?:'s)?) trainer"
)
# TRL named (its CLI, its trainers or configs): every TRL config overrides that default,
# gradient_checkpointing=True since TRL v0.22 ('gradient_checkpointing (`bool`, *optional*,
# defaults to `True`)', huggingface/trl trl/trainer/base_config.py @f2cd5771; #3510,
# 2025-08-08): the usual assumption holds.
TRL: Final = _w(
    r"trl|(?:sft|dpo|grpo|orpo|kto|cpo|rloo|ppo|reward) ?(?:trainer|config)"
)
# TRL's own configs or CLI pasted ("SFTConfig(...)", "trl sft --model_name_or_path ..."): its
# configs subclass TrainingArguments (class _BaseConfig(TrainingArguments), huggingface/trl
# trl/trainer/base_config.py @f2cd5771) and none sets per_device_train_batch_size, so a run that
# leaves it out takes the Trainer's 8, as a pasted Trainer does.
TRL_PASTED: Final = _w(
    r"(?:sft|dpo|orpo|kto|cpo) ?config(?= ?\()|trl (?:sft|dpo|orpo|kto|cpo)(?= -)"
)
# TRL's SFTConfig itself, or its CLI, pasted: what it leaves out is its own default, max_length
# 1024 among them (rules/data/detailed.toml tools.trl_sft_max_length).
SFT_PASTED: Final = _w(r"sft ?config(?= ?\()|trl sft(?= -)")
# PEFT's LoraConfig pasted ("LoraConfig(r=16, lora_alpha=32)", "peft.LoraConfig(...)"): what it
# leaves out is PEFT's default, r=8 and, without target_modules, its per-architecture targets
# (rules/data/detailed.toml tools.peft_lora_rank). Not "my lora config" in words.
PEFT_CONFIG: Final = _w(r"(?:peft\.)?loraconfig")
# TRL's --use_peft ("trl sft ... --use_peft", "use_peft: true"): get_peft_config builds a
# LoraConfig of its ModelConfig, lora_r=16 and lora_target_modules=None, so PEFT's
# per-architecture targets unless --lora_target_modules is given (huggingface/trl
# trl/trainer/model_config.py, trl/trainer/utils.py @f2cd5771).
USE_PEFT: Final = _w(r"use_peft(?! ?[:=]? ?false)")
# Tools that take the Trainer's arguments but set checkpointing themselves: LLaMA-Factory
# ('disable_gradient_checkpointing: bool = field(default=False, ...)', hiyouga/LLaMA-Factory
# src/llamafactory/hparams/model_args.py), AutoTrain (the same flag, default False), Axolotl (its
# YAML's own gradient_checkpointing key). Named, the Trainer's default is not theirs.
# Axolotl and LLaMA-Factory named: the next step is theirs ('axolotl train config.yml',
# 'llamafactory-cli train config.yaml'; bot.render.tool_lines).
AXOLOTL: Final = _w(r"axolotl")
# Axolotl's YAML pasted, named or not: keys of its own ("sequence_len:", "adapter: qlora",
# "lora_target_linear:", "sample_packing:"; axolotl-ai-cloud/axolotl examples/llama-3/qlora.yml,
# src/axolotl/utils/schemas/config.py @067b021c). What it leaves out is Axolotl's default:
# sequence_len 512, gradient_checkpointing off (rules/data/detailed.toml tools.axolotl_*).
AXOLOTL_CONFIG: Final = _w(
    r"sequence_len ?:|adapter ?: ?q?lora|lora_target_linear ?:|sample_packing ?:"
)
# ... whose "adapter:" key names LoRA or QLoRA; without it Axolotl trains every weight
AXOLOTL_ADAPTER: Final = _w(r"adapter ?: ?\w")
# LLaMA-Factory's own keys pasted without its name ("finetuning_type: lora", "quantization_bit:
# 4", hiyouga/LLaMA-Factory examples/train_qlora/llama3_lora_sft_otfq.yaml) are its run too:
# checkpointing on (was the Trainer's default off, read from per_device_train_batch_size).
_LLAMA_FACTORY: Final = (r"llama ?-?factory(?:-cli)?|llamafactory(?:-cli)?|finetuning_type|"
                         r"quantization_bit")
LLAMA_FACTORY: Final = _w(_LLAMA_FACTORY)
# MosaicML's llm-foundry, or the Composer trainer it runs ("with llm-foundry", "mosaicml
# composer"): under FSDP it never enters no_sync, so the gradients of every micro-batch are
# reduce-scattered and stay sharded (bot.detail). Not "composer" alone, a musician's word too.
COMPOSER: Final = _w(r"llm[ _-]?foundry|mosaic(?:ml)?(?:'s)? composer|composer(?:'s)? trainer")
TRAINER_WRAPPER: Final = _w(_LLAMA_FACTORY + r"|autotrain|axolotl")
# Hugging Face transformers' generate runs the whole prompt through one forward pass (no
# chunked prefill): "with transformers", "hf transformers", "model.generate".
TRANSFORMERS: Final = _w(r"(?<![-\w])(?:hf |hugging ?face )?transformers(?![-\w])|"
                         r"model\.generate")

ZERO3: Final = _w(r"deepspeed|zero[ _-]?(?:stage[ _-]?)?3|zero[ _-]?infinity|zero[ _-]?offload")
# DeepSpeed ZeRO-1 and ZeRO-2 ("zero2", "zero stage 2", "deepspeed stage 1", '"stage": 2'): the
# weights stay whole on every GPU. Named before ZeRO-3 in a message that names both ("zero 2 vs
# zero 3, will zero2 fit?"), the first one named is read.
ZERO_STAGE: Final = _w(
    r"zero[ _-]?(?:stage[ _-]?)?(?P<a>[123])|(?:deepspeed |ds )(?:zero[ _-]?)?(?:stage[ _-]?)"
    r"(?P<b>[123])|stage[ _-]?(?P<c>[123]) (?:of )?(?:deepspeed|zero)|['\"]?stage['\"]? ?: ?(?P<d>[123])|"
    # LLaMA-Factory's DeepSpeed configs by their file names: examples/deepspeed/ds_z2_config.json,
    # ds_z2_offload_config.json, ds_z3_config.json (was ZeRO-3 for any, "deepspeed" alone)
    r"ds_z(?P<e>[123])(?=_)"
)
# ... whose "_offload_" files offload the optimizer (ds_z2_offload_config.json) or, at ZeRO-3,
# the optimizer and the parameters (ds_z3_offload_config.json: offload_optimizer and
# offload_param to "cpu"; hiyouga/LLaMA-Factory @1d6e8b21)
DS_OFFLOAD_FILE: Final = _w(r"ds_z[23]_offload_config(?:\.json)?")
# ZeRO-Offload of the optimizer alone ("offload_optimizer", "optimizer offload"): with ZeRO-1/2
# the master weights, optimizer states and gradients go to CPU RAM, the weights stay.
OPTIMIZER_OFFLOAD: Final = _w(
    # not DeepSpeed's estimator's "offload_optimizer=none" (no offload)
    r"offload[ _-]?(?:the )?optimi[sz]er\w*(?!\w)(?! ?[:=] ?[\"']?none)|optimi[sz]er[ _-]?(?:cpu[ _-]?)?offload\w*|"
    # "offload del optimizador", "descarga del optimizador", "dechargement de l'optimiseur"
    r"(?:offload\w*|descarga|dechargement) (?:del?|du|de l ?'?) ?optimi[sz](?:ador|eur)\w*"
)
# Answer.AI's fsdp_qlora named ("answer.ai script", "fsdp_qlora"): its train.py offloads to the
# CPU unless told not to ('use_cpu_offload: bool_arg = True, # Use FSDP's CPU offloading').
ANSWER_AI: Final = _w(r"answer ?\.? ?ai|answerdotai|fsdp_qlora|fsdp-qlora")
# DeepSpeed's offload_param (ZeRO-3 moves the 16-bit parameters to CPU RAM too), said on:
# "offload_param cpu", "param offload", "offload the parameters", ZeRO-Infinity; not
# "offload_param: none".
PARAM_OFFLOAD: Final = _w(
    r"offload[ _-]?(?:the )?param(?:eter)?s?(?! ?[:=]? ?['\"]?(?:none|false|off|no)\b)|"
    # both named at once: "offload optimizer and params", "offload del optimizador y los
    # parametros", "dechargement de l'optimiseur et des parametres"
    r"(?:offload\w*|descarga|dechargement) (?:both )?(?:the |del? |du |de l ?'?)?"
    r"optimi[sz](?:er|ador|eur)\w* (?:and|&|\+|y|et) (?:the |los |las |des |de los )?param\w*|"
    r"param(?:eter)?s?[ _-]?offload\w*(?! ?[:=]? ?['\"]?(?:none|false|off|no)\b)|"
    r"zero[ _-]?infinity"
)
FSDP: Final = _w(r"fsdp2?|fully sharded")
# Not sharded: DistributedDataParallel replicates the model on every GPU; Accelerate's
# device_map="auto" splits the layers over the GPUs (naive model parallelism).
DDP: Final = _w(
    r"ddp|distributed ?data ?parallel\w*|(?<!sharded )data ?parallel(?:ism)?|no_shard|"
    r"sharding_strategy ?[:=]? ?['\"]?(?:ddp|no_shard)|paralelismo de datos|"
    r"parallelisme de donnees"
)
DEVICE_MAP: Final = _w(
    r"device_map(?: ?= ?['\"]?auto['\"]?)?|device map(?: auto)?|naive (?:model|pipeline) "
    r"parallel\w*|model parallel(?:ism)?|paralelismo de modelo|parallelisme de modele"
)

# Two ways of sharing the GPUs named to be compared: "deepspeed zero2 or zero3", "fsdp or ddp",
# "zero3 vs zero3 offload", "z2 or z3?" (bot.answer estimates the run with each).
_STRATEGY: Final = (
    r"(?:deepspeed |ds )?(?:zero[ _-]?(?:stage[ _-]?)?[123]|z[ _-]?[123]|stage[ _-]?[123]|"
    r"fsdp2?|fully sharded(?: data parallel)?|ddp|distributed ?data ?parallel)"
    r"(?:(?: with| w/| \+| con| avec)? (?:cpu[ _-]?)?offload\w*)?"
)
STRATEGY_PAIR: Final = lazy(
    rf"(?<![a-z0-9])(?P<a>{_STRATEGY})(?: ?/ ?| (?:or|vs\.?|versus|o|ou|and|y|et|against|"
    rf"contra|contre|compared (?:to|with)) )(?P<b>{_STRATEGY})(?![a-z0-9])"
)
STRATEGY_ONE: Final = lazy(rf"(?<![a-z0-9]){_STRATEGY}(?![a-z0-9])")
# What one strategy saves ("how much does deepspeed zero3 save", "how much vram does fsdp
# save"): weighed against DDP, each GPU holding the whole model.
STRATEGY_SAVING: Final = lazy(
    rf"(?<![a-z0-9])how much (?:vram |memory |gpu memory )?(?:does|do|will|would|can) "
    rf"(?:using )?(?P<a>{_STRATEGY}) (?:save|saves|reduce|cut)(?![a-z0-9])"
)
_STRATEGY_NEEDLES: Final = ("zero", "z1", "z2", "z3", "fsdp", "ddp", "stage", "distributed",
                            "fully", "z 2", "z 3", "z-2", "z-3")

# --- attention, compile, loss, packing -----------------------------------------------------------
EAGER: Final = _w(
    r"eager[ _-]?(?:attention|attn)|attn_implementation ?[:=]? ?['\"]?eager|"
    r"(?:no|without|sin|sans) flash[ _-]?(?:attention|attn)|atencion eager|attention eager|"
    # vLLM's "--enforce-eager" (enforce_eager=True) turns its CUDA graphs off, not its attention
    # kernels (patterns.ENFORCE_EAGER): was read as eager attention, the s² scores counted
    r"(?<!enforce[ _-])eager"
)
SDPA: Final = _w(
    r"flash[ _-]?(?:attention|attn)(?:[ _-]?2)?|fa ?2|sdpa|flashattention\w*"
)
COMPILE: Final = _w(
    r"torch[ ._-]?compile[d]?|compiled?|compile ?[:=] ?true|compilad[oa]|compile[e]?"
)
NO_COMPILE: Final = Screened(
    rf"(?<![a-z0-9]){_NEG} (?:torch[ ._-]?)?compil\w*|compile ?[:=] ?false"
)
CHUNKED: Final = _w(
    r"chunked[ _-]?(?:cross[ _-]?entropy|ce|loss|xent)|cross[ _-]?entropy (?:en|par) "
    r"(?:trozos|morceaux|blocs)|ce ?chunked"
)
# Cut Cross-Entropy (apple/ml-cross-entropy): "cut cross entropy", "cce", axolotl's
# "cut_cross_entropy: true", its "linear_cross_entropy" call.
CUT_CE: Final = _w(
    r"cut[ _-]?cross[ _-]?entropy(?: ?[:=] ?true)?|cce|ml-cross-entropy|cutcrossentropy\w*|"
    r"linear_cross_entropy"
)
CUT_CE_OFF: Final = _w(
    r"cut[ _-]?cross[ _-]?entropy ?[:=] ?false|(?:no|without|sin|sans) (?:cut[ _-]?cross[ _-]?"
    r"entropy|cce)"
)
UNPACKED: Final = _w(
    r"not packed|unpacked|no packing|without packing|sin empaquetar|sin packing|"
    r"no empaquetad[oa]s?|sans packing|non (?:empaquete|packe)\w*|packing ?[:=] ?false"
)
PACKED: Final = _w(
    r"packed|packing|pack|empaquetad\w*|empaquet\w*|packing ?[:=] ?true"
)

# "lora_dropout=0.05", "dropout 0.1", "con dropout de 0.05"; "lora_dropout=0", "no dropout".
LORA_DROPOUT: Final = Screened(
    r"(?<![a-z0-9])(?:lora[ _-]?)?dropout(?: ?[:=] ?| (?:of |de |a )?)(?P<p>0?[.,]\d+|0|1)"
    r"(?![\d.])"
)
NO_DROPOUT: Final = _w(r"(?:no|without|sin|sans) (?:lora[ _-]?)?dropout")

# Gradient accumulation named, in any of its spellings ("grad accum", "gradient_accumulation_steps",
# "acumulación de gradientes", "accumulation de gradient"), and whether it is named to be off: a
# negation just before ("no", "without", "not using", "sin", "no uso", "sans", "pas d'", "ni",
# "zero") or a value after that turns it off ("off", "= 1", "disabled", "desactivada", "désactivée").
GRAD_ACCUM: Final = Screened(
    r"(?<![a-z0-9])(?:grad(?:ient)?s?[ _-]?accum\w*(?:[ _-]steps?)?|"
    r"acumulacion (?:de |del )?(?:los )?gradient(?:es?)?|"
    r"accumulation (?:de |des |du )?gradients?|accumulation d'?gradients?|"
    # DeepSpeed's "GAS" (gradient_accumulation_steps) with its number: "mbs 4 gas 8"
    r"gas(?= ?[:=]? ?\d))(?![a-z])"
)
_ACCUM_NEG: Final = (
    r"no|not|without|w/o|never|don'?t|do not|zero|0|sin|ni|nada de|nunca|sans|pas d'?|pas de|"
    r"jamais|aucune|disable\w*|desactiv\w*"
)
_ACCUM_FILLER: Final = (
    r"any|use|using|with|the|a|uso|usar|usamos|utilizo|con|la|una|de|utilise|utiliser|"
    r"d'|l'|d|l|d'une|de l'|activ\w*|turn on|enabled?|bother with"
)
GRAD_ACCUM_OFF_BEFORE: Final = lazy(
    rf"(?<![a-z0-9'])(?:{_ACCUM_NEG})(?: (?:{_ACCUM_FILLER})){{0,3}} ?$"
)
GRAD_ACCUM_OFF_AFTER: Final = lazy(
    r"^(?: ?[:=]| (?:is |est |esta |set to |at |a |en |=|:)?)? ?(?:off|none|no|false|disabled|"
    r"desactivad[ao]|desactivee|apagad[ao]|0|1)(?![a-z0-9]|[.,]\d)"
)


# An optimizer named to be left out: "not with 8-bit adam", "sin usar adamw de 8 bits", "pas d'adam
# 8 bits", "no paged adamw" (the plain AdamW its words still name is then the one read).
_OFF_BEFORE: Final = lazy(
    r"(?<![a-z0-9'])(?:no|not|without|w/o|never|don'?t|do not|instead of|rather than|sin|ni|"
    r"nada de|nunca|en vez de|en lugar de|sans|pas d'?|pas de|pas|jamais|au lieu d'?|au lieu de|"
    rf"plutot que)(?: (?:{_ACCUM_FILLER}|avec|paged_?)){{0,3}} ?$"
)


# "flash attention off", "sdpa: false", "use_flash_attention_2=False", "flash attn desactivado".
_OFF_AFTER: Final = lazy(
    r"^(?: ?[:=]| (?:is |est |esta |set to |a |en )?)? ?['\"]?(?:off|false|disabled?|"
    r"desactivad[ao]|desactivee?|apagad[ao])(?![a-z])"
)


def _attention_named(s: str) -> bool:
    """Whether a memory-efficient attention (SDPA, FlashAttention) is named without being left
    out ("no sdpa", "sin flash attention", "flash_attention_2 = false")."""
    return any(not _OFF_BEFORE.search(s[max(0, m.start() - 40) : m.start()])
               and not _OFF_AFTER.match(s[m.end() : m.end() + 24])
               for m in SDPA.pattern.finditer(s))


def _named(screen: Screened, s: str) -> bool:
    """Whether ``s``, where ``screen`` matches, names the setting without leaving it out (see
    _OFF_BEFORE)."""
    return any(not _OFF_BEFORE.search(s[max(0, m.start() - 40) : m.start()])
               for m in screen.pattern.finditer(s))


def _grad_accumulation(s: str, first: re.Match[str]) -> bool:
    """Gradient accumulation as named (``first`` its first mention): False where every mention
    turns it off, True where one names it without turning it off."""
    for match in GRAD_ACCUM.pattern.finditer(s, first.start()):
        before = s[max(0, match.start() - 40) : match.start()]
        after = s[match.end() : match.end() + 24]
        if not (GRAD_ACCUM_OFF_BEFORE.search(before) or GRAD_ACCUM_OFF_AFTER.match(after)):
            return True
    return False


# --- LoRA targets ---------------------------------------------------------------------------------
ALL_LINEAR: Final = _w(
    r"all[ _-]?linear(?: layers| modules)?|all (?:the )?(?:layers|modules|projections)|"
    r"todas las (?:capas|proyecciones)(?: lineales)?|toutes les (?:couches|projections)"
    r"(?: lineaires)?|target_modules ?[:=] ?['\"]?all[ _-]linear"
)
ATTN_ONLY: Final = _w(
    r"attention only|only attention|attention layers|q ?, ?k ?, ?v ?, ?o(?:_proj)?|"
    r"q_proj ?, ?k_proj ?, ?v_proj ?, ?o_proj|qkvo|"
    r"(?:solo|solamente|unicamente) (?:en |a )?(?:la )?(?:atencion|attention)|"
    r"(?:atencion|attention) (?:solamente|nada mas)|capas de atencion|"
    r"(?:seulement|uniquement) (?:sur )?(?:l'|la couche d')?attention|"
    r"attention (?:seulement|uniquement)|couches d'attention"
)
# A list of projections that names an MLP one ("q,k,v,o,gate,up,down", "target_modules
# q_proj v_proj gate_proj", "gate, up, down"): the projections named, before ATTN_ONLY and QKV
# read its first four as attention alone; "q_proj v_proj" with no comma. Gate, down or a *_proj
# name is in every match.
_PROJ: Final = r"(?:[qkvo]|gate|up|down)(?:_proj)?"
_PROJ_SEP: Final = r"(?:['\"]? ?[,/+&] ?['\"]?| | and | y | et )"
PROJ_LIST: Final = _w(
    rf"(?:{_PROJ}{_PROJ_SEP})*(?:(?:gate|down|up_proj)(?:_proj)?|[qkvo]_proj)"
    rf"(?:{_PROJ_SEP}{_PROJ})*"
)
_PROJ_ORDER: Final = ("q", "k", "v", "o", "gate", "up", "down")


def _projections(listed: str) -> str | None:
    """The projections a PROJ_LIST match names, as lora_targets ("all" for all seven), when it
    holds three of them or a *_proj name ("up and down" alone is not a list of projections)."""
    names = [n.removesuffix("_proj") for n in re.findall(r"[a-z_]+", listed)
             if n not in ("and", "y", "et")]
    if len(names) < 3 and "_proj" not in listed:
        return None
    named = [n for n in _PROJ_ORDER if n in names]
    if len(named) == len(_PROJ_ORDER):
        return "all"
    said = ",".join(named)
    return {"q,k,v,o": "attention", "q,v": "qv"}.get(said, said)

QKV: Final = _w(r"q ?, ?k ?, ?v(?!,? ?o)|q_proj ?, ?k_proj ?, ?v_proj(?!,? ?o)|qkv")
QV: Final = _h(r"q ?(?:,|and|y|et|&|\+) ?v|q_proj ?(?:,|and|y|et|&|\+) ?v_proj|qv")

# --- numbers: generated tokens, prompt, epochs, throughput ------------------------------------------
_K: Final = r"(?P<k>k)?"
# A length said without "tokens" after it: thousands ("2k") or three digits and more ("512").
_BARE_COUNT: Final = r"(?P<{0}>\d{{3,6}}|\d{{1,3}}(?:[.,]\d)?(?= ?k)) ?(?P<k{0}>k)?"
NEW_TOKENS: Final = Screened(
    rf"(?<![a-z0-9])(?:max_new_tokens ?[:=]? ?(?P<a>{NUM_SP}) ?(?P<ka>k)?|"
    rf"(?:generat\w*|generar\w*|gener\w*|output\w*|produc\w*|write|writing|escribir) "
    rf"(?:up to |hasta |jusqu'a )?(?P<b>{NUM_SP}) ?(?P<kb>k)?[ -]?(?:new |nuevos |nouveaux )?"
    rf"tok(?:en)?s?|(?P<c>{NUM_SP}) ?(?P<kc>k)?[ -]?(?:new|nuevos|nouveaux|output|generated|"
    rf"generados|generes) tok(?:en)?s?|(?P<d>{NUM_SP}) ?(?P<kd>k)?[ -]?tok(?:en)?s? "
    rf"(?:de salida|of output|en sortie|generados|generes|generated)|"
    # "2k prompt 512 output", "512 de salida", "512 en sortie": the word "tokens" left out
    rf"{_BARE_COUNT.format('e')} ?(?:output|de salida|en sortie|de sortie)(?!s))(?![a-z0-9])"
)
PROMPT_TOKENS: Final = Screened(
    # not after their count ("200k prompts de 1k tokens": that many prompts of that length)
    rf"(?<![a-z0-9])(?:(?<!\d )(?<!\dk )(?<!\dm )(?<!mil )(?<!mille )"
    rf"prompts? (?:of |de |d'|with |con |avec )?(?:about |around |~ ?)?"
    rf"(?P<a>{NUM_SP}) ?(?P<ka>k)?[ -]?(?:tok(?:en)?s?)?|"
    rf"(?P<b>{NUM_SP}) ?(?P<kb>k)?[ -]?tok(?:en)?s?[ -]?(?:de |of |d')?(?:long )?prompts?|"
    rf"(?P<c>{NUM_SP}) ?(?P<kc>k)?[ -]?tokens? (?:de |d'|of )?(?:entrada|input|entree)|"
    # "2k prompt 512 output", "2048 input", "2k de entrada", "2k en entree": one prompt's
    # length with "tokens" left out (not "10k prompts", a count of them); "a 32k prompt" too,
    # whose prefill parse times when asked (was 32,000 samples to train on without a prefill
    # word: "qwen2.5 7b with a 8k prompt on a 4090")
    rf"{_BARE_COUNT.format('e')} ?(?:prompt|input|de entrada|en entree|d'entree)(?!s))"
    r"(?![a-z0-9])"
)
# "three epochs", "a couple of epochs", "un par de épocas", "huit époques" (was one epoch for
# "a couple of epochs" and "six" to "nine": the words unread).
_EPOCH_WORDS: Final[dict[str, int]] = {
    "one": 1, "una": 1, "un": 1, "une": 1, "two": 2, "dos": 2, "deux": 2, "three": 3,
    "tres": 3, "trois": 3, "four": 4, "cuatro": 4, "quatre": 4, "five": 5, "cinco": 5,
    "cinq": 5, "six": 6, "seis": 6, "seven": 7, "siete": 7, "sept": 7, "eight": 8, "ocho": 8,
    "huit": 8, "nine": 9, "nueve": 9, "neuf": 9, "ten": 10, "diez": 10, "dix": 10,
    "a couple of": 2, "a couple": 2, "couple of": 2, "un par de": 2,
}
EPOCHS: Final = Screened(
    # "3 epochs", "3ep", "3 eps" (glued or abbreviated, digits only), "three epochs"
    # "-2 epochs", "epochs=-2" keep their sign: bot.understand.bounds refuses them.
    # Never the decimals of a fraction ("1.5 epochs" was 5 epochs: see _EPOCHS_FRACTION); "2.0"
    # is 2.
    # "3x epochs": the count with its "x" (was 1 epoch)
    rf"(?<![a-z0-9])(?<!\d[.,])(?:(?:(?P<a>(?:(?<![^ :=])-)?\d{{1,3}})(?:[.,]0{{1,2}})? ?(?:x ?)?|(?P<w>{'|'.join(_EPOCH_WORDS)}) )"
    r"(?:epochs?|epocas?|epoques?|passes|eps?)|(?:epochs?|num_train_epochs|epocas?|epoques?) ?[:=]? ?"
    r"(?P<b>(?:(?<=[ :=])-)?\d{1,3})(?:[.,]0{1,2})?(?![.,]\d))(?![a-z0-9])"
)
# "1.5 epochs", "2,5 épocas", "½ epoch" (digits.py: "0.5"), "num_train_epochs=0.5": a fraction
# of an epoch, which the estimates (whole passes over the data) cannot time; asked back.
_EPOCHS_FRACTION: Final = Screened(
    r"(?<![\w.,])(?P<a>\d{1,3}[.,]\d{1,2}) ?(?:epochs?|epocas?|epoques?|passes|eps?)(?![a-z0-9])"
    r"|(?<![a-z])(?:epochs?|num_train_epochs|epocas?|epoques?) ?[:=] ?(?P<b>\d{1,3}[.,]\d{1,2})(?![.,]?\d)"
)


def epochs_fraction(s: str) -> str | None:
    """A number of epochs said with decimals ("1.5" of "1.5 epochs"), as written; None when none
    is, or when its decimals are zeros ("2.0 epochs" is 2 and read so)."""
    if "." not in s and "," not in s:
        return None
    match = _EPOCHS_FRACTION.search(s)
    if match is None:
        return None
    said = match.group("a") or match.group("b")
    return None if said.rstrip("0").endswith((".", ",")) else said
# A card's model number after an article or "on" ("llama 3 8b on a 4090 tok/s", "on my 3090
# tokens/s", "en mi 3060"), or opening the message ("3090 tok/s llama 3 70b q4 with 2 cards":
# was a measured 3,090 tokens/s and no card): the card whose speed is asked, not a rate ("at
# 3000 tok/s" is one).
_CARD_WORD: Final = "|".join(
    rf"(?<=\b{word} )" for word in (
        "a", "an", "my", "the", "on", "rtx", "gtx", "rx", "mi", "una", "un", "en", "la",
        "ma", "mon", "une", "le", "sur")) + r"|(?<![\s\S])"
CARD_NUMBER: Final = rf"(?:{_CARD_WORD})[1-9]\d[5-9]0(?![\d.,])"
# A number after a count ("on 2x 3090 tokens per second") is the card's, not a rate.
THROUGHPUT: Final = Screened(
    rf"(?<![\w.,])(?<!\dx )(?<!\d x )(?<!\d× )(?!{CARD_NUMBER})(?P<num>{NUM_SP}) ?(?P<k>k)? ?(?:tok(?:en)?s?|tk) ?(?:/ ?s(?:ec(?:ond)?)?|"
    r"per second|por segundo|par seconde|a second|/ ?seg(?:undo)?|x seg(?:undo)?)(?![a-z])"
    r"(?: (?:per|por|par) ?(?:gpu|card|tarjeta|carte))?"
)
# Rates as the tools print them, their name before the figure (folded). Prompt processing
# (prefill), never a decode speed: Ollama's --verbose "prompt eval rate: 1450.21 tokens/s",
# llama.cpp's "prompt eval time = 110.61 ms / 13 tokens ( 8.51 ms per token, 117.53 tokens per
# second)", vLLM's "Avg prompt throughput: 120.5 tokens/s", mlx_lm.generate's "Prompt: 25
# tokens, 150.312 tokens-per-sec" (were judged as the decode speed).
_PRINTED_PREFILL: Final = Screened(
    rf"(?<![a-z])(?:prompt eval rate ?: ?(?P<a>{NUM}) ?tok(?:en)?s?/s|"
    rf"prompt eval time ?= ?(?:[^()]{{0,60}}\( ?)?(?P<ms>{NUM}) ?ms per token"
    rf"(?:, ?(?P<b>{NUM}) ?tokens per second)?|"
    rf"avg prompt throughput ?: ?(?P<c>{NUM}) ?tok(?:en)?s?/s|"
    rf"prompt ?: ?\d+ ?tokens?, ?(?P<d>{NUM}) ?tokens?-per-sec|"
    # llama-bench's table: "| pp512 | 10245.31 ± 21.12 |" (the ± folded away)
    rf"\| ?pp\d{{1,6}} ?\| ?(?P<e>{NUM}) ?(?:\d|\|))"
)
# The decode speed as printed: Ollama's "eval rate: 95.3 tokens/s", llama.cpp's "eval time =
# 2347.84 ms / 127 tokens ( 18.49 ms per token, 54.09 tokens per second)", mlx_lm's
# "Generation: 100 tokens, 45.2 tokens-per-sec", text-generation-inference's
# time_per_token="31.8ms"; vLLM's "Avg generation throughput: 820.3 tokens/s, Running: 16
# reqs": over the requests running together, so all of them (one sequence's is the total / N).
_PRINTED_DECODE: Final = Screened(
    rf"(?<![a-z])(?<!prompt )(?:eval rate ?: ?(?P<a>{NUM}) ?tok(?:en)?s?/s|"
    rf"eval time ?= ?(?:[^()]{{0,60}}\( ?)?(?P<ms>{NUM}) ?ms per token"
    rf"(?:, ?(?P<b>{NUM}) ?tokens per second)?|"
    rf"avg generation throughput ?: ?(?P<c>{NUM}) ?tok(?:en)?s?/s"
    r"(?:[^.;\n]{0,40}?running ?: ?(?P<run>\d{1,5}) ?req)?|"
    rf"generation ?: ?\d+ ?tokens?, ?(?P<d>{NUM}) ?tokens?-per-sec|"
    rf"time_per_token ?= ?\"?(?P<tpt>{NUM}) ?ms|"
    # llama-bench's "| tg128 | 128.52 ± 0.33 |"; SGLang's "Decode batch. #running-req: 32,
    # … gen throughput (token/s): 2900.5" (all the running requests together)
    rf"\| ?tg\d{{1,6}} ?\| ?(?P<e>{NUM}) ?(?:\d|\|)|"
    rf"gen throughput \(tokens?/s\) ?: ?(?P<f>{NUM})|"
    # vLLM's benchmark "Output token throughput (tok/s): 2512.33": all the requests at once
    # ("Maximum request concurrency: 64"), so an aggregate
    rf"output token throughput \(tok(?:en)?s?/s\) ?: ?(?P<h>{NUM})|"
    # koboldcpp's "Generating (100 / 100 tokens) (35.2T/s)"
    rf"generating \( ?\d+ ?/ ?\d+ tokens? ?\) ?\( ?(?P<g>{NUM}) ?t/s ?\))"
)
_SGLANG_RUNNING: Final = lazy(r"#running-req ?: ?(?P<run>\d{1,5})")
# vLLM's benchmark: "Maximum request concurrency: 64", or said ("concurrency 64", "at 64
# concurrent requests")
_BENCH_CONCURRENCY: Final = lazy(
    r"(?<![a-z])(?:maximum request concurrency ?: ?|(?:max[ _-]?)?concurrency ?[:=]? ?)"
    r"(?P<run>\d{1,5})(?!\d|[.,]\d)|(?P<run2>\d{1,5}) concurrent(?: requests| users)?(?![a-z])"
)
# vLLM's start-up line "Maximum concurrency for 8192 tokens per request: 5.23x": the context it
# serves (its --max-model-len), not a count of anything (was 2,048 tokens assumed).
_VLLM_CONCURRENCY: Final = lazy(
    r"(?<![a-z])maximum concurrency for (?P<len>\d{1,3}(?:,\d{3})+|\d{1,7}) tokens per request"
    rf"(?: ?: ?(?P<x>{NUM} ?x)(?![a-z]))?"
)
# A training run's tokens/s as a logger prints it, the name before the figure: wandb's
# "train/tokens_per_second 2150", HF Trainer's "'train_tokens_per_second': 2150.3"
# (include_tokens_per_second: per device), "tokens/sec: 2150" (were not read: the fit alone).
_PRINTED_TRAIN: Final = Screened(
    rf"(?<![a-z])(?:(?:train[/_])?tokens?_per_(?:second|sec|s)['\"]? ?[:=]? ?(?P<a>{NUM})|"
    rf"tok(?:en)?s? ?/ ?s(?:ec)? ?[:=] ?(?P<b>{NUM}))(?!\d|[.,]\d| ?(?:x|gb|b|k|m)(?![a-z]))"
)


# The rest of vLLM's metrics line, read by nothing here: "Swapped: 0 reqs", "Pending: 0
# reqs", "Waiting: 0 reqs", "GPU KV cache usage: 4.1%", "Prefix cache hit rate: 0.0%" (the
# KV cache named there was its size asked, and "0 reqs" a batch).
_VLLM_METRICS: Final = Screened(
    r"(?<![a-z])(?:(?:running|swapped|pending|waiting) ?: ?\d+ ?reqs?|"
    rf"(?:gpu|cpu) kv cache usage ?: ?{NUM} ?%|prefix cache hit rate ?: ?{NUM} ?%)"
)


@dataclass(frozen=True, slots=True)
class Printed:
    """Rates read from a tool's printed output: the decode speed (all the `running` requests
    together when they are said), the prompt processing speed, a training run's tokens/s."""

    decode: Decimal | None = None
    running: int | None = None
    prefill: Decimal | None = None
    training: Decimal | None = None
    prefill_printed: bool = False  # a prefill rate printed, zero (no rate) or not
    decode_printed: bool = False  # a decode rate printed by a serving tool
    context: int | None = None  # the context vLLM's concurrency line is for


# Memory estimators' printed figures, none of them a card's memory nor the system RAM said:
# DeepSpeed's estimate_zero3_model_states_mem_needs_all_live table ("201.94GB | 1.96GB |
# offload_param=cpu , offload_optimizer=cpu , zero_init=1", its "per CPU | per GPU" heading, or
# retyped "per CPU 15.62GB | per GPU 91.14GB"), and accelerate estimate-memory's table
# ("float32 | 3.74 GB | 28.21 GB | 112.83 GB"): were a GPU of 28.21 GB, a 4090 of 1.95 GB.
_DEEPSPEED_ESTIMATE: Final = Screened(
    rf"(?<![\w.]){NUM} ?gb ?\| ?{NUM} ?gb(?: ?\|)?|per (?:cpu|gpu) ?[:=|]? ?{NUM} ?gb|"
    r"per cpu ?\| ?per gpu(?: ?\| ?options)?"
)
_ACCELERATE_ESTIMATE: Final = Screened(
    r"(?<![a-z0-9])(?:float32|float16|bfloat16|int8|int4|fp32|fp16|bf16) ?[:|]?"
    rf"(?: ?\|? ?{NUM} ?(?:gb|mb|kb|tb|bytes|b)(?![a-z])){{1,4}}|"
    # the figure alone: "training using adam" still says what is trained
    rf"(?<=adam) ?[:|]? ?{NUM} ?(?:gb|mb)(?![a-z])"
)
_DEEPSPEED_NEEDLES: Final = ("offload_param", "offload_optimizer", "estimated memory needed",
                             "per cpu")
_ACCELERATE_NEEDLES: Final = ("estimate-memory", "estimate_memory", "largest layer",
                              "training using adam", "memory usage for loading")


def blank_estimates(s: str, blank: Blank) -> None:
    """Blank the figures a memory estimator printed (DeepSpeed's, accelerate's)."""
    for needles, pattern in ((_DEEPSPEED_NEEDLES, _DEEPSPEED_ESTIMATE),
                             (_ACCELERATE_NEEDLES, _ACCELERATE_ESTIMATE)):
        if any(needle in s for needle in needles) and pattern.admits(s):
            for match in list(pattern.pattern.finditer(s)):
                blank(*match.span())


# Every printed rate above holds one of these (a cheap test before the patterns).
_PRINTED_NEEDLES: Final = ("/s", "per sec", "-per-", "_per_s", "time_per", "per token", "| tg", "| pp",
                           "|tg", "|pp")


def _per_ms(raw: str, parse: Parse) -> Decimal | None:
    """Tokens a second of a time per token in milliseconds, to two decimals."""
    ms = parse(raw, False)
    return (Decimal(1000) / ms).quantize(Decimal("0.01")) if ms > 0 else None


def take_printed(s: str, parse: Parse, blank: Blank) -> Printed:
    """The rates of a tool's output pasted (Printed), each span consumed; a zero (vLLM's
    "Avg prompt throughput: 0.0 tokens/s" between two batches) is no rate."""
    context: int | None = None
    if "maximum concurrency" in s and (line := _VLLM_CONCURRENCY.search(s)) is not None:
        # the figures alone: "maximum concurrency" still asks how many sequences fit
        context = int(line.group("len").replace(",", ""))
        for part in ("len", "x"):
            if line.group(part) is not None:
                blank(*line.span(part))
                s = s[: line.start(part)] + " " * (line.end(part) - line.start(part)) \
                    + s[line.end(part):]
    if not any(needle in s for needle in _PRINTED_NEEDLES):
        return Printed(context=context)
    rates: dict[str, Decimal | None] = {}
    running: int | None = None
    for key, pattern in (("prefill", _PRINTED_PREFILL), ("decode", _PRINTED_DECODE),
                         ("training", _PRINTED_TRAIN)):
        match = pattern.search(s)
        if match is None:
            continue
        groups = match.groupdict()
        raw = next((groups[g] for g in ("a", "b", "c", "d", "e", "f", "g", "h") if groups.get(g)), None)
        value = parse(raw, False) if raw is not None else _per_ms(
            groups.get("ms") or groups.get("tpt") or "0", parse)
        rates[key] = value if value is not None and value > 0 else None
        run = groups.get("run")
        if key == "decode" and groups.get("f") and "#running-req" in s:
            sglang = _SGLANG_RUNNING.search(s)
            run = sglang.group("run") if sglang is not None else None
        if key == "decode" and groups.get("h"):
            # the benchmark's concurrency, else no way to say what one request gets: unread
            bench = _BENCH_CONCURRENCY.search(s) if "concurren" in s else None
            run = (bench.group("run") or bench.group("run2")) if bench is not None else None
            if run is None or int(run) < 1:
                rates[key] = None
        if key == "decode" and run and int(run) > 1:
            running = int(run)
        blank(*match.span())
        s = s[: match.start()] + " " * (match.end() - match.start()) + s[match.end():]
    if "reqs" in s or "cache" in s:
        for match in list(_VLLM_METRICS.pattern.finditer(s)) if _VLLM_METRICS.admits(s) else []:
            blank(*match.span())
    return Printed(decode=rates.get("decode"), running=running, prefill=rates.get("prefill"),
                   training=rates.get("training"), prefill_printed="prefill" in rates,
                   decode_printed=rates.get("decode") is not None, context=context)


# A trainer's progress bar, as HF Trainer and Unsloth print it ("1.2it/s", "3.45s/it") or said
# ("0.8 seconds per step", "2 segundos por paso"): optimizer steps a second, or seconds a step.
STEP_RATE: Final = Screened(
    rf"(?<![\w.,])(?P<num>{NUM_SP}) ?(?:(?P<its>it(?:er(?:ation)?)?s? ?/ ?s(?:ec)?(?![a-z])|"
    r"(?:it(?:eration)?s?|steps?|pasos?|iteraci(?:o|ó)n(?:es)?|it(?:e|é)rations?) "
    r"(?:per|por|par|a) seg(?:undo)?|(?:it(?:eration)?s?|steps?|pasos?|iteraci(?:o|ó)n(?:es)?|"
    r"it(?:e|é)rations?) (?:per|a|par) sec(?:ond)?e?)|"
    r"(?P<spi>s(?:ec)? ?/ ?(?:it(?:er(?:ation)?)?|step)(?![a-z])|"
    r"(?:sec(?:ond)?s?|segundos?|secondes?) (?:per|por|par|a) (?:it(?:eration)?|step|paso|"
    r"iteraci(?:o|ó)n|it(?:e|é)ration)))(?![a-z])"
)
# A measured rate in samples ("2.5 samples/s", "3 ex/s", "4 muestras por segundo", HF Trainer's
# "train_samples_per_second': 2.5"): the samples of a dataset over it time the run, as it/s do.
SAMPLE_RATE: Final = Screened(
    rf"(?<![\w.,])(?P<num>{NUM_SP}) ?(?:samples?|examples?|ex|seqs?|sequences?|muestras?|"
    r"ejemplos?|exemples?|echantillons?) ?(?:/ ?s(?:ec(?:ond)?)?|per sec(?:ond)?|a second|"
    r"por segundo|par seconde|/ ?seg(?:undo)?)(?![a-z])|"
    rf"samples_per_second'?\"? ?[:=]? ?(?P<hf>{NUM_SP})"
)
# HF Trainer's final metrics pasted: "'train_steps_per_second': 0.347" (optimizer steps a
# second, as tqdm's it/s; was not read, the fit alone).
HF_STEP_RATE: Final = Screened(
    rf"(?<![a-z])(?:train_)?steps_per_second'?\"? ?[:=]? ?(?P<num>{NUM_SP})(?![\d.,]\d)"
)
# "un millón de tokens", "un million de tokens", "a million tokens", "a billion tokens".
WORD_TOKENS: Final = Screened(
    r"(?<![a-z0-9])(?:un|a|one|une) (?P<mult>millon|million|billion|milliard|mil millones) "
    r"(?:de |d'|of )?tok(?:en)?s?(?![a-z])"
)
_WORD_MULT: Final[dict[str, int]] = {
    "millon": 6, "million": 6, "billion": 9, "milliard": 9, "mil millones": 9,
}
# A serving precision said in words: "bf16", "fp16", "16-bit", "half precision", "fp32".
INFERENCE_16: Final = _w(
    r"bf ?16|bfloat ?16|fp ?16|float ?16|16 ?-?bits?|half[ -]precision|media precision|"
    r"dtype ?[=:]? ?half|"  # vLLM's "--dtype half"
    r"demi[ -]precision|fp ?32|float ?32|full precision|unquanti[sz]ed|sin cuantizar|"
    r"non quantifie"
)

# "fine-tune ... fully", "full parameter", "all parameters": full fine-tuning.
# "fully on gpu", "fully offloaded", "completamente en la gpu", "entierement en vram": where the
# weights go (all layers on the card), not which weights train.
_PLACED: Final = (
    r"(?! ?(?:on|in|into|onto|to|en|dans|sur|a|la|le|the|my|mi|ma)? ?(?:the |la |le |l'|my |mi |ma )?"
    r"(?:gpus?|vram|cards?|graphics|tarjeta|carte|memory|memoria|memoire|offload\w*|loaded|"
    r"cargad\w*|charge\w*|dedans)(?![a-z0-9]))"
)
FULL: Final = _h(
    rf"fully{_PLACED}|all (?:the )?(?:model )?(?:parameters|params|weights)|full[ _-]?param\w*|"
    rf"todos los parametros|todos sus parametros|completamente{_PLACED}|tous les parametres|"
    rf"entierement{_PLACED}|completement{_PLACED}|full[ _-]?weights?|"
    # mlx_lm.lora's "--fine-tune-type full" ("fine_tune_type: full" in its YAML config)
    r"fine[_-]tune[_-]type ?[:=]? ?full|"
    # Pre-training trains every weight: "pretrain a 1B", "from scratch", "desde cero".
    # ("from_pretrained(…)", "a pretrained model": weights loaded, not pre-training)
    r"(?<!from[_ ])(?<!from_)(?<![a-z] a )(?<!the )(?<!^a )pre[ _-]?train\w*|from scratch|desde cero|de cero|pre[ _-]?entren\w*|"
    r"pre[ _-]?entrain\w*|a partir de zero|from zero|depuis zero|de zero"
)

# Training from nothing, not fine-tuning: the reply must not call it fine-tuning.
# Preference tuning: DPO, IPO, ORPO, SimPO and CPO train on chosen/rejected pairs (both go
# through the model in one forward); DPO, IPO and KTO compare with a reference model.
# TRL's configs name them too: "DPOConfig(…)", "GRPOConfig(num_generations=8, …)" (were SFT).
PAIRED: Final = _w(r"dpo|ipo|orpo|simpo|cpo|(?:dpo|orpo|cpo)_?(?:trainer|config)|preference pairs?")
REFERENCED: Final = _w(r"dpo|ipo|kto|(?:dpo|kto)_?(?:trainer|config)")
# Online RL (GRPO, PPO, RLOO, online DPO): the model generates completions while it trains.
ONLINE_RL: Final = _w(
    r"grpo|ppo|rloo|online[ _-]?dpo|(?:grpo|ppo|rloo)_?(?:trainer|config)|"
    r"dapo|dr\.? ?grpo|gspo"
)
# PEFT's prepare_model_for_kbit_training (and its old name, prepare_model_for_int8_training).
KBIT_PREPARE: Final = _w(r"prepare_model_for_(?:kbit|int8)_training|prepare model for kbit(?: training)?")
# GaLore (gradient low-rank projection): "galore", "galore_adamw", "galore_adamw_8bit",
# "q-galore".
GALORE: Final = _w(r"(?:q[ _-]?)?galore(?:_\w+)?")
# Optimizers by the name said beside AdamW's: Lion ("lion", "lion_8bit", "paged_lion_32bit",
# "lion 8-bit": one state, rules/data/detailed.toml training.lion_states), SGD ("sgd",
# "optim=sgd": no state, one momentum buffer with momentum) and Muon, which the estimator does not
# model (its figures are AdamW's, said so). SGD only as an optimizer ("with sgd", "optim=sgd",
# "sgd with momentum"): alone it is also the Singapore dollar.
OTHER_OPTIMIZER: Final = _w(
    r"(?:paged[ _-]?)?lion(?:[ _-]?(?:8|32)[ _-]?-?bits?)?|muon|"
    r"(?<=optim )sgd|(?<=optim=)sgd|(?<=optim: )sgd|(?<=optim=\")sgd|(?<=optimizer )sgd|"
    r"(?<=with )sgd|(?<=using )sgd|(?<=con )sgd|(?<=avec )sgd|"
    r"sgd(?= (?:optimi[sz]er|optimiseur|optimizador|with momentum|momentum))"
)
NO_MOMENTUM: Final = _w(r"momentum ?[:=]? ?0(?![.,]?\d)|(?:no|without|sin|sans) momentum")
# Continued pre-training ("continued pretraining", "continual pre-training", "pre-entrenamiento
# continuo", "pre-entrainement continu") goes on from a trained model's weights: a full
# fine-tune on raw text, not training from scratch (was "to train Mistral 7B from scratch"; also
# hyphenated, "continued-pretrain mistral 7b").
_CONTINUED_BEFORE: Final = (
    r"(?<!continued )(?<!continual )(?<!continue )(?<!continuing )"
    r"(?<!continued-)(?<!continual-)(?<!continued_)(?<!continual_)"
)
_CONTINUED_AFTER: Final = r"(?! continu)"
PRETRAIN: Final = _w(
    # ("from_pretrained(…)", "a pretrained model": weights loaded, not pre-training)
    rf"(?<!from[_ ])(?<!from_)(?<![a-z] a )(?<!the )(?<!^a ){_CONTINUED_BEFORE}"
    rf"pre[ _-]?train\w*{_CONTINUED_AFTER}|from scratch|desde cero|de cero|"
    rf"pre[ _-]?entren\w*{_CONTINUED_AFTER}|pre[ _-]?entrain\w*{_CONTINUED_AFTER}"
    r"|a partir de zero|from zero|depuis zero|de zero"
)


@dataclass
class Settings:
    precision: Precision | None = None
    optimizer: Optimizer | None = None
    cpu_offload: bool | None = None
    offload_params: bool | None = None  # False: ZeRO-3 offloads the optimizer alone
    activation_offload: bool | None = None
    optimizer_in_backward: bool | None = None
    attention: Literal["eager", "sdpa"] | None = None
    flash_attn2: bool = False  # FlashAttention-2 itself named (not SDPA): Ampere or newer only
    compiled: bool | None = None
    chunked_loss: bool | None = None
    cut_ce: bool | None = None  # Cut Cross-Entropy: the loss never stores the logits
    packed: bool | None = None
    fp32_weights: bool | None = None
    lora_targets: str | None = None
    new_tokens: int | None = None
    prompt_tokens: int | None = None
    epochs: int | None = None
    tokens_per_second: Decimal | None = None
    # A tool's printed output (take_printed): the requests its decode rate is over (vLLM's
    # "Running: 16 reqs"), and its prompt processing rate, not a decode speed.
    rate_running: int | None = None
    prefill_rate: Decimal | None = None
    prefill_printed: bool = False  # a prompt processing rate printed, zero or not
    decode_printed: bool = False  # a decode rate a serving tool printed (judged, asked or not)
    dataset_tokens: Decimal | None = None
    grad_accumulation: bool | None = None
    sharding: Literal["fsdp", "zero1", "zero2", "zero3", "ddp", "device_map"] | None = None
    kernels: Kernels | None = None
    lora_dropout: bool | None = None
    kbit_fp32: bool | None = None  # prepare_model_for_kbit_training: unquantized params fp32
    litgpt: bool | None = None  # trained with LitGPT
    mlx: bool | None = None  # mlx_lm.lora's command or flags pasted
    mlx_named: bool = False  # MLX or mlx-lm named ("with mlx", "using mlx_lm")
    pytorch: bool = False  # PyTorch, MPS, PEFT or transformers named ("lora with pytorch mps")
    torchtune: bool | None = None  # trained with torchtune (BF16 adapters)
    # The trainer a pasted command or config runs: "hf" (the Hugging Face Trainer, whose
    # gradient checkpointing is off unless set) or "trl" (TRL's configs, on by default)
    trainer: Literal["hf", "trl", "composer"] | None = None
    # The Trainer's own arguments pasted (TrainingArguments, its flags, TRL's configs or CLI):
    # per_device_train_batch_size left out is its default, 8.
    trainer_batch: bool = False
    tool: Literal["axolotl", "llama_factory"] | None = None  # the training tool named
    # TRL's SFTConfig or `trl sft` pasted: its max_length left out is its default
    sft_config: bool = False
    # Axolotl's YAML pasted: its sequence_len and gradient_checkpointing left out are its own
    axolotl_config: bool = False
    # PEFT's LoraConfig pasted: "targets" where it names target_modules, else "default" (PEFT's
    # per-architecture targets); its r left out is PEFT's default
    # ("trl_default", "trl_targets": TRL's --use_peft, whose rank is its own lora_r)
    peft_config: Literal["default", "targets", "trl_default", "trl_targets"] | None = None
    # Pure BF16 taken from the tool named (MLX, torchtune, Unsloth), not said
    precision_implied: bool = False
    trained_layers: int | None = None  # "--num-layers 8": the last 8 blocks train
    sync_each_batch: bool | None = None  # Accelerate's: no no_sync, gradients stay sharded
    old_bnb: bool | None = None  # bitsandbytes before 0.43.2
    double_quant: bool | None = None  # False: QLoRA's constants not quantized again
    whole_prefill: bool | None = None
    full: bool = False
    pretraining: bool = False
    galore: bool = False  # GaLore named: not modelled, said so
    dora: bool = False  # DoRA named: estimated as LoRA, said so
    # Trained in full beside the adapters (modules_to_save): "embed_tokens,lm_head", one of them
    trained_embeddings: str | None = None
    other_optimizer: str | None = None  # "Muon": not modelled, said so
    paired: bool | None = None  # chosen and rejected answers: two sequences an example
    reference_model: bool | None = None  # a frozen reference copy (DPO, IPO, KTO)
    objective: str | None = None  # "DPO", "ORPO", "KTO"…: the preference objective named
    online_rl: str | None = None  # "GRPO", "PPO"…: completions generated while training
    gpu_layers: int | None = None  # "-ngl 40", "num_gpu 40": the layers put on the GPU
    # "-ot exps=CPU", "--cpu-moe", "experts on cpu": a mixture of experts' routed experts in
    # system RAM; `cpu_moe_layers`: "--n-cpu-moe 30", those of the first 30 layers only.
    expert_offload: bool = False
    cpu_moe_layers: int | None = None
    ram_kind: Literal["ddr4", "ddr5"] | None = None  # "ddr5-6000", "ddr4": the system RAM's
    ram_mts: int | None = None  # its transfers a second said ("ddr5-6000": 6000)
    ram_channels: int | None = None  # "dual channel": 2, "8-channel": 8
    strategies: tuple[str, str] | None = None  # two named to compare: "zero2", "fsdp+offload"
    strategy_named: str | None = None  # one of them named again on its own: the one asked


# Settings() made whole (bot/understand/whole.py): its 59 fields stored one at a time cost a
# question ~10 µs, twice. The type checker sees the class's own constructor.
if TYPE_CHECKING:
    empty_settings = Settings
else:
    empty_settings = made_whole(Settings)


_CHANNELS: Final = {
    "single": 1, "one": 1, "1": 1, "dual": 2, "two": 2, "2": 2, "doble": 2, "double": 2,
    "quad": 4, "four": 4, "4": 4, "cuadruple": 4, "quadruple": 4, "6": 6, "octa": 8,
    "eight": 8, "8": 8, "twelve": 12, "12": 12,
}

Parse = Callable[[str, bool], Decimal]
Blank = Callable[[int, int], None]


def _tokens(raw: str, k: str | None, parse: Parse) -> int:
    # "8k tokens" of prompt or output: as long as an "8k context" (numbers.k_tokens).
    value = parse(raw, True)
    return k_tokens(value) if k else int(value)


def _first(match: re.Match[str], *names: str) -> tuple[str | None, str | None]:
    for name in names:
        if match.group(name):
            return match.group(name), match.group("k" + name)
    return None, None


# What ``read_flags`` searches, but QV and FULL: patterns screened by needles (screen.py).
_SCREENED_FLAGS: Final = (
    PURE_BF16, MIXED, FP32, MLX_TRAINING, PYTORCH_NAMED, NUM_LAYERS, MLX_RUN, FP32_WEIGHTS, PAGED_8BIT, PAGED, ADAM_8BIT, ADAFACTOR, ADAMW_FOREACH,
    ADAMW,
    OPT_IN_BWD, ACT_OFFLOAD, CPU_OFFLOAD_OFF, CPU_OFFLOAD, GPU_LAYERS, EXPERT_OFFLOAD, RAM_KIND,
    RAM_CHANNELS, EAGER, SDPA, NO_COMPILE,
    COMPILE, CHUNKED, CUT_CE_OFF, CUT_CE, UNPACKED, PACKED, ALL_LINEAR, PROJ_LIST, ATTN_ONLY, QKV, NO_DROPOUT, LORA_DROPOUT,
    FREEZE_TUNING, FREEZE_LAYERS, SYNC_EACH_BATCH,
    NO_KERNELS, LIGER, UNSLOTH, LITGPT, TORCHTUNE, HF_TRAINER, TRL, TRL_PASTED, SFT_PASTED, PEFT_CONFIG, USE_PEFT, TRAINER_WRAPPER, AXOLOTL, AXOLOTL_CONFIG, LLAMA_FACTORY, OLD_BNB, NO_DOUBLE_QUANT, DORA, MODULES_TO_SAVE, TRAIN_EMBEDDINGS,
    OTHER_OPTIMIZER, NO_MOMENTUM, TRANSFORMERS, ZERO_STAGE, DS_OFFLOAD_FILE, OPTIMIZER_OFFLOAD, KBIT_PREPARE, GALORE,
    ANSWER_AI, PARAM_OFFLOAD, ZERO3, FSDP, DDP, DEVICE_MAP, GRAD_ACCUM, PRETRAIN, PAIRED,
    REFERENCED, ONLINE_RL, COMPOSER, AXOLOTL_ADAPTER,
)


@cache
def _flag_needles() -> tuple[str, ...]:
    """The needles of every screened setting: a text holding none of them names none."""
    found = {needle for pattern in _SCREENED_FLAGS for needle in pattern.needles()}
    return tuple(sorted(n for n in found if not any(o != n and o in n for o in found)))


@cache
def _flag_screen() -> re.Pattern[str]:
    """Where a needle of a screened setting is (screen.held: one scan for the ~150 of them,
    where an ``in`` each cost three times as much)."""
    return held(_flag_needles())


def read_flags(s: str) -> Settings:
    """The word settings of a folded question (nothing is blanked)."""
    # Most questions name no setting: one scan for the ~150 needles of the ~40 screened patterns
    # instead of a screen each; then only the two patterns that give no needles are searched.
    if _flag_screen().search(s) is not None:
        return _read_flags(s)
    out = empty_settings()
    if QV.search(s):
        out.lora_targets = "qv"  # ALL_LINEAR, ATTN_ONLY and QKV hold a needle
    if FULL.search(s):
        out.full = True
    return out


# An offload set to no device: Accelerate's DeepSpeed config "offload_optimizer_device: none",
# "offload_param_device: none" (huggingface/trl examples/accelerate_configs/deepspeed_zero3.yaml
# @7d75884a), DeepSpeed's '"offload_param": {"device": "none"}': nothing offloaded (was read as
# CPU offload, the key's name alone).
_OFFLOAD_NONE: Final = lazy(
    r"['\"]?offload_(?:optimizer|param)(?:_device['\"]? ?[:=] ?|['\"]? ?: ?\{ ?['\"]?device['\"]? ?: ?)"
    r"['\"]?none(?![a-z])['\"]?"
)


def _read_flags(s: str) -> Settings:
    out = empty_settings()
    if "unsloth" in s and "checkpointing" in s \
            and (ckpt := _CKPT_UNSLOTH.search(s)) is not None:
        # checkpointing on, its activations offloaded; the value names no kernels
        out.activation_offload = True
        s = s[:ckpt.start("v")] + "true" + s[ckpt.end("v"):]
    if FREEZE_TUNING.search(s):
        out.full = True
        layers = FREEZE_LAYERS.search(s)
        count = int(layers.group("n")) if layers is not None else FREEZE_DEFAULT_LAYERS
        # the first n blocks (a negative count) keep every block's activations: a full
        # fine-tune's estimate, an upper bound
        out.trained_layers = count if count > 0 else None
    if (sync := SYNC_EACH_BATCH.search(s)) is not None:
        out.sync_each_batch = sync.group("v") in ("true", "1")
    if "none" in s and "offload_" in s:
        s = _OFFLOAD_NONE.sub(" ", s)
    if PURE_BF16.search(s):
        out.precision = "bf16"
    elif MIXED.search(s):
        out.precision = "mixed"
    elif FP32.search(s) and not FP32_WEIGHTS.search(s):
        out.precision = "fp32"
    elif MLX_TRAINING.search(s) or TORCHTUNE.search(s) or (
            UNSLOTH.search(s) and not NO_KERNELS.search(s)):
        out.precision = "bf16"
        out.precision_implied = True
    if PYTORCH_NAMED.search(s) and not MLX_TRAINING.search(s):
        out.pytorch = True
    if MLX_TRAINING.search(s):
        out.mlx_named = True
        layers = NUM_LAYERS.search(s)
        if layers is not None:
            out.trained_layers = int(layers.group("n"))
        if layers is not None or MLX_RUN.search(s):
            out.mlx = True
    if FP32_WEIGHTS.search(s):
        out.fp32_weights = True
    if PAGED_8BIT.search(s) and _named(PAGED_8BIT, s):
        out.optimizer = "paged_adam8bit"
    elif PAGED.search(s) and _named(PAGED, s):
        out.optimizer = "paged_adamw"
    elif ADAM_8BIT.search(s) and _named(ADAM_8BIT, s):
        out.optimizer = "adam8bit"
    elif ADAFACTOR.search(s):
        out.optimizer = "adafactor"
    elif ADAMW_FOREACH.search(s):
        out.optimizer = "adamw_foreach"
    elif ADAMW.search(s):
        out.optimizer = "adamw"
    if OPT_IN_BWD.search(s):
        out.optimizer_in_backward = True
    if ACT_OFFLOAD.search(s):
        out.activation_offload = True
    rest = ACT_OFFLOAD.sub(" ", s)
    if CPU_OFFLOAD_OFF.search(rest):
        out.cpu_offload = False
    elif CPU_OFFLOAD.search(rest):
        out.cpu_offload = True
    if out.cpu_offload is None and ANSWER_AI.search(s):
        out.cpu_offload = True  # fsdp_qlora's default, said by naming it
    layers = GPU_LAYERS.search(s)
    if layers is not None:
        out.gpu_layers = int(layers.group("n") or layers.group("w"))
    experts = EXPERT_OFFLOAD.search(s)
    if experts is not None:
        out.expert_offload = True
        out.cpu_moe_layers = int(experts.group("n")) if experts.group("n") else None
    ram = RAM_KIND.search(s)
    if ram is not None:
        out.ram_kind = "ddr5" if ram.group("gen") == "ddr5" else "ddr4"
        out.ram_mts = int(ram.group("mts")) if ram.group("mts") else None
    channels = RAM_CHANNELS.search(s)
    if channels is not None:
        word = channels.group("ch") or channels.group("es") or channels.group("fr")
        out.ram_channels = _CHANNELS.get(word) if word is not None else None
    if EAGER.search(s):
        out.attention = "eager"
    elif SDPA.search(s):
        # "no sdpa", "not using flash attn", "sans sdpa", "flash attention off": without a
        # memory-efficient kernel, transformers falls back to eager attention.
        out.attention = "sdpa" if _attention_named(s) else "eager"
        out.flash_attn2 = out.attention == "sdpa" and any(
            "sdpa" not in m.group(0) for m in SDPA.pattern.finditer(s))
    if NO_COMPILE.search(s):
        out.compiled = False
    elif COMPILE.search(s):
        out.compiled = True
    if CHUNKED.search(s) or TORCHTUNE.search(s):
        # torchtune's recipe configs take the loss in chunks: 162 of its 168 SFT configs name
        # torchtune.modules.loss.LinearCrossEntropyLoss (8 output chunks), the other 6
        # CEWithChunkedOutputLoss (pytorch/torchtune recipes/configs @bd2a0fc7).
        out.chunked_loss = True
    if CUT_CE_OFF.search(s):
        out.cut_ce = False
    elif CUT_CE.search(s):
        out.cut_ce = True
    if UNPACKED.search(s):
        out.packed = False
    elif PACKED.search(s):
        out.packed = True
    if ALL_LINEAR.search(s):
        out.lora_targets = "all"
    elif (listed := PROJ_LIST.search(s)) and (projections := _projections(listed.group())):
        out.lora_targets = projections
    elif ATTN_ONLY.search(s):
        out.lora_targets = "attention"
    elif QKV.search(s):
        out.lora_targets = "q,k,v"
    elif QV.search(s):
        out.lora_targets = "qv"
    elif TORCHTUNE.search(s):
        # Every torchtune LoRA/QLoRA/DoRA config adapts q_proj, v_proj and output_proj with
        # apply_lora_to_mlp: True, apply_lora_to_output: False (pytorch/torchtune
        # recipes/configs/*/*lora*.yaml @bd2a0fc7): all but k and the head.
        out.lora_targets = "q,v,o,gate,up,down"
    if NO_DROPOUT.search(s):
        out.lora_dropout = False
    elif (drop := LORA_DROPOUT.search(s)) is not None:
        out.lora_dropout = float(drop.group("p").replace(",", ".")) > 0
    if not NO_KERNELS.search(s):
        if LIGER.search(s):
            out.kernels = "liger"
        elif UNSLOTH.search(s):
            out.kernels = "unsloth"
    if LITGPT.search(s):
        out.litgpt = True
    if TORCHTUNE.search(s):
        out.torchtune = True
    if TRL.search(s):
        out.trainer = "trl"
        out.trainer_batch = TRL_PASTED.search(s) is not None
    elif HF_TRAINER.search(s) and not TRAINER_WRAPPER.search(s) \
            and not AXOLOTL_CONFIG.search(s):
        out.trainer = "hf"
        out.trainer_batch = True
    elif COMPOSER.search(s):
        out.trainer = "composer"
    if SFT_PASTED.search(s):
        out.sft_config = True
    if PEFT_CONFIG.search(s):
        out.peft_config = "targets" if "target_modules" in s else "default"
    elif USE_PEFT.search(s):
        out.peft_config = "trl_targets" if "target_modules" in s else "trl_default"
    if AXOLOTL_CONFIG.search(s):
        out.tool = "axolotl"
        out.axolotl_config = True
        if not AXOLOTL_ADAPTER.search(s):
            out.full = True
    elif AXOLOTL.search(s):
        out.tool = "axolotl"
    elif LLAMA_FACTORY.search(s):
        out.tool = "llama_factory"
    if OLD_BNB.search(s):
        out.old_bnb = True
    if NO_DOUBLE_QUANT.search(s):
        out.double_quant = False
    if TRANSFORMERS.search(s):
        out.whole_prefill = True
    stage = ZERO_STAGE.search(s)
    digit = next((g for g in stage.groups() if g), None) if stage else None
    offload_file = DS_OFFLOAD_FILE.search(s) is not None
    if digit in ("1", "2"):
        out.sharding = "zero1" if digit == "1" else "zero2"
        if out.cpu_offload is None and (offload_file or OPTIMIZER_OFFLOAD.search(s)):
            out.cpu_offload = True
    elif digit == "3" or ZERO3.search(s):
        out.sharding = "zero3"  # also a DeepSpeed config's '"stage": 3'
        if offload_file:
            out.cpu_offload = True
        elif OPTIMIZER_OFFLOAD.search(s):
            out.cpu_offload = True
            if not PARAM_OFFLOAD.search(s):
                # offload_optimizer alone: the bf16 parameters stay on the GPUs, sharded.
                out.offload_params = False
    elif FSDP.search(s):
        out.sharding = "fsdp"
    elif DDP.search(s):
        out.sharding = "ddp"
    elif DEVICE_MAP.search(s):
        out.sharding = "device_map"
    if (accumulation := GRAD_ACCUM.search(s)) is not None:
        out.grad_accumulation = _grad_accumulation(s, accumulation)
    if FULL.search(s):
        out.full = True
    if PRETRAIN.search(s):
        out.pretraining = True
    if GALORE.search(s):
        out.galore = True
    if DORA.search(s):
        out.dora = True
    out.trained_embeddings = _trained_embeddings(
        s, MODULES_TO_SAVE.search(s), TRAIN_EMBEDDINGS.search(s) is not None,
        UNSLOTH.search(s) is not None)
    if (other := OTHER_OPTIMIZER.search(s)) is not None and out.optimizer is None:
        name = other.group(0)
        if "lion" in name:
            out.optimizer = "lion8bit" if "8" in name else "lion"
        elif name == "sgd":
            # torch.optim.SGD keeps a momentum buffer only when momentum is not 0 (its default)
            out.optimizer = "sgd_momentum" if "momentum" in s and not NO_MOMENTUM.search(s) \
                else "sgd"
        else:
            out.other_optimizer = "Muon"
    if KBIT_PREPARE.search(s):
        out.kbit_fp32 = True
    if (paired := PAIRED.search(s)) is not None:
        out.paired = True
    if (referenced := REFERENCED.search(s)) is not None:
        out.reference_model = True
    named = paired or referenced
    if named is not None and "pair" not in named.group(0):
        name = named.group(0).replace("trainer", "").replace("config", "").replace("_", "")
        out.objective = "SimPO" if name == "simpo" else name.upper()
    rl = ONLINE_RL.search(s)
    if rl is not None:
        name = rl.group(0).replace("_", "").replace("trainer", "").replace("config", "") \
            .replace(" ", "")
        out.online_rl = "online DPO" if name.startswith("online") else name.upper()
    return out


def _strategy(said: str) -> str:
    """The code of one strategy of STRATEGY_PAIR: zero1-3, fsdp or ddp, "+offload" with it."""
    if "fsdp" in said or "fully" in said:
        base = "fsdp"
    elif "ddp" in said or "distributed" in said:
        base = "ddp"
    else:
        base = "zero" + next(c for c in said if c in "123")
    return base + ("+offload" if "offload" in said else "")


def strategy_pair(s: str) -> tuple[str, str, str | None] | None:
    """The two strategies a folded question names to compare, in its order, and the one it
    names again on its own ("zero 2 vs zero 3 …, will zero2 fit?": zero2), if any; None when it
    names fewer, or the same one twice."""
    if not any(needle in s for needle in _STRATEGY_NEEDLES):
        return None
    match = STRATEGY_PAIR.search(s)
    if match is None:
        saving = STRATEGY_SAVING.search(s)
        if saving is None:
            return None
        code = _strategy(saving.group("a"))
        return ("ddp", code, code) if code != "ddp" else None
    a, b = _strategy(match.group("a")), _strategy(match.group("b"))
    if a == b:
        return None
    again = STRATEGY_ONE.search(s[: match.start()] + " " + s[match.end():])
    named = _strategy(again.group(0)) if again is not None else None
    return a, b, named if named in (a, b) else None


def strategy_flags(code: str) -> tuple[str, bool]:
    """(Query.sharding, CPU offload) of a strategy code."""
    base, _, offload = code.partition("+")
    return base, bool(offload)


def take_numbers(
    s: str, parse: Parse, blank: Blank
) -> tuple[int | None, int | None, int | None, Decimal | None, Decimal | None]:
    """(new tokens, prompt tokens, epochs, tokens/s per GPU, dataset tokens said in words).
    `parse(raw, prefer_thousands)` reads a number; `blank(start, end)` consumes a match."""
    p = parse
    new = prompt = epochs = None
    rate: Decimal | None = None
    words: Decimal | None = None
    for pattern, kind in ((THROUGHPUT, "rate"), (NEW_TOKENS, "new"), (PROMPT_TOKENS, "prompt")):
        match = pattern.search(s)
        if match is None:
            continue
        if kind == "rate":
            value = p(match.group("num"), True)
            rate = value * 1000 if match.group("k") else value
        else:
            raw, k = _first(match, "a", "b", "c", "d", "e") if kind == "new" else _first(
                match, "a", "b", "c", "e")
            if raw is None:
                continue
            if kind == "new":
                new = _tokens(raw, k, p)
            else:
                prompt = _tokens(raw, k, p)
        blank(*match.span())
        s = s[: match.start()] + " " * (match.end() - match.start()) + s[match.end():]
    match = EPOCHS.search(s)
    if match:
        raw = match.group("a") or match.group("w") or match.group("b")
        epochs = int(raw) if raw.lstrip("-").isdigit() else _EPOCH_WORDS[raw]
        blank(*match.span())
    match = WORD_TOKENS.search(s)
    if match:
        words = Decimal(10) ** _WORD_MULT[match.group("mult")]
        blank(*match.span())
    return new, prompt, epochs, rate, words
