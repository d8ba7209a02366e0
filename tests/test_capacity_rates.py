"""How many sequences a configuration serves at once (the detailed estimate within vLLM's
default gpu_memory_utilization) and a training run's tokens/s (the training-time estimate's own
FLOPs and assumed utilisation): the engine, figures checked by hand, and the questions as people
write them (en/es/fr)."""

from __future__ import annotations

import tomllib
from decimal import Decimal
from pathlib import Path

import pytest

from bot.pipeline import Pipeline, to_json
from bot.understand import understand
from rules.capacity import (
    most_sequences,
    serving_utilization,
    serving_utilization_before,
    vllm_share_parts,
)
from rules.catalogue import load_catalogue
from rules.estimator import estimate_inference
from rules.training_time import estimate_training_time, step_cost_for, training_throughput

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline(load_catalogue())


# ----------------------------------------------------------------------------- the engine


def test_vllms_default_share_of_the_memory_is_data_with_its_source() -> None:
    doc = tomllib.loads((ROOT / "rules" / "data" / "serving.toml").read_text(encoding="utf-8"))
    entry = doc["vllm"]["gpu_memory_utilization"]
    assert Decimal(entry["value"]) == serving_utilization() == Decimal("0.92")
    assert "docs.vllm.ai" in entry["source"] and "default value of 0.92" in entry["source"]
    assert "Field(default=0.92, gt=0, le=1)" in entry["source"]
    assert entry["verified"][:4] == "2026"
    # The default before, with the release that changed it and both sources (a user who sees
    # 90 % runs an older release).
    assert serving_utilization_before() == (Decimal("0.9"), "v0.21.0")
    assert "default value of 0.9." in entry["previous_source"]
    assert "pull request #38284" in entry["previous_source"]


@pytest.mark.parametrize(("fixed", "each", "vram", "expected"), [
    (Decimal(16), Decimal("0.5"), Decimal(24), 11),  # 21.6 GB: 16 + 11 × 0.5 = 21.5
    (Decimal(22), Decimal("0.5"), Decimal(24), 0),  # the weights alone pass 21.6 GB
    (Decimal(10), Decimal(1), Decimal(40), 26),  # 36 GB: 10 + 26
])
def test_sequences_fit_within_the_engines_share_not_the_whole_card(
    fixed: Decimal, each: Decimal, vram: Decimal, expected: int
) -> None:
    def gb(n: int) -> Decimal:
        return fixed + each * n

    assert most_sequences(gb, vram, Decimal("0.9")) == expected
    # The whole card would hold more: the 10 % vLLM leaves is not counted.
    assert most_sequences(gb, vram, Decimal(1)) > expected


@pytest.mark.parametrize("share", [Decimal(0), Decimal("1.1"), Decimal(-1)])
def test_a_share_of_the_memory_outside_0_1_is_refused(share: Decimal) -> None:
    with pytest.raises(ValueError, match="utilization"):
        most_sequences(lambda n: Decimal(n), Decimal(10), share)


