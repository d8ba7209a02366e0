"""Compare the chat's tokens/s with published measured speeds, on every row.

    python scripts/speed_report.py [tests/data/measured-speed.csv]

Each row (columns: what, model, params_b, method, precision, context, micro_batch, grad_ckpt,
gpus, tokens_per_s, unit, kind, source, quote) is phrased as the question a user would type and
answered through the same path as `python -m bot ask` (the reply's own figures):

- `decode` rows: one sequence's generated tokens/s against the chat's bandwidth bound ("at
  most about N tokens/s": each token reads the weights and the KV cache once at the
  datasheet bandwidth). A bound, so a measured speed must never pass it: measured / bound is
  at most 1, and its spread says how far real engines stay below it.
- `training` rows: tokens/s per GPU against the chat's training-speed estimate (peak FLOPS x
  assumed utilisation / FLOPs per token, rules/training_time.py). An estimate, not a bound:
  measured / estimate above 1 means the run went faster than the chat says (its hours are
  too many), below 1 slower.

Only `kind` "measured" rows count.
"""

from __future__ import annotations

import csv
import re
import statistics
import sys
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bot.pipeline import Pipeline  # noqa: E402
from rules.catalogue import load_catalogue  # noqa: E402

DEFAULT = ROOT / "tests" / "data" / "measured-speed.csv"
EXTRA = ROOT / "tests" / "data" / "measured-extra.csv"
COLUMNS = ["what", "model", "params_b", "method", "precision", "context", "micro_batch",
           "grad_ckpt", "gpus", "tokens_per_s", "unit", "kind", "source", "quote"]


@dataclass
class Row:
    index: int
    raw: dict[str, str]
    question: str
    measured: float
    figure: Decimal | None  # the chat's bound (decode) or estimate (training), per GPU
    detail: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def what(self) -> str:
        return self.raw["what"]

    @property
    def counted(self) -> bool:
        return self.raw["kind"] == "measured"

    @property
    def ratio(self) -> float | None:
        return None if not self.figure else self.measured / float(self.figure)


def _gpus(text: str) -> str:
    """'2x RTX 3090 24GB' -> '2x RTX 3090 24GB'; '1x Apple M2 Ultra 192GB (76-core GPU)' -> 'an
    Apple M2 Ultra 192GB'; '2x A100 80GB (per-GPU)' -> '2x A100 80GB'."""
    text = re.sub(r"\s*\(.*?\)", "", text).strip()
    count, _, card = text.partition("x ")
    if count == "1":
        return ("an " if card[:1].upper() in "AEIOR" else "a ") + card
    return f"{count}x {card}"


def _precision(row: dict[str, str]) -> str:
    prec = row["precision"]
    if prec.startswith("GGUF "):
        kind = prec.split()[1]
        return f"{kind} gguf" if kind == "F16" else kind
    if prec.startswith("MLX 4-bit"):
        return "in 4-bit, with mlx"
    return prec


def _calibration() -> ModuleType:
    # Its sibling script, imported from this folder (not a package) however this one is run.
    if str(Path(__file__).parent) not in sys.path:
        sys.path.insert(0, str(Path(__file__).parent))
    import calibration_report

    return calibration_report


def _key(row: dict[str, str]) -> tuple[str, ...]:
    seq = row.get("seq_len") or row.get("context") or ""
    return (row["model"], row["method"], row["micro_batch"], row["gpus"], seq)


