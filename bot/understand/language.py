"""Which language (of bot.understand.languages) a question is written in — or None when it does
not say ("qlora 70b 4090" is the same in all of them)."""

from __future__ import annotations

from typing import Final

from bot.understand.languages import LANGUAGES
from bot.understand.lazy import lazy
from bot.understand.lexicon import STOPWORDS
from bot.understand.query import LANGS, Lang
from bot.understand.screen import Screened, letter_runs

# Whole words only: the "mi" of "MI300X" and the "la" of "la4" are part of a name, not Spanish.
_TOKEN: Final = lazy(r"(?<![a-z0-9])[a-z]+(?:['-][a-z]+)*(?![a-z0-9])")
# Characters only one of the languages writes ("é", common to Spanish and French, is no one's).
_MARKS: Final = tuple(
    (lang.code, lazy(f"[{lang.marks}]")) for lang in LANGUAGES if lang.marks
)
_LETTERS: Final = lazy(r"[a-z]+")
# French writes gigabytes "Go" (gigaoctets) and gibibytes "Gio": "36 go", "ma 3060 12go". After a
# number they are French whatever else the message says ("macbook pro m3 pro 36 go, qlora de
# llama 3 8b possible ?" has no other French word); one mark, as a French word counts.
_FRENCH_UNIT: Final = lazy(r"\d ?(?:go|gio)(?![a-z0-9])")
# PyTorch's, CUDA's and Ollama's own messages, pasted or quoted in any language ("me tira CUDA
# out of memory con …", "j'ai un crash CUDA out of memory", "ollama me da error: model requires
# more system memory (20.1 GiB) than is available (11.2 GiB)"): they say nothing of the user's
# language.
_ERROR_TEXT: Final = lazy(
    r"(?<![a-z])(?:(?:cuda )?(?:error: )?out of memory(?: error)?|tried to allocate|"
    r"of which [0-9.]+ ?[gm]ib is free|has a total capacity of|"
    r"(?:error: )?model requires more system memory|than is available)(?![a-z])"
)
# vLLM's KV cache refusal, in either wording ("the model's max seq len (131072) is larger than
# the maximum number of tokens that can be stored in kv cache (43264). try increasing …"):
# pasted in a Spanish or French message, it says nothing of the user's language.
_VLLM_ERROR_TEXT: Final = lazy(
    r"(?:valueerror: )?(?:to serve at least one request with )?the models?'?s? max seq len "
    r"[^\n]{0,400}?(?:stored in kv cache \(\d+\)|maximum model length is \d+)\.?"
    r"(?: ?try increasing[^\n]{0,200}?when initializing the engine\.?)?"
)

# A web address or a company named by it ("answer.ai", "together.ai", "unsloth.ai", "x.ai")
# says nothing of the language: its "ai" is not the French "j'ai". Searched only in texts holding
# one of its endings (".ai", ".io"…, screen.py): a decimal point ("12.5B") is no address.
_DOMAIN: Final = Screened(r"(?<![a-z0-9])[a-z0-9-]+\.(?:ai|io|com|co|dev|net|org|app)(?![a-z0-9])")

# AMD's product names hold an English "AI" ("Ryzen AI Max+ 395", "Radeon AI Pro R9700", "AI Max
# 395"): not the French "ai" of "j'ai", "j ai", which they would otherwise make the only language
# word of a message of names alone ("ryzen ai max+ 395 llama 70b q4 tok/s" was answered in French).
_PRODUCT_AI: Final = Screened(
    r"(?<![a-z0-9'])(?:(?:ryzen|radeon|amd) ai|(?<!j )ai (?:max|pro))(?![a-z0-9'])"
)
# AMD Instinct written with a space ("mi 300x", "amd mi 250"): not the Spanish "mi" ("my"),
# which "mi 3090" still is.
_INSTINCT_MI: Final = Screened(
    r"(?<![a-z0-9])(?:(?:amd|instinct) mi(?= ?\d)|mi(?= (?:2[15]0x?|300[ax]?|325x|35[05]x)(?![a-z0-9])))"
)

