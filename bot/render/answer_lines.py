"""The whole reply's page (what answer.html.j2 printed), laid out in Python: which parts an
answer has and in what order, with the short sentences that stand between them. The template
was ~15 % of a simple reply's rendering, nearly all of it Jinja's machinery (an attribute
look-up through the environment per test, a context per render) rather than text.

The parts that are still templates (an error, a missing fact, prices, service, time, decode…)
are rendered by `include`, with the reply's context, as ``{% include %}`` did. Every sentence
goes through the same gettext msgids as the template's ``{% trans %}`` blocks (``ph._``:
newstyle semantics, values escaped unless Markup); the literal text and line breaks around
them are the template's, byte for byte (trim_blocks and lstrip_blocks: a line holding only a
tag printed nothing, ``{% endtrans %}`` ate its line's newline).
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal
from typing import Final

from babel.dates import get_day_names
from markupsafe import Markup

from bot.answer import Answer, ContextPair, DownloadFacts, FamilyPick
from bot.detail import DEFAULT_SEQ_LEN, DetailedAnswer, TrainingEstimate
from bot.engines import engine_name
from bot.render.batch_lines import batch_lines, batch_memory
from bot.render.detailed_lines import host_ram_lines
from bot.render.igpu_lines import igpu_compare_lines
from bot.render.lines import (
    bf16_error_line,
    budget_said_quote,
    compare_lines,
    enough_led,
    fa2_error_line,
    fit_block,
    mac_needed_lead,
    mac_not_sold,
    online_rl_note,
    preference_note,
    rate_judged_line,
    remedy_block,
    rig_note,
    scaled_offers_lines,
    scaled_time_lines,
    steps_expected_lead,
    within_line,
    within_own_line,
)
from bot.render.local_lines import local_block
from bot.render.offload_lines import assumed_ram, expert_offload_lines, ram_name
from bot.render.phrases import Phrases
from bot.understand.query import Query
from rules.capacity import program_licence
from rules.schema import PublishedRun

# Renders a template by name with the reply's context.
Render = Callable[[str], str]
# Appends a piece to the page (a text, or the template of that name).
Put = Callable[[str], None]


def _lead(answer: Answer, ph: Phrases, include: Put, put: Put) -> None:
    """What comes before the answer proper: a gradient-checkpointing reading of an OOM,
    the longest context, what was asked for (the largest model, batch, count, budget), the
    accelerator we have no figures for, what checkpointing saves, online RL's note."""
    _, fmt = ph._, ph.fmt
    query = answer.query
    if query.seq_len_beyond is not None and query.seq_len is not None \
            and query.model_id is not None:
        # "finetune gpt2 with seq 4096 on a t4": GPT-2 cannot read past its 1,024 positions;
        # the figures below are at 1,024, which comes first.
        put("📏 ")
        put(_(
            "%(name)s has %(top)s positions (n_positions in its config: its position "
            "embeddings are learned for %(top)s tokens, none beyond), so a sequence of "
            "%(asked)s tokens cannot run: answered at %(top)s.",
            name=ph.cat.models.get(query.model_id).name, top=fmt.num(query.seq_len, 0),
            asked=fmt.num(query.seq_len_beyond, 0),
        ))
        put("\n")
    if answer.vllm_share:
        _vllm_share(answer, ph, put)
    if query.ram_asked:
        # "how much cpu ram do i need": the offloaded states' RAM first, then the fit.
        ram = host_ram_lines(ph, answer, lead=True)
        if ram:
            put("\n".join(ram))
            put("\n\n")
    o = answer.oom
    if o and o.ckpt_off:
        # Estimated off because off did not fit and on did: both were estimated; a batch or
        # a sequence length was stated with the OOM.
        assert o.off_gb is not None and o.on_gb is not None
        off = fmt.gb(o.off_gb, 1)
        on = fmt.gb(o.on_gb, 1)
        each = ph.memory(o.vram_per_gpu_gb)
        put("🧯 ")
        if o.batch:
            put(_(
                "You hit OOM at batch %(n)s, so your run probably has gradient checkpointing off, "
                "the Trainer's default: with it off the detailed estimate needs %(off)s per GPU "
                "of the %(each)s there (%(on)s with it on), so this answer assumes it off.",
                n=fmt.num(o.batch), off=off, each=each, on=on,
            ))
        else:
            assert o.seq_len is not None
            put(_(
                "You hit OOM at sequence length %(n)s, so your run probably has gradient "
                "checkpointing off, the Trainer's default: with it off the detailed estimate "
                "needs %(off)s per GPU of the %(each)s there (%(on)s with it on), so this answer "
                "assumes it off.",
                n=fmt.num(o.seq_len), off=off, each=each, on=on,
            ))
        put("\n")
    if answer.longest_lead or answer.longest_unplaced:
        include("context_lead.html.j2")
    trained = within_line(answer, ph, lead=True) \
        if (answer.budget or answer.budget_alt) and not query.budget_timed else None
    if trained is not None:
        # "with $500 how many tokens can i train llama 3 8b on": what the budget trains leads,
        # the hours it buys follow (was the hours first, the tokens seven lines down).
        put(trained)
        put("\n")
    if answer.largest_budget is not None:
        put(_largest_budget(answer, ph))
        put("\n")
    if answer.largest_hours is not None:
        put(_largest_hours(answer, ph))
        put("\n")
    if enough_led(answer):
        put(_enough(answer, ph))
        put("\n")
    if answer.budget_foreign and answer.quote is not None:
        put(_foreign_budget(answer, ph))
        put("\n")
    hours_paid = _hours_within(answer, ph)
    if hours_paid is not None:
        put(hours_paid)
        put("\n")
    if answer.owned_fit is not None and answer.query.dataset_tokens is None:
        put(_owned_aside(answer, ph))  # no data: the hour and the day lead
        put("\n")
    if (
        answer.largest or answer.largest_batch or answer.count_needed
        or answer.count_unreachable
        or (answer.intent != "time" and (answer.budget or answer.budget_alt))
    ):
        include("asks_lead.html.j2")
    trained = within_line(answer, ph) if query.budget_timed else None
    if trained is not None:
        # "i have $50, how long can i train …": the hours the money buys lead, what they
        # train follows (was the hours alone)
        put(trained)
        put("\n")
    own = within_own_line(answer, ph)
    if own is not None:
        put(own)
        put("\n\n")
    elsewhere = answer.largest_short_elsewhere
    if elsewhere is not None and query.budget_usd is not None:
        # No card named: every offered configuration was weighed (answer._largest_over_offers).
        put("👉 ")
        put(_("With samples of %(len)s tokens, %(budget)s trains a larger model on %(config)s: "
              "%(names)s.", len=ph.fmt.num(elsewhere.sample_len),
              budget=ph.fmt.usd_short(query.budget_usd),
              config=ph.config(elsewhere.gpu, elsewhere.gpu_count),
              names=ph.fmt.list(elsewhere.names[:2])))
        put("\n")
    if query.accelerator:
        include("accelerator_lead.html.j2")
    if query.amd_unnamed:
        include("amd_lead.html.j2")
    if query.igpu is not None:
        include("igpu_lead.html.j2")
    if query.rig and query.gpu and answer.comparison is None:  # compared: compare_lines
        # "1x3090 and 1x4090": the machine read, and the card the answer below is for.
        put(rig_note(ph, query.rig, query.gpu,
                     query.gpu_memory_gb if query.rig_layer_split else None))
        put("\n")
    if query.galore:
        put("ℹ️ ")
        put(_(
            "GaLore is not modelled here: it trains every weight, as full fine-tuning does, but "
            "keeps AdamW's states for a rank-r projection of each weight matrix's gradient "
            "(GaLore paper, Zhao et al. 2024, Table 1: m·r + 2·n·r values for an m×n matrix, "
            "instead of 2·m·n), so it needs less than the full fine-tuning figures below. "
            "Measure a short run."
        ))
        put("\n\n")
    if query.dora and not query.inference:
        put("ℹ️ ")
        put(_(
            "DoRA is not modelled here: the figures below are LoRA's (QLoRA's for QDoRA). DoRA also "
            "trains a magnitude for each output row and, at every step, recomputes each adapted "
            "weight's norm from the whole weight (PEFT's DoraLinearLayer), so it needs more memory "
            "than LoRA. Measure a short run."
        ))
        put("\n\n")
    if query.other_optimizer and answer.detailed is not None \
            and answer.detailed.kind == "training":
        put("ℹ️ ")
        put(_(
            "%(name)s is not modelled here: the optimizer states below are AdamW's, two a "
            "weight; Lion, Muon and SGD with momentum keep one, plain SGD none, so %(name)s "
            "needs less. Measure a short run.", name=query.other_optimizer
        ))
        put("\n\n")
    if answer.method_runs:
        _method_runs(answer, ph, put)
    if answer.method_speeds:
        _method_speeds(answer, ph, put)
    timed = answer.sample_bracket or (
        answer.detailed is not None and answer.detailed.training_time is not None)
    if query.packing_speed_asked and not query.inference \
            and answer.primary is not None \
            and ph.method_kind(answer.primary.memory.method) == "training":
        # "does packing=True speed things up?": what it changes in the time estimated (was
        # the time alone, packing never named); with no data to time ("does sample packing
        # speed up qlora llama 3 8b on a 4090?"), what it saves all the same (was the fit alone).
        put("📦 <b>")
        put(_("Packing does not change the tokens you train on: the time here counts those "
              "tokens alone, with no padding, which is what a packed run computes.") if timed
            else _("Packing saves only the compute spent on padding: the tokens you train on "
                   "stay the same, and our time estimates count those tokens alone."))
        put("</b>\n")
        if query.batch_size is not None and query.batch_size > 1:
            put(_("Unpacked, a batch of %(batch)s pads each sample to the longest in it, and "
                  "those padding tokens cost compute too: the shorter and more uneven your "
                  "samples, the more packing saves.", batch=fmt.num(query.batch_size)))
        else:
            put(_("Unpacked at batch 1 each sample is its own sequence, with no padding; at a "
                  "larger batch each sample is padded to the longest in it, and those padding "
                  "tokens cost compute too: the shorter and more uneven your samples, the more "
                  "packing saves."))
        put("\n\n")
    c = answer.ckpt_saving
    if c and c.slower is not None and c.flops_on is not None and c.flops_off is not None:
        # "does gradient checkpointing slow training a lot": its time leads, then its memory.
        put("🐢 <b>")
        put(_(
            "Gradient checkpointing makes %(how)s about %(ratio)s times the compute of the run "
            "without it: %(on)s·N·D FLOPs a token instead of %(off)s·N·D, as our time "
            "estimates count it.",
            how=ph.method_short(c.method), ratio=fmt.num(c.slower, 2),
            on=fmt.num(c.flops_on), off=fmt.num(c.flops_off),
        ))
        put("</b>\n")
        put(_(
            "In exchange it saves about %(saved)s per GPU here: %(off)s without it, %(on)s "
            "with it.",
            saved=fmt.gb(c.saved_gb, 1), off=fmt.gb(c.off_gb, 1), on=fmt.gb(c.on_gb, 1),
        ))
        put("\n")
    elif c:
        put("🧮 <b>")
        tail: str | None = None
        figures = {"how": ph.method_short(c.method), "off": fmt.gb(c.off_gb, 1),
                   "on": fmt.gb(c.on_gb, 1)}
        vram = ph.memory(c.vram_gb) if c.vram_gb is not None else None
        if c.off_fits is None or vram is None or ph.on_mac(answer.detailed.gpu
                                                            if answer.detailed else None):
            put(_(
                "Gradient checkpointing saves about %(saved)s per GPU here: %(off)s without "
                "it, %(on)s with it.", saved=fmt.gb(c.saved_gb, 1), off=figures["off"],
                on=figures["on"],
            ))
        elif c.off_fits:
            # "is gradient checkpointing needed": no, and turning it off is what makes the
            # run faster (the forward pass is no longer run twice).
            put(_(
                "Not needed here: without gradient checkpointing, %(how)s takes about %(off)s "
                "per GPU, within the %(vram)s each GPU has (%(left)s left); with it, %(on)s.",
                vram=vram, left=fmt.gb(c.vram_gb - c.off_gb, 1) if c.vram_gb else "", **figures,
            ))
            if c.flops_on is not None and c.flops_off is not None:
                tail = _(
                    "Turned off, each token takes %(off)s·N·D FLOPs instead of %(on)s·N·D, so "
                    "the run is faster; keep it on for longer sequences or a larger batch.",
                    off=fmt.num(c.flops_off), on=fmt.num(c.flops_on),
                )
        elif c.on_fits:
            put(_(
                "Needed here: without gradient checkpointing, %(how)s takes about %(off)s per "
                "GPU, more than the %(vram)s each GPU has; with it, %(on)s, which fits.",
                vram=vram, **figures,
            ))
        else:
            put(_(
                "Without gradient checkpointing, %(how)s takes about %(off)s per GPU, with it "
                "%(on)s: even with it, more than the %(vram)s each GPU has.",
                vram=vram, **figures,
            ))
        put("</b>\n")
        if tail is not None:
            put(tail)
            put("\n")
        put(_(
            "Detailed estimate for %(how)s at sequence length %(seq)s and batch %(batch)s: the "
            "activations kept for the backward pass go from %(act_off)s to %(act_on)s, and "
            "each layer's forward pass runs again during the backward pass: it costs time and "
            "leaves the weights and optimizer states as they are.",
            how=ph.method_short(c.method), seq=fmt.num(c.seq_len),
            batch=fmt.num(c.micro_batch), act_off=fmt.gb(c.off_activations_gb, 1),
            act_on=fmt.gb(c.on_activations_gb, 1),
        ))
        put("\n\n")
    d = answer.train_disk
    if d:
        put("💾 <b>")
        put(_("Disk space to fine-tune %(model)s: the download, %(dl)s in BF16, then each "
              "checkpoint the run saves.", model=ph.subject(d.model_name, d.params_b),
              dl=fmt.gb(d.download_gb, 1)))
        put("</b>\n")
        for method, rank, ck in d.methods:
            name = ph.method_name(method, False) if rank is None \
                else _("LoRA or QLoRA adapters (rank %(rank)s)", rank=rank)
            put("• ")
            put(_(
                "%(method)s: %(ckpt)s a checkpoint (trained weights %(w)s, optimizer states "
                "%(o)s); with %(n)s kept and the final model, about %(total)s in all.",
                method=name, ckpt=fmt.gb(ck.total_gb, 1), w=fmt.gb(ck.weights_gb, 1),
                o=fmt.gb(ck.optimizer_gb, 1), n=d.kept, total=fmt.gb(d.total_gb(ck), 1)))
            put("\n")
        if d.kept_said:
            put(_("With save_total_limit=%(n)s, as you set it. save_only_model=True saves the "
                  "weights alone, without the optimizer states (no resuming).", n=d.kept))
        else:
            put(_(
                "Assumed: %(n)s checkpoints kept (save_total_limit=%(n)s). The Hugging Face "
                "Trainer keeps every one unless save_total_limit is set, one each 500 steps by "
                "default; save_only_model=True saves the weights alone, without the optimizer "
                "states (no resuming).", n=d.kept))
        put("\n\n")
    r = answer.rank_pair
    if r:
        put("🧮 <b>")
        put(_(
            "LoRA rank %(a)s vs rank %(b)s: about %(a_gb)s vs %(b_gb)s per GPU here, a "
            "difference of %(diff)s.",
            a=fmt.num(r.rank_a), b=fmt.num(r.rank_b), a_gb=fmt.gb(r.a_gb, 1),
            b_gb=fmt.gb(r.b_gb, 1), diff=fmt.gb(r.difference_gb, 1),
        ))
        put("</b>\n")
        put(_(
            "Detailed estimate for %(how)s at sequence length %(seq)s and batch %(batch)s: the "
            "adapters with their gradients and optimizer states take %(a_ad)s at rank %(a)s "
            "and %(b_ad)s at rank %(b)s, growing with the rank; the frozen weights stay as they "
            "are, and the activations of the adapters' low-rank products are small.",
            how=ph.method_short(r.method), seq=fmt.num(r.seq_len), batch=fmt.num(r.micro_batch),
            a=fmt.num(r.rank_a), b=fmt.num(r.rank_b), a_ad=fmt.gb(r.a_adapters_gb, 1),
            b_ad=fmt.gb(r.b_adapters_gb, 1),
        ))
        put("\n\n")
    f = answer.flash_saving
    if f:
        put("⚡ <b>")
        put(_(
            "FlashAttention saves about %(saved)s per GPU here: %(eager)s with eager attention, "
            "%(flash)s with FlashAttention (SDPA).",
            saved=fmt.gb(f.saved_gb, 1), eager=fmt.gb(f.eager_gb, 1),
            flash=fmt.gb(f.flash_gb, 1),
        ))
        put("</b>\n")
        if f.kind == "training":
            put(_(
                "Detailed estimate for %(how)s at sequence length %(seq)s and batch %(batch)s: "
                "eager attention keeps each layer's attention scores (heads × sequence² values) "
                "for the backward pass; FlashAttention computes them block by block and never "
                "stores them. The weights and optimizer states stay as they are.",
                how=ph.method_short(f.method), seq=fmt.num(f.seq_len),
                batch=fmt.num(f.micro_batch),
            ))
        else:
            put(_(
                "Detailed estimate for %(how)s at %(seq)s tokens of context and batch %(batch)s: "
                "eager attention holds one layer's attention scores over the prompt (heads × "
                "tokens² values) while it reads it; FlashAttention computes them block by block "
                "and never stores them. The weights and KV cache stay as they are.",
                how=ph.method_short(f.method), seq=fmt.num(f.seq_len),
                batch=fmt.num(f.micro_batch),
            ))
        put("\n\n")
    if answer.kernels_saving:
        _kernels_saving(answer, ph, put)
    if answer.kv_saving:
        _kv_saving(answer, ph, put)
    if answer.kv_size:
        _kv_size(answer, ph, put)
    if answer.context_pair:
        _context_pair(answer.context_pair, ph, put)
    if answer.strategy_choice:
        _strategies(answer, ph, put)
    if answer.method_diff:
        _method_diff(answer, ph, put)
    if query.online_rl and answer.methods:
        put(online_rl_note(answer, ph))
        put("\n")
    if query.objective is not None and answer.intent in ("fit", "memory"):
        # a time or a cost asked leads with its own figure (the memory follows it)
        put(preference_note(answer, ph))


