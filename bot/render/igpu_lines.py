"""An integrated GPU compared with a card ("radeon 780m vs rtx 4060", bot.answer.IgpuCompare):
the integrated GPU's share of the RAM said against the card's own memory, for the model asked."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from bot.answer import Answer
from bot.detail import FitCheck
from bot.render.detailed_lines import compared_settings, compared_side
from bot.render.phrases import Phrases
from rules.fit import Fit, fit_vram
from rules.schema import MethodId

# The RAM sizes laptops and mini-PCs are sold with, in GiB: the least one whose share holds the
# run is said when no RAM was.
_RAM_SIZES = (8, 16, 24, 32, 48, 64, 96, 128)


def igpu_compare_lines(answer: Answer, ph: Phrases, put: Callable[[str], object],
                       lead: Callable[[], None]) -> None:
    """The comparison; `lead` puts the integrated GPU's lead (igpu_lead.html.j2), which says
    its share of the RAM or asks for the RAM."""
    _, fmt, cat = ph._, ph.fmt, ph.cat
    c = answer.igpu_compare
    assert c is not None
    igpu = ph.gpu_name(cat.igpu(c.igpu).name)
    card = ph.gpu_name(c.gpu)
    who = ph.subject(answer.model_name, answer.params_b) if answer.params_b is not None \
        else None
    how = ph.method_short(c.method) if c.method is not None else None
    on_igpu, on_card = c.igpu_fit, c.card_fit
    if on_igpu is not None and on_card is not None:
        if on_igpu.fits and on_card.fits:
            # the room each verdict leaves: the detailed estimate's where it leads
            room_igpu = on_igpu.headroom_gb if c.igpu_check is None \
                else c.igpu_check.vram_per_gpu_gb - c.igpu_check.detailed_per_gpu_gb
            room_card = on_card.headroom_gb if c.card_check is None \
                else c.card_check.vram_per_gpu_gb - c.card_check.detailed_per_gpu_gb
            roomier = igpu if room_igpu > room_card else card
            put("⚖️ <b>")
            put(_("Both hold %(who)s (%(how)s); the %(gpu)s has more room.", who=who, how=how,
                  gpu=roomier))
        elif on_igpu.fits or on_card.fits:
            put("⚖️ <b>")
            put(_("Only the %(gpu)s holds %(who)s (%(how)s).", who=who, how=how,
                  gpu=igpu if on_igpu.fits else card))
        else:
            put("❌ <b>")
            put(_("Neither holds %(who)s (%(how)s).", who=who, how=how))
        put("</b>\n\n")
    put("⚖️ <b>")
    put(_("%(a)s or %(b)s?", a=igpu, b=card))
    put("</b>\n")
    lead()
    put("\n")
    if c.bf16_gb is not None and how is not None:
        put("ℹ️ ")
        put(_("In BF16 it takes %(need)s, more than one of them has: compared in %(how)s, as "
              "llama.cpp and Ollama run it at home.", need=ph.size(c.bf16_gb), how=how))
        put("\n")
    if on_card is not None and c.method is not None and who is not None:
        long_how = ph.method_name(c.method)
        where_igpu = ph.config_named(igpu, 1)
        # The detailed estimates' settings said once, where a side is judged by one
        detailed = c.card_check is not None or c.igpu_check is not None
        if detailed:
            put(compared_settings(long_how, who, c.assumed, ph))
            put("\n")
        if on_igpu is not None:
            put(_fit_line(on_igpu, where_igpu, long_how, who, ph, c.igpu_check))
        else:
            # No RAM said: the figure the card's side is judged by (the detailed estimate
            # where it leads, as "can i qlora llama 3 8b on a 780m" says it), and the least RAM
            # whose share holds that (was the planning rule's 6 GB from 16 GiB, beside the
            # card's 12.8 GB).
            need = c.card_check.detailed_per_gpu_gb if c.card_check is not None \
                else on_card.estimate_gb
            ram = _ram_needed(c.method, on_card.params_b, c.igpu, ph,
                              need if c.card_check is not None else None)
            put("❓ ")
            if c.card_check is not None:  # what and at which settings: the line above
                put(_("%(where)s: %(need)s; its share of the RAM holds that from %(ram)s of "
                      "RAM.", where=where_igpu, need=ph.size(need), ram=ram) if ram is not None
                    else _("%(where)s: %(need)s, more than its share of any RAM it is sold "
                           "with.", where=where_igpu, need=ph.size(need)))
            else:
                put(_("%(how)s of %(who)s on %(where)s: %(need)s; its share of the RAM holds "
                      "that from %(ram)s of RAM.", how=long_how, who=who, where=where_igpu,
                      need=ph.size(need), ram=ram) if ram is not None else
                    _("%(how)s of %(who)s on %(where)s: %(need)s, more than its share of any "
                      "RAM it is sold with.", how=long_how, who=who, where=where_igpu,
                      need=ph.size(need)))
            put("\n")
        put(_fit_line(on_card, ph.fit_config(on_card), long_how, who, ph, c.card_check))
    elif c.share_gb is not None:
        put(_("Memory: %(share)s of your RAM on the %(igpu)s, %(vram)s of its own on the "
              "%(gpu)s.", share=fmt.gb(c.share_gb), igpu=igpu, vram=fmt.gb(cat.gpu(c.gpu).vram_gb),
              gpu=card))
        put("\n")
    else:
        put(_("The %(gpu)s has %(vram)s of its own.", gpu=card,
              vram=fmt.gb(cat.gpu(c.gpu).vram_gb)))
        put("\n")
    bandwidth = cat.gpu(c.gpu).memory_bandwidth_gbs
    if bandwidth is not None:
        put("⚡ ")
        put(_("The %(gpu)s reads its own memory at %(bw)s; the %(igpu)s reads the system RAM, as "
              "fast as your RAM is, which I don't have on file: I don't compare their speed.",
              gpu=card, bw=fmt.bandwidth(bandwidth), igpu=igpu))
        put("\n")
    if who is None:
        put("\n❓ ")
        put(_("For your run: which model, and QLoRA, LoRA, full fine-tuning or serving? With "
              "them I tell you which one holds it and what the run costs on each, for example "
              "<code>%(a)s vs %(b)s for QLoRA 70B</code>.", a=igpu, b=card))
        put("\n")


def _fit_line(f: Fit, where: str, how: str, who: str, ph: Phrases,
              check: FitCheck | None = None) -> str:
    """One side's verdict: the detailed estimate's where the single configuration's answer
    leads with it (`check`, its settings said once above), as a comparison of two cards says
    it, else the planning rule's."""
    if check is not None:
        return compared_side(where, check, ph) + "\n"
    facts = {"where": where, "need": ph.size(f.estimate_gb), "have": ph.fmt.gb(f.vram_gb),
             "how": how, "who": who}
    return ("✅ " if f.fits else "❌ ") + str(ph._(
        "%(how)s of %(who)s on %(where)s: %(need)s of %(have)s.", **facts)) + "\n"