# An instruction-tuned checkpoint's suffix after its size ("gemma 3 27b it", "gemma-2-9b-it",
# "mistral 7b it"): part of the name, not the English "it", which made "gemma 3 27b it en una
# 5090" a tie between English and Spanish, answered in English.
_MODEL_IT: Final = Screened(r"(?<=\d[bm])[ -]it(?![a-z0-9'-])")

# A setting pasted from code ("per_device_train_batch_size=2", "max_seq_length") is no one's
# language: its "per", "train", "size" outvoted the French of "… lora mistral 7b sur une a100
# 40go" after an SFTConfig(…) paste.
_IDENTIFIER: Final = lazy(r"[a-z0-9]*_[a-z0-9_]*")


# Words Spanish and French both write and English does not ("la 3090 vram ?", "la vram de la
# 4090 ?"): half a mark to each. With no word of either's own, Spanish is the guess (never
# sure, so the chat's or Telegram's language still wins): French writes the data-centre cards
# "le H100" and "l'A10G", where Spanish writes "la H100", "la A10G" (bot.render.phrases.gpu_forms).
_SHARED: Final = frozenset({"la", "de"})
# ... and "en", which counts so only beside other words of a language ("gemma 3 27b it en una
# 5090": Spanish, was a tie with the "it" read as English): alone ("en usdt?" in an English
# chat) it says no language, and the chat's or Telegram's decides.
_SHARED_BESIDE: Final = "en"
_SHARED_GUESS: Final = "es"

# A guess is "sure" when it rests on at least this much evidence (two marker words, or one word
# and an accent of the language) and leads the runner-up by as much: one English "on" in
# "Mixtral 8x7B on 2x H100" or a lone "gracias" is not enough to overrule the language the user
# set in Telegram.
SURE_SCORE: Final = 2.0


def detect_with_confidence(raw: str, folded: str) -> tuple[Lang | None, bool]:
    """The leading language (None on a tie or no evidence) and whether it clearly leads."""
    lang, sure, _ = _detect(raw, folded)
    return lang, sure


def shared_words_only(raw: str, folded: str) -> bool:
    """Whether the lean rests only on words Spanish and French share ("en usdt?"): the guess
    is Spanish, but a chat held in English keeps its language."""
    return _detect(raw, folded)[2]


def _detect(raw: str, folded: str) -> tuple[Lang | None, bool, bool]:
    if "out of memory" in folded or "allocate" in folded or "capacity of" in folded \
            or "system memory" in folded:
        folded = _ERROR_TEXT.sub(" ", folded)
    if "max seq len" in folded:
        folded = _VLLM_ERROR_TEXT.sub(" ", folded)
    if "." in folded:
        folded = _DOMAIN.sub(" ", folded)
    if "ai " in folded:
        folded = _PRODUCT_AI.sub(" ", folded)
    if "mi " in folded:
        folded = _INSTINCT_MI.sub(" ", folded)
    if "_" in folded:
        folded = _IDENTIFIER.sub(" ", folded)
    if "it" in folded:
        folded = _MODEL_IT.sub(" ", folded)
    forms = _TOKEN.findall(folded)
    if "-" in folded or "'" in folded:
        # "previens-moi" counts as itself, "previens" and "moi".
        joined = [token for token in forms if "-" in token or "'" in token]
        forms += _LETTERS.findall(" ".join(joined))
    # Counted by map and sum: no Python loop over the words.
    scores: dict[Lang, float] = {
        lang: float(sum(map(STOPWORDS[lang].__contains__, forms))) for lang in LANGS
    }
    shared = sum(map(_SHARED.__contains__, forms))
    if _SHARED_BESIDE in forms and (shared or any(scores.values())):
        shared += forms.count(_SHARED_BESIDE)
    if shared:
        for code in ("es", "fr"):
            if code in scores:
                scores[code] += 0.5 * shared
    if "go" in folded or "gio" in folded:
        scores["fr"] += len(_FRENCH_UNIT.findall(folded))
    lowered = raw[:1500].lower()
    if not lowered.isascii():  # the marks are all non-ASCII
        for code, marks in _MARKS:
            scores[code] += 1.5 * len(marks.findall(lowered))
    ranked = sorted(scores.values(), reverse=True)
    top, second = ranked[0], ranked[1]
    leaders = [lang for lang in LANGS if scores[lang] == top]
    if shared and top == 0.5 * shared and set(leaders) == {"es", "fr"}:
        # Only the words Spanish and French share: Spanish, never sure.
        return _SHARED_GUESS, False, True
    if top < 1 or len(leaders) != 1:
        return None, False, False
    return leaders[0], top >= SURE_SCORE and top - second >= SURE_SCORE, False


