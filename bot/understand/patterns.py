"""The lexicon compiled into regular expressions, once, on first use (bot/understand/lazy.py).

All patterns run on folded text (lower case ASCII, see ``normalise.fold``). None of them nests
unbounded quantifiers, so a 4 000-character paste of noise is scanned in linear time.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from decimal import ROUND_HALF_UP, Decimal
from typing import Final

from bot.understand import lexicon as lx
from bot.understand.languages import LANGUAGES
from bot.understand.lazy import Screen, lazy
from bot.understand.numbers import NUM, NUM_SP
from bot.understand.screen import AnyOf, Headed, Screened


def _splits_after_first(fragment: str) -> bool:
    """Whether the fragment is its first character followed by the rest: a letter or digit that
    no quantifier applies to, and no "|" outside brackets."""
    if not fragment[:1].isalnum() or fragment[1:2] in ("?", "*", "+", "{"):
        return False
    depth, i = 0, 0
    while i < len(fragment):
        c = fragment[i]
        if c == "\\":
            i += 1
        elif c == "[":
            i = fragment.index("]", i + 2)
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "|" and depth == 0:
            return False
        i += 1
    return True


def alt(patterns: Iterable[str]) -> str:
    """One non-capturing alternation; longer fragments first so "mil millones" beats "mil".

    Fragments are grouped by their first letter when they all have one ("cuanto|cuesta|coste"
    → "c(?:uanto|uesta|oste)"): the engine then tries one group where a word starts instead of
    every fragment. Fragments with different first letters never match at the same place, and
    each group keeps its fragments' order, so the same text matches, the same way.
    """
    # Ties by spelling, not in a set's order, which changes from process to process: the
    # pattern's text would too, and bot/understand/lazy.py keeps compiled patterns by it.
    ordered = sorted(set(patterns), key=lambda fragment: (-len(fragment), fragment))
    if not all(map(_splits_after_first, ordered)):
        return "(?:" + "|".join(ordered) + ")"
    groups: dict[str, list[str]] = {}
    for fragment in ordered:
        groups.setdefault(fragment[0], []).append(fragment[1:])
    return "(?:" + "|".join(f"{c}(?:{'|'.join(rests)})" for c, rests in groups.items()) + ")"


def words(patterns: Iterable[str]) -> re.Pattern[str]:
    """The fragments as whole words (not inside a longer word or number)."""
    return lazy(rf"(?<![a-z0-9]){alt(patterns)}(?![a-z0-9])")


def screened_words(patterns: Iterable[str]) -> Screened:
    """``words``, searched only in texts holding one of its needles (bot/understand/screen.py):
    for words most questions lack, whose needles are few."""
    return Screened(rf"(?<![a-z0-9]){alt(patterns)}(?![a-z0-9])")


def headed_words(patterns: Iterable[str], among: tuple[str, ...] = ()) -> Headed:
    """``words``, searched only in texts with a run of letters opening as a match can
    (bot/understand/screen.py ``heads``): for words most questions lack, too many for needles;
    `among`: rarer words every match holds one of, checked first (screen.among)."""
    return Headed(rf"(?<![a-z0-9]){alt(patterns)}(?![a-z0-9])", words=among)


def _ends_with(patterns: Iterable[str]) -> re.Pattern[str]:
    return lazy(rf"(?<![a-z0-9]){alt(patterns)}\s?$")


class Guarded(Screen):
    """A pattern searched only in texts that hold its ``guard``: a part of every match of it,
    given as substrings (any of them) or as a pattern.

    Patterns opening with a look-behind are tried at every position of the text; ``in`` and a
    pattern opening with a literal (best: a rare letter) or a character set scan at C speed.
    Most questions hold no batch size, no money, no percentage…: their patterns then cost one
    quick scan each.
    """

    __slots__ = ("_needles", "_quick", "pattern")

    def __init__(self, guard: str | tuple[str, ...], pattern: str | re.Pattern[str]) -> None:
        self._needles = guard if isinstance(guard, tuple) else ()
        self._quick = None if isinstance(guard, tuple) else lazy(guard)
        self.pattern = lazy(pattern) if isinstance(pattern, str) else pattern

    @property
    def needles(self) -> tuple[str, ...]:
        """The substrings of which every match holds one (empty: the guard is a pattern)."""
        return self._needles

    def admits(self, s: str) -> bool:
        """Whether ``s`` holds the guard (so may hold a match)."""
        if self._quick is not None:
            return self._quick.search(s) is not None
        for needle in self._needles:  # noqa: SIM110 (any() over a generator is twice as slow)
            if needle in s:
                return True
        return False

    # The guard checked in each method, not through ``admits``: some 45 guarded searches a
    # question, each a Python call less.
    def search(self, s: str) -> re.Match[str] | None:
        quick = self._quick
        if quick is not None:
            if quick.search(s) is None:
                return None
        else:
            for needle in self._needles:
                if needle in s:
                    break
            else:
                return None
        return self.pattern.search(s)

    def finditer(self, s: str) -> Iterator[re.Match[str]]:
        quick = self._quick
        if quick is not None:
            if quick.search(s) is None:
                return iter(())
        else:
            for needle in self._needles:
                if needle in s:
                    break
            else:
                return iter(())
        return self.pattern.finditer(s)


# --- entities ----------------------------------------------------------------------------------

_COUNT_WORDS: Final = alt(re.escape(w) for w in lx.COUNT_WORDS)
_AMOUNT_WORDS: Final = alt(re.escape(w) for w in lx.AMOUNT_WORDS)

# "mixtral 8x7b": an expert count times an expert size, not 8 GPUs.
MOE: Final = Guarded(
    r"x ?\d", r"(?<![\w.])(\d{1,3}) ?x ?(\d{1,4}(?:[.,]\d+)?) ?b(?![a-z0-9])"
)

# A setting changed to a value ("drop batch to 1", "seq len from 4096 to 2048", "bajo el batch a
# 1", "le batch de 4 à 1"): the value it is set to, not the one it leaves.
_SET_TO: Final = (
    r"(?:(?:from|de) \d+ ?k? )?(?:(?:set|down|up|back|all the way down) )?to"
    r"|(?:de \d+ ?k? )a"
)
# "a bigger batch, like 8", "batch más grande, tipo 8", "un batch plus gros, genre 8", "longer
# seq like 4k": a comparative and a hedge between a setting's name and its value.
_LIKE: Final = (
    r"(?:,? (?:like|say|maybe|around|about|roughly|como|tipo|unos|unas|genre|comme|disons|"
    r"environ|vers|ponle|pon)(?= ?-?\d))?"
)
_BIGGER: Final = r"(?: (?:mas grande|mayor|plus gros|plus grand|bigger|larger|higher),?)?" + _LIKE
_LONGER: Final = r"(?: (?:mas largas?|plus longues?|longer),?)?" + _LIKE
# Every spelling of a sequence length holds one of these (secuencia, context, contexto…).
_SEQ_WORDS: Final = ("seq", "secuencia", "context", "ctx", "max", "cutoff", "cut off", "cut-off")
SEQ_BEFORE: Final = Guarded(
    _SEQ_WORDS,
    r"(?<![a-z])(?:max[ _-]?seq(?:uence)?[ _-]?len(?:gth)?|seq(?:uence)?[ _-]?len(?:gth)?|"
    r"seqlen|max[ _-]?model[ _-]?len|max(?:imum)?[ _-]?len(?:gth)?|cut[ -]?off(?:[ _-]?len)?|"
    # "longitud máxima 1024", "longitud máx. de 2048", "longueur max 1024", "longueur maximale
    # de 4096": a length set, as "max length 1024" is
    r"longitud (?:maxima|maximo|max\.?)(?: de (?:la )?(?:secuencia|contexto))?|"
    r"longueur (?:maximale|maximum|maxi|max\.?)(?: de (?:la )?(?:sequence|contexte))?|"
    r"n_ctx|num_ctx|ctx[ _-]?size|context[ _-]?(?:length|len|window|size)|"
    r"context|ctx(?:[ _-]?len)?|longitud de (?:la )?(?:secuencia|contexto)|ventana de contexto|"
    r"contexto|secuencias?|longueur de (?:la )?(?:sequence|contexte)|fenetre de contexte|"
    r"contexte|sequences?|seq)" + _LONGER +
    # "seq -2048" keeps its sign: bot.understand.bounds refuses it (not 2048, nor a card's name)
    rf" ?(?:{_SET_TO}|[:=]|of|de|a|is|es|est)? ?(?:de )?(?P<num>(?:(?<=[ :=])-)?{NUM_SP}) ?(?P<k>k|m|mille|mil)?"
    r"(?![a-z0-9])"
)
# Hugging Face's language-modeling scripts' "--block_size 1024" (run_clm.py, run_mlm.py,
# run_clm_no_trainer.py): 'Optional input sequence length after tokenization. The training
# dataset will be truncated in block of this size for training' (huggingface/transformers
# examples/pytorch/language-modeling/run_clm.py, DataTrainingArguments.block_size): every
# training sequence is that long. Read beside a training word or tool only: vLLM's
# "--block-size 16" is its KV cache's page, not a length.
BLOCK_SIZE: Final = Guarded(
    ("block",),
    r"(?<![a-z])block[ _-]?size ?[:=]? ?(?P<num>\d{2,6})(?![\w.,])"
)
# The scripts that take it, named ("python run_clm.py …"): training, as a trainer's flags are.
HF_LM_SCRIPT: Final = Guarded(("run_",), r"(?<![a-z])run_(?:clm|mlm|plm|fim)(?:_no_trainer)?(?:\.py)?")
# "qlora mistral 7b at 4096 batch 4", "lora llama 3 8b @ 8k": a power of two said after "at"
# with no unit is the sequence length (nothing else in these questions is 4,096 of).
AT_LENGTH: Final = Guarded(
    ("at ", "@", "k", "512", "1024", "2048", "4096", "8192", "16384", "32768", "65536",
     "131072"),
    # "y con vllm a 32k?", "et avec vllm en 32k ?": Spanish and French say a context in
    # thousands with "a", "en" (and "à", folded to "a"); "lora mistral 7b with 4096", "un lora
    # de mistral nemo 12b en 4096", "a 8192": a length written whole after them or "with"
    # (was unread: 2,048 assumed), never a count of things (the units refused below).
    r"(?<![a-z$])(?:at |@ ?|(?:a|en) (?=\d{1,3} ?k)|(?:with|con|avec|en|a) (?=\d{3,6}(?![\d.,]\d)))"
    r"(?P<num>512|1024|2048|4096|8192|16384|32768|65536|131072"
    # a comma or stop ending the clause ("at 8k, how much vram") is no decimal ("at 8,5k")
    r"|(?:1|2|4|8|16|32|64|128) ?(?P<k>k))(?![\w%$/]|[.,](?=\w))"
    r"(?! ?(?:gb|go|tb|tokens? ?/|tok|t/s|usd|dollars?|\$|eur|hours?|hrs?|h(?![a-z])|steps?"
    r"|samples?|rows?|examples?|users?|requests?|pairs?|epochs?|gpus?|cards?|mb|mhz|w(?![a-z])"
    r"|ejemplos?|muestras?|filas?|pasos?|usuarios?|peticiones|exemples?|echantillons?|lignes?"
    r"|etapes?|utilisateurs?|requetes?|paires?|pares?|horas?|heures?|palabras?|mots?"
    r"|dolares|euros?|ranks?|rango|layers?|capas|couches|dim(?![a-z])|alpha))"
)
# A context in thousands said bare in a serving question ("serve llama 3.1 8b with 128k on an
# a100", "vllm llama 3.1 8b 32k on a 4090", "servir … con 128k", "avec 128k"): read only where
# the question serves and nothing trains (bot.understand.parse), as a context's usual sizes;
# never money ("$32k", "32k usd", "32k budget"), a count of things ("64k samples", "8k users",
# "16k requests") nor a rate ("8k tokens/s", "4k tokens a day").
SERVED_CONTEXT: Final = Guarded(
    r"\d ?k",
    r"(?<![\w.,$\u20ac\u00a3~-])(?:(?:with|con|avec) )?(?P<num>1|2|4|8|16|32|64|128|256) ?k"
    r"(?: ?tokens?)?(?![\w%$/\u20ac\u00a3+*-]|[.,](?=\w))"
    # a rate ("8k tokens/s", "8k tok per second")
    r"(?! ?(?:tok(?:en)?s?|t) ?(?:/|per |a |an |each |every |al |por |cada |par |chaque ))"
    r"(?! ?(?:gb|go|tb|usd|dollars?|dolares|\$|eur|euros?|budget|presupuesto|hours?|hrs?|h"
    r"|steps?|samples?|rows?|examples?|users?|requests?|pairs?|epochs?|gpus?|cards?"
    r"|mb|mhz|w|ejemplos?|muestras?|filas?|pasos?|usuarios?|peticiones|solicitudes"
    r"|exemples?|echantillons?|lignes?|etapes?|utilisateurs?|requetes?|paires?|pares?|horas?"
    r"|heures?|palabras?|mots?|words?|docs?|documents?|documentos?|files?|archivos?|fichiers?"
    r"|output|salida|sortie|generated|new|nuevos|nouveaux)(?![a-z]))"
    r"(?! ?(?:per|a|an|each|every|al|por|cada|par|chaque) (?:day|dia|jour|hour|hora|heure"
    r"|month|mes|mois|second|segundo|seconde)s?(?![a-z]))"
)
# "1m context", "10M token context": millions of tokens (Qwen2.5-1M, Llama 4 Scout).
SEQ_AFTER: Final = Guarded(
    _SEQ_WORDS,
    rf"(?<![\w.,])(?P<num>{NUM_SP}) ?(?P<k>k|m|mille|mil)?[ -]?(?:tokens? )?(?:of |de |d')?"
    # "fits with 8k num_ctx?": Ollama's and llama.cpp's names of it after its value
    r"(?:context\w*|(?:num_|n_)?ctx(?:[_-]size)?|seq(?:uence)?(?: ?len(?:gth)?)?|secuencia|sequence|cut[ -]?off|"
    # "deepseek r1 80k max model len on 16x h100", "8k max seq len", "4k max length": the
    # limit's name after its value (was unread: the longest context answered instead)
    r"max(?:imum)?[ _-]?(?:model[ _-]?|seq(?:uence)?[ _-]?)?len(?:gth)?|max[ _-]?seqlen)(?![a-z])"
)
# Online RL's generation settings (TRL's GRPOConfig names and as people say them):
# "num_generations 16", "16 generations per prompt", "G=8"; "max_completion_length 1024",
# "max completion length 2k", "1024 completion tokens".
RL_GENERATIONS: Final = Guarded(
    ("gen", "g=", "g =", "g:", "g :", "prompt"),
    r"(?<![a-z])(?:num[ _-]?generations ?[=:]? ?|(?<![\w.])g ?[=:] ?)(?P<num>\d{1,3})(?!\w|[.,]\d)"
    r"|(?<![\w.,])(?P<num2>\d{1,3}) (?:generations|completions|rollouts|samples)"
    r" (?:per|a|each|for each) prompt(?![a-z])"
)
RL_COMPLETION: Final = Guarded(
    ("completion",),
    r"(?<![a-z])max[ _-]?completion[ _-]?(?:length|len|tokens) ?[=:]? ?(?P<num>\d{1,6}) ?(?P<k>k)?"
    r"(?!\w|[.,]\d)|(?<![\w.,])(?P<num2>\d{1,6}) ?(?P<k2>k)? completion tokens(?![a-z])"
)
# vLLM's share of each GPU ("--gpu-memory-utilization 0.95", "gpu_memory_utilization=0.8",
# "gpu memory utilization 95%"): the value as written, "1.5" and "-0.9" too (vLLM accepts only
# (0, 1]: bot.understand.bounds refuses the rest).
# vLLM's flag named with no value ("what --gpu-memory-utilization should i set"): the share
# asked for.
GPU_MEMORY_UTILIZATION_NAMED: Final = Guarded(("util",), r"gpu[ _-]?mem(?:ory)?[ _-]?util")
GPU_MEMORY_UTILIZATION: Final = Guarded(
    ("util",),
    r"gpu[ _-]?mem(?:ory)?[ _-]?util\w* ?[=:]? ?"
    r"(?:(?P<num>-?\d{1,3}(?:[.,]\d{1,3})?)(?![\d%])|(?P<pct>-?\d{1,4}) ?%)"
)
# SGLang's share for the weights and the KV cache ("--mem-fraction-static 0.8",
# "mem_fraction_static=0.85", its short "--mem-frac 0.9"): the value as written.
MEM_FRACTION_STATIC: Final = Guarded(
    ("frac",),
    r"(?<![a-z])mem[ _-]frac(?:tion[ _-]static)? ?[=:]? ?(?P<num>0?[.,]\d{1,3}|1(?:[.,]0{1,3})?)"
    r"(?![\d%])"
)
# A Hugging Face repo id of a chat-tuned checkpoint ("meta-llama/Meta-Llama-3-8B-Instruct",
# "google/gemma-2-9b-it", "mistralai/Mistral-7B-Instruct-v0.3"): with no training word, what
# people paste to run it.
INSTRUCT_REPO: Final = Guarded(
    ("/",),
    r"(?<![\w.-])[a-z0-9][\w.-]*/[\w.-]*?-(?:instruct|chat|it)(?![a-z0-9])"
)
# A corpus read through a model (inference over it, not training): "process 10M tokens with
# llama 3 8b", "run 50M tokens through", "classify/summarize/embed/label/translate N tokens",
# "batch inference over", "procesar/clasificar/resumir/etiquetar/traducir", "traiter/classer/
# classifier/résumer/étiqueter/traduire" (folded).
BATCH_VERB: Final = Headed(
    r"(?<![a-z])(?:process\w*|run (?:it )?(?:through|over)|running (?:it )?(?:through|over)"
    r"|(?:batch )?inference (?:over|on)|infer(?:ence)? over|classif\w*|summari[sz]\w*"
    # "batch inference 1M prompts", "offline inference on", "inferencia por lotes"
    r"|(?:batch|offline|bulk)[ -]?inference|inferencia (?:por lotes|en lote|offline)"
    r"|inference (?:par lots|en lot|hors ligne)"
    r"|embed(?:s|ding)?|label(?:l?ing|s)?|tagg?(?:ing)?|translat\w*|annotat\w*|scor(?:e|ing)"
    r"|extract\w*|procesa\w*|clasifica\w*|resumi\w*|etiqueta\w*|traduc\w*|traduci\w*"
    r"|anota\w*|pasar (?:por|a traves de)|inferencia (?:sobre|en)|trait\w*|class(?:er|ifier)"
    r"|resumer|etiquet\w*|tradui\w*|annot\w*|passer (?:dans|par)|inference sur)(?![a-z])"
)
# A chat-tuned checkpoint named without its organisation: "gemma 3 27b it", "gemma-3-27b-it",
# "gemma3:27b-it", "llama 3 8b instruct", "Qwen2.5-7B-Instruct", "mistral instruct", "-chat":
# the suffix is part of the model's name ("it" after a size is Gemma's instruction-tuned
# suffix, not a pronoun: "will gemma 27b it fit" keeps its pronoun).
INSTRUCT_NAME: Final = Guarded(
    ("instruct", "it", "chat"),
    r"(?<![a-z])instruct(?![a-z]| ?-?tun)"
    r"|(?<![a-z0-9])\d+(?:\.\d+)?b-(?:it|chat)(?![a-z0-9])"
    r"|(?<![a-z0-9])\d+(?:\.\d+)?b it(?= ?[,?!.]| (?:on|in|en|sur|con|with|avec|at|a|for|para"
    r"|pour|q\d|qat|gguf|awq|gptq|fp8|bf16|fp16|int[48]|[48] ?-?bits?)(?![a-z])| ?$)"
)
# vLLM's "--max-num-seqs 64" ("max_num_seqs=64"): a ceiling on the sequences its scheduler
# runs together, not memory it reserves (the KV cache is preallocated from
# --gpu-memory-utilization): how many fit is the question, not a batch to hold.
MAX_NUM_SEQS: Final = Guarded(
    ("num",),
    r"(?<![a-z])max[ _-]?num[ _-]?seqs ?[=:]? ?(?P<num>\d{1,5})(?![\w.])"
)
# vLLM's "--enforce-eager" ("enforce_eager=True" in Python): the model runs in eager PyTorch,
# no CUDA graphs captured, so none of their memory is reserved within its share (vLLM engine
# arguments: "--enforce-eager: Whether to always use eager-mode PyTorch. If True, we will
# disable CUDA graph and always execute the model in eager mode").
ENFORCE_EAGER: Final = Guarded(
    ("eager",),
    r"(?<![a-z])enforce[ _-]?eager(?! ?[=:] ?false)(?: ?[=:] ?true)?(?![a-z])"
)
# vLLM's "--max-num-batched-tokens 8192" ("max_num_batched_tokens=16384"): the tokens one step
# pushes through, so the prefill working set its start-up profile takes from its share.
MAX_BATCHED_TOKENS: Final = Guarded(
    ("batched",),
    r"(?<![a-z])max[ _-]?num[ _-]?batched[ _-]?tokens ?[=:]? ?(?P<num>\d{1,7})(?![\w.])"
)
# vLLM's tensor parallelism ("-tp 2", "--tensor-parallel-size 4", "tensor_parallel_size=2",
# SGLang's "--tp 2"): the model split over that many GPUs.
TENSOR_PARALLEL: Final = Guarded(
    ("tp", "tensor"),
    r"(?<![\w-])(?:--?tp(?:[ _-]?size)?|--?tensor[ _-]parallel(?:[ _-]size)?|"
    r"tensor[ _-]parallel(?:[ _-]size)?|tp) ?[=:]? ?(?P<num>[1-8])(?![\w.,])"
)
# vLLM's "--block-size 32": the tokens of one KV cache block (16 by default on CUDA), in which
# its start-up log counts the cache and each request's share of it.
VLLM_BLOCK_SIZE: Final = Guarded(
    ("block",), r"(?<![a-z])--?block[ _-]size ?[=:]? ?(?P<num>8|16|32|64|128)(?![\w.])"
)
# vLLM's "--cpu-offload-gb 20" ("cpu_offload_gb=20"): GiB of each GPU's weights kept in CPU RAM
# and read over PCIe in every forward pass (rules/data/serving.toml vllm.cpu_offload_gb).
VLLM_CPU_OFFLOAD: Final = Guarded(
    ("offload",),
    r"(?<![a-z])-{0,2}cpu[ _-]offload[ _-]gb ?[=:]? ?(?P<num>\d{1,4}(?:\.\d{1,2})?)(?![\w.])"
)
# vLLM's pipeline parallelism ("-pp 2", "--pipeline-parallel-size 2",
# "pipeline_parallel_size=2"): the layers split over that many stages, each of -tp GPUs, so
# tp x pp GPUs in all (vLLM's Distributed Inference and Serving guide).
PIPELINE_PARALLEL: Final = Guarded(
    ("pp", "pipeline"),
    r"(?<![\w-])(?:--?pp(?:[ _-]?size)?|--?pipeline[ _-]parallel(?:[ _-]size)?|"
    r"pipeline[ _-]parallel(?:[ _-]size)?) ?[=:]? ?(?P<num>[1-8])(?![\w.,])"
)
# A serving engine's context flag with no context word in it: llama.cpp's "-c 16384" (also
# "-c 16k"; read only where llama.cpp or a GGUF file is named) and TGI's "--max-total-tokens
# 16384" (the prompt and the output together: the context each sequence holds); TGI's
# "--max-input-tokens 15000" (legacy "--max-input-length") said without it: the prompt alone,
# the least context each sequence holds (bot.understand.parse prefers the total).
RUNNER_CONTEXT: Final = Guarded(
    ("-c", "total", "input"),
    r"(?<![\w-])(?P<flag>-c|(?:--?)?max[ _-]total[ _-]tokens|(?:--?)?max[ _-]input[ _-](?:length|tokens))"
    r" ?[=:]? ?(?P<num>\d{3,7}|\d{1,4} ?(?P<k>k))(?![\w.,])"
)
# llama.cpp named, or one of its own flags ("-ngl 99", "-ctk q8_0", "--cache-type-v q4_0")
LLAMA_CPP_CUE: Final = Guarded(
    ("llama", "gguf", "ngl", "-ct", "cache-type"),
    r"llama[ .-]?cpp|llama-(?:server|cli)|gguf|-ngl|-ct[kv](?![a-z])|--cache-type-[kv]"
)
# Fine-tuning tools and their config keys: "unsloth/llama-3-8b-bnb-4bit with max_seq_length 8192"
# trains on a 4-bit base, it does not serve it.
TRAINING_TOOLS: Final = Guarded(
    ("unsloth", "axolotl", "factory", "torchtune", "trl", "peft", "max_seq", "cutoff", "micro",
     "finetune",
     "per_device", "accumulation", "epoch", "learning_rate", "sequence_len"),
    r"(?<![a-z])(?:unsloth|axolotl|llama ?-?factory|torchtune|trl|peft|max_seq_length|cutoff_len|"
    r"lit[ _-]?gpt finetune(?:_lora|_full)?|"
    r"micro_batch\w*|per_device_train\w*|gradient_accumulation\w*|num_train_epochs|"
    r"learning_rate|sequence_len)(?![a-z])"
)
# A Hugging Face Trainer run pasted whole ("accelerate launch train.py --model_name_or_path …
# --per_device_train_batch_size 1"): without an adapter word it trains every weight.
TRAINER_RUN: Final = Guarded(
    ("model_name_or_path", "per_device_train"),
    r"(?<![a-z])(?:model_name_or_path|per_device_train_batch_size)(?![a-z])"
)
ADAPTER_HINT: Final = lazy(
    r"(?<![a-z])(?:q?lora\w*|peft|adapters?|use_peft|load_in_[48]bit|bnb|4 ?-?bit|unsloth|"
    r"lora_r|r ?= ?\d+)(?![a-z])"
)
# bitsandbytes' 4-bit loading named beside LoRA/PEFT: QLoRA.
BNB_FOUR_BIT: Final = Screened(r"(?<![a-z])(?:bitsandbytes|bnb|load_in_4bit|nf4)(?![a-z])")
# "how many concurrent users at 32k": in a question about sequences served at once, a length in
# thousands after "at" (a, à, con, with, @) is each sequence's context. The "k" is required:
# "at 8" is not a length.
CONTEXT_AT: Final = Guarded(
    "k",
    r"(?<![a-z])(?:at|with|con|a|@) ?(?P<num>\d{1,4}) ?k(?: tokens?)?(?![a-z0-9])"
)
# A context reached by RoPE scaling ("rope scaling to 64k", "yarn a 128k", "rope scaling jusqu'à
# 64k"): the sequence length the run holds, not a dataset of 64,000 tokens.
ROPE_CONTEXT: Final = Guarded(
    ("rope", "yarn"),
    r"(?<![a-z])(?:rope|yarn)(?:[ _-]?(?:scaling|scaled|scale|extension|extended))?"
    r"(?: (?:to|up to|upto|until|a|hasta|jusqu.?a|jusque|para|pour|for|at|de|con|avec|with|"
    r"de hasta|x ?\d{1,2}|factor \d{1,2}|\d{1,2}x)){0,3} ?(?P<num>\d{1,4}) ?(?P<k>k)(?: tokens?)?(?![a-z0-9])"
)
# A sequence length called a context: a serving question when nothing speaks of training.
CONTEXT_WORD: Final = lazy(r"context|ctx|contexto|contexte|model[ _-]?len")
BATCH: Final = Guarded(
    ("batch", "bs", "lot"),
    r"(?<![a-z])(?:per[ _-]?device[ _-]?(?:train[ _-]?)?batch[ _-]?size|"
    r"micro[ _-]?batch(?:[ _-]?size)?|batch[ _-]?size|batch|bsz|bs|mbs|"
    r"taille (?:de|du) (?:batch|lot)|tamano de(?:l)? (?:batch|lote)|lote)" + _BIGGER +
    rf" ?(?:{_SET_TO}|[:=]|of|de|is|es|est|a)? ?(?:de )?(?P<num>(?:(?<=[ :=])-)?\d+)(?!\w|[.,]\d)"
)
# The batch said after its number ("qlora llama 3 8b, 4 batch, 2048 seq", "4 batch size", "8 per
# device batch", "lora 7b con 4 de batch"): read when no batch is said before its number.
BATCH_AFTER: Final = Guarded(
    ("batch", "bs"),
    # a card's number is no batch ("on a 4090 bs-8", "my 3090 batch size?")
    r"(?<![\w.,$-])(?<!\ba )(?<!\ban )(?<!\bmy )(?<!\brtx )(?<!\bgtx )"
    r"(?P<num>\d{1,4}) ?(?:de |of )?(?:per[ _-]?device[ _-]?(?:train[ _-]?)?)?"
    r"(?:batch[ _-]?size|batch|bsz|bs)(?![a-z0-9])"
    # the word's own value follows it ("bs-8", "batch=8"): the number before is not the batch
    r"(?! ?[-=:] ?\d)"
    r"(?! ?(?:jobs?|files?|requests?|inference|processing|mode|api|calls?|runs?|of (?!\d)))"
)
# The batch held at once named as such ("micro bs 4", "micro_batch_size: 2",
# "per_device_train_batch_size=4", "mbs 2"): beside an effective batch ("bs 16 (grad accum 4,
# micro bs 4)", "effective batch 16, micro batch 4") it is the one memory depends on.
MICRO_BATCH: Final = Guarded(
    ("micro", "device", "mbs", "per gpu", "per_gpu", "per-gpu", "pergpu", "por dispositivo",
     "por gpu", "par gpu",
     "par appareil", "par carte"),
    r"(?<![a-z])(?:per[ _-]?device[ _-]?(?:train[ _-]?)?batch(?:[ _-]?size)?|"
    # DeepSpeed's JSON "train_micro_batch_size_per_gpu": 4 (was unread: batch 1 assumed)
    r"micro[ _-]?(?:batch(?:[ _-]?size)?|bsz?)(?:_per_gpu)?|mbs|"
    # "batch per gpu 4", "per gpu batch 4", "tamaño de batch por dispositivo 4", "batch par
    # gpu de 4", "taille de lot par appareil 4": the batch each GPU holds
    r"per[ _-]?gpu[ _-]?batch(?:[ _-]?size)?|batch(?:[ _-]?size)? per[ _-]?(?:device|gpu)|"
    r"(?:tamano de(?:l)? )?(?:batch|lote) por (?:dispositivo|gpu)|"
    r"(?:taille (?:de|du) )?(?:batch|lot) par (?:appareil|gpu|carte))"
    rf" ?(?:{_SET_TO}|[:=]|of|de|is|es|est|a)? ?(?:de )?(?P<num>\d+)(?!\w|[.,]\d)"
)
# Sequences served together: "20 concurrent users", "32 requests in parallel", "20 usuarios a
# la vez", "20 utilisateurs simultanés", vLLM's "--max-num-seqs 32": the batch the KV cache holds.
# Ollama's OLLAMA_NUM_PARALLEL=4 holds a context of num_ctx for each of the 4 (ollama/ollama
# issue #9246, maintainer: "num_ctx=4096 and OLLAMA_NUM_PARALLEL=4, ollama allocates enough VRAM
# to hold 16384 tokens"). llama.cpp's -np splits its -c between the slots: not read here.
_CONCURRENT: Final = alt(lx.CONCURRENT_WORDS)
_SERVED: Final = alt(lx.SERVED_NOUNS)
CONCURRENCY: Final = Guarded(
    r"concurren|simult|paral|at once|same time|at a time|a la vez|mismo tiempo|meme temps|"
    r"a la fois|num[_ -]?seqs",
    # a minus kept, for bot.understand.bounds to refuse ("-5 concurrent users")
    rf"(?<![\w.,-])(?P<num>-?\d{{1,5}}) (?:{_CONCURRENT} {_SERVED}|{_SERVED} {_CONCURRENT})(?![a-z])"
    r"|(?<![a-z])(?:max[_ -]?num[_ -]?seqs|ollama[_ ]num[_ ]parallel|concurrency|concurrencia|"
    r"concurrence)"
    r"(?: of| de)? ?[:=]? ?(?P<num2>\d{1,5})(?![\w.])"
    # "…with vllm, 32 concurrent", "32 simultaneous at 8k": the noun left unsaid, at the end
    # of a clause or before a preposition (never "32 concurrent ..." of another noun)
    rf"|(?<![\w.,-])(?P<num3>-?\d{{1,5}}) (?:{_CONCURRENT})"
    # (spaces run where a setting after it was blanked: "64 concurrent at 4k"), or before what
    # is asked of them ("64 concurrent 4k context tok/s", "… 64 concurrent, cost for a day")
    r"(?= *$| *[,;:!?)]| *\.(?!\d)| +(?:at|with|on|and|for|y|con|en|a|et|avec|sur|pour)\b"
    r"| +(?:tok(?:en)?s? ?/|t/s|(?:tps|how|what|which|cost|price|throughput)(?![a-z])))"
)
# "serve llama 3 8b to 10 users", "servir … a 10 usuarios", "servir … pour 10 utilisateurs":
# serving that many people is that many sequences at once (read only beside a serving word).
# "to about 5 people", "para unas 10 personas", "pour environ 20 utilisateurs": as many.
# Also after the context, joined by "and" ("avec 32k de contexte et 8 requêtes", the context
# already blanked); never a count per unit of time ("1000 requests a day" is a total, not 1,000
# at once).
SERVED_TO: Final = lazy(
    rf"(?:(?<![a-z])(?:to|for|a|para|pour|with|con|avec)|(?:context[a-z]*|ctx|tokens?| ) (?:and|y|et)) "
    r"(?:(?:about|around|roughly|approximately|"
    r"approx\.?|~|up to|like|maybe|say|unos|unas|alrededor de|hasta|environ|jusqu'a|a peu pres) ?)?"
    rf"(?P<num>\d{{1,4}}) (?:{_SERVED})(?![a-z])"
    r"(?! ?(?:a|an|per|each|every|/|al|por|cada|par|chaque|le|la) ?(?:day|hour|hr|minute|min|second|"
    r"sec|s|week|month|dia|hora|minuto|segundo|semana|mes|jour|heure|seconde|semaine|mois)s?(?![a-z]))"
)
# People counted beside a model with no serving word ("llama 3 8b for 50 users", "can a 4090
# handle 20 users", "50 usuarios", "10 personnes en même temps"): as many served at once (read
# only with no training word). Requests, sessions or streams alone may be a total, not people.
USERS_SAID: Final = Screened(
    rf"(?<![\w.,])(?P<num>\d{{1,4}}) (?:(?:{_CONCURRENT}) )?(?:users?|ppl|people|persons|folks|"
    r"clients?|usuarios?|personas|clientes|utilisateurs?|personnes)(?![a-z])")
# "for my team of 10 devs", "a 10-person team", "un equipo de 10", "pour une équipe de 8": the
# team is served, as "to 10 people" is (read only beside a serving word, never for training).
SERVED_TEAM: Final = Guarded(
    ("team", "group", "office", "company", "class", "equipo", "grupo", "oficina", "empresa",
     "clase", "equipe", "groupe", "bureau", "entreprise", "boite"),
    r"(?<![a-z])(?:team|group|office|company|class|equipo|grupo|oficina|empresa|clase|equipe|"
    r"groupe|bureau|entreprise|boite) (?:of|de|d'|d) ?(?:(?:about|around|roughly|~|unos|unas|"
    r"alrededor de|environ|a peu pres) ?)?(?P<num>\d{1,4})(?!\d|[.,]\d)"
    r"|(?<![\w.,])(?P<num2>\d{1,4}) ?-? ?(?:person|people|man|member|dev|developer|seat|user|"
    r"personas|personnes) (?:team|group|company|equipo|equipe)"
)
# "1.5k steps", "max_steps=1000", "2000 iterations": with the batch and the sequence length, the
# tokens a run trains on (steps × batch × length × accumulation).
STEPS: Final = Guarded(
    ("step", "iter", "paso", "etape"),
    rf"(?<![a-z])max[ _-]?steps ?[:=]? ?(?P<num2>\d+)(?!\w|[.,]\d)|(?<![\w.,])(?P<num>{NUM_SP}) ?"
    r"(?P<k>k)? ?(?:training |optimi[sz](?:er|ation) |gradient |train )?"
    r"(?:steps?|iterations?|iters?|pasos|iteraciones|etapes)(?![a-z])"
)
ACCUM_STEPS: Final = Guarded(
    ("accum", "acum", "ga"),
    r"(?<![a-z])(?:gradient_accumulation_steps|grad(?:ient)?[ _-]?accum\w*(?:[ _-]steps)?|gas?"
    # "acumulación de gradientes 4", "accumulation de gradients de 2"
    r"|acumulaci[oó]n de gradientes?|accumulation (?:des? |du )?gradients?)"
    r"(?: ?[:=]| of| de)? ?(?P<num>\d{1,3})(?!\w|[.,]\d)"
)
# "lora rank 64", "lora alpha 32", "lora dropout 0.05", "lora adapters" beside "qlora": a setting
# of the adapters, not LoRA named as a second method.
LORA_SETTING: Final = Guarded(
    ("lora",),
    r"(?<![a-z0-9])lora(?=[ _-]?(?:rank|rango|rang|r|alpha|alfa|dropout|adapters?|adaptadore?s?|"
    r"adaptateurs?|targets?|target[ _]modules|modules)(?![a-z]))"
)
# "rango de LoRA 64", "rang LoRA de 64" name the adapters' rank, not LoRA as the method.
RANK: Final = Guarded(
    r"r(?:an(?:k|go?))?(?: (?:de |del |du )?(?:la )?lora)? ?(?:[:=]|of|de)? ?-?\d"
    r"|rank (?:from \d+ )?(?:set |up |down )?to ?-?\d|rang(?:o)? (?:de \d+ )?a ?-?\d",
    # "r9700" glued to four digits is AMD's Radeon AI PRO R9700, not a rank ("r16", "r=1024").
    # "[rank0]:", "local_rank: 0" in a pasted torch.distributed log are a process's rank,
    # not the adapters' (was "too small for the LoRA rank: at least 1"); so are Accelerate's
    # "machine_rank: 0" and a "process_rank"
    r"(?<![a-z\[])(?<!local_)(?<!global_)(?<!node_)(?<!machine_)(?<!process_)(?<!local )"
    r"(?!r\d{4})(?!rank ?\d+ ?\])(?:r|rank|rango|rang)(?: (?:de |del |du )?(?:la )?lora)?"
    # "bump rank to 128", "sube el rango a 64": the rank word spelled out, never a bare "r to".
    r" ?(?:(?<=rank) (?:from \d+ )?(?:set |up |down )?to|(?:(?<=rango)|(?<=rang)) (?:de \d+ )?a|"
    # "rank -8" keeps its sign: bot.understand.bounds refuses it (not rank 8)
    r"[:=]|of|de)? ?(?P<num>(?:(?<=[ :=])-)?\d+)(?!\w|[.,]\d)"
)
_TOKEN_MULT: Final = alt(re.escape(w) for w in lx.TOKEN_MULTIPLIERS)
# ... not a rate: "qlora 70b tokens/s on a T4" names a 70B model and asks its tokens/s.
DATASET: Final = Guarded(
    ("tok",),
    rf"(?<![\w.,])(?P<num>{NUM_SP}) ?-?(?P<mult>{_TOKEN_MULT})? ?-?(?:de |d'|of )?"
    r"(?:training |entrenamiento |d'entrainement )?tok(?:en)?s?(?![a-z])"
    r"(?! ?/ ?s(?:ec(?:ond)?)?(?![a-z])| (?:per|a|por|par) (?:sec(?:ond)?|segundo|seconde)(?![a-z]))"
)
# "100k samples of 512 tokens", "~20k examples, avg 700 tokens": the dataset is the product,
# and a length not given as an average is the sequence length.
_SAMPLES: Final = (
    r"samples?|examples?|rows?|conversations?|convos?|convs?|sequences?|records?|documents?"
    r"|docs?|pairs?|instructions?|dialogues?|entries|prompts?|ejemplos?|muestras?|filas?"
    r"|conversaciones|exemples?|echantillons?|lignes?"
    # preference pairs (DPO): "30 mil pares de 1024 tokens", "30k paires de 1024 tokens"
    r"|pares|paires?|dialogos|instrucciones"
    # what a batch job reads ("summarize 100k emails", "resumir 100k documentos")
    r"|documentos|e-?mails?|correos|courriels|articles?|articulos|reviews?|tickets?"
    # chat shorthand: "50k ex", "100k smpl"
    r"|exs?|smpls?"
)
# "10k samples", "20 000 exemples": how many, with their word multiplier.
# "1M de muestras", "1M d'exemples": Spanish and French put "de" after a count with a scale.
# "52k alpaca samples", "10k chat examples", "20k training rows": one word saying what kind.
_SAMPLE_KIND: Final = (
    r"(?:(?:alpaca|training|train|sft|chat|instruction|instruct|qa|q&a|dpo|preference|text|code"
    r"|math|synthetic|labell?ed|custom|unique|clean|cleaned|short|long|raw"
    # a vision model's data: "5k image-text pairs", "10k image caption samples"
    r"|image[ -]?(?:text|caption)|image|vision|multimodal) )?"
)
_SAMPLE_COUNT: Final = (
    # "a 5k-row dataset": the count glued to its word by a hyphen
    rf"(?<![\w.,])(?P<n>{NUM_SP}) ?(?P<nmult>{_TOKEN_MULT})? ?-?(?:de |d')?{_SAMPLE_KIND}(?:{_SAMPLES})"
)
# "10k samples" with no length: the reply asks how long a sample is.
SAMPLES_COUNT: Final = Guarded(rf"(?:{_SAMPLES})", rf"{_SAMPLE_COUNT}(?![a-z])")
# A form's field: "rows: 20k", "filas: 20k", "lignes : 50 000", "samples=20000" (a Discord or
# forum post laid out as "model: …, gpu: …, rows: …"): the count after its word.
_KEYED_SAMPLES: Final = (
    r"samples?|examples?|rows?|records?|entries|conversations?|pairs?|ejemplos|muestras|filas"
    r"|conversaciones|pares|exemples|echantillons|lignes|paires"
)
SAMPLES_KEYED: Final = Guarded(
    rf"(?:{_KEYED_SAMPLES})",
    rf"(?<![a-z_])(?:{_KEYED_SAMPLES}) ?[:=] ?(?P<n>{NUM_SP})(?: ?(?P<nmult>{_TOKEN_MULT})(?![a-z]))?"
    r"(?!\w|[.,]\d| ?-?(?:tok|[kmgt]i?[bo](?![a-z])|bytes?|octets?|%|\$|€))",
)
# "a 100k dataset", "dataset of 100k", "un dataset de 50 mil", "jeu de donnees de 20 000": a
# count with no unit said of a dataset counts its examples (tokens, bytes and rows are said).
_DATASET_WORD: Final = r"(?:dataset|data ?set|set de datos|conjunto de datos|jeu de donnees|corpus)"
# A unit after the count makes it no count of examples ("a dataset of 5gb", "de 20k tokens").
_NOT_EXAMPLES: Final = (
    # ... the bytes in words too: "un dataset de 300 megas" (was 300 examples)
    r" ?-?(?:tok|[kmgt]i?[bo](?![a-z])|bytes?|octets?|megs?|megas?|gigs?|gigas?|%|\$|€|usd"
    r"|dollars?|euros?|h(?![a-z])"
    r"|hours?|horas?|heures?|steps?|pasos|etapes|words?|palabras|mots|char|caracter)"
)
DATASET_COUNT: Final = Guarded(
    ("dat", "corpus", "donnees"),
    # Atomic: "20 mil tokens" may not shed its "mil" to leave "20" a count.
    rf"(?<![\w.,])(?>(?P<n>{NUM_SP})(?: ?(?P<nmult>{_TOKEN_MULT})(?![a-z]))?) ?-?"
    rf"{_DATASET_WORD}(?![a-z])"
    rf"|{_DATASET_WORD}(?: (?:size|total))? (?:of|de|d'|with|con|avec|:) ?"
    r"(?:~ ?|about |around |roughly |unos |alrededor de |environ |d'environ )?"
    rf"(?>(?P<n2>{NUM_SP})(?: ?(?P<nmult2>{_TOKEN_MULT})(?![a-z]))?)(?![\w.,]|{_NOT_EXAMPLES})"
)
_ABOUT: Final = (
    r"avg|average|mean|about|around|roughly|approx\w*|~|unos|de unos|alrededor de|environ"
    r"|d'environ|en moyenne|promedio|de media|en promedio|on average"
)
# "10k ejemplos de 512", "10k exemples de 512 chacun", "10k samples of ~1k": a length said with
# no unit after the examples it measures is in tokens (was unread: both lengths bracketed). Not a
# unit after it ("20k ejemplos de 3 epocas", "de 5gb"), which the parse also holds to a length.
# ... and with no "of" when the length has its "k" or an average word ("10k samples 2k",
# "10k samples, avg 2k": were unread, the reply asking how long a sample is).
SAMPLES_OF_BARE: Final = Guarded(
    rf"(?:{_SAMPLES})(?:,? each)?,? (?:of|de|d'|{_ABOUT}|\d)",
    rf"{_SAMPLE_COUNT}(?:,? each)?,? (?:(?:of|de|d') ?|(?=(?:{_ABOUT}) ?(?:of |de )?\d)"
    rf"|(?=\d{{1,3}}(?:[.,]\d)? ?k(?![a-z])))(?:(?P<avg>{_ABOUT}) ?(?:of |de )?)?"
    rf"(?P<num>{NUM_SP}) ?(?P<mult>k)?(?: (?:each|chacun|cada uno)| (?P<avg2>{_ABOUT}))?"
    rf"(?!\w|[.,]\d|{_NOT_EXAMPLES}| ?-?(?:epochs?|epocas?|epoques?|gpus?|x(?![a-z])))"
)
SAMPLES_OF_TOKENS: Final = Guarded(
    ("tok",),
    rf"{_SAMPLE_COUNT}(?: each)?,? ?\(? ?"
    rf"(?:of|x|×|\*|with|de|d'|con|avec|at|@)? ?(?:(?P<avg>{_ABOUT}) ?(?:of |de )?)?"
    rf"(?P<num>{NUM_SP}) ?(?P<mult>{_TOKEN_MULT})? ?-?tok(?:en)?s?(?![a-z])"
    rf"(?: (?:each|chacun|cada uno)| (?P<avg2>{_ABOUT}))?"
)
# One sample's length said apart from their count ("100k samples … on an a100, avg 700 tokens",
# "20k examples averaging 1500 tokens", "each about 1k tokens", "600 tokens per sample"): with
# the count, the dataset is the product (an average, so not the sequence length). Not a bare
# "~800 tokens" or "about 10M tokens", which may be the whole dataset.
_PER_SAMPLE: Final = (
    r"each|per (?:sample|example|row|conversation|convo|record|document|doc|pair|prompt)|"
    r"on average|in average|avg|average|de media|en promedio|por muestra|cada uno|"
    r"en moyenne|chacun|par echantillon"
)
# ... and "avg len 1.1k", "average length: 900" with no unit: a length word says tokens (was
# unread, the reply asking how long a sample is); not "avg len 3k chars".
PER_SAMPLE_TOKENS: Final = Guarded(
    ("tok", "len"),
    r"(?<![a-z])(?:(?:avg|average|averaging|mean|promedio|moyenne)(?:[ _-]?(?:sample |seq(?:uence)? )?"
    r"(?:(?P<lw>length|len)|size))?(?: (?:of|is|de))?|each(?: (?:is |has )?(?:about|around|roughly|~))?|"
    r"de media|en promedio|en moyenne)"
    rf" ?[:=]? ?~? ?(?P<num>{NUM_SP}) ?(?P<mult>{_TOKEN_MULT})?"
    r"(?(lw)(?: ?-?tok(?:en)?s?)?(?![a-z0-9]|[.,]\d| ?(?:chars?|characters?|words?|bytes?|lines?))"
    r"| ?-?tok(?:en)?s?(?![a-z]))"
    rf"|(?<![\w.,])(?P<num2>{NUM_SP}) ?(?P<mult2>{_TOKEN_MULT})? ?-?tok(?:en)?s?,? (?:{_PER_SAMPLE})"
    r"(?![a-z])"
)

# Several runs of one training ("3 experiments of qlora llama 3 8b each on 5M tokens", "6 runs
# of lora mistral 7b on 20M tokens each", "4 modelos", "3 entraînements"): as many times the
# tokens (parse._take_runs reads it only beside a training word and a dataset).
RUNS: Final = Guarded(
    ("run", "experiment", "model", "adapter", "lora", "tune", "job", "trial", "entrenamiento",
     "experimento", "modelo", "adaptador", "entrainement", "experience", "modele", "adaptateur"),
    r"(?<![\w.,])(?P<num>\d{1,2}) (?:separate |different |independent |identical |similar |"
    r"training |fine-?tuning |finetuning |q?lora |sweep |distintos |diferentes |differents )?"
    r"(?:runs|experiments|models|adapters|loras|fine-?tunes|finetunes|jobs|trials|"
    r"entrenamientos|experimentos|modelos|adaptadores|entrainements|experiences|modeles|"
    r"adaptateurs)(?![a-z])"
)
# "on 20M tokens each" after several runs: each run's dataset, not one sample's length.
RUN_EACH: Final = lazy(
    r"(?<=[a-z]) (?:each|apiece|per (?:run|model|experiment|job)|cada uno|por (?:modelo|"
    r"entrenamiento)|chacun|par (?:modele|entrainement))(?![a-z])"
)

GPU_HOURS: Final = Guarded(
    # "200 a100 gpu hours" leaves "200 gpu" and blanks (spaces) before "hours".
    r"gpu *-? *h|h(?:ora|eure)s? ?-? ?(?:de )?gpu",
    rf"(?<![\w.,])(?P<num>{NUM_SP})(?P<k>k)? ?(?:gpu *-? *(?:hours?|hrs?|h|horas?|heures?)|"
    r"(?:horas?|heures?) ?-? ?(?:de )?gpu)(?![a-z])"
)
_DURATION_UNITS: Final = alt(
    (*lx.HOUR_UNITS, *lx.MINUTE_UNITS, *lx.DAY_UNITS, *lx.WEEK_UNITS, *lx.MONTH_UNITS,
     *lx.YEAR_UNITS)
)
HOURS_CLOCK: Final = Guarded(
    r"h ?[0-5]\d", r"(?<![\w.,])(?P<h>\d{1,3}) ?h ?(?P<m>[0-5]\d)(?: ?min| ?m)?(?![\d])"
)
# "a day and a half", "un dia y medio", "deux jours et demi": half a unit more.
# ... or a quarter: "dos horas y cuarto", "deux heures et quart", "two hours and a quarter".
_AND_A_HALF: Final = (
    r"(?:(?P<half> (?:and a half|y medi[ao]|et demie?))|(?P<quarter> (?:and a quarter|y cuarto|et quart))"
    r"(?![a-z]))?"
)
HOURS: Final = Guarded(
    r"\d ?k? ?-? ?(?:[hmdjws]|y|an)",  # a number, then the opening of a duration unit
    # "deux d'entre elles" is two of them, not two days: French elides "de" to "d'".
    # "1.5k hours", "2k hrs": thousands (was no hours read)
    rf"(?<![\w.,])(?P<num>-?{NUM_SP})(?P<k>k)? ?-? ?(?P<unit>{_DURATION_UNITS})(?![a-z0-9])"
    rf"(?!(?<=d)['’]){_AND_A_HALF}"
)
HOURS_WORDS: Final = Guarded(
    rf" {_DURATION_UNITS}(?![a-z0-9])",  # the unit, after a space
    # An elided amount ("une couple d'heures") runs into the unit.
    rf"(?<![a-z])(?P<word>{_AMOUNT_WORDS})(?: |(?<='))(?:full |whole |entire |complete )?"
    rf"(?P<unit>{_DURATION_UNITS})(?![a-z0-9])(?!(?<=d)['’]){_AND_A_HALF}"
)
HALF_HOUR: Final = Guarded(("half", "media", "demi"), words(lx.HALF_HOUR))
# A smaller unit said right after a duration, added to it: "2 days and 12 hours", "1 week and
# 2 days", "1 day 6 hours", "2 dias y 12 horas", "2 jours et 12 heures" (matched at the end of the
# first duration; parse._take_said_hours keeps it only when its unit is smaller).
DURATION_MORE: Final = lazy(
    rf",? ?(?:(?:and|y|et|plus|mas) |\+ ?)?(?P<num>{NUM_SP}|{_AMOUNT_WORDS}) ?-? ?"
    rf"(?P<unit>{_DURATION_UNITS})(?![a-z0-9])(?!(?<=d)['’])"
)
# The second side of a comparison with its hours left bare, the unit said once on the first:
# "l40s por 20 horas o h100 por 8", "… ou une h100 pendant huit", "… or an h100 for 8?". Read
# only after the first hours were taken and with two GPUs named (their stand-in "gpu" before).
BARE_SECOND_HOURS: Final = Guarded(("gpu",), lazy(
    r"gpu\b[^?.,;!]{0,30}?(?<![a-z])(?:for|during|por|durante|pendant|pour|sur) "
    rf"(?P<num>\d+(?:[.,]\d+)?|{_COUNT_WORDS})(?![a-z0-9]|[.,]\d| ?(?:%|x|gpu|[gkmb]\b))"
))
# … or said before it: "20 hours on an l40s or 8 on an h100", "20 horas en una l40s o 8 en una h100".
BARE_SECOND_HOURS_BEFORE: Final = Guarded(("gpu",), lazy(
    rf"(?<![a-z])(?:or|o|ou|vs|versus) (?P<num>\d+(?:[.,]\d+)?|{_COUNT_WORDS}) "
    r"(?:on|in|with|en|con|sur|avec) (?:(?:an?|una?|une?|the|la|el|le) )?gpu\b"
))
# "… and 8 hours a day", "y 6 horas al dia": a rate after the part, not more of the span.
RATE_AFTER: Final = lazy(
    r" ?(?:a|an|per|each|every|/|al|por|por la|a la|cada|par|chaque) ?"
    r"(?:day|dia|jour|week|semana|semaine|month|mes|mois)(?![a-z])"
)
# "por hora y media", "durante hora y cuarto": Spanish says the hour without its article; an
# hour and a half of the run, not an hourly price ("una hora y media" is read with HOURS_WORDS).
HOUR_AND_A_PART: Final = Guarded(("hora y ", "dia y ", "semana y "), lazy(
    # ... and so does a day or a week: "por dia y medio", "por semana y media" (not the day's
    # price, "por día").
    r"(?<![a-z])(?P<unit>hora|dia|semana) y (?:(?P<half>medi[ao])|(?P<quarter>cuarto))(?![a-z])"
))
# Minutes said after the hours as a word: "une heure trente", "dos horas y cuarenta y cinco".
MINUTE_WORDS: Final[dict[str, int]] = {
    "fifteen": 15, "quince": 15, "quinze": 15, "twenty": 20, "veinte": 20, "vingt": 20,
    "thirty": 30, "treinta": 30, "trente": 30, "forty-five": 45, "forty five": 45,
    "cuarenta y cinco": 45, "quarante-cinq": 45, "quarante cinq": 45,
}
# Hours then minutes: "an hour and 30 minutes", "2 hrs 15 min", "2 horas y 15 minutos",
# "2 heures 30", "une heure trente" (the minutes' unit may go unsaid at the end).
HOURS_AND_MINUTES: Final = Guarded(("hour", "hr", "hora", "heure"), lazy(
    rf"(?<![\w.,])(?P<h>{NUM_SP}|{_AMOUNT_WORDS}) ?(?:hours?|hrs?|horas?|heures?) ?"
    rf"(?:, ?|and |y |et )?(?P<m>[0-5]?\d|{alt(MINUTE_WORDS)})"
    rf"(?: ?(?:{alt(lx.MINUTE_UNITS)})(?![a-z0-9])|(?=\s*(?:$|[?.!,;])))"
))
# "1 and a half hours", "one and a half days": the half before the unit.
# "8 hours a day", "4h/day", "6 horas al dia", "8 h par jour", and "…, 5 days a week",
# "5 dias a la semana", "5 jours par semaine" (folded): hours used each day, over a span said
# beside them (parse._take_hours).
# A span of the clock, "from 9am to 5pm", "9am-5pm", "de 9h à 17h", "de 9 a 17h", "entre 22h et
# 6h": the hours between (clock_hours). Only with a clock's mark (am/pm, "9h", "9:30"), or an end
# past noon: "de 2 à 4h" is two to four hours, "9 to 5" a count.
CLOCK_SPAN: Final = lazy(
    r"(?<![\w.,:])(?:(?:from|de|desde|entre|between|des) )?"
    r"(?P<a>[01]?\d|2[0-3])(?::(?P<am>[0-5]\d)|h(?P<ah>[0-5]\d)?)? ?(?P<ap>[ap]\.?m\.?)?"
    r" ?(?:to|till|until|-|–|a|à|hasta|et|and|y) ?"
    r"(?P<b>[01]?\d|2[0-3])(?::(?P<bm>[0-5]\d)|h(?P<bh>[0-5]\d)?)? ?(?P<bp>[ap]\.?m\.?)?"
    r"(?![\w:])"
)


def clock_hours(match: re.Match[str]) -> Decimal | None:
    """The hours of a CLOCK_SPAN match (over midnight too: "de 22h à 6h", 8), or None where it
    carries no clock's mark (a range of hours or counts)."""
    a, b, ap, bp = int(match.group("a")), int(match.group("b")), match.group("ap"), \
        match.group("bp")
    start_h = match.group("ah") is not None or match.string[match.end("a"):].startswith("h")
    end_h = match.group("bh") is not None or match.group(0).endswith("h")
    if not (ap or bp or match.group("am") or match.group("bm") or start_h
            or (end_h and b >= 13)):
        return None

    def hour24(h: int, suffix: str) -> int | None:
        return None if h > 12 or h == 0 else h % 12 + (12 if suffix.startswith("p") else 0)

    end = hour24(b, bp) if bp else b
    if ap:
        start = hour24(a, ap)
    elif bp and end is not None and a <= 12:
        # "9 to 5pm" is 9am, "1 to 5pm" 1pm: the nearest before the end
        start = max((h for h in (a % 12, a % 12 + 12) if h < end), default=a % 12)
    else:
        start = a
    if start is None or end is None:
        return None
    minutes = (end * 60 + int(match.group("bm") or match.group("bh") or 0)
               - start * 60 - int(match.group("am") or match.group("ah") or 0)) % (24 * 60)
    return Decimal(minutes) / 60 if minutes else None