def _context_pair(c: ContextPair, ph: Phrases, put: Put) -> None:
    """"num_ctx 8192 vs 32768 …, vram difference": the memory at each context, what grows, and
    whether each fits; the rest of the reply is for the first said."""
    _, fmt = ph._, ph.fmt
    put("📏 <b>")
    values = {"short": fmt.num(c.short), "long": fmt.num(c.long),
              "how": ph.method_short(c.method), "short_gb": fmt.gb(c.short_gb, 1),
              "long_gb": fmt.gb(c.long_gb, 1), "more": fmt.gb(c.more_gb, 1)}
    if c.kind == "inference":
        put(_("From %(short)s to %(long)s tokens of context, %(how)s goes from %(short_gb)s to "
              "%(long_gb)s per GPU: %(more)s more (detailed estimate).", **values))
    else:
        put(_("From sequence length %(short)s to %(long)s, %(how)s goes from %(short_gb)s to "
              "%(long_gb)s per GPU: %(more)s more (detailed estimate).", **values))
    put("</b>\n")
    if c.grows:
        parts = [f"{_(label)} {fmt.gb(a, 1)} → {fmt.gb(b, 1)}" for label, a, b in c.grows]
        if c.kind == "inference":
            put(_("What grows with the context: %(parts)s; the weights stay as they are.",
                  parts=fmt.list(parts)))
        else:
            put(_("What grows with the sequence: %(parts)s; the weights and optimizer states "
                  "stay as they are.", parts=fmt.list(parts)))
        put("\n")
    if c.vram_per_gpu_gb is not None and c.short_fits is not None and c.long_fits is not None:
        vram = fmt.gb(c.vram_per_gpu_gb, 1)
        if c.short_fits and c.long_fits:
            put("✅ ")
            put(_("Both fit in the %(vram)s each GPU gives here.", vram=vram))
        elif not c.short_fits and not c.long_fits:
            put("❌ ")
            put(_("Neither fits in the %(vram)s each GPU gives here.", vram=vram))
        elif c.short_fits:
            put("⚠️ ")
            put(_("%(short)s tokens fit in the %(vram)s each GPU gives here; %(long)s do not: "
                  "%(over)s short.", short=fmt.num(c.short), long=fmt.num(c.long), vram=vram,
                  over=fmt.gb(c.long_gb - c.vram_per_gpu_gb, 1)))
        else:  # a longer context never needs less; kept for completeness
            put("⚠️ ")
            put(_("%(long)s tokens fit in the %(vram)s each GPU gives here; %(short)s do not.",
                  short=fmt.num(c.short), long=fmt.num(c.long), vram=vram))
        put("\n")
    if c.vllm:
        put("ℹ️ ")
        put(_("vLLM takes the same share of each GPU whatever --max-model-len says (its KV cache "
              "fills what the weights leave), so nvidia-smi shows about the same either way: "
              "the figures here are what each context needs within that share."))
        put("\n")
    put("\n")


def _vllm_share(answer: Answer, ph: Phrases, put: Put) -> None:
    """"Why does vLLM take 90% of my VRAM?": it reserves that share on purpose and fills it
    with KV cache; how to take less; the page that documents it (rules/data/serving.toml)."""
    _, fmt = ph._, ph.fmt
    v = answer.vllm_share
    assert v is not None
    share = fmt.percent(v.utilization * 100, 0)
    put("🧠 <b>")
    put(_("vLLM takes %(share)s of each GPU's memory whatever the model's size: it is meant to.",
          share=share))
    put("</b>\n")
    put(_(
        "At start-up it reserves that share (%(flag)s) for the weights, the activations and "
        "its CUDA graphs, and fills all the rest of it with KV cache blocks, to serve as many "
        "sequences and as long a context as it can. What nvidia-smi shows is that reservation, "
        "not what the model needs.", flag=ph.vllm_flag(v.utilization, v.said),
    ))
    if v.card_gb is not None and v.budget_gb is not None:
        budget, each = fmt.gb(v.budget_gb, 1), ph.memory(v.card_gb)
        put(" ")
        if v.gpu:
            put(_("On %(where)s that is %(budget)s of the %(each)s of each GPU.",
                  where=ph.config(v.gpu, v.gpu_count), budget=budget, each=each))
        else:  # a card known by its memory only ("my 24gb gpu"): that memory says it
            put(_("That is %(budget)s of the %(each)s of each GPU.", budget=budget, each=each))
    if not v.said and v.previous is not None and v.changed_in is not None \
            and v.current is not None:
        # The default moved (0.9 -> 0.92 in v0.21.0): the user's figure names their release.
        default = v.current
        put(" ")
        put(_(
            "That is the default of vLLM releases before %(version)s; from %(version)s on it "
            "takes %(now)s (<code>--gpu-memory-utilization %(now_value)s</code>).",
            version=v.changed_in, now=fmt.percent(default * 100, 0), now_value=str(default),
        ) if v.older else _(
            "Releases before %(version)s took %(before)s by default "
            "(<code>--gpu-memory-utilization %(before_value)s</code>).",
            version=v.changed_in, before=fmt.percent(v.previous * 100, 0),
            before_value=str(v.previous),
        ))
    put("\n")
    put(_(
        "To leave more of the GPU free, lower it (<code>--gpu-memory-utilization 0.5</code> "
        "takes half): the KV cache gets what the weights leave of the smaller share, and vLLM "
        "refuses to start if one sequence of <code>--max-model-len</code> tokens no longer "
        "fits in it. <code>--max-model-len</code> and <code>--max-num-seqs</code> limit what it "
        "serves, not what it reserves."
    ))
    put("\n")
    if v.url:
        put(_("Source: <a href=\"%(url)s\">vLLM engine arguments</a>.", url=v.url))
        put("\n")
    put("\n")


def _vllm_fixes(answer: Answer, ph: Phrases, put: Put) -> None:
    """vLLM serving that misses its share of each GPU: each setting that makes it fit there,
    estimated again (bot.vllm_fix)."""
    _, fmt = ph._, ph.fmt
    f = answer.vllm_fixes
    assert f is not None

    def config(count: int) -> str:
        return str(ph.config(f.gpu, count)) if f.gpu else str(
            ph.unnamed_config(count, ph.memory(f.vram_per_card_gb)))

    put("\n\n🩹 <b>")
    put(_("What makes it fit in vLLM on %(where)s:", where=config(f.gpu_count)))
    put("</b>\n")
    if f.share_needed is not None:
        put("• ")
        put(_("<code>--gpu-memory-utilization %(value)s</code>, if that much of each GPU is "
              "free (other processes and a desktop hold some).", value=str(f.share_needed)))
        put("\n")
    if f.max_model_len is not None:
        put("• ")
        put(_("<code>--max-model-len %(tokens)s</code>: the model's published maximum, which "
              "its share holds by the detailed estimate.", tokens=str(f.max_model_len))
            if f.model_max else
            _("<code>--max-model-len %(tokens)s</code>: the longest context its share holds "
              "by the detailed estimate.", tokens=str(f.max_model_len)))
        put("\n")
    if f.kv_fp8_gb is not None:
        put("• ")
        put(_("<code>--kv-cache-dtype fp8</code>: about %(gb)s per GPU, the KV cache at one "
              "byte a value.", gb=fmt.gb(f.kv_fp8_gb, 1)))
        put("\n")
    if f.eager_gb is not None:
        put("• ")
        put(_("<code>--enforce-eager</code> with <code>--gpu-memory-utilization %(value)s"
              "</code>: about %(gb)s per GPU without the CUDA graphs' reserve, at some decode "
              "speed.", value=str(f.eager_share), gb=fmt.gb(f.eager_gb, 1))
            if f.eager_share is not None else
            _("<code>--enforce-eager</code>: about %(gb)s per GPU without the CUDA graphs' "
              "reserve, at some decode speed.", gb=fmt.gb(f.eager_gb, 1)))
        put("\n")
    if f.quant_bits is not None and f.quant_gb is not None and f.quant_len is not None:
        # No lower precision fits at that context: both changes together
        put("• ")
        put(_("An 8-bit checkpoint of the model (FP8 or GPTQ INT8) with <code>--max-model-len "
              "%(tokens)s</code>, the longest context it holds by the detailed estimate: about "
              "%(gb)s per GPU.", tokens=str(f.quant_len), gb=fmt.gb(f.quant_gb, 1))
            if f.quant_bits == 8 else
            _("A %(bits)s-bit checkpoint of the model (AWQ or GPTQ) with <code>--max-model-len "
              "%(tokens)s</code>, the longest context it holds by the detailed estimate: about "
              "%(gb)s per GPU.", bits=f.quant_bits, tokens=str(f.quant_len),
              gb=fmt.gb(f.quant_gb, 1)))
        put("\n")
    elif f.quant_bits is not None and f.quant_gb is not None:
        # Before more GPUs, which cost more: vLLM loads a quantized checkpoint as published
        # (the formats it reads at those bits)
        put("• ")
        put(_("An 8-bit checkpoint of the model (FP8 or GPTQ INT8): about %(gb)s per GPU.",
              gb=fmt.gb(f.quant_gb, 1)) if f.quant_bits == 8 else
            _("A %(bits)s-bit checkpoint of the model (AWQ or GPTQ): about %(gb)s per GPU.",
              bits=f.quant_bits, gb=fmt.gb(f.quant_gb, 1)))
        put("\n")
    if f.tp is not None and f.tp_gb is not None:
        put("• ")
        on = config(f.tp)
        put(_("<code>--tensor-parallel-size %(n)s</code> on %(where)s: about %(gb)s per GPU.",
              n=f.tp, where=on, gb=fmt.gb(f.tp_gb, 1)))
        put("\n")


def _method_runs(answer: Answer, ph: Phrases, put: Put) -> None:
    """"phi-4 lora vs full finetune on h100, which fits and how long for 50M tokens": each
    method weighed, whether it fits on the configuration asked, its time and cost where it is
    timed; the rest of the reply goes on with the first (was "No method named")."""
    _, fmt = ph._, ph.fmt
    runs = answer.method_runs
    put("⚖️ <b>")
    put(_("The methods you named, each on your data:"))
    put("</b>\n")
    card = answer.query.gpu
    for run in runs:
        put("• ")
        name: Markup | None = ph.method_name(run.method, False)
        if card is not None and run.fits is False and run.per_gpu_gb is not None:
            put(_("%(name)s: does not fit on %(asked)s (%(gb)s per GPU by the detailed "
                  "estimate).", name=name, gb=fmt.gb(run.per_gpu_gb, 1),
                  asked=ph.config(card, answer.query.gpu_count or 1)))
            put(" ")
            name = None
        if run.hours is None or run.gpu is None or run.gpu_count is None:
            if name is not None:
                put(_("%(name)s: not timed here.", name=name))
            put("\n")
            continue
        where = ph.config(run.gpu, run.gpu_count)
        facts = {"name": name, "time": fmt.duration(run.hours), "where": where}
        if name is None and run.cost_usd is not None:
            put(_("About %(time)s on %(where)s, %(cost)s.", cost=fmt.usd(run.cost_usd),
                  **facts))
        elif name is None:
            put(_("About %(time)s on %(where)s.", **facts))
        elif run.cost_usd is not None:
            put(_("%(name)s: about %(time)s on %(where)s, %(cost)s.", cost=fmt.usd(run.cost_usd),
                  **facts))
        else:
            put(_("%(name)s: about %(time)s on %(where)s.", **facts))
        put("\n")
    put("\n")


def _method_speeds(answer: Answer, ph: Phrases, put: Put) -> None:
    """"qlora vs lora on a 3090 for llama 3.1 8b, which is faster": each method's training
    tokens/s by the estimate, the fastest first said (was the fit alone, the speed unanswered)."""
    _, fmt = ph._, ph.fmt
    speeds = answer.method_speeds
    fastest = max(speeds, key=lambda s: s.tokens_per_second)
    put("⚡ <b>")
    put(_("By this estimate %(name)s trains fastest of the methods you named:",
          name=ph.method_short(fastest.method)))
    put("</b>\n")
    for speed in sorted(speeds, key=lambda s: -s.tokens_per_second):
        put("• ")
        where = ph.config(speed.gpu, speed.gpu_count)
        if speed.asked:
            put(_("%(name)s: about %(rate)s training tokens/s on %(where)s.",
                  name=ph.method_short(speed.method),
                  rate=fmt.num(speed.tokens_per_second, 0), where=where))
        else:
            put(_("%(name)s: about %(rate)s training tokens/s on %(where)s, where a run costs "
                  "least (it does not fit on the card asked).",
                  name=ph.method_short(speed.method),
                  rate=fmt.num(speed.tokens_per_second, 0), where=where))
        put("\n")
    put(_("The same assumptions as the time estimates (FLOPs a token over the peak at an "
          "assumed utilization), not a measurement: the same data takes each the longer the "
          "slower it is."))
    put("\n\n")


def _method_diff(answer: Answer, ph: Phrases, put: Put) -> None:
    """"lora vs qlora difference": both methods' memory (for the model, or per billion
    parameters and for 70B), and what QLoRA trades for its smaller base."""
    _, fmt = ph._, ph.fmt
    d = answer.method_diff
    assert d is not None
    put("⚖️ <b>")
    if d.full is not None and d.params_b is not None:
        put(_("Full fine-tuning, LoRA or QLoRA for %(who)s: full fine-tuning trains every "
              "weight, with its gradient and optimizer states; LoRA and QLoRA train small "
              "adapters on a frozen base model, which QLoRA keeps in 4-bit.",
              who=ph.subject(answer.model_name, d.params_b)))
    elif d.full is not None:
        put(_("Full fine-tuning, LoRA or QLoRA: full fine-tuning trains every weight, with "
              "its gradient and optimizer states; LoRA and QLoRA train small adapters on a "
              "frozen base model, which QLoRA keeps in 4-bit."))
    elif d.params_b is not None:
        put(_("LoRA or QLoRA for %(who)s: both train small adapters on a frozen base model; "
              "QLoRA keeps the base in 4-bit.", who=ph.subject(answer.model_name, d.params_b)))
    else:
        put(_("LoRA or QLoRA: both train small adapters on a frozen base model; QLoRA keeps "
              "the base in 4-bit."))
    put("</b>\n")
    for side in (d.qlora, d.lora, *((d.full,) if d.full is not None else ())):
        put("• ")
        name = ph.method_short(side.method)
        if side.floor_gb is not None and side.floor_per_billion_gb is not None:
            # Full AdamW: EleutherAI's 16 bytes to Hugging Face's 18, as the seed gives it.
            name = ph.method_name(side.method)
            low, high = fmt.gb_span(side.floor_gb, side.estimate_gb)
            if side.detailed_gb is not None:
                put(_("%(name)s: %(from)s–%(to)s by the planning rule, %(detailed)s at typical "
                      "settings (sequence %(seq)s, batch 1) by the detailed estimate", name=name,
                      to=high, detailed=fmt.gb(side.detailed_gb, 1),
                      seq=fmt.num(DEFAULT_SEQ_LEN), **{"from": low}))
            else:
                put(_("%(name)s: %(low)s to %(per)s per billion parameters by the planning rule "
                      "(%(size)sB: %(from)s–%(to)s)", name=name,
                      low=fmt.num(side.floor_per_billion_gb), per=fmt.gb(side.per_billion_gb),
                      size=fmt.num(d.example_b), to=high, **{"from": low}))
        elif side.detailed_gb is not None:
            put(_("%(name)s: about %(plan)s by the planning rule, %(detailed)s at typical "
                  "settings (sequence %(seq)s, batch 1) by the detailed estimate", name=name,
                  plan=fmt.gb(side.estimate_gb), detailed=fmt.gb(side.detailed_gb, 1),
                  seq=fmt.num(DEFAULT_SEQ_LEN)))
        else:
            put(_("%(name)s: about %(per)s per billion parameters by the planning rule "
                  "(%(size)sB: %(plan)s)", name=name, per=fmt.gb(side.per_billion_gb),
                  size=fmt.num(d.example_b), plan=fmt.gb(side.estimate_gb)))
        put("\n")
    put(_(
        "QLoRA stores the frozen weights as 4-bit NormalFloat and turns them back into BF16 for "
        "every matrix multiply (Dettmers et al. 2023, the QLoRA paper, which reports the task "
        "performance of 16-bit fine-tuning kept): much less memory, slower steps. Our time "
        "estimates give both %(l)s of the GPU's peak, and QLoRA's steps the time of that "
        "conversion on top (each weight read in 4 bits and written in BF16 on every pass, at "
        "the GPU's memory bandwidth), a few percent at thousands of tokens a step: "
        "assumptions, not measurements.",
        l=fmt.percent(d.lora.mfu * 100, 0),
    ))
    if d.full is not None:
        put(" ")
        # The seed page's own comparison (its "how much more does full cost than QLoRA").
        put(_("The LoRA paper reports results on par with full fine-tuning on the tasks it "
              "tested, with 10,000 times fewer trainable parameters."))
    put("\n\n")


_STRATEGY_NAMES = {
    "zero1": "DeepSpeed ZeRO-1", "zero2": "DeepSpeed ZeRO-2", "zero3": "DeepSpeed ZeRO-3",
    "fsdp": "FSDP", "ddp": "DDP",
}


def _strategy_name(ph: Phrases, code: str) -> str:
    base, _, offload = code.partition("+")
    name = _STRATEGY_NAMES[base]
    return ph._("%(name)s with CPU offload", name=name) if offload else name


