"""train16: training settings the estimate used to ignore (session 28).

Each behaviour is the tool's own, read from its source: Unsloth's full fine-tuning (pure BF16
weights, adamw_8bit by default), mlx_lm's LoRA flags, run_clm.py's --block_size, torchtune's
BF16 adapters, and the architectures of models people still ask about."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.support.chat import ask

# --- Unsloth's full fine-tuning ---------------------------------------------------------------

# (question, locale): Unsloth's full fine-tuning trains the BF16 weights with its default
# adamw_8bit (unslothai/unsloth unsloth/models/vision.py and rl.py @015bdef0; unsloth_zoo
# training_utils.py @ce232d6c): no FP32 master copy, 8-bit Adam states.
UNSLOTH_FULL = [
    ("full finetune llama 3 8b with unsloth on a 4090", None),
    ("unsloth full_finetuning=True llama 3 8b on a h100", None),
    ("FastLanguageModel.from_pretrained('unsloth/Meta-Llama-3.1-8B', max_seq_length=4096, "
     "full_finetuning=True) on an a100, will it fit", None),
    ("fine-tuning completo de llama 3 8b con unsloth en una h100", "es"),
    ("full fine-tuning de llama 3 8b avec unsloth sur une h100", "fr"),
    ("full finetune llama 3 8b with unsloth float32_mixed_precision=False on a100", None),
]


@pytest.mark.parametrize(("text", "locale"), UNSLOTH_FULL)
def test_unsloth_full_finetuning_is_pure_bf16_with_8bit_adam(
        text: str, locale: str | None) -> None:
    reply = ask(text, locale)
    assert reply.query.method == "full_adam8bit", reply.text
    detailed = reply.answer.detailed
    assert detailed is not None, reply.text
    names = {t.name for t in detailed.breakdown.terms}
    assert "master_weights" not in names, reply.text
    weights = detailed.breakdown.term("weights")
    # BF16 weights and gradients, 8-bit Adam's two one-byte states: 2 bytes a weight each.
    assert detailed.breakdown.term("gradients") == weights
    assert detailed.breakdown.term("optimizer_states") == weights
    assert "unsloth_optimizer" in detailed.defaults


@pytest.mark.parametrize(("text", "method"), [
    # An optimizer named is the one estimated.
    ("full fine-tune qwen2.5 7b with unsloth and adamw_torch on an a100", "full_adamw"),
    ("full fine-tune qwen2.5 7b with unsloth and paged adamw 8bit on an a100", "full_adam8bit"),
    # Mixed precision said stays mixed precision.
    ("full finetune llama 3 8b with unsloth, mixed precision, on an h200", "full_adam8bit"),
])
def test_unsloth_full_finetuning_keeps_what_is_said(text: str, method: str) -> None:
    reply = ask(text)
    assert reply.query.method == method, reply.text
    detailed = reply.answer.detailed
    assert detailed is not None
    assert "unsloth_optimizer" not in detailed.defaults or method == "full_adam8bit"
    if "mixed precision" in text:
        assert detailed.breakdown.term("master_weights") > 0, reply.text


def test_full_finetuning_without_unsloth_is_unchanged() -> None:
    reply = ask("full finetune llama 3 8b on an h200")
    assert reply.query.method == "full_adamw"
    assert reply.query.precision is None


# --- Hugging Face run_clm.py's --block_size ----------------------------------------------------

# (question, sequence length, method): run_clm.py cuts the corpus into blocks of --block_size
# tokens, every training sequence that long; the script trains every weight (no PEFT).
BLOCK_SIZE = [
    ("python run_clm.py --model_name_or_path meta-llama/Llama-3.2-1B --block_size 1024 "
     "--per_device_train_batch_size 8 --bf16 on a 4090, will it oom", 1024, "full_adamw"),
    ("run_clm.py llama 3.2 3b block_size=2048 batch 4 on an a100", 2048, "full_adamw"),
    ("accelerate launch run_clm_no_trainer.py --model_name_or_path Qwen/Qwen2.5-1.5B "
     "--block_size 512 --per_device_train_batch_size 16 en una 4090", 512, "full_adamw"),
    ("lora llama 3 8b with peft run_clm.py --block_size 4096 on an h100", 4096, "lora"),
]


@pytest.mark.parametrize(("text", "seq_len", "method"), BLOCK_SIZE)
def test_block_size_is_the_training_sequence_length(text: str, seq_len: int, method: str) -> None:
    reply = ask(text)
    assert reply.query.seq_len == seq_len, reply.text
    assert reply.query.method == method, reply.text
    detailed = reply.answer.detailed
    assert detailed is not None and detailed.seq_len == seq_len


def test_vllm_block_size_is_no_length() -> None:
    # vLLM's --block-size is its KV cache's page size in tokens.
    reply = ask("vllm serve llama 3 8b --block-size 32 on a 4090")
    assert reply.query.seq_len is None
    assert reply.query.inference


# --- mlx_lm's LoRA flags and defaults -----------------------------------------------------------

# (question, locale, trained layers, batch, checkpointing, rank): mlx_lm.lora trains the last
# --num-layers blocks (16 by default, -1 all) at --batch-size 4 without checkpointing, LoRA rank 8
# (ml-explore/mlx-lm mlx_lm/lora.py CONFIG_DEFAULTS @d78bf58e).
MLX = [
    ("mlx_lm.lora --model mistralai/Mistral-7B-v0.1 --train on m2 max 64gb", None, 16, 4,
     False, 8),
    ("mlx_lm.lora --model mistralai/Mistral-7B-v0.1 --train --batch-size 1 --num-layers 4 "
     "on m1 max 32gb", None, 4, 1, False, 8),
    # -1: every one of Llama 3.2 3B's 28 layers
    ("lora llama 3.2 3b with mlx on my m1 16gb --num-layers -1", None, None, 4, False, 8),
    ("entrenar lora de mistral 7b con mlx-lm en un m2 pro 32gb, num_layers: 8, batch 2, "
     "--grad-checkpoint", "es", 8, 2, True, 8),
    ("lora qwen2.5 7b avec mlx_lm sur un mac m3 max 64 go --num-layers 8 rank 16", "fr", 8, 4,
     False, 16),
]


@pytest.mark.parametrize(("text", "locale", "layers", "batch", "ckpt", "rank"), MLX)
def test_mlx_lm_trains_the_layers_and_settings_it_is_given(
        text: str, locale: str | None, layers: int | None, batch: int, ckpt: bool,
        rank: int) -> None:
    reply = ask(text, locale)
    detailed = reply.answer.detailed
    assert detailed is not None, reply.text
    assert (detailed.micro_batch, detailed.grad_ckpt, detailed.lora_rank) == (batch, ckpt, rank)
    notes = {a.code: a.params for a in detailed.breakdown.assumptions}
    if layers is None:
        assert "trained_layers" not in notes, reply.text
    else:
        assert notes["trained_layers"]["layers"] == layers, reply.text


def test_fewer_layers_keep_fewer_activations_and_adapters() -> None:
    base = "mlx_lm.lora --model mistralai/Mistral-7B-v0.1 --train --batch-size 2 --num-layers {}"
    by_layers = {n: ask(base.format(n) + " on m2 ultra 192gb").answer.detailed for n in (4, 8, 16)}
    acts = {n: d.breakdown.parts for n, d in by_layers.items() if d is not None}
    act = {n: dict((p[0], p[1]) for p in parts)["activations"] for n, parts in acts.items()}
    lora = {n: dict((p[0], p[1]) for p in parts)["lora_adapters"] for n, parts in acts.items()}
    # Without checkpointing, every trained layer keeps its activations: twice the layers, twice.
    assert act[8] == pytest.approx(2 * act[4]) and act[16] == pytest.approx(2 * act[8])
    assert lora[8] == pytest.approx(2 * lora[4]) and lora[16] == pytest.approx(2 * lora[8])


def test_mlx_full_finetuning_trains_the_last_layers_only() -> None:
    reply = ask("mlx_lm.lora --model meta-llama/Meta-Llama-3-8B --train --fine-tune-type full "
                "on m3 max 128gb")
    assert reply.query.method == "full_adamw", reply.text
    detailed = reply.answer.detailed
    assert detailed is not None
    weights = detailed.breakdown.term("weights")
    # Pure BF16 (MLX keeps no FP32 copy): the gradients of the last 16 of 32 blocks.
    assert detailed.breakdown.term("gradients") < weights / 2
    assert detailed.breakdown.term("master_weights") == 0
    assert "the last 16 layers trained" in reply.text


def test_num_layers_without_mlx_is_unread() -> None:
    reply = ask("lora llama 3 8b on a 4090 num_layers 8")
    assert reply.query.trained_layers is None


def test_mlx_named_alone_keeps_the_usual_assumptions() -> None:
    # "with mlx" names no run: the usual typical settings, every layer.
    reply = ask("m3 max 64gb can i finetune gemma 3 12b with mlx")
    detailed = reply.answer.detailed
    assert detailed is not None
    assert (detailed.micro_batch, detailed.grad_ckpt) == (1, True)
    assert "trained_layers" not in {a.code for a in detailed.breakdown.assumptions}


# --- torchtune's BF16 adapters ------------------------------------------------------------------


@pytest.mark.parametrize(("text", "locale", "said"), [
    ("tune run lora_finetune_single_device --config llama3_1/8B_lora_single_device on a 4090",
     None, "adapters in BF16 with AdamW"),
    ("lora de llama 3 8b con torchtune en una 4090", "es", "adaptadores en BF16 con AdamW"),
    ("lora llama 3 8b avec torchtune sur une 4090", "fr", "adaptateurs en BF16 avec AdamW"),
])
def test_torchtune_adapters_are_bf16(text: str, locale: str | None, said: str) -> None:
    # torchtune builds the model, its LoRA weights too, in the config's dtype (bf16) and checks
    # validate_expected_param_dtype(self.adapter_params.items(), dtype=self._dtype): BF16
    # weights, gradients and AdamW states, 8 bytes a parameter instead of PEFT's FP32 16.
    reply = ask(text, locale)
    detailed = reply.answer.detailed
    assert detailed is not None
    assert said in reply.text, reply.text
    # The same projections and rank with PEFT (torchtune adapts all but k and the head; its
    # llama3_1/8B_lora_single_device config says rank 8, train17).
    peft = ask("lora llama 3 8b on q_proj, v_proj, o_proj, gate_proj, up_proj, down_proj with "
               f"peft, rank {detailed.lora_rank}, on a 4090").answer.detailed
    assert peft is not None
    tt = dict((p[0], p[1]) for p in detailed.breakdown.parts)["lora_adapters"]
    pf = dict((p[0], p[1]) for p in peft.breakdown.parts)["lora_adapters"]
    assert tt == pytest.approx(pf / 2), (tt, pf)


@pytest.mark.parametrize("text", [
    "full finetune qwen2.5 0.5b with unsloth on a t4",
    "unsloth full_finetuning=True qwen2.5 0.5b on a v100",
])
def test_unsloth_full_finetuning_without_bf16_is_not_pure_bf16(text: str) -> None:
    # No BF16 on the card: Unsloth loads FP16 and upcasts the weights to FP32.
    reply = ask(text)
    assert reply.query.precision is None, reply.text
    detailed = reply.answer.detailed
    assert detailed is not None
    # FP32 weights and FP32 gradients (not pure BF16's 2 bytes each); no 16-bit copy beside
    # them (train18: Unsloth keeps none).
    # Qwen2.5 0.5B: 0.49B parameters, 4 bytes each
    assert detailed.breakdown.term("weights") == detailed.breakdown.term("gradients")
    assert detailed.breakdown.term("weights") > Decimal("1.9")