# ... "8 horas diarias", "8h quotidiennes", "8 hours daily", "8 horas x dia" too (was the 8 hours
# alone, the month after them unread).
HOURS_A_DAY: Final = Guarded(("day", "dia", "jour", "daily", "quotid"), lazy(
    rf"(?<![\w.,])(?P<num>{NUM_SP}|{_AMOUNT_WORDS}) ?(?:{alt(lx.HOUR_UNITS)}) ?"
    r"(?:(?:a|per|each|every|/|al|por|cada|par|by|x) ?(?:day|dia|jour)"
    r"|daily|diari[ao]s|quotidiennes|a diario)(?![a-z])"
    # Any count of days is read, so that "9 days a week" is said impossible (parse._take_hours).
    r"(?:,? ?(?:and |y |et )?(?:for |on |during |por |durante |pendant |sur )?(?P<days>\d{1,3}|one|two|three|four|five|six|seven|cinco|seis|cuatro|"
    r"tres|dos|cinq|quatre|trois|deux) ?(?:days?|dias?|jours?|j) ?"
    r"(?:a|per|/|a la|por|por la|par|each|every|by) ?(?:week|semana|semaine|sem)(?![a-z]))?"
))
def days_a_week(word: str | None) -> int:
    """"5 days a week", "cinco dias a la semana": the days used (7 when unsaid), as said: more
    than seven is for the caller to refuse."""
    if word is None:
        return 7
    count = int(word) if word.isdigit() else lx.COUNT_WORDS.get(word, 7)
    return count if count >= 1 else 7


