"""Models whose publisher ships the weights in FP8 or MXFP4 (models.toml `native`): a serving
question naming no precision is answered as published first, the other precisions listed
after it; one naming a precision gets it, with what serving as published takes."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue

_BITS = {"FP8": 8, "MXFP4": 4, "INT4": 4}  # INT4: Kimi K2 Thinking's QAT experts (models46)


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline(load_catalogue())


def test_every_native_precision_is_an_inference_method_of_its_bits() -> None:
    cat = load_catalogue()
    natives = {m.id: m.native for m in cat.models if m.native is not None}
    assert {"deepseek-v3", "deepseek-r1", "gpt-oss-20b", "gpt-oss-120b", "kimi-k2"} <= set(natives)
    # Published in BF16 with separate FP8 repositories: not marked.
    assert not {"llama-4-maverick", "qwen3-235b-a22b", "glm-4.5"} & set(natives)
    for model_id, native in natives.items():
        method = cat.method(native.method)
        assert method.kind == "inference", model_id
        assert method.weight_bits == _BITS[native.format], model_id
        assert native.source.startswith("https://"), model_id


def test_served_as_published_leads_even_where_bf16_fits(pipeline: Pipeline) -> None:
    answer = pipeline.ask("serve deepseek v3 on 16x b200").answer
    assert answer.primary is not None and answer.primary.memory.method == "inference_int8"
    assert [ma.memory.method for ma in answer.methods] == [
        "inference_int8", "inference_bf16", "inference_int4"]
    # BF16 fits there too (2,880 GB): it is listed, it does not lead.
    assert all(ma.fit is not None and ma.fit.fits for ma in answer.methods)


def test_a_model_published_in_bf16_still_leads_with_bf16(pipeline: Pipeline) -> None:
    answer = pipeline.ask("serve llama 3.1 70b on 2x h200").answer
    assert answer.primary is not None and answer.primary.memory.method == "inference_bf16"
    assert answer.native is None


def test_how_many_gpus_counts_as_published(pipeline: Pipeline) -> None:
    got = to_json(pipeline.ask("how many h100 to serve deepseek r1?"))
    # 671B x 1.2 bytes = 805.2 GB: 11 cards of 80 GB hold it (BF16 would take 21), served
    # in two whole instances of 8, tensor parallel within and pipeline parallel across (its
    # 128 attention heads do not divide by 11): 16.
    assert (got["method"], got["gpu_count"], got["estimate_gb"]) == ("inference_int8", 16, 805.2)


def test_when_as_published_misses_the_next_precision_down_leads(pipeline: Pipeline) -> None:
    answer = pipeline.ask("can I run deepseek v3 on 8x h100?").answer
    assert answer.primary is not None and answer.primary.memory.method == "inference_int4"
    assert "8-bit inference serves them as published" in pipeline.ask(
        "can I run deepseek v3 on 8x h100?").text


def test_a_precision_asked_is_answered_with_the_published_one_beside(pipeline: Pipeline) -> None:
    reply = pipeline.ask("run deepseek r1 in bf16 on 8x h200")
    answer = reply.answer
    assert answer.primary is not None and answer.primary.memory.method == "inference_bf16"
    assert answer.native_memory is not None
    assert answer.native_memory.estimate_gb == Decimal("805.2")
    assert "served as published (8-bit inference) it needs about 805.2 GB" in reply.text
    # Asked as published: nothing to add.
    assert "published with" not in pipeline.ask("serve deepseek v3 in fp8 on 8x h200").text


def test_training_questions_are_not_touched(pipeline: Pipeline) -> None:
    answer = pipeline.ask("qlora deepseek v3 on 8x h200").answer
    assert answer.native is None
    assert answer.primary is not None and answer.primary.memory.method == "qlora"


@pytest.mark.parametrize("text", [
    "kimi k2 on 8x h200", "gpt-oss 120b sur une seule H100 ?", "deepseek r1 on my 4090",
    "cuántas H100 necesito para deepseek v3",
])
def test_a_model_published_for_serving_named_alone_is_served(
        pipeline: Pipeline, text: str) -> None:
    query = pipeline.ask(text).answer.query
    assert query.inference and not query.serving_precision_said


@pytest.mark.parametrize("text", [
    "kimi k2 on 8x h200", "gpt-oss 120b on a single H100", "llama 3 70b on 8x h200",
])
def test_training_is_still_read_where_a_training_word_is_said(
        pipeline: Pipeline, text: str) -> None:
    query = pipeline.ask(f"fine-tune {text}").answer.query
    assert not query.inference


def test_a_dataset_of_samples_says_training(pipeline: Pipeline) -> None:
    query = pipeline.ask("gpt-oss-20b dataset of 10k samples on a 4090").answer.query
    assert not query.inference  # every training method (the JSON: QLoRA)


def test_mxfp4_is_planned_with_the_4_bit_rule(pipeline: Pipeline) -> None:
    # OpenAI: gpt-oss-120b runs on a single 80 GB GPU as published (117B x 0.6 = 70.2 GB).
    got = to_json(pipeline.ask("how much memory to run gpt-oss 120b?"))
    assert (got["method"], got["estimate_gb"]) == ("inference_int4", 70.2)
    assert got["cheapest_fit"] == {"gpu": "a100-80gb", "gpu_count": 1, "usd_per_hour": "0.92"}


def test_a_follow_up_keeps_the_published_precision_first(pipeline: Pipeline) -> None:
    first = pipeline.ask("serve deepseek r1 on 8x h200")
    reply = pipeline.ask("and on 8x h100?", previous=first.answer.query)
    query = reply.answer.query
    assert query.follow_up and query.inference and not query.serving_precision_said
    # FP8 (805.2 GB) misses 640 GB: 4-bit leads, every precision listed, the published one first.
    assert [ma.memory.method for ma in reply.answer.methods] == [
        "inference_int8", "inference_bf16", "inference_int4"]
    assert reply.answer.primary is not None
    assert reply.answer.primary.memory.method == "inference_int4"


def test_a_comparison_is_of_the_published_precision(pipeline: Pipeline) -> None:
    got = to_json(pipeline.ask("deepseek r1 on 8x h200 vs 8x b200"))
    assert (got["intent"], got["method"], got["fits"]) == ("compare", "inference_int8", True)


def test_the_largest_model_served_names_the_larger_ones_published_in_fp8_or_mxfp4(
        pipeline: Pipeline) -> None:
    answer = pipeline.ask("largest model I can run on an h100").answer
    published = answer.largest_published
    assert published is not None
    assert (published.names, published.format) == (("gpt-oss-120b",), "MXFP4")
    assert published.memory.estimate_gb == Decimal("70.2")
    # A precision named, or training: the largest is that method's alone.
    assert pipeline.ask("largest model I can run on an h100 in bf16").answer \
        .largest_published is None
    assert pipeline.ask("biggest model i can qlora on an h100").answer.largest_published is None


def test_a_local_runner_runs_gpt_oss_in_its_published_mxfp4(pipeline: Pipeline) -> None:
    # Every GGUF of gpt-oss keeps its experts in MXFP4 (Ollama's gpt-oss:20b tag too): naming
    # Ollama or llama.cpp and no type is not "read as Q4_K_M, Ollama's default", and no
    # smaller llama.cpp type is offered (its experts would stay MXFP4).
    cat = load_catalogue()
    assert all(cat.models.get(m).native.local_runners for m in ("gpt-oss-20b", "gpt-oss-120b"))
    assert cat.models.get("deepseek-v3").native.local_runners is None  # Ollama's is Q4_K_M
    text = pipeline.ask("gpt-oss 20b in ollama on a 16gb card").text
    assert "every GGUF file of gpt-oss-20b keeps its experts in the published MXFP4" in text
    assert "Ollama runs them as published, not as Q4_K_M" in text
    assert "the default type of Ollama's library" not in text
    answer = pipeline.ask("gpt-oss-120b with llama.cpp on 2x 3090").answer
    assert answer.runner_pick is None and answer.layer_split is not None
    # Other models keep the runner's default type, said so.
    assert "the default type of Ollama's library" in pipeline.ask(
        "llama 3 8b in ollama on a 3060").text