def _strategies(answer: Answer, ph: Phrases, put: Put) -> None:
    """"zero2 or zero3 for lora llama 70b on 4x a100": the detailed estimate per GPU with
    each, which fits, and which one the rest of the reply is for."""
    _, fmt = ph._, ph.fmt
    c = answer.strategy_choice
    assert c is not None
    fitted = answer.primary.fit if answer.primary is not None else None
    where = ph.fit_config(fitted) if fitted is not None else ph.fmt.num(c.gpus)
    vram = ph.memory(c.vram_per_gpu_gb) if c.vram_per_gpu_gb is not None else ""
    a, b = (_strategy_name(ph, side.code) for side in c.sides)
    put("⚖️ <b>")
    put(_("%(a)s or %(b)s for %(how)s on %(where)s, by the detailed estimate per GPU:",
          a=a, b=b, how=ph.method_short(c.method), where=where))
    put("</b>\n")
    for side in c.sides:
        put("✅ " if side.fits else "❌ ")
        name = _strategy_name(ph, side.code)
        total, weights = fmt.gb(side.per_gpu_gb, 1), fmt.gb(side.weights_gb, 1)
        if side.offload:
            put(_("%(name)s: %(total)s of %(vram)s, the optimizer states in CPU RAM (and the "
                  "weights, when they are sharded); slower", name=name, total=total, vram=vram))
        elif side.sharded:
            put(_("%(name)s: %(total)s of %(vram)s, the weights split %(gpus)s ways "
                  "(%(weights)s on each GPU)", name=name, total=total, vram=vram,
                  gpus=fmt.num(c.gpus), weights=weights))
        else:
            put(_("%(name)s: %(total)s of %(vram)s, the whole model on every GPU "
                  "(weights %(weights)s)", name=name, total=total, vram=vram,
                  weights=weights))
        put("\n")
    chosen = _strategy_name(ph, c.sides[c.chosen].code)
    fits = [side.fits for side in c.sides]
    put("👉 ")
    side, other_side = c.sides[c.chosen], c.sides[1 - c.chosen]
    if all(fits) and side.traffic < other_side.traffic and not other_side.offload:
        # "ddp or fsdp for lora 8b on 2x 4090": the replica fits, so nothing needs sharding.
        put(_("Both fit: the rest of this reply is for %(name)s, which keeps the whole model "
              "on every GPU and so moves less between them: each step it only exchanges the "
              "gradients of the weights that train, while %(other)s also gathers every "
              "layer's weights in the forward and backward passes (1.5 times the traffic when "
              "every weight trains, ZeRO paper §7; more with LoRA's few trained weights). "
              "Time a few steps of each to compare their speed.",
              name=chosen, other=_strategy_name(ph, other_side.code)))
    elif all(fits):
        put(_("Both fit; the rest of this reply is for %(name)s.", name=chosen))
        if not any(side.offload for side in c.sides):
            put(" ")
            put(_("Which one runs faster is not on file (no cited measurement): time a few "
                  "steps of each."))
    elif c.sides[c.chosen].fits:
        put(_("Only %(name)s fits: the rest of this reply is for it.", name=chosen))
    elif any(fits):
        other = _strategy_name(ph, c.sides[1 - c.chosen].code)
        put(_("Only %(other)s fits; the rest of this reply is for %(name)s, as you asked.",
              other=other, name=chosen))
    elif side.per_gpu_gb < other_side.per_gpu_gb:
        put(_("Neither fits there; the rest of this reply is for %(name)s, which needs less on "
              "each GPU.", name=chosen))
    else:
        put(_("Neither fits there; the rest of this reply is for %(name)s.", name=chosen))
    put("\n\n")


def _block_span(answer: Answer, block: int, ph: Phrases) -> str:
    """"how long does a 24 hour block last on 2 h100s": a block counts GPU-hours, so it lasts
    its hours over the configuration's GPUs (was the cost of 2× H100 for 24 hours)."""
    card, count = answer.gpu, answer.gpu_count or 1
    if card is None or card.usd_per_gpu_hour is None:
        return ""
    fmt = ph.fmt
    if block not in ph.cat.pricing.block_hours:
        # GPU-hours said as such, not a block sold ("i have 50 gpu hours, how long on 4 a100s")
        said = ph.ngettext(
            "<b>%(n)s GPU-hour lasts %(wall)s on %(config)s</b>: every GPU draws one GPU-hour for "
            "each hour the instance runs, by the minute.",
            "<b>%(n)s GPU-hours last %(wall)s on %(config)s</b>: every GPU draws one GPU-hour for "
            "each hour the instance runs, by the minute.", block, n=fmt.num(block),
            wall=fmt.duration(Decimal(block) / count), config=ph.config(card.id, count))
        return f"🧱 {said}\n\n"
    said = ph._("<b>A block of %(block)s GPU-hours lasts %(wall)s on %(config)s</b>: every GPU "
                "draws one GPU-hour for each hour the instance runs, by the minute; the block "
                "costs %(cost)s.", block=fmt.num(block), wall=fmt.duration(Decimal(block) / count),
                config=ph.config(card.id, count), cost=fmt.usd(card.usd_per_gpu_hour * block))
    return f"🧱 {said}\n\n"


def _program_licence(program: str, ph: Phrases) -> str:
    """"llama.cpp license?": the program's license on file (rules/data/serving.toml), and that
    a model run with it keeps its own."""
    name = engine_name(program, ph.cat)
    found = program_licence(program)
    if found is None:
        head = ph._("I have no license on file for %(program)s: its website or repository "
                    "says which it is under.", program=name)
        return f"📜 {head}"
    head = ph._("%(program)s is open source under the %(licence)s license.", program=name,
                licence=found.spdx)
    terms = ph._("A permissive license: you may use, change and redistribute it, also "
                 "commercially, as long as you keep its copyright and license notice.")
    model = ph._("A model you run with it keeps its own license: ask me about it, for example "
                 "<code>is llama 3 gated?</code>")
    link = f'<a href="{found.url}">LICENSE</a>'
    return f"📜 <b>{head}</b> {terms} ({link})\n{model}"


def _body(answer: Answer, ph: Phrases, include: Put, put: Put) -> None:
    """The answer proper, by intent."""
    query = answer.query
    intent = answer.intent
    if answer.faster_scaled and query.gpu is not None and query.hours is not None:
        # "too slow?" after a run said to take hours on a card: where it ends sooner leads.
        put(ph.faster_scaled_block(answer.faster, query.gpu, query.gpu_count or 1, query.hours))
    if answer.scaled_time is not None and intent != "compare":
        # "it took 6 h … on my 3090": its time on the configuration quoted leads.
        put(scaled_time_lines(answer, ph))
    if answer.scaled_offers:
        put(scaled_offers_lines(answer, ph))
    elif intent == "prices" or intent == "pay":
        if query.service_asked:
            include("service.html.j2")
            put("\n")
        if query.block_span_hours is not None and intent == "prices":
            put(_block_span(answer, query.block_span_hours, ph))
        if query.rent_or_buy and intent == "prices":
            include("rent_buy.html.j2")  # "rent or buy a 4090": the rented hour, the break-even
        else:
            include("prices.html.j2" if intent == "prices" else "pay.html.j2")
    elif intent == "alert":
        include("alert.html.j2")
    elif intent in ("alert_list", "alert_remove"):
        include("alert_guidance.html.j2")
    elif intent == "smalltalk":
        include("smalltalk.html.j2")
    elif intent == "help" and query.hyper_asked:
        _hyperparams(answer, ph, put)
    elif intent == "help" and query.vram_what:
        put("🧠 <b>")
        put(ph._("VRAM is the GPU's own memory, separate from the computer's RAM."))
        put("</b> ")
        put(ph._("The model's weights must fit in it, and when training also its gradients, "
                 "optimizer states and activations: it decides whether a model fits. Ask me, "
                 "for example, how much VRAM QLoRA of Llama 3.1 8B needs."))
    elif intent == "help" and query.program_licence:
        put(_program_licence(query.program_licence, ph))
    elif intent == "unknown" and query.currency_asked:
        # "y en euros?": the currency line above is the answer, not "I did not understand";
        # after a verdict on a card ("does llama 3 8b qlora fit a 4090"), that card's price
        _verdict_card_price(query, ph, put)
    elif intent in ("help", "unknown"):
        include("service.html.j2" if query.service_asked else "help.html.j2")
    elif intent == "compare":
        put(compare_lines(answer, ph))
    elif intent == "time" and answer.train_speed:
        steps_lead = steps_expected_lead(answer, ph)
        if steps_lead is not None:
            put(steps_lead)
        include("train_speed.html.j2")
        judged = rate_judged_line(answer, ph) if steps_lead is None else None
        if judged is not None:
            put(judged)
            put("\n\n")
        if query.dataset_tokens:
            include("time.html.j2")
        else:
            put(fit_block(answer, ph))
    elif intent == "time" and answer.expert_offload is not None \
            and answer.expert_offload.split is not None:
        # "-ot exps=CPU … tok/s?": the bound with the experts in RAM, not the whole model's
        put(expert_offload_lines(answer, ph))
        put(fit_block(answer, ph))
    elif intent in ("time", "cost") and answer.batch_run is not None:
        put(batch_lines(answer, ph))  # "process 10M tokens with llama 3 8b": its forward pass
        memory = batch_memory(answer, ph)
        put("\n")
        put(memory if memory is not None else fit_block(answer, ph))
    elif intent == "time" and (answer.decode or answer.decode_no_gpu):
        if answer.generation is not None:
            include("generate.html.j2")  # "how long to generate 1M tokens": the floor first
            put("\n")
        include("decode.html.j2")
        if answer.concurrency:
            include("concurrency.html.j2")
        put(fit_block(answer, ph))
    elif (intent == "time" or (intent == "cost" and answer.sample_bracket)) and answer.methods:
        put(mac_needed_lead(answer, ph))
        include("time.html.j2")
        if intent == "time" and (answer.budget or answer.budget_alt):
            put("\n")  # a cost's budget led (asks_lead)
            include("asks_budget.html.j2")
    elif answer.budget and not answer.quote and not answer.methods:
        pass  # the budget buys no block: its line said so, and no run is quoted
    elif answer.quote and not answer.methods:
        if query.service_asked:
            include("service.html.j2")  # "any discount if i buy 720 hours of h100?"
            put("\n")
        if answer.instances:
            include("instances.html.j2")  # "10 h100 for 24 hours": more than one instance
        if query.cheapest_asked and answer.gpu is not None \
                and answer.gpu.usd_per_gpu_hour is not None:
            # "cheapest gpu to rent for 48 hours": which card that is, then its hours' cost
            put("💵 <b>")
            put(ph._("Our cheapest GPU: %(gpu)s (%(vram)s), at %(price)s.",
                     gpu=ph.gpu_name(answer.gpu.id), vram=ph.fmt.gb(answer.gpu.vram_gb),
                     price=ph.per_hour(answer.gpu.usd_per_gpu_hour)))
            put("</b>\n")
        if not budget_said_quote(answer):
            put(ph.quote_block(answer.quote))
            put("\n")
    else:
        put(expert_offload_lines(answer, ph))
        copies = answer.replicas_detailed or answer.detailed
        if answer.replicas and copies is not None:
            _replicas(answer, copies, ph, put)
        if answer.query.users is not None and answer.query.users == answer.query.batch_size \
                and answer.detailed is not None and answer.detailed.kind == "inference" \
                and intent in ("fit", "memory", "recommend"):
            # "serve it to 10 people", "which gpu to serve it to 30 users": those users first
            include("users.html.j2")
            put("\n")
        if answer.concurrency:
            include("concurrency.html.j2")
        if answer.decode or answer.decode_no_gpu:
            include("decode.html.j2")
        if intent == "cost" and answer.train_speed:
            include("train_speed.html.j2")  # "tokens/s … and what would 10 hours cost"
        if answer.remedies and answer.remedies.lead:
            put(remedy_block(answer, ph))
        put(fit_block(answer, ph))


def _per_gpu(answer: Answer, ph: Phrases, put: Put) -> None:
    """"is that per gpu?" after a run's time or cost: the time is the whole run's on every GPU
    at once, the cost every GPU's hours; after a verdict, the detailed estimate is each GPU's,
    the planning rule's the whole job's; on one GPU the two are the same."""
    query = answer.query
    assert query.gpu is not None
    n = query.gpu_count or 1
    config = ph.config(query.gpu, n)
    price = ph.cat.gpu(query.gpu).usd_per_gpu_hour
    check = answer.detailed.check if answer.detailed is not None else None
    put("↔️ <b>")
    if n > 1 and query.intent in ("fit", "memory") and check is not None:
        # "is that per gpu?" after "can i lora llama 3 70b on 4 a100s" (was "I did not
        # understand"): both figures said, each as what it is
        put(ph._("Each GPU, and the whole job:"))
        put("</b> ")
        put(ph._("the detailed estimate, %(each)s, is what each GPU holds (of %(vram)s); the "
                 "planning rule's %(plan)s is the whole job, split across %(config)s (%(total)s "
                 "together).", each=ph.fmt.gb(check.detailed_per_gpu_gb, 1),
                 vram=ph.fmt.gb(check.vram_per_gpu_gb), plan=ph.fmt.gb(check.planning_gb),
                 config=config, total=ph.fmt.gb(check.vram_per_gpu_gb * n)))
    elif n == 1:
        put(ph._("One GPU:"))
        put("</b> ")
        put(ph._("the run is on %(config)s, so each GPU's figure and the whole run's are the same.",
                 config=config))
    elif query.intent == "time" and price is None:
        # one's own cards, or a card with no published price: no GPU-hours to pay to add
        put(ph._("Not per GPU:"))
        put("</b> ")
        put(ph._("the time is the whole run's, on all %(config)s at once.", config=config))
    elif query.intent == "time":
        put(ph._("Not per GPU:"))
        put("</b> ")
        put(ph._("the time is the whole run's, on all %(config)s at once; what you pay counts the "
                 "hours of each of the %(n)s GPUs (GPU-hours).", config=config, n=n))
    elif price is not None:
        put(ph._("Not per GPU:"))
        put("</b> ")
        put(ph._("the cost is for all %(config)s together, at %(all)s/hour: %(each)s/hour for "
                 "each GPU.", config=config, all=ph.fmt.usd(price * n),
                 each=ph.fmt.usd_exact(price)))
    else:
        put(ph._("Not per GPU:"))
        put("</b> ")
        put(ph._("the figures are for all %(config)s together.", config=config))
    put("\n\n")


def _why_cost(answer: Answer, ph: Phrases, put: Put) -> bool:
    """"why?", "?" or "how did you get that number?" after a cost: the cost as GPUs × hours ×
    the price of a GPU-hour, the configuration it is on and why that one, and the one thing
    that decides it: the run's length when its hours were the illustrative ones, the speed
    measured when the run was timed at an assumed utilization (was the help's "What would you
    like to know?", or "I did not understand"). False when the answer quoted no cost."""
    d, primary, fmt, _ = answer.detailed, answer.primary, ph.fmt, ph._
    t = d.training_time if d is not None else None
    timed = t is not None and t.quote is not None and t.wall_clock_hours is not None
    quote = t.quote if t is not None and t.quote is not None else (
        answer.quote or (primary.quote if primary is not None else None))
    if quote is None:
        return False
    put("🔎 <b>")
    put(_("How I got it:"))
    put("</b> ")
    put(_("the cost is the GPUs × the hours × the price of a GPU-hour: %(config)s × %(hours)s × "
          "%(price)s = %(cost)s.", config=ph.config(quote.gpu, quote.gpu_count),
          hours=fmt.duration(quote.hours), price=fmt.usd_exact(quote.usd_per_gpu_hour),
          cost=fmt.usd(quote.cost_usd)))
    cheapest = primary.cheapest if primary is not None else None
    memory = primary.memory if primary is not None else None
    if not timed and cheapest is not None and memory is not None and memory.params_b > 0 \
            and (cheapest.gpu, cheapest.gpu_count) == (quote.gpu, quote.gpu_count):
        put(" ")
        put(_("%(config)s is the cheapest offered configuration with room for the %(need)s the "
              "planning rule gives %(method)s of %(size)sB parameters (%(per)s per billion).",
              config=ph.config(quote.gpu, quote.gpu_count), need=fmt.gb(memory.estimate_gb),
              method=ph.method_short(memory.method), size=fmt.num(memory.params_b),
              per=fmt.gb(memory.estimate_gb / memory.params_b)))
    if timed and t is not None:
        said = _why_time(t, ph)
        if said is not None:
            put(" ")
            put(_("The hours are the run's time: %(time)s", time=said))
        if t.mfu_assumed:
            put("\n❓ ")
            put(_speed_decides(ph))
    elif quote.hours_assumed:
        put(" ")
        put(_("The %(hours)s are an illustrative figure for %(method)s, not a measurement of "
              "your run.", hours=fmt.duration(quote.hours),
              method=ph.method_short(quote.method) if quote.method is not None
              else _("a run")))
        put("\n❓ ")
        put(_("What decides it is how long your run takes: tell me how many samples and how long "
              "each (for example “20k samples of 1k tokens”) and I time it."))
    put("\n\n")
    return True


def _why_memory(answer: Answer, d: DetailedAnswer, ph: Phrases, put: Put) -> None:
    """"?", "why?" or "how did you get that?" after a model's memory with no GPU named: the
    planning rule's GB per billion parameters, what the detailed estimate adds to it, and the
    settings that decide it when none were given (was the same answer again, unexplained)."""
    assert answer.primary is not None
    memory, fmt, _ = answer.primary.memory, ph.fmt, ph._
    largest = max(d.lines, key=lambda line: line.gb)
    put("🔎 <b>")
    put(_("How I got it:"))
    put("</b> ")
    put(_("%(name)s: about %(per)s per billion parameters by the planning rule (%(size)sB: "
          "%(plan)s)", name=ph.method_name(memory.method),
          per=fmt.gb(memory.estimate_gb / memory.params_b), size=fmt.num(memory.params_b),
          plan=fmt.gb(memory.estimate_gb)))
    put(". ")
    put(_("The detailed estimate, %(gb)s on one GPU, counts each part at sequence %(seq)s and "
          "batch %(batch)s (its largest part: %(part)s, %(part_gb)s).",
          gb=fmt.gb(d.per_gpu_gb, 1), seq=fmt.num(d.seq_len), batch=d.micro_batch,
          part=ph._(largest.label), part_gb=fmt.gb(largest.gb, 1)))
    if "seq_len" in d.defaults or "batch" in d.defaults:
        put("\n❓ ")
        put(_("What decides it most is your sequence length and batch size: tell me them (for "
              "example “seq 4096, batch 2”) for your figure."))
    put("\n\n")


