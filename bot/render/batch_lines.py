"""The reply to a corpus read through a model ("process 10M tokens with llama 3 8b on an h100,
how long", bot.batch): the time of its forward pass, how it is estimated, what it leaves out,
and its cost by the block rule, like the training time's."""

from __future__ import annotations

from decimal import Decimal

from markupsafe import Markup

from bot.answer import Answer
from bot.batch import BatchRun
from bot.render.phrases import Phrases

__all__ = ["batch_lines", "batch_memory"]


def batch_lines(answer: Answer, ph: Phrases) -> Markup:
    run: BatchRun = answer.batch_run
    _, fmt = ph._, ph.fmt
    q = answer.query
    method = answer.primary.memory.method if answer.primary is not None else q.method
    who = ph.subject(answer.model_name, answer.params_b)  # type: ignore[arg-type]
    how = ph.method_short(method or "inference_bf16")
    where = ph.config(run.gpu, run.gpu_count)
    tokens = fmt.tokens(q.dataset_tokens or 0)
    out: list[str] = []
    add = out.append
    if q.gpu is not None and not run.on_asked:
        # The model does not fit where asked: said first, then the time where it fits.
        asked = ph.config(q.gpu, q.gpu_count or 1)
        add("❌ <b>")
        add(_("%(who)s (%(how)s) does not fit on %(asked)s: timed on %(where)s, the cheapest "
              "offered configuration that holds it.", who=who, how=how, asked=asked,
              where=where))
        add("</b>\n")
    t = run.time
    if t is None:
        add("⏱ <b>")
        add(_("No datasheet we can cite gives the %(gpu)s's peak BF16 throughput, so we do not "
              "estimate the time rather than guess. Measure your tokens per second on a short "
              "run.", gpu=ph.gpu_name(run.gpu)))
        add("</b>\n")
        return Markup("".join(out))
    gh = fmt.num(t.gpu_hours) if t.gpu_hours >= 0.005 else _("under %(least)s",
                                                                least=fmt.num(0.01))
    if q.batch_cost_asked and run.quote is not None:
        # "cuánto cuesta resumir 200k documentos …": what the run uses leads, as a training
        # run's cost does; the time and what is paid in blocks follow
        add("💵 <b>")
        add(_("About %(cost)s to process %(tokens)s with %(who)s (%(how)s) on %(where)s.",
              cost=fmt.usd(run.quote.cost_usd), tokens=tokens, who=who, how=how, where=where))
        add("</b>\n")
    add("⏱ <b>")
    add(ph.ngettext(
        "About %(wall)s to process %(tokens)s with %(who)s (%(how)s) on %(where)s (%(gh)s "
        "GPU-hour).",
        "About %(wall)s to process %(tokens)s with %(who)s (%(how)s) on %(where)s (%(gh)s "
        "GPU-hours).",
        t.gpu_hours, wall=fmt.duration(max(t.wall_clock_hours, Decimal("0.01"))),
        tokens=tokens, who=who, how=how, where=where, gh=gh))
    add("</b>\n")
    if q.batch_docs and q.batch_doc_tokens:
        # "summarize 100k documents": no length said, the one read is an assumption
        add("📄 ")
        add(_("Read as %(docs)s documents of about %(each)s tokens each (assumed: you gave no "
              "length); tell me yours, and how many tokens each output takes, for their own "
              "figure.", docs=fmt.num(q.batch_docs), each=fmt.num(q.batch_doc_tokens)))
        add("\n")
    if q.gpu is None and q.gpu_count and q.gpu_count == run.gpu_count:
        add(ph.ngettext("Timed on the cheapest offered configuration with %(n)s GPU that fits.",
                        "Timed on the cheapest offered configuration with %(n)s GPUs that fits.",
                        run.gpu_count, n=run.gpu_count))
        add("\n")
    elif q.gpu is None:
        add(_("Timed on the cheapest offered configuration that fits."))
        add("\n")
    args = {"mfu": fmt.percent(t.mfu * 100, 0), "peak": fmt.num(t.peak_tflops),
            "k": fmt.num(t.per_param_token)}
    if run.peak_precision == "fp16":
        add(_("Reading a corpus is the model's forward pass over every token, with no training: "
              "%(k)s·N·D FLOPs (Kaplan et al. 2020: 2 FLOPs per parameter and token, the rule "
              "whose 6·N·D times training), at an assumed %(mfu)s of the %(peak)s peak FP16 "
              "TFLOPS, the same utilization training time assumes.", **args))
    else:
        add(_("Reading a corpus is the model's forward pass over every token, with no training: "
              "%(k)s·N·D FLOPs (Kaplan et al. 2020: 2 FLOPs per parameter and token, the rule "
              "whose 6·N·D times training), at an assumed %(mfu)s of the %(peak)s peak BF16 "
              "TFLOPS, the same utilization training time assumes.", **args))
    if run.moe:
        add(" ")
        add(_("Mixture of experts: N counts the active parameters only."))
    if run.gpu_count > 1:
        add(" ")
        add(_("The GPUs are assumed to scale linearly (communication not counted)."))
    add("\n")
    if run.peak_source and run.peak_fp32_accumulate:
        # GeForce cards: the whitepaper's dense rate with FP32 accumulate; inference kernels may
        # accumulate in FP16 at twice it, so the time may be shorter
        add(_("Peak figure: %(source)s, its dense rate with FP32 accumulate (kernels that "
              "accumulate in FP16 run at twice it, so the time may be shorter).",
              source=ph.peak_cited(run.peak_source, run.peak_derived)))
        add("\n")
    elif run.peak_source:
        add(_("Peak figure: %(source)s.", source=ph.peak_cited(run.peak_source, run.peak_derived)))
        add("\n")
    w = run.written
    if w is not None and q.batch_out_tokens:
        # "each 2k tokens in, 200 out": the output timed apart, as decode (a floor)
        add("✍️ ")
        add(_("Writing %(each)s tokens for each document, %(tokens)s in all: at least %(wall)s "
              "more at the same 2·N FLOPs a token. That is decode's floor, "
              "reached only when the engine decodes many documents at once (vLLM batches "
              "them); one at a time, memory bandwidth holds it far lower. The cost below "
              "counts both.", each=fmt.num(q.batch_out_tokens), tokens=fmt.tokens(w.tokens),
              wall=fmt.duration(max(w.wall_clock_hours, Decimal("0.01")))))
    else:
        add(_("Only the input is timed: the tokens the model writes back (summaries, labels) "
              "are generated one step at a time, bound by memory bandwidth, not compute; ask "
              "“how long to generate N tokens” for their floor."))
    add("\n")
    add("⚠️ <i>")
    add(_("The utilization is an assumption, not a measurement: time a short batch of your "
          "own documents."))
    add("</i>\n")
    if run.quote is not None:
        add(ph.quote_block(run.quote))
        add("\n")
    elif run.problem == "no_price" and ph.cat.gpu(run.gpu).rented:
        add(_("We rent the %(gpu)s too, but its price is not published: ask support before "
              "planning on it.", gpu=ph.gpu_name(run.gpu)))
        add("\n")
    elif run.problem == "too_long":
        add(_("That is longer than a single quote covers: ask support."))
        add("\n")
    return Markup("".join(out))


def batch_memory(answer: Answer, ph: Phrases) -> Markup | None:
    """The memory it takes, on one line as the training time's reply gives it: the detailed
    estimate on the configuration timed; None when there is none to give."""
    d, run = answer.detailed, answer.batch_run
    if d is None or d.check is None or run is None or not run.on_asked:
        return None
    how = ph.method_short(d.method)
    return Markup("").join((
        ph.verdict_icon(bool(d.check.detailed_fits)), " ",
        ph._("Memory: about %(total)s per GPU of %(vram)s (detailed estimate, %(how)s).",
             total=ph.fmt.gb(d.per_gpu_gb, 1), vram=ph.memory(d.check.vram_per_gpu_gb),
             how=how), "\n"))
