"""The lines of a fit, memory, recommend or cost answer (what fit.html.j2 printed), built in
Python: the template was ~40 % of a cold question's rendering, most of it Jinja's machinery
(an attribute look-up through the environment per value, a context call per phrase) rather
than the text. fit_block lays out the page (what fit.html.j2 prints): these lines, the
detailed estimate's lead where it goes and the detailed estimate (bot.render.detailed_lines).

Every sentence goes through the same gettext msgids as the template's ``{% trans %}`` blocks
did (``ph._``: newstyle semantics, values escaped unless Markup); the literal markup around
them is the template's, byte for byte.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence
from decimal import ROUND_CEILING, Decimal
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from markupsafe import Markup

from bot.answer import Answer, HeadSplit, MethodAnswer, QuantPick, RamPick
from bot.detail import (
    DEFAULT_MICRO_BATCH,
    DEFAULT_SEQ_LEN,
    MLX_LORA_RANK,
    MLX_MICRO_BATCH,
    MLX_NUM_LAYERS,
    DetailedAnswer,
    FitCheck,
    TrainingEstimate,
)
from bot.i18n import N_
from bot.render.detailed_lines import (
    ONE_STATE_OPTIMIZERS,
    assumed_settings,
    assumption_said,
    compared_settings,
    compared_side,
    detail_leads_fit,
    detailed_block,
    detailed_lead_block,
)
from bot.render.observed_lines import observed_line
from bot.render.offload_lines import (
    offload_instead_line,
    offload_speed_line,
    ollama_context_note,
)
from bot.render.phrases import GpuName, Phrases, gpu_forms
from bot.render.tool_lines import tool_launch, trl_fix
from rules.capacity import (
    LongestContext,
    runs_on_metal,
    serving_utilization,
    serving_utilization_before,
)
from rules.compare import Comparison, ScaledRate
from rules.electricity import board_power, run_energy
from rules.estimator import load_constants
from rules.fit import Fit
from rules.memory import Memory
from rules.quote import Quote, paid_usd

if TYPE_CHECKING:
    from bot.remedy import Remedies, Remedy
    from bot.understand.query import Query
    from bot.vllm_fix import VllmFixes
    from rules.catalogue import Catalogue
    from rules.schema import GPU, QatRelease

_HIDDEN_NOTES = frozenset({"planning_rule", "activations_extra", "kv_cache_extra", "sharding_assumed"})
# Jinja's truncate filter keeps this many characters past the length (policy truncate.leeway).
_TRUNCATE_LEEWAY = 5


class FitParts(NamedTuple):
    """The answer's lines up to where the detailed estimate's lead goes (`lead`: it does),
    and the rest."""

    head: Markup
    lead: bool
    tail: Markup


def rig_note(
    ph: Phrases, rig: tuple[tuple[str, int], ...], bound: str, layers_each: Decimal | None = None
) -> Markup:
    """"1x3090 and 1x4090": the one machine read, and the card it is answered as.
    ``layers_each``: a GGUF split by layers over cards of different memory, answered at their
    mean memory (bot.understand.query.Query.rig_layer_split)."""
    _, fmt, cat = ph._, ph.fmt, ph.cat
    cards = [cat.gpu(gpu_id) for gpu_id, _n in rig]
    count = sum(n for _g, n in rig)
    named = fmt.list([ph.config(gpu_id, n) for gpu_id, n in rig])
    total = sum((g.vram_gb * n for g, (_i, n) in zip(cards, rig, strict=True)), Decimal(0))
    least = cat.gpu(bound)
    out = ["🖥 "]
    if layers_each is not None:
        out.append(ph.ngettext(
            "Read as one machine with %(cards)s (%(total)s in all): llama.cpp splits a GGUF's "
            "layers across the cards in proportion to their memory (--tensor-split), filling "
            "each to its own size, so this is answered as %(n)s card of %(each)s.",
            "Read as one machine with %(cards)s (%(total)s in all): llama.cpp splits a GGUF's "
            "layers across the cards in proportion to their memory (--tensor-split), filling "
            "each to its own size, so this is answered as %(n)s cards of %(each)s each.",
            count, cards=named, total=fmt.gb(total), n=fmt.num(count),
            each=fmt.gb(layers_each),
        ))
    elif all(g.vram_gb == least.vram_gb for g in cards):
        out.append(_(
            "Read as one machine with %(cards)s (%(total)s in all): split evenly across the "
            "cards (FSDP, ZeRO-3, tensor parallelism), each holds the same share, so this is "
            "answered as %(as)s, the slower card setting the pace.",
            cards=named, total=fmt.gb(total), **{"as": ph.config(bound, count)},
        ))
    else:
        out.append(_(
            "Read as one machine with %(cards)s (%(total)s in all): split evenly across the "
            "cards (FSDP, ZeRO-3, tensor parallelism), each holds the same share, so the card "
            "with the least memory bounds it and this is answered as %(as)s (%(used)s). A split "
            "by layers (llama.cpp's --tensor-split, device_map=\"auto\") can fill each card to "
            "its own size.",
            cards=named, total=fmt.gb(total), used=fmt.gb(least.vram_gb * count),
            **{"as": ph.config(bound, count)},
        ))
    out.append("\n")
    return Markup("").join(out)


def _not_rented(ph: Phrases, card: GPU, colab: bool = False, kaggle: int = 0,
                plan: bool = False, instance: str | None = None, count: int = 1) -> Markup:
    """The verdict is for the user's own device, named as what it is: a Mac is not a card, and
    Colab's card is a notebook's that Google rents, not the user's own; likewise Kaggle's
    (`kaggle`: how many of its cards, 0 when not Kaggle's); `plan`: a paid Colab plan named
    with no card ("on colab pro"), read as its GPU with the most memory; `instance`: a cloud
    instance type the card was read from ("ml.g5.2xlarge"), `count` of it."""
    if instance is not None:
        return ph._("We don't rent the %(gpu)s here: this verdict is for the %(config)s of the "
                    "%(instance)s instance you named.", gpu=ph.gpu_name(card.id),
                    config=ph.config(card.id, count), instance=instance)
    plans = ph.cat.colab
    if colab and plan and plans is not None and card.id == plans.paid_gpu:
        # "on colab pro": the paid plans' largest GPU, and the others they offer
        others = ph.fmt.list([f"{ph.gpu_name(g)} ({ph.fmt.gb(ph.cat.gpu(g).vram_gb)})"
                              for g in plans.paid_other_gpus])
        return ph._("We don't rent the %(gpu)s here: this verdict is for the GPU with the most "
                    "memory a paid Google Colab plan (Pro, Pro+) offers; its others there are "
                    "the %(others)s.", gpu=ph.gpu_name(card.id), others=others)
    if colab:
        return ph._("We don't rent the %(gpu)s here: this verdict is for the one your Google "
                    "Colab notebook gets.", gpu=ph.gpu_name(card.id))
    notebook = ph.cat.kaggle
    if kaggle and notebook is not None:
        if card.id == notebook.gpu and kaggle == notebook.count and notebook.other_gpu:
            # "on kaggle": its two T4s, and the one other GPU it offers
            other = ph.cat.gpu(notebook.other_gpu)
            return ph._("We don't rent the %(gpu)s here: this verdict is for the %(config)s a "
                        "Kaggle notebook gets; its other GPU there is one %(other)s of "
                        "%(size)s.", gpu=ph.gpu_name(card.id), config=ph.config(card.id, kaggle),
                        other=ph.gpu_name(other.id), size=ph.fmt.gb(other.vram_gb))
        return ph._("We don't rent the %(gpu)s here: this verdict is for the one your Kaggle "
                    "notebook gets.", gpu=ph.gpu_name(card.id))
    package = ph.cat.package_of(card.id)
    if package is not None:
        # "my mi250x" is planned on its dies, which the reply names: say why
        return ph.ngettext(
            "We don't rent the %(gpu)s here: this verdict is for your own card, which the "
            "software sees as %(n)s GPU of %(size)s (its die).",
            "We don't rent the %(gpu)s here: this verdict is for your own card, which the "
            "software sees as %(n)s GPUs of %(size)s each (its dies); a model must fit one of "
            "them unless it is split across them.",
            package.devices, gpu=ph.gpu_name(package.id), n=ph.fmt.num(package.devices),
            size=ph.fmt.gb(card.vram_gb))
    if card.board_gpus > 1:
        # "my k80": one of the GPUs on its board, each its own device to the software
        return ph.ngettext(
            "We don't rent the %(gpu)s here: a %(gpu)s board carries %(n)s GPU of %(size)s, "
            "and this verdict counts it as one.",
            "We don't rent the %(gpu)s here: a %(gpu)s board carries %(n)s GPUs of %(size)s, "
            "which the software sees as separate GPUs, and this verdict counts each as one: a "
            "model must fit one of them unless it is split across them.",
            card.board_gpus, gpu=ph.gpu_name(card.id), n=ph.fmt.num(card.board_gpus),
            size=ph.fmt.gb(card.vram_gb))
    if card.unified_memory:
        return ph._("We don't rent the %(gpu)s here: this verdict is for your own Mac.",
                    gpu=ph.gpu_name(card.id))
    if card.laptop:
        return ph._("We don't rent the %(gpu)s here: this verdict is for your own laptop.",
                    gpu=ph.gpu_name(card.id))
    if card.shared_memory_gb is not None:
        # A DGX Spark, a Ryzen AI Max+ 395 box, a Jetson: a machine sharing its memory with
        # the CPU, not a card
        return ph._("We don't rent the %(gpu)s here: this verdict is for your own machine.",
                    gpu=ph.gpu_name(card.id))
    return ph._("We don't rent the %(gpu)s here: this verdict is for your own card.",
                gpu=ph.gpu_name(card.id))


# A card's name that prints its memory ("A100 40GB", "Tesla V100 16GB").
_SIZE_IN_NAME: Final = re.compile(r"\d+ ?GB\b")


def _variant_also(ph: Phrases, answer: Answer, other: Fit, cat: Catalogue) -> Markup:
    """The other memory of a card read as one of several ("4060 ti": 8 GB, the 16 GB one),
    same planning verdict: the detailed estimate's there when it differs, else the room."""
    d = answer.detailed
    c = d.check if d is not None else None
    if d is not None and c is not None and c.card_gb is None and other.gpu is not None:
        card = cat.capacity_gb(cat.gpu(other.gpu))  # what CUDA reports, as the check holds to
        det_fits = d.per_gpu_gb <= card
        if det_fits != c.detailed_fits:
            room = ph.room(det_fits, card - d.per_gpu_gb)
            if det_fits:
                return ph._(
                    "On the %(other)s the detailed estimate (%(det)s per GPU) fits: %(room)s.",
                    other=ph.gpu_name(other.gpu), det=ph.fmt.gb(d.per_gpu_gb, 1),
                    room=room)
            return ph._(
                "On the %(other)s the detailed estimate (%(det)s per GPU) does not fit: "
                "%(room)s.", other=ph.gpu_name(other.gpu), det=ph.fmt.gb(d.per_gpu_gb, 1),
                room=room)
        if answer.fits == det_fits != other.fits:
            # The reply leads with the detailed verdict, which the other card shares: "too" and
            # "either" follow it ("qlora llama 3 8b on my 3060, batch 4": "No … On the RTX 3060
            # 8GB it fits too", by the planning rule, before).
            room = ph.room(det_fits, card - d.per_gpu_gb)
            if det_fits:
                return ph._("On the %(other)s it fits too: %(room)s.",
                            other=ph.gpu_name(other.gpu), room=room)
            return ph._("On the %(other)s it does not fit either: %(room)s.",
                        other=ph.gpu_name(other.gpu), room=room)
    if other.fits:
        return ph._("On the %(other)s it fits too: %(room)s.",
                    other=ph.gpu_name(other.gpu), room=ph.headroom(other))  # type: ignore[arg-type]
    return ph._("On the %(other)s it does not fit either: %(room)s.",
                other=ph.gpu_name(other.gpu), room=ph.headroom(other))  # type: ignore[arg-type]


def _qat_embeddings_gb(answer: Answer, release: QatRelease, ph: Phrases) -> Decimal | None:
    """What the release's token embeddings take beyond the type's bits (Google's Gemma 3 QAT
    files keep them in FP16): vocabulary × hidden × the bits' difference; None without the
    model's shape or the release's bits."""
    bits = release.embedding_bits
    quant = next((q for q in ph.cat.quant_types if q.name == release.type), None)
    model = ph.cat.models.get(answer.query.model_id) if answer.query.model_id else None
    arch = model.arch if model is not None else None
    if bits is None or quant is None or arch is None:
        return None
    extra = Decimal(arch.vocab * arch.hidden) * (bits - quant.bits_per_weight) / 8 / 10**9
    return extra if extra > 0 else None


def _truncate(text: str, length: int) -> str:
    """Jinja's ``truncate(length)`` filter with its default policy."""
    if len(text) <= length + _TRUNCATE_LEEWAY:
        return text
    return text[: length - 3].rsplit(" ", 1)[0] + "..."


def _overkill(ph: Phrases, answer: Answer, asked: Fit, cheapest: Fit | None,
              asked_it: bool = True) -> Markup:
    """"Is 8x H100 overkill for LoRA 8B?": how much of the configuration the run uses, fewer
    GPUs of the same kind that hold it, and the cheapest offered configuration that does (by
    the planning rule; with settings stated, the detailed estimate's share alone)."""
    _, fmt = ph._, ph.fmt
    icon = Markup("🎯 <b>")
    if not answer.fits:
        return icon + _("Not overkill: it does not even fit there.") + Markup("</b>\n")
    detailed = answer.detailed
    dc = detailed.check if detailed and detailed.stated else None
    need = dc.detailed_per_gpu_gb * asked.gpu_count if dc else asked.estimate_gb
    share = need / asked.vram_gb * 100
    fewer = None if dc else ph.gpus_needed(asked)
    fewer_holds = fewer is not None and fewer < asked.gpu_count and asked.gpu is not None
    cheaper = (
        dc is None and cheapest is not None and cheapest.gpu is not None
        and cheapest.usd_per_hour is not None and asked.usd_per_hour is not None
        and cheapest.usd_per_hour < asked.usd_per_hour
    )
    used = _(
        "it needs about %(need)s of the %(have)s there (%(share)s%%).",
        need=fmt.gb(need, 1), have=fmt.gb(asked.vram_gb), share=fmt.num(share, 0),
    )
    if not (share < 50 or fewer_holds or cheaper):
        return icon + _("Not overkill:") + Markup("</b> ") + used + Markup("\n")
    # (not asked: the GPUs kept from the last question for another model)
    lead = _("Yes, more than the run needs:") if asked_it else _("More than this run needs:")
    out = icon + lead + Markup("</b> ") + used
    if fewer_holds:
        assert fewer is not None and asked.gpu is not None
        out += Markup(" ") + ph.ngettext(
            "%(where)s already holds it.", "%(where)s already hold it.", fewer,
            where=ph.config(asked.gpu, fewer),
        )
    if cheaper:
        assert cheapest is not None and cheapest.gpu is not None
        assert cheapest.usd_per_hour is not None and asked.usd_per_hour is not None
        out += Markup(" ") + _(
            "The cheapest offered configuration that holds it is %(where)s at %(price)s "
            "(vs %(asked)s).", where=ph.config(cheapest.gpu, cheapest.gpu_count),
            price=ph.per_hour(cheapest.usd_per_hour), asked=ph.per_hour(asked.usd_per_hour),
        )
    return out + Markup("\n")


def _cheaper_than_both(answer: Answer, c: Comparison) -> Fit | None:
    """The cheapest offered configuration that holds the run, when "cheaper?" compared two
    others that both cost more an hour (no run timed: the hour's price is what is cheaper)."""
    primary = answer.primary
    cheapest = primary.cheapest if primary is not None else None
    if not answer.query.cheaper_asked or cheapest is None or cheapest.usd_per_hour is None \
            or c.a is None or c.b is None or answer.compare_times:
        return None
    sides = [(f.gpu, f.gpu_count, f.usd_per_hour) for f in (c.a, c.b)]
    if any(price is None or price <= cheapest.usd_per_hour for _gpu, _n, price in sides) \
            or (cheapest.gpu, cheapest.gpu_count) in [(g, n) for g, n, _p in sides]:
        return None
    return cheapest


def _own_card_cost(ph: Phrases, gpu: str, count: int, quote: Quote,
                   hours: Decimal | None) -> Markup:
    """What a run costs on one's own card with no run's data, and the rental that follows
    named as one: "🏠 On your own RTX 4090 this run costs only its electricity, … Rented here
    instead, on 1× L40S, the cheapest offered configuration that holds it:"; with hours said,
    their kWh at most, on the card's board power."""
    _ = ph._
    where = ph.config(quote.gpu, quote.gpu_count)
    mine = ph.config(gpu, count) if count > 1 else ph.gpu_name(gpu)
    row = board_power(gpu)
    if hours is not None and row is not None:
        energy = run_energy(row.watts, count, hours, None)
        said = _(
            "On your own %(gpu)s those %(hours)s cost only their electricity: at most about "
            "%(kwh)s kWh (%(gpus)s × %(watts)s W, the board power of the %(card)s). Rented "
            "here instead, on %(where)s, the cheapest offered configuration that holds it:",
            gpu=mine, card=ph.gpu_name(gpu), hours=ph.fmt.duration(hours),
            kwh=ph.fmt.num(energy.kwh, 2), gpus=count, watts=ph.fmt.num(row.watts, 0), where=where)
    elif quote.hours_assumed:
        said = _(
            "On your own %(gpu)s this run costs only its electricity, and how long it runs "
            "decides that: tell me how many samples and how long each (for example “20k "
            "samples of 1k tokens”) and I time it there. Rented here instead, on %(where)s, "
            "the cheapest offered configuration that holds it:", gpu=mine, where=where)
    else:
        said = _(
            "On your own %(gpu)s those hours cost only their electricity. Rented here instead, "
            "on %(where)s, the cheapest offered configuration that holds it:",
            gpu=mine, where=where)
    return Markup("🏠 ") + said


def _same_config(q: Quote, asked: Fit) -> bool:
    return q.gpu == asked.gpu and q.gpu_count == asked.gpu_count


def _at_typical_settings(ph: Phrases, detailed: DetailedAnswer, dc: FitCheck, need: str,
                         room: bool = True) -> Markup:
    """The detailed estimate at the typical settings no one said, the planning rule beside it;
    `room`: a fit says what it leaves (not when a "Little headroom" line follows)."""
    typical = {"seq": ph.fmt.num(detailed.seq_len, 0), "batch": detailed.micro_batch,
               "det": ph.fmt.gb(dc.detailed_per_gpu_gb, 1),
               "each": ph.memory(dc.vram_per_gpu_gb), "need": need}
    if dc.detailed_fits and room:
        # A fit says the room the detailed figure leaves, as the planning line did ("It needs
        # about 6 GB (planning estimate); the configuration has 24 GB: 18 GB left").
        left = ph.fmt.gb(dc.vram_per_gpu_gb - dc.detailed_per_gpu_gb, 1)
        if ph.on_mac(dc.gpu):
            return ph._(
                "At typical settings (sequence %(seq)s, batch %(batch)s) it needs about "
                "%(det)s (detailed estimate) of the %(each)s macOS lets the GPU use, %(left)s "
                "left; the planning rule says %(need)s for the whole job.", left=left, **typical)
        return ph._(
            "At typical settings (sequence %(seq)s, batch %(batch)s) it needs about %(det)s per "
            "GPU (detailed estimate) of the %(each)s each GPU has, %(left)s left; the planning "
            "rule says %(need)s for the whole job.", left=left, **typical)
    if ph.on_mac(dc.gpu):
        return ph._(
            "At typical settings (sequence %(seq)s, batch %(batch)s) it needs about "
            "%(det)s (detailed estimate) of the %(each)s macOS lets the GPU use; the "
            "planning rule says %(need)s for the whole job.", **typical)
    return ph._(
        "At typical settings (sequence %(seq)s, batch %(batch)s) it needs about "
        "%(det)s per GPU (detailed estimate) of the %(each)s each GPU has; the "
        "planning rule says %(need)s for the whole job.", **typical)


def fit_lines(answer: Answer, ph: Phrases) -> FitParts:
    out: list[str] = []
    put = out.append
    _ = ph._
    fmt = ph.fmt
    cat = ph.cat
    methods = answer.methods
    many = len(methods)
    intent = answer.intent
    query = answer.query
    bf16_said = query.bf16_error and answer.gpu is not None and not cat.has_bf16(answer.gpu) \
        and any(ph.method_kind(m.memory.method) != "inference" for m in methods)
    if query.bf16_error:
        put(_bf16_error(ph, answer, bf16_said))
        put("\n\n")
    if query.fa2_error:
        put(_fa2_error(ph, answer))
        put("\n\n")
    if answer.quant_pick is not None:
        put(_quant_pick(ph, answer.quant_pick))
        put("\n\n")
    primary = answer.primary
    quote = answer.quote
    detailed = answer.detailed
    who = ph.subject(answer.model_name, answer.params_b)  # type: ignore[arg-type]
    if answer.mac_memory_needed is not None and primary is not None:
        # "how much unified memory for llama 3.1 70b q4 on a mac?", "can i run it on a mac?":
        # the least unified memory that holds the run leads; the verdict on the smallest Mac,
        # which we assumed, follows.
        put(_mac_needed(answer.mac_memory_needed, who, primary.memory.method, ph))
    asked = primary.fit if primary else None
    if intent == "recommend" and many == 1 and asked is not None and asked.gpu is not None \
            and asked.usd_per_hour is None and primary is not None and not query.fit_first \
            and primary.cheapest is not None \
            and primary.cheapest.usd_per_hour is not None:
        # "my 3090 can't do it, what's the smallest thing i can rent that runs qwen2.5 72b
        # q4": what to rent leads; the verdict on the user's own card follows (unless it was
        # asked first: "can i qlora llama 3 70b on a 4090 and if not what gpu", where the
        # cheapest offered configuration follows the verdict).
        put("👉 <b>")
        put(_("To rent: the cheapest configuration we offer that holds %(who)s (%(how)s) is "
              "%(where)s at %(price)s.", who=who, how=ph.method_short(primary.memory.method),
              where=ph.fit_config(primary.cheapest),
              price=ph.per_hour(primary.cheapest.usd_per_hour)))
        put("</b>\n\n")
    # A price question leads with the price; the verdict follows, unless whether it fits was
    # asked first ("can i qlora 70b on an h100 and how much for 10 hours?"): parts in the order
    # asked.
    cost_first = (
        intent == "cost" and many == 1 and quote and asked is not None
        and _same_config(quote, asked) and not query.fit_first
    )
    # "me entra llama 3 70b en 2 4090 y cuánto me sale": one fit and cost question, no method
    # named: the method the verdict leads with is priced, the others said in a line (was each
    # method's quote in turn, four "Illustrative cost" blocks).
    verdict_priced = intent == "cost" and many > 1 and query.fit_first \
        and query.method is None and primary is not None and primary.quote is not None
    # Several methods priced, the configuration named: its cost leads, once, whichever
    # methods fit there.
    lead_quote: Quote | None = None
    if intent == "cost" and many > 1 and asked is not None and not answer.asked_quote:
        if quote and _same_config(quote, asked):
            lead_quote = quote
        for ma in methods:
            if ma.quote and lead_quote is None and _same_config(ma.quote, asked):
                lead_quote = ma.quote
    # A dataset given: the estimated run's cost leads, named, on the configuration it runs on;
    # so for "which gpu (and how long) for qlora of qwen2.5 32b on 20M tokens": the one where
    # the run costs least, before the cheapest per hour.
    tq = detailed.training_time if detailed else None
    # "how much to qlora llama 3 8b on 100M tokens on an l4": a card we do not rent, its run
    # timed there and where we rent it for least (bot.detail): that cost leads (was the seed's
    # illustrative hours on the cheapest card, the dataset ignored).
    rented_run = intent == "cost" and tq is not None and tq.asked and tq.quote is None \
        and tq.rented is not None and tq.rented.quote is not None and asked is not None \
        and (not asked.rentable or asked.usd_per_hour is None)
    if rented_run:
        assert tq is not None
        if query.their_rate_usd is not None and tq.gpu_hours is not None \
                and tq.wall_clock_hours is not None and tq.gpu is not None \
                and tq.gpu_count is not None:
            # The user's own hourly price for the card named: the run there at it, first.
            put("💵 <b>")
            put(_("At the %(rate)s an hour you said you pay, about %(cost)s on %(where)s",
                  rate=fmt.usd_exact(query.their_rate_usd),
                  cost=fmt.usd(query.their_rate_usd * tq.gpu_hours),
                  where=ph.config(tq.gpu, tq.gpu_count)))
            put("</b> — ")
            put(_("about %(wall)s there by this estimate (your price, not one we publish).",
                  wall=fmt.duration(tq.wall_clock_hours)))
            put("\n")
        tq = tq.rented
    run_lead = (intent == "cost" or (intent == "recommend" and asked is None)) and tq \
        and tq.quote and (rented_run or (quote and tq.quote == quote))
    # "What would it cost on my 3090, does it fit?": a card we do not rent has no cost; the
    # cost of the run on the cheapest offered configuration that holds it leads, the verdict
    # on the user's own card follows.
    # ... unless the card is said to be theirs ("how much would it cost to lora llama 3 70b on
    # my 3090"): what they can do leads, the verdict on their card (conv45), then the cheapest
    # rental that holds it, said to be one (conv46).
    own_first = (
        intent == "cost" and many == 1 and quote and asked is not None and not run_lead
        and asked.gpu is not None and not asked.rentable and not answer.asked_quote
        and not _same_config(quote, asked) and not query.card_mine
    )
    beyond_instance = asked is not None and asked.gpu is not None \
        and cat.gpu(asked.gpu).rented and not asked.rentable
    # "cuánto cuesta una lora de llama 3 70b en 2 h100 por 10 horas": the configuration asked
    # does not hold it, which leads; what its hours would cost there follows the verdict,
    # labelled, then the cost where it fits (was that cost first, as if the run were possible).
    asked_misses = bool(answer.asked_quote) and answer.fits is False and asked is not None \
        and not query.fit_after \
        and answer.asked_quote is not None and _same_config(answer.asked_quote, asked)
    # Serving for hours said, no configuration named ("how much per month to serve llama 3 8b
    # to 50 users"): its cost on the cheapest configuration that holds it leads.
    serve_lead = primary.quote if intent == "cost" and query.inference and asked is None \
        and not run_lead and query.hours is not None and primary is not None else None
    where: Markup | None = None
    if run_lead:
        assert tq is not None and tq.quote is not None and primary is not None
        cost = fmt.usd(tq.quote.cost_usd)
        if tq.epochs > 1:
            # "3 epochs on 20M tokens": the dataset as said, with its epochs
            tokens: str = _(
                "%(tokens)s × %(epochs)s epochs",
                tokens=fmt.tokens(tq.tokens // tq.epochs), epochs=tq.epochs,
            )
        else:
            tokens = fmt.tokens(tq.tokens)
        how = ph.method_short(primary.memory.method)
        wall = fmt.duration(tq.quote.hours)
        where = ph.config(tq.quote.gpu, tq.quote.gpu_count)
        put("💵 <b>")
        if query.pretraining:
            put(_("About %(cost)s to train %(who)s from scratch on %(tokens)s",
                  who=who, tokens=tokens, cost=cost))
        else:
            put(_("About %(cost)s to fine-tune %(who)s on %(tokens)s",
                  who=who, tokens=tokens, cost=cost))
        put("</b> — ")
        if tq.asked:
            put(_("%(how)s, about %(wall)s on %(where)s.", where=where, how=how, wall=wall))
        elif tq.more_of_asked and tq.gpu is not None:
            # "and how much?" after its time on the fewest H100s that hold it: that run's cost
            # (was the run on 1× B200's, another than the one just timed)
            put(_("%(how)s, about %(wall)s on %(where)s, the fewest %(gpu)s GPUs that hold this "
                  "run.", where=where, how=how, wall=wall, gpu=ph.gpu_name(tq.gpu)))
        else:
            put(_(
                "%(how)s, about %(wall)s on %(where)s, the offered configuration where what you "
                "pay for this run, in whole blocks of GPU-hours, is least.", where=where, how=how,
                wall=wall,
            ))
        put("\n")
        bound = ph.samples_bound(query.samples_at_seq_len, query.seq_len, query.paired)
        if bound is not None:
            put(bound)
            put("\n")
        read = ph.bytes_read(query.dataset_bytes, query.one_run_tokens) \
            or ph.compute_optimal(query.tokens_compute_optimal, query.dataset_tokens)
        if read is not None:
            put(read)
            put("\n")
        runs = ph.runs_said(query.runs, query.dataset_tokens)
        if runs is not None:
            put(runs)
            put("\n")
        if query.kernels == "unsloth" and tq.tokens_per_second is None:
            # "et avec unsloth ?" after a run's cost: the same cost, said why (as time.html.j2)
            put(_("Unsloth's own speed-up is not in this time: its kernels are counted in the "
                  "memory estimate, while the time is the same FLOPs at the same assumed "
                  "utilization as any trainer."))
            put("\n")
        if asked is not None:
            put(ph.quote_block(tq.quote))
            put("\n")
            there = tq.elsewhere
            if tq.more_of_asked and there is not None and there.quote is not None \
                    and there.gpu is not None and there.gpu_count is not None \
                    and there.wall_clock_hours is not None:
                # ... and where what is paid for it is least, after it (as the time says)
                put("💡 ")
                put(_("It costs less on %(where)s: about %(wall)s, and you pay %(paid)s.",
                      where=ph.config(there.gpu, there.gpu_count),
                      wall=fmt.duration(there.wall_clock_hours),
                      paid=fmt.usd(there.quote.plan.usd)))
                put("\n")
            put("\n")
    elif cost_first:
        assert quote is not None
        if not budget_said_quote(answer):
            put(ph.quote_block(quote))
            put("\n")
        put("\n")
    elif own_first:
        assert quote is not None and asked is not None and asked.gpu is not None
        if beyond_instance:
            # "full finetune llama 3 70b on h100s for a day, how many …": we rent the H100,
            # just not 19 of them on one instance (was "We don't rent the H100").
            put("🔢 ")
            put(_(
                "One instance here has at most %(max)s GPUs, so %(need)s is not one machine: "
                "this is the cost on %(where)s, the cheapest offered configuration that holds "
                "the run.", max=cat.limits.max_gpus, need=ph.fit_config(asked),
                where=ph.config(quote.gpu, quote.gpu_count),
            ))
        else:
            put("🏠 ")
            put(_(
                "We don't rent the %(gpu)s: this is the cost on %(where)s, the cheapest offered "
                "configuration that holds the run.", gpu=ph.gpu_name(asked.gpu),
                where=ph.config(quote.gpu, quote.gpu_count),
            ))
        put("\n")
        put(ph.quote_block(quote))
        put("\n\n")
    elif lead_quote is not None:
        put(ph.quote_block(lead_quote))
        put("\n\n")
    elif answer.asked_quote and not query.fit_first and not asked_misses:
        put(ph.quote_block(answer.asked_quote))
        put("\n\n")
    unpriced = asked is not None and asked.gpu and asked.rentable and asked.usd_per_hour is None
    # (not for a card said to be the user's: "on my 4090" asks no rental price of it)
    # (whether it fits asked first, "me entra llama 3 70b en 2 4090 y cuánto me sale": the
    # verdict leads, this follows it: unpriced_after)
    unpriced_lead = unpriced and intent == "cost" and not run_lead \
        and answer.within_own is None and not query.card_mine
    if unpriced_lead and not query.fit_first:
        # "Cost of QLoRA 70B on a 4090 for 10h, does it fit?": what can be said of its cost
        # leads, the verdict follows.
        assert asked is not None and asked.gpu is not None
        put("💵 ")
        put(_(  # it leads, so no "too" ("También alquilamos…" opened the reply)
            "We rent the %(gpu)s, but its price is not published: ask support before "
            "planning on it.", gpu=ph.gpu_name(asked.gpu),
        ))
        put("\n\n")

    trained = None if answer.budget or answer.budget_alt else within_line(answer, ph)
    if trained is not None:
        put(trained)
        put("\n\n")
    if query.overkill_asked and asked is not None and many == 1 and primary is not None:
        put(_overkill(ph, answer, asked, primary.cheapest))
        put("\n")
    elif query.config_kept and asked is not None and many == 1 and primary is not None \
            and answer.fits and asked.gpu is not None and not query.card_mine \
            and (ph.gpus_needed(asked) or asked.gpu_count) * 2 <= asked.gpu_count:
        # another model on the GPUs kept from the last question: half of them or fewer hold it, the
        # cheapest offered configuration that does (as "is 4x a100 overkill?" says)
        put(_overkill(ph, answer, asked, primary.cheapest, asked_it=False))
        put("\n")

    if answer.head_split is not None:
        put(_head_split(ph, answer, answer.head_split, who))
    lead = False  # where detailed_lead.html.j2 goes: the head ends there
    head: list[str] = out
    if asked is not None:
        # One machine of different cards ("2x 3090 and a 3060") is answered as even shares of
        # one of them; the verdict names the machine as written, not "3× RTX 3060".
        rig = query.rig
        where = Markup(_side(rig, ph)) if rig and asked.gpu in dict(rig) \
            and asked.gpu_count == sum(n for _, n in rig) else ph.fit_config(asked)
        if many == 1:
            how = ph.method_short(asked.method)
            if query.optimizer == "adafactor" and cat.method(asked.method).full \
                    and cat.method(asked.method).optimizer is None:
                how = _("full fine-tuning, Adafactor")  # not AdamW: the detail uses Adafactor
            elif query.optimizer in ONE_STATE_OPTIMIZERS and cat.method(asked.method).full \
                    and cat.method(asked.method).optimizer is None:
                how = _("full fine-tuning, %(optimizer)s",
                        optimizer=_(ONE_STATE_OPTIMIZERS[query.optimizer]))
            oom = answer.oom
            if oom is not None and oom.contradicted and oom.serving:
                # A server that ran out of memory where the estimate fits: what it leaves out.
                put("⚠️ <b>")
                put(_("You hit OOM, so %(who)s does not fit on %(where)s (%(how)s) as you serve "
                      "it, although the detailed estimate below says it does: your server holds "
                      "more than it counts (a longer context or more sequences at once, what the "
                      "engine sets aside besides, such as vLLM's CUDA graphs or Ollama's context "
                      "for each parallel request, or another process on the card). Tell me the "
                      "engine and its settings to estimate your run.", how=how, who=who, where=where))
            elif oom is not None and oom.unsaid:
                # An OOM with no settings: the estimate below is at typical ones, not the run's.
                put("⚠️ <b>")
                put(_("You hit OOM, so %(who)s does not fit on %(where)s (%(how)s) as you run "
                      "it, although it fits at the typical settings estimated below: your run "
                      "holds more (a longer sequence, a larger batch, or gradient checkpointing "
                      "off, the Hugging Face Trainer's default). Tell me its batch size and "
                      "sequence length to estimate your run.", how=how, who=who, where=where))
            elif oom is not None and oom.contradicted:
                # The user ran these settings out of memory: the measurement is the verdict.
                put("⚠️ <b>")
                put(_("You hit OOM with these settings, so %(who)s does not fit on %(where)s "
                      "(%(how)s) as you run it, although the detailed estimate says it does: "
                      "trust your measurement.", how=how, who=who, where=where))
            elif answer.ran_there:
                # "It took 20 h on my A6000": the run finished there, whatever the estimate.
                put("✅ <b>")
                put(_("Yes: %(who)s ran on %(where)s (%(how)s), as you measured, although the "
                      "estimate below says it does not fit: trust your measurement.",
                      how=how, who=who, where=where))
            elif answer.ram_short and detailed is not None and detailed.host_ram_gb:
                # "zero 3 offload … with 64gb of ram": the GPU side fits, the CPU RAM does not.
                put("❌ <b>")
                put(_("No: the GPU memory of %(where)s holds %(who)s (%(how)s), but what is "
                      "offloaded needs about %(host)s of CPU RAM, more than the %(ram)s you "
                      "have.", how=how, who=who, where=where,
                      host=fmt.gb(detailed.host_ram_gb[0], 1),
                      ram=fmt.gb(query.system_ram_gb or 0)))
            elif answer.vocab_turns:
                # "3080 10gb qlora 7b": 10.8 GB at the assumed shape's 128k vocabulary, 8 GB at
                # 32k, on 10.74 GB: neither a yes nor a no (was "❌ No" over the vocabulary line
                # saying it fits up to ~126,000 tokens). The JSON's fits is null then
                # (Answer.leads_depends); detailed_fits stays detailed_gb's, the assumed shape's.
                put("⚠️ <b>")
                put(_vocab_lead(ph, answer, who, how, where))
            elif answer.fits and query.oom_asked:
                # "will it OOM?": a "Yes" would answer the error, not the fit
                put("✅ <b>")
                put(_("No OOM expected: %(who)s fits on %(where)s (%(how)s).",
                      how=how, who=who, where=where))
            elif answer.fits:
                put("✅ <b>")
                put(_("Yes: %(who)s fits on %(where)s (%(how)s).", how=how, who=who, where=where))
            elif answer.runs_offloaded:
                # "ollama llama 3 70b on a 4090 with 64gb ram": llama.cpp and the runners on it
                # keep what the card cannot hold in system RAM, which the user has: it runs,
                # partly on the CPU and slowly, which leads (was "❌ No", then the split).
                put("⚠️ <b>")
                put(_offloaded_lead(ph, answer, who, how, where))
            elif _vllm_default_len(answer) is not None:
                # "vllm serve meta-llama/Llama-3.1-8B-Instruct on my 4090": no --max-model-len,
                # so the model's whole 131,072 tokens, whose KV cache vLLM's share cannot hold:
                # it stops at start-up. The length that fits leads with the verdict.
                put("❌ <b>")
                put(_("Not at vLLM's default context (%(ctx)s tokens, the model's maximum): "
                      "%(who)s (%(how)s) does not fit on %(where)s, so vLLM refuses to start. "
                      "With <code>--max-model-len %(tokens)s</code> it fits.",
                      how=how, who=who, where=where, ctx=fmt.num(query.seq_len or 0),
                      tokens=str(_vllm_default_len(answer))))
            elif query.oom_asked:
                # "will it OOM?": a "No" would read as "it will not"
                put("❌ <b>")
                put(_("It would run out of memory: %(who)s does not fit on %(where)s (%(how)s).",
                      how=how, who=who, where=where))
            else:
                put("❌ <b>")
                put(_("No: %(who)s does not fit on %(where)s (%(how)s).",
                      how=how, who=who, where=where))
            put("</b>\n")
            need = ph.size(asked.estimate_gb)
            dc = detailed.check if detailed else None
            if detailed and (detailed.stated or answer.typical_lead) and dc \
                    and answer.method_detailed_gb:
                # Serving at a stated context: the figure leads with the KV cache it holds.
                put(_context_figure(ph, detailed, dc))
                put("\n")
                if answer.context_room is None or answer.context_room.utilization is None:
                    put(_vllm_share(ph, dc))
                if answer.query.context_default == "vllm":
                    put(_vllm_context_note(ph, answer))
                elif answer.vllm_fixes is not None:
                    put(_vllm_near(ph, answer.vllm_fixes, detailed))
                put(_fewer_layers_said(ph, answer, dc))
                if answer.query.utilization_asked:
                    put(_least_share(ph, dc))
                rule = answer.typical_lead and not detailed.stated
                if answer.context_room is not None:
                    put(_context_room(ph, answer.context_room, dc, rule))
                    put("\n")
                if rule:
                    # No context said, the detailed estimate leads against the planning rule:
                    # the rule's own figure beside it, labelled (the seed's numbers print).
                    put(_typical_rule(ph, asked, dc))
                    put("\n")
            elif detailed and detailed.stated and dc:
                det = fmt.gb(dc.detailed_per_gpu_gb, 1)
                each = ph.memory(dc.vram_per_gpu_gb)
                if "seq_len" in detailed.defaults and "batch" in detailed.defaults:
                    # "qlora llama 3 8b on a 3090, details": no sequence or batch said, the
                    # settings are the typical ones, not the user's.
                    put(_at_typical_settings(ph, detailed, dc, need))
                elif ph.on_mac(dc.gpu):
                    put(_(
                        "With your settings it needs about %(det)s (detailed estimate) of the "
                        "%(each)s macOS lets the GPU use; the planning rule says %(need)s for "
                        "the whole job.", need=need, each=each, det=det,
                    ))
                else:
                    put(_(
                        "With your settings it needs about %(det)s per GPU (detailed estimate) "
                        "of the %(each)s each GPU has; the planning rule says %(need)s for the "
                        "whole job.", need=need, each=each, det=det,
                    ))
                put("\n")
                avg = answer.query.sample_len_avg
                if avg is not None and avg == answer.query.seq_len:
                    put(ph.sample_room(avg, answer.sample_room))
                    put("\n")
            elif detailed and dc and answer.typical_lead:
                # No settings stated: the detailed estimate at typical ones leads, the planning
                # figure beside it, then what makes it fit.
                put(_at_typical_settings(ph, detailed, dc, need,
                                         room=not (answer.fits and answer.typical_tight)))
                put("\n")
                room = answer.typical_room
                if answer.fits and answer.typical_tight:
                    # "llama 3.1 8b on my 3060 12gb qlora": 12.8 GB of 12.88 is a fit, a tight one.
                    put("⚠️ ")
                    left = {"left": fmt.gb(dc.vram_per_gpu_gb - dc.detailed_per_gpu_gb),
                            "batch": detailed.micro_batch}
                    if asked.unified_gb is not None:
                        # a Mac: one pool of unified memory, not "per GPU"
                        put(_(
                            "Little headroom: %(left)s left by the detailed estimate, less than "
                            "the planning rule's margin; measure a short run before relying on "
                            "it.", **left,
                        ) if room is None else _(
                            "Little headroom: %(left)s left by the detailed estimate, less than "
                            "the planning rule's margin: sequences of at most about %(tokens)s "
                            "tokens fit there at batch %(batch)s. Measure a short run before "
                            "relying on it.", tokens=fmt.num(room.tokens, 0), **left,
                        ))
                    else:
                        put(_(
                            "Little headroom: %(left)s per GPU left by the detailed estimate, "
                            "less than the planning rule's margin; measure a short run before "
                            "relying on it.", **left,
                        ) if room is None else _(
                            "Little headroom: %(left)s per GPU left by the detailed estimate, "
                            "less than the planning rule's margin: sequences of at most about "
                            "%(tokens)s tokens fit there at batch %(batch)s. Measure a short run "
                            "before relying on it.", tokens=fmt.num(room.tokens, 0), **left,
                        ))
                    put("\n")
                if not answer.fits and room is not None and answer.remedies is None:
                    put("📏 ")
                    put(_("With sequences of at most about %(tokens)s tokens it fits there.",
                          tokens=fmt.num(room.tokens, 0)))
                    put("\n")
                n = answer.typical_need
                if not answer.fits and n and asked.gpu \
                        and not (answer.gpu is not None and answer.gpu.one_per_machine) \
                        and n > cat.limits.max_gpus and (
                            not cat.gpu(asked.gpu).rented
                            or cat.gpu(asked.gpu).usd_per_gpu_hour is None):
                    # "mistral nemo 12b lora on a 3080 10gb": 136 of them by the estimate, the
                    # parts no sharding divides filling each card; no one builds that rig. The
                    # same for a card rented here without a published price ("i have 2 4090s,
                    # can i lora llama 3 70b?" was "at least 17× RTX 4090"): no cluster of it
                    # can be quoted either.
                    put("🔢 ")
                    put(_(
                        "Even %(n)s× %(gpu)s would not hold it at these settings: what every GPU "
                        "keeps whole (activations, logits, the CUDA context) does not shrink with "
                        "more of them.", n=cat.limits.max_gpus, gpu=ph.gpu_name(asked.gpu),
                    ))
                    put("\n")
                elif not answer.fits and n and asked.gpu and not answer.plural_need \
                        and not (answer.gpu is not None and answer.gpu.one_per_machine) \
                        and not answer.vocab_turns:
                    # Not under "⚠️ Depends on the model" ('3080 10gb qlora 7b'): a 32k
                    # vocabulary fits on one, so "at least 2×" contradicts the lead.
                    put("🔢 ")
                    put(_(
                        "It takes at least %(n)s× %(gpu)s (%(total)s) to hold it.",
                        n=n, gpu=ph.gpu_name(asked.gpu),
                        total=fmt.gb(asked.vram_gb / asked.gpu_count * n),
                    ))
                    put("\n")
            elif detail_leads_fit(answer):
                # "$200 budget, how long can i finetune qwen2.5 7b on an a100" (a cost, not a
                # fit question, so not typical_lead): both fit, and the detailed 13.3 GB at
                # typical settings leads, as a fit question's does (was "It needs about 5.71 GB
                # (planning estimate)", the 13.3 GB a line below).
                assert detailed is not None and dc is not None
                put(_at_typical_settings(ph, detailed, dc, need))
                put("\n")
                # "in dollars?" after a miss: the count the question it follows gave, by the
                # detailed estimate where answer._detail_count found one.
                put(_at_least(ph, answer, asked, answer.typical_need or ph.gpus_needed(asked), cat))
            else:
                put(_(
                    "It needs about %(need)s (planning estimate); the configuration has "
                    "%(have)s: %(room)s.",
                    room=ph.headroom(asked), need=need, have=fmt.gb(asked.vram_gb),
                ))
                put("\n")
                put(_at_least(ph, answer, asked, ph.gpus_needed(asked), cat))
            if query.method_assumed and ph.method_kind(asked.method) == "training" \
                    and not query.pretraining:
                # No method said and one answered: which, and how to ask for another.
                put("ℹ️ ")
                put(_("%(method)s assumed: say “lora” or “full” to change.",
                      method=ph.method_short(asked.method)))
                put("\n")
            seen = observed_line(ph, answer)
            if seen:
                put(seen)  # "… uses 14gb, why so much": the reading beside the estimate
            stage = _ZERO_STAGES.get(query.sharding or "")
            if stage and query.cpu_offload is None and asked.gpu_count == 1 \
                    and ph.method_kind(asked.method) == "training":
                # "deepspeed zero3 llama 3 8b full finetune on a 4090 with 64gb ram": a stage
                # said, no offload: DeepSpeed offloads only with offload_optimizer/offload_param
                # set, and one GPU has no peer to shard with; the offload's RAM follows.
                put("ℹ️ ")
                if query.sharding == "zero3":
                    put(_(
                        "%(stage)s alone offloads nothing: without offload_optimizer or "
                        "offload_param (device \"cpu\") in its config DeepSpeed keeps "
                        "everything on the GPU, and on one GPU it has nothing to shard across, "
                        "so it saves no memory here.", stage=stage))
                else:
                    # ZeRO-1/2 partition the optimizer's states (and ZeRO-2 the gradients)
                    # over the GPUs, never the weights, and offload only the optimizer.
                    put(_(
                        "%(stage)s alone offloads nothing: without offload_optimizer (device "
                        "\"cpu\") in its config DeepSpeed keeps everything on the GPU, and on "
                        "one GPU it has no other GPU to partition the optimizer states across, "
                        "so it saves no memory here.",
                        stage=stage))
                put("\n")
            hint = _remedy_hint(answer, ph)
            if hint:
                put(hint)
            if answer.remedies is None or not answer.remedies.lead:
                put(_recipe_line(answer, ph))
            lead = True
            out = []
            put = out.append
            put("\n")
        else:
            oom = answer.oom
            if oom is not None and oom.contradicted and oom.serving:
                # A server that ran out of memory, no precision said: the verdicts below are
                # not the run's.
                put("⚠️ <b>")
                if query.engine == "vllm" and query.seq_len is not None:
                    # "… gives OOM even with max-model-len 1024": the context is said
                    put(_("You hit OOM: your vLLM server holds more than the estimates below "
                          "(more sequences at once, the CUDA graphs it captures, or another "
                          "process on the card). Tell me its <code>--max-num-seqs</code> and "
                          "<code>--gpu-memory-utilization</code> too to estimate your run."))
                elif query.engine == "vllm":
                    # "i switched from ollama to vllm and … OOMs": the engine is known, its
                    # settings are what is missing (was "Tell me the engine")
                    put(_("You hit OOM: your vLLM server holds more than the estimates below "
                          "(a longer context, more sequences at once, the CUDA graphs it "
                          "captures, or another process on the card). Tell me its "
                          "<code>--max-model-len</code>, <code>--max-num-seqs</code> and "
                          "<code>--gpu-memory-utilization</code> to estimate your run."))
                else:
                    put(_("You hit OOM: your server holds more than the estimates below (a "
                          "longer context or more sequences at once, what the engine sets aside "
                          "besides, such as vLLM's CUDA graphs or Ollama's context for each "
                          "parallel request, or another process on the card). Tell me the "
                          "engine and its settings to estimate your run."))
                put("</b>\n")
            elif oom is not None and oom.unsaid:
                # An OOM with no method or settings: the verdicts below are not the run's.
                put("⚠️ <b>")
                put(_("You hit OOM: your run holds more than the estimates below (a method "
                      "that needs more, a longer sequence, a larger batch, or gradient "
                      "checkpointing off, the Hugging Face Trainer's default). Tell me its "
                      "method, batch size and sequence length to estimate your run."))
                put("</b>\n")
            # Settings stated: the method the detailed estimate covers fits by it, as the
            # JSON says.
            sdc = detailed.check if detailed and detailed.stated else None
            fitting: list[str] = []
            missing: list[tuple[Any, bool]] = []  # (method answer, verdict by the planning rule)
            method_fits = answer.method_fits
            for ma in methods:
                method = ma.memory.method
                planned = False
                if method in method_fits:
                    fits = method_fits[method]
                elif sdc and primary and method == primary.memory.method:
                    fits = sdc.detailed_fits
                else:
                    fits, planned = ma.fit.fits, True  # type: ignore[union-attr]
                if fits:
                    fitting.append(ph.method_short(method))
                else:
                    missing.append((ma, planned))
            if fitting and query.quant_pair is not None and missing:
                # "fp8 vs int4 for llama 3 70b on an h100": both sides of the comparison lead,
                # the one that does not fit with how many of the card hold it by the planning
                # rule (was "fits: 4-bit inference" alone, the 8-bit side unanswered).
                other, planned = missing[0]
                n = ph.gpus_needed(other.fit) if planned and other.fit is not None else None
                counted = len(missing) == 1 and n is not None and asked is not None \
                    and asked.gpu is not None and asked.gpu_count < n <= cat.limits.max_cluster_gpus \
                    and not (answer.gpu is not None and answer.gpu.one_per_machine)
                put("✅ <b>")
                if counted:
                    assert asked is not None and asked.gpu is not None and n is not None
                    put(_("On %(where)s, %(who)s fits: %(which)s, but not %(other)s (that takes "
                          "%(config)s).", which=fmt.list(fitting), who=who, where=where,
                          other=ph.method_short(other.memory.method),
                          config=ph.config(asked.gpu, n)))
                else:
                    # "fp16 vs q8 vs q4 on a 3060": every side that misses, named
                    put(_("On %(where)s, %(who)s fits: %(which)s, but not %(other)s.",
                          which=fmt.list(fitting), who=who, where=where,
                          other=fmt.list([ph.method_short(m.memory.method) for m, _p in missing],
                                         "or")))
            elif fitting:
                put("✅ <b>")
                put(_("On %(where)s, %(who)s fits: %(which)s.",
                      which=fmt.list(_with_gb(answer, ph, methods, fitting)), who=who,
                      where=where))
            elif answer.served_instead and any(f.fits for f in answer.served_instead):
                # "does gemma 2 27b fit in 2x 3060": neither training nor serving said, and
                # people who ask so of their own cards mostly mean running it: that it runs
                # leads beside the training's no (was "does not fit with any of these
                # methods" alone, read as "it does not run")
                bf16 = answer.served_instead[0]
                put("🖥 <b>")
                if bf16.fits:
                    put(_("On %(where)s, %(who)s runs in BF16 (inference), but no fine-tuning "
                          "method fits.", who=who, where=where))
                else:
                    put(_("On %(where)s, %(who)s runs in 4-bit (inference), but no fine-tuning "
                          "method fits.", who=who, where=where))
            else:
                put("❌ <b>")
                put(_("On %(where)s, %(who)s does not fit with any of these methods.",
                      who=who, where=where))
            put("</b>\n")
            if sdc and detailed and answer.method_detailed_gb:
                # Serving at a stated context: the figure the verdict is made of leads, with
                # the KV cache at that context.
                put(_context_figure(ph, detailed, sdc))
                put("\n")
                put(_vllm_share(ph, sdc))
                if not fitting and answer.vllm_fixes is not None \
                        and query.context_default != "vllm":
                    put(_vllm_near(ph, answer.vllm_fixes, detailed))
                if query.context_default == "vllm":
                    put(_vllm_context_note(ph, answer))
    card = answer.gpu
    if asked is not None and asked.gpu and card:
        if not card.rented:
            if not own_first:  # else said with the cost that leads
                put("🏠 ")
                put(_not_rented(ph, card, query.gpu_colab,
                                (query.gpu_count or 1) if query.gpu_kaggle else 0,
                                query.gpu_colab_plan, query.gpu_instance, asked.gpu_count))
                put("\n")
        elif not asked.rentable and not own_first:  # else said with the cost that leads
            put("🔢 ")
            put(_(
                "One instance here has at most %(max)s GPUs: the verdict is for the cluster "
                "you describe, and only what can be rented is quoted.",
                max=cat.limits.max_gpus,
            ))
            put("\n")
        led = answer.detailed.check if answer.detailed is not None \
            and answer.detailed.stated else None
        if answer.layer_split is not None:
            put(_layer_split(ph, answer))
        elif (
            asked and not answer.fits and query.cpu_offload and primary is not None
            and cat.method(primary.memory.method).kind == "inference" and asked.estimate_gb > 0
        ):
            # llama.cpp / Ollama keep the layers that do not fit in system RAM (-ngl, num_gpu);
            # of the figure the verdict is made of (a GGUF type's detailed one).
            held = (led.vram_per_gpu_gb / led.detailed_per_gpu_gb * 100
                    if led is not None and led.detailed_per_gpu_gb > 0
                    else asked.vram_gb / asked.estimate_gb * 100)
            share = held if held <= 100 else 100  # min(held, 100), as the template had it
            put("🐢 ")
            put(_(
                "With llama.cpp or Ollama the layers that do not fit can stay in system RAM "
                "(-ngl, num_gpu): about %(pct)s of this model fits on the GPU, and the rest runs "
                "at the speed of the CPU and its memory, many times slower.",
                pct=fmt.percent(share, 0),
            ))
            put("\n")
        if asked.unified_gb is not None:
            put("🍎 ")
            put(_(
                "%(total)s of unified memory, of which macOS lets the GPU use about "
                "%(usable)s (Metal's recommended working set).",
                total=fmt.gb(asked.unified_gb), usable=fmt.gb(asked.vram_gb),
            ))
            put("\n")
            if answer.detailed is not None and answer.detailed.mlx_named:
                # "lora llama 3 8b on my m2 max 32gb with mlx": the trainer as named, and
                # mlx-lm's own defaults where they miss (bot.detail).
                put("🍎 ")
                put(_mlx_named(ph, answer.detailed))
                put("\n")
            elif answer.detailed is not None and answer.detailed.mlx_assumed:
                # "qlora llama 3 8b on my m2 pro 16gb": what the figures are of (bot.detail
                # mlx_assumed), beside the memory they are held to.
                put("🍎 ")
                put(_(
                    "No trainer named: estimated as mlx-lm runs it on a Mac (mlx_lm.lora with "
                    "LoRA rank %(rank)s on the last %(layers)s layers, its defaults, at batch 1 "
                    "with gradient checkpointing where you gave none), not as TRL on CUDA.",
                    rank=MLX_LORA_RANK, layers=MLX_NUM_LAYERS,
                ))
                put("\n")
            elif query.pytorch and answer.detailed is not None \
                    and answer.detailed.kind == "training":
                # "lora llama 3 8b on my m3 max using pytorch mps": PyTorch's run as said, not
                # mlx-lm's defaults (was "No trainer named")
                put("🍎 ")
                put(_(
                    "PyTorch on the Mac's GPU (MPS), as you named it: estimated at the usual "
                    "settings, as PEFT runs it on CUDA. bitsandbytes' 4-bit loader does not run "
                    "there, so QLoRA on a Mac goes through mlx-lm."
                ))
                put("\n")
            if card is not None:
                put(mac_not_sold(ph, card.id, query.gpu_memory_gb))
            # the detailed estimate of the asked method when it too misses the limit (410.9 GB
            # for R1 in Q4_K_M, not the planning rule's 492.6 GB); the planning rule's when only
            # its margin misses it
            whole = answer.detailed
            held_gb = (whole.per_gpu_gb if whole is not None and whole.method == asked.method
                       and whole.gpus == 1 and whole.per_gpu_gb > asked.vram_gb
                       else asked.estimate_gb)
            # the detailed estimate of the method asked holds within the limit: that verdict
            # leads, and no limit needs raising (was "89.3 GB fits in the 96 GB if macOS lets
            # the GPU keep more" under "✅ Yes", the planning rule's figure)
            within = whole is not None and whole.method == asked.method and whole.gpus == 1 \
                and whole.per_gpu_gb <= asked.vram_gb
            if not asked.fits and not within and held_gb < asked.unified_gb:
                # The limit is a default: sysctl iogpu.wired_limit_mb raises it until the next
                # restart (ml-explore/mlx python/tests/test_memory_simple.py; exo-explore/exo
                # configure_mlx.sh).
                put(_(
                    "%(est)s fits in the %(total)s if macOS lets the GPU keep more: sudo sysctl "
                    "iogpu.wired_limit_mb=N (N in MiB) raises the limit until the next restart, "
                    "leaving less memory for the system.",
                    est=fmt.gb(held_gb), total=fmt.gb(asked.unified_gb),
                ))
                put("\n")
        said = ph.memory_said(card, query.gpu_memory_said_gb)
        if said is not None:
            put(said)
            put("\n")
        if query.gpu_variant_assumed and card.unified_memory:
            put(ph.mac_assumed(card))
            put("\n")
        elif query.gpu_variant_assumed:
            put("ℹ️ ")
            if card.rented:
                put(_("Read as the %(gpu)s, the one we rent.", gpu=ph.gpu_name(card.id)))
            elif _SIZE_IN_NAME.search(card.name):
                put(_("Read as the %(gpu)s.", gpu=ph.gpu_name(card.id)))
            else:
                # "qlora llama 3 8b on my 4060 ti": the memory taken, the other one's below
                put(_("Read as the %(gpu)s with %(size)s.", gpu=ph.gpu_name(card.id),
                      size=fmt.gb(card.vram_gb)))
            for v in answer.variant_fits:
                if v.fits == asked.fits and not card.rented:
                    put(" ")
                    put(_variant_also(ph, answer, v, cat))
                    continue
                if v.fits == asked.fits:
                    continue
                put(" ")
                if v.fits:
                    put(_("On the %(other)s it fits: %(room)s.",
                          other=ph.gpu_name(v.gpu), room=ph.headroom(v)))  # type: ignore[arg-type]
                else:
                    put(_("On the %(other)s it does not fit: %(room)s.",
                          other=ph.gpu_name(v.gpu), room=ph.headroom(v)))  # type: ignore[arg-type]
            put("\n")
    plural = ph.plural_count(answer)
    if plural is not None:
        put(plural)
        put("\n")
    if answer.layer_split is not None and not (asked is not None and asked.gpu and card):
        put(_layer_split(ph, answer))  # "on 16gb vram": no card named
    if answer.ram_pick is not None and asked is not None:
        put(_ram_pick(ph, answer.ram_pick))
    if asked is not None and not asked.gpu and query.gpu_text:
        put("🤔 ")
        put(_(
            "I don't know the GPU “%(gpu)s”: this verdict is for a GPU with its %(vram)s.",
            gpu=_truncate(query.gpu_text, 40), vram=fmt.gb(asked.vram_gb / asked.gpu_count),
        ))
        put("\n")
    if asked is not None:
        pass
    elif intent == "recommend":
        if run_lead:
            put("\n")
        primary = answer.primary
        if query.count_asked and query.gpu is None and primary is not None \
                and primary.cheapest is not None:
            # "how many gpus do i need to full finetune llama 3.1 70b", no card named: the count
            # leads, the cheapest instance that holds it and each card's count by the planning
            # rule (was "The cheapest GPUs for …", the count asked only in the list below).
            put("🔢 <b>")
            put(_("For %(who)s with %(how)s: %(where)s, the cheapest offered configuration that "
                  "holds it.", who=who, how=ph.method_short(primary.memory.method),
                  where=ph.fit_config(primary.cheapest)))
            put("</b>\n")
            if primary.cheapest.gpu_count > 1:
                # Card by card, as a run no instance holds is counted (_counts_beyond).
                put(_("The planning rule's %(need)s is the memory of %(counts)s; one instance "
                      "has at most %(max)s GPUs.", need=ph.size(primary.memory.estimate_gb),
                      counts=_counts_beyond(ph, primary.memory), max=ph.cat.limits.max_gpus))
                put("\n")
            put("\n")
        cheap = _cheapest_of_all(answer)
        if cheap is not None and cheap.cheapest is not None \
                and cheap.cheapest.usd_per_hour is not None:
            # "cheapest way to run deepseek r1 671b": the list goes by precision, its published
            # one first (8× H200 in 8-bit); the cheapest of all leads (8× H100 in 4-bit).
            put("👉 <b>")
            put(_("Cheapest: %(where)s at %(price)s, with %(how)s.",
                  where=ph.fit_config(cheap.cheapest), price=ph.per_hour(cheap.cheapest.usd_per_hour),
                  how=ph.method_short(cheap.memory.method)))
            put("</b>\n")
        put("🏆 <b>")
        put(_("The cheapest GPUs for %(who)s", who=who))
        put("</b>\n")
    elif intent == "cost":
        # A dataset given: the estimated run's cost leads, on the cheapest configuration that
        # fits.
        if run_lead:
            pass
        elif query.pretraining:
            put("💵 <b>")
            put(_("What training %(who)s from scratch costs", who=who))
            put("</b>\n")
        elif serve_lead is not None:
            # "¿y cuánto sale al mes?" after "which gpu to serve llama 3 8b to 50 users": where
            # it is served for least and what those hours cost there lead (was "What serving …
            # costs", the figure under each precision's line)
            assert primary is not None
            args = {"who": who, "wall": fmt.duration(serve_lead.hours),
                    "where": ph.config(serve_lead.gpu, serve_lead.gpu_count),
                    "how": ph.method_short(primary.memory.method)}
            put("👉 <b>")
            if query.users:
                put(ph.ngettext(
                    "To serve %(who)s to %(users)s user at once for %(wall)s: %(where)s "
                    "(%(how)s), the cheapest offered configuration that holds it.",
                    "To serve %(who)s to %(users)s users at once for %(wall)s: %(where)s "
                    "(%(how)s), the cheapest offered configuration that holds them.",
                    query.users, users=fmt.num(query.users), **args))
            else:
                put(_("To serve %(who)s for %(wall)s: %(where)s (%(how)s), the cheapest offered "
                      "configuration that holds it.", **args))
            put("</b>\n")
            put(ph.quote_block(serve_lead))
            put("\n")
        elif query.inference:
            put("💵 <b>")
            put(_("What serving %(who)s costs", who=who))  # "cost to serve deepseek r1 for 24h"
            put("</b>\n")
        else:
            put("💵 <b>")
            put(_("What fine-tuning %(who)s costs", who=who))
            put("</b>\n")
        if not run_lead and query.dataset_samples and query.hours is None:
            # "how much to fine-tune llama 3.1 8b on 10k samples": the length turns them into
            # tokens.
            put("❓ ")
            put(_(
                'How long is one of your %(samples)s samples, about? With it ("%(samples)s '
                'samples of 512 tokens, 3 epochs") the cost is estimated for your run instead '
                "of the illustrative hours below.",
                samples=fmt.num(query.dataset_samples),
            ))
            put("\n")
    else:
        put("📐 <b>")
        put(_("Memory for %(who)s", who=who))
        put("</b>\n")
        if detailed and detailed.stated and answer.method_detailed_gb:
            # Serving at a stated context: the detailed figure leads, KV cache included. With
            # no GPU asked it is the whole model on one GPU, not a share of several (the
            # cheapest configuration below may hold it on four).
            args = {"ctx": fmt.num(detailed.seq_len), "batch": fmt.num(detailed.micro_batch),
                    "how": ph.method_short(detailed.method),
                    "det": fmt.gb(detailed.per_gpu_gb, 1),
                    "kv": fmt.gb(detailed.breakdown.term("kv_cache"), 1)}
            if detailed.gpus == 1:
                put(_(
                    "With %(ctx)s tokens of context and batch %(batch)s, %(how)s needs about "
                    "%(det)s on one GPU (detailed estimate, KV cache %(kv)s).", **args,
                ))
            else:
                put(_(
                    "With %(ctx)s tokens of context and batch %(batch)s, %(how)s needs about "
                    "%(det)s per GPU (detailed estimate, KV cache %(kv)s).", **args,
                ))
            put("\n")
            if query.context_default == "vllm":
                # "vllm serve <model>" with no card: why the context is the model's whole one
                put(_vllm_context_note(ph, answer))
        elif detailed and answer.method_detailed_gb and many > 1 and detailed.gpus > 1 \
                and detailed.check is None and detailed.kind != "training":
            # "can i serve qwen2.5 72b on 4 gpus": several precisions on a count, no card
            # (bot.answer._split_unsaid): each line's figure is per GPU split that many ways,
            # as one precision asked gets it (detailed_lines._split_lines).
            put("ℹ️ ")
            put(_(
                "Split over %(n)s GPUs (tensor parallel), at typical settings (context %(ctx)s, "
                "batch %(batch)s): each precision's detailed estimate per GPU is on its line.",
                n=detailed.gpus, ctx=fmt.num(detailed.seq_len),
                batch=fmt.num(detailed.micro_batch),
            ))
            put("\n")
            offer = detailed.split_offer
            if offer is not None and offer.gpu is not None and offer.usd_per_hour is not None:
                put("🏷 ")
                put(_("Offered with %(n)s GPUs: %(config)s at %(price)s.", n=detailed.gpus,
                      config=ph.config(offer.gpu, offer.gpu_count),
                      price=ph.per_hour(offer.usd_per_hour)))
                put("\n")
        elif _training_lead(answer):
            # Training settings stated, no configuration asked: the detailed figure leads
            # (DESIGN.md §3); the method's line gives the planning one beside it.
            assert detailed is not None
            put("🎯 <b>")
            put(_training_headline(ph, detailed))
            put("</b>\n")
            put(observed_line(ph, answer))
        if answer.ram_pick is not None:
            put(_ram_pick(ph, answer.ram_pick))  # Ollama's error pasted, no card named
        if many == 1:
            lead = True
            out = []
            put = out.append
    native = answer.native
    if native is not None and answer.native_memory is not None and primary is not None:
        put(_native_note(ph, answer, native.format, answer.native_memory))
    if (
        asked is not None and asked.gpu and asked.usd_per_hour is not None and intent != "cost"
        and not (quote and _same_config(quote, asked))
    ):
        put("💵 ")
        put(_("%(cfg)s: %(price)s", cfg=where, price=ph.per_hour(asked.usd_per_hour)))
        put("\n")
    if answer.offload_instead is not None:
        put(offload_instead_line(ph, answer.offload_instead))
    put("\n")
    for ma in methods:
        _method_lines(put, ma, answer, ph)
    served = answer.served_after
    if served is not None:
        # "lora llama 3 8b on a 3090, then run it at 4bit": the training above, then serving.
        put("🔁 ")
        if served.fits:
            put(_("Serving it afterwards (%(how)s) takes about %(need)s by the planning rule: it "
                  "fits on %(where)s, %(left)s left.", how=ph.method_short(served.method),
                  need=ph.memory(served.estimate_gb), where=ph.fit_config(served),
                  left=ph.memory(served.headroom_gb)))
            seqs, users = answer.served_after_seqs, answer.query.serve_users
            if seqs is not None and users is not None:
                # "… then serve it to 20 users": the users said against the sequences held
                values = {"n": fmt.num(seqs.sequences), "ctx": fmt.num(seqs.context),
                          "users": fmt.num(users)}
                put(" ")
                if seqs.sequences >= users:
                    put(_("There, vLLM holds at most about %(n)s sequences of %(ctx)s tokens at "
                          "once by the detailed estimate: room for your %(users)s users at "
                          "once.", **values))
                else:
                    put(_("There, vLLM holds at most about %(n)s sequences of %(ctx)s tokens at "
                          "once by the detailed estimate, fewer than your %(users)s users at "
                          "once: more GPUs, 4-bit weights or shorter contexts hold more.",
                          **values))
        else:
            put(_("Serving it afterwards (%(how)s) takes about %(need)s by the planning rule, "
                  "more than the %(vram)s of %(where)s.", how=ph.method_short(served.method),
                  need=ph.memory(served.estimate_gb), vram=ph.memory(served.vram_gb),
                  where=ph.fit_config(served)))
        put("\n")
    draft = answer.draft_memory
    if draft is not None and answer.query.draft_model is not None:
        # "speculative decoding … with a qwen2.5 0.5b draft": what the draft adds
        put("🎯 ")
        put(_("The draft model for speculative decoding, %(draft)s, comes on top: about "
              "%(need)s more by the planning rule (%(how)s), and its own KV cache.",
              draft=ph.cat.models.get(answer.query.draft_model).name,
              need=ph.memory(draft.estimate_gb), how=ph.method_short(draft.method)))
        put("\n")
    if answer.served_instead:
        # "mistral 7b on a 3090?": the training above; many who ask so mean running it.
        bf16, four = answer.served_instead
        put("🖥 ")
        if bf16.fits:
            put(_("To run it instead (inference), it takes about %(need)s in BF16 by the "
                  "planning rule: it fits on %(where)s, %(left)s left. Ask “and to run it?” "
                  "for its speed and context.", need=ph.memory(bf16.estimate_gb),
                  where=ph.fit_config(bf16), left=ph.memory(bf16.headroom_gb)))
        elif four.fits:
            put(_("To run it instead (inference), it takes about %(need)s in BF16 by the "
                  "planning rule, more than the %(vram)s of %(where)s; in 4-bit about "
                  "%(four)s, which fits. Ask “and to run it?” for its speed and context.",
                  need=ph.memory(bf16.estimate_gb), vram=ph.memory(bf16.vram_gb),
                  where=ph.fit_config(bf16), four=ph.memory(four.estimate_gb)))
        elif four.gpu is not None and not four.rentable:
            # "mixtral on a 3060 12gb": one's own card, where llama.cpp keeps what it cannot
            # hold in system RAM (the follow-up gets the layer split and its speed bound)
            put(_("To run it instead (inference), it takes about %(four)s even in 4-bit by "
                  "the planning rule, more than the %(vram)s of %(where)s; llama.cpp or Ollama "
                  "still run it partly on the CPU: ask “can I run it with llama.cpp?”.",
                  four=ph.memory(four.estimate_gb), vram=ph.memory(four.vram_gb),
                  where=ph.fit_config(four)))
        else:
            put(_("To run it instead (inference), it takes about %(four)s even in 4-bit by "
                  "the planning rule, more than the %(vram)s of %(where)s.",
                  four=ph.memory(four.estimate_gb), vram=ph.memory(four.vram_gb),
                  where=ph.fit_config(four)))
        put("\n")
    if asked is not None and asked.gpu_count > 1 and answer.head_split is None:
        inference = ph.method_kind(asked.method) == "inference"
        put(ph.sharding(inference, gguf=cat.method(asked.method).quant is not None,
                        replicated=not inference and answer.query.sharding == "ddp",
                        zero=None if inference else answer.query.sharding))
        put("\n")
    if unpriced and not (intent == "cost" and not run_lead):
        assert asked is not None and asked.gpu is not None
        put(_(
            "We rent the %(gpu)s too, but its price is not published: ask support before "
            "planning on it.", gpu=ph.gpu_name(asked.gpu),
        ))
        put("\n")
    elif unpriced_lead and query.fit_first:
        # "does llama 3 70b fit on 2 4090s and what would it cost": after the verdict asked
        # first, why the cost is not on the card asked, and where it is (was this line first,
        # the verdict under it)
        assert asked is not None and asked.gpu is not None
        put("\n💵 ")
        put(ph.ngettext(
            "We rent the %(gpu)s, but its price is not published: the cost below is on the "
            "cheapest offered configuration that holds the run.",
            "We rent the %(gpu)s, but its price is not published: the costs below are on the "
            "cheapest offered configurations that hold each method.",
            1 if verdict_priced else many, gpu=ph.gpu_name(asked.gpu)))
        put("\n")
    put("\n")
    if answer.asked_quote and (query.fit_first or asked_misses) \
            and answer.plural_need is None:  # "on h100s": 1× H100 was never asked
        # "can i full finetune 70b on an h100 and how much for 10 hours": the hours asked
        # about cost what they cost, after the verdict asked first.
        if asked_misses:
            assert asked is not None
            put("ℹ️ ")
            put(_("What it would cost on %(where)s, where it does not fit:",
                  where=ph.fit_config(asked)))
            put("\n")
        put(ph.quote_block(answer.asked_quote))
        put("\n\n")
    if intent == "cost" and many > 1 and verdict_priced:
        _verdict_priced(ph, answer, methods, put, lead_quote, serve_lead, run_lead, tq)
    elif intent == "cost" and many > 1:
        # Hours given: one cost on the configuration named, whichever method; a dataset: each
        # run's own.
        for ma in methods:
            q = ma.quote
            if (
                not q
                # the lead's configuration, said there, whichever precision
                or (serve_lead is not None and (q.gpu, q.gpu_count, q.hours, q.cost_usd) == (
                    serve_lead.gpu, serve_lead.gpu_count, serve_lead.hours, serve_lead.cost_usd))
                or (run_lead and asked is not None and q == tq.quote)  # type: ignore[union-attr]
                or (
                    not run_lead and lead_quote is not None and asked is not None
                    and _same_config(q, asked)
                )
            ):
                continue
            put("<b>")
            put(ph.method_name(ma.memory.method, query.pretraining))
            put("</b>\n")
            put(ph.quote_block(q))
            put("\n\n")
    elif quote and not cost_first and not own_first and not (run_lead and asked is not None):
        if query.card_mine and intent == "cost" and asked is not None and asked.gpu \
                and not _same_config(quote, asked):
            # "how much would it cost to qlora llama 3 8b on my 4090": the run on one's own
            # card costs its electricity, which its time decides; the rental beside it said to
            # be one (was an unlabelled "Cost: $8.20 — 1× L40S", read as the 4090's cost).
            put(_own_card_cost(ph, asked.gpu, asked.gpu_count, quote, query.hours))
            put("\n")
        put(ph.quote_block(quote))
        put("\n")
        put(_count_quoted(ph, answer, quote))
        put("\n")
        faster = ph.same_paid_faster(tq) if run_lead else None
        if faster is not None:
            put(faster)
            put("\n")
    ratio = answer.ratio
    if ratio and ratio.ratio > 1:
        # (both on the same configuration, "8× H100 … vs 8× H100 …": no more, said nothing)
        # Each price beside the configuration it is for ("4× A100 80GB at $3.68/hour vs 1× A100
        # 80GB at $0.92/hour"): was the two prices alone, QLoRA's on the cheapest card that holds
        # it while the user asked about another.
        put(_(
            "Full fine-tuning costs about %(ratio)s× more per hardware hour than QLoRA "
            "(%(full_where)s at %(full)s vs %(q_where)s at %(q)s).",
            q=ph.per_hour(ratio.qlora.usd_per_hour),  # type: ignore[arg-type]
            full=ph.per_hour(ratio.full.usd_per_hour),  # type: ignore[arg-type]
            q_where=ph.fit_config(ratio.qlora), full_where=ph.fit_config(ratio.full),
            # "1.1×", not "1×" (A100 80GB against L40S): a tenth under ten.
            ratio=fmt.num(ratio.ratio, 1 if ratio.ratio < 10 else 0),
        ))
        put("\n")
    for s in answer.savings:
        put(_(
            "%(ours)s per GPU-hour here vs %(ref)s at %(provider)s: %(pct)s less.",
            ours=fmt.usd(s.our_usd_per_gpu_hour), provider=s.provider,
            pct=fmt.percent(s.saving_percent), ref=fmt.usd_exact(s.reference_usd_per_gpu_hour),
        ))
        put("\n")
    mac = card is not None and card.platform == "metal"
    if primary:
        # A Mac runs no TRL (CUDA): a run over it is started on the rented configuration; a
        # training tool named (torchtune, Axolotl, LLaMA-Factory, Unsloth) starts it its way.
        # PyTorch named there ("using pytorch mps"): its LoRA starts as on CUDA (TRL runs on
        # MPS); only bitsandbytes' 4-bit QLoRA goes to mlx-lm.
        torch_mac = mac and query.pytorch and primary.memory.method != "qlora"
        step = _mlx_launch(primary, answer, ph) if mac and not torch_mac \
            else tool_launch(primary, answer, ph)
        launched = primary
        strategy: str | None = None
        if run_lead and tq is not None and tq.quote is not None and primary.cheapest is not None \
                and (asked is None or not asked.fits) \
                and not _same_config(tq.quote, primary.cheapest):
            # "how much to rent enough gpus to full finetune qwen2.5 32b … on 200M tokens": the
            # command for the configuration the run is timed and priced on (8× B200), not the
            # cheapest per hour (8× H200 was named under the 8× B200 quote).
            launched = dataclasses.replace(primary, cheapest=dataclasses.replace(
                primary.cheapest, gpu=tq.quote.gpu, gpu_count=tq.quote.gpu_count))
        faithful = _most_faithful(answer, ph) if step is None and not mac else None
        if faithful is not None and launched is primary:
            # "finetune gpt2 on a t4": every method fits with room; the command is full
            # AdamW's, the one that changes the model as trained, not QLoRA's.
            launched = faithful
        if step is None and not mac and launched is primary:
            # The reply says it does not fit there: the command carries what makes it fit, or
            # names where it does (tool_lines.trl_fix).
            # A fix that shards names its strategy (ZeRO-3 after "… with deepspeed zero2").
            fixed = trl_fix(primary, answer, cat)
            if fixed is not None:
                launched, strategy = fixed
        if step is not None and not step:
            pass  # the tool named has no way to run it (llm-foundry's QLoRA): no command
        elif step is None and not mac and launched is primary and _offload_runs(primary, answer):
            # "zero 3 offload … llama 3 70b on a single 4090 with 128gb ram": the offload makes
            # it fit there, the command runs there with it (was on a rented L40S)
            put(ph.launch_offloaded(_all_linear(primary, query),
                                    (query.sharding or "").startswith("fsdp")))
        else:
            put(step if step is not None
                else ph.launch(_all_linear(launched, query), strategy or query.sharding,
                               elsewhere=mac and not torch_mac))
        if faithful is not None and launched is faithful and step is None:
            put(" ")
            put(_faithful_why(ph, faithful.memory.method))
        if step is None or step:
            put("\n")
        if _vllm_default_len(answer) is not None:
            put(_vllm_next(ph, answer))
            put("\n")
    if mac and methods:
        put("🍎 ")
        put(_(
            "On a Mac, bitsandbytes (the 4-bit loader of QLoRA) and CUDA-only kernels such as "
            "FlashAttention and DeepSpeed do not run. What does: MLX and llama.cpp for 4-bit "
            "inference, and MLX (mlx-lm) to train LoRA adapters, also on a 4-bit model, or all "
            "the weights."
        ))
        put("\n")
        if query.engine is not None and not runs_on_metal(query.engine):
            # "serve llama 3 8b with vllm on my m2 max": the figures above are not vLLM's.
            put("🍎 ")
            put(ph.off_metal(query.engine, query.engine))
            put("\n")
    elif card and card.platform == "xpu" and methods:
        put("🔵 ")
        put(_(
            "On Intel Arc, PyTorch runs through its XPU backend (PyTorch 2.5 and later) and "
            "llama.cpp through SYCL or Vulkan; CUDA-only kernels do not run, so check that "
            "each library you use supports Intel GPUs."
        ))
        put("\n")
    elif card and card.platform == "rocm" and methods:
        put("🔴 ")
        put(_(
            "On AMD (ROCm), PyTorch, PEFT/TRL LoRA and vLLM run; bitsandbytes 4-bit and "
            "FlashAttention need their ROCm builds, CUDA-only kernels do not run, and ROCm "
            "supports fewer consumer Radeon cards than Instinct ones."
        ))
        put("\n")
    if card and methods and card.shared_memory_gb is not None:
        put("🧠 ")
        if card.shared_memory_gb > card.vram_gb:
            # "strix halo 64gb": the GPU's share of the machine said, in the cited proportion.
            share = query.gpu_memory_gb or card.vram_gb
            put(_(
                "%(total)s of memory shared by the CPU and the GPU, of which the GPU can be "
                "given up to %(gpu)s: the fit uses that.",
                total=fmt.gb(share * card.shared_memory_gb / card.vram_gb),
                gpu=fmt.gb(share),
            ))
        else:
            put(_(
                "%(total)s of memory shared by the CPU and the GPU: the system and other "
                "programs take part of it, so a little less is left for the model.",
                total=fmt.gb(card.shared_memory_gb),
            ))
        put("\n")
    if card and methods and not cat.has_bf16(card):
        # "lora on a colab t4", "full ft on a v100": the BF16 the reply counts does not run
        # there; FP16 does, in the same 2 bytes.
        if bf16_said:
            pass  # the reply led with it
        elif any(ph.method_kind(m.memory.method) != "inference" for m in methods):
            put("⚠️ ")
            put(_(
                "The %(gpu)s has no BF16 (NVIDIA added it with Ampere): train in FP16, "
                "fp16=True rather than bf16=True (and bnb_4bit_compute_dtype=float16 for "
                "QLoRA), or the Hugging Face Trainer stops with “Your setup doesn't support "
                "bf16/gpu”. FP16 also takes 2 bytes a value, so the memory figures hold.",
                gpu=ph.gpu_name(card.id),
            ))
            put("\n")
        elif ph.fp16_weights:
            pass  # "--dtype half": served in FP16 as said, named so
        elif any(m.memory.method == "inference_bf16" for m in methods):
            put("⚠️ ")
            put(_(
                "The %(gpu)s has no BF16 (NVIDIA added it with Ampere): serve a BF16 model in "
                "FP16 there (--dtype half in vLLM). FP16 also takes 2 bytes a value, so the "
                "memory figures hold.",
                gpu=ph.gpu_name(card.id),
            ))
            put("\n")
    if card and methods and query.flash_attn2 and card.platform == "cuda" \
            and not cat.has_bf16(card) and not query.fa2_error:  # the error pasted: it led
        # "flash attention 2 … on a t4": flash-attn needs Ampere or newer (gpus_owned.toml
        # [no_bf16] flash_attention_2_source); SDPA runs there and keeps the figures.
        put("⚠️ ")
        put(_(
            "FlashAttention-2 does not run on the %(gpu)s: the flash-attn package supports "
            "Ampere, Ada and Hopper cards only. Load the model with "
            "attn_implementation=\"sdpa\" instead: PyTorch's memory-efficient kernel runs "
            "there and does not store the attention scores either, so the memory figures hold.",
            gpu=ph.gpu_name(card.id),
        ))
        put("\n")
    if not query.licence_asked:  # asked: it led the reply (answer_lines._licence_lead)
        put(ph.licence(query.model_id, answer.gated))
    put("\n\n")
    if methods and ph.method_kind(methods[0].memory.method) == "inference":
        put(ph.kv_cache())
    else:
        put(ph.activations())
    put("\n")
    if not lead:
        return FitParts(Markup("".join(head)), False, Markup())
    return FitParts(Markup("".join(head)), True, Markup("".join(out)))


def bf16_error_line(answer: Answer, ph: Phrases) -> Markup:
    """The BF16 error explained alone (no model named): for the card named, else both causes."""
    gpu = answer.gpu
    return _bf16_error(ph, answer, gpu is not None and not ph.cat.has_bf16(gpu), alone=True)


def fa2_error_line(answer: Answer, ph: Phrases) -> Markup:
    """flash-attn's Ampere error explained alone (no model named)."""
    return _fa2_error(ph, answer, alone=True)


# The architectures the flash-attn README lists for FlashAttention-2 (gpus_owned.toml [no_bf16]
# flash_attention_2_source), as [[fp8_arch]] names them.
_FA2_ARCHS: Final = frozenset({"Ampere", "Ada Lovelace", "Hopper"})


def _fa2_error(ph: Phrases, answer: Answer, alone: bool = False) -> Markup:
    """"RuntimeError: FlashAttention only supports Ampere GPUs or newer." pasted: flash-attn's
    kernels run on Ampere, Ada and Hopper only (its README), so the run was on an older card;
    PyTorch's SDPA runs there and keeps no attention scores either. On a card of those three
    named, the error still says the GPU the process used is older."""
    _ = ph._
    card = answer.gpu
    arch = ph.cat.fp8_arch(card) if card is not None else None
    if card is not None and card.platform == "cuda" and not ph.cat.has_bf16(card):
        head = _("This is about FlashAttention-2, not memory: the flash-attn package runs on "
                 "Ampere, Ada and Hopper cards only, and the %(gpu)s is older.",
                 gpu=ph.gpu_name(card.id))
    elif card is not None and card.platform == "cuda" and arch is not None \
            and arch.arch in _FA2_ARCHS:
        head = _("This is about FlashAttention-2, not memory: the flash-attn package runs on "
                 "Ampere, Ada and Hopper cards, the %(gpu)s (%(arch)s) among them, so the GPU "
                 "this error came from is an older one: check which GPU the process uses "
                 "(CUDA_VISIBLE_DEVICES).", gpu=ph.gpu_name(card.id), arch=arch.arch)
    else:
        head = _("This is about FlashAttention-2, not memory: the flash-attn package runs on "
                 "Ampere, Ada and Hopper cards only (an A100, RTX 3090, RTX 4090 or H100), and "
                 "this error says the GPU is older (a T4 or a V100, for example).")
    body = _(
        "Load the model with attn_implementation=\"sdpa\" instead of \"flash_attention_2\" "
        "(in axolotl, sdp_attention: true instead of flash_attention: true): PyTorch's "
        "memory-efficient kernel runs there and does not store the attention scores either."
    ) if alone else _(
        "Load the model with attn_implementation=\"sdpa\" instead of \"flash_attention_2\" "
        "(in axolotl, sdp_attention: true instead of flash_attention: true): PyTorch's "
        "memory-efficient kernel runs there and does not store the attention scores either, so "
        "the memory figures below hold."
    )
    source = _("Source: the flash-attn README (Dao-AILab/flash-attention), “NVIDIA CUDA "
               "Support”.")
    return Markup("⚠️ <b>") + head + Markup("</b> ") + body + Markup("\n<i>") + source \
        + Markup("</i>")


def _bf16_error(ph: Phrases, answer: Answer, no_bf16: bool, alone: bool = False) -> Markup:
    """"ValueError: Your setup doesn't support bf16/gpu" pasted: the error is about BF16, not
    memory. On a card without BF16 (gpus_owned.toml [no_bf16]): train in FP16, which scales
    the loss; on one with it, the Trainer's own check (PyTorch and CUDA versions) failed."""
    _ = ph._
    card = answer.gpu
    if no_bf16 and card is not None:
        head = _("This is about BF16, not memory: the %(gpu)s has no BF16 (NVIDIA added "
                 "it with Ampere, compute capability 8.0).", gpu=ph.gpu_name(card.id))
        body = _(
            "Train in FP16: fp16=True, bf16=False (and bnb_4bit_compute_dtype=float16 for "
            "QLoRA). FP16's range is narrower than BF16's and gradients can overflow or "
            "underflow: the Trainer's FP16 mode scales the loss to keep them in range (dynamic "
            "loss scaling, Micikevicius et al. 2018); a loss that turns nan or inf is the sign "
            "of it."
        ) if alone else _(
            "Train in FP16: fp16=True, bf16=False (and bnb_4bit_compute_dtype=float16 for "
            "QLoRA). FP16 also takes 2 bytes a value, so the memory figures below hold, but its "
            "range is narrower than BF16's and gradients can overflow or underflow: the "
            "Trainer's FP16 mode scales the loss to keep them in range (dynamic loss scaling, "
            "Micikevicius et al. 2018); a loss that turns nan or inf is the sign of it."
        )
    elif card is not None and card.platform == "cuda" and ph.cat.has_bf16(card):
        head = _("This is about BF16, not memory, and the %(gpu)s does have BF16 "
                 "(Ampere or newer).", gpu=ph.gpu_name(card.id))
        body = _(
            "The Hugging Face Trainer asks PyTorch whether BF16 runs, and says no when PyTorch "
            "is older than 1.10, was built without CUDA 11 or newer, or sees no GPU at all: "
            "check torch.__version__, torch.version.cuda and torch.cuda.is_available()."
        )
    else:
        head = _("This is about BF16, not memory.")
        body = _(
            "NVIDIA cards older than Ampere (compute capability below 8.0: T4, V100, RTX 20 "
            "series) have no BF16: train in FP16 there, fp16=True and bf16=False, whose loss "
            "scaling keeps the gradients in FP16's narrower range. On a newer card, PyTorch is "
            "older than 1.10 or was built without CUDA 11."
        )
    return Markup("⚠️ <b>") + head + Markup("</b> ") + body


def within_line(answer: Answer, ph: Phrases, lead: bool = False) -> Markup | None:
    """"how many tokens can i train in 10 hours", "with $500 how many tokens…": what the hours
    (a budget's, in whole blocks) train, at the assumed utilization; None when not asked."""
    _, fmt, query = ph._, ph.fmt, answer.query
    within = answer.within
    if within is None or within.throughput is None or not within.gpu or not query.hours:
        return None
    tp = within.throughput
    exact = tp.total_tokens_per_second * query.hours * 3600
    out = [Markup("⏱ <b>") if lead else "⏱ ", _(
        "In %(wall)s, %(where)s trains about %(tokens)s (%(how)s, about %(rate)s tokens/s at "
        "an assumed %(mfu)s of its peak: an estimate, not a measurement).",
        wall=fmt.duration(query.hours), where=ph.config(within.gpu, within.gpu_count),
        tokens=fmt.tokens(_two_figures(exact)), how=ph.method_short(within.method),
        rate=fmt.num(tp.total_tokens_per_second, 0), mfu=fmt.percent(tp.mfu * 100, 0),
    ), Markup("</b>") if lead else ""]
    if query.within_samples:
        out += [" ", _within_samples(ph, exact, query.within_sample_len, query.epochs)]
    elif query.within_epochs:
        out += [" ", _within_epochs(ph, exact, query)]
    elif query.time_judged:
        out += ["\n", _time_judged(ph, query, tp.total_tokens_per_second)]
    return Markup("").join(out)


def _optimizer_steps(answer: Answer, estimate: Decimal) -> tuple[Decimal, int, int, Decimal]:
    """The tokens of an optimizer step (at the sequence and batch said, else the typical ones),
    its batch with accumulation, its sequence, and a GPU's steps a second at `estimate`
    tokens/s."""
    query, speed = answer.query, answer.train_speed
    assert speed is not None
    seq = query.seq_len if query.seq_len and query.seq_len > 0 else DEFAULT_SEQ_LEN
    # No batch said: the micro-batch the rate was estimated at (detail.typical_micro).
    micro = query.batch_size if query.batch_size and query.batch_size > 0 \
        else speed.typical_micro or DEFAULT_MICRO_BATCH
    # the accumulation a named torchtune config uses too, as the remedy keeps it
    batch = micro * query.run_accumulation
    per_step = Decimal(seq * batch)
    return per_step, batch, seq, estimate / per_step


def steps_expected_lead(answer: Answer, ph: Phrases) -> str | None:
    """"how many it/s should i expect for qlora 7b on a 3090": the steps a second asked lead,
    in bold, with the batch and length they are counted at (was the tokens/s first, the it/s
    five lines down); None when no step rate is asked or none is estimated."""
    query, speed, fmt = answer.query, answer.train_speed, ph.fmt
    if query.rate_judged is not None or query.rate_judged_unit != "it_s" or speed is None \
            or not speed.asked or speed.throughput is None or speed.gpu is None \
            or speed.throughput.tokens_per_second <= 0 or answer.params_b is None:
        return None
    if query.step_rate_asked != "steps":
        return None  # "samples per second": the tokens/s lead, the samples after it
    per_step, batch, seq, steps = _optimizer_steps(answer, speed.throughput.tokens_per_second)
    return "⏱ <b>" + str(ph._(
        "About %(steps)s it/s (%(secs)s s/it): %(who)s on %(where)s (%(how)s, estimate), at "
        "%(tokens)s tokens an optimizer step (batch %(batch)s × %(seq)s tokens).",
        steps=fmt.num(steps, 2), secs=fmt.num(1 / steps, 1),
        who=ph.subject(answer.model_name, answer.params_b),
        where=ph.config(speed.gpu, speed.gpu_count), how=ph.method_short(speed.method),
        tokens=fmt.num(per_step), batch=fmt.num(batch), seq=fmt.num(seq))) + "</b>\n"


def rate_judged_line(answer: Answer, ph: Phrases) -> str | None:
    """"i get 0.3 it/s on a T4 with qlora llama 3.1 8b bs 2 seq 2048, is that normal": the
    rate measured against the training-speed estimate on that card, in its unit (steps at the
    batch and length said, else the typical ones, said so); None when not asked or not
    estimated there."""
    _, fmt, query = ph._, ph.fmt, answer.query
    speed = answer.train_speed
    said, unit = query.rate_judged, query.rate_judged_unit
    if unit is None or (said is not None and said <= 0) or speed is None or not speed.asked \
            or speed.throughput is None or (said is None and unit == "tokens"):
        return None
    estimate = speed.throughput.tokens_per_second
    if estimate <= 0:
        return None
    if unit == "tokens":
        assert said is not None
        ratio = said / estimate
        shown = _("your %(said)s tokens/s", said=fmt.num(said))
        lead = ""
    elif unit == "samples":
        # HF Trainer's train_samples_per_second: every GPU's samples together, each counted
        # at the sequence length said: no batch needed.
        assert said is not None
        seq = query.seq_len if query.seq_len and query.seq_len > 0 else DEFAULT_SEQ_LEN
        samples = speed.throughput.total_tokens_per_second / seq
        if samples <= 0:
            return None
        if not query.seq_len:
            # no length said: the samples' length at which the rate meets the estimate
            length = speed.throughput.total_tokens_per_second / said
            return "📏 " + _(
                "The trainer counts samples, not tokens: at this estimate's %(rate)s tokens/s, "
                "your %(said)s samples/s is what samples of about %(tokens)s tokens give. "
                "Yours longer than that: faster than it assumes; shorter: slower. Tell me "
                "their length for a verdict.", rate=fmt.num(speed.throughput.total_tokens_per_second),
                said=fmt.num(said), tokens=fmt.num(length, 0))
        ratio = said / samples
        shown = _("your %(said)s samples/s", said=fmt.num(said))
        lead = _("At %(seq)s tokens a sample, that is about %(samples)s samples/s; shorter "
                 "samples give more a second.",
                 seq=fmt.num(seq), samples=fmt.num(samples, 2)) + " "
    else:
        per_step, batch, seq, steps = _optimizer_steps(answer, estimate)
        lead = _("At %(tokens)s tokens an optimizer step (batch %(batch)s × %(seq)s tokens), "
                 "that is about %(steps)s it/s, %(secs)s s/it.",
                 tokens=fmt.num(per_step), batch=fmt.num(batch), seq=fmt.num(seq),
                 steps=fmt.num(steps, 2), secs=fmt.num(1 / steps, 1))
        if said is None:  # "what it/s should i expect": the estimate in steps alone
            return "📏 " + lead
        measured = 1 / said if unit == "s_it" else said
        ratio = measured / steps
        shown = _("your %(said)s s/it", said=fmt.num(said)) if unit == "s_it" \
            else _("your %(said)s it/s", said=fmt.num(said))
        lead += " "
    tp = speed.throughput
    # The share of the card's peak the rate measured takes at the fewest FLOPs a token (no
    # recomputation, attention's own left out): beyond 1 no run computes that fast, as the
    # time answer says of a rate given to time a run (detail._beyond_peak; was "faster than it
    # assumes" for 9,000 tokens/s of an 8B QLoRA on a 3090, 4.3 times its peak).
    k = tp.flops_per_param_token
    least = k - 2 if ph.recomputes(tp) and k > 2 else k
    peak_share = ratio * tp.mfu * least / k
    # A rate in tokens alone: steps a second turn into tokens through a batch that may be the
    # global one or each GPU's, too loose to call a step time beyond the card.
    if peak_share > 1 and speed.gpu is not None and unit == "tokens":
        verdict = _("Measured, %(shown)s would take %(times)s times the %(gpu)s's %(peak)s peak "
                    "TFLOPS, even without recomputing the forward pass: more than the card can "
                    "compute, so the figure likely counts something else (generated tokens, every "
                    "GPU together, padding).", shown=shown, times=fmt.num(peak_share, 1),
                    gpu=ph.gpu_name(speed.gpu), peak=fmt.num(tp.peak_tflops))
    elif ratio * Decimal("1.5") <= 1:
        verdict = _("Measured, %(shown)s is %(share)s of this estimate: slower than it assumes.",
                    shown=shown, share=fmt.percent(ratio * 100, 0))
    elif ratio >= Decimal("1.5"):
        verdict = _("Measured, %(shown)s is %(ratio)s times this estimate: faster than it "
                    "assumes.", shown=shown, ratio=fmt.num(ratio, 1))
    else:
        verdict = _("Measured, %(shown)s is in line with this estimate.", shown=shown)
    return "📏 " + lead + verdict


def _time_judged(ph: Phrases, query: Query, rate: Decimal) -> str:
    """"… 30 hours for qlora llama 3.1 8b on my 4090, is that normal": the data said, timed at
    the same rate, against the hours; with none said, how to read what those hours train."""
    _, fmt = ph._, ph.fmt
    hours = query.hours
    samples = query.dataset_samples
    if query.dataset_tokens is None and samples and rate > 0 and hours:
        return _samples_judged(ph, query, samples, hours, rate)
    if query.dataset_tokens is None or rate <= 0 or not hours:
        return _("Hold your data against it, its tokens times the epochs: far fewer tokens in "
                 "%(wall)s means your run is slower than this estimate. Tell me how many "
                 "samples and how long they are, or the tokens/s your trainer logs, to compare.",
                 wall=fmt.duration(hours or 0))
    # hours said of one epoch are held against one epoch's tokens
    total = query.dataset_tokens * (1 if query.hours_per_epoch else max(query.epochs or 1, 1))
    expected = total / rate / 3600
    ratio = hours / expected
    figures = {"tokens": fmt.tokens(_two_figures(total)), "est": fmt.duration(expected),
               "wall": fmt.duration(hours)}
    if ratio >= Decimal("1.5"):
        return _("Your %(tokens)s take about %(est)s there by this estimate: your %(wall)s are "
                 "%(ratio)s times that, slower than it. Compare the tokens/s your trainer logs "
                 "with this one.", ratio=fmt.num(ratio, 1), **figures)
    if ratio * Decimal("1.5") <= 1:
        return _("Your %(tokens)s take about %(est)s there by this estimate: your %(wall)s are "
                 "less than that, faster than it assumes.", **figures)
    return _("Your %(tokens)s take about %(est)s there by this estimate: your %(wall)s are in "
             "line with it.", **figures)


# A sample's length, short and long, when the count alone is said (bot.answer.SAMPLE_LENGTHS).
_SHORT_SAMPLE, _LONG_SAMPLE = 512, DEFAULT_SEQ_LEN


def _samples_judged(ph: Phrases, query: Query, samples: int, hours: Decimal,
                    rate: Decimal) -> str:
    """"i ran sft on mistral 7b for 3 epochs on 12k samples and it took 9 hrs on my 3090, is
    that normal?": the samples counted, their length not said, timed at a short and a long
    length against the hours; between the two, the length at which they meet (was "Tell me how
    many samples", the 12k and the epochs said unused)."""
    _, fmt = ph._, ph.fmt
    epochs = 1 if query.hours_per_epoch else max(query.epochs or 1, 1)
    count = Decimal(samples * epochs)
    short = count * _SHORT_SAMPLE / rate / 3600
    long = count * _LONG_SAMPLE / rate / 3600
    what = _("%(samples)s samples × %(epochs)s epochs", samples=fmt.num(samples),
             epochs=fmt.num(epochs)) if epochs > 1 else _("%(samples)s samples",
                                                          samples=fmt.num(samples))
    figures = {"what": what, "short": fmt.duration(short), "long": fmt.duration(long),
               "slen": fmt.num(_SHORT_SAMPLE), "llen": fmt.num(_LONG_SAMPLE),
               "wall": fmt.duration(hours)}
    lead = _("Your %(what)s take about %(short)s there at %(slen)s tokens a sample, %(long)s "
             "at %(llen)s, by this estimate:", **figures)
    if hours >= long * Decimal("1.5"):
        verdict = _("your %(wall)s are more than that even at %(llen)s tokens, slower than it. "
                    "Compare the tokens/s your trainer logs with this one.", **figures)
    elif hours * Decimal("1.5") <= short:
        verdict = _("your %(wall)s are less than that even at %(slen)s tokens, faster than it "
                    "assumes.", **figures)
    else:
        length = hours * 3600 * rate / count
        verdict = _("your %(wall)s are in line with it if your samples hold about %(tokens)s "
                    "tokens each.", tokens=fmt.num(length, 0), **figures)
    return lead + " " + verdict


def within_own_line(answer: Answer, ph: Phrases) -> Markup | None:
    """"i have $50, how many tokens can i train llama 3 8b with qlora on my 4090": the money
    buys hours of another configuration (`within`, leading); the card asked, which we do not
    price, said in tokens an hour: the user's own card needs no budget."""
    _, fmt, query = ph._, ph.fmt, answer.query
    own = answer.within_own
    if own is None or own.throughput is None or not own.gpu or answer.within is None:
        return None
    rate = own.throughput.total_tokens_per_second
    hourly = fmt.tokens(_two_figures(rate * 3600))
    where = ph.config(own.gpu, own.gpu_count)
    if query.card_owned:
        text = _("Your own %(where)s needs no budget, no GPU-hours to buy: it trains about "
                 "%(tokens)s an hour (about %(rate)s tokens/s, the same assumptions).",
                 where=ph.gpu_name(own.gpu) if own.gpu_count == 1 else where, tokens=hourly,
                 rate=fmt.num(rate, 0))
    else:
        text = _("On %(where)s it would train about %(tokens)s an hour (about %(rate)s "
                 "tokens/s, the same assumptions), but we rent it at no published price: ask "
                 "support before planning on it.", where=where, tokens=hourly,
                 rate=fmt.num(rate, 0))
    return Markup("🏠 " if query.card_owned else "ℹ️ ") + text


def fit_block(answer: Answer, ph: Phrases) -> Markup:
    """What fit.html.j2 prints, in one piece: the answer's lines, the detailed estimate's lead
    where they say and the detailed estimate after them, as the template laid them out with
    two includes (a context each)."""
    parts = fit_lines(answer, ph)
    detailed = answer.detailed
    out: list[str] = [parts.head]
    if parts.lead:
        if detailed:
            out.append(detailed_lead_block(ph, answer))
        out.append(parts.tail)
    if detailed and detailed.stated:
        out.append(detailed_block(ph, detailed, answer, "".join(out)))
    return str.__new__(Markup, "".join(out))  # every part is Markup: escaped already


# What each change of a remedy is called (bot.remedy.CHANGES; "seq_len" and "micro_batch" say
# their number).
_CHANGE_NAMES = {
    "sdpa": N_("SDPA instead of eager attention (attn_implementation=\"sdpa\")"),
    "grad_ckpt": N_("gradient checkpointing on"),
    "liger": N_("Liger Kernel (chunked loss: the logits are never held whole)"),
    "unsloth": N_("Unsloth (chunked loss, its LoRA kernels and checkpoints in CPU RAM)"),
    "adam8bit": N_("8-bit Adam"),
    "pure_bf16": N_("pure BF16 (no FP32 master weights)"),
    "cpu_offload": N_("CPU offload (FSDP or DeepSpeed ZeRO-3; slower)"),
    "optimizer_offload": N_(
        "optimizer offloaded to CPU RAM (ZeRO-Offload, offload_optimizer; slower)"
    ),
    "zero3": N_("DeepSpeed ZeRO-3 (the weights are split over the GPUs too)"),
    "shard": N_("FSDP or DeepSpeed ZeRO-3 instead of DDP (the model, gradients and optimizer "
                "states split over the GPUs)"),
    "lora": N_("LoRA instead of full fine-tuning"),
    "qlora": N_("QLoRA (4-bit base)"),
}


def _remedy_hint(answer: Answer, ph: Phrases) -> str:
    """Under a "no" whose fixes follow at the end of the reply (the block does not lead): the
    smallest of them beside the verdict ("qlora llama 3 70b on my 2 3090s": CPU offload brings
    it to 14.8 GB per GPU), so what makes it fit is not found only after the notes."""
    rm = answer.remedies
    if rm is None or rm.lead or not rm.options or answer.fits or rm.measured:
        return ""
    first = rm.options[0]
    machine = Decimal(str(load_constants()["overhead.host_ram_per_gpu_gb"])) * rm.gpu_count
    beyond = ""
    if rm.ram_gb is None and first.host_ram_gb is not None and first.host_ram_gb[0] > machine:
        # "full finetune llama 3 70b on h100s … seq 4096 batch 2": CPU offload brings 1× H100
        # to 40.9 GB, but keeps about 1,270 GB in CPU RAM, no one-GPU machine's. Not the
        # smallest change: said with what it needs, and the next option without offload leads.
        beyond = "💾 " + ph._(
            "CPU offload would bring it to %(gb)s per GPU, but keeps about %(host)s in CPU RAM "
            "(%(high)s with DeepSpeed's margin): more than machines have for that many GPUs (a "
            "DGX H100 has 2 TB for its 8, 256 GB each).", gb=ph.fmt.gb(first.per_gpu_gb, 1),
            host=ph.fmt.gb(first.host_ram_gb[0], 1), high=ph.fmt.gb(first.host_ram_gb[1], 1),
        ) + "\n"
        rest = [r for r in rm.options if r.host_ram_gb is None]
        if not rest:
            return beyond + _offload_short(ph, rm)
        first = rest[0]
    changes = str.__new__(Markup, " + ".join([_change(ph, rm, c, first) for c in first.changes]))
    # What the offload keeps in CPU RAM beside the verdict (the options at the end say it too):
    # against the RAM said, or what it takes.
    host = _host_said(ph, rm, first) if first.host_ram_gb is not None else ""
    return beyond + "🩹 " + (ph._(
        "Smallest change that makes it fit: %(changes)s, %(gb)s by the detailed estimate (all "
        "the options are at the end).", changes=changes, gb=ph.fmt.gb(first.per_gpu_gb, 1),
    ) if _on_mac(ph, rm) else ph._(
        "Smallest change that makes it fit: %(changes)s, %(gb)s per GPU by the detailed "
        "estimate (all the options are at the end).", changes=changes,
        gb=ph.fmt.gb(first.per_gpu_gb, 1),
    )) + (" " + host if host else "") + "\n" + _offload_short(ph, rm)


def _on_mac(ph: Phrases, rm: Remedies) -> bool:
    """The remedies are for a Mac's unified memory (one GPU, its share of the memory)."""
    return rm.gpu is not None and ph.cat.gpu(rm.gpu).unified_memory


# DeepSpeed's ZeRO stage said by name: on one GPU it partitions nothing, and offloads only
# when its config says so (ZeRO-1/2 only the optimizer: they have no offload_param).
_ZERO_STAGES = {"zero1": "ZeRO-1", "zero2": "ZeRO-2", "zero3": "ZeRO-3"}

# Most faithful first: what a method changes of the model as published, least approximated.
_FAITHFUL = ("full_adamw", "full_adam8bit", "lora", "qlora")


def _most_faithful(answer: Answer, ph: Phrases) -> MethodAnswer | None:
    """No method asked, several training methods on a configuration asked: the most faithful
    one that fits there with room (by the detailed estimate when it was made, and not within
    the planning rule's margin), when it is not the primary (QLoRA, the default). 'finetune
    gpt2 on a t4': full AdamW, 4.3 GB of 16.11, not QLoRA's flags for a 124M model."""
    query, primary = answer.query, answer.primary
    if query.method is not None or primary is None or len(answer.methods) < 2:
        return None
    by_id = {ma.memory.method: ma for ma in answer.methods}
    for method in _FAITHFUL:
        ma = by_id.get(method)
        if ma is None or ma.fit is None or not ma.trl_flags:
            continue
        fits = answer.method_fits.get(method, ma.fit.fits)
        if not fits or method in answer.method_typical_tight \
                or method in answer.method_typical_room:
            continue
        # By method, not identity: the primary may be a copy of its MethodAnswer ("dpo llama 3
        # 8b on a 4090": QLoRA's own flags were said to run LoRA, which does not fit there).
        return None if method == primary.memory.method else ma
    return None


def _offload_runs(primary: MethodAnswer, answer: Answer) -> bool:
    """The CPU offload stated makes the run fit on the user's card (the detailed estimate),
    where the planning rule, which keeps every state on the GPUs, says it does not."""
    query, asked, detailed = answer.query, primary.fit, answer.detailed
    return bool(query.cpu_offload) and bool(primary.trl_flags) and asked is not None \
        and not asked.fits and answer.fits is True and not answer.ram_short \
        and query.gpu is not None and detailed is not None and detailed.kind == "training" \
        and detailed.method == primary.memory.method


def _faithful_why(ph: Phrases, method: str) -> str:
    """Why the command is another method than the first listed (_most_faithful)."""
    if ph.cat.method(method).adapter:
        return ph._("That runs LoRA: it fits there with room and trains on the BF16 weights, "
                    "not a 4-bit copy.")
    return ph._("That runs %(method)s: it fits there with room and trains the whole model, "
                "not adapters.", method=ph.method_short(method))


def _recipe_line(answer: Answer, ph: Phrases) -> str:
    """"qlora llama 2 70b on 2x 3090": the published run of this kind on such cards, Answer.AI's
    FSDP+QLoRA recipe, with the detailed estimate at its settings here (bot.remedy.Recipe)."""
    r = answer.recipe
    primary = answer.primary
    if r is None or primary is None or primary.fit is None:
        return ""
    fmt = ph.fmt
    said = ph._(
        "Published recipe: Answer.AI's FSDP+QLoRA trained Llama 2 70B on two %(gpu)s GPUs "
        "(AnswerDotAI/fsdp_qlora, train.py %(flags)s). At those settings the detailed "
        "estimate is %(gb)s per GPU on %(where)s; their README says the command uses just "
        "over %(used)s of CPU RAM.",
        gpu=fmt.gb(r.gpu_gb), gb=fmt.gb(r.per_gpu_gb, 1), where=ph.fit_config(primary.fit),
        used=fmt.gb(r.ram_gb),
        flags=Markup(f"<code>--context_length {r.seq_len} --batch_size {r.micro_batch} "
                     "--use_gradient_checkpointing true --use_cpu_offload true</code>"),
    )
    ram = answer.query.system_ram_gb
    if ram is not None:
        said += " " + (ph._("That is more than the %(ram)s of RAM you have.", ram=fmt.gb(ram))
                       if ram < r.ram_gb else
                       ph._("The %(ram)s of RAM you have holds it.", ram=fmt.gb(ram)))
    return "📚 " + said + "\n"

def _host_said(ph: Phrases, rm: Remedies, remedy: Remedy) -> str:
    """A remedy with CPU offload: what it keeps in CPU RAM, and the RAM said against it ("can i
    finetune a 13b with lora on a 3090 with 32gb system ram": ZeRO-3/FSDP offload keeps the
    26 GB of BF16 weights there, not only 8.1 GB on the GPU). "" for another remedy."""
    host = remedy.host_ram_gb
    if host is None:
        return ""
    args = {"host": ph.fmt.gb(host[0], 1), "high": ph.fmt.gb(host[1], 1)}
    if rm.ram_gb is None:
        return ph._(
            "The offload keeps about %(host)s in CPU RAM, %(high)s with the 50%% margin "
            "DeepSpeed's memory estimator adds for buffers.", **args)
    args["ram"] = ph.fmt.gb(rm.ram_gb)
    if host[1] > rm.ram_gb:
        return ph._(
            "The offload keeps about %(host)s in CPU RAM, %(high)s with the 50%% margin "
            "DeepSpeed's memory estimator adds for buffers: the %(ram)s of RAM you have holds "
            "it, but not with that margin.", **args)
    return ph._(
        "The offload keeps about %(host)s in CPU RAM, %(high)s with the 50%% margin "
        "DeepSpeed's memory estimator adds for buffers: the %(ram)s of RAM you have holds it, "
        "margin included.", **args)


def _offload_short(ph: Phrases, rm: Remedies) -> str:
    """CPU offload would fit the GPUs but not the RAM said: said, since it is the change
    people try first (the options then leave it out)."""
    if rm.offload_short_gb is None or rm.ram_gb is None:
        return ""
    if rm.optimizer_offload:
        # ZeRO-1/2: offload_optimizer alone, the weights stay on the GPU (was said as ZeRO-3's
        # "the weights and what trains", of a stage that never offloads its weights).
        return "💾 " + ph._(
            "Offloading the optimizer (offload_optimizer) would keep about %(host)s in CPU RAM "
            "(its states, the gradients and any FP32 master weights, as DeepSpeed's "
            "estimate_zero2_model_states_mem_needs counts them; the BF16 weights stay on the "
            "GPU), more than the %(ram)s of RAM you have: it is no option there.",
            host=ph.fmt.gb(rm.offload_short_gb, 1), ram=ph.fmt.gb(rm.ram_gb),
        ) + "\n"
    return "💾 " + ph._(
        "CPU offload would keep about %(host)s in CPU RAM (the weights and what trains, as "
        "DeepSpeed's estimate_zero3_model_states_mem_needs counts them), more than the %(ram)s "
        "of RAM you have: it is no option there.",
        host=ph.fmt.gb(rm.offload_short_gb, 1), ram=ph.fmt.gb(rm.ram_gb),
    ) + "\n"


def _change(ph: Phrases, rm: Remedies, change: str, remedy: Remedy | None) -> str:
    if change == "micro_batch":
        # The remedy's micro-batch (bot.remedy._largest_micro), 1 where none is given (every
        # change combined).
        return ph._(
            "micro-batch %(m)s × gradient accumulation %(n)s (the same effective batch)",
            m=remedy.micro_batch if remedy is not None else 1, n=rm.accumulation(remedy),
        )
    if change == "seq_len":
        assert remedy is not None and remedy.seq_len is not None
        return ph._("sequences of at most about %(n)s tokens", n=ph.fmt.num(remedy.seq_len, 0))
    name = _CHANGE_NAMES.get(change)
    return ph._(name) if name is not None else ""


def owned_change(answer: Answer, ph: Phrases, remedy: Remedy) -> Markup:
    """The changes a run on one's own card is timed with (Answer.owned_run), named as the
    fit section names them ("LoRA instead of full fine-tuning"), at its micro-batch."""
    rm = answer.remedies
    assert rm is not None
    return str.__new__(Markup, " + ".join([_change(ph, rm, c, remedy) for c in remedy.changes]))


def _all_linear(primary: MethodAnswer, query: Query) -> MethodAnswer:
    """The TRL command's adapters on every linear layer, as the estimate counts them when no
    targets are said: TRL's --use_peft alone leaves lora_target_modules None, so PEFT adapts
    its per-architecture defaults (Llama: q_proj and v_proj alone; rules/data/detailed.toml
    tools.trl_lora_r, tools.peft_lora_rank). TRL's ModelConfig turns a one-item
    --lora_target_modules into a string and get_peft_config passes it to LoraConfig
    (huggingface/trl trl/trainer/model_config.py __post_init__, trl/trainer/utils.py
    'target_modules=model_args.lora_target_modules' @f2cd5771, 2026-07-24), where 'all-linear'
    chooses every linear layer but the output head (PEFT's LoraConfig.target_modules). Targets
    said, or TRL's or PEFT's config pasted (the estimate then counts PEFT's defaults, what that
    command trains), keep the flags as they are."""
    flags = primary.trl_flags
    if not flags or "--use_peft" not in flags.split() or "--lora_target_modules" in flags \
            or query.lora_targets or query.peft_config is not None or query.litgpt:
        return primary
    return dataclasses.replace(primary, trl_flags=f"{flags} --lora_target_modules all-linear")


def remedy_block(answer: Answer, ph: Phrases) -> Markup:
    """"My training OOMs on my A100 40GB, what do I do?": what makes the run fit on the asked
    configuration by the detailed estimate, smallest change first (bot.remedy); or that
    nothing short of another card does, and the offered configuration that holds it. Laid out
    as remedy.html.j2 did (its macro call per change cost ~10 µs of Jinja machinery)."""
    _, fmt = ph._, ph.fmt
    rm = answer.remedies
    assert rm is not None
    if rm.gpu:
        where = ph.config(rm.gpu, rm.gpu_count)
    else:
        assert answer.primary is not None and answer.primary.fit is not None
        where = ph.fit_config(answer.primary.fit)
    vram = ph.memory(rm.vram_per_gpu_gb)
    # A Mac is one GPU sharing its memory: its figures are never "per GPU" (probe_en12).
    mac = _on_mac(ph, rm)
    out = [] if rm.lead else ["\n"]
    if rm.measured:
        # The run ran out of memory where the estimate fits it: what each change saves, none
        # known to be enough (bot.remedy.oom_savings).
        head = _("What lowers the memory on %(where)s", where=where)
        out.append(f"🩹 <b>{head}</b> ")
        out.append(_(
            "(detailed estimate: %(total)s as you run it; your run needs more than that, so no "
            "estimate says which change is enough: take the largest saving you can accept), "
            "each change alone, smallest first:", total=fmt.gb(rm.per_gpu_gb, 1),
        ) if mac else _(
            "(detailed estimate: %(total)s per GPU as you run it; your run needs more than "
            "that, so no estimate says which change is enough: take the largest saving you can "
            "accept), each change alone, smallest first:", total=fmt.gb(rm.per_gpu_gb, 1),
        ))
        out.append("\n")
        for r in rm.options:
            change = _change(ph, rm, r.changes[0], r)
            line = _("%(change)s: %(gb)s (%(saved)s less)", change=change,
                     gb=fmt.gb(r.per_gpu_gb, 1), saved=fmt.gb(rm.per_gpu_gb - r.per_gpu_gb, 1)) \
                if mac else _("%(change)s: %(gb)s per GPU (%(saved)s less)", change=change,
                              gb=fmt.gb(r.per_gpu_gb, 1),
                              saved=fmt.gb(rm.per_gpu_gb - r.per_gpu_gb, 1))
            out.append(f"• {line}\n")
        if rm.lead:
            out.append("\n")
        return str.__new__(Markup, "".join(out))
    if rm.options:
        head = _("What makes it fit on %(where)s", where=where)
        out.append(f"🩹 <b>{head}</b> ")
        out.append(_(
            "(detailed estimate: %(total)s as you run it, of the %(vram)s macOS lets the GPU "
            "use), smallest change first:", total=fmt.gb(rm.per_gpu_gb, 1), vram=vram,
        ) if mac else _(
            "(detailed estimate: %(total)s per GPU as you run it, of %(vram)s), smallest change "
            "first:", total=fmt.gb(rm.per_gpu_gb, 1), vram=vram,
        ))
        out.append("\n")
        said_host = ""
        for r in rm.options:
            changes = str.__new__(Markup, " + ".join([_change(ph, rm, c, r) for c in r.changes]))
            line = _("%(changes)s: %(gb)s", changes=changes, gb=fmt.gb(r.per_gpu_gb, 1)) \
                if mac else _("%(changes)s: %(gb)s per GPU", changes=changes,
                              gb=fmt.gb(r.per_gpu_gb, 1))
            out.append(f"• {line}\n")
            host = _host_said(ph, rm, r)
            if host and host != said_host:
                # Said once for options that offload the same states.
                out.append(f"   💾 {host}\n")
                said_host = host
        if rm.lead or answer.fits:
            # Not said beside the verdict already (_remedy_hint).
            out.append(_offload_short(ph, rm))
            out.append(_recipe_line(answer, ph))
    else:
        if rm.gpu and ph.cat.gpu(rm.gpu).unified_memory:
            # A Mac is not a card: more memory there is another Mac (or a rented GPU).
            said = _("Nothing short of a Mac with more memory, or a rented GPU, makes it fit on "
                     "%(where)s.", where=where)
        else:
            said = _("Nothing short of another card makes it fit on %(where)s.", where=where)
        out.append(f"🩹 <b>{said}</b>\n")
        out.append(_offload_short(ph, rm))
        if rm.best_gb is not None and rm.tried:
            out.append(_(
                "Even with every change combined, the detailed estimate still needs %(best)s of "
                "the %(vram)s macOS lets the GPU use:", best=fmt.gb(rm.best_gb, 1), vram=vram,
            ) if mac else _(
                "Even with every change combined, the detailed estimate still needs %(best)s per "
                "GPU of %(vram)s:", best=fmt.gb(rm.best_gb, 1), vram=vram,
            ))
            tried = ", ".join([_change(ph, rm, c, None) for c in rm.tried])
            out.append(f" {tried}.\n")
        elif rm.best_gb is not None:
            # A Mac leaves no change to try (the CUDA-only ones are not offered): no empty list.
            out.append(_("The detailed estimate needs %(best)s of the %(vram)s there.",
                         best=fmt.gb(rm.best_gb, 1), vram=vram))
            out.append("\n")
        assert answer.primary is not None
        cheapest = answer.primary.cheapest
        if cheapest and cheapest.usd_per_hour is not None:
            out.append("👉 ")
            out.append(_(
                "Offered configuration that holds it as you run it: %(where)s at %(price)s.",
                where=ph.fit_config(cheapest), price=ph.per_hour(cheapest.usd_per_hour),
            ))
            out.append("\n")
    if rm.lead:
        out.append("\n")
    return str.__new__(Markup, "".join(out))  # every part is Markup or literal markup
def _rl_generation(answer: Answer, c: Any) -> tuple[int, int]:
    """(completions a prompt, tokens each): the user's num_generations and
    max_completion_length where said, TRL's GRPO defaults for the rest."""
    q = answer.query
    return (q.rl_generations or int(c["rl.trl_num_generations"]),
            q.rl_completion_tokens or int(c["rl.trl_max_completion_length"]))


def _completions_kv(answer: Answer, ph: Phrases, c: Any) -> tuple[str, int, Decimal] | None:
    """The KV cache of one prompt's completions (num_generations × max_completion_length
    tokens, as said or TRL's GRPO defaults), from the named model's architecture; None
    without one."""
    model_id = answer.query.model_id
    if model_id is None:
        return None
    try:
        spec = ph.cat.models.get(model_id)
    except KeyError:
        return None
    if spec.arch is None:
        return None
    gens, each = _rl_generation(answer, c)
    tokens = gens * each
    kv_bytes = Decimal(str(spec.arch.kv_cache_bytes_per_token(c["bytes.bf16"]))) * tokens
    return spec.name, tokens, (kv_bytes / Decimal(10**9)).quantize(Decimal("0.01"))


def preference_note(answer: Answer, ph: Phrases) -> Markup:
    """"dpo llama 3 8b on a 4090", "does DPO need more memory than SFT": the objective named
    leads, its detailed estimate beside supervised fine-tuning's at the same settings
    (Answer.sft_gb), and why it takes more (was the 17.9 GB alone, "for QLoRA", the word DPO
    only in the assumptions)."""
    query, detailed, sft = answer.query, answer.detailed, answer.sft_gb
    if query.objective is None or detailed is None or sft is None:
        return Markup()
    fmt, _ = ph.fmt, ph._
    values = {"name": query.objective, "gb": fmt.gb(detailed.per_gpu_gb, 1),
              "sft": fmt.gb(sft, 1), "how": ph.method_short(detailed.method)}
    if detailed.per_gpu_gb > sft:
        head = _("%(name)s takes about %(gb)s per GPU (%(how)s, detailed estimate), against "
                 "%(sft)s for supervised fine-tuning (SFT) at the same settings.", **values)
    else:
        head = _("%(name)s takes about %(gb)s per GPU (%(how)s, detailed estimate), as "
                 "supervised fine-tuning (SFT) does at the same settings.", **values)
    why: list[str] = []
    if query.paired:
        why.append(_("each example's chosen and rejected answers go through the model "
                     "together"))
    if query.reference_model:
        why.append(_("the reference model is the same model with its adapters switched off, "
                     "no copy") if detailed.adapter else
                   _("the reference model is a frozen copy of the weights"))
    # the reasons are the catalogue's own strings, joined by Babel (no user text)
    tail = Markup(" ") + _("Why: %(reasons)s.", reasons=Markup(fmt.list(why))) if why \
        else Markup()
    return Markup("⚖️ <b>") + head + Markup("</b>") + tail + Markup("\n\n")


def online_rl_note(answer: Answer, ph: Phrases) -> Markup:
    """GRPO, PPO, RLOO, online DPO: the estimates are the training step's; what online RL adds
    beside it, with TRL's published defaults (rules/data/detailed.toml [rl.*])."""
    name = answer.query.online_rl
    if name is None:
        return Markup()
    c = load_constants()
    fmt = ph.fmt
    share = Decimal(str(c["rl.trl_vllm_colocate_memory_share"]))
    gens, each = _rl_generation(answer, c)
    values = {
        "name": name, "gens": fmt.num(gens), "tokens": fmt.num(each),
        "share": fmt.percent(share * 100, 0),
    }
    if answer.intent == "time":
        # "how long …" then "and with GRPO?": 6·N·D times the step, not the generation.
        lead = ph._("%(name)s is online RL: the time and memory below are its training step's "
                    "only; generating the completions is not timed.", name=name)
    else:
        lead = ph._("%(name)s is online RL: the memory below is its training step only.",
                    name=name)
    said = (answer.query.rl_generations is not None, answer.query.rl_completion_tokens is not None)
    if all(said):
        generated = ph._(
            "Not counted: the completions it generates (%(gens)s a prompt, up to %(tokens)s "
            "tokens each, as you set them, with their KV cache) and, if your reward is a model, "
            "that model; PPO also trains a value model.", **values)
    elif any(said):
        generated = ph._(
            "Not counted: the completions it generates (%(gens)s a prompt, up to %(tokens)s "
            "tokens each: your setting, and TRL's GRPO default for the other, with their KV "
            "cache) and, if your reward is a model, that model; PPO also trains a value model.",
            **values)
    elif name == "GRPO":
        generated = ph._(
            "Not counted: the completions it generates (TRL's GRPO defaults: %(gens)s a prompt, "
            "up to %(tokens)s tokens each, with their KV cache) and, if your reward is a model, "
            "that model; PPO also trains a value model.", **values)
    else:
        # PPO, RLOO, online DPO have their own generation settings: GRPO's give the scale only.
        generated = ph._(
            "Not counted: the completions it generates, with their KV cache (for scale, TRL's "
            "GRPO defaults are %(gens)s a prompt, up to %(tokens)s tokens each) and, if your "
            "reward is a model, that model; PPO also trains a value model.", **values)
    kv = _completions_kv(answer, ph, c)
    if kv is not None:
        generated += Markup(" ") + ph._(
            "For %(who)s those %(n)s completion tokens hold about %(kv)s of KV cache in BF16, "
            "plus the prompts'.", who=kv[0], n=fmt.num(kv[1]), kv=fmt.gb(kv[2], 2))
    per_gpu = answer.gpu.vram_gb if answer.gpu is not None else answer.query.vram_gb
    if per_gpu is not None:
        vllm = ph._(
            "With use_vllm in colocate mode, vLLM takes %(share)s of each GPU's memory: "
            "%(taken)s of the %(each)s here.",
            taken=fmt.gb(per_gpu * share, 1), each=fmt.gb(per_gpu), **values)
    else:
        vllm = ph._("With use_vllm in colocate mode, vLLM takes %(share)s of each GPU's memory.",
                    **values)
    if name == "GRPO":
        reference = ph._(
            "A reference model for the KL term is loaded only with beta above 0 (TRL's GRPO "
            "default is 0), and never with LoRA or QLoRA: the base with the adapters off is the reference.")
    else:
        # TRL's PPO, RLOO and online DPO trainers load one unless given a PEFT config.
        reference = ph._(
            "%(name)s also loads a reference model for the KL term, except with LoRA or QLoRA: "
            "the base with the adapters off is the reference.", name=name)
    return (Markup("⚠️ <b>") + lead + Markup("</b>\n") + generated + Markup(" ") + vllm
            + Markup(" ") + reference + Markup("\n\n"))


def _native_note(ph: Phrases, answer: Answer, fmt_name: str, native: Memory) -> Markup:
    """A model published in FP8 or MXFP4 (models.toml `native`): the answer leads with that
    precision when none was asked, else what serving it as published takes."""
    assert answer.params_b is not None
    who = ph.subject(answer.model_name, answer.params_b)
    how = ph.method_short(native.method)
    if not answer.query.serving_precision_said:
        text = ph._(
            "%(who)s is published with %(format)s weights: %(how)s serves them as "
            "published, so it comes first; the other precisions follow.",
            who=who, format=fmt_name, how=how,
        )
    elif any(ma.memory.method == native.method for ma in answer.methods):
        return Markup()
    else:
        text = ph._(
            "%(who)s is published with %(format)s weights; served as published (%(how)s) it "
            "needs about %(need)s.",
            who=who, format=fmt_name, how=how, need=ph.size(native.estimate_gb),
        )
    return Markup("ℹ️ ") + text + Markup("\n")


def _counts_beyond(ph: Phrases, mem: Memory) -> str:
    """How many of each rented GPU with a published price hold the planning estimate, fewest
    memory first ("252× L40S, …, or 68× B200"): a count asked of a run no instance holds."""
    cards = sorted((g for g in ph.cat.rented_gpus if g.usd_per_gpu_hour is not None),
                   key=lambda g: (g.vram_gb, g.name))
    counts = [
        f"{int((mem.estimate_gb / g.vram_gb).to_integral_value(rounding=ROUND_CEILING))}"
        f"× {ph.gpu_name(g.id)}" for g in cards if g.vram_gb > 0
    ]
    return ph.fmt.list(counts, style="or") if counts else ""


def _least_share(ph: Phrases, check: FitCheck) -> Markup:
    """"What --gpu-memory-utilization should I set": the least share of each GPU vLLM must
    take to hold the detailed estimate (rounded up to the hundredth), against its default."""
    if check.card_gb is None or check.utilization is None:
        return Markup()
    fmt = ph.fmt
    det, card = fmt.gb(check.detailed_per_gpu_gb, 1), ph.memory(check.card_gb)
    least = (check.detailed_per_gpu_gb / check.card_gb).quantize(
        Decimal("0.01"), rounding=ROUND_CEILING)
    if least > 1:
        return Markup("🎚 ") + ph._(
            "No --gpu-memory-utilization holds it: the detailed estimate, %(det)s per GPU, is "
            "more than the %(card)s each GPU has.", det=det, card=card,
        ) + Markup("\n")
    line = Markup("🎚 ") + ph._(
        "The least share vLLM needs here: <code>--gpu-memory-utilization %(least)s</code>, "
        "%(det)s per GPU of %(card)s by the detailed estimate.",
        least=str(least), det=det, card=card,
    )
    default = serving_utilization()
    line += Markup(" ") + (ph._(
        "Its default, <code>%(default)s</code>, is above it: what the share holds beyond the "
        "least goes to the KV cache, for more sequences at once.", default=str(default),
    ) if least <= default else ph._(
        "That is above its default, <code>%(default)s</code>: set it at least that high, or lower "
        "--max-model-len.", default=str(default),
    ))
    return line + Markup("\n")


def _vllm_share(ph: Phrases, check: FitCheck) -> Markup:
    """A verdict held to vLLM's default share of each GPU ("… of the 23.7 GB vLLM takes of each
    25.77 GB GPU"): why that share, in one line with the vLLM docs cited (rules/data/serving.toml
    vllm.gpu_memory_utilization); empty for TGI, a share the user set, or none."""
    if check.utilization is None or check.card_gb is None or check.engine == "tgi" \
            or check.utilization_said:
        return Markup("")
    before = serving_utilization_before()
    values = {"share": ph.fmt.percent(check.utilization * 100, 0),
              "value": str(check.utilization)}
    if before is None:
        line = ph._(
            "vLLM reserves %(share)s of each GPU's memory by default (<code>"
            "--gpu-memory-utilization %(value)s</code>) for the weights, activations and KV "
            "cache, and fills what the weights leave with KV cache: the room left is within "
            "that share.", **values)
    else:
        line = ph._(
            "vLLM reserves %(share)s of each GPU's memory by default (<code>"
            "--gpu-memory-utilization %(value)s</code>; %(old)s before %(release)s) for the "
            "weights, activations and KV cache, and fills what the weights leave with KV "
            "cache: the room left is within that share.",
            old=ph.fmt.percent(before[0] * 100, 0), release=before[1], **values)
    return Markup("ℹ️ ") + line + Markup(" <i>") + ph._(
        "Source: %(source)s.", source="vLLM docs, vllm serve --gpu-memory-utilization"
    ) + Markup("</i>\n")


def _fewer_layers_said(ph: Phrases, answer: Answer, check: FitCheck) -> Markup:
    """"llama-server -ngl 40 … qwen2.5 14b q4 on my 4060 ti 16gb": the model fits whole, yet the
    -ngl (Ollama's num_gpu) said keeps some of its layers (llama.cpp counts the output layer as
    one: 49 for a 48-layer model) on the CPU, slower than they need be; empty otherwise."""
    query = answer.query
    said = query.gpu_layers
    if said is None or query.runner is None or not answer.fits or answer.layer_split is not None \
            or answer.params_b is None or query.model_id is None:
        return Markup("")
    arch = ph.cat.models.get(query.model_id).arch
    if arch is None or said >= arch.layers + 1:
        return Markup("")
    total = arch.layers + 1
    flag = "num_gpu" if query.runner == "ollama" else "-ngl"
    return Markup("🐢 ") + ph._(
        "Your <code>%(flag)s %(said)s</code> puts %(said)s of its %(all)s layers on the GPU: "
        "the other %(rest)s run on the CPU at your RAM's bandwidth, which slows every token, "
        "though all %(all)s fit (%(det)s of %(each)s by the detailed estimate). Use <code>"
        "%(flag)s %(all)s</code> (or 99) to keep them all on the GPU.",
        flag=flag, said=said, all=total, rest=total - said,
        det=ph.fmt.gb(check.detailed_per_gpu_gb, 1), each=ph.memory(check.vram_per_gpu_gb),
    ) + Markup("\n")


def _at_least(ph: Phrases, answer: Answer, asked: Fit, n: int | None, cat: Catalogue
              ) -> Markup:
    """"It takes at least N× GPU" under a miss, N the count that holds it. Not where the
    count no instance holds is the plural line's ("full finetune llama 3 70b on h100s":
    phrases.plural_count, said once; it was "at least 16× H100" here, by the rule, then "19×
    H100 by the detailed estimate" there), beyond any cluster, or on a Mac, a laptop, a Jetson:
    one machine with its one GPU ("2× Apple M1 Pro" is no configuration to buy)."""
    if answer.fits or not n or n <= asked.gpu_count or answer.plural_need \
            or n > cat.limits.max_cluster_gpus \
            or (answer.gpu is not None and answer.gpu.one_per_machine):
        return Markup("")
    return Markup("🔢 ") + ph._(
        "It takes at least %(n)s× %(gpu)s (%(total)s) to hold it.",
        n=n, gpu=ph.gpu_name(asked.gpu),  # type: ignore[arg-type]
        total=ph.fmt.gb(asked.vram_gb / asked.gpu_count * n),
    ) + Markup("\n")


def _vllm_near(ph: Phrases, fixes: VllmFixes, detailed: DetailedAnswer) -> Markup:
    """A near miss in vLLM that a flag on the same GPUs mends ("70b awq on 2x3090, 8k ctx":
    0.29 GB short of the default share): said under the verdict, as people who ask so run it
    with one of them (the list with what each takes closes the reply). Empty when only more
    GPUs or another checkpoint would hold it."""
    flags = []
    if fixes.share_needed is not None:
        flags.append(f"<code>--gpu-memory-utilization {fixes.share_needed}</code>")
    if fixes.max_model_len is not None and fixes.max_model_len >= DEFAULT_SEQ_LEN:
        # a context cut below what is assumed where none is said is no near miss
        flags.append(f"<code>--max-model-len {fixes.max_model_len}</code>")
    if fixes.kv_fp8_gb is not None:
        flags.append("<code>--kv-cache-dtype fp8</code>")
    if fixes.eager_gb is not None:
        flags.append("<code>--enforce-eager</code>" if fixes.eager_share is None else
                     f"<code>--enforce-eager --gpu-memory-utilization {fixes.eager_share}</code>")
    if not flags:
        return Markup("")
    return Markup("💡 ") + ph._(
        "With %(flags)s, %(how)s fits on these GPUs (what each takes is below).",
        flags=Markup(ph.fmt.list(flags, "or")), how=ph.method_short(detailed.method),
    ) + Markup("\n")


def _vllm_default_len(answer: Answer) -> int | None:
    """vLLM at its default context (no --max-model-len: the model's whole one) that its share
    cannot hold: the longest --max-model-len it holds by the detailed estimate (bot.vllm_fix);
    None when it fits, or no shorter context does."""
    fixes = answer.vllm_fixes
    if answer.query.context_default != "vllm" or answer.fits or fixes is None:
        return None
    return fixes.max_model_len


def _vllm_context_note(ph: Phrases, answer: Answer) -> Markup:
    """Why the context is the model's whole one: vLLM's --max-model-len unset, and what vLLM
    does at start-up when that context's KV cache does not fit (rules/data/serving.toml
    vllm.max_model_len)."""
    return Markup("ℹ️ ") + ph._(
        "Context: %(ctx)s tokens, what vLLM serves when <code>--max-model-len</code> is not "
        "set: the model's maximum, read from its config.json. At start-up vLLM checks that the "
        "KV cache of one sequence that long fits in what its share leaves after the weights, "
        "and refuses to start if not.", ctx=ph.fmt.num(answer.query.seq_len or 0),
    ) + Markup(" <i>") + ph._(
        "Source: %(source)s.", source="vLLM docs, --max-model-len"
    ) + Markup("</i>\n")


def _vllm_next(ph: Phrases, answer: Answer) -> Markup:
    """The vLLM flag that makes its default run start: the longest context its share holds."""
    tokens = _vllm_default_len(answer)
    return Markup("🛠 ") + ph._(
        "Next: start vLLM with <code>--max-model-len %(tokens)s</code> (or less), or with "
        "<code>--max-model-len auto</code> in recent releases, which picks the longest that "
        "fits.", tokens=str(tokens))


def _context_figure(ph: Phrases, detailed: DetailedAnswer, check: FitCheck) -> Markup:
    """Serving at a stated context: the detailed figure a verdict is made of, with the KV
    cache at that context (one wording for the headline of one precision and of several)."""
    fmt = ph.fmt
    values = {
        "ctx": fmt.num(detailed.seq_len), "batch": fmt.num(detailed.micro_batch),
        "how": ph.method_short(detailed.method), "det": fmt.gb(check.detailed_per_gpu_gb, 1),
        "kv": fmt.gb(detailed.breakdown.term("kv_cache"), 1),
        "each": ph.memory(check.vram_per_gpu_gb),
    }
    if check.utilization is not None and check.card_gb is not None and check.engine == "tgi":
        # TGI named: the verdict is within its own share of each GPU, not vLLM's.
        values.update(budget=ph.share_gb(check.vram_per_gpu_gb, check.detailed_per_gpu_gb),
                      each=ph.memory(check.card_gb),
                      flag=ph.tgi_flag(check.utilization))
        if "seq_len" in detailed.defaults:
            return ph._(
                "With %(ctx)s tokens of context (assumed: you gave none) and batch %(batch)s, "
                "%(how)s needs about %(det)s per GPU (detailed estimate, KV cache %(kv)s) of the "
                "%(budget)s TGI fills of each %(each)s GPU (%(flag)s).", **values,
            )
        return ph._(
            "With %(ctx)s tokens of context and batch %(batch)s, %(how)s needs about %(det)s "
            "per GPU (detailed estimate, KV cache %(kv)s) of the %(budget)s TGI fills of each "
            "%(each)s GPU (%(flag)s).", **values,
        )
    if check.utilization is not None and check.card_gb is not None:
        # vLLM serves it: the verdict is within the share of each GPU it takes.
        values.update(budget=ph.share_gb(check.vram_per_gpu_gb, check.detailed_per_gpu_gb),
                      each=ph.memory(check.card_gb),
                      flag=ph.vllm_flag(check.utilization, check.utilization_said))
        if "seq_len" in detailed.defaults:
            return ph._(
                "With %(ctx)s tokens of context (assumed: you gave none) and batch %(batch)s, "
                "%(how)s needs about %(det)s per GPU (detailed estimate, KV cache %(kv)s) of the "
                "%(budget)s vLLM takes of each %(each)s GPU (%(flag)s).", **values,
            )
        return ph._(
            "With %(ctx)s tokens of context and batch %(batch)s, %(how)s needs about %(det)s "
            "per GPU (detailed estimate, KV cache %(kv)s) of the %(budget)s vLLM takes of each "
            "%(each)s GPU (%(flag)s).", **values,
        )
    mac = ph.on_mac(check.gpu)
    if "seq_len" in detailed.defaults and mac:
        return ph._(
            "With %(ctx)s tokens of context (assumed: you gave none) and batch %(batch)s, "
            "%(how)s needs about %(det)s (detailed estimate, KV cache %(kv)s) of the "
            "%(each)s macOS lets the GPU use.", **values,
        )
    if "seq_len" in detailed.defaults:
        # Only the format was stated ("70b q4_k_m on 2x 3090"): the context is ours.
        return ph._(
            "With %(ctx)s tokens of context (assumed: you gave none) and batch %(batch)s, "
            "%(how)s needs about %(det)s per GPU (detailed estimate, KV cache %(kv)s) of the "
            "%(each)s each GPU has.", **values,
        )
    if mac:
        return ph._(
            "With %(ctx)s tokens of context and batch %(batch)s, %(how)s needs about "
            "%(det)s (detailed estimate, KV cache %(kv)s) of the %(each)s macOS lets the GPU "
            "use.", **values,
        )
    return ph._(
        "With %(ctx)s tokens of context and batch %(batch)s, %(how)s needs about "
        "%(det)s per GPU (detailed estimate, KV cache %(kv)s) of the %(each)s each "
        "GPU has.", **values,
    )


def _fp8_without_math(add: Callable[[str], None], ph: Phrases, gpu: str) -> None:
    """FP8 weights asked on a card whose tensor cores do not multiply FP8 (gpus_owned.toml
    [[fp8_arch]]): what vLLM does there (FP8 Marlin, weight-only) or that it cannot."""
    arch = ph.cat.fp8_arch(gpu)
    if arch is None or arch.fp8:
        return
    add("   ⚙️ ")
    if arch.fp8_weight_only:
        add(ph._(
            "The %(gpu)s (%(arch)s) has no FP8 math in hardware: vLLM still loads FP8 "
            "checkpoints there, keeping the weights in FP8 (1 byte a weight, as counted here) "
            "and computing in 16 bits with its FP8 Marlin kernel (weight-only, W8A16). You save "
            "the memory, not the compute.", gpu=ph.gpu_name(gpu), arch=arch.arch))
    else:
        add(ph._(
            "The %(gpu)s (%(arch)s) has no FP8 math in hardware, and vLLM's weight-only FP8 "
            "needs compute capability 7.5 (Turing) or newer: serve 8-bit there with another "
            "format (INT8, or a GGUF's Q8_0).", gpu=ph.gpu_name(gpu), arch=arch.arch))
    add(" <i>")
    add(ph._("Source: %(source)s.", source=arch.label))
    add("</i>\n")


def _offloaded_line(ph: Phrases, answer: Answer, method: str, figure: Decimal,
                    host: tuple[Decimal, Decimal]) -> Markup:
    """Under a method's line, CPU offload said with the system RAM: what the GPU keeps, what
    goes to CPU RAM (DeepSpeed ZeRO-3 with offload_optimizer and offload_param, or the
    optimizer alone), and whether the RAM said holds it."""
    _, fmt = ph._, ph.fmt
    ram = answer.query.system_ram_gb
    assert ram is not None
    adapter = ph.cat.method(method).adapter
    if answer.query.offload_params is False:
        what = _("the LoRA adapters' gradients and optimizer states") if adapter \
            else _("the FP32 master weights, gradients and optimizer states")
    else:
        what = _("the frozen weights, the LoRA adapters and their optimizer states") \
            if adapter else _("the weights, gradients and optimizer states")
    args = {"gpu": fmt.gb(figure, 1), "host": fmt.gb(host[0], 1), "high": fmt.gb(host[1], 1),
            "what": what, "ram": fmt.gb(ram)}
    if host[0] > ram:
        icon, said = "❌", _(
            "The GPU keeps %(gpu)s; CPU RAM keeps %(what)s, about %(host)s (%(high)s with "
            "DeepSpeed's margin): more than the %(ram)s of RAM you have.", **args)
    elif host[1] > ram:
        icon, said = "⚠️", _(
            "The GPU keeps %(gpu)s; CPU RAM keeps %(what)s, about %(host)s (%(high)s with "
            "DeepSpeed's margin): the %(ram)s of RAM you have holds it, but not with that "
            "margin.", **args)
    else:
        icon, said = "💾", _(
            "The GPU keeps %(gpu)s; CPU RAM keeps %(what)s, about %(host)s (%(high)s with "
            "DeepSpeed's margin): the %(ram)s of RAM you have holds it.", **args)
    return Markup(f"   {icon} ") + said + Markup("\n")


def _vocab_lead(ph: Phrases, answer: Answer, who: str, how: str, where: str) -> Markup:
    """The lead of a bare size the vocabulary decides: the vocabulary that fits and the one
    that does not, each with its figure per GPU. The assumed shape's (Llama 3's 128k) is one
    of them: where it misses, a 32k one (Llama 2, Mistral 7B) fits; where it fits, Gemma's
    256k does not (bot.detail.VOCAB_RANGE)."""
    d = answer.detailed
    assert d is not None and d.vocab_range_gb is not None
    low, high = d.vocab_range_gb
    fmt = ph.fmt
    if answer.fits:
        return ph._(
            "Depends on the model: %(who)s with Llama 3's 128k vocabulary fits on %(where)s "
            "(%(how)s, %(fits)s per GPU), one with Gemma's 256k does not (%(misses)s).",
            who=who, how=how, where=where, fits=fmt.gb(d.per_gpu_gb, 1),
            misses=fmt.gb(high, 1))
    return ph._(
        "Depends on the model: %(who)s with a 32k vocabulary (Llama 2, Mistral 7B) fits on "
        "%(where)s (%(how)s, %(fits)s per GPU), one with Llama 3's 128k does not (%(misses)s).",
        who=who, how=how, where=where, fits=fmt.gb(low, 1), misses=fmt.gb(d.per_gpu_gb, 1))


def _offloaded_lead(ph: Phrases, answer: Answer, who: str, how: str, where: str) -> Markup:
    """The lead of a layer split the RAM holds: it runs, partly on the CPU, at most so fast."""
    split, speed, query = answer.layer_split, answer.offload_speed, answer.query
    assert split is not None and speed is not None
    runner = ph.cat.local_runner(query.runner) if query.runner else None
    fmt = ph.fmt
    on_gpu = min(speed.gpu_layers, split.gpu_layers)
    # The RAM at the layers said ("-ngl 40"): each layer the GPU does not take is one more in
    # RAM (was the figure at the most the GPU holds, 21.3 GB for 37 layers said of 41).
    each = split.layer_read_gb or split.layer_gb
    need = (split.ram_gb + (split.gpu_layers - on_gpu) * each).quantize(Decimal("0.1"))
    if query.system_ram_gb is None:
        # "ollama run llama3:70b on my 4090?": Ollama offloads by itself; whether it runs
        # rests on the RAM, which is not said: what it takes, and the question (was "❌ No").
        return ph._(
            "Partly on the CPU, slowly, if your system RAM holds about %(need)s: %(who)s "
            "(%(how)s) does not fit whole on %(where)s, so %(runner)s keeps %(rest)s of its "
            "%(all)s layers in RAM and runs them on the CPU: at most about %(rate)s tokens/s. "
            "How much RAM does your machine have?",
            who=who, how=how, where=where,
            runner=runner.name if runner is not None else "llama.cpp",
            rest=fmt.num(split.layers + 1 - on_gpu), all=fmt.num(split.layers + 1),
            need=fmt.gb(need, 1), rate=fmt.num(speed.tokens_per_second),
        )
    return ph._(
        "Yes, partly on the CPU and slowly: %(who)s (%(how)s) does not fit whole on %(where)s, "
        "so %(runner)s keeps %(rest)s of its %(all)s layers in your %(ram)s of RAM and runs them "
        "on the CPU: at most about %(rate)s tokens/s.",
        who=who, how=how, where=where, runner=runner.name if runner is not None else "llama.cpp",
        rest=fmt.num(split.layers + 1 - on_gpu), all=fmt.num(split.layers + 1),
        ram=fmt.gb(query.system_ram_gb), rate=fmt.num(speed.tokens_per_second),
    )


def _cheapest_of_all(answer: Answer) -> MethodAnswer | None:
    """The method whose cheapest offered configuration costs least an hour, when the list
    does not start with it (None: it does, or nothing is priced)."""
    priced = [(m.cheapest.usd_per_hour, m.cheapest.gpu_count, at, m)
              for at, m in enumerate(answer.methods)
              if m.cheapest is not None and m.cheapest.usd_per_hour is not None]
    if len(priced) < 2:
        return None
    paid = [q.plan.usd for q in (p[3].quote for p in priced) if q is not None]
    if len(paid) == len(priced):
        # hours said ("… for a month"): what is paid for them in blocks, as the list weighs it
        priced = [(usd, *p[1:]) for usd, p in zip(paid, priced, strict=True)]
    least = min(priced, key=lambda p: p[:3])
    return least[3] if least[2] > 0 and priced[0][2] == 0 and least[0] < priced[0][0] else None


def _layer_split(ph: Phrases, answer: Answer) -> Markup:
    """A GGUF model the card cannot hold whole: how many of its layers llama.cpp's -ngl (Ollama's
    num_gpu) puts on the GPU, and the system RAM the rest takes on the CPU (rules.offload)."""
    split = answer.layer_split
    assert split is not None
    fmt = ph.fmt
    runner = ph.cat.local_runner(answer.query.runner) if answer.query.runner else None
    name = runner.name if runner is not None else "llama.cpp"
    pick = answer.runner_pick
    after = Markup("\n") + (_quant_pick(ph, pick) + Markup("\n") if pick is not None else "")
    query = answer.query
    rate = query.tokens_per_second
    lead = Markup("")
    if rate is not None and query.runner is None and not query.cpu_offload \
            and query.system_ram_gb is None:
        # "i get 15 tok/s with llama 3 70b q4 on my 3090": a rate measured on a card that
        # cannot hold the model whole is a run with part of it offloaded, said before the split.
        lead = Markup("⚠️ ") + ph._(
            "Your %(rate)s tokens/s is a run with part of the model off the GPU: it cannot sit "
            "whole in the card's memory, so llama.cpp or Ollama keep the layers that do not fit "
            "in system RAM (partial offload).", rate=fmt.num(rate),
        ) + Markup("\n")
    if split.gpu_layers == 0:
        return lead + Markup("🐢 ") + ph._(
            "With %(runner)s not even the output layer fits beside the runtime's buffers: the "
            "whole model would run on the CPU, from about %(ram)s of system RAM.",
            runner=name, ram=fmt.gb(split.ram_gb, 1),
        ) + after
    rest = split.layers - split.repeating_on_gpu
    return lead + Markup("🐢 ") + ph.ngettext(
        "With %(runner)s, %(ngl)s of the model's %(all)s layers fit in GPU memory (-ngl "
        "%(ngl)s in llama.cpp, num_gpu %(ngl)s in Ollama; the output layer counts as one), "
        "about %(layer)s each with "
        "its KV cache. The remaining layer and the token embeddings take about %(ram)s "
        "of system RAM and run on the CPU: many times slower, at the pace of the CPU's memory "
        "bandwidth; measure it with llama-bench.",
        "With %(runner)s, %(ngl)s of the model's %(all)s layers fit in GPU memory (-ngl "
        "%(ngl)s in llama.cpp, num_gpu %(ngl)s in Ollama; the output layer counts as one), "
        "about %(layer)s each with "
        "its KV cache. The other %(rest)s layers and the token embeddings take about %(ram)s "
        "of system RAM and run on the CPU: many times slower, at the pace of the CPU's memory "
        "bandwidth; measure it with llama-bench.", rest,
        runner=name, ngl=fmt.num(split.gpu_layers), all=fmt.num(split.layers + 1),
        layer=fmt.gb(split.layer_gb, 1), rest=fmt.num(rest), ram=fmt.gb(split.ram_gb, 1),
    ) + _layers_asked(ph, split.gpu_layers, answer.query.gpu_layers) \
        + _ram_said(ph, split.ram_gb, None if answer.query.ram_free
                    else answer.query.system_ram_gb) \
        + offload_speed_line(answer, ph) + after


def _ram_pick(ph: Phrases, pick: RamPick) -> Markup:
    """Ollama's "model requires more system memory (X) than is available (Y)": the figures it
    gave (GiB shown beside GB), what this estimate leaves in RAM, and the largest llama.cpp type
    whose share fits in Y; where the estimate fits already, where to see the split Ollama made
    (`ollama ps`, its FAQ)."""
    fmt = ph.fmt
    line = Markup("🧮 ")
    if pick.needed_gb is not None:
        line += ph._(
            "Ollama found %(free)s of free system memory (RAM and swap together) and needs "
            "%(needed)s there for what it does not put on the GPU.",
            free=ph.memory(pick.free_gb), needed=ph.memory(pick.needed_gb),
        )
    else:
        line += ph._("Ollama found %(free)s of free system memory (RAM and swap together).",
                     free=ph.memory(pick.free_gb))
    line += Markup(" ")
    if pick.ram_gb <= pick.free_gb:
        return line + ph._(
            "By this estimate the model leaves only %(ram)s there, within it: Ollama put fewer "
            "layers on the GPU than fit, or counts a longer context. See the split it made with "
            "ollama ps (the PROCESSOR column, e.g. 48%%/52%% CPU/GPU).",
            ram=fmt.gb(pick.ram_gb, 1),
        ) + Markup("\n")
    ctx = fmt.num(pick.seq_len)
    if pick.on_card:
        line += ph._(
            "By this estimate the model leaves about %(ram)s there, with %(ngl)s layers on the "
            "GPU.", ram=fmt.gb(pick.ram_gb, 1), ngl=fmt.num(pick.gpu_layers),
        )
    else:
        line += ph._(
            "By this estimate the whole model takes about %(ram)s there with no GPU named; a "
            "GPU would take its layers off it.", ram=fmt.gb(pick.ram_gb, 1),
        )
    line += Markup("\n🎚️ ")
    if pick.chosen is None:
        assert pick.next_up is not None and pick.next_up_ram_gb is not None
        return line + ph._(
            "Even the smallest llama.cpp quantization type, %(smallest)s, needs about %(gb)s "
            "there with %(ctx)s tokens of context: free more memory (other programs, swap), "
            "take a smaller model or a card that holds more.",
            smallest=pick.next_up, gb=fmt.gb(pick.next_up_ram_gb, 1), ctx=ctx,
        ) + Markup("\n")
    assert pick.chosen_ram_gb is not None
    line += Markup("<b>") + ph._(
        "Largest llama.cpp quantization type that fits in it: %(quant)s", quant=pick.chosen,
    ) + Markup("</b> — ") + ph._(
        "about %(gb)s there with %(ctx)s tokens of context (a detailed estimate).",
        gb=fmt.gb(pick.chosen_ram_gb, 1), ctx=ctx,
    )
    return line + _next_type_up(ph, pick.next_up, pick.next_up_ram_gb) + Markup("\n")


def _ram_said(ph: Phrases, needed: Decimal, have: Decimal | None) -> Markup:
    """"4090 + 64gb ram": the system RAM said, against what the layers left there take."""
    if have is None:
        return Markup("")
    if needed <= have:
        return Markup(" ") + ph._(
            "Your %(have)s of RAM holds them, beside what the system itself uses.",
            have=ph.fmt.gb(have),
        )
    return Markup(" ") + ph._(
        "That is more than your %(have)s of RAM: the layers would be read from disk again and "
        "again (llama.cpp maps the model file), far slower still.",
        have=ph.fmt.gb(have),
    )


def _layers_asked(ph: Phrases, fit: int, asked: int | None) -> Markup:
    """"-ngl 40", "num_gpu 60": the layers the user puts on the GPU, against those that fit."""
    if asked is None:
        return Markup("")
    if asked <= fit:
        return Markup(" ") + ph._(
            "Your %(asked)s layers on the GPU fit (up to %(fit)s do).",
            asked=ph.fmt.num(asked), fit=ph.fmt.num(fit),
        )
    return Markup(" ") + ph._(
        "Your %(asked)s layers on the GPU are more than the %(fit)s that fit: it would run out of "
        "GPU memory; use %(fit)s or fewer.", asked=ph.fmt.num(asked), fit=ph.fmt.num(fit),
    )


def _quant_pick(ph: Phrases, pick: QuantPick) -> Markup:
    """"Which quant fits?": the largest llama.cpp type whose detailed estimate fits, and the
    next one up, which does not; or that even the smallest does not, and what does instead."""
    fmt = ph.fmt
    ctx = fmt.num(pick.seq_len)
    if pick.chosen is None:
        assert pick.next_up is not None and pick.next_up_gb is not None
        return Markup("🎚️ ") + ph._(
            "Even the smallest llama.cpp quantization type, %(smallest)s, does not fit: about "
            "%(gb)s per GPU with %(ctx)s tokens of context (assumed; a detailed estimate). "
            "Offload part of the layers to the CPU (llama.cpp's -ngl) or take a bigger card.",
            smallest=pick.next_up, gb=fmt.gb(pick.next_up_gb, 1), ctx=ctx,
        )
    assert pick.chosen_gb is not None
    line = Markup("🎚️ <b>") + ph._(
        "Largest llama.cpp quantization type that fits: %(quant)s", quant=pick.chosen,
    ) + Markup("</b> — ") + ph._(
        "about %(gb)s per GPU with %(ctx)s tokens of context (assumed; a detailed estimate).",
        gb=fmt.gb(pick.chosen_gb, 1), ctx=ctx,
    )
    return line + _next_type_up(ph, pick.next_up, pick.next_up_gb)


def _next_type_up(ph: Phrases, quant: str | None, gb: Decimal | None) -> Markup:
    """After the largest llama.cpp type that fits (on the GPU or in RAM): the next one up."""
    if quant is None or gb is None:
        return Markup("")
    return Markup(" ") + ph._("The next type up, %(quant)s, needs about %(gb)s and does not fit.",
                              quant=quant, gb=ph.fmt.gb(gb, 1))


def _typical_rule(ph: Phrases, asked: Fit, check: FitCheck) -> Markup:
    """Serving led by the detailed estimate at typical settings (bot.answer._typical_leads):
    the planning rule's verdict beside it, with its figure for the whole job; "little
    headroom" only where the detailed estimate fits and the rule's margin does not (where
    neither fits, the rule's line says by how much it misses)."""
    args = {"need": ph.size(asked.estimate_gb), "have": ph.fmt.gb(asked.vram_gb),
            "room": ph.headroom(asked)}
    if not check.planning_fits and check.detailed_fits:
        return Markup("⚠️ ") + ph._(
            "Little headroom: the planning rule, with its safety margin, says about %(need)s "
            "for the whole job; the configuration has %(have)s: %(room)s. Measure a short run "
            "before relying on the detailed estimate.", **args,
        )
    return Markup("📐 ") + ph._(
        "The planning rule says about %(need)s for the whole job (the configuration has "
        "%(have)s: %(room)s), without the KV cache, the activations and the CUDA or Metal "
        "context the detailed estimate counts.", **args,
    )


def _context_room(ph: Phrases, room: LongestContext, check: FitCheck,
                  typical: bool = False) -> Markup:
    """How long a context fits where the verdict was made at an assumed one; said to be tight
    where the planning rule's margin would not fit (the headroom is less than its 20 %),
    unless the rule's own line follows (`typical`: _typical_rule)."""
    tokens = ph.fmt.num(room.tokens)
    if room.capped and room.model_max is not None:
        return Markup("📏 ") + ph._(
            "The model's whole context (%(tokens)s tokens) fits there by the detailed "
            "estimate.", tokens=tokens,
        )
    if check.disagree and not check.planning_fits and not typical:
        return Markup("⚠️ ") + ph._(
            "Little headroom: at most about %(tokens)s tokens of context fit there by the "
            "detailed estimate, and the planning rule, with its safety margin, says it does not "
            "fit; measure a short run before relying on it.", tokens=tokens,
        )
    line = Markup("📏 ") + ph._(
        "At most about %(tokens)s tokens of context fit there by the detailed estimate.",
        tokens=tokens,
    )
    if room.utilization is not None and room.vram_per_gpu_gb is not None:
        # "vllm llama 3.1 70b awq on 2x3090": searched within the share vLLM takes, its
        # default or the user's ("--gpu-memory-utilization 0.98").
        share = ph.fmt.percent(room.utilization * 100, 0)
        budget_u = ph.fmt.gb(room.vram_per_gpu_gb * room.utilization, 1)
        vram_u = ph.memory(room.vram_per_gpu_gb)
        line += Markup(" ") + (ph._(
            "TGI fills up to %(share)s of each GPU's memory by default with the weights, "
            "activations and KV cache (<code>--cuda-memory-fraction 1.0</code> times its "
            "<code>TGI_WIGGLE_ROOM</code> of 0.90): %(budget_u)s of %(vram_u)s.", share=share,
            budget_u=budget_u, vram_u=vram_u,
        ) if room.engine == "tgi" else ph._(
            "You give vLLM %(share)s of each GPU's memory (<code>--gpu-memory-utilization "
            "%(value)s</code>): %(budget_u)s of %(vram_u)s.", share=share,
            value=str(room.utilization), budget_u=budget_u, vram_u=vram_u,
        ) if room.utilization_said else ph._(
            "vLLM takes %(share)s of each GPU's memory by default (<code>"
            "--gpu-memory-utilization %(value)s</code>): %(budget_u)s of %(vram_u)s.",
            share=share, value=str(room.utilization), budget_u=budget_u, vram_u=vram_u,
        ))
    return line


def _safe_need(ph: Phrases, gb: Decimal) -> Markup:
    """A planning figure as Phrases.need words one without a range: "≈ 84 GB"."""
    return Markup("≈ ") + ph.size(gb)


def _with_gb(answer: Answer, ph: Phrases, methods: Sequence[Any],
             fitting: list[str]) -> list[str]:
    """The methods that fit, named in the verdict; with the VRAM asked beside the fit ("can i
    finetune llama 3 8b on a 3090 and how much vram"), each with its figure per GPU at the
    settings the lines below use ("QLoRA ≈ 12.8 GB and LoRA ≈ 23.1 GB": was the names alone,
    the GB asked for not in the lead). Unchanged when a method has no such figure."""
    if not answer.query.memory_amount_asked:
        return fitting
    named: dict[str, str] = {str(ph.method_short(ma.memory.method)): ma.memory.method
                             for ma in methods}
    figures = {**answer.method_training_gb, **answer.method_detailed_gb}
    gbs = [figures.get(named.get(str(m), "")) for m in fitting]
    if any(gb is None for gb in gbs):
        return fitting
    return [ph._("%(method)s ≈ %(gb)s", method=m, gb=ph.fmt.gb(gb, 1))
            for m, gb in zip(fitting, gbs, strict=True) if gb is not None]


def _training_lead(answer: Answer) -> bool:
    """A memory question about training with settings stated and no configuration asked: the
    detailed estimate leads, the planning rule's figure beside it."""
    d = answer.detailed
    return (
        answer.intent == "memory" and d is not None and d.kind == "training"
        and (d.stated or answer.typical_lead) and d.check is None
        and not answer.method_detailed_gb
    )


def _training_headline(ph: Phrases, detailed: DetailedAnswer) -> Markup:
    """"About 156 GB on one GPU with your settings (detailed estimate; activations 105.2 GB of
    it)": the figure the cheapest configuration is chosen by."""
    fmt = ph.fmt
    args = {
        "det": fmt.gb(detailed.per_gpu_gb, 1), "how": ph.method_short(detailed.method),
        "act": fmt.gb(detailed.breakdown.term("activations"), 1), "gpus": fmt.num(detailed.gpus),
    }
    if "seq_len" in detailed.defaults and "batch" in detailed.defaults:
        # "how much vram for qlora llama 3 8b, details": no sequence or batch said.
        args |= {"seq": fmt.num(detailed.seq_len, 0), "batch": str(detailed.micro_batch)}
        if detailed.gpus == 1:
            return ph._(
                "About %(det)s on one GPU at typical settings (sequence %(seq)s, batch "
                "%(batch)s) for %(how)s (detailed estimate; activations %(act)s of it)", **args,
            )
        return ph._(
            "About %(det)s per GPU on %(gpus)s GPUs at typical settings (sequence %(seq)s, "
            "batch %(batch)s) for %(how)s (detailed estimate; activations %(act)s of it)",
            **args,
        )
    if detailed.gpus == 1:
        return ph._(
            "About %(det)s on one GPU with your settings for %(how)s (detailed estimate; "
            "activations %(act)s of it)", **args,
        )
    return ph._(
        "About %(det)s per GPU on %(gpus)s GPUs with your settings for %(how)s (detailed "
        "estimate; activations %(act)s of it)", **args,
    )


def _head_split(ph: Phrases, answer: Answer, split: HeadSplit, who: Markup) -> Markup:
    """vLLM cannot split the model over the asked count with tensor parallelism: why, what
    fits on the nearest counts it takes, and pipeline parallelism for the count asked."""
    _ = ph._
    fmt = ph.fmt
    sizes = fmt.list([str(c) for c in split.sizes], "or")
    out = ["⚠️ <b>", _("vLLM cannot split %(who)s over %(n)s GPUs with tensor parallelism.",
                       who=who, n=split.gpus), "</b> "]
    if not split.heads_divide:
        out.append(_(
            "Its %(heads)s attention heads must divide evenly by --tensor-parallel-size "
            "(%(sizes)s here); with %(n)s it stops with “Total number of attention heads "
            "(%(heads)s) must be divisible by tensor parallel size (%(n)s)”.",
            heads=split.heads, n=split.gpus, sizes=sizes,
        ))
    else:
        out.append(_(
            "Its %(kv)s KV heads must split evenly over the GPUs, or each GPU keep whole ones: "
            "--tensor-parallel-size %(sizes)s.", kv=split.kv_heads, sizes=sizes,
        ))
    out.append("\n")
    # The count above only when the one below misses something.
    more = split.more if not all(f.fits for f in split.fewer) else ()
    for fits in (split.fewer, more):
        if not fits:
            continue
        first = fits[0]
        where = ph.fit_config(first)
        fitting: list[str] = [ph.method_short(f.method) for f in fits if f.fits]
        out.append("👉 ")
        if not fitting:
            out.append(_("On %(where)s (%(vram)s) it does not fit.",
                         where=where, vram=fmt.gb(first.vram_gb)))
        elif len(fits) == 1:
            out.append(_("On %(where)s (%(vram)s) it fits: %(room)s.", where=where,
                         vram=fmt.gb(first.vram_gb), room=ph.headroom(first)))
        else:
            out.append(_("On %(where)s (%(vram)s) it fits with %(which)s.", where=where,
                         vram=fmt.gb(first.vram_gb), which=fmt.list(fitting)))
        out.append("\n")
    out.append(_(
        "Or use all %(n)s with pipeline parallelism (--pipeline-parallel-size %(n)s "
        "--tensor-parallel-size 1), which splits the layers, unevenly if need be, and is "
        "slower per request: the verdict below is for that.", n=split.gpus,
    ))
    out.append("\n\n")
    return str.__new__(Markup, "".join(out))


def _gguf_why(ph: Phrases) -> str:
    """Why the GGUF that leads fits where bitsandbytes' 4-bit does not."""
    return ph._("What llama.cpp and Ollama run (Ollama's default type): its token embeddings are "
                "quantized too and kept in system RAM, where bitsandbytes' 4-bit keeps them in "
                "BF16 on the card.")


def _method_lines(
    add: Callable[[str], None], ma: MethodAnswer, answer: Answer, ph: Phrases
) -> None:
    """One method's need, its notes, where it fits cheapest and, for a recommendation, what
    else fits."""
    _ = ph._
    mem = ma.memory
    fit = ma.fit
    name = ph.method_name(mem.method, answer.query.pretraining)
    need = ph.need(mem)
    many = len(answer.methods)
    detailed_gb = answer.method_detailed_gb.get(mem.method)
    trained_gb = answer.method_training_gb.get(mem.method)
    figure = detailed_gb if detailed_gb is not None else trained_gb  # settings stated: detailed
    check = answer.detailed.check if answer.detailed else None
    # Training settings stated: this method's cheapest configuration is chosen by the detailed
    # figure that leads (the planning one is said beside it).
    led_detail = (
        _training_lead(answer) and ma is answer.primary and answer.detailed is not None
        and answer.detailed.method == mem.method
    )
    if figure is not None and answer.detailed is not None and answer.detailed.gpus > 1:
        # Beside a figure per GPU, the planning one per GPU too (sharded evenly, as fit does).
        need = _safe_need(ph, mem.estimate_gb / answer.detailed.gpus)
    if fit is not None and many > 1 and figure is not None and check is not None:
        # Settings stated: the detailed figure and its verdict, the one the headline lists
        # (serving: with the KV cache at the stated context; training: with activations and
        # logits); the planning figure beside it, said to be without them.
        fits = answer.method_fits.get(mem.method, fit.fits)
        host = answer.method_host_ram.get(mem.method)
        # The RAM said short of what is offloaded: ❌, the GPU's room still the GPU's.
        on_gpu = figure <= check.vram_per_gpu_gb if host is not None else fits
        args = {"name": name, "det": ph.fmt.gb(figure, 1), "need": need,
                "room": ph.room(on_gpu, check.vram_per_gpu_gb - figure)}
        add("✅ " if fits else "❌ ")
        mac = ph.on_mac(check.gpu)  # one GPU, its share of the Mac's memory: no "per GPU"
        if detailed_gb is not None and mac:
            add(_("<b>%(name)s</b>: ≈ %(det)s with the KV cache — %(room)s (planning rule: "
                  "%(need)s without it)", **args))
        elif detailed_gb is not None:
            add(_("<b>%(name)s</b>: ≈ %(det)s per GPU with the KV cache — %(room)s (planning "
                  "rule: %(need)s without it)", **args))
            if answer.gguf_led and ma is answer.primary:
                add("\n   💡 ")
                add(_gguf_why(ph))
        elif answer.detailed is not None and "seq_len" in answer.detailed.defaults \
                and "batch" in answer.detailed.defaults:
            # "fine-tune llama 3 8b on a 4090, details": no sequence or batch said, typical
            # settings, said as such (was "with your settings").
            args |= {"seq": ph.fmt.num(answer.detailed.seq_len, 0),
                     "batch": str(answer.detailed.micro_batch)}
            add(_("<b>%(name)s</b>: ≈ %(det)s at typical settings (sequence %(seq)s, batch "
                  "%(batch)s) — %(room)s (planning rule: %(need)s without activations)", **args)
                if mac else
                _("<b>%(name)s</b>: ≈ %(det)s per GPU at typical settings (sequence %(seq)s, "
                  "batch %(batch)s) — %(room)s (planning rule: %(need)s without activations)",
                  **args))
        elif mac:
            add(_("<b>%(name)s</b>: ≈ %(det)s with your settings — %(room)s (planning rule: "
                  "%(need)s without activations)", **args))
        else:
            add(_("<b>%(name)s</b>: ≈ %(det)s per GPU with your settings — %(room)s (planning "
                  "rule: %(need)s without activations)", **args))
        add("\n")
        if host is not None:
            add(_offloaded_line(ph, answer, mem.method, figure, host))
        tokens = answer.method_typical_room.get(mem.method)
        if tokens is not None:
            # "fine-tuning a 7b on 6gb gpu?": what makes it fit there, as one method asked says.
            add("   📏 ")
            add(_("With sequences of at most about %(tokens)s tokens it fits there.",
                  tokens=ph.fmt.num(tokens, 0)))
            add("\n")
        if mem.method in answer.method_typical_tight and answer.detailed is not None:
            # "qlora llama 3 8b on 3060 12gb, lora too?": a fit at typical settings with less
            # room than the planning margin, said as one method asked says it.
            room_tokens = answer.method_typical_tight[mem.method]
            add("   ⚠️ ")
            add(_(
                "Little headroom, less than the planning rule's margin: measure a short run "
                "before relying on it.",
            ) if room_tokens is None else _(
                "Little headroom, less than the planning rule's margin: sequences of at most "
                "about %(tokens)s tokens fit there at batch %(batch)s. Measure a short run "
                "before relying on it.",
                tokens=ph.fmt.num(room_tokens, 0), batch=answer.detailed.micro_batch,
            ))
            add("\n")
    elif fit is not None and many > 1 and not fit.fits and answer.query.inference \
            and mem.method in answer.method_typical and answer.method_fits.get(mem.method):
        # The planning margin misses, the detailed estimate at typical settings fits and leads:
        # its figure and room on the line, the rule's figure beside it as context (was "≈ 168
        # GB by the planning rule, with its margin — 8 GB short" over a line that it fits, and
        # "👉 Cheapest offered configuration that fits: 4× A100 80GB" under both).
        gb, seq, batch = answer.method_typical[mem.method]
        per_gpu = check.vram_per_gpu_gb if check is not None else fit.vram_gb / fit.gpu_count
        typ: dict[str, Any] = {"name": name, "det": ph.fmt.gb(gb, 1), "need": need,
                               "seq": ph.fmt.num(seq, 0), "batch": batch,
                               "room": ph.room(True, per_gpu - gb)}
        add("✅ ")
        if ph.on_mac(fit.gpu):
            add(_("<b>%(name)s</b>: ≈ %(det)s with the KV cache at typical settings (context "
                  "%(seq)s, batch %(batch)s), by the detailed estimate — %(room)s (the planning "
                  "rule, with its margin, says %(need)s)", **typ))
        else:
            add(_("<b>%(name)s</b>: ≈ %(det)s per GPU with the KV cache at typical settings "
                  "(context %(seq)s, batch %(batch)s), by the detailed estimate — %(room)s (the "
                  "planning rule, with its margin, says %(need)s for the whole job)", **typ))
        add("\n")
    elif fit is not None and many > 1 and fit.fits and answer.query.inference \
            and mem.method in answer.method_typical:
        # The planning rule fits it; the detailed estimate at a typical context decides ("can
        # i run llama 3 8b on my rtx 2060 6gb": 4-bit ≈ 4.8 GB — 1.2 GB left, of 7.8 GB with
        # the KV cache and the CUDA context; the GGUF Q4_K_M that leads, 5.7 GB): that figure
        # and its room, the rule's beside.
        gb, seq, batch = answer.method_typical[mem.method]
        ok = answer.method_fits.get(mem.method, True)
        per_gpu = check.vram_per_gpu_gb if check is not None else fit.vram_gb / fit.gpu_count
        typ = {"name": name, "det": ph.fmt.gb(gb, 1), "need": need, "seq": ph.fmt.num(seq, 0),
               "batch": batch, "room": ph.room(ok, per_gpu - gb)}
        add("✅ " if ok else "❌ ")
        add(_("<b>%(name)s</b>: ≈ %(det)s with the KV cache at typical settings (context "
              "%(seq)s, batch %(batch)s), by the detailed estimate — %(room)s (the planning "
              "rule says %(need)s without it)", **typ)
            if ph.on_mac(fit.gpu) else
            _("<b>%(name)s</b>: ≈ %(det)s per GPU with the KV cache at typical settings "
              "(context %(seq)s, batch %(batch)s), by the detailed estimate — %(room)s (the "
              "planning rule says %(need)s without it)", **typ))
        add("\n")
        if answer.gguf_led and ma is answer.primary:
            add("   💡 ")
            add(_gguf_why(ph))
            add("\n")
    elif fit is not None and many > 1:
        add("✅ " if fit.fits else "❌ ")
        add(_("<b>%(name)s</b>: %(need)s — %(room)s",
              room=ph.headroom(fit), name=name, need=need))
        add("\n")
    elif detailed_gb is not None:
        # Serving at a stated context, no verdict on this line: the detailed figure, and the
        # planning one said to be without the cache. With no GPU asked (a memory question, a
        # recommendation) the figure is the whole model on one GPU, not a share of several.
        add("• ")
        if ph.fp32_served(ph.cat.method(mem.method)):
            # "llama 3.1 8b in fp32": the seed's planning rules are for BF16, 8-bit and 4-bit
            # weights; FP32's 4 bytes a parameter are the detailed estimate's alone.
            det = ph.fmt.gb(detailed_gb, 1)
            if fit is None and (answer.detailed is None or answer.detailed.gpus == 1):
                add(_("<b>%(name)s</b>: ≈ %(det)s on one GPU with the KV cache, by the detailed "
                      "estimate (4 bytes a weight; the planning rules are for BF16, 8-bit and "
                      "4-bit weights only: in BF16 %(need)s without it)",
                      name=name, det=det, need=need))
            elif fit is not None and ph.on_mac(fit.gpu):
                add(_("<b>%(name)s</b>: ≈ %(det)s with the KV cache, by the detailed estimate "
                      "(4 bytes a weight; the planning rules are for BF16, 8-bit and 4-bit "
                      "weights only: in BF16 %(need)s without it)",
                      name=name, det=det, need=need))
            else:
                add(_("<b>%(name)s</b>: ≈ %(det)s per GPU with the KV cache, by the detailed "
                      "estimate (4 bytes a weight; the planning rules are for BF16, 8-bit and "
                      "4-bit weights only: in BF16 %(need)s without it)",
                      name=name, det=det, need=need))
            bf16 = answer.fp32_in_bf16
            if bf16 is not None and fit is not None and ma is answer.primary:
                # FP32 misses the configuration asked: the same load in BF16 there.
                add("\n   💡 ")
                values = {"det": ph.fmt.gb(bf16.detailed_per_gpu_gb, 1),
                          "where": ph.fit_config(fit)}
                add(_("Loaded in BF16 (torch_dtype=torch.bfloat16) it needs about %(det)s per "
                      "GPU by the detailed estimate, and fits on %(where)s.", **values)
                    if bf16.detailed_fits else
                    _("Loaded in BF16 (torch_dtype=torch.bfloat16) it needs about %(det)s per "
                      "GPU by the detailed estimate: it does not fit on %(where)s either.",
                      **values))
        elif fit is None and (answer.detailed is None or answer.detailed.gpus == 1):
            add(_(
                "<b>%(name)s</b>: ≈ %(det)s on one GPU with the KV cache (planning rule: "
                "%(need)s without it)", name=name, det=ph.fmt.gb(detailed_gb, 1), need=need,
            ))
        elif fit is not None and ph.on_mac(fit.gpu):
            add(_(
                "<b>%(name)s</b>: ≈ %(det)s with the KV cache (planning rule: %(need)s without "
                "it)", name=name, det=ph.fmt.gb(detailed_gb, 1), need=need,
            ))
        else:
            add(_(
                "<b>%(name)s</b>: ≈ %(det)s per GPU with the KV cache (planning rule: %(need)s "
                "without it)", name=name, det=ph.fmt.gb(detailed_gb, 1), need=need,
            ))
        add("\n")
    elif fit is None and many > 1 and trained_gb is not None and answer.detailed is not None \
            and not answer.detailed.stated:
        # "how much memory does llama 3 8b need": each method at typical settings, activations
        # and logits included, on one GPU (the 👉 line says where it fits), the planning rule
        # beside it (was "QLoRA ≈ 6 GB" of 12.8 GB by the estimate).
        add("• ")
        add(_("<b>%(name)s</b>: ≈ %(det)s at typical settings (sequence %(seq)s, batch "
              "%(batch)s) (planning rule: %(need)s without activations)",
              name=name, det=ph.fmt.gb(trained_gb, 1), need=need,
              seq=ph.fmt.num(answer.detailed.seq_len, 0), batch=answer.detailed.micro_batch))
        add("\n")
    elif fit is None and many > 1 and mem.method in answer.method_typical \
            and answer.query.inference:
        # "how much vram for llama 3 8b inference": each precision with the KV cache at a
        # typical context on one GPU, the planning rule beside it (was "4-bit ≈ 4.8 GB" of 7.8).
        gb, seq, batch = answer.method_typical[mem.method]
        add("• ")
        add(_("<b>%(name)s</b>: ≈ %(det)s with the KV cache at typical settings (context "
              "%(seq)s, batch %(batch)s) (planning rule: %(need)s without it)",
              name=name, det=ph.fmt.gb(gb, 1), need=need, seq=ph.fmt.num(seq, 0), batch=batch))
        add("\n")
    else:
        add("• ")
        add(_("<b>%(name)s</b>: %(need)s", name=name, need=need))
        if mem.floor_gb is not None and mem.high_gb is None:
            add(" ")
            add(_("(floor %(floor)s)", floor=ph.fmt.gb(mem.floor_gb)))
        if led_detail:
            add(" ")
            add(_("— the planning rule from the cited sources, without activations"))
        add("\n")
    if ma is answer.primary and answer.query.fp8_weights and fit is not None \
            and fit.gpu is not None:
        _fp8_without_math(add, ph, fit.gpu)
    bare = answer.query.quant_bare
    spec = ph.cat.method(mem.method) if bare is not None else None
    if bare is not None and spec is not None and spec.quant is not None:
        # "q5" alone: the type it was read as is an assumption, said where its bits are.
        add("   ℹ️ ")
        if bare[:1].lower() == "q":
            add(_(
                "“%(written)s” is read as %(quant)s, the type llama.cpp's quantize tool means by "
                "that name; name the exact type for its own figure.",
                written=bare, quant=spec.quant,
            ))
        else:  # "4-bit gguf"
            add(_(
                "A “%(written)s” GGUF is read as %(quant)s, the usual type of that size; name "
                "the exact type for its own figure.", written=bare, quant=spec.quant,
            ))
        add("\n")
    assumed = ph.cat.method(mem.method).quant if answer.query.quant_assumed else None
    if assumed is not None:
        # "16gb vram + 64gb ram, can i run qwen3 235b": no type said, llama.cpp's usual one
        add("   ℹ️ ")
        add(_("No quantization said: with the system RAM given, this is read as llama.cpp or "
              "Ollama, which split the layers between the card and the RAM, with a %(quant)s "
              "GGUF file; name another type for its own figure.", quant=assumed))
        add("\n")
    release = ph.cat.qat_release(answer.query.model_id) if answer.query.qat else None
    if release is not None and ph.cat.method(mem.method).quant == release.type:
        # "gemma 3 27b qat q4": the publisher's quantization-aware-trained files, Q4_0
        add("   ℹ️ ")
        add(_(
            "“QAT” is read as %(release)s, the publisher's quantization-aware-trained files: "
            "%(quant)s GGUF, not Q4_K_M.", release=release.name, quant=release.type,
        ))
        extra = _qat_embeddings_gb(answer, release, ph)
        if answer.query.model_id in release.file_gb:
            add(" ")
            add(_(
                "Planned from their %(size)s file, whose token embeddings are kept in %(bits)s "
                "bits.", size=ph.fmt.gb(release.file_gb[answer.query.model_id], 2),
                bits=release.embedding_bits,
            ))
        elif extra is not None:
            add(" ")
            add(_(
                "Those files keep the token embeddings in %(bits)s bits, about %(extra)s more "
                "than this %(quant)s figure.", bits=release.embedding_bits,
                extra=ph.fmt.gb(extra, 1), quant=release.type,
            ))
        add("\n")
    exl2 = ph.cat.exl2
    if answer.query.exl2_unsized and exl2 is not None \
            and mem.method == ph.cat.method_where("inference", weight_bits=4):
        # "exl2 vs gguf": an EXL2 file's size is the average bits per weight it was made at.
        add("   ℹ️ ")
        add(_(
            "EXL2 files are quantized to any average from %(low)s to %(high)s bits per weight "
            "(exllamav2's README) and you named none: read as 4-bit; give its bpw (e.g. "
            "4.65bpw) for its own figure.", low=ph.fmt.num(exl2.min_bits_per_weight),
            high=ph.fmt.num(exl2.max_bits_per_weight),
        ))
        add("\n")
    runner = ph.cat.local_runner(answer.query.runner) \
        if answer.query.runner_type_assumed and answer.query.runner is not None else None
    native = answer.native
    # gpt-oss: every GGUF file keeps the MXFP4 experts, planned from the file's published size
    # (models.toml native.gguf_gb) whatever the type named or assumed.
    from_file = native is not None and native.gguf_gb is not None \
        and mem.method == ph.cat.gguf_file_method(answer.query.model_id)
    if from_file and runner is None and answer.query.quant is not None:
        assert native is not None and native.gguf_gb is not None
        add("   ℹ️ ")
        add(_(
            "Every GGUF file of %(model)s keeps its experts in the published %(format)s "
            "weights whatever its type, %(quant)s too: the figure here is planned from the "
            "published file's size, %(size)s.",
            model=answer.model_name or "", format=native.format, quant=answer.query.quant,
            size=ph.fmt.gb(native.gguf_gb, 1),
        ))
        add("\n")
    if runner is not None and (from_file or ph.cat.method(mem.method).quant
                               == runner.default_type):
        # "llama 3 70b with ollama": the GGUF type is the runner's default, an assumption.
        add("   ℹ️ ")
        if from_file:
            assert native is not None and native.gguf_gb is not None
            add(_(
                "You named no type, and every GGUF file of %(model)s keeps its experts in the "
                "published %(format)s weights whatever its type (Ollama's tags too): "
                "%(runner)s runs them as published, not as %(quant)s. The figure here is "
                "planned from the published file's size, %(size)s.",
                model=answer.model_name or "", format=native.format, runner=runner.name,
                quant=runner.default_type, size=ph.fmt.gb(native.gguf_gb, 1),
            ))
        elif native is not None and native.local_runners is not None:
            # "gpt-oss 20b in ollama": its GGUF files keep the published format whatever
            # their type (models.toml native.local_runners), Ollama's tags too.
            add(_(
                "You named no type, and every GGUF file of %(model)s keeps its experts in the "
                "published %(format)s weights whatever its type (Ollama's tags too): "
                "%(runner)s runs them as published, not as %(quant)s. The figure here is "
                "planned at %(quant)s's bits per weight; the file's own size gives a closer one.",
                model=answer.model_name or "", format=native.format, runner=runner.name,
                quant=runner.default_type,
            ))
        elif answer.query.runner_assumed:
            # "llama 3 70b on my 4060 8gb how many tokens/s": neither runner nor type said
            add(_(
                "You named no precision and none fits your card whole: read as people run it "
                "at home, with llama.cpp or Ollama and their usual %(quant)s GGUF, the layers "
                "the card cannot hold kept in system RAM; name a precision for its own figure.",
                quant=runner.default_type,
            ))
        elif runner.id == "ollama":
            add(_(
                "You named no type: read as %(quant)s, the default type of Ollama's library "
                "models (those published before December 2024 default to Q4_0, about 5 %% "
                "smaller); name the exact tag's type for its own figure.",
                quant=runner.default_type,
            ))
        else:
            add(_(
                "%(runner)s runs GGUF files and you named no type: read as %(quant)s, the usual "
                "4-bit type; name the exact type for its own figure.",
                runner=runner.name, quant=runner.default_type,
            ))
        add("\n")
    if answer.query.context_default == "ollama" and answer.query.seq_len is not None \
            and ph.cat.method(mem.method).quant is not None:
        # "llama 3 70b with ollama on my 3090": the context Ollama picks for that memory
        add("   ℹ️ ")
        add(ollama_context_note(answer, ph))
        add("\n")
    for n in fit.notes if fit is not None else mem.notes:
        if n.code in _HIDDEN_NOTES or (fit is not None and n.code == "adamw_range"):
            continue
        if figure is not None and n.code == "floor_fits_estimate_misses":
            continue  # the planning margin's verdict: the line gives the detailed one
        weighed = answer.detailed if answer.detailed is not None \
            and answer.detailed.method == mem.method and fit is not None else None
        if weighed is not None and fit is not None and n.code == "floor_fits_estimate_misses" \
                and mem.floor_gb is not None \
                and weighed.breakdown.term("weights") > fit.vram_gb / fit.gpu_count:
            # "can i run gpt-oss-20b on my 4070 12gb": its attention and embeddings are kept
            # in BF16, so the weights exceed the card (was "the bare weights (10.5 GB) would
            # fit", the planning floor at 4 bits a parameter)
            add("   ")
            add(_("By the detailed estimate the weights alone take about %(weights)s, more "
                  "than the %(vram)s available (the planning rule's %(floor)s counts every "
                  "parameter at the method's bits).",
                  weights=ph.fmt.gb(weighed.breakdown.term("weights"), 1),
                  vram=ph.memory(fit.vram_gb / fit.gpu_count),
                  floor=ph.memory(mem.floor_gb)))
            add("\n")
            continue
        typical = answer.method_typical.get(mem.method)
        if typical is not None and n.code == "floor_fits_estimate_misses" \
                and answer.query.inference and many > 1 \
                and answer.method_fits.get(mem.method):
            continue  # the line above gives the detailed estimate that fits
        if typical is not None and n.code == "floor_fits_estimate_misses":
            # The margin misses, the detailed estimate at typical settings fits: said as the
            # single-method answer says it ("✅ At typical settings …").
            gb, seq, batch = typical
            add("   ✅ ")
            add(_("At typical settings (sequence %(seq)s, batch %(batch)s) the detailed "
                  "estimate is %(det)s per GPU: it fits.", seq=ph.fmt.num(seq, 0), batch=batch,
                  det=ph.fmt.gb(gb, 1)) if not answer.query.inference else
                _("At typical settings (context %(seq)s, batch %(batch)s) the detailed "
                  "estimate is %(det)s per GPU with the KV cache: it fits.",
                  seq=ph.fmt.num(seq, 0), batch=batch, det=ph.fmt.gb(gb, 1)))
            add("\n")
            continue
        if n.code == "weights_exceed_vram" and (
                not answer.query.cpu_offload or answer.query.cpu_offload_gib) \
                and answer.method_fits.get(mem.method, check is not None and check.detailed_fits
                                           and answer.detailed is not None
                                           and answer.detailed.method == mem.method):
            # The detailed estimate fits: the planning floor's "more than available" is not
            # what this run holds. Pure BF16 keeps no FP32 master copy ("full fine tune
            # qwen2.5 7b in pure bf16 on m3 max 128gb": ✅, then "even the weights … alone
            # take 121.76 GB, more than the 96 GB"); the rule weighs a card's nominal size
            # ("gpt-oss-20b on a 4070 with llama.cpp": ✅ 12.8 GB of 12.88 GB, then "the MXFP4
            # weights alone take 12.1 GB, more than the 12 GB available"). An offload stated
            # keeps its note: where the weights go instead, but for vLLM's --cpu-offload-gb, whose
            # RAM the detailed estimate counts and says.
            continue
        if n.code == "weights_exceed_vram" and answer.query.trained_layers is not None \
                and answer.detailed is not None and answer.detailed.method == mem.method:
            # Only the last blocks train (LLaMA-Factory's freeze tuning, mlx-lm's
            # --num-layers): every weight's gradients and optimizer states are not this
            # run's; the detailed estimate counts the trained blocks'.
            continue
        add("   ")
        add(ph.note(n, mem, offload=bool(answer.query.cpu_offload)))
        add("\n")
    cheapest = ma.cheapest
    hours = answer.query.hours

    def paid_for(f: Fit) -> Decimal | None:
        """What is paid for the stated hours on `f` (None: no hours, or no price; hours
        measured on the user's card, which are not those on `f`)."""
        if hours is None or answer.query.hours_measured or f.gpu is None \
                or f.usd_per_hour is None:
            return None
        return paid_usd(f.gpu, f.gpu_count, hours, catalogue=ph.cat)

    timed = answer.detailed.training_time if answer.detailed is not None \
        and answer.detailed.method == mem.method else None
    runs = timed.paid_runs if timed is not None and answer.intent == "recommend" \
        and cheapest is not None else ()
    if figure is not None and fit is not None:
        fit_ok = answer.method_fits.get(mem.method, fit.fits)
    elif fit is not None and answer.query.inference and mem.method in answer.method_typical:
        fit_ok = answer.method_fits.get(mem.method, fit.fits)  # fits by the detailed estimate
    else:
        fit_ok = fit is not None and fit.fits
    if cheapest is not None and (
        fit is None or not fit_ok or answer.intent == "recommend"
        # "finetune gpt2 on a t4": every method fits on the card asked, which we don't rent;
        # "👉 Cheapest offered configuration that fits: 1× L40S" under each ✅ was noise.
        or (not fit.rentable and many == 1)
        or (many == 1 and answer.fits is False)
    ):
        add("   👉 ")
        d = answer.detailed
        if d is not None and d.offload_relied and d.method == mem.method:
            _offload_cheapest(add, ph, cheapest, d)
        elif led_detail and d is not None and "seq_len" in d.defaults \
                and "batch" in d.defaults:
            add(_(
                "Cheapest offered configuration that holds the detailed estimate at typical "
                "settings: %(where)s at %(price)s.",
                where=ph.fit_config(cheapest), price=ph.per_hour(cheapest.usd_per_hour),  # type: ignore[arg-type]
            ))
        elif led_detail:
            add(_(
                "Cheapest offered configuration that holds the detailed estimate with your "
                "settings: %(where)s at %(price)s.",
                where=ph.fit_config(cheapest), price=ph.per_hour(cheapest.usd_per_hour),  # type: ignore[arg-type]
            ))
        elif runs:
            # "best gpu to train a 1.5b from scratch on 10B tokens": the run's tokens say its
            # hours on each configuration; they rank by what is paid for the run there, as the
            # lead picks (was the cheapest per hour, 1× L40S, under a lead on 1× B200).
            where, wall, cost = runs[0]
            add(_(
                "Cheapest offered configuration for this run: %(where)s, %(paid)s in blocks "
                "(about %(wall)s at %(price)s).",
                where=ph.fit_config(where), paid=ph.fmt.usd(cost), wall=ph.fmt.duration(wall),
                price=ph.per_hour(where.usd_per_hour),  # type: ignore[arg-type]
            ))
        elif paid_for(cheapest) is not None:
            # Hours stated: ranked by what is paid for them (blocks), which the line gives.
            add(_(
                "Cheapest offered configuration that fits, by what you pay for %(wall)s: "
                "%(where)s, %(paid)s in blocks (%(price)s).",
                wall=ph.fmt.duration(hours), where=ph.fit_config(cheapest),  # type: ignore[arg-type]
                paid=ph.fmt.usd(paid_for(cheapest)),  # type: ignore[arg-type]
                price=ph.per_hour(cheapest.usd_per_hour),  # type: ignore[arg-type]
            ))
        elif mem.method in answer.method_typical_room or (
                ma is answer.primary and answer.fits is False and fit is not None
                and answer.intent != "recommend" and (
                    (answer.remedies is not None and answer.remedies.options)
                    or answer.typical_room is not None)):
            # A change makes it fit on the configuration asked (🩹 or 📏 above): the cheapest
            # offer is where it fits as it is, not the only place it does ("full finetune
            # mistral 7b on 2 a100s with seq 4096 batch 8": 4× A100 80GB, while micro-batch 1
            # fits on the 2× asked).
            add(_(
                "Cheapest offered configuration that fits without any change: %(where)s at "
                "%(price)s.",
                where=ph.fit_config(cheapest), price=ph.per_hour(cheapest.usd_per_hour),  # type: ignore[arg-type]
            ))
        else:
            add(_(
                "Cheapest offered configuration that fits: %(where)s at %(price)s.",
                where=ph.fit_config(cheapest), price=ph.per_hour(cheapest.usd_per_hour),  # type: ignore[arg-type]
            ))
        add("\n")
    elif cheapest is None:
        add("   ")
        counts = _counts_beyond(ph, mem) if answer.query.count_asked and fit is None else None
        if counts:
            # "deepseek-v3 full finetune how many gpus": no instance holds it, but the count
            # asked is still given, card by card (the planning rule).
            add(_(
                "None of the offered configurations (up to 8 GPUs) holds it: by the planning "
                "rule it takes %(counts)s, more GPUs than one instance has.", counts=counts,
            ))
        else:
            add(_("None of the offered configurations (up to 8 GPUs) holds it."))
        add("\n")
    ceiling = answer.query.max_rate_usd
    low = answer.query.min_rate_usd if ceiling is not None else None
    price = cheapest.usd_per_hour if cheapest is not None else None

    def within(f: Fit) -> bool:
        """Not above the hourly ceiling said (no ceiling: every one)."""
        return ceiling is None or (f.usd_per_hour is not None and f.usd_per_hour <= ceiling)

    in_band = [o for o in ma.options if low is not None and o.usd_per_hour is not None
               and low <= o.usd_per_hour <= ceiling]  # type: ignore[operator]
    if answer.intent == "recommend" and ceiling is not None and price is not None \
            and low is not None and price < low:
        # "what can i rent for $2-$3/hr to lora a 13b": the band stays a band with a model
        # named (was "Within your limit of $3.00/hour", its floor dropped): what holds it in
        # the band, the cheapest (under it) said above.
        if in_band:
            add("   ✅ ")
            add(_("Between %(low)s and %(high)s: %(configs)s.", low=ph.per_hour(low),
                  high=ph.per_hour(ceiling), configs=ph.fmt.list([
                      Markup("").join((ph.fit_config(o), " (", ph.per_hour(o.usd_per_hour), ")"))  # type: ignore[arg-type]
                      for o in in_band[:3]], "or")))
        else:
            add("   ⬇️ ")
            add(_("None that holds it costs between %(low)s and %(high)s: the cheapest costs "
                  "less.", low=ph.per_hour(low), high=ph.per_hour(ceiling)))
        add("\n")
    elif answer.intent == "recommend" and ceiling is not None and price is not None:
        # "the best gpu for qlora 70b under $1/hr": whether the cheapest is under it.
        if price <= ceiling:
            add("   ✅ ")
            add(_("Within your limit of %(limit)s.", limit=ph.per_hour(ceiling)))
        else:
            add("   ❌ ")
            add(_(
                "None of the offered configurations that hold it costs %(limit)s or less.",
                limit=ph.per_hour(ceiling),
            ))
        add("\n")
    # An hourly ceiling said: no card above it is listed as fitting ("for $2-$3/hr to lora a
    # 13b" listed the H200 at $3.07), nor one the band's line named.
    runs_kept = [r for r in runs[1:] if within(r[0])][:3]
    others = [o for o in ma.options[1:] if within(o) and o not in in_band][:3]
    if answer.intent == "recommend" and len(runs) > 1 and cheapest is not None:
        alts_run: list[str] = [
            Markup("").join((ph.fit_config(o), " (", ph.fmt.usd(c), ", ", ph.fmt.duration(h), ")"))
            for o, h, c in runs_kept
        ]
        if alts_run:
            add("   ")
            add(_("Also fits: %(others)s (what you pay for this run in blocks).",
                  others=ph.fmt.list(alts_run, "or")))
            add("\n")
    elif answer.intent == "recommend" and others:
        if cheapest is not None and paid_for(cheapest) is not None \
                and all(paid_for(o) is not None for o in others):
            alts: list[str] = [
                Markup("").join((ph.fit_config(o), " (", ph.fmt.usd(paid_for(o)), ")"))  # type: ignore[arg-type]
                for o in others
            ]
            add("   ")
            add(_("Also fits: %(others)s (what you pay in blocks).",
                  others=ph.fmt.list(alts, "or")))
        else:
            alts = [
                Markup("").join((ph.fit_config(o), " (", ph.per_hour(o.usd_per_hour), ")"))  # type: ignore[arg-type]
                for o in others
            ]
            add("   ")
            add(_("Also fits: %(others)s.", others=ph.fmt.list(alts, "or")))
        add("\n")


def _offload_cheapest(
    add: Callable[[str], None], ph: Phrases, cheapest: Fit, d: DetailedAnswer
) -> None:
    """The cheapest offered configuration when it holds the run only with the CPU offload the
    user stated: the CPU RAM it then needs (the instances' is not published: never assumed),
    and the cheapest that holds the run without offload."""
    _ = ph._
    where, price = ph.fit_config(cheapest), ph.per_hour(cheapest.usd_per_hour)  # type: ignore[arg-type]
    host = d.offload_cheapest_host_gb
    if host is not None:
        add(_(
            "Cheapest offered configuration that fits with CPU offload: %(where)s at "
            "%(price)s, if its instance has about %(host)s of CPU RAM (%(high)s with "
            "DeepSpeed's margin); the CPU RAM of our instances is not published, so check it "
            "before renting.",
            where=where, price=price, host=ph.fmt.gb(host[0], 1), high=ph.fmt.gb(host[1], 1),
        ))
    else:
        add(_(
            "Cheapest offered configuration that fits with CPU offload: %(where)s at "
            "%(price)s, if its instance has the CPU RAM the offloaded states need; the CPU RAM "
            "of our instances is not published, so check it before renting.",
            where=where, price=price,
        ))
    plain = d.cheapest_without_offload
    add("\n   👉 ")
    if plain is not None:
        add(_(
            "Without CPU offload, the cheapest offered configuration that fits: %(where)s at "
            "%(price)s.",
            where=ph.fit_config(plain), price=ph.per_hour(plain.usd_per_hour),  # type: ignore[arg-type]
        ))
    else:
        add(_("Without CPU offload, none of the offered configurations (up to 8 GPUs) holds it."))


def _mlx_launch(primary: MethodAnswer, answer: Answer, ph: Phrases) -> Markup | None:
    """The run that fits on the user's Mac started with mlx-lm, not TRL (CUDA-only): its
    LoRA, QLoRA (a 4-bit model after --model) and full fine-tuning (--fine-tune-type full),
    as ml-explore/mlx-lm's LORA.md gives them; None when it does not fit there or mlx-lm has
    no such run (DPO, 8-bit Adam)."""
    fit, method, detailed = primary.fit, primary.memory.method, answer.detailed
    if fit is None:
        return None
    # the verdict that leads: the detailed one when it is this method's ("full fine tune … with
    # mlx": pure BF16 fits where the planning rule's 16 bytes a parameter do not)
    fits = answer.method_fits.get(method, fit.fits)
    if detailed is not None and detailed.method == method and detailed.check is not None:
        fits = detailed.check.detailed_fits
    said: list[str] = []
    if detailed is not None and detailed.mlx_assumed:
        # estimated at batch 1 with checkpointing, not mlx_lm.lora's defaults: the command
        # passes them (bot.detail._estimate_on)
        if detailed.micro_batch != MLX_MICRO_BATCH:
            said.append(f"--batch-size {detailed.micro_batch}")
        if detailed.grad_ckpt:
            said.append("--grad-checkpoint")
    if not fits:
        # Over the Mac as asked: mlx-lm with what makes it fit there (bot.remedy), when mlx-lm
        # has a flag for each change; None (the rented run with TRL) otherwise.
        fix = _mlx_fix(answer.remedies, method)
        if fix is None:
            return None
        flags, method = fix
        # The remedy's flags replace the same flags at the estimate's settings (was
        # "--batch-size 8 --grad-checkpoint --batch-size 1 …", two batch sizes).
        fixed = {f.split()[0] for f in flags}
        said = [f for f in said if f.split()[0] not in fixed] + list(flags)
    command = " ".join(("mlx_lm.lora --model … --train --data …", *said))
    if method == "full_adamw":
        command += " --fine-tune-type full"
    elif method not in ("lora", "qlora"):
        return None
    if method == "qlora":
        return "🛠 " + ph._(
            "Next: with mlx-lm (TRL's 4-bit path needs CUDA), run <code>%(command)s</code> with "
            "a 4-bit MLX model after --model (<code>mlx_lm.convert -q</code> makes one): it "
            "then trains as QLoRA.", command=command)
    return "🛠 " + ph._("Next: with mlx-lm (TRL's kernels need CUDA), run <code>%(command)s</code>.",
                        command=command)


# What makes a run fit that mlx_lm.lora does with its own flags (ml-explore/mlx-lm
# mlx_lm/lora.py @d78bf58e: --batch-size, --grad-accumulation-steps, --grad-checkpoint,
# --max-seq-length; a 4-bit MLX model after --model trains as QLoRA; LoRA is its default).
_MLX_CHANGES: Final = frozenset(("micro_batch", "grad_ckpt", "seq_len", "lora", "qlora"))


def _mlx_fix(remedies: Remedies | None, method: str) -> tuple[tuple[str, ...], str] | None:
    """The mlx_lm.lora flags and the method of the first remedy it can run, or None."""
    if remedies is None:
        return None
    for option in remedies.options:
        changes = set(option.changes) | ({"seq_len"} if option.seq_len is not None else set())
        if not changes <= _MLX_CHANGES:
            continue
        flags: list[str] = []
        if "micro_batch" in changes:
            flags.append(f"--batch-size {option.micro_batch}")
            if remedies.accumulation(option) > 1:
                flags.append(f"--grad-accumulation-steps {remedies.accumulation(option)}")
        if "grad_ckpt" in changes:
            flags.append("--grad-checkpoint")
        if option.seq_len is not None:
            flags.append(f"--max-seq-length {option.seq_len}")
        changed = "qlora" if "qlora" in changes else "lora" if "lora" in changes else method
        return tuple(flags), changed
    return None


def _side_paid(run: Any) -> Decimal | None:
    """What one side of two runs costs here: nothing on one's own card (no rent), what is paid
    for the run's blocks where we rent it at a published price, else None (no price)."""
    if run.own:
        return Decimal(0)
    t = run.time
    return t.quote.plan.usd if t.quote is not None else None


def _side_runs_lines(answer: Answer, ph: Phrases) -> Markup:
    """"qlora on a 4090 vs full ft on an a100, 50M tokens, which is cheaper": which is cheaper
    leads (one's own card costs no rent; a rented run what is paid for it), then each side's
    run and its memory on the card asked."""
    _, fmt = ph._, ph.fmt
    runs = answer.side_runs
    who = ph.subject(answer.model_name, answer.params_b)  # type: ignore[arg-type]
    paid = [_side_paid(r) for r in runs]
    out: list[str] = []
    put = out.append
    if paid[0] is not None and paid[1] is not None and paid[0] != paid[1]:
        cheap, dear = (runs[0], runs[1]) if paid[0] < paid[1] else (runs[1], runs[0])
        t, o = cheap.time, dear.time
        assert o.quote is not None and o.gpu is not None and o.gpu_count is not None \
            and o.wall_clock_hours is not None and t.wall_clock_hours is not None
        put("💵 <b>")
        if cheap.own:
            put(_("Cheaper: %(how)s on your %(gpu)s, which costs no rent (only its electricity): "
                  "about %(wall)s there; %(other)s on %(where)s takes about %(other_wall)s, and "
                  "you pay %(paid)s.", how=ph.method_short(cheap.method),
                  gpu=ph.gpu_name(cheap.gpu), wall=fmt.duration(t.wall_clock_hours),
                  other=ph.method_short(dear.method), where=ph.config(o.gpu, o.gpu_count),
                  other_wall=fmt.duration(o.wall_clock_hours), paid=fmt.usd(o.quote.plan.usd)))
        else:
            assert t.quote is not None and t.gpu is not None and t.gpu_count is not None
            put(_("Cheaper: %(how)s on %(where)s, about %(wall)s, and you pay %(paid)s; %(other)s "
                  "on %(other_where)s takes about %(other_wall)s, and you pay %(other_paid)s.",
                  how=ph.method_short(cheap.method), where=ph.config(t.gpu, t.gpu_count),
                  wall=fmt.duration(t.wall_clock_hours), paid=fmt.usd(t.quote.plan.usd),
                  other=ph.method_short(dear.method),
                  other_where=ph.config(o.gpu, o.gpu_count),
                  other_wall=fmt.duration(o.wall_clock_hours),
                  other_paid=fmt.usd(o.quote.plan.usd)))
        put("</b>\n")
    put("⏱ <b>")
    if runs[0].method != runs[1].method:
        put(_("%(who)s on %(tokens)s, each card its own way:", who=who,
              tokens=fmt.tokens(runs[0].time.tokens)))
    else:  # neither card alone holds it: each on the fewest of it that do
        put(_("%(who)s on %(tokens)s, on as many of each card as hold it:", who=who,
              tokens=fmt.tokens(runs[0].time.tokens)))
    put("</b>\n")
    for run in runs:
        t = run.time
        assert t.gpu is not None and t.gpu_count is not None \
            and t.wall_clock_hours is not None and t.gpu_hours is not None
        put("• ")
        put(ph.sentence(_("%(how)s on %(where)s: about %(wall)s (%(gh)s GPU-hours).",
                          how=ph.method_short(run.method), where=ph.config(t.gpu, t.gpu_count),
                          wall=fmt.duration(t.wall_clock_hours), gh=fmt.num(t.gpu_hours))))
        if run.own:
            put(" ")
            put(_("Your own card: no rent."))
        elif t.quote is not None:
            put(" ")
            put(_("You pay %(paid)s.", paid=fmt.usd(t.quote.plan.usd)))
        else:
            put(" ")
            put(_("We rent the %(gpu)s too, but its price is not published: ask support before "
                  "planning on it.", gpu=ph.gpu_name(t.gpu)))
        check = run.check
        if check is not None and not check.detailed_fits:
            put(" ")
            put(_("It does not fit on %(asked)s (about %(need)s per GPU by the detailed "
                  "estimate), so it is timed on %(where)s.",
                  asked=ph.config(run.gpu, run.gpu_count),
                  need=fmt.gb(check.detailed_per_gpu_gb, 1),
                  where=ph.config(t.gpu, t.gpu_count)))
        put("\n")
    put("⚠️ <i>")
    put(_("The utilization is an assumption, not a measurement: measure your own tokens per "
          "second on a short run."))
    put("</i>\n")
    return Markup("".join(out))


def _more_paid_less(answer: Answer, gpu: str | None, a: int, b: int) -> bool:
    """The run timed on both counts of one card is paid no more on the larger ("4x vs 8x h100
    … on 1B tokens": 8× H100's six 10-hour blocks, $139.20, against 4× H100's $148.48): then
    "take the fewer when time is not pressing" would advise the dearer run."""
    paid = {t.gpu_count: t.quote.plan.usd for t in answer.compare_times
            if t.quote is not None and t.gpu == gpu}
    more, fewer = max(a, b), min(a, b)
    return more in paid and fewer in paid and paid[more] <= paid[fewer]


def compare_lines(answer: Answer, ph: Phrases) -> Markup:
    """A comparison of two GPUs or configurations (what compare.html.j2 printed)."""
    out: list[str] = []
    put = out.append
    _ = ph._
    fmt = ph.fmt
    cat = ph.cat
    c = answer.comparison
    assert c is not None
    if len(answer.side_runs) == 2:
        return _side_runs_lines(answer, ph)
    a, b = _compared_names(c.gpu_a, c.gpu_b, ph)
    counted = c.a_count > 1 or c.b_count > 1
    # "4x H100 vs 8x H100": one GPU at two counts, so no datasheet ratio, only counts and price.
    same = c.gpu_a == c.gpu_b
    # With counts ("una B200 o dos H200") the sides are configurations, else GPUs.
    side_a: str = _side(c.a_rig, ph) or (ph.config(c.gpu_a, c.a_count) if counted else a)
    side_b: str = _side(c.b_rig, ph) or (ph.config(c.gpu_b, c.b_count) if counted else b)
    # Blocks are sold per GPU model: two rentals of one model share their blocks, so only two
    # models are priced one by one and summed.
    if answer.query.rentals_summed and len(answer.compare_quotes) == 2 \
            and answer.compare_quotes[0].gpu != answer.compare_quotes[1].gpu:
        return _rentals_total(answer.compare_quotes, ph)
    if answer.scaled_time is not None:
        put(scaled_time_lines(answer, ph))
    if answer.compare_bracket:
        put(_compare_bracket(answer, ph))
    if answer.scaled_rate is not None:
        put(_scaled_rate(answer.scaled_rate, ph))
    elif answer.rate_unfit is not None:
        # The measured rate carried to a configuration the model does not fit: no speed.
        f = answer.rate_unfit
        put("⚡ <b>")
        put(_("No speed on %(to)s: %(who)s does not fit there (%(need)s of %(vram)s).",
              to=ph.fit_config(f), who=ph.subject(answer.model_name, f.params_b),
              need=fmt.gb(f.estimate_gb), vram=fmt.gb(f.vram_gb)))
        put("</b>\n\n")
    # "an a100 for a day or an h100 for 12 hours, which is cheaper": each side at the hours the
    # user gave it; what those cost answers, not a run's cost at one assumed utilization (which
    # said the H100 "finishes a run sooner and for less" against the user's own hours).
    asked = answer.query
    own_hours, hourly, per_run = _compare_verdicts(answer, ph, (a, b), (side_a, side_b), counted)
    # "is it cheaper to fine tune on an h100 or an a100": the per-run cost verdict leads, before
    # the speeds ("…for serving llama 3 8b, which is cheaper": per token, then who is faster).
    # "whats cheaper for 1 week straight, h100 or 2x a100": the hours said, both sides priced
    # for them and no run to time, are what is asked; their cost leads (was a run's cost at one
    # assumed utilization, naming the H100 that costs $80.64 more for the week), a run's after.
    rented_hours = asked.hours is not None and len(answer.compare_quotes) == 2 \
        and not answer.compare_times
    # "100 hours on an a100 vs h100, which costs what?": hours said for both sides are a cost
    # asked even with no "cheaper" said (was the datasheets first, the two costs last).
    hours_led = own_hours or rented_hours
    cost_led = per_run is not None and asked.cheaper_asked and not hours_led \
        and not any(t.quote is not None for t in answer.compare_times)
    own = _own_against_rented(answer, ph) if asked.cheaper_asked and per_run is None \
        and hourly is None and not own_hours else None
    if own is not None:
        # "which is cheaper?" after one's own card beside a rented one: what each costs to run
        # (was the two cards' memory again, the cost unanswered)
        put(f"💵 <b>{own}</b>\n\n")
    if hourly is not None:
        # "whats cheaper per hour, 2 a100s or 1 h100": the hour's price answers, then what a
        # run costs (was the run's cost alone, which names the dearer side per hour).
        put(f"💵 <b>{hourly}</b>")
        if per_run is not None:
            put(f" {per_run}")
        put("\n\n")
    elif cost_led:
        put(f"💵 <b>{per_run}</b>\n\n")
    elif hours_led:
        put(_cost_difference(answer.compare_quotes[0], answer.compare_quotes[1], ph=ph))
        put("\n")
        if per_run is not None and not own_hours:
            put(f"💵 {per_run}\n")
        put("\n")
    below = _cheaper_than_both(answer, c)
    if below is not None:
        # "cheaper?" after a run asked on an A100 then on an H100: the cheaper of the two, and
        # the offered configuration cheaper than both that holds it (was the two alone, the
        # L40S under both unsaid)
        put("👉 ")
        put(_("Cheaper than both: %(where)s at %(price)s, the cheapest offered configuration "
              "that holds this run.", where=ph.fit_config(below),
              price=ph.per_hour(below.usd_per_hour)))  # type: ignore[arg-type]
        put("\n\n")
    if answer.query.pooled_asked:
        put(_pooled(answer, ph))
    if answer.mac_memory_needed is not None and c.a is not None and answer.params_b is not None:
        # "is a mac studio or 2x3090 better for 70b": the Mac, its memory unsaid, is weighed at
        # the least memory that holds the run (bot.answer._mac_compared), said first
        put(_mac_needed(answer.mac_memory_needed, ph.subject(answer.model_name, answer.params_b),
                        c.method, ph))
    put(_compare_leads(answer, ph))
    if answer.compare_largest is not None and answer.compare_largest_method is not None:
        put(_largest_each(answer.compare_largest, answer.compare_largest_method, c, side_a,
                          side_b, ph))
    put("⚖️ <b>")
    put(_("%(a)s or %(b)s?", a=side_a, b=side_b))
    put("</b>\n")
    bf16 = answer.compare_bf16_checks
    if len(bf16) == 2 and bf16[0].detailed_per_gpu_gb == bf16[1].detailed_per_gpu_gb:
        # The detailed figure, as the sides below are judged (was the planning rule's whole
        # job, 112.1 GB, above sides of 49 GB per GPU)
        put("ℹ️ ")
        put(_("Neither holds it in BF16 (about %(need)s per GPU, detailed estimate): compared "
              "in %(how)s, as it would be served there.",
              need=fmt.gb(bf16[0].detailed_per_gpu_gb, 1), how=ph.method_short(c.method)))
        put("\n")
    elif len(bf16) == 2:
        put("ℹ️ ")
        put(_("Neither holds it in BF16 (about %(a)s per GPU on %(sa)s, %(b)s on %(sb)s, "
              "detailed estimate): compared in %(how)s, as it would be served there.",
              a=fmt.gb(bf16[0].detailed_per_gpu_gb, 1), sa=side_a,
              b=fmt.gb(bf16[1].detailed_per_gpu_gb, 1), sb=side_b,
              how=ph.method_short(c.method)))
        put("\n")
    elif answer.compare_bf16_gb is not None:
        put("ℹ️ ")
        put(_("Neither holds it in BF16 (%(need)s): compared in %(how)s, as it would be served "
              "there.", need=ph.size(answer.compare_bf16_gb), how=ph.method_short(c.method)))
        put("\n")
    # "rtx a6000 vs rtx 6000 ada vs l40s": two cards are compared; the others named are said
    # to be left out (were dropped without a word).
    left_out = [] if c.a_rig or c.b_rig else list(dict.fromkeys(
        g for g in asked.other_gpus[1:] if g not in (c.gpu_a, c.gpu_b)))
    if left_out:
        put("ℹ️ ")
        put(ph.ngettext(
            "I compare two GPUs at a time: the %(left)s is left out. Ask again with it against "
            "either of them.",
            "I compare two GPUs at a time: the %(left)s are left out. Ask again with each "
            "against either of them.",
            len(left_out), left=fmt.list([ph.gpu_name(g) for g in left_out])))
        put("\n")
    if c.a is not None and c.b is not None:
        how = ph.method_name(c.method)
        who = ph.subject(answer.model_name, answer.params_b)  # type: ignore[arg-type]
        checks = answer.compare_checks
        if checks:
            # What both sides' detailed estimates are of and their settings, said once
            put(compared_settings(how, who, assumed_settings(answer.detailed), ph))
            put("\n")
        for i, (f, rig, side, name) in enumerate(
                ((c.a, c.a_rig, side_a, a), (c.b, c.b_rig, side_b, b))):
            # "H100 SXM vs PCIe": each side by the name that sets it apart ("1× H100 SXM")
            where = side if rig else ph.config_named(name, f.gpu_count) \
                if f.gpu is not None and name != ph.gpu_name(f.gpu) else ph.fit_config(f)
            facts = {"where": where, "need": ph.size(f.estimate_gb), "have": fmt.gb(f.vram_gb),
                     "how": how, "who": who}
            if answer.ran_there and not f.fits:
                put(_ran_side(f is c.a, c, a, facts, ph))
                put("\n")
                continue
            if checks:
                # Each side's detailed estimate and its verdict, where the single
                # configuration's answer leads with it (settings stated, or typical ones).
                put(compared_side(where, checks[i], ph))
                put("\n")
                continue
            put("✅ " if f.fits else "❌ ")
            put(_("%(how)s of %(who)s on %(where)s: %(need)s of %(have)s.", **facts))
            put("\n")
        pairs = assumption_said(ph, answer.detailed, "preference_pairs") \
            if checks and answer.detailed is not None else None
        if pairs is not None:  # "dpo llama 3 8b, 4090 or a100?": why the figures are so
            put("ℹ️ ")
            put(pairs)
            put("\n")
        if c.alternatives:
            alts: list[str] = [
                Markup("").join((ph.fit_config(o), " (", ph.per_hour(o.usd_per_hour), ")"))  # type: ignore[arg-type]
                for o in c.alternatives
            ]
            put("👉 ")
            put(_("Offered configurations that fit: %(others)s.", others=fmt.list(alts, "or")))
            put("\n")
    put(_rig_lines(c, side_a, side_b, ph))
    # Two machines, no model named ("a 3090 and a 4090, or buy another 3090?", "i have a 4090,
    # buy another 3090?"): what each holds and runs at in all, not one card against the other.
    machines = c.a is None and bool(c.a_rig or c.b_rig) and not (same and c.a_count == c.b_count)
    if machines:
        put(_rig_totals(c, side_a, side_b, ph))
    ratio = c.tflops_ratio
    if not same and ratio is not None and ratio != 1:
        # The faster card leads: "3.2 times", never "0.3 times".
        a_faster = ratio > 1
        put("🚀 ")
        put(_(
            "The %(a)s has %(r)s times the peak BF16 Tensor throughput of the %(b)s (%(ta)s vs "
            "%(tb)s dense TFLOPS per GPU).",
            a=a if a_faster else b, b=b if a_faster else a,
            ta=fmt.num(c.a_tflops if a_faster else c.b_tflops),  # type: ignore[arg-type]
            tb=fmt.num(c.b_tflops if a_faster else c.a_tflops),  # type: ignore[arg-type]
            r=fmt.num(ratio if a_faster else 1 / ratio, 1),
        ))
        put("\n")
    elif not same and ratio == 1:
        # "how much faster is the h200 than the h100": the same peak (989.5 TFLOPS each), said
        # so (was no line at all, the question left unanswered beside the bandwidth).
        put("🚀 ")
        put(_(
            "The %(a)s and the %(b)s have the same peak BF16 Tensor throughput (%(t)s dense "
            "TFLOPS per GPU).", a=a, b=b, t=fmt.num(c.a_tflops),  # type: ignore[arg-type]
        ))
        put("\n")
    if not same and c.a_fp16_tflops is not None and c.b_fp16_tflops is not None:
        # "V100 SXM2 vs PCIe": no BF16 on either, so the FP16 Tensor peaks their datasheets
        # print (was no speed line at all, though the SXM2 part is the faster).
        fp_a, fp_b = c.a_fp16_tflops, c.b_fp16_tflops
        put("🚀 ")
        if fp_a == fp_b:
            put(_("The %(a)s and the %(b)s have the same peak FP16 Tensor throughput (%(t)s "
                  "dense TFLOPS per GPU); neither has BF16.", a=a, b=b, t=fmt.num(fp_a)))
        else:
            a_faster = fp_a > fp_b
            put(_(
                "The %(a)s has %(r)s times the peak FP16 Tensor throughput of the %(b)s (%(ta)s "
                "vs %(tb)s dense TFLOPS per GPU); neither has BF16.",
                a=a if a_faster else b, b=b if a_faster else a,
                ta=fmt.num(fp_a if a_faster else fp_b), tb=fmt.num(fp_b if a_faster else fp_a),
                r=fmt.num(fp_a / fp_b if a_faster else fp_b / fp_a, 1),
            ))
        put("\n")
    elif not same and ratio is None and (c.a_fp16_tflops is None) != (c.b_fp16_tflops is None):
        # "T4 vs L4 for qlora 7b, which is faster": one card without BF16 trains in FP16, at its
        # FP16 Tensor peak, as the time estimates take it (was no speed line at all).
        peak_a = c.a_fp16_tflops if c.a_fp16_tflops is not None else c.a_tflops
        peak_b = c.b_fp16_tflops if c.b_fp16_tflops is not None else c.b_tflops
        if peak_a is not None and peak_b is not None and peak_a != peak_b:
            a_faster = peak_a > peak_b
            kind_a = "FP16" if c.a_fp16_tflops is not None else "BF16"
            kind_b = "FP16" if c.b_fp16_tflops is not None else "BF16"
            put("🚀 ")
            put(_(
                "The %(a)s has %(r)s times the peak 16-bit Tensor throughput of the %(b)s (%(ta)s "
                "%(ka)s vs %(tb)s %(kb)s dense TFLOPS per GPU): the %(old)s has no BF16, so it "
                "trains in FP16.",
                a=a if a_faster else b, b=b if a_faster else a,
                ta=fmt.num(peak_a if a_faster else peak_b), tb=fmt.num(peak_b if a_faster else peak_a),
                ka=kind_a if a_faster else kind_b, kb=kind_b if a_faster else kind_a,
                r=fmt.num(peak_a / peak_b if a_faster else peak_b / peak_a, 1),
                old=a if c.a_fp16_tflops is not None else b,
            ))
            put("\n")
    if not same and ratio is not None and c.a_count != c.b_count and not machines:
        # "4x 4090 vs 1 a100": the configurations' totals, not one card against the other.
        total_a = c.a_tflops * c.a_count  # type: ignore[operator]
        total_b = c.b_tflops * c.b_count  # type: ignore[operator]
        a_faster = total_a >= total_b
        put(_(
            "%(fa)s has %(r)s times the peak BF16 Tensor throughput of %(sb)s in total (%(ta)s "
            "vs %(tb)s dense TFLOPS).",
            fa=side_a if a_faster else side_b, sb=side_b if a_faster else side_a,
            ta=fmt.num(total_a if a_faster else total_b),
            tb=fmt.num(total_b if a_faster else total_a),
            r=fmt.num(total_a / total_b if a_faster else total_b / total_a, 1),
        ))
        put("\n")
    if not same and c.bandwidth_ratio is not None and not machines:
        # One figure when the two are equal ("4.800 GB/s frente a 4.800 GB/s" reads as a slip).
        put(_("Memory bandwidth: %(b)s on both.", b=fmt.bandwidth(c.a_bandwidth_gbs))  # type: ignore[arg-type]
            if c.a_bandwidth_gbs == c.b_bandwidth_gbs else _(
            "Memory bandwidth: %(ba)s vs %(bb)s.",
            ba=fmt.bandwidth(c.a_bandwidth_gbs),  # type: ignore[arg-type]
            bb=fmt.bandwidth(c.b_bandwidth_gbs),  # type: ignore[arg-type]
        ))
        put("\n")
    if not same and not machines:
        put(_one_sided_figures(c, a, b, ph))
    card_a, card_b = cat.gpu(c.gpu_a), cat.gpu(c.gpu_b)
    if not same and c.a is None and not machines:
        # "H100 SXM vs PCIe": no model to fit, so each card's memory beside its speed; one
        # figure when equal ("a100 vs h100": "80 GB vs 80 GB" reads as a slip).
        put(_("Memory: %(m)s per GPU on both.", m=fmt.gb(card_a.vram_gb))
            if card_a.vram_gb == card_b.vram_gb else
            _("Memory: %(ma)s vs %(mb)s per GPU.", ma=fmt.gb(card_a.vram_gb),
              mb=fmt.gb(card_b.vram_gb)))
        others = _other_sizes(card_a, cat)
        if others and others == _other_sizes(card_b, cat):
            # "V100 SXM2 vs PCIe": both made with 16 and 32 GB; the bare name is read as one.
            put(" ")
            put(_("Each also comes with %(sizes)s.",
                  sizes=fmt.list([fmt.gb(g) for g in others], "or")))
        cuda = _cuda_totals(card_a, card_b, (a, b), ph)
        if cuda:
            put(" ")
            put(cuda)
        if c.a_count != c.b_count:
            # "2x 3090 or 1x 4090": the pair's memory in all is what decides the largest
            # model it trains, not the "24 GB on both" per card.
            put(" ")
            put(_("In all: %(ta)s on %(sa)s vs %(tb)s on %(sb)s (a model sharded across GPUs "
                  "uses the total).", ta=fmt.gb(card_a.vram_gb * c.a_count), sa=side_a,
                  tb=fmt.gb(card_b.vram_gb * c.b_count), sb=side_b))
        put("\n")
    serving = answer.query.inference and c.bandwidth_ratio is not None \
        and c.a_bandwidth_gbs is not None and c.b_bandwidth_gbs is not None \
        and c.a_bandwidth_gbs != c.b_bandwidth_gbs and c.a_count == c.b_count
    if not same and serving:
        # "what's faster for inference, 4090 or a100": each generated token reads every weight
        # once (bot.detail.decode_bound), so the bandwidth, not the TFLOPS, bounds it.
        a_faster = c.a_bandwidth_gbs > c.b_bandwidth_gbs  # type: ignore[operator]
        hi, lo = ((c.a_bandwidth_gbs, c.b_bandwidth_gbs) if a_faster
                  else (c.b_bandwidth_gbs, c.a_bandwidth_gbs))
        put("⚡ ")
        put(_(
            "Generating tokens reads every weight once per token, so for serving the memory "
            "bandwidth sets the pace: the %(fast)s has %(r)s times the %(slow)s's.",
            fast=a if a_faster else b, slow=b if a_faster else a,
            r=fmt.num(hi / lo, 1),  # type: ignore[operator]
        ))
        put("\n")
    # An AMD card or a Mac compared: the figures are from each maker's datasheet, not NVIDIA's.
    nvidia = card_a.platform == "cuda" and card_b.platform == "cuda"
    if same:
        pass
    elif serving or (answer.query.inference and c.bandwidth_ratio is not None):
        # Serving compared at two counts or with one bandwidth unknown: still not training.
        put("<i>")
        put(_("These are NVIDIA's peak figures; real speed depends on the software.") if nvidia
            else _("These are the datasheets' peak figures; real speed depends on the "
                   "software."))
        put("</i>\n")
    elif ratio is not None or c.bandwidth_ratio is not None:
        put("<i>")
        put(_("These are NVIDIA's peak figures; real training speed depends on the software.")
            if nvidia else
            _("These are the datasheets' peak figures; real training speed depends on the "
              "software."))
        put("</i>\n")
    else:
        put("<i>")
        put(_("We have no cited datasheet figures to compare their speed."))
        put("</i>\n")
    if c.a_usd_per_hour is not None and c.b_usd_per_hour is not None:
        put("💵 ")
        put(_(
            "Price: %(a)s %(pa)s, %(b)s %(pb)s.", a=side_a, b=side_b,
            pa=ph.per_hour(c.a_usd_per_hour), pb=ph.per_hour(c.b_usd_per_hour),
        ))
        put("\n")
        holds = [f for f in (c.a, c.b) if f is not None and f.fits]
        if same and c.a is not None and len(holds) == 1:
            put("👉 ")
            put(_("Only %(where)s holds it.", where=ph.fit_config(holds[0])))
            put("\n")
        elif same and c.a is not None and c.b is not None and not holds and (
                answer.compare_need if answer.compare_checks else ph.gpus_needed(c.b)):
            # "1 or 2 A100 for lora 70b": neither holds it; how many of that card do (by the
            # estimate the sides were judged by).
            n = answer.compare_need if answer.compare_checks else ph.gpus_needed(c.b)
            assert n is not None
            if n <= cat.limits.max_cluster_gpus:
                put("🔢 ")
                put(_(
                    "It takes at least %(n)s× %(gpu)s (%(total)s) to hold it.",
                    n=n, gpu=ph.gpu_name(c.gpu_b),
                    total=fmt.gb(c.b.vram_gb / c.b.gpu_count * n),
                ))
                put("\n")
        elif same and c.a_usd_per_hour != c.b_usd_per_hour and (c.a is None or len(holds) == 2) \
                and not _more_paid_less(answer, c.gpu_a, c.a_count, c.b_count):
            more = c.a_count if c.a_count > c.b_count else c.b_count
            fewer = c.b_count if c.a_count > c.b_count else c.a_count
            put(_(
                "%(big)s costs more per hour but, if the run scales across the GPUs, finishes "
                "sooner for about the same GPU-hours: take %(small)s when it holds the model and "
                "time is not pressing.",
                big=ph.config(c.gpu_a, more), small=ph.config(c.gpu_a, fewer),
            ))
            put("\n")
        if per_run is not None and not cost_led and not hours_led:  # said above already
            put(per_run)
            put("\n")
    else:
        for card, name in ((card_a, a), (card_b, b)):
            if card.usd_per_gpu_hour is not None:
                # "H100 SXM vs PCIe": the one we rent, at its price, beside one we do not.
                put("💵 ")
                put(_("We rent the %(gpu)s at %(price)s per GPU.", gpu=name,
                      price=ph.per_hour(card.usd_per_gpu_hour)))
                put("\n")
        # "2 or 3 3090s": one card at two counts is said to be unrented once; "kaggle vs colab"
        # (two T4s and one) once a side, each notebook's.
        notebooks = (asked.gpu_colab, asked.gpu_kaggle) != (asked.other_gpu_colab,
                                                           asked.other_gpu_kaggle)
        for at, (card, name) in enumerate(((card_a, a), (card_b, b))
                                            if card_a.id != card_b.id or notebooks
                                            else ((card_a, a),)):
            if card.rented:
                continue
            put("🏠 ")
            if c.a is None and card.peak_source is not None and not same:
                put(_("We don't rent the %(gpu)s here; its figures above are from the "
                      "%(source)s.", gpu=name, source=card.peak_source))
            elif c.a is None:
                put(_("We don't rent the %(gpu)s here.", gpu=name))
            else:
                # Either side may be Colab's: "is my 3060 better than colab" (its T4 second)
                first = at == 0 and card.id == asked.gpu
                second = at == 1 and bool(asked.other_gpus) \
                    and card.id == asked.other_gpus[0]
                put(_not_rented(
                    ph, card, (asked.gpu_colab and first) or (asked.other_gpu_colab and second),
                    c.a_count if asked.gpu_kaggle and first
                    else c.b_count if asked.other_gpu_kaggle and second else 0,
                    (asked.gpu_colab_plan and first) or (asked.other_gpu_colab_plan and second),
                    asked.gpu_instance if first else None, c.a_count if first else c.b_count))
            put("\n")
        # (one's own card at an unpublished rental price is no price to ask for: "my 4090")
        mine = asked.card_owned and card_a.id == asked.gpu
        mine_b = asked.other_card_owned and card_b.id in asked.other_gpus[:1]
        if not machines and ((card_a.rented and c.a_usd_per_hour is None and not c.a_rig
                              and not mine) or (
            card_b.rented and c.b_usd_per_hour is None and not c.b_rig and not mine_b
        )):
            put(_("One of them has no published price: ask support before planning on it."))
            put("\n")
    # The estimates' optional fields are read as the template read them.
    times: tuple[Any, ...] = answer.compare_times
    # "in hours?" after the comparison: its times in the unit asked, leading unless both are
    # priced (then the lead line above says both times already)
    # "in gpu hours?" after it: each side's GPU-hours lead its line, the block leads the reply
    # even where both are priced (the lead line says hours, not GPU-hours)
    gh_asked = asked.gpu_hours_asked
    unit_asked = gh_asked or ((asked.hours_asked or asked.minutes_asked or asked.days_asked
                               or asked.times_asked)
                              and sum(1 for t in answer.compare_times if t.quote is not None) < 2)
    timed_from = len(out)
    if times:
        first = times[0]
        put("\n⏱ <b>")
        if gh_asked:
            put(ph.ngettext(
                "GPU-hours for %(tokens)s (%(count)s epoch)",
                "GPU-hours for %(tokens)s (%(count)s epochs)",
                first.epochs, tokens=fmt.tokens(first.tokens), count=first.epochs,
            ))
        else:
            put(ph.ngettext(
                "Training time for %(tokens)s (%(count)s epoch)",
                "Training time for %(tokens)s (%(count)s epochs)",
                first.epochs, tokens=fmt.tokens(first.tokens), count=first.epochs,
            ))
        put("</b>\n")
        for t in times:
            facts = {"where": ph.config(t.gpu, t.gpu_count),
                     "wall": ph.wall(t.quote.hours if t.quote else t.wall_clock_hours, asked),
                     "gh": fmt.num(t.gpu_hours), "count": t.gpu_hours}
            if gh_asked:
                put(ph.ngettext(
                    "%(where)s: %(gh)s GPU-hour (about %(wall)s).",
                    "%(where)s: %(gh)s GPU-hours (about %(wall)s).",
                    t.gpu_hours, **facts,
                ))
            else:
                put(ph.ngettext(
                    "%(where)s: about %(wall)s (%(gh)s GPU-hour).",
                    "%(where)s: about %(wall)s (%(gh)s GPU-hours).",
                    t.gpu_hours, **facts,
                ))
            put("\n")
            if t.quote:
                put(ph.quote_block(t.quote))
                put("\n")
        if first.tokens_per_second is not None:
            put(_("From your measured %(rate)s tokens/s per GPU.",
                  rate=fmt.num(first.tokens_per_second)))
            put("\n")
        else:
            # Each card its own: a micro-step's fixed cost takes more of a faster card's step
            # (rules.training_time.StepCost), so one percent would be one card's alone.
            shares = [fmt.percent(t.mfu * 100, 0) for t in times if t.mfu is not None]
            if len(set(shares)) > 1:
                put(_(
                    "From %(k)s·N·D FLOPs at an assumed %(mfus)s of each GPU's peak BF16 TFLOPS, "
                    "in that order; the GPUs are assumed to scale linearly.",
                    mfus=fmt.list(shares), k=fmt.num(first.flops_per_param_token),
                ))
            else:
                put(_(
                    "From %(k)s·N·D FLOPs at an assumed %(mfu)s of each GPU's peak BF16 TFLOPS; "
                    "the GPUs are assumed to scale linearly.",
                    mfu=fmt.percent(first.mfu * 100, 0), k=fmt.num(first.flops_per_param_token),
                ))
            put("\n")
            attention = ph.attention_flops(first)
            if attention is not None:
                put(attention)
                put("\n")
            micros = ph.typical_micros(times)
            if micros is not None:
                put(micros)
                put("\n")
            for t in times:
                if t.peak_precision == "fp32":
                    put(_(
                        "The %(gpu)s has no BF16 and runs FP16 at 1/64 of its FP32 rate: it is "
                        "timed at its %(peak)s peak FP32 TFLOPS, the run assumed in FP32.",
                        gpu=ph.gpu_name(t.gpu), peak=fmt.num(t.peak_tflops),
                    ))
                    put("\n")
                    continue
                if t.peak_precision != "fp16":
                    continue
                if ph.bf16_unprinted(t.gpu):
                    put(_(
                        "Its maker prints no BF16 peak for the %(gpu)s: it is timed at its "
                        "%(peak)s peak FP16 TFLOPS, with FP16 mixed precision assumed.",
                        gpu=ph.gpu_name(t.gpu), peak=fmt.num(t.peak_tflops),
                    ))
                    put("\n")
                    continue
                put(_(
                    "The %(gpu)s has no BF16: it is timed at its %(peak)s peak FP16 TFLOPS, with "
                    "FP16 mixed precision assumed.",
                    gpu=ph.gpu_name(t.gpu), peak=fmt.num(t.peak_tflops),
                ))
                put("\n")
            put("⚠️ <i>")
            put(_(
                "The utilization is an assumption, not a measurement: measure your own tokens per "
                "second on a short run."
            ))
            put("</i>\n")
    if times and unit_asked:
        timed = "".join(out[timed_from:]).lstrip("\n")
        del out[timed_from:]
        out.insert(0, timed + "\n")
    for q in answer.compare_quotes:
        put("\n")
        put(ph.quote_block(q))
        put("\n")
    if len(answer.compare_quotes) == 2 and not hours_led:
        # "price difference between a100 and h100 for 100 hours": both costs, then the gap.
        put("\n")
        put(_cost_difference(*answer.compare_quotes, ph=ph))
        put("\n")
    if answer.params_b is None and asked.model_id is None and not asked.family \
            and asked.hours is None and not answer.compare_quotes and not answer.compare_times \
            and not same and not c.a_rig and not c.b_rig:
        # "h100 or a100?" bare: the datasheets answer what they can; the one question that
        # decides it for a run is asked, with an example to copy. "3090 vs 4090 for lora",
        # "2x 3090 vs 4090 for fine tuning": the model it depends on (was no question at all).
        put("\n❓ ")
        put(_("For your run: which model, and QLoRA, LoRA, full fine-tuning or serving? With "
              "them I tell you which one holds it and what the run costs on each, for example "
              "<code>%(a)s vs %(b)s for QLoRA 70B</code>.", a=side_a, b=side_b)
            if asked.method is None else
            _("For your run: which model? The answer depends on it: with it I tell you which "
              "one holds it and what serving it costs on each, for example <code>%(a)s vs %(b)s "
              "to serve a 70B</code>.", a=side_a, b=side_b)
            if asked.inference and not asked.serving_precision_said else
            _("For your run: which model? The answer depends on it: with it I tell you which "
              "one holds it and what the run costs on each, for example <code>%(a)s vs %(b)s "
              "for %(how)s 70B</code>.", a=side_a, b=side_b, how=ph.method_short(asked.method)))
        put("\n")
    return Markup("".join(out))



def _compare_bracket(answer: Answer, ph: Phrases) -> str:
    """"compare a100 vs h100 for lora 8b on 50k samples": each side's time at each assumed
    sample length, as one card's "how long … on 50k samples" gives them, and the length asked."""
    fmt = ph.fmt
    (short, (a1, b1)), (long, (a2, b2)) = answer.compare_bracket
    samples = answer.query.dataset_samples
    assert samples is not None and a1.gpu is not None and b1.gpu is not None
    assert a1.gpu_count is not None and b1.gpu_count is not None
    wall = [t.wall_clock_hours for t in (a1, b1, a2, b2)]
    assert all(w is not None for w in wall)
    head = ph.ngettext(
        "How long depends on how long your %(samples)s samples are: at %(short)s tokens each, "
        "about %(a1)s on %(a)s and %(b1)s on %(b)s; at %(long)s tokens each, %(a2)s and %(b2)s "
        "(%(epochs)s epoch).",
        "How long depends on how long your %(samples)s samples are: at %(short)s tokens each, "
        "about %(a1)s on %(a)s and %(b1)s on %(b)s; at %(long)s tokens each, %(a2)s and %(b2)s "
        "(%(epochs)s epochs).",
        a1.epochs, samples=fmt.num(samples, 0), short=fmt.num(short, 0), long=fmt.num(long, 0),
        a=ph.config(a1.gpu, a1.gpu_count), b=ph.config(b1.gpu, b1.gpu_count),
        a1=fmt.duration(wall[0]), b1=fmt.duration(wall[1]),  # type: ignore[arg-type]
        a2=fmt.duration(wall[2]), b2=fmt.duration(wall[3]),  # type: ignore[arg-type]
        epochs=a1.epochs)
    ask = ph._("How long is one of your samples, in tokens? Tell me for one time on each.")
    return f"⏱ <b>{head}</b>\n❓ {ask}\n\n"


def _compare_verdicts(answer: Answer, ph: Phrases, names: tuple[str, str],
                      sides: tuple[str, str], counted: bool,
                      summed: bool = False) -> tuple[bool, str | None, str | None]:
    """A comparison's verdicts: whether each side was priced at hours of its own, the hour's
    price lead when asked, and which side does the run for less (or holds it alone, or neither
    does); compare_lines lays them out, a "tldr" keeps the last (compare_verdict), `summed`
    to a verdict even where the page leaves it out (the faster side also the cheaper per hour,
    no cost asked)."""
    _ = ph._
    c = answer.comparison
    assert c is not None
    a, b = names
    side_a, side_b = sides
    asked = answer.query
    own_hours = asked.other_hours is not None and asked.other_hours != asked.hours \
        and len(answer.compare_quotes) == 2
    hourly = _per_hour_lead(c, side_a, side_b, counted, ph) \
        if asked.per_hour_asked and not own_hours else None
    cheaper = asked.cheaper_asked or summed
    per_run = None if own_hours \
        else _per_config_cost(c, side_a, side_b, ph, cheaper, hourly is not None) \
        if counted else _per_run_cost(c, a, b, ph, cheaper, hourly is not None)
    sole = _holds(answer)
    if per_run is not None and sole is not None:
        # "lora llama 3 70b: 2 h100 vs 4 a100, which is cheaper?": a side the run does not fit
        # costs nothing per run; the one that holds it is the answer (was "2× H100 finishes a
        # run sooner and for less" above "❌ … on 2× H100: 168 GB of 160 GB").
        fit = c.a if sole == 0 else c.b
        # serving: the speed lead below says which one holds it already
        per_run = None if ph.cat.method(c.method).kind == "inference" or fit is None \
            else str(_("Only %(where)s holds it.", where=ph.fit_config(fit)))
    elif per_run is not None and _neither_holds(answer) and c.a is not None \
            and ph.cat.method(c.method).kind == "training":
        # "is it cheaper to rent 2 a100 or 1 h100 for 70b lora": neither holds the run, so
        # neither does it for less (was "1× H100 finishes a run sooner and for less" above two
        # ❌). Serving's cost per token still leads: it holds across more cards alike.
        how = ph.method_name(c.method)
        who = ph.subject(answer.model_name, answer.params_b)  # type: ignore[arg-type]
        checks = answer.compare_checks
        if len(checks) == 2 and checks[0].detailed_per_gpu_gb == checks[1].detailed_per_gpu_gb:
            # The figure the sides below are judged by, the detailed one (was the planning
            # rule's 1,260 GB above sides of 1,279.3 GB per GPU)
            per_run = str(_(
                "Neither holds it: %(how)s of %(who)s needs about %(need)s per GPU (detailed "
                "estimate).", how=how, who=who, need=ph.fmt.gb(checks[0].detailed_per_gpu_gb, 1)))
        elif len(checks) == 2:
            per_run = str(_(
                "Neither holds it: %(how)s of %(who)s needs about %(a)s per GPU on %(sa)s, "
                "%(b)s on %(sb)s (detailed estimate).", how=how, who=who,
                a=ph.fmt.gb(checks[0].detailed_per_gpu_gb, 1), sa=side_a,
                b=ph.fmt.gb(checks[1].detailed_per_gpu_gb, 1), sb=side_b))
        else:
            per_run = str(_("Neither holds it: %(how)s of %(who)s needs about %(need)s.",
                            how=how, who=who, need=ph.size(c.a.estimate_gb)))
    return own_hours, hourly, per_run


def compare_verdict(answer: Answer, ph: Phrases) -> str | None:
    """"tldr?" after two GPUs compared on a run: which does it for less, or holds it alone
    (None where the comparison has no such verdict: its headline, if any, answers)."""
    c = answer.comparison
    if c is None or len(answer.side_runs) == 2 or answer.query.rentals_summed:
        return None
    a, b = _compared_names(c.gpu_a, c.gpu_b, ph)
    counted = c.a_count > 1 or c.b_count > 1
    side_a: str = _side(c.a_rig, ph) or (ph.config(c.gpu_a, c.a_count) if counted else a)
    side_b: str = _side(c.b_rig, ph) or (ph.config(c.gpu_b, c.b_count) if counted else b)
    _, hourly, per_run = _compare_verdicts(answer, ph, (a, b), (side_a, side_b), counted,
                                           summed=True)
    return per_run or hourly

def _largest_each(largest: tuple[tuple[Decimal, str | None], ...], method: str, c: Comparison,
                  side_a: str, side_b: str, ph: Phrases) -> str:
    """"whats better for finetuning, 2x 3090 or 1x 4090?": what each side trains, first; then
    the datasheets (which say how fast)."""
    fmt, _ = ph.fmt, ph._

    def holds(side: str, gpu: str, count: int, found: tuple[Decimal, str | None]) -> str:
        size, name = found
        where = _("%(side)s (%(gb)s)", side=side, gb=fmt.gb(ph.cat.gpu(gpu).vram_gb * count))
        if name is None:
            return str(_("about %(size)sB on %(where)s", where=where, size=fmt.num(size)))
        return str(_("about %(size)sB (%(model)s) on %(where)s", where=where,
                     size=fmt.num(size), model=name))

    a = holds(side_a, c.gpu_a, c.a_count, largest[0])
    b = holds(side_b, c.gpu_b, c.b_count, largest[1])
    return "📏 <b>" + str(_(
        "For training, memory decides what fits: the largest model with %(how)s is %(a)s, "
        "%(b)s, by the detailed estimate at typical settings (sequence %(seq)s, batch 1).",
        how=ph.method_short(method), a=a, b=b, seq=fmt.num(DEFAULT_SEQ_LEN))) + "</b>\n\n"


def _own_against_rented(answer: Answer, ph: Phrases) -> str | None:
    """"which is cheaper?" between one's own card (no price here) and one we rent: the own card
    pays no rent, only its electricity, which no cited rule prices (so it is not weighed, never
    guessed); the rented side's cost for the run when its data timed it, else its hourly price
    and what would time it. None unless exactly one side has a price and the other is owned."""
    c, asked, _ = answer.comparison, answer.query, ph._
    if c is None or c.a_rig or c.b_rig or c.gpu_a == c.gpu_b \
            or (c.a_usd_per_hour is None) == (c.b_usd_per_hour is None):
        return None
    own_gpu = c.gpu_a if c.a_usd_per_hour is None else c.gpu_b
    # "renting an h100 instead of using my 4090": the card said after is theirs too (was no
    # lead, "is it worth it" unanswered)
    if ph.cat.gpu(own_gpu).rented and not (asked.card_owned and own_gpu == asked.gpu) \
            and not (asked.other_card_owned and own_gpu in asked.other_gpus[:1]):
        return None  # a card we rent at an unpublished price: not known to be theirs
    rented_gpu, rented_count, price = (c.gpu_b, c.b_count, c.b_usd_per_hour) \
        if own_gpu == c.gpu_a else (c.gpu_a, c.a_count, c.a_usd_per_hour)
    assert price is not None
    own_time = next((t for t in answer.compare_times
                     if t.gpu == own_gpu and t.wall_clock_hours is not None), None)
    # its electricity, when a price a kWh was said and its board power is on file (or said)
    power = ph.own_electricity(asked, own_time) if own_time is not None else None
    own = str(power) if power is not None else str(_(
        "Your own %(gpu)s costs no rent, only its electricity, for which I have no cited price, "
        "so I do not weigh it.", gpu=ph.gpu_name(own_gpu)))
    quote = next((t.quote for t in answer.compare_times
                  if t.quote is not None and t.gpu == rented_gpu), None)
    where = ph.config(rented_gpu, rented_count)
    if quote is not None:
        rented = _("Rented here, the run costs %(cost)s on %(where)s (about %(wall)s at "
                   "%(price)s), and the least you buy is %(paid)s of GPU-hours.",
                   cost=ph.fmt.usd(quote.cost_usd), where=where,
                   wall=ph.fmt.duration(quote.hours), price=ph.per_hour(quote.usd_per_hour),
                   paid=ph.fmt.usd(quote.plan.usd))
    elif asked.dataset_samples and asked.dataset_tokens is None:
        rented = _("Rented here, %(where)s costs %(price)s; tell me how long one of your "
                   "%(samples)s samples is, about, and I will say what the run costs there.",
                   where=where, price=ph.per_hour(price),
                   samples=ph.fmt.num(asked.dataset_samples))
    else:
        rented = _("Rented here, %(where)s costs %(price)s; tell me how much data the run "
                   "trains on (for example “10,000 samples of 512 tokens”) and I will say "
                   "what the run costs there.", where=where, price=ph.per_hour(price))
    return f"{own} {rented}"


def _per_run_cost(c: Comparison, a: str, b: str, ph: Phrases, asked: bool,
                  hourly: bool = False) -> str | None:
    """Which of two priced GPUs does a run for less at one assumed utilization (a run's cost
    goes as price / peak TFLOPS), or None without both prices and peaks, or when the faster one
    is also the cheaper per hour and the cost was not `asked`. When the faster card also does
    the work for less, "the cheaper one for a fixed budget" would be wrong. `hourly`: the hour's
    price was said before it (_per_hour_lead), so it is not said again."""
    _, fmt = ph._, ph.fmt
    if ph.cat.method(c.method).kind == "inference":
        return _per_token_cost(c, a, b, ph, asked)
    if c.a_usd_per_hour is None or c.b_usd_per_hour is None or c.tflops_ratio is None:
        return None
    ratio = c.tflops_ratio
    cheap = a if c.a_usd_per_hour < c.b_usd_per_hour else b
    if ratio == 1 and asked and c.a_usd_per_hour != c.b_usd_per_hour:
        # "h100 or h200, which is cheaper" for training: the same peak, so the lower price is
        # the lower cost per run (was "choose the H100 when the budget is fixed, the H200 when
        # the deadline is", as if the H200 trained faster).
        return str(_("The %(cheap)s costs less per run: the same peak BF16 throughput at a "
                     "lower price per hour.", cheap=cheap))
    fast = a if ratio > 1 else b
    if cheap == fast:
        if not asked or ratio == 1 or c.a_usd_per_hour == c.b_usd_per_hour:
            return None
        # "l40s or a100 which is cheaper": the L40S on both counts.
        return str(_("The %(cheap)s costs less both per hour and per run: a lower price and a "
                     "higher peak BF16 throughput (at the same utilization).", cheap=cheap))
    work_a = c.a_usd_per_hour / c.a_tflops  # type: ignore[operator]
    work_b = c.b_usd_per_hour / c.b_tflops  # type: ignore[operator]
    if (fast == a and work_a < work_b) or (fast == b and work_b < work_a):
        share = fmt.percent(100 * (work_a / work_b if fast == a else work_b / work_a), 0)
        if hourly:
            return str(_(
                "Per run, though, the %(fast)s finishes sooner and for less at the same "
                "utilization: about %(share)s of what it costs on the %(cheap)s.",
                share=share, fast=fast, cheap=cheap))
        return str(_(
            "At the same utilization the %(fast)s finishes a run sooner and for less, about "
            "%(share)s of what it costs on the %(cheap)s, though the %(cheap)s costs less per "
            "hour.", share=share, fast=fast, cheap=cheap,
        ))
    return str(_("Choose the %(cheap)s when the budget is fixed, the %(fast)s when the deadline "
                 "is.", fast=fast, cheap=cheap))


def _sides_hold(answer: Answer) -> tuple[bool, bool] | None:
    """Whether each side of a comparison holds the run (the detailed verdicts when settings were
    stated); None without two sides."""
    c = answer.comparison
    if c is None or c.a is None or c.b is None:
        return None
    checks = answer.compare_checks
    return (checks[0].detailed_fits, checks[1].detailed_fits) if len(checks) == 2 \
        else (c.a.fits, c.b.fits)


def _holds(answer: Answer) -> int | None:
    """Which side of a comparison alone holds the run (0 or 1), or None when both or neither
    do."""
    fits = _sides_hold(answer)
    return None if fits is None or fits[0] == fits[1] else (0 if fits[0] else 1)


def _neither_holds(answer: Answer) -> bool:
    """Neither side of a comparison holds the run."""
    return _sides_hold(answer) == (False, False)


def _per_hour_lead(c: Comparison, a: str, b: str, counted: bool, ph: Phrases) -> str | None:
    """Which side of a comparison costs less per hour, and both prices (`counted`: the sides
    are configurations, "2× A100 80GB", else GPUs, "the A100 80GB"); None without both prices
    or when they are the same."""
    pa, pb = c.a_usd_per_hour, c.b_usd_per_hour
    if pa is None or pb is None or pa == pb:
        return None
    cheap, dear, low, high = (a, b, pa, pb) if pa < pb else (b, a, pb, pa)
    values = {"cheap": cheap, "dear": dear, "low": ph.per_hour(low), "high": ph.per_hour(high)}
    if counted:
        return str(ph._("%(cheap)s costs less per hour: %(low)s against %(high)s for "
                        "%(dear)s.", **values))
    return str(ph._("The %(cheap)s costs less per hour: %(low)s against %(high)s for the "
                    "%(dear)s.", **values))


def _per_config_cost(c: Comparison, a: str, b: str, ph: Phrases, asked: bool,
                     hourly: bool = False) -> str | None:
    """_per_run_cost for two configurations of different cards ("2 a100 or 1 h100, which is
    cheaper"): a run's cost goes as the configuration's price over its total peak TFLOPS, the
    GPUs assumed to scale linearly. None for serving, a machine of mixed cards (no price), one
    card at two counts (the same cost per run, by that assumption) or missing figures."""
    _, fmt = ph._, ph.fmt
    if ph.cat.method(c.method).kind == "inference" or c.gpu_a == c.gpu_b \
            or c.a_usd_per_hour is None or c.b_usd_per_hour is None \
            or c.a_tflops is None or c.b_tflops is None:
        return None
    total_a, total_b = c.a_tflops * c.a_count, c.b_tflops * c.b_count
    if total_a == total_b or c.a_usd_per_hour == c.b_usd_per_hour:
        return None
    cheap = a if c.a_usd_per_hour < c.b_usd_per_hour else b
    fast = a if total_a > total_b else b
    work_a, work_b = c.a_usd_per_hour / total_a, c.b_usd_per_hour / total_b
    if cheap == fast:
        if not asked:
            return None
        return str(_("%(cheap)s costs less both per hour and per run: a lower price and a higher "
                     "peak BF16 throughput in total (at the same utilization, the GPUs assumed to "
                     "scale linearly).", cheap=cheap))
    if (fast == a) == (work_a < work_b):
        share = fmt.percent(100 * min(work_a, work_b) / max(work_a, work_b), 0)
        if hourly:  # the hour's price said before it (_per_hour_lead)
            return str(_(
                "Per run, though, %(fast)s finishes sooner and for less at the same "
                "utilization: about %(share)s of what it costs on %(cheap)s (the GPUs assumed "
                "to scale linearly).", share=share, fast=fast, cheap=cheap))
        return str(_(
            "At the same utilization %(fast)s finishes a run sooner and for less, about %(share)s "
            "of what it costs on %(cheap)s, though %(cheap)s costs less per hour (the GPUs "
            "assumed to scale linearly).", share=share, fast=fast, cheap=cheap,
        ))
    return str(_("Choose %(cheap)s when the budget is fixed, %(fast)s when the deadline is.",
                 fast=fast, cheap=cheap))


def _per_token_cost(c: Comparison, a: str, b: str, ph: Phrases, asked: bool) -> str | None:
    """Serving: which of two priced GPUs generates a token for less. Decoding one sequence
    reads every weight once a token, so its speed goes as the memory bandwidth and a token's
    cost as price / bandwidth (was the training verdict, by peak TFLOPS: 'whats cheaper per
    token h100 or a100 for serving 70b' named the H100, 1.6 times the bandwidth for 2.5 times
    the price)."""
    _, fmt = ph._, ph.fmt
    if c.a_usd_per_hour is None or c.b_usd_per_hour is None or not asked \
            or not c.a_bandwidth_gbs or not c.b_bandwidth_gbs \
            or c.a_usd_per_hour == c.b_usd_per_hour:
        return None
    token_a = c.a_usd_per_hour / c.a_bandwidth_gbs
    token_b = c.b_usd_per_hour / c.b_bandwidth_gbs
    cheap, dear = (a, b) if token_a < token_b else (b, a)
    share = fmt.percent(100 * min(token_a, token_b) / max(token_a, token_b), 0)
    return str(_(
        "Per token generated the %(cheap)s costs less, about %(share)s of the %(dear)s's: "
        "decoding reads every weight once a token, so its speed goes with the memory bandwidth "
        "(at the same share of the datasheet figure).", cheap=cheap, dear=dear, share=share,
    ))


def _pooled(answer: Answer, ph: Phrases) -> str:
    """"can i combine my 3090 with a rented h100": they cannot share one job, said first; the
    comparison after it answers each card on its own."""
    _, cat, q = ph._, ph.cat, answer.query
    cards = [g for g in (q.gpu, *q.other_gpus[:1]) if g is not None]
    # the card we do not rent is the user's; both rented ("my 4090 with a rented h100"): the first
    own = next((g for g in cards if not cat.gpu(g).rented), cards[0])
    rented = next((g for g in cards if g != own), cards[-1])
    said = _("No: your %(own)s and a rented %(rented)s cannot share one job.",
             own=ph.gpu_name(own), rented=ph.gpu_name(rented))
    why = _("They sit in different machines: splitting a model across cards (FSDP, DeepSpeed "
            "ZeRO-3, a layer split) exchanges data at every step, so the cards of one job share "
            "a machine (PCIe, NVLink) or a data-centre network. A GPU we rent runs in a machine "
            "of ours, and we offer no way to join it to yours. Each card on its own:")
    return f"🔌 <b>{said}</b>\n{why}\n\n"


def _mlx_named(ph: Phrases, detailed: DetailedAnswer) -> str:
    """MLX named for a run on one's Mac: the estimate is mlx_lm.lora's own defaults where
    they hold, else batch 1 with checkpointing beside the defaults' figure (bot.detail)."""
    if detailed.micro_batch == MLX_MICRO_BATCH and not detailed.grad_ckpt:
        return ph._("With mlx-lm, as you named it: estimated at mlx_lm.lora's own defaults, "
                    "batch 4 without gradient checkpointing, which hold here.")
    if detailed.mlx_defaults_gb is None or (
            detailed.check is not None and not detailed.check.detailed_fits):
        # nothing to weigh the defaults against: batch 1 misses the Mac too
        return ph._("With mlx-lm, as you named it: estimated at batch 1 with gradient "
                    "checkpointing (--batch-size 1 --grad-checkpoint).")
    return ph._("With mlx-lm, as you named it: its own defaults, batch 4 without gradient "
                "checkpointing, need about %(own)s here, more than the GPU can use; with "
                "--batch-size 1 --grad-checkpoint it needs about %(gb)s, the figures below.",
                own=ph.fmt.gb(detailed.mlx_defaults_gb), gb=ph.fmt.gb(detailed.per_gpu_gb))


def mac_not_sold(ph: Phrases, gpu_id: str, memory: Decimal | None) -> str:
    """"m3 max 32gb": a memory Apple sells no such chip with (its tech specifications, the
    configurations in gpus_owned.toml), said, and that the answer is on the memory written;
    "" for a memory it sells or none said."""
    card = ph.cat.gpu(gpu_id)
    if memory is None or not card.memory_options_gb or memory in card.memory_options_gb:
        return ""
    fmt = ph.fmt
    said = ph._("The %(chip)s comes with %(sizes)s (Apple's tech specifications), not "
                "%(said)s: this is for the %(said)s you wrote; check yours in About This Mac.",
                chip=card.name,
                sizes=fmt.list([fmt.gb(o) for o in card.memory_options_gb], "or"),
                said=fmt.gb(memory))
    return f"ℹ️ {said}\n"


def mac_needed_lead(answer: Answer, ph: Phrases) -> str:
    """"how long to qlora llama 3 8b … on my mac", "how about on my mac?" after a run's time: a
    Mac named without its memory, the smallest too small: the least unified memory that holds
    the run leads, as it does a verdict ("" when none was computed)."""
    primary = answer.primary
    if answer.mac_memory_needed is None or primary is None or answer.params_b is None:
        return ""
    return _mac_needed(answer.mac_memory_needed, ph.subject(answer.model_name, answer.params_b),
                       primary.memory.method, ph)


def _mac_needed(needed: tuple[Decimal, Decimal], who: str, method: str, ph: Phrases) -> str:
    """"🍎 Llama 3 70B (4-bit inference) needs a Mac with at least 64 GB of unified memory
    (about 48 GB of it for the GPU).", a paragraph."""
    total, usable = needed
    head = ph._(
        "%(who)s (%(how)s) needs a Mac with at least %(total)s of unified memory (about "
        "%(usable)s of it for the GPU).",
        who=who, how=ph.method_short(method), total=ph.fmt.gb(total), usable=ph.fmt.gb(usable),
    )
    return f"🍎 <b>{ph.sentence(head)}</b>\n\n"


def _users_compared(answer: Answer, ph: Phrases) -> str:
    """"serve llama 3 70b awq on 2x 4090 or 1 a100?" then "for 10 users?": the sequences served
    at once decoded together on each side that holds them, in all and each (the bounds of
    bot.detail.decode_bound at that batch), where one sequence's bound led before and the users
    were said nowhere; "" when no side has the batch's bound."""
    q = answer.query
    n = q.batch_size
    if n is None or n < 2 or not (q.users == n or q.served_at_once):
        return ""
    _, fmt = ph._, ph.fmt
    batched = [b for b in answer.compare_decode if b.batch == n
               and b.batch_tokens_per_second is not None
               and b.batch_each_tokens_per_second is not None]
    c = answer.comparison
    held = [side for side in ((c.a, c.b) if c is not None else ()) if side is not None and side.fits]
    if not batched or len(batched) < len(held):
        return ""
    at_once = ph.ngettext("%(num)s user at once", "%(num)s users at once", n) \
        if q.users == n else \
        ph.ngettext("%(num)s sequence at once", "%(num)s sequences at once", n)
    if len(batched) == 2:
        fast, slow = sorted(batched, key=lambda b: b.batch_tokens_per_second or 0, reverse=True)
        rf, rs = fast.batch_tokens_per_second or 0, slow.batch_tokens_per_second or 0
        facts = {"n": at_once, "fast": ph.config(fast.gpu, fast.gpus),
                 "slow": ph.config(slow.gpu, slow.gpus), "rf": fmt.num(rf), "rs": fmt.num(rs),
                 "each_f": fmt.num(fast.batch_each_tokens_per_second or 0),
                 "each_s": fmt.num(slow.batch_each_tokens_per_second or 0)}
        # within a tenth of each other the bounds pick no side, as for one sequence
        if rf * 10 <= rs * 11:
            said = _("For %(n)s: about the same speed, at most about %(rf)s tokens/s in all "
                     "(%(each_f)s per sequence) on %(fast)s, %(rs)s (%(each_s)s per sequence) on "
                     "%(slow)s (memory-bandwidth bounds).", **facts)
        else:
            said = _("For %(n)s: %(fast)s generates faster, at most about %(rf)s tokens/s in "
                     "all (%(each_f)s per sequence), against %(rs)s (%(each_s)s per sequence) on "
                     "%(slow)s (memory-bandwidth bounds).", **facts)
    else:
        one = batched[0]
        said = _("For %(n)s, only %(where)s has the memory: at most about %(r)s tokens/s in "
                 "all, %(e)s per sequence (memory-bandwidth bound).", n=at_once,
                 where=ph.config(one.gpu, one.gpus),
                 r=fmt.num(one.batch_tokens_per_second or 0),
                 e=fmt.num(one.batch_each_tokens_per_second or 0))
    return f"👥 <b>{said}</b>\n"


def _compare_leads(answer: Answer, ph: Phrases) -> str:
    """What a comparison was asked for, first: which side generates faster (a serving one
    with a model), which finishes and costs less (a training run with a dataset)."""
    _, fmt = ph._, ph.fmt
    out: list[str] = []
    rated = [(b, b.tokens_per_second) for b in answer.compare_decode
             if b.tokens_per_second is not None]
    together = _users_compared(answer, ph)
    if together:
        out.append(together)
    elif len(rated) == 2:
        (fast, rf), (slow, rs) = sorted(rated, key=lambda pair: pair[1], reverse=True)
        facts = {"fast": ph.config(fast.gpu, fast.gpus), "slow": ph.config(slow.gpu, slow.gpus),
                 "rf": fmt.num(rf), "rs": fmt.num(rs)}
        # Within a tenth of each other the bounds do not pick a side: datasheet bounds, not
        # measurements.
        if rf * 10 <= rs * 11:
            said = _("About the same speed: at most about %(rf)s tokens/s for one sequence on "
                     "%(fast)s, %(rs)s on %(slow)s (memory-bandwidth bounds).", **facts)
        else:
            said = _("%(fast)s generates faster: at most about %(rf)s tokens/s for one sequence, "
                     "against %(rs)s on %(slow)s (memory-bandwidth bounds).", **facts)
        out.append(f"⚡ <b>{said}</b>\n")
    elif len(rated) == 1:
        one, rate = rated[0]
        c = answer.comparison
        facts = {"where": ph.config(one.gpu, one.gpus), "r": fmt.num(rate)}
        if c is not None and c.a is not None and c.b is not None and c.a.fits and c.b.fits:
            # The other side holds it too, but its datasheet bandwidth is not on file.
            other = c.b if (c.a.gpu, c.a.gpu_count) == (one.gpu, one.gpus) else c.a
            said = _("On %(where)s one sequence generates at most about %(r)s tokens/s "
                     "(memory-bandwidth bound); we have no cited bandwidth for the %(other)s.",
                     other=ph.gpu_name(other.gpu or ""), **facts)
        else:
            said = _("Only %(where)s holds it: at most about %(r)s tokens/s for one sequence "
                     "(memory-bandwidth bound).", **facts)
        out.append(f"⚡ <b>{said}</b>\n")
    for one, _rate in rated:
        if one.layer_split:
            out.append(str(_(
                "%(where)s: the GGUF's layers are split over the GPUs, which take turns on each "
                "token, so their bandwidths do not add up.", where=ph.config(one.gpu, one.gpus))))
            out.append("\n")
    quotes = [t.quote for t in answer.compare_times if t.quote is not None]
    if len(quotes) == 2:
        qa, qb = quotes
        sooner, later = (qa, qb) if qa.hours <= qb.hours else (qb, qa)
        cheap, dear = (qa, qb) if qa.plan.usd <= qb.plan.usd else (qb, qa)
        facts = {
            "sooner": ph.config(sooner.gpu, sooner.gpu_count),
            "later": ph.config(later.gpu, later.gpu_count),
            "cheap": ph.config(cheap.gpu, cheap.gpu_count),
            "hs": ph.wall(sooner.hours, answer.query), "hl": ph.wall(later.hours, answer.query),
            "pc": fmt.usd(cheap.plan.usd), "pd": fmt.usd(dear.plan.usd),
        }
        same_time = qa.hours == qb.hours
        same_cost = qa.plan.usd == qb.plan.usd
        if same_time and same_cost:
            said = _("Both take about %(hs)s and cost %(pc)s paid.", **facts)
        elif same_time:
            said = _("Both take about %(hs)s; %(cheap)s costs less (%(pc)s paid against "
                     "%(pd)s).", **facts)
        elif same_cost:
            said = _("Both cost %(pc)s paid; %(sooner)s finishes sooner (about %(hs)s against "
                     "%(hl)s).", **facts)
        elif sooner is cheap:
            said = _("%(sooner)s finishes sooner and costs less: about %(hs)s and %(pc)s paid, "
                     "against %(hl)s and %(pd)s on %(later)s.", **facts)
        else:
            said = _("%(sooner)s finishes sooner (about %(hs)s against %(hl)s), %(cheap)s costs "
                     "less (%(pc)s paid against %(pd)s).", **facts)
        out.append(f"⏱ <b>{said}</b>\n")
    if out:
        out.append("\n")
    return "".join(out)


def _ratio_basis(compute: Decimal | None, bandwidth: Decimal | None, to: str, frm: str,
                 ph: Phrases) -> str:
    """What a measured figure was carried over by: the datasheets' ratios, per configuration."""
    _, fmt = ph._, ph.fmt
    if compute is not None and bandwidth is not None:
        return str(_(
            "Scaled by the datasheets: %(to)s has %(rc)s× the peak BF16 TFLOPS of %(frm)s and "
            "%(rb)s× its memory bandwidth.", to=to, frm=frm, rc=fmt.num(compute, 1),
            rb=fmt.num(bandwidth, 1)))
    if compute is not None:
        return str(_(
            "Scaled by the datasheets: %(to)s has %(r)s× the peak BF16 TFLOPS of %(frm)s (one of "
            "them has no cited memory bandwidth).", to=to, frm=frm, r=fmt.num(compute, 1)))
    assert bandwidth is not None
    return str(_(
        "Scaled by the datasheets: %(to)s has %(r)s× the memory bandwidth of %(frm)s (one of "
        "them has no cited peak BF16 TFLOPS).", to=to, frm=frm, r=fmt.num(bandwidth, 1)))


def _between_ratios(both: bool, counted: bool, ph: Phrases) -> str:
    """Why the carried figure is a range, and how far to trust it."""
    _ = ph._
    said = [str(_(
        "Each step is bound by compute or by memory traffic, so it speeds up by between the two "
        "(the roofline model)."))] if both else []
    if counted:
        said.append(str(_("The GPUs are assumed to scale linearly.")))
    said.append(str(_(
        "Peak figures are an upper bound: real runs rarely scale with them. Time a short run "
        "there before you budget on it.")))
    return " ".join(said)


def _ran_side(measured: bool, c: Comparison, name_a: str, facts: dict[str, Any],
              ph: Phrases) -> str:
    """A side of "it took 20 h on my A6000, how long on an L40S?" that the planning rule says
    does not hold the run: on the card it ran on, the run is the proof (never ❌); on the other
    one, whether it has the memory the run had (the same 48 GB on paper, and what CUDA reports
    of it), else the planning verdict."""
    _, fmt, cat = ph._, ph.fmt, ph.cat
    if measured:
        return "✅ " + str(_(
            "%(how)s of %(who)s on %(where)s: it ran there, as you measured, although the "
            "planning rule says %(need)s of %(have)s.", **facts))
    ran, other = cat.gpu(c.gpu_a), cat.gpu(c.gpu_b)
    if c.a_count == c.b_count and other.vram_gb >= ran.vram_gb:
        if other.capacity_gb >= ran.capacity_gb:
            return "⚠️ " + str(_(
                "%(how)s of %(who)s on %(where)s: %(need)s of %(have)s by the planning rule, but "
                "each GPU has at least as much memory as the %(ran)s, where your run finished: "
                "with the same settings it fits.", ran=name_a, **facts))
        # The L40S and the A6000 are both 48 GB, but CUDA reports 48.3 GB and 51.5 GB.
        return "⚠️ " + str(_(
            "%(how)s of %(who)s on %(where)s: %(need)s of %(have)s by the planning rule. On "
            "paper %(where)s has the same %(vram)s as the %(ran)s, but CUDA reports %(there)s "
            "per GPU there against %(ran_has)s: with the same settings it fits if your run "
            "peaked under %(there)s (nvidia-smi shows it).", ran=name_a, vram=fmt.gb(ran.vram_gb),
            there=fmt.gb(other.capacity_gb, 1), ran_has=fmt.gb(ran.capacity_gb, 1), **facts))
    return "❌ " + str(_("%(how)s of %(who)s on %(where)s: %(need)s of %(have)s.", **facts))


def scaled_time_lines(answer: Answer, ph: Phrases) -> str:
    """"It took 6 h on my 3090, how long on an H100?": the scaled hours and their cost lead."""
    _, fmt = ph._, ph.fmt
    t = answer.scaled_time
    assert t is not None
    to, frm = ph.config(t.gpu_to, t.count_to), ph.config(t.gpu_from, t.count_from)
    costs = [q.cost_usd for q in answer.scaled_quotes]
    ranged = t.fastest_hours != t.slowest_hours
    facts = {"to": to, "frm": frm, "hours": fmt.duration(t.hours)}
    fast, slow = fmt.duration_span(t.fastest_hours, t.slowest_hours)  # "1.37 to 2.75 hours"
    if ranged and len(costs) == 2:
        lead = _("On %(to)s: about %(fast)s to %(slow)s, %(low)s to %(high)s", **facts,
                 fast=fast, slow=slow, low=fmt.usd(costs[0]), high=fmt.usd(costs[1]))
    elif ranged:
        lead = _("On %(to)s: about %(fast)s to %(slow)s", **facts, fast=fast, slow=slow)
    elif t.bandwidth_ratio is None and costs:
        # The peak TFLOPS ratio alone: the most the run can speed up, so the least time.
        lead = _("On %(to)s: %(time)s at best, %(cost)s", **facts,
                 time=fmt.duration(t.fastest_hours), cost=fmt.usd(costs[0]))
    elif t.bandwidth_ratio is None:
        lead = _("On %(to)s: %(time)s at best", **facts, time=fmt.duration(t.fastest_hours))
    elif costs:
        lead = _("On %(to)s: about %(time)s, %(cost)s", **facts,
                 time=fmt.duration(t.fastest_hours), cost=fmt.usd(costs[0]))
    else:
        lead = _("On %(to)s: about %(time)s", **facts, time=fmt.duration(t.fastest_hours))
    out = ["⏱ <b>", str(lead), "</b> ", str(_("for what took %(hours)s on %(frm)s.", **facts)),
           "\n", _ratio_basis(t.compute_ratio, t.bandwidth_ratio, to, frm, ph), " ",
           _between_ratios(ranged, t.count_from != t.count_to, ph), "\n\n"]
    return "".join(out)


def scaled_offers_lines(answer: Answer, ph: Phrases) -> str:
    """"It took 6 h on my 3090" alone: those hours on each single GPU we rent, and why."""
    _, fmt = ph._, ph.fmt
    first = answer.scaled_offers[0][0]
    frm = ph.config(first.gpu_from, first.count_from)
    out = ["⏱ <b>", str(_("What took %(hours)s on %(frm)s, on the GPUs we rent:",
                          hours=fmt.duration(first.hours), frm=frm)), "</b>\n"]
    for t, fast, q in answer.scaled_offers:
        out.append("• ")
        if t.fastest_hours != t.slowest_hours:
            quick, slow = fmt.duration_span(t.fastest_hours, t.slowest_hours)
            out.append(str(_("%(to)s: about %(fast)s to %(slow)s, %(low)s to %(high)s",
                             to=ph.config(t.gpu_to, t.count_to), fast=quick, slow=slow,
                             low=fmt.usd(fast.cost_usd), high=fmt.usd(q.cost_usd))))
        elif t.bandwidth_ratio is None:
            out.append(str(_("%(to)s: %(time)s at best, %(cost)s (no cited memory bandwidth)",
                             to=ph.config(t.gpu_to, t.count_to),
                             time=fmt.duration(t.slowest_hours), cost=fmt.usd(q.cost_usd))))
        else:
            out.append(str(_("%(to)s: about %(time)s, %(cost)s",
                             to=ph.config(t.gpu_to, t.count_to),
                             time=fmt.duration(t.slowest_hours), cost=fmt.usd(q.cost_usd))))
        out.append("\n")
    out += [str(_("Scaled by each datasheet's peak BF16 TFLOPS and memory bandwidth against "
                  "%(frm)s's.", frm=frm)), " ",
            _between_ratios(True, False, ph), "\n"]
    out += [str(_("Ask about one of them (\"and on an H100?\") for its fit and the blocks to buy.")),
            "\n"]
    return "".join(out)


def _scaled_rate(r: ScaledRate, ph: Phrases) -> str:
    """"I get 40 tok/s on my 4090, what on an H100?": the measured rate carried over."""
    _, fmt = ph._, ph.fmt
    to, frm = ph.config(r.gpu_to, r.count_to), ph.config(r.gpu_from, r.count_from)

    def rate(value: Decimal) -> str:
        return fmt.num(value, 0 if value >= 10 else 1)

    facts = {"to": to, "frm": frm, "rate": rate(r.rate)}
    if r.low != r.high:
        lead = _("On %(to)s: about %(low)s to %(high)s tokens/s", **facts,
                 low=rate(r.low), high=rate(r.high))
    else:
        lead = _("On %(to)s: about %(estimate)s tokens/s", **facts, estimate=rate(r.low))
    out = ["⚡ <b>", str(lead), "</b> ", str(_("from your %(rate)s tokens/s on %(frm)s.", **facts)),
           "\n"]
    if r.decode:
        assert r.bandwidth_ratio is not None
        # In a layer split each side goes at one of its GPUs' pace: compared one to one.
        one_to, one_frm = (ph.config(r.gpu_to, 1), ph.config(r.gpu_from, 1)) if r.layer_split \
            else (to, frm)
        out.append(str(_(
            "Generating a token reads every weight once, so memory bandwidth sets the pace: "
            "%(to)s has %(r)s× that of %(frm)s.", to=one_to, frm=one_frm,
            r=fmt.num(r.bandwidth_ratio, 1))))
        if r.layer_split and max(r.count_from, r.count_to) > 1:
            out += [" ", str(_(
                "A GGUF in llama.cpp's default layer split reads its GPUs one after another "
                "within a token, so their number does not multiply the bandwidth."))]
        elif r.count_from != r.count_to:
            out += [" ", str(_("The GPUs are assumed to scale linearly."))]
        out += [" ", str(_(
            "An estimate from peak figures, not a measurement: the software, the batch and the "
            "context change it."))]
    else:
        out += [_ratio_basis(r.compute_ratio, r.bandwidth_ratio, to, frm, ph), " ",
                _between_ratios(r.low != r.high, r.count_from != r.count_to, ph)]
    out.append("\n\n")
    return "".join(out)
def _side(rig: tuple[tuple[str, int], ...], ph: Phrases) -> str:
    """A machine of different cards as written: "1× RTX 3090 + 1× RTX 4090" ("" for none)."""
    return " + ".join(str(ph.config(gpu_id, n)) for gpu_id, n in rig)


def _rig_lines(c: Comparison, side_a: str, side_b: str, ph: Phrases) -> str:
    """Each compared machine of different cards: the configuration it runs as, and, when that
    is the other side, that it does no more than it ("a 3090 and a 4090 vs 2 3090s")."""
    _ = ph._
    out: list[str] = []
    for rig, gpu, count, side, other, other_rig, other_gpu, other_count in (
            (c.a_rig, c.gpu_a, c.a_count, side_a, side_b, c.b_rig, c.gpu_b, c.b_count),
            (c.b_rig, c.gpu_b, c.b_count, side_b, side_a, c.a_rig, c.gpu_a, c.a_count)):
        if not rig:
            continue
        out.append("🖥 ")
        out.append(_(
            "With the model split evenly (FSDP, ZeRO-3, tensor or data parallelism), each card "
            "of %(rig)s holds the same share: the one with the least memory bounds it and the "
            "slowest sets the pace, so it runs as %(as)s.", rig=side,
            **{"as": ph.config(gpu, count)},
        ))
        if not other_rig and (other_gpu, other_count) == (gpu, count):
            out.append(" ")
            out.append(_("So for this run it does no better than %(other)s.", other=other))
        if len({ph.cat.gpu(g).vram_gb for g, _n in rig}) > 1:
            out.append(" ")
            out.append(_(
                "A split by layers (llama.cpp's --tensor-split, device_map=\"auto\") can fill "
                "each card to its own size, but the cards then take turns."
            ))
        out.append("\n")
    return Markup("").join(out)


def _cuda_totals(card_a: GPU, card_b: GPU, names: tuple[GpuName, GpuName],
                 ph: Phrases) -> str:
    """What CUDA reports of each card, where its total is on file, as the card's specs and the
    detailed estimates say it ("25.77 GB (24 GiB)" for an RTX 3090 sold as 24 GB)."""
    _ = ph._
    # CUDA's totals only: an AMD card's is ROCm's.
    a = ph.memory(card_a.capacity_gb) \
        if card_a.memory_mib is not None and card_a.platform == "cuda" else None
    b = ph.memory(card_b.capacity_gb) \
        if card_b.memory_mib is not None and card_b.platform == "cuda" else None
    if a is not None and b is not None:
        return str(_("CUDA reports %(m)s on both.", m=a) if a == b
                   else _("CUDA reports %(ma)s vs %(mb)s.", ma=a, mb=b))
    if a is not None or b is not None:
        return str(_("CUDA reports %(m)s on the %(gpu)s.", m=a or b,
                     gpu=names[0] if a is not None else names[1]))
    return ""


def _other_sizes(card: GPU, cat: Catalogue) -> list[Decimal]:
    """The other memory sizes the card is sold with under its name ("V100": 16 or 32 GB)."""
    root = card.variant_of or card.id
    return sorted({g.vram_gb for g in cat.gpus if (g.variant_of or g.id) == root} - {card.vram_gb})


def _rig_totals(c: Comparison, side_a: str, side_b: str, ph: Phrases) -> str:
    """Two machines, no model named ("a 3090 and a 4090, or buy another 3090?", "i have a 4090,
    buy another 3090?"): what each holds in all, split evenly (the card with the least memory
    times the count), and each one's peak throughput at the pace of its slowest card; when the
    one that holds more is slower, that it holds larger runs, not faster ones."""
    _, fmt = ph._, ph.fmt
    gb_a = ph.cat.gpu(c.gpu_a).vram_gb * c.a_count
    gb_b = ph.cat.gpu(c.gpu_b).vram_gb * c.b_count
    t_a = None if c.a_tflops is None else c.a_tflops * c.a_count
    t_b = None if c.b_tflops is None else c.b_tflops * c.b_count
    if gb_a == gb_b:
        if t_a is None or t_b is None or t_a == t_b:
            said = _("Split evenly, both hold %(gb)s.", gb=fmt.gb(gb_a))
        else:
            a_fast = t_a > t_b
            said = _(
                "Split evenly, both hold %(gb)s; %(fast)s has %(r)s times the peak throughput "
                "of %(slow)s if the run scales across the cards (%(tf)s vs %(ts)s dense TFLOPS).",
                gb=fmt.gb(gb_a), fast=side_a if a_fast else side_b,
                slow=side_b if a_fast else side_a,
                r=fmt.num(t_a / t_b if a_fast else t_b / t_a, 1),
                tf=fmt.num(t_a if a_fast else t_b), ts=fmt.num(t_b if a_fast else t_a))
        return f"🧮 {said}\n"
    a_big = gb_a > gb_b
    facts = {"big": side_a if a_big else side_b, "small": side_b if a_big else side_a,
             "big_gb": fmt.gb(gb_a if a_big else gb_b),
             "small_gb": fmt.gb(gb_b if a_big else gb_a)}
    fast, slow = (t_a, t_b) if a_big else (t_b, t_a)
    if fast is None or slow is None:
        said = _("Split evenly, %(big)s holds %(big_gb)s and %(small)s %(small_gb)s.", **facts)
    elif fast < slow:
        said = _(
            "Split evenly, %(big)s holds %(big_gb)s and %(small)s %(small_gb)s, but at the pace "
            "of its slowest card it has less peak throughput (%(tb)s vs %(ts)s dense TFLOPS): it "
            "holds larger runs, it does not run them faster.", **facts,
            tb=fmt.num(fast), ts=fmt.num(slow))
    else:
        said = _(
            "Split evenly, %(big)s holds %(big_gb)s and %(small)s %(small_gb)s, and it has "
            "%(r)s times the peak throughput if the run scales across the cards (%(tb)s vs "
            "%(ts)s dense TFLOPS).", **facts, r=fmt.num(fast / slow, 1),
            tb=fmt.num(fast), ts=fmt.num(slow))
    return f"🧮 {said}\n"


_FORM_WORDS = frozenset({"SXM", "SXM2", "SXM4", "SXM5", "PCIE", "NVL"})


def _compared_names(gpu_a: str, gpu_b: str, ph: Phrases) -> tuple[GpuName, GpuName]:
    """The two cards' names, each with its form factor when that is what sets them apart ("H100
    SXM" beside "H100 PCIe"; the catalogue names the SXM part "H100")."""
    card_a, card_b = ph.cat.gpu(gpu_a), ph.cat.gpu(gpu_b)
    forms = (card_a.form_factor, card_b.form_factor)
    if None in forms or forms[0] == forms[1]:
        return ph.gpu_name(gpu_a), ph.gpu_name(gpu_b)
    named = []
    for card in (card_a, card_b):
        said = set(card.name.upper().split()) & _FORM_WORDS  # "H200 NVL" says its own
        name = card.name if said else f"{card.name} {card.form_factor}"
        named.append(GpuName(name, gpu_forms(ph.locale, name)))
    return named[0], named[1]


def _one_sided_figures(c: Comparison, a: GpuName, b: GpuName, ph: Phrases) -> Markup:
    """A datasheet figure on file for one compared card only ("h20 vs h100": NVIDIA publishes
    no H20 datasheet; "dgx spark vs rtx 4090": no BF16 peak for the GB10, only FP4 with
    sparsity): the figure said for the card that has it and the other named as having none,
    not left out unsaid (nor guessed)."""
    _, fmt = ph._, ph.fmt
    out = Markup("")
    if c.a_rig or c.b_rig:  # a machine of several cards runs at its slowest: said elsewhere
        return out
    card_a, card_b = ph.cat.gpu(c.gpu_a), ph.cat.gpu(c.gpu_b)
    peak_a = card_a.bf16_dense_tflops or card_a.fp16_dense_tflops
    peak_b = card_b.bf16_dense_tflops or card_b.fp16_dense_tflops
    if (peak_a is None) != (peak_b is None):
        a_known = peak_a is not None
        bf16 = (card_a if a_known else card_b).bf16_dense_tflops is not None
        facts = {"t": fmt.num(peak_a if a_known else peak_b),  # type: ignore[arg-type]
                 "known": a if a_known else b, "unknown": b if a_known else a}
        out += _(
            "Peak BF16 Tensor throughput: %(t)s dense TFLOPS per GPU on the %(known)s; we have "
            "no datasheet figure for the %(unknown)s, so their speed is not compared on it.",
            **facts) if bf16 else _(
            "Peak FP16 Tensor throughput: %(t)s dense TFLOPS per GPU on the %(known)s; we have "
            "no datasheet figure for the %(unknown)s, so their speed is not compared on it.",
            **facts)
        out += "\n"
    if (c.a_bandwidth_gbs is None) != (c.b_bandwidth_gbs is None):
        a_known = c.a_bandwidth_gbs is not None
        out += _(
            "Memory bandwidth: %(bw)s on the %(known)s; we have no datasheet figure for the "
            "%(unknown)s.",
            bw=fmt.bandwidth(c.a_bandwidth_gbs if a_known else c.b_bandwidth_gbs),  # type: ignore[arg-type]
            known=a if a_known else b, unknown=b if a_known else a)
        out += "\n"
    return out


def _rentals_total(quotes: tuple[Quote, ...], ph: Phrases) -> Markup:
    """Two rentals, each at its own hours ("an a100 for 3 days then an h100 for 1 day, total?"):
    each priced as one rental is (its own blocks: blocks are sold per GPU model); the sum asked
    leads."""
    _, fmt = ph._, ph.fmt
    paid = sum((q.plan.usd for q in quotes), Decimal(0))
    run = sum((q.cost_usd for q in quotes), Decimal(0))
    parts = " + ".join(fmt.usd(q.plan.usd) for q in quotes)
    if paid == run:
        said = _("Total for both rentals: %(total)s (%(parts)s).", total=fmt.usd(paid),
                 parts=parts)
    else:
        said = _(
            "Total for both rentals: %(total)s in the blocks you pay for (%(parts)s); the "
            "rentals themselves use %(run)s.", total=fmt.usd(paid), parts=parts,
            run=fmt.usd(run))
    out = [f"🧾 <b>{said}</b>\n\n"]
    out.extend(f"{ph.quote_block(q)}\n\n" for q in quotes)
    return Markup("".join(out).rstrip("\n") + "\n")


def _paid_difference(first: Quote, second: Quote, ph: Phrases) -> str:
    """The gap in what is paid (blocks of GPU-hours, the smallest the minimum purchase) when
    either side's blocks cost more than its run: "for 2 hours, an H100 costs $14 more than an
    A100" (one 10-hour block each), not the runs' $2.80; the runs' own costs second."""
    _, fmt = ph._, ph.fmt
    if first.plan.usd == second.plan.usd:
        said = _(
            "Both cost the same in the blocks you pay for: %(cost)s (the runs themselves "
            "%(first_run)s and %(second_run)s).", cost=fmt.usd(first.plan.usd),
            first_run=fmt.usd(first.cost_usd), second_run=fmt.usd(second.cost_usd),
        )
        return f"⚖️ <b>{said}</b>"
    dear, cheap = (first, second) if first.plan.usd > second.plan.usd else (second, first)
    facts = {
        "dear": ph.config(dear.gpu, dear.gpu_count),
        "cheap": ph.config(cheap.gpu, cheap.gpu_count),
        "diff": fmt.usd(dear.plan.usd - cheap.plan.usd),
        "dear_cost": fmt.usd(dear.plan.usd),
        "cheap_cost": fmt.usd(cheap.plan.usd),
        "dear_run": fmt.usd(dear.cost_usd),
        "cheap_run": fmt.usd(cheap.cost_usd),
    }
    if dear.hours == cheap.hours:
        said = _(
            "For %(hours)s, %(dear)s costs %(diff)s more than %(cheap)s in the blocks you pay "
            "for (%(dear_cost)s vs %(cheap_cost)s; the runs themselves %(dear_run)s vs "
            "%(cheap_run)s).", hours=fmt.duration(dear.hours), **facts,
        )
    else:
        said = _(
            "%(dear)s for %(dear_hours)s costs %(diff)s more than %(cheap)s for %(cheap_hours)s "
            "in the blocks you pay for (%(dear_cost)s vs %(cheap_cost)s; the runs themselves "
            "%(dear_run)s vs %(cheap_run)s).",
            dear_hours=fmt.duration(dear.hours), cheap_hours=fmt.duration(cheap.hours), **facts,
        )
    return f"⚖️ <b>{said}</b>"


def _count_quoted(ph: Phrases, answer: Answer, quote: Quote) -> str:
    """"how much to qlora 70b on 2 gpus": the quote is on the offered configuration of that
    count; when a cheaper one (fewer GPUs) holds the run, say so beside it."""
    query, primary = answer.query, answer.primary
    cheapest = primary.cheapest if primary is not None else None
    if query.gpu is not None or query.vram_gb is not None or query.gpu_count is None \
            or quote.gpu_count != query.gpu_count or cheapest is None or cheapest.gpu is None or cheapest.usd_per_hour is None \
            or (cheapest.gpu, cheapest.gpu_count) == (quote.gpu, quote.gpu_count):
        return ""
    said = ph._(
        "You asked for %(n)s GPUs: %(config)s is the offered configuration with %(n)s; "
        "%(cheapest)s holds it for less (%(price)s).", n=quote.gpu_count,
        config=ph.config(quote.gpu, quote.gpu_count),
        cheapest=ph.config(cheapest.gpu, cheapest.gpu_count),
        price=ph.per_hour(cheapest.usd_per_hour))
    return f"🔢 {said}\n"


def _cost_difference(first: Quote, second: Quote, ph: Phrases) -> str:
    """How much more the dearer side of a comparison costs for its hours (exact Decimals,
    rounded only when shown)."""
    _, fmt = ph._, ph.fmt
    if first.plan.usd > first.cost_usd or second.plan.usd > second.cost_usd:
        return _paid_difference(first, second, ph)
    if first.cost_usd == second.cost_usd:
        return "⚖️ " + str(_("Both cost the same: %(cost)s.", cost=fmt.usd(first.cost_usd)))
    dear, cheap = (first, second) if first.cost_usd > second.cost_usd else (second, first)
    facts = {
        "dear": ph.config(dear.gpu, dear.gpu_count),
        "cheap": ph.config(cheap.gpu, cheap.gpu_count),
        "diff": fmt.usd(dear.cost_usd - cheap.cost_usd),
        "dear_cost": fmt.usd(dear.cost_usd),
        "cheap_cost": fmt.usd(cheap.cost_usd),
    }
    if dear.hours == cheap.hours:
        said = _(
            "For %(hours)s, %(dear)s costs %(diff)s more than %(cheap)s (%(dear_cost)s vs "
            "%(cheap_cost)s).", hours=fmt.duration(dear.hours), **facts,
        )
    else:
        said = _(
            "%(dear)s for %(dear_hours)s costs %(diff)s more than %(cheap)s for %(cheap_hours)s "
            "(%(dear_cost)s vs %(cheap_cost)s).",
            dear_hours=fmt.duration(dear.hours), cheap_hours=fmt.duration(cheap.hours), **facts,
        )
    return f"⚖️ <b>{said}</b>"


def _two_figures(value: Decimal) -> Decimal:
    """Two significant digits, as the tokens a time trains are said."""
    step = Decimal(10) ** max(0, value.adjusted() - 1)
    return (value / step).to_integral_value() * step


def _epochs(value: Decimal) -> Decimal:
    """Passes over a dataset as said: whole from 10, a tenth from 1, a hundredth below."""
    places = 0 if value >= 10 else 1 if value >= 1 else 2
    return value.quantize(Decimal(1).scaleb(-places))


def _within_epochs(ph: Phrases, trained: Decimal, query: Query) -> Markup:
    """"With $50 how many epochs of qlora on 20k samples": the tokens the hours train over the
    dataset's, at 512 and 2,048 tokens a sample when only their count was said. Said with a
    colon, not a plural: "1.5 epochs" is plural in English and Spanish, singular in French."""
    _, fmt = ph._, ph.fmt
    if query.dataset_tokens:
        return _("Epochs over your %(data)s: about %(epochs)s.",
                 data=fmt.tokens(query.dataset_tokens),
                 epochs=fmt.num(_epochs(trained / query.dataset_tokens)))
    if query.dataset_samples:
        return _("Epochs over your %(samples)s samples: about %(short)s at %(short_len)s tokens "
                 "each, %(long)s at %(long_len)s.",
                 samples=fmt.num(query.dataset_samples, 0),
                 short=fmt.num(_epochs(trained / (query.dataset_samples * 512))),
                 long=fmt.num(_epochs(trained / (query.dataset_samples * 2048))),
                 short_len=fmt.num(512, 0), long_len=fmt.num(2048, 0))
    return _("Tell me your dataset's size (for example “20,000 samples of 512 tokens”) for the "
             "epochs: each one is a pass over all of it.")


def _within_samples(
    ph: Phrases, trained: Decimal, length: int | None, epochs: int | None
) -> Markup:
    """"How many 1024-token examples in a week": the tokens those hours train, in samples of the
    length said (each seen `epochs` times), or at 512 and 2,048 tokens when none was."""
    _, fmt = ph._, ph.fmt
    passes = epochs if epochs and epochs > 1 else 1
    if length is None:
        short = _two_figures(trained / (512 * passes))
        long = _two_figures(trained / (2048 * passes))
        values = {"short": fmt.num(short, 0), "long": fmt.num(long, 0),
                  "short_len": fmt.num(512, 0), "long_len": fmt.num(2048, 0)}
        if passes > 1:
            return ph.ngettext(
                "That is about %(short)s samples of %(short_len)s tokens, or %(long)s of "
                "%(long_len)s, over %(count)s epoch.",
                "That is about %(short)s samples of %(short_len)s tokens, or %(long)s of "
                "%(long_len)s, over %(count)s epochs.",
                passes, count=passes, **values)
        return _("That is about %(short)s samples of %(short_len)s tokens, or %(long)s of "
                 "%(long_len)s.", **values)
    samples = _two_figures(trained / (length * passes))
    if passes > 1:
        return ph.ngettext(
            "That is about %(samples)s samples of %(length)s tokens, over %(count)s epoch.",
            "That is about %(samples)s samples of %(length)s tokens, over %(count)s epochs.",
            passes, samples=fmt.num(samples, 0), length=fmt.num(length, 0), count=passes)
    return _("That is about %(samples)s samples of %(length)s tokens.",
             samples=fmt.num(samples, 0), length=fmt.num(length, 0))


def enough_led(answer: Answer) -> bool:
    """"is $40 enough to qlora llama 3 8b", no data said: the budget against our page's
    illustrative run leads (answer_lines._enough: the run's GPU-hours, what is paid for them in
    whole blocks and where, what is left)."""
    query, q = answer.query, answer.quote
    return answer.budget is not None and query.budget_enough and q is not None \
        and q.hours_assumed and not answer.methods[1:] and not answer.sample_bracket \
        and query.dataset_tokens is None


def _verdict_priced(ph: Phrases, answer: Answer, methods: Sequence[MethodAnswer],
                    put: Callable[[str], Any], lead_quote: Quote | None, serve_lead: Quote | None, run_lead: object,
                    tq: TrainingEstimate | None) -> None:
    """One fit and cost question with no method named: the cost of the method the verdict leads
    with (answer.primary), unless the lead already said it, and the others' in one line."""
    primary = answer.primary
    assert primary is not None and primary.quote is not None
    q = primary.quote
    said = q in (lead_quote, serve_lead, answer.asked_quote) \
        or bool(run_lead and tq is not None and q == tq.quote)
    if not said:
        put("<b>")
        put(ph.method_name(primary.memory.method, answer.query.pretraining))
        put("</b>\n")
        put(ph.quote_block(q))
        put("\n")
    fmt = ph.fmt
    others: list[str] = [ph._("%(how)s: %(paid)s on %(where)s", how=ph.method_short(ma.memory.method),
                   paid=fmt.usd(ma.quote.plan.usd),
                   where=ph.config(ma.quote.gpu, ma.quote.gpu_count))
              for ma in methods if ma is not primary and ma.quote is not None
              # the lead's configuration, its cost said there whichever method
              and not (lead_quote is not None and ma.quote.gpu == lead_quote.gpu
                       and ma.quote.gpu_count == lead_quote.gpu_count)]
    if others:
        put("💡 ")
        put(ph._("The other methods, at our page's illustrative hours, each on the cheapest "
                 "offered configuration that holds it: %(runs)s.", runs=fmt.list(others))
            if q.hours_assumed else
            ph._("The other methods for the same hours, each on the cheapest offered "
                 "configuration that holds it: %(runs)s.", runs=fmt.list(others)))
        put("\n")
    put("\n")


def budget_said_quote(answer: Answer) -> bool:
    """"i have $100", "what can I run with $300": the budget's headline already
    gave the whole blocks it buys, their GPU-hours and price; the quote of those same hours
    said it all again ("Cost: $98.40 … Buy 5 blocks of 24 GPU-hours"). So did the lead of "is
    $40 enough to qlora llama 3 8b" (enough_led): the illustrative run's GPU-hours and what is
    paid for them, which the quote's "Illustrative cost: $8.20 … Buy 1 block of 10 GPU-hours"
    repeated at the bottom."""
    if enough_led(answer):
        return True
    bought, plan, q = answer.budget, answer.budget_blocks, answer.quote
    return bought is not None and plan is not None and q is not None and answer.budget_over \
        and answer.budget_alt is None and (q.gpu, q.gpu_count) == (bought.gpu, bought.gpu_count) \
        and q.plan.hours_bought == plan.hours_bought
