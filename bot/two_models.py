"""Two (or more) models served on one card at the same time ("can i run flux and llama 3 8b on
the same 4090", "deux modèles en même temps sur une A100 ?"): each model's detailed inference
estimate, as the bot makes it for one model on that card, their sum against the card and what
is left. A model that is not an LLM (FLUX) is named as not sized. vLLM takes a share of the
whole card per instance (--gpu-memory-utilization, rules/data/serving.toml), so the reply says
to set it per instance. "2 models" with none named: which ones.

Read before the rest of understanding (bot/pipeline.py): a message with a together word ("at
the same time", "a la vez", "en même temps", "on the same gpu", "both", "+") or "two models" on
one card, named or by its memory only ("two models on 24gb"). A model named by its kind only
("an embedding model") is said not sized.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import ROUND_CEILING, Decimal
from typing import Final

from markupsafe import Markup

from bot.answer import Answer
from bot.detail import DetailedAnswer
from bot.render.phrases import Phrases
from bot.understand import lexicon as lx
from bot.understand import patterns as px
from bot.understand.languages import union
from bot.understand.lazy import lazy
from bot.understand.normalise import fold
from bot.understand.patterns import alt
from bot.understand.query import Query
from bot.vllm_fix import HIGHEST_SHARE
from rules.capacity import serving_utilization
from rules.catalogue import Catalogue

__all__ = ["TwoModels", "asks_together", "read_two_models", "render_two_models"]

# Said of models sharing one card (folded text: no accents, lower case).
# "the same 4090": a card's name has a digit.
_CARD: Final = r"(?:gpu|card|tarjeta|carte|[a-z]*\d\w*)"
_TOGETHER: Final = lazy(
    r"\b(?:(?:(?:at|in) )?(?:the )?same time|at once|together|juntos|juntas|ensemble"
    r"|simultaneous(?:ly)?|concurrent(?:ly)?|side by side"
    rf"|the same {_CARD}|a la vez|al mismo tiempo|simultanea(?:mente)?|la misma {_CARD}"
    rf"|en meme temps|a la fois|simultanement|(?:la|le) meme {_CARD}"
    # "both qwen 2.5 7b and llama 3 8b on one 4090" ("cual de los dos": which one, not both)
    r"|both|ambos|ambas|(?<!de )(?:los|las) dos|(?:tous |toutes )?les deux)\b"
    # "llama 3 8b + an embedding model"
    r"|\w ?\+ ?\w"
)
# "2 models", "dos modelos", "deux modèles", "two llms", "3 models": a count of two or more
# (the lexicon's count words: "a couple of", "dual"…).
_TWO: Final = lazy(
    rf"\b(?:[2-9]|{alt(w for w, n in lx.COUNT_WORDS.items() if n >= 2)})"
    r"\s+(?:models?|llms?|modelos?|modeles?)\b"
)
# Where one model's name ends and the next begins: the languages' "and", "plus", "&", "+", ",".
_BETWEEN: Final = lazy(
    rf"\s+(?:{alt(sorted(union('joiners')))}|plus|&|\+)\s+|\s*[,/+&]\s*"
)
# A model named by its kind only ("an embedding model", "un modelo de embeddings", "un
# reranker"): not sized, said so by the words written.
_KIND: Final = lazy(
    r"\b(?:(?:an?|some|the|un|una|une|el|le|mon|mi|my) )?"
    r"(?:(?:embeddings?|rerank(?:er|ing)?|tts|text.to.speech|ocr) (?:models?|modeles?)"
    r"|(?:modelos?|modeles?) (?:de |d')?(?:embeddings?|rerank(?:er|ing)?|tts|ocr)"
    r"|rerankers?)\b"
)
_CENT: Final = Decimal("0.01")
# Lower precisions tried, in order, when the models do not fit together in the one asked.
_LOWER: Final = ("inference_int8", "inference_int4")


@dataclass(frozen=True, slots=True)
class Sized:
    """A model's detailed inference estimate on the card, and the answer it came from."""

    name: str
    detailed: DetailedAnswer
    answer: Answer


@dataclass(frozen=True, slots=True)
class TwoModels:
    """What the reply says: the card (`gpu`, or only its memory `card_gb` when the message gave
    no name: "two models on 24gb"), the models sized (in the order named), those not sized
    (not LLMs, by name; `kinds`: named by their kind only, as written), and when they miss
    together, the first lower precision where they fit (its method and its sum)."""

    gpu: str | None
    sized: tuple[Sized, ...]
    not_llms: tuple[str, ...]
    card_gb: Decimal | None
    lower: tuple[str, Decimal] | None = None
    kinds: tuple[str, ...] = ()

    @property
    def total_gb(self) -> Decimal:
        return sum((s.detailed.per_gpu_gb for s in self.sized), Decimal(0))


