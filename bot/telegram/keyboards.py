"""Inline keyboards under answers: the next step a user is likely to want."""

from __future__ import annotations

from functools import lru_cache

from babel import Locale
from telegram import InlineKeyboardMarkup

from bot.detail import chart_callback_args
from bot.i18n import AUTO, SUPPORTED_LOCALES, tr
from bot.pipeline import Reply
from bot.telegram.callbacks import Callback, size_arg
from bot.telegram.send import Rows, markup


@lru_cache(maxsize=16)
def language_name(code: str) -> str:
    """The language's own name for its button ("English", "Español", "Français"), from CLDR."""
    return str(Locale.parse(code).get_display_name(code)).capitalize()


def _button(text: str, callback: Callback) -> tuple[str, str]:
    return text, callback.encode()


def answer_keyboard(reply: Reply, fresh: int | None = None) -> InlineKeyboardMarkup | None:
    rows = answer_rows(reply, fresh)
    return markup(rows) if rows else None


def answer_rows(reply: Reply, fresh: int | None = None) -> Rows | None:
    """Other GPUs that fit, a quote, how to pay, follow this GPU's price; for a follow-up
    (`fresh`: the id of the message it answers), asking it again as a new question."""
    locale, answer = reply.locale, reply.answer
    fresh_row: Rows = (
        ((_button(tr(locale, "Ask it as a new question"), Callback("fresh", (str(fresh),))),),)
        if fresh is not None and reply.carried else ()
    )
    if answer.missing == "model_size" and reply.query.family:
        # One button per model of the family named ("llama 3" → 8B, 70B), three to a row.
        buttons = [
            _button(name, Callback("pick", (model_id,)))
            for name, model_id in zip(answer.family, reply.query.family, strict=True)
        ]
        picks = tuple(tuple(buttons[i : i + 3]) for i in range(0, len(buttons), 3))
        return (*picks, *fresh_row)
    if answer.error or answer.missing:
        return fresh_row or None
    rows: list[tuple[tuple[str, str], ...]] = [*fresh_row]
    if answer.family_pick is not None:
        # "llama 3 on an H100", answered for the 70B: a button for each other member.
        pick = answer.family_pick
        others = [_button(name, Callback("pick", (model_id,)))
                  for name, model_id in zip(pick.others, pick.other_ids, strict=True)]
        rows.extend(tuple(others[i : i + 3]) for i in range(0, len(others), 3))
    primary = answer.primary
    if primary is not None and answer.params_b is not None:
        method, size = primary.memory.method, size_arg(answer.params_b)
        first: list[tuple[str, str]] = []
        if answer.intent != "recommend" and len(primary.options) > 0:
            first.append(_button(tr(locale, "GPUs that fit"), Callback("more", (method, size))))
        target = primary.fit if primary.fit and primary.fit.fits and primary.fit.gpu else primary.cheapest
        if answer.quote is None and target is not None and target.gpu and target.usd_per_hour:
            first.append(
                _button(
                    tr(locale, "Quote"),
                    Callback("quote", (method, size, target.gpu, str(target.gpu_count))),
                )
            )
        if answer.detailed is not None:
            first.append(
                _button(tr(locale, "Chart"), Callback("chart", chart_callback_args(answer.detailed)))
            )
        if first:
            rows.append(tuple(first))
    second: list[tuple[str, str]] = []
    if answer.intent != "pay":
        second.append(_button(tr(locale, "Pay with crypto"), Callback("pay")))
    gpu = answer.gpu or None
    if gpu is not None and gpu.usd_per_gpu_hour is not None and answer.intent != "alert":
        second.append(
            _button(tr(locale, "Follow %(gpu)s price") % {"gpu": gpu.name}, Callback("follow", (gpu.id,)))
        )
    if second:
        rows.append(tuple(second))
    return tuple(rows) or None


def examples_keyboard(locale: str, examples: list[str]) -> InlineKeyboardMarkup:
    return markup(tuple((_button(text, Callback("ex", (str(i),))),) for i, text in enumerate(examples)))


def language_keyboard(locale: str = "en") -> InlineKeyboardMarkup:
    """One button per language, and one to go back to automatic (the question's language,
    else Telegram's)."""
    languages = [
        _button(language_name(code), Callback("lang", (code,)))
        for code in SUPPORTED_LOCALES
    ]
    automatic = _button(tr(locale, "Automatic"), Callback("lang", (AUTO,)))
    return markup((tuple(languages), (automatic,)))