def hours_a_day_over(span_hours: Decimal, per_day: Decimal, week: int) -> Decimal:
    """`per_day` hours on each day of a span of `span_hours`; on `week` days of seven, whole
    working days ("5 days a week for a month" is 21 of its 30)."""
    days = span_hours / 24
    if week < 7:
        days = max((days * week / 7).quantize(Decimal(1), ROUND_HALF_UP), Decimal(1))
    return days * per_day


AND_A_HALF_BEFORE: Final = Guarded(" and a half ", lazy(
    rf"(?<![\w.,])(?P<num>{NUM_SP}|{_AMOUNT_WORDS}) and a half (?P<unit>{_DURATION_UNITS})(?![a-z0-9])"
))
QUARTER_HOURS: Final = Guarded(("quart", "cuarto"), lazy(
    rf"(?<![a-z0-9])(?:(?P<three>{alt(lx.THREE_QUARTERS_HOUR)})|{alt(lx.QUARTER_HOUR)})(?![a-z0-9])"
))
# "$2 an hour", "per day", "por hora": a rate, not a duration.
# ("por una semana", "for a week" are durations: "por"/"per" before a number word is not a rate.)
# "what does a B200 cost an hour" is a rate too. Not the digit of a precision ("en fp8 un
# mes", "int4 a month": a month of serving, was no hours read).
RATE_BEFORE: Final = lazy(
    r"(?:(?<![a-z\d.,])\d+(?:[.,]\d+)?|\$|dollars?|dolares|usd|bucks?|cents?|centavos?|centimos?|centimes?|cada|each|every|"
    r"(?<![a-z])(?:costs?|charges?)) ?$"
)
# What makes "an hour" after it a duration, not a price per hour ("for an hour", "takes an
# hour", "in under an hour"); anything else before it ("how much is an h100 an hour") leaves a
# price question asking the hourly price.
DURATION_LEAD: Final = lazy(
    r"(?<![a-z])(?:for|in|during|within|over|under|than|about|around|roughly|approx\w*|"
    r"almost|nearly|just|only|takes?|took|taking|lasts?|least|most|[a-z]+ed) ?~? ?$"
)
WHATS: Final = lazy(r"^(?:so |and |ok )?what(?:'?s| is| does| do)(?![a-z])")
HOUR_UNIT: Final = lazy(rf"^{alt(lx.HOUR_UNITS)}$")
MINUTE_UNIT: Final = lazy(rf"^{alt(lx.MINUTE_UNITS)}$")
DAY_UNIT: Final = lazy(rf"^{alt(lx.DAY_UNITS)}$")
WEEK_UNIT: Final = lazy(rf"^{alt(lx.WEEK_UNITS)}$")
MONTH_UNIT: Final = lazy(rf"^{alt(lx.MONTH_UNITS)}$")
YEAR_UNIT: Final = lazy(rf"^{alt(lx.YEAR_UNITS)}$")

