"""The memory a user's own run is seen to use, as they report it: "qlora … uses 14gb on my 4090,
why so much", "nvidia-smi shows 60gb per gpu, is that normal?", "mi lora ocupa 30 gb",
"mon qlora prend 14 Go". Not a card's memory ("my 24gb card", "with 16gb"), nor a question
about one ("will it use 24gb?"): bot.render compares it with the detailed estimate."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Final

from bot.understand.lazy import lazy

# What is seen on the card: a verb of use or a tool's reading, a hedge, then the amount.
_SEEN: Final = lazy(
    r"(?<![a-z])(?:uses?|using|used|takes?|taking|took|eats?|eating|ate|consumes?|consuming|"
    r"consumed|shows?|showing|showed|reports?|reporting|reported|peaks? (?:at|around)|"
    r"peaking (?:at|around)|peaked (?:at|around)|sits? at|sitting at|maxe[sd] out at|"
    r"max_memory_allocated(?:\(\))? ?(?:=|is|says|shows|:)?|"
    r"usa|usando|ocupa|ocupando|consume|consumiendo|gasta|gastando|marca|muestra|"
    r"utilise|utilisant|prend|occupe|consomme|bouffe|affiche)"
    r" (?:(?:about|around|like|roughly|almost|nearly|~|unos|alrededor de|casi|environ|presque)"
    r" ?)?(?P<n>\d{1,4}(?:[.,]\d{1,2})?) ?(?P<u>gb|gib|go|gio|g)(?![a-z0-9])"
    r"(?P<per> (?:per|each|por|par) (?:gpu|card|tarjeta|carte))?"
    # "muestra 21,5 gb usados", "affiche 22 go utilises": the reading's participle after it
    r"(?: (?:used|in use|usados|en uso|ocupados|utilises|occupes))?"
    r"(?P<total> (?:in )?total| across| en total| au total)?"
)
# nvidia-smi's Memory-Usage column, "16380MiB / 24564MiB": used / total of one GPU, in MiB
# (2^20 bytes; nvidia-smi's own unit). Read as the memory seen in use on that GPU. Its CSV
# query too, "--query-gpu=memory.used,memory.total --format=csv": "20480 MiB, 24564 MiB".
# Written by hand in GiB too ("nvidia-smi 23.5GiB / 24GiB").
_SMI_COLUMN: Final = lazy(
    r"(?<![\w.])(?P<n>\d{1,6}) ?mib ?[/,] ?(?P<total>\d{1,6}) ?mib(?![a-z])|"
    r"(?<![\w.])(?P<gn>\d{1,3}(?:[.,]\d{1,2})?) ?gib ?/ ?(?P<gtotal>\d{1,3}(?:[.,]\d{1,2})?) ?gib(?![a-z])"
)
_MIB_GB: Final = Decimal("0.001048576")  # 2^20 bytes in GB (10^9)
# mlx_lm's generate prints "Peak memory: 4.512 GB", its lora "Peak mem 18.456 GB"
# (mx.get_peak_memory() / 1e9: GB):
# the memory the run took at its peak, not the Mac's (was read as a Mac of 4.5 GB).
_PEAK: Final = lazy(
    r"(?<![a-z])peak mem(?:ory)? ?[:=]? ?(?P<n>\d{1,4}(?:\.\d{1,3})?) ?gb(?![a-z0-9])"
)
# A reading of used / total after a memory label: Windows Task Manager's "Dedicated GPU memory
# 23.5/24.0 GB" (Windows' GB are GiB: a 24 GiB card shows 24.0), gpustat's "23812 / 24576 MB"
# (gpustat's MB are MiB: its own // 2^20), "vram usage 20/24 gb" (were unread).
_USED_OF: Final = lazy(
    r"(?<![a-z])(?:(?P<win>dedicated gpu memory)|gpu memory(?: usage| used)?|memory usage|memory used|"
    r"vram(?: usage| used)?|(?P<stat>gpustat)[^|]{0,80}\|[^|]{0,40}\|)"
    r" ?:? ?(?P<n>\d{1,5}(?:[.,]\d{1,2})?) ?(?:gb|mb)? ?/ ?(?P<total>\d{1,5}(?:[.,]\d{1,2})?) ?"
    r"(?P<u>gb|mb)(?![a-z0-9])"
)
# A question about the amount, not a reading of it: "will it use 24gb?", "¿va a ocupar 24 gb?".
# "why does nvidia-smi show 7.8gb": a reading asked about, not an amount asked (was unread).
_ASKED_BEFORE: Final = lazy(
    r"(?<![a-z])(?<!why )(?:does|do|did|will|would|can|could|should|might|va a|puede|podria|"
    r"va|peut|pourrait|est-ce qu'?(?:il|elle|ca))(?:\s+[a-z0-9'.-]+){0,7}\s*$"
)


def take_observed(folded: str) -> tuple[Decimal, bool, tuple[int, int]] | None:
    """The memory seen in use (GB as said), whether it was a total over the GPUs, and the span
    of the amount (for the caller to blank), or None."""
    if "ib /" in folded or "ib/" in folded or "ib," in folded:
        column = _SMI_COLUMN.search(folded)
        if column is not None and column.group("n") is not None \
                and 0 < int(column.group("n")) <= int(column.group("total")):
            # the whole column blanked: its total is the card's, not one said
            used = (int(column.group("n")) * _MIB_GB).quantize(Decimal("0.1"))
            return used, False, column.span()
        if column is not None and column.group("gn") is not None:
            gib = Decimal(column.group("gn").replace(",", "."))
            if 0 < gib <= Decimal(column.group("gtotal").replace(",", ".")):
                return (gib * Decimal("1.073741824")).quantize(Decimal("0.1")), False, \
                    column.span()
    if "/" in folded and (used_of := _USED_OF.search(folded)) is not None:
        used, total = (Decimal(used_of.group(g).replace(",", ".")) for g in ("n", "total"))
        if 0 < used <= total:
            scale = (_MIB_GB if used_of.group("stat") else Decimal("0.001")) \
                if used_of.group("u") == "mb" else Decimal("1.073741824") \
                if used_of.group("win") else Decimal(1)
            return (used * scale).quantize(Decimal("0.1")), False, \
                (used_of.start("n"), used_of.end())
    if "peak mem" in folded and (peak := _PEAK.search(folded)) is not None \
            and Decimal(peak.group("n")) > 0:
        return Decimal(peak.group("n")), False, peak.span()
    for found in _SEEN.finditer(folded):
        if _ASKED_BEFORE.search(folded[max(0, found.start() - 40):found.start()]):
            continue
        try:
            amount = Decimal(found.group("n").replace(",", "."))
        except InvalidOperation:
            continue
        if amount <= 0:
            continue
        if found.group("u") in ("gib", "gio"):
            amount = amount * Decimal("1.073741824")  # a reading in GiB, as GB
        # The amount alone: the verb stays for what reads it ("vllm is using 22gb on my 3090"
        # asks why vLLM takes its share: asks.VLLM_SHARE reads "using … on my gpu").
        return amount, found.group("total") is not None, (found.start("n"), found.end())
    return None
