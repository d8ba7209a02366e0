"""A mixture of experts served by llama.cpp with its routed experts in system RAM ("-ot
exps=CPU", "--cpu-moe", "--n-cpu-moe 30", "experts on cpu"): what the GPUs and the RAM hold,
the decode bound from both bandwidths, and the --n-cpu-moe that fits (bot.answer.ExpertOffload,
rules.offload.expert_split). Led before the whole-model verdict, which it qualifies."""

from __future__ import annotations

from decimal import Decimal

from markupsafe import Markup

from bot.answer import Answer, ExpertOffload, OffloadInstead
from bot.render.phrases import Phrases
from rules.capacity import ollama_context_since
from rules.offload import RamBandwidth


def expert_offload_lines(answer: Answer, ph: Phrases) -> Markup:
    """The expert-offload lines of the answer, an empty Markup without them."""
    eo = answer.expert_offload
    if eo is None:
        return Markup("")
    fmt = ph.fmt
    who = ph.subject(answer.model_name, answer.params_b) if answer.params_b is not None \
        else Markup("")
    if eo.dense or eo.split is None:
        return Markup("ℹ️ ") + ph._(
            "%(who)s is a dense model: it has no experts to keep in system RAM "
            "(--cpu-moe, -ot exps=CPU); llama.cpp offloads it by whole layers (-ngl) instead.",
            who=who,
        ) + Markup("\n")
    split = eo.split
    where = ph.config(eo.gpu, eo.gpus) if eo.gpu is not None else Markup("")
    values = {
        "who": who, "where": where, "gpu": fmt.gb(split.gpu_gb, 1),
        "each": ph.memory(eo.vram_per_gpu_gb), "ram": fmt.gb(split.ram_gb, 1),
        "ctx": fmt.num(eo.context), "n": fmt.num(eo.said_layers or 0),
    }
    out = Markup("")
    if eo.said_layers is None:
        how = ph._("With its routed experts in system RAM (llama.cpp's --cpu-moe, -ot "
                   "exps=CPU)")
    else:
        how = ph._("With the routed experts of its first %(n)s layers in system RAM "
                   "(--n-cpu-moe %(n)s)", **values)
    values["how"] = how
    if split.fits:
        head = ph._(
            "%(how)s, %(who)s runs on %(where)s: the rest of the model and its KV cache at "
            "%(ctx)s tokens take about %(gpu)s per GPU of the %(each)s each has, and the "
            "experts about %(ram)s of system RAM.", **values,
        )
        out += Markup("🧩 <b>") + head + Markup("</b>\n")
    else:
        head = ph._(
            "%(how)s, the rest of %(who)s and its KV cache at %(ctx)s tokens still take about "
            "%(gpu)s per GPU, more than the %(each)s each GPU of %(where)s has.", **values,
        )
        out += Markup("❌ <b>") + head + Markup("</b>\n")
    out += _ram_said(answer, eo, ph)
    out += _rate(eo, ph, answer.query.system_ram_gb is not None)
    have = answer.query.system_ram_gb
    if have is None or split.ram_gb <= have:  # else said with the RAM it takes
        out += _fewest(eo, ph)
    if split.fits:
        # The whole-model verdict follows: it is what the offload works around.
        out += Markup("<i>") + ph._("Without the offload, the whole model on the GPU:") \
            + Markup("</i>\n")
    return out + Markup("\n")


def _ram_said(answer: Answer, eo: ExpertOffload, ph: Phrases) -> Markup:
    """"4090 + 64gb ram": the system RAM said, against what the experts take there."""
    have = answer.query.system_ram_gb
    split = eo.split
    if have is None or split is None:
        return Markup("")
    if split.ram_gb <= have:
        return ph._("Your %(have)s of RAM holds them, beside what the system itself uses.",
                    have=ph.fmt.gb(have)) + Markup("\n")
    out = Markup("⚠️ ") + ph._(
        "That is more than your %(have)s of RAM: llama.cpp maps the model file, so the experts "
        "that do not fit would be read from disk again and again, far slower still.",
        have=ph.fmt.gb(have),
    )
    fewest, at = split.fewest_n_cpu_moe, split.ram_at_fewest_gb
    if fewest and at is not None and at <= have and eo.said_layers != fewest:
        out += Markup(" ") + ph._(
            "With --n-cpu-moe %(n)s (the experts of the first %(n)s layers in RAM, the others "
            "on the GPU) RAM holds about %(ram)s, which yours does.",
            n=ph.fmt.num(fewest), ram=ph.fmt.gb(at, 1),
        )
    return out + Markup("\n")


def ram_name(ram: RamBandwidth, ph: Phrases) -> Markup:
    """"dual-channel DDR5-5600": the RAM the bandwidth is for."""
    if ram.channels == 2:
        return ph._("dual-channel %(kind)s-%(mts)s", kind=ram.kind.upper(), mts=str(ram.mts))
    return ph._("%(channels)s-channel %(kind)s-%(mts)s", channels=str(ram.channels),
                kind=ram.kind.upper(), mts=str(ram.mts))


