"""Text folding and typo correction: the form every pattern of the lexicon is matched against."""

from __future__ import annotations

import re
import unicodedata
from decimal import Decimal
from functools import cache
from os.path import commonprefix
from typing import Final

from bot.understand.digits import plain_digits
from bot.understand.lazy import lazy
from bot.understand.lexicon import (
    ABBREVIATIONS,
    PROTECTED_WORDS,
    SHORT_TYPO_TARGETS,
    STOPWORDS,
    TYPO_TARGETS,
)
from bot.understand.screen import forget_runs, letter_runs
from bot.understand.torchtune_configs import TORCHTUNE_CONFIGS

# A Telegram message holds at most 4 096 characters; a question is far shorter. Reading only the
# start bounds the work on pasted logs or noise.
MAX_CHARS: Final = 1500

# Symbols with a meaning for us, mapped before everything that is not ASCII becomes a space.
_SYMBOLS: Final[dict[str, str]] = {
    "×": " x ", "✕": " x ", "✖": " x ", "⨯": " x ", "*": " x ",
    "−": "-", "–": "-", "—": "-", "‐": "-", "‑": "-", "‒": "-",
    "’": "'", "‘": "'", "`": "'", "´": "'", "ʼ": "'",
    "≤": "<", "≥": ">", "⩽": "<", "⩾": ">", "＄": "$",
    "œ": "oe", "æ": "ae", "ø": "o", "ł": "l", "đ": "d",
    "¿": " ", "¡": " ", "«": " ", "»": " ", "“": " ", "”": " ",
    # A pasted JSON config's keys read as its YAML or CLI form: '"max_seq_length": 2048'.
    '"': "",
    # A thumbs-up is an answer ("ok"), not noise.
    "👍": " ok ", "👌": " ok ",
}
# A regex finds the few symbols of a text at C speed; str.translate would look every character
# of a non-ASCII text up in a dict, many times slower.
_SYMBOL: Final = lazy("[" + re.escape("".join(_SYMBOLS)) + "]")
_COMBINING: Final = lazy(r"[\u0300-\u036f]+")
_NOT_PRINTABLE_ASCII: Final = lazy(r"[^\x20-\x7e]+")
_SPACE_RUNS: Final = lazy(" {2,}")
# Punctuation runs ("???", "!!!", "...") carry nothing: one is enough.
_PUNCT_RUNS: Final = lazy(r"([?!.,;:])[?!.,;:]+")


# torchtune's recipe and config names ("tune run lora_finetune_single_device --config
# llama3_1/8B_qlora_single_device"; pytorch/torchtune recipes/lora_finetune_single_device.py,
# recipes/configs/llama3_1/8B_qlora_single_device.yaml, 70B_lora.yaml, 8B_full.yaml): the model
# and the method they name, in words ("llama 3.1 8b qlora"). A QLoRA config runs the lora
# recipe, so the config's method wins.
_TUNE_CONFIG: Final = lazy(
    r"(?<![a-z0-9])(?P<family>llama[234]|qwen[23]|gemma[23]?|phi[34]|mistral|code_llama2)"
    r"(?:_(?P<minor>\d))?/(?P<size>\d+(?:\.\d+)?[bm])(?:_(?P<method>qlora|lora|dora|qdora|full))?"
    r"(?:_(?P<where>single_device|low_memory|multinode|distributed))?(?:\.yaml)?(?![a-z0-9])"
)
# The optimizer of torchtune's single-device full fine-tuning configs where it is not
# torch.optim.AdamW, said in words: bitsandbytes' PagedAdamW8bit or PagedAdamW, stepped in the
# backward pass (optimizer_in_bwd: True; pytorch/torchtune recipes/configs/<family>/
# <size>_full_single_device.yaml @bd2a0fc7). The README's "Llama 3.1 8B | Full finetune | 1x
# 4090 | 18.9 GiB" runs that config.
_TUNE_FULL_SINGLE: Final[dict[str, str]] = {
    **dict.fromkeys(("llama3/8b", "llama3_1/8b", "llama3_2/1b", "llama3_2/3b"),
                    "paged adamw 8bit, optimizer in backward"),
    **dict.fromkeys(("qwen2/1.5b", "qwen2/7b", "qwen2_5/1.5b", "qwen2_5/3b", "qwen2_5/7b",
                     "qwen3/8b"), "paged adamw, optimizer in backward"),
}
_TUNE_RECIPE: Final = lazy(
    r"(?<![a-z0-9])(?P<method>lora|full|qlora)_(?:finetune|dpo)_(?:single_device|distributed)"
    r"(?:\.py)?(?![a-z0-9])"
)


