"""The detailed memory estimator, the training-time estimate and the calibration report."""

from __future__ import annotations

import importlib.util
import sys
from decimal import Decimal
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import UnknownMethod
from rules.estimator import (
    Breakdown,
    estimate_inference,
    estimate_training,
    load_constants,
)
from rules.model_catalogue import load_models
from rules.training_time import (
    estimate_training_time,
    gpu_hours_from_throughput,
    training_flops,
)

ROOT = Path(__file__).resolve().parents[1]
CSV_COPY = ROOT / "tests" / "data" / "measured-public.csv"
SHARED_CSV = ROOT.parent / "shared" / "calibration" / "measured-public.csv"
GIB = Decimal("1.073741824")
CATALOGUE = load_models()


def _report_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "calibration_report", ROOT / "scripts" / "calibration_report.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("calibration_report", module)
    spec.loader.exec_module(module)
    return module


def _close(estimate: Decimal, measured: Decimal, over: str = "0.15", under: str = "0.10") -> bool:
    ratio = estimate / measured
    return Decimal(1) - Decimal(under) <= ratio <= Decimal(1) + Decimal(over)


def _terms_add_up(b: Breakdown) -> None:
    # Each term is rounded to 0.1 GB on its own, so allow that much per term.
    total = sum((t.gb for t in b.terms), Decimal(0))
    assert abs(total - b.per_gpu_gb) <= Decimal("0.05") * len(b.terms) + Decimal("0.05")


# ----------------------------------------------------------------------------- pinned cases


def test_constants_load_with_sources() -> None:
    c = load_constants()
    assert c["training.adamw_fp32_states"] == 8
    assert c["bits.quant_constants_double"] == pytest.approx(0.127)
    assert c["activations.korthikanti_sbh"] == 34
    assert all(len(src) > 10 for src in c.sources.values())


def test_llama31_70b_lora_fsdp_8xa100() -> None:
    # torchtune README: Llama 3.1 70B LoRA, 8x A100, batch 2 packed to 2048, compile:
    # 27.6 GiB per GPU (allocator statistics, so compare without the CUDA context).
    b = estimate_training(
        CATALOGUE.get("llama-3.1-70b"), "lora", seq_len=2048, micro_batch=2, grad_ckpt=True,
        gpus=8, compiled=True, grad_accumulation=False,
        # torchtune wraps the embeddings and the output projection as FSDP units of their
        # own (llama3_wrap: "Wrap output_proj individually", modules_to_wrap.add(nn.Embedding)),
        # so they are not the root's, held unsharded through the step.
        fsdp_root=False,
    )
    assert b.term("weights") == Decimal("17.6")  # 70.55B x 2 B / 8
    assert b.term("fsdp_root") == 0
    assert _close(b.allocator_gb, Decimal("27.6") * GIB)
    assert b.gpus == 8 and b.total_gb >= 8 * b.per_gpu_gb - Decimal("0.4")
    _terms_add_up(b)


def test_zero1_and_zero2_keep_the_weights_whole_on_every_gpu() -> None:
    """ZeRO paper, Figure 1: P_os holds (2+2)Ψ + KΨ/N_d per GPU, P_os+g 2Ψ + (2+K)Ψ/N_d, ZeRO-3
    (2+2+K)Ψ/N_d; offload_optimizer moves what the optimizer owns to CPU RAM, not the weights."""
    run = (CATALOGUE.get("llama-3.1-8b"), "full_adamw", 2048, 1, True, 16, 8)
    by = {p: {name: b for name, b, _ in estimate_training(*run, parallel=p).parts}
          for p in ("sharded", "zero2", "zero1")}
    n = by["zero2"]["weights"] / 2  # bf16: 2 bytes a parameter, whole on every GPU
    assert by["zero1"]["weights"] == by["zero2"]["weights"] == 8 * by["sharded"]["weights"]
    for p in ("zero1", "zero2"):  # fp32 master + Adam m, v: 12 bytes, partitioned 8 ways
        assert by[p]["master_weights"] + by[p]["optimizer_states"] == pytest.approx(12 * n / 8)
    assert by["zero2"]["gradients"] == pytest.approx(2 * n / 8)
    assert by["zero1"]["gradients"] == pytest.approx(2 * n)
    assert "sharding_buffers" not in by["zero2"] and "zero_grad_bucket" in by["zero2"]
    offload = {name: b for name, b, _ in
               estimate_training(*run, parallel="zero2", cpu_offload=True).parts}
    assert offload["weights"] == by["zero2"]["weights"]
    assert offload["master_weights"] == offload["optimizer_states"] == offload["gradients"] == 0


