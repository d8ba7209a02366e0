"""The vocabulary as data: every language's words (``bot.understand.languages``) joined per
concept, with the language-neutral ones kept here.

Every pattern here is matched against *folded* text (see ``normalise.fold``): lower case, accents
removed, ``×`` turned into ``x``. So patterns are written without accents ("cuanto", "memoire")
and match both "cuánto" and a hurried "cuanto". Regex fragments are joined into one alternation
per concept by ``parse``; keep them free of capturing groups.
"""

from __future__ import annotations

from typing import Final, cast

from bot.understand.languages import LANGUAGES
from bot.understand.languages import words as _language_words
from bot.understand.query import INTENTS, Intent, Lang
from rules.schema import MethodId

# Fragments that are no one language's: units and symbols ("h", "gb", "$", "%"), coin tickers,
# tool names, replies like "ok" and "lol".
_COMMON: Final[dict[str, tuple[str, ...]]] = {
    # "veinticuatro hs", "twenty four hrs": a duration in words (was no hours read)
    "NUMBER_SCALES": (r"bn", r"tokens?", r"gpus?", r"hs", r"hrs?"),
    "HOUR_UNITS": (r"h", r"hs", r"hr", r"hrs"),
    "MINUTE_UNITS": (r"mins?", r"minutes?"),
    "DAY_UNITS": (r"d",),
    "WEEK_UNITS": (r"wks?",),
    "SIZE_UNITS_BILLION": (r"b", r"bn"),
    "SIZE_UNITS_MILLION": (r"m", r"mn"),
    "PARAM_WORDS": (r"params?",),
    "VRAM_UNITS_GB": (r"gb", r"gib", r"g"),
    "VRAM_UNITS_TB": (r"tb", r"tib"),
    "MONEY_AFTER": (r"\$", r"us\$", r"usd", r"usdt", r"usdc"),  # stablecoins top up as dollars
    "PERCENT_UNITS": (r"%",),
    "GPU_NOUNS": (r"gpus?",),
    "INFERENCE_STRONG": (
        r"vllm", r"llama\.?cpp", r"ollama", r"gguf", r"(?:in|into|en) produc(?:tion|cion)",
        # Local GGUF runners (LOCAL_RUNNERS below).
        r"lm ?studio", r"kobold\.?cpp", r"text-generation-webui", r"oobabooga", r"ooba",
        r"llama-cpp(?:-python)?", r"llama-server", r"llama-cli",
        r"gpt4all", r"llamafile",
        r"(?:in|with|using|via|en|con|dans|avec|sous) jan(?! ?\d)", r"jan(?: ?\.ai| ai| app| desktop)",
        # Serving engines' own settings (vLLM, Ollama, llama.cpp).
        r"max[_-]model[_-]len", r"gpu[_-]memory[_-]utilization", r"num_ctx", r"n_ctx",
        # Hugging Face TGI and SGLang, and TGI's own settings ("--max-total-tokens 16384").
        r"tgi", r"text-generation-(?:inference|launcher)", r"sglang",
        r"max[_-]total[_-]tokens", r"max[_-]input[_-](?:length|tokens)",
    ),
    "TRAINING_WORDS": (
        r"fine\s?-?\s?tun\w*", r"finetun\w*", r"ft", r"sft", r"dpo", r"pre\s?-?\s?train\w*",
        r"from scratch", r"pre\s?-?\s?entren\w*", r"pre\s?-?\s?entrain\w*",
    ),
    "BYE_WORDS": (r"ciao",),
    "ACK_WORDS": (r"ok", r"okay", r"okey", r"k", r"kk", r"lol", r"xd", r"haha\w*"),
    "SOCIAL_FILLERS": (r"eh", r"oh", r"ah"),
    "CATALOGUE_QUESTION": (r"catalog(?:ue)?",),
    "DIRECTION_BELOW": (r"<=?", r"<"),
    "DIRECTION_ABOVE": (r">=?", r">"),
    "PAY_STRONG": (r"kyc",),
    "PAY_COINS": (
        r"btc", r"usdt", r"usdc", r"tether", r"eth", r"ether", r"ethereum", r"solana", r"ltc",
        r"litecoin", r"xmr", r"monero", r"bitcoins?", r"crypto\w*", r"stablecoins?",
        # "vous acceptez le sol ?", "do you take sol?": the ticker after taking, not the floor
        # or the sun
        r"(?:accept\w*|acepta\w*|prenez|prends|toman|tomais|take|takes) (?:le |el |la |du |en "
        r"|con |in )?sol",
    ),
    "COMPARE_WORDS": (r"vs\.?", r"compar\w*"),
    "RECOMMEND_WORDS": (
        r"gpus? (?:pas cher\w*|bon marche|economique|barat[ao]|economic[ao]|cheap)",
    ),
    "RATE_WORDS": (r"/ ?h", r"/ ?hr"),
    # "how much mem for qlora llama 3 8b", "how much gpu mem to …", "vmem": chat shorthand for
    # memory (was a cost of illustrative hours)
    "MEMORY_WORDS": (r"vram", r"ram", r"v?mem"),
    "HELP_WORDS": (r"menu",),
    "GRAD_CKPT_OFF_BEFORE": (r"no",),
    "GRAD_CKPT_OFF_AFTER": (r"=\s?false", r"=\s?0", r"false"),
}


