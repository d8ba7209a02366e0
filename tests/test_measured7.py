"""measured7: terms the estimator gained against measured runs, each pinned so that removing it
fails. bitsandbytes' 8-bit Adam for LoRA adapters (states of matrices of at least
min_8bit_size elements in 8 bits); the tied embedding table a pre-v0.2.8 AutoAWQ checkpoint
stores twice, held twice while transformers loads it (Qwen's speed benchmark, 1-token rows)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.pipeline import Pipeline, to_json
from bot.understand import understand
from rules.catalogue import load_catalogue
from rules.estimator import estimate_inference, estimate_training, load_constants
from rules.model_catalogue import load_models
from tests.support.scripts import script

ROOT = Path(__file__).resolve().parents[1]
MODELS = load_models()
CAT = load_catalogue()
C = load_constants()


def _part(breakdown: object, name: str) -> float:
    return next((b for n, b, _ in breakdown.parts if n == name), 0.0)  # type: ignore[attr-defined]


# ----------------------------------------------------------------------------- 8-bit Adam


def test_8bit_adam_keeps_the_adapters_states_in_one_byte_each() -> None:
    model = MODELS.get("llama-3.1-8b")
    arch = model.arch
    assert arch is not None
    rank = 16
    # Every LoRA matrix of Llama 3.1 8B at rank 16 is above 4096 elements (16 x 1024 the least).
    per_layer = sum(rank * (i + o) for i, o, _ in arch.linear_shapes().values())
    adapters = per_layer * arch.layers
    adamw = estimate_training(model, "qlora", 2048, 1, True, rank, lora_targets="all")
    eight = estimate_training(model, "qlora", 2048, 1, True, rank, lora_targets="all",
                              optimizer="adam8bit")
    paged = estimate_training(model, "qlora", 2048, 1, True, rank, lora_targets="all",
                              optimizer="paged_adam8bit")
    assert _part(adamw, "lora_adapters") == pytest.approx(adapters * 16)
    # FP32 weights 4 + FP32 gradients 4 + two 8-bit states 2 = 10 bytes a parameter.
    assert _part(eight, "lora_adapters") == pytest.approx(adapters * 10)
    assert _part(paged, "lora_adapters") == pytest.approx(adapters * 10)
    assert eight.per_gpu_bytes < adamw.per_gpu_bytes


def test_8bit_adam_keeps_small_matrices_in_fp32() -> None:
    # Qwen2.5 0.5B at rank 4: A and B of q/k/v/o (4 x 896, 896 x 4, 128 x 4) are under
    # min_8bit_size = 4096 elements and keep FP32 states; gate/up's B (4864 x 4) and down's
    # A (4 x 4864) are above it.
    model = MODELS.get("qwen2.5-0.5b")
    arch = model.arch
    assert arch is not None and C["training.adam8bit_min_size"] == 4096
    rank = 4
    per_layer = sum(rank * (i + o) for i, o, _ in arch.linear_shapes().values())
    eight_bit = 3 * rank * arch.intermediate
    b = estimate_training(model, "lora", 1024, 1, True, rank, lora_targets="all",
                          optimizer="adam8bit")
    expected = arch.layers * (per_layer * 16 - eight_bit * (8 - 2))
    assert _part(b, "lora_adapters") == pytest.approx(expected)


def test_adamw_8bit_said_moves_a_qlora_answer() -> None:
    pipe = Pipeline(CAT, cache_size=0)
    q = "qlora llama 3 70b r=64 all linear on an a100 80gb, seq 2048, batch 1, {}"
    torch = to_json(pipe.ask(q.format("optim adamw_torch"), chosen_locale="en"))
    eight = to_json(pipe.ask(q.format("optim adamw_8bit"), chosen_locale="en"))
    paged = to_json(pipe.ask(q.format("paged_adamw_8bit"), chosen_locale="en"))
    arch = MODELS.get("llama-3-70b").arch
    assert arch is not None
    adapters = 64 * arch.layers * sum(i + o for i, o, _ in arch.linear_shapes().values())
    saved = float(torch["detailed_gb"]) - float(eight["detailed_gb"])
    assert saved == pytest.approx(adapters * 6 / 1e9, abs=0.11)
    assert paged["detailed_gb"] == eight["detailed_gb"]


# ----------------------------------------------------------------------------- AWQ load


def test_awq_checkpoint_of_a_tied_model_holds_its_table_twice_while_loading() -> None:
    model = MODELS.get("qwen2.5-0.5b")
    arch = model.arch
    assert arch is not None and model.awq is not None and model.awq.tied_table_twice
    awq = CAT.method("awq_int4")
    table = arch.vocab * arch.hidden * 2
    short = estimate_inference(model, awq, 2049, prompt_len=1, prefill_chunk=None,
                               all_position_logits=False, tied_table_loaded_twice=True)
    run = sum(b for n, b, _ in short.parts if n not in ("weights", "load_tied_copy",
                                                         "cuda_context"))
    assert _part(short, "load_tied_copy") == pytest.approx(table - run)
    # A 30720-token prefill needs more than the table: the load's peak is under the run's.
    long = estimate_inference(model, awq, 32768, prompt_len=30720, prefill_chunk=None,
                              all_position_logits=False, tied_table_loaded_twice=True)
    assert _part(long, "load_tied_copy") == 0.0


@pytest.mark.parametrize(("question", "copy"), [
    ("run Qwen2.5 0.5B on an A100 80GB, batch size 1, with transformers, prompt of 1 tokens, "
     "generate 2048 tokens, AWQ", True),
    ("run qwen2.5 3b awq with transformers on a 3060, prompt of 1 tokens, generate 2048 tokens",
     True),
    # vLLM skips the head's copy of a tied table when it loads.
    ("serve qwen2.5 0.5b awq with vllm, context 2048", False),
    # Qwen2.5 7B is not tied; Qwen3 4B's AWQ checkpoint came after AutoAWQ's fix.
    ("run qwen2.5 7b awq with transformers, prompt of 1 tokens, generate 2048 tokens", False),
    ("run qwen3 4b awq with transformers, prompt of 1 tokens, generate 2048 tokens", False),
])
def test_the_copy_is_counted_for_the_checkpoint_and_loader_that_make_it(
        question: str, copy: bool) -> None:
    reply = Pipeline(CAT, cache_size=0).ask(question, chosen_locale="en")
    detailed = reply.answer.detailed
    assert detailed is not None, question
    assert (_part(detailed.breakdown, "load_tied_copy") > 0) is copy, question


def test_qwen25_small_awq_rows_are_within_ten_percent() -> None:
    report = script("calibration_report")
    rows = report.evaluate(ROOT / "tests" / "data" / "measured-extra.csv")
    small = [r for r in rows if r.raw["precision"] == "4-bit (AWQ)"
             and r.raw["model"] in ("Qwen2.5 0.5B", "Qwen2.5 1.5B", "Qwen2.5 3B")]
    assert len(small) == 6
    for row in small:
        assert "AWQ" in row.question and "with transformers" in row.question
        assert row.ratio is not None and 0.9 <= row.ratio <= 1.1, (row.question, row.ratio)


# ----------------------------------------------------------------------------- "512 tokens"


@pytest.mark.parametrize(("question", "seq_len", "dataset_tokens"), [
    # LitGPT's config hub states max_seq_length 512 and micro_batch_size beside it.
    ("finetune phi-2 with litgpt lora on a10g, 512 tokens, micro_batch_size 4", 512, None),
    ("qlora llama 2 7b on a 4090, 512 tokens, batch 4", 512, None),
    ("qlora llama 3 8b r=16, 2048 tokens, on a 3090", 2048, None),
    ("qlora mistral 7b on a 3090, 512 tokens per sample, batch 8", 512, None),
    ("qlora mistral 7b on a 3090, 1024 tokens per example", 1024, None),
    ("qlora llama 3 8b en una 3090, 512 tokens por muestra, batch 4", 512, None),
    ("qlora llama 3 8b sur une 3090, 512 tokens par échantillon, batch 4", 512, None),
    ("lora llama 2 7b with litgpt on an a10g, max_seq_length 512, micro batch 4", 512, None),
    # The data: after "on"/"with", in a time question, or with a count of samples.
    ("how long to lora llama 3 8b on 100k tokens on a 4090", None, 100000),
    ("how long to lora llama 3 8b, batch 8, 100k tokens, on a 4090", None, 100000),
    ("lora llama 3 8b on an a100 with 50k tokens, batch 4", None, 50000),
    ("qlora llama 3 8b on 4090 with 10k samples, 512 tokens per sample", 512, 5120000),
    # Alone, too few tokens for a dataset: a length ("8k" a context's 8,192); more, or said
    # of the data, a dataset.
    ("qlora llama 2 7b on a 4090, 512 tokens", 512, None),
    ("qlora llama 2 7b on a 4090, 8k tokens", 8192, None),
    ("qlora llama 3 8b on a 4090, 100k tokens", None, 100000),
    ("can i finetune llama 3 8b on a 4090, 30k tokens of data", None, 30000),
    ("cost to qlora llama 3 8b, 2048 tokens, 4090", None, 2048),
])
def test_a_length_among_the_step_settings_is_the_sequence(
        question: str, seq_len: int | None, dataset_tokens: int | None) -> None:
    query = understand(question, CAT)
    assert query.seq_len == seq_len, question
    assert query.dataset_tokens == dataset_tokens, question


# ----------------------------------------------------------------------------- gpt-oss experts


@pytest.mark.parametrize(("model_id", "rank", "trainable"), [
    # Unsloth's notebooks print them: 'Trainable parameters = 3,981,312 of 20,918,738,496' and
    # '11,943,936 of 116,841,100,608', q/k/v/o/gate/up/down named.
    ("gpt-oss-20b", 8, 3_981_312),
    ("gpt-oss-120b", 16, 11_943_936),
])
def test_lora_never_reaches_gpt_oss_fused_experts(model_id: str, rank: int,
                                                  trainable: int) -> None:
    model = MODELS.get(model_id)
    assert model.arch is not None and model.arch.fused_experts
    b = estimate_training(model, "qlora", 1024, 1, True, rank, lora_targets="all")
    assert _part(b, "lora_adapters") == pytest.approx(trainable * 16)


def test_gpt_oss_20b_qlora_fits_a_t4_as_unsloth_ran_it() -> None:
    # 12.975 GiB reserved at 1 x 1024 on a T4 (unslothai/notebooks gpt-oss-(20B)-Fine-tuning):
    # with LoRA counted on its 32 experts a layer (110M adapter parameters) it was 16.3 GB,
    # 'does not fit'.
    reply = Pipeline(CAT, cache_size=0).ask(
        "can i qlora gpt-oss 20b on a free colab t4 with unsloth? r=8 all linear, seq 1024, "
        "batch 1, adamw_8bit", chosen_locale="en")
    answer = to_json(reply)
    assert answer["detailed_fits"] is True and answer["fits"] is True, answer["detailed_gb"]
