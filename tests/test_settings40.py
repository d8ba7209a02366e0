"""settings40: training settings people give that the verdict ignored.

Each setting the detailed estimate can use changes its figures; the rest are said, and the
settings with no memory effect (max_grad_norm, warmup, NEFTune's noise) are read as nothing."""

from __future__ import annotations

from decimal import Decimal

import pytest

from rules.estimator import estimate_training
from tests.support.chat import CATALOGUE, ask


def _model(model_id: str) -> object:
    return next(m for m in CATALOGUE.models if m.id == model_id)


# --- modules_to_save: the embedding table and the output head trained in full ----------------

# Llama 3 8B: a 128,256 x 4,096 table and an untied head, 525.3M parameters each.
_LLAMA3_TABLE = 128_256 * 4_096


def test_modules_to_save_adds_the_copies_their_gradients_and_adamw_states() -> None:
    model = _model("llama-3-8b")
    plain = estimate_training(model, "lora", 2048, 1, True, 16, 1)
    both = estimate_training(model, "lora", 2048, 1, True, 16, 1, trained_embeddings=2)
    # PEFT's deep copy (BF16), its BF16 gradient and torch AdamW's two BF16 states: 8 bytes
    assert both.term("trained_embeddings") == Decimal("8.4")
    assert float(both.total_gb - plain.total_gb) == pytest.approx(
        2 * _LLAMA3_TABLE * 8 / 1e9, abs=0.1)
    head = estimate_training(model, "lora", 2048, 1, True, 16, 1, trained_embeddings=1)
    assert head.term("trained_embeddings") == Decimal("4.2")


def test_unsloth_replaces_the_offloaded_originals_and_steps_them_in_8_bits() -> None:
    model = _model("llama-3-8b")
    both = estimate_training(model, "qlora", 2048, 1, True, 16, 1, kernels="unsloth",
                             optimizer="adam8bit", trained_embeddings=2)
    # the original moved to disk: the gradient (2 B) and 8-bit Adam's two states (2 B) only
    assert both.term("trained_embeddings") == Decimal("4.2")


def test_a_full_fine_tune_trains_them_anyway() -> None:
    reply = ask("full finetune llama 3 8b on an h100 with modules_to_save=[embed_tokens, lm_head]"
                ", details")
    assert reply.answer.detailed is not None
    assert "modules_to_save" not in reply.text, reply.text


@pytest.mark.parametrize(("text", "locale", "gb", "said"), [
    ('lora llama 3 8b on a 4090, modules_to_save=["embed_tokens","lm_head"]', None, "31.5",
     "the embedding table and the output head"),
    ("qlora llama 3 8b on a 4090 modules_to_save lm_head", None, "17",
     "the output head. PEFT keeps"),
    ("lora llama 3 8b en una 4090 entrenando también los embeddings", "es", "31,5",
     "la tabla de embeddings y la cabeza de salida"),
    ("lora llama 3 8b sur une 4090 en entraînant les embeddings", "fr", "31,5",
     "la table d'embeddings et la tête de sortie"),
    ("qlora llama 3 8b with unsloth on a 4090, embedding_learning_rate 5e-6", None, "13.7",
     "Unsloth moves the frozen originals to disk"),
])
def test_trained_embeddings_are_counted_and_said(
        text: str, locale: str | None, gb: str, said: str) -> None:
    reply = ask(text + ", details", locale)
    detailed = reply.answer.detailed
    assert detailed is not None, reply.text
    assert said in reply.text, reply.text
    assert gb in reply.text, reply.text


@pytest.mark.parametrize("text", [
    "train an embedding model on a 4090",
    "lora llama 3 8b on a 4090",
    "lora llama 3 8b on a 4090 target_modules=[q_proj,v_proj,embed_tokens]",
])
def test_no_trained_embeddings_where_none_are_named(text: str) -> None:
    reply = ask(text)
    assert reply.query.trained_embeddings is None, text


# --- settings with no memory effect are read as nothing --------------------------------------

@pytest.mark.parametrize("text", [
    "qlora llama 3 8b on a 4090, learning_rate 2e-4",
    "qlora llama 3 8b on a 4090 learning rate 2e-4",
    "qlora llama 3 8b with unsloth on a 4090, embedding_learning_rate 5e-6",
])
def test_a_learning_rate_is_no_price_question(text: str) -> None:
    reply = ask(text)
    assert reply.query.intent == "fit", reply.text
    assert not reply.text.startswith("💵"), reply.text