def _words(concept: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys((*_COMMON.get(concept, ()), *_language_words(concept))))


def _either(concept: str) -> str:
    """The concept's fragments as one group. At one place at most one of them matches where
    these groups are used (a space or a word's end follows), so their order does not matter."""
    return "(?:" + "|".join(_words(concept)) + ")"


def _intent(name: str) -> Intent:
    if name not in INTENTS:
        raise ValueError(f"command for an unknown intent {name!r}")
    return cast(Intent, name)


# --- numbers written as words ------------------------------------------------------------------

# GPU counts and small amounts ("two H200s", "dos H200", "deux H200", "a pair of").
# Not here on purpose: "un/una/une/a" (articles far more often than counts) and Spanish "once"
# (11), which is the English "once" in "tell me once the H100 drops".
COUNT_WORDS: Final[dict[str, int]] = {k: v for lang in LANGUAGES for k, v in lang.counts.items()}

# Amount words before a duration: counts plus the articles ("a day", "una semana", "une heure").
AMOUNT_WORDS: Final[dict[str, int]] = {
    **COUNT_WORDS, **{a: 1 for lang in LANGUAGES for a in sorted(lang.articles)},
}

# What number words must precede to be read as a number ("seven billion", "dos mil horas"): a
# scale, a duration, "tokens", "GPUs" or "parameters" (see numbers.words_to_digits).
NUMBER_SCALES: Final[tuple[str, ...]] = _words("NUMBER_SCALES")

# --- units -------------------------------------------------------------------------------------

# Duration units → hours per unit. Minutes are handled as a fraction of an hour.
HOUR_UNITS: Final[tuple[str, ...]] = _words("HOUR_UNITS")
MINUTE_UNITS: Final[tuple[str, ...]] = _words("MINUTE_UNITS")
DAY_UNITS: Final[tuple[str, ...]] = _words("DAY_UNITS")
WEEK_UNITS: Final[tuple[str, ...]] = _words("WEEK_UNITS")
MONTH_UNITS: Final[tuple[str, ...]] = _words("MONTH_UNITS")
YEAR_UNITS: Final[tuple[str, ...]] = _words("YEAR_UNITS")
# "monthly", "al mes", "par mois": the cost of a month of rental (taken as 30 days).
MONTHLY: Final[tuple[str, ...]] = _words("MONTHLY")
DAILY: Final[tuple[str, ...]] = _words("DAILY")
# "per week", "por semana", "à la semaine", "toda la semana": one week of rental.
WEEKLY: Final[tuple[str, ...]] = _words("WEEKLY")
# "half an hour", "media hora", "une demi-heure"
HALF_HOUR: Final[tuple[str, ...]] = _words("HALF_HOUR")
# "a quarter of an hour", "un cuarto de hora", "un quart d'heure" (0.25 h) and three of them
# (0.75 h): "three quarters of an hour", "tres cuartos de hora", "trois quarts d'heure".
QUARTER_HOUR: Final[tuple[str, ...]] = _words("QUARTER_HOUR")
THREE_QUARTERS_HOUR: Final[tuple[str, ...]] = _words("THREE_QUARTERS_HOUR")

