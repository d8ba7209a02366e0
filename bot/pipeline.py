"""understand → engine → render: the one path every question takes (CLI, console, Telegram)."""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass, field, fields, replace
from decimal import Decimal
from typing import Any, Final, Protocol, TypeVar

from bot.answer import Answer, build_answer
from bot.conversation import (
    carried_line,
    cheapest_already_line,
    number_read_line,
    other_language_line,
    reapplied,
    run_back,
    section_for,
    skipped_line,
)
from bot.detail import forget_last
from bot.engines import asks_engines, engine_questions, read_engines, render_engines
from bot.i18n import SUPPORTED_LOCALES, resolve_locale
from bot.model_choice import (
    Algorithm,
    algorithms_chosen,
    asks_choice,
    models_chosen,
    sides,
    speed_chosen,
    speeds,
)
from bot.render.choice_lines import render_algorithms, render_choice, render_speeds
from bot.render.phrases import Phrases
from bot.render.renderer import compile_templates, render_answer, render_template
from bot.render.telegram_html import split_message
from bot.several import compose, parts
from bot.two_models import (
    TogetherFigures,
    asks_together,
    each_asked,
    method_again,
    noted_line,
    read_trained_together,
    read_two_models,
    render_trained_together,
    render_two_models,
    served_figures,
    trained_each,
    trained_figures,
)
from bot.understand import patterns as px
from bot.understand import understand
from bot.understand.bounds import out_of_range
from bot.understand.followup import (
    alert_read_again,
    carried_over,
    follow_up,
    language_asked,
    number_read,
    other_reading,
    stand_alone,
    taken_back,
)
from bot.understand.language import other_language, shared_words_only
from bot.understand.lazy import compile_all, lazy
from bot.understand.normalise import MAX_CHARS as READ_CHARS
from bot.understand.normalise import fold, forget_fold, quiet_settings
from bot.understand.owned import (
    asks_of_card,
    card_fields,
    names_card,
    on_own_card,
    still_noted,
)
from bot.understand.parse import own_run_costed
from bot.understand.query import Query
from bot.understand.split import MAX_PIECES, Piece, asked_once, pieces
from rules.catalogue import Catalogue, load_catalogue
from rules.money import to_cents

log = logging.getLogger(__name__)
T = TypeVar("T")


class _Weighed(Protocol):
    """A side of two models weighed (bot.model_choice Side, Speed): the answer it is of."""

    @property
    def answer(self) -> Answer: ...


_Side = TypeVar("_Side", bound=_Weighed)

# One question of each kind of answer (fit, memory, cost with blocks, recommend, compare,
# details, prices, payment, a family): warm_up() asks them in every locale.
WARM_UP_QUESTIONS = (
    "can I QLoRA 70B on a 4090?",
    "how much memory for Llama 3.1 8B?",
    "cost of LoRA 70B on 2x H200 for 12 hours",
    "cheapest GPU for full fine-tuning of a 7B",
    "H100 vs A100 for QLoRA 70B",
    "LoRA 8B with seq len 4096, batch 4 and 200M tokens on an H100, details",
    "prices",
    "pay with crypto",
    "llama 3 on an H100",
)

# Distinct replies kept: the common questions, not every typo of them. Each costs ~40 KB with
# its Answer (detailed estimates included), so this bounds the cache near 45 MB.
REPLY_CACHE_SIZE = 1024

# Texts kept read (their Query): reading is a pure function of the text and the catalogue,
# and most of what a cached reply costs. The same words come again: the examples' buttons,
# deep links, "prices", one question asked in several chats.
READ_CACHE_SIZE = 1024

# Questions longer than this are cut before parsing: nobody asks 20 000 characters.
MAX_QUESTION_CHARS = 4096

# Money wider than this many digits is written with an exponent in the JSON.
_MONEY_DIGITS = 100

JSON_KEYS = (
    "lang",
    "intent",
    "params_b",
    "model",
    "method",
    "gpu",
    "gpu_count",
    "hours",
    "hours_assumed",
    "floor_gb",
    "estimate_gb",
    "high_gb",
    "vram_gb",
    "fits",
    "usd_per_hour",
    "cost_usd",
    "gpu_hours",
    "cheapest_fit",
    "threshold_usd",
    "error",
    "text",
    "rentable",
    "detailed_gb",
    "detailed_fits",
    "parts",
    "models",
)


@dataclass(frozen=True)
class Reply:
    query: Query
    answer: Answer
    locale: str
    text: str
    # The catalogue it was answered from: the JSON's "rented or not" comes from the same data.
    catalogue: Catalogue = field(repr=False, compare=False)
    # What a follow-up took from the previous question ("model", "method", "gpu", "hours",
    # "settings"), and how many characters of a long message were not read.
    carried: tuple[str, ...] = ()
    skipped_chars: int = 0
    read_from_end: bool = False
    # A message of several questions (bot/several.py): each one's reply, in the order asked;
    # this reply's query and answer are the first's, its text all of them.
    parts: tuple[Reply, ...] = field(default=(), repr=False)
    # The parts are questions of their own, each in its section (several questions, several
    # models trained each), not the sides of one answer (a choice, models served together):
    # the chat keeps each for the follow-up about it (bot/conversation.py).
    sectioned: bool = False
    # The parts are the two models of a choice, the one leading first (bot/model_choice.py).
    chosen: bool = False
    # Models answered at the same time (bot/two_models.py): their verdict and memory together,
    # which the JSON's fields describe, and each one's run.
    together: TogetherFigures | None = field(default=None, repr=False, compare=False)
    # Several questions: each section's text and the quote heading it, as composed into
    # `text` (alerts_set() says in an alert's section what setting it did).
    composed: tuple[tuple[str, str], ...] = field(default=(), repr=False, compare=False)

    @property
    def messages(self) -> list[str]:
        """The reply cut into Telegram-sized messages."""
        return split_message(self.text)


assert next(iter(Query.model_fields)) == "text"  # the reply cache's key leaves it out


async def alerts_set(reply: Reply, subscribe: Callable[[Query], Awaitable[str]]) -> Reply:
    """A message of several questions with price alerts among them ("can i qlora llama3 8b on
    my 3060? also alert me if the h100 drops below 2.5"): each alert set by `subscribe` (the
    console's or Telegram's, which returns what it did), its section saying that in place of
    the alert read; `reply` itself when it sets none. A message that is one alert is set by
    the handlers as before."""
    if not reply.composed:
        return reply
    said = {i: await subscribe(part.query) for i, part in enumerate(reply.parts)
            if part.answer.intent == "alert" and not part.answer.error}
    if not said:
        return reply
    texts = [said.get(i, text) for i, (text, _) in enumerate(reply.composed)]
    quoted = [quote for _, quote in reply.composed]
    return replace(reply, text=compose(texts, quoted, reply.locale),
                   composed=tuple(zip(texts, quoted, strict=True)))


def _same_data(a: Catalogue, b: Catalogue) -> bool:
    return all(getattr(a, f.name) == getattr(b, f.name) for f in fields(Catalogue))


