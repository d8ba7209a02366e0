"""What makes a training run fit on the card asked about, when the detailed estimate says it
does not: the standard changes a seasoned engineer tries after an out-of-memory error, each
estimated again by the detailed estimator (bot.detail, rules.estimator), smallest change first.

Only changes the estimator models are tried (no new physics): a smaller micro-batch with
gradient accumulation (the same effective batch; searched at 1, then the largest divisor of
the batch that fits is the one offered, bot.detail.micro_batches), gradient checkpointing, Liger Kernel's fused
cross-entropy (the logits are never held whole), Unsloth on one GPU (its chunked
cross-entropy, LoRA MLP kernel and offloaded checkpoints), 8-bit Adam, pure BF16, CPU offload
(FSDP / ZeRO-3), LoRA, QLoRA and, last, a shorter sequence. A change alone when one suffices,
else the fewest and cheapest combined; when none does, the reply says that nothing short of
another card holds the run. Facts only: the template `remedy.html.j2` words them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from itertools import combinations
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from bot.detail import (
    TrainingEstimate,
    estimate_run,
    estimator_model,
    host_ram,
    longest_context,
    micro_batches,
    mlx_assumed,
    settings_with,
    timed_on_asked,
)
from bot.understand.query import Query
from rules.catalogue import Catalogue
from rules.estimator import Breakdown, load_constants
from rules.fit import Fit, capacity_per_gpu
from rules.model_catalogue import ModelSpec
from rules.schema import Method

if TYPE_CHECKING:
    from bot.answer import Answer

__all__ = ["CHANGES", "OwnedRun", "Recipe", "Remedies", "Remedy", "oom_savings", "owned_run",
           "published_recipe", "remedies_for", "wanted"]

# The changes tried, cheapest trade-off first, with the weight that orders options made of
# several: a smaller micro-batch with gradient accumulation keeps the effective batch (only a
# little slower; the search tries 1, which saves most, and an option found so is offered at
# the largest divisor of the batch that fits, _largest_micro); SDPA instead of eager attention stores no score matrix and is faster; checkpointing recomputes the forward pass (~30 % slower); Liger Kernel is a
# library switch with no trade-off; 8-bit Adam and pure BF16 trade a little precision; CPU
# offload is much slower; LoRA and QLoRA change the method (and what is learnt); a shorter
# sequence changes the data.
CHANGES: dict[str, int] = {
    "micro_batch": 1,
    "sdpa": 1,
    "grad_ckpt": 2,
    "zero3": 2,
    "shard": 2,
    "liger": 2,
    "unsloth": 2,
    "adam8bit": 3,
    "pure_bf16": 3,
    "cpu_offload": 6,
    "optimizer_offload": 6,
    "lora": 8,
    "qlora": 10,
}
# Options listed at most (the shorter sequence comes on top of them).
MAX_OPTIONS = 3
# Misses before the search asks which changes the run cannot do without (_probe): none. Asked
# at once, the search makes the fewest detailed estimates, with the same options, on the 679
# of the pipeline benchmark's 3 000 cold questions that search (10.5 -> 9.0 a question, its
# slowest 3 % 21 -> 17) and on the 316 of the identity harness's "..., details" and corpus
# questions (11.6 -> 10.4, 26 -> 22): fewer than after 1, 2, 3, 4 or 6 misses.
PROBE_AFTER = 0
# A combination the search is to estimate is first grown into a wider one (_bound) whose
# estimate, by what each change saved alone, should still exceed the card's memory by more
# than this share of it: a miss rules out every combination it holds. 0.8 made the fewest
# estimates on 6,274 searching questions (the pipeline benchmark's 9,000 cold questions, 4,000
# generated "..., details" questions, the corpus): their slowest 1 % 24.3 -> 21.4.
BOUND_SHARE = Decimal("0.8")
# Misses before the search grows combinations: a search that finds its options at once makes
# no wider estimate (after 2 misses, the same estimates as from the first on those questions).
BOUND_AFTER = 2
# Shorter than this, a sequence is no setting to suggest for training (bot.detail says so too).
SHORTEST_SUGGESTED = 256


@dataclass(frozen=True, slots=True)
class Remedy:
    """One way to make it fit: the changes (CHANGES keys, in CHANGES' order, or "seq_len"),
    and the detailed estimate per GPU with them."""

    changes: tuple[str, ...]
    per_gpu_gb: Decimal
    seq_len: int | None = None  # "seq_len": the longest sequence that fits
    # "micro_batch": the micro-batch held at once, the largest divisor of the batch asked
    # that fits with the other changes (_largest_micro; 1 when only 1 does), its
    # gradient accumulation Remedies.accumulation.
    micro_batch: int = 1
    # CPU offload: what it keeps in CPU RAM for the whole run, and with the buffer margin
    # DeepSpeed's memory estimator adds (bot.detail.host_ram).
    host_ram_gb: tuple[Decimal, Decimal] | None = None


@dataclass(frozen=True, slots=True)
class Recipe:
    """A published run of this kind on such cards, estimated at its settings on the asked
    configuration: Answer.AI's FSDP+QLoRA of Llama 2 70B on two 24 GB GPUs (rules/data/
    detailed.toml [recipes], their README's command)."""

    seq_len: int
    micro_batch: int
    gpu_gb: Decimal  # the published cards' memory
    ram_gb: Decimal  # the CPU RAM the README says the command uses
    per_gpu_gb: Decimal  # the detailed estimate at its settings on the asked configuration
    host_ram_gb: tuple[Decimal, Decimal] | None


@dataclass(frozen=True, slots=True)
class Remedies:
    """What makes the run fit on the asked configuration, smallest change first. `options`
    empty: nothing short of another card does (`best_gb`: the least any combination needs)."""

    gpu: str | None
    gpu_count: int
    vram_per_gpu_gb: Decimal
    per_gpu_gb: Decimal  # the detailed estimate as asked
    # The effective batch as asked (micro-batch × the accumulation said): the accumulation that
    # keeps it at micro-batch 1 (at a remedy's micro-batch M, this ÷ M: accumulation()).
    micro_batch: int
    options: tuple[Remedy, ...]
    tried: tuple[str, ...]  # every change that applied, in CHANGES' order
    best_gb: Decimal | None = None
    lead: bool = False  # asked what to do: the reply leads with it (else it follows the answer)
    # The system RAM said ("… on a 3090 with 32gb system ram"), which CPU offload is held to,
    # and the least CPU RAM an offload that fits the GPUs needs where none is in the RAM said
    # (the offload is then no option: "would keep about 27.1 GB in CPU RAM, more than …").
    ram_gb: Decimal | None = None
    offload_short_gb: Decimal | None = None
    # ZeRO-1/2 said: their offload is the optimizer's alone (offload_optimizer, ZeRO-Offload),
    # the BF16 weights stay on the GPU; what it keeps in RAM is said so.
    optimizer_offload: bool = False
    # The run ran out of memory where the detailed estimate fits it (oom_savings): the options
    # are each change alone that lowers the estimate, none known to be enough.
    measured: bool = False

    def accumulation(self, remedy: Remedy | None) -> int:
        """The gradient accumulation that keeps the effective batch at `remedy`'s micro-batch
        (1 without a remedy: every change combined)."""
        return self.micro_batch // (remedy.micro_batch if remedy is not None else 1)


@dataclass(frozen=True, slots=True)
class OwnedRun:
    """A time asked on one's own card that cannot hold the run as asked: the run timed there
    with the smallest change that makes it fit and that the estimate can time (`timed`), and
    CPU offload's run (`offload`) when it is a smaller change or the only one. No throughput
    we can cite times an offloaded step (its states cross PCIe every step), so the offload's
    time is its compute alone, a lower bound, said so; none is invented for the traffic."""

    timed: Remedy | None
    time: TrainingEstimate | None
    offload: Remedy | None
    offload_time: TrainingEstimate | None
    # What the timed run's k·N·D is made of (Phrases.flops_split): an adapter method, and
    # gradient checkpointing, of the lead run (`time`, else `offload_time`).
    adapter: bool = False
    grad_ckpt: bool = False


# The changes whose run the estimate cannot time: the offloaded states cross PCIe every step.
_OFFLOADS = frozenset({"cpu_offload", "optimizer_offload"})


def owned_run(query: Query, answer: Answer, rm: Remedies | None, catalogue: Catalogue,
              own: bool) -> OwnedRun | None:
    """"full fine-tune llama 3 8b on my 4090, how long for 10k examples of 2k tokens?": the
    card is the user's (`own`), so the run is timed on it with the smallest change of
    `rm` (what makes it fit there) that makes it fit (was the run as asked on 4× A100 alone); the rented
    run follows it. The shorter sequence is left to the time answer's own line (it changes
    the data). None: not a time asked on a card that misses the run, or nothing to time."""
    detailed, primary = answer.detailed, answer.primary
    if not own or answer.intent != "time" or rm is None or not rm.options or detailed is None \
            or primary is None or primary.fit is None or answer.params_b is None \
            or answer.sample_bracket:
        return None
    t = detailed.training_time
    if t is None or t.asked or not t.asked_short or t.tokens_per_second is not None:
        return None
    cat, asked = catalogue, primary.fit
    method = cat.method(primary.memory.method)
    model = estimator_model(query, answer.params_b, cat)
    lora = cat.method_where("training", family="adapter", weight_bits=16)
    qlora = cat.method_where("training", family="adapter", weight_bits=4)

    def timed(remedy: Remedy) -> tuple[TrainingEstimate, bool, bool] | None:
        """The run with `remedy`'s changes timed there, whether its method is an adapter and
        whether it checkpoints."""
        on = method
        if "lora" in remedy.changes and lora:
            on = cat.method(lora)
        elif "qlora" in remedy.changes and qlora:
            on = cat.method(qlora)
        said = settings_with(query, _with(query, remedy.changes, remedy.micro_batch))
        found = timed_on_asked(query, said, on, model, asked, cat)
        if found is None or found[0].wall_clock_hours is None:
            return None
        return found[0], on.adapter, found[1]

    first: Remedy | None = None
    offload: Remedy | None = None
    for remedy in rm.options:
        if "seq_len" in remedy.changes:
            continue
        if _OFFLOADS.isdisjoint(remedy.changes):
            first = remedy
            break
        offload = offload or remedy  # smaller than the first timed one: said beside it
    time = timed(first) if first is not None else None
    offload_time = timed(offload) if offload is not None else None
    lead = time or offload_time
    if lead is None:
        return None
    return OwnedRun(timed=first if time is not None else None,
                    time=time[0] if time is not None else None,
                    offload=offload if offload_time is not None else None,
                    offload_time=offload_time[0] if offload_time is not None else None,
                    adapter=lead[1], grad_ckpt=lead[2])


def wanted(query: Query, answer: Answer) -> bool:
    """Shown when the user hit an OOM or asked what to do, stated the settings the verdict is
    on ("qlora llama 3 70b fsdp on 2x 4090": the detailed verdict leads), or the asked card is
    one we do not rent (their own); for a training run whose lead verdict is that it does not
    fit, by the detailed estimate, on a named configuration. A card we rent gets them too when
    the settings are stated: the cheapest offered configuration that holds the run is one
    answer, what makes it fit on the configuration the user chose is the other."""
    detailed = answer.detailed
    primary = answer.primary
    if detailed is None or detailed.kind != "training" or detailed.check is None \
            or primary is None or primary.fit is None or answer.intent == "compare":
        return False
    if detailed.check.detailed_fits or answer.fits is not False:
        return False
    own = answer.gpu is not None and not answer.gpu.rented
    return query.fix_asked or query.oom or own or detailed.stated


# What a Mac cannot do of these: Liger Kernel is Triton (CUDA, ROCm), 8-bit Adam is
# bitsandbytes, CPU offload and ZeRO are DeepSpeed's or FSDP's over CUDA, and its unified
# memory has no separate CPU RAM to offload to (the Mac note in the fit reply says what runs).
_NOT_ON_METAL = frozenset({"liger", "unsloth", "adam8bit", "zero3", "cpu_offload",
                           "optimizer_offload"})


def _applicable(query: Query, method: Method, platform: str = "cuda",
                bf16: bool = True, mlx: tuple[int, bool] | None = None) -> list[str]:
    """`mlx`: mlx_lm.lora's micro-batch and checkpointing as estimated, its defaults (batch 4,
    no checkpointing) where none was said: its flags change them as a said setting."""
    out: list[str] = []
    batch, ckpt = mlx if mlx is not None else (query.batch_size, query.grad_ckpt)
    if batch is not None and batch > 1:
        out.append("micro_batch")
    if query.attention == "eager":
        out.append("sdpa")  # transformers' default kernel: the scores are never stored
    if ckpt is False:
        out.append("grad_ckpt")
    if query.kernels is None and not query.chunked_loss:
        out.append("liger")
        # Unsloth trains adapters on one GPU (its open-source release has no FSDP or ZeRO):
        # its kernels are estimated for a LoRA/QLoRA run (the LoRA MLP backward).
        if not method.full and (query.gpu_count or 1) == 1 and query.sharding is None:
            out.append("unsloth")
    if method.full and method.optimizer is None and query.optimizer in (None, "adamw", "adamw_foreach"):
        out.append("adam8bit")
    if method.full and query.precision in (None, "mixed") and not query.fp32_weights and bf16:
        out.append("pure_bf16")  # not on a card without BF16 (a V100): FP16 needs FP32 masters
    zero12 = query.sharding in ("zero1", "zero2")
    several = (query.gpu_count or 1) > 1
    if zero12 and several:
        out.append("zero3")  # ZeRO-3 shards the weights too
    if query.sharding == "ddp" and several:
        out.append("shard")  # DDP replicates the whole run: FSDP or ZeRO-3 split it
    if not query.cpu_offload:
        # With ZeRO-1/2 offload is ZeRO-Offload's: the optimizer's, the weights stay.
        out.append("optimizer_offload" if zero12 else "cpu_offload")
    if method.full:
        out.append("lora")
    if not method.quantized_base:
        out.append("qlora")
    if platform == "metal":
        out = [c for c in out if c not in _NOT_ON_METAL]
    order = list(CHANGES)
    return sorted(out, key=order.index)


def _valid(combo: tuple[str, ...]) -> bool:
    """LoRA and QLoRA exclude each other, and the full fine-tuning changes (8-bit Adam, pure
    BF16) mean nothing once the base is frozen. Liger Kernel and Unsloth are two sets of the
    same kernels; Unsloth runs on one GPU, with no FSDP or DeepSpeed to offload or shard."""
    adapter = "lora" in combo or "qlora" in combo
    alone = ("cpu_offload", "optimizer_offload", "zero3", "shard", "liger")
    return not ("lora" in combo and "qlora" in combo) and not (
        "unsloth" in combo and any(c in combo for c in alone)) and not (
        adapter and ("adam8bit" in combo or "pure_bf16" in combo)) and not (
        "zero3" in combo and "optimizer_offload" in combo) and not (
        "shard" in combo and ("zero3" in combo or "optimizer_offload" in combo))


# A change's bit: a combination is the OR of its changes' bits, so that "is a subset of" is
# one AND (the search asks it of every combination against every option and known miss).
_BIT: dict[str, int] = {name: 1 << i for i, name in enumerate(CHANGES)}


def _mask(combo: tuple[str, ...]) -> int:
    mask = 0
    for change in combo:
        mask |= _BIT[change]
    return mask


# Every valid combination of CHANGES with its mask, in the order the search tries them:
# least weight, then fewest changes, then CHANGES' order. A question's changes (_applicable
# lists them in CHANGES' order) try the combinations made of them alone in this same order.
_COMBOS: tuple[tuple[tuple[str, ...], int], ...] = tuple(
    (c, _mask(c)) for c in sorted(
        (c for n in range(1, len(CHANGES) + 1) for c in combinations(CHANGES, n) if _valid(c)),
        key=lambda c: (sum(CHANGES[x] for x in c), len(c), [list(CHANGES).index(x) for x in c]),
    )
)


# Every valid combination's mask (_valid's), for _bound to ask of each one it grows.
_VALID_MASKS: frozenset[int] = frozenset(m for _, m in _COMBOS)


# Each valid combination's place in _COMBOS, by its mask.
_PLACE: dict[int, int] = {m: i for i, (_, m) in enumerate(_COMBOS)}
# A run with at most this many applicable changes has its combinations looked up, one per
# subset of its changes (2^9 = 512), rather than picked out of all 815 of _COMBOS: runs list
# 2 to 8 changes, so 4 to 256 look-ups.
_LOOKED_UP = 9


@cache  # at most one entry per set of applicable changes (2^len(CHANGES)): structure, not values
def _combos_of(allowed: int) -> tuple[tuple[tuple[str, ...], int], ...]:
    """The combinations made of the changes in `allowed` alone, in _COMBOS' order.

    Each set of changes first seen scanned all of _COMBOS (the identity harness's 450
    "..., details" questions hold 37 sets; its 60 first questions 20, a scan costing 8,000
    bytecodes each, 3 % of theirs). The subsets of `allowed` are walked instead (sub = (sub -
    1) & allowed visits each once) and the valid ones put back in _COMBOS' order."""
    if allowed.bit_count() > _LOOKED_UP:
        return tuple((c, m) for c, m in _COMBOS if m & allowed == m)
    places: list[int] = []
    sub = allowed
    while sub:
        place = _PLACE.get(sub)
        if place is not None:
            places.append(place)
        sub = (sub - 1) & allowed
    places.sort()
    return tuple(map(_COMBOS.__getitem__, places))


def _has_subset(masks: list[int], mask: int) -> bool:
    """One of `masks` is a subset of `mask` (a loop, not any(): the search asks it of every
    combination, up to a thousand)."""
    for subset in masks:  # noqa: SIM110 (no generator made per combination)
        if subset & mask == subset:
            return True
    return False


def _is_within(mask: int, masks: list[int]) -> bool:
    """`mask` is a subset of one of `masks`."""
    for superset in masks:  # noqa: SIM110
        if mask & superset == mask:
            return True
    return False


def _with(query: Query, combo: tuple[str, ...], micro: int = 1) -> dict[str, Any]:
    """The settings `combo` changes; `micro`: the micro-batch of its "micro_batch" change."""
    update: dict[str, Any] = {}
    for change in combo:
        if change == "micro_batch":
            update.update(batch_size=micro, grad_accumulation=True)
        elif change == "sdpa":
            update["attention"] = "sdpa"
        elif change == "grad_ckpt":
            update["grad_ckpt"] = True
        elif change in ("liger", "unsloth"):
            update["kernels"] = change
        elif change == "adam8bit":
            update["optimizer"] = "adam8bit"
        elif change == "pure_bf16":
            update["precision"] = "bf16"
        elif change in ("cpu_offload", "optimizer_offload"):
            update["cpu_offload"] = True
            if query.sharding == "ddp":
                update["sharding"] = "fsdp"  # DDP offloads nothing: FSDP's CPU offload
        elif change == "zero3":
            update["sharding"] = "zero3"
        elif change == "shard":
            update["sharding"] = "fsdp"
    return update


def _adapter_methods(cat: Catalogue) -> dict[str, Method | None]:
    """The catalogue's LoRA and QLoRA, the changes of method tried (None: not catalogued)."""
    lora = cat.method_where("training", family="adapter", weight_bits=16)
    qlora = cat.method_where("training", family="adapter", weight_bits=4)
    return {"lora": cat.method(lora) if lora else None,
            "qlora": cat.method(qlora) if qlora else None}


def _tried(query: Query, answer: Answer, method: Method, methods: dict[str, Method | None],
           cat: Catalogue) -> list[str]:
    """The changes that apply to the run answered, on its card (a method change only where
    the catalogue has that method)."""
    detailed, card = answer.detailed, answer.gpu
    assert detailed is not None
    # mlx_lm.lora's own defaults (bot.detail): batch 4 and no checkpointing, each a change.
    mlx = (detailed.micro_batch, detailed.grad_ckpt) \
        if query.mlx or mlx_assumed(query, method) else None
    return [c for c in _applicable(query, method, card.platform if card else "cuda",
                                   cat.has_bf16(card) if card else True, mlx)
            if c not in methods or methods[c] is not None]


def remedies_for(query: Query, answer: Answer, catalogue: Catalogue) -> Remedies | None:
    """The changes that make the run fit on the asked configuration (see the module's doc)."""
    detailed, primary = answer.detailed, answer.primary
    if detailed is None or detailed.check is None or primary is None or primary.fit is None \
            or answer.params_b is None:
        return None
    cat = catalogue
    asked = primary.fit
    method = cat.method(primary.memory.method)
    model = estimator_model(query, answer.params_b, cat)
    vram = detailed.check.vram_per_gpu_gb
    methods = _adapter_methods(cat)
    tried = _tried(query, answer, method, methods, cat)
    memo: dict[tuple[str, ...], Decimal | None] = {}
    hosts: dict[tuple[str, ...], tuple[Decimal, Decimal] | None] = {}
    # Each combination's settings are the query's with a few changed (settings_with: no query
    # copy per estimate), on the asked configuration's GPUs and memory per GPU.
    gpus, per_card = asked.gpu_count, capacity_per_gpu(asked)

    def need(combo: tuple[str, ...]) -> Decimal | None:
        if combo not in memo:
            on = method
            for name in ("lora", "qlora"):
                if name in combo:
                    found = methods[name]
                    assert found is not None
                    on = found
            breakdown = estimate_run(settings_with(query, _with(query, combo)), on, model,
                                     gpus, per_card)
            memo[combo] = breakdown.per_gpu_gb if breakdown is not None else None
            hosts[combo] = host_ram(breakdown) if breakdown is not None else None
        return memo[combo]

    def on_micro(combo: tuple[str, ...], micro: int) -> Breakdown | None:
        """The estimate with `combo` at micro-batch `micro` (not memoised: asked of options)."""
        on = method
        for name in ("lora", "qlora"):
            if name in combo:
                on = methods[name] or method
        return estimate_run(settings_with(query, _with(query, combo, micro)), on, model, gpus,
                            per_card)

    ram = query.system_ram_gb
    short: list[Decimal] = []

    allowed = _mask(tuple(tried))
    # Every change at once (with QLoRA, and with the full method's own changes): when none of
    # these fits, no subset does (each change only lowers the estimate).
    base = tuple(c for c in tried if c not in methods)
    frozen = tuple(c for c in base if c not in ("adam8bit", "pure_bf16"))
    widest = [base, *((*frozen, m) for m in ("lora", "qlora") if m in tried)]
    needs = [g for g in (need(c) for c in widest) if g is not None]
    options: list[Remedy] = []
    # DDP: CPU offload comes only with the sharding that offloads ("shard").
    offload_alone = _BIT["cpu_offload"] | _BIT["shard"] if "shard" in tried else 0
    if any(g <= vram for g in needs):
        # Combinations known not to fit: none of their subsets does either. Estimated misses
        # only (a refused estimate says nothing of its subsets).
        misses = [_mask(c) for c in widest if (g := need(c)) is not None and g > vram]
        found: list[int] = []  # the options' masks
        missed = 0
        probed = False
        # The combinations estimated, and what each change saved on the estimate as asked (GB,
        # as floats: a guess's arithmetic), learnt from them when a wider combination is first
        # asked for, and those changes least first.
        estimated: list[tuple[tuple[str, ...], Decimal]] = []
        learnt = 0
        saving: dict[str, float] = {}
        order: list[tuple[float, int]] = []
        asked_gb = float(detailed.per_gpu_gb)
        share = float(vram * BOUND_SHARE)
        for combo, mask in _combos_of(allowed):
            if _has_subset(found, mask):
                continue  # a smaller option already fits: this one only adds changes
            if mask & offload_alone == _BIT["cpu_offload"]:
                continue  # DDP's offload is FSDP's (_with): the same run as with "shard"
            if _is_within(mask, misses):
                continue  # a combination with more changes did not fit: this one cannot
            if missed >= PROBE_AFTER and not probed:
                # A run that misses by far needs particular changes (the offload, micro-batch
                # 1): every fitting widest combination less one change tells which, and the
                # search then skips every combination without it.
                misses += _probe(widest, need, vram, methods)
                probed = True
                if _is_within(mask, misses):
                    continue  # the probe's misses hold this combination too: it cannot fit
            if probed and len(combo) > 1 and missed >= BOUND_AFTER:
                if learnt < len(estimated):
                    changed = False
                    for done, figure in estimated[learnt:]:
                        changed = _learn(saving, done, asked_gb - float(figure)) or changed
                    learnt = len(estimated)
                    if changed:  # ties in CHANGES' order (sorted keeps it)
                        order = sorted(((saving[c], _BIT[c]) for c in tried if c in saving),
                                       key=itemgetter(0))
                left = asked_gb
                for change in combo:
                    left -= saving.get(change, 0.0)
                wider = _bound(mask, order, left, share, found)
                if wider != mask and not _is_within(wider, misses):
                    gb = need(tuple(c for c in CHANGES if wider & _BIT[c]))
                    if gb is not None and gb > vram:
                        misses.append(wider)
                        continue  # the wider combination does not fit: this one cannot
            gb = need(combo)
            if gb is not None:
                estimated.append((combo, gb))
            if gb is None or gb > vram:
                missed += 1
            host = hosts.get(combo)
            if gb is not None and gb <= vram and ram is not None and host is not None \
                    and host[0] > ram:
                # "… on a 3090 with 32gb system ram": the offloaded states do not fit in the
                # RAM said (ZeRO-3/FSDP keep the weights there), so the offload is no option.
                short.append(host[0])
                missed += 1
                continue
            if gb is not None and gb <= vram:
                micro = _largest_micro(combo, detailed.micro_batch, on_micro, vram, ram) \
                    if "micro_batch" in combo else None
                if micro is not None:
                    options.append(Remedy(changes=combo, per_gpu_gb=micro[1],
                                          host_ram_gb=micro[2], micro_batch=micro[0]))
                else:
                    options.append(Remedy(changes=combo, per_gpu_gb=gb, host_ram_gb=host))
                found.append(mask)
                if len(options) == MAX_OPTIONS:
                    break
    timed = detailed.training_time
    # A time question already gives the longest sequence the card holds, with the run's time.
    said = timed is not None and timed.asked_seq_len is not None
    shorter = None if said else _shorter(query, method, model, asked, detailed.seq_len)
    if shorter is not None:
        options.append(shorter)
    return Remedies(
        gpu=asked.gpu, gpu_count=asked.gpu_count, vram_per_gpu_gb=vram,
        per_gpu_gb=detailed.per_gpu_gb,
        micro_batch=detailed.micro_batch * _accumulation_run(query),
        options=tuple(options), tried=tuple(tried),
        best_gb=min(needs) if needs and not options else None,
        lead=query.fix_asked and answer.intent in ("fit", "memory"),
        ram_gb=ram, offload_short_gb=min(short) if short else None,
        optimizer_offload="optimizer_offload" in tried,
    )


def _accumulation_run(query: Query) -> int:
    """The gradient accumulation the run asked uses (Query.run_accumulation): a remedy keeps
    its effective batch (llama3_1/8B_lora_single_device's 8 micro-batches: "batch_size=8" is
    kept as batch_size=2 gradient_accumulation_steps=32, was 4, a batch of 8)."""
    return query.run_accumulation


def _largest_micro(
    combo: tuple[str, ...], batch: int,
    estimate: Callable[[tuple[str, ...], int], Breakdown | None], vram: Decimal,
    ram: Decimal | None,
) -> tuple[int, Decimal, tuple[Decimal, Decimal] | None] | None:
    """An option with micro-batch 1 (`combo` fits so): the largest micro-batch below the
    `batch` held at once and dividing it (so that the accumulation keeps the effective batch
    whole; bot.detail.micro_batches, the detailed estimate's own rule) that fits with `combo`'s
    other changes too, with its estimate per GPU and what it keeps in CPU RAM; None when only 1
    does ("qlora mistral 7b on an a10g, batch 8, seq 4096": micro-batch 2 × accumulation 4
    fits, fewer and fuller steps than 1 × 8). The estimator decides each one."""
    for micro in micro_batches(batch):
        if micro == 1:
            break
        breakdown = estimate(combo, micro)
        if breakdown is not None and breakdown.per_gpu_gb <= vram:
            host = host_ram(breakdown)
            if ram is None or host is None or host[0] <= ram:
                return micro, breakdown.per_gpu_gb, host
    return None


# Changes that leave Unsloth (one GPU, its own kernels and checkpointing): not offered to a run
# that uses it.
_NOT_WITH_UNSLOTH = frozenset({"liger", "cpu_offload", "optimizer_offload", "zero3", "shard"})
# A change lowers the estimate by at least this much to be listed (its rounding is 0.1 GB).
_LEAST_SAVING = Decimal("0.1")


def oom_savings(query: Query, answer: Answer, catalogue: Catalogue) -> Remedies | None:
    """"OOM with llama 3 8b lora on my 4090 at seq 4096 batch 2, what should i do": the run ran
    out of memory where the detailed estimate fits it, so no estimate says which change is
    enough (the run holds more than it counts). Each change alone that lowers the estimate,
    with what it needs then, smallest change first, and half the sequence: the user takes the
    largest saving they can accept. None unless the OOM contradicts a training estimate."""
    oom, detailed, primary = answer.oom, answer.detailed, answer.primary
    if oom is None or not oom.contradicted or oom.serving or detailed is None \
            or detailed.kind != "training" or primary is None or primary.fit is None \
            or answer.params_b is None:
        return None
    cat = catalogue
    asked = primary.fit
    method = cat.method(primary.memory.method)
    if method.kind != "training":
        return None
    model = estimator_model(query, answer.params_b, cat)
    methods = _adapter_methods(cat)
    tried = [c for c in _tried(query, answer, method, methods, cat)
             if not (query.kernels == "unsloth" and c in _NOT_WITH_UNSLOTH)]
    gpus, per_card = asked.gpu_count, capacity_per_gpu(asked)
    options: list[Remedy] = []
    for change in tried:
        on = methods.get(change) or method
        breakdown = estimate_run(settings_with(query, _with(query, (change,))), on, model,
                                 gpus, per_card)
        if breakdown is not None and breakdown.per_gpu_gb <= detailed.per_gpu_gb - _LEAST_SAVING:
            options.append(Remedy(changes=(change,), per_gpu_gb=breakdown.per_gpu_gb,
                                  host_ram_gb=host_ram(breakdown)))
    half = detailed.seq_len // 2
    if half >= SHORTEST_SUGGESTED:
        breakdown = estimate_run(settings_with(query, {"seq_len": half}), method, model, gpus,
                                 per_card)
        if breakdown is not None and breakdown.per_gpu_gb <= detailed.per_gpu_gb - _LEAST_SAVING:
            options.append(Remedy(changes=("seq_len",), per_gpu_gb=breakdown.per_gpu_gb,
                                  seq_len=half))
    if not options:
        return None
    return Remedies(
        gpu=asked.gpu, gpu_count=asked.gpu_count, vram_per_gpu_gb=detailed.check.vram_per_gpu_gb
        if detailed.check is not None else per_card,
        per_gpu_gb=detailed.per_gpu_gb,
        micro_batch=detailed.micro_batch * _accumulation_run(query),
        options=tuple(options), tried=tuple(tried),
        lead=query.fix_asked and answer.intent in ("fit", "memory"),
        ram_gb=query.system_ram_gb, measured=True,
    )


# A published recipe is named for a model of its size give or take this share.
_RECIPE_SIZE_SHARE = Decimal("0.15")


def published_recipe(query: Query, answer: Answer, catalogue: Catalogue) -> Recipe | None:
    """"qlora llama 2 70b on 2x 3090": Answer.AI's FSDP+QLoRA recipe trained Llama 2 70B on
    two 24 GB GPUs (sequence 512, batch 2, checkpointing, CPU offload), estimated at those
    settings on the asked configuration, when the run misses it as asked and the recipe holds
    it there: QLoRA of a 70B-class model on two or more GPUs. None otherwise."""
    detailed, primary = answer.detailed, answer.primary
    if detailed is None or detailed.kind != "training" or detailed.check is None \
            or primary is None or primary.fit is None or answer.params_b is None \
            or answer.fits is not False or answer.intent not in ("fit", "memory"):
        return None
    asked = primary.fit
    method = catalogue.method(primary.memory.method)
    if method.full or not method.quantized_base or asked.gpu_count < 2 \
            or query.inference or query.cpu_offload:
        return None
    model = estimator_model(query, answer.params_b, catalogue)
    vram = detailed.check.vram_per_gpu_gb
    c = load_constants()
    size = Decimal(str(c["recipes.fsdp_qlora_70b_params_b"]))
    params = model if isinstance(model, Decimal) else model.params_b
    if abs(params - size) > size * _RECIPE_SIZE_SHARE:
        return None
    seq, batch = int(c["recipes.fsdp_qlora_70b_context_length"]), \
        int(c["recipes.fsdp_qlora_70b_batch_size"])
    update: dict[str, Any] = {"seq_len": seq, "batch_size": batch, "grad_ckpt": True,
                              "cpu_offload": True}
    if query.sharding is None:
        update["sharding"] = "fsdp"
    breakdown = estimate_run(settings_with(query, update), method, model, asked.gpu_count,
                             capacity_per_gpu(asked))
    if breakdown is None or breakdown.per_gpu_gb > vram:
        return None
    return Recipe(seq_len=seq, micro_batch=batch,
                  gpu_gb=Decimal(str(c["recipes.fsdp_qlora_70b_gpu_gb"])),
                  ram_gb=Decimal(str(c["recipes.fsdp_qlora_70b_cpu_ram_gb"])),
                  per_gpu_gb=breakdown.per_gpu_gb, host_ram_gb=host_ram(breakdown))


def _learn(saving: dict[str, float], combo: tuple[str, ...], saved: float) -> bool:
    """What `combo` saved on the estimate as asked, credited to its one change whose saving
    is not known yet (none or several unknown: nothing learnt); a change alone is what it
    saves, known or not. Whether a saving was set."""
    if len(combo) == 1:
        saving[combo[0]] = max(saved, 0.0)
        return True
    unknown = None
    for change in combo:
        if change in saving:
            saved -= saving[change]
        elif unknown is None:
            unknown = change
        else:
            return False
    if unknown is None:
        return False
    saving[unknown] = max(saved, 0.0)
    return True


def _bound(
    mask: int, order: list[tuple[float, int]], left: float, share: float, found: list[int]
) -> int:
    """The combination `mask` grown by the changes of known saving (`order`: each saving and
    change bit, least saving first) that, by adding up what each saved alone, leave the
    estimate (`left` with `mask`'s changes) above `share` of the card: a valid combination
    holding no option found. `mask` itself when none is added.

    A guess only: the estimate of what it returns decides (a miss rules out its subsets, as
    every miss does; a fit rules out nothing, and the search estimates `mask` itself). Changes
    mostly save less together than added up, so the guess errs towards a miss."""
    wider = mask
    for saved, bit in order:
        if wider & bit:
            continue
        if left - saved <= share:
            break  # the rest save at least as much
        grown = wider | bit
        if grown in _VALID_MASKS and not _has_subset(found, grown):
            wider = grown
            left -= saved
    return wider


def _probe(
    widest: list[tuple[str, ...]],
    need: Callable[[tuple[str, ...]], Decimal | None],
    vram: Decimal,
    methods: dict[str, Method | None],
) -> list[int]:
    """Each fitting widest combination less one of its changes (not the method): those that
    do not fit, whose subsets then cannot (as masks).

    A change the run does without on one widest combination (it fits less that change) is
    not probed again on the next ones: that probe would most likely fit too, and a fit prunes
    nothing. Skipping a probe only leaves the search more combinations to estimate itself, so
    the options stay the same; on the identity harness's and the benchmark's 1,186 searching
    questions the search makes 8.0 estimates instead of 9.2, its slowest 1 % 18 instead of 22
    (a full fine-tuning run with offload fits without 8-bit Adam, pure BF16 or Liger: the
    LoRA and QLoRA combinations then skip Liger's probe)."""
    out: list[int] = []
    spared: set[str] = set()  # changes a fitting widest combination did without
    for wide in widest:
        fits = need(wide)
        if fits is None or fits > vram:
            continue
        for change in wide:
            if change in methods or change in spared:
                continue
            rest = tuple(c for c in wide if c != change)
            gb = need(rest) if rest else None
            if gb is not None and gb > vram:
                out.append(_mask(rest))
            elif gb is not None:
                spared.add(change)
    return out


def _shorter(
    query: Query, method: Method, model: ModelSpec | Decimal, asked: Fit, seq_len: int
) -> Remedy | None:
    """The longest sequence the asked configuration holds with the other settings as given."""
    longest = longest_context(query, method, model, asked)
    if longest.tokens < SHORTEST_SUGGESTED or longest.tokens >= seq_len \
            or longest.per_gpu_gb is None:
        return None
    return Remedy(changes=("seq_len",), per_gpu_gb=longest.per_gpu_gb, seq_len=longest.tokens)
