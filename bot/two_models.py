"""Two (or more) models served on one card at the same time ("can i run flux and llama 3 8b on
the same 4090", "deux modèles en même temps sur une A100 ?"): each model's detailed inference
estimate, as the bot makes it for one model on that card, their sum against the card and what
is left. A model that is not an LLM (FLUX) is named as not sized. vLLM takes a share of the
whole card per instance (--gpu-memory-utilization, rules/data/serving.toml), so the reply says
to set it per instance. "2 models" with none named: which ones.

Read before the rest of understanding (bot/pipeline.py): a message with a together word ("at
the same time", "a la vez", "en même temps", "on the same gpu", "both", "+") or "two models" on
one card, named or by its memory only ("two models on 24gb"), or three models or more listed
with their sizes ("qwen2.5 7b, llama 3 8b and mistral 7b on 2x 3090"). A model named by its
kind only ("an embedding model") is said not sized. On several cards ("on my 2x 3090"): where
each goes, whole on a card where it can be (one per card, or several on one), else split
across the cards (tensor parallelism), and the all-split figure beside. Three or more that
miss: the one to leave out so that the others fit.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from decimal import ROUND_CEILING, Decimal
from itertools import combinations
from typing import Final

from markupsafe import Markup

from bot.answer import Answer
from bot.detail import DetailedAnswer
from bot.render.phrases import Phrases
from bot.understand import lexicon as lx
from bot.understand import patterns as px
from bot.understand.languages import union
from bot.understand.lazy import lazy
from bot.understand.normalise import fold
from bot.understand.owned import card_fields, names_card
from bot.understand.patterns import alt
from bot.understand.query import Query
from bot.understand.screen import Screened
from bot.vllm_fix import HIGHEST_SHARE
from rules.capacity import serving_utilization
from rules.catalogue import Catalogue

__all__ = ["CHOICE_BETWEEN", "TrainedTogether", "TwoModels", "asks_together", "each_model",
           "named_models", "noted_line", "read_trained_together", "read_two_models",
           "render_trained_together", "render_two_models", "trained_each"]

# Said of models sharing one card (folded text: no accents, lower case).
# "the same 4090": a card's name has a digit.
_CARD: Final = r"(?:gpu|card|tarjeta|carte|[a-z]*\d\w*)"
_TOGETHER: Final = lazy(
    r"\b(?:(?:(?:at|in) )?(?:the )?same time|at once|together|juntos|juntas|ensemble"
    r"|simultaneous(?:ly)?|concurrent(?:ly)?|side by side"
    rf"|the same {_CARD}|a la vez|al mismo tiempo|simultanea(?:mente)?|la misma {_CARD}"
    rf"|en meme temps|a la fois|simultanement|(?:la|le) meme {_CARD}"
    # "both qwen 2.5 7b and llama 3 8b on one 4090" ("cual de los dos": which one, not both)
    r"|both|ambos|ambas|(?<!de )(?:los|las) dos|(?:tous |toutes )?les deux"
    # and as Spanish and French say "both X and Y": "tanto X como Y", "aussi bien X que Y"
    r"|tanto(?= [^,;?!]{1,60}? como )|aussi bien(?= [^,;?!]{1,60}? que ))\b"
)
# "both X and Y" said the Spanish and French way ("tanto llama 3 8b como mistral 7b", "aussi
# bien llama 3 8b que mistral 7b"): the "como"/"que" joins the two models as "y"/"et" do.
# Searched in the text as written (case and accents kept: the parts are read from it).
_BOTH_JOINER: Final = lazy(
    r"(?i)(?<![\w])(?P<both>tanto|aussi bien)\s(?P<first>[^,;?!]{1,60}?)\s(?P<joiner>como|que)\s")
_JOINER_FOR: Final = {"como": "y", "que": "et"}
# "à la fois llama 3 8b et mistral 7b" (folded): "both", as "tanto … como" is; "deux modèles
# à la fois", "llama et mistral à la fois" stay at once (a model's size before the "et").
_BOTH_A_LA_FOIS: Final = lazy(r"\ba la fois(?= [^,;?!]{0,40}?\d ?b\b[^,;?!]{0,30}? et )")
# Said of runs at once, not of one card ("on the same card" after a run asks the next run
# there): training two models together is said with these only.
_AT_ONCE: Final = lazy(
    r"\b(?:(?:(?:at|in) )?(?:the )?same time|at once|together|juntos|juntas|ensemble"
    r"|simultaneous(?:ly)?|concurrent(?:ly)?|side by side|a la vez|al mismo tiempo"
    r"|simultanea(?:mente)?|en meme temps|a la fois|simultanement)\b"
)
# "llama 3 8b + an embedding model": apart from the words, which then open with a letter
# (bot/understand/lazy.py's look-ahead), and searched only in a text with a "+".
_PLUS: Final = lazy(r"\w ?\+ ?\w")
# "2 models", "dos modelos", "deux modèles", "two llms", "3 models": a count of two or more
# (the lexicon's count words: "a couple of", "dual"…). Searched only in a text that says
# "model" or "llm" (its needles, bot/understand/screen.py): few do.
_TWO: Final = Screened(
    rf"\b(?:[2-9]|{alt(w for w, n in lx.COUNT_WORDS.items() if n >= 2)})"
    r"\s+(?:models?|llms?|modelos?|modeles?)\b"
)
# Where one model's name ends and the next begins: the languages' "and", "plus", "&", "+", ",".
# A "+" glued to a one-letter word is a name's ("Command R+ 104B"), not a joiner.
_BETWEEN: Final = lazy(
    rf"\s+(?:{alt(sorted(union('joiners')))}|plus|&|\+)\s+|\s*[,/&]\s*"
    r"|\s*(?<!(?<![A-Za-z0-9])[A-Za-z])\+\s*"
)
# A model named by its kind only ("an embedding model", "un modelo de embeddings", "un
# reranker"): not sized, said so by the words written.
_KIND: Final = lazy(
    r"\b(?:(?:an?|some|the|un|una|une|el|le|mon|mi|my) )?"
    r"(?:(?:embeddings?|rerank(?:er|ing)?|tts|text.to.speech|ocr) (?:models?|modeles?)"
    r"|(?:modelos?|modeles?) (?:de |d')?(?:embeddings?|rerank(?:er|ing)?|tts|ocr)"
    r"|rerankers?)\b"
)
# Three or more models listed with their sizes and no together word ("qwen2.5 7b, llama 3 8b
# and mistral 7b on 2x 3090"): served together, unless a choice between them is asked. Every
# match holds a ",": a text without one is not searched (asks_together).
_LISTED: Final = lazy(r"\d ?b\b[^,]*,[^,]*(?:[,&]|\b(?:and|y|e|et)\b)")
_LEAST_LISTED: Final = 3
# "for 5 hours each", "5h cada uno", "5 heures chacun": the hours of each run, not a choice.
_EACH_SPAN: Final = lazy(
    r"(?<=\d)\s*(?:h|hrs?|hours?|horas?|heures?)\s+(?:each|per model|cada (?:uno|una)"
    r"|chacun(?:e)?)\b")
# Two sizes said ("llama 3 8b and mistral 7b"): the cheap test before reading models trained.
_SIZES: Final = lazy(r"\d ?b\b.*\d ?b\b")
# Where one model's name ends and the next begins in a choice between them ("qwen3 4b vs phi 4
# mini", "mistral 7b ou qwen2.5 7b"): the choice words, then _BETWEEN's.
CHOICE_BETWEEN: Final = lazy(
    rf"\s+(?:vs\.?|versus|or|o|ou|contra|contre|{alt(sorted(union('joiners')))}|plus|&|\+)\s+"
    r"|\s*[,/+&]\s*", re.IGNORECASE,
)
_CHOICE: Final = lazy(
    r"\b(?:which|best|better|or|each|vs|versus|compar\w*|cual(?:es)?|mejor(?:es)?|o|cada"
    r"|quel(?:le)?s?|lequel|laquelle|meilleure?s?|ou|chacun\w*)\b"
)
# A model id's line, its leading letters ("llama-3-8b": "llama").
_LINE: Final = lazy(r"[a-z]+(?![a-z])")
_CENT: Final = Decimal("0.01")
# Lower precisions tried, in order, when the models do not fit together in the one asked.
_LOWER: Final = ("inference_int8", "inference_int4")


@dataclass(frozen=True, slots=True)
class Placement:
    """Where each model runs on the cards: `cards`, per card the models whole on it (their
    indices, in the order named); `split`, those split across all the cards (tensor
    parallelism); `loads`, each card's memory (its whole models and every split model's share
    of a card)."""

    cards: tuple[tuple[int, ...], ...]
    split: tuple[int, ...]
    loads: tuple[Decimal, ...]

    @property
    def fullest(self) -> Decimal:
        return max(self.loads)

    @property
    def one_per_card(self) -> bool:
        return not self.split and all(len(card) <= 1 for card in self.cards)

    def all_split(self, models: int) -> bool:
        return len(self.split) == models


@dataclass(frozen=True, slots=True)
class Sized:
    """A model's detailed inference estimate on the card, and the answer it came from."""

    name: str
    detailed: DetailedAnswer
    answer: Answer