PERCENT: Final = Guarded(("%", "cent", "cient"), rf"(?<![\w.,])(?P<num>-?{NUM}) ?{alt(lx.PERCENT_UNITS)}")
# Thousands or millions after a sum of money (parse.money_scale gives the factor).
MONEY_SCALE: Final = (
    r"k|mm?|(?: ?(?:thousand|millions?|millones|millon|mil)(?: de| of)?)"
)
_PER_HOUR_SUFFIX: Final = r"(?: ?(?:/|per|por|par|an|a|la|de l'|a l') ?(?:h|hr|hour|hora|heure)\w*)?"
MONEY: Final = Guarded(
    ("$", "usd", "dol", "buck", "verdes"),
    # "$1.5k", "1k usd", "2k bucks", "$1M", "1 million dollars", "10 mil dolares": scaled.
    # "a budget of -$500": the sign before the currency is the sum's (was $500); not the dash
    # of a range ("$2-$3", "$2 - $3").
    rf"(?:(?:(?<=[a-z] )(?P<sign>-) ?)?{alt(lx.MONEY_BEFORE)} ?(?P<a>-?{NUM_SP})(?:(?P<ka>{MONEY_SCALE})(?![a-z]))?"
    rf"|(?<![\w.,])(?P<b>-?{NUM_SP})(?P<kb>{MONEY_SCALE})? ?{alt(lx.MONEY_AFTER)}(?![a-z]))"
    rf"(?P<hourly>{_PER_HOUR_SUFFIX})"  # "$1/hr", "2 dollars an hour": a price per hour
)
# A range of hourly prices: "$2-$3/hr", "$2-3 an hour", "2 to 3 dollars per hour", "entre 2 y 3
# dolares la hora", "2 a 3 $ de l'heure": the user's band (parse reads the upper end as the
# ceiling and the lower as its floor; was the lower end alone, read as a budget).
_RANGE_CUR: Final = r"(?:\$|us\$|usd|\$us|dollars?|bucks?|dolares|dolar|verdes)"
MONEY_RANGE: Final = Guarded(
    ("$", "usd", "dol", "buck", "verdes"),
    # ("between one and two dollars an hour", "entre uno y dos", "entre un et deux": the first
    # end in a word the numbers do not turn to a digit, an article elsewhere)
    rf"(?<![\w.,])(?:(?P<c1>\$|us\$|usd) ?)?(?P<lo>{NUM}|(?<=between )one|(?<=entre )(?:uno?|une))"
    rf"(?: ?(?P<c2>{_RANGE_CUR}))? ?"
    r"(?:-|~|to|and|y|a|et|hasta|or|o|ou) ?"
    rf"(?:(?P<c3>\$|us\$|usd) ?)?(?P<hi>{NUM})(?: ?(?P<c4>{_RANGE_CUR}))?(?![\w.,])"
    r" ?(?:/|per|por|par|an|a|la|de l'|a l') ?(?:h|hr|hour|hora|heure)\w*"
    # A currency said at one end or the other (parse read none as no band): every match then
    # holds one of the guard's needles, as the guard promises.
    r"(?(c1)|(?(c2)|(?(c3)|(?(c4)|(?!)))))"
)
# A range of sums, no hour said: "a budget between $20 and $30", "from $20 to $30", "$20-$30",
# "entre 20 y 30 dolares", "de 20 a 30 $", "entre 20 et 30 $": the user's budget band (parse
# reads the top as the budget and keeps the lower end; was the lower end alone, $20). A word
# before it ("between", "from", "entre", "de") or a dash or "to" between two sums: "$20 and
# $30" alone may be two sums.
SUM_RANGE: Final = Guarded(
    ("$", "usd", "dol", "buck", "verdes"),
    rf"(?:(?<![a-z])(?:between|from|r?entre|de|del) |(?<![\w.,])(?=[^ ]+ ?(?:[a-z$]+ ?)?(?:-|~|to |hasta )))"
    rf"(?:(?P<c1>\$|us\$|usd) ?)?(?P<lo>{NUM})(?P<klo>k)?(?: ?(?P<c2>{_RANGE_CUR}))? ?"
    r"(?:-|~|to|and|y|a|al|et|hasta) ?"
    rf"(?:(?P<c3>\$|us\$|usd) ?)?(?P<hi>{NUM})(?P<khi>k)?(?: ?(?P<c4>{_RANGE_CUR}))?(?!\w|[.,]\d)"
    r"(?! ?(?:/|per|por|par|an|a|la|de l'|a l') ?(?:h|hr|hour|hora|heure))"
    r"(?(c1)|(?(c2)|(?(c3)|(?(c4)|(?!)))))"
)
# "90 cents", "50 centavos", "80 centimes (de dollar)": hundredths of a dollar ("50 cents an
# hour": a price per hour).
CENTS: Final = Guarded(
    ("cent",),
    rf"(?<![\w.,])(?P<num>\d{{1,3}}(?:[.,]\d+)?) ?{alt(lx.MONEY_CENTS)}(?![a-z])"
    rf"(?P<hourly>{_PER_HOUR_SUFFIX})"
)
# A sum in euros or pounds, read on the text before folding (which drops "€" and "£"), or in a
# Latin American currency or its slang: "50000 pesos", "50 lucas" (thousands of Argentine or
# Chilean pesos; Chile writes "lukas"), "100 pavos" (euros, Spain), "100 balles" (euros, France),
# "500 mangos" (Argentine pesos), "500 varos" (Mexican pesos), "100 piasses" (Canadian dollars,
# Québec), soles, reales.
# ... pounds too: "200 quid", "200 pounds", "200 libras", "200 livres sterling" (a bare "livres" is
# also books). Also in words: "baja de dos euros", "sous deux euros", "below five quid"; the words
# of every language's numbers (numbers.words_to_digits reads them later).
_MONEY_WORDS: Final = alt({w for lang in LANGUAGES
                           for w in (*lang.number_words, *lang.hundreds, *lang.thousands)})
