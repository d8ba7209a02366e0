"""Questions as people ask them (asks5): several facts in one message, the arithmetic of
steps, the lead an answer opens with. English, Spanish, French."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from bot.pipeline import to_json
from bot.understand.split import pieces
from rules.training_time import optimizer_steps
from tests.support.chat import PIPELINE, converse

# --- the cost of hours on the configuration just priced or picked ------------------------------


@pytest.mark.parametrize(("text", "expected"), [
    ("cheapest gpu w/ 80gb, and how much for 3 days of it",
     ["cheapest gpu w/ 80gb,", "and how much for 3 days of it"]),
    ("whats the h100 price and how much is a week of it",
     ["whats the h100 price", "and how much is a week of it"]),
    ("la gpu mas barata con 48gb y cuánto sale por 10 horas",
     ["la gpu mas barata con 48gb", "y cuánto sale por 10 horas"]),
    ("le gpu le moins cher avec 80 go, et combien pour 2 jours ?",
     ["le gpu le moins cher avec 80 go,", "et combien pour 2 jours ?"]),
])
def test_a_cost_after_and_is_cut(text: str, expected: list[str]) -> None:
    assert [p.text for p in pieces(text)] == expected


# (message, locale, configuration, hours, cost)
HOURS_ON_IT = [
    ("cheapest gpu w/ 80gb, and how much for 3 days of it", None, ("a100-80gb", 1), 72, "66.24"),
    ("cheapest way to get 300gb of vram and how much for 10h", None, ("a100-80gb", 4), 10, "36.80"),
    ("whats the h100 price and how much is a week of it", None, ("h100", 1), 168, "389.76"),
    ("la gpu mas barata con 48gb y cuanto sale por 10 horas", "es", ("l40s", 1), 10, "8.20"),
    ("le gpu le moins cher avec 80 go, et combien pour 2 jours ?", "fr", ("a100-80gb", 1), 48,
     "44.16"),
]


@pytest.mark.parametrize(("text", "locale", "config", "hours", "cost"), HOURS_ON_IT)
def test_hours_asked_beside_a_configuration_are_costed_on_it(
    text: str, locale: str | None, config: tuple[str, int], hours: int, cost: str
) -> None:
    reply = PIPELINE.ask(text, chosen_locale=locale)
    assert len(reply.parts) == 2, reply.text
    second = to_json(reply.parts[1])
    assert (second["intent"], second["gpu"], second["gpu_count"]) == ("cost", *config), reply.text
    assert (second["hours"], D(second["cost_usd"])) == (hours, D(cost))


@pytest.mark.parametrize(("first", "then", "config", "cost"), [
    ("cheapest gpu with 80gb", "how much for 3 days of it", ("a100-80gb", 1), "66.24"),
    ("whats the h100 price", "how much is a week of it", ("h100", 1), "389.76"),
    ("la gpu mas barata con 48gb", "cuanto sale por 10 horas", ("l40s", 1), "8.20"),
    ("le gpu le moins cher avec 80 go", "combien pour 2 jours ?", ("a100-80gb", 1), "44.16"),
])
def test_hours_asked_next_in_a_chat_are_costed_on_the_configuration(
    first: str, then: str, config: tuple[str, int], cost: str
) -> None:
    _before, reply = converse(first, then)
    got = to_json(reply)
    assert (got["intent"], got["gpu"], got["gpu_count"]) == ("cost", *config), reply.text
    assert D(got["cost_usd"]) == D(cost)



# --- how many optimizer steps ---------------------------------------------------------------


@pytest.mark.parametrize(("args", "per_epoch", "total"), [
    ((50_000, 16, 4, 1, 3), 782, 2_346),  # 50,000 / 64 = 781.25: the partial step counts
    ((50_000, 16, 1, 1, 3), 3_125, 9_375),
    ((12_000, 4, 8, 4, 1), 94, 94),  # 12,000 / 128 = 93.75
    ((64, 16, 4, 1, 2), 1, 2),
])
def test_optimizer_steps(args: tuple[int, int, int, int, int], per_epoch: int, total: int) -> None:
    steps = optimizer_steps(*args)
    assert (steps.per_epoch, steps.total) == (per_epoch, total)


@pytest.mark.parametrize(("text", "locale", "total"), [
    ("how many steps is 3 epochs of 50k examples at batch size 16 with grad accum 4", None, 2_346),
    ("how many steps for 10k samples at bs 8", None, 1_250),
    ("cuantos pasos son 3 epocas de 50k ejemplos con batch 16", "es", 9_375),
    ("combien de steps pour 3 époques de 50k exemples en batch 16", "fr", 9_375),
])
def test_steps_asked_are_counted(text: str, locale: str | None, total: int) -> None:
    reply = PIPELINE.ask(text, chosen_locale=locale)
    steps = reply.answer.steps
    assert steps is not None and steps.total == total, reply.text
    assert reply.answer.intent == "time" and "I did not understand" not in reply.text


# --- a batch held only with gradient accumulation -------------------------------------------


@pytest.mark.parametrize(("text", "micro"), [
    ("lora llama 3 8b, ~2k steps at bs16 seq 2048 on an a100, how long", 8),
    ("qlora llama 3 70b, 1000 steps at batch 32 seq 4096 on an h100, how long", 2),
])
def test_the_time_on_the_card_asked_at_the_largest_micro_batch_leads(text: str, micro: int) -> None:
    reply = PIPELINE.ask(text)
    d = reply.answer.detailed
    t = d.training_time if d is not None else None
    assert d is not None and d.check is not None and not d.check.detailed_fits, reply.text
    assert t is not None and t.micro_batch == micro and t.asked, reply.text
    assert (t.gpu, t.gpu_count) == (reply.query.gpu, 1) and not t.asked_short
    assert t.micro_batch_gb is not None and t.micro_batch_gb <= d.check.vram_per_gpu_gb
    assert reply.text.startswith("⏱"), reply.text


# --- the CPU RAM asked leads -----------------------------------------------------------------


@pytest.mark.parametrize(("text", "locale"), [
    ("full finetune llama 3 8b zero3 offload on 2x 4090, how much cpu ram do i need", None),
    ("how much system ram for zero offload of a 70b", None),
    ("cuanta ram de cpu necesito para offload de llama 70b con zero3", "es"),
    ("fine-tuning complet de llama 3 8b avec zero3 offload sur 2 4090, combien de ram système ?",
     "fr"),
])
def test_the_cpu_ram_asked_leads(text: str, locale: str | None) -> None:
    reply = PIPELINE.ask(text, chosen_locale=locale)
    assert reply.query.ram_asked and reply.query.cpu_offload, reply.text
    assert reply.text.startswith("💾 <b>"), reply.text
    assert reply.text.count("💾") == 1, reply.text


# --- a 16-bit GGUF on two cards ----------------------------------------------------------------


@pytest.mark.parametrize(("text", "quant"), [
    ("qwen2.5 7b f16.gguf on 2x 3090 tok/s", "F16"),
    ("qwen2.5 7b bf16.gguf on 2x 3090 tok/s", "BF16"),
    ("qwen2.5 7b fp16 gguf on 2x 3090 tok/s", "F16"),
])
def test_a_16_bit_gguf_is_split_by_layers(text: str, quant: str) -> None:
    reply = PIPELINE.ask(text)
    assert reply.query.method == "gguf_" + quant.lower(), reply.text
    method = reply.catalogue.method(reply.query.method)
    assert method.quant == quant and method.bits_per_weight == D("16.0005")
    assert method.planned_as == "inference_bf16"
    assert "--split-mode layer" in reply.text and "tensor parallel" not in reply.text
