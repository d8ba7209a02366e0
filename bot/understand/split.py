"""Where a message may hold several questions: its candidate parts.

"can i run llama 3.1 8b on my 4090? also how much is an h100/hr" is two questions. This
module only cuts: at a question mark or the end of a sentence followed by more text, at line
breaks, before the items of a numbered list written on one line ("1) … 2) …"), and before the
words that open a further question ("also", "btw", "otra pregunta", "par ailleurs": each
language's ``next_question`` where a clause starts, ``next_question_anywhere`` wherever they
stand), and before a cost asked after "and" ("… and how much for 3 days of it", "y cuánto",
"et combien": ``next_cost``), before a price alert asked after another clause ("…? also alert
me if the h100 drops below 2.5", "… and notify me when it goes under $2"), and where a clause renting cards starts after cards said owned
("tengo 2x3090 y una 3060, cuanto me sale alquilar 2 h100 …"). Whether the parts are separate questions is decided by the pipeline
(``bot/several.py``), which understands each: most cuts are undone there ("I have a 3090.
Can I QLoRA 8B?" is one question).

Each part keeps its place in the message and its text as written, without the list marker
or the opening word ("also", "y otra cosa,") that only said a question follows.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from itertools import pairwise
from typing import Final

from bot.understand import lexicon as lx
from bot.understand.languages import LANGUAGES
from bot.understand.lazy import lazy
from bot.understand.owned import says_owned
from bot.understand.patterns import ALERT_NAMED, alt

# A message cut into more parts than this is answered as today (one reading): nobody asks
# a dozen questions at once, and a list of a dozen lines is usually one question's details.
MAX_PIECES: Final = 8

_NEXT: Final = alt(f for lang in LANGUAGES for f in lang.next_question)
_NEXT_ANYWHERE: Final = alt(f for lang in LANGUAGES for f in lang.next_question_anywhere)
_SAME_GPU: Final = alt(f for lang in LANGUAGES for f in lang.same_gpu)
_NEXT_COST: Final = alt(f for lang in LANGUAGES for f in lang.next_cost)
# A price alert asked after another question, at a clause's start or after a joining word
# ("can i qlora llama3 8b on my 3060? also alert me if the h100 drops below 2.5", "price of an
# h100 and notify me when it goes under $2", "y avísame si la h100 baja de 2,5", "et
# préviens-moi si …"): the alert a question of its own (bot/several.py), cut before the
# joining word.
_ALERT_ASK: Final = (
    r"(?:(?:please|pls|plz|can you|could you|would you|will you|puedes|podes|podrias|me"
    r"|tu peux|vous pouvez|peux-tu|pouvez-vous|pourriez-vous) )*"
    rf"(?:{alt((*lx.ALERT_WORDS, *lx.ALERT_TELL))})"
)
_ALERT_JOIN: Final = r"(?:and|but|y|pero|e|et|mais|&|\+|plus)"
# Every match of _ALERT_ASK holds an alert word: _ALERT_AFTER and _ALERT_SAID are searched only
# in a text holding one's needles (most questions set no alert; both were searched in each).
_ALERT_NAMED: Final = ALERT_NAMED

# What ends a clause before an opening word: punctuation, or an emoji ("… llama 3 8b 🤔 also
# do u accept xmr 🙏"), which people put where a full stop would be (Unicode's emoji and
# symbol blocks, and the variation selector that follows many of them).
_CLAUSE_END: Final = ".,;:!?\u2026)\u2600-\u27bf\ufe0f\U0001f300-\U0001faff"
# Where a part ends: after "?" or a sentence's end followed by more text, at line breaks,
# before an opening word at a clause start or a strong one anywhere. Not before a Spanish "¿":
# what comes before it is most often the question's own facts ("LoRA de 7B en una 4090
# durante 24 horas, ¿cuánto?"). Not after a list's number ("1. will it fit").
# "con 20 dolares que puedo entrenar, y con 100?", "what can i train with 20 bucks and with 200
# bucks?": the message ends on another sum alone, the question before it asked again with it
# (bot/understand/followup.py other_budget).
_SUM_TAIL: Final = (
    r"(?:and|y|et) (?:with|w/?|con|avec|for|por|pour) (?=(?:us ?\$|\$)?\s*\d+\s*k?\s*"
    r"(?:us ?\$|\$|usd|dollars?|dolares?|dolar|bucks|pavos|euros?|eur|\u20ac)?\s*[?!.\s]*$)")
_SUM_TAIL_AT: Final = lazy(rf"(?<![a-z0-9']){_SUM_TAIL}")
_CUT: Final = lazy(
    r"(?P<after>[?\uff1f]+[!.]*|(?<!\b\d)(?<!\b\d\d)[.!\u3002\uff01]+)(?=\s)"
    r"|(?P<line>\s*\n\s*)"
    rf"|(?:^|(?<=[{_CLAUSE_END}]))\s*(?P<opening>{_NEXT})(?![a-z0-9'])"
    rf"|(?<![a-z0-9'])(?P<strong>{_NEXT_ANYWHERE})(?![a-z0-9'])"
    rf"|(?<![a-z0-9'])(?P<cost>{_NEXT_COST})(?![a-z0-9'])"
    rf"|(?<![a-z0-9'])(?P<sum>{_SUM_TAIL})"
)
# "1) … 2) …" written on one line: the items' numbers, cut before each when they count 1, 2, …
_INLINE_ITEM: Final = lazy(r"(?:^|(?<=\s))(?P<n>[1-9])[.)](?=\s)")
# What opens a part and is not the question: white space, a list's bullet or number, the
# words that said another question follows ("also,", "y otra cosa,"), and what follows them.
_LEAD: Final = lazy(
    r"(?:[\s\-*\u2022\u00b7\u2013\u2014>]+|\+(?=\s)|(?:\(?[1-9][.):]|[1-9]-)(?=\s)"
    rf"|(?:{_NEXT})(?![a-z0-9'])[\s,;:.!\u2026-]*)+"
)
_OPENED: Final = lazy(rf"(?<![a-z0-9'])(?:{_NEXT}|{_NEXT_ANYWHERE})(?![a-z0-9'])")
_WORD: Final = lazy(r"[^\W\d_]")  # a part holds a word, not only a list's number
# A part that is only a joining word ("…? and btw …", "…? y además …"): not a question of
# its own, and not the end of the one before (its quote would end "… run? and").
_JOIN_ONLY: Final = lazy(r"[\s,;&+]*(?:(?:and|or|y|e|o|u|et|ou)[\s,;.!\u2026-]*)+")
SAME_GPU: Final = lazy(rf"(?<![a-z0-9']){_SAME_GPU}(?![a-z0-9'])")
# A renting word ("rent", "alquilar", "louer", "arrendar"), and the clause that says it: after a
# comma or a joining word, up to that word without crossing another clause's punctuation.
_RENTING: Final = (r"(?<![a-z])(?:rent(?:s|ed|ing|als?)?|alquil[a-z]*|arrend[a-z]*"
             r"|lou(?:er|e|es|ez|ant|erai[st]?)|location)(?![a-z])")
_RENT_WORD: Final = lazy(_RENTING)
_RENT_CLAUSE: Final = lazy(
    r"(?:\s*[,;:]|\s(?:and|but|so|y|pero|asi que|et|mais|donc)(?=\s))\s*"
    rf"(?=[^,;:.?!\n]*?{_RENTING})"
)


# A price asked in a clause of its own ("how much is an h100 per hour", "cuanto cuesta una h100",
# "combien coute une h100"), after a comma or a joining word.
_PRICING: Final = (r"(?<![a-z])(?:how much (?:is|are|does|do|for)|what(?:'s| is) the price|price of"
                   r"|cuanto (?:cuesta|cuestan|sale|salen|vale|valen|cobran)|precio de"
                   r"|combien (?:coute|coutent|pour|vaut|fait)|prix d)(?![a-z])")
_PRICE_WORD: Final = lazy(_PRICING)
_PRICE_CLAUSE: Final = lazy(
    r"(?:\s*[,;:]|\s(?:and|but|so|y|pero|asi que|et|mais|donc)(?=\s))\s*"
    rf"(?={_PRICING})"
)
# A rate the user measured ("j'ai 15 tok/s sur 2x 3090, combien sur une h100 ?"): the clause
# after it asks that rate on another card, not a price of its own.
_RATE_SAID: Final = lazy(r"(?:tok(?:ens?)?|t|it) ?/ ?s(?![a-z])|tokens? (?:per|a|par|por) (?:sec|seg)")


def _owned_then_rented(folded: str) -> tuple[int, int] | None:
    """Where the clause that rents cards (or asks a price) starts, its joining word or comma
    from, to, when the message first says cards the user owns: "i have 2 3090s and a 3060,
    how much to rent 2 h100 …", "j'ai une 3090 et je veux louer une h100", "i have a 3090, how
    much is an h100 per hour". None otherwise."""
    match = _RENT_CLAUSE.search(folded) or _PRICE_CLAUSE.search(folded)
    if match is None or not says_owned(folded[:match.start()]) \
            or _RATE_SAID.search(folded, 0, match.start()):
        return None
    return match.start(), match.end()


