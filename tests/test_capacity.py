"""The longest context a configuration holds (a search over the detailed estimator, capped at the
model's published maximum) and the memory-bandwidth upper bound of decode speed: the engine
(rules/capacity.py), two figures checked by hand, and the questions as people write them."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from pydantic import ValidationError

from bot.pipeline import Pipeline, to_json
from bot.understand import understand
from rules.capacity import SEARCH_LIMIT, decode_upper_bound, longest_fitting
from rules.catalogue import load_catalogue
from rules.estimator import estimate_inference
from rules.model_catalogue import ModelSpec, load_models


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline(load_catalogue())


# ----------------------------------------------------------------------------- the search


@pytest.mark.parametrize(("slope", "base", "vram", "limit"), [
    (Decimal(1), Decimal(0), Decimal(10), 100),  # 10 fits, 11 does not
    (Decimal("0.5"), Decimal(3), Decimal(10), 100),  # 14
    (Decimal(1), Decimal(20), Decimal(10), 100),  # nothing fits
    (Decimal("0.001"), Decimal(0), Decimal(10), 100),  # everything up to the limit
    (Decimal(2), Decimal(1), Decimal(3), 1),  # a limit of one token
    (Decimal("0.0001"), Decimal(1), Decimal(2), SEARCH_LIMIT),
    (Decimal("0.1"), Decimal(0), Decimal(10), 100),  # the limit itself, exactly at the memory
    (Decimal(1), Decimal(0), Decimal(1), 100),  # one token and no more
    (Decimal(1), Decimal(0), Decimal(2), 3),  # a limit of three
])
def test_the_search_finds_what_a_scan_finds(
    slope: Decimal, base: Decimal, vram: Decimal, limit: int
) -> None:
    def gb(n: int) -> Decimal:
        return base + slope * n

    scan = max((n for n in range(1, min(limit, 20_000) + 1) if gb(n) <= vram), default=0)
    if limit > 20_000:
        scan = int((vram - base) / slope)
    assert longest_fitting(gb, vram, limit) == scan


@pytest.mark.parametrize("shape", ["convex", "concave", "steps", "rounded"])
@pytest.mark.parametrize("vram", [Decimal(3), Decimal("7.5"), Decimal(40), Decimal(99)])
def test_the_search_is_exact_on_curved_and_rounded_estimates(shape: str, vram: Decimal) -> None:
    """The guess from the straight line is only a start: what is found is the scan's answer
    also where the estimate bends (eager attention's n²), flattens or moves by 0.1 GB steps."""
    limit = 5000

    def gb(n: int) -> Decimal:
        x = Decimal(n)
        if shape == "convex":
            return 1 + x * x / 250_000
        if shape == "concave":
            return 1 + (x.sqrt() * 10 if n < 4000 else Decimal(633) + x / 1000)
        if shape == "steps":
            return Decimal(2 + n // 700)
        return (1 + x / 97).quantize(Decimal("0.1"))

    scan = max((n for n in range(1, limit + 1) if gb(n) <= vram), default=0)
    assert longest_fitting(gb, vram, limit) == scan


def test_a_refused_length_counts_as_no_fit() -> None:
    assert longest_fitting(lambda n: None if n > 7 else Decimal(1), Decimal(2), 64) == 7
    with pytest.raises(ValueError, match=r"^limit must be at least 1$"):
        longest_fitting(lambda n: Decimal(1), Decimal(2), 0)


@pytest.mark.parametrize(("gb", "vram", "found", "most"), [
    # A straight estimate: the first guess lands on the boundary (bisection: 22 estimates).
    (lambda n: 1 + Decimal(n) / 1000, Decimal(40), 39_000, 11),
    # The same shown to 0.1 GB, as the estimator rounds: a step or two of doubling, then halving.
    (lambda n: (16 + Decimal(n) * Decimal("0.000135168")).quantize(Decimal("0.1")),
     Decimal(24), 59_555, 14),
], ids=["straight", "rounded"])
def test_the_search_needs_few_estimates_where_the_estimate_is_straight(
    gb: Any, vram: Decimal, found: int, most: int
) -> None:
    asked: list[int] = []

    def counted(n: int) -> Decimal:
        asked.append(n)
        return Decimal(gb(n))

    assert longest_fitting(counted, vram, SEARCH_LIMIT) == found
    assert len(asked) <= most, asked


@pytest.mark.parametrize(("read", "bandwidth"), [
    (Decimal(0), Decimal(100)), (Decimal(-1), Decimal(100)), (Decimal(1), Decimal(0)),
    (Decimal(1), Decimal(-5)),
])
def test_decode_bound_needs_bytes_and_bandwidth(read: Decimal, bandwidth: Decimal) -> None:
    with pytest.raises(ValueError, match=r"^bytes read and bandwidth must be positive$"):
        decode_upper_bound(read, bandwidth)


@pytest.mark.parametrize(("read", "bandwidth", "rate"), [
    (Decimal("6.3"), Decimal(3350), Decimal(531)),  # rounded down, never up
    (Decimal("21.7"), Decimal(936), Decimal(43)),
    (Decimal(200), Decimal(900), Decimal("4.5")),  # under 10 tokens/s: to a tenth
    (Decimal(3), Decimal(30), Decimal(10)),
    (Decimal(3), Decimal("29.99"), Decimal("9.9")),  # 9.997: a tenth under 10, down
    (Decimal(2), Decimal(21), Decimal(10)),  # 10.5: the unit from 10 on, down
    (Decimal("0.5"), Decimal("1.23"), Decimal("2.4")),  # 2.46
    (Decimal("0.01"), Decimal("0.5"), Decimal(50)),  # any positive bandwidth, under 1 GB/s too
])
def test_decode_bound_is_bandwidth_over_bytes_rounded_down(
    read: Decimal, bandwidth: Decimal, rate: Decimal
) -> None:
    assert decode_upper_bound(read, bandwidth) == rate


# ----------------------------------------------------------------------------- by hand

# Llama 3.1 8B (config.json): 32 layers, hidden 4096, 8 KV heads of 128, MLP 14336, vocabulary
# 128256, untied embeddings.
_LAYERS, _HIDDEN, _KV, _HEAD, _MLP, _VOCAB = 32, 4096, 8, 128, 14336, 128256
_BLOCK = _LAYERS * (2 * _HIDDEN * _HIDDEN + 2 * _HIDDEN * _KV * _HEAD + 3 * _HIDDEN * _MLP)
_REST = 2 * _VOCAB * _HIDDEN + _LAYERS * 2 * _HIDDEN + _HIDDEN  # embeddings, head, norms
_KV_PER_TOKEN = 2 * _LAYERS * _KV * _HEAD * 2  # K and V, every layer, BF16: 131 072 bytes


def test_by_hand_longest_bf16_context_of_llama_31_8b_on_24_gb(pipeline: Pipeline) -> None:
    """BF16 serving on 24 GB: per GPU = weights 2·N + KV cache 131 072·L + one layer's cache
    copied as it grows (1/32 of it) + one 8192-token prefill chunk's working set
    (8192 × 2 B × (4·4096 + 3·14336)) + one position's logits (128 256 × 6 B) + 1.3 GB of CUDA
    context. A card sold as 24 GB reports 24564 MiB = 25.757 GB (Catalogue.generic_capacity_gb,
    as an RTX 4090); the estimate is shown to 0.1 GB (half up), so it fits while below
    25.75 GB: L < (25.75e9 − 18 334 370 560) / 135 168 = 54 862.x."""
    fixed = (2 * (_BLOCK + _REST) + 8192 * 2 * (4 * _HIDDEN + 3 * _MLP) + _VOCAB * 6
             + 1_300_000_000)
    assert fixed == 18_334_370_560
    per_token = _KV_PER_TOKEN + _KV_PER_TOKEN // _LAYERS
    by_hand = (25_750_000_000 - fixed - 1) // per_token
    assert by_hand == 54_862
    got = pipeline.ask("max ctx llama3.1 8b in bf16 on a 24gb card")
    assert got.answer.longest_lead is not None
    assert got.answer.longest_lead.tokens == by_hand
    assert got.text.startswith("📏 <b>Longest context that fits: about 54,862 tokens")
    # ...and the search is over the estimator itself: one token more does not fit.
    model = load_models().get("llama-3.1-8b")
    at = estimate_inference(model, "inference_bf16", by_hand, all_position_logits=False)
    over = estimate_inference(model, "inference_bf16", by_hand + 1, all_position_logits=False)
    assert at.per_gpu_gb <= Decimal(24564 * 2**20) / 10**9 < over.per_gpu_gb


def test_by_hand_decode_bound_of_llama_31_8b_int4_on_an_h100(pipeline: Pipeline) -> None:
    """4-bit serving reads the block weights at 4 + 0.5 bits (NF4 and one FP32 constant per
    64 weights) and the rest in BF16: 6.03 GB, shown 6.0; the KV cache at 2 048 tokens is
    131 072 × 2 048 bytes = 0.27 GB, shown 0.3. 3 350 GB/s ÷ 6.3 GB = 531.7: at most 531."""
    weights = _BLOCK * Decimal("4.5") / 8 + _REST * 2
    assert round(weights / Decimal(10**9), 1) == Decimal("6.0")
    assert round(Decimal(_KV_PER_TOKEN * 2048) / Decimal(10**9), 1) == Decimal("0.3")
    got = pipeline.ask("tok/s for llama 3.1 8b int4 on an h100")
    bound = got.answer.decode[0]
    assert (bound.weights_gb, bound.kv_gb, bound.bandwidth_gbs) == (
        Decimal("6.0"), Decimal("0.3"), Decimal(3350))
    assert bound.tokens_per_second == Decimal(531)
    assert got.text.startswith("⚡ <b>At most about 531 tokens/s")


# ----------------------------------------------------------------------------- as people write

_CONTEXT: list[tuple[str, dict[str, Any], str]] = [
    ("whats the max context i can fit for llama 3 8b on a 24gb card",
     {"vram_gb": 24, "method": "inference_bf16", "model": "llama-3-8b", "fits": True},
     "📏 <b>8,192 tokens: the whole published context of Llama 3 8B"),
    ("max seq len for qlora llama 3.1 8b on my 3090",
     {"gpu": "rtx-3090", "method": "qlora", "fits": True},
     "📏 <b>Longest context that fits: about "),
    ("longest context llama 3.1 70b int4 on 2x3090?",
     {"gpu": "rtx-3090", "gpu_count": 2, "vram_gb": 48, "method": "inference_int4"},
     "📏 <b>Longest context that fits: about 12,789 tokens"),
    # The batch stated is kept: four sequences share the memory.
    ("how many tokens of context can i get with llama 3.1 8b on a 4090, batch 4",
     {"gpu": "rtx-4090", "method": "inference_bf16"},
     "📏 <b>Longest context that fits: about 13,711 tokens"),
    ("maximum contxt for lama 3.1 8b on an A100",
     {"gpu": "a100-80gb", "model": "llama-3.1-8b"},
     "📏 <b>131,072 tokens: the whole published context of Llama 3.1 8B fits"),
    ("cuánto contexto cabe para llama 3.1 8b en una 4090",
     {"lang": "es", "gpu": "rtx-4090", "method": "inference_bf16"},
     "📏 <b>Contexto más largo que cabe: unos 54.862 tokens"),
    ("longitud máxima de secuencia para hacer lora de llama 3.1 8b en una a100",
     {"lang": "es", "gpu": "a100-80gb", "method": "lora"},
     "📏 <b>Contexto más largo que cabe: unos "),
    ("contexte maximal pour llama 3.1 8b en qlora sur ma 4090 ?",
     {"lang": "fr", "gpu": "rtx-4090", "method": "qlora"},
     "📏 <b>Contexte le plus long qui tient\u00a0: environ "),
    ("quelle longueur de contexte pour llama 3.1 70b en int4 sur 2x3090",
     {"lang": "fr", "gpu": "rtx-3090", "gpu_count": 2, "method": "inference_int4"},
     "📏 <b>Contexte le plus long qui tient"),
    ("max context llama 3.1 70b lora on a 4090",
     {"gpu": "rtx-4090", "gpu_count": 1, "method": "lora", "fits": False},
     "📏 <b>Not even a short context fits: Llama 3.1 70B (LoRA)"),
    # Serving with no precision and none fits: the least demanding one leads, as for a fit.
    ("max context llama 3.1 405b on a 4090",
     {"gpu": "rtx-4090", "method": "inference_int4", "fits": False},
     "📏 <b>Not even a short context fits: Llama 3.1 405B (4-bit inference)"),
    ("max context for llama 3.1 8b",
     {"model": "llama-3.1-8b", "gpu": None},
     "📏 <b>Tell me the GPU (or its memory)"),
]


@pytest.mark.parametrize(("text", "facts", "starts"), _CONTEXT, ids=[f"context{i:02d}" for i in range(len(_CONTEXT))])
def test_longest_context_questions(
    pipeline: Pipeline, text: str, facts: dict[str, Any], starts: str
) -> None:
    got = to_json(pipeline.ask(text))
    assert got["intent"] == "fit"
    wrong = {k: (v, got[k]) for k, v in facts.items() if got[k] != v}
    assert not wrong, got["text"]
    assert got["text"].startswith(starts), got["text"]


def test_the_longest_context_is_the_fit_at_that_length(pipeline: Pipeline) -> None:
    """The JSON and the breakdown describe the configuration at the length found."""
    reply = pipeline.ask("max seq len for qlora llama 3.1 8b on my 3090")
    got = to_json(reply)
    lead = reply.answer.longest_lead
    assert lead is not None and 4096 < lead.tokens < 8192
    assert reply.answer.detailed is not None and reply.answer.detailed.seq_len == lead.tokens
    assert got["fits"] is True and got["detailed_fits"] is True
    # Within the 24564 MiB (25.76 GB) CUDA reports for a "24 GB" RTX 3090... 24576 MiB.
    assert got["detailed_gb"] <= 24576 * 2**20 / 1e9
    assert f"about {lead.tokens:,} tokens for Llama 3.1 8B on 1× RTX 3090 (QLoRA)" in got["text"]
    assert "In the usual sizes: 4k fits, 8k does not." in got["text"]
    # The search's answer is the estimator's own boundary: one token more does not fit.
    longer = pipeline.ask(f"qlora llama 3.1 8b on my 3090, seq len {lead.tokens + 1}")
    assert to_json(longer)["detailed_fits"] is False
    assert "Llama 3.1 8B is published for up to 131,072 tokens." in got["text"]


@pytest.mark.parametrize(("text", "seq"), [
    ("can I do 32k context with qlora llama 3.1 8b on my 3090", 32768),
    ("will 128k context fit for llama 3.1 8b on a 4090", 131072),
    ("32k ctx llama 3.1 8b on 24gb, will it fit", 32768),
])
def test_a_length_said_is_a_fit_at_that_length(pipeline: Pipeline, text: str, seq: int) -> None:
    reply = pipeline.ask(text)
    assert reply.answer.query.seq_len == seq
    assert not reply.answer.query.context_asked and reply.answer.longest == ()
    assert to_json(reply)["intent"] == "fit"


_SPEED: list[tuple[str, dict[str, Any], str]] = [
    ("tok/s for llama 3.1 8b int4 on an h100",
     {"gpu": "h100", "method": "inference_int4", "fits": True},
     "⚡ <b>At most about 531 tokens/s: Llama 3.1 8B (4-bit inference) on 1× H100, one sequence"
     " with 2,048 tokens of context.</b>"),
    # The context stated is read from the KV cache: 4.3 GB at 32k, 3350 / 10.3.
    ("llama 3.1 8b int4 h100 how many t/s at 32k ctx",
     {"gpu": "h100", "method": "inference_int4"},
     "⚡ <b>At most about 325 tokens/s"),
    ("how fast does llama 3.1 70b run on 2x 3090",
     {"gpu": "rtx-3090", "gpu_count": 2, "method": "inference_int4"},
     "⚡ <b>At most about 43 tokens/s: Llama 3.1 70B (4-bit inference) on 2× RTX 3090"),
    ("how many tokens/s will llama 3.1 70b int4 do on a 4090",
     {"gpu": "rtx-4090", "gpu_count": 1, "method": "inference_int4", "fits": False},
     "⚡ <b>Llama 3.1 70B (4-bit inference) does not fit on 1× RTX 4090"),
    ("cuántos tokens por segundo saca llama 3.1 8b en mi 3090",
     {"lang": "es", "gpu": "rtx-3090", "method": "inference_bf16"},
     "⚡ <b>Como mucho unos 57 tokens/s"),
    ("qué tan rápido corre mixtral 8x7b en 4 bits en una h100",
     {"lang": "es", "gpu": "h100", "method": "inference_int4", "model": "mixtral-8x7b"},
     "⚡ <b>Como mucho unos 440 tokens/s"),
    ("vitesse de génération de llama 3.1 8b en 4 bits sur une h100",
     {"lang": "fr", "gpu": "h100", "method": "inference_int4"},
     "⚡ <b>Au plus environ 531 tokens/s\u00a0:"),
    # No bandwidth on file for the H20 (the B300's, NVIDIA's 7.7 TB/s, cited since cards46).
    ("combien de tokens par seconde pour llama 3.1 8b sur une h20",
     {"lang": "fr", "gpu": "h20"},
     "⚡ <b>Nous n'avons pas de bande passante mémoire citée pour la H20"),
    ("combien de tokens par seconde pour llama 3.1 8b sur une b300",
     {"lang": "fr", "gpu": "b300"},
     "⚡ <b>Au plus environ 469 tokens/s\u00a0: Llama 3.1 8B (inférence en BF16) sur 1× B300"),
    # The B200 at the DGX B200's 8 TB/s a GPU (cards5): 16.4 GB a token, 487 tokens/s.
    ("combien de tokens par seconde pour llama 3.1 8b sur une b200",
     {"lang": "fr", "gpu": "b200"},
     "⚡ <b>Au plus environ 487 tokens/s\u00a0: Llama 3.1 8B (inférence en BF16) sur 1× B200"),
    ("inference speed llama 3.1 8b on a 48gb gpu",
     {"vram_gb": 48, "gpu": None},
     "⚡ <b>Tell me which card"),
]


@pytest.mark.parametrize(("text", "facts", "starts"), _SPEED, ids=[f"speed{i:02d}" for i in range(len(_SPEED))])
def test_decode_speed_questions(
    pipeline: Pipeline, text: str, facts: dict[str, Any], starts: str
) -> None:
    got = to_json(pipeline.ask(text))
    assert got["intent"] == "time"
    wrong = {k: (v, got[k]) for k, v in facts.items() if got[k] != v}
    assert not wrong, got["text"]
    assert got["text"].startswith(starts), got["text"]


def test_a_speed_says_it_is_a_bound_and_what_it_assumed(pipeline: Pipeline) -> None:
    text = pipeline.ask("how many tokens/s will llama 3.1 70b int4 do on a 4090").text
    # Not on one card: on the least count of that card that holds it, in tensor parallel.
    assert "On 2× RTX 4090 it fits; one sequence there would generate at most about 46 tokens/s" \
        in text
    assert "1,008 GB/s" in text
    assert "Assumed: tensor parallel over 2 GPUs" in text
    assert "not a measurement: real engines reach a fraction of it" in text
    assert "Context not given: 2,048 tokens assumed" in text
    moe = pipeline.ask("tokens per second mixtral 8x7b 4bit on an h100").text
    assert "Mixture of experts: only the active parameters' weights (28% of them)" in moe


@pytest.mark.parametrize("text", [
    "how fast can i fine-tune llama 3 8b on an h100",
    "at 3000 tokens/s per gpu how long to qlora 8b on 200M tokens",
])
def test_a_training_speed_is_not_a_decode_question(pipeline: Pipeline, text: str) -> None:
    reply = pipeline.ask(text)
    assert not reply.answer.query.speed_asked and reply.answer.decode == ()
    assert reply.text.startswith("⏱")


@pytest.mark.parametrize(("first", "then", "starts"), [
    # The longest context is asked again on the new card.
    ("max context for llama 3.1 8b on a 4090", "and on an h100?",
     "📏 <b>131,072 tokens: the whole published context of Llama 3.1 8B fits on 1× H100"),
    ("max context for llama 3.1 8b", "on a 3090",
     "📏 <b>Longest context that fits: about 54,862 tokens for Llama 3.1 8B on 1× RTX 3090"),
    # The speed too, and a context said after it keeps the precision asked.
    ("how many tok/s llama 3.1 8b int4 on a 4090", "and on an h100?",
     "⚡ <b>At most about 531 tokens/s: Llama 3.1 8B (4-bit inference) on 1× H100"),
    ("how many tok/s llama 3.1 8b int4 on a 4090", "and at 32k context?",
     "⚡ <b>At most about 97 tokens/s: Llama 3.1 8B (4-bit inference) on 1× RTX 4090, one"
     " sequence with 32,768 tokens of context."),
], ids=["context-h100", "context-3090", "speed-h100", "speed-32k"])
def test_a_follow_up_keeps_asking_the_same_thing(
    pipeline: Pipeline, first: str, then: str, starts: str
) -> None:
    previous = pipeline.ask(first).query
    reply = pipeline.ask(then, previous=previous)
    assert reply.text.split("\n", 1)[1].startswith(starts), reply.text


@pytest.mark.parametrize(("text", "note"), [
    ("will 128k context fit for llama 3 8b on a 4090",
     "Llama 3 8B is published for up to 8,192 tokens of context: 131,072 is beyond it"),
    ("can i qlora llama 2 7b with seq 8192 on a 3090",
     "Llama 2 7B is published for up to 4,096 tokens of context: 8,192 is beyond it"),
])
def test_a_length_beyond_the_published_context_is_said_to_be(
    pipeline: Pipeline, text: str, note: str
) -> None:
    assert note in pipeline.ask(text).text
    within = pipeline.ask("will 8k context fit for llama 3 8b on a 4090").text
    assert "is published for up to" not in within


def test_a_batch_stated_bounds_the_total_too(pipeline: Pipeline) -> None:
    """16 sequences at 2 048 tokens: a step reads 6.0 GB of weights and 16 × 0.27 = 4.3 GB of
    caches; 16 × 3 350 / 10.3 = 5 203.8 tokens/s in all, 3 350 / 10.3 = 325.2 each."""
    reply = pipeline.ask("tok/s llama 3.1 8b int4 on an h100 with batch 16")
    bound = reply.answer.decode[0]
    assert (bound.tokens_per_second, bound.batch, bound.batch_kv_gb) == (
        Decimal(531), 16, Decimal("4.3"))
    assert (bound.batch_tokens_per_second, bound.batch_each_tokens_per_second) == (
        Decimal(5203), Decimal(325))
    assert "With 16 sequences decoded together, a step reads the weights once and the 16" \
        " caches (4.3 GB): at most about 5,203 tokens/s in all, 325 each." in reply.text


@pytest.mark.parametrize(("text", "starts"), [
    # A model so small that it reads under 0.1 GB a token: no bound, and no failure.
    ("tok/s for a 0.001b model on a 4090", "⚡ <b>A 1M model (BF16 inference) reads under 0.1 GB"),
    # Apple's published unified-memory bandwidth (800 GB/s): 43.4 GB a token.
    ("tok/s llama 3.1 70b q4 on m2 ultra 192gb",
     "⚡ <b>At most about 18 tokens/s: Llama 3.1 70B (GGUF Q4_K_M inference) on 1× Apple M2 Ultra"),
    # Tensor parallelism goes by 2, 4 or 8 cards: 3 would not split the heads.
    ("tok/s llama 3.1 70b int4 on 2x 4090, 16k context",
     "⚡ <b>Llama 3.1 70B (4-bit inference) does not fit on 2× RTX 4090 at 16,384 tokens"),
], ids=["tiny", "apple", "tensor-parallel"])
def test_decode_edges(pipeline: Pipeline, text: str, starts: str) -> None:
    reply = pipeline.ask(text)
    assert reply.text.startswith(starts), reply.text
    more = reply.answer.decode_more
    assert more is None or more.gpus in (2, 4, 8)


_READ: list[tuple[str, str, str, str | None]] = [
    # (text, "context" / "speed" / "", intent, method)
    ("max_model_len for vllm llama 3.1 8b on a 4090", "context", "fit", "inference_bf16"),
    ("what n_ctx can i set for llama 3.1 8b q4 on a 3060 12gb", "context", "fit", "gguf_q4_k_m"),
    # Ollama serves GGUF files: its library's default type (b4264f1), not BF16.
    ("what num_ctx should i use for llama3.1:8b in ollama on a 3090", "context", "fit",
     "gguf_q4_k_m"),
    ("how long a context can i use with mistral 7b on 16gb", "context", "fit", "inference_bf16"),
    ("max tokens of context llama 3.1 8b on a 4090", "context", "fit", "inference_bf16"),
    ("biggest context window for llama 3.1 70b on 2x a6000", "context", "fit", "inference_bf16"),
    ("longest sequence i can fine tune llama 3.1 8b with lora on an a100 40gb", "context", "fit",
     "lora"),
    ("¿qué longitud de contexto aguanta llama 3.1 8b en 24gb?", "context", "fit", "inference_bf16"),
    ("¿hasta cuántos tokens de contexto puedo usar con llama 3.1 8b en mi 4090?", "context", "fit",
     "inference_bf16"),
    ("taille de contexte max pour llama 3.1 8b sur 24 go", "context", "fit", "inference_bf16"),
    ("longueur de séquence max pour un qlora de llama 3.1 8b sur une 3090", "context", "fit",
     "qlora"),
    ("how many tokens per sec llama 3.1 8b on a 4090", "speed", "time", "inference_bf16"),
    ("llama 3.1 8b tokens a second on a 3090", "speed", "time", "inference_bf16"),
    ("tokens/sec for llama 3.1 70b awq on 2x4090", "speed", "time", "awq_int4"),
    ("expected tps for qwen2.5 7b on a 4090", "speed", "time", "inference_bf16"),
    ("how fast will llama 3.1 8b generate on an h100", "speed", "time", "inference_bf16"),
    ("¿a qué velocidad genera llama 3.1 8b en una 4090?", "speed", "time", "inference_bf16"),
    ("¿cuántos tokens/seg da llama 3.1 8b en una 3090?", "speed", "time", "inference_bf16"),
    ("à quelle vitesse tourne llama 3.1 8b sur une 4090 ?", "speed", "time", "inference_bf16"),
    ("combien de tokens/s pour mistral 7b en q4 sur une 3060 ?", "speed", "time",
     "gguf_q4_k_m"),
    # Not these questions: a length stated, a training run's speed, two cards compared, no model.
    ("max_model_len 8192 llama 3.1 8b on a 4090", "", "fit", "inference_bf16"),
    ("how fast can I train llama 3 8b with lora on an a100", "", "time", "lora"),
    ("what's the speed difference between h100 and a100 for llama 8b", "", "compare", None),
    ("how fast is an h100", "", "prices", None),
]


@pytest.mark.parametrize(("text", "asked", "intent", "method"), _READ,
                         ids=[f"read{i:02d}" for i in range(len(_READ))])
def test_what_is_asked_is_read(
    pipeline: Pipeline, text: str, asked: str, intent: str, method: str | None
) -> None:
    query = understand(text, pipeline.catalogue)
    assert (query.context_asked, query.speed_asked) == (asked == "context", asked == "speed")
    assert (query.intent, query.method) == (intent, method)


def test_both_in_one_message_the_speed_is_at_the_longest_context(pipeline: Pipeline) -> None:
    reply = pipeline.ask("i have 2x3090, whats the max ctx for llama 3.1 70b awq and how many tok/s")
    got, answer = to_json(reply), reply.answer
    assert (got["intent"], got["gpu"], got["gpu_count"], got["method"]) == (
        "fit", "rtx-3090", 2, "inference_int4")
    assert answer.longest_lead is not None and answer.decode
    assert answer.decode[0].context == answer.longest_lead.tokens
    lead, speed = reply.text.index("📏 <b>Longest context"), reply.text.index("⚡ <b>At most")
    assert lead == 0 < speed < reply.text.index("✅ <b>Yes")


def test_the_published_maximum_needs_no_search_caveat(pipeline: Pipeline) -> None:
    """Capped at the model's maximum: no "within a few hundred tokens"; the other precisions
    are listed by their names, as the fit's list names them."""
    text = pipeline.ask("whats the max context i can fit for llama 3 8b on a 24gb card").text
    assert "Found by searching" not in text
    assert "• Inference in 8-bit: 8,192 tokens, the published maximum" in text
    searched = pipeline.ask("max ctx llama3.1 8b 24gb").text
    assert "Found by searching the detailed estimate" in searched
    assert "• Inference in 4-bit: about 129,086 tokens" in searched


def test_every_published_context_on_file_has_its_source() -> None:
    on_file = [m for m in load_models() if m.max_context is not None]
    assert len(on_file) >= 30
    for model in on_file:
        # GPT-2's learned positions stop at 1,024 (fit21): the shortest context on file
        assert model.max_context is not None and model.max_context >= 1024
        assert model.max_context_source and "http" in model.max_context_source
    entry = load_models().get("llama-3-8b").model_dump()
    entry["max_context_source"] = None
    with pytest.raises(ValidationError, match="go together"):
        ModelSpec.model_validate(entry)
