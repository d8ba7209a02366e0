"""When a subscription fires for a price move (pure functions, no I/O).

- any: every change.
- below T: when the price goes from ≥ T to < T (armed → fires, disarms); it re-arms when the
  price is back at or above T, so it fires once per crossing, not at every change below T.
- above T: the mirror image (> T fires; ≤ T re-arms).
- percent P: when the price has moved by at least P % from the last price the subscriber was
  told about (or the price when they subscribed); percent_down P and percent_up P: when it
  has dropped, or risen, by at least P % from it (a move the other way is not news).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal

from bot.alerts.model import PERCENT_KINDS, Kind, PriceMove, Reason, moved_enough


@dataclass(frozen=True)
class SubState:
    kind: Kind
    threshold: Decimal | None
    armed: bool
    last_notified: Decimal | None


def initial_state(kind: Kind, threshold: Decimal | None, current: Decimal | None) -> SubState:
    """A new subscription. A threshold already crossed waits for the price to come back first:
    "tell me when it drops below 3" while it is at 2.32 is not news."""
    armed = True
    if current is not None and threshold is not None:
        if kind == "below":
            armed = current >= threshold
        elif kind == "above":
            armed = current <= threshold
    return SubState(kind, threshold, armed, current)


def evaluate(state: SubState, move: PriceMove) -> tuple[Reason | None, SubState]:
    """The reason to write (None: stay silent) and the subscription's new state."""
    new = move.new
    if move.old == new:
        return None, state
    if state.kind == "any":
        return Reason("any"), replace(state, last_notified=new)
    if state.kind in PERCENT_KINDS:
        if state.threshold is None:
            return None, state
        base = state.last_notified if state.last_notified is not None else move.old
        if base is None or base == 0:
            return Reason(state.kind, state.threshold), replace(state, last_notified=new)
        moved = (new - base) / base * 100
        if moved_enough(state.kind, moved, state.threshold):
            reason = Reason(state.kind, state.threshold, since=base, moved_percent=moved)
            return reason, replace(state, last_notified=new)
        return None, state
    if state.threshold is None:
        return None, state
    crossed = new < state.threshold if state.kind == "below" else new > state.threshold
    if crossed and state.armed:
        return Reason(state.kind, state.threshold), replace(
            state, armed=False, last_notified=new
        )
    if not crossed and not state.armed:
        return None, replace(state, armed=True)  # crossed back: re-armed, silently
    return None, state
