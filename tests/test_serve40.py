"""serve40 (session 40): serving flags and engines as people paste them.

- vLLM's "--dtype half" (and "fp16", "float16") is FP16: the reply named it BF16 ("does not fit
  on 1× T4 (BF16 inference)") and then told the user to serve it in FP16 with --dtype half, the
  flag they had passed. The figures are the same (2 bytes a value); the names now say FP16.
"""

from __future__ import annotations

import pytest

from tests.support.chat import ask, says

# ----------------------------------------------------------------------------- --dtype half


@pytest.mark.parametrize("text", [
    "vllm serve mistralai/Mistral-7B-Instruct-v0.3 --dtype half --max-model-len 8192 on a t4 "
    "will it fit",
    "vllm serve Qwen/Qwen2.5-7B-Instruct --dtype float16 --max-model-len 4096 on v100 16gb",
    "serve mistral 7b in fp16 with vllm on a t4 at 8k context",
])
def test_fp16_said_is_named_fp16(text: str) -> None:
    reply = ask(text, "en")
    assert reply.query.fp16_weights, reply.query
    says(reply.text, ["(FP16 inference).</b>", "Inference in FP16",
                      "KV cache in FP16 for prompt and output"],
         ["BF16 inference", "Inference in BF16", "serve a BF16 model in FP16 there"])


def test_fp16_figures_are_bf16_figures() -> None:
    half = ask("vllm serve mistralai/Mistral-7B-Instruct-v0.3 --dtype half --max-model-len 8192 "
               "on a t4 will it fit", "en")
    plain = ask("vllm serve mistralai/Mistral-7B-Instruct-v0.3 --max-model-len 8192 on a t4 "
                "will it fit", "en")
    assert half.answer.detailed is not None and plain.answer.detailed is not None
    assert half.answer.detailed.breakdown.total_gb == plain.answer.detailed.breakdown.total_gb
    # the card without BF16 still gets its FP16 advice when BF16 is what was counted
    says(plain.text, ["(BF16 inference)", "serve a BF16 model in FP16 there"], [])


@pytest.mark.parametrize("text", [
    "vllm serve meta-llama/Llama-3.1-8B-Instruct --dtype bfloat16 --max-model-len 8192 on a 4090",
    "llama 3 8b bf16 vs fp16 on a 4090",  # both said: no one precision chosen
    "llama 3 8b f16 gguf on a 4090",  # a GGUF type, named as such
])
def test_bf16_or_a_gguf_type_is_not_fp16(text: str) -> None:
    assert not ask(text, "en").query.fp16_weights, text


def test_fp16_in_spanish_and_french() -> None:
    for text, locale, name in (
        ("vllm serve mistralai/Mistral-7B-Instruct-v0.3 --dtype half --max-model-len 8192 en "
         "una t4, cabe?", "es", "FP16"),
        ("vllm serve mistralai/Mistral-7B-Instruct-v0.3 --dtype half --max-model-len 8192 sur "
         "une t4, ça rentre ?", "fr", "FP16"),
    ):
        reply = ask(text, locale)
        assert reply.query.fp16_weights, text
        assert name in reply.text.split("\n")[0] and "BF16" not in reply.text.split("\n")[0]


# ----------------------------------------------------------------------------- --cpu-offload-gb
# vLLM's --cpu-offload-gb N keeps N GiB of each GPU's weights in pinned CPU RAM, read over PCIe
# in every forward pass (vllm/config/offload.py OffloadConfig.cpu_offload_gb: "a virtual way to
# increase the GPU memory size"; rules/data/serving.toml vllm.cpu_offload_gb). It was read as
# nothing: Llama 3.1 8B in BF16 with 10 GiB offloaded on a 3060 was "does not fit" at 16 GB of
# weights.

_OFFLOAD_8B = ("LLM(model='meta-llama/Llama-3.1-8B-Instruct', cpu_offload_gb=10, "
               "max_model_len=4096) vllm on a 3060 12gb")