@dataclass(frozen=True, slots=True)
class TwoModels:
    """What the reply says: the card (`gpu`, or only its memory `card_gb` when the message gave
    no name: "two models on 24gb"), the models sized (in the order named), those not sized
    (not LLMs, by name; `kinds`: named by their kind only, as written), and when they miss
    together, the first lower precision where they fit (its method and where they go)."""

    gpu: str | None
    sized: tuple[Sized, ...]
    not_llms: tuple[str, ...]
    card_gb: Decimal | None
    lower: tuple[str, Placement] | None = None
    kinds: tuple[str, ...] = ()
    # Several cards ("on my 2x 3090"): `sized` is each model alone on one card, `split` each
    # split across all `count` (per card).
    count: int = 1
    said_gb: Decimal | None = None  # the memory as said ("24gb"), when no card is named
    split: tuple[Sized, ...] = ()
    # Where they hold best (None: nowhere); three or more that miss: the one whose leaving
    # lets the others hold, and where they go.
    placement: Placement | None = None
    dropped: tuple[int, Placement] | None = None
    # The models named when no card is known: asked which card.
    no_card: tuple[Query, ...] = ()
    # The first model is the chat's last question's ("and mistral 7b at the same time?").
    carried: bool = False

    @property
    def total_gb(self) -> Decimal:
        return _total(self.sized)

    @property
    def split_gb(self) -> Decimal:
        """Per card, every model split across the cards."""
        return _total(self.split)

    @property
    def holds(self) -> bool:
        """The models fit: on the one card together, or on several somehow placed."""
        return self.card_gb is None or self.placement is not None

    @property
    def one_per_card(self) -> bool:
        """Each model on a card of its own holds (several cards, no more models than cards)."""
        return self.count >= 2 and self.placement is not None and self.placement.one_per_card


@dataclass(frozen=True, slots=True)
class TogetherFigures:
    """What `python -m bot ask --json` says of models answered at the same time (DESIGN §3:
    `models`, and `fits`, `detailed_gb`, `detailed_fits` of them all): the verdict the reply
    leads with (None: no card to judge on), the memory of the fullest card with every model
    on it as the reply places them, and each model's own run (`Sized`, in the order named).
    Was the first model's alone: "lora llama 3 8b + mistral 7b at the same time on a 4090"
    led ❌ (41.8 GB of 25.76 GB) with `fits: true` (Llama's 23.1 GB alone)."""

    fits: bool | None
    per_gpu_gb: Decimal | None
    sized: tuple[Sized, ...]


def served_figures(found: TwoModels) -> TogetherFigures | None:
    """Models served together: on one card the sum; on several the fullest card of the
    placement that holds them, each model as placed (whole on a card, or its share of each
    card split across them), else every model split across the cards, per card. None with no
    card to judge on (the reply asks which)."""
    if found.card_gb is None or not found.sized:
        return None
    if found.count < 2:
        return TogetherFigures(found.holds, found.total_gb, found.sized)
    placed = found.placement
    if placed is not None:
        models = tuple(found.split[i] if i in placed.split and i < len(found.split) else s
                       for i, s in enumerate(found.sized))
        return TogetherFigures(True, placed.fullest, models)
    if found.split:
        return TogetherFigures(False, found.split_gb, found.split)
    return TogetherFigures(False, found.total_gb, found.sized)


def trained_figures(found: TrainedTogether, row: tuple[Sized, ...]) -> TogetherFigures:
    """Models trained together, by the way of training them the reply's fields describe
    (`row`): on one card the runs' sum, on several the largest run (one a card)."""
    per_gpu = _total(row) if found.count == 1 else max(s.detailed.per_gpu_gb for s in row)
    return TogetherFigures(found.fits(row), per_gpu, row)


def _total(sized: tuple[Sized, ...]) -> Decimal:
    return sum((s.detailed.per_gpu_gb for s in sized), Decimal(0))


def _placed(alone: tuple[Sized, ...], split: tuple[Sized, ...], count: int,
            card_gb: Decimal) -> Placement | None:
    """The best placement of the models on `count` cards of `card_gb` each, None when none
    holds: the fewest models split (a model whole on one card needs no tensor parallelism
    between cards), then the most room on the fullest card. A model is split across all the
    cards or none (on more than two cards, a split across some of them is not tried: the
    reply never says they miss everywhere)."""
    whole = [s.detailed.per_gpu_gb for s in alone]
    shares = [s.detailed.per_gpu_gb for s in split] if count >= 2 else []
    models = range(len(whole))
    for k in range(len(shares) + 1 if shares else 1):
        best: Placement | None = None
        for chosen in combinations(models, k):
            shared = sum((shares[i] for i in chosen), Decimal(0))
            rest = sorted((i for i in models if i not in chosen), key=lambda i: -whole[i])
            packed = _pack(rest, whole, count, card_gb - shared)
            if packed is None:
                continue
            found = Placement(tuple(tuple(sorted(card)) for card in packed), chosen,
                              tuple(shared + sum((whole[i] for i in card), Decimal(0))
                                    for card in packed))
            if best is None or found.fullest < best.fullest:
                best = found
        if best is not None:
            return best
    return None


