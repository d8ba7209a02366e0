"""measured8: rows of measured runs phrased with every setting their source states, as a user
types it, and answered with it (scripts/calibration_report.py). A ZeRO-2 run was phrased as
a plain multi-GPU one (FSDP's sharded weights: a third of its memory), a row whose
checkpointing column says "no" as one with checkpointing on, "Q-LoRA" as LoRA."""

from __future__ import annotations

import pytest

from bot.detail import DetailedAnswer
from rules.model_catalogue import load_models
from tests.support.chat import ask
from tests.support.scripts import script

REPORT = script("calibration_report")


def _row(**fields: str) -> dict[str, str]:
    row = {"model": "Llama 3.1 8B", "params_b": "8.03", "method": "Full", "precision": "bf16",
           "seq_len": "2048", "micro_batch": "1", "grad_ckpt": "on", "gpus": "1x A100 80GB",
           "peak_gb": "1", "unit": "GB", "kind": "measured", "source": "", "quote": ""}
    row.update(fields)
    return row


def _detailed(question: str) -> DetailedAnswer:
    """The detailed estimate a question gets (every question here must get one)."""
    reply = ask(question, "en")
    assert reply.answer is not None and reply.answer.detailed is not None, question
    return reply.answer.detailed


def _codes(question: str) -> set[str]:
    return {a.code for a in _detailed(question).breakdown.assumptions}


@pytest.mark.parametrize(("method", "phrase", "code"), [
    ("Full + DeepSpeed ZeRO-2", "deepspeed zero2", "zero2"),
    ("full fine-tuning (deepspeed zero stage 2)", "deepspeed zero2", "zero2"),
    ("Full, DeepSpeed stage 2", "deepspeed zero2", "zero2"),
    ("Full + ZeRO-1", "deepspeed zero1", "zero1"),
    ("Full + DeepSpeed ZeRO-2 CPU offload", "deepspeed zero2 with cpu offload", "cpu_offload"),
    ("Full + zero_stage 3", "deepspeed zero3", "sharded"),
])
def test_a_deepspeed_stage_is_phrased_and_read(method: str, phrase: str, code: str) -> None:
    question = REPORT.question(_row(method=method, gpus="8x A100 80GB (per-GPU)"))
    assert phrase in question
    assert "FSDP" not in question
    assert code in _codes(question)


@pytest.mark.parametrize(("column", "phrase", "grad_ckpt"), [
    ("no", "gradient checkpointing off", False),
    ("False", "gradient checkpointing off", False),
    ("disabled", "gradient checkpointing off", False),
    ("off (one device)", "gradient checkpointing off", False),
    ("yes", "gradient checkpointing on", True),
    ("True (use_reentrant False)", "gradient checkpointing on", True),
    ("not stated", "", True),
])
def test_the_checkpointing_column_is_read_whatever_its_word(
        column: str, phrase: str, grad_ckpt: bool) -> None:
    question = REPORT.question(_row(method="LoRA", grad_ckpt=column))
    assert phrase in question
    if not phrase:
        assert "checkpointing" not in question
    assert _detailed(question).grad_ckpt is grad_ckpt


@pytest.mark.parametrize(("fields", "phrase"), [
    ({"method": "Q-LoRA (GPTQ int4 base)"}, "QLoRA Llama 3.1 8B"),
    ({"method": "DPO (LoRA r16)"}, "DPO LoRA Llama 3.1 8B"),
    ({"method": "LoRA, attn_implementation flash_attention_2"}, "flash attention"),
    ({"method": "LoRA, attn_implementation=eager"}, "eager attention"),
    ({"method": "LoRA, gradient_accumulation_steps 8"}, "gradient accumulation 8"),
    ({"method": "LoRA", "seq_len": "8k"}, "seq 8192"),
    ({"method": "LoRA", "seq_len": "32K packed"}, "seq 32768 packed"),
    ({"method": "inference (vLLM)", "seq_len": "8192"}, "context 8192"),
])
def test_a_stated_setting_is_phrased(fields: dict[str, str], phrase: str) -> None:
    assert phrase in REPORT.question(_row(**fields))


def test_q_lora_rows_count_in_the_qlora_group() -> None:
    assert REPORT.group(_row(method="Q-LoRA")) == "training QLoRA"


# ----------------------------------------------------------------------------- ZeRO-3 offload


def _weights_gb(question: str) -> float:
    return float(_detailed(question).breakdown.term("weights"))