_FOREIGN_UNITS: Final = r"(?:€|£|euros?|eur|gbp|quid|pounds?|libras?|livres? sterling|pesos|lucas|lukas|mangos|varos|piasses|piastres|pavos|balles|soles|reales|mxn|ars|clp|cop|brl)"
# ... their words, as folded text holds them (no "€", "£")
FOREIGN_UNIT_WORDS: Final = _FOREIGN_UNITS.replace("€|£|", "")
# ... but not slang for "bucks" with a stablecoin said after it ("50 balles en usdt", "50 pavos
# en usdt"): so many USDT (the languages' abbreviations read them so), as "50 usdt".
FOREIGN_MONEY: Final = lazy(
    rf"\d ?k? ?{_FOREIGN_UNITS}(?![a-z])(?:(?<!balles)(?<!pavos)|(?! (?:en|in) usd[tc](?![a-z])))"
    rf"|(?:€|£) ?\d"
    rf"|(?<![a-z]){_MONEY_WORDS} (?:k )?{_FOREIGN_UNITS}(?![a-z])"
    # a vague sum: "quelques centaines d'euros", "unos cientos de euros", "a few hundred quid"
    rf"|(?<![a-z])(?:hundreds?|thousands?|grand|cientos|miles|centaines|milliers) (?:of |de |d['’] ?)?"
    rf"{_FOREIGN_UNITS}(?![a-z])", re.IGNORECASE
)
# A sum said with no currency where only a budget can be meant (parse._take_bare_money): "2k
# budget", "budget of 50", "un presupuesto de 3 mil", "2k de budget", "i have 2k, how many h100
# hours", "tengo 2 mil, ...", "two grand on a100s" ("grand": a thousand), "2.5k on 8xh100",
# "got a tenner".
# Read as US dollars, the only currency of the prices, and the reply says it took them so.
_BARE_SCALE: Final = r"(?: ?(?:k|grand|thousand|mil)(?![a-z]))"
# What may follow a bare sum that is a budget: the end of a clause, the budget word, or the
# configuration it is spent on (the GPU names are blanked "gpu" by then).
_BARE_END: Final = (
    r"(?= ?(?:[,.;:!?)]|$|(?:to spend|para gastar|a depenser)(?![a-z])|(?:de |of )?budget(?![a-z])"
    r"|(?:de )?presupuesto(?![a-z])|(?:on|en|sur|de|of|for|para|pour) (?:(?:an?|una?|une|des|le|la|el) )?gpu(?![a-z])))"
)
# An amount in a coin the page takes but prices nothing in ("0.01 btc", "0,5 eth", "2 sol"):
# the page gives no exchange rate, so it buys no dollars here (stablecoins, read
# as dollars by MONEY, are the budget_coin).
COIN_AMOUNT: Final = Guarded(
    ("btc", "bitcoin", "eth", "ether", "sol", "ltc", "litecoin", "xmr", "monero"),
    rf"(?<![\w.,])(?P<num>{NUM_SP})(?P<k> ?k)? ?(?P<coin>btc|bitcoins?|eth|ether|ethereum|sol|solana"
    r"|ltc|litecoins?|xmr|monero)(?![a-z])"
)
# A dataset said by its size on disk: "a 50MB jsonl", "2GB of text", "500 mb de datos", "un
# dataset de 1 Go", "my dataset is 300mb", the unit also in words ("500 megabytes of data", "2
# gigs of text", "300 megas de datos", "2 gigaoctets de texte") (parse._take_data_size; read
# before memory sizes).
_BYTE_WORDS: Final = (
    r"kilobytes?|megabytes?|gigabytes?|terabytes?|kilooctets?|megaoctets?|gigaoctets?"
    r"|megs?|megas?|gigs?|gigas?"
)
_DATA_UNIT: Final = rf"(?P<unit>[kmgt]i?b|[kmgt]o|bytes|octets|{_BYTE_WORDS})"
_DATA_WORDS: Final = (
    r"(?:jsonl|json|csv|tsv|parquet|txt|arrow|text|texto|texte|data|datos|donnees|dataset|datasets"
    r"|corpus|conversations|documents|docs|examples|ejemplos|exemples|samples|muestras)"
)
DATA_SIZE: Final = Guarded(
    rf"\d ?(?:[kmgt]i?b|[kmgt]o|bytes|octets|{_BYTE_WORDS})(?![a-z0-9])",
    rf"(?<![\w.,])(?P<num>{NUM_SP}) ?{_DATA_UNIT}(?![a-z0-9])"
    rf"(?= ?(?:(?:of|de|d'|en) ?(?:(?:raw|plain|clean|training|english|my|mi|mes|mis|tu|your|pure|"
    rf"entrenamiento|entrainement|d'entrainement|de entrenamiento) )*{_DATA_WORDS}(?![a-z])"
    rf"|(?:\.?(?:jsonl|json|csv|tsv|parquet|txt|arrow)|(?:text |texto |texte )?(?:file|archivo|fichier|dataset|corpus))(?![a-z])))"
    # ... or after the data named: "dataset de 1 go", "my jsonl is 50mb", "corpus of 2gb"
    rf"|(?<![a-z]){_DATA_WORDS}(?: (?:file|archivo|fichier))?(?: (?:is|of|de|du|d'|es|est|fait|pesa|weighs|"
    rf"about|around|roughly|unos|environ|size|tamano|taille|~|:))* ?(?P<num2>{NUM_SP}) ?"
    rf"(?P<unit2>[kmgt]i?b|[kmgt]o|bytes|octets|{_BYTE_WORDS})(?![a-z0-9])"
)
BARE_CLAUSE_END: Final = lazy(r" ?(?:[,.;:!?)]|$)")
BARE_BUDGET: Final = Guarded(
    r"budget|presupuesto|grand|\d ?k(?![a-z])|\d mil(?![a-z])|have|got|tengo|j.?ai|spend|gastar|depenser"
    r"|fiver|tenner|hundo|hunnid|gets? me|buys? me|(?:me |m.)(?:donne|achete|offre|paie)|m.?achete|me paie",
    # "2k budget", "500 de budget", "a 2k budget"
    rf"(?<![\w.,])(?P<a>{NUM_SP})(?P<ka>{_BARE_SCALE})? ?(?:usd |dollar )?(?:(?:de |of )?budget|de presupuesto)(?![a-z])"
    # "budget of 50", "budget is 3k", "budget: 2k", "presupuesto de 2 mil", "mon budget est de 2k"
    rf"|(?:budget|presupuesto)(?: (?:is|was|of|about|around|roughly|approx|de|es|est|maximo|max|total|like))*"
    rf" ?[:=~]? ?(?P<b>{NUM_SP})(?P<kb>{_BARE_SCALE})?{_BARE_END}"
    # "i have 2k, how many …", "tengo 2 mil, …", "j'ai 500 de budget", "can spend 2k on gpu"
    rf"|(?:i have|i got|ive got|i can spend|spend|spending|tengo|puedo gastar|j.?ai|je peux depenser)"
    rf"(?: (?:about|around|like|maybe|roughly|unos|como|environ|genre))? ?(?P<c>{NUM_SP})(?P<kc>{_BARE_SCALE})?{_BARE_END}"
    # "two grand", "2 grand on a100s": a thousand (dollars, in American slang)
    rf"|(?<![\w.,])(?P<d>{NUM_SP}|{_AMOUNT_WORDS}) ?grand(?![a-z])"
    # "2.5k on 8xh100": thousands spent on a configuration (parse checks no model is named)
    rf"|(?<![\w.,])(?P<e>{NUM_SP})(?P<ke> ?k)(?![a-z]) ?(?=(?:on|en|sur) (?:(?:an?|una?|une|des|le|la|el) )?gpu(?![a-z]))"
    # "a tenner", "a fiver", "a hundo": a banknote's slang, no currency said (parse.SLANG_SUMS)
    r"|(?<![a-z])(?:an? )?(?P<f>fiver|tenner|hundo|hunnid)(?![a-z])"
    # "whats 1.2k get me on h200", "what does 500 buy me", "qu'est-ce que 1,2k me donne sur une
    # h200", "1,2k ça me donne quoi": the sum whose worth is asked (was the price list)
    rf"|(?<![a-z])(?:(?:what|wat|wut)'?s|(?:what|wat|wut) (?:does|do|will|would|can|could)) (?:like |about |around |~ ?)?"
    rf"(?P<g>{NUM_SP})(?P<kg>{_BARE_SCALE})? (?:gets?|buys?) me(?![a-z])"
    rf"|(?<![a-z])(?:qu.?est.ce que|que) (?P<h>{NUM_SP})(?P<kh>{_BARE_SCALE})? (?:me |m.)"
    rf"(?:donne|achete|offre|paie)(?:nt)?(?![a-z])"
    rf"|(?<![\w.,])(?P<i>{NUM_SP})(?P<ki>{_BARE_SCALE})? (?:ca|ça) (?:me donne|m.?achete|me paie)(?![a-z])"
)
DIRECTION_BELOW: Final = _ends_with(lx.DIRECTION_BELOW)
DIRECTION_ABOVE: Final = _ends_with(lx.DIRECTION_ABOVE)