def test_zero3_offload_optimizer_alone_keeps_the_bf16_shard_on_the_gpus() -> None:
    """DeepSpeed ZeRO-3 with offload_optimizer and no offload_param: the fp32 master copy, Adam's
    m and v and the gradient partitions go to CPU RAM (16 bytes a parameter), the bf16 parameter
    partition stays on each GPU. DeepSpeed's estimate_zero3_model_states_mem_needs, offload_param
    none: 'gpu_mem = largest_layer_memory + int(2 * total_params / total_gpus)'. Llama 3 8B on 2
    GPUs was 9.3 GB a GPU, as if the parameters were offloaded too; it is 17.4 GB."""
    model = CATALOGUE.get("llama-3-8b")
    run = (model, "full_adamw", 2048, 1, True, 16, 2)
    both = estimate_training(*run, zero3=True, cpu_offload=True)
    alone = estimate_training(*run, zero3=True, cpu_offload=True, offload_params=False)
    plain = {name: b for name, b, _ in estimate_training(*run, zero3=True).parts}
    parts = {name: b for name, b, _ in alone.parts}
    n = plain["weights"] * 2 / 2  # bf16, sharded over 2 GPUs
    assert parts["weights"] == pytest.approx(plain["weights"])  # 2 bytes x N / 2 stays
    assert parts["master_weights"] == parts["optimizer_states"] == parts["gradients"] == 0
    assert alone.per_gpu_gb - both.per_gpu_gb == pytest.approx(Decimal(n / 1e9), abs=0.1)
    assert alone.per_gpu_gb == Decimal("17.4")
    assert alone.host_offload_gb == pytest.approx(Decimal(16 * n / 1e9), abs=0.1)
    assert both.host_offload_gb == pytest.approx(Decimal(18 * n / 1e9), abs=0.1)
    # FSDP's CPUOffload always moves the parameters: the flag is ZeRO-3's alone.
    fsdp = estimate_training(*run, cpu_offload=True, offload_params=False)
    assert fsdp.per_gpu_gb == estimate_training(*run, cpu_offload=True).per_gpu_gb


def test_prepare_model_for_kbit_training_keeps_the_unquantized_parameters_in_fp32() -> None:
    """PEFT's prepare_model_for_kbit_training: 'cast all non INT8 parameters to fp32' (every
    fp16/bf16 parameter that is not a Params4bit): Llama 3 8B's embeddings and output head
    (2 x 128256 x 4096) and norms take 4 bytes each instead of 2, +2.1 GB. Off by default:
    TRL's SFTTrainer casts the embeddings and head back to bf16, torchtune never upcasts (its
    QLoRA rows would be over-estimated by more than 50 % with it)."""
    model = CATALOGUE.get("llama-3-8b")
    arch = model.arch
    assert arch is not None
    rest = arch.param_count() - arch.block_linear_params()
    for method in ("qlora", "lora_int8"):
        plain = estimate_training(model, method, 2048, 2, True, 16, 1)
        up = estimate_training(model, method, 2048, 2, True, 16, 1, kbit_fp32=True)
        assert up.term("weights") - plain.term("weights") == pytest.approx(
            Decimal(2 * rest / 1e9), abs=Decimal("0.1"))
    lora = estimate_training(model, "lora", 2048, 2, True, 16, 1)
    assert estimate_training(model, "lora", 2048, 2, True, 16, 1, kbit_fp32=True) == lora


