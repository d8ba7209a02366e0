"""Subscribe, unsubscribe and list: /alert, /alerts, /unalert and the free-text alert intent."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Final

from bot.alerts.matching import initial_state
from bot.alerts.model import AlertSpec, Kind, as_kind
from bot.alerts.service import AlertService
from bot.storage.models import Subscription
from bot.storage.repos import Prices, Subscriptions, Users
from bot.storage.types import to_micros
from bot.understand.languages import union
from bot.understand.query import Query
from rules.catalogue import Catalogue

MAX_PER_USER: Final = 50
MAX_THRESHOLD: Final = Decimal(10_000)
MIN_PERCENT: Final = Decimal("0.1")
MAX_PERCENT: Final = Decimal(100)

# The condition word, in every language ("/alert h100 bajo 2", "/alert h100 sous 2").
BELOW_WORDS: Final = frozenset({"<"}) | union("alert_below")
ABOVE_WORDS: Final = frozenset({">"}) | union("alert_above")
FILLER_WORDS: Final = union("alert_fillers")
# "10%", and signed: "-10%" a drop, "+10%" a rise.
_PERCENT = re.compile(r"^([-+−]?)(\d+(?:[.,]\d+)?)\s*%$")
_SEPARATORS = re.compile(r"[\s_\-]+")  # as the catalogue's GPU look-up folds them


class AlertInputError(ValueError):
    """A bad /alert request; ``code`` picks the explanation in alert_error.html.j2."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


# Dollars said after the price ("/alert h100 bajo 2,5 $", "below 2 usd"; USDT and USDC, the
# dollar coins we take, as the free-text alerts read them): was the usage, as a third word.
_DOLLARS: Final = frozenset({"$", "usd", "us$", "$us", "dollar", "dollars", "dólares", "dolares",
                             "usdt", "usdc"})
# "/alert h100 below €5", "5 eur": was "The price must be a positive number of dollars".
_OTHER_CURRENCY: Final = re.compile(r"€|eur|euros?|£|gbp|¥|jpy|cny|rub|₽", re.IGNORECASE)


def _money(text: str) -> Decimal:
    if _OTHER_CURRENCY.search(text):
        raise AlertInputError("threshold_not_usd")
    cleaned = text.strip().lstrip("$").rstrip("$").replace(",", ".").strip()
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        raise AlertInputError("bad_threshold") from None
    if value.is_finite() and value > MAX_THRESHOLD:
        # "/alert h100 below 1e12": was "must be a positive number", which it is
        raise AlertInputError("threshold_too_large", high=MAX_THRESHOLD)
    if not value.is_finite() or value <= 0:
        raise AlertInputError("bad_threshold")
    try:
        to_micros(value)
    except ValueError:
        raise AlertInputError("bad_threshold") from None
    return value


def _percent(value: Decimal) -> Decimal:
    if not value.is_finite() or not MIN_PERCENT <= value <= MAX_PERCENT:
        raise AlertInputError("bad_percent")
    try:
        to_micros(value)
    except ValueError:
        raise AlertInputError("bad_percent") from None
    return value


def _gpu_id(text: str, catalogue: Catalogue) -> str:
    gpu = catalogue.find_gpu(text)
    if gpu is None:
        raise AlertInputError(
            "unknown_gpu", gpu_text=text, suggestions=catalogue.suggest_gpus(text)
        )
    if not gpu.rented:  # a card people own: it has no price here to follow
        raise AlertInputError("gpu_not_rented", gpu=gpu.name)
    return gpu.id


def _longest_gpu_name(catalogue: Catalogue) -> int:
    """The most words a GPU's id, name or alias can be written in, counting a word for each
    separator too ("a100 - 80gb")."""
    keys = (k for gpu in catalogue.gpus for k in (gpu.id, gpu.name, *gpu.aliases))
    return 2 * max(len(_SEPARATORS.split(key.strip())) for key in keys)


