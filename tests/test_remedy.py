"""What makes an out-of-memory training run fit on the card asked about (bot.remedy): the
standard changes, each estimated again by the detailed estimator, smallest change first; shown
after an OOM or "what do I do", with the settings stated, or on a card we do not rent, and
nowhere else."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.detail import estimate_on, estimator_model
from bot.pipeline import Pipeline, Reply, to_json
from bot.remedy import CHANGES
from bot.render.telegram_html import split_message
from bot.understand import understand
from fakebotapi import validate_telegram_html
from rules.catalogue import load_catalogue

ASKED = "my training OOMs on a100 40gb with llama 3 8b full ft batch 8 seq 4096, what do i do"


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline(load_catalogue())


def _ask(pipeline: Pipeline, text: str, lang: str | None = None) -> Reply:
    return pipeline.ask(text, chosen_locale=lang)


@pytest.mark.parametrize("text", [
    ASKED,
    "CUDA out of memory full finetune llama 3 8b on my 4090",
    "torch.OutOfMemoryError: CUDA out of memory when I lora llama-2-7b on my 3090",
    "how can i make it fit? full ft mistral 7b on a 3090 seq 2048 batch 4",
    "how to reduce memory full finetune llama3 8b on a6000",
    "me sale OOM haciendo full fine-tuning de llama 3 8b en mi 4090, qué hago?",
    "cómo hago que entre un full ft de llama 3 8b en una a100 40gb?",
    "j'ai un OOM en full fine-tuning de llama 3 8b sur ma 4090, que faire ?",
    "comment faire rentrer un full fine-tuning de mistral 7b sur une 3090 ?",
])
def test_an_oom_or_what_to_do_is_understood(text: str) -> None:
    query = understand(text, load_catalogue())
    assert query.fix_asked or query.oom


@pytest.mark.parametrize(("text", "oom", "asked"), [
    ("CUDA out of memory full finetune llama 3 8b on my 4090", True, False),
    ("me quedo sin memoria con full ft de llama 3 8b en mi 4090", True, False),
    ("j'ai une erreur de mémoire en full ft de llama 3 8b sur ma 4090", True, False),
    ("full ft of llama 3 8b on my 4090, what do i do", False, True),
    (ASKED, True, True),
])
def test_an_oom_is_told_apart_from_the_question(text: str, oom: bool, asked: bool) -> None:
    query = understand(text, load_catalogue())
    assert (query.oom, query.fix_asked) == (oom, asked)


@pytest.mark.parametrize("text", [
    "can I QLoRA 70B on a 4090?", "full finetune llama 3 8b on a single 4090 24gb possible?",
    "what's the price of an h100", "combien coûte une H100 par heure ?",
])
def test_other_questions_ask_no_fix(text: str) -> None:
    assert not understand(text, load_catalogue()).fix_asked


def test_the_oom_question_leads_with_what_makes_it_fit(pipeline: Pipeline) -> None:
    reply = _ask(pipeline, ASKED)
    rm = reply.answer.remedies
    assert rm is not None and rm.lead and rm.gpu == "a100-40gb"
    assert rm.per_gpu_gb == Decimal("226.4") and rm.micro_batch == 8
    assert rm.options, "full fine-tuning 8B fits a 40 GB card with offload or LoRA"
    text = reply.text
    assert text.startswith("🩹 <b>What makes it fit on 1× A100 40GB</b>")
    # Each option with its own detailed per-GPU figure, within the card's 40 GB.
    for option in rm.options:
        assert option.per_gpu_gb <= rm.vram_per_gpu_gb
        assert f"{option.per_gpu_gb} GB per GPU" in text
    # The largest micro-batch that fits (2 with the offload or LoRA) keeps the effective
    # batch with gradient accumulation 4 (was micro-batch 1 × 8: remedy48).
    assert "micro-batch 2 × gradient accumulation 4 (the same effective batch)" in text
    # ...and the verdict follows, as before.
    assert "❌ <b>No: Llama 3 8B does not fit on 1× A100 40GB (full AdamW).</b>" in text
    got = to_json(reply)
    assert got["detailed_gb"] == 226.4 and got["detailed_fits"] is False


def test_each_option_is_the_detailed_estimate_with_those_changes(pipeline: Pipeline) -> None:
    reply = _ask(pipeline, ASKED)
    rm = reply.answer.remedies
    assert rm is not None
    cat = pipeline.catalogue
    q, a = reply.query, reply.answer
    assert a.primary is not None and a.primary.fit is not None and a.params_b is not None
    model = estimator_model(q, a.params_b, cat)
    lora = next(o for o in rm.options if "lora" in o.changes)
    assert lora.changes == ("micro_batch", "lora") and lora.micro_batch == 2
    again = estimate_on(q.model_copy(update={"batch_size": 2, "grad_accumulation": True}),
                        cat.method("lora"), model, a.primary.fit)
    assert again is not None and again.per_gpu_gb == lora.per_gpu_gb
    # LoRA alone (batch 8) does not fit: that is why the micro-batch comes with it.
    alone = estimate_on(q, cat.method("lora"), model, a.primary.fit)
    assert alone is not None and alone.per_gpu_gb > rm.vram_per_gpu_gb


def test_smallest_change_first_and_no_option_holds_a_smaller_one(pipeline: Pipeline) -> None:
    rm = _ask(pipeline, ASKED).answer.remedies
    assert rm is not None
    weights = [sum(CHANGES.get(c, 99) for c in o.changes) for o in rm.options]
    assert weights == sorted(weights)
    for i, a in enumerate(rm.options):
        for b in rm.options[i + 1:]:
            assert not set(a.changes) <= set(b.changes)


def test_a_single_change_that_suffices_is_listed_alone(pipeline: Pipeline) -> None:
    rm = _ask(pipeline, "CUDA out of memory full finetune llama 3 8b on my 4090").answer.remedies
    assert rm is not None
    singles = [o.changes for o in rm.options if len(o.changes) == 1]
    assert ("lora",) in singles and ("qlora",) in singles


def test_a_shorter_sequence_comes_last(pipeline: Pipeline) -> None:
    rm = _ask(pipeline, "qlora llama 3 70b on an L40S seq 4096, OOM").answer.remedies
    assert rm is not None
    last = rm.options[-1]
    assert last.changes == ("seq_len",) and last.seq_len is not None
    # Within the L40S's 46068 MiB, as CUDA reports it.
    assert 256 <= last.seq_len < 4096 and last.per_gpu_gb <= Decimal(46068 * 2**20) / 10**9


def test_nothing_short_of_another_card_then_the_offered_one(pipeline: Pipeline) -> None:
    reply = _ask(pipeline, "OOM qlora llama 3.1 405b on a 3060 12gb, what do i do")
    rm = reply.answer.remedies
    assert rm is not None and not rm.options and rm.best_gb is not None
    assert rm.best_gb > Decimal(12)
    assert reply.text.startswith("🩹 <b>Nothing short of another card makes it fit on 1× RTX 3060.</b>")
    # The detailed estimate's cheapest offer (best2; 4× A100 was the planning rule's, 303.8 GB
    # of 320 with no room for the unsharded head and activations). 2× H200 since the H200's
    # cited 143771 MiB (150.75 GB, mib18; was 8× H100 at its marketing 141 GB).
    assert "👉 Offered configuration that holds it as you run it: 2× H200 at $6.14/hour." \
        in reply.text


def test_own_card_shows_it_after_the_answer(pipeline: Pipeline) -> None:
    reply = _ask(pipeline, "full finetune llama 3 8b on my rtx 3090 seq 2048 batch 4")
    rm = reply.answer.remedies
    assert rm is not None and not rm.lead
    assert reply.text.startswith("❌")
    assert "\n\n🩹 <b>What makes it fit on 1× RTX 3090</b>" in reply.text


def test_an_oom_without_a_question_leads_with_the_verdict(pipeline: Pipeline) -> None:
    """"me quedo sin memoria" (corpus): the verdict leads, what makes it fit follows."""
    reply = _ask(pipeline, "hola! estoy intentando hacer finetuning de llama 3.1 8b con unsloth "
                           "en mi rtx 4060 de 8gb y me quedo sin memoria con batch 2 y "
                           "max_seq_length 2048")
    assert reply.answer.remedies is not None and not reply.answer.remedies.lead
    assert reply.text.startswith("❌")
    assert "\n\n🩹 <b>Para que entre en 1× RTX 4060</b>" in reply.text


@pytest.mark.parametrize(("text", "head", "option"), [
    # Rented cards, no OOM, no question, but the settings stated: the detailed verdict leads,
    # and what makes the run fit on the configuration chosen follows it.
    ("qlora llama 3 70b fsdp on 2x 4090", "🩹 <b>What makes it fit on 2× RTX 4090</b>",
     "• CPU offload (FSDP or DeepSpeed ZeRO-3; slower): 14.8 GB per GPU"),
    ("full finetune llama 3 8b on an h100 seq 4096 batch 8",
     "🩹 <b>What makes it fit on 1× H100</b>", "• micro-batch 1 × gradient accumulation 8 (the same effective batch)"),
    ("qlora llama 3.1 405b fsdp on 4x h100", "🩹 <b>What makes it fit on 4× H100</b>", "• "),
    ("¿puedo hacer qlora de llama 3 70b con fsdp en dos rtx 4090?",
     "🩹 <b>Para que entre en 2× RTX 4090</b>", "• descarga a la CPU (FSDP o DeepSpeed"),
    ("qlora llama 3 70b avec fsdp sur 2 rtx 4090", "🩹 <b>Pour que ça tienne sur 2× RTX 4090</b>",
     "• déchargement sur le CPU (FSDP ou DeepSpeed"),
])
def test_stated_settings_on_a_rented_card_show_them_after_the_answer(
    pipeline: Pipeline, text: str, head: str, option: str
) -> None:
    reply = _ask(pipeline, text)
    rm = reply.answer.remedies
    assert rm is not None and not rm.lead and rm.options
    assert reply.text.startswith("❌")
    assert f"\n\n{head}" in reply.text
    assert option in reply.text.split(head, 1)[1]


@pytest.mark.parametrize("text", [
    "can I QLoRA 70B on a 4090?",  # planning leads, a card we rent
    "qlora llama 3 8b on my 3090",  # fits
    "serve llama 3 70b on a 4090, OOM",  # serving
])
def test_not_shown_elsewhere(pipeline: Pipeline, text: str) -> None:
    reply = _ask(pipeline, text)
    assert reply.answer.remedies is None
    assert "🩹" not in reply.text


def test_an_oom_the_estimate_fits_gets_what_each_change_saves(pipeline: Pipeline) -> None:
    """The detailed estimate fits a run that ran out of memory: no search for what fits (it
    already does), each change alone with what it saves (bot.remedy.oom_savings)."""
    reply = _ask(pipeline, "Unsloth LLAMA3 8B, 4096 cut off, OOM on L40")
    rm = reply.answer.remedies
    assert rm is not None and rm.measured
    assert all(len(r.changes) == 1 and r.per_gpu_gb < rm.per_gpu_gb for r in rm.options)
    assert "🩹 <b>What lowers the memory on 1× L40</b>" in reply.text
    assert "Smallest change that makes it fit" not in reply.text


def test_a_cost_question_leads_with_its_cost_not_the_remedies(pipeline: Pipeline) -> None:
    """The cost of renting leads (on the cheapest offered configuration that holds the run:
    the 3090 is not rented), then the verdict on the user's card; the remedies follow it."""
    reply = _ask(pipeline, "OOM on my 3090 doing lora on llama 3 8b, seq 4096 batch 4, "
                           "what would it cost to rent")
    assert reply.answer.remedies is not None and not reply.answer.remedies.lead
    assert reply.text.startswith("🏠 We don't rent the RTX 3090: this is the cost on ")
    assert reply.text.index("💵") < reply.text.index("❌") < reply.text.index("🩹")


