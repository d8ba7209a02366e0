"""Serving engines compared for one model ("llama.cpp vs vllm speed for qwen2.5 7b on a 4090",
"is vllm faster than ollama for llama 3 8b", "¿vllm u ollama para mistral 7b en una 4090?"):
each engine's memory for the model on the card, as the bot sizes it when that engine alone is
named (vLLM: the model's precision within its --gpu-memory-utilization share; Ollama, llama.cpp
and the other GGUF runners: the GGUF type they are assumed to load), and one sequence's decode
bound there (the datasheet memory bandwidth over the bytes read per token), at one context for
all of them. A ceiling, not a benchmark, said so, with what it does not show: vLLM batches many
users' requests, which lifts its throughput far above one sequence's bound.

Read before the rest of understanding (bot/pipeline.py): a message that names two engines or
more and a model to serve with them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from itertools import pairwise
from typing import Final

from markupsafe import Markup

from bot.answer import Answer, native_weights
from bot.detail import DEFAULT_SEQ_LEN
from bot.render.format import Formatter
from bot.render.phrases import Phrases
from bot.understand.asks import OOM
from bot.understand.lexicon import LOCAL_RUNNERS, SERVING_ENGINES
from bot.understand.normalise import fold
from bot.understand.parse import engine_left_out
from bot.understand.query import Query
from bot.understand.screen import Screened
from rules.capacity import DecodeBound, runs_on_metal
from rules.catalogue import Catalogue

__all__ = ["EngineComparison", "asks_engines", "engine_questions", "read_engines", "render_engines"]

_VLLM: Final = "vllm"
_TGI: Final = "tgi"
_SGLANG: Final = "sglang"
# The serving engines that batch many users' requests (continuous batching: vLLM's,
# huggingface/text-generation-inference's and sgl-project/sglang's READMEs) and load the model's
# own weights (AWQ and GPTQ files for 4 bits), by their names in replies.
_SERVERS: Final = {_VLLM: "vLLM", _TGI: "TGI", _SGLANG: "SGLang"}
# Apple's MLX (mlx-lm), on a Mac only: it serves its own quantized weights ("mlx 4bit", "q8"),
# read as parse's mlx_<bits>bit methods ("mlx vs llama.cpp on m3 max for llama 3.1 70b q8" asked
# for a second GPU to compare).
_MLX: Final = "mlx"
_MLX_NAMES: Final = (r"mlx(?:[-_ ]?lm)?",)


def _whole(patterns: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(rf"(?<![a-z0-9])(?:{'|'.join(patterns)})(?![a-z0-9])", re.IGNORECASE)


# vLLM, TGI and SGLang, then the programs that run GGUF files (their ids in
# rules/data/quant_types.toml). Their names are ASCII, so the original text is searched and its
# offsets kept.
_ENGINES: Final = tuple((engine, _whole(patterns))
                        for engine, patterns in (*SERVING_ENGINES, *LOCAL_RUNNERS,
                                                 (_MLX, _MLX_NAMES)))
# Any of them: one scan of a text that names none (most), instead of one an engine.
_ANY_NAME: Final = "|".join(p for _, patterns in (*SERVING_ENGINES, *LOCAL_RUNNERS,
                                                  (_MLX, _MLX_NAMES))
                            for p in patterns)
_ANY_ENGINE: Final = _whole((_ANY_NAME,))
# The same names matched in the text lowered, searched only where one of their needles is
# (bot/understand/screen.py): a pattern that ignores case gives the regex engine no literal to
# look for, so it was tried at every character of every message (~25 µs; most name none).
# Lowering keeps a text's length and its matches, but for the characters that ignoring case
# matches to one of the names' letters and lowering does not lower to it.
_ANY_ENGINE_LOWERED: Final = Screened(rf"(?<![a-z0-9])(?:{_ANY_NAME})(?![a-z0-9])")
_CASE_FOLDED_ONLY: Final = (
    "\u212a",  # KELVIN SIGN, matched to "k"
    "\u017f",  # LATIN SMALL LETTER LONG S, to "s"
    "\u0131",  # LATIN SMALL LETTER DOTLESS I, to "i"
    "\u0130",  # LATIN CAPITAL LETTER I WITH DOT ABOVE, to "i" (lowered: two characters)
)


def _names_an_engine(text: str) -> bool:
    """``_ANY_ENGINE.search(text) is not None``, searched in the lowered text where that is the
    same."""
    if not text.isascii():
        for odd in _CASE_FOLDED_ONLY:
            if odd in text:
                return _ANY_ENGINE.search(text) is not None
    return _ANY_ENGINE_LOWERED.search(text.lower()) is not None
# Training with an engine named ("grpo with vllm and ollama for the judge") is another question.
_TRAINING: Final = re.compile(
    r"(?<![a-z])(?:q?lora|fine.?tun\w*|finetun\w*|train\w*|entren\w*|entrain\w*|sft|dpo|grpo"
    r"|ppo)(?![a-z])", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Served:
    """One engine's figures: its id ("vllm" or a runner's), the method it serves the model in,
    its detailed estimate per GPU at its own context (Ollama's default one where unsaid), that
    context, whether it fits, the memory it may use of each GPU (vLLM's share, else the whole
    card) and one sequence's decode bound at the common context."""

    engine: str
    method: str
    need_gb: Decimal
    context: int
    fits: bool
    budget_gb: Decimal
    share: Decimal | None
    share_said: bool
    bound: DecodeBound


@dataclass(frozen=True, slots=True)
class EngineComparison:
    """What the reply says: the model, the configuration (`chosen`: none was named, so the
    cheapest offered one that holds every engine's serving), the common context and each
    engine, in the order named."""

    model_name: str | None
    params_b: Decimal
    gpu: str
    gpu_count: int
    chosen: bool
    context: int
    served: tuple[Served, ...]
    # Each engine's question as asked (no configuration chosen for it): the JSON's fields.
    asked: tuple[Query, ...]
    # Every engine named, in that order; those not in `served` do not run on the card's GPU
    # (vLLM on a Mac: rules/data/serving.toml [metal]), so are not sized there.
    engines: tuple[str, ...] = ()


def _named(text: str) -> list[tuple[str, list[tuple[int, int]]]]:
    """The engines `text` names, in the order first named, each with where it is named."""
    if not _names_an_engine(text):
        return []
    found = [(engine, [m.span() for m in pattern.finditer(text)]) for engine, pattern in _ENGINES]
    return sorted(((e, spans) for e, spans in found if spans), key=lambda f: f[1][0][0])


def asks_engines(text: str) -> bool:
    """Whether `text` names two serving engines or more: the cheap test before reading. Not
    when one is left for the other ("switched from ollama to vllm and llama 3 8b OOMs", "pasé de
    ollama a vllm"): the one they use now is the question's (bot.understand.parse)."""
    if len(_named(text)) < 2:
        return False
    folded = fold(text)
    return engine_left_out(folded) == folded


# Between two engines named side by side ("vllm vs ollama", "vllm or llama.cpp", "vllm ou
# ollama", "vllm o ollama", "vllm/ollama"): the words that only join them.
_BETWEEN: Final = re.compile(r"\s*(?:vs\.?|versus|or|o|ou|/|,)\s*", re.IGNORECASE)


def engine_questions(text: str, whole: Query) -> tuple[str, ...]:
    """"vllm vs ollama for 10 users llama 3 8b on a 4090": a question the comparison does not
    answer (users, the longest context, vLLM's share, an error to fix) asked of two engines
    named side by side, as one question per engine ("vllm for 10 users llama 3 8b on a
    4090", then Ollama's), each answered in its section. Empty when it is not that."""
    named = _named(text)
    if len(named) != 2 or not whole.inference or (whole.model_id is None and whole.params_b
                                                  is None) or _TRAINING.search(text):
        return ()
    if not _not_compared(whole, text):
        return ()
    (_e1, spans1), (_e2, spans2) = named
    if len(spans1) != 1 or len(spans2) != 1:
        return ()
    (start, first_end), (second_start, end) = spans1[0], spans2[0]
    if not _BETWEEN.fullmatch(text[first_end:second_start]):
        return ()
    return tuple(text[:start] + text[a:b] + text[end:]
                 for a, b in ((start, first_end), (second_start, end)))


def _mlx_weighed(text: str, named: list[tuple[str, list[tuple[int, int]]]]) -> bool:
    """MLX set side by side with another engine ("mlx vs llama.cpp", "mlx ou ollama"): weighed
    against it. Named beside LM Studio otherwise ("lm studio mlx 4bit"), it is the format that
    runner loads, not a second engine."""
    spans = sorted((span, engine) for engine, found in named for span in found)
    return any(_MLX in (e1, e2) and e1 != e2 and _BETWEEN.fullmatch(text[a[1]:b[0]]) is not None
               for (a, e1), (b, e2) in pairwise(spans))


def _not_compared(whole: Query, text: str) -> bool:
    """An error to fix, vLLM's share, several users or the longest context asked: questions
    the comparison does not answer (each engine is then asked on its own, or as before)."""
    return whole.fix_asked or whole.vllm_share_asked or whole.concurrency_asked \
        or whole.context_asked or (whole.batch_size or 1) > 1 or OOM.search(fold(text)) is not None


def _blank(text: str, spans: list[tuple[int, int]]) -> str:
    chars = list(text)
    for start, end in spans:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


def _alone(query: Query, whole: Query, update: dict[str, object]) -> Query:
    """The question as asked of one engine: its speed, in the message's language, in the
    precision it was read in (also where it does not fit: not a lower one in its place)."""
    return query.model_copy(update={
        "lang": whole.lang, "lang_sure": whole.lang_sure, "intent": "time",
        "serving_precision_said": True,
        "speed_asked": True, "context_asked": False, "concurrency_asked": False,
        "count_asked": False, "fastest_asked": False, "fastest_serving": False,
        "vllm_share_asked": False, "batch_asked": False, **update})


def _read_as(query: Query, engine: str) -> bool:
    """Whether the engine's part of the message was read as served with that engine."""
    if engine in _SERVERS:
        return query.engine == engine
    if engine == _MLX:
        return (query.method or "").startswith("mlx_")
    return query.runner == engine


def _server_method(query: Query, catalogue: Catalogue) -> str | None:
    """What vLLM, TGI or SGLang serve the model in: the precision said, else the one the model
    is published in (DeepSeek-R1's FP8, not an upcast BF16 copy); a GGUF type said beside the
    GGUF runner ("q4") is their 4-bit (AWQ, GPTQ), not a GGUF file."""
    native = native_weights(query, catalogue)
    method = native.method if native is not None and not query.serving_precision_said \
        else query.method
    spec = catalogue.method(method) if method is not None else None
    if spec is not None and spec.quant is not None:
        return "inference_int4" if (spec.bits_per_weight or 0) < 6 else "inference_int8"
    return method


def read_engines(
    text: str, whole: Query, read: Callable[[str], Query], answer: Callable[[Query], Answer],
    catalogue: Catalogue,
) -> EngineComparison | None:
    """The engines of `text` (asks_engines) compared for its model (`whole`: the text read as
    one question; `read` understands a part; `answer` answers a Query). Each engine's question
    is the message with the other engines' names left out. None when the message is not that
    question (no model, training, cards of several kinds) or an engine's part is not read as
    serving the same model with it: it is then answered as before."""
    named = _named(text)
    if len(named) < 2 or (whole.model_id is None and whole.params_b is None) or whole.rig:
        return None
    if any(engine == _MLX for engine, _s in named) and not _mlx_weighed(text, named):
        return None
    if not whole.inference or _TRAINING.search(text) is not None:
        return None
    if _not_compared(whole, text):
        return None
    parts: list[tuple[str, Query]] = []
    for engine, _spans in named:
        others = [span for e, spans in named if e != engine for span in spans]
        q = read(_blank(text, others))
        if (q.model_id, q.params_b) != (whole.model_id, whole.params_b) or not q.inference \
                or q.method is None or not _read_as(q, engine):
            return None
        if engine in _SERVERS:
            q = q.model_copy(update={"method": _server_method(q, catalogue)})
        parts.append((engine, q))
    gpu, count = whole.gpu, whole.gpu_count or 1
    chosen = gpu is None
    if gpu is None:
        # None named: the cheapest offered configuration that holds every engine's serving.
        holds = [answer(_alone(q, whole, {})).primary for _e, q in parts]
        cheapest = [p.cheapest for p in holds if p is not None and p.cheapest is not None]
        if len(cheapest) < len(parts):
            return None
        most = max(cheapest, key=lambda f: (f.usd_per_hour or 0, f.vram_gb))
        if most.gpu is None:
            return None
        gpu, count = most.gpu, most.gpu_count
    context = whole.seq_len or DEFAULT_SEQ_LEN
    on_card: dict[str, object] = {"gpu": gpu, "gpu_count": count}
    served: list[Served] = []
    model_name: str | None = None
    params_b: Decimal | None = None
    metal = catalogue.gpu(gpu).unified_memory
    if not metal and any(engine == _MLX for engine, _q in parts):
        return None  # MLX is sized on a Mac's GPU only: elsewhere answered as before
    for engine, q in parts:
        if metal and not runs_on_metal(engine):
            continue  # said instead of sized (render_engines)
        # The memory at the engine's own context (Ollama reserves its default num_ctx), the
        # bound at one context for all: a speed compared over the same tokens.
        own = answer(_alone(q, whole, on_card))
        timed = own if whole.seq_len is not None else answer(
            _alone(q, whole, {**on_card, "seq_len": context}))
        d = own.detailed
        if d is not None and d.method != q.method:
            return None
        bounds = [b for b in timed.decode if b.method == q.method]
        if own.error or timed.error or d is None or d.check is None or not bounds:
            return None
        check = d.check
        # The check holds the engine's own share: TGI's (rules/data/serving.toml) when TGI.
        share, budget, fits = check.utilization, check.vram_per_gpu_gb, bool(check.detailed_fits)
        served.append(Served(
            engine=engine, method=q.method or "", need_gb=d.per_gpu_gb, context=d.seq_len,
            fits=fits, budget_gb=budget, share=share, share_said=check.utilization_said,
            bound=bounds[0]))
        if params_b is None:
            model_name, params_b = own.model_name, own.params_b
    return EngineComparison(
        model_name=model_name, params_b=params_b or whole.params_b or Decimal(0),
        gpu=gpu, gpu_count=count, chosen=chosen, context=context, served=tuple(served),
        asked=tuple(_alone(q, whole, {}) for _e, q in parts), engines=tuple(e for e, _q in parts))


def engine_name(engine: str, catalogue: Catalogue) -> str:
    """An engine's or local runner's name as written ("vLLM", "llama.cpp"), by its id."""
    if engine in _SERVERS:
        return _SERVERS[engine]
    if engine == _MLX:
        return "MLX"
    runner = catalogue.local_runner(engine)
    return runner.name if runner is not None else engine


def _off_metal(engine: str, catalogue: Catalogue, ph: Phrases) -> str:
    """An engine named on a Mac that does not run a model on its GPU (rules/data/serving.toml
    [metal]): said, not sized against the GPU's share of the unified memory."""
    return f"• ❌ {ph.off_metal(engine, engine_name(engine, catalogue))}"


def _rate(fmt: Formatter, rate: Decimal) -> str:
    """A bound as capacity rounds it: to the unit from 10 tokens/s, else to a tenth (5.2 and
    5.3 were both said "5", one "the higher ceiling")."""
    return fmt.num(rate, 0 if rate >= 10 or rate == rate.to_integral_value() else 1)


def render_engines(found: EngineComparison, locale: str, catalogue: Catalogue) -> str:
    """The reply in `locale` (Telegram HTML): which engine has the higher ceiling leads."""
    ph = Phrases(locale, catalogue)
    _, fmt = ph._, ph.fmt
    config = ph.config(found.gpu, found.gpu_count)
    if found.chosen:
        config = _("%(config)s (the cheapest we offer that holds each of them)", config=config)
    names = [engine_name(s.engine, catalogue) for s in found.served]
    named = [engine_name(e, catalogue) for e in found.engines] or names
    model = ph.subject(found.model_name, found.params_b)
    rated = [(s, name) for s, name in zip(found.served, names, strict=True)
             if s.fits and s.bound.fits and s.bound.tokens_per_second is not None]
    rates = sorted({s.bound.tokens_per_second or Decimal(0) for s, _n in rated}, reverse=True)
    lines: list[str] = []
    if len(rated) >= 2 and len(rates) == 1:
        lines.append(_("⚡ <b>The same ceiling for one user with %(engines)s: at most about"
                       " %(rate)s tokens/s for %(model)s on %(config)s.</b>",
                       engines=fmt.list(names), rate=_rate(fmt, rates[0]), model=model,
                       config=config))
    elif len(rated) >= 2:
        best = [name for s, name in rated if s.bound.tokens_per_second == rates[0]]
        others = [str(_("%(rate)s with %(engine)s", rate=_rate(fmt, s.bound.tokens_per_second or Decimal(0)),
                        engine=name)) for s, name in rated
                  if s.bound.tokens_per_second != rates[0]]
        lines.append(_("⚡ <b>For one user, %(engine)s has the higher ceiling: at most about"
                       " %(rate)s tokens/s for %(model)s on %(config)s, against %(others)s.</b>",
                       engine=fmt.list(best), rate=_rate(fmt, rates[0]), model=model,
                       config=config, others=Markup(fmt.list(others))))
    else:
        lines.append(_("⚖️ <b>%(engines)s for %(model)s on %(config)s</b>",
                       engines=fmt.list(named, "or"), model=model, config=config))
    for engine in found.engines:
        if all(s.engine != engine for s in found.served):
            lines.append(_off_metal(engine, catalogue, ph))
    for s, name in zip(found.served, names, strict=True):
        if s.engine == _TGI and s.share is not None:
            budget = _("of the %(budget)s it fills (%(share)s of the card: <code>"
                       "--cuda-memory-fraction 1.0</code> times <code>TGI_WIGGLE_ROOM</code>"
                       " 0.90)", budget=fmt.gb(s.budget_gb, 1),
                       share=fmt.percent(s.share * 100, 0))
        elif s.share is not None:
            budget = _("of the %(budget)s it takes (%(flag)s)", budget=fmt.gb(s.budget_gb, 1),
                       flag=ph.vllm_flag(s.share, s.share_said))
        else:
            budget = _("of %(card)s", card=ph.memory(s.budget_gb))
        if found.gpu_count > 1:
            where = _("≈ %(need)s per GPU %(budget)s", need=ph.size(s.need_gb), budget=budget)
        else:
            where = _("≈ %(need)s %(budget)s", need=ph.size(s.need_gb), budget=budget)
        if s.context != found.context:
            where = _("%(where)s, with the context it reserves by default here, %(tokens)s"
                      " tokens", where=where, tokens=fmt.num(s.context, 0))
        method = ph.method_short(s.method)
        rate = s.bound.tokens_per_second
        if not s.fits or not s.bound.fits:
            lines.append(_("• <b>%(engine)s</b>, %(method)s: %(where)s: ❌ it does not fit.",
                           engine=name, method=method, where=where))
        elif rate is None:
            lines.append(_("• <b>%(engine)s</b>, %(method)s: %(where)s; no speed bound, the card"
                           " has no cited memory bandwidth.", engine=name, method=method,
                           where=where))
        else:
            lines.append(_("• <b>%(engine)s</b>, %(method)s: %(where)s; one sequence at most"
                           " about %(rate)s tokens/s.", engine=name, method=method,
                           where=where, rate=_rate(fmt, rate)))
    card = catalogue.gpu(found.gpu)
    if card.unified_memory and any(q.gpu_variant_assumed for q in found.asked):
        # "vllm vs ollama on a mac": the Mac's memory was not said (was "❌ it does not fit"
        # on an 8 GB Mac nobody named)
        lines.append(ph.mac_assumed(card))
    lines.append("")
    bandwidth = next((s.bound.bandwidth_gbs for s, _n in rated), None)
    if bandwidth is not None:
        lines.append(_("⚠️ <i>Ceilings from the memory bandwidth, not benchmarks: each generated"
                       " token reads every weight and the KV cache (%(context)s tokens of context)"
                       " once, at the datasheet's %(bandwidth)s, so fewer bytes per weight raise"
                       " the ceiling. Real engines reach a fraction of it, and I have no measured"
                       " tokens/s to give: measure on your own card.</i>",
                       context=fmt.num(found.context, 0), bandwidth=fmt.bandwidth(bandwidth)))
    if any(s.bound.layer_split for s, _n in rated) and any(
            not s.bound.layer_split for s, _n in rated):
        lines.append(_("🔀 On several GPUs the GGUF runners split the model by layers, read in"
                       " turn (llama.cpp's default <code>--split-mode layer</code>), so one GPU's"
                       " bandwidth counts; vLLM splits each layer over the GPUs (tensor parallel),"
                       " which read side by side."))
    if any(s.engine == _SGLANG for s in found.served):
        lines.append(_("ℹ️ SGLang keeps part of each GPU free by a rule of its own"
                       " (<code>--mem-fraction-static</code>, chosen at start-up from the GPU's"
                       " memory): its figure here is against the whole card."))
    servers = [(s, name) for s, name in zip(found.served, names, strict=True)
               if s.engine in _SERVERS]
    if servers:
        batching = fmt.list([name for _s, name in servers])
        lines.append(ph.ngettext(
            "👥 %(engines)s batches many users' requests into each step (continuous batching):"
            " with many users at once its total throughput goes far above one sequence's"
            " ceiling, which this comparison does not show.",
            "👥 %(engines)s batch many users' requests into each step (continuous batching):"
            " with many users at once their total throughput goes far above one sequence's"
            " ceiling, which this comparison does not show.", len(servers), engines=batching))
        if any(catalogue.method(s.method).weight_bits > 4 for s, _n in servers) and any(
                catalogue.method(s.method).quant is not None for s in found.served):
            lines.append(ph.ngettext(
                "💡 The GGUF file is smaller because it is quantized; %(engines)s serves 4-bit"
                " weights too (AWQ, GPTQ): name one for its figures.",
                "💡 The GGUF file is smaller because it is quantized; %(engines)s serve 4-bit"
                " weights too (AWQ, GPTQ): name one for their figures.", len(servers),
                engines=batching))
    return "\n".join(str(line) for line in lines).rstrip()