def _why_precision(answer: Answer, d: DetailedAnswer, ph: Phrases, put: Put) -> None:
    """"?" or "why?" after a model served with no precision named: the precision decides it,
    each one's detailed estimate with the KV cache (against what each GPU has, on a card), and
    the precision asked for (was the same answer again, unexplained)."""
    fmt, _ = ph.fmt, ph._
    each = fmt.list([_("%(gb)s for %(method)s", gb=fmt.gb(gb, 1), method=ph.method_short(method))
                     for method, gb in answer.method_detailed_gb.items()])
    put("🔎 <b>")
    put(_("Why:"))
    put("</b> ")
    if d.check is not None:
        put(_("what decides it is the precision you serve in: with the KV cache at %(seq)s "
              "tokens of context and batch %(batch)s, each GPU needs about %(each)s, of the %(has)s each GPU has.",
              seq=fmt.num(d.seq_len), batch=d.micro_batch, each=each,
              has=fmt.gb(d.check.vram_per_gpu_gb)))
    else:
        put(_("what decides it is the precision you serve in: with the KV cache at %(seq)s "
              "tokens of context and batch %(batch)s, one GPU needs about %(each)s.",
              seq=fmt.num(d.seq_len), batch=d.micro_batch, each=each))
    put("\n❓ ")
    put(_("Tell me the precision you serve in (for example “in 8-bit”) for its figure alone."))
    put("\n\n")


def _speed_decides(ph: Phrases) -> Markup:
    return ph._("What decides it most is the speed assumed: measure your tokens per second on a "
                "short run and tell me (for example “I get 2,500 tokens/s”) for the time and "
                "cost at your speed.")


def _why_time(t: TrainingEstimate, ph: Phrases) -> Markup | None:
    """What a run's time is made of: the FLOPs a token over what the GPUs compute at the
    utilization assumed (or the speed measured); None when the estimate lacks a part."""
    if t.wall_clock_hours is None or t.flops is None or t.peak_tflops is None or t.mfu is None \
            or t.gpu is None or t.gpu_count is None or t.tokens <= 0 \
            or t.flops_per_param_token is None or t.params_b is None:
        return None
    fmt = ph.fmt
    rate = t.peak_tflops * t.mfu * t.gpu_count  # TFLOPS the run gets, all GPUs
    per_token = t.flops / t.tokens
    return ph._(
        "each token takes about %(per)s GFLOPs (%(k)s·N with N = %(n)s billion parameters, "
        "and attention's own); at %(mfu)s of the %(peak)s peak TFLOPS a GPU (the utilization "
        "assumed), that is about %(rate)s TFLOPS on %(config)s: about %(tps)s tokens a "
        "second, so %(tokens)s take about %(wall)s.",
        per=fmt.num(per_token / Decimal(10**9), 1), k=fmt.num(t.flops_per_param_token),
        n=fmt.num(t.params_b), config=ph.config(t.gpu, t.gpu_count),
        rate=fmt.num(rate, 1), mfu=fmt.percent(t.mfu * 100, 0), peak=fmt.num(t.peak_tflops),
        tps=fmt.num(rate * Decimal(10**12) / per_token, 0), tokens=fmt.tokens(t.tokens),
        wall=fmt.duration(t.wall_clock_hours))


def _why(answer: Answer, ph: Phrases, put: Put) -> None:
    """"why?" after a run's time: what the time is made of (the FLOPs a token over what the
    GPUs compute at the assumed utilization); after a verdict: what the run needs per GPU
    against what each has, and its largest part. Nothing where the answer has neither."""
    fmt = ph.fmt
    times = answer.compare_times
    if answer.query.intent == "compare" and len(times) == 2 and all(
            t.wall_clock_hours is not None and t.flops is not None and t.peak_tflops is not None
            and t.mfu is not None and t.gpu is not None and t.gpu_count is not None
            and t.tokens > 0 for t in times):
        # "why is the h100 faster?" after both timed: the same FLOPs over what each computes
        fast, slow = sorted(times, key=lambda t: t.wall_clock_hours or 0)
        rates = [t.peak_tflops * t.mfu * t.gpu_count  # type: ignore[operator]
                 for t in (fast, slow)]
        assert fast.flops is not None and fast.peak_tflops is not None and fast.mfu is not None
        assert slow.peak_tflops is not None and slow.mfu is not None
        assert fast.gpu is not None and fast.gpu_count is not None
        assert slow.gpu is not None and slow.gpu_count is not None
        put("🔎 <b>")
        put(ph._("Why:"))
        put("</b> ")
        put(ph._(
            "the run is the same work on both, about %(per)s GFLOPs a token; the time is that "
            "work over what each configuration computes at the assumed utilization: %(fast)s "
            "about %(fast_rate)s TFLOPS (%(fast_mfu)s of %(fast_peak)s peak TFLOPS a GPU), "
            "%(slow)s about %(slow_rate)s (%(slow_mfu)s of %(slow_peak)s), so about %(fast_wall)s "
            "against %(slow_wall)s. Memory only decides whether the run fits, not this time.",
            per=fmt.num(fast.flops / fast.tokens / Decimal(10**9), 1),
            fast=ph.config(fast.gpu, fast.gpu_count), fast_rate=fmt.num(rates[0], 1),
            fast_mfu=fmt.percent(fast.mfu * 100, 0), fast_peak=fmt.num(fast.peak_tflops),
            slow=ph.config(slow.gpu, slow.gpu_count), slow_rate=fmt.num(rates[1], 1),
            slow_mfu=fmt.percent(slow.mfu * 100, 0), slow_peak=fmt.num(slow.peak_tflops),
            fast_wall=fmt.duration(fast.wall_clock_hours or 0),
            slow_wall=fmt.duration(slow.wall_clock_hours or 0)))
        put("\n\n")
        return
    if answer.query.intent in ("cost", "recommend") and answer.fits is not False \
            and _why_cost(answer, ph, put):
        return
    d = answer.detailed
    if d is None:
        return
    t = d.training_time
    # (timed elsewhere, the asked configuration not holding the run: the memory is the reason)
    # (timed where it costs least, no card named: that run's time explained too)
    said = _why_time(t, ph) if answer.query.intent == "time" and t is not None \
        and (t.asked or answer.query.gpu is None) else None
    if said is not None:
        put("🔎 <b>")
        put(ph._("Why this time:"))
        put("</b> ")
        put(said)
        if t is not None and t.mfu_assumed:
            put("\n❓ ")
            put(_speed_decides(ph))
        put("\n\n")
        return
    check = d.check
    q = answer.query
    if check is None and q.intent == "memory" and answer.primary is not None and d.lines \
            and not (q.inference and not q.serving_precision_said):
        _why_memory(answer, d, ph, put)
        return
    if q.inference and not q.serving_precision_said and q.intent in ("fit", "memory") \
            and len(answer.method_detailed_gb) > 1:
        _why_precision(answer, d, ph, put)
        return
    if check is None or not d.lines or q.intent not in ("fit", "memory", "time") \
            or q.method is None or (q.inference and not q.serving_precision_said):
        # (no method said: "can i run llama 3 70b on 2x 3090" lists the precisions that fit,
        # and "why not?" asks of those that do not; the breakdown after it is of one of them)
        return
    largest = max(d.lines, key=lambda line: line.gb)
    has, need = check.vram_per_gpu_gb, check.detailed_per_gpu_gb
    put("🔎 <b>")
    put(ph._("Why:"))
    put("</b> ")
    if check.detailed_fits:
        put(ph._("it needs about %(need)s per GPU, %(left)s less than the %(has)s each GPU has "
                 "(its largest part: %(part)s, %(part_gb)s).",
                 need=fmt.gb(need, 1), left=fmt.gb(has - need, 1), has=fmt.gb(has),
                 part=ph._(largest.label), part_gb=fmt.gb(largest.gb, 1)))
    else:
        put(ph._("it needs about %(need)s per GPU, %(over)s more than the %(has)s each GPU has "
                 "(its largest part: %(part)s, %(part_gb)s).",
                 need=fmt.gb(need, 1), over=fmt.gb(need - has, 1), has=fmt.gb(has),
                 part=ph._(largest.label), part_gb=fmt.gb(largest.gb, 1)))
    put("\n\n")


def _hourly_price(query: Query, ph: Phrases, put: Put) -> None:
    """"mistral 7b inference on an h100", then "ok and the price" (or "in euros?"): serving has
    no typical duration, so its hours are asked, but the configuration's hourly price is said
    first (was the hours asked alone, the price asked for never given)."""
    gpu = ph.cat.gpu_or_none(query.gpu) if query.gpu is not None else None
    count = query.gpu_count or 1
    if gpu is None or not gpu.rented or gpu.usd_per_gpu_hour is None \
            or count > ph.cat.limits.max_gpus:
        return
    put("💵 ")
    put(ph._("%(cfg)s: %(price)s", cfg=ph.config(gpu.id, count),
             price=ph.per_hour(gpu.usd_per_gpu_hour * count)))
    put("\n")


def _verdict_card_price(query: Query, ph: Phrases, put: Put) -> None:
    """"in euros?" after a fit on a card: the hourly price of that configuration, the only
    price the verdict could stand for (no run's hours were said, so no cost is made up); on a
    card whose price is unpublished, that said; on one we do not rent, nothing more."""
    gpu = ph.cat.gpu_or_none(query.gpu) if query.gpu is not None else None
    if gpu is None or not gpu.rented:
        return
    if gpu.usd_per_gpu_hour is None:
        put("\n💵 ")
        put(ph._("We rent the %(gpu)s, but its price is not published: ask support before "
                 "planning on it.", gpu=ph.gpu_name(gpu.id)))
        return
    put("\n")
    _hourly_price(query, ph, put)


def answer_page(answer: Answer, ph: Phrases, render: Render) -> str:
    """The reply before tidying (renderer.tidy): `render(name)` renders a template with the
    reply's context."""
    out: list[str] = []
    put = out.append

    def include(name: str) -> None:
        put(render(name))

    query = answer.query
    error = answer.error
    if query.currency_asked and error in (None, "hours_required"):
        # "et en euros ?" after a model served with no hours: the currency is answered before
        # the hours are asked for (was the hours asked alone, the euros dropped)
        _currency(ph, put, limit=query.money_foreign_hourly)
    elif query.dollars_asked and not error and ph.cat.payment.currency == "USD":
        # "in dollars?" after a price: yes, as every price here
        put("💱 <b>")
        put(ph._("In US dollars:"))
        put("</b> ")
        put(ph._("every price I quote is in US dollars (USD)."))
        put("\n\n")
    if query.budget_low_usd is not None and query.budget_usd is not None and not error:
        # "a budget between $20 and $30": the band said back, and which end the sums below use
        put("↔️ ")
        put(ph._("Your budget is %(low)s to %(high)s: I reckon with the top, %(high)s.",
                 low=ph.fmt.usd_short(query.budget_low_usd),
                 high=ph.fmt.usd_short(query.budget_usd)))
        put("\n")
    if query.budget_said and query.budget_usd is not None and not error:
        # "a few hundred bucks": the figure a vague sum was read as, said before what it buys
        # (was "$100 buys 40 hours", as if the user had said $100)
        put("↔️ ")
        said = {"said": query.budget_said, "budget": ph.fmt.usd_short(query.budget_usd)}
        put(ph._("“%(said)s” read as %(budget)s, in US dollars, the only currency of our "
                 "prices: tell me the exact sum for an exact answer.", **said)
            if query.budget_assumed else
            ph._("“%(said)s” read as %(budget)s: tell me the exact sum for an exact answer.",
                 **said))
        put("\n")
    if query.dataset_said and not error:
        # "a few million tokens": the figure a vague count was read as, said before what the
        # run takes (was "3 million tokens" with no word that the user had not said it)
        put("↔️ ")
        if query.dataset_said_samples and query.dataset_samples is not None:
            put(ph.ngettext(
                "“%(said)s” read as %(count)s sample: tell me the exact count for an exact "
                "answer.",
                "“%(said)s” read as %(count)s samples: tell me the exact count for an exact "
                "answer.", query.dataset_samples, said=query.dataset_said,
                count=ph.fmt.num(query.dataset_samples, 0)))
        elif query.dataset_tokens is not None:
            put(ph._("“%(said)s” read as %(tokens)s: tell me the exact count for an exact "
                     "answer.", said=query.dataset_said,
                     tokens=ph.fmt.tokens(query.dataset_tokens)))
        put("\n")
    if query.per_gpu_asked and not error and query.gpu is not None:
        _per_gpu(answer, ph, put)
    if query.why_asked and not error:
        _why(answer, ph, put)
    if query.cpu_only and not error and not answer.missing and answer.methods:
        _cpu_only(answer, ph, put)
    if query.kv_capacity is not None and not error:
        _kv_too_small(query, ph, put)
    if answer.step_total is not None and answer.measured_hours is not None and not error:
        _step_rate(answer, ph, put)
    if answer.steps is not None and not error:
        _steps(answer, ph, put)
    if query.deadline_day is not None and not error:
        _weekday_deadline(query.deadline_day, ph, put)
    elif query.deadline_daypart is not None and not error:
        _daypart_deadline(query.deadline_daypart, ph, put)
    if query.licence_asked and not error and not answer.missing and answer.model_name:
        put(ph.licence_lead(answer.model_name, query.model_id, answer.gated, answer.licence))
        put("\n\n")
    elif query.licence_asked and not error and query.family and query.params_b is None:
        put(ph.family_licence(query.family))  # "do i need to accept a license for gemma"
        put("\n\n")
    download = answer.download if not error and not answer.missing else None
    if download is not None:
        put(_download_lead(download, ph))
        if query.gpu is not None or query.vram_gb is not None:
            put("\n")  # the fit on the card named follows
    if error:
        if error == "hours_required":
            _hourly_price(query, ph, put)
        include("error.html.j2")
    elif answer.steps_alone:
        pass
    elif download is not None and query.gpu is None and query.vram_gb is None:
        # "how long to download llama 3 70b": the download alone, and the gating to accept first
        gate = ph.licence(query.model_id, answer.gated) if not query.licence_asked else ""
        if gate:
            put("\n")
            put(gate)
    elif answer.igpu_compare is not None:
        igpu_compare_lines(answer, ph, put, lambda: include("igpu_lead.html.j2"))
    elif answer.card_noted:
        _card_noted(answer, ph, put)
    elif answer.multi_gpu_alone:
        _multi_gpu(answer, ph, put, alone=True)
    elif answer.card_specs is not None:
        _card_specs(answer, ph, put)
    elif answer.memory_offers:
        _memory_offers(answer, ph, put)
    elif answer.budget_offers or answer.budget_offer_next is not None or answer.budget_offers_below:
        _budget_offers(answer, ph, put)
    elif answer.merge is not None:
        _merge(answer, ph, put)
    elif answer.missing == "count":
        _count_unclear(answer, ph, put)
    elif answer.missing:
        if query.accelerator:
            include("accelerator_lead.html.j2")
        if query.amd_unnamed:
            include("amd_lead.html.j2")
        if query.igpu is not None:
            include("igpu_lead.html.j2")
        if answer.vllm_share:
            _vllm_share(answer, ph, put)
        if answer.method_diff:
            _method_diff(answer, ph, put)
        if query.bf16_error and answer.missing == "model_size" and not answer.family:
            # "Your setup doesn't support bf16/gpu" pasted with no model: the error is the
            # question, answered for the card named (or both causes), no model asked for.
            put(bf16_error_line(answer, ph))
            put("\n")
        elif query.kv_capacity is not None and answer.missing == "model_size":
            # vLLM's KV cache error pasted alone: its fix led, the model only for more
            put(ph._("Tell me the model and the GPU for the longest context each precision "
                     "holds there."))
            put("\n")
        elif query.fa2_error and answer.missing == "model_size" and not answer.family:
            # flash-attn's "only supports Ampere GPUs or newer" pasted with no model: the same.
            put(fa2_error_line(answer, ph))
            put("\n")
        else:
            include("missing.html.j2")
    else:
        if answer.local_hardware:
            # "what gpu should i buy to run llama 3 70b": the hardware of one's own leads, the
            # reply as it was (the rented configurations) after it
            put(local_block(answer, ph))
            put("\n")
        if answer.family_pick is not None:
            _family_pick(answer.family_pick, ph, put)
        _lead(answer, ph, include, put)
        _body(answer, ph, include, put)
        if answer.owned_fit is not None and query.dataset_tokens is not None:
            put("\n")
            put(_owned_aside(answer, ph))  # the run's time and cost led
    if answer.remedies and not answer.remedies.lead and not error and not answer.missing:
        put(remedy_block(answer, ph))
    if answer.vllm_fixes and not error and not answer.missing:
        _vllm_fixes(answer, ph, put)
    if query.hyper_asked and not error and answer.intent == "time":
        put("\n\n")  # "… and how many epochs should i do" after the time asked
        _hyperparams(answer, ph, put)
    if query.pay_also and not error and answer.intent in ("prices", "cost", "compare"):
        put("\n\n")
        include("pay.html.j2")
    if query.seq_len and query.model_id:
        include("context_note.html.j2")
    if not error:
        if not _counted_by_day(query):
            # "10h par jour pendant un mois": the day's line counts the month's 30 days; "a
            # month is 720 hours" beside its 300 would contradict it.
            _hours_as(query, ph, put)
        _hours_a_day(query, ph, put)
    if query.multi_gpu_asked and not error and not answer.missing and not answer.multi_gpu_alone:
        # "do i need nvlink for 2x 3090 to qlora llama 3 8b": the verdict, then the link
        put("\n")
        _multi_gpu(answer, ph, put, alone=False)
    # A plain str, as a template's render gave: a Markup reply would escape what is added to
    # it (reply.text + "&…") and strip() would keep it Markup.
    page = "".join(out)
    if not error and not answer.missing and query.model_id is None \
            and query.shape_model is not None and answer.model_name \
            and answer.model_name != ph.cat.models.get(query.shape_model).name:
        # ("a 7b mistral" is Mistral 7B, a name with no version to read it as)
        page = _shape_read(page, answer.model_name, query.shape_model, ph)
    return page