def _pack(items: list[int], sizes: Sequence[Decimal], count: int,
          room: Decimal) -> list[list[int]] | None:
    """`items` (largest first) on `count` cards of `room` each, the fullest card the least
    full it can be (a search of every assignment; cards as full are interchangeable)."""
    cards: list[list[int]] = [[] for _ in range(count)]
    loads = [Decimal(0)] * count
    best: list[list[int]] | None = None
    least = room + 1

    def place(j: int, top: Decimal) -> None:
        nonlocal best, least
        if top >= least:
            return
        if j == len(items):
            best, least = [list(card) for card in cards], top
            return
        i, tried = items[j], set()
        for c in range(count):
            load = loads[c] + sizes[i]
            if loads[c] in tried or load > room:
                continue
            tried.add(loads[c])
            cards[c].append(i)
            loads[c] = load
            place(j + 1, max(top, load))  # noqa: F821 (del after the search)
            loads[c] -= sizes[i]
            cards[c].pop()

    if room >= 0:
        place(0, Decimal(0))
    del place  # it calls itself through its closure: a cycle the collector would free
    return best


def _both_joined(text: str) -> str:
    """`text` with the "como" of "tanto X como Y" and the "que" of "aussi bien X que Y" read
    as the joiner between the models ("y", "et"): each model is then its own part."""
    if "tanto" not in text.lower() and "aussi bien" not in text.lower():
        return text
    return _BOTH_JOINER.sub(lambda m: m.group(0)[: m.start("joiner") - m.start()]
                            + _JOINER_FOR[m.group("joiner").lower()] + " ", text)


def _at_once(folded: str) -> bool:
    """A word of runs at once ("at the same time", "en même temps"), not the "à la fois" of
    "à la fois X et Y" (both of them)."""
    found = _AT_ONCE.search(folded)
    if found is None or "a la fois" not in found.group(0):
        return found is not None
    return _AT_ONCE.search(_BOTH_A_LA_FOIS.sub(" ", folded)) is not None


def asks_together(text: str) -> bool:
    """Whether `text` may ask for models together on one card: the cheap test before reading."""
    folded = fold(text)
    return _TWO.search(folded) is not None or _together(folded) \
        or ("," in folded and _LISTED.search(folded) is not None)


def _together(folded: str) -> bool:
    """A together word or a "+" between two words."""
    return _TOGETHER.search(folded) is not None or (
        "+" in folded and _PLUS.search(folded) is not None)


def read_two_models(
    text: str, whole: Query, read: Callable[[str], Query], answer: Callable[[Query], Answer],
    catalogue: Catalogue, earlier: Query | None = None,
) -> TwoModels | None:
    """The models of `text` (asks_together) served together on its one card (`whole`: the text
    read as one question; `read` understands a part; `answer` answers a Query; `earlier`: the
    model the chat's last question served, beside the one model "and mistral 7b at the same
    time?" names). None when the message is not that question, or a model in it is not one
    the bot can size alone (then it is answered as before)."""
    folded = fold(text)
    two = _TWO.search(folded) is not None
    listed = not two and not _together(folded)
    if whole.rig or (listed and (_CHOICE.search(folded) is not None
                                 or whole.intent not in ("fit", "memory", "unknown"))):
        return None
    count = whole.gpu_count or 1
    if whole.intent == "compare" or (not whole.inference and _trains(whole, folded)):
        return None
    found_named = named_models(text, read)
    if found_named is None:
        return None
    named, kinds, cards = found_named
    if not whole.inference and any(_trained(q) for q in named):
        # "qlora llama 3 8b + lora mistral 7b on an a100": each trained as said (trained_each),
        # not served together (the two methods disagree: the whole read none)
        return None
    if listed and (len(named) < _LEAST_LISTED or cards > 1):
        return None  # a model on each card named is a question each
    carried = len(named) == 1 and not kinds and not two and not listed \
        and earlier is not None and (earlier.model_id, earlier.params_b) \
        != (named[0].model_id, named[0].params_b)
    if carried:
        assert earlier is not None
        named.insert(0, earlier)
    if not named and not kinds:
        return TwoModels(whole.gpu, (), (), None) if two else None
    if len(named) + len(kinds) < 2:
        return None
    if whole.gpu is None and whole.vram_gb is None:
        # No card, in the message nor noted in the chat ("… at the same time on 2 cards"):
        # which one (a card not known by name is answered as before, unknown).
        if listed or names_card(whole):
            return None
        return TwoModels(None, (), (), None, kinds=tuple(kinds), count=count,
                         no_card=tuple(named), carried=carried)
    said = whole.serving_precision_said and whole.method is not None \
        and whole.method.startswith("inference")
    chosen = whole.method if said else None
    found = _sized(named, whole, chosen, answer, 1)
    if found is None:
        return None
    sized, not_llms = found
    split = _sized(named, whole, chosen, answer, count, sized) if count >= 2 else ((), ())
    if split is None:
        return None
    if not sized:
        return None
    check = sized[0].detailed.check
    card = check.card_gb or check.vram_per_gpu_gb if check is not None else None
    placement = _placed(sized, split[0], count, card) if card is not None else None
    result = TwoModels(whole.gpu, sized, not_llms, card, kinds=tuple(kinds), count=count,
                       split=split[0], placement=placement, carried=carried,
                       said_gb=check.said_gb if check is not None else None)
    if card is None or result.holds or len(sized) < 2:
        return result
    result = replace(result, dropped=_dropped(sized, split[0], count, card))
    if chosen is not None:
        return result
    for method in _LOWER:
        lower = _sized(named, whole, method, answer, 1)
        lower_split = _sized(named, whole, method, answer, count) if count >= 2 else ((), ())
        if lower is None or lower_split is None:
            break
        placed = _placed(lower[0], lower_split[0], count, card)
        if placed is not None:
            return replace(result, lower=(method, placed))
    return result


def named_models(text: str, read: Callable[[str], Query], between: re.Pattern[str] = _BETWEEN,
                 ) -> tuple[list[Query], list[str], int] | None:
    """The models `text` lists (each part between its "and", "+", "," read alone, or those of
    `between`), the ones named by their kind only (as written), and how many parts name a card;
    None when a part names a family or an unknown model ("llama 3 and mistral": which size is
    the single question's reply). A model named twice is listed once, and a family named
    beside a model of it ("llama 3 8b and mistral 7b, tanto llama como mistral") is that model
    again, not a question of which size."""
    named: list[Query] = []
    kinds: list[str] = []
    families: list[tuple[str, ...]] = []
    cards = 0
    for part in between.split(_both_joined(text)):
        q = read(part)
        cards += q.gpu is not None or q.vram_gb is not None
        kind = _KIND.search(fold(part))
        if q.model_id is not None or q.params_b is not None or q.not_llm is not None:
            if q.not_llm is not None or all(
                    (q.model_id, q.params_b) != (o.model_id, o.params_b) for o in named):
                named.append(q)
        elif q.family:
            families.append(q.family)
        elif q.unknown_model is not None:
            return None
        elif kind is not None:
            # As written (accents and all) where folding kept the positions.
            same = len(fold(part)) == len(part)
            kinds.append(part[kind.start():kind.end()] if same else kind.group(0))
    if any(not any(_of_family(q, family) for q in named) for family in families):
        return None
    return named, kinds, cards