def asks_together(text: str) -> bool:
    """Whether `text` may ask for models together on one card: the cheap test before reading."""
    folded = fold(text)
    return _TWO.search(folded) is not None or _TOGETHER.search(folded) is not None


def read_two_models(
    text: str, whole: Query, read: Callable[[str], Query], answer: Callable[[Query], Answer],
    catalogue: Catalogue,
) -> TwoModels | None:
    """The models of `text` (asks_together) served together on its one card (`whole`: the text
    read as one question; `read` understands a part; `answer` answers a Query). None when the
    message is not that question, or a model in it is not one the bot can size alone (then it
    is answered as before)."""
    folded = fold(text)
    two = _TWO.search(folded) is not None
    if whole.gpu_count not in (None, 1) or whole.rig:
        return None
    if whole.intent == "compare" or (not whole.inference and _trains(whole, folded)):
        return None
    named: list[Query] = []
    kinds: list[str] = []
    for part in _BETWEEN.split(text):
        q = read(part)
        kind = _KIND.search(fold(part))
        if q.model_id is not None or q.params_b is not None or q.not_llm is not None:
            named.append(q)
        elif q.family or q.unknown_model is not None:
            return None  # "llama 3 and mistral": which size is the single question's reply
        elif kind is not None:
            # As written (accents and all) where folding kept the positions.
            same = len(fold(part)) == len(part)
            kinds.append(part[kind.start():kind.end()] if same else kind.group(0))
    if not named and not kinds:
        return TwoModels(whole.gpu, (), (), None) if two else None
    if len(named) + len(kinds) < 2 or (whole.gpu is None and whole.vram_gb is None):
        return None
    said = whole.serving_precision_said and whole.method is not None \
        and whole.method.startswith("inference")
    chosen = whole.method if said else None
    found = _sized(named, whole, chosen, answer)
    if found is None:
        return None
    sized, not_llms = found
    if not sized:
        return None
    check = sized[0].detailed.check
    card = check.card_gb or check.vram_per_gpu_gb if check is not None else None
    result = TwoModels(whole.gpu, sized, not_llms, card, kinds=tuple(kinds))
    if card is None or result.total_gb <= card or chosen is not None or len(sized) < 2:
        return result
    for method in _LOWER:
        lower = _sized(named, whole, method, answer)
        if lower is None:
            break
        total = sum((s.detailed.per_gpu_gb for s in lower[0]), Decimal(0))
        if total <= card:
            return TwoModels(whole.gpu, sized, not_llms, card, (method, total), tuple(kinds))
    return result


def _trains(whole: Query, folded: str) -> bool:
    """Whether the message trains the models (a training word, or a training method read):
    training two models at once is another question (its memory is not the serving one's)."""
    method = whole.method
    return px.TRAINING.search(folded) is not None \
        or (method is not None and not method.startswith("inference"))


def _sized(
    named: list[Query], whole: Query, method: str | None, answer: Callable[[Query], Answer],
) -> tuple[tuple[Sized, ...], tuple[str, ...]] | None:
    """Each named model's detailed estimate alone on the card in `method` (None: the bot's
    lead precision); not-LLMs by name. None when a model gets no detailed estimate."""
    sized: list[Sized] = []
    not_llms: list[str] = []
    for q in named:
        if q.model_id is None and q.params_b is None:
            not_llms.append(q.not_llm_name or "")
            continue
        alone = q.model_copy(update={
            "intent": "fit", "inference": True, "method": method,
            "serving_precision_said": method is not None, "gpu": whole.gpu,
            "vram_gb": whole.vram_gb,
            "gpu_count": 1, "gpu_memory_gb": whole.gpu_memory_gb, "engine": None,
            "gpu_memory_utilization": None,
            # Settings said once are for both ("… on a 4090 with 8k context"), wherever said.
            "seq_len": whole.seq_len or q.seq_len, "batch_size": whole.batch_size or q.batch_size,
        })
        a = answer(alone)
        d = a.detailed
        if a.error or d is None or d.kind != "inference":
            return None
        sized.append(Sized(d.model_name or "", d, a))
    return tuple(sized), tuple(not_llms)