_SIZE_UNITS: Final = alt((*lx.SIZE_UNITS_BILLION, *lx.SIZE_UNITS_MILLION))
# Sizes grouped with spaces ("10 000B", "7 000 millions"): groups of 000, or any groups after
# "de"/"of"/"un" ("de 1 500 millions"); not "Llama 3 405B", which is not 3 405B.
_NUM_SIZE: Final = (
    r"(?:\d{1,3}(?: 000)+(?!\d)|(?:(?<=de )|(?<=of )|(?<=un ))\d{1,3}(?: \d{3})+(?!\d)|"
    rf"{NUM})"
)
SIZE: Final = lazy(
    # a minus is a sign after a space, "(", ":" or "=" ("-7b"), a hyphen after anything else
    # ("my-<b>custom</b>-70b": was -70B, "a model size must be positive")
    rf"(?<![\w.,])(?P<num>(?:(?<![^\s(:=])-)?{_NUM_SIZE}) ?-? ?(?P<unit>{_SIZE_UNITS})"
    rf"(?: (?:de )?{alt(lx.PARAM_WORDS)})?(?![a-z0-9])"
)
SIZE_MILLION_UNIT: Final = lazy(rf"^{alt(lx.SIZE_UNITS_MILLION)}$")
SIZE_PARAMS: Final = Guarded(
    ("param",),
    rf"(?<![\w.,])(?P<num>{NUM_SP}) ?(?:de )?{alt(lx.PARAM_WORDS)}(?![a-z])"
)

# Models whose weights are not published: nothing to download, so nothing to size or rent for.
# (GPT-2, GPT-J, GPT-NeoX and gpt-oss are open; Gemma is not Gemini.)
CLOSED_MODEL: Final = Guarded(
    ("gpt", "claude", "gemini"),
    r"(?<![a-z0-9])(?:chat ?-? ?gpt|gpt ?-? ?(?:4(?:\.1|\.5)?o?|3\.5|5)(?: ?-? ?(?:turbo|mini))?|"
    r"claude(?: ?-? ?\d(?:\.\d)?)?(?: (?:opus|sonnet|haiku))?|"
    r"gemini(?: ?-? ?(?:\d(?:\.\d)?|pro|ultra|flash|nano))*)(?![a-z0-9])"
)

# Models people run on GPUs that are not LLMs, by what they do: the planning rules and the
# catalogue are for language models, so these are said to be outside them (never sized as an
# LLM of their size). A name needs its version where the word alone means something else
# ("flux" is French for flow, "yolo" is slang).
NOT_LLM: Final = Guarded(
    ("whisper", "diffusion", "sd", "flux", "yolo", "hidream", "pixart", "kandinsky", "kolors",
     "auraflow", "playground"),
    r"(?<![a-z0-9])(?:(?P<speech>(?:faster[ -]?)?whisper(?:[ .-]?cpp)?)"
    r"|(?P<image>stable[ -]?diffusion(?: ?xl| ?[123](?:\.\d)?)?|sdxl|sd ?(?:1\.5|2\.1|3(?:\.5)?)(?![\d.])"
    r"|flux(?:\.1)?[ -]?(?:dev|schnell|pro|kontext)|flux\.1"
    # "flux lora training", "a flux finetune": Flux with what is done to it, not a French flow
    r"|flux(?= (?:loras?|training|dreambooth|kohya|fine ?-?tun\w*|finetun\w*|model)(?![a-z]))"
    # "flux" alone or after "and", a verb that trains or runs a model ("peut-on fine-tuner flux",
    # "entrenar flux", "run flux on a 4090"), or its 12B size: the image model
    r"|^(?:(?:and|y|et|what about|how about|y con|et avec|and with|y para|et pour) )?flux ?\??$"
    r"|(?:(?<=tune )|(?<=tuner )|(?<=tunear )|(?<=tuning )|(?<=train )|(?<=entrenar )"
    r"|(?<=entrainer )|(?<=run )|(?<=correr )|(?<=lancer )|(?<=tourner )|(?<=ejecutar )"
    r"|(?<=running )|(?<=runing )|(?<=serving )|(?<=hosting )|(?<=host )|(?<=deploy )"
    r"|(?<=deploying )|(?<=using )|(?<=use )|(?<=usar )|(?<=utiliser )|(?<=ejecutando )"
    r"|(?<=serve )|(?<=servir )|(?<=lora de )|(?<=lora of )|(?<=lora on )|(?<=lora sur )"
    r"|(?<=qlora de )|(?<=finetune )|(?<=finetuner )|(?<=finetunear ))flux"
    # "how much vram for flux", "cuanta vram para flux", "combien de vram pour flux ?": Flux
    # as what the memory is for, the message's last word
    r"|(?:(?<=for )|(?<=para )|(?<=pour ))flux(?= ?[?!.]*$)"
    # "flux on a 3060?", "can flux run on 8gb", "flux sur une 4090": opening the question,
    # before where it runs
    r"|(?:^|(?<=^can )|(?<=^does )|(?<=^will )|(?<=^would )|(?<=^could )"
    r"|(?<=^is )|(?<=^puedo correr )|(?<=^peut-on faire tourner ))"
    r"flux(?= (?:on|run|runs|fit|fits|work|works|en|sur|con|avec|with|in)(?![a-z]))"
    # "how much vram does flux need to train a lora", "cuanta vram necesita flux", "combien de
    # vram il faut à flux": Flux as what needs the memory (was "Which model?")
    r"|(?:(?<=does )|(?<=do )|(?<=would )|(?<=will ))flux(?= (?:need|take|use|require)s?(?![a-z]))"
    r"|(?:(?<=necesita )|(?<=ocupa )|(?<=usa )|(?<=consume )|(?<=pide ))flux(?![a-z0-9])"
    r"|(?:(?<=faut a )|(?<=faut pour )|(?<=prend )|(?<=consomme ))flux(?![a-z0-9])"
    # Other text-to-image models people run on their own cards
    r"|hidream(?:[ -]?i1)?(?:[ -]?(?:full|dev|fast))?|pixart(?:[ -]?(?:alpha|sigma))?"
    r"|kandinsky(?: ?[23](?:\.\d)?)?|kolors|auraflow|playground ?v?2(?:\.5)?"
    r"|flux(?= ?12 ?b(?![a-z])))"
    r"|(?P<detection>yolo ?v?(?:[3-9]|1[01])))(?![a-z0-9])"
)

# --- methods -----------------------------------------------------------------------------------

METHODS: Final = tuple(
    (method, Guarded(lx.METHOD_GUARDS[method], words(frags)))
    for method, frags in lx.METHOD_PATTERNS
)
# A full method's words, as opposed to an optimizer's ("adamw", "8-bit adam") that adapters use too.
FULL_WORD: Final = lazy(r"full|complet|entier|total|fft|entrenamiento|entrainement|ajuste")
FULL_NOT_METHOD: Final = lazy(rf"^[ _](?:{lx.FULL_NOT_METHOD_AFTER})")
# "the full deepseek r1", "r1 full version", "vram for deepseek r1 full": the whole model (not a
# distill or a quantization) when nothing in the message trains — "the full", "full" before
# what it qualifies, or the message's last word ("8 H100 for full 70B" stays full fine-tuning).
FULL_MODEL_AFTER: Final = lazy(r"^ (?:version|model|size|weights|unquantized)(?![a-z])")
FULL_MODEL_BEFORE: Final = lazy(r"(?<![a-z])(?:the|el|le|la) *$")
FULL_LAST_WORD: Final = lazy(r"(?<![a-z])full ?[?!.]*$")
# A method beside it ("lora mistral 7b on a 3090, or full?"): "full" is the other method.
ADAPTER_WORD: Final = lazy(r"lora|dora|peft|adam")
INFERENCE_STRONG: Final = headed_words(lx.INFERENCE_STRONG)
INFERENCE_WEAK: Final = words(lx.INFERENCE_WEAK)
INFERENCE_FORMAT: Final = words(lx.INFERENCE_FORMATS)
# A local GGUF runner named ("with ollama", "in LM Studio", "llama.cpp -ngl"): its id.
# vLLM named as the serving engine ("vllm serve …", "with vllm"): it takes 90 % of each GPU's
# memory by default (rules/data/serving.toml), which bounds the longest context it serves.
VLLM: Final = Guarded(("vllm",), r"(?<![a-z0-9])vllm(?![a-z0-9])")
# vLLM's own command line ("vllm serve google/gemma-3-27b-it", "python -m
# vllm.entrypoints.openai.api_server --model …"): the checkpoint it names is served as published
# (--dtype auto, no --quantization), so the command names its precision.
VLLM_COMMAND: Final = lazy(r"(?<![a-z0-9])vllm serve(?![a-z0-9])|vllm\.entrypoints")
# vLLM said not to start ("vllm wont start", "no arranca", "refuse de démarrer", its KV cache
# error): the user ran the checkpoint as published, as a typed `vllm serve` does, so its run is
# what the reply answers (was every precision's line, the why unanswered).
VLLM_REFUSED: Final = words((
    r"won'?t (?:start|launch|boot|load)", r"(?:does ?n'?t|does not|did ?n'?t|will not|can'?t|cannot"
    r"|fails? to|failed to|refuses? to) (?:start|launch|boot)", r"crash(?:es|ed)? (?:on|at) start(?:up)?",
    r"no (?:me )?(?:arranca|inicia|levanta|quiere arrancar)", r"(?:se niega a|no logro|no consigo)"
    r" (?:arrancar|iniciar|levantar)(?:lo)?", r"falla al (?:arrancar|iniciar)",
    r"refuse de (?:demarrer|se lancer)", r"ne (?:veut pas |)(?:demarre[rz]?|se lance) (?:pas|plus)",
    r"ne veut pas (?:demarrer|se lancer)", r"n'arrive pas a (?:demarrer|le lancer|lancer)",
    r"plante au demarrage", r"larger than the maximum number of tokens that can be stored in kv cache",
))
# Online RL (GRPO, PPO…) generates its completions while it trains, with vLLM or SGLang (TRL's
# use_vllm, vllm_mode="colocate"): those engines and "generation" named beside it are its
# generation step, not serving ("grpo qwen2.5 1.5b full finetune on a 4090 with vllm colocate").
RL_GENERATION: Final = words((
    r"vllm", r"use_vllm", r"vllm_mode", r"sglang", r"generate", r"generation",
    r"(?:vllm_)?gpu[_-]memory[_-]utilization", r"(?:vllm_)?max[_-]model[_-]len",
))
LOCAL_RUNNER: Final = Guarded(
    ("ollama", "llama", "studio", "kobold", "ooba", "text-generation", "gpt4all", "jan"),
    words(f for _, frags in lx.LOCAL_RUNNERS for f in frags),
)
# Every serving engine and local runner by its id: "llama.cpp license?" asks that program's.
PROGRAMS: Final = tuple(
    (program, words(frags)) for program, frags in (*lx.SERVING_ENGINES, *lx.LOCAL_RUNNERS)
)
LOCAL_RUNNER_IDS: Final = tuple(
    (runner, lazy(rf"^{alt(frags)}$")) for runner, frags in lx.LOCAL_RUNNERS
)
RUN_NOUN: Final = lazy(rf"(?<![a-z]){lx.RUN_NOUN_BEFORE} $")
TRAINING: Final = headed_words(lx.TRAINING_WORDS)
INT8: Final = words(lx.INFERENCE_INT8)
INT4: Final = words(lx.INFERENCE_INT4)
# LLaMA-Factory's "quantization_bit: 4" (--quantization_bit 4) is its QLoRA: adapters on a
# base quantized on the fly (hiyouga/LLaMA-Factory examples/train_qlora/llama3_lora_sft_otfq.yaml,
# "finetuning_type: lora" beside it; was LoRA on a BF16 base).
FOUR_BIT: Final = words((r"4\s?-?\s?bits?", r"nf4", r"int4", r"int-4",
                         r"quantization_bit ?[:=]? ?4"))