def _ram_needed(method: MethodId, params_b: Decimal, igpu_id: str, ph: Phrases,
                detailed_gb: Decimal | None = None) -> str | None:
    """The least RAM sold whose share holds the run: "16 GiB (17.18 GB)" (`detailed_gb`: the
    detailed estimate's figure on one GPU, where it leads; else the planning rule's)."""
    cat = ph.cat
    igpu = cat.igpu(igpu_id)
    for size in _RAM_SIZES:
        ram = Decimal(size)
        holds = detailed_gb <= igpu.usable_gb(ram) if detailed_gb is not None \
            else fit_vram(method, params_b, igpu.usable_gb(ram), 1, catalogue=cat).fits
        if holds:
            return ph.ram_gib(ram)
    return None


def igpu_verdict(answer: Answer, ph: Phrases) -> str | None:
    """"tldr" or "so which one?" after an integrated GPU compared with a card, where the
    comparison has no headline (no model, or no RAM said): what decides it, in a line."""
    _, fmt, cat = ph._, ph.fmt, ph.cat
    c = answer.igpu_compare
    if c is None or (c.igpu_fit is not None and c.card_fit is not None):
        return None  # its headline answers
    igpu = ph.gpu_name(cat.igpu(c.igpu).name)
    card = ph.gpu_name(c.gpu)
    vram = fmt.gb(cat.gpu(c.gpu).vram_gb)
    if c.card_fit is None or c.method is None or answer.params_b is None:
        if c.share_gb is not None:
            return str(_("Memory: %(share)s of your RAM on the %(igpu)s, %(vram)s of its own on "
                         "the %(gpu)s.", share=fmt.gb(c.share_gb), igpu=igpu, vram=vram,
                         gpu=card))
        return str(_("The %(gpu)s has %(vram)s of its own; the %(igpu)s takes its share of your "
                     "system RAM, so which holds more depends on your RAM and on the model: "
                     "tell me both.", gpu=card, vram=vram, igpu=igpu))
    who = ph.subject(answer.model_name, answer.params_b)
    how = ph.method_short(c.method)
    need = c.card_check.detailed_per_gpu_gb if c.card_check is not None \
        else c.card_fit.estimate_gb
    ram = _ram_needed(c.method, c.card_fit.params_b, c.igpu, ph,
                      need if c.card_check is not None else None)
    facts = {"gpu": card, "igpu": igpu, "who": who, "how": how, "ram": ram}
    if c.card_fit.fits:
        return "✅ " + str(_("The %(gpu)s holds %(who)s (%(how)s); the %(igpu)s does from %(ram)s "
                            "of RAM.", **facts) if ram is not None else
                          _("Only the %(gpu)s holds %(who)s (%(how)s).", **facts))
    return "❌ " + str(_("The %(gpu)s does not hold %(who)s (%(how)s); the %(igpu)s does from "
                        "%(ram)s of RAM.", **facts) if ram is not None else
                      _("Neither holds %(who)s (%(how)s).", **facts))