def test_offloaded_weights_leave_the_gpu() -> None:
    reply = ask(_OFFLOAD_8B, "en")
    assert reply.query.cpu_offload_gib == 10, reply.query
    detailed = reply.answer.detailed
    assert detailed is not None and detailed.method == "inference_bf16", reply.text
    # 16.06 GB of BF16 weights less 10 GiB (10.74 GB): 5.3 GB on the GPU
    says(reply.text, ["✅ <b>Yes: Llama 3.1 8B fits on 1× RTX 3060 (BF16 inference).</b>",
                      "• Model weights: 5.3 GB", "<code>--cpu-offload-gb 10</code>: up to "
                      "10.7 GB of each GPU's weights stay in CPU RAM",
                      "generation is slower"],
         ["Even the BF16 weights alone take"])


def test_the_offload_is_per_gpu_and_said_in_the_command_line_form() -> None:
    reply = ask("vllm serve meta-llama/Llama-3.1-70B-Instruct --cpu-offload-gb 20 "
                "--max-model-len 8192 on a 4090", "en")
    assert reply.query.cpu_offload_gib == 20 and reply.query.gpu == "rtx-4090"
    detailed = reply.answer.detailed
    assert detailed is not None
    weights = dict((n, b) for n, b, _ in detailed.breakdown.parts)["weights"]
    # 141.1 GB of BF16 weights less 21.47 GB
    assert abs(weights - (141.1e9 - 20 * 2**30)) < 0.2e9, weights
    two = ask("vllm serve meta-llama/Llama-3.1-70B-Instruct --cpu-offload-gb 20 "
              "--tensor-parallel-size 2 --max-model-len 8192 on 2x 4090", "en")
    assert two.answer.detailed is not None
    split = dict((n, b) for n, b, _ in two.answer.detailed.breakdown.parts)["weights"]
    assert abs(split - (141.1e9 / 2 - 20 * 2**30)) < 0.2e9, split


def test_no_offload_without_the_flag_or_outside_vllm() -> None:
    assert ask("vllm llama 3.1 8b on a 3060 12gb max model len 4096", "en").query \
        .cpu_offload_gib is None
    # DeepSpeed's CPU offload of a training run is no vLLM flag
    assert ask("full finetune llama 3 8b with zero3 cpu offload on 2x 4090", "en").query \
        .cpu_offload_gib is None


# ----------------------------------------------------------------------------- Ollama, a card by its size
# "ollama run llama3.1:70b on a 24GB card": the card is read as the cards sold at 24 GB report
# (24564 MiB, 25.76 GB: its fit said so) and Ollama's default context for that much memory is
# 32,768 tokens (23 GiB and up, rules/data/serving.toml ollama.default_context), as on a 4090;
# it was 4,096, its 24 x 10^9 bytes (22.35 GiB) read under the tier.


def test_ollama_context_on_a_card_known_by_its_size() -> None:
    card = ask("ollama run llama3.1:70b on a 24GB card", "en")
    named = ask("ollama run llama3.1:70b on a 4090", "en")
    assert card.answer.query.seq_len == named.answer.query.seq_len == 32768, (
        card.answer.query.seq_len, named.answer.query.seq_len)
    says(card.text, ["With 32,768 tokens of context", "of the 25.76 GB (24 GiB) each GPU has"],
         ["With 4,096 tokens of context"])
    # under 23 GiB it stays 4,096 (a 16 GB card: 17.18 GB, 16 GiB)
    assert ask("ollama run llama3.1:8b on a 16GB card", "en").answer.query.seq_len == 4096


# ----------------------------------------------------------------------------- SGLang's share
# SGLang's --mem-fraction-static holds the weights and the KV cache pool; activations and CUDA
# graphs use the rest ("mem_fraction_static is defined as (model weights + KV cache pool) / GPU
# memory capacity", sgl-project/sglang @001067ff server_args.py). Unset, SGLang computes it from
# the GPU's memory at start-up. The reply counted every SGLang question "at vLLM's default, 92%"
# against weights, cache, activations and CUDA context together, and read no
# --mem-fraction-static at all ("counted here at vLLM's default, 80%" after "0.8" was said).


