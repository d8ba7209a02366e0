"""The hardware a question names: GPUs (any catalogued card, rented or not), how many, and
memory — written the way people write it in English, Spanish and French.

"3090", "RTX3090 24G", "A100/40GB", "A100 (40G)", "2x 3090", "dual 4090", "3090 x2",
"2*RTX3090 (24G per card)", "8*24G", "4 * A6000 = 192 GB total", "2 nodes × 8 A100", "my GPU has
12GB", "Colab T4", "M2 Ultra 64 GB", "mac with 64gb", "dos 3090", "ma carte a 12 Go".

What is not the user's GPU memory is read and set aside: system memory ("64GB RAM", "DDR4 64GB",
"32 Go de RAM"; on a Mac it *is* the unified memory) and a figure quoted from elsewhere ("it says
you need 112 GB", "requires 80GB").

Everything runs on folded text (see ``normalise.fold``: "×" and "*" are " x "). Each mention
read is blanked so that its digits are not read again. No pattern nests unbounded quantifiers.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from decimal import Decimal
from itertools import pairwise
from typing import Final, Protocol

from bot.understand import asks, owned
from bot.understand import lexicon as lx
from bot.understand import settings as st
from bot.understand.index import CatalogueIndex
from bot.understand.lazy import lazy
from bot.understand.numbers import NUM_SP, parse_decimal, parse_int, tidy
from bot.understand.patterns import alt, provider_named
from bot.understand.query import Lang
from bot.understand.screen import Screened
from rules.schema import GPU


@dataclass
class GpuMention:
    gpu_id: str | None  # None: GPU-shaped but not in the catalogue
    text: str  # as matched (folded), for "I don't know the GPU …"
    count: int | None
    memory_gb: Decimal | None = None  # Apple silicon: the unified memory the user stated
    variant_assumed: bool = False  # a bare name read as one of several memory variants
    stated_gb: Decimal | None = None  # memory written with the name ("A100 40GB"), per card
    # "1 or 2 A100", "¿2 o 4 H100?", "4 vs 8 h100": the other count, to compare with `count`
    alt_count: int | None = None
    alt_after: bool = False  # said after the name ("8 h100s or 4"): `count` was said first
    # No count, but an indefinite article before the name ("what would an h100 do?", "una
    # H100", "une H100"): one card, where a count said for another card would otherwise apply.
    one: bool = False
    # Google Colab's card ("colab pro a100", "free colab"): a rented notebook, not the user's own
    colab: bool = False
    colab_plan: bool = False  # a paid Colab plan named with no card ("on colab pro")
    # Kaggle's ("on kaggle", "kaggle's p100"): a free notebook's GPUs, not the user's own
    kaggle: bool = False
    # No count, but the name in the plural ("on h100s", "several a100s", "varias h100", "sur
    # des h100"): some of that card, as many as the run needs.
    plural: bool = False
    # The cloud instance type it was read from ("ml.g5.2xlarge", "a2-highgpu-1g", "g5"): a
    # rented machine's GPUs, named so in the reply, not "your own card"
    instance: str | None = None
    # Memory the user said for a card that has no variant of that size nor is sold modded at it
    # ("8gb vram laptop 3060": NVIDIA's RTX 3060 Laptop has 6 GB): the answer is on the
    # datasheet's memory, and the reply says both (was the 6 GB, or the 8 GB, silently).
    said_gb: Decimal | None = None
    # Ruled out where it is named: "on a 4090, not a 3090", "sorry, 4090 not 3090", "una
    # 4090, no una 3090", "une 4090, pas une 3090" (take_gpus drops it beside a card kept).
    ruled_out: bool = False


class Work(Protocol):
    """What ``parse._Work`` offers this module: the text being consumed and the facts so far."""

    s: str
    lang: Lang | None
    gpus: list[GpuMention]
    gpus_ruled_out: list[str]
    gpu_count: int | None
    vram_gb: Decimal | None
    ram_gb: Decimal | None
    ram_free: bool
    ram_needed_gb: Decimal | None
    params_b: Decimal | None

    def blank(self, start: int, end: int, fill: str = "") -> None: ...


_COUNT_WORDS: Final = alt(re.escape(w) for w in lx.COUNT_WORDS)
_VENDOR: Final = alt(
    # "arc pro", "radeon pro": a workstation line's word before the name ("2x arc pro b60").
    (*lx.GPU_VENDOR_WORDS, r"apple", r"google colab", r"colab", r"kaggle", r"aws", r"intel", r"arc",
     r"arc pro", r"radeon pro")
)
_NOUNS: Final = alt(lx.GPU_NOUNS)
_NODES: Final = r"(?:nodes?|nodos?|noeuds?|servers?|servidores?|serveurs?|machines?|maquinas?)"
_MAC: Final = (
    r"(?:apple silicon|apple|mac ?book(?: (?:pro|air))?|mac (?:studio|mini|pro)|imac|mac)"
)
_CHIP: Final = r"(?:m[1-4](?: ?(?:pro|max|ultra))?|m5(?: ?(?:pro|max))?(?! ?ultra))"
_MEM_UNIT: Final = r"(?:gb|go|gib|gigs?|gigas?|g)"
# Form factors and laptop parts written after a name ("PCIe", "laptop", "portátil", "portable").
_FORM: Final = (
    r"(?:sxm\d?|pcie\d?|nvl|laptop(?: gpu)?|mobile|notebook|portatil|portable|max ?-?q|active)"
)
# NVIDIA's Max-Q is a laptop part's power design ("4060 max-q", "3080 maxq"): the laptop GPU.
_LAPTOP: Final = Screened(r" (?:mobile|notebook|portatil|portable|max ?-?q)$")
_MAX_Q: Final = lazy(r" ?-? ?max ?-?q(?: workstation(?: edition)?)?$")
# A laptop part's "m" glued to its number ("rtx 4060m", "3050tim").
_GLUED_LAPTOP: Final = lazy(r"(\d{4}(?: ?ti)?)m$")
_LAPTOP_WORDS: Final = Screened(r"(?<![a-z])(?:laptop|notebook|portatil|portable)(?![a-z])")

# Google Colab named with no card ("free colab", "colab gratis"): its free tier's T4.
_COLAB_AFTER: Final = r"(?: (?:free(?: tier)?|gratis|gratuit[oe]?))?"
_COLAB_NAME: Final = rf"(?:free |google )?colab{_COLAB_AFTER}"
# GPU_NAME's pieces, each alternative opening with a letter or a set (see there). Colab alone
# is its free T4 (a paid plan's card is named: "colab pro a100").
_COLAB_ALONE: Final = "|".join(
    rf"{opening}{_COLAB_AFTER}(?! ?(?:pro|\+))" for opening in ("free colab", "google colab", "colab")
)
# A data-centre card's letters and number ("a100", "h100nvl", "gh200"; "a6000 ada": the RTX
# 6000 Ada, as owners of the A6000's successor often write it).
_LETTER_NAMES: Final = "|".join(
    rf"{letters}-?\d{{2,4}}[a-z]{{0,3}}(?: ada(?: generation)?(?![a-z]))?"
    # "a4090" is "a 4090" (GPU_NAME), not a workstation card of that name
    # (opening with the set: tests/test_speed15.py)
    for letters in ("gh", "mi", "[abhklptvw](?!(?<=a)[345]0[5-9]0)")
)
# After a GeForce number ("3090", "4070 ti super", "2060s", "4060m").
# "4090 d", "5090d", "5090 d v2": NVIDIA's China-market cards (the "d" alone: "de" is Spanish).
_CONSUMER_AFTER: Final = (
    r"(?: ?d(?![a-z0-9'])(?: ?v2(?![a-z0-9]))?|d)?(?: ?ti)?(?: ?super|s(?=$|[^a-z0-9']))?m?"
)

# A GPU name, its form factor, and memory written with it ("a100-40g", "A100 (40G)", "A100/40GB",
# "RTX3090 24G", "3090 with 24GB", "M2 Ultra 64 GB"), possibly "(24G per card)".
GPU_NAME: Final = lazy(
    # Where a word starts (every name opens with a letter or a digit: \b is the look-behind
    # (?<![\w.]) but for a dot, in one step), or glued after a count ("8xa100").
    # ... or glued after the article "a" before a GeForce number ("on a4090": no workstation
    # card is called A4090; an A4000, A5000 or A6000 is not such a number).
    rf"(?:\b(?<!\.)|(?<=\dx)|(?<=(?<![a-z0-9])a)(?=[345]0[5-9]0))"
    # The engine tries every alternative below where a word starts, and each one opening with
    # a group or an optional part (rather than a letter or a set) is entered in full, a
    # repeat allocating its state: written so that each opens with its first letter or set,
    # and the vendors' repeat is entered only where a vendor is written. The same matches.
    rf"(?P<name>(?:(?={_VENDOR} )(?:{_VENDOR} )*|)"
    # A laptop part's "m" glued on ("3060m", "rtx 4090m", "3050tim"): the catalogue's aliases;
    # a number of millions ("2060m tokens") is set aside by its unit after (_is_gpu).
    r"(?:rtx ?6000 ?pro"  # "RTX 6000 Pro", the RTX PRO 6000 Blackwell as people write it
    r"|[rg]tx ?-?(?:pro ?)?(?:a ?)?\d{3,4}(?: ?d(?![a-z0-9'])(?: ?v2(?![a-z0-9]))?|d)?(?: ?ti)?"
    r"(?: ?super|s(?=$|[^a-z0-9']))?m?"
    r"(?: ?sff)?(?: ?ada(?: generation)?)?"
    r"(?: ?blackwell)?"
    r"|titan ?(?:rtx|xp|v)|rtx ?titan"  # "rtx titan": the TITAN RTX, its words swapped
    # The TITAN X: the Pascal one ("titan x", "titan x pascal"), the Maxwell one ("gtx titan x")
    r"|gtx ?titan ?x(?: ?\(?maxwell\)?)?|titan ?x(?: ?\(?(?:pascal|maxwell)\)?)?"
    # Unified-memory boxes and a Maxwell card people still buy for its 24 GB.
    r"|dgx ?spark|gb10|strix ?halo|ryzen ai max\+? ?\d{3}|ai max\+? ?\d{3}|radeon 8060s|8060s|m40"
    r"|framework desktop|gmktec evo[ -]?x2|evo[ -]?x2"  # Ryzen AI Max+ 395 boxes, named by the box
    r"|jetson ?(?:agx ?)?thor|agx ?thor|jetson ?t5000"
    # Older Jetsons: "jetson agx xavier", "xavier nx", "jetson nano" (the Orin Nano below)
    r"|jetson ?(?:agx ?)?xavier(?: ?(?:agx|nx))?|agx ?xavier|nx ?xavier|xavier ?(?:agx|nx)"
    r"|jetson ?nano(?: ?super)?"  # "jetson nano super": the Orin Nano Super (its alias)
    r"|jetson ?(?:agx ?)?orin(?: ?(?:nano|nx))?(?: ?super)?|agx ?orin|orin(?: ?(?:nano|nx)(?: ?super)?|(?= ?(?:16|32|64) ?g))|gb ?[23]00|tesla ?p4(?!\w)"
    rf"|{_COLAB_ALONE}"
    r"|rx ?-?\d{4}(?: ?(?:xtx|xt|gre))?|79[0-7]0 ?(?:xtx|xt|gre)|90[0-7]0 ?(?:xtx|xt|gre)"
    # The older Radeons by number and suffix alone ("6900xt", "6800 xt", "5700xt": no card)
    r"|[56][5-9][05]0 ?(?:xtx|xt|gre)|7[5-8][05]0 ?(?:xt|gre)"
    # Older and newer Radeons people run models on: "rx 580", "vega 64", "radeon vii", "r9700".
    r"|rx ?-?5[89]0|rx ?vega ?(?:56|64)|vega ?(?:56|64)|radeon (?:pro )?vii|ai pro r9700|r9700"
    rf"|{_LETTER_NAMES}"
    # AMD Instinct with a space: "mi 300x", "mi 250"; any number after "amd"/"instinct" ("amd
    # mi 100"), read by _candidates glued ("mi 3090" stays the Spanish "my 3090")
    r"|mi (?<=amd mi )\d{2,3}[a-z]?|mi (?<=instinct mi )\d{2,3}[a-z]?"
    r"|mi (?:2[15]0(?: ?x)?|300(?: ?x|a)?|325 ?x|35[05] ?x)(?![a-z0-9])"
    # ... and "mi 100", unless an amount follows ("mi 100 dolares", "mi 100gb": mine)
    r"|mi 100(?![0-9a-z%$€]| (?:gb|gigas?|go|mb|tb|usd|eur|euros?|dolares|dollars?|pesos|mil\w*"
    r"|horas?|hours?|heures?|tokens?|steps?|pasos|epochs?|epocas?|ejemplos|samples|k|m|b|%)"
    r"(?![a-z]))"
    r"|[tl]4"
    r"|a2(?![0-9a-z-])"  # NVIDIA's A2 ("my nvidia a2"; Google Cloud's A2 series is read before)
    rf"|[1-5]0[5-9]0{_CONSUMER_AFTER}|16[56]0{_CONSUMER_AFTER}"
    # An Ada workstation card by its number alone ("6000 ada", "my 4500 ada"), as its
    # owners write it beside an "rtx a6000" (was no card, the comparison a card short).
    r"|[2-6][05]00 ?ada(?![a-z])|5880 ?ada(?![a-z])"
    # The groups' own letters first (no other alternative here opens with one of them).
    rf"|(?=[abhim])(?:(?P<spaced>[hab] \d{{3}})|(?P<chip>(?:{_MAC} |){_CHIP})|(?P<mac>{_MAC})))"
    rf"(?: ?-? ?{_FORM})?)"
    r"(?:'?s)?"
    r"(?: ?(?:[-/(,:]|with|w/|con|avec|de|of|a)? ?(?:de )?"
    rf"(?P<mem>\d{{1,3}}(?:[.,]5)?) ?{_MEM_UNIT}"
    r"(?: (?:of )?(?:vram|de vram|hbm\d?e?|gddr\dx?|unified memory|de memoire unifiee|ram|de ram))?"
    r"(?: ?(?:per card|per gpu|each|cada una|cada uno|por tarjeta|por gpu|par carte|par gpu|chacune))?"
    r" ?\)?)?"
    rf"(?: ?-? ?(?P<post>{_FORM}))?"  # "A100 80GB PCIe", "4090 16GB laptop"
    # NVIDIA's Founders Edition glued on ("3090fe", "4090fe"): the card, its "fe" left after it.
    r"(?=$|[^a-z0-9]|x\d|fe(?![a-z0-9]))"
)
# Units that make the number before them a quantity, not a GPU name.
_UNITS: Final = (
    r"h|hrs?|hours?|horas?|heures?|gb|go|\$|dollars?|dolares|tokens?|%|m|b|bn|k|"
    r"millions?|millones|minutes?|min"
)
# "a 100 hours" is not an A100: a spaced name followed by a unit is a number, also with its
# decimals ("QLoRA of a 200.9B model", "a 100.5 billion one").
_SPACED_UNIT_AFTER: Final = lazy(rf"^(?:[.,]\d+)? ?(?:{_UNITS}|billions?|milliards?)(?![a-z])")
# A bare number is a GPU only when it is not a quantity ("3090 tokens", "2070 hours").
_NUMBER_UNIT_AFTER: Final = lazy(
    rf"^ ?(?:{_UNITS}|g|steps?|samples?|examples?|rows?|d(?!['’])|days?|dias?|jours?|"
    r"weeks?|semanas?|semaines?|months?|mois|mes(?:es)?|years?|anos?|ans?|usd|euros?)(?![a-z])"
)
# A card's number after an article, then a rate: "on my 4090 tokens/s", "on a 1080 ti tokens
# per second" (settings.THROUGHPUT leaves it to the card).
_CARD_BEFORE_RATE: Final = lazy(
    rf"{st.CARD_NUMBER}(?: ?(?:ti|super|xtx|xt))? ?(?:tok(?:en)?s?|tk) ?"
    r"(?:/ ?s|per second|por segundo|par seconde|a second)")
# A count of cards right before the number: "2x 3090", "2 x 4090", "2× 3090".
_CARDS_BEFORE: Final = lazy(r"(?<![\w.,])\d{1,2} ?[x×] ?$")
_MAC_WORDS: Final = lazy(rf"(?<![a-z]){_MAC}(?![a-z])")
# What only a Mac's chip goes with: "24gb m2 air", "mlx lora on my m2", "m1 with 16gb of unified
# memory", "metal", "macos".
_MAC_CUES: Final = lazy(
    r"(?<![a-z])(?:m[1-5](?: pro| max| ultra)? (?:air|mini|studio)|mlx\w*|unified memory|memoria unificada|memoire unifiee|metal|"
    r"mac ?os|osx)(?![a-z])"
)
# A chip said as one's own, right before it: "on my m1", "en mi m2", "sur mon m1", "my m3's".
_OWN_CHIP: Final = lazy(r"(?<![a-z])(?:my|mi|mon|ma|mine|nuestro|notre)\s*$")
_SSD_AFTER: Final = lazy(r"\s*(?:ssd|nvme|slot|drive|disco|disque)")
# A Mac's memory said right before its chip, as owners write it: "16gb m2", "24 gb m3",
# "32go m1 pro". An SSD's size is said that way too ("512gb m2 ssd"), so the word after decides,
# and a size past any Mac's memory (256 GB and up) stays a drive's.
_MEM_BEFORE_CHIP: Final = lazy(r"(?<![\w.,])(?P<num>\d{1,3}) ?(?:gb|go|gigs?|gigas?)\s*$")
# Qwen's and others' names give a mixture of experts' active parameters after its size
# ("Qwen3-VL-235B-A22B", "qwen3 next 80b a3b"): "a22b" there is no A-series card.
_ACTIVE_SIZE: Final = lazy(r"a\d{1,3}b")
_SIZE_BEFORE: Final = lazy(r"\d ?b ?[-_ ]?$")
# A variant's memory said with no unit right after the name, as Spanish and French speakers say
# it: "una A100 de 40", "la 3060 de 12", "la 4060 ti de 16", "un A100 de 40, ça passe ?". Read
# only when it is one of that card's sizes and no unit or quantity follows ("A100 de 40 horas").
_BARE_MEM_AFTER: Final = lazy(r" ?(?:de|of|-)? ?(?P<num>\d{1,3})(?!\w|[.,]\d| ?[%$/x*])")
_OTHER_VARIANT: Final = lazy(
    r" ?,? (?:o|ou|or|vs\.?|versus) (?:la |le |el |l'|une |una |un |the |a )?(?:de |of )?"
    r"(?P<num>\d{1,3})(?: ?(?:gb|go|gigas?))?(?!\w|[.,]\d| ?[%$/x*])")
_CORES_AFTER: Final = lazy(r" ?-?(?:cores?|c|cpu|gpu|nucleos|coeurs)(?![a-z])")

# Counts around a name: "8x H100", "2 x rtx3090", "dual 4090", "dos 3090", "2 nodes x 8 a100".
_COUNT_BEFORE: Final = lazy(
    rf"(?:(?<![\w.,])(?P<nodes>\d+|{_COUNT_WORDS}) ?{_NODES} ?(?:x|of|with|de|con|avec|,)? ?"
    r"(?:(?:each|cada uno|chacun) (?:with )?)?)?"
    # ("24/7 h100", "24 / 7 h100": around the clock, no 7 cards, no 24 or 7 of them)
    rf"(?:(?<![\w.,])(?<!24/)(?<!24 / )(?<!24/ )(?<!24 /)(?P<num>-?\d+) ?(?:x ?)?|(?<![a-z])x ?(?P<xnum>\d+) |"
    # An elided count ("une paire d'A100") runs into the name.
    rf"(?<![a-z])(?P<word>{_COUNT_WORDS})(?: |(?<=')))(?:{_NOUNS} )*$"
)
# "an H100", "una H100", "une H100": one card named with an indefinite article, also elided
# after "que" and "de" ("2 h200 c'est mieux qu'une b200 ?", "au lieu d'un h100").
_ARTICLE_BEFORE: Final = lazy(r"(?:(?<![\w'])|(?<=qu')|(?<=d'))(?:an?|una?|une) $")
# "not" right before a card's name, at most an article or "on" between ("4090 not 3090",
# "not on a 3090", "no una 3090", "pas une 3090", "pas sur la 3090"), but not "why not …".
_RULED_OUT_BEFORE: Final = lazy(
    r"(?<!why )(?<!por que )(?<!pourquoi )(?<![\w'])(?:not|no|pas)"
    r"(?: (?:on|in|with|en|con|sur|avec|a|an|the|my|una?|el|la|mi|une?|le|ma|mon))* $"
)
# A word before a card's name that makes it plural, no count said ("several h100", "varias
# h100", "sur des h100", "plusieurs a100").
_PLURAL_BEFORE: Final = lazy(
    r"(?<![\w'])(?:multiple|several|a few|some|varias|varios|algunas|algunos|unas|las|"
    r"plusieurs|quelques|des|les) $")
# "500 h100 hours", "200 a100 gpu hours": the number before the name counts hours.
_GPU_HOURS_AFTER: Final = lazy(r"^ ?(?P<gpu>gpu ?-? ?)?(?:hours?|hrs?)(?![a-z])")
_DIGIT_BEFORE: Final = lazy(r"\d ?$")
# A command-line flag just before the number ("-ngl 99 3060 12gb", "--parallel 4 4090"): the
# number is the flag's value, not a count of the card after it.
_FLAG_BEFORE: Final = lazy(r"(?<![\w-])--?[a-z][\w-]* ?[=:]? ?$")
# A table's cell border just before the number ("|   0  NVIDIA GeForce RTX 4060 Ti" in a pasted
# nvidia-smi): the GPU's index, not a count of it.
_CELL_BEFORE: Final = lazy(r"\| *$")
# A number joined to the name by "de" alone ("24 de h100"), and the units of hours it may echo.
_OF_ONLY: Final = lazy(r"\d ?de $")
_HOURS: Final = r"h|hrs?|hours?|horas?|heures?"
# The other count of "1 or 2 A100", "2 o 4 H100", "1 ou 2 A100", "4x vs 8x H100", "2/4 H100",
# written just before the count read in front of the name.
_ALT_COUNT_BEFORE: Final = lazy(
    # "entre 2 y 3 4090", "between 2 and 3" ("entre" reaches here as the typo fix "rentre")
    r"(?:(?<![a-z])(?P<between>r?entre|between) )?"
    rf"(?:(?<![\w.,])(?P<num>\d+)|(?<![a-z])(?P<word>{_COUNT_WORDS})"
    r"|(?<![a-z])(?P<one>one|un|una|uno|une)) ?(?:x ?)?"  # "un ou deux H100", "una o dos"
    r"(?:or|o|ou|vs\.?|versus|/|(?P<range>-|\u2013|to|a|à|y|et|and)) ?$"
)
# ... or just after the name: "8 h100s or 4 for full ft", "2 A100 o 4?".
_ALT_COUNT_AFTER: Final = lazy(
    rf"^ ?(?:or|o|ou|vs\.?|versus) (?:(?P<num>\d{{1,2}})|(?P<word>{_COUNT_WORDS}))"
    r"(?= ?(?:$|[,;?!.)]|(?:for|para|pour|to|de|of|gpus?|cards?|tarjetas?|cartes?)(?![a-z])))"
)
_COUNT_AFTER: Final = lazy(
    r"^ ?(?:x ?(?P<num>-?\d+)|\( ?x? ?(?P<pnum>\d+) ?\)"
    # The count written after the name with its "x" behind ("mi300x 8x full finetune", "h20
    # 8x for 70b"), read only before the end, a stop or the job: "4090 2x faster" is a ratio.
    r"|(?P<xnum>[1-9]|1[0-6]) ?x(?= ?(?:$|[,;:?!.)]|(?:for|to|with|full|lora|qlora|fine|"
    r"finetun\w*|train\w*|run\w*|serv\w*|infer\w*|node|server|box|rig|cluster|setup|gpus?|"
    r"cards?|para|pour|con|avec|entren\w*|entrain\w*)(?![a-z]))))(?!\w|[.,]\d)"
    # "una B200 x 3 dias": Spanish "x" is "por" before a duration.
    r"(?! ?(?:h|hrs?|hours?|horas?|heures?|d|days?|dias?|jours?|weeks?|semanas?|semaines?|"
    r"months?|mes|meses|mois)(?![a-z]))"
)
_NODES_AFTER: Final = Screened(
    rf"^ ?(?:per node|por nodo|par noeud)?,? ?(?:x|on|over|across|in|en|sur|sobre|dans|,)? ?"
    rf"(?P<nodes>\d+|{_COUNT_WORDS}) ?{_NODES}(?![a-z])"
)
# A total written after the configuration: "= 192 GB total", "(48GB total)", "192 Go au total".
# "2x RTX 4090 (48GB total)": the memory written with the card said to be the whole machine's.
_SAID_TOTAL: Final = lazy(
    rf" ?{_MEM_UNIT}? ?(?:total|in total|in all|en total|au total|combined|combinados?)(?![a-z])")
_TOTAL_AFTER: Final = lazy(
    r"^ ?(?:=|,|\(|-|:|with|for|con|avec|soit)? ?"
    rf"(?:(?P<a>{NUM_SP}) ?{_MEM_UNIT} ?(?:total|in total|en total|au total|combined|combinados?)"
    rf"|(?:total|en total|au total)(?: of| de)? ?(?P<b>{NUM_SP}) ?{_MEM_UNIT})(?![a-z0-9]) ?\)?"
)

# More memory than any cluster a question describes (16 nodes of 8 × 192 GB hold 24 576 GB): a
# figure written in groups of three above it is a number followed by the memory.
_MOST_GB: Final = Decimal(100_000)

# Memory figures not attached to a name.
_MEMORY: Final = lazy(
    # "8x 80gb gpus", and "8 80gb gpus" with the cards said after the memory
    rf"(?<![\w.,])(?:(?P<count>\d+)(?: ?x ?| (?=\d{{2,3}} ?(?:gb|go|gib|gio) (?:gpus?|cards?|"
    r"tarjetas?|graficas?|cartes?)(?![a-z])))"
    rf"|(?<![a-z])(?P<word>{_COUNT_WORDS}) )?(?P<num>{NUM_SP})"
    r"(?: ?(?:(?P<gib>gib|gio)|(?P<gb>gb|go|gigs?|gigas?|gigabytes?|gigaoctets?))|(?P<gb2>g)"
    r"| ?(?:(?P<tib>tib|tio)|(?P<tb>tb|terabytes?|teraoctets?))|(?P<tb2>to))(?![a-z0-9])"
    r"(?: ?x ?(?P<acount>\d+)(?![\w.,]))?"
)
# A size in GiB ("Gio" in French) is binary, 2^30 bytes; GB are 10^9 bytes.
_GIB: Final = Decimal(2**30)
_GB: Final = Decimal(10**9)
# Every memory figure is a digit then its unit ("24gb", "1 tb", "32g", "2to"): most texts, once
# the GPU names are read, hold none, and are then not searched for one (a scan at C speed).
_MEMORY_CUE: Final = lazy(r"\d ?[gt]")
# System memory and storage, before or after the figure: never GPU memory (but a Mac's RAM is).
_RAM_WORDS: Final = r"(?:ram|ddr\d?|lpddr\dx?|memoria ram|memoire vive|system memory|sys mem)"
_DISK_WORDS: Final = r"(?:ssd|nvme|hdd|disk|disque|disco|storage|stockage|almacenamiento|swap)"
_RAM_AFTER: Final = lazy(
    rf"^ ?(?:of |de |d')?(?:system |sys |unified )?(?P<ram>{_RAM_WORDS}|memory|memoire|memoria)"
    r"(?![a-z])"
)
# Ollama's "model requires more system memory (X GiB) than is available (Y GiB)": X is what it
# would keep in system memory (the model less what it put on the GPUs), Y the free RAM plus the
# free swap it found (ollama/ollama llm/server.go: available := FreeMemory + FreeSwap).
_OLLAMA_NEEDS: Final = lazy(r"more system memory ?\( ?$")
_OLLAMA_FREE: Final = lazy(r"than is available ?\( ?$")
_UNIT: Final = lazy(r"^ ?(?:gb|gib|go|g)(?![a-z])")
_DISK_AFTER: Final = lazy(rf"^ ?(?:of |de |d')?{_DISK_WORDS}(?![a-z])")
_DISK_BEFORE_RAM: Final = lazy(rf"(?<![a-z]){_DISK_WORDS}\W{{0,3}}$")
_RAM_BEFORE: Final = lazy(rf"(?<![a-z])(?:{_RAM_WORDS}|{_DISK_WORDS})\W{{0,3}}$")
# "64gb ram + 12gb vram": a figure its own VRAM word follows is the GPU's, whatever came before.
_VRAM_AFTER: Final = lazy(r"^ ?(?:of |de |d')?(?:vram|gpu|graphics memory)(?![a-z])")
# "memory" alone after a figure is system memory unless a GPU or VRAM word is near.
_GPU_MEMORY_NEAR: Final = lazy(r"(?<![a-z])(?:vram|gpu|graphics|grafica|graphique)")
# A figure quoted from elsewhere: a requirement, a log line, a model's size.
_QUOTED_BEFORE: Final = lazy(
    r"(?<![a-z])(?:needs?|needed|requires?|required|requiring|says?|said|uses?|used|using|"
    r"takes?|took|consumes?|allocated?|allocating|estimated?|peak|oom|out of memory|"
    r"at least|minimum|necesita|necesitan|requiere|requieren|usa|ocupa|consume|dice|faut|"
    r"necessite|demande|utilise|prend|consomme|exige|besoin de|pesa|pese|weighs?|"
    r"model is|weights are|checkpoint is|file is|"
    # PyTorch's OOM message: "… of which 1.05 GiB is free. Including non-PyTorch memory, this
    # process has 22.58 GiB memory in use. Of the allocated memory 21.73 GiB is allocated by
    # PyTorch", "Process 1 has 76.1 GiB memory in use": the card's memory in use, not system
    # RAM (was "the 24.25 GB of RAM you have", CPU offload said to be no option)
    r"process(?: \d+)? has|of which|allocated memory)"
    r"(?: (?:you |about |around |roughly |over |more than |like |only |just |unos |environ |"
    r"plus de |mas de |at least |a minimum of |de |d'|of |a "
    # Ollama's "model requires more system memory (47.3 GiB) than is available"
    r"|more (?:system |gpu )?memory \())*(?: ?~)? ?$"
)
# The words for a graphics card, every language: "placa de video" (Latin America), "gráfica"
# (Spain), "carte graphique".
_CARDS: Final = (
    r"(?:gpus?|graphics cards?|cards?|(?:tarjetas?|placas?)(?: de video| graficas?)?|graficas?|"
    r"cartes?(?: graphiques?)?)"
)
_GPU_NOUN_AFTER: Final = lazy(rf"^ ?(?:of vram |de vram )?{_CARDS}(?![a-z])")
_TOTAL_NEAR_AFTER: Final = lazy(
    r"^ ?(?:of vram |de vram )?(?:total|in total|en total|au total|combined|combinados?|in all|"
    # "48 gigas entre 2 placas", "48gb between two cards": shared by them (was 48 GB each;
    # "entre" reaches here as the typo fix "rentre")
    r"altogether|across|between|split (?:across|between|over)|repartidos?|repartis?"
    # (the cards after it, their count blanked by then: not "mes 24go rentre un 13b ?")
    r"|r?entre +(?:(?:las|los|les|mis|mes|ambas) +)?(?:\d|gpus?|dos|deux|tres|trois))"
    r"(?![a-z])"
)
_TOTAL_NEAR_BEFORE: Final = lazy(r"(?<![a-z])(?:total|en total|au total)(?: of| de)? ?$")

# "4 GPUs", "dos tarjetas", "2 nodes of 8 GPUs". Searched only in texts holding a card word
# (screen.py): most questions name their cards ("4x H100"), which are read and blanked by then.
_COUNT_ALONE: Final = Screened(
    rf"(?<![\w.,])(?:(?P<nodes>\d+|{_COUNT_WORDS}) ?{_NODES} ?(?:x|of|with|de|con|avec|,)? ?"
    r"(?:(?:each|cada uno|chacun) (?:with )?)?)?"
    # "-8 gpus" keeps its sign, as "-8 h100" does, so the count is refused (was 8 GPUs)
    rf"(?:(?P<num>(?:(?<![^ ])-)?\d+)|(?P<word>{_COUNT_WORDS})) ?x? ?{_CARDS}(?![a-z])"
)

# "two of them", "dos de ellas", "deux d'entre elles": a count of the cards already named (a
# follow-up's "what about on two of them?"); "2x?" alone at the end, as in "and 2x?".
_COUNT_OF_THEM: Final = lazy(
    rf"(?<![\w.,])(?:(?P<num>\d+)|(?P<word>{_COUNT_WORDS})) ?"
    r"(?:of (?:them|those|these|em)|de (?:ellas|ellos|esas|esos|estas|estos)"
    r"|d ?'? ?r?entre (?:elles|eux))(?![a-z])"  # "entre" reaches here as "rentre" (typos)
    r"|(?<![\w.,])(?P<xnum>\d+) ?x ?(?=[?!.]* ?$)"
    # "how about on 2?", "what about on one?", "¿y en dos?", "et sur deux ?": a bare count
    # ending the message (only where no card is named).
    rf"|(?<![a-z])(?:on|with|using|en|con|sur|avec) (?P<onnum>\d{{1,2}}|{_COUNT_WORDS})"
    r"(?= ?(?:of them|gpus?|cards?)? ?[?!.]* ?$)"
)

# Google Colab named with no card: its free tier's T4, unless the message names a card.
_COLAB: Final = lazy(_COLAB_NAME)
_COLAB_SAID: Final = Screened(r"(?<![a-z])colab(?![a-z])")
# A paid Colab plan named with no card ("on colab pro", "colab pro+", "colab pro plus"): the
# paid plans' GPU with the most memory (gpus_owned.toml [colab]).
_COLAB_PAID: Final = Screened(r"(?<![a-z])(?:google )?colab ?(?:pro(?: ?(?:\+|plus))?|\+)(?![a-z])")
# Kaggle named as where the run goes ("on kaggle", "kaggle notebook", "kaggle vs my 3060"), not
# where the data comes from ("a kaggle dataset", "from kaggle"): its GPUs (gpus_owned.toml).
_KAGGLE: Final = Screened(
    r"(?<![a-z])(?<!from )(?<!desde )(?<!depuis )kaggle(?:'s)?(?![a-z])"
    r"(?! ?(?:datasets?|data|competitions?|comps?|leaderboards?|api|cli|hub|models?|grandmaster)"
    r"(?![a-z]))"
)
# A card said to be on Kaggle ("p100 on kaggle", "la p100 de kaggle", "le p100 sur kaggle"),
# the card's name blanked to "gpu" before it.
_ON_KAGGLE: Final = lazy(r"gpu\w* +(?:on|in|at|de|en|sur|dans|chez)(?: +(?:a|un))? +$")
# A tier glued to the number ("4070ti super", "3090ti"), spaced as the catalogue names it.
_GLUED_TIER: Final = lazy(r"(\d)(ti|super)(?![a-z])")
_SUFFIX: Final = Screened(r" ?-? ?(?:sxm\d?|pcie\d?|active)$")
_VENDOR_PREFIX: Final = lazy(rf"^(?:{_VENDOR} )+")


def _count_value(raw: str) -> int:
    return parse_int(raw) if raw[0].isdigit() or raw[0] == "-" else lx.COUNT_WORDS[raw]


def _memory(raw: str) -> Decimal:
    return tidy(Decimal(raw.replace(",", ".")))


# --- names -------------------------------------------------------------------------------------


def _candidates(name: str, plural: bool = False) -> Iterator[str]:
    """The forms people add or drop around a catalogue name, made one at a time: the first,
    the name as written, is most often the one looked for. `plural`: a count of two or more
    was written before it, so a glued "s" is the plural ("two 2060s")."""
    name = name.replace("'", "")
    maxq = _MAX_Q.search(name)
    if maxq is not None:
        # A laptop part's Max-Q ("4060 max-q") is tried as the laptop GPU first; a desktop card
        # sold in a Max-Q edition ("rtx pro 6000 blackwell max-q") is that card.
        yield _LAPTOP.sub(" laptop", name)
        name = name[: maxq.start()]
    name = _LAPTOP.sub(" laptop", name)
    name = _GLUED_LAPTOP.sub(r"\1 laptop", name)  # "rtx 3060m", "gtx 1650m": the laptop part
    if plural:
        name = name[:-1]  # "2060s" is also an alias of the 2060 Super
    yield name
    bare = _VENDOR_PREFIX.sub("", name)
    yield bare
    if bare.endswith("s") and len(bare) > 4:
        # "4080s", "4070tis", "2060s": the Super, as owners write it, where the catalogue has
        # one (the name is tried first); else a plural, "H100s", "3090s" (but not "L40S").
        yield _GLUED_TIER.sub(r"\1 \2", bare[:-1]) + " super"
        yield bare[:-1]
    stripped = _SUFFIX.sub("", bare)
    yield stripped
    if stripped != bare and stripped.endswith("s") and len(stripped) > 4:
        # "h100s sxm", "a100s pcie": a plural before the form factor, the form factor kept
        yield stripped[:-1] + bare[len(stripped):]
        yield stripped[:-1]
    spaced = _GLUED_TIER.sub(r"\1 \2", bare)
    if spaced != bare:
        yield spaced  # "4070ti super", "rtx 4060ti 16gb": "4070 ti super", "4060 ti"
    if bare.endswith((" ada", " ada generation")):
        yield bare[: bare.rindex(" ada")]  # "a100 ada": no such Ada card, the A100


def _plural_name(name: str, gpu: GPU, mem: Decimal | None, index: CatalogueIndex) -> bool:
    """"h100s", "a100s", "4090s": the card's name with a plural "s" (the name without it is the
    same card; "l40s" and "2060s", a Super, are not)."""
    if len(name) < 3 or not name.endswith("s") or name[-2] in " -":
        return False
    again = _resolve(name[:-1], mem, index)[0]
    return again is not None and again.id == gpu.id


def _resolve(
    name: str, mem: Decimal | None, index: CatalogueIndex, plural: bool = False,
    mine: bool = False,
) -> tuple[GPU | None, Decimal | None, bool]:
    """The catalogue GPU a name (and the memory written with it) means, the unified memory of a
    Mac, and whether a bare name was read as one of several memory variants."""
    if mem is not None:
        # "a100 40gb", "rtx 4060 ti 16gb": a variant's name
        for candidate in _candidates(name, plural):
            gpu = index.find_gpu(f"{candidate} {mem}gb")
            if gpu is not None:
                return gpu, None, False
    for candidate in _candidates(name, plural):
        gpu = index.find_gpu(candidate)
        if gpu is not None:
            break
    else:
        return None, None, False
    if gpu.unified_memory:
        if mem is not None and gpu.memory_options_gb and mem not in gpu.memory_options_gb:
            # "mac mini m4 64gb": no M4 has 64 GB, its Pro does (273 GB/s, not 120): the first
            # higher tier of the same chip made with that memory.
            tier = next((t for t in (index.find_gpu(f"{name} {grade}")
                                     for grade in ("pro", "max", "ultra"))
                         if t is not None and mem in t.memory_options_gb), None)
            gpu = tier or gpu
        return gpu, mem, mem is None and len(gpu.memory_options_gb) > 1
    variants = index.variants(gpu)
    if mem is not None and mem == gpu.shared_memory_gb:
        # "amd ai max 395 128gb": the memory the CPU and GPU share, of which the GPU is given
        # its row's share (96 GB there), not a GPU of 128 GB.
        return gpu, None, False
    if mem is not None and gpu.shared_memory_gb is not None and mem < gpu.shared_memory_gb:
        # "strix halo 64gb": a smaller machine's memory, of which the GPU is given the same
        # share as of the cited pool (AMD's Variable Graphics Memory: 96 GB of 128, 3/4).
        return gpu, tidy(mem * gpu.vram_gb / gpu.shared_memory_gb), False
    if mem is not None:
        same = [v for v in variants if v.vram_gb == mem]
        if gpu.vram_gb != mem and same:
            return same[0], None, False
        laptop = index.find_gpu(f"{gpu.id} laptop") if gpu.vram_gb != mem \
            and mem not in gpu.modded_memory_gb else None
        parts = [p for p in index.variants(laptop) if p.vram_gb == mem] if laptop else []
        if parts:
            # "3060 6go", "rtx 3050 de 4gb": no desktop card of that name has that memory, its
            # laptop part does (the RTX 3060 Laptop's 6 GB): that part, its own row.
            return parts[0], None, False
        if gpu.vram_gb != mem and mem in gpu.modded_memory_gb:
            # a 48 GB modded 4090 D, "2080 ti 22gb": the card the user has, sold so
            return gpu, mem, False
        # Any other size is no card of that name ("my 3090 12gb", "h100 40gb"): the datasheet's
        # memory, the size said kept apart (GpuMention.said_gb) for the reply to name both.
        return gpu, None, False
    sizes = {v.vram_gb for v in variants}
    return gpu, None, len(sizes) > 1


def _system_ram_after(s: str, at: int) -> bool:
    """The memory figure ending at `at` is said to be system RAM ("16gb ram", "16gb of system
    ram", "16gb de ram", "16 go de ram"), not a card's memory ("16gb vram", "16gb memory")."""
    ram = _RAM_AFTER.match(_UNIT.sub("", s[at:], 1))
    return ram is not None and (ram.group("ram") not in ("memory", "memoire", "memoria")
                                or "sys" in ram.group(0))


def _glued_super(name: str, gpu: GPU) -> bool:
    """`name`'s glued "s" was read as a Super ("2060s", "4070tis"; not "l40s")."""
    return name.endswith("s") and "super" not in name and gpu.id.endswith("-super")


def _count_around(
    work: Work, start: int, end: int
) -> tuple[int | None, int, int, int | None, bool]:
    """Count written around a GPU name ("8x H100", "H100 x8", "dos H200", "2 nodes x 8 A100",
    "8 A100 x 2 nodes"), widening the span; and the other count of "1 or 2 A100"."""
    count: int | None = None
    alt: int | None = None
    after_name = False
    offset = max(0, start - 48)
    before = _COUNT_BEFORE.search(work.s[offset:start])
    if before and before.group("num") and not before.group("nodes") \
            and _GPU_HOURS_AFTER.match(work.s[end : end + 16]):
        # "how much for 500 h100 hours": 500 GPU-hours of H100, not 500 cards.
        before = None
    if before and before.group("num") and not before.group("nodes") \
            and _FLAG_BEFORE.search(work.s, 0, offset + before.start("num")):
        # "llama-server … -ngl 99 3060 12gb": 99 layers on one 3060 (was 99 GPUs)
        before = None
    if before and before.group("num") and not before.group("nodes") \
            and _CELL_BEFORE.search(work.s, 0, offset + before.start("num")):
        # nvidia-smi's "|   0  NVIDIA GeForce RTX 4060 Ti": GPU 0, one card (was 0 GPUs,
        # "I can size clusters of 1 to 1024 GPUs")
        before = None
    if before and before.group("num") and _OF_ONLY.search(before.group(0)) and re.search(
            rf"(?<![\d.,]){re.escape(before.group('num'))} ?(?:{_HOURS})(?![a-z])",
            work.s[:offset + before.start()]):
        # "24 horas de a100 y 24 de h100": the same 24 hours of the other card, not 24 cards.
        before = None
    if before:
        raw = before.group("num") or before.group("xnum") or before.group("word")
        count = _count_value(raw)
        if before.group("nodes"):
            count *= _count_value(before.group("nodes"))
        start = offset + before.start()
        other = None if before.group("nodes") else _ALT_COUNT_BEFORE.search(
            work.s[max(0, start - 16) : start])
        if other is not None and other.group("range") and ((1 if other.group("one") else _count_value(
                other.group("num") or other.group("word"))) >= count or (
                other.group("range") in ("y", "et", "and") and not other.group("between"))):
            # "2-3 3090s" is a range from the smaller; "7-2" or "un a 2" is not one, and "and"
            # joins a range only after "between" ("entre 2 y 3 4090").
            other = None
        if other is not None:
            alt = 1 if other.group("one") else _count_value(other.group("num") or other.group("word"))
            start -= len(other.group(0))
        elif (later := _ALT_COUNT_AFTER.search(work.s[end : end + 24])) is not None:
            alt, after_name = _count_value(later.group("num") or later.group("word")), True
            end += later.end()
    else:
        after = _COUNT_AFTER.search(work.s[end : end + 16])
        if after:
            count = parse_int(after.group("num") or after.group("pnum") or after.group("xnum"))
            end += after.end()
    nodes = _NODES_AFTER.search(work.s[end : end + 32])
    if nodes:
        count = (count or 1) * _count_value(nodes.group("nodes"))
        end += nodes.end()
        alt = None
    return count, start, end, (alt if alt != count else None), after_name


def _is_gpu(match: re.Match[str], s: str) -> bool:
    """Reject what the name pattern over-matches: "a 100 hours", "2070 tokens", "M2" alone,
    a mixture of experts' active size ("235b-a22b")."""
    after = s[match.end() :]
    if _ACTIVE_SIZE.fullmatch(match.group("name")) and _SIZE_BEFORE.search(s, 0, match.start()):
        return False
    spaced = match.group("spaced")
    if spaced and (spaced[2:] not in ("100", "200") or _SPACED_UNIT_AFTER.match(after)):
        return False
    name = match.group("name")
    if name[0].isdigit() and match.group("mem") is None and _NUMBER_UNIT_AFTER.match(after):
        if _CARDS_BEFORE.search(s[max(0, match.start() - 6) : match.start()]) \
                or _CARD_BEFORE_RATE.match(s, match.start()):
            # "on 2x 3090 tokens per second", "on a 4090 tokens/s": the card, then the question
            return True
        return bool(asks.HOUR_UNIT_AFTER.match(after)
                    and asks.CARD_HOURS.search(s[max(0, match.start() - 16) : match.start()]))
    chip = match.group("chip")
    # "m2" alone is an SSD slot as often as a Mac; "m2 air", MLX or unified memory make it one,
    # and so does a model run on it, said as one's own ("llama 3 8b on my m1", "mi m2").
    return not chip or len(chip) > 2 or bool(
        match.group("mem") or _MAC_WORDS.search(s) or _MAC_CUES.search(s)
        or ((_OWN_CHIP.search(s, max(0, match.start() - 12), match.start())
             or _mem_before_chip(s, match.start()))
            and not _SSD_AFTER.match(after)))


def _mem_before_chip(s: str, start: int) -> bool:
    """ "16gb m2": a Mac's memory before its chip (8 to 192 GB, the sizes Macs ship with)."""
    mem = _MEM_BEFORE_CHIP.search(s, max(0, start - 10), start)
    return mem is not None and 8 <= int(mem.group("num")) <= 192


# Cloud instance types people name instead of the GPU: (pattern, GPU id, count). Sources: the
# AWS EC2 accelerated-computing instance specifications
# (https://docs.aws.amazon.com/ec2/latest/instancetypes/ac.html, checked 2026-12-03): G4dn T4,
# G5 A10G, G6 L4, G6e L40S (48 GB; g6e.xlarge to .16xlarge 1, .12xlarge and .24xlarge 4,
# .48xlarge 8), P3 V100 16 GB, P3dn V100 32 GB, P4d 8× A100 40 GB, P4de 8× A100 80 GB, P5 H100
# (p5.4xlarge 1, p5.48xlarge 8), P5e and P5en 8× H200, P6-B200 8× B200. P3's and P3dn's V100s
# are the SXM2 part: AWS's P3 launch post (https://aws.amazon.com/blogs/aws/new-amazon-ec2-
# instances-with-up-to-8-nvidia-tesla-v100-gpus-p3/, 2017-10-25) gives each GPU 125 TFLOPS of
# mixed precision, the SXM2 datasheet figure, joined by NVLink 2.0, and nvidia-smi on a
# p3.16xlarge names them "Tesla V100-SXM2" with 16152 MiB each
# (https://github.com/vantage-sh/ec2instances.info/issues/289). P4d/P4de's A100s are SXM4 and
# P5's H100s SXM5 (the catalogue's "A100 40GB", "A100 80GB" and "H100" rows). The Google Cloud
# GPU machine types (https://cloud.google.com/compute/docs/gpus: a2-highgpu-Ng N× A100 40 GB,
# a2-ultragpu-Ng N× A100 80 GB, a3-highgpu-8g 8× H100, g2-standard L4); SageMaker's "ml."
# prefix names the same.
# People write the names with spaces for the hyphens and underscores ("a3 highgpu 8g", "nd96amsr
# a100 v4"): each "-" or "_" below matches any of the three (the "8g" was read as 8 GB, "nd96amsr
# a100 v4" as one A100).
_SPACED: Final = str.maketrans({"-": "[-_ ]", "_": "[-_ ]"})
_INSTANCES: Final[tuple[tuple[re.Pattern[str], str, int], ...]] = tuple(
    # (str.translate, not re.sub: nothing is compiled at import, tests/test_startup.py)
    (lazy(rf"(?<![\w.])(?:ml\.)?{pattern.translate(_SPACED)}(?![\w])"), gpu, count)
    for pattern, gpu, count in (
        (r"g4dn\.(?:x|2x|4x|8x|16x)large", "t4", 1), (r"g4dn\.12xlarge", "t4", 4),
        (r"g4dn\.metal", "t4", 8),
        (r"g5\.(?:x|2x|4x|8x|16x)large", "a10g", 1), (r"g5\.(?:12|24)xlarge", "a10g", 4),
        (r"g5\.48xlarge", "a10g", 8),
        (r"g6\.(?:x|2x|4x|8x|16x)large", "l4", 1), (r"g6\.(?:12|24)xlarge", "l4", 4),
        (r"g6\.48xlarge", "l4", 8),
        (r"g6e\.(?:x|2x|4x|8x|16x)large", "l40s", 1), (r"g6e\.(?:12|24)xlarge", "l40s", 4),
        (r"g6e\.48xlarge", "l40s", 8),
        (r"p3\.2xlarge", "v100-sxm2-16gb", 1), (r"p3\.8xlarge", "v100-sxm2-16gb", 4),
        (r"p3\.16xlarge", "v100-sxm2-16gb", 8), (r"p3dn\.24xlarge", "v100-sxm2-32gb", 8),
        (r"p4d\.24xlarge", "a100-40gb", 8), (r"p4de\.24xlarge", "a100-80gb", 8),
        (r"p5\.4xlarge", "h100", 1), (r"p5\.48xlarge", "h100", 8),
        (r"p5en?\.48xlarge", "h200", 8), (r"p6-b200\.48xlarge", "b200", 8),
        (r"a2-highgpu-1g", "a100-40gb", 1), (r"a2-highgpu-2g", "a100-40gb", 2),
        (r"a2-highgpu-4g", "a100-40gb", 4), (r"a2-highgpu-8g", "a100-40gb", 8),
        (r"a2-megagpu-16g", "a100-40gb", 16), (r"a2-ultragpu-1g", "a100-80gb", 1),
        (r"a2-ultragpu-2g", "a100-80gb", 2), (r"a2-ultragpu-4g", "a100-80gb", 4),
        (r"a2-ultragpu-8g", "a100-80gb", 8), (r"a3-highgpu-8g", "h100", 8),
        # The A3 High's smaller sizes, 1, 2 and 4 H100s ("a3-highgpu-1g" was read as a GPU of
        # 1 GB), and G2's with several L4s: SkyPilot's GCP catalogue, _ACC_INSTANCE_TYPE_DICTS
        # ('H100': a3-highgpu-1g 1, -2g 2, -4g 4, -8g 8; 'L4': g2-standard-4 to -32 1, -24 2,
        # -48 4, -96 8), https://github.com/skypilot-org/skypilot sky/catalog/gcp_catalog.py,
        # after https://cloud.google.com/compute/docs/gpus. Checked 2026-12-07.
        (r"a3-highgpu-1g", "h100", 1), (r"a3-highgpu-2g", "h100", 2),
        (r"a3-highgpu-4g", "h100", 4),
        (r"g2-standard-(?:4|8|12|16|32)", "l4", 1), (r"g2-standard-24", "l4", 2),
        (r"g2-standard-48", "l4", 4), (r"g2-standard-96", "l4", 8),
        # Azure (the "Standard_" prefix optional): NCsv3 1/2/4 V100 16 GB ("1 GPU = one V100
        # card", 16 GiB each: MicrosoftDocs/azure-docs articles/virtual-machines/ncv3-series.md;
        # retired 2025-09-30, ncv3-nc6s-nc12s-nc24s-retirement.md), NCasT4_v3 1 or 4 T4 and
        # NDm A100 v4 8 A100 80 GB (huggingface.co/docs/microsoft-azure/en/azure-ai/hardware),
        # ND A100 v4 8 A100 40 GB (same page), NC A100 v4 1/2/4 "NVIDIA A100 PCIe GPUs with 80GB
        # memory each" (azure-docs nc-a100-v4-series.md), NCads A10 v4 1/1/2 A10 (the VM sizes
        # of Aspire.Hosting.Azure.Kubernetes, AksNodeVmSizes.cs). Checked 2026-12-03.
        (r"(?:standard_)?nc6s_v3", "v100-16gb", 1), (r"(?:standard_)?nc12s_v3", "v100-16gb", 2),
        (r"(?:standard_)?nc24r?s_v3", "v100-16gb", 4),
        (r"(?:standard_)?nc(?:4|8|16)as_t4_v3", "t4", 1),
        (r"(?:standard_)?nc64as_t4_v3", "t4", 4),
        (r"(?:standard_)?nc24ads_a100_v4", "a100-80gb-pcie", 1),
        (r"(?:standard_)?nc48ads_a100_v4", "a100-80gb-pcie", 2),
        (r"(?:standard_)?nc96ads_a100_v4", "a100-80gb-pcie", 4),
        (r"(?:standard_)?nd96asr_v4", "a100-40gb", 8),
        (r"(?:standard_)?nd96amsr_a100_v4", "a100-80gb", 8),
        (r"(?:standard_)?nc(?:8|16)ads_a10_v4", "a10", 1),
        (r"(?:standard_)?nc32ads_a10_v4", "a10", 2),
        # Azure ND H100 v5 and ND H200 v5, 8 GPUs each (Hugging Face's Azure hardware page above:
        # "Standard_ND96isr_H100_v5 | NVIDIA H100 80GB | 8"; Aspire.Hosting.Azure.Kubernetes,
        # AksNodeVmSizes.cs: "Standard_ND96isr_H200_v5 -- 96 vCPUs -- 1850 GB RAM -- 8 GPU(s)",
        # in its standardNDISRH200V5Family). Google's A3 Ultra, a3-ultragpu-8g: "8 NVIDIA H200
        # GPUs" (GoogleCloudPlatform/cluster-toolkit release v1.44.1). Checked 2026-12-05.
        (r"(?:standard_)?nd96isr_h100_v5", "h100", 8),
        (r"(?:standard_)?nd96isr_h200_v5", "h200", 8),
        (r"a3-ultragpu-8g", "h200", 8),
        # Google's A3 Mega (8 H100s, "a3-megagpu-8g" was read as one GPU of 8 GB) and A4 (8
        # B200s): SkyPilot's GCP catalogue, _ACC_INSTANCE_TYPE_DICTS ('H100-MEGA': {8:
        # ['a3-megagpu-8g']}, 'B200': {8: ['a4-highgpu-8g']}), sky/catalog/gcp_catalog.py,
        # https://github.com/skypilot-org/skypilot. Checked 2026-12-07 (cards46).
        (r"a3-megagpu-8g", "h100", 8), (r"a4-highgpu-8g", "b200", 8),
        # Azure's series named without a size ("ND H100 v5" was one H100, "ND A100 v4" one
        # A100 80GB): the ND series' only size has 8 GPUs (the sizes above); an NC series reads
        # as its smallest size, one GPU. NCads H100 v5: "up to 2 NVIDIA H100 NVL GPUs with 94GB
        # memory each", NC40ads_H100_v5 1 and NC80adis_H100_v5 2 (MicrosoftDocs/azure-docs
        # articles/virtual-machines/ncads-h100-v5.md). Checked 2026-12-07.
        (r"nd_h100_v5", "h100", 8), (r"nd_h200_v5", "h200", 8),
        (r"nd_a100_v4", "a100-40gb", 8), (r"ndm_a100_v4", "a100-80gb", 8),
        (r"nc_a100_v4", "a100-80gb-pcie", 1),
        (r"(?:standard_)?nc40ads_h100_v5", "h100-nvl", 1),
        (r"(?:standard_)?nc80adis_h100_v5", "h100-nvl", 2),
        (r"nc(?:ads)?_h100_v5", "h100-nvl", 1),
        (r"(?:standard_)?nc(?:as)?_?t4_v3", "t4", 1),
    )
)
_INSTANCE_GUARD: Final = Screened(
    r"(?:g4dn|g5|g6e?|p3(?:dn)?|p4de?|p5(?:en?)?|p6-b200)\.|a[234][-_ ]|g2[-_ ]standard|[_ ]v[345]")
# An AWS family named without its size, with "aws"/"ec2"/"sagemaker" before it or "instance"
# after it ("qlora 7b on aws p3", "a p4d instance", "una instancia p5"): the family's GPU (same
# sources as above), at the count of its only size (P3dn, P4d, P4de, P5e, P5en, P6-B200: 8),
# else one GPU, its smallest size's. The families whose names nothing else is called ("p4d",
# "g6e") need neither word: "p4d llama 70b fine-tune how long".
_FAMILIES: Final[dict[str, tuple[str, int | None]]] = {
    "p3": ("v100-sxm2-16gb", None), "p3dn": ("v100-sxm2-32gb", 8), "p4d": ("a100-40gb", 8),
    "p4de": ("a100-80gb", 8), "p5": ("h100", None), "p5e": ("h200", 8), "p5en": ("h200", 8),
    "p6-b200": ("b200", 8), "g4dn": ("t4", None), "g5": ("a10g", None), "g6": ("l4", None),
    "g6e": ("l40s", None),
}
_FAMILY_NAMES: Final = "p3dn|p3|p4de|p4d|p5en|p5e|p5|p6-b200|g4dn|g5|g6e|g6"
_FAMILY: Final = Screened(
    r"(?<![\w.-])(?:(?:aws|ec2|amazon|sagemaker)(?: ec2)?|instances?|instancias?)"
    rf" (?:(?:an?|una?|une|des|los|las|de|type) )?(?P<before>{_FAMILY_NAMES})(?![\w.-])"
    rf"|(?<![\w.-])(?P<after>{_FAMILY_NAMES}) (?:instances?|instancias?|nodes?|vms?)(?![a-z])"
    r"|(?<![\w.-])(?P<bare>p3dn|p4de|p4d|p5en|p5e|p6-b200|g4dn|g6e)(?![\w.-])"
)


# A Google Cloud machine series named without its size ("a2-highgpu", "a3 highgpu", "gcp a3",
# "google cloud g2"; all were no GPU, the reply then timed on our cheapest card): its GPU (the
# sizes above), at the count of its only size (A2 Mega 16, A3 Ultra 8), else one GPU, its
# smallest size's. "a2", "a3" and "g2" alone name other things (the A2 card, paper): a Google
# Cloud word before them makes them the series.
_GCP_SERIES: Final[dict[str, tuple[str, int | None]]] = {
    "a2": ("a100-40gb", None), "a2-highgpu": ("a100-40gb", None),
    "a2-megagpu": ("a100-40gb", 16), "a2-ultragpu": ("a100-80gb", None),
    "a3": ("h100", None), "a3-highgpu": ("h100", None), "a3-ultragpu": ("h200", 8),
    "a3-megagpu": ("h100", 8), "a4": ("b200", 8), "a4-highgpu": ("b200", 8),
    "g2": ("l4", None), "g2-standard": ("l4", None),
}
_GCP_FAMILY: Final = Screened(
    r"(?<![\w.-])(?:gcp|google cloud|gce|compute engine|vertex(?: ai)?) (?:(?:an?|una?|une) )?"
    r"(?P<series>a[234]|g2)(?![\w.-])"
    r"|(?<![\w.-])(?P<full>a2[-_ ](?:highgpu|megagpu|ultragpu)|a3[-_ ](?:highgpu|ultragpu|megagpu)"
    r"|a4[-_ ]highgpu"
    r"|g2[-_ ]standard)(?![\w-]| ?\d)"
)


def _gcp_series(work: Work, index: CatalogueIndex) -> GpuMention | None:
    """"gcp a3", "an a2-ultragpu": the series' GPU, from its sizes'."""
    match = _GCP_FAMILY.search(work.s)
    if match is None:
        return None
    group = "series" if match.group("series") else "full"
    gpu_id, n = _GCP_SERIES[match.group(group).replace("_", "-").replace(" ", "-")]
    if index.find_gpu(gpu_id) is None:
        return None
    mention = GpuMention(gpu_id, match.group(0), n, instance=match.group(group))
    work.gpus.append(mention)
    work.blank(*match.span(group), "gpu")
    return mention


def _take_instances(work: Work, index: CatalogueIndex) -> list[GpuMention]:
    """"a g5.2xlarge", "ml.p4d.24xlarge", "a2-highgpu-1g": the GPUs the instance type has."""
    found: list[GpuMention] = []
    if _INSTANCE_GUARD.search(work.s) is not None:
        for pattern, gpu_id, count in _INSTANCES:
            match = pattern.search(work.s)
            if match is None or index.find_gpu(gpu_id) is None:
                continue
            found.append(GpuMention(gpu_id, match.group(0), count, instance=match.group(0)))
            work.gpus.append(found[-1])
            work.blank(*match.span(), "gpu")
    cloud = index.cloud_pattern.search(work.s) if index.cloud_pattern is not None \
        and not found and ("gpu" in work.s) else None
    if cloud is not None:
        # "BM.GPU.H100.8", "gpu_1x_a100_sxm4": an instance type of another cloud, from data
        shape = index.cloud_instance(cloud.group("name"))
        if index.find_gpu(shape.gpu) is not None:
            found.append(GpuMention(shape.gpu, cloud.group(0), shape.count,
                                    instance=cloud.group(0)))
            work.gpus.append(found[-1])
            work.blank(*cloud.span(), "gpu")
            return found
    if not found and (series := _gcp_series(work, index)) is not None:
        return [series]
    family = _FAMILY.search(work.s) if not found else None
    if family is not None:
        group = next(name for name in ("before", "after", "bare") if family.group(name))
        gpu_id, n = _FAMILIES[family.group(group)]
        if index.find_gpu(gpu_id) is not None:
            found.append(GpuMention(gpu_id, family.group(0), n,
                                    instance=family.group(group)))
            work.gpus.append(found[-1])
            work.blank(*family.span(group), "gpu")
    return found


# NVIDIA's DGX and HGX systems named with their GPU ("a DGX H100", "one HGX H200 box", "dgx
# a100"): eight of it. NVIDIA DGX H100/H200 datasheet: "8x NVIDIA H100 Tensor Core GPUs" (640 GB)
# / "8x NVIDIA H200" (1,128 GB), https://www.nvidia.com/en-us/data-center/dgx-h200/; DGX A100
# datasheet: 8x A100 (320 GB or 640 GB), https://www.nvidia.com/en-us/data-center/dgx-a100/;
# DGX B200: 8x B200 (1,440 GB), https://www.nvidia.com/en-us/data-center/dgx-b200/; HGX H100/
# H200/B200: the 8-GPU baseboard those systems are built on (a 4-GPU HGX H100 is named so).
# Checked 2026-12-03. "DGX Spark" and "DGX Station" are other machines, named as such.
_SYSTEM_BEFORE: Final = lazy(r"(?<![a-z])(?:nvidia )?[dh]gx[ -]?$")
_SYSTEM_GPUS: Final = 8
_SYSTEMS_BEFORE: Final = lazy(rf"(?<![\w.,])(?P<n>\d{{1,2}}|{_COUNT_WORDS}) ?[x×]? ?$")
# "my 4090 48gb", "mi 4090 de 48gb", "ma 4090 48 go": a possessive right before the card.
_MINE_BEFORE: Final = lazy(r"(?<![a-z])(?:my|mi|ma|mon|our|nuestra|notre)(?: own)? ?$")
# A card sold modified with more memory than the maker's ("4090 48gb modded", "modded 2080 ti
# 22gb", "una 4090 de 48gb modificada", "une 4090 48 go moddée"): the user's card, as they say.
_MODDED: Final = (
    r"(?:modd?ed|modified|mod|hacked|franken\w*|chinese|china|modificad[ao]|hackead[ao]|"
    r"chin[ao]|moddee?|modifiee?|chinoise?)"
)
_MODDED_BEFORE: Final = lazy(rf"(?<![a-z]){_MODDED} ?$")
_MODDED_AFTER: Final = lazy(rf" ?\(?{_MODDED}(?![a-z])")


def take_gpus(work: Work, index: CatalogueIndex) -> None:
    """Every GPU named, with its count and the memory written with it."""
    instances = _take_instances(work, index)
    colab: re.Match[str] | None = None
    colab_at = 0  # how many cards were named before it: its place among them
    free: GpuMention | None = None  # Colab alone read as its free T4
    kaggle = _KAGGLE.search(work.s) if index.kaggle is not None else None
    kaggle_at: int | None = None if kaggle is not None else 0  # likewise for Kaggle
    paid = _COLAB_PAID.search(work.s) if index.colab is not None else None
    paid_at: int | None = None if paid is not None else 0  # likewise for a paid Colab plan
    pos = 0
    while True:
        match = GPU_NAME.search(work.s, pos)
        if match is None:
            break
        pos = match.end()
        if not _is_gpu(match, work.s):
            continue
        if kaggle_at is None and kaggle is not None and match.start() > kaggle.start():
            kaggle_at = len(work.gpus)
        if paid_at is None and paid is not None and match.start() > paid.start():
            paid_at = len(work.gpus)
        name = match.group("name").strip()
        if _COLAB.match(name) and not any(c.isdigit() for c in name):  # "colab notebook" too
            if colab is None:
                colab, colab_at = match, len(work.gpus)
            continue
        if match.group("post"):
            name = f"{name} {match.group('post')}"
        raw_mem = match.group("mem")
        mem = _memory(raw_mem) if raw_mem else None
        end = match.end()
        mine = mem is not None and (
            _MINE_BEFORE.search(work.s, max(0, match.start() - 12), match.start()) is not None
            or _MODDED_BEFORE.search(work.s, max(0, match.start() - 14), match.start()) is not None
            or _MODDED_AFTER.match(work.s, end) is not None
            or owned.says_owned(work.s))
        gpu, unified, assumed = _resolve(name, mem, index, mine=mine)
        if gpu is None and name.endswith("s"):
            # "two p40s", "my t4s": a short name's plural ("l40s" was found as written).
            gpu, unified, assumed = _resolve(name, mem, index, plural=True, mine=mine)
        if gpu is not None and mem is not None and not gpu.unified_memory \
                and gpu.shared_memory_gb is None and _system_ram_after(work.s, match.end("mem")):
            # "a 4090 with 16gb ram", "una 4090 con 16gb de ram", "avec 16 go de ram": the
            # system's memory (kept below), not the card's; it picks no laptop part nor a modded
            # size (was the RTX 4090 Laptop 16 GB). A desktop variant's own size still names it.
            plain = _resolve(name, None, index)
            if plain[0] is not None and mem not in {v.vram_gb for v in index.variants(plain[0])}:
                mem = None
                gpu, unified, assumed = plain
        if gpu is not None and assumed and not gpu.unified_memory:
            bare = _BARE_MEM_AFTER.match(work.s, end)
            value = Decimal(bare.group("num")) if bare else None
            if bare and value in {v.vram_gb for v in index.variants(gpu)} \
                    and not _NUMBER_UNIT_AFTER.match(work.s[bare.end() :]):
                mem, end = value, bare.end()
                gpu, unified, assumed = _resolve(name, mem, index)
        elif gpu is not None and assumed:
            # A Mac's memory with no unit, as owners write it ("m2 ultra 192", "mbp m1 max 64",
            # "mac studio m3 ultra 256"): one of that chip's configurations, not a count of
            # cores ("m1 max 32 core gpu") nor a quantity ("m4 max 128 tokens").
            bare = _BARE_MEM_AFTER.match(work.s, end)
            value = Decimal(bare.group("num")) if bare else None
            if bare and value in gpu.memory_options_gb \
                    and not _NUMBER_UNIT_AFTER.match(work.s[bare.end() :]) \
                    and not _CORES_AFTER.match(work.s, bare.end()):
                mem, end = value, bare.end()
                gpu, unified, assumed = _resolve(name, mem, index)
        if gpu is not None and _LAPTOP_WORDS.search(work.s):
            # "my laptop has an RTX 4060": the laptop part, when there is one.
            # "mi portátil tiene una rtx 3050 de 4gb": a desktop variant's laptop part too
            laptop = index.find_gpu(f"{gpu.variant_of or gpu.id} laptop")
            parts = index.variants(laptop) if laptop is not None else ()
            fitting = [p for p in parts if mem is None or p.vram_gb == mem]
            if fitting:
                gpu, assumed = fitting[0], mem is None and len({p.vram_gb for p in parts}) > 1
        count, start, end, alt, alt_after = _count_around(work, match.start(), end)
        if count is None and gpu is not None:
            system = _SYSTEM_BEFORE.search(work.s, 0, start)
            if system is not None:
                count, start = _SYSTEM_GPUS, system.start()
                systems = _SYSTEMS_BEFORE.search(work.s, 0, start)
                if systems is not None:  # "2x dgx h100", "two dgx h100s": 16 GPUs
                    count, start = count * _count_value(systems.group("n")), systems.start()
                if mem is not None:  # "dgx a100 320gb": the system's memory, 8 of a variant's
                    same = [v for v in index.variants(gpu) if v.vram_gb * count == mem]
                    if same:
                        gpu, unified, assumed = same[0], None, False
        if count is not None and count >= 2 and gpu is not None and _glued_super(name, gpu):
            # "two 2060s", "2x 4080s", "dos 4070tis": after a count, the "s" is the plural
            # (a Super is then written out, "two 4080 supers"); alone, "my 2060s" stays the
            # Super NVIDIA sells under that name.
            gpu, unified, assumed = _resolve(name, mem, index, plural=True)
        ram_after = gpu is not None and not gpu.unified_memory and raw_mem is not None \
            and _RAM_AFTER.match(_UNIT.sub("", work.s[match.end("mem") :], 1)) is not None
        if ram_after and work.ram_gb is None and raw_mem is not None:
            # "a 3090 with 64gb of ram", "una 3090 con 64gb de ram": the system memory, kept
            # (CPU offload and a layer split are sized against it; it was dropped).
            work.ram_gb = _memory(raw_mem)
        if gpu is not None and not gpu.unified_memory and unified is not None and (
            unified == gpu.vram_gb or (unified > gpu.vram_gb and (
                ((count or 1) > 1 and (unified not in gpu.modded_memory_gb
                                       or _SAID_TOTAL.match(work.s, match.end("mem"))))
                or unified > 2 * gpu.vram_gb))
            or _RAM_AFTER.match(_UNIT.sub("", work.s[match.end("mem") :], 1))
        ):
            # A smaller part is the card itself ("rtx 3050 de 4gb"), and so is one card with up
            # to twice its memory, as memory-modded cards sell ("4090 48gb", "2080 ti 22gb"),
            # and so is a size the card is sold modded at beside a count ("2x 2080 ti 22gb");
            # "3x 3090 (72GB)", "2x3090 48gb" is their total, "3090, 16gb ram" the system memory.
            unified = None
        total = _TOTAL_AFTER.match(work.s[end : end + 40])
        if total:
            end += total.end()  # "4 x a6000 = 192 gb total": per card × count, said again
        if gpu is None:
            text = name if mem is None else f"{name} {raw_mem}gb"
            work.gpus.append(GpuMention(None, text, count, stated_gb=mem))
            if mem is not None and work.vram_gb is None:
                work.vram_gb = mem  # "Tesla P4 8GB": a card we do not know, sized by its memory
        else:
            one = count is None and _ARTICLE_BEFORE.search(work.s, max(0, start - 8), start)
            plural = count is None and one is None and (
                _PLURAL_BEFORE.search(work.s, max(0, start - 12), start) is not None
                or _plural_name(name, gpu, mem, index))
            work.gpus.append(GpuMention(gpu.id, name, count, unified, assumed, mem, alt,
                                        alt_after, one=one is not None, plural=plural,
                                        said_gb=_said_apart(gpu, mem, unified, count, index),
                                        ruled_out=_RULED_OUT_BEFORE.search(
                                            work.s, max(0, start - 24), start) is not None))
        # "200 a100 gpu hours": one "gpu" left between the number and its hours, as "200 gpu
        # hours" is read (GPU-hours), not a count of 200 cards.
        hours_of = _GPU_HOURS_AFTER.match(work.s[end : end + 16]) if count is None \
            and _DIGIT_BEFORE.search(work.s[max(0, start - 4) : start]) else None
        if hours_of is not None and hours_of.group("gpu"):
            end += hours_of.start("gpu") + len(hours_of.group("gpu"))
        work.blank(start, end, "gpu")
        pos = end
        form = _OTHER_FORM.match(work.s, end) if gpu is not None else None
        other = _other_form(name, form.group("form"), index) if form is not None else None
        if form is not None and other is not None and gpu is not None and other.id != gpu.id:
            # "H100 SXM vs PCIe", "h100 pcie o sxm": the same card's other form factor
            work.gpus.append(GpuMention(other.id, other.name.lower(), None))
            work.blank(form.start("form"), form.end("form"), "gpu")
            pos = form.end()
        more = _OTHER_VARIANT.match(work.s, pos) if gpu is not None and mem is not None else None
        if more is not None and gpu is not None and not _NUMBER_UNIT_AFTER.match(
                work.s[more.end() :]):
            # "una a100 de 40 o la de 80", "une a100 de 40 ou de 80": the card's other variant,
            # named by its memory alone (was the 40 GB one alone, the choice asked unanswered)
            same = [v for v in index.variants(gpu) if v.vram_gb == Decimal(more.group("num"))
                    and v.id != gpu.id]
            if same:
                work.gpus.append(GpuMention(same[0].id, same[0].name.lower(), None,
                                            stated_gb=same[0].vram_gb))
                work.blank(more.start("num"), more.end(), "gpu")
                pos = more.end()
    if colab is not None and not instances and (not work.gpus or _compared(work.s, colab)):
        # Colab alone is its free T4; "I use colab notebooks, … on an a100" names the card,
        # but "colab vs 4090", "colab free or my 3060?" compare its T4 with that card.
        free = GpuMention("t4", colab.group("name").strip(), None, colab=True)
        work.gpus.insert(colab_at, free)
        work.blank(colab.start(), colab.end(), "gpu")
    if _COLAB_SAID.search(work.s) is not None \
            and not (colab is not None and _compared(work.s, colab)):
        for mention in work.gpus:
            # "colab pro a100", "la a100 de colab": the card Colab gives under that name (its
            # A100 is the 40 GB one), not the variant a bare name reads as; "colab vs a100"
            # compares Colab's free T4 with any A100.
            on_colab = index.find_gpu(f"colab {mention.text}")
            if on_colab is not None and (mention.variant_assumed or on_colab.id == mention.gpu_id):
                mention.gpu_id, mention.variant_assumed, mention.colab = on_colab.id, False, True
    for mention in work.gpus:
        # "colab a100", "colab t4": found by a name of Colab's (blanked since, so not said above)
        if mention.gpu_id is not None and "colab" in mention.text:
            mention.colab = True
    if paid is not None and index.colab is not None and not instances \
            and not any(m.colab for m in work.gpus if m is not free) \
            and provider_named(work.s) is None \
            and (not work.gpus or _compared(work.s, paid)):
        # "can i qlora 8b on colab pro", "kaggle or colab pro": the paid plans' largest GPU
        # ("is colab pro cheaper than runpod" sets the service against another: no card);
        # "colab free vs colab pro": the free T4 beside it
        at = len(work.gpus) if paid_at is None else paid_at
        work.gpus.insert(at, GpuMention(index.colab.paid_gpu, paid.group(0), None, colab=True,
                                           colab_plan=True))
        work.blank(paid.start(), paid.end(), "gpu")
        if kaggle is not None and kaggle_at is None and kaggle.start() < paid.start():
            kaggle_at = at  # "kaggle or colab pro": Kaggle's named first
    kept = [m for m in work.gpus if not m.ruled_out]
    if len(kept) < len(work.gpus) and any(m.gpu_id is not None for m in kept):
        # "can i qlora llama 3 8b on a 4090, not a 3090": the card ruled out is no side of a
        # comparison (was "RTX 4090 or RTX 3090?")
        work.gpus_ruled_out.extend(m.gpu_id for m in work.gpus if m.ruled_out and m.gpu_id)
        work.gpus[:] = kept
    _kaggle(work, index, kaggle_at)
    _one_mac(work, index)
    for mention in instances:  # "an A10G (aws g5.xlarge)": one GPU, said twice
        named = [g for g in work.gpus if g is not mention and g.gpu_id == mention.gpu_id]
        if named:
            work.gpus.remove(mention)
            if named[0].count is None:
                named[0].count = mention.count
            named[0].instance = mention.instance
    _package_as_devices(work, index)


def _said_apart(gpu: GPU, mem: Decimal | None, unified: Decimal | None, count: int | None,
                index: CatalogueIndex) -> Decimal | None:
    """The memory said with a card when no card of that name has it (GpuMention.said_gb), or
    None: it agrees, picks a variant or a modded size, is a Mac's or a shared pool's, is the
    total of the count, or is near the datasheet's (a GiB figure, nvidia-smi's total)."""
    if mem is None or unified is not None or gpu.unified_memory \
            or gpu.shared_memory_gb is not None or gpu.device is not None:
        return None
    if any(v.vram_gb == mem for v in index.variants(gpu)) or mem in gpu.modded_memory_gb \
            or gpu.vram_gb * (count or 1) == mem:
        return None
    near = gpu.vram_gb * _NEAR_LOW <= mem <= gpu.vram_gb * _NEAR_HIGH
    return None if near else mem


# A size within a tenth of the datasheet's is that size as another tool prints it ("3090
# 23.7gb", "24.5 GB"), not another card.
_NEAR_LOW: Final = Decimal("0.9")
_NEAR_HIGH: Final = Decimal("1.1")


def _kaggle(work: Work, index: CatalogueIndex, at: int | None) -> None:
    """Kaggle named with no card ("can i qlora 7b on kaggle", "is my 3060 better than kaggle"):
    its notebooks' GPUs with the most memory, two T4s; a card named there ("kaggle's p100",
    "2x t4 on kaggle") is Kaggle's. Either is a free notebook's, not the user's own."""
    notebook = index.kaggle
    if notebook is None:
        return
    ours = {notebook.gpu, notebook.other_gpu}
    for mention in work.gpus:
        if mention.gpu_id in ours and "kaggle" in mention.text:
            mention.kaggle = True  # "kaggle p100 vs colab t4": found by a name with Kaggle's
    said = _KAGGLE.search(work.s)
    if said is None:
        return
    named = [m for m in work.gpus if m.gpu_id in ours and not m.colab]
    if named and not _compared(work.s, said):
        for mention in named:
            mention.kaggle = True
        return
    after = len(work.gpus) if at is None else at  # the first card named after "kaggle"
    if named and after > 0 and work.gpus[after - 1] in named \
            and _ON_KAGGLE.search(work.s, max(0, said.start() - 12), said.start()) is not None:
        # "p100 on kaggle vs colab": the card named there is Kaggle's, compared as it is.
        work.gpus[after - 1].kaggle = True
        return
    if work.gpus and not _compared(work.s, said):
        return  # "i use kaggle notebooks, … on my 3090": the card named is the one asked about
    work.gpus.insert(len(work.gpus) if at is None else at,
                     GpuMention(notebook.gpu, "kaggle", notebook.count, kaggle=True))
    work.blank(said.start(), said.end(), "gpu")


def _package_as_devices(work: Work, index: CatalogueIndex) -> None:
    """"my mi250x": two GPUs of 64 GB to the software, each to hold the model unless it is
    split (was one GPU of 128 GB)."""
    packages = [(m, card) for m in work.gpus
                if m.gpu_id and (card := index.find_gpu(m.gpu_id)) and card.device]
    for mention in work.gpus:
        if packages and mention.count is None and all(mention is not m for m, _ in packages):
            mention.one = True  # "mi250x vs h100": one H100 beside the MI250X's two dies
    for mention, card in packages:
        mention.gpu_id = card.device
        mention.count = (mention.count or 1) * card.devices
        if mention.alt_count is not None:
            mention.alt_count *= card.devices
        mention.stated_gb, mention.one = None, False


# A comparison word joining a name to another ("colab vs 4090", "colab free or my 3060?",
# "my 3060 or colab", "la 4090 ou colab ?"), right after it or right before it.
_COMPARED_AFTER: Final = lazy(
    r" ?,? ?(?:vs\.?|versus|or|o|ou|against|contre|compared (?:to|with)|comparad[ao] con|"
    r"(?:faster|slower|better|worse|cheaper|mejor|peor|mieux|moins bien) (?:than|que|qu'))(?![a-z])"
)
_COMPARED_BEFORE: Final = lazy(
    r"(?<![a-z])(?:vs\.?|versus|or|o|ou|against|contre|than|que|qu'|compared (?:to|with)|"
    r"comparad[ao] con) ?(?:(?:my|mi|ma|mon|the|la|le|el|a|an|una?|une|on|en|sur) )*$"
)


def _compared(s: str, match: re.Match[str]) -> bool:
    """Whether the name `match` read is one side of a comparison with another card."""
    return _COMPARED_AFTER.match(s, match.end()) is not None \
        or _COMPARED_BEFORE.search(s, max(0, match.start() - 24), match.start()) is not None


# "H100 SXM vs PCIe", "h100 pcie o sxm", "H100 SXM ou PCIe": a form factor alone after a
# comparison word names the other form of the card just named.
_OTHER_FORM: Final = lazy(
    r" ?,? (?:vs\.?|versus|or|o|ou|and|y|et|against|contre|compared (?:to|with)|comparad[ao] con|"
    r"(?:much |a lot |way )?(?:faster|slower|better|worse|cheaper) than|"
    r"compare[e]? (?:a|au|avec)|or the|o la|o el|ou le|ou la) (?:(?:the|la|el|le|a|an|una?|une) )?"
    rf"(?P<form>{_FORM})(?![a-z0-9])"
)
_FORM_AFTER: Final = lazy(rf" ?-? ?{_FORM}$")


def _other_form(name: str, form: str, index: CatalogueIndex) -> GPU | None:
    """The card `name` names in the form factor `form` ("h100 sxm", "pcie": the H100 PCIe),
    or None when the catalogue has no such card."""
    base = _FORM_AFTER.sub("", name)
    return index.find_gpu(f"{base} {form}") or index.find_gpu(_SUFFIX.sub("", f"{base} {form}"))


def _one_mac(work: Work, index: CatalogueIndex) -> None:
    """"M2 Max 96GB mac", "M3 Pro MacBook": the chip named, then the computer it is in; one
    Mac, not the chip compared with a generic Mac."""
    chips = [m for m in work.gpus if m.gpu_id is not None and m.gpu_id != _ANY_MAC
             and index.gpu(m.gpu_id).unified_memory]
    if not chips or _COMPARED.search(work.s):
        return  # "mac vs m2 ultra": two to compare, as written
    for mention in [m for m in work.gpus if m.gpu_id == _ANY_MAC]:
        if chips[0].memory_gb is None and mention.memory_gb is not None:
            chips[0].memory_gb, chips[0].variant_assumed = mention.memory_gb, False
        work.gpus.remove(mention)


_ANY_MAC: Final = "apple-silicon"
_COMPARED: Final = lazy(r"(?<![a-z])(?:vs|versus|compar\w*)(?![a-z])")


# --- memory ------------------------------------------------------------------------------------


def _first_mac(work: Work, index: CatalogueIndex) -> GpuMention | None:
    for mention in work.gpus:
        if mention.gpu_id is not None and index.gpu(mention.gpu_id).unified_memory:
            return mention
    return None


# "tengo una 3060 de 12 gigas y 32 de ram", "16 de ram": system memory said with no unit, as
# people say it, in GB (was unread: no layer split onto the CPU). The RAM word must follow.
_BARE_RAM: Final = lazy(rf"(?<![\w.,])(?P<num>\d{{1,4}}) (?:de |d')?{_RAM_WORDS}(?![a-z])")
_FEWEST_RAM_GB: Final = 4


def mac_chip_by_memory(work: Work, index: CatalogueIndex) -> None:
    """A Mac named by its memory alone that one Apple chip only is made with: that chip ("my
    512gb mac studio" is an M3 Ultra, "a 192gb mac" an M2 Ultra, by Apple's configurations in
    rules/data/gpus_owned.toml), so its bandwidth gives the speed (was "We have no cited memory
    bandwidth for the Apple silicon Mac")."""
    for mention in work.gpus:
        made = index.macs_with.get(mention.memory_gb) if mention.gpu_id == _ANY_MAC \
            and mention.memory_gb is not None else None
        if made is not None and len(made) == 1:
            mention.gpu_id = made[0].id


def take_memory(work: Work, index: CatalogueIndex) -> None:
    """Memory figures said apart from a name: the GPU's ("my GPU has 12GB", "8 x 24g", "una
    tarjeta de 24 GB"), a Mac's unified memory ("mac with 64gb RAM"), a total ("96GB total");
    system memory, storage and quoted requirements are blanked and dropped."""
    bare = _BARE_RAM.search(work.s) if "ram" in work.s or "ddr" in work.s else None
    if bare is not None and _FEWEST_RAM_GB <= int(bare.group("num")) <= _MOST_GB:
        value = Decimal(int(bare.group("num")))
        mac = _first_mac(work, index)
        if mac is not None and mac.memory_gb is None:
            mac.memory_gb, mac.variant_assumed = value, False  # "mac m2 con 16 de ram"
        elif mac is None and work.ram_gb is None:
            work.ram_gb = value
        work.blank(*bare.span())
    if _MEMORY_CUE.search(work.s) is None:
        return
    total: Decimal | None = None
    said = work.s  # before the memories read are blanked (_total looks for "(2x24)" in it)
    pos = 0
    while True:
        match = _MEMORY.search(work.s, pos)
        if match is None:
            break
        pos = match.end()
        s = work.s
        value = parse_decimal(match.group("num"), work.lang)
        if " " in match.group("num") and value > _MOST_GB:
            # "ryzen ai max+ 395 128gb": a model number, then the memory, not "395 128" GB
            value = parse_decimal(match.group("num").rsplit(" ", 1)[1], work.lang)
        if match.group("tb") or match.group("tb2"):
            value *= 1000
        elif match.group("gib"):
            value = value * _GIB / _GB  # "23.65 GiB" (as CUDA reports it) is 25.39 GB
        elif match.group("tib"):
            value = value * _GIB * 1024 / _GB
        value = tidy(value)
        before = s[max(0, match.start() - 40) : match.start()]
        after = s[match.end() : match.end() + 40]
        mac = _first_mac(work, index)
        work.blank(*match.span())
        if _OLLAMA_FREE.search(before):
            # The system memory Ollama found, before any total the user gave: the layers it
            # does not put on the GPUs must fit in it.
            work.ram_gb, work.ram_free = value, True
            continue
        if _OLLAMA_NEEDS.search(before):
            work.ram_needed_gb = value
            continue
        if _DISK_AFTER.match(after):
            continue
        # "using 8 x 48GB GPUs", "using two 24GB cards": hardware, not a figure quoted from a log.
        hardware = bool(match.group("count") or match.group("acount") or match.group("word")
                        or _GPU_NOUN_AFTER.match(after))
        if not hardware and _QUOTED_BEFORE.search(before):
            continue
        ram = _RAM_AFTER.match(after)
        is_ram = bool(_RAM_BEFORE.search(before) and not _VRAM_AFTER.match(after)) or bool(
            ram and (ram.group("ram") not in ("memory", "memoire", "memoria")
                     or not _GPU_MEMORY_NEAR.search(before[-16:] + after[:24]))
        )
        if mac is not None:
            if mac.memory_gb is None:
                mac.memory_gb, mac.variant_assumed = value, False
            continue
        if is_ram:
            if work.ram_gb is None and not _DISK_BEFORE_RAM.search(before[-12:]):
                work.ram_gb = value  # "+ 64gb ram": the system memory a layer split needs
            continue
        if work.vram_gb is not None or total is not None:
            continue
        count = match.group("count") or match.group("acount")
        if count and _FLAG_BEFORE.search(
                work.s, 0, match.start("count" if match.group("count") else "acount")):
            count = None  # "-ngl 99 3060 12gb": the flag's 99 layers, not 99 cards of 12 GB
        if count and work.gpu_count is None:
            work.gpu_count = parse_int(count)
        elif match.group("word") and work.gpu_count is None:
            work.gpu_count = lx.COUNT_WORDS[match.group("word")]
        if _TOTAL_NEAR_AFTER.match(after) or _TOTAL_NEAR_BEFORE.search(before):
            total = value
        else:
            _vram(work, index, value)
    if total is not None:
        _total(work, index, total, said)


def _vram(work: Work, index: CatalogueIndex, value: Decimal) -> None:
    """A card's memory said apart: it picks a named card's variant ("an A100, the 40GB one"),
    agrees with it, or stands for a GPU known only by its memory."""
    first = work.gpus[0] if work.gpus else None
    if first is not None and first.gpu_id is not None:
        gpu = index.gpu(first.gpu_id)
        if gpu.vram_gb == value or gpu.vram_gb * (first.count or 1) == value:
            # "80gb a100": the memory said picks the variant read, no longer assumed (was "Read
            # as the A100 80GB, the one we rent")
            first.variant_assumed = False
            return
        same = [v for v in index.variants(gpu) if v.vram_gb == value]
        if same and first.stated_gb is not None:
            # "A100 40GB vs 80GB": the other variant, named by its memory alone.
            work.gpus.append(GpuMention(same[0].id, same[0].name.lower(), None, stated_gb=value))
            return
        if same:
            first.gpu_id, first.variant_assumed = same[0].id, False
            return
        if first.stated_gb is None and first.memory_gb is None:
            said = _said_apart(gpu, value, None, first.count, index)
            if said is not None:
                # "8gb vram laptop 3060", "my 3090 has 12gb": no card of that name has it
                first.said_gb = said
                return
    work.vram_gb = value


_SPLIT_SAID: Final = lazy(r"(?<![\w.,])(?P<n>[2-8]) ?[x×*] ?(?P<each>\d{1,3})(?: ?(?:gb|go|gigas?|g))?(?![\w.,])")


def _total(work: Work, index: CatalogueIndex, total: Decimal, said: str) -> None:
    """"96GB total across 4 GPUs": memory per card is the total over the count (``said``: the
    text before its memories were blanked)."""
    first = work.gpus[0] if work.gpus else None
    if first is not None and first.gpu_id is not None:
        return  # the card's own memory counts; the total only repeats it
    count = (first.count if first else None) or work.gpu_count
    if count is None:
        # "48gb en total (2x24)": the cards said as their count by their memory, which
        # multiply to the total (was one card of 48 GB)
        split = _SPLIT_SAID.search(said)
        if split is not None and int(split.group("n")) * parse_decimal(split.group("each")) == total:
            count = work.gpu_count = int(split.group("n"))
    work.vram_gb = tidy(total / (count or 1))


def take_count(work: Work) -> None:
    """A count said apart from a name: "4 GPUs", "dos tarjetas", "2 nodes of 8 GPUs"."""
    match = _COUNT_ALONE.search(work.s)
    if match is not None and match.group("num") and not match.group("nodes") \
            and _FLAG_BEFORE.search(work.s, 0, match.start("num")):
        match = None  # "-ngl 99 3060" (the card read, "99 gpu" left): the flag's value
    if match is not None and match.group("num") and not match.group("nodes") \
            and _CELL_BEFORE.search(work.s, 0, match.start("num")):
        match = None  # nvidia-smi's "|   0  NVIDIA GeForce RTX 4060 Ti": GPU 0, not 0 GPUs
    if match is None:
        # "can a tesla p40 run llama 3 70b q4 with 2 of them": one card named without a count,
        # its count said after it (was 1× P40)
        one_uncounted = len(work.gpus) == 1 and work.gpus[0].count is None
        them = _COUNT_OF_THEM.search(work.s) if not work.gpus or one_uncounted else None
        raw = them and (them.group("num") or them.group("word") or them.group("xnum")
                        or them.group("onnum"))
        least = 1 if them is not None and them.group("onnum") else 2
        if them is not None and raw and work.gpu_count is None and _count_value(raw) >= least:
            work.gpu_count = _count_value(raw)
            work.blank(them.start(), them.end(), "gpu")
        return
    if work.gpu_count is None:
        count = _count_value(match.group("num") or match.group("word"))
        if match.group("nodes"):
            count *= _count_value(match.group("nodes"))
        work.gpu_count = count
    work.blank(match.start(), match.end(), "gpu")


# --- several different cards in one machine ----------------------------------------------------
# "I have 1x3090 and 1x4090", "a 3090 + a 4090 in one box", "tengo una 3090 y una 4090", "j'ai
# une 3090 et une 4090 dans le même PC", "my rig: 2x 3090 + 1x 4090": cards owned together, one
# machine, not two to choose between. Read on the text left after the names were blanked
# ("gpu"); a comparison word ("vs", "or", "which one", "better", "o", "cuál", "ou", "laquelle")
# keeps it a comparison.
_RIG_JOINED: Final = lazy(
    # An edition after a name is still that card: "3090 FE + 3090 turbo".
    r"(?<![a-z])gpu(?: (?:fe|founders(?: edition)?|turbo|blower|oc))?"
    r"(?: ?[+&] ?| (?:and|plus|with|alongside|y|con|mas|et|avec) )"
    # "my 3090 and my 4090", "mi 3090 y mi 4090", "ma 3090 et ma 4090": both the user's
    r"(?:(?:an?|one|another|una?|otra|une|autre|1|une autre|un autre|my|mi|ma|mon) )?gpu(?![a-z])"
)
# "3090+4090", "3090 + 4090", "2x 3060 plus a 3090", "2x 3060 + one 3090"
_RIG_PLUS: Final = lazy(
    r"(?<![a-z])gpu ?(?:\+|plus|mas|et|y|and) ?(?:(?:an?|one|another|una?|otra|une|autre|1) )?gpu"
    r"(?![a-z])")
_RIG_OWNED: Final = lazy(
    r"(?<![a-z'])(?:i have|i've got|ive got|i got|i own|we have|we've got|my|our|mine|"
    r"tengo|tenemos|mis?|nuestr[ao]s?|j'ai|jai|nous avons|on a|mon|ma|mes|notre|nos)(?![a-z])"
)
_RIG_ONE_BOX: Final = lazy(
    r"(?<![a-z])(?:(?:in|on|en|dans|sur) (?:one|the same|a single|the one|la misma|el mismo|"
    r"una (?:sola|misma)|un (?:solo|mismo)|le meme|la meme|une seule|un seul|une meme|un meme) "
    r"(?:box|rig|machine|pc|server|computer|build|system|workstation|tower|node|maquina|equipo|"
    r"servidor|ordenador|computadora|torre|serveur|ordi\w*|tour|station)|together|combined|"
    r"both|juntas|juntos|ambas|las dos|en total|ensemble|les deux|"
    r"(?:rig|box|build|setup|workstation|server|pc|equipo|maquina|config)(?: ?:| has| tiene| a))"
    r"(?![a-z])"
)
RIG_VERSUS: Final = lazy(
    r"(?<![a-z])(?:vs\.?|versus|compar\w*|or|better|worse|faster|slower|which (?:one|card|gpu|is|"
    r"of them|should|to|would)|differences?|instead|upgrade|switch|o|mejor|peor|mas rapid[ao]|"
    r"cual|diferencias?|en vez|ou|meilleure?|mieux|plus rapide|laquelle|lequel|difference|"
    r"plutot)(?![a-z])"
)


def one_rig(work: Work, rest: str, index: CatalogueIndex) -> tuple[tuple[str, int], ...]:
    """Different cards the user owns together, as (id, count) in the order named, folded into
    the one the reply is for: with FSDP, ZeRO-3 or tensor parallelism every card holds the same
    share, so the card with the least memory bounds each share (of equal memory, the slower sets
    the pace): "1x3090 and 1x4090" is answered as 2× RTX 3090 and says so. Empty (nothing
    changed) when they are compared, or not said to be together."""
    mentions = work.gpus
    if len(mentions) < 2 or any(g.gpu_id is None or g.alt_count is not None for g in mentions):
        return ()
    if len({(g.gpu_id, g.stated_gb) for g in mentions}) == 1 and _RIG_JOINED.search(rest) \
            and not RIG_VERSUS.search(rest) and not _RIG_ADDED_ANY.search(rest):
        # "3090 + 3090", "a 3090 FE and a 3090": the same card twice is two of it, nothing to
        # compare (was "Which two GPUs should I compare?").
        mentions[0].count = sum(g.count or 1 for g in mentions)
        work.gpus = [mentions[0]]
        return ()
    if len({g.gpu_id for g in mentions}) < 2 or not _RIG_JOINED.search(rest) \
            or RIG_VERSUS.search(rest) or _RIG_ADDED_ANY.search(rest):
        return ()
    if work.params_b is None and all(
            index.gpu(g.gpu_id).rented and index.gpu(g.gpu_id).usd_per_gpu_hour is not None  # type: ignore[arg-type]
            for g in mentions):
        # "how much is 2x h100 and 1x a100 per hour", nothing to run: an instance here is one
        # GPU model, so cards we rent said together are rentals, each priced (was the machine
        # priced as 3× A100 80GB, $2.76/hour, the bound of an even split)
        return ()
    counted = all(g.count is not None for g in mentions)
    plus = _RIG_PLUS.search(rest) is not None and (
        "+" in rest or "plus" in rest or any(g.count is not None for g in mentions))
    if not (counted or plus or _RIG_OWNED.search(rest)
            or _RIG_ONE_BOX.search(rest) or _run_on_own_cards(work, mentions, index)):
        return ()
    cards: dict[str, int] = {}
    for g in mentions:
        if g.gpu_id is not None:
            cards[g.gpu_id] = cards.get(g.gpu_id, 0) + (g.count or 1)
    least = _least(mentions, index)
    least.count = sum(cards.values())
    work.gpus = [least]
    return tuple(cards.items())


def _run_on_own_cards(work: Work, mentions: list[GpuMention], index: CatalogueIndex) -> bool:
    """A model asked of cards we do not rent, joined ("3x 3090 and a 3060, can i run llama 3.3
    70b in q6?", "una 3090 y una 3060, ¿me entra qwen2.5 32b?", "trois 3090 et une 3060, llama
    70b ça tourne ?"): the user's own machine, as nobody compares consumer cards with "and"."""
    if work.params_b is None:
        return False
    cards = [index.find_gpu(g.gpu_id) for g in mentions if g.gpu_id is not None]
    return all(card is not None and not card.rented for card in cards)


def _least(mentions: list[GpuMention], index: CatalogueIndex) -> GpuMention:
    """The card that bounds a machine's even share: the least memory, then (of equal memory)
    the slower by a figure both cards cite, peak TFLOPS, else memory bandwidth; with no such
    figure the first named. A card with no cited peak is not thereby the faster ("2 p40 + 3090":
    the P40 prints no FP16 peak, but its 346 GB/s against the 3090's 936 bounds the pace)."""
    least = mentions[0]
    for g in mentions[1:]:
        if _bounds_before(g, least, index):
            least = g
    return least


def _bounds_before(a: GpuMention, b: GpuMention, index: CatalogueIndex) -> bool:
    card_a, card_b = index.find_gpu(a.gpu_id or ""), index.find_gpu(b.gpu_id or "")
    if card_a is None or card_b is None:
        return card_a is None and card_b is not None
    return bounds_before(card_a, a.stated_gb or card_a.vram_gb, card_b, b.stated_gb or card_b.vram_gb)


def bounding_card(rig: tuple[tuple[str, int], ...], gpus: Callable[[str], GPU]) -> str:
    """The card of `rig` that bounds its even share (one_rig's rule), by id."""
    least = rig[0][0]
    for gpu_id, _n in rig[1:]:
        card, bound = gpus(gpu_id), gpus(least)
        if bounds_before(card, card.vram_gb, bound, bound.vram_gb):
            least = gpu_id
    return least


def bounds_before(card_a: GPU, mem_a: Decimal, card_b: GPU, mem_b: Decimal) -> bool:
    """Card a, at memory `mem_a`, bounds a machine's share before card b."""
    if mem_a != mem_b:
        return mem_a < mem_b
    peak_a = card_a.bf16_dense_tflops or card_a.fp16_dense_tflops
    peak_b = card_b.bf16_dense_tflops or card_b.fp16_dense_tflops
    if peak_a is not None and peak_b is not None and peak_a != peak_b:
        return peak_a < peak_b
    bw_a, bw_b = card_a.memory_bandwidth_gbs, card_b.memory_bandwidth_gbs
    return bw_a is not None and bw_b is not None and bw_a < bw_b


# Two machines compared, at least one of different cards: "is a 3090 and a 4090 better than 2
# 3090s", "¿una 3090 y una 4090 o dos 3090?", "une 3090 et une 4090 c'est mieux que deux 3090 ?",
# "2x 3090 vs 3090 + 4090". Read on the text left after the names were blanked ("gpu").
_GPU_LEFT: Final = lazy(r"(?<![a-z])gpu(?![a-z])")
_RIG_AND: Final = lazy(
    r"^ ?(?:[+&]|and|plus|with|alongside|y|con|mas|et|avec)? ?"
    r"(?:(?:an?|one|another|una?|otra|une|autre|1) )?$"
)
_RIG_THAN: Final = lazy(r"(?<![a-z'])(?:than|que|qu')(?![a-z])")
# "I have a 3090 and a 4090, is it better to buy another 3090?", "¿es mejor que comprar otra
# 3090?", "vaut-il mieux acheter une autre 3090 ?": the card bought is added to the machine
# named, so the other side is that machine with it (not the card alone).
_ADDED: Final = (
    r"(?<![a-z])(?:buy(?:ing)?|get(?:ting)?|add(?:ing)?|grab(?:bing)?|comprar(?:me)?|compro|"
    r"anadir(?:le)?|agregar(?:le)?|sumar(?:le)?|acheter|achete|ajouter|rajouter|prendre) "
    r"(?:(?:just |only |solo |juste )?(?:another|one more|a second|otr[ao]|una segunda|"
    r"un segundo|une autre|un autre|une deuxieme|une seconde|un deuxieme|un second))"
)
# "i have a 4090, should i add a 3090?", "¿le añado una 3090?", "j'ajoute une 3090 ?": adding a
# card is to the machine named; "buy a 3090 too", "me compro una 3090 también", "j'achète une
# 3090 en plus" likewise, the "too" said after the card.
_ADD_ONE: Final = (
    r"(?<![a-z])(?:add(?:ing)?|anad\w*|agreg\w*|sumar(?:le)?|ajout\w*|rajout\w*) "
    r"(?:an?|one|una?|une|un)"
)
_BUY_ONE: Final = (
    r"(?<![a-z])(?:buy(?:ing)?|get(?:ting)?|grab(?:bing)?|compr\w*|achet\w*|achete|prendre) "
    r"(?:an?|one|una?|une|un)"
)
_TOO: Final = (
    r"(?:too|as well|also|extra|in addition|on top|tambien|ademas|adicional|de mas|en plus|"
    r"de plus|aussi|supplementaire|additionnelle)(?![a-z])"
)
_RIG_ADDED: Final = lazy(_ADDED + r" ?$")
_RIG_ADD_ONE: Final = lazy(_ADD_ONE + r" ?$")
_RIG_BUY_ONE: Final = lazy(_BUY_ONE + r" ?$")
_RIG_TOO: Final = lazy(r"^ ?" + _TOO)
_RIG_ADDED_ANY: Final = lazy(
    rf"(?:{_ADDED}|{_ADD_ONE}) gpu(?![a-z])|{_BUY_ONE} gpu {_TOO}"
)


def two_rigs(
    work: Work, rest: str, index: CatalogueIndex
) -> tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]] | None:
    """Two machines compared when one (or both) joins different cards, as each side's (id,
    count) in the order named; each side is then folded into the card that bounds its even
    share at its total count (see one_rig), the first side's in ``work.gpus[0]``, the other's
    in ``work.gpus[1]``. None (nothing changed) unless the names split into two sides at one
    comparison word, the cards of each side joined by "and" or "+"."""
    mentions = work.gpus
    if len(mentions) < 2 or any(g.gpu_id is None or g.alt_count is not None for g in mentions):
        return None
    spots = list(_GPU_LEFT.finditer(rest))
    if len(spots) != len(mentions):
        return None
    split: int | None = None
    added = False
    for i, (left, right) in enumerate(pairwise(spots)):
        gap = rest[left.end() : right.start()]
        if _RIG_AND.match(gap):
            continue
        adds = _RIG_ADDED.search(gap) is not None or _RIG_ADD_ONE.search(gap) is not None or (
            _RIG_BUY_ONE.search(gap) is not None and _RIG_TOO.match(rest[right.end() :]) is not None)
        if split is not None or len(gap) > 40 or not (
                RIG_VERSUS.search(gap) or _RIG_THAN.search(gap) or adds):
            return None
        split, added = i + 1, adds
    if split is None or (len(mentions) < 3 and not added):
        return None  # two cards alone ("3090 vs 4090") are two GPUs compared, not two machines
    sides = (mentions[:split], mentions[split:])
    if added:
        sides = (sides[0], sides[0] + sides[1])  # the machine now, and with the card bought
    if all(len({g.gpu_id for g in side}) < 2 for side in sides):
        return None  # "2 3090s or 2 4090s": two configurations, compared as before
    out: list[tuple[tuple[str, int], ...]] = []
    folded: list[GpuMention] = []
    for side in sides:
        cards: dict[str, int] = {}
        for g in side:
            if g.gpu_id is not None:
                cards[g.gpu_id] = cards.get(g.gpu_id, 0) + (g.count or 1)
        least = _least(side, index)
        folded.append(GpuMention(least.gpu_id, least.text, sum(cards.values()),
                                 stated_gb=least.stated_gb))
        out.append(tuple(cards.items()))
    work.gpus = folded
    return out[0], out[1]
