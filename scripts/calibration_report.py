"""Compare the detailed estimator and the planning rules with published measured peaks.

    python scripts/calibration_report.py PATH.csv

PATH.csv has the columns of shared/calibration/measured-public.csv (model, params_b, method,
precision, seq_len, micro_batch, grad_ckpt, gpus, peak_gb, unit, kind, source, quote). For every
row the script prints the measured peak (GiB converted to GB), the detailed estimate and the
planning rule (DESIGN.md §1: qlora 0.75×N, lora 2.4×N, full_adamw 18×N, full_adam8bit 12×N,
inference 1.2 × 2/1/0.5 ×N, divided by the GPU count), then the median ratio and the worst
under-estimate of each over the rows the estimator models. Rows whose settings it does not
model are listed with the reason.

Measured peaks from torch's allocator (torchtune, transformers, PEFT method_comparison) exclude
the CUDA context, so they are compared with the estimate's allocator figure; readings of whole-GPU
usage (PEFT accelerate guides) are compared with the full per-GPU estimate.
"""

from __future__ import annotations

import csv
import re
import statistics
import sys
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from rules.detailed import Breakdown, estimate_inference, estimate_training  # noqa: E402
from rules.model_catalogue import load_models  # noqa: E402

GIB = 1.073741824  # GB per GiB
# DESIGN.md §1 planning estimates, GB per billion parameters (whole job).
PLANNING_GB_PER_B = {
    "qlora": 0.75, "lora": 2.4, "full_adamw": 18.0, "full_adam8bit": 12.0,
    "inference_bf16": 2.4, "inference_int8": 1.2, "inference_int4": 0.6,
}
# Longest "up to N tokens" (unpacked data) still used as an upper bound for the sequence.
MAX_UNPACKED_BOUND = 1024
SHORT_PROMPT_TOKENS = 256  # "short prompt + generation": a generous bound, the KV cache is tiny
# torchtune's generate recipe sizes its KV cache for the model's max_seq_len, not the prompt:
# llama3_8b() is built with max_seq_len=8192 (torchtune/models/llama3/_model_builders.py).
TORCHTUNE_CACHE_TOKENS = {"llama-3-8b": 8192}
# Rows the estimator models but cannot explain; shown, not counted in the summary. Matched on
# (source fragment, model, method fragment) so that the list survives edits of the CSV.
KNOWN_OUTLIERS: tuple[tuple[str, str, str, str], ...] = (
    (
        "tutorials/qlora_finetune.rst", "Llama 2 7B", "QLoRA",
        "early torchtune QLoRA (April 2024): 9.1 GB allocated where NF4 weights (3.9 GB), "
        "adapters and <=512-token activations add up to ~5 GB; the tutorial does not say what "
        "else was resident",
    ),
)


class Skip(Exception):
    """The estimator does not model this row's settings."""


@dataclass
class Row:
    index: int
    raw: dict[str, str]
    model: str
    measured_gb: float
    gpus: int
    method_id: str | None = None
    kwargs: dict[str, Any] = field(default_factory=dict)
    metric: str = "allocator"  # or "device"
    notes: list[str] = field(default_factory=list)
    skip: str | None = None
    estimate: Breakdown | None = None
    estimate_gb: float | None = None
    planning_gb: float | None = None
    outlier: str | None = None


# ----------------------------------------------------------------------------- parsing


def _low(row: dict[str, str], key: str) -> str:
    return (row.get(key) or "").strip().lower()


def parse_measured(row: dict[str, str]) -> float:
    value = float(row["peak_gb"])
    unit = _low(row, "unit")
    return value * GIB if "gib" in unit else value


def parse_gpus(text: str) -> int:
    t = text.lower()
    m = re.search(r"(\d+)\s*x\b", t) or re.search(r"(\d+)\s*gpus?\b", t) or re.search(
        r"^(\d+)\s*x", t
    )
    return int(m.group(1)) if m else 1


def parse_seq_len(text: str, training: bool = True) -> tuple[int, bool]:
    """(tokens, exact). For training, only a packed length is exact: packing fills every
    sequence to it, while for unpacked data the stated length ('2048', '<=512', '4096 max, not
    packed') is the truncation limit, an upper bound. Without a number it is not stated."""
    t = text.lower()
    m = re.search(r"(\d[\d,]*)", t)
    if not m:
        raise Skip(f"sequence length not stated ({text!r})")
    n = int(m.group(1).replace(",", ""))
    if not training:
        return n, True
    packed = "packed" in t and "not packed" not in t and "unpacked" not in t
    return n, packed