@cache
def _memory_questions() -> dict[tuple[str, ...], str]:
    """The memory calibration's question for each of its rows (tests/data/measured-extra.csv):
    a training speed row is the same run, so it is asked with the same settings."""
    report = _calibration()
    with open(EXTRA, newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    return dict(zip((_key(r) for r in rows), report.questions(rows), strict=True))


def question(row: dict[str, str]) -> str:
    if row["what"] == "decode":
        context = row["context"].split()[0]
        return (f"how many tokens/s for {row['model']} {_precision(row)} on "
                f"{_gpus(row['gpus'])}, context {context}")
    memory = _memory_questions().get(_key(row))
    if memory is None:
        # A run measured for its speed alone (no peak printed beside it, e.g. mlx-lm's
        # documented M1 Max run): phrased by the memory calibration from its own settings.
        memory = _calibration().question({**row, "seq_len": row["context"]})
    return "how many tokens/s for " + memory


def evaluate(path: str | Path = DEFAULT, pipeline: Pipeline | None = None) -> list[Row]:
    pipe = pipeline or Pipeline(load_catalogue(), cache_size=0)
    rows: list[Row] = []
    with open(path, newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        if reader.fieldnames != COLUMNS:
            raise ValueError(f"{path}: columns {reader.fieldnames}, expected {COLUMNS}")
        for n, raw in enumerate(reader, 1):
            text = question(raw)
            answer = pipe.ask(text, chosen_locale="en").answer
            figure: Decimal | None = None
            detail = ""
            if raw["what"] == "decode" and answer.decode:
                bound = answer.decode[0]
                figure = bound.tokens_per_second
                detail = (f"{bound.weights_gb}+{bound.kv_gb} GB at {bound.bandwidth_gbs} GB/s"
                          + (f", {bound.gpus} GPUs in turn" if bound.layer_split else ""))
            elif raw["what"] == "training" and answer.train_speed is not None \
                    and answer.train_speed.throughput is not None:
                rate = answer.train_speed.throughput
                detail = (f"{rate.peak_tflops} TFLOPS x {rate.mfu} / "
                          f"({rate.flops_per_param_token} x {rate.params_b}B)")
                if answer.train_speed.asked:
                    figure = rate.tokens_per_second
                else:
                    # The run does not hold on the asked card by our memory estimate, so the
                    # reply times it on another (a B200's 2,250 TFLOPS for Qwen-72B QLoRA at
                    # 8192 tokens on an A100): no ratio of that card's speed to this one's.
                    detail = (f"timed on {answer.train_speed.gpu_count}x "
                              f"{answer.train_speed.gpu}, not the asked card: " + detail)
            elif raw["what"] == "training" and answer.train_speed is not None \
                    and answer.train_speed.gpu is None:
                # Our memory estimate holds the run on no offered configuration: nothing is
                # timed, no ratio (llm-foundry's MPT 7B at 65,536 tokens a GPU, before calib44
                # counted its fused loss and low-precision norms).
                detail = "not held: no configuration holds it by our memory estimate"
            rows.append(Row(n, raw, text, float(raw["tokens_per_s"]), figure, detail))
    return rows


def spread(rows: list[Row], what: str) -> tuple[int, float, float, float] | None:
    """(rows, median, lowest, highest) of measured / figure over the counted rows of a kind."""
    ratios = [r.ratio for r in rows if r.counted and r.what == what and r.ratio is not None]
    if not ratios:
        return None
    return len(ratios), statistics.median(ratios), min(ratios), max(ratios)


def render(rows: list[Row]) -> str:
    out = [f"{'#':>3} {'measured':>9} {'chat':>7} {'ratio':>6}  question  [how]", "-" * 100]
    for r in rows:
        ratio = "  -   " if r.ratio is None else f"{r.ratio:6.2f}"
        figure = "-" if r.figure is None else str(r.figure)
        flag = " ABOVE THE BOUND" if r.what == "decode" and r.ratio is not None \
            and r.ratio > 1 else ""
        out.append(f"{r.index:>3} {r.measured:>9.2f} {figure:>7} {ratio}  {r.question}  "
                   f"[{r.detail}]{flag}")
    out.append("")
    for what, name in (("decode", "decode: measured / bandwidth bound"),
                       ("training", "training: measured / estimate")):
        found = spread(rows, what)
        if found is not None:
            n, median, low, high = found
            out.append(f"{name}: {n} rows, median {median:.3f} ({low:.2f}-{high:.2f})")
    # Per source (its repository), as the sources' bands differ (A100 HF Trainer runs above 1,
    # H100 runs near it, short steps below: tests/test_calib39.py).
    by: dict[str, list[float]] = {}
    for r in rows:
        if r.counted and r.what == "training" and r.ratio is not None:
            by.setdefault(r.raw["source"].split()[0], []).append(r.ratio)
    for source, ratios in by.items():
        out.append(f"  {source}: {len(ratios)} rows, median {statistics.median(ratios):.3f} "
                   f"({min(ratios):.2f}-{max(ratios):.2f})")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    rows = evaluate(args[0] if args else DEFAULT)
    print(render(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