class Pipeline:
    """Stateless apart from the catalogue and a cache of replies; safe to share between
    handlers and tasks.

    A reply is a pure function of the question's facts, the locale and the catalogue, and
    people ask the same few things in many words ("does 70B fit an H100?"), so rendered
    replies are kept per (facts, locale) in a bounded LRU; what each text was read as is kept
    too, with how it cuts into questions (READ_CACHE_SIZE texts, none when `cache_size` is
    0). A catalogue with other data (new
    prices) empties both; the price refresh hands over an equal catalogue every 30 s, which
    keeps them.
    """

    def __init__(
        self,
        catalogue: Catalogue,
        default_locale: str = "en",
        cache_size: int = REPLY_CACHE_SIZE,
    ) -> None:
        self._catalogue = catalogue
        self.default_locale = default_locale
        self.cache_size = cache_size
        self._replies: OrderedDict[tuple[object, ...], tuple[Answer, str]] = OrderedDict()
        self._read: OrderedDict[str, Query] = OrderedDict()
        self._cut: OrderedDict[str, list[Piece]] = OrderedDict()

    @property
    def catalogue(self) -> Catalogue:
        return self._catalogue

    @catalogue.setter
    def catalogue(self, new: Catalogue) -> None:
        if new is self._catalogue or _same_data(new, self._catalogue):
            return  # keep the engine's memo and the cached replies
        self._catalogue = new
        self._replies.clear()
        self._read.clear()
        self._cut.clear()

    def warm_up(self) -> None:
        """Do at start-up what the first questions would otherwise pay for: compile every
        template in every locale, compile understanding's regular expressions, load Babel's
        locale data and the catalogue's indexes, build the block-plan table, and answer one question of each kind per locale (those replies
        stay cached: they are real answers)."""
        for _ in self.warm_up_steps():
            pass

    def warm_up_steps(self) -> Iterator[None]:
        """warm_up() one step at a time (a template, or a question): an event loop can serve
        updates between the steps."""
        yield from compile_templates()
        for locale in SUPPORTED_LOCALES:
            for text in WARM_UP_QUESTIONS:
                self.ask(text, chosen_locale=locale)
                yield
        self._catalogue.index_names()  # a typo's suggestions ("H1000", "mixtrl")
        yield
        # Last: the questions above build their patterns from the code kept on disk, which
        # compile_all then lets go of.
        yield from compile_all()

    def clear_cache(self) -> None:
        """Forget every reply, every text read and the engine's memo (benchmarks of a first
        question)."""
        self._replies.clear()
        self._read.clear()
        self._cut.clear()
        self._catalogue.clear_memo()
        forget_last()
        forget_fold()

    def ask(
        self,
        text: str,
        chosen_locale: str | None = None,
        telegram_locale: str | None = None,
        previous: Query | None = None,
    ) -> Reply:
        """`previous`: the chat's last question, which a follow-up ("and on an H100?")
        completes. The reply says what it carried over, and what of a long message it did
        not read; to a message in a language it does not speak, which languages it does."""
        reply = self._ask(text, chosen_locale, telegram_locale, previous)
        text = text[:MAX_QUESTION_CHARS]
        if not other_language(text, fold(text)):
            return reply
        # "wie viel kostet eine H100?", "H100 每小时多少钱？": answered as read, in English
        # (or the chat's language), saying so (was answered with no word of it).
        return replace(reply, text=f"{other_language_line(reply.locale)}\n{reply.text}")

    def _ask(
        self,
        text: str,
        chosen_locale: str | None,
        telegram_locale: str | None,
        previous: Query | None,
    ) -> Reply:
        text = text[:MAX_QUESTION_CHARS]
        text = taken_back(text, previous) or text  # "no, 16k no, 32k": "y 32k?"
        again = _again_in(text, previous)
        if again is not None:
            return self.reply(again, again.lang or self.default_locale)
        if previous is not None and previous.sections:
            # After a reply of several questions: the one this continues (bot/conversation.py).
            asked = stand_alone(self._understand(text))
            both = self._chosen_again(text, asked, previous, chosen_locale, telegram_locale)
            if both is not None:
                return both
            section, other = section_for(asked, previous)
            if other:
                return self._other_section(asked, section, previous, chosen_locale,
                                           telegram_locale)
            previous = section
        read: dict[str, Query] = {}
        if len(text) <= READ_CHARS:
            text = asked_once(text, self._kept(self._cut, text, pieces))
            together = self._two_models(text, chosen_locale, telegram_locale, previous)
            if together is not None:
                return together
            each = self._trained_each(text, chosen_locale, telegram_locale, previous)
            if each is not None:
                return each
            engines = self._engines(text, chosen_locale, telegram_locale, previous)
            if engines is not None:
                return engines
            several = self._several(text, chosen_locale, telegram_locale, previous, read)
            if several is not None:
                return several
            # After several: "which is better for my 3090, llama 3.1 8b or gemma 2 9b? want to
            # qlora" is one question in two pieces, a choice.
            choice = self._model_choice(text, chosen_locale, telegram_locale, previous)
            if choice is not None:
                return choice
        whole = read.get(text)  # a message of one question, read whole while looking
        asked, skipped, from_end = (
            (whole, 0, False) if whole is not None else self._understand_long(text)
        )
        asked = stand_alone(asked)
        # "avísame cuando la h100 baje de 2", then "y la h200 bajo 2.5": read as an alert
        asked = alert_read_again(asked, text, previous,
                                 lambda again: understand(again, self.catalogue), self.catalogue)
        query = asked if previous is None or asks_of_card(asked, previous) else follow_up(
            asked, previous, self.catalogue.models, self.catalogue)
        if query.together_text is not None or query.number_unclear is not None:
            # one model continued; a question asked back, answered or not
            query = query.model_copy(update={"together_text": None, "number_unclear": None})
        if query.intent == "alert_remove" and asked.gpu is None and previous is not None \
                and previous.alerts_set and not query.alert_all and query.alert_number is None:
            # "cancel both", "cancel it" after alerts set in one message: which, from the list
            # (was the last one's alone removed, as if it were all)
            query = query.model_copy(update={"gpu": None})
        # The card the chat said it owns, for a question that names none ("i have 2 3090s",
        # then "can i finetune mistral 7b?").
        query = on_own_card(still_noted(query, previous),
                            previous.own_card if previous is not None else None,
                            self.catalogue)
        if query is not asked:
            # "20k samples of 1k tokens" after "how much would it cost to qlora llama 3 8b on my
            # 4090": that run timed on the card, its electricity, as when asked whole (was the
            # rented L40S's cost, the 4090's unpublished price after it)
            query = own_run_costed(query, self.catalogue)
        locale = self._locale(query.lang, query.lang_sure, chosen_locale, telegram_locale,
                              previous, query.text)
        if query.intent == "alert" and query.alert_all and query.gpu is None:
            # "tell me when prices change", "notify me if any gpu gets cheaper": an alert on
            # each GPU with a published price (was "Which GPU should I watch?")
            priced = [g.id for g in self.catalogue.rented_gpus if g.usd_per_gpu_hour is not None]
            query = query.model_copy(update={"gpu": priced[0], "other_gpus": tuple(priced[1:])})
        if query.intent == "alert" and query.other_gpus and _figures(text) <= 1:
            # (two figures left unsplit, "… o la a100 de 1": not one condition for both)
            return self._alert_each(query, locale)
        # "and 8?" after 2× H100 for 10 hours: 8 GPUs, the other reading kept for "8 hours"
        read_as = number_read(asked, previous, query)
        if read_as is not None or query.other_reading is not None:
            query = query.model_copy(update={"other_reading": None if read_as is None else (
                other_reading(read_as, query, previous))})
        reply = self.reply(query, locale)
        carried = carried_over(asked, query) if _says_carried(reply) else ()
        if not carried and not skipped:
            return reply
        lines: list[str] = []
        if skipped:
            lines.append(skipped_line(locale, skipped, len(text) - skipped, from_end))
        if carried:
            lines.append(carried_line(query, carried, locale, self.catalogue,
                                      run_back(query, previous)))
            if read_as is not None:
                # "and 8?" after 2× H100 for 10 hours: 8 GPUs, said, with how to ask 8 hours
                lines.append(number_read_line(read_as, query, locale, self.catalogue))
            already = cheapest_already_line(query, reply.answer, locale, self.catalogue)
            if already is not None:
                lines.append(already)  # "cheaper?" on the cheapest already: said first
        return replace(
            reply, text="\n".join((*lines, reply.text)), carried=carried,
            skipped_chars=skipped, read_from_end=from_end,
        )

    def _alert_each(self, query: Query, locale: str) -> Reply:
        """An alert on several cards with one condition ("alert me if the h100 or the h200 drops
        below 2", "avísame si la h100 o la h200 bajan de 2"): one alert a card, each in its
        section, which the chat handlers set (alerts_set) and each confirms (was the first
        card's alone)."""
        # "i have a 3090, alert me when the h100 drops below 2": the card owned is no alert's
        # (was "we don't rent the RTX 3090", the H100's alert not set)
        owned = query.gpu if query.card_owned else None
        each = [query.model_copy(update={
            "gpu": gpu, "other_gpus": (), "card_owned": False,
            "gpu_text": query.gpu_text if gpu == query.gpu else None,
            "gpu_variant_assumed": query.gpu_variant_assumed and gpu == query.gpu,
        }) for gpu in (query.gpu, *query.other_gpus) if gpu is not None and gpu != owned]
        if len(each) < 2:
            return self.reply(each[0] if each else query, locale)
        replies = tuple(self.reply(q, locale) for q in each)
        texts = [reply.text for reply in replies]
        names = [self.catalogue.gpu(q.gpu).name for q in each if q.gpu is not None]
        return replace(replies[0], query=replies[0].query.model_copy(update={"text": query.text}),
                       text=compose(texts, names, locale), parts=replies, sectioned=True,
                       composed=tuple(zip(texts, names, strict=True)))

    def _chosen_again(
        self,
        text: str,
        asked: Query,
        previous: Query,
        chosen_locale: str | None,
        telegram_locale: str | None,
    ) -> Reply | None:
        """"and on a 3090?", "y con lora?" after a choice between two models ("llama 3 8b or
        qwen3 8b for my 3060?"): the choice again, both models continued (was the one named
        last alone). None when `asked` is no follow-up of both, or names a model."""
        if not previous.sides_chosen or len(previous.sections) != 2 \
                or asked.params_b is not None or asked.model_id is not None or asked.family \
                or section_for(asked, previous)[1]:
            return None
        both = [follow_up(asked, side, self.catalogue.models, self.catalogue)
                for side in previous.sections]
        if not all(q.follow_up and q.intent in ("fit", "memory") for q in both):
            return None
        locale = self._locale(asked.lang, asked.lang_sure, chosen_locale, telegram_locale,
                              previous)
        reply = self._chosen(text, both, locale)
        if reply is None:
            return None
        return replace(reply, carried=carried_over(asked, both[0]))

    def _other_section(
        self,
        asked: Query,
        section: Query,
        previous: Query,
        chosen_locale: str | None,
        telegram_locale: str | None,
    ) -> Reply:
        """"what about the other one" after a reply of several questions: the other one's
        question, with the change the last follow-up made ("same but lora") made to it too."""
        change = reapplied(previous)
        query = section if change is None else follow_up(
            stand_alone(self._understand(change)), section, self.catalogue.models,
            self.catalogue)
        query = query.model_copy(update={"text": asked.text, "follow_up": True})
        locale = self._locale(asked.lang, asked.lang_sure, chosen_locale, telegram_locale,
                              previous)
        reply = self.reply(query, locale)
        carried = carried_over(asked, query) if _says_carried(reply) else ()
        if not carried:
            return reply
        return replace(reply, text=carried_line(query, carried, locale, self.catalogue) + "\n"
                       + reply.text, carried=carried)

    def _several(
        self,
        text: str,
        chosen_locale: str | None,
        telegram_locale: str | None,
        previous: Query | None,
        read_once: dict[str, Query],
    ) -> Reply | None:
        """A message that asks several questions ("can I run llama 8b on my 4090? also how
        much is an H100 per hour"): each answered in its own section of one reply, in order
        (bot/several.py). None when it asks one: it is then answered as before. What it
        reads goes in `read_once` (by text, stand_alone applied)."""
        found = self._kept(self._cut, text, pieces)
        if not 2 <= len(found) <= MAX_PIECES:
            return None

        def read(part: str) -> Query:
            query = read_once.get(part)
            if query is None:
                query = read_once[part] = stand_alone(self._understand(part))
            return query

        sure = [q for q in map(read, (p.text for p in found)) if q.lang_sure]
        guess = sure[0].lang if sure else read(found[0].text).lang
        locale = self._locale(guess, bool(sure), chosen_locale, telegram_locale, previous)
        questions = parts(
            text, found, read, lambda q: self.reply(q, locale).answer, self.catalogue, previous,
        )
        if questions is None:
            return None
        # A section comparing serving engines ("is vllm faster than ollama for llama 3 8b?")
        # gets the comparison it would get alone (bot/engines.py).
        # ... and a choice between two models ("llama 3 8b or qwen3 8b for my 3060? also …")
        # both verdicts, as alone (was the first model's answer, the other dropped).
        replies = [self._engines_in(text[part.start:part.end], locale)
                   or self._choice_in(text[part.start:part.end], lambda _: locale)
                   or self.reply(part.query, locale) for part in questions]
        first = questions[0]
        carried = carried_over(first.asked, first.query) if _says_carried(replies[0]) else ()
        texts = [reply.text for reply in replies]
        if carried:
            texts[0] = carried_line(first.query, carried, locale, self.catalogue,
                                    run_back(first.query, previous)) + "\n" + texts[0]
        quoted = [text[part.start:part.end] for part in questions]
        return replace(
            replies[0], query=first.query.model_copy(update={"text": text}),
            text=compose(texts, quoted, locale), carried=carried, parts=tuple(replies),
            sectioned=True, composed=tuple(zip(texts, quoted, strict=True)),
        )

    def _two_models(
        self,
        text: str,
        chosen_locale: str | None,
        telegram_locale: str | None,
        previous: Query | None,
    ) -> Reply | None:
        """Several models on one card at the same time (bot/two_models.py): one reply that adds
        up what each takes. Its query and answer are the first model's alone (the JSON's
        fields), its parts each model's; None when the message asks something else."""
        answered = None
        again: dict[str, object] | None = None
        asked = text
        if not asks_together(text):
            # "3090s" right after "❓ Which GPU are your 2 cards?": the models asked, there.
            answered = self._card_answered(text, previous)
            if answered is None and previous is not None:
                # "what about with qlora?", "and in 4 bit?" after them: them again so
                again = method_again(stand_alone(self._understand(text)), previous, fold(text))
            if answered is None and again is None:
                return None if previous is None else self._each_of_together(
                    text, previous, chosen_locale, telegram_locale)
            assert previous is not None
            text = previous.together_text or previous.text
        whole = stand_alone(self._understand(text))
        if answered is not None:
            whole = whole.model_copy(update={
                **card_fields(answered), "gpu_count": answered.gpu_count or whole.gpu_count,
                "rig": answered.rig})
        if again is not None:
            assert previous is not None
            said = self._understand(asked)
            # on the card they were last asked on ("and on a 4090?" may have moved them), in
            # the follow-up's language when it is sure of one
            moved = {} if previous.gpu == whole.gpu else {
                **card_fields(previous), "gpu_count": previous.gpu_count, "rig": previous.rig}
            lang = {"lang": said.lang, "lang_sure": True} if said.lang_sure else {}
            whole = whole.model_copy(update={**moved, **again, **lang})
        locale = self._locale(whole.lang, whole.lang_sure, chosen_locale, telegram_locale,
                              previous)
        # No card named ("… at the same time on 2 cards"): the one the chat said it owns,
        # else the last question's.
        own = previous.own_card if previous is not None else None
        last = previous if own is None and previous is not None and names_card(previous) \
            else None
        card = own or last
        noted = card is not None and not card.rig and not names_card(whole)
        if noted:
            assert card is not None
            whole = whole.model_copy(update={
                **card_fields(card), "gpu_count": whole.gpu_count or card.gpu_count})
        # "and mistral 7b at the same time?" after a model served: that one beside it.
        earlier = previous if previous is not None and previous.inference \
            and (previous.model_id is not None or previous.params_b is not None) else None
        found = read_two_models(
            text, whole, lambda part: stand_alone(self._understand(part)),
            lambda q: self.reply(q, locale).answer, self.catalogue, earlier,
        )
        if found is None:
            return self._trained_together(text, whole, previous, locale,
                                          answered is not None or again is not None,
                                          ("last" if own is None else "own") if noted else None,
                                          every=again is not None and again["method"] is not None)
        # On several cards, each model split across them: the JSON describes the cards asked.
        replies = tuple(self.reply(s.answer.query, locale) for s in found.split or found.sized)
        first = replies[0] if replies else self.reply(whole, locale)
        answer = render_two_models(found, locale, self.catalogue)
        carried: tuple[str, ...] = ("model",) if found.carried else ()
        if noted and found.sized and own is None:
            carried += ("gpu",)
        if found.carried or (noted and found.sized):
            lines = [noted_line(found, locale, self.catalogue)] \
                if noted and found.sized and own is not None else []
            if carried:
                assert previous is not None
                said = whole.model_copy(update={"model_id": previous.model_id,
                                                "params_b": previous.params_b})
                lines.insert(0, carried_line(said, carried, locale, self.catalogue))
            answer = "\n".join((*lines, answer))
        if (answered is not None or again is not None) and previous is not None \
                and previous.together_text:
            answer = self._together_again(replies, locale) + "\n" + answer
        return replace(
            first, query=first.query.model_copy(update={"text": text}), text=answer,
            parts=_together(replies, text), together=served_figures(found),
        )

    def _each_of_together(self, text: str, previous: Query, chosen_locale: str | None,
                          telegram_locale: str | None) -> Reply | None:
        """A time or a cost asked after models asked at the same time ("how long for 10M tokens
        each?"): each model's answer in its own section, as models trained each are
        (_trained_each); None when the message asks something else."""
        asked = stand_alone(self._understand(text))
        each = each_asked(asked, previous, lambda part: stand_alone(self._understand(part)))
        if each is None:
            return None
        locale = self._locale(asked.lang, asked.lang_sure, chosen_locale, telegram_locale,
                              previous)
        cat = self.catalogue
        replies = [self.reply(follow_up(asked, q, cat.models, cat), locale) for q in each]
        names = [cat.models.get(r.query.model_id).name if r.query.model_id is not None
                 else f"{r.query.params_b}B" for r in replies]
        # each timed alone on the card: at the same time they share its compute
        shared = "⏱ <i>" + str(Phrases(locale, cat)._(
            "Each run timed alone on the card: trained at the same time, they share its "
            "compute, so each takes longer, and they draw on the same GPU-hours (not a block "
            "each).")) + "</i>"
        return replace(replies[0], text=shared + "\n\n" + compose(
            [r.text for r in replies], names, locale), parts=tuple(replies), sectioned=True)

    def _together_again(self, replies: Sequence[Reply], locale: str) -> str:
        """"↪️ Llama 3 8B and Mistral 7B at the same time, from your last question." — the
        models asked together before, asked again on the card this message names."""
        ph = Phrases(locale, self.catalogue)
        names = [self.catalogue.models.get(q.model_id).name if q.model_id is not None
                 else f"{ph.fmt.num(q.params_b or Decimal(0))}B"
                 for q in (reply.query for reply in replies)]
        return "↪️ <i>" + str(ph._("%(models)s at the same time, from your last question.",
                                   models=ph.fmt.list(names))) + "</i>"

    def _trained_together(self, text: str, whole: Query, previous: Query | None, locale: str,
                          answered: bool, noted: str | None, every: bool = False
                          ) -> Reply | None:
        """Models fine-tuned at the same time ("train llama 3 8b + mistral 7b at the same time
        on an a100", or "and mistral 7b at the same time?" after a run trained): their runs'
        memory added up on the card, or one a card (bot/two_models.py; was the first model's
        answer alone). `answered`: the card only is this message's ("and on an a100?" after
        them); `noted`: the card is the chat's, said so: its "last" question's or its "own";
        `every`: `whole`'s method is every model's ("what about with qlora?" after them)."""
        earlier = previous if previous is not None and not previous.inference and not answered \
            and previous.method is not None \
            and (previous.model_id is not None or previous.params_b is not None) else None
        if earlier is not None and whole.method is None:
            whole = whole.model_copy(update={"method": earlier.method})
        trained = read_trained_together(
            text, whole, lambda part: stand_alone(self._understand(part)),
            lambda q: self.reply(q, locale).answer, earlier, every)
        if trained is None:
            return None
        row = next((r for r in trained.rows if trained.fits(r)), trained.rows[0])
        replies = tuple(self.reply(s.answer.query, locale) for s in row)
        answer = render_trained_together(trained, locale, self.catalogue)
        if answered and previous is not None and previous.together_text:
            answer = self._together_again(replies, locale) + "\n" + answer
        carried = (("method", "model") if trained.carried else ()) \
            + (("gpu",) if noted == "last" else ())
        if noted == "own":
            answer = noted_line(trained, locale, self.catalogue) + "\n" + answer
        if carried:
            assert previous is not None  # a card or a run of the chat's last question
            answer = carried_line(previous, carried, locale, self.catalogue) + "\n" + answer
        return replace(replies[0], query=replies[0].query.model_copy(update={"text": text}),
                       text=answer, parts=_together(replies, text), carried=carried,
                       together=trained_figures(trained, row))

    def _trained_each(
        self,
        text: str,
        chosen_locale: str | None,
        telegram_locale: str | None,
        previous: Query | None,
    ) -> Reply | None:
        """Several models to fine-tune on one card (bot/two_models.trained_each): each one's
        answer in its own section, as several questions are (bot/several.py). None when the
        message asks something else, or several questions (bot/several.py answers each)."""
        # trained_each's screens turn most messages away first; the message's pieces (not kept
        # without a reply cache) are cut again only for those it reads
        asked = trained_each(text, lambda part: stand_alone(self._understand(part)))
        if not asked or len(self._kept(self._cut, text, pieces)) >= 2:
            return None
        locale = self._locale(asked[0].lang, asked[0].lang_sure, chosen_locale, telegram_locale,
                              previous)
        replies = [self.reply(q, locale) for q in asked]
        names = [self.catalogue.models.get(q.model_id).name if q.model_id is not None
                 else f"{q.params_b}B" for q in asked]
        text = compose([r.text for r in replies], names, locale)
        total = self._runs_total(replies, locale)
        return replace(replies[0], text=text if total is None else f"{total}\n\n{text}",
                       parts=tuple(replies), sectioned=True)

    def _runs_total(self, replies: Sequence[Reply], locale: str) -> str | None:
        """Runs priced one after the other on the same configuration, each of which it holds
        ("lora mistral 7b and qlora llama 3 8b, cost for 5 hours on an a100", "… for 5 hours
        each"): what their hours cost together, GPU-hours being bought in blocks (the sections
        each said one run's, the second's dropped as said twice). None otherwise."""
        queries = [reply.query for reply in replies]
        first = queries[0]
        if first.gpu is None or any(
                q.intent != "cost" or q.hours is None or (q.gpu, q.gpu_count or 1)
                != (first.gpu, first.gpu_count or 1) for q in queries) \
                or not all(reply.answer.fits and not reply.answer.error for reply in replies):
            return None
        hours = sum((q.hours for q in queries if q.hours is not None), Decimal(0))
        rented = self.reply(Query(text="", intent="cost", gpu=first.gpu,
                                  gpu_count=first.gpu_count or 1, hours=hours), locale)
        if rented.answer.error:
            return None
        ph = Phrases(locale, self.catalogue)
        config, spent = ph.config(first.gpu, first.gpu_count or 1), ph.fmt.duration(hours)
        lead = ph._("🧾 <b>Both runs, one after the other on %(config)s: %(hours)s in all.</b>",
                    config=config, hours=spent) if len(replies) == 2 else ph._(
            "🧾 <b>The %(num)s runs, one after the other on %(config)s: %(hours)s in all.</b>",
            num=len(replies), config=config, hours=spent)
        return f"{lead}\n{rented.text.split(chr(10) * 2, 1)[0]}"

    def _model_choice(
        self,
        text: str,
        chosen_locale: str | None,
        telegram_locale: str | None,
        previous: Query | None,
    ) -> Reply | None:
        """A choice between two models on one configuration (bot/model_choice.py): both
        verdicts side by side. Its query and answer are the leading model's (the JSON's
        fields), its parts each model's; None when the message asks something else (read after
        bot/several.py, which answers several questions each)."""
        return self._choice_in(text, lambda q: self._locale(
            q.lang, q.lang_sure, chosen_locale, telegram_locale, previous))

    def _choice_in(self, text: str, locale_of: Callable[[Query], str]) -> Reply | None:
        """The choice of `text` between two models or two algorithms, in the locale
        `locale_of` gives the first one's reading; None when it offers none."""
        if not asks_choice(text):
            return None
        read = lambda part: stand_alone(self._understand(part))  # noqa: E731
        runs = algorithms_chosen(text, read)
        if runs:
            return self._algorithms(text, runs, locale_of(runs[0][1]))
        fast = speed_chosen(text, read, self.catalogue)
        if fast is not None:
            said = self._speeds(text, fast, locale_of(fast[0]))
            if said is not None:
                return said
        asked = models_chosen(text, read, self.catalogue)
        if asked is None:
            return None
        return self._chosen(text, asked, locale_of(asked[0]))

    def _speeds(self, text: str, asked: Sequence[Query], locale: str) -> Reply | None:
        """Which of two models decodes faster on the card (bot/model_choice.speed_chosen):
        each one's bandwidth bound, the faster leading; None when no precision holds both."""
        return self._side_by_side(text, asked, locale, speeds, render_speeds)

    def _chosen(self, text: str, asked: Sequence[Query], locale: str) -> Reply | None:
        """Both models' verdicts side by side, the one that fits (or fits with more room)
        leading; None when one got no detailed estimate there."""
        return self._side_by_side(text, asked, locale, sides, render_choice)

    def _side_by_side(
        self, text: str, asked: Sequence[Query], locale: str,
        pick: Callable[[tuple[Answer, Answer], Catalogue], tuple[_Side, _Side] | None],
        render: Callable[[tuple[_Side, _Side], str, Catalogue], str],
    ) -> Reply | None:
        """Two models' replies weighed by `pick` (its first side leads; None: no reply of
        this kind) and rendered together, the lead's reply carrying the other as a part."""
        replies = [self.reply(q, locale) for q in asked]
        chosen = pick((replies[0].answer, replies[1].answer), self.catalogue)
        if chosen is None:
            return None
        lead = replies[0] if chosen[0].answer is replies[0].answer else replies[1]
        return replace(lead, query=lead.query.model_copy(update={"text": text}),
                       text=render(chosen, locale, self.catalogue),
                       parts=(lead, *(r for r in replies if r is not lead)), chosen=True)

    def _algorithms(
        self, text: str, runs: tuple[tuple[str, Query], ...], locale: str,
    ) -> Reply | None:
        """Two training algorithms weighed for one run (bot/model_choice.py): each one's
        detailed estimate side by side. Its query and answer are the first's."""
        replies = [self.reply(q, locale) for _, q in runs]
        said = render_algorithms(
            tuple(Algorithm(name, r.answer) for (name, _), r in zip(runs, replies, strict=True)),
            locale, self.catalogue)
        if said is None:
            return None
        return replace(replies[0], query=replies[0].query.model_copy(update={"text": text}),
                       text=said, parts=tuple(replies))

    def _card_answered(self, text: str, previous: Query | None) -> Query | None:
        """`text` read when it names a card and nothing else ("3090s", "una 4090", not "how
        much is an h100") right after models asked together on no card; else None."""
        if previous is None or (names_card(previous) and previous.together_text is None) \
                or not asks_together(previous.together_text or previous.text):
            return None
        query = stand_alone(self._understand(text))
        folded = fold(text)
        if not names_card(query) or query.model_id is not None or query.params_b is not None \
                or query.family or query.hours is not None or query.budget_usd is not None \
                or query.intent not in ("fit", "prices", "unknown", "memory") \
                or px.HOW_MUCH.search(folded) is not None or px.PRICES.search(folded) is not None \
                or px.COST.search(folded) is not None:
            return None
        return query

    def _engines(
        self,
        text: str,
        chosen_locale: str | None,
        telegram_locale: str | None,
        previous: Query | None,
    ) -> Reply | None:
        """Serving engines compared for one model (bot/engines.py): each one's memory and
        decode bound on the card. None when the message asks something else, or several
        questions (then bot/several.py answers each, this one in its section)."""
        if not asks_engines(text) or len(self._kept(self._cut, text, pieces)) >= 2:
            return None
        whole = stand_alone(self._understand(text))
        locale = self._locale(whole.lang, whole.lang_sure, chosen_locale, telegram_locale,
                              previous)
        return self._engines_in(text, locale, whole)

    def _locale(self, lang: str | None, sure: bool, chosen: str | None,
                telegram: str | None, previous: Query | None, text: str = "") -> str:
        """The reply's locale: the one chosen, else the language the message is surely in,
        else the chat's, else Telegram's, else the default (`text`: the message, whose lean
        on the words Spanish and French share is no lean in a chat held in English)."""
        if not sure and lang in _ROMANCE and text and previous is not None \
                and previous.lang_sure and previous.lang not in _ROMANCE \
                and shared_words_only(text, fold(text)):
            lang = None  # "en usdt?" after "how much is an h100": English
        return resolve_locale(chosen, lang if sure else _chat_language(previous, lang),
                              telegram, self.default_locale, guess=lang)

    def _engines_in(self, text: str, locale: str, whole: Query | None = None) -> Reply | None:
        """The engine comparison of `text` in `locale`. Its query and answer are the first
        engine's (the JSON's fields), its parts each engine's."""
        if not asks_engines(text):
            return None
        whole = whole if whole is not None else stand_alone(self._understand(text))
        found = read_engines(
            text, whole, lambda part: stand_alone(self._understand(part)),
            lambda q: self.reply(q, locale).answer, self.catalogue,
        )
        if found is None:
            # "vllm vs ollama for 10 users …": each engine's own answer, in its section.
            asked = engine_questions(text, whole)
            if not asked:
                return None
            each = [self.reply(stand_alone(self._understand(q)), locale) for q in asked]
            return replace(
                each[0], query=each[0].query.model_copy(update={"text": text}),
                text=compose([r.text for r in each], list(asked), locale), parts=tuple(each))
        replies = tuple(self.reply(q, locale) for q in found.asked)
        return replace(
            replies[0], query=replies[0].query.model_copy(update={"text": text}),
            text=render_engines(found, locale, self.catalogue), parts=replies,
        )

    def _understand_long(self, text: str) -> tuple[Query, int, bool]:
        """Understanding reads READ_CHARS characters. A longer message is read from its start
        and from its end (people ramble first and ask last), and the part that says more is
        answered: (query, characters skipped, whether the end was the part read)."""
        if len(text) <= READ_CHARS:
            return self._understand(text), 0, False
        # A pasted config whose question comes after it: read whole without the lines that
        # set nothing (was its last 1,500 characters, the base_model at the top skipped).
        compact = quiet_settings(text, compact=True)
        if len(compact) <= READ_CHARS:
            return self._understand(compact).model_copy(update={"text": text}), 0, False
        head = _cut_words(text[:READ_CHARS], from_end=False)
        tail = _cut_words(text[-READ_CHARS:], from_end=True)
        first, last = self._understand(head), self._understand(tail)
        if _facts(last) > _facts(first):
            return last.model_copy(update={"text": text}), len(text) - len(tail), True
        return first.model_copy(update={"text": text}), len(text) - len(head), False

    def _understand(self, text: str) -> Query:
        """understand(text), kept for the next time these words come (Query is frozen)."""
        return self._kept(self._read, text, lambda t: understand(t, self.catalogue))

    def _kept(self, kept: OrderedDict[str, T], text: str, read: Callable[[str], T]) -> T:
        """read(text), a pure function of the text (and the catalogue), kept in `kept`: the
        READ_CACHE_SIZE texts used last (nothing without a reply cache)."""
        found = kept.get(text)
        if found is not None:
            kept.move_to_end(text)
            return found
        found = read(text)
        if self.cache_size > 0:
            kept[text] = found
            if len(kept) > READ_CACHE_SIZE:
                kept.popitem(last=False)
        return found

    def reply(self, query: Query, locale: str) -> Reply:
        """Answer an already structured question (commands, buttons) in `locale`."""
        # The facts without the wording (the first field): nothing after understanding
        # reads the text.
        key = (locale, *tuple(query.__dict__.values())[1:])
        cached = self._replies.get(key)
        if cached is not None:
            self._replies.move_to_end(key)
            answer, rendered = cached
            # The same Query again (a text read before): no field-by-field comparison.
            if answer.query is not query and answer.query != query:
                answer = answer.model_copy(update={"query": query})
            return Reply(query=query, answer=answer, locale=locale, text=rendered, catalogue=self.catalogue)
        answer = _bounded_answer(query, self.catalogue)
        try:
            rendered = render_answer(answer, locale, self.catalogue)
        except Exception:
            # A template bug must not leave the user without a reply.
            log.exception("rendering failed for intent %s", answer.intent)
            rendered = render_template("internal_error.html.j2", locale, catalogue=self.catalogue)
            return Reply(query=query, answer=answer, locale=locale, text=rendered, catalogue=self.catalogue)
        if self.cache_size > 0:
            self._replies[key] = (answer, rendered)
            if len(self._replies) > self.cache_size:
                self._replies.popitem(last=False)
        return Reply(query=query, answer=answer, locale=locale, text=rendered, catalogue=self.catalogue)