@dataclass(frozen=True)
class Piece:
    start: int  # where the question starts in the message (after its opening word)
    end: int
    text: str  # the message's text[start:end]
    # After a word that says another question follows ("also", "btw", "otra pregunta"): what
    # it asks is a question of its own, not the other side of a comparison.
    opened: bool = False
    # Cut before "and how much", "y cuánto", "et combien" alone: a question of its own only as
    # the cost of the configuration the part before it priced or picked.
    costed: bool = False
    # After cards said owned, where a renting clause starts: a question of its own only beside
    # that statement alone (bot/several.py), else read with the part before it.
    after_owned: bool = False


def _flat_char(char: str) -> str:
    """One character that is not ASCII, as ``flat`` writes it."""
    if char in "\u2019\u2018\u02bc":
        return "'"
    lowered = char.lower()
    if len(lowered) != 1:
        lowered = char
    return unicodedata.normalize("NFKD", lowered)[0]


_NOT_ASCII: Final = lazy(r"[^\x00-\x7f]")


def flat(text: str) -> str:
    """Lower case without accents, one character for each of `text` (so that a match's
    offsets are the message's): "Además, ¿CUÁNTO?" → "ademas, ¿cuanto?"."""
    if text.isascii():
        return text.lower()
    # The ASCII stretches lowered whole, the few other characters one at a time.
    stretches = _NOT_ASCII.split(text)
    out = [stretches[0].lower()]
    for char, stretch in zip(_NOT_ASCII.findall(text), stretches[1:], strict=True):
        out.append(_flat_char(char))
        out.append(stretch.lower())
    return "".join(out)