def test_training_throughput_by_hand_and_the_time_estimate_goes_at_that_rate() -> None:
    """Llama 3 8B QLoRA on an A100 with checkpointing, 2048 tokens a step: (4 + 2)·N FLOPs a
    token, the matmuls at an assumed 50 % of 312 TFLOPS take 6 × 8e9 × 2048 / (312e12 × 0.5)
    = 0.6302 s a step; dequantizing the 4-bit weights three times (forward, recompute,
    backward) reads and writes 2.52 B a weight at 2,039 GB/s: 3 × 8e9 × 2.52 / 2039e9 =
    0.0297 s; the step's fixed cost 0.05 s. Utilisation 0.5 × 0.6302 / 0.7098 = 0.444,
    312e12 × 0.444 / (6 × 8e9) = 2 886 tokens/s; 100M tokens then take 100e6 / 2886 / 3600 =
    9.63 GPU-hours, what the time estimate says."""
    model = load_catalogue().models.get("llama-3-8b")
    bandwidth = Decimal(2039)
    rate = training_throughput(model, "qlora", 312, 1, grad_ckpt=True, tokens_per_step=2048,
                               bandwidth_gbs=bandwidth)
    assert rate.tokens_per_second == Decimal(2886) and rate.mfu == Decimal("0.444")
    assert rate.flops_per_param_token == 6 and rate.mfu_assumed
    hours = estimate_training_time(model, "qlora", 100_000_000, 312, 1, 1, True,
                                   tokens_per_step=2048, bandwidth_gbs=bandwidth).gpu_hours
    assert hours == Decimal("9.63")
    # Its share shrinks as a step's tokens grow (fms-acceleration's 4 x 4096 packed tokens on
    # an A100: QLoRA at 0.87-1.07 of LoRA's tokens/s), and grows at a short step.
    big = training_throughput(model, "qlora", 312, 1, True, tokens_per_step=16384,
                              bandwidth_gbs=bandwidth)
    small = training_throughput(model, "qlora", 312, 1, True, tokens_per_step=256,
                                bandwidth_gbs=bandwidth)
    lora = training_throughput(model, "lora", 312, 1, True, tokens_per_step=256,
                               bandwidth_gbs=bandwidth)
    # LoRA's step at 256 tokens pays the fixed cost alone (0.306), QLoRA's the dequantization too.
    assert small.mfu < lora.mfu < rate.mfu < big.mfu < Decimal("0.5")
    assert (small.mfu, lora.mfu, big.mfu) == (Decimal("0.249"), Decimal("0.306"), Decimal("0.492"))
    long_lora = training_throughput(model, "lora", 312, 1, True, tokens_per_step=16384,
                                    bandwidth_gbs=bandwidth)
    assert big.tokens_per_second / long_lora.tokens_per_second > Decimal("0.98")
    # DPO's reference forward on the same 4-bit base dequantizes once more.
    assert step_cost_for(model, "qlora", 312, True, 2048, bandwidth, reference=True).dequant_seconds() \
        == step_cost_for(model, "qlora", 312, True, 2048, bandwidth).dequant_seconds() * 4 / 3
    # Without the step's tokens neither is timed: the matmuls' 50 % alone.
    bare = training_throughput(model, "qlora", 312, 1, grad_ckpt=True)
    assert bare.mfu == Decimal("0.50") and bare.tokens_per_second == Decimal(3250)
    # Full fine-tuning, no checkpointing, two GPUs: 6·N at 50 %, linear scaling.
    full = training_throughput(7, "full_adamw", Decimal("989.5"), 2)
    per = Decimal("989.5e12") * Decimal("0.50") / (6 * Decimal("7e9"))
    assert full.tokens_per_second == int(per)
    assert full.total_tokens_per_second == int(2 * per)
    assert [n.code for n in full.assumptions][-1] == "linear_scaling"


@pytest.mark.parametrize(("kwargs", "error"), [
    ({"peak_bf16_tflops": 0}, "peak"), ({"gpus": 0}, "gpus"), ({"mfu": 2}, "mfu"),
])
def test_training_throughput_refuses_impossible_inputs(kwargs: dict[str, int], error: str) -> None:
    args: dict[str, object] = {"model": 8, "method": "lora", "peak_bf16_tflops": 312, **kwargs}
    with pytest.raises(ValueError, match=error):
        training_throughput(**args)  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- the answers