@pytest.mark.parametrize(("mib", "tp", "share"), [
    # 4090: 512 + 2048 x 1.5 + 128 + 24 x 2 + 42 prefill graphs x 8 = 4,096 MiB reserved
    (24564, 1, "0.833"),
    # H100 80GB, --tp 2: 512 + 12,288 + 256 + 512 + 58 x 8 = 14,032 MiB; sglang issue #29092
    # reported 0.828 for an H100 ("Qwen3 32 B")
    (81559, 2, "0.828"),
    (81559, 1, "0.830"),
    (23034, 1, "0.822"),  # L4
    (15360, 1, "0.735"),  # T4: 2048 x 1.5 + 8 x 2 + 42 x 8 + 640
    (143771, 8, "0.893"),  # H200, --tp 8: 512 + 12,288 + 1,024 + 512 x 2 + 58 x 8 MiB
])
def test_sglangs_own_default(mib: int, tp: int, share: str) -> None:
    from decimal import Decimal

    from rules.capacity import sglang_mem_fraction_static
    assert sglang_mem_fraction_static(mib, tp) == Decimal(share)


def test_sglang_counts_weights_and_cache_within_its_default() -> None:
    reply = ask("sglang llama 3.1 8b on l4 how many concurrent at 4k", "en")
    cc = reply.answer.concurrency[0]
    assert cc.engine == "sglang" and str(cc.utilization) == "0.822" and not cc.utilization_said
    # 0.822 x 24.15 GB = 19.9 GB for 16.1 GB of weights and 6 caches of 0.54 GB
    says(reply.text, ["👥 <b>At most about 6 sequences at once",
                      "SGLang keeps the weights and the KV cache within "
                      "<code>--mem-fraction-static</code> of each GPU", "<code>0.822</code> here, 19.9 GB of "
                      "24.15 GB (22.5 GiB)", "Weights 16.1 GB and the KV cache of 6 sequences"],
         ["vLLM's default", "92%"])


def test_sglang_reads_the_fraction_said() -> None:
    for text in ("python -m sglang.launch_server --model-path meta-llama/Llama-3.1-8B-Instruct "
                 "--mem-fraction-static 0.8 on a 4090 how many concurrent at 8k",
                 "sglang llama 3.1 8b mem_fraction_static=0.8 on a 4090 how many concurrent at 8k"):
        reply = ask(text, "en")
        assert str(reply.query.mem_fraction_static) == "0.8", text
        cc = reply.answer.concurrency[0]
        assert cc.utilization_said and cc.sequences == 4, cc
        says(reply.text, ["<code>--mem-fraction-static 0.8</code> of each GPU: 20.6 GB of "
                          "25.76 GB (24 GiB)"], ["vLLM's default"])


def test_the_fraction_is_sglangs_only() -> None:
    assert ask("vllm llama 3.1 8b mem_fraction_static=0.8 on a 4090 how many concurrent",
               "en").query.mem_fraction_static is None


# ----------------------------------------------------------------------------- --quantization bitsandbytes
# vLLM's "--quantization bitsandbytes" loads bitsandbytes' 4-bit weights (vLLM docs, BitsAndBytes:
# "Inflight quantization: load as 4bit quantization"; rules/data/serving.toml vllm.bitsandbytes):
# it was served in BF16 (34.5 GB at vLLM's default context on a 3060, 16 GB of weights).


