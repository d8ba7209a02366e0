"""The previous question in each chat, so that "and on an H100?" can continue it; and the
lines a reply adds about the conversation (what it carried over, what it did not read)."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from decimal import Decimal
from typing import TYPE_CHECKING, Final

from markupsafe import Markup

from bot.answer import Answer, brand_size_name
from bot.render.format import Formatter
from bot.render.phrases import Phrases, gettext_for
from bot.understand.followup import (
    asks_hours_of_gpu,
    asks_on_gpu,
    is_gpu_price,
    is_gpu_time,
    paid,
    printed_size,
    words,
)
from bot.understand.lazy import lazy
from bot.understand.normalise import fold
from bot.understand.owned import names_card
from bot.understand.query import Query
from rules.catalogue import Catalogue

if TYPE_CHECKING:
    from bot.pipeline import Reply

_CONTINUABLE = frozenset({"fit", "memory", "cost", "time", "recommend", "compare"})
_ALERT_INTENTS = frozenset({"alert", "alert_list", "alert_remove"})
_ON_A_CARD = frozenset({"fit", "cost", "time"})  # a run on a card: two of them are compared
# A value refused as out of range, and the fields that carry it: the question is kept without
# them, for the value said again next ("-5 hours", then "ok 20 hours").
_REFUSED_VALUE: Final[dict[str, tuple[str, ...]]] = {
    "invalid_hours": ("hours", "hours_as", "hours_dot", "hours_per_day", "days_per_week"),
    "gpu_count_out_of_range": ("gpu_count",),
    "invalid_vram": ("vram_gb",),
    "invalid_model_size": ("params_b", "model_id"),
}


class Conversations:
    """Bounded (least recently used chats go first) and forgetful: after `ttl_seconds` a
    short question is a new question, not a follow-up of something long past.

    It also keeps, per chat, the wording of the last question answered as a follow-up, so
    that "ask it as a new question" (a button, the console's /new) can ask it again alone.
    """

    def __init__(
        self,
        max_chats: int = 10_000,
        ttl_seconds: float = 900.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.max_chats = max_chats
        self.ttl = ttl_seconds
        self.clock = clock
        self._last: OrderedDict[int, tuple[Query, float]] = OrderedDict()
        self._turns: dict[int, int] = {}  # questions kept per chat (Query.turn)
        self._followed: OrderedDict[int, tuple[int, str]] = OrderedDict()

    def previous(self, chat_id: int) -> Query | None:
        found = self._last.get(chat_id)
        if found is None:
            return None
        query, at = found
        if self.clock() - at > self.ttl:
            del self._last[chat_id]
            return None
        return query

    def remember(self, chat_id: int, reply: Reply, token: int = 0) -> None:
        """Only questions about a model can be continued: answered ones, and the ones that
        named a family and were asked which of its models. `token` names the message, for
        the "ask it fresh" button of a follow-up."""
        if reply.carried:
            self._followed[chat_id] = (token, reply.query.text)
            self._followed.move_to_end(chat_id)
            while len(self._followed) > self.max_chats:
                self._followed.popitem(last=False)
        else:
            self._followed.pop(chat_id, None)
        if reply.query.count_unclear is not None:
            # "8 of which card?" asked back: the machine before it stays the chat's; "8 cards or
            # 8 hours?" is remembered on it, for "hours" or "gpus" then
            before = self.previous(chat_id)
            if reply.query.count_or_hours and before is not None:
                self._keep(chat_id, before.model_copy(
                    update={"number_unclear": reply.query.count_unclear}))
            return
        if reply.query.method_diff and reply.query.params_b is None and not reply.parts:
            # "what's qlora?" in the middle of a run's questions: the run stays the chat's, for
            # "and on a 4090?" after it (a definition alone is kept for the model named next)
            before = self.previous(chat_id)
            if before is not None and before.params_b is not None:
                return
        # A message of several questions: the last one that can be continued ("can I run
        # llama 8b on my 4090? also do you take paypal" then "and on a 3090?").
        kept = next((part for part in reversed(reply.parts) if _continuable(part)), None)
        if reply.chosen and _continuable(reply.parts[0]):
            kept = reply.parts[0]  # a choice: the model that leads
        if kept is None:
            # A card's price ("¿y 8?" asks it of 8) only when no run was asked beside it.
            kept = next((part for part in reversed(reply.parts) if _priced_gpu(part)), None)
        if kept is None and not reply.parts and (_continuable(reply) or _priced_gpu(reply)
                                                 or _cheapest_priced(reply)):
            kept = reply
        if kept is None and not reply.parts and (
                reply.query.intent in _ALERT_INTENTS or (paid(reply.query) and not reply.answer.error)):
            # An alert set or listed: kept for "cancel the h100 one"; a payment asked, for
            # "which network?"; each with the run asked before it for a question that
            # continues that.
            before = self.previous(chat_id)
            run = before.earlier_run if before is not None \
                and (before.intent in _ALERT_INTENTS or paid(before)) else before
            self._keep(chat_id, reply.query.model_copy(update={
                "earlier_run": run, "own_card": before.own_card if before is not None else None}))
            return
        # An alert set beside other questions ("can i qlora 70b on an h100? and alert me if it
        # drops below 2"): the alert is kept, with the run asked beside it, so that "actually
        # make it 2.1" or "cancel it" reach it (was "I did not understand") and "and on an
        # a100?" still continues the run.
        alert = next((part for part in reversed(reply.parts)
                      if part.query.intent == "alert" and part.answer.intent == "alert"
                      and not part.answer.error), None)
        before = self.previous(chat_id)
        if kept is None:
            if alert is not None:
                run = before.earlier_run if before is not None \
                    and (before.intent in _ALERT_INTENTS or paid(before)) else before
                # "alert me if the h100 or the h200 drops below 2": every card set, so that
                # "cancel both" is not the last one's removal alone (bot/pipeline.py)
                cards = tuple(part.query.gpu for part in reply.parts
                              if part.query.intent == "alert" and part.answer.intent == "alert"
                              and not part.answer.error and part.query.gpu is not None)
                self._keep(chat_id, alert.query.model_copy(update={
                    "earlier_run": run, "alerts_set": cards if len(cards) >= 2 else (),
                    "own_card": before.own_card if before is not None else None}))
            return
        query = _as_kept(kept, before)
        sections = _sections(reply, kept, before)
        if sections:
            query = query.model_copy(update={"sections": sections, "sides_chosen": reply.chosen})
        query = _with_card_before(_with_own_card(query, before), before)
        if alert is not None:
            query = alert.query.model_copy(update={"earlier_run": query,
                                                   "own_card": query.own_card})
        elif before is not None:
            # the alert set before this question, for "cancel the alert" after it
            watched = before.gpu if before.intent == "alert" else before.alert_kept
            query = query.model_copy(update={"alert_kept": watched})
        self._keep(chat_id, query)

    def _keep(self, chat_id: int, query: Query) -> None:
        turn = self._turns.get(chat_id, 0) + 1
        self._turns[chat_id] = turn
        self._last[chat_id] = (query.model_copy(update={"turn": turn}), self.clock())
        self._last.move_to_end(chat_id)
        while len(self._last) > self.max_chats:
            dropped, _ = self._last.popitem(last=False)
            self._turns.pop(dropped, None)

    def followed_text(self, chat_id: int, token: int | None = None) -> str | None:
        """The wording of the chat's last follow-up (when `token` matches), to ask alone."""
        found = self._followed.get(chat_id)
        if found is None or (token is not None and found[0] != token):
            return None
        return found[1]

    def forget(self, chat_id: int) -> None:
        self._last.pop(chat_id, None)
        self._turns.pop(chat_id, None)
        self._followed.pop(chat_id, None)


def _as_kept(kept: Reply, before: Query | None) -> Query:
    """The question of `kept` as the chat keeps it for a follow-up: with what its answer
    settled (the family's member, the count or configuration it led with) and, for a card's
    price, the run asked before it (`before`)."""
    query = kept.query
    refused = _REFUSED_VALUE.get(kept.answer.error or "")
    if refused is not None:
        # the value the reply refused is not the run's: "ok 20 hours" says it again
        query = query.model_copy(update=dict.fromkeys(refused))
        if kept.answer.error == "gpu_count_out_of_range":
            # the count is what was refused: "ok 8" after "on 100000 h100" is 8 of the card,
            # not the 8B of the model's brand asked back ("8 of what?")
            query = query.model_copy(update={"gpu_count": 1})
    if kept.answer.family_pick is not None:
        query = kept.answer.family_pick.query  # the member answered, its family kept
    if query.budget_usd is not None and query.intent == "unknown":
        query = query.model_copy(update={"intent": kept.answer.intent})  # "i have $200"
    primary = kept.answer.primary
    if query.intent == "recommend" and query.gpu is None and primary is not None \
            and primary.cheapest is not None:
        # "whats the cheapest gpu for qlora 70b": "… on it" is the configuration it led with
        query = query.model_copy(update={
            "picked": (primary.cheapest.gpu, primary.cheapest.gpu_count)})
    if _cheapest_priced(kept):
        # "whats ur cheapest gpu": the card it led with is the one "how much vram does it
        # have", "can it do qlora on llama 3 70b" ask of (was "Which model?", the card lost)
        cheap = sorted((g for g in kept.catalogue.rented_gpus if g.usd_per_gpu_hour),
                       key=lambda g: g.usd_per_gpu_hour or 0)
        if cheap:
            query = query.model_copy(update={"gpu": cheap[0].id, "cheapest_asked": False})
    need = kept.answer.count_needed
    if need is not None and query.count_asked and query.gpu_count is None:
        # "how many a100s for lora 70b" then "cost for 10 hours?": on the count answered
        # (was 1× A100, which does not hold it)
        query = query.model_copy(update={"gpu_count": need})
    timed = _timed_on(kept)
    if query.gpu is None and timed is not None:
        # "lora llama 3 8b on 50M tokens", timed where it costs least: "too slow?" is
        # against that configuration
        query = query.model_copy(update={"picked": timed})
    if is_gpu_price(query) or is_gpu_time(query):
        # "how much is an H100 per hour?" after a run: the run is kept beside the price,
        # for "and for 10 hours?" (that run on that card), not forgotten; beside a card's
        # time ("how much for 10 hours on an a100") too, for "and on an h100?" (was lost).
        run = None if before is None else (
            before.earlier_run if is_gpu_price(before) or is_gpu_time(before) else before)
        if run is not None and run.params_b is not None:
            query = query.model_copy(update={"earlier_run": run.model_copy(
                update={"sections": ()})})
    return query


def _sections(reply: Reply, kept: Reply, before: Query | None) -> tuple[Query, ...]:
    """Each question of a reply of several that a follow-up can continue, as the chat keeps
    it, in order (a card's price with the run asked before it in the message); after a
    follow-up of one of them, the sections kept before with that one continued. Empty when
    there is one question to continue."""
    if reply.parts:
        if not (reply.sectioned or reply.chosen):
            return ()  # the sides of one answer (models served together), not sections
        found: list[Query] = []
        run = before.model_copy(update={"sections": ()}) if before is not None else None
        for part in reply.parts:
            if part is not kept and not (_continuable(part) or _priced_gpu(part)):
                continue
            query = _as_kept(part, run)
            found.append(query)
            if not is_gpu_price(query):
                run = query
        return tuple(found) if len(found) >= 2 else ()
    if before is None or not before.sections or not reply.carried:
        return ()
    # "and on a 3090?" after "… 70b on a h100? also mistral 7b on a 3060?": the Mistral
    # section continued (the last one naming the model continued, else the default one).
    query = reply.query
    sections = list(before.sections)
    same = [i for i, s in enumerate(sections)
            if (s.model_id, s.params_b, s.family) == (query.model_id, query.params_b, query.family)]
    default = [i for i, s in enumerate(sections) if _key(s) == _key(before)]
    at = (same or default or [len(sections) - 1])[-1]
    sections[at] = query.model_copy(update={"sections": ()})
    return tuple(sections)


# "what about the other one", "¿y la otra?", "et l'autre ?": the section not continued.
_OTHER: Final = lazy(
    r"(?<![a-z'])(?:the other(?: one)?|other one|el otro|la otra|lo otro|l'autre)(?![a-z'])")


def section_for(asked: Query, previous: Query) -> tuple[Query, bool]:
    """The question of the chat's last reply of several that `asked` continues, and whether
    `asked` only asks for the other one ("what about the other one"): the one kept by default
    (`previous`, the last run asked) unless `asked` changes what it lacks — hours ("and for
    48h?", "et pour 48h ?") go to the last section with hours, a cost or a card's price; a
    count ("y con 2?") to the last run on a card. Was always the last run asked, so "et pour
    48h ?" after a cost then a fit priced the fit's card (an own card: no price)."""
    sections = previous.sections
    if len(sections) < 2 or _model_named(asked):
        return previous, False
    here = previous.model_copy(update={"sections": ()})
    # The sections other than the one kept, the latest first.
    others = [s for s in reversed(sections) if _key(s) != _key(here)]
    chosen: Query | None = None
    if not names_card(asked) and words(asked.text) <= _OTHER_WORDS \
            and _OTHER.search(fold(asked.text)):
        chosen = next(iter(others), None)
        return (previous, False) if chosen is None else (_as_section(chosen, previous), True)
    if asked.hours is not None and not names_card(asked) and not _timed(here):
        chosen = next((s for s in others if _timed(s)), None)
    elif asked.gpu_count is not None and not names_card(asked) \
            and not (names_card(here) and _model_named(here)):
        chosen = next((s for s in others if names_card(s) and _model_named(s)), None)
    return (previous, False) if chosen is None else (_as_section(chosen, previous), False)


def reapplied(previous: Query) -> str | None:
    """The wording of the follow-up the chat's last question was ("same but lora"), which
    "what about the other one" asks of the other section too; None when it was none (or
    itself asked for the other one: that section keeps the change already)."""
    if not previous.follow_up or _OTHER.search(fold(previous.text)):
        return None
    return previous.text


# "what about the other one?", "y qué tal la otra": a few words, not a question of its own.
_OTHER_WORDS: Final = 6


def _key(query: Query) -> tuple[object, ...]:
    """What tells a section from the others (the chat adds to the one it keeps)."""
    return (query.text, query.intent, query.model_id, query.params_b, query.gpu,
            query.gpu_count, query.hours)


def _as_section(section: Query, previous: Query) -> Query:
    """A section continued, with the sections and the card owned the chat keeps."""
    return section.model_copy(update={"sections": previous.sections,
                                      "own_card": previous.own_card})


def _model_named(query: Query) -> bool:
    return query.params_b is not None or query.model_id is not None or bool(query.family)


def _timed(query: Query) -> bool:
    """A section that hours continue: it has hours, a cost or a duration, or prices a card."""
    return query.hours is not None or query.intent in ("cost", "time") or is_gpu_price(query)


def _with_own_card(query: Query, before: Query | None) -> Query:
    """`query` as the chat keeps it, with the card the chat said it owns ("i have 2 3090s"):
    its own when it says so, else the one kept before unless `query` is on another card."""
    if query.card_owned and names_card(query):
        own: Query | None = query.model_copy(update={"own_card": None, "earlier_run": None})
    else:
        own = before.own_card if before is not None else None
        if own is not None and names_card(query) and (
                query.gpu, query.vram_gb, query.gpu_text) != (own.gpu, own.vram_gb, own.gpu_text):
            own = None  # another card named: the questions after it are on that one
        elif own is not None and names_card(query) and query.gpu_count != own.gpu_count:
            own = own.model_copy(update={"gpu_count": query.gpu_count})  # "and with 2 of them?"
    if own is query.own_card:
        return query
    return query.model_copy(update={"own_card": own})


def _with_card_before(query: Query, before: Query | None) -> Query:
    """`query` with the card the same run was asked on just before, when it was another one
    ("how much to qlora llama 3 70b on an h100", then "and on an a100?"), or the card priced
    just before ("price of h200", then "and b200?"): "which one should i pick", "which is
    better for 70b lora?" then compare the two (was the last card alone)."""
    if before is None or query.gpu is None or before.gpu is None or query.other_gpus \
            or before.other_gpus or query.rig or before.rig:
        return query
    # ... or rented for the same hours ("how much to rent 2 h100s for a week", "and with
    # a100s instead?"): "which one is cheaper" compares the two (was the last card's cost)
    priced = (is_gpu_price(query) and is_gpu_price(before)) or (
        is_gpu_time(query) and is_gpu_time(before) and query.hours == before.hours)
    run = ("params_b", "model_id", "method", "inference")
    if not priced and (query.intent not in _ON_A_CARD or before.intent not in _ON_A_CARD
                       or query.params_b is None
                       or any(getattr(query, f) != getattr(before, f) for f in run)):
        return query
    if (query.gpu, query.gpu_count or 1) == (before.gpu, before.gpu_count or 1):
        # "and for 20 hours?" on the same card: the card before it is still the other one
        return query.model_copy(update={"card_before": before.card_before}) \
            if before.card_before is not None else query
    return query.model_copy(update={"card_before": (before.gpu, before.gpu_count or 1)})


def _timed_on(reply: Reply) -> tuple[str, int] | None:
    """The configuration a training run on a dataset was timed on, when the reply timed one."""
    answer = reply.answer
    bracket = answer.sample_bracket
    timed = bracket[-1][1] if bracket else (
        answer.detailed.training_time if answer.detailed is not None else None)
    if timed is None or timed.gpu is None or timed.gpu_count is None \
            or timed.wall_clock_hours is None:
        return None
    return timed.gpu, timed.gpu_count


def _priced_gpu(reply: Reply) -> bool:
    """"¿cuánto cuesta una H100 por hora?": "¿y 8?" continues it."""
    return not reply.answer.error and is_gpu_price(reply.query)


def _cheapest_priced(reply: Reply) -> bool:
    """"whats ur cheapest gpu": kept as the card it leads with (_as_kept)."""
    query = reply.query
    return not reply.answer.error and query.intent == "prices" and query.cheapest_asked \
        and query.gpu is None and query.vram_gb is None and query.params_b is None \
        and not query.fastest_asked


def _continuable(reply: Reply) -> bool:
    answer = reply.answer
    # "lora llama 3 8b on a4090" (no such card): the run is known, and "and on an a6000?"
    # asks it on a card that is.
    misnamed = answer.error == "unknown_gpu" and reply.query.params_b is not None
    # "can i run foobar 9 on 8x h200", its size asked: "it's 13b" completes that run.
    unsized = answer.error == "unknown_model"
    if reply.query.budget_usd is not None and reply.query.params_b is None \
            and answer.budget is not None and not answer.error:
        return True  # "what can i do with 50 dollars": "and if i want to lora llama 3 70b?"
    if answer.error == "budget_not_usd":
        return True  # "tengo 100 euros pa entrenar llama 3 8b": "100 dolares" answers it
    # "lora llama 3 8b on h100 for -5 hours", "… on 0 h100": the value refused is corrected
    # next ("ok 20 hours", "ok 2"), the rest of the run kept (_as_kept drops the value).
    # A follow-up refused so ("and for -10 hours?") leaves the question before it the chat's.
    refused = answer.error in _REFUSED_VALUE and not reply.query.follow_up and any(
        getattr(reply.query, field) is not None for field in ("params_b", "gpu", "vram_gb"))
    if (answer.error and not (misnamed or unsized or refused)) \
            or answer.intent not in _CONTINUABLE:
        return False
    if unsized:
        return True
    query = reply.query
    # "Which model?": after a family ("llama 3 on an H100"), or after a run named without its
    # model ("qlora on my 3090"), which the model named next completes.
    asked_which = answer.missing == "model_size" and (bool(query.family) or any(
        value not in (None, False) for value in (query.gpu, query.vram_gb, query.method,
                                                 query.dataset_tokens)))
    gpu_time = (is_gpu_time(reply.query) or asks_on_gpu(reply.query)) and not answer.missing
    if answer.card_noted or answer.card_specs is not None or answer.memory_offers \
            or (answer.multi_gpu_alone and names_card(query)):
        # "i have 2 3090s", "a10g specs": "and with 2 of them?", "can i run llama 3 70b?";
        # "can i use a 3090 and a 4090 together?": "ok then qlora llama 3 8b on them"
        return True
    if answer.missing == "largest_gpu":
        return True  # "whats the best model to finetune" asked which card: "a 4090" answers it
    if answer.missing == "hours" and asks_hours_of_gpu(query):
        return True  # "cuánto cuesta una h100" asked "for how many hours?": "y por 48h?"
    picked = answer.family_pick is not None  # "llama 3 on an H100": answered for the 70B
    # Two GPUs compared with no model ("radeon 780m vs rtx 4060", "h100 or a100?"): kept for
    # "tldr" or "so which one?" after it (was nothing kept: "I did not understand that")
    # (not rentals priced for hours: the cards owned beside them stay the chat's)
    if answer.intent == "compare" and not answer.missing and query.params_b is None \
            and query.hours is None and query.owned_aside is None \
            and (answer.igpu_compare is not None or answer.comparison is not None):
        return True
    return asked_which or gpu_time or picked \
        or not (answer.missing or reply.query.params_b is None)


def run_back(query: Query, previous: Query | None) -> tuple[int, bool]:
    """How many questions back the run (model) a follow-up continues was asked, 1 being the
    last question, and whether its card or hours are the last question's: "qlora llama 3 70b on
    an h100", "alert me if it drops below 2", "and on an a100?" continues the run asked two
    questions ago; "how much is an a100 per hour" between, "and for 10 hours?" is that run on
    the card of the last question. The chat's questions are counted as it keeps them
    (Query.turn); a question of several sections is one."""
    if previous is None or previous.turn is None or query.params_b is None:
        return 1, False
    source: Query | None = previous
    while source is not None and (source.params_b, source.model_id) != (
            query.params_b, query.model_id):
        source = source.earlier_run
    if source is None or source is previous or source.turn is None \
            or source.turn >= previous.turn:
        return 1, False
    rest_last = (previous.gpu is not None and previous.gpu == query.gpu) \
        or (previous.hours is not None and previous.hours == query.hours)
    return previous.turn - source.turn + 1, rest_last


def carried_line(query: Query, carried: tuple[str, ...], locale: str, catalogue: Catalogue,
                 back: tuple[int, bool] = (1, False)) -> str:
    """"↪️ LoRA of Llama 3.1 70B, from your last question." — what a follow-up reused. `back`:
    how many questions back its run was asked, and whether the rest (card, hours) is the last
    question's (run_back): "QLoRA of Llama 3 70B, from two questions ago." """
    ph = Phrases(locale, catalogue)
    parts: list[Markup] = []
    size = ph.fmt.num(query.params_b) if query.params_b is not None else None
    name = catalogue.models.get(query.model_id).name if query.model_id is not None else (
        # "qwen 14b" (a brand and a size, read as the latest): as the reply names it
        brand_size_name(catalogue.models.get(query.shape_model).name, query.params_b)
        if query.shape_model is not None and query.params_b is not None else None)
    method: Markup | None = None
    if "method" in carried:
        if query.inference and not query.serving_precision_said:
            # "and the 70b?" after "can i run … on a mac": no precision was named, so every
            # one is answered again, not the BF16 the query holds for them.
            method = ph._("inference")
        elif query.method is not None:
            method = ph.method_short(query.method)
        elif query.inference:
            method = ph._("inference")
    if "model" in carried and (name or size):
        if method is not None and name:
            parts.append(ph._("%(method)s of %(model)s", method=method, model=name))
        elif method is not None:
            parts.append(ph._("%(method)s of a %(size)sB model", method=method, size=size))
        else:
            parts.append(Markup.escape(name) if name else ph._("a %(size)sB model", size=size))
    elif method is not None:
        parts.append(method)
    run_parts = len(parts)
    if "gpu" in carried:
        if query.gpu is not None and query.intent == "compare" and query.igpu_compared \
                and query.igpu is not None:
            # "tldr" after "radeon 780m vs rtx 4060": both compared (was "On 1× RTX 4060")
            names_compared = [ph.gpu_name(ph.cat.igpu(query.igpu).name), ph.gpu_name(query.gpu)]
            parts.append(ph._("on %(config)s", config=" vs ".join(names_compared)))
        elif query.gpu is not None and query.intent == "compare" and query.other_gpus:
            n, m = query.gpu_count or 1, query.other_gpu_count or query.gpu_count or 1
            # "4× H100 vs 8× H100": with counts the sides are configurations.
            names: list[str] = [ph.config(query.gpu, n), ph.config(query.other_gpus[0], m)] \
                if n > 1 or m > 1 else [ph.gpu_name(g) for g in (query.gpu, *query.other_gpus)]
            parts.append(ph._("on %(config)s", config=" vs ".join(names)))
        elif query.gpu is not None and (query.count_asked or query.gpu_plural) \
                and query.gpu_count is None:
            # "how many do i need?" after a run on an A100: the card, its count the question
            # (and after "on my 3090s", the count the run needs, which the reply says)
            parts.append(ph._("on %(config)s", config=ph.gpu_name(query.gpu)))
        elif query.gpu is not None and not ("hours" in carried and query.hours_measured):
            # (a time measured says its card itself: "that took 6 hours on 1× RTX 3090")
            parts.append(ph._("on %(config)s", config=ph.config(query.gpu, query.gpu_count or 1)))
        elif query.vram_gb is not None and (query.gpu_count or 1) > 1:
            # "8x80gb full ft 70b …" then "and bs=4?": the eight GPUs kept, said (was "on a
            # 80 GB GPU"), as the reply names them
            parts.append(ph._("on %(config)s", config=ph._(
                "%(count)s× GPU of %(vram)s", count=query.gpu_count,
                vram=ph.memory(query.vram_gb))))
        elif query.vram_gb is not None:
            parts.append(ph._("on a %(vram)s GPU", vram=ph.fmt.gb(query.vram_gb)))
    if query.at_longest:
        # "and tok/s?" after the longest context: the figure is at the length just found.
        parts.append(ph._("at the longest context that fits"))
    if "hours" in carried and query.hours is not None and query.hours_measured \
            and query.gpu is not None:
        # "tardé 6 h en mi 3090" then "¿y en una h100?": a time the run took on the user's
        # card, not hours to rent ("for 6 hours" read as a rental of 6 hours).
        parts.append(ph._("that took %(hours)s on %(config)s", hours=ph.fmt.duration(query.hours),
                          config=ph.config(query.gpu, query.gpu_count or 1)))
    elif "hours" in carried and query.hours is not None:
        parts.append(ph._("for %(hours)s", hours=ph.fmt.duration(query.hours)))
    what = Markup(" ").join(parts)
    if "settings" in carried:
        what = (
            ph._("%(what)s with the same settings", what=what) if parts
            else ph._("the same settings")
        )
    far, rest_last = back
    if far <= 1 or not run_parts:
        line = str(ph._("%(what)s, from your last question.", what=what))
    elif rest_last and len(parts) > run_parts:
        # The run from further back, the card or hours from the last question.
        run = Markup(" ").join(parts[:run_parts])
        if "settings" in carried:
            run = ph._("%(what)s with the same settings", what=run)
        rest = Markup(" ").join(parts[run_parts:])
        line = str(ph._("%(run)s from two questions ago, %(rest)s from your last question.",
                        run=run, rest=rest) if far == 2 else
                   ph._("%(run)s from an earlier question, %(rest)s from your last question.",
                        run=run, rest=rest))
    else:
        line = str(ph._("%(what)s, from two questions ago.", what=what) if far == 2
                   else ph._("%(what)s, from an earlier question.", what=what))
    if query.count_read in ("kept", "bare") and query.gpu is not None \
            and query.gpu_count is not None:
        # "and h100?" after a run on 8× A100: as many of the card named; "2?" after a fit on
        # one A100: 2 of it. Said, the count in the head alone reading like a slip of ours.
        config = ph.config(query.gpu, query.gpu_count)
        line += " " + str(
            ph._("Read as %(config)s, as many GPUs as before.", config=config)
            if query.count_read == "kept" else
            ph._("Your “%(n)s” read as %(n)s GPUs; for a %(n)sB model, name it.",
                 n=query.gpu_count))
    if query.run_there and query.hours is not None and query.gpu is not None:
        # "sur 8 h100 pendant un jour" after a run: GPU time alone is another reading.
        line += " " + str(ph._(
            "Read as that run on %(config)s for %(hours)s.",
            config=ph.config(query.gpu, query.gpu_count or 1), hours=ph.fmt.duration(query.hours)))
    if query.no_size_in is not None and query.params_b is not None and query.model_id is None:
        # "and 72b?" after Llama 3 70B: the family has no 72B, its sizes said.
        line += " " + _no_size_line(ph, query.no_size_in, query.params_b, catalogue)
    elif query.no_size_in is not None and query.params_b is not None and name:
        # "and 405b?" after Llama 3 70B: the one Llama of that size.
        # ... by the size said, its name's ("and 1b?": Llama 3.2 1B, 1.23B parameters)
        said = printed_size(name) or query.params_b
        line += " " + str(ph._("%(family)s has no %(size)sB model: answered for %(model)s.",
                               family=query.no_size_in, size=ph.fmt.num(said),
                               model=name))
    if query.same_gpu_hours is not None and query.gpu is not None:
        # "and 2?" after an H100 for a month: 2 H100s for it, or it for 2 months, both said.
        count, hours = query.same_gpu_hours
        line += " " + str(ph._(
            "Or %(config)s for %(hours)s: the same %(gpu_hours)s GPU-hours, the same price.",
            config=ph.config(query.gpu, count), hours=ph.fmt.duration(hours),
            gpu_hours=ph.fmt.num(count * hours)))
    return f"↪️ <i>{line[:1].upper()}{line[1:]}</i>"


def cheapest_already_line(query: Query, answer: Answer, locale: str,
                          catalogue: Catalogue) -> str | None:
    """"cheaper?" after a run on 1× A100 80GB that is the cheapest that fits it: "1× A100 80GB,
    the one you asked about, is already the cheapest offered configuration that fits this run."
    (was the same card and price again, unsaid); None otherwise."""
    asked = query.cheaper_than
    primary = answer.primary
    if asked is None or primary is None or primary.cheapest is None:
        return None
    run = answer.detailed.training_time if answer.detailed is not None else None
    # A run on its data is cheapest where what it pays in blocks is least (the reply leads
    # with it), not on the card cheapest by the hour: after "qlora llama 3 70b on an a100 …
    # 100k samples", 1× B200 (was "1× A100 80GB … is already the cheapest" above it).
    least = (run.quote.gpu, run.quote.gpu_count) if run is not None and run.quote is not None \
        and not run.asked else (primary.cheapest.gpu, primary.cheapest.gpu_count)
    if least != asked:
        return None
    ph = Phrases(locale, catalogue)
    said = query.cheaper_than_method
    if said is not None:
        # "cheaper?" after a run costed where it costs least, no card named: asked again of
        # every method, the same run led (was the cheapest GPUs led by a dearer QLoRA run)
        if run is None or run.quote is None or run.quote.method is None \
                or (said and run.quote.method != said):
            return None
        return "ℹ️ " + str(ph._(
            "%(how)s on %(config)s, just answered, is already where this run costs least: no "
            "other method or offered configuration costs less for it.",
            how=ph.method_short(run.quote.method), config=ph.config(*asked)))
    return "ℹ️ " + str(ph._(
        "%(config)s, the one you asked about, is already the cheapest offered configuration "
        "that fits this run.", config=ph.config(*asked)))


def _no_size_line(ph: Phrases, family: str, size: Decimal, catalogue: Catalogue) -> str:
    """"Llama 3 has no 72B model (it comes in 8B and 70B): answered for an unnamed 72B model." """
    sizes = sorted({Decimal(m.group(1)) for spec in catalogue.models
                    if spec.name.startswith(family + " ")
                    for m in [_SIZE_ONLY.fullmatch(spec.name[len(family) + 1:])] if m})
    said = ph.fmt.num(size)
    if not sizes:
        return str(ph._("%(family)s has no %(size)sB model: answered for an unnamed %(size)sB model.",
                        family=family, size=said))
    return str(ph._(
        "%(family)s has no %(size)sB model (it comes in %(sizes)s): answered for an unnamed "
        "%(size)sB model.", family=family, size=said,
        sizes=ph.fmt.list([f"{ph.fmt.num(s)}B" for s in sizes])))


# A catalogue name's size alone after its family ("Llama 3 70B" → "70B").
_SIZE_ONLY: Final = lazy(r"(\d+(?:\.\d+)?)B")


def number_read_line(read: str, query: Query, locale: str, catalogue: Catalogue) -> str:
    """"and 8?" after "how much is 2 h100 for 10 hours": how the number was read (`read`,
    followup.number_read: "gpus", 8× H100 for 10 hours, or "hours") and the question that
    asks the other reading (`query.other_reading`) whole, whatever the chat holds next."""
    ph = Phrases(locale, catalogue)
    g, fmt = gettext_for(locale), ph.fmt
    assert query.gpu is not None and query.other_reading is not None
    _unit, count, hours = query.other_reading
    example = g.ngettext(
        "how much is %(count)s %(gpu)s for %(hours)s hour",
        "how much is %(count)s %(gpu)s for %(hours)s hours",
        hours, count=count, gpu=catalogue.gpu(query.gpu).name, hours=fmt.num(hours))
    if read == "gpus":
        number = int(hours)
        line = g.ngettext(
            "I read %(num)s as the number of GPUs. If you meant %(num)s hour, ask "
            "<code>%(example)s</code>",
            "I read %(num)s as the number of GPUs. If you meant %(num)s hours, ask "
            "<code>%(example)s</code>", number, num=number, example=example)
    elif count > catalogue.limits.max_gpus:
        line = g.ngettext(
            "I read %(num)s as hours (more GPUs than one instance has). If you meant "
            "%(num)s GPU, ask <code>%(example)s</code>",
            "I read %(num)s as hours (more GPUs than one instance has). If you meant "
            "%(num)s GPUs, ask <code>%(example)s</code>", count, num=count,
            example=example)
    else:
        # "an h100 for 10 hours", then "and 8?": the hours, the card counted before
        line = g.ngettext(
            "I read %(num)s as hours. If you meant %(num)s GPU, ask <code>%(example)s</code>",
            "I read %(num)s as hours. If you meant %(num)s GPUs, ask <code>%(example)s</code>",
            count, num=count, example=example)
    return f"ℹ️ <i>{line}</i>"


def other_language_line(locale: str) -> str:
    """"🌐 I only speak English, Spanish and French: here is my answer in English." (to a
    message in another language)."""
    line = gettext_for(locale)._(
        "I only speak English, Spanish and French: here is my answer in English.")
    return f"🌐 <i>{line}</i>"


def skipped_line(locale: str, skipped: int, read: int, from_end: bool) -> str:
    """"✂️ … I read its last 1,497 characters and skipped the 2,477 before them."""
    g, fmt = gettext_for(locale), Formatter(locale)
    values = {"read": fmt.num(Decimal(read), 0), "skipped": fmt.num(Decimal(skipped), 0)}
    if from_end:
        line = g.ngettext(
            "Your message is long: I read its last %(read)s characters and skipped the "
            "%(skipped)s character before them.",
            "Your message is long: I read its last %(read)s characters and skipped the "
            "%(skipped)s characters before them.",
            skipped, **values,
        )
    else:
        line = g.ngettext(
            "Your message is long: I read its first %(read)s characters and skipped the "
            "%(skipped)s character after them.",
            "Your message is long: I read its first %(read)s characters and skipped the "
            "%(skipped)s characters after them.",
            skipped, **values,
        )
    return f"✂️ <i>{line}</i>"
