"""Speed work of session 27 (issue 16) that must change no answer: each cut is checked by what it
does (what it skips, what it gives), never by a time."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.answer import build_answer
from bot.detail import estimate_on
from bot.understand import understand
from rules.catalogue import load_catalogue

# Runs that do not fit, as people ask them: far misses (the probe prunes most combinations),
# near misses, adapters and full fine-tuning, en/es/fr with and without accents.
REMEDY_QUESTIONS = [
    "full fine-tuning 54.9B with seq len 8192, batch 9 and 103M tokens on an A10, details",
    "full fine-tuning 245.8B with seq len 8192, batch 10 and 708M tokens on an H200, details",
    "LoRA 306.6B with seq len 1024, batch 16 and 520M tokens on an 3090, details",
    "cost of LoRA 346.5B on 4x L4 for 14.6 hours",
    "CUDA out of memory full finetune llama 3 8b on my 4090",
    "OOM lora llama 3 8b on my 3060 12gb seq 4096 batch 4, what do i do",
    "how can i make it fit? full ft mistral 7b on a 3090 seq 2048 batch 4",
    "full ft llama3 70b on 2x a100 80gb batch 8 seq 4096 ddp, oom",
    "me sale OOM haciendo full fine-tuning de llama 3 8b en mi 4090, que hago?",
    "qlora de qwen2.5 72b en una 3090 con seq 8192 batch 8, no entra",
    "j'ai un OOM en full fine-tuning de llama 3 8b sur ma 4090, que faire ?",
    "full finetune de mistral 7b sur une a6000 seq 4096 batch 16, ça rentre pas",
]


def _searched(text: str, monkeypatch: pytest.MonkeyPatch) -> list[tuple[tuple[str, ...], bool]]:
    """Every combination the remedy search estimated, in order, with whether it fit. The
    search estimates at micro-batch 1; an option's larger micro-batch, estimated after it fits
    (bot.remedy._largest_micro), is no step of the search and is left out."""
    import bot.remedy as remedy

    cat = load_catalogue()
    query = understand(text, cat)
    answer = build_answer(query, cat)
    assert answer.remedies is not None, text  # a search ran for the answer
    estimated: list[tuple[tuple[str, ...], int]] = []
    real_with, real_estimate = remedy._with, remedy.estimate_run
    gbs: list[Decimal | None] = []

    def with_(query: object, combo: tuple[str, ...], micro: int = 1) -> dict[str, object]:
        estimated.append((combo, micro))
        return real_with(query, combo, micro)  # type: ignore[arg-type]

    def estimate(*args: object) -> object:
        breakdown = real_estimate(*args)  # type: ignore[arg-type]
        gbs.append(None if breakdown is None else breakdown.per_gpu_gb)
        return breakdown

    monkeypatch.setattr(remedy, "_with", with_)
    monkeypatch.setattr(remedy, "estimate_run", estimate)
    found = remedy.remedies_for(query, answer, cat)
    assert found is not None and found.options == answer.remedies.options
    vram = found.vram_per_gpu_gb
    return [(combo, gb is not None and gb <= vram)
            for (combo, micro), gb in zip(estimated, gbs, strict=True) if micro == 1]


@pytest.mark.parametrize("text", REMEDY_QUESTIONS)
def test_the_remedy_search_estimates_nothing_a_known_miss_holds(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A combination within one estimated not to fit cannot fit (each change only lowers the
    estimate): the search skips it, also the one it was at when its probe found that miss
    (it estimated that one all the same)."""
    from bot.remedy import _mask

    misses: list[int] = []
    for combo, fits in _searched(text, monkeypatch):
        mask = _mask(combo)
        assert not any(mask & miss == mask for miss in misses), (text, combo)
        if not fits:
            misses.append(mask)