def _tune_config(match: re.Match[str]) -> str:
    minor = match.group("minor")
    family = match.group("family").replace("_", " ")
    name = f"{family}.{minor}" if minor else family
    method = match.group("method")
    said = f"{name} {match.group('size')}" + (f" {_TUNE_METHOD[method]}" if method else "")
    config = match.group(0).split("_full", 1)[0]
    if method == "full" and match.group("where") == "single_device" \
            and config in _TUNE_FULL_SINGLE:
        said += f", {_TUNE_FULL_SINGLE[config]},"
    return said


_TUNE_METHOD: Final[dict[str, str]] = {
    "qlora": "qlora", "lora": "lora", "dora": "dora", "qdora": "qdora", "full": "full finetune"}


def torchtune_config(folded: str) -> str | None:
    """The torchtune recipe config a folded text names ("llama3/8b_lora_single_device"), when
    it is one on file (bot.understand.torchtune_configs); None otherwise."""
    if "/" not in folded or "_" not in folded:
        return None
    match = _TUNE_CONFIG.search(folded)
    if match is None:
        return None
    name = match.group(0).removesuffix(".yaml")
    return name if name in TORCHTUNE_CONFIGS else None


def torchtune_names(folded: str) -> str:
    """``folded`` with torchtune's recipe and config names said in words."""
    if "_" not in folded:
        return folded
    config = _TUNE_CONFIG.search(folded)
    quantized = config is not None and config.group("method") in ("qlora", "qdora")
    folded = _TUNE_CONFIG.sub(_tune_config, folded)
    return _TUNE_RECIPE.sub(
        lambda m: " " if quantized else _TUNE_METHOD[m.group("method")], folded)


def _symbol(match: re.Match[str]) -> str:
    return _SYMBOLS[match.group()]


def _first_char(match: re.Match[str]) -> str:
    # A function rather than the template r"\1", which costs a Python-level call on every sub.
    return match.group(1)


def _fold_char(c: str) -> str:
    """One character as the steps of ``fold`` below leave it, before runs of spaces are joined."""
    folded = "".join(_SYMBOLS.get(x, x) for x in c.casefold())
    folded = _COMBINING.sub("", unicodedata.normalize("NFKD", folded))
    return _NOT_PRINTABLE_ASCII.sub(" ", folded)


@cache
def _latin_table() -> bytes:
    """Each Latin-1 character's byte folded: one ASCII character for most ("é" → "e", "¿" →
    " "), itself for those that fold to more ("ß", "½", "×") or that digits read ("²", the
    soft hyphen): a text holding one of those takes the general steps."""
    table = bytearray(range(256))
    for code in range(128, 256):
        c = chr(code)
        folded = _fold_char(c)
        if len(folded) == 1 and c not in _DIGIT_LIKE and folded not in _SYMBOLS:
            table[code] = ord(folded)
    return bytes(table)


# What ``plain_digits`` reads in Latin-1: superscript digits ("10²") and the soft hyphen.
_DIGIT_LIKE: Final = frozenset("¹²³\u00ad")


def _latin_folded(text: str) -> str | None:
    """``text`` with its accents and signs folded by one byte table, when every character is
    Latin-1 and folds to one ASCII character (most Spanish and French questions: "¿Cuánto?" →
    " Cuanto?"); None otherwise. Upper case, "*" and white space are left to ``fold``."""
    try:
        folded = text.encode("latin-1").translate(_latin_table())
    except UnicodeEncodeError:
        return None
    return folded.decode("ascii") if folded.isascii() else None