def parse_grad_ckpt(text: str) -> bool:
    t = text.lower()
    if "offload" in t:
        raise Skip("activation offloading to CPU is not modelled")
    if t.startswith("on") or t in {"yes", "true"}:
        return True
    if t.startswith("off") or t in {"no", "false"}:
        return False
    raise Skip(f"activation checkpointing not stated ({text!r})")


def parse_method(method: str, precision: str) -> str:
    m, p = method.lower(), precision.lower()
    if "inference" in m:
        if "int8" in p or "8bit" in p or "8-bit" in p:
            return "inference_int8"
        if "4-bit" in p or "4bit" in p or "int4" in p or "nf4" in p:
            return "inference_int4"
        return "inference_bf16"
    if "qlora" in m:
        return "qlora"
    if "lora" in m:
        return "lora"
    if "full" in m:
        if "not stated" in m:
            raise Skip("optimizer not stated")
        if "8bit" in m or "8-bit" in m:
            return "full_adam8bit"
        return "full_adamw"
    raise Skip(f"method not recognised ({method!r})")


def parse_lora(method: str) -> tuple[int | None, str | None]:
    m = method.lower()
    rank = re.search(r"\br(?:ank)?\s*(\d+)\b", m)
    targets: str | None = None
    if "all-linear" in m or "all linear" in m or "all layers" in m or "+ mlp" in m:
        targets = "all"
    elif re.search(r"\bq,\s*k,\s*v\b", m):
        targets = "q,k,v"
    elif re.search(r"\bq,\s*v\b", m):
        targets = "qv"
    return (int(rank.group(1)) if rank else None), targets


def build(row: dict[str, str], index: int) -> Row:
    catalogue = load_models()
    r = Row(index=index, raw=row, model=row["model"], measured_gb=parse_measured(row),
            gpus=parse_gpus(row.get("gpus", "")))
    method, precision = row.get("method", ""), row.get("precision", "")
    text = " ".join(_low(row, k) for k in ("method", "precision", "source", "quote", "unit"))
    try:
        r.method_id = parse_method(method, precision)
    except Skip as exc:
        r.skip = str(exc)
        return r
    try:
        spec = catalogue.find(row["model"])
        if spec is None:
            raise Skip(f"model {row['model']!r} not in the catalogue")
        if spec.arch is None:
            raise Skip(f"{spec.name}: no decoder architecture on file (encoder-decoder)")
        if "range" in _low(row, "unit"):
            raise Skip("measurement given as a range of whole-GPU usage")
        low = method.lower()
        if "activation offload" in low or "act. offload" in low:
            raise Skip("activation offloading to CPU is not modelled")
        if "offload" in low and "no cpu offload" not in low:
            raise Skip("CPU offload of parameters or optimizer is not modelled")
        if "not stated" in precision.lower():
            raise Skip("precision not stated")
        r.kwargs["model"] = spec
        # Whole-GPU readings (PEFT accelerate guides) vs torch allocator statistics.
        source = _low(row, "source")
        if "accelerate/deepspeed" in source or "accelerate/fsdp" in source:
            r.metric = "device"
            raise Skip("whole-GPU usage read off a monitor: it includes memory PyTorch's caching "
                       "allocator holds but does not use (PyTorch CUDA semantics docs), an upper "
                       "bound rather than the peak")
        if r.method_id.startswith("inference"):
            _inference_kwargs(r, row)
        else:
            _training_kwargs(r, row, text)
    except Skip as exc:
        r.skip = str(exc)
    return r


def _inference_kwargs(r: Row, row: dict[str, str]) -> None:
    seq = _low(row, "seq_len")
    if "long prompt" in seq:
        raise Skip("prompt length not stated ('thousands of tokens')")
    spec = r.kwargs["model"]
    if "torchtune generate" in _low(row, "method") and spec.id in TORCHTUNE_CACHE_TOKENS:
        r.kwargs["context_len"] = TORCHTUNE_CACHE_TOKENS[spec.id]
        r.notes.append(f"KV cache sized for max_seq_len {r.kwargs['context_len']} (torchtune)")
    elif "short prompt" in seq:
        new = re.search(r"(\d+)\s*new", seq)
        r.kwargs["context_len"] = SHORT_PROMPT_TOKENS + (int(new.group(1)) if new else 256)
        r.notes.append(f"context ≤ {r.kwargs['context_len']} tokens assumed (short prompt)")
    else:
        r.kwargs["context_len"], _ = parse_seq_len(seq, training=False)
    mb = _low(row, "micro_batch")
    r.kwargs["batch"] = int(mb) if mb.isdigit() else 1
    precision = _low(row, "precision")
    if "load_in_8bit" in precision or "load_in_4bit" in precision:
        # transformers keeps the unquantized modules in fp32 when no torch_dtype is passed,
        # as in the octocoder example of 'Optimizing LLMs for Speed and Memory'.
        r.kwargs["unquantized_bytes"] = 4.0
        r.notes.append("unquantized modules fp32 (no torch_dtype)")
    r.kwargs["gpus"] = r.gpus