def _of_family(named: Query, family: tuple[str, ...]) -> bool:
    """Whether the model `named` is of the family read (its models' ids): one of them, or of
    their line ("llama" lists Llama 3.1 8B, not Llama 3 8B: both "llama-")."""
    if named.model_id is None:
        return False
    if named.model_id in family:
        return True
    line = _LINE.match(named.model_id)
    return line is not None and any(
        (other := _LINE.match(m)) is not None and other.group(0) == line.group(0) for m in family)


def trained_each(text: str, read: Callable[[str], Query]) -> tuple[Query, ...]:
    """Several models listed to fine-tune on one card, no together word ("can i finetune llama 3
    8b, mistral 7b and qwen2.5 7b on an a100"): one run after another, so each model's own
    question on that card, in the order named (was the last model's answer alone). Empty when
    the message asks something else (a choice between them, models served, trained at once)."""
    folded = fold(text)
    # "+" joins models trained each as said ("qlora llama 3 8b + lora mistral 7b on an a100"),
    # checked below; a time word is another question (read_trained_together), but "both" and
    # "the same card" are each trained there ("can i train both llama 3 8b and mistral 7b on
    # a 4090": was Llama 3 8B alone).
    if _SIZES.search(folded) is None or _BETWEEN.search(fold(_both_joined(text))) is None \
            or _TWO.search(folded) is not None or _at_once(folded) \
            or _CHOICE.search(_EACH_SPAN.sub(" ", folded)) is not None:
        return ()
    whole = read(text)
    found = named_models(text, read)
    if found is None or found[1] or len(found[0]) < 2 \
            or any(q.model_id is None and q.params_b is None for q in found[0]):
        return ()
    # "qlora llama 3 8b on a 4090 and lora mistral 7b on an a100, how much for 5 hours each?":
    # each model on the card said with it (was the two cards compared for the first model)
    own_cards = found[2] == len(found[0]) and all(names_card(q) for q in found[0])
    # ... and their cost on it ("lora mistral 7b and qlora llama 3 8b, cost for 5 hours on an
    # a100"): each run's (was the last model's, every method listed)
    if whole.inference or whole.rig or (whole.other_gpus and not own_cards) \
            or (whole.gpu is None and whole.vram_gb is None) \
            or whole.intent not in ("fit", "memory", "unknown", "cost",
                                    *(("compare",) if own_cards else ())) \
            or (found[2] > 1 and not own_cards):
        return ()
    # A method said with a model is its own ("qlora 7b and full ft 1b on a 4090"), the
    # message's otherwise (was the message's for both: none, every method listed).
    methods = [q.method if _trained(q) else None for q in found[0]]
    # "finetune llama 3 8b + mistral 7b on an a100": a training word and "+", no method per
    # model, is each trained too (was the first model alone); a together word ("at the same
    # time", "à la fois") is another question.
    trains = _trains(whole, folded)
    if not (trains or any(methods)) \
            or (_together(folded) and not all(methods)
                and (_at_once(folded) or not trains)):
        return ()
    if own_cards:
        whole = whole.model_copy(update={
            "other_gpus": (), "other_gpu_count": None, "rentals_summed": False,
            "intent": whole.intent if whole.intent != "compare"
            else "cost" if whole.hours is not None else "fit"})
    return tuple(each_model(whole, q).model_copy(update={
        **({"method": m} if m is not None else {}),
        **({**card_fields(q), "gpu_count": q.gpu_count} if own_cards else {})})
        for q, m in zip(found[0], methods, strict=True))


@dataclass(frozen=True, slots=True)
class TrainedTogether:
    """Models fine-tuned at the same time on one card ("train llama 3 8b + mistral 7b at the
    same time on an a100"): per way of training them (`rows`: each model's method, the
    single answer's methods in its order when none is said), each model's detailed training
    estimate alone on the card; `card_gb`, the card's memory they are held to."""

    gpu: str
    rows: tuple[tuple[Sized, ...], ...]
    card_gb: Decimal
    # Several cards ("on 2x a100"), no fewer than the models: one run a card.
    count: int = 1
    # The first model is the chat's last question's ("and mistral 7b at the same time?").
    carried: bool = False

    def fits(self, row: tuple[Sized, ...]) -> bool:
        """The runs of `row` together: on one card two processes, their memory adds up; on
        several, each run on a card of its own."""
        if self.count >= 2:
            return self.alone(row)
        return _total(row) <= self.card_gb

    def alone(self, row: tuple[Sized, ...]) -> bool:
        """Each run of `row` on the card by itself: one after the other."""
        return all(s.detailed.per_gpu_gb <= self.card_gb for s in row)


def read_trained_together(
    text: str, whole: Query, read: Callable[[str], Query], answer: Callable[[Query], Answer],
    earlier: Query | None = None, every: bool = False,
) -> TrainedTogether | None:
    """The models of `text` trained at the same time (a together word and a training word or
    method) on its card, or one a card on as many cards ("on 2x a100"), each model's detailed
    estimate on one card per method; `earlier`: the run the chat's last question trained,
    beside the one model "and mistral 7b at the same time?" names; `every`: `whole`'s method
    is every model's ("what about with qlora?" after them). None when the message is
    not that question (then answered as before: more models than cards, a card not known, a
    model not sized alone)."""
    folded = fold(text)
    count = whole.gpu_count or 1
    if not _at_once(folded) or whole.inference or not _trains(whole, folded) \
            or whole.rig or whole.intent not in ("fit", "memory", "unknown") \
            or whole.gpu is None:
        return None
    found = named_models(text, read)
    if found is None or found[1] or found[2] > 1 \
            or any(q.model_id is None and q.params_b is None for q in found[0]):
        return None
    named = found[0]
    carried = len(named) == 1 and earlier is not None and _trained(earlier) \
        and (earlier.model_id, earlier.params_b) != (named[0].model_id, named[0].params_b)
    if carried:
        assert earlier is not None
        named.insert(0, earlier)
    if len(named) < 2 or (count >= 2 and len(named) > count):
        return None
    gpu = whole.gpu
    whole = whole.model_copy(update={"gpu_count": 1})
    # A method said with a model is its own, the message's otherwise ("qlora llama 3 8b and
    # mistral 7b at the same time"); none said: each of the methods the single answer lists.
    said = [q.method if _trained(q) and not (every and whole.method) else whole.method
            for q in named]
    if all(said):
        ways: list[tuple[str | None, ...]] = [tuple(said)]
    else:
        listed = answer(each_model(whole, named[0]).model_copy(update={"intent": "fit"}))
        ways = [tuple(m or method.memory.method for m in said) for method in listed.methods]
    rows: list[tuple[Sized, ...]] = []
    card: Decimal | None = None
    for way in dict.fromkeys(ways):
        row: list[Sized] = []
        for q, method in zip(named, way, strict=True):
            a = answer(each_model(whole, q).model_copy(update={"intent": "fit", "method": method}))
            d = a.detailed
            if a.error or d is None or d.kind != "training" or d.check is None:
                break
            card = d.check.vram_per_gpu_gb
            row.append(Sized(d.model_name or "", d, a))
        else:
            rows.append(tuple(row))
    if not rows or card is None:
        return None
    return TrainedTogether(gpu, tuple(rows), card, count, carried)