# Adapters on an 8-bit base (bitsandbytes LLM.int8): "lora 8bit", "load_in_8bit", "lora int8",
# LLaMA-Factory's "quantization_bit: 8".
EIGHT_BIT_BASE: Final = Screened(
    r"(?<![a-z0-9])(?:load_in_8bit|llm\.?int8(?:\(\))?|int-?8|8 ?-?_?bits?|"
    r"quantization_bit ?[:=]? ?8)(?![a-z0-9])"
)
# The KV cache's precision ("--kv-cache-dtype fp8", "fp8 kv cache", "kv cache en int8") says
# nothing of the weights': not read as 8-bit weights.
# Also llama.cpp's cache types ("-ctk q8_0", "q4 kv cache", "kv cache q4_0"): its size is the
# type's (KV_CACHE_TYPE, rules/data/detailed.toml kv_cache).
_KV_TYPES: Final = r"(?:fp8(?:_e[45]m[23])?|int8|8 ?-?bits?|q8(?:_0)?|q4(?:_[01])?|q5_[01]|int4|4 ?-?bits?)"
# llama.cpp's flags for the K and V caches, both said ("-ctk q4_0 -ctv q4_0"): one setting.
_KV_FLAG: Final = rf"(?:-ctk|-ctv|--cache-type-[kv]|cache_type_[kv]) ?[=:]? ?{_KV_TYPES}"
KV_CACHE_DTYPE: Final = Guarded(
    ("kv", "ctk", "ctv", "cache-type", "cache_type", "cache"),
    rf"(?<![a-z])kv[ _-]?cache(?:[ _-]?(?:dtype|type))? ?[=:]? ?{_KV_TYPES}(?![a-z0-9])"
    rf"|(?<![a-z]){_KV_TYPES} kv(?:[ _-]?cache)?(?![a-z])"
    rf"|(?<![a-z])kv[ _-]?cache (?:in|en|at|a) {_KV_TYPES}(?![a-z0-9])"
    # Spanish and French put the noun first: "cache kv en q8", "le cache KV en q4_0".
    rf"|(?<![a-z])cache[ _-]?kv (?:(?:in|en|a) )?{_KV_TYPES}(?![a-z0-9])"
    rf"|(?<![a-z0-9]){_KV_FLAG}(?:,? (?:and |y |et )?{_KV_FLAG})?(?![a-z0-9])"
    # ExLlama's and TabbyAPI's cache ("with q4 cache", "cache_mode: Q8", "8-bit cache"): the
    # KV cache, as nothing else there is called a cache.
    rf"|(?<![a-z]){_KV_TYPES} cache(?![a-z])"
    rf"|(?<![a-z])cache[ _-]mode ?[=:]? ?{_KV_TYPES}(?![a-z0-9])"
)
# The KV cache named at all ("kv cache", "-ctk", "--cache-type-k"): what "at 128k tokens"
# measures there is the context it holds, not a dataset.
KV_NAMED: Final = Guarded(
    ("kv", "ctk", "ctv", "cache"),
    r"(?<![a-z])k ?/? ?v[ _-]?cache|(?<![\w-])-ct[kv](?![a-z])|cache[ _-]type|(?<![a-z])kv(?= |$)"
)
# One llama.cpp cache flag of a KV_CACHE_DTYPE match, with the cache it sets ("k" or "v").
KV_FLAG_EACH: Final = lazy(
    rf"(?:-ct|--cache-type-|cache_type_)(?P<cache>[kv]) ?[=:]? ?{_KV_TYPES}"
)
KV_CACHE_TYPE: Final = lazy(rf"(?<![a-z0-9]){_KV_TYPES}(?![a-z0-9])")
# A llama.cpp/GGUF quantization type by name ("q5_k_m", "Q6_K", "q4_0", "q4km", "iq3_xxs"):
# its published bits per weight plan the weights (rules/data/quant_types.toml). A bare "q4" or
# "q8" names no type and keeps the 4- or 8-bit rule.
GGUF_TYPE: Final = Guarded(
    ("q1", "q2", "q3", "q4", "q5", "q6", "q8"),
    r"(?<![a-z0-9])(?P<quant>i?q[1-68](?:[_-]?k(?:[_-]?[sml])?|[_-][01]|[_-](?:xxs|xs|s|m|nl)))"
    r"(?![a-z0-9])",
)
# A size written without its type ("q5", "Q3 gguf", "in q6"): read as the type llama.cpp's
# quantize tool means by it (quant_types.toml's bare_names), and said to be assumed. Not
# "q5_k_m" (GGUF_TYPE) nor a quarter ("Q4 2025").
BARE_GGUF: Final = Guarded(
    ("q2", "q3", "q4", "q5", "q6", "q8"),
    r"(?<![a-z0-9])(?P<quant>q[2-68])(?![a-z0-9_]| ?(?:19|20)\d\d(?!\d))",
)
# A GGUF file named without its type ("4-bit gguf", "gguf en 8 bits"): its bits' usual type.
GGUF_WORD: Final = Guarded(("gguf",), r"(?<![a-z0-9])gguf(?![a-z0-9])")
# MLX weights ("mlx 4bit", "mlx-community/Qwen2.5-32B-Instruct-4bit"): quantized the MLX way,
# their bits with it ("4bit", "8-bit").
MLX: Final = Guarded(("mlx",), r"(?<![a-z0-9])mlx(?:[-_ ]?(?:lm|community))?(?![a-z0-9])")
# MLX's bits: "8bit", "8-bit", and the shorthand "q8" people carry over from GGUF names (was the
# default 4 bits: "llama 3.1 70b q8 on m3 max with mlx" read as MLX 4-bit).
MLX_BITS: Final = lazy(r"(?<![\w.])(?:(?P<bits>[2-8]) ?[-_]? ?bits?(?![a-z])|q(?P<q>[2-8])(?!\w))")
# A quantization-aware-trained release named ("gemma 3 27b qat", "gemma-3-12b-it-qat-q4_0"): the
# publisher's own 4-bit files (quant_types.toml qat_releases), for a model that has one.
QAT: Final = Guarded(("qat",), r"(?<![a-z0-9])qat(?![a-z0-9])")
# Bits per weight said outright (exllamav2's "6.0bpw", "4.65 bpw"): they decide the precision
# whatever the format's name says ("exl2" alone is read as 4-bit).
# Fractional bits are bits per weight too ("deepseek r1 1.58bit", Unsloth's dynamic GGUFs'
# "1.58-bit", "2.51 bit"): no integer format has them (was unread, the question a QLoRA's).
BPW: Final = Guarded(
    ("bpw", "bit"),
    r"(?<![\w.])(?P<num>\d{1,2}(?:\.\d+)?(?= ?bpw)|\d{1,2}\.\d{1,2}(?= ?-?bits?(?![a-z])))"
    r" ?(?:bpw|-?bits?)(?![a-z])")

# A quantized checkpoint's format by name ("llama 3 70b awq", "gptq int4", "exl2 4.65bpw"):
# the user stated how the weights are stored.
QUANT_FORMAT: Final = Guarded(
    ("awq", "gptq", "exl2", "exllama", "tabby"),
    r"(?<![a-z0-9])(?P<format>awq|gptq|exl2|exllama(?:v[23])?|tabby ?api)(?![a-z0-9])",
)

# --- intents and flags -------------------------------------------------------------------------

COMMAND: Final = lazy(r"^/(?P<cmd>[a-z]+)(?:@\w+)?(?![a-z])")
# Folded text holds no white space but " ".
SPACE_RUNS: Final = lazy(" {2,}")
ALERT: Final = headed_words(lx.ALERT_WORDS)
ALERT_TELL: Final = headed_words(lx.ALERT_TELL)
# Every match of ALERT or ALERT_TELL holds one of these needles (each word's, read off it):
# searched only where they are (most questions set no alert).
ALERT_NAMED: Final = AnyOf((*lx.ALERT_WORDS, *lx.ALERT_TELL))
ALERT_WHEN: Final = Screened(rf"(?<![a-z]){lx.ALERT_WHEN}(?![a-z])")
MOVE_DOWN: Final = words(lx.ALERT_MOVE_DOWN)
MOVE_UP: Final = words(lx.ALERT_MOVE_UP)
PAY_STRONG: Final = headed_words(lx.PAY_STRONG)
PAY_COINS: Final = screened_words(lx.PAY_COINS)
COMPARE: Final = words(lx.COMPARE_WORDS)
RECOMMEND: Final = words(lx.RECOMMEND_WORDS)
COST: Final = headed_words(lx.COST_WORDS)
DURATION_QUESTION: Final = headed_words(lx.DURATION_QUESTION)
HOW_MUCH: Final = screened_words(lx.HOW_MUCH)
RATE: Final = lazy(rf"(?<![a-z0-9]){alt(lx.RATE_WORDS)}(?![a-z0-9])")
# A price by the minute: "per minute", "/min", "por minuto", "al minuto", "par minute", "à la
# minute" (the seed: instances draw on the hourly blocks by the minute).
PER_MINUTE: Final = Guarded(("min",), lazy(
    r"(?<![a-z0-9])(?:per|a|by the|/|por|al|x|par|a la) ?(?:mins?|minutes?|minutos?)(?![a-z0-9])"
))
FIT_STRONG: Final = words(lx.FIT_STRONG)
MEMORY: Final = words(lx.MEMORY_WORDS)
PRICES: Final = headed_words(lx.PRICE_WORDS)
HELP: Final = words(lx.HELP_WORDS)
DETAILS: Final = screened_words(lx.DETAILS_WORDS)
GRAD_CKPT: Final = screened_words(lx.GRAD_CKPT)
GRAD_CKPT_OFF_BEFORE: Final = lazy(
    rf"(?<![a-z]){alt(lx.GRAD_CKPT_OFF_BEFORE)} (?:\w+ )?$"
)
GRAD_CKPT_OFF_AFTER: Final = lazy(rf"^[\"']? ?(?:[:=] ?)?{alt(lx.GRAD_CKPT_OFF_AFTER)}(?![a-z])")

# --- alerts: list and remove -------------------------------------------------------------------

_ALERT_NOUN: Final = alt(lx.ALERT_NOUNS)
# A removal verb, then the alert noun a few words on ("stop my H100 alert", "borra mi alerta de
# la H100", "supprime toutes mes alertes"); or the noun first ("alerts: delete them all").
# Every match holds one of these (the nouns and the verbs of ALERT_STOP): most questions hold
# none, and the patterns are then not run.
_ALERT_GUARD: Final = (
    "alert", "notif", "aviso", "subscri", "suscri", "abonn", "avis", "previen", "preven",
    "messag", "ping", "warn",
)
ALERT_REMOVE: Final = Guarded(
    _ALERT_GUARD,
    rf"(?<![a-z]){alt(lx.ALERT_REMOVE_VERBS)}(?:(?<=')|(?<= )| )(?:[a-z0-9'$.,-]+ ){{0,4}}?"
    rf"(?:[a-z]')?{_ALERT_NOUN}(?![a-z])"
    rf"|(?<![a-z]){_ALERT_NOUN},? (?:please |por favor |svp )?"
    r"(?:remove|delete|cancel|borra\w*|elimina\w*|supprime\w*|efface\w*)"
    rf"|(?<![a-z]){alt(lx.ALERT_STOP)}(?![a-z])"
)
ALERT_ALL: Final = words(lx.ALERT_ALL)
ALERT_ANY_GPU: Final = words(lx.ALERT_ANY_GPU)
ALERT_LIST: Final = Guarded(
    _ALERT_GUARD,
    "(?<![a-z])(?:"
    + "|".join(f.replace("NOUN", _ALERT_NOUN) for f in lx.ALERT_LIST)
    + r")(?![a-z])|^(?:alerts|alertas|alertes|(?:price )?alerts? list|lista de alertas|"
    r"liste (?:de|des) alertes)[ ?!.]*$"
)

# --- small talk --------------------------------------------------------------------------------

THANKS: Final = words(lx.THANKS_WORDS)
BYE: Final = words(lx.BYE_WORDS)
GREETING: Final = words(lx.GREETINGS)
ACK: Final = words(lx.ACK_WORDS)
_SOCIAL: Final = alt((*lx.THANKS_WORDS, *lx.BYE_WORDS, *lx.GREETINGS, *lx.ACK_WORDS,
                      *lx.SOCIAL_FILLERS))
# The whole message is small talk. Only tried on short texts (see parse.SOCIAL_MAX_CHARS): the
# repeated alternation may backtrack on a long one.
SOCIAL_ONLY: Final = lazy(
    rf"^(?:[\s!.?,:;'()~*+-]|(?<![a-z0-9]){_SOCIAL}(?![a-z0-9]))+$"
)

# --- which GPUs, comparisons ------------------------------------------------------------------

CATALOGUE: Final = words(lx.CATALOGUE_QUESTION)
# Words that ask for a comparison even with one GPU named ("compare the H100": which other?).
COMPARE_STRONG: Final = screened_words((r"vs\.?", r"versus", r"compar\w*"))
# "the H100 compared to AWS" compares a price with a provider, not two GPUs.
# "can I fine-tune llama 3 8b in 4 hours on a 4090": a time budget for the run, not rental hours.
WITHIN_HOURS: Final = Guarded(
    ("in ", "within", "under", "en ", "menos de", "moins de"),
    r"(?<![a-z])(?:in|within|under|in less than|in under|en|en menos de|en moins de)"
    r" (?:about |around |just |unas |environ )?\d+(?:[.,]\d+)? ?"
    # "in 30 min", "en 45 minutos": the minutes are read as hours' fractions, a budget too
    # (was the fit alone, the half hour unweighed)
    r"(?:hours?|hrs?|h|days?|horas?|dias?|heures?|jours?|minutes?|mins?|minutos?)(?![a-z])"
)
# "lora vs qlora on a 4090", "zero 2 vs zero 3 on 4x A100", "8bit adam vs adamw": methods or
# settings compared on one configuration, not that GPU with another.
_SETTING_COMPARED: Final = (
    r"(?:q ?-?lora|lora|peft|full|fft|sft|dpo|fine ?-?tun\w*|finetun\w*|train\w*|adamw?\w*|"
    r"adam|[48] ?-?bits?|nf4|zero ?-?[0-3]|(?:zero )?stage ?-?[0-3]|fsdp ?2?|deepspeed|ddp|"
    r"bf16|fp16|fp32|fp8|int[48]|sgd|lion|adafactor|galore|checkpointing|offload\w*|unsloth|"
    r"axolotl|packing|liger|flash[ _-]?attn\w*|flash ?attention ?2?|"
    # "prompt processing vs generation on a 3090": two phases of serving on that card
    r"generation|generating|decod\w*|prefill|pp|tg|prompt processing|prompt eval\w*|"
    r"token generation|output tokens?|input tokens?|"
    # "rent vs buy a 4090 for qlora 8b": renting or buying that card, not it against another
    r"rent(?:ing|al)?|buy(?:ing)?|purchas\w*|alquil\w*|comprar?|louer|location|achat|acheter)"
)
COMPARED_SETTINGS: Final = Guarded(
    ("vs", "versus", "compar"),
    rf"(?<![a-z0-9]){_SETTING_COMPARED} (?:vs\.?|versus)(?![a-z])"
    rf"|(?<![a-z])(?:vs\.?|versus) (?:the |a |an |plain |regular |normal )?{_SETTING_COMPARED}"
    rf"(?![a-z0-9])"
    rf"|(?<![a-z])compar\w* (?:entre )?(?:the |la |le |el |les |los )?{_SETTING_COMPARED}"
    rf"(?![a-z0-9])"
)
# Prompt processing named ("pp vs tg", "prefill speed", "prompt eval", "time to first token",
# "procesamiento del prompt", "traitement du prompt"): its compute bound beside the decode's.
PREFILL: Final = Guarded(
    ("pp", "prefill", "pre-fill", "prompt", "ttft", "first token", "primer token",
     "premier token", "document", "doc"),
    r"(?<![a-z])(?:pp\d*|pre-?fill\w*|prompt (?:processing|eval\w*|speed|ingestion|reading)|"
    r"process(?:ing|es)? (?:the |a |my |long )?prompts?|time to first token|ttft|"
    # "process a 50k prompt", "ingest a 200k token document", "read a 32k token prompt": a
    # length between the verb and what is read
    r"(?:process|ingest|read|digest)(?:ing|es|s)? (?:the |a |an |my |this |one )?(?:long )?"
    r"(?:\d[\d,.]* ?k? ?(?:-? ?tokens? )?(?:long )?)?(?:prompts?|documents?|docs?)|"
    # "procesar un prompt de 32k", "el procesamiento de mi prompt", "traiter un prompt de 8k",
    # "le temps avant le premier token"
    r"procesa\w* (?:del |de |el |un |mi |los )?(?:mi |un )?prompts?|"
    r"trait\w* (?:du |de |le |un |d.un |mon |des )?(?:mon )?prompts?|"
    r"(?:el |al |le |au )?(?:primer|premier) token)(?![a-z])"
)
COMPARED_TO_OTHER: Final = lazy(
    r"(?<![a-z])(?:compar\w*|vs\.?|versus) (?:to |with |against |con |contra |avec |a |au |aux )?"
    r"(?!gpu|the gpu|la gpu|le gpu|l'gpu)(?:the |la |le |el |les |los )?"
    r"(?:aws|azure|gcp|google|lambda|runpod|vast|coreweave|massed|thunder|others?|elsewhere|"
    r"ailleurs|otros|autres|la competencia|la concurrence|competitors?|market)"
    # "runpod vs you guys for h100", "vast o ustedes", "runpod ou vous": the provider first
    r"|(?<![a-z])(?:aws|azure|gcp|lambda(?: labs)?|runpod|vast(?:\.ai)?|coreweave|paperspace"
    r"|massed compute|thunder compute) (?:vs\.?|versus|or|o|ou|compared to|frente a|contre) "
    r"(?:you(?: guys)?|u|y'?all|this(?: service| site)?|here|yours|your (?:prices?|service|site)"
    r"|ustedes|vosotros|este (?:servicio|sitio)|aqui|vous|ce (?:service|site)|ici)(?![a-z])"
    # "son mas baratos que runpod?", "moins cher que vast ?", "cheaper than lambda?"
    r"|(?<![a-z])(?:than|que|qu') ?(?:aws|azure|gcp|lambda(?: labs)?|runpod|vast(?:\.ai)?"
    r"|coreweave|paperspace|colab|massed compute|thunder compute)(?![a-z])"
    # "i pay 0.39/hr for a 3090 on vast, how does that compare", "paying 1.99/hr for h100 on
    # runpod, is yours cheaper": the provider where one rents now, then ours weighed against it
    r"|(?<![a-z])(?:on|at|from|via) (?:aws|azure|gcp|lambda(?: labs)?|runpod|vast(?:\.ai)?"
    r"|coreweave|paperspace|massed compute|thunder compute)(?![a-z])"
    r"(?=.*(?<![a-z])(?:compar\w*|cheaper|beat|match|better (?:price|deal|rate)))"
)

