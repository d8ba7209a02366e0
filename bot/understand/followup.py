"""Follow-up questions: "¿y en una H100?" after "¿QLoRA de 70B en una 4090?".

First: does the new message stand alone? A GPU with a duration ("how much for 2 H100 for a
week?"), a price per hour, a catalogue question ("what GPUs do you have"), a model family
("llama 3 on an H100", which is asked which one) and commands are new questions, whatever
came before. Only then a short question that names no model, or one that starts like a
follow-up ("and", "what about", "y", "et"), takes what it leaves out from the previous
question in the same chat: the model, the method, the GPUs, the hours and the detailed
settings. Anything it says itself wins. The result is marked ``follow_up``;
``carried_over`` tells the answer what came from before.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, Final, Literal

from bot.understand import asks, owned
from bot.understand import hardware as hw
from bot.understand import lexicon as lx
from bot.understand import patterns as px
from bot.understand import settings as st
from bot.understand.languages import LANGUAGES
from bot.understand.lazy import lazy
from bot.understand.normalise import expand_abbreviations, fold
from bot.understand.numbers import k_tokens, words_value
from bot.understand.parse import (
    NIGHT_HOURS,
    TOMORROW_HOURS,
    alert_direction_said,
    foreign_money,
    generation_asked,
)
from bot.understand.patterns import alt
from bot.understand.query import Intent, Query
from bot.understand.screen import letter_runs
from rules.catalogue import Catalogue
from rules.model_catalogue import ModelCatalogue

# Questions about a model that a follow-up can continue.
_MODEL_INTENTS: Final = frozenset({"fit", "memory", "cost", "time", "recommend", "compare"})
# What a new question may say that continues the previous one.
_CARRYABLE: Final = (
    "gpu", "gpu_text", "vram_gb", "gpu_count", "method", "inference", "hours", "details",
)
# The run's settings (detailed estimate, training time): a follow-up keeps those it does not
# change ("and on an A100?" after "… with paged AdamW, seq 4096").
_SETTINGS: Final = (
    "seq_len", "batch_size", "dataset_tokens", "lora_rank", "grad_ckpt", "lora_targets",
    "precision", "optimizer", "cpu_offload", "offload_params", "kbit_fp32", "litgpt", "mlx", "torchtune", "torchtune_config", "trainer", "ckpt_by_trainer", "batch_by_trainer", "tool", "trained_layers", "old_bnb", "sync_each_batch", "activation_offload", "optimizer_in_backward",
    "double_quant", "trained_embeddings", "cut_ce",
    "attention", "compiled", "chunked_loss", "grad_accumulation", "sharding", "packed",
    "fp32_weights", "new_tokens", "prompt_tokens", "epochs", "tokens_per_second", "kernels",
    "lora_dropout", "whole_prefill", "gpu_layers", "expert_offload", "cpu_moe_layers",
    "ram_kind", "ram_mts", "ram_channels", "system_ram_gb", "strategies",
    "strategy_named", "rl_generations", "rl_completion_tokens",
    # The training algorithm beside the method: "and with GRPO?", "¿y con DPO?" after a QLoRA
    # question is that QLoRA run trained so (its pairs, its reference, its generations).
    "online_rl", "paired", "reference_model", "objective",
    # The KV cache's type: "how many users at 8k?" after "and with fp8 kv cache?" keeps it.
    "kv_cache_type",
    # The samples' average length ("100k samples … avg 700 tokens", then "and on an h100?"):
    # the run's sequence length still (was 2,048 on the next card, "not given").
    "sample_len_avg",
    # The people served at once: "and on an l40s?" after "serve gemma 3 27b to 10 people"
    # (read only while batch_size stays theirs).
    "users",
)
# One training algorithm at a time: "et en DPO ?" after GRPO is DPO alone, not both.
_ALGORITHM: Final = ("online_rl", "paired", "reference_model", "objective")
# Folded (lower case, no accents) openings of a follow-up, every language's.
_MARKER: Final = lazy(
    # "ok and if i want to lora llama 3 70b?", "vale, ¿y con 4?", "bon, et sur un h100 ?": a
    # filler before the opening
    r"^\W*(?:(?:ok|okay|k|alright|right|so|hm+|ah|oh|vale|bueno|pues|oki|bon|ok donc|d'accord|"
    # "thx! and mistral nemo?", "gracias, ¿y un 14b?", "merci ! et sur une a100 ?": thanks first
    r"thx|thanks?|thank you|ty|cool|nice|great|perfect|got it|gracias|genial|perfecto|merci|"
    r"super|parfait|top)\W+){0,2}(?:" + "|".join(f for lang in LANGUAGES for f in lang.follow_up)
    + r")\b"
)
# A catalogue name's size ("Llama 3 8B" → "Llama 3" and 8): the family the sibling search keeps.
_SIZE_PRINTED: Final = lazy(r"[\s\-]+(\d+(?:\.\d+)?)[bB]$")
# After "10k samples" with no length, a token count up to this is one sample's length (the
# longest contexts models train at, 128k), not a whole dataset: "700 tokens each".
_LONGEST_SAMPLE: Final = 131_072
# Training asked of the last model after a follow-up's opening, in at most this many words.
_TRAINING_WORDS: Final = 14
SHORT_WORDS: Final = 8  # "and on 2 H100s for 10 hours?" is still a follow-up without a marker


def words(text: str) -> int:
    """The words a message says: French spaces its "?" and "!" ("et sur un a100 ?"), and a
    mark standing alone is no word (was one, so a French follow-up of eight words was not one)."""
    return sum(1 for w in text.split() if any(c.isalnum() for c in w))


# "what GPUs do you have", "¿qué GPUs tienen?", "quelles cartes proposez-vous ?" (folded).
_CATALOGUE: Final = lazy(
    # "on which gpu?", "sur quelle carte ?", "¿en qué gpu?" run something there: not the offer
    r"(?<!\bon )(?<!\bsur )(?<!\ben )(?<!\bwith )(?<!\bavec )(?<!\bcon )(?<!\bpara )"
    # "il me faut quelle carte ?", "je prends quel gpu ?", "necesito que gpu?": the need first
    r"(?<!\bfaut )(?<!\bprends )(?<!\bprend )(?<!\bloue )(?<!\bchoisis )(?<!\bneed )"
    r"(?<!\bnecesito )(?<!\balquilo )(?<!\buso )(?<!\belijo )"
    r"\b(?:what|which|que|cuales|quels?|quelles?) (?:kinds? of |types? of |tipo de )?"
    r"(?:gpus?|cards?|graphics cards?|tarjetas?|cartes?|hardware)\b"
    # "what gpu do i need", "quelle carte il me faut": a GPU for the model asked, not the offer
    r"(?! (?:(?:do|would|will|should|shall) i (?:need|use|rent|get|pick|choose|go for)\b"
    r"|(?:i|you) (?:need|recommend|suggest)\b|(?:is|would be) (?:best|enough|needed|required|ideal)\b"
    r"|(?:necesito|necesitaria|me hace falta|recomiendas?|uso|alquilo|elijo|me conviene)\b"
    r"|(?:il me faut|il faut|me faut|faut-il|je dois|choisir|prendre|louer|recommandes?|conseilles?)\b))"
    r"|\bgpus? (?:do|can|does) (?:you|u)\b|\b(?:available|disponibles?) gpus?\b"
    r"|\bgpus? (?:available|disponibles?|en stock|in stock)\b"
    r"|\bwhat (?:do|can) you (?:have|rent|offer)\b"
    r"|\b(?:vous avez|avez-vous|t'?as|tu as|vous proposez) quoi comme (?:gpus?|cartes?)\b"
)
# "which gpu?", "¿y qué tarjeta?", "et quelle carte ?" (folded), the whole message: after a
# model asked, the GPU for it (alone, the offer).
_WHICH_CARD_ALONE: Final = lazy(
    r"^\W*(?:(?:and|so|then|y|et|e|ok|donc|alors|entonces) )*(?:what|which|que|q|cual|quels?|quelles?) "
    r"(?:gpus?|cards?|graphics cards?|tarjetas?|placas?|graficas?|cartes?)"
    r"(?: (?:then|entonces|alors|donc|du coup))?\W*$"
)
# Which GPU asked last, after a run named: "…, which one?", "…, ¿cuál me conviene?", "…,
# laquelle ?", "…, quel gpu ?" (folded).
_WHICH_ONE_LAST: Final = lazy(
    r"(?<![a-z])(?:which(?: one| gpu| card)?|what gpu|quel(?:le)?(?: gpu| carte)?|laquelle|lequel"
    r"|cual(?: me conviene| conviene| es mejor| seria mejor| me recomiendas)?"
    r"|que (?:gpu|tarjeta|grafica)(?: me conviene| me recomiendas)?)\W*$"
)
# "and for 50?", "what about 100?", "¿y para 50?", "et pour 100 ?" (folded): a number alone
# after people served.
_BARE_USERS: Final = lazy(
    r"^\W*(?:and |y |et |e |ok |so )?(?:what about |how about |and |con |avec |with |for |para |"
    r"pour |por )?(\d{1,6})\W*$"
)
# "y por 24?", "and for 48?", "et pour 12 ?" (folded), after a question with hours.
_BARE_HOURS: Final = lazy(
    r"^\W*(?:and |y |et |e )?(?:what about |and )?(?:for|por|pour|durante|pendant|during) "
    r"(\d{1,6}(?:[.,]\d{1,2})?)\W*$"
)
# "what about 8?", "and 8?", "¿y 8?", "que tal 8?", "et 8 ?" (folded): a number alone, which
# after hours said on a card said without a count is hours (_bare_hours).
_BARE_NUMBER: Final = lazy(
    r"^\W*(?:(?:and|y|e|et|ok|so)\W+)?(?:(?:what|how) about |que tal |y si |et si )?"
    r"(\d{1,6}(?:[.,]\d{1,2})?)\W*$"
)
# "and with 32k?", "what about 16k", "¿y con 32k?", "et à 32k ?" (folded): a length alone, in
# thousands of tokens, after a question with a context or a sequence length: that length.
_BARE_LENGTH: Final = lazy(
    r"^\W*(?:(?:and|y|et|e)\W+)?(?:what about |how about |with |at |con |a |avec |en |sur |on )?"
    r"(?:(?:a |an |une? )?(?:seq(?:uence)?(?: len(?:gth)?)? |ctx |context |contexto |contexte )?)?"
    r"(\d{1,3}) ?k\W*$"
)
# "and with 2 more?", "¿y con dos más?", "et avec 2 de plus ?", "et si j'en ajoute 2 ?", "con
# otras 2", "avec 2 autres" (folded): GPUs added to the previous configuration, not 2 GPUs.
_N: Final = rf"(\d{{1,2}}|{alt(re.escape(w) for w in lx.COUNT_WORDS)})"
_GPU_NOUN: Final = r"(?:(?:gpus?|cards?|tarjetas?|graficas?|cartes?|placas?) )?"
# "¿y si uso 2?", "et si j'en prends 4 ?", "and if i use 4?": a count of cards taken; "et si
# j'en ai deux ?", "what if i had two?", "¿y si tuviera dos?": owned.
_USE: Final = (
    r"(?:i |j'|j |le |les )?(?:en )?(?:use|uso|pongo|tengo|utilise|prends|mets|have|get|got|rent|alquilo|"
    r"rento|loue|ai|avais|aurais|had|tuviera|tuviese|tenia)"
)
_USES: Final = lazy(rf"(?<![a-z]){_USE}(?![a-z])")
# "¿y si son 2?", "et si c'est 2 ?", "and if there are 2?": a digit said as a count of cards.
_COUNTED: Final = lazy(
    r"(?<![a-z])(?:si (?:son|fueran|fuesen|c'est|ce sont|on (?:en )?(?:prend|met|utilise|loue))"
    r"|if (?:there are|there were))(?![a-z])"
)
# "¿y 8?", "et deux ?", "and with two?", "¿y con 4 gpus?" (folded): a count alone; "¿y si son
# dos?", "et si on en prend deux ?", "et à deux ?", "and if there are two?", "what if i have
# two?" too.
_BARE_COUNT: Final = lazy(
    r"^\W*(?:(?:and|y|e|et)\W+|what (?=if )|(?=(?:what|how) about |que tal ))"
    r"(?:(?:what about|how about|que tal|with|con|avec|en|sur|on|if|si|a|"
    r"if (?:there are|there were|it's|its|we use|i take)|si (?:son|fueran|fuesen|fuera|es|"
    r"c'est|c'etait|ce sont|on (?:en )?(?:prend|met|utilise|loue))) )?"
    rf"(?:{_USE} )?"
    rf"{_N}(?: (?:gpus?|cards?|tarjetas?|cartes?|graficas?|placas?|of them|de ellas|d'entre elles))?"
    r"\W*$"
)
# Not GPUs: "2 more hours", "2 heures de plus", "otras 2 épocas", "2 more questions".
_NOT_GPUS: Final = (
    r"(?! ?(?:h|hrs?|hours?|horas?|heures?|d|days?|dias?|jours?|weeks?|semanas?|semaines?|"
    r"months?|mes|meses|mois|min|minutes?|minutos?|epochs?|epocas?|epoques?|tokens?|b|gb|go|k|"
    r"questions?|preguntas?|things?|cosas?|choses?|options?|opciones?|models?|modelos?|"
    r"modeles?)(?![a-z]))"
)
# "et 2 heures de plus ?", "¿y 5 horas más?", "and 3 more hours?", "otras 2 horas" (folded):
# hours added to the previous run's, not hours of their own.
_MORE_HOURS: Final = lazy(
    r"(?<![\w.,])(?P<n>\d{1,4}(?:[.,]\d{1,2})?) ?(?:more |extra |mas )?"
    r"(?P<unit>h|hrs?|hours?|horas?|heures?|d|days?|dias?|jours?)"
    r" (?:more|extra|mas|de plus|en plus|adicionales?|supplementaires?)(?![a-z])"
    r"|(?<![\w.,])(?P<n2>\d{1,4}) (?:more|extra|mas) (?P<unit2>h|hrs?|hours?|horas?|days?|dias?)"
    r"(?![a-z])"
    r"|(?<![a-z])(?:another|otras?|otros) (?P<n3>\d{1,4}) "
    r"(?P<unit3>h|hrs?|hours?|horas?|days?|dias?)(?![a-z])"
    # One more: "¿y otro día?", "et un jour de plus ?", "one more hour?"
    r"|(?<![a-z])(?P<one>(?:another|one more|otr[ao]) (?:day|hour|dia|hora)|"
    r"un[ae]? (?:dia|hora|jour|journee|heure) (?:mas|de plus|en plus))(?![a-z])"
)
# Where "another", "une autre" ends the question, or a duration follows: "another one for 10h?"
_ENDS: Final = r"(?=\W*$|\W+(?:for|por|para|pour|durante|pendant|during)(?![a-z]))"
_MORE_GPUS: Final = lazy(
    rf"(?<![\w.,]){_N} {_GPU_NOUN}(?:more|extra|mas|de plus|en plus|autres?|"
    r"supplementaires?|adicionales?)(?![a-z])" + _NOT_GPUS
    + rf"|(?<![a-z])(?:another|otras?|otros) {_N}(?![\w.,])" + _NOT_GPUS
    # Not "pongo" nor "mets": "¿y si pongo dos?", "et si j'en mets deux ?" take two (_BARE_COUNT).
    + r"|(?<![a-z])(?:add(?:ing)?|agrego|agregar|agregas?|anado|anadir|sumo|sumar|"
    r"ajoute[rsz]?|rajoute[rsz]?) (?:en |le |les |otras? |otros )?"
    rf"{_N}(?![\w.,])" + _NOT_GPUS
    # One more: "¿y con otra más?", "one more gpu?", "et avec une autre ?"
    + rf"|(?<![a-z])(?:una|uno|otra|otro|one|une|un) {_GPU_NOUN}(?:more|mas|de plus|en plus)"
    r"(?![a-z])" + _NOT_GPUS
    + r"|(?<![a-z])(?:another (?:gpu|card)|une autre(?: carte)?|un autre gpu|"
    r"otra(?: (?:gpu|tarjeta|grafica|placa))?)" + _ENDS
)
# "and with another 3060?", "¿y si le pongo otra 3060?", "et si j'ajoute une autre 3060 ?"
# (folded), the card named being the one asked: one more of it.
_ANOTHER: Final = lazy(
    r"(?<![a-z])(?:another|one more|an extra|otra|otro|une autre|un autre|encore une?)(?![a-z])"
)
# "and with a 4090 added?", "y con otra 4090?", "et avec une 4090 en plus ?" (folded): a card
# put beside the machine asked before. Not "too", "also": "on a 4090 too?" asks it alone.
_CARD_ADDED: Final = lazy(
    r"(?<![a-z])(?:added|adding|add|extra|another|one more|alongside|on top|in addition|"
    r"otra|otro|mas|agreg\w*|anad\w*|sumando|sumo|sumarle|"
    r"en plus|de plus|une autre|un autre|ajout\w*|rajout\w*)(?![a-z])"
)
# "i also have a 4090", "tengo también una 4090", "j'ai aussi une 4090" (folded)
_ALSO: Final = lazy(r"(?<![a-z])(?:also|too|as well|tambien|ademas|aussi|egalement)(?![a-z])")
# "and if i add a second one?", "what if i buy a 2nd 3090", "¿y si compro una segunda?", "et si
# j'en ajoute une deuxième ?" (folded): the cards counted by their ordinal, a total.
_NTH: Final = {word: n for word, n in asks.ORDINALS.items() if 2 <= n <= 4}
_NTH_GPU: Final = lazy(
    r"(?<![a-z])(?:a|an|una?|une?) (?P<nth>" + "|".join(_NTH) + r")(?![a-z0-9])"
    r"(?! (?:time|vez|fois|opinion|question|pregunta|epoch|epoca)s?(?![a-z]))"
)
# "why?", "why not?", "how come?", "¿por qué?", "xq no?", "pourquoi ?", "pourquoi ça passe pas ?"
# (folded): the previous verdict's reason, which its detailed breakdown gives. At most a few
# words after the "why", naming nothing (checked on the query): "why is the H100 so fast?" or
# "why use QLoRA?" ask something of their own.
_WHY: Final = lazy(
    r"^\W*(?:but |mais |pero |and |y |et |ok |ah |hm+ )?"
    r"(?:why|how come|por ?que|porq|xq|pq|pk|pkoi|pourquoi)(?![a-z0-9])"
    r"(?:\W+[a-z0-9'\-]+){0,5}\W*$"
)


# "how did you get that number?", "where does that come from", "show me the math", "¿de dónde
# sale eso?", "¿cómo lo calculaste?", "d'où sort ce chiffre ?", "comment t'as calculé ça ?"
# (folded): how the last answer's figures were made, asked as "why?" is (was "I did not
# understand"). "huh?", "hein ?" alone too: the reply, not understood, explained.
_HOW_GOT: Final = lazy(
    r"^\W*(?:(?:and|but|ok|okay|so|wait|hm+|y|pero|vale|a ver|et|mais|bon|attends)\W+)?(?:"
    r"how (?:did|do|would) (?:you|u|ya) (?:get|got|calculate|compute|work out|figure|come up with"
    r"|arrive at|reckon)|how (?:is|was|did) (?:that|this|it) (?:get )?(?:calculated|computed"
    r"|worked out|figured)|where (?:does|did|do|is) (?:that|this|it|those|these|the)"
    r"(?: (?:number|figure|price|cost|estimate|numbers|figures))? (?:come from|coming from|from)"
    r"|(?:explain|show(?: me)?) (?:that|this|it|the (?:number|figure|math|maths|calc\w*)|your "
    r"(?:math|maths|work|calc\w*))|(?:based|based) on what"
    r"|de donde (?:sale|salen|sacas|sacaste|sacaron|viene|vienen)"
    r"|como (?:lo |la |los |las )?(?:calculas|calculaste|calculan|has calculado|sacas|sacaste"
    r"|has sacado)|explica(?:me)?(?:lo)? (?:eso|ese (?:numero|calculo|precio)|el calculo)"
    r"|d'?ou (?:sort|sortent|vient|viennent|tu sors|tu tires|vous sortez|vous tirez|ca sort"
    r"|ca vient)|comment (?:tu as|t'as|vous avez|avez-vous|as-tu) (?:calcule|trouve|obtenu|fait)"
    r"|comment (?:tu calcules|vous calculez|c'est calcule|ca se calcule)"
    r"|explique[sz]?(?:-moi)? (?:ca|ce chiffre|ce prix|le calcul)"
    r"|huh|hein)(?![a-z0-9])(?:\W+[a-z0-9'\-]+){0,4}\W*$"
)


# "explain", "can you explain?", "explícamelo", "explique", "in simple terms?", "yes or no?",
# "does it fit or not?", "¿sí o no?", "donc oui ou non ?", "what's the catch?" (folded), the
# whole message bar a few fillers: the last answer explained, its verdict after (was "I did
# not understand"). Strict: "explain lora" asks something of its own.
_EXPLAIN_ALONE: Final = lazy(
    r"^\W*(?:(?:and|but|ok|okay|so|then|wait|hm+|y|pero|vale|entonces|pues|et|mais|bon|donc|"
    r"alors)\W+)*(?:"
    r"(?:(?:can|could|would) (?:you|u) )?explain(?: (?:it|that|this|again|more|pls|please|plz|"
    r"me|simply|why))*"
    r"|(?:(?:me )?(?:lo )?puedes |podrias )?explic(?:a|ame|amelo|alo|amelo mejor|a mejor|ar(?:lo|melo)?)"
    r"(?: (?:mejor|por favor|porfa|eso|bien))*"
    r"|(?:(?:tu )?(?:peux|pourrais|pouvez|pourriez)(?:-tu|-vous)? (?:m'|me )?)?expliqu(?:e|ez|er)"
    r"(?:-moi| moi)?(?: (?:ca|mieux|svp|stp|encore|s'il te plait|s'il vous plait))*"
    r"|(?:in )?(?:simple|plain) (?:terms|english|words)|simply put|en (?:terminos|palabras) "
    r"(?:simples|sencill[oa]s)|en (?:termes|mots) simples|(?:plus )?simplement"
    r"|yes or no|(?:so )?(?:does|will|would|can) it (?:fit|work|run)(?: or not)?|(?:is it|so) "
    r"(?:a )?(?:yes|no)|(?:entonces )?si o no|(?:cabe|entra) o no|(?:donc )?oui ou non"
    r"|(?:ca|il) (?:tient|passe|rentre) ou (?:pas|non)"
    r"|what'?s the catch|(?:is there |any )catch|cual es el truco|donde esta (?:el truco|la trampa)"
    r"|(?:ou est|c'est quoi) le piege"
    r")\W*(?:(?:please|pls|plz|por favor|porfa|svp|stp)\W*)?$"
)


# "tldr?", "tl;dr", "in short?", "sum it up", "resumen?", "en resumen?", "en résumé ?", "bref ?",
# "short answer?", "just yes or no" (folded), the whole message bar a connective: the last answer in a line or two.
_TLDR: Final = lazy(
    r"^\W*(?:(?:ok|okay|so|and|then|y|pues|vale|entonces|et|bon|donc|alors)\W+)*(?:"
    r"tl\W?dr|too long\W*(?:didn'?t|did not|didnt) read|(?:in )?(?:short|a nutshell|brief)"
    r"|(?:give me |just )?(?:the )?(?:short|tl\W?dr) version|(?:the )?(?:bottom line|summary)"
    # "short answer?", "just yes or no", "respuesta corta", "solo sí o no", "réponse courte",
    # "juste oui ou non": the verdict alone asked for (were "I did not understand")
    r"|(?:give me |just )?(?:the |a )?short answer|just (?:a )?(?:yes or no|yes/no|y/n)"
    r"|(?:dame |dime )?(?:la |una )?respuesta corta|(?:solo|solamente) (?:un )?si o no"
    r"|(?:la |une )?reponse courte|(?:juste|seulement) (?:un )?oui ou non"
    r"|sum(?:marize|marise|mary|) (?:it|that|this)(?: up)?|sum up|in (?:a|one) (?:line|sentence)"
    r"|(?:en )?resumen|en (?:pocas palabras|una (?:frase|linea)|resumidas cuentas)|resum(?:e|ime|emelo|elo)"
    r"|(?:en )?resume|en (?:bref|gros|une (?:phrase|ligne))|bref|resume(?:z|-moi|-le)(?:-le| le| moi)?"
    r")\W*(?:(?:please|pls|plz|por favor|porfa|svp|stp)\W*)?$"
)


# "so which one?", "which one should i get then", "¿y cuál?", "entonces cuál me compro?", "donc
# laquelle ?", "lequel choisir ?" (folded), the whole message, after two GPUs compared: that
# comparison's verdict in short, as "tldr" gives it (was "I did not understand that").
_WHICH_OF_TWO: Final = lazy(
    r"^\W*(?:(?:and|so|ok|okay|then|well|y|pues|vale|entonces|o sea|et|bon|donc|alors|du coup)\W+)*(?:"
    r"which(?: one| is better| of (?:the two|them|both|the 2))?(?: (?:then|tho|though))?"
    r"(?: (?:should i|would you|do i|do you) (?:get|buy|pick|choose|go with|take|recommend))?"
    r"|(?:what'?s |what is )?(?:the )?(?:verdict|winner)"
    r"|cual(?: de (?:las|los) dos)?(?: es mejor| me compro| elijo| escojo| me conviene| recomiendas"
    r"| me recomiendas)?|(?:quel est )?le verdict"
    r"|(?:laquelle|lequel)(?: des deux)?(?: (?:prendre|choisir|je prends|je choisis|est mieux|"
    r"est (?:la |le )?meilleure?|vous conseillez|tu conseilles))?"
    r")(?: (?:then|entonces|alors|donc|du coup|al final|finalement))?\W*$"
)


# "so yes?", "so it fits?", "entonces sí?", "o sea que cabe?", "donc ça passe ?" (folded) right
# after an answer: the verdict asked back, read as "yes or no?" is (the reason, then the verdict;
# was the small talk's "Good. Anything else?", or the same answer again). The connective is
# needed: "yes" alone answers a question of ours.
_SO_VERDICT: Final = lazy(
    r"^\W*(?:(?:and|ok|okay|hm+|ah|y|vale|pues|et|bon|ah)\W+)?"
    r"(?:so|then|entonces|o sea(?: que)?|osea(?: que)?|asi que|donc|alors|du coup)\W+(?:"
    r"(?:that'?s |it'?s |that is |it is )?(?:a )?(?:yes|no)"
    r"|(?:it |that )?(?:fits|works|runs|will fit|would fit|does fit|doesn'?t fit|won'?t fit)"
    r"|(?:it |that )?(?:does|doesn'?t|won'?t|will|can|can'?t)"
    r"|(?:es (?:que )?)?(?:si|no)|(?:si |no )?(?:cabe|entra|funciona|va)"
    r"|(?:c'est )?(?:oui|non)|(?:ca|il|elle) (?:passe|tient|rentre|marche)(?: pas)?"
    r"|(?:ca|il|elle) ne (?:passe|tient|rentre) pas"
    r")\W*(?:(?:then|alors|entonces)\W*)?$"
)


# "cancel the h100 one", "delete it", "quita esa", "supprime celle du h100" (folded) right after
# an alert was set or listed: a removal, though the message does not say "alert" again.
_REMOVE_AFTER_ALERT: Final = lazy(
    rf"^\W*(?:[a-z']+,? ){{0,2}}"  # "actually", "ok then", "mejor", "finalement"
    rf"(?:{alt(lx.ALERT_REMOVE_VERBS)}|drop|quit\w*)(?![a-z])"
)
_ALERT_INTENTS: Final = frozenset({"alert", "alert_list", "alert_remove"})
# "list them pls", "which ones do i have?", "¿cuáles tengo?", "lesquelles j'ai ?" (folded), the
# whole message, right after an alert: the alerts, though it does not say "alert" again.
_LIST_AFTER_ALERT: Final = lazy(
    r"^\W*(?:(?:and|so|ok|y|et|bon|entonces|alors),?\W*)?(?:"
    r"(?:list|show|see|view)(?: (?:them|it|all|all of them|em|'em|mine))?(?: (?:pls|please|plz))?"
    r"|"
    r"which (?:ones? )?(?:do i have|are (?:set|active|on)|have i (?:got|set))|what do i have"
    r"|show (?:me )?(?:them|all(?: of them)?|the list)|list (?:them|all)"
    r"|cuales (?:tengo|hay|son|puse|tengo activas)|que tengo|muestramelas|ensenamelas"
    r"|lesquelles(?: (?:j'?ai|ai-je|sont actives|j ai))?|j'?ai lesquelles|montre[- ]les(?: moi)?"
    r")\W*$")


# After an alert set, another card with a threshold, a direction or "too": "y la h200 bajo 2.5",
# "et pour le h200 sous 2,5", "and the h200 too" (folded).
_ALERT_AGAIN: Final = lazy(
    r"(?<![a-z0-9.,])\d+(?:[.,]\d+)?(?![a-z0-9])|"
    r"(?<![a-z])(?:below|under|above|over|drops?|rises?|goes|bajo|baja|baje|debajo|menos|sobre|"
    r"encima|pasa|sube|suba|sous|dessous|dessus|au-dessus|descend\w*|passe|monte\w*|"
    r"too|also|as well|tambien|igual|aussi|pareil|same|mismo|misma|meme|idem)(?![a-z])"
)


def alert_again(new: Query, previous: Query | None) -> bool:
    """After an alert set, a short message naming another card with a threshold, a direction
    or "too" ("and the h200 below 2.5", "y la h200 bajo 2.5", "et le h200 aussi") sets one for
    it (was that card's price list). A price or hours asked ("how much is the h200?", "and the
    h200 for 10 hours") stays what it is."""
    if previous is None or previous.intent != "alert" or new.intent not in ("prices", "unknown") \
            or new.gpu is None or new.hours is not None or words(new.text) > SHORT_WORDS:
        return False
    # "y la h200 tmb", "et le h200 aussi stp": chat shorthand as its words
    folded = expand_abbreviations(fold(new.text))
    # "also whats the price of the b200 rn": "also" beside the price asked is another question,
    # the card's price (was an alert on every change of the B200's price)
    return _ALERT_AGAIN.search(folded) is not None and px.HOW_MUCH.search(folded) is None \
        and _PRICE_ASKED.search(folded) is None


def alert_as_before(new: Query, previous: Query, gpus: Catalogue | None = None) -> Query:
    """Another card's alert said with "too" and no condition of its own ("alert me if the h100
    drops below 2", then "and the h200 too", "y la h200 también", "et la h200 aussi"): the same
    condition as the alert before it (was an alert on every change of the H200's price); its
    confirmation says the threshold, which "make it 2.8" then changes. A threshold the card's
    price is already past ("y la a100 también" after the H100 under $2: the A100 costs $0.92)
    is set as far from its price as the first one is from its card's (_scaled_limit), said."""
    if new.intent != "alert" or previous.intent != "alert":
        return new
    folded = expand_abbreviations(fold(new.text))  # "y la h200 tmb"
    if new.threshold_usd is not None and previous.direction is not None \
            and previous.threshold_usd is not None and len(_NEW_LIMIT.findall(folded)) == 1:
        # "avísame si la h100 baja de 2 y la a100 de 1", "… and the a100 at 1": a figure
        # with no side of its own is on the side before it (was above $1, from the price now)
        figure = _NEW_LIMIT.search(folded)
        assert figure is not None
        if alert_direction_said(folded[:figure.start()], folded) is None:
            return new.model_copy(update={"direction": previous.direction})
        return new
    if new.threshold_usd is not None or new.direction is not None or new.percent is not None \
            or (previous.threshold_usd is None and previous.percent is None) \
            or _ADDS_ALERT.search(folded) is None:
        return new
    copied = new.model_copy(update={"threshold_usd": previous.threshold_usd,
                                    "direction": previous.direction, "percent": previous.percent})
    return _scaled_limit(copied, previous, gpus) or copied


def _scaled_limit(new: Query, previous: Query, gpus: Catalogue | None) -> Query | None:
    """The threshold of `previous`'s alert copied to `new`'s card, which is already past it
    (below it for a drop, above it for a rise): an alert that would first wait for the price to
    come back. Set instead at the same ratio to this card's price as the first threshold is to
    its card's ($2 of the H100's $2.32 → $0.79 of the A100's $0.92), in cents; None when
    either price is unpublished, the ratio points the other way, or the copy is not past."""
    limit, side = previous.threshold_usd, previous.direction
    if gpus is None or limit is None or side is None or new.gpu is None or previous.gpu is None:
        return None
    first, card = gpus.gpu_or_none(previous.gpu), gpus.gpu_or_none(new.gpu)
    if first is None or card is None or first.usd_per_gpu_hour is None \
            or card.usd_per_gpu_hour is None:
        return None
    ratio = limit / first.usd_per_gpu_hour
    now = card.usd_per_gpu_hour
    past = now <= limit if side == "below" else now >= limit
    if not past or (ratio >= 1 if side == "below" else ratio <= 1):
        return None
    scaled = (now * ratio).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    if scaled <= 0 or scaled == now:
        return None
    return new.model_copy(update={"threshold_usd": scaled,
                                  "threshold_scaled_from": (previous.gpu, limit)})


def alert_read_again(asked: Query, text: str, previous: Query | None,
                     read: Callable[[str], Query], gpus: Catalogue | None = None) -> Query:
    """`asked` (`text` read) after an alert (`previous`): another alert with its alert word left
    unsaid (alert_again; "y la h200 bajo 2.5", "and the h200 too"), read by `read` as "/alert
    `text`" and given the condition before it where it says none (alert_as_before); `asked`
    itself otherwise. A chat's next message (bot/pipeline.py) and a message's next part
    (bot/several.py) alike."""
    if previous is None or previous.intent != "alert":
        # alert_again's own first test, before the copy it is given: most messages come after
        # no alert, and a copy of the query is ~0.5 % of a cold question (issue #16).
        return asked
    # `text` may say more than `asked` read: "y también la h200", whose "también" the cut into
    # parts took off "la h200" (bot/understand/split.py), is another alert.
    if not alert_again(asked.model_copy(update={"text": text}), previous):
        return asked
    assert previous is not None  # alert_again: an alert came before
    again = read(f"/alert {text}")
    if again.intent != "alert":
        return asked
    return alert_as_before(again.model_copy(update={"text": text}), previous, gpus).model_copy(
        update={"text": asked.text})


_PRICE_ASKED: Final = lazy(
    r"(?<![a-z])(?:prices?|pricing|precios?|prix|tarifs?|tarifas?|costs?|cuesta|cuestan"
    r"|coute|coutent)(?![a-z])")


# Right after an alert with a threshold, a new figure changes it: "actually make it 2.1", "no,
# 1.9", "mejor a 2,1", "plutôt 2,1 $", "make it 5%", "make the h100 one $3.50", "change the
# alert to 3.5", "cambia la alerta a 3,5", "mets l'alerte à 3,50" (folded). "too" / "also" adds
# one instead.
_NEW_LIMIT: Final = lazy(
    r"(?<![a-z0-9.,])\$?(\d+(?:[.,]\d+)?)\s*(%|\$|usd|us\$|dollars?|dolares?|bucks|pavos)?"
    r"(?![a-z0-9]|\s*(?:h|hrs?|hours?|horas?|heures?|gb|go|gib|b|x|k|m|bits?|gpus?)(?![a-z]))"
)
# ... "same for the h200", "lo mismo para la h200", "pareil pour la h200": the same condition
_ADDS_ALERT: Final = lazy(
    r"(?<![a-z])(?:too|also|as well|tambien|igual|aussi|pareil|another|otra|autre|same|mismo"
    r"|misma|meme|idem)(?![a-z])")
# A change said, not a bare amount ("100 dolares" after an alert places nothing).
_CHANGES: Final = lazy(
    r"(?<![a-z])(?:make (?:it|that|this|the [a-z0-9 ]{1,24}? one)|change\w*|set it|actually|"
    r"instead|rather|lower|raise|no|nah|"
    r"mejor|cambia\w*|pon(?:la|lo)?|hazla|en vez|mejor|plutot|mets|en fait|finalement|non|"
    r"modifi\w*)(?![a-z])"
)
_LIMIT_WORDS: Final = 8




def _price_of_alert_card(new: Query, previous: Query) -> Query | None:
    """"tell me when h200 drops below 2.5", then "also what does it cost now" or "how much for
    10 hours": that card's price, or its cost for those hours (was "Which GPU and for how
    long?"), when no run was asked before the alert."""
    if previous.intent != "alert" or previous.gpu is None or previous.earlier_run is not None \
            or new.intent not in ("cost", "prices") or new.gpu is not None \
            or _names_card(new) or _names_model(new) or new.budget_usd is not None \
            or new.method is not None or new.inference or words(new.text) > SHORT_WORDS:
        return None
    return new.model_copy(update={
        "gpu": previous.gpu, "intent": "cost" if new.hours is not None else "prices",
        "follow_up": True})


def _rethreshold(new: Query, previous: Query, gpus: Catalogue | None = None) -> Query | None:
    """Right after an alert with a threshold (or a percent), a short message changing its
    figure and asking nothing else: the same alert at that figure, replacing the one just set
    (was "I did not understand that", or "Which GPU?" when it said "alert"). One reading for
    the bare figure ("make it 3.5") and the one the parser read ("make the h100 one $3.50"):
    the figure as typed, its side from the message's own words as a new alert reads them
    (parse.alert_direction_said), else the alert's (was "above" from today's price), and a
    currency other than the dollar refused ("mets-la à 3,50 €" was set at $3.50)."""
    # "tell me when h100 drops", then "under 2 bucks": the alert set at the price in force,
    # which the figure replaces (was "I did not understand")
    at_price = previous.threshold_usd is None and previous.percent is None \
        and previous.direction is not None and gpus is not None and previous.gpu is not None \
        and gpus.gpu_or_none(previous.gpu) is not None \
        and gpus.gpu(previous.gpu).usd_per_gpu_hour is not None
    if previous.intent != "alert" or previous.gpu is None \
            or new.intent not in ("unknown", "alert") \
            or (previous.threshold_usd is None and previous.percent is None and not at_price) \
            or _names_model(new) or (new.gpu is not None and new.gpu != previous.gpu) \
            or new.hours is not None or new.gpu_count is not None \
            or words(new.text) > _LIMIT_WORDS:
        return None
    folded = fold(new.text)
    figures = list(_NEW_LIMIT.finditer(folded))
    if len(figures) != 1 or _ADDS_ALERT.search(folded) is not None:
        return None
    said = alert_direction_said(folded[:figures[0].start()], folded)
    if _CHANGES.search(folded) is None and (said is None or not at_price):
        return None
    number, unit = figures[0].groups()
    value = Decimal(number.replace(",", "."))
    update: dict[str, object] = {"intent": "alert", "gpu": previous.gpu}
    if unit == "%":
        if previous.percent is None:
            return None
        update |= {"percent": value, "replaces_limit": previous.percent, "threshold_usd": None}
    else:
        if previous.threshold_usd is None and not at_price:
            return None
        replaced = previous.threshold_usd
        if replaced is None:
            assert gpus is not None and previous.gpu is not None  # at_price
            replaced = gpus.gpu(previous.gpu).usd_per_gpu_hour
        update |= {"threshold_usd": value, "replaces_limit": replaced,
                   "percent": None, "money_foreign": foreign_money(new.text)}
    return new.model_copy(update=update | {"direction": said or previous.direction})


# "il m'en faut combien ?", "combien en faut-il ?", "how many of them" (folded): the count asked
# with the card left unsaid, in the order HOW_MANY_NEEDED does not read.
_HOW_MANY_OF_IT: Final = lazy(
    r"(?<![a-z])(?:(?:il )?(?:m'|me |m )?en (?:faut|faudrait|faudra)(?:-il)? combien|"
    r"combien (?:il )?(?:m'|me |m )?en (?:faut|faudrait|faudra)|combien en faut-il|"
    r"how many of (?:them|those|these)|cuant[ao]s de (?:ellas|ellos|esas|esos)|"
    r"cuant[ao]s (?:harian|haran|hacen) falta"
    # "do i need 2?", "would i need more than one?", "do i need multiple gpus": how many
    r"|(?:do|would|will) i need (?:\d|two|three|four|more(?: than one)?|multiple|several)"
    r"(?: (?:of them|gpus|cards))?(?=\W*$))(?![a-z])"
)


# "too slow?", "will it be slow?", "is it slow", "¿será lento?", "c'est lent ?" (folded): the
# whole message asks whether the run or the model is slow there.
_SLOW_ALONE: Final = lazy(
    r"^\W*(?:(?:and|but|ok|so|y|pero|et|mais)\W+)?(?:(?:will|would|is|isn'?t) (?:it|that|this) "
    r"(?:be )?|(?:it'?s|its|sera|seria|es|c'?est|ce sera|ca sera) )?(?:too |so |very |muy |demasiado |"
    r"trop |tres )?(?:slow|lento|lenta|lent|lente)\W*$"
)


# "2?", "2", "4 ?", "what about 2", "and 2?", "how about 2", "what if 2", "2 then?", "two?",
# "¿y 2?", "et 2 ?" (folded): a number, the whole message bar an opening.
_NUMBER_ALONE: Final = lazy(
    r"^\W*(?:(?:and|y|e|et|ok|so)\W+)?(?:(?:what|how) about |what if |que tal |y si |et si )?"
    rf"(\d{{1,2}}|{alt(re.escape(w) for w in lx.COUNT_WORDS)})"
    r"(?: (?:then|entonces|alors|donc))?\W*$"
)


def _number_alone(new: Query, previous: Query, models: ModelCatalogue | None) -> Query | None:
    """"2?" alone after a fit verdict on one card ("can i qlora llama 3 70b on an a100"): the
    run on 2 of that card, the reading said (was "I did not understand"); "what about 2",
    "and 2?", "how about 2" the same (were asked back while "2?" was read as 2 GPUs). Where
    the digit is a size of the model's brand ("8?" after Llama 3 70B, "2?" after Gemma 2 9B)
    on a card said with no count, or after a run's time or cost (whose reply asked for a
    number: the samples' length), it is asked back. A count word ("two?") is cards."""
    said = _NUMBER_ALONE.match(fold(new.text))
    if said is None or new.intent != "unknown" or _names_model(new) or _names_card(new) \
            or previous.intent not in ("fit", "time", "cost") or previous.gpu is None \
            or previous.params_b is None \
            or previous.gpu_count not in (None, 1) or previous.rig or previous.other_gpus \
            or previous.hours is not None or previous.users is not None or models is None:
        return None
    raw = said.group(1)
    if not raw.isdigit() and previous.intent != "fit":
        return None  # "and two?" after a time: two of the card (_on_more_cards)
    n = int(raw) if raw.isdigit() else lx.COUNT_WORDS[raw]
    if not 1 < n <= _MOST_CARDS:
        return None
    brand = fold(models.get(previous.model_id).name).split()[0].split("-")[0] \
        if previous.model_id is not None and raw.isdigit() and previous.gpu_count is None \
        else None
    if previous.intent != "fit" or (brand is not None and any(
            fold(spec.name).startswith(brand) and printed_size(spec.name) == n
            for spec in models)):
        # after a run timed or priced, "2?" may be its epochs too: asked back, as "and 2?" is
        return previous.model_copy(update={
            "text": new.text, "count_unclear": n, "follow_up": False, "lang": new.lang,
            "lang_sure": new.lang_sure})
    merged = _merge(new.model_copy(update={"gpu_count": n}), previous, names_model=False)
    # a digit may be a size, said how it was read; a count word is cards
    return merged.model_copy(update={"count_read": "bare" if raw.isdigit() else None})


def _count_of_run(new: Query, previous: Query, folded: str) -> Query | None:
    """"how many do i need?", "¿cuántas necesito?", "il m'en faut combien ?" after a run asked on
    a card ("lora llama 3 70b on an a100"): how many of that card hold the run, as "how many
    a100s do i need for lora llama 3 70b" answers (was "I did not understand that", and in
    French the run's cost on the one card)."""
    if previous.params_b is None or previous.gpu is None or previous.rig or previous.other_gpus \
            or _names_model(new) or _names_card(new) or new.hours is not None \
            or new.budget_usd is not None or words(new.text) > SHORT_WORDS:
        return None
    if not (new.count_asked or _HOW_MANY_OF_IT.search(folded)):
        return None
    merged = _merge(new, previous.model_copy(update={"gpu_count": None, "hours": None}),
                    names_model=False)
    return merged.model_copy(update={"intent": "recommend", "count_asked": True,
                                     "gpu_count": None, "hours": None})


# "is that per gpu?", "per gpu?", "is this per card or total", "thats per gpu right?", "¿es por
# gpu?", "c'est par gpu ?" (folded): whether the figure just given is each GPU's.
_PER_GPU_ASKED: Final = lazy(
    r"^\W*(?:(?:so|and|ok|wait|y|et|pero|mais)\W+)?(?:(?:is|was) (?:that|this|it|the (?:price|cost|time))"
    r"|(?:that|this|it)(?:'s| is| was)|thats|es|eso es|c'est|c est|ca fait)?\s*"
    r"(?:(?:for )?(?:each|every|per|por|par|pour) (?:gpu|card|tarjeta|carte)|each gpu's)"
    r"(?:\s*(?:or (?:total|in total|all|for all of them)|o (?:en )?total|ou (?:au )?total)"
    r"|\s*(?:right|then|or what|no|non|o no)\b)?\W*$"
)


def _per_gpu_of_run(new: Query, previous: Query) -> Query | None:
    """"is that per gpu?" after a run's time or cost on a configuration: the same answer, led
    by whether its figures are each GPU's."""
    if previous.intent not in ("time", "cost", "fit", "memory") or previous.gpu is None or _names_model(new) or _names_card(new) or new.hours is not None \
            or _PER_GPU_ASKED.match(fold(new.text)) is None:
        return None
    merged = _merge(new.model_copy(update={"intent": previous.intent}), previous,
                    names_model=False)
    return merged.model_copy(update={"intent": previous.intent, "per_gpu_asked": True})


# "in hours?", "¿en horas?", "en heures ?", "how many hours?", "¿cuántas horas?", "combien
# d'heures ?", "in days?", "¿en días?", "en jours ?", "in minutes?", "¿en minutos?", "en
# minutes ?" (folded): the time just given, in that unit.
_IN_UNIT: Final = lazy(
    r"^\W*(?:(?:and|so|ok|y|et|e|pero|mais|but|then|vale|bon)\W+)?(?:(?:so |and |et |y )?"
    r"(?:how long|how much|cuanto|combien|that|eso|ca|c'est|its|it's|le temps|el tiempo)\W+)?"
    # ... or the unit alone ("minutes?", "¿minutos?", "jours ?")
    r"(?:(?:in|en|as|como) (?:terms of |nombre d'|numero de )?|how many |cuantas? |cuantos "
    r"|combien (?:d'\s?|de ))?"
    # ... "in gpu hours?", "¿en horas de GPU?", "en heures GPU ?": its GPU-hours
    r"(?P<unit>gpu[ -]?(?:hours?|hrs?|horas?|heures?)|(?:horas?|heures?) (?:de )?gpu"
    r"|hours?|hrs?|horas?|heures?|days?|dias?|jours?|minutes?|mins?|minutos?)"
    r"(?:\W+(?:please|pls|plz|por favor|porfa|svp|stp|s'il (?:te|vous) plait|then|entonces|alors"
    r"|exactly|exactement|exactamente|en total|in total|total))*\W*$"
)


def _steps_of_run(new: Query, previous: Query) -> Query | None:
    """"how many steps?", "and with bs 8 how many steps", "¿cuántos pasos?", "combien de steps ?"
    after a run on samples counted: that run's optimizer steps at its batch, then its time (was
    "I did not understand"). With no batch said, before or now, the run's time as the same
    question alone gives it."""
    samples = previous.samples_counted or previous.dataset_samples
    if samples is None or previous.params_b is None or previous.inference \
            or previous.intent not in ("time", "cost", "fit") or _names_model(new) \
            or _names_card(new) or new.dataset_tokens is not None or new.dataset_samples \
            or words(new.text) > SHORT_WORDS or not asks.STEPS_ASK.search(fold(new.text)):
        return None
    merged = _merge(new.model_copy(update={"intent": "time"}), previous, names_model=False)
    batch = merged.batch_size
    return merged.model_copy(update={
        "intent": "time", "steps_samples": samples if batch is not None and batch >= 1 else None})


def _time_in_unit(new: Query, previous: Query) -> Query | None:
    """"in hours?" after a run's time: the same run, its time said in hours (a run under an
    hour was said in minutes), "in days?" in days beside the hours, "in minutes?" in minutes
    beside the hours (each was "I did not understand")."""
    # Two cards' times compared on a run's data ("3090 or 4090 for qlora llama 3 8b, 10k
    # samples of 1k tokens", then "in hours?"): both times again, led, in the unit asked (was "I
    # did not understand").
    compared = previous.intent == "compare" and bool(previous.other_gpus) \
        and (previous.dataset_tokens is not None or bool(previous.dataset_samples))
    if (previous.intent not in ("time", "cost") and not compared) or previous.params_b is None \
            or _names_model(new) or _names_card(new) or new.hours is not None \
            or (previous.intent == "cost"
                and previous.dataset_tokens is None and not previous.dataset_samples):
        # (after a cost on its data, "in hours?" is the run's time: a cost for hours said
        # has no other)
        return None
    said = _IN_UNIT.match(fold(new.text))
    if said is None:
        return None
    unit = said.group("unit")
    intent: Intent = "compare" if compared else "time"
    merged = _merge(new.model_copy(update={"intent": intent}), previous, names_model=False)
    if "gpu" in unit:
        # the GPU-hours lead on several GPUs; on one, the head says them beside its time
        return merged.model_copy(update={"intent": intent, "gpu_hours_asked": True})
    days, minutes = unit.startswith(("d", "j")), unit.startswith("m")
    return merged.model_copy(update={"intent": intent, "days_asked": days, "minutes_asked": minutes,
                                     "hours_asked": not days and not minutes})


# "and on 2 of each?", "¿y con dos de cada una?", "et avec 2 de chaque ?" (folded): both sides
# of a comparison at that count.
_EACH_COUNT: Final = lazy(
    r"^\W*(?:(?:and|so|ok|what about|how about|y|et|e|pero|mais|but|vale|bon)\W+)*"
    r"(?:(?:on|with|en|con|sur|avec|using|usando|si) )?(?P<n>\d|two|three|four|eight|dos|tres|"
    r"cuatro|ocho|deux|trois|quatre|huit) (?:of each|each|de cada (?:una|uno)|de cada|de chaque|"
    r"(?:de )?chacune?|chaque)\W*$"
)
# "how long on each?", "how long for both?", "¿cuánto tarda en cada una?", "combien de temps
# sur chacune ?" (folded): each side's time.
_EACH_TIME: Final = lazy(
    r"(?<![a-z])(?:each|both|cada una?|cada uno|las dos|los dos|ambas|ambos|chacune?|les deux)"
    r"(?![a-z])"
)


def _each_of_comparison(new: Query, previous: Query, folded: str) -> Query | None:
    """After two cards compared for a model: "and on 2 of each?" is both at that count (was "I
    did not understand"); "how long on each?" on a run's data is both times, leading (was the
    first card's time alone)."""
    if previous.intent != "compare" or len(previous.other_gpus) != 1 or previous.gpu is None \
            or previous.params_b is None or previous.rig or _names_model(new) \
            or _names_card(new) or words(new.text) > SHORT_WORDS:
        return None
    counted = _EACH_COUNT.match(folded)
    if counted is not None:
        said = counted.group("n")
        n = int(said) if said.isdigit() else words_value(said)
        if n is None or not 1 <= n <= 8:
            return None
        merged = _merge(new.model_copy(update={"intent": "compare"}), previous,
                        names_model=False)
        return merged.model_copy(update={"intent": "compare", "gpu_count": n,
                                         "other_gpu_count": n})
    if new.intent != "time" or _EACH_TIME.search(folded) is None \
            or (previous.dataset_tokens is None and not previous.dataset_samples):
        return None
    merged = _merge(new.model_copy(update={"intent": "compare"}), previous, names_model=False)
    return merged.model_copy(update={"intent": "compare", "times_asked": True})


def _data_on_comparison(new: Query, previous: Query) -> Query | None:
    """"3090 or 4090 for qlora llama 3 8b?", then "how long for 10k samples of 1k tokens?" or
    "how much for 100k samples of 1k tokens?": the run timed and priced on both sides, as the
    comparison asked with its data is (was the first card's alone, the other dropped)."""
    if previous.intent != "compare" or len(previous.other_gpus) != 1 or previous.gpu is None \
            or previous.params_b is None or previous.rig \
            or new.intent not in ("time", "cost", "prices") \
            or new.dataset_tokens is None or new.hours is not None \
            or new.budget_usd is not None or _names_model(new) or _names_card(new) \
            or words(new.text) > SHORT_WORDS + 4:
        return None
    merged = _merge(new.model_copy(update={"intent": "compare"}), previous, names_model=False)
    return merged.model_copy(update={"intent": "compare", "times_asked": new.intent == "time"})


def _side_replaced(new: Query, previous: Query) -> Query | None:
    """"sorry, h200 not h100" after "a100 vs h100 for …": the same comparison with the card
    ruled out replaced by the one meant (was a fit on the H200 alone, the A100 dropped)."""
    if previous.intent != "compare" or len(previous.other_gpus) != 1 or previous.gpu is None \
            or previous.rig or new.gpu is None or new.other_gpus or not new.gpus_ruled_out \
            or _names_model(new) or words(new.text) > SHORT_WORDS:
        return None
    pair = (previous.gpu, previous.other_gpus[0])
    if new.gpu in pair or not set(new.gpus_ruled_out) & set(pair):
        return None
    merged = _merge(new.model_copy(update={"intent": "compare"}), previous, names_model=False)
    count = new.gpu_count
    if previous.gpu in new.gpus_ruled_out:
        return merged.model_copy(update={
            "intent": "compare", "gpu_count": count or previous.gpu_count,
            "other_gpus": previous.other_gpus, "other_gpu_count": previous.other_gpu_count})
    return merged.model_copy(update={
        "intent": "compare", "gpu": previous.gpu, "gpu_text": previous.gpu_text,
        "vram_gb": previous.vram_gb, "gpu_count": previous.gpu_count,
        "gpu_variant_assumed": previous.gpu_variant_assumed,
        "card_owned": previous.card_owned, "other_gpus": (new.gpu,),
        "other_gpu_count": count or previous.other_gpu_count})


# "why is the h100 faster?", "why is it so slow?", "¿por qué la h100 es más rápida?",
# "pourquoi la h100 va plus vite ?" (folded): a why, naming at most the cards compared.
_WHY_NAMING: Final = lazy(
    r"^\W*(?:(?:and|but|ok|so|hm+|y|pero|vale|et|mais|bon|ah)\W+)?"
    r"(?:why|how come|por ?que|porq|xq|pq|pk|pkoi|pourquoi)(?![a-z0-9])"
)


def _why_of_comparison(new: Query, previous: Query) -> Query | None:
    """"why is the h100 faster?" after two cards' times compared: the same comparison, led by
    what makes the difference (was the same reply again). A card not compared is a question
    of its own."""
    if previous.intent != "compare" or previous.gpu is None or not previous.other_gpus \
            or previous.params_b is None or _names_model(new) or new.method is not None \
            or (previous.dataset_tokens is None and not previous.dataset_samples) \
            or words(new.text) > SHORT_WORDS or _WHY_NAMING.match(fold(new.text)) is None:
        return None
    named = {g for g in (new.gpu, *new.other_gpus) if g is not None}
    if not named <= {previous.gpu, *previous.other_gpus}:
        return None
    return previous.model_copy(update={
        "text": new.text, "why_asked": True, "follow_up": True, "lang": new.lang,
        "lang_sure": new.lang_sure})


# "per epoch?", "and each epoch?", "how long per epoch", "time per epoch?", "¿por época?",
# "¿cuánto por época?", "et par époque ?", "combien de temps par epoch ?" (folded): one epoch's
# share of the run just timed.
_PER_EPOCH: Final = lazy(
    r"^\W*(?:(?:and|so|ok|y|et|e)\W+)?(?:(?:how long|how much time|time|how much|cuanto(?: tiempo)?"
    r"|cuanto tarda|combien(?: de temps)?|le temps|el tiempo)\W+)?(?:is it\W+|es\W+|c'est\W+)?"
    r"(?:per|each|every|a|an|por|cada|par|chaque|pour une?)\W+(?:epoch|epocas?|epoques?|epochs)"
    r"\W*$")


def _per_epoch_of_run(new: Query, previous: Query) -> Query | None:
    """"per epoch?" after a run timed or costed on its data (its epochs said or not): the same
    run over one epoch, which the reply says (was "I did not understand")."""
    if previous.intent not in ("time", "cost") or previous.params_b is None \
            or previous.inference or _names_model(new) or _names_card(new) \
            or (previous.dataset_tokens is None and not previous.dataset_samples) \
            or _PER_EPOCH.match(fold(new.text)) is None:
        return None
    merged = _merge(new.model_copy(update={"intent": previous.intent}), previous,
                    names_model=False)
    return merged.model_copy(update={"intent": previous.intent, "epochs": 1})


def _epochs_of_untimed_run(new: Query, previous: Query) -> Query | None:
    """"what about 3 epochs" after a training run's verdict or its cost for hours said, no
    dataset in either: epochs multiply a time, so that run's time, which asks for the data
    (was the same verdict or cost again, the epochs unanswered)."""
    if new.epochs is None or new.intent != "unknown" or _names_model(new) or _names_card(new) \
            or new.hours is not None or new.dataset_tokens is not None or new.dataset_samples \
            or previous.params_b is None or previous.inference or previous.largest \
            or previous.intent not in ("fit", "cost", "memory") \
            or previous.dataset_tokens is not None or previous.dataset_samples \
            or previous.pretraining or words(new.text) > SHORT_WORDS:
        return None
    merged = _merge(new, previous.model_copy(update={"hours": None, "hours_as": None}),
                    names_model=False)
    return merged.model_copy(update={"intent": "time", "hours": None, "fit_first": False})


def _data_of_run(new: Query, previous: Query) -> Query | None:
    """"for how many tokens?", "¿cuántos tokens son?", "ça fait combien de tokens ?" after a
    training run with its hours or its budget ("i have $50 … llama 3 8b qlora then"): what
    those hours train, as the question asked whole does (was "I did not understand")."""
    if _names_model(new) or _names_card(new) or previous.params_b is None \
            or previous.inference or (previous.hours is None and previous.budget_usd is None) \
            or words(new.text) > SHORT_WORDS:
        return None
    counted = asks.data_count(fold(new.text)) or (
        ("tokens", None) if _TOKENS_THAT.search(fold(new.text)) else None)
    if counted is None:
        return None
    merged = _merge(new, previous, names_model=False)
    return merged.model_copy(update={
        "intent": "fit", "within_hours": True, "within_samples": counted[0] == "samples",
        "within_epochs": counted[0] == "epochs", "within_sample_len": counted[1]})


def _electricity_of_run(new: Query, previous: Query) -> Query | None:
    """"and how much electricity at 0.25 $/kwh?", "¿y la luz a 0,20 €/kWh?", "et
    l'électricité ?" after a training run on a card: that run timed there, its electricity
    worked out (was the run's cost on a rented L40S, or "I did not understand")."""
    if not new.electricity_asked or _names_model(new) or previous.params_b is None \
            or previous.inference or previous.intent not in ("time", "cost", "fit") \
            or (previous.gpu is None and new.gpu is None) \
            or (new.method is not None and (not new.inference or new.serving_precision_said)) \
            or words(new.text) > SHORT_WORDS:
        return None
    # "how much power would that use?": its "use" is no serving asked
    new = new.model_copy(update={"intent": "time", "method": None, "inference": False,
                                 "serving_implied": False})
    merged = _merge(new, previous, names_model=False)
    return merged.model_copy(update={
        "intent": "time", "electricity_asked": True, "kwh_price": new.kwh_price,
        "kwh_currency": new.kwh_currency,
        "board_watts": new.board_watts if new.board_watts is not None
        else previous.board_watts if new.gpu is None else None})


# "how many tokens is that", "¿cuántos tokens son?", "ça fait combien de tokens ?" (folded)
_TOKENS_THAT: Final = lazy(
    r"(?<![a-z])(?:how many|cuantos|combien(?: de)?) tokens?(?![a-z])")


def _alert_on_card_asked(new: Query, previous: Query) -> Query | None:
    """"cuánto sale una h100", then "avísame si baja de 2": an alert on the card just asked
    about (was "Which GPU should I watch?"), as after its price, a run on it or its cost."""
    if new.intent != "alert" or _names_card(new) or previous.gpu is None:
        return None
    return new.model_copy(update={"gpu": previous.gpu, "follow_up": True})


def _removes_alert(new: Query, previous: Query) -> Query | None:
    """After an alert set or listed, "cancel the h100 one" / "delete it": that alert removed
    (the GPU named, else the one just set; none named after a list: the list asks which)."""
    if new.intent in _ALERT_INTENTS or _names_model(new) or words(new.text) > SHORT_WORDS:
        return None
    if _REMOVE_AFTER_ALERT.search(fold(new.text)) is None:
        return None
    # "remove the first one" names a place in /alerts' list, never the alert just set.
    number = asks.alert_number(fold(new.text))
    if new.gpu is None and number is None and px.ALERT_ALL.search(fold(new.text)):
        # "delete them all", "bórralas todas", "supprime-les toutes": every alert (was the one
        # just set alone)
        return new.model_copy(update={"intent": "alert_remove", "gpu": None, "alert_all": True,
                                      "alert_number": None})
    gpu = new.gpu or (previous.gpu if previous.intent == "alert" and number is None else None)
    return new.model_copy(update={"intent": "alert_remove", "gpu": gpu, "alert_number": number})


# "would an h100 be faster?", "¿sería más rápido en una h100?", "plus rapide sur un h100 ?"
# (folded): the run just asked, on the card it was asked on against this one.
_FASTER: Final = lazy(
    r"(?<![a-z])(?:faster|quicker|slower|speed (?:it )?up|mas rapid[ao]|mas lent[ao]|"
    r"plus (?:rapide|vite|lent)|moins lent)(?![a-z])"
)
# "too slow?", "any faster option?", "something faster?", "can it go faster?", "¿hay algo más
# rápido?", "plus rapide ?" (folded) naming no card: where the run just timed ends sooner.
_FASTER_ALONE: Final = lazy(
    r"(?<![a-z])(?:faster|quicker|speed (?:it|this|that) up|too slow|so slow|(?:mas|muy) rapid[ao]|"
    r"demasiado lent[ao]|muy lent[ao]|acelerar(?:lo)?|plus (?:rapide|vite)|trop lente?|"
    r"accelerer)(?![a-z])"
)
# "anything cheaper?", "cheapest?", "¿algo más barato?", "moins cher ?" naming no card: the
# cheapest offered configurations for the run just asked (Spanish and French say both degrees
# alike: "la más barata", "la moins chère").
_CHEAPER_ALONE: Final = lazy(
    r"(?<![a-z])(?:cheaper|cheapest|less expensive|least expensive|lowest (?:price|cost)|"
    r"(?:more|most) affordable|mas barat(?:it)?[ao]|mas economic[ao]|moins chere?|"
    # "¿por qué tan caro?", "c'est trop cher", "why so expensive?": the price complained of,
    # so where the run costs less (was the same cost again)
    r"(?:tan|muy|demasiado|re) car[oa]|(?:si|trop|aussi|tellement) chere?|"
    r"(?:so|too|that|very) (?:expensive|pricey))(?![a-z])"
)


# "with that", "con eso", "avec ça" (folded): the money just said.
_WITH_THAT: Final = lazy(r"(?<![a-z])(?:with (?:that|it|this)|con eso|con esa plata|avec (?:ca|cela))"
                         r"(?![a-z])")
# "on it", "there", "en ella", "dessus" (folded, each language's same_gpu words).
_ON_IT: Final = lazy(
    r"(?<![a-z])(?:" + alt(f for lang in LANGUAGES for f in lang.same_gpu) + r")(?![a-z])"
)


# The card just asked about, named by a pronoun beside another model ("can i run gemma 2 9b on
# it?", "¿y gemma 2 9b en ella?", "et gemma 2 9b dessus ?"): fewer words than _ON_IT, whose "with
# it" or "in it" may be the data ("is there" is no place).
_ON_THE_CARD: Final = lazy(
    r"(?<![a-z])(?:on (?:it|that|this)(?: (?:one|card|gpu))?|on the same(?: (?:card|gpu))?"
    r"|(?<!is )(?<!are )there|en (?:ella|esa|esta|la misma)|ahi|dessus|la-dessus|sur elle"
    r"|sur (?:cette|la meme) carte|sur la meme)(?![a-z])"
)


def _on_picked(new: Query, previous: Query, folded: str) -> Query | None:
    """"how long for 50M tokens on it" after "whats the cheapest gpu for qlora llama 3 70b":
    that run on the configuration the recommendation led with (was timed on another)."""
    if previous.picked is None or previous.gpu is not None or _names_card(new) \
            or _names_model(new) or _ON_IT.search(folded) is None:
        return None
    gpu, count = previous.picked
    merged = _merge(new, previous.model_copy(update={"gpu": gpu, "gpu_count": count}),
                    names_model=False)
    intent: Intent = new.intent if new.intent in ("time", "cost") else \
        "cost" if merged.intent == "cost" else "fit"
    return merged.model_copy(update={"picked": None, "intent": intent})


def _count_of_picked(new: Query, previous: Query) -> Query | None:
    """"and with 2 of them?", "¿y con 2?", "et avec deux ?" after "best gpu to qlora llama 3
    70b?" (led by 1× A100 80GB): that many of the card the recommendation led with (was the
    recommendation again on 2× H200, another card)."""
    if previous.picked is None or previous.gpu is not None or new.gpu_count is None \
            or previous.intent != "recommend" or previous.local_asked or _names_card(new) or _names_model(new) or new.method is not None \
            or new.hours is not None or new.budget_usd is not None \
            or words(new.text) > SHORT_WORDS:
        return None
    gpu, _count = previous.picked
    merged = _merge(new, previous.model_copy(update={"gpu": gpu, "gpu_count": new.gpu_count}),
                    names_model=False)
    return merged.model_copy(update={"picked": None, "intent": "fit",
                                     "gpu_count": new.gpu_count})


# "something that works", "a gpu that fits", "where can i run it then", "algo que funcione",
# "dónde lo puedo correr", "quelque chose qui passe", "où je peux le faire tourner" (folded).
_SOMEWHERE: Final = lazy(
    r"(?<![a-z])(?:(?:something|a (?:gpu|card|config\w*|setup)|one|gpus?|cards?) that "
    r"(?:works?|fits?|can (?:run|handle|hold) it|would (?:work|fit))"
    r"|where (?:can|could|would|do) i (?:run|do|train|fine ?-?tune|finetune|serve) (?:it|that|this)"
    r"|what (?:gpu|card|config\w*|setup) (?:would|will|does|can) (?:work|fit|do it|handle it)"
    r"|algo que (?:funcione|sirva|quepa|aguante)|(?:una )?(?:gpu|tarjeta) (?:que|donde) (?:funcione"
    r"|sirva|quepa)|donde (?:lo |la )?(?:puedo|podria) (?:correr|entrenar|ejecutar|hacer)"
    r"|quelque chose qui (?:marche|tient|passe|fonctionne)|(?:un )?(?:gpu|carte) qui (?:marche"
    r"|tient|passe)|ou (?:je peux|puis-je|pourrais-je) (?:le |la )?(?:faire tourner|entrainer"
    r"|lancer))(?![a-z])"
)


def _somewhere_it_fits(new: Query, previous: Query, folded: str) -> Query | None:
    """"what would it cost to rent something that works" after a run that does not fit the
    card asked: the cheapest offered configurations for it, its cost when asked (was the card's
    verdict again, or its unpublished price)."""
    if previous.params_b is None or _names_card(new) or _names_model(new) \
            or words(new.text) > SHORT_WORDS + 4 or _SOMEWHERE.search(folded) is None:
        return None
    merged = _merge(new, previous, names_model=False)
    return merged.model_copy(update={
        "intent": "cost" if new.intent == "cost" or px.COST.search(folded) else "recommend",
        "gpu": None, "gpu_count": None, "gpu_text": None, "vram_gb": None, "rig": (),
        "card_owned": False, "off_own_card": True})


def _against_other_card(new: Query, previous: Query, folded: str) -> Query | None:
    """After a run asked on a card: "would an h100 be faster?" compares that run on both
    cards; "anything cheaper?", "cheapest?" asks the cheapest configurations for it, after a
    card or none (both were the new card's price, the price list, or the same verdict again)."""
    if previous.params_b is None or _names_model(new) \
            or words(new.text) > SHORT_WORDS or new.other_gpus:
        return None
    if previous.gpu is not None and new.gpu is not None and new.gpu != previous.gpu \
            and _FASTER.search(folded):
        merged = _merge(new.model_copy(update={"gpu": None, "gpu_count": None}), previous,
                        names_model=False)
        return merged.model_copy(update={
            "intent": "compare", "other_gpus": (new.gpu,), "other_gpu_count": new.gpu_count})
    if new.gpu is None and new.gpu_count is None and not _said(new, "vram_gb") \
            and new.method is None and new.hours is None and previous.inference \
            and previous.intent == "time" and previous.speed_asked and _FASTER_ALONE.search(folded):
        # "¿y más rápido?", "et plus rapide ?" after a model's tokens/s: its decode bound on the
        # offered card with the most memory bandwidth (was the price list led by our fastest
        # GPU, the model dropped; "and faster?" was not understood)
        merged = _merge(new, previous, names_model=False)
        return merged.model_copy(update={
            "intent": "time", "fastest_serving": True, "speed_asked": True, "gpu": None,
            "gpu_count": None, "gpu_text": None, "vram_gb": None, "rig": (), "card_owned": False,
            "local_asked": False, "fastest_asked": False})
    if new.gpu is None and new.gpu_count is None and not _said(new, "vram_gb") \
            and new.method is None and new.hours is None and new.dataset_tokens is None \
            and not previous.inference and (previous.gpu is not None or previous.picked) \
            and (previous.dataset_tokens is not None or previous.dataset_samples
                 or (previous.hours is not None and previous.gpu is not None
                     and not previous.deadline_asked and previous.hours_per_day is None
                     and previous.budget_usd is None)) \
            and _FASTER_ALONE.search(folded):
        # "too slow?" after a run timed on a configuration, or said to take hours on one:
        # that run where it ends sooner, each with its time and cost (was "I did not
        # understand").
        merged = _merge(new, previous, names_model=False)
        on = {} if previous.gpu is not None or previous.picked is None else {
            "gpu": previous.picked[0], "gpu_count": previous.picked[1]}
        # On a dataset the run is timed; else the hours said stay what they were (the run's
        # cost, or the time it took), and the reply leads with them carried elsewhere.
        timed = previous.dataset_tokens is not None or bool(previous.dataset_samples)
        return merged.model_copy(update={
            "intent": "time" if timed else merged.intent, "faster_asked": True, "picked": None,
            "hours_measured": previous.hours_measured,
            # "why so slow?": what the time is made of first, then where it ends sooner
            "why_asked": timed and _WHY.match(folded) is not None, **on})
    if new.gpu is None and not _said(new, "vram_gb") and _CHEAPER_ALONE.search(folded):
        merged = _merge(new, previous, names_model=False)
        # Samples of unsaid length: the run timed at both lengths where it costs least (the
        # cheapest GPUs' answer costed the seed's illustrative 24 hours instead).
        bracket = bool(previous.dataset_samples) and previous.dataset_tokens is None
        # The run was already on the cheapest configuration for its method (no card named):
        # cheaper is another method, so every method's cheapest (was the same answer again).
        method = None if previous.gpu is None and previous.vram_gb is None and not bracket \
            and previous.method is not None and new.method is None else merged.method
        # The hours said stay ("anything cheaper?" after "how much for 12 hours of qlora llama 3
        # 8b on an h100": 12 hours where they cost least, was the seed's illustrative 10); not
        # the hours a budget bought on the card before, which the budget buys again.
        hours = new.hours if new.hours is not None or previous.budget_usd is not None \
            else previous.hours
        asked = (previous.gpu, previous.gpu_count or 1) if previous.gpu is not None \
            and not previous.rig and not previous.card_owned else None
        # A run on its data costed where it costs least (no card named): "cheaper?" is that
        # run's cost again over every method, the cheapest leading (was the cheapest GPUs'
        # list led by QLoRA's $10.41 after LoRA's $8.84, as if it cost less).
        least = previous.gpu is None and previous.picked is not None and not bracket \
            and previous.intent == "cost" and previous.dataset_tokens is not None \
            and previous.hours is None
        return merged.model_copy(update={
            "intent": "time" if bracket else "cost" if least else "recommend", "gpu": None,
            "gpu_count": None,
            "gpu_text": None, "method": method,
            "vram_gb": None, "rig": (), "hours": hours,
            "cheaper_than": previous.picked if least else asked,
            # ("": no method named, the run led with was already the cheapest of them all)
            "cheaper_than_method": (previous.method or "") if least else None,
            "off_own_card": True})
    return None


# "and 10M?", "what about 50k?", "y con 50 mil?", "et 20M ?" (folded): an amount alone, after a
# run on a dataset the dataset's new size (was a 0.01B model, or "I did not understand").
_BARE_AMOUNT: Final = lazy(
    r"^\W*(?:(?:and|y|e|et|ok|so|what about|how about|que tal|with|con|avec|for|para|pour|on|"
    # a correction: "sorry i meant 500k samples", "perdón, quise decir 500k ejemplos"
    r"sorry|oops|no|nah|actually|wait|i meant|i mean|perdon|quise decir|queria decir|"
    r"me referia a|pardon|non|je voulais dire|en fait|"
    r"sur|en|"
    # "what if i have 50k samples", "same but 50k samples", "y si son 50k ejemplos", "lo mismo
    # pero con 50k", "et si j'ai 50k exemples", "pareil mais avec 50k" (was "I did not
    # understand")
    r"what if(?: (?:it'?s|it is|its|i have|i had|i use|i do|we have|there are|i train on))?|"
    r"same but|same with|same thing but|lo mismo pero|igual pero|"
    r"y si (?:son|tengo|uso|fueran|hago)|pareil mais|meme chose mais|"
    r"et si (?:j'ai|c'est|on a|j'en ai|je fais))\W+)*"
    r"(?P<n>\d{1,7}(?:[.,]\d{1,3})?) ?(?P<unit>k|m|mil|mill?ions?|millones|millon)?"
    r"(?: (?:tokens?|(?P<noun>samples?|examples?|rows?|pairs?|ejemplos?|muestras?|filas?|"
    r"pares|exemples?|echantillons?|lignes?|paires)))?"
    # "… 50k samples instead", "… 50k ejemplos en vez", "… 50k exemples plutôt"
    r"(?: (?:instead|then|en vez|en su lugar|mejor|entonces|plutot|a la place|alors))?\W*$"
)
# "and if i double the data?", "y si duplico los datos?", "et si je double les données ?",
# "what about half the samples" (folded): the dataset scaled.
_DATA_SCALED: Final = lazy(
    r"(?<![a-z])(?P<how>double[sd]?|doubling|twice|2x|x2|triple[sd]?|3x|x3|half|duplic\w*|"
    r"doble|el doble|triplic\w*|la mitad|moitie|deux fois|trois fois)(?![a-z])"
    r".{0,30}(?<![a-z])(?:data(?:set)?|samples|examples|tokens|datos|ejemplos|muestras|"
    r"donnees|exemples|echantillons)(?![a-z])"
    r"|(?<![a-z])(?:data(?:set)?|samples|examples|tokens|datos|ejemplos|donnees|exemples)"
    r".{0,20}(?<![a-z])(?P<how2>doubled|twice|x2|2x|halved|al doble|doubles?)(?![a-z])"
)
_SCALES: Final = {"half": Decimal("0.5"), "la mitad": Decimal("0.5"), "moitie": Decimal("0.5"),
                  "halved": Decimal("0.5")}


def _dataset_resized(new: Query, previous: Query, folded: str) -> Query | None:
    """After a run on a dataset ("how long for 1M tokens?", "… on 20k samples"), an amount
    alone ("and 10M?", "and 50k?") is that run on a dataset of that size, in the unit said
    before (samples counted, else tokens), and "and if i double the data?" that dataset
    doubled; the rest of the run kept. None otherwise ("and 70b?" names a model)."""
    if previous.params_b is None or new.model_id is not None or new.family \
            or (previous.dataset_tokens is None and not previous.dataset_samples) \
            or _names_card(new) or new.method is not None or new.hours is not None \
            or words(new.text) > SHORT_WORDS:
        return None
    samples = previous.dataset_samples
    tokens = previous.dataset_tokens
    scaled = _DATA_SCALED.search(folded)
    said = _BARE_AMOUNT.match(folded) if scaled is None else None
    counted_now: int | None = None  # the samples said, each as long as before
    if scaled is not None:
        how = scaled.group("how") or scaled.group("how2") or ""
        factor = _SCALES.get(how) or (Decimal(3) if how.startswith(("tripl", "3x", "x3", "trois"))
                                      else Decimal(2))
        samples = int(samples * factor) if samples else None
        tokens = tokens * factor if tokens is not None and not samples else None
    elif said is not None:
        unit = said.group("unit") or ""
        value = Decimal(said.group("n").replace(",", "."))
        amount = value * (1000 if unit in ("k", "mil") else 10**6 if unit else 1)
        # a bare number is a count only in the thousands ("and 2?" counts cards)
        if amount < 1000 or amount != amount.to_integral_value():
            return None
        counted = previous.samples_counted or previous.samples_at_seq_len
        if samples:
            samples, tokens = int(amount), None
        elif counted and tokens is not None and said.group("noun"):
            # "and 20k samples?" after "10k samples of 2k tokens": as many of those samples
            # (was "I did not understand")
            samples, tokens, counted_now = None, tokens * amount / counted, int(amount)
        elif tokens is not None and said.group("noun") and said.group("noun") not in (
                "pairs", "pair", "pares", "paires"):
            # "and 20k samples?" after "… on 20M tokens": samples of a length not said, timed
            # at the usual lengths (was "I did not understand")
            samples, tokens = int(amount), None
        elif unit in ("k", "mil", ""):
            return None  # "… 100k samples of 512 tokens" then "and 200k?": samples or tokens
        else:
            tokens = amount
    else:
        return None
    run = new.model_copy(update={
        "params_b": None, "model_id": None, "shape_model": None, "intent": "unknown",
        "dataset_samples": samples, "dataset_tokens": tokens})
    merged = _merge(run, previous.model_copy(update={"dataset_samples": None}),
                    names_model=False)
    return merged.model_copy(update={"intent": previous.intent, "dataset_samples": samples,
                                     "dataset_tokens": tokens, "samples_counted": counted_now})


def _dataset_added(new: Query, previous: Query) -> Query | None:
    """"with 5k examples", "pour 20 000 lignes", "con 1M de tokens" after a training run with no
    data: that run on it, timed (was "I did not understand"). A model, a card, a method or a
    question of its own is another run."""
    if previous.params_b is None or previous.inference or previous.dataset_tokens is not None \
            or previous.dataset_samples or new.intent not in ("unknown", "time") \
            or (previous.intent not in ("fit", "memory", "recommend", "time")
                and not (previous.intent == "cost" and previous.hours is not None)) \
            or (previous.intent == "recommend" and _ON_IT.search(fold(new.text)) is not None) \
            or (new.dataset_tokens is None and not new.dataset_samples) \
            or _names_model(new) or _names_card(new) or new.method is not None \
            or words(new.text) > SHORT_WORDS:
        return None
    if previous.intent == "cost":
        # "how much is a lora of llama 3 8b on an h100 for 10 hours", then "ok and for 50k
        # samples": that run on them, its time and cost in place of the hours said (was "I did
        # not understand")
        previous = previous.model_copy(update={"hours": None, "hours_as": None})
    merged = _merge(new.model_copy(update={"intent": "unknown"}), previous, names_model=False)
    # After the cheapest GPUs for it ("cheapest way to finetune llama 3 70b", then "w/ 50k
    # rows"): what that run costs where it costs least (was "I did not understand"); "… on
    # it" is the configuration picked (_on_picked).
    costed = previous.intent in ("recommend", "cost") and new.intent == "unknown"
    return merged.model_copy(update={
        "intent": "cost" if costed else "time", "dataset_samples": new.dataset_samples,
        "dataset_tokens": new.dataset_tokens, "training_said": True})


# "back to the 70b: how long on 8 h100?", "volviendo al 70b: ¿y en 4 h100?", "pour revenir
# au 70b : combien sur 4 h100 ?" (folded): a return to the run asked before a topic change,
# said at a clause's start ("fall back to", "rolled back to" are no return).
_BACK_TO: Final = lazy(
    r"(?:^|[,.;:!?]|(?<![a-z])(?:ok|okay|so|and|anyway|anyways|alright|right|thanks|thx|now|"
    r"vale|bueno|pues|y|gracias|bon|bref|et|merci|donc))\W*"
    r"(?:(?:going|getting|coming|go|get|let'?s go) )?(?:back to|returning to|"
    r"volviendo (?:a|al)|vuelvo (?:a|al)|de vuelta (?:a|al)|regresando (?:a|al)|volvamos (?:a|al)|"
    r"retomando|(?:pour (?:en )?)?revenir (?:a|au|aux)|revenons (?:a|au)|je reviens (?:a|au)|"
    r"(?:de )?retour (?:a|au))(?![a-z])"
)


def _same_model(new: Query, previous: Query) -> bool:
    """`new` names no model, or the one of `previous`: its id, its size alone, or its family
    ("back to llama" after Llama 3 70B, which the family's list may not hold)."""
    if not _names_model(new):
        return True
    if new.model_id is not None:
        return new.model_id == previous.model_id
    if new.family:
        if previous.model_id is None:
            return False
        head = previous.model_id.split("-")[0]
        return previous.model_id in new.family or all(
            m.split("-")[0] == head for m in new.family)
    return new.params_b == previous.params_b


# "how much vram does it have", "¿cuánta vram tiene?", "elle a combien de vram ?" (folded): the
# memory a card has, not what a run needs.
_CARD_HAS: Final = lazy(
    r"(?<![a-z])(?:(?:does|do) (?:it|that(?: one| card)?|this(?: one| card)?|they|the card) "
    r"(?:have|got)|(?:it|that|this) (?:has|got)|tiene|tienen|trae|(?:elle|il) a|a-t-(?:elle|il)"
    r"|ca a)(?![a-z])")


def _card_memory_asked(new: Query, previous: Query) -> Query | None:
    """"how much vram does it have" after a card priced, picked or named ("whats ur cheapest
    gpu", "how much is an l40s per hour", a run on it): that card's datasheet figures, its
    memory first (was "Which model?")."""
    if new.intent != "memory" or not new.memory_amount_asked or _names_model(new) \
            or _names_card(new) or previous.gpu is None or previous.other_gpus \
            or _CARD_HAS.search(fold(new.text)) is None:
        return None
    lang = new.lang if new.lang_sure or not previous.lang_sure else previous.lang
    return new.model_copy(update={
        "gpu": previous.gpu, "gpu_memory_gb": previous.gpu_memory_gb, "specs_asked": True,
        "lang": lang, "lang_sure": new.lang_sure or previous.lang_sure})


def _back_to(new: Query, previous: Query) -> Query | None:
    """"back to the 70b: how long on 8 h100?" after a payment, an alert or a price asked
    between: the run asked before (its model, method, tokens, settings) on what this message
    says (was a bare 70B model, the run's tokens and model lost)."""
    folded = fold(new.text)
    if not _BACK_TO.search(folded):
        return None
    if is_gpu_price(previous) and previous.earlier_run is not None:
        previous = previous.earlier_run
    if previous.intent not in _MODEL_INTENTS or previous.params_b is None \
            or not _same_model(new, previous):
        return None
    named = new.model_copy(update={
        "family": (), "family_name": None, "model_id": previous.model_id,
        "params_b": previous.params_b})
    intent = new.intent if new.intent in _MODEL_INTENTS else previous.intent
    return _merge(named, previous, names_model=True).model_copy(update={"intent": intent})


# Renting said, not one's own hardware: "and to rent?", "y en la nube?", "et en location ?",
# "what about on your gpus?" (folded).
_RENTED: Final = lazy(
    r"(?<![a-z])(?:rent\w*|cloud|alquil\w*|rentar\w*|nube|louer|location|(?:on|in) your "
    r"(?:gpus?|cloud|servers?)|(?:de|en) (?:ustedes|vosotros)|chez vous"
    # "et si je loue ?", "si je la louais"
    r"|lou(?:e|es|ent|ais|ait|erais|erait|ant))(?![a-z])"
)


def _rented(new: Query, previous: Query, gpus: Catalogue | None) -> Query | None:
    """Renting said after hardware of one's own ("and to rent?", "¿y en la nube?", "¿y si
    alquilo?", "et en location ?", "what about on your gpus?"):
    - hardware to buy asked for a model ("what gpu should i buy to run llama 3 70b at home"):
      that model on the GPUs we rent, the cheapest first (was the price list, or "I did not
      understand");
    - a run on a card we do not rent ("… on my 3060 with 5k examples"): that run on the offered
      configuration where it costs least, its cost asked when said (was the own card's verdict
      again)."""
    # (a card we rent too, said as one's own: "… on my 4090", then "¿y si lo alquilo?"; was
    # the price list)
    own = previous.gpu is not None and gpus is not None and previous.params_b is not None \
        and (not gpus.gpu(previous.gpu).rented or previous.card_owned
             or _MY_CARD.search(fold(previous.text)) is not None)
    if not (previous.local_asked or own) or _names_model(new) or _names_card(new) \
            or new.hours is not None or new.budget_usd is not None \
            or words(new.text) > SHORT_WORDS or _RENTED.search(fold(new.text)) is None:
        return None
    merged = _merge(new.model_copy(update={"intent": previous.intent}), previous,
                    names_model=False)
    if previous.local_asked:
        return merged.model_copy(update={"local_asked": False})
    costed = px.HOW_MUCH.search(fold(new.text)) is not None \
        or px.COST.search(fold(new.text)) is not None
    if costed and gpus is not None and previous.gpu is not None \
            and gpus.gpu(previous.gpu).rented:
        # "what would it cost on your gpus" after a run on my 4090: priced where it is rented
        # for least, the card asked kept (_price_of_run; test_conversation_prices)
        return None
    return merged.model_copy(update={
        "gpu": None, "gpu_count": None, "gpu_variant_assumed": False, "card_owned": False,
        "vram_gb": None, "intent": "cost" if costed else merged.intent, "off_own_card": True})


# "and if i rent 2?", "what if i rent 4 of them", "¿y si alquilo 2?", "et si j'en loue 4 ?"
# (folded): that many of the card just answered on, rented.
_RENT_COUNT: Final = lazy(
    r"(?<![a-z])(?:rent(?:ed|ing)?|alquil(?:o|ara|ase|amos|ar|as)|rent(?:o|ara|ar|as)"
    rf"|lou(?:e|es|ais|ait|er|erais|ons))\s+{_N}"
    r"(?:\s*x)?(?:\s+(?:gpus?|cards?|tarjetas?|graficas?|cartes?|of them|de ellas|d'entre elles))?"
    r"\W*$"
)


def _rent_count(new: Query, previous: Query, gpus: Catalogue | None) -> Query | None:
    """"and if i rent 4?" after a run on a card we rent at a published price: the same run on
    that many of it (was the price list, the run dropped). After one's own card, renting is
    _rented's (the cheapest offer)."""
    if gpus is None or previous.params_b is None or previous.gpu is None \
            or previous.intent not in ("fit", "time", "cost") or previous.card_owned \
            or _names_model(new) or _names_card(new) or new.hours is not None \
            or new.budget_usd is not None or words(new.text) > SHORT_WORDS:
        return None
    card = gpus.gpu_or_none(previous.gpu)
    if card is None or not card.rented or card.usd_per_gpu_hour is None \
            or _MY_CARD.search(fold(previous.text)) is not None:
        return None
    said = _RENT_COUNT.search(fold(new.text))
    if said is None:
        return None
    raw = said.group(1)
    count = int(raw) if raw.isdigit() else lx.COUNT_WORDS[raw]
    if not 0 < count <= 64:
        return None
    merged = _merge(new.model_copy(update={"intent": previous.intent, "gpu_count": count}),
                    previous, names_model=False)
    return merged.model_copy(update={"intent": previous.intent, "gpu_count": count})


def _local_card(new: Query, previous: Query, gpus: Catalogue | None) -> Query | None:
    """"what about used 3090s?", "¿y con 3090s?", "et avec des 3090 ?" after hardware to buy
    was asked for a model: the machines of that card, the fewest of it that hold each precision
    (was the fewest that hold them all, 7× RTX 3090 for Llama 3 70B's BF16, its 4-bit on 2
    unsaid). A count, a model, hours, a budget, a price or renting said is another question."""
    folded = fold(new.text)
    if not previous.local_asked or new.gpu is None or not new.gpu_plural \
            or new.gpu_count is not None or _names_model(new) or new.hours is not None \
            or new.budget_usd is not None or words(new.text) > SHORT_WORDS \
            or _RENTED.search(folded) is not None \
            or any(p.search(folded) for p in (px.HOW_MUCH, px.COST, px.PRICES, px.RATE)):
        return None
    card = gpus.gpu_or_none(new.gpu) if gpus is not None else None
    if card is None or card.unified_memory:
        return None
    merged = _merge(new.model_copy(update={
        "gpu": None, "gpu_text": None, "gpu_plural": False, "intent": previous.intent}),
        previous, names_model=False)
    return merged.model_copy(update={"local_asked": True, "local_card": new.gpu})


_APPLE_TIERS: Final = ("", "-pro", "-max", "-ultra")


def _mac_memory(new: Query, previous: Query, gpus: Catalogue | None) -> Query | None:
    """"and with 128gb?", "et avec 128go ?", "¿y con 64gb?" after a run on a Mac: the same Mac
    with that much unified memory (was a generic GPU of 128 GB, the Mac dropped). A size the
    chip is not made with is the first higher tier of its generation made with it ("192gb" after
    an M2 Max: the M2 Ultra), as "mac m2 max 192gb" is read; none: as before."""
    if gpus is None or previous.gpu is None or new.gpu is not None or new.vram_gb is None \
            or new.gpu_count is not None or _names_model(new) or words(new.text) > SHORT_WORDS:
        return None
    card = gpus.gpu_or_none(previous.gpu)
    if card is None or not card.unified_memory or not card.memory_options_gb:
        return None
    mem = new.vram_gb
    if mem not in card.memory_options_gb:
        # "apple-m2-max": its generation "apple-m2" and its tier "-max"
        tier = next((t for t in _APPLE_TIERS[1:] if card.id.endswith(t)), "")
        base = card.id[: len(card.id) - len(tier)] if tier else card.id
        higher = (gpus.gpu_or_none(base + t) for t in _APPLE_TIERS[_APPLE_TIERS.index(tier) + 1:])
        card = next((c for c in higher if c is not None and mem in c.memory_options_gb), None)
        if card is None:
            return None
    merged = _merge(new.model_copy(update={"vram_gb": None}), previous, names_model=False)
    return merged.model_copy(update={
        "gpu": card.id, "gpu_memory_gb": mem, "vram_gb": None, "gpu_variant_assumed": False,
        "gpu_text": None})


def _local_kept(new: Query, previous: Query, has_gpu: bool) -> bool:
    """Hardware of one's own still asked: "and for qwen 2.5 32b?", "and in 8bit?", "and for
    training?" after "what gpu should i buy to run llama 3 70b at home" change the model, the
    precision or the method, not where it runs (was the cheapest rentals). A card named,
    hours, a budget or renting said ("and to rent?", "y en la nube?") leave it."""
    return previous.local_asked and not new.local_asked and not has_gpu \
        and new.vram_gb is None and new.hours is None and new.budget_usd is None \
        and new.intent not in ("cost", "compare") and _RENTED.search(fold(new.text)) is None


def _said(query: Query, field: str) -> bool:
    value = getattr(query, field)
    return value not in (None, False, ())


# "vale, ¿y 8?", "ok and for 48?", "bon, et deux ?", "alright, and 32k?" (folded): a filler
# before the follow-up's opening, which the bare readings ("¿y 8?", "and for 48?") anchor on.
_FILLER_FIRST: Final = lazy(
    r"^\W*(?:(?:ok|okay|k|alright|right|so|hm+|ah|oh|vale|bueno|pues|oki|bon|ok donc|d'accord|"
    r"thx|thanks?|thank you|ty|cool|nice|great|perfect|got it|gracias|genial|perfecto|merci|"
    r"super|parfait|top)\W+){1,2}"
    r"(?=(?:and|y|e|et|what about|how about|what if|que tal|with|con|avec|for|para|pour)(?![a-z]))"
)

# "will it fit?", "does that fit", "would it work?", "fits?", "¿cabe?", "ça rentre ?" (folded):
# whether the run just asked fits its card, asked alone.
_FITS_ALONE: Final = lazy(
    r"^\W*(?:(?:and|so|ok|okay|but|then|y|pero|vale|et|mais|alors|donc)\W+)*"
    r"(?:(?:(?:will|would|does|do|can|could) (?:it|that|this|they|them|those|these) |it )?"
    r"(?:fit|fits|work|works)|(?:y )?(?:cabe|caben|entra|entran)|(?:ca|cela) (?:rentre|tient|passe)"
    # "will it hold them", "can it handle it", "does that handle 20": the people served too
    r"|(?:(?:will|would|does|do|can|could) (?:it|that|this|they) )?(?:hold|holds|handle|handles)"
    r" (?:it|them|that|those|\d{1,6}(?: (?:users|people|ppl))?))"
    r"(?: (?:there|then|now|ahi|ahi dentro|dedans|alors))?\W*$"
)

# "forget it, 13b", "never mind 70b", "laisse tomber, 13b", "oublie ça 13b", "olvídalo, 13b"
# (folded): a dismissal of the last question opening a size alone
_DISMISSED: Final = lazy(
    r"^\W*(?:forget (?:it|that|about it)|never ?mind|nvm|scratch that|ignore that|"
    r"laisse(?:z)? tomber|oublie(?:z)?(?: ca)?|tant pis|olvidalo|olvidate|dejalo|no importa|"
    r"da igual)\W+"
)

# Québec's "and" ("pis" for "puis"), opening a follow-up: "pis deux ?", "pis en q8 ?".
_PIS: Final = lazy(r"^\W*pis\W+(?=\w)")


def follow_up(
    new: Query, previous: Query | None, models: ModelCatalogue | None = None,
    gpus: Catalogue | None = None,
) -> Query:
    """`new`, completed from `previous` when it continues it; else `new` unchanged.
    `models` names the family member a bare size picks ("70B" → Llama 3 70B), `gpus` the
    variant a bare memory picks ("I meant the 40GB one" → the A100 40GB). A filler before
    the follow-up ("vale, ¿y 8?", "ok and for 48?") is read past, as if not said (was "I did
    not understand": the bare readings start at "and")."""
    if previous is None:
        return new
    folded = fold(new.text)
    filler, pis = _FILLER_FIRST.match(folded), _PIS.match(folded)
    expanded = expand_abbreviations(folded)
    if filler is not None:
        rest = folded[filler.end():]
    elif pis is not None:
        # Québec's "pis deux ?", "pis pour un mois ?": "et deux ?" (was "I did not understand")
        rest = "et " + folded[pis.end():]
    elif (spelled := _spelled_alone(folded)) is not None:
        # "et nonante ?", "y noventa?", "and ninety?" after a cost or a run: the figure as its
        # digits, read as "et 90 ?" is (was "I did not understand")
        rest = spelled
    elif expanded != folded and _MARKER.match(folded) is None \
            and _MARKER.match(expanded) is not None:
        # "what abt 8b", "how abt 2 gpus": an opening in chat shorthand, read expanded (was a
        # question of its own, the run dropped: "Memory for an 8B model")
        rest = expanded
    else:
        return _follow_up(new, previous, models, gpus)
    bare = new.model_copy(update={"text": rest})
    got = _follow_up(bare, previous, models, gpus)
    return new if got is bare else got.model_copy(update={"text": new.text})


# "et nonante ?", "y noventa?", "and ninety?", "et quatre-vingt-dix ?" (folded): a number in
# words, the whole message bar an opening
_SPELLED_ALONE: Final = lazy(
    r"^(?P<open>\W*(?:(?:and|y|e|et|ok|so)\W+)?(?:(?:what|how) about |que tal |y si |et si |"
    r"(?:and )?(?:with|for) |(?:y )?(?:con|para|por) |(?:et )?(?:avec|pour) )?)"
    r"(?P<words>[a-z]+(?:(?:-et-|-| )[a-z]+){0,3})(?P<close>\W*)$")


def _spelled_alone(folded: str) -> str | None:
    """The message with its number in words as digits, for ten and more (the counts below are
    read as words: "two?" is cards); None when it is not such a message."""
    said = _SPELLED_ALONE.match(folded)
    if said is None:
        return None
    value = words_value(said.group("words"))
    if value is None or value < 10:
        return None
    return f"{said.group('open')}{value}{said.group('close')}"


# "and 50M a day?" after "I need 1.5M tokens/day with llama 3 8b": another amount of tokens a
# day (or an hour) to serve; its "M" is millions (the lexicon's token multipliers), not a
# 50M-parameter model.
_RATE_AGAIN: Final = lazy(
    r"(?<![\w.])(?P<num>\d+(?:[.,]\d+)?) ?(?P<unit>"
    + "|".join(sorted(map(re.escape, lx.TOKEN_MULTIPLIERS), key=len, reverse=True))
    + r")?(?: ?(?:de )?tokens?)? ?(?:a|an|per|/|al|por|par) ?(?P<per>day|dia|jour|hour|hr|h|"
    r"hora|heure)(?![a-z])")


def _other_rate(new: Query, previous: Query) -> Query | None:
    """Another amount of tokens a day or an hour to serve, after one was said."""
    if previous.rate_tokens is None or new.gpu is not None or new.model_id is not None:
        return None
    said = _RATE_AGAIN.search(fold(new.text))
    if said is None:
        return None
    amount = Decimal(said.group("num").replace(",", ".")).scaleb(
        lx.TOKEN_MULTIPLIERS.get(said.group("unit") or "", 0))
    if amount <= 0:
        return None
    per = "hour" if said.group("per").startswith("h") else "day"
    return previous.model_copy(update={
        "text": new.text, "lang": new.lang, "rate_tokens": amount, "rate_asked": per})


# "and full?", "y en full?", "y completo?", "et en complet ?" (folded): the word for full
# fine-tuning said alone, the rest of the run left as it was.
_FULL_ALONE: Final = lazy(
    r"^\W*(?:(?:and|y|e|et|but|pero|mais|or|o|ou|what about|how about|que tal|et si)\s+)?"
    r"(?:(?:in|en|with|con|avec|as|por|par|de|a)\s+)?(?:a\s+|un\s+)?"
    r"(?:full|fully|completo|completa|complet|complete|entero|au complet|en entier)\W*$"
)


def _full_alone(new: Query, previous: Query) -> Query:
    """"and full?" after a training run: full fine-tuning of it. Alone, a last "full" reads as
    the whole model (nothing in the message trains) and "completo", "complet" name no method,
    so the follow-up was "I did not understand"."""
    if new.method is not None or new.inference or previous.inference \
            or previous.params_b is None or previous.intent not in _MODEL_INTENTS \
            or _FULL_ALONE.match(fold(new.text)) is None:
        return new
    return new.model_copy(update={"method": "full_adamw", "training_said": True})


def _follow_up(
    new: Query, previous: Query, models: ModelCatalogue | None, gpus: Catalogue | None,
) -> Query:
    corrected = _reading_corrected(new, previous)
    if corrected is not None:
        return corrected
    in_dollars = _in_dollars(new, previous)
    if in_dollars is not None:
        return in_dollars
    currency = _currency_of_price(new, previous)
    if currency is not None:
        return currency
    if new.intent == "alert_remove" and new.gpu is None and not new.alert_all \
            and new.alert_number is None and previous.alert_kept is not None \
            and previous.intent not in _ALERT_INTENTS and _ONE_ALERT.search(fold(new.text)):
        # "alert me when the h200 drops under 2.5", a price asked, then "cancel the alert": the
        # one set (was the list of alerts to pick from)
        return new.model_copy(update={"gpu": previous.alert_kept})
    rebudgeted = other_budget(new, previous)
    if rebudgeted is not None:
        return rebudgeted
    rerated = _other_rate(new, previous)
    if rerated is not None:
        return rerated
    if previous.intent in _ALERT_INTENTS:
        # An alert set or listed: "cancel the h100 one" removes it; anything else continues
        # the run asked before it, if any (bot.conversation keeps it as earlier_run).
        if new.intent == "alert_remove" and new.gpu is None and not new.alert_all \
                and new.alert_number is None and previous.intent == "alert" \
                and previous.gpu is not None:
            # "borra esa alerta", "deja de avisarme", "don't notify me anymore" just after an
            # alert was set: that card's (was how to list the alerts, as if none was named)
            return new.model_copy(update={"gpu": previous.gpu})
        changed = _rethreshold(new, previous, gpus)
        if changed is not None:
            return changed
        removed = _removes_alert(new, previous)
        if removed is not None:
            return removed
        priced = _price_of_alert_card(new, previous)
        if priced is not None:
            return priced
        if new.intent == "unknown" and _LIST_AFTER_ALERT.search(fold(new.text)) is not None:
            # "list them", "¿cuáles tengo?", "which ones do i have?", "lesquelles j'ai ?" right
            # after an alert: the alerts listed (was "I did not understand")
            return new.model_copy(update={"intent": "alert_list", "follow_up": True})
        return new if previous.earlier_run is None \
            else follow_up(new, previous.earlier_run, models, gpus)
    if paid(previous):
        # A payment answered: "which network?", "y en que red?", "how long until it's
        # credited?" stay on it; anything else continues the run asked before it, if any.
        on_payment = _on_payment(new, previous)
        if on_payment is not None:
            return on_payment
        return new if previous.earlier_run is None \
            else follow_up(new, previous.earlier_run, models, gpus)
    if new.method_diff and not _names_model(new) and not _names_card(new):
        # "what's qlora?", "que es lora?", "lora vs qlora difference" after a run: what the
        # methods are, asked of no run (was that run's verdict with the method named, nothing
        # explained)
        return new
    if new.accelerator is not None and not _names_model(new) and not _names_card(new) \
            and previous.params_b is not None and previous.intent in _MODEL_INTENTS \
            and words(new.text) <= SHORT_WORDS:
        # "and on a tpu v5?", "what about gaudi 3" after a run: no figures for it, said, and
        # that run's memory on a GPU below it, as asked in one message (was "I did not
        # understand" under "the answer below is for GPUs")
        run = previous.model_copy(update={
            "gpu": None, "gpu_text": None, "gpu_count": None, "gpu_memory_gb": None,
            "gpu_variant_assumed": False, "vram_gb": None, "other_gpus": (), "card_owned": False,
            "hours": None})
        merged = _merge(new.model_copy(update={"intent": "memory"}), run, names_model=False)
        return merged.model_copy(update={"intent": "memory"})
    new = _full_alone(new, previous)
    has = _card_memory_asked(new, previous)
    if has is not None:
        return has
    back = _back_to(new, previous)
    if back is not None:
        return back
    rented = _rented(new, previous, gpus) or _rent_count(new, previous, gpus)
    if rented is not None:
        return rented
    carded = _local_card(new, previous, gpus) or _mac_memory(new, previous, gpus)
    if carded is not None:
        return carded
    watched = _alert_on_card_asked(new, previous)
    if watched is not None:
        return watched
    trained = _data_of_run(new, previous) or _electricity_of_run(new, previous)
    if trained is not None:
        return trained
    per_gpu = _per_gpu_of_run(new, previous) or _time_in_unit(new, previous) \
        or _steps_of_run(new, previous) \
        or _why_of_comparison(new, previous) or _each_of_comparison(new, previous, fold(new.text)) \
        or _side_replaced(new, previous) or _data_on_comparison(new, previous)
    if per_gpu is not None:
        return per_gpu
    epochs = _epochs_of_untimed_run(new, previous) or _per_epoch_of_run(new, previous)
    if epochs is not None:
        return epochs
    if new.not_llm is not None and not _names_model(new):
        return new  # "and stable diffusion on it?": another kind of model, not the last run's
    download = _download_of(new, previous)
    if download is not None:
        return download
    picked = _pick_of_two(new, previous)
    if picked is not None:
        return picked
    deadline = _deadline_of_run(new, previous)
    if deadline is not None:
        return deadline
    if previous.multi_gpu_asked and previous.params_b is None and _names_card(new) \
            and not _names_model(new) and new.method is None and new.hours is None \
            and new.budget_usd is None and words(new.text) <= SHORT_WORDS:
        # "do i need nvlink for 2 3090s", then "and for 2 4090s?": the same question of them
        return new.model_copy(update={"multi_gpu_asked": True, "intent": "fit",
                                      "mixed_cards_asked": previous.mixed_cards_asked})
    if previous.specs_asked and _names_card(new) and not _names_model(new) \
            and new.method is None and not new.specs_asked:
        return new.model_copy(update={"specs_asked": True})  # "h100 specs", "and the a100?"
    if previous.specs_asked and previous.gpu is not None and previous.params_b is None \
            and not _names_model(new) and not _names_card(new) and new.method is None \
            and new.intent in ("cost", "prices", "unknown") and new.budget_usd is None:
        # "cuanta vram tiene?" answered, then "y cuanto sale por 10 horas?", "et 4 ?": that
        # card's price, as after its price asked (was "On which GPU?")
        card_priced = previous.model_copy(update={
            "intent": "prices", "specs_asked": False, "memory_amount_asked": False})
        return _after_price(new, card_priced, models, gpus)
    if memory_asked(previous) and new.vram_gb is not None and new.gpu is None \
            and not _names_model(new) and new.method is None:
        # "cheapest gpu with 80gb", then "and with 141gb?": the same question at that memory.
        return new.model_copy(update={"intent": "recommend"})
    elsewhere = _hours_on_other_card(new, previous)
    if elsewhere is not None:
        return elsewhere
    if is_gpu_time(previous) and previous.earlier_run is not None:
        return _time_after_run(new, previous, models, gpus)
    measured = _on_another_card(new, previous)
    if measured is not None:
        return measured
    configured = on_configuration(new, previous, gpus)
    if configured is not None:
        return configured
    if is_gpu_price(previous):
        return _after_price(new, previous, models, gpus)
    if previous.intent in _MODEL_INTENTS:
        numbered = _number_alone(new, previous, models)
        if numbered is not None:
            return numbered
        count = _count_of_run(new, previous, fold(new.text))
        if count is not None:
            return count
        spanned = _span_or_count(new, previous, fold(new.text))
        if spanned is not None:
            return spanned
        resized = _dataset_resized(new, previous, fold(new.text)) \
            or _dataset_added(new, previous)
        if resized is not None:
            return resized
        # "et avec 2 de plus ?" after a question on 2× RTX 3090: the same run on 4 of them;
        # "et deux ?" after the cost of an H100 for 10 hours: two of them.
        added = _card_owned_too(new, previous, fold(new.text), gpus) \
            or _pooled_with_own(new, previous, fold(new.text), gpus) \
            or _card_added(new, previous, fold(new.text), gpus)
        if added is not None:
            return added
        # "what about 8?" after 20 hours on an H100: 8 hours, read below (a count word, "et
        # deux ?", stays two of the card).
        # ... and "and 24?" after 2× H100 for 10 hours: more GPUs than an instance has, so 24
        # hours (was 24× H100); the reply says how it read the number (number_read).
        beyond = _hours_beyond_instance(new, previous, fold(new.text), gpus)
        if beyond is not None:
            return _merge(new.model_copy(update={"hours": beyond, "intent": "cost"}), previous,
                          names_model=False)
        counted = _on_more_cards(new, previous, fold(new.text), gpus) \
            if _bare_hours(new, previous, fold(new.text)) is None else None
        if counted is not None:
            return counted
        against = _against_other_card(new, previous, fold(new.text)) \
            or _on_picked(new, previous, fold(new.text)) \
            or _count_of_picked(new, previous) \
            or _somewhere_it_fits(new, previous, fold(new.text))
        if against is not None:
            return against
    if previous.intent not in _MODEL_INTENTS:
        return new
    if previous.family and previous.model_id in previous.family and _names_model(new) \
            and not _said(new, "gpu") and (new.model_id is None or new.model_id in previous.family):
        # "llama 3 on an H100", answered for the 70B, then "the 8b one": another member there,
        # as after "Which one?".
        previous = previous.model_copy(update={"model_id": None, "params_b": None})
    if previous.params_b is None:
        if _asks_tldr(new, previous, fold(new.text)):
            # "radeon 780m vs rtx 4060" or "h100 or a100?", then "tldr", "so which one?"
            return _in_short(new, previous)
        if asks_hours_of_gpu(previous) and _names_model(new) and not _names_card(new) \
                and _WHICH_ONE_LAST.search(fold(new.text)):
            # "cuánto cuesta la h200", then "¿y para entrenar llama 3 70b con lora, cuál?",
            # "et pour ça, quel gpu ?": which GPU for that run (was that run on the H200
            # priced before, or its illustrative hours' cost)
            return new.model_copy(update={"intent": "recommend", "follow_up": False})
        if previous.largest and previous.gpu is None and previous.vram_gb is None \
                and _names_card(new) and not _names_model(new) and not new.largest \
                and new.method is None and not new.inference \
                and words(new.text) <= SHORT_WORDS and not any(
                    p.search(fold(new.text)) for p in (px.HOW_MUCH, px.RATE, px.COST, px.PRICES)):
            # "On which GPU?" after "whats the best model to finetune", answered "a 4090" or
            # "i have a 3090": the largest models that card holds for that.
            return _merge(new, previous, names_model=False).model_copy(
                update={"largest": True, "intent": "fit", "card_owned": new.card_owned})
        if _completes_dataset_run(new, previous):
            # "on llama 3 8b lora h100" after "how long for 50M tokens?" (asked which model):
            # that run, on those tokens.
            return _merge(new, previous, names_model=True)
        # "Which one: Llama 3 8B or 70B?" answered with "70B" (or a model's name).
        if previous.family and _names_model(new) and not _said(new, "gpu"):
            merged = _merge(new, previous, names_model=True)
            if merged.model_id is None and models is not None:
                for model_id in previous.family:
                    spec = models.get(model_id)
                    if spec.params_b == merged.params_b:
                        return merged.model_copy(
                            update={"model_id": spec.id, "params_b": spec.params_b}
                        )
            return merged
        if not previous.family and _names_model(new) and new.intent in _MODEL_INTENTS \
                and not _names_card(new):
            # "Which model?" after "qlora on my 3090", answered "llama 3 8b": that run.
            merged = _merge(new, previous, names_model=True)
            if new.intent == "time" and new.hours is None and is_gpu_time(previous):
                # "a100 for a week", then "how long would lora llama 3 8b take": that run's
                # time on the card (was the week's cost again, the time asked dropped)
                return merged.model_copy(update={"intent": "time", "hours": None})
            return merged
        if previous.budget_usd is not None and new.budget_usd is None and new.hours is None \
                and (_names_card(new) or _names_model(new)) \
                and (_MARKER.match(fold(new.text)) or _WITH_THAT.search(fold(new.text))
                     or (words(new.text) <= SHORT_WORDS
                         and not (_names_card(new) and _names_model(new))
                         and not stands_alone(new, fold(new.text)))):
            # "what can i do with $50", then "and on an h100?", "how long can i qlora llama
            # 3 70b with that": that money there, or on that run.
            merged = _merge(new, previous, names_model=_names_model(new))
            return merged.model_copy(update={"intent": "cost"})
        if not is_gpu_time(previous) and not asks_on_gpu(previous) \
                and not asks_hours_of_gpu(previous):
            return new
    folded = fold(new.text)
    rated = _rate_of_served(new, previous, folded)
    if rated is not None:
        return rated
    priced = _price_of_run(new, previous, folded, gpus)
    if priced is not None:
        return priced
    if previous.params_b is not None and new.intent in ("prices", "recommend") \
            and not _names_model(new) and not _names_card(new) and _WHICH_CARD_ALONE.match(folded):
        # "je veux servir llama 3 8b", then "quel gpu ?": the cheapest GPUs for it (was the
        # price list, the model dropped); after a card that did not do, not that card again
        run = previous.model_copy(update={
            "gpu": None, "gpu_text": None, "gpu_count": None, "gpu_memory_gb": None,
            "gpu_variant_assumed": False, "vram_gb": None, "other_gpus": (), "card_owned": False})
        return _merge(new.model_copy(update={"intent": "recommend"}), run, names_model=False)
    if new.intent in ("pay", "alert", "alert_list", "alert_remove", "help", "prices") and not (
        _continues(new) or _users_asked(new, folded)
    ):
        return new
    if _asks_tldr(new, previous, folded):
        # "tldr?" after an answer: the same question, its reply cut to its verdict or figure
        return _in_short(new, previous)
    if _asks_why(new, previous, folded):
        # "why?" after "lora llama 3 70b on an a100?": the same question, with the detailed
        # breakdown of where the memory goes (the reason for the verdict), led by that reason
        # in a line (what it needs against what each GPU has; after a time, what the time is
        # made of).
        merged = _merge(new, previous, names_model=False)
        return merged.model_copy(update={"details": True, "why_asked": True})
    if _asks_fix(new, previous):
        # "what do i do?", "me da OOM, ¿qué hago?", "j'ai un OOM, je fais comment ?" after a
        # training run's verdict: what makes that run fit, first (the verdict was just given).
        merged = _merge(new, previous, names_model=False)
        return merged.model_copy(update={"fix_asked": True, "oom": previous.oom or new.oom})
    length = _bare_length(new, previous, folded) or _context_scaled(new, previous, folded)
    if length is not None:
        new = new.model_copy(update={"seq_len": length, "context_asked": False})
    users = _bare_users(new, previous, folded)
    if users is not None:
        new = new.model_copy(update={"users": users, "batch_size": users, "intent": "fit"})
    hours = _bare_hours(new, previous, folded) if users is None else None
    if hours is None:
        hours = _more_hours(new, previous, folded)
    if hours is None:
        hours = _daily_hours(new, previous)
    if hours is not None:
        new = new.model_copy(update={"hours": hours, "intent": "cost"})
    marker = bool(_MARKER.match(folded))
    if new.family and previous.model_id in new.family and not new.text.lstrip().startswith("/"):
        # "can I fine-tune llama 3 on an H100?" after a Llama 3 70B question: that Llama 3.
        named = new.model_copy(
            update={"family": (), "model_id": previous.model_id, "params_b": previous.params_b}
        )
        return _merge(named, previous, names_model=True)
    alone = not marker and stands_alone(new, folded)
    there = alone and (_run_there(new, previous, folded)
                       or _run_priced_there(new, previous, folded))
    if alone and not there:
        return new
    short = words(new.text) <= SHORT_WORDS
    names_model = _names_model(new)
    says_something = any(_said(new, f) for f in _CARRYABLE) or any(
        getattr(new, f) is not None for f in _SETTINGS
    ) or new.intent in (
        "cost", "recommend",
    ) or new.budget_usd is not None
    cue = None if names_model else _run_asked(
        new, folded, previous.dataset_tokens is not None or previous.dataset_samples is not None)
    if cue is None and not names_model and previous.params_b is not None and (new.intent in (
            "unknown", "smalltalk", "help", "fit") or (
            # "how fast would it run?": the serving verb alone reads as memory, no memory said
            new.intent == "memory" and not px.MEMORY.search(folded)) or (
            # "how fast would it be on a 3090?": a card alone reads as its price, no price said
            # (was that card's fit verdict, the speed asked dropped)
            _continues(new) and not any(p.search(folded) for p in (
                px.HOW_MUCH, px.RATE, px.COST, px.PRICES)))) \
            and new.tokens_per_second is None \
            and (asks.SPEED_WEAK.search(folded) or _SLOW_ALONE.match(folded)):
        # "how fast?", "and speed?", "¿qué tan rápido?", "et en vitesse ?" after a model served
        # or trained: its decode speed, or the run's training tokens/s, there (was "I did not
        # understand"); "too slow?", "will it be slow?" too, with no run timed to speed up
        # (_against_other_card answers those).
        cue = "speed"
    # "and to finetune it?", "i mean for training", "¿y para entrenarlo?" after a model asked
    # (served, or its memory): the training methods there (was "I did not understand").
    # After "what models can i run on it" the largest to train there (was "I did not understand").
    # ... said at more length after a follow-up's opening too: "and what if i want to train it
    # too?", "and what if i want to fine tune it instead?" (was "I did not understand").
    training = cue in (None, "time") and not names_model \
        and (previous.params_b is not None or previous.largest) and new.method is None and not new.inference \
        and (short or (marker and words(new.text) <= _TRAINING_WORDS)) \
        and new.intent in ("unknown", "smalltalk", "memory", "fit", "time", "cost") \
        and px.TRAINING.search(folded) is not None
    # "is that overkill?" after a run on a configuration: how much of it the run uses.
    overkill = not names_model and previous.params_b is not None and short \
        and new.overkill_asked and (previous.gpu is not None or previous.vram_gb is not None)
    # "and for coding?" after "the biggest model i can qlora on a 3090": the same, with the
    # coding models under it (was "I did not understand").
    coding = previous.largest and not names_model and short and new.coding
    # "is that enough?", "¿alcanza?", "ça suffit ?" after a run on a card, no time in it: the
    # card's verdict for the run again (was "I did not understand").
    enough = not names_model and previous.params_b is not None and short and cue is None \
        and new.hours is None and previous.hours is None and previous.dataset_tokens is None \
        and previous.dataset_samples is None and new.intent in ("unknown", "fit") \
        and (previous.gpu is not None or previous.vram_gb is not None) \
        and asks.DEADLINE_ENOUGH.search(folded) is not None
    # "will it fit?", "does it fit", "would that work?" after a run on a card: that card's
    # verdict for the run (was "I did not understand"); after its cost, the verdict, not the cost.
    fits = not names_model and previous.params_b is not None and short and cue is None \
        and new.intent in ("unknown", "fit") and not _names_card(new) \
        and (previous.gpu is not None or previous.vram_gb is not None) \
        and _FITS_ALONE.match(folded) is not None
    says_something = says_something or cue is not None or training or overkill or coding \
        or enough or fits
    if names_model and not _names_card(new) and new.vram_gb is None \
            and (previous.gpu is not None or previous.vram_gb is not None) \
            and _ON_THE_CARD.search(folded) is not None:
        # "does llama 3 8b fit on my 3060?", then "can i run gemma 2 9b on it?": that card
        # (was the memory of Gemma 2 9B alone, the card lost), the method this message says:
        # "run" is serving, though a context alone after a run is that run's (_merge).
        merged = _merge(new.model_copy(update={"serving_implied": False}), previous,
                        names_model=True)
        return merged.model_copy(update={"intent": "time" if new.intent == "time" else "fit",
                                         "serving_implied": new.serving_implied})
    if names_model:
        # "and 13B?" keeps the GPU and method; "QLoRA 13B on an A100" is a new question. A
        # size alone ("70b", "13B?") after a question on a model is that question of it, as
        # "and 70b?" is.
        # "forget it, 13b", "laisse tomber 13b", "déjalo, 13b": the size after a dismissal
        # of the last question is that question of it, as "nvm, 13b" is (was the memory of
        # a 13B model alone, the card and method dropped)
        dismissed = _DISMISSED.match(folded)
        bare = words(folded[dismissed.end():] if dismissed else new.text) <= 2 \
            and previous.params_b is not None \
            and new.intent in ("memory", "unknown") and not new.family \
            and not any(_said(new, f) for f in _CARRYABLE) \
            and all(getattr(new, f) is None for f in _SETTINGS)
        if _ALSO_OPENING.match(folded) and (_said(new, "gpu") or _said(new, "vram_gb")) \
                and new.method is None \
                and not new.inference and not new.serving_implied and not new.family \
                and new.intent in ("fit", "memory", "unknown") and previous.params_b is not None \
                and (previous.method is not None or previous.inference) \
                and previous.intent in ("fit", "memory", "cost", "time") \
                and words(new.text) <= SHORT_WORDS:
            # "and mistral 7b on an a100?", "y mistral 7b en una a100?" after "qlora llama 3
            # 8b on h100 seq 4096": that model's run there by the method and settings said
            # (was every method at typical settings, what was said dropped)
            merged = _merge(new, previous, names_model=True)
            if gpus is not None:
                merged = _variant(merged, new, previous, gpus)
            return merged if models is None else _sibling(merged, previous, models)
        # "back to the 70b" after "what about 8b": the size said again, as "and 70b?" (was the
        # memory of a 70B model alone, the card and method dropped)
        said_back = _BACK_TO.search(folded) is not None and new.intent in ("memory", "unknown") \
            and words(new.text) <= SHORT_WORDS
        if not (marker or bare or said_back) or _said(new, "gpu") or _said(new, "vram_gb"):
            return new
    elif not (says_something and (marker or short or _asks_bare(new, cue))):
        return new
    merged = _merge(new, previous, names_model)
    if there:
        merged = merged.model_copy(update={"run_there": True})
    if fits or (overkill and merged.intent in ("time", "cost")):
        # "is that overkill?" after a run's time on 8× H100: how much of it the run uses, which
        # a verdict says (was the same time again, the question unanswered)
        merged = merged.model_copy(update={"intent": "fit"})
    if training and previous.inference:
        merged = merged.model_copy(update={
            "method": None, "inference": False, "serving_implied": False, "quant": None,
            "quant_bare": None, "quant_asked": False, "runner": None, "engine": None,
            "runner_type_assumed": False, "serving_precision_said": True})
    if cue == "speed" and new.serving_implied and previous.method is None \
            and not previous.inference:
        # "how fast would it run on a 3090?" after "how much vram for llama 3 8b" (every
        # method): running it is serving it, so its decode speed (was QLoRA's training rate).
        merged = merged.model_copy(update={
            "method": new.method, "inference": True, "serving_implied": True})
    if gpus is not None:
        merged = _variant(merged, new, previous, gpus)
    if names_model and models is not None:
        merged = _sibling(merged, previous, models)
    if cue == "time":
        # "will it finish overnight?": the deadline is what this message says, never the hours
        # the previous run was priced for.
        merged = merged.model_copy(update={
            "hours": new.hours, "hours_as": new.hours_as,
            "deadline_asked": new.hours is not None or asks.NIGHT.search(folded) is not None,
        })
    if cue == "concurrency":
        # "how many users at 8k?" after "max context on an L4": each sequence's context is the
        # one said there, and the answer the users, not the longest context again.
        at = px.CONTEXT_AT.search(folded) if new.seq_len is None else None
        merged = merged.model_copy(update={
            "context_asked": False,
            **({"seq_len": _context_k(at.group("num")), "context_said": True} if at else {}),
        })
    if cue in ("speed", "prefill") and previous.context_asked and new.seq_len is None:
        # "combien de tokens par seconde ?" after the longest context reads as a cost (not
        # carried then): the speed is still at the context just found (was at 2,048 tokens).
        merged = merged.model_copy(update={"context_asked": True})
    return merged if cue is None else _asking(merged, cue)


# "and", "what about", "y", "et", "same", "pareil" opening a follow-up (folded), not a correction
# ("no, llama 3 70b on an h100" is a whole new question): a model and a card said after it are
# the last run again with them.
_ALSO_OPENING: Final = lazy(
    r"^\W*(?:(?:ok|okay|k|alright|so|hm+|vale|bueno|pues|bon|ok donc|d'accord|thx|thanks?|"
    r"gracias|merci|cool|nice|great|perfect|perfecto|parfait|super)\W+){0,2}"
    r"(?:and|what about|how about|same|y|e|et|que tal|qu'en est-il|lo mismo|igual|pareil|"
    r"meme chose|idem)(?![a-z])")


# The card a time is asked on, after "on"/"en"/"sur" ("how much for 10 hours on an a100"):
# where the run before goes. A card that is itself what costs ("cuánto cuesta una H100
# durante 100 horas", "how much is an h100 for 10 hours") is a rental, the run left behind.
_RUN_ON_CARD: Final = lazy(
    r"(?<![a-z])(?:on|en|sur|with|con|avec)\s+(?:(?:an?|una?|une|the|la|el|le|my|mi|ma)\s+)?"
    r"(?:\d+\s*x?\s*)?(?:nvidia\s+)?[a-z]*\d"
)


def _time_after_run(new: Query, previous: Query, models: ModelCatalogue | None,
                    gpus: Catalogue | None) -> Query:
    """After a run ("qlora llama 3 8b on a 4090") then a card's time ("how much for 10 hours
    on an a100"): "and on an h100?" is that run there for those hours (was the H100's time
    alone, the run two questions back lost). A question naming a model, or not continuing
    the card's time, is read against the time alone."""
    run = previous.earlier_run
    assert run is not None
    alone = previous.model_copy(update={"earlier_run": None})
    continued = follow_up(new, alone, models, gpus)
    if not _RUN_ON_CARD.search(fold(previous.text)):
        return continued
    if not continued.follow_up or not is_gpu_time(continued) or _names_model(new) \
            or new.method is not None or new.inference or run.params_b is None \
            or continued.same_gpu_hours is not None:
        return continued
    merged = _merge(continued.model_copy(update={"follow_up": False}), run, names_model=False)
    return merged.model_copy(update={"intent": "cost"})


def memory_asked(query: Query) -> bool:
    """"cheapest gpu with 80gb": a memory asked for with no card nor model (bot.answer)."""
    return query.intent == "recommend" and query.vram_gb is not None and query.gpu is None \
        and query.params_b is None and query.model_id is None and query.method is None \
        and not query.largest


def on_configuration(new: Query, previous: Query, gpus: Catalogue | None) -> Query | None:
    """Hours asked of no model nor card ("how much for 3 days of it", "y cuánto sale por 10
    horas", "et combien pour 2 jours ?") right after one configuration was priced ("whats
    the h100 price") or picked ("cheapest gpu with 80gb": 1× A100 80GB): those hours on it,
    their cost (was "On which GPU?"). None otherwise."""
    if new.hours is None or new.intent not in ("cost", "prices", "unknown") \
            or _names_model(new) or _names_card(new) or new.method is not None \
            or new.inference or new.budget_usd is not None or new.family:
        return None
    if is_gpu_price(previous) and previous.earlier_run is None:
        return _merge(new, previous, names_model=False)
    if gpus is None or not memory_asked(previous) or previous.vram_gb is None \
            or previous.vram_gb <= 0:
        return None
    found, _single = gpus.holding(previous.vram_gb)
    if not found:
        return None  # more than any configuration holds: no cost of one that falls short
    picked = previous.model_copy(update={
        "gpu": found[0].gpu, "gpu_count": found[0].count, "vram_gb": None})
    return _merge(new, picked, names_model=False)


# A length in thousands said alone in a message of settings ("bs 2 and 4k", "4k, bs 2"): no
# noun after it (samples, tokens, steps, users…), no money or memory unit.
_K_BESIDE: Final = lazy(
    r"(?<![\w.,$])(\d{1,3}) ?k(?![a-z0-9])(?! ?(?:[a-z]+ )?(?:samples?|examples?|rows?|tokens?|"
    r"steps?|users?|requests?|ejemplos?|muestras?|filas?|exemples?|lignes?|usuarios?|"
    r"utilisateurs?|pairs?|pares|paires|\$|usd|dollars?|eur|euros?))"
)


def _context_k(num: str) -> int:
    """"at 8k": thousands of tokens of a context (8k is 8,192; numbers.k_tokens)."""
    return k_tokens(Decimal(num.replace(",", ".")))


def _hours_on_other_card(new: Query, previous: Query) -> Query | None:
    """"can i use those on an h100 too" after "how much is 720h of a100": the hours bought
    for one card drawn on another. The seed sells a block for one GPU model, drawn on by
    that GPU's instances only: that leads, then what those hours cost on the card named
    (was that cost alone, as if the hours moved)."""
    if previous.intent != "cost" or previous.hours is None or previous.gpu is None \
            or new.gpu is None or new.gpu == previous.gpu or new.hours is not None \
            or _names_model(new) or not asks.THOSE_HOURS_ON_CARD.search(fold(new.text)):
        return None
    merged = _merge(new, previous, names_model=False)
    return merged.model_copy(update={
        "intent": "cost", "gpu_count": new.gpu_count or previous.gpu_count,
        "service_asked": ("blockmodel",)})


# The service topics that are about a payment ("any fees?", "how long until it's credited?").
_PAYMENT_TOPICS: Final = frozenset({"fees", "confirm"})


def paid(query: Query) -> bool:
    """A payment asked ("can i pay in btc", "any fees on a top-up?"): short questions after
    it are on that payment (bot.conversation keeps it, with the run before as earlier_run)."""
    return query.intent == "pay" or (
        query.intent == "help" and bool(_PAYMENT_TOPICS.intersection(query.service_asked)))


def _on_payment(new: Query, previous: Query) -> Query | None:
    """"which network?", "y en que red?", "et sur quel réseau ?" after "can i pay in btc": the
    network of that coin, which the page does not name; "and how long until it's credited?",
    "is it instant?": when a top-up is credited, which it does not say either; "where do i send
    it?": the payment answer (top up on the website, never an address here). None for any
    other message, and for one that asks a payment question of its own ("and eth?")."""
    if new.intent not in ("unknown", "help", "time", "smalltalk") or new.service_asked \
            or _names_model(new) or _names_card(new) or new.method is not None \
            or new.hours is not None or new.budget_usd is not None \
            or words(new.text) > SHORT_WORDS:
        return None
    folded = fold(new.text)
    coins = previous.pay_coins_asked or (
        (previous.pay_network[0],) if previous.pay_network and previous.pay_network[0] else ())
    update: dict[str, Any]
    if asks.PAID_NETWORK.search(folded):
        update = {"intent": "pay", "pay_network": (coins[0] if coins else "", "")}
    elif asks.PAID_WHEN.search(folded):
        update = {"intent": "help", "service_asked": ("confirm",)}
    elif asks.PAID_WHERE.search(folded):
        update = {"intent": "pay"}
    else:
        return None
    # "en que red?" is too short to tell: the chat's language, even when the payment's was
    # only a guess ("aceptan usdc?")
    lang = new.lang if new.lang_sure or previous.lang is None else previous.lang
    return new.model_copy(update={
        **update, "follow_up": True, "lang": lang,
        "lang_sure": new.lang_sure or previous.lang_sure})


def _on_another_card(new: Query, previous: Query) -> Query | None:
    """"and on an H100?" after "it took 6h on my 3090" (or "I get 40 tok/s on my 4090"): the
    measured figure belongs to the previous card, so the new one is compared with it and the
    figure carried over (bot.answer scales it), never priced as hours to rent there."""
    rate = previous.tokens_per_second is not None and previous.inference
    if not (previous.hours_measured or rate) or previous.gpu is None or new.gpu is None \
            or new.hours is not None or new.tokens_per_second is not None \
            or _names_model(new) or words(new.text) > SHORT_WORDS \
            or (new.gpu == previous.gpu and new.gpu_count in (None, previous.gpu_count)):
        return None
    merged = _merge(new, previous, names_model=False)
    return merged.model_copy(update={
        "gpu": previous.gpu, "gpu_count": previous.gpu_count, "gpu_text": previous.gpu_text,
        "gpu_memory_gb": previous.gpu_memory_gb, "other_gpus": (new.gpu,),
        "other_gpu_count": new.gpu_count, "hours": previous.hours, "other_hours": None,
        "hours_measured": previous.hours_measured, "hours_as": None,
        "tokens_per_second": previous.tokens_per_second, "intent": "compare",
    })


def _card_added(new: Query, previous: Query, folded: str, gpus: Catalogue | None) -> Query | None:
    """"and with a 4090 added?", "¿y con otra 4090?", "et avec une 4090 en plus ?" after a run
    on cards we do not rent (2× RTX 3090): the same run on the machine with that card added
    (2× RTX 3090 + 1× RTX 4090, read as one_rig reads it said at once), not the new card alone.
    None otherwise: another card alone ("and on a 4090?"), or a card we rent at a published
    price ("y con 2 h100 más?"), which runs in our cloud, not beside the user's cards."""
    if gpus is None or new.gpu is None or previous.gpu is None or _names_model(new) \
            or (previous.params_b is None and not previous.largest) or previous.other_gpus \
            or (previous.gpu_memory_gb is not None and not previous.rig_layer_split) \
            or len(new.text.split()) > SHORT_WORDS + 2 or not _CARD_ADDED.search(folded):
        return None
    base = previous.rig or ((previous.gpu, previous.gpu_count or 1),)
    if new.gpu == previous.gpu and not previous.rig:
        return None  # "and with another 3090?": one more of it (_more_gpus)
    if any(gpus.gpu(g).usd_per_gpu_hour is not None for g in (new.gpu, *(g for g, _n in base))):
        return None  # a card rented at a published price is in our cloud, not in the machine
    machine = _with_card(new, previous, base, gpus)
    merged = _merge(machine, previous, names_model=False)
    if previous.rig_layer_split:
        # served split by layers already: the same type, over the cards' new mean memory
        mean = owned.rig_memory(machine.rig, gpus)
        return merged.model_copy(update={"rig_layer_split": mean is not None,
                                         "gpu_memory_gb": mean})
    return merged.model_copy(update=owned.layer_split(merged, merged, gpus))


def _with_card(new: Query, previous: Query, base: tuple[tuple[str, int], ...],
               gpus: Catalogue) -> Query:
    """`new` on the machine `base` with its card added, answered at the card bounding it."""
    assert new.gpu is not None
    cards = dict(base)
    cards[new.gpu] = cards.get(new.gpu, 0) + (new.gpu_count or 1)
    rig = tuple(cards.items())
    bound = hw.bounding_card(rig, gpus.gpu)
    return new.model_copy(update={
        "gpu": bound, "gpu_count": sum(cards.values()), "rig": rig,
        "gpu_text": None, "vram_gb": None, "gpu_memory_gb": None, "rig_layer_split": False,
        "gpu_variant_assumed": new.gpu_variant_assumed if bound == new.gpu
        else previous.gpu_variant_assumed})


def _card_owned_too(new: Query, previous: Query, folded: str, gpus: Catalogue | None) -> Query | None:
    """"and i also have a 4090", "tengo también una 4090", "j'ai aussi une 4090" right after
    "i have 2 3090s" was noted: the machine noted with that card added (2× RTX 3090 + 1× RTX
    4090), as if said at once; None otherwise (a card said with no such word replaces it)."""
    if gpus is None or new.gpu is None or previous.gpu is None or not owned.card_alone(previous) \
            or not owned.card_alone(new) or previous.gpu_memory_gb is not None \
            or new.gpu_memory_gb is not None or gpus.gpu(new.gpu).unified_memory \
            or gpus.gpu(previous.gpu).unified_memory \
            or not (_ALSO.search(folded) or _CARD_ADDED.search(folded)):
        return None
    base = previous.rig or ((previous.gpu, previous.gpu_count or 1),)
    return _with_card(new, previous, base, gpus).model_copy(update={"follow_up": True})


def _pooled_with_own(new: Query, previous: Query, folded: str,
                     gpus: Catalogue | None) -> Query | None:
    """"can i combine it with a rented h100 to train llama 3 70b?" right after "i have a 3090"
    (or a question on it): that card and the rented one share no job, as when both are said
    at once (parse's pooled_asked); each answered on its own, compared."""
    if gpus is None or new.gpu is None or previous.gpu is None or new.gpu == previous.gpu \
            or previous.rig or previous.other_gpus or new.other_gpus \
            or not (previous.card_owned or not gpus.gpu(previous.gpu).rented) \
            or not gpus.gpu(new.gpu).rented or not asks.POOL_JOIN.admits(folded) \
            or asks.POOL_JOIN.pattern.search(folded) is None \
            or asks.POOL_RENTED.search(folded) is None or asks.POOL_VERSUS.search(folded):
        return None
    asked = new if _names_model(new) or previous.params_b is None \
        else _merge(new, previous, names_model=False)
    return asked.model_copy(update={
        "gpu": previous.gpu, "gpu_count": previous.gpu_count, "gpu_text": previous.gpu_text,
        "gpu_memory_gb": previous.gpu_memory_gb, "vram_gb": previous.vram_gb,
        "other_gpus": (new.gpu,), "other_gpu_count": new.gpu_count, "intent": "compare",
        "pooled_asked": True, "follow_up": True})


def _on_more_cards(new: Query, previous: Query, folded: str,
                   gpus: Catalogue | None = None) -> Query | None:
    """The previous question on the count of cards `new` says ("and 2 more?", "¿y 8?"), or
    None when it says none."""
    count = _more_gpus(new, previous, folded)
    if count is not None and previous.rig and previous.gpu is not None and new.gpu is None \
            and count > (previous.gpu_count or 1):
        # "and with one more?" after 2× RTX 3090 + 1× RTX 4090: one more of the card answered
        # on (the one bounding the machine), the machine kept
        cards = dict(previous.rig)
        cards[previous.gpu] = cards.get(previous.gpu, 0) + count - (previous.gpu_count or 1)
        rig = tuple(cards.items())
        merged = _merge(new.model_copy(update={"gpu_count": count}), previous, names_model=False)
        mean = owned.rig_memory(rig, gpus) if previous.rig_layer_split and gpus else None
        return merged.model_copy(update={"rig": rig, "rig_layer_split": mean is not None,
                                         "gpu_memory_gb": mean})
    mixed = len({gpu for gpu, _n in previous.rig}) > 1
    unsized = timed = False
    if count is None:
        count = _bare_count(new, previous, folded)
        if count is None and previous.gpu is not None and previous.users is None \
                and previous.hours is None:
            # "and 8?" after a run on a card: 8 of them, or a model of 8B (people served or
            # hours before it are readings of their own) ...
            count = _bare_count(new, previous, folded, digit_counts=True)
            # ... but after a run on cards counted ("qlora llama3 70b on 1 h100", "on 2
            # h100"), "what about 2", "¿y con 2?", "et à 2 ?" count them again (was "2 of
            # what?"): the number said is the one the user just gave.
            unsized = count is not None and previous.gpu_count is None
        elif count is None and previous.gpu is not None and previous.users is None \
                and previous.params_b is not None and (previous.gpu_count or 1) > 1:
            # "and 8?" after QLoRA 70B on 2× H100 for 10 hours: 8 cards or 8 hours, asked back
            # (was "I did not understand"; on one card the hours were the number said,
            # _bare_hours)
            count = _bare_count(new, previous, folded, digit_counts=True)
            timed = count is not None
    if count is None:
        return None
    if timed:
        return previous.model_copy(update={
            "text": new.text, "count_unclear": count, "count_or_hours": True,
            "follow_up": False, "lang": new.lang, "lang_sure": new.lang_sure})
    if mixed or unsized:
        # "¿y 8?" after 2× RTX 3090 + 1× RTX 4090: 8 of which card is asked back (was 8× RTX
        # 3090, the 4090 dropped unsaid); "and 8?" after 70B on 2× H100, 8 cards or 8B (was "I
        # did not understand"). Nothing is carried over, the machine stays the chat's.
        return previous.model_copy(update={
            "text": new.text, "count_unclear": count, "follow_up": False, "lang": new.lang,
            "lang_sure": new.lang_sure})
    return _merge(new.model_copy(update={"gpu_count": count}), previous, names_model=False)


def _after_price(
    new: Query, previous: Query, models: ModelCatalogue | None, gpus: Catalogue | None,
) -> Query:
    """After "how much is an H100 per hour?": "¿y 8?", "et avec 2 de plus ?" are that many of
    the card (its price), "and for 10 hours?" the card for that long (its cost), and the run
    asked before the price, if any, on that card for that long. Anything else is a question of
    its own, or continues that run ("and with qlora?")."""
    folded = fold(new.text)
    counted = _on_more_cards(new, previous, folded)
    if counted is not None:
        return counted
    run = previous.earlier_run
    if new.hours is None and _MARKER.match(folded) and px.NIGHT_HOURS.search(folded):
        # "and all night?", "¿y toda la noche?" after a price: a night of that card (its cost),
        # as "all night" asked with a price is (parse.NIGHT_HOURS, said in the reply).
        new = new.model_copy(update={"hours": NIGHT_HOURS, "hours_as": "night"})
    if new.hours is not None and not (_names_model(new) or _names_card(new)) \
            and _MARKER.match(folded) \
            and new.intent in ("unknown", "cost", "prices"):
        priced = _merge(new, previous, names_model=False)
        if run is None:
            return priced
        # The card and count of the price, the model, method and settings of the run.
        return _merge(priced.model_copy(update={"follow_up": False}), run, names_model=False)
    if gpus is not None and new.vram_gb is not None and not _said(new, "gpu") \
            and not _said(new, "gpu_text") and not _names_model(new) and new.hours is None \
            and new.method is None and not new.inference:
        # "no i meant the 40gb one", "non je voulais dire la 40 go" after "how much is an a100
        # per hour": the price of that card's variant (was the price list, the card lost).
        varied = _variant(_merge(new, previous, names_model=False), new, previous, gpus)
        if varied.gpu != previous.gpu:
            return varied.model_copy(update={"intent": previous.intent, "earlier_run": run})
    if run is not None and previous.hours is None and new.intent == "prices" \
            and _names_card(new) and not _names_model(new) and new.method is None \
            and new.hours is None and not _run_setting_said(new) \
            and _RUN_ON_CARD.search(folded) is None and words(new.text) <= SHORT_WORDS:
        # "how much is a b200 per hour?" after a run, then "and an h200?", "¿y una h200?",
        # "et une h200 ?": that card's price, as the price before it (was the run from two
        # questions ago on the H200); "and on an h200?" is still the run there.
        return new
    if run is not None:
        return follow_up(new, run, models, gpus)
    if (_names_model(new) or new.largest) and not _names_card(new) \
            and new.intent in ("fit", "memory", "time", "unknown"):
        # "h100" (its price), then "qlora 70b?", "can i run llama 3 70b on it?", "¿y un qlora
        # de 70b ahí?": that run on the card just priced (was the memory alone, card lost).
        merged = _merge(new, previous, names_model=True)
        return merged.model_copy(update={"intent": "time" if new.intent == "time" else "fit"})
    return new


# "how much is that?", "what's the price", "¿cuánto es eso?", "ça fait combien ?" (folded): the
# price of what was just answered; "your prices", "price list", "precios", "tarifs" ask the list.
_THAT_PRICE: Final = lazy(
    r"(?<![a-z])(?:(?:the|that|its|el|su|le|son|ce) (?:price|cost|total|precio|costo|coste|"
    r"prix|cout)(?![a-z])|how much|cuanto|cuanta|combien)"
)
# "3 epochs, price?", "price for 3 epochs", "precio con 3 épocas" (folded): the word alone beside
# a setting of the run said (_run_setting_said) asks the run's cost, not the price list.
_BARE_PRICE: Final = lazy(r"(?<![a-z])(?:price|cost|precio|costo|coste|prix|cout)(?![a-z])")


# "price?", "and the cost?", "total?", "¿precio?", "et le prix ?" (folded): the word alone after
# a run, its cost (was the price list, the run dropped).
_PRICE_WORD_ALONE: Final = lazy(
    r"^\W*(?:(?:and|so|ok|y|e|et|but|pero|mais|what about|how about|que tal)\W+)*"
    r"(?:(?:the|el|le|la) )?(?:price|cost|total|precio|costo|coste|prix|cout)\W*$")


def _run_setting_said(new: Query) -> bool:
    """A setting of a training run said in the message ("3 epochs", "50k rows", "seq 4096")."""
    return any(_said(new, field) for field in (
        "epochs", "dataset_tokens", "dataset_samples", "seq_len", "batch_size", "lora_rank"))


# "per hour?", "hourly?", "and the hourly rate?", "¿y por hora?", "et à l'heure ?" (folded): the
# rate alone, the whole message.
_RATE_ALONE: Final = lazy(
    r"^\W*(?:(?:and|so|ok|y|e|et|but|pero|mais|what about|how about|que tal|the|el|la|le)\W+)*"
    r"(?:(?:price|cost|precio|costo|coste|prix|cout) )?"
    rf"(?:{alt(lx.RATE_WORDS)})(?: (?:price|cost|rate|precio|prix|tarif))?\W*$"
)
# "and in dollars?", "in usd?", "¿y en dólares?", "et en dollars ?" (folded): the currency we
# quote, alone.
# ... or checked: "in usd right?", "is that in dollars?", "es en dólares, no?", "c'est en dollars
# hein ?"
_IN_DOLLARS_ALONE: Final = lazy(
    r"^\W*(?:(?:and|y|e|et|ok|so|but|pero|mais)\W+)*"
    r"(?:(?:is (?:that|it|this)|are (?:those|these|they)|that'?s|it'?s|es|son|esta|estan"
    r"|c'?est|ce sont|sont-ils|c'est bien)\W+)?(?:(?:in|en)\W+)?(?:us\W?dollars?|dollars?|"
    r"dolares?|dolar|usd|us\$|\$|bucks)(?:\W+(?:please|pls|plz|por favor|porfa|svp|stp))?"
    r"(?:\W+(?:right|correct|yes|yeah|no|verdad|cierto|non|hein|c'est ca|n'est-ce pas))?\W*$"
)
_PRICE_LIST: Final = lazy(
    r"(?<![a-z])(?:prices|pricing|price list|rates|precios|tarifas|lista de precios|tarifs|"
    r"grille|your|vuestros|sus|vos|vous)(?![a-z])"
)


def _download_of(new: Query, previous: Query) -> Query | None:
    """"on 500 mbps" after a download's size and time: the same download at that speed; "how
    long to download it?" after a question on a model: that model's download (was "I did not
    understand", or the question without its model)."""
    if _names_model(new) or new.family or _names_card(new) \
            or (previous.params_b is None and previous.model_id is None):
        return None
    # "and the q4 gguf?" after a download: that format's files
    format_only = previous.download_asked and new.method is not None and new.inference \
        and new.intent in ("unknown", "memory", "time", "fit")
    if new.method is not None and not format_only:
        return None
    speed_only = previous.download_asked and new.link_mbps is not None \
        and new.intent in ("unknown", "memory", "time", "fit") and not new.download_asked
    if not speed_only and not format_only and not new.download_asked:
        return None
    kept = speed_only or format_only
    merged = _merge(new, previous, names_model=False)
    card = previous.gpu is not None or previous.vram_gb is not None
    return merged.model_copy(update={
        "download_asked": True, "link_mbps": new.link_mbps if new.link_mbps is not None
        else previous.link_mbps if kept else None,
        "link_bytes": new.link_bytes if new.link_mbps is not None else previous.link_bytes,
        "intent": "fit" if card else "memory", "inference": True,
        "method": new.method if format_only else previous.method if previous.inference
        else None,
        "hours": None, "dataset_tokens": None})


def _rate_of_served(new: Query, previous: Query, folded: str) -> Query | None:
    """"price per million tokens then?", "tokens per dollar?", "and per 1k tokens?" after a
    model served: that model's serving price at decode's bound there (was the price list, or
    not understood). A model named is a question of its own."""
    if _names_model(new) or previous.params_b is None or not previous.inference \
            or new.generate_tokens is not None or new.rate_asked is not None:
        return None
    if not any(p.search(folded) for p in (
            asks.PER_MILLION, asks.PER_TOKEN, asks.PER_THOUSAND, asks.PER_DOLLAR)):
        return None
    _, cost, rate = generation_asked(folded, folded, None, False, "time")
    merged = _merge(new, previous, names_model=False)
    return merged.model_copy(update={
        "intent": "time", "generate_cost": cost, "rate_asked": rate, "speed_asked": True,
        "generate_tokens": None, "dataset_tokens": None, "hours": None, "hours_as": None,
        "budget_usd": None})


def _price_of_run(
    new: Query, previous: Query, folded: str, gpus: Catalogue | None,
) -> Query | None:
    """A price asked of the run just answered, naming nothing else: "how much is that?" (read
    as the price list) is its cost, and "how much per hour?" the hourly price of its
    configuration (the run kept beside it, as after "how much is an H100 per hour?"), or, on a
    card we do not rent, its cost on the cheapest offered configuration that holds it. The rate
    alone ("per hour?", "hourly?", "¿y por hora?", "et à l'heure ?") asks that too."""
    alone = new.intent in ("unknown", "prices") and _RATE_ALONE.match(folded) is not None
    # "and in dollars?", "¿y en dólares?", "et en dollars ?": what the run costs, as "how much
    # is that?" (was "I did not understand"; another currency is refused as before).
    dollars = new.intent == "unknown" and _IN_DOLLARS_ALONE.match(folded) is not None
    # ... and "in eur?", "¿y en euros?": that cost, with the line saying we quote US dollars
    # only (was that line alone).
    other = _currency_asked_alone(new, folded) == "other"
    if other and previous.intent == "fit" and previous.params_b is not None \
            and not previous.inference and previous.hours is None \
            and previous.budget_usd is None:
        # "in euros?" after "does llama 3 8b qlora fit a 4090": no run was priced, so none is
        # (was an illustrative cost on an L40S, made up); the currency answered, with the
        # hourly price of the configuration the verdict was on (render: _currency_alone).
        # Intent "unknown" is not continuable: the fit stays the chat's question.
        lang = new.lang if new.lang_sure or not previous.lang_sure else previous.lang
        return previous.model_copy(update={
            "intent": "unknown", "text": new.text, "follow_up": True,
            "lang": lang or previous.lang, "lang_sure": new.lang_sure or previous.lang_sure,
            "currency_asked": True, "dollars_asked": False})
    word = new.intent in ("unknown", "prices") and _PRICE_WORD_ALONE.match(folded) is not None
    if alone or dollars or other or word:
        new = new.model_copy(update={"intent": "prices", "currency_asked": False})
    if new.intent != "prices" or previous.params_b is None or previous.intent not in _MODEL_INTENTS \
            or _names_model(new) or _names_card(new) or new.method is not None or new.inference \
            or new.hours is not None or new.budget_usd is not None or new.pay_also \
            or new.service_asked or new.start_asked or new.fastest_asked or new.per_minute \
            or new.currency_asked or words(new.text) > SHORT_WORDS \
            or not (alone or dollars or other or word or _THAT_PRICE.search(folded)
                    or (_run_setting_said(new) and _BARE_PRICE.search(folded))) \
            or _PRICE_LIST.search(folded):
        return None
    card = gpus.gpu_or_none(previous.gpu) if gpus is not None and previous.gpu else None
    if px.RATE.search(folded) and card is not None and card.rented:
        lang = new.lang if new.lang_sure or not previous.lang_sure else previous.lang
        return new.model_copy(update={
            "intent": "prices", "gpu": previous.gpu, "gpu_count": previous.gpu_count,
            "gpu_memory_gb": previous.gpu_memory_gb, "rig": previous.rig,
            "gpu_variant_assumed": previous.gpu_variant_assumed, "follow_up": True,
            "lang": lang, "lang_sure": new.lang_sure or previous.lang_sure,
        })
    cost = _merge(new.model_copy(update={"intent": "cost"}), previous, names_model=False)
    return cost.model_copy(update={"dollars_asked": dollars, "currency_asked": other})


# "i have 2 days", "and if i only have 12 hours?", "deadline is friday": the time said is all
# there is (folded).
_TIME_LEFT: Final = lazy(
    r"(?<![a-z])(?:i (?:only |just )?(?:have|got)|(?:only|just) (?:have|got)|have only|"
    r"deadline|due|tengo|solo tengo|j'ai|je n'ai que|il me reste|me quedan)(?![a-z])"
)


# "and in 1 hour?", "¿y en 1 hora?", "et en 1 heure ?", "within 2 hours?", "in under an hour?",
# "en moins d'une heure ?" (folded): hours to finish in, not hours to pay for.
_WITHIN: Final = lazy(
    r"(?<![a-z])(?:in|en|within|under|dentro de|menos de|moins de|moins d'|d'ici)(?![a-z])")

_CHEAPEST: Final = lazy(r"(?<![a-z])(?:cheapest|cheaper|least expensive|mas barat(?:it)?[ao]s?|"
                        r"moins cher\w*)(?![a-z])")


def _deadline_of_run(new: Query, previous: Query) -> Query | None:
    """A deadline said after a run on a dataset ("qlora llama 3 70b on 200k samples", then "i
    have 2 days, what should i rent?", "by tomorrow, which gpu?", "and if i only have 12
    hours?"): that run, timed on the cheapest offered configuration finishing in time (was the
    price list, or its cost for those hours)."""
    # "and if i want to finish in 2 hours with 10M tokens?" after "which gpu for a lora of
    # llama 3 8b?": the data said with the deadline (was that run priced for 2 hours)
    data = previous.dataset_tokens is not None or bool(previous.dataset_samples) \
        or new.dataset_tokens is not None or bool(new.dataset_samples)
    if previous.intent not in _MODEL_INTENTS or previous.params_b is None or previous.inference \
            or not data or _names_model(new) or _names_card(new) or new.budget_usd is not None:
        return None
    folded = fold(new.text)
    tomorrow = new.hours is None and asks.TOMORROW.search(folded) is not None
    short = words(new.text) <= SHORT_WORDS
    # "… by monday" asked back for its hours: "60 hours" is the deadline.
    picked = previous.deadline_pick or previous.fastest_run or previous.deadline_day is not None \
        or previous.deadline_daypart is not None
    if previous.fastest_run and short and _CHEAPEST.search(folded):
        # "and the cheapest?" after the fastest: where the run costs least
        return _merge(new, previous, names_model=False).model_copy(
            update={"intent": "time", "fastest_run": False})
    said = tomorrow or (new.hours is not None and (
        px.RECOMMEND.search(folded) or _TIME_LEFT.search(folded) or asks.DEADLINE.search(folded)
        or (picked and short)
        # "and in 1 hour?" after a run's time or cost on its data: whether it finishes in it
        # (was that run priced for 1 hour, "This run uses $2.32 … 1 hour", a run of 1.97)
        or (short and previous.intent in ("time", "cost") and previous.hours is None
            and _WITHIN.search(folded) is not None)))
    if not said:
        if previous.deadline_pick and short and new.hours is None and (
                new.method is not None or _continues(new)):
            # "and with lora?" after "… which gpu by tomorrow?": that deadline kept
            return _merge(new, previous, names_model=False).model_copy(update={
                "intent": "time", "deadline_asked": True, "deadline_pick": True,
                "hours": previous.hours, "hours_as": previous.hours_as})
        return None
    merged = _merge(new, previous, names_model=False)
    hours = TOMORROW_HOURS if tomorrow else new.hours
    # On a card named before ("i have a 4090", a run timed there): whether it finishes there.
    on_card = previous.gpu is not None or previous.vram_gb is not None
    return merged.model_copy(update={
        "intent": "time", "hours": hours, "hours_as": "tomorrow" if tomorrow else new.hours_as,
        "deadline_asked": True, "deadline_pick": not on_card, "fastest_run": False,
        "deadline_day": None, "deadline_daypart": None, "hours_per_day": None,
        "days_per_week": None})


def _daily_hours(new: Query, previous: Query) -> Decimal | None:
    """"what if i only need it 8 hours a day" after a week or a month priced: those hours on
    each day of that span (was 8 hours in all)."""
    per_day, span = new.hours_per_day, previous.hours
    if per_day is None or new.hours != per_day or span is None or span < 48 \
            or previous.hours_per_day is not None:
        return None
    return px.hours_a_day_over(span, per_day, new.days_per_week or 7)


# "which one?", "cual?", "lequel ?" alone (folded), after two cards compared: which to pick;
# also "which is better?", "¿cuál es mejor?", "lequel est le mieux ?", "je prends laquelle ?".
_WHICH_ONE: Final = lazy(
    r"^\W*(?:(?:and|so|ok|y|et|bon|alors|entonces|pues|du coup) )*"
    r"(?:(?:je|tu) (?:prends|choisis) )?(?:which|cual|laquelle|lequel)"
    r"(?: one| of (?:the|them)(?: two)?| de (?:las|los) dos| des deux)?"
    r"(?: (?:is|es|est) (?:(?:the|el|la|le) )?(?:better|best|mejor|mieux|meilleure?))?\W*$"
)


# "which is better for 70b lora?", "cual conviene para lora de 70b?", "laquelle est mieux
# pour un lora 70b ?" (folded): which of the two cards just asked, for the run it names.
_WHICH_FOR: Final = lazy(
    r"^\W*(?:(?:and|so|ok|y|et|bon|alors|entonces|pues|du coup) )*"
    r"(?:(?:je|tu) (?:prends|choisis) )?"
    r"(?:which|cual|laquelle|lequel|(?:quelle|quel) (?:carte|gpu))(?![a-z])"
)


# "cheaper option?", "anything cheaper?", "una opción más barata?", "une autre option moins
# chère ?" (folded): something else that costs less, not a pick between the cards just asked.
_OTHER_OPTION: Final = lazy(
    r"(?<![a-z])(?:options?|alternatives?|anything|something|else|opcion|opciones|alternativas?|"
    r"algo|otra|otro|autre|autres|quelque chose)(?![a-z])")


def _pick_of_two(new: Query, previous: Query) -> Query | None:
    """"which is cheaper?", "which one should i pick?", "¿cuál me conviene?", "lequel je
    prends ?" after two cards compared for a run: that comparison with its per-run cost
    verdict leading (was the first card's verdict, the cheapest GPUs, or "I did not
    understand"). After two cards priced in turn ("price of h200", "and b200?"), "which is
    better for 70b lora?" compares the two for that run (was the run on the last card alone)."""
    two = (previous.intent == "compare" and bool(previous.other_gpus)) \
        or previous.card_before is not None
    if not two or _names_card(new):
        return None
    folded = fold(new.text)
    if _names_model(new):
        # the run said after "which" may be long: "which one for qlora llama 3 8b on 20k samples"
        if _WHICH_FOR.search(folded) is None or words(new.text) > SHORT_WORDS + 6:
            return None
        previous = _merge(new, previous, names_model=True).model_copy(update={
            "intent": "compare", "card_before": previous.card_before})
    elif words(new.text) > SHORT_WORDS \
            or (asks.CHEAPER.search(folded) is None and _WHICH_ONE.search(folded) is None):
        return None
    elif _WHICH_ONE.search(folded) is None and _OTHER_OPTION.search(folded) is not None:
        return None  # "cheaper option?", "anything cheaper?": other cards, not one of the two
    if previous.params_b is None and not (is_gpu_time(previous) and previous.card_before):
        return None
    lang = new.lang if new.lang_sure or not previous.lang_sure else previous.lang
    if previous.card_before is not None and previous.gpu is not None:
        # The run asked on two cards in two turns ("… on an h100", "and on an a100?"): those
        # two compared, the first one first (was the last card's verdict alone).
        gpu, count = previous.card_before
        previous = previous.model_copy(update={
            "intent": "compare", "gpu": gpu, "gpu_count": count, "gpu_text": None,
            "gpu_memory_gb": None, "gpu_variant_assumed": False, "vram_gb": None,
            "other_gpus": (previous.gpu,), "other_gpu_count": previous.gpu_count or 1,
            "card_before": None})
    return previous.model_copy(update={
        "text": new.text, "cheaper_asked": True, "follow_up": True,
        "lang": lang, "lang_sure": new.lang_sure or previous.lang_sure,
    })


def _in_dollars(new: Query, previous: Query) -> Query | None:
    """A budget or an alert price refused in another currency ("tengo 100 euros pa entrenar
    llama 3 8b", "préviens-moi si le h100 passe sous 2 €"), then the sum said in dollars alone
    ("100 dolares", "ok $100", "2 $ alors"): the same question with it, as the refusal asked
    (was "I did not understand")."""
    amount = new.budget_usd if new.budget_usd is not None else new.sum_usd
    if not previous.money_foreign or amount is None or new.money_foreign \
            or _names_model(new) or _names_card(new) or words(new.text) > SHORT_WORDS:
        return None
    money: dict[str, object] = {"threshold_usd": amount} if previous.intent == "alert" \
        else {"budget_usd": amount, "budget_coin": new.budget_coin}
    lang = new.lang if new.lang_sure or not previous.lang_sure else previous.lang
    return previous.model_copy(update={
        **money, "money_foreign": False, "text": new.text, "follow_up": True,
        "lang": lang, "lang_sure": new.lang_sure or previous.lang_sure,
    })


# "y con 100?", "and with 200 bucks?", "et avec 50 € ?", "what about $500?": another sum
# alone, a joining word and "with" before it at most (folded: the euro sign is gone by then).
_OTHER_SUM: Final = lazy(
    r"^\W*(?:(?:and|y|e|et|or|o|ou|but|pero|mais)\s+)?(?:(?:what|how) about\s+|(?:y|et) si\s+)?"
    r"(?P<with>(?:with|w/?|con|avec|for|por|para|pour)\s+)?(?:(?:only|just|solo|seulement)\s+)?"
    r"(?P<before>us\s?\$|\$|usd)?\s*(?P<n>\d+)\s*(?P<k>k)?\s*"
    r"(?P<after>us\s?\$|\$|usd|dollars?|dolares?|dolar|bucks|pavos|euros?|eur|pounds?|libras?"
    r"|quid)?\s*[?!.\s]*$")


# "cancel the alert", "borra mi alerta", "supprime l'alerte" (folded): the one alert the chat set.
_ONE_ALERT: Final = lazy(
    r"(?<![a-z])(?:(?:the|that|this|my) (?:price )?alert|(?:la|esa|esta|mi) alerta"
    r"|(?:l'|cette |mon )alerte)(?![a-z])")
# What a price answers in: its figures, in dollars or asked in another currency.
_PRICED_INTENTS: Final = frozenset({"prices", "cost", "compare", "recommend"})


def _currency_asked_alone(new: Query, folded: str) -> str | None:
    """"in dollars?", "¿y en dólares?", "et en dollars ?": "usd"; "in eur?", "¿y en euros?",
    "et en euros ?", "how much is that in euros?": "other"; None when the message asks more."""
    if _names_model(new) or _names_card(new) or new.hours is not None \
            or new.budget_usd is not None or new.money_foreign or new.method is not None:
        return None
    if new.intent == "unknown" and _IN_DOLLARS_ALONE.match(folded) is not None:
        return "usd"
    if new.currency_asked and new.intent in ("unknown", "prices") \
            and words(new.text) <= _CURRENCY_WORDS:
        return "other"
    return None


_CURRENCY_WORDS: Final = 6


def _currency_of_price(new: Query, previous: Query) -> Query | None:
    """A price or a cost answered ("how much is an h100 per hour"), then its currency asked
    alone: "in dollars?" is the same price, said to be in US dollars (was "I did not
    understand"); "in eur?" the same price with the line saying we quote US dollars only and
    convert nothing (was that line alone, the figure dropped)."""
    if previous.intent not in _PRICED_INTENTS or previous.money_foreign:
        return None
    asked = _currency_asked_alone(new, fold(new.text))
    if asked is None:
        return None
    lang = new.lang if new.lang_sure or not previous.lang_sure else previous.lang
    return previous.model_copy(update={
        "text": new.text, "follow_up": True, "lang": lang or previous.lang,
        "lang_sure": new.lang_sure or previous.lang_sure,
        "dollars_asked": asked == "usd", "currency_asked": asked == "other"})


def other_budget(new: Query, previous: Query) -> Query | None:
    """A question asked with a budget ("que puedo entrenar con 20 dolares?"), then another sum
    alone ("y con 100 dolares?", "and with 200 bucks?", "y con 100?"): the same question with
    that budget (was the hours it buys alone, or "I did not understand"); in another currency
    ("et avec 50 € ?"), the same question refused in it, as a budget in euros is."""
    if previous.budget_usd is None or previous.intent in _ALERT_INTENTS \
            or previous.intent in ("pay", "prices") or _names_model(new) or _names_card(new) \
            or new.hours is not None:
        return None
    found = _OTHER_SUM.match(fold(new.text))
    foreign = new.money_foreign or px.FOREIGN_MONEY.search(new.text) is not None
    if found is None or not (found.group("with") or found.group("before") or found.group("after")
                             or foreign):
        return None  # "and 8?" after a budget for an H100's hours may be 8 of them
    money: dict[str, object]
    if foreign:
        money = {"budget_usd": None, "money_foreign": True, "budget_coin": None}
    else:
        amount = new.budget_usd if new.budget_usd is not None else new.sum_usd
        if amount is None:  # "y con 100?": the number alone, in the dollars said before
            amount = Decimal(found.group("n")) * (1000 if found.group("k") else 1)
        if amount <= 0:
            return None
        money = {"budget_usd": amount, "budget_coin": new.budget_coin}
    lang = new.lang if new.lang_sure or not previous.lang_sure else previous.lang
    return previous.model_copy(update={
        **money, "text": new.text, "follow_up": True,
        "lang": lang, "lang_sure": new.lang_sure or previous.lang_sure,
    })


def is_gpu_price(query: Query) -> bool:
    """"how much is an H100 per hour?", "¿cuánto cuestan 8 H100 por hora?": one configuration's
    price, which "and 8?" or "and for 10 hours?" continues."""
    return query.intent == "prices" and query.params_b is None and query.hours is None and (
        _said(query, "gpu")) and not query.family


def _completes_dataset_run(new: Query, previous: Query) -> bool:
    """A time or cost of a dataset asked with no model ("how long for 50M tokens?"), then the
    model (with a GPU or not) and no dataset of its own: the run on the tokens said before."""
    return previous.dataset_tokens is not None and previous.intent in ("time", "cost") \
        and not previous.family and _names_model(new) and not new.family \
        and new.dataset_tokens is None and new.dataset_samples is None \
        and new.intent in _MODEL_INTENTS and not new.text.lstrip().startswith("/")


def _variant(merged: Query, new: Query, previous: Query, gpus: Catalogue) -> Query:
    """"no, I meant the 40GB one", "me refería a la de 40 GB", "celui de 40 Go" after a question
    about the A100 80GB: the previous card's variant with that memory, not an unnamed 40 GB GPU."""
    if new.vram_gb is None or _said(new, "gpu") or _said(new, "gpu_text") or previous.gpu is None:
        return merged
    card = gpus.gpu_or_none(previous.gpu)
    if card is None:
        return merged
    same = [v for v in gpus.variants(card) if v.vram_gb == new.vram_gb]
    if not same:
        return merged
    # ... and "12gb btw" after "a 3060" read as the 12 GB one: that card, confirmed (was a GPU
    # of 12 GB, unnamed, timed on a rented L40S for want of its peak)
    return merged.model_copy(update={
        "gpu": same[0].id, "vram_gb": None, "gpu_text": None, "gpu_variant_assumed": False,
        "gpu_count": new.gpu_count if new.gpu_count is not None else previous.gpu_count,
    })


def _sibling(merged: Query, previous: Query, models: ModelCatalogue) -> Query:
    """"what about 70b?", "¿y con 70b?", "et en 70b ?" after a question about Llama 3 8B: Llama 3
    70B, the member of the same family at the size said, where the catalogue holds one (after
    Mistral 7B, "and 13b?" stays a 13B model: there is no Mistral 13B)."""
    if merged.model_id is not None or merged.family or merged.params_b is None \
            or previous.model_id is None:
        return merged
    own = models.get(previous.model_id).name
    sized = _SIZE_PRINTED.search(own)
    family = own[: sized.start()] if sized is not None else own.split(" (")[0]
    # "and the distill 32b?" after DeepSeek-R1, "and the coder 7b?" after Qwen2.5 7B: a variant
    # of the model's name at that size, the words said picking it out.
    said = {"distill" if _DISTILLED_WORD.fullmatch(w) else w
            for w in _WORDS.findall(fold(merged.text)) if len(w) >= 4} - set(
        _WORDS.findall(fold(own)))
    if said:
        # only the words some model's name holds: "¿y la versión destilada de 32b?", "what
        # about the 32b distill?" pick the distill as "the distill 32b" does (the other words
        # matched no name, so none was picked)
        said &= {w for spec in models for w in _WORDS.findall(fold(spec.name))}
    found = [
        spec for spec in models
        if fold(spec.name).startswith(fold(family)) and spec.id != previous.model_id
        and printed_size(spec.name) == merged.params_b
        and said and said <= set(_WORDS.findall(fold(spec.name)))
    ]
    if len(found) == 1:
        return merged.model_copy(update={
            "model_id": found[0].id, "params_b": found[0].params_b, "shape_model": None})
    if sized is not None:
        for spec in models:
            printed = _SIZE_PRINTED.search(spec.name)
            if printed is not None and spec.name[: printed.start()] == family \
                    and Decimal(printed.group(1)) == merged.params_b:
                return merged.model_copy(update={
                    "model_id": spec.id, "params_b": spec.params_b, "shape_model": None,
                })
        brand = fold(family).split()[0].split("-")[0]
        kin = [spec for spec in models
               if fold(spec.name).startswith(brand) and printed_size(spec.name) == merged.params_b]
        if merged.params_b != previous.params_b and not said and len(kin) == 1:
            # "and 405b?" after Llama 3 70B: no Llama 3 405B, one Llama of 405B (Llama 3.1
            # 405B): that one, and the reply says the family has none (was an unnamed 405B
            # model, unsaid). By the size its name prints: "and 1b?" after Llama 3 8B is
            # Llama 3.2 1B (1.23B parameters; was an unnamed 1B model).
            return merged.model_copy(update={
                "model_id": kin[0].id, "params_b": kin[0].params_b, "shape_model": None,
                "no_size_in": family})
        if merged.params_b != previous.params_b and not said and not kin:
            # "and 72b?" after Llama 3 70B: no Llama 3 72B (nor any Llama of 72B), so a 72B
            # model, and the reply says the family has none (was silent: the model dropped
            # unsaid). Not after DeepSeek-R1-Distill-Qwen-32B, whose 70B is a Llama distill.
            return merged.model_copy(update={"no_size_in": family})
    return merged


_WORDS: Final = lazy(r"[a-z]+")
# "distilled", "destilada", "distillée" (folded): the "Distill" of DeepSeek-R1's distills' names.
_DISTILLED_WORD: Final = lazy(r"d[ei]still?(?:ed|ation|ee?s?|ad[oa]s?|acion)?")
_ANY_SIZE: Final = lazy(r"(\d+(?:\.\d+)?)[bB](?![a-zA-Z])")


def printed_size(name: str) -> Decimal | None:
    """The size a name prints last ("DeepSeek-R1-Distill-Qwen-32B" → 32)."""
    found = _ANY_SIZE.findall(name)
    return Decimal(found[-1]) if found else None


# What a follow-up naming nothing asks of the previous run: "what's the max context?", "max
# batch size?", "how many tok/s?", "how long would it take?" (read only with a model, in a
# question of its own).
_Cue = str


def _users_asked(new: Query, folded: str) -> bool:
    """"et combien d'utilisateurs en même temps ?" (read as a price: "combien"), naming no GPU
    nor model: how many sequences the previous run serves at once."""
    return new.intent == "prices" and new.batch_size is None and not _names_model(new) \
        and not (_said(new, "gpu") or _said(new, "vram_gb")) \
        and asks.CONCURRENCY_ASK.search(folded) is not None


def _run_asked(new: Query, folded: str, timed: bool = False) -> _Cue | None:
    if _users_asked(new, folded):
        return "concurrency"
    if new.intent == "fit" and new.batch_size is None and not _names_model(new) \
            and _names_card(new) and asks.CONCURRENCY_ASK.search(folded):
        # "how many users on 2 h100" after "serve mixtral 8x7b": how many it serves there (was
        # the fit verdict alone, the users asked unanswered)
        return "concurrency"
    if (new.hours is None or timed) and new.intent in ("unknown", "cost", "time") \
            and asks.DEADLINE.search(folded):
        # "will it finish overnight?", "¿se termina en una noche?": how long; after a run on
        # a dataset, "will it be done in a day?" too (the day is the deadline, not hours to buy).
        return "time"
    if timed and new.intent in ("unknown", "cost", "time", "fit") \
            and (new.hours is not None or asks.NIGHT.search(folded)) \
            and asks.DEADLINE_ENOUGH.search(folded):
        # "is a day enough?", "is a night enough?" after a run on a dataset: the time said is
        # the deadline (was the day's cost on the card).
        return "time"
    if new.intent not in ("unknown", "cost", "memory", "time") or new.hours is not None \
            or new.budget_usd is not None:
        return None
    if new.seq_len is None and asks.CONTEXT_ASK.search(folded):
        return "context"
    if new.batch_size is None and new.batch_asked:
        return "batch"
    if new.batch_size is None and asks.CONCURRENCY_ASK.search(folded):
        return "concurrency"  # "y cuántos usuarios aguanta?", "et combien d'utilisateurs ?"
    if px.PREFILL.search(folded) and not asks.SPEED_ASK.search(folded):
        return "prefill"  # "and the prefill of an 8k prompt?", "et le temps avant le premier token ?"
    if new.tokens_per_second is None and (
            asks.SPEED_ASK.search(folded) or asks.TRAIN_SPEED_ASK.search(folded)):
        return "speed"
    if new.intent in ("cost", "time") and px.DURATION_QUESTION.search(folded) \
            and not px.COST.search(folded):
        return "time"  # "how long would it take?", "how long for 50M tokens?"
    if new.intent == "memory" and px.MEMORY.search(folded):
        return "memory"  # "how much vram exactly?": where the run's memory goes
    return None


def _bare_hours(new: Query, previous: Query, folded: str) -> Decimal | None:
    """"y por 24?", "and for 24?", "et pour 48 ?" after a question with hours: the same number of
    the previous unit, hours (a bare number said after "for" reads as nothing on its own); "what
    about 8?" too, after hours on one card."""
    if new.intent != "unknown" or previous.hours is None or new.hours is not None \
            or _names_model(new) or _said(new, "gpu") or _said(new, "vram_gb"):
        return None
    said = _BARE_HOURS.match(folded)
    if said is None and previous.intent in ("cost", "fit") and previous.gpu_count in (None, 1) \
            and not previous.count_asked:
        # "how much for 20 hours on an h100" (or "qlora 70b on an h100 for 20 hours") → "what
        # about 8?": the hours were the number said, the card was not counted, so 8 hours (was
        # 8× H100 for 20 hours, or "I did not understand"). A count said
        # ("… on 2 h100s") leaves the number to _bare_count.
        said = _BARE_NUMBER.match(folded)
    elif said is None and previous.intent == "cost" and (previous.gpu_count or 1) > 1:
        # "how much for 10 hours?" on 8× H100, then "and 20?": more cards than an instance
        # has are no count, so 20 hours (was "20 of what?")
        bare = _BARE_NUMBER.match(folded)
        said = bare if bare is not None and bare.group(1).isdigit() \
            and int(bare.group(1)) > _MOST_CARDS else None
    if said is None:
        return None
    value = Decimal(said.group(1).replace(",", "."))
    return value if 0 < value <= 100_000 else None


# Hours said as such ("for 10 hours", "10h", "por 10 horas", "pendant 10 heures"; folded).
_HOURS_SAID: Final = lazy(
    r"(?<![a-z0-9.,])\d+(?:[.,]\d+)?\s*(?:h|hrs?|hours?|horas?|heures?)(?![a-z0-9])")


def _counted_gpu_time(new: Query, previous: Query | None) -> bool:
    """A number alone ("and 8?", "¿y 8?", "et 8 ?") after cards and hours said ("how much is 2
    h100 for 10 hours", "an h100 for 10 hours"): either could be the one meant."""
    return previous is not None and is_gpu_time(previous) \
        and _HOURS_SAID.search(fold(previous.text)) is not None \
        and (number := _BARE_NUMBER.match(fold(new.text))) is not None \
        and number.group(1).isdigit()


def _hours_beyond_instance(new: Query, previous: Query, folded: str,
                           gpus: Catalogue | None) -> Decimal | None:
    """"and 24?" after "how much is 2 h100 for 10 hours": more GPUs than one instance holds
    (rules/data/service.toml limits.max_gpus), so the hours; None otherwise."""
    if gpus is None or new.intent != "unknown" or _names_card(new) or _names_model(new) \
            or not _counted_gpu_time(new, previous):
        return None
    said = _BARE_NUMBER.match(folded)
    assert said is not None  # _counted_gpu_time
    value = Decimal(said.group(1))
    return value if gpus.limits.max_gpus < value <= 100_000 else None


def number_read(asked: Query, previous: Query | None, query: Query) -> str | None:
    """How a number alone after a count of cards and hours was read ("how much is 2 h100 for
    10 hours", then "and 8?"): "gpus" (8× H100 for 10 hours) or "hours" ("and 24?": 2× H100
    for 24 hours), which the reply says with how to ask the other; None for anything else
    ("and 8 hours?", "and 8 gpus?" say which)."""
    if previous is None or not _counted_gpu_time(asked, previous):
        return None
    if query.gpu_count != previous.gpu_count and query.hours == previous.hours:
        return "gpus"
    if query.hours != previous.hours and query.gpu_count == previous.gpu_count:
        return "hours"
    return None


def other_reading(read: str, query: Query, previous: Query | None
                  ) -> tuple[Literal["hours", "gpus"], int, Decimal]:
    """The reading of the number `number_read` did not take: after 2× H100 for 10 hours, "and
    8?" read as 8 GPUs leaves 8 hours on 2 GPUs; "and 24?" read as hours, 24 GPUs for 10."""
    assert previous is not None and query.hours is not None
    if read == "gpus":
        return "hours", previous.gpu_count or 1, Decimal(query.gpu_count or 1)
    return "gpus", int(query.hours), previous.hours or query.hours


# "8 hours", "no, i meant hours", "quise decir horas", "je voulais dire 8 heures" (folded): the
# unit of a number just read as the other one.
_MEANT: Final = (r"^\W*(?:(?:no|non|nope|sorry|perdon|pardon|oops)\W+)?(?:(?:i )?meant |quise decir "
                 r"|queria decir |me referia a |je voulais dire |je parlais d'?)?(?:(?:en |las |los "
                 r"|les |des |de )?)(?:(?P<num>\d+)\s*)?")
_MEANT_HOURS: Final = lazy(_MEANT + r"(?:hours?|hrs?|h|horas?|heures?)\W*$")
_MEANT_GPUS: Final = lazy(_MEANT + r"(?:gpus?|cards?|tarjetas?|graficas?|cartes?)\W*$")


def _reading_corrected(new: Query, previous: Query) -> Query | None:
    """"8 hours", "i meant hours", "no, 8 gpus" right after a number read as the other one
    ("and 8?" after 2× H100 for 10 hours, read as 8 GPUs and said so): the other reading
    (2× H100 for 8 hours; was 8× H100 for 8 hours, or not understood)."""
    if _names_model(new) or _names_card(new):
        return None
    if previous.number_unclear is not None:
        # "8 of what?" asked back of 70B on 2× H100 for 10 hours: "hours" is 8 hours, "gpus" 8
        # of the card (was "I did not understand")
        n, folded = previous.number_unclear, fold(new.text)
        hours_said, gpus_said = _MEANT_HOURS.match(folded), _MEANT_GPUS.match(folded)
        said = hours_said or gpus_said
        if said is None or said.group("num") is not None:
            return None  # "8 hours", "8 gpus": read as any follow-up reads them, as before
        # as its examples, "and for 8 hours?" (its cost) and "and on 8× H100?", read
        update: dict[str, object] = {"hours": Decimal(n), "intent": "cost"} if hours_said \
            else {"gpu_count": n}
        return previous.model_copy(update={
            **update, "text": new.text, "number_unclear": None, "follow_up": True,
            "lang": new.lang or previous.lang, "lang_sure": new.lang_sure or previous.lang_sure})
    if previous.other_reading is None:
        return None
    unit, count, hours = previous.other_reading
    said = (_MEANT_HOURS if unit == "hours" else _MEANT_GPUS).match(fold(new.text))
    number = hours if unit == "hours" else Decimal(count)
    if said is None or (said.group("num") is not None and Decimal(said.group("num")) != number):
        return None
    return previous.model_copy(update={
        "text": new.text, "gpu_count": count, "hours": hours, "other_reading": None,
        "follow_up": True, "lang": new.lang or previous.lang,
        "lang_sure": new.lang_sure or previous.lang_sure})


# The hours of one day, week, month (30 days) and year (365 days) of rental (parse._HOURS_PER).
_SPANS: Final = frozenset({Decimal(24), Decimal(168), Decimal(720), Decimal(8760)})


def _one_span(previous: Query) -> Decimal | None:
    """The hours of the one day, week, month or year the previous question rented one card for,
    said with no number ("how much is an a100 for a week", "una h100 un mes", "an h100 per
    month"); None when it said a number of hours or days, or more than one card."""
    if previous.intent != "cost" or previous.hours not in _SPANS or previous.gpu is None \
            or (previous.gpu_count or 1) != 1 or previous.count_asked or _names_model(previous) \
            or previous.hours_per_day is not None:
        return None
    folded = fold(previous.text)
    for match in px.HOURS_WORDS.finditer(folded):
        if lx.AMOUNT_WORDS.get(match.group("word")) == 1 and not px.HOUR_UNIT.match(
                match.group("unit")):
            return previous.hours
    spans = (px.MONTHLY, px.WEEKLY, px.DAILY, px.THE_UNIT)
    return previous.hours if any(p.search(folded) for p in spans) else None


def _span_or_count(new: Query, previous: Query, folded: str) -> Query | None:
    """"and 2?", "¿y 2?", "et 2 ?" after one card rented for one day, week, month or year:
    2 of the card for that span (as "and two?" is), and the reply says that the card for 2
    of them costs the same GPU-hours; "and for 3?", "¿y por 3?" are 3 of the span on the one
    card. Was 2 hours, a reading no one means after "for a month". None otherwise."""
    span = _one_span(previous)
    if new.intent not in ("unknown", "cost") or _names_model(new) \
            or _said(new, "gpu") or _said(new, "gpu_text") or _said(new, "vram_gb") \
            or new.hours is not None or new.budget_usd is not None:
        return None
    counted = previous.span_unit is not None and (previous.gpu_count or 1) == 1 \
        and previous.intent == "cost" and previous.hours is not None
    if span is None and not counted:
        return None
    said = _BARE_HOURS.match(folded)
    if counted:
        # "and for 2?" (months) then "and 3?": 3 months, the unit the chat counts in.
        span = previous.span_unit
        said = said or _BARE_NUMBER.match(folded)
    assert span is not None
    if said is not None:
        raw = said.group(1)
        if not raw.isdigit() or not 1 < int(raw) <= _SPAN_TIMES:
            return None  # "and for 48?" after a day: 48 hours (_bare_hours)
        n = int(raw)
        merged = _merge(new.model_copy(update={
            "hours": span * n, "hours_as": previous.hours_as, "intent": "cost"}), previous,
            names_model=False)
        other: tuple[int, Decimal] | None = (n, span) if n <= _MOST_CARDS else None
        return merged.model_copy(update={"same_gpu_hours": other, "span_unit": span})
    said = _BARE_NUMBER.match(folded) or _BARE_COUNT.match(folded)
    if said is None:
        return None
    raw = said.group(1)
    n = int(raw) if raw.isdigit() else lx.COUNT_WORDS.get(raw, 0)
    if not 1 < n <= _MOST_CARDS:
        return None  # "and 30?" after a day: not 30 cards (hours, read as before)
    merged = _merge(new.model_copy(update={"gpu_count": n, "intent": "cost"}), previous,
                    names_model=False)
    return merged.model_copy(update={"same_gpu_hours": (1, span * n)})


# A number after "for" read as that many days, weeks, months or years up to this (beyond it,
# "and for 48?" after a day is hours), and as that many cards up to an instance's most.
_SPAN_TIMES: Final = 31
_MOST_CARDS: Final = 8


def _bare_users(new: Query, previous: Query, folded: str) -> int | None:
    """"and for 50?", "¿y para 50?", "et pour 50 ?" after a model served to a number of people
    with no hours: that many people (was "I did not understand")."""
    if previous.users is None or previous.hours is not None or new.users is not None \
            or new.intent != "unknown" or _names_model(new) or _said(new, "gpu") \
            or _said(new, "vram_gb"):
        return None
    said = _BARE_USERS.match(folded)
    if said is None:
        return None
    value = int(said.group(1))
    return value if 0 < value <= 100_000 else None


def _bare_length(new: Query, previous: Query, folded: str) -> int | None:
    """"and with 32k?" after "serve llama 3.1 8b with vllm on an L4 max_model_len 8192", "what
    about 16k" after "qlora … seq 4096" or "qlora llama 3 8b on a 4090": the previous
    question's length, now 32,768 tokens (was "I did not understand"). Not after a run timed
    on a dataset, where "and 50k?" counts samples."""
    if new.seq_len is not None or new.hours is not None or _names_model(new) \
            or _said(new, "gpu") or _said(new, "vram_gb") \
            or previous.dataset_tokens is not None or previous.dataset_samples is not None \
            or previous.intent not in ("fit", "memory"):
        return None
    said = _BARE_LENGTH.match(folded)
    if said is None:
        return None
    value = int(said.group(1))
    return k_tokens(Decimal(value)) if value >= 1 else None


# The context a run is answered at when none is said and no engine or runner sets one: the
# typical 2,048 tokens (bot.detail.DEFAULT_SEQ_LEN, which tests/test_conv39.py holds equal).
ASSUMED_CONTEXT: Final = 2048
# "and if i double the context", "what if i halve the ctx", "y si duplico el contexto", "et si
# je double le contexte" (folded): the context scaled.
_CONTEXT_SCALED: Final = lazy(
    r"(?<![a-z])(?P<how>double[sd]?|doubling|twice|2x|x2|half|halve[sd]?|duplic\w*|"
    r"el doble|la mitad|moitie|deux fois)(?![a-z]).{0,20}(?<![a-z])(?:context\w*|ctx|"
    r"seq(?:uence)? len(?:gth)?|sequence length|longueur)(?![a-z])"
)


def _context_scaled(new: Query, previous: Query, folded: str) -> int | None:
    """"and if i double the context" after a model served or trained at a context said or the
    typical one assumed: twice that context (was the longest context that fits, asked by the
    word "context"). Not after an engine or a runner, whose own default context is the one
    answered."""
    said = _CONTEXT_SCALED.search(folded)
    if said is None or new.seq_len is not None or previous.params_b is None \
            or _names_model(new) or _names_card(new) or words(new.text) > SHORT_WORDS:
        return None
    base = previous.seq_len
    if base is None and (previous.engine is not None or previous.runner is not None
                         or previous.mlx or previous.context_asked):
        return None
    how = said.group("how")
    half = how.startswith(("half", "halve", "la mitad", "moitie"))
    return (base or ASSUMED_CONTEXT) // 2 if half else (base or ASSUMED_CONTEXT) * 2


def _bare_count(new: Query, previous: Query, folded: str, digit_counts: bool = False) -> int | None:
    """"¿y 8?", "et deux ?", "and two?", "¿y con 8?" after a question on a GPU, saying nothing
    else: that many of the GPU. A bare digit after a question about a model may be its size
    ("and 8?"), so only a count word is read there, or a digit with a verb of taking cards
    ("¿y si uso 2?", "and if i use 4?": "use" alone reads as serving, not here), unless
    `digit_counts` (a count asked back, where the size is named as the other reading)."""
    if _names_model(new) or _said(new, "gpu") or _said(new, "gpu_text") or _said(new, "vram_gb") \
            or new.hours is not None or (new.intent not in ("unknown", "fit", "cost")
                                         and not (new.serving_implied and _USES.search(folded))) \
            or not (_said(previous, "gpu") or _said(previous, "vram_gb")):
        return None
    said = _BARE_COUNT.match(folded)
    if said is None:
        return None
    raw = said.group(1)
    if raw.isdigit() and previous.params_b is not None and new.gpu_count is None \
            and not digit_counts and not _USES.search(folded) and not _COUNTED.search(folded):
        return None
    count = int(raw) if raw.isdigit() else lx.COUNT_WORDS[raw]
    return count if 0 < count <= 64 else None


def _more_gpus(new: Query, previous: Query, folded: str) -> int | None:
    """"and with 2 more?", "¿y con dos más?", "et avec 2 de plus ?" after a question on GPUs,
    naming no model nor GPU of its own: the previous count and that many more."""
    if _names_model(new) or not (_said(previous, "gpu") or _said(previous, "vram_gb")) \
            or words(new.text) > SHORT_WORDS + 2:
        return None
    nth = _NTH_GPU.search(folded)
    if nth is not None and (new.gpu is None or new.gpu == previous.gpu) \
            and not _said(new, "vram_gb"):
        # "what if i buy a second 3090" after a question on one: two of them in all.
        return max(_NTH[nth.group("nth")], (previous.gpu_count or 1) + 1)
    if new.gpu is not None and new.gpu == previous.gpu and new.gpu_count is None \
            and _ANOTHER.search(folded):
        return (previous.gpu_count or 1) + 1
    if _said(new, "gpu") or _said(new, "gpu_text") or _said(new, "vram_gb"):
        return None
    said = _MORE_GPUS.search(folded)
    if said is None:
        return None
    raw = next((g for g in said.groups() if g is not None), "1")
    added = int(raw) if raw.isdigit() else lx.COUNT_WORDS[raw]
    return (previous.gpu_count or 1) + added if 0 < added <= 64 else None


def _more_hours(new: Query, previous: Query, folded: str) -> Decimal | None:
    """"et 2 heures de plus ?", "¿y 5 horas más?", "and 3 more hours?" after a question with
    hours: the previous hours and that many more (a day is 24 hours)."""
    if previous.hours is None or _names_model(new) or _said(new, "gpu") \
            or _said(new, "vram_gb") or words(new.text) > SHORT_WORDS:
        return None
    said = _MORE_HOURS.search(folded)
    if said is None:
        return None
    one = said.group("one")
    raw = said.group("n") or said.group("n2") or said.group("n3") or "1"
    unit = said.group("unit") or said.group("unit2") or said.group("unit3") \
        or ("d" if one and any(w in one for w in ("day", "dia", "jour")) else "h")
    added = Decimal(raw.replace(",", "."))
    if unit[0] in "dj":
        added *= 24
    return previous.hours + added if 0 < added <= 100_000 else None


def _in_short(new: Query, previous: Query) -> Query:
    """"tldr?" after an answer: the same question, its reply cut to its verdict or figure; an
    integrated GPU compared with a card stays that comparison (was the card alone)."""
    merged = _merge(new, previous, names_model=False)
    kept = {"igpu": previous.igpu, "igpu_ram_gb": previous.igpu_ram_gb, "igpu_compared": True,
            "intent": "compare"} if previous.igpu_compared else {}
    return merged.model_copy(update={"tldr_asked": True, **kept})


def _asks_tldr(new: Query, previous: Query, folded: str) -> bool:
    """"tldr?", "en resumen?", "en résumé ?" after a question about a model's run, or a card's
    cost for hours, saying nothing else."""
    priced = previous.intent == "cost" and previous.gpu is not None and previous.hours is not None
    # two GPUs compared, a model named or not ("radeon 780m vs rtx 4060", then "tldr" or "so
    # which one?": that comparison in short; was "I did not understand that", or the card alone)
    compared = previous.intent == "compare" and (
        bool(previous.other_gpus) or (previous.igpu_compared and previous.gpu is not None))
    if (previous.params_b is None and not priced and not compared) or _names_model(new) \
            or _names_card(new):
        return False
    # The whole message is the ask: "réponse courte ?" read as a cost ("courte" taken for
    # "coûte") is still one (was the cost of the last run again)
    return _TLDR.match(folded) is not None or (
        compared and _WHICH_OF_TWO.match(folded) is not None)


def _asks_why(new: Query, previous: Query, folded: str) -> bool:
    """"why?", "¿por qué no cabe?", "pourquoi ?" after a question about a model's run, saying
    nothing else (no model, GPU, method, hours or setting of its own)."""
    # (a card's cost for hours, no model: "how much for 8x h100 for 24 hours", then "?")
    priced = previous.intent == "cost" and previous.gpu is not None and previous.hours is not None
    if new.intent in ("smalltalk", "fit", "unknown") and previous.params_b is not None \
            and not _names_model(new) and not _names_card(new) and _SO_VERDICT.match(folded):
        return True
    if new.intent != "unknown" or (previous.params_b is None and not priced) or _names_model(new):
        return False
    if any(_said(new, f) for f in _CARRYABLE) or any(getattr(new, f) is not None for f in _SETTINGS):
        return False
    # "?" alone right after an answer, "how did you get that number?": what the answer is made
    # of and the one thing that decides it (was the help's "What would you like to know?", or
    # "I did not understand")
    return bool(_WHY.match(folded)) or new.mark_only or _HOW_GOT.match(folded) is not None \
        or _EXPLAIN_ALONE.match(folded) is not None


def _asks_fix(new: Query, previous: Query) -> bool:
    """An OOM said or what to do asked ("it OOMs", "what do i do?", "¿qué hago?", "que faire ?")
    after a question about a training run, saying nothing else of its own; after a model served,
    the OOM said ("it OOMs", "me da OOM"): the server ran out of memory (was not understood)."""
    if not (new.fix_asked or new.oom) or new.intent not in ("unknown", "memory") \
            or previous.params_b is None \
            or (previous.inference and not (new.oom or previous.oom)) or _names_model(new):
        return False
    return not (any(_said(new, f) for f in _CARRYABLE)
                or any(getattr(new, f) is not None for f in _SETTINGS))


def _asks_bare(new: Query, cue: _Cue | None) -> bool:
    """A cost or a duration asked naming no model, GPU or budget ("how much would it cost on
    your cloud instead?", "… to rent instead for 20 hours"), or a capacity asked naming no hours
    either: nothing to answer alone, however long the wording, so the previous run's."""
    if _names_card(new) or new.budget_usd is not None:
        return False
    return new.intent in ("cost", "time") or (cue is not None and new.hours is None)


def _asking(query: Query, cue: _Cue) -> Query:
    """`query`, a follow-up completed from the previous run, asking what `cue` names of it."""
    has_gpu = _said(query, "gpu") or _said(query, "vram_gb")
    if cue == "time":
        return query.model_copy(update={"intent": "time"})
    if cue == "memory":
        return query.model_copy(update={"details": True})
    if cue == "prefill":
        # The prompt's processing of the model served: its length said here ("an 8k prompt"),
        # else the context the last answer used.
        if not query.inference:
            return query
        length = query.prompt_tokens
        if length is None and query.dataset_tokens is not None and query.dataset_tokens <= 10**7:
            length = int(query.dataset_tokens)
        update: dict[str, Any] = {"intent": "time", "speed_asked": True, "prefill_timed": True,
                                  "prefill_asked": True, "dataset_tokens": None}
        if length is not None:
            update["seq_len"] = length
        elif query.context_asked:
            # "and prefill?" after "max context on my 4090": at the context just found, which
            # is not answered again first
            update.update(context_asked=False, at_longest=True)
        return query.model_copy(update=update)
    if cue == "speed":
        asked = "speed_asked" if query.inference else "train_speed_asked"
        # "and tok/s?" after "max context on my 4090": the speed leads, decode's at the context
        # just found (was the longest context answered again first); training's 6·N FLOPs a
        # token do not depend on it.
        longest = {"context_asked": False, "at_longest": query.inference} \
            if query.context_asked else {}
        return query.model_copy(update={"intent": "time", asked: True, **longest})
    if cue == "batch" and query.inference:
        return query
    if cue == "concurrency":
        # The sequences served at once, of a model served ("how many users?" after a training
        # run stays that run: which serving precision is not said).
        if not query.inference:
            return query
        return query.model_copy(update={
            "concurrency_asked": True, "intent": "fit" if has_gpu else query.intent,
        })
    asked = "context_asked" if cue == "context" else "batch_asked"
    return query.model_copy(update={asked: True, "intent": "fit" if has_gpu else query.intent})


# "and in spanish?", "en español porfa", "tu peux répondre en anglais ?" (folded): the language
# named, and the words that may surround it in a message asking for the answer in it.
_LANGUAGE_NAMES: Final = {
    "english": "en", "ingles": "en", "anglais": "en",
    "spanish": "es", "espanol": "es", "castellano": "es", "espagnol": "es",
    "french": "fr", "frances": "fr", "francais": "fr",
}
_LANGUAGE_FILLER: Final = frozenset((
    # English
    "and", "now", "ok", "okay", "so", "but", "can", "could", "would", "you", "u", "please", "pls",
    "plz", "say", "answer", "reply", "respond", "write", "repeat", "explain", "give", "tell",
    "send", "translate", "it", "that", "this", "me", "the", "same", "again", "too", "also", "in",
    "into", "to", "thanks", "thx",
    # Spanish
    "y", "ahora", "vale", "bueno", "puedes", "podes", "podrias", "podria", "me", "lo", "dime",
    "dimelo", "decir", "decirlo", "decirmelo", "responde", "responder", "respondeme", "contesta",
    "contestar", "contestame", "repite", "repetir", "repitelo", "traduce", "traducir",
    "traducelo", "escribe", "escribelo", "explica", "explicalo", "por", "favor", "porfa", "en",
    "la", "respuesta", "eso", "esto", "gracias",
    # French
    "et", "maintenant", "bon", "tu", "peux", "vous", "pouvez", "peux-tu", "pouvez-vous",
    "reponds", "repondre", "repondez", "redis", "redire", "dis", "dites", "traduis", "traduire",
    "traduisez", "ecris", "ecrire", "le", "les", "moi", "stp", "svp", "s'il", "te", "plait",
    "merci", "reponse", "ca",
))


_WORD_TOKEN: Final = lazy(r"[a-z][a-z'-]*")


def _word_tokens(folded: str) -> list[str]:
    """``_WORD_TOKEN``'s words of a folded text: without an apostrophe or a hyphen, its runs of
    letters, which the understanding that follows splits the text into too (shared: one scan)."""
    if "'" in folded or "-" in folded:
        return _WORD_TOKEN.findall(folded)
    return letter_runs(folded)


def language_asked(text: str) -> str | None:
    """The locale a message asks the answer in when it asks nothing else ("and in spanish?",
    "en français svp", "can you answer in english"): the chat's last question is answered
    again in it. None for any other message ("llama 3 8b in spanish": a question of its own)."""
    tokens = _word_tokens(fold(text))
    named = {_LANGUAGE_NAMES[t] for t in tokens if t in _LANGUAGE_NAMES}
    if len(named) != 1 or len(tokens) > SHORT_WORDS + 2 or not all(
            t in _LANGUAGE_NAMES or t in _LANGUAGE_FILLER for t in tokens):
        return None
    return named.pop()


# A figure taken back for another ("no, 16k no, 32k", "no, 10 no, 100", "non pas 10k, 100k",
# "no 3 días sino 3 semanas", "not 10, 100") (folded): a negation first or between the two.
_NUMBER_TAKEN_BACK: Final = lazy(
    r"^\W*(?P<neg>(?:(?:no|non|nope|nah|perdon|pardon|sorry|oops|ups|uy|euh)\W+)*"
    r"(?:pas |not |no )?)(?P<a>\d+(?:[.,]\d+)? ?(?!(?:no|non|not|pas|sino|mais|but)(?![a-z]))"
    r"[a-z]{0,9})[,;!.]*\s\W*(?P<mid>(?:(?:no|non|not|pas)\W+)?"
    r"(?:(?:sino|mais|but|plutot|mejor|rather|en realidad|en fait)\W+)?)"
    r"(?P<b>\d+(?:[.,]\d+)? ?[a-z]{0,9})\W*$"
)
_AND: Final[dict[str | None, str]] = {"es": "y", "fr": "et"}


def taken_back(text: str, previous: Query | None) -> str | None:
    """"no, 16k no, 32k" after a question at 16k: the question again with the figure said last,
    as "y 32k?" asks it (was "I did not understand"); None for any other message."""
    if previous is None:
        return None
    said = _NUMBER_TAKEN_BACK.match(fold(text))
    if said is None or not (said.group("neg").strip() or said.group("mid").strip()) \
            or said.group("a") == said.group("b"):
        return None
    units = [re.sub(r"[\d.,\s]", "", said.group(g)) for g in ("a", "b")]
    if (units[0] != units[1] and not all(units)) or (
            not units[1] and re.fullmatch(r"\d{4}", said.group("b").strip())):
        return None  # "no, 2 3090s", "no, 2 4090": a count of cards, not 3090 of something
    if previous.intent == "alert":  # "no, 1.9" changes the alert just set
        return f"{'non' if previous.lang == 'fr' else 'no'}, {said.group('b')}"
    return f"{_AND.get(previous.lang, 'and')} {said.group('b')}?"


def opens_follow_up(text: str) -> bool:
    """The text starts like a follow-up: "and", "what about", "y", "et"…"""
    return bool(_MARKER.match(fold(text)))


def same_run(new: Query, previous: Query) -> Query:
    """`new`, a question that names no model, about `previous`'s run: its model, method and
    settings, and its GPUs and hours where `new` names none ("how much for an H100 for 10
    hours?" right after "can I QLoRA llama 8b on a 4090?" in the same message)."""
    return _merge(new, previous, names_model=False)


def is_gpu_time(query: Query) -> bool:
    """"a H100 for 100 hours": a cost without a model, which "and on a B200?" continues."""
    return query.intent == "cost" and query.params_b is None and query.hours is not None and (
        _said(query, "gpu") or _said(query, "vram_gb")
    ) and not query.family


def asks_hours_of_gpu(query: Query) -> bool:
    """"cuánto cuesta una h100", "combien coûte une h100": a card's cost with no hours nor
    model, answered with its hourly price and "for how many hours?", which "y por 48h?",
    "et pour 48 heures ?" answer (and "¿y 8?" asks of 8 of them)."""
    return query.intent == "cost" and query.params_b is None and query.hours is None \
        and _said(query, "gpu") and not query.family and query.budget_usd is None


def asks_on_gpu(query: Query) -> bool:
    """"$300, how many hours of H200?", "the largest model I can QLoRA on a 4090": no model,
    and "and on an A100?" asks the same of another card."""
    return (query.budget_usd is not None or query.largest) and (
        _said(query, "gpu") or _said(query, "vram_gb"))


def stands_alone(new: Query, folded: str | None = None) -> bool:
    """A whole question by itself, asked without a follow-up opening ("and", "y", "et")."""
    folded = fold(new.text) if folded is None else folded
    if new.text.lstrip().startswith("/"):
        return True  # a command says what it wants
    if new.family:
        return True  # "llama 3 on an H100": which Llama 3 is asked, not the last model reused
    gpu = _said(new, "gpu") or _said(new, "vram_gb")
    if gpu and new.hours is not None and not _names_model(new):
        return True  # "how much for 2 H100 for a week?": GPU-time has a price of its own
    if new.intent == "prices" and px.RATE.search(folded):
        return True  # "how much is an H100 per hour"
    if _card_priced(new, folded):
        return True  # "whats the price of an a100", "how much is a b200"
    return is_catalogue_question(new, folded)


def _card_priced(new: Query, folded: str) -> bool:
    """"whats the price of an a100", "price of a b200?", "how much is a b200", "nvm, ¿precio de
    la h200?", "combien coûte une a100 ?" (folded): a card, the price's subject, and nothing of a
    run, asked without a follow-up's opening: that card's price, as with "per hour" said (the
    run before it kept beside it for "and for 10 hours?", bot.conversation), not the last run's
    verdict on that card (was "✅ Yes: Llama 3 8B fits on 1× A100", no price). A card a run is
    put on ("how much on an a100?", "en una a100") still continues that run."""
    return new.intent == "prices" and _names_card(new) and not _names_model(new) \
        and new.method is None and not new.inference and new.hours is None \
        and new.budget_usd is None and not _run_setting_said(new) \
        and words(new.text) <= SHORT_WORDS \
        and (_PRICE_SAID.search(folded) is not None or px.HOW_MUCH.search(folded) is not None
             or px.COST.search(folded) is not None) \
        and _RUN_ON_CARD.search(folded) is None


# "price", "precio", "prix", "tarif" (folded): the price named, not renting ("can i rent an h100
# here?", which parse also reads as a price question)
_PRICE_SAID: Final = lazy(r"(?<![a-z])(?:prices?|pricing|precios?|prix|tarifs?|tarifas?)(?![a-z])")


def _run_there(new: Query, previous: Query, folded: str) -> bool:
    """"sur 8 h100 pendant un jour", "on 2 a100s for a week" right after a run's question: a
    card and hours said alone, asking no price, are where and how long that run goes (was the
    GPU time alone, the run dropped). "how much is 8 h100 for a day" still prices GPU time."""
    return previous.params_b is not None and previous.intent in _MODEL_INTENTS \
        and new.hours is not None and _names_card(new) and not _names_model(new) \
        and not new.family and new.budget_usd is None and words(new.text) <= SHORT_WORDS \
        and not any(p.search(folded) for p in (px.HOW_MUCH, px.COST, px.PRICES, px.RATE))


# The card as the place a run goes, "on h100", "en una h100", "sur 2 h100", "on 8x h100"
# (folded): not the price's subject, as in "how much is 8 h100 for a day".
_ON_CARD: Final = lazy(
    r"\b(?:on|en|sur)\s+(?:(?:a|an|one|the|una?|el|la|las|los|une?|les|des|\d+\s?x?|x\d+)\s+)*"
    r"(?:x\s?)?[a-z]*\d")


def _run_priced_there(new: Query, previous: Query, folded: str) -> bool:
    """"how much for 3 hours on h100" after "full fine tune qwen 2.5 14b how much": the run just
    priced, priced again on the card it is put on for those hours (was the H100's time alone, the
    14B full fine-tune dropped). A card that is the price's subject ("how much is 8 h100 for a
    day") is still GPU time, and after a run not priced ("qlora llama 3 8b on a 4090") a
    card's time asked stays its own question."""
    return previous.intent == "cost" and previous.params_b is not None \
        and new.intent == "cost" and new.hours is not None and _names_card(new) \
        and not _names_model(new) and new.method is None and not new.inference \
        and not new.family and new.budget_usd is None and words(new.text) <= SHORT_WORDS \
        and _ON_CARD.search(folded) is not None


def is_catalogue_question(query: Query, folded: str | None = None) -> bool:
    """"what GPUs do you have": the offer, not a recommendation for some model."""
    if _names_model(query) or query.method is not None or query.inference:
        return False
    if query.budget_usd is not None or query.max_rate_usd is not None:
        return False  # "quel gpu pour 100 $ ?": what the money keeps (answer._budget_offers)
    return bool(_CATALOGUE.search(fold(query.text) if folded is None else folded))


def stand_alone(query: Query) -> Query:
    """A question as asked without a previous one: a catalogue question is the price list
    (it names no model, so "which model?" would not answer it)."""
    if query.intent in ("recommend", "memory", "unknown") and is_catalogue_question(query):
        return query.model_copy(update={"intent": "prices"})
    return query


def carried_over(asked: Query, completed: Query) -> tuple[str, ...]:
    """What `completed` took from the previous question that `asked` did not say: among
    "model", "method", "gpu", "hours" and "settings", in that order."""
    if not completed.follow_up:
        return ()
    carried: list[str] = []
    family_member = bool(asked.family) and not completed.family  # "llama 3" → the last one
    # "and 10M?" after a run on tokens: the amount read as a size was the dataset's
    resized = asked.model_id is None and not asked.family and asked.params_b is not None \
        and asked.params_b != completed.params_b
    if (not _names_model(asked) or family_member or resized) and _names_model(completed):
        carried.append("model")
    method_said = asked.method is not None or asked.inference \
        or _FULL_ALONE.match(fold(asked.text)) is not None  # "and full?": said, not carried
    if asked.serving_implied and not completed.inference:
        method_said = False  # "and with 8k context?": the previous run's method, at 8k
    if not method_said and (completed.method is not None or completed.inference):
        carried.append("method")
    if not (_said(asked, "gpu") or _said(asked, "vram_gb") or _said(asked, "gpu_text")) and (
        _said(completed, "gpu") or _said(completed, "vram_gb")
    ):
        carried.append("gpu")
    if asked.hours is None and completed.hours is not None \
            and not (asked.intent == "unknown" and _BARE_HOURS.match(fold(asked.text))):
        carried.append("hours")  # not "y por 24?": those hours are the ones said
    if any(getattr(asked, f) != getattr(completed, f) for f in _SETTINGS):
        carried.append("settings")
    return tuple(carried)


def _names_card(query: Query) -> bool:
    """A card named, by its name, its memory or a name we do not know ("RTX 9090")."""
    return _said(query, "gpu") or _said(query, "vram_gb") or _said(query, "gpu_text")


def _names_model(query: Query) -> bool:
    return query.params_b is not None or query.model_id is not None or bool(query.family)


def _continues(new: Query) -> bool:
    """A bare GPU ("and on an H100?") reads as the price list; in a conversation it
    continues. Payment, alerts and help never do."""
    return new.intent == "prices" and (_said(new, "gpu") or _said(new, "vram_gb")) and (
        words(new.text) <= SHORT_WORDS
    )


# "and to run it?", "and just to run it?", "y para correrlo?", "et pour le faire tourner ?"
# (folded): the model run, not trained.
_TO_RUN: Final = lazy(
    r"^\W*(?:(?:and|y|et|e|ok|so|but|pero|mais|what about|how about|que tal|et si) )*"
    r"(?:just |only |solo |solamente |juste |seulement )?(?:to|for|para|pour) "
    r"(?:just |only |solo |juste |seulement )?(?:run(?:ning)?|serv(?:e|ing)|correr(?:lo|la)?|"
    r"ejecutar(?:lo|la)?|servir(?:lo|la)?|inferencia|le faire tourner|la faire tourner|"
    r"(?:le |la |l')?(?:servir|deployer|heberger)|desplegar(?:lo|la)?|deploy(?:ing)?|"
    r"faire tourner|tourner|l'utiliser|lancer|inference)(?: it| them)?"
    r"(?: (?:after|afterwards|then|later|too|as well))?\W*$"
    # ... and "and serving it after?", "what about running it afterwards": the verb in -ing,
    # with no "to" (was its inference timed over the training samples); "and inference
    # after?", "inference afterwards?" the same
    r"|^\W*(?:(?:and|ok|so|but|what about|how about|then)\W+)*(?:(?:serving|running|deploying) "
    r"(?:it|them)|(?:the )?inference(?= (?:after|afterwards|then|later)))"
    r"(?: (?:after|afterwards|then|later|too|as well))?\W*$"
    # ... and the noun alone after an opening: "and serving?", "then inference?", "what about
    # inference" (was its inference timed over the training samples)
    r"|^\W*(?:(?:and|ok|so|but|what about|how about|then)\W+)+(?:the )?(?:inference|serving)"
    r"(?: (?:after|afterwards|then|later|too|as well))?\W*$"
)


# An article before a card's name ("and on a b200?", "y en una b200?", "et sur un b200 ?"):
# one of it.
_ONE_CARD: Final = lazy(r"(?<![a-z0-9])(?:a|an|one|una|un|une)\s+(?:nvidia\s+|rtx\s+)?[a-z]{0,3}\d")


# "and on my 4090?": the user's card, one of it unless a count is said.
_MY_CARD: Final = lazy(r"(?<![a-z0-9])(?:my|mi|ma|mon)\s+(?:nvidia\s+|rtx\s+)?[a-z]{0,3}\d")


# "48gb each", "48gb cards", "de 48 gb cada una", "48 go chacune" (folded): memory per card.
_PER_CARD: Final = lazy(
    r"(?<![a-z])(?:each|apiece|per (?:card|gpu)|cards|gpus|cada una?|cada uno|por (?:tarjeta|gpu)|"
    r"tarjetas|chacune?|par (?:carte|gpu)|cartes)(?![a-z])"
)


def _count_kept(new: Query, previous: Query) -> bool:
    """Another card named alone, with no count, article or "my" ("and h100?", "what about
    on b200"), after a model's run on several GPUs: as many of the new card."""
    return new.gpu_count is None and not new.gpu_plural and (previous.gpu_count or 1) > 1 \
        and previous.params_b is not None and not previous.count_asked \
        and new.gpu is not None and new.gpu != previous.gpu and not new.card_owned \
        and not new.other_gpus and _ONE_CARD.search(fold(new.text)) is None \
        and _MY_CARD.search(fold(new.text)) is None


def _merge(new: Query, previous: Query, names_model: bool) -> Query:
    update: dict[str, Any] = {"follow_up": True, "lang": new.lang or previous.lang}
    if not new.lang_sure and previous.lang_sure:
        # "70B", "y en H100?": too short to tell; the conversation is in the last one's language.
        update.update(lang=previous.lang, lang_sure=True)
    if not names_model:
        update.update(params_b=previous.params_b, model_id=previous.model_id,
                      shape_model=previous.shape_model)
    sixteen = _precision_of_run(new, names_model)
    # "and to run?", "what about just running one" after "the largest I can QLoRA on my 3090":
    # what the card holds to run, not the same training at a context (no setting said).
    # "and to run it?", "just to run it", "y para correrlo?", "et pour le faire tourner ?"
    # after any training run: serving that model there.
    run_instead = not previous.inference and not names_model \
        and new.seq_len is None and new.batch_size is None and (
            (previous.largest and new.serving_implied)
            or _TO_RUN.match(fold(new.text)) is not None)
    # "for 10 users?", "¿y para 10 usuarios?" after a training run: the people served at once
    # are the trained model's serving (was the training at a batch of 10, "does not fit")
    people = not previous.inference and not names_model and new.users is not None \
        and new.batch_size == new.users and new.inference and not sixteen
    run_instead = run_instead or people
    bits = _bits_of_run(new, previous, names_model)
    if (new.serving_implied or sixteen or bits) and not previous.inference and not run_instead:
        # "and with 8k context?" after "qlora llama 3 8b on my 3090": that run at 8k tokens, not
        # serving the model (a context alone reads as serving only in a question of its own).
        # "and in bf16?" after QLoRA: its base in 16 bits, LoRA; "and in 4bit?" after LoRA or a
        # full fine-tune: its base in 4 bits, QLoRA.
        update.update(method=bits or ("lora" if sixteen and previous.method == "qlora"
                                      else previous.method), inference=False, serving_implied=False,
                      pretraining=previous.pretraining or new.pretraining,
                      serving_precision_said=previous.serving_precision_said,
                      quant=None, quant_bare=None, quant_asked=False,
                      runner=None, runner_type_assumed=False)
    elif new.method is None and new.training_said and previous.inference:
        # "how long to train llama 3 8b on 10k examples?" after "and to run?": training said,
        # not the serving before it (was timed as 8-bit inference); no method named, each
        # training method's answer.
        update.update(method=None, inference=False, serving_implied=False,
                      serving_precision_said=False, quant=None, quant_bare=None,
                      quant_asked=False, runner=None, runner_type_assumed=False)
    elif new.method is None and not new.inference:
        # "and on 8x h100?" after "serve deepseek r1 on 8x h200": still no precision named,
        # so still every precision, led as before (the published one first).
        update.update(method=previous.method, inference=previous.inference,
                      pretraining=previous.pretraining or new.pretraining,
                      quant=previous.quant, quant_bare=previous.quant_bare,
                      runner=previous.runner, runner_type_assumed=previous.runner_type_assumed,
                      serving_precision_said=previous.serving_precision_said)
    elif new.inference and not new.serving_precision_said and previous.inference:
        # "and at 32k context?" after "... int4 on a 4090": a context says serving, not which
        # precision; the previous one stays (and the format named with it: "... q4_k_m").
        update.update(method=previous.method,
                      serving_precision_said=previous.serving_precision_said,
                      quant=previous.quant, quant_bare=previous.quant_bare,
                      runner=previous.runner, runner_type_assumed=previous.runner_type_assumed)
    if "runner" not in update and new.inference and previous.inference \
            and new.runner is None and new.engine is None and previous.runner is not None:
        # "and q8?" after "llama3.1:8b on my 3060" (Ollama's tag): the same runner, at the
        # type said (was no runner, and 2,048 tokens for Ollama's 4,096)
        update["runner"] = previous.runner
    has_gpu = _names_card(new)
    if not has_gpu:
        update.update(
            gpu=previous.gpu, gpu_text=previous.gpu_text, vram_gb=previous.vram_gb,
            other_gpus=previous.other_gpus, other_gpu_count=previous.other_gpu_count,
            gpu_memory_gb=previous.gpu_memory_gb,
            gpu_variant_assumed=previous.gpu_variant_assumed,
            gpu_count=new.gpu_count if new.gpu_count is not None else previous.gpu_count,
            rig=previous.rig if new.gpu_count is None else (),  # the machine, as it was read
            # "qlora llama 3 70b on my 3090s" (answered on 4 of them), then "how long for 10k
            # examples": still as many as the run needs (was timed on one, where it does not fit)
            gpu_plural=previous.gpu_plural and new.gpu_count is None
            and previous.gpu_count is None,
            # "and for 20 hours?" after a cost on one's own 4090: still one's own (was its
            # unpublished rental price, first); not once renting is said ("what would it cost
            # on your gpus")
            card_mine=(previous.card_mine and _RENTED.search(fold(new.text)) is None)
            or new.card_mine,
        )
    elif new.gpu_count is None and not new.gpu_plural and (previous.gpu_count or 1) > 1 \
            and previous.hours is not None and previous.params_b is None \
            and previous.model_id is None and not previous.family and new.params_b is None \
            and new.gpu is not None and new.gpu != previous.gpu \
            and _ONE_CARD.search(fold(new.text)) is None:
        # "how much is 2 h100 for 3 days", then "and on b200?": the same rental on the other
        # card, as many of them (was one); "and on a b200?" says one.
        update["gpu_count"] = previous.gpu_count
    elif new.gpu is None and new.vram_gb is not None and new.gpu_count is None \
            and (previous.gpu_count or 1) > 1 and _PER_CARD.search(fold(new.text)) is not None:
        # "and with 48gb each?" after "… on 2x3090": as many cards, each that big (was one
        # GPU of 48 GB)
        update["gpu_count"] = previous.gpu_count
    elif _count_kept(new, previous) and new.intent not in ("fit", "memory") \
            and previous.intent in ("time", "cost"):
        # "lora llama 3 8b on 8x a100, how long for 100k examples", then "and h100?": the
        # same run on as many H100s (was timed on one); the reply says the count was kept.
        update.update(gpu_count=previous.gpu_count, count_read="kept")
    elif _count_kept(new, previous):
        # "can i run llama 3 70b on 2 h100", then "and on b200?": a verdict, so as many of
        # the new card as the run needs (one B200), as "on b200s" reads; said (was one B200
        # unsaid, or "does not fit on 1× H100" after a run on 8× A100 that 8× H100 holds).
        update.update(gpu_plural=True, count_read="chosen")
    if previous.off_own_card and not has_gpu:
        update["off_own_card"] = True  # "and the cost?" after "and if i rent instead?"
    if previous.electricity_asked and not new.electricity_asked \
            and (not has_gpu or new.card_mine):
        # "same but 3 epochs" after a run's time and its electricity at 0.30 $/kWh on one's
        # own card: still its electricity, at that price (was dropped); on another card of
        # one's own ("and on my 4090?"), at that price, its own board power.
        update.update(electricity_asked=True, kwh_price=previous.kwh_price,
                      kwh_currency=previous.kwh_currency,
                      board_watts=None if has_gpu else previous.board_watts)
    # "serve llama 3.1 8b to 20 users", "how much a month", then "i have a 4090 tho": the card
    # owned is no rental to price for the month, so whether it holds them (was the month's
    # cost on the L40S under each precision, beside an unpublished-price line)
    # (a training run keeps its reading: timed on the card, or its cost where we rent it)
    owned_instead = new.card_owned and has_gpu and previous.intent == "cost" \
        and previous.inference and previous.params_b is not None \
        and new.hours is None and new.budget_usd is None \
        and new.intent in ("fit", "unknown", "prices")
    if _local_kept(new, previous, has_gpu):
        update.update(local_asked=True, local_card=previous.local_card)
    algorithm_said = any(getattr(new, f) is not None for f in _ALGORITHM)
    # "how long for 20k samples?" after "then serve it to 30 users": the people served are no
    # training batch (was batch 30: 158.9 GB a GPU for a QLoRA of 8B)
    served_people = previous.users is not None and previous.batch_size == previous.users \
        and new.dataset_samples is not None and new.batch_size is None
    for field in _SETTINGS:
        # "without checkpointing" (False) is said too: only None is left to carry.
        if field in _ALGORITHM and algorithm_said:
            continue
        if served_people and field in ("batch_size", "users"):
            continue
        if getattr(new, field) is None and getattr(previous, field) is not None:
            update[field] = getattr(previous, field)
    if new.samples_counted is None and previous.samples_counted is not None \
            and new.dataset_tokens is None and not new.dataset_samples:
        # the samples counted stay with the dataset they made ("and on an a100?", then "how
        # many steps?" or "and 20k samples?")
        update["samples_counted"] = previous.samples_counted
    if previous.methods_named and not new.methods_named and new.method is None \
            and update.get("method") is None and not update.get("inference", new.inference):
        # "and on 8x h100?" after "phi-4 lora vs full finetune on h100, … how long": the same
        # methods weighed there (was "No method named", LoRA alone).
        update["methods_named"] = previous.methods_named
    if previous.dataset_samples and previous.dataset_tokens is None \
            and new.dataset_samples is None:
        each = new.dataset_tokens
        if each is None:
            update["dataset_samples"] = previous.dataset_samples  # "and on an A100?"
        elif each <= _LONGEST_SAMPLE:
            # "about 700 tokens each", the answer to "how long is one of your 10,000 samples?":
            # the dataset is their product (was read as a dataset of 700 tokens, "1 minute").
            update["dataset_tokens"] = previous.dataset_samples * each
            if new.seq_len is None and previous.seq_len is None \
                    and previous.sample_len_avg is None and each == int(each):
                # and the samples' length, as "20k examples of about 800 tokens each" in one
                # message reads it: the detailed estimate runs at it (was at 2,048, "not given")
                update["sample_len_avg"] = int(each)
    each = new.dataset_tokens
    if previous.samples_counted and previous.dataset_tokens is not None \
            and not new.dataset_samples and new.samples_counted is None and each is not None \
            and each <= _LONGEST_SAMPLE and each == int(each):
        # "and with 2k tokens each?" after "50k samples of 1k tokens": as many samples, each
        # that long (was a dataset of 2,000 tokens, "about 1 minute")
        update.update(dataset_tokens=previous.samples_counted * each,
                      samples_counted=previous.samples_counted)
        if previous.sample_len_avg is not None:
            update["sample_len_avg"] = int(each)
        elif new.seq_len is None and previous.seq_len is not None:
            update["seq_len"] = int(each)
    if not new.details and previous.details:
        update["details"] = True
    if new.engine is None and previous.engine is not None and update.get("inference", new.inference):
        update["engine"] = previous.engine  # "and with awq?" after "vllm qwen 7b on my 3090"
        if new.gpu_memory_utilization is None:
            update["gpu_memory_utilization"] = previous.gpu_memory_utilization
    intent = _intent(new, previous, has_gpu)
    if new.hours is None and previous.hours is not None:
        # "what about Mistral 7B?" after "… for 5 hours": the same run, so the same hours.
        update.update(hours=previous.hours, hours_as=previous.hours_as)
    if new.budget_usd is None and new.hours is None and previous.budget_usd is not None:
        update["budget_usd"] = previous.budget_usd  # "y de A100?" after "con 300 USD, ¿cuántas horas de H200?"
    if not names_model and previous.largest and not new.largest:
        update["largest"] = True  # "and on an A100?" after "the largest model on my 4090"
        if previous.coding:
            update["coding"] = True  # "and for 2 of them?" after "best coding model for a 4090"
    if previous.count_asked and has_gpu and new.gpu_count is None \
            and new.intent not in ("cost", "compare"):
        # "and h100s?" after "how many a100s" for a run: how many of those (was the run on
        # one H100, "does not fit").
        update["count_asked"] = True
    elif previous.count_asked and previous.hours is not None and not has_gpu \
            and new.gpu_count is None and new.hours is not None and not names_model \
            and (previous.dataset_tokens is not None or previous.dataset_samples is not None
                 or previous.pretraining) and new.intent in ("cost", "time", "unknown"):
        # "and in 12 hours?" after "how many h100 to full finetune llama 3 8b on 2B tokens in
        # 24 hours": the count that ends it then (was 5× H100 rented for 12 hours)
        update.update(count_asked=True, gpu_count=None, intent="recommend")
    elif previous.count_asked and not has_gpu and new.gpu_count is None \
            and new.intent not in ("cost", "compare", "time") \
            and (new.method is not None or new.inference or names_model):
        # "y con lora?" after "cuantas h100 necesito para full finetune de llama 3 70b": how
        # many for that run (was the run on the 19 answered for full fine-tuning)
        update.update(count_asked=True, gpu_count=None)
    if has_gpu and new.gpu_plural and new.gpu_count is None and not names_model \
            and previous.params_b is None and (previous.gpu_count or 1) > 1:
        # "and with a100s instead?" after "how much to rent 2 h100s for a week": as many of
        # those (was one A100)
        update.update(gpu_count=previous.gpu_count, gpu_plural=False)
    if previous.context_asked and new.seq_len is None and new.intent != "cost":
        update["context_asked"] = True  # "and on an H100?" after "max context on my 4090"
    if previous.at_longest and new.seq_len is None and new.intent != "cost":
        update["at_longest"] = True  # "and on an H100?" after "tok/s" at the longest context
    # "and for a week?" after "how many tokens per second?" (or users): hours said are a
    # cost, not the rate again (was the tokens/s answer repeated).
    if previous.speed_asked and new.intent not in ("cost", "compare") and new.hours is None:
        update["speed_asked"] = True  # "and at 32k context?" after "tok/s on a 4090"
    if previous.batch_processed and not new.method and new.intent != "compare":
        # "and on an a100?", "and with 100M tokens?" after "process 10M tokens with llama 3 8b on
        # an h100": the same corpus read through the model (was "Serving … lasts as long as
        # you keep it running")
        update.update(batch_processed=True, intent="time")
    if previous.concurrency_asked and new.batch_size is None and new.hours is None \
            and new.intent not in ("cost", "compare"):
        update["concurrency_asked"] = True  # "and on an H100?" after "how many users on an L4"
    if previous.train_speed_asked and new.intent not in ("cost", "compare") \
            and new.tokens_per_second is None:
        update["train_speed_asked"] = True  # "and with lora?" after "tokens/s qlora on an a100"
    if (previous.oom or previous.fix_asked) and new.intent not in ("cost", "compare"):
        # "and with lora?" after "my training OOMs on my 3090, what do i do": the same run's
        # trouble, so what makes it fit (bot.remedy) is said again where it still does not.
        update.update(oom=previous.oom or new.oom, fix_asked=previous.fix_asked or new.fix_asked)
        if previous.oom and not new.oom and (
                (new.batch_size is not None and new.batch_size != previous.batch_size)
                or (new.seq_len is not None and new.seq_len != previous.seq_len)):
            # "what if i use batch 1" after "it OOMs" at batch 4: the OOM stays where it was
            # said (was "You hit OOM at batch 1", the setting only tried)
            update.update(
                oom_batch=previous.oom_batch if previous.oom_batch is not None
                else previous.batch_size,
                oom_seq_len=previous.oom_seq_len if previous.oom_seq_len is not None
                else previous.seq_len)
    if update.get("inference", new.inference) and not new.quant_asked \
            and asks.QUANT_ASKED.search(fold(new.text)):
        # "what quant should i use" after "can i run mixtral 8x7b on a 4090": the largest
        # llama.cpp type that fits there (was the same verdict again).
        update.update(quant_asked=True, quant=None, quant_bare=None, runner_type_assumed=False)
    served = update.get("inference", new.inference) or previous.inference
    tokens = new.dataset_tokens if new.dataset_tokens is not None else (
        Decimal(new.new_tokens) if new.new_tokens is not None else None)
    folded = fold(new.text)
    generating = generation_asked(folded, folded, tokens, new.hours is not None, new.intent) \
        if served and new.generate_tokens is None and new.rate_asked is None \
        and not previous.pretraining and previous.method is not None \
        and previous.method.startswith(("inference", "gguf", "awq", "gptq", "exl2", "mlx")) \
        else (None, False, None)
    if generating[0] is None and generating[2] is None and new.hours is None \
            and new.generate_tokens is None and new.rate_asked is None \
            and new.intent not in ("cost", "compare") \
            and (previous.generate_tokens is not None or previous.rate_asked is not None):
        # "and on an h100?" after "how long to generate 1M tokens on a 4090": the same tokens
        generating = (previous.generate_tokens, previous.generate_cost, previous.rate_asked)
    if generating[0] is not None or generating[2] is not None:
        # "how long to generate 1M tokens then?" after "tok/s llama 3 8b on a 4090"
        update.update(generate_tokens=generating[0], generate_cost=generating[1],
                      rate_asked=generating[2], speed_asked=True, dataset_tokens=None,
                      new_tokens=None, inference=True)
        if generating[2] == previous.rate_asked and new.rate_tokens is None:
            update["rate_tokens"] = previous.rate_tokens  # the tokens a day to serve, still
        if previous.method is not None:
            update.setdefault("method", previous.method)
        intent = "time"
    if _budget_for_run(new, previous, names_model):
        # "i have $30" after a run: whether the run fits the budget (its cost against it), as
        # "how much to qlora llama 3 8b, i have $30" says; was the hours the budget buys, the
        # run's quote then made of them ("Cost: $92.80 … 40 hours" for a 10-hour run).
        update["budget_enough"] = True
        intent = "cost"
    if new.budget_usd is not None and new.hours is None and previous.hours is not None \
            and previous.budget_usd is None and not update.get("budget_enough") \
            and asks.BUDGET_ASK.search(folded):
        # "and with 50 dollars how many hours?", "y con 50 verdes cuántas horas?" after a
        # weekend's cost on an H100: the hours the money buys there (was whether it covers the
        # 48 hours before, "Not within $50").
        update.update(hours=None, hours_as=None)
    gpu_after = update.get("gpu", new.gpu) or update.get("vram_gb", new.vram_gb)
    if run_instead and intent in ("cost", "time") and new.hours is None \
            and previous.hours is None and new.intent not in ("cost", "time"):
        # "ok and to serve it?", "ok y para servirlo?" after a training run's cost or time:
        # what serving it takes there (was "Serving has no typical duration", the model lost).
        intent = "fit"
    if owned_instead:
        intent = "fit"
        update.update(hours=None, hours_as=None)
    if people and new.hours is None:
        # "and to serve it for 50 users?" after a run's time on its data: the users served
        # lead, as asked whole (was "Serving … lasts as long as you keep it running"); the
        # training's data and sample length are no serving's
        intent = "fit" if intent in ("time", "cost") else intent
        update.update(dataset_tokens=None, dataset_samples=None, samples_counted=None,
                      sample_len_avg=None, epochs=None, hours=None, hours_as=None)
        if new.seq_len is None:
            update["seq_len"] = None
    if intent in ("fit", "memory"):
        intent = "fit" if gpu_after else "memory"
    update["intent"] = intent
    if new.seq_len is None and new.batch_size is not None and not previous.inference \
            and not new.inference and new.dataset_tokens is None and not new.dataset_samples:
        # "and with bs 2 and 4k?", "4k and bs 2?" after a training run: a length in thousands
        # beside the batch is the sequence's (was dropped, the estimate at 2,048; "at 4k"
        # was read)
        bare = _K_BESIDE.search(fold(new.text))
        if bare is not None:
            update["seq_len"] = _context_k(bare.group(1))
    if intent == "cost" and not has_gpu and new.gpu_count is None and not names_model \
            and (previous.intent == "time" or previous.cost_of_timed):
        # "and how much?" after "how long to full finetune llama 3 8b on h100, 1B tokens": the
        # run just timed on 2× H100 is priced, not the one on 1× B200 (said after it).
        update["cost_of_timed"] = True
    if intent == "cost" and previous.fit_first and not new.fit_first:
        # "and on an a100?" after "can i qlora 70b on an h100 and how much for 10 hours?": the
        # verdict still leads, unless the cost is what this one asks ("and how much for 20h?").
        said = fold(new.text)
        update["fit_first"] = px.COST.search(said) is None and px.HOW_MUCH.search(said) is None
    elif intent == "time" and previous.fit_first and not new.fit_first and new.intent != "time" \
            and not names_model:
        # "what if i use qlora?" after "can i lora llama 3 8b on my 3060, … how long": whether
        # it fits still leads, then its time (was the time alone, the verdict a line at its
        # end); "how long with qlora?" asks the time, which leads.
        update["fit_first"] = True
    if names_model and not has_gpu and new.gpu_count is None and previous.gpu is not None \
            and (previous.gpu_count or 1) > 1 and previous.model_id != new.model_id:
        # "et un qlora de mistral 7b ?" after a cost on 4× A100 for 24 h: those GPUs kept, and
        # said to be more than it needs when fewer hold it (was the 4× A100's cost alone)
        update["config_kept"] = True
    return new.model_copy(update=update)


def _budget_for_run(new: Query, previous: Query, names_model: bool) -> bool:
    """A budget said alone ("i have $30", "tengo 30 dolares", "j'ai 30 $") after a training
    run was asked: the budget is for that run."""
    return new.budget_usd is not None and not names_model and not _names_card(new) \
        and new.hours is None and new.intent in ("unknown", "cost") and not new.budget_enough \
        and previous.params_b is not None and not previous.inference \
        and not previous.largest and previous.budget_usd is None


# "and in 4bit?", "y en 4 bits?", "et en 8 bits ?" (folded): a precision alone, nothing else.
# ... or said as using it: "what if i use 4bit", "y si uso 4 bits?", "et si j'utilise du 4
# bits ?", "using 4 bit quantization?"
_BITS_ALONE: Final = lazy(
    r"^\W*(?:(?:and|y|et|ok|so|but|pero|mais|what about|how about|que tal|et si|what if|if|"
    r"y si|si)\W+)*"
    r"(?:(?:(?:i|we) (?:use|used|go|went|try|tried|do it|did it)|use|using|go|uso|usara|usase|"
    r"usamos|usando|lo hago|(?:j'|je |on )?utilis\w*|je passe|on passe|je fais)\W+)?"
    # "et pour 4 bits ?", "and for 4bit?", "¿y para 4 bits?" (was serving the model in 4 bits)
    r"(?:(?:in|en|with|con|avec|at|a|du|de|on|for|para|pour)\W+)?(?:(?P<bits>4|8)[\s-]?bits?"
    # ... or by a format's name: "et en q8 ?", "and int4?" after a training run are its base
    # in that many bits (was serving the model in GGUF Q8_0, the training dropped)
    r"|q(?P<q>4|8)(?:_k_m|_0|km)?|int(?P<int>4|8))"
    r"(?:\W+(?:quant\w*|cuantiz\w*|precision))?"
    # "with 4bit then?", "¿y en 4 bits entonces?", "et en 4 bits alors ?": a word closing the
    # change (was serving the model in 4 bits, the run dropped)
    r"(?:\W+(?:then|instead|tho|though|entonces|mejor|alors|plutot|du coup))?\W*$"
)


def _bits_of_run(new: Query, previous: Query, names_model: bool) -> str | None:
    """"and in 4bit?" after "can i lora llama 3 8b on a 4090" (or a full fine-tune): that run
    with its base in 4 bits, QLoRA; after a QLoRA run timed on its data (its base 4-bit
    already) that run still (was serving the model in 4 bits, the data dropped); "and in
    8bit?" after LoRA or QLoRA: LoRA on an 8-bit base.
    Was serving the model in 4 bits, the training dropped."""
    if names_model or not new.inference or previous.inference or previous.params_b is None:
        return None
    said = _BITS_ALONE.match(fold(new.text))
    if said is None:
        return None
    bits = said.group("bits") or said.group("q") or said.group("int")
    if bits != said.group("bits") and previous.method is None:
        # "q4?" after "deepseek r1 distill 14b on my 4070" (runs in 4-bit, no training fits):
        # a format to run, GGUF Q4_K_M, when no training method was named
        return None
    if bits == "4" and new.method in ("inference_int4", "gguf_q4_k_m") \
            and (previous.method in ("lora", "lora_int8", "full_adamw", "full_adam8bit")
                 # a QLoRA run timed on its data: that run (its base 4-bit already), not
                 # serving (after its verdict alone, serving in 4 bits: test_conv19)
                 # (or two cards compared on it: "a100 ou h100 pour un qlora … 20k exemples",
                 # then "et pour 4 bits ?")
                 or (previous.method == "qlora" and previous.intent in ("time", "cost",
                                                                        "compare")
                     and (previous.dataset_tokens is not None or bool(previous.dataset_samples)))
                 or (previous.method is None and previous.intent != "memory")):
        # (no method: "can i finetune llama 3.1 8b on my 3060", each training method; not "how
        # much vram for llama 3 8b", where "and in 4bit?" may well be serving it)
        return "qlora"
    if bits == "8" and new.method in ("inference_int8", "gguf_q8_0") \
            and previous.method in ("lora", "qlora"):
        return "lora_int8"
    return None


def _precision_of_run(new: Query, names_model: bool) -> bool:
    """"does it work with fp16?", "and in bf16?" naming no model: a 16-bit precision alone,
    no serving word or format, which after a training question is that run's precision (a T4
    trains in FP16), not serving the model."""
    if names_model or not new.inference or new.method != "inference_bf16":
        return False
    folded = fold(new.text)
    return bool(st.INFERENCE_16.search(folded)) and not px.INFERENCE_STRONG.search(folded) \
        and not px.INFERENCE_FORMAT.search(folded)


# "and the price on an a100?", "¿y el precio en una a100?", "et le prix sur une a100 ?"
# (folded): the cost of the run there, a price noun said (a card alone reads as its price).
_PRICE_NOUN: Final = lazy(
    r"(?<![a-z])(?:the|its|el|su|le|son) (?:price|cost|precio|costo|coste|prix|cout)(?![a-z])"
)


def _intent(new: Query, previous: Query, has_gpu: bool) -> Intent:
    if new.hours is not None and previous.intent == "compare" and previous.other_gpus \
            and not has_gpu and not _names_model(new):
        # "h100 o dos a100 para llama 3 70b", then "¿y cuánto sale al mes?": both sides for
        # that month (was 1× H100 alone, where the model does not fit, the other side dropped)
        return "compare"
    if new.hours is not None or new.intent == "cost":
        return "cost"
    if new.intent == "prices" and has_gpu and previous.params_b is not None \
            and (previous.dataset_tokens is not None or previous.dataset_samples is not None) \
            and (_PRICE_NOUN.search(fold(new.text)) or px.HOW_MUCH.search(fold(new.text))):
        # after a run on a dataset: its cost there (was its time again, the price asked one
        # line under it); with no data, a card's price beside the fit, as before. "how much
        # on h100 instead" too.
        return "cost"
    if new.intent == "compare" or (new.intent == "recommend" and not has_gpu):
        return new.intent
    if previous.intent == "compare" and has_gpu and previous.params_b is not None \
            and not previous.inference and new.params_b is None \
            and (previous.dataset_tokens is not None or bool(previous.dataset_samples)):
        # "and l40s?" after "a100 vs h100 for lora llama 3 8b, 100k samples of 1k tokens":
        # that run timed (and priced) there, as the two were (was its fit alone)
        return "time"
    if previous.intent in ("recommend", "compare") and has_gpu:
        return "fit"  # "and on an H100?" after "the cheapest GPU for 70B?" or "A100 vs H100"
    if new.intent == "time" and previous.intent in ("fit", "memory") \
            and new.params_b is not None \
            and (new.dataset_tokens is not None or new.dataset_samples is not None):
        # "and how long would mistral 7b take on 10M tokens" after a fit or "what can i
        # finetune on it": a run on a dataset timed (was the fit verdict again)
        return "time"
    if previous.intent == "cost" and has_gpu and previous.hours is None \
            and (previous.dataset_tokens is not None or bool(previous.dataset_samples)) \
            and _MY_CARD.search(fold(new.text)) is not None:
        # "and with my 3090?" after a run's cost: one's own card pays no rent, so the run's
        # time there (was its cost where it is rented for least, the 3090 dropped unsaid)
        return "time"
    return previous.intent