# "10^12 hours", "1e30 hours", "10**9 tokens": a power written out, so the number is read whole
# (was "10^12" read as 12 hours) and the bounds reject what is out of range. Past 60 digits the
# value only has to stay huge. A negative exponent too: "1e-3 hours", "$1e-2", "below 2.5e-1"
# were 1 hour, $1 and $2.50 (the mantissa read alone); below 60 decimals the value is 0.
_POWER: Final = lazy(
    r"(?<![\w.])(\d{1,3}(?:\.\d{1,6})?)(?: ?(\^|\*\*) ?|e([+-])?)(\d{1,3})"
    # ... glued to what it counts: "1.5e9toks", "2e9tokens", "1e6samples" (was no tokens read)
    r"(?:(?![\w.])|(?=tok|param|sample))")
_HUGE: Final = "1" + "0" * 61


def _power(match: re.Match[str]) -> str:
    base, power, exponent = Decimal(match.group(1)), match.group(2), int(match.group(4))
    if power is None:  # "1.5e3": a mantissa times ten to the exponent
        if match.group(3) == "-":
            exponent = -exponent
        if base.adjusted() + exponent > 60:
            return _HUGE
        if base.adjusted() + exponent < -60:
            return "0"
        value = base.scaleb(exponent)
    elif base == 0:
        return "1" if exponent == 0 else "0"
    else:  # "10^12", "2**10": the base to the power
        if base > 1 and base.log10() * exponent > 60:
            return _HUGE
        value = base ** exponent
    whole = value.to_integral_value()
    return f"{whole:f}" if value == whole else f"{value.normalize():f}"


# Cyrillic and Greek letters drawn as Latin ones, in a word that also holds an ASCII letter or
# digit ("Н100" with a Cyrillic Н, "4О90", "Nvidiа"): a keyboard layout's or a paste's slip, read
# as the Latin letter (was no card: the letter folded to a space). Words wholly in those scripts
# are left.
_LOOKALIKES: Final = str.maketrans(
    "АВЕКМНОРСТУХІЅЈаеорсхуіѕјΑΒΕΖΗΙΚΜΝΟΡΤΥΧο", "ABEKMHOPCTYXISJaeopcxyisjABEZHIKMNOPTYXo")
_CYRILLIC_GREEK: Final = lazy(r"[\u0370-\u03ff\u0400-\u04ff]")
_ROUND_IN_NUMBER: Final = lazy(r"(?<=\d)[ОоΟο]+(?=\d)")
_MIXED_WORD: Final = lazy(r"[0-9A-Za-z\u0370-\u03ff\u0400-\u04ff]+")


def _lookalike_word(match: re.Match[str]) -> str:
    word = match.group()
    if word.isascii() or not any(c.isascii() for c in word):
        return word
    # between digits a round letter is a zero ("4О90")
    return _ROUND_IN_NUMBER.sub("0", word).translate(_LOOKALIKES)


def _latin_lookalikes(text: str) -> str:
    if _CYRILLIC_GREEK.search(text) is None:
        return text
    return _MIXED_WORD.sub(_lookalike_word, text)


# The last text folded and its fold: a question's text is folded four times on its way (the
# language asked, several models at once, each model trained, understanding), each time with
# the same result.
_last_fold: tuple[str, str] | None = None


def forget_fold() -> None:
    """Let go of the last text folded (a cold question), and of its runs of letters."""
    global _last_fold
    _last_fold = None
    forget_runs()


def fold(text: str) -> str:
    """Lower case, no accents, ASCII only, single spaces: "¿Cuánto cuesta 8× H100?" →
    "cuanto cuesta 8 x h100?"."""
    global _last_fold
    last = _last_fold
    if last is not None and last[0] == text:
        return last[1]
    folded = _folded(text)
    _last_fold = (text, folded)
    return folded


_SPACE_COMMA: Final = lazy(r" ,(?=[^\s,])")
# Thousands grouped by an apostrophe, as the Swiss write them ("1'000 hours", "1’000’000 tokens"):
# was read from its first group or its last (1 hour, an alert at $1, 0 tokens).
_APOSTROPHE_GROUPS: Final = lazy(r"(?<![\d'])\d{1,3}(?:'\d{3})+(?!\d|'\d)")