def _inline_items(folded: str) -> list[int]:
    """Where "1) … 2) …" items start, when the numbers count from 1 in order (at least two)."""
    found = [(int(m["n"]), m.start()) for m in _INLINE_ITEM.finditer(folded)]
    starts: list[int] = []
    for n, at in found:
        if n == len(starts) + 1:
            starts.append(at)
    return starts if len(starts) >= 2 else []


# What every cut holds, looked for before _CUT (which is tried at every position of the text:
# most messages are one question and hold none of these). A sentence's end followed by white
# space, a line break, an opening word after a clause's punctuation or at the start, a strong
# opening word anywhere (plain words: looked for with ``in``), a list's first item ("1." or
# "1)" as _INLINE_ITEM reads it: not the "1." of "171.3b", in many questions' numbers).
_END_THEN_SPACE: Final = lazy(r"[?\uff1f.!\u3002\uff01]\s")
_FIRST_ITEM: Final = lazy(r"(?:^|(?<=\s))1[.)](?=\s)")
_OPENING_AFTER: Final = lazy(rf"[{_CLAUSE_END}]\s*{_NEXT}(?![a-z0-9'])")
_OPENING_FIRST: Final = lazy(rf"\s*{_NEXT}(?![a-z0-9'])")
# "qlora 8b on a 4090 + how much for 20 hours on an l40s": "+" joining a cost asked, as "and
# how much" does (``next_cost``).
_PLUS_COST: Final = lazy(r"(?<=\s)\+\s*(?=(?:how much|cuanto|cuanta|combien)(?![a-z]))")
# "alert me if h100 < 2 and what's the price of b200", "… y cuál es el precio de la b200":
# a card's price asked after a joining word, a question of its own when bot/several.py finds
# one (else read with the part before it, as before).
_AND_PRICE: Final = lazy(
    r"(?<=\s)(?:and|y|et) (?=(?:what(?:'s| is) the price|whats the price|the price of"
    r"|cual es el precio|el precio de|quel est le prix|le prix d)(?![a-z]))")
# Where an alert's clause starts: its first word after a clause's end, its joining word.
_ALERT_AFTER: Final = lazy(
    rf"[{_CLAUSE_END}]\s*(?P<alert>{_ALERT_ASK})(?![a-z])"
    rf"|\s(?P<alerted>{_ALERT_JOIN}\s+{_ALERT_ASK})(?![a-z])"
)
# Another card's alert after an alert's clause, its alert word left unsaid ("avísame si la h100
# baja de 2 y si la a100 baja de 1", "préviens-moi si la h100 passe sous 2 $ et la a100 sous
# 1 $", "… and the a100 below 1"): cut before the joining word, when an alert was asked before
# it (bot/several.py reads the part as an alert, as a chat's "and the h200 below 2.5" is).
_ALERT_CARD: Final = (
    r"(?:(?:the|la|el|le|l')\s*)?(?:(?:rtx|nvidia)\s?)?[a-z]{0,3}\d{2,4}[a-z0-9]*")
