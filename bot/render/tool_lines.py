"""The next step in the training tool the user named, not TRL's command.

'tune run lora_finetune_single_device --config llama3_1/8B_lora_single_device on a 4090?' was
told 'with Hugging Face TRL, run it with --use_peft': the user runs torchtune. Each tool's own
way to start the run, with the changes of the first remedy it has a setting for (bot.remedy):

- torchtune: 'tune run <recipe> --config <config> key=value …' (pytorch/torchtune
  torchtune/_recipe_registry.py @bd2a0fc7: lora_finetune_single_device,
  lora_finetune_distributed, full_finetune_single_device, full_finetune_distributed; configs
  recipes/configs/<family>/<size>_<method>[_single_device].yaml; overrides batch_size,
  gradient_accumulation_steps, enable_activation_checkpointing, tokenizer.max_seq_len; several
  GPUs: 'tune run --nproc_per_node N …_distributed').
- Axolotl: 'axolotl train config.yml' with its YAML keys adapter (lora, qlora), load_in_4bit,
  micro_batch_size, gradient_accumulation_steps, gradient_checkpointing, sequence_len,
  optimizer, deepspeed (axolotl-ai-cloud/axolotl examples/llama-3/qlora.yml, lora-8b.yml,
  deepspeed_configs/zero3_bf16.json; the ZeRO stage named: zero1.json, zero2.json,
  zero3_bf16_cpuoffload_all.json).
- LLaMA-Factory: 'llamafactory-cli train config.yaml' with finetuning_type (lora, full),
  quantization_bit 4 for QLoRA, per_device_train_batch_size, gradient_accumulation_steps,
  cutoff_len, optim, deepspeed (hiyouga/LLaMA-Factory examples/train_qlora/
  llama3_lora_sft_otfq.yaml, examples/deepspeed/ds_z3_config.json; the ZeRO stage named:
  ds_z2_config.json, ds_z2_offload_config.json, ds_z3_offload_config.json; several GPUs with
  FORCE_TORCHRUN=1).
- Unsloth: no command; FastLanguageModel.from_pretrained(max_seq_length=…, load_in_4bit=…,
  full_finetuning=…), get_peft_model(use_gradient_checkpointing="unsloth") and the trainer's
  per_device_train_batch_size / gradient_accumulation_steps / optim (unslothai/unsloth
  unsloth/models/loader.py @015bdef0). One GPU: a run over several is left to TRL's command.
- llm-foundry (MosaicML's, on Composer): 'composer train/train.py config.yaml' from its scripts/
  folder, with its YAML keys max_seq_len, device_train_microbatch_size (the accumulation follows
  from global_train_batch_size), fsdp_config.activation_checkpointing, fsdp_config.
  sharding_strategy FULL_SHARD, and LoRA as model.peft_config.peft_type LORA
  (mosaicml/llm-foundry scripts/train/yamls/finetune/mpt-7b_dolly_sft.yaml, dbrx-lora-ft.yaml).
  No 4-bit loading nor 8-bit Adam there: QLoRA and 8-bit Adam get no command (never TRL's: the
  user runs llm-foundry).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Final

from markupsafe import Markup

from bot.understand.lazy import lazy
from bot.understand.torchtune_configs import TORCHTUNE_CONFIGS, TorchtuneConfig

if TYPE_CHECKING:
    from bot.answer import Answer, MethodAnswer
    from bot.remedy import Remedies, Remedy
    from bot.render.phrases import Phrases
    from rules.catalogue import Catalogue
    from rules.fit import Fit

__all__ = ["named_tool", "tool_launch", "trl_fix"]

_TOOL_NAMES: Final = {"torchtune": "torchtune", "axolotl": "Axolotl",
                      "llama_factory": "LLaMA-Factory", "unsloth": "Unsloth",
                      "llm_foundry": "llm-foundry"}
# What each tool has a setting for, of bot.remedy's changes ("seq_len": the longest that fits).
_CHANGES: Final = {
    "torchtune": frozenset(("micro_batch", "grad_ckpt", "seq_len", "qlora", "lora")),
    "axolotl": frozenset(("micro_batch", "grad_ckpt", "seq_len", "qlora", "lora", "adam8bit")),
    "llama_factory": frozenset(("micro_batch", "grad_ckpt", "seq_len", "qlora", "lora",
                                "adam8bit")),
    "unsloth": frozenset(("micro_batch", "grad_ckpt", "seq_len", "qlora", "lora", "adam8bit")),
    "llm_foundry": frozenset(("micro_batch", "grad_ckpt", "seq_len", "lora")),
}
# The methods llm-foundry trains (no bitsandbytes there: no 4-bit base, no 8-bit Adam).
_FOUNDRY_METHODS: Final = frozenset(("lora", "full_adamw"))
_ADAPTERS: Final = frozenset(("lora", "qlora", "full_adamw", "full_adam8bit"))
# torchtune's config names keep the sizes upper case ("llama3_1/8B_lora_single_device",
# "llama4/scout_17B_16E_lora", "qwen2/1.5_to_0.5B_KD_lora_single_device").
_UPPER: Final = lazy(r"(?<![a-z])(\d+(?:\.\d+)?[be]|kd)(?![a-z])")


def named_tool(answer: Answer) -> str | None:
    """The training tool the question names, of those with a next step here."""
    query = answer.query
    if query.torchtune:
        return "torchtune"
    if query.tool is not None:
        return query.tool
    if query.kernels == "unsloth":
        return "unsloth"
    if query.trainer == "composer":  # llm-foundry (MosaicML's Composer) named
        return "llm_foundry"
    return None


def tool_launch(primary: MethodAnswer, answer: Answer, ph: Phrases) -> Markup | None:
    """The next step in the tool named, on the asked configuration when it holds the run (as
    asked, or with the first remedy the tool has settings for), else on the cheapest offered
    configuration that does; None when no tool is named or it has no such run (TRL's then)."""
    tool = named_tool(answer)
    method = primary.memory.method
    if tool is None or method not in _ADAPTERS:
        return None
    asked, cheapest = primary.fit, primary.cheapest
    changes: set[str] = set()
    seq_len: int | None = None
    # The remedy's micro-batch and the accumulation that keeps the effective batch at it.
    micro, accumulation = 1, 1
    target: Fit | None = None
    if asked is not None:
        fits = answer.method_fits.get(method, asked.fits)
        detailed = answer.detailed
        if detailed is not None and detailed.method == method and detailed.check is not None:
            fits = detailed.check.detailed_fits
        measured = answer.remedies is not None and answer.remedies.measured
        if fits and not measured:
            target = asked
        else:
            # An OOM where the estimate fits (measured): the first saving the tool can make.
            fix = _first_fix(answer.remedies, tool)
            if fix is not None:
                target = asked
                changes, seq_len, micro, accumulation = fix
    if target is None:
        target = cheapest
    if target is None:
        return None
    if tool == "unsloth" and target.gpu_count > 1:
        return None  # one GPU: TRL's command with its Accelerate profile
    if "qlora" in changes:
        method = "qlora"
    elif "lora" in changes:
        method = "lora"
    if tool == "llm_foundry" and method not in _FOUNDRY_METHODS:
        return Markup()  # QLoRA, 8-bit Adam: none in llm-foundry, and not TRL's either
    query = answer.query
    stage = (query.sharding if query.sharding in ("zero1", "zero2", "zero3") else "zero3",
             bool(query.cpu_offload))
    settings = _settings(tool, method, changes, seq_len, (micro, accumulation),
                         target.gpu_count, stage,
                         query.trained_layers if tool == "llama_factory" else None)
    where = ph.fit_config(target) if target is not asked else None
    name = _TOOL_NAMES[tool]
    if tool == "torchtune":
        config = answer.query.torchtune_config
        if config is None:
            # No config named: the model's own in torchtune's recipes, with the settings the
            # estimate was made at where the config's differ.
            config = _model_config(answer.query.model_id, method, target.gpu_count)
            if config is not None:
                settings = _config_overrides(TORCHTUNE_CONFIGS[config], answer, settings)
        command = _tune_command(config, method, target.gpu_count, settings)
        text = (ph._("Next: with %(tool)s, run <code>%(command)s</code>.",
                     tool=name, command=command) if where is None
                else ph._("Next: with %(tool)s, on %(cfg)s, run <code>%(command)s</code>.",
                          tool=name, cfg=where, command=command))
    elif tool == "llm_foundry" and not settings:
        command = "composer train/train.py config.yaml"
        text = (ph._("Next: with %(tool)s, run <code>%(command)s</code>.",
                     tool=name, command=command) if where is None
                else ph._("Next: with %(tool)s, on %(cfg)s, run <code>%(command)s</code>.",
                          tool=name, cfg=where, command=command))
    elif tool == "unsloth":
        keys = ", ".join(settings)
        text = (ph._("Next: with Unsloth, set <code>%(keys)s</code> (arguments of "
                     "FastLanguageModel.from_pretrained and of the trainer).", keys=keys)
                if where is None
                else ph._("Next: with Unsloth, on %(cfg)s, set <code>%(keys)s</code> (arguments "
                          "of FastLanguageModel.from_pretrained and of the trainer).",
                          cfg=where, keys=keys))
    else:
        command = ("axolotl train config.yml" if tool == "axolotl"
                   else "composer train/train.py config.yaml" if tool == "llm_foundry"
                   else "FORCE_TORCHRUN=1 llamafactory-cli train config.yaml"
                   if target.gpu_count > 1 else "llamafactory-cli train config.yaml")
        keys = ", ".join(settings)
        text = (ph._("Next: with %(tool)s, set <code>%(keys)s</code> in your YAML config and "
                     "run <code>%(command)s</code>.", tool=name, keys=keys, command=command)
                if where is None
                else ph._("Next: with %(tool)s, on %(cfg)s, set <code>%(keys)s</code> in your "
                          "YAML config and run <code>%(command)s</code>.", tool=name, cfg=where,
                          keys=keys, command=command))
    return Markup("🛠 ") + text


def _first_fix(
    remedies: Remedies | None, tool: str
) -> tuple[set[str], int | None, int, int] | None:
    """The changes of the first remedy the tool has settings for, its sequence length, its
    micro-batch and the gradient accumulation that keeps the effective batch at it."""
    if remedies is None:
        return None
    for option in remedies.options:
        changes = set(option.changes) | ({"seq_len"} if option.seq_len is not None else set())
        if changes <= _CHANGES[tool]:
            return changes, option.seq_len, option.micro_batch, remedies.accumulation(option)
    return None


# Hugging Face TRL's flags for bot.remedy's changes, as `trl sft` takes them (TrainingArguments:
# per_device_train_batch_size, gradient_accumulation_steps, gradient_checkpointing, optim
# "adamw_bnb_8bit", use_liger_kernel; SFTConfig: max_length; ModelConfig: attn_implementation,
# use_peft, load_in_4bit). Pure BF16, CPU offload and the sharding changes have none here.
_TRL_CHANGES: Final = frozenset(("micro_batch", "grad_ckpt", "seq_len", "adam8bit", "liger",
                                 "sdpa", "lora", "qlora", "zero3", "shard"))
# The sharding a remedy moves the run to, as Phrases.launch names strategies (its
# _TRL_PROFILES' keys): TRL's --accelerate_config zero3 or fsdp2.
_RESHARDED: Final[dict[str, str]] = {"zero3": "zero3", "shard": "fsdp"}


def _trl_remedy(
    primary: MethodAnswer, answer: Answer
) -> tuple[set[str], int | None, Remedy | None] | None:
    """The changes (and the sequence length, if one, and the remedy they are of, for its
    micro-batch) trl_fix puts in TRL's command: the first
    remedy TRL has flags for, one keeping the method when the planning rule too says the run
    does not fit there; None when the command stays as it is, or names another configuration
    (asked: nothing to change, or no such remedy)."""
    asked = primary.fit
    if asked is None:
        return None
    remedies = answer.remedies
    if remedies is not None:
        for option in remedies.options:
            said = set(option.changes) | ({"seq_len"} if option.seq_len is not None else set())
            if said <= _TRL_CHANGES and (asked.fits or not said & {"lora", "qlora"}):
                return said, option.seq_len, option
        return None
    if not asked.fits:
        return None
    if answer.typical_room is not None:
        return {"seq_len"}, answer.typical_room.tokens, None
    if primary.memory.method in answer.method_typical_room:
        return {"seq_len"}, answer.method_typical_room[primary.memory.method], None
    return None


def trl_fix(
    primary: MethodAnswer, answer: Answer, cat: Catalogue
) -> tuple[MethodAnswer, str | None] | None:
    """No tool named and a training run the reply says does not fit on the configuration asked
    (the detailed estimate leads) though the planning rule holds it there: TRL's command must
    not name that configuration as it is ("full finetune mistral 7b on 2 a100s with seq 4096
    batch 8" was told "on 2× A100 80GB, run it with --accelerate_config fsdp2"). `primary`
    with the flags of the first remedy TRL has flags for, on the asked configuration (or the
    longest sequence that fits there, when that is all that is said), else with the asked
    configuration marked as not holding it, so that Phrases.launch names the cheapest that
    does. A run the planning rule too says does not fit there ("i got two a6000s, can i full
    finetune llama 3 8b with deepspeed zero3") takes a remedy that keeps the method asked (8-bit
    Adam) on the asked configuration, rather than a rented one it was never asked about; with
    none, the command names the cheapest configuration that holds it, as before. With it, the
    sharding the remedy moves the run to ("zero3", "fsdp"), which the command names instead of
    the one asked ("full ft qwen2.5 7b on 2 a100 with deepspeed zero2": the fix is ZeRO-3), or
    None. None when the command stays as it is."""
    asked = primary.fit
    if named_tool(answer) is not None or not primary.trl_flags or asked is None \
            or answer.fits is not False \
            or answer.detailed is None or answer.detailed.kind != "training" \
            or answer.detailed.method != primary.memory.method \
            or answer.ran_there or answer.ram_short:
        return None
    chosen = _trl_remedy(primary, answer)
    if chosen is None:
        return None if not asked.fits else (replace(primary, fit=replace(asked, fits=False)), None)
    changes, seq_len, option = chosen
    method = "qlora" if "qlora" in changes else "lora" if "lora" in changes \
        else primary.memory.method
    flags = (cat.method(method).trl_flags or "").split()
    remedies = answer.remedies
    if "micro_batch" in changes and remedies is not None and option is not None:
        # The remedy's micro-batch, the largest that fits (bot.remedy._largest_micro).
        flags += [f"--per_device_train_batch_size {option.micro_batch}",
                  f"--gradient_accumulation_steps {remedies.accumulation(option)}"]
    if "grad_ckpt" in changes:
        flags.append("--gradient_checkpointing")
    if seq_len is not None:
        flags.append(f"--max_length {seq_len}")
    if "adam8bit" in changes and "adamw_bnb_8bit" not in flags:
        flags.append("--optim adamw_bnb_8bit")
    if "liger" in changes:
        flags.append("--use_liger_kernel")
    if "sdpa" in changes:
        flags.append("--attn_implementation sdpa")
    strategy = next((_RESHARDED[c] for c in _RESHARDED if c in changes), None)
    return replace(primary, trl_flags=" ".join(flags), fit=replace(asked, fits=True)), strategy


@dataclass(frozen=True, slots=True)
class _YamlKeys:
    """A config-file tool's spelling (sources in the module's docstring): the method's lines,
    then one key or line per change."""

    methods: dict[str, tuple[str, ...]]  # "qlora", "lora", "full" (any full method)
    micro_batch: str
    grad_ckpt: str
    seq_len: str
    adam8bit: str
    # DeepSpeed's config by the ZeRO stage said and whether CPU offload was ("zero3", False)
    # is the one used when the user named none: "axolotl … with deepspeed zero2" was told
    # zero3_bf16.json, another stage than the one estimated and asked.
    deepspeed: dict[tuple[str, bool], str]


_YAML_KEYS: Final[dict[str, _YamlKeys]] = {
    "axolotl": _YamlKeys(
        methods={"qlora": ("adapter: qlora", "load_in_4bit: true"), "lora": ("adapter: lora",),
                 "full": ()},
        micro_batch="micro_batch_size", grad_ckpt="gradient_checkpointing: true",
        seq_len="sequence_len", adam8bit="optimizer: adamw_bnb_8bit",
        deepspeed={("zero1", False): "deepspeed_configs/zero1.json",
                   ("zero2", False): "deepspeed_configs/zero2.json",
                   ("zero3", False): "deepspeed_configs/zero3_bf16.json",
                   ("zero3", True): "deepspeed_configs/zero3_bf16_cpuoffload_all.json"}),
    "llama_factory": _YamlKeys(
        methods={"qlora": ("finetuning_type: lora", "quantization_bit: 4"),
                 "lora": ("finetuning_type: lora",), "full": ("finetuning_type: full",)},
        micro_batch="per_device_train_batch_size",
        grad_ckpt="disable_gradient_checkpointing: false", seq_len="cutoff_len",
        adam8bit="optim: adamw_bnb_8bit",
        deepspeed={("zero2", False): "examples/deepspeed/ds_z2_config.json",
                   ("zero2", True): "examples/deepspeed/ds_z2_offload_config.json",
                   ("zero3", False): "examples/deepspeed/ds_z3_config.json",
                   ("zero3", True): "examples/deepspeed/ds_z3_offload_config.json"}),
}


def _settings(tool: str, method: str, changes: set[str], seq_len: int | None,
              batches: tuple[int, int], gpus: int, stage: tuple[str, bool] = ("zero3", False),
              frozen: int | None = None) -> list[str]:
    """The tool's own settings for the method and the changes, in its spelling; `batches` the
    remedy's micro-batch and the gradient accumulation that keeps the effective batch at it;
    `stage` the ZeRO stage said and whether CPU offload was (DeepSpeed's config file where the
    tool ships one for it, else its ZeRO-3 one)."""
    out: list[str] = []
    batch = "micro_batch" in changes
    micro, accumulation = batches
    if tool == "torchtune":
        if batch:
            out += [f"batch_size={micro}", f"gradient_accumulation_steps={accumulation}"]
        if "grad_ckpt" in changes:
            out.append("enable_activation_checkpointing=True")
        if seq_len is not None:
            out.append(f"tokenizer.max_seq_len={seq_len}")
        return out
    if tool == "llm_foundry":
        out += ["model.peft_config.peft_type: LORA"] if method == "lora" else []
        if batch:  # the accumulation follows from global_train_batch_size
            out.append(f"device_train_microbatch_size: {micro}")
        if "grad_ckpt" in changes:
            out.append("fsdp_config.activation_checkpointing: true")
        if seq_len is not None:
            out.append(f"max_seq_len: {seq_len}")
        if gpus > 1:
            out.append("fsdp_config.sharding_strategy: FULL_SHARD")
        return out
    keys = _YAML_KEYS.get(tool)
    if keys is not None:
        if frozen is not None and method not in ("qlora", "lora"):
            # LLaMA-Factory's freeze tuning estimated (its last blocks train): kept so
            out += ["finetuning_type: freeze", f"freeze_trainable_layers: {frozen}"]
        else:
            out += keys.methods.get(method, keys.methods["full"])
        if batch:
            out += [f"{keys.micro_batch}: {micro}",
                    f"gradient_accumulation_steps: {accumulation}"]
        if "grad_ckpt" in changes:
            out.append(keys.grad_ckpt)
        if seq_len is not None:
            out.append(f"{keys.seq_len}: {seq_len}")
        if "adam8bit" in changes or method == "full_adam8bit":
            out.append(keys.adam8bit)
        if gpus > 1:
            config = keys.deepspeed.get(stage) or keys.deepspeed[("zero3", False)]
            out.append(f"deepspeed: {config}")
        return out
    # Unsloth
    out += (["load_in_4bit=True"] if method == "qlora"
            else ["load_in_4bit=False"] if method == "lora" else ["full_finetuning=True"])
    if seq_len is not None:
        out.append(f"max_seq_length={seq_len}")
    if "grad_ckpt" in changes:
        out.append('use_gradient_checkpointing="unsloth"')
    if batch:
        out += [f"per_device_train_batch_size={micro}",
                f"gradient_accumulation_steps={accumulation}"]
    if "adam8bit" in changes:
        out.append('optim="adamw_8bit"')
    return out


def _model_config(model_id: str | None, method: str, gpus: int) -> str | None:
    """torchtune's config for the model on file and the method ("llama-3-8b", LoRA, one GPU:
    "llama3/8b_lora_single_device"; "qwen2.5-7b": "qwen2_5/7b_…"), None when its recipes have
    none (configs as TORCHTUNE_CONFIGS keeps them, lower case)."""
    if model_id is None or "-" not in model_id:
        return None
    family, size = model_id.rsplit("-", 1)
    family = family.replace("-", "").replace(".", "_")
    kind = "full" if method.startswith("full") else method
    name = f"{family}/{size}_{kind}"
    # One GPU runs the *_single_device recipes, whose configs say so; several, the others.
    candidate = name if gpus > 1 else f"{name}_single_device"
    return candidate if candidate in TORCHTUNE_CONFIGS else None


def _config_overrides(config: TorchtuneConfig, answer: Answer, settings: list[str]) -> list[str]:
    """The estimate's micro-batch and checkpointing where the config inferred says otherwise
    (llama3/8B_lora_single_device trains at batch_size 2; the estimate was at 1), unless the
    remedy's settings already set them."""
    detailed = answer.detailed
    if detailed is None or detailed.kind != "training":
        return settings
    out = list(settings)
    if config.batch_size != detailed.micro_batch \
            and not any(o.startswith("batch_size=") for o in out):
        out.insert(0, f"batch_size={detailed.micro_batch}")
    if detailed.grad_ckpt and not config.activation_checkpointing \
            and "enable_activation_checkpointing=True" not in out:
        out.append("enable_activation_checkpointing=True")
    return out


def _tune_command(config: str | None, method: str, gpus: int, overrides: list[str]) -> str:
    """'tune run <recipe> --config <config> <overrides>' for the config named (its QLoRA or
    LoRA sibling when the remedy changes the method; its distributed sibling on several GPUs),
    or the recipe of the method with the config left to fill."""
    full = method.startswith("full")
    kind = "full" if full else "lora"
    name: str | None = config
    if name is not None:
        family, _, rest = name.partition("/")
        parts = rest.split("_")
        size = parts[0]
        if method == "qlora" and "_qlora" not in rest:
            name = f"{family}/{size}_qlora_single_device"
        elif method == "lora" and ("_full" in rest or "_qlora" in rest):
            name = f"{family}/{size}_lora_single_device"
        if gpus > 1:
            name = name.removesuffix("_single_device")
        if name not in TORCHTUNE_CONFIGS:
            name = None
    if name is not None and ("_full" in name) != full:
        name = None
    recipe = f"{kind}_finetune_{'distributed' if gpus > 1 else 'single_device'}"
    shown = _UPPER.sub(lambda m: m.group(1).upper(), name) if name is not None else "…"
    launch = f"tune run --nproc_per_node {gpus} {recipe}" if gpus > 1 else f"tune run {recipe}"
    return " ".join((launch, "--config", shown, *overrides))