def render_two_models(found: TwoModels, locale: str, catalogue: Catalogue) -> str:
    """The reply in `locale` (Telegram HTML)."""
    ph = Phrases(locale, catalogue)
    _, fmt = ph._, ph.fmt
    config = ph.config(found.gpu, 1) if found.gpu is not None else None
    if config is None and found.card_gb is not None:
        config = _("%(count)s× GPU of %(vram)s", count=1, vram=ph.memory(found.card_gb))
    if not found.sized:
        example = Markup("<code>%s</code>") % _("llama 3 8b and mistral 7b at the same time on a 4090")
        if config is not None:
            return str(_("❓ Which models? Name them and I will add up what each takes on %(config)s,"
                         " for example: %(example)s", config=config, example=example))
        return str(_("❓ Which models, and on which GPU? For example: %(example)s",
                     example=example))
    assert config is not None and found.card_gb is not None
    card = ph.memory(found.card_gb)
    names = [_name(ph, s) for s in found.sized]
    lines: list[str] = []
    total = found.total_gb
    room = ph.room(total <= found.card_gb, found.card_gb - total)
    if len(found.sized) == 1:
        alone = found.sized[0]
        need = ph.size(alone.detailed.per_gpu_gb)
        if total <= found.card_gb:
            lines.append(_("✅ <b>On %(config)s, %(model)s takes ≈ %(need)s of %(card)s: %(room)s"
                           " for the other model.</b>", config=config, model=names[0],
                           need=need, card=card, room=room))
        else:
            lines.append(_("❌ <b>On %(config)s, %(model)s alone takes ≈ %(need)s, more than the"
                           " card's %(card)s: no room for a second model.</b>", config=config,
                           model=names[0], need=need, card=card))
    elif total <= found.card_gb:
        lines.append(_("✅ <b>%(models)s fit together on %(config)s: ≈ %(total)s of %(card)s,"
                       " %(room)s.</b>", models=fmt.list(names), config=config,
                       total=ph.size(total), card=card, room=room))
    else:
        lines.append(_("❌ <b>%(models)s do not fit together on %(config)s: ≈ %(total)s for"
                       " %(card)s, %(room)s.</b>", models=fmt.list(names), config=config,
                       total=ph.size(total), card=card, room=room))
    lines.append("")
    for s, name in zip(found.sized, names, strict=True):
        lines.append(str(_("• %(model)s, %(method)s: ≈ %(need)s", model=name,
                           method=ph.method_short(s.detailed.method),
                           need=ph.size(s.detailed.per_gpu_gb))))
    for other in found.not_llms:
        lines.append(str(_("• %(model)s: not sized, it is not a large language model and I only"
                           " size LLMs.", model=other)))
    for kind in found.kinds:
        lines.append(str(_("• %(model)s: not sized, I only size the language models I know"
                           " by name.", model=kind)))
    if found.lower is not None:
        method, lower_total = found.lower
        lines.append(str(_("👉 With %(method)s they would take ≈ %(total)s together: %(room)s.",
                           method=ph.method_short(method), total=ph.size(lower_total),
                           room=ph.room(True, found.card_gb - lower_total))))
    parts = [_share(s.detailed.per_gpu_gb, found.card_gb) for s in found.sized]
    if len(found.sized) >= 2 and total <= found.card_gb and sum(parts) > HIGHEST_SHARE:
        lines.append(str(_("⚙️ Too tight for vLLM: each instance takes its share of the whole card,"
                           " and theirs would add up to %(sum)s of it, above the %(most)s"
                           " to keep some memory free.", sum=str(sum(parts)),
                           most=str(HIGHEST_SHARE))))
    elif len(found.sized) >= 2 and total <= found.card_gb:
        shares = [str(_("<code>%(share)s</code> for %(model)s", share=str(share), model=name))
                  for share, name in zip(parts, names, strict=True)]
        lines.append(str(_("⚙️ With vLLM, each instance takes its own share of the whole card"
                           " (%(default)s by default), so the first would leave no room for the"
                           " second: set <code>--gpu-memory-utilization</code> per instance, at"
                           " least %(shares)s, their sum at most %(most)s (a share's memory"
                           " above its model goes to its KV cache).",
                           default=str(serving_utilization()), shares=Markup(fmt.list(shares)),
                           most=str(HIGHEST_SHARE))))
    first = found.sized[0].detailed
    lines.append("")
    lines.append(str(_("ℹ️ <i>Detailed estimates at %(context)s tokens of context and batch"
                       " %(batch)s; the KV cache grows with both. Planning rules, not"
                       " measurements.</i>", context=fmt.num(first.seq_len, 0),
                       batch=first.micro_batch)))
    return "\n".join(str(line) for line in lines)


def _name(ph: Phrases, s: Sized) -> str:
    return s.name or str(ph.subject(None, s.detailed.params_b))


def _share(need_gb: Decimal, card_gb: Decimal) -> Decimal:
    """The least --gpu-memory-utilization that holds `need_gb` of the card, up to the cent."""
    return (need_gb / card_gb).quantize(_CENT, rounding=ROUND_CEILING)