def _training_kwargs(r: Row, row: dict[str, str], text: str) -> None:
    for key in ("micro_batch",):
        if not _low(row, key).isdigit():
            raise Skip(f"{key.replace('_', ' ')} not stated")
    seq, exact = parse_seq_len(_low(row, "seq_len"))
    if not exact:
        if seq > MAX_UNPACKED_BOUND:
            raise Skip(f"data not packed: {seq} tokens is only the truncation limit, actual "
                       "lengths unknown")
        r.notes.append(f"seq_len {seq} used as an upper bound (unpacked)")
    r.kwargs.update(seq_len=seq, micro_batch=int(_low(row, "micro_batch")),
                    grad_ckpt=parse_grad_ckpt(row.get("grad_ckpt", "")), gpus=r.gpus)
    method, precision = _low(row, "method"), _low(row, "precision")
    if r.method_id in ("full_adamw", "full_adam8bit"):
        r.kwargs["precision"] = "bf16" if ("pure" in precision or "no amp" in precision
                                           or "no fp32 master" in precision) else "mixed"
        if "paged" in method:
            r.kwargs["optimizer_paged"] = True
        if ("optimizer_in_bwd" in method or "fused into backward" in method
                or "optimizer step fused" in method):
            r.kwargs["optimizer_in_backward"] = True
    else:
        rank, targets = parse_lora(row.get("method", ""))
        if rank:
            r.kwargs["lora_rank"] = rank
        if targets:
            r.kwargs["lora_targets"] = targets
        if r.method_id == "qlora":
            r.kwargs["double_quant"] = True
    if "compile" in text:
        r.kwargs["compiled"] = True
    if "chunked" in method:
        r.kwargs["loss"] = "chunked"
    if "eager attention" in text:
        r.kwargs["flash_attention"] = False
    if "without gradient accumulation" in text:
        r.kwargs["grad_accumulation"] = False


def planning(row: Row) -> float | None:
    if row.method_id is None:
        return None
    params_b = float(row.raw["params_b"])
    return PLANNING_GB_PER_B[row.method_id] * params_b / row.gpus


_CUMULATIVE = "each technique added on top of the previous one"
_INHERITED = ("compiled", "loss", "optimizer_in_backward")


def _inherit(rows: list[Row]) -> None:
    """In a table where each technique is added on top of the previous one, a method written
    "+ ... + X" has every earlier row's techniques too (compile, chunked loss, fused optimizer)."""
    carried: dict[str, dict[str, Any]] = {}
    for r in rows:
        source = _low(r.raw, "source")
        if _CUMULATIVE not in source:
            continue
        mine = {k: r.kwargs[k] for k in _INHERITED if k in r.kwargs}
        if "+ ..." in r.raw.get("method", "") and r.method_id in ("full_adamw", "full_adam8bit"):
            for key, value in carried.get(source, {}).items():
                r.kwargs.setdefault(key, value)
        carried[source] = {**carried.get(source, {}), **mine}


def _conflicts(rows: list[Row]) -> None:
    """Rows stating identical settings but measured more than 25 % apart cannot calibrate
    anything: the stated settings do not determine their peak. Both are set aside."""
    groups: dict[str, list[Row]] = {}
    for r in rows:
        if r.skip:
            continue
        kw = {k: (v.id if k == "model" else v) for k, v in r.kwargs.items()}
        key = repr((r.method_id, r.raw.get("method"), r.metric, sorted(kw.items())))
        groups.setdefault(key, []).append(r)
    for group in groups.values():
        values = [g.measured_gb for g in group]
        if len(group) > 1 and max(values) > 1.25 * min(values):
            ids = ", ".join(f"#{g.index}" for g in group)
            for g in group:
                g.skip = (f"rows {ids} state the same settings but measured "
                          f"{min(values):.1f}-{max(values):.1f} GB: settings incomplete")


