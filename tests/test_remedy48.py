"""Session 48, the micro-batch remedy: a run that does not fit at its batch was offered
"micro-batch 1 × gradient accumulation N" where a larger micro-batch fits too and runs faster
(fewer, fuller steps). The remedy now carries the micro-batch it chose (bot.remedy.Remedy.
micro_batch): the largest divisor of the batch asked (session 49; powers of two before) that
the detailed estimator fits on the card with the option's other changes, the accumulation keeping the effective batch
(Remedies.accumulation). The reply (en/es/fr), TRL's flags, torchtune's, Axolotl's,
LLaMA-Factory's, llm-foundry's, Unsloth's and mlx-lm's, and a time on one's own card say it.
The estimator decides every figure: the tests ask it again at M and at 2M."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot import remedy
from bot.detail import estimate_on, estimator_model, micro_batches
from bot.pipeline import Pipeline, Reply
from rules.catalogue import load_catalogue

_CAT = load_catalogue()
_PIPELINE = Pipeline(_CAT)


def _ask(text: str, lang: str | None = None) -> Reply:
    return _PIPELINE.ask(text, chosen_locale=lang)


_PHRASE = {
    None: "micro-batch {m} × gradient accumulation {n} (the same effective batch)",
    "es": "micro-batch {m} × acumulación de gradientes {n} (el mismo batch efectivo)",
    "fr": "micro-batch {m} × accumulation de gradients {n} (même batch effectif)",
}

# (locale, question, the changes of the first option, micro-batch, accumulation, TRL's flags
# said in the reply)
CASES = [
    # 2 of 8 fits on a 24 GB A10G (4 needs more): was micro-batch 1 × 8
    (None, "qlora mistral 7b on an a10g, batch size 8, seq 4096, does it fit?",
     ("micro_batch",), 2, 4, True),
    # 2 of 4 (the A10G question of the Spanish user)
    ("es", "tengo oom con batch 4 en una a10g, qlora mistral 7b seq 4096",
     ("micro_batch",), 2, 2, True),
    # 2 of 8 with Liger Kernel on a 3090
    (None, "bs=8 on my 3090 OOMs with llama 3 8b lora, seq 4096", ("micro_batch", "liger"), 2, 4,
     True),
    # 2 of 8 on an A100 40GB
    (None, "lora llama 3 8b on an a100 40gb batch 8 seq 4096", ("micro_batch",), 2, 4, True),
    # 4 of 8 fits
    ("fr", "qlora mistral 7b sur ma 3090 batch 8 seq 4096, ça passe ?", ("micro_batch",), 4, 2,
     True),
    (None, "lora llama 3 8b on an h100 batch 8 seq 4096", ("micro_batch",), 4, 2, True),
    # 8 of 16 fits on an L40S
    (None, "qlora mistral 7b on a l40s batch 16 seq 4096", ("micro_batch",), 8, 2, True),
    # A batch of 6: 3 of 6 fits (session 49: every divisor of the batch, the detailed
    # estimate's own rule, bot.detail.micro_batches; was 2 × 3, powers of two only)
    (None, "qlora mistral 7b on an a10g batch 6 seq 4096", ("micro_batch",), 3, 2, True),
    # Only 1 fits: Llama 3's 128k vocabulary (its logits) at 2 sequences is over the 4090
    (None, "qlora llama 3 8b on my 4090 batch 8 seq 4096", ("micro_batch",), 1, 8, True),
    (None, "qlora llama 3 8b on a t4 batch 4 seq 2048", ("micro_batch",), 1, 4, True),
    # Only 1 fits, without checkpointing (2 needs more than the A10G)
    (None, "a10g qlora mistral 7b batch size 4 seq 2048 without gradient checkpointing",
     ("micro_batch",), 1, 4, True),
]


def _estimate(text: str, combo: tuple[str, ...], micro: int) -> Decimal | None:
    """The detailed estimate per GPU of the question's run with `combo`'s other changes at
    micro-batch `micro` with gradient accumulation, asked of the estimator directly."""
    answer = _ask(text).answer
    query, primary = answer.query, answer.primary
    assert primary is not None and primary.fit is not None and answer.params_b is not None
    method = _CAT.method(primary.memory.method)
    model = estimator_model(query, answer.params_b, _CAT)
    settings = remedy._with(query, tuple(c for c in combo if c != "micro_batch"))
    settings.update(batch_size=micro, grad_accumulation=True)
    breakdown = estimate_on(query.with_settings(settings), method, model, primary.fit)
    return breakdown.per_gpu_gb if breakdown is not None else None


@pytest.mark.parametrize(("lang", "text", "changes", "micro", "accumulation", "trl"), CASES)
def test_the_largest_micro_batch_that_fits(lang: str | None, text: str,
                                           changes: tuple[str, ...], micro: int,
                                           accumulation: int, trl: bool) -> None:
    reply = _ask(text, lang)
    rm = reply.answer.remedies
    assert rm is not None and rm.options, text
    first = rm.options[0]
    assert first.changes == changes, text
    assert (first.micro_batch, rm.accumulation(first)) == (micro, accumulation), text
    assert micro * accumulation == rm.micro_batch  # the same effective batch
    # The estimator is the source of truth: the option's figure is its estimate at M, within
    # the card; at the next larger micro-batch the batch asked is held at (bot.detail.
    # micro_batches, its divisors) it is over the card.
    at = _estimate(text, changes, micro)
    assert at is not None and at == first.per_gpu_gb <= rm.vram_per_gpu_gb, text
    detailed = reply.answer.detailed
    assert detailed is not None
    larger = [m for m in micro_batches(detailed.micro_batch) if m > micro]
    if larger:
        over = _estimate(text, changes, min(larger))
        assert over is not None and over > rm.vram_per_gpu_gb, text
    said = _PHRASE[lang].format(m=micro, n=accumulation)
    assert said in reply.text, reply.text
    if trl:
        assert f"--per_device_train_batch_size {micro} --gradient_accumulation_steps " \
               f"{accumulation}" in reply.text, reply.text
        assert "--per_device_train_batch_size 1 " not in reply.text or micro == 1


# Each tool's own settings at the remedy's micro-batch (was micro-batch 1 in every one).
TOOLS = [
    ("axolotl qlora mistral 7b on my 3090 batch 8 seq 4096",
     "micro_batch_size: 4, gradient_accumulation_steps: 2", "micro_batch_size: 1"),
    ("llamafactory qlora mistral 7b on my 3090 batch 8 seq 4096",
     "per_device_train_batch_size: 4, gradient_accumulation_steps: 2",
     "per_device_train_batch_size: 1"),
    # torchtune's config accumulates 8 micro-batches where none is said: the effective batch
    # of 8 × 8 is kept (was gradient_accumulation_steps=8 at batch_size=1, a batch of 8)
    ("tune run lora_finetune_single_device --config mistral/7B_qlora_single_device on my 3090 "
     "batch 8 seq 4096", "batch_size=4 gradient_accumulation_steps=16", "batch_size=1"),
    ("tune run lora_finetune_single_device --config llama3_1/8B_lora_single_device "
     "batch_size=8 on my 4090 OOM?", "batch_size=2 gradient_accumulation_steps=32",
     "gradient_accumulation_steps=4<"),
    # the accumulation said is the run's: 8 × 2 kept as 2 × 8
    ("tune run lora_finetune_single_device --config llama3_1/8B_lora_single_device "
     "batch_size=8 gradient_accumulation_steps=2 on my 4090 OOM?",
     "batch_size=2 gradient_accumulation_steps=8", "gradient_accumulation_steps=32"),
    ("llm-foundry lora mistral 7b on an a100 40gb batch 8 seq 4096",
     "device_train_microbatch_size: 4", "device_train_microbatch_size: 1"),
    ("unsloth lora llama 3 8b on my 3090 batch 16 seq 8192",
     "per_device_train_batch_size=2, gradient_accumulation_steps=8",
     "per_device_train_batch_size=1"),
    ("unsloth qlora mistral 7b on my 4060 ti 16gb batch 8 seq 4096",
     "per_device_train_batch_size=4, gradient_accumulation_steps=2",
     "per_device_train_batch_size=1"),
    # mlx-lm: the remedy's --batch-size replaces the one asked (was "--batch-size 8
    # --grad-checkpoint --batch-size 1 --grad-accumulation-steps 8", two batch sizes)
    ("lora llama 3 8b with mlx on my m2 pro 32gb batch 8 seq 4096",
     "--grad-checkpoint --batch-size 2 --grad-accumulation-steps 4", "--batch-size 8"),
]


@pytest.mark.parametrize(("text", "has", "lacks"), TOOLS)
def test_each_tool_sets_the_micro_batch(text: str, has: str, lacks: str) -> None:
    reply = _ask(text)
    assert has in reply.text, reply.text
    assert lacks not in reply.text, reply.text


# A time asked on one's own card that misses the run: timed with the remedy at its micro-batch
# (was micro-batch 1 × 8, 17.07 hours, the step's fixed costs shared by fewer tokens).
OWNED = [
    (None, "how long to lora llama 3 8b on my 3090 batch 8 seq 4096 for 10k examples",
     "On your 1× RTX 3090 with micro-batch 2 × gradient accumulation 4 (the same effective "
     "batch) + Liger Kernel"),
    ("es", "cuanto tardaria un lora de llama 3 8b en mi 3090 con batch 8 y seq 4096 para 10k ejemplos",
     "micro-batch 2 × acumulación de gradientes 4 (el mismo batch efectivo) + Liger Kernel"),
]


@pytest.mark.parametrize(("lang", "text", "has"), OWNED)
def test_a_time_on_ones_own_card_is_at_the_micro_batch(lang: str | None, text: str,
                                                        has: str) -> None:
    reply = _ask(text, lang)
    owned = reply.answer.owned_run
    assert owned is not None and owned.timed is not None, text
    assert owned.timed.micro_batch == 2, text
    assert has in reply.text, reply.text