def test_cpu_offload_says_what_it_moves_to_cpu_ram() -> None:
    """The states CPU offload takes off the GPUs, summed over the run: 2 + 4 + 8 + 4 = 18 bytes a
    parameter for mixed-precision AdamW under FSDP/ZeRO-3 (DeepSpeed's estimate_zero3_model_
    states_mem_needs counts the same 18 with offload_param); ZeRO-2's offload_optimizer leaves
    the 16-bit weights on the GPUs (16 bytes). No offload, no figure."""
    model = CATALOGUE.get("llama-3.1-8b")
    n = estimate_training(model, "full_adamw", 2048, 1, True, 16, 8).parts[0][1] * 8 / 2
    for parallel, per_param in (("sharded", 18), ("zero2", 16)):
        b = estimate_training(model, "full_adamw", 2048, 1, True, 16, 8, parallel=parallel,
                              cpu_offload=True)
        assert b.host_offload_gb == pytest.approx(Decimal(per_param * n / 1e9), abs=0.1)
    assert estimate_training(model, "full_adamw", 2048, 1, True, 16, 8).host_offload_gb is None


def test_preference_pairs_double_the_sequences_and_dpo_keeps_a_reference_copy() -> None:
    """TRL's DPOTrainer runs chosen and rejected in one forward (concatenated_forward): the
    activations and logits of twice the batch; fully fine-tuned, a frozen bf16 reference copy
    (sharded like the weights); with adapters no copy (TRL disables them for the reference)."""
    model = CATALOGUE.get("llama-3.1-8b")

    def parts(method: str, **kw: Any) -> dict[str, float]:
        return {n: b for n, b, _ in estimate_training(model, method, 2048, 2, True, 16, 4,
                                                      **kw).parts}

    sft, pairs, four = parts("lora"), parts("lora", paired=True), {
        n: b for n, b, _ in estimate_training(model, "lora", 2048, 4, True, 16, 4).parts}
    for term in ("activations", "logits", "layer_gradients"):
        assert pairs[term] == four[term] > sft[term]
    assert "reference_model" not in parts("lora", paired=True, reference_model=True)
    full = parts("full_adamw", paired=True, reference_model=True)
    assert full["reference_model"] == full["weights"]  # bf16, sharded 4 ways like the weights


def test_llama32_3b_full_with_checkpointing() -> None:
    # torchtune README 'Optimization flags': Llama 3.2 3B full fine-tune, bf16, batch 2 x 4096
    # packed, compile + chunked cross-entropy + activation checkpointing: 24.9 GiB.
    b = estimate_training(
        CATALOGUE.get("llama-3.2-3b"), "full_adamw", seq_len=4096, micro_batch=2,
        grad_ckpt=True, precision="bf16", compiled=True, loss="chunked",
        grad_accumulation=False,
    )
    assert b.term("weights") == Decimal("6.4")
    assert b.term("optimizer_states") == Decimal("12.9")  # AdamW states in bf16
    assert b.term("master_weights") == Decimal(0)
    assert _close(b.allocator_gb, Decimal("24.9") * GIB)
    _terms_add_up(b)