def parse_alert_args(args: Sequence[str], catalogue: Catalogue) -> AlertSpec:
    """``h100`` · ``h100 below 2`` · ``h100 above $3.50`` · ``h100 10%`` · ``rtx 4090 bajo 1``.

    The GPU may span several words (``a100 80gb``): the longest known prefix wins.
    """
    words = [w for w in " ".join(args).split() if w]
    if not words:
        raise AlertInputError("usage")
    # Only prefixes as long as a GPU name can be are tried: trying every one made /alert
    # quadratic in its length (2 000 words blocked the event loop 0.7 s).
    for cut in range(min(len(words), _longest_gpu_name(catalogue)), 0, -1):
        if catalogue.find_gpu(" ".join(words[:cut])) is not None:
            gpu_id, rest = _gpu_id(" ".join(words[:cut]), catalogue), words[cut:]
            break
    else:
        raise AlertInputError(
            "unknown_gpu", gpu_text=words[0], suggestions=catalogue.suggest_gpus(words[0])
        )
    rest = [w for w in rest if w.lower() not in FILLER_WORDS]
    if not rest:
        return AlertSpec(gpu_id, "any")
    joined = "".join(rest)
    percent = _PERCENT.match(joined)
    if percent is not None:
        sign = percent.group(1)
        moves: Kind = "percent_up" if sign == "+" else "percent_down" if sign else "percent"
        return AlertSpec(gpu_id, moves, _percent(Decimal(percent.group(2).replace(",", "."))))
    word = rest[0].lower()
    kind: Kind
    if word in BELOW_WORDS:
        kind = "below"
    elif word in ABOVE_WORDS:
        kind = "above"
    else:
        raise AlertInputError("usage")
    if len(rest) == 3 and rest[2].lower() in _DOLLARS:
        rest = rest[:2]
    elif len(rest) == 3 and _OTHER_CURRENCY.fullmatch(rest[2]):
        raise AlertInputError("threshold_not_usd")
    if len(rest) != 2:
        raise AlertInputError("usage")
    return AlertSpec(gpu_id, kind, _money(rest[1]))


@dataclass(frozen=True)
class SubscribeResult:
    spec: AlertSpec
    subscription_id: int
    created: bool  # False: the same alert already existed
    current: Decimal | None  # the price in force
    armed: bool
    replaced: bool = False  # "actually make it 2.1": the alert just set was stopped for this one


@dataclass(frozen=True)
class SubscriptionView:
    id: int
    gpu_id: str
    kind: Kind
    threshold: Decimal | None
    chat_id: int


