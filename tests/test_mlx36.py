"""mlx36 (session 36): an MLX training estimate counts what MLX computes.

mlx-lm trains with MLX's unfused attention (ScaledDotProductAttention::use_fallback while
gradients are traced) and its loss on the model's BF16 logits (default_loss,
nn.losses.cross_entropy with no upcast). The estimate held PyTorch's terms instead: no score
matrix (FlashAttention) and 14 bytes a logit (the FP32 eager loss). Now each trained layer keeps
its BF16 attention probabilities (one layer with checkpointing) and the loss 6 bytes a logit
(rules/data/detailed.toml activations.mlx_attention_scores, activations.logits_mlx).
"""

from __future__ import annotations

import pytest

from rules.catalogue import load_catalogue
from rules.estimator import estimate_training
from tests.support.chat import ask

# Llama 3 8B: 32 heads, hidden 4096, vocabulary 128,256; mlx_lm.lora's 16 trained layers.
SEQ, HEADS, HIDDEN, VOCAB, TRAINED = 2048, 32, 4096, 128256, 16
SCORES_LAYER = 2 * HEADS * SEQ * SEQ  # one layer's BF16 softmax output, bytes
# PyTorch's eager RMSNorm keeps an FP32 copy of its input, two norms a layer; MLX's fused
# mx.fast.rms_norm none.
NORM_COPIES_LAYER = 2 * 4 * HIDDEN * SEQ


def _parts(mlx: bool, ckpt: bool) -> dict[str, float]:
    model = load_catalogue().models.get("llama-3-8b")
    b = estimate_training(model, "lora", SEQ, 1, ckpt, 16, 1, trained_layers=TRAINED, mlx=mlx)
    return {name: size for name, size, _ in b.parts}


@pytest.mark.parametrize(("ckpt", "layers"), [(False, TRAINED), (True, 1)])
def test_mlx_training_holds_the_attention_probabilities(ckpt: bool, layers: int) -> None:
    # Every trained layer's scores without checkpointing, the recomputed layer's alone with it,
    # and no FP32 norm copies.
    cuda, mlx = _parts(False, ckpt), _parts(True, ckpt)
    assert mlx["activations"] - cuda["activations"] == pytest.approx(
        layers * (SCORES_LAYER - NORM_COPIES_LAYER))


def test_mlx_loss_counts_bf16_logits() -> None:
    assert _parts(True, False)["logits"] == pytest.approx(SEQ * VOCAB * 6)
    # The CUDA run keeps PyTorch's eager FP32 loss.
    assert _parts(False, False)["logits"] == pytest.approx(SEQ * VOCAB * 14)


def test_flash_attention_asked_does_not_hide_mlx_scores() -> None:
    model = load_catalogue().models.get("llama-3-8b")
    flash = estimate_training(model, "lora", SEQ, 1, False, 16, 1, trained_layers=TRAINED,
                              mlx=True, flash_attention=True)
    eager = estimate_training(model, "lora", SEQ, 1, False, 16, 1, trained_layers=TRAINED,
                              mlx=True, flash_attention=False)
    assert flash.parts == eager.parts


# (question, locale, the figure now, the assumption's words)
ASKED: list[tuple[str, str | None, str, str]] = [
    # was 21 GB (PyTorch's FP32 loss and norm copies, no scores), 0.3 GB left
    ("lora llama 3 8b on my m2 max 32gb with mlx", None, "about 19.3 GB", "counted here"),
    ("lora de llama 3 8b con mlx en mi m2 max de 32gb", "es", "19,3\u00a0GB",
     "que aquí se cuentan"),
    ("lora de llama 3 8b avec mlx sur mon m2 max 32 go", "fr", "19,3\u202fGo", "comptées ici"),
    # mlx_lm.lora's own defaults (batch 4, 16 layers, no checkpointing): was 58.9 GB
    ("mlx_lm.lora --model meta-llama/Meta-Llama-3-8B --train on my m2 max 32gb", None,
     "about 64.2 GB", "counted here"),
]


@pytest.mark.parametrize(("q", "lang", "figure", "said"), ASKED)
def test_an_mlx_run_is_estimated_as_mlx_runs_it(q: str, lang: str | None, figure: str,
                                                said: str) -> None:
    reply = ask(q, lang)
    assert figure in reply.text, reply.text
    assert said in reply.text, reply.text
    assert "not counted here" not in reply.text, reply.text
