"""A model named that the catalogue does not know ("can i run foobar 9 on 8x h200", "will
blorp-7 fit on a 3090?"): said to be unknown, with its size asked for, never the question
dropped for the card alone ("Got it: 8× H200") or a bare "Which model?"."""

from __future__ import annotations

import re
from typing import Final

from bot.understand.lazy import lazy
from bot.understand.screen import Screened

# In the text with its entities blanked (GPUs read as "gpu"), folded: a verb of running or
# training a model, the name, then where or how it runs ("on", "with"…); or "will NAME fit".
_NAMED: Final = lazy(
    r"(?<![a-z])(?:run|running|serve|serving|host|hosting|load|loading|deploy|deploying"
    r"|fine[- ]?tune|fine[- ]?tuning|finetune|finetuning|train|training|q?lora|inference"
    # "correr foobar 9 en una 4090", "faire tourner foobar 9 sur une 4090"
    r"|correr|ejecutar|entrenar|afinar|servir|cargar|tourner|lancer|entrainer|fine-tuner"
    r"|finetuner|charger|heberger)"
    r" (?:the |a |an |el |al |un |le |la |l')?(?P<name>[a-z][a-z0-9._-]*(?: v?[0-9][0-9a-z.]*)?)"
    r" (?:on|in|with|using|onto|across|at|locally|fit|en|con|sobre|sur|avec|dans)(?![a-z])"
)
_FITS: Final = lazy(
    r"(?<![a-z])(?:will|would|can|could|does|do) (?P<name>[a-z][a-z0-9._-]*(?: v?[0-9][0-9a-z.]*)?)"
    r" (?:fit|run)(?![a-z])"
)

# A name carries a version or a size (a digit): "foobar 9", "blorp-7", "zeta2". Words that
# carry one but name no model: tools and their versions, settings with their values.
_NOT_MODELS: Final = frozenset({
    "it", "this", "that", "them", "these", "those", "something", "anything", "model", "models",
    "llm", "llms", "one", "ones", "python", "cuda", "torch", "pytorch", "transformers", "ubuntu",
    "windows", "win", "linux", "wsl", "macos", "ios", "android", "driver", "drivers", "rocm",
    "vllm", "ollama", "sglang", "tgi", "mlx", "exllama", "exllamav2", "koboldcpp", "unsloth",
    "axolotl", "trl", "peft", "deepspeed", "fsdp", "fsdp2", "zero", "zero2", "zero3", "stage",
    "torchtune", "docker", "version", "ver", "v", "step", "steps", "epoch", "epochs", "rank",
    "r", "alpha", "batch", "bs", "seq", "ctx", "context", "gpu", "gpus", "node", "nodes",
    "card", "cards", "q", "int", "fp", "bf", "nf", "bit", "bits", "gguf", "awq", "gptq", "exl2",
    "lora", "qlora", "layer", "layers", "top", "part", "parts", "chunk", "chunks", "shard",
    "shards", "for", "and", "or", "with", "on", "in", "at", "all", "up", "to", "of", "my",
    "your", "our", "only", "just", "both", "each", "every", "dataset", "data", "rows",
    "samples", "examples", "tokens", "sequences", "process", "processes", "threads", "workers",
    "instance", "instances", "job", "jobs", "run", "runs", "script", "scripts", "inference",
    "training", "i", "we", "you", "they", "he", "she", "lo", "le", "la", "les", "esto", "eso",
    "ca", "cela", "modelo", "modele", "datos", "donnees",
})

# The first word is a setting, a precision or a count ("q4", "fp8", "4bit", "8x", "int4").
_SETTING: Final = lazy(
    r"^(?:q[0-9].*|i?q[0-9]_.*|int[0-9]+|fp[0-9]+|bf[0-9]+|nf[0-9]|[0-9].*|w[0-9]a[0-9]+"
    r"|sm[0-9]+|cuda[0-9.]*|py[0-9.]+|torch[0-9.]*|zero[0-9]|stage[0-9]|fsdp[0-9]?|v[0-9.]+"
    r"|gpu[0-9]*|rtx.*|gtx.*|a[0-9]+|h[0-9]+|l[0-9]+s?|b[0-9]+|t[0-9]+)$"
)


# "merge a 70b lora", "merging my qlora adapter", "merge_and_unload", "fusionar el lora",
# "fusionner l'adaptateur": folding an adapter into its base.
_MERGE: Final = Screened(
    r"(?<![a-z])(?:merg(?:e|ing)|fusionar|fusionn\w*)(?: [\w.'-]+){0,5}? (?:q?lora|adapters?"
    r"|adaptador(?:es)?|adaptateurs?|l'adaptateur|peft)(?![a-z])"
    r"|merge_and_unload|merge[_ -]lora|export[_ -]lora"
)


def merge_asked(folded: str) -> bool:
    """Whether the text asks about merging an adapter into its base."""
    return _MERGE.search(folded) is not None


def unknown_model(rest: str) -> str | None:
    """The name of a model the catalogue did not recognise, as folded ("foobar 9"), when the
    text runs or trains one by a name with a version in it; None when it names none."""
    for match in (*_NAMED.finditer(rest), *_FITS.finditer(rest)):
        name = match.group("name")
        words = name.split()
        first = words[0].strip("._-")
        if not any(c.isdigit() for c in name) or first in _NOT_MODELS or _SETTING.match(first):
            continue
        if any(part in _NOT_MODELS for part in re.split(r"[-_.]", first) if part):
            continue
        return name.strip("._-")
    return None
