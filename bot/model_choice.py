"""A choice between two models, or two training algorithms, for one run (its reply is said by
bot/render/choice_lines.py).

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

from bot.answer import Answer
from bot.two_models import CHOICE_BETWEEN, each_model, named_models
from bot.understand import patterns as px
from bot.understand.lazy import lazy
from bot.understand.normalise import fold
from bot.understand.query import Query
from bot.understand.settings import ONLINE_RL, PAIRED, REFERENCED
from rules.capacity import DecodeBound
from rules.catalogue import Catalogue

__all__ = ["Algorithm", "Side", "Speed", "algorithms_chosen", "asks_choice", "models_chosen",
           "sides", "speed_chosen", "speeds"]

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
    named = _two_named(text, read, catalogue)
    if named is None:
        return None
    intent = "fit" if config else "memory"
    first, second = (_own_quant(each_model(whole, q), q, intent) for q in named)
    return first, second


def _two_named(text: str, read: Callable[[str], Query], catalogue: Catalogue | None,
               ) -> list[Query] | None:
    """The two different models a choice names, each read as its family's member beside the
    other (with a catalogue), in the order named; None for any other count."""
    found = named_models(text, read, CHOICE_BETWEEN)
    if found is None or found[1] or found[2] > 1:
        return None
    named = found[0]
    if len(named) != 2 or any(q.model_id is None and q.params_b is None for q in named) \
            or (named[0].model_id, named[0].params_b) == (named[1].model_id, named[1].params_b):
        return None
    if catalogue is None:
        return named
    return [_same_family(q, other, read, catalogue)
            for q, other in zip(named, named[::-1], strict=True)]


# A catalogue name's size at its end: "Qwen2.5 7B" → "Qwen2.5", "Phi-3 mini (3.8B)".
_NAME_SIZE: Final = lazy(r"\s*\(?\d+(?:\.\d+)?B\)?$")


def speed_chosen(text: str, read: Callable[[str], Query], catalogue: Catalogue,
                 ) -> tuple[Query, Query] | None:
    """"which model is faster on my 3090, llama 3 8b or mistral 7b?": the speed of serving each
    of the two models on the card named ("how many tokens/s will … do on …"), in the order
    named; None when the message trains (its speed is a run's time, not a decode's), names no
    card, or offers no choice of two models."""
    folded = fold(text)
    if (_OR.search(folded) is None and _COMPARE.search(folded) is None) \
            or _SPEED.search(folded) is None:
        return None
    whole = read(text)
    if whole.gpu is None or whole.rig or whole.other_gpus or whole.train_speed_asked \
            or whole.intent not in ("fit", "memory", "unknown", "compare", "time") \
            or (not whole.inference and (whole.method is not None
                                         or px.TRAINING.search(folded) is not None)):
        return None
    named = _two_named(text, read, catalogue)
    if named is None:
        return None
    # No precision said: each model's reply answers every precision, compared at the highest
    # both hold (speeds)
    said = whole.inference and whole.serving_precision_said and whole.method is not None
    update: dict[str, object] = {
        "intent": "time", "speed_asked": True, "inference": True,
        "method": whole.method if said else catalogue.default_method("inference"),
        "serving_precision_said": said,
    }
    first, second = (each_model(whole, q).model_copy(update=update) for q in named)
    return first, second


@dataclass(frozen=True, slots=True)
class Speed:
    """One model's decode bound on the card, at the precision both models are compared in."""

    name: str
    answer: Answer
    bound: DecodeBound

    @property
    def read_gb(self) -> Decimal:
        """What one generated token reads: the weights (an MoE's active ones) and the cache."""
        return self.bound.weights_gb + self.bound.kv_gb


def speeds(answers: tuple[Answer, Answer], catalogue: Catalogue) -> tuple[Speed, Speed] | None:
    """Each model's decode bound at the highest precision both fit in there (the detailed
    estimate at the same context), the faster first (the fewer bytes a token reads where no
    bandwidth is cited). When one fits in no precision: the other's highest that fits first,
    then the one that misses at its smallest (its bound's `fits` false). None when a model got
    no bound, or neither fits (then each is answered as before)."""
    if any(a.error is not None or not a.decode for a in answers):
        return None
    fitting = [{b.method: b for b in a.decode if b.fits} for a in answers]
    common = sorted(set(fitting[0]) & set(fitting[1]),
                    key=lambda m: -catalogue.method(m).weight_bits)
    if not common:
        if bool(fitting[0]) == bool(fitting[1]):
            return None
        runs, misses = (0, 1) if fitting[0] else (1, 0)
        best = max(fitting[runs].values(),
                   key=lambda b: catalogue.method(b.method).weight_bits)
        least = min(answers[misses].decode,
                    key=lambda b: catalogue.method(b.method).weight_bits)
        return (Speed(answers[runs].model_name or "", answers[runs], best),
                Speed(answers[misses].model_name or "", answers[misses], least))
    found = [Speed(a.model_name or "", a, bounds[common[0]])
             for a, bounds in zip(answers, fitting, strict=True)]
    # Stable: the same speed keeps the order named.
    first, second = sorted(found, key=lambda s: s.read_gb)
    return first, second


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