def test_llama31_8b_full_paged_8bit_adam_on_4090() -> None:
    # torchtune README: Llama 3.1 8B full fine-tune on one 4090 with bitsandbytes
    # PagedAdamW8bit and the optimizer step fused into backward: 18.9 GiB.
    # Paged states stay on the GPU until the card is full, then page out: on a 24 GB card the
    # run fills it; what is not paged is the measured peak.
    kwargs: dict[str, Any] = dict(
        seq_len=2048, micro_batch=2, grad_ckpt=True, precision="bf16", optimizer_paged=True,
        optimizer_in_backward=True, compiled=True, grad_accumulation=False,
    )
    b = estimate_training(CATALOGUE.get("llama-3.1-8b"), "full_adam8bit", vram_per_gpu_gb=24,
                          **kwargs)
    assert b.per_gpu_gb == Decimal("24.0")
    assert any(a.code == "paged_optimizer" for a in b.assumptions)
    resident = b.term("optimizer_states")
    assert Decimal(0) < resident < Decimal("16.1") * Decimal("0.25")  # 8.03B x 2 B would be 16
    assert _close(b.allocator_gb - resident, Decimal("18.9") * GIB)
    # Without a card to fill, every state is counted.
    free = estimate_training(CATALOGUE.get("llama-3.1-8b"), "full_adam8bit", **kwargs)
    assert free.term("optimizer_states") == Decimal("16.1")


@pytest.mark.parametrize(
    ("method", "unquantized", "measured_gib"),
    [
        ("inference_bf16", None, "29.03"),
        ("inference_int8", 4.0, "15.22"),
        ("inference_int4", 4.0, "9.54"),
    ],
)
def test_octocoder_inference(method: str, unquantized: float | None, measured_gib: str) -> None:
    # transformers 'Optimizing LLMs for Speed and Memory': octocoder (15.5B), short prompt.
    b = estimate_inference(
        CATALOGUE.get("octocoder"), method, context_len=316, unquantized_bytes=unquantized
    )
    assert _close(b.allocator_gb, Decimal(measured_gib) * GIB)
    _terms_add_up(b)


def test_qlora_70b_weights_use_double_quant_nf4() -> None:
    b = estimate_training(CATALOGUE.get("llama-3.1-70b"), "qlora", 2048, 1, True)
    # 68.45B block weights x 4.127 bits + 2.1B embedding/head params x 2 bytes.
    assert b.term("weights") == Decimal("39.5")
    plain = estimate_training(CATALOGUE.get("llama-3.1-70b"), "qlora", 2048, 1, True,
                              double_quant=False)
    assert plain.term("weights") > b.term("weights")


def test_lora_on_an_8bit_base_is_one_byte_a_block_weight_plus_row_scales() -> None:
    spec = CATALOGUE.get("llama-3.1-8b")
    b = estimate_training(spec, "lora_int8", 2048, 1, True)
    bf16 = estimate_training(spec, "lora", 2048, 1, True)
    # 6.98B block weights x 1 byte + 1.38M rows x 4-byte FP32 scales (LLM.int8's row-wise
    # constants) + 1.05B embedding/head params x 2 bytes; the BF16 base is 16.1 GB.
    assert (b.term("weights"), bf16.term("weights")) == (Decimal("9.1"), Decimal("16.1"))
    # Its backward dequantizes one linear at a time: the MLP's 4096 x 14336 in BF16.
    assert b.term("int8_dequant_buffer") == Decimal("0.1")
    assert b.term("dequant_buffer") == 0 and bf16.term("int8_dequant_buffer") == 0
    # The rest of the step is LoRA's.
    for term in ("lora_adapters", "activations", "logits", "layer_gradients"):
        assert b.term(term) == bf16.term(term)
    _terms_add_up(b)


def test_full_adamw_mixed_precision_is_18_bytes_per_param() -> None:
    b = estimate_training(10, "full_adamw", 128, 1, True)
    static = b.term("weights") + b.term("master_weights") + b.term("optimizer_states")
    assert static + b.term("gradients") == Decimal(180)
    eight = estimate_training(10, "full_adam8bit", 128, 1, True)
    assert (eight.term("weights") + eight.term("master_weights")
            + eight.term("optimizer_states") + eight.term("gradients")) == Decimal(120)
    assert any(a.code == "shape_assumed" for a in b.assumptions)