class SubscriptionManager:
    def __init__(self, service: AlertService, max_per_user: int = MAX_PER_USER) -> None:
        self.service = service
        self.db = service.db
        self.catalogue = service.catalogue
        self.max_per_user = max_per_user

    def parse(self, args: Sequence[str]) -> AlertSpec:
        return parse_alert_args(args, self.catalogue)

    async def subscribe(
        self, spec: AlertSpec, user_id: int, chat_id: int, language_code: str | None = None,
        replaces: Decimal | None = None,
    ) -> SubscribeResult:
        """``replaces``: the threshold (or percent) of this chat's alert on the same GPU that
        this one takes the place of ("actually make it 2.1"), stopped in the same transaction."""
        now = self.service.clock()
        # One transaction, few statements: each costs a round trip to the database (through
        # aiosqlite's thread, ~0.5 ms here), and a subscription holds SQLite's write lock.
        async with self.db.transaction() as session:
            current = self.service.in_force(await Prices(session).latest()).get(spec.gpu_id)
            # In a group the alert goes to the group; the user's own chat is their id.
            await Users(session).touch(user_id, user_id, language_code, now)
            subs = Subscriptions(session)
            active = await subs.list_active(user_id)
            replaced = False
            if replaces is not None:
                percent = spec.kind.startswith("percent")
                stale = [s.id for s in active if s.chat_id == chat_id
                         and s.gpu_id == spec.gpu_id and s.threshold == replaces
                         and s.kind.startswith("percent") == percent
                         and (s.kind, s.threshold) != (spec.kind, spec.threshold)]
                if stale:
                    await subs.deactivate(user_id, ids=stale)
                    active = [s for s in active if s.id not in stale]
                    replaced = True
            same = next((s for s in active if s.chat_id == chat_id and s.gpu_id == spec.gpu_id
                         and s.kind == spec.kind and s.threshold == spec.threshold), None)
            if same is not None:
                return SubscribeResult(spec, same.id, False, current, same.armed, replaced)
            if len(active) >= self.max_per_user:
                raise AlertInputError("too_many", limit=self.max_per_user)
            state = initial_state(spec.kind, spec.threshold, current)
            sub = await subs.add(Subscription(
                user_id=user_id, chat_id=chat_id, gpu_id=spec.gpu_id, kind=spec.kind,
                threshold=spec.threshold, armed=state.armed,
                last_notified_price=state.last_notified, active=True,
                created_at=now, updated_at=now,
            ))
            return SubscribeResult(spec, sub.id, True, current, state.armed, replaced)

    async def subscribe_from_query(
        self, query: Query, user_id: int, chat_id: int, language_code: str | None = None
    ) -> SubscribeResult:
        """The free-text alert intent ("avísame si baja el precio de la H200").

        A direction without a threshold ("if it drops") means "below/above today's price".
        Raises AlertInputError (``missing_gpu``, ``bad_threshold``, ``bad_percent``, …).
        """
        if query.gpu is None:
            if query.gpu_text:
                _gpu_id(query.gpu_text, self.catalogue)  # raises unknown_gpu with suggestions
            raise AlertInputError("missing_gpu")
        gpu_id = _gpu_id(query.gpu, self.catalogue)
        if query.money_foreign:
            raise AlertInputError("threshold_not_usd")  # "baja de 2 euros": not "below $2"
        spec: AlertSpec
        if query.percent is not None:
            # "when the H100 drops 10%": a drop of that much, not any move (a rise of 10 % is
            # not what was asked for).
            moves: Kind = {"below": "percent_down", "above": "percent_up"}.get(
                query.direction or "", "percent")  # type: ignore[assignment]
            spec = AlertSpec(gpu_id, moves, _percent(query.percent))
        elif query.threshold_usd is not None:
            kind: Kind = "above" if query.direction == "above" else "below"
            spec = AlertSpec(gpu_id, kind, _money(str(query.threshold_usd)))
        elif query.direction is not None:
            current = (await self.service.current_prices()).get(gpu_id)
            spec = (
                AlertSpec(gpu_id, "any") if current is None
                else AlertSpec(gpu_id, query.direction, current)
            )
        else:
            spec = AlertSpec(gpu_id, "any")
        return await self.subscribe(spec, user_id, chat_id, language_code, query.replaces_limit)

    async def list(self, user_id: int) -> list[SubscriptionView]:
        async with self.db.sessions() as session:
            found = await Subscriptions(session).list_active(user_id)
        return [self._view(s) for s in found]

    async def unsubscribe(
        self, user_id: int, *, ids: Sequence[int] | None = None, gpu_id: str | None = None
    ) -> int:
        """Stops the user's alerts: some ids, those for one GPU, or all of them."""
        async with self.db.transaction() as session:
            return await Subscriptions(session).deactivate(user_id, ids=ids, gpu_id=gpu_id)

    def resolve_gpu(self, text: str) -> str:
        return _gpu_id(text, self.catalogue)

    @staticmethod
    def _view(sub: Subscription) -> SubscriptionView:
        return SubscriptionView(sub.id, sub.gpu_id, as_kind(sub.kind), sub.threshold, sub.chat_id)
