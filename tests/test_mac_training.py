"""Training on one's own Mac: MLX trains in the model's 16-bit type, and the run that fits is
started with mlx-lm, not TRL (whose kernels and 4-bit loader need CUDA)."""

from __future__ import annotations

import pytest

from bot.understand.normalise import fold
from bot.understand.settings import read_flags
from tests.support.chat import ask


@pytest.mark.parametrize(("text", "precision"), [
    ("full finetune llama 3 8b with mlx on my m2 ultra", "bf16"),
    ("full fine tune qwen2.5 7b using mlx-lm", "bf16"),
    ("full finetune llama 3 8b with mlx in mixed precision", "mixed"),  # said wins
    ("full finetune llama 3 8b on my m2 ultra", None),  # no framework said: both figures
])
def test_mlx_named_trains_in_pure_bf16(text: str, precision: str | None) -> None:
    # mlx.optimizers keep Adam's states zeros_like(parameter): no FP32 master copy.
    assert read_flags(fold(text)).precision == precision


@pytest.mark.parametrize(("text", "lang", "lead", "launch"), [
    ("my mac studio m2 ultra 192gb, can i full finetune llama 3 8b with mlx", "en",
     "✅ <b>Yes: Llama 3 8B fits on 1× Apple M2 Ultra (full AdamW).</b>",
     "🛠 Next: with mlx-lm (TRL's kernels need CUDA), run <code>mlx_lm.lora --model … --train "
     "--data … --fine-tune-type full</code>."),
    ("full finetune de qwen2.5 7b avec mlx sur mon m3 max 128go, ça passe ?", "fr",
     "✅ <b>Oui\u00a0: Qwen2.5 7B", "🛠 Étape suivante\u00a0: avec mlx-lm"),
    ("puedo hacer full finetune de llama 3 8b con mlx en mi m2 ultra de 192gb?", "es",
     "✅ <b>Sí: Llama 3 8B", "🛠 Siguiente paso: con mlx-lm"),
])
def test_a_full_run_with_mlx_fits_in_pure_bf16_and_starts_with_mlx_lm(
        text: str, lang: str, lead: str, launch: str) -> None:
    """Was ❌ by the mixed-precision figure (150.9 GB of 144 GB: an FP32 master copy MLX does
    not keep), then TRL's command on a rented A100."""
    reply = ask(text, lang).text
    assert reply.startswith(lead), reply[:300]
    assert launch in reply, reply
    assert "Hugging Face TRL" not in reply


def test_pure_bf16_that_fits_drops_the_16_byte_floor_line() -> None:
    """"✅ fits (67.9 GB of 96)" then "Even the weights, gradients and optimizer states alone
    take 121.76 GB, more than the 96 GB": the floor counts the FP32 copy pure BF16 drops."""
    fits = ask("full fine tune qwen2.5 7b in pure bf16 on m3 max 128gb", "en").text
    assert fits.startswith("✅") and "Even the weights, gradients" not in fits, fits
    # Where even pure BF16 does not fit, the planning floor still says why.
    short = ask("full fine tune llama 3 70b in pure bf16 on m3 max 128gb", "en").text
    assert short.startswith("❌") and "Even the weights, gradients" in short, short


@pytest.mark.parametrize(("text", "launch"), [
    # batch 1 said, checkpointing assumed: mlx_lm.lora's defaults are batch 4 without it, so
    # the command passes both
    ("lora llama 3 8b on my m2 max 64gb with batch 1",
     "🛠 Next: with mlx-lm (TRL's kernels need CUDA), run <code>mlx_lm.lora --model … --train "
     "--data … --batch-size 1 --grad-checkpoint</code>."),
    # estimated at batch 1 with checkpointing, not mlx_lm.lora's own batch 4 without it: the
    # command passes them
    ("qlora mistral 7b on my m1 pro 16gb",
     "🛠 Next: with mlx-lm (TRL's 4-bit path needs CUDA), run <code>mlx_lm.lora --model … "
     "--train --data … --batch-size 1 --grad-checkpoint</code> with a 4-bit MLX model after "
     "--model"),
])
def test_a_run_that_fits_a_mac_starts_with_mlx_lm(text: str, launch: str) -> None:
    reply = ask(text, "en").text
    assert launch in reply and "Hugging Face TRL" not in reply, reply


def test_a_run_the_mac_cannot_hold_keeps_trl_on_the_rented_card() -> None:
    # Nothing mlx-lm can change holds it on the Mac: TRL, on the rented configuration named.
    reply = ask("lora llama 3 70b on my m1 pro 16gb", "en").text
    assert "🛠 Next: with Hugging Face TRL, on 4× A100 80GB" in reply, reply


def test_a_run_the_mac_holds_with_a_change_starts_with_mlx_lm() -> None:
    # Over the Mac at typical settings, within it at shorter sequences (the remedy below): the
    # mlx-lm run with that change, not TRL on a rented card (train17).
    reply = ask("qlora llama 3 70b on my m3 max 64gb, batch 1 with gradient checkpointing, "
                "seq 8192", "en").text
    assert "🛠 Next: with mlx-lm (TRL's 4-bit path needs CUDA), run <code>mlx_lm.lora --model … " \
        "--train --data … --batch-size 1 --grad-checkpoint --max-seq-length 4173</code>" in reply, \
        reply