def test_kv_cache_is_gqa_aware() -> None:
    arch = CATALOGUE.get("llama-3.1-70b").arch
    assert arch is not None
    assert arch.kv_cache_bytes_per_token(2) == 2 * 80 * 8 * 128 * 2  # 327,680 B/token
    b = estimate_inference(CATALOGUE.get("llama-3.1-70b"), "inference_bf16", 8192, batch=4)
    assert b.term("kv_cache") == Decimal("10.7")  # 327,680 x 8192 x 4
    mha = estimate_inference(CATALOGUE.get("llama-2-13b"), "inference_bf16", 8192, batch=4)
    assert mha.term("kv_cache") > b.term("kv_cache")  # 40 KV heads vs 8


def test_flash_attention_and_compile_lower_activations() -> None:
    model = CATALOGUE.get("llama-3.1-8b")
    base = estimate_training(model, "lora", 4096, 1, False)
    eager_attn = estimate_training(model, "lora", 4096, 1, False, flash_attention=False)
    compiled = estimate_training(model, "lora", 4096, 1, False, compiled=True)
    assert eager_attn.term("activations") > base.term("activations")
    assert compiled.term("activations") < base.term("activations")
    chunked = estimate_training(model, "lora", 4096, 1, False, loss="chunked")
    assert chunked.term("logits") < base.term("logits")


def test_method_checks() -> None:
    with pytest.raises(UnknownMethod):
        estimate_training(7, "inference_bf16", 128, 1, True)
    with pytest.raises(UnknownMethod):
        estimate_inference(7, "qlora", 128)
    with pytest.raises(ValueError, match="must be positive"):
        estimate_training(7, "lora", 0, 1, True)


def test_moe_without_arch_uses_active_params_for_shape() -> None:
    # Qwen3-Next (hybrid Gated DeltaNet attention) has no arch on file.
    b = estimate_training(CATALOGUE.get("qwen3-next-80b-a3b"), "qlora", 2048, 1, True, gpus=8)
    assert b.params_b == Decimal(80)
    assert b.term("weights") > Decimal(4)  # 80B at ~4.1 bits over 8 GPUs
    assert any(a.code == "shape_assumed" for a in b.assumptions)


# ----------------------------------------------------------------------------- properties

MODELS = st.sampled_from(
    ["llama-3.1-8b", "llama-3.1-70b", "qwen2.5-7b", "gemma-2-9b", "mixtral-8x7b",
     "falcon-40b", "qwen3-30b-a3b", "phi-3-mini"]
)
METHODS = st.sampled_from(["qlora", "lora", "full_adamw", "full_adam8bit"])
COMMON = {
    "precision": st.sampled_from([None, "mixed", "bf16"]),
    "grad_accumulation": st.booleans(),
    "compiled": st.booleans(),
}


@settings(max_examples=60, deadline=None)
@given(
    model_id=MODELS, method=METHODS, seq=st.integers(1, 16384), extra=st.integers(1, 8192),
    mb=st.integers(1, 16), ckpt=st.booleans(), gpus=st.integers(1, 8),
    precision=COMMON["precision"], accum=COMMON["grad_accumulation"],
    compiled=COMMON["compiled"],
)
def test_memory_grows_with_seq_len(model_id: str, method: str, seq: int, extra: int, mb: int,
                                   ckpt: bool, gpus: int, precision: str | None, accum: bool,
                                   compiled: bool) -> None:
    model = CATALOGUE.get(model_id)
    kw = dict(gpus=gpus, precision=precision, grad_accumulation=accum, compiled=compiled)
    a = estimate_training(model, method, seq, mb, ckpt, **kw)  # type: ignore[arg-type]
    b = estimate_training(model, method, seq + extra, mb, ckpt, **kw)  # type: ignore[arg-type]
    assert b.per_gpu_gb >= a.per_gpu_gb


@settings(max_examples=60, deadline=None)
@given(model_id=MODELS, method=METHODS, seq=st.integers(1, 8192), mb=st.integers(1, 16),
       more=st.integers(1, 16), ckpt=st.booleans(), gpus=st.integers(1, 8),
       accum=COMMON["grad_accumulation"])