def _speed(ph: Phrases, mbps: Decimal) -> str:
    """A link speed as people say it: "100 Mbps", from a whole gigabit "1 Gbps"."""
    fmt = ph.fmt
    if mbps >= 1000 and mbps % 100 == 0:
        return ph._("%(n)s Gbps", n=fmt.num(mbps / 1000, 1))
    return ph._("%(n)s Mbps", n=fmt.num(mbps, 1))


def _download_lead(download: DownloadFacts, ph: Phrases) -> Markup:
    """"How long to download llama 3 70b (on 100mbps)": the files' size, then the time at the
    link speed said, or at two example speeds said to be examples; at the full line rate."""
    fmt = ph.fmt
    files, name = download.files, download.model_name or ph._("the model")
    size = fmt.gb(files.gb, 1)
    if files.kind == "gguf":
        what = ph._("The %(quant)s GGUF file of %(model)s is about %(size)s to download.",
                    quant=files.quant or "", model=name, size=size)
    elif files.kind == "checkpoint":
        what = ph._("The weights of %(model)s are about %(size)s to download (%(format)s, as "
                    "published).", model=name, size=size, format=files.format or "")
    elif files.kind == "bf16_quantized_on_load":
        what = ph._("The weights of %(model)s are about %(size)s to download: the BF16 "
                    "safetensors (2 bytes a parameter), which bitsandbytes quantizes to "
                    "%(bits)s-bit while loading them.", model=name, size=size,
                    bits=fmt.num(download.weight_bits))
    else:
        what = ph._("The weights of %(model)s are about %(size)s to download (BF16 "
                    "safetensors: 2 bytes a parameter).", model=name, size=size)
    line = Markup("⬇️ <b>") + what
    if download.disk and download.link_mbps is None:
        return line + Markup("</b>\n")  # "how much disk space": the size is the answer
    if download.link_mbps is not None:
        speed = _speed(ph, download.link_mbps)
        if download.link_bytes:
            # "40 MB/s": the bytes said, the bits beside them
            speed = ph._("%(bytes)s MB/s (%(bits)s)", bytes=fmt.num(download.link_mbps / 8, 1),
                         bits=speed)
        line += Markup(" ") + ph._("At %(speed)s that takes about %(time)s.", speed=speed,
                                   time=fmt.duration(download.hours[0][1]))
        line += Markup("</b>\n")
    else:
        line += Markup("</b>\n") + ph._(
            "How fast is your connection? For example, at %(speed1)s it takes about %(time1)s, "
            "at %(speed2)s about %(time2)s: tell me yours (e.g. “on 300 Mbps”) for its own "
            "figure.",
            speed1=_speed(ph, download.hours[0][0]), time1=fmt.duration(download.hours[0][1]),
            speed2=_speed(ph, download.hours[1][0]), time2=fmt.duration(download.hours[1][1]),
        ) + Markup("\n")
    return line + Markup("ℹ️ <i>") + ph._(
        "At the full line rate, GB of 10^9 bytes and Mbps of 10^6 bits a second: protocol "
        "overhead, the disk and the server's own limit make it longer.") + Markup("</i>\n")


def _count_unclear(answer: Answer, ph: Phrases, put: Put) -> None:
    """"¿y 8?" after 2× RTX 3090 + 1× RTX 4090: 8 of which card, asked back with the answers
    to give (that many of each card, or that many in all with the other cards kept); "and 8?"
    after a run on one card: that many of it, or a model of that size."""
    query, fmt = answer.query, ph.fmt
    n, rig, bound = query.count_unclear, query.rig, query.gpu
    if n is None or bound is None:  # bot.understand.followup sets both
        return
    if len({gpu for gpu, _c in rig}) < 2:
        put("❓ <b>")
        put(ph._("%(n)s of what?", n=fmt.num(n)))
        put("</b> ")
        put(ph._("Tell me which, for example:"))
        cards = ph._("and on %(config)s?", config=ph.config(bound, n))
        size = ph._("and %(n)sB?", n=fmt.num(n))
        if query.count_or_hours:
            # after a run timed on cards counted: that many cards, or that many hours
            size = ph.ngettext("and for %(num)s hour?", "and for %(num)s hours?", n,
                               num=fmt.num(n))
        put(f"\n• <code>{cards}</code>\n• <code>{size}</code>\n")
        return
    examples: list[str] = [str(ph.config(gpu, n)) for gpu, _c in rig]
    others = [(gpu, c) for gpu, c in rig if gpu != bound]
    if n > sum(c for _g, c in others):
        examples.append(fmt.list([ph.config(bound, n - sum(c for _g, c in others)),
                                  *(ph.config(gpu, c) for gpu, c in others)]))
    put("❓ <b>")
    put(ph._("%(n)s of which card?", n=fmt.num(n)))
    put("</b> ")
    put(ph._("Your machine has %(cards)s. Tell me the cards, for example:",
             cards=fmt.list([ph.config(gpu, c) for gpu, c in rig])))
    for example in examples:
        if query.params_b is None and query.card_owned:
            # The cards were said alone: "i have …" notes them again (a machine named alone
            # reads as a price question).
            example = ph._("i have %(cards)s", cards=example)
        put(f"\n• <code>{example}</code>")
    if query.params_b is not None:
        # After a model "and 8?" may be its size too.
        put("\n")
        put(ph._("If you meant a model of that size, say it with its B: %(example)s",
                 example=Markup("<code>%s</code>") % ph._("and %(n)sB?", n=fmt.num(n))))
    put("\n")


def _kv_too_small(query: Query, ph: Phrases, put: Put) -> None:
    """vLLM's "max seq len (131072) is larger than the maximum number of tokens that can be
    stored in KV cache (43264)" pasted: the fix its own numbers give leads (a --max-model-len
    within what its KV cache holds), then the ways to give the cache more memory."""
    kv = ph.fmt.num(query.kv_capacity or 0, 0)
    put("🩹 <b>")
    if query.kv_refused_len is not None:
        put(ph._("vLLM's KV cache holds %(kv)s tokens on your GPUs, less than the %(asked)s "
                 "tokens of context it was started with: start it with %(flag)s or less.",
                 kv=kv, asked=ph.fmt.num(query.kv_refused_len, 0),
                 flag=Markup("<code>--max-model-len %s</code>") % str(query.kv_capacity)))
    put("</b>\n")
    put(ph._("For a longer context, give the KV cache more memory: a higher %(share)s, an FP8 "
             "KV cache (%(fp8)s), or more GPUs (%(tp)s).",
             share=Markup("<code>--gpu-memory-utilization</code>"),
             fp8=Markup("<code>--kv-cache-dtype fp8</code>"),
             tp=Markup("<code>--tensor-parallel-size</code>")))
    put("\n\n")


def _step_rate(answer: Answer, ph: Phrases, put: Put) -> None:
    """"1.2 it/s at batch 2 on 40k samples, how long": the time leads, as "how long" asks (the
    steps' arithmetic follows when they were counted from samples)."""
    num, total = ph.fmt.num, answer.step_total
    assert answer.measured_hours is not None and total
    rate = ph.step_speed(answer.query)
    put("⏱ <b>")
    if answer.samples_timed:
        put(ph.ngettext(
            "About %(wall)s: %(total)s sample at your measured %(rate)s samples/s.",
            "About %(wall)s: %(total)s samples at your measured %(rate)s samples/s.", total,
            wall=ph.fmt.duration(answer.measured_hours), total=num(total, 0),
            rate=num(answer.query.sample_rate or 0)))
    else:
        put(ph.ngettext(
            "About %(wall)s: %(total)s optimizer step at your measured %(rate)s.",
            "About %(wall)s: %(total)s optimizer steps at your measured %(rate)s.", total,
            wall=ph.fmt.duration(answer.measured_hours), total=num(total, 0), rate=rate))
    put("</b>\n")
    if answer.quote is not None:
        put(ph.quote_block(answer.quote))
        put("\n")
    if answer.scaled_time is not None:
        put(scaled_time_lines(answer, ph))  # "… and how much on an h100?": those hours there


def _steps(answer: Answer, ph: Phrases, put: Put) -> None:
    """"how many steps is 3 epochs of 50k examples at batch 16 with grad accum 4": the steps,
    the arithmetic that gives them, and what was assumed (before the model's answer, if any)."""
    steps, query, num = answer.steps, answer.query, ph.fmt.num
    assert steps is not None
    put("🔢 <b>")
    if steps.epochs == 1:
        put(ph.ngettext("%(total)s optimizer step for one epoch.",
                        "%(total)s optimizer steps for one epoch.", steps.total,
                        total=num(steps.total, 0)))
    else:
        put(ph._("%(total)s optimizer steps in all: %(per_epoch)s an epoch × %(epochs)s epochs.",
                 total=num(steps.total, 0), per_epoch=num(steps.per_epoch, 0),
                 epochs=num(steps.epochs, 0)))
    put("</b>\n")
    put(ph.ngettext(
        "Steps an epoch = %(samples)s examples ÷ (micro-batch %(batch)s × gradient accumulation "
        "%(accum)s × %(gpus)s GPU) = %(samples)s ÷ %(per_step)s, rounded up (a last, partial "
        "step is still a step).",
        "Steps an epoch = %(samples)s examples ÷ (micro-batch %(batch)s × gradient accumulation "
        "%(accum)s × %(gpus)s GPUs) = %(samples)s ÷ %(per_step)s, rounded up (a last, partial "
        "step is still a step).", steps.gpus,
        samples=num(steps.samples, 0), batch=num(steps.micro_batch, 0),
        accum=num(steps.accumulation, 0), gpus=num(steps.gpus, 0),
        per_step=num(steps.per_step, 0)))
    assumed: list[str] = []
    if query.gpu_count is None:
        assumed.append(ph._("one GPU (data parallel over more divides the steps by their number)"))
    if query.accum_steps is None:
        assumed.append(ph._("no gradient accumulation"))
    if query.epochs is None:
        assumed.append(ph._("one epoch"))
    if assumed:
        put("\nℹ️ ")
        # The items are translated Markup already: joined, they stay it (an apostrophe once).
        put(ph._("Assumed, as not said: %(assumed)s.", assumed=Markup(ph.fmt.list(assumed))))
    if not answer.steps_alone:
        put("\n\n")


def _shape_read(page: str, said: str, shape_model: str, ph: Phrases) -> str:
    """"qwen 72b lora on 2x h100?": the version it is read as (its layers and KV heads set the
    detailed estimate; the planning rule counts the size said), after the reply's first
    paragraph, which leads with the answer."""
    line = str(ph._("ℹ️ %(said)s: no version named, read as %(model)s, the latest on file (its"
                    " layers and KV heads set the detailed estimate).", said=said,
                    model=ph.cat.models.get(shape_model).name))
    head, blank, rest = page.partition("\n\n")
    return f"{head}\n{line}{blank}{rest}" if blank else f"{page}\n{line}"


def _family_pick(pick: FamilyPick, ph: Phrases, put: Put) -> None:
    """"can i run deepseek v4 on 8x h200": which member the reply is for, and the others."""
    put("ℹ️ ")
    if pick.fits:
        put(ph.ngettext(
            "%(family)s is a family of %(num)s model: this answer is for the largest that fits "
            "here, %(chosen)s.",
            "%(family)s is a family of %(num)s models: this answer is for the largest that fits "
            "here, %(chosen)s.", pick.count, family=pick.family, chosen=pick.chosen))
    else:
        put(ph.ngettext(
            "%(family)s is a family of %(num)s model and none fits here: this answer is for the "
            "smallest, %(chosen)s.",
            "%(family)s is a family of %(num)s models and none fits here: this answer is for the "
            "smallest, %(chosen)s.", pick.count, family=pick.family, chosen=pick.chosen))
    put(" ")
    put(ph._("Also in the family: %(others)s.", others=ph.fmt.list(pick.others)))
    put("\n\n")


def _kernels_saving(answer: Answer, ph: Phrases, put: Put) -> None:
    """"how much vram does liger kernel save for …": with and without the kernels."""
    _, fmt = ph._, ph.fmt
    k = answer.kernels_saving
    assert k is not None
    name = "Liger Kernel" if k.kernels == "liger" else "Unsloth"
    put("🧩 <b>")
    if answer.query.tools_weighed:
        # "unsloth or axolotl": the same settings with each one's kernels
        put(_("Unsloth or Axolotl, by memory: about %(on)s per GPU with Unsloth's kernels, "
              "%(off)s with the stock Hugging Face ones Axolotl trains with by default.",
              on=fmt.gb(k.with_gb, 1), off=fmt.gb(k.without_gb, 1)))
    elif k.saved_gb > 0:
        put(_("%(name)s saves about %(saved)s per GPU here: %(off)s without it, %(on)s with it.",
              name=name, saved=fmt.gb(k.saved_gb, 1), off=fmt.gb(k.without_gb, 1),
              on=fmt.gb(k.with_gb, 1)))
    else:
        put(_("%(name)s saves no memory here: %(off)s without it, %(on)s with it.",
              name=name, off=fmt.gb(k.without_gb, 1), on=fmt.gb(k.with_gb, 1)))
    put("</b>\n")
    if k.kernels == "liger":
        put(_("Detailed estimate for %(how)s at sequence length %(seq)s and batch %(batch)s: its "
              "fused linear cross-entropy computes the logits a chunk at a time and never holds "
              "them whole, and its SwiGLU and RMSNorm keep fewer activations. The weights and "
              "optimizer states stay as they are.", how=ph.method_short(k.method),
              seq=fmt.num(k.seq_len), batch=fmt.num(k.micro_batch)))
    else:
        put(_("Detailed estimate for %(how)s at sequence length %(seq)s and batch %(batch)s: its "
              "fused cross-entropy computes the logits a chunk at a time, its LoRA MLP keeps "
              "fewer activations and, with gradient checkpointing, it offloads the checkpoints "
              "to CPU RAM. The weights and optimizer states stay as they are.",
              how=ph.method_short(k.method), seq=fmt.num(k.seq_len),
              batch=fmt.num(k.micro_batch)))
    if answer.query.tools_weighed:
        put("\n")
        put(_("Left out of its YAML, Axolotl trains at sequence_len 512 with gradient "
              "checkpointing off: set both to compare like for like. Speed: no measured "
              "figure for either here; time a short run of each."))
    put("\n\n")


def _merge(answer: Answer, ph: Phrases, put: Put) -> None:
    """"how much ram do i need to merge a 70b lora": the base held in 16 bits, on the CPU."""
    _, fmt = ph._, ph.fmt
    merge = answer.merge
    assert merge is not None
    put("🧩 <b>")
    put(_("About %(gb)s of RAM to merge a LoRA adapter into %(model)s: the base model held in "
          "16 bits (BF16 or FP16, %(bytes)s bytes a parameter).",
          gb=fmt.gb(merge.weights_gb), model=ph.subject(answer.model_name, merge.params_b),
          bytes=fmt.num(merge.bytes_per_param)))
    put("</b>\n")
    ram = answer.query.system_ram_gb
    if ram is not None and ram >= merge.weights_gb:
        put("✅ ")
        put(_("Your %(ram)s of RAM holds it, %(left)s to spare.", ram=fmt.gb(ram),
              left=fmt.gb(ram - merge.weights_gb)))
        put("\n")
    elif ram is not None:
        put("❌ ")
        put(_("Your %(ram)s of RAM does not hold it: %(short)s short.", ram=fmt.gb(ram),
              short=fmt.gb(merge.weights_gb - ram)))
        put("\n")
    put(_("After QLoRA too, the adapter is merged into the 16-bit base, not into a 4-bit copy "
          "(axolotl's merge-lora loads it with load_in_4bit=False). The merge runs on the CPU, "
          "with no GPU memory needed; loaded on GPUs instead (device_map=\"auto\") it takes the "
          "same memory there, and the merged model is as large on disk."))
    put("\n")
    put("ℹ️ <i>")
    put(_("The adapter and Python's own memory come on top, and PEFT's merge_and_unload has been "
          "seen to peak above the weights (huggingface/peft issue #1939): leave some headroom."))
    put("</i>\n")


def _card_noted(answer: Answer, ph: Phrases, put: Put) -> None:
    """"i have 2 3090s": the card, its memory, that the next questions are answered on it, and
    one question to ask of it."""
    _, fmt = ph._, ph.fmt
    n = answer.gpu_count or 1
    gpu = answer.gpu
    put("👍 <b>")
    rig = answer.query.rig
    if rig:
        # "i got two 3090s and a 3060": every card said, each at its own memory.
        cards = [(ph.cat.gpu(gpu_id), count) for gpu_id, count in rig]
        put(_("Got it: %(cards)s (%(total)s in all).",
              cards=fmt.list([ph.config(card.id, count) for card, count in cards]),
              total=fmt.gb(sum((card.vram_gb * count for card, count in cards), Decimal(0)))))
    elif gpu is None:
        assert answer.vram_gb is not None
        put(ph.ngettext("Got it: a %(memory)s GPU.", "Got it: %(n)s GPUs of %(memory)s each.",
                        n, n=n, memory=fmt.gb(answer.vram_gb)))
    elif gpu.unified_memory:
        memory = answer.query.gpu_memory_gb
        put(_("Got it: %(name)s, %(memory)s of unified memory.", name=gpu.name,
              memory=fmt.gb(memory if memory is not None else gpu.vram_gb))
            if n == 1 else
            _("Got it: %(config)s, %(memory)s of unified memory each.", config=ph.config(gpu.id, n),
              memory=fmt.gb(memory if memory is not None else gpu.vram_gb)))
    else:
        # A part with the memory said ("2080 ti 22gb", "rtx 3050 de 4gb") is the card answered on.
        each = answer.query.gpu_memory_gb or gpu.vram_gb
        put(_("Got it: %(name)s, %(memory)s.", name=gpu.name, memory=fmt.gb(each)) if n == 1 else
            _("Got it: %(config)s, %(memory)s each (%(total)s in all).",
              config=ph.config(gpu.id, n), memory=fmt.gb(each), total=fmt.gb(each * n)))
    put("</b>\n")
    if gpu is not None and gpu.unified_memory and not rig:
        # what the answers on it are sized against, said once here
        memory = answer.query.gpu_memory_gb
        put("🍎 ")
        put(_("macOS lets the GPU use about %(usable)s of it (Metal's recommended working set).",
              usable=fmt.gb(ph.cat.usable_gb(gpu, memory))))
        put("\n")
        put(mac_not_sold(ph, gpu.id, memory))
        if answer.query.gpu_variant_assumed and len(gpu.memory_options_gb) > 1:
            put("ℹ️ ")
            put(_("I assumed the %(size)s %(chip)s; it comes with %(sizes)s: tell me yours (for "
                  "example “%(chip)s 64 GB”).", chip=gpu.name, size=fmt.gb(gpu.vram_gb),
                  sizes=fmt.list([fmt.gb(o) for o in gpu.memory_options_gb], "or")))
            put("\n")
    put(ph.ngettext(
        "I will answer your next questions on it until you name another card. Ask what fits "
        "on it, for example: <code>what can I fine-tune on it?</code>",
        "I will answer your next questions on them until you name another card. Ask what fits "
        "on them, for example: <code>what can I fine-tune on them?</code>",
        n,
    ))
    put("\n")
    if answer.query.card_named_alone and gpu is not None:
        put("🏠 ")
        put(_("We don't rent the %(gpu)s, so there is no price to quote for it; /prices lists "
              "the GPUs we rent.", gpu=ph.gpu_name(gpu.id)))
        put("\n")


