"""A choice between two models, or two training algorithms, for one run.

Two models on one configuration ("qwen3 4b vs phi 4 mini which fits better
on 8gb for qlora", "qwen3 8b o llama 3.1 8b, cual entra mejor en 16gb", "mistral 7b ou qwen2.5
7b sur 12 go en qlora, lequel passe ?"): both verdicts side by side, the one that fits (or fits
with more room) leading. Was the answer about one of them, the other dropped.

Each model gets the question the message asks (its card, method and settings, said once for
both: bot/two_models.each_model) and the bot's own answer to it; the reply sets their detailed
estimates per GPU side by side, the figure the single answers lead with (the detailed verdict
leads a one-method fit: bot/answer._typical_leads). A message with a together word is models
served at once (bot/two_models.py), read first.

Two algorithms for one model ("orpo vs dpo memory for llama 3 8b", "grpo vs dpo vram 7b",
"dpo ou orpo, combien de vram pour mistral 7b"): each one's detailed estimate with its own
facts, side by side (was one figure for both). DPO, IPO, ORPO, SimPO and CPO put the chosen and
rejected answers of each example through the model (two sequences); DPO, IPO and KTO compare
with a reference model: with adapters TRL's DPOTrainer uses the base with the adapters disabled
(no copy; TRL docs, DPOTrainer with PEFT), fully fine-tuned a frozen copy (the estimator's
reference_model term); ORPO is "a reference model-free preference optimization algorithm ...
saving compute and memory" (TRL docs, ORPO Trainer) and TRL's CPOTrainer runs SimPO
(loss_type="simpo") with none. GRPO and PPO generate while they train: their training step
only, said so. Which algorithm does what is
read by bot/understand/settings.py (PAIRED, REFERENCED, ONLINE_RL)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Final

from markupsafe import Markup

from bot.answer import Answer
from bot.render.detailed_lines import assumption_said
from bot.render.phrases import Phrases
from bot.two_models import CHOICE_BETWEEN, each_model, named_models
from bot.understand.lazy import lazy
from bot.understand.normalise import fold
from bot.understand.query import Query
from bot.understand.settings import ONLINE_RL, PAIRED, REFERENCED
from rules.catalogue import Catalogue
from rules.estimator import load_constants

__all__ = ["Algorithm", "Side", "algorithms_chosen", "asks_choice", "models_chosen",
           "render_algorithms", "render_choice", "sides"]

# The words that offer a choice (folded text): the cheap test before reading the models.
_OR: Final = lazy(r"\b(?:vs|versus|or|o|ou|contra|contre)\b")
# "compare dpo and orpo", "difference between", "diferencia", "différence".
_COMPARE: Final = lazy(r"\b(?:compar\w*|differen\w*|diferencia\w*)\b")
# Training algorithms people weigh against each other (the first two named are compared).
_ALGORITHM: Final = lazy(r"\b(?:dpo|ipo|orpo|simpo|cpo|kto|grpo|ppo|rloo|sft)\b")
# As their papers write them ("SimPO", not "SIMPO"); the others in capitals.
_NAMES: Final = {"simpo": "SimPO"}
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
    # None: no card named ("which needs less vram, llama 3 8b or mistral 7b"), memory alone.
    card_gb: Decimal | None
    fits: bool | None

    @property
    def room_gb(self) -> Decimal:
        return (self.card_gb or Decimal(0)) - self.need_gb


def asks_choice(text: str) -> bool:
    """Whether `text` may offer a choice ("x vs y", "x or y", "x o y", "x ou y", "compare")."""
    folded = fold(text)
    return _OR.search(folded) is not None or _COMPARE.search(folded) is not None


def _asks_memory(whole: Query, folded: str) -> bool:
    """The message asks memory or fit (not speed, context, users), of a model."""
    return not (whole.rig or whole.other_gpus
                or whole.intent not in ("fit", "memory", "unknown", "compare")
                or (whole.model_id is None and whole.params_b is None)
                or whole.speed_asked or whole.context_asked or whole.train_speed_asked
                or whole.concurrency_asked or whole.users is not None
                or _SPEED.search(folded) is not None)


def models_chosen(text: str, read: Callable[[str], Query], catalogue: Catalogue | None = None,
                  ) -> tuple[Query, Query] | None:
    """The question of `text` asked of each of the two models it offers a choice between, on
    the configuration it names, in the order named; None when it asks something else (one
    model, three, a family, no configuration, a question that is not one of memory)."""
    folded = fold(text)
    if _OR.search(folded) is None and _COMPARE.search(folded) is None:
        return None
    whole = read(text)
    # "compare": "llama 3 8b vs mistral 7b for qlora on a 4090" reads as two cards compared
    # until the second card is found missing. No card: only memory asked ("which needs less
    # vram"), not "qwen 7b or llama 8b for coding".
    config = whole.gpu is not None or whole.vram_gb is not None
    if not _asks_memory(whole, folded) or (not config and whole.intent != "memory"):
        return None
    found = named_models(text, read, CHOICE_BETWEEN)
    if found is None or found[1] or found[2] > 1:
        return None
    named = found[0]
    if len(named) != 2 or any(q.model_id is None and q.params_b is None for q in named) \
            or (named[0].model_id, named[0].params_b) == (named[1].model_id, named[1].params_b):
        return None
    if catalogue is not None:
        named = [_same_family(q, other, read, catalogue)
                 for q, other in zip(named, named[::-1], strict=True)]
    intent = "fit" if config else "memory"
    first, second = (_own_quant(each_model(whole, q), q, intent) for q in named)
    return first, second


# A catalogue name's size at its end: "Qwen2.5 7B" → "Qwen2.5", "Phi-3 mini (3.8B)".
_NAME_SIZE: Final = lazy(r"\s*\(?\d+(?:\.\d+)?B\)?$")


def _same_family(part: Query, other: Query, read: Callable[[str], Query],
                 catalogue: Catalogue) -> Query:
    """A bare size beside a model named ("qwen 2.5 7b or 14b"): that model's family at this
    size ("Qwen2.5 14B") when the catalogue has it, else the size as said."""
    if part.model_id is not None or part.shape_model is not None or part.params_b is None \
            or other.model_id is None:
        return part
    name = catalogue.models.get(other.model_id).name
    family = _NAME_SIZE.sub("", name)
    if family == name:
        return part
    again = read(f"{family} {part.params_b.normalize():f}b")
    return again if again.model_id is not None else part


def _own_quant(asked: Query, part: Query, intent: str) -> Query:
    """The question asked of one model, with the quantization its own part names ("qwen2.5
    14b q4 or qwen2.5 7b q8": Q8_0 for the 7B, not the message's first)."""
    update: dict[str, object] = {"intent": intent}
    if part.quant is not None and part.method is not None and part.inference == asked.inference:
        update.update(method=part.method, quant=part.quant)
    return asked.model_copy(update=update)


def sides(answers: tuple[Answer, Answer], catalogue: Catalogue) -> tuple[Side, Side] | None:
    """Each model's verdict, the one that fits (or fits with more room) first; None when a
    model got no detailed estimate on the configuration (then each is answered as before)."""
    found: list[Side] = []
    for a in answers:
        if a.error is not None or a.detailed is None:
            return None
        check = a.detailed.check
        if check is None:
            if a.query.gpu is not None or a.query.vram_gb is not None:
                return None
            found.append(Side(a.model_name or "", a, a.detailed.per_gpu_gb, None, None))
        else:
            found.append(Side(a.model_name or "", a, check.detailed_per_gpu_gb,
                              check.vram_per_gpu_gb, check.detailed_fits))
    # Stable: equal room keeps the order named.
    first, second = sorted(found, key=lambda s: (not s.fits, -s.room_gb))
    return first, second


def render_choice(chosen: tuple[Side, Side], locale: str, catalogue: Catalogue) -> str:
    """The reply in `locale` (Telegram HTML)."""
    ph = Phrases(locale, catalogue)
    _, fmt = ph._, ph.fmt
    lead, other = chosen
    detailed = lead.answer.detailed
    assert detailed is not None
    if detailed.check is None:
        return _memory_choice(chosen, ph)
    check = detailed.check
    config = ph.config(check.gpu, check.gpu_count) if check.gpu is not None else \
        ph._("%(count)s× GPU of %(vram)s", count=check.gpu_count,
             vram=ph.memory(check.said_gb or check.card_gb or check.vram_per_gpu_gb))
    names = [s.name or str(ph.subject(None, s.answer.params_b or Decimal(0))) for s in chosen]
    methods = [s.answer.detailed.method for s in chosen if s.answer.detailed is not None]
    method: Markup | str = ph.method_short(detailed.method)
    if len(set(methods)) > 1:
        # "qwen2.5 14b q4 or qwen2.5 7b q8": each model named with its own.
        method = fmt.list([str(ph.method_short(m)) for m in methods])
        names = [str(_("%(model)s (%(method)s)", model=n, method=ph.method_short(m)))
                 for n, m in zip(names, methods, strict=True)]
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
        assert side.card_gb is not None  # sides: both on the card, or neither
        lines.append(str(_("%(icon)s %(model)s: ≈ %(need)s per GPU of %(card)s, %(room)s.",
                           icon=ph.verdict_icon(bool(side.fits)), model=name,
                           need=ph.size(side.need_gb), card=ph.memory(side.card_gb),
                           room=ph.room(bool(side.fits), side.room_gb))))
    # What the one that misses needs to fit, as its own answer says it (training only).
    for side, name in zip(chosen, names, strict=True):
        room = side.answer.typical_room
        if not side.fits and room is not None and room.tokens > 0:
            lines.append(str(_("📏 %(model)s fits with sequences of at most about %(tokens)s"
                               " tokens.", model=name, tokens=fmt.num(room.tokens, 0))))
    lines.extend(_shapes_read(chosen, ph))
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



@dataclass(frozen=True, slots=True)
class Algorithm:
    """One training algorithm's run (`name` as the reply writes it) and the bot's answer."""

    name: str
    answer: Answer

    @property
    def need_gb(self) -> Decimal:
        assert self.answer.detailed is not None
        return self.answer.detailed.per_gpu_gb


def algorithms_chosen(text: str, read: Callable[[str], Query]) -> tuple[tuple[str, Query], ...]:
    """The run of `text` once per training algorithm it weighs ("orpo vs dpo memory for llama 3
    8b"), each with that algorithm's facts alone (the message read whole has both's), in the
    order named; empty when it asks something else."""
    folded = fold(text)
    names = tuple(dict.fromkeys(m.group(0) for m in _ALGORITHM.finditer(folded)))
    if len(names) != 2 or (_OR.search(folded) is None and _COMPARE.search(folded) is None):
        return ()
    whole = read(text)
    if whole.inference or not _asks_memory(whole, folded) or whole.family:
        return ()
    config = whole.gpu is not None or whole.vram_gb is not None
    return tuple((_NAMES.get(name, name.upper()), whole.model_copy(update={
        "intent": "fit" if config else "memory",
        "paired": True if PAIRED.search(name) else None,
        "reference_model": True if REFERENCED.search(name) else None,
        "online_rl": name.upper() if ONLINE_RL.search(name) else None,
    })) for name in names)


def render_algorithms(runs: tuple[Algorithm, ...], locale: str, catalogue: Catalogue) -> str | None:
    """The reply in `locale` (Telegram HTML); None when a run got no detailed estimate (then
    the message is answered as before)."""
    if any(r.answer.error is not None or r.answer.detailed is None for r in runs):
        return None
    ph = Phrases(locale, catalogue)
    _, fmt = ph._, ph.fmt
    first = runs[0].answer
    detailed = first.detailed
    assert detailed is not None
    model = first.model_name or str(ph.subject(None, first.params_b or Decimal(0)))
    method = ph.method_short(detailed.method)
    low, high = sorted(runs, key=lambda r: r.need_gb)
    if ph.size(low.need_gb) == ph.size(high.need_gb):
        head = _("⚖️ <b>%(a)s or %(b)s for %(model)s (%(method)s): about the same memory, ≈"
                 " %(need)s per GPU.</b>", a=runs[0].name, b=runs[1].name, model=model,
                 method=method, need=ph.size(low.need_gb))
    else:
        head = _("⚖️ <b>%(low)s needs less memory than %(high)s for %(model)s (%(method)s): ≈"
                 " %(low_gb)s against ≈ %(high_gb)s per GPU.</b>", low=low.name, high=high.name,
                 model=model, method=method, low_gb=ph.size(low.need_gb),
                 high_gb=ph.size(high.need_gb))
    lines = [str(head)]
    for run in runs:
        d = run.answer.detailed
        assert d is not None
        check = d.check
        if check is None:
            lines.append(str(_("• <b>%(name)s</b>: ≈ %(need)s per GPU", name=run.name,
                               need=ph.size(d.per_gpu_gb))))
        else:
            lines.append(str(_("%(icon)s <b>%(name)s</b>: ≈ %(need)s per GPU of %(card)s,"
                               " %(room)s", icon=ph.verdict_icon(check.detailed_fits),
                               name=run.name, need=ph.size(d.per_gpu_gb),
                               card=ph.memory(check.vram_per_gpu_gb),
                               room=ph.room(check.detailed_fits,
                                            check.vram_per_gpu_gb - d.per_gpu_gb))))
        query = run.answer.query
        facts = [assumption_said(ph, d, code)
                 for code in ("preference_pairs", "reference_copy", "reference_adapters")]
        said = [str(f) for f in facts if f is not None]
        if query.online_rl:
            said.append(str(_("Online RL: its training step only; the completions it generates"
                              " (and a reward model, if any) are not counted.")))
        elif not query.paired:
            said.append(str(_("One sequence an example.") if query.reference_model
                            else _("One sequence an example, no reference model.")))
        elif not query.reference_model:
            said.append(str(_("No reference model: the loss needs none.")))
        lines.extend(f"   {line}" for line in said)
    # With adapters DPO's reference costs nothing; fully fine-tuned it is a second copy.
    referenced = [r for r in runs if r.answer.query.reference_model]
    if detailed.adapter and referenced and len(referenced) < len(runs):
        copy = Decimal(str(load_constants()["bytes.bf16"])) * detailed.params_b
        lines.append(str(_("🔁 With full fine-tuning, %(name)s also holds a frozen BF16 copy of"
                           " the model as its reference: ≈ %(copy)s more.",
                           name=referenced[0].name, copy=ph.size(copy))))
    lines.append("")
    lines.append(str(_("ℹ️ <i>Detailed estimates per GPU at sequence %(seq)s and batch %(batch)s,"
                       " activations included; ask about one algorithm for its whole answer."
                       " Planning rules, not measurements.</i>",
                       seq=fmt.num(detailed.seq_len, 0), batch=detailed.micro_batch)))
    return "\n".join(lines)


def _memory_choice(chosen: tuple[Side, Side], ph: Phrases) -> str:
    """No card named ("which needs less vram, llama 3 8b or mistral 7b"): each model's detailed
    estimate per GPU, the smaller first."""
    _, fmt = ph._, ph.fmt
    names = [s.name or str(ph.subject(None, s.answer.params_b or Decimal(0))) for s in chosen]
    detailed = chosen[0].answer.detailed
    assert detailed is not None
    method = ph.method_short(detailed.method)
    low, high = chosen
    if ph.size(low.need_gb) == ph.size(high.need_gb):
        head = _("⚖️ <b>%(a)s or %(b)s (%(method)s): about the same memory, ≈ %(need)s per"
                 " GPU.</b>", a=names[0], b=names[1], method=method, need=ph.size(low.need_gb))
    else:
        head = _("⚖️ <b>%(low)s needs less memory than %(high)s (%(method)s): ≈ %(low_gb)s"
                 " against ≈ %(high_gb)s per GPU.</b>", low=names[0], high=names[1],
                 method=method, low_gb=ph.size(low.need_gb), high_gb=ph.size(high.need_gb))
    lines = [str(head)]
    lines.extend(str(_("• <b>%(name)s</b>: ≈ %(need)s per GPU", name=name,
                       need=ph.size(side.need_gb)))
                 for side, name in zip(chosen, names, strict=True))
    lines.extend(_shapes_read(chosen, ph))
    lines.append("")
    lines.append(str(_("ℹ️ <i>Detailed estimates per GPU at sequence %(seq)s and batch %(batch)s,"
                       " activations included; ask about one model for its whole answer."
                       " Planning rules, not measurements.</i>",
                       seq=fmt.num(detailed.seq_len, 0), batch=detailed.micro_batch)
                     if detailed.kind == "training" else
                     _("ℹ️ <i>Detailed estimates per GPU at %(context)s tokens of context and"
                       " batch %(batch)s, KV cache included; ask about one model for its whole"
                       " answer. Planning rules, not measurements.</i>",
                       context=fmt.num(detailed.seq_len, 0), batch=detailed.micro_batch)))
    return "\n".join(lines)


def _shapes_read(chosen: tuple[Side, Side], ph: Phrases) -> list[str]:
    """"qwen 7b": which version it is read as, as its own answer says."""
    lines: list[str] = []
    for side in chosen:
        query = side.answer.query
        if query.model_id is None and query.shape_model is not None and side.name:
            lines.append(str(ph._("ℹ️ %(said)s: no version named, read as %(model)s, the latest"
                                  " on file (its layers and KV heads set the detailed"
                                  " estimate).", said=side.name,
                                  model=ph.cat.models.get(query.shape_model).name)))
    return lines