# A figure said alone, not a card's name ("2", "$2.50", not "h100"): an alert's threshold.
_FIGURES: Final = lazy(r"(?<![a-z0-9.,])\d+(?:[.,]\d+)?(?![a-z0-9])")


def _says_carried(reply: Reply) -> bool:
    """Whether the reply opens with what it carried over ("↪️ …, from your last question."):
    every answer, and the hours asked of a run carried ("ok and the price" after a model served
    on an H100: its hourly price, the hours asked; was no header there, unlike every other
    follow-up). Other errors say what is missing, nothing carried."""
    return not reply.answer.error or reply.answer.error == "hours_required"


def _figures(text: str) -> int:
    """How many figures `text` says that could be an hourly price: not a card's number said
    alone ("i have a 3090"), which no price per hour reaches."""
    return sum(Decimal(f.replace(",", ".")) < 1000 for f in _FIGURES.findall(fold(text)))


def _together(replies: tuple[Reply, ...], text: str) -> tuple[Reply, ...]:
    """Each model's reply of models asked at the same time, keeping the message that asked
    them (`text`), which "and on an a100?" then asks again there (_card_answered)."""
    return tuple(replace(reply, query=reply.query.model_copy(update={"together_text": text}))
                 for reply in replies)


def _again_in(text: str, previous: Query | None) -> Query | None:
    """"and in spanish?", "en français svp" after a question: that question answered again in
    the language asked, over any language chosen before (was "I did not understand"). An alert
    is not set again: the run asked before it is answered. With no question to answer again
    (the chat's first message, or after a greeting), what the bot answers, in that language."""
    locale = language_asked(text)
    if locale is None:
        return None
    last = previous.earlier_run if previous is not None \
        and previous.intent in ("alert", "alert_list", "alert_remove") else previous
    if last is None:
        return Query(text=text, intent="help", lang=locale, lang_sure=True)
    return last.model_copy(update={"lang": locale, "lang_sure": True})