# Model-size units → multiplier to billions (as a power of ten).
SIZE_UNITS_BILLION: Final[tuple[str, ...]] = _words("SIZE_UNITS_BILLION")
SIZE_UNITS_MILLION: Final[tuple[str, ...]] = _words("SIZE_UNITS_MILLION")
PARAM_WORDS: Final[tuple[str, ...]] = _words("PARAM_WORDS")

# Dataset-size multipliers (powers of ten) before "tokens".
TOKEN_MULTIPLIERS: Final[dict[str, int]] = {
    "k": 3, "m": 6, "mn": 6, "b": 9, "bn": 9, "t": 12,
    **{k: v for lang in LANGUAGES for k, v in lang.token_multipliers.items()},
}

VRAM_UNITS_GB: Final[tuple[str, ...]] = _words("VRAM_UNITS_GB")
VRAM_UNITS_TB: Final[tuple[str, ...]] = _words("VRAM_UNITS_TB")

# ... "usdt 200", "usdc 50": the stablecoin before the sum (was no sum read)
MONEY_BEFORE: Final[tuple[str, ...]] = (r"\$", r"us\$", r"usd[tc]?")
MONEY_AFTER: Final[tuple[str, ...]] = _words("MONEY_AFTER")
# The words of money one has ("i have", "tengo", "j'ai", "budget"), a regex alternation: what
# makes a sum a budget (parse._HAVE_MONEY) and a vague sum money ("i got a few hundred",
# numbers._VAGUE_SUM's cue), one list for both.
HAVE_MONEY_WORDS: Final = (
    r"i have|i got|ive got|i'?ve got|i can spend|we have|got|budget|tengo|tenemos|presupuesto"
    # French "on a" ("we have"), not English "on a few hundred samples"
    r"|j'?ai|j ai|on a(?! few| couple| handful)|gastar|depenser|spend")
# "90 cents", "50 centavos", "80 centimes": hundredths of a dollar.
MONEY_CENTS: Final[tuple[str, ...]] = _words("MONEY_CENTS")
PERCENT_UNITS: Final[tuple[str, ...]] = _words("PERCENT_UNITS")

# --- GPUs --------------------------------------------------------------------------------------

# Words that may precede a GPU name and belong to it ("NVIDIA H100", "GeForce RTX 4090").
GPU_VENDOR_WORDS: Final[tuple[str, ...]] = (
    r"nvidia", r"geforce", r"amd", r"instinct", r"tesla", r"quadro", r"radeon",
)
# Words naming GPUs in general, allowed between a count and a GPU name ("4 GPUs H100").
GPU_NOUNS: Final[tuple[str, ...]] = _words("GPU_NOUNS")

# --- methods -----------------------------------------------------------------------------------

_BITS8 = r"8\s?-?\s?bits?"
_BITS4 = r"4\s?-?\s?bits?"
_FINETUNE = r"fine\s?-?\s?tun\w*|finetun\w*|ft"

