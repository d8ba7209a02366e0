"""vLLM serves within its share of each GPU (--gpu-memory-utilization, 0.92 by default): the
detailed verdict of a vLLM serving question is held to that share, not to the whole card."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.detail import serving_share, usable_per_gpu
from bot.pipeline import Pipeline, to_json
from bot.understand.query import Query
from rules.catalogue import load_catalogue


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline(load_catalogue())


def _query(**fields: object) -> Query:
    return Query.model_validate({"text": "", "intent": "fit", **fields})


def test_the_share_is_vllms_for_serving_only() -> None:
    cat = load_catalogue()
    serving, training = cat.method("inference_bf16"), cat.method("qlora")
    vllm = _query(engine="vllm", inference=True)
    assert serving_share(vllm, serving) == Decimal("0.92")
    assert usable_per_gpu(vllm, serving, Decimal(24)) == Decimal("22.08")
    said = _query(engine="vllm", inference=True, gpu_memory_utilization=Decimal("0.8"))
    assert usable_per_gpu(said, serving, Decimal(24)) == Decimal("19.2")
    # Another engine, or no engine named: the whole card; training: the whole card too.
    assert serving_share(_query(inference=True), serving) is None
    assert usable_per_gpu(_query(inference=True), serving, Decimal(24)) == Decimal(24)
    assert serving_share(_query(engine="vllm"), training) is None
    # Asked for concurrency, vLLM's share is assumed (bot.capacity counts within it).
    assert serving_share(_query(inference=True), serving, vllm=True) == Decimal("0.92")


def test_the_verdict_is_within_the_share(pipeline: Pipeline) -> None:
    # 21.7 GB (vLLM's paged cache: no layer copied as it grows, its 2,048-token prefill step on
    # a card under 70 GiB, and its own 1.05 GB in its share for the 1.3 GB CUDA context, vllm38;
    # 22.8 GB with transformers' copy, an 8,192-token chunk and the context) fits a 20 GB card's
    # 21.47 GB (20 GiB) but not the 19.8 GB vLLM takes of it by default.
    got = to_json(pipeline.ask(
        "vllm llama 3 8b in bf16 on a 20gb card, max_model_len 32768, does it fit?"))
    assert (got["fits"], got["detailed_fits"], got["detailed_gb"]) == (False, False, 21.7)
    plain = to_json(pipeline.ask("llama 3 8b in bf16 on a 24gb card, 32k context, does it fit?"))
    assert (plain["fits"], plain["detailed_gb"]) == (True, 22.8)
    # Raised to 0.95 of a 3090's 25.77 GB: 24.5 GB, and it fits.
    raised = to_json(pipeline.ask(
        "vllm llama3 8b bf16 on my 3090 max_model_len 32768 --gpu-memory-utilization 0.95"))
    assert raised["fits"] is True
    assert "24.5 GB vLLM takes of each 25.77 GB (24 GiB) GPU" in raised["text"]


def test_the_offers_are_judged_within_the_share_too(pipeline: Pipeline) -> None:
    # Qwen2.5 32B in BF16 at 40k: 79.3 GB a GPU on an H100, whose vLLM profiles 8,192 tokens
    # (85.52 GB as CUDA reports it, 79.6 GiB): it holds it whole, not within vLLM's 78.7 GB of
    # it (0.92). An A100 80GB's vLLM profiles 2,048 (vllm/engine/arg_utils.py): 78 GB, within
    # its 79 GB; each offer is estimated at its own card's step, not the first offer's.
    text = "qwen2.5 32b bf16 at 40960 context, which gpu is cheapest?"
    plain, vllm = (pipeline.ask(t).answer for t in (text, "vllm " + text))
    assert plain.primary is not None and vllm.primary is not None
    assert ("h100", 1) in {(o.gpu, o.gpu_count) for o in plain.primary.options}
    assert ("h100", 1) not in {(o.gpu, o.gpu_count) for o in vllm.primary.options}
    assert ("a100-80gb", 1) in {(o.gpu, o.gpu_count) for o in vllm.primary.options}
    assert ("h200", 1) in {(o.gpu, o.gpu_count) for o in vllm.primary.options}


def test_what_makes_it_fit_is_estimated_again(pipeline: Pipeline) -> None:
    answer = pipeline.ask("vllm llama 3.1 8b bf16 on an L4 max_model_len 65536 will it fit").answer
    fixes = answer.vllm_fixes
    assert fixes is not None and answer.detailed is not None and answer.detailed.check
    # 25.9 GB (vllm38) needs more than the whole L4: no share of it is suggested.
    assert fixes.share_needed is None
    assert fixes.max_model_len is not None and fixes.max_model_len < 65536
    assert (fixes.tp, fixes.tp_gb) == (2, Decimal("13.5"))  # 13.7 before vllm38
    # Another engine, or a verdict that fits: nothing of vLLM's.
    assert pipeline.ask("llama 3.1 8b bf16 on an L4 with 65536 context").answer.vllm_fixes is None
    assert pipeline.ask("vllm llama 3.1 8b bf16 on an L4 max_model_len 8192").answer \
        .vllm_fixes is None


def test_why_vllm_takes_all_the_memory_is_explained_first(pipeline: Pipeline) -> None:
    reply = pipeline.ask("vllm is using 22gb on my 3090 with llama 3 8b, is that normal?")
    share = reply.answer.vllm_share
    assert share is not None and share.budget_gb is not None and share.card_gb is not None
    assert share.budget_gb == share.card_gb * Decimal("0.92")
    assert to_json(reply)["text"].startswith("🧠 <b>vLLM takes 92% of each GPU's memory")
    assert pipeline.ask("vllm serve llama 3 8b on a 3090").answer.vllm_share is None


@pytest.mark.parametrize(("text", "head", "version"), [
    # The user sees 90 %: vLLM's default before v0.21.0, answered with their figure.
    ("why does vllm take 90% of my 24gb gpu with llama 3 8b?",
     "🧠 <b>vLLM takes 90% of each GPU's memory whatever the model's size: it is meant to.</b>",
     "That is the default of vLLM releases before v0.21.0; from v0.21.0 on it takes 92% "
     "(<code>--gpu-memory-utilization 0.92</code>)."),
    ("por que vllm se come el 90% de mi gpu de 24gb con llama 3 8b?",
     "🧠 <b>vLLM ocupa el 90\u00a0% de la memoria de cada GPU",
     "Es el valor por defecto de las versiones de vLLM anteriores a la v0.21.0; desde la "
     "v0.21.0 toma el 92\u00a0% (<code>--gpu-memory-utilization 0.92</code>)."),
    ("pourquoi vllm prend 90% de mon gpu de 24go avec llama 3 8b ?",
     "🧠 <b>vLLM prend 90\u00a0% de la mémoire de chaque GPU",
     "C'est la valeur par défaut des versions de vLLM antérieures à la v0.21.0\u202f; depuis "
     "la v0.21.0, il en prend 92\u00a0% (<code>--gpu-memory-utilization 0.92</code>)."),
    # No figure seen: today's default, and the one before it.
    ("vllm uses all my GPU memory",
     "🧠 <b>vLLM takes 92% of each GPU's memory whatever the model's size: it is meant to.</b>",
     "Releases before v0.21.0 took 90% by default (<code>--gpu-memory-utilization 0.9</code>)."),
    ("¿por qué vllm ocupa toda la VRAM?", "🧠 <b>vLLM ocupa el 92\u00a0% de la memoria",
     "Las versiones anteriores a la v0.21.0 tomaban el 90\u00a0% por defecto "
     "(<code>--gpu-memory-utilization 0.9</code>)."),
    ("pourquoi vllm prend toute la mémoire du GPU ?", "🧠 <b>vLLM prend 92\u00a0% de la mémoire",
     "Les versions antérieures à la v0.21.0 en prenaient 90\u00a0% par défaut "
     "(<code>--gpu-memory-utilization 0.9</code>)."),
])
def test_the_default_moved_in_v0_21_and_a_user_seeing_90_is_on_an_older_release(
    pipeline: Pipeline, text: str, head: str, version: str
) -> None:
    got = to_json(pipeline.ask(text))["text"]
    assert got.startswith(head), got
    assert version in got, got


def test_a_share_the_user_set_says_nothing_of_versions(pipeline: Pipeline) -> None:
    text = to_json(pipeline.ask(
        "vllm --gpu-memory-utilization 0.8 still eats all my vram on a 4090, why?"))["text"]
    assert text.startswith("🧠 <b>vLLM takes 80% of each GPU's memory")
    assert "v0.21.0" not in text


def test_90_percent_seen_is_a_budget_of_0_9() -> None:
    """On a 24 GB card the older default's 0.9 is 21.6 GB, today's 0.92 is 22.1 GB."""
    from bot.understand import understand
    from rules.catalogue import load_catalogue

    cat = load_catalogue()
    old = understand("why does vllm take 90% of my 24gb gpu with llama 3 8b?", cat)
    new = understand("why does vllm take all of my 24gb gpu with llama 3 8b?", cat)
    assert old.vllm_share_seen == Decimal("0.9") and new.vllm_share_seen is None
    assert understand("vllm serve qwen2.5 0.5b, why does it take all my vram", cat) \
        .vllm_share_seen is None  # a model's size is no share