# --- languages the bot does not speak ------------------------------------------------------------

# Words of scripts none of our languages writes: of alphabets (Cyrillic, Greek, Armenian,
# Hebrew, Arabic, Devanagari, Thai…), two letters or more (one alone is no language: a
# look-alike in a card's name, "Н100" with a Cyrillic Н, is read as the card), and ideographs
# and syllables (Chinese, Japanese kana, Korean), about a word every two.
_ALPHABETS: Final = lazy(
    r"[\u0370-\u03ff\u0400-\u052f\u0530-\u058f\u0590-\u05ff\u0600-\u06ff\u0900-\u0dff"
    r"\u0e00-\u0eff\u10a0-\u10ff]{2,}"
)
_IDEOGRAPHS: Final = lazy(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
# Words German, Portuguese and Italian write and English, Spanish and French do not (folded:
# "für" is "fur", "não" "nao"), common in a question about a GPU's price or fit.
_OTHER_WORDS: Final = frozenset({
    # German
    "ich", "nicht", "kann", "kostet", "kosten", "wie", "viel", "wieviel", "eine", "einer",
    "einem", "einen", "und", "ist", "auf", "welche", "welcher", "brauche", "brauchen",
    "stunde", "stunden", "bitte", "danke", "mochte", "habe", "meine", "meiner", "mir", "wird",
    "passt", "genug", "speicher", "grafikkarte", "feinabstimmen", "wann", "warum", "oder",
    "ein", "fur", "mein", "welches", "reicht", "ignoriere", "vorherigen", "anweisungen",
    # Portuguese
    "uma", "numa", "nao", "voce", "quanto", "custa", "posso", "fazer", "preco", "placa",
    "tambem", "obrigado", "obrigada", "minha", "meu", "quero", "isso", "essa", "esse",
    "ainda", "muito", "quantos", "quantas", "qual", "melhor", "treinar", "memoria",
    # Italian
    "quanta", "costa", "sono", "della", "scheda", "addestrare", "grazie", "vorrei", "ogni",
})
# Italian "costa", "memoria" and Portuguese "placa" are also Spanish words ("placa de video",
# a graphics card): only words of the others count there.
_OTHER_WORDS_NOT_ES: Final = frozenset({"costa", "memoria", "placa"})


def other_language(raw: str, folded: str) -> bool:
    """Whether `raw` is written in a language the bot does not speak: mostly letters of
    another script ("H100 每小时多少钱？", "сколько стоит H100 в час?"), or at least two words
    of German, Portuguese or Italian that are no word of ours ("wie viel kostet eine H100?",
    "quanto custa uma H100 por hora?")."""
    if not raw.isascii():
        # as many words as our letters make, or more ("can i qlora 70b on a 4090? 谢谢" is ours)
        others = len(_ALPHABETS.findall(raw)) + len(_IDEOGRAPHS.findall(raw)) / 2
        if others >= 1 and others >= len(letter_runs(folded)):
            return True
    words = set(letter_runs(folded))
    found = words & _OTHER_WORDS
    if len(found) < 2:
        return False
    # ... and fewer than two words of ours for each of them: a question of ours with a name or
    # two in it is ours.
    ours = sum(len(words & STOPWORDS[lang]) for lang in LANGS)
    return len(found - _OTHER_WORDS_NOT_ES) >= 2 and len(found) * 2 > ours
