"""A choice between two models on one configuration ("qwen3 4b vs phi 4 mini which fits better
on 8gb for qlora", "qwen3 8b o llama 3.1 8b, cual entra mejor en 16gb", "mistral 7b ou qwen2.5
7b sur 12 go en qlora, lequel passe ?"): both verdicts side by side, the one that fits (or fits
with more room) leading. Was the answer about one of them, the other dropped.

Each model gets the question the message asks (its card, method and settings, said once for
both: bot/two_models.each_model) and the bot's own answer to it; the reply sets their detailed
estimates per GPU side by side, the figure the single answers lead with (the detailed verdict
leads a one-method fit: bot/answer._typical_leads). A message with a together word is models
served at once (bot/two_models.py), read first."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Final

from bot.answer import Answer
from bot.render.phrases import Phrases
from bot.two_models import CHOICE_BETWEEN, each_model, named_models
from bot.understand.lazy import lazy
from bot.understand.normalise import fold
from bot.understand.query import Query
from rules.catalogue import Catalogue

__all__ = ["Side", "asks_choice", "models_chosen", "render_choice", "sides"]

# The words that offer a choice (folded text): the cheap test before reading the models.
_OR: Final = lazy(r"\b(?:vs|versus|or|o|ou|contra|contre)\b")
# Speed asked of the two ("which is faster"): not a question of memory, answered as before.
_SPEED: Final = lazy(
    r"\b(?:faster|fastest|quicker|speed|tok(?:ens)?/s|t/s|rapides?|vite|rapid[oa]s?|velocidad"
    r"|vitesse)\b"
)


@dataclass(frozen=True, slots=True)
class Side:
    """One model's verdict on the configuration: its detailed estimate per GPU against each
    GPU's memory (`card_gb`)."""

    name: str
    answer: Answer
    need_gb: Decimal
    card_gb: Decimal
    fits: bool

    @property
    def room_gb(self) -> Decimal:
        return self.card_gb - self.need_gb


def asks_choice(text: str) -> bool:
    """Whether `text` may offer a choice between models ("x vs y", "x or y", "x o y", "x ou y")."""
    return _OR.search(fold(text)) is not None


def models_chosen(text: str, read: Callable[[str], Query]) -> tuple[Query, Query] | None:
    """The question of `text` asked of each of the two models it offers a choice between, on
    the configuration it names, in the order named; None when it asks something else (one
    model, three, a family, no configuration, a question that is not one of memory)."""
    folded = fold(text)
    if _OR.search(folded) is None or _SPEED.search(folded) is not None:
        return None
    whole = read(text)
    # "compare": "llama 3 8b vs mistral 7b for qlora on a 4090" reads as two cards compared
    # until the second card is found missing.
    if whole.rig or whole.other_gpus \
            or whole.intent not in ("fit", "memory", "unknown", "compare") \
            or (whole.gpu is None and whole.vram_gb is None) \
            or (whole.model_id is None and whole.params_b is None) \
            or whole.speed_asked or whole.context_asked or whole.train_speed_asked \
            or whole.concurrency_asked or whole.users is not None:
        return None
    found = named_models(text, read, CHOICE_BETWEEN)
    if found is None or found[1] or found[2] > 1:
        return None
    named = found[0]
    if len(named) != 2 or any(q.model_id is None and q.params_b is None for q in named) \
            or (named[0].model_id, named[0].params_b) == (named[1].model_id, named[1].params_b):
        return None
    first, second = (each_model(whole, q).model_copy(update={"intent": "fit"}) for q in named)
    return first, second


def sides(answers: tuple[Answer, Answer], catalogue: Catalogue) -> tuple[Side, Side] | None:
    """Each model's verdict, the one that fits (or fits with more room) first; None when a
    model got no detailed estimate on the configuration (then each is answered as before)."""
    found: list[Side] = []
    for a in answers:
        check = a.detailed.check if a.detailed is not None else None
        if a.error is not None or check is None:
            return None
        name = catalogue.models.get(a.query.model_id).name if a.query.model_id is not None \
            else ""
        found.append(Side(name, a, check.detailed_per_gpu_gb, check.vram_per_gpu_gb,
                          check.detailed_fits))
    # Stable: equal room keeps the order named.
    first, second = sorted(found, key=lambda s: (not s.fits, -s.room_gb))
    return first, second


def render_choice(chosen: tuple[Side, Side], locale: str, catalogue: Catalogue) -> str:
    """The reply in `locale` (Telegram HTML)."""
    ph = Phrases(locale, catalogue)
    _, fmt = ph._, ph.fmt
    lead, other = chosen
    detailed = lead.answer.detailed
    assert detailed is not None and detailed.check is not None
    check = detailed.check
    config = ph.config(check.gpu, check.gpu_count) if check.gpu is not None else \
        ph._("%(count)s× GPU of %(vram)s", count=check.gpu_count,
             vram=ph.memory(check.card_gb or check.vram_per_gpu_gb))
    method = ph.method_short(detailed.method)
    names = [s.name or str(ph.subject(None, s.answer.params_b or Decimal(0))) for s in chosen]
    same = ph.size(lead.need_gb) == ph.size(other.need_gb)
    if lead.fits and not other.fits:
        head = _("⚖️ <b>%(model)s fits on %(config)s (%(method)s); %(other)s does not.</b>",
                 model=names[0], other=names[1], config=config, method=method)
    elif lead.fits and same:
        head = _("⚖️ <b>Both fit on %(config)s (%(method)s), with about the same room: %(model)s"
                 " and %(other)s.</b>", model=names[0], other=names[1], config=config,
                 method=method)
    elif lead.fits:
        head = _("⚖️ <b>Both fit on %(config)s (%(method)s); %(model)s leaves more room than"
                 " %(other)s.</b>", model=names[0], other=names[1], config=config, method=method)
    else:
        head = _("⚖️ <b>Neither fits on %(config)s (%(method)s); %(model)s comes closer than"
                 " %(other)s.</b>", model=names[0], other=names[1], config=config, method=method)
    lines = [str(head)]
    for side, name in zip(chosen, names, strict=True):
        lines.append(str(_("%(icon)s %(model)s: ≈ %(need)s per GPU of %(card)s, %(room)s.",
                           icon=ph.verdict_icon(side.fits), model=name,
                           need=ph.size(side.need_gb), card=ph.memory(side.card_gb),
                           room=ph.room(side.fits, side.room_gb))))
    # What the one that misses needs to fit, as its own answer says it (training only).
    for side, name in zip(chosen, names, strict=True):
        room = side.answer.typical_room
        if not side.fits and room is not None and room.tokens > 0:
            lines.append(str(_("📏 %(model)s fits with sequences of at most about %(tokens)s"
                               " tokens.", model=name, tokens=fmt.num(room.tokens, 0))))
    lines.append("")
    if detailed.kind == "training":
        lines.append(str(_("ℹ️ <i>Detailed estimates per GPU at sequence %(seq)s and batch"
                           " %(batch)s, activations included; ask about one model for its whole"
                           " answer. Planning rules, not measurements.</i>",
                           seq=fmt.num(detailed.seq_len, 0), batch=detailed.micro_batch)))
    else:
        lines.append(str(_("ℹ️ <i>Detailed estimates per GPU at %(context)s tokens of context and"
                           " batch %(batch)s, KV cache included; ask about one model for its whole"
                           " answer. Planning rules, not measurements.</i>",
                           context=fmt.num(detailed.seq_len, 0), batch=detailed.micro_batch)))
    return "\n".join(lines)

