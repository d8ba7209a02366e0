"""A choice between two models, or two training algorithms, for one run, as the reply says it
(bot/model_choice.py reads the choice and weighs the two answers): both verdicts side by side,
the one that fits (or fits with more room) leading, or each algorithm's detailed estimate."""

from __future__ import annotations

from decimal import Decimal

from markupsafe import Markup

from bot.model_choice import Algorithm, Side, Speed
from bot.render.detailed_lines import assumption_said
from bot.render.phrases import Phrases
from rules.catalogue import Catalogue
from rules.estimator import load_constants

__all__ = ["render_algorithms", "render_choice", "render_speeds"]


def render_choice(chosen: tuple[Side, Side], locale: str, catalogue: Catalogue) -> str:
    """The reply in `locale` (Telegram HTML)."""
    ph = Phrases(locale, catalogue)
    _, fmt = ph._, ph.fmt
    lead, other = chosen
    detailed = lead.answer.detailed
    assert detailed is not None
    if detailed.check is None:
        return _memory_choice(chosen, ph)
    check = detailed.check
    config = ph.config(check.gpu, check.gpu_count) if check.gpu is not None else \
        ph._("%(count)s× GPU of %(vram)s", count=check.gpu_count,
             vram=ph.memory(check.said_gb or check.card_gb or check.vram_per_gpu_gb))
    names = [s.name or str(ph.subject(None, s.answer.params_b or Decimal(0))) for s in chosen]
    methods = [s.answer.detailed.method for s in chosen if s.answer.detailed is not None]
    method: Markup | str = ph.method_short(detailed.method)
    if len(set(methods)) > 1:
        # "qwen2.5 14b q4 or qwen2.5 7b q8": each model named with its own.
        method = fmt.list([str(ph.method_short(m)) for m in methods])
        names = [str(_("%(model)s (%(method)s)", model=n, method=ph.method_short(m)))
                 for n, m in zip(names, methods, strict=True)]
    same = ph.size(lead.need_gb) == ph.size(other.need_gb)
    if lead.fits and not other.fits:
        head = _("⚖️ <b>%(model)s fits on %(config)s (%(method)s); %(other)s does not.</b>",
                 model=names[0], other=names[1], config=config, method=method)
    elif lead.fits and same:
        head = _("⚖️ <b>Both fit on %(config)s (%(method)s), with about the same room: %(model)s"
                 " and %(other)s.</b>", model=names[0], other=names[1], config=config,
                 method=method)
    elif lead.fits:
        head = _("⚖️ <b>Both fit on %(config)s (%(method)s); %(model)s leaves more room than"
                 " %(other)s.</b>", model=names[0], other=names[1], config=config, method=method)
    else:
        head = _("⚖️ <b>Neither fits on %(config)s (%(method)s); %(model)s comes closer than"
                 " %(other)s.</b>", model=names[0], other=names[1], config=config, method=method)
    lines = [str(head)]
    for side, name in zip(chosen, names, strict=True):
        assert side.card_gb is not None  # sides: both on the card, or neither
        lines.append(str(_("%(icon)s %(model)s: ≈ %(need)s per GPU of %(card)s, %(room)s.",
                           icon=ph.verdict_icon(bool(side.fits)), model=name,
                           need=ph.size(side.need_gb), card=ph.memory(side.card_gb),
                           room=ph.room(bool(side.fits), side.room_gb))))
    # What the one that misses needs to fit, as its own answer says it (training only).
    for side, name in zip(chosen, names, strict=True):
        room = side.answer.typical_room
        if not side.fits and room is not None and room.tokens > 0:
            lines.append(str(_("📏 %(model)s fits with sequences of at most about %(tokens)s"
                               " tokens.", model=name, tokens=fmt.num(room.tokens, 0))))
    lines.extend(_shapes_read(chosen, ph))
    lines.append("")
    if detailed.kind == "training":
        lines.append(str(_("ℹ️ <i>Detailed estimates per GPU at sequence %(seq)s and batch"
                           " %(batch)s, activations included; ask about one model for its whole"
                           " answer. Planning rules, not measurements.</i>",
                           seq=fmt.num(detailed.seq_len, 0), batch=detailed.micro_batch)))
    else:
        lines.append(str(_("ℹ️ <i>Detailed estimates per GPU at %(context)s tokens of context and"
                           " batch %(batch)s, KV cache included; ask about one model for its whole"
                           " answer. Planning rules, not measurements.</i>",
                           context=fmt.num(detailed.seq_len, 0), batch=detailed.micro_batch)))
    return "\n".join(lines)