def test_memory_grows_with_batch(model_id: str, method: str, seq: int, mb: int, more: int,
                                 ckpt: bool, gpus: int, accum: bool) -> None:
    model = CATALOGUE.get(model_id)
    a = estimate_training(model, method, seq, mb, ckpt, gpus=gpus, grad_accumulation=accum)
    b = estimate_training(model, method, seq, mb + more, ckpt, gpus=gpus, grad_accumulation=accum)
    assert b.per_gpu_gb >= a.per_gpu_gb


@settings(max_examples=60, deadline=None)
@given(model_id=MODELS, method=METHODS, seq=st.integers(1, 32768), mb=st.integers(1, 16),
       gpus=st.integers(1, 8), accum=COMMON["grad_accumulation"], compiled=COMMON["compiled"])
def test_checkpointing_never_increases_memory(model_id: str, method: str, seq: int, mb: int,
                                              gpus: int, accum: bool, compiled: bool) -> None:
    model = CATALOGUE.get(model_id)
    kw = dict(gpus=gpus, grad_accumulation=accum, compiled=compiled)
    on = estimate_training(model, method, seq, mb, True, **kw)  # type: ignore[arg-type]
    off = estimate_training(model, method, seq, mb, False, **kw)  # type: ignore[arg-type]
    assert on.per_gpu_gb <= off.per_gpu_gb


@settings(max_examples=60, deadline=None)
@given(model=st.one_of(MODELS.map(CATALOGUE.get), st.decimals("0.5", "700", places=1)),
       method=METHODS, seq=st.integers(1, 16384), mb=st.integers(1, 8), ckpt=st.booleans(),
       gpus=st.integers(1, 7), more=st.integers(1, 7), accum=COMMON["grad_accumulation"])
def test_more_gpus_never_increase_per_gpu_memory(model: object, method: str, seq: int, mb: int,
                                                 ckpt: bool, gpus: int, more: int,
                                                 accum: bool) -> None:
    few = estimate_training(model, method, seq, mb, ckpt, gpus=gpus,  # type: ignore[arg-type]
                            grad_accumulation=accum)
    many = estimate_training(model, method, seq, mb, ckpt,  # type: ignore[arg-type]
                             gpus=min(8, gpus + more), grad_accumulation=accum)
    assert many.per_gpu_gb <= few.per_gpu_gb


@settings(max_examples=40, deadline=None)
@given(model_id=MODELS, method=st.sampled_from(["inference_bf16", "inference_int8",
                                                 "inference_int4"]),
       ctx=st.integers(1, 131072), extra=st.integers(1, 65536), batch=st.integers(1, 32),
       gpus=st.integers(1, 8))
def test_inference_grows_with_context_and_shrinks_with_gpus(model_id: str, method: str, ctx: int,
                                                            extra: int, batch: int,
                                                            gpus: int) -> None:
    model = CATALOGUE.get(model_id)
    a = estimate_inference(model, method, ctx, batch, gpus)
    assert estimate_inference(model, method, ctx + extra, batch, gpus).per_gpu_gb >= a.per_gpu_gb
    assert estimate_inference(model, method, ctx, batch, min(8, gpus + 1)).per_gpu_gb <= (
        a.per_gpu_gb
    )


# ----------------------------------------------------------------------------- training time


def test_flops_full_vs_lora() -> None:
    assert training_flops(7, 10**9, "full_adamw") == Decimal(6 * 7 * 10**18)
    assert training_flops(7, 10**9, "lora") == Decimal(4 * 7 * 10**18)
    assert training_flops(7, 10**9, "full_adamw", grad_ckpt=True) == Decimal(8 * 7 * 10**18)
    # DPO, IPO, KTO: the frozen reference model's forward pass, 2·N a token, on top.
    assert training_flops(7, 10**9, "lora", grad_ckpt=True, reference=True) == Decimal(
        8 * 7 * 10**18)
    assert training_flops(7, 10**9, "full_adamw", reference=True) == Decimal(8 * 7 * 10**18)
    # Mixture of experts: FLOPs follow the active parameters.
    assert training_flops(CATALOGUE.get("mixtral-8x7b"), 10**9, "lora") == Decimal(
        "4") * Decimal("12.9") * 10**18