@pytest.mark.parametrize(("text", "lang", "head"), [
    ("me sale OOM haciendo full fine-tuning de llama 3 8b en mi 3090 con batch 4, qué hago?",
     "es", "🩹 <b>Para que entre en 1× RTX 3090</b> (estimación detallada: "),
    ("j'ai un OOM en full fine-tuning de llama 3 8b sur ma 3090 batch 4, que faire ?",
     "fr", "🩹 <b>Pour que ça tienne sur 1× RTX 3090</b> (estimation détaillée\u00a0: "),
])
def test_spanish_and_french(pipeline: Pipeline, text: str, lang: str, head: str) -> None:
    reply = _ask(pipeline, text)
    assert reply.locale == lang
    assert reply.text.startswith(head)
    assert "(FSDP ou DeepSpeed ZeRO-3\u202f; plus lent)\u00a0: " in reply.text or lang == "es"


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
@pytest.mark.parametrize("text", [
    ASKED, "OOM qlora llama 3.1 405b on a 3060 12gb, what do i do",
    "full finetune llama 3 8b on my rtx 3090 seq 2048 batch 4",
])
def test_the_reply_is_valid_telegram_html(pipeline: Pipeline, lang: str, text: str) -> None:
    reply = _ask(pipeline, text, lang)
    assert "🩹" in reply.text
    for part in split_message(reply.text):
        assert len(part) <= 4096
        assert validate_telegram_html(part) is None