def test_by_hand_users_of_llama_3_8b_on_an_l4(pipeline: Pipeline) -> None:
    """The L4's 23 034 MiB (24.15 GB, what CUDA reports) × 0.92 = 22.22 GB: the detailed BF16
    estimate at 2 048 tokens as vLLM runs it (no engine named: vLLM's, vllm38) — its paged cache
    written in place, its 2,048-token step on a card under 70 GiB, its non-torch memory and CUDA
    graphs within its share instead of the CUDA context — is 22.2 GB for 18 sequences and 22.5
    GB for 19 (was 14, at an 8,192-token step with the 1.3 GB context)."""
    model = pipeline.catalogue.models.get("llama-3-8b")
    at = {}
    for n in (18, 19):
        at[n] = estimate_inference(model, "inference_bf16", 2048, n, 1, all_position_logits=False,
                                   prefill_chunk=2048, paged_kv=True,
                                   share_parts=vllm_share_parts()).per_gpu_gb
    assert at[18] <= Decimal(23034 * 2**20) / 10**9 * Decimal("0.92") < at[19]
    reply = pipeline.ask("how many users can I serve with llama 3 8b on an L4?")
    got = to_json(reply)
    assert (got["intent"], got["gpu"], got["method"], got["fits"]) == (
        "fit", "l4", "inference_bf16", True)
    text = got["text"]
    assert text.startswith("👥 <b>At most about 18 sequences at once: Llama 3 8B on 1× L4 "
                           "(BF16 inference), 2,048 tokens of context each.</b>"), text
    assert "<code>--gpu-memory-utilization 0.92</code>): 22.2 GB of 24.15 GB (22.5 GiB)" in text
    assert "An upper bound on concurrency from memory alone, not a measurement" in text
    assert "Context not given: 2,048 tokens per sequence assumed" in text
    # vLLM's default --max-model-len is the published 8,192: fewer sequences there.
    assert "At the whole published context, 8,192 tokens" in text
    assert "• Inference in 4-bit: at most about 55 sequences" in text
    assert "tokens/s" not in text  # no throughput is invented


@pytest.mark.parametrize(("text", "lang", "gpu", "method", "starts"), [
    # vLLM's own 1.05 GB in its share for the 1.3 GB CUDA context, and with no engine named
    # its step (2,048 on an A100) and no growth copy (vllm38): 17 -> 18, 49 -> 51, 230 -> 231
    ("how many concurrent requests can vllm handle for qwen 14b awq on a 4090 at 4k context",
     "en", "rtx-4090", "inference_int4", "👥 <b>At most about 18 sequences at once: Qwen 14B"
     " on 1× RTX 4090 (AWQ 4-bit inference), 4,096 tokens of context each.</b>"),
    ("¿cuántos usuarios simultáneos aguanta una A100 con llama 70b en 4 bits?", "es",
     "a100-80gb", "inference_int4", "👥 <b>Como mucho unas 51 secuencias a la vez"),
    ("combien d'utilisateurs en même temps sur une H100 avec mistral 7b ?", "fr", "h100",
     "inference_bf16", "👥 <b>Au plus environ 231 séquences à la fois\u00a0: Mistral 7B"),
])
def test_concurrency_questions(
    pipeline: Pipeline, text: str, lang: str, gpu: str, method: str, starts: str
) -> None:
    got = to_json(pipeline.ask(text))
    assert (got["lang"], got["intent"], got["gpu"], got["method"]) == (lang, "fit", gpu, method)
    assert got["text"].startswith(starts), got["text"]


def test_a_stated_context_is_used_and_not_said_to_be_assumed(pipeline: Pipeline) -> None:
    reply = pipeline.ask("how many concurrent users for llama 3.1 8b awq on a 4090 at 8k ctx")
    assert reply.answer.concurrency[0].context == 8192
    assert "Context not given" not in reply.text
    assert "whole published context" not in reply.text


def test_no_card_named_is_answered_on_the_cheapest_that_holds_it(pipeline: Pipeline) -> None:
    reply = pipeline.ask("how many concurrent users for llama 3.1 8b")
    assert reply.answer.concurrency_on_cheapest
    assert reply.answer.concurrency[0].gpu == "l40s"
    assert "No card named: on the cheapest offered configuration that holds it." in reply.text