def render_algorithms(runs: tuple[Algorithm, ...], locale: str, catalogue: Catalogue) -> str | None:
    """The reply in `locale` (Telegram HTML); None when a run got no detailed estimate (then
    the message is answered as before)."""
    if any(r.answer.error is not None or r.answer.detailed is None for r in runs):
        return None
    ph = Phrases(locale, catalogue)
    _, fmt = ph._, ph.fmt
    first = runs[0].answer
    detailed = first.detailed
    assert detailed is not None
    model = first.model_name or str(ph.subject(None, first.params_b or Decimal(0)))
    method = ph.method_short(detailed.method)
    low, high = sorted(runs, key=lambda r: r.need_gb)
    if ph.size(low.need_gb) == ph.size(high.need_gb):
        head = _("⚖️ <b>%(a)s or %(b)s for %(model)s (%(method)s): about the same memory, ≈"
                 " %(need)s per GPU.</b>", a=runs[0].name, b=runs[1].name, model=model,
                 method=method, need=ph.size(low.need_gb))
    else:
        head = _("⚖️ <b>%(low)s needs less memory than %(high)s for %(model)s (%(method)s): ≈"
                 " %(low_gb)s against ≈ %(high_gb)s per GPU.</b>", low=low.name, high=high.name,
                 model=model, method=method, low_gb=ph.size(low.need_gb),
                 high_gb=ph.size(high.need_gb))
    lines = [str(head)]
    for run in runs:
        d = run.answer.detailed
        assert d is not None
        check = d.check
        if check is None:
            lines.append(str(_("• <b>%(name)s</b>: ≈ %(need)s per GPU", name=run.name,
                               need=ph.size(d.per_gpu_gb))))
        else:
            lines.append(str(_("%(icon)s <b>%(name)s</b>: ≈ %(need)s per GPU of %(card)s,"
                               " %(room)s", icon=ph.verdict_icon(check.detailed_fits),
                               name=run.name, need=ph.size(d.per_gpu_gb),
                               card=ph.memory(check.vram_per_gpu_gb),
                               room=ph.room(check.detailed_fits,
                                            check.vram_per_gpu_gb - d.per_gpu_gb))))
        query = run.answer.query
        facts = [assumption_said(ph, d, code)
                 for code in ("preference_pairs", "reference_copy", "reference_adapters")]
        said = [str(f) for f in facts if f is not None]
        if query.online_rl:
            said.append(str(_("Online RL: its training step only; the completions it generates"
                              " (and a reward model, if any) are not counted.")))
        elif not query.paired:
            said.append(str(_("One sequence an example.") if query.reference_model
                            else _("One sequence an example, no reference model.")))
        elif not query.reference_model:
            said.append(str(_("No reference model: the loss needs none.")))
        lines.extend(f"   {line}" for line in said)
    # With adapters DPO's reference costs nothing; fully fine-tuned it is a second copy.
    referenced = [r for r in runs if r.answer.query.reference_model]
    if detailed.adapter and referenced and len(referenced) < len(runs):
        copy = Decimal(str(load_constants()["bytes.bf16"])) * detailed.params_b
        lines.append(str(_("🔁 With full fine-tuning, %(name)s also holds a frozen BF16 copy of"
                           " the model as its reference: ≈ %(copy)s more.",
                           name=referenced[0].name, copy=ph.size(copy))))
    lines.append("")
    lines.append(str(_("ℹ️ <i>Detailed estimates per GPU at sequence %(seq)s and batch %(batch)s,"
                       " activations included; ask about one algorithm for its whole answer."
                       " Planning rules, not measurements.</i>",
                       seq=fmt.num(detailed.seq_len, 0), batch=detailed.micro_batch)))
    return "\n".join(lines)