METHOD_PATTERNS: Final[tuple[tuple[MethodId, tuple[str, ...]], ...]] = (
    # Order matters: the first match wins, so 8-bit Adam before AdamW and QLoRA before LoRA.
    ("full_adam8bit", (
        rf"(?:paged\s?[-_]?\s?)?adamw?\s?-?\s?(?:de |en |in |a )?{_BITS8}", rf"{_BITS8} adamw?",
        r"(?:paged_?)?adamw?_?8_?bits?",
        # "bnb 8bit" alone is bitsandbytes' 8-bit loading (load_in_8bit), not its optimizer:
        # only "bnb 8bit adam", "bnb adam", "adamw_bnb_8bit" name 8-bit Adam.
        rf"bnb\s?-?\s?{_BITS8}\s?-?_?\s?(?:adam\w*|optim\w*)", r"bnb\s?-?\s?adam\w*",
        rf"adamw?_bnb_?{_BITS8}", r"paged_adamw_8bit",
        rf"(?:optimizer|optimiseur|optimizador)(?: de| en| in)? {_BITS8}",
        rf"{_BITS8} (?:optimizer|optimiseur|optimizador)",
    )),
    ("qlora", (
        r"q\s?-?\s?lora", rf"{_BITS4} lora", rf"lora (?:en |in |a |de |with |con |avec )?{_BITS4}",
        r"lora (?:en |in )?(?:nf4|int4)", r"nf4 lora",
        # QDoRA: DoRA on a 4-bit base (its own overhead is said, not modelled)
        r"q\s?-?\s?dora",
    )),
    # "lora_r: 32", "lora_alpha=16" are config keys (axolotl, PEFT), not the method.
    # PEFT's "LoraConfig(r=64, …)" pasted from a script is LoRA too.
    # DoRA is LoRA with a magnitude a row (its own overhead is said, not modelled).
    ("lora", (r"lora(?!_)", r"peft", r"loraconfig", r"dora")),
    ("full_adamw", (
        # not "full precision": a number format ("lora qwen2.5 3b full precision base"), as
        # FP32 in settings reads it, not which weights train
        rf"full\s?-?\s?(?:{_FINETUNE}|parameters?|param|training|train\w*)",
        rf"(?:{_FINETUNE}) (?:complet\w*|completo|completa|entier|total|full)",
        r"ajuste fino (?:completo|full|total)", r"ajuste (?:completo|total)",
        r"entrenamiento (?:completo|full|total)",
        r"entrainement complet", r"adamw?", r"fft", r"full",
        # "entrenar llama 3 70b completo", "entraîner llama 3 70b au complet", "fine tuning de
        # llama 3.2 3b completo" (the model blanked between): every weight trained
        rf"(?:{_FINETUNE}|entren\w*|entrain\w*|train\w*) (?:de |del |d'|du |of )?"
        r"(?:completo|completa|au complet|en complet|en entier|completely)",
    )),
)
# What every fragment of a method above holds, a quick test before its regex: "q-lora" holds
# "lora". A method's words and guard are the only places the understanding names it.
METHOD_GUARDS: Final[dict[MethodId, tuple[str, ...]]] = {
    "full_adam8bit": ("adam", "bnb", "bit"),
    "qlora": ("lora", "dora"),
    "lora": ("lora", "peft", "dora"),
    "full_adamw": ("full", "complet", "entier", "total", "adam", "fft"),
}
# A method, quantization or inference named to be excluded: "without 8bit quantization", "no
# quiero QLoRA", "sans QLoRA", "not QLoRA but LoRA", "instead of LoRA".
NEGATION_BEFORE: Final[tuple[str, ...]] = _words("NEGATION_BEFORE")
# Words allowed between the negation and what it excludes ("no quiero hacer QLoRA").
NEGATION_FILLERS: Final[tuple[str, ...]] = _words("NEGATION_FILLERS")
# "LoRA is not the best option", "QLoRA no es buena idea", "le QLoRA n'est pas une option".
NEGATION_AFTER: Final[str] = (
    _either("OPINION_NOT") + f"(?: {_either('OPINION_ARTICLES')})? " + _either("OPINION_GOOD")
)

# "full" is a method only when it is not the "full price list" or "full details", nor FSDP's
# sharding strategy or checkpoint type ("full_shard", "FULL_STATE_DICT"), which shard or save
# whatever trains.
FULL_NOT_METHOD_AFTER: Final[str] = (
    r"(?:price|prices|pricing|list|lista|liste|details?|breakdown|table|tabla|tableau|desglose|"
    r"answer|report|name|days?|weeks?|hours?|months?|dias?|semanas?|jours?|journees?|semaines?|"
    r"time|speed|precision|shard\w*|state[ _]dict)"
)