def evaluate(path: str | Path) -> list[Row]:
    with open(path, newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        rows = [build(raw, i + 1) for i, raw in enumerate(reader)]
    _inherit(rows)
    _conflicts(rows)
    for r in rows:
        for fragment, model, method, reason in KNOWN_OUTLIERS:
            if (fragment in r.raw.get("source", "") and r.model == model
                    and method in r.raw.get("method", "")):
                r.outlier = reason
    for r in rows:
        r.planning_gb = planning(r)
        if r.skip:
            continue
        assert r.method_id is not None
        kw = dict(r.kwargs)
        model = kw.pop("model")
        if r.method_id.startswith("inference"):
            est = estimate_inference(model, r.method_id, **kw)
        else:
            est = estimate_training(model, r.method_id, **kw)
        r.estimate = est
        chosen: Decimal = est.per_gpu_gb if r.metric == "device" else est.allocator_gb
        r.estimate_gb = float(chosen)
    return rows


@dataclass
class Summary:
    modelled: int
    skipped: int
    outliers: int
    detailed_median: float
    detailed_worst_under: float
    planning_median: float
    planning_worst_under: float


def summarise(rows: list[Row]) -> Summary:
    done = [r for r in rows if r.estimate_gb is not None and r.outlier is None]
    det = [r.estimate_gb / r.measured_gb for r in done if r.estimate_gb is not None]
    plan = [r.planning_gb / r.measured_gb for r in done if r.planning_gb is not None]
    return Summary(
        modelled=len(done),
        skipped=sum(1 for r in rows if r.skip),
        outliers=sum(1 for r in rows if r.outlier and not r.skip),
        detailed_median=statistics.median(det) if det else float("nan"),
        detailed_worst_under=min(0.0, min(det) - 1) if det else float("nan"),
        planning_median=statistics.median(plan) if plan else float("nan"),
        planning_worst_under=min(0.0, min(plan) - 1) if plan else float("nan"),
    )


def _fmt_ratio(x: float | None) -> str:
    return "" if x is None else f"{x:5.2f}"


def render(rows: list[Row]) -> str:
    lines: list[str] = []
    head = (f"{'#':>2}  {'model':<18} {'method':<14} {'gpus':>4} {'seq×mb':>9} {'ckpt':>4} "
            f"{'meas GB':>8} {'detail':>7} {'ratio':>5} {'rule':>7} {'ratio':>5}  notes")
    lines.append(head)
    lines.append("-" * len(head))
    for r in rows:
        if r.skip:
            continue
        kw = r.kwargs
        seqmb = (f"{kw.get('seq_len', kw.get('context_len', ''))}×"
                 f"{kw.get('micro_batch', kw.get('batch', ''))}")
        ckpt = "" if "grad_ckpt" not in kw else ("on" if kw["grad_ckpt"] else "off")
        det = r.estimate_gb / r.measured_gb if r.estimate_gb else None
        plan = r.planning_gb / r.measured_gb if r.planning_gb else None
        notes = list(r.notes)
        if r.metric == "device":
            notes.append("whole-GPU reading")
        flags = [k for k in ("compiled", "optimizer_paged", "optimizer_in_backward") if kw.get(k)]
        if kw.get("loss"):
            flags.append(f"loss={kw['loss']}")
        if kw.get("grad_accumulation") is False:
            flags.append("no grad accum")
        notes.extend(flags)
        lines.append(
            f"{r.index:>2}  {r.model[:18]:<18} {r.method_id or '':<14} {r.gpus:>4} {seqmb:>9} "
            f"{ckpt:>4} {r.measured_gb:8.2f} {r.estimate_gb or 0:7.1f} {_fmt_ratio(det):>5} "
            f"{r.planning_gb or 0:7.1f} {_fmt_ratio(plan):>5}  {'; '.join(notes)}"
        )
    outliers = [r for r in rows if r.outlier and not r.skip]
    if outliers:
        lines.append("")
        lines.append("Modelled but not counted (unexplained outliers):")
        for r in outliers:
            lines.append(f"{r.index:>2}  {r.model[:18]:<18} {r.method_id or '?':<14} {r.outlier}")
    skipped = [r for r in rows if r.skip]
    if skipped:
        lines.append("")
        lines.append("Not modelled:")
        for r in skipped:
            lines.append(f"{r.index:>2}  {r.model[:18]:<18} {r.method_id or '?':<14} {r.skip}")
    s = summarise(rows)
    lines.append("")
    lines.append(f"rows modelled: {s.modelled} of {len(rows)} ({s.skipped} not modelled, "
                 f"{s.outliers} outlier{'s' if s.outliers != 1 else ''} shown but not counted)")
    lines.append(f"detailed estimate: median ratio {s.detailed_median:.3f}, worst under-estimate "
                 f"{s.detailed_worst_under * 100:+.1f} %")
    lines.append(f"planning rule:     median ratio {s.planning_median:.3f}, worst under-estimate "
                 f"{s.planning_worst_under * 100:+.1f} %")
    lines.append("(ratio = estimate / measured; targets for the detailed estimate: median within "
                 "15 %, under-estimates no worse than -10 %)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    rows = evaluate(args[0])
    print(render(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