def render_trained_together(found: TrainedTogether, locale: str, catalogue: Catalogue) -> str:
    """The reply in `locale` (Telegram HTML): whether the models fit together on the card, by
    the sum of their estimates, per method, and one after the other when they do not; on
    several cards, whether each fits on a card of its own."""
    ph = Phrases(locale, catalogue)
    _, fmt = ph._, ph.fmt
    names = [_name(ph, s) for s in found.rows[0]]
    labels = [_way(ph, row) for row in found.rows]
    fitting = [label for row, label in zip(found.rows, labels, strict=True) if found.fits(row)]
    lines = _trained_lines(found, ph, names, labels, fitting) if found.count == 1 \
        else _trained_apart(found, ph, names, labels, fitting)
    first = found.rows[0][0].detailed
    lines.append("")
    if found.count == 1:
        lines.append(str(_("ℹ️ <i>Two runs on one card take the sum of their memory: each figure"
                           " is that run's detailed estimate (sequence %(seq)s, batch %(batch)s),"
                           " its own CUDA context included. They also share the card's compute,"
                           " so each trains slower than it would alone. Planning rules, not"
                           " measurements.</i>", seq=fmt.num(first.seq_len, 0),
                           batch=first.micro_batch)))
    else:
        lines.append(str(_("ℹ️ <i>One run a card: each figure is that run's detailed estimate on"
                           " one card (sequence %(seq)s, batch %(batch)s). Planning rules, not"
                           " measurements.</i>", seq=fmt.num(first.seq_len, 0),
                           batch=first.micro_batch)))
    return "\n".join(lines)


def _trained_lines(found: TrainedTogether, ph: Phrases, names: list[str], labels: list[str],
                   fitting: list[str]) -> list[str]:
    """One card: the verdict on the sum, each method's sum, one after the other if none fits."""
    _, fmt = ph._, ph.fmt
    config, card, models = ph.config(found.gpu, 1), ph.memory(found.card_gb), _leading(ph, names)
    lines: list[str] = []
    if fitting:
        lines.append(str(_("✅ <b>%(models)s fit at the same time on %(config)s: %(methods)s.</b>",
                           models=models, config=config, methods=fmt.list(fitting))))
    elif len(labels) == 1:
        lines.append(str(_("❌ <b>%(models)s do not fit at the same time on %(config)s with"
                           " %(method)s: their runs' memory adds up to more than its"
                           " %(card)s.</b>", models=models, config=config, method=labels[0],
                           card=card)))
    else:
        lines.append(str(_("❌ <b>%(models)s do not fit at the same time on %(config)s with any"
                           " method: their runs' memory adds up to more than its %(card)s.</b>",
                           models=models, config=config, card=card)))
    lines.append("")
    for row, label in zip(found.rows, labels, strict=True):
        total = _total(row)
        each = " + ".join(f"{name} ≈ {ph.size(s.detailed.per_gpu_gb)}"
                          for name, s in zip(names, row, strict=True))
        lines.append(str(_("%(icon)s <b>%(method)s</b>: %(each)s = ≈ %(total)s of %(card)s —"
                           " %(room)s", icon=ph.verdict_icon(found.fits(row)),
                           method=label[:1].upper() + label[1:], each=each,
                           total=ph.size(total), card=card,
                           room=ph.room(found.fits(row), found.card_gb - total))))
    if not fitting:
        alone = [label for row, label in zip(found.rows, labels, strict=True)
                 if found.alone(row)]
        if alone:
            lines.append(str(_("👉 One after the other on this card, each fits alone: "
                               "%(methods)s.", methods=fmt.list(alone))))
        else:
            lines.append(str(_("👉 Not one after the other either: with each method, one of"
                               " them needs more than the card's %(card)s alone.", card=card)))
    return lines


def _trained_apart(found: TrainedTogether, ph: Phrases, names: list[str], labels: list[str],
                   fitting: list[str]) -> list[str]:
    """Several cards, no fewer than the models: each run on a card of its own, per method."""
    _, fmt = ph._, ph.fmt
    config = ph.config(found.gpu, found.count)
    card, models = ph.memory(found.card_gb), _leading(ph, names)
    lines: list[str] = []
    if fitting:
        lines.append(str(_("✅ <b>%(models)s fit at the same time on %(config)s, one per card:"
                           " %(methods)s.</b>", models=models, config=config,
                           methods=fmt.list(fitting))))
    elif len(labels) == 1:
        lines.append(str(_("❌ <b>%(models)s do not fit at the same time on %(config)s with"
                           " %(method)s, even one per card.</b>", models=models, config=config,
                           method=labels[0])))
    else:
        lines.append(str(_("❌ <b>%(models)s do not fit at the same time on %(config)s with any"
                           " method, even one per card.</b>", models=models, config=config)))
    lines.append("")
    for row, label in zip(found.rows, labels, strict=True):
        largest = max(s.detailed.per_gpu_gb for s in row)
        each = ", ".join(f"{name} ≈ {ph.size(s.detailed.per_gpu_gb)}"
                         for name, s in zip(names, row, strict=True))
        lines.append(str(_("%(icon)s <b>%(method)s</b>: %(each)s, one per card of %(card)s;"
                           " the largest, %(room)s", icon=ph.verdict_icon(found.fits(row)),
                           method=label[:1].upper() + label[1:], each=each, card=card,
                           room=ph.room(found.fits(row), found.card_gb - largest))))
    return lines


def _way(ph: Phrases, row: tuple[Sized, ...]) -> str:
    """How a row trains the models: "QLoRA", or each's method where they differ."""
    methods = dict.fromkeys(s.detailed.method for s in row)
    if len(methods) == 1:
        return str(ph.method_short(next(iter(methods))))
    return " + ".join(str(ph.method_short(s.detailed.method)) for s in row)


# A follow-up asking the models again in another way, nothing else: "what about with qlora?",
# "and in 4 bit?", "y con lora?", "et en 4 bits ?", "and to train them?" (at most this many
# words; a price, hours, a budget, a card or a model said is another question).
_METHOD_WORDS: Final = 8


def each_asked(asked: Query, previous: Query, read: Callable[[str], Query]
               ) -> tuple[Query, ...] | None:
    """The models of `previous` (a part of models asked at the same time) that `asked`, a
    follow-up asking how long a dataset takes and naming no model or card ("how long for 10M
    tokens each?", "¿y cuánto tardan con 10M tokens?"), asks of each: each model's query as
    `previous` was asked (its card, method, settings). Was the last model's alone. None when
    it asks something else (hours or a price: one card's hours are both runs' at once, which
    a section a model would price twice)."""
    text = previous.together_text
    if text is None or names_card(asked) or asked.model_id is not None \
            or asked.params_b is not None or asked.family or asked.budget_usd is not None \
            or asked.hours is not None or asked.intent != "time" \
            or (asked.dataset_tokens is None and not asked.dataset_samples) \
            or len(fold(asked.text).split()) > _METHOD_WORDS + 4:
        return None
    found = named_models(text, read)
    if found is None or len(found[0]) < 2 or found[1]:
        return None
    return tuple(each_model(previous, q).model_copy(update={"together_text": None})
                 for q in found[0])


