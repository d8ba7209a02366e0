"""A question's facts, as understood from free text: what the engine is asked."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, field_validator

from bot.understand.languages import LANGUAGES
from bot.understand.torchtune_configs import TORCHTUNE_CONFIGS
from rules.schema import MethodId

Intent = Literal[
    "fit", "memory", "cost", "time", "recommend", "compare", "prices", "pay", "alert",
    "alert_list", "alert_remove", "help", "smalltalk", "unknown",
]
# A language code of bot.understand.languages ("en", "es", "fr", …).
Lang = str
INTENTS: tuple[Intent, ...] = (
    "fit", "memory", "cost", "time", "recommend", "compare", "prices", "pay", "alert",
    "alert_list", "alert_remove", "help", "smalltalk", "unknown",
)
Precision = Literal["mixed", "bf16", "fp32"]
Optimizer = Literal[
    "adamw", "adamw_foreach", "adam8bit", "paged_adamw", "paged_adam8bit", "adafactor", "lion",
    "lion8bit", "sgd", "sgd_momentum",
]
Attention = Literal["eager", "sdpa"]
# What a thanks, greeting or goodbye was, so that the reply answers in kind.
Social = Literal["greeting", "thanks", "bye", "ack"]
# Durations said in words with no fixed length, and the hours they were taken as (the reply
# says so): see parse.WEEKEND_HOURS and parse.HALF_DAY_HOURS.
HoursAs = Literal["weekend", "long_weekend", "half_day", "month", "year", "night", "tomorrow", "weekdays", "few",
                  "nonstop"]
# A serving rate asked: tokens an hour or a day, the price of a million or a thousand tokens,
# the tokens a dollar buys.
RateAsked = Literal["hour", "day", "million", "thousand", "dollar"]
LANGS: tuple[Lang, ...] = tuple(language.code for language in LANGUAGES)


_new = object.__new__
_set = object.__setattr__  # a frozen model's own __setattr__ refuses

# The last set of fields Query.with_settings grew: the set it grew (held, so never another
# set at its address), the keys it added in their order, and the result. Every parsed query
# is the empty one's copy with the same ~260 facts (parse._made), and that union cost about
# 50k instructions a question, comparing the keys a fifth of it. Shared as the query's own
# set is: a frozen model's set is never changed.
_last_union: tuple[set[str], list[str], set[str]] | None = None


def _grown(fields: set[str], update: Mapping[str, Any]) -> set[str]:
    """`fields` with the keys of `update`: the last such set when it grew the same set by the
    same keys."""
    global _last_union
    keys = list(update)
    last = _last_union
    if last is not None and last[0] is fields and last[1] == keys:
        return last[2]
    grown = fields | update.keys()
    _last_union = (fields, keys, grown)
    return grown


class Query(BaseModel):
    model_config = ConfigDict(frozen=True)

    text: str
    lang: Lang | None = None  # the language the text is written in, best guess
    lang_sure: bool = False  # the guess is clear enough to outrank the user's Telegram language
    intent: Intent = "unknown"
    params_b: Decimal | None = None  # model size in billions (from a named model or "70B")
    model_id: str | None = None  # a named model of the catalogue
    family: tuple[str, ...] = ()  # a family named without a size: its models, to ask which
    family_name: str | None = None  # shown for it when the names share none ("Qwen Coder")
    # A brand and a size with no version ("qwen 7b", "llama 8b"): the catalogue model it most
    # likely means (Qwen2.5 7B), whose shape the detailed estimates assume; the planning rule
    # stays the size's.
    shape_model: str | None = None
    method: MethodId | None = None  # None: answer for every method of the kind
    # "phi-4 lora vs full finetune … how long": the methods weighed, in the order said (method
    # is then None); () when fewer than two were named.
    methods_named: tuple[MethodId, ...] = ()
    # "qlora on a 4090 vs full ft on an a100": each card compared trained its own way, in the
    # order (gpu, other_gpus[0]); None unless two methods and two cards are said in turn.
    side_methods: tuple[MethodId, MethodId] | None = None
    # "qlora vs lora on a 3090 for llama 3.1 8b, which is faster": with no data to time, each
    # method's training tokens/s on the card asked (bot.answer MethodSpeed).
    method_speed_asked: bool = False
    # "what's faster for training, 2x 3090 or 1x 4090": two configurations' speed weighed, no
    # model named: their throughput leads (not the largest model each holds).
    cards_speed_asked: bool = False
    inference: bool = False  # "run"/"serve"/"inference" questions use the inference methods
    gpu: str | None = None  # catalogue GPU id
    gpu_text: str | None = None  # a GPU-like word not in the catalogue, as written ("H1000")
    closed_model: str | None = None  # a model with unpublished weights, as written ("GPT-4")
    # "how much ram to merge a 70b lora": the memory the merge holds (rules.merge), not a run's
    merge_asked: bool = False
    # "how much vram does liger kernel save for …": the estimate with and without the kernels
    kernels_saving_asked: bool = False
    # "unsloth or axolotl for qlora llama 3 8b": the two weighed (kernels_saving_asked too)
    tools_weighed: bool = False
    # A model named that the catalogue does not know, as folded ("foobar 9"): said unknown.
    unknown_model: str | None = None
    other_gpus: tuple[str, ...] = ()  # further GPUs named (compare: gpu vs other_gpus[0])
    other_gpu_count: int | None = None  # the count written with other_gpus[0] ("dos H200")
    # Different cards owned together ("1x3090 and 1x4090", "a 3090 + a 4090 in one box"), as
    # (id, count) in the order named: the reply is for `gpu_count` of `gpu`, the card that
    # bounds an even share (bot.understand.hardware.one_rig), and says so.
    rig: tuple[tuple[str, int], ...] = ()
    # A GGUF served on that machine of cards of different memory: llama.cpp's layer split
    # (--tensor-split) fills each card to its own size, so `gpu_memory_gb` is the machine's
    # memory over its cards, not the smallest card's.
    rig_layer_split: bool = False
    # Compared with another machine of different cards ("is a 3090 and a 4090 better than 2
    # 3090s": `rig` the first, this the second when it joins different cards), answered as
    # `other_gpu_count` of `other_gpus[0]`, the card that bounds its even share.
    other_rig: tuple[tuple[str, int], ...] = ()
    # Never read from a text: a count said alone that is asked back, never guessed
    # (bot.understand.followup): after different cards described together ("¿y 8?", "and with
    # eight?" after 2× 3090 + 1× 4090) which card it counts; a bare digit after a run on one
    # card ("and 8?" after 70B on 2× H100) that many cards or a model of that size.
    count_unclear: int | None = None
    # ... and after a run on cards counted for hours ("and 8?" after QLoRA 70B on 2× H100 for
    # 10 hours): that many cards or that many hours, the answers offered.
    count_or_hours: bool = False
    # "how much for 1.5.3 hours": a number with a unit that is not well formed, as written;
    # asked back, never read as another number (numbers.malformed_number)
    malformed_number: str | None = None
    # "1.5 epochs", "½ epoch": a fraction of an epoch, as written; asked back (the estimates
    # time whole passes over the data), never read as another count (was 5 epochs, 2 epochs)
    epochs_fraction: str | None = None
    # "batch 2.5", "1.5 gpus", "NaN tokens", "0 examples", "lr 1e309": a count that cannot be
    # used, as (kind, slot, as written) (bot.understand.unusable); the reply says which, never
    # the defaults in its place (was batch 1, one GPU, "how many tokens?")
    unusable: tuple[str, str, str] | None = None
    gpu_count: int | None = None
    gpu_memory_gb: Decimal | None = None  # Apple silicon: the unified memory the user stated
    # "how much to lora a 70b on h100s for 10 hours": the card named in the plural with no
    # count (hardware.GpuMention.plural): as many as the run needs (bot.answer._plural_count)
    gpu_plural: bool = False
    gpu_variant_assumed: bool = False  # a bare name ("A100") read as one of its memory variants
    # The memory said for `gpu` when no card of that name has it ("8gb vram laptop 3060"): the
    # answer is on the datasheet's, and the reply says so (hardware.GpuMention.said_gb)
    gpu_memory_said_gb: Decimal | None = None
    # Electricity asked ("how much would it cost in electricity", "la luz a 0,20 €/kWh"): the
    # price of a kWh said, in `kwh_currency` (ISO 4217; None: no currency said), and each
    # card's watts said ("mi 4090 consume 450W"); else its board power on file
    # (rules/electricity.py). bot.understand.power reads them.
    electricity_asked: bool = False
    kwh_price: Decimal | None = None
    kwh_currency: str | None = None
    board_watts: Decimal | None = None
    gpu_colab: bool = False  # `gpu` is Google Colab's ("colab pro a100"): a rented notebook's card
    # compare: `other_gpus[0]` is Google Colab's ("is my 3060 better than colab"), as gpu_colab
    other_gpu_colab: bool = False
    # `gpu` / `other_gpus[0]` is a paid Colab plan's named with no card ("on colab pro"): the
    # plans' GPU with the most memory (gpus_owned.toml [colab])
    gpu_colab_plan: bool = False
    other_gpu_colab_plan: bool = False
    # `gpu` / `other_gpus[0]` is Kaggle's ("can i qlora 7b on kaggle": its two T4s): a free
    # notebook's GPUs, not the user's own
    gpu_kaggle: bool = False
    other_gpu_kaggle: bool = False
    # `gpu` was read from a cloud instance type ("sagemaker ml.g5.2xlarge", "aws g5.12xlarge"),
    # as written: a rented machine's GPUs, not the user's own
    gpu_instance: str | None = None
    vram_gb: Decimal | None = None  # a GPU given only by its memory ("a 48 GB GPU")
    hours: Decimal | None = None
    other_hours: Decimal | None = None  # compared: the hours said for the other side  # wall-clock hours
    hours_as: HoursAs | None = None  # "the weekend" was taken as 48 hours
    # "1.000 hours", "2.500 hours" in English: the number as said, its dot read as grouping
    # thousands when three zeros follow it, else as English decimals (the reply says which).
    hours_dot: str | None = None
    # "8 hours a day for a month": the hours used each day (and days of a week) that `hours`
    # counts over the span; with no span said, `hours` is one day's.
    hours_per_day: Decimal | None = None
    days_per_week: int | None = None
    # "25 hours a day", "8 hours a day for 9 days a week": (hours a day, days a week) as said,
    # more than a day or a week holds; answered with that, not priced.
    impossible_day: tuple[Decimal, int] | None = None
    # "it took 6 h on my 3090, how long on an H100?": `hours` were measured on `gpu`, not hours
    # to rent; another card's time is scaled from them (rules.compare.scale_hours).
    hours_measured: bool = False
    # "my run on a 4090 is estimating 30 hours for qlora llama 3.1 8b, is that normal": those
    # hours judged, answered with what they train there by the estimate (bot.answer `within`).
    time_judged: bool = False
    # "…, 3 hours per epoch, 10k samples of 2k tokens, 3 epochs, is that normal?": the hours
    # judged are one epoch's, held against one epoch's tokens (were against all three).
    hours_per_epoch: bool = False
    # "i get 0.3 it/s on a T4 with qlora llama 3.1 8b, is that normal": the rate measured and
    # its unit (tokens/s per GPU, optimizer steps a second, seconds a step), held against the
    # training-speed estimate on the card asked; "what it/s should i expect": the unit alone.
    rate_judged: Decimal | None = None
    rate_judged_unit: Literal["tokens", "it_s", "s_it", "samples"] | None = None
    # "what it/s should i expect", "how many samples per second": the step rate asked with no
    # figure (rate_judged_unit "it_s"), as the question's text words it: "steps" (it/s, s/it,
    # time per step) or "samples" (samples a second: the tokens/s lead); None when its text
    # asks none (asks.step_rate_asked). Render's steps lead reads it, not the text.
    step_rate_asked: Literal["steps", "samples"] | None = None
    threshold_usd: Decimal | None = None  # alerts: "below $2"
    # "when 8x h100 gets under 15/hr": the count and the sum said of the configuration,
    # threshold_usd being that sum per GPU (alerts follow the price per GPU)
    threshold_config: tuple[int, Decimal] | None = None
    direction: Literal["below", "above"] | None = None
    percent: Decimal | None = None  # alerts: "moves of 10 %"
    # "actually make it 2.1" right after an alert: the threshold (or percent) of the alert just
    # set that this one replaces
    replaces_limit: Decimal | None = None
    # Never read from a text: "y la a100 también" after "avísame si la H100 baja de 2 $", the
    # A100 already under $2: the card and threshold of the alert before, whose distance from
    # that card's price the threshold set here keeps (followup.alert_as_before)
    threshold_scaled_from: tuple[str, Decimal] | None = None
    # alert_remove: "stop all my alerts" (else the alerts of `gpu`); alert: no card named but
    # every one priced ("tell me when prices change")
    alert_all: bool = False
    alert_number: int | None = None  # alert_remove: "delete alert 2", "the first one" (/alerts' list)
    # Never read from a text: the card of the alert the chat set last, kept beside the questions
    # asked after it (bot.conversation), for "cancel the alert" then.
    alert_kept: str | None = None
    # Never read from a text: the cards of the alerts the chat's last message set, when it set
    # several (bot.conversation), for "cancel both" then.
    alerts_set: tuple[str, ...] = ()
    # Never read from a text: a number alone read as one of two ("and 8?" after 2× H100 for 10
    # hours, read as 8 GPUs), the other reading: the unit it gives the number, its count and
    # hours ("hours", 2, 8), which "8 hours" or "i meant hours" then asks
    # (bot.understand.followup).
    other_reading: tuple[Literal["hours", "gpus"], int, Decimal] | None = None
    # Never read from a text: the message that asked models at the same time on a card, kept
    # on each model's reply (bot.pipeline), for "and on an a100?" then: the models again, there.
    together_text: str | None = None
    # Never read from a text: "8 of what?" was asked back of this run (a number alone after it
    # on counted cards with hours), which "hours" or "gpus" then answers (bot.conversation).
    number_unclear: int | None = None
    social: Social | None = None  # smalltalk: what kind
    seq_len: int | None = None
    # "num_ctx 8192 vs 32768", "--max-model-len 8k vs 32k": a second context to set beside
    # seq_len, the memory at each (bot.answer ContextPair)
    seq_len_other: int | None = None
    batch_size: int | None = None
    dataset_tokens: Decimal | None = None
    dataset_samples: int | None = None  # "10k samples" said without their length
    # "20k examples, seq 1024": dataset_tokens counted at the sequence length, an upper bound.
    samples_at_seq_len: int | None = None
    # "10k samples of 2k tokens": the samples counted (dataset_tokens holds the product), so
    # "and 20k samples?" next is that dataset at 20k of the same samples.
    samples_counted: int | None = None
    # "5000 examples avg 300 tokens": one sample's average length (dataset_tokens holds the
    # product); unpacked at batch 1 each step is one sample, so the detailed estimate runs at it.
    sample_len_avg: int | None = None
    # Preference pairs counted ("DPO on 30k pairs of 1024 tokens"): dataset_tokens holds both
    # answers of each pair, twice the pairs' count times their length.
    pairs_doubled: bool = False
    lora_rank: int | None = None
    # "difference between lora rank 8 and rank 256", "r=16 vs r=64": the second rank named,
    # estimated beside the first (bot.answer.RankPair)
    lora_rank_other: int | None = None
    grad_ckpt: bool | None = None
    # Settings of a run the detailed estimator reads (None: not said, defaults apply).
    lora_targets: str | None = None  # "all", "attention", "qv", "q,k,v"
    precision: Precision | None = None  # full fine-tuning: mixed (fp32 master) or pure bf16
    optimizer: Optimizer | None = None
    cpu_offload: bool | None = None  # FSDP / ZeRO-3 offload of parameters and optimizer
    # ZeRO-3 with offload_optimizer alone ("zero3, offload_optimizer cpu"): False, the
    # parameters stay on the GPU (DeepSpeed's offload_param is a key of its own).
    offload_params: bool | None = None
    activation_offload: bool | None = None
    optimizer_in_backward: bool | None = None  # "fused optimizer", "optimizer_in_bwd"
    attention: Attention | None = None  # eager keeps the s² scores; SDPA/flash does not
    # FlashAttention-2 named ("flash attention 2", "fa2", "attn_implementation=flash_attention_2"):
    # flash-attn runs on Ampere or newer only, said on an older card (SDPA runs there).
    flash_attn2: bool = False
    compiled: bool | None = None  # torch.compile
    chunked_loss: bool | None = None  # chunked cross-entropy
    grad_accumulation: bool | None = None
    # FSDP or DeepSpeed ZeRO-3 (sharded); DDP (replicated) or device_map="auto" (layers split)
    sharding: Literal["fsdp", "zero1", "zero2", "zero3", "ddp", "device_map"] | None = None
    # Two strategies named to compare ("zero2 or zero3", "fsdp vs ddp", "zero3 vs zero3
    # offload"): codes of settings.strategy_pair, estimated each (bot.answer.StrategyChoice).
    strategies: tuple[str, str] | None = None
    strategy_named: str | None = None  # one of them named again alone ("will zero2 fit?")
    kernels: Literal["unsloth", "liger"] | None = None  # a training library's fused kernels
    lora_dropout: bool | None = None  # LoRA dropout above 0 (PEFT keeps a dropped copy)
    # PEFT's prepare_model_for_kbit_training named: a quantized base's unquantized parameters
    # (embeddings, output head, norms) in fp32.
    kbit_fp32: bool | None = None
    litgpt: bool | None = None  # trained with LitGPT (its untied head, its chunked loss)
    mlx: bool | None = None  # mlx_lm.lora run as pasted: its defaults where none is said
    # MLX named in words ("with mlx", "using mlx-lm", "mlx_lm"): the trainer said, its
    # defaults where they hold on the Mac (bot.detail)
    mlx_named: bool = False
    # PyTorch named as the framework ("with pytorch mps", "peft", "transformers"): on a Mac,
    # the run is as said, not mlx-lm's (bot.detail.mlx_assumed)
    pytorch: bool = False
    torchtune: bool | None = None  # trained with torchtune: its LoRA weights in the model's BF16
    # The torchtune recipe config named ("llama3/8b_lora_single_device"): what is not said is
    # its own (bot.understand.torchtune_configs)
    torchtune_config: str | None = None
    # The trainer a pasted command or config runs: "hf" (Hugging Face Trainer: gradient
    # checkpointing off unless set) or "trl" (TRL's configs: on by default); or the trainer
    # named, "composer" (MosaicML's llm-foundry: FSDP gradients reduce-scattered every
    # micro-batch, bot.detail)
    trainer: Literal["hf", "trl", "composer"] | None = None
    # grad_ckpt is False because the Hugging Face Trainer named leaves it off, not because it was
    # said (the reply says whose default it is)
    ckpt_by_trainer: bool | None = None
    # batch_size is 8 because the pasted Trainer arguments leave it out (its default), not said
    batch_by_trainer: bool | None = None
    # Axolotl or LLaMA-Factory named: the next step is the tool's (bot.render.tool_lines)
    tool: Literal["axolotl", "llama_factory"] | None = None
    # TRL's SFTConfig pasted: the sequence left unsaid is its max_length default (bot.detail)
    sft_config: bool | None = None
    # Axolotl's YAML pasted: the sequence_len and gradient_checkpointing left unsaid are its
    # defaults, 512 and off (bot.detail)
    axolotl_config: bool | None = None
    # PEFT's LoraConfig pasted: "default" without target_modules (PEFT's per-architecture
    # targets), "targets" with them; either way the rank left unsaid is PEFT's (bot.detail)
    # ("trl_default", "trl_targets": TRL's --use_peft, its own lora_r 16, PEFT's targets)
    peft_config: Literal["default", "targets", "trl_default", "trl_targets"] | None = None
    # mlx_lm's --num-layers: only the last this many blocks train (-1: every block)
    trained_layers: int | None = None
    old_bnb: bool | None = None  # bitsandbytes before 0.43.2: 4-bit linears keep their inputs
    # Accelerate's sync_each_batch: gradients reduce-scattered each micro-batch (no no_sync)
    sync_each_batch: bool | None = None
    double_quant: bool | None = None  # False: QLoRA without double quantization
    # The embedding table and/or output head trained in full beside LoRA (PEFT's
    # modules_to_save, Unsloth's embedding_learning_rate): "embed_tokens,lm_head" or one of them
    trained_embeddings: str | None = None
    cut_ce: bool | None = None  # Cut Cross-Entropy (apple/ml-cross-entropy): no logits stored
    packed: bool | None = None  # packed dataset (every sequence filled to seq_len)
    fp32_weights: bool | None = None  # base loaded without torch_dtype (fp32)
    new_tokens: int | None = None  # inference: tokens to generate
    prompt_tokens: int | None = None  # inference: prompt length
    whole_prefill: bool | None = None  # inference: the prompt in one forward (transformers)
    epochs: int | None = None
    pretraining: bool = False  # "from scratch", "pretrain", "desde cero": not a fine-tune
    # Trained from scratch with no tokens or hours said: dataset_tokens holds Chinchilla's
    # compute-optimal count (rules.data_size.compute_optimal_tokens), said to be an assumption.
    tokens_compute_optimal: bool = False
    paired: bool | None = None  # DPO/ORPO/SimPO: chosen and rejected, two sequences an example
    reference_model: bool | None = None  # DPO/IPO/KTO: a frozen reference model
    objective: str | None = None  # "DPO", "ORPO", "KTO": the preference objective named
    tokens_per_second: Decimal | None = None  # the user's measured throughput per GPU
    # A serving tool's output pasted: the requests its decode rate (tokens_per_second) is over
    # together (vLLM's "Avg generation throughput: 820.3 tokens/s, Running: 16 reqs"), judged
    # against the batch's bound; and the prompt processing rate it printed (Ollama's "prompt
    # eval rate"), judged against prefill's, never as a decode speed.
    rate_running: int | None = None
    prefill_rate_seen: Decimal | None = None
    serving_precision_said: bool = True  # False: an inference question names no precision
    # "llama 3 8b in fp8 on a 3090": FP8 named as the 8-bit serving precision (a card without
    # FP8 math then runs it weight-only, said so).
    fp8_weights: bool = False
    # "vllm serve … --dtype half", "mistral 7b in fp16 on a t4": FP16 named as the 16-bit
    # serving precision. Same 2 bytes a value as BF16, so only the names change (said FP16).
    fp16_weights: bool = False
    # Serving read from a context length or a weak verb alone ("and with 8k context?", "what if
    # I use bs 8?"): no serving word, format or precision. A follow-up of a training question
    # keeps its training method.
    serving_implied: bool = False
    # A quantized weight format the user named for serving: a GGUF type ("Q4_K_M"), "AWQ",
    # "GPTQ", "EXL2" or bits per weight ("bpw"). A setting of the run: the detailed estimate
    # (those bits, the KV cache at the context, the runtime's overhead) leads, not the
    # planning rule's 4- or 8-bit margin (bot.detail.wants_details).
    quant: str | None = None
    # A size written without its type ("q5"), as written: `quant` is the type it is read as
    # (Q5_K_M, quant_types.toml's bare_names), an assumption the reply says.
    quant_bare: str | None = None
    # No precision said beside the system RAM ("16gb vram + 64gb ram, can i run qwen3 235b"):
    # llama.cpp's GGUF Q4_K_M assumed (bot.answer._ram_quant), said in the reply.
    quant_assumed: bool = False
    # "gemma 3 27b qat": the publisher's quantization-aware-trained release is what `quant` is
    # (Google's Q4_0 files, quant_types.toml qat_releases), which the reply says.
    qat: bool = False
    # Quantized formats compared ("AWQ vs GGUF", "q4_k_m or q5_k_m", "fp16 vs q8 vs q4"):
    # their methods, two or more in the order named, answered side by side (`method` and
    # `quant` are the first's).
    quant_pair: tuple[str, ...] | None = None
    # An EXL2 named without its bits per weight ("exl2 vs gguf"): read as 4-bit, said so.
    exl2_unsized: bool = False
    # A local GGUF runner named ("with ollama", "in LM Studio"): its id in quant_types.toml's
    # runners; `runner_type_assumed`: no type was named, so `quant` is that runner's default
    # type (Q4_K_M), an assumption the reply says.
    runner: str | None = None
    runner_type_assumed: bool = False
    # No precision, runner nor engine said, and nothing fits one's own card: the speed is
    # answered as llama.cpp runs it (bot.answer._speed_offloaded), `runner` and `quant` assumed
    # both, which the reply says.
    runner_assumed: bool = False
    # No context said and Ollama named: `seq_len` is the context Ollama picks by itself for the
    # configuration's GPU memory (rules.capacity.ollama_default_context), which the reply says.
    context_default: str | None = None
    # A stated sequence past the positions the model learned (GPT-2's n_positions, 1,024): the
    # length said, while `seq_len` is the model's last position, the longest it can read.
    seq_len_beyond: int | None = None
    # No method said and one assumed for the answer (a budget's hours are reckoned for QLoRA's
    # configuration): the reply says which, and how to ask for another.
    method_assumed: bool = False
    # The serving engine named ("vllm serve …", "with vllm"): "vllm", whose default
    # --gpu-memory-utilization bounds the longest context it serves (bot.detail.longest_context).
    engine: str | None = None
    # vLLM's command line typed ("vllm serve <model>"), or vLLM said not to start ("vllm wont
    # start", "no arranca"): the checkpoint is served in its published precision unless a flag
    # says otherwise, even where those weights do not fit.
    engine_command: bool = False
    # The KV cache's type named ("--kv-cache-dtype fp8", "-ctk q8_0", "q4 kv cache"): its key in
    # rules/data/detailed.toml kv_cache, whose bytes a value replace BF16's.
    kv_cache_type: str | None = None
    # llama.cpp's V cache when its type is not the K cache's: "-ctk q8_0" alone leaves it at
    # "f16" (llama.cpp's default), "-ctk q8_0 -ctv q4_0" sets it apart. None: the same as K.
    kv_cache_type_v: str | None = None
    # vLLM's share of each GPU said ("--gpu-memory-utilization 0.95"): the budget its longest
    # context and its concurrency are searched within, instead of its default 0.9.
    gpu_memory_utilization: Decimal | None = None
    # SGLang's "--mem-fraction-static 0.8": the share of each GPU that holds the weights and the
    # KV cache pool (unset: its start-up rule, rules.capacity.sglang_mem_fraction_static).
    mem_fraction_static: Decimal | None = None
    # "what --gpu-memory-utilization should i set": the flag named with no value, the least
    # share that holds the run asked for (vLLM serves it).
    utilization_asked: bool = False
    # vLLM's "--max-num-seqs 64": the most sequences its scheduler runs together, a ceiling
    # (not memory it reserves) set against how many fit at once (the concurrency answer).
    max_num_seqs: int | None = None
    # vLLM's "--max-num-batched-tokens 16384": the tokens one step pushes through, whose
    # prefill working set its start-up profile takes from its share (else its default for
    # the card: rules.capacity.vllm_batched_tokens).
    max_num_batched_tokens: int | None = None
    # vLLM's "--enforce-eager": no CUDA graphs captured, so none of their memory is reserved
    # within its share (rules.capacity.vllm_share_parts).
    enforce_eager: bool = False
    # vLLM's "--block-size 32": the tokens of a KV cache block (rules.capacity.vllm_kv_capacity;
    # None: its default on CUDA, 16).
    kv_block_size: int | None = None
    # vLLM's "--cpu-offload-gb 20": GiB of each GPU's weights kept in CPU RAM (pinned) and read
    # over PCIe in every forward pass, off the weights the GPU holds (rules/data/serving.toml
    # vllm.cpu_offload_gb).
    cpu_offload_gib: Decimal | None = None
    # vLLM's "--pipeline-parallel-size 2": the GPUs (gpu_count) are that many stages of
    # --tensor-parallel-size each; the memory per GPU is estimated as split over all of them.
    pipeline_parallel: int | None = None
    # "why does vllm take 90% of my vram": its preallocation explained before the rest.
    vllm_share_asked: bool = False
    # The share the user sees it take, as a fraction ("90%" -> 0.9): vLLM's default before
    # v0.21.0 is answered as an older release's (rules/data/serving.toml).
    vllm_share_seen: Decimal | None = None
    # "-ngl 40", "num_gpu 40": the layers the user puts on the GPU (llama.cpp / Ollama), checked
    # against the layer split of a GGUF model the card cannot hold whole.
    gpu_layers: int | None = None
    # "-ot exps=CPU", "--cpu-moe", "experts on cpu": a mixture of experts served by llama.cpp
    # with its routed experts in system RAM (rules.offload.expert_split); `cpu_moe_layers`:
    # "--n-cpu-moe 30", the experts of the first 30 layers only.
    expert_offload: bool | None = None
    cpu_moe_layers: int | None = None
    # The system RAM said ("ddr5-6000 dual channel", "ddr4"): its kind, speed (MT/s) and
    # channels, the bandwidth what is kept there is read at (else dual-channel DDR5-5600).
    ram_kind: str | None = None
    ram_mts: int | None = None
    ram_channels: int | None = None
    # Serving: the system RAM the user said ("4090 + 64gb ram"), against what a layer split
    # leaves there; training with CPU offload ("zero 3 offload … 64gb de ram"): against what is
    # offloaded there (bot.answer._host_ram_short).
    system_ram_gb: Decimal | None = None
    # The memory the user's own run is seen to use ("uses 14gb", "nvidia-smi shows 60gb per
    # gpu"), per GPU unless observed_total (said as a total over the GPUs): compared with the
    # detailed estimate (bot.render.lines.observed_line).
    observed_gb: Decimal | None = None
    observed_total: bool = False
    # Ollama's "model requires more system memory (X) than is available (Y)" pasted: Y, in
    # system_ram_gb, is its free RAM plus free swap (ram_free), X what it would keep there.
    ram_free: bool = False
    ram_needed_gb: Decimal | None = None
    # "What quant of llama 3 70b can I run on my 4090?": which GGUF type, none named; answered
    # with the largest type whose detailed estimate fits (bot.answer._quant_pick).
    quant_asked: bool = False
    details: bool = False  # "details", "breakdown", "desglose", "détail"
    follow_up: bool = False  # completed from the previous question in the chat
    # "and how much?" right after a time asked: the cost of the run just timed, where it was
    # timed (bot.detail: on the fewest of a card asked that hold it), not where it costs least.
    cost_of_timed: bool = False
    largest: bool = False  # "the largest model I can QLoRA on 24 GB": no size, the memory asks it
    largest_said: bool = False  # ... in a superlative ("biggest"), not "what can I train"
    coding: bool = False  # a coding use named ("best coding model for a 4090")
    # "do i need to accept a license for llama 3 8b": whether its weights are gated leads
    licence_asked: bool = False
    # "how long to download llama 3 70b (on 100mbps)": the weights' size on disk and the time
    # at the link speed said (link_mbps, megabits per second; None: not said), bot.answer.
    download_asked: bool = False
    link_mbps: Decimal | None = None
    link_bytes: bool = False  # the speed was said in bytes a second ("40 MB/s")
    # "how much disk space for llama 3 70b": the files' size is the question, not the time
    disk_asked: bool = False
    # "how much disk space do i need to finetune llama 3 8b": the download and the checkpoints a
    # training run saves (bot.answer.TrainDisk); `save_total_limit`: how many it keeps, if said
    train_disk_asked: bool = False
    save_total_limit: int | None = None
    # "vllm --max-model-len 32k": vLLM reads a lowercase k as 1,000 (seq_len 32,000), said in the
    # reply beside what "32K" would be.
    vllm_k_decimal: bool = False
    # "enough vram?": the card's memory alone is asked; a layer split to RAM does not lead.
    vram_enough_asked: bool = False
    memory_amount_asked: bool = False  # "how much vram will it use": the figure is the question
    count_asked: bool = False  # "how many A100s do I need?": the count is the question
    # "how many a100s and how long to qlora llama 3.1 70b on 120M tokens": the count and the
    # run's time there, both asked (the time follows the count's lead).
    count_time_asked: bool = False
    # "how much is an h100 per minute?", "¿cuánto cuesta por minuto?": a price by the minute
    per_minute: bool = False
    budget_usd: Decimal | None = None  # "I have $500, how many H100 hours?"
    # "a budget between $20 and $30": the lower end of the band (budget_usd its top, what
    # there is to spend; the reply says the top was taken).
    budget_low_usd: Decimal | None = None
    # "2k budget", "two grand": a sum said with no currency, taken as US dollars (said so)
    budget_assumed: bool = False
    # "a few hundred bucks", "unos cientos de dolares", "quelques centaines de dollars": a vague
    # sum, its words as said (budget_usd the figure it is read as, numbers.VagueSum; the reply
    # says which figure it took)
    budget_said: str | None = None
    # "a few million tokens", "quelques milliers d'exemples": a dataset's size said vaguely, its
    # words as said (dataset_tokens or dataset_samples the figure they are read as; the reply
    # says which figure it took)
    dataset_said: str | None = None
    dataset_said_samples: bool = False  # ... its samples' count, not its tokens'
    # "is $40 enough to qlora mistral 7b", "tengo 100 dolares, me alcanza para…": whether the
    # budget pays for the run is asked, not the hours it buys.
    budget_enough: bool = False
    # "pay 50 usdt for h100 hours": the budget said in a stablecoin ("USDT", "USDC"), whose
    # top-up rate the page never gives (the hours are for as many dollars, said to be so)
    budget_coin: str | None = None
    # "$500 a month": the days the budget is for (30, 7 or 1), the hours it buys also a day
    budget_days: int | None = None
    # "can i pay 0.01 btc": an amount in a coin the page gives no dollar rate for (no hours)
    coin_amount: tuple[str, Decimal] | None = None
    # "rent or buy a 4090", "¿alquilar o comprar una 3090?": the card's rented hour against its
    # purchase price (`purchase_usd`, when said in dollars): after how many hours buying pays
    rent_or_buy: bool = False
    # "how long does a 24 hour block last on 2 h100s": the block's GPU-hours, spread over the
    # configuration's GPUs (answered with the price list's intent)
    block_span_hours: int | None = None
    # "a 50MB jsonl", "2GB of text": the dataset's size on disk, dataset_tokens its tokens at
    # about 4 characters a token (rules.data_size; the reply says the assumption)
    dataset_bytes: Decimal | None = None
    # "6 runs of lora mistral 7b on 20M tokens each": dataset_tokens holds all the runs' tokens
    runs: int | None = None
    purchase_usd: Decimal | None = None
    # a sum in euros, pounds, pesos…: a budget or an alert threshold not in dollars
    money_foreign: bool = False
    # ... said per hour ("2,50 €/h", "menos de 2 pavos la hora"): the price asked again per hour
    money_foreign_hourly: bool = False
    # "?" alone: nothing asked yet (bot/templates/help.html.j2 asks what)
    mark_only: bool = False
    # A sum in dollars said with nothing it is for ("100 dolares", "ok $100", "2 $ alors"):
    # the budget or alert price asked for after one refused in another currency
    # (bot.understand.followup).
    sum_usd: Decimal | None = None
    # "the best gpu for qlora 70b under $1/hr": the most the user will pay per hour (a
    # recommendation's ceiling, not a budget).
    max_rate_usd: Decimal | None = None
    # "what can i rent for $2-$3/hr": the lower end of the band (max_rate_usd its upper end).
    min_rate_usd: Decimal | None = None
    # "runpod 4090 at $0.69/hr, … how much will it cost": the hourly price the user pays
    # elsewhere for the one card named, a card whose price we do not publish: the run timed
    # there is costed at it (the user's figure, said to be theirs).
    their_rate_usd: Decimal | None = None
    # "max context for llama 3 8b on a 24gb card": the longest context is the question.
    context_asked: bool = False
    # Never read from a text: "and tok/s?" after the longest context ("max context for llama
    # 3.1 8b on a 4090"): the speed at the context found there, searched again, not answered
    # again (bot.understand.followup).
    at_longest: bool = False
    # "how many tokens/s will llama 70b int4 do on a 4090": the decode speed is the question.
    speed_asked: bool = False  # "2k€, how many H100 hours?": a budget not in US dollars
    # "how long to generate 1M tokens with llama 3 8b on a 4090", "cost to generate 10M tokens":
    # the tokens to generate, timed (and priced) at decode's bandwidth bound, a floor;
    # `generate_cost`: its cost was asked.
    generate_tokens: Decimal | None = None
    generate_cost: bool = False
    # "how many tokens per hour / per day", "price per million tokens", "cost per 1k tokens",
    # "tokens per dollar": decode's bound over an hour or a day, or the hourly price over the
    # tokens an hour generates at it (a floor), or that turned over (a ceiling).
    rate_asked: RateAsked | None = None
    # "I need 1.5M tokens/day": the tokens each day (or hour, rate_asked) to serve.
    rate_tokens: Decimal | None = None
    # "serve gemma 3 27b to 10 people", "llama 3 8b for 50 users": the people served at once
    # (batch_size holds as many sequences), the reply's lead.
    users: int | None = None
    # "64 concurrent requests", "64 concurrent at 4k": batch_size is sequences served at once,
    # people or not (sized as a serving engine batches them: bot.answer._users_engine)
    served_at_once: bool = False
    # "how many users can I serve with llama 3 8b on an L4": the sequences that fit at once.
    concurrency_asked: bool = False
    # "how many llama 3 8b instances fit on an h100": copies of the served model side by side,
    # each its own process (bot.answer._replicas).
    replicas_asked: bool = False
    # "how many tokens/s training llama 3 8b with qlora on an a100": the training throughput.
    train_speed_asked: bool = False
    # The run hit an out-of-memory error ("my training OOMs", "me sale OOM"), and the user asks
    # what to change ("what do i do", "cómo hago que entre", "comment faire rentrer"): a
    # training run the asked card cannot hold is answered with what makes it fit there
    # (bot.remedy), first when asked.
    oom: bool = False
    # "will this OOM on an A100 80GB?", "will qlora llama 3 8b oom on a 3090", "… - oom?": the
    # error asked about, not hit. The fit's lead then says it without a yes or a no, which
    # would read backwards ("will it OOM? ✅ Yes: … fits").
    oom_asked: bool = False
    # "what if i use batch 1" after "it OOMs" at batch 4: the micro-batch and sequence length
    # the OOM was said at, when a follow-up tries others (None: the query's own).
    oom_batch: int | None = None
    oom_seq_len: int | None = None
    # "ValueError: Your setup doesn't support bf16/gpu", "my gpu doesn't support bf16": the
    # error is about BF16 (pre-Ampere cards, or PyTorch/CUDA too old), not memory.
    bf16_error: bool = False
    # "RuntimeError: FlashAttention only supports Ampere GPUs or newer.", "flash attention doesn't
    # work on my t4": the error is flash-attn's (Ampere, Ada and Hopper only), not memory.
    fa2_error: bool = False
    # vLLM's "max seq len (131072) is larger than the maximum number of tokens that can be
    # stored in KV cache (43264)" pasted: the tokens its KV cache holds, and the length refused
    kv_capacity: int | None = None
    kv_refused_len: int | None = None
    # "lora llama 3 8b on a 3090, then run it at 4bit": the trained model served afterwards, in
    # this inference method (a second line after the training's verdict).
    serve_after: MethodId | None = None
    # "… then serve it with vllm for 50 users": the people served afterwards, at once (the
    # training's batch stays its own)
    serve_users: int | None = None
    # "qwen2.5 32b with a qwen2.5 0.5b draft": speculative decoding's draft model (its id)
    draft_model: str | None = None
    # "mistral 7b on a 3090?", "does llama 3 8b fit on a 4090": no training or serving word,
    # method or setting. The training verdict leads; a line says whether it runs there too.
    kind_unsaid: bool = False
    # A training word said ("train", "fine-tune", "entrenar", "entraîner") with no method: the
    # question is of training, whatever the conversation served before
    training_said: bool = False
    fix_asked: bool = False
    # "et un qlora de mistral 7b ?" after a cost on 4× A100 for 24 h: another model on the
    # GPUs the last question named, kept; far fewer hold it, which is said (bot/render/lines.py).
    config_kept: bool = False
    overkill_asked: bool = False  # "is 8x H100 overkill for …": more than the run needs?
    online_rl: str | None = None  # GRPO, PPO, RLOO, online DPO: generates while it trains
    method_diff: bool = False  # "lora vs qlora difference": both methods and what QLoRA trades
    method_diff_full: bool = False  # "lora vs full ft": full fine-tuning beside them
    prefill_asked: bool = False  # prompt processing named beside a tokens/s question
    # "how long is the prefill of 100k tokens", "ttft for a 32k prompt": the time to process
    # the prompt asked, its compute bound leading (bot.detail.prefill_bound)
    prefill_timed: bool = False
    # "process 10M tokens with llama 3 8b on an h100", "classify / summarize / embed N tokens",
    # "procesar 10M tokens con …", "traiter 10M de tokens avec …": a corpus read through the
    # model (its forward pass, prefill-bound), timed and costed (bot.batch), not trained on
    batch_processed: bool = False
    # "summarize 100k documents …": the documents counted, the tokens each is read at when no
    # length was said (an assumption, said so), and the tokens each output takes when said
    # ("each 2k tokens in, 200 out"): timed apart from the input.
    batch_docs: int | None = None
    batch_doc_tokens: int | None = None
    batch_out_tokens: int | None = None
    # Only its cost asked ("cuánto cuesta resumir 200k documentos"): the cost leads the reply.
    batch_cost_asked: bool = False
    kv_saving_asked: bool = False  # what a quantized KV cache saves: BF16's and the type's
    kv_size_asked: bool = False  # the KV cache's own size leads ("kv cache size at 128k")
    flash_saving_asked: bool = False  # what FlashAttention saves: eager and SDPA estimates
    # Online RL's generation settings said ("num_generations 16", "max_completion_length
    # 1024"): the completions it holds beside the step, instead of TRL's defaults.
    rl_generations: int | None = None
    rl_completion_tokens: int | None = None
    ckpt_saving_asked: bool = False  # what checkpointing saves: the estimate on and off
    ckpt_slow_asked: bool = False  # what checkpointing costs in time (its recomputation)
    ckpt_need_asked: bool = False  # whether it is needed: the run without it on the card asked
    packing_speed_asked: bool = False  # "does packing speed things up": what it changes in time
    start_asked: bool = False  # "minimum to get started": the smallest block, cheapest GPU-hour
    # A fine-tuning run's cost asked with no model, GPU or hours ("¿cuánto más cuesta el
    # fine-tuning completo que QLoRA?"): the model is what is missing, not a GPU.
    run_cost_asked: bool = False
    # "puedo hacer qlora de 70b en una h100 y cuánto me costaría 10 horas?": whether it fits was
    # asked before what it costs; the verdict leads, the cost follows (a cost question otherwise
    # leads with its price).
    fit_first: bool = False
    # "how many A100 hours to full finetune llama 3 8b on 100M tokens", "cuántas horas de A100
    # …", "combien d'heures d'A100 …": GPU-hours asked (of the card named, or of any GPU): the
    # time's GPU-hours lead, where the run fits or not on one of them (time.html.j2).
    gpu_hours_asked: bool = False
    # "how many days to full finetune …", "¿cuántos días …?", "combien de jours …": a run's time
    # asked in days, said in them beside the hours from a day on (else from two).
    days_asked: bool = False
    # "how long on each?", "¿cuánto tarda en cada una?", "combien de temps sur chacune ?" after
    # two cards compared on a run: the comparison, its times leading.
    times_asked: bool = False
    # Cards ruled out where named ("sorry, h200 not h100"): after "a100 vs h100", the side
    # replaced by the card meant.
    gpus_ruled_out: tuple[str, ...] = ()
    # "in hours?", "¿en horas?", "en heures ?", "how many hours?" after a run's time: the same
    # run's time said in hours (never in minutes, "0.38 hours" not "23 minutes").
    hours_asked: bool = False
    # "in minutes?", "¿en minutos?", "en minutes ?" after a run's time: the same run's time in
    # whole minutes, its hours beside ("236 minutes (3.94 hours)"; a run under an hour was in
    # minutes already).
    minutes_asked: bool = False
    # "why?", "¿por qué?", "pourquoi ?" after a verdict or a run's time: the answer led by its
    # main reason (what the run needs against what each GPU has, or what the time is made of).
    why_asked: bool = False
    # "tldr?", "en resumen?", "en résumé ?" after an answer: that answer in a line or two, its
    # verdict or the figure that answers it (was "I did not understand", or the help).
    tldr_asked: bool = False
    # "how much for lora mistral 7b on an l40s for 10 hours, will it fit?": whether it fits was
    # asked after its cost, which leads even where it does not fit (else the verdict on a
    # configuration that cannot run it leads, its cost labelled after it).
    fit_after: bool = False
    # "what's your fastest gpu?", "¿la GPU más rápida que tienen?": no run named, the price list
    # led by the rented GPU with the highest cited peak.
    fastest_asked: bool = False
    # "what's your cheapest gpu?", "¿la GPU más barata que tienen?": the list led by the
    # rented GPU with the lowest published price.
    cheapest_asked: bool = False
    batch_asked: bool = False  # "max batch size for …": the largest micro-batch that fits
    # "how many steps is 3 epochs of 50k examples at batch 16 with grad accum 4": the examples
    # whose optimizer steps are asked (bot.answer), and the accumulation's number when said.
    steps_samples: int | None = None
    # "how much cpu ram do i need" with a CPU offload: the offloaded states' RAM leads.
    ram_asked: bool = False
    accum_steps: int | None = None
    # A trainer's measured speed beside steps_samples, as HF Trainer's progress bar prints it:
    # optimizer steps a second ("1.2it/s") or seconds a step ("3.4s/it"); one of them.
    step_rate: Decimal | None = None
    step_time: Decimal | None = None
    step_total: int | None = None  # "20k steps at 1.2 it/s": the steps said, not counted
    # "2.5 samples/s … 20k samples": a measured rate in samples, and the samples it times
    sample_rate: Decimal | None = None
    sample_total: int | None = None
    within_hours: bool = False  # "can I fine-tune X in 4 hours on …": the hours are a budget
    # "i have $50, how long can i train …": the hours the money buys lead, what they train follows
    budget_timed: bool = False
    # "how many 1024-token examples can I train in a week", "¿cuántos tokens llego a procesar
    # en dos días?": what the hours train is asked, counted in samples (of `within_sample_len`
    # tokens when said, else at two typical lengths) or in tokens.
    within_samples: bool = False
    within_sample_len: int | None = None
    # "with $50 how many epochs of qlora on 20k samples": the passes over the dataset said that
    # the hours (a budget's) train.
    within_epochs: bool = False
    # "will it finish overnight?", "¿se termina en un día?": a run asked to end within a time,
    # the hours said (none: a night); the reply leads with yes or no.
    deadline_asked: bool = False
    # "would it take more than a day?", "¿tarda más de un día?": the deadline asked the other
    # way round, its yes and no swapped.
    deadline_over: bool = False
    # "… by tomorrow, which gpu", "have 2 days to …, what should i rent": no card named, the
    # one asked for is the cheapest offered configuration finishing within the deadline.
    deadline_pick: bool = False
    # "… by monday" with no hours said: the weekday (Monday 0), whose hours are asked back.
    deadline_day: int | None = None
    # "… by tomorrow morning", "… by tonight" with no hours said: asked back the same way.
    deadline_daypart: Literal["morning", "tonight"] | None = None
    # "… by friday, its tuesday": today's weekday and the deadline's (Monday 0), whose days
    # apart were taken as the hours
    weekday_span: tuple[int, int] | None = None
    # "fastest way to finetune llama 3 8b on 100M tokens": the run timed where it ends soonest.
    fastest_run: bool = False
    # Never read from a text: "too slow?", "any faster option?" after a run timed on a
    # configuration (bot.understand.followup): that run where it ends sooner, each with its
    # time and what is paid there.
    faster_asked: bool = False
    # "fastest gpu for running llama 3 70b": its decode bound on the offered card with the most
    # memory bandwidth (the fewest of them that hold it).
    fastest_serving: bool = False
    # "how long on my L4, and what would it cost on your GPUs?": a run timed on a card we do not
    # rent, its cost asked too: the same run timed and quoted where we rent it for least.
    rent_asked: bool = False
    # "qlora llama3 8b on my 3060 w/ 5k rows, how long n how much on ur l40s": the rented card
    # named for that (its count when said), where the run is timed and quoted beside the card
    # owned (else where it costs least).
    rent_gpu: str | None = None
    rent_gpu_count: int | None = None
    # Ways of paying asked about that the service does not take ("paypal", "card", "bank").
    pay_refused: tuple[str, ...] = ()
    # Questions about the service asked ("spot", "refund", "region", "access", "docker", "storage",
    # "sla", "invoice", "billing": bot.understand.asks.SERVICE_TOPICS), answered from its data.
    service_asked: tuple[str, ...] = ()
    # A payment asked beside a price or cost question: the payment answer follows its answer.
    pay_also: bool = False
    # The network (chain) a coin is sent on asked about ("USDT on which network", "usdt trc20"):
    # (coin, network) as named, "" for either not named. The page names none (ask support).
    pay_network: tuple[str, str] | None = None
    # Coins the page lists named in a payment question ("se puede pagar con monero?", "vous
    # acceptez le bitcoin ?"): a plain yes leads, before how to pay.
    pay_coins_asked: tuple[str, ...] = ()
    # Whether unused GPU-hours expire asked ("do unused hours expire", "¿caducan las horas?",
    # "les heures expirent ?"): the page's "never" leads.
    expiry_asked: bool = False
    # ... asked as what becomes of the hours left over ("q pasa con el resto", "que deviennent
    # les heures ?"): "nothing is lost" leads instead of a bare "no".
    leftover_asked: bool = False
    # Whether an ID is asked for ("hay que dar el dni?", "faut un passeport ?", "sin kyc?",
    # "do i need to give my id?"): the page's "no ID (sans KYC)" leads.
    id_asked: bool = False
    # Paying without a card asked ("can i pay in btc without a credit card?", "no tengo tarjeta,
    # como pago?", "je peux payer sans carte ?"): "no card needed" leads.
    card_free_asked: bool = False
    # The smallest top-up asked ("whats the minimum top up?", "el mínimo pa recargar", "c'est
    # combien le minimum de recharge"): the page's "from $1" leads.
    minimum_asked: bool = False
    # A price asked in another currency ("cuánto cuesta una h100 en euros", "how much in EUR"):
    # the page prices in US dollars only and gives no exchange rate; nothing is converted.
    currency_asked: bool = False
    # "in dollars?", "¿en dólares?", "en dollars ?" after a price: the same price, said to be in
    # US dollars (the currency every price is quoted in).
    dollars_asked: bool = False
    # "is that per gpu?", "per gpu or total?" after a run's time or cost: whether the figure is
    # each GPU's, said before that answer again (was "I did not understand").
    per_gpu_asked: bool = False
    # No GPU: the model served on the CPU alone ("cpu only", "sin gpu", "sans GPU"), and the
    # system RAM said ("128gb ram"), in GB.
    cpu_only: bool = False
    ram_gb: int | None = None
    # A learning rate, epochs or other hyper-parameters asked: published settings cited.
    hyper_asked: bool = False
    # "q es vram", "c'est quoi la vram": the word defined, briefly.
    vram_what: bool = False
    # "llama.cpp license?", "is vllm open source": the engine or runner (its id in
    # lexicon.SERVING_ENGINES / LOCAL_RUNNERS) whose own license is asked.
    program_licence: str | None = None
    cpu_machine: str | None = None  # the GPU-less machine named ("Raspberry Pi", "Intel Core i7")
    # An accelerator that is not a GPU and of which we have no figures ("TPU v5e", "Gaudi 3").
    accelerator: str | None = None
    # "j'ai une carte AMD", "tengo una AMD": an AMD card not named, asked which.
    amd_unnamed: bool = False
    # The words said after "amd"/"radeon" that name no card ("7950" in "radeon 7950"): the
    # closest names are offered, not the whole catalogue.
    amd_words: str = ""
    # An integrated GPU named ("radeon 780m", "iris xe": gpus_owned.toml [[igpus]]), by id,
    # and the system RAM said with it, of which vram_gb is the GPU's share (None: not said,
    # the reply asks for it).
    igpu: str | None = None
    igpu_ram_gb: Decimal | None = None
    # "radeon 780m vs rtx 4060": the integrated GPU compared with the one card named (`gpu`),
    # its RAM (`igpu_ram_gb`) said or asked for; `vram_gb` stays unset (bot.answer.IgpuCompare).
    igpu_compared: bool = False
    # GaLore named ("galore llama 7b on a 4090?", "optim galore_adamw"): an optimizer the
    # detailed estimator does not model, said so before the figures.
    galore: bool = False
    # DoRA named ("dora r=16", "qdora", "use_dora=True"): estimated as LoRA (QLoRA for QDoRA),
    # its own overhead said, not modelled.
    dora: bool = False
    # An optimizer the estimator does not model named ("optim lion_8bit", "with sgd",
    # "muon"): AdamW's figures, said so.
    other_optimizer: str | None = None
    # Never read from a text: the run a chat asked about before a card's price ("lora llama 3
    # 8b on an a100", then "how much is an h100 per hour?"), kept beside that price by
    # bot.conversation so that "and for 10 hours?" is the run on that card for 10 hours.
    earlier_run: Query | None = None
    # Never read from a text: the chat's count of questions kept when this one was kept
    # (bot.conversation), so that a follow-up whose model comes from further back than the
    # last question says so ("Llama 3 70B, from two questions ago").
    turn: int | None = None
    # The configuration a recommendation led with ("whats the cheapest gpu for qlora 70b": 1×
    # A100 80GB), kept by the chat for "how long for 50M tokens on it" (bot.conversation).
    picked: tuple[str, int] | None = None
    # Never read from a text: the card and count the same run was asked on just before ("how
    # much to qlora llama 3 70b on an h100", then "and on an a100?"), kept by bot.conversation
    # so that "which one should i pick" compares the two (bot.understand.followup).
    card_before: tuple[str, int] | None = None
    # Never read from a text: a card and hours said alone right after a run's question ("sur 8
    # h100 pendant un jour"), read as that run there for that long, and the reply says so.
    run_there: bool = False
    # Never read from a text: "and 2?" after one card for one day, week, month or year ("how
    # much is an a100 for a week"): 2 of the card for that span, or the card for 2 of them,
    # cost the same GPU-hours. The other reading, (count, hours), which the reply names.
    same_gpu_hours: tuple[int, Decimal] | None = None
    # Never read from a text: the hours of the span "and for 2?" counted (720 after "an h100
    # for a month"): "and 3?" next is 3 of them, not 3 hours.
    span_unit: Decimal | None = None
    # Never read from a text: "and 72b?" after Llama 3 70B, which has no 72B: the family named
    # ("Llama 3"), whose sizes the reply lists beside the unnamed 72B model it answers for.
    no_size_in: str | None = None
    # Never read from a text: the run taken off the card the chat said it owns ("i have a
    # 3090", a run timed there, then "cheapest?" or "and if i rent instead?"): rented where it
    # costs least, not put back on the 3090 (owned.on_own_card).
    off_own_card: bool = False
    # Never read from a text: "and h100?" after a run on 8× A100 is that run on 8× H100, the
    # count kept from the last question ("kept", the reply says so) ...
    # ... and "2?" alone after a fit verdict on one card is that run on 2 of it, read so and
    # said ("bare"; was "I did not understand").
    # ... and "and on b200?" after a verdict on 2× H100 is as many B200s as the run needs
    # ("chosen", said too).
    count_read: Literal["kept", "bare", "chosen"] | None = None
    # Never read from a text: "cheaper?" after a run on a configuration (card, count): the one
    # asked about, which the reply says is already the cheapest when it is.
    cheaper_than: tuple[str, int] | None = None
    # ... and the method of that run when it was the one just answered where it costs least
    # ("how much to lora llama 3 8b on 100M tokens", then "cheaper?"), not a card asked ("":
    # no method was named, that run led as the cheapest of them all).
    cheaper_than_method: str | None = None
    # The card is the user's own ("i have 2 3090s", "mi gráfica es una 4070", "j'ai une 4090"):
    # said alone it is acknowledged, and the chat keeps it for the questions naming no card.
    card_owned: bool = False
    # "how much would it cost to lora llama 3 70b on my 4090": the one card named is said to be
    # the user's (a possessive before it), nothing more said of owning it: a run it does not
    # hold leads with that verdict, then the cheapest rental that holds it (was the 4090's
    # unpublished rental price, or "We don't rent the RTX 3090", first).
    card_mine: bool = False
    # "h100 vs my 4090": the second card compared is the user's (its unpublished rental price
    # is no price to ask for).
    other_card_owned: bool = False
    # "i have a 4090 and want to qlora llama 3 70b, how much is it on an h100": the card owned,
    # beside the one the run is priced on (`gpu`).
    owned_aside: str | None = None
    owned_aside_count: int | None = None
    # The card was named alone ("3090", "2x p40") and we do not rent it: taken as the user's,
    # and the acknowledgement says there is no price to quote for it.
    card_named_alone: bool = False
    # The hardware is the user's own to buy or run at home, a model named and no card ("what gpu
    # should i buy to run llama 3 70b", "qwen 32b en casa", "llama 3 70b en local"): the
    # configurations people buy that hold it lead the reply (bot.local_hardware).
    local_asked: bool = False
    # ... of one card, after it ("what about used 3090s?"): that card's machines only, the
    # fewest of it that hold each precision (bot.local_hardware).
    local_card: str | None = None
    # One card named with its figures asked and no model ("h100 specs", "how much vram does a
    # 3090 have", "ancho de banda de la a100"): the datasheet's figures answer.
    specs_asked: bool = False
    # "do i need nvlink for 2x 3090 qlora", "can i use a 3090 and a 4090 together": whether
    # several cards share one job without NVLink (gpus_owned.toml [nvlink]).
    multi_gpu_asked: bool = False
    # "do i need the same gpus for multi gpu training": cards that differ share a job too.
    mixed_cards_asked: bool = False
    # "can i combine my 3090 with a rented h100": one's own card and one we rent cannot share a
    # job (different machines); each is answered on its own, compared.
    pooled_asked: bool = False
    # ... or whether it computes in one precision ("does the l40s support fp8?", "¿la 4090
    # soporta fp8?", "la t4 gère le bf16 ?"): "fp8" or "bf16", answered first.
    precision_asked: Literal["fp8", "bf16", "flash_attn2"] | None = None
    # "is it cheaper to fine tune on an h100 or an a100": a comparison asked by cost
    cheaper_asked: bool = False
    # ... by the hour's price ("whats cheaper per hour, 2 a100s or 1 h100"): that leads, the
    # run's cost after it
    per_hour_asked: bool = False
    # "an a100 for 3 days then an h100 for 1 day, total?": two rentals, each at its own hours
    # (`hours`, `other_hours`), priced one by one and summed, not compared.
    rentals_summed: bool = False
    # Never read from a text: the card the chat said it owns, kept by bot.conversation beside
    # the last question until another card is named (bot.understand.owned.on_own_card).
    own_card: Query | None = None
    # Another provider set against us ("runpod vs u for h100", "son mas baratos que vast?"), as
    # the reply names it ("RunPod"): we have its prices only if the page names it a reference.
    provider_named: str | None = None
    # Never read from a text: each question of a reply of several (bot/several.py) as the chat
    # keeps it, in the order asked, kept by bot.conversation beside the one a follow-up
    # continues by default, so that "and for 48h?" goes to the section with hours and "what
    # about the other one" to the other section (bot.conversation.section_for).
    sections: tuple[Query, ...] = ()
    # Never read from a text: `sections` are the two models of a choice ("llama 3 8b or qwen3
    # 8b for my 3060?"), which a follow-up naming no model asks again of both ("and on a
    # 3090?"), not of one.
    sides_chosen: bool = False
    # A model that is not an LLM ("whisper large", "stable diffusion", "sdxl", "flux dev",
    # "yolov8"), by what it does: "speech", "image" or "detection"; answered as outside what the
    # assistant sizes, never as an LLM.
    not_llm: Literal["speech", "image", "detection"] | None = None
    not_llm_name: str | None = None  # its name as written ("Whisper large", "SDXL")

    @field_validator("lang")
    @classmethod
    def _known_language(cls, lang: Lang | None) -> Lang | None:
        if lang is not None and lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}")
        return lang

    def with_settings(self, update: Mapping[str, Any]) -> Query:
        """model_copy(update=update) without its generic path (copy.copy of each of its
        slots, the extra and private fields a Query never has): the detailed searches copy
        the query for every estimate they try, a dozen or two a question. As model_copy,
        no validation of `update`."""
        copied = _new(type(self))
        _set(copied, "__dict__", {**self.__dict__, **update})
        _set(copied, "__pydantic_extra__", None)
        # Shared when it holds the keys already (a parsed query sets 174 of its 180 fields):
        # a frozen model's set is never changed, and copying it cost half the copy.
        fields = self.__pydantic_fields_set__
        if not fields.issuperset(update):
            fields = _grown(fields, update)
        _set(copied, "__pydantic_fields_set__", fields)
        _set(copied, "__pydantic_private__", None)
        return copied

    @property
    def run_accumulation(self) -> int:
        """The gradient accumulation the run asked uses: the steps said, else those of the
        torchtune config named where no accumulation was said (bot.detail reads the config so:
        llama3_1/8B_lora_single_device accumulates 8 micro-batches, so "batch_size=8" is an
        effective batch of 64), else 1. The remedy keeps it, and the steps a second and the
        held micro-batch's line count it (bot.render.lines._optimizer_steps: "16,384 tokens an
        optimizer step (batch 8 × 2,048 tokens)" beside a remedy of 2 × 32)."""
        if self.accum_steps:
            return max(self.accum_steps, 1)
        tune = TORCHTUNE_CONFIGS.get(self.torchtune_config or "")
        if tune is not None and self.grad_accumulation is None:
            return max(tune.grad_accumulation_steps, 1)
        return 1

    @property
    def one_run_tokens(self) -> Decimal | None:
        """One run's tokens, where `dataset_tokens` counts several runs' ("a 500MB dataset, 3
        runs": the 500 MB are one run's)."""
        if self.dataset_tokens is None or not self.runs:
            return self.dataset_tokens
        return self.dataset_tokens / self.runs

    def removal_target(self) -> str | None:
        """What an alert removal names, as /unalert takes it: "all", a number of /alerts'
        list, or a GPU; None when it names none (then the list is shown to pick from)."""
        if self.alert_all:
            return "all"
        if self.alert_number is not None:
            return str(self.alert_number)
        return self.gpu
