"""The card a user says they own ("i have 2 3090s", "mi gráfica es una 4070", "j'ai une
4090"): acknowledged when said alone, and kept for the questions of the chat that name no
card (bot.conversation keeps it, `on_own_card` applies it), until another card is named."""

from __future__ import annotations

from decimal import Decimal
from typing import Any, Final

from bot.understand.lazy import lazy
from bot.understand.numbers import tidy
from bot.understand.query import Query
from rules.catalogue import Catalogue
from rules.schema import MethodId

# Folded (lower case, no accents), the card itself blanked: a verb of having or a "my card
# is", never "you have" nor "I have to rent", "tengo que", "j'ai besoin".
_OWNS: Final = lazy(
    r"(?<![a-z'])(?:"
    r"i(?: also)? (?:have|own|got|use|run)|i'?ve(?: also)? got|i have got|i'm on|im on|i am on"
    # "got 2 p40s", "have a 3090 here", "running 2x 3090": the subject left out, as in chat
    r"|^(?:just |also )?(?:got|have|own|running|rocking)(?! you)"
    # "just bought a 3090", "picked up 2x 3090": a card bought is one owned
    r"|^(?:so |well |ok |just |also |finally )?(?:bought|picked up|grabbed)(?: me| myself)?"
    r"(?= )"
    r"|my (?:gpu|card|graphics card|video card|setup|rig|pc|machine|laptop) (?:is|has)"
    # "my setup: 2x 3090, 64gb ram", "my rig - a 4090", "rig: 2x 3090", "i'm running a 3090"
    r"|(?:my |current )?(?:setup|rig|build|box|hardware|specs?)(?: is)? ?[:=-]|my gpus? ?[:=-]"
    r"|my (?:setup|rig|build|box|hardware|specs?|gpus?|cards?)(?= (?:gpu|a|an|one|two|\d))"
    r"|i(?:'m| am|m) (?:running|using|rocking)|(?:currently|just) (?:running|using)"
    # "using a 3060 12gb", "running 2x 3090": the message opens on the verb, its subject left out
    r"|^ *(?:using|running|rocking)"
    # "my 4090 48gb", "mi 3090", "ma 4090" said alone (the card blanked to "gpu")
    r"|^ *(?:my|mi|ma|mon) gpu *[.!]? *$"
    r"|tengo|cuento con|dispongo de|uso|mi (?:gpu|grafica|tarjeta(?: grafica)?|placa|pc|equipo)"
    r" (?:es|tiene)"
    # "estoy usando una 3090", "corro una 3090", "ando con una 4070", "trabajo con una 3060"
    r"|estoy (?:usando|con|corriendo (?:en|con))|corro(?: (?:en|con))?|ando con|trabajo con"
    r"|j'?ai|j ai|je possede|je dispose d'?|je suis sur|ma carte(?: graphique)? est|mon (?:gpu|pc)"
    r" (?:est|a)"
    # "je tourne sur une 3090", "j'utilise une 4090", "je bosse sur une 3060"
    r"|je (?:tourne|bosse|travaille) (?:sur|avec)|j'?utilise|j utilise"
    r")(?![a-z])"
    r"(?! (?:to|que|besoin|envie|de louer|a louer|alquilar|rent|access to your))"
)

# What a statement of the card alone is read as before (a GPU named with no price word is its
# price; with a memory, its memory).
_ALONE_INTENTS: Final = frozenset({"prices", "unknown", "memory", "fit", "smalltalk"})


def says_owned(rest: str) -> bool:
    """`rest`, the folded text with the card blanked, says the card is the user's."""
    return _OWNS.search(rest) is not None


# Nothing but the card ("rtx 3090", "2x p40", "my 3090", "una rx 6600 xt", "3090 here"): a card
# we do not rent, named alone, is the user's (there is no price to ask of it).
_ONLY_CARD: Final = lazy(
    r"^ ?(?:(?:an?|my|una?|mi|mis|une?|ma|mon|mes) )?gpu"
    # "m4 pro 48gb mini", "m2 ultra 192gb studio": the Mac said after its chip
    r"(?: (?:mac ?)?(?:mini|studio)| macbook(?: pro| air)?| imac)?"
    # "2x 3090 + 1x 4090", "3090 and a 3060", "una 3090 y una 4090": one machine's cards
    r"(?: ?(?:\+|,|&|and|plus|y|et|with|con|avec) ?(?:(?:an?|one|una?|une?|otra|another) )?gpu)*"
    r" ?(?:here|aqui|ici)? ?[.!]? ?$"
)


def only_a_card(rest: str) -> bool:
    """`rest`, the folded text with the card blanked, is the card and nothing else."""
    return _ONLY_CARD.match(rest) is not None


def card_alone(query: Query) -> bool:
    """A statement of the card owned and nothing else: no model, run, hours, money or
    question of its own ("i have 2 3090s"; "i'm running a 3090", whose "running" alone only
    implies serving)."""
    return query.card_owned and query.intent in _ALONE_INTENTS and query.params_b is None \
        and query.model_id is None and not query.family and query.unknown_model is None \
        and (query.serving_implied or (query.method is None and not query.inference)) \
        and query.hours is None and query.budget_usd is None \
        and not query.largest and query.dataset_tokens is None and not query.other_gpus \
        and query.threshold_usd is None and query.not_llm is None \
        and not query.service_asked and not query.pay_also and not query.count_asked \
        and not query.fastest_asked and not query.start_asked and not query.currency_asked \
        and query.precision_asked is None  # "can i use bf16 on a p40": its BF16 asked


