"""A picture of the detailed estimate: the per-GPU breakdown as one stacked bar, against the
VRAM of candidate configurations as horizontal lines. PNG bytes, rendered headless.

matplotlib's object API (Figure + Agg canvas) is used rather than pyplot: pyplot keeps every
figure in a global registry until closed, which leaks in a long-running bot and is not
thread-safe; a bare Figure is freed with its last reference.
"""

from __future__ import annotations

import io
import threading
from decimal import Decimal

from bot.answer import build_answer
from bot.detail import DetailedAnswer, chart_candidates, detailed_for
from bot.i18n import tr
from bot.render.format import Formatter
from bot.render.phrases import a_model_of
from bot.understand.query import Query
from rules.catalogue import Catalogue

__all__ = ["breakdown_chart", "chart_png"]

# One colour per term, stable across charts (Okabe–Ito palette: readable by colour-blind users).
_COLOURS: dict[str, str] = {
    "weights": "#0072B2",
    "master_weights": "#56B4E9",
    "optimizer_states": "#E69F00",
    "lora_adapters": "#F0E442",
    "gradients": "#D55E00",
    "activations": "#009E73",
    "logits": "#CC79A7",
    "kv_cache": "#E69F00",
    "sharding_buffers": "#999999",
    "dequant_buffer": "#BBBBBB",
    "int8_dequant_buffer": "#BBBBBB",
    "cuda_context": "#555555",
    "vllm_non_torch": "#555555",
    "cuda_graphs": "#777777",
}
_FALLBACK = "#AAAAAA"
# matplotlib is not thread-safe (shared font cache, rcParams): one chart at a time, so that
# handlers may render in a worker thread (asyncio.to_thread) without blocking the event loop.
_LOCK = threading.Lock()
_FITS, _MISSES = "#1B7F3B", "#B22222"
_SIZE_IN = (8.0, 4.5)
_CLIP_RATIO = 2.5
_DPI = 100


def _settings(detailed: DetailedAnswer, locale: str) -> str:
    values = {"seq": detailed.seq_len, "batch": detailed.micro_batch}
    if detailed.kind == "inference":
        return tr(locale, "%(seq)s tokens of context, batch %(batch)s") % values
    if detailed.grad_ckpt:
        return tr(locale, "seq %(seq)s, batch %(batch)s, checkpointing on") % values
    return tr(locale, "seq %(seq)s, batch %(batch)s, checkpointing off") % values


def breakdown_chart(
    detailed: DetailedAnswer, locale: str, candidates: list[tuple[str, Decimal]]
) -> bytes:
    """PNG of the per-GPU breakdown (stacked bar) against each candidate's VRAM per GPU
    (label, GB): green when the detailed total fits under it, red when it does not."""
    with _LOCK:
        return _draw(detailed, locale, candidates)


def _draw(detailed: DetailedAnswer, locale: str, candidates: list[tuple[str, Decimal]]) -> bytes:
    # Imported on the first chart, not at start-up: matplotlib costs ~0.8 s to import and few
    # people ask for a chart. The object API never touches pyplot, so no backend is selected.
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fmt = Formatter(locale)
    figure = Figure(figsize=_SIZE_IN, dpi=_DPI)
    FigureCanvasAgg(figure)
    ax = figure.add_axes((0.08, 0.1, 0.42, 0.75))

    total = float(detailed.per_gpu_gb)
    largest = max((float(v) for _, v in candidates), default=0.0)
    # A bar far above every candidate would flatten the lines into the x axis: cut the axis
    # above the largest candidate instead and let the bar run off the top (the total is printed).
    clipped = largest > 0 and total > _CLIP_RATIO * largest
    top = largest * 1.6 if clipped else max(total, largest, 1.0) * 1.15
    bottom = 0.0
    handles = []
    # Negative terms (memory freed during backward) are not drawn; the total above says it.
    for line in (ln for ln in detailed.lines if ln.gb > 0):
        height = float(line.gb)
        bar = ax.bar(
            0, height, width=0.6, bottom=bottom, color=_COLOURS.get(line.name, _FALLBACK),
            edgecolor="white", linewidth=0.6,
            label=tr(locale, "%(label)s: %(gb)s") % {
                "label": tr(locale, line.label), "gb": fmt.gb(line.gb, 1)},
        )
        handles.append(bar)
        bottom += height

    for label, vram in candidates:
        fits = detailed.per_gpu_gb <= vram
        colour = _FITS if fits else _MISSES
        y = float(vram)
        ax.axhline(y, color=colour, linestyle="--", linewidth=1.2)
        ax.text(
            0.99, y, f"{label} · {fmt.gb(vram)} {'✓' if fits else '✗'}",
            transform=ax.get_yaxis_transform(), ha="right", va="bottom", fontsize=8,
            color=colour,
        )
    total_text = tr(locale, "Total: %(total)s") % {"total": fmt.gb(detailed.per_gpu_gb, 1)}
    if clipped:
        ax.text(0, top * 0.97, f"↑ {total_text}", ha="center", va="top", fontsize=9,
                fontweight="bold", color="white",
                bbox={"facecolor": _MISSES, "edgecolor": "none", "pad": 2})
    else:
        ax.text(0, total, total_text, ha="center", va="bottom", fontsize=9, fontweight="bold")
    ax.set_xlim(-0.45, 1.55)
    ax.set_ylim(0, top)
    ax.set_xticks([])
    ax.set_ylabel(tr(locale, "GB per GPU"))
    ax.yaxis.set_major_formatter(lambda value, _pos: fmt.num(Decimal(str(float(value))), 0))
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)

    who = detailed.model_name or str(a_model_of(locale, detailed.params_b, fmt.num))
    # A title starts with a capital: "Un modelo de 8B · LoRA", not "un modelo…".
    who = who[:1].upper() + who[1:]
    figure.suptitle(f"{who} · {tr(locale, detailed.method_name)}", fontsize=11, x=0.02,
                    ha="left")
    subtitle = _settings(detailed, locale)
    if detailed.gpus > 1:
        subtitle += " · " + tr(locale, "per GPU, %(count)s GPUs") % {"count": detailed.gpus}
    figure.text(0.02, 0.895, subtitle, fontsize=9, color="#444444")
    figure.legend(
        handles=handles[::-1], loc="center left", bbox_to_anchor=(0.52, 0.48), fontsize=8,
        frameon=False, title=tr(locale, "Where the memory goes"), title_fontsize=9,
    )
    figure.text(
        0.02, 0.015,
        tr(locale, "Estimate from published formulas, not a measurement."),
        fontsize=7, color="#666666",
    )
    buffer = io.BytesIO()
    # Fast zlib level: a flat chart compresses almost as well, in a fraction of the time.
    figure.savefig(buffer, format="png", dpi=_DPI, pil_kwargs={"compress_level": 1})
    return buffer.getvalue()


def chart_png(query: Query, locale: str, catalogue: Catalogue) -> bytes | None:
    """The chart for a question (e.g. rebuilt from a "chart" button by bot.detail.chart_query),
    or None when it has no detailed estimate."""
    cat = catalogue
    query = query.model_copy(update={"details": True})
    answer = build_answer(query, cat)
    detailed = detailed_for(query, answer, cat)
    if detailed is None:
        return None
    return breakdown_chart(detailed, locale, chart_candidates(detailed, locale, cat))