def _chat_language(previous: Query | None, guess: str | None) -> str | None:
    """The language a chat is held in (that of its last question, when it was clear), for a
    message that leans to no language ("en bitcoin ?", "en usdt?": `guess` None): answered in
    it rather than in Telegram's language or the default. A message that leans to one, however
    faintly ("Mixtral 8x7B on 2× H100"), is answered as before; a language the user chose
    (/language) still wins."""
    if previous is None or not previous.lang_sure:
        return None
    # A faint lean between Spanish and French (the words they share: "la h200 ?" in a chat
    # held in French) is the chat's.
    if guess is not None and not (guess in _ROMANCE and previous.lang in _ROMANCE):
        return None
    return previous.lang


_ROMANCE = frozenset({"es", "fr"})


def _bounded_answer(query: Query, catalogue: Catalogue) -> Answer:
    """A number out of its slot's range is answered "too large / too small" before the engine
    sees it (bot/understand/bounds.py)."""
    problem = out_of_range(query)
    if problem is None:
        return build_answer(query, catalogue)
    return Answer(query=query, intent=query.intent, error=problem.code, error_params=problem.params)
def _cut_words(part: str, from_end: bool) -> str:
    """`part` without the word cut in two at its edge."""
    if from_end:
        space = part.find(" ")
        return part[space + 1:] if 0 <= space < 40 else part
    space = part.rfind(" ")
    return part[:space] if space > len(part) - 40 else part


