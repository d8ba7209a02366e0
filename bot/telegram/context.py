"""The context of one update, carrying its languages (PTB's custom-context idiom).

PTB builds one context per update and hands it to every handler of every group: the languages
resolved once in an early group (Handlers.languages) are there for all the handlers after it.
"""

from __future__ import annotations

from typing import Any

from telegram.ext import Application, CallbackContext, ContextTypes, ExtBot

from bot.i18n import DEFAULT_LOCALE


class UpdateContext(CallbackContext[ExtBot[None], dict[Any, Any], dict[Any, Any], dict[Any, Any]]):
    def __init__(
        self, application: Application[Any, Any, Any, Any, Any, Any],
        chat_id: int | None = None, user_id: int | None = None,
    ) -> None:
        super().__init__(application, chat_id, user_id)
        self.chosen_locale: str | None = None  # the user's /language choice, if any
        self.locale: str = DEFAULT_LOCALE  # of command replies: the choice, else Telegram's


CONTEXT_TYPES: ContextTypes[Any, Any, Any, Any] = ContextTypes(context=UpdateContext)
