"""Thin handlers: pick the locale, call the pipeline, send the reply with its keyboard."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import html
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Any, cast
from uuid import uuid4

from telegram import (
    InlineQueryResultArticle,
    InputTextMessageContent,
    Message,
    Update,
)
from telegram.constants import ChatAction, ChatType
from telegram.error import Forbidden, TelegramError
from telegram.ext import ApplicationHandlerStop, ContextTypes

from bot.charts import chart_png
from bot.conversation import Conversations
from bot.detail import chart_query
from bot.i18n import AUTO, N_, SUPPORTED_LOCALES, language_choice, resolve_locale, tr
from bot.pipeline import Pipeline, Reply, alerts_set
from bot.prefs import Preferences
from bot.telegram.callbacks import STALE, Callback, describe, parse_size
from bot.telegram.callbacks import parse as parse_callback
from bot.telegram.context import UpdateContext
from bot.telegram.flood import FloodGuard
from bot.telegram.keyboards import answer_rows, examples_keyboard, language_keyboard
from bot.telegram.send import reply_html
from bot.understand.query import Intent, Query

if TYPE_CHECKING:
    from bot.alerts import AlertServices

log = logging.getLogger(__name__)

EXAMPLES = [
    N_("can I QLoRA 70B on a 4090?"),
    N_("how much VRAM for LoRA on Llama 3.1 8B?"),
    N_("cost of LoRA 70B on 2× H200 for 12 hours"),
    N_("H100 vs A100 for QLoRA 70B"),
]
MAX_INLINE_RESULTS = 50
ALERT_COMMANDS = frozenset({"/alert", "/alerts", "/unalert", "/history"})

HandlerCallback = Callable[[Update, ContextTypes.DEFAULT_TYPE], Coroutine[Any, Any, None]]
# What a button does once its press is answered: (update, context, message, args, locale).
ButtonAction = Callable[
    [Update, ContextTypes.DEFAULT_TYPE, Message, tuple[str, ...], str], Awaitable[None]
]
ButtonReply = Callable[[Update, UpdateContext, tuple[str, ...], str], Awaitable[Reply | None]]


class Handlers:
    def __init__(
        self, pipeline: Pipeline, prefs: Preferences, flood: FloodGuard, default_locale: str,
        typing_delay: float = 0.3,
        alerts: AlertServices | None = None,
        conversations: Conversations | None = None,
        alerts_later: Callable[[], Awaitable[AlertServices | None]] | None = None,
    ) -> None:
        self.alerts = alerts
        # While the storage comes up after start-up (bot/telegram/runner.py): waits for it.
        self.alerts_later = alerts_later
        self.conversations = conversations or Conversations()
        self.typing_delay = typing_delay
        self.pipeline = pipeline
        self.prefs = prefs
        self.flood = flood
        self.default_locale = default_locale

    # -- helpers -------------------------------------------------------------------------
    async def _alerts(self) -> AlertServices | None:
        if self.alerts is None and self.alerts_later is not None:
            self.alerts = await self.alerts_later()
        return self.alerts

    async def _chosen(self, update: Update) -> str | None:
        user = update.effective_user
        if user is None:
            return None
        try:
            return await self.prefs.get_locale(user.id)
        except Exception:
            # The database is away: answer anyway, in the language of the question.
            log.warning("could not read the chosen language", exc_info=True)
            return None

    async def languages(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        """Runs for every update right after the flood guard: the user's language choice is
        read once, and with it the locale of command replies, for every handler after it."""
        if isinstance(update, Update):
            await self._resolve(update, context)

    async def _resolve(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        languages = cast(UpdateContext, context)
        languages.chosen_locale = await self._chosen(update)
        user = update.effective_user
        languages.locale = resolve_locale(
            languages.chosen_locale, None, user.language_code if user else None,
            self.default_locale,
        )

    @staticmethod
    def _locale(context: ContextTypes.DEFAULT_TYPE) -> str:
        return cast(UpdateContext, context).locale

    @staticmethod
    def _chosen_locale(context: ContextTypes.DEFAULT_TYPE) -> str | None:
        return cast(UpdateContext, context).chosen_locale

    async def guard(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        """Runs before every other handler: flood control for every kind of update (messages,
        commands, buttons, inline queries). One friendly warning, then silence."""
        if not isinstance(update, Update) or update.effective_user is None:
            return
        verdict = self.flood.check(update.effective_user.id)
        if verdict == "ok":
            return
        await self._resolve(update, context)  # the guard runs first: languages are not read yet
        text = tr(self._locale(context), "You are sending messages very fast. Please wait a minute.")
        try:
            if update.callback_query is not None:
                # Every callback is answered, even a dropped one (else the button spins).
                await update.callback_query.answer(text if verdict == "warn" else None)
            elif verdict == "warn" and update.effective_message is not None:
                await update.effective_message.reply_text(text)
        except TelegramError:
            log.warning("could not tell a flooding user to slow down", exc_info=True)
        raise ApplicationHandlerStop

    async def _send(self, message: Message, reply: Reply, fresh: int | None = None) -> None:
        """`fresh`: the id of the message a follow-up answers (its "ask it as a new question"
        button)."""
        parts = reply.messages
        rows = answer_rows(reply, fresh)
        for i, part in enumerate(parts):
            await reply_html(message, part, rows if i == len(parts) - 1 else None)

    @contextlib.asynccontextmanager
    async def _typing(
        self, update: Update, context: ContextTypes.DEFAULT_TYPE, action: str = ChatAction.TYPING
    ) -> AsyncIterator[None]:
        """Show "typing…" when the work takes longer than `typing_delay` (most answers take a
        millisecond: an indicator for those would only double the requests to Telegram)."""
        chat = update.effective_chat

        async def indicate() -> None:
            try:
                assert chat is not None
                await context.bot.send_chat_action(chat.id, action)
            except TelegramError:
                log.debug("typing indicator failed", exc_info=True)

        if chat is None:
            yield
            return
        if self.typing_delay <= 0:
            await indicate()
            yield
            return
        # A timer, not a sleeping task: nearly every answer is done before it fires, and a
        # timer costs a tenth of a task to start and cancel.
        started: list[asyncio.Task[None]] = []
        timer = asyncio.get_running_loop().call_later(
            self.typing_delay, lambda: started.append(asyncio.create_task(indicate()))
        )
        try:
            yield
        finally:
            timer.cancel()
            for task in started:
                task.cancel()

    async def _answer_text(
        self, update: Update, context: ContextTypes.DEFAULT_TYPE, text: str,
        force_intent: Intent | None = None, conversational: bool = False,
    ) -> None:
        """`conversational`: a message typed in the chat, which may follow on from the
        previous question (commands and links stand alone)."""
        message = update.effective_message
        user = update.effective_user
        if message is None:
            return
        chosen = self._chosen_locale(context)
        chat_id = message.chat_id
        previous = self.conversations.previous(chat_id) if conversational else None
        async with self._typing(update, context):
            reply = self.pipeline.ask(
                text, chosen_locale=chosen, telegram_locale=user.language_code if user else None,
                previous=previous,
            )
            self.conversations.remember(chat_id, reply, message.message_id)
            if force_intent is not None and reply.answer.intent != force_intent and text.strip():
                query = reply.query.model_copy(update={"intent": force_intent})
                reply = self.pipeline.reply(query, reply.locale)
            # An alert among several questions is set with the others (_alerts_set), not alone.
            if reply.answer.intent == "alert" and not reply.composed \
                    and await self._subscribe(update, reply):
                return
            if reply.answer.intent in ("alert_list", "alert_remove") and await self._alerts_text(
                update, reply
            ):
                return
            await self._send(message, await self._alerts_set(update, reply),
                             fresh=message.message_id)

    # -- commands ------------------------------------------------------------------------
    async def start(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        message = update.effective_message
        if message is None:
            return
        self.conversations.forget(message.chat_id)  # a new start is a new conversation
        payload = " ".join(context.args or [])
        if payload:
            # Deep links: t.me/bot?start=qlora-70b-4090 → "qlora 70b 4090".
            await self._answer_text(update, context, payload.replace("-", " ").replace("_", " "))
            return
        locale = self._locale(context)
        reply = self.pipeline.reply(Query(text="", intent="help"), locale)
        examples = [tr(locale, e) for e in EXAMPLES]
        await message.reply_text(
            reply.text, reply_markup=examples_keyboard(locale, examples)
        )

    async def intent_command(
        self, update: Update, context: ContextTypes.DEFAULT_TYPE, intent: Intent
    ) -> None:
        text = " ".join(context.args or [])
        if not text:
            locale = self._locale(context)
            message = update.effective_message
            if message is not None:
                await self._send(message, self.pipeline.reply(Query(text="", intent=intent), locale))
            return
        await self._answer_text(update, context, text, force_intent=intent)

    async def help(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        await self.intent_command(update, context, "help")

    async def prices(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        await self.intent_command(update, context, "prices")

    async def pay(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        await self.intent_command(update, context, "pay")

    async def fit(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        await self.intent_command(update, context, "fit")

    async def quote(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        await self.intent_command(update, context, "cost")

    async def language(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        message, user = update.effective_message, update.effective_user
        if message is None or user is None:
            return
        wanted = language_choice(context.args[0]) if context.args else None
        if wanted is None:
            locale = self._locale(context)
            await message.reply_text(
                tr(locale, "Choose your language:"), reply_markup=language_keyboard(locale)
            )
            return
        await message.reply_text(await self._choose_language(update, wanted))

    async def _choose_language(self, update: Update, wanted: str) -> str:
        """Stores `wanted` (a locale, or AUTO to clear the choice); returns the confirmation."""
        user, chat = update.effective_user, update.effective_chat
        assert user is not None
        chosen = None if wanted == AUTO else wanted
        await self.prefs.set_locale(user.id, chat.id if chat else user.id, chosen)
        if chosen is None:
            # No choice any more: Telegram's language, as the next update will resolve it.
            locale = resolve_locale(None, None, user.language_code, self.default_locale)
            return tr(locale, "I will answer in the language of each question from now on.")
        return tr(chosen, "I will answer in English from now on.")

    async def other_command(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A command no handler knows (/foo), or an alert command while alerts are off (no
        database): a clear answer rather than silence."""
        message = update.effective_message
        if message is None or not message.text:
            return
        command, _, addressee = message.text.split(maxsplit=1)[0].partition("@")
        command = command.lower()
        if addressee and message.chat.type != ChatType.PRIVATE \
                and addressee.lower() != (context.bot.username or "").lower():
            # "/help@other_bot" in a group is another bot's: left to it (was answered here,
            # PTB's CommandHandler passing it on as a command this bot does not know).
            log.debug("a command for another bot in chat %s", message.chat.id)
            return
        if command in ALERT_COMMANDS and self.alerts is None:
            await message.reply_text(
                tr(self._locale(context),
                   "Price alerts need the database, which is not available.")
            )
            return
        await self._answer_text(update, context, message.text)

    # -- free text, buttons, inline mode -------------------------------------------------------
    async def text(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        message = update.effective_message
        if message is not None and message.text:
            await self._answer_text(update, context, message.text, conversational=True)

    def buttons(self) -> dict[str, HandlerCallback]:
        """One handler per button action (bot/telegram/callbacks.py), registered with that
        action's pattern; ``other_button`` takes the presses none of them matches."""
        return {
            "chart": self._button(lambda u, c, m, a, locale: self._chart(m, a, locale)),
            "pick": self._button(lambda u, c, m, a, locale: self._pick(m, a, locale)),
            "fresh": self._button(self._fresh),
            "ex": self._replying(self._example),
            "pay": self._replying(self._pay),
            "lang": self._replying(self._language_button),
            "more": self._replying(functools.partial(self._more_or_quote, "more")),
            "quote": self._replying(functools.partial(self._more_or_quote, "quote")),
            "follow": self._replying(self._follow),
        }

    async def other_button(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A press no action's handler took: forged or stale data (the user is told), or an
        action this application does not handle (answered, nothing more)."""
        await self._pressed(update, context)

    async def _pressed(
        self, update: Update, context: ContextTypes.DEFAULT_TYPE
    ) -> tuple[Callback, Message] | None:
        """Answers the press (every callback exactly once, whatever happens next); its data
        and message when well-formed."""
        query = update.callback_query
        if query is None:
            return None
        data = parse_callback(query.data)
        message = query.message if isinstance(query.message, Message) else None
        if data is None:
            # Forged or from an older version: a word to the user, a line in the log.
            log.info("button refused (user %s): %s", query.from_user.id, describe(query.data))
            await query.answer(tr(self._locale(context), STALE))
            return None
        await query.answer()
        return None if message is None else (data, message)

    def _button(self, act: ButtonAction) -> HandlerCallback:
        async def handle(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
            pressed = await self._pressed(update, context)
            if pressed is not None:
                data, message = pressed
                await act(update, context, message, data.args, self._locale(context))

        return handle

    def _replying(self, build: ButtonReply) -> HandlerCallback:
        async def act(
            update: Update, context: ContextTypes.DEFAULT_TYPE, message: Message,
            args: tuple[str, ...], locale: str,
        ) -> None:
            reply = await build(update, cast(UpdateContext, context), args, locale)
            if reply is not None:
                await self._send(message, reply)

        return self._button(act)

    async def _pick(self, message: Message, args: tuple[str, ...], locale: str) -> None:
        """A model chosen from a family's buttons answers the question that named the family
        (its GPU, method, hours), or, once that is forgotten, the model's memory."""
        try:
            spec = self.pipeline.catalogue.models.get(args[0] if args else "")
        except KeyError:
            return  # a forged or outdated button
        asked = self.conversations.previous(message.chat_id)
        if asked is not None and args[0] in asked.family:
            query = asked.model_copy(
                update={"model_id": spec.id, "params_b": spec.params_b, "family": ()}
            )
        else:
            query = Query(text="", intent="memory", model_id=spec.id, params_b=spec.params_b)
        reply = self.pipeline.reply(query, locale)
        self.conversations.remember(message.chat_id, reply)
        await self._send(message, reply)

    async def _fresh(
        self, update: Update, context: ContextTypes.DEFAULT_TYPE, message: Message,
        args: tuple[str, ...], locale: str,
    ) -> None:
        """The follow-up under this button, asked again as a question of its own."""
        token = int(args[0]) if len(args) == 1 and args[0].isdigit() else None
        asked = self.conversations.followed_text(message.chat_id, token) if token else None
        if asked is None:
            await message.reply_text(
                tr(locale, "I no longer have that question: please type it again.")
            )
            return
        user = update.effective_user
        reply = self.pipeline.ask(
            asked, chosen_locale=self._chosen_locale(context),
            telegram_locale=user.language_code if user else None,
        )
        self.conversations.remember(message.chat_id, reply)
        await self._send(message, reply)

    async def _alerts_text(self, update: Update, reply: Reply) -> bool:
        """"show my alerts", "stop my H100 alert": what /alerts and /unalert do, answered in
        the question's language (with the remove buttons of /alerts)."""
        from bot.telegram.alert_handlers import AlertHandlers

        user, message = update.effective_user, update.effective_message
        alerts = await self._alerts()
        if alerts is None or user is None or message is None:
            return False
        query = reply.query
        target = query.removal_target()
        if reply.answer.intent == "alert_remove" and target is not None:
            text = await alerts.remove_text(user.id, reply.locale, target)
            await message.reply_text(text)
            return True
        text, markup = await AlertHandlers(alerts, self.prefs).list_for(user.id, reply.locale)
        await message.reply_text(text, reply_markup=markup)
        return True

    async def _chart(self, message: Message, args: tuple[str, ...], locale: str) -> None:
        query = chart_query(args, self.pipeline.catalogue)
        if query is None:
            return
        # matplotlib is CPU-bound: keep the event loop answering other users meanwhile.
        await message.get_bot().send_chat_action(message.chat_id, ChatAction.UPLOAD_PHOTO)
        png = await asyncio.to_thread(chart_png, query, locale, self.pipeline.catalogue)
        if png is not None:
            await message.reply_photo(png, caption=tr(locale, "Where the memory goes"))

    async def _subscribe(self, update: Update, reply: Reply) -> bool:
        """Free-text alerts and the Follow button subscribe for real when alerts are running."""
        user, chat, message = update.effective_user, update.effective_chat, update.effective_message
        alerts = await self._alerts()
        if alerts is None or user is None or chat is None or message is None:
            return False
        text = await alerts.subscribe_text(
            reply.query, user.id, chat.id, reply.locale, user.language_code
        )
        await message.reply_text(text)
        return True

    async def _alerts_set(self, update: Update, reply: Reply) -> Reply:
        """"… on my 3060? also alert me if the h100 drops below 2.5": the alerts among several
        questions set too, when alerts are running (each section says so)."""
        user, chat = update.effective_user, update.effective_chat
        if not reply.composed or user is None or chat is None:
            return reply
        alerts = await self._alerts()
        if alerts is None:
            return reply
        return await alerts_set(reply, lambda query: alerts.subscribe_text(
            query, user.id, chat.id, reply.locale, user.language_code))

    async def _example(
        self, update: Update, context: UpdateContext, args: tuple[str, ...], locale: str
    ) -> Reply | None:
        if args and args[0].isdigit() and int(args[0]) < len(EXAMPLES):
            return self.pipeline.ask(tr(locale, EXAMPLES[int(args[0])]), chosen_locale=locale)
        return None

    async def _pay(
        self, update: Update, context: UpdateContext, args: tuple[str, ...], locale: str
    ) -> Reply | None:
        return self.pipeline.reply(Query(text="", intent="pay"), locale)

    async def _language_button(
        self, update: Update, context: UpdateContext, args: tuple[str, ...], locale: str
    ) -> Reply | None:
        if not (args and args[0] in (*SUPPORTED_LOCALES, AUTO) and update.effective_user):
            return None
        confirmed = await self._choose_language(update, args[0])
        message = update.effective_message
        if args[0] == AUTO and message is not None:
            await message.reply_text(confirmed)
            return None
        return self.pipeline.reply(Query(text="", intent="help"), args[0])

    async def _more_or_quote(
        self, action: str, update: Update, context: UpdateContext, args: tuple[str, ...],
        locale: str,
    ) -> Reply | None:
        if len(args) < 2:
            return None
        size = parse_size(args[1])
        if size is None:
            return None
        fields: dict[str, object] = {
            "text": "", "intent": "recommend" if action == "more" else "cost",
            "method": args[0], "params_b": size,
        }
        if action == "quote" and len(args) == 4 and args[3].isdigit():
            fields.update(gpu=args[2], gpu_count=int(args[3]))
        try:
            query = Query.model_validate(fields)
        except ValueError:
            return None
        return self.pipeline.reply(query, locale)

    async def _follow(
        self, update: Update, context: UpdateContext, args: tuple[str, ...], locale: str
    ) -> Reply | None:
        if not args:
            return None
        reply = self.pipeline.reply(Query(text="", intent="alert", gpu=args[0]), locale)
        if await self._subscribe(update, reply):
            return None
        return reply

    async def inline(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        inline = update.inline_query
        if inline is None:
            return
        text = inline.query.strip()
        if not text:
            await inline.answer([], cache_time=60)
            return
        chosen = self._chosen_locale(context)
        reply = self.pipeline.ask(
            text, chosen_locale=chosen, telegram_locale=inline.from_user.language_code
        )
        first = reply.messages[0]
        summary = html.unescape(first.split("\n", 1)[0])
        for tag in ("<b>", "</b>", "<i>", "</i>", "<code>", "</code>"):
            summary = summary.replace(tag, "")
        result = InlineQueryResultArticle(
            id=uuid4().hex,
            title=summary[:120] or text[:120],
            description=text[:200],
            input_message_content=InputTextMessageContent(first),
        )
        await inline.answer([result][:MAX_INLINE_RESULTS], cache_time=30, is_personal=True)

    async def error(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        log.error("handler failed", exc_info=context.error)
        if isinstance(context.error, Forbidden):
            return
        if isinstance(update, Update) and update.effective_message is not None:
            locale = resolve_locale(
                None, None,
                update.effective_user.language_code if update.effective_user else None,
                self.default_locale,
            )
            try:
                await update.effective_message.reply_text(
                    tr(locale, "Sorry, something went wrong on my side. Please try again.")
                )
            except TelegramError:
                log.warning("could not tell the user about the error", exc_info=True)