def _facts(query: Query) -> int:
    """How much a reading of a message understood: a known intent and each fact it states."""
    said = (query.params_b, query.model_id, query.method, query.gpu, query.gpu_count,
            query.hours, query.threshold_usd, query.vram_gb)
    return int(query.intent != "unknown") + sum(v is not None for v in said) + bool(query.family)


def _num(value: Decimal | None) -> int | float | None:
    if value is None:
        return None
    return int(value) if value == value.to_integral_value() else float(value)


def _money(value: Decimal | None) -> str | None:
    """Exact decimal string with at least cents: "9.20", "36.88", "5.4325".

    Built from the digits, not by quantize(), which raises beyond 28 digits (10^28 dollars);
    a value that is no amount at all (NaN, infinity) is null."""
    if value is None or not value.is_finite():
        return None
    if abs(value.adjusted()) > _MONEY_DIGITS:
        return str(value)  # still a decimal string ("1E+4000"), not 4 000 zeros
    whole, _, cents = format(value, "f").partition(".")
    cents = cents.rstrip("0").ljust(2, "0")
    return f"{whole}.{cents}"


def _config_memory(reply: Reply, count: int | None) -> Decimal | None:
    """Total memory of the asked configuration: per card × count (a Mac's unified memory)."""
    a, q = reply.answer, reply.query
    fit = a.primary.fit if a.primary else None
    if fit is not None:
        return fit.unified_gb if fit.unified_gb is not None else fit.vram_gb
    if a.gpu is not None:
        per = q.gpu_memory_gb if q.gpu_memory_gb is not None else a.gpu.vram_gb
        return per * (count or 1)
    if q.vram_gb is not None:
        return q.vram_gb * (count or 1)
    return None


