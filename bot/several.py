"""Several questions in one message: which of its parts are questions of their own, and the one
reply that answers each of them, in the order asked.

``bot/understand/split.py`` cuts a message where another question may start; here each part
is understood, and a part stays apart only when it asks something by itself:

- a payment question, or a price question that says "price", "how much", "per hour";
- a question about a model that names it (or a GPU-time cost, "2 H100 for a week") and that
  the engine can answer without asking anything back;
- a cost or time question that names no model ("how much would it cost?", "how long would it
  take?", "how much for an H100 for 10 hours?") right after a question about a model (asked
  as a question: "…?"): it is about that run, as a person reads it (what it takes is
  bot/understand/followup.py's, as for a chat's follow-up);
- a question about a model that names no GPU but points at one ("does llama 3 70b fit on
  it?", "tient dessus") right after a part that named one: that GPU;
- the cheapest configuration with a memory ("cheapest gpu with 80gb"), and hours asked of
  no model nor card right after it or after a card's price ("… and how much for 3 days of
  it", "whats the h100 price and how much is a week of it"): their cost on that
  configuration.

Anything else (context such as "I have a 3090.", a bare GPU, settings on a line of their own,
a comparison or fit question without its model, "thanks", the same question said twice) is
read together with the part before it (or after it, at the start): the message is then read
as today, and one part left is today's reply exactly.

A price alert asked beside a question ("can i qlora llama3 8b on my 3060? also alert me if the
h100 drops below 2.5", "price of an h100 and notify me when it goes under $2") is a part of its
own, on the card of the part before it when it names none; the chat handlers set it
(bot.pipeline.alerts_set). A message of alerts alone, or that lists or removes alerts, is never
split (the chat handlers act on it whole).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Final

from markupsafe import escape

from bot.answer import Answer
from bot.engines import asks_engines
from bot.render.phrases import gettext_for
from bot.render.telegram_html import MAX_MESSAGE, is_balanced, visible_length
from bot.understand import asks
from bot.understand import patterns as px
from bot.understand.followup import (
    alert_read_again,
    asks_on_gpu,
    follow_up,
    is_gpu_time,
    memory_asked,
    on_configuration,
    opens_follow_up,
    other_budget,
    same_run,
    words,
)
from bot.understand.lazy import lazy
from bot.understand.normalise import fold
from bot.understand.owned import card_alone
from bot.understand.query import Query
from bot.understand.split import SAME_GPU, Piece, flat
from rules.catalogue import Catalogue
from rules.model_catalogue import ModelCatalogue

_NOT_QUESTIONS: Final = frozenset(
    {"unknown", "smalltalk", "help", "alert", "alert_list", "alert_remove"}
)
_ALERTS: Final = frozenset({"alert", "alert_list", "alert_remove"})
_MODEL_INTENTS: Final = frozenset({"fit", "memory", "cost", "time", "recommend", "compare"})
# Fields that say nothing about what is asked (the wording, its language, how it was read).
_NOT_FACTS: Final = frozenset(
    {"text", "lang", "lang_sure", "intent", "follow_up", "inference", "serving_precision_said"}
)
# The header's quote of a part: its first words.
QUOTE_CHARS: Final = 70
# The price words that only say renting ("rent", "alquilar", "louer").
_RENTING: Final = lazy(r"rent|alquil|lou|locat")
# A price asked of what was said before it: "how much would that be on a h100", "cuanto
# saldria eso en una h100", "combien ça ferait sur une h100".
_THAT: Final = lazy(r"(?<![a-z'])(?:that|this|it|eso|esto|ca|cela)(?![a-z'])")
# The price named as such ("the price of the h200?", "¿el precio de la h200?", "le prix de la
# h200 ?"), not renting ("can i rent an h100 here?" after a run asks the run there).
# "can a P40 fine tune anything useful? thinking qlora llama 3 8b", "what can i train on a
# 3090? maybe qwen2.5 14b": the model a part names is a candidate for the card before it.
_CANDIDATE: Final = lazy(
    r"^\W*(?:(?:i'?m|i was|was|i am|been) )?(?:thinking(?: of| about)?|considering|planning on|"
    r"maybe|probably|something like|e\.?g\.?|like|say|pensando en|estaba pensando en|quizas|"
    r"tal vez|algo como|je pense a|je pensais a|peut-etre|genre|par exemple)(?![a-z])"
)
_PRICE_WORD: Final = lazy(r"(?<![a-z])(?:prices?|pricing|precios?|prix|tarif[a-z]*)(?![a-z])")
# A card priced as such, the subject of the price asked ("how much is the h200?", "¿cuánto
# cuesta la h200?", "combien coûte la h200 ?"): not the run before it there, which "on",
# "en", "sur" or "it" would say ("how much on an h200?", "combien ça coûte sur une h200 ?").
_CARD_ASKED: Final = lazy(
    r"^(?:(?:and|y|e|et|also|tambien|aussi|ok|so|entonces|alors),? )?"
    r"(?:how much (?:is|are|does|do)|what(?:'s| is) the price of|cuanto (?:cuesta|cuestan|sale"
    r"|salen|vale|valen|cobran por)|combien (?:coute|coutent|vaut|valent|fait)"
    # "et c'est combien la h100 ?", "c'est quoi le prix de la h100 ?"
    r"|c'?est combien|c'?est quoi le prix d(?:e|u)) "
    r"(?:the|a|an|one|la|el|una|un|le|l'|une)(?: |(?<='))")
# A card the run goes on: "on a h100", "en una h100", "sur une h100".
_ON_CARD: Final = lazy(r"(?<![a-z])(?:on|en|sur)(?![a-z'])")
# What names a run beside its cards: the model and how it is trained or served.
_RUN: Final = ("params_b", "model_id", "shape_model", "family", "method", "inference", "quant",
               "serving_implied")
# "the cheapest option that fits", "la más barata que entra": another configuration, one that
# holds the run, not the cheaper of two compared.
_FITS: Final = lazy(r"(?<![a-z])(?:fits?|works?|holds?|entra|cabe|quepa|passe|tient)(?![a-z])")
# "gemma 2 9b?", "et llama 3 8b ?": a model said alone, a few words.
_BARE_WORDS: Final = 4
_KEYCAPS: Final = ("1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣")


@dataclass(frozen=True)
class Part:
    """A question of the message: where it is, what it said, and what it asks once completed
    from the part before it (or the chat's last question, for the first)."""

    start: int
    end: int
    asked: Query
    query: Query


Read = Callable[[str], Query]
AnswerOf = Callable[[Query], Answer]


def _said(query: Query) -> dict[str, object]:
    defaults = Query.model_fields
    return {
        name: value for name, value in query.__dict__.items()
        if name not in _NOT_FACTS and value != defaults[name].default
    }


def _names_model(query: Query) -> bool:
    return query.params_b is not None or query.model_id is not None or bool(query.family)


def _names_gpu(query: Query) -> bool:
    return query.gpu is not None or query.vram_gb is not None or query.gpu_text is not None


def _priced(asked: Query) -> bool:
    """A price question says so ("price", "how much", "per hour", "$"): a bare GPU ("on a
    4090?") is read as the price list alone, never beside another question, and renting
    ("should I rent something?") is no price asked unless a GPU is named and it is asked: a
    plan said ("thinking of renting 8x h100", "planning to rent an a100", "pienso alquilar
    2 h100", "je compte louer une h100") is the machine of the question beside it."""
    folded = fold(asked.text)
    if px.HOW_MUCH.search(folded) or px.RATE.search(folded) or px.COST.search(folded) \
            or "$" in folded or px.COMPARED_TO_OTHER.search(folded):
        # "… also runpod vs u for h100": our price against another provider's, a question of
        # its own (was read into the run before it, the comparison unanswered).
        return True
    asking = folded.rstrip(" .!").endswith(("?", "\uff1f"))
    return any(
        (_names_gpu(asked) and asking) or not _RENTING.match(m.group(0))
        for m in px.PRICES.finditer(folded)
    )


def _bare_how_much(asked: Query) -> bool:
    """"how much?", "¿cuánto?", "combien ?", "and the cost?": a price question naming no GPU,
    hours or rate, which after a question about a model asks what that run costs."""
    if asked.intent != "prices" or _names_gpu(asked) or asked.hours is not None \
            or asked.budget_usd is not None or asked.per_minute:
        return False
    folded = fold(asked.text)
    return bool(px.HOW_MUCH.search(folded) or px.COST.search(folded)) \
        and not px.RATE.search(folded) and not px.PRICES.search(folded)


def _run_priced_on(asked: Query) -> bool:
    """"and how much on an h100", "y cuánto en una h100", "et combien sur une h100": a price
    naming only a card, asked on it ("on", "en", "sur"), no hours, rate nor price word: after a
    question about a model it asks what that run costs there (was the price list)."""
    if asked.intent != "prices" or not _names_gpu(asked) or asked.hours is not None \
            or asked.budget_usd is not None or asked.per_minute or _names_model(asked):
        return False
    folded = fold(asked.text)
    return bool(px.HOW_MUCH.search(folded) or px.COST.search(folded)) \
        and _ON_CARD.search(folded) is not None and not px.RATE.search(folded) \
        and not px.PRICES.search(folded) and _CARD_ASKED.match(folded) is None \
        and not _THAT.search(folded)  # "how much would that be on a h100": read whole


def _duration_only(asked: Query) -> bool:
    """"how long?", "¿cuánto tarda?", "combien de temps ?": a duration asked, no cost."""
    folded = fold(asked.text)
    return bool(px.DURATION_QUESTION.search(folded)) and not px.COST.search(folded)


def _of_two(asked: Query, before: Query) -> bool:
    """"which is cheaper?", "¿cuál sale más barato?" after two cards compared for a run: the
    comparison answers it (its verdict on cost), read with it (was the run's cost on the first
    card, or the cheapest configuration, apart)."""
    return before.intent == "compare" and bool(before.other_gpus) and _names_model(before) \
        and not _names_gpu(asked) and not _names_model(asked) and asked.hours is None \
        and asked.budget_usd is None and asked.intent in ("cost", "prices") \
        and not _FITS.search(fold(asked.text))


def _inherited(asked: Query, before: Query | None, before_text: str) -> Query | None:
    """`asked` completed from the part before it, where a person would read it so; else None."""
    if before is None:
        return None
    if _names_model(asked):
        # "and does llama 3 70b fit on it?" after "how much is an H200 per hour": the H200.
        # ... and "tengo una 4090, me entra mistral 7b full?? y con qlora el 70b??", "… on my
        # 4070 ti? also what about gemma 2 27b": opened as a chat's follow-up, on that card
        # too (was its memory on no card).
        # A model alone ("… fits on 16gb for qlora? also gemma 2 9b?") is asked the same way:
        # on that card, trained as the run before it (a method said with it stays its own).
        bare = words(asked.text) <= _BARE_WORDS and asked.intent == "memory"
        if before.intent == "alert" and asked.intent == "recommend" and not asked.count_asked:
            # "alert me if h200 < 2.8 and whats the cheapest way to qlora llama 3 70b": the
            # cheapest configuration for it, not the run on the card watched (was on the H200)
            return None
        if _names_gpu(asked) or not _names_gpu(before) or asked.intent not in _MODEL_INTENTS \
                or not (SAME_GPU.search(flat(asked.text)) or opens_follow_up(asked.text)
                        or bare or _CANDIDATE.search(fold(asked.text))):
            return None
        update: dict[str, object] = {
            name: getattr(before, name)
            for name in ("gpu", "gpu_text", "vram_gb", "gpu_count", "gpu_memory_gb",
                         "gpu_variant_assumed", "rig")
        }
        if asked.method is None and not asked.inference and (bare or opens_follow_up(asked.text)):
            # "est-ce que mistral 7b passe en lora sur ma 3090 ? et llama 3 8b ?": in LoRA too
            update.update({name: getattr(before, name)
                           for name in ("method", "inference", "quant", "quant_bare",
                                        "serving_implied", "serving_precision_said")})
        if asked.intent == "memory":
            update["intent"] = "fit"
        return asked.model_copy(update=update)
    if _of_two(asked, before):
        return None
    if asked.cheapest_asked and asked.intent == "prices" and not _names_gpu(asked) \
            and _names_model(before) and before.intent in _MODEL_INTENTS:
        # "is h100 or h200 better for llama 70b lora? also whats the cheapest option that
        # fits": the cheapest configuration for that run (was its cost on the H100, which
        # does not hold it).
        return asked.model_copy(update={
            "intent": "recommend", "cheapest_asked": False,
            **{name: getattr(before, name) for name in _RUN}})
    # "how much would it cost?", "how long would it take?", "how much for an H100 for 10
    # hours?" after a question about a model: that run. After a statement ("I want to QLoRA
    # llama 8b.") it is the one question, read whole.
    on_card = _run_priced_on(asked)
    if _bare_how_much(asked) or on_card:
        # "qlora llama 3 8b on a 4090? and how much on an h100": that run there, at the
        # seed's illustrative hours as a cost asked whole is (was the price list)
        # "… fits? how long? how much?": that run's cost, not the price list
        asked = asked.model_copy(update={"intent": "cost"})
    if asked.intent not in ("cost", "time") or before.intent not in _MODEL_INTENTS \
            or before.intent == asked.intent or not _names_model(before) \
            or not (before_text.rstrip().endswith(("?", "\uff1f")) or on_card):
        return None
    if asked.intent == "cost" and asked.hours is None and px.RATE.search(fold(asked.text)) \
            and _names_gpu(before):
        # "¿entra llama 3.1 70b en 4 bits en una a100? y cuanto sale por hora": the card's
        # hourly price, which the question read whole answers beside its fit (was the cost
        # of serving it, asked back for hours).
        return None
    if asked.intent == "cost" and asked.hours is None and asked.budget_usd is None \
            and asks.SPEED_ASK.search(fold(asked.text)):
        # "est-ce que qwen3 32b tient sur une 4090? combien de tok/s": "combien" asks a speed,
        # no money; read with the question before it, whose reading answers tokens/s (was
        # the 4090's unpublished price, the speed unanswered), as "how many tok/s" is.
        return None
    if asked.intent == "cost" and asked.hours is None and _duration_only(asked):
        # "… on an h100? how long?": read with the question before it, whose reading answers
        # how long (was a cost at the seed's assumed hours, the question unanswered)
        return None
    if _card_asked(asked) and _other_card(asked, before):
        # "does mixtral fit on an h100? ¿cuánto cuesta la h200?": the H200's price, as "what's
        # the price of the h200?" is (was Mixtral's cost there at 10 assumed hours)
        return None
    completed = same_run(asked, before)
    return completed if completed.intent != before.intent else None


def _continued(
    asked: Query, before: Query, before_text: str, models: ModelCatalogue
) -> Query | None:
    """`asked`, naming no model, as a chat's follow-up of the question before it ("qlora llama
    3 8b on my 3090? and on two of them?", "… on my 3090? also on my 3080?"): that run with
    what `asked` changes; else None. Both are asked as questions: "I have an RTX 4080 16GB"
    after one is its context, read with it."""
    if (asked.intent == "prices" and _PRICE_WORD.search(fold(asked.text))
            and not _THAT.search(fold(asked.text))) \
            or (_card_asked(asked) and _other_card(asked, before)):
        # "mistral 7b en mi 3060? otra pregunta, ¿el precio de la h200?": the card's price,
        # not the run there (was Mistral's fit on the H200).
        return None
    # ... and the largest model a card holds ("what's the max model i can serve on a 4090 in
    # 4bit? also on 2x 4090?": the largest there too, not the two cards compared).
    if _names_model(asked) or before.intent not in _MODEL_INTENTS or asked.provider_named \
            or not (_names_model(before) or (before.largest and not _priced(asked))) \
            or not before_text.rstrip().endswith(("?", "\uff1f")) \
            or not (asked.text.rstrip().endswith(("?", "\uff1f")) or opens_follow_up(asked.text)):
        return None
    completed = follow_up(asked, before, models)
    if not completed.follow_up or not (_names_model(completed) or completed.largest) \
            or not (_names_gpu(asked) or asked.gpu_count is not None
                    or _trains_served(asked, before, completed)):
        return None
    return completed


def _trains_served(asked: Query, before: Query, completed: Query) -> bool:
    """"rx 7900 xtx rocm, can i run llama 3 8b? and how about training", "¿y para entrenar?":
    after a model served, the training methods on that card, a question of its own as a chat's
    follow-up reads it (was the message read whole, as training alone: the serving verdict
    asked first unanswered)."""
    return before.inference and not completed.inference and not _names_model(asked) \
        and px.TRAINING.search(fold(asked.text)) is not None


def _same_run(part: Query, before: Query) -> bool:
    """`part` asks about the model and the GPUs of `before` (or names no GPU)."""
    if (part.params_b, part.model_id, part.budget_usd) != (
            before.params_b, before.model_id, before.budget_usd):
        # "what can i train with $20? also what can i train with $100?": two budgets
        return False
    if not _names_gpu(part):
        return True
    return (part.gpu, part.gpu_text, part.vram_gb, part.gpu_count or 1) == (
        before.gpu, before.gpu_text, before.vram_gb, before.gpu_count or 1)


def _other_card(part: Query, before: Query) -> bool:
    """A card priced after a question on another one ("i have a 12gb gpu, can qwen3 8b run? and
    how much is an h100 for 10 hours"): a question of its own, its price the same whatever the
    model (was read into the first, which was then answered on the H100, the 12 GB lost)."""
    return _names_gpu(before) and _names_gpu(part) and part.intent in ("cost", "prices") \
        and (part.gpu, part.vram_gb) != (before.gpu, before.vram_gb)


def _paired(part: Query, before: Query) -> bool:
    """A payment beside a price or a cost, which one reading answers both of."""
    intents = {part.intent, before.intent}
    return "pay" in intents and bool(intents & {"prices", "cost"}) \
        and not (part.pay_also or before.pay_also)


# A config pasted: lines of "key: value" or "key=value" settings, two or more, no question.
_SETTING_LINE: Final = lazy(r"\s*[-\w.\"']+\s*[:=]\s*\S")


def _pasted_config(text: str) -> bool:
    lines = [line for line in text.split("\n") if line.strip()]
    return "?" not in text and len(lines) >= 2 \
        and all(_SETTING_LINE.match(line) for line in lines)


def _own(part: Query, asked: Query, before: Query | None, answer_of: AnswerOf) -> bool:
    """Whether `part` (completed) asks something by itself, besides the part before it."""
    intent = part.intent
    if part.rentals_summed:
        return True  # "cuanto sale alquilar 2xh100 y una a100 x 10hs??": their total
    if asks_engines(asked.text):
        # "vllm vs ollama for llama 3 8b on my 4090? also …": the engine comparison that part
        # gets alone (bot/engines.py), not a comparison missing its second GPU (was read into
        # the next part, the engines dropped).
        return True
    if intent == "help" and part.service_asked:
        # "… ça passe ? et vous avez des instances spot ?": a question about the service
        # (answered from the seed), not the "help" of a part that asks nothing.
        return before is None or part.service_asked != before.service_asked
    if before is not None and other_budget(asked, before) is not None:
        # "what can i train with 20 bucks? and with 200 bucks?": the same question with
        # another budget, a question of its own (in euros too: the reply asks for dollars)
        return True
    if intent in _NOT_QUESTIONS:
        return False
    if intent == "pay":
        return before is None or before.intent != "pay"
    if memory_asked(part):
        # "cheapest gpu with 80gb, and how much for 3 days of it": the configuration the cost
        # after it is of.
        return before is None or _said(part) != _said(before)
    if intent == "prices" and part.start_asked:
        # "… ? et c'est quoi le minimum a payer": the least to start, a question of its own
        return before is None or not before.start_asked
    if before is not None and _of_two(part, before):
        return False
    if intent == "prices":
        if before is not None and before.intent == "prices" and not _said(part):
            # "la rtx 4090 cuanto sale la hora? no veo el precio en la web": the price list
            # the answer before it already gives, not another question.
            return False
        if before is not None and _bare_how_much(asked) and _names_model(before) \
                and before.intent in _MODEL_INTENTS:
            # "… 100k samples, 2 epochs, qlora. which gpu + total cost?": after a statement
            # about a run (not a question of its own, which _inherited completes), what that
            # run costs, read whole; was the price list beside the run's memory.
            return False
        if before is not None and _names_model(before) and before.intent in _MODEL_INTENTS \
                and not _names_model(part) and _THAT.search(fold(asked.text)):
            # "got a 3090, wanna qlora llama3 70b.. how much would that be on a h100??": that
            # run's cost there, read whole (was the H100's price list beside the run's fit).
            return False
        if before is not None and _names_model(before) and _names_gpu(before) \
                and not _names_gpu(part) and asked.hours is None \
                and px.RATE.search(fold(asked.text)):
            # "can i run llama 3 70b in 4bit on an a100? how much per hour?": that card's
            # hourly price beside the fit, read whole (was the whole price list apart).
            return False
        return _priced(asked) and (before is None or _said(part) != _said(before))
    if intent == "cost" and before is not None and _card_asked(asked) \
            and _other_card(part, before) and part.hours is None:
        return True  # "¿entra mixtral en una h100? ¿cuánto cuesta la h200?": that card's price
    if before is not None and not _names_model(asked) and _names_model(before) \
            and _pasted_config(before.text) and _THAT.search(fold(asked.text)):
        # "base_model: qwen/qwen2.5-72b-instruct / adapter: qlora / … / cheapest gpu for
        # this?": a config pasted and the question about it, read whole (was the config's
        # memory as a question of its own, then the cheapest GPUs apart).
        return False
    names = _names_model(part) or part.closed_model is not None
    if not (names or part.largest or is_gpu_time(part) or asks_on_gpu(part)):
        return False  # "h100 or a100?", "on my 4090?": the question around them says for what
    if not _names_model(part) and not part.largest and before is not None \
            and _names_model(before) and not _other_card(part, before):
        return False  # "… llama 8b. How much for an H100 for 10 hours?": for that model
    if before is not None and intent in (before.intent, "memory") and _same_run(part, before) \
            and part.inference == before.inference:
        return False  # the same question again ("… on a 4090? like QLoRA 70B on one 4090?")
    answer = answer_of(part)
    if answer.missing:
        # "which Llama 3: 8B or 70B?" answers "llama 3 on a 4090?"; a cost without its hours
        # or a comparison without its second GPU is not asked whole.
        return answer.missing == "model_size" and bool(part.family)
    # A question about a model that cannot be answered as asked ("on an H1000", GPT-4's
    # unpublished weights) is still asked: the reply says why.
    return not answer.error or names


def _noted_apart(context: Query, part: Query, whole: Query, catalogue: Catalogue) -> bool:
    """Cards said owned before a question pricing cards we rent ("tengo 2x3090 y una 3060,
    cuanto me sale alquilar 2 h100 y una a100 x 10hs"): the owned ones noted in a section of
    their own, not read into the rental (was "we don't rent the RTX 3060", the rest dropped).
    Not when the owned card is weighed against them ("i have a 3090, is it cheaper to rent an
    h100 or buy another 3090?")."""
    if part.gpu is None or not card_alone(context) or _names_model(part) or part.card_owned \
            or part.intent not in ("prices", "cost", "compare") or whole.rent_or_buy:
        return False
    cards = [catalogue.find_gpu(g) for g in (part.gpu, *part.other_gpus)]
    return all(card is not None and card.rented for card in cards)


def parts(
    text: str,
    pieces: list[Piece],
    read: Read,
    answer_of: AnswerOf,
    catalogue: Catalogue,
    previous: Query | None = None,
) -> list[Part] | None:
    """The questions of `text`, cut into `pieces`, in order: None when it asks one question
    (or sets alerts), which is then answered as a whole, as before."""
    found: list[Part] = []
    context: Piece | None = None  # what came before the first question ("I have a 3090.")
    models = catalogue.models

    def complete(asked: Query, index: int, asking: bool = False, opened: bool = False) -> Query:
        if asked.intent == "alert" and index > 0:
            return _watched(asked, found[index - 1].query)
        if index > 0 and found[index - 1].query.intent == "alert":
            priced = _price_of_watched(asked, found[index - 1].query)
            if priced is not None:
                return priced
        if index == 0:
            # The chat's last question completes the first part where it opens like a
            # follow-up ("and on an H100? also …"); a first line of context ("I have 4x
            # A100.") is not a question because the chat had one before.
            if previous is None or (asking and not opens_follow_up(asked.text)):
                return asked
            return follow_up(asked, previous, models)
        last = found[index - 1]
        # "que puedo entrenar con 20 dolares? y con 100 dolares?", "… et avec 50 € ?": the
        # question before it with that budget.
        rebudgeted = other_budget(asked, last.query)
        if rebudgeted is not None:
            return rebudgeted
        configured = on_configuration(asked, last.query, catalogue)
        if configured is not None:
            return configured
        before_text = text[last.start:last.end]
        inherited = _inherited(asked, last.query, before_text)
        if inherited is not None:
            return inherited
        continued = _continued(asked, last.query, before_text, models)
        # "can i run llama 8b on a 4090? and on a 3090?" is read whole as a comparison of the
        # two cards; "… on my 3090? also on my 3080?" says another question follows.
        if continued is not None and (opened or read(text).intent != "compare"):
            return continued
        return asked

    for index, piece in enumerate(pieces):
        asked = read(piece.text)
        # "préviens-moi si la h100 passe sous 2 $ et la a100 sous 1 $", "… and the a100 below
        # 1": another alert, its alert word left unsaid (as a chat's next message); "… y
        # también la h200", "… and also the h200": with the opening word the cut took off
        said = text[pieces[index - 1].end:piece.end].strip() if piece.opened and index \
            else piece.text
        asked = alert_read_again(asked, said, found[-1].query if found else None, read,
                                 catalogue)
        asked = _other_way(asked, found[-1].query if found else None, read, catalogue)
        if asked.intent in _ALERTS:
            # "… on my 3060? also alert me if the h100 drops below 2.5": the alert a part of
            # its own, which the chat handlers set (bot/alerts); a removal, a list, or an alert
            # after a line of context is the message's one reading, as before.
            if asked.intent != "alert":
                return None
            if context is not None and not found:
                # "cuanto sale una h100 y avisame cuando baje de 2 dolares": a card's price
                # asked before it, a question of its own (else a line of context, read with
                # the alert as before)
                priced = read(context.text)
                if not _card_priced(priced):
                    return None
                found.append(Part(context.start, context.end, priced, complete(priced, 0)))
                context = None
            found.append(Part(piece.start, piece.end, asked, complete(asked, len(found))))
            continue
        before = found[-1].query if found else None
        part = complete(asked, len(found), asking=True, opened=piece.opened)
        if before is not None and _paired(part, before):
            # "how much is an H100 per hour? also can I pay with USDT": read together, the
            # price is answered and then how to pay (the message's one reading, as before).
            last = found[-1]
            together = read(text[last.start:piece.end])
            if together.pay_also:
                found[-1] = Part(last.start, piece.end, together, complete(together, len(found) - 1))
                continue
        # "… and how much for 3 days of it": apart only as the cost of the configuration the
        # part before it priced or picked; else read with it, as before.
        # ... but hours of another card priced ("can i run qwen2.5 72b on 2x 3090 and how much
        # would an h200 be for a day") are a price of their own (was a comparison of the two).
        weak = piece.costed and (
            before is None or on_configuration(asked, before, catalogue) is None) and not (
            before is not None and is_gpu_time(asked) and _other_card(part, before))
        # "j'ai 40 tok/s avec llama 3 8b q4 sur ma 4090, combien si je loue une h100 ?": the
        # renting clause after a question of its own is read with it, as before
        # ... but hours of another card priced ("i have a 12gb gpu, can qwen3 8b run? and how
        # much is an h100 for 10 hours") are a price of their own, whatever the model
        weak = weak or (piece.after_owned and bool(found) and not (
            before is not None and is_gpu_time(asked) and _other_card(part, before)))
        # "can i run llama 3 8b on a 4090 and what's the price of the h100", "… en una 4090 y
        # cuánto cuesta la h100?": another card's price asked of the card itself, a question
        # of its own (was read whole, the two cards compared for the model).
        # ... and "qlora llama 3 8b on a 4090 and how much on an h100": that run's cost there
        weak = weak and not (before is not None and _other_card(part, before) and (
            _card_asked(asked) or (_run_priced_on(asked) and _names_model(part))))
        # "… passe sous 4 $, et combien coûte-t-elle maintenant ?": the watched card's price
        weak = weak and not (before is not None and before.intent == "alert"
                             and _price_of_watched(asked, before) is not None)
        if not weak and _own(part, asked, before, answer_of):
            if context is not None and not found and _noted_apart(read(context.text), part, read(text), catalogue):
                found.append(Part(context.start, context.end, read(context.text),
                                  complete(read(context.text), 0)))
                context = None
                part = complete(asked, len(found), asking=True, opened=piece.opened)
            start = context.start if context is not None and not found else piece.start
            if start != piece.start:
                asked = read(text[start:piece.end])
            found.append(Part(
                start, piece.end, asked, complete(asked, len(found), opened=piece.opened)
            ))
            continue
        if not found:
            context = context or piece  # read with the first question
            continue
        # Not a question of its own: read with the part before it.
        last = found.pop()
        asked = read(text[last.start:piece.end])
        found.append(Part(last.start, piece.end, asked, complete(asked, len(found))))
    if len(found) < 2 or (all(part.query.intent in _ALERTS for part in found)
                          and len({_alert_key(part.query) for part in found}) < 2):
        # one question, or one alert: the message's one reading ("notify me when the h100
        # drops below 2 and alert me when the a100 drops below 1" sets both, each its part)
        return None
    return found


# A price's way and a figure ("or rises above 3", "y sube de 3", "ou au-dessus de 3").
_WAY: Final = lazy(
    r"(?<![a-z])(?:below|under|above|over|rises?|drops?|falls?|bajo|baja|baje|debajo|sube|suba"
    r"|encima|sous|dessous|dessus|au-dessus|monte\w*|descend\w*|depasse\w*)(?![a-z])")


def _other_way(asked: Query, before: Query | None, read: Read,
               catalogue: Catalogue) -> Query:
    """After an alert on a card, another way and figure said with no card ("alert me if the h100
    drops below 2 or rises above 3", "… and above 3", "… o sube de 3", "… ou au-dessus de 3"):
    another alert on that card (was read into the first, the second way dropped)."""
    if before is None or before.intent != "alert" or before.gpu is None \
            or asked.intent == "alert" or _names_gpu(asked) or _names_model(asked) \
            or words(asked.text) > _BARE_WORDS + 2 or not any(c.isdigit() for c in asked.text) \
            or _WAY.search(fold(asked.text)) is None:
        return asked
    again = read(f"/alert {catalogue.gpu(before.gpu).name} {asked.text}")
    if again.intent != "alert" or again.gpu != before.gpu or again.threshold_usd is None:
        return asked
    return again.model_copy(update={"text": asked.text})


def _alert_key(query: Query) -> tuple[object, ...]:
    """What an alert watches: two alerts of a message differ in it."""
    return (query.gpu, query.gpu_text, query.threshold_usd, query.percent, query.direction)


def _card_asked(asked: Query) -> bool:
    """A card's price asked of the card itself, no hours nor run ("how much is the h200?",
    "¿cuánto cuesta la h200?"), after a question about a run on another."""
    return asked.intent in ("prices", "cost") and _names_gpu(asked) and not _names_model(asked) \
        and asked.hours is None and asked.budget_usd is None \
        and _CARD_ASKED.match(fold(asked.text)) is not None


def _card_priced(asked: Query) -> bool:
    """A card's price asked, no run ("cuanto sale una h100", "combien coûte une h100")."""
    return asked.intent in ("prices", "cost") and asked.gpu is not None \
        and not _names_model(asked) and asked.hours is None and _priced(asked)


def _price_of_watched(asked: Query, alert: Query) -> Query | None:
    """A price asked of no card after an alert on one ("préviens-moi quand la b200 passe sous
    4 $, et combien coûte-t-elle maintenant ?", "… and how much is it now?"): that card's price
    (was read with the alert, the price dropped)."""
    if alert.gpu is None or _names_gpu(asked) or _names_model(asked) \
            or asked.intent not in ("prices", "cost", "unknown") or asked.hours is not None \
            or asked.budget_usd is not None or not _priced(asked):
        return None
    return asked.model_copy(update={"intent": "prices", "gpu": alert.gpu,
                                    "gpu_variant_assumed": alert.gpu_variant_assumed})


def _watched(asked: Query, before: Query) -> Query:
    """An alert naming no card after a question on one ("how much for 10h on an a100, and ping
    me if it gets cheaper", "price of an h100 and notify me when it goes under $2"): that card
    watched, as a chat's follow-up does (bot/understand/followup.py)."""
    if asked.gpu is not None or asked.gpu_text is not None or before.gpu is None:
        return asked
    return asked.model_copy(update={"gpu": before.gpu})


def _quote(text: str) -> str:
    """The start of a part as the user wrote it, for its header."""
    words = " ".join(text.split())
    if len(words) <= QUOTE_CHARS:
        return words.rstrip(",;")  # "cheapest gpu w/ 80gb, and how much …": cut before "and"
    cut = words[:QUOTE_CHARS].rsplit(" ", 1)[0]
    return cut.rstrip(",;:") + "…"


def _short(text: str) -> str:
    """A shorter form of an answer: its first paragraph (the verdict and its figures)."""
    for block in (text.split("\n\n", 1)[0], text.split("\n", 1)[0]):
        if is_balanced(block):
            return block
    return str(escape(text.split("\n", 1)[0]))


# Notes of one line about the platform or the model, not the verdict: said once in a reply of
# several answers ("rx 7900 xtx rocm, can i run llama 3 8b? and how about training" said the ROCm
# and the gated-repository notes in both sections).
_ONCE_NOTES: Final = ("🔴 ", "🔵 ", "🍎 ", "🔒 ")


def _without_notes_said(paragraph: str, said: set[str]) -> str:
    """`paragraph` without its note lines an answer before it said word for word."""
    lines = paragraph.split("\n")
    kept = [line for line in lines
            if not (line.startswith(_ONCE_NOTES) and line.strip() in said and is_balanced(line))]
    return "\n".join(kept) if len(kept) < len(lines) else paragraph


def said_once(texts: list[str]) -> list[str]:
    """Each answer without the paragraphs an answer before it already said word for word
    ("… on a h100?\nhow much for 20 hours?": the cost's section said the fit verdict, its
    next step and the planning note again), nor its platform and licence notes said before;
    an answer left with none keeps its first."""
    seen: set[str] = set()
    notes: set[str] = set()
    out: list[str] = []
    for text in texts:
        paragraphs = text.split("\n\n")
        kept = [p for p in paragraphs
                if not p.strip() or p.strip() not in seen or not is_balanced(p)]
        # A paragraph of notes all said before goes with them.
        kept = [q for p, q in ((p, _without_notes_said(p, notes)) for p in kept)
                if q.strip() or not p.strip()]
        if not any(p.strip() for p in kept):
            kept = paragraphs[:1]
        seen.update(p.strip() for p in paragraphs if p.strip())
        notes.update(line.strip() for line in text.split("\n") if line.startswith(_ONCE_NOTES))
        out.append("\n\n".join(kept).strip("\n"))
    return out


def compose(texts: list[str], quoted: list[str], locale: str, limit: int = MAX_MESSAGE) -> str:
    """One reply: each answer in its own section, under a header quoting its question, said
    once (a paragraph an answer before it said is not said again), within Telegram's limit;
    later answers are said shorter first (and that they were), then the first, and answers
    that still do not fit are left for another message (said too)."""
    texts = said_once(texts)
    g = gettext_for(locale)
    headers = [
        f"{_KEYCAPS[i] if i < len(_KEYCAPS) else f'{i + 1}.'} <i>{html.escape(_quote(q), quote=False)}</i>"
        for i, q in enumerate(quoted)
    ]
    shortened = str(g._(
        "Shortened so that every answer fits in one message: ask this question alone for "
        "the whole answer."
    ))
    note = f"✂️ <i>{shortened}</i>"
    sections = [f"{h}\n{t}" for h, t in zip(headers, texts, strict=True)]

    def joined(kept: list[str], left: int) -> str:
        out = "\n\n".join(kept)
        if left:
            line = g.ngettext(
                "%(num)s more question did not fit in this message: ask it on its own.",
                "%(num)s more questions did not fit in this message: ask them on their own.",
                left, num=Decimal(left),
            )
            out += f"\n\n✂️ <i>{line}</i>"
        return out

    if visible_length(joined(sections, 0)) <= limit:
        return joined(sections, 0)
    for i in (*range(len(sections) - 1, 0, -1), 0):
        short = _short(texts[i])
        if short != texts[i]:
            sections[i] = f"{headers[i]}\n{short}\n{note}"
        if visible_length(joined(sections, 0)) <= limit:
            return joined(sections, 0)
    kept = list(sections)
    while len(kept) > 1 and visible_length(joined(kept, len(sections) - len(kept))) > limit:
        kept.pop()
    return joined(kept, len(sections) - len(kept))
