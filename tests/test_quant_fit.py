"""A quantized format named for serving (a GGUF type, AWQ, GPTQ, EXL2, bits per weight) is a
setting the user stated: the detailed estimate (those bits, the KV cache at the context, the
runtime's overhead) decides and leads, the planning rule's figure beside it, and the context
it assumes is said (DESIGN.md §3: `fits` is the detailed verdict when settings are stated)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.pipeline import Pipeline, to_json
from bot.understand import understand
from bot.understand.followup import follow_up
from rules.catalogue import load_catalogue

CAT = load_catalogue()
PIPELINE = Pipeline(CAT, cache_size=0)


def ask(text: str) -> dict[str, Any]:
    return to_json(PIPELINE.ask(text))


@pytest.mark.parametrize(
    ("written", "quant"),
    [("70B Q4_K_M on 2x 3090", "Q4_K_M"),
     ("llama 3.1 70b q4km on 2 3090s", "Q4_K_M"),
     ("mixtral q5_k_m on m3 max 48gb", "Q5_K_M"),
     ("llama 3.3 70b iq2_xs on a 4090", "IQ2_XS"),
     ("vLLM serve Llama-3.1-70B-Instruct AWQ on 2x 4090", "awq"),
     ("llama 3.1 70b gptq int4 on a6000", "gptq"),
     ("qwen 2.5 14b exl2 on 3080", "exl2"),
     ("70b exl2 4.65bpw on 2x 3090", "bpw"),
     ("llama 3 70b in 4-bit on 2x 3090", None),  # a precision: the planning rule answers
     ("llama 3.1 8b int4 on a 2060", None),
     ("serve llama 3 8b in bf16 on an L4", None),
     ("llama 3 8b without awq on a 4090", None),
     ("qlora llama 3 8b on a 3090", None)],  # training names no serving format
)
def test_the_quantized_format_named_is_read(written: str, quant: str | None) -> None:
    assert understand(written, CAT).quant == quant


@pytest.mark.parametrize("text", [
    "70B Q4_K_M on 2x 3090",
    "puedo correr llama 3 70b en dos 3090 con q4_k_m?",
    "est-ce que llama 3 70b en q4_k_m tourne sur deux 3090 ?",
])
def test_the_detailed_verdict_leads_where_the_planning_margin_contradicts_it(text: str) -> None:
    """Llama 3 70B Q4_K_M (42.8 GB of weights at 4.89 bits) on 2× 24 GB: the planning rule's
    20 % margin (51.4 GB) says no, the detailed estimate (weights, KV cache at 2,048 tokens,
    runtime) about 23.5 GB per GPU: the reply and the JSON lead with the detailed yes."""
    got = ask(text)
    assert got["estimate_gb"] == 51.4 and got["method"] == "inference_int4"
    assert got["fits"] is True and got["detailed_fits"] is True
    assert got["detailed_gb"] is not None and got["detailed_gb"] <= 24
    assert got["text"].startswith("✅"), got["text"]
    # The context is ours, and the fit is tight: both said beside the verdict.
    head = got["text"].split("\n\n")[0]
    assert any(f"2{sep}048" in head for sep in (",", ".", "\u202f")), head
    assert "⚠️" in head, head


def test_the_assumed_context_and_the_room_left_are_said() -> None:
    text = ask("qwen2.5 32b q4_k_m on a 3090")["text"]
    head = text.split("\n\n")[0]
    assert "With 2,048 tokens of context (assumed: you gave none) and batch 1" in head
    assert "📏 At most about " in head and "tokens of context fit there" in head
    assert "⚠️" not in head  # the planning rule fits too: not called tight


@pytest.mark.parametrize("text", [
    "llama 3 70b q8_0 on 2x3090",
    "llama.cpp GGUF q4_k_m of llama 3 70b on a 3090 24gb, enough vram?",
    "¿cabe mixtral 8x7b q4_k_m en una 4090?",
])
def test_what_does_not_fit_by_the_detail_stays_no(text: str) -> None:
    got = ask(text)
    assert got["fits"] is False and got["detailed_fits"] is False, got["text"]
    assert got["text"].startswith("❌")
    assert "📏" not in got["text"] and "Little headroom" not in got["text"]


def test_a_stated_context_is_not_called_assumed() -> None:
    text = ask("70B Q4_K_M on 2x 3090 at 4k context")["text"]
    assert "With 4,096 tokens of context and batch 1" in text
    assert "assumed: you gave none" not in text and "📏" not in text


def test_a_follow_up_keeps_the_format() -> None:
    previous = understand("llama 3 70b q4_k_m on a 4090", CAT)
    new = follow_up(understand("and on 2x 3090?", CAT), previous)
    assert new.quant == "Q4_K_M" and new.gpu_count == 2
    reply = PIPELINE.ask("and on 2x 3090?", previous=previous)
    got = to_json(reply)
    assert got["fits"] is True and got["detailed_fits"] is True, got["text"]