@pytest.mark.parametrize("text", REMEDY_QUESTIONS)
def test_the_bounded_remedy_search_gives_the_options_of_the_exhaustive_one(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every skip of the search (probes, known misses) leaves the options as trying every
    combination in order gives them."""
    import bot.remedy as remedy
    from bot.remedy import MAX_OPTIONS, _combos_of, _has_subset, _mask

    cat = load_catalogue()
    query = understand(text, cat)
    answer = build_answer(query, cat)
    bounded = remedy.remedies_for(query, answer, cat)
    assert bounded is not None
    searched = [combo for combo, fits in _searched(text, monkeypatch)]
    assert searched  # it estimated
    # Exhaustive: each combination of the changes that applied, in the search's order,
    # estimated; the first MAX_OPTIONS that fit, none holding an earlier one.
    monkeypatch.undo()
    method = cat.method(answer.primary.memory.method)  # type: ignore[union-attr]
    model = remedy.estimator_model(query, answer.params_b, cat)  # type: ignore[arg-type]
    asked = answer.primary.fit  # type: ignore[union-attr]
    methods = {name: cat.method(found_id) for name, bits in (("lora", 16), ("qlora", 4))
               if (found_id := cat.method_where("training", family="adapter", weight_bits=bits))}
    options: list[tuple[str, ...]] = []
    found: list[int] = []
    offload_alone = (remedy._BIT["cpu_offload"] | remedy._BIT["shard"]
                     if "shard" in bounded.tried else 0)
    for combo, mask in _combos_of(_mask(bounded.tried)):
        if _has_subset(found, mask) or mask & offload_alone == remedy._BIT["cpu_offload"]:
            continue
        on = next((methods[m] for m in ("qlora", "lora") if m in combo), method)
        breakdown = estimate_on(query.with_settings(remedy._with(query, combo)), on,
                                model, asked)  # type: ignore[arg-type]
        if breakdown is not None and breakdown.per_gpu_gb <= bounded.vram_per_gpu_gb:
            options.append(combo)
            found.append(mask)
            if len(options) == MAX_OPTIONS:
                break
    assert [o.changes for o in bounded.options if o.changes != ("seq_len",)] == options, text


# GPU_NAME (bot/understand/hardware.py) as people write cards: what each search finds (the
# name, the memory said with it, the span), the same before and after its alternatives were
# reordered to open with a letter or a set.
GPU_MENTIONS = [
    ("can i qlora llama 3 70b on 8xa100 80gb", [("a100", "80", (29, 38))]),
    ("2x h100 sxm for 10 hours", [("h100 sxm", None, (3, 11))]),
    ("my 3090.", [("3090", None, (3, 7))]),
    ("v1.a100 config", []),
    ("rtx4090 24g laptop", [("rtx4090", "24", (0, 18))]),
    ("amd mi 300x", [("amd mi 300x", None, (0, 11))]),
    ("instinct mi 250 vs h200", [("instinct mi 250", None, (0, 15)), ("h200", None, (19, 23))]),
    ("ryzen ai max+ 395 128gb", [("ryzen ai max+ 395", "128", (0, 23))]),
    ("gmktec evo-x2", [("gmktec evo-x2", None, (0, 13))]),
    ("free colab or google colab pro", [("free colab", None, (0, 10))]),
    ("rx vega 64", [("rx vega 64", None, (0, 10))]),
    ("ai pro r9700 32gb", [("ai pro r9700", "32", (0, 17))]),
    ("m2 ultra 192gb", [("m2 ultra", "192", (0, 14))]),
    ("macbook pro m3 max 64gb", [("macbook pro m3 max", "64", (0, 23))]),
    ("a 100 hours", [("a 100", None, (0, 5))]),
    ("h 100 pcie", [("h 100 pcie", None, (0, 10))]),
    ("radeon 8060s", [("radeon 8060s", None, (0, 12))]),
    ("una 4070 ti super de 16gb", [("4070 ti super", "16", (4, 25))]),
    ("deux rtx 3060 12 go", [("rtx 3060", "12", (5, 19))]),
    ("gtx 1080ti", [("gtx 1080ti", None, (0, 10))]),
    ("mi 100 dolares", []),
    ("jetson orin nano", [("jetson orin nano", None, (0, 16))]),
    ("tesla p4 8gb", [("tesla p4", "8", (0, 12))]),
    ("7900 xtx", [("7900 xtx", None, (0, 8))]),
    ("dgx spark", [("dgx spark", None, (0, 9))]),
]


@pytest.mark.parametrize(("text", "found"), GPU_MENTIONS)
def test_gpu_name_finds_what_people_write(
    text: str, found: list[tuple[str, str | None, tuple[int, int]]]
) -> None:
    from bot.understand.hardware import GPU_NAME

    got = []
    pos = 0
    while (match := GPU_NAME.search(text, pos)) is not None:
        got.append((match.group("name"), match.group("mem"), match.span()))
        pos = match.end()
    assert got == found


def test_gpu_names_alternatives_each_open_with_a_letter_or_a_set() -> None:
    """Where a word starts, the engine skips an alternative opening with a letter or a set
    that the text's character is not, and enters in full one opening with a group, an optional
    part or a look-behind (a repeat allocating its state): every alternative of the name opens
    with a letter, a set or a look-ahead, and the vendors' repeat sits behind a look-ahead."""
    import re._parser as parser  # type: ignore[import-not-found]

    from bot.understand.hardware import GPU_NAME

    parsed = parser.parse(GPU_NAME.pattern)

    def name_group(items: list[tuple[object, object]]) -> list[tuple[object, object]] | None:
        for op, av in items:
            if op is parser.SUBPATTERN:
                if av[0] == parsed.state.groupdict["name"]:  # type: ignore[index]
                    return list(av[3])  # type: ignore[index]
                inner = name_group(list(av[3]))  # type: ignore[index]
                if inner is not None:
                    return inner
        return None

    name = name_group(list(parsed.data))
    assert name is not None
    (vendor_op, vendor), (names_op, names) = name[:2]
    # The vendors: a look-ahead for one, then their repeat; or none.
    assert vendor_op is parser.BRANCH
    first, empty = vendor[1]  # type: ignore[index]
    assert first[0][0] is parser.ASSERT and first[0][1][0] == 1 and not empty
    assert names_op is parser.BRANCH
    for branch in names[1]:  # type: ignore[index]
        op, av = branch[0]
        assert op in (parser.LITERAL, parser.IN) or (op is parser.ASSERT and av[0] == 1), branch


# Greedy optional parts of more than one character, compiled as alternatives (part, then
# nothing) by bot/understand/lazy._optional_as_branch: re's matches and groups, and its code
# for the pattern written with "|)" instead of ")?".
OPTIONALS = [
    r"(?:ryzen )?ai max\+? ?\d{3}",
    r"(?<![a-z0-9])(?:qlora|lora)(?: (?:rank|r) ?=? ?(?P<rank>\d+))?(?![a-z])",
    r"(a(b)c)?d",
    r"(?:x(?:yz)?)?w",
    r"((?:ab)?)+c",
    r"(?:(?P<n>\d+) ?x ?)?(?P<gpu>h100|a100)(?: (?:sxm|pcie))?",
    r"(?=(?:free )?colab)\w+",
    r"(?:ab)??c",  # lazy: left as re compiles it
    r"(?:ab)?+c",  # possessive: left as re compiles it
    r"(?>(?:ab)?)abc",
]
OPTIONAL_TEXTS = [
    "ryzen ai max+ 395", "ai max 395", "qlora rank 16 on 2x h100 sxm", "lora r=8", "abcd", "d",
    "xyzw", "xw", "ababc", "free colab", "abc", "4 x a100 pcie", "une a100", "", "ab ab abc",
]


@pytest.mark.parametrize("pattern", OPTIONALS)
def test_optional_parts_compile_as_alternatives_with_res_matches(pattern: str) -> None:
    import _sre
    import re

    from bot.understand import lazy

    made = _sre.compile(pattern, *lazy._parts(pattern, 0))
    plain = re.compile(pattern)
    for text in OPTIONAL_TEXTS:
        assert [(m.span(), m.groups()) for m in made.finditer(text)] \
            == [(m.span(), m.groups()) for m in plain.finditer(text)], (pattern, text)


def test_an_optional_part_is_compiled_as_the_part_or_nothing() -> None:
    from bot.understand import lazy

    assert lazy._parts(r"(?:ryzen )?ai max", 0)[1] == lazy._parts(r"(?:ryzen |)ai max", 0)[1]
    assert lazy._parts(r"(a(b)c)?d", 0)[1] == lazy._parts(r"(?:(a(b)c)|)d", 0)[1]
    # One character (re's single-item repeat, which allocates nothing) and lazy parts stay.
    assert lazy._parts(r"ab?c", 0)[1] != lazy._parts(r"a(?:b|)c", 0)[1]
    assert lazy._parts(r"(?:ab)??c", 0)[1] != lazy._parts(r"(?:|ab)c", 0)[1]


def test_the_opening_look_ahead_is_left_to_the_search() -> None:
    """with_opening's look-ahead names the characters every match opens with, which the code's
    INFO block hands the search: it is compiled out, not asserted again at every position the
    search tries. A match at a position it would have refused still fails (the pattern's own
    opening refuses it)."""
    import _sre  # type: ignore[import-not-found]
    import re
    from re import _constants as sre  # type: ignore[attr-defined]

    from bot.understand import lazy
    from bot.understand.lazy import with_opening

    plain = r"(?<![a-z0-9])(?:h100|a100|card)s?(?![a-z])"
    text = with_opening(plain)
    assert text.startswith("(?=[")
    code = lazy._parts(text, 0)[1]
    assert code[2] == sre.SRE_INFO_CHARSET
    assert sre.ASSERT not in code[1 + code[1]:1 + code[1] + 1]  # it opens with the look-behind
    made, reference = _sre.compile(text, *lazy._parts(text, 0)), re.compile(plain)
    for s in ("2 h100s or an a100", "cards", "xh100", "scard", " h100 a100card"):
        assert [m.span() for m in made.finditer(s)] == [m.span() for m in reference.finditer(s)]
        for pos in range(len(s) + 1):
            found, expected = made.match(s, pos), reference.match(s, pos)
            assert (found and found.span()) == (expected and expected.span()), (s, pos)