def test_gpu_hours_from_flops_and_throughput() -> None:
    # 70B LoRA on 1e9 tokens: 4 x 70e9 x 1e9 = 2.8e20 FLOPs at 989.5 TFLOPS x 0.50, the
    # matmuls' assumed utilisation (mfu.training_matmuls) when the micro-batch is unknown.
    t = estimate_training_time(70, "lora", 10**9, Decimal("989.5"), gpus=8)
    expected = Decimal("2.8e20") / (Decimal("989.5e12") * Decimal("0.50")) / 3600
    assert abs(t.gpu_hours - expected) <= Decimal("0.01")
    assert abs(t.wall_clock_hours * 8 - t.gpu_hours) <= Decimal("0.05")
    assert any(a.code == "mfu_assumed" for a in t.assumptions)
    # A known micro-batch (2,048 tokens) adds the micro-step's fixed cost (0.05 s); QLoRA's step
    # adds the dequantization of its 4-bit weights at the GPU's bandwidth (H100 3,350 GB/s) on
    # top; without a micro-batch, the matmuls' time alone.
    lora = estimate_training_time(70, "lora", 10**9, Decimal("989.5"), tokens_per_step=2048)
    assert lora.gpu_hours > t.gpu_hours and lora.mfu == Decimal("0.479")
    q = estimate_training_time(70, "qlora", 10**9, Decimal("989.5"), tokens_per_step=2048,
                               bandwidth_gbs=Decimal(3350))
    assert q.gpu_hours > lora.gpu_hours and q.mfu == Decimal("0.441")
    bare = estimate_training_time(70, "qlora", 10**9, Decimal("989.5"))
    assert bare.gpu_hours == t.gpu_hours and bare.mfu == Decimal("0.50")
    mine = estimate_training_time(70, "lora", 10**9, 312, mfu=Decimal("0.5"))
    assert mine.mfu == Decimal("0.5")
    m = gpu_hours_from_throughput(36_000_000, 1000, gpus=2, epochs=2, method="lora")
    assert m.gpu_hours == Decimal("20.00") and m.wall_clock_hours == Decimal("10.00")
    with pytest.raises(ValueError, match="throughput"):
        gpu_hours_from_throughput(1000, 0, method="lora")
    with pytest.raises(ValueError, match="mfu"):
        estimate_training_time(7, "lora", 1000, 312, mfu=2)


# ----------------------------------------------------------------------------- calibration


def _rows(path: Path) -> tuple[Any, list[Any]]:
    report = _report_module()
    return report, report.evaluate(path)


def test_every_row_is_asked_and_answered() -> None:
    report, rows = _rows(CSV_COPY)
    assert len(rows) == 50
    text = report.render(rows)
    for row in rows:
        assert row.question and row.estimate_gb is not None, row.question
        assert row.question in text and f"{row.measured_gb:8.2f}" in text
    summary = report.summarise(rows)
    assert summary.failed == 0
    assert f"rows: {len(rows)}" in text


def test_calibration_today_median_centred_and_no_regression() -> None:
    # What the estimator achieves now on the 50 public rows; the issue's full targets are in
    # the strict xfail below. A change that moves a row outside 10 % under / 50 % over shows.
    report, rows = _rows(CSV_COPY)
    s = report.summarise(rows)
    assert report.MEDIAN_RANGE[0] <= s.median <= report.MEDIAN_RANGE[1], report.render(rows)
    assert s.under <= 6 and s.over <= 6, report.render(rows)


def test_calibration_targets_of_issue_13() -> None:
    report, rows = _rows(CSV_COPY)
    assert report.summarise(rows).meets_targets, report.render(rows)