# Inference ("run", "serve"). Strong words always mean inference; "run"/"ejecutar"/"faire tourner"
# only when nothing in the question speaks of training ("the price of a run" is a training run).
INFERENCE_STRONG: Final[tuple[str, ...]] = _words("INFERENCE_STRONG")
INFERENCE_WEAK: Final[tuple[str, ...]] = _words("INFERENCE_WEAK")
# Formats that only serve (nobody fine-tunes on a GPTQ or Q4_K_M file): with no method and no
# training word, "GPTQ 4bit llama 2 13b on a 3060" or "fp8 llama 70b on an H100" is inference.
INFERENCE_FORMATS: Final[tuple[str, ...]] = (
    r"gptq", r"awq", r"exl2", r"exllama(?:v[23])?", r"tabby ?api", r"fp8", r"int8", r"int-8",
    r"int4", r"int-4",
    r"q[2-8](?:_k(?:_[msl])?|_0|km)?", r"kv ?-?cache", r"iq[1-4]_?(?:xxs|xs|s|m|nl)?", r"\d(?:\.\d+)? ?bpw",
    # "what quant of llama 3 70b fits", "qué cuantización", "quelle quantification": which
    # precision serves it (a training question names its method or a training word).
    r"quants?", r"quanti[sz]ation", r"quanti[sz]ed", r"cuantizacion(?:es)?", r"cuantizad[oa]s?",
    r"quantification", r"quantifies?", r"quantifs?",
)
# Programs that run GGUF files on the user's own card, by their id in rules/data/quant_types.toml
# (runners): a question naming one and no type is answered for that runner's default type.
# Jan only where the words around it make it the app ("in jan", "with jan", "jan app"):
# "jan" alone is January too, and "in jan 2025" is.
LOCAL_RUNNERS: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    ("ollama", (r"ollama",)),
    ("jan", (r"(?:in|with|using|via|en|con|dans|avec|sous) jan(?! ?\d)",
             r"jan(?: ?\.ai| ai| app| desktop)")),
    ("llama-cpp", (r"llama[. ]?cpp", r"llama-cpp(?:-python)?", r"llama-server", r"llama-cli")),
    ("lm-studio", (r"lm ?studio",)),
    ("koboldcpp", (r"kobold\.?cpp",)),
    ("text-generation-webui", (r"text-generation-webui", r"oobabooga", r"ooba")),
    ("gpt4all", (r"gpt4all",)),
    ("llamafile", (r"llamafile",)),
)
# The serving engines that batch many users' requests, by id and by the names people give them
# (Hugging Face Text Generation Inference as "tgi" or its launcher): read by parse and compared by
# bot.engines.
SERVING_ENGINES: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    ("vllm", (r"vllm",)),
    ("tgi", (r"tgi", r"text-generation-(?:inference|launcher)")),
    ("sglang", (r"sglang",)),
)
# "a run" / "un run" / "the run" is a (training) job, not an inference request.
RUN_NOUN_BEFORE: Final[str] = _either("RUN_NOUN_WORDS")
TRAINING_WORDS: Final[tuple[str, ...]] = _words("TRAINING_WORDS")
INFERENCE_INT8: Final[tuple[str, ...]] = (
    r"int8", r"int-8", _BITS8, r"fp8", r"q8(?:_0)?", r"q[56](?:_k(?:_[msl])?|_0)?", r"8 bits?",
)
INFERENCE_INT4: Final[tuple[str, ...]] = (
    r"int4", r"int-4", _BITS4, r"gptq", r"awq", r"q[234](?:_k(?:_[msl])?|_0|km)?", r"nf4",
    r"exl2", r"fp4", r"4 bits?", r"iq[1-4]_?(?:xxs|xs|s|m|nl)?", r"[2-4](?:\.\d+)? ?bpw",
    # ExLlama and TabbyAPI (which runs it) load EXL2 files: read as "exl2"
    r"exllama(?:v[23])?", r"tabby ?api",
    # vLLM's (and SGLang's) "--quantization bitsandbytes": bitsandbytes' 4-bit weights, in-flight
    # or a pre-quantized checkpoint (vLLM docs, BitsAndBytes: "Inflight quantization: load as
    # 4bit quantization"; rules/data/serving.toml vllm.bitsandbytes). TGI's "--quantize
    # bitsandbytes" is its 8-bit LLM.int8, not this.
    r"(?:quantization|-q) ?[=:]? ?[\"']?bitsandbytes",
)

# --- intents -----------------------------------------------------------------------------------

# Listing and removing alerts. The nouns only (not "alert me"): "what alerts do I have", "mis
# alertas", "mes alertes", "my H100 alert".
ALERT_NOUNS: Final[tuple[str, ...]] = _words("ALERT_NOUNS")
ALERT_REMOVE_VERBS: Final[tuple[str, ...]] = _words("ALERT_REMOVE_VERBS")
# "stop notifying me", "no me avises mas", "ne me previens plus": removal without the noun.
ALERT_STOP: Final[tuple[str, ...]] = _words("ALERT_STOP")
# Every alert at once ("remove all my alerts", "borra todas", "supprime toutes mes alertes").
ALERT_ALL: Final[tuple[str, ...]] = _words("ALERT_ALL")
# An alert asked on no card but every one priced ("tell me when prices change", "avísame si
# alguna gpu baja", "préviens-moi si les prix baissent").
ALERT_ANY_GPU: Final[tuple[str, ...]] = _words("ALERT_ANY_GPU")
# Asking to see the alerts ("what alerts do I have", "¿qué alertas tengo?", "mes alertes"). NOUN
# stands for ALERT_NOUNS.
ALERT_LIST: Final[tuple[str, ...]] = _words("ALERT_LIST")

