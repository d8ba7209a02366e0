"""How answers go out: ``message.reply_text`` as PTB sends it, without what nobody reads.

PTB parses every answer of ``sendMessage`` back into a ``Message`` (with its entities and
the keyboard echoed back): ~0.18 ms of CPU for a 2–3 KB reply, more than the rest of our
Telegram layer, and no handler uses it. ``reply_html`` sends the same request through the
same bot (its request object, rate limiter, ``Defaults`` and error mapping) and drops the
answer. Keyboards travel as (label, callback data) rows and become JSON directly; an
``InlineKeyboardMarkup`` is built only where PTB needs one.
"""

from __future__ import annotations

from telegram import Chat, InlineKeyboardButton, InlineKeyboardMarkup, Message
from telegram._utils.defaultvalue import DEFAULT_NONE
from telegram.ext import ExtBot

# An inline keyboard: rows of (label, callback data).
Rows = tuple[tuple[tuple[str, str], ...], ...]


def markup(rows: Rows) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        [[InlineKeyboardButton(text, callback_data=data) for text, data in row] for row in rows]
    )


def keyboard_json(rows: Rows) -> dict[str, object]:
    """What ``markup(rows).to_dict()`` gives, without building the PTB objects."""
    return {
        "inline_keyboard": [
            [{"text": text, "callback_data": data} for text, data in row] for row in rows
        ]
    }


def _as_reply_text_sends(message: Message) -> bool:
    """Whether reply_text would send just chat, text, keyboard and the defaults: a private
    chat, no forum topic, business connection or direct-messages topic, no quoting default,
    no arbitrary callback data (elsewhere reply_text is used as it is)."""
    bot = message.get_bot()
    if not isinstance(bot, ExtBot) or bot.callback_data_cache is not None:
        return False
    if bot.defaults is not None and bot.defaults.do_quote is not None:
        return False
    return (
        message.chat.type == Chat.PRIVATE and not message.is_topic_message
        and message.business_connection_id is None and message.direct_messages_topic is None
    )


async def reply_html(message: Message, text: str, rows: Rows | None = None) -> None:
    """``message.reply_text(text, reply_markup=markup(rows))``, the same request on the wire
    (tests/test_telegram_send.py compares them), minus parsing Telegram's answer."""
    if not _as_reply_text_sends(message):
        await message.reply_text(text, reply_markup=markup(rows) if rows else None)
        return
    bot = message.get_bot()
    # Bot._post (PTB's own path under send_message, pinned ~=22.5): the DEFAULT_NONE values
    # are the ones send_message passes, for ExtBot to fill from Defaults (the parse mode).
    await bot._post(
        "sendMessage",
        {
            "chat_id": message.chat_id,
            "text": text,
            "parse_mode": DEFAULT_NONE,
            "disable_notification": DEFAULT_NONE,
            "protect_content": DEFAULT_NONE,
            "link_preview_options": DEFAULT_NONE,
            "reply_markup": keyboard_json(rows) if rows else None,
        },
    )