def test_one_sequence_that_does_not_fit_says_so(pipeline: Pipeline) -> None:
    reply = pipeline.ask("how many users can I serve with llama 3 70b in bf16 on an h100")
    first = reply.answer.concurrency[0]
    assert first.sequences == 0
    assert reply.text.startswith("👥 <b>Llama 3 70B serves not even one sequence of 2,048 "
                                 "tokens on 1× H100 (BF16 inference)"), reply.text


def test_a_number_of_users_stated_is_still_a_batch_not_the_question() -> None:
    cat = load_catalogue()
    said = understand("20 concurrent users on llama 3 8b on an L4, does it fit?", cat)
    assert said.batch_size == 20 and not said.concurrency_asked
    asked = understand("how many concurrent users on llama 3 8b on an L4?", cat)
    assert asked.concurrency_asked and asked.batch_size is None and asked.inference


def test_by_hand_training_tokens_per_second(pipeline: Pipeline) -> None:
    got = to_json(pipeline.ask(
        "how many tokens/s will I get training llama 3 8b with qlora on an a100"))
    assert (got["intent"], got["method"], got["gpu"]) == ("time", "qlora", "a100-80gb")
    text = got["text"]
    assert text.startswith("🏋️ <b>About 3,050 training tokens/s: Llama 3 8B on 1× A100 80GB (QLoRA, estimate).</b>"), text
    assert "From 6·N FLOPs per token (N = 8 billion parameters) at an assumed 49% of the 312 peak BF16 TFLOPS per GPU." in text
    assert "An estimate from these assumptions (the same the training-time answers use)" in text
    assert "At most about" not in text  # not the serving decode bound


@pytest.mark.parametrize(("text", "lang", "gpu", "method", "starts"), [
    ("vitesse d'entraînement en tokens/s pour un lora 7b sur 4090", "fr", "rtx-4090", "lora",
     "🏋️ <b>Environ 1\u202f876 tokens/s d'entraînement\xa0: un modèle 7B sur 1× RTX 4090 (LoRA, estimation).</b>"),
    ("velocidad de entrenamiento en tokens/s para qlora de llama 3 8b en una a100", "es",
     "a100-80gb", "qlora", "🏋️ <b>Unos 3.050 tokens/s de entrenamiento: Llama 3 8B en 1× A100"),
    ("training throughput qlora 70b on 2xh100", "en", "h100", "qlora",
     "🏋️ <b>About 2,285 training tokens/s: a 70B model on 2× H100 (QLoRA), 1,142 per GPU"),
])
def test_training_speed_questions(
    pipeline: Pipeline, text: str, lang: str, gpu: str, method: str, starts: str
) -> None:
    got = to_json(pipeline.ask(text))
    assert (got["lang"], got["intent"], got["gpu"], got["method"]) == (lang, "time", gpu, method)
    assert got["text"].startswith(starts), got["text"]


def test_a_card_that_does_not_hold_the_run_is_estimated_where_it_fits(
    pipeline: Pipeline
) -> None:
    reply = pipeline.ask("how many tokens per second for qlora 70b on a 4090")
    speed = reply.answer.train_speed
    # The B200 (2,250 TFLOPS at $4.61) does the work for the least money among those that hold it.
    assert speed is not None and not speed.asked and speed.gpu == "b200"
    assert "It does not fit on 1× RTX 4090: estimated where a run costs least" in reply.text


@pytest.mark.parametrize("text", [
    "how long to LoRA llama 3 8b for 3 epochs on 50M tokens on an A100 at 3000 tokens/s",
    "how fast can i fine-tune llama 3 8b on an h100",
])
def test_a_stated_throughput_or_a_duration_is_not_a_speed_question(text: str) -> None:
    assert not understand(text, load_catalogue()).train_speed_asked


def test_a_follow_up_asks_the_same_rate_again(pipeline: Pipeline) -> None:
    previous = pipeline.ask("how many users can I serve with llama 3 8b on an L4?").query
    reply = pipeline.ask("and on an h100?", previous=previous)
    assert reply.answer.concurrency and reply.answer.concurrency[0].gpu == "h100"
    previous = pipeline.ask("tok/s training llama 3 8b with qlora on an a100").query
    reply = pipeline.ask("and with lora?", previous=previous)
    assert reply.answer.train_speed is not None and reply.answer.train_speed.method == "lora"