def test_a_follow_up_keeps_the_question(pipeline: Pipeline) -> None:
    """"and with a micro-batch of 1?" after the OOM question: the same run's trouble."""
    first = _ask(pipeline, ASKED)
    reply = pipeline.ask("and with lora?", previous=first.query)
    assert reply.query.follow_up and reply.query.fix_asked and reply.query.oom
    rm = reply.answer.remedies
    assert rm is not None and rm.lead and all("lora" not in o.changes for o in rm.options)
    assert "🩹 <b>What makes it fit on 1× A100 40GB</b>" in reply.text
    # A question of its own does not inherit it: its settings stated, what makes it fit
    # follows the verdict rather than leading.
    alone = pipeline.ask("full finetune llama 3 8b on an h100 seq 4096 batch 8")
    assert not alone.query.fix_asked and not alone.query.oom
    assert alone.answer.remedies is not None and not alone.answer.remedies.lead
    assert alone.text.startswith("❌")


# The search skips combinations whose superset was estimated not to fit (bot.remedy._probe):
# the same options as trying every one, with fewer estimates where the run misses by far.
PRUNED = [
    "full fine-tuning 54.9B with seq len 8192, batch 9 and 103M tokens on an A10, details",
    "full fine-tuning 152.3B with seq len 4096, batch 13 and 867M tokens on an A6000, details",
    ASKED,
    "CUDA out of memory full finetune llama 3 8b on my 4090",
    "how can i make it fit? full ft mistral 7b on a 3090 seq 2048 batch 4",
    "OOM lora llama 3 8b on my 3060 12gb seq 4096 batch 4, what do i do",
]