def _ungrouped(match: re.Match[str]) -> str:
    return match.group().replace("'", "")


def _folded(text: str) -> str:
    text = text[:MAX_CHARS]
    if not text.isascii():
        # Accents and "¿" by a table, each character as the steps below fold it (they leave
        # runs of spaces, joined at the end): a fifth of their cost.
        latin = _latin_folded(text)
        # "٧٠B" → "70B", "10⁹" → "1000000000", no ZWSP inside 70
        text = latin if latin is not None else _latin_lookalikes(plain_digits(text))
    text = text.casefold()
    text = _POWER.sub(_power, text)
    text = _SYMBOL.sub(_symbol, text)
    if "'" in text:
        text = _APOSTROPHE_GROUPS.sub(_ungrouped, text)
    # The common case, plain ASCII, has no accents to strip nor characters to blank.
    if not text.isascii():
        text = _COMBINING.sub("", unicodedata.normalize("NFKD", text))
    if not (text.isascii() and text.isprintable()):
        text = _NOT_PRINTABLE_ASCII.sub(" ", text)
    text = _PUNCT_RUNS.sub(_first_char, text)
    if " ," in text:
        # "on 3090 ,10k samples of 1k tokens": a comma typed after its space belongs before it
        # (was ",10k" glued to it, no count read: the "1k tokens" the whole dataset, 1 minute)
        text = _SPACE_COMMA.sub(", ", text)
    # Printable ASCII by now: the only white space left is " ".
    if "  " in text:
        text = _SPACE_RUNS.sub(" ", text)
    return text.strip()


# --- chat shorthand ------------------------------------------------------------------------------

# Whole words, and not before a number ("q 4" is a quantization); "2 tb" is terabytes.
_AFTER_NUMBER_KEPT: Final = frozenset({"tb"})
_ABBREVIATION: Final = lazy(
    r"(?<![\w'.-])(?<![\s,/][a-z],)(?<![\s,/][a-z], )(?<![\s,/][a-z]/)(?<!^[a-z],)(?<!^[a-z], )(" + "|".join(
        re.escape(a) for a in sorted(ABBREVIATIONS, key=len, reverse=True)
    # ("what abt 8b": "abt" is "about" before a number too)
    ) + r")(?![\w'-])(?:(?<=abt)|(?! ?\d))"
    # ... nor in a list of single letters: "q,v", "q, k, v", "q and v", "q k v o" are LoRA's
    # projections
    r"(?! ?[,/+&] ?[a-z](?![a-z]))(?! (?:and|y|et) [a-z](?![a-z]))(?! [kv](?![a-z]))"
)


def _expanded(match: re.Match[str]) -> str:
    short = match.group(1)
    if short in _AFTER_NUMBER_KEPT and match.string[: match.start()].rstrip()[-1:].isdigit():
        return short
    return ABBREVIATIONS[short]


# The text's runs of letters (screen.letter_runs), found once and shared by the steps below (a
# split each cost ~2 µs): an abbreviation and a typo are whole runs, and so are number words.
# Abbreviations that are one run of letters, and the others (looked for as substrings).
_ABBREVIATED_RUNS: Final = frozenset(
    a for a in ABBREVIATIONS if a.isascii() and a.isalpha() and a.islower()
)
_ABBREVIATED_OTHER: Final = tuple(a for a in ABBREVIATIONS if a not in _ABBREVIATED_RUNS)


# Chat's "4" for "for", only where a duration with its article follows a price asked: "how much
# 4 a week" is a week's price (was read as four of something a week, and the hours assumed);
# "4 days", "4 a day for a month" (four hours a day) keep their number.
_FOUR_AS_FOR: Final = lazy(
    r"(?<![a-z])(much|costs?|price|pay|rent|charge) 4 (?=(?:a|an|the|one) (?:hour|day|night|"
    r"week|weekend|fortnight|month|year)s?(?![a-z]))"
)