def method_again(asked: Query, previous: Query, folded: str) -> dict[str, object] | None:
    """The fields of the way `asked` (a follow-up read alone) asks the models of `previous`
    (a part of models asked at the same time) again: a method or precision said, or training
    or serving said of them; None when it says something else. Was the last model alone
    ("what about with qlora?" after two trained together: Mistral 7B's verdict)."""
    if previous.together_text is None or names_card(asked) or asked.model_id is not None \
            or asked.params_b is not None or asked.family or asked.hours is not None \
            or asked.budget_usd is not None or len(folded.split()) > _METHOD_WORDS \
            or asked.intent not in ("fit", "memory", "unknown", "recommend") \
            or any(p.search(folded) for p in (px.HOW_MUCH, px.COST, px.PRICES)):
        return None
    trains = asked.method is not None and not asked.inference
    if asked.inference and (asked.serving_precision_said or asked.quant is not None):
        if not previous.inference:
            return None  # "and in 4 bit?" after a training run: its base's bits, not serving
        return {"method": asked.method, "inference": True, "serving_precision_said": True,
                "quant": asked.quant, "quant_bare": asked.quant_bare}
    if trains:
        return {"method": asked.method, "inference": False, "serving_precision_said": False,
                "serving_implied": False, "quant": None, "quant_bare": None}
    if previous.inference and asked.method is None and px.TRAINING.search(folded):
        return {"method": None, "inference": False, "serving_precision_said": False,  # "and to
                "serving_implied": False, "quant": None, "quant_bare": None,  # train them?"
                "training_said": True}
    return None


def each_model(whole: Query, named: Query) -> Query:
    """The message's question (`whole`: its card, method, settings) asked of one of the models
    it names (`named`, that model's part read alone)."""
    return whole.model_copy(update={
        "params_b": named.params_b, "model_id": named.model_id, "family": (),
        "family_name": None, "shape_model": named.shape_model, "unknown_model": None,
    })


def _dropped(sized: tuple[Sized, ...], split: tuple[Sized, ...], count: int,
             card_gb: Decimal) -> tuple[int, Placement] | None:
    """Three or more models that miss: the one to leave out so that the others hold (the
    others' best placement, as _placed ranks them), None when leaving out one is not enough."""
    if len(sized) < 3:
        return None
    best: tuple[int, Placement] | None = None
    for out in range(len(sized)):
        others = tuple(s for i, s in enumerate(sized) if i != out)
        shares = tuple(s for i, s in enumerate(split) if i != out)
        placed = _placed(others, shares, count, card_gb)
        if placed is None:
            continue
        # Indices in `sized` again, for the names.
        back = [i for i in range(len(sized)) if i != out]
        placed = Placement(tuple(tuple(back[i] for i in card) for card in placed.cards),
                           tuple(back[i] for i in placed.split), placed.loads)
        if best is None or (len(placed.split), placed.fullest) \
                < (len(best[1].split), best[1].fullest):
            best = (out, placed)
    return best


def _trained(named: Query) -> bool:
    """A training method said with a model ("qlora llama 3 8b")."""
    return named.method is not None and not named.inference


def _trains(whole: Query, folded: str) -> bool:
    """Whether the message trains the models (a training word, or a training method read):
    training two models at once is another question (its memory is not the serving one's)."""
    method = whole.method
    return px.TRAINING.search(folded) is not None or whole.training_said \
        or (method is not None and not method.startswith("inference"))


def _sized(
    named: list[Query], whole: Query, method: str | None, answer: Callable[[Query], Answer],
    count: int, each: tuple[Sized, ...] = (),
) -> tuple[tuple[Sized, ...], tuple[str, ...]] | None:
    """Each named model's detailed estimate alone on `count` of the cards (per card) in
    `method` (None: the bot's lead precision, or the precision of the model's estimate in
    `each`: split in the one it has on one card, the two figures side by side); not-LLMs by
    name. None when a model gets no detailed estimate."""
    sized: list[Sized] = []
    not_llms: list[str] = []
    methods = iter(s.detailed.method for s in each)
    for q in named:
        if q.model_id is None and q.params_b is None:
            not_llms.append(q.not_llm_name or "")
            continue
        # A precision said of each model ("llama 3 8b q4 and qwen 7b q4") is that model's
        # when none is said of them all (was BF16 for both).
        served = next(methods, method)
        if served is None and q.serving_precision_said and q.method is not None:
            served = q.method
        alone = q.model_copy(update={
            "intent": "fit", "inference": True, "method": served,
            "serving_precision_said": served is not None, "gpu": whole.gpu,
            "vram_gb": whole.vram_gb,
            "gpu_count": count, "gpu_memory_gb": whole.gpu_memory_gb, "engine": None,
            "gpu_memory_utilization": None,
            # Settings said once are for both ("… on a 4090 with 8k context"), wherever said.
            "seq_len": whole.seq_len or q.seq_len, "batch_size": whole.batch_size or q.batch_size,
        })
        a = answer(alone)
        d = a.detailed
        if a.error or d is None or d.kind != "inference":
            return None
        sized.append(Sized(d.model_name or "", d, a))
    return tuple(sized), tuple(not_llms)


def render_two_models(found: TwoModels, locale: str, catalogue: Catalogue) -> str:
    """The reply in `locale` (Telegram HTML)."""
    ph = Phrases(locale, catalogue)
    _, fmt = ph._, ph.fmt
    config = _config(found, ph)
    if found.no_card:
        return _which_card(found, ph, catalogue)
    if not found.sized:
        example = Markup("<code>%s</code>") % _("llama 3 8b and mistral 7b at the same time on a 4090")
        if config is not None:
            return str(_("❓ Which models? Name them and I will add up what each takes on %(config)s,"
                         " for example: %(example)s", config=config, example=example))
        return str(_("❓ Which models, and on which GPU? For example: %(example)s",
                     example=example))
    assert config is not None and found.card_gb is not None
    names = [_name(ph, s) for s in found.sized]
    if found.count >= 2:
        lines = _cards_lines(found, ph, config, names)
    else:
        lines = _card_lines(found, ph, config, names)
    for other in found.not_llms:
        lines.append(str(_("• %(model)s: not sized, it is not a large language model and I only"
                           " size LLMs.", model=other)))
    for kind in found.kinds:
        lines.append(str(_("• %(model)s: not sized, I only size the language models I know"
                           " by name.", model=kind)))
    # "qwen 7b": sized as the shape the single question assumes, said as it says it.
    shapes = dict.fromkeys(str(a.params["model"]) for s in found.sized
                           for a in s.detailed.assumptions if a.code == "shape_of")
    for shape in shapes:
        lines.append(str(_("No version named: the shape of %(model)s is assumed (its layers and"
                           " KV heads set the KV cache and activations).", model=shape)))
    if found.count >= 2:
        lines.extend(_cards_tail(found, ph, names))
    else:
        lines.extend(_card_tail(found, ph, names))
    first = found.sized[0].detailed
    lines.append("")
    lines.append(str(_("ℹ️ <i>Detailed estimates at %(context)s tokens of context and batch"
                       " %(batch)s; the KV cache grows with both. Planning rules, not"
                       " measurements.</i>", context=fmt.num(first.seq_len, 0),
                       batch=first.micro_batch)))
    return "\n".join(str(line) for line in lines)