def assumed_ram(ram: RamBandwidth, ph: Phrases, size_said: bool = False) -> Markup:
    """What of the RAM was assumed, said after the figure it gives; its size said ("with 64gb
    ram") and nothing of its speed, the speed alone is what was not given."""
    said = (ram.kind_said, ram.mts_said, ram.channels_said)
    if not any(said) and size_said:
        return Markup(" ") + ph._(
            "Your RAM's speed was not given, so it is assumed (dual-channel DDR5-5600, AMD Ryzen "
            "9000's rated speed): tell me its type and speed (e.g. “DDR5-6000 dual channel”) "
            "for its own figure.")
    if not any(said):
        return Markup(" ") + ph._(
            "Your RAM was not given, so it is assumed (dual-channel DDR5-5600, AMD Ryzen "
            "9000's rated speed): tell me yours (e.g. “DDR5-6000 dual channel”) for its own "
            "figure.")
    if not all(said):
        return Markup(" ") + ph._(
            "What you did not say of your RAM is assumed (dual channel; DDR5 at 5600 MT/s, "
            "DDR4 at 3200).")
    return Markup("")


def _rate(eo: ExpertOffload, ph: Phrases, size_said: bool) -> Markup:
    """The decode bound: the GPU's reads at its datasheet bandwidth, then the picked experts'
    in RAM at the RAM's."""
    split = eo.split
    if split is None or not split.fits:
        return Markup("")
    fmt = ph.fmt
    ram = eo.ram
    if eo.tokens_per_second is None and eo.gpu_bandwidth_gbs is not None:
        return Markup("")  # RAM too small: read from disk, no bound (said above)
    if eo.tokens_per_second is None:
        return Markup("⚡ ") + ph._(
            "We have no cited memory bandwidth for this card, so we give no tokens/s figure "
            "rather than guess one.") + Markup("\n")
    values = {
        "rate": fmt.num(eo.tokens_per_second), "gpu_read": fmt.gb(split.gpu_read_gb, 1),
        "gpu_bw": fmt.bandwidth(eo.gpu_bandwidth_gbs or Decimal(0)),
        "ram_read": fmt.gb(split.ram_read_gb, 1), "ram_bw": fmt.bandwidth(ram.gbs),
        "ram": ram_name(ram, ph),
    }
    out = Markup("⚡ ") + ph._(
        "At most about %(rate)s tokens/s for one sequence: each token reads %(gpu_read)s on the "
        "GPU at the datasheet's %(gpu_bw)s, and the %(ram_read)s of the experts it picks in RAM "
        "at %(ram_bw)s (%(ram)s).", **values,
    )
    out += assumed_ram(ram, ph, size_said)
    out += Markup("\n⚠️ <i>") + ph._(
        "An upper bound from the two memory bandwidths, not a measurement: the CPU's own "
        "compute and the transfers between them hold it lower. Measure it with llama-bench."
    ) + Markup("</i>\n")
    return out


def _fewest(eo: ExpertOffload, ph: Phrases) -> Markup:
    """The --n-cpu-moe that keeps the fewest experts in RAM and still fits: fewer in RAM,
    fewer bytes read at the RAM's pace."""
    split = eo.split
    if split is None:
        return Markup("")
    fewest = split.fewest_n_cpu_moe
    if fewest is None:
        return Markup("")
    if fewest == 0:
        return Markup("ℹ️ ") + ph._(
            "It fits whole on the GPU: keeping experts in RAM only slows it down.") + Markup("\n")
    said = eo.said_layers
    if said is not None and said < fewest:
        return Markup("👉 ") + ph._(
            "--n-cpu-moe %(said)s leaves too much on the GPU: use --n-cpu-moe %(n)s or more.",
            said=ph.fmt.num(said), n=ph.fmt.num(fewest),
        ) + Markup("\n")
    if said is not None and said == fewest:
        return Markup("")
    return Markup("👉 ") + ph._(
        "Fewer experts in RAM run faster: --n-cpu-moe %(n)s keeps those of the first %(n)s "
        "layers there and the rest fits on the GPU.", n=ph.fmt.num(fewest),
    ) + Markup("\n")


