"""rent43: the best estimate on rented and measured configurations.

1. llm-foundry's measured MPT 30B full fine-tunes (8× H100 / A100 80GB, FSDP FULL_SHARD,
   gradient accumulation 21) were "timed on 8× B200, not the asked card": our estimate held the
   whole model's FP32 gradients on every GPU, as FSDP's no_sync keeps them under Hugging Face
   Accelerate and LitGPT. Composer, which llm-foundry trains with, never enters no_sync under
   FSDP (its ddp_sync_context yields at once for a model that is not DistributedDataParallel:
   mosaicml/composer composer/distributed/dist_strategy.py @6405188), so each micro-batch's
   gradients are reduce-scattered and stay sharded: 16 bytes a parameter over the GPUs.
2. A time asked on a card we rent that cannot hold the run was timed where the run costs least
   (1× B200 for "full finetune llama 3 8b on an h100, 1B tokens"): it is timed on the fewest of
   the card asked that hold it (2× H100, priced as any 2× H100 asked is), said so, with where it
   costs less beside it when it does.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.support.chat import ask, ask_json, says

# llm-foundry scripts/train/benchmarking/README.md 'H100 80GB BF16': MPT 30B, seq 8192, 8 GPUs,
# micro-batch 1, gradient accumulation 21, activation checkpointing, FSDP FULL_SHARD:
# 1,384 tokens/s per GPU measured (tests/data/measured-speed.csv), on 80 GB cards.
FOUNDRY_30B = ("full fine-tune MPT 30B on 8x H100 80GB, seq 8192 packed, batch size 1, "
               "gradient checkpointing on, FSDP, gradient accumulation 21, flash attention")


@pytest.mark.parametrize(("text", "fits"), [
    # Composer named: the gradients sharded 8 ways (30B × 4 B / 8 = 15.3 GB, was 122.3 GB)
    (FOUNDRY_30B + ", with llm-foundry", True),
    ("full finetune mpt 30b on 8 h100s w/ llmfoundry, fsdp, grad accum 21, seq 8k bs1, "
     "ckpt on, fits?", True),
    ("can i full finetune mpt-30b on 8x a100 80gb using mosaicml composer, fsdp, gradient "
     "accumulation 21, seq 8192, batch 1, gradient checkpointing on", True),
    # No trainer named: Accelerate's (and LitGPT's) no_sync, the whole model's gradients kept
    (FOUNDRY_30B, False),
    # "composer" alone is a musician's word too: not the trainer
    ("im a composer, can i full finetune mpt 30b on 8x h100 80gb, seq 8192, batch size 1, "
     "gradient checkpointing on, fsdp, gradient accumulation 21", False),
])
def test_composer_keeps_fsdp_gradients_sharded(text: str, fits: bool) -> None:
    got = ask_json(text)
    assert got["detailed_fits"] is fits, (got["detailed_gb"], got["text"])
    per_gpu = Decimal(str(got["detailed_gb"]))
    if fits:
        assert per_gpu < Decimal("85.52"), per_gpu  # an H100's / A100's 79.6 GiB
    else:
        assert per_gpu > 150, per_gpu  # 122 GB of whole FP32 gradients among it


def test_composer_named_drops_the_no_sync_assumption() -> None:
    reply = ask(FOUNDRY_30B + ", with llm-foundry, show details")
    assert reply.query.trainer == "composer"
    assert "no_sync" not in reply.text
    plain = ask(FOUNDRY_30B + ", show details")
    assert plain.query.trainer is None and "no_sync" in plain.text


# (question, lang, has in order, lacks). The figures are the same run's as asked of that
# configuration directly ("… on 2x h100, 1B tokens": 22.04 hours, 44.08 GPU-hours, $111.36 paid
# for 48 GPU-hours at $2.32), and the old lead's (1× B200: 23.16 hours, one 24-hour block).
MORE_OF_ASKED: list[tuple[str, str | None, list[str], list[str]]] = [
    # (lead44: the time and its cost lead, the verdict on the one H100 after them)
    ("how long to full finetune llama 3 8b on an h100, 1B tokens", None,
     ["about 22.04 hours on 2× H100 (44.08 GPU-hours for 1 billion tokens)",
      "Timed on 2× H100: the fewest H100 GPUs that hold this run.",
      "💵 <b>You pay $111.36</b>",
      "💡 It costs less on 1× B200: about 19.81 hours, and you pay $92.20.",
      "❌ No: Llama 3 8B does not fit on 1× H100 (full AdamW)."],
     ["Timed on the cheapest offered configuration", "costs less per hour but is slower"]),
    ("cuanto tarda un full finetune de llama 3 8b en una h100 con 1B tokens", "es",
     ["alrededor de 22,04\u00a0horas en 2× H100",
      "Tiempo calculado en 2× H100: la configuración con menos GPU H100 en la que cabe este "
      "entrenamiento.",
      "💡 Cuesta menos en 1× B200: alrededor de 19,81\xa0horas, y pagas 92,20\xa0US$."], []),
    ("combien de temps pour un full finetune de llama 3 8b sur un h100 avec 1B tokens", "fr",
     ["environ 22,04\u00a0heures sur 2× H100",
      "Durée calculée sur 2× H100\u00a0: le plus petit nombre de GPU H100 où cet entraînement "
      "tient.",
      "💡 Cela coûte moins cher sur 1× B200\xa0: environ 19,81\xa0heures, et vous payez 92,20\xa0$US."], []),
    # 2× L40S is where it costs least too ($63.96 against 1× H100's $69.60, the cheapest
    # offered configuration): nothing beside it
    ("how long to qlora llama 3 70b on an l40s, 100M tokens", None,
     ["on 2× L40S", "Timed on 2× L40S: the fewest L40S GPUs that hold this run.",
      "💵 <b>You pay $63.96</b>"], ["💡", "H100", "B200"]),
    # 250M tokens: at 200M, 4× A100's two 24-hour blocks ($44.16) were the least paid of all
    ("how long would a full ft of qwen2.5 14b take on a100, 250M tok", None,
     ["about 14.01 hours on 4× A100 80GB",
      "Timed on 4× A100 80GB: the fewest A100 80GB GPUs that hold this run.",
      "💡 It costs less on 8× B200: about 58"], []),
    # Samples of unsaid length: both lengths on the fewest H100s, both where they cost less (50k:
    # at 100k, 4× A100 cost less at 512 tokens a sample only, and nothing was said beside them)
    ("how long to full finetune llama 3 8b on an h100 with 50k samples", None,
     ["49 minutes at 512 tokens each, 2.26 hours at 2,048 tokens each, on 2× H100",
      "Timed on 2× H100: the fewest H100 GPUs that hold this run.\n💡 It costs less on 4× A100 80GB: about 45 minutes and 3.07 hours, and you pay $9.20 and $18.40."], ["Timed on the cheapest offered configuration"]),
    # No count of the card holds it (16 bytes × 70B over 8 H100s is 140 GB a GPU): as before
    ("how long to full finetune llama 3 70b on 2 h100s, 100M tokens", None,
     ["on 8× B200", "Timed on the cheapest offered configuration that fits."],
     ["fewest", "💡"]),
    # The card's GPU-hours asked: the offered configurations of it, as before
    ("how many h100 hours to full finetune llama 3 8b on 1B tokens", None,
     ["38.13 H100 GPU-hours for 1 billion tokens (about 4.77 hours on 8× H100",
      "Timed where it costs least of the configurations of the H100 we offer that hold it."],
     ["fewest", "💡"]),
]


@pytest.mark.parametrize(("text", "lang", "has", "lacks"), MORE_OF_ASKED)
def test_a_time_on_a_card_too_small_is_timed_on_more_of_it(
        text: str, lang: str | None, has: list[str], lacks: list[str]) -> None:
    reply = ask(text, lang)
    says(reply.text, has, lacks)


def test_the_json_still_describes_the_card_asked() -> None:
    got = ask_json("how long to full finetune llama 3 8b on an h100, 1B tokens")
    assert (got["gpu"], got["gpu_count"], got["fits"]) == ("h100", 1, False)
    assert got["cheapest_fit"] == {"gpu": "a100-80gb", "gpu_count": 4, "usd_per_hour": "3.68"}


def test_a_method_that_fits_the_card_as_asked_leads_one_on_more_of_it() -> None:
    # No method named: QLoRA of 70B fits the one H100 asked; LoRA, timed on more H100s now,
    # does not lead it (its cost question leads with QLoRA on the H100 too).
    time = ask_json("how long to finetune llama 3 70b on 10M tokens on an h100")
    cost = ask_json("how much to finetune llama 3 70b on 10M tokens on an h100")
    assert (time["method"], time["gpu"]) == (cost["method"], cost["gpu"]) == ("qlora", "h100")