def noted_line(found: TwoModels | TrainedTogether, locale: str, catalogue: Catalogue) -> str:
    """"↪️ On 2× RTX 3090: your cards, as you said earlier." — the card noted in the chat."""
    ph = Phrases(locale, catalogue)
    config = _config(found, ph) if isinstance(found, TwoModels) \
        else ph.config(found.gpu, found.count)
    return str(ph.ngettext("↪️ <i>On %(config)s: your card, as you said earlier.</i>",
                           "↪️ <i>On %(config)s: your cards, as you said earlier.</i>",
                           found.count, config=config))


def _config(found: TwoModels, ph: Phrases) -> Markup | None:
    """The cards: "2× RTX 3090", or by their memory only "1× GPU of 24 GB"."""
    if found.gpu is not None:
        return ph.config(found.gpu, found.count)
    said = found.said_gb if found.said_gb is not None else found.card_gb
    if said is not None:
        return ph._("%(count)s× GPU of %(vram)s", count=found.count, vram=ph.memory(said))
    return None


def _which_card(found: TwoModels, ph: Phrases, catalogue: Catalogue) -> str:
    """Models named on no card, none noted in the chat: which card, the models named."""
    _, fmt = ph._, ph.fmt
    names = [q.not_llm_name or "" if q.model_id is None and q.params_b is None
             else catalogue.models.get(q.model_id).name if q.model_id is not None
             else str(ph.subject(None, q.params_b or Decimal(0))) for q in found.no_card]
    models = fmt.list([*names, *found.kinds])
    if found.count >= 2:
        example = Markup("<code>%s</code>") % _("llama 3 8b and mistral 7b at the same time"
                                                " on 2x 3090")
        return str(_("❓ Which GPU are your %(count)s cards? Name it and I will place"
                     " %(models)s on them, for example: %(example)s", count=found.count,
                     models=models, example=example))
    example = Markup("<code>%s</code>") % _("llama 3 8b and mistral 7b at the same time on a 4090")
    return str(_("❓ On which GPU? Name it and I will add up what %(models)s take on it, for"
                 " example: %(example)s", models=models, example=example))


def _card_lines(found: TwoModels, ph: Phrases, config: Markup, names: list[str]) -> list[str]:
    """One card: the verdict on the sum, then each model's estimate."""
    _ = ph._
    assert found.card_gb is not None
    card = ph.memory(found.card_gb)
    lines: list[str] = []
    total = found.total_gb
    room = ph.room(total <= found.card_gb, found.card_gb - total)
    if len(found.sized) == 1:
        alone = found.sized[0]
        need = ph.size(alone.detailed.per_gpu_gb)
        if total <= found.card_gb:
            lines.append(_("✅ <b>On %(config)s, %(model)s takes ≈ %(need)s of %(card)s: %(room)s"
                           " for the other model.</b>", config=config, model=names[0],
                           need=need, card=card, room=room))
        else:
            lines.append(_("❌ <b>On %(config)s, %(model)s alone takes ≈ %(need)s, more than the"
                           " card's %(card)s: no room for a second model.</b>", config=config,
                           model=names[0], need=need, card=card))
    elif total <= found.card_gb:
        lines.append(_("✅ <b>%(models)s fit together on %(config)s: ≈ %(total)s of %(card)s,"
                       " %(room)s.</b>", models=_leading(ph, names), config=config,
                       total=ph.size(total), card=card, room=room))
    else:
        lines.append(_("❌ <b>%(models)s do not fit together on %(config)s: ≈ %(total)s for"
                       " %(card)s, %(room)s.</b>", models=_leading(ph, names), config=config,
                       total=ph.size(total), card=card, room=room))
    lines.append("")
    for s, name in zip(found.sized, names, strict=True):
        lines.append(str(_("• %(model)s, %(method)s: ≈ %(need)s", model=name,
                           method=ph.method_short(s.detailed.method),
                           need=ph.size(s.detailed.per_gpu_gb))))
    return [str(line) for line in lines]


def _card_tail(found: TwoModels, ph: Phrases, names: list[str]) -> list[str]:
    """One card: which one to leave out, what would fit in a lower precision, and vLLM's
    share per instance."""
    assert found.card_gb is not None
    _, total = ph._, found.total_gb
    lines: list[str] = []
    if found.dropped is not None:
        out, placed = found.dropped
        lines.append(str(_("👉 Without %(model)s, the others would fit together: ≈ %(total)s,"
                           " %(room)s.", model=names[out], total=ph.size(placed.fullest),
                           room=ph.room(True, found.card_gb - placed.fullest))))
    if found.lower is not None:
        method, lower = found.lower
        lines.append(str(_("👉 With %(method)s they would take ≈ %(total)s together: %(room)s.",
                           method=ph.method_short(method), total=ph.size(lower.fullest),
                           room=ph.room(True, found.card_gb - lower.fullest))))
    if len(found.sized) >= 2 and total <= found.card_gb and not _all_gguf(found.sized):
        lines.extend(_vllm_shares(ph, [list(range(len(found.sized)))],
                                  [s.detailed.per_gpu_gb for s in found.sized], names,
                                  found.card_gb))
    return lines


def _all_gguf(sized: tuple[Sized, ...]) -> bool:
    """Every model a GGUF file: llama.cpp or Ollama runs them, which take no share of the card
    ahead (vLLM's per-instance share is no setting of theirs)."""
    return all(s.detailed.method.startswith("gguf_") for s in sized)


def _vllm_shares(
    ph: Phrases, cards: list[list[int]], needs: list[Decimal], names: list[str],
    card_gb: Decimal,
) -> list[str]:
    """vLLM takes a share of the whole card per instance: the share each model on a card
    with others needs (`cards`: the models on each card; `needs`: each one's memory on a
    card). None said when every card runs one instance."""
    _, fmt = ph._, ph.fmt
    shared = [card for card in cards if len(card) >= 2]
    if not shared:
        return []
    parts = [_share(need, card_gb) for need in needs]
    most = max(sum(parts[i] for i in card) for card in shared)
    if most > HIGHEST_SHARE:
        return [str(_("⚙️ Too tight for vLLM: each instance takes its share of the whole card,"
                      " and theirs would add up to %(sum)s of it, above the %(most)s"
                      " to keep some memory free.", sum=str(most),
                      most=str(HIGHEST_SHARE)))]
    named = sorted({i for card in shared for i in card})
    shares = [str(_("<code>%(share)s</code> for %(model)s", share=str(parts[i]),
                    model=names[i])) for i in named]
    return [str(_("⚙️ With vLLM, each instance takes its own share of the whole card"
                  " (%(default)s by default), so the first would leave no room for the"
                  " second: set <code>--gpu-memory-utilization</code> per instance, at"
                  " least %(shares)s, their sum at most %(most)s (a share's memory"
                  " above its model goes to its KV cache).",
                  default=str(serving_utilization()), shares=Markup(fmt.list(shares)),
                  most=str(HIGHEST_SHARE)))]