def _hours_assumed(a: Answer, quote: Any, q: Query) -> bool | None:
    timed = a.detailed.training_time if a.detailed is not None else None
    if timed is not None and quote is not None and timed.quote == quote:
        return timed.mfu_assumed  # estimated from an assumed utilisation, or measured tokens/s
    if quote is not None:
        return bool(quote.hours_assumed)
    return False if q.hours is not None else None


def _json_method(method: str | None) -> str | None:
    """DESIGN.md §3's method ids: a GGUF type's method ("gguf_q5_k_m") as its planning one."""
    if method is None or not method.startswith("gguf_"):
        return method
    return load_catalogue().method(method).planned_as or method


def to_json(reply: Reply) -> dict[str, Any]:
    """The CLI contract of DESIGN.md section 3: exactly these keys, null where they don't apply."""
    a, q = reply.answer, reply.query
    primary = a.primary
    fit = primary.fit if primary else None
    mem = primary.memory if primary else None
    quote = a.quote
    cheapest = primary.cheapest if primary else None
    # The configuration the user asked about, never the quoted alternative (that one is in
    # cheapest_fit): a cost question without a GPU is about the quoted configuration.
    gpu = a.gpu.id if a.gpu else q.gpu
    count = a.gpu_count if a.gpu_count is not None else (q.gpu_count if gpu or q.vram_gb else None)
    if gpu is None and q.vram_gb is None and quote is not None:
        gpu, count = quote.gpu, quote.gpu_count  # no configuration named: the quoted one
    # A quote for another configuration (the cheapest rented one beside a 3090, 4× A100 beside
    # "LoRA 70B on a 4090") is in the text and in cheapest_fit, never in hours/cost/gpu_hours.
    if quote is not None and (quote.gpu, quote.gpu_count) != (gpu, count):
        quote = a.asked_quote  # the configuration asked about's own cost, when it has one
    vram = _config_memory(reply, count)
    rentable: bool | None = None
    if gpu is not None:
        cat = reply.catalogue
        if a.gpu is not None and a.gpu.id == gpu:
            rented = a.gpu.rented
        else:
            found = cat.find_gpu(gpu)
            rented = found is None or found.rented  # else a quote's GPU: rented
        rentable = rented and (count or 1) <= cat.limits.max_gpus
    if quote is not None and quote.gpu == gpu and quote.gpu_count == count:
        usd_per_hour: Decimal | None = quote.usd_per_hour
    elif fit is not None and fit.gpu == gpu:
        usd_per_hour = fit.usd_per_hour
    elif a.gpu is not None and rentable and a.gpu.usd_per_gpu_hour is not None:
        usd_per_hour = a.gpu.usd_per_gpu_hour * (count or 1)
    elif a.instances and a.gpu is not None and a.gpu.id == gpu:
        usd_per_hour = sum((o.usd_per_hour for o in a.instances), Decimal(0))  # several instances
    else:
        usd_per_hour = None
    hours, gpu_hours = (quote.hours, quote.gpu_hours) if quote else (q.hours, None)
    hours_assumed = _hours_assumed(a, quote, q)
    # Rounded half-up to the cent, as the text shows it ($299.94, not 299.939).
    cost_usd = to_cents(quote.cost_usd) if quote else None
    # How long, or a run whose tokens are said: the run's hours and cost, not the budget's.
    timed_run = a.detailed.training_time if a.detailed is not None else None
    run_priced = timed_run is not None and quote is not None and timed_run.quote == quote
    # Samples of unsaid length: the run is costed at two lengths, the JSON as without a budget.
    # Whether the budget pays for a run is asked ("is $40 enough to qlora mistral 7b"): the run's.
    run_priced = run_priced or (q.budget_enough and quote is not None and bool(a.methods))
    buys = a.budget if a.intent != "time" and not run_priced and not a.sample_bracket else None
    if buys is not None and (buys.gpu, buys.gpu_count) == (gpu, count):
        # What the budget buys on the configuration asked about, even when the quote beside
        # the verdict is for another one that can run the model.
        hours, gpu_hours, hours_assumed = buys.hours, buys.gpu_hours, False
        cost_usd = to_cents(buys.cost_usd)
        plan = a.budget_blocks if a.budget_over and a.budget_alt is None else None
        if plan is not None and plan.hours_bought:
            # GPU-hours are sold only in blocks: the money buys the hours of the whole blocks
            # within it, the hours the text quotes ("$300": 364 hours, $298.48), not the
            # rate's 365.8 hours ($299.96), which no purchase gives.
            gpu_hours = Decimal(plan.hours_bought)
            hours = gpu_hours / buys.gpu_count
            cost_usd = to_cents(plan.usd)
        elif a.budget_over and a.budget_alt is None:
            # Not one block within it: the money buys no hours, and nothing is paid for a run.
            hours, gpu_hours, cost_usd = Decimal(0), Decimal(0), None
    elif a.budget_alt is not None and a.intent != "time":
        hours = gpu_hours = hours_assumed = cost_usd = None  # the alternative's, not this one's
    timed = a.detailed.training_time if a.detailed is not None else None
    if a.intent == "time" and timed is not None and timed.asked and timed.quote is None \
            and timed.wall_clock_hours is not None:
        # "How long on my 3090?": the time on the card asked about, not the quoted one's hours.
        hours, gpu_hours, hours_assumed = timed.wall_clock_hours, timed.gpu_hours, timed.mfu_assumed
    elif a.intent == "time" and a.owned_run is not None and a.owned_run.time is not None:
        # One's own card holds the run with a change (LoRA for a full fine-tune): the time
        # there leads the reply, so it is the JSON's, not the rented run's.
        owned = a.owned_run.time
        hours, gpu_hours, hours_assumed = owned.wall_clock_hours, owned.gpu_hours, True
    elif a.intent == "time" and timed is not None and timed.asked_hours is not None:
        # The card asked about holds the run only at a shorter sequence: the time there.
        hours, gpu_hours = timed.asked_hours, timed.asked_gpu_hours
        hours_assumed = timed.tokens_per_second is None
    elif a.intent == "time" and timed is not None and timed.problem in ("no_peak_tflops", "no_config"):
        # No time estimate, and the reply quotes nothing: no assumed hours or cost either.
        hours = gpu_hours = hours_assumed = cost_usd = None
    run = a.batch_run
    if run is not None and run.time is not None and (run.on_asked or q.gpu is None):
        # "process 10M tokens with llama 3 8b on an h100": the forward pass's hours and cost
        hours, gpu_hours, hours_assumed = run.time.wall_clock_hours, run.time.gpu_hours, True
        cost_usd = to_cents(run.quote.cost_usd) if run.quote is not None else None
    out: dict[str, Any] = {
        "lang": reply.locale,
        "intent": a.intent,
        "params_b": _num(a.params_b if a.params_b is not None else q.params_b),
        # A family named on a configuration: the member the reply is for.
        # The largest model asked for ("whats the largest model i can qlora for 50 bucks"): the
        # one the reply is about, when it is about a model on file and not a size alone.
        "model": a.query.model_id if a.family_pick is not None or (
            q.model_id is None and (a.largest is not None or a.largest_budget is not None))
        else q.model_id,
        # A GGUF type's method is reported as the planning method it stands in for.
        "method": (mem.planned_as or mem.method) if mem else _json_method(q.method),
        "gpu": gpu,
        "gpu_count": count,
        "hours": _num(hours),
        "hours_assumed": hours_assumed,
        "floor_gb": _num(mem.floor_gb) if mem else None,
        "estimate_gb": _num(mem.estimate_gb) if mem else None,
        "high_gb": _num(mem.high_gb) if mem else None,
        "vram_gb": _num(vram),
        # An offloaded run leads "⚠️ partly on the CPU, slowly": it runs (detailed_fits keeps
        # the GPU memory's own verdict, false).
        # "⚠️ Depends on the model" (a bare size the vocabulary decides): neither a yes nor a
        # no, so null, as DESIGN §3's null for what does not apply; detailed_fits stays the
        # verdict of detailed_gb, the assumed shape's figure.
        "fits": None if not fit or a.leads_depends else (a.fits or a.runs_offloaded),
        "usd_per_hour": _money(usd_per_hour),
        "cost_usd": _money(cost_usd),
        "gpu_hours": _num(gpu_hours),
        "cheapest_fit": {
            "gpu": a.memory_offers[0].gpu,
            "gpu_count": a.memory_offers[0].count,
            "usd_per_hour": _money(a.memory_offers[0].usd_per_hour),
        } if cheapest is None and a.memory_offers and not a.memory_short else None
        if cheapest is None
        else {
            "gpu": cheapest.gpu,
            "gpu_count": cheapest.gpu_count,
            "usd_per_hour": _money(cheapest.usd_per_hour),
        },
        "threshold_usd": _money(q.threshold_usd),
        "error": a.error or (f"missing_{a.missing}" if a.missing else None),
        "text": reply.text,
        "rentable": rentable,
        "detailed_gb": _num(a.detailed.per_gpu_gb) if a.detailed else None,
        "detailed_fits": a.detailed_fits if fit else None,
        "parts": [to_json(part) for part in reply.parts] or None,
        "models": None,
    }
    together = reply.together
    if together is not None:
        # Models at the same time: the verdict the reply leads with and the memory it judges
        # are theirs together, not the first model's alone (which is in `models` and `parts`).
        out.update(fits=together.fits, detailed_fits=together.fits,
                   detailed_gb=_num(together.per_gpu_gb), models=[{
                       "model": s.answer.query.model_id, "params_b": _num(s.detailed.params_b),
                       "method": s.detailed.method, "detailed_gb": _num(s.detailed.per_gpu_gb),
                   } for s in together.sized])
    assert tuple(out) == JSON_KEYS
    return out