@pytest.mark.parametrize("said", [
    "max_grad_norm 0.3, warmup_ratio 0.03",
    "neftune_noise_alpha=5, lr_scheduler_type cosine, weight_decay 0.01",
    "warmup_steps 100, max_grad_norm=1.0, seed 42",
])
def test_settings_with_no_memory_effect_change_nothing(said: str) -> None:
    plain = ask("qlora llama 3 8b on a 4090, seq 2048 batch 2")
    reply = ask(f"qlora llama 3 8b on a 4090, seq 2048 batch 2, {said}")
    assert reply.answer.detailed is not None and plain.answer.detailed is not None
    assert reply.answer.detailed.breakdown.total_gb == plain.answer.detailed.breakdown.total_gb
    assert (reply.query.params_b, reply.query.gpu_count, reply.query.intent) == (
        plain.query.params_b, plain.query.gpu_count, plain.query.intent), reply.text


# --- Cut Cross-Entropy: the loss never stores the logits -------------------------------------

def test_cut_cross_entropy_holds_the_hidden_states_gradient_alone() -> None:
    model = _model("llama-3-8b")
    eager = estimate_training(model, "qlora", 8192, 1, True, 16, 1)
    cut = estimate_training(model, "qlora", 8192, 1, True, 16, 1, loss="cut")
    # 8,192 tokens x 4,096 x 2 bytes (cce_backward.py's de), not 8,192 x 128,256 x 14
    assert cut.term("logits") == Decimal("0.1")
    assert eager.term("logits") == Decimal("14.7")


@pytest.mark.parametrize(("text", "locale"), [
    ("qlora llama 3 8b on a 4090 with cut cross entropy, seq 8192", None),
    ("qlora llama 3 8b on a 4090, seq 8192, cut_cross_entropy: true", None),
    ("qlora llama 3 8b en una 4090 con cce, secuencia 8192", "es"),
    ("qlora llama 3 8b sur une 4090 avec cut cross entropy, séquence 8192", "fr"),
])
def test_cut_cross_entropy_said_is_estimated(text: str, locale: str | None) -> None:
    reply = ask(text + ", details", locale)
    detailed = reply.answer.detailed
    assert detailed is not None, reply.text
    assert detailed.breakdown.term("logits") == Decimal("0.1"), reply.text
    assert "ml-cross-entropy" in reply.text, reply.text


def test_cut_cross_entropy_turned_off_is_the_eager_loss() -> None:
    reply = ask("qlora llama 3 8b on a 4090, seq 8192, cut_cross_entropy: false, details")
    assert reply.answer.detailed is not None
    assert reply.answer.detailed.breakdown.term("logits") == Decimal("14.7"), reply.text


# --- optimizers with one state a weight or none ------------------------------------------------

@pytest.mark.parametrize(("optimizer", "states_gb"), [
    ("lion", "32.1"),  # bitsandbytes' Lion: one FP32 state a weight (8.03B x 4 B)
    ("lion8bit", "8"),  # one byte
    ("sgd_momentum", "32.1"),  # torch SGD: one buffer in the FP32 master weights' dtype
])
def test_lion_and_sgd_keep_one_state_a_weight(optimizer: str, states_gb: str) -> None:
    model = _model("llama-3-8b")
    adamw = estimate_training(model, "full_adamw", 2048, 1, True, 16, 1)
    one = estimate_training(model, "full_adamw", 2048, 1, True, 16, 1, optimizer=optimizer)
    assert adamw.term("optimizer_states") == Decimal("64.2")
    assert one.term("optimizer_states") == Decimal(states_gb)


def test_plain_sgd_keeps_no_state_and_pure_bf16_momentum_is_bf16() -> None:
    model = _model("llama-3-8b")
    sgd = estimate_training(model, "full_adamw", 2048, 1, True, 16, 1, optimizer="sgd")
    assert sgd.term("optimizer_states") == 0
    bf16 = estimate_training(model, "full_adamw", 2048, 1, True, 16, 1, precision="bf16",
                             optimizer="sgd_momentum")
    assert bf16.term("optimizer_states") == Decimal("16.1")