@pytest.mark.parametrize("text", [
    "how many requests per second can llama 3 8b handle on an L4",
    "cuantas peticiones por segundo aguanta llama 3 8b en una L4",
    "combien de requetes par seconde pour mistral 7b sur une L4",
    "how many users does your service have",
])
def test_requests_per_second_are_a_throughput_not_how_many_at_once(text: str) -> None:
    """Memory bounds how many sequences run at once, not how many a second: no such answer."""
    assert not understand(text, load_catalogue()).concurrency_asked


@pytest.mark.parametrize("text", [
    "what concurrency can i get with mistral 7b on an a10g",
    "how many people can use llama 3 8b at the same time on a 4090",
])
def test_concurrency_asked_in_other_words(pipeline: Pipeline, text: str) -> None:
    reply = pipeline.ask(text)
    assert reply.answer.query.concurrency_asked and reply.answer.query.inference
    assert reply.text.startswith("👥 <b>At most about "), reply.text


@pytest.mark.parametrize(("text", "params_b"), [
    ("qlora 70b tokens/s on a T4", 70),
    ("full finetune 7b tokens/s on 8xh100", 7),
    ("lora 13b tokens per second on an a100", 13),
])
def test_a_size_before_tokens_per_second_is_the_model_not_a_dataset(
    text: str, params_b: int
) -> None:
    query = understand(text, load_catalogue())
    assert query.params_b == params_b and query.dataset_tokens is None
    assert query.train_speed_asked and query.intent == "time"


def test_a_dataset_in_tokens_is_still_one() -> None:
    cat = load_catalogue()
    assert understand("how long to qlora 8b on 200M tokens", cat).dataset_tokens == 200_000_000
    assert understand("lora 7b on 1B tokens/ 3 epochs on a100", cat).dataset_tokens == 10**9


@pytest.mark.parametrize(("text", "has"), [
    ("what throughput will i get fine tuning mistral 7b on an h100",
     "About 10,255 training tokens/s: Mistral 7B"),
    # No BF16 on a T4: its FP16 peak, as the time estimate does.
    ("qlora 7b tokens/s on a T4", "of the 65 peak FP16 TFLOPS per GPU: the T4 has no BF16"),
    # No cited peak: no figure rather than a guess (the XTX has AMD's FP16 matrix one, cards13;
    # the RX 7900 XT asked here before has a derived one since peaks37, the RDNA 2 W6800 none).
    ("lora llama 3 8b tok/s on a radeon pro w6800",
     "we give no training tokens/s rather than guess"),
    ("lora llama 3 8b tok/s on a 7900 xt", "at an assumed 49% of the 103 peak FP16 TFLOPS per GPU"),
    # Full fine-tuning with checkpointing: (6 + 2)·N at 35 % of 989.5 TFLOPS on each of 8.
    ("full finetune 7b tokens/s on 8xh100", "About 68,840 training tokens/s: a 7B model on 8× H100 (full AdamW), 8,605 per GPU (estimate)."),
])
def test_training_speed_cases(pipeline: Pipeline, text: str, has: str) -> None:
    reply = pipeline.ask(text)
    assert reply.text.startswith("🏋️ <b>") and has in reply.text, reply.text


@pytest.mark.parametrize("text", [
    "after lora finetuning mistral 7b, how many concurrent users on a 4090?",
    "cuantos usuarios simultaneos despues de hacer lora a llama 3 8b en una 4090",
    "combien d utilisateurs apres un qlora de mistral 7b sur une 4090",
])
def test_users_of_a_fine_tuned_model_are_served(text: str) -> None:
    query = understand(text, load_catalogue())
    assert query.concurrency_asked and query.inference and query.intent == "fit"
    assert query.method == "inference_bf16" and not query.train_speed_asked