def expand_abbreviations(folded: str, runs: list[str] | None = None) -> str:
    """Chat shorthand as the words it stands for: "q modelo puedo correr" → "que modelo puedo
    correr", "jsp si ma 3090 suffit" → "je sais pas si ma 3090 suffit".

    ``runs``: ``letter_runs(folded)`` when known. An abbreviation of letters only is matched
    with no letter (nor any word character) on either side, so it is a whole run: a text whose
    runs hold none (and no other abbreviation) is not searched (most texts)."""
    if " 4 " in folded:
        folded = _FOUR_AS_FOR.sub(r"\1 for ", folded)
    if runs is None:
        runs = letter_runs(folded)
    if _ABBREVIATED_RUNS.isdisjoint(runs) and not any(a in folded for a in _ABBREVIATED_OTHER):
        return folded
    return _ABBREVIATION.sub(_expanded, folded)


# --- typo correction (a one-edit "symmetric delete" index, built once at import) ----------------

_KNOWN: Final[frozenset[str]] = frozenset(
    set(TYPO_TARGETS) | PROTECTED_WORDS | set().union(*STOPWORDS.values())
)


def _deletes(word: str) -> set[str]:
    return {word[:i] + word[i + 1 :] for i in range(len(word))}


def _build_index() -> dict[str, tuple[str, ...]]:
    index: dict[str, tuple[str, ...]] = {}
    for target in TYPO_TARGETS:
        for variant in (target, *sorted(_deletes(target))):
            if target not in index.get(variant, ()):
                index[variant] = (*index.get(variant, ()), target)
    return index


# Every target a delete variant leads to, in TYPO_TARGETS order: a word one edit from two
# targets ("houras": hours, horas) must not be settled by which delete a set yields first,
# which moves with the process's string hash seed.
_INDEX: Final[dict[str, tuple[str, ...]]] = _build_index()
_ORDER: Final[dict[str, int]] = {t: i for i, t in enumerate(reversed(TYPO_TARGETS))}
_WORD: Final = lazy(r"[a-z]{4,}")


def _one_edit(a: str, b: str) -> bool:
    """True when a and b differ by one insertion, deletion, substitution or swap of neighbours
    (the delete index also proposes pairs two edits apart; this check rejects them)."""
    if a == b:
        return True
    la, lb = len(a), len(b)
    if abs(la - lb) > 1:
        return False
    if la == lb:
        diff = [i for i in range(la) if a[i] != b[i]]
        if len(diff) == 1:
            return True
        return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and (
            a[diff[1]] == b[diff[0]]
        )
    short, long_ = (a, b) if la < lb else (b, a)
    return any(long_[:i] + long_[i + 1 :] == short for i in range(len(long_)))


# Misspellings two edits from their word, too common to leave: "lamma 3 8b" (was no model,
# "an 8B model").
_MISSPELT: Final[dict[str, str]] = {"lamma": "llama"}


def correct_word(word: str) -> str:
    """The domain word one edit away from ``word``, or ``word`` itself."""
    if word in _MISSPELT:
        return _MISSPELT[word]
    if word in _KNOWN or len(word) > 16:
        return word
    best: tuple[int, int, int] | None = None
    chosen = word
    for candidate in (word, *_deletes(word)):
        for target in _INDEX.get(candidate, ()):
            if not _one_edit(word, target):
                continue
            # Four-letter words are close to many real words: only fix the obvious ones.
            short = len(word) == 4 or len(target) == 4
            if short and (target not in SHORT_TYPO_TARGETS or word[0] != target[0]):
                continue
            # Typos fall late in a word more than early: the target sharing the longest start
            # wins ("houras" is hours, not horas), then the longest end, then list order.
            key = (len(commonprefix((word, target))),
                   len(commonprefix((word[::-1], target[::-1]))), _ORDER[target])
            if best is None or key > best:
                best, chosen = key, target
    return chosen