# Thanks, greetings and small talk: a message made only of these is answered in kind.
THANKS_WORDS: Final[tuple[str, ...]] = _words("THANKS_WORDS")
BYE_WORDS: Final[tuple[str, ...]] = _words("BYE_WORDS")
ACK_WORDS: Final[tuple[str, ...]] = _words("ACK_WORDS")
# Words that may go with small talk without making it a question ("thanks a lot, bot!").
SOCIAL_FILLERS: Final[tuple[str, ...]] = _words("SOCIAL_FILLERS")

# Which GPUs are rented: the price list ("what GPUs do you have", "¿qué GPUs tienen?").
CATALOGUE_QUESTION: Final[tuple[str, ...]] = _words("CATALOGUE_QUESTION")

# Telegram commands ("/start", "/precios@bot").
COMMANDS: Final[dict[str, Intent]] = {
    "start": "help", "menu": "help", "vram": "memory",
    # The bot's menu removes alerts with /unalert.
    "unalert": "alert_remove",
    **{k: _intent(v) for lang in LANGUAGES for k, v in lang.commands.items()},
}

ALERT_WORDS: Final[tuple[str, ...]] = _words("ALERT_WORDS")
# "tell me if", "dime si", "dis-moi si": an alert only about a price ("tell me if llama 3 70b
# fits on a 4090" asks the fit now).
ALERT_TELL: Final[tuple[str, ...]] = _words("ALERT_TELL")
# "when/if the price drops" also makes an alert.
ALERT_WHEN: Final[str] = _either("ALERT_WHEN_WORDS")
ALERT_MOVE_DOWN: Final[tuple[str, ...]] = _words("ALERT_MOVE_DOWN")
AROUND_THE_CLOCK: Final[tuple[str, ...]] = _words("AROUND_THE_CLOCK")
ALERT_MOVE_UP: Final[tuple[str, ...]] = _words("ALERT_MOVE_UP")

DIRECTION_BELOW: Final[tuple[str, ...]] = _words("DIRECTION_BELOW")
DIRECTION_ABOVE: Final[tuple[str, ...]] = _words("DIRECTION_ABOVE")

PAY_STRONG: Final[tuple[str, ...]] = _words("PAY_STRONG")
PAY_COINS: Final[tuple[str, ...]] = _words("PAY_COINS")

COMPARE_WORDS: Final[tuple[str, ...]] = _words("COMPARE_WORDS")

RECOMMEND_WORDS: Final[tuple[str, ...]] = _words("RECOMMEND_WORDS")
# "How long does it take?" is answered with the cost page's assumed hours.
DURATION_QUESTION: Final[tuple[str, ...]] = _words("DURATION_QUESTION")

COST_WORDS: Final[tuple[str, ...]] = _words("COST_WORDS")
HOW_MUCH: Final[tuple[str, ...]] = _words("HOW_MUCH")
RATE_WORDS: Final[tuple[str, ...]] = _words("RATE_WORDS")

FIT_STRONG: Final[tuple[str, ...]] = _words("FIT_STRONG")

# Words that ask about memory. "need"/"necesito"/"besoin" are not among them: "I need 100 hours
# on an A100" asks for a price.
MEMORY_WORDS: Final[tuple[str, ...]] = _words("MEMORY_WORDS")

PRICE_WORDS: Final[tuple[str, ...]] = _words("PRICE_WORDS")

HELP_WORDS: Final[tuple[str, ...]] = _words("HELP_WORDS")
GREETINGS: Final[tuple[str, ...]] = _words("GREETINGS")

DETAILS_WORDS: Final[tuple[str, ...]] = _words("DETAILS_WORDS")

