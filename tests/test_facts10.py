"""facts10: facts the data lacked or showed inconsistently.

Release months: the 7B, 7.61B and 8B models that had none (Phi-3 Small, Falcon3 7B, Nemotron
Nano 8B, Gemma 3n E4B, Aya Expanse 8B, Granite 3.1 8B, the Qwen2.5 7B group) carry one with its
source, so "the biggest model N GB holds" names them by date instead of last."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.pipeline import Pipeline
from rules.catalogue import load_catalogue


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline(load_catalogue())


# OpenHermes 2.5 Mistral 7B alone has no month: its card gives none and no citable record of
# it was found (models.toml says so).
_UNDATED = {"openhermes-2.5-mistral-7b"}


@pytest.mark.parametrize("size", ["7", "7.61", "8"])
def test_every_7b_and_8b_model_has_a_month_with_its_source(size: str) -> None:
    models = [m for m in load_catalogue().models if m.params_b == Decimal(size)]
    undated = {m.id for m in models if m.released is None}
    assert undated <= _UNDATED, undated
    for model in models:
        if model.released:
            assert model.released_source and len(model.released_source) > 40, model.id


@pytest.mark.parametrize(("model_id", "month"), [
    ("phi-3-small", "2024-05"), ("falcon3-7b", "2024-12"),
    ("llama-3.1-nemotron-nano-8b", "2025-03"), ("gemma-3n-e4b", "2025-06"),
    ("aya-expanse-8b", "2024-10"), ("granite-3.1-8b", "2024-12"),
    ("qwen2.5-7b", "2024-09"), ("qwen2.5-coder-7b", "2024-09"), ("qwen2.5-math-7b", "2024-09"),
])
def test_the_months_found(model_id: str, month: str) -> None:
    assert load_catalogue().models.get(model_id).released == month


def test_the_8b_models_are_named_by_date(pipeline: Pipeline) -> None:
    reply = pipeline.ask("biggest model i can run in fp16 on 19.2gb")
    # MiniCPM4 8B (models46, released 2025-06) among them
    assert reply.answer.largest_names[:8] == (
        "Qwen3-VL 8B", "Gemma 3n E4B (8B raw)", "MiniCPM4 8B", "Llama 3.1 Nemotron Nano 8B",
        "DeepSeek-R1-Distill-Llama-8B", "InternLM3 8B", "Granite 3.1 8B",
        "Ministral-8B-Instruct-2410")
    # The reply names the newest four and counts the rest.
    assert "at or under that: Qwen3-VL 8B, Gemma 3n E4B (8B raw), MiniCPM4 8B," \
        " Llama 3.1 Nemotron Nano 8B, and 10 others (8B)." in reply.text


def test_the_7b_models_are_named_by_date_the_undated_last(pipeline: Pipeline) -> None:
    names = pipeline.ask("biggest model i can run in fp16 on 17gb").answer.largest_names
    joined = ", ".join(names)
    # Command R7B weighs 8.03B (arch43): no longer among the 7B models.
    assert "Qwen2.5-VL 7B, Falcon3 7B (TII), Qwen2 7B, Phi-3 small (7B)" in joined
    assert names[-2:] == ("MPT 7B", "OpenHermes 2.5 Mistral 7B")


# --- a bare brand's gating asked with any word after it: the family's answer ----------------


@pytest.mark.parametrize(("lang", "question", "start"), [
    ("en", "is llama free to download or gated", "🔒 <b>The Llama repositories on Hugging Face"
     " are gated"),
    ("es", "¿llama necesita licencia?", "🔒 <b>Los repositorios de Llama en Hugging Face están"
     " restringidos"),
    ("es", "los modelos llama son gated?", "🔒 <b>Los repositorios de Llama"),
    ("es", "¿gemma necesita licencia?", "🔒 <b>Los repositorios de Gemma"),
    ("es", "qwen tiene licencia restringida?", "🔓 <b>Ninguno de los repositorios de estos"
     " modelos"),
    ("es", "¿llama está restringido en hf?", "🔒 <b>Los repositorios de Llama"),
    ("fr", "llama c'est gated ?", "🔒 <b>Les dépôts Llama sur Hugging Face sont soumis"),
    ("fr", "gemma il faut une licence ?", "🔒 <b>Les dépôts Gemma"),
])
def test_a_bare_brand_gets_the_family_gating(
    pipeline: Pipeline, lang: str, question: str, start: str
) -> None:
    reply = pipeline.ask(question, lang)
    assert reply.text.startswith(start), reply.text
    assert reply.query.licence_asked and len(reply.query.family) > 1


@pytest.mark.parametrize("question", [
    "does llama.cpp have a license", "llama-server license?", "qwen coder license?"])
def test_a_program_or_variant_is_not_the_brand(pipeline: Pipeline, question: str) -> None:
    family = pipeline.ask(question).query.family
    assert not family or all("coder" in m for m in family), family


def test_restricted_asks_the_gating_only_as_the_question(pipeline: Pipeline) -> None:
    assert pipeline.ask("is llama 3 8b restricted on hf").query.licence_asked
    assert not pipeline.ask("qlora llama 3 8b on a restricted budget").query.licence_asked


# --- a card's memory in a comparison: what CUDA reports too, as its specs say it --------------


@pytest.mark.parametrize(("lang", "question", "line"), [
    ("en", "3090 vs l40s memory", "Memory: 24 GB vs 48 GB per GPU. CUDA reports 25.77 GB"
     " (24 GiB) vs 48.31 GB (45 GiB)."),
    ("en", "compare 3090 and 4090", "Memory: 24 GB per GPU on both. CUDA reports 25.77 GB"
     " (24 GiB) vs 25.76 GB (24 GiB)."),
    # The H200's total is cited (143771 MiB, mib18): both cards' totals. A card with none in
    # CUDA's units (the MI300X's is ROCm's): the RTX 3090's alone.
    ("en", "3090 vs h200", "CUDA reports 25.77 GB (24 GiB) vs 150.75 GB (140.4 GiB)."),
    ("es", "3090 o h200, cual tiene mas memoria?", "CUDA informa 25,77\u00a0GB (24\u00a0GiB)"
     " frente a 150,75\u00a0GB (140,4\u00a0GiB)."),
    ("fr", "3090 ou h200 ?", "CUDA indique 25,77\u202fGo (24\u202fGio) contre 150,75\u202fGo"
     " (140,4\u202fGio)."),
    ("en", "3090 vs mi300x", "CUDA reports 25.77 GB (24 GiB) on the RTX 3090."),
    ("es", "3090 o mi300x, cual tiene mas memoria?", "CUDA informa 25,77\u00a0GB (24\u00a0GiB) en"
     " la RTX 3090."),
])
def test_a_comparison_says_what_cuda_reports(
    pipeline: Pipeline, lang: str, question: str, line: str
) -> None:
    assert line in pipeline.ask(question, lang).text


def test_the_specs_and_the_comparison_print_the_same_figure(pipeline: Pipeline) -> None:
    specs = pipeline.ask("rtx 3090 specs").text
    compared = pipeline.ask("3090 vs l40s").text
    assert "CUDA reports 25.77 GB (24 GiB)" in specs
    assert "CUDA reports 25.77 GB (24 GiB)" in compared


# --- vLLM named on a Mac: said not to run on its GPU, not sized there ------------------------


@pytest.mark.parametrize(("lang", "question", "said"), [
    ("en", "vllm vs ollama for llama 3 8b on my m2 max 64gb", "• ❌ vLLM does not run on a"
     " Mac's GPU: on macOS it runs on the CPU only"),
    ("es", "vllm u ollama para llama 3 8b en mi m2 max de 64gb?", "• ❌ vLLM no funciona en la"
     " GPU de un Mac"),
    ("fr", "vllm ou ollama pour llama 3 8b sur mon mac m2 max 64go ?", "• ❌ vLLM ne tourne pas"
     " sur le GPU d'un Mac"),
])
def test_vllm_on_a_mac_is_said_not_sized(
    pipeline: Pipeline, lang: str, question: str, said: str
) -> None:
    text = pipeline.ask(question, lang).text
    assert said in text, text
    assert "gpu-memory-utilization" not in text and "continuous batching" not in text
    assert "Ollama</b>" in text  # the other engine still sized


def test_vllm_named_alone_on_a_mac_says_so(pipeline: Pipeline) -> None:
    text = pipeline.ask("serve llama 3 8b with vllm on my m2 max 64gb").text
    assert "🍎 vLLM does not run on a Mac's GPU" in text
    assert "vLLM does not run" not in pipeline.ask("serve llama 3 8b with vllm on a 4090").text


def test_on_a_cuda_card_vllm_is_sized() -> None:
    from rules.capacity import runs_on_metal
    assert not runs_on_metal("vllm") and runs_on_metal("ollama")


# --- TGI named in a serving answer: its own share of each GPU (0.90), as the concurrency and
# --- comparison answers count it ---------------------------------------------------------------


@pytest.mark.parametrize(("lang", "question", "said"), [
    ("en", "serve llama 3 8b with tgi on a 4090 at 8k context", "of the 23.2 GB TGI fills of each"
     " 25.76 GB (24 GiB) GPU (its default <code>--cuda-memory-fraction 1.0</code> times"
     " <code>TGI_WIGGLE_ROOM</code> 0.90)."),
    ("es", "servir llama 3 8b con tgi en una 4090 con 8k de contexto", "de los 23,2\u00a0GB que TGI"
     " llena de cada GPU"),
    ("fr", "servir llama 3 8b avec tgi sur une 4090 avec 8k de contexte", "sur les 23,2\u202fGo que"
     " TGI remplit sur chaque GPU"),
])
def test_tgi_serving_is_held_to_its_share(
    pipeline: Pipeline, lang: str, question: str, said: str
) -> None:
    text = pipeline.ask(question, lang).text
    assert said in text, text
    assert "vLLM takes" not in text and "--gpu-memory-utilization" not in text


def test_tgi_longest_context_and_detailed_total(pipeline: Pipeline) -> None:
    longest = pipeline.ask("longest context for llama 3.1 8b with tgi on a 4090").text
    assert "TGI fills up to 90% of each GPU's memory by default" in longest
    assert "vLLM takes" not in longest
    big = pipeline.ask("serve llama 3 70b awq with tgi on a 4090 at 8k context").text
    assert "Total per GPU: 45.7 GB of the 23.2 GB TGI fills of 25.76 GB (24 GiB)" in big
    # Beside vLLM its share is counted once (the check holds it now), vLLM's its own 0.92.
    text = pipeline.ask("vllm vs tgi for llama 3 8b on a 4090").text
    assert "≈ 17.9 GB of the 23.2 GB it fills (90% of the card" in text
    assert "of the 23.7 GB it takes" in text  # vLLM's own 0.92