def offload_speed_line(answer: Answer, ph: Phrases) -> Markup:
    """A layer split's decode bound ("-ngl 40 … tok/s?"): the layers on the GPU at its
    bandwidth, the others in RAM at the RAM's; starts with a new line, empty without it."""
    speed = answer.offload_speed
    if speed is None:
        return Markup("")
    fmt = ph.fmt
    ram = speed.ram
    size_said = answer.query.system_ram_gb is not None
    if speed.gpu_bandwidth_gbs is None:
        # "16gb vram + 32gb ram … tok/s": the card's bandwidth is not known from its memory,
        # but the layers in RAM alone already cap the rate.
        out = Markup("\n⚡ ") + ph._(
            "At most about %(rate)s tokens/s for one sequence with -ngl %(ngl)s, from the RAM "
            "alone: each token reads the %(ram_read)s of the layers in RAM at %(ram_bw)s "
            "(%(ram)s). The %(gpu_read)s read on the GPU comes on top, at a bandwidth its "
            "memory size does not give: name the card for a closer figure.",
            rate=fmt.num(speed.tokens_per_second), ngl=fmt.num(speed.gpu_layers),
            ram_read=fmt.gb(speed.ram_read_gb, 1), ram_bw=fmt.bandwidth(ram.gbs),
            ram=ram_name(ram, ph), gpu_read=fmt.gb(speed.gpu_read_gb, 1),
        )
    else:
        out = Markup("\n⚡ ") + ph._(
            "At most about %(rate)s tokens/s for one sequence with -ngl %(ngl)s: each token "
            "reads %(gpu_read)s on the GPU at the datasheet's %(gpu_bw)s, and the %(ram_read)s "
            "of the layers in RAM at %(ram_bw)s (%(ram)s).",
            rate=fmt.num(speed.tokens_per_second), ngl=fmt.num(speed.gpu_layers),
            gpu_read=fmt.gb(speed.gpu_read_gb, 1),
            gpu_bw=fmt.bandwidth(speed.gpu_bandwidth_gbs),
            ram_read=fmt.gb(speed.ram_read_gb, 1), ram_bw=fmt.bandwidth(ram.gbs),
            ram=ram_name(ram, ph),
        )
    if speed.most_layers is not None and speed.most_tokens_per_second is not None:
        out += Markup(" ") + ph._(
            "With -ngl %(most)s, as many layers as fit on the GPU: at most about %(rate)s "
            "tokens/s.", most=fmt.num(speed.most_layers),
            rate=fmt.num(speed.most_tokens_per_second),
        )
    out += assumed_ram(ram, ph, size_said)
    if speed.gpu_bandwidth_gbs is None:
        return out + Markup("\n⚠️ <i>") + ph._(
            "An upper bound from the RAM's bandwidth alone, not a measurement: the GPU's own "
            "reads, the CPU's compute and the transfers between them hold it lower. Measure it "
            "with llama-bench."
        ) + Markup("</i>")
    out += Markup("\n⚠️ <i>") + ph._(
        "An upper bound from the two memory bandwidths, not a measurement: the CPU's own "
        "compute and the transfers between them hold it lower. Measure it with llama-bench."
    ) + Markup("</i>")
    return out


def ollama_context_note(answer: Answer, ph: Phrases) -> Markup:
    """"llama 3 70b with ollama on my 3090": the context is the one Ollama picks by itself for
    the GPUs' memory (rules/data/serving.toml ollama.default_context), capped at the model's."""
    fmt = ph.fmt
    query = answer.query
    out = ph._(
        "Context: %(ctx)s tokens, what Ollama picks when num_ctx is not set: since %(since)s "
        "by the GPUs' memory, %(low)s tokens under 24 GiB, %(mid)s up to 48 GiB, %(high)s "
        "above (older releases %(old)s, and %(oldest)s before v0.6.7), up to the model's own "
        "maximum. Set num_ctx (or OLLAMA_CONTEXT_LENGTH) for another.",
        ctx=fmt.num(query.seq_len or 0), since=ollama_context_since(), low=fmt.num(4096),
        mid=fmt.num(32768), high=fmt.num(262144), old=fmt.num(4096), oldest=fmt.num(2048),
    )
    return out


def offload_instead_line(ph: Phrases, found: OffloadInstead) -> Markup:
    """"can i run llama 3 70b on my 3090?": no precision fits the card, yet llama.cpp or
    Ollama run it partly on the CPU; how, in one line, and how to ask for the whole answer."""
    split, speed, fmt = found.split, found.speed, ph.fmt
    if split is None:
        # gpt-oss's own GGUF file fits whole where its published weights do not
        assert found.whole_method is not None and found.whole_gb is not None
        return Markup("🦙 ") + ph._(
            "With llama.cpp or Ollama it fits whole: %(how)s needs about %(gb)s per GPU by the "
            "detailed estimate. Ask “with llama.cpp?” for the details.",
            how=ph.method_short(found.whole_method), gb=fmt.gb(found.whole_gb, 1)) \
            + Markup("\n")
    args = {"type": found.quant, "ngl": fmt.num(split.gpu_layers),
            "all": fmt.num(split.layers + 1), "ram": fmt.gb(split.ram_gb, 1)}
    if speed is None:
        text = ph._(
            "With llama.cpp or Ollama it can still run, partly on the CPU: a %(type)s GGUF puts "
            "%(ngl)s of its %(all)s layers on the GPU and the rest, about %(ram)s, in "
            "system RAM, many times slower. Ask “with llama.cpp?” for the details.", **args)
    else:
        text = ph._(
            "With llama.cpp or Ollama it can still run, partly on the CPU: a %(type)s GGUF puts "
            "%(ngl)s of its %(all)s layers on the GPU and the rest, about %(ram)s, in "
            "system RAM, at most about %(rate)s tokens/s. Ask “with llama.cpp?” for the "
            "details.", rate=fmt.num(speed.tokens_per_second), **args)
    return Markup("🐢 ") + text + Markup("\n")
