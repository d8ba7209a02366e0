"""Electricity said in a question: "how much would it cost in electricity … power is 0.30
$/kwh", "mi 4090 consume 450W, la luz a 0,20 €/kWh", "l'électricité à 0,25 € le kWh". The
price of a kWh with its currency, the card's watts, and whether the electricity is asked are
taken out of the text before the rest is read: a price a kWh is no budget, and "450W" no card
nor memory."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Final

from bot.understand.lazy import lazy

_NUM: Final = r"\d{1,3}(?:[.,]\d{1,4})?"
_SYMBOL: Final = r"[$€£]"
_CURRENCY_WORDS: Final = (
    r"usd|eur|gbp|euros?|dollars?|d[oó]lares|pounds?|libras?|cents?|c[eé]ntimos|centimes|cts?|p"
)
_KWH: Final = (
    r"(?:kwh|kw/h|kw-h|kw h|kilowatt[- ]?hours?|kilowatt[- ]?heures?|kilovatios?[- ]hora)"
)
# "0.30 $/kwh", "$0.30/kWh", "0,20 €/kWh", "30 cents per kwh", "0,20 euros el kWh", "0,25 € le
# kWh", "25p/kWh", "0.3 per kwh" (no currency: the number alone).
_PRICE: Final = lazy(
    rf"(?<![\w.,])(?P<pre>{_SYMBOL})? ?(?P<num>{_NUM}) ?(?P<cur>{_SYMBOL}|(?:{_CURRENCY_WORDS})(?![a-z]))?"
    rf" ?(?:/|per|a|an|the|each|el|la|le|par|por|cada|un|una|pour) ?(?:1 )?{_KWH}(?![a-z])",
    re.IGNORECASE,
)
# ... the kWh said first: "le kWh est à 0,25 €", "el kWh me sale a 0,18 €", "kwh is 30 cents",
# "my kwh costs $0.28" (was no price read: its cost asked for again).
_PRICE_AFTER: Final = lazy(
    rf"(?<![a-z]){_KWH} ?(?:is|costs?|est|esta|está|cuesta|co[uû]te|sale|me sale|me cuesta|"
    r"at|a|à|=|:)(?: (?:a|à|at|about|around|de|unos|environ))? ?"
    rf"(?P<pre>{_SYMBOL})? ?(?P<num>{_NUM}) ?(?P<cur>{_SYMBOL}|(?:{_CURRENCY_WORDS})(?![a-z]))?"
    r"(?![\w.,])",
    re.IGNORECASE,
)
# "450W", "450 w", "450 watts", "consume 450 vatios"; not a power supply's ("850w psu").
_WATTS: Final = lazy(
    r"(?<![\w.,])(?P<num>\d{2,4}) ?(?:w|watts?|vatios?|watios?)(?![a-z0-9/])"
    r"(?! ?(?:psu|power supply|supply|fuente|alimentation|alim))",
    re.IGNORECASE,
)
# The electricity asked, with no price said ("how much electricity", "power bill", "la luz").
_ASKED: Final = lazy(
    r"(?<![a-z])(?:electricity|electric(?:al)? bill|power bill|energy (?:cost|bill|use)|"
    r"power (?:cost|consumption)|kwh|electricidad|factura de (?:la )?luz|precio de la luz|"
    r"luz (?:a|cuesta|me cuesta|sale|esta a)|"
    # "¿cuánto consume de luz?", "¿cuánta luz gasta?", "lo que gasto en luz", "combien de
    # courant ça consomme ?", "ça consomme combien de courant ?", "la conso électrique"
    r"cu[aá]nta luz|(?:consum|gast)\w* (?:de |en )?luz|combien de courant|"
    r"consomm\w* (?:de |en )?courant|conso (?:[eé]lectrique|de courant)|"
    r"consumo (?:el[eé]ctrico|de energ[ií]a)|[eé]lectricit[eé]|facture d'[eé]lectricit[eé]|"
    r"consommation (?:[eé]lectrique|d'[eé]nergie)|"
    # "how much power does it draw", "what's the power draw", "¿cuánto me sale la luz?",
    # "cuánto pago de luz", "la factura eléctrica", "ma facture d'élec", "ça consomme
    # combien ?" (not "… combien de VRAM"), "combien ça consomme"
    r"how much (?:power|energy|juice)(?: (?:does|will|would|do|is|it|this|that|the run|"
    r"my \w+|\w+ing|going|to|be|gonna))* (?:use|draw|pull|consum|eat|burn|take)\w*|"
    r"power (?:draw|usage|use|bill)|electric bill|(?:me )?sale (?:la )?luz|"
    r"(?:pag|gast)\w* (?:de|en) (?:la )?luz|recibo de (?:la )?luz|"
    r"factura (?:el[eé]ctrica|de (?:la )?electricidad)|facture (?:d'[eé]lec|edf)\w*|"
    r"(?:consomm\w*|conso) combien(?! de (?:vram|m[eé]moire|ram|go|gb|disque))|"
    r"combien (?:[cç]a |cela |elle |il )?(?:va )?consomm\w*"
    r"(?! (?:de |en )?(?:vram|m[eé]moire|ram|go|gb|disque)))(?![a-z])",
    re.IGNORECASE,
)
_CURRENCIES: Final = {
    "$": "USD", "usd": "USD", "dollar": "USD", "dollars": "USD", "dolares": "USD",
    "dólares": "USD", "€": "EUR", "eur": "EUR", "euro": "EUR", "euros": "EUR", "£": "GBP",
    "gbp": "GBP", "pound": "GBP", "pounds": "GBP", "libra": "GBP", "libras": "GBP",
}
# Hundredths of a currency: cents of a dollar, céntimos and centimes of a euro, pence.
_CENTS: Final = {
    "cent": "USD", "cents": "USD", "ct": None, "cts": None, "centimos": "EUR", "céntimos": "EUR",
    "centimes": "EUR", "p": "GBP",
}


@dataclass(frozen=True)
class Power:
    text: str  # the question with the price and the watts taken out
    asked: bool  # electricity asked, with or without a price
    price: Decimal | None = None  # a kWh's, in `currency`
    currency: str | None = None  # ISO 4217 ("USD", "EUR", "GBP"); None: none said
    watts: Decimal | None = None  # each card's, as said


# Every match above holds one of these (most questions hold none, and are not searched).
_NEEDLES: Final = ("kwh", "kw", "kilowat", "kilovat", "lectric", "luz", "power", "energ", "consum",
                   "courant", "conso", "juice", "facture", "léctric")


def take_power(text: str) -> Power:
    """The electricity a question says, and the question without it."""
    low = text.lower()
    if not any(needle in low for needle in _NEEDLES):
        return Power(text, False)
    price = _PRICE.search(text) or _PRICE_AFTER.search(text)
    asked = price is not None or _ASKED.search(text) is not None
    if not asked:
        return Power(text, False)
    amount: Decimal | None = None
    currency: str | None = None
    if price is not None:
        amount = Decimal(price.group("num").replace(",", "."))
        said = (price.group("pre") or price.group("cur") or "").lower()
        if said in _CENTS:
            amount /= 100
            currency = _CENTS[said]
        else:
            currency = _CURRENCIES.get(said)
        text = f"{text[: price.start()]} {text[price.end() :]}"
    watts = _WATTS.search(text)
    value = Decimal(watts.group("num")) if watts is not None else None
    if watts is not None:
        text = f"{text[: watts.start()]} {text[watts.end() :]}"
    return Power(text, True, amount, currency, value)