def _where(ph: Phrases, placed: Placement, names: list[str], count: int) -> Markup:
    """Where each model goes: "Llama 3 8B on card 1; Qwen2.5 7B and Mistral 7B on card 2"."""
    _, fmt = ph._, ph.fmt
    clauses = [_("%(models)s on card %(number)s", models=fmt.list([names[i] for i in card]),
                 number=number)
               for number, card in enumerate((c for c in placed.cards if c), start=1)]
    if placed.split:
        clauses.append(_("%(models)s split across the %(count)s cards",
                         models=fmt.list([names[i] for i in placed.split]), count=count))
    # French sets a narrow no-break space before ';'.
    return Markup(_("; ")).join(clauses)


def _cards_lines(found: TwoModels, ph: Phrases, config: Markup, names: list[str]) -> list[str]:
    """Several cards ("on my 2x 3090"): whether the models fit one per card, split across the
    cards, or some on a card and the rest split, then each model's estimate both ways."""
    _ = ph._
    assert found.card_gb is not None
    card_gb = found.card_gb
    card = ph.memory(card_gb)
    split = found.split_gb
    placed = found.placement
    lines: list[str] = []
    if len(found.sized) == 1:
        alone, halves = found.sized[0].detailed.per_gpu_gb, found.split[0].detailed.per_gpu_gb
        if alone <= card_gb:
            lines.append(_("✅ <b>On %(config)s, %(model)s takes ≈ %(need)s of one card's"
                           " %(card)s: another card is free for the other model.</b>",
                           config=config, model=names[0], need=ph.size(alone), card=card))
        else:
            lines.append(_("%(icon)s <b>On %(config)s, %(model)s split across the cards takes"
                           " ≈ %(need)s of each card's %(card)s: %(room)s for the other"
                           " model.</b>", icon=ph.verdict_icon(halves <= card_gb),
                           config=config, model=names[0], need=ph.size(halves), card=card,
                           room=ph.room(halves <= card_gb, card_gb - halves)))
    elif placed is not None and placed.one_per_card:
        lines.append(_("✅ <b>%(models)s fit on %(config)s, one per card: the larger takes"
                       " ≈ %(need)s of a card's %(card)s, %(room)s.</b>",
                       models=_leading(ph, names), config=config, need=ph.size(placed.fullest),
                       card=card, room=ph.room(True, card_gb - placed.fullest)))
    elif placed is not None and placed.all_split(len(names)):
        lines.append(_("✅ <b>%(models)s fit together on %(config)s split across the cards:"
                       " ≈ %(total)s per card of %(card)s, %(room)s.</b>",
                       models=_leading(ph, names), config=config, total=ph.size(split), card=card,
                       room=ph.room(True, card_gb - split)))
    elif placed is not None:
        lines.append(_("✅ <b>%(models)s fit on %(config)s: %(where)s. The fullest card takes"
                       " ≈ %(need)s of %(card)s, %(room)s.</b>", models=_leading(ph, names),
                       config=config, where=_where(ph, placed, names, found.count),
                       need=ph.size(placed.fullest), card=card,
                       room=ph.room(True, card_gb - placed.fullest)))
    elif len(found.sized) <= found.count:
        lines.append(_("❌ <b>%(models)s do not fit on %(config)s, neither one per card nor"
                       " split across the cards.</b>", models=_leading(ph, names), config=config))
    else:
        lines.append(_("❌ <b>%(models)s do not fit together on %(config)s split across the"
                       " cards: ≈ %(total)s per card for %(card)s, %(room)s.</b>",
                       models=_leading(ph, names), config=config, total=ph.size(split), card=card,
                       room=ph.room(False, card_gb - split)))
    lines.append("")
    for one, each, name in zip(found.sized, found.split, names, strict=True):
        lines.append(_("• %(model)s, %(method)s: ≈ %(alone)s on one card, ≈ %(split)s per card"
                       " split across %(count)s", model=name,
                       method=ph.method_short(one.detailed.method),
                       alone=ph.size(one.detailed.per_gpu_gb),
                       split=ph.size(each.detailed.per_gpu_gb), count=found.count))
    return [str(line) for line in lines]


def _cards_tail(found: TwoModels, ph: Phrases, names: list[str]) -> list[str]:
    """Several cards: the split figure when the lead is another placement (or they miss
    without the lead saying it), which one to leave out, what would fit in a lower
    precision, and vLLM's share per instance on a card running several."""
    _ = ph._
    assert found.card_gb is not None
    card_gb, split, placed = found.card_gb, found.split_gb, found.placement
    lines: list[str] = []
    several = len(found.sized) >= 2
    if several and ((placed is not None and not placed.all_split(len(names)))
                    or (placed is None and len(found.sized) <= found.count)):
        lines.append(str(_("🔀 Split across the %(count)s cards (tensor parallelism), together"
                           " they would take ≈ %(total)s per card: %(room)s.",
                           count=found.count, total=ph.size(split),
                           room=ph.room(split <= card_gb, card_gb - split))))
    if found.dropped is not None:
        out, kept = found.dropped
        lines.append(str(_("👉 Without %(model)s, the others would fit: %(where)s. The fullest"
                           " card takes ≈ %(need)s, %(room)s.", model=names[out],
                           where=_where(ph, kept, names, found.count),
                           need=ph.size(kept.fullest),
                           room=ph.room(True, card_gb - kept.fullest))))
    if found.lower is not None:
        method, lower = found.lower
        if lower.one_per_card:
            lines.append(str(_("👉 With %(method)s they would fit one per card: the larger"
                               " takes ≈ %(total)s, %(room)s.",
                               method=ph.method_short(method), total=ph.size(lower.fullest),
                               room=ph.room(True, card_gb - lower.fullest))))
        elif lower.all_split(len(names)):
            lines.append(str(_("👉 With %(method)s they would fit split across the cards:"
                               " ≈ %(total)s per card, %(room)s.",
                               method=ph.method_short(method), total=ph.size(lower.fullest),
                               room=ph.room(True, card_gb - lower.fullest))))
        else:
            lines.append(str(_("👉 With %(method)s they would fit: %(where)s. The fullest card"
                               " takes ≈ %(need)s, %(room)s.", method=ph.method_short(method),
                               where=_where(ph, lower, names, found.count),
                               need=ph.size(lower.fullest),
                               room=ph.room(True, card_gb - lower.fullest))))
    if several and placed is not None and not _all_gguf(found.sized):
        # Each card runs its whole models and every split one (its share of the card).
        cards = [list(card) + list(placed.split) for card in placed.cards]
        needs = [(each if i in placed.split else one).detailed.per_gpu_gb
                 for i, (one, each) in enumerate(zip(found.sized, found.split, strict=True))]
        lines.extend(_vllm_shares(ph, cards, needs, names, card_gb))
    return lines


def _leading(ph: Phrases, names: list[str]) -> str:
    """The models as a sentence opens on them: "Un modelo de 7B y …", not "un modelo"."""
    listed = ph.fmt.list(names)
    return listed[:1].upper() + listed[1:]


def _name(ph: Phrases, s: Sized) -> str:
    return s.name or str(ph.subject(None, s.detailed.params_b))


def _share(need_gb: Decimal, card_gb: Decimal) -> Decimal:
    """The least --gpu-memory-utilization that holds `need_gb` of the card, up to the cent."""
    return (need_gb / card_gb).quantize(_CENT, rounding=ROUND_CEILING)
