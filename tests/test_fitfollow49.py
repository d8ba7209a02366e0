"""Session 49, a fit verdict followed by its cost or time, and the detailed estimate's
micro-batch said one way: the follow-up leads with the figure and the count the question it
follows led with; the detailed estimator and the remedy name the same micro-batch ×
accumulation; the steps a second count the accumulation the run uses."""

from __future__ import annotations

import pytest

from tests.support.chat import ask, check_turn, converse, says

# 1. A training run that misses the card by both estimates, then "in dollars?", "how much for
# 5 hours": the follow-up re-quoted the planning rule ("It needs about 144 GB (planning
# estimate)", "at least 16× H100") after a verdict led by the detailed estimate (150.9 GB per
# GPU, 19× H100): render.detailed_lines.detail_leads_fit asked both verdicts to fit.
MISS_FOLLOWED = [
    (None, ("full finetune llama 3 8b on h100 fits?", "in dollars?"),
     {"intent": "cost", "gpu": "h100", "method": "full_adamw",
      "has": ["❌ <b>No: Llama 3 8B does not fit on 1× H100 (full AdamW).</b>",
              "it needs about 150.9 GB per GPU (detailed estimate)",
              "🔢 It takes at least 2× H100 (160 GB) to hold it."],
      "lacks": ["144 GB (planning estimate)"]}),
    (None, ("full finetune llama 3 8b on h100 fits?", "how much for 5 hours"),
     {"intent": "cost", "gpu": "h100", "hours": 5,
      "has": ["it needs about 150.9 GB per GPU (detailed estimate)",
              "🔢 It takes at least 2× H100 (160 GB) to hold it.", "💵 <b>Cost: $18.40</b>"],
      "lacks": ["144 GB (planning estimate)"]}),
    # the count the fit question gave by the detailed estimate (19×), not the rule's 16×
    (None, ("full finetune llama 3 70b on 8 h100 fits?", "in dollars?"),
     {"intent": "cost", "count": 8,
      "has": ["it needs about 175.7 GB per GPU (detailed estimate)",
              "🔢 It takes at least 19× H100 (1,520 GB) to hold it."],
      "lacks": ["16× H100", "(planning estimate)"]}),
    ("es", ("fine tuning completo de llama 3 8b en una h100, cabe?", "cuánto por 5 horas"),
     {"lang": "es", "intent": "cost", "hours": 5,
      "has": ["necesita unos 150,9\u00a0GB por GPU (estimación detallada)",
              "🔢 Hacen falta al menos 2× H100 (160\u00a0GB) para que quepa."],
      "lacks": ["(estimación de planificación)"]}),
    ("fr", ("fine-tuning complet de llama 3 70b sur 8 h100, ça passe ?", "en dollars ?"),
     {"lang": "fr", "intent": "cost",
      "has": ["il faut environ 175,7\u202fGo par GPU (estimation détaillée)",
              "🔢 Il en faudrait au moins 19× H100 (1\u202f520\u202fGo) pour qu'il tienne."],
      "lacks": ["16× H100", "(estimation de planification)"]}),
]


@pytest.mark.parametrize(("locale", "turns", "expected"), MISS_FOLLOWED)
def test_cost_after_a_miss_leads_with_the_detailed_figure(
        locale: str | None, turns: tuple[str, ...], expected: dict[str, object]) -> None:
    first, reply = converse(*turns, locale=locale)
    check_turn(reply, expected)
    # the same figure and count the question it follows led with
    for line in first.text.splitlines()[1:3]:
        assert line in reply.text, (line, reply.text)


# 2. One micro-batch rule (bot.detail.micro_batches, every divisor of the batch): the detailed
# estimator's held micro-batch (a time question on the card asked) and the remedy named 3 × 2
# and 2 × 3 for a batch of 6, 6 × 2 and 4 × 3 for 12 (the remedy took powers of two only).
ONE_MICRO_RULE = [
    ("how long to lora llama 3 8b on an a100 at seq 8192 batch 6 on 10M tokens",
     "At micro-batch 3 × gradient accumulation 2: the same effective batch of 6",
     "• micro-batch 3 × gradient accumulation 2 (the same effective batch)"),
    ("how long to lora llama 3 8b on an a100 at seq 4096 batch 12 on 10M tokens",
     "At micro-batch 6 × gradient accumulation 2: the same effective batch of 12",
     "• micro-batch 6 × gradient accumulation 2 (the same effective batch)"),
]


@pytest.mark.parametrize(("text", "held", "remedy"), ONE_MICRO_RULE)
def test_estimate_and_remedy_name_one_micro_batch(text: str, held: str, remedy: str) -> None:
    says(ask(text).text, [held, remedy], ["micro-batch 2 × gradient accumulation 3",
                                          "micro-batch 4 × gradient accumulation 3"])


# 4. A torchtune config's own accumulation (8 micro-batches in llama3_1/8B_lora_single_device)
# counted in the steps a second and the held micro-batch's line, as the remedy keeps it (was
# "16,384 tokens an optimizer step (batch 8 × 2,048 tokens)" and "micro-batch 2 × gradient
# accumulation 4: the same effective batch of 8" beside "batch_size=2
# gradient_accumulation_steps=32").
TUNE_ACCUMULATION = [
    (None, "tune run lora_finetune_single_device --config llama3_1/8B_lora_single_device "
           "batch_size=8 on my 4090, how many it/s should i expect?",
     ["131,072 tokens an optimizer step (batch 64 × 2,048 tokens)",
      "At micro-batch 2 × gradient accumulation 32: the same effective batch of 64",
      "batch_size=2 gradient_accumulation_steps=32"]),
    ("es", "tune run lora_finetune_single_device --config llama3_1/8B_lora_single_device "
           "batch_size=8 en mi 4090, cuantos it/s puedo esperar?",
     ["131.072 tokens por paso del optimizador (batch 64 × 2.048 tokens)",
      "Con micro-batch 2 × acumulación de gradientes 32: el mismo batch efectivo de 64",
      "batch_size=2 gradient_accumulation_steps=32"]),
]


@pytest.mark.parametrize(("locale", "text", "has"), TUNE_ACCUMULATION)
def test_rate_counts_the_config_accumulation(locale: str | None, text: str,
                                             has: list[str]) -> None:
    says(ask(text, locale).text, has, ["batch 8 × 2", "16,384 tokens", "16.384 tokens"])


# 1b. The verdicts disagree: "qlora llama 3 8b on a 3080 10gb" is ❌ by the detailed estimate
# (12.8 GB per GPU of 10.74), ✅ by the planning rule's 6 GB; its "how much for 5 hours" led
# "✅ Yes: … fits on 1× RTX 3080" (answer._typical_leads kept to fit questions).
VERDICT_CARRIED = [
    (None, ("qlora llama 3 8b on a 3080 10gb", "how much for 5 hours"),
     {"intent": "cost", "gpu": "rtx-3080", "hours": 5,
      "has": ["❌ <b>No: Llama 3 8B does not fit on 1× RTX 3080 (QLoRA).</b>",
              "it needs about 12.8 GB per GPU (detailed estimate)"],
      "lacks": ["✅ <b>Yes"]}),
]


@pytest.mark.parametrize(("locale", "turns", "expected"), VERDICT_CARRIED)
def test_cost_follow_up_carries_the_detailed_verdict(
        locale: str | None, turns: tuple[str, ...], expected: dict[str, object]) -> None:
    check_turn(converse(*turns, locale=locale)[-1], expected)