@pytest.mark.parametrize("text", [
    "vllm serve meta-llama/Llama-3.1-8B-Instruct --quantization bitsandbytes --load-format "
    "bitsandbytes on a 3060",
    "vllm serve meta-llama/Llama-3.1-8B-Instruct -q bitsandbytes --max-model-len 8192 on a 3060",
    "LLM(model='meta-llama/Llama-3.1-8B-Instruct', quantization='bitsandbytes', "
    "max_model_len=8192) vllm on a 3060",
])
def test_vllm_bitsandbytes_is_4_bit(text: str) -> None:
    reply = ask(text, "en")
    assert reply.query.method == "inference_int4", (text, reply.query.method)
    assert "(4-bit inference)" in reply.text.split("\n")[0], reply.text[:300]


def test_tgis_bitsandbytes_stays_8_bit_or_unsaid() -> None:
    # TGI's "--quantize bitsandbytes" is LLM.int8 (8-bit): not read as 4-bit
    reply = ask("text-generation-launcher --model-id meta-llama/Llama-3.1-8B-Instruct "
                "--quantize bitsandbytes on a 3060", "en")
    assert reply.query.method != "inference_int4", reply.query.method


# ----------------------------------------------------------------------------- -pp stages
# vLLM's pipeline stages each keep their own layers, the first the token embeddings and the last
# the output head (vllm/distributed/utils.py get_pp_indices; the models' first/last-rank
# embed_tokens; rules/data/serving.toml vllm.pipeline_parallel). The weights were split evenly
# over tp x pp GPUs, tables included: Llama 3.2 3B (tied, 394M-parameter table) on -pp 4 was
# 1.6 GB a GPU, while its first and last stage each hold 7 layers and a whole table, 2.2 GB.


def test_pipeline_layers_as_vllm_splits_them() -> None:
    from rules.estimator import pipeline_layers
    assert pipeline_layers(80, 2) == [40, 40]
    assert pipeline_layers(80, 3) == [27, 27, 26]  # the extra layer before the last stage
    assert pipeline_layers(28, 4) == [7, 7, 7, 7]
    assert pipeline_layers(61, 4) == [15, 15, 16, 15]


def test_the_fullest_stage_holds_a_table() -> None:
    reply = ask("vllm serve meta-llama/Llama-3.2-3B-Instruct -pp 4 --max-model-len 8192 on 4x t4",
                "en")
    detailed = reply.answer.detailed
    assert detailed is not None
    weights = dict((n, b) for n, b, _ in detailed.breakdown.parts)["weights"]
    assert 2.1e9 < weights < 2.3e9, weights  # was 1.6 GB (6.43 GB over 4)
    says(reply.text, ["• Model weights: 2.2 GB",
                      "4 pipeline stages of 1 GPU (4 in all): each stage holds its own layers "
                      "(7/7/7/7, as vLLM splits them)"],
         ["Weights and KV cache split evenly over 4 GPUs", "1 ways"])


def test_an_even_split_of_an_untied_model_is_unchanged() -> None:
    # Llama 3.1 70B (untied) on -tp 2 -pp 2: 40 layers and one table a stage, as an even split
    reply = ask("vllm serve meta-llama/Llama-3.1-70B-Instruct -tp 2 -pp 2 on a100s how many "
                "concurrent at 8k", "en")
    says(reply.text, ["👥 <b>At most about 63 sequences at once", "Weights 35.3 GB"], [])


def test_tensor_parallel_within_stages_is_no_head_split() -> None:
    # "-tp 2 -pp 3": 64 heads over 2 GPUs a stage divide (was "vLLM cannot split Llama 3.1 70B
    # over 6 GPUs with tensor parallelism")
    reply = ask("vllm serve meta-llama/Llama-3.1-70B-Instruct -tp 2 -pp 3 --max-model-len 8192 "
                "--quantization fp8 on 6x 4090", "en")
    assert reply.answer.head_split is None
    says(reply.text, ["✅ <b>Yes: Llama 3.1 70B fits on 6× RTX 4090 (8-bit inference).</b>",
                      "3 pipeline stages of 2 GPUs (6 in all)", "(27/27/26, as vLLM splits them)"],
         ["cannot split"])