GRAD_CKPT: Final[tuple[str, ...]] = (
    r"grad(?:ient)?[\s_-]?(?:checkpoint\w*|ckpt)", r"activation[\s_-]?checkpoint\w*",
    # "checkpointing de gradientes desactivado", "checkpointing des gradients désactivé": the
    # switch after the whole name
    r"checkpointing (?:de (?:los )?gradientes?|des gradients?|du gradient)",
    r"checkpointing",
    # "gc off", "gc=false": the abbreviation only with its switch after it ("gc" alone is no
    # setting)
    r"gc(?= ?(?:[:=] ?)?(?:on|off|true|false|disabled|enabled)(?![a-z]))",
)
# Negations that switch gradient checkpointing off when they precede or follow it.
GRAD_CKPT_OFF_BEFORE: Final[tuple[str, ...]] = _words("GRAD_CKPT_OFF_BEFORE")
GRAD_CKPT_OFF_AFTER: Final[tuple[str, ...]] = _words("GRAD_CKPT_OFF_AFTER")

# --- typo correction ---------------------------------------------------------------------------

# Domain words worth correcting when mistyped ("qlroa", "memroy", "cuesat", "combein").
# Short words are left alone: an edit away from a four-letter word is usually another word.
TYPO_TARGETS: Final[tuple[str, ...]] = (
    "qlora", "lora", "vram", "finetune", "finetuning", "finetuner", "tuning", "inference",
    "inferencia", "adamw", "gradient", "checkpointing", "memory", "memoria", "memoire",
    "cost", "costs", "cuesta", "cuestan", "costaria", "combien", "coute", "couterait",
    "price", "prices", "pricing", "precio", "precios", "tarifs", "tarifas", "quote", "devis",
    "presupuesto", "budget", "recommend", "recomienda", "recomiendas", "recommande",
    "cheapest", "barata", "barato", "meilleur", "meilleure", "mejor", "compare", "comparar",
    "comparer", "versus", "alert", "alerte", "alerta", "notify", "avisame", "previens",
    "prevenez", "payer", "pagar", "payment", "paiement", "bitcoin", "crypto", "cripto",
    "ethereum", "monero", "litecoin", "help", "ayuda", "aide", "enough", "possible",
    "suficiente", "suffisant", "suffit", "necesito", "besoin", "which", "quelle", "cuanto",
    "cuanta", "cuantas", "cuantos", "details", "detalles", "desglose", "breakdown", "hours",
    "horas", "heures", "minutes", "minutos", "semana", "semaine", "billion", "billions",
    "millones", "milliards", "million", "millions", "tokens", "context", "contexto",
    "contexte", "sequence", "secuencia", "batch", "nvidia", "geforce", "tient", "rentre",
    "fine", "tune", "train", "training", "entrenar", "entrainer", "parameters",
    # Model families mistyped in a hurry ("lama 3 8b", "mistrall", "mixtrall", "deepseak r1",
    # "quen 2.5 7b": the last two were no model, "a 7B model").
    "llama", "mistral", "mixtral", "deepseek", "qwen",
    # Cohere's Command models ("comand r", "commnad a": was no model, the price list)
    "command",
    # A dataset and its passes said in a hurry ("10k exmaples", "w/ 3 epcohs", "5k smaples"):
    # was no count of examples, no epochs ("I did not understand")
    "examples", "samples", "epochs",
)
# Targets that may be reached from a four-letter token (same first letter only).
SHORT_TYPO_TARGETS: Final[frozenset[str]] = frozenset(
    {"lora", "vram", "cost", "help", "aide", "llama", "qwen"}
)