def _multi_gpu(answer: Answer, ph: Phrases, put: Put, *, alone: bool) -> None:
    """"do i need nvlink for 2x 3090", "a 3090 and a 4090 together": the cards share a job over
    PCIe, NVLink only makes their exchange faster (as measured), and which of the cards named
    have a bridge connector (gpus_owned.toml [nvlink]). ``alone``: no model named, so this is
    the whole reply and it says how to size a run on them."""
    _, fmt, cat = ph._, ph.fmt, ph.cat
    link = cat.nvlink
    if link is None:
        return
    query = answer.query
    rig, gpu, count = query.rig, query.gpu, query.gpu_count or 1
    named = fmt.list([ph.config(g, n) for g, n in rig]) if len(rig) > 1 \
        else ph.config(gpu, count) if gpu is not None and count > 1 else None
    put("🔗 <b>")
    if not alone:
        put(_("NVLink is not required."))
    elif query.mixed_cards_asked and len(rig) < 2:
        # "do i need the same gpus for multi gpu training": how cards that differ share a job
        put(_("The GPUs need not be identical: cards of different models or memory can share "
              "one job, over PCIe."))
        put("</b>\n")
        put(_("Split evenly (FSDP, DeepSpeed ZeRO-3), each card holds the same share, so the "
              "card with the least memory bounds it and the slower card sets the pace; a split "
              "by layers (device_map=\"auto\", llama.cpp's --tensor-split) can fill each card "
              "to its own size."))
        put("\n<b>")
        put(_("NVLink is not required."))
    elif len(rig) > 1:
        put(_("Yes: %(cards)s can share one job over PCIe; NVLink is not required.", cards=named))
    elif named is not None:
        put(_("NVLink is not required: %(config)s can share one job over PCIe.", config=named))
    else:
        put(_("NVLink is not required: several GPUs can share one job over PCIe."))
    put("</b>\n")
    put(_("Sharded (FSDP, DeepSpeed ZeRO-3) or split by layers, the cards exchange over PCIe "
          "where no NVLink bridge joins them: NCCL, the library PyTorch and DeepSpeed use for "
          "it, runs over PCIe as well as over NVLink."))
    put("\n")
    put(_("NVLink makes that exchange faster: Hugging Face timed a training run on %(config)s "
          "at %(with)s s with NVLink and %(without)s s without. Sharding (ZeRO) exchanges more "
          "than plain data parallelism (DDP), so the link matters more there.",
          config=ph.config(link.measured_gpu, link.measured_gpus),
          **{"with": fmt.num(link.measured_with_s), "without": fmt.num(link.measured_without_s)}))
    put("\n")
    cards = [g for g, _n in rig] if rig else [gpu] if gpu is not None else []
    for card in dict.fromkeys(cards):
        bridge = cat.nvlink_bridge(card)
        if bridge is True:
            put(_("The %(gpu)s has an NVLink connector: two of them can be joined by a bridge.",
                  gpu=ph.gpu_name(card)))
            put("\n")
        elif bridge is False:
            put(_("The %(gpu)s has no NVLink connector: it exchanges over PCIe only.",
                  gpu=ph.gpu_name(card)))
            put("\n")
    if not alone:
        return
    if len(rig) > 1 and gpu is not None:
        put("\n")
        put(rig_note(ph, rig, gpu))
    put("\n")
    where = named if named is not None else ph.config("rtx-3090", 2)
    put(_("Name a model to size the job on them, for example: <code>%(example)s</code>",
          example=_("QLoRA Llama 3.1 8B on %(config)s", config=where)))
    put("\n")


def _memory_offers(answer: Answer, ph: Phrases, put: Put) -> None:
    """"cheapest gpu with 80gb": the cheapest offered configuration holding that memory, then
    the next ones."""
    _, fmt = ph._, ph.fmt
    first, *others = answer.memory_offers
    want = answer.query.vram_gb
    assert want is not None
    facts = {"memory": fmt.gb(want), "config": ph.config(first.gpu, first.count),
             "price": ph.per_hour(first.usd_per_hour)}
    if answer.memory_short:
        put("🚫 <b>")
        put(_("None of the configurations we rent has %(memory)s; the largest is %(config)s "
              "(%(total)s in all, %(price)s).", total=fmt.gb(
                  ph.cat.gpu(first.gpu).vram_gb * first.count), **facts))
        put("</b>\n")
        return
    put("💵 <b>")
    put(_("The cheapest GPU with at least %(memory)s: %(config)s at %(price)s.", **facts)
        if answer.memory_per_gpu else
        _("No single GPU we rent has %(memory)s; the cheapest configuration with that much in "
          "all: %(config)s at %(price)s.", **facts))
    put("</b>\n")
    if others:
        put(_("Next: %(others)s.", others=fmt.list([
            Markup("").join((ph.config(o.gpu, o.count), " (", ph.per_hour(o.usd_per_hour), ")"))
            for o in others])))
        put("\n")
    if not answer.memory_per_gpu:
        put("<i>")
        put(_("Split over several GPUs, a model needs its weights sharded (FSDP, DeepSpeed "
              "ZeRO-3, tensor parallelism)."))
        put("</i>\n")


def _replicas(answer: Answer, d: DetailedAnswer, ph: Phrases, put: Put) -> None:
    """"how many llama 3 8b instances fit on an h100": the whole copies the card holds side by
    side, each its own process at batch 1, and what one copy takes."""
    fmt, n = ph.fmt, answer.replicas
    assert n is not None and d.vram_per_gpu_gb is not None
    said = {"n": fmt.num(n, 0), "who": ph.subject(answer.model_name, d.params_b),
            "how": ph.method_short(d.method), "where": ph.config(d.gpu, 1) if d.gpu else "",
            "need": fmt.gb(d.per_gpu_gb, 1), "w": fmt.gb(d.breakdown.term("weights"), 1),
            "kv": fmt.gb(d.breakdown.term("kv_cache"), 1), "ctx": fmt.num(d.seq_len, 0),
            "vram": ph.memory(d.vram_per_gpu_gb)}
    put("🧮 <b>")
    if answer.replicas_gpus > 1:
        # "how many qwen 2.5 7b replicas on 8x h100": so many on each GPU
        each = n // answer.replicas_gpus
        put(ph.ngettext(
            "%(n)s copies of %(who)s (%(how)s) fit on %(where)s, %(each)s on each GPU: one "
            "takes about %(need)s, weights %(w)s, the KV cache of one sequence of %(ctx)s tokens "
            "%(kv)s and its own CUDA context, of the %(vram)s each GPU has (detailed estimate).",
            "%(n)s copies of %(who)s (%(how)s) fit on %(where)s, %(each)s on each GPU: each "
            "takes about %(need)s, weights %(w)s, the KV cache of one sequence of %(ctx)s tokens "
            "%(kv)s and its own CUDA context, of the %(vram)s each GPU has (detailed estimate).",
            each, **{**said, "each": fmt.num(each, 0),
                     "where": ph.config(d.gpu, answer.replicas_gpus) if d.gpu else ""}))
    else:
        put(ph.ngettext(
            "%(n)s copy of %(who)s (%(how)s) fits on %(where)s: one takes about %(need)s, "
            "weights %(w)s, the KV cache of one sequence of %(ctx)s tokens %(kv)s and its own "
            "CUDA context, of the %(vram)s (detailed estimate).",
            "%(n)s copies of %(who)s (%(how)s) fit side by side on %(where)s: each takes about "
            "%(need)s, weights %(w)s, the KV cache of one sequence of %(ctx)s tokens %(kv)s and "
            "its own CUDA context, of the %(vram)s (detailed estimate).", n, **said))
    put("</b>\n")
    put("<i>")
    if "seq_len" in d.defaults:
        put(ph._("No context said: %(ctx)s tokens assumed; a longer one leaves room for fewer "
                 "copies.", ctx=said["ctx"]))
        put(" ")
    put(ph._("Each copy is taken as its own process serving one sequence at a time. One server "
             "holds the weights once and batches many sequences: ask how many users it serves "
             "for that count. vLLM takes most of the GPU by default: give each copy its share "
             "with <code>--gpu-memory-utilization</code>."))
    put("</i>\n\n")


def _budget_offers(answer: Answer, ph: Phrases, put: Put) -> None:
    """"i got 30 bucks whats the best gpu for a day", "what can i rent for $10 an hour": the
    configurations the budget or the limit keeps, the largest first, each with what it pays in
    blocks and the largest size each method fits; or that none is kept, with the cheapest."""
    _, fmt = ph._, ph.fmt
    query = answer.query
    limit, hours = query.max_rate_usd, query.hours
    budget = fmt.usd_short(query.budget_usd) if query.budget_usd is not None else ""
    nearest = answer.budget_offer_next
    if nearest is not None:
        where = ph.config(nearest.offer.gpu, nearest.offer.count)
        put("❌ <b>")
        if limit is not None:
            put(_("None of the configurations we offer costs %(limit)s or less: the cheapest is "
                  "%(config)s at %(price)s.", limit=ph.per_hour(limit), config=where,
                  price=ph.per_hour(nearest.offer.usd_per_hour)))
        else:
            assert nearest.plan is not None
            paid = {"listed": ph.blocks_listed(nearest.plan), "paid": fmt.usd(nearest.plan.usd),
                    "budget": budget, "config": where}
            if hours is not None:
                put(ph.ngettext(
                    "%(budget)s keeps none of the configurations we offer for %(hours)s hour: "
                    "the cheapest, %(config)s, takes %(paid)s (%(listed)s).",
                    "%(budget)s keeps none of the configurations we offer for %(hours)s hours: "
                    "the cheapest, %(config)s, takes %(paid)s (%(listed)s).",
                    hours, hours=fmt.num(hours, 1), **paid))
            else:
                put(_("%(budget)s buys no block of GPU-hours: the smallest, on %(config)s, "
                      "costs %(paid)s (%(listed)s).", **paid))
        put("</b>\n")
    elif query.min_rate_usd is not None and limit is not None and not answer.budget_offers:
        put("❌ <b>")
        put(_("None of the configurations we offer costs between %(low)s and %(high)s.",
              low=ph.per_hour(query.min_rate_usd), high=ph.per_hour(limit)))
        put("</b>\n")
    else:
        put("💵 <b>")
        if limit is not None and query.min_rate_usd is not None:
            put(_("What we offer between %(low)s and %(high)s, the most memory first:",
                  low=ph.per_hour(query.min_rate_usd), high=ph.per_hour(limit)))
        elif limit is not None:
            put(_("What we offer at %(limit)s or less, the most memory first:",
                  limit=ph.per_hour(limit)))
        elif hours is not None:
            put(ph.ngettext(
                "What %(budget)s rents for %(hours)s hour, in whole blocks, the most memory "
                "first:",
                "What %(budget)s rents for %(hours)s hours, in whole blocks, the most memory "
                "first:", hours, budget=budget, hours=fmt.num(hours, 1)))
        else:
            put(_("What %(budget)s buys in whole blocks on each configuration we offer, the "
                  "most memory first:", budget=budget))
        put("</b>\n")
    for option in answer.budget_offers:
        offer, plan = option.offer, option.plan
        said = {"config": ph.config(offer.gpu, offer.count), "memory": fmt.gb(option.vram_gb),
                "price": ph.per_hour(offer.usd_per_hour)}
        put("• ")
        if plan is not None and hours is not None:
            put(_("<b>%(config)s</b> (%(memory)s, %(price)s): %(listed)s, %(paid)s.",
                  listed=ph.blocks_listed(plan), paid=fmt.usd(plan.usd), **said))
        elif plan is not None and option.hours is not None:
            put(ph.ngettext(
                "<b>%(config)s</b> (%(memory)s, %(price)s): %(hours)s hour (%(listed)s, "
                "%(paid)s).",
                "<b>%(config)s</b> (%(memory)s, %(price)s): %(hours)s hours (%(listed)s, "
                "%(paid)s).", option.hours, hours=fmt.num(option.hours, 2),
                listed=ph.blocks_listed(plan), paid=fmt.usd(plan.usd), **said))
        else:
            put(_("<b>%(config)s</b> (%(memory)s, %(price)s).", **said))
        put(" ")
        sizes: list[str] = [_("%(size)sB for %(method)s", size=fmt.num(top.max_params_b, 1),
                              method=ph.method_short(top.method)) for top in option.largest]
        put(_("Holds up to about %(sizes)s.", sizes=fmt.list(sizes)))
        put("\n")
    if answer.budget_offers_below and query.min_rate_usd is not None:
        cheaper: list[str] = [
            _("%(config)s (%(memory)s, %(price)s)", config=ph.config(o.offer.gpu, o.offer.count),
              memory=fmt.gb(o.vram_gb), price=ph.per_hour(o.offer.usd_per_hour))
            for o in answer.budget_offers_below]
        put("⬇️ ")
        put(_("Also within your budget, under %(low)s: %(configs)s.",
              low=ph.per_hour(query.min_rate_usd), configs=fmt.list(cheaper)))
        put("\n")
    if query.budget_assumed and query.budget_usd is not None and not query.budget_said:
        put("💱 ")
        put(_("No currency named: I read the amount as %(budget)s, in US dollars, the only "
              "currency of our prices.", budget=budget))
        put("\n")
    if answer.budget_offers and any(o.plan is not None and o.plan.spare_hours
                                    for o in answer.budget_offers):
        put("🧱 ")
        put(_("GPU-hours are sold only in blocks; the spare GPU-hours never expire."))
        put("\n")
    if answer.budget_offers:
        put("<i>")
        put(_("Sizes by the planning rule: activations (training) and the KV cache (serving) "
              "take more. Name a model for its detailed estimate and the cheapest configuration "
              "for it."))
        put("</i>\n")


def _card_specs(answer: Answer, ph: Phrases, put: Put) -> None:
    """"h100 specs", "how much vram does a 3090 have": the card's datasheet figures, its price
    or that we do not rent it, and the largest model each method fits in its memory."""
    _, fmt = ph._, ph.fmt
    gpu = answer.gpu
    assert gpu is not None and answer.card_specs is not None
    if answer.query.precision_asked == "fp8":
        _fp8_lead(answer, ph, put)
    elif answer.query.precision_asked == "bf16":
        _bf16_lead(answer, ph, put)
    elif answer.query.precision_asked == "flash_attn2":
        _fa2_lead(answer, ph, put)
    put("📋 <b>")
    put(_("%(gpu)s: the datasheet's figures", gpu=gpu.name))
    put("</b>\n• ")
    memory = answer.query.gpu_memory_gb
    if gpu.unified_memory and gpu.memory_options_gb and memory is None:
        put(_("Unified memory: %(sizes)s, shared with the CPU.",
              sizes=fmt.list([fmt.gb(g) for g in gpu.memory_options_gb], "or")))
    elif memory is None and gpu.memory_mib is not None and gpu.platform == "rocm":
        put(_("Memory: %(gb)s; ROCm reports %(rocm)s.", gb=fmt.gb(gpu.vram_gb),
              rocm=ph.memory(gpu.capacity_gb)))
    elif memory is None and gpu.memory_mib is not None:
        put(_("Memory: %(gb)s; CUDA reports %(cuda)s.", gb=fmt.gb(gpu.vram_gb),
              cuda=ph.memory(gpu.capacity_gb)))
    else:
        put(_("Memory: %(gb)s.", gb=fmt.gb(memory if memory is not None else gpu.vram_gb)))
    if gpu.device is not None:
        # "mi250x specs": the package's figures, and what the software sees of it
        put(" ")
        put(ph.ngettext(
            "The software sees it as %(n)s GPU of %(each)s (its die).",
            "The software sees it as %(n)s GPUs of %(each)s each (its dies): a model must fit "
            "one of them unless it is split across them.",
            gpu.devices, n=fmt.num(gpu.devices), each=fmt.gb(ph.cat.gpu(gpu.device).vram_gb)))
    if gpu.board_gpus > 1:
        # "k80 specs": the figures are one GPU's, and the board carries several
        put(" ")
        put(ph.ngettext(
            "A board carries %(n)s of these GPUs.",
            "A board carries %(n)s of these GPUs, which the software sees as separate GPUs of "
            "%(each)s each.",
            gpu.board_gpus, n=fmt.num(gpu.board_gpus), each=fmt.gb(gpu.vram_gb)))
    put("\n• ")
    if gpu.memory_bandwidth_gbs is not None:
        put(_("Memory bandwidth: %(bw)s.", bw=fmt.bandwidth(gpu.memory_bandwidth_gbs)))
    else:
        put(_("Memory bandwidth: no cited figure on file."))
    put("\n• ")
    if gpu.bf16_dense_tflops is not None:
        put(_("Peak BF16 Tensor throughput: %(t)s dense TFLOPS.",
              t=fmt.num(gpu.bf16_dense_tflops)))
    elif gpu.fp16_dense_tflops is not None and gpu.platform == "metal":
        put(_("Peak FP16 throughput: %(t)s TFLOPS, the GPU's FP32 rate (Apple's GPUs run FP16 "
              "no faster).", t=fmt.num(gpu.fp16_dense_tflops)))
    elif gpu.fp16_dense_tflops is not None and gpu.bf16_unprinted:
        put(_("Peak FP16 matrix throughput: %(t)s dense TFLOPS (no BF16 figure printed).",
              t=fmt.num(gpu.fp16_dense_tflops)))
    elif gpu.fp16_dense_tflops is not None:
        put(_("No BF16; peak FP16 Tensor throughput: %(t)s dense TFLOPS.",
              t=fmt.num(gpu.fp16_dense_tflops)))
    else:
        put(_("Peak throughput: no cited figure on file."))
    put("\n")
    arch = answer.fp8_arch
    if arch is not None:
        put("• ")
        if arch.fp8:
            put(_("FP8 math in hardware: yes (%(arch)s).", arch=arch.arch))
        elif arch.fp8_weight_only:
            put(_("FP8 math in hardware: no (%(arch)s); vLLM runs FP8 checkpoints weight-only.",
                  arch=arch.arch))
        else:
            put(_("FP8 math in hardware: no (%(arch)s).", arch=arch.arch))
        put("\n")
    if gpu.peak_source is not None:
        put("<i>")
        put(_("Peak figures from the %(source)s.", source=ph.peak_cited(gpu.peak_source, gpu.peak_derived)))
        put("</i>\n")
    if gpu.rented and gpu.usd_per_gpu_hour is not None:
        put("💵 ")
        put(_("We rent it at %(price)s per GPU.", price=ph.per_hour(gpu.usd_per_gpu_hour)))
        put("\n")
    elif gpu.rented:
        put("💵 ")
        put(_("We rent it, but its price is not published: ask support."))
        put("\n")
    else:
        put("🏠 ")
        put(_("We don't rent the %(gpu)s here.", gpu=ph.gpu_name(gpu.id)))
        put("\n")
    if answer.card_specs:
        put("\n📏 <b>")
        put(_("The largest model its %(memory)s holds, by the planning rule:",
              memory=fmt.gb(answer.card_specs[0].vram_gb)))
        put("</b>\n")
        for top in answer.card_specs:
            put("• ")
            put(_("%(method)s: about %(size)sB.", method=ph.method_name(top.method),
                  size=fmt.num(top.max_params_b, 1)))
            put("\n")
        put("<i>")
        put(_("Activations (training) and the KV cache (serving) take more: name a model for its "
              "detailed estimate."))
        put("</i>\n")