def correct_typos(folded: str, runs: list[str] | None = None) -> str:
    """``runs``: ``letter_runs(folded)`` when known; the words of four letters or more are
    those of its runs (what ``_WORD`` finds: each whole run of at least four letters)."""
    words = _WORD.findall(folded) if runs is None else [w for w in runs if len(w) >= 4]
    if _KNOWN.issuperset(words):
        return folded  # the common case: every word is known
    fixes: dict[str, str] = {}
    for word in set(words).difference(_KNOWN):
        fixed = correct_word(word)
        if fixed != word:
            fixes[word] = fixed
    if not fixes:
        return folded  # unknown words, but no typo of a domain word
    return _WORD.sub(lambda m: fixes.get(m.group(0), m.group(0)), folded)


# --- markup and code pasted into a message -----------------------------------------------------

# What a script, a style sheet or a code block says is not a question: "<script>alert(1)
# </script>" must not make an alert. Tags are dropped but their text kept ("<b>can I</b>").
_DEAD_ELEMENTS: Final = lazy(
    r"<(script|style|code|pre)\b[^>]{0,200}>.*?(?:</\1\s*>|$)", re.IGNORECASE | re.DOTALL
)
_FENCED: Final = lazy(r"```.*?(?:```|$)", re.DOTALL)
# A setting in a config or a call: "lora_r: 32", '"per_device_train_batch_size": 4,',
# "model = AutoModelForCausalLM.from_pretrained('meta-llama/Llama-3.1-8B', load_in_4bit=True)",
# "--max-model-len 8192", "vllm serve meta-llama/Llama-3.1-8B --max-model-len 8192".
_SETTING_LINE: Final = lazy(
    r"[\s{\[]*(?:- )?(?:[\"']?[\w.\-]+[\"']?\s*[:=]\s*\S|--?[a-z][\w-]*)|.*\s--[a-z]"
)
_LANGUAGE_TAG: Final = lazy(r"\s*[\w+#.-]*\s*")
_INLINE_CODE: Final = lazy(r"`([^`\n]{0,200})`")
# A model or file name quoted as code ("`Llama-3.1-8B`", "`llama 3.1 8b`": a few words, one a
# number) still names the model (was dropped with its spaces: "Which model?").
_NAME_LIKE: Final = lazy(r"[\w.\-/:]*\d[\w.\-/:]*|(?=[\w.\-/: ]{1,40}$)[\w.\-/: ]*\d[\w.\-/: ]*")
# Markdown's emphasis by underscores at a word's edges ("_h100_", "__4090__"), which a client
# without Markdown sends as typed: the name inside is read (was no card, "_" a word character).
# Snake case inside a word ("per_device_train_batch_size") is left.
_EMPHASIS: Final = lazy(r"(?<!\w)_{1,2}(?=[^\W_])|(?<=[^\W_])_{1,2}(?!\w)")
_TAG: Final = lazy(r"</?([a-zA-Z][a-zA-Z0-9]*)[^<>]{0,200}>")
# Tags inside a line of text, which join what they wrap to its neighbours ("my-<b>custom</b>-70b"
# is "my-custom-70b", was "my- custom -70b": a model of -70B); other tags break words.
_INLINE_TAGS: Final = frozenset({
    "b", "i", "u", "s", "em", "strong", "code", "span", "a", "mark", "small", "sub", "sup",
    "tg", "del", "ins", "strike"})


def _tag(match: re.Match[str]) -> str:
    return "" if match.group(1).lower() in _INLINE_TAGS else " "


def _fenced(text: str) -> str:
    """`text` without its fenced code blocks; a block's settings lines are kept where words are
    asked outside the blocks ("will this fit on my 4090?" before a YAML or JSON config: was
    "Which model?", the config dropped). Code alone, or what is not a setting, says nothing."""
    outside = _FENCED.sub(" ", text)
    if not any(c.isalpha() for c in outside):
        return outside
    return _FENCED.sub(_settings_lines, text)


def _settings_lines(match: re.Match[str]) -> str:
    lines = match.group().strip("`").split("\n")
    if _LANGUAGE_TAG.fullmatch(lines[0]):
        lines = lines[1:]  # "```yaml"
    return " " + "\n".join(line for line in lines if _SETTING_LINE.match(line)) + " "


def _inline_code(match: re.Match[str]) -> str:
    body = match.group(1)
    return f" {body} " if _NAME_LIKE.fullmatch(body.strip()) else " "


