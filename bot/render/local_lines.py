"""The block that leads a reply about hardware of one's own ("what gpu should i buy to run
llama 3 70b", "qwen 32b en casa", "llama 3 70b en local"): for each precision or method, the
configurations people buy that hold it (bot.local_hardware), then the reply as it was. No
price: none is on file for hardware, and we sell none."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from markupsafe import Markup

    from bot.answer import Answer
    from bot.render.phrases import Phrases
    from rules.local_hardware import LocalConfig, LocalLine


def _config(config: LocalConfig, ph: Phrases) -> Markup | str:
    """"2× RTX 3090 / RTX 4090 (48 GB)", "a Mac with Apple M5 Max, 64 GB (48 GB usable by the
    GPU)"."""
    fmt = ph.fmt
    names = [ph.cat.gpu(g).name for g in config.gpus]
    rate = config.tokens_per_second
    if config.mac:
        if rate is not None:  # its speed asked: the decode bound there
            return ph._("a Mac with %(chip)s, %(memory)s (%(usable)s usable by the GPU, at most "
                        "about %(rate)s tokens/s)", chip=names[0],
                        memory=fmt.gb(config.memory_gb), usable=fmt.gb(config.usable_gb),
                        rate=fmt.num(rate))
        return ph._("a Mac with %(chip)s, %(memory)s (%(usable)s usable by the GPU)",
                    chip=names[0], memory=fmt.gb(config.memory_gb),
                    usable=fmt.gb(config.usable_gb))
    # Cards of the same memory hold the same: named together, the order of the data file
    named = ph.config_named(' / '.join(names), config.count)
    memory = fmt.gb(config.memory_gb)
    if config.fullest_gb is not None:
        # several cards: what the fullest holds of the layer split, each card's own check
        fullest = fmt.gb(config.fullest_gb, 1)
        if rate is not None:
            return f"{named} " + ph._("(%(memory)s, %(fullest)s on the fullest card, at most "
                                      "about %(rate)s tokens/s)", memory=memory,
                                      fullest=fullest, rate=fmt.num(rate))
        return f"{named} " + ph._("(%(memory)s, %(fullest)s on the fullest card)",
                                  memory=memory, fullest=fullest)
    if rate is not None:
        return f"{named} " + ph._("(%(memory)s, at most about %(rate)s tokens/s)",
                                  memory=memory, rate=fmt.num(rate))
    return f"{named} ({memory})"


def _size(line: LocalLine, answer: Answer, ph: Phrases) -> Markup:
    """"(≈ 42 GB):", or with the detailed estimate the configurations hold too: "(≈ 19.2 GB by
    the planning rule, 22.9 GB with the KV cache at 2,048 tokens of context):"."""
    fmt = ph.fmt
    rule = fmt.gb(line.estimate_gb, 1)
    if line.detailed_gb is None:
        return ph._("(≈ %(gb)s):", gb=rule)
    detail = fmt.gb(line.detailed_gb, 1)
    if line.detailed_context is not None:
        return ph._("(≈ %(rule)s by the planning rule, %(detail)s with the KV cache at "
                    "%(context)s tokens of context):", rule=rule, detail=detail,
                    context=fmt.num(Decimal(line.detailed_context), 0))
    if line.detailed_stated:
        return ph._("(≈ %(rule)s by the planning rule, %(detail)s at your settings):",
                    rule=rule, detail=detail)
    return ph._("(≈ %(rule)s by the planning rule, %(detail)s at typical settings):",
                rule=rule, detail=detail)


def local_block(answer: Answer, ph: Phrases) -> str:
    """"🏠 To run Llama 3 70B on hardware of your own …" and a line per precision or method,
    or "" when the answer has none (bot.local_hardware)."""
    lines = answer.local_hardware
    if not lines or answer.params_b is None:
        return ""
    _ = ph._
    fmt = ph.fmt
    who = ph.subject(answer.model_name, answer.params_b)
    served = answer.query.inference
    out = ["🏠 <b>",
           _("To run %(who)s on hardware of your own", who=who) if served
           else _("To fine-tune %(who)s on hardware of your own", who=who),
           "</b> ", _("(we rent GPUs, we don't sell them):"), "\n"]
    for line in lines:
        out += ["• <b>", ph.method_name(line.method), "</b> ", _size(line, answer, ph), " "]
        found = [_config(c, ph) for c in line.cards]
        if line.mac is not None:
            found.append(_config(line.mac, ph))
        if found:
            out.append(fmt.list([str(f) for f in found], "or"))
        elif line.largest is not None:
            out.append(_("more than any machine here holds; the most: %(config)s",
                         config=_config(line.largest, ph)))
        out.append("\n")
    split = next((line.split_context for line in lines if line.split_context is not None
                  and any(c.fullest_gb is not None for c in line.cards)), None)
    out += ["ℹ️ <i>",
            _("By the planning rule and, where given, the detailed estimate; not measured. "
              "Several cards in one machine hold the model split by whole layers (llama.cpp's "
              "<code>--tensor-split</code>; vLLM's <code>--tensor-parallel-size</code> splits "
              "every layer across them instead), so each card is checked for its own share at "
              "%(context)s tokens of context: its layers and their KV cache, the embeddings and "
              "output head on one of them, a CUDA context on each. macOS lets the GPU use two "
              "thirds to three quarters of a Mac's memory.",
              context=fmt.num(Decimal(split), 0)) if served and split is not None
            else _("By the planning rule and, where given, the detailed estimate; not measured. "
                   "macOS lets the GPU use two thirds to three quarters of a Mac's memory.")
            if served
            else _("By the planning rule and, where given, the detailed estimate; not measured. "
                   "Several cards in one machine share the run (FSDP or DeepSpeed ZeRO-3); macOS "
                   "lets the GPU use two thirds to three quarters of a Mac's memory."),
            "</i>\n"]
    if any(c.tokens_per_second is not None for line in lines
           for c in (*line.cards, *([line.mac] if line.mac else []))):
        out += ["⚡ <i>", _("Tokens/s: one sequence's decode at most, from the datasheet memory "
                            "bandwidth, every weight and the KV cache read once a token; split "
                            "by layers as llama.cpp does, the cards read their layers in turn, so "
                            "more cards add memory, not speed (vLLM's tensor parallelism reads "
                            "them side by side, up to that many times faster). An upper bound, "
                            "not a measurement."), "</i>\n"]
    if served:
        out += ["🦙 ", _("4-bit first: Ollama's library models default to it (Q4_K_M), and it is "
                         "the usual GGUF file llama.cpp and LM Studio run at home."), "\n"]
    return "".join(str(o) for o in out)
