"""Renting a card against buying one: the rented hour it is weighed against, and after how many
hours of use the card's purchase price equals what those hours cost rented.

The service publishes hourly prices, never what a card sells for: the purchase price is the
user's, or there is none (the reply then asks for it)."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict

if TYPE_CHECKING:
    from rules.catalogue import Catalogue
    from rules.schema import GPU


class RentBuy(BaseModel):
    """The card asked about, the rented GPU whose hour it is weighed against, and the
    break-even hours when a purchase price is given."""

    model_config = ConfigDict(frozen=True)

    card: str  # the GPU id asked about
    rented: str | None  # the priced GPU weighed against (the card itself when priced here)
    usd_per_hour: Decimal | None
    # Why that one: the card itself, or the rented GPU the user named ("named": "buy a 3090 or
    # rent an a100"), or the cheapest hour with at least its memory and its datasheet peak
    # ("peak"), or with at least its memory alone ("memory": the card's peak is not cited, or no
    # priced GPU has as much).
    basis: str  # "same" | "named" | "peak" | "memory"
    purchase_usd: Decimal | None = None
    break_even_hours: Decimal | None = None

    @property
    def break_even_days(self) -> Decimal | None:
        """The break-even hours as days of use round the clock, to a tenth."""
        if self.break_even_hours is None:
            return None
        return (self.break_even_hours / 24).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)


def rented_equivalent(card: GPU, cat: Catalogue) -> tuple[GPU | None, str]:
    """The card itself when rented at a published price; else the rented GPU with the cheapest
    published hour that has at least its memory and its cited peak BF16 figure, else at least
    its memory."""
    if card.rented and card.usd_per_gpu_hour is not None:
        return card, "same"
    priced = sorted((g for g in cat.rented_gpus if g.usd_per_gpu_hour is not None),
                    key=lambda g: (g.usd_per_gpu_hour, g.id))
    roomy = [g for g in priced if g.vram_gb >= card.vram_gb]
    if card.bf16_dense_tflops is not None:
        fast = [g for g in roomy if g.bf16_dense_tflops is not None
                and g.bf16_dense_tflops >= card.bf16_dense_tflops]
        if fast:
            return fast[0], "peak"
    return (roomy[0], "memory") if roomy else (None, "memory")


def rent_or_buy(card: GPU, purchase_usd: Decimal | None, cat: Catalogue,
                named: GPU | None = None) -> RentBuy:
    """`named`: the GPU the user would rent instead ("buy a 3090 or rent an a100"), weighed
    when it has a published price; else the card's rented equivalent."""
    rented: GPU | None
    if named is not None and named.rented and named.usd_per_gpu_hour is not None \
            and named.id != card.id:
        rented, basis = named, "named"
    else:
        rented, basis = rented_equivalent(card, cat)
    price = rented.usd_per_gpu_hour if rented is not None else None
    hours = None
    if purchase_usd is not None and purchase_usd > 0 and price is not None and price > 0:
        hours = (purchase_usd / price).quantize(Decimal(1), rounding=ROUND_HALF_UP)
    return RentBuy(card=card.id, rented=rented.id if rented is not None else None,
                   usd_per_hour=price, basis=basis, purchase_usd=purchase_usd,
                   break_even_hours=hours)