def _memory_choice(chosen: tuple[Side, Side], ph: Phrases) -> str:
    """No card named ("which needs less vram, llama 3 8b or mistral 7b"): each model's detailed
    estimate per GPU, the smaller first."""
    _, fmt = ph._, ph.fmt
    names = [s.name or str(ph.subject(None, s.answer.params_b or Decimal(0))) for s in chosen]
    detailed = chosen[0].answer.detailed
    assert detailed is not None
    method = ph.method_short(detailed.method)
    low, high = chosen
    if ph.size(low.need_gb) == ph.size(high.need_gb):
        head = _("⚖️ <b>%(a)s or %(b)s (%(method)s): about the same memory, ≈ %(need)s per"
                 " GPU.</b>", a=names[0], b=names[1], method=method, need=ph.size(low.need_gb))
    else:
        head = _("⚖️ <b>%(low)s needs less memory than %(high)s (%(method)s): ≈ %(low_gb)s"
                 " against ≈ %(high_gb)s per GPU.</b>", low=names[0], high=names[1],
                 method=method, low_gb=ph.size(low.need_gb), high_gb=ph.size(high.need_gb))
    lines = [str(head)]
    lines.extend(str(_("• <b>%(name)s</b>: ≈ %(need)s per GPU", name=name,
                       need=ph.size(side.need_gb)))
                 for side, name in zip(chosen, names, strict=True))
    lines.extend(_shapes_read(chosen, ph))
    lines.append("")
    lines.append(str(_("ℹ️ <i>Detailed estimates per GPU at sequence %(seq)s and batch %(batch)s,"
                       " activations included; ask about one model for its whole answer."
                       " Planning rules, not measurements.</i>",
                       seq=fmt.num(detailed.seq_len, 0), batch=detailed.micro_batch)
                     if detailed.kind == "training" else
                     _("ℹ️ <i>Detailed estimates per GPU at %(context)s tokens of context and"
                       " batch %(batch)s, KV cache included; ask about one model for its whole"
                       " answer. Planning rules, not measurements.</i>",
                       context=fmt.num(detailed.seq_len, 0), batch=detailed.micro_batch)))
    return "\n".join(lines)


def _shapes_read(chosen: tuple[Side, Side], ph: Phrases) -> list[str]:
    """"qwen 7b": which version it is read as, as its own answer says."""
    lines: list[str] = []
    for side in chosen:
        query = side.answer.query
        if query.model_id is None and query.shape_model is not None and side.name:
            lines.append(str(ph._("ℹ️ %(said)s: no version named, read as %(model)s, the latest"
                                  " on file (its layers and KV heads set the detailed"
                                  " estimate).", said=side.name,
                                  model=ph.cat.models.get(query.shape_model).name)))
    return lines