# ... or "too" at the clause's end ("alert me if the h100 drops below 2 and the h200 too",
# "… y la h200 también", "… et la h200 aussi", "…, le h200 aussi"): the same condition
# (alert_as_before)
_ALERT_TOO: Final = (
    r"[^,;.?!\n]{0,12}?(?<![a-z])(?:too|as well|tambien|aussi|egalement)(?![a-z])"
    r"(?:\s*,?\s*(?:please|pls|plz|por favor|svp|stp|s'il (?:te|vous) plait))?"
    r"\s*(?:[,;.?!\n]|$)")
_ALERT_NEXT: Final = (
    r"(?:(?:if|when|once|si|cuando|quand|lorsque)\s+)?"
    rf"{_ALERT_CARD}"
    r"(?:[^,;.?!\n]{0,30}?(?<![a-z])(?:below|under|drops?|falls?|bajo|baja|baje|debajo|sous"
    r"|passe|descend\w*|above|over|sube|suba|dessus)(?![a-z])"
    # ... or straight to its figure: "… y la a100 de 1", "… and the a100 at 1"
    r"|\s+(?:(?:de|a|at|to|en)\s+)?\$?\d+(?:[.,]\d+)?(?![a-z0-9.,%])"
    rf"|{_ALERT_TOO})")
# ... after a joining word, or a comma ("… below 2, the h200 below 2.5 and the b200 below 4",
# "…, le h200 aussi")
_ALERT_MORE: Final = lazy(
    rf"\s(?:and|y|e|et|&|or|o|ou)\s+(?={_ALERT_NEXT})|(?<=,)\s*(?={_ALERT_NEXT})")
# A clause that ends on a card ("alert me if the h100", "avísame si la h100"): the cards are
# listed before the one condition ("… and h200 drop below 2"), one alert of several cards,
# not cut (bot/pipeline.py sets one for each).
_CARD_ENDS: Final = lazy(r"(?<![a-z0-9])(?:[a-z]{1,3}\d{2,4}[a-z0-9]*|(?:rtx|nvidia)\s?\d{4})\s*,?\s*$")
_ALERT_SAID: Final = lazy(rf"(?<![a-z]){_ALERT_ASK}(?![a-z])")
# Where an alert's price ends and another clause starts ("alert me if the h100 drops below 2,
# and can i qlora llama 3 70b on it?", "avísame si la h100 baja de 2 y ¿puedo …?", "préviens-moi
# si la h100 passe sous 2 $, et est-ce que je peux …"): after the number and its unit, a comma
# or a joining word; cut before the joining word, when an alert was asked before it
# (bot/several.py keeps the clause apart only when it asks something by itself).
_ALERT_DONE: Final = lazy(
    r"(?<=\d)(?:\s*(?:%|\$|us\$|usd|dollars?|dolares?|bucks|pavos|euros?|eur"
    r"|(?:/|per |an |a |por |la |de l'|l'|par |de la )(?:h|hr|hour|hora|heure)s?)(?![a-z]))*"
    r"\s*(?:[,;.!]\s*|\s(?=(?:and|also|y|e|et|aussi|plus|or|o|ou) ))"
    # ... "or" too: "alert me if the h100 drops below 2 or rises above 3", the other way
    r"(?P<next>(?>(?:(?:and|but|also|y|e|pero|et|mais|aussi|tambien|plus|or|o|ou)\s+)?))"
    r"(?=[a-z\u00bf])"
    # not another card's alert ("… y la b200 también?", "… and if the a100 …": _ALERT_MORE's)
    r"(?!(?:(?:if|when|once|si|cuando|quand|lorsque)\s+)?(?:(?:the|la|el|le|l')\s*)?"
    r"(?:(?:rtx|nvidia)\s?)?[a-z]{0,3}\d)"
)
_STRONG_WORDS: Final = tuple(
    f for lang in LANGUAGES for f in (*lang.next_question_anywhere, *lang.next_cost))