def _count_estimates(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The remedy search's estimates, one entry a call (bot.remedy.estimate_run wrapped)."""
    import bot.remedy as remedy

    calls: list[int] = []
    real = remedy.estimate_run

    def counted(*args: object, **kwargs: object) -> object:
        calls.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(remedy, "estimate_run", counted)
    return calls


@pytest.mark.parametrize("text", PRUNED)
def test_skipping_combinations_that_cannot_fit_changes_no_option(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import bot.remedy as remedy
    from bot.answer import build_answer

    cat = load_catalogue()
    calls = _count_estimates(monkeypatch)
    query = understand(text, cat)
    answer = build_answer(query, cat)
    pruned = remedy.remedies_for(query, answer, cat)
    with_probe = len(calls)
    calls.clear()
    monkeypatch.setattr(remedy, "PROBE_AFTER", 10**6)  # never probe: every combination tried
    every = remedy.remedies_for(query, answer, cat)
    assert pruned is not None and every is not None
    assert pruned.options == every.options and pruned.best_gb == every.best_gb
    if text == PRUNED[0]:
        assert with_probe < len(calls)  # the far miss is where the probe pays


def test_combinations_are_tried_in_the_order_of_each_runs_own_changes() -> None:
    """bot.remedy._COMBOS, made once, filtered to a run's applicable changes, is the order the
    search sorted each run's own combinations in: least weight, fewest changes, then the
    changes' order in the run's list (which lists them in CHANGES' order)."""
    from itertools import combinations

    import bot.remedy as remedy

    names = list(CHANGES)
    for size in range(len(names) + 1):
        for tried in combinations(names, size):
            mask = remedy._mask(tried)
            expected = sorted(
                (c for n in range(1, len(tried) + 1) for c in combinations(tried, n)
                 if remedy._valid(c)),
                key=lambda c: (sum(CHANGES[x] for x in c), len(c), [tried.index(x) for x in c]),
            )
            got = [c for c, _ in remedy._combos_of(mask)]
            assert got == expected, tried
            assert all(remedy._mask(c) == m for c, m in remedy._COMBOS)


def test_the_search_asks_at_once_which_changes_a_far_miss_cannot_do_without(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """bot.remedy.PROBE_AFTER = 0: on a run that misses by far, probing before any miss makes
    fewer estimates than probing after 4 (the earlier setting), with the same options."""
    import bot.remedy as remedy
    from bot.answer import build_answer

    cat = load_catalogue()
    calls = _count_estimates(monkeypatch)
    query = understand(PRUNED[0], cat)
    answer = build_answer(query, cat)
    calls.clear()
    at_once = remedy.remedies_for(query, answer, cat)
    first = len(calls)
    calls.clear()
    monkeypatch.setattr(remedy, "PROBE_AFTER", 4)
    later = remedy.remedies_for(query, answer, cat)
    assert at_once is not None and later is not None
    assert at_once.options == later.options and at_once.best_gb == later.best_gb
    assert first < len(calls), (first, len(calls))


def test_a_change_one_widest_combination_does_without_is_not_probed_again() -> None:
    """bot.remedy._probe: a fitting widest combination that also fits without Liger shows the
    run does without it; the next widest combination (QLoRA's) is probed for its other
    changes only. Skipping a probe only leaves the search more to estimate (test above: the
    same options as trying every combination)."""
    import bot.remedy as remedy

    base = ("micro_batch", "liger", "cpu_offload")
    qlora = (*base, "qlora")
    fits = {base, qlora, ("micro_batch", "cpu_offload"), ("micro_batch", "cpu_offload", "qlora")}
    asked: list[tuple[str, ...]] = []

    def need(combo: tuple[str, ...]) -> Decimal:
        asked.append(combo)
        return Decimal(10) if combo in fits else Decimal(100)

    misses = remedy._probe([base, qlora], need, Decimal(24), {"qlora": None})
    assert ("micro_batch", "cpu_offload", "qlora") not in asked  # Liger: spared on the first
    assert ("liger", "cpu_offload", "qlora") in asked and ("micro_batch", "liger", "qlora") in asked
    assert sorted(misses) == sorted(remedy._mask(c) for c in (
        ("liger", "cpu_offload"), ("micro_batch", "liger"),
        ("liger", "cpu_offload", "qlora"), ("micro_batch", "liger", "qlora")))
