"""A card's own figures asked, no model ("h100 specs", "how much vram does a 3090 have",
"ancho de banda de la a10g", "bande passante de la 4090"): the datasheet's memory, bandwidth and
peak, its price or that we do not rent it, and the largest size each method fits by the
planning rule (was "Which model?" or the price list). "is the a10g good for fine tuning" is the
largest model it holds."""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline, to_json
from fakebotapi.html_check import validate_telegram_html
from rules.catalogue import load_catalogue
from tests.support.chat import converse

P = Pipeline(load_catalogue())


def _ask(text: str, lang: str | None = None) -> tuple[dict[str, object], str]:
    reply = P.ask(text, chosen_locale=lang)
    assert validate_telegram_html(reply.text) is None, reply.text
    return to_json(reply), reply.text.replace("\u00a0", " ").replace("\u202f", " ")


@pytest.mark.parametrize(("text", "lang", "gpu", "lead", "has"), [
    ("how much vram does a 3090 have", None, "rtx-3090",
     "📋 <b>RTX 3090: the datasheet's figures</b>\n• Memory: 24 GB; CUDA reports 25.77 GB "
     "(24 GiB).\n• Memory bandwidth: 936 GB/s.\n• Peak BF16 Tensor throughput: 71 dense TFLOPS.",
     "🏠 We don't rent the RTX 3090 here."),
    ("what's the memory bandwidth of the h100", None, "h100",
     "📋 <b>H100: the datasheet's figures</b>", "• Memory bandwidth: 3,350 GB/s."),
    ("h100 specs", None, "h100", "📋 <b>H100: the datasheet's figures</b>",
     "💵 We rent it at $2.32/hour per GPU."),
    ("t4 specs", None, "t4", "📋 <b>T4", "• No BF16; peak FP16 Tensor throughput: 65 dense TFLOPS."),
    ("cuanta vram tiene la a10g?", "es", "a10g", "📋 <b>A10G: las cifras de su ficha técnica</b>",
     "• Ancho de banda de memoria: 600 GB/s."),
    ("bande passante de la 4090 ?", "fr", "rtx-4090",
     "📋 <b>RTX 4090 : les chiffres de sa fiche technique</b>",
     "• Bande passante mémoire : 1 008 Go/s."),
])
def test_a_cards_figures_are_answered(text: str, lang: str | None, gpu: str, lead: str,
                                      has: str) -> None:
    out, body = _ask(text, lang)
    assert out["gpu"] == gpu and out["error"] is None, body
    assert body.startswith(lead), body
    assert has in body


def test_the_largest_sizes_follow_the_planning_rule() -> None:
    # 24 GB: QLoRA 0.75 GB per B → 32B; LoRA 2.4 → 10B; full AdamW 18 → 1.3B.
    _, body = _ask("how much vram does a 3090 have")
    assert "• QLoRA (4-bit base): about 32B.\n• LoRA (BF16 base): about 10B.\n" \
           "• Full fine-tuning, AdamW: about 1.3B." in body, body


def test_a_mac_gives_its_memory_options_and_no_sizes() -> None:
    _, body = _ask("m2 ultra specs")
    assert "• Unified memory: 64 GB, 128 GB, or 192 GB, shared with the CPU." in body, body
    assert "📏" not in body


def test_a_model_named_is_not_a_specs_question() -> None:
    out, body = _ask("memory bandwidth bound for llama 3 8b on an h100")
    assert not body.startswith("📋"), body
    assert out["model"] == "llama-3-8b"


def test_the_card_is_kept_for_the_next_question() -> None:
    replies = converse("how much vram does a 3090 have", "can i run llama 3 8b?")
    assert to_json(replies[1])["gpu"] == "rtx-3090", replies[1].text


@pytest.mark.parametrize(("text", "lang", "start"), [
    ("is the a10g good for fine tuning", None, "📏 <b>The largest model 24 GB holds for QLoRA"),
    ("is a 3060 12gb enough for llms?", None, "📏 <b>The largest model 12 GB holds"),
    ("sirve la a10g para fine-tunear?", "es", "📏 <b>El modelo más grande que cabe en 24 GB"),
    ("une 3060 suffit pour des llm ?", "fr", "📏 <b>Avec 12 Go, le plus gros modèle possible"),
])
def test_is_it_good_for_fine_tuning_is_what_it_holds(text: str, lang: str | None,
                                                     start: str) -> None:
    _, body = _ask(text, lang)
    assert body.startswith(start), body


@pytest.mark.parametrize(("text", "lang", "gpu", "count", "lead"), [
    ("cheapest gpu with 80gb", None, "a100-80gb", 1,
     "💵 <b>The cheapest GPU with at least 80 GB: 1× A100 80GB at $0.92/hour.</b>"),
    ("cheapest 48gb gpu", None, "l40s", 1, "💵 <b>The cheapest GPU with at least 48 GB: 1× L40S"),
    # 2× H200 hold 282 GB: not enough; 4× A100 80GB hold 320.
    ("cheapest way to get 300gb of vram", None, "a100-80gb", 4,
     "💵 <b>No single GPU we rent has 300 GB; the cheapest configuration with that much in all: "
     "4× A100 80GB at $3.68/hour.</b>"),
    ("la gpu mas barata con 80gb", "es", "a100-80gb", 1, "💵 <b>La GPU más barata con al menos 80"),
    ("le gpu le moins cher avec 80 go", "fr", "a100-80gb", 1,
     "💵 <b>Le GPU le moins cher avec au moins 80"),
])
def test_the_cheapest_gpu_with_a_memory(text: str, lang: str | None, gpu: str, count: int,
                                        lead: str) -> None:
    out, body = _ask(text, lang)
    assert body.startswith(lead), body
    assert out["cheapest_fit"] == {"gpu": gpu, "gpu_count": count,
                                   "usd_per_hour": out["cheapest_fit"]["usd_per_hour"]}  # type: ignore[index]
    assert out["error"] is None


@pytest.mark.parametrize(("text", "lang", "lead"), [
    ("cheapest gpu with 99999999gb", None,
     "🚫 <b>None of the configurations we rent has 99,999,999 GB; the largest is 8× B200 "
     "(1,440 GB in all, $36.88/hour).</b>"),
    ("la forma mas barata de tener 2tb de vram", "es",
     "🚫 <b>Ninguna de las configuraciones que alquilamos tiene 2.000 GB"),
])
def test_more_memory_than_any_configuration_is_said_so(text: str, lang: str | None,
                                                       lead: str) -> None:
    out, body = _ask(text, lang)
    assert body.startswith(lead), body
    assert out["cheapest_fit"] is None and out["error"] is None


@pytest.mark.parametrize(("turns", "lead"), [
    (("h100 specs", "and the a100?"), "📋 <b>A100 80GB: the datasheet's figures</b>"),
    (("cuanta vram tiene la 3090?", "y la 4090?"), "📋 <b>RTX 4090: las cifras de su ficha técnica</b>"),
    (("cheapest gpu with 80gb", "and with 141gb?"),
     "💵 <b>The cheapest GPU with at least 141 GB: 1× H200 at $3.07/hour.</b>"),
])
def test_the_same_question_asked_again_of_another_card_or_memory(
        turns: tuple[str, str], lead: str) -> None:
    replies = converse(*turns)
    assert replies[1].text.startswith(lead), replies[1].text