# A pasted YAML config's lines that set nothing: a setting commented out ("# deepspeed:
# examples/deepspeed/ds_z3_config.json", hiyouga/LLaMA-Factory examples/train_lora/
# llama3_lora_sft.yaml) and a key left empty ("deepspeed:", "fsdp:" in axolotl-ai-cloud/axolotl
# examples/llama-3/qlora.yml): both were read as the setting they name (DeepSpeed ZeRO-3).
# A key whose next line is indented deeper or a list item heads a block and stays.
_COMMENTED_SETTING: Final = lazy(r"\s*#+\s*[\w.\-]+\s*:")
_EMPTY_KEY: Final = lazy(r"(\s*)[\w.\-]+\s*:\s*")
# ... and, where a long paste must be made short enough to read whole, the keys no estimate
# reads: logging, saving, evaluation, hub, schedule and paths (wandb_project, output_dir…).
_UNREAD_KEY: Final = lazy(
    r"\s*(?:wandb_\w*|mlflow_\w*|comet_\w*|hub_\w*|push_to_hub\w*|logging_\w*|save_\w*|"
    r"saves_\w*|eval_\w*|evals_\w*|do_eval|warmup_\w*|lr_scheduler\w*|cosine_\w*|adam_\w*|"
    r"max_grad_norm|weight_decay|seed|debug|strict|output_dir|overwrite_\w*|plot_loss|"
    r"dataset_prepared_path|val_set_size|val_size|train_on_inputs|group_by_length|"
    r"early_stopping_\w*|resume_from_checkpoint|report_to|run_name|tokenizer_type|"
    r"trust_remote_code|preprocessing_num_workers|dataloader_\w*|ddp_timeout|"
    r"special_tokens|pad_token|eos_token|bos_token|tf32|local_rank|lora_model_dir|"
    r"lora_fan_in_fan_out|xformers_attention|compute_environment|machine_rank|"
    r"main_training_function|rdzv_backend|same_network|tpu_\w*|use_cpu|debug|"
    r"gradient_checkpointing_kwargs|use_reentrant|field_\w*|message_\w*|role|content|"
    r"roles_to_train|train_on_eos|chat_template_jinja)\s*:"
)


def quiet_settings(text: str, compact: bool = False) -> str:
    """A pasted config without the lines that set nothing (_COMMENTED_SETTING, _EMPTY_KEY);
    `compact`: without blank lines, comments and the keys no estimate reads either
    (_UNREAD_KEY), so that a long config and the question after it are read whole."""
    if "\n" not in text or ":" not in text:
        return text
    lines = text.split("\n")
    kept: list[str] = []
    for i, line in enumerate(lines):
        if compact and (not line.strip() or line.lstrip().startswith("#")
                        or _UNREAD_KEY.match(line)):
            continue
        if _COMMENTED_SETTING.match(line):
            continue
        empty = _EMPTY_KEY.fullmatch(line)
        if empty is not None:
            after = next((n for n in lines[i + 1:] if n.strip()), "")
            indent = len(empty.group(1).replace("\t", "  "))
            if not after.lstrip().startswith("- ") \
                    and len(after) - len(after.lstrip()) <= indent:
                continue
        kept.append(line.rstrip() if compact else line)
    return "\n".join(kept)


def strip_markup(text: str) -> str:
    """The message without the content of scripts, styles and code, without HTML tags and
    Markdown's underscores, and a pasted config without the lines that set nothing."""
    if ":\n" in text or "#" in text:
        text = quiet_settings(text)
    if "_" in text:
        text = _EMPHASIS.sub("", text)
    if "<" not in text and "`" not in text:
        return text  # the common case
    if "`" in text:
        stripped = text.strip()
        if stripped.count("`") == 2 and stripped[0] == stripped[-1] == "`":
            return strip_markup(stripped[1:-1])  # the whole question quoted as code
        text = _fenced(text)
        text = _INLINE_CODE.sub(_inline_code, text)
    if "<" in text:
        text = _DEAD_ELEMENTS.sub(" ", text)
        text = _TAG.sub(_tag, text)
    return text