def _fp8_lead(answer: Answer, ph: Phrases, put: Put) -> None:
    """"does the 3090 support fp8": whether its tensor (matrix) cores multiply FP8, by its
    architecture (gpus_owned.toml [[fp8_arch]]), and what an FP8 checkpoint does there."""
    _ = ph._
    gpu, arch = answer.gpu, answer.fp8_arch
    assert gpu is not None
    name = ph.gpu_name(gpu.id)
    if arch is None:
        put("❓ <b>")
        put(_("No source on file says whether the %(gpu)s computes in FP8.", gpu=name))
        put("</b>\n\n")
        return
    if arch.fp8:
        put("✅ <b>")
        put(_("Yes: the %(gpu)s (%(arch)s) multiplies FP8 in hardware.", gpu=name,
              arch=arch.arch))
        put("</b> ")
        put(_("An FP8 model takes 1 byte a weight, half of BF16, and vLLM runs FP8 checkpoints "
              "with FP8 weights and activations (W8A8)."))
    else:
        put("❌ <b>")
        put(_("No: the %(gpu)s (%(arch)s) has no FP8 math in hardware.", gpu=name,
              arch=arch.arch))
        put("</b> ")
        if arch.fp8_weight_only:
            put(_("FP8 checkpoints still load in vLLM: it keeps the weights in FP8 (1 byte a "
                  "weight, half of BF16) and computes in 16 bits with its FP8 Marlin kernel "
                  "(weight-only, W8A16). You save the memory, not the compute."))
        elif gpu.platform == "cuda":
            put(_("vLLM's weight-only FP8 needs compute capability 7.5 (Turing) or newer: "
                  "serve 8-bit there with another format (INT8, or a GGUF's Q8_0)."))
    put("\n<i>")
    put(_("Source: %(source)s.", source=arch.label))
    put("</i>\n\n")


def _bf16_lead(answer: Answer, ph: Phrases, put: Put) -> None:
    """"does the t4 support bf16": NVIDIA added BF16 with Ampere (gpus_owned.toml [no_bf16]);
    before it, train and serve in FP16, which takes the same 2 bytes."""
    _ = ph._
    gpu = answer.gpu
    assert gpu is not None
    name = ph.gpu_name(gpu.id)
    if answer.bf16_runs is None:
        put("❓ <b>")
        put(_("No source on file says whether the %(gpu)s computes in BF16.", gpu=name))
        put("</b>\n\n")
        return
    if answer.bf16_runs:
        put("✅ <b>")
        put(_("Yes: the %(gpu)s runs BF16.", gpu=name))
        put("</b>\n\n")
        return
    put("❌ <b>")
    put(_("No: the %(gpu)s has no BF16 (NVIDIA added it with Ampere, compute capability 8.0).",
          gpu=name))
    put("</b> ")
    put(_("Train in FP16 there: fp16=True, bf16=False (and bnb_4bit_compute_dtype=float16 for "
          "QLoRA), whose loss scaling keeps the gradients in FP16's narrower range; serve with "
          "--dtype half in vLLM. FP16 takes the same 2 bytes a value, so the memory is the "
          "same."))
    put("\n\n")


# The architectures the flash-attn package's README lists for FlashAttention-2 (gpus_owned.toml
# [no_bf16] flash_attention_2_source), as [[fp8_arch]] names them.
_FA2_ARCHS: Final = frozenset({"Ampere", "Ada Lovelace", "Hopper"})


def _fa2_lead(answer: Answer, ph: Phrases, put: Put) -> None:
    """"does my 3090 support flash attention 2": yes on Ampere, Ada and Hopper, no on the CUDA
    cards before Ampere (SDPA instead), and no cited answer elsewhere (Blackwell, AMD, Apple)."""
    _ = ph._
    gpu = answer.gpu
    assert gpu is not None
    name = ph.gpu_name(gpu.id)
    arch = answer.fp8_arch
    if gpu.platform == "cuda" and not ph.cat.has_bf16(gpu):
        put("❌ <b>")
        put(_(
            "FlashAttention-2 does not run on the %(gpu)s: the flash-attn package supports "
            "Ampere, Ada and Hopper cards only. Load the model with "
            "attn_implementation=\"sdpa\" instead: PyTorch's memory-efficient kernel runs "
            "there and does not store the attention scores either, so the memory figures hold.",
            gpu=name,
        ))
        put("</b>\n\n")
    elif gpu.platform == "cuda" and arch is not None and arch.arch in _FA2_ARCHS:
        put("✅ <b>")
        put(_("Yes: FlashAttention-2 runs on the %(gpu)s (%(arch)s): the flash-attn package "
              "supports Ampere, Ada and Hopper cards.", gpu=name, arch=arch.arch))
        put("</b>\n\n")
    else:
        put("❓ <b>")
        put(_("The flash-attn package lists Ampere, Ada and Hopper cards for FlashAttention-2; "
              "no source on file says whether it runs on the %(gpu)s.", gpu=name))
        put("</b>\n\n")


def _cpu_only(answer: Answer, ph: Phrases, put: Put) -> None:
    """"Llama 3 70B on CPU only with 128 GB of RAM": the planning rule (weights plus 20 %) is
    the memory whether it is a GPU's or the system RAM, held against the RAM said; it runs, but
    decoding reads every weight from RAM for each token, and no RAM bandwidth is on file for
    the user's machine, so no speed is estimated (training: the CPU's arithmetic bounds it,
    and no CPU figure is on file either). The GPU answer follows."""
    _, fmt = ph._, ph.fmt
    who = ph.subject(answer.model_name, answer.params_b)  # type: ignore[arg-type]
    ram = answer.query.ram_gb
    put("🖥 <b>")
    if answer.query.cpu_machine is not None:  # "on a raspberry pi 8gb": not a GPU of 8 GB
        put(_("No GPU (%(machine)s): on the CPU alone, %(who)s is held in your system RAM.",
              machine=answer.query.cpu_machine, who=who))
    else:
        put(_("No GPU: on the CPU alone, %(who)s is held in your system RAM.", who=who))
    put("</b>\n")
    for ma in answer.methods:
        need = ma.memory.estimate_gb
        name = ph.method_name(ma.memory.method)
        if ram is None:
            line = _("%(method)s: about %(need)s of RAM.", method=name, need=fmt.gb(need, 1))
        elif need <= ram:
            line = _("%(method)s: about %(need)s, within your %(ram)s of RAM.", method=name,
                     need=fmt.gb(need, 1), ram=fmt.gb(ram))
        else:
            line = _("%(method)s: about %(need)s, %(short)s more than your %(ram)s of RAM.",
                     method=name, need=fmt.gb(need, 1), short=fmt.gb(need - ram, 1),
                     ram=fmt.gb(ram))
        put(f"{'✅' if ram is not None and need <= ram else '❌' if ram is not None else '•'} ")
        put(line)
        put("\n")
    if ram is None:
        put(_("Tell me how much RAM the machine has and I will say which of these it holds."))
        put("\n")
    if ram is not None and all(ma.memory.estimate_gb > ram for ma in answer.methods):
        put(_("It does not fit in your RAM at any of these precisions."))
        put("\n")
    elif not answer.query.inference:
        # "fine tune llama 3.2 1b on cpu only?": training is bound by the CPU's arithmetic, not
        # by reading the weights once a token (was the serving sentence).
        put(_(
            "Where it fits, it trains, but slowly: without a GPU every step's arithmetic (about "
            "6·N·D FLOPs in all, 4·N·D with LoRA) runs on the CPU's cores, and I have no figure "
            "for your CPU's: no time is estimated. The activations need RAM too: the figures "
            "above leave them out."
        ))
        put("\n")
    elif answer.cpu_decode is not None:
        # Its speed asked: the RAM's bandwidth over the weights a token reads (bot.answer)
        cpu = answer.cpu_decode
        rates = [str(_("%(rate)s tokens/s for %(method)s", rate=fmt.num(rate),
                       method=ph.method_short(method))) for method, rate in cpu.rates]
        put(_(
            "Where it fits, it runs, but slowly: without a GPU, every generated token reads all "
            "the weights from RAM, so at %(gbs)s GB/s (%(ram)s) one sequence generates at most "
            "about %(rates)s, a bound from the RAM's bandwidth, not a measurement (the CPU's "
            "compute and the KV cache's reads hold it lower). The operating system and the "
            "context's KV cache need RAM too.", gbs=fmt.num(cpu.ram.gbs), ram=ram_name(cpu.ram, ph),
            rates=Markup(fmt.list(rates))))
        put(assumed_ram(cpu.ram, ph, size_said=ram is not None))
        put("\n")
    else:
        put(_(
            "Where it fits, it runs, but slowly: without a GPU, every generated token reads all "
            "the weights from RAM, so the RAM's bandwidth bounds the speed, and I have no figure "
            "for your machine's: no speed is estimated. The operating system and the context's "
            "KV cache need RAM too."
        ))
        put("\n")
    put("\n")
    put(_("On a GPU instead:"))
    put("\n")


def _sci(value: Decimal) -> str:
    """A learning rate as people write it: 0.0002 → "2e-4"."""
    mantissa, _, exponent = f"{value.normalize():e}".partition("e")
    return f"{mantissa}e{int(exponent)}"


def _by_size(ph: Phrases, runs: tuple[PublishedRun, ...], value: Callable[[PublishedRun], str]
             ) -> str:
    """"2e-4 for 7B and 13B, 1e-4 for 33B and 65B": one value and the sizes it was run at."""
    groups: list[tuple[str, list[str]]] = []
    for run in runs:
        said = value(run)
        size = f"{ph.fmt.num(run.params_b)}B"
        if groups and groups[-1][0] == said:
            groups[-1][1].append(size)
        else:
            groups.append((said, [size]))
    # A semicolon between the groups: each is a list already ("7B and 13B").
    said_all = ""
    for said, sizes in groups:
        one = ph._("%(value)s for %(sizes)s", value=said, sizes=ph.fmt.list(sizes))
        said_all = one if not said_all else ph._("%(first)s; %(then)s", first=said_all, then=one)
    return said_all


def _hyperparams(answer: Answer, ph: Phrases, put: Put) -> None:
    """"what learning rate for qlora llama 3 8b", "how many epochs should i use": no advice of
    our own (they depend on the data), the QLoRA authors' published settings (methods.toml
    [[published_runs]]), where the size asked falls among theirs, and what the bot answers."""
    _, fmt = ph._, ph.fmt
    runs = ph.cat.published_runs
    put("🎛 <b>")
    put(_("I give no advice on the learning rate, epochs or other hyper-parameters: the right "
          "ones depend on your data, and short runs checked on held-out examples tell."))
    put("</b>\n")
    if runs:
        first = runs[0]
        put(_("What the QLoRA authors published for their Guanaco runs (artidoro/qlora, "
              "scripts/finetune_guanaco_*.sh):"))
        put("\n• ")
        put(_("Learning rate %(rates)s; schedule <code>%(scheduler)s</code> after a "
              "%(warmup)s warm-up",
              rates=_by_size(ph, runs, lambda r: _sci(r.learning_rate)),
              scheduler=first.scheduler, warmup=fmt.percent(first.warmup_ratio * 100, 0)))
        put("\n• ")
        put(_("LoRA rank %(r)s and alpha %(alpha)s on every linear layer; dropout %(dropout)s",
              r=first.lora_r, alpha=first.lora_alpha,
              dropout=_by_size(ph, runs, lambda r: fmt.num(r.lora_dropout))))
        put("\n• ")
        put(_("Gradient clipping at %(clip)s, %(seqs)s sequences a step, %(steps)s steps on "
              "%(dataset)s: counted in steps, not epochs", clip=fmt.num(first.max_grad_norm),
              seqs=first.sequences_per_step, steps=fmt.num(first.max_steps),
              dataset=first.dataset))
        put("\n")
        size = answer.query.params_b
        if size is not None:
            who = ph.subject(answer.model_name, size)
            below = [r for r in runs if r.params_b <= size]
            above = [r for r in runs if r.params_b >= size]
            if below and above and below[-1].params_b == above[0].params_b:
                put(_("Their %(size)sB run used %(lr)s.", size=fmt.num(size),
                      lr=_sci(above[0].learning_rate)))
            elif not below:
                put(_("%(who)s is smaller than their smallest run (%(size)sB, %(lr)s).",
                      who=who, size=fmt.num(runs[0].params_b), lr=_sci(runs[0].learning_rate)))
            elif not above:
                put(_("%(who)s is larger than their largest run (%(size)sB, %(lr)s).",
                      who=who, size=fmt.num(runs[-1].params_b), lr=_sci(runs[-1].learning_rate)))
            elif below[-1].learning_rate == above[0].learning_rate:
                put(_("%(who)s falls between their %(a)sB and %(b)sB runs, both at %(lr)s.",
                      who=who, a=fmt.num(below[-1].params_b), b=fmt.num(above[0].params_b),
                      lr=_sci(above[0].learning_rate)))
            else:
                put(_("%(who)s falls between their %(a)sB run (%(lra)s) and their %(b)sB run "
                      "(%(lrb)s).", who=who, a=fmt.num(below[-1].params_b),
                      lra=_sci(below[-1].learning_rate), b=fmt.num(above[0].params_b),
                      lrb=_sci(above[0].learning_rate)))
            put("\n")
    put("\n")
    put(_("What I answer: the memory, fit, cost and time of a run, for example "
          "<code>qlora llama 3 8b on a 4090</code>."))
    put("\n")


def _currency(ph: Phrases, put: Put, limit: bool = False) -> None:
    """"¿Cuánto cuesta una H100 en euros?": the page prices in one currency and publishes no
    exchange rate (service.toml [payment] currency), so nothing is converted; said first.
    `limit`: a price per hour said in another currency ("qlora 70b under 2€/h"), left
    unchecked, and how to have it checked."""
    pay = ph.cat.payment
    put("💱 <b>")
    put(ph._("Our prices are in US dollars only:") if pay.currency == "USD" else
        ph._("Our prices are in %(currency)s only:", currency=pay.currency))
    put("</b> ")
    put(ph._(
        "the published page gives no price in another currency and no exchange rate, so I do "
        "not convert. You pay in crypto (%(coins)s), topping up from %(minimum)s.",
        coins=ph.fmt.list(list(pay.coins)), minimum=ph.fmt.usd_short(pay.min_top_up_usd),
    ))
    if limit:
        put(" ")
        put(ph._("The prices below are not held against your limit per hour: give it in "
                 "dollars (for example <code>under %(price)s/hour</code>) to have it checked.",
                 price=ph.fmt.usd_short(2)))
    put("\n\n")


def _weekday_deadline(day: int, ph: Phrases, put: Put) -> None:
    """"… by monday" with no hours said: the rules do not know today's date, so the hours until
    that day are asked back, never counted from a guessed today."""
    put("🗓 <b>")
    put(ph._("I don't know today's date, so I can't count the hours until %(day)s: how many "
             "hours do you have?", day=get_day_names("wide", locale=ph.locale)[day]))
    put("</b> ")
    put(ph._("Tell me, for example “within 60 hours”, and I'll pick the cheapest configuration "
             "that finishes in time."))
    put("\n\n")


def _daypart_deadline(part: str, ph: Phrases, put: Put) -> None:
    """"… by tomorrow morning", "… by tonight" with no hours said: the rules do not know the
    hour now, so the hours until then are asked back (was "tomorrow" taken as 24 hours)."""
    put("🗓 <b>")
    put(ph._("I don't know the time where you are, so I can't count the hours until tomorrow "
             "morning: how many hours do you have?") if part == "morning" else
        ph._("I don't know the time where you are, so I can't count the hours until tonight: "
             "how many hours do you have?"))
    put("</b> ")
    put(ph._("Tell me, for example “within 10 hours”, and I'll pick the cheapest configuration "
             "that finishes in time."))
    put("\n\n")


