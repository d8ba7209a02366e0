"""/history: a GPU's price history as a PNG (matplotlib, headless Agg backend)."""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Sequence
from decimal import Decimal

from babel.dates import format_date

from bot.i18n import tr
from bot.render.format import Formatter

Point = tuple[dt.datetime, Decimal]

# Matplotlib's default date epoch: axis values are days since then.
_EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)


def _axis_date(value: float) -> dt.date:
    return (_EPOCH + dt.timedelta(days=value)).date()


def render_history_png(
    points: Sequence[Point],
    gpu_name: str,
    locale: str,
    now: dt.datetime,
    *,
    width_px: int = 960,
    height_px: int = 540,
) -> bytes:
    """A step line of the price over time (a price holds until the next change), extended to
    ``now``, with the current price marked and labelled. Labels are in ``locale``.

    A Figure without pyplot: no global state, safe to call from a worker thread.
    """
    if not points:
        raise ValueError("no price history to draw")
    # Imported on the first /history, not at start-up (~0.8 s for a rarely used command).
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    fmt = Formatter(locale)
    times = [t for t, _ in points] + [max(now, points[-1][0])]
    prices = [float(p) for _, p in points] + [float(points[-1][1])]
    current = points[-1][1]

    dpi = 100
    figure = Figure(figsize=(width_px / dpi, height_px / dpi), dpi=dpi)
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    x = [(t - _EPOCH).total_seconds() / 86_400 for t in times]
    axes.step(x, prices, where="post", color="#1f77b4", linewidth=2)
    axes.plot([x[-1]], [prices[-1]], marker="o", markersize=9, color="#d62728", zorder=3)
    label = tr(locale, "now %(price)s/hour") % {"price": fmt.usd_exact(current)}
    axes.annotate(
        label, (x[-1], prices[-1]), textcoords="offset points", xytext=(-8, 10), ha="right",
        color="#d62728", fontsize=11, fontweight="bold",
    )
    axes.axhline(prices[-1], color="#d62728", linewidth=0.8, linestyle="--", alpha=0.6)

    low, high = min(prices), max(prices)
    margin = max((high - low) * 0.15, high * 0.05, 0.01)
    axes.set_ylim(max(0.0, low - margin), high + margin)
    if x[0] == x[-1]:
        axes.set_xlim(x[0] - 1, x[-1] + 1)
    axes.xaxis.set_major_locator(MaxNLocator(nbins=7))
    axes.xaxis.set_major_formatter(
        FuncFormatter(lambda v, _pos: format_date(_axis_date(v), "d MMM", locale=locale))
    )
    axes.yaxis.set_major_formatter(
        FuncFormatter(lambda v, _pos: fmt.usd(Decimal(str(round(v, 4)))))
    )
    axes.set_title(tr(locale, "%(gpu)s price per GPU-hour") % {"gpu": gpu_name})
    axes.grid(True, alpha=0.3)
    figure.tight_layout()

    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    return buffer.getvalue()
