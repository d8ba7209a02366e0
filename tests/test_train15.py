"""train15: fine-tuning memory against measured runs and the settings people state.

The largest model a memory holds is named from models whose estimate comes from their own
architecture: a model with none on file is estimated with a generic Llama-like shape of its
size, which knows nothing of its vocabulary or layers."""

from __future__ import annotations

import pytest

from tests.support.chat import CATALOGUE, ask

# (question, locale, the size the reply leads with, names that must not lead it)
LARGEST = [
    ("biggest model i can qlora on a 24gb gpu", None, 24, ("MPT 30B", "OPT-30B")),
    ("whats the biggest model i can qlora on my 4090??", None, 24, ("MPT 30B", "OPT-30B")),
    ("cual es el modelo mas grande q puedo entrenar con qlora en mi 3090", "es", 24,
     ("MPT 30B", "OPT-30B")),
    ("le plus gros modèle que je peux qlora sur une 4090 ?", "fr", 24, ("MPT 30B", "OPT-30B")),
    ("biggest model i can serve in int8 on an H100", None, 65.2, ("OPT-66B",)),
]


@pytest.mark.parametrize(("text", "locale", "size", "unknown"), LARGEST)
def test_the_largest_size_is_one_a_model_with_its_own_architecture_holds(
        text: str, locale: str | None, size: float, unknown: tuple[str, ...]) -> None:
    reply = ask(text, locale)
    answer = reply.answer
    assert answer.largest_detailed is not None, reply.text
    got, names = answer.largest_detailed
    assert float(got) == size, reply.text
    lead = reply.text.split("\n")[0]
    assert not [n for n in unknown if n in lead], lead
    by_name = {m.name: m for m in CATALOGUE.models}
    # At least one named model was estimated with its own layers and vocabulary.
    assert any(by_name[n].arch is not None for n in names), names


# --- what makes a run fit: Unsloth where it would ---------------------------------------------

# (question, locale, the Unsloth option's words, the same run asked "with unsloth")
UNSLOTH_FIXES = [
    ("qlora gemma 2 27b on a 4090, seq len 8192 batch size 1 grad ckpt on, OOM", None,
     "• Unsloth (chunked loss, its LoRA kernels and checkpoints in CPU RAM): 24.3 GB per GPU",
     "qlora gemma 2 27b on a 4090, seq len 8192 batch size 1 grad ckpt on with unsloth"),
    ("me da OOM con qlora de gemma 2 27b en mi 4090, seq 8192 batch 1", "es",
     "• Unsloth (pérdida por bloques, sus kernels LoRA y checkpoints en la RAM de la CPU): "
     "24,3\u00a0GB por GPU",
     "qlora gemma 2 27b on a 4090, seq 8192 batch 1 with unsloth"),
    ("qlora llama 3.1 70b sur une a6000 48go seq 4096 batch 1, j'ai un OOM", "fr",
     "• Unsloth (perte par blocs, ses kernels LoRA et checkpoints en RAM CPU)\u00a0: "
     "47,9\u202fGo par GPU",
     "qlora llama 3.1 70b on a 48gb a6000 seq 4096 batch 1 with unsloth"),
]


@pytest.mark.parametrize(("text", "locale", "line", "direct"), UNSLOTH_FIXES)
def test_unsloth_is_offered_where_it_makes_the_run_fit(
        text: str, locale: str | None, line: str, direct: str) -> None:
    reply = ask(text, locale)
    assert reply.answer.fits is False
    assert line in reply.text, reply.text
    # The option's figure is the estimate of the same run with Unsloth said.
    with_it = ask(direct)
    assert with_it.answer.detailed is not None and with_it.answer.fits is True
    options = reply.answer.remedies.options if reply.answer.remedies else ()
    option = next(o for o in options if o.changes == ("unsloth",))
    assert option.per_gpu_gb == with_it.answer.detailed.per_gpu_gb


@pytest.mark.parametrize("text", [
    # Unsloth's open-source release trains on one GPU: no FSDP, ZeRO or offload beside it.
    "fsdp qlora llama 3 70b on 2x 3090 seq 4096 bs 2, OOM",
    # Triton kernels: not on a Mac.
    "mlx lora mistral 7b on m2 pro 16gb batch 8, OOM",
    # Already said.
    "qlora llama 3.1 70b on a 40gb a100 seq 8192 batch 2 with unsloth, OOM",
])
def test_unsloth_is_not_offered_where_it_cannot_run_or_is_already_used(text: str) -> None:
    reply = ask(text)
    assert reply.answer.remedies is not None, reply.text
    assert "unsloth" not in reply.answer.remedies.tried
    assert "Unsloth (chunked loss" not in reply.text