def test_how_many_sequences_beside_a_training_run_is_its_batch() -> None:
    query = understand("how many sequences of 2048 can i fit in a batch for qlora 8b on a 4090",
                       load_catalogue())
    assert not query.concurrency_asked and query.method == "qlora"


@pytest.mark.parametrize(("text", "batch"), [
    ("concurrency for llama 3.1 8b on h100 at 16k context", None),
    ("concurrencia para llama 3 8b en una L4", None),
    ("concurrence pour mistral 7b sur une L4 ?", None),
    ("concurrency of 32 for llama 3.1 8b on h100", 32),  # a number: the batch, as before
])
def test_concurrency_named_alone(text: str, batch: int | None) -> None:
    query = understand(text, load_catalogue())
    assert query.batch_size == batch and query.concurrency_asked is (batch is None)


def test_what_a_concurrency_answer_derives() -> None:
    from rules.capacity import Concurrency

    base = {"method": "inference_bf16", "gpu": "l4", "gpus": 1, "vram_per_gpu_gb": Decimal(24),
            "utilization": Decimal("0.9"), "context": 2048, "limit": 100,
            "per_gpu_gb": Decimal("21.4"), "weights_gb": Decimal("16.1"), "kv_gb": Decimal(3)}
    eleven = Concurrency(sequences=11, **base)  # type: ignore[arg-type]
    assert eleven.budget_gb == Decimal("21.6") and not eleven.capped
    assert eleven.kv_each_gb == Decimal("0.27")
    assert Concurrency(sequences=100, **base).capped  # type: ignore[arg-type]
    assert Concurrency(sequences=0, **base).kv_each_gb == Decimal(3)  # type: ignore[arg-type]


def test_one_sequences_kv_cache_is_divided_from_the_exact_total() -> None:
    # Gemma 3 12B, 2 sequences of 32k on an L4: 4.96 GB of KV cache, said as 5 GB, is 2.48 GB
    # each, not 5 / 2.
    from rules.capacity import Concurrency

    two = Concurrency(method="inference_int8", gpu="l4", gpus=1, vram_per_gpu_gb=Decimal(24),
                      utilization=Decimal("0.9"), context=32_768, limit=100, sequences=2,
                      per_gpu_gb=Decimal("20.1"), weights_gb=Decimal("12.8"),
                      kv_gb=Decimal("5.0"), kv_exact_gb=Decimal("4.966055936"))
    assert two.kv_each_gb == Decimal("2.48")


@pytest.mark.parametrize("doc", [
    {}, {"vllm": {}}, {"vllm": {"gpu_memory_utilization": {"value": "1.5", "source": "vLLM docs",
                                                           "verified": "2026-12-02"}}},
    {"vllm": {"gpu_memory_utilization": {"value": "0.9", "verified": "2026-12-02"}}},
])
def test_a_broken_serving_file_is_a_data_error(
    monkeypatch: pytest.MonkeyPatch, doc: dict[str, object]
) -> None:
    from rules import capacity, data_files
    from rules.errors import DataError

    monkeypatch.setattr(data_files, "document", lambda name: doc)
    capacity.serving_utilization.cache_clear()
    try:
        with pytest.raises(DataError, match=r"serving\.toml"):
            capacity.serving_utilization()
    finally:
        monkeypatch.undo()
        capacity.serving_utilization.cache_clear()
    assert capacity.serving_utilization() == Decimal("0.92")


def test_which_gpu_for_the_best_throughput_still_recommends_one() -> None:
    query = understand("which gpu gives the best throughput for qlora 70b?", load_catalogue())
    assert query.intent == "recommend" and not query.train_speed_asked


def test_no_room_at_the_default_context_says_nothing_of_the_full_one(pipeline: Pipeline) -> None:
    text = pipeline.ask("how many users can I serve with llama 3 70b in bf16 on an h100").text
    assert "serves not even one sequence" in text and "whole published context" not in text