# The provider set against us, as the reply names it (the first named, folded text).
_PROVIDERS: Final = (
    ("aws", "AWS"), ("azure", "Azure"), ("gcp", "Google Cloud"), ("google", "Google Cloud"),
    ("lambda", "Lambda"), ("runpod", "RunPod"), ("vast", "Vast.ai"), ("coreweave", "CoreWeave"),
    ("paperspace", "Paperspace"), ("colab", "Colab"), ("massed", "Massed Compute"),
    ("thunder", "Thunder Compute"),
)
_PROVIDER: Final = lazy(rf"(?<![a-z])(?:{'|'.join(k for k, _ in _PROVIDERS)})")


def provider_named(folded: str) -> str | None:
    """"runpod vs you guys for h100", "moins cher que vast": the provider's name; None when
    the text sets no named provider against us."""
    if COMPARED_TO_OTHER.search(folded) is None:
        return None
    found = _PROVIDER.search(folded)
    return None if found is None else dict(_PROVIDERS)[found.group(0)]


# --- negation ----------------------------------------------------------------------------------

NEGATED_BEFORE: Final = lazy(
    rf"(?<![a-z]){alt(lx.NEGATION_BEFORE)}(?: {alt(lx.NEGATION_FILLERS)}){{0,3}} ?$"
)
WHY_NOT_BEFORE: Final = lazy(r"(?:why|por que|pourquoi) (?:not|no|pas) ?$")
NEGATED_AFTER: Final = lazy(rf"^ ?{lx.NEGATION_AFTER}(?![a-z])")
# The same words anywhere: "LoRA is not the best option" asks for no recommendation.
OPINION: Final = Guarded(
    ("not", "n't", "no ", "pas", "won't"), rf"(?<![a-z]){lx.NEGATION_AFTER}(?![a-z])"
)

# --- alert thresholds without a currency -------------------------------------------------------

# "below 2", "baje de 2", "passe sous 2,5", "au-dessus de 3.5", "< 2": a bare number after a
# direction is a price in USD per GPU-hour. Not when a unit follows ("under 24 GB", "below 10%").
_NOT_A_PRICE_AFTER: Final = (
    r"(?! ?(?:gb|go|gib|g|tb|to|b|bn|m|mn|k|%|h|hrs?|hours?|horas?|heures?|mins?|minutes?|"
    r"d|days?|dias?|jours?|tokens?|x|gpus?|cards?|bits?|billions?|millions?|millones|milliards?|"
    r"mil|params?|percent|por ciento|pour ?cent)(?![a-z]))"
)
BARE_THRESHOLD: Final = lazy(
    rf"(?:(?<![a-z])(?P<below>{alt(lx.DIRECTION_BELOW)})|(?<![a-z])(?P<above>{alt(lx.DIRECTION_ABOVE)}))"
    r" ?(?:(?:the|los|las|les|le|la|el|de|d'|a|of) )?"
    rf"(?P<num>{NUM})(?!\d|[.,]\d){_NOT_A_PRICE_AFTER}{_PER_HOUR_SUFFIX}"
)

# "3 or less", "$3 or lower", "2,5 o menos", "2 ou moins", "3 or more": the side of the
# threshold said after it. It overrides a move said before ("when it gets to 3 or more").
_CLOSED_SIDE: Final = (
    r" ?(?:(?:us)?\$|usd|dollars?|dolares?|bucks)?" + _PER_HOUR_SUFFIX +
    r" (?:or|o|ou) (?:(?P<below>less|lower|under|below|cheaper|menos|mas barato|moins|"
    r"moins cher|en dessous)|(?P<above>more|higher|above|over|mas|mas caro|plus|plus cher|"
    r"au dessus))(?![a-z])"
)
CLOSED_SIDE: Final = lazy(_CLOSED_SIDE)
BARE_CLOSED: Final = Guarded(
    (" or ", " o ", " ou "), rf"(?<![\w.,])(?P<num>{NUM})(?!\d|[.,]\d){_CLOSED_SIDE}"
)

# "h100 alert 2.2", "set an alert for the h100 at 2": the one number left in an alert (units
# excluded) is its threshold.
BARE_LONE: Final = lazy(rf"(?<![\w.,])(?P<num>{NUM})(?!\d|[.,]\d){_NOT_A_PRICE_AFTER}{_PER_HOUR_SUFFIX}")

# "when the H100 hits 2", "/alert h100 2.5": a price without a direction, which is then the
# side of today's price the threshold lies on.
BARE_TARGET: Final = lazy(
    r"(?:(?<![a-z])(?:hits?|reach(?:es)?|gets? to|is at|goes to|comes to|llega a|llegue a|"
    r"este a|esta a|este en|atteint|atteigne|arrive a|sera a|est a)"
    r" (?:(?:the|los|las|les|le|la|el|de|d'|a|of) )?|^/[a-z]+(?:@\w+)? +gpu +)"
    rf"(?P<num>{NUM})(?!\d|[.,]\d){_NOT_A_PRICE_AFTER}{_PER_HOUR_SUFFIX}"
)

# --- durations without a fixed length ---------------------------------------------------------

WEEKEND: Final = Guarded(
    ("week", "finde", "fin de semana", "fines de semana", "fin de semaine", "fins de semaine"),
    rf"(?<![a-z])(?:(?P<count>{_COUNT_WORDS}|\d) )?"
    # "a 3-day weekend", "une fin de semaine de trois jours", "un finde de 4 dias": the days said
    rf"(?:(?P<days_before>[2-4]|{_COUNT_WORDS})[ -]?days? )?(?P<long>long )?"
    r"(?:week ?-? ?ends?|finde|fin(?:es)? de semana|fins? de semaine)"
    # "a long weekend", "un finde largo", "un week-end prolongé": three days
    r"(?:(?P<longer> (?:largos?|prolonges?))"
    rf"|(?: (?:of|de) (?P<days>[2-4]|{_COUNT_WORDS}) (?:days|dias|jours)))?"
    r"(?![a-z])"
)
# A duration the user measured, said just before it: "it took (me) 6 h", "tardó seis horas", "me
# llevó 6h", "ça a pris six heures", "j'ai mis 6h", "finished in 6 hours" (searched in the text
# before the hours, which ends with the cue and at most a hedge: "about", "unas", "environ").
MEASURED_BEFORE: Final = lazy(
    r"(?<![a-z])(?:took|takes|taking|needed|lasted|ran for|running for|trained for|"
    r"(?:finished|completed|did it|trained it|ran it|done it) in|"
    # "i trained on my 3090 for 8 hours", "ran my lora on a 3090 for 5 hours": a past run's
    # hours with the card between (was the two cards compared, the hours unscaled)
    r"(?:trained|ran|finetuned|fine-tuned|fine tuned)(?: +[^ ]+){1,7}? +for|"
    r"tardo|tarda|tarde|tardaba|tardamos|llevo|lleva|tomo|toma|demoro|demora|duro|dura|"
    r"(?:termino|acabo|completo|lo hizo|lo hice) en|"
    r"pris|prend|prenait|mis|met|mettait|dure|a dure|tourne pendant|a tourne|"
    r"(?:fini|termine|boucle) en)"
    r"(?: (?:me|us|nos|m'|l'|about|around|roughly|like|nearly|almost|just|over|under|~|"
    r"approx\w*|unas?|unos|alrededor de|como|casi|mas de|menos de|environ|pres de|"
    r"a peu pres|presque|plus de|moins de|quasi|genre))* ?$"
)
# … or after "in" with a run said done before it: "i did a qlora of llama 3 8b in 6h", "hice un
# qlora de llama 3 8b en 6 horas", "j'ai fait un qlora de llama 3 8b en 6 h", "entrené … en 6h"
# (a past doing verb: what it took, not a deadline, "to finish in 6h").
IN_BEFORE: Final = lazy(
    r"(?<![a-z])(?:in|en)(?: (?:about|around|roughly|just|only|under|unas?|unos|solo|apenas|"
    r"casi|environ|seulement|a peu pres|moins de|menos de))? \W*$")
# "can i run … in 10h on my 3090" asks ahead, not about a run done: a modal before "i run".
DONE_BEFORE: Final = lazy(
    r"(?<![a-z])(?:(?<!can )(?<!could )(?<!would )(?<!should )(?<!will )(?<!if )"
    r"(?:i|we|i've|we've|i have|we have) (?:did|done|ran|run|trained|fine-?tuned|"
    r"finetuned|finished|completed|made)|(?:did|ran|trained|fine-?tuned|finetuned) (?:a|an|the|my|our)|"
    r"hice|hicimos|entrene|entrenamos|corri|corrimos|termine|terminamos|fine-?tunee|finetunee|"
    r"complete|he hecho|he entrenado|hemos hecho|hemos entrenado|"
    r"(?:j'ai|j ai|on a|nous avons|ai) (?:fait|entrainer?|fine-?tuner?|finetuner?|fini|termine|"
    r"boucle|lance|tourne))(?![a-z])")
# … or a run said done with no subject, as chats drop it, opening the message or a sentence:
# "trained 1 epoch of qlora llama 3 8b in 6 hours on my 3090", "ran qlora … in 6h", "fait un
# qlora … en 6 h" (not "did you …?", a question; not "ran out of memory").
DONE_OPENING: Final = lazy(
    r"(?:^|[.!?;:] )\W*(?:(?:so|well|ok|okay|and|bon|alors|donc|bueno|pues|y|et)\W+)?"
    r"(?:trained|ran(?! out)|fine-?tuned|finetuned|finished|completed|"
    r"did(?! (?:you|u|anyone|anybody|someone|somebody|it|i|we|they|he|she)(?![a-z]))|"
    r"fait|entraine|fine-?tune|finetune|termine|fini|lance)(?![a-z])")
# … or said just before the user's own card: "6h on my 3090", "6 horas en mi 3090", "6h sur ma 3090".
ON_MY_CARD: Final = lazy(r"(?:on|in|with|using|en|con|sur|avec) (?:my|mi|mis|ma|mon|mes) gpu\b")
# A duration planned or a deadline, not measured: "for 10 hours on my 4090", "over a weekend on
# my 3090", "durante 10 horas", "en un fin de semana", "pendant 10 h", "en un week-end".
FOR_BEFORE: Final = lazy(
    r"(?<![a-z])(?:for|during|over|in|within|by|under|about|around|por|durante|en|dentro de|"
    r"antes de|pendant|pour|dans|avant|sous|a|an|the|un|una|une|el|la|le|1) \W*$")
# A night of rental asked a price ("how much to run an h100 all night?", "¿cuánto me sale una h100
# toda la noche?", "combien pour un h100 toute la nuit ?"): taken as 8 hours, said in the reply
# (the deadline replies take a night as 8 to 12 hours; a price is quoted at the shorter one).
NIGHT_HOURS: Final = Guarded(("night", "noche", "nuit"), words((
    r"all night(?: long)?", r"(?:the |a )?(?:whole|entire|full) night", r"over ?night",
    r"through the night", r"for (?:a|one|the) night",
    r"toda la noche", r"(?:una|la) noche (?:entera|completa)", r"(?:por|durante) (?:una|la) noche",
    r"toute la nuit", r"(?:une|la) nuit (?:entiere|complete)", r"(?:pour|pendant) (?:une|la) nuit",
    r"de nuit", r"de noche",
    # the night a run is given, with what it trains asked ("en una noche en mi 3090, ¿cuántos
    # tokens entreno?", "sur une nuit avec ma 3090, combien d'exemples ?", "in one night")
    r"in (?:a|one) night", r"en una noche", r"en une nuit", r"sur une nuit",
)))
# "a few hours on a b200, how much roughly?", "unas horas de h100", "quelques heures de h100":
# no length said; priced at FEW_HOURS, said so (any few hours fall in the smallest block).
FEW_HOURS: Final = Guarded(("few", "handful", "horas", "quelques"), words((
    r"(?:a )?few (?:more )?(?:hours|hrs|hr|h)", r"a handful of (?:hours|hrs)",
    r"(?:unas|algunas|unas pocas|unas cuantas) horas", r"quelques (?:heures|h)",
)))
# French "quinze jours" is a fortnight and "huit jours" a week, as natives count them.
FRENCH_WEEKS: Final = Guarded(
    (" jours", "fortnight", "une quinzaine", "une huitaine", "quincena"),
    # "une quinzaine de jours", "une huitaine de jours": the same two weeks and one week; and
    # so are "pendant une quinzaine", "pour une huitaine" said alone ("une quinzaine d'heures",
    # "… de millions" count the noun after them). Spanish "una quincena" is fifteen days, as
    # "quince días" is read.
    r"(?<![a-z0-9])(?:(?:une )?(?P<word>quinze|huit|quinzaine|huitaine) (?:de )?jours|"
    r"une (?P<alone>quinzaine|huitaine)(?! ?(?:de |d'|d’|d ))|"
    r"(?:una |(?:(?<=por )|(?<=ante ))(?:la )?)(?P<quincena>quincena)|"
    r"(?:an? |one )?(?P<fortnight>fortnight))(?![a-z])"
)
MONTHLY: Final = Guarded(("month", "mes", "mensu", "mois"), words(lx.MONTHLY))
DAILY: Final = Guarded(("day", "daily", "dia", "jour", "24"), words(lx.DAILY))
WEEKLY: Final = Guarded(("week", "semana", "semaine", "hebdo"), words(lx.WEEKLY))
# "combien la semaine de H200", "cuánto el día de H100", "how much for the week on an H200": a
# unit after the definite article, in a price question, is one of it (a week of rental), not a
# date ("la semaine prochaine", "the day after", "el día que").
THE_UNIT: Final = Guarded(
    ("day", "week", "month", "dia", "semana", "mes", "jour", "semaine", "mois"),
    # ("pendant la journée", "during the day", "durante el día" are the daytime)
    r"(?<!pendant )(?<!during )(?<!durante )(?<!dans )(?<!toute )(?<!todo )(?<!all )"
    r"(?<![a-z])(?:the|el|la|le) (?P<unit>day|week|month|dia|semana|mes|journee|jour|semaine|mois)"
    r"(?! (?:after|before|next|of the|que|siguiente|anterior|pasad[oa]|qui|prochaine?|derniere?"
    r"|passee?|d'apres|d'avant|suivante?|i|we|you|it|that|when|where|cuando|en que|yo|je|quand"
    r"|ou)(?![a-z])| j')(?![a-z])"
)
# "24h/24", "las 24 horas", "24/7", "around the clock": running without a stop, not 24 hours.
AROUND_THE_CLOCK: Final = Guarded(
    ("24", "7", "stop", "clock", "noche", "nuit", "night", "parar", "continu", "arret", "interrup"),
    words(lx.AROUND_THE_CLOCK),
)
HALF_DAY: Final = Guarded(
    ("half", "medi", "demi"),
    words((r"half a day", r"a half day", r"half-? ?day", r"medio dia", r"media jornada",
           r"une demi-? ?journee", r"demi-? ?journee", r"une demi-? ?jour"))
)