def _hours_as(query: Query, ph: Phrases, put: Put) -> None:
    """How a period said in words was counted."""
    _, hours_as = ph._, query.hours_as
    said: str
    if hours_as == "weekdays" and query.weekday_span is not None and query.hours is not None:
        names = get_day_names("wide", locale=ph.locale)
        today, day = query.weekday_span
        days = int(query.hours) // 24
        said = ph.ngettext(
            "From %(today)s to %(day)s is taken as %(days)s day from now (%(hours)s hours); "
            "give your hours for another figure.",
            "From %(today)s to %(day)s is taken as %(days)s days from now (%(hours)s hours); "
            "give your hours for another figure.",
            days, today=names[today], day=names[day], days=ph.fmt.num(days),
            hours=ph.fmt.num(query.hours))
    elif hours_as == "weekend":
        said = _("A weekend is taken as 48 hours (Saturday and Sunday).")
    elif hours_as == "long_weekend":
        said = _("A long weekend is taken as 72 hours (three days).")
    elif hours_as == "night":
        said = _("A night is taken as 8 hours; give your hours for another figure.")
    elif hours_as == "tomorrow":
        said = _("Tomorrow is taken as 24 hours from now; give your hours for another figure.")
    elif hours_as == "few":
        said = _("A few hours is taken as 3 hours; give your hours for another figure.")
    elif hours_as == "half_day":
        said = _("Half a day is taken as 12 hours.")
    elif hours_as == "month":
        said = _("A month is taken as 30 days (720 hours).")
    elif hours_as == "nonstop":
        said = _("Around the clock with no span said: priced for a month, taken as 30 days (720 "
                 "hours); give your span for another figure.")
    elif hours_as == "year":
        said = _("A year is taken as 365 days (%(hours)s hours).", hours=ph.fmt.num(8760))
    elif query.hours_dot is not None:
        said = ""
    else:
        return
    if query.hours_dot is not None:
        # "1.000 hours" in English: which the dot was read as, and how to say the other
        mark = "," if "," in query.hours_dot else "."
        whole, _dot, frac = query.hours_dot.partition(mark)
        grouped, decimal = Decimal(whole + frac), Decimal(f"{whole}.{frac}")
        said_as = {"said": query.hours_dot}
        if frac == "000" and mark == ".":
            dot = _("I read “%(said)s” as %(read)s (a dot grouping thousands), not as "
                    "%(other)s.", read=ph.fmt.num(grouped), other=ph.fmt.num(decimal), **said_as)
        elif frac == "000":
            dot = _("I read “%(said)s” as %(read)s (a comma grouping thousands), not as "
                    "%(other)s.", read=ph.fmt.num(grouped), other=ph.fmt.num(decimal), **said_as)
        elif mark == ".":
            dot = _("I read “%(said)s” as %(read)s (the dot marking decimals, as in English), "
                    "not as %(other)s.", read=ph.fmt.num(decimal, 3), other=ph.fmt.num(grouped),
                    **said_as)
        else:
            dot = _("I read “%(said)s” as %(read)s (the comma marking decimals), not as "
                    "%(other)s.", read=ph.fmt.num(decimal, 3), other=ph.fmt.num(grouped),
                    **said_as)
        said = f"{said} {dot}" if said else dot
    put("\n🗓 ")
    put(said)
    put("\n")


def _counted_by_day(query: Query) -> bool:
    per_day, hours = query.hours_per_day, query.hours
    return per_day is not None and hours is not None and hours > per_day


def _hours_a_day(query: Query, ph: Phrases, put: Put) -> None:
    """"8 hours a day for a month": how the hours priced were counted."""
    per_day, hours = query.hours_per_day, query.hours
    if per_day is None or hours is None or not _counted_by_day(query):
        return
    days = hours / per_day
    fmt = ph.fmt
    put("🗓 ")
    put(ph.ngettext(
        "%(per_day)s hours a day on %(days)s day: %(hours)s hours in all.",
        "%(per_day)s hours a day on %(days)s days: %(hours)s hours in all.",
        int(days), per_day=fmt.num(per_day), days=fmt.num(days), hours=fmt.num(hours),
    ) if query.days_per_week in (None, 7) else ph.ngettext(
        "%(per_day)s hours a day, %(week)s days a week, on %(days)s day: %(hours)s hours in "
        "all.",
        "%(per_day)s hours a day, %(week)s days a week, on %(days)s days: %(hours)s hours in "
        "all.",
        int(days), per_day=fmt.num(per_day), week=query.days_per_week, days=fmt.num(days),
        hours=fmt.num(hours),
    ))
    put("\n")


def _kv_saving(answer: Answer, ph: Phrases, put: Put) -> None:
    """"How much does -ctk q4_0 save": the detailed estimate with the KV cache in BF16 and in
    each type asked, and what each saves (rules/data/detailed.toml kv_cache, bytes a value)."""
    _, fmt = ph._, ph.fmt
    k = answer.kv_saving
    assert k is not None
    for row in k.rows:
        put("🗜 <b>")
        put(_(
            "A KV cache in %(type)s saves about %(saved)s per GPU here: %(base)s with the cache "
            "in BF16, %(quant)s in %(type)s.",
            type=_KV_NAMES.get(row.kv_type, row.kv_type.upper()),
            saved=fmt.gb(k.base_gb - row.total_gb, 1), base=fmt.gb(k.base_gb, 1),
            quant=fmt.gb(row.total_gb, 1),
        ))
        put("</b>\n")
    rows = fmt.list([
        _("%(gb)s in %(type)s", gb=fmt.gb(row.kv_gb, 1),
          type=_KV_NAMES.get(row.kv_type, row.kv_type.upper()))
        for row in k.rows])
    put(ph.ngettext(
        "Detailed estimate at %(seq)s tokens of context and %(batch)s sequence: the KV cache "
        "itself goes from %(base)s in BF16 to %(rows)s; the weights stay as they are.",
        "Detailed estimate at %(seq)s tokens of context and %(batch)s sequences: the KV cache "
        "itself goes from %(base)s in BF16 to %(rows)s; the weights stay as they are.",
        k.micro_batch,
        seq=fmt.num(k.seq_len), batch=fmt.num(k.micro_batch), base=fmt.gb(k.base_kv_gb, 1),
        rows=rows,
    ))
    put("\n\n")


def _kv_size(answer: Answer, ph: Phrases, put: Put) -> None:
    """"Whats the kv cache size for llama 3.1 70b at 128k": the detailed estimate's KV cache
    leads, then one token's share of it and how it is made up, when the model's shape gives it."""
    _, fmt = ph._, ph.fmt
    k = answer.kv_size
    assert k is not None
    values = {"who": ph.subject(k.model_name, k.params_b), "ctx": fmt.num(k.seq_len),
              "batch": fmt.num(k.micro_batch), "kv": fmt.gb(k.kv_gb, 1), "gpus": fmt.num(k.gpus)}
    put("🗃 <b>")
    if k.kv_type is not None:
        values.update(type=_KV_NAMES.get(k.kv_type, k.kv_type.upper()))
        put(ph.ngettext(
            "The KV cache of %(who)s in %(type)s at %(ctx)s tokens of context and batch "
            "%(batch)s: about %(kv)s on %(gpus)s GPU (detailed estimate).",
            "The KV cache of %(who)s in %(type)s at %(ctx)s tokens of context and batch "
            "%(batch)s: about %(kv)s per GPU on %(gpus)s GPUs (detailed estimate).",
            k.gpus, **values))
    elif k.gpus > 1:
        put(_("The KV cache of %(who)s at %(ctx)s tokens of context and batch %(batch)s: about "
              "%(kv)s per GPU on %(gpus)s GPUs (detailed estimate).", **values))
    else:
        put(_("The KV cache of %(who)s at %(ctx)s tokens of context and batch %(batch)s: about "
              "%(kv)s (detailed estimate).", **values))
    put("</b>\n")
    if k.per_token is not None and k.layers is not None and k.value_bytes is not None:
        per = {"layers": fmt.num(k.layers), "bytes": fmt.num(k.value_bytes),
               "per": fmt.num(k.per_token, 0), "size": fmt.data_size(Decimal(k.per_token))}
        if k.latent is not None:
            put(_("One token keeps %(layers)s layers × %(latent)s values (multi-head latent "
                  "attention: the compressed latent and the RoPE key) × %(bytes)s bytes = "
                  "%(per)s bytes (%(size)s).", latent=fmt.num(k.latent), **per))
        else:
            put(_("One token keeps %(layers)s layers × 2 (K and V) × %(heads)s KV heads × "
                  "%(dim)s values a head × %(bytes)s bytes = %(per)s bytes (%(size)s).",
                  heads=fmt.num(k.kv_heads or 0), dim=fmt.num(k.head_size or 0), **per))
        put(" ")
        put(_("It grows in step with the context and the batch."))
        put("\n")
    put("\n")


# The cache types as the engines' flags spell them (rules/data/detailed.toml kv_cache keys).
_KV_NAMES: Final = {"fp8": "FP8", "q8_0": "Q8_0", "q4_0": "Q4_0", "q4_1": "Q4_1",
                    "q5_0": "Q5_0", "q5_1": "Q5_1"}


def _owned_aside(answer: Answer, ph: Phrases) -> Markup:
    """"i have a 4090 and want to qlora llama 3 70b, how much is it on an h100": the hour and
    the day on the card asked (with no data: with it the run's cost leads), then whether the one
    owned holds the run at all."""
    _, fmt, owned = ph._, ph.fmt, answer.owned_fit
    assert owned is not None and owned.gpu is not None
    out: list[str] = []
    gpu, count = answer.gpu, answer.gpu_count or 1
    if gpu is not None and gpu.usd_per_gpu_hour is not None \
            and answer.query.dataset_tokens is None:
        hourly = gpu.usd_per_gpu_hour * count
        out.append(Markup("💵 <b>{}</b>\n").format(_(
            "On %(where)s: %(price)s, %(day)s a day.", where=ph.config(gpu.id, count),
            price=ph.per_hour(hourly), day=fmt.usd(hourly * 24))))
    card = ph.gpu_name(owned.gpu) if owned.gpu_count == 1 else ph.config(owned.gpu, owned.gpu_count)
    facts = {"card": card, "vram": ph.memory(owned.vram_gb), "need": ph.memory(owned.estimate_gb)}
    said = _("Your %(card)s (%(vram)s) holds it too: about %(need)s by the planning rule.",
             **facts) if owned.fits else _(
        "Your %(card)s (%(vram)s) cannot hold it: it needs about %(need)s by the planning rule.",
        **facts)
    out.append(Markup("🖥 {}").format(said))
    return Markup("").join(out)


def _largest_budget(answer: Answer, ph: Phrases) -> Markup:
    """"budget is 10 bucks, whats the biggest model i can qlora on 100k samples": the largest
    sizes on file whose run the budget pays for, then why not the one the memory holds."""
    _, fmt, lb = ph._, ph.fmt, answer.largest_budget
    assert lb is not None
    method = answer.primary.memory.method if answer.primary is not None else answer.query.method
    facts = {"budget": fmt.usd_short(lb.budget_usd), "how": ph.method_short(method or "qlora"),
             "long": fmt.list(lb.long_names[:2]), "short": fmt.list(lb.short_names[:2]),
             "long_len": fmt.num(lb.long_len or 0), "short_len": fmt.num(lb.short_len or 0),
             "held": fmt.list(lb.held_names[:2])}
    # The names shown (two at most) the same at both lengths: said once.
    if lb.long_len is None or lb.long_names[:2] == lb.short_names[:2]:
        head = _("Within %(budget)s, the largest model on file whose %(how)s run on your data it "
                 "pays for: %(long)s.", **facts)
    elif lb.long_names:
        head = _("Within %(budget)s, the largest model on file whose %(how)s run on your data it "
                 "pays for: %(long)s at %(long_len)s tokens a sample, %(short)s at "
                 "%(short_len)s.", **facts)
    else:
        head = _("Within %(budget)s, the largest model on file whose %(how)s run on your data it "
                 "pays for: %(short)s, and only at %(short_len)s tokens a sample (none at "
                 "%(long_len)s).", **facts)
    why = _("%(held)s, the largest the memory holds, costs more than %(budget)s to train on it.",
            **facts)
    return Markup("📏 <b>{}</b>\n{}").format(head, why)


def _largest_hours(answer: Answer, ph: Phrases) -> Markup:
    """"i got 8xH100 for 24h, whats the biggest model i can full finetune on 1B tokens": the
    largest size on file whose run ends within the hours, then why not the one the memory
    holds."""
    _, fmt, lh = ph._, ph.fmt, answer.largest_hours
    assert lh is not None
    method = answer.primary.memory.method if answer.primary is not None else answer.query.method
    facts = {"hours": fmt.duration(lh.hours), "how": ph.method_short(method or "qlora"),
             "names": fmt.list(lh.names[:2]), "ran": fmt.duration(lh.run_hours),
             "held": fmt.list(lh.held_names[:2]), "took": fmt.duration(lh.held_hours),
             "where": ph.config(lh.gpu, lh.gpu_count)}
    head = _("Within your %(hours)s, the largest model on file whose %(how)s run on your data "
             "ends on %(where)s: %(names)s, in about %(ran)s.", **facts)
    if not lh.held_names:
        return Markup("📏 <b>{}</b>").format(head)
    why = _("%(held)s, the largest the memory holds, takes about %(took)s there.", **facts)
    return Markup("📏 <b>{}</b>\n{}").format(head, why)


def _hours_within(answer: Answer, ph: Phrases) -> Markup | None:
    """"is $20 enough to qlora llama 3 8b on an h100 for 10 hours", "biggest model i can qlora
    on an h200 with $20 for 10 hours": the budget and the hours both said, the hours quoted
    against the budget (was the quote alone, $23.20 and $30.70, the $20 never mentioned).
    None when the budget bought the hours (its own lines say what it buys) or the
    configurations were weighed against it (answer._largest_for_hours)."""
    query, q = answer.query, answer.quote
    if query.budget_usd is None or query.hours is None or q is None or q.hours != query.hours \
            or answer.budget is not None or answer.budget_alt is not None \
            or answer.budget_hours_weighed or query.budget_days \
            or query.dataset_tokens is not None or query.dataset_samples is not None:
        return None  # with data said the run is timed, the hours a limit on it (its own cost)
    _, fmt = ph._, ph.fmt
    facts = {"budget": fmt.usd_short(query.budget_usd), "hours": fmt.num(q.hours, 1),
             "paid": fmt.usd(q.plan.usd), "where": ph.config(q.gpu, q.gpu_count)}
    said = q.hours.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
    if q.plan.usd <= query.budget_usd:
        head = ph.ngettext(
            "Within %(budget)s: %(hours)s hour on %(where)s costs %(paid)s in whole blocks.",
            "Within %(budget)s: %(hours)s hours on %(where)s cost %(paid)s in whole blocks.",
            said, **facts)
        mark = "✅"
        rest = _("%(left)s of it is left.", left=fmt.usd(query.budget_usd - q.plan.usd))
    else:
        head = ph.ngettext(
            "Not within %(budget)s: %(hours)s hour on %(where)s costs %(paid)s in whole "
            "blocks.",
            "Not within %(budget)s: %(hours)s hours on %(where)s cost %(paid)s in whole "
            "blocks.", said, **facts)
        mark = "❌"
        rest = _("You are %(short)s short.", short=fmt.usd(q.plan.usd - query.budget_usd))
    return Markup("{} <b>{}</b> {}").format(mark, head, rest)


def _foreign_budget(answer: Answer, ph: Phrases) -> Markup:
    """"€300 for a qlora of llama 70b on h100 for 10 hours, enough?": the run's cost in dollars,
    and the budget in another currency said not converted (no exchange rate is published)."""
    _, fmt, q = ph._, ph.fmt, answer.quote
    assert q is not None
    facts = {"gh": fmt.num(q.gpu_hours), "paid": fmt.usd(q.plan.usd),
             "where": ph.config(q.gpu, q.gpu_count)}
    if q.hours_assumed and answer.primary is not None:
        head = _("In US dollars, our page's illustrative %(how)s run of %(gh)s GPU-hours costs "
                 "%(paid)s on %(where)s.",
                 how=ph.method_short(answer.primary.memory.method), **facts)
    else:
        head = ph.ngettext("In US dollars, this run costs %(paid)s on %(where)s (%(gh)s GPU-hour "
                           "in whole blocks).",
                           "In US dollars, this run costs %(paid)s on %(where)s (%(gh)s GPU-hours "
                           "in whole blocks).", q.gpu_hours, **facts)
    rest = _("Your budget is in another currency: our prices are in US dollars and I do not "
             "convert currencies, so compare at your own exchange rate, or give me the budget "
             "in dollars.")
    return Markup("💱 <b>{}</b> {}").format(head, rest)


def _enough(answer: Answer, ph: Phrases) -> Markup:
    """"is $40 enough to qlora mistral 7b", no data said: our page's illustrative run (QLoRA 10
    GPU-hours, LoRA 24, full 168) in whole blocks against the budget, said as an assumption."""
    _, fmt, q, budget = ph._, ph.fmt, answer.quote, answer.budget
    assert q is not None and budget is not None and answer.primary is not None
    facts = {"budget": fmt.usd_short(budget.budget_usd), "gh": fmt.num(q.gpu_hours),
             "how": ph.method_short(answer.primary.memory.method),
             "paid": fmt.usd(q.plan.usd), "where": ph.config(q.gpu, q.gpu_count)}
    if q.plan.usd <= budget.budget_usd:
        head = _("Within %(budget)s for our page's illustrative %(how)s run of %(gh)s GPU-hours: "
                 "you pay %(paid)s on %(where)s.", **facts)
        mark = "✅"
        rest = _("%(left)s of it is left.", left=fmt.usd(budget.budget_usd - q.plan.usd))
    else:
        head = _("Not within %(budget)s for our page's illustrative %(how)s run of %(gh)s "
                 "GPU-hours: you pay %(paid)s on %(where)s.", **facts)
        mark = "❌"
        rest = _("You are %(short)s short.", short=fmt.usd(q.plan.usd - budget.budget_usd))
    tell = _("Those hours are an assumption: tell me your dataset's size (tokens, or samples and "
             "their length) for your run's own time and cost.")
    # What is left or missing: "i have $30" after a run asks whether the money covers it.
    return Markup("{} <b>{}</b> {}\n{}").format(mark, head, rest, tell)