# Real words one edit away from a target: never "correct" them.
PROTECTED_WORDS: Final[frozenset[str]] = frozenset({
    # "runing" is "running" misspelt (INFERENCE_WEAK reads it), not "tuning"
    # "deja de avisarme": the verb's infinitive, not "avisame" misspelt
    "avisarme", "avisadme", "avisanme",
    "runing", "server", "servers", "paper", "papers", "player", "prayer", "alter", "prise", "prime",
    # "fsdp_transformer_layer_cls_to_wrap", "freeze the first layer": a model's layer, not
    # French "payer" (was the payment answer to a pasted FSDP config)
    "layer",
    "prince", "pride", "prize", "tiene", "tienen", "tiens", "cuenta", "cuentas", "costa",
    "lord", "lore", "lots", "loro", "lara", "ahora", "notice", "model", "models", "modelo",
    "modele", "llama", "mistral", "mixtral", "qwen", "gemma", "deepseek", "falcon",
    "instruct", "chat", "base", "vicuna", "alpaca", "better", "letter", "latter", "after",
    "later", "there", "where", "these", "those", "while", "would", "could", "should",
    "about", "coste", "costo", "costos", "cout", "couts", "hour", "hora", "heure", "minute",
    "days", "horse", "house", "mejora", "mejores", "mayor", "menor", "bitcoins", "crypt",
    "costly", "post", "most", "cast", "half", "held", "hell", "hold", "vrai", "aides", "aider",
    "aidez", "ayudas", "pagan", "pagas", "pague", "pagos", "payed", "payee", "payes", "trains",
    "trainee", "brain", "rain", "grain", "contest", "content", "contents", "contexts", "batches",
    "watch", "match", "bunch", "lunch", "tokyo", "token", "millon", "million", "billon",
    "quota", "quotas", "quoted", "quotes", "devise", "devises", "budgets", "alerts", "alertes",
    "alertas", "notifs", "notified", "enough", "semanas", "semaines", "memories", "memorias",
    "tiennent", "rentrer", "rentrent", "finetuned", "tuned", "tunes", "fines", "define",
    "refine", "finer", "finest", "finance", "minutes", "mutes", "precis", "precise", "prices",
    "pricey", "pricier", "spice", "slice", "twice", "price", "meilleurs", "meilleures",
    "compared", "compares", "comparing", "versions", "version", "which", "witch", "whack",
    "combine", "combined", "couter", "couteau", "route", "routes", "toute", "doute",
    "cuestas", "apuesta", "respuesta", "propuesta", "encuesta", "tuning", "turning", "burning",
    "learning", "training", "raining", "draining", "batcher", "hatch", "patch",
    # "comprar" (to buy) is one letter from "comparar": "¿cuántas horas puedo comprar?"
    "comprar", "comprarlo", "comprarla", "comprando", "comprare", "compras", "compra",
    # Rioplatense voseo, one edit from French "devis": "¿me decís si entra en 4 h100?"
    "decis",
    # Several adapters trained ("train 2 loras", "3 qloras"), not "horas" (hours)
    "loras", "qloras",
    # One edit from the model families corrected above; "pixtral" is Mistral's vision model.
    "ollama", "llamas", "mistrial", "mitral", "pixtral",
    # One edit from "command": French "commande" (an order), "commands", "commando", "commend".
    "commande", "commands", "commando", "commend",
    # Model names glued to their letter: "commandr", "commanda" (Cohere), "deepseekr1",
    # "deepseekv3" (read by their aliases; were "corrected" to the bare family word)
    "commandr", "commanda", "deepseekr", "deepseekv",
    # LLaVA (a vision-language model on Vicuna) is one edit from "llama".
    "llava",
    # One edit from "examples", "samples", "epochs": the singulars, French "exemples",
    # Spanish "simples" and "épocas" (read as themselves), a sampler.
    "example", "exemple", "exemples", "sample", "simples", "sampler", "samplers", "epoch",
    "epoca", "epocas",
})

# --- language detection ------------------------------------------------------------------------

# Words that mark a language (folded). Words shared by two of the languages ("de", "en", "la",
# "que", "si", "se", "tu", "plus", "possible", "budget", "details") are left out on purpose: they
# cannot tell the languages apart, and hurried users mix English jargon into Spanish and French.
# Sequences served together ("20 concurrent users", "20 usuarios a la vez"): patterns.CONCURRENCY.
CONCURRENT_WORDS: Final[tuple[str, ...]] = _words("CONCURRENT_WORDS")
SERVED_NOUNS: Final[tuple[str, ...]] = _words("SERVED_NOUNS")

STOPWORDS: Final[dict[Lang, frozenset[str]]] = {lang.code: lang.stopwords for lang in LANGUAGES}


def _abbreviations() -> dict[str, str]:
    found: dict[str, str] = {}
    for lang in LANGUAGES:
        for short, long_ in lang.abbreviations.items():
            if found.setdefault(short, long_) != long_:
                raise ValueError(f"abbreviation {short!r} stands for {found[short]!r} and {long_!r}")
    return found


# Chat shorthand of every language ("xq" → "porque", "jsp" → "je sais pas").
ABBREVIATIONS: Final[dict[str, str]] = _abbreviations()