def render_speeds(chosen: tuple[Speed, Speed], locale: str, catalogue: Catalogue) -> str:
    """"which model is faster on my 3090, llama 3 8b or mistral 7b?" in `locale`: each model's
    decode bound from the datasheet's bandwidth, the faster first, or where no bandwidth is
    cited the bytes a token reads, which rank them on one card; never a measured speed."""
    ph = Phrases(locale, catalogue)
    _, fmt = ph._, ph.fmt
    fast, slow = chosen
    bound = fast.bound
    config = ph.config(bound.gpu, bound.gpus)
    method = ph.method_short(bound.method)
    names = [s.name or str(ph.subject(None, s.answer.params_b or Decimal(0))) for s in chosen]
    same = fast.bound.tokens_per_second == slow.bound.tokens_per_second \
        if bound.bandwidth_gbs is not None else ph.size(fast.read_gb) == ph.size(slow.read_gb)
    lines: list[str] = []
    if not slow.bound.fits:
        # One of them holds no precision there: the other is the only one that runs
        lines.append(str(_("⚡ <b>Only %(fast)s runs on %(config)s: %(slow)s does not fit"
                           " there, even in %(least)s, by the detailed estimate.</b>",
                           fast=names[0], slow=names[1], config=config,
                           least=ph.method_short(slow.bound.method))))
        if bound.tokens_per_second is not None and bound.bandwidth_gbs is not None:
            lines.append(str(_("%(fast)s (%(method)s): at most about %(tps)s tokens/s, one"
                               " sequence: each generated token reads %(gb)s at the"
                               " datasheet's %(bw)s.", fast=names[0], method=method,
                               tps=fmt.num(bound.tokens_per_second, 0),
                               gb=ph.size(fast.read_gb), bw=fmt.bandwidth(bound.bandwidth_gbs))))
        else:
            lines.append(str(_("We have no cited memory bandwidth for the %(gpu)s, so we give no"
                               " tokens/s figure rather than guess one.",
                               gpu=ph.gpu_name(bound.gpu))))
    elif bound.bandwidth_gbs is None:
        if same:
            head = _("⚡ <b>About the same speed on %(config)s (%(method)s): %(a)s and %(b)s each"
                     " read about %(gb)s a generated token.</b>", config=config,
                     method=method, a=names[0], b=names[1], gb=ph.size(fast.read_gb))
        else:
            head = _("⚡ <b>%(fast)s should be faster on %(config)s (%(method)s): it reads"
                     " %(fast_gb)s a generated token, against %(slow_gb)s for %(slow)s.</b>",
                     fast=names[0], slow=names[1], config=config, method=method,
                     fast_gb=ph.size(fast.read_gb), slow_gb=ph.size(slow.read_gb))
        lines.append(str(head))
        lines.append(str(_("We have no cited memory bandwidth for the %(gpu)s, so we give no"
                           " tokens/s figure rather than guess one.",
                           gpu=ph.gpu_name(bound.gpu))))
    else:
        assert fast.bound.tokens_per_second is not None
        assert slow.bound.tokens_per_second is not None
        if same:
            head = _("⚡ <b>About the same speed on %(config)s (%(method)s): at most about"
                     " %(tps)s tokens/s each for %(a)s and %(b)s, one sequence.</b>",
                     config=config, method=method, a=names[0], b=names[1],
                     tps=fmt.num(fast.bound.tokens_per_second, 0))
        else:
            head = _("⚡ <b>%(fast)s should be faster on %(config)s (%(method)s): at most"
                     " about %(fast_tps)s tokens/s against %(slow_tps)s for %(slow)s, one"
                     " sequence.</b>", fast=names[0], slow=names[1], config=config,
                     method=method, fast_tps=fmt.num(fast.bound.tokens_per_second, 0),
                     slow_tps=fmt.num(slow.bound.tokens_per_second, 0))
        lines.append(str(head))
        lines.append(str(_("Each generated token reads every weight and the KV cache once:"
                           " %(fast_gb)s for %(fast)s, %(slow_gb)s for %(slow)s, at the"
                           " datasheet's %(bw)s.", fast=names[0], slow=names[1],
                           fast_gb=ph.size(fast.read_gb), slow_gb=ph.size(slow.read_gb),
                           bw=fmt.bandwidth(bound.bandwidth_gbs))))
    if slow.bound.fits:
        lines.append(str(_("Decoding one sequence is bound by memory bandwidth, so on the same"
                           " card the model that reads fewer bytes a token generates faster;"
                           " both fit there at %(ctx)s tokens of context by the detailed"
                           " estimate.", ctx=fmt.num(bound.context, 0))))
    if fast.answer.query.seq_len is None:
        lines.append(str(_("Context not given: %(ctx)s tokens assumed; the KV cache read per"
                           " token grows with it.", ctx=fmt.num(bound.context, 0))))
    lines.append("")
    lines.append("⚠️ <i>" + str(_(
        "Upper bounds from the datasheet's memory bandwidth, not measurements: we don't"
        " measure speed, and real engines reach a fraction of it. Measure your own tokens/s"
        " on a short run.") if bound.bandwidth_gbs is not None else _(
        "We don't measure speed: this ranks the two by the bytes each token reads, not a"
        " measurement. Measure your own tokens/s on a short run.")) + "</i>")
    return "\n".join(lines)