def card_fields(card: Query) -> dict[str, Any]:
    """The card `card` names (its count and machine aside), to answer another query on it."""
    return {"gpu": card.gpu, "gpu_text": card.gpu_text, "vram_gb": card.vram_gb,
            "gpu_memory_gb": card.gpu_memory_gb, "gpu_variant_assumed": card.gpu_variant_assumed}


def names_card(query: Query) -> bool:
    return query.gpu is not None or query.vram_gb is not None or query.gpu_text is not None


# What a question naming no card may be asked of the card owned: about a model run there.
_ON_CARD: Final = frozenset({"fit", "memory", "time", "unknown"})


def rig_memory(rig: tuple[tuple[str, int], ...], cat: Catalogue) -> Decimal | None:
    """The mean memory of a machine's cards when they differ in memory, None when they do
    not: llama.cpp splits a GGUF's layers in proportion to each card's memory, so the machine
    holds what its memory in all holds (its cards answered at their mean, not all at the
    smallest one's, FSDP's even share)."""
    sizes = [(cat.gpu(gpu_id).vram_gb, n) for gpu_id, n in rig]
    if len({size for size, _n in sizes}) < 2:
        return None
    return tidy(sum((size * n for size, n in sizes), Decimal(0)) / sum(n for _s, n in sizes))


def assumed_gguf(cat: Catalogue) -> tuple[str, MethodId] | None:
    """llama.cpp's usual GGUF type and its method (quant_types.toml runners): what serving
    with no format said is assumed to run, said so."""
    spec = cat.local_runner("llama-cpp")
    method = cat.quant_method(spec.default_type) if spec is not None else None
    return None if spec is None or method is None else (spec.default_type, method)


def layer_split(query: Query, own: Query, cat: Catalogue) -> dict[str, Any]:
    """Serving with no precision, runner nor engine said on the cards of different memory the
    chat owns: llama.cpp's layer split at its assumed GGUF type, each card filled to its own
    size, as when the cards are said in the question (bot.understand.parse)."""
    if not own.rig or not query.inference or query.serving_precision_said \
            or query.runner is not None or query.engine is not None:
        return {}
    mean, gguf = rig_memory(own.rig, cat), assumed_gguf(cat)
    if mean is None or gguf is None:
        return {}
    quant, method = gguf
    return {"method": method, "runner": "llama-cpp", "quant": quant,
            "runner_type_assumed": True, "serving_precision_said": True,
            "rig_layer_split": True, "gpu_memory_gb": mean}


def on_own_card(query: Query, own: Query | None, cat: Catalogue) -> Query:
    """`query` on the card `own` the chat said it owns, when it names no card and asks about
    a run there (a model's fit, memory or time, or the largest model it holds); else as is."""
    if own is None or names_card(query) or query.intent not in _ON_CARD or query.off_own_card \
            or query.cpu_only or query.accelerator is not None or query.not_llm is not None \
            or query.text.lstrip().startswith("/"):
        return query
    names_model = query.params_b is not None or query.model_id is not None
    if not names_model and not query.largest and not query.family and not query.multi_gpu_asked:
        return query  # a family ("can i run olmo 3?") is answered there for its largest that fits
    if query.intent == "memory" and query.memory_amount_asked and names_model \
            and query.method is None and not query.follow_up and not card_alone(own):
        # "how much memory does mistral 7b need" after a question on "my 4090": the amount a
        # model takes, a question of its own, answered with its figures (was a training fit on
        # the 4090). A method said ("how much vram to qlora it"), or the card stated on its own
        # before ("i have a 3090"), keeps the card.
        return query
    intent = "fit" if query.intent in ("memory", "unknown") else query.intent
    return query.model_copy(update={
        **card_fields(own), "gpu_count": own.gpu_count, "rig": own.rig,
        "intent": intent, "follow_up": True,
        "lang": query.lang, "lang_sure": query.lang_sure,
        **layer_split(query, own, cat),
    })


def still_noted(query: Query, previous: Query | None) -> Query:
    """"and with 2 of them?" right after "i have a 3090": the card noted again, at that count
    (the follow-up names no model nor asks anything of its own)."""
    if previous is None or not card_alone(previous) or not query.follow_up \
            or query.params_b is not None or query.model_id is not None or query.largest \
            or query.gpu != previous.gpu or query.vram_gb != previous.vram_gb:
        return query
    noted = query.model_copy(update={"card_owned": True})
    return noted.model_copy(update={"intent": "fit"}) if card_alone(noted) else query


def asks_of_card(asked: Query, previous: Query) -> bool:
    """A model or the largest one asked right after the card was noted ("can i run llama 3
    70b?"): a question of its own on that card (on_own_card), not a follow-up of a run."""
    return card_alone(previous) and not names_card(asked) and (
        asked.params_b is not None or asked.model_id is not None or asked.largest)
