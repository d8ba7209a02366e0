"""Alert texts, rendered in the reader's locale from the templates (Telegram HTML)."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from bot.alerts.feed import PriceListRejected
from bot.alerts.model import AlertSpec, PriceMove, Reason
from bot.render.renderer import render_template
from rules.catalogue import Catalogue


class AlertRenderer:
    """Renders alert messages; identical facts in one locale are rendered once (a fan-out to
    thousands of subscribers produces a handful of distinct texts)."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue
        self._cache: dict[tuple[object, ...], str] = {}

    def _render(self, name: str, locale: str, **context: object) -> str:
        return render_template(name, locale, catalogue=self.catalogue, **context)

    def price_change(self, locale: str, move: PriceMove, reasons: Sequence[Reason]) -> str:
        key = ("change", locale, move, tuple(reasons))
        text = self._cache.get(key)
        if text is None:
            if len(self._cache) > 10_000:
                self._cache.clear()
            text = self._render("alert_price_change.html.j2", locale, move=move,
                                reasons=list(reasons))
            self._cache[key] = text
        return text

    def subscribed(
        self, locale: str, spec: AlertSpec, *, created: bool, current: Decimal | None,
        armed: bool, replaced: Decimal | None = None,
        config: tuple[int, Decimal] | None = None,
    ) -> str:
        """``replaced``: the threshold (or percent) of the alert this one took the place of;
        ``config``: the count and the sum said of a configuration ("8x h100 under 15/hr"),
        the threshold being that sum per GPU."""
        return self._render("alert_subscribed.html.j2", locale, spec=spec, created=created,
                            current=current, armed=armed, replaced=replaced, config=config)

    def subscriptions(self, locale: str, subs: Sequence[AlertSpec]) -> str:
        return self._render("alert_list.html.j2", locale, subs=list(subs))

    def unsubscribed(self, locale: str, count: int, gpu_id: str | None = None) -> str:
        return self._render("alert_unsubscribed.html.j2", locale, count=count, gpu_id=gpu_id)

    def error(self, locale: str, code: str, **params: object) -> str:
        context: dict[str, object] = {"gpu_text": "", "suggestions": [], "limit": 0, **params}
        return self._render("alert_error.html.j2", locale, code=code, **context)

    def refused(self, locale: str, exc: PriceListRejected, max_jump: Decimal) -> str:
        return self._render("alert_admin_refused.html.j2", locale, source=exc.source,
                            problems=exc.problems, max_jump=max_jump)

    def applied(
        self, locale: str, moves: Sequence[PriceMove], deliveries: int, *,
        preparing: bool = False,
    ) -> str:
        """``preparing``: a large fan-out goes on in the background after the commit."""
        return self._render("alert_admin_applied.html.j2", locale, moves=list(moves),
                            deliveries=deliveries, preparing=preparing)

    def history(
        self, locale: str, gpu_id: str, current: Decimal | None, changes: int,
        since_date: object = None,
    ) -> str:
        return self._render("alert_history.html.j2", locale, gpu_id=gpu_id, current=current,
                            changes=changes, since_date=since_date)