@pytest.mark.parametrize(("said", "weights_on_gpu"), [
    ("zero3 offload optimizer only", True),
    ("zero3 con offload del optimizador", True),
    ("zero3 avec déchargement de l'optimiseur", True),
    # Both named: DeepSpeed's offload_param moves the 16-bit parameters too (was read as the
    # optimizer alone in English, and as no offload at all in Spanish and French).
    ("zero3 offload optimizer and params", False),
    ("zero3 offload both optimizer & parameters", False),
    ("zero3 con offload del optimizador y los parámetros", False),
    ("zero3 avec déchargement de l'optimiseur et des paramètres", False),
])
def test_zero3_offload_of_the_optimizer_and_of_the_parameters(
        said: str, weights_on_gpu: bool) -> None:
    weights = _weights_gb(f"full finetune llama 3 8b on 8x a100, {said}, batch 4, seq 2048")
    assert (weights > 0) is weights_on_gpu


@pytest.mark.parametrize(("method", "phrase", "weights_on_gpu"), [
    ("Full + DeepSpeed ZeRO-3, offload_optimizer cpu", "deepspeed zero3 offload optimizer only",
     True),
    ("Full + DeepSpeed ZeRO-3, offload_optimizer cpu, offload_param cpu",
     "deepspeed zero3 offload optimizer and params", False),
    ("Full + DeepSpeed ZeRO-3, offload_optimizer cpu, offload_param none",
     "deepspeed zero3 offload optimizer only", True),
])
def test_a_zero3_row_names_what_it_offloads(method: str, phrase: str,
                                            weights_on_gpu: bool) -> None:
    question = REPORT.question(_row(method=method, gpus="8x A100 80GB (per-GPU)"))
    assert phrase in question
    assert (_weights_gb(question) > 0) is weights_on_gpu


# ----------------------------------------------------------------------------- mixtures of experts


# Each was read as something else: Qwen1.5-MoE-A2.7B as the Qwen1.5 family's largest that fits
# (Qwen1.5 32B, dense), DeepSeekMoE 16B as a bare 16B (a dense Llama-like shape: 40.3 GB for LoRA
# on an A100, its activations those of 16B a token, not 2.8B). Qwen1.5-MoE: 60 experts of width
# 1408, 4 a token, a shared expert 4 widths wide; DeepSeekMoE: one dense layer, then 64 experts of
# width 1408, 6 a token, 2 shared.
@pytest.mark.parametrize(("question", "model_id", "params", "active_b", "dense_layers"), [
    ("lora Qwen/Qwen1.5-MoE-A2.7B on an a100", "qwen1.5-moe-a2.7b", 14.3e9, "2.7", None),
    ("qlora qwen1.5 moe a2.7b chat on a 4090, seq 2048, bs 1", "qwen1.5-moe-a2.7b", 14.3e9, "2.7",
     None),
    ("run qwen1.5-moe-a2.7b-chat on a 3090", "qwen1.5-moe-a2.7b", 14.3e9, "2.7", None),
    ("lora deepseek-moe-16b on an a100", "deepseek-moe-16b", 16.4e9, None, 1),
    ("qlora DeepSeek-MoE-16B-Chat on a 4090, seq 2048 bs 1", "deepseek-moe-16b", 16.4e9, None, 1),
])
def test_a_mixture_of_experts_is_its_own_model(
        question: str, model_id: str, params: float, active_b: str | None,
        dense_layers: int | None) -> None:
    reply = ask(question, "en")
    assert reply.query is not None and reply.query.model_id == model_id, question
    spec = load_models().get(model_id)
    assert spec.arch is not None
    assert spec.arch.param_count() == pytest.approx(params, rel=0.01)
    if active_b is not None:
        assert str(spec.active_params_b) == active_b
    if dense_layers is not None:
        assert spec.arch.dense_layers == dense_layers


@pytest.mark.parametrize(("method", "phrase"), [
    ("Full (HF Trainer, optim adafactor)", "adafactor"),
    ("Full (HF Trainer, optim adamw_torch)", "optim adamw_torch"),
    ("Full (foreach AdamW)", "optim adamw_torch"),
    ("Full (HF Trainer, optim adamw_torch_fused)", ""),
])
def test_a_rows_optimizer_is_phrased(method: str, phrase: str) -> None:
    question = REPORT.question(_row(method=method))
    if phrase:
        assert phrase in question
    else:
        assert "optim" not in question and "adafactor" not in question


def test_an_adafactor_row_is_estimated_with_adafactor() -> None:
    # Its factored second moment keeps far less than AdamW's two full states.
    adafactor = REPORT.question(_row(method="Full (HF Trainer, optim adafactor)"))
    adamw = REPORT.question(_row(method="Full (HF Trainer)"))
    assert _terms(adafactor)["optimizer_states"] < _terms(adamw)["optimizer_states"]


def _terms(question: str) -> dict[str, float]:
    return {t.name: float(t.gb) for t in _detailed(question).breakdown.terms}
