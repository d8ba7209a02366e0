"""Counts said in a form no estimate can use: asked back by name, never dropped in silence.

The slots' own patterns read whole numbers only, so "batch 2.5", "rank 7.5", "1.5 gpus" and
"2,5 GPUs" (a decimal comma) matched nothing and were answered at the defaults (batch 1, rank
16, one GPU) as if nothing had been said; "NaN tokens", "inf epochs" and "batch NaN" the same;
"0 examples" was asked for its dataset again. Here each is found in the folded question and
named with its slot; bot.answer turns it into a reply that says which number cannot be used.
Fractions of an epoch have their own check (settings.epochs_fraction): they are asked back
only where epochs are timed.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Final, Literal

from bot.i18n import N_
from bot.understand.lazy import lazy
from bot.understand.lexicon import DIRECTION_ABOVE, DIRECTION_BELOW
from bot.understand.normalise import fold
from bot.understand.patterns import alt
from bot.understand.screen import Screened

Kind = Literal["fraction", "not_a_number", "too_small", "too_large"]
# (kind, slot, as written): slot names the Query field the number was said for.
Unusable = tuple[Kind, str, str]

# What each slot is called in a reply (a noun phrase with its article, translated at render
# time; the first five are bot.understand.bounds' own labels).
LABELS: Final[dict[str, str]] = {
    "batch_size": N_("the batch size"),
    "lora_rank": N_("the LoRA rank"),
    "seq_len": N_("the sequence length"),
    "dataset_tokens": N_("the number of tokens"),
    "epochs": N_("the number of epochs"),
    "gpu_count": N_("the number of GPUs"),
    "dataset_samples": N_("the number of examples"),
    "learning_rate": N_("the learning rate"),
    "threshold_usd": N_("the alert price"),
    "hours": N_("the duration"),
    "params_b": N_("the model size"),
}
# A learning rate is only checked to be a number above 0 and below this sanity limit (no
# optimizer's step size comes near it; it is not read otherwise: memory and time do not
# depend on it). "lr 1e309" (fold keeps it 62 digits long) is refused by it.
LEARNING_RATE_HIGH: Final = Decimal(1000)

# A number with decimals that are not all zeros ("2.5", "2,5"; "2.0" is 2). One or two
# decimals only: "1,000 gpus" and "1.000 GPUs" group thousands and are read as such.
# Not before a multiplier: "1.5k gpus" is 1,500 of them.
_FRACTION: Final = r"(?<![\w.,])(?P<n>\d{1,6}[.,]\d{1,2})(?![.,]?\d)(?! ?[kmb](?![a-z0-9]))"
_BATCH: Final = (
    r"(?<![a-z])(?:per_device_train_batch_size|train_batch_size|micro_batch_size|batch_size|"
    r"micro[ -]?batch(?:[ -]?size)?|batch[ -]?size|batch|bs|mbs|tamano de lote|tamano del lote|"
    r"lote|taille de lot|taille du lot|taille de batch|taille du batch)"
)
_RANK: Final = r"(?<![a-z])(?:lora_r|lora rank|rank|rango|rang)|(?<![a-z_])r(?= ?[:=])"
_GPUS: Final = (
    r"(?:x ?)?(?:gpus?|gpu's|cards?|graphics cards?|tarjetas?(?: graficas?)?|"
    r"cartes?(?: graphiques?)?)(?![a-z-])"
    # "1.5 gpu hours", "2,5 GPU/h": GPU-hours, not cards
    r"(?! ?(?:hours?|hrs?|h|horas?|heures?|/|per hour|por hora|par heure)(?![a-z0-9]))"
)
# ... and after a price asked ("cost of 1.5 h100 for 10 hours", "cuánto cuesta 1,5 h100",
# "combien coûte 1,5 h100": was one H100, quoted with nothing said)
_ON: Final = "(?:" + "|".join(f"(?<=(?<![a-z]){word} )" for word in (
    "on", "en", "sur", "with", "con", "avec", "rent", "need", "using", "use", "usando",
    "utilisant", "about", "try", "of", "for", "para", "pour", "cost", "costs", "cuesta",
    "cuestan", "coute", "coutent", "is")) + r"|(?<![\s\S]))"
_CARD: Final = (
    # "h100", "l40s", "mi300x", "rtx 4090" ("vs 32k" is no card, nor "2048")
    r"(?:(?:nvidia|rtx|gtx|tesla|amd|radeon|instinct) )?(?:[a-z]{1,2}\d{2,4}[a-z]{0,3}|[1-9]\d[5-9]0)"
    r"(?:s|'s)?(?![a-z0-9])(?! ?(?:hours?|hrs?|h|horas?|heures?|/)(?![a-z0-9]))"
)
_SAID: Final = r" ?(?:[:=]|of|de|d')? ?"
FRACTION: Final = lazy(
    rf"(?:{_BATCH}){_SAID}{_FRACTION.replace('?P<n>', '?P<batch_size>')}"
    rf"|(?:{_RANK}){_SAID}{_FRACTION.replace('?P<n>', '?P<lora_rank>')}"
    # not a price ("$1.5 gpu"), nor per card ("1.5 per gpu" has a word between)
    # ((?=\d) first: the look-behinds are tried only where a number starts, ~30 % of the search)
    rf"|(?=\d)(?<![$\d] )(?<!\$){_FRACTION.replace('?P<n>', '?P<gpu_count>')} ?(?:{_GPUS})"
    # "on 2.5 h100s", "sur 1,5x A100": a card's name after a preposition (a version alone,
    # "qwen 2.5 h100", is a model's)
    rf"|(?=\d){_ON}{_FRACTION.replace('?P<n>', '?P<gpu_count_card>')} ?(?:x ?)?{_CARD}"
)
# Every branch above holds _FRACTION itself, with its look-arounds: where no decimal number
# stands as _FRACTION reads one (not "12.5b", "1.5k", "v2.5.1"), FRACTION (~8 µs a search,
# among the costliest patterns a question meets) is not searched. The bare-size questions all
# hold a decimal ("12.5b"), most of them none that _FRACTION reads.
_DECIMAL: Final = lazy(_FRACTION)

# "NaN", "inf", "infinite", "infinito", "infini" said where a count goes. ("∞" is folded away;
# unusable() reads it as "inf" first.)
_NAN: Final = r"(?P<n>-?(?:nan|inf|infinity|infinite|infinit[oa]s?|infinie?s?|undefined))(?![a-z])"
_COUNT_AFTER: Final[tuple[tuple[str, str], ...]] = (
    ("dataset_tokens", r"tok(?:en)?s?"),
    ("dataset_samples", r"examples?|samples?|ejemplos?|muestras?|exemples?|echantillons?|rows?|"
                        r"filas?|lignes?|conversations?|conversaciones?"),
    ("epochs", r"epochs?|epocas?|epoques?"),
    ("gpu_count", r"gpus?|cards?|tarjetas?|cartes?"),
    ("hours", r"hours?|hrs?|h|days?|weeks?|months?|horas?|dias?|semanas?|mes(?:es)?|heures?|"
              r"jours?|semaines?|mois"),
    ("params_b", r"b|bn|billions?|billones|milliards?|mil millones"),
)
_COUNT_BEFORE: Final[tuple[tuple[str, str], ...]] = (
    ("batch_size", _BATCH),
    ("seq_len", r"(?<![a-z])(?:max_seq_length|max_seq_len|seq(?:uence)?[ _-]?len(?:gth)?|"
                r"seq(?:uence)?|context(?: length)?|longitud de secuencia|longueur de sequence)"),
    ("lora_rank", _RANK),
    ("epochs", r"(?<![a-z])(?:num_train_epochs|epochs|epocas|epoques)"),
    ("learning_rate", r"(?<![a-z])(?:lr|learning[ _]rate|tasa de aprendizaje|"
                      r"taux d'apprentissage)"),
)
NOT_A_NUMBER: Final = lazy(
    # "inf tokens" may be inference's: not "inf" there
    "|".join(rf"(?<![\w.])(?!inf ?tok){_NAN.replace('?P<n>', f'?P<n_{slot}>')} ?(?:{unit})"
             r"(?![a-z0-9])" for slot, unit in _COUNT_AFTER)
    + "|"
    + "|".join(rf"(?:{words}){_SAID}{_NAN.replace('?P<n>', f'?P<b_{slot}>')}"
               for slot, words in _COUNT_BEFORE)
)
# "0 examples", "zero samples", "cero ejemplos": a dataset of nothing (0 tokens and 0 epochs
# are refused by bot.understand.bounds already).
ZERO_SAMPLES: Final = Screened(
    r"(?<![\w.,-])(?<!\d )(?P<n>0+|zero|cero)(?:[.,]0+)? (?:examples?|samples?|ejemplos?|muestras?|"
    r"exemples?|echantillons?|conversations?|conversaciones?|pairs?|pares|paires)(?![a-z])"
)
# "alert me when the h100 drops below -2": the sign was dropped and the alert set at $2.
NEGATIVE_PRICE: Final = lazy(
    rf"(?<![a-z])(?:{alt(DIRECTION_BELOW)}|{alt(DIRECTION_ABOVE)})"
    r" ?(?:(?:the|los|las|les|le|la|el|de|d'|a|of) )?(?:(?:us)?\$ ?)?(?P<n>-(?: ?\$)? ?\d[\d.,]*)"
)
LEARNING_RATE: Final = lazy(
    r"(?<![a-z])(?:lr|learning[ _]rate|tasa de aprendizaje|taux d'apprentissage)"
    r" ?(?:[:=]|of|de|d')? ?(?P<n>-?\d+(?:[.,]\d+)?(?:e[-+]?\d+)?)(?![\w.])"
)


def unusable(s: str, raw: str = "", intent: str = "unknown") -> Unusable | None:
    """The first count of folded question `s` that cannot be used, with its slot and as written
    (`raw`, the question before folding, only for "∞"); None when every count said can be.
    `intent`: the question's, an alert's price being checked only in an alert."""
    if intent == "alert" and "-" in s:
        found = NEGATIVE_PRICE.search(s)
        if found is not None:
            return "too_small", "threshold_usd", found.group("n")
    if ("." in s or "," in s) and _DECIMAL.search(s) is not None:
        found = FRACTION.search(s)
        if found is not None:
            slot, said = next((k, v) for k, v in found.groupdict().items() if v is not None)
            return "fraction", slot.removesuffix("_card"), said
    folded = len(s)
    if "∞" in raw:
        # fold() blanks "∞": it is read as "inf" in the question folded again after `s`, and
        # said as written
        s = f"{s} | {fold(raw.replace('∞', ' inf '))}"
    if "nan" in s or "inf" in s or "undefined" in s:
        found = NOT_A_NUMBER.search(s)
        if found is not None:
            name = next(k for k, v in found.groupdict().items() if v is not None)
            said = found.group(name)
            if found.start() > folded:
                said = said.replace("inf", "∞")
            else:
                at = raw.lower().find(said)  # as written: "NaN", not "nan"
                said = raw[at:at + len(said)] if at >= 0 else said
            return "not_a_number", name[2:], said
    if "0" in s or "zero" in s or "cero" in s:
        found = ZERO_SAMPLES.search(s)
        if found is not None:
            return "too_small", "dataset_samples", found.group("n")
    if "lr" in s or "rate" in s or "tasa" in s or "taux" in s:
        found = LEARNING_RATE.search(s)
        if found is not None:
            return _learning_rate(found.group("n"))
    return None


# "1,000 gpus", "1.000 GPUs", "1 000 GPU" (French groups thousands with a space), "2k gpus",
# "on 1,024 h100s": the count was dropped (one GPU) or read from its last group ("000": 0 GPUs).
GROUPED_GPUS: Final = lazy(
    r"(?<![\w.,])(?:(?P<n>\d{1,3}(?:[, .]\d{3})+)(?![.,]?\d) ?(?:x ?)?"
    rf"(?:{_GPUS}|{_CARD})"
    # "2k gpus"; not before a card's name ("32k h100" is a context on one)
    r"|(?P<k>\d{1,4}(?:[.,]\d)? ?k) ?(?:x ?)?" rf"{_GPUS})"
)


def grouped_gpu_count(s: str) -> int | None:
    """A count of GPUs of folded question `s` written with thousands grouped or a "k"; None
    when there is none (or it is not whole: "1.25k")."""
    found = GROUPED_GPUS.search(s)
    if found is None:
        return None
    said = (found.group("n") or found.group("k")).replace(" ", "")
    thousands = said.endswith("k")
    if thousands:
        number = Decimal(said.rstrip("k").replace(",", "."))
    else:  # "1.000 GPUs" in Spanish, "1,000 gpus" in English: groups of thousands both
        number = Decimal(said.replace(",", "").replace(".", ""))
    count = number * 1000 if thousands else number
    return int(count) if count == count.to_integral_value() else None


def _learning_rate(said: str) -> Unusable | None:
    try:
        rate = Decimal(said.replace(",", "."))
    except InvalidOperation:
        return None
    if rate <= 0:
        return "too_small", "learning_rate", said
    if rate > LEARNING_RATE_HIGH:
        return "too_large", "learning_rate", said
    return None