@pytest.mark.parametrize(
    ("unit", "allocator"),
    [("GiB (peak active)", True), ("GB (peak reserved, training)", True),
     ("GiB (max reserved)", True), ("GB", False), ("GB (range 72-80)", False), ("GiB", False)],
)
def test_allocator_units(unit: str, allocator: bool) -> None:
    assert _report_module().allocator_measured({"unit": unit}) is allocator


def test_allocator_peaks_are_compared_without_the_cuda_context() -> None:
    # torch.cuda max_memory_allocated/reserved exclude the CUDA context that detailed_gb counts.
    _, rows = _rows(CSV_COPY)
    row = next(r for r in rows if r.index == 18)  # torchtune 'Peak Memory Active (GiB)'
    assert row.allocator
    assert row.estimate_gb == pytest.approx(float(row.answer["detailed_gb"]) - 1.3)
    plain = next(r for r in rows if r.index == 19)  # torchtune README 'GB', whole reading
    assert not plain.allocator
    assert plain.estimate_gb == pytest.approx(float(plain.answer["detailed_gb"]))


# The reason names paths as a reader of this checkout sees them, not a machine's layout.
@pytest.mark.skipif(
    not SHARED_CSV.exists(),
    reason="no shared calibration file next to the checkout (../shared/calibration/"
    "measured-public.csv); its copy tests/data/measured-public.csv is checked instead",
)
def test_shared_csv_is_the_packaged_copy() -> None:
    assert SHARED_CSV.read_bytes() == CSV_COPY.read_bytes()


@pytest.mark.parametrize(
    ("row", "phrase"),
    [
        ({"model": "Llama 2 7B", "method": "LoRA (r8 on q,v)", "precision": "bf16",
          "seq_len": "<=512 (Alpaca, unpacked)", "micro_batch": "2", "grad_ckpt": "on",
          "gpus": "1x RTX 4090 24GB", "source": "", "quote": ""},
         "LoRA Llama 2 7B r=8 on q,v on an RTX 4090 24GB, seq 512, not packed, batch size 2, "
         "gradient checkpointing on"),
        ({"model": "Llama 2 70B", "method": "QLoRA (r8 all-linear) + FSDP + CPU offload",
          "precision": "NF4", "seq_len": "2048 packed", "micro_batch": "2", "grad_ckpt": "on",
          "gpus": "2x 24GB GPUs (per-GPU)", "source": "", "quote": ""},
         "QLoRA Llama 2 70B r=8 all linear on 2x 24GB GPUs, seq 2048 packed, batch size 2, "
         "gradient checkpointing on, FSDP with cpu offload"),
        # Packing unstated by the source (torchtune's README table): not invented either way.
        ({"model": "Llama 2 7B", "method": "LoRA (7B_lora_single_device: r8 on q,v)",
          "precision": "bf16 base, AdamW", "seq_len": "2048", "micro_batch": "4",
          "grad_ckpt": "on (config default)", "gpus": "1x RTX 4090 24GB", "source": "",
          "quote": ""},
         "LoRA Llama 2 7B r=8 on q,v on an RTX 4090 24GB, seq 2048, batch size 4, "
         "gradient checkpointing on"),
        ({"model": "bigcode/octocoder", "method": "inference (generate 60 tokens)",
          "precision": "bnb 4-bit (load_in_4bit defaults)", "seq_len": "short prompt + 60 new",
          "micro_batch": "1", "grad_ckpt": "n/a", "gpus": "1x GPU", "source": "", "quote": ""},
         "run bigcode/octocoder, batch size 1, generate 60 tokens, in 4-bit"),
    ],
)
def test_rows_are_phrased_as_chat_questions(row: dict[str, str], phrase: str) -> None:
    report = _report_module()
    assert report.question(row) == phrase
    assert report.parse_measured({"peak_gb": "10", "unit": "GiB"}) == pytest.approx(10.737, 1e-3)
    assert report.main([str(CSV_COPY)]) in (0, 1)
