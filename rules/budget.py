"""What a budget buys: wall-clock hours of a configuration at its hourly price."""

from __future__ import annotations

from decimal import ROUND_FLOOR, Decimal

from pydantic import BaseModel, ConfigDict


def budget_hours(budget_usd: Decimal, usd_per_hour: Decimal, billing_minutes: int) -> Decimal:
    """Hours = budget / price, down to a tenth of an hour (6 minutes, whole billing units for
    any granularity dividing 6), so the run never costs more than the budget and the cost is a
    finite decimal."""
    if usd_per_hour <= 0 or budget_usd <= 0:
        return Decimal(0)
    step = Decimal("0.1") if 6 % billing_minutes == 0 else Decimal(billing_minutes) / 60
    return (budget_usd / usd_per_hour / step).to_integral_value(rounding=ROUND_FLOOR) * step


class BudgetBuys(BaseModel):
    """The hours a budget buys on one configuration, and what they cost (never more than it)."""

    model_config = ConfigDict(frozen=True)

    budget_usd: Decimal
    gpu: str
    gpu_count: int
    usd_per_hour: Decimal  # the whole configuration's
    hours: Decimal  # wall clock

    @property
    def gpu_hours(self) -> Decimal:
        return self.hours * self.gpu_count

    @property
    def cost_usd(self) -> Decimal:
        return self.hours * self.usd_per_hour


def budget_buys(
    budget_usd: Decimal, gpu: str, gpu_count: int, usd_per_hour: Decimal, billing_minutes: int
) -> BudgetBuys:
    hours = budget_hours(budget_usd, usd_per_hour, billing_minutes)
    return BudgetBuys(budget_usd=budget_usd, gpu=gpu, gpu_count=gpu_count,
                      usd_per_hour=usd_per_hour, hours=hours)