def test_lora_adapters_keep_the_optimizer_s_states() -> None:
    model = _model("llama-3-8b")
    adamw = estimate_training(model, "lora", 2048, 1, True, 16, 1)
    lion = estimate_training(model, "lora", 2048, 1, True, 16, 1, optimizer="lion")
    # 42M adapter parameters: 16 bytes with AdamW, 12 with Lion
    assert adamw.term("lora_adapters") == Decimal("0.7")
    assert lion.term("lora_adapters") == Decimal("0.5")


@pytest.mark.parametrize(("text", "locale", "optimizer", "said", "gb"), [
    ('full finetune llama 3 8b on an h100 optim="lion_8bit" bs 1', None, "lion8bit",
     "8-bit Lion keeps one state a weight in one byte", "94.7"),
    ("full finetune llama 3 8b on 2x h100 with paged_lion_32bit", None, "lion", "Lion keeps one",
     None),
    ("full finetune llama 3 8b on an h100 with lion 8-bit, pure bf16", None, "lion8bit",
     "(full fine-tuning, 8-bit Lion)", "46.5"),
    ("full finetune llama 3 8b on an h100 with optim=sgd, pure bf16", None, "sgd",
     "Plain SGD (momentum 0, PyTorch's default) keeps no optimizer state.", "38.5"),
    ("full finetune llama 3 8b on an h100, sgd with momentum 0.9, pure bf16", None,
     "sgd_momentum", "SGD with momentum keeps one buffer a weight", "54.5"),
    ("ajuste completo de llama 3 8b en una h100 con sgd, bf16 puro", "es", "sgd", "SGD", "38,5"),
    ("fine-tuning complet de llama 3 8b sur une h100 avec lion", "fr", "lion", "Lion", "118,8"),
])
def test_lion_and_sgd_said_are_estimated(text: str, locale: str | None, optimizer: str,
                                         said: str, gb: str | None) -> None:
    # Was AdamW's two states a weight, with "Lion is not modelled here".
    reply = ask(text + ", details", locale)
    assert reply.query.optimizer == optimizer and reply.query.other_optimizer is None
    assert "not modelled" not in reply.text and "AdamW's figures" not in reply.text
    assert said in reply.text, reply.text
    if gb is not None:
        assert gb in reply.text, reply.text


# --- LoRA targets: a frozen linear keeps no input for backward ---------------------------------

def test_frozen_linears_keep_no_input_for_backward() -> None:
    model = _model("llama-3-8b")
    every = estimate_training(model, "lora", 2048, 1, False, 16, 1)
    qv = estimate_training(model, "lora", 2048, 1, False, 16, 1, lora_targets="qv")
    # q and v adapted: the MLP's input (4,096) and the down projection's (14,336) are not kept,
    # 2 bytes each, a token and layer: 2,048 x 32 x 36,864 B = 2.4 GB
    assert every.term("activations") == Decimal("13.2")
    assert qv.term("activations") == Decimal("10.7")
    mlp = estimate_training(model, "lora", 2048, 1, False, 16, 1, lora_targets="mlp")
    # the MLP adapted: only the attention's input (4,096) is not kept
    assert mlp.term("activations") == Decimal("12.6")
    full = estimate_training(model, "full_adamw", 2048, 1, False, 16, 1)
    assert full.term("activations") == every.term("activations")


def test_an_8_bit_base_keeps_its_inputs_whatever_the_targets() -> None:
    # bitsandbytes' MatMul8bitLt keeps its input whenever the input needs a gradient
    model = _model("llama-3-8b")
    every = estimate_training(model, "lora_int8", 2048, 1, False, 16, 1)
    qv = estimate_training(model, "lora_int8", 2048, 1, False, 16, 1, lora_targets="qv")
    assert qv.term("activations") == every.term("activations")


@pytest.mark.parametrize(("text", "gb"), [
    ("lora llama 3 8b on a 4090, target_modules=['q_proj','v_proj'], no gradient checkpointing",
     "32.2"),
    ("lora llama 3 8b on a 4090, only attention, no gradient checkpointing", "32.3"),
    ("lora llama 3 8b on a 4090, target_modules=all-linear, no gradient checkpointing", "35.3"),
])
def test_targets_said_change_the_activations_kept(text: str, gb: str) -> None:
    reply = ask(text + ", details")
    assert reply.answer.detailed is not None, reply.text
    assert f"Total per GPU: {gb} GB" in reply.text, reply.text