def _may_cut(folded: str, alert: bool | None = None) -> bool:
    """False when neither _CUT nor a "1) … 2) …" list can cut `folded` (`alert`: whether it
    holds an alert word's needles, _ALERT_NAMED, when the caller knows)."""
    if alert is None:
        alert = _ALERT_NAMED.admits(folded)
    return bool(
        "\n" in folded or _END_THEN_SPACE.search(folded) or _OPENING_AFTER.search(folded)
        or _OPENING_FIRST.match(folded) or _strong(folded)
        or (("1." in folded or "1)" in folded) and _FIRST_ITEM.search(folded))
        or _RENT_WORD.search(folded) or _SUM_TAIL_AT.search(folded)
        or (alert and _ALERT_AFTER.search(folded))
        or ("+" in folded and _PLUS_COST.search(folded))
        or (alert and _ALERT_SAID.search(folded)
            and (_ALERT_MORE.search(folded) or _ALERT_DONE.search(folded)))
        or (("price" in folded or "precio" in folded or "prix" in folded)
            and _AND_PRICE.search(folded))
    )


def _strong(folded: str) -> bool:
    for word in _STRONG_WORDS:  # noqa: SIM110 (any() over a generator is twice as slow)
        if word in folded:
            return True
    return False


def pieces(text: str) -> list[Piece]:
    """The message's candidate questions, in order; one piece (or none, for a message with no
    words) when nothing cuts it."""
    folded = flat(text)
    cuts = {0, len(text)}
    costed: set[int] = set()
    owned_cut: tuple[int, int] | None = None
    alert = _ALERT_NAMED.admits(folded)
    if _may_cut(folded, alert):
        for match in _CUT.finditer(folded):
            kind = match.lastgroup
            if kind == "after":
                cuts.add(match.end())
            elif kind == "line":
                cuts.add(match.start())
            elif kind is not None:
                cuts.add(match.start(kind))
                if kind == "cost":
                    costed.add(match.start(kind))
        cuts.update(_inline_items(folded))
        if alert:
            cuts.update(match.start(match.lastgroup or 0)
                        for match in _ALERT_AFTER.finditer(folded))
        cuts.update(match.start() for match in _AND_PRICE.finditer(folded))
        if alert:
            cuts.update(match.start() for match in _ALERT_MORE.finditer(folded)
                        if _ALERT_SAID.search(folded, 0, match.start())
                        and not _CARD_ENDS.search(folded, 0, match.start()))
            cuts.update(match.start("next") for match in _ALERT_DONE.finditer(folded)
                        if _ALERT_SAID.search(folded, 0, match.start()))
        if "+" in folded:
            plus = {match.start() for match in _PLUS_COST.finditer(folded)}
            cuts.update(plus)
            costed.update(plus)
        # "tengo 2x3090 y una 3060, cuanto me sale alquilar …": the joining word or comma
        # between is no piece of its own
        owned_cut = _owned_then_rented(folded)
        cuts.update(owned_cut or ())
    elif _PRICE_WORD.search(folded):
        # "i have a 3090, how much is an h100 per hour": no other cut, only the owned one
        owned_cut = _owned_then_rented(folded)
        cuts.update(owned_cut or ())
    out: list[Piece] = []
    # "…? and how much for 10 hours": the "?" cut it already, as strongly as before.
    weak = {c for p, c in pairwise(sorted(cuts)) if c in costed and _WORD.search(folded, p, c)}
    for start, end in pairwise(sorted(cuts)):
        costs = start in weak
        rents = owned_cut is not None and owned_cut[1] == start
        lead = _LEAD.match(folded, start, end)
        opened = False
        if lead is not None:
            opened = _OPENED.search(folded, start, lead.end()) is not None
            start = lead.end()
        while end > start and text[end - 1].isspace():
            end -= 1
        if _WORD.search(text, start, end) and not _JOIN_ONLY.fullmatch(folded, start, end):
            out.append(Piece(start, end, text[start:end], opened, costs, rents))
    return out


_WORDS: Final = lazy(r"\w+")


def asked_once(text: str, found: list[Piece]) -> str:
    """The message with each of its questions (`found`, its pieces) once: a question pasted
    twice ("can i qlora llama 3 8b on a 4090? can i qlora llama 3 8b on a 4090?") is one
    question, not two cards to compare (the same words, case and punctuation aside). `text`
    itself when none repeats."""
    if len(found) < 2:
        return text
    seen: set[str] = set()
    kept: list[str] = []
    at = 0
    for piece in found:
        key = " ".join(_WORDS.findall(flat(piece.text)))
        if key in seen:
            kept.append(text[at:piece.start])
            at = piece.end
        seen.add(key)
    if not at:
        return text
    kept.append(text[at:])
    return "".join(kept).strip()
